//! A game view carries only the newest stretch of the log, so an action's answer stays the same size however
//! long the evening has run; the log panel pages back through the rest on demand.

use sandtable::api::{Api, LOG_WINDOW};
use sandtable::game::Action;

async fn game_with_notes(api: &Api, notes: usize) -> i64 {
    let id = api.new_game("legation-wall".into(), Some("3".into()), None, None).await.unwrap().id;
    for n in 0..notes {
        api.act(id, Action::Note { text: format!("note {n}") }).await.unwrap();
    }
    id
}

#[tokio::test]
async fn the_view_carries_the_newest_entries_and_the_count_of_all() {
    let dir = tempfile::tempdir().unwrap();
    let api = Api::open(&dir.path().join("t.db")).await.unwrap();
    let id = game_with_notes(&api, 100).await;
    let view = api.game_view(id).await.unwrap();
    assert_eq!(view.log_total, 100);
    assert_eq!(view.log.len(), LOG_WINDOW);
    let seqs: Vec<u32> = view.log.iter().map(|e| e.seq).collect();
    assert_eq!(seqs, (100 - LOG_WINDOW as u32..100).collect::<Vec<_>>(), "the newest, oldest first");
}

#[tokio::test]
async fn the_log_pages_back_from_any_entry() {
    let dir = tempfile::tempdir().unwrap();
    let api = Api::open(&dir.path().join("t.db")).await.unwrap();
    let id = game_with_notes(&api, 100).await;
    let page = api.game_log(id, Some(60), Some(20)).await.unwrap();
    assert_eq!(page.iter().map(|e| e.seq).collect::<Vec<_>>(), (40..60).collect::<Vec<_>>());
    assert_eq!(page[0].text, "Note: note 40");
    let first = api.game_log(id, Some(5), Some(20)).await.unwrap();
    assert_eq!(first.len(), 5, "the start of the log is where paging stops");
    assert_eq!(api.game_log(id, None, None).await.unwrap().len(), 100);
}

#[tokio::test]
async fn an_actions_answer_does_not_grow_with_the_log() {
    let dir = tempfile::tempdir().unwrap();
    let api = Api::open(&dir.path().join("t.db")).await.unwrap();
    let id = game_with_notes(&api, 50).await;
    let early = serde_json::to_vec(&api.act(id, Action::Note { text: "n".into() }).await.unwrap()).unwrap().len();
    for n in 0..450 {
        api.act(id, Action::Note { text: format!("n{n}") }).await.unwrap();
    }
    let late = serde_json::to_vec(&api.act(id, Action::Note { text: "n".into() }).await.unwrap()).unwrap().len();
    assert!(late <= early + 400, "{early} bytes at 51 entries, {late} at 502");
    assert!(late <= 16 * 1024, "an action's answer is {late} bytes");
}
