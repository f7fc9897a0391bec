//! `sandtable serve`: the app's commands over HTTP, so the UI runs in a plain browser against the real
//! engine (browser tests, tablets joining over the LAN). Loopback only unless the LAN is asked for; then
//! every other device needs the table's join code (`guard`).

mod access;
pub mod club;
mod cutoff;
mod dispatch;
mod door_page;
mod guard;
mod host;
mod join;
mod lan;
mod live;
pub(crate) mod public_name;
mod seat;
mod table;
mod tls;
mod ui;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use tower_http::compression::CompressionLayer;

pub use access::{Admission, TableAccess, new_code};
pub use club::Club;
pub use guard::CODE_COOKIE;
pub use join::{JoinDesk, JoinInfo, SeatJoin};
pub use table::{OpenTable, open};
pub use tls::{Tls, TlsFileError};
pub use ui::{UiFile, UiLookup, UiSource};

use crate::api::Api;

/// The largest request body: a scenario's text sent to start a game is the biggest a player sends, and
/// the shipped ones are under 40 KiB.
pub const MOST_BODY_BYTES: usize = 512 * 1024;

/// A photo of the table comes as base64 (four bytes for every three) inside its request.
pub const PHOTO_BODY_BYTES: usize = crate::api::MOST_PHOTO_BYTES / 3 * 4 + 64 * 1024;

/// Where to listen, and whether other devices may join.
pub struct Listen {
    pub addr: SocketAddr,
    /// Open to the room's network: listen on every interface, and show the join link and code.
    pub lan: bool,
    /// Issue a new join code, dropping every device that joined with the old one.
    pub new_code: bool,
    /// A club's server: members sign in, and each is seated by the administrator (`club`), instead of
    /// devices joining with the table's code.
    pub club: bool,
    /// Serve HTTPS with this certificate (a club's server); the desktop app never does.
    pub tls: Option<Tls>,
    /// Names this server is also reached by (`public_name::parse`d): a reverse proxy's, or DNS's.
    pub public_names: Vec<String>,
}

/// The commands and the UI behind the door (`guard`).
pub fn router(api: Arc<Api>, access: Arc<TableAccess>, ui: Option<UiSource>) -> Router {
    behind_the_door(commands(api, ui), access)
}

/// `router`, and the host's own route to replace the join code, and live streams that end when it does.
pub fn host_router(desk: Arc<JoinDesk>, ui: Option<UiSource>) -> Router {
    let host = Router::new()
        .route("/host/join", post(host::join))
        .route("/host/new-code", post(host::new_code))
        .route("/host/seat-code", post(host::seat_code))
        .with_state(desk.clone());
    let app = commands(desk.api().clone(), ui)
        .merge(host)
        .layer(axum::middleware::map_response_with_state(desk.clone(), cutoff::end_streams_on_cutoff));
    behind_the_door(app, desk.access().clone())
}

/// A club's server: the commands and the UI behind the club's door (`club::door`), and its own routes;
/// live streams end when the table closes, as a host's do.
pub fn club_router(club: Arc<club::Club>, desk: Arc<JoinDesk>, ui: Option<UiSource>) -> Router {
    commands(club.api().clone(), ui)
        .merge(club::routes(club.clone()))
        .layer(axum::middleware::map_response_with_state(desk, cutoff::end_streams_on_cutoff))
        .layer(CompressionLayer::new())
        .layer(DefaultBodyLimit::max(MOST_BODY_BYTES))
        .layer(axum::middleware::from_fn_with_state(club, club::door))
}

fn commands(api: Arc<Api>, ui: Option<UiSource>) -> Router {
    let app = Router::new()
        .route("/api/{command}", post(dispatch::command))
        .route("/api/open_photo", post(dispatch::open_photo).layer(DefaultBodyLimit::max(PHOTO_BODY_BYTES)))
        .route("/api/live/{game}", get(live::live))
        .with_state(api);
    ui::serve_ui(app, ui)
}

fn behind_the_door(app: Router, access: Arc<TableAccess>) -> Router {
    // Game views are JSON that packs tight: a tablet on a busy Wi-Fi gets a few KiB, not a dozen.
    app.layer(CompressionLayer::new())
        .layer(DefaultBodyLimit::max(MOST_BODY_BYTES))
        .layer(axum::middleware::from_fn_with_state(access, guard::guard))
}

/// Serves until the process is stopped. Prints the address it listens on (the real port when 0 was
/// asked for) as its first line, for scripts and tests that start it; on the LAN, the join link, its
/// code and its QR code after it.
pub async fn run(api: Arc<Api>, listen: Listen, ui_dir: Option<PathBuf>) -> std::io::Result<()> {
    let has_ui = ui_dir.is_some();
    let club = listen.club;
    let table = open(api, listen, ui_dir.map(UiSource::Folder)).await?;
    let scheme = if table.tls() { "https" } else { "http" };
    println!("Sandtable serving on {scheme}://127.0.0.1:{}", table.port());
    let info = table.join_info();
    if club {
        println!("A club's server: members sign in at this address (or the room's: {:?})", table.room());
    } else if info.lan {
        print!("{}", join_text(&info));
    }
    if !has_ui {
        println!("(no UI folder: only /api/<command> is served; build the UI with `npm run build` in ui/)");
    }
    let _ = tokio::signal::ctrl_c().await;
    table.close().await;
    Ok(())
}

fn join_text(info: &JoinInfo) -> String {
    let code = &info.code;
    let Some((link, others)) = info.links.split_first() else {
        return format!(
            "No network to the room was found (only loopback, containers or VPNs): tablets cannot join.\n\
             Join code: {code}\n"
        );
    };
    let mut text = format!(
        "Tablets and phones join at {link}\nJoin code: {code}  (`sandtable serve --lan --new-code` replaces it)\n"
    );
    if !others.is_empty() {
        let others: Vec<&str> = others.iter().filter_map(|l| l.split_once("/?")).map(|(base, _)| base).collect();
        text += &format!("Also reachable at {}\n", others.join(", "));
    }
    if let Some(qr) = &info.qr_text {
        text += qr;
        text.push('\n');
    }
    text
}
