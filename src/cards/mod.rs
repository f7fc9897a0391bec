//! A 54-card deck: the four suits and two jokers (The Natives are Restless Tonight activates with it).
//! Cards come either from the game's seeded RNG (`Deck::draw`) or from a physical deck, typed in
//! (`Deck::draw_typed`); both leave the deck in the same state.

mod card;
mod deck;
mod error;
mod text;

pub use card::{Card, Rank, Suit};
pub use deck::Deck;
pub use error::CardError;
