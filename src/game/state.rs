use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::{Effect, GameError, Outcome, Refusal};
use crate::cards::{Card, Deck};
use crate::roster::{Flag, Unit};
use crate::rules::TurnState;
use crate::scenario::Scenario;

/// A unit's movement for this turn: what was rolled and how much is left after the moves made so far.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Allowance {
    pub expr: String,
    pub faces: Vec<i64>,
    pub total: i64,
    pub left: f64,
}

/// Everything on the table at one moment, as the fold of the events in force.
#[derive(Debug, Clone, PartialEq)]
pub struct GameState {
    pub turn: u32,
    pub units: Vec<Unit>,
    pub allowances: BTreeMap<String, Allowance>,
    pub deck: Deck,
    pub last_card: Option<Card>,
    /// Where the rule system's turn stands: its own state, folded from its own changes.
    pub rules: TurnState,
}

impl GameState {
    pub fn initial(scenario: &Scenario, deck: Deck) -> GameState {
        GameState {
            turn: 1,
            units: scenario.units.clone(),
            allowances: BTreeMap::new(),
            deck,
            last_card: None,
            rules: scenario.rules.initial_turn(),
        }
    }

    pub fn unit(&self, id: &str) -> Option<&Unit> {
        self.units.iter().find(|u| u.id == id)
    }

    /// The unit an action names, or why there is none: the units the game has.
    pub fn named_unit(&self, id: &str) -> Result<&Unit, GameError> {
        self.unit(id).ok_or_else(|| {
            let ids: Vec<&str> = self.units.iter().map(|u| u.id.as_str()).collect();
            GameError::BadInput(format!("no unit {id:?} in this game; units are: {}", ids.join(", ")))
        })
    }

    /// The unit an action names, still in the game.
    pub fn live_unit(&self, id: &str) -> Result<&Unit, GameError> {
        let unit = self.named_unit(id)?;
        if unit.is_out() {
            return Err(Refusal::new(format!("{} has no figures left: it is out of the game", unit.name)).into());
        }
        Ok(unit)
    }

    fn begin_turn(&mut self, turn: u32) {
        self.turn = turn;
        self.allowances.clear();
        self.rules.begin_turn(&mut self.units, turn);
    }

    /// Changes the named unit. Events name units that exist (checked when recorded, and a stored log's
    /// when it is read, against every unit its entries raise); one raised only by an entry that is undone
    /// is not in the state, and an effect naming it is passed over rather than taking the app down.
    fn with_unit(&mut self, id: &str, change: impl FnOnce(&mut Unit)) {
        if let Some(unit) = self.units.iter_mut().find(|u| u.id == id) {
            change(unit);
        }
    }

    fn apply_effect(&mut self, effect: &Effect) {
        match effect {
            Effect::Losses { unit, figures } => self.with_unit(unit, |u| u.remove_figures(figures)),
            Effect::Shift { unit, dx, dy } => self.with_unit(unit, |u| u.translate(*dx, *dy)),
            Effect::Face { unit, facing } => self.with_unit(unit, |u| u.facing = *facing),
            Effect::Place { unit, figures } => self.with_unit(unit, |u| u.place(figures)),
            Effect::Flag { unit, flag, on } => self.with_unit(unit, |u| set_flag(u, flag, *on)),
            Effect::AllowanceLeft { unit, left } => {
                if let Some(a) = self.allowances.get_mut(unit) {
                    a.left = *left;
                }
            }
            Effect::Restore { unit, figures } => self.with_unit(unit, |u| u.restore_figures(figures)),
            Effect::Enter { unit } => self.units.push(unit.unit()),
            Effect::TurnBegins { turn } => self.begin_turn(*turn),
            Effect::System(change) => self.rules.apply(change),
        }
    }

    /// Folds one outcome into the state. Outcomes were validated when recorded, so this cannot fail.
    pub fn apply(&mut self, outcome: &Outcome) {
        match outcome {
            Outcome::Rolled { .. } | Outcome::Noted { .. } | Outcome::Undone { .. } | Outcome::Redone { .. } => {}
            Outcome::MoveRolled { unit, roll } => {
                let allowance = Allowance {
                    expr: roll.expr.clone(),
                    faces: roll.faces.clone(),
                    total: roll.total,
                    left: roll.total.max(0) as f64,
                };
                self.allowances.insert(unit.clone(), allowance);
            }
            Outcome::Moved { unit, route, facing, left, effects, .. } => {
                self.with_unit(unit, |u| {
                    if let (Some(start), Some(end)) = (route.first(), route.last()) {
                        u.translate(end.x - start.x, end.y - start.y);
                    }
                    u.facing = *facing;
                });
                if let Some(a) = self.allowances.get_mut(unit) {
                    a.left = *left;
                }
                effects.iter().for_each(|e| self.apply_effect(e));
            }
            Outcome::Resolved { effects, .. } => effects.iter().for_each(|e| self.apply_effect(e)),
            Outcome::LossesRecorded { unit, figures } => self.with_unit(unit, |u| u.remove_figures(figures)),
            Outcome::FiguresRestored { unit, figures } => self.with_unit(unit, |u| u.restore_figures(figures)),
            Outcome::FlagSet { unit, flag, on } => self.with_unit(unit, |u| set_flag(u, flag, *on)),
            Outcome::CardDrawn { card, reshuffled, .. } => {
                if let Some(order) = reshuffled {
                    self.deck.set_draw_pile(order.clone());
                }
                self.deck.remove_for_draw(*card);
                self.last_card = Some(*card);
            }
            Outcome::DeckShuffled { order } => {
                self.deck.set_draw_pile(order.clone());
                self.last_card = None;
            }
            Outcome::TurnBegan { turn } => self.begin_turn(*turn),
        }
    }
}

fn set_flag(unit: &mut Unit, flag: &Flag, on: bool) {
    if on {
        unit.flags.insert(flag.clone());
    } else {
        unit.flags.remove(flag);
    }
}
