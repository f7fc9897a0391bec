use serde::{Deserialize, Serialize};

use super::ApiError;
use crate::game::Game;
use crate::measure::{Pt, distance, nearest};
use crate::roster::Unit;

/// The distance between two units as the rules measure it, and whether the first can reach the second
/// with its weapon.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Measurement {
    pub from: String,
    pub to: String,
    /// Nearest figure to nearest figure, in inches: the distance fire and charges use.
    pub nearest: f64,
    /// The two figures the nearest distance runs between, for drawing the line.
    pub from_point: Pt,
    pub to_point: Pt,
    /// Leader to leader (or first figure once a leader has fallen).
    pub leader_to_leader: f64,
    pub weapon: Option<String>,
    pub weapon_range: Option<f64>,
    pub in_range: bool,
    /// One line for a player: "U.S. Marines to Boxers of the West Gate: 19.0" — in range of Rifle (24")".
    pub text: String,
}

impl Measurement {
    pub fn between(game: &Game, from: &str, to: &str) -> Result<Measurement, ApiError> {
        let state = game.state();
        let find = |id: &str| -> Result<&Unit, ApiError> {
            let unit = state.unit(id).ok_or_else(|| ApiError::not_found(format!("no unit {id:?} in this game")))?;
            if unit.is_out() {
                return Err(ApiError::bad_input(format!("{} is out of the game", unit.name)));
            }
            Ok(unit)
        };
        let (a, b) = (find(from)?, find(to)?);
        let (from_figures, to_figures) = (a.alive_positions(), b.alive_positions());
        let pair = nearest(&from_figures, &to_figures).expect("both units have figures");
        let leader_to_leader = distance(a.anchor().unwrap(), b.anchor().unwrap());
        let weapon = game.scenario().rules.weapon(&a.kind);
        // Per RULINGS, a distance exactly on the range is within it.
        let in_range = weapon.as_ref().is_some_and(|w| pair.distance <= w.range + 1e-9);
        let reach = match &weapon {
            Some(w) if in_range => format!(" — in range of {} ({}\")", w.name, w.range),
            Some(w) => format!(" — out of range of {} ({}\")", w.name, w.range),
            None => " — no weapon".to_string(),
        };
        Ok(Measurement {
            from: a.id.clone(),
            to: b.id.clone(),
            nearest: pair.distance,
            from_point: from_figures[pair.a_index],
            to_point: to_figures[pair.b_index],
            leader_to_leader,
            weapon: weapon.as_ref().map(|w| w.name.clone()),
            weapon_range: weapon.as_ref().map(|w| w.range),
            in_range,
            text: format!("{} to {}: {:.1}\"{reach}", a.name, b.name, pair.distance),
        })
    }
}
