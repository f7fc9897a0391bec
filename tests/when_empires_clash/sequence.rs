//! Turn Sequence and Activation: the initiative throw (ties thrown again), the winner's choice, the
//! activations (throw plus the commander's rating) counted down, one side then the other, twelve turns.

use sandtable::systems::when_empires_clash::{TurnStep, WhenEmpiresClash};

use crate::support::{Battle, start};

fn two_stands() -> Battle {
    Battle::new("").stand("redcoats", "red", "regular_infantry", "F10", 0, "weapon = \"magazine_rifle\"").stand(
        "warriors",
        "blue",
        "native_infantry",
        "F2",
        180,
        "weapon = \"hand_held\"",
    )
}

#[test]
fn a_typed_initiative_tie_is_thrown_again_and_the_higher_side_chooses() {
    let mut play = two_stands().play();
    let tie = play.refused(r#"{"type":"initiative","dice":[3,4,7]}"#);
    assert_eq!(tie.message, "a tie (7 each): type the dice both sides threw again too");
    // The whole throw is typed and recorded: the tie, then Red 2 + 3 against Blue 8.
    let line = play.ok(r#"{"type":"initiative","dice":[3,4,7,2,3,8]}"#);
    assert!(line.contains("Red 5 against Blue 8 (after ties: 7 each): Blue take the initiative or pass it"), "{line}");
    let passed = play.ok(r#"{"type":"take_initiative","side":"red"}"#);
    assert_eq!(passed, "Blue pass the initiative to Red");
    play.refused(r#"{"type":"initiative","dice":[6,6,1]}"#);
}

#[test]
fn activations_are_the_throw_plus_the_commander_and_count_down_to_none() {
    let mut play = two_stands().play();
    play.ok(r#"{"type":"initiative","dice":[1,1,12]}"#);
    play.ok(r#"{"type":"take_initiative","side":"blue"}"#);
    play.refused(r#"{"type":"activate","unit":"warriors"}"#);
    let thrown = play.ok(r#"{"type":"throw_activations","dice":[1]}"#);
    assert_eq!(thrown, "Blue throw 1 + commander 2: 3 activations");
    let refused = play.refused(r#"{"type":"activate","unit":"redcoats"}"#);
    assert_eq!(refused.message, "Blue are activating now");
    assert!(play.activate("warriors").ends_with("(2 left)"));
    let again = play.refused(r#"{"type":"activate","unit":"warriors"}"#);
    assert_eq!(again.message, "warriors has been activated this turn");
    play.ok(r#"{"type":"end_activations"}"#);
    assert!(matches!(play.game.state().rules.get::<sandtable::systems::when_empires_clash::Turn>().unwrap().step,
        TurnStep::Activating { ref side, first: false, left: None } if side == "red"));
    play.ok(r#"{"type":"throw_activations","dice":[1,1]}"#);
    play.activate("redcoats");
    play.ok(r#"{"type":"end_activations"}"#);
    play.ok(r#"{"type":"next_turn"}"#);
    assert_eq!(play.game.state().turn, 2);
    // A new turn: both throw again, and every stand may be activated again.
    play.refused(r#"{"type":"activate","unit":"warriors"}"#);
    start(&mut play, "blue");
    play.activate("warriors");
}

#[test]
fn a_side_with_no_activations_left_activates_nothing_more() {
    let battle = Battle::new("")
        .stand("a", "blue", "native_infantry", "B2", 180, "")
        .stand("b", "blue", "native_infantry", "D2", 180, "")
        .stand("c", "blue", "native_infantry", "F2", 180, "")
        .stand("d", "blue", "native_infantry", "H2", 180, "")
        .stand("red", "red", "regular_infantry", "F11", 0, "");
    let mut play = battle.play();
    play.ok(r#"{"type":"initiative","dice":[1,1,12]}"#);
    play.ok(r#"{"type":"take_initiative","side":"blue"}"#);
    // A D12 of 1 with an average commander: three stands.
    play.ok(r#"{"type":"throw_activations","dice":[1]}"#);
    for stand in ["a", "b", "c"] {
        play.activate(stand);
    }
    let none = play.refused(r#"{"type":"activate","unit":"d"}"#);
    assert_eq!(none.message, "Blue have no activations left this turn");
}

#[test]
fn the_battle_ends_after_the_twelfth_turn_with_the_level_of_victory() {
    let battle = Battle::new("")
        .stand("redcoats", "red", "regular_infantry", "F10", 0, "weapon = \"magazine_rifle\"")
        .stand("hq", "red", "command_mounted", "G11", 0, "")
        .stand("warriors", "blue", "native_infantry", "F2", 180, "");
    let mut play = battle.play();
    for turn in 1..=12 {
        start(&mut play, "red");
        play.ok(r#"{"type":"end_activations"}"#);
        play.ok(r#"{"type":"throw_activations","dice":[5]}"#);
        let last = play.ok(r#"{"type":"end_activations"}"#);
        if turn < 12 {
            play.ok(r#"{"type":"next_turn"}"#);
        } else {
            assert!(
                last.ends_with(
                    "turn 12 has been completed, the battle is over. Red win a Marginal victory (5 against 4)"
                ),
                "{last}"
            );
        }
    }
    let over = play.refused(r#"{"type":"next_turn"}"#);
    assert_eq!(over.message, "the battle is over: turn 12 has been completed");
    // Remaining values, Command stands included at their rating: 3 + 2 against 2 + 2.
    assert_eq!(play.own_view()["result"], "Red win a Marginal victory (5 against 4)");
}

#[test]
fn a_concession_ends_the_battle_and_the_remaining_values_name_the_winner() {
    let mut play = two_stands().with_initiative("red");
    let line = play.ok(r#"{"type":"concede","side":"blue"}"#);
    assert_eq!(line, "Blue concede the battle: the battle is over. Red win a Marginal victory (5 against 4)");
    assert!(line.ends_with(&play.result().unwrap().verdict), "the entry gives the verdict in its own words");
    assert_eq!(play.own_view()["result"], "Red win a Marginal victory (5 against 4)");
    play.refused(r#"{"type":"activate","unit":"redcoats"}"#);
    assert!(play.changes::<WhenEmpiresClash>().len() == 1);
}

/// The odds of the turn's throws, from the same engine `game odds` answers with.
#[test]
fn the_initiative_and_activation_odds_are_exact() {
    let mut play = two_stands().play();
    let initiative = play.odds(r#"{"type":"initiative"}"#);
    assert!((initiative.lines[0].p - 216.0 / 396.0).abs() < 1e-12, "{:?}", initiative.lines);
    play.ok(r#"{"type":"initiative","dice":[1,1,12]}"#);
    play.ok(r#"{"type":"take_initiative","side":"blue"}"#);
    let activations = play.odds(r#"{"type":"throw_activations"}"#);
    let values: Vec<i64> = activations.outcomes.iter().map(|o| o.value).collect();
    assert_eq!(values, (3..=14).collect::<Vec<i64>>());
    assert!(activations.outcomes.iter().all(|o| (o.p - 1.0 / 12.0).abs() < 1e-12));
}

/// The text ends the battle on a concession and compares the remaining values, so a side that concedes
/// while ahead is named the winner; the option `concession_is_defeat` makes it the loser.
#[test]
fn with_concession_is_defeat_the_side_that_concedes_loses_whatever_the_values() {
    let mut literal = two_stands().with_initiative("red");
    assert!(literal.ok(r#"{"type":"concede","side":"red"}"#).ends_with("Red win a Marginal victory (5 against 4)"));
    let source = two_stands().source().replace("[board]", "[options]\nconcession_is_defeat = true\n\n[board]");
    let mut play = crate::play::Play::from_source(&source, 1);
    start(&mut play, "red");
    let line = play.ok(r#"{"type":"concede","side":"red"}"#);
    assert_eq!(
        line,
        "Red concede the battle: the battle is over. Blue win a Marginal victory by concession (4 against 5)"
    );
    assert!(line.ends_with(&play.result().unwrap().verdict), "the entry gives the verdict in its own words");
}

/// The Command stand's value is added to the activations while it stands; once it is destroyed there is
/// none to add.
#[test]
fn a_side_whose_command_stand_is_destroyed_adds_no_commander_to_its_activations() {
    let battle = Battle::new("")
        .stand("redcoats", "red", "regular_infantry", "F10", 0, "weapon = \"magazine_rifle\"")
        .stand("induna", "blue", "command_on_foot", "F8", 180, "")
        .stand("warriors", "blue", "native_infantry", "B2", 180, "");
    let mut play = battle.with_initiative("red");
    play.activate("redcoats");
    play.ok(r#"{"type":"fire","unit":"redcoats","target":"induna","dice":[6,6,1]}"#);
    play.ok(r#"{"type":"end_activations"}"#);
    assert_eq!(play.ok(r#"{"type":"throw_activations","dice":[5]}"#), "Blue throw 5 + commander 0: 5 activations");
}

/// Turn Sequence: the odds of a throw are given only when the throw is due, and refused as the throw itself
/// would be: no activations before a side has the turn or once it has thrown, no initiative once thrown.
#[test]
fn the_odds_of_a_throw_not_due_are_refused_as_the_throw_would_be() {
    let mut play = two_stands().play();
    let early = play.try_odds(r#"{"type":"throw_activations"}"#).unwrap_err();
    let refused = play.refused(r#"{"type":"throw_activations"}"#);
    assert_eq!(early.to_string(), sandtable::game::GameError::Refused(refused).to_string());
    play.ok(r#"{"type":"initiative","dice":[1,1,12]}"#);
    let again = play.try_odds(r#"{"type":"initiative"}"#).unwrap_err();
    assert!(again.to_string().contains("the initiative for turn 1 has been thrown"), "{again}");
    play.ok(r#"{"type":"take_initiative","side":"blue"}"#);
    play.odds(r#"{"type":"throw_activations"}"#);
    play.ok(r#"{"type":"throw_activations","dice":[1]}"#);
    let thrown = play.try_odds(r#"{"type":"throw_activations"}"#).unwrap_err();
    assert!(
        thrown.to_string().contains("a side throws for its activations when its part of the turn begins"),
        "{thrown}"
    );
}
