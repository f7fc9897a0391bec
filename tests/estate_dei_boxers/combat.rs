use sandtable::systems::estate_dei_boxers::siege::{At, FireOrder, GunUse, Phase, Siege, Stage, Waits};

use crate::common::{Fixture, Typed};

/// 7 soldier points and an officer in the British legation; 15 Boxer points next door in the Hanlin:
/// fanatics (10), regulars (2), Boxers (2 and 1), as the FAQ's example has them.
fn faq_table(f: &Fixture) -> Siege {
    let mut s = f.empty();
    for id in ["gb-1", "gb-2", "gb-3", "gb-4"] {
        f.put(&mut s, id, "GB1");
    }
    s.set_points(&f.rules(), f.piece("gb-4"), 1);
    f.put(&mut s, "strouts", "GB1");
    for id in ["fanatics-1", "regulars-1", "boxers-1", "boxers-2"] {
        f.put(&mut s, id, "HAN");
    }
    s.set_points(&f.rules(), f.piece("boxers-2"), 1);
    s
}

#[test]
fn faq_worked_example_three_boxer_points_weaken_the_fanatics() {
    let f = Fixture::shipped();
    let rules = f.rules();
    let mut s = faq_table(&f);
    let mut io = Typed::new(&[4]);
    s.fire(&rules, &mut io, f.zone("GB1"), &FireOrder { target: Some(f.zone("HAN")), guns: GunUse::Hold });
    assert!(io.said("row 5: 3 Boxer points eliminated"), "{:?}", io.lines);
    assert_eq!(s.pieces[f.piece("fanatics-1")].points, 5, "the fanatics are weakened");
    assert_eq!(s.pieces[f.piece("boxers-1")].points, 2, "the rest are safe behind the fanatics");
}

#[test]
fn faq_worked_example_in_ruins_two_points_are_absorbed() {
    let f = Fixture::shipped();
    let rules = f.rules();
    let mut s = faq_table(&f);
    s.marks.ruins |= 1 << f.zone("HAN");
    let mut io = Typed::new(&[4]);
    s.fire(&rules, &mut io, f.zone("GB1"), &FireOrder { target: Some(f.zone("HAN")), guns: GunUse::Hold });
    assert!(io.said("row 4: 2 Boxer points eliminated"), "{:?}", io.lines);
    assert_eq!(s.pieces[f.piece("fanatics-1")].points, 10, "the fanatics absorb two losses");
}

fn boxer_move(f: &Fixture, s: &mut Siege, dice: &[u8]) -> Typed {
    let rules = f.rules();
    s.stage = Stage::Combat { phase: Phase::BoxerMove };
    let mut io = Typed::new(dice);
    s.run(&rules, &mut io, &mut Waits, true);
    io
}

#[test]
fn a_pile_splits_at_a_two_arrow_zone_and_each_half_follows_its_arrow() {
    let f = Fixture::shipped();
    let mut s = f.empty();
    for id in ["regulars-1", "boxers-1", "boxers-2", "fanatics-1"] {
        f.put(&mut s, id, "HAN");
    }
    let io = boxer_move(&f, &mut s, &[]);
    assert!(io.said("split"), "{:?}", io.lines);
    // Dealt alternately in stack order: regulars and the second Boxers on the red arrow.
    assert_eq!(s.pieces[f.piece("regulars-1")].at, At::Zone(f.zone("GB1")), "{:?}", io.lines);
    assert_eq!(s.pieces[f.piece("boxers-2")].at, At::Zone(f.zone("GB1")));
    // The green half crosses the North Bridge and the Fu, 1 MP a zone, and stops before the Japanese
    // legation, which would cost 2 with 1 left.
    assert_eq!(s.pieces[f.piece("boxers-1")].at, At::Zone(f.zone("FU2")), "{:?}", io.lines);
    assert_eq!(s.pieces[f.piece("fanatics-1")].at, At::Zone(f.zone("FU2")));
}

