//! The exact odds `game odds` shows before a roll: each outcome's value is what the roll takes (Boxer
//! points eliminated or routed, defender points eliminated), so the mean is what the roll is expected to
//! take. Checked against the game itself: every way the action's dice can fall is typed in and played, and
//! what it took counted from the view.

use std::collections::BTreeMap;

use sandtable::game::{Action, Game, Outcome};
use sandtable::odds::OddsView;
use serde_json::{Value, json};

use crate::common::app::{advance_to, estate, ok, shipped, stage, with_siege};
use crate::losses::boxers_on_the_wall;

fn odds(game: &Game, json: &Value) -> OddsView {
    game.odds(&Action::from_json(&json.to_string()).unwrap()).unwrap_or_else(|e| panic!("{json}: {e}"))
}

/// Boxer points on the map, zone by zone as the view counts them.
pub fn boxer_points(game: &Game) -> i64 {
    estate(game)["map"]["zones"].as_array().unwrap().iter().map(|z| z["boxers"].as_i64().unwrap()).sum()
}

/// The defenders' points a loss takes: soldier and civilian points, and a gun's two steps (the gun, its
/// crew).
fn defender_points(game: &Game) -> i64 {
    let view = estate(game);
    let on_map = view["counters"].as_array().unwrap().iter().filter(|c| c["at"] == "zone");
    on_map
        .map(|c| match c["kind"].as_str().unwrap() {
            "soldiers" | "volunteers" | "civilians" => c["points"].as_i64().unwrap(),
            "machine_gun" | "cannon" => {
                if c["points"].as_i64().unwrap() > 1 {
                    2
                } else {
                    1
                }
            }
            _ => 0,
        })
        .sum()
}

/// Every way the action's dice can fall, each typed in and played on a copy of the game: the chance of each
/// amount it took, as `measure` counts before and after. A way that rolled a die it was not given is played
/// again with one face more, six times.
fn played(game: &Game, action: &Value, measure: fn(&Game) -> i64) -> BTreeMap<i64, f64> {
    let before = measure(game);
    let mut out = BTreeMap::new();
    let mut ways: Vec<Vec<i64>> = vec![Vec::new()];
    while let Some(faces) = ways.pop() {
        let mut typed = action.clone();
        typed["dice"] = json!(faces);
        let mut g = game.clone();
        let event = g.apply(&Action::from_json(&typed.to_string()).unwrap()).unwrap_or_else(|e| panic!("{typed}: {e}"));
        let Outcome::Resolved { rolls, .. } = &event.outcome else { panic!("{typed} resolves") };
        if rolls.iter().all(|r| r.roll.typed) {
            // Losses the player chooses who takes are counted as taken: any choice takes as many points.
            if !estate(&g)["losses"].is_null() {
                ok(&mut g, json!({"type": "take_losses"}));
            }
            *out.entry(before - measure(&g)).or_default() += (1.0 / 6.0f64).powi(faces.len() as i32);
        } else {
            ways.extend((1..=6).map(|face| [faces.as_slice(), &[face]].concat()));
        }
    }
    out
}

/// The odds shown are the chances of what playing the action takes, value by value, and their mean.
fn assert_odds_are_what_it_takes(game: &Game, action: Value, measure: fn(&Game) -> i64) -> OddsView {
    let view = odds(game, &action);
    let took = played(game, &action, measure);
    let shown: BTreeMap<i64, f64> = view.outcomes.iter().map(|o| (o.value, o.p)).collect();
    assert_eq!(shown.keys().collect::<Vec<_>>(), took.keys().collect::<Vec<_>>(), "{action}: {view:?}");
    for (value, p) in &took {
        assert!((shown[value] - p).abs() < 1e-12, "{action}: {value} at {} against {p}: {view:?}", shown[value]);
    }
    let mean: f64 = took.iter().map(|(v, p)| *v as f64 * p).sum();
    assert!((view.mean - mean).abs() < 1e-12, "{action}: mean {} against {mean}", view.mean);
    let lines: f64 = view.lines.iter().map(|l| l.p).sum();
    assert!((lines - 1.0).abs() < 1e-12, "{view:?}");
    view
}

