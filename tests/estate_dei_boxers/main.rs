//! L'Estate dei Boxers conformance: each table and phase with typed dice, the FAQ's worked example, the
//! map checker, and the simulator's reproducibility.

mod combat;
mod common;
mod day;
mod dice;
mod events;
mod forecast;
mod guns;
mod losses;
mod luck;
mod map;
mod odds;
mod setup;
mod simulator;
mod victory;
