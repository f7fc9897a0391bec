use serde::{Deserialize, Serialize};

use crate::dice::{DiceError, FeedError};

/// An action the rules forbid. Nothing is recorded; the player is told which rule says no.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, thiserror::Error)]
#[error("{message}")]
pub struct Refusal {
    pub message: String,
    /// Where the rule is written, e.g. "Sand Pebbles, Movement Chart".
    pub rule: Option<String>,
}

impl Refusal {
    pub fn new(message: impl Into<String>) -> Refusal {
        Refusal { message: message.into(), rule: None }
    }

    pub fn by_rule(message: impl Into<String>, rule: impl Into<String>) -> Refusal {
        Refusal { message: message.into(), rule: Some(rule.into()) }
    }
}

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum GameError {
    #[error(transparent)]
    Refused(#[from] Refusal),
    /// The action names something that is not in the game, or is malformed.
    #[error("{0}")]
    BadInput(String),
    #[error(transparent)]
    Dice(#[from] DiceError),
    /// A stored log that does not fold: written by another build, or edited by hand.
    #[error("the stored log does not replay: {0}")]
    CorruptLog(String),
}

impl From<FeedError> for GameError {
    fn from(e: FeedError) -> GameError {
        match e {
            FeedError::Dice(dice) => GameError::Dice(dice),
            other => GameError::BadInput(other.to_string()),
        }
    }
}
