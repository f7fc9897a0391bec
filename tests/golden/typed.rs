//! Dice typed in as a table would: the action again with the faces its prepared event rolled.

use sandtable::game::{Action, Outcome};
use serde_json::json;

/// `action` with the faces `outcome` rolled typed in as its `dice`, if it takes dice and rolled some.
pub fn with_typed_dice(action: &Action, outcome: &Outcome) -> Option<Action> {
    let faces: Vec<i64> = outcome.rolls().iter().flat_map(|r| r.faces.iter().copied()).collect();
    if faces.is_empty() || matches!(action, Action::Undo {} | Action::Redo {}) {
        return None;
    }
    let mut value = serde_json::to_value(action).ok()?;
    value.as_object_mut()?.insert("dice".into(), json!(faces));
    serde_json::from_value(value).ok()
}
