//! Heavy weapons (3, 3.1): each gun fires at what its own reach allows, so a zone whose guns reach unequally
//! can always be given its fire.

use serde_json::json;

use crate::common::app::{advance_to, estate, ok, stage, with_siege};

/// Betsy and the Austrian Maxim in the German legation (east), volunteers on the North Bridge, the shipped
/// cup; nothing else on the map.
const BETSY_AND_A_MAXIM: &str = r#"
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
fn day(game: &mut sandtable::game::Game, card: &str, event: [i64; 2]) {
    ok(game, json!({"type": "draw_card", "card": card}));
    loop {
        match stage(game).as_str() {
            "draw" | "attack" => return,
            "event" => ok(game, json!({"type": "advance", "dice": event})),
            "betsy" => ok(game, json!({"type": "place_betsy", "zone": "DE2"})),
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
    ok(&mut game, json!({"type": "advance"}));
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
