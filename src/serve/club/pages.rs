//! The club's sign-in page: a page of its own, served before the app (whose scripts and data are the
//! members'), in the app's dark colours and with touch-sized fields.

use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Response};

pub(super) fn sign_in_page(status: StatusCode) -> Response {
    (status, Html(SIGN_IN)).into_response()
}

const SIGN_IN: &str = r#"<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="dark"><title>Sandtable: sign in to the club</title>
<style>
body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #121418; color: #e8e6e1;
  font: 18px/1.5 system-ui, sans-serif; }
main { width: min(26em, 100% - 32px); padding: 24px 16px; }
h1 { font-size: 1.4em; margin: 0 0 4px; }
p { margin: 0 0 16px; color: #b9b6ae; }
label { display: block; margin: 14px 0 4px; font-weight: 600; }
input { box-sizing: border-box; width: 100%; font: inherit; padding: 10px 12px; min-height: 48px;
  background: #1d2027; color: inherit; border: 1px solid #5a5f6a; border-radius: 8px; }
button { margin-top: 20px; width: 100%; font: inherit; font-weight: 650; min-height: 48px; border: 0;
  border-radius: 8px; background: #e8a33d; color: #121418; }
button:disabled { opacity: 0.6; }
[role=alert] { margin-top: 16px; color: #ff9c8a; min-height: 1.5em; }
</style></head>
<body><main>
<h1>Sandtable</h1>
<p>This is a club's server: sign in with the name and password the club's administrator gave you.</p>
<form id="sign-in" data-testid="club-sign-in">
  <label for="name">Name</label>
  <input id="name" name="name" autocomplete="username" autocapitalize="words" required maxlength="60" autofocus>
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required maxlength="200">
  <button type="submit" data-testid="club-sign-in-submit">Sign in</button>
  <div role="alert" data-testid="club-sign-in-message"></div>
</form>
</main>
<script>
const form = document.getElementById('sign-in');
const message = form.querySelector('[role=alert]');
form.addEventListener('submit', async (event) => {
  event.preventDefault();
  const button = form.querySelector('button');
  button.disabled = true;
  message.textContent = '';
  try {
    const answer = await fetch('/club/sign-in', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: form.name.value, password: form.password.value }),
    });
    if (answer.ok) {
      // The club's page is a member's home; a page asked for by its address is opened as asked.
      location.replace(['/', '/club/sign-in'].includes(location.pathname) && !location.hash ? '/club' : location.href);
      return;
    }
    const why = await answer.json().catch(() => null);
    message.textContent = why && why.message ? why.message[0].toUpperCase() + why.message.slice(1) : 'The server could not sign you in (' + answer.status + ').';
    form.password.value = '';
    form.password.focus();
  } catch {
    message.textContent = 'The server cannot be reached: check the Wi-Fi, then try again.';
  } finally {
    button.disabled = false;
  }
});
</script>
</body></html>
"#;
