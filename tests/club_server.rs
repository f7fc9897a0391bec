//! Two servers on one PostgreSQL database act as one (a club's server): an entry made through one is heard
//! live by the other's devices, the other never answers from the copy it kept before, and their actions
//! on one game interleave without losing or doubling an entry. Runs on the test suite's PostgreSQL pass
//! (tools/test-all.sh starts a throwaway cluster and sets `SANDTABLE_TEST_POSTGRES`).

use std::sync::Arc;
use std::time::Duration;

use sandtable::api::Api;
use sandtable::game::Action;

mod common;

async fn club_database() -> Option<String> {
    common::postgres::new_database("club").await
}

fn note(text: &str) -> Action {
    Action::Note { text: text.to_string() }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_servers_on_one_database_hear_each_other_and_never_answer_from_an_old_copy() {
    let Some(address) = club_database().await else {
        eprintln!("skipped here: the PostgreSQL pass of tools/test-all.sh runs it");
        return;
    };
    let first = Arc::new(Api::open_address(&address).await.unwrap());
    let second = Arc::new(Api::open_address(&address).await.unwrap());
    tokio::spawn(first.clone().follow_other_servers());
    let game = first.new_game("legation-wall".into(), Some("7".into()), None, None).await.unwrap().id;
    first.act(game, note("made on the first")).await.unwrap();
    assert_eq!(first.game_view(game).await.unwrap().log_total, 1, "the first keeps its game in memory");
    // The first's listener connects on its own task: time to be listening before the second speaks.
    tokio::time::sleep(Duration::from_millis(500)).await;

    let mut watching = first.watch();
    second.act(game, note("made on the second")).await.unwrap();
    let heard = tokio::time::timeout(Duration::from_secs(5), watching.recv())
        .await
        .expect("the first's devices hear the second's entry live")
        .unwrap();
    assert_eq!((heard.game, heard.total), (game, 2));
    assert!(serde_json::to_string(&heard.entry).unwrap().contains("made on the second"), "{heard:?}");
    assert_eq!(first.game_view(game).await.unwrap().log_total, 2, "not the copy the first kept");

    // Both at once, many times: every entry once, each server's in its own order.
    let (a, b) = (first.clone(), second.clone());
    let one = tokio::spawn(async move {
        for n in 0..20 {
            a.act(game, note(&format!("first {n}"))).await.unwrap();
        }
    });
    let two = tokio::spawn(async move {
        for n in 0..20 {
            b.act(game, note(&format!("second {n}"))).await.unwrap();
        }
    });
    one.await.unwrap();
    two.await.unwrap();
    let log = second.game_log(game, None, Some(100)).await.unwrap();
    assert_eq!(log.len(), 42, "every entry once");
    let texts: Vec<String> = log.iter().map(|e| serde_json::to_string(e).unwrap()).collect();
    for who in ["first", "second"] {
        let order: Vec<usize> = (0..20)
            .map(|n| texts.iter().position(|t| t.contains(&format!("{who} {n}\""))).expect("the entry is in the log"))
            .collect();
        assert!(order.windows(2).all(|w| w[0] < w[1]), "{who}'s entries in its order: {order:?}");
    }
    assert_eq!(first.game_view(game).await.unwrap().log_total, 42);
}
