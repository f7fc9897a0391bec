//! The campaign record on the command line: players, a battle's record, the roster, closing a battle and
//! carrying a unit into the next one, through the real binary and a real SQLite file.

mod common;

use common::Table;

fn last_line(out: &str) -> String {
    out.lines().last().unwrap().trim().to_string()
}

#[test]
fn a_campaign_is_kept_from_the_command_line() {
    let t = Table::new();
    let campaign = last_line(&t.ok(&["campaign", "new", "Lake Lanao"]));
    assert_eq!(t.ok(&["campaign", "players", &campaign, "Ann", "Bob"]).trim(), "Ann, Bob");
    let first = last_line(&t.ok(&["game", "new", "cotta-assault", "--seed", "3", "--campaign", &campaign]));
    let roster = t.ok(&["campaign", "enlist", &first, "company-a"]);
    assert!(roster.contains("Company A (U.S. column, U.S. Infantry, Heliograph): raised 10 figures"), "{roster}");
    t.ok(&["game", "act", &first, r#"{"type":"record_losses","unit":"company-a","count":4}"#]);
    let line = t.ok(&["game", "record", &first, "--date", "2026-11-20", "--result", "Repulsed", "--winner", "moros"]);
    assert!(line.contains("2026-11-20") && line.contains("U.S. column 4/26"), "{line}");

    let roster = t.ok(&["campaign", "close-battle", &first, "--rule", "half", "--set", "company-a=9"]);
    assert!(roster.contains("started 10, lost 4, ended 6, next 9 (set)"), "{roster}");
    let out = t.run(&["campaign", "close-battle", &first, "--rule", "most"]);
    assert_eq!(out.status.code(), Some(2));

    let second = t.ok(&[
        "game",
        "new",
        "cotta-assault",
        "--seed",
        "4",
        "--campaign",
        &campaign,
        "--carry",
        "Company A=company-b",
    ]);
    let second = last_line(&second);
    let table = t.ok(&["game", "show", &second]);
    assert!(table.lines().any(|l| l.contains("company-b") && l.contains(" 9/9 ")), "{table}");
    let out = t.run(&["game", "new", "zulu-war", "--campaign", &campaign, "--carry", "Company A=anything"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no unit can carry figures"));

    let show = t.ok(&["campaign", "show", &campaign]);
    assert!(show.contains("Players: Ann, Bob"), "{show}");
    assert!(show.contains("| 2026-11-20 | Assault on the Cotta | Heliograph |"), "{show}");
    assert!(show.contains("U.S. column 4/26 · Moros of the cotta 0/26"), "{show}");
    let roster = t.ok(&["campaign", "roster", &campaign]);
    assert!(
        roster.contains(&format!("game {second} Assault on the Cotta as Company B: started 9, not closed")),
        "{roster}"
    );
}
