//! Exact odds. Every resolver shows the chance of each outcome before its roll; those figures come from
//! this distribution type by convolution, never from sampling.

mod dist;
mod view;

pub use dist::Dist;
pub use view::{OddsLine, OddsView, Outcome};
