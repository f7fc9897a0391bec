//! An action's answer on a game 10,000 entries long, on every shipped scenario: how big it is (the change
//! a device applies; issue 36's goal: under 8 KiB) and how long it takes over loopback (goal: p50 under
//! 2 ms). The long logs are made as a game file and imported, in one go, rather than acted one by one.

use std::time::{Duration, Instant};

use sandtable::api::{Api, Device, as_device};
use sandtable::rules::Seat;
use serde_json::{Value, json};

use crate::http;

const ENTRIES: usize = 10_000;
const ACTIONS: usize = 200;
const TARGET_BYTES: usize = 8 * 1024;
const TARGET_P50: Duration = Duration::from_millis(2);

pub async fn every_scenario(api: &Api, addr: std::net::SocketAddr) {
    println!("\nOne device, {ACTIONS} notes on a game {ENTRIES} entries long, loopback HTTP");
    println!("| scenario | largest answer | p50 | p95 | answer < 8 KiB, p50 < {} ms |", TARGET_P50.as_millis());
    println!("|---|---|---|---|---|");
    for shipped in sandtable::scenario::shipped_scenarios() {
        // The game file is the host's referee's to export.
        let referee = Device { seat: Seat::Referee, may_referee: true, club: None };
        let game = as_device(referee, long_game(api, shipped.path)).await;
        let mut device = http::Connection::open(addr).await;
        let (mut latencies, mut largest) = (Vec::with_capacity(ACTIONS), 0);
        for n in 0..ACTIONS {
            let action = json!({ "type": "note", "text": format!("note {n}") });
            let asked = Instant::now();
            let (_, bytes) = device.post_sized("game_act", &json!({ "id": game, "action": action })).await;
            latencies.push(asked.elapsed());
            largest = largest.max(bytes);
        }
        latencies.sort();
        let at = |q: f64| crate::quantile(&latencies, q);
        let ms = |d: Duration| format!("{:.2} ms", d.as_secs_f64() * 1e3);
        let met = largest < TARGET_BYTES && at(0.5) < TARGET_P50;
        println!(
            "| {} | {largest} B | {} | {} | {} |",
            shipped.path,
            ms(at(0.5)),
            ms(at(0.95)),
            if met { "yes" } else { "NO" }
        );
    }
}

/// A new game of `scenario` whose log is `ENTRIES` notes long.
async fn long_game(api: &Api, scenario: &str) -> i64 {
    let game = api.new_game(scenario.to_string(), Some("7".into()), None, None).await.unwrap().id;
    api.act(game, serde_json::from_value(json!({ "type": "note", "text": "note" })).unwrap()).await.unwrap();
    let mut file: Value = serde_json::from_str(&api.export_game(game).await.unwrap()).unwrap();
    let note = file["events"][0].clone();
    file["events"] = (0..ENTRIES)
        .map(|n| {
            let mut event = note.clone();
            event["action"]["text"] = json!(format!("note {n}"));
            event["outcome"]["text"] = json!(format!("note {n}"));
            event
        })
        .collect();
    api.import_game(file.to_string()).await.unwrap().id
}
