//! A stream of live entries outlasts the check its request passed: a device dropped by a new code would
//! go on hearing the game, and a closing table would wait forever for its streams to finish. So each one
//! ends when the host cuts them; a device still admitted opens it again by itself.

use std::sync::Arc;

use axum::body::Body;
use axum::extract::State;
use axum::http::header;
use axum::response::Response;
use futures_util::StreamExt;

use super::join::JoinDesk;

pub(super) async fn end_streams_on_cutoff(State(desk): State<Arc<JoinDesk>>, response: Response) -> Response {
    let is_stream = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("text/event-stream"));
    if !is_stream {
        return response;
    }
    let mut cutoff = desk.cutoff();
    let (parts, body) = response.into_parts();
    let until_cut = body.into_data_stream().take_until(async move {
        let _ = cutoff.changed().await;
    });
    Response::from_parts(parts, Body::from_stream(until_cut))
}
