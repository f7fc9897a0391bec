//! Sand Pebbles conformance: one test per rule paragraph of the text (shared/seeds/000_507ad81a489166ae.txt)
//! as RULINGS.md reads it, each with its dice typed in so the expected result is certain.

mod figures;
mod fire;
mod luck;
mod melee;
mod morale;
mod movement;
#[path = "../play/mod.rs"]
mod play;
mod scenarios;
mod sequence;
mod support;
mod typed_dice;
