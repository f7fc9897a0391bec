//! Opening a table to other devices: the one way both doors start the server (`sandtable serve`, and the
//! desktop app's switch), and the handle the host keeps to renew its code or close it.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::oneshot;
use tokio::task::JoinHandle;

use super::access::TableAccess;
use super::join::{JoinDesk, JoinInfo, SeatJoin, join_codes};
use super::ui::UiSource;
use super::{Listen, host_router, lan, tls};
use crate::api::Api;

/// How long a closing table lets requests under way finish before it drops them.
const CLOSING_GRACE: Duration = Duration::from_secs(3);

/// A table open to other devices. Dropping it closes the table too, without waiting.
pub struct OpenTable {
    desk: Arc<JoinDesk>,
    local: SocketAddr,
    stop: Option<oneshot::Sender<()>>,
    serving: Option<JoinHandle<std::io::Result<()>>>,
}

/// Listens, and serves the commands (and the UI, when given) until the table is closed. With `listen.lan`
/// a loopback address is widened to every interface, so the room's devices reach it.
pub async fn open(api: Arc<Api>, listen: Listen, ui: Option<UiSource>) -> std::io::Result<OpenTable> {
    let addr = if listen.lan && listen.addr.ip().is_loopback() {
        SocketAddr::new(IpAddr::from([0, 0, 0, 0]), listen.addr.port())
    } else {
        listen.addr
    };
    let listener = tokio::net::TcpListener::bind(addr).await?;
    let local = listener.local_addr()?;
    let lan = !local.ip().is_loopback();
    let room = if lan { lan::room_addresses() } else { Vec::new() };
    let (code, sides) = join_codes(&api, listen.new_code).await?;
    // Other servers on a shared PostgreSQL database: their entries reach this one's live streams too.
    tokio::spawn(api.clone().follow_other_servers());
    let access = TableAccess::new(local, &room, code).with_public_names(&listen.public_names);
    let access = Arc::new(access.with_tls(listen.tls.is_some()));
    access.keep_seat_codes(sides);
    let desk = JoinDesk::new(api.clone(), access.clone(), room, local.port(), lan);
    let app = match listen.club {
        true => super::club_router(super::club::Club::new(api, access), desk.clone(), ui),
        false => host_router(desk.clone(), ui),
    }
    .into_make_service_with_connect_info::<SocketAddr>();
    let (stop, stopped) = oneshot::channel::<()>();
    // A dropped handle closes the table as a stopped one does.
    let stopped = async {
        let _ = stopped.await;
    };
    let serving = match listen.tls {
        None => tokio::spawn(async move { axum::serve(listener, app).with_graceful_shutdown(stopped).await }),
        Some(tls) => {
            let listener = tls::listener(listener, &tls);
            tokio::spawn(async move { axum::serve(listener, app).with_graceful_shutdown(stopped).await })
        }
    };
    Ok(OpenTable { desk, local, stop: Some(stop), serving: Some(serving) })
}

impl OpenTable {
    pub fn port(&self) -> u16 {
        self.local.port()
    }

    pub fn local_addr(&self) -> SocketAddr {
        self.local
    }

    /// Served over HTTPS.
    pub fn tls(&self) -> bool {
        self.desk.access().tls()
    }

    pub fn join_info(&self) -> JoinInfo {
        self.desk.info()
    }

    /// The addresses the room's devices reach this machine by (none when open to this machine only).
    pub fn room(&self) -> &[IpAddr] {
        self.desk.room()
    }

    /// The code that sits a device at `seat`, issued the first time it is asked for.
    pub async fn seat_code(&self, seat: crate::rules::Seat) -> Result<SeatJoin, String> {
        self.desk.seat_code(seat).await
    }

    pub async fn renew_code(&self) -> std::io::Result<JoinInfo> {
        self.desk.renew_code().await
    }

    /// Stops listening and answers once the port is closed. Requests under way get a moment to finish;
    /// live streams are ended at once, since they never finish by themselves.
    pub async fn close(mut self) {
        self.desk.cut_streams();
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(mut serving) = self.serving.take()
            && tokio::time::timeout(CLOSING_GRACE, &mut serving).await.is_err()
        {
            serving.abort();
            let _ = serving.await;
        }
    }
}

impl Drop for OpenTable {
    fn drop(&mut self) {
        self.desk.cut_streams();
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
    }
}
