//! Who is on the table: sides, units and their figures, status flags, and losses by figure.

mod figure;
mod flag;
mod unit;

pub use figure::{Figure, Role};
pub use flag::Flag;
pub use unit::{Side, Unit};
