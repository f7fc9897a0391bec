//! The table's join details as the host's screen shows them, and the one way to replace its code: stored
//! first, so a restarted server keeps the new one, then swapped into the door, so every device that joined
//! with the old one is refused from its next request and its open streams are ended.

use std::collections::BTreeMap;
use std::net::IpAddr;
use std::sync::Arc;

use serde::Serialize;
use tokio::sync::{Mutex, watch};

use super::access::{TableAccess, new_code};
use super::lan;
use crate::api::Api;
use crate::rules::Seat;

/// Side of the QR code in pixels: enough for a phone to read it from a metre away.
const QR_SIDE: u32 = 240;

/// What the host shows the room so its devices can join.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct JoinInfo {
    /// Where the room's devices join, the likeliest first, each carrying the code. Empty when the table is
    /// open to this machine only, or no network to the room was found.
    pub links: Vec<String>,
    pub code: String,
    /// The first link as a QR code: SVG for a screen, text for a terminal.
    pub qr_svg: Option<String>,
    pub qr_text: Option<String>,
    pub port: u16,
    /// Open to the room's network; otherwise to this machine only.
    pub lan: bool,
    /// The sides' own codes the host has handed out: a device joining with one sits at that side alone.
    pub sides: Vec<SeatJoin>,
}

/// How a device joins as one side: its own code, link and QR code.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct SeatJoin {
    pub seat: Seat,
    pub code: String,
    pub link: Option<String>,
    pub qr_svg: Option<String>,
}

/// The setting the sides' codes are kept under, so a restarted server keeps its devices in their seats.
const SEAT_CODES_SETTING: &str = "join_codes_by_seat";

/// The host's hold on an open table's join code.
pub struct JoinDesk {
    api: Arc<Api>,
    access: Arc<TableAccess>,
    room: Vec<IpAddr>,
    port: u16,
    lan: bool,
    /// Two renewals at once could store one code and admit the other.
    renewing: Mutex<()>,
    /// Bumped when every open stream must end (a new code, the table closing).
    cutoff: watch::Sender<u64>,
}

impl JoinDesk {
    /// `room` is the addresses the room's devices reach this machine by (none: this machine only).
    pub fn new(api: Arc<Api>, access: Arc<TableAccess>, room: Vec<IpAddr>, port: u16, lan: bool) -> Arc<JoinDesk> {
        Arc::new(JoinDesk { api, access, room, port, lan, renewing: Mutex::new(()), cutoff: watch::channel(0).0 })
    }

    pub fn api(&self) -> &Arc<Api> {
        &self.api
    }

    pub fn access(&self) -> &Arc<TableAccess> {
        &self.access
    }

    pub fn room(&self) -> &[IpAddr] {
        &self.room
    }

    pub fn info(&self) -> JoinInfo {
        let code = self.access.code();
        let links: Vec<String> = self.bases().iter().map(|base| format!("{base}/?join={code}")).collect();
        let first = links.first();
        let sides = self
            .access
            .seat_codes()
            .into_iter()
            .filter_map(|(seat, code)| Some(self.seat_join(seat.parse().ok()?, code)))
            .collect();
        JoinInfo {
            qr_svg: first.and_then(|l| lan::qr_svg(l, QR_SIDE)),
            qr_text: first.and_then(|l| lan::qr_text(l)),
            links,
            code,
            port: self.port,
            lan: self.lan,
            sides,
        }
    }

    fn seat_join(&self, seat: Seat, code: String) -> SeatJoin {
        let link = self.bases().first().map(|base| format!("{base}/?join={code}&seat={seat}"));
        SeatJoin { qr_svg: link.as_deref().and_then(|l| lan::qr_svg(l, QR_SIDE)), link, code, seat }
    }

    /// Where the room's devices open this table, the likeliest first: the names it was given (a certificate
    /// names them, not the LAN address), then the addresses on the room's network.
    fn bases(&self) -> Vec<String> {
        if !self.lan {
            return Vec::new();
        }
        let tls = self.access.tls();
        let scheme = if tls { "https" } else { "http" };
        let names = self.access.public_names().iter().map(|name| super::public_name::base(name, self.port, tls));
        names.chain(self.room.iter().map(|ip| format!("{scheme}://{ip}:{}", self.port))).collect()
    }

    /// The code that sits a device at `seat` (one side, or the whole table), issued and stored the first
    /// time it is asked for. No code sits a device as the referee: that seat is the host's machine's.
    pub async fn seat_code(&self, seat: Seat) -> Result<SeatJoin, String> {
        if seat.is_referee() {
            return Err("the referee's seat is the host's machine's: no code sits another device there".into());
        }
        let _one_at_a_time = self.renewing.lock().await;
        let had = self.access.seat_code(&seat);
        let code = self.access.issue_seat_code(&seat);
        if had.is_none() {
            let codes = serde_json::to_string(&self.access.seat_codes()).expect("a map of strings is JSON");
            self.api
                .store()
                .set_setting(SEAT_CODES_SETTING, Some(&codes))
                .await
                .map_err(|e| format!("the code could not be stored: {e}"))?;
        }
        Ok(self.seat_join(seat, code))
    }

    /// A new join code: every device that joined with the old one must join again.
    pub async fn renew_code(&self) -> std::io::Result<JoinInfo> {
        let _one_at_a_time = self.renewing.lock().await;
        let code = new_code();
        let store = self.api.store();
        store.set_setting(SEAT_CODES_SETTING, None).await.map_err(std::io::Error::other)?;
        store.set_join_code(&code).await.map_err(std::io::Error::other)?;
        self.access.replace_code(code);
        self.cut_streams();
        Ok(self.info())
    }

    /// Ends every open stream; the devices still admitted open theirs again.
    pub(super) fn cut_streams(&self) {
        self.cutoff.send_modify(|n| *n += 1);
    }

    pub(super) fn cutoff(&self) -> watch::Receiver<u64> {
        self.cutoff.subscribe()
    }
}

/// The table's join codes (the shared screen's, and each side's handed out), kept in the database so a
/// restarted server takes its devices back in their seats.
pub(super) async fn join_codes(api: &Api, fresh: bool) -> std::io::Result<(String, BTreeMap<String, String>)> {
    let store = api.store();
    let kept = store.join_code().await.map_err(std::io::Error::other)?;
    match kept {
        Some(code) if !fresh => {
            let sides = store.setting(SEAT_CODES_SETTING).await.map_err(std::io::Error::other)?;
            // Codes that do not read back are dropped: the host hands those sides new ones.
            let sides = sides.and_then(|text| serde_json::from_str(&text).ok()).unwrap_or_default();
            Ok((code, sides))
        }
        _ => {
            let code = new_code();
            store.set_setting(SEAT_CODES_SETTING, None).await.map_err(std::io::Error::other)?;
            store.set_join_code(&code).await.map_err(std::io::Error::other)?;
            Ok((code, BTreeMap::new()))
        }
    }
}
