//! Heliograph conformance: one test per rule of the text (shared/seeds/002_493ccb324ac57ae9.txt) as
//! RULINGS.md reads it, each with its dice typed in (D10 read 0-9, percentile 00 = 100).

mod activation;
mod figures;
mod fire;
mod luck;
mod melee;
mod morale;
mod movement;
#[path = "../play/mod.rs"]
mod play;
mod support;
