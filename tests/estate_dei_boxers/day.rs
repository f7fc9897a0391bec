use sandtable::systems::estate_dei_boxers::siege::{
    At, Command, DayCard, Rules, Siege, Stage, Waits, resolve_event, score,
};

use crate::common::{Fixture, Typed};

/// Answers only the free repositioning, once, with these moves.
struct Reposition(Option<Vec<(usize, u8)>>);

impl Command for Reposition {
    fn redeploy(&mut self, _: &Rules, _: &Siege) -> Option<Vec<(usize, u8)>> {
        self.0.take()
    }
}

fn at_stage(f: &Fixture, card: DayCard, stage: Stage) -> Siege {
    let mut s = Siege::new(&f.rules());
    s.begin();
    s.tracks.day = 1;
    s.today.card = Some(card);
    s.stage = stage;
    s
}

#[test]
fn supply_at_box_35_costs_two_morale_instead() {
    let f = Fixture::shipped();
    let mut s = at_stage(&f, DayCard::Pip { red: false, value: 5 }, Stage::Supply);
    s.tracks.supply = 35;
    let mut io = Typed::new(&[]);
    s.run(&f.rules(), &mut io, &mut Waits, true);
    assert_eq!((s.tracks.supply, s.tracks.morale), (35, 8), "{:?}", io.lines);
}

#[test]
fn once_only_events_move_to_the_next_and_event_12_wraps_to_2() {
    let f = Fixture::shipped();
    let mut s = Siege::new(&f.rules());
    s.tracks.events_used = (1 << 11) | (1 << 12);
    assert_eq!(resolve_event(&s, 11), 2);
    assert_eq!(resolve_event(&s, 7), 7, "7 happens again and again");
    s.tracks.events_used |= 1 << 2 | 1 << 3;
    assert_eq!(resolve_event(&s, 12), 4);
}

#[test]
fn event_12_withdraws_the_regulars_and_their_general_and_leaves_18_in_the_cup() {
    let f = Fixture::shipped();
    let rules = f.rules();
    let mut s = at_stage(&f, DayCard::Ace { red: false }, Stage::Event);
    s.tracks.morale = 3;
    // Event 6 + 6; bombardment 1 + 1 (quarter 1) with a die for each zone there, each officer; entry 1.
    let mut io = Typed::new(&[6, 6]);
    s.run(&rules, &mut io, &mut Waits, true);
    assert!(io.said("Event 12"), "{:?}", io.lines);
    assert_eq!(s.tracks.morale, 10);
    let withdrawn = rules.roster.chinese().filter(|&p| s.pieces[p].at == At::Withdrawn).count();
    let cup = rules.roster.chinese().filter(|&p| s.pieces[p].at == At::Cup).count();
    assert_eq!((withdrawn, cup), (7, 18));
}

#[test]
fn the_cup_gives_twenty_counters_to_an_attack_at_the_zone_of_the_die() {
    let f = Fixture::shipped();
    let rules = f.rules();
    let mut s = at_stage(&f, DayCard::Picture { red: false }, Stage::Attack);
    let mut io = Typed::new(&[2]);
    s.run(&rules, &mut io, &mut Waits, true);
    let entered = rules.roster.chinese().filter(|&p| s.pieces[p].at == At::Zone(f.zone("EN2"))).count();
    assert_eq!(entered, 20, "{:?}", io.lines);
}

#[test]
fn a_bombardment_shells_every_held_zone_of_its_quarter_with_its_modifiers() {
    let f = Fixture::shipped();
    let rules = f.rules();
    let mut s = at_stage(&f, DayCard::Pip { red: false, value: 3 }, Stage::Bombard);
    // 2 + 4 = 6: quarter 1. Held there: GB1 (8 soldiers, 2 machine gun, 20 civilians) and GB2.
    // GB1: die 6 -1 (legation) -> row 5, column 10+: 2+5C+1D. Officers roll: Strouts 1.
    // GB2: die 1 -1 -> row 0, column 10+: 1 soldier point. MacDonald rolls 2.
    let mut io = Typed::new(&[2, 4, 6, 1, 1, 2]);
    s.run(&rules, &mut io, &mut Waits, true);
    assert!(io.said("quarter 1"), "{:?}", io.lines);
    assert!(io.said("die 6 -1 -> row 5: 2 soldier points + 5 civilian points + a day of food"), "{:?}", io.lines);
    assert_eq!(s.tracks.supply, 2, "a food depot burns");
    assert_eq!(s.tracks.morale, 7, "three soldier points lost: -1 morale each");
    assert!(io.faces.is_empty());
}

