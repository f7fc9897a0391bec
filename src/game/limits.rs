//! How much text a log entry may carry. Every entry is read again each time the game opens, so one
//! pasted megabyte slows every later command; these sit far above what a player types at the table.

use super::GameError;

/// A note in the campaign record.
pub const NOTE_CHARS: usize = 4000;
/// A free roll's label.
pub const LABEL_CHARS: usize = 200;

/// Refuses `text` longer than `max` characters, saying how long it is and may be.
pub fn within(what: &str, text: &str, max: usize) -> Result<(), GameError> {
    let length = text.chars().count();
    match length > max {
        true => Err(GameError::BadInput(format!("{what} is {length} characters long; it may be at most {max}"))),
        false => Ok(()),
    }
}
