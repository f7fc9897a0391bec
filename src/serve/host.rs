//! `POST /host/new-code`: the host's own browser replaces the join code, dropping every device that joined
//! with the old one. Only this machine may: a device holding the code must not be able to shut the others
//! out, or keep the table to itself.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::Json;
use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};

use super::join::JoinDesk;
use crate::api::{ApiError, ErrorKind};

pub(super) async fn new_code(
    State(desk): State<Arc<JoinDesk>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
) -> Response {
    if !peer.ip().to_canonical().is_loopback() {
        let why = "only the host's own machine may replace the join code";
        return (StatusCode::FORBIDDEN, Json(ApiError::new(ErrorKind::Refused, why))).into_response();
    }
    // The guard asks JSON of /api/ only; asking it here too keeps another site's plain form from posting.
    if !is_json(&headers) {
        let why = "send it as JSON (Content-Type: application/json)";
        return (StatusCode::UNSUPPORTED_MEDIA_TYPE, Json(ApiError::bad_input(why))).into_response();
    }
    match desk.renew_code().await {
        Ok(info) => Json(info).into_response(),
        Err(e) => {
            let why = format!("the new code could not be stored: {e}");
            (StatusCode::INTERNAL_SERVER_ERROR, Json(ApiError::new(ErrorKind::Store, why))).into_response()
        }
    }
}

fn is_json(headers: &HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|v| v.trim().eq_ignore_ascii_case("application/json"))
}
