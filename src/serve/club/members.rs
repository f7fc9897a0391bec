//! The administrator's desk: adding members, setting a forgotten password, signing a member out
//! everywhere (a lost phone), and giving each game's seats. Every member may read who is in the club and
//! who sits where: at a club, who plays whom is no secret.

use std::sync::Arc;

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::{Extension, Json};
use serde::{Deserialize, Serialize};

use super::sign_in::refuse;
use super::token::now_secs;
use super::{Club, Signed, password};
use crate::api::ErrorKind;
use crate::rules::Seat;
use crate::store::{Member, StoreError};

#[derive(Serialize)]
pub(super) struct MemberView {
    name: String,
    admin: bool,
    /// The administrator alone is told these: a member's lockout and open sessions are theirs and the
    /// administrator's business.
    locked_minutes: Option<i64>,
    sessions: Option<i64>,
}

pub(super) async fn list(State(club): State<Arc<Club>>, Extension(signed): Extension<Signed>) -> Response {
    let store = club.api.store();
    let now = now_secs();
    let (members, sessions) = match (store.members().await, store.open_sessions(now).await) {
        (Ok(m), Ok(s)) => (m, s),
        (Err(e), _) | (_, Err(e)) => return store_failed(e),
    };
    let admin = signed.member.is_admin();
    let views: Vec<MemberView> = members
        .into_iter()
        .map(|m| MemberView {
            admin: m.is_admin(),
            locked_minutes: admin
                .then(|| m.locked_until.filter(|until| *until > now).map(|until| (until - now + 59) / 60))
                .flatten(),
            sessions: admin.then(|| sessions.iter().find(|(id, _)| *id == m.id).map_or(0, |(_, n)| *n)),
            name: m.name,
        })
        .collect();
    Json(views).into_response()
}

#[derive(Deserialize)]
pub(super) struct NewMember {
    name: String,
    password: String,
    #[serde(default)]
    admin: bool,
}

pub(super) async fn add(
    State(club): State<Arc<Club>>,
    Extension(signed): Extension<Signed>,
    Json(asked): Json<NewMember>,
) -> Response {
    if let Some(refused) = unless_admin(&signed) {
        return refused;
    }
    let name = asked.name.trim();
    if let Some(why) = name_problem(name) {
        return refuse(StatusCode::UNPROCESSABLE_ENTITY, ErrorKind::BadInput, &why);
    }
    if let Some(why) = password::weakness(&asked.password) {
        return refuse(StatusCode::UNPROCESSABLE_ENTITY, ErrorKind::BadInput, &why);
    }
    let hash = password::hash_off_thread(asked.password).await;
    match club.api.store().add_member(name, &hash, asked.admin).await {
        Ok(member) => (StatusCode::CREATED, Json(super::sign_in::Me::of(&member))).into_response(),
        Err(e @ StoreError::Taken { .. }) => refuse(StatusCode::CONFLICT, ErrorKind::Conflict, &e.to_string()),
        Err(e) => store_failed(e),
    }
}

#[derive(Deserialize)]
pub(super) struct Reset {
    name: String,
    password: String,
}

/// A new password for a member who forgot theirs: their lockout lifted, every session of theirs ended.
pub(super) async fn reset_password(
    State(club): State<Arc<Club>>,
    Extension(signed): Extension<Signed>,
    Json(asked): Json<Reset>,
) -> Response {
    if let Some(refused) = unless_admin(&signed) {
        return refused;
    }
    if let Some(why) = password::weakness(&asked.password) {
        return refuse(StatusCode::UNPROCESSABLE_ENTITY, ErrorKind::BadInput, &why);
    }
    let member = match named_member(&club, &asked.name).await {
        Ok(member) => member,
        Err(refused) => return refused,
    };
    if member.id == signed.member.id {
        // Their own, as any member's: with the current one given again, so a borrowed tablet is not enough.
        let why = "your own password is changed under \"Your password\", with the current one";
        return refuse(StatusCode::UNPROCESSABLE_ENTITY, ErrorKind::Refused, why);
    }
    let hash = password::hash_off_thread(asked.password).await;
    match club.api.store().set_member_password(member.id, &hash).await {
        Ok(()) => StatusCode::NO_CONTENT.into_response(),
        Err(e) => store_failed(e),
    }
}

#[derive(Deserialize)]
pub(super) struct Named {
    name: String,
}