/// 1.5.3 "Se viene eliminato, la sua perdita ridurrà il morale immediatamente": MacDonald killed in a
/// bombardment costs six morale at once, not at the day's end (where section 4 lists it); with the option
/// `macdonald_loss_at_days_end`, at the day's end.
#[test]
fn macdonald_killed_in_a_bombardment_costs_six_morale_at_once() {
    use sandtable::systems::estate_dei_boxers::siege::{Options, Rules};
    let f = Fixture::shipped();
    let plain = f.rules();
    let at_days_end = Rules { options: Options { macdonald_at_days_end: true, ..Options::default() }, ..f.rules() };
    for (rules, after_the_shelling) in [(&plain, 2), (&at_days_end, 8)] {
        let mut s = at_stage(&f, DayCard::Pip { red: false, value: 3 }, Stage::Bombard);
        // Quarter 1; GB1 and GB2 each lose a point (die 1, row 0 of column 10+); Strouts survives,
        // MacDonald rolls a 6: 10 - 2 - 6.
        let mut io = Typed::new(&[2, 4, 1, 1, 1, 6]);
        s.run(rules, &mut io, &mut Waits, true);
        assert_eq!(s.pieces[f.piece("macdonald")].at, At::Lost, "{:?}", io.lines);
        assert_eq!(s.tracks.morale, after_the_shelling, "{:?}", io.lines);
        s.stage = Stage::EndDay;
        s.run(rules, &mut io, &mut Waits, true);
        assert_eq!(s.tracks.morale, 2, "{:?}", io.lines);
        assert_eq!(score(rules, &s).powers_lines.iter().find(|l| l.0.starts_with("MacDonald")).unwrap().1, -10);
    }
}

/// Section 4, "Modificatori del morale ad effetto immediato: -1 per ogni grande legazione non occupata
/// durante il giorno corrente", and 6.5 "abbassare immediatamente il marcatore morale di un punto": the
/// repositioning that leaves the American legation empty costs its point when it ends, kept within 0-10
/// there, before the day's end brings a quiet red day's +1. At morale 0: 0, then 1.
#[test]
fn a_legation_left_empty_costs_its_morale_point_when_it_is_left() {
    let f = Fixture::shipped();
    let rules = f.rules();
    let mut s = at_stage(&f, DayCard::Pip { red: true, value: 4 }, Stage::Redeploy);
    s.tracks.morale = 0;
    let out = vec![(f.piece("us-1"), f.zone("GB2")), (f.piece("us-2"), f.zone("GB2"))];
    let mut io = Typed::new(&[]);
    s.run(&rules, &mut io, &mut Reposition(Some(out)), false);
    let line =
        |text: &str| io.lines.iter().position(|l| l.contains(text)).unwrap_or_else(|| panic!("{text}: {:?}", io.lines));
    assert!(line("left without soldiers") < line("morale +1"), "{:?}", io.lines);
    assert_eq!(s.tracks.morale, 1, "{:?}", io.lines);
}

/// 5.3, event 4: "se si tratta di una carta nera con un combattimento, i boxer non attaccano e la carta è
/// considerata come rossa": red for every purpose, so a black picture under heavy rain brings the red
/// picture's wounded return (5.1.6: 12 points), after the event test that made it red, and counts toward
/// Betsy's third red picture (3.4).
#[test]
fn heavy_rain_on_a_black_picture_brings_the_wounded_back() {
    let f = Fixture::shipped();
    let rules = f.rules();
    let mut s = at_stage(&f, DayCard::Picture { red: false }, Stage::Event);
    s.put(&rules, f.piece("gb-1"), At::Wounded);
    // 2 + 2: heavy rain.
    let mut io = Typed::new(&[2, 2]);
    s.run(&rules, &mut io, &mut Waits, false);
    assert!(io.said("Event 4"), "{:?}", io.lines);
    assert_eq!(s.stage, Stage::Wounded { points: 12 }, "{:?}", io.lines);
    assert_eq!(s.tracks.red_pictures, 1);
}

