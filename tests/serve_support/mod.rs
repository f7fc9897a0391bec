//! The door of `sandtable serve` as the tests knock on it: a fresh database, the table open on the LAN at
//! 192.168.1.20 with a known code, and requests sent as if from the host's machine or from a tablet.

#![allow(dead_code)]

use std::net::SocketAddr;
use std::sync::Arc;

use axum::body::Body;
use axum::extract::connect_info::MockConnectInfo;
use axum::http::{Request, StatusCode, header};
use sandtable::api::Api;
use sandtable::serve::{JoinDesk, TableAccess, host_router};
use tower::ServiceExt;

pub const PORT: u16 = 8787;
pub const CODE: &str = "K7QX2M";

pub struct Table {
    pub desk: Arc<JoinDesk>,
    pub access: Arc<TableAccess>,
    _dir: tempfile::TempDir,
}

pub async fn table() -> Table {
    table_with(|access| access).await
}

/// `table`, its door set up further by `door` (served over HTTPS, answering other names).
pub async fn table_with(door: impl FnOnce(TableAccess) -> TableAccess) -> Table {
    let dir = tempfile::tempdir().unwrap();
    let api = Arc::new(Api::open(&dir.path().join("t.db")).await.unwrap());
    let local: SocketAddr = ([0, 0, 0, 0], PORT).into();
    let room = vec!["192.168.1.20".parse().unwrap()];
    let access = Arc::new(door(TableAccess::new(local, &room, CODE.into())));
    let desk = JoinDesk::new(api, access.clone(), room, PORT, true);
    Table { desk, access, _dir: dir }
}

impl Table {
    /// The server's routes as `peer` reaches them.
    pub fn app(&self, peer: [u8; 4]) -> axum::Router {
        host_router(self.desk.clone(), None).layer(MockConnectInfo(SocketAddr::from((peer, 50_000))))
    }

    /// Sends a request as if from `peer`, and answers its status, headers and body.
    pub async fn send(&self, peer: [u8; 4], request: Request<Body>) -> (StatusCode, axum::http::HeaderMap, String) {
        let response = self.app(peer).oneshot(request).await.unwrap();
        let status = response.status();
        let headers = response.headers().clone();
        let body = axum::body::to_bytes(response.into_body(), usize::MAX).await.unwrap();
        (status, headers, String::from_utf8_lossy(&body).into_owned())
    }
}

pub const HOST_PC: [u8; 4] = [127, 0, 0, 1];
pub const TABLET: [u8; 4] = [192, 168, 1, 30];

pub fn command(host: &str, name: &str) -> axum::http::request::Builder {
    Request::post(format!("/api/{name}")).header(header::HOST, host).header(header::CONTENT_TYPE, "application/json")
}
