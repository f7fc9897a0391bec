use serde::{Deserialize, Serialize};

use super::{Action, Game, GameError};
use crate::dice::{DiceAsk, DiceError};

/// How far the dice typed for an action get: the rolls the rules have called for so far, in order, each
/// with the faces typed for it, and whether the action can now be resolved. A form asks again as each
/// roll is typed, so it can ask for the next roll only once the rules call for it (the leader's D6 only
/// after a natural 1 among the D20s) and put a bad face beside the roll it was typed for.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct DiceCheck {
    pub steps: Vec<DiceStep>,
    /// The typed faces resolve the action as they stand.
    pub ready: bool,
    pub problem: Option<DiceProblem>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct DiceStep {
    #[serde(flatten)]
    pub ask: DiceAsk,
    /// The faces typed for this roll so far: fewer than `ask.count` on the roll still being typed.
    pub faces: Vec<i64>,
}

/// What is wrong with the typed dice, and at which step when it belongs to one.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct DiceProblem {
    pub step: Option<usize>,
    pub message: String,
}

impl Game {
    /// Resolves an action on the faces typed so far (`dice` in the action), recording nothing, and says
    /// which rolls they reached. Running short is not a problem: it is the next roll to type.
    pub fn check_dice(&self, action: &Action) -> DiceCheck {
        let action = &none_typed_yet(action);
        let mut rng = self.rng().asking();
        let result = self.prepare_with(action, &mut rng);
        let typed = typed_faces(action);
        let steps: Vec<DiceStep> = rng
            .take_asked()
            .into_iter()
            .map(|ask| {
                let end = (ask.from + ask.count).min(typed.len());
                let faces = typed[ask.from.min(end)..end].to_vec();
                DiceStep { ask, faces }
            })
            .collect();
        let wanted = steps.last().map_or(0, |s| s.ask.from + s.ask.count);
        match result {
            Ok(_) => DiceCheck { steps, ready: true, problem: None },
            // The rules asked for more than was typed: the last step is the one to type next, unless a
            // face typed for it is one its die lacks.
            Err(ref e) if wanted > typed.len() && !matches!(e, GameError::Dice(DiceError::NotAFace { .. })) => {
                DiceCheck { steps, ready: false, problem: None }
            }
            Err(e) => {
                let step = blamed_step(&e, &steps, typed.len());
                // Faces left over are told of the roll's own box, not counted across the whole list.
                let message = match step.map(|i| &steps[i].ask) {
                    Some(ask) if typed.len() > wanted => {
                        let faces = |n: usize| if n == 1 { "1 face".to_string() } else { format!("{n} faces") };
                        format!("{} takes {}; {} typed", ask.expr, faces(ask.count), faces(typed.len() - ask.from))
                    }
                    _ => e.to_string(),
                };
                DiceCheck { steps, ready: false, problem: Some(DiceProblem { step, message }) }
            }
        }
    }
}

/// The roll a refusal belongs to: a face the die lacks is the last roll read; faces left over are the
/// last roll's too many. Anything else (a rule that forbids the action) belongs to no roll.
fn blamed_step(error: &GameError, steps: &[DiceStep], typed: usize) -> Option<usize> {
    let read: usize = steps.last().map_or(0, |s| s.ask.from + s.ask.count);
    match error {
        GameError::Dice(_) => steps.len().checked_sub(1),
        _ if !steps.is_empty() && typed > read => Some(steps.len() - 1),
        _ => None,
    }
}

/// An action sent with no `dice` is asked what is to be typed for it, not rolled by the app: the check is
/// for a player about to type, so the first roll is the one to type next. An action that takes no dice
/// stays as it was.
fn none_typed_yet(action: &Action) -> Action {
    let Ok(serde_json::Value::Object(mut fields)) = serde_json::to_value(action) else { return action.clone() };
    if fields.get("dice").is_some_and(|d| !d.is_null()) {
        return action.clone();
    }
    fields.insert("dice".into(), serde_json::Value::Array(Vec::new()));
    serde_json::from_value(serde_json::Value::Object(fields)).unwrap_or_else(|_| action.clone())
}

fn typed_faces(action: &Action) -> Vec<i64> {
    serde_json::to_value(action)
        .ok()
        .and_then(|v| v.get("dice").cloned())
        .and_then(|d| serde_json::from_value::<Vec<i64>>(d).ok())
        .unwrap_or_default()
}
