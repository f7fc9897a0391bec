//! The actions a game offers as it stands, read from its view as the app's screens read it (the rolls
//! due, the turn's offers, each unit's offers with an enemy to aim at and a route within its allowance).
//! Most are accepted, so a case that starts with one reaches the procedures behind them (fire, charges,
//! morale, melee) instead of stopping at their first check. Built once per base game.

use sandtable::api::candidates::{aimed, enemies_nearest_first, filled, heading_to_nearest_enemy, placing, route};
use sandtable::api::{GameView, UnitView};
use sandtable::game::Game;
use serde_json::{Value, json};

pub fn offered_actions(game: &Game) -> Vec<Value> {
    let view = GameView::of(0, "fuzz", game);
    let mut actions: Vec<Value> = view.prompts.iter().map(|p| json!({"type": p.action, "unit": p.unit})).collect();
    for offer in view.offers.iter().filter(|o| o.barred.is_none()) {
        actions.extend(filled(json!({"type": offer.action}), offer));
    }
    let live: Vec<&UnitView> = view.units.iter().filter(|u| !u.out).collect();
    for unit in &live {
        actions.extend(placing(unit));
        for offer in unit.rules.offers.iter().filter(|o| o.barred.is_none()) {
            let base = json!({"type": offer.action, "unit": unit.id});
            match offer.action.as_str() {
                "roll_move" => {
                    actions.push(base.clone());
                    actions.extend(
                        unit.move_choices.iter().map(|e| json!({"type": "roll_move", "unit": unit.id, "expr": e})),
                    );
                }
                "move" => actions.extend(moves(unit, &live)),
                _ => {
                    let enemies = enemies_nearest_first(unit, &live);
                    actions.extend(enemies.into_iter().take(3).map(|enemy| aimed(base.clone(), unit, enemy)));
                    actions.extend(filled(base, offer));
                }
            }
        }
    }
    actions
}

/// Routes for a unit that has rolled its move: halfway and all the way toward the nearest enemy, and a
/// short step each way along the table.
fn moves(unit: &UnitView, live: &[&UnitView]) -> Vec<Value> {
    let toward = heading_to_nearest_enemy(unit, live).into_iter().flat_map(|h| [(h, 0.5), (h, 0.99)]);
    let along = [0.0, 90.0, 180.0, 270.0].map(|h| (h, 0.3));
    toward.chain(along).filter_map(|(heading, share)| route(unit, heading, share)).collect()
}
