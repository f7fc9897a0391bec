//! Movement phases: rolling the allowance (a junk heading upstream loses 1D6), moving (ships pay for
//! their turns and carry who is aboard), swimming and drowning, and charging to 1" short of the enemy.

use super::context::{Ctx, MORALE, MOVEMENT};
use super::markers::PINNED;
use super::tables::{Craft, MoraleCell, MoraleWord};
use super::turn::{Change, Phase};
use crate::dice::{DiceExpr, DiceFeed, GameRng};
use crate::game::{Effect, GameError, Outcome, Refusal, movement_choice, resolve_move};
use crate::measure::{
    EPSILON, MOVE_TOLERANCE, Pt, angle_between, areas_containing, bearing, distance, nearest, normalise_degrees,
    path_length, route_samples, share_before,
};
use crate::odds::{Dist, OddsLine, OddsView};
use crate::roster::{Placed, Unit, turned_about};
use crate::rules::{agrees, plural, says};

/// How finely a craft's route is checked against the river, in inches.
const WATER_SAMPLE_STEP: f64 = 0.25;

fn refuse_aboard(ctx: &Ctx, unit: &Unit) -> Result<(), GameError> {
    if let Some(boat) = ctx.aboard(unit) {
        let boat = ctx.state.unit(boat).map(|b| b.name.as_str()).unwrap_or(boat);
        return Err(
            Refusal::by_rule(format!("{} is aboard {boat}: it moves with the boat", unit.name), MOVEMENT).into()
        );
    }
    Ok(())
}

/// A pinned unit holds where the charge found it (it has already pivoted to face it), and a charging
/// unit has stopped 1" short: neither moves again this turn.
fn refuse_held(ctx: &Ctx, unit: &Unit) -> Result<(), GameError> {
    if unit.flags.contains(&PINNED) {
        return Err(Refusal::by_rule(
            format!("{} is pinned by a charge: it may pivot and fire, but not move", unit.name),
            MOVEMENT,
        )
        .into());
    }
    if ctx.turn.has_charged(&unit.id) {
        return Err(Refusal::by_rule(
            format!(
                "{} has charged: it stands {}\" from its target until the melee",
                unit.name, ctx.charts.movement.charge_stop_short
            ),
            MOVEMENT,
        )
        .into());
    }
    Ok(())
}

/// The movement roll for this turn, with the upstream die for a junk facing against the river's flow.
pub fn move_expr(ctx: &Ctx, unit: &Unit, asked: Option<&str>) -> Result<(DiceExpr, bool), GameError> {
    let expr = movement_choice(ctx.scenario, unit, asked)?;
    if ctx.craft(unit) == Some(Craft::Junk) && heading_upstream(ctx, unit) {
        let upstream = DiceExpr::parse(&format!("{expr}-1D6"))?;
        return Ok((upstream, true));
    }
    Ok((expr, false))
}

fn movement_choice_list(ctx: &Ctx, unit: &Unit) -> Vec<DiceExpr> {
    ctx.scenario.ruleset.kind(&unit.kind).map(|k| k.movement_choices()).unwrap_or_default()
}

/// Craft keep to the water: every point of the route must lie in a river (when the scenario has one).
fn refuse_leaving_water(ctx: &Ctx, unit: &Unit, route: &[Pt]) -> Result<(), GameError> {
    let water = |p: Pt| areas_containing(p, &ctx.scenario.terrain).iter().any(|a| a.cover == "river");
    if !ctx.scenario.terrain.iter().any(|a| a.cover == "river") {
        return Ok(());
    }
    match route_samples(route, WATER_SAMPLE_STEP).find(|p| !water(*p)) {
        Some(p) => Err(Refusal::by_rule(
            format!(
                "{} would leave the water at ({:.1}, {:.1}): boats and junks keep to the river",
                unit.name, p.x, p.y
            ),
            MOVEMENT,
        )
        .into()),
        None => Ok(()),
    }
}

