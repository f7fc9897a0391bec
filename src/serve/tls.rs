//! HTTPS for a club's server: its certificate and key read from PEM files before anything listens, and a
//! listener that shakes hands beside the accept loop, so one client's failed or stalled handshake (a plain
//! HTTP request to this port, a browser rejecting the certificate) never holds up or stops the others.

use std::fmt;
use std::io::BufRead;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use axum::serve::{Listener, ListenerExt, TapIo};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::task::JoinSet;
use tokio_rustls::TlsAcceptor;
use tokio_rustls::rustls::pki_types::pem::{self, PemObject, SectionKind};
use tokio_rustls::rustls::pki_types::{CertificateDer, PrivateKeyDer};
use tokio_rustls::rustls::{self, ServerConfig};
use tokio_rustls::server::TlsStream;

/// Longer than any honest client takes, even a phone on a poor Wi-Fi; a client that sends nothing is
/// dropped, its socket with it.
const HANDSHAKE_TIME: Duration = Duration::from_secs(10);

/// Handshakes under way at once: past this the listener waits for one to end before it accepts again, so
/// a flood of silent connections costs sockets for ten seconds, not memory without end.
const MOST_HANDSHAKES: usize = 512;

/// Every TLS handshake starts with this record type; anything else on the port is not TLS.
const HANDSHAKE_RECORD: u8 = 0x16;

/// A certificate chain and its key, ready to serve.
#[derive(Clone)]
pub struct Tls {
    config: Arc<ServerConfig>,
}

impl fmt::Debug for Tls {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Tls")
    }
}

/// A certificate or key file that cannot be served: which file, and what is wrong with it.
#[derive(Debug, thiserror::Error)]
#[error("{flag} {}: {why}", path.display())]
pub struct TlsFileError {
    pub flag: &'static str,
    pub path: PathBuf,
    pub why: String,
}

impl Tls {
    /// Reads `cert` (the certificate chain, the server's own first, as certbot's fullchain.pem) and `key`
    /// (its private key, unencrypted: the server cannot type a passphrase).
    pub fn from_pem_files(cert: &Path, key: &Path) -> Result<Tls, TlsFileError> {
        let cert_file = PemFile::read("--tls-cert", cert)?;
        let key_file = PemFile::read("--tls-key", key)?;
        let chain: Vec<CertificateDer<'static>> = cert_file
            .sections
            .iter()
            .filter(|(kind, _)| *kind == SectionKind::Certificate)
            .map(|(_, der)| CertificateDer::from(der.clone()))
            .collect();
        if chain.is_empty() {
            return Err(cert_file.wrong(format!("no certificate in it ({})", cert_file.holds())));
        }
        let Some(private) =
            key_file.sections.iter().find_map(|(kind, der)| PrivateKeyDer::from_pem(*kind, der.clone()))
        else {
            let why = match key_file.labels.iter().any(|l| l == "ENCRYPTED PRIVATE KEY") {
                true => "its private key is encrypted with a passphrase, which the server cannot type: \
                         write it out unencrypted (openssl pkey -in KEY -out KEY.open), readable by the server alone"
                    .to_string(),
                false => format!("no private key in it ({})", key_file.holds()),
            };
            return Err(key_file.wrong(why));
        };
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let builder = ServerConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .expect("ring's provider offers the default TLS versions")
            .with_no_client_auth();
        let mut config = builder.with_single_cert(chain, private).map_err(|e| match e {
            rustls::Error::InconsistentKeys(_) => key_file.wrong(format!(
                "this key does not match the certificate in {} (its first certificate must be the server's own, \
                 as in certbot's fullchain.pem)",
                cert.display()
            )),
            other => key_file.wrong(format!("the key cannot be used: {other}")),
        })?;
        // axum serves HTTP/1.1 here; saying so spares a browser from offering HTTP/2 in vain.
        config.alpn_protocols = vec![b"http/1.1".to_vec()];
        Ok(Tls { config: Arc::new(config) })
    }
}

/// A PEM file's sections as read, and the labels of all of them (also those rustls does not read).
struct PemFile {
    flag: &'static str,
    path: PathBuf,
    sections: Vec<(SectionKind, Vec<u8>)>,
    labels: Vec<String>,
}

