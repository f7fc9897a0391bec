//! The luck ledger's part, played through the app on the shipped siege: each throw's count against the
//! odds shown before it (or the chances worked out here from the charts), and the count its die gave, read
//! here from the table the view showed; an entry that cannot be followed again as recorded reports nothing;
//! the siege's result by 7.1 and 7.2; and no dice per turn for a counter.

use std::sync::Arc;

use sandtable::game::{Action, Effect, Game, GameState, Outcome};
use sandtable::odds::OddsView;
use sandtable::roster::Unit;
use sandtable::rules::{Luck, RuleSystem, systems};
use sandtable::systems::estate_dei_boxers::tables::{Rush, Volley, column, row};
use sandtable::systems::estate_dei_boxers::{Change, EstateDeiBoxers, charts};
use serde_json::{Value, json};

fn new_game(seed: u64) -> Game {
    let shipped = systems().iter().flat_map(|s| s.scenarios()).find(|s| s.path.ends_with("the-55-days.toml"));
    Game::new(Arc::new(shipped.expect("the shipped siege").load().expect("it loads")), seed)
}

fn action(json: &Value) -> Action {
    Action::from_json(&json.to_string()).unwrap_or_else(|e| panic!("{json}: {e}"))
}

fn act(game: &mut Game, json: Value) {
    game.apply(&action(&json)).unwrap_or_else(|e| panic!("{json}: {e}"));
}

/// Applies `json` and returns the luck the system reports for it, read from the table before it.
fn thrown(game: &mut Game, json: Value) -> Vec<Luck> {
    let before = game.state().clone();
    act(game, json.clone());
    let outcome = &game.events().last().expect("an entry was made").outcome;
    let scenario = game.scenario();
    scenario.rules.luck(scenario, &before, &action(&json), outcome)
}

fn estate(game: &Game) -> Value {
    let view = serde_json::to_value(sandtable::api::GameView::of(1, "test", game)).expect("views serialise");
    view["rules"]["view"].clone()
}

fn modifiers(listed: &Value) -> i32 {
    listed.as_array().expect("a list of modifiers").iter().map(|m| m[1].as_i64().unwrap() as i32).sum()
}

/// The chance the odds give the results whose words name `count` points ("3 Boxer points eliminated");
/// every other result counts none.
fn shown(odds: &OddsView, count: i64) -> f64 {
    let points = |label: &str| label.split(' ').next().and_then(|n| n.parse::<i64>().ok()).unwrap_or(0);
    odds.lines.iter().filter(|l| points(&l.label) == count).map(|l| l.p).sum()
}

fn assert_matches_odds(luck: &Luck, odds: &OddsView) {
    for (count, p) in luck.expected.entries() {
        assert!((p - shown(odds, count)).abs() < 1e-12, "{count}: {p} against {:?}", odds.lines);
    }
    let total: f64 = odds.lines.iter().map(|l| l.p).sum();
    assert!((luck.expected.total_probability() - total).abs() < 1e-12);
}

/// Seed 3, the shipped siege with two more American counters on the wall (TW2), the set-up done and a
/// black king typed, followed phase by phase: the supply is done, the event test is next.
fn a_black_king() -> Game {
    let mut game = new_game(3);
    act(&mut game, json!({"type": "reposition", "counter": "us-1", "zone": "TW2"}));
    act(&mut game, json!({"type": "reposition", "counter": "us-2", "zone": "TW2"}));
    act(&mut game, json!({"type": "advance"}));
    act(&mut game, json!({"type": "follow", "phase_by_phase": true}));
    act(&mut game, json!({"type": "draw_card", "card": "KS"}));
    game
}

/// The event test on 4 + 6 (10, light rain: no bombardment), then, the combat left to run, the attack
/// entering at 1 and moving up to the American barricade on the wall, where the soldiers must fire.
fn attacked() -> (Game, Vec<Luck>, GameState) {
    let mut game = a_black_king();
    act(&mut game, json!({"type": "follow", "phase_by_phase": false}));
    let before = game.state().clone();
    let luck = thrown(&mut game, json!({"type": "advance", "dice": [4, 6, 1]}));
    (game, luck, before)
}

#[test]
fn the_event_test_counts_the_events_in_the_defenders_favour_over_every_2d6_total() {
    let (_, luck, _) = attacked();
    assert_eq!(luck.len(), 1, "the entry zone's die counts nothing: {luck:?}");
    let events = &luck[0];
    assert_eq!((events.side.as_str(), events.measure.as_str()), ("powers", "events in the defenders' favour"));
    // No event has been used: 4 (3 ways), 7 (6), 9 (4), 10 (3), 11 (2) and 12 (1) favour the defenders.
    assert!((events.expected.p(1) - 19.0 / 36.0).abs() < 1e-12, "{events:?}");
    assert_eq!(events.actual, 1, "4 + 6 = 10: light rain");
}

