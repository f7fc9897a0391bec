//! The player chooses which counters take the defenders' losses (6.4): the procedure waits for the choice
//! mid-phase, checks it, applies it, and goes on with the phase where it stood.

use sandtable::systems::estate_dei_boxers::siege::{
    At, Census, Command, FireOrder, Move, Phase, Rules, Siege, Stage, Waits, check_losses,
};

use crate::common::{Fixture, Typed};

/// Answers only the choice of losses, once.
struct Choose(Option<Vec<usize>>);

impl Command for Choose {
    fn wounded(&mut self, _: &Rules, _: &Siege, _: u8) -> Option<Vec<(usize, u8, u8)>> {
        None
    }
    fn betsy(&mut self, _: &Rules, _: &Siege) -> Option<u8> {
        None
    }
    fn redeploy(&mut self, _: &Rules, _: &Siege) -> Option<Vec<(usize, u8)>> {
        None
    }
    fn fire(&mut self, _: &Rules, _: &Siege, _: &Census, _: u8) -> Option<FireOrder> {
        None
    }
    fn moves(&mut self, _: &Rules, _: &Siege) -> Option<Vec<Move>> {
        None
    }
    fn losses(&mut self, _: &Rules, _: &Siege) -> Option<Vec<usize>> {
        self.0.take()
    }
}

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
    s.run(&rules, &mut io, &mut Choose(Some(vec![gb1, gb2])), true);
    assert_eq!((s.pieces[gb1].points, s.pieces[gb2].points), (1, 1));
    assert_eq!(s.pieces[gb1].at, At::Zone(f.zone("GB1")));
    assert!(io.said("morale -2 for soldier points lost"), "{:?}", io.lines);
    assert!(io.faces.is_empty(), "GB2's melee is rolled next, in the same phase");
    assert!(io.said("Boxers attack in"), "{:?}", io.lines);
}

#[test]
fn left_to_the_rule_one_counter_goes_to_the_wounded_pool() {
    let f = Fixture::shipped();
    let rules = f.rules();
    let (mut s, _) = two_melees(&f);
    s.run(&rules, &mut Typed::new(&[1]), &mut Choose(Some(Vec::new())), true);
    let wounded = ["gb-1", "gb-2"].iter().filter(|id| s.pieces[f.piece(id)].at == At::Wounded).count();
    assert_eq!(wounded, 1);
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
