//! Just enough HTTP/1.1 for the bench: one kept-alive connection per device, JSON in and out, the way
//! a browser on a tablet holds its connection to the table's server.

use serde_json::Value;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

pub struct Connection {
    stream: BufReader<TcpStream>,
    /// The server answers only requests addressed to its own name.
    host: String,
}

impl Connection {
    pub async fn open(addr: std::net::SocketAddr) -> Connection {
        let stream = TcpStream::connect(addr).await.expect("the bench's server is listening");
        stream.set_nodelay(true).unwrap();
        Connection { stream: BufReader::new(stream), host: addr.to_string() }
    }

    /// Sends one command and reads its answer; anything but 200 stops the bench with the server's words.
    pub async fn post(&mut self, command: &str, args: &Value) -> Value {
        self.post_sized(command, args).await.0
    }

    /// The same, with the answer's size in bytes as sent.
    pub async fn post_sized(&mut self, command: &str, args: &Value) -> (Value, usize) {
        let body = args.to_string();
        let request = format!(
            "POST /api/{command} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            self.host,
            body.len()
        );
        self.stream.get_mut().write_all(request.as_bytes()).await.unwrap();

        let mut status = String::new();
        self.stream.read_line(&mut status).await.unwrap();
        let mut length = None;
        loop {
            let mut header = String::new();
            self.stream.read_line(&mut header).await.unwrap();
            if header.trim().is_empty() {
                break;
            }
            if let Some((name, value)) = header.split_once(':')
                && name.eq_ignore_ascii_case("content-length")
            {
                length = Some(value.trim().parse::<usize>().unwrap());
            }
        }
        let mut answer = vec![0; length.expect("the server answers with a Content-Length")];
        self.stream.read_exact(&mut answer).await.unwrap();
        assert!(status.contains(" 200 "), "{command}: {status} {}", String::from_utf8_lossy(&answer));
        (serde_json::from_slice(&answer).unwrap(), answer.len())
    }
}
