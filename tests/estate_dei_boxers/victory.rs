//! The siege's end (7.1) and its count (7.2), as the log tells them: the entry that ends the siege says
//! that it is over, why, and the result with both sides' victory points and bands.

use serde_json::json;

use crate::common::app::{estate, ok, shipped, stage, with_siege};

/// A lone counter of volunteers holds the British legation (north); nothing else is on the map.
const ONE_COUNTER: &str = r#"
[siege]
[[siege.counters]]
id = "vol"
kind = "volunteers"
nation = "volunteers"
zones = ["GB1"]

[siege.cup]
boxers = 14
fanatics = 3
regulars = 6
boxer_leaders = 1
regular_leaders = 1
"#;

/// 7.1 "non ci sono più pedine di soldati e di civili sulla mappa … vittoria totale dei Boxer": the entry
/// that takes the last soldier ends the siege there, and says it is over, why, and both sides' bands, which
/// the overrun decides whatever the count (the points given for the record). A black king, light rain (4 + 6), the Boxers in at 3 and half of them on the volunteers, whose
/// fire into their own zone (die 1, -1 for the regulars: 2S) costs them both their points.
#[test]
fn the_entry_that_ends_the_siege_by_an_overrun_says_so_with_the_count() {
    let mut game = with_siege(ONE_COUNTER, 3);
    ok(&mut game, json!({"type": "advance"}));
    ok(&mut game, json!({"type": "follow", "phase_by_phase": true}));
    ok(&mut game, json!({"type": "draw_card", "card": "KS"}));
    ok(&mut game, json!({"type": "advance", "dice": [4, 6]}));
    ok(&mut game, json!({"type": "advance", "dice": [3]}));
    crate::common::app::advance_to(&mut game, "combat/soldier_fire");
    ok(&mut game, json!({"type": "follow", "phase_by_phase": false}));
    let line = ok(&mut game, json!({"type": "fire", "from": "GB1", "target": "GB1", "dice": [1]}));
    assert_eq!(stage(&game), "over", "{line}");
    let view = estate(&game);
    let (powers, boxers) = (view["score"]["powers"].as_i64().unwrap(), view["score"]["boxers"].as_i64().unwrap());
    assert!(line.contains("total victory for the Boxers (7.1)"), "{line}");
    let last = line.lines().last().unwrap();
    assert!(last.starts_with("The siege is over"), "{line}");
    assert!(
        last.contains(&format!(
            "a disaster for the Great Powers, a great victory for the Boxers whatever the count (Great Powers {powers} VP, Boxers {boxers} VP)"
        )),
        "{line}"
    );
    let why = game.forecast(20).unwrap_err().to_string();
    assert!(why.contains("The siege is over, so nothing is left to forecast: Total victory"), "{why}");
}

/// 7.1 "l'ultima carta è stata pescata … la colonna di soccorso è arrivata": the 54th card's entry says the
/// siege is over and gives the result as 7.2 counts it, both sides' points and bands. The whole deck drawn
/// by the app, every decision Sandtable's.
#[test]
fn the_entry_of_the_last_card_says_the_siege_is_over_with_the_count() {
    let mut game = shipped(11);
    ok(&mut game, json!({"type": "advance"}));
    let mut last = String::new();
    for _ in 0..2000 {
        match stage(&game).as_str() {
            "over" => break,
            "draw" => last = ok(&mut game, json!({"type": "draw_card"})),
            _ => last = ok(&mut game, json!({"type": "advance"})),
        }
    }
    assert_eq!(stage(&game), "over");
    let view = estate(&game);
    assert_eq!(view["day"], 54);
    let score = &view["score"];
    let (powers, boxers) = (score["powers"].as_i64().unwrap(), score["boxers"].as_i64().unwrap());
    assert!(last.contains("The last card: the relief column reaches Peking"), "{last}");
    let told = last.lines().last().unwrap();
    assert!(told.starts_with("The siege is over"), "{last}");
    let winner = if powers > boxers { "The Great Powers win" } else { "The Boxers win" };
    assert!(told.contains(winner), "{told}");
    assert!(told.contains(&format!("{} VP to {}", powers.max(boxers), powers.min(boxers))), "{told}");
    assert!(told.contains("for the Great Powers") && told.contains("for the Boxers"), "{told}");
}

/// 7.1 "non ci sono più pedine di soldati e di civili sulla mappa … vittoria totale dei Boxer": the siege
/// ends the moment the Quarter is emptied, whatever step empties it. The last civilians (5 points, no
/// soldier left) die of famine (event 5, die 1-4) on a black ace: no bombardment follows, no attack, and
/// no day's end charges the empty legations.
#[test]
fn famine_taking_the_last_civilians_ends_the_siege_at_once() {
    use sandtable::systems::estate_dei_boxers::siege::{DayCard, End, Stage, Waits};

    use crate::common::{Fixture, Typed};
    let f = Fixture::shipped();
    let rules = f.rules();
    let mut s = f.empty();
    s.set_points(&rules, f.piece("civilians-usa-1"), 5);
    s.tracks.day = 3;
    s.today.card = Some(DayCard::Ace { red: false });
    s.stage = Stage::Event;
    // 1 + 4: famine; 1: five civilian points. Then dice enough for a bombardment and an attack.
    let mut io = Typed::new(&[1, 4, 1, 1, 1, 1, 3]);
    s.run(&rules, &mut io, &mut Waits, false);
    assert_eq!((s.stage, s.end), (Stage::Over, Some(End::Overrun)), "{:?}", io.lines);
    assert!(io.said("total victory for the Boxers (7.1)"), "{:?}", io.lines);
    assert!(!io.said("Bombardment") && !io.said("left without soldiers"), "{:?}", io.lines);
}