#[test]
fn a_split_pile_does_not_split_again_and_takes_the_red_arrow() {
    let f = Fixture::shipped();
    let mut s = f.empty();
    for id in ["boxers-1", "boxers-2"] {
        f.put(&mut s, id, "FU2");
    }
    s.marks.split |= 1 << f.zone("FU2");
    let io = boxer_move(&f, &mut s, &[]);
    assert!(!io.said("split"), "{:?}", io.lines);
    assert_eq!(s.pieces[f.piece("boxers-1")].at, At::Zone(f.zone("JP")), "{:?}", io.lines);
    assert_eq!(s.pieces[f.piece("boxers-2")].at, At::Zone(f.zone("JP")));
}

#[test]
fn the_green_arrow_is_taken_when_the_red_leads_into_ruins() {
    let f = Fixture::shipped();
    let mut s = f.empty();
    f.put(&mut s, "boxers-1", "TW5");
    s.marks.split |= 1 << f.zone("TW5");
    s.marks.ruins |= 1 << f.zone("RMG");
    boxer_move(&f, &mut s, &[]);
    assert_eq!(
        s.pieces[f.piece("boxers-1")].at,
        At::Zone(f.zone("TW2")),
        "west along the wall: TW4, TW3, TW2 (3 MP, then the ramp's ruins would cost 2)"
    );
}

#[test]
fn boxers_stop_on_contact_and_pay_three_to_enter_soldiers() {
    let f = Fixture::shipped();
    let mut s = f.empty();
    f.put(&mut s, "boxers-1", "EN3");
    f.put(&mut s, "gb-1", "HAN");
    let io = boxer_move(&f, &mut s, &[]);
    assert!(io.said("Hanlin Academy (3 MP, 1 left), contact: they stop"), "{:?}", io.lines);
}

#[test]
fn boxers_leaving_the_map_go_back_to_the_cup() {
    let f = Fixture::shipped();
    let mut s = f.empty();
    f.put(&mut s, "boxers-1", "MM");
    boxer_move(&f, &mut s, &[]);
    assert_eq!(s.pieces[f.piece("boxers-1")].at, At::Cup);
}

#[test]
fn fire_spreads_to_its_neighbours_on_a_one_but_not_across_a_street_or_the_canal() {
    let f = Fixture::shipped();
    let rules = f.rules();
    let mut s = f.empty();
    f.put(&mut s, "boxers-1", "GB1");
    s.marks.fires |= 1 << f.zone("GB1");
    s.stage = Stage::Combat { phase: Phase::Fires };
    // Neighbours of the British legation (north): Hanlin, Mongol Market, British (south) and the canal.
    let mut io = Typed::new(&[1, 2, 1]);
    s.run(&rules, &mut io, &mut Waits, true);
    assert!(io.faces.is_empty(), "three dice: the canal is not rolled for");
    let burning = |z: &str| s.marks.fires & (1 << f.zone(z)) != 0;
    assert!(burning("HAN") && burning("GB2") && !burning("MM") && !burning("C1"), "{:?}", io.lines);
    assert_eq!(
        s.marks.spread,
        (1 << f.zone("HAN")) | (1 << f.zone("GB2")),
        "caught by spreading: no spreading next time"
    );
}

#[test]
fn soldiers_put_out_a_fire_on_six_or_more_but_never_on_a_one() {
    let f = Fixture::shipped();
    let rules = f.rules();
    for (die, out) in [(4, true), (1, false)] {
        let mut s = f.empty();
        f.put(&mut s, "gb-1", "C2");
        f.put(&mut s, "gb-2", "C2");
        f.put(&mut s, "gb-1", "GB2");
        f.put(&mut s, "gb-2", "GB2");
        s.marks.fires |= 1 << f.zone("GB2");
        s.marks.spread |= 1 << f.zone("GB2");
        s.stage = Stage::Combat { phase: Phase::Fires };
        let mut io = Typed::new(&[die]);
        s.run(&rules, &mut io, &mut Waits, true);
        assert_eq!(s.marks.fires & (1 << f.zone("GB2")) == 0, out, "{die}: {:?}", io.lines);
        assert_eq!(s.marks.fought & (1 << f.zone("GB2")) != 0, !out);
    }
}

