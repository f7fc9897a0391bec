//! When Empires Clash! conformance, one file per part of the text (shared/seeds/003_28a2a4301b52d37f.txt)
//! as RULINGS.md reads it.

mod additions;
mod armies;
mod board;
mod combat;
mod turn;