/// A junk is going upstream when it stands in a river and faces more than 90 degrees from the flow.
fn heading_upstream(ctx: &Ctx, unit: &Unit) -> bool {
    let Some(at) = unit.anchor() else { return false };
    areas_containing(at, &ctx.scenario.terrain).iter().filter_map(|a| a.flow).any(|flow| {
        let downstream = bearing(Pt::new(0.0, 0.0), flow);
        angle_between(unit.facing, downstream) > 90.0
    })
}

/// What the unit would roll for movement, refused as the roll itself would be whatever the phase: once a
/// turn, and a gun boat names its dice. The odds ask this, so they price only a roll the unit may make.
pub fn roll_to_make(ctx: &Ctx, unit: &Unit, asked: Option<&str>) -> Result<(DiceExpr, bool), GameError> {
    if let Some(a) = ctx.state.allowances.get(&unit.id) {
        return Err(Refusal::by_rule(
            format!(
                "{} {} already rolled {} movement this turn ({} = {})",
                unit.name,
                agrees(&unit.name, "has", "have"),
                agrees(&unit.name, "its", "their"),
                a.expr,
                a.total
            ),
            MOVEMENT,
        )
        .into());
    }
    if ctx.craft(unit) == Some(Craft::GunBoat) && asked.is_none() {
        let choices: Vec<String> = movement_choice_list(ctx, unit).iter().map(ToString::to_string).collect();
        return Err(Refusal::by_rule(
            format!("{} picks its dice before rolling: give `expr`, one of {}", unit.name, choices.join(", ")),
            format!("{MOVEMENT}: Gun Boat 1-6D6 plus 6 inches"),
        )
        .into());
    }
    move_expr(ctx, unit, asked)
}

/// A unit may move (`doing`) in its side's movement phase unless it rides a boat or is held.
pub fn move_ready(ctx: &Ctx, unit: &Unit, doing: &str) -> Result<(), GameError> {
    ctx.require_acting(unit, doing, Phase::is_movement)?;
    refuse_aboard(ctx, unit)?;
    refuse_held(ctx, unit)
}

pub fn roll_move(
    ctx: &Ctx,
    unit: &str,
    asked: Option<&str>,
    dice: Option<&[i64]>,
    rng: &mut GameRng,
) -> Result<Outcome, GameError> {
    let unit = ctx.live_unit(unit)?;
    move_ready(ctx, unit, "roll movement")?;
    let (expr, _) = roll_to_make(ctx, unit, asked)?;
    let mut feed = DiceFeed::new(dice, rng);
    let roll = feed.roll(&expr, "movement")?.roll;
    feed.finish()?;
    Ok(Outcome::MoveRolled { unit: unit.id.clone(), roll })
}

pub fn travel(ctx: &Ctx, unit: &str, path: &[Pt], facing: Option<f64>) -> Result<Outcome, GameError> {
    let unit = ctx.live_unit(unit)?;
    move_ready(ctx, unit, "move")?;
    let craft = ctx.craft(unit);
    let (turn_cost, facing) = match (craft, unit.anchor()) {
        (Some(_), Some(start)) => {
            let route: Vec<Pt> = std::iter::once(start).chain(path.iter().copied()).collect();
            // A route past the allowance is refused below, whatever water it crosses; only one the craft
            // could move is sampled, since sampling a route of 1e226 inches every step never ends.
            let left = ctx.state.allowances.get(&unit.id).map_or(0.0, |a| a.left);
            if path_length(&route) <= left + MOVE_TOLERANCE {
                refuse_leaving_water(ctx, unit, &route)?;
            }
            ship_turns(start, unit.facing, path, facing, ctx.charts.movement.turn_cost_per_90)
        }
        _ => (0.0, facing),
    };
    let mut outcome = resolve_move(ctx.scenario, ctx.state, unit, path, facing, turn_cost).map_err(|e| match e {
        GameError::Refused(r) if turn_cost > 0.0 => GameError::Refused(Refusal {
            message: format!("{} (turning cost {turn_cost:.1}\" of it)", r.message),
            rule: Some(format!(
                "{MOVEMENT}: ship turns cost {}\" per 90 degrees",
                ctx.charts.movement.turn_cost_per_90
            )),
        }),
        other => other,
    })?;
    if let Outcome::Moved { route, effects, facing, .. } = &mut outcome {
        let (start, end) = (route[0], *route.last().unwrap());
        let (dx, dy) = (end.x - start.x, end.y - start.y);
        let turn = normalise_degrees(*facing - unit.facing);
        for carried in ctx.state.units.iter().filter(|u| ctx.aboard(u) == Some(unit.id.as_str()) && !u.is_out()) {
            // Those aboard go where the boat takes them: carried along, and turned with it about its
            // leader's place, so a gun on the bow stays on the bow.
            if turn.abs() > EPSILON {
                let moved: Vec<Pt> = carried.alive().map(|f| Pt::new(f.pos.x + dx, f.pos.y + dy)).collect();
                let at = turned_about(&moved, end, turn);
                let figures = carried.alive().zip(at).map(|(f, at)| Placed { figure: f.id, at }).collect();
                effects.push(Effect::Place { unit: carried.id.clone(), figures });
            } else {
                effects.push(Effect::Shift { unit: carried.id.clone(), dx, dy });
            }
            effects.push(Effect::Face { unit: carried.id.clone(), facing: *facing });
        }
        if ctx.profile(unit).swims && !ctx.turn.swims_owed.contains(&unit.id) {
            effects.push(Change::SwimOwed { unit: unit.id.clone() }.effect());
        }
    }
    Ok(outcome)
}

