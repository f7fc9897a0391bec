//! The luck ledger's part: each throw's count against the odds the table was shown before it, and the
//! count the typed dice gave, worked out here from the faces and the text's additions; the battle's
//! result by the Victory rules; and the dice a stand throws in a turn, from the Dice rules.

use sandtable::game::Action;
use sandtable::odds::OddsView;
use sandtable::rules::Luck;

use crate::play::Play;
use crate::support::Battle;

/// Applies `json` and returns the luck the system reports for it, read from the table before it.
fn thrown(play: &mut Play, json: &str) -> Vec<Luck> {
    let before = play.game.state().clone();
    play.ok(json);
    let event = play.game.events().last().expect("an entry was made");
    let action = Action::from_json(json).expect("the action reads");
    let scenario = play.game.scenario();
    scenario.rules.luck(scenario, &before, &action, &event.outcome)
}

fn line(odds: &OddsView, label: &str) -> f64 {
    odds.lines.iter().find(|l| l.label == label).unwrap_or_else(|| panic!("no line {label:?} in {:?}", odds.lines)).p
}

fn one<'a>(luck: &'a [Luck], side: &str, measure: &str) -> &'a Luck {
    let found: Vec<&Luck> = luck.iter().filter(|l| l.side == side && l.measure == measure).collect();
    assert_eq!(found.len(), 1, "one {measure} for {side} in {luck:?}");
    found[0]
}

/// A chance of one, as a count of 0 or 1: the distribution's weight on 1, and nothing outside 0 and 1.
fn chance_of_one(luck: &Luck) -> f64 {
    assert!(luck.expected.min() >= 0 && luck.expected.max() <= 1, "{luck:?}");
    luck.expected.p(1)
}

fn facing_off() -> Battle {
    Battle::new("").stand("redcoats", "red", "regular_infantry", "F10", 0, "weapon = \"magazine_rifle\"").stand(
        "warriors",
        "blue",
        "native_infantry",
        "F8",
        180,
        "weapon = \"hand_held\"",
    )
}

#[test]
fn the_initiative_counts_a_win_for_each_side_at_its_share_of_the_throws_that_are_not_ties() {
    let mut play = facing_off().play();
    let json = r#"{"type":"initiative","dice":[6,6,1]}"#;
    let odds = play.odds(json);
    let luck = thrown(&mut play, json);
    assert_eq!(luck.len(), 2);
    let (red, blue) = (one(&luck, "red", "initiative wins"), one(&luck, "blue", "initiative wins"));
    assert_eq!(chance_of_one(red), line(&odds, "Red win (ties thrown again)"));
    assert_eq!(chance_of_one(blue), line(&odds, "Blue win (ties thrown again)"));
    // 2D6 is above a D12 in 216 of the 432 pairs and below it in 180.
    assert!((chance_of_one(red) - 216.0 / 396.0).abs() < 1e-12);
    // 6 + 6 against 1: Red's.
    assert_eq!((red.actual, blue.actual), (i64::from(6 + 6 > 1), i64::from(1 > 6 + 6)));
}

