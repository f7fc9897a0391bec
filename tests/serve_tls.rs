//! `sandtable serve --tls-cert --tls-key`, as a club runs it: the real binary on a throwaway self-signed
//! certificate, asked over HTTPS by a client that trusts that certificate alone. A plain-HTTP request, a
//! client that rejects the certificate and a client that never finishes its handshake stop neither the
//! server nor the others; bad files are refused before anything listens, naming the file and what is
//! wrong. The door's own answers over HTTPS (the Secure cookie, the join links, other names) are asked of
//! the router in process.

mod serve_support;

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::http::{Request, header};
use sandtable::api::Api;
use sandtable::serve::{Listen, Tls};
use serve_support::{CODE, TABLET, table_with};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_rustls::TlsConnector;
use tokio_rustls::rustls::pki_types::pem::PemObject;
use tokio_rustls::rustls::pki_types::{CertificateDer, ServerName};
use tokio_rustls::rustls::{self, ClientConfig, RootCertStore};

/// A self-signed certificate for this machine's loopback names, and its key, as PEM files.
struct Certificate {
    dir: tempfile::TempDir,
    pem: String,
}

impl Certificate {
    fn new() -> Certificate {
        let made = rcgen::generate_simple_self_signed(vec!["localhost".into(), "127.0.0.1".into()]).unwrap();
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("cert.pem"), made.cert.pem()).unwrap();
        std::fs::write(dir.path().join("key.pem"), made.signing_key.serialize_pem()).unwrap();
        Certificate { pem: made.cert.pem(), dir }
    }

    fn cert(&self) -> PathBuf {
        self.dir.path().join("cert.pem")
    }

    fn key(&self) -> PathBuf {
        self.dir.path().join("key.pem")
    }

    /// A client that trusts this certificate and nothing else.
    fn client(&self) -> TlsConnector {
        let mut roots = RootCertStore::empty();
        roots.add(CertificateDer::from_pem_slice(self.pem.as_bytes()).unwrap()).unwrap();
        connector(roots)
    }
}

fn connector(roots: RootCertStore) -> TlsConnector {
    let config = ClientConfig::builder_with_provider(Arc::new(rustls::crypto::ring::default_provider()))
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_root_certificates(roots)
        .with_no_client_auth();
    TlsConnector::from(Arc::new(config))
}

/// `sandtable serve` on a free loopback port, stopped when dropped.
struct Server {
    child: Child,
    port: u16,
    _db: tempfile::TempDir,
}

