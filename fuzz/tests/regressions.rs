//! Every reproducer of issue 17 ("Hardening"), through the front doors a player reaches: an action's
//! JSON applied to a game and priced, and a scenario's text loaded. Each was once accepted, overflowed,
//! froze or crashed; each is now refused quickly, saying which bound it passes, and records nothing.
//! (`sandtable roll 9223372036854775807+1` is in tests/cli_roll.rs, beside the binary it runs.)

use std::sync::Arc;
use std::time::{Duration, Instant};

use sandtable::game::{Action, Game};
use sandtable::scenario::{find_shipped, parse, shipped_scenarios};

/// Far above what any of these takes even in a debug build: the issue's hang threshold.
const QUICK: Duration = Duration::from_secs(1);

/// A fresh game of each system's first shipped scenario.
fn games() -> Vec<Game> {
    let mut seen = Vec::new();
    shipped_scenarios()
        .filter(|s| {
            let system = s.path.split('/').next().unwrap_or_default();
            let first = !seen.contains(&system);
            seen.push(system);
            first
        })
        .map(|s| Game::new(Arc::new(s.load().unwrap_or_else(|e| panic!("{e}"))), 1))
        .collect()
}

fn action(json: &str) -> Action {
    Action::from_json(json).unwrap_or_else(|e| panic!("{json}: {e}"))
}

/// Applies and prices `json` on every system's game, expecting both refused with `says`, quickly and
/// with nothing recorded.
fn refused_everywhere(json: &str, says: &str) {
    for mut game in games() {
        let start = Instant::now();
        let priced = game.odds(&action(json)).err().map(|e| e.to_string()).unwrap_or_default();
        let applied = game.apply(&action(json)).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(priced.contains(says), "{json} priced on {}: {priced:?}", game.scenario().system());
        assert!(applied.contains(says), "{json} applied on {}: {applied:?}", game.scenario().system());
        assert!(game.events().is_empty(), "a refusal records nothing");
        assert!(start.elapsed() < QUICK, "{json} took {:?}", start.elapsed());
    }
}

