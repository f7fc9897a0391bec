//! The contract every rule system passes, run for each system the registry lists and each of its shipped
//! scenarios, the way shakmaty runs one perft test over every variant: a new system gets all of it by
//! registering. Long seeded random games, played through what the engine itself offers, check that
//! - the state replayed from the events' stored JSON is the live state, bit for bit;
//! - undo then redo gives back the state exactly;
//! - a refused action records nothing and changes nothing;
//! - every odds distribution sums to 1 (within 1e-12) and every chance lies in [0, 1];
//! - the entry that ends a battle says so, with the result in the system's words;
//! - nothing panics;
//! - a device that applies every change the server sends (`ViewChange`) holds, after every action and for
//!   every seat, the very view the server builds afresh, and each change is small.
//!
//! And for every prefix of every golden log, the game view builds and serialises.

#[path = "../golden/fixture.rs"]
#[allow(dead_code)]
mod fixture;
mod player;
#[path = "../golden/snapshot.rs"]
#[allow(dead_code)]
mod snapshot;
#[path = "../golden/typed.rs"]
mod typed;

use std::sync::Arc;

use sandtable::api::{GameView, SentView, ViewChange};
use sandtable::game::{Action, Event, Game};
use sandtable::odds::OddsView;
use sandtable::rules::{self, Seat};
use sandtable::scenario::Scenario;

use player::Player;

/// Accepted actions in each of a scenario's two random games: a few thousand for each system.
const ACTIONS: usize = 1000;
/// How often (in accepted actions) the game is replayed from its stored JSON and undo/redo is tried.
const REPLAY_EVERY: usize = 150;
const UNDO_EVERY: usize = 41;

/// Every shipped scenario of every registered system, and the golden logs' own tables (one sets forces
/// at close quarters, where charges and melees come about sooner).
fn every_scenario() -> Vec<(String, Scenario)> {
    let shipped = rules::systems()
        .iter()
        .flat_map(|system| system.scenarios())
        .map(|shipped| (shipped.path.to_string(), shipped.load().unwrap_or_else(|e| panic!("{e}"))));
    let golden = fixture::Fixture::all()
        .into_iter()
        .filter(|f| !f.scenario_path.starts_with("scenarios/"))
        .map(|f| (f.scenario_path.clone(), sandtable::scenario::parse(&f.scenario_path, &f.scenario_toml).unwrap()));
    shipped.chain(golden).collect()
}

#[test]
fn every_registered_system_ships_a_scenario() {
    for system in rules::systems() {
        assert!(!system.scenarios().is_empty(), "{} ships no scenario", system.id());
        assert_eq!(system.ruleset().id, system.id());
    }
}

#[test]
fn seeded_random_play_keeps_the_contract_in_every_scenario() {
    let mut taken = std::collections::BTreeSet::new();
    for (i, (name, scenario)) in every_scenario().into_iter().enumerate() {
        for seed in [1000 + i as u64, 2000 + i as u64] {
            let stats = play_checked(&name, scenario.clone(), seed);
            taken.extend(stats.kinds.keys().cloned());
            eprintln!("{name}, seed {seed}: {stats:?}");
            assert!(stats.turns >= 2, "{name}: the random game never left turn 1 ({stats:?})");
            assert!(stats.refused > 0, "{name}: no action was ever refused ({stats:?})");
            assert!(stats.odds > 0, "{name}: no odds were ever asked ({stats:?})");
        }
    }
    // Figures placed by hand reach the log, so replay and undo are checked on them too.
    for kind in ["place_figure", "arrange", "correct_position"] {
        assert!(taken.contains(kind), "no random game ever took {kind}: {taken:?}");
    }
}

/// Accepted actions in each scenario's game played for the changes: every one is checked at every seat, so
/// fewer than the long games above.
const CHANGES_ACTIONS: usize = 120;
/// What an action's change may weigh, as JSON, at the median of a scenario's game: an answer a tablet reads
/// at once. (A day's whole advance in L'Estate dei Boxers, moving every counter, weighs more, and may.)
const CHANGE_BYTES: usize = 8 * 1024;

