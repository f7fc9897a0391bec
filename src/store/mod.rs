//! The campaign store: campaigns, games, each game's append-only event log and the notes beside its
//! entries in one SQLite file, reached through sqlx with embedded migrations. Each event is committed as
//! it happens, so a game killed mid-turn resumes with nothing lost; a database this build must not migrate
//! (from a newer Sandtable, or not Sandtable's at all) is refused before anything touches it.

mod annotations;
mod campaigns;
mod clock;
mod club;
mod copy;
mod error;
mod events;
mod flag;
mod games;
mod log_channel;
mod open;
mod plain_words;
mod postgres_guard;
mod record;
mod schema_guard;
mod settings;
mod table_access;
#[cfg(test)]
mod tests;

pub use annotations::Annotation;
pub use campaigns::Campaign;
pub use club::{Member, SeatRow};
pub use copy::CopiedTable;
pub use error::StoreError;
pub use events::{LOG_CHANNEL, StoredEvent, WriteTurn};
pub use games::{GameRecord, GameStamp, NewGame};
pub use log_channel::{Heard, LogListener};
pub use open::{Backend, Store, is_postgres, sqlite_path};
pub use record::{BattleRecord, BattleRecordEdit, Carried, Closing, Enlisted, RosterEntry, RosterUnit};