#[test]
fn a_ruin_is_left_where_fires_burned_when_the_day_ends() {
    let f = Fixture::shipped();
    let rules = f.rules();
    let mut s = f.empty();
    f.put(&mut s, "gb-1", "GB2");
    s.today.card = Some(sandtable::systems::estate_dei_boxers::siege::DayCard::Ace { red: false });
    s.marks.fires |= 1 << f.zone("GB1");
    s.stage = Stage::Combat { phase: Phase::End };
    let mut io = Typed::new(&[]);
    s.run(&rules, &mut io, &mut Waits, true);
    assert!(s.marks.ruins & (1 << f.zone("GB1")) != 0 && s.marks.fires == 0, "{:?}", io.lines);
}

#[test]
fn a_fire_that_caught_by_spreading_never_spreads_itself() {
    let f = Fixture::shipped();
    let rules = f.rules();
    let mut s = f.empty();
    f.put(&mut s, "boxers-1", "HAN");
    // GB2 caught from GB1 earlier today; GB1's fire went out.
    s.marks.fires = 1 << f.zone("GB2");
    s.marks.spread = 1 << f.zone("GB2");
    for _ in 0..2 {
        s.stage = Stage::Combat { phase: Phase::Fires };
        let mut io = Typed::new(&[]);
        s.run(&rules, &mut io, &mut Waits, true);
        assert!(io.lines.iter().all(|l| !l.contains("spreads")), "{:?}", io.lines);
    }
}

#[test]
fn cha_cha_lasts_until_the_boxers_have_fought_a_melee_with_it() {
    let f = Fixture::shipped();
    let rules = f.rules();
    let mut s = f.empty();
    s.today.card = Some(sandtable::systems::estate_dei_boxers::siege::DayCard::Ace { red: false });
    s.tracks.cha_cha = true;
    f.put(&mut s, "gb-1", "GB2");
    // An attack day with no melee: the +3 waits for the next one.
    s.stage = Stage::Combat { phase: Phase::End };
    s.run(&rules, &mut Typed::new(&[]), &mut Waits, true);
    assert!(s.tracks.cha_cha);
    // A melee with it spends it at the end of that day.
    f.put(&mut s, "boxers-1", "GB2");
    s.stage = Stage::Combat { phase: Phase::BoxerMelee };
    let mut io = Typed::new(&[1]);
    s.run(&rules, &mut io, &mut Waits, true);
    assert!(io.said("+3 Cha, Cha, Cho, Cho"), "{:?}", io.lines);
    s.put(&rules, f.piece("boxers-1"), At::Cup);
    s.stage = Stage::Combat { phase: Phase::End };
    s.run(&rules, &mut Typed::new(&[]), &mut Waits, true);
    assert!(!s.tracks.cha_cha);
}

/// An attack day's table for the end of a sequence: the day's card in play, the British (north) held.
fn attack_day(f: &Fixture) -> Siege {
    let mut s = f.empty();
    s.tracks.day = 1;
    s.today.card = Some(sandtable::systems::estate_dei_boxers::siege::DayCard::Ace { red: false });
    for id in ["gb-1", "gb-2"] {
        f.put(&mut s, id, "GB1");
    }
    s
}

/// 6.3 "procedere alla fase di mischia dei boxer se rimangono unità superstiti", 6.4 "se ci sono boxer
/// superstiti … passare alla fase di movimento dei soldati", 6.9: the fire that eliminates the last Boxer
/// ends the sequence and the day; the soldiers get no movement phase to move in.
#[test]
fn the_fire_that_eliminates_the_last_boxer_ends_the_day_with_no_soldier_movement() {
    let f = Fixture::shipped();
    let rules = f.rules();
    let mut s = attack_day(&f);
    f.put(&mut s, "boxers-1", "HAN");
    s.set_points(&rules, f.piece("boxers-1"), 1);
    s.stage = Stage::Combat { phase: Phase::SoldierFire };
    // 4 points, die 3 -> row 3: 1 Boxer point, the last.
    let mut io = Typed::new(&[3]);
    s.fire(&rules, &mut io, f.zone("GB1"), &FireOrder { target: Some(f.zone("HAN")), guns: GunUse::Hold });
    s.run(&rules, &mut io, &mut Waits, false);
    assert!(io.said("No Boxer is left on the map"), "{:?}", io.lines);
    assert!(!io.said("Soldier movement") && !io.said("Soldier melee"), "{:?}", io.lines);
    assert_eq!(s.stage, Stage::Draw, "{:?}", io.lines);
}

