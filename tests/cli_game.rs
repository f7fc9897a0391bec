//! The vertical slice through the command line and a real SQLite file: move with a rolled 2D6+6,
//! a move past it refused with the reason, range to a target, three losses, one undone, the log.
mod common;

use common::{Table, stderr, unit};

#[test]
fn a_new_game_prints_its_id_last_and_is_stored() {
    let t = Table::new();
    let id = t.new_wall_game();
    assert!(id.parse::<i64>().is_ok(), "{id}");
    let view = t.show(&id);
    assert_eq!(view["system"], "sand-pebbles");
    assert_eq!(unit(&view, "us-marines")["alive"], 10);
    assert!(t.db().is_file());
}

#[test]
fn move_within_the_rolled_allowance_and_refuse_past_it() {
    let t = Table::new();
    let id = t.new_wall_game();
    t.ok(&["game", "act", &id, r#"{"type":"initiative","dice":[6,2]}"#]);
    t.ok(&["game", "act", &id, r#"{"type":"choose_order","first":"allies"}"#]);
    let rolled = t.ok(&["game", "act", &id, r#"{"type":"roll_move","unit":"us-marines","dice":[3,5]}"#]);
    assert!(rolled.contains("2D6+6 = 14 [3, 5] (typed)"), "{rolled}");

    let too_far = t.run(&["game", "act", &id, r#"{"type":"move","unit":"us-marines","path":[{"x":24,"y":30.75}]}"#]);
    assert_eq!(too_far.status.code(), Some(2));
    let reason = stderr(&too_far);
    assert!(reason.contains("move of 16.0\" exceeds the allowance of 14.0\""), "{reason}");
    assert!(reason.contains("Movement Chart"), "{reason}");

    let moved = t.ok(&["game", "act", &id, r#"{"type":"move","unit":"us-marines","path":[{"x":24,"y":24.75}]}"#]);
    assert!(moved.contains("moved 10.0\" (4.0\" left)"), "{moved}");
    let view = t.show(&id);
    let marines = unit(&view, "us-marines");
    assert_eq!(marines["figures"][0]["pos"]["y"], 24.75);
    assert_eq!(view["log"].as_array().unwrap().len(), 4, "the refused move recorded nothing");
}

#[test]
fn measure_range_to_a_target() {
    let t = Table::new();
    let id = t.new_wall_game();
    let m: serde_json::Value =
        serde_json::from_str(&t.ok(&["game", "measure", &id, "us-marines", "boxers-west", "--json"])).unwrap();
    let nearest = m["nearest"].as_f64().unwrap();
    // The marines on the wall's walk (y 14.75) to the Boxers' front rank (y 34).
    assert!((nearest - 19.25).abs() < 1e-9, "{m}");
    assert_eq!(m["weapon_range"], 24.0);
    assert_eq!(m["in_range"], true);
    let text = t.ok(&["game", "measure", &id, "boxers-west", "us-marines"]);
    assert!(text.contains("19.2\"") && text.contains("out of range of Musket (Boxers) (18\")"), "{text}");
}

#[test]
fn three_losses_and_one_undo_leave_one_back_and_the_log_shows_it() {
    let t = Table::new();
    let id = t.new_wall_game();
    for _ in 0..3 {
        t.ok(&["game", "act", &id, r#"{"type":"record_losses","unit":"us-marines","count":1}"#]);
    }
    assert_eq!(unit(&t.show(&id), "us-marines")["alive"], 7);
    let undo = t.ok(&["game", "undo", &id]);
    assert!(undo.contains("Undid: U.S. Marines lost 1 figure"), "{undo}");
    assert_eq!(unit(&t.show(&id), "us-marines")["alive"], 8);

    let md = t.ok(&["game", "log", &id, "--format", "md"]);
    assert!(md.contains("~~U.S. Marines lost 1 figure~~ (undone)"), "{md}");
    assert_eq!(md.matches("U.S. Marines lost 1 figure").count(), 4, "three losses and the undo line: {md}");
    let csv = t.ok(&["game", "log", &id, "--format", "csv"]);
    assert_eq!(csv.lines().count(), 5);
    assert!(csv.lines().nth(3).unwrap().contains(",true,"), "{csv}");
    let json: serde_json::Value = serde_json::from_str(&t.ok(&["game", "log", &id, "--format", "json"])).unwrap();
    assert_eq!(json.as_array().unwrap().len(), 4);
}

#[test]
fn odds_are_exact_and_apply_nothing() {
    let t = Table::new();
    let id = t.new_wall_game();
    let odds: serde_json::Value =
        serde_json::from_str(&t.ok(&["game", "odds", &id, r#"{"type":"roll_move","unit":"boxers-east"}"#, "--json"]))
            .unwrap();
    let outcomes = odds["outcomes"].as_array().unwrap();
    assert_eq!(outcomes.first().unwrap()["value"], 9);
    assert_eq!(outcomes.last().unwrap()["value"], 24);
    let p15 = outcomes.iter().find(|o| o["value"] == 15).unwrap()["p"].as_f64().unwrap();
    assert!((p15 - 25.0 / 216.0).abs() < 1e-12, "3D6 makes 9 in 25 ways of 216");
    assert_eq!(t.show(&id)["log"].as_array().unwrap().len(), 0);
    let no_dice = t.run(&["game", "odds", &id, r#"{"type":"note","text":"x"}"#, "--json"]);
    assert_eq!(no_dice.status.code(), Some(2));
}

#[test]
fn actions_read_from_stdin() {
    use std::io::Write;
    let t = Table::new();
    let id = t.new_wall_game();
    let mut child = t
        .cmd()
        .args(["game", "act", &id, "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(br#"{"type":"note","text":"Captain Myers leads the sortie"}"#).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("Captain Myers"));
}

#[test]
fn bad_action_json_and_unknown_games_are_bad_input() {
    let t = Table::new();
    let id = t.new_wall_game();
    let out = t.run(&["game", "act", &id, r#"{"type":"teleport"}"#]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("docs/actions.md"));
    let out = t.run(&["game", "show", "999"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("999"), "{}", stderr(&out));
}

#[test]
fn campaigns_gather_games_and_print_their_logs() {
    let t = Table::new();
    let campaign = t.ok(&["campaign", "new", "Summer 1900"]).trim().to_string();
    let out = t.ok(&["game", "new", "legation-wall", "--seed", "3", "--campaign", &campaign]);
    let id = out.lines().last().unwrap().trim().to_string();
    t.ok(&["game", "act", &id, r#"{"type":"note","text":"Evening one: the wall holds"}"#]);
    let record = t.ok(&["campaign", "show", &campaign]);
    assert!(record.contains("Summer 1900") && record.contains("Evening one: the wall holds"), "{record}");
    assert!(t.ok(&["campaign", "list"]).contains("Summer 1900\t1 games"));
}

#[test]
fn a_game_keeps_the_options_it_was_created_with() {
    let t = Table::new();
    let out = t.ok(&[
        "game",
        "new",
        "sand-pebbles/legation-wall",
        "--seed",
        "3",
        "--option",
        "melee_dice_per_8_figures=true",
    ]);
    let id = out.lines().last().unwrap().to_string();
    let view = t.show(&id);
    let option = |name: &str| view["options"].as_array().unwrap().iter().find(|o| o["name"] == name).unwrap().clone();
    assert_eq!(option("melee_dice_per_8_figures")["on"], true);
    assert_eq!(option("melee_dice_per_8_figures")["default"], false);
    assert_eq!(option("morale_cover_literal")["on"], false);

    let unknown = t.run(&["game", "new", "sand-pebbles/legation-wall", "--option", "free_beer=true"]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(stderr(&unknown).contains("no option \"free_beer\""), "{}", stderr(&unknown));
    let bad = t.run(&["game", "new", "sand-pebbles/legation-wall", "--option", "morale_cover_literal=maybe"]);
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn two_terminals_adding_notes_to_one_game_at_once_both_succeed() {
    let t = Table::new();
    let id = t.new_wall_game();
    std::thread::scope(|threads| {
        for terminal in 0..2 {
            let (t, id) = (&t, &id);
            threads.spawn(move || {
                for note in 0..12 {
                    let text = format!(r#"{{"type":"note","text":"terminal {terminal}, note {note}"}}"#);
                    t.ok(&["game", "act", id, &text]);
                }
            });
        }
    });
    assert_eq!(t.show(&id)["log_total"], 24);
}

/// `game show` tells a player what the table needs (facing, cover, the toss bonus) and never what a
/// hidden counter holds.
#[test]
fn game_show_gives_facing_cover_and_toss_and_keeps_hidden_counters_hidden() {
    let t = Table::new();
    let out = t.ok(&["game", "new", "scenarios/heliograph/jungle-patrol.toml", "--seed", "3"]);
    let id = out.lines().last().unwrap().trim().to_string();
    let shown = t.ok(&["game", "show", &id]);
    assert!(shown.contains("Toss bonus: U.S. patrol +0, Moros +0"), "{shown}");
    assert!(shown.contains("facing 90°, trail"), "{shown}");
    assert!(shown.contains("hidden counter 1"), "{shown}");
    for secret in ["north-band", "Datu's warriors", "12/12"] {
        assert!(!shown.contains(secret), "{secret} shown: {shown}");
    }
}

#[test]
fn a_note_beside_an_entry_is_written_and_listed_with_its_entry() {
    let t = Table::new();
    let id = t.new_wall_game();
    t.ok(&["game", "act", &id, r#"{"type":"initiative","dice":[6,2]}"#]);
    t.ok(&["game", "act", &id, r#"{"type":"note","text":"the wall is manned"}"#]);
    let written = t.ok(&["game", "annotate", &id, "1", "we forgot the Colt"]);
    assert!(written.contains("beside entry 1"), "{written}");
    let listed = t.ok(&["game", "annotations", &id]);
    assert!(
        listed.starts_with("#1 Note: the wall is manned\n    Note ") && listed.contains(": we forgot the Colt"),
        "{listed}"
    );

    let past_the_end = t.run(&["game", "annotate", &id, "2", "too late"]);
    assert_eq!(past_the_end.status.code(), Some(2));
    assert!(stderr(&past_the_end).contains("has entries 0 to 1, not 2"), "{}", stderr(&past_the_end));
    let empty = t.run(&["game", "annotate", &id, "0", "  "]);
    assert_eq!(empty.status.code(), Some(2));
    assert!(stderr(&empty).contains("a note needs some words"), "{}", stderr(&empty));
    let log = t.ok(&["game", "log", &id]);
    assert!(log.contains("the wall is manned") && !log.contains("forgot the Colt"), "a note is not an entry: {log}");
}
