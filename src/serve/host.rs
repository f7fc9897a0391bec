//! The host's own routes, for a host working in a browser on the host's machine: `POST /host/join` (how
//! devices join: the links, the code, its QR code) and `POST /host/new-code` (a new code, dropping every
//! device that joined with the old one). Only this machine may: a device holding the code must not be able
//! to shut the others out, or keep the table to itself.

use std::sync::Arc;

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::{Extension, Json};

use super::join::JoinDesk;
use crate::api::{ApiError, Device, ErrorKind};

pub(super) async fn join(State(desk): State<Arc<JoinDesk>>, Extension(device): Extension<Device>) -> Response {
    match refusal_unless_host(&device) {
        None => Json(desk.info()).into_response(),
        Some(refused) => refused,
    }
}

pub(super) async fn new_code(State(desk): State<Arc<JoinDesk>>, Extension(device): Extension<Device>) -> Response {
    if let Some(refused) = refusal_unless_host(&device) {
        return refused;
    }
    match desk.renew_code().await {
        Ok(info) => Json(info).into_response(),
        Err(e) => {
            let why = format!("the new code could not be stored: {e}");
            (StatusCode::INTERNAL_SERVER_ERROR, Json(ApiError::new(ErrorKind::Store, why))).into_response()
        }
    }
}

/// The code that sits a device at one side (`{"seat": {"seat": "side", "side": "us"}}`).
pub(super) async fn seat_code(
    State(desk): State<Arc<JoinDesk>>,
    Extension(device): Extension<Device>,
    Json(asked): Json<SeatAsked>,
) -> Response {
    if let Some(refused) = refusal_unless_host(&device) {
        return refused;
    }
    match desk.seat_code(asked.seat).await {
        Ok(join) => Json(join).into_response(),
        Err(why) => (StatusCode::UNPROCESSABLE_ENTITY, Json(ApiError::new(ErrorKind::Refused, why))).into_response(),
    }
}

#[derive(serde::Deserialize)]
pub(super) struct SeatAsked {
    seat: crate::rules::Seat,
}

/// The door lets the host's machine sit as the referee and no other device: the same line, drawn once.
fn refusal_unless_host(device: &Device) -> Option<Response> {
    let why = "only the host's own machine may see or replace the join code";
    (!device.may_referee).then(|| (StatusCode::FORBIDDEN, Json(ApiError::new(ErrorKind::Refused, why))).into_response())
}
