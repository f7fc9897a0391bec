//! Dice: the kinds the five rule systems use, expressions such as `2D6+6`, and rolls that come either from
//! the game's seeded RNG or from physical dice a player typed in. Both paths produce the same `Roll`.

mod ask;
mod die;
mod error;
mod expr;
mod feed;
mod rng;
mod roll;

pub use ask::DiceAsk;
pub use die::Die;
pub use error::DiceError;
pub use expr::{DiceExpr, Term};
pub use feed::{DiceFeed, FeedError, NamedRoll};
pub use rng::GameRng;
pub use roll::Roll;
