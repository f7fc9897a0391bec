//! Heavy weapons (3, 3.1): each gun fires at what its own reach allows, so a zone whose guns reach unequally
//! can always be given its fire.

use serde_json::json;

use sandtable::systems::estate_dei_boxers::siege::{FireOrder, GunUse, Options, Rules};

use crate::common::app::{advance_to, estate, ok, stage, with_map, with_siege};
use crate::common::{Fixture, Typed};

/// Betsy and the Austrian Maxim in the German legation (east), volunteers on the North Bridge, the shipped
/// cup; nothing else on the map.
pub const BETSY_AND_A_MAXIM: &str = r#"
[siege]
[[siege.counters]]
id = "vol"
kind = "volunteers"
nation = "volunteers"
zones = ["BN"]

[[siege.guns]]
id = "maxim"
name = "Austrian Maxim"
kind = "machine_gun"
zone = "DE2"

[[siege.guns]]
id = "betsy"
name = "Betsy, the International Gun"
kind = "cannon"
betsy = true

[siege.cup]
boxers = 14
fanatics = 3
regulars = 6
boxer_leaders = 1
regular_leaders = 1
"#;

/// One day of `card`, followed phase by phase: the event test's dice typed, Betsy placed in the German
/// legation when she comes, every other step as it falls, until the next card is due or the Boxers attack.
pub fn day(game: &mut sandtable::game::Game, card: &str, event: [i64; 2]) {
    ok(game, json!({"type": "draw_card", "card": card}));
    loop {
        match stage(game).as_str() {
            "draw" | "attack" => return,
            "event" => ok(game, json!({"type": "advance", "dice": event})),
            "betsy" => ok(game, json!({"type": "place_betsy", "zone": "DE2"})),
            // The counters stay where the test set them: the player's repositioning, not the strategy's.
            "redeploy" => ok(game, json!({"type": "end_moves"})),
            _ => ok(game, json!({"type": "advance"})),
        };
    }
}

