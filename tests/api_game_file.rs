//! A game shared as a file: exported, imported into another database, and replayed there to the same
//! table, log and dice; a file that is not a game, is newer, or does not replay is refused and nothing is
//! stored.

use sandtable::api::{Api, GameView};
use sandtable::game::Action;
use serde_json::{Value, json};

async fn api() -> (tempfile::TempDir, Api) {
    let dir = tempfile::tempdir().unwrap();
    let api = Api::open(&dir.path().join("table.db")).await.unwrap();
    (dir, api)
}

fn action(v: Value) -> Action {
    serde_json::from_value(v).unwrap()
}

/// What must come back the same: every unit figure by figure, the log with its dice, and where the turn
/// stands.
fn table_of(view: &GameView) -> Value {
    json!({ "units": view.units, "log": view.log, "total": view.log_total, "headline": view.headline, "turn": view.turn })
}

#[tokio::test]
async fn an_exported_game_imports_elsewhere_and_replays_to_the_same_table() {
    let (_a, home) = api().await;
    let id = home.new_game("legation-wall".into(), Some("5".into()), None, None).await.unwrap().id;
    home.act(id, action(json!({"type": "initiative", "dice": [5, 2]}))).await.unwrap();
    home.act(id, action(json!({"type": "note", "text": "the wall holds"}))).await.unwrap();
    home.act(id, action(json!({"type": "undo"}))).await.unwrap();
    home.act(id, action(json!({"type": "roll", "expr": "2D6"}))).await.unwrap();
    home.rename_game(id, "Tuesday at the club".into()).await.unwrap();
    let played = home.game_view(id).await.unwrap();

    let file = home.export_game(id).await.unwrap();
    let (_b, away) = api().await;
    let imported = away.import_game(file.clone()).await.unwrap();
    assert_eq!((imported.name.as_str(), imported.event_count), ("Tuesday at the club", 4));
    let replayed = away.game_view(imported.id).await.unwrap();
    assert_eq!(table_of(&replayed), table_of(&played), "the same table, log and dice");
    assert_eq!(replayed.seed, played.seed);
    // And the imported game plays on from there.
    away.act(imported.id, action(json!({"type": "note", "text": "played on"}))).await.unwrap();
    // Exported again, it is the same file but for what was played since.
    assert!(away.export_game(imported.id).await.unwrap().len() > file.len());
}

#[tokio::test]
async fn a_bad_or_newer_file_is_refused_and_nothing_is_stored() {
    let (_a, api) = api().await;
    let id = api.new_game("cotta-assault".into(), Some("3".into()), None, None).await.unwrap().id;
    api.act(id, action(json!({"type": "note", "text": "first"}))).await.unwrap();
    // The umpire's count is kept from the whole table: the file, which holds it, is the referee's.
    api.choose_seat(sandtable::rules::Seat::Referee).await.unwrap();
    let good: Value = serde_json::from_str(&api.export_game(id).await.unwrap()).unwrap();
    let with = |f: &dyn Fn(&mut Value)| {
        let mut file = good.clone();
        f(&mut file);
        file.to_string()
    };
    let cases = [
        ("not JSON at all".to_string(), "does not read as JSON"),
        (json!({"format": 999, "garbage": true}).to_string(), "not a Sandtable game file"),
        (with(&|f| f["format"] = json!(2)), "written by a newer Sandtable (format 2"),
        (with(&|f| f["scenario"] = json!("[scenario]\nsystem = \"nothing-we-know\"")), "holds a scenario"),
        (with(&|f| f["system"] = json!("heliograph-2")), "says it is heliograph-2"),
        (with(&|f| f["seed"] = json!("-4")), "seed \"-4\""),
        (with(&|f| f["events"][0] = json!({"action": 7})), "entry 0 that does not read"),
        (with(&|f| f["options"] = json!({"no_such_ruling": true})), "options that do not fit"),
    ];
    for (text, says) in cases {
        let err = api.import_game(text).await.unwrap_err();
        assert!(err.is_users(), "{err:?}");
        assert!(err.message.contains(says) && err.message.contains("nothing was imported"), "{says}: {}", err.message);
    }
    assert_eq!(api.list_games(None).await.unwrap().len(), 1, "no refused file left a game behind");
}

#[tokio::test]
async fn a_game_is_read_back_at_any_entry_as_the_table_stood_then() {
    let (_a, api) = api().await;
    let id = api.new_game("legation-wall".into(), Some("5".into()), None, None).await.unwrap().id;
    api.act(id, action(json!({"type": "initiative", "dice": [5, 2]}))).await.unwrap();
    let after_first = api.game_view(id).await.unwrap();
    api.act(id, action(json!({"type": "record_losses", "unit": "us-marines", "count": 2}))).await.unwrap();
    api.act(id, action(json!({"type": "undo"}))).await.unwrap();
    api.act(id, action(json!({"type": "record_losses", "unit": "us-marines", "count": 3}))).await.unwrap();

    let then = api.game_view_at(id, 0).await.unwrap();
    assert_eq!(table_of(&then), table_of(&after_first), "after entry 0, as it stood then");
    let alive = |v: &GameView| v.units.iter().find(|u| u.id == "us-marines").unwrap().alive;
    let full = alive(&then);
    assert_eq!(alive(&api.game_view_at(id, 1).await.unwrap()), full - 2);
    assert_eq!(alive(&api.game_view_at(id, 2).await.unwrap()), full, "the undo is in the story too");
    assert_eq!(alive(&api.game_view_at(id, 3).await.unwrap()), full - 3);
    assert!(api.game_view_at(id, 4).await.unwrap_err().message.contains("entries 0 to 3"));
    assert_eq!(api.game_view(id).await.unwrap().log_total, 4, "reading back changed nothing");
}
