//! Movement: two D10 for the leader; the total on clear ground and trails, one die in jungle (the lowest
//! for U.S. troops and limbered guns, the highest for Moros), decided from the route. Also unlimbering,
//! sighting hidden counters, and charging into contact.

use super::context::{Ctx, Ground, MOVEMENT, SIGHTING};
use super::tables::{Army, JungleDie};
use super::turn::{Activation, Change, MeleeState, MeleeStep, Reason};
use crate::dice::{DiceExpr, DiceFeed, GameRng};
use crate::game::{
    Allowance, Effect, GameError, Outcome, Refusal, movement_choice, wheel_effect, wheeled_on_the_table,
};
use crate::measure::{
    MOVE_TOLERANCE, Pt, bearing, distance, inches_beside, nearest, normalise_degrees, path_length, route_samples,
    share_before,
};
use crate::odds::{Dist, OddsView};
use crate::roster::Unit;
use crate::rules::{plural, says};

/// How finely a route is checked for jungle, in inches.
const SAMPLE_STEP: f64 = 0.25;

/// The active unit may use its move once, and before it fires.
pub fn ready_to_move<'a>(ctx: &Ctx<'a>, unit: &str) -> Result<&'a Unit, GameError> {
    let (unit, active) = still_moving(ctx, unit, "move")?;
    if active.moved {
        return Err(move_spent(unit));
    }
    Ok(unit)
}

fn move_spent(unit: &Unit) -> GameError {
    Refusal::by_rule(format!("{} has already used its move in this activation", unit.name), MOVEMENT).into()
}

/// Whether the active unit's move is still open to it, for moving or for placing its figures as it moves:
/// not locked in melee, its move not spent at a gun, and not yet fired.
pub fn still_moving<'a>(ctx: &Ctx<'a>, unit: &str, doing: &str) -> Result<(&'a Unit, &'a Activation), GameError> {
    let unit = ctx.live_unit(unit)?;
    ctx.activation_refusal(unit, doing)?;
    refuse_locked(ctx, unit, "move away")?;
    let active = ctx.turn.active.as_ref().expect("checked active");
    if active.busy {
        return Err(move_spent(unit));
    }
    if active.fired {
        return Err(Refusal::by_rule(
            format!("{} has fired: an activated unit moves (or charges) first, then fires", unit.name),
            "Heliograph, Unit Activation: move, then melee if it charged, else fire",
        )
        .into());
    }
    Ok((unit, active))
}

/// A charge against a unit in a fort or building meets it at the edge of its works: the attacker's figures
/// stop where the first of them would cross into that ground, so it keeps its own cover and the defender
/// its own. Returns the shortened shift and the ground it stopped at, if it did.
fn short_of_cover(ctx: &Ctx, unit: &Unit, target: &Unit, dx: f64, dy: f64) -> (f64, f64, Option<Ground>) {
    let ground = ctx.ground_of(target);
    if !matches!(ground, Ground::Fort | Ground::Building) {
        return (dx, dy, None);
    }
    let from: Vec<Pt> = unit.alive().map(|f| f.pos).collect();
    let t = share_before(&from, dx, dy, |start, to| ctx.ground_at(start) != ground && ctx.ground_at(to) == ground);
    if t >= 1.0 {
        return (dx, dy, None);
    }
    (dx * t, dy * t, Some(ground))
}

/// A unit locked in a tied melee stays in contact until a melee decides it (RULINGS: a tie locks).
pub fn refuse_locked(ctx: &Ctx, unit: &Unit, doing: &str) -> Result<(), GameError> {
    match ctx.turn.locked_with(&unit.id) {
        Some(other) => Err(Refusal::by_rule(
            format!(
                "{} is locked in melee with {}: it may not {doing}; it fights on with `melee`",
                unit.name,
                ctx.name_of(other)
            ),
            "Heliograph, Melee: a tie locks the melee",
        )
        .into()),
        None => Ok(()),
    }
}

/// The active unit rolls its move once a turn, before it moves.
pub fn roll_ready<'a>(ctx: &Ctx<'a>, unit: &str) -> Result<&'a Unit, GameError> {
    let unit = ready_to_move(ctx, unit)?;
    if let Some(a) = ctx.state.allowances.get(&unit.id) {
        return Err(Refusal::by_rule(format!("{} has already rolled {} this turn", unit.name, a.expr), MOVEMENT).into());
    }
    Ok(unit)
}

pub fn roll_move(
    ctx: &Ctx,
    unit: &str,
    asked: Option<&str>,
    dice: Option<&[i64]>,
    rng: &mut GameRng,
) -> Result<Outcome, GameError> {
    let unit = roll_ready(ctx, unit)?;
    let expr = movement_choice(ctx.scenario, unit, asked)?;
    let mut feed = DiceFeed::new(dice, rng);
    let roll = feed.roll(&expr, "movement")?.roll;
    feed.finish()?;
    Ok(Outcome::MoveRolled { unit: unit.id.clone(), roll })
}

