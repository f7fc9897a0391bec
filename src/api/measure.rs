use serde::{Deserialize, Serialize};

use super::ApiError;
use crate::game::Game;
use crate::measure::{Pt, distance, nearest};
use crate::roster::Unit;
use crate::rules::{Secrets, Weapon};

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
    /// As a seat with `secrets` may know it: a hidden counter is measured from or to its chit (its leader's
    /// place) under its own name and id, with nothing said of its weapon.
    pub fn between(game: &Game, from: &str, to: &str, secrets: &Secrets) -> Result<Measurement, ApiError> {
        let state = game.state();
        let find = |id: &str| -> Result<&Unit, ApiError> {
            let unit = state.unit(id).ok_or_else(|| ApiError::not_found(format!("no unit {id:?} in this game")))?;
            if unit.is_out() {
                return Err(ApiError::bad_input(format!("{} is out of the game", shown_name(unit, secrets))));
            }
            Ok(unit)
        };
        let (a, b) = (find(from)?, find(to)?);
        let places = |u: &Unit| match secrets.counter(&u.id) {
            Some(_) => u.anchor().into_iter().collect(),
            None => u.alive_positions(),
        };
        let (from_figures, to_figures) = (places(a), places(b));
        let pair = nearest(&from_figures, &to_figures).expect("both units have figures");
        let leader_to_leader = distance(a.anchor().unwrap(), b.anchor().unwrap());
        let weapon = game.scenario().rules.weapon(&a.kind).filter(|_| secrets.counter(&a.id).is_none());
        // Per RULINGS, a distance exactly on the range is within it.
        let in_range = weapon.as_ref().is_some_and(|w| pair.distance <= w.range + 1e-9);
        // A unit with no weapon has nothing to say of one; a weapon the rules give no distance, its reach.
        let reach = match &weapon {
            Some(Weapon { reach: Some(words), name, .. }) => format!(" — {name}: {words}"),
            Some(w) if in_range => format!(" — in range of {} ({}\")", w.name, w.range),
            Some(w) => format!(" — out of range of {} ({}\")", w.name, w.range),
            None => String::new(),
        };
        Ok(Measurement {
            from: secrets.shown_id(&a.id),
            to: secrets.shown_id(&b.id),
            nearest: pair.distance,
            from_point: from_figures[pair.a_index],
            to_point: to_figures[pair.b_index],
            leader_to_leader,
            weapon: weapon.as_ref().map(|w| w.name.clone()),
            weapon_range: weapon.as_ref().map(|w| w.range),
            in_range,
            text: secrets.text(&format!(
                "{} to {}: {:.1}\"{reach}",
                shown_name(a, secrets),
                shown_name(b, secrets),
                pair.distance
            )),
        })
    }
}

fn shown_name<'a>(unit: &'a Unit, secrets: &'a Secrets) -> &'a str {
    secrets.counter(&unit.id).map_or(&unit.name, |c| &c.label)
}
