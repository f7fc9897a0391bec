//! Fire: a D20 per die against the firing chart's cover column; natural 1s may kill the leader;
//! cavalry save on 5-6 before that; crew weapons roll surviving crew x dice per crew.

use super::context::{Ctx, FIRING};
use super::tables::FireRow;
use super::turn::{Change, Phase};
use crate::dice::{DiceExpr, DiceFeed, GameRng, NamedRoll};
use crate::game::{Effect, GameError, Outcome, Refusal};
use crate::measure::{EPSILON, inches_beside, nearest};
use crate::odds::{Dist, OddsView};
use crate::roster::Unit;
use crate::rules::{agrees, plural};

/// Everything about a fire that is known before the dice: who, at whom, how many dice, hitting on what.
pub struct FirePlan<'a> {
    pub firer: &'a Unit,
    pub target: &'a Unit,
    pub dice: u32,
    pub column: usize,
    pub hits_on: i64,
    pub range: f64,
    pub save: Option<i64>,
}

impl FirePlan<'_> {
    pub fn p_hit(&self) -> f64 {
        self.hits_on.clamp(0, 20) as f64 / 20.0
    }

    /// The chance a hit is not saved (cavalry save; every hit stands against others).
    pub fn p_stand(&self) -> f64 {
        self.save.map(|s| (s - 1).clamp(0, 6) as f64 / 6.0).unwrap_or(1.0)
    }

    /// The exact chance of each number of figures lost, capped at those standing.
    pub fn losses(&self) -> Dist {
        let alive = self.target.alive_count() as i64;
        Dist::binomial(self.dice, self.p_hit() * self.p_stand()).map(|n| n.min(alive))
    }
}

/// Checks a fire and works out its dice and column. `now` also checks that it is the firer's side's fire
/// phase; odds leave that out so a player can weigh a shot while still moving, but not what rules the shot
/// out for the whole turn (it charged, or has fired).
pub fn plan<'a>(
    ctx: &Ctx<'a>,
    unit: &str,
    target: &str,
    cover: Option<&str>,
    now: bool,
) -> Result<FirePlan<'a>, GameError> {
    let firer = ctx.live_unit(unit)?;
    let target = ctx.live_unit(target)?;
    if now {
        ctx.require_acting(firer, "fire", Phase::is_fire)?;
    }
    ctx.require_enemy(firer, target)?;
    let row = may_fire(ctx, firer)?;
    if ctx.craft(target).is_some() {
        return Err(Refusal::by_rule(
            format!("{} is a vessel: fire at the crew and guns aboard it, who count as behind Ships", target.name),
            FIRING,
        )
        .into());
    }
    let dice = volley_dice(row, firer);
    if dice == 0 {
        return Err(Refusal::by_rule(format!("{} {} no crew left to serve it", firer.name, agrees(&firer.name, "has", "have")), FIRING).into());
    }
    let range = nearest(&firer.alive_positions(), &target.alive_positions()).expect("both have figures").distance;
    if range > row.range + EPSILON {
        return Err(Refusal::by_rule(
            format!(
                "{} is {} away, beyond {}'s range of {}\"",
                target.name,
                inches_beside(range, &[row.range]),
                firer.name,
                row.range
            ),
            FIRING,
        )
        .into());
    }
    let column = match cover {
        Some(name) => ctx.charts.fire_rules.cover_columns.iter().position(|c| c == name).ok_or_else(|| {
            GameError::BadInput(format!(
                "cover {name:?} is not a firing chart column; columns are: {}",
                ctx.charts.fire_rules.cover_columns.join(", ")
            ))
        })?,
        None => ctx.cover_column(target),
    };
    Ok(FirePlan { firer, target, dice, column, hits_on: row.hits[column], range, save: ctx.profile(target).save })
}

/// The D20s a volley rolls: one per figure (or per so many figures), or surviving crew x dice per crew.
pub fn volley_dice(row: &FireRow, firer: &Unit) -> u32 {
    match (row.figures_per_die, row.dice_per_crew) {
        (Some(per), _) => firer.alive_count().div_ceil(per.max(1)),
        (None, Some(per_crew)) => firer.crew_alive() * per_crew,
        (None, None) => 0,
    }
}

/// What a unit's firing depends on besides its target and the phase: a firing row, and that it has neither
/// charged nor fired this turn; never after a gun's move that allows no fire.
pub fn may_fire<'a>(ctx: &Ctx<'a>, firer: &Unit) -> Result<&'a FireRow, GameError> {
    let profile = ctx.profile(firer);
    let Some(row_name) = profile.fire.as_deref() else {
        return Err(Refusal::by_rule(format!("{} do not fire", firer.name), FIRING).into());
    };
    let row = &ctx.charts.fire[row_name];
    if ctx.turn.has_charged(&firer.id) {
        return Err(Refusal::by_rule(
            format!("{} charged this turn", firer.name),
            format!("{FIRING}: units that charge may not fire"),
        )
        .into());
    }
    if ctx.turn.fired.contains(&firer.id) {
        return Err(Refusal::by_rule(format!("{} {} already fired this turn", firer.name, agrees(&firer.name, "has", "have")), FIRING).into());
    }
    if let (Some(no_fire), Some(allowance)) = (&profile.no_fire_move, ctx.state.allowances.get(&firer.id))
        && allowance.expr == no_fire.to_string()
    {
        return Err(Refusal::by_rule(
            format!("{} rolled {} for movement this turn, which allows no fire", firer.name, allowance.expr),
            "Sand Pebbles, Movement Chart: guns move 2D6 plus 6 with no fire, or 1D6 plus 6 and may fire",
        )
        .into());
    }
    Ok(row)
}

