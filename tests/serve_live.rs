//! `GET /api/live/{game}` over a real socket: a watching device hears each new entry the moment another
//! device's action is recorded, and one that reconnects is first sent what it missed, from the last entry
//! it holds.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use sandtable::api::Api;
use sandtable::game::Action;
use sandtable::serve::{TableAccess, new_code, router};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

async fn serve() -> (Arc<Api>, SocketAddr, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let api = Arc::new(Api::open(&dir.path().join("t.db")).await.unwrap());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let access = Arc::new(TableAccess::new(addr, &[], new_code()));
    let app = router(api.clone(), access, None).into_make_service_with_connect_info::<SocketAddr>();
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (api, addr, dir)
}

/// Opens the stream, with `Last-Event-ID` when given, and answers a reader of its lines.
async fn watch(addr: SocketAddr, game: i64, last: Option<u32>) -> BufReader<TcpStream> {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let resume = last.map(|seq| format!("Last-Event-ID: {seq}\r\n")).unwrap_or_default();
    let request = format!("GET /api/live/{game} HTTP/1.1\r\nHost: {addr}\r\nAccept: text/event-stream\r\n{resume}\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut reader = BufReader::new(stream);
    let mut status = String::new();
    reader.read_line(&mut status).await.unwrap();
    assert!(status.contains("200"), "{status}");
    reader
}

/// The `data:` of the next `entry` event, as JSON.
async fn next_entry(reader: &mut BufReader<TcpStream>) -> serde_json::Value {
    let mut is_entry = false;
    loop {
        let mut line = String::new();
        let read = tokio::time::timeout(Duration::from_secs(5), reader.read_line(&mut line)).await;
        let line = match read {
            Ok(Ok(n)) if n > 0 => line,
            other => panic!("the stream ended or stalled: {other:?}"),
        };
        // Chunked framing lines and keep-alives are not events.
        if line.starts_with("event: entry") {
            is_entry = true;
        } else if is_entry && let Some(data) = line.strip_prefix("data: ") {
            return serde_json::from_str(data.trim()).unwrap();
        }
    }
}

#[tokio::test]
async fn a_watching_device_hears_another_devices_action() {
    let (api, addr, _dir) = serve().await;
    let game = api.new_game("legation-wall".into(), Some("3".into()), None, None).await.unwrap().id;
    let mut tablet = watch(addr, game, None).await;
    // Let the stream start listening before the other device acts.
    tokio::time::sleep(Duration::from_millis(100)).await;
    api.act(game, Action::Note { text: "from the host".into() }).await.unwrap();
    let heard = next_entry(&mut tablet).await;
    assert_eq!(heard["entry"]["text"], "Note: from the host");
    assert_eq!(heard["entry"]["seq"], 0);
    assert_eq!(heard["total"], 1);
}

#[tokio::test]
async fn a_device_back_from_sleep_is_sent_what_it_missed_first() {
    let (api, addr, _dir) = serve().await;
    let game = api.new_game("legation-wall".into(), Some("3".into()), None, None).await.unwrap().id;
    for n in 0..5 {
        api.act(game, Action::Note { text: format!("note {n}") }).await.unwrap();
    }
    // It held entries up to seq 2: it is sent 3 and 4, then hears the next as it comes.
    let mut tablet = watch(addr, game, Some(2)).await;
    assert_eq!(next_entry(&mut tablet).await["entry"]["text"], "Note: note 3");
    assert_eq!(next_entry(&mut tablet).await["entry"]["text"], "Note: note 4");
    tokio::time::sleep(Duration::from_millis(100)).await;
    api.act(game, Action::Note { text: "note 5".into() }).await.unwrap();
    let heard = next_entry(&mut tablet).await;
    assert_eq!((heard["entry"]["seq"].as_u64(), heard["total"].as_u64()), (Some(5), Some(6)));
}

#[tokio::test]
async fn another_games_entries_are_not_sent() {
    let (api, addr, _dir) = serve().await;
    let watched = api.new_game("legation-wall".into(), Some("3".into()), None, None).await.unwrap().id;
    let other = api.new_game("legation-wall".into(), Some("4".into()), None, None).await.unwrap().id;
    let mut tablet = watch(addr, watched, None).await;
    tokio::time::sleep(Duration::from_millis(100)).await;
    api.act(other, Action::Note { text: "elsewhere".into() }).await.unwrap();
    api.act(watched, Action::Note { text: "here".into() }).await.unwrap();
    assert_eq!(next_entry(&mut tablet).await["entry"]["text"], "Note: here");
}
