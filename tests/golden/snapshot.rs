//! The state of a game as plain JSON: every figure where it stands, alive or not, every marker and
//! allowance, the deck, and the rule system's own turn state. Two games are in the same state exactly
//! when their snapshots are equal (floats compare bit for bit).

use sandtable::game::Game;
use serde_json::{Value, json};

pub fn of(game: &Game) -> Value {
    let state = game.state();
    let units: Vec<Value> = state
        .units
        .iter()
        .map(|u| json!({ "id": u.id, "facing": u.facing, "flags": u.flags, "fallen": u.fallen, "figures": u.figures }))
        .collect();
    json!({
        "turn": state.turn,
        "units": units,
        "allowances": state.allowances,
        "deck": {
            "draw_pile": state.deck.draw_pile().iter().map(ToString::to_string).collect::<Vec<_>>(),
            "last_card": state.last_card.map(|c| c.to_string()),
        },
        "rules": state.rules.to_json(),
    })
}

/// Where two snapshots first part, as a JSON path with both values, for a failing test's message.
pub fn first_difference(want: &Value, got: &Value) -> String {
    fn walk(path: &str, a: &Value, b: &Value) -> Option<String> {
        match (a, b) {
            (Value::Object(x), Value::Object(y)) => {
                for key in x.keys().chain(y.keys()) {
                    let (va, vb) = (x.get(key).unwrap_or(&Value::Null), y.get(key).unwrap_or(&Value::Null));
                    if let Some(d) = walk(&format!("{path}.{key}"), va, vb) {
                        return Some(d);
                    }
                }
                None
            }
            (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
                x.iter().zip(y).enumerate().find_map(|(i, (va, vb))| walk(&format!("{path}[{i}]"), va, vb))
            }
            _ if a == b => None,
            _ => Some(format!("{path}: recorded {a}, replayed {b}")),
        }
    }
    walk("state", want, got).unwrap_or_else(|| "no difference found".into())
}
