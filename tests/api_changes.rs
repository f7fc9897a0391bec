//! An action's answer is what it changed in the view the asking seat held (`ViewChange`), named by the
//! versions it goes from and to: a device holding the first applies it and holds the view it would be sent
//! whole; a device holding any other (the game renamed, an entry missed) can tell, and reads it whole.

use sandtable::api::{Api, GameView};
use sandtable::game::Action;
use serde_json::Value;

async fn opened() -> (tempfile::TempDir, Api, i64) {
    let dir = tempfile::tempdir().unwrap();
    let api = Api::open(&dir.path().join("t.db")).await.unwrap();
    let id = api.new_game("legation-wall".into(), Some("3".into()), None, None).await.unwrap().id;
    (dir, api, id)
}

fn json(view: &GameView) -> Value {
    serde_json::to_value(view).unwrap()
}

#[tokio::test]
async fn each_answer_made_on_the_view_held_is_the_view_sent_whole() {
    let (_dir, api, id) = opened().await;
    let mut held = json(&api.game_view(id).await.unwrap());
    let actions = [
        Action::Note { text: "first".into() },
        Action::Note { text: "second".into() },
        Action::Undo {},
        Action::Redo {},
        Action::Undo {},
    ];
    for action in actions {
        let change = api.game_act(id, action.clone()).await.unwrap();
        assert_ne!(change.from, change.to, "{action:?} changed the view");
        held = change.apply(&held).unwrap_or_else(|e| panic!("{action:?}: {e}"));
        assert_eq!(held, json(&api.game_view(id).await.unwrap()), "after {action:?}");
    }
    // Small, whatever the view: a note's entry and what moved with it, not the table.
    let change = api.game_act(id, Action::Note { text: "third".into() }).await.unwrap();
    let (bytes, whole) = (serde_json::to_string(&change).unwrap().len(), held.to_string().len());
    assert!(bytes * 4 < whole, "a note's answer is {bytes} bytes, the whole view {whole}");
}

#[tokio::test]
async fn a_device_holding_another_version_is_told_so() {
    let (_dir, api, id) = opened().await;
    let held = json(&api.game_view(id).await.unwrap());
    // Renamed on another device: the view changes without an entry, and the next answer starts from it.
    api.rename_game(id, "The wall, again".into()).await.unwrap();
    let change = api.game_act(id, Action::Note { text: "after the rename".into() }).await.unwrap();
    assert_ne!(change.from, held["version"].as_str().unwrap());
    assert!(change.apply(&held).is_err(), "a change for another version is refused, not half made");
    let whole = api.game_view(id).await.unwrap();
    assert_eq!(whole.version, change.to, "the view read whole is the one the change makes");
    assert_eq!(whole.name, "The wall, again");
}

#[tokio::test]
async fn a_view_built_again_has_the_same_version() {
    let (dir, api, id) = opened().await;
    api.act(id, Action::Note { text: "a note".into() }).await.unwrap();
    let first = api.game_view(id).await.unwrap();
    assert!(!first.version.is_empty());
    assert_eq!(api.game_view(id).await.unwrap().version, first.version);
    // Opened by another process from the store, the same game is the same view, under the same version.
    let other = Api::open(&dir.path().join("t.db")).await.unwrap();
    assert_eq!(json(&other.game_view(id).await.unwrap()), json(&first));
}
