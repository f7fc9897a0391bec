//! Figures placed by hand: one figure put down, a unit formed up around its leader, a unit wheeled as its
//! facing changes, and a correction to where the physical table really stands. The rule system says when a
//! unit may place its figures and within what (`RuleSystem::placement`); a correction answers to no rule
//! but the table's edge, and says plainly that it is one.

use std::collections::BTreeMap;

use super::{Effect, GameError, GameState, Outcome, Refusal};
use crate::measure::{EPSILON, MOVE_TOLERANCE, Pt, angle_between, distance, normalise_degrees};
use crate::roster::{Figure, Formation, Placed, Role, Unit, layout, turned_about};
use crate::rules::Placement;
use crate::scenario::{Scenario, bounds};

pub fn place_figure(
    scenario: &Scenario,
    state: &GameState,
    unit: &Unit,
    figure: u32,
    at: Pt,
) -> Result<Outcome, GameError> {
    let placement = scenario.rules.placement(scenario, state, unit)?;
    let placed = [Placed { figure, at }];
    let standing = figures_after(unit, &placed)?;
    leader_stays(unit, &placed)?;
    on_the_table(scenario, unit, &standing)?;
    let spent = within_limits(state, unit, &placed, &standing, &placement)?;
    let from = unit.figures.iter().find(|f| f.id == figure).expect("checked").pos;
    let mut summary = format!("{}: {} put {:.1}\" away", unit.name, figure_name(unit, figure), distance(from, at));
    if let Some(leader) = leader_of(unit)
        && leader != figure
    {
        summary.push_str(&format!(", {:.1}\" from the leader", distance(standing[&leader], at)));
    }
    let mut effects = vec![Effect::Place { unit: unit.id.clone(), figures: placed.to_vec() }];
    effects.extend(spent);
    effects.extend(placement.costs);
    Ok(Outcome::Resolved { summary, rolls: Vec::new(), effects })
}

pub fn arrange(
    scenario: &Scenario,
    state: &GameState,
    unit: &Unit,
    formation: Formation,
    facing: Option<f64>,
    spacing: Option<f64>,
    free: &[Placed],
) -> Result<Outcome, GameError> {
    let placement = scenario.rules.placement(scenario, state, unit)?;
    let facing = finite_facing(facing)?.unwrap_or(unit.facing);
    let spacing = spacing.unwrap_or_else(|| fitting_spacing(unit, formation, facing, placement.around_leader));
    if !(0.0..=bounds::MAX_SPACING).contains(&spacing) {
        return Err(GameError::BadInput(format!("`spacing` {spacing}\" is not from 0 to {}\"", bounds::MAX_SPACING)));
    }
    let placed: Vec<Placed> = match (formation, free.is_empty()) {
        (Formation::Free, true) => {
            return Err(GameError::BadInput(
                "a free formation needs `figures`: each figure's place, e.g. [{\"figure\":1,\"at\":{\"x\":10,\"y\":12}}]"
                    .into(),
            ));
        }
        (Formation::Free, false) => {
            leader_stays(unit, free)?;
            free.to_vec()
        }
        (_, false) => {
            return Err(GameError::BadInput(format!(
                "a {} is laid out by the app: give `figures` only with the formation `free`",
                formation.name()
            )));
        }
        (shaped, true) => {
            let order = forming_order(unit);
            let leader = order.first().expect("a live unit has figures").pos;
            let places = layout(shaped, leader, facing, order.len(), spacing);
            order.iter().zip(places).map(|(f, at)| Placed { figure: f.id, at }).collect()
        }
    };
    let standing = figures_after(unit, &placed)?;
    on_the_table(scenario, unit, &standing)?;
    let spent = within_limits(state, unit, &placed, &standing, &placement)?;
    let shape = match formation {
        Formation::Free => format!("{} placed by hand", figures_count(placed.len())),
        shaped => format!("a {} {}\" apart", shaped.name(), (spacing * 100.0).round() / 100.0),
    };
    let summary = format!("{} forms up around its leader, facing {facing:.0}°: {shape}", unit.name);
    let mut effects = Vec::new();
    if angle_between(facing, unit.facing) > EPSILON {
        effects.push(Effect::Face { unit: unit.id.clone(), facing });
    }
    effects.push(Effect::Place { unit: unit.id.clone(), figures: placed });
    effects.extend(spent);
    effects.extend(placement.costs);
    Ok(Outcome::Resolved { summary, rolls: Vec::new(), effects })
}

