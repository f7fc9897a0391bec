//! Real dice: every roll can be typed (RULINGS, "Common to all systems"). `game dice` names the rolls an
//! action's procedure asks for, in order, with the faces typed for each and the next to type; the view's
//! prompts name the rolls `advance` throws at the day's own steps and in the Boxers' phases.

use sandtable::game::{Action, DiceCheck, Game};
use serde_json::{Value, json};

use crate::common::app::{ok, shipped, stage};
use crate::odds::set_up_a;

fn check(game: &Game, json: Value) -> DiceCheck {
    game.check_dice(&Action::from_json(&json.to_string()).unwrap())
}

/// Each step's label and the faces typed for it.
fn steps(check: &DiceCheck) -> Vec<(String, Vec<i64>)> {
    check.steps.iter().map(|s| (s.ask.label.clone(), s.faces.clone())).collect()
}

/// The prompts' dice, as the view names them.
fn prompted(game: &Game) -> Vec<String> {
    let view = sandtable::api::GameView::of(1, "test", game);
    assert!(view.prompts.iter().all(|p| p.action == "advance" && p.unit.is_empty()), "{:?}", view.prompts);
    view.prompts.iter().flat_map(|p| p.dice.clone()).collect()
}

/// 3.1, "sempre due unità dei soldati a 2 = 4 punti di combattimento + un test d'effetto psicologico": the
/// soldiers' volley and the guns' test are two rolls. Given one die, the check says the volley has it and
/// the psychological test is the next to type; given both, the fire is ready.
#[test]
fn a_fire_with_a_psychological_test_asks_for_two_dice_in_order() {
    let game = set_up_a();
    let fire = |dice: &[i64]| json!({"type": "fire", "from": "GB1", "target": "GB1", "guns": "tep", "dice": dice});
    let one = check(&game, fire(&[3]));
    assert!(!one.ready, "{one:?}");
    let asked = steps(&one);
    assert_eq!(asked.len(), 2, "{one:?}");
    assert!(asked[0].0.starts_with("fire from") && asked[0].1 == [3], "{one:?}");
    assert!(asked[1].0.starts_with("psychological test") && asked[1].1.is_empty(), "{one:?}");
    let both = check(&game, fire(&[3, 5]));
    assert!(both.ready && both.problem.is_none(), "{both:?}");
    let bad = check(&game, fire(&[3, 7]));
    assert_eq!(bad.problem.as_ref().and_then(|p| p.step), Some(1), "{bad:?}");
}

/// 5.3 "il giocatore getta 2d6": following phase by phase, `advance` at the event test asks for its two
/// dice one by one; the view's prompt names them before any is typed.
#[test]
fn the_event_test_asks_for_its_two_dice_and_the_view_names_them() {
    let mut game = shipped(2);
    ok(&mut game, json!({"type": "follow", "phase_by_phase": true}));
    ok(&mut game, json!({"type": "draw_card", "card": "KS"}));
    assert_eq!(stage(&game), "event");
    let dice = prompted(&game);
    assert_eq!(dice, ["1 D6: event test (2D6), first die", "1 D6: event test (2D6), second die"]);

    let none = check(&game, json!({"type": "advance", "dice": []}));
    assert!(!none.ready && none.steps.len() == 1 && none.steps[0].faces.is_empty(), "{none:?}");
    assert_eq!(check(&game, json!({"type": "advance", "dice": [3]})).steps.len(), 2);
    let both = check(&game, json!({"type": "advance", "dice": [3, 4]}));
    assert!(both.ready, "news from the Peitang throws nothing more: {both:?}");
    let asked = check(&game, json!({"type": "advance"}));
    assert_eq!(asked, none, "sent without dice, the check asks for the first roll as with none typed");
}

/// 5.2 and 5.1.4: the bombardment's quarter (2D6), then the entry zone (1D6), each named by the prompt of
/// its step; the decisions between (the repositioning) prompt no roll.
#[test]
fn the_bombardment_and_the_entry_zone_are_prompted_at_their_steps() {
    let mut game = shipped(2);
    ok(&mut game, json!({"type": "follow", "phase_by_phase": true}));
    ok(&mut game, json!({"type": "draw_card", "card": "KS"}));
    ok(&mut game, json!({"type": "advance", "dice": [3, 4]}));
    assert_eq!(stage(&game), "bombard");
    let dice = prompted(&game);
    assert_eq!(
        dice[..2],
        ["1 D6: bombardment quarter (2D6), first die", "1 D6: bombardment quarter (2D6), second die"]
    );
    ok(&mut game, json!({"type": "advance", "dice": [1, 1, 1, 1, 1, 1]}));
    assert_eq!(stage(&game), "redeploy");
    assert!(prompted(&game).is_empty());
    ok(&mut game, json!({"type": "end_moves"}));
    assert_eq!(stage(&game), "attack");
    assert_eq!(prompted(&game), ["1 D6: entry zone (1D6)"]);
}

/// 6.4, a Boxer phase: in the Boxers' melee `advance` throws each zone's melee die; the prompt names the
/// first, in the zone where it falls.
#[test]
fn a_boxer_melee_is_prompted_in_its_zone() {
    let mut game = crate::losses::boxers_on_the_wall(&["us-1", "us-2"]);
    ok(&mut game, json!({"type": "fire", "from": "TW2", "target": "TW2", "guns": "join", "dice": [3]}));
    assert_eq!(stage(&game), "combat/boxer_melee");
    let dice = prompted(&game);
    assert_eq!(dice.first().map(String::as_str), Some("1 D6: Boxer melee in Tartar Wall (American barricade)"));
}