#[test]
fn a_device_applying_every_change_holds_the_view_built_afresh_at_every_seat() {
    let mut heaviest = (0, String::new());
    for (i, (name, scenario)) in every_scenario().into_iter().enumerate() {
        let mut sizes = Vec::new();
        let seats: Vec<Seat> = [Seat::Referee, Seat::Table]
            .into_iter()
            .chain(scenario.sides.iter().map(|s| Seat::Side(s.id.clone())))
            .collect();
        let scenario = Arc::new(scenario);
        let seed = 3000 + i as u64;
        let mut game = Game::new(scenario, seed);
        let mut player = Player::new(seed);
        // What each seat's device holds, and what the server last built for it (the change's base).
        let sent = |game: &Game, seat: &Seat| SentView::of(GameView::seen(1, &name, game, seat));
        let mut built: Vec<SentView> = seats.iter().map(|seat| sent(&game, seat)).collect();
        let mut held: Vec<serde_json::Value> = built.iter().map(|v| v.json.clone()).collect();
        for step in 0..CHANGES_ACTIONS {
            let accepted = player.candidates(&game).into_iter().any(|action| game.apply(&action).is_ok());
            assert!(accepted, "{name}: no action is accepted after {step}");
            if step % UNDO_EVERY == UNDO_EVERY - 1 && game.can_undo() {
                game.apply(&Action::Undo {}).unwrap();
            }
            for ((seat, last), view) in seats.iter().zip(built.iter_mut()).zip(held.iter_mut()) {
                let fresh = sent(&game, seat);
                // A version names a view, so a device can trust a change's `from`: built again, the same.
                if step % 10 == 0 {
                    assert_eq!(
                        sent(&game, seat).version(),
                        fresh.version(),
                        "{name} at {seat:?}: a view's version moved"
                    );
                }
                let change = ViewChange::between(last, &fresh);
                let bytes = serde_json::to_string(&change).unwrap().len();
                sizes.push(bytes);
                if bytes > heaviest.0 {
                    heaviest = (bytes, format!("{name} at {seat:?}, action {step}"));
                }
                *view = change.apply(view).unwrap_or_else(|e| panic!("{name} at {seat:?}, action {step}: {e}"));
                assert!(
                    *view == fresh.json,
                    "{name} at {seat:?}, action {step}: the view made by the change differs from the one built afresh"
                );
                *last = fresh;
            }
        }
        sizes.sort_unstable();
        let (median, most) = (sizes[sizes.len() / 2], sizes[sizes.len() - 1]);
        eprintln!("{name}: changes of {median} bytes at the median, {most} at most");
        assert!(median <= CHANGE_BYTES, "{name}: changes of {median} bytes at the median, over {CHANGE_BYTES}");
    }
    eprintln!("the heaviest change: {} bytes ({})", heaviest.0, heaviest.1);
}

#[test]
fn the_view_builds_for_every_prefix_of_the_golden_logs() {
    for fixture in fixture::Fixture::all() {
        let mut scenario = sandtable::scenario::parse(&fixture.scenario_path, &fixture.scenario_toml).unwrap();
        scenario.set_options(&serde_json::from_str(&fixture.options_json).unwrap()).unwrap();
        let scenario = Arc::new(scenario);
        let seed: u64 = fixture.seed.parse().unwrap();
        let events = fixture.events();
        for k in 0..=events.len() {
            let game = Game::replay(scenario.clone(), seed, events[..k].to_vec())
                .unwrap_or_else(|e| panic!("{} at {k}: {e}", fixture.name));
            let view = GameView::of(1, &fixture.name, &game);
            serde_json::to_string(&view).unwrap_or_else(|e| panic!("{} at {k}: {e}", fixture.name));
        }
    }
}

#[derive(Debug, Default)]
struct Stats {
    accepted: usize,
    refused: usize,
    odds: usize,
    turns: u32,
    /// How many of each kind of action the game took.
    kinds: std::collections::BTreeMap<String, usize>,
}

