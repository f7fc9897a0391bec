//! Devices acting on one game at once: the actions waiting for the game's turn are served together, each
//! for the seat it came from, and stored in one write. Each lands once, in the order it arrived; a refused
//! one is answered with its own refusal and the others still land; every answer is made for its own seat.

use std::sync::Arc;
use std::time::Duration;

use sandtable::api::{Api, ApiError, Device, ViewChange, as_device};
use sandtable::rules::Seat;
use serde_json::{Value, json};

fn at(seat: Seat) -> Device {
    Device { may_referee: seat == Seat::Referee, seat, club: None }
}

fn note(text: &str) -> Value {
    json!({"type": "note", "text": text})
}

/// What the Moros' hidden band is, never to be sent to the U.S. side's tablet.
const HIDDEN: [&str; 6] =
    ["Juramentado", "Moro riflemen", "Moro warriors", "moro_warriors", "south-band", "north-band"];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn actions_waiting_for_one_game_are_stored_together_and_each_answered_for_its_own_seat() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("table.db");
    let api = Arc::new(Api::open(&db).await.unwrap());
    let (referee, us, moros) = (at(Seat::Referee), at(Seat::Side("us".into())), at(Seat::Side("moros".into())));
    let id = as_device(referee.clone(), async {
        let id = api.new_game("heliograph/jungle-patrol.toml".into(), Some("3".into()), None, None).await.unwrap().id;
        for action in [json!({"type": "initiative", "dice": [1, 6]}), json!({"type": "activate", "unit": "south-band"})]
        {
            api.act(id, serde_json::from_value(action).unwrap()).await.unwrap();
        }
        id
    })
    .await;
    let act = |device: Device, action: Value| {
        let api = api.clone();
        tokio::spawn(as_device(device, async move { api.game_act(id, serde_json::from_value(action).unwrap()).await }))
    };

    // The database's write lock, held from outside, keeps the first action waiting for the disk with the
    // game's turn held, while the others arrive and wait for the turn.
    // A U.S. tablet watching the game live, holding its view as it was sent.
    let mut watching = api.watch();
    let mut us_sent = as_device(us.clone(), api.sent_view(id)).await.unwrap();
    let mut us_held = us_sent.json.clone();
    let lock = api.store().write_turn().await.unwrap();
    let first = act(referee.clone(), note("first"));
    tokio::time::sleep(Duration::from_millis(150)).await;
    let mut waiting = Vec::new();
    for (device, action) in [
        (us.clone(), note("from the U.S. side")),
        // A hidden unit's real id, from the side that may not know it: refused as any stranger's.
        (us.clone(), json!({"type": "activate", "unit": "riflemen"})),
        (moros.clone(), note("from the Moros")),
        (referee.clone(), note("from the referee")),
    ] {
        waiting.push(act(device, action));
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
    drop(lock);

    let first: ViewChange = first.await.unwrap().unwrap();
    let mut answers: Vec<Result<ViewChange, ApiError>> = Vec::new();
    for answer in waiting {
        answers.push(answer.await.unwrap());
    }
    let whole = |device: Device| {
        let api = api.clone();
        as_device(device, async move { api.game_view(id).await.unwrap() })
    };
    let (us_now, moros_now, referee_now) = (whole(us.clone()).await, whole(moros.clone()).await, whole(referee).await);

    let texts: Vec<String> = referee_now.log.iter().rev().take(4).rev().map(|e| e.text.clone()).collect();
    assert_eq!(
        texts,
        ["Note: first", "Note: from the U.S. side", "Note: from the Moros", "Note: from the referee"],
        "each landed once, in the order it arrived; the refused one not at all"
    );
    let [us_note, refused, moros_note, referee_note] = answers.try_into().unwrap();
    let (us_note, moros_note, referee_note) = (us_note.unwrap(), moros_note.unwrap(), referee_note.unwrap());
    // Served together: the U.S. note's answer already holds what the Moros and the referee did after it,
    // and each waiting answer is a change of the view as the first action left it.
    assert_eq!(us_note.to, us_now.version, "the U.S. tablet is answered with the game after the whole turn");
    assert_eq!(moros_note.to, moros_now.version);
    assert_eq!(
        (referee_note.from.as_str(), referee_note.to.as_str()),
        (first.to.as_str(), referee_now.version.as_str())
    );
    assert_ne!(us_now.version, moros_now.version, "each seat has its own view");
    // Each answer names its own entry, which is not the newest for all but the last.
    let made = |change: &ViewChange| {
        let seq = change.made.expect("an action's answer names the entry it made");
        referee_now.log.iter().find(|e| e.seq == seq).map(|e| e.text.clone()).unwrap()
    };
    assert_eq!(made(&us_note), "Note: from the U.S. side");
    assert_eq!(made(&moros_note), "Note: from the Moros");
    assert_eq!(made(&first), "Note: first");

    let refused = refused.expect_err("a hidden unit's real id names no unit for the U.S. side");
    let sent_to_us = serde_json::to_string(&(&us_note, &refused)).unwrap();
    for secret in HIDDEN {
        assert!(!sent_to_us.contains(secret), "the U.S. side was sent {secret:?}: {sent_to_us}");
    }
    let sent_to_moros = serde_json::to_string(&moros_note).unwrap() + &serde_json::to_string(&moros_now).unwrap();
    assert!(sent_to_moros.contains("Juramentado"), "the Moros know their own band");

    // Live, each entry is worded for the U.S. side and its change followed; those heard after the first of
    // the turn change nothing, and the tablet ends holding the view it would read whole.
    while let Ok(heard) = watching.try_recv() {
        let (entry, now, change) = as_device(us.clone(), api.heard(id, heard.entry, Some(&us_sent))).await.unwrap();
        let said = serde_json::to_string(&(&entry, &change)).unwrap();
        for secret in HIDDEN {
            assert!(!said.contains(secret), "the U.S. side's stream was sent {secret:?}: {said}");
        }
        us_held = change.unwrap().apply(&us_held).unwrap();
        us_sent = now;
        let held_log = us_held["log"].as_array().unwrap();
        assert!(
            held_log.iter().any(|e| e["seq"] == entry.seq),
            "entry {} is in the view held once it is heard",
            entry.seq
        );
    }
    assert_eq!(us_held, serde_json::to_value(&us_now).unwrap(), "the watching tablet holds the view sent whole");

    let reopened = Api::open(&db).await.unwrap();
    let stored = as_device(at(Seat::Referee), reopened.game_log(id, None, None)).await.unwrap();
    assert_eq!(
        serde_json::to_value(&stored).unwrap(),
        serde_json::to_value(&referee_now.log).unwrap(),
        "what the devices were answered is what the file holds"
    );
}