#[test]
fn an_entry_whose_cup_draw_was_not_recorded_is_not_guessed_at() {
    let (game, luck, before) = attacked();
    assert!(!luck.is_empty());
    // The same entry as a log stored before the draws were kept would hold it.
    let entry = game.events().last().expect("the attack");
    let Outcome::Resolved { summary, rolls, effects } = entry.outcome.clone() else { panic!("a resolved entry") };
    let unrecorded: Vec<Effect> = effects
        .into_iter()
        .map(|e| match &e {
            Effect::System(change) => match change.read::<EstateDeiBoxers>() {
                Ok(Change::Today { today }) => {
                    assert_ne!(today.drawn, 0, "the attack's draw is recorded");
                    let today = sandtable::systems::estate_dei_boxers::siege::Today { drawn: 0, ..*today };
                    EstateDeiBoxers::effect(Change::Today { today })
                }
                _ => e,
            },
            _ => e,
        })
        .collect();
    let stored = Outcome::Resolved { summary, rolls, effects: unrecorded };
    let json = json!({"type": "advance", "dice": [4, 6, 1]});
    let scenario = game.scenario();
    assert_eq!(scenario.rules.luck(scenario, &before, &action(&json), &stored), Vec::new());
}

#[test]
fn the_soldiers_fire_and_the_boxers_melee_count_kills_against_the_odds_shown_before_each() {
    let (mut game, _, _) = attacked();
    act(&mut game, json!({"type": "follow", "phase_by_phase": true}));
    let view = estate(&game);
    let choice = view["fires"][0]["choices"].as_array().unwrap().iter().find(|c| c["guns"] == "join").unwrap().clone();
    assert_eq!((view["fires"][0]["from"].as_str(), choice["target"].as_str()), (Some("TW2"), Some("TW2")));
    let fire = json!({"type": "fire", "from": "TW2", "target": "TW2", "guns": "join", "dice": [3]});
    let odds = game.odds(&action(&fire)).unwrap();
    let luck = thrown(&mut game, fire);
    assert_eq!(luck.len(), 1, "{luck:?}");
    let kills = &luck[0];
    assert_eq!((kills.side.as_str(), kills.measure.as_str()), ("powers", "kills"));
    assert_matches_odds(kills, &odds);
    let points = choice["points"].as_u64().unwrap() as u32;
    let cell = charts().soldiers[row(3 + modifiers(&choice["modifiers"]), 8)][column(points)];
    assert_eq!(kills.actual, if let Volley::Kill(n) = cell { i64::from(n) } else { 0 });

    // Phase 4: the Boxers' melee on the wall, its odds shown by `advance`.
    let melee = estate(&game)["melees"][0].clone();
    assert_eq!(melee["zone"], "TW2");
    let advance = json!({"type": "advance", "dice": [1]});
    let odds = game.odds(&action(&advance)).unwrap();
    let luck = thrown(&mut game, advance);
    let boxers: Vec<&Luck> = luck.iter().filter(|l| l.side == "boxers").collect();
    let kills = boxers.first().expect("the Boxers' melee");
    assert_eq!(kills.measure, "kills");
    assert_matches_odds(kills, &odds);
    let points = melee["boxer_points"].as_u64().unwrap() as u32;
    let cell = charts().boxers[row(1 + modifiers(&melee["boxer_modifiers"]), 8)][column(points)];
    assert_eq!(kills.actual, if let Rush::Kill(n) = cell { i64::from(n) } else { 0 });
    for counted in &luck {
        assert!((counted.expected.total_probability() - 1.0).abs() < 1e-12, "{counted:?}");
        assert!(counted.expected.p(counted.actual) > 0.0, "a count the dice could give: {counted:?}");
    }
}