/// What a ship's route costs in turns, and the way it ends up facing: along its last leg, or the facing
/// asked for if it turns again at the end. Turns are charged pro rata, `cost_per_90` inches per 90 degrees.
pub fn ship_turns(
    start: Pt,
    facing: f64,
    path: &[Pt],
    end_facing: Option<f64>,
    cost_per_90: f64,
) -> (f64, Option<f64>) {
    let mut heading = facing;
    let mut turned = 0.0;
    let mut from = start;
    for &to in path {
        if distance(from, to) > MOVE_TOLERANCE {
            let leg = bearing(from, to);
            turned += angle_between(heading, leg);
            heading = leg;
        }
        from = to;
    }
    if let Some(wanted) = end_facing {
        turned += angle_between(heading, wanted);
        heading = wanted;
    }
    (turned / 90.0 * cost_per_90, Some(heading))
}

/// Each swimmer's chance to drown: a 6 on his D6.
pub const DROWNS: f64 = 1.0 / 6.0;

/// The exact chance of each number of a swimming unit's figures drowning.
pub fn drowned(unit: &Unit) -> Dist {
    Dist::binomial(unit.alive_count(), DROWNS)
}

/// How many of a swimming unit drown, and the dice it rolls.
pub fn drowning_odds(unit: &Unit) -> OddsView {
    OddsView::new(format!("{}: swimmers drowned", unit.name), &drowned(unit))
        .with_dice([format!("{} D6, one per swimmer", unit.alive_count())])
}

pub fn drown(ctx: &Ctx, unit: &str, dice: Option<&[i64]>, rng: &mut GameRng) -> Result<Outcome, GameError> {
    let unit = ctx.live_unit(unit)?;
    if !ctx.turn.swims_owed.contains(&unit.id) {
        return Err(Refusal::by_rule(
            format!("{} owes no drowning roll: it has not swum this turn, or has rolled already", unit.name),
            MOVEMENT,
        )
        .into());
    }
    let swimmers = unit.alive_count();
    let expr = DiceExpr::parse(&format!("{swimmers}D6"))?;
    let mut feed = DiceFeed::new(dice, rng);
    let roll = feed.roll(&expr, "drowning (a 6 drowns)")?;
    feed.finish()?;
    let drowned = roll.roll.faces.iter().filter(|&&f| f == 6).count() as u32;
    let mut effects = vec![Change::Swum { unit: unit.id.clone() }.effect()];
    if drowned > 0 {
        effects.insert(0, Effect::Losses { unit: unit.id.clone(), figures: unit.choose_losses(drowned) });
    }
    Ok(Outcome::Resolved {
        summary: format!(
            "{} swim: {}",
            unit.name,
            if drowned == 0 {
                "none drown".into()
            } else {
                format!("{} drowned", plural(drowned as usize, "swimmer", "swimmers"))
            }
        ),
        rolls: vec![roll],
        effects,
    })
}