/// Seed 2 followed phase by phase: a black king typed, news from the Peitang (3 + 4), the bombardment of
/// quarter 1 (1 + 1, each zone's die a 1), the Boxers in at 3 and half of them into the British legation
/// (north), where a fresh unit of fanatics stands among them: the soldiers' fire owed.
pub fn set_up_a() -> Game {
    let mut game = shipped(2);
    ok(&mut game, json!({"type": "follow", "phase_by_phase": true}));
    ok(&mut game, json!({"type": "draw_card", "card": "KS"}));
    ok(&mut game, json!({"type": "advance", "dice": [3, 4]}));
    ok(&mut game, json!({"type": "advance", "dice": [1, 1, 1, 1, 1, 1]}));
    ok(&mut game, json!({"type": "end_moves"}));
    ok(&mut game, json!({"type": "advance", "dice": [3]}));
    advance_to(&mut game, "combat/soldier_fire");
    game
}

/// 6.3's table read through the fanatics' rule ("Se i folli ricevono 2 perdite o meno, non succede nulla …
/// 3 perdite, essa si indebolisce"): the British (north) fire into their own zone at a pile whose fresh
/// fanatics take every loss. A 2 is absorbed and takes nothing; a 3 weakens them, 5 points off the map.
#[test]
fn the_odds_of_a_fire_are_what_it_takes_through_the_fanatics() {
    let game = set_up_a();
    let view =
        assert_odds_are_what_it_takes(&game, json!({"type": "fire", "from": "GB1", "target": "GB1"}), boxer_points);
    let values: Vec<i64> = view.outcomes.iter().map(|o| o.value).collect();
    assert_eq!(values, [0, 5], "{view:?}");
    assert!((view.mean - 10.0 / 3.0).abs() < 1e-12, "{view:?}");
    assert!(view.lines.iter().any(|l| l.label.contains("the fanatics absorb them")), "{view:?}");
}

/// 3.1's second use of a gun ("due unità dei soldati a 2 = 4 punti di combattimento + un test d'effetto
/// psicologico"): the soldiers' own roll and the guns' test are two dice, and the odds follow both.
#[test]
fn the_odds_of_soldiers_firing_beside_a_psychological_test_follow_both_dice() {
    let game = set_up_a();
    let view = assert_odds_are_what_it_takes(
        &game,
        json!({"type": "fire", "from": "GB1", "target": "GB1", "guns": "tep"}),
        boxer_points,
    );
    assert_eq!(view.dice.len(), 2, "{view:?}");
}

/// 6.3's table ("1, 2, 3, 4, 5 = numero di boxer/regolari eliminati"): the wall's fire into its own zone
/// (TW2, 6 soldier points with the Colt's 2 joined, +4).
#[test]
fn the_odds_of_a_fire_are_the_boxer_points_it_eliminates() {
    let game = boxers_on_the_wall(&["us-1", "us-2"]);
    let view = assert_odds_are_what_it_takes(
        &game,
        json!({"type": "fire", "from": "TW2", "target": "TW2", "guns": "join"}),
        boxer_points,
    );
    assert!(view.label.contains("Boxer points eliminated"), "{}", view.label);
}

/// 6.4's table ("1, 2, 3 o 4 = numero di soldati eliminati"): the Boxers' melee that `advance` rolls next
/// reads its values as the defender points it eliminates, B none.
#[test]
fn the_odds_of_a_boxer_melee_are_the_defender_points_it_eliminates() {
    let mut game = boxers_on_the_wall(&["us-1", "us-2"]);
    ok(&mut game, json!({"type": "fire", "from": "TW2", "target": "TW2", "guns": "join", "dice": [3]}));
    assert_eq!(stage(&game), "combat/boxer_melee");
    let view = assert_odds_are_what_it_takes(&game, json!({"type": "advance"}), defender_points);
    assert!(view.label.contains("defender points eliminated"), "{}", view.label);
}

/// 6.6: `advance` in the soldiers' melee rolls their melee, and its odds are that melee's.
#[test]
fn the_odds_of_advancing_into_the_soldiers_melee_are_the_melee() {
    let mut game = boxers_on_the_wall(&["us-1", "us-2"]);
    ok(&mut game, json!({"type": "fire", "from": "TW2", "target": "TW2", "guns": "join", "dice": [3]}));
    advance_to(&mut game, "combat/soldier_move");
    ok(&mut game, json!({"type": "end_moves"}));
    assert_eq!(stage(&game), "combat/soldier_melee");
    let view = assert_odds_are_what_it_takes(&game, json!({"type": "advance"}), boxer_points);
    assert!(view.label.contains("soldiers' melee"), "{}", view.label);
}