/// The formation's usual spacing, closed up (to a twentieth of an inch) where the unit would otherwise
/// spread past the distance its rules allow from the leader: ten figures in a skirmish line 2" apart
/// would reach 10" out, past a 6" limit.
fn fitting_spacing(unit: &Unit, formation: Formation, facing: f64, limit: Option<f64>) -> f64 {
    let usual = formation.default_spacing();
    let (Some(limit), Some(leader)) = (limit, unit.anchor()) else { return usual };
    let count = forming_order(unit).len();
    let reach = layout(formation, leader, facing, count, 1.0).iter().map(|p| distance(*p, leader)).fold(0.0, f64::max);
    if reach * usual <= limit || reach <= EPSILON {
        return usual;
    }
    ((limit / reach) * 20.0).floor() / 20.0
}

/// The leader moves with `move`, along a route the rules measure; his figures are placed around him.
fn leader_stays(unit: &Unit, placed: &[Placed]) -> Result<(), GameError> {
    let Some(anchor) = unit.anchor_figure() else { return Ok(()) };
    match placed.iter().find(|p| p.figure == anchor.id && distance(p.at, anchor.pos) > EPSILON) {
        Some(_) => Err(Refusal::new(format!(
            "{}: {} moves with `move`, along a route the rules measure; the other figures are placed around him",
            unit.name,
            figure_name(unit, anchor.id)
        ))
        .into()),
        None => Ok(()),
    }
}

/// Where the table really has the unit: its leader moved to `to` with the rest keeping their places
/// around him, turned to `facing` (the formation wheeling about the leader), then single figures put.
pub fn correct_position(
    scenario: &Scenario,
    unit: &Unit,
    to: Option<Pt>,
    facing: Option<f64>,
    single: &[Placed],
) -> Result<Outcome, GameError> {
    let facing = finite_facing(facing)?;
    if to.is_none() && facing.is_none() && single.is_empty() {
        return Err(GameError::BadInput(
            "a correction needs `to` (where the leader stands), `facing`, or `figures` (single figures' places)".into(),
        ));
    }
    if let Some(p) = to {
        finite(p)?;
    }
    let anchor = unit.anchor().expect("a live unit has figures");
    let (dx, dy) = to.map_or((0.0, 0.0), |p| (p.x - anchor.x, p.y - anchor.y));
    let mut placed = wheeled(unit, dx, dy, facing.unwrap_or(unit.facing));
    for p in single {
        placed.retain(|q| q.figure != p.figure);
        placed.push(*p);
    }
    let standing = figures_after(unit, &placed)?;
    on_the_table(scenario, unit, &standing)?;
    let mut told = Vec::new();
    if let Some(p) = to {
        told.push(format!("the leader {:.1}\" to ({:.1}, {:.1})", distance(anchor, p), p.x, p.y));
    }
    if let Some(f) = facing {
        told.push(format!("facing {f:.0}°"));
    }
    for p in single {
        told.push(format!("{} to ({:.1}, {:.1})", figure_name(unit, p.figure), p.at.x, p.at.y));
    }
    let summary = format!("Correction: {} put where it stands on the table: {}", unit.name, told.join("; "));
    let mut effects = Vec::new();
    if let Some(f) = facing {
        effects.push(Effect::Face { unit: unit.id.clone(), facing: f });
    }
    effects.push(Effect::Place { unit: unit.id.clone(), figures: placed });
    Ok(Outcome::Resolved { summary, rolls: Vec::new(), effects })
}

