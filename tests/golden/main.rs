//! Golden logs: the contract that stored games keep replaying. Each file under `logs/` is a game as the
//! store holds it (scenario text, options, seed and every event row, byte for byte) with the state the
//! game stood in when it was recorded. The test writes each into a fresh SQLite store (and, on the suite's
//! PostgreSQL pass, a PostgreSQL one), opens it the way the app does, and checks that the replayed state is
//! the recorded one, figure by figure.
//!
//! The logs were played once, by `generate.rs` at the commit that added them, and are never regenerated:
//! a change that makes one fail has changed what an old game means.

mod fixture;
mod generate;
mod snapshot;
mod typed;

use fixture::Fixture;

#[tokio::test]
async fn every_golden_log_replays_to_its_recorded_state() {
    let fixtures = Fixture::all();
    assert!(fixtures.len() >= 5, "one golden log per shipped scenario, found {}", fixtures.len());
    for fixture in &fixtures {
        let game = fixture.open_through_the_store().await;
        let replayed = snapshot::of(&game);
        assert!(
            replayed == fixture.state,
            "{}: the replayed state differs from the recorded one\n{}",
            fixture.name,
            snapshot::first_difference(&fixture.state, &replayed)
        );
    }
}

#[test]
fn every_shipped_scenario_has_a_golden_log() {
    let names: Vec<String> = Fixture::all().into_iter().map(|f| f.scenario_path).collect();
    for shipped in sandtable::scenario::shipped_scenarios() {
        let path = format!("scenarios/{}", shipped.path);
        assert!(names.contains(&path), "{path} has no golden log in tests/golden/logs/");
    }
}

#[test]
fn golden_logs_play_several_turns_with_typed_and_seeded_dice() {
    for fixture in Fixture::all() {
        let events = fixture.events();
        let turns = events.iter().map(|e| e.turn).max().unwrap_or(0);
        let rolls: Vec<_> = events.iter().flat_map(|e| e.outcome.rolls().into_iter().cloned()).collect();
        assert!(turns >= 3, "{}: only {turns} turns", fixture.name);
        assert!(rolls.iter().any(|r| r.typed), "{}: no typed dice", fixture.name);
        assert!(rolls.iter().any(|r| !r.typed), "{}: no seeded dice", fixture.name);
        assert!(events.iter().any(|e| e.outcome.is_undo_or_redo()), "{}: no undo", fixture.name);
    }
}

/// Reading a stored event and writing it again gives the same JSON (key order aside): the stored form of
/// events has not changed, so old rows and new ones are one format.
#[test]
fn every_golden_row_reads_and_writes_back_unchanged() {
    for fixture in Fixture::all() {
        for (row, event) in fixture.events.iter().zip(fixture.events()) {
            let stored: serde_json::Value = serde_json::from_str(row).unwrap();
            let written = serde_json::to_value(&event).unwrap();
            assert_eq!(written, stored, "{}: a row reads back differently", fixture.name);
        }
    }
}

/// Rows read in one pass when each object's tag comes first, as the engine writes it; the same rows with
/// every object's keys sorted (tags last or in the middle, as a hand-edited or re-encoded row may have
/// them) read into the same events.
#[test]
fn every_golden_row_reads_the_same_with_its_keys_in_another_order() {
    for fixture in Fixture::all() {
        for (row, event) in fixture.events.iter().zip(fixture.events()) {
            let sorted = serde_json::to_string(&serde_json::from_str::<serde_json::Value>(row).unwrap()).unwrap();
            let reread: sandtable::game::Event = serde_json::from_str(&sorted).unwrap();
            assert_eq!(reread, event, "{}: {sorted}", fixture.name);
        }
    }
}

/// Before each rule system read its own scenario keys, a scenario could carry another system's (a
/// Heliograph `morale` on a Sand Pebbles unit) and it was stored with the game. Such a game still opens,
/// to the same state.
#[tokio::test]
async fn a_game_stored_with_another_systems_scenario_keys_still_opens() {
    // Only the systems of that time: a game of a later one was never stored with shared keys.
    for mut fixture in
        Fixture::all().into_iter().filter(|f| ["sand-pebbles", "heliograph"].contains(&f.system.as_str()))
    {
        let (after, foreign) = match fixture.system.as_str() {
            "heliograph" => ("\n[[sides]]", "\nwestern = true"),
            _ => ("\nfigures = ", "\nmorale = 60\nhidden = true"),
        };
        let line_end = |at: usize| at + 1 + fixture.scenario_toml[at + 1..].find('\n').unwrap();
        let at = line_end(line_end(fixture.scenario_toml.find(after).expect("a side and a unit")));
        fixture.scenario_toml.insert_str(at, foreign);
        assert!(sandtable::scenario::parse("new.toml", &fixture.scenario_toml).is_err(), "{}", fixture.name);
        let game = fixture.open_through_the_store().await;
        assert!(snapshot::of(&game) == fixture.state, "{}: opens to another state", fixture.name);
    }
}

/// A stored log whose system changes were tampered with is refused when opened, naming the entry and
/// what is wrong, rather than replayed into a state no game could reach.
#[tokio::test]
async fn a_tampered_system_change_is_refused_when_the_game_opens() {
    let original = Fixture::read(&fixture::dir().join("heliograph--close-quarters.json"));
    let first = &original.events[0];
    let change = r#"{"effect":"heliograph","change":{"change":"toss_won","side":"us""#;
    assert!(first.contains(change), "the log opens with the U.S. patrol winning the toss");
    let tampered = [
        (r#"{"effect":"heliograph","change":{"change":"toss_won","side":"nobody""#, "\"nobody\""),
        (
            r#"{"effect":"no_such_system","change":{"change":"toss_won","side":"us""#,
            "cannot apply to a heliograph game",
        ),
        (r#"{"effect":"sand_pebbles","change":{"change":"phase","phase":"melee"},"x":{"y":"us""#, "heliograph game"),
        (r#"{"effect":"heliograph","change":{"change":"toss_lost","side":"us""#, "cannot read"),
    ];
    for (replacement, expected) in tampered {
        let mut fixture = original.clone();
        fixture.events[0] = first.replace(change, replacement);
        let refusal = fixture.try_open_through_the_store().await.err().map(|e| e.to_string()).unwrap_or_default();
        assert!(refusal.contains("entry 0") && refusal.contains(expected), "{replacement}: refused with {refusal:?}");
    }
}
