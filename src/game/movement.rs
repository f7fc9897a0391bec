use super::{Allowance, GameError, GameState, Outcome, Refusal};
use crate::measure::{Pt, check_move};
use crate::roster::Unit;
use crate::scenario::Scenario;

const MOVEMENT_RULE: &str = "Movement Chart: a unit moves up to the distance it rolled this turn";

/// Checks a move against the unit's rolled allowance and the table edge, and works out where it ends.
pub fn resolve_move(
    scenario: &Scenario,
    state: &GameState,
    unit: &Unit,
    path: &[Pt],
    facing: Option<f64>,
) -> Result<Outcome, GameError> {
    let start = unit.anchor().ok_or_else(|| Refusal::new(format!("{} has no figures left to move", unit.name)))?;
    if path.is_empty() {
        return Err(GameError::BadInput("a move needs at least one point in `path`".into()));
    }
    if path.iter().any(|p| !p.x.is_finite() || !p.y.is_finite()) {
        return Err(GameError::BadInput("a move's path must be numbers of inches".into()));
    }
    let allowance: &Allowance = state
        .allowances
        .get(&unit.id)
        .ok_or_else(|| Refusal::by_rule(format!("roll {}'s movement before moving it", unit.name), MOVEMENT_RULE))?;
    let route: Vec<Pt> = std::iter::once(start).chain(path.iter().copied()).collect();
    let check = check_move(&route, allowance.left, 0.0).map_err(|refused| {
        let spent = allowance.total as f64 - allowance.left;
        let already = if spent > 0.0 {
            format!(" ({spent:.1}\" of its {}\" already used)", allowance.total)
        } else {
            String::new()
        };
        Refusal::by_rule(format!("{}: {refused}{already}", unit.name), MOVEMENT_RULE)
    })?;
    let end = *route.last().unwrap();
    let (dx, dy) = (end.x - start.x, end.y - start.y);
    let table = &scenario.table;
    if unit.alive().any(|f| !table.contains(Pt { x: f.pos.x + dx, y: f.pos.y + dy })) {
        return Err(Refusal::by_rule(
            format!("{} would end partly off the {}\" x {}\" table", unit.name, table.width, table.depth),
            "Table edge",
        )
        .into());
    }
    let facing = facing.map(|f| f.rem_euclid(360.0)).unwrap_or(unit.facing);
    Ok(Outcome::Moved { unit: unit.id.clone(), route, length: check.length, facing, left: check.left })
}
