//! A ninth device that only watches: it holds the game's live stream (`GET /api/live/{game}`) while the
//! others act, and counts the entries it is sent, so the bench shows none is lost or sent twice.

use std::collections::BTreeSet;

use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

/// What the watcher was sent: the entry ids, in the order heard, and how often it was told to read the game
/// again instead (`resync`: it fell too far behind to be told entry by entry).
#[derive(Default)]
pub struct Heard {
    pub ids: Vec<u64>,
    pub resyncs: usize,
}

/// What is heard until `expected` entries have come, or the stream is told to read the game again.
pub async fn listen(addr: std::net::SocketAddr, game: i64, expected: usize) -> Heard {
    let mut stream = TcpStream::connect(addr).await.expect("the bench's server is listening");
    let request = format!("GET /api/live/{game} HTTP/1.1\r\nHost: {addr}\r\nAccept: text/event-stream\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut reader = BufReader::new(stream);
    let mut heard = Heard::default();
    let mut line = String::new();
    while heard.ids.len() < expected {
        line.clear();
        if reader.read_line(&mut line).await.unwrap() == 0 {
            break;
        }
        let line = line.trim_end();
        if let Some(id) = line.strip_prefix("id: ") {
            heard.ids.push(id.parse().expect("an entry's id is its seq"));
        }
        if line == "event: resync" {
            heard.resyncs += 1;
            break;
        }
    }
    heard
}

/// Every entry heard once, in order; or, for a watcher that fell behind, what it was sent until it was told
/// to read the game again, each entry once and in order up to there.
pub fn check_heard_once_each(heard: &Heard, expected: usize) {
    let Heard { ids: heard, resyncs } = heard;
    if *resyncs > 0 {
        let distinct: BTreeSet<u64> = heard.iter().copied().collect();
        assert_eq!(distinct.len(), heard.len(), "no entry twice");
        assert!(heard.windows(2).all(|w| w[0] < w[1]), "in the order they were recorded");
        println!(
            "the watching device fell behind after {} of {expected} entries, once each and in order, and was told to read the game again",
            heard.len()
        );
        return;
    }
    let distinct: BTreeSet<u64> = heard.iter().copied().collect();
    assert_eq!(heard.len(), expected, "the watcher heard every entry");
    assert_eq!(distinct.len(), expected, "and none twice");
    assert!(heard.windows(2).all(|w| w[0] < w[1]), "in the order they were recorded");
    println!("the watching device heard all {expected} entries live, once each, in order");
}
