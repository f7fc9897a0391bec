//! Shooting: one D6 per figure (a gun 8, less 2 per crewman lost), totalled; each multiple of the target's
//! threshold kills one: open 6, soft cover 9, hard cover 12 (optionally at 24" or more 9 / 12 / 18).
//! Everything in sight is in range. Sight is traced from a squad's Officer/NCO to any member of the target,
//! and from any member of a native group to the enemy's Officer/NCO; high walls, buildings and trees block
//! it, and so do friendly figures. A gun fires within 45 degrees of its facing. Each squad volley and gun
//! shot spends one of the defenders' counters. The app says what it assumed; `sight` overrides it.

use super::NativesAreRestless;
use super::context::{AMMUNITION, Ctx, Height, MELEE, SHOOTING};
use super::deck::spend;
use super::morale::{hold_chance, loss_effects};
use super::tables::{Army, Class};
use super::turn::Change;
use crate::dice::{DiceExpr, DiceFeed, GameRng};
use crate::game::{GameError, Outcome, Refusal};
use crate::measure::{Pt, distance, in_arc, nearest};
use crate::odds::{Dist, OddsView};
use crate::roster::Unit;
use super::words::agrees;
use crate::rules::{RuleSystem, possessive};

pub const LONG_RANGE_OPTION: &str = "long_range";
/// A group locked in a melee may shoot at any enemy outside every melee, not only at the one it fights.
pub const OUT_OF_MELEE_OPTION: &str = "fire_out_of_melee";
/// From an upper floor or a roof (or to one), walls and barricades do not block sight.
pub const HEIGHT_OPTION: &str = "height_sees_over_walls";

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Cover {
    Open,
    Soft,
    Hard,
}

impl Cover {
    pub fn name(self) -> &'static str {
        match self {
            Cover::Open => "in the open",
            Cover::Soft => "in soft cover",
            Cover::Hard => "in hard cover",
        }
    }
}

/// A shot as the rules have it before the dice: how many, against what.
pub struct Shot<'a> {
    pub unit: &'a Unit,
    pub target: &'a Unit,
    pub dice: u32,
    pub cover: Cover,
    pub long: bool,
    pub threshold: i64,
    /// What the app assumed of sight, in words.
    pub sight: String,
}

impl Shot<'_> {
    pub fn words(&self) -> String {
        format!(
            // "Every multiple of 6 will kill": of the dice's total, which "every 6" alone would leave
            // to be read as each die showing a 6.
            "{} at {} {}{}: every {} points of the total kill one",
            crate::rules::plural(self.dice as usize, "die", "dice"),
            self.target.name,
            self.cover.name(),
            if self.long { " at long range" } else { "" },
            self.threshold
        )
    }

    pub fn kills(&self) -> Dist {
        let alive = self.target.alive_count() as i64;
        Dist::of_die(crate::dice::Die::D6)
            .sum_of(self.dice)
            .map(|total| (total / self.threshold).min(alive))
            .normalised()
    }
}

fn refuse<T>(why: String) -> Result<T, GameError> {
    Err(Refusal::by_rule(why, SHOOTING).into())
}

/// Whether `unit` can shoot at all now: its card, a weapon, ammunition, crew.
pub fn armed<'a>(ctx: &Ctx<'a>, unit: &str) -> Result<&'a Unit, GameError> {
    // "participants with guns ... get off a shot or two before everything is decided": a group locked in a
    // melee may still fire.
    loaded(ctx, ctx.card_allows(unit, "fire")?)
}

/// Whether `unit` can shoot at all, whatever the card: a weapon, ammunition, crew.
fn loaded<'a>(ctx: &Ctx<'a>, unit: &'a Unit) -> Result<&'a Unit, GameError> {
    let profile = ctx.profile(unit);
    if !profile.fires {
        return refuse(format!("{} carry melee weapons only: they do not fire", unit.name));
    }
    if profile.army == Army::Defenders {
        let (left, what) = if profile.class == Class::Gun {
            (ctx.turn.gun_ammunition, "gun")
        } else {
            (ctx.turn.rifle_ammunition, "rifle")
        };
        if left == 0 {
            return Err(Refusal::by_rule(
                format!("no {what} ammunition counters are left: {} cannot fire", unit.name),
                AMMUNITION,
            )
            .into());
        }
    }
    if gun_dice(ctx, unit) == 0 {
        return refuse(format!("{} has no crew left to fire it", unit.name));
    }
    Ok(unit)
}

