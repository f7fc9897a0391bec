//! A club night on one PostgreSQL database: 50 devices on 10 games for 60 s, against one `sandtable serve`
//! process and then against two (each device on one of them, each game's devices on both), real processes
//! over loopback HTTP. Every acknowledged action must be in its game's log once, each device's in the order
//! it sent them (checked, not timed); the figures are throughput and each action's latency. A bench binary:
//! what matters is the spread under contention. Run: `cargo bench --bench club_load` (it starts a
//! throwaway PostgreSQL cluster with tools/postgres.sh unless `SANDTABLE_TEST_POSTGRES` names a server).

#[path = "load/http.rs"]
mod http;

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::json;

const DEVICES: usize = 50;
const GAMES: usize = 10;
const FOR: Duration = Duration::from_secs(60);

fn main() {
    let root = env!("CARGO_MANIFEST_DIR");
    let scratch = tempfile::tempdir().unwrap();
    let cluster = scratch.path().join("cluster");
    let server = match std::env::var("SANDTABLE_TEST_POSTGRES") {
        Ok(server) => server,
        Err(_) => {
            std::fs::set_permissions(scratch.path(), std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
            let out = Command::new(format!("{root}/tools/postgres.sh")).arg("start").arg(&cluster).output().unwrap();
            assert!(out.status.success(), "no PostgreSQL: {}", String::from_utf8_lossy(&out.stderr));
            String::from_utf8(out.stdout).unwrap().trim().to_string()
        }
    };
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
    println!(
        "{DEVICES} devices on {GAMES} games for {} s each, notes and free rolls alternating, loopback HTTP, PostgreSQL",
        FOR.as_secs()
    );
    println!("| servers | actions | actions/s | p50 | p95 | p99 | max |");
    println!("|---|---|---|---|---|---|---|");
    for servers in [1, 2] {
        let database = new_database(&runtime, &server, servers);
        let mut processes: Vec<Child> = Vec::new();
        let mut addrs: Vec<SocketAddr> = Vec::new();
        for _ in 0..servers {
            let (child, addr) = serve(&database);
            processes.push(child);
            addrs.push(addr);
        }
        runtime.block_on(async {
            let mut games = Vec::new();
            for n in 0..GAMES {
                let mut device = http::Connection::open(addrs[n % addrs.len()]).await;
                let scenario = if n % 2 == 0 { "legation-wall" } else { "jungle-patrol" };
                let view = device.post("new_game", &json!({ "scenario": scenario, "seed": "17" })).await;
                games.push(view["id"].as_i64().unwrap());
            }
            let (latencies, wall, sent) = drive(&addrs, &games).await;
            report(servers, latencies, wall);
            check_every_action_once(addrs[0], &games, &sent).await;
        });
        for mut p in processes {
            let _ = p.kill();
            let _ = p.wait();
        }
    }
    if std::env::var("SANDTABLE_TEST_POSTGRES").is_err() {
        let _ = Command::new(format!("{root}/tools/postgres.sh")).arg("stop").arg(&cluster).status();
    }
}

fn new_database(runtime: &tokio::runtime::Runtime, server: &str, servers: usize) -> String {
    use sqlx::Connection;
    let name = format!("club_load_{}_{servers}", std::process::id());
    runtime.block_on(async {
        let mut admin = sqlx::PgConnection::connect(server).await.unwrap();
        sqlx::raw_sql(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}"))).execute(&mut admin).await.unwrap();
    });
    format!("{}/{name}", server.rsplit_once('/').unwrap().0)
}

/// A real `sandtable serve` on the database, and the address it prints.
fn serve(database: &str) -> (Child, SocketAddr) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sandtable"))
        .args(["serve", "--port", "0", "--database", database])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut first).unwrap();
    let port: u16 = first.trim().rsplit(':').next().unwrap().parse().unwrap();
    (child, SocketAddr::from(([127, 0, 0, 1], port)))
}

/// Every device acting on its game until the time is up: device `d` on game `d % GAMES`, through server
/// `d % servers`, so each game's devices are spread over every server. Answers each action's latency, the
/// wall time, and how many actions each device had acknowledged.
async fn drive(addrs: &[SocketAddr], games: &[i64]) -> (Vec<Duration>, Duration, Vec<usize>) {
    let started = Instant::now();
    let until = started + FOR;
    let devices: Vec<_> = (0..DEVICES)
        .map(|d| {
            let (addr, game) = (addrs[d % addrs.len()], games[d % games.len()]);
            tokio::spawn(async move {
                let mut connection = http::Connection::open(addr).await;
                let mut latencies = Vec::new();
                let mut n = 0;
                while Instant::now() < until {
                    let action = if n % 2 == 0 {
                        json!({ "type": "note", "text": format!("device {d} note {n}") })
                    } else {
                        json!({ "type": "roll", "expr": "2D6", "label": format!("device {d}") })
                    };
                    let asked = Instant::now();
                    let change = connection.post("game_act", &json!({ "id": game, "action": action })).await;
                    latencies.push(asked.elapsed());
                    assert!(change.get("to").is_some(), "game_act answered {change}");
                    n += 1;
                }
                (latencies, n)
            })
        })
        .collect();
    let mut latencies = Vec::new();
    let mut sent = Vec::new();
    for device in devices {
        let (l, n) = device.await.unwrap();
        latencies.extend(l);
        sent.push(n);
    }
    (latencies, started.elapsed(), sent)
}

/// Each device's notes are in its game's log once each and in the order it sent them, and the logs hold
/// exactly the acknowledged actions.
async fn check_every_action_once(addr: SocketAddr, games: &[i64], sent: &[usize]) {
    let mut device = http::Connection::open(addr).await;
    let mut total = 0;
    for (g, game) in games.iter().enumerate() {
        let log = device.post("game_log", &json!({ "id": game, "before": null, "count": null })).await;
        let log = log.as_array().expect("game_log answers entries");
        let on_this: Vec<usize> = (0..DEVICES).filter(|d| d % GAMES == g).collect();
        assert_eq!(
            log.len(),
            on_this.iter().map(|d| sent[*d]).sum::<usize>(),
            "game {game}: every acknowledged action once"
        );
        for d in on_this {
            let notes: Vec<&str> = log
                .iter()
                .filter_map(|e| e["text"].as_str())
                .filter_map(|t| t.strip_prefix(&format!("Note: device {d} note ")))
                .collect();
            let expected: Vec<String> = (0..sent[d]).step_by(2).map(|n| n.to_string()).collect();
            assert_eq!(notes, expected, "device {d}'s notes, once each and in order");
        }
        total += log.len();
    }
    println!("every one of the {total} acknowledged actions is in its log once, each device's in its order");
}

fn report(servers: usize, mut latencies: Vec<Duration>, wall: Duration) {
    latencies.sort();
    let at = |q: f64| latencies[((latencies.len() as f64 * q).ceil() as usize).saturating_sub(1)];
    let ms = |d: Duration| format!("{:.1} ms", d.as_secs_f64() * 1e3);
    println!(
        "| {servers} | {} | {:.0} | {} | {} | {} | {} |",
        latencies.len(),
        latencies.len() as f64 / wall.as_secs_f64(),
        ms(at(0.50)),
        ms(at(0.95)),
        ms(at(0.99)),
        ms(*latencies.last().unwrap())
    );
}
