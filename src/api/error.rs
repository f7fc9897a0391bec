use serde::{Deserialize, Serialize};

use crate::game::GameError;
use crate::scenario::ScenarioError;
use crate::store::StoreError;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum ErrorKind {
    /// The request itself is wrong: a bad dice face, an unknown unit, a malformed scenario.
    BadInput,
    /// The rules forbid it; `rule` says which.
    Refused,
    NotFound,
    /// Someone else changed the game first (another tablet); reload and try again.
    Conflict,
    /// The campaign database could not be used (including one from a newer Sandtable).
    Store,
    /// The command is taking longer than a device waits (over HTTP); it may still finish.
    Busy,
    Internal,
}

/// What every command returns on failure: plain enough to show a player as it is.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, thiserror::Error)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[error("{message}")]
pub struct ApiError {
    pub kind: ErrorKind,
    pub message: String,
    pub rule: Option<String>,
}

impl ApiError {
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> ApiError {
        ApiError { kind, message: message.into(), rule: None }
    }

    pub fn bad_input(message: impl Into<String>) -> ApiError {
        ApiError::new(ErrorKind::BadInput, message)
    }

    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(ErrorKind::NotFound, message)
    }

    /// The message with a seat's secret words replaced.
    pub fn worded(mut self, secrets: &crate::rules::Secrets) -> ApiError {
        self.message = seen_message(&self.message, secrets);
        self
    }

    /// Whether the fault lies in what was asked (exit code 2 on the command line) rather than elsewhere.
    pub fn is_users(&self) -> bool {
        matches!(self.kind, ErrorKind::BadInput | ErrorKind::Refused | ErrorKind::NotFound)
    }
}

impl From<GameError> for ApiError {
    fn from(e: GameError) -> ApiError {
        match e {
            GameError::Refused(r) => ApiError { kind: ErrorKind::Refused, message: r.message, rule: r.rule },
            GameError::CorruptLog(_) => ApiError::new(ErrorKind::Internal, e.to_string()),
            other => ApiError::bad_input(other.to_string()),
        }
    }
}

impl From<ScenarioError> for ApiError {
    fn from(e: ScenarioError) -> ApiError {
        ApiError::bad_input(e.to_string())
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> ApiError {
        let kind = match &e {
            StoreError::NotFound { .. } => ErrorKind::NotFound,
            StoreError::Taken { .. } | StoreError::Holds { .. } | StoreError::SameDatabase { .. } => {
                ErrorKind::BadInput
            }
            StoreError::Missing { .. } => ErrorKind::NotFound,
            StoreError::Conflict { .. } => ErrorKind::Conflict,
            _ => ErrorKind::Store,
        };
        ApiError::new(kind, e.to_string())
    }
}

/// The engine's words of why something cannot be done, as a seat kept from `secrets` may read them.
pub(super) fn seen_message(message: &str, secrets: &crate::rules::Secrets) -> String {
    let message = secrets.text(message);
    if secrets.counters.is_empty() { message } else { units_listed_in_order(&message) }
}

/// A refusal's list of the game's units ("units are: a, b, c", always its end) in the order of their ids
/// as the seat knows them: in the game's order, the hidden counters' places among the others would say
/// which of the scenario's units each is.
fn units_listed_in_order(message: &str) -> String {
    const LIST: &str = "units are: ";
    let Some(at) = message.rfind(LIST) else { return message.to_string() };
    let (head, list) = message.split_at(at + LIST.len());
    let mut ids: Vec<&str> = list.split(", ").collect();
    ids.sort_unstable();
    format!("{head}{}", ids.join(", "))
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_list_of_units_is_put_in_the_order_of_the_ids_the_seat_knows() {
        assert_eq!(
            super::units_listed_in_order("no unit \"x\" in this game; units are: squad, hidden-2, hidden-3, hidden-1"),
            "no unit \"x\" in this game; units are: hidden-1, hidden-2, hidden-3, squad"
        );
        assert_eq!(super::units_listed_in_order("nothing listed"), "nothing listed");
    }
}
