//! When Empires Clash! conformance, one file per part of the text (shared/seeds/003_28a2a4301b52d37f.txt)
//! as RULINGS.md reads it: the charts and grid readings on their own, then battles played through the
//! app's procedures with the dice typed in.

mod additions;
mod armies;
mod board;
mod combat;
mod entrenchments;
mod fighting;
mod front_and_rear;
mod large_stands;
mod luck;
mod movement;
mod offers;
mod one_off;
#[path = "../play/mod.rs"]
mod play;
mod scenarios;
mod sequence;
mod support;
mod transport;
mod turn;
mod withdrawal;
