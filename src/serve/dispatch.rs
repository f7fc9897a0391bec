use std::sync::Arc;

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::api::{Api, ApiError, ErrorKind};
use crate::game::Action;
use crate::measure::Pt;

// Argument objects use the camelCase keys the Tauri bindings send, so one generated client serves both.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct NameArgs {
    name: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct CampaignArgs {
    #[serde(default)]
    campaign: Option<i64>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct NewGameArgs {
    scenario: String,
    #[serde(default)]
    seed: Option<String>,
    #[serde(default)]
    campaign: Option<i64>,
    #[serde(default)]
    options: Option<std::collections::BTreeMap<String, bool>>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct IdArgs {
    id: i64,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct ActArgs {
    id: i64,
    action: Action,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct MeasureArgs {
    id: i64,
    from: String,
    to: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct TemplateArgs {
    id: i64,
    center: Pt,
    radius: f64,
}

pub async fn command(State(api): State<Arc<Api>>, Path(command): Path<String>, body: Option<Json<Value>>) -> Response {
    let args = body.map(|Json(v)| v).unwrap_or(Value::Object(Default::default()));
    match run(&api, &command, args).await {
        Ok(value) => Json(value).into_response(),
        Err(err) => (status_of(&err), Json(err)).into_response(),
    }
}

async fn run(api: &Api, command: &str, args: Value) -> Result<Value, ApiError> {
    match command {
        "list_scenarios" => reply(api.list_scenarios().await),
        "list_campaigns" => reply(api.list_campaigns().await),
        "create_campaign" => {
            let a: NameArgs = parse(args)?;
            reply(api.create_campaign(a.name).await)
        }
        "list_games" => {
            let a: CampaignArgs = parse(args)?;
            reply(api.list_games(a.campaign).await)
        }
        "new_game" => {
            let a: NewGameArgs = parse(args)?;
            reply(api.new_game(a.scenario, a.seed, a.campaign, a.options).await)
        }
        "game_view" => {
            let a: IdArgs = parse(args)?;
            reply(api.game_view(a.id).await)
        }
        "game_act" => {
            let a: ActArgs = parse(args)?;
            reply(api.game_act(a.id, a.action).await)
        }
        "game_odds" => {
            let a: ActArgs = parse(args)?;
            reply(api.game_odds(a.id, a.action).await)
        }
        "measure" => {
            let a: MeasureArgs = parse(args)?;
            reply(api.measure(a.id, a.from, a.to).await)
        }
        "template" => {
            let a: TemplateArgs = parse(args)?;
            reply(api.template(a.id, a.center, a.radius).await)
        }
        other => Err(ApiError::not_found(format!("no command {other:?}"))),
    }
}

fn parse<T: DeserializeOwned>(args: Value) -> Result<T, ApiError> {
    serde_json::from_value(args).map_err(|e| ApiError::bad_input(format!("bad arguments: {e}")))
}

fn reply<T: serde::Serialize>(result: Result<T, ApiError>) -> Result<Value, ApiError> {
    let value = result?;
    serde_json::to_value(value).map_err(|e| ApiError::new(ErrorKind::Internal, e.to_string()))
}

fn status_of(err: &ApiError) -> StatusCode {
    match err.kind {
        ErrorKind::BadInput | ErrorKind::Refused => StatusCode::UNPROCESSABLE_ENTITY,
        ErrorKind::NotFound => StatusCode::NOT_FOUND,
        ErrorKind::Conflict => StatusCode::CONFLICT,
        ErrorKind::Store | ErrorKind::Internal => StatusCode::INTERNAL_SERVER_ERROR,
    }
}
