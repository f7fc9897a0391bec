//! Every reproducer of issue 17 ("Hardening"), through the front doors a player reaches: an action's
//! JSON applied to a game and priced, and a scenario's text loaded. Each was once accepted, overflowed,
//! froze or crashed; each is now refused quickly, saying which bound it passes, and records nothing.
//! (`sandtable roll 9223372036854775807+1` is in tests/cli_roll.rs, beside the binary it runs.) Then those
//! of issue 34's targets: the scenario editor's edits, the army desk, and seeds sent to tablets.

use std::sync::Arc;
use std::time::{Duration, Instant};

use sandtable::api::{Api, Device, as_device};
use sandtable::game::{Action, Game};
use sandtable::rules::Seat;
use sandtable::scenario::edit::{Edit, apply_edits};
use sandtable::scenario::{find_shipped, parse, shipped_scenarios};
use sandtable::systems::when_empires_clash::army;
use sandtable::systems::when_empires_clash::charts;
use sandtable::systems::when_empires_clash::draft::{self, Draft, Target};
use sandtable::systems::when_empires_clash::library::LISTS;
use serde_json::json;

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

/// Found by the game file target (cases 11682, 114834 and 137381 of seed 17): an L'Estate dei Boxers file
/// whose first entry, brought in from another game, sets a step of the day before any card was drawn. The
/// file replays (its log is taken as the truth), but the next advance asked the day table for a card that
/// was not there and panicked. Now the day begins at its draw, whichever step the log left it at.
#[test]
fn a_siege_left_at_a_step_of_the_day_with_no_card_goes_back_to_its_draw() {
    let stages = [
        json!({"stage": "supply"}),
        json!({"stage": "wounded", "points": 3}),
        json!({"stage": "betsy"}),
        json!({"stage": "event"}),
        json!({"stage": "bombard"}),
        json!({"stage": "redeploy"}),
        json!({"stage": "attack"}),
        json!({"stage": "end_day"}),
    ];
    let opening = shipped_game("the-55-days");
    for stage in stages {
        let entry = json!({
            "turn": 7,
            "action": {"type": "advance"},
            "outcome": {"type": "resolved", "summary": "brought in from another game", "rolls": [], "effects": [
                {"effect": "estate_dei_boxers", "change": {"change": "stage", "stage": stage}}
            ]},
        });
        let event = serde_json::from_value(entry).unwrap_or_else(|e| panic!("{stage}: {e}"));
        let mut game = Game::replay(Arc::new(opening.scenario().clone()), 1, vec![event])
            .unwrap_or_else(|e| panic!("{stage}: the log is taken as the truth: {e}"));
        // Either may be refused (the draw is due); neither may panic.
        let _ = game.apply(&action(r#"{"type":"return_wounded","returns":[]}"#));
        let _ = game.apply(&action(r#"{"type":"advance"}"#));
        let view = serde_json::to_string(&sandtable::api::GameView::of(1, "regression", &game)).expect("a view writes");
        assert!(view.contains(r#""stage":{"stage":"draw"}"#), "{stage}: the day begins at its draw");
    }
}

fn refused_quickly(game: &mut Game, json: &str, says: &str) {
    let before = game.events().len();
    let start = Instant::now();
    let refused = game.apply(&action(json)).map(|_| ()).unwrap_err().to_string();
    assert!(start.elapsed() < QUICK, "{json} took {:?}", start.elapsed());
    assert!(refused.contains(says), "{json}: {refused}");
    assert_eq!(game.events().len(), before, "a refusal records nothing");
}

/// Found by the edit target (cases 2926 and 3050 of seed 17): an edit setting the list entry numbered
/// u32::MAX overflowed working out the entry's place for its refusal (a panic in a debug build, "not 0"
/// in a release one).
#[test]
fn an_edit_of_the_last_entry_a_path_can_name_is_refused_saying_how_many_there_are() {
    let cases = [
        ("natives-are-restless/chakdara-fort", json!(["units", 4294967295u32])),
        ("heliograph/cotta-assault", json!(["units", 5, "at", 4294967295u32])),
    ];
    for (scenario, path) in cases {
        let text = find_shipped(scenario).unwrap_or_else(|| panic!("{scenario} ships")).source;
        let edits: Vec<Edit> =
            serde_json::from_value(json!([{"op": "set", "path": path, "value": "a title"}])).unwrap();
        let why = apply_edits(text, &edits).unwrap_err();
        assert!(why.contains("not 4294967296"), "{why}");
    }
}

/// Found by the edit target (case 234 of seed 17): a value of lists 100 deep (under serde_json's 128) was
/// written into the scenario, and the text it gave no longer read as TOML (toml_edit stops at 80).
#[test]
fn a_value_nested_deeper_than_the_file_can_be_read_is_refused() {
    let text = find_shipped("heliograph/jungle-patrol").expect("jungle-patrol ships").source;
    let deep = format!("{}1{}", "[".repeat(100), "]".repeat(100));
    let edits = format!(r#"[{{"op":"set","path":["scenario","title"],"value":{deep}}}]"#);
    let edits: Vec<Edit> = serde_json::from_str(&edits).unwrap();
    let why = apply_edits(text, &edits).unwrap_err();
    assert!(why.contains("100 deep"), "{why}");
}

/// Found by the army target (case 1 of seed 17): an army checked for a thrown value near u32::MAX (as
/// `check_army` takes it from any device) overflowed working out the cap on its dear stands.
#[test]
fn an_army_checked_for_any_thrown_value_is_answered() {
    let tables = &charts().1;
    let (name, source) = LISTS[0];
    let draft = Draft::of(&army::read(name, source).unwrap());
    for value in [u32::MAX, u32::MAX / 33 + 1, 48] {
        let checked = draft::check(tables, &draft, Target::Thrown(value));
        assert!(checked.cap <= value, "a cap of {} for {value}", checked.cap);
    }
}

/// Found by the army target (case 11 of seed 17): an army of no lines was written without its `stands`,
/// so the file `save_army` left did not read back (and the army book listed it as unreadable).
#[test]
fn an_army_of_no_lines_yet_reads_back_as_written() {
    let tables = &charts().1;
    let empty = Draft {
        name: "Nobody yet".into(),
        conflict: String::new(),
        dice: "2D6".into(),
        lines: Vec::new(),
        entrenchments: 0,
    };
    let text = empty.to_toml(tables);
    let read = army::read("saved.toml", &text).unwrap_or_else(|e| panic!("{e}:\n{text}"));
    assert_eq!(Draft::of(&read), empty);
}

/// A tablet's answers, as `sandtable serve` runs a joined device's commands.
async fn as_tablet<F: std::future::Future>(seat: Seat, work: F) -> F::Output {
    as_device(Device { seat, may_referee: false, club: None }, work).await
}

/// Found by the seats target (cases 2, 5 and 6 of seed 17): renaming, moving or putting away a game
/// answered any device with the game's summary whole, seed included.
#[tokio::test]
async fn a_game_renamed_moved_or_put_away_by_a_tablet_is_answered_without_its_seed() {
    let dir = tempfile::tempdir().unwrap();
    let api = Api::open(&dir.path().join("t.db")).await.unwrap();
    let seed = "4242424242424242";
    let id = api.new_game("heliograph/jungle-patrol.toml".into(), Some(seed.into()), None, None).await.unwrap().id;
    for seat in [Seat::Table, Seat::Side("us".into())] {
        let answers = [
            as_tablet(seat.clone(), api.rename_game(id, "Tuesday".into())).await.unwrap(),
            as_tablet(seat.clone(), api.move_game(id, None)).await.unwrap(),
            as_tablet(seat.clone(), api.archive_game(id, false)).await.unwrap(),
        ];
        for answer in answers {
            assert_eq!(answer.seed, None, "{seat} was sent the seed");
        }
    }
}

/// Found by the HTTP target (case 616 of seed 17): a forecast asked by a tablet at the whole table of a
/// game keeping nothing from it (L'Estate dei Boxers) carried its seed: the game's, mixed with the log's
/// length, so the game's own at its start.
#[tokio::test]
async fn a_forecast_asked_by_a_tablet_carries_no_seed() {
    let dir = tempfile::tempdir().unwrap();
    let api = Api::open(&dir.path().join("t.db")).await.unwrap();
    let seed = "7351962048115520007";
    let id = api.new_game("estate-dei-boxers/the-55-days.toml".into(), Some(seed.into()), None, None).await.unwrap().id;
    let forecast = as_tablet(Seat::Table, api.game_forecast(id, Some(3))).await.unwrap();
    assert_eq!(forecast.seed, "", "a tablet was sent the forecast's seed");
    assert_eq!(api.game_forecast(id, Some(3)).await.unwrap().seed, seed, "the host's own screen is sent it");
}
