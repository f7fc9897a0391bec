//! Movement: two D10; clear and trail the total, jungle the lowest die (U.S., limbered guns) or the highest
//! (Moros), decided from the route; unlimbering takes a full move; sighting hidden counters by range.

use crate::support::{Hg, area, gun, unit};

fn jungle() -> String {
    area("Jungle", "jungle", (20.0, 0.0), (50.0, 48.0))
}

#[test]
fn jungle_dice_0_and_7_move_us_troops_0_and_moros_7() {
    let body = jungle()
        + &unit("us", "us", "us_infantry", 5, (22.0, 10.0), 70)
        + &unit("moro", "moros", "moro_warriors", 5, (40.0, 30.0), 70);
    let mut hg = Hg::new(&body);
    hg.activate("us", "us");
    hg.ok(r#"{"type":"roll_move","unit":"us","dice":[0,7]}"#);
    let r = hg.refused(r#"{"type":"move","unit":"us","path":[{"x":23,"y":10}]}"#);
    assert!(r.message.contains("allowance of 0\"") && r.message.contains("lowest die of [0, 7] = 0"), "{}", r.message);
    hg.activate("moros", "moro");
    hg.ok(r#"{"type":"roll_move","unit":"moro","dice":[0,7]}"#);
    let line = hg.ok(r#"{"type":"move","unit":"moro","path":[{"x":33,"y":30}]}"#);
    assert!(line.contains("moved 7.0\"") && line.contains("highest die of [0, 7] = 7"), "{line}");
}

/// Every unit rolls 2 D10; another roll named for it is refused, not rolled as 2 D10 regardless.
#[test]
fn a_movement_roll_other_than_two_d10_is_refused() {
    let body = unit("us", "us", "us_infantry", 5, (22.0, 10.0), 70)
        + &unit("moro", "moros", "moro_warriors", 5, (40.0, 30.0), 70);
    let mut hg = Hg::new(&body);
    hg.activate("us", "us");
    let r = hg.refused(r#"{"type":"roll_move","unit":"us","expr":"2D6+6"}"#);
    assert!(r.message.contains("moves with 2D10, not 2D6+6"), "{}", r.message);
    hg.ok(r#"{"type":"roll_move","unit":"us","expr":"2D10","dice":[3,4]}"#);
}

#[test]
fn a_us_zero_in_jungle_offers_a_formation_change() {
    let body = jungle()
        + &unit("us", "us", "us_infantry", 5, (22.0, 10.0), 70)
        + &unit("moro", "moros", "moro_warriors", 5, (40.0, 30.0), 70);
    let mut hg = Hg::new(&body);
    hg.activate("us", "us");
    hg.ok(r#"{"type":"roll_move","unit":"us","dice":[0,7]}"#);
    let line = hg.ok(r#"{"type":"move","unit":"us","path":[{"x":22,"y":10}]}"#);
    assert!(line.contains("may change formation"), "{line}");
}

#[test]
fn clear_ground_and_trails_through_jungle_use_the_total_of_the_dice() {
    let body = jungle()
        + &area("Trail", "trail", (0.0, 20.0), (72.0, 24.0))
        + &unit("us", "us", "us_infantry", 1, (10.0, 22.0), 70)
        + &unit("moro", "moros", "moro_warriors", 1, (60.0, 40.0), 70);
    let mut hg = Hg::new(&body);
    hg.activate("us", "us");
    hg.ok(r#"{"type":"roll_move","unit":"us","dice":[6,8]}"#);
    let line = hg.ok(r#"{"type":"move","unit":"us","path":[{"x":24,"y":22}]}"#);
    assert!(line.contains("moved 14.0\"") && line.contains("total"), "{line}");
}

#[test]
fn a_route_that_strays_off_the_trail_into_jungle_uses_one_die() {
    let body = jungle()
        + &area("Trail", "trail", (0.0, 20.0), (72.0, 24.0))
        + &unit("us", "us", "us_infantry", 1, (18.0, 22.0), 70)
        + &unit("moro", "moros", "moro_warriors", 1, (60.0, 40.0), 70);
    let mut hg = Hg::new(&body);
    hg.activate("us", "us");
    hg.ok(r#"{"type":"roll_move","unit":"us","dice":[3,8]}"#);
    let r = hg.refused(r#"{"type":"move","unit":"us","path":[{"x":22,"y":27}]}"#);
    assert!(r.message.contains("through jungle") && r.message.contains("lowest die of [3, 8] = 3"), "{}", r.message);
}

#[test]
fn a_limbered_cannon_takes_a_full_move_to_unlimber_before_it_fires() {
    let body = gun("cannon", "us", "us_cannon", 4, (10.0, 10.0))
        + &unit("moro", "moros", "moro_warriors", 6, (20.0, 10.0), 70);
    let mut hg = Hg::new(&body);
    hg.activate("us", "cannon");
    hg.ok(r#"{"type":"roll_move","unit":"cannon","dice":[1,1]}"#);
    hg.ok(r#"{"type":"move","unit":"cannon","path":[{"x":11,"y":10}]}"#);
    let r = hg.refused(r#"{"type":"fire","unit":"cannon","target":"moro"}"#);
    assert!(r.message.contains("limbered"), "{}", r.message);
    hg.activate("moros", "moro");
    hg.ok(r#"{"type":"next_turn"}"#);
    hg.activate("us", "cannon");
    hg.ok(r#"{"type":"unlimber","unit":"cannon"}"#);
    assert!(hg.refused(r#"{"type":"roll_move","unit":"cannon"}"#).message.contains("already used its move"));
    hg.ok(r#"{"type":"fire","unit":"cannon","target":"moro","dice":[0]}"#);
}

#[test]
fn sighting_rolls_by_range_band_and_a_hidden_counter_cannot_be_shot_until_seen() {
    let hidden = |id: &str, at: (f64, f64)| unit(id, "moros", "moro_warriors", 1, at, 70) + "hidden = true\n\n";
    let body = unit("us", "us", "us_infantry", 1, (10.0, 10.0), 70)
        + &hidden("near", (11.5, 10.0))
        + &hidden("mid", (13.0, 10.0))
        + &hidden("far", (20.0, 10.0))
        + &hidden("lost", (40.0, 10.0));
    let mut hg = Hg::new(&body);
    hg.activate("us", "us");
    assert!(hg.refused(r#"{"type":"fire","unit":"us","target":"mid"}"#).message.contains("sight it before firing"));
    let odds = hg.odds(r#"{"type":"sight","unit":"us"}"#);
    assert_eq!(odds.dice.len(), 2, "automatic at 1.5\", impossible at 30\": two dice to roll");
    let line = hg.ok(r#"{"type":"sight","unit":"us","dice":[3,6]}"#);
    assert!(line.contains("1.5\" away: sighted automatically"), "{line}");
    assert!(line.contains("3.0\" away: 3 needing 3+, sighted"), "{line}");
    assert!(line.contains("10.0\" away: 6 needing 7+, not seen"), "{line}");
    assert!(line.contains("beyond 24\""), "{line}");
    assert!(hg.concealed("far") && !hg.turn().spotted.contains("far"));
    assert!(hg.turn().spotted.contains("mid"));
    assert!(hg.refused(r#"{"type":"sight","unit":"us"}"#).message.contains("already rolled to sight"));
}

#[test]
fn a_hidden_moro_unit_that_moves_is_spotted() {
    let body = unit("us", "us", "us_infantry", 1, (10.0, 10.0), 70)
        + &unit("m", "moros", "moro_warriors", 1, (40.0, 10.0), 70)
        + "hidden = true\n\n";
    let mut hg = Hg::new(&body);
    hg.activate("moros", "m");
    hg.ok(r#"{"type":"roll_move","unit":"m","dice":[2,2]}"#);
    hg.ok(r#"{"type":"move","unit":"m","path":[{"x":37,"y":10}]}"#);
    assert!(hg.turn().spotted.contains("m"));
}

/// "If U.S. is moving, roll to sight": sighting is what a moving unit does, so the unit loses its +1 for
/// not moving even if it then stands still. (A unit that could not move may not sight: see the locked melee.)
#[test]
fn only_a_moving_unit_sights_and_it_keeps_no_bonus_for_standing_still() {
    let body = unit("us", "us", "us_infantry", 3, (10.0, 10.0), 70)
        + &unit("seen", "moros", "moro_warriors", 3, (20.0, 10.0), 70)
        + &unit("lurker", "moros", "moro_warriors", 1, (11.5, 14.0), 70)
        + "hidden = true\n\n";
    let mut hg = Hg::new(&body);
    hg.activate("us", "us");
    let before = hg.odds(r#"{"type":"fire","unit":"us","target":"seen"}"#);
    assert!(before.label.contains("did not move +1"), "{}", before.label);
    hg.ok(r#"{"type":"sight","unit":"us"}"#);
    let after = hg.odds(r#"{"type":"fire","unit":"us","target":"seen"}"#);
    assert!(!after.label.contains("did not move"), "a sighting unit was moving: {}", after.label);
}