#[test]
fn wounded_come_back_as_chosen_within_the_points_rolled() {
    let f = Fixture::shipped();
    let rules = f.rules();
    let mut s = at_stage(&f, DayCard::Pip { red: true, value: 4 }, Stage::Wounded { points: 0 });
    for id in ["gb-1", "gb-2", "gb-3", "gb-4"] {
        s.put(&f.rules(), f.piece(id), At::Wounded);
    }
    let mut io = Typed::new(&[1]);
    s.run(&rules, &mut io, &mut Waits, true);
    assert_eq!(s.stage, Stage::Wounded { points: 7 }, "1D6 + 6 = 7, waiting for the player's choice");
    let back = [
        (f.piece("gb-1"), 2, f.zone("GB1")),
        (f.piece("gb-2"), 2, f.zone("GB1")),
        (f.piece("gb-3"), 2, f.zone("GB2")),
        (f.piece("gb-4"), 1, f.zone("GB2")),
    ];
    assert!(sandtable::systems::estate_dei_boxers::siege::check_wounded(&s, &rules, 7, &back).is_ok());
    let too_many = [
        (f.piece("gb-1"), 2, f.zone("GB1")),
        (f.piece("gb-2"), 2, f.zone("GB1")),
        (f.piece("gb-3"), 2, f.zone("GB2")),
        (f.piece("gb-4"), 2, f.zone("GB2")),
    ];
    assert!(sandtable::systems::estate_dei_boxers::siege::check_wounded(&s, &rules, 7, &too_many).is_err());
}

#[test]
fn betsy_waits_for_the_third_red_picture_card() {
    let f = Fixture::shipped();
    let rules = f.rules();
    let mut s = Siege::new(&rules);
    s.begin();
    assert_eq!(s.pieces[rules.roster.betsy().unwrap()].at, At::Waiting, "not at set-up");
    let mut io = Typed::new(&[3, 4, 3, 4]);
    for _ in 0..3 {
        s.stage = Stage::Draw;
        s.draw(&mut io, DayCard::Picture { red: true });
        // Supply, no one wounded; Betsy on the third; else the event (3 + 4: news from the Peitang).
        s.run(&rules, &mut io, &mut Waits, false);
    }
    assert_eq!(s.stage, Stage::Betsy, "{:?}", io.lines);
    s.place_betsy(&rules, &mut io, f.zone("DE1"));
    assert_eq!(s.pieces[rules.roster.betsy().unwrap()].at, At::Zone(f.zone("DE1")));
}

#[test]
fn victory_points_at_set_up_count_every_intact_zone_and_civilian() {
    let f = Fixture::shipped();
    let rules = f.rules();
    let s = Siege::new(&rules);
    let v = score(&rules, &s);
    assert_eq!(v.powers, 10 * 10 + 6 * 5 + 12 * 10, "{:?}", v.powers_lines);
    assert_eq!(v.boxers, 0);
}

/// 5.1.2 "il giocatore può tuttavia riposizionare i difensori … come desidera": `advance` takes Sandtable's
/// suggestion, the guard-the-roads strategy's repositioning (every major legation keeps a soldier counter,
/// so none costs morale, and MacDonald waits in the Jade Canal, where no arrow leads and no shell falls on a
/// lone officer), where `end_moves` keeps the counters where the player left them.
#[test]
fn advancing_at_a_repositioning_plays_the_strategys_moves_and_ending_it_keeps_the_players() {
    use crate::common::app::{at, ok, shipped, stage};
    use serde_json::json;
    let mut game = shipped(3);
    // The Russians go to the British legation (south) at set-up: their own stands empty.
    for counter in ["ru-1", "ru-2", "ru-3", "ru-4"] {
        ok(&mut game, json!({"type": "reposition", "counter": counter, "zone": "GB2"}));
    }
    ok(&mut game, json!({"type": "advance"}));
    ok(&mut game, json!({"type": "draw_card", "card": "5H"}));
    assert_eq!(stage(&game), "redeploy");
    let held = |game: &sandtable::game::Game, zone: &str| {
        ["gb-1", "gb-2", "gb-3", "gb-4", "ru-1", "ru-2", "ru-3", "ru-4"].iter().any(|c| at(game, c) == zone)
    };
    assert!(!held(&game, "RU1") && !held(&game, "RU2"));

    ok(&mut game, json!({"type": "end_moves"}));
    assert!(!held(&game, "RU1") && !held(&game, "RU2"), "the player's repositioning stands");
    assert_eq!(stage(&game), "draw");

    ok(&mut game, json!({"type": "undo"}));
    let line = ok(&mut game, json!({"type": "advance"}));
    assert!(line.contains("(the guard-the-roads strategy)"), "{line}");
    assert!(line.contains(" to Russian Legation ("), "the Russian legation is held again: {line}");
    assert_eq!(at(&game, "macdonald"), "C1", "{line}");
}

