//! Which seat a command is answered for. A device on the LAN says where it sits with each request (its
//! door, `sandtable serve`, reads that and runs the command inside `as_device`); the app's own window is
//! the host, whose seat the player picks and the `Api` keeps.

use std::future::Future;

use super::{Api, ApiError};
use crate::rules::Seat;

tokio::task_local! {
    static DEVICE: Device;
}

/// A device a command came from, as its door knows it.
#[derive(Debug, Clone)]
pub struct Device {
    pub seat: Seat,
    /// Whether it may sit as the referee: the host's own machine only, so a player's tablet cannot ask to
    /// see the other side's secrets.
    pub may_referee: bool,
}

/// Runs `work` answering for `device`: every view it builds is the one that device's seat may see.
pub async fn as_device<F: Future>(device: Device, work: F) -> F::Output {
    DEVICE.scope(device, work).await
}

impl Api {
    /// The seat the current command is answered for: the device's, else the host's.
    pub fn seat(&self) -> Seat {
        DEVICE.try_with(|d| d.seat.clone()).unwrap_or_else(|_| self.host_seat.read().expect("seat lock").clone())
    }

    /// Whether the command comes from the host's own machine (the app's window, or a browser on it): the
    /// desk's author, who may read a scenario whole whatever seat a game has them at.
    pub fn on_host(&self) -> bool {
        DEVICE.try_with(|d| d.may_referee).unwrap_or(true)
    }

    /// The game as the asking seat may see it, the seed kept on the host's machine.
    pub(super) fn view_seen(&self, id: i64, name: &str, game: &crate::game::Game) -> super::GameView {
        self.host_only_seed(super::GameView::seen(id, name, game, &self.seat()))
    }

    /// A view with its seed taken out unless it goes to the host's own machine: a device at the table is
    /// never sent it, whatever seat it asks for.
    pub(super) fn host_only_seed(&self, mut view: super::GameView) -> super::GameView {
        if !self.on_host() {
            view.seed = None;
        }
        view
    }

    /// A listed game as the asking seat may see it: its seed for the referee's seat on the host's machine
    /// alone (a list cannot say which games keep secrets from a seat without opening every one).
    pub(super) fn game_summary_seen(&self, mut summary: super::GameSummary) -> super::GameSummary {
        if !(self.on_host() && self.seat().is_referee()) {
            summary.seed = None;
        }
        summary
    }

    /// Sits the asking device (or, in the app's window, the host) at `seat`. A device keeps its seat
    /// itself and sends it with each request; this checks it may take it.
    pub async fn choose_seat(&self, seat: Seat) -> Result<Seat, ApiError> {
        match DEVICE.try_with(Device::clone) {
            Ok(device) if seat.is_referee() && !device.may_referee => Err(ApiError::new(
                super::ErrorKind::Refused,
                "the referee's seat is the host's: a tablet sits as one side, or as the whole table",
            )),
            Ok(_) => Ok(seat),
            Err(_) => {
                *self.host_seat.write().expect("seat lock") = seat.clone();
                Ok(seat)
            }
        }
    }
}