/// The dice a volley rolls: one per figure; a gun 8, less 2 per crewman lost.
pub fn gun_dice(ctx: &Ctx, unit: &Unit) -> u32 {
    if ctx.profile(unit).class != Class::Gun {
        return unit.alive_count();
    }
    let fire = &ctx.charts.fire;
    let lost = fire.gun_crew.saturating_sub(unit.crew_alive());
    fire.gun_dice.saturating_sub(fire.gun_dice_per_crew_lost.saturating_mul(lost))
}

pub fn shot<'a>(ctx: &Ctx<'a>, unit: &str, target: &str, sight: Option<bool>) -> Result<Shot<'a>, GameError> {
    aim(ctx, armed(ctx, unit)?, target, sight)
}

/// `unit`'s shot at `target`, as the rules weigh it whatever card is in play.
fn aim<'a>(ctx: &Ctx<'a>, unit: &'a Unit, target: &str, sight: Option<bool>) -> Result<Shot<'a>, GameError> {
    let target = ctx.live_unit(target)?;
    if ctx.army_of(target) == ctx.army_of(unit) {
        return Err(GameError::BadInput(format!("{} is on the same side as {}", target.name, unit.name)));
    }
    match (ctx.turn.melee_of(&unit.id), ctx.turn.melee_of(&target.id)) {
        (Some((mine, _)), Some((theirs, _))) if mine == theirs => {}
        (_, Some(_)) => {
            return refuse(format!("{} is in a melee: groups outside it may not fire into it", target.name));
        }
        (Some((_, melee)), None) if !ctx.option(OUT_OF_MELEE_OPTION) => {
            let enemies: Vec<String> = melee
                .units
                .iter()
                .filter_map(|u| ctx.state.unit(u))
                .filter(|u| ctx.army_of(u) != ctx.army_of(unit))
                .map(|u| u.name.clone())
                .collect();
            return Err(Refusal::by_rule(
                format!(
                    "{} is locked in melee with {}: its shot before the melee is fought is at the enemy it is locked with",
                    unit.name,
                    enemies.join(", ")
                ),
                MELEE,
            )
            .into());
        }
        _ => {}
    }
    let gun = ctx.is_gun(unit);
    let origin = ctx.origin(unit).expect("live units have figures");
    if gun {
        let arc = ctx.charts.fire.gun_arc_half_angle;
        if !target.alive().any(|f| in_arc(origin, unit.facing, arc, f.pos)) {
            return refuse(format!(
                "{} {} outside {} arc of {arc}° either side of its facing",
                target.name,
                agrees(&target.name, "is", "are"),
                possessive(&unit.name)
            ));
        }
    }
    let lines = sight_lines(ctx, unit, target);
    // Sandtable's reading of height: from an upper floor or a roof, or to one, walls do not hide a figure.
    let over_walls =
        ctx.option(HEIGHT_OPTION) && (ctx.height(unit) != Height::Ground || ctx.height(target) != Height::Ground);
    let blocked = |a: Pt, b: Pt| blocked_by(ctx, unit, a, b, over_walls);
    let clear: Vec<(Pt, Pt)> = lines.iter().filter(|(a, b)| blocked(*a, *b).is_none()).copied().collect();
    let assumed = match (clear.is_empty(), sight) {
        (_, Some(false)) => {
            return refuse(format!("the table rules that {} cannot see {}", unit.name, target.name));
        }
        (false, _) => "in sight".to_string(),
        (true, Some(true)) => "in sight, as the table rules".to_string(),
        (true, None) => {
            let why = lines.first().and_then(|(a, b)| blocked(*a, *b)).unwrap_or_default();
            return refuse(format!("{} cannot see {}: {why} (the table may rule that it can)", unit.name, target.name));
        }
    };
    let used = if clear.is_empty() { lines } else { clear };
    let cover = target_cover(ctx, target, &used);
    let gap = nearest(&unit.alive_positions(), &target.alive_positions()).map_or(0.0, |p| p.distance);
    let fire = &ctx.charts.fire;
    let long = ctx.option(LONG_RANGE_OPTION) && gap >= fire.long_range_from;
    let threshold = match (cover, long) {
        (Cover::Open, false) => fire.open,
        (Cover::Soft, false) => fire.soft,
        (Cover::Hard, false) => fire.hard,
        (Cover::Open, true) => fire.long_open,
        (Cover::Soft, true) => fire.long_soft,
        (Cover::Hard, true) => fire.long_hard,
    };
    Ok(Shot { unit, target, dice: gun_dice(ctx, unit), cover, long, threshold, sight: assumed })
}