/// 5.1's day table tells the jokers apart (the red returns 18 wounded points, the black attacks): a joker
/// typed without its colour is not guessed but asked for again; "black joker" is the black one.
#[test]
fn a_joker_typed_without_its_colour_is_asked_for_again() {
    use crate::common::app::{ok, refused, shipped, stage};
    use serde_json::json;
    let mut game = shipped(3);
    ok(&mut game, json!({"type": "advance"}));
    for plain in ["joker", "JK"] {
        let no = refused(&mut game, json!({"type": "draw_card", "card": plain}));
        assert!(no.message.contains("\"red joker\" or \"black joker\""), "{no:?}");
        assert!(no.rule.as_deref().is_some_and(|r| r.contains("5.1")), "{no:?}");
    }
    let line = ok(&mut game, json!({"type": "draw_card", "card": "black joker"}));
    assert!(line.contains("the black joker"), "{line}");
    assert_ne!(stage(&game), "draw");
}

/// Asking to follow phase by phase while already doing so is answered plainly, as no change.
#[test]
fn following_again_changes_nothing_and_says_so() {
    use crate::common::app::{estate, ok, shipped};
    use serde_json::json;
    let mut game = shipped(3);
    ok(&mut game, json!({"type": "follow", "phase_by_phase": true}));
    let line = ok(&mut game, json!({"type": "follow", "phase_by_phase": true}));
    assert!(line.contains("Already following the Boxers phase by phase: nothing changes"), "{line}");
    assert_eq!(estate(&game)["following"], true);
}

/// 5.1.6 with the FAQ's option `wounded_twelve`: a red 2-10 returns 12 points, and the day's first line
/// says so rather than 1D6+6.
#[test]
fn with_twelve_wounded_points_the_day_says_twelve() {
    use sandtable::systems::estate_dei_boxers::siege::Options;
    let f = Fixture::shipped();
    let twelve = Rules { options: Options { wounded_twelve: true, ..Options::default() }, ..f.rules() };
    for (rules, says) in [(&f.rules(), "wounded return (1D6+6)"), (&twelve, "wounded return (12)")] {
        let mut s = Siege::new(rules);
        s.begin();
        let mut io = Typed::new(&[]);
        s.draw(&mut io, DayCard::Pip { red: true, value: 4 });
        s.run(rules, &mut io, &mut Waits, true);
        assert!(io.lines.first().is_some_and(|l| l.starts_with("Day 1:") && l.contains(says)), "{:?}", io.lines);
    }
}

/// Moves only as the test says, once: the soldiers' movement with no move.
struct NoMoves;

impl Command for NoMoves {
    fn moves(&mut self, _: &Rules, _: &Siege) -> Option<Vec<sandtable::systems::estate_dei_boxers::siege::Move>> {
        Some(Vec::new())
    }
}

/// 6.5: counters left in a burning zone are driven out when the soldiers' movement ends. The text names no
/// zone; the project's reading sends them to their own legation first: British civilians in a burning GB1
/// go next door to GB2, not to the Hanlin Academy.
#[test]
fn civilians_driven_out_of_the_flames_go_to_their_own_legation_first() {
    use sandtable::systems::estate_dei_boxers::siege::Phase;
    let f = Fixture::shipped();
    let rules = f.rules();
    let mut s = f.empty();
    f.put(&mut s, "civilians-britain-1", "GB1");
    s.tracks.day = 3;
    s.today.card = Some(DayCard::Pip { red: false, value: 5 });
    s.marks.fires |= 1 << f.zone("GB1");
    s.stage = Stage::Combat { phase: Phase::SoldierMove };
    let mut io = Typed::new(&[]);
    s.run(&rules, &mut io, &mut NoMoves, true);
    assert_eq!(s.pieces[f.piece("civilians-britain-1")].at, At::Zone(f.zone("GB2")), "{:?}", io.lines);
}
