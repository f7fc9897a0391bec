//! What a browser opening a page is shown when the door refuses it: the reason in words, and for a device
//! that has not joined, a box to type the table's code in, instead of the JSON a command is answered with.

use axum::http::{HeaderMap, Method, StatusCode, header};
use axum::response::{Html, IntoResponse, Response};

/// Whether the request is a browser opening a page (not a command, a stream or a script's fetch).
pub fn is_page(method: &Method, path: &str, headers: &HeaderMap) -> bool {
    method == Method::GET
        && !path.starts_with("/api/")
        && headers.get(header::ACCEPT).and_then(|v| v.to_str().ok()).is_some_and(|a| a.contains("text/html"))
}

pub fn refusal(status: StatusCode, message: &str, ask_for_code: bool) -> Response {
    let form = if ask_for_code {
        r#"<form method="get" action="/">
  <label for="join">Join code</label>
  <input id="join" name="join" autocomplete="off" autocapitalize="characters" spellcheck="false" maxlength="12" required autofocus>
  <button type="submit">Join</button>
</form>"#
    } else {
        ""
    };
    let page = format!(
        r#"<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="dark"><title>Sandtable: join this table</title>
<style>
body {{ margin: 0; min-height: 100vh; display: grid; place-items: center; background: #121418; color: #e8e6e1;
  font: 18px/1.5 system-ui, sans-serif; }}
main {{ max-width: 28em; padding: 24px; }}
h1 {{ font-size: 1.4em; margin: 0 0 12px; }}
form {{ display: flex; flex-wrap: wrap; gap: 10px; align-items: center; margin-top: 20px; }}
input {{ font: 700 1.4em ui-monospace, monospace; letter-spacing: 0.15em; width: 8em; padding: 8px 10px;
  text-transform: uppercase; background: #1d2027; color: inherit; border: 1px solid #5a5f6a; border-radius: 8px; }}
button {{ font: inherit; font-weight: 650; min-height: 48px; padding: 0 22px; border: 0; border-radius: 8px;
  background: #e8a33d; color: #121418; }}
</style></head>
<body><main><h1>Sandtable</h1><p data-testid="door-message">{}</p>{form}</main></body></html>"#,
        crate::api::reports::markup::esc(&sentence(message))
    );
    (status, Html(page)).into_response()
}

/// The door's reasons are written to follow a status ("401: join this table first"); alone on a page they
/// begin a sentence.
fn sentence(message: &str) -> String {
    let mut chars = message.chars();
    chars.next().map(|first| first.to_uppercase().chain(chars).collect()).unwrap_or_default()
}
