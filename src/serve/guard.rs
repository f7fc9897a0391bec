//! Every request passes here before it reaches a command or a file: addressed to this server by its own
//! name, not sent by another site's page, and, from any device but this one, carrying the join code.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use axum::extract::{ConnectInfo, Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::access::{Admission, TableAccess};
use crate::api::{ApiError, ErrorKind};
use crate::rules::Seat;

/// The cookie a joined device keeps its code in, so the page's own requests carry it.
pub const CODE_COOKIE: &str = "sandtable_join";

pub async fn guard(
    State(access): State<Arc<TableAccess>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    mut request: Request,
    next: Next,
) -> Response {
    let headers = request.headers();
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok()).unwrap_or_default().to_string();
    if !access.is_own_host(&host) {
        return refuse(
            StatusCode::MISDIRECTED_REQUEST,
            format!("this server answers only to its own address, not {host:?}"),
        );
    }
    if let Some(why) = cross_site(headers, &host) {
        return refuse(StatusCode::FORBIDDEN, why);
    }
    // What a page can post without asking is a form or plain text: every post here (a command, the host's
    // routes) takes JSON only.
    if request.method() == axum::http::Method::POST && !is_json(headers) {
        return refuse(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "commands are sent as JSON (Content-Type: application/json)".into(),
        );
    }
    // This machine is the host's own: only other devices need the code. A reverse proxy on this machine
    // (it says so with X-Forwarded-For) passes on other devices' requests: they need the code as any other
    // device does, and their wrong codes are counted by the address the proxy saw, not all as one.
    let (address, proxied) = device_address(peer, headers);
    let from_host = is_loopback(peer) && !proxied;
    let page = super::door_page::is_page(request.method(), request.uri().path(), headers);
    let from_link = query_param(request.uri().query(), "join");
    // A link's code first: a device joining again with a new code still holds the old one in its cookie.
    let presented = from_link.clone().or_else(|| bearer(headers)).or_else(|| cookie(headers, CODE_COOKIE));
    let admission =
        if from_host { Admission::Admitted(Seat::Table) } else { access.admit(address, presented.as_deref()) };
    match admission {
        Admission::Admitted(joined_as) => {
            let device = match from_host {
                true => super::seat::host_device(request.headers(), request.uri().query()),
                false => super::seat::joined_device(request.headers(), joined_as.clone()),
            };
            match device {
                Ok(device) => request.extensions_mut().insert(device),
                Err(why) => return refuse_device(page, StatusCode::FORBIDDEN, &why),
            };
            let mut response = next.run(request).await;
            // Joined by the link (the QR code): the page's later requests carry the code as a cookie, the
            // table's own spelling of it, not whatever the link said. Over HTTPS, never sent in the clear.
            let secure = if access.tls() { "; Secure" } else { "" };
            if !from_host
                && from_link.is_some()
                && let Some(code) = access.seat_code(&joined_as)
                && let Ok(value) =
                    HeaderValue::from_str(&format!("{CODE_COOKIE}={code}; Path=/; HttpOnly; SameSite=Strict{secure}"))
            {
                response.headers_mut().append(header::SET_COOKIE, value);
            }
            response
        }
        Admission::NoCode => refuse_device(
            page,
            StatusCode::UNAUTHORIZED,
            "join this table first: scan its QR code, or open its address with the join code the host's screen shows",
        ),
        Admission::WrongCode => refuse_device(
            page,
            StatusCode::UNAUTHORIZED,
            "that join code is not this table's (it may have been replaced): ask the host for the new one",
        ),
        Admission::Cooling => refuse_device(
            page,
            StatusCode::TOO_MANY_REQUESTS,
            "too many wrong join codes from this device in the last minute: wait a minute, then join again",
        ),
    }
}

/// A device turned away: a browser opening a page is shown one, with a box for the code where typing it
/// would help; anything else is answered as a command is.
fn refuse_device(page: bool, status: StatusCode, message: &str) -> Response {
    match page {
        true => super::door_page::refusal(status, message, status == StatusCode::UNAUTHORIZED),
        false => refuse(status, message.into()),
    }
}

/// A page of another site may post to this server (a form, or a fetch it cannot read back), and the
/// browser would send it. Browsers say where a request comes from; anything not from this server's own
/// pages is refused.
pub(super) fn cross_site(headers: &HeaderMap, host: &str) -> Option<String> {
    let site = headers.get("sec-fetch-site").and_then(|v| v.to_str().ok());
    if site == Some("cross-site") || site == Some("same-site") {
        return Some("requests from another site's pages are refused".into());
    }
    let origin = headers.get(header::ORIGIN)?.to_str().ok()?;
    // The scheme is left out: behind a reverse proxy the page is https:// while this server speaks http.
    let origin_host = origin.split_once("://").map_or(origin, |(_, rest)| rest);
    (!origin_host.eq_ignore_ascii_case(host)).then(|| format!("requests from {origin} are refused"))
}

fn is_loopback(peer: SocketAddr) -> bool {
    peer.ip().is_loopback() || peer.ip().to_canonical().is_loopback()
}

/// The device a request comes from: its peer's address, or, passed on by a reverse proxy on this machine
/// (it says so with X-Forwarded-For), the address the proxy took it from; and whether it was passed on.
pub(super) fn device_address(peer: SocketAddr, headers: &HeaderMap) -> (IpAddr, bool) {
    let proxied =
        is_loopback(peer) && (headers.contains_key("x-forwarded-for") || headers.contains_key(header::FORWARDED));
    match proxied {
        true => (forwarded_for(headers).unwrap_or(peer.ip()), true),
        false => (peer.ip(), false),
    }
}

/// The address the proxy took the request from: the last one in X-Forwarded-For, the one it added (any
/// before it were sent by the client, and prove nothing).
fn forwarded_for(headers: &HeaderMap) -> Option<IpAddr> {
    let value = headers.get_all("x-forwarded-for").iter().next_back()?.to_str().ok()?;
    value.rsplit(',').next()?.trim().parse().ok()
}

pub(super) fn is_json(headers: &HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|v| v.trim().eq_ignore_ascii_case("application/json"))
}

fn bearer(headers: &HeaderMap) -> Option<String> {
    let value = headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    value.strip_prefix("Bearer ").map(|code| code.trim().to_string())
}

pub(super) fn cookie(headers: &HeaderMap, wanted: &str) -> Option<String> {
    headers.get_all(header::COOKIE).iter().filter_map(|v| v.to_str().ok()).flat_map(|v| v.split(';')).find_map(|pair| {
        let (name, value) = pair.trim().split_once('=')?;
        (name == wanted).then(|| value.to_string())
    })
}

/// A link's `?name=value`, percent-decoded (`side%3Amoros` is `side:moros`).
pub(super) fn query_param(query: Option<&str>, name: &str) -> Option<String> {
    form_urlencoded::parse(query?.as_bytes()).find(|(key, _)| key == name).map(|(_, value)| value.into_owned())
}

fn refuse(status: StatusCode, message: String) -> Response {
    let kind = match status {
        StatusCode::TOO_MANY_REQUESTS => ErrorKind::Busy,
        _ => ErrorKind::Refused,
    };
    (status, axum::Json(ApiError::new(kind, message))).into_response()
}
