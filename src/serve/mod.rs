//! `sandtable serve`: the app's commands over HTTP, so the UI runs in a plain browser against the real
//! engine (browser tests, tablets joining over the LAN). Loopback only unless the host is given.

mod dispatch;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use axum::Router;
use axum::routing::post;
use tower_http::services::{ServeDir, ServeFile};

use crate::api::Api;

pub fn router(api: Arc<Api>, ui_dir: Option<PathBuf>) -> Router {
    let app = Router::new().route("/api/{command}", post(dispatch::command)).with_state(api);
    match ui_dir {
        // Unknown paths fall back to index.html so a reload on any screen still opens the app.
        Some(dir) => app.fallback_service(ServeDir::new(&dir).fallback(ServeFile::new(dir.join("index.html")))),
        None => app,
    }
}

/// Serves until the process is stopped. Prints the address it listens on (the real port when 0 was
/// asked for) as its first line, for scripts and tests that start it.
pub async fn run(api: Arc<Api>, addr: SocketAddr, ui_dir: Option<PathBuf>) -> std::io::Result<()> {
    let listener = tokio::net::TcpListener::bind(addr).await?;
    let local = listener.local_addr()?;
    println!("Sandtable serving on http://{local}");
    if ui_dir.is_none() {
        println!("(no UI folder: only /api/<command> is served; build the UI with `npm run build` in ui/)");
    }
    axum::serve(listener, router(api, ui_dir)).with_graceful_shutdown(shutdown_signal()).await
}

async fn shutdown_signal() {
    let _ = tokio::signal::ctrl_c().await;
}