/// Which rule a route moves under, and the allowance it gives, with the reason in words.
pub struct Terrain {
    pub jungle: bool,
    pub allowance: f64,
    pub why: String,
}

pub fn terrain_rule(ctx: &Ctx, unit: &Unit, allowance: &Allowance, route: &[Pt]) -> Terrain {
    let jungle_at = route_samples(route, SAMPLE_STEP).find(|p| ctx.ground_at(*p) == Ground::Jungle);
    let faces = &allowance.faces;
    match jungle_at {
        None => Terrain {
            jungle: false,
            allowance: allowance.total as f64,
            why: format!("clear or trail: the total of {faces:?} = {}", allowance.total),
        },
        Some(at) => {
            let rule = ctx.profile(unit).jungle_die;
            let die = match rule {
                JungleDie::Lowest => faces.iter().min(),
                JungleDie::Highest => faces.iter().max(),
            }
            .copied()
            .unwrap_or(0);
            let which = if rule == JungleDie::Lowest { "lowest" } else { "highest" };
            Terrain {
                jungle: true,
                allowance: die as f64,
                why: format!("through jungle at ({:.1}, {:.1}): the {which} die of {faces:?} = {die}", at.x, at.y),
            }
        }
    }
}

pub fn travel(ctx: &Ctx, unit: &str, path: &[Pt], facing: Option<f64>) -> Result<Outcome, GameError> {
    let unit = ready_to_move(ctx, unit)?;
    let allowance = ctx
        .state
        .allowances
        .get(&unit.id)
        .ok_or_else(|| Refusal::by_rule(format!("roll {}'s movement before moving it", unit.name), MOVEMENT))?;
    if path.is_empty() || path.iter().any(|p| !p.x.is_finite() || !p.y.is_finite()) {
        return Err(GameError::BadInput("a move needs `path`: one or more points in inches".into()));
    }
    let start = unit.anchor().expect("live units have figures");
    let route: Vec<Pt> = std::iter::once(start).chain(path.iter().copied()).collect();
    let length = path_length(&route);
    // No ground gives more than the dice's total, so a longer route is refused before the ground along it
    // is sampled: sampling a route of 1e226 inches every quarter inch never ends (issue 17).
    if length > allowance.total as f64 + MOVE_TOLERANCE {
        return Err(Refusal::by_rule(
            format!(
                "{}: a move of {length:.1}\" is past the most its dice allow, {}\" (the total of {:?}, on clear ground or trail)",
                unit.name, allowance.total, allowance.faces
            ),
            format!("{MOVEMENT}: clear/trail the total of the dice, jungle one die"),
        )
        .into());
    }
    let rule = terrain_rule(ctx, unit, allowance, &route);
    if length > rule.allowance + MOVE_TOLERANCE {
        return Err(Refusal::by_rule(
            format!(
                "{}: a move of {length:.1}\" is past the allowance of {:.0}\" ({})",
                unit.name, rule.allowance, rule.why
            ),
            format!("{MOVEMENT}: clear/trail the total of the dice, jungle one die"),
        )
        .into());
    }
    let end = *route.last().unwrap();
    let (dx, dy) = (end.x - start.x, end.y - start.y);
    let facing = facing.map(normalise_degrees);
    wheeled_on_the_table(ctx.scenario, unit, dx, dy, facing.unwrap_or(unit.facing))?;
    let mut effects = vec![
        Effect::Shift { unit: unit.id.clone(), dx, dy },
        Effect::AllowanceLeft { unit: unit.id.clone(), left: 0.0 },
        Change::Moved.effect(),
    ];
    if let Some(f) = facing {
        effects.push(Effect::Face { unit: unit.id.clone(), facing: f });
        effects.extend(wheel_effect(unit, dx, dy, f));
    }
    effects.extend(moving_reveals(ctx, unit));
    let mut summary = format!("{} moved {length:.1}\" ({})", unit.name, rule.why);
    if rule.jungle && rule.allowance == 0.0 && ctx.profile(unit).side == Army::Us {
        summary.push_str("; a zero in jungle: the unit may change formation instead");
    }
    Ok(Outcome::Resolved { summary, rolls: Vec::new(), effects })
}

/// Moving reveals a hidden unit and limbers a gun.
pub fn moving_reveals(ctx: &Ctx, unit: &Unit) -> Vec<Effect> {
    let mut effects = Vec::new();
    if ctx.is_hidden(unit) {
        effects.push(Change::Spotted { unit: unit.id.clone() }.effect());
    }
    if ctx.profile(unit).support && !ctx.turn.limbered.contains(&unit.id) {
        effects.push(Change::Limbered { unit: unit.id.clone(), on: true }.effect());
    }
    effects
}

