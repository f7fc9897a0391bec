//! The window hears every new log entry, whichever device recorded it: a tablet joined to the open table
//! acts on this same engine, and the window follows as a tablet follows the server's stream.

use std::collections::HashMap;
use std::sync::Arc;

use sandtable::api::{Api, SentView};
use sandtable::rules::Seat;
use tauri::{AppHandle, Emitter};
use tokio::sync::broadcast::error::RecvError;

/// Each entry's game, the log's length after it, and what it changed in the view of the window's seat (the
/// entry itself, which may hold what that seat may not see, never crosses to the page). A window holding
/// another version than the change's base reads the game again.
pub const ENTRY_EVENT: &str = "live-entry";
/// Fallen too far behind to be told entry by entry: the window reads the game again.
pub const RESYNC_EVENT: &str = "live-resync";

pub fn forward_entries(app: AppHandle, api: Arc<Api>) {
    let mut heard = api.watch();
    tauri::async_runtime::spawn(async move {
        // The view of each game the window was last told of, for the seat it sat at then, the base of the next
        // entry's change: a tap on a tablet then costs the window a patch, not a whole view read back across
        // the bridge. A window moved to another seat starts afresh from that seat's view.
        let mut sent: HashMap<(i64, Seat), Arc<SentView>> = HashMap::new();
        loop {
            let told = match heard.recv().await {
                Ok(heard) => {
                    let key = (heard.game, api.seat());
                    let before = match sent.get(&key) {
                        Some(before) => Some(before.clone()),
                        None => api.sent_view(heard.game).await.ok(),
                    };
                    let change = match api.heard(heard.game, heard.entry, before.as_ref()).await {
                        Ok((_, now, change)) => {
                            sent.insert(key, now);
                            change
                        }
                        // The window reads the game itself, and is told why there.
                        Err(_) => None,
                    };
                    let told = serde_json::json!({ "game": heard.game, "total": heard.total, "change": change });
                    app.emit(ENTRY_EVENT, told)
                }
                Err(RecvError::Lagged(_)) => {
                    sent.clear();
                    app.emit(RESYNC_EVENT, ())
                }
                Err(RecvError::Closed) => break,
            };
            if let Err(e) = told {
                eprintln!("sandtable-app: cannot tell the window of a new entry: {e}");
            }
        }
    });
}
