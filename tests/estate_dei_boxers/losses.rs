//! The player chooses which counters take the defenders' losses (6.4): the procedure waits for the choice
//! mid-phase, checks it, applies it, and goes on with the phase where it stood.

use sandtable::systems::estate_dei_boxers::siege::{At, LossesOnce, Phase, Siege, Stage, Waits, check_losses};

use crate::common::{Fixture, Typed};

/// Two British counters of 2 in GB2 and one in GB1, a strong pile of Boxers in each: the Boxers' melee
/// phase, waiting in GB1 (the lower zone) for a die that costs the defenders two points.
fn two_melees(f: &Fixture) -> (Siege, u8) {
    let rules = f.rules();
    let mut table = f.empty();
    for (id, zone) in [("gb-1", "GB1"), ("gb-2", "GB1"), ("gb-3", "GB2")] {
        f.put(&mut table, id, zone);
    }
    for (id, zone) in [("fanatics-1", "GB1"), ("boxers-1", "GB1"), ("fanatics-2", "GB2")] {
        f.put(&mut table, id, zone);
    }
    table.stage = Stage::Combat { phase: Phase::BoxerMelee };
    for die in 1..=6 {
        let mut s = table.clone();
        s.run(&rules, &mut Typed::new(&[die]), &mut Waits, true);
        if s.today.owed.is_some_and(|o| o.points == 2) {
            return (s, die);
        }
    }
    panic!("no die costs GB1 two points");
}

#[test]
fn the_boxers_melee_waits_for_the_player_to_choose_who_takes_the_losses() {
    let f = Fixture::shipped();
    let (s, _) = two_melees(&f);
    let owed = s.today.owed.expect("losses owed");
    assert_eq!((owed.zone, owed.points), (f.zone("GB1"), 2));
    assert_eq!(s.stage, Stage::Combat { phase: Phase::BoxerMelee }, "the phase waits where it stood");
    assert_eq!(s.pieces[f.piece("gb-1")].points, 2, "nothing is taken before the player chooses");
}

#[test]
fn a_choice_is_checked_against_the_rules() {
    let f = Fixture::shipped();
    let rules = f.rules();
    let (s, _) = two_melees(&f);
    let [gb1, gb2, gb3] = ["gb-1", "gb-2", "gb-3"].map(|id| f.piece(id));
    assert!(check_losses(&s, &rules, &[gb1, gb2]).is_ok());
    assert!(check_losses(&s, &rules, &[gb1, gb1]).is_ok());
    let short = check_losses(&s, &rules, &[gb1]).unwrap_err();
    assert!(short.contains("2 points of loss"), "{short}");
    let elsewhere = check_losses(&s, &rules, &[gb1, gb3]).unwrap_err();
    assert!(elsewhere.contains("not a soldier counter or gun in"), "{elsewhere}");
}

#[test]
fn the_chosen_counters_take_the_losses_and_the_phase_goes_on() {
    let f = Fixture::shipped();
    let rules = f.rules();
    let (mut s, _) = two_melees(&f);
    let [gb1, gb2] = ["gb-1", "gb-2"].map(|id| f.piece(id));
    // Both flipped, where Sandtable's rule would send one to the wounded pool.
    let mut io = Typed::new(&[1]);
    s.run(&rules, &mut io, &mut LossesOnce(Some(vec![gb1, gb2])), true);
    assert_eq!((s.pieces[gb1].points, s.pieces[gb2].points), (1, 1));
    assert_eq!(s.pieces[gb1].at, At::Zone(f.zone("GB1")));
    assert!(io.said("morale -2 for 2 soldier points lost"), "{:?}", io.lines);
    assert!(io.faces.is_empty(), "GB2's melee is rolled next, in the same phase");
    assert!(io.said("Boxers attack in"), "{:?}", io.lines);
}

#[test]
fn left_to_the_rule_one_counter_goes_to_the_wounded_pool() {
    let f = Fixture::shipped();
    let rules = f.rules();
    let (mut s, _) = two_melees(&f);
    s.run(&rules, &mut Typed::new(&[1]), &mut LossesOnce(Some(Vec::new())), true);
    let wounded = ["gb-1", "gb-2"].iter().filter(|id| s.pieces[f.piece(id)].at == At::Wounded).count();
    assert_eq!(wounded, 1);
}

fn new_game() -> sandtable::game::Game {
    let scenario = sandtable::rules::systems()
        .iter()
        .flat_map(|s| s.scenarios())
        .find(|s| s.path.ends_with("the-55-days.toml"))
        .unwrap();
    sandtable::game::Game::new(std::sync::Arc::new(scenario.load().unwrap()), 3)
}

fn act(game: &mut sandtable::game::Game, json: serde_json::Value) -> Result<(), String> {
    let action = sandtable::game::Action::from_json(&json.to_string()).unwrap();
    game.apply(&action).map(|_| ()).map_err(|e| e.to_string())
}

fn estate(game: &sandtable::game::Game) -> serde_json::Value {
    let view = serde_json::to_value(sandtable::api::GameView::of(1, "test", game)).unwrap();
    view["rules"]["view"].clone()
}

