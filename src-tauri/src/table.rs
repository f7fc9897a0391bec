//! The host's switch: opens this table to the room's devices by starting, inside the app, the same server
//! `sandtable serve --lan` runs, on the same engine as the window, with the app's own pages. Only the
//! window has these commands; a device that joined cannot open, close or re-key the host's table.

use std::net::SocketAddr;
use std::sync::Arc;

use sandtable::api::{Api, ApiError, ErrorKind};
use sandtable::rules::Seat;
use sandtable::serve::{JoinInfo, Listen, OpenTable, SeatJoin, UiFile, UiSource};
use tauri::{AppHandle, State};
use tokio::sync::Mutex;

use crate::commands::Engine;

/// The port tablets are told first; a table that finds it taken opens on any free one, since the link
/// and the QR code carry the port anyway.
const USUAL_PORT: u16 = 8437;

/// The open table, if any.
#[derive(Default)]
pub struct TableSwitch {
    open: Mutex<Option<OpenTable>>,
}

/// How the table is open now: none when closed.
#[tauri::command]
#[specta::specta]
pub async fn table_open_status(switch: State<'_, TableSwitch>) -> Result<Option<JoinInfo>, ApiError> {
    Ok(switch.open.lock().await.as_ref().map(OpenTable::join_info))
}

/// Opens the table: to the room's network with `lan`, else to this machine's browsers only. Already open
/// the same way, it stays as it is.
#[tauri::command]
#[specta::specta]
pub async fn open_table(
    app: AppHandle,
    engine: State<'_, Engine>,
    switch: State<'_, TableSwitch>,
    lan: bool,
) -> Result<JoinInfo, ApiError> {
    let api = engine.shared()?;
    let mut open = switch.open.lock().await;
    if let Some(table) = open.as_ref().filter(|t| t.join_info().lan == lan) {
        return Ok(table.join_info());
    }
    if let Some(table) = open.take() {
        table.close().await;
    }
    let table = open_on_a_free_port(api, lan, app_pages(&app))
        .await
        .map_err(|e| ApiError::new(ErrorKind::Internal, format!("cannot open the table: {e}")))?;
    let info = table.join_info();
    *open = Some(table);
    Ok(info)
}

/// Closes the table: every joined device loses it at once.
#[tauri::command]
#[specta::specta]
pub async fn close_table(switch: State<'_, TableSwitch>) -> Result<(), ApiError> {
    if let Some(table) = switch.open.lock().await.take() {
        table.close().await;
    }
    Ok(())
}

/// A new join code: every device that joined with the old one must join again.
#[tauri::command]
#[specta::specta]
pub async fn renew_table_code(switch: State<'_, TableSwitch>) -> Result<JoinInfo, ApiError> {
    let open = switch.open.lock().await;
    let table = open.as_ref().ok_or_else(|| ApiError::new(ErrorKind::Conflict, "the table is not open"))?;
    table
        .renew_code()
        .await
        .map_err(|e| ApiError::new(ErrorKind::Store, format!("the new code could not be stored: {e}")))
}

/// The code that sits a device at one side (or the whole table), issued the first time it is asked for.
#[tauri::command]
#[specta::specta]
pub async fn table_seat_code(switch: State<'_, TableSwitch>, seat: Seat) -> Result<SeatJoin, ApiError> {
    let open = switch.open.lock().await;
    let table = open.as_ref().ok_or_else(|| ApiError::new(ErrorKind::Conflict, "the table is not open"))?;
    table.seat_code(seat).await.map_err(|why| ApiError::new(ErrorKind::Refused, why))
}

async fn open_on_a_free_port(api: Arc<Api>, lan: bool, pages: UiSource) -> std::io::Result<OpenTable> {
    let listen = |port| Listen {
        addr: SocketAddr::from(([127, 0, 0, 1], port)),
        lan,
        new_code: false,
        tls: None,
        public_names: Vec::new(),
        club: false,
    };
    match sandtable::serve::open(api.clone(), listen(USUAL_PORT), Some(pages.clone())).await {
        Err(e) if e.kind() == std::io::ErrorKind::AddrInUse => {
            sandtable::serve::open(api, listen(0), Some(pages)).await
        }
        opened => opened,
    }
}

/// The pages embedded in the app, so a tablet runs the very UI the window does.
fn app_pages(app: &AppHandle) -> UiSource {
    let assets = app.asset_resolver();
    UiSource::Lookup(Arc::new(move |path: &str| {
        assets.get(path.to_string()).map(|asset| UiFile { bytes: asset.bytes, mime: asset.mime_type })
    }))
}
