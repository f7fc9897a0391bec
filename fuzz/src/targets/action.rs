//! Actions as JSON, as the command line, `sandtable serve` and the app hand them to a game: read with
//! `Action::from_json`, priced with `Game::odds`, applied with `Game::apply`. A case is a short sequence
//! on a copy of a base game (a shipped scenario fresh, or a golden log part way through), so later
//! actions meet states earlier ones made. Actions come from real ones (what the base game offers, the
//! golden logs' own, every kind each game takes), as they are or pointed at other units, with fields
//! swapped for edge values, dropped or retyped, from damaged JSON text, and from garbage.
//!
//! Beyond not panicking, each step keeps the engine's own promises: a refusal records nothing, odds sum
//! to 1, an action reads back as written, and, now and then, the log written out as the store writes it
//! replays to the same state.

use std::fmt;

use sandtable::api::GameView;
use sandtable::game::{Action, Event, Game, GameError};
use sandtable::odds::OddsView;
use serde_json::{Value, json};

use crate::corpus::{BaseGame, base_games, logged_actions};
use crate::mutate::{EDGE_NUMBERS, damage_bytes, edge_string, garbage};
use crate::rng::Rng;

pub struct Input {
    pub base: usize,
    /// Each action's JSON text, in order.
    pub steps: Vec<String>,
    /// Whether to end by replaying the log from its stored form and comparing states.
    pub replay: bool,
}

impl fmt::Display for Input {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let replay = if self.replay { ", then replayed" } else { "" };
        writeln!(f, "on {}{replay}:", base_games()[self.base].name)?;
        for step in &self.steps {
            writeln!(f, "  {step}")?;
        }
        Ok(())
    }
}

/// Bare JSON numbers that `serde_json::Value` cannot hold (`nan`, `1e999`) are carried as marked strings
/// and spliced in as raw text when the action is written out.
const RAW: &str = "\u{1}raw:";

pub fn generate(rng: &mut Rng) -> Input {
    let base = rng.below(base_games().len());
    let game = &base_games()[base];
    let mut steps = Vec::new();
    if let Some(next) = game.next.as_ref().filter(|_| rng.one_in(2)) {
        steps.push(next.to_string());
    }
    for _ in 0..rng.between(1, 6) {
        steps.push(an_action(rng, game));
    }
    Input { base, steps, replay: rng.one_in(8) }
}

fn an_action(rng: &mut Rng, base: &BaseGame) -> String {
    match rng.weighted(&[4, 2, 5, 2, 1, 1]) {
        0 => written(&a_template(rng, base)),
        1 => {
            let template = a_template(rng, base);
            written(&repointed(rng, base, template))
        }
        2 => {
            let template = a_template(rng, base);
            let mut action = repointed(rng, base, template);
            for _ in 0..rng.between(1, 3) {
                mutate(rng, base, &mut action);
            }
            written(&action)
        }
        3 => json!({"type": rng.pick(&["undo", "redo", "next_turn", "end_phase", "initiative"])}).to_string(),
        4 => {
            let template = written(&a_template(rng, base));
            damage_bytes(rng, &template)
        }
        _ => garbage_json(rng),
    }
}

/// An action this game offers now, a real one of its system from another game, or one of every kind it
/// takes with a unit and a target filled in.
fn a_template(rng: &mut Rng, base: &BaseGame) -> Value {
    let scenario = base.game.scenario();
    let logged = logged_actions().get(scenario.system()).map(Vec::as_slice).unwrap_or_default();
    match rng.below(5) {
        0 | 1 if !base.offered.is_empty() => return rng.pick(&base.offered).clone(),
        2 | 3 if !logged.is_empty() => return rng.pick(logged).clone(),
        _ => {}
    }
    let kinds: Vec<&str> = Action::shared_kinds().iter().chain(scenario.rules.action_kinds()).copied().collect();
    let kind = *rng.pick(&kinds);
    let unit = a_unit(rng, base);
    let mut action = json!({"type": kind, "unit": unit, "target": a_unit(rng, base)});
    let fields: &[(&str, Value)] = &[
        ("expr", json!("2D6+6")),
        ("count", json!(1)),
        ("path", json!([{"x": 24.0, "y": 24.0}])),
        ("text", json!("a note")),
        ("on", json!(true)),
        ("dice", json!([1, 2, 3])),
        ("at", json!({"x": 30.0, "y": 20.0})),
        ("first", json!(scenario.sides.first().map(|s| s.id.clone()))),
        ("gun", json!(a_unit(rng, base))),
        ("facing", json!(90.0)),
    ];
    for (field, value) in fields {
        if rng.one_in(3) {
            action[*field] = value.clone();
        }
    }
    if kind == "set_flag"
        && let Some(marker) = scenario.rules.markers().get(rng.below(scenario.rules.markers().len().max(1)))
    {
        action["flag"] = json!(marker.flag.name());
        action["on"] = json!(rng.one_in(2));
    }
    action
}

