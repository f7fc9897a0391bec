//! The shipped scenarios set up as their history and title say: the Legation Wall's defenders stand on the
//! wall (so they have its cover), and guns whose crews served under an officer have a leader (so the
//! "Hold Leader" morale column is used).

use crate::support::Sp;

fn shipped(name: &str) -> Sp {
    Sp::from_source(sandtable::scenario::find_shipped(name).expect("a shipped scenario").source, 1)
}

#[test]
fn the_legation_walls_defenders_stand_on_the_wall_in_its_cover() {
    let sp = shipped("legation-wall");
    let wall = &sp.game.scenario().terrain.iter().find(|t| t.name == "Legation wall").unwrap().polygon;
    for defender in ["us-marines", "rn-sailors"] {
        for figure in sp.unit(defender).alive() {
            assert!(wall.contains(figure.pos), "{defender}: a figure at {:?} is off the wall", figure.pos);
        }
    }
}

#[test]
fn guns_served_under_an_officer_have_a_leader() {
    for (path, gun) in [("legation-wall", "colt-gun"), ("relief-column", "field-gun")] {
        let sp = shipped(path);
        let unit = sp.unit(gun);
        assert!(unit.leader().is_some(), "{gun} in {path} has no leader");
        assert_eq!(unit.crew_alive(), 3, "{gun} keeps its crew of three beside him");
    }
}