/// Each live figure's place once the unit has moved by (dx, dy) and turned to `facing`: its formation
/// wheels about the figure it measures from, so a line that turns is still square to where it faces.
pub fn wheeled(unit: &Unit, dx: f64, dy: f64, facing: f64) -> Vec<Placed> {
    let moved: Vec<Pt> = unit.alive().map(|f| Pt::new(f.pos.x + dx, f.pos.y + dy)).collect();
    let anchor = unit.anchor().map(|a| Pt::new(a.x + dx, a.y + dy)).unwrap_or_default();
    let turn = normalise_degrees(facing - unit.facing);
    let places = if angle_between(facing, unit.facing) > EPSILON { turned_about(&moved, anchor, turn) } else { moved };
    unit.alive().zip(places).map(|(f, at)| Placed { figure: f.id, at }).collect()
}

/// The wheel a move with a new facing records, when the facing changes and the unit has more than the
/// figure it turns about.
pub fn wheel_effect(unit: &Unit, dx: f64, dy: f64, facing: f64) -> Option<Effect> {
    (angle_between(facing, unit.facing) > EPSILON && unit.alive_count() > 1)
        .then(|| Effect::Place { unit: unit.id.clone(), figures: wheeled(unit, dx, dy, facing) })
}

/// Refuses a move by (dx, dy) to `facing` that would leave the unit, its formation wheeled, partly off the
/// table: every system's move asks this.
pub fn wheeled_on_the_table(scenario: &Scenario, unit: &Unit, dx: f64, dy: f64, facing: f64) -> Result<(), GameError> {
    let standing = wheeled(unit, dx, dy, facing).into_iter().map(|p| (p.figure, p.at)).collect();
    on_the_table(scenario, unit, &standing)
}

/// Refuses a unit that would stand partly off the table.
pub fn on_the_table(scenario: &Scenario, unit: &Unit, standing: &BTreeMap<u32, Pt>) -> Result<(), GameError> {
    let table = &scenario.table;
    match standing.iter().find(|(_, p)| !table.contains(**p)) {
        Some((id, p)) => Err(Refusal::by_rule(
            format!(
                "{} would end partly off the {}\" x {}\" table ({} at ({:.1}, {:.1}))",
                unit.name,
                table.width,
                table.depth,
                figure_name(unit, *id),
                p.x,
                p.y
            ),
            "Table edge",
        )
        .into()),
        None => Ok(()),
    }
}

/// The leader first (the figure the unit measures from, once he has fallen), then crew, then the rest,
/// each by number: the order a formation is filled in.
fn forming_order(unit: &Unit) -> Vec<&Figure> {
    let anchor = leader_of(unit);
    let mut rest: Vec<&Figure> = unit.alive().filter(|f| Some(f.id) != anchor).collect();
    rest.sort_by_key(|f| (f.role != Role::Crew, f.id));
    unit.alive().filter(|f| Some(f.id) == anchor).chain(rest).collect()
}

fn leader_of(unit: &Unit) -> Option<u32> {
    unit.anchor_figure().map(|f| f.id)
}

/// Each live figure's place once `placed` is done; refuses a figure the unit does not have alive.
fn figures_after(unit: &Unit, placed: &[Placed]) -> Result<BTreeMap<u32, Pt>, GameError> {
    let mut standing: BTreeMap<u32, Pt> = unit.alive().map(|f| (f.id, f.pos)).collect();
    for p in placed {
        finite(p.at)?;
        if !standing.contains_key(&p.figure) {
            let alive: Vec<String> = standing.keys().map(ToString::to_string).collect();
            let why = if unit.figures.iter().any(|f| f.id == p.figure) { "has fallen" } else { "is not in it" };
            return Err(GameError::BadInput(format!(
                "{}: figure {} {why}; its figures standing are {}",
                unit.name,
                p.figure,
                alive.join(", ")
            )));
        }
        standing.insert(p.figure, p.at);
    }
    Ok(standing)
}