/// A black 5: the supply, then the bombardment (2D6 for the quarter, a die for each zone of it the
/// defenders hold), thrown by the app's own dice; then the defenders reposition.
#[test]
fn a_bombardment_counts_the_zones_it_shells_and_the_points_each_zones_die_kills() {
    let mut game = new_game(5);
    act(&mut game, json!({"type": "advance"}));
    let view = estate(&game);
    let luck = thrown(&mut game, json!({"type": "draw_card", "card": "5S"}));
    let Outcome::Resolved { rolls, .. } = &game.events().last().unwrap().outcome else { panic!("a resolved day") };
    let faces: Vec<i64> = rolls.iter().map(|r| r.roll.total).collect();
    let zones = view["map"]["zones"].as_array().unwrap();
    let holds = |z: &&Value| z["soldiers"].as_u64().unwrap() + z["civilians"].as_u64().unwrap() > 0;
    let held_in = |quarter: u8| zones.iter().filter(holds).filter(|z| z["quarter"] == quarter).count() as i64;
    let shelled = |total: usize| held_in(charts().quarters[total - 2]);

    let quarter = &luck[0];
    assert_eq!((quarter.side.as_str(), quarter.measure.as_str()), ("boxers", "zones shelled"));
    for count in quarter.expected.min()..=quarter.expected.max() {
        let ways = (1..=6).flat_map(|a| (1..=6).map(move |b| a + b)).filter(|&t| shelled(t) == count).count();
        assert!((quarter.expected.p(count) - ways as f64 / 36.0).abs() < 1e-12, "{count}: {quarter:?}");
    }
    let total = (faces[0] + faces[1]) as usize;
    assert_eq!(quarter.actual, shelled(total));

    // The first zone shelled: the lowest of the quarter the defenders hold, its points the table's column.
    let q = charts().quarters[total - 2];
    let Some(first) = zones.iter().filter(holds).find(|z| z["quarter"] == q) else {
        assert_eq!(luck.len(), 1, "no zone shelled, nothing more thrown");
        return;
    };
    let points = (first["soldiers"].as_u64().unwrap() + first["civilians"].as_u64().unwrap()) as u32;
    let sheltered = first["terrain"] == "legation" || first["barricade"] == true || first["ruin"] == true;
    let cell = |die: i64| charts().bombardment[row(die as i32 - i32::from(sheltered), 7)][column(points)];
    let kills = &luck[1];
    assert_eq!((kills.side.as_str(), kills.measure.as_str()), ("boxers", "kills"));
    for count in kills.expected.min()..=kills.expected.max() {
        let ways = (1..=6).filter(|&d| i64::from(cell(d).soldiers) == count).count();
        assert!((kills.expected.p(count) - ways as f64 / 6.0).abs() < 1e-12, "{count}: {kills:?}");
    }
    assert_eq!(kills.actual, i64::from(cell(faces[2]).soldiers));
}

fn band(points: i64, boxers: bool) -> &'static str {
    match points {
        ..=20 => "a disaster",
        21..=50 => "a defeat",
        51..=75 => "a marginal victory",
        76..=99 if boxers => "a tactical victory",
        76..=99 => "a victory",
        _ => "a great victory",
    }
}

#[test]
fn the_result_is_the_victory_count_standing_now_and_final_once_the_siege_is_over() {
    let mut game = new_game(11);
    act(&mut game, json!({"type": "advance"}));
    let result = |game: &Game| {
        let scenario = game.scenario();
        scenario.rules.result(scenario, game.state()).expect("the siege has a result")
    };
    let start = result(&game);
    let score = &estate(&game)["score"];
    assert!(!start.ended);
    assert_eq!(start.points["powers"], score["powers"].as_i64().unwrap());
    assert_eq!(start.points["boxers"], 0);
    assert_eq!(start.winner.as_deref(), Some("powers"));
    assert!(start.verdict.starts_with(&format!("The Great Powers win, {} VP to 0", start.points["powers"])));

    // Sandtable's suggestion at every decision, to the last card.
    for _ in 0..5000 {
        let view = estate(&game);
        match view["stage"]["stage"].as_str().unwrap() {
            "over" => break,
            "draw" => act(&mut game, json!({"type": "draw_card"})),
            _ => act(&mut game, json!({"type": "advance"})),
        }
    }
    let view = estate(&game);
    assert_eq!(view["stage"]["stage"], "over");
    let end = result(&game);
    assert!(end.ended);
    let (powers, boxers) = (view["score"]["powers"].as_i64().unwrap(), view["score"]["boxers"].as_i64().unwrap());
    assert_eq!((end.points["powers"], end.points["boxers"]), (powers, boxers));
    let overrun = view["over"].as_str().unwrap().contains("overran");
    let bands = format!("{} for the Great Powers, {} for the Boxers", band(powers, false), band(boxers, true));
    let (verdict, winner) = if overrun {
        ("Total victory for the Boxers: no soldier and no civilian is left (7.1)".to_string(), Some("boxers"))
    } else if powers > boxers {
        (format!("The Great Powers win, {powers} VP to {boxers}: {bands}"), Some("powers"))
    } else if boxers > powers {
        (format!("The Boxers win, {boxers} VP to {powers}: {bands}"), Some("boxers"))
    } else {
        (format!("A draw, {powers} VP each: {bands}"), None)
    };
    assert_eq!(end.verdict, verdict);
    assert_eq!(end.winner.as_deref(), winner);
}

#[test]
fn a_counter_has_no_dice_of_its_own_a_turn() {
    let game = new_game(3);
    let counter = Unit {
        id: "gb-1".into(),
        name: "British marines".into(),
        side: "powers".into(),
        kind: "soldiers".into(),
        facing: 0.0,
        figures: Vec::new(),
        flags: Default::default(),
        fallen: Vec::new(),
    };
    let scenario = game.scenario();
    assert_eq!(scenario.rules.dice_per_turn(scenario, game.state(), &counter), None);
}