/// Refuses a unit or target on the water: the rules have no boarding.
fn refuse_boarding(ctx: &Ctx, who: &Unit) -> Result<(), GameError> {
    if ctx.craft(who).is_some() || ctx.aboard(who).is_some() {
        return Err(Refusal::by_rule(
            format!("{} is on the water: the rules have no boarding, so it cannot charge or be charged", who.name),
            MOVEMENT,
        )
        .into());
    }
    Ok(())
}

/// Whether the unit's kind may ever charge: not on the water, not swimming, not a morale row reading NO.
pub fn may_ever_charge(ctx: &Ctx, unit: &Unit) -> bool {
    refuse_aboard(ctx, unit).is_ok()
        && refuse_boarding(ctx, unit).is_ok()
        && refuse_swimming(ctx, unit).is_ok()
        && refuse_no_charge(ctx, unit).is_ok()
}

fn refuse_swimming(ctx: &Ctx, unit: &Unit) -> Result<(), GameError> {
    if ctx.profile(unit).swims {
        return Err(Refusal::by_rule(format!("{} are swimming and cannot charge", unit.name), MOVEMENT).into());
    }
    Ok(())
}

fn refuse_no_charge(ctx: &Ctx, unit: &Unit) -> Result<(), GameError> {
    if let Some(MoraleCell::Word(MoraleWord::No)) = ctx.morale_cell(unit, true) {
        return Err(Refusal::by_rule(
            format!("{} may not charge: its morale row reads NO for a charge", unit.name),
            MORALE,
        )
        .into());
    }
    Ok(())
}

/// What a charge asks of the charger: it may charge at all, has not charged this turn, is not held, and
/// (with `now`) has rolled its movement; and that its target, when named, is not on the water. Returns the
/// inches of movement it has left.
pub fn charger_ready(ctx: &Ctx, unit: &Unit, target: Option<&Unit>, now: bool) -> Result<f64, GameError> {
    refuse_aboard(ctx, unit)?;
    refuse_boarding(ctx, unit)?;
    if let Some(target) = target {
        refuse_boarding(ctx, target)?;
    }
    refuse_swimming(ctx, unit)?;
    if let Some(previous) = ctx.turn.charge_by(&unit.id) {
        let name = ctx.state.unit(&previous.defender).map(|u| u.name.as_str()).unwrap_or("");
        return Err(Refusal::by_rule(format!("{} {} already charged {name} this turn", unit.name, agrees(&unit.name, "has", "have")), MOVEMENT).into());
    }
    refuse_held(ctx, unit)?;
    refuse_no_charge(ctx, unit)?;
    match ctx.state.allowances.get(&unit.id) {
        Some(allowance) => Ok(allowance.left),
        None if !now => Ok(f64::INFINITY),
        None => Err(Refusal::by_rule(format!("roll {}'s movement before it charges", unit.name), MOVEMENT).into()),
    }
}

/// The straight shift a charge makes: from the nearest pair of figures to `charge_stop_short` from the
/// target; against a target in cover, no further than the edge of that cover, outside it, so the charger
/// keeps its own ground (the defender's cover is its own). With its length, and the cover column it
/// stopped at, if it did.
struct ChargeShift {
    dx: f64,
    dy: f64,
    length: f64,
    at_cover: Option<usize>,
    /// The nearest pair of figures, the charger's first: the way it faces.
    from: Pt,
    to: Pt,
}

