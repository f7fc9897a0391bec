//! Which seat a command is answered for. A device on the LAN says where it sits with each request (its
//! door, `sandtable serve`, reads that and runs the command inside `as_device`); the app's own window is
//! the host, whose seat the player picks and the `Api` keeps.

use std::collections::HashMap;
use std::future::Future;
use std::sync::Arc;

use super::{Api, ApiError};
use crate::rules::Seat;

/// Where a device sits, as its screen shows it.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct DeviceSeat {
    pub seat: Seat,
    /// Whether it may change seat from its own screen: the host's machine only.
    pub may_move: bool,
    /// On a club's server, the signed-in member's name: their seats are given by the club, game by game.
    pub member: Option<String>,
}

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
    /// On a club server, the signed-in member's seats: each game is answered for the seat the member was
    /// given in it, whatever `seat` says.
    pub club: Option<Arc<ClubSeats>>,
}

/// A club member's seats, game by game (`serve --club`). A game the member has no seat in is watched as
/// the whole table does, and not played.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ClubSeats {
    pub member: i64,
    pub name: String,
    pub admin: bool,
    pub by_game: HashMap<i64, Seat>,
}

impl ClubSeats {
    pub fn seat_in(&self, game: i64) -> Seat {
        self.by_game.get(&game).cloned().unwrap_or(Seat::Table)
    }
}

impl Device {
    /// The seat this device is answered for in game `game`.
    pub fn seat_in(&self, game: i64) -> Seat {
        match &self.club {
            Some(club) => club.seat_in(game),
            None => self.seat.clone(),
        }
    }
}

/// Runs `work` answering for `device`: every view it builds is the one that device's seat may see.
pub async fn as_device<F: Future>(device: Device, work: F) -> F::Output {
    DEVICE.scope(device, work).await
}

/// Runs `work` answering for `device`, outside any await: one action of several served together, each
/// for the device that sent it.
pub(super) fn in_seat<R>(device: &Device, work: impl FnOnce() -> R) -> R {
    DEVICE.sync_scope(device.clone(), work)
}

/// Why a device that joined as `joined_as` cannot sit at `asked`.
pub fn elsewhere(joined_as: &Seat, asked: &Seat) -> String {
    format!(
        "this device joined as {}; to sit as {}, join with that seat's own code from the host's screen",
        seat_words(joined_as),
        seat_words(asked)
    )
}

fn seat_words(seat: &Seat) -> String {
    match seat {
        Seat::Table => "the whole table".into(),
        Seat::Referee => "the referee".into(),
        Seat::Side(side) => format!("side {side}"),
    }
}

impl Api {
    /// Where the asking device sits, and whether it may sit elsewhere (the host's machine may; a device
    /// that joined sits where its code puts it).
    pub async fn device_seat(&self, game: Option<i64>) -> Result<DeviceSeat, ApiError> {
        let member = self.club_member();
        Ok(DeviceSeat {
            seat: game.map_or_else(|| self.seat(), |game| self.seat_in(game)),
            may_move: self.on_host() && member.is_none(),
            member: member.map(|m| m.name.clone()),
        })
    }

    /// The seat the current command is answered for where it is about no one game: the device's, else the
    /// host's.
    pub fn seat(&self) -> Seat {
        DEVICE.try_with(|d| d.seat.clone()).unwrap_or_else(|_| self.host_seat.read().expect("seat lock").clone())
    }

    /// The seat the current command is answered for in game `game`: a club member's is the one given in
    /// that game.
    pub fn seat_in(&self, game: i64) -> Seat {
        DEVICE.try_with(|d| d.seat_in(game)).unwrap_or_else(|_| self.host_seat.read().expect("seat lock").clone())
    }

    /// A club member's seats, when the command comes from one.
    pub(super) fn club_member(&self) -> Option<Arc<ClubSeats>> {
        DEVICE.try_with(|d| d.club.clone()).ok().flatten()
    }

    /// The device the current command comes from; the app's own window is the host's machine at the seat
    /// the player chose.
    pub(super) fn device(&self) -> Device {
        DEVICE.try_with(Device::clone).unwrap_or_else(|_| Device {
            seat: self.host_seat.read().expect("seat lock").clone(),
            may_referee: true,
            club: None,
        })
    }

    /// Whether the command comes from the host's own machine (the app's window, or a browser on it): the
    /// desk's author, who may read a scenario whole whatever seat a game has them at.
    pub fn on_host(&self) -> bool {
        DEVICE.try_with(|d| d.may_referee).unwrap_or(true)
    }

    /// The game as the asking seat may see it, the seed kept on the host's machine.
    pub(super) fn view_seen(&self, id: i64, name: &str, game: &crate::game::Game) -> super::GameView {
        self.fresh_seen(id, name, game).view
    }

    /// The same as it is sent, with its JSON and version, built afresh (a game read back at an entry).
    fn fresh_seen(&self, id: i64, name: &str, game: &crate::game::Game) -> super::SentView {
        super::SentView::of(self.host_only_seed(super::GameView::seen(id, name, game, &self.seat_in(id))))
    }

    /// The game as it stands, as the asking seat is sent it: the one this seat was last sent when the game
    /// has not moved since, for working out the next change from it.
    pub(super) fn sent_seen(&self, id: i64, name: &str, game: &crate::game::Game) -> std::sync::Arc<super::SentView> {
        let seat = self.seat_in(id);
        self.sent.view((id, &seat, self.on_host()), (game.events().len(), name), || self.fresh_seen(id, name, game))
    }

    /// What makes `now` of `before`, two views of game `id` the asking seat was sent.
    pub(super) fn change_seen(
        &self,
        id: i64,
        before: &super::SentView,
        now: &std::sync::Arc<super::SentView>,
    ) -> std::sync::Arc<super::ViewChange> {
        self.sent.change((id, &self.seat_in(id), self.on_host()), before, now)
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

    /// Sits the asking device (or, in the app's window, the host) at `seat`. The host's machine keeps
    /// its seat itself and sends it with each request; another device sits only where the code it joined
    /// with puts it, so this only says whether it is there.
    pub async fn choose_seat(&self, seat: Seat) -> Result<Seat, ApiError> {
        match DEVICE.try_with(Device::clone) {
            Ok(device) if seat.is_referee() && !device.may_referee => Err(ApiError::new(
                super::ErrorKind::Refused,
                "the referee's seat is the host's: a device sits where the code it joined with puts it",
            )),
            Ok(device) if !device.may_referee && seat != device.seat => {
                Err(ApiError::new(super::ErrorKind::Refused, elsewhere(&device.seat, &seat)))
            }
            Ok(_) => Ok(seat),
            Err(_) => {
                *self.host_seat.write().expect("seat lock") = seat.clone();
                Ok(seat)
            }
        }
    }
}
