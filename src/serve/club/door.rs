//! Every request to a club server passes here: not sent by another site's page, and, but for signing in,
//! carrying a session of a member's. The member's seats are read with each request (they change when the
//! administrator gives one), and a live stream ends when its session does or its seats change, on this
//! server or another, so a signed-out member stops hearing the game and a re-seated one is answered anew.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::extract::{ConnectInfo, Request, State};
use axum::http::{HeaderMap, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::Response;
use futures_util::StreamExt;

use super::sign_in::refuse;
use super::token::{SESSION_COOKIE, now_secs, token_hash};
use super::{Club, Signed, policy};
use crate::api::{ClubSeats, Device, ErrorKind};
use crate::rules::Seat;
use crate::serve::door_page;
use crate::serve::guard::{cookie, cross_site, is_json};
use crate::store::{Member, StoreError};

/// How often a live stream looks whether its session still holds and its seats are as they were.
const STREAM_CHECK: Duration = Duration::from_secs(2);

pub async fn door(
    State(club): State<Arc<Club>>,
    ConnectInfo(_peer): ConnectInfo<SocketAddr>,
    mut request: Request,
    next: Next,
) -> Response {
    let headers = request.headers();
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok()).unwrap_or_default().to_string();
    let path = request.uri().path().to_string();
    let page = door_page::is_page(request.method(), &path, headers);
    // A page of another site that pointed its own name at this server (DNS rebinding) would be answered as
    // this server's own: only its own names are.
    if !club.access.is_own_host(&host) {
        let why = format!("this server answers only to its own address, not {host:?} (see serve --public-name)");
        return refuse(StatusCode::MISDIRECTED_REQUEST, ErrorKind::Refused, &why);
    }
    // A page opened from a link in another site (a chat) is let in: it reads nothing and changes nothing,
    // and its cookie, SameSite=Strict, is not sent with it, so the member is shown where to sign in.
    if !page && let Some(why) = cross_site(headers, &host) {
        return refuse(StatusCode::FORBIDDEN, ErrorKind::Refused, &why);
    }
    if request.method() == Method::POST && !is_json(headers) {
        let why = "requests are sent as JSON (Content-Type: application/json)";
        return refuse(StatusCode::UNSUPPORTED_MEDIA_TYPE, ErrorKind::Refused, why);
    }
    if path == "/club/sign-in" {
        return next.run(request).await;
    }
    let signed = match club.signed_in(request.headers()).await {
        Ok(Some(signed)) => signed,
        // Signing out of a session already ended still takes the cookie away.
        Ok(None) if path == "/club/sign-out" => return super::sign_in::signed_out(club.secure),
        Ok(None) if page => return super::pages::sign_in_page(StatusCode::UNAUTHORIZED),
        Ok(None) => {
            let why = "sign in first: this is a club's server, and its games are its members'";
            return refuse(StatusCode::UNAUTHORIZED, ErrorKind::Refused, why);
        }
        Err(e) => return refuse(StatusCode::INTERNAL_SERVER_ERROR, ErrorKind::Store, &e.to_string()),
    };
    if let Some(command) = path.strip_prefix("/api/")
        && !command.starts_with("live/")
        && !signed.member.is_admin()
        && !policy::member_may(command)
    {
        let why = format!("{command} is the club's administrator's to do");
        return refuse(StatusCode::FORBIDDEN, ErrorKind::Refused, &why);
    }
    let seats = match club.seats_of(&signed.member).await {
        Ok(seats) => Arc::new(seats),
        Err(e) => return refuse(StatusCode::INTERNAL_SERVER_ERROR, ErrorKind::Store, &e.to_string()),
    };
    request.extensions_mut().insert(Device { seat: Seat::Table, may_referee: false, club: Some(seats.clone()) });
    request.extensions_mut().insert(signed.clone());
    let mut response = next.run(request).await;
    if page {
        // A page is asked for again each time it is opened, so a member signed out (here or elsewhere) is
        // shown the sign-in page rather than the app from the browser's cache, answering nothing.
        response.headers_mut().insert(header::CACHE_CONTROL, axum::http::HeaderValue::from_static("no-cache"));
    }
    if is_stream(&response) { club.while_seated(response, signed, seats) } else { response }
}

impl Club {
    /// The member whose session the request carries, while the session lasts.
    async fn signed_in(&self, headers: &HeaderMap) -> Result<Option<Signed>, StoreError> {
        let Some(token) = cookie(headers, SESSION_COOKIE) else { return Ok(None) };
        let token_hash = token_hash(&token);
        let member = self.api.store().session_member(&token_hash, now_secs()).await?;
        Ok(member.map(|member| Signed { member, token_hash }))
    }

    async fn seats_of(&self, member: &Member) -> Result<ClubSeats, StoreError> {
        let by_game: HashMap<i64, Seat> = self
            .api
            .store()
            .member_seats(member.id)
            .await?
            .into_iter()
            .filter_map(|(game, seat)| Some((game, seat.parse().ok()?)))
            .collect();
        Ok(ClubSeats { member: member.id, name: member.name.clone(), admin: member.is_admin(), by_game })
    }

    /// The stream, ended once its session is over or its member's seats are not those it was opened
    /// with (the page opens it again, and is answered for the seats as they now are, or sent to sign in).
    fn while_seated(self: Arc<Self>, response: Response, signed: Signed, seats: Arc<ClubSeats>) -> Response {
        let still = async move {
            loop {
                tokio::time::sleep(STREAM_CHECK).await;
                let now = self.api.store().session_member(&signed.token_hash, now_secs()).await;
                let member = match now {
                    Ok(Some(member)) => member,
                    Ok(None) => return,
                    // The database out of reach for a moment is no reason to cut the table off.
                    Err(_) => continue,
                };
                if let Ok(now_seats) = self.seats_of(&member).await
                    && now_seats != *seats
                {
                    return;
                }
            }
        };
        let (parts, body) = response.into_parts();
        Response::from_parts(parts, Body::from_stream(body.into_data_stream().take_until(still)))
    }
}

fn is_stream(response: &Response) -> bool {
    response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("text/event-stream"))
}
