//! `sandtable serve`: the app's commands over HTTP, so the UI runs in a plain browser against the real
//! engine (browser tests, tablets joining over the LAN). Loopback only unless the LAN is asked for; then
//! every other device needs the table's join code (`guard`).

mod access;
mod dispatch;
mod guard;
mod lan;
mod live;
mod seat;

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use tower_http::compression::CompressionLayer;
use tower_http::services::{ServeDir, ServeFile};

pub use access::{Admission, TableAccess, new_code};
pub use guard::CODE_COOKIE;

use crate::api::Api;

/// The largest request body: a scenario's text sent to start a game is the biggest a player sends, and
/// the shipped ones are under 40 KiB.
pub const MOST_BODY_BYTES: usize = 512 * 1024;

/// Where to listen, and whether other devices may join.
pub struct Listen {
    pub addr: SocketAddr,
    /// Open to the room's network: listen on every interface, and show the join link and code.
    pub lan: bool,
    /// Issue a new join code, dropping every device that joined with the old one.
    pub new_code: bool,
}

pub fn router(api: Arc<Api>, access: Arc<TableAccess>, ui_dir: Option<PathBuf>) -> Router {
    let app = Router::new()
        .route("/api/{command}", post(dispatch::command))
        .route("/api/live/{game}", get(live::live))
        .with_state(api);
    let app = match ui_dir {
        // Unknown paths fall back to index.html so a reload on any screen still opens the app.
        Some(dir) => app.fallback_service(ServeDir::new(&dir).fallback(ServeFile::new(dir.join("index.html")))),
        None => app,
    };
    // Game views are JSON that packs tight: a tablet on a busy Wi-Fi gets a few KiB, not a dozen.
    app.layer(CompressionLayer::new())
        .layer(DefaultBodyLimit::max(MOST_BODY_BYTES))
        .layer(axum::middleware::from_fn_with_state(access, guard::guard))
}

/// Serves until the process is stopped. Prints the address it listens on (the real port when 0 was
/// asked for) as its first line, for scripts and tests that start it; on the LAN, the join link, its
/// code and its QR code after it.
pub async fn run(api: Arc<Api>, listen: Listen, ui_dir: Option<PathBuf>) -> std::io::Result<()> {
    let addr = if listen.lan && listen.addr.ip().is_loopback() {
        SocketAddr::new(IpAddr::from([0, 0, 0, 0]), listen.addr.port())
    } else {
        listen.addr
    };
    let listener = tokio::net::TcpListener::bind(addr).await?;
    let local = listener.local_addr()?;
    let open_to_room = !local.ip().is_loopback();
    let room = if open_to_room { lan::room_addresses() } else { Vec::new() };
    let code = join_code(&api, listen.new_code).await?;
    let access = Arc::new(TableAccess::new(local, &room, code.clone()));
    println!("Sandtable serving on http://127.0.0.1:{}", local.port());
    if open_to_room {
        print!("{}", join_text(&room, local.port(), &code));
    }
    if ui_dir.is_none() {
        println!("(no UI folder: only /api/<command> is served; build the UI with `npm run build` in ui/)");
    }
    let app = router(api, access, ui_dir).into_make_service_with_connect_info::<SocketAddr>();
    axum::serve(listener, app).with_graceful_shutdown(shutdown_signal()).await
}

/// The table's join code, kept in the database so a restarted server takes its tablets back.
async fn join_code(api: &Api, fresh: bool) -> std::io::Result<String> {
    let store = api.store();
    let kept = store.join_code().await.map_err(std::io::Error::other)?;
    match kept {
        Some(code) if !fresh => Ok(code),
        _ => {
            let code = new_code();
            store.set_join_code(&code).await.map_err(std::io::Error::other)?;
            Ok(code)
        }
    }
}

fn join_text(room: &[IpAddr], port: u16, code: &str) -> String {
    let Some(first) = room.first() else {
        return format!(
            "No network to the room was found (only loopback, containers or VPNs): tablets cannot join.\n\
             Join code: {code}\n"
        );
    };
    let link = format!("http://{first}:{port}/?join={code}");
    let mut text = format!(
        "Tablets and phones join at {link}\nJoin code: {code}  (`sandtable serve --lan --new-code` replaces it)\n"
    );
    if room.len() > 1 {
        let others: Vec<String> = room[1..].iter().map(|ip| format!("http://{ip}:{port}")).collect();
        text += &format!("Also reachable at {}\n", others.join(", "));
    }
    if let Some(qr) = lan::qr_text(&link) {
        text += &qr;
        text.push('\n');
    }
    text
}

async fn shutdown_signal() {
    let _ = tokio::signal::ctrl_c().await;
}