/// The lines sight is traced along: a squad's officer to each member of the target; each member of a
/// native group to the enemy's officer (a gun's first crewman).
fn sight_lines(ctx: &Ctx, unit: &Unit, target: &Unit) -> Vec<(Pt, Pt)> {
    let origin = ctx.origin(unit).expect("live units have figures");
    let aim = ctx.origin(target).expect("live units have figures");
    match ctx.army_of(unit) {
        Army::Defenders => target.alive().map(|f| (origin, f.pos)).collect(),
        Army::Natives => unit.alive().map(|f| (f.pos, aim)).collect(),
    }
}

/// What blocks the line from `a` to `b`, in words: terrain that blocks sight (unless either end stands in
/// it; walls not at all when one end stands high, `over_walls`), or a figure of another friendly unit.
pub fn blocked_by(ctx: &Ctx, unit: &Unit, a: Pt, b: Pt, over_walls: bool) -> Option<String> {
    for area in &ctx.scenario.terrain {
        let cover = ctx.charts.cover(&area.cover);
        if cover.blocks
            && !(over_walls && cover.obstacle)
            && area.polygon.segment_crosses(a, b)
            && !area.polygon.contains(a)
            && !area.polygon.contains(b)
        {
            return Some(format!("{} blocks the line of sight", area.name));
        }
    }
    let army = ctx.army_of(unit);
    for friend in ctx.army_units(army).filter(|u| u.id != unit.id) {
        if friend.alive().any(|f| {
            let d = crate::measure::distance_to_segment(f.pos, a, b);
            // A figure is a base an inch across: a line grazing it is blocked.
            d < 0.5 + 1e-6 && distance(f.pos, a) > 0.5 && distance(f.pos, b) > 0.5
        }) {
            return Some(format!("{} is in the way (friendly forces cannot be fired through)", friend.name));
        }
    }
    None
}

/// The cover most of the target's figures have from the shooter (ties: the better): hard in a building,
/// trees or rocks, or behind an obstacle the line of fire to the figure crosses; soft in bushes; else the
/// open. Each figure's line of fire comes from the shooter's end of the line of sight nearest him: a
/// squad's Officer/NCO, or the nearest of the natives who see their target.
fn target_cover(ctx: &Ctx, target: &Unit, lines: &[(Pt, Pt)]) -> Cover {
    if ctx.height(target) == Height::Roof {
        // On the roof, not inside the building: only a parapet shelters him.
        let parapet = ctx.origin(target).and_then(|p| ctx.building_at(p)).is_some_and(|b| b.parapet);
        return if parapet { Cover::Hard } else { Cover::Open };
    }
    let shooters: Vec<Pt> = lines.iter().map(|(shooter, _)| *shooter).collect();
    let mut counts = [0usize; 3];
    for f in target.alive() {
        let mut cover = Cover::Open;
        for (_, kind) in ctx.covers_at(f.pos) {
            if kind.hard {
                cover = cover.max(Cover::Hard);
            } else if kind.soft {
                cover = cover.max(Cover::Soft);
            }
        }
        if let Some(from) = Ctx::coming_from(f.pos, &shooters) {
            let behind = ctx
                .scenario
                .terrain
                .iter()
                .any(|area| ctx.charts.cover(&area.cover).hard && ctx.behind(area, from, f.pos));
            if behind {
                cover = Cover::Hard;
            }
        }
        counts[cover as usize] += 1;
    }
    let all = [Cover::Open, Cover::Soft, Cover::Hard];
    (0..3).max_by_key(|&i| counts[i]).map_or(Cover::Open, |i| all[i])
}

