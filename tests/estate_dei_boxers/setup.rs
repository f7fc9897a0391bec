//! Setting up and keeping the Quarter (8): where the civilians may stand when the defenders reposition
//! freely, at set-up and on later days.

use sandtable::systems::estate_dei_boxers::siege::{DayCard, Stage, Waits, free_move_check};
use serde_json::json;

use crate::common::app::{act, at, ok, shipped, stage};
use crate::common::{Fixture, Typed};

/// 8.2 "Ogni giorno le Legazioni indicate devono essere occupate dai civili che da quelle zone iniziano":
/// at set-up a British civilian counter may go to the other British zone, never to another legation,
/// major or minor.
#[test]
fn at_set_up_civilians_stay_in_their_own_legation() {
    let mut game = shipped(3);
    for zone in ["JP", "F1"] {
        let why =
            act(&mut game, json!({"type": "reposition", "counter": "civilians-britain-1", "zone": zone})).unwrap_err();
        assert!(why.contains("8.2") && why.contains("British"), "{why}");
    }
    ok(&mut game, json!({"type": "reposition", "counter": "civilians-britain-1", "zone": "GB2"}));
    assert_eq!(at(&game, "civilians-britain-1"), "GB2");
}

/// 8.2 again, after a bombardment on an attack day (5.1.3): the German civilians may not leave their
/// legation for the American one or the Japanese. Followed phase by phase: a black king, news from the Peitang
/// (3 + 4), the shells on quarter 1 (2 + 4), far from the Germans.
#[test]
fn after_a_bombardment_civilians_stay_in_their_own_legation() {
    let mut game = shipped(3);
    ok(&mut game, json!({"type": "advance"}));
    ok(&mut game, json!({"type": "follow", "phase_by_phase": true}));
    ok(&mut game, json!({"type": "draw_card", "card": "KS"}));
    ok(&mut game, json!({"type": "advance", "dice": [3, 4]}));
    ok(&mut game, json!({"type": "advance", "dice": [2, 4]}));
    assert_eq!(stage(&game), "redeploy");
    for zone in ["US", "JP"] {
        let why =
            act(&mut game, json!({"type": "reposition", "counter": "civilians-germany-1", "zone": zone})).unwrap_err();
        assert!(why.contains("8.2"), "{why}");
    }
    ok(&mut game, json!({"type": "reposition", "counter": "civilians-germany-1", "zone": "DE2"}));
}

/// 8.2 "Se … l'intera Legazione è in rovina, i civili devono andare in una delle Legazioni più prossima e
/// prendere dimora": British civilians whose legation is all in ruins, taken in by the Russians, stay
/// with them; "Se tutte le legazioni indicate sono in rovina, i civili si ritirano nelle Legazioni minori".
#[test]
fn civilians_whose_legation_is_in_ruins_keep_to_the_one_they_went_to() {
    let f = Fixture::shipped();
    let rules = f.rules();
    let mut s = f.empty();
    s.marks.ruins = (1 << f.zone("GB1")) | (1 << f.zone("GB2"));
    f.put(&mut s, "civilians-britain-1", "RU1");
    let civilians = f.piece("civilians-britain-1");
    assert!(free_move_check(&s, &rules, civilians, f.zone("RU2")).is_ok());
    assert!(free_move_check(&s, &rules, civilians, f.zone("US")).is_err());
    assert!(free_move_check(&s, &rules, civilians, f.zone("JP")).is_err());
    // Every major legation lost: the minor ones take them in.
    for major in ["F1", "F2", "F3", "RU1", "RU2", "US", "DE1", "DE2"] {
        s.marks.ruins |= 1 << f.zone(major);
    }
    f.put(&mut s, "civilians-britain-1", "GB1");
    assert!(free_move_check(&s, &rules, civilians, f.zone("ES")).is_ok());
    assert!(free_move_check(&s, &rules, civilians, f.zone("RU1")).is_err());
}

/// 8.2: a civilian counter moved to the other zone of its own legation spends the night there; one
/// driven out of it goes back to its own zone.
#[test]
fn at_the_days_end_civilians_go_back_to_their_own_legation() {
    let f = Fixture::shipped();
    let rules = f.rules();
    let mut s = f.empty();
    f.put(&mut s, "gb-1", "GB1");
    f.put(&mut s, "civilians-britain-1", "GB2");
    f.put(&mut s, "civilians-britain-2", "C1");
    s.tracks.day = 1;
    s.today.card = Some(DayCard::Pip { red: true, value: 5 });
    s.stage = Stage::EndDay;
    let mut io = Typed::new(&[]);
    s.run(&rules, &mut io, &mut Waits, true);
    let zone = |id: &str| s.pieces[f.piece(id)].zone();
    assert_eq!(zone("civilians-britain-1"), Some(f.zone("GB2")), "{:?}", io.lines);
    assert_eq!(zone("civilians-britain-2"), Some(f.zone("GB1")), "{:?}", io.lines);
}

/// The option `civilians_keep_their_zone` reads 8.2's "da quelle zone iniziano" strictly: a British
/// civilian counter keeps to the very zone it began in while that zone stands.
#[test]
fn with_the_option_civilians_keep_to_their_own_zone() {
    let f = Fixture::shipped();
    use sandtable::systems::estate_dei_boxers::siege::{Options, Rules};
    let rules = Rules { options: Options { civilians_keep_zone: true, ..Options::default() }, ..f.rules() };
    let mut s = f.empty();
    f.put(&mut s, "civilians-britain-1", "GB1");
    let civilians = f.piece("civilians-britain-1");
    assert!(free_move_check(&s, &rules, civilians, f.zone("GB2")).is_err());
    s.marks.ruins = 1 << f.zone("GB1");
    assert!(
        free_move_check(&s, &rules, civilians, f.zone("GB2")).is_ok(),
        "its zone in ruins, the legation takes it in"
    );
}

/// 1.6 and 8: four barricades in four zones; a zone named twice is refused citing the rule.
#[test]
fn a_barricade_zone_named_twice_is_refused_citing_the_rule() {
    let mut game = shipped(3);
    let no =
        crate::common::app::refused(&mut game, json!({"type": "barricades", "zones": ["TW2", "TW2", "C2", "LS2"]}));
    assert!(no.message.contains("named twice") && no.message.contains("(1.6, 8)"), "{no:?}");
    assert!(no.rule.as_deref().is_some_and(|r| r.contains("8 (set-up)")), "{no:?}");
}

/// `game show` prints the view's status lines: for the siege they name each zone with what stands in it,
/// each counter with its points, the wounded pool and how many counters the cup holds.
#[test]
fn the_status_lines_name_each_zone_with_what_stands_in_it() {
    let game = shipped(3);
    let view = sandtable::api::GameView::of(1, "test", &game);
    let line = |start: &str| {
        view.status.iter().find(|l| l.starts_with(start)).unwrap_or_else(|| panic!("{start}: {:?}", view.status))
    };
    let gb1 = line("GB1 British Legation (north)");
    assert!(gb1.contains("British soldiers 1 (2)") && gb1.contains("Capt. Strouts (+2)"), "{gb1}");
    assert!(line("TW2 ").contains("barricade"), "{:?}", view.status);
    assert_eq!(line("In the cup"), "In the cup: 25 counters");
}
