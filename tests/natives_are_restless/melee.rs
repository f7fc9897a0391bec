//! Melee: contact locks the groups until a picture card or an ace; one D6 per combatant, kills by the
//! defended position; native morale before the winner; the winner by most lost, then fewest left, then
//! the defender; the loser falls back a full move.

use sandtable::systems::natives_are_restless::Stage;

use crate::support::{Siege, area, squad};

/// Squad `a` (7) at (20, 20) charged by natives-1 (`size` basic natives) from (20, 26) on a red card.
fn locked(size: [i64; 2], terrain: &str) -> Siege {
    charged(Siege::new(&format!("{terrain}{}", squad("a", (20.0, 20.0)))), size, (20.0, 26.0))
}

/// `s` with its four opening groups mustered (natives-1 of `size` basic natives), natives-1 put at
/// `natives_at` and charging squad `a` on a red card.
fn charged(mut s: Siege, size: [i64; 2], natives_at: (f64, f64)) -> Siege {
    s.ok(&format!(r#"{{"type":"muster","dice":[{},{},1]}}"#, size[0], size[1]));
    for _ in 0..3 {
        s.ok(r#"{"type":"muster","dice":[2,2,1]}"#);
    }
    for _ in 0..4 {
        s.ok(r#"{"type":"raise"}"#);
    }
    s.put("natives-1", natives_at);
    s.draw("5H");
    s.ok(r#"{"type":"charge","unit":"natives-1","target":"a"}"#);
    s
}

fn due(size: [i64; 2], terrain: &str) -> Siege {
    fought_next(locked(size, terrain))
}

/// A black jack whose actions are passed: the melee is due.
fn fought_next(mut s: Siege) -> Siege {
    s.draw("JC");
    s.ok(r#"{"type":"pass"}"#);
    assert_eq!(s.turn().stage, Stage::Melees);
    s
}

#[test]
fn a_melee_waits_for_a_picture_card() {
    let mut s = locked([2, 2], "");
    s.draw("5C");
    let refusal = s.refused(r#"{"type":"melee","unit":"a","dice":[1,1,1,1,1,1,1,1,1,1,1]}"#);
    assert!(refusal.message.contains("picture card or an ace"), "{refusal:?}");
    let refusal = s.refused(r#"{"type":"move","unit":"a","path":[{"x":20,"y":14}]}"#);
    assert!(refusal.message.contains("locked in melee") && refusal.message.contains("break off"), "{refusal:?}");
    s.ok(r#"{"type":"pass"}"#);
    assert_eq!(s.turn().stage, Stage::Draw, "a number card: the melee still waits");
    s.draw("QC");
    s.ok(r#"{"type":"pass"}"#);
    assert_eq!(s.turn().stage, Stage::Melees, "a picture card: melees instead of the reinforcement roll");
    s.refused(r#"{"type":"reinforce"}"#);
}

#[test]
fn the_side_that_lost_more_figures_loses_and_falls_back_a_full_move() {
    let mut s = due([2, 2], "");
    let before = s.unit("a").leader().unwrap().pos;
    // Defenders' 7 dice total 7: one native; the natives' 4 total 24: four defenders; they hold (6).
    let line = s.ok(r#"{"type":"melee","unit":"a","dice":[1,1,1,1,1,1,1,6,6,6,6,6]}"#);
    assert!(line.contains("the natives win"), "{line}");
    assert_eq!((s.alive("a"), s.alive("natives-1")), (3, 3));
    let after = s.unit("a").leader().unwrap().pos;
    let run = ((after.x - before.x).powi(2) + (after.y - before.y).powi(2)).sqrt();
    assert!((run - 6.0).abs() < 1e-9, "the squad fell back a full move, 6\": {run}");
    assert_eq!(s.turn().stage, Stage::Draw);
    assert!(s.turn().melees.is_empty());
}

#[test]
fn equal_losses_the_side_with_fewer_figures_left_loses() {
    let mut s = due([2, 2], "");
    let line = s.ok(r#"{"type":"melee","unit":"a","dice":[1,1,1,1,1,1,1,6,1,1,1,6]}"#);
    assert!(line.contains("killing 1") && line.contains("the defenders win"), "{line}");
    assert_eq!((s.alive("a"), s.alive("natives-1")), (6, 3));
}

#[test]
fn equal_losses_and_equal_numbers_the_defender_wins() {
    let mut s = due([3, 4], "");
    assert_eq!(s.alive("natives-1"), 7);
    let line = s.ok(r#"{"type":"melee","unit":"a","dice":[1,1,1,1,1,1,1,1,1,1,1,1,1,1,6]}"#);
    assert!(line.contains("the defenders win"), "{line}");
    assert_eq!((s.alive("a"), s.alive("natives-1")), (6, 6));
}

#[test]
fn natives_test_morale_before_the_winner_and_if_they_flee_the_defenders_win() {
    let mut s = due([2, 2], "");
    // Defenders total 12: two natives; natives total 24: four defenders; the natives roll 2: they flee.
    let line = s.ok(r#"{"type":"melee","unit":"a","dice":[6,1,1,1,1,1,1,6,6,6,6,2]}"#);
    assert!(line.contains("they flee") && line.contains("the defenders win"), "{line}");
    assert_eq!(s.alive("natives-1"), 0, "the fleeing group is off the table");
    assert_eq!(s.alive("a"), 3, "the defenders hold their ground");
}

#[test]
fn natives_that_kill_every_opponent_do_not_test_morale() {
    let mut s = due([2, 2], "");
    s.ok(r#"{"type":"record_losses","unit":"a","count":6}"#);
    let line = s.ok(r#"{"type":"melee","unit":"a","dice":[6,6,6,6,6]}"#);
    assert!(!line.contains("morale"), "{line}");
    assert_eq!(s.alive("a"), 0);
}

#[test]
fn defenders_holding_a_building_are_killed_only_per_12() {
    let mut s = due([2, 2], &area("Blockhouse", "building", (18.0, 17.0), (28.0, 23.0)));
    let odds = s.odds(r#"{"type":"melee","unit":"a"}"#);
    assert!(odds.label.contains("1 = the defenders win"), "{odds:?}");
    let line = s.ok(r#"{"type":"melee","unit":"a","dice":[1,1,1,1,1,1,1,6,6,6,5,6]}"#);
    assert!(line.contains("defending a building") && line.contains("killing 1"), "{line}");
    assert_eq!(s.alive("a"), 6);
}

#[test]
fn defenders_at_a_hasty_barricade_are_killed_per_9() {
    let mut s = due([2, 2], &area("Carts", "barricade", (17.0, 21.0), (28.0, 21.5)));
    s.ok(r#"{"type":"melee","unit":"a","dice":[1,1,1,1,1,1,1,6,6,6,5,6]}"#);
    assert_eq!(s.alive("a"), 5, "23 is two lots of 9");
}

#[test]
fn the_melee_odds_sum_the_exact_chances_of_each_winner() {
    let s = due([2, 2], "");
    let odds = s.odds(r#"{"type":"melee","unit":"a"}"#);
    let total: f64 = odds.outcomes.iter().map(|o| o.p).sum();
    assert!((total - 1.0).abs() < 1e-12);
    let defenders = odds.lines.iter().find(|l| l.label == "the defenders win").unwrap().p;
    assert!(defenders > 0.5, "seven against four: {defenders}");
}

#[test]
fn other_groups_may_be_fed_into_a_melee() {
    let mut s = locked([2, 2], "");
    s.put("natives-2", (24.0, 27.0));
    s.draw("6H");
    s.ok(r#"{"type":"charge","unit":"natives-2","target":"a"}"#);
    assert_eq!(s.turn().melees.len(), 1);
    assert_eq!(s.turn().melees[0].units.len(), 3);
}

#[test]
fn with_the_option_equal_losses_and_numbers_go_to_the_side_holding_the_position() {
    let mut s = Siege::supplied("melee_ties_to_the_holder = true", "", &squad("a", (20.0, 20.0)));
    s.ok(r#"{"type":"muster","dice":[3,4,1]}"#);
    for _ in 0..3 {
        s.ok(r#"{"type":"muster","dice":[2,2,1]}"#);
    }
    for _ in 0..4 {
        s.ok(r#"{"type":"raise"}"#);
    }
    s.put("natives-1", (20.0, 26.0));
    s.draw("5C");
    // The squad charges the natives: the natives hold their ground, and win the tie.
    s.ok(r#"{"type":"charge","unit":"a","target":"natives-1"}"#);
    s.draw("JC");
    s.ok(r#"{"type":"pass"}"#);
    let line = s.ok(r#"{"type":"melee","unit":"a","dice":[1,1,1,1,1,1,1,1,1,1,1,1,1,1,6]}"#);
    assert!(line.contains("the natives win"), "{line}");
}

/// Melee: "Melees are not resolved until a picture card or an Ace is drawn, this adds to the uncertainty
/// and allows participants with guns to maybe get off a shot or two before everything is decided." The
/// squad locked with the natives fires at them on a black number card: the card's one action and a rifle
/// counter, a kill per 6 as the natives stand in the open; the melee still waits.
#[test]
fn a_squad_locked_in_a_melee_gets_off_a_shot_at_the_natives_it_fights() {
    let mut s = locked([3, 4], "");
    s.draw("5C");
    let line = s.ok(r#"{"type":"fire","unit":"a","target":"natives-1","dice":[6,6,1,1,1,1,1]}"#);
    assert!(line.contains("in the open") && line.contains("2 killed"), "{line}");
    assert_eq!(s.alive("natives-1"), 5);
    assert_eq!((s.turn().rifle_ammunition, s.turn().actions_left), (19, 0));
    s.ok(r#"{"type":"morale","unit":"natives-1","dice":[6]}"#);
    assert_eq!(s.turn().melees.len(), 1, "the melee still waits for a picture card or an ace");
    s.draw("6C");
    let refusal = s.refused(r#"{"type":"move","unit":"a","path":[{"x":20,"y":14}]}"#);
    assert!(refusal.message.contains("locked in melee"), "{refusal:?}");
}

/// Melee: "participants with guns" are on either side: musket-armed natives locked with a squad fire at it
/// on a red card.
#[test]
fn natives_with_guns_locked_in_a_melee_fire_at_the_squad_they_fight() {
    let mut s = Siege::new(&squad("a", (20.0, 20.0)));
    s.ok(r#"{"type":"muster","dice":[4,3,6]}"#);
    for _ in 0..3 {
        s.ok(r#"{"type":"muster","dice":[2,2,1]}"#);
    }
    s.ok(r#"{"type":"raise","kind":"native_riflemen"}"#);
    for _ in 0..3 {
        s.ok(r#"{"type":"raise"}"#);
    }
    s.put("natives-1", (20.0, 26.0));
    s.draw("5H");
    s.ok(r#"{"type":"charge","unit":"natives-1","target":"a"}"#);
    s.draw("6H");
    let line = s.ok(r#"{"type":"fire","unit":"natives-1","target":"a","dice":[6,6,6,6]}"#);
    assert!(line.contains("4 killed"), "{line}");
    assert_eq!(s.alive("a"), 3);
}

/// Melee: the shot comes "before everything is decided": a shot that kills every enemy in the melee ends
/// it. The squad is free again, and the next picture card, with no melee left, brings the reinforcement
/// roll.
#[test]
fn a_shot_that_kills_every_enemy_in_a_melee_ends_it() {
    let mut s = locked([2, 2], "");
    s.draw("5C");
    s.ok(r#"{"type":"fire","unit":"a","target":"natives-1","dice":[6,6,6,6,6,6,6]}"#);
    assert_eq!(s.alive("natives-1"), 0);
    assert!(s.turn().melees.is_empty(), "no enemy is left in it: {:?}", s.turn().melees);
    s.draw("JC");
    s.ok(r#"{"type":"move","unit":"a","path":[{"x":20,"y":16}]}"#);
    s.ok(r#"{"type":"pass"}"#);
    assert_eq!(s.turn().stage, Stage::Reinforcement);
}

/// Melee: natives that rout from such a shot leave the melee; with no melee left to fight, the picture
/// card brings the reinforcement roll.
#[test]
fn natives_routed_by_a_shot_leave_their_melee() {
    let body = format!("{}{}", squad("a", (20.0, 20.0)), squad("b", (36.0, 36.0)));
    let mut s = charged(Siege::new(&body), [2, 2], (20.0, 26.0));
    s.draw("JC");
    s.ok(r#"{"type":"special","unit":"b","text":"fills the water butts"}"#);
    s.ok(r#"{"type":"fire","unit":"a","target":"natives-1","dice":[6,6,1,1,1,1,1]}"#);
    assert_eq!(s.turn().stage, Stage::Melees);
    let line = s.ok(r#"{"type":"morale","unit":"natives-1","dice":[2]}"#);
    assert!(line.contains("rout"), "{line}");
    assert!(s.turn().melees.is_empty());
    assert_eq!(s.turn().stage, Stage::Reinforcement);
}

/// Melee: "Groups outside a melee may not fire into it", and a group in one shoots at the enemy it is
/// locked with (Sandtable's reading of "before everything is decided"); with `fire_out_of_melee` it may
/// shoot at any enemy outside every melee instead.
#[test]
fn a_group_locked_in_a_melee_fires_only_at_the_enemy_it_fights_unless_the_table_says_otherwise() {
    let mut s = locked([2, 2], "");
    s.put("natives-2", (30.0, 30.0));
    s.draw("5C");
    let refusal = s.refused(r#"{"type":"fire","unit":"a","target":"natives-2","dice":[1,1,1,1,1,1,1]}"#);
    assert!(refusal.message.contains("the enemy it is locked with"), "{refusal:?}");
    let mut s =
        charged(Siege::with_options("fire_out_of_melee = true", &squad("a", (20.0, 20.0))), [2, 2], (20.0, 26.0));
    s.put("natives-2", (30.0, 30.0));
    s.draw("5C");
    s.ok(r#"{"type":"fire","unit":"a","target":"natives-2","dice":[6,1,1,1,1,1,1]}"#);
    assert_eq!(s.alive("natives-2"), 2);
}

/// Melee: "Each multiple of 12 will kill an enemy defending a building or prepared position": defending it
/// against attackers who come at it across it. A squad by a wall charged from its own side of the wall
/// fights in the open, as its cover from fire is judged by the line of fire. Natives 24 against it: four
/// kills, not two, and the natives win (with the wall's 12 the defenders would have).
#[test]
fn a_squad_by_a_wall_charged_from_its_own_side_fights_in_the_open() {
    let wall = area("Wall", "wall", (5.0, 24.0), (40.0, 24.5));
    let s = charged(Siege::new(&format!("{wall}{}", squad("a", (20.0, 25.5)))), [2, 2], (20.0, 31.0));
    assert!(s.unit("natives-1").alive().all(|f| f.pos.y > 24.5), "the natives stay on the squad's side");
    let mut s = fought_next(s);
    let line = s.ok(r#"{"type":"melee","unit":"a","dice":[6,6,1,1,1,1,1,6,6,6,6,6]}"#);
    assert!(line.contains("against defenders in the open, killing 4"), "{line}");
    assert!(line.contains("the natives win"), "{line}");
    assert_eq!(s.alive("a"), 3);
}

/// The same squad charged across the wall defends it: a kill per 12.
#[test]
fn a_squad_by_a_wall_charged_across_it_defends_it() {
    let wall = area("Wall", "wall", (5.0, 24.0), (40.0, 24.5));
    let s = charged(Siege::new(&format!("{wall}{}", squad("a", (20.0, 25.5)))), [2, 2], (20.0, 19.0));
    let mut s = fought_next(s);
    let line = s.ok(r#"{"type":"melee","unit":"a","dice":[6,6,1,1,1,1,1,6,6,6,6,6]}"#);
    assert!(line.contains("defending a building or prepared position, killing 2"), "{line}");
    assert!(line.contains("the defenders win"), "{line}");
}

/// Melee: the loser "must fall back a full move". The room to the table's edge is measured from the
/// figures still standing: a man killed in the melee nearer the edge does not cut the 6" short.
#[test]
fn the_loser_falls_back_a_full_move_whatever_figures_it_lost_nearer_the_edge() {
    let mut body = Siege::new(&squad("a", (20.0, 40.0)));
    // The first man to fall (the highest-numbered private) stands 5.5" from the south edge.
    body.ok(r#"{"type":"correct_position","unit":"a","figures":[{"figure":6,"at":{"x":17,"y":42.5}}]}"#);
    let mut s = fought_next(charged(body, [2, 2], (19.0, 34.0)));
    let before = s.unit("a").leader().unwrap().pos;
    // The defenders' 7 kill one native; the natives' 14 kill two defenders; the natives hold (6).
    let line = s.ok(r#"{"type":"melee","unit":"a","dice":[1,1,1,1,1,1,1,6,6,1,1,6]}"#);
    assert!(line.contains("the natives win"), "{line}");
    assert!(!s.unit("a").figures[6].alive, "the man nearest the edge fell");
    let after = s.unit("a").leader().unwrap().pos;
    assert!((after.x - before.x).abs() < 1e-9, "straight away from the natives: {before:?} to {after:?}");
    assert!((after.y - before.y - 6.0).abs() < 1e-9, "a full 6\": {before:?} to {after:?}");
}

/// The melee's log says "1 casualty", not "1 casualties", and "1 die".
#[test]
fn the_melee_log_counts_one_casualty_and_one_die_in_the_singular() {
    let mut s = due([2, 2], "");
    s.ok(r#"{"type":"record_losses","unit":"a","count":6}"#);
    // The officer's 6 kills one native; the natives' 4 kill nobody; they hold on a 2.
    let line = s.ok(r#"{"type":"melee","unit":"a","dice":[6,1,1,1,1,2]}"#);
    assert!(line.contains("(1 die)") && line.contains("against 1 casualty:"), "{line}");
}

/// Squad `a` behind a wall at y 24-24.5, one man at it (25.5) and the rest 3.5" back; natives-1 (four)
/// north of the wall charge it: the man at the wall holds it, so the charge stops there.
fn one_man_at_the_wall(cover: &str) -> Siege {
    let wall = area("Wall", cover, (5.0, 24.0), (40.0, 24.5));
    let mut s = Siege::mustered(&format!("{wall}{}", squad("a", (20.0, 28.0))));
    s.stand("a", &[(20.0, 28.0), (18.0, 28.0), (19.0, 28.0), (21.0, 28.0), (22.0, 28.0), (23.0, 28.0), (20.0, 25.5)]);
    s.put("natives-1", (20.0, 19.0));
    s.draw("5H");
    let line = s.ok(r#"{"type":"charge","unit":"natives-1","target":"a"}"#);
    assert!(line.contains("contact at Wall"), "{line}");
    fought_next(s)
}

/// Melee: "Each multiple of 12 will kill an enemy defending a building or prepared position", and Movement:
/// "A defended obstacle cannot be crossed until all defenders are removed". A charge stopped at a wall the
/// squad holds (one man at it is enough) is fought across it: the squad defends the wall, a kill per 12,
/// whatever share of it stands at the wall. The natives' 24 kill two, not four.
#[test]
fn a_charge_stopped_at_a_wall_one_man_holds_is_fought_with_the_squad_defending_the_wall() {
    let mut s = one_man_at_the_wall("wall");
    let line = s.ok(r#"{"type":"melee","unit":"a","dice":[6,6,1,1,1,1,1,6,6,6,6,6]}"#);
    assert!(line.contains("against defenders defending a building or prepared position, killing 2"), "{line}");
}

/// Melee: "Each multiple of 9 will kill an enemy defending a hasty barricade": the same at a barricade.
#[test]
fn a_charge_stopped_at_a_barricade_one_man_holds_is_fought_with_the_squad_defending_it() {
    let mut s = one_man_at_the_wall("barricade");
    let line = s.ok(r#"{"type":"melee","unit":"a","dice":[6,6,1,1,1,1,1,6,6,6,5,6]}"#);
    assert!(line.contains("against defenders defending a hasty barricade, killing 2"), "{line}");
}

/// The same for natives: a group holding a wall (one of it at the wall) charged across it by a squad
/// defends the wall.
#[test]
fn natives_holding_a_wall_charged_across_it_defend_the_wall() {
    let wall = area("Wall", "wall", (5.0, 24.0), (40.0, 24.5));
    let mut s = Siege::mustered(&format!("{wall}{}", squad("a", (20.0, 19.0))));
    s.stand("natives-1", &[(20.0, 25.5), (18.0, 28.0), (19.0, 28.0), (21.0, 28.0)]);
    s.draw("5S");
    let line = s.ok(r#"{"type":"charge","unit":"a","target":"natives-1"}"#);
    assert!(line.contains("contact at Wall"), "{line}");
    let mut s = fought_next(s);
    // The defenders' 24 kill two natives behind the wall (not four); the natives' 4 kill nobody.
    let line = s.ok(r#"{"type":"melee","unit":"a","dice":[6,6,6,1,1,1,3,1,1,1,1,6]}"#);
    assert!(line.contains("against natives defending a building or prepared position, killing 2"), "{line}");
}

/// Melee: "When opposing groups come into contact": a charge ends base to base, an inch between the
/// figures' middles, and the charger's other men stand clear of every other figure.
#[test]
fn a_charge_ends_base_to_base_and_no_figure_stands_on_another() {
    let s = locked([2, 2], "");
    let gap = sandtable::measure::nearest(&s.unit("natives-1").alive_positions(), &s.unit("a").alive_positions())
        .unwrap()
        .distance;
    assert!((gap - 1.0).abs() < 1e-9, "base to base: {gap}");
    crate::movement::clear_of_each_other(&s);
}

/// Squad `a` at (20, 20) with a wall of `cover` behind it (y 22-22.5), charged by natives-1 straight from
/// the north.
fn charged_from_the_north(cover: &str, squad_kind: &str) -> Siege {
    let wall = area("Wall", cover, (5.0, 22.0), (40.0, 22.5));
    let mut s = Siege::mustered(&format!("{wall}{}", crate::support::unit("a", squad_kind, 7, (20.0, 20.0))));
    s.stand("natives-1", &[(20.0, 14.0), (19.0, 13.0), (21.0, 13.0), (20.0, 12.0)]);
    s.draw("5H");
    s.ok(r#"{"type":"charge","unit":"natives-1","target":"a"}"#);
    fought_next(s)
}

/// Melee: the loser "must fall back a full move", and Movement: "It is a full move to cross a linear
/// obstacle". A squad falling back from natives who beat it meets a low wall behind it: it goes over and
/// stops just beyond, as any move over a wall, not on for its full 6". The log says who fell back, and how
/// far.
#[test]
fn a_loser_falling_back_over_a_wall_stops_just_beyond_it() {
    let mut s = charged_from_the_north("wall", "colonial_foot");
    let line = s.ok(r#"{"type":"melee","unit":"a","dice":[1,1,1,1,1,1,1,6,6,6,6,6]}"#);
    assert!(line.contains("the natives win"), "{line}");
    let officer = s.unit("a").leader().unwrap().pos;
    assert!((officer.y - 23.0).abs() < 1e-9 && officer.x == 20.0, "just beyond the wall: {officer:?}");
    assert!(line.contains("a falls back 3.0\" over Wall"), "{line}");
    assert!(s.unit("a").alive().all(|f| f.pos.y > 22.5), "every man beyond the wall: {:?}", s.unit("a").figures);
    crate::movement::clear_of_each_other(&s);
}

/// Movement: a high wall "is impassable to mounted troops": horse falling back stop at it.
#[test]
fn horse_falling_back_stop_at_a_high_wall() {
    let mut s = charged_from_the_north("high_wall", "colonial_mounted");
    let line = s.ok(r#"{"type":"melee","unit":"a","dice":[1,1,1,1,1,1,1,6,6,6,6,6]}"#);
    let officer = s.unit("a").leader().unwrap().pos;
    assert!((officer.y - 21.5).abs() < 1e-9, "at the wall: {officer:?}");
    assert!(line.contains("a falls back 1.5\" and stops at Wall"), "{line}");
}

/// Melee: the text names a loser only "If both sides have figures left", and the natives win the siege
/// only if "he kills all the defenders". A melee that leaves neither side a figure is won by neither:
/// nobody falls back, the siege goes on while other defenders stand, and the odds count it apart.
#[test]
fn a_melee_that_wipes_out_both_sides_is_won_by_neither() {
    let body = format!("{}{}", squad("a", (20.0, 20.0)), squad("b", (40.0, 40.0)));
    let mut s = fought_next(charged(Siege::new(&body), [2, 2], (20.0, 26.0)));
    s.ok(r#"{"type":"record_losses","unit":"a","count":3}"#);
    let odds = s.odds(r#"{"type":"melee","unit":"a"}"#);
    let line = |label: &str| odds.lines.iter().find(|l| l.label == label).unwrap_or_else(|| panic!("{odds:?}")).p;
    let both = (1.0f64 / 1296.0).powi(2);
    assert!((line("both sides are wiped out") - both).abs() < 1e-15, "{odds:?}");
    let sum = line("the defenders win") + line("the natives win") + line("both sides are wiped out");
    assert!((sum - 1.0).abs() < 1e-12, "{odds:?}");
    let line = s.ok(r#"{"type":"melee","unit":"a","dice":[6,6,6,6,6,6,6,6]}"#);
    assert!(line.contains("both sides are wiped out: neither wins"), "{line}");
    assert!(!line.contains("the natives win") && !line.contains("siege is over"), "{line}");
    assert!(s.result().is_some_and(|r| !r.ended));
}

/// The U.S. Marines inside a compound's north wall (y 15-15.5): natives-1 outside it, natives-2 inside.
fn marines_between_two_groups() -> Siege {
    let wall = area("North wall", "wall", (15.0, 15.0), (22.0, 15.5));
    let mut s = Siege::mustered(&format!("{wall}{}", squad("us", (20.0, 16.2))));
    s.stand("natives-1", &[(16.0, 13.5), (17.0, 13.5), (18.0, 13.5), (19.0, 13.5)]);
    s.stand("natives-2", &[(18.0, 18.6), (19.0, 18.6), (20.0, 18.6), (21.0, 18.6)]);
    s.draw("KH");
    s
}

/// Melee: "Each multiple of 12 will kill an enemy defending a building or prepared position": defending it
/// against attackers coming over it. Natives charging the Marines from inside the compound, and others fed
/// in across the wall, do not make the wall the Marines' against all of them: each Marine's position is
/// judged from his nearest attacker, and most of them face the natives inside, in the open. So in either
/// order of the charges.
#[test]
fn a_wall_is_held_only_against_the_attackers_who_come_over_it() {
    for order in [["natives-2", "natives-1"], ["natives-1", "natives-2"]] {
        let mut s = marines_between_two_groups();
        for group in order {
            s.ok(&format!(r#"{{"type":"charge","unit":"{group}","target":"us"}}"#));
        }
        // The king's two actions spent: the melee is fought on it.
        // The Marines' 7 kill one native in the open; the natives' 8 kill one Marine in the open (none at 12).
        let line = s.ok(r#"{"type":"melee","unit":"us","dice":[1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,6]}"#);
        assert!(line.contains("against defenders in the open, killing 1"), "{order:?}: {line}");
    }
}

/// Melee: "Each multiple of 12 will kill an enemy defending a building": the building is defended against
/// attackers coming at it from outside. Natives who have come into the same building meet its defenders
/// in the open, as they would anywhere else.
#[test]
fn natives_inside_the_same_building_meet_its_defenders_in_the_open() {
    let house = area("House", "building", (14.0, 15.0), (26.0, 25.0));
    let doors = r#"buildings = [{ name = "House", doors = [[20, 25]] }]"#;
    let mut s = Siege::supplied("", doors, &format!("{house}{}", squad("a", (20.0, 18.0))));
    s.muster_basic();
    s.stand("natives-1", &[(20.0, 22.5), (21.0, 22.5), (19.0, 22.5), (22.0, 22.5)]);
    s.draw("5H");
    s.ok(r#"{"type":"charge","unit":"natives-1","target":"a"}"#);
    let mut s = fought_next(s);
    let line = s.ok(r#"{"type":"melee","unit":"a","dice":[1,1,1,1,1,1,1,6,6,6,6,6]}"#);
    assert!(line.contains("against defenders in the open, killing 4"), "{line}");
}

/// Morale: "Fanatical troops never test for morale", and Melee: "Native forces that suffered casualties
/// may need to take a morale test". When every native who would test has fallen, only fanatics are left:
/// nobody tests, and no morale die is asked for.
#[test]
fn no_morale_die_is_asked_when_only_fanatics_are_left() {
    let mut s = Siege::new(&squad("a", (20.0, 20.0)));
    s.ok(r#"{"type":"muster","dice":[2,2,1]}"#);
    s.ok(r#"{"type":"muster","dice":[2,3,6]}"#);
    s.ok(r#"{"type":"muster","dice":[2,2,1]}"#);
    s.ok(r#"{"type":"muster","dice":[2,2,1]}"#);
    s.ok(r#"{"type":"raise"}"#);
    s.ok(r#"{"type":"raise","kind":"native_fanatics"}"#);
    s.ok(r#"{"type":"raise"}"#);
    s.ok(r#"{"type":"raise"}"#);
    s.ok(r#"{"type":"record_losses","unit":"natives-1","count":2}"#);
    s.stand("natives-1", &[(19.0, 26.0), (20.0, 26.0)]);
    s.stand("natives-2", &[(22.0, 25.0), (23.0, 25.0), (24.0, 25.0)]);
    s.draw("5H");
    s.ok(r#"{"type":"charge","unit":"natives-1","target":"a"}"#);
    s.draw("6H");
    s.ok(r#"{"type":"charge","unit":"natives-2","target":"a"}"#);
    let mut s = fought_next(s);
    let odds = s.odds(r#"{"type":"melee","unit":"a"}"#);
    // The defenders' 27 kill four: both warriors and two fanatics; the natives' 5 kill nobody.
    let line = s.ok(r#"{"type":"melee","unit":"a","dice":[6,6,6,6,1,1,1,1,1,1,1,1]}"#);
    assert!(!line.contains("morale"), "{line}");
    assert_eq!((s.alive("natives-1"), s.alive("natives-2")), (0, 1));
    assert!(odds.lines.iter().all(|l| l.p.is_finite()), "{odds:?}");
}

/// Melee: "If both sides have taken equal casualties and have the same number of figures remaining then
/// the defender is considered the winner": the log says why.
#[test]
fn a_tied_melee_says_why_its_winner_wins() {
    let mut s = due([3, 4], "");
    let line = s.ok(r#"{"type":"melee","unit":"a","dice":[1,1,1,1,1,1,1,1,1,1,1,1,1,1,6]}"#);
    assert!(line.contains("equal losses and equal numbers left: the defenders win"), "{line}");
    let mut s = due([2, 2], "");
    let line = s.ok(r#"{"type":"melee","unit":"a","dice":[1,1,1,1,1,1,1,6,1,1,1,6]}"#);
    assert!(line.contains("equal losses, fewer natives left: the defenders win"), "{line}");
}

/// Melee: the prompt names the defenders, then the natives they fight: "a against Native warriors 1 and
/// Native warriors 2", each side once.
#[test]
fn the_melee_prompt_names_each_side_once() {
    let mut s = locked([2, 2], "");
    s.put("natives-2", (24.0, 27.0));
    s.draw("6H");
    s.ok(r#"{"type":"charge","unit":"natives-2","target":"a"}"#);
    let s = fought_next(s);
    let view = sandtable::api::GameView::seen(0, "", &s.game, &sandtable::rules::Seat::Table);
    let prompt = view.prompts.iter().find(|p| p.action == "melee").expect("a melee prompt");
    assert!(prompt.text.contains("a against Native warriors 1 and Native warriors 2"), "{}", prompt.text);
}

/// Melee: the loser "must fall back a full move": a squad with the table's edge 3" behind it goes those
/// 3" and the log says the edge stopped it.
#[test]
fn a_fall_back_cut_short_by_the_tables_edge_says_so() {
    let mut s = charged(Siege::new(&squad("a", (20.0, 45.0))), [2, 2], (20.0, 40.0));
    s = fought_next(s);
    let line = s.ok(r#"{"type":"melee","unit":"a","dice":[1,1,1,1,1,1,1,6,6,6,6,6]}"#);
    assert!(line.contains("a falls back") && line.contains("and stops at the table's edge"), "{line}");
}

/// Melee: the loser "must fall back a full move and regroup", which Sandtable takes straight away from the
/// winner's figures. A squad whose Officer stands on the natives' far side from his men falls back away
/// from them as he stands, not along the squad's own line from its middle, which runs back through their
/// bases: his way passes no winner's base.
#[test]
fn a_fall_back_does_not_run_through_the_winners_bases() {
    let mut s = charged(Siege::new(&squad("a", (20.0, 20.0))), [2, 2], (20.0, 26.0));
    s.stand("a", &[(24.5, 32.4), (21.0, 29.5), (19.0, 29.5), (22.0, 29.5), (18.0, 29.5), (23.0, 29.5), (17.0, 29.5)]);
    s.stand("natives-1", &[(23.6, 30.62), (24.97, 30.98), (22.24, 31.98), (25.5, 29.49)]);
    let mut s = fought_next(s);
    let before = s.unit("a").leader().unwrap().pos;
    let line = s.ok(r#"{"type":"melee","unit":"a","dice":[1,1,1,1,1,1,1,6,6,6,6,6]}"#);
    assert!(line.contains("the natives win"), "{line}");
    let after = s.unit("a").leader().unwrap().pos;
    for native in s.unit("natives-1").alive() {
        let gap = sandtable::measure::distance_to_segment(native.pos, before, after);
        assert!(
            gap >= 1.0 - 1e-6,
            "the Officer's way from {before:?} to {after:?} passes {gap:.2}\" from {:?}: {line}",
            native.pos
        );
    }
}

/// Equipment: "Figures, based individually", and Melee: the loser "must fall back a full move". A fall back
/// the table's edge cuts short stops with every base whole on the table, not a figure centred on the edge.
#[test]
fn a_fall_back_stopped_by_the_tables_edge_keeps_every_base_on_the_table() {
    let mut s = charged(Siege::new(&squad("a", (20.0, 45.0))), [2, 2], (20.0, 40.0));
    s = fought_next(s);
    s.ok(r#"{"type":"melee","unit":"a","dice":[1,1,1,1,1,1,1,6,6,6,6,6]}"#);
    assert!(s.unit("a").alive().all(|f| f.pos.y <= 47.5 + 1e-9), "{:?}", s.unit("a").alive_positions());
}
