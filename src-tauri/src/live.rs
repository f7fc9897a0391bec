//! The window hears every new log entry, whichever device recorded it: a tablet joined to the open table
//! acts on this same engine, and the window follows as a tablet follows the server's stream.

use sandtable::api::Api;
use tauri::{AppHandle, Emitter};
use tokio::sync::broadcast::error::RecvError;

/// Each entry's game and the log's length after it: the window reads the game again for its seat, so the
/// entry itself (which may hold what that seat may not see) never crosses to the page.
pub const ENTRY_EVENT: &str = "live-entry";
/// Fallen too far behind to be told entry by entry: the window reads the game again.
pub const RESYNC_EVENT: &str = "live-resync";

pub fn forward_entries(app: AppHandle, api: &Api) {
    let mut heard = api.watch();
    tauri::async_runtime::spawn(async move {
        loop {
            let sent = match heard.recv().await {
                Ok(heard) => app.emit(ENTRY_EVENT, serde_json::json!({ "game": heard.game, "total": heard.total })),
                Err(RecvError::Lagged(_)) => app.emit(RESYNC_EVENT, ()),
                Err(RecvError::Closed) => break,
            };
            if let Err(e) = sent {
                eprintln!("sandtable-app: cannot tell the window of a new entry: {e}");
            }
        }
    });
}