pub fn unlimber(ctx: &Ctx, unit: &str) -> Result<Outcome, GameError> {
    let unit = ready_to_move(ctx, unit)?;
    if !ctx.profile(unit).support {
        return Err(
            Refusal::by_rule(format!("{} is not a gun: only guns limber and unlimber", unit.name), MOVEMENT).into()
        );
    }
    if !ctx.turn.limbered.contains(&unit.id) {
        return Err(Refusal::by_rule(format!("{} is already unlimbered", unit.name), MOVEMENT).into());
    }
    Ok(Outcome::Resolved {
        summary: format!("{} spends its move unlimbering", unit.name),
        rolls: Vec::new(),
        effects: vec![
            Change::Limbered { unit: unit.id.clone(), on: false }.effect(),
            Change::Busy.effect(),
            Change::Moved.effect(),
        ],
    })
}

/// The hidden counters a U.S. unit could sight from where its leader stands, nearest first, each with the
/// roll it needs (0: automatic).
pub fn counters<'a>(ctx: &Ctx<'a>, unit: &Unit) -> Vec<(&'a Unit, f64, Option<i64>)> {
    let Some(leader) = unit.anchor() else { return Vec::new() };
    let mut list: Vec<(&Unit, f64, Option<i64>)> = ctx
        .state
        .units
        .iter()
        .filter(|u| u.side != unit.side && !u.is_out() && ctx.is_hidden(u))
        .filter_map(|u| u.anchor().map(|at| (u, distance(leader, at))))
        .map(|(u, d)| (u, d, ctx.charts.sighting_roll(d)))
        .collect();
    list.sort_by(|a, b| a.1.total_cmp(&b.1));
    list
}

/// Only the active U.S. unit rolls to sight, once, as it sets out: before it moves or fires. Sighting is
/// what a *moving* unit does, so a unit that could not move may not sight, and one that sighted counts as
/// moving for its fire (no +1 for not moving) whether or not it then goes anywhere.
pub fn sight_ready<'a>(ctx: &Ctx<'a>, unit: &str) -> Result<&'a Unit, GameError> {
    let unit = ctx.live_unit(unit)?;
    ctx.activation_refusal(unit, "sight")?;
    if ctx.profile(unit).side != Army::Us {
        return Err(Refusal::by_rule(
            format!("{} does not roll to sight: only a moving U.S. unit does", unit.name),
            SIGHTING,
        )
        .into());
    }
    let (unit, active) = still_moving(ctx, &unit.id, "sight").map_err(|refused| match refused {
        GameError::Refused(r) => Refusal::by_rule(
            format!("only a moving U.S. unit rolls to sight, and {} cannot move: {}", unit.name, r.message),
            SIGHTING,
        )
        .into(),
        other => other,
    })?;
    if active.moved {
        return Err(Refusal::by_rule(
            format!("{} rolls to sight as it sets out: before it moves or fires", unit.name),
            "Heliograph, Unit Activation: if U.S. is moving, roll to sight enemy",
        )
        .into());
    }
    if active.sighted {
        return Err(Refusal::by_rule(
            format!("{} has already rolled to sight in this activation", unit.name),
            SIGHTING,
        )
        .into());
    }
    Ok(unit)
}

pub fn sight(ctx: &Ctx, unit: &str, dice: Option<&[i64]>, rng: &mut GameRng) -> Result<Outcome, GameError> {
    let unit = sight_ready(ctx, unit)?;
    let d10 = DiceExpr::parse("D10").expect("D10 parses");
    let mut feed = DiceFeed::new(dice, rng);
    let mut rolls = Vec::new();
    let mut effects = vec![Change::Sighted.effect()];
    let mut lines = Vec::new();
    let limits = ctx.charts.sighting_limits();
    for (counter, range, needed) in counters(ctx, unit) {
        let away = inches_beside(range, &limits);
        let seen = match needed {
            None => {
                lines.push(format!("{away} away, beyond 24\": cannot be sighted"));
                false
            }
            Some(0) => {
                lines.push(format!("{away} away: sighted automatically"));
                true
            }
            Some(n) => {
                let roll = feed.roll(&d10, &format!("sight the counter {away} away ({n}+)"))?;
                let seen = roll.roll.total >= n;
                lines.push(format!(
                    "{away} away: {} needing {n}+, {}",
                    roll.roll.total,
                    if seen { "sighted" } else { "not seen" }
                ));
                rolls.push(roll);
                seen
            }
        };
        if seen {
            effects.push(Change::Spotted { unit: counter.id.clone() }.effect());
        }
    }
    feed.finish()?;
    let found = effects.len() - 1;
    let summary = if lines.is_empty() {
        format!("{} looks for hidden counters: none left on the table", unit.name)
    } else {
        format!("{} rolls to sight: {}; {} revealed", unit.name, lines.join("; "), plural(found, "counter", "counters"))
    };
    Ok(Outcome::Resolved { summary, rolls, effects })
}