/// 6.9 "Se non ci sono più pedoni boxer sulla mappa, i combattimenti si fermano": a pile that follows its
/// arrow off the map leaves none; the phases that follow are not played.
#[test]
fn boxers_gone_off_the_map_end_the_sequence_at_once() {
    let f = Fixture::shipped();
    let rules = f.rules();
    let mut s = attack_day(&f);
    f.put(&mut s, "boxers-1", "MM");
    s.stage = Stage::Combat { phase: Phase::BoxerMove };
    let mut io = Typed::new(&[]);
    s.run(&rules, &mut io, &mut Waits, false);
    assert_eq!(s.pieces[f.piece("boxers-1")].at, At::Cup);
    assert!(!io.said("Soldier movement"), "{:?}", io.lines);
    assert_eq!(s.stage, Stage::Draw, "{:?}", io.lines);
}

/// 6.5, the soldiers' movement, and `advance` documented as taking Sandtable's suggestion: it plays the
/// guard-the-roads strategy's moves (the nearest spare soldiers answer the call of the zone where a pile
/// fights), where `end_moves` moves no one. Seed 3: a black king typed, light rain (4 + 6), the Boxers in
/// at 3; half the pile takes the British legation (north), the British (south) next door.
#[test]
fn advancing_at_the_soldiers_movement_plays_the_strategys_moves() {
    use crate::common::app::{advance_to, at, ok, shipped};
    use serde_json::json;
    let mut game = shipped(3);
    ok(&mut game, json!({"type": "advance"}));
    ok(&mut game, json!({"type": "follow", "phase_by_phase": true}));
    ok(&mut game, json!({"type": "draw_card", "card": "KS"}));
    ok(&mut game, json!({"type": "advance", "dice": [4, 6]}));
    ok(&mut game, json!({"type": "advance", "dice": [3]}));
    advance_to(&mut game, "combat/soldier_move");
    let south = ["gb-1", "gb-2", "gb-3", "gb-4"].into_iter().filter(|c| at(&game, c) == "GB2").count();
    assert!(south >= 2, "the British (south) hold with counters to spare");

    ok(&mut game, json!({"type": "end_moves"}));
    assert_eq!(["gb-1", "gb-2", "gb-3", "gb-4"].into_iter().filter(|c| at(&game, c) == "GB2").count(), south);

    ok(&mut game, json!({"type": "undo"}));
    let line = ok(&mut game, json!({"type": "advance"}));
    assert!(line.contains("(the guard-the-roads strategy)"), "{line}");
    assert!(line.contains("move to British Legation (north)"), "{line}");
    assert_eq!(at(&game, "gb-4"), "GB1", "the British (south) go next door to the fight: {line}");
}

/// The Boxers' melee (6.4) with `die`, as it stands: its told lines.
fn boxer_melee(f: &Fixture, s: &mut Siege, die: u8) -> Typed {
    s.stage = Stage::Combat { phase: Phase::BoxerMelee };
    let mut io = Typed::new(&[die]);
    s.run(&f.rules(), &mut io, &mut Waits, true);
    io
}

/// 6.4 "-1 se il combattimento si svolge in una zona delle legazione o di barricata difesa da soldati delle
/// GP; -2 … legazioni britannica e francese", and the FAQ (6.5): "Un'arma pesante è in grado di occupare
/// validamente una legazione? Sì". A gun, or its crew once the gun is lost, holds the zone as soldiers do:
/// the Boxers attacking it take the legation's -2 in the British legation, the -1 in the American.
#[test]
fn a_gun_or_its_crew_defends_a_legation_against_the_boxers_melee() {
    let f = Fixture::shipped();
    let rules = f.rules();
    let mut s = f.empty();
    f.put(&mut s, "nordenfelt", "GB1");
    f.put(&mut s, "boxers-1", "GB1");
    let io = boxer_melee(&f, &mut s, 4);
    assert!(io.said("-2 British or French legation"), "{:?}", io.lines);

    let mut s = f.empty();
    f.put(&mut s, "colt", "US");
    s.set_points(&rules, f.piece("colt"), 1);
    f.put(&mut s, "boxers-1", "US");
    let io = boxer_melee(&f, &mut s, 4);
    assert!(io.said("-1 legation or barricade"), "the crew holds it too: {:?}", io.lines);
}

