//! Devices at one table, over loopback HTTP against `sandtable serve`'s router and a real SQLite file:
//! eight devices acting on one game (2,000 actions), with a ninth watching its live stream, then eight
//! games with one device each; then one device on a game 10,000 entries long in every shipped scenario
//! (`long.rs`). Issue 36's target: p99 of `game_act` under 10 ms with eight devices (issue 17's was 50 ms);
//! the table-mode issue's: no action lost or recorded twice, and every entry heard live once, in order
//! (checked, not timed). A bench binary rather than criterion, because what matters is the latency spread under
//! contention, not one call's mean. Run: `cargo bench --bench load`.

mod http;
mod live;
mod long;

use std::sync::Arc;
use std::time::{Duration, Instant};

use sandtable::api::Api;
use serde_json::{Value, json};

const DEVICES: usize = 8;
/// 2,000 actions on one game in all, the table-mode issue's load.
const ACTIONS_PER_DEVICE: usize = 250;
const TARGET_P99: Duration = Duration::from_millis(10);

fn main() {
    // The server on a runtime of its own, as `sandtable serve` has, and the devices on another thread: a
    // device's next request then never waits in the server's queue behind the server's own work, as one
    // on a tablet does not (they still share the machine's two cores, as a process beside it would).
    let server = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let (api, addr) = server.block_on(async {
        let api = Arc::new(Api::open(&dir.path().join("load.db")).await.unwrap());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let access = Arc::new(sandtable::serve::TableAccess::new(addr, &[], sandtable::serve::new_code()));
        let app = sandtable::serve::router(api.clone(), access, None)
            .into_make_service_with_connect_info::<std::net::SocketAddr>();
        tokio::spawn(axum::serve(listener, app).into_future());
        (api, addr)
    });
    let devices = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    devices.block_on(async {
        println!("{DEVICES} devices, {ACTIONS_PER_DEVICE} actions each (notes and free rolls, alternating), loopback HTTP, SQLite synchronous=FULL");
        println!("| case | actions | p50 | p95 | p99 | max | actions/s | p99 < {} ms |", TARGET_P99.as_millis());
        println!("|---|---|---|---|---|---|---|---|");
        let one_game = new_game(addr, "legation-wall").await;
        let heard = tokio::spawn(live::listen(addr, one_game, DEVICES * ACTIONS_PER_DEVICE));
        report("8 devices on one game", drive(addr, vec![one_game; DEVICES]).await);
        check_every_action_once(addr, one_game).await;
        let heard = tokio::time::timeout(Duration::from_secs(10), heard).await.expect("the live stream answered").unwrap();
        live::check_heard_once_each(&heard, DEVICES * ACTIONS_PER_DEVICE);
        let mut games = Vec::new();
        for n in 0..DEVICES {
            games.push(new_game(addr, if n % 2 == 0 { "legation-wall" } else { "jungle-patrol" }).await);
        }
        report("8 games, one device each", drive(addr, games).await);
        long::every_scenario(&api, addr).await;
    });
}

async fn new_game(addr: std::net::SocketAddr, scenario: &str) -> i64 {
    let mut device = http::Connection::open(addr).await;
    let view = device.post("new_game", &json!({ "scenario": scenario, "seed": "17" })).await;
    view["id"].as_i64().expect("new_game answers a game view")
}

/// Every device's notes are in the log once each, in the order the device sent them: nothing lost to a
/// race, nothing written twice.
async fn check_every_action_once(addr: std::net::SocketAddr, game: i64) {
    let mut device = http::Connection::open(addr).await;
    let log = device.post("game_log", &json!({ "id": game, "before": null, "count": null })).await;
    let log = log.as_array().expect("game_log answers entries");
    assert_eq!(log.len(), DEVICES * ACTIONS_PER_DEVICE, "every action recorded once");
    for d in 0..DEVICES {
        let notes: Vec<&str> = log
            .iter()
            .filter_map(|e| e["text"].as_str())
            .filter_map(|t| t.strip_prefix(&format!("Note: device {d} note ")))
            .collect();
        let expected: Vec<String> = (0..ACTIONS_PER_DEVICE).step_by(2).map(|n| n.to_string()).collect();
        assert_eq!(notes, expected, "device {d}'s notes, once each and in order");
    }
    println!("every one of the {} actions is in the log once, each device's in its order", log.len());
}

struct Run {
    latencies: Vec<Duration>,
    wall: Duration,
}

/// One device per entry of `games`, all starting together; every answer must be a success.
async fn drive(addr: std::net::SocketAddr, games: Vec<i64>) -> Run {
    let started = Instant::now();
    let devices: Vec<_> = games
        .into_iter()
        .enumerate()
        .map(|(device, game)| {
            tokio::spawn(async move {
                let mut connection = http::Connection::open(addr).await;
                let mut latencies = Vec::with_capacity(ACTIONS_PER_DEVICE);
                for n in 0..ACTIONS_PER_DEVICE {
                    let action = if n % 2 == 0 {
                        json!({ "type": "note", "text": format!("device {device} note {n}") })
                    } else {
                        json!({ "type": "roll", "expr": "2D6", "label": format!("device {device}") })
                    };
                    let asked = Instant::now();
                    let change: Value = connection.post("game_act", &json!({ "id": game, "action": action })).await;
                    latencies.push(asked.elapsed());
                    assert!(change.get("to").is_some(), "game_act answered {change}");
                }
                latencies
            })
        })
        .collect();
    let mut latencies = Vec::new();
    for device in devices {
        latencies.extend(device.await.unwrap());
    }
    Run { latencies, wall: started.elapsed() }
}

fn report(case: &str, mut run: Run) {
    run.latencies.sort();
    let at = |q: f64| quantile(&run.latencies, q);
    let ms = |d: Duration| format!("{:.1} ms", d.as_secs_f64() * 1e3);
    let p99 = at(0.99);
    println!(
        "| {case} | {} | {} | {} | {} | {} | {:.0} | {} |",
        run.latencies.len(),
        ms(at(0.50)),
        ms(at(0.95)),
        ms(p99),
        ms(*run.latencies.last().unwrap()),
        run.latencies.len() as f64 / run.wall.as_secs_f64(),
        if p99 < TARGET_P99 { "yes" } else { "NO" }
    );
}

/// The latency at quantile `q` of `sorted` (nearest rank).
fn quantile(sorted: &[Duration], q: f64) -> Duration {
    sorted[((sorted.len() as f64 * q).ceil() as usize).saturating_sub(1)]
}