/// Plays `scenario` with a seeded random player, checking the contract along the way.
fn play_checked(name: &str, scenario: Scenario, seed: u64) -> Stats {
    let scenario = Arc::new(scenario);
    let mut game = Game::new(scenario.clone(), seed);
    let mut player = Player::new(seed);
    let mut stats = Stats::default();
    while stats.accepted < ACTIONS {
        let mut taken = false;
        for action in player.candidates(&game) {
            if let Ok(odds) = game.odds(&action) {
                check_odds(name, &action, &odds);
                stats.odds += 1;
            }
            let ended_before = battle_ended(&game);
            let typed = game.prepare(&action).ok().and_then(|event| player.maybe_typed(&action, &event.outcome));
            if let Some(typed) = typed
                && game.apply(&typed).is_ok()
            {
                check_end_told(name, &game, ended_before);
                taken = true;
                break;
            }
            let (length, before) = (game.events().len(), game.state().clone());
            match game.apply(&action) {
                Ok(_) => {
                    check_end_told(name, &game, ended_before);
                    taken = true;
                    break;
                }
                Err(_) => {
                    stats.refused += 1;
                    assert_eq!(game.events().len(), length, "{name}: a refused {action:?} recorded something");
                    assert!(game.state() == &before, "{name}: a refused {action:?} changed the state");
                }
            }
        }
        assert!(taken, "{name}: no action is accepted after {} actions", stats.accepted);
        stats.accepted += 1;
        if stats.accepted.is_multiple_of(UNDO_EVERY) {
            check_undo_redo(name, &mut game);
        }
        if stats.accepted.is_multiple_of(REPLAY_EVERY) {
            check_replay(name, &game);
        }
    }
    check_replay(name, &game);
    stats.turns = game.state().turn;
    stats.kinds = game.events().iter().fold(std::collections::BTreeMap::new(), |mut kinds, e| {
        *kinds.entry(e.action.type_name().to_string()).or_insert(0) += 1;
        kinds
    });
    stats
}

/// The game replayed from each event's stored JSON is the live game, bit for bit.
fn check_replay(name: &str, game: &Game) {
    let rows: Vec<String> = game.events().iter().map(|e| serde_json::to_string(e).unwrap()).collect();
    let parsed: Vec<Event> = rows.iter().map(|r| serde_json::from_str(r).unwrap()).collect();
    let replayed = Game::replay(game.shared_scenario(), game.seed(), parsed).unwrap();
    assert!(replayed.events() == game.events(), "{name}: the events read back differ from those written");
    let (live, again) = (snapshot::of(game), snapshot::of(&replayed));
    assert!(live == again, "{name}: replay differs from live play\n{}", snapshot::first_difference(&live, &again));
    assert!(replayed.state() == game.state(), "{name}: replay differs from live play");
}

fn battle_ended(game: &Game) -> bool {
    let scenario = game.scenario();
    scenario.rules.result(scenario, game.state()).is_some_and(|result| result.ended)
}

/// A battle's end is read in the log, not only on the turn bar: the entry that ended it gives the result.
fn check_end_told(name: &str, game: &Game, ended_before: bool) {
    let scenario = game.scenario();
    let Some(result) = scenario.rules.result(scenario, game.state()) else { return };
    if result.ended && !ended_before {
        let entry = game.log_page(None, 1).pop().expect("an entry was just made");
        assert!(
            entry.text.contains(&result.verdict),
            "{name}: the entry that ended the battle does not say so: {}",
            entry.text
        );
    }
}

/// Undo then redo gives back exactly the state before them.
fn check_undo_redo(name: &str, game: &mut Game) {
    if !game.can_undo() {
        return;
    }
    let before = game.state().clone();
    game.apply(&Action::Undo {}).unwrap_or_else(|e| panic!("{name}: undo refused: {e}"));
    game.apply(&Action::Redo {}).unwrap_or_else(|e| panic!("{name}: redo refused: {e}"));
    assert!(game.state() == &before, "{name}: undo then redo did not give back the state");
}

fn check_odds(name: &str, action: &Action, odds: &OddsView) {
    let total: f64 = odds.outcomes.iter().map(|o| o.p).sum();
    assert!((total - 1.0).abs() <= 1e-12, "{name}: odds of {action:?} sum to {total}");
    for outcome in &odds.outcomes {
        assert!((0.0..=1.0).contains(&outcome.p), "{name}: odds of {action:?}: p = {}", outcome.p);
    }
    for line in &odds.lines {
        assert!((0.0..=1.0).contains(&line.p), "{name}: {action:?}: {} = {}", line.label, line.p);
    }
    assert!(odds.mean.is_finite(), "{name}: odds of {action:?} have no mean");
}
