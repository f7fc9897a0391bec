//! Sequence of play: initiative for movement and again for fire (high die chooses, ties rolled again),
//! phases A-G in order, phase C resolved before D fires, and the turn ending after the melee phase.

use std::sync::Arc;

use sandtable::game::{Action, Game};
use sandtable::systems::sand_pebbles::{Phase, Turn};

use crate::support::{Sp, unit};

fn phase(sp: &Sp) -> Phase {
    sp.game.state().rules.get::<Turn>().expect("a Sand Pebbles game has the Sand Pebbles turn sequence").phase
}

fn lines() -> String {
    unit("marines", "allies", "marines", 10, (30.0, 10.0)) + &unit("boxers", "boxers", "boxers", 10, (30.0, 25.0))
}

#[test]
fn a_typed_tie_in_initiative_asks_for_the_roll_again_after_it() {
    let mut sp = Sp::new(&lines());
    let r = sp.refused(r#"{"type":"initiative","dice":[4,4]}"#);
    assert!(r.message.contains("a tie (4 each): type the dice") && r.rule.unwrap().contains("ties are rolled again"));
    let line = sp.ok(r#"{"type":"initiative","dice":[4,4,2,5]}"#);
    assert!(line.contains("Boxers choose who moves first"), "{line}");
    assert_eq!(phase(&sp), Phase::MoveOrder);
}

#[test]
fn seeded_initiative_rerolls_ties_until_one_side_wins() {
    for seed in 0..40 {
        let scenario = sandtable::scenario::find_shipped("legation-wall").unwrap().load().unwrap();
        let mut game = Game::new(Arc::new(scenario), seed);
        let event = game.apply(&Action::from_json(r#"{"type":"initiative"}"#).unwrap()).unwrap().clone();
        let faces: Vec<i64> = event.outcome.rolls().iter().map(|r| r.total).collect();
        assert_eq!(faces.len() % 2, 0);
        for pair in faces.chunks(2).take(faces.len() / 2 - 1) {
            assert_eq!(pair[0], pair[1], "only ties are rolled again");
        }
        let last = &faces[faces.len() - 2..];
        assert_ne!(last[0], last[1]);
    }
}

#[test]
fn the_turn_runs_initiative_a_b_initiative_c_d_then_g_when_nobody_charged() {
    let mut sp = Sp::new(&lines());
    sp.movement("boxers");
    assert_eq!(phase(&sp), Phase::MoveFirst);
    sp.ok(r#"{"type":"end_phase"}"#);
    assert_eq!(phase(&sp), Phase::MoveSecond);
    sp.ok(r#"{"type":"end_phase"}"#);
    assert_eq!(phase(&sp), Phase::FireInitiative);
    assert!(sp.refused(r#"{"type":"end_phase"}"#).message.contains("roll initiative"));
    sp.ok(r#"{"type":"initiative","dice":[6,1]}"#);
    let unknown = sp.try_act(r#"{"type":"choose_order","first":"french"}"#);
    assert!(unknown.unwrap_err().to_string().contains("no side \"french\""));
    sp.ok(r#"{"type":"choose_order","first":"boxers"}"#);
    assert_eq!(phase(&sp), Phase::FireFirst);
    sp.ok(r#"{"type":"end_phase"}"#);
    let line = sp.ok(r#"{"type":"end_phase"}"#);
    assert!(line.contains("next: Melee") && line.contains("no charges"), "{line}");
    assert!(sp.refused(r#"{"type":"end_phase"}"#).message.contains("begin the next turn"));
    assert!(sp.ok(r#"{"type":"next_turn"}"#).contains("Turn 2 begins"));
    assert_eq!(sp.game.log_entries().last().unwrap().turn, 2, "the entry that opens turn 2 reads under it");
    assert_eq!(phase(&sp), Phase::MoveInitiative);
}

#[test]
fn phase_c_casualties_come_off_before_phase_d_fires() {
    let mut sp = Sp::new(&lines());
    sp.fire_phase("allies");
    sp.ok(r#"{"type":"fire","unit":"marines","target":"boxers","dice":[2,2,2,20,20,20,20,20,20,20]}"#);
    sp.ok(r#"{"type":"end_phase"}"#);
    let line = sp.ok(r#"{"type":"fire","unit":"boxers","target":"marines","dice":[20,20,20,20,20,20,20]}"#);
    assert!(line.contains("7 D20"), "three Boxers fell in C, so seven fire in D: {line}");
}

#[test]
fn a_phase_taken_out_of_order_is_refused_with_the_rule() {
    let mut sp = Sp::new(&lines());
    let r = sp.refused(r#"{"type":"choose_order","first":"allies"}"#);
    assert!(r.rule.unwrap().contains("Sequence of play"));
    let r = sp.refused(r#"{"type":"next_turn"}"#);
    assert!(r.message.contains("turn ends after the melee phase"));
    sp.movement("allies");
    assert!(sp.refused(r#"{"type":"initiative"}"#).message.contains("not during"));
}

#[test]
fn undo_steps_back_through_the_sequence_and_replay_rebuilds_it() {
    let mut sp = Sp::new(&lines());
    sp.movement("allies");
    sp.ok(r#"{"type":"roll_move","unit":"marines","dice":[1,1]}"#);
    sp.ok(r#"{"type":"end_phase"}"#);
    sp.ok(r#"{"type":"undo"}"#);
    assert_eq!(phase(&sp), Phase::MoveFirst);
    sp.ok(r#"{"type":"undo"}"#);
    sp.ok(r#"{"type":"undo"}"#);
    assert_eq!(phase(&sp), Phase::MoveOrder);
    sp.ok(r#"{"type":"redo"}"#);
    assert_eq!(phase(&sp), Phase::MoveFirst);
    let replayed = Game::replay(sp.game.shared_scenario(), sp.game.seed(), sp.game.events().to_vec()).unwrap();
    assert_eq!(replayed.state(), sp.game.state());
}

#[test]
fn a_melee_turn_replays_from_its_stored_json() {
    let mut sp = Sp::new(
        &(unit("marines", "allies", "marines", 5, (30.0, 10.0)) + &unit("boxers", "boxers", "boxers", 8, (30.0, 20.0))),
    );
    sp.movement("allies");
    sp.ok(r#"{"type":"roll_move","unit":"marines"}"#);
    sp.ok(r#"{"type":"charge","unit":"marines","target":"boxers"}"#);
    sp.on_to_fire("boxers");
    sp.ok(r#"{"type":"fire","unit":"boxers","target":"marines"}"#);
    sp.ok(r#"{"type":"end_phase"}"#);
    // Whatever tests the seeded fire left owed, taken with seeded dice.
    sp.tests_to_melee(&[("marines", None), ("boxers", None)]);
    sp.ok(r#"{"type":"melee","unit":"marines"}"#);
    let json: Vec<String> = sp.game.events().iter().map(|e| serde_json::to_string(e).unwrap()).collect();
    let events = json.iter().map(|j| serde_json::from_str(j).unwrap()).collect();
    let replayed = Game::replay(sp.game.shared_scenario(), sp.game.seed(), events).unwrap();
    assert_eq!(replayed.state(), sp.game.state());
}

/// An action with no fields still refuses one it does not take, rather than applying and logging it.
#[test]
fn ending_a_phase_with_a_field_it_does_not_take_is_refused() {
    let mut sp = Sp::new(&lines());
    sp.ok(r#"{"type":"initiative","dice":[2,5]}"#);
    sp.ok(r#"{"type":"choose_order","first":"allies"}"#);
    let err = sp.try_act(r#"{"type":"end_phase","phase":"c"}"#).unwrap_err().to_string();
    assert!(err.contains("unknown field `phase`"), "{err}");
    assert_eq!(phase(&sp), Phase::MoveFirst);
}
