use std::sync::Arc;

use super::*;
use crate::measure::Pt;
use crate::scenario::find_shipped;

fn wall_game(seed: u64) -> Game {
    let scenario = find_shipped("legation-wall").unwrap().load().unwrap();
    Game::new(Arc::new(scenario), seed)
}

/// The legation wall game in phase A with the Legation Guard moving first.
fn allies_moving(seed: u64) -> Game {
    allies_moving_with(seed, &[])
}

/// The same, with the named on-or-off `options` on.
fn allies_moving_with(seed: u64, options: &[&str]) -> Game {
    let mut scenario = find_shipped("legation-wall").unwrap().load().unwrap();
    for name in options {
        scenario.options.insert(name.to_string(), serde_json::Value::Bool(true));
    }
    let mut game = Game::new(Arc::new(scenario), seed);
    game.apply(&act(r#"{"type":"initiative","dice":[6,1]}"#)).unwrap();
    game.apply(&act(r#"{"type":"choose_order","first":"allies"}"#)).unwrap();
    game
}

/// An action as a player sends it, for the rule system's own.
fn act(json: &str) -> Action {
    Action::from_json(json).unwrap()
}

fn marines_alive(game: &Game) -> u32 {
    game.state().unit("us-marines").unwrap().alive_count()
}

fn roll_move_typed(game: &mut Game, faces: [i64; 2]) {
    game.apply(&Action::RollMove { unit: "us-marines".into(), expr: None, dice: Some(faces.to_vec()) }).unwrap();
}

#[test]
fn typed_movement_dice_set_the_allowance() {
    let mut game = allies_moving(1);
    roll_move_typed(&mut game, [3, 5]);
    let a = &game.state().allowances["us-marines"];
    assert_eq!((a.expr.as_str(), a.total, a.left), ("2D6+6", 14, 14.0));
}

#[test]
fn a_move_within_the_allowance_moves_every_figure() {
    let mut game = allies_moving(1);
    roll_move_typed(&mut game, [3, 5]);
    let before = game.state().unit("us-marines").unwrap().figures.clone();
    // The marines' leader stands on the wall at (24, 14.75): 10" straight down the table.
    game.apply(&Action::Move { unit: "us-marines".into(), path: vec![Pt { x: 24.0, y: 24.75 }], facing: None })
        .unwrap();
    let after = &game.state().unit("us-marines").unwrap().figures;
    for (b, a) in before.iter().zip(after) {
        assert!((a.pos.y - b.pos.y - 10.0).abs() < 1e-9 && (a.pos.x - b.pos.x).abs() < 1e-9);
    }
    assert!((game.state().allowances["us-marines"].left - 4.0).abs() < 1e-9);
}

#[test]
fn a_move_past_the_allowance_is_refused_and_records_nothing() {
    let mut game = allies_moving(1);
    roll_move_typed(&mut game, [1, 1]);
    let err = game
        .apply(&Action::Move { unit: "us-marines".into(), path: vec![Pt { x: 24.0, y: 23.0 }], facing: None })
        .unwrap_err();
    let GameError::Refused(refusal) = err else { panic!("expected a refusal, got {err:?}") };
    assert!(refusal.message.contains("exceeds the allowance of 8.0\""), "{}", refusal.message);
    assert!(refusal.rule.unwrap().contains("Sand Pebbles, Movement Chart"));
    assert_eq!(game.events().len(), 3, "initiative, order, roll: the refused move adds nothing");
}

#[test]
fn moving_before_rolling_is_refused() {
    let mut game = wall_game(1);
    let err =
        game.apply(&Action::Move { unit: "us-marines".into(), path: vec![Pt { x: 24.0, y: 14.0 }], facing: None });
    assert!(matches!(err, Err(GameError::Refused(_))));
}

#[test]
fn a_second_movement_roll_in_a_turn_is_refused() {
    let mut game = allies_moving(1);
    roll_move_typed(&mut game, [3, 5]);
    let again = game.apply(&Action::RollMove { unit: "us-marines".into(), expr: None, dice: None });
    assert!(matches!(again, Err(GameError::Refused(_))));
}

#[test]
fn three_losses_then_one_undo_leaves_two_lost() {
    let mut game = wall_game(1);
    game.apply(&Action::RecordLosses { unit: "us-marines".into(), count: 3 }).unwrap();
    assert_eq!(marines_alive(&game), 7);
    game.apply(&Action::Undo {}).unwrap();
    assert_eq!(marines_alive(&game), 10);
    game.apply(&Action::Redo {}).unwrap();
    assert_eq!(marines_alive(&game), 7);
    game.apply(&Action::RestoreFigures { unit: "us-marines".into(), count: 1 }).unwrap();
    assert_eq!(marines_alive(&game), 8);
}

#[test]
fn undo_takes_back_one_action_at_a_time_and_a_new_action_ends_redo() {
    let mut game = wall_game(1);
    game.apply(&Action::RecordLosses { unit: "us-marines".into(), count: 1 }).unwrap();
    game.apply(&Action::RecordLosses { unit: "us-marines".into(), count: 2 }).unwrap();
    game.apply(&Action::Undo {}).unwrap();
    assert_eq!(marines_alive(&game), 9);
    game.apply(&Action::Undo {}).unwrap();
    assert_eq!(marines_alive(&game), 10);
    assert!(matches!(game.apply(&Action::Undo {}), Err(GameError::Refused(_))));
    game.apply(&Action::Note { text: "the Boxers fall back".into() }).unwrap();
    assert!(!game.can_redo());
    let undone = game.undone_flags();
    assert_eq!(undone, vec![true, true, false, false, false]);
}

#[test]
fn a_unit_with_no_figures_is_out_and_cannot_move() {
    let mut game = wall_game(1);
    game.apply(&Action::RecordLosses { unit: "us-marines".into(), count: 40 }).unwrap();
    assert!(game.state().unit("us-marines").unwrap().is_out());
    assert!(matches!(
        game.apply(&Action::RollMove { unit: "us-marines".into(), expr: None, dice: None }),
        Err(GameError::Refused(_))
    ));
}

#[test]
fn unknown_units_are_bad_input() {
    let mut game = wall_game(1);
    let err = game.apply(&Action::RecordLosses { unit: "martians".into(), count: 1 }).unwrap_err();
    assert!(matches!(err, GameError::BadInput(ref m) if m.contains("martians") && m.contains("us-marines")));
}

#[test]
fn a_gun_boat_may_choose_its_dice_but_nothing_else() {
    let mut game = allies_moving(1);
    game.apply(&Action::RollMove { unit: "gun-boat".into(), expr: Some("4D6+6".into()), dice: None }).unwrap();
    let refused = game.apply(&Action::RollMove { unit: "us-marines".into(), expr: Some("4D6+6".into()), dice: None });
    assert!(matches!(refused, Err(GameError::Refused(r)) if r.message.contains("2D6+6")));
}

#[test]
fn odds_of_a_move_roll_are_exact() {
    let game = wall_game(1);
    let odds = game.odds(&Action::RollMove { unit: "us-marines".into(), expr: None, dice: None }).unwrap();
    let p14 = odds.outcomes.iter().find(|o| o.value == 14).unwrap().p;
    assert!((p14 - 5.0 / 36.0).abs() < 1e-12);
    assert_eq!(odds.outcomes.len(), 11);
    assert!(game.events().is_empty(), "odds apply nothing");
}

/// Plays a mixed game with seeded dice, then checks that both the stored events and the bare actions
/// replay to exactly the same state.
#[test]
fn replaying_the_log_from_the_seed_reproduces_the_state() {
    let mut game = wall_game(99);
    let actions = vec![
        act(r#"{"type":"initiative"}"#),
        act(r#"{"type":"choose_order","first":"allies"}"#),
        Action::RollMove { unit: "us-marines".into(), expr: None, dice: None },
        Action::Move { unit: "us-marines".into(), path: vec![Pt { x: 24.0, y: 18.0 }], facing: Some(180.0) },
        Action::Roll { expr: "D20".into(), dice: None, label: Some("Fire".into()) },
        Action::RecordLosses { unit: "boxers-west".into(), count: 3 },
        Action::Undo {},
        Action::DrawCard { card: None },
        Action::ShuffleDeck {},
        Action::DrawCard { card: None },
        Action::SetFlag { unit: "boxers-east".into(), flag: crate::roster::Flag::named("pinned"), on: true },
        Action::Redo {},
        act(r#"{"type":"end_phase"}"#),
        Action::RollMove { unit: "boxers-east".into(), expr: None, dice: None },
        act(r#"{"type":"fire","unit":"boxers-west","target":"us-marines"}"#),
    ];
    for a in &actions {
        let _ = game.apply(a);
    }
    let replayed = Game::replay(game.shared_scenario(), 99, game.events().to_vec()).unwrap();
    assert_eq!(replayed.state(), game.state());

    let mut again = wall_game(99);
    for a in &actions {
        let _ = again.apply(a);
    }
    assert_eq!(again.events(), game.events(), "the same seed and actions give the same dice");

    let json: Vec<String> = game.events().iter().map(|e| serde_json::to_string(e).unwrap()).collect();
    let parsed: Vec<Event> = json.iter().map(|j| serde_json::from_str(j).unwrap()).collect();
    assert_eq!(Game::replay(game.shared_scenario(), 99, parsed).unwrap().state(), game.state());
}

#[test]
fn a_log_that_undoes_nothing_does_not_replay() {
    let game = wall_game(1);
    let bogus = Event { turn: 1, action: Action::Undo {}, outcome: Outcome::Undone { seq: 4 }, reroll_of: None };
    assert!(matches!(Game::replay(game.shared_scenario(), 1, vec![bogus]), Err(GameError::CorruptLog(_))));
}

#[test]
fn a_marker_the_system_does_not_have_is_refused_and_its_markers_named() {
    let mut game = wall_game(1);
    let before = game.events().len();
    let refusal =
        game.apply(&act(r#"{"type":"set_flag","unit":"boxers-east","flag":"jammed","on":true}"#)).unwrap_err();
    assert!(refusal.to_string().contains(r#"no "jammed" marker; its markers are: pinned, routed"#), "{refusal}");
    assert_eq!(game.events().len(), before, "a refused marker records nothing");
    game.apply(&act(r#"{"type":"set_flag","unit":"boxers-east","flag":"routed","on":true}"#)).unwrap();
    let routed = crate::roster::Flag::named("routed");
    assert!(game.state().unit("boxers-east").unwrap().flags.contains(&routed));
}

/// An older build let any game set any of five markers; a stored game that has one its system lacks
/// still replays, and the table may clear it (but not set it again).
#[test]
fn a_marker_from_an_older_build_replays_and_can_be_cleared() {
    let jammed = crate::roster::Flag::named("jammed");
    let unit = "boxers-east".to_string();
    let old = Event {
        turn: 1,
        action: Action::SetFlag { unit: unit.clone(), flag: jammed.clone(), on: true },
        outcome: Outcome::FlagSet { unit: unit.clone(), flag: jammed.clone(), on: true },
        reroll_of: None,
    };
    let mut game = Game::replay(wall_game(1).shared_scenario(), 1, vec![old]).unwrap();
    assert!(game.state().unit(&unit).unwrap().flags.contains(&jammed));
    game.apply(&Action::SetFlag { unit: unit.clone(), flag: jammed.clone(), on: false }).unwrap();
    assert!(!game.state().unit(&unit).unwrap().flags.contains(&jammed));
    assert!(game.apply(&Action::SetFlag { unit, flag: jammed, on: true }).is_err());
}

/// A pasted megabyte in a note (issue 17: a 20 MB note slowed every later command on its game) is
/// refused, saying the bound, and records nothing; a note at the bound is kept.
#[test]
fn notes_and_labels_past_their_length_are_refused_and_record_nothing() {
    let mut game = wall_game(1);
    let long = "x".repeat(super::limits::NOTE_CHARS + 1);
    let err = game.apply(&Action::Note { text: long }).unwrap_err().to_string();
    assert!(err.contains("4001 characters long; it may be at most 4000"), "{err}");
    let label = Some("y".repeat(super::limits::LABEL_CHARS + 1));
    assert!(game.apply(&Action::Roll { expr: "D6".into(), dice: None, label }).is_err());
    assert!(game.events().is_empty());
    game.apply(&Action::Note { text: "z".repeat(super::limits::NOTE_CHARS) }).unwrap();
    assert_eq!(game.events().len(), 1);
}

/// Undo is free, but a roll undone and asked of the app again is a re-roll the log marks plainly; redo
/// brings back the very dice; a later fresh roll by the same unit, with the earlier one in force, is no
/// re-roll.
#[test]
fn a_roll_undone_and_rolled_again_is_marked_as_a_re_roll_and_redo_keeps_the_dice() {
    let mut game = allies_moving(3);
    let unit = "us-marines";
    let roll_move = Action::RollMove { unit: unit.into(), expr: None, dice: None };
    let first = game.apply(&roll_move).unwrap().outcome.rolls()[0].clone();
    let rolled = game.events().len() - 1;
    game.apply(&Action::Undo {}).unwrap();
    let redone = game.apply(&Action::Redo {}).unwrap().clone();
    assert!(game.describe(&redone).starts_with("Redid:"));
    assert_eq!(game.state().allowances[unit].total, first.total, "redo keeps the dice that fell");
    game.apply(&Action::Undo {}).unwrap();
    game.apply(&act(r#"{"type":"note","text":"a word in between does not hide the re-roll"}"#)).unwrap();
    let again = game.apply(&roll_move).unwrap().clone();
    assert_eq!(again.reroll_of, Some(rolled));
    let text = game.describe(&again);
    assert!(text.starts_with("Re-roll after undo: U.S. Marines rolled movement 2D6+6 = "), "{text}");
    assert!(text.ends_with(&format!(" (undone: {})", game.describe(&game.events()[rolled]))), "{text}");
    assert_eq!(game.log_entries().last().unwrap().reroll_of, Some(rolled as u32));
    let stored = serde_json::to_string(&again).unwrap();
    assert!(stored.contains(&format!("\"reroll_of\":{rolled}")), "the mark is stored with the entry: {stored}");
    let plain = serde_json::to_string(&game.events()[0]).unwrap();
    assert!(!plain.contains("reroll_of"), "entries that are no re-roll are stored as before: {plain}");
}

/// With `no_reroll_after_undo`, the app will not roll an undone roll again: redo, or type the dice.
#[test]
fn a_table_may_forbid_re_rolls_after_undo() {
    let mut game = allies_moving_with(5, &[super::NO_REROLL_AFTER_UNDO]);
    let roll_move = Action::RollMove { unit: "us-marines".into(), expr: None, dice: None };
    game.apply(&roll_move).unwrap();
    game.apply(&Action::Undo {}).unwrap();
    let before = game.events().len();
    match game.apply(&roll_move) {
        Err(GameError::Refused(r)) => {
            assert!(r.message.contains("This was rolled and undone") && r.message.contains("redo it"), "{}", r.message);
            assert!(r.rule.unwrap().contains("no_reroll_after_undo"));
        }
        other => panic!("expected a refusal, got {other:?}"),
    }
    assert_eq!(game.events().len(), before);
    roll_move_typed(&mut game, [2, 2]);
    assert_eq!(game.events().last().unwrap().reroll_of, None, "typed dice are the table's own, no re-roll");
}

/// A card the app drew, undone and drawn again, fishes as a re-roll does: the log says it was drawn again,
/// and a table that forbids re-rolls after undo refuses it (redo, or type the card drawn at the table).
#[test]
fn a_card_drawn_again_after_undo_is_marked_and_may_be_forbidden() {
    let draw = Action::DrawCard { card: None };
    let mut game = wall_game(4);
    game.apply(&draw).unwrap();
    game.apply(&Action::Undo {}).unwrap();
    let again = game.apply(&draw).unwrap().clone();
    assert_eq!(again.reroll_of, Some(0));
    let text = game.describe(&again);
    assert!(text.starts_with("Drawn again after undo: Drew "), "{text}");
    game.apply(&draw).unwrap();
    assert_eq!(game.events().last().unwrap().reroll_of, None, "the next card is a new draw");

    let mut strict = allies_moving_with(4, &[super::NO_REROLL_AFTER_UNDO]);
    strict.apply(&draw).unwrap();
    strict.apply(&Action::Undo {}).unwrap();
    match strict.apply(&draw) {
        Err(GameError::Refused(r)) => assert!(r.message.starts_with("This card was drawn and undone"), "{}", r.message),
        other => panic!("expected a refusal, got {other:?}"),
    }
    strict.apply(&Action::DrawCard { card: Some("AS".into()) }).unwrap();
}