fn charge_shift(ctx: &Ctx, unit: &Unit, target: &Unit) -> ChargeShift {
    let (mine, theirs) = (unit.alive_positions(), target.alive_positions());
    let pair = nearest(&mine, &theirs).expect("both units have figures");
    let length = (pair.distance - ctx.charts.movement.charge_stop_short).max(0.0);
    let (from, to) = (mine[pair.a_index], theirs[pair.b_index]);
    let step = if pair.distance > 0.0 { length / pair.distance } else { 0.0 };
    let (dx, dy) = ((to.x - from.x) * step, (to.y - from.y) * step);
    let whole = ChargeShift { dx, dy, length, at_cover: None, from, to };
    let column = ctx.cover_column(target);
    if column == 0 || ctx.craft(target).is_some() || ctx.aboard(target).is_some() {
        return whole;
    }
    let entering = |start: Pt, end: Pt| ctx.column_at(start) != column && ctx.column_at(end) == column;
    match share_before(&mine, dx, dy, entering) {
        t if t < 1.0 => ChargeShift { dx: dx * t, dy: dy * t, length: length * t, at_cover: Some(column), ..whole },
        _ => whole,
    }
}

/// Before the unit has rolled its move, the chance its dice carry a charge on `target` home. None once it
/// has rolled: a charge out of reach is then refused, so one that is priced is sure to reach.
pub fn reach_line(ctx: &Ctx, unit: &Unit, target: &Unit) -> Result<Option<OddsLine>, GameError> {
    if ctx.state.allowances.contains_key(&unit.id) {
        return Ok(None);
    }
    let needed = charge_shift(ctx, unit, target).length;
    let (expr, _) = roll_to_make(ctx, unit, None)?;
    let whole = (needed - MOVE_TOLERANCE).ceil() as i64;
    let label = format!("its movement roll ({expr}) reaches {} (needs {needed:.1}\")", target.name);
    Ok(Some(OddsLine { label, p: expr.distribution().p_at_least(whole) }))
}

/// Checks and resolves a charge. With `now` false (odds), the phase is not checked and, before the unit
/// has rolled its movement, neither is its reach: a player may weigh a charge before rolling for it.
pub fn charge(ctx: &Ctx, unit: &str, target: &str, now: bool) -> Result<Outcome, GameError> {
    let unit = ctx.live_unit(unit)?;
    let target = ctx.live_unit(target)?;
    if now {
        ctx.require_acting(unit, "charge", Phase::is_movement)?;
    }
    ctx.require_enemy(unit, target)?;
    let left = charger_ready(ctx, unit, Some(target), now)?;
    let stop_short = ctx.charts.movement.charge_stop_short;
    let ChargeShift { dx, dy, length: needed, at_cover, from, to } = charge_shift(ctx, unit, target);
    let short_of = match at_cover {
        Some(column) => format!("the edge of the {}", ctx.column_name(column).to_lowercase()),
        None => format!("{stop_short}\" short"),
    };
    if needed > left + MOVE_TOLERANCE {
        return Err(Refusal::by_rule(
            format!(
                "{} needs {needed:.1}\" to reach {short_of} of {} but has {left:.1}\" of movement left",
                unit.name, target.name
            ),
            format!("{MOVEMENT}: a unit with enough movement to enter melee stops {stop_short} inch away"),
        )
        .into());
    }
    let table = &ctx.scenario.table;
    if unit.alive().any(|f| !table.contains(Pt::new(f.pos.x + dx, f.pos.y + dy))) {
        return Err(Refusal::by_rule(format!("{} would end partly off the table", unit.name), "Table edge").into());
    }
    let facing_in = bearing(from, to);
    let facing_out = bearing(to, from);
    Ok(Outcome::Resolved {
        summary: format!(
            "{} {}: {} {needed:.1}\" to {short_of}; {} pinned and {} to face {}",
            says(&unit.name, "charges", "charge"),
            target.name,
            agrees(&unit.name, "moves", "move"),
            says(&target.name, "is", "are"),
            agrees(&target.name, "turns", "turn"),
            agrees(&unit.name, "it", "them"),
        ),
        rolls: Vec::new(),
        effects: vec![
            Effect::Shift { unit: unit.id.clone(), dx, dy },
            Effect::AllowanceLeft { unit: unit.id.clone(), left: (left - needed).max(0.0) },
            Effect::Face { unit: unit.id.clone(), facing: facing_in },
            Effect::Face { unit: target.id.clone(), facing: facing_out },
            Effect::Flag { unit: target.id.clone(), flag: PINNED, on: true },
            Change::Charged { attacker: unit.id.clone(), defender: target.id.clone() }.effect(),
        ],
    })
}