impl PemFile {
    fn read(flag: &'static str, path: &Path) -> Result<PemFile, TlsFileError> {
        let wrong = |why: String| TlsFileError { flag, path: path.to_path_buf(), why };
        let bytes = std::fs::read(path).map_err(|e| wrong(format!("cannot be read: {e}")))?;
        let labels: Vec<String> = bytes
            .lines()
            .map_while(Result::ok)
            .filter_map(|line| Some(line.trim().strip_prefix("-----BEGIN ")?.trim_end_matches('-').to_string()))
            .collect();
        if labels.is_empty() {
            return Err(wrong(
                "not a PEM file (no -----BEGIN line): give it as text, as certbot's fullchain.pem and privkey.pem are"
                    .into(),
            ));
        }
        let mut sections = Vec::new();
        let mut rest = bytes.as_slice();
        while let Some(section) = pem::from_buf(&mut rest).map_err(|e| wrong(format!("not readable PEM: {e}")))? {
            sections.push(section);
        }
        Ok(PemFile { flag, path: path.to_path_buf(), sections, labels })
    }

    fn wrong(&self, why: String) -> TlsFileError {
        TlsFileError { flag: self.flag, path: self.path.clone(), why }
    }

    fn holds(&self) -> String {
        format!("it holds: {}", self.labels.join(", "))
    }
}

/// Hands axum a connection once its handshake is done. Tapped (with nothing) because axum gives the peer's
/// address to the door (`ConnectInfo`) for its own listeners and tapped ones only.
pub(super) fn listener(
    tcp: TcpListener,
    tls: &Tls,
) -> TapIo<TlsListener, impl FnMut(&mut TlsStream<TcpStream>) + Send + 'static> {
    let acceptor = TlsAcceptor::from(tls.config.clone());
    TlsListener { tcp, acceptor, handshakes: JoinSet::new() }.tap_io(|_| {})
}

pub(super) struct TlsListener {
    tcp: TcpListener,
    acceptor: TlsAcceptor,
    /// Dropped with the listener when the table closes, which ends the handshakes still under way.
    handshakes: JoinSet<Option<(TlsStream<TcpStream>, SocketAddr)>>,
}

impl Listener for TlsListener {
    type Io = TlsStream<TcpStream>;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (Self::Io, Self::Addr) {
        loop {
            tokio::select! {
                accepted = self.tcp.accept(), if self.handshakes.len() < MOST_HANDSHAKES => match accepted {
                    Ok((stream, peer)) => {
                        self.handshakes.spawn(handshake(self.acceptor.clone(), stream, peer));
                    }
                    Err(e) => accept_failed(e).await,
                },
                Some(done) = self.handshakes.join_next() => {
                    if let Ok(Some(ready)) = done {
                        return ready;
                    }
                }
            }
        }
    }

    fn local_addr(&self) -> std::io::Result<Self::Addr> {
        self.tcp.local_addr()
    }
}

async fn handshake(
    acceptor: TlsAcceptor,
    stream: TcpStream,
    peer: SocketAddr,
) -> Option<(TlsStream<TcpStream>, SocketAddr)> {
    tokio::time::timeout(HANDSHAKE_TIME, async {
        // Small answers and live events go out at once rather than waiting to fill a packet.
        let _ = stream.set_nodelay(true);
        let mut first = [0u8; 1];
        if stream.peek(&mut first).await.ok()? == 1 && first[0] != HANDSHAKE_RECORD {
            tell_to_use_https(stream).await;
            return None;
        }
        acceptor.accept(stream).await.ok().map(|tls| (tls, peer))
    })
    .await
    .ok()
    .flatten()
}

/// Someone typed `http://` for this address: a plain answer saying why nothing else will come, rather than
/// a connection closed without a word.
async fn tell_to_use_https(mut stream: TcpStream) {
    // Read what was sent, so closing the socket does not reset it before the answer is read.
    let mut request = [0u8; 8 * 1024];
    let _ = stream.read(&mut request).await;
    let text = "This Sandtable server speaks HTTPS only: open its address with https:// instead of http://.\n";
    let answer = format!(
        "HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: {}\r\n\
         Connection: close\r\n\r\n{text}",
        text.len()
    );
    let _ = stream.write_all(answer.as_bytes()).await;
    let _ = stream.shutdown().await;
}

/// As axum's own listener: a connection that failed before it was accepted is passed over; anything else
/// (no file descriptors left) is waited out a moment rather than spun on.
async fn accept_failed(e: std::io::Error) {
    use std::io::ErrorKind::{ConnectionAborted, ConnectionRefused, ConnectionReset};
    if !matches!(e.kind(), ConnectionRefused | ConnectionAborted | ConnectionReset) {
        eprintln!("serve: accepting a connection failed: {e}");
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
}