/// Betsy and the Austrian Maxim in the German legation (east), the volunteers in the American legation,
/// away from the Boxers' path: seed 5, three red pictures bring Betsy (placed in DE2), a black king with
/// light rain (4 + 6) brings the Boxers in at 3; half burn the British legation (north), five zones away
/// (Betsy alone reaches it), half reach the Fu (south), three away (both guns).
pub fn betsy_and_the_maxim_apart() -> Game {
    let siege = crate::guns::BETSY_AND_A_MAXIM.replace("zones = [\"BN\"]", "zones = [\"US\"]");
    let mut game = with_siege(&siege, 5);
    // Drawn at once: the set-up as the test placed it, not repositioned by the strategy.
    ok(&mut game, json!({"type": "follow", "phase_by_phase": true}));
    for card in ["QH", "KH", "JH"] {
        crate::guns::day(&mut game, card, [3, 4]);
    }
    crate::guns::day(&mut game, "KS", [4, 6]);
    ok(&mut game, json!({"type": "advance", "dice": [3]}));
    advance_to(&mut game, "combat/soldier_fire");
    game
}

/// 3.1 notes: "il cannone può sparare un bersaglio e la mitragliatrice su un altro obiettivo (così due tiri
/// su due zone diverse) e in questo caso, ogni bersaglio dovrà passare un TEP": both tests are in the odds.
#[test]
fn the_odds_of_split_psychological_tests_follow_every_target() {
    let game = betsy_and_the_maxim_apart();
    let view = assert_odds_are_what_it_takes(
        &game,
        json!({"type": "fire", "from": "DE2", "guns": "tep", "tep_target": "GB1", "tep_targets": {"maxim": "FU2"}}),
        boxer_points,
    );
    assert_eq!(view.dice.len(), 2, "{view:?}");
}

/// 5.3 "il giocatore getta 2d6 e consulta la tabella degli eventi": at the event test, `advance`'s odds are
/// the event's, 2D6 over the table (a 7 six times in 36), each line the event it brings.
#[test]
fn the_odds_of_advancing_at_the_event_test_are_the_events() {
    let mut game = shipped(2);
    ok(&mut game, json!({"type": "follow", "phase_by_phase": true}));
    ok(&mut game, json!({"type": "draw_card", "card": "KS"}));
    assert_eq!(stage(&game), "event");
    let view = odds(&game, &json!({"type": "advance"}));
    let seven = view.outcomes.iter().find(|o| o.value == 7).expect("event 7");
    assert!((seven.p - 6.0 / 36.0).abs() < 1e-12, "{view:?}");
    assert!(view.lines.iter().any(|l| l.label == "event 7: News of the Peitang Cathedral"), "{view:?}");
    assert_eq!(view.dice.len(), 2, "{view:?}");
}

/// The brief's "exact odds before every roll", at 6.3 followed phase by phase: an `advance` that gives the
/// owed fire by Sandtable's suggestion throws dice, so it has odds: those of the first zone's fire it gives,
/// the same as that fire ordered by hand.
#[test]
fn the_odds_of_advancing_into_an_owed_fire_are_the_suggestions_first_fire() {
    let game = set_up_a();
    let view = odds(&game, &json!({"type": "advance"}));
    assert!(view.label.starts_with("Sandtable's suggestion, its first fire (6.3): fire from"), "{}", view.label);
    let by_hand = odds(&game, &json!({"type": "fire", "from": "GB1", "target": "GB1", "guns": "join"}));
    assert!(
        view.label.contains("British Legation (north): the soldiers and guns at British Legation (north)"),
        "{}",
        view.label
    );
    assert_eq!(view.outcomes, by_hand.outcomes);
}

/// 6.4 "Il giocatore sceglie la o le pedine GP che subiscono le perdite", and the officers' risk where
/// soldiers fell (FAQ 1.5.1): taking the losses throws Capt. Myers's die, so `take_losses` has its odds, as
/// does `advance` leaving them to Sandtable's rule.
#[test]
fn the_odds_of_taking_losses_are_the_officers_risk() {
    let mut game = boxers_on_the_wall(&["us-1", "us-2", "myers"]);
    ok(&mut game, json!({"type": "fire", "from": "TW2", "target": "TW2", "guns": "join", "dice": [3]}));
    ok(&mut game, json!({"type": "advance", "dice": [1]}));
    assert!(!estate(&game)["losses"].is_null(), "losses are owed: {}", estate(&game));
    for action in [json!({"type": "take_losses", "counters": ["us-1", "us-2"]}), json!({"type": "advance"})] {
        let view = odds(&game, &action);
        assert!(view.label.contains("officers' risk"), "{}", view.label);
        let falls: f64 = view.outcomes.iter().filter(|o| o.value == 1).map(|o| o.p).sum();
        assert!((falls - 1.0 / 6.0).abs() < 1e-12, "{action}: {view:?}");
        assert_eq!(view.dice.len(), 1, "{view:?}");
    }
}
