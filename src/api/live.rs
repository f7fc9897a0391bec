use serde::Serialize;
use tokio::sync::broadcast;

use super::ViewChange;
use crate::game::LogEntry;

/// How many entries a slow watcher may fall behind before it is told to read the game again.
const BACKLOG: usize = 256;

/// What every device watching a game hears when its log grows: the new entry, the log's length after it,
/// and over the live stream what the entry changed in the view the device's seat was last sent. A device
/// holding that view applies the change; one holding another (or told no change) reads the game again.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct LiveEntry {
    pub game: i64,
    pub entry: LogEntry,
    pub total: u32,
    pub change: Option<ViewChange>,
}

/// The games' new entries as they are recorded, for every device watching.
pub struct Live {
    sender: broadcast::Sender<LiveEntry>,
}

impl Default for Live {
    fn default() -> Live {
        Live { sender: broadcast::channel(BACKLOG).0 }
    }
}

impl Live {
    pub fn publish(&self, entry: LiveEntry) {
        // Nobody watching is not a failure: the entry is in the store either way.
        let _ = self.sender.send(entry);
    }

    pub fn watch(&self) -> broadcast::Receiver<LiveEntry> {
        self.sender.subscribe()
    }
}
