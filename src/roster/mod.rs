//! Who is on the table: sides, units and their figures, the formations they stand in, status flags, and
//! losses by figure.

mod figure;
mod flag;
mod formation;
mod unit;

pub use figure::{Figure, Placed, Role};
pub use flag::Flag;
pub use formation::{Formation, layout, line_abreast, turned_about};
pub use unit::{Side, Unit};
