//! Movement: colonial foot 6" from the Officer/NCO, mounted 12", natives 8"; obstacles; guns that never
//! move; crewing a gun and combining squads.

use crate::support::{Siege, area, gun, squad, unit};

#[test]
fn a_colonial_squad_moves_6_inches_from_its_officer() {
    let mut s = Siege::mustered(&squad("a", (20.0, 20.0)));
    s.draw("2S");
    let refusal = s.refused(r#"{"type":"move","unit":"a","path":[{"x":20,"y":26.5}]}"#);
    assert!(refusal.message.contains("past its 6\""), "{refusal:?}");
    s.ok(r#"{"type":"move","unit":"a","path":[{"x":20,"y":26}]}"#);
    assert_eq!(s.unit("a").leader().unwrap().pos.y, 26.0);
}

#[test]
fn native_groups_move_8_inches_and_mounted_men_12() {
    let mut s = Siege::mustered(&unit("lancers", "colonial_mounted", 7, (10.0, 30.0)));
    s.draw("2H");
    let x = s.unit("natives-1").anchor().unwrap().x;
    s.refused(&format!(r#"{{"type":"move","unit":"natives-1","path":[{{"x":{x},"y":9.5}}]}}"#));
    s.ok(&format!(r#"{{"type":"move","unit":"natives-1","path":[{{"x":{x},"y":9}}]}}"#));
    s.draw("2C");
    s.ok(r#"{"type":"move","unit":"lancers","path":[{"x":22,"y":30}]}"#);
}

#[test]
fn crossing_a_wall_is_a_full_move_and_a_defended_wall_cannot_be_crossed() {
    let wall = area("Garden wall", "wall", (10.0, 30.0), (40.0, 30.5));
    let mut s = Siege::mustered(&format!("{wall}{}", squad("a", (20.0, 26.0))));
    s.draw("2S");
    let refusal = s.refused(r#"{"type":"move","unit":"a","path":[{"x":20,"y":32}]}"#);
    assert!(refusal.message.contains("full move"), "{refusal:?}");
    s.ok(r#"{"type":"move","unit":"a","path":[{"x":20,"y":28}]}"#);
    s.draw("3S");
    s.ok(r#"{"type":"move","unit":"a","path":[{"x":20,"y":32}]}"#);
    s.put("a", (20.0, 29.0));
    s.put("natives-3", (20.0, 33.0));
    s.draw("3H");
    let refusal = s.refused(r#"{"type":"move","unit":"natives-3","path":[{"x":20,"y":29.8}, {"x":20,"y":28}]}"#);
    assert!(refusal.message.contains("defended"), "{refusal:?}");
}

#[test]
fn mounted_colonials_pay_6_inches_for_a_low_wall_and_cannot_cross_a_high_one() {
    let low = area("Hedge wall", "wall", (0.0, 30.0), (24.0, 30.5));
    let high = area("Compound wall", "high_wall", (24.0, 30.0), (48.0, 30.5));
    let mut s = Siege::mustered(&format!("{low}{high}{}", unit("lancers", "colonial_mounted", 7, (5.0, 26.0))));
    s.draw("2S");
    s.refused(r#"{"type":"move","unit":"lancers","path":[{"x":5,"y":33}]}"#);
    s.ok(r#"{"type":"move","unit":"lancers","path":[{"x":5,"y":32}]}"#);
    s.put("lancers", (30.0, 28.0));
    s.draw("3S");
    let refusal = s.refused(r#"{"type":"move","unit":"lancers","path":[{"x":30,"y":32}]}"#);
    assert!(refusal.message.contains("impassable"), "{refusal:?}");
}

#[test]
fn a_machine_gun_never_moves_and_turns_only_when_fully_crewed() {
    let mut s = Siege::mustered(&format!("{}{}", gun("mg", (24.0, 24.0), 0.0), squad("a", (20.0, 20.0))));
    s.draw("2S");
    let refusal = s.refused(r#"{"type":"move","unit":"mg","path":[{"x":24,"y":26}]}"#);
    assert!(refusal.message.contains("may not move"), "{refusal:?}");
    let refusal = s.refused(r#"{"type":"turn_gun","unit":"mg","facing":400}"#);
    assert!(refusal.message.contains("from 0 to 359"), "a facing of 400 is not read as 40: {refusal:?}");
    s.ok(r#"{"type":"turn_gun","unit":"mg","facing":180}"#);
    assert_eq!(s.unit("mg").facing, 180.0);
    s.ok(r#"{"type":"record_losses","unit":"mg","count":1}"#);
    s.draw("3S");
    let refusal = s.refused(r#"{"type":"turn_gun","unit":"mg","facing":90}"#);
    assert!(refusal.message.contains("3 of its 4 crew"), "{refusal:?}");
}

#[test]
fn a_squad_man_replaces_a_lost_crewman_for_one_action_each() {
    let mut s = Siege::mustered(&format!("{}{}", gun("mg", (24.0, 24.0), 0.0), squad("a", (20.0, 20.0))));
    s.ok(r#"{"type":"record_losses","unit":"mg","count":2}"#);
    s.draw("QS");
    s.ok(r#"{"type":"crew","unit":"a","gun":"mg"}"#);
    s.ok(r#"{"type":"crew","unit":"a","gun":"mg"}"#);
    assert_eq!((s.unit("mg").crew_alive(), s.alive("a")), (4, 5));
    s.ok(r#"{"type":"reinforce","dice":[6]}"#);
    s.draw("KS");
    let refusal = s.refused(r#"{"type":"crew","unit":"a","gun":"mg"}"#);
    assert!(refusal.message.contains("full crew"), "{refusal:?}");
}

#[test]
fn a_crewman_rejoins_a_squad_with_room_only_when_the_gun_has_no_ammunition() {
    let body = format!("{}{}", gun("mg", (24.0, 24.0), 180.0), squad("a", (20.0, 20.0)));
    let mut s = Siege::supplied("", "gun_ammunition = 1", &body);
    s.muster_basic();
    s.ok(r#"{"type":"record_losses","unit":"a","count":1}"#);
    s.draw("2S");
    s.refused(r#"{"type":"rejoin","unit":"mg","squad":"a"}"#);
    s.put("natives-3", (24.0, 34.0));
    s.ok(r#"{"type":"fire","unit":"mg","target":"natives-3","dice":[1,1,1,1,1,1,1,1]}"#);
    s.ok(r#"{"type":"morale","unit":"natives-3","dice":[6]}"#);
    s.draw("3S");
    s.ok(r#"{"type":"rejoin","unit":"mg","squad":"a"}"#);
    assert_eq!((s.unit("mg").crew_alive(), s.alive("a")), (3, 7));
}

#[test]
fn small_squads_within_6_inches_combine_and_an_officer_becomes_a_private() {
    let mut s = Siege::mustered(&format!("{}{}", squad("a", (10.0, 20.0)), squad("b", (10.0, 24.0))));
    s.ok(r#"{"type":"record_losses","unit":"a","count":4}"#);
    s.draw("2S");
    let refusal = s.refused(r#"{"type":"combine","unit":"a","into":"b"}"#);
    assert!(refusal.message.contains("room"), "{refusal:?}");
    s.ok(r#"{"type":"record_losses","unit":"b","count":3}"#);
    s.ok(r#"{"type":"combine","unit":"a","into":"b"}"#);
    assert_eq!((s.alive("a"), s.alive("b")), (0, 7));
    assert_eq!(s.unit("b").figures.iter().filter(|f| f.alive && f.role == sandtable::roster::Role::Leader).count(), 1);
}

#[test]
fn a_native_field_gun_never_moves_once_it_has_fired() {
    let mut s = Siege::new(&squad("a", (24.0, 20.0)));
    s.ok(r#"{"type":"muster","dice":[5,2,6]}"#);
    for _ in 0..3 {
        s.ok(r#"{"type":"muster","dice":[2,2,1]}"#);
    }
    s.ok(r#"{"type":"raise","kind":"boxer_field_gun"}"#);
    for _ in 0..3 {
        s.ok(r#"{"type":"raise"}"#);
    }
    s.draw("QH");
    s.ok(r#"{"type":"move","unit":"natives-1","path":[{"x":22.5,"y":8}]}"#);
    s.ok(r#"{"type":"fire","unit":"natives-1","target":"a","dice":[1,1,1,1,1,1,1,1]}"#);
    s.ok(r#"{"type":"reinforce","dice":[6]}"#);
    s.draw("3H");
    let refusal = s.refused(r#"{"type":"move","unit":"natives-1","path":[{"x":22.5,"y":10}]}"#);
    assert!(refusal.message.contains("never moves again"), "{refusal:?}");
}

#[test]
fn a_charge_beyond_a_move_is_refused() {
    let mut s = Siege::mustered(&squad("a", (20.0, 20.0)));
    s.draw("3H");
    let refusal = s.refused(r#"{"type":"charge","unit":"natives-1","target":"a"}"#);
    assert!(refusal.message.contains("past Native warriors 1's 8\" move"), "{refusal:?}");
}

const HOUSE: &str = r#"buildings = [{ name = "House", levels = ["ground floor", "roof"], doors = [[20, 25]] }]"#;

fn in_the_house() -> Siege {
    let house = area("House", "building", (14.0, 15.0), (26.0, 25.0));
    let mut s = Siege::supplied("", HOUSE, &format!("{house}{}", squad("a", (20.0, 20.0))));
    s.muster_basic();
    s
}

#[test]
fn a_squad_going_up_to_the_roof_spends_a_full_move_and_must_come_down_to_leave() {
    let mut s = in_the_house();
    s.draw("QS");
    let line = s.ok(r#"{"type":"climb","unit":"a","level":"roof"}"#);
    assert!(line.contains("roof of House (a full move)"), "{line}");
    assert_eq!(s.turn().actions_left, 1);
    let refusal = s.refused(r#"{"type":"move","unit":"a","path":[{"x":20,"y":27}]}"#);
    assert!(refusal.message.contains("come down"), "{refusal:?}");
    s.refused(r#"{"type":"climb","unit":"a","level":"roof"}"#);
    s.try_act(r#"{"type":"climb","unit":"a","level":"cellar"}"#).expect_err("the house has no cellar");
}

#[test]
fn a_squad_leaving_a_building_measures_its_move_from_the_door() {
    let mut s = in_the_house();
    s.draw("2S");
    // 11" from the officer, but 6" from the door at (20, 25).
    let line = s.ok(r#"{"type":"move","unit":"a","path":[{"x":20,"y":31}]}"#);
    assert!(line.contains("moved 6.0\" out through the door of House"), "{line}");
}

#[test]
fn a_scenario_naming_a_building_it_lacks_is_refused_at_the_line() {
    let source = format!(
        "[scenario]\nsystem = \"natives-are-restless\"\ntitle = \"x\"\ntable = {{ width = 48, depth = 48 }}\n\n[siege]\nnatives = [{{ kind = \"native_warriors\", figures = 10 }}]\n{HOUSE}\n\n[[sides]]\nid = \"d\"\nname = \"D\"\narmy = \"defenders\"\n\n[[sides]]\nid = \"n\"\nname = \"N\"\narmy = \"natives\"\n\n{}",
        squad("a", (20.0, 20.0)).replace("side = \"defenders\"", "side = \"d\"")
    );
    let err = sandtable::scenario::parse("siege.toml", &source).unwrap_err();
    assert_eq!(err.line, Some(8), "{err}");
    assert!(err.message.contains("no building named \"House\""), "{err}");
}

/// With `crewing_within_6_inches` a man crews the gun from within 6" of where it stood.
#[test]
fn a_gun_whose_crew_all_fell_is_crewed_again_only_from_within_6_inches_where_it_stood() {
    let body = format!("{}{}{}", gun("mg", (24.0, 24.0), 0.0), squad("near", (24.0, 28.0)), squad("far", (10.0, 40.0)));
    let mut s = Siege::with_options("crewing_within_6_inches = true", &body);
    s.muster_basic();
    s.ok(r#"{"type":"record_losses","unit":"mg","count":4}"#);
    s.draw("QS");
    let refusal = s.refused(r#"{"type":"crew","unit":"far","gun":"mg"}"#);
    assert!(refusal.message.contains("past 6\""), "{refusal:?}");
    s.ok(r#"{"type":"crew","unit":"near","gun":"mg"}"#);
    let gun = s.unit("mg");
    assert_eq!(gun.crew_alive(), 1);
    assert!(gun.alive().all(|f| f.pos.y == 24.0 && (21.0..=27.0).contains(&f.pos.x)), "at the gun: {:?}", gun.figures);
}

/// Movement: "the defending player may use an action to remove a figure from a squad and replace one of the
/// missing gun crew", and "A crewman may become an infantryman again if the gun is out of ammunition and
/// there is a squad with room for him". The text gives no distance for either, so none is asked: a squad
/// across the table crews the gun, and a crewman joins it.
#[test]
fn crewing_a_gun_and_rejoining_a_squad_ask_no_distance() {
    let body = format!("{}{}", gun("mg", (24.0, 24.0), 180.0), squad("far", (6.0, 44.0)));
    let mut s = Siege::supplied("", "gun_ammunition = 1", &body);
    s.muster_basic();
    s.ok(r#"{"type":"record_losses","unit":"mg","count":1}"#);
    s.draw("2S");
    s.ok(r#"{"type":"crew","unit":"far","gun":"mg"}"#);
    assert_eq!((s.unit("mg").crew_alive(), s.alive("far")), (4, 6));
    s.put("natives-3", (24.0, 34.0));
    s.draw("3S");
    s.ok(r#"{"type":"fire","unit":"mg","target":"natives-3","dice":[1,1,1,1,1,1,1,1]}"#);
    s.ok(r#"{"type":"morale","unit":"natives-3","dice":[6]}"#);
    s.draw("4S");
    s.ok(r#"{"type":"rejoin","unit":"mg","squad":"far"}"#);
    assert_eq!((s.unit("mg").crew_alive(), s.alive("far")), (3, 7));
}

/// A house with one door, near its south-east corner.
const CORNER_DOOR: &str = r#"buildings = [{ name = "House", levels = ["ground floor"], doors = [[24, 25]] }]"#;

fn outside_the_house(doors: &str, at: (f64, f64)) -> Siege {
    let house = area("House", "building", (14.0, 15.0), (26.0, 25.0));
    let mut s = Siege::supplied("", doors, &format!("{house}{}", squad("b", at)));
    s.muster_basic();
    s
}

fn in_house(p: sandtable::measure::Pt) -> bool {
    (14.0..=26.0).contains(&p.x) && (15.0..=25.0).contains(&p.y)
}

/// Movement: "Figures in the same room as a door may leave a building, if they do so the move is measured
/// from the door": a building's way in and out is its doors. A squad outside cannot walk in through the
/// wall, but comes in by the door.
#[test]
fn a_squad_goes_into_a_building_only_by_a_door() {
    let mut s = outside_the_house(HOUSE, (20.0, 29.0));
    s.draw("2S");
    let refusal = s.refused(r#"{"type":"move","unit":"b","path":[{"x":23,"y":24}]}"#);
    assert!(refusal.message.contains("House") && refusal.message.contains("door"), "{refusal:?}");
    let line = s.ok(r#"{"type":"move","unit":"b","path":[{"x":20,"y":25},{"x":20,"y":24}]}"#);
    assert!(line.contains("moved 5.0\" in through the door of House"), "{line}");
    assert!(s.unit("b").alive().all(|f| in_house(f.pos)), "{:?}", s.unit("b").figures);
}

/// Movement: "arranging the members of his squad around him": the men follow their Officer/NCO in by the
/// door, none left outside the wall he went in by or put in through another.
#[test]
fn a_squad_going_in_by_a_door_takes_all_its_men_in_with_it() {
    let mut s = outside_the_house(CORNER_DOOR, (24.0, 29.0));
    s.draw("2S");
    s.ok(r#"{"type":"move","unit":"b","path":[{"x":24,"y":25},{"x":24,"y":23}]}"#);
    let b = s.unit("b");
    let officer = b.leader().unwrap().pos;
    assert!(b.alive().all(|f| in_house(f.pos)), "{:?}", b.figures);
    assert!(b.alive().all(|f| sandtable::measure::distance(f.pos, officer) <= 3.0 + 1e-9), "{:?}", b.figures);
}

/// Movement: no way through a building but by its doors: a group cannot cross a hut the scenario gives no
/// door, and crosses one by a door on each side.
#[test]
fn natives_cross_a_building_only_in_and_out_by_its_doors() {
    let hut = area("Hut", "building", (15.0, 18.0), (17.0, 22.0));
    let doors = r#"buildings = [{ name = "Hut", doors = [[15, 20], [17, 20]] }]"#;
    for (supplies, crosses) in [("", false), (doors, true)] {
        let mut s = Siege::supplied("", supplies, &format!("{hut}{}", squad("a", (40.0, 40.0))));
        s.muster_basic();
        s.put("natives-1", (11.0, 20.0));
        s.draw("2H");
        let through = r#"{"type":"move","unit":"natives-1","path":[{"x":19,"y":20}]}"#;
        if crosses {
            s.ok(through);
        } else {
            let refusal = s.refused(through);
            assert!(refusal.message.contains("Hut"), "{refusal:?}");
        }
    }
}

/// Movement: a squad in a building charging natives just outside its wall does not run out through the
/// wall: it fights them across it, as natives charging into a building do.
#[test]
fn a_squad_charging_out_of_a_building_stops_at_its_wall() {
    let mut s = in_the_house();
    s.put("natives-1", (20.0, 14.0));
    s.draw("2S");
    let line = s.ok(r#"{"type":"charge","unit":"a","target":"natives-1"}"#);
    assert!(line.contains("contact at House"), "{line}");
    assert!(s.unit("a").alive().all(|f| f.pos.y > 15.0), "{:?}", s.unit("a").figures);
}

/// No two figures on the table stand closer than a base (an inch).
pub fn clear_of_each_other(s: &Siege) {
    let all: Vec<(String, sandtable::measure::Pt)> = s
        .game
        .state()
        .units
        .iter()
        .flat_map(|u| u.alive().map(move |f| (format!("{} {}", u.id, f.id), f.pos)))
        .collect();
    for (i, (a, p)) in all.iter().enumerate() {
        for (b, q) in &all[i + 1..] {
            assert!(sandtable::measure::distance(*p, *q) >= 1.0 - 1e-6, "{a} at {p:?} and {b} at {q:?} overlap");
        }
    }
}

/// Movement: "Movement is carried out by measuring the move for the Officer/NCO and then arranging the
/// members of his squad around him as necessary." The officer moves 4" east and stops 2.5" short of a
/// wall; the man at the end of the line, carried with him, would stand in it: he is set beside his officer
/// instead, on his side of the wall. The move is the officer's, and crosses nothing.
#[test]
fn a_squad_moving_up_short_of_a_wall_arranges_its_men_on_the_officers_side() {
    let wall = area("East wall", "wall", (32.5, 10.0), (33.0, 30.0));
    let mut s = Siege::mustered(&format!("{wall}{}", squad("a", (26.0, 18.0))));
    s.stand("a", &[(26.0, 18.0), (23.0, 18.0), (24.0, 18.0), (25.0, 18.0), (27.0, 18.0), (28.0, 18.0), (29.0, 18.0)]);
    s.draw("KS");
    let line = s.ok(r#"{"type":"move","unit":"a","path":[{"x":30,"y":18}],"facing":90}"#);
    assert_eq!(line, "a moved 4.0\"");
    let a = s.unit("a");
    assert_eq!(a.leader().unwrap().pos, sandtable::measure::Pt::new(30.0, 18.0));
    assert!(a.alive().all(|f| f.pos.x < 32.5), "every man on the officer's side of the wall: {:?}", a.figures);
    clear_of_each_other(&s);
}

/// Movement: "Any obstacle higher than a figure, for instance a high wall, is impassable to mounted troops",
/// measured by the Officer/NCO: horse passing 2" clear of a high wall's end go by, the men with their
/// officer, though a man carried rigidly beside him would have gone through the wall.
#[test]
fn horse_passing_the_end_of_a_high_wall_go_by_it() {
    let high = area("South wall", "high_wall", (15.0, 32.5), (33.0, 33.0));
    let mut s = Siege::mustered(&format!("{high}{}", unit("horse", "colonial_mounted", 7, (13.0, 34.0))));
    s.stand(
        "horse",
        &[(13.0, 34.0), (10.0, 34.0), (11.0, 34.0), (12.0, 34.0), (14.0, 34.0), (15.0, 34.0), (16.0, 34.0)],
    );
    s.draw("KS");
    s.ok(r#"{"type":"move","unit":"horse","path":[{"x":13,"y":29}]}"#);
    assert!(s.unit("horse").alive().all(|f| f.pos.y < 32.5), "{:?}", s.unit("horse").figures);
}

/// Movement: a move is "measuring the move": one that goes nowhere is no move, and spends no action.
#[test]
fn a_move_of_no_distance_is_refused() {
    let mut s = Siege::mustered(&squad("a", (20.0, 20.0)));
    s.draw("2S");
    let refusal = s.refused(r#"{"type":"move","unit":"a","path":[{"x":20,"y":20}]}"#);
    assert!(refusal.message.contains("goes nowhere"), "{refusal:?}");
    assert_eq!(s.turn().actions_left, 1);
}

/// Movement: "Colonial groups ... may be combined" and "A crewman may become an infantryman again": two
/// crewmen rejoining the same squad stand beside its officer, each on a place of his own.
#[test]
fn crewmen_rejoining_a_squad_stand_clear_of_its_men() {
    let body = format!("{}{}", gun("mg", (24.0, 24.0), 180.0), squad("a", (20.0, 20.0)));
    let mut s = Siege::supplied("", "gun_ammunition = 0", &body);
    s.muster_basic();
    s.ok(r#"{"type":"record_losses","unit":"a","count":2}"#);
    s.draw("QS");
    s.ok(r#"{"type":"rejoin","unit":"mg","squad":"a"}"#);
    s.ok(r#"{"type":"rejoin","unit":"mg","squad":"a"}"#);
    assert_eq!(s.alive("a"), 7);
    clear_of_each_other(&s);
}

/// Movement: guns "may change their facing to any direction as a move action if they are fully crewed". A
/// gun short of crew is not offered the turn: the view bars it with the refusal's own words.
#[test]
fn a_gun_short_of_crew_is_not_offered_a_turn() {
    let mut s = Siege::mustered(&gun("mg", (24.0, 24.0), 0.0));
    s.ok(r#"{"type":"record_losses","unit":"mg","count":1}"#);
    s.draw("2S");
    let barred = s.barred_as_refused("mg", "turn_gun", r#"{"type":"turn_gun","unit":"mg","facing":90}"#);
    assert!(barred.contains("fully crewed"), "{barred}");
}

/// Movement: crewing a gun in a melee is refused for the melee, and the view says so, not that no gun has
/// lost crew.
#[test]
fn crewing_a_gun_locked_in_melee_is_barred_for_the_melee() {
    let mut s = Siege::mustered(&format!("{}{}", gun("mg", (24.0, 24.0), 0.0), squad("a", (10.0, 10.0))));
    s.ok(r#"{"type":"record_losses","unit":"mg","count":1}"#);
    s.put("natives-3", (24.0, 30.0));
    s.draw("2H");
    s.ok(r#"{"type":"charge","unit":"natives-3","target":"mg"}"#);
    s.draw("3S");
    let barred = s.barred_as_refused("a", "crew", r#"{"type":"crew","unit":"a","gun":"mg"}"#);
    assert!(barred.contains("locked in melee"), "{barred}");
}

/// Melee: "Once engaged in a melee groups may not break off": a squad locked in melee cannot combine, and
/// the view says so, not that no squad within 6" has room.
#[test]
fn a_squad_locked_in_melee_is_barred_from_combining_for_the_melee() {
    let mut s = Siege::mustered(&format!("{}{}", squad("a", (20.0, 20.0)), squad("b", (20.0, 16.0))));
    s.ok(r#"{"type":"record_losses","unit":"a","count":4}"#);
    s.ok(r#"{"type":"record_losses","unit":"b","count":4}"#);
    s.put("natives-3", (20.0, 26.0));
    s.draw("2H");
    s.ok(r#"{"type":"charge","unit":"natives-3","target":"a"}"#);
    s.draw("3S");
    let barred = s.barred_as_refused("a", "combine", r#"{"type":"combine","unit":"a","into":"b"}"#);
    assert!(barred.contains("locked in melee"), "{barred}");
}

/// Movement: "Colonial groups that have got too small to be effective may be combined": the log's verb
/// agrees with the squad's name ("Horse combines"), and its possessive drops the s after a plural ("U.S.
/// Marines' figures").
#[test]
fn the_log_agrees_with_a_squads_name() {
    let horse = unit("Horse", "colonial_mounted", 7, (10.0, 20.0));
    let marines = unit("U.S. Marines", "colonial_foot", 7, (10.0, 24.0));
    let mut s = Siege::mustered(&format!("{horse}{marines}"));
    s.ok(r#"{"type":"record_losses","unit":"Horse","count":4}"#);
    s.ok(r#"{"type":"record_losses","unit":"U.S. Marines","count":4}"#);
    s.draw("2S");
    let refusal = s.refused(r#"{"type":"place_figure","unit":"U.S. Marines","figure":1,"at":{"x":12,"y":25}}"#);
    assert!(refusal.message.contains("U.S. Marines' figures"), "{refusal:?}");
    let line = s.ok(r#"{"type":"combine","unit":"Horse","into":"U.S. Marines"}"#);
    assert!(line.starts_with("Horse combines into U.S. Marines"), "{line}");
}

/// Movement: "Machine guns or field guns ... may change their facing to any direction as a move action if
/// they are fully crewed": the natives' field gun too, and its card offers the turn it may take.
#[test]
fn the_natives_field_gun_is_offered_its_turn() {
    let mut s = Siege::new(&squad("a", (24.0, 20.0)));
    s.ok(r#"{"type":"muster","dice":[5,2,6]}"#);
    for _ in 0..3 {
        s.ok(r#"{"type":"muster","dice":[2,2,1]}"#);
    }
    s.ok(r#"{"type":"raise","kind":"boxer_field_gun"}"#);
    for _ in 0..3 {
        s.ok(r#"{"type":"raise"}"#);
    }
    s.draw("QH");
    assert_eq!(s.offer("natives-1", "turn_gun").barred, None);
    s.ok(r#"{"type":"turn_gun","unit":"natives-1","facing":200}"#);
}

/// Movement: "Mounted figures may combine in this way with an infantry squad but they will become infantry
/// too": foot cannot join horse, and the refusal names the squads as they were ordered.
#[test]
fn foot_joining_horse_is_refused_naming_them_as_ordered() {
    let mut s =
        Siege::mustered(&format!("{}{}", squad("A", (10.0, 20.0)), unit("E", "colonial_mounted", 7, (10.0, 24.0))));
    s.ok(r#"{"type":"record_losses","unit":"A","count":4}"#);
    s.ok(r#"{"type":"record_losses","unit":"E","count":4}"#);
    s.draw("2S");
    let refusal = s.refused(r#"{"type":"combine","unit":"A","into":"E"}"#);
    assert!(refusal.message.starts_with("A cannot join E"), "{refusal:?}");
}

/// A unit with no weapon measured to another is said plainly: the measure says nothing of a weapon.
#[test]
fn measuring_from_a_group_with_no_firearms_says_nothing_of_a_weapon() {
    let s = Siege::mustered(&squad("a", (20.0, 20.0)));
    let measured = sandtable::api::Measurement::between(&s.game, "natives-1", "a", &Default::default()).unwrap();
    assert!(!measured.text.contains("no weapon"), "{}", measured.text);
    let measured = sandtable::api::Measurement::between(&s.game, "a", "natives-1", &Default::default()).unwrap();
    assert!(measured.text.contains("everything in sight"), "{}", measured.text);
}