#[test]
fn the_activations_are_the_sides_throw_plus_its_commander_against_the_odds_shown() {
    let mut play = facing_off().play();
    play.ok(r#"{"type":"initiative","dice":[6,6,1]}"#);
    play.ok(r#"{"type":"take_initiative","side":"red"}"#);
    let json = r#"{"type":"throw_activations","dice":[3,4]}"#;
    let odds = play.odds(json);
    let luck = thrown(&mut play, json);
    assert_eq!(luck.len(), 1);
    let activations = one(&luck, "red", "activations");
    let shown: Vec<(i64, f64)> = odds.outcomes.iter().map(|o| (o.value, o.p)).collect();
    assert_eq!(activations.expected.entries().collect::<Vec<_>>(), shown);
    let average_commander = 2;
    assert_eq!(activations.actual, 3 + 4 + average_commander);
}

/// Fire from F10 at F8: Red throws 2D6 and adds its Regular Infantry's 3, Blue a D12 and its Native
/// Infantry's 2; nothing else applies on the open board.
fn fire(faces: [i64; 3]) -> (OddsView, Vec<Luck>) {
    let mut play = facing_off().with_initiative("red");
    play.activate("redcoats");
    let json = format!(r#"{{"type":"fire","unit":"redcoats","target":"warriors","dice":{faces:?}}}"#);
    let odds = play.odds(&json);
    (odds, thrown(&mut play, &json))
}

#[test]
fn fire_counts_the_firers_hits_and_kills_and_nothing_for_the_target() {
    for faces in [[5, 5, 4], [3, 3, 3], [1, 1, 12]] {
        let (odds, luck) = fire(faces);
        assert_eq!(luck.len(), 2, "{luck:?}");
        assert!(luck.iter().all(|l| l.side == "red"), "{luck:?}");
        let (hits, kills) = (one(&luck, "red", "hits"), one(&luck, "red", "kills"));
        assert_eq!(chance_of_one(hits), line(&odds, "warriors recoils") + line(&odds, "warriors is destroyed"));
        assert_eq!(chance_of_one(kills), line(&odds, "warriors is destroyed"));
        let (red, blue) = (faces[0] + faces[1] + 3, faces[2] + 2);
        assert_eq!(hits.actual, i64::from(red >= blue), "{faces:?}");
        assert_eq!(kills.actual, i64::from(2 * blue <= red), "{faces:?}");
    }
}

#[test]
fn close_combat_counts_melee_wins_and_kills_for_both_sides() {
    let battle = Battle::new("")
        .stand("redcoats", "red", "regular_infantry", "F10", 0, "weapon = \"magazine_rifle\"")
        .stand("warriors", "blue", "native_infantry", "F9", 180, "weapon = \"hand_held\"");
    for faces in [[1, 1, 12], [6, 6, 1], [4, 3, 5]] {
        let mut play = battle.with_initiative("red");
        play.activate("redcoats");
        let json = format!(r#"{{"type":"close_combat","unit":"redcoats","target":"warriors","dice":{faces:?}}}"#);
        let odds = play.odds(&json);
        let luck = thrown(&mut play, &json);
        assert_eq!(luck.len(), 4, "{luck:?}");
        let red_wins = one(&luck, "red", "melee wins");
        let blue_wins = one(&luck, "blue", "melee wins");
        assert_eq!(chance_of_one(red_wins), line(&odds, "warriors recoils") + line(&odds, "warriors is destroyed"));
        assert_eq!(chance_of_one(blue_wins), line(&odds, "redcoats recoils"));
        assert_eq!(chance_of_one(one(&luck, "red", "kills")), line(&odds, "warriors is destroyed"));
        // Behind the redcoats the way to their baseline is open: a recoil never destroys them here.
        assert_eq!(chance_of_one(one(&luck, "blue", "kills")), 0.0);
        let (red, blue) = (faces[0] + faces[1] + 3, faces[2] + 2);
        assert_eq!(red_wins.actual, i64::from(red >= blue), "{faces:?}");
        assert_eq!(blue_wins.actual, i64::from(red < blue), "{faces:?}");
        assert_eq!(one(&luck, "red", "kills").actual, i64::from(2 * blue <= red), "{faces:?}");
        assert_eq!(one(&luck, "blue", "kills").actual, 0);
    }
}

#[test]
fn moves_and_activations_of_stands_throw_nothing_and_count_nothing() {
    let mut play = facing_off().with_initiative("red");
    assert!(thrown(&mut play, r#"{"type":"activate","unit":"redcoats"}"#).is_empty());
    assert!(thrown(&mut play, r#"{"type":"move_to","unit":"redcoats","to":"F9"}"#).is_empty());
}

#[test]
fn the_result_is_the_remaining_values_compared_and_ends_once_a_side_has_left_the_field() {
    let battle = facing_off()
        .stand("second", "red", "regular_infantry", "E10", 0, "weapon = \"magazine_rifle\"")
        .stand("third", "red", "regular_infantry", "G10", 0, "weapon = \"magazine_rifle\"")
        .stand("fourth", "red", "regular_infantry", "H10", 0, "weapon = \"magazine_rifle\"")
        .stand("induna", "blue", "command_on_foot", "H7", 180, "");
    let mut play = battle.with_initiative("red");
    let result = |play: &Play| {
        let scenario = play.game.scenario();
        scenario.rules.result(scenario, play.game.state()).expect("When Empires Clash! names a result")
    };
    // Four Regular Infantry stands (3 each) and a Command stand (2) against one Native Infantry stand (2)
    // and its Command stand: 14 against 4, ten apart.
    let standing = result(&play);
    assert!(!standing.ended);
    assert_eq!(standing.verdict, "Red win a Decisive victory (14 against 4)");
    assert_eq!(standing.winner.as_deref(), Some("red"));
    assert_eq!(standing.points, [("blue".to_string(), 4), ("red".to_string(), 14)].into());
    // The warriors destroyed (13 against 6), then the induna (14 against 1): Blue has no stand left on the
    // field, and the battle is over.
    play.activate("redcoats");
    play.ok(r#"{"type":"fire","unit":"redcoats","target":"warriors","dice":[5,5,4]}"#);
    assert!(!result(&play).ended, "the induna stands");
    play.activate("third");
    play.ok(r#"{"type":"fire","unit":"third","target":"induna","dice":[5,6,1]}"#);
    let over = result(&play);
    assert!(over.ended);
    assert_eq!(over.verdict, "Red win a Decisive victory (14 against 0)");
    assert_eq!(over.points, [("blue".to_string(), 0), ("red".to_string(), 14)].into());
}

#[test]
fn equal_remaining_values_are_a_draw_that_favours_no_side() {
    let battle = Battle::new("")
        .stand("redcoats", "red", "irregular_infantry", "F10", 0, "weapon = \"magazine_rifle\"")
        .stand("warriors", "blue", "native_infantry", "F8", 180, "weapon = \"hand_held\"");
    let mut play = battle.play();
    play.ok(r#"{"type":"concede","side":"blue"}"#);
    let scenario = play.game.scenario();
    let result = scenario.rules.result(scenario, play.game.state()).expect("a result");
    assert!(result.ended);
    assert_eq!(result.verdict, "A draw: each side has 4 remaining");
    assert_eq!(result.winner, None);
}

#[test]
fn a_stand_throws_its_armys_dice_once_a_turn_and_none_once_destroyed() {
    let mut play = facing_off().with_initiative("red");
    let dice = |play: &Play, unit: &str| {
        let scenario = play.game.scenario();
        let unit = play.game.state().unit(unit).expect("a stand of the battle");
        scenario.rules.dice_per_turn(scenario, play.game.state(), unit)
    };
    // Red throws 2D6 (two dice) for its one combat a turn, Blue a D12 (one).
    assert_eq!(dice(&play, "redcoats"), Some(2));
    assert_eq!(dice(&play, "warriors"), Some(1));
    play.activate("redcoats");
    play.ok(r#"{"type":"fire","unit":"redcoats","target":"warriors","dice":[5,5,4]}"#);
    assert_eq!(dice(&play, "warriors"), Some(0));
}
