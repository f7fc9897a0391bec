//! Signing in and out. A wrong password counts against the member (locked out for a while after a few in
//! a row, on every server sharing the database) and against the address it came from; a name no member
//! has costs the same time as a wrong password, so the answer does not tell which names are members'.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::{Extension, Json};
use serde::{Deserialize, Serialize};

use super::token::{SESSION_DAYS, cleared_cookie, new_token, now_secs, session_cookie, token_hash};
use super::{Club, Signed, password};
use crate::api::{ApiError, ErrorKind};
use crate::serve::guard::device_address;
use crate::store::Member;

/// Wrong passwords in a row before a member is locked out.
pub const WRONG_IN_A_ROW: i64 = 5;
/// How long a lockout lasts: a guesser gets five tries a quarter hour, a member who forgot waits for
/// the administrator's reset or a cup of tea.
pub const LOCKED_FOR_SECS: i64 = 15 * 60;
/// Wrong passwords from one address in a minute before it must wait.
const WRONG_PER_ADDRESS: u32 = 30;
const MINUTE: Duration = Duration::from_secs(60);
/// Addresses whose wrong passwords are remembered at once; past it the oldest minute's are forgotten.
const ADDRESSES_KEPT: usize = 4096;

#[derive(Deserialize)]
pub(super) struct Credentials {
    name: String,
    password: String,
}

/// Who is signed in, as the page shows it.
#[derive(Serialize)]
pub(super) struct Me {
    name: String,
    admin: bool,
}

impl Me {
    pub(super) fn of(member: &Member) -> Me {
        Me { name: member.name.clone(), admin: member.is_admin() }
    }
}

pub(super) async fn page() -> Response {
    super::pages::sign_in_page(StatusCode::OK)
}

pub(super) async fn sign_in(
    State(club): State<Arc<Club>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Json(asked): Json<Credentials>,
) -> Response {
    // Behind a reverse proxy every device's requests come from the proxy: each is counted by its own.
    let (address, proxied) = device_address(peer, &headers);
    match club.check(address, &asked.name, &asked.password).await {
        Ok(member) => club.start_session(&member, club.secure_for(proxied, &headers)).await,
        Err(refusal) => refusal,
    }
}

pub(super) async fn sign_out(State(club): State<Arc<Club>>, Extension(signed): Extension<Signed>) -> Response {
    if let Err(e) = club.api.store().end_session(&signed.token_hash).await {
        return refuse(StatusCode::INTERNAL_SERVER_ERROR, ErrorKind::Store, &format!("could not sign out: {e}"));
    }
    signed_out(club.secure)
}

/// Answered to a sign-out: the browser forgets its cookie.
pub(super) fn signed_out(secure: bool) -> Response {
    let mut response = StatusCode::NO_CONTENT.into_response();
    if let Ok(cookie) = HeaderValue::from_str(&cleared_cookie(secure)) {
        response.headers_mut().append(header::SET_COOKIE, cookie);
    }
    response
}

pub(super) async fn me(Extension(signed): Extension<Signed>) -> Json<Me> {
    Json(Me::of(&signed.member))
}

#[derive(Deserialize)]
pub(super) struct NewPassword {
    current: String,
    password: String,
}

/// A member's own new password, the current one given again (a borrowed, unlocked tablet must not be
/// enough). Every session of the member's ends with the old password; this browser is signed in afresh.
pub(super) async fn change_password(
    State(club): State<Arc<Club>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Extension(signed): Extension<Signed>,
    Json(asked): Json<NewPassword>,
) -> Response {
    let (address, proxied) = device_address(peer, &headers);
    if let Some(why) = password::weakness(&asked.password) {
        return refuse(StatusCode::UNPROCESSABLE_ENTITY, ErrorKind::BadInput, &why);
    }
    if let Err(refusal) = club.check(address, &signed.member.name, &asked.current).await {
        return refusal;
    }
    let hash = password::hash_off_thread(asked.password).await;
    let store = club.api.store();
    if let Err(e) = store.set_member_password(signed.member.id, &hash).await {
        return refuse(
            StatusCode::INTERNAL_SERVER_ERROR,
            ErrorKind::Store,
            &format!("the password was not changed: {e}"),
        );
    }
    // Every other browser signed in as this member is signed out; this one carries on with a new session.
    club.start_session(&signed.member, club.secure_for(proxied, &headers)).await
}

impl Club {
    /// Whether the browser reached this server over HTTPS: served so here, or, through a reverse proxy on
    /// this machine, by the proxy's word (`X-Forwarded-Proto`), so the session cookie is never sent in clear.
    fn secure_for(&self, proxied: bool, headers: &HeaderMap) -> bool {
        let proto = headers.get("x-forwarded-proto").and_then(|v| v.to_str().ok());
        self.secure || (proxied && proto.is_some_and(|p| p.trim().eq_ignore_ascii_case("https")))
    }