fn a_unit(rng: &mut Rng, base: &BaseGame) -> String {
    let units = &base.game.scenario().units;
    match rng.below(12) {
        0 => edge_string(rng),
        1 => "nowhere".into(),
        _ if units.is_empty() => "nowhere".into(),
        _ => rng.pick(units).id.clone(),
    }
}

/// Points every string that names a unit at some unit of this game instead, half the time each.
fn repointed(rng: &mut Rng, base: &BaseGame, mut action: Value) -> Value {
    let units = &base.game.scenario().units;
    if let Value::Object(fields) = &mut action {
        for value in fields.values_mut() {
            if let Value::String(name) = value
                && units.iter().any(|u| &u.id == name)
                && rng.one_in(2)
            {
                *value = json!(a_unit(rng, base));
            }
        }
    }
    action
}

/// One change to one field: an edge value, another field's kind of value, or gone.
fn mutate(rng: &mut Rng, base: &BaseGame, action: &mut Value) {
    let Value::Object(fields) = action else { return };
    let keys: Vec<String> = fields.keys().cloned().collect();
    let key = if keys.is_empty() || rng.one_in(6) {
        rng.pick(&["unit", "target", "dice", "path", "facing", "at", "count", "expr", "text", "cnt"]).to_string()
    } else {
        rng.pick(&keys).clone()
    };
    let value = match rng.below(12) {
        0 => {
            fields.remove(&key);
            return;
        }
        1 => Value::String(format!("{RAW}{}", rng.pick(EDGE_NUMBERS))),
        2 => json!(edge_string(rng)),
        3 => json!(a_unit(rng, base)),
        4 => {
            let kinds: Vec<&str> =
                Action::shared_kinds().iter().chain(base.game.scenario().rules.action_kinds()).copied().collect();
            fields.insert("type".into(), json!(rng.pick(&kinds)));
            return;
        }
        5 => rng.pick(&[Value::Null, json!(true), json!([]), json!({}), json!(""), json!(-1)]).clone(),
        6 => dice(rng),
        7 => path(rng),
        8 => point(rng),
        9 => json!(rng.float()),
        10 => json!(rng.next_u64() as i64),
        _ => json!(rng.pick(&["D6", "1000D10", "100D%", "2D6+6", "9223372036854775807+1", "1D6+9223372036854775807"])),
    };
    fields.insert(key, value);
}

/// Typed dice: a plausible handful, the wrong count, faces no die has, or thousands.
fn dice(rng: &mut Rng) -> Value {
    let count = *rng.pick(&[0, 1, 2, 3, 6, 10, 20, 100, 5000]);
    let faces: Vec<Value> = (0..count)
        .map(|_| match rng.below(8) {
            0 => json!(rng.next_u64() as i64),
            1 => json!(rng.pick(&[0, -1, 7, 11, 21, 101, i64::MAX, i64::MIN])),
            _ => json!(rng.between(1, 10)),
        })
        .collect();
    Value::Array(faces)
}

/// A route: a step or two, thousands of points, points off the table or at `f64`'s ends.
fn path(rng: &mut Rng) -> Value {
    let count = *rng.pick(&[0, 1, 2, 3, 50, 2000]);
    Value::Array((0..count).map(|_| point(rng)).collect())
}

fn point(rng: &mut Rng) -> Value {
    match rng.below(10) {
        0 => json!({"x": rng.float()}),
        1 => json!({"x": 1.0, "y": 2.0, "z": 3.0}),
        2 => json!([1.0, 2.0]),
        3 => json!({"x": format!("{RAW}{}", rng.pick(EDGE_NUMBERS)), "y": 1.0}),
        _ => json!({"x": rng.float(), "y": rng.float()}),
    }
}