/// Refuses a placement past the system's limits: a placed figure too far from its leader, carried too far,
/// or put against the enemy. Returns what the placing spends of the unit's movement, if the system says
/// figures are carried out of it.
fn within_limits(
    state: &GameState,
    unit: &Unit,
    placed: &[Placed],
    standing: &BTreeMap<u32, Pt>,
    placement: &Placement,
) -> Result<Option<Effect>, GameError> {
    let refuse = |message: String| Err(Refusal::by_rule(message, placement.rule.clone()).into());
    let carried = |p: &Placed| distance(unit.figures.iter().find(|f| f.id == p.figure).expect("checked").pos, p.at);
    if let Some(step) = placement.step {
        for p in placed {
            if carried(p) > step + MOVE_TOLERANCE {
                return refuse(format!(
                    "{}: {} would be carried {:.1}\", past the {step:.1}\" it may go",
                    unit.name,
                    figure_name(unit, p.figure),
                    carried(p)
                ));
            }
        }
    }
    let spent = if placement.spends_allowance {
        let left = state.allowances.get(&unit.id).map_or(0.0, |a| a.left);
        let farthest = placed.iter().map(carried).fold(0.0, f64::max);
        if farthest > left + MOVE_TOLERANCE {
            let p = placed.iter().find(|p| carried(p) == farthest).expect("the farthest is one of them");
            return refuse(format!(
                "{}: {} would be carried {farthest:.1}\", past the {left:.1}\" of movement left",
                unit.name,
                figure_name(unit, p.figure)
            ));
        }
        Some(Effect::AllowanceLeft { unit: unit.id.clone(), left: (left - farthest).max(0.0) })
    } else {
        None
    };
    if let (Some(limit), Some(leader)) = (placement.around_leader, leader_of(unit)) {
        let at = standing[&leader];
        for p in placed.iter().filter(|p| p.figure != leader) {
            let apart = distance(at, standing[&p.figure]);
            if apart > limit + MOVE_TOLERANCE {
                return refuse(format!(
                    "{}: {} would stand {apart:.1}\" from its leader, past {limit}\"",
                    unit.name,
                    figure_name(unit, p.figure)
                ));
            }
        }
    }
    if let Some(gap) = placement.keep_from_enemy {
        let enemies: Vec<Pt> =
            state.units.iter().filter(|u| u.side != unit.side).flat_map(|u| u.alive_positions()).collect();
        for p in placed {
            if let Some(near) = enemies.iter().find(|e| distance(**e, p.at) < gap - EPSILON) {
                return refuse(format!(
                    "{}: {} would stand {:.1}\" from the enemy: closer than {gap}\" is a charge, not a placing",
                    unit.name,
                    figure_name(unit, p.figure),
                    distance(*near, p.at)
                ));
            }
        }
    }
    Ok(spent)
}

fn figure_name(unit: &Unit, id: u32) -> String {
    match unit.figures.iter().find(|f| f.id == id).map(|f| f.role) {
        Some(Role::Leader) => format!("the leader (figure {id})"),
        Some(Role::Crew) => format!("crewman {id}"),
        _ => format!("figure {id}"),
    }
}

fn figures_count(n: usize) -> String {
    crate::rules::plural(n, "figure", "figures")
}

fn finite(p: Pt) -> Result<(), GameError> {
    if p.x.is_finite() && p.y.is_finite() {
        Ok(())
    } else {
        Err(GameError::BadInput("a figure's place must be numbers of inches".into()))
    }
}

fn finite_facing(facing: Option<f64>) -> Result<Option<f64>, GameError> {
    match facing {
        Some(f) if !f.is_finite() => Err(GameError::BadInput("`facing` must be a number of degrees".into())),
        other => Ok(other.map(normalise_degrees)),
    }
}
