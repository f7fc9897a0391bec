//! Entrenchments: dug by one side and protecting only its stands ("Deduct 2 ... if the enemy stand is ... in
//! entrenchments"); worth half a point a length toward an army's value when it alone is entrenched (footnote 4),
//! and the values shown saying which they count.

use sandtable::scenario::parse;

use crate::support::Battle;

/// An entrenchment along the edge between F6 (Blue's side) and F7, Blue's stand in F6 and Red's in F7.
fn trench(side: &str) -> Battle {
    let side = if side.is_empty() { String::new() } else { format!("side = \"{side}\"\n") };
    let board = format!("[[board.obstacles]]\nkind = \"entrenchment\"\n{side}between = [[\"F6\", \"F7\"]]\n");
    Battle::new(&board).stand("redcoats", "red", "regular_infantry", "F7", 0, "weapon = \"magazine_rifle\"").stand(
        "warriors",
        "blue",
        "native_infantry",
        "F6",
        180,
        "weapon = \"hand_held\"",
    )
}

/// "Deduct 2 from the score of the stand initiating the Close Combat if the enemy stand is behind a wall or
/// in entrenchments." Read (docs, Cover of an obstacle): entrenchments belong to the side that dug them, so
/// only its stands are in them: Red's stand in front of Blue's trench is not, and Blue attacking it from
/// inside takes nothing off (the referee's Boer battles: British stands south of the Boer trench were
/// counted entrenched against the Boers). Walls still cover either side.
#[test]
fn only_the_side_that_dug_an_entrenchment_is_in_it() {
    let mut play = trench("blue").with_initiative("blue");
    play.activate("warriors");
    let odds = play.odds(r#"{"type":"close_combat","unit":"warriors","target":"redcoats"}"#);
    assert_eq!(odds.dice[0], "1D12+2 for warriors", "no -2: the trench is Blue's");
    let mut play = trench("blue").with_initiative("red");
    play.activate("redcoats");
    let odds = play.odds(r#"{"type":"close_combat","unit":"redcoats","target":"warriors"}"#);
    assert_eq!(odds.dice[0], "2D6+1 for redcoats", "3 - 2: Blue in its own trench");
}

/// A scenario's entrenchment without `side` belongs to the one side that brings `entrenchments`.
#[test]
fn an_entrenchment_without_a_side_is_the_one_entrenched_sides() {
    let mut play = trench("").entrenched(0, 4).with_initiative("blue");
    play.activate("warriors");
    let odds = play.odds(r#"{"type":"close_combat","unit":"warriors","target":"redcoats"}"#);
    assert_eq!(odds.dice[0], "1D12+2 for warriors");
}

/// Where no side, or both, bring entrenchments, the scenario must say whose an entrenchment is: refused at
/// its line, asking for `side`; a `side` the scenario does not have, or one given a wall, is refused too.
#[test]
fn an_entrenchment_whose_side_cannot_be_told_is_refused_at_its_line() {
    let refusal = |battle: Battle| parse("battle.toml", &battle.source()).expect_err("refused").to_string();
    let none = refusal(trench(""));
    assert!(none.contains("give it `side`: neither side brings entrenchments"), "{none}");
    assert!(none.contains("battle.toml, line 8"), "at its line: {none}");
    let both = refusal(trench("").entrenched(2, 4));
    assert!(both.contains("give it `side`: both sides bring entrenchments"), "{both}");
    let unknown = refusal(trench("green"));
    assert!(unknown.contains("no side \"green\""), "{unknown}");
    let board = "[[board.obstacles]]\nkind = \"wall\"\nside = \"blue\"\nbetween = [[\"F6\", \"F7\"]]\n";
    let wall = refusal(Battle::new(board).stand("a", "red", "regular_infantry", "A12", 0, ""));
    assert!(wall.contains("a wall is no side's"), "{wall}");
}

/// The referee's repro on the shipped Second Boer War: a British battalion put by hand in E5, just south of
/// the Boer trench, attacked by a commando from inside it, is not "in entrenchments".
#[test]
fn the_boer_trench_does_not_shelter_the_british_stand_in_front_of_it() {
    let shipped = sandtable::scenario::find_shipped("when-empires-clash/second-boer-war").expect("shipped");
    let mut play = crate::play::Play::from_source(shipped.source, 1);
    let line = play.ok(r#"{"type":"correct_position","unit":"battalion-1","to":{"x":8.86,"y":8.86}}"#);
    assert!(line.ends_with("is put in E5, facing north"), "{line}");
    play.ok(r#"{"type":"initiative","dice":[6,6,1,1]}"#);
    play.ok(r#"{"type":"take_initiative","side":"boers"}"#);
    play.ok(r#"{"type":"throw_activations","dice":[6,6]}"#);
    play.activate("commando-2");
    let line = play.ok(r#"{"type":"close_combat","unit":"commando-2","target":"battalion-1","dice":[3,3,3,3]}"#);
    assert!(!line.contains("in entrenchments"), "{line}");
    assert!(line.contains("= 9 against"), "{line}");
}

/// Footnote 4: entrenchments count toward the value of an army alone entrenched (what it withdraws at), and
/// the end of the battle totals "the value of all the stands ... that have not been destroyed". Each value
/// shown says which it is: the losses against a value "with entrenchments", the result in "stands remaining".
#[test]
fn the_values_shown_say_whether_they_count_the_entrenchments() {
    let shipped = sandtable::scenario::find_shipped("when-empires-clash/second-boer-war").expect("shipped");
    let mut play = crate::play::Play::from_source(shipped.source, 1);
    assert_eq!(play.status(), ["Boers: 0 of 35 lost (35 with entrenchments)", "British: 0 of 35 lost"]);
    assert_eq!(play.own_view()["sides"][0]["entrenchments"], 8.0);
    let line = play.ok(r#"{"type":"concede","side":"boers"}"#);
    assert!(line.ends_with("British win a Marginal victory (37 against 30 in stands remaining)"), "{line}");
}

/// The option `entrenchments_count_in_the_result`: the side alone entrenched adds its entrenchments' value to
/// what remains of it at the end.
#[test]
fn with_entrenchments_count_in_the_result_the_entrenched_side_adds_them_at_the_end() {
    let shipped = sandtable::scenario::find_shipped("when-empires-clash/second-boer-war").expect("shipped");
    let source = shipped.source.replace("[board]", "[options]\nentrenchments_count_in_the_result = true\n\n[board]");
    let mut play = crate::play::Play::from_source(&source, 1);
    let line = play.ok(r#"{"type":"concede","side":"boers"}"#);
    assert!(
        line.ends_with("Boers win a Marginal victory (38 against 37 remaining, the Boers' 8 of entrenchments counted)"),
        "{line}"
    );
}
