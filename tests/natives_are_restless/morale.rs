//! Morale: a native group that suffers losses rolls 1D6 and must roll over the casualties or rout, its
//! figures back off the table; fanatical troops never test; the defenders never do.

use crate::support::{Siege, squad};

fn shot_at(group: &str) -> Siege {
    let mut s = Siege::new(&squad("a", (20.0, 20.0)));
    s.ok(r#"{"type":"muster","dice":[2,2,1]}"#);
    s.ok(r#"{"type":"muster","dice":[3,4,6]}"#);
    s.ok(r#"{"type":"muster","dice":[2,2,1]}"#);
    s.ok(r#"{"type":"muster","dice":[2,2,1]}"#);
    s.ok(r#"{"type":"raise"}"#);
    s.ok(r#"{"type":"raise","kind":"native_fanatics"}"#);
    s.ok(r#"{"type":"raise"}"#);
    s.ok(r#"{"type":"raise"}"#);
    s.put(group, (20.0, 30.0));
    s.draw("7C");
    s.ok(&format!(r#"{{"type":"fire","unit":"a","target":"{group}","dice":[6,6,3,3,1,1,1]}}"#));
    s
}

#[test]
fn a_native_group_that_rolls_over_its_casualties_holds() {
    let mut s = shot_at("natives-1");
    assert_eq!(s.lost("natives-1"), 3);
    let odds = s.odds(r#"{"type":"morale","unit":"natives-1"}"#);
    assert_eq!(odds.lines[0].p, 0.5, "over 3 on a D6: 4, 5 or 6");
    s.refused(r#"{"type":"draw_card"}"#);
    let line = s.ok(r#"{"type":"morale","unit":"natives-1","dice":[4]}"#);
    assert!(line.contains("they hold"), "{line}");
    assert_eq!(s.alive("natives-1"), 1);
}

#[test]
fn a_native_group_that_rolls_the_casualties_or_under_routs_back_to_the_reserves() {
    let mut s = shot_at("natives-1");
    let before = s.turn().pool["native_warriors"];
    let line = s.ok(r#"{"type":"morale","unit":"natives-1","dice":[3]}"#);
    assert!(line.contains("rout"), "{line}");
    assert_eq!(s.alive("natives-1"), 0);
    assert_eq!(s.turn().pool["native_warriors"], before + 1, "the one survivor may be raised again");
}

#[test]
fn fanatical_natives_never_test_morale() {
    let s = shot_at("natives-2");
    assert_eq!(s.lost("natives-2"), 3);
    assert!(s.turn().morale_due.is_empty());
}

/// Morale: "If a rout occurs the group is immediately removed from play and becomes available for
/// recycling as reinforcements". A routed group is not dead: its card, and the battle's report, say it
/// routed.
#[test]
fn a_routed_group_is_said_to_have_routed() {
    let mut s = shot_at("natives-1");
    s.ok(r#"{"type":"morale","unit":"natives-1","dice":[3]}"#);
    let view = sandtable::api::GameView::seen(0, "", &s.game, &sandtable::rules::Seat::Table);
    let card = view.units.iter().find(|u| u.id == "natives-1").unwrap();
    let note = card.rules.notes.iter().find(|n| n.key == "out").unwrap_or_else(|| panic!("{:?}", card.rules.notes));
    assert!(note.text.contains("routed"), "{note:?}");
}
