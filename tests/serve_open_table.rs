//! `serve::open`, the one way both doors open a table: it serves the commands and the app's pages from
//! whatever the caller looks them up in, replaces its join code on the host's word (dropping the devices
//! that held the old one, their open streams too), and closes its port when closed.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use sandtable::api::Api;
use sandtable::serve::{Listen, OpenTable, UiFile, UiLookup, UiSource, open};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

const INDEX: &str = "<!doctype html><title>fake index</title>";

fn fake_ui() -> UiSource {
    let lookup: UiLookup = Arc::new(|path: &str| match path {
        "index.html" => Some(UiFile { bytes: INDEX.into(), mime: "text/html".into() }),
        "assets/app.js" => Some(UiFile { bytes: b"console.log(1)".to_vec(), mime: "text/javascript".into() }),
        _ => None,
    });
    UiSource::Lookup(lookup)
}

async fn open_table(lan: bool) -> (Arc<Api>, OpenTable, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let api = Arc::new(Api::open(&dir.path().join("t.db")).await.unwrap());
    let listen = Listen {
        addr: "127.0.0.1:0".parse().unwrap(),
        lan,
        new_code: false,
        club: false,
        tls: None,
        public_names: Vec::new(),
    };
    let table = open(api.clone(), listen, Some(fake_ui())).await.unwrap();
    (api, table, dir)
}

/// One request over a fresh connection, to `addr` by that name; its status line, headers and body.
async fn send(addr: SocketAddr, method: &str, path: &str, extra: &str) -> (u16, String) {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let body = if method == "POST" { "{}" } else { "" };
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\n{extra}\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut answer = String::new();
    tokio::time::timeout(Duration::from_secs(5), stream.read_to_string(&mut answer)).await.unwrap().unwrap();
    let status = answer.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    (status, answer)
}

fn loopback(table: &OpenTable) -> SocketAddr {
    SocketAddr::from(([127, 0, 0, 1], table.port()))
}

#[tokio::test]
async fn the_pages_come_from_the_callers_lookup_and_unknown_paths_open_the_app() {
    let (_api, table, _dir) = open_table(false).await;
    let at = loopback(&table);
    for path in ["/", "/games/3", "/assets/missing.js", "/../../etc/passwd"] {
        let (status, answer) = send(at, "GET", path, "").await;
        assert_eq!(status, 200, "{path}: {answer}");
        assert!(answer.contains("fake index") && answer.contains("text/html"), "{path}: {answer}");
    }
    let (status, answer) = send(at, "GET", "/assets/app.js", "").await;
    assert_eq!(status, 200);
    assert!(answer.contains("console.log(1)") && answer.contains("text/javascript"), "{answer}");
    let (status, answer) = send(at, "POST", "/api/list_games", "").await;
    assert_eq!(status, 200, "{answer}");
    table.close().await;
}

#[tokio::test]
async fn a_new_code_is_stored_and_replaces_the_old_one() {
    let (api, table, _dir) = open_table(true).await;
    let old = table.join_info();
    assert!(old.lan);
    let new = table.renew_code().await.unwrap();
    assert_ne!(new.code, old.code);
    assert_eq!(api.store().join_code().await.unwrap().as_deref(), Some(new.code.as_str()));
    if let Some(link) = new.links.first() {
        assert!(link.ends_with(&format!("?join={}", new.code)), "{link}");
        assert!(new.qr_svg.as_deref().is_some_and(|svg| svg.contains("<svg")));
    }
    // From this machine's own room address a request is another device's: it needs the code.
    let Some(room) = table.room().first().copied() else {
        eprintln!("no room network on this machine: the over-the-network half is covered by serve_security");
        return;
    };
    let at = SocketAddr::new(room, table.port());
    let with_old = format!("Authorization: Bearer {}\r\n", old.code);
    let (status, answer) = send(at, "POST", "/api/list_games", &with_old).await;
    assert_eq!(status, 401, "{answer}");
    let with_new = format!("Authorization: Bearer {}\r\n", new.code);
    let (status, answer) = send(at, "POST", "/api/list_games", &with_new).await;
    assert_eq!(status, 200, "{answer}");
    let (status, answer) = send(at, "POST", "/host/new-code", &with_new).await;
    assert_eq!(status, 403, "a device with the code cannot replace it: {answer}");
    assert_eq!(table.join_info().code, new.code);
    table.close().await;
}

#[tokio::test]
async fn the_host_replaces_the_code_from_its_own_browser() {
    let (_api, table, _dir) = open_table(true).await;
    let old = table.join_info().code;
    let at = loopback(&table);
    let (status, answer) = send(at, "POST", "/host/new-code", "").await;
    assert_eq!(status, 200, "{answer}");
    let code = table.join_info().code;
    assert_ne!(code, old);
    assert!(answer.contains(&format!("\"code\":\"{code}\"")), "{answer}");
    table.close().await;
}

/// Opens a game's live stream from this machine and answers the connection, its headers read.
async fn watch(at: SocketAddr, game: i64) -> TcpStream {
    let mut stream = TcpStream::connect(at).await.unwrap();
    let request = format!("GET /api/live/{game} HTTP/1.1\r\nHost: {at}\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut first = [0u8; 12];
    stream.read_exact(&mut first).await.unwrap();
    assert!(first.ends_with(b"200"), "{}", String::from_utf8_lossy(&first));
    stream
}

async fn ends_within(stream: &mut TcpStream, limit: Duration) -> bool {
    let mut rest = Vec::new();
    tokio::time::timeout(limit, stream.read_to_end(&mut rest)).await.is_ok()
}

#[tokio::test]
async fn a_new_code_ends_the_open_live_streams() {
    let (api, table, _dir) = open_table(false).await;
    let game = api.new_game("legation-wall".into(), Some("3".into()), None, None).await.unwrap().id;
    let mut stream = watch(loopback(&table), game).await;
    assert!(!ends_within(&mut stream, Duration::from_millis(200)).await, "the stream stays open until cut");
    table.renew_code().await.unwrap();
    assert!(ends_within(&mut stream, Duration::from_secs(2)).await, "the stream was not ended");
    table.close().await;
}

#[tokio::test]
async fn a_closed_table_closes_its_port_at_once_even_with_a_device_watching() {
    let (api, table, _dir) = open_table(false).await;
    let at = loopback(&table);
    let game = api.new_game("legation-wall".into(), Some("3".into()), None, None).await.unwrap().id;
    let mut stream = watch(at, game).await;
    let started = Instant::now();
    table.close().await;
    assert!(started.elapsed() < Duration::from_secs(2), "closing waited {:?}", started.elapsed());
    assert!(ends_within(&mut stream, Duration::from_secs(1)).await);
    assert!(TcpStream::connect(at).await.is_err(), "the port is still open");
}
