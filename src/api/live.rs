use serde::Serialize;
use tokio::sync::broadcast;

use crate::game::LogEntry;

/// How many entries a slow watcher may fall behind before it is told to read the game again.
const BACKLOG: usize = 256;

/// What every device watching a game hears when its log grows: the new entry, and the log's length after
/// it. An undo or a redo is an entry too; a device that hears one reads the game again for what it changed.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct LiveEntry {
    pub game: i64,
    pub entry: LogEntry,
    pub total: u32,
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
