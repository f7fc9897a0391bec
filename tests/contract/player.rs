//! A seeded random player that knows no rule system: it reads what the game offers (the view's offers,
//! each unit's offers, the rolls due) and tries actions built from them, with random targets, routes,
//! movement choices and, half the time, typed dice. It also throws in the shared corrections (losses,
//! markers, notes, cards) and undo and redo, as a table would.

use rand::seq::{IndexedRandom, SliceRandom};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sandtable::api::GameView;
use sandtable::api::candidates::{aimed, enemies_nearest_first, filled, heading_to_nearest_enemy, placing, route};
use sandtable::game::{Action, Game, Outcome};

use crate::typed::with_typed_dice;
use serde_json::{Value, json};

pub struct Player {
    pub rng: ChaCha8Rng,
}

impl Player {
    pub fn new(seed: u64) -> Player {
        Player { rng: ChaCha8Rng::seed_from_u64(seed) }
    }

    /// Candidate actions for the game as it stands, most likely to be accepted first, shuffled within
    /// each kind of candidate.
    pub fn candidates(&mut self, game: &Game) -> Vec<Action> {
        let view = GameView::of(0, "contract", game);
        let mut due: Vec<Value> = Vec::new();
        let mut bar: Vec<Value> = Vec::new();
        let mut open: Vec<Value> = Vec::new();
        // Actions at the nearest enemy: tried first now and then, so that fights come about.
        let mut bold: Vec<Value> = Vec::new();
        let mut rare: Vec<Value> = Vec::new();
        for prompt in &view.prompts {
            due.push(json!({"type": prompt.action, "unit": prompt.unit}));
        }
        for offer in view.offers.iter().filter(|o| o.barred.is_none()) {
            bar.extend(filled(json!({"type": offer.action}), offer));
        }
        let live: Vec<_> = view.units.iter().filter(|u| !u.out).collect();
        for unit in &live {
            for offer in unit.rules.offers.iter().filter(|o| o.barred.is_none()) {
                let base = json!({"type": offer.action, "unit": unit.id});
                match offer.action.as_str() {
                    "roll_move" => {
                        let choice = unit.move_choices.choose(&mut self.rng).cloned();
                        open.push(json!({"type": "roll_move", "unit": unit.id, "expr": choice}));
                    }
                    "move" => {
                        // Toward an enemy half the time, so that fights come about; else anywhere.
                        let heading = match heading_to_nearest_enemy(unit, &live) {
                            Some(h) if self.rng.random_bool(0.5) => h,
                            _ => self.rng.random_range(0.0..360.0),
                        };
                        open.extend(route(unit, heading, self.rng.random_range(0.05..1.0)));
                    }
                    _ => {
                        // An action that takes a target takes an enemy; one that does not is refused as bad
                        // input with the target added, and the plain form is tried too.
                        // The nearest enemy, as a player mostly means, and one at random.
                        let enemies = enemies_nearest_first(unit, &live);
                        let targets = [enemies.first().copied(), enemies.choose(&mut self.rng).copied()];
                        for (i, enemy) in targets.into_iter().enumerate() {
                            let Some(enemy) = enemy else { continue };
                            let aimed = aimed(base.clone(), unit, enemy);
                            if i == 0 { bold.push(aimed) } else { open.push(aimed) }
                        }
                        open.extend(filled(base, offer));
                    }
                }
            }
            open.extend(placing(unit));
            if let Some(at) = unit.figures.iter().find(|f| f.alive).map(|f| f.pos) {
                let to =
                    json!({"x": at.x + self.rng.random_range(-2.0..2.0), "y": at.y + self.rng.random_range(-2.0..2.0)});
                rare.push(json!({"type": "correct_position", "unit": unit.id, "to": to}));
            }
            rare.push(json!({"type": "record_losses", "unit": unit.id, "count": 1}));
            rare.push(json!({"type": "restore_figures", "unit": unit.id, "count": 1}));
            if let Some(marker) = view.markers.choose(&mut self.rng) {
                let on = !unit.flags.contains(&marker.flag);
                rare.push(json!({"type": "set_flag", "unit": unit.id, "flag": marker.flag, "on": on}));
            }
        }
        rare.extend([
            json!({"type": "note", "text": "contract"}),
            json!({"type": "roll", "expr": "2D6", "label": "a rule the app does not run"}),
            json!({"type": "draw_card"}),
            json!({"type": "undo"}),
            json!({"type": "redo"}),
            json!({"type": "next_turn"}),
        ]);
        for list in [&mut due, &mut bar, &mut open, &mut bold, &mut rare] {
            list.shuffle(&mut self.rng);
        }
        if self.rng.random_bool(0.5) {
            due.append(&mut bold);
        } else {
            open.append(&mut bold);
        }
        // The table rolls what is due first; then its units act, until it moves the turn on; now and then
        // it corrects or undoes something.
        let mut order = due;
        let mut rest = if self.rng.random_bool(0.3) { [bar, open] } else { [open, bar] };
        if self.rng.random_bool(0.08) {
            order.append(&mut rare);
        }
        rest.iter_mut().for_each(|list| order.append(list));
        order.append(&mut rare);
        order.into_iter().filter_map(|v| serde_json::from_value(v).ok()).collect()
    }

    /// The action again with the faces it rolled typed in, half the time, if it takes dice.
    pub fn maybe_typed(&mut self, action: &Action, outcome: &Outcome) -> Option<Action> {
        if self.rng.random_bool(0.5) { with_typed_dice(action, outcome) } else { None }
    }
}
