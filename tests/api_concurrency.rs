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
                    api.act(game, note).await.unwrap();
                }
            }));
        }
    }
    for device in devices {
        device.await.unwrap();
    }

    let reopened = Api::open(&db).await.unwrap();
    for game in [first, second] {
        let live = api.game_log(game, None, None).await.unwrap();
        let stored = reopened.game_log(game, None, None).await.unwrap();
        assert_eq!(live.len(), 40, "game {game}: every tap recorded once");
        assert_eq!(serde_json::to_value(&live).unwrap(), serde_json::to_value(&stored).unwrap());
        for device in 0..8 {
            let taps: Vec<String> = live
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

/// Two processes on one database file (here two `Api`s, each with its own connections, as two CLI runs
/// or an app and a terminal have): neither queues behind the other, so their writes race in SQLite, and
/// an action that loses the race is checked again and stored instead of failing "changed under you".
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_writing_one_game_both_land_every_note_and_roll() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("table.db");
    let first = Arc::new(Api::open(&db).await.unwrap());
    let second = Arc::new(Api::open(&db).await.unwrap());
    let game = first.new_game("legation-wall".into(), Some("3".into()), None, None).await.unwrap().id;

    let mut writers = Vec::new();
    for (process, api) in [first.clone(), second.clone()].into_iter().enumerate() {
        writers.push(tokio::spawn(async move {
            for tap in 0..30 {
                api.act(game, Action::Note { text: format!("process {process}, note {tap}") }).await.unwrap();
                let roll = Action::Roll { expr: "1D6".into(), dice: None, label: Some(format!("process {process}")) };
                api.act(game, roll).await.unwrap();
            }
        }));
    }
    for writer in writers {
        writer.await.unwrap();
    }

    let reopened = Api::open(&db).await.unwrap();
    let stored = reopened.game_log(game, None, None).await.unwrap();
    assert_eq!(stored.len(), 120, "every note and roll of both processes recorded once");
    for process in 0..2 {
        let notes: Vec<&str> = stored
            .iter()
            .filter_map(|e| e.text.strip_prefix("Note: "))
            .filter(|t| t.starts_with(&format!("process {process},")))
            .collect();
        let expected: Vec<String> = (0..30).map(|tap| format!("process {process}, note {tap}")).collect();
        assert_eq!(notes, expected, "process {process}'s notes in its order");
    }
    for api in [first, second] {
        let live = api.game_log(game, None, None).await.unwrap();
        assert_eq!(serde_json::to_value(&live).unwrap(), serde_json::to_value(&stored).unwrap());
    }
}

/// The CLI acting while tablets write to the same game through the server: the CLI's process replays the
/// whole log whenever another wrote, and used to lose the race every time (12 tries, then "try again").
/// Now it waits its turn for the database's write lock and lands every action.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_process_acting_among_fast_writers_waits_its_turn_and_lands() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("table.db");
    let server = Arc::new(Api::open(&db).await.unwrap());
    let game = server.new_game("legation-wall".into(), Some("3".into()), None, None).await.unwrap().id;
    for n in 0..300 {
        server.act(game, Action::Note { text: format!("before {n}") }).await.unwrap();
    }
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let mut tablets = Vec::new();
    for tablet in 0..3 {
        let (server, stop) = (server.clone(), stop.clone());
        tablets.push(tokio::spawn(async move {
            let mut n = 0;
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                server.act(game, Action::Note { text: format!("tablet {tablet}, {n}") }).await.unwrap();
                n += 1;
            }
        }));
    }
    let cli = Api::open(&db).await.unwrap();
    for n in 0..10 {
        cli.act(game, Action::Note { text: format!("cli {n}") }).await.unwrap_or_else(|e| panic!("cli {n}: {e}"));
    }
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    for tablet in tablets {
        tablet.await.unwrap();
    }
    let log = Api::open(&db).await.unwrap().game_log(game, None, None).await.unwrap();
    let cli_notes = log.iter().filter(|e| e.text.starts_with("Note: cli ")).count();
    assert_eq!(cli_notes, 10, "every one of the CLI's actions landed, once");
}
