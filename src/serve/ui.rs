//! The app's pages: from a folder on disk (`sandtable serve`, the built `ui/dist`), or from files the caller
//! looks up itself (the desktop app's own embedded copy), so this crate never needs to know about Tauri.

use std::path::PathBuf;
use std::sync::Arc;

use axum::Router;
use axum::http::{Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use tower_http::services::{ServeDir, ServeFile};

/// One file of the built UI.
pub struct UiFile {
    pub bytes: Vec<u8>,
    pub mime: String,
}

/// Finds a file of the built UI by its path inside it (`index.html`, `assets/app.js`).
pub type UiLookup = Arc<dyn Fn(&str) -> Option<UiFile> + Send + Sync>;

/// Where the pages come from.
#[derive(Clone)]
pub enum UiSource {
    Folder(PathBuf),
    Lookup(UiLookup),
}

/// Unknown paths answer index.html, so a reload on any screen still opens the app.
pub(super) fn serve_ui<S: Clone + Send + Sync + 'static>(app: Router<S>, ui: Option<UiSource>) -> Router<S> {
    match ui {
        Some(UiSource::Folder(dir)) => {
            app.fallback_service(ServeDir::new(&dir).fallback(ServeFile::new(dir.join("index.html"))))
        }
        Some(UiSource::Lookup(lookup)) => {
            app.fallback(move |method: Method, uri: Uri| std::future::ready(answer(&lookup, &method, uri.path())))
        }
        None => app,
    }
}

fn answer(lookup: &UiLookup, method: &Method, path: &str) -> Response {
    if method != Method::GET && method != Method::HEAD {
        return StatusCode::METHOD_NOT_ALLOWED.into_response();
    }
    let file = inside_the_ui(path).and_then(|p| lookup(p)).or_else(|| lookup("index.html"));
    match file {
        Some(file) => ([(header::CONTENT_TYPE, file.mime)], file.bytes).into_response(),
        None => StatusCode::NOT_FOUND.into_response(),
    }
}

/// The path inside the UI a request names. The lookup may read a folder (Tauri does in its dev builds), so
/// a path that could climb out of it, or that only an encoding could make climb, names nothing: the built
/// UI's own file names never hold `..`, a backslash or a `%`.
fn inside_the_ui(path: &str) -> Option<&str> {
    let path = path.trim_start_matches('/');
    if path.is_empty() {
        return Some("index.html");
    }
    let climbs = path.split('/').any(|segment| segment == "..") || path.contains(['\\', '%']);
    (!climbs).then_some(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_that_climbs_out_names_nothing() {
        assert_eq!(inside_the_ui("/"), Some("index.html"));
        assert_eq!(inside_the_ui("/assets/app.js"), Some("assets/app.js"));
        assert_eq!(inside_the_ui("/../secret"), None);
        assert_eq!(inside_the_ui("/assets/%2e%2e/secret"), None);
        assert_eq!(inside_the_ui("/assets\\..\\secret"), None);
    }
}