    /// A new session for `member`: kept in the database, handed to the browser as its cookie.
    async fn start_session(&self, member: &Member, secure: bool) -> Response {
        let token = new_token();
        let expires = now_secs() + SESSION_DAYS * 24 * 3600;
        if let Err(e) = self.api.store().add_session(&token_hash(&token), member.id, expires).await {
            let why = format!("the sign-in could not be kept: {e}");
            return refuse(StatusCode::INTERNAL_SERVER_ERROR, ErrorKind::Store, &why);
        }
        let mut response = Json(Me::of(member)).into_response();
        if let Ok(cookie) = HeaderValue::from_str(&session_cookie(&token, secure)) {
            response.headers_mut().append(header::SET_COOKIE, cookie);
        }
        response
    }

    /// The member `name` names, when `password` is theirs and they are not locked out; otherwise the
    /// answer to send. A name no member has, a wrong password and a locked-out member are answered alike,
    /// after the same work, so the answer tells no one which names are members'.
    async fn check(&self, peer: IpAddr, name: &str, password: &str) -> Result<Member, Response> {
        if self.address_cooling(peer) {
            return Err(refuse(
                StatusCode::TOO_MANY_REQUESTS,
                ErrorKind::Busy,
                "too many wrong passwords from this device in the last minute: wait a minute, then try again",
            ));
        }
        // Each check holds 19 MiB for tens of milliseconds: past a few at once, a try is told to come back
        // rather than let a crowd of them take the server's memory.
        let Ok(_hashing) = self.hashing.try_acquire() else {
            return Err(refuse(
                StatusCode::SERVICE_UNAVAILABLE,
                ErrorKind::Busy,
                "the server is checking many sign-ins at once: try again in a moment",
            ));
        };
        let store_failed = |e: crate::store::StoreError| {
            refuse(
                StatusCode::INTERNAL_SERVER_ERROR,
                ErrorKind::Store,
                &format!("the sign-in could not be checked: {e}"),
            )
        };
        let store = self.api.store();
        let now = now_secs();
        let found = store.member_by_name(name).await.map_err(store_failed)?;
        let reserved = match &found {
            Some(member) => store
                .reserve_sign_in(member.id, WRONG_IN_A_ROW, now, now + LOCKED_FOR_SECS)
                .await
                .map_err(store_failed)?,
            None => None,
        };
        let kept = match (&found, reserved) {
            (Some(member), Some(_)) => Some(member.password_hash.clone()),
            _ => None,
        };
        let given = password.to_string();
        let right = tokio::task::spawn_blocking(move || match kept {
            Some(kept) => password::matches(&given, &kept),
            None => {
                password::spend_as_if_checking(&given);
                false
            }
        })
        .await
        .unwrap_or(false);
        match found {
            Some(member) if right => {
                store.clear_failed_sign_ins(member.id).await.map_err(store_failed)?;
                Ok(member)
            }
            _ => {
                self.count_wrong(peer);
                Err(wrong())
            }
        }
    }

    fn address_cooling(&self, peer: IpAddr) -> bool {
        let wrong = self.wrong_by_address.lock().expect("the wrong-password lock is never poisoned");
        wrong.get(&peer).is_some_and(|(since, n)| since.elapsed() < MINUTE && *n >= WRONG_PER_ADDRESS)
    }

    fn count_wrong(&self, peer: IpAddr) {
        let mut wrong = self.wrong_by_address.lock().expect("the wrong-password lock is never poisoned");
        let now = Instant::now();
        if wrong.len() >= ADDRESSES_KEPT {
            wrong.retain(|_, (since, _)| now.duration_since(*since) < MINUTE);
        }
        let entry = wrong.entry(peer).or_insert((now, 0));
        if now.duration_since(entry.0) >= MINUTE {
            *entry = (now, 0);
        }
        entry.1 += 1;
    }
}

fn wrong() -> Response {
    refuse(
        StatusCode::UNAUTHORIZED,
        ErrorKind::Refused,
        &format!(
            "that name and password are not a member's of this club, or the member is locked out for {} minutes after {WRONG_IN_A_ROW} wrong passwords in a row: check both, wait, or ask the club's administrator for a new password",
            LOCKED_FOR_SECS / 60
        ),
    )
}

pub(super) fn refuse(status: StatusCode, kind: ErrorKind, why: &str) -> Response {
    (status, Json(ApiError::new(kind, why))).into_response()
}
