use std::io::Read;

use super::Failure;
use crate::game::Action;

/// Reads an ACTION_JSON argument, or standard input when it is `-`.
pub fn action(text: &str) -> Result<Action, Failure> {
    let json = if text == "-" {
        let mut buf = String::new();
        std::io::stdin().read_to_string(&mut buf).map_err(|e| Failure::other(format!("cannot read stdin: {e}")))?;
        buf
    } else {
        text.to_string()
    };
    Action::from_json(json.trim()).map_err(|e| Failure::bad_input(format!("ACTION_JSON: {e} (see docs/actions.md)")))
}