#[test]
fn a_roll_whose_sum_overflows_is_refused() {
    refused_everywhere(r#"{"type":"roll","expr":"9223372036854775807+1"}"#, "more than 1000000");
}

#[test]
fn odds_of_a_roll_with_a_huge_constant_are_refused() {
    refused_everywhere(r#"{"type":"roll","expr":"1D6+9223372036854775807"}"#, "more than 1000000");
}

#[test]
fn a_constant_alone_is_not_a_roll() {
    refused_everywhere(r#"{"type":"roll","expr":"9223372036854775807"}"#, "more than 1000000");
    refused_everywhere(r#"{"type":"roll","expr":"6"}"#, "rolls no dice");
}

#[test]
fn odds_of_a_thousand_percentile_dice_are_refused_at_once() {
    refused_everywhere(r#"{"type":"roll","expr":"1000D%"}"#, "exact odds are worked out for at most 10001");
}

#[test]
fn a_twenty_megabyte_note_is_refused_and_records_nothing() {
    let json = serde_json::json!({"type": "note", "text": "x".repeat(20 << 20)}).to_string();
    for mut game in games() {
        let note = action(&json);
        let start = Instant::now();
        let refused = game.apply(&note).unwrap_err().to_string();
        assert!(refused.contains("may be at most 4000"), "{refused}");
        assert!(game.events().is_empty(), "a refusal records nothing");
        assert!(start.elapsed() < QUICK, "the note took {:?}", start.elapsed());
    }
}

/// Each shipped scenario with the first `key = value` (a line or an inline table's entry) given `value`.
fn with_value(source: &str, key: &str, value: &str) -> Option<String> {
    let at = source.find(&format!("{key} = "))? + key.len() + 3;
    let end = at + source[at..].find([',', '}', '\n']).unwrap_or(source.len() - at);
    let end = if source[at..].starts_with('[') { at + source[at..].find(']')? + 1 } else { end };
    Some(format!("{}{value}{}", &source[..at], &source[end..]))
}

/// Loads every shipped scenario changed by `change`, expecting each refused with `says`, quickly.
fn every_scenario_refuses(change: impl Fn(&str) -> Option<String>, says: &str) {
    let mut tried = 0;
    for shipped in shipped_scenarios() {
        let Some(text) = change(shipped.source) else { continue };
        let start = Instant::now();
        let refused = parse("bad.toml", &text).map(|_| ()).unwrap_err();
        assert!(refused.message.contains(says) && refused.line.is_some(), "{}: {refused}", shipped.path);
        assert!(start.elapsed() < QUICK, "{} took {:?}", shipped.path, start.elapsed());
        tried += 1;
    }
    assert!(tried > 0, "no shipped scenario has what the change needs");
}

#[test]
fn a_unit_of_four_billion_figures_is_refused_before_any_is_built() {
    every_scenario_refuses(|s| with_value(s, "figures", "4294967295"), "a unit holds at most 500");
}

#[test]
fn a_point_with_a_third_coordinate_is_refused() {
    every_scenario_refuses(|s| with_value(s, "at", "[24, 13, 999]"), "this has 3");
}

#[test]
fn a_terrain_corner_or_river_flow_that_is_not_a_number_is_refused() {
    let terrain = "\n[[terrain]]\nname = \"Ford\"\ncover = \"open\"\npolygon = [[0, 0], [10, 0], [10, 10]]\n";
    let corner = terrain.replace("[10, 0]", "[10, nan]");
    every_scenario_refuses(|s| Some(format!("{s}{corner}")), "not a point");
    let flow = format!("{terrain}flow = [nan, 1]\n");
    every_scenario_refuses(|s| Some(format!("{s}{flow}")), "not a point");
}

#[test]
fn a_table_of_infinite_or_astronomical_width_is_refused() {
    every_scenario_refuses(|s| with_value(s, "width", "inf"), "inf is not a number");
    every_scenario_refuses(|s| with_value(s, "width", "1e308"), "at most 1000");
}

/// Found by the fuzzer (action case 178268 of seed 17, before its generators changed): a route to
/// x = -1.8e226 was sampled every quarter inch for jungle before its length was checked, and the move
/// never returned. A route past the dice's total is now refused before its ground is looked at.
#[test]
fn a_heliograph_move_of_astronomical_length_is_refused_at_once() {
    let mut game = shipped_game("heliograph/cotta-assault");
    for json in [
        r#"{"type":"initiative","dice":[9,0]}"#,
        r#"{"type":"activate","unit":"company-a"}"#,
        r#"{"type":"roll_move","unit":"company-a","dice":[3,4]}"#,
    ] {
        game.apply(&action(json)).unwrap_or_else(|e| panic!("{json}: {e}"));
    }
    let far = r#"{"type":"move","unit":"company-a","path":[{"x":30,"y":30},{"x":-1.8490510607883786e226,"y":998.9}]}"#;
    refused_quickly(&mut game, far, "past the most its dice allow, 7\"");
}

/// The same for a Sand Pebbles boat, on a river as wide as `f64` allows: every sample of the route lay
/// in the water, so the search for the first one outside never ended.
#[test]
fn a_sand_pebbles_boat_move_of_astronomical_length_is_refused_at_once() {
    let shipped = find_shipped("sand-pebbles/river-junks").expect("river-junks ships");
    let ocean = "polygon = [[-1e300, -1e300], [1e300, -1e300], [1e300, 1e300], [-1e300, 1e300]]";
    let source = shipped.source.replacen("polygon = [[0, 16], [72, 16], [72, 30], [0, 30]]", ocean, 1);
    assert_ne!(source, shipped.source, "the river's polygon is where it was");
    let scenario = parse("ocean.toml", &source).unwrap_or_else(|e| panic!("{e}"));
    let mut game = Game::new(Arc::new(scenario), 1);
    for json in [
        r#"{"type":"initiative","dice":[4,2]}"#,
        r#"{"type":"choose_order","first":"navy"}"#,
        r#"{"type":"roll_move","unit":"gun-boat","expr":"2D6+6","dice":[5,4]}"#,
    ] {
        game.apply(&action(json)).unwrap_or_else(|e| panic!("{json}: {e}"));
    }
    let far = r#"{"type":"move","unit":"gun-boat","path":[{"x":-1.8490510607883786e226,"y":20}]}"#;
    refused_quickly(&mut game, far, "exceeds the allowance");
}

fn shipped_game(name: &str) -> Game {
    let shipped = find_shipped(name).unwrap_or_else(|| panic!("{name} ships"));
    Game::new(Arc::new(shipped.load().unwrap_or_else(|e| panic!("{e}"))), 1)
}

fn refused_quickly(game: &mut Game, json: &str, says: &str) {
    let before = game.events().len();
    let start = Instant::now();
    let refused = game.apply(&action(json)).map(|_| ()).unwrap_err().to_string();
    assert!(start.elapsed() < QUICK, "{json} took {:?}", start.elapsed());
    assert!(refused.contains(says), "{json}: {refused}");
    assert_eq!(game.events().len(), before, "a refusal records nothing");
}