/// Seed 3, two more American counters on the wall beside the third and the Colt, a black king typed, the
/// Boxers entering at 1, followed phase by phase to the soldiers' fire.
pub fn boxers_on_the_wall(join: &[&str]) -> sandtable::game::Game {
    use serde_json::json;
    let mut game = new_game();
    for counter in join {
        act(&mut game, json!({"type": "reposition", "counter": counter, "zone": "TW2"})).unwrap();
    }
    act(&mut game, json!({"type": "advance"})).unwrap();
    act(&mut game, json!({"type": "follow", "phase_by_phase": true})).unwrap();
    act(&mut game, json!({"type": "draw_card", "card": "KS"})).unwrap();
    act(&mut game, json!({"type": "advance", "dice": [4, 6]})).unwrap();
    act(&mut game, json!({"type": "advance", "dice": [1]})).unwrap();
    while estate(&game)["stage"]["phase"] != "soldier_fire" {
        act(&mut game, json!({"type": "advance"})).unwrap();
    }
    game
}

/// The same, letting the combat run: the wall's fire into its own zone (die 3) runs on into the Boxers'
/// melee, whose die 1 costs the three American counters two points.
fn owing_two_on_the_wall(join: &[&str]) -> sandtable::game::Game {
    use serde_json::json;
    let mut game = boxers_on_the_wall(join);
    act(&mut game, json!({"type": "follow", "phase_by_phase": false})).unwrap();
    act(&mut game, json!({"type": "fire", "from": "TW2", "target": "TW2", "guns": "join", "dice": [3, 1]})).unwrap();
    game
}

/// 6.4 "Il giocatore sceglie la o le pedine GP che subiscono le perdite", followed phase by phase: the
/// Boxers' melee run by `advance` stops at the losses it owes, offered as with the combat left to run,
/// and `advance` there says it gave them to Sandtable's rule.
#[test]
fn following_phase_by_phase_the_player_still_chooses_who_takes_the_losses() {
    use serde_json::json;
    let mut game = boxers_on_the_wall(&["us-1", "us-2"]);
    act(&mut game, json!({"type": "fire", "from": "TW2", "target": "TW2", "guns": "join", "dice": [3]})).unwrap();
    assert_eq!(estate(&game)["stage"]["phase"], "boxer_melee");
    act(&mut game, json!({"type": "advance", "dice": [1]})).unwrap();
    let view = estate(&game);
    assert_eq!(view["stage"]["phase"], "boxer_melee", "the phase waits where it stood");
    assert_eq!(view["losses"]["zone"], "TW2");
    assert_eq!(view["losses"]["points"], 2);
    let points = |view: &serde_json::Value, id: &str| {
        view["counters"].as_array().unwrap().iter().find(|c| c["id"] == id).unwrap()["points"].clone()
    };
    assert_eq!((points(&view, "us-1"), points(&view, "us-2"), points(&view, "us-3")), (json!(2), json!(2), json!(2)));
    assert!(view["step"].as_str().unwrap().starts_with("choose who takes 2 points of loss"), "{}", view["step"]);
    // Left to `advance`, the entry says whose choice it was.
    act(&mut game, json!({"type": "advance"})).unwrap();
    let line = game.describe(game.events().last().unwrap());
    assert!(line.contains("Sandtable's rule"), "{line}");
}

#[test]
fn the_app_waits_for_the_players_choice_and_refuses_a_bad_one_by_its_rule() {
    use serde_json::json;
    let mut game = owing_two_on_the_wall(&["us-1", "us-2"]);
    let losses = estate(&game)["losses"].clone();
    assert_eq!(losses["zone"], "TW2");
    assert_eq!(losses["points"], 2);
    let why = act(&mut game, json!({"type": "take_losses", "counters": ["us-1"]})).unwrap_err();
    assert!(why.contains("2 points of loss to assign; 1 given"), "{why}");
    act(&mut game, json!({"type": "take_losses", "counters": ["us-1", "us-2"]})).unwrap();
    let view = estate(&game);
    assert!(view["losses"].is_null());
    let points =
        |id: &str| view["counters"].as_array().unwrap().iter().find(|c| c["id"] == id).unwrap()["points"].clone();
    assert_eq!((points("us-1"), points("us-2"), points("us-3")), (json!(1), json!(1), json!(2)));
}

#[test]
fn dice_seen_before_an_undo_are_marked_when_another_action_rolls_them_again() {
    use serde_json::json;
    // Captain Myers with them: his death die follows the losses.
    let mut game = owing_two_on_the_wall(&["us-1", "us-2", "myers"]);
    assert_eq!(estate(&game)["losses"]["points"], 2);
    // Sandtable's rule by `advance` rolls what follows; undone, the player's own choice rolls it again.
    act(&mut game, json!({"type": "advance"})).unwrap();
    let advanced = game.events().len() - 1;
    act(&mut game, json!({"type": "undo"})).unwrap();
    act(&mut game, json!({"type": "take_losses", "counters": []})).unwrap();
    assert_eq!(game.events().last().unwrap().reroll_of, Some(advanced));
    // Typed dice are the table's own: never a re-roll.
    act(&mut game, json!({"type": "undo"})).unwrap();
    let dice: Vec<i64> = vec![3];
    act(&mut game, json!({"type": "take_losses", "counters": [], "dice": dice})).unwrap();
    assert_eq!(game.events().last().unwrap().reroll_of, None);
}

#[test]
fn the_app_refuses_a_choice_of_losses_when_none_are_owed() {
    let scenario = sandtable::rules::systems()
        .iter()
        .flat_map(|s| s.scenarios())
        .find(|s| s.path.ends_with("the-55-days.toml"))
        .unwrap();
    let mut game = sandtable::game::Game::new(std::sync::Arc::new(scenario.load().unwrap()), 7);
    let action = sandtable::game::Action::from_json(r#"{"type":"take_losses","counters":["gb-1"]}"#).unwrap();
    let why = game.apply(&action).unwrap_err().to_string();
    assert!(why.contains("no losses are owed now"), "{why}");
}
