//! Several devices acting at once through one `Api`, as `sandtable serve` runs it: actions on one game
//! queue behind each other and each lands once, in order; actions on different games proceed side by
//! side; what the app holds in memory is what the store holds.

use std::sync::Arc;

use sandtable::api::Api;
use sandtable::game::Action;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_actions_on_two_games_all_land_once_and_in_order() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("table.db");
    let api = Arc::new(Api::open(&db).await.unwrap());
    let first = api.new_game("legation-wall".into(), Some("1".into()), None, None).await.unwrap().id;
    let second = api.new_game("jungle-patrol".into(), Some("2".into()), None, None).await.unwrap().id;

    let mut devices = Vec::new();
    for device in 0..8 {
        for game in [first, second] {
            let api = api.clone();
            devices.push(tokio::spawn(async move {
                for tap in 0..5 {
                    let note = Action::Note { text: format!("device {device}, tap {tap}") };
                    api.game_act(game, note).await.unwrap();
                }
            }));
        }
    }
    for device in devices {
        device.await.unwrap();
    }

    let reopened = Api::open(&db).await.unwrap();
    for game in [first, second] {
        let live = api.game_view(game).await.unwrap();
        let stored = reopened.game_view(game).await.unwrap();
        assert_eq!(live.log.len(), 40, "game {game}: every tap recorded once");
        assert_eq!(serde_json::to_value(&live.log).unwrap(), serde_json::to_value(&stored.log).unwrap());
        for device in 0..8 {
            let taps: Vec<String> = live
                .log
                .iter()
                .filter_map(|entry| {
                    entry.text.find(&format!("device {device},")).map(|at| entry.text[at..].to_string())
                })
                .collect();
            let expected: Vec<String> = (0..5).map(|tap| format!("device {device}, tap {tap}")).collect();
            assert_eq!(taps, expected, "game {game}: device {device}'s taps in the order it made them");
        }
    }
}