/// The chance a counter needing `needed` on a D10 (0: automatic, None: beyond sight) is sighted.
fn sight_chance(needed: Option<i64>) -> f64 {
    match needed {
        None => 0.0,
        Some(n) => (10 - n).clamp(0, 10) as f64 / 10.0,
    }
}

/// The exact chance of each number of hidden counters `unit` sights from where it stands.
pub fn sighted(ctx: &Ctx, unit: &Unit) -> Dist {
    counters(ctx, unit)
        .iter()
        .fold(Dist::constant(0), |dist, (_, _, needed)| dist.add(&Dist::bernoulli(sight_chance(*needed))))
}

pub fn sight_odds(ctx: &Ctx, unit: &str) -> Result<OddsView, GameError> {
    let unit = sight_ready(ctx, unit)?;
    let mut view_lines = Vec::new();
    let mut dice = Vec::new();
    let limits = ctx.charts.sighting_limits();
    for (_, range, needed) in counters(ctx, unit) {
        let away = inches_beside(range, &limits);
        if let Some(n) = needed.filter(|n| *n > 0) {
            dice.push(format!("1 D10 for the counter {away} away ({n}+)"));
        }
        view_lines.push((format!("the counter {away} away is sighted"), sight_chance(needed)));
    }
    let mut view =
        OddsView::new(format!("{}: hidden counters sighted", unit.name), &sighted(ctx, unit)).with_dice(dice);
    for (label, p) in view_lines {
        view.add_line(label, p);
    }
    Ok(view)
}

pub fn charge(ctx: &Ctx, unit: &str, target: &str) -> Result<Outcome, GameError> {
    let unit = ready_to_move(ctx, unit)?;
    let target = ctx.live_unit(target)?;
    if unit.side == target.side {
        return Err(Refusal::new(format!("{} and {} are on the same side", unit.name, target.name)).into());
    }
    let allowance = ctx
        .state
        .allowances
        .get(&unit.id)
        .ok_or_else(|| Refusal::by_rule(format!("roll {}'s movement before it charges", unit.name), MOVEMENT))?;
    let mine = unit.alive_positions();
    let theirs = target.alive_positions();
    let pair = nearest(&mine, &theirs).expect("both have figures");
    let needed = (pair.distance - ctx.charts.movement.contact).max(0.0);
    let (from, to) = (mine[pair.a_index], theirs[pair.b_index]);
    let step = if pair.distance > 0.0 { needed / pair.distance } else { 0.0 };
    let (dx, dy) = ((to.x - from.x) * step, (to.y - from.y) * step);
    let (dx, dy, at_the_edge) = short_of_cover(ctx, unit, target, dx, dy);
    let needed = if at_the_edge.is_some() { dx.hypot(dy) } else { needed };
    let start = unit.anchor().expect("live");
    let route = [start, Pt::new(start.x + dx, start.y + dy)];
    let rule = terrain_rule(ctx, unit, allowance, &route);
    if needed > rule.allowance + MOVE_TOLERANCE {
        return Err(Refusal::by_rule(
            format!(
                "{} needs {} to reach {} but may move {:.0}\" ({})",
                unit.name,
                inches_beside(needed, &[rule.allowance]),
                target.name,
                rule.allowance,
                rule.why
            ),
            MOVEMENT,
        )
        .into());
    }
    let mut effects = vec![
        Effect::Shift { unit: unit.id.clone(), dx, dy },
        Effect::AllowanceLeft { unit: unit.id.clone(), left: 0.0 },
        Effect::Face { unit: unit.id.clone(), facing: bearing(from, to) },
        Change::Moved.effect(),
        Change::ChargedIn.effect(),
        Change::Melee {
            state: Some(MeleeState {
                attacker: unit.id.clone(),
                defender: target.id.clone(),
                step: MeleeStep::DefenderMorale,
            }),
        }
        .effect(),
        Change::MoraleDue { unit: target.id.clone(), reason: Reason::Charged }.effect(),
    ];
    effects.extend(moving_reveals(ctx, unit));
    if ctx.is_hidden(target) {
        effects.push(Change::Spotted { unit: target.id.clone() }.effect());
    }
    let edge = match at_the_edge {
        Some(ground) => format!(", to the edge of its {}", ground.name()),
        None => String::new(),
    };
    Ok(Outcome::Resolved {
        summary: format!(
            "{} {} ({needed:.1}\"{edge}, {}): {} morale first",
            says(&unit.name, "charges", "charge"),
            target.name,
            rule.why,
            says(&target.name, "tests", "test")
        ),
        rolls: Vec::new(),
        effects,
    })
}