pub fn fire(
    ctx: &Ctx,
    unit: &str,
    target: &str,
    cover: Option<&str>,
    dice: Option<&[i64]>,
    rng: &mut GameRng,
) -> Result<Outcome, GameError> {
    let plan = plan(ctx, unit, target, cover, true)?;
    let rules = &ctx.charts.fire_rules;
    let d6 = DiceExpr::parse("D6").expect("D6 parses");
    let mut feed = DiceFeed::new(dice, rng);
    let mut rolls: Vec<NamedRoll> = Vec::new();
    let volley = feed.roll(&DiceExpr::parse(&format!("{}D20", plan.dice))?, "to hit")?;
    let hits: Vec<i64> = volley.roll.faces.iter().copied().filter(|&f| f <= plan.hits_on).collect();
    rolls.push(volley);

    let mut standing: Vec<i64> = Vec::new();
    for &face in &hits {
        match plan.save {
            Some(save) => {
                let roll = feed.roll(&d6, &format!("cavalry save ({save}+)"))?;
                if roll.roll.total < save {
                    standing.push(face);
                }
                rolls.push(roll);
            }
            None => standing.push(face),
        }
    }
    let saved = hits.len() - standing.len();
    let mut leader_killed = false;
    for _ in standing.iter().filter(|&&f| f == rules.leader_check_face) {
        let roll =
            feed.roll(&d6, &format!("natural {}: leader on a {}", rules.leader_check_face, rules.leader_killed_on))?;
        leader_killed |= roll.roll.total >= rules.leader_killed_on;
        rolls.push(roll);
    }
    feed.finish()?;

    let losses = casualties(plan.target, standing.len() as u32, leader_killed);
    let mut summary = format!(
        "{} fire at {} ({:.1}\", {}, hit on 1-{}): {} D20, {}",
        plan.firer.name,
        plan.target.name,
        plan.range,
        ctx.column_name(plan.column),
        plan.hits_on,
        plan.dice,
        plural(hits.len(), "hit", "hits"),
    );
    if plan.save.is_some() && !hits.is_empty() {
        summary.push_str(&format!(", {saved} saved"));
    }
    if leader_killed && plan.target.leader().is_some() {
        summary.push_str(", the leader is killed");
    }
    summary.push_str(&format!(": {} lost", plural(losses.len(), "figure", "figures")));
    let mut effects = Vec::new();
    if !losses.is_empty() {
        effects.push(Effect::Losses { unit: plan.target.id.clone(), figures: losses });
    }
    effects.push(Change::Fired { unit: plan.firer.id.clone() }.effect());
    Ok(Outcome::Resolved { summary, rolls, effects })
}

/// The figures that fall: the leader first when a natural 1 named him, then privates (crew, and the leader
/// last, only once no one else is left).
fn casualties(target: &Unit, count: u32, leader_killed: bool) -> Vec<u32> {
    if count == 0 {
        return Vec::new();
    }
    match target.leader() {
        Some(leader) if leader_killed => {
            let mut ids = vec![leader.id];
            ids.extend(target.choose_losses(count).into_iter().filter(|&id| id != leader.id).take(count as usize - 1));
            ids
        }
        _ => target.choose_losses(count),
    }
}

/// The exact chance of each number of figures lost, with the leader's chance of falling to a natural 1.
pub fn odds(ctx: &Ctx, unit: &str, target: &str, cover: Option<&str>) -> Result<OddsView, GameError> {
    let plan = plan(ctx, unit, target, cover, false)?;
    let rules = &ctx.charts.fire_rules;
    let (p_hit, p_stand) = (plan.p_hit(), plan.p_stand());
    let losses = plan.losses();
    let mut view = OddsView::new(
        format!(
            "{} at {}: {} D20 hitting on 1-{} ({}) — figures lost",
            plan.firer.name,
            plan.target.name,
            plan.dice,
            plan.hits_on,
            ctx.column_name(plan.column)
        ),
        &losses,
    );
    view.add_line("each die hits", p_hit);
    if plan.save.is_some() {
        view.add_line("each hit gets through the save", p_stand);
    }
    if plan.target.leader().is_some() {
        let p_leader_die = (1.0 / 20.0) * p_stand * ((7 - rules.leader_killed_on).clamp(0, 6) as f64 / 6.0);
        view.add_line("the leader is killed", 1.0 - (1.0 - p_leader_die).powi(plan.dice as i32));
    }
    view.add_line("at least one figure lost", 1.0 - losses.p(0));
    let mut dice = vec![format!("{} D20 to hit", plan.dice)];
    if let Some(save) = plan.save {
        dice.push(format!("then 1 D6 per hit: the save ({save}+)"));
    }
    dice.push(format!(
        "then 1 D6 per natural {} that got through: {} kills the leader",
        rules.leader_check_face, rules.leader_killed_on
    ));
    Ok(view.with_dice(dice))
}
