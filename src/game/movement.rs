use super::placing::{wheel_effect, wheeled_on_the_table};
use super::{Allowance, GameError, GameState, Outcome, Refusal};
use crate::dice::DiceExpr;
use crate::measure::{Pt, check_move, normalise_degrees};
use crate::roster::Unit;
use crate::scenario::Scenario;

const MOVES_UP_TO_ITS_ROLL: &str = "a unit moves up to the distance it rolled this turn";

/// Checks a move against the unit's rolled allowance and the table edge, and works out where it ends.
pub fn resolve_move(
    scenario: &Scenario,
    state: &GameState,
    unit: &Unit,
    path: &[Pt],
    facing: Option<f64>,
    extra_cost: f64,
) -> Result<Outcome, GameError> {
    let start = unit.anchor().ok_or_else(|| Refusal::new(format!("{} has no figures left to move", unit.name)))?;
    if path.is_empty() {
        return Err(GameError::BadInput("a move needs at least one point in `path`".into()));
    }
    if path.iter().any(|p| !p.x.is_finite() || !p.y.is_finite()) {
        return Err(GameError::BadInput("a move's path must be numbers of inches".into()));
    }
    let allowance: &Allowance = state.allowances.get(&unit.id).ok_or_else(|| {
        Refusal::by_rule(
            format!("roll {}'s movement before moving it", unit.name),
            scenario.ruleset.movement_rule(MOVES_UP_TO_ITS_ROLL),
        )
    })?;
    let route: Vec<Pt> = std::iter::once(start).chain(path.iter().copied()).collect();
    let check = check_move(&route, allowance.left, extra_cost).map_err(|refused| {
        let spent = allowance.total as f64 - allowance.left;
        let already = if spent > 0.0 {
            format!(" ({spent:.1}\" of its {}\" already used)", allowance.total)
        } else {
            String::new()
        };
        Refusal::by_rule(
            format!("{}: {refused}{already}", unit.name),
            scenario.ruleset.movement_rule(MOVES_UP_TO_ITS_ROLL),
        )
    })?;
    let end = *route.last().unwrap();
    let (dx, dy) = (end.x - start.x, end.y - start.y);
    let facing = facing.map(normalise_degrees).unwrap_or(unit.facing);
    wheeled_on_the_table(scenario, unit, dx, dy, facing)?;
    Ok(Outcome::Moved {
        unit: unit.id.clone(),
        route,
        length: check.length,
        facing,
        left: check.left,
        turn_cost: extra_cost,
        effects: wheel_effect(unit, dx, dy, facing).into_iter().collect(),
    })
}

/// The movement roll a unit makes: the one asked for if it is among the kind's choices, else its default.
pub fn movement_choice(scenario: &Scenario, unit: &Unit, asked: Option<&str>) -> Result<DiceExpr, GameError> {
    let kind = scenario.ruleset.kind(&unit.kind).expect("scenario units have kinds from the ruleset");
    let choices = kind.movement_choices();
    let Some(default) = choices.first() else {
        return Err(Refusal::new(format!("{} ({}) has no movement roll", unit.name, kind.name)).into());
    };
    match asked {
        None => Ok(default.clone()),
        Some(text) => {
            let wanted = DiceExpr::parse(text)?;
            choices.iter().find(|c| **c == wanted).cloned().ok_or_else(|| {
                let listed: Vec<String> = choices.iter().map(ToString::to_string).collect();
                Refusal::by_rule(
                    format!("{} moves with {}, not {wanted}", kind.name, listed.join(" or ")),
                    scenario.ruleset.movement_rule("each kind's movement rolls"),
                )
                .into()
            })
        }
    }
}