/// 3: "Cannone: fino a 6 aree di distanza", a machine gun 4; 6.3: the guns "dovendo effettuare un tiro".
/// Betsy (after the third red picture, 3.4) and a machine gun in DE2; the Boxers enter at 3, half burn
/// the empty British legation (north), five zones away, half meet the volunteers on the bridge, a zone
/// with friends in it no one may fire into. DE2 owes its fire at GB1, which only Betsy reaches: her
/// psychological test is taken, the machine gun holding.
#[test]
fn a_cannon_and_a_machine_gun_fire_at_a_pile_only_the_cannon_reaches() {
    let mut game = with_siege(BETSY_AND_A_MAXIM, 5);
    // Drawn at once: the set-up as the test placed it, not repositioned by the strategy.
    ok(&mut game, json!({"type": "follow", "phase_by_phase": true}));
    for card in ["QH", "KH", "JH"] {
        // 3 + 4: news from the Peitang.
        day(&mut game, card, [3, 4]);
    }
    assert_eq!(crate::common::app::at(&game, "betsy"), "DE2");
    // 4 + 6: light rain, no bombardment; the Boxers enter at 3.
    day(&mut game, "KS", [4, 6]);
    ok(&mut game, json!({"type": "advance", "dice": [3]}));
    advance_to(&mut game, "combat/soldier_fire");

    let view = estate(&game);
    let fires = view["fires"].as_array().unwrap();
    let de2 = fires.iter().find(|f| f["from"] == "DE2").expect("the German legation owes its fire");
    let targets: Vec<(&str, &str)> = de2["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["target"].as_str().unwrap(), c["guns"].as_str().unwrap()))
        .collect();
    assert_eq!(targets, [("GB1", "tep")], "the only fire offered");
    let line = ok(&mut game, json!({"type": "fire", "from": "DE2", "guns": "tep", "tep_target": "GB1", "dice": [5]}));
    assert!(line.contains("psychological test 5 -1"), "{line}");
    assert!(!estate(&game)["fires"].as_array().unwrap().iter().any(|f| f["from"] == "DE2"), "DE2 has fired");
}

/// The Colt on the wall (TW2, whose guns reach the whole city below, 2.3) tests three Boxer counters of 2
/// in the Mongol Market with `die`; the Boxer points left there.
fn colt_tests_the_mongol_market(rules: &Rules, f: &Fixture, ammunition_out: bool, morale: u8, die: u8) -> u32 {
    let mut s = f.empty();
    f.put(&mut s, "colt", "TW2");
    for id in ["boxers-1", "boxers-2", "boxers-3"] {
        f.put(&mut s, id, "MM");
    }
    s.tracks.ammunition_out = ammunition_out;
    s.tracks.morale = morale;
    let order = FireOrder { target: None, guns: GunUse::Tep(vec![(f.piece("colt"), f.zone("MM"))]) };
    let mut io = Typed::new(&[die]);
    s.fire(rules, &mut io, f.zone("TW2"), &order);
    s.census(rules).boxers[f.zone("MM") as usize] as u32
}

/// 5.3, event 3: "Soldati, cannoni e mitragliatrici hanno una penalità di -2 in tutti i loro
/// combattimenti", and the FAQ's -3 "ogni volta che il morale è 0": the psychological test (3.2) is the
/// guns' own roll, so both touch it. A 6 routs 3 Boxer points; short of ammunition it reads 4, one point;
/// at morale 0 too, 1: one point. With the option `psychological_test_unpenalised`, a 6 still routs 3.
#[test]
fn the_ammunition_and_morale_penalties_touch_the_psychological_test() {
    let f = Fixture::shipped();
    let plain = f.rules();
    assert_eq!(colt_tests_the_mongol_market(&plain, &f, false, 5, 6), 3, "a 6 routs 3 points");
    assert_eq!(colt_tests_the_mongol_market(&plain, &f, true, 5, 6), 5, "6 - 2: one point");
    assert_eq!(colt_tests_the_mongol_market(&plain, &f, false, 0, 6), 5, "6 - 3: one point");
    assert_eq!(colt_tests_the_mongol_market(&plain, &f, true, 0, 6), 5, "6 - 5: one point");
    let unpenalised = Rules { options: Options { tep_unpenalised: true, ..Options::default() }, ..f.rules() };
    assert_eq!(colt_tests_the_mongol_market(&unpenalised, &f, true, 0, 6), 3, "the option: 3 points");
}

/// The shipped map with the German and French legations as plain houses: no legation Betsy goes to first
/// stands, as when both are destroyed (3.4).
fn no_german_or_french_legation() -> String {
    let mut map = crate::common::app::map().to_string();
    for nation in ["germany", "france"] {
        map =
            map.replace(&format!("kind = \"legation\"\nnation = \"{nation}\"\nmajor = true\n"), "kind = \"houses\"\n");
    }
    assert!(!map.contains("nation = \"germany\"") && !map.contains("nation = \"france\""));
    map
}

/// 3.4 "Se le due legazioni sono già state distrutte, il giocatore lo posizionerà su una legazione di sua
/// scelta nella quale si trovino dei soldati delle GP": with the German and French legations gone and no
/// soldier in any other, no zone can take Betsy. The view bars placing her, saying why, rather than
/// offering an empty list.
#[test]
fn betsy_with_no_legation_to_take_her_is_not_offered() {
    let mut game = with_map(
        &no_german_or_french_legation(),
        BETSY_AND_A_MAXIM.replace("zone = \"DE2\"", "zone = \"BN\"").as_str(),
        5,
    );
    ok(&mut game, json!({"type": "advance"}));
    ok(&mut game, json!({"type": "follow", "phase_by_phase": true}));
    let mut cards = ["QH", "KH", "JH"].into_iter();
    while stage(&game) != "betsy" {
        match stage(&game).as_str() {
            "draw" => ok(&mut game, json!({"type": "draw_card", "card": cards.next().expect("Betsy by the third")})),
            // 3 + 4: news from the Peitang.
            "event" => ok(&mut game, json!({"type": "advance", "dice": [3, 4]})),
            _ => ok(&mut game, json!({"type": "advance"})),
        };
    }
    let view = sandtable::api::GameView::of(1, "test", &game);
    let offer = view.offers.iter().find(|o| o.action == "place_betsy").expect("placing Betsy is named");
    let why = offer.barred.as_deref().unwrap_or_else(|| panic!("offered with {:?}", offer.pick));
    assert!(why.contains("no legation can take her") && why.contains("3.4"), "{why}");
}

/// 3.4 is Betsy's rule: placing her out of turn is refused citing it, not the day table.
#[test]
fn placing_betsy_out_of_turn_cites_her_rule() {
    let mut game = with_siege(BETSY_AND_A_MAXIM, 5);
    ok(&mut game, json!({"type": "advance"}));
    let no = crate::common::app::refused(&mut game, json!({"type": "place_betsy", "zone": "DE2"}));
    assert!(no.rule.as_deref().is_some_and(|r| r.contains("3.4 (Betsy")), "{no:?}");
}

/// 6.3 "Dovendo effettuare un tiro: tutte le unità di soldati, mitragliatrice e cannone": where the guns
/// make their psychological test, soldiers with a target fire beside it (3.1's second example, "4 punti di
/// combattimento + un test d'effetto psicologico"): the test alone is refused, and the view offers the
/// test with the soldiers' volley, as the fire action takes it.
#[test]
fn soldiers_with_a_target_fire_beside_the_guns_test() {
    let mut game = crate::odds::set_up_a();
    let refusal = crate::common::app::refused(
        &mut game,
        json!({"type": "fire", "from": "GB1", "guns": "tep", "tep_target": "GB1"}),
    );
    assert!(refusal.to_string().contains("the soldiers must fire too"), "{refusal}");
    let view = estate(&game);
    let gb1 = view["fires"].as_array().unwrap().iter().find(|f| f["from"] == "GB1").expect("GB1 owes its fire");
    let tests: Vec<&serde_json::Value> =
        gb1["choices"].as_array().unwrap().iter().filter(|c| c["guns"] == "tep").collect();
    assert!(!tests.is_empty(), "{gb1}");
    assert!(tests.iter().all(|c| c["order"]["target"].is_string()), "every test has the soldiers' volley: {gb1}");
    let mut order = tests[0]["order"].clone();
    order["type"] = json!("fire");
    order["from"] = json!("GB1");
    ok(&mut game, order);
}