fn garbage_json(rng: &mut Rng) -> String {
    match rng.below(5) {
        0 => "[".repeat(rng.between(1, 5000)),
        1 => format!("{}{}", "{\"type\":\"note\",\"text\":[".repeat(rng.between(1, 300)), "]}".repeat(3)),
        2 => format!("{{\"type\":\"fire\",\"unit\":{}}}", "[".repeat(200) + &"]".repeat(200)),
        3 => json!({"type": "note", "text": "x", "type ": 1}).to_string().replace("type ", "type"),
        _ => garbage(rng, &['{', '}', '"', ':', ',', 't', 'y', 'p', 'e', '1', '[', ']', 'n', 'u', 'l'], 60),
    }
}

/// The action as text, with the raw numbers spliced in.
fn written(action: &Value) -> String {
    let text = action.to_string();
    // The marker as JSON writes it: opening quote and escaped control character, without the closing quote.
    let marker = serde_json::to_string(RAW).expect("a string writes");
    let open = &marker[..marker.len() - 1];
    if !text.contains(open) {
        return text;
    }
    let mut out = String::new();
    let mut rest = text.as_str();
    while let Some(start) = rest.find(open) {
        out.push_str(&rest[..start]);
        let after = &rest[start + open.len()..];
        let end = after.find('"').unwrap_or(after.len());
        out.push_str(&after[..end]);
        rest = after.get(end + 1..).unwrap_or_default();
    }
    out.push_str(rest);
    out
}

pub fn exercise(input: &Input) {
    let mut game = base_games()[input.base].game.clone();
    for text in &input.steps {
        let action = match Action::from_json(text) {
            Ok(action) => action,
            Err(refused) => {
                let _ = refused.to_string();
                continue;
            }
        };
        let again = serde_json::to_string(&action).expect("an action writes as JSON");
        assert_eq!(Action::from_json(&again).ok().as_ref(), Some(&action), "{again} reads back differently");
        match game.odds(&action) {
            Ok(odds) => check_odds(&odds),
            Err(refused) => drop(refused.to_string()),
        }
        let before = game.events().len();
        match game.apply(&action) {
            Ok(_) => assert_eq!(game.events().len(), before + 1, "an applied action records one event"),
            Err(refused) => {
                let _ = refused.to_string();
                assert_eq!(game.events().len(), before, "a refusal records nothing: {refused}");
            }
        }
    }
    if input.replay {
        replays_to_the_same_state(&game);
        let _ = GameView::of(0, "fuzz", &game);
    }
}

fn check_odds(odds: &OddsView) {
    let sum: f64 = odds.outcomes.iter().map(|o| o.p).sum();
    assert!(odds.outcomes.is_empty() || (sum - 1.0).abs() < 1e-6, "{}: the odds sum to {sum}", odds.label);
    assert!(odds.outcomes.iter().all(|o| (0.0..=1.0 + 1e-9).contains(&o.p)), "{}: a chance outside 0..1", odds.label);
    assert!(odds.lines.iter().all(|l| (-1e-9..=1.0 + 1e-9).contains(&l.p)), "{}: a line outside 0..1", odds.label);
    assert!(odds.mean.is_finite(), "{}: mean {}", odds.label, odds.mean);
}

/// The log written as the store writes it and read back replays to the state live play reached.
fn replays_to_the_same_state(game: &Game) {
    let rows: Vec<String> = game.events().iter().map(|e| serde_json::to_string(e).expect("an event writes")).collect();
    let events: Vec<Event> = rows
        .iter()
        .map(|row| {
            serde_json::from_str(row).unwrap_or_else(|e| panic!("a written event does not read back ({e}): {row}"))
        })
        .collect();
    let replayed: Result<Game, GameError> = Game::replay(game.shared_scenario(), game.seed(), events);
    let replayed = replayed.unwrap_or_else(|e| panic!("the log does not replay: {e}"));
    assert!(replayed.state() == game.state(), "replay reached another state than live play");
}

/// The raw-number splicing keeps the rest of the text as it was.
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn raw_numbers_are_spliced_in_as_bare_text() {
        let action = json!({"type": "move", "facing": format!("{RAW}nan"), "unit": "u"});
        let text = written(&action);
        assert!(text.contains("\"facing\":nan") && text.contains("\"unit\":\"u\""), "{text}");
        assert_eq!(written(&json!({"type": "undo"})), r#"{"type":"undo"}"#);
    }
}
