//! What a rule system says about placing a unit's figures by hand: whether the unit may now (one figure
//! moved, the unit formed up around its leader), how far from the leader its figures may stand, how far a
//! figure may be carried, and what placing costs. The engine checks the figures against it; a correction
//! of where the table really stands is never held to it.

use serde::{Deserialize, Serialize};

use crate::game::Effect;

#[derive(Debug, Clone, PartialEq)]
pub struct Placement {
    /// Every figure within this many inches of its leader (of the figure the unit measures from, once the
    /// leader has fallen).
    pub around_leader: Option<f64>,
    /// No figure put farther than this from where it stood.
    pub step: Option<f64>,
    /// Figures are carried out of the unit's movement roll: the farthest figure placed takes its distance
    /// off what is left, and none goes farther than that.
    pub spends_allowance: bool,
    /// No figure placed nearer an enemy figure than this: contact comes by a charge, not by placing.
    pub keep_from_enemy: Option<f64>,
    /// Where the limits are written, cited when a placement passes them.
    pub rule: String,
    /// What placing records besides the figures, e.g. that the unit has spent its move.
    pub costs: Vec<Effect>,
}

impl Placement {
    /// Figures go where the player puts them, at no cost: for a system whose text says nothing of it.
    pub fn free(rule: impl Into<String>) -> Placement {
        Placement {
            around_leader: None,
            step: None,
            spends_allowance: false,
            keep_from_enemy: None,
            rule: rule.into(),
            costs: Vec::new(),
        }
    }
}

/// What the table view shows of it for each unit: the ring to keep figures in while arranging them, or
/// why the unit's figures may not be placed now.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct PlacementView {
    pub around_leader: Option<f64>,
    pub step: Option<f64>,
    pub spends_allowance: bool,
    pub keep_from_enemy: Option<f64>,
    pub rule: String,
    /// Why not now, in the rules' words; none when the unit may place its figures.
    pub barred: Option<String>,
}

impl PlacementView {
    pub fn allowed(p: Placement) -> PlacementView {
        PlacementView {
            around_leader: p.around_leader,
            step: p.step,
            spends_allowance: p.spends_allowance,
            keep_from_enemy: p.keep_from_enemy,
            rule: p.rule,
            barred: None,
        }
    }

    pub fn barred(why: String, rule: String) -> PlacementView {
        PlacementView {
            around_leader: None,
            step: None,
            spends_allowance: false,
            keep_from_enemy: None,
            rule,
            barred: Some(why),
        }
    }
}
