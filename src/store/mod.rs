//! The campaign store: one SQLite file, reached through sqlx, with embedded migrations. Each event is
//! committed as it happens, so a game killed mid-turn resumes with nothing lost; a database written by a
//! newer Sandtable is refused before anything touches it.

mod campaigns;
mod error;
mod events;
mod games;
mod open;
mod schema_guard;

pub use campaigns::Campaign;
pub use error::StoreError;
pub use events::StoredEvent;
pub use games::{GameRecord, NewGame};
pub use open::Store;
