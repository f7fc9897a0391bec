//! Actions built from what a game's view offers, for whatever plays without a person deciding: the
//! contract suite's random player, the fuzzer's seed actions, and a side the app plays itself. They read
//! the view as the screens read it, so they never know more than a player at the table.

use serde_json::{Value, json};

use crate::measure::{Pt, distance};
use crate::roster::Role;
use crate::rules::Offer;

use super::views::UnitView;

/// The action for each thing the offer may name, or the action as it is when it names nothing.
pub fn filled(base: Value, offer: &Offer) -> Vec<Value> {
    match &offer.pick {
        None => vec![base],
        Some(pick) => pick
            .from
            .iter()
            .map(|choice| {
                let mut action = base.clone();
                action[pick.field.as_str()] = json!(choice);
                action
            })
            .collect(),
    }
}

/// The live units of other sides, the nearest (figure to figure) first.
pub fn enemies_nearest_first<'a>(unit: &UnitView, live: &[&'a UnitView]) -> Vec<&'a UnitView> {
    let mut enemies: Vec<&UnitView> = live.iter().copied().filter(|e| e.side != unit.side && !e.out).collect();
    enemies.sort_by(|a, b| gap(unit, a).total_cmp(&gap(unit, b)));
    enemies
}

/// `base` aimed at `enemy`: its target, and the point a blast lands on when the unit's weapon has one.
pub fn aimed(mut base: Value, unit: &UnitView, enemy: &UnitView) -> Value {
    base["target"] = json!(enemy.id);
    if unit.weapon.as_ref().is_some_and(|w| w.blast.is_some())
        && let Some(f) = enemy.figures.iter().find(|f| f.alive)
    {
        base["at"] = json!(f.pos);
    }
    base
}

/// A move of `share` of the unit's allowance left, in a straight line on `heading` (degrees clockwise
/// from the table's top edge), ending facing that way; none before the unit has rolled its move.
pub fn route(unit: &UnitView, heading: f64, share: f64) -> Option<Value> {
    let (allowance, from) = (unit.allowance.as_ref()?, first_alive(unit)?);
    let (sin, cos) = heading.to_radians().sin_cos();
    let reach = allowance.left * share;
    let to = json!({"x": from.x + reach * sin, "y": from.y - reach * cos});
    Some(json!({"type": "move", "unit": unit.id, "path": [to], "facing": heading.rem_euclid(360.0)}))
}

/// The heading from the unit's first live figure to the nearest live enemy figure.
pub fn heading_to_nearest_enemy(unit: &UnitView, live: &[&UnitView]) -> Option<f64> {
    let from = first_alive(unit)?;
    let enemy = live
        .iter()
        .filter(|e| e.side != unit.side)
        .flat_map(|e| e.figures.iter().filter(|f| f.alive))
        .min_by(|a, b| distance(from, a.pos).total_cmp(&distance(from, b.pos)))?;
    Some((enemy.pos.x - from.x).atan2(from.y - enemy.pos.y).to_degrees())
}

/// What a unit free to place its figures may do with them: form a line, a column or a skirmish line, or
/// step its last figure halfway to its leader (the figure it measures from). Nothing while the rules bar it.
pub fn placing(unit: &UnitView) -> Vec<Value> {
    if unit.placement.barred.is_some() {
        return Vec::new();
    }
    let mut actions: Vec<Value> = ["line", "column", "skirmish"]
        .iter()
        .map(|formation| json!({"type": "arrange", "unit": unit.id, "formation": formation}))
        .collect();
    let alive: Vec<_> = unit.figures.iter().filter(|f| f.alive).collect();
    let leader = alive.iter().find(|f| f.role == Role::Leader).or(alive.first());
    let last = alive.iter().rev().find(|f| Some(f.id) != leader.map(|l| l.id));
    if let (Some(leader), Some(last)) = (leader, last) {
        let at = Pt::new((leader.pos.x + last.pos.x) / 2.0, (leader.pos.y + last.pos.y) / 2.0);
        actions.push(json!({"type": "place_figure", "unit": unit.id, "figure": last.id, "at": at}));
    }
    actions
}

fn first_alive(unit: &UnitView) -> Option<Pt> {
    unit.figures.iter().find(|f| f.alive).map(|f| f.pos)
}

/// Nearest living figure to nearest living figure, in inches.
fn gap(a: &UnitView, b: &UnitView) -> f64 {
    let alive = |u: &UnitView| u.figures.iter().filter(|f| f.alive).map(|f| f.pos).collect::<Vec<Pt>>();
    let (mine, theirs) = (alive(a), alive(b));
    mine.iter().flat_map(|&p| theirs.iter().map(move |&q| distance(p, q))).fold(f64::INFINITY, f64::min)
}
