//! `POST /api/<command>`: each command of the app's list (`for_each_command!`), its arguments read from
//! a JSON object with the camelCase keys the Tauri bindings send, so one generated client serves both.

use std::sync::Arc;
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::{Extension, Json};
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::api::{Api, ApiError, Device, ErrorKind, as_device, within_budget};

/// How long one command may take before its caller is answered that it is still working. The engine's
/// bounds (dice, figures, text) keep every command far below it; this is what a device sees if one
/// does not.
const BUDGET: Duration = Duration::from_secs(10);

/// The commands a table's devices send most, each a few milliseconds' work at most between waits on the
/// store (but the first read of a game, which replays its log once for the process to keep): run on the
/// runtime's own threads, where a wait hands the thread to another request rather than
/// parking a thread of its own (with eight devices tapping, most of an action's time was threads waking
/// each other). A panic in one still ends in a 500, through its task's join.
const ON_THE_RUNTIME: [&str; 2] = ["game_act", "game_view"];

/// Runs the command on a blocking thread, so a long odds table or replay never holds up the threads
/// that accept and answer other devices' requests; a panic becomes a 500 with a message, not a
/// dropped connection.
pub async fn command(
    State(api): State<Arc<Api>>,
    Path(command): Path<String>,
    Extension(device): Extension<Device>,
    body: Bytes,
) -> Response {
    // The body is read whole, within the router's limit (a larger one is answered 413 before this runs);
    // an empty one is a command without arguments.
    let args = if body.is_empty() {
        Value::Object(Default::default())
    } else {
        match serde_json::from_slice(&body) {
            Ok(v) => v,
            Err(e) => {
                let err = ApiError::bad_input(format!("the request is not JSON: {e}"));
                return (status_of(&err), Json(err)).into_response();
            }
        }
    };
    let runtime = tokio::runtime::Handle::current();
    let name = command.clone();
    let due = std::time::Instant::now() + BUDGET;
    let work = if ON_THE_RUNTIME.contains(&command.as_str()) {
        tokio::spawn(async move { as_device(device, within_budget(due, run(&api, &command, args))).await })
    } else {
        tokio::task::spawn_blocking(move || {
            runtime.block_on(as_device(device, within_budget(due, run(&api, &command, args))))
        })
    };
    let answer = match tokio::time::timeout(BUDGET, work).await {
        Ok(Ok(answer)) => answer,
        Ok(Err(failed)) => {
            Err(ApiError::new(ErrorKind::Internal, format!("{name} failed inside the engine: {failed}")))
        }
        Err(_) => Err(ApiError::new(
            ErrorKind::Busy,
            format!("{name} took longer than {} s; try again, or ask for less", BUDGET.as_secs()),
        )),
    };
    match answer {
        Ok(value) => Json(value).into_response(),
        Err(err) => (status_of(&err), Json(err)).into_response(),
    }
}

/// `open_photo` has a route of its own only so its body may be a photo's size, not a command's.
pub async fn open_photo(api: State<Arc<Api>>, device: Extension<Device>, body: Bytes) -> Response {
    command(api, Path("open_photo".to_string()), device, body).await
}

macro_rules! routes {
    ($($(#[$doc:meta])* $name:ident($($arg:ident: $ty:ty),* $(,)?) -> $ret:ty;)*) => {
        async fn run(api: &Api, command: &str, args: Value) -> Result<Value, ApiError> {
            match command {
                $(stringify!($name) => {
                    #[derive(serde::Deserialize)]
                    #[serde(rename_all = "camelCase", deny_unknown_fields)]
                    struct Args {
                        $($arg: $ty,)*
                    }
                    #[allow(unused_variables)]
                    let args: Args = parse(args)?;
                    reply(api.$name($(args.$arg.into()),*).await)
                })*
                other => Err(ApiError::not_found(format!("no command {other:?}"))),
            }
        }
    };
}

crate::for_each_command!(routes);

fn parse<T: DeserializeOwned>(args: Value) -> Result<T, ApiError> {
    serde_json::from_value(args).map_err(|e| ApiError::bad_input(format!("bad arguments: {e}")))
}

fn reply<T: serde::Serialize>(result: Result<T, ApiError>) -> Result<Value, ApiError> {
    let value = result?;
    serde_json::to_value(value).map_err(|e| ApiError::new(ErrorKind::Internal, e.to_string()))
}

pub(super) fn status_of(err: &ApiError) -> StatusCode {
    match err.kind {
        ErrorKind::BadInput | ErrorKind::Refused => StatusCode::UNPROCESSABLE_ENTITY,
        ErrorKind::NotFound => StatusCode::NOT_FOUND,
        ErrorKind::Conflict => StatusCode::CONFLICT,
        ErrorKind::Store | ErrorKind::Internal => StatusCode::INTERNAL_SERVER_ERROR,
        ErrorKind::Busy => StatusCode::SERVICE_UNAVAILABLE,
    }
}