pub fn fire(
    ctx: &Ctx,
    unit: &str,
    target: &str,
    sight: Option<bool>,
    dice: Option<&[i64]>,
    rng: &mut GameRng,
) -> Result<Outcome, GameError> {
    let shot = shot(ctx, unit, target, sight)?;
    let (unit, target) = (shot.unit, shot.target);
    let expr = DiceExpr::parse(&format!("{}D6", shot.dice)).map_err(GameError::Dice)?;
    let mut feed = DiceFeed::new(dice, rng);
    let roll = feed.roll(&expr, "fire dice")?;
    feed.finish()?;
    let total = roll.roll.total;
    let kills = ((total / shot.threshold).max(0) as u32).min(target.alive_count());
    let mut effects = Vec::new();
    let profile = ctx.profile(unit);
    let mut notes = Vec::new();
    if profile.army == Army::Defenders {
        let (mut rifle, mut gun) = (ctx.turn.rifle_ammunition, ctx.turn.gun_ammunition);
        if profile.class == Class::Gun {
            gun -= 1
        } else {
            rifle -= 1
        }
        effects.push(NativesAreRestless::effect(Change::Ammunition { rifle, gun }));
        if !ctx.option(super::muster::UMPIRE_OPTION) {
            notes.push(format!("ammunition counters left: {rifle} rifle, {gun} gun"));
        }
    } else if profile.class == Class::Gun && !ctx.turn.gun_fired.contains(&unit.id) {
        effects.push(NativesAreRestless::effect(Change::GunFired { unit: unit.id.clone() }));
        notes.push(format!("{} may not move again", unit.name));
    }
    let losses = loss_effects(ctx, target, kills);
    // A shot that leaves no enemy standing in the melee ends it before it is fought.
    let melees = super::melee::after_losses(ctx, target, &losses);
    if let Some(melees) = &melees {
        effects.push(NativesAreRestless::effect(Change::Melees { melees: melees.clone() }));
    }
    let melees_after = melees.as_ref().map_or(!ctx.turn.melees.is_empty(), |m| !m.is_empty());
    effects.extend(spend(ctx, &unit.id, false, melees_after));
    // After the card moves on, so that a shot ending the siege leaves it over.
    effects.extend(losses);
    let summary = format!(
        "{} {}: {} ({}); a total of {total}: {kills} killed{}",
        unit.name,
        agrees(&unit.name, "fires", "fire"),
        shot.words(),
        shot.sight,
        if notes.is_empty() { String::new() } else { format!("; {}", notes.join("; ")) }
    );
    let summary = super::winning::told(ctx, summary, &effects);
    Ok(Outcome::Resolved { summary, rolls: vec![roll], effects })
}

/// A volley's odds: the same whatever card is in play, so a shot may be weighed before the card that
/// allows it is drawn.
pub fn odds(ctx: &Ctx, unit: &str, target: &str, sight: Option<bool>) -> Result<OddsView, GameError> {
    let shot = aim(ctx, loaded(ctx, ctx.live_unit(unit)?)?, target, sight)?;
    let kills = shot.kills();
    let mut view = OddsView::new(format!("{}: kills ({})", shot.unit.name, shot.words()), &kills)
        .with_dice([format!("{} D6", shot.dice)]);
    view.add_line("at least one kill", kills.p_at_least(1));
    let sum = Dist::of_die(crate::dice::Die::D6).sum_of(shot.dice);
    let fire = &ctx.charts.fire;
    let thresholds = match shot.long {
        false => [fire.open, fire.soft, fire.hard],
        true => [fire.long_open, fire.long_soft, fire.long_hard],
    };
    for (name, t) in ["in the open", "in soft cover", "in hard cover"].into_iter().zip(thresholds) {
        if t != shot.threshold {
            view.add_line(format!("at least one kill if the target were {name} (every {t})"), sum.p_at_least(t));
        }
    }
    if let Some(p) = hold_chance(ctx, shot.target, &kills) {
        view.add_line(format!("{} hold (morale, if they test)", shot.target.name), p);
    }
    Ok(view)
}
