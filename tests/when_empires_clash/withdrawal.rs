//! Victory: the tally of destroyed value; at half the starting value (Command stand not counted) an
//! army must withdraw, moving only toward its baseline and leaving by it; a side gone entirely ends it.

use crate::support::Battle;

fn thin_blue_line() -> Battle {
    Battle::new("")
        .stand("redcoats", "red", "regular_infantry", "F10", 0, "weapon = \"magazine_rifle\"")
        .stand("warriors", "blue", "native_infantry", "F8", 180, "weapon = \"hand_held\"")
        .stand("spears", "blue", "native_infantry", "C2", 180, "weapon = \"hand_held\"")
        .stand("induna", "blue", "command_on_foot", "D1", 180, "")
}

#[test]
fn an_army_that_has_lost_half_its_value_must_withdraw_toward_its_baseline() {
    let mut play = thin_blue_line().with_initiative("red");
    play.activate("redcoats");
    // 2 of 4 points (the Command stand is not counted): exactly half.
    let line = play.ok(r#"{"type":"fire","unit":"redcoats","target":"warriors","dice":[6,6,1]}"#);
    assert!(line.ends_with("Blue have lost 2 of 4: at least half their value; they must withdraw"), "{line}");
    play.ok(r#"{"type":"end_activations"}"#);
    play.ok(r#"{"type":"throw_activations","dice":[6]}"#);
    play.activate("spears");
    let forward = play.refused(r#"{"type":"move_to","unit":"spears","to":"C3"}"#);
    assert_eq!(forward.message, "Blue must withdraw: it moves only toward its baseline");
    play.move_to("spears", "C1");
    let line = play.ok(r#"{"type":"leave_table","unit":"spears"}"#);
    assert_eq!(line, "spears leaves the battlefield from C1");
    play.activate("induna");
    let refused = play.refused(r#"{"type":"leave_table","unit":"redcoats"}"#);
    assert!(refused.message.contains("is not the active stand"), "{}", refused.message);
    let last = play.ok(r#"{"type":"leave_table","unit":"induna"}"#);
    assert_eq!(
        last,
        "induna leaves the battlefield from D1. Blue have left the battlefield, the battle is over. Red win a Marginal victory (5 against 4)"
    );
    // Every Blue stand has gone: the battle ends. Withdrawn stands were not destroyed, so they count:
    // Blue's spears 2 and commander 2 against Red's 3 and commander 2.
    assert_eq!(play.own_view()["ended"], "Blue have left the battlefield");
    assert_eq!(play.own_view()["result"], "Red win a Marginal victory (5 against 4)");
}

#[test]
fn an_army_short_of_half_its_losses_does_not_withdraw_and_stays_on_the_field() {
    let battle = thin_blue_line().stand("more", "blue", "native_infantry", "H2", 180, "");
    let mut play = battle.with_initiative("red");
    play.activate("redcoats");
    let line = play.ok(r#"{"type":"fire","unit":"redcoats","target":"warriors","dice":[6,6,1]}"#);
    assert!(!line.contains("withdraw"), "{line}");
    play.ok(r#"{"type":"end_activations"}"#);
    play.ok(r#"{"type":"throw_activations","dice":[6]}"#);
    play.activate("spears");
    play.move_to("spears", "C4");
    play.activate("more");
    play.move_to("more", "H1");
    let refused = play.refused(r#"{"type":"leave_table","unit":"more"}"#);
    assert_eq!(refused.message, "Blue are not withdrawing: their stands stay on the battlefield");
}

/// Footnote 4: entrenchments count in an army's value when it alone is entrenched, so they count toward
/// the half it must lose before withdrawing.
#[test]
fn an_army_alone_entrenched_counts_its_entrenchments_in_the_value_it_withdraws_at() {
    let source = thin_blue_line()
        .source()
        .replace("commander = 2\n\n[[units]]", "commander = 2\nentrenchments = 4\n\n[[units]]");
    let mut play = crate::play::Play::from_source(&source, 1);
    crate::support::start(&mut play, "red");
    play.activate("redcoats");
    // 2 lost of 4 points of stands and 2 of entrenchments: a third, not yet half.
    let line = play.ok(r#"{"type":"fire","unit":"redcoats","target":"warriors","dice":[6,6,1]}"#);
    assert!(!line.contains("withdraw"), "{line}");
    assert_eq!(play.own_view()["sides"][1]["starting"], 6.0);
}

/// Victory: "Once an army has suffered a loss of 50% of its original value ... it must begin to withdraw
/// from the battlefield." A stand of a withdrawing army that is activated withdraws: its activation does not
/// end until it has moved toward its baseline (or left the battlefield from it), though it may still fight
/// first. With the option `withdrawing_stands_may_hold` it may stay where it is.
#[test]
fn an_activated_stand_of_a_withdrawing_army_must_move_toward_its_baseline() {
    let mut play = thin_blue_line().with_initiative("red");
    play.activate("redcoats");
    play.ok(r#"{"type":"fire","unit":"redcoats","target":"warriors","dice":[6,6,1]}"#);
    play.ok(r#"{"type":"end_activations"}"#);
    play.ok(r#"{"type":"throw_activations","dice":[6]}"#);
    play.activate("spears");
    let owed = "Blue must withdraw: spears moves toward its baseline (or leaves the battlefield from it) before its activation ends";
    assert_eq!(play.refused(r#"{"type":"end_activation"}"#).message, owed);
    assert_eq!(play.refused(r#"{"type":"activate","unit":"induna"}"#).message, owed);
    assert_eq!(play.refused(r#"{"type":"end_activations"}"#).message, owed);
    play.move_to("spears", "C1");
    play.ok(r#"{"type":"end_activation"}"#);

    let source =
        thin_blue_line().source().replace("[board]", "[options]\nwithdrawing_stands_may_hold = true\n\n[board]");
    let mut play = crate::play::Play::from_source(&source, 1);
    crate::support::start(&mut play, "red");
    play.activate("redcoats");
    play.ok(r#"{"type":"fire","unit":"redcoats","target":"warriors","dice":[6,6,1]}"#);
    play.ok(r#"{"type":"end_activations"}"#);
    play.ok(r#"{"type":"throw_activations","dice":[6]}"#);
    play.activate("spears");
    assert_eq!(play.ok(r#"{"type":"end_activation"}"#), "spears' activation ends");
}

/// A Blue army that has lost half its value before the turn (three heavy guns, 12 of its 24 points,
/// recorded by hand), with a cavalry stand that may dismount, a Transport beside a gun and one towing a gun.
fn withdrawing_blue(source_options: &str) -> crate::play::Play {
    let battle = thin_blue_line()
        .stand("fodder-1", "blue", "heavy_artillery", "A5", 180, "")
        .stand("fodder-2", "blue", "heavy_artillery", "A8", 180, "")
        .stand("fodder-3", "blue", "heavy_artillery", "A11", 180, "")
        .stand("horse", "blue", "irregular_cavalry", "I4", 180, "dismounts_as = \"irregular_infantry\"")
        .stand("wagon", "blue", "transport", "K3", 180, "")
        .stand("gun", "blue", "field_artillery", "K2", 180, "")
        .stand("tow", "blue", "transport", "H4", 180, "towing = \"gun-2\"")
        .stand("gun-2", "blue", "field_artillery", "H4", 180, "rear = true");
    let source = battle.source().replace("[board]", &format!("{source_options}\n[board]"));
    let mut play = crate::play::Play::from_source(&source, 1);
    play.ok(r#"{"type":"record_losses","unit":"fodder-1","count":1}"#);
    play.ok(r#"{"type":"record_losses","unit":"fodder-2","count":1}"#);
    play.ok(r#"{"type":"record_losses","unit":"fodder-3","count":1}"#);
    crate::support::start(&mut play, "blue");
    play
}

/// Victory: an army that "must begin to withdraw from the battlefield". Read (the docs, Withdrawal): its
/// activated stand owes a move toward its baseline; mounting, dismounting, limbering and unlimbering each
/// take the place of that move, so none is open to it. With `withdrawing_stands_may_hold` it may hold and
/// do any of them.
#[test]
fn a_withdrawing_armys_stand_may_not_mount_dismount_limber_or_unlimber_in_place_of_its_move() {
    let mut play = withdrawing_blue("");
    play.activate("horse");
    let dismount = play.refused(r#"{"type":"dismount","unit":"horse"}"#);
    assert_eq!(
        dismount.message,
        "Blue must withdraw: horse moves toward its baseline (or leaves the battlefield from it); it may not dismount instead"
    );
    assert_eq!(dismount.rule.as_deref(), Some("When Empires Clash!, Victory"));
    play.move_to("horse", "I3");
    play.activate("wagon");
    let limber = play.refused(r#"{"type":"limber","unit":"wagon","gun":"gun"}"#);
    assert!(limber.message.ends_with("it may not limber a gun instead"), "{}", limber.message);
    play.move_to("wagon", "J2");
    play.activate("tow");
    let unlimber = play.refused(r#"{"type":"unlimber","unit":"tow","to":"H3"}"#);
    assert!(unlimber.message.ends_with("it may not unlimber its gun instead"), "{}", unlimber.message);

    let mut play = withdrawing_blue("[options]\nwithdrawing_stands_may_hold = true\n");
    play.activate("horse");
    play.ok(r#"{"type":"dismount","unit":"horse"}"#);
    play.activate("wagon");
    play.ok(r#"{"type":"limber","unit":"wagon","gun":"gun"}"#);
    play.activate("tow");
    play.ok(r#"{"type":"unlimber","unit":"tow","to":"H3"}"#);
}

/// Commanders: "the Command stand's value is added to the score". Read: only a Command stand on the
/// battlefield adds its rating; one that has left it with its withdrawing army adds nothing, as a destroyed
/// one adds nothing.
#[test]
fn a_commander_who_has_left_the_battlefield_adds_nothing_to_the_activations() {
    let mut play = thin_blue_line().with_initiative("red");
    play.activate("redcoats");
    play.ok(r#"{"type":"fire","unit":"redcoats","target":"warriors","dice":[6,6,1]}"#);
    play.ok(r#"{"type":"end_activations"}"#);
    play.ok(r#"{"type":"throw_activations","dice":[6]}"#);
    play.activate("induna");
    play.ok(r#"{"type":"leave_table","unit":"induna"}"#);
    play.ok(r#"{"type":"end_activations"}"#);
    play.ok(r#"{"type":"next_turn"}"#);
    crate::support::start(&mut play, "red");
    play.ok(r#"{"type":"end_activations"}"#);
    assert_eq!(play.ok(r#"{"type":"throw_activations","dice":[6]}"#), "Blue throw 6 + commander 0: 6 activations");
    assert_eq!(play.own_view()["sides"][1]["commander"], 0);
}

/// Victory: "a tally of the total value of all the stands that have been destroyed should be kept", and
/// the battle ends "when one side has completely withdrawn from the battlefield". A stand the table records
/// lost by hand is destroyed as in combat: its value counts, its army is told when it must withdraw, and the
/// record that takes a side's last stand ends the battle with the result.
#[test]
fn a_stand_recorded_lost_by_hand_is_destroyed_as_in_combat() {
    let mut play = thin_blue_line().play();
    let first = play.ok(r#"{"type":"record_losses","unit":"warriors","count":1}"#);
    assert_eq!(
        first,
        "warriors is destroyed (recorded by hand). Blue have lost 2 of 4: at least half their value; they must withdraw"
    );
    assert_eq!(play.own_view()["sides"][1]["lost"], 2.0);
    assert_eq!(
        play.ok(r#"{"type":"record_losses","unit":"spears","count":1}"#),
        "spears is destroyed (recorded by hand)"
    );
    let last = play.ok(r#"{"type":"record_losses","unit":"induna","count":1}"#);
    assert_eq!(
        last,
        "induna is destroyed (recorded by hand). Blue have no stand left on the battlefield, the battle is over. Red win a Marginal victory (5 against 0)"
    );
    assert_eq!(play.own_view()["ended"], "Blue have no stand left on the battlefield");
    let over = play.refused(r#"{"type":"record_losses","unit":"redcoats","count":1}"#);
    assert_eq!(over.message, "the battle is over: Blue have no stand left on the battlefield");
}

/// A Transport recorded lost by hand leaves the gun it towed where it stands, and a towed gun recorded lost
/// leaves its Transport towing nothing.
#[test]
fn a_towed_gun_or_its_transport_recorded_lost_by_hand_ends_the_tow() {
    let battle = thin_blue_line().stand("tow", "blue", "transport", "H4", 180, "towing = \"gun\"").stand(
        "gun",
        "blue",
        "field_artillery",
        "H4",
        180,
        "rear = true",
    );
    let towing = |play: &crate::play::Play| {
        play.game.state().rules.get::<sandtable::systems::when_empires_clash::Turn>().unwrap().towing.clone()
    };
    let mut play = battle.play();
    play.ok(r#"{"type":"record_losses","unit":"gun","count":1}"#);
    assert!(towing(&play).is_empty(), "{:?}", towing(&play));
    let mut play = battle.play();
    play.ok(r#"{"type":"record_losses","unit":"tow","count":1}"#);
    assert!(towing(&play).is_empty(), "{:?}", towing(&play));
    assert_eq!(play.square("gun"), "H4", "the gun stays where it stood, a stand of its own");
}

/// Victory: a withdrawing army's stand leaves from its own baseline; elsewhere the refusal names the row it
/// may leave from as the grid names it.
#[test]
fn a_stand_may_leave_only_from_its_own_baseline_row() {
    let mut play = thin_blue_line().with_initiative("red");
    play.activate("redcoats");
    play.ok(r#"{"type":"fire","unit":"redcoats","target":"warriors","dice":[6,6,1]}"#);
    play.ok(r#"{"type":"end_activations"}"#);
    play.ok(r#"{"type":"throw_activations","dice":[6]}"#);
    play.activate("spears");
    let refused = play.refused(r#"{"type":"leave_table","unit":"spears"}"#);
    assert_eq!(refused.message, "spears may leave only from its own baseline row (row 1); it is in C2");
}