/// Ends every session of a member's, on every server: a phone left on the bus is signed out.
pub(super) async fn sign_out_everywhere(
    State(club): State<Arc<Club>>,
    Extension(signed): Extension<Signed>,
    Json(asked): Json<Named>,
) -> Response {
    if let Some(refused) = unless_admin(&signed) {
        return refused;
    }
    let member = match named_member(&club, &asked.name).await {
        Ok(member) => member,
        Err(refused) => return refused,
    };
    match club.api.store().end_member_sessions(member.id, now_secs()).await {
        Ok(ended) => Json(serde_json::json!({ "ended": ended })).into_response(),
        Err(e) => store_failed(e),
    }
}

#[derive(Serialize)]
pub(super) struct SeatView {
    game: i64,
    member: String,
    seat: Seat,
}

pub(super) async fn seats(State(club): State<Arc<Club>>) -> Response {
    match club.api.store().club_seats().await {
        Ok(rows) => Json(
            rows.into_iter()
                .filter_map(|r| Some(SeatView { game: r.game_id, member: r.member_name, seat: r.seat.parse().ok()? }))
                .collect::<Vec<_>>(),
        )
        .into_response(),
        Err(e) => store_failed(e),
    }
}

#[derive(Deserialize)]
pub(super) struct GiveSeat {
    game: i64,
    member: String,
    /// None takes the member's seat in the game away.
    seat: Option<Seat>,
}

/// Seats a member at one side of a game, or as its referee; `seat: null` takes the seat away. The whole
/// table's seat is no seat to give: a member without one already watches as the table does.
pub(super) async fn give_seat(
    State(club): State<Arc<Club>>,
    Extension(signed): Extension<Signed>,
    Json(asked): Json<GiveSeat>,
) -> Response {
    if let Some(refused) = unless_admin(&signed) {
        return refused;
    }
    let member = match named_member(&club, &asked.member).await {
        Ok(member) => member,
        Err(refused) => return refused,
    };
    let (_, game) = match club.api.load(asked.game).await {
        Ok(loaded) => loaded,
        Err(e) => return (crate::serve::dispatch::status_of(&e), Json(e)).into_response(),
    };
    if let Some(Seat::Side(side)) = &asked.seat
        && !game.scenario().sides.iter().any(|s| s.id == *side)
    {
        let sides: Vec<String> = game.scenario().sides.iter().map(|s| format!("{} ({})", s.id, s.name)).collect();
        let why = format!("game {} has no side {side:?}; its sides are: {}", asked.game, sides.join(", "));
        return refuse(StatusCode::UNPROCESSABLE_ENTITY, ErrorKind::BadInput, &why);
    }
    if asked.seat == Some(Seat::Table) {
        let why = "the whole table's seat is not given: a member with no seat in a game already watches it so; send null to take a seat away";
        return refuse(StatusCode::UNPROCESSABLE_ENTITY, ErrorKind::BadInput, why);
    }
    let seat = asked.seat.as_ref().map(Seat::to_string);
    match club.api.store().set_club_seat(asked.game, member.id, seat.as_deref()).await {
        Ok(()) => StatusCode::NO_CONTENT.into_response(),
        Err(e) => store_failed(e),
    }
}

fn unless_admin(signed: &Signed) -> Option<Response> {
    (!signed.member.is_admin())
        .then(|| refuse(StatusCode::FORBIDDEN, ErrorKind::Refused, "only the club's administrator may do that"))
}

/// Why a member's name cannot be used, or none.
pub fn name_problem(name: &str) -> Option<String> {
    let chars = name.chars().count();
    if chars == 0 {
        return Some("a member needs a name".into());
    }
    if chars > 60 {
        return Some(format!("a member's name has at most 60 characters; this one has {chars}"));
    }
    if name.chars().any(char::is_control) {
        return Some("a member's name is one line of text".into());
    }
    // Characters no one sees (zero-width spaces, direction marks) would make two names that read alike.
    name.chars()
        .any(|c| matches!(c, '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{2069}' | '\u{FEFF}'))
        .then(|| "a member's name has a character no one can see in it: type it again".into())
}

/// The member `name` names, or the answer saying the club has none.
async fn named_member(club: &Club, name: &str) -> Result<Member, Response> {
    match club.api.store().member_by_name(name).await {
        Ok(Some(member)) => Ok(member),
        Ok(None) => Err(no_member(name)),
        Err(e) => Err(store_failed(e)),
    }
}

fn no_member(name: &str) -> Response {
    refuse(StatusCode::NOT_FOUND, ErrorKind::NotFound, &format!("the club has no member named {name:?}"))
}

fn store_failed(e: StoreError) -> Response {
    refuse(StatusCode::INTERNAL_SERVER_ERROR, ErrorKind::Store, &e.to_string())
}