/// 6.2 "Disporre le unità boxer come segue: le unità regolari cinesi; poi le unità boxer; poi il o gli EM
/// boxer; infine … i folli": the regulars' general is a leader, stacked after the Boxers, so a pile of one
/// regular unit, two of Boxers and the general splits dealing the regulars and the second Boxers to the red
/// arrow, the first Boxers and the general to the green.
#[test]
fn a_split_deals_the_leaders_after_the_boxers() {
    let f = Fixture::shipped();
    let mut s = f.empty();
    for id in ["regulars-1", "regular-general-1", "boxers-1", "boxers-2"] {
        f.put(&mut s, id, "HAN");
    }
    let io = boxer_move(&f, &mut s, &[]);
    assert!(io.said("split"), "{:?}", io.lines);
    let at = |id: &str| s.pieces[f.piece(id)].at;
    assert_eq!(at("regulars-1"), At::Zone(f.zone("GB1")), "{:?}", io.lines);
    assert_eq!(at("boxers-2"), At::Zone(f.zone("GB1")), "{:?}", io.lines);
    assert_eq!(at("boxers-1"), at("regular-general-1"), "the general goes with the first Boxers: {:?}", io.lines);
    assert_ne!(at("boxers-1"), At::Zone(f.zone("GB1")), "{:?}", io.lines);
}

/// 6.3 and 3.1: every fire the view offers is an action the engine takes as offered, its `order` the fire
/// action's own fields: the soldiers and guns of set-up A's zones, the wall's soldiers with the Colt, and
/// Betsy beside the Austrian Maxim, where a test at a pile only Betsy reaches sends the Maxim at its own
/// (6.3: every gun with a target "dovendo effettuare un tiro"; 3.1: "dividere il tiro").
#[test]
fn every_fire_offered_is_taken_as_offered() {
    use crate::common::app::{act, estate};
    use crate::losses::boxers_on_the_wall;
    use crate::odds::{betsy_and_the_maxim_apart, set_up_a};
    use serde_json::json;
    let mut split = 0;
    for game in [set_up_a(), boxers_on_the_wall(&["us-1", "us-2"]), betsy_and_the_maxim_apart()] {
        let view = estate(&game);
        let fires = view["fires"].as_array().unwrap();
        assert!(!fires.is_empty(), "fire is owed");
        for fire in fires {
            for choice in fire["choices"].as_array().unwrap() {
                let mut action = choice["order"].clone();
                assert!(action.is_object(), "the offer carries its action: {choice}");
                action["type"] = json!("fire");
                action["from"] = fire["from"].clone();
                split += action["tep_targets"].as_object().is_some_and(|t| !t.is_empty()) as usize;
                let mut taken = game.clone();
                if let Err(why) = act(&mut taken, action.clone()) {
                    panic!("offered {choice}\nas {action}\nrefused: {why}");
                }
            }
        }
    }
    assert_eq!(split, 1, "Betsy tests the British legation (north), the Maxim the Fu (south)");
}

/// FAQ (the Italian legation): Boxers entering an abandoned legation "si fermano e la bruciano". A half of
/// a split pile that stops so on its first step says why, and a lone counter's points are counted in the
/// singular.
#[test]
fn a_half_stopping_to_burn_an_abandoned_legation_says_why() {
    let f = Fixture::shipped();
    let mut s = f.empty();
    for id in ["boxers-1", "boxers-2"] {
        f.put(&mut s, id, "HAN");
    }
    s.set_points(&f.rules(), f.piece("boxers-1"), 1);
    let io = boxer_move(&f, &mut s, &[]);
    assert!(
        io.said(
            "the red arrow to British Legation (north) (2 MP, 2 left), an abandoned legation: they stop to burn it"
        ),
        "{:?}",
        io.lines
    );
    assert!(io.said("1 Boxer point (1 counter)"), "{:?}", io.lines);
}
