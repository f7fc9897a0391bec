//! The Natives are Restless Tonight conformance: one test per rule of the text
//! (shared/seeds/004_f84a119b0c3821eb.txt) as RULINGS.md reads it, each with its cards and dice typed in.

mod bases;
mod contact;
mod deck;
mod fire;
mod floors;
mod luck;
mod melee;
mod morale;
mod movement;
mod muster;
#[path = "../play/mod.rs"]
mod play;
mod setup;
mod support;
mod walls;
mod winning;
