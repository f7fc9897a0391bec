//! Typed dice asked for step by step: the fire's D20s first, then the leader's D6 only once a natural 1
//! among them calls for it; a face the die lacks put to the roll it was typed for; nothing recorded.

use sandtable::game::{Action, DiceCheck};

use crate::support::{Sp, unit};

fn marines_against_boxers() -> Sp {
    let body =
        unit("marines", "allies", "marines", 10, (30.0, 10.0)) + &unit("boxers", "boxers", "boxers", 4, (30.0, 22.0));
    let mut sp = Sp::new(&body);
    sp.fire_phase("boxers");
    sp
}

fn check(sp: &Sp, dice: &str) -> DiceCheck {
    let json = format!(r#"{{"type":"fire","unit":"boxers","target":"marines","dice":[{dice}]}}"#);
    sp.game.check_dice(&Action::from_json(&json).unwrap())
}

#[test]
fn nothing_typed_asks_for_the_d20s_alone() {
    let sp = marines_against_boxers();
    let c = check(&sp, "");
    assert!(!c.ready && c.problem.is_none(), "{c:?}");
    assert_eq!(c.steps.len(), 1);
    assert_eq!((c.steps[0].ask.expr.as_str(), c.steps[0].ask.count), ("4D20", 4));
    assert!(c.steps[0].faces.is_empty());
}

/// A player asking what to type before typing any sends the action without `dice`: the check names the
/// first roll to type, rather than answering that the app's own dice would resolve it.
#[test]
fn an_action_sent_without_dice_is_asked_its_first_roll() {
    let sp = marines_against_boxers();
    let c = sp.game.check_dice(&Action::from_json(r#"{"type":"fire","unit":"boxers","target":"marines"}"#).unwrap());
    assert!(!c.ready && c.problem.is_none(), "{c:?}");
    assert_eq!((c.steps[0].ask.expr.as_str(), c.steps[0].ask.count), ("4D20", 4));
    let note = sp.game.check_dice(&Action::from_json(r#"{"type":"note","text":"rain"}"#).unwrap());
    assert!(note.ready && note.steps.is_empty(), "an action that rolls nothing is ready: {note:?}");
}

#[test]
fn a_natural_1_among_the_d20s_then_asks_for_the_leader_die() {
    let sp = marines_against_boxers();
    let c = check(&sp, "1,9,9,9");
    assert!(!c.ready && c.problem.is_none(), "{c:?}");
    assert_eq!(c.steps.len(), 2, "{c:?}");
    assert_eq!(c.steps[0].faces, vec![1, 9, 9, 9]);
    assert_eq!((c.steps[1].ask.expr.as_str(), c.steps[1].ask.from, c.steps[1].ask.count), ("1D6", 4, 1));
    assert!(c.steps[1].ask.label.contains("leader"), "{:?}", c.steps[1].ask.label);
    let done = check(&sp, "1,9,9,9,3");
    assert!(done.ready && done.problem.is_none(), "{done:?}");
    assert_eq!(done.steps[1].faces, vec![3]);
    assert!(
        sp.game.events().iter().all(|e| !matches!(e.action, Action::System(ref a) if a.kind == "fire")),
        "nothing recorded"
    );
}

#[test]
fn without_a_natural_1_the_d20s_are_all() {
    let c = check(&marines_against_boxers(), "2,9,9,9");
    assert!(c.ready, "{c:?}");
    assert_eq!(c.steps.len(), 1);
}

#[test]
fn a_face_the_die_lacks_is_put_to_its_roll() {
    let sp = marines_against_boxers();
    let c = check(&sp, "1,9,9,21");
    let problem = c.problem.expect("21 is no face of a D20");
    assert_eq!(problem.step, Some(0));
    assert!(problem.message.contains("21 is not a face of a D20"), "{}", problem.message);
    let c = check(&sp, "1,9,9,9,7");
    let problem = c.problem.expect("7 is no face of a D6");
    assert_eq!(problem.step, Some(1), "{problem:?}");
}

/// Four D20s typed without spaces read as one number: the check says it is no face of a D20, rather than
/// waiting for three more dice as if one had been typed.
#[test]
fn faces_run_together_are_named_not_waited_for() {
    let c = check(&marines_against_boxers(), "3157");
    let problem = c.problem.expect("3157 is no face of a D20");
    assert_eq!(problem.step, Some(0));
    assert!(problem.message.contains("3157 is not a face of a D20"), "{}", problem.message);
    assert!(!c.ready);
}

#[test]
fn dice_left_over_belong_to_the_last_roll() {
    let c = check(&marines_against_boxers(), "2,9,9,9,4");
    let problem = c.problem.expect("one die too many");
    assert_eq!(problem.step, Some(0));
    assert_eq!(problem.message, "4D20 takes 4 faces; 5 faces typed");
}
