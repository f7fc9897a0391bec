//! The luck ledger from the command line: a game's and a campaign's, as a table to read and as JSON.
mod common;

use common::Table;

#[test]
fn a_game_and_its_campaign_print_their_ledgers() {
    let t = Table::new();
    let campaign = t.ok(&["campaign", "new", "Peking"]).trim().to_string();
    let out = t.ok(&["game", "new", "legation-wall", "--seed", "7", "--campaign", &campaign]);
    let id = out.lines().last().unwrap().trim().to_string();
    t.ok(&["game", "act", &id, r#"{"type":"initiative","dice":[6,2]}"#]);
    t.ok(&["game", "act", &id, r#"{"type":"choose_order","first":"allies"}"#]);
    t.ok(&["game", "act", &id, r#"{"type":"roll_move","unit":"us-marines","dice":[6,6]}"#]);

    let text = t.ok(&["game", "ledger", &id]);
    assert!(text.contains("Legation Guard"), "{text}");
    // 2D6+6 came 18 of an expected 13, spread 2.4; 1 in 36 throws does this well.
    let line = text.lines().find(|l| l.contains("movement inches")).unwrap();
    let cells: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(cells[2..8], ["1", "13.0", "18", "+5.0", "2.4", "2.8%"], "{line}");
    assert!(line.ends_with("lucky: 1 game in 36 does this well"), "{line}");

    let json: serde_json::Value = serde_json::from_str(&t.ok(&["game", "ledger", &id, "--json"])).unwrap();
    // The movement roll's entry (the initiative's wins are counted too, in an entry of their own).
    let moved = json["entries"].as_array().unwrap().iter().find(|e| e["measure"] == "movement inches").unwrap();
    assert_eq!((&moved["seq"], &moved["actual"]), (&serde_json::json!(2), &serde_json::json!(18)));

    let text = t.ok(&["campaign", "ledger", &campaign]);
    assert!(text.starts_with("Luck ledger: Peking (1 game)"), "{text}");
    assert!(text.contains("lucky: 1 campaign in 36 does this well"), "{text}");
    let missing = t.run(&["campaign", "ledger", "999"]);
    assert_eq!(missing.status.code(), Some(2), "{}", common::stderr(&missing));
}
