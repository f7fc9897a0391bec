//! The luck ledger: every throw in force set against the exact chances it had before it was thrown, and
//! added up per side and measure (hits, kills, morale passes, movement inches) into what was expected,
//! what came, and how rarely a table does as well or as badly. Names no rule system: each system says
//! what its own dice counted (`System::luck`); the engine counts the dice it throws itself.

mod collect;
mod tally;
mod throw;
mod total;
mod words;

pub use collect::throws;
pub use tally::Tally;
pub use throw::{FREE_ROLLS, MOVEMENT, Throw};
pub use total::total;
pub use words::Per;
