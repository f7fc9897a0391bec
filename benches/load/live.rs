//! A ninth device that only watches: it holds the game's live stream (`GET /api/live/{game}`) while the
//! others act, and counts the entries it is sent, so the bench shows none is lost or sent twice.

use std::collections::BTreeSet;

use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

/// The entry ids heard, in the order heard, until `expected` have come.
pub async fn listen(addr: std::net::SocketAddr, game: i64, expected: usize) -> Vec<u64> {
    let mut stream = TcpStream::connect(addr).await.expect("the bench's server is listening");
    let request = format!("GET /api/live/{game} HTTP/1.1\r\nHost: {addr}\r\nAccept: text/event-stream\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut reader = BufReader::new(stream);
    let mut heard = Vec::with_capacity(expected);
    let mut line = String::new();
    while heard.len() < expected {
        line.clear();
        if reader.read_line(&mut line).await.unwrap() == 0 {
            break;
        }
        if let Some(id) = line.trim_end().strip_prefix("id: ") {
            heard.push(id.parse().expect("an entry's id is its seq"));
        }
    }
    heard
}

pub fn check_heard_once_each(heard: &[u64], expected: usize) {
    let distinct: BTreeSet<u64> = heard.iter().copied().collect();
    assert_eq!(heard.len(), expected, "the watcher heard every entry");
    assert_eq!(distinct.len(), expected, "and none twice");
    assert!(heard.windows(2).all(|w| w[0] < w[1]), "in the order they were recorded");
    println!("the watching device heard all {expected} entries live, once each, in order");
}
