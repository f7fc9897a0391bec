//! Several servers on one PostgreSQL database hear each other's new log entries: each stored entry is
//! announced on `LOG_CHANNEL` by the statement that stores it (`events.rs`), and each server listens here.
//! A SQLite file has one server, whose entries its own process already knows of: it has no channel.

use sqlx::postgres::PgListener;

use super::events::LOG_CHANNEL;
use super::{Backend, Store, StoreError};

/// The entries other servers store, as they commit.
pub struct LogListener {
    listener: PgListener,
    origin: std::sync::Arc<str>,
}

/// Where a server's listening stands after waiting for news.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Heard {
    /// Another server stored entries of this game.
    Entries { game: i64 },
    /// The connection to the database was lost and is back: entries may have been missed meanwhile, so
    /// every game kept in memory must be read again before it is trusted.
    Reconnected,
}

impl Store {
    /// Listens for other servers' entries; None for a SQLite file, which no other server shares.
    pub async fn log_listener(&self) -> Result<Option<LogListener>, StoreError> {
        if self.backend != Backend::Postgres {
            return Ok(None);
        }
        let mut listener = PgListener::connect(&self.address).await?;
        listener.listen(LOG_CHANNEL).await?;
        Ok(Some(LogListener { listener, origin: self.origin.clone() }))
    }
}

impl LogListener {
    /// The next news of another server's entries (this server's own are passed over).
    pub async fn next(&mut self) -> Result<Heard, StoreError> {
        loop {
            // `try_recv` reports a lost connection as None (and reconnects on the next call), where `recv`
            // would reconnect silently and hide the gap.
            let Some(note) = self.listener.try_recv().await? else { return Ok(Heard::Reconnected) };
            let Some((origin, game)) = note.payload().split_once(' ') else { continue };
            if origin == &*self.origin {
                continue;
            }
            if let Ok(game) = game.parse() {
                return Ok(Heard::Entries { game });
            }
        }
    }
}