impl Server {
    fn start(args: &[&str]) -> Server {
        let db = tempfile::tempdir().unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_sandtable"))
            .args(["serve", "--port", "0"])
            .args(args)
            .env("SANDTABLE_DB", db.path().join("t.db"))
            .current_dir(db.path())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut first = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut first).unwrap();
        let port = first
            .trim()
            .strip_prefix("Sandtable serving on https://127.0.0.1:")
            .unwrap_or_else(|| panic!("the first line gives the HTTPS address: {first:?}"))
            .parse()
            .unwrap();
        Server { child, port, _db: db }
    }

    fn host(&self) -> String {
        format!("127.0.0.1:{}", self.port)
    }

    fn is_running(&mut self) -> bool {
        self.child.try_wait().unwrap().is_none()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

struct Answer {
    status: u16,
    head: String,
    body: String,
}

/// `POST /api/{command}` with `{}`, its Host header `host`, over HTTPS.
async fn command(client: &TlsConnector, port: u16, host: &str, name: &str, extra: &str) -> std::io::Result<Answer> {
    let request = format!(
        "POST /api/{name} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\
         {extra}Connection: close\r\n\r\n{{}}"
    );
    let tcp = TcpStream::connect(("127.0.0.1", port)).await?;
    let mut tls = client.connect(ServerName::try_from("127.0.0.1").unwrap(), tcp).await?;
    tls.write_all(request.as_bytes()).await?;
    let mut answer = Vec::new();
    tls.read_to_end(&mut answer).await?;
    Ok(parse(&answer))
}

fn parse(answer: &[u8]) -> Answer {
    let text = String::from_utf8_lossy(answer);
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or_else(|| panic!("an HTTP answer: {text:?}"));
    let status = head.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or_else(|| panic!("{head}"));
    Answer { status, head: head.to_string(), body: body.to_string() }
}

/// Answered within a few seconds: a handshake held up in the accept loop would keep it waiting.
async fn list_games(client: &TlsConnector, server: &Server) -> Answer {
    let host = server.host();
    let asked = command(client, server.port, &host, "list_games", "");
    let answer = tokio::time::timeout(Duration::from_secs(5), asked).await.expect("answered at once").unwrap();
    assert_eq!(answer.status, 200, "{}\n{}", answer.head, answer.body);
    answer
}

#[tokio::test]
async fn a_command_answers_over_https_and_no_bad_client_stops_the_server() {
    let cert = Certificate::new();
    let mut server = Server::start(&["--tls-cert", path(&cert.cert()), "--tls-key", path(&cert.key())]);
    let client = cert.client();
    assert_eq!(list_games(&client, &server).await.body, "[]");

    // A client that sends nothing holds a handshake open; the others are answered meanwhile.
    let silent = TcpStream::connect(("127.0.0.1", server.port)).await.unwrap();

    // Someone typing http:// is told why, and the server goes on.
    let mut plain = TcpStream::connect(("127.0.0.1", server.port)).await.unwrap();
    let request = format!("GET / HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n", server.host());
    plain.write_all(request.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    plain.read_to_end(&mut answer).await.unwrap();
    let answer = parse(&answer);
    assert_eq!(answer.status, 400);
    assert!(answer.body.contains("HTTPS only"), "{}", answer.body);
    list_games(&client, &server).await;

    // A client that trusts another certificate gives up on the handshake.
    let other = connector({
        let mut roots = RootCertStore::empty();
        roots.add(CertificateDer::from_pem_slice(Certificate::new().pem.as_bytes()).unwrap()).unwrap();
        roots
    });
    let refused = command(&other, server.port, &server.host(), "list_games", "").await;
    assert!(refused.is_err(), "a client trusting another certificate is not answered");

    // A handshake that starts as TLS and then talks nonsense.
    let mut garbled = TcpStream::connect(("127.0.0.1", server.port)).await.unwrap();
    garbled.write_all(&[0x16, 0x03, 0x01, 0x00, 0x05, 1, 2, 3, 4, 5, 6, 7, 8]).await.unwrap();
    let _ = garbled.read(&mut [0u8; 64]).await;

    list_games(&client, &server).await;
    assert!(server.is_running());
    drop(silent);
}

#[tokio::test]
async fn the_door_works_as_over_http() {
    let cert = Certificate::new();
    let server = Server::start(&[
        "--tls-cert",
        path(&cert.cert()),
        "--tls-key",
        path(&cert.key()),
        "--public-name",
        "club.example.org",
    ]);
    let client = cert.client();
    let port = server.port;
    let own = server.host();

    let ours = format!("Origin: https://{own}\r\n");
    assert_eq!(command(&client, port, &own, "list_games", &ours).await.unwrap().status, 200, "its own https page");
    let theirs = "Origin: https://evil.example\r\n";
    assert_eq!(command(&client, port, &own, "list_games", theirs).await.unwrap().status, 403, "another site");
    let misdirected = command(&client, port, "evil.example", "list_games", "").await.unwrap();
    assert_eq!(misdirected.status, 421, "DNS rebinding: {}", misdirected.body);

    // Behind a proxy, or by DNS: the public name with the default port, and with this server's.
    for host in ["club.example.org".to_string(), format!("club.example.org:{port}")] {
        let page = format!("Origin: https://{host}\r\n");
        let answer = command(&client, port, &host, "list_games", &page).await.unwrap();
        assert_eq!(answer.status, 200, "{host}: {}", answer.body);
    }

    // The peer's address reaches the door: this machine is the host's, and sees the join code.
    let join = format!(
        "POST /host/join HTTP/1.1\r\nHost: {own}\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\
         Connection: close\r\n\r\n{{}}"
    );
    let tcp = TcpStream::connect(("127.0.0.1", port)).await.unwrap();
    let mut tls = client.connect(ServerName::try_from("127.0.0.1").unwrap(), tcp).await.unwrap();
    tls.write_all(join.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    tls.read_to_end(&mut answer).await.unwrap();
    let answer = parse(&answer);
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert!(answer.body.contains("\"code\""), "{}", answer.body);
}

#[test]
fn bad_files_are_refused_before_listening_naming_the_file_and_why() {
    let cert = Certificate::new();
    let dir = cert.dir.path();
    std::fs::write(dir.join("notes.txt"), "my shopping list\n").unwrap();
    let stranger = rcgen::KeyPair::generate().unwrap().serialize_pem();
    std::fs::write(dir.join("stranger.pem"), stranger).unwrap();
    let (cert_path, key_path) = (cert.cert(), cert.key());
    let (cert_file, key_file) = (path(&cert_path), path(&key_path));
    let missing = dir.join("missing.pem");
    let notes = dir.join("notes.txt");
    let stranger = dir.join("stranger.pem");
    let cases: [(&str, &str, &Path, &str); 6] = [
        (path(&missing), key_file, &missing, "--tls-cert"),
        (path(&missing), key_file, &missing, "cannot be read"),
        (path(&notes), key_file, &notes, "not a PEM file"),
        (key_file, key_file, &key_path, "no certificate in it (it holds: PRIVATE KEY)"),
        (cert_file, cert_file, &cert_path, "no private key in it (it holds: CERTIFICATE)"),
        (cert_file, path(&stranger), &stranger, "does not match the certificate"),
    ];
    for (cert_arg, key_arg, named, why) in cases {
        let out = serve(&["--tls-cert", cert_arg, "--tls-key", key_arg]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(err.contains(&named.display().to_string()) && err.contains(why), "{why}: {err}");
        assert!(out.stdout.is_empty(), "nothing listened: {}", String::from_utf8_lossy(&out.stdout));
    }

    let alone = serve(&["--tls-cert", cert_file]);
    assert_eq!(alone.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&alone.stderr).contains("--tls-key"), "both flags or neither");
    let url = serve(&["--public-name", "https://club.example.org/"]);
    assert!(String::from_utf8_lossy(&url.stderr).contains("not a URL"));
}

/// The table opened in process over HTTPS (as `sandtable serve` opens it) closes promptly, also with a
/// handshake under way, and stops listening.
#[tokio::test]
async fn an_https_table_closes_with_a_handshake_under_way() {
    let cert = Certificate::new();
    let dir = tempfile::tempdir().unwrap();
    let api = Arc::new(Api::open(&dir.path().join("t.db")).await.unwrap());
    let listen = Listen {
        addr: ([127, 0, 0, 1], 0).into(),
        lan: false,
        new_code: false,
        tls: Some(Tls::from_pem_files(&cert.cert(), &cert.key()).unwrap()),
        public_names: Vec::new(),
        club: false,
    };
    let table = sandtable::serve::open(api, listen, None).await.unwrap();
    assert!(table.tls());
    let port = table.port();
    let client = cert.client();
    let answer = command(&client, port, &format!("127.0.0.1:{port}"), "list_games", "").await.unwrap();
    assert_eq!(answer.status, 200, "{}", answer.body);

    let _silent = TcpStream::connect(("127.0.0.1", port)).await.unwrap();
    tokio::time::sleep(Duration::from_millis(100)).await;
    tokio::time::timeout(Duration::from_secs(5), table.close()).await.expect("the table closes at once");
    assert!(TcpStream::connect(("127.0.0.1", port)).await.is_err(), "the port is closed");
}

#[tokio::test]
async fn the_join_cookie_is_secure_and_the_links_https_on_an_https_table() {
    let t = table_with(|access| access.with_tls(true).with_public_names(&["club.example.org".into()])).await;
    let link =
        Request::get(format!("/?join={CODE}")).header(header::HOST, "192.168.1.20:8787").body(Body::empty()).unwrap();
    let (_, headers, _) = t.send(TABLET, link).await;
    let cookie = headers.get(header::SET_COOKIE).expect("a cookie").to_str().unwrap();
    assert!(cookie.starts_with(&format!("sandtable_join={CODE}")) && cookie.contains("; Secure"), "{cookie}");

    let links = t.desk.info().links;
    assert_eq!(
        links,
        [format!("https://club.example.org:8787/?join={CODE}"), format!("https://192.168.1.20:8787/?join={CODE}")],
        "the name a certificate gives first, then the room's address"
    );
}

/// `sandtable serve` expected to refuse: one that serves after all is stopped, not waited on for ever.
fn serve(args: &[&str]) -> Output {
    let db = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_sandtable"))
        .args(["serve", "--port", "0"])
        .args(args)
        .env("SANDTABLE_DB", db.path().join("t.db"))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > Duration::from_secs(30) {
            let _ = child.kill();
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}
