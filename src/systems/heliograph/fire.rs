//! Fire combat: one D10 per figure (a Gatling 4 per crewman, or 2 per infantryman serving it), hitting on
//! the weapon's number for the range band after modifiers; four zeros jam a Gatling; a cannon rolls once
//! and on a hit lays a 3" blast where every figure, friend or foe, dies on 5+; and a support weapon's crew
//! is picked out by percentile when it stands within 5" of its own infantry.

use super::context::{Ctx, FIRE, Ground};
use super::markers::JAMMED;
use super::tables::Weapon;
use super::turn::{Change, MeleeStep, Reason};
use crate::dice::{DiceExpr, DiceFeed, GameRng, NamedRoll};
use crate::game::{Effect, GameError, Outcome, Refusal};
use crate::measure::{EPSILON, Pt, distance, inches_beside, nearest, within_radius};
use crate::odds::{Dist, OddsView};
use crate::roster::{Role, Unit};
use crate::rules::plural;

pub struct Plan<'a> {
    pub firer: &'a Unit,
    /// The Gatling the firing infantry serve, when they serve one: its weapon, its jam, its place.
    pub gun: Option<&'a Unit>,
    pub target: &'a Unit,
    pub weapon: &'a Weapon,
    pub range: f64,
    pub long: bool,
    pub dice: u32,
    pub modifiers: Vec<(&'static str, i64)>,
    pub needed: i64,
    pub defensive: bool,
}

impl Plan<'_> {
    pub fn modifier(&self) -> i64 {
        self.modifiers.iter().map(|(_, m)| m).sum()
    }

    /// The chance one die hits: a face (0-9) plus modifiers at or above the number needed.
    pub fn p_hit(&self) -> f64 {
        (0..10).filter(|f| f + self.modifier() >= self.needed).count() as f64 / 10.0
    }

    /// The exact chance of each number of hits from the volley's dice.
    pub fn hits(&self) -> Dist {
        Dist::binomial(self.dice, self.p_hit())
    }

    fn describe(&self) -> String {
        let mods: Vec<String> = self.modifiers.iter().map(|(why, m)| format!("{why} {m:+}")).collect();
        format!(
            "{}, {} range, {}+{}",
            inches_beside(self.range, &self.weapon.bands),
            if self.long { "long" } else { "short" },
            self.needed,
            if mods.is_empty() { String::new() } else { format!(" with {}", mods.join(", ")) }
        )
    }
}

pub fn plan<'a>(ctx: &Ctx<'a>, unit: &str, target: &str, now: bool) -> Result<Plan<'a>, GameError> {
    let firer = ctx.live_unit(unit)?;
    let target = ctx.live_unit(target)?;
    if firer.side == target.side {
        return Err(Refusal::new(format!("{} and {} are on the same side", firer.name, target.name)).into());
    }
    let defensive = ctx
        .turn
        .melee
        .as_ref()
        .is_some_and(|m| m.step == MeleeStep::DefensiveFire && m.defender == firer.id && m.attacker == target.id);
    if now && !defensive {
        turn_allows_fire(ctx, firer)?;
    }
    if ctx.is_hidden(target) {
        return Err(Refusal::by_rule(
            format!("{} is a hidden counter: sight it before firing at it", target.name),
            FIRE,
        )
        .into());
    }
    let Armed { gun, weapon, dice } = armed(ctx, firer)?;
    let from = gun.map(|g| g.figures.iter().map(|f| f.pos).collect()).unwrap_or_else(|| firer.alive_positions());
    let range = nearest(&from, &target.alive_positions()).expect("both have figures").distance;
    let long = if range <= weapon.bands[0] + EPSILON {
        false
    } else if range <= weapon.bands[1] + EPSILON {
        true
    } else {
        return Err(Refusal::by_rule(
            format!(
                "{} is {} away, beyond the {}'s long range of {}\"",
                target.name,
                inches_beside(range, &weapon.bands),
                weapon.name,
                weapon.bands[1]
            ),
            FIRE,
        )
        .into());
    };
    let m = &ctx.charts.fire_modifiers;
    let mut modifiers = Vec::new();
    match ctx.ground_of(target) {
        Ground::Open | Ground::Trail => modifiers.push(("target in the open or on a trail", m.open_or_trail)),
        Ground::Fort => modifiers.push(("target in a fort", m.fort)),
        _ => {}
    }
    let moved = ctx.turn.active.as_ref().is_some_and(|a| a.unit == firer.id && a.set_out());
    if !defensive && !moved {
        modifiers.push(("did not move", m.did_not_move));
    }
    if weapon.cannon && range < m.grapeshot_under {
        modifiers.push(("grapeshot", m.grapeshot));
    }
    Ok(Plan {
        firer,
        gun,
        target,
        weapon,
        range,
        long,
        dice,
        needed: weapon.hits[usize::from(long)],
        modifiers,
        defensive,
    })
}

/// The group a hit on a support weapon falls among: the weapon's crew and its own infantry within 5".
/// Returns the crew's share in whole percent and the nearest infantry unit to take the other hits.
pub fn crew_targeting<'a>(ctx: &Ctx<'a>, weapon: &Unit) -> Option<(i64, &'a Unit, u32)> {
    if !ctx.profile(weapon).support {
        return None;
    }
    let at = weapon.anchor()?;
    let radius = ctx.charts.crew_targeting.radius;
    let mut infantry: Vec<(&Unit, usize, f64)> = ctx
        .state
        .units
        .iter()
        .filter(|u| u.side == weapon.side && u.id != weapon.id && !u.is_out() && ctx.profile(u).infantry)
        .map(|u| {
            let positions = u.alive_positions();
            let near = within_radius(at, radius, &positions).len();
            let closest = positions.iter().map(|p| distance(at, *p)).fold(f64::INFINITY, f64::min);
            (u, near, closest)
        })
        .filter(|(_, near, _)| *near > 0)
        .collect();
    if infantry.is_empty() {
        return None;
    }
    infantry.sort_by(|a, b| a.2.total_cmp(&b.2));
    let crew = weapon.crew_alive();
    let total = crew + infantry.iter().map(|(_, n, _)| *n as u32).sum::<u32>();
    Some(((100 * crew / total) as i64, infantry[0].0, total))
}

/// What the firer fires with, whoever the target: its own weapon, or the Gatling its infantry serve.
pub struct Armed<'a> {
    pub gun: Option<&'a Unit>,
    pub weapon: &'a Weapon,
    pub dice: u32,
}

/// The active unit may fire once in its activation, and not once it has charged.
pub fn turn_allows_fire(ctx: &Ctx, firer: &Unit) -> Result<(), GameError> {
    ctx.activation_refusal(firer, "fire")?;
    super::movement::refuse_locked(ctx, firer, "fire")?;
    let active = ctx.turn.active.as_ref().expect("checked");
    if active.charged {
        return Err(Refusal::by_rule(format!("{} charged: it melees instead of firing", firer.name), FIRE).into());
    }
    if let Some(gun) = ctx.turn.gun_crewed_now() {
        return Err(Refusal::by_rule(
            format!(
                "{} spent this activation taking over {}: it fires the gun next time",
                firer.name,
                ctx.name_of(gun)
            ),
            super::crewing::RULE,
        )
        .into());
    }
    if active.fired {
        return Err(Refusal::by_rule(format!("{} has already fired in this activation", firer.name), FIRE).into());
    }
    Ok(())
}

/// The dice a unit's own weapon rolls: a cannon's one to hit, a crew weapon's dice per crewman, else one
/// per figure.
pub fn weapon_dice(weapon: &Weapon, unit: &Unit) -> u32 {
    if weapon.cannon {
        1
    } else if let Some(per_crew) = weapon.dice_per_crew {
        unit.crew_alive() * per_crew
    } else {
        unit.alive_count()
    }
}

/// The weapon and dice a unit fires with now, or why it cannot fire at all: limbered, jammed, short of crew.
pub fn armed<'a>(ctx: &Ctx<'a>, firer: &'a Unit) -> Result<Armed<'a>, GameError> {
    // Infantry serve a Gatling only while some of them stand at it; only those at the gun roll its dice.
    let reach = ctx.charts.gatling_by_infantry.serving_reach;
    let at_gun =
        |g: &Unit| firer.alive().filter(|f| g.figures.iter().any(|gf| distance(gf.pos, f.pos) <= reach)).count() as u32;
    let gun = ctx
        .turn
        .crewed_by
        .iter()
        .find(|(_, by)| **by == firer.id)
        .and_then(|(gun, _)| ctx.state.unit(gun))
        .filter(|g| g.crew_alive() == 0 && at_gun(g) > 0);
    let weapon = gun.map(|g| ctx.weapon(g)).unwrap_or_else(|| ctx.weapon(firer));
    let profile = ctx.profile(firer);
    if profile.support && ctx.turn.limbered.contains(&firer.id) {
        return Err(Refusal::by_rule(
            format!("{} is limbered: it takes one full move to unlimber", firer.name),
            "Heliograph, Movement: notes",
        )
        .into());
    }
    let gun_id = gun.map(|g| g.id.as_str()).unwrap_or(&firer.id);
    if weapon.jam_zeros.is_some() && ctx.turn.jammed_until.get(gun_id).is_some_and(|&t| t >= ctx.state.turn) {
        return Err(Refusal::by_rule(
            format!("{} jammed on four zeros and cannot fire this turn", gun.unwrap_or(firer).name),
            "Heliograph, Fire Combat: Gatling Gun rolls 4 dice per crewman",
        )
        .into());
    }
    let crew = firer.crew_alive();
    if weapon.cannon && crew < ctx.charts.cannon.min_crew {
        return Err(Refusal::by_rule(
            format!("{} has {crew} crew; a cannon needs at least {} to fire", firer.name, ctx.charts.cannon.min_crew),
            "Heliograph, Fire Combat: Cannon needs at least 4 crew to fire",
        )
        .into());
    }
    let dice = match gun {
        Some(g) if !weapon.cannon => at_gun(g) * ctx.charts.gatling_by_infantry.dice_per_figure,
        _ => weapon_dice(weapon, firer),
    };
    if dice == 0 {
        return Err(Refusal::by_rule(format!("{} has no one left to serve it", firer.name), FIRE).into());
    }
    Ok(Armed { gun, weapon, dice })
}

pub fn fire(
    ctx: &Ctx,
    unit: &str,
    target: &str,
    at: Option<Pt>,
    dice: Option<&[i64]>,
    rng: &mut GameRng,
) -> Result<Outcome, GameError> {
    let plan = plan(ctx, unit, target, true)?;
    let mut feed = DiceFeed::new(dice, rng);
    let mut rolls: Vec<NamedRoll> = Vec::new();
    let mut effects: Vec<Effect> = Vec::new();
    let mut losses: Vec<(&Unit, Vec<u32>)> = Vec::new();
    let mut summary = format!("{} fire at {} ({})", plan.firer.name, plan.target.name, plan.describe());
    if plan.weapon.cannon {
        // The template is laid before the roll, so a misplaced one is refused whatever the die says.
        let impact = at.or_else(|| plan.target.anchor()).expect("live target");
        check_impact(ctx, &plan, impact)?;
        let to_hit = feed.roll(&DiceExpr::parse("D10").expect("D10"), "cannon to hit")?;
        let hit = to_hit.roll.total + plan.modifier() >= plan.needed;
        rolls.push(to_hit);
        if hit {
            let under = under_blast(ctx, impact);
            let count = under.iter().map(|(_, ids)| ids.len()).sum::<usize>();
            summary.push_str(&format!(
                ": a hit; the {}\" blast at ({:.1}, {:.1}) covers {}",
                ctx.charts.cannon.blast_radius,
                impact.x,
                impact.y,
                plural(count, "figure", "figures")
            ));
            if count > 0 {
                let kill = feed.roll(
                    &DiceExpr::parse(&format!("{count}D10"))?,
                    &format!("blast: {}+ kills", ctx.charts.cannon.kill_on),
                )?;
                let mut faces = kill.roll.faces.iter();
                for (unit, ids) in under {
                    let dead: Vec<u32> =
                        ids.into_iter().filter(|_| *faces.next().unwrap() >= ctx.charts.cannon.kill_on).collect();
                    if !dead.is_empty() {
                        losses.push((unit, dead));
                    }
                }
                rolls.push(kill);
            }
        } else {
            summary.push_str(": a miss");
        }
    } else {
        let volley = feed.roll(&DiceExpr::parse(&format!("{}D10", plan.dice))?, "to hit")?;
        let hits = volley.roll.faces.iter().filter(|&&f| f + plan.modifier() >= plan.needed).count() as u32;
        let zeros = volley.roll.faces.iter().filter(|&&f| f == 0).count();
        summary.push_str(&format!(": {} D10, {}", plan.dice, plural(hits as usize, "hit", "hits")));
        if plan.weapon.jam_zeros.is_some_and(|jam| zeros >= jam) {
            summary.push_str(&format!("; {zeros} zeros jam the gun for the next turn"));
            let jammed = plan.gun.unwrap_or(plan.firer);
            effects.push(Change::Jammed { unit: jammed.id.clone(), until: ctx.state.turn + 1 }.effect());
            effects.push(Effect::Flag { unit: jammed.id.clone(), flag: JAMMED, on: true });
        }
        rolls.push(volley);
        match crew_targeting(ctx, plan.target).filter(|_| hits > 0) {
            Some((percent, infantry, group)) => {
                let d100 = DiceExpr::parse("D%").expect("D%");
                let (mut crew_hits, mut other_hits) = (0u32, 0u32);
                for _ in 0..hits {
                    let roll = feed.roll(&d100, &format!("crew or infantry ({percent}% crew)"))?;
                    if roll.roll.total <= percent {
                        crew_hits += 1
                    } else {
                        other_hits += 1
                    }
                    rolls.push(roll);
                }
                summary.push_str(&format!(
                    "; crew targeting {percent}% ({} crew of {group} figures within 5\"): {crew_hits} on the crew, {other_hits} on {}",
                    plan.target.crew_alive(),
                    infantry.name
                ));
                // Hits past the last crewman fall on the infantry, and past the infantry on what crew is left.
                let mut crew = crew_losses(plan.target, crew_hits);
                let spill = crew_hits - crew.len() as u32;
                let others = infantry.choose_losses(other_hits + spill);
                let back = (other_hits + spill) - others.len() as u32;
                let more = crew_losses(plan.target, crew.len() as u32 + back);
                crew = more;
                losses.push((plan.target, crew));
                losses.push((infantry, others));
            }
            None => losses.push((plan.target, plan.target.choose_losses(hits))),
        }
    }
    feed.finish()?;
    let mut fallen = 0;
    for (unit, ids) in losses.into_iter().filter(|(_, ids)| !ids.is_empty()) {
        fallen += ids.len();
        let out = ids.len() as u32 >= unit.alive_count();
        effects.push(Effect::Losses { unit: unit.id.clone(), figures: ids });
        // The attacker in a melee tests to close anyway; other units test for the casualties they took.
        if !out && !plan.defensive {
            effects.push(Change::MoraleDue { unit: unit.id.clone(), reason: Reason::Casualties }.effect());
        }
    }
    summary.push_str(&format!(": {} killed", plural(fallen, "figure", "figures")));
    if ctx.is_hidden(plan.firer) {
        effects.push(Change::Spotted { unit: plan.firer.id.clone() }.effect());
    }
    let target_destroyed = effects.iter().any(|e| {
        matches!(e, Effect::Losses { unit, figures } if *unit == plan.target.id && figures.len() as u32 >= plan.target.alive_count())
    });
    if plan.defensive && target_destroyed {
        summary.push_str(&format!("; {} is destroyed before it closes", plan.target.name));
        effects.push(Change::Melee { state: None }.effect());
    } else if plan.defensive {
        effects.push(
            Change::Melee {
                state: ctx.turn.melee.clone().map(|mut m| {
                    m.step = MeleeStep::AttackerMorale;
                    m
                }),
            }
            .effect(),
        );
        effects.push(Change::MoraleDue { unit: plan.target.id.clone(), reason: Reason::Closing }.effect());
    } else {
        effects.push(Change::Fired.effect());
    }
    Ok(Outcome::Resolved { summary, rolls, effects })
}

/// The blast is laid on the unit fired at: some figure of it must be under the template.
fn check_impact(ctx: &Ctx, plan: &Plan, impact: Pt) -> Result<(), GameError> {
    let radius = ctx.charts.cannon.blast_radius;
    if within_radius(impact, radius, &plan.target.alive_positions()).is_empty() {
        return Err(Refusal::by_rule(
            format!(
                "the impact point ({:.1}, {:.1}) must put the {radius}\" blast over {}",
                impact.x, impact.y, plan.target.name
            ),
            "Heliograph, Fire Combat: put 3\" blast radius at impact point",
        )
        .into());
    }
    Ok(())
}

/// Crew hits take crewmen first (a support weapon's leader, if any, last).
fn crew_losses(unit: &Unit, count: u32) -> Vec<u32> {
    let mut crew: Vec<u32> = unit.alive().filter(|f| f.role == Role::Crew).map(|f| f.id).collect();
    crew.truncate(count as usize);
    crew
}

/// Every live figure within the blast, friend or foe, grouped by unit in scenario order.
pub fn under_blast<'a>(ctx: &Ctx<'a>, impact: Pt) -> Vec<(&'a Unit, Vec<u32>)> {
    let radius = ctx.charts.cannon.blast_radius;
    ctx.state
        .units
        .iter()
        .filter(|u| !u.is_out())
        .filter_map(|u| {
            let figures: Vec<&crate::roster::Figure> = u.alive().collect();
            let positions: Vec<Pt> = figures.iter().map(|f| f.pos).collect();
            let ids: Vec<u32> = within_radius(impact, radius, &positions).into_iter().map(|i| figures[i].id).collect();
            (!ids.is_empty()).then_some((u, ids))
        })
        .collect()
}

/// The chance the blast kills each figure under it.
fn blast_kill_chance(ctx: &Ctx) -> f64 {
    (10 - ctx.charts.cannon.kill_on).clamp(0, 10) as f64 / 10.0
}

/// A cannon's shot at `impact`: the exact chance of each number of figures, friend or foe, the blast kills
/// (none on a miss).
pub fn blast_kills(ctx: &Ctx, plan: &Plan, impact: Pt) -> Dist {
    let p = plan.p_hit();
    let under: usize = under_blast(ctx, impact).iter().map(|(_, ids)| ids.len()).sum();
    let kills = Dist::binomial(under as u32, blast_kill_chance(ctx));
    Dist::from_weights(kills.entries().map(|(k, pk)| (k, p * pk + if k == 0 { 1.0 - p } else { 0.0 })))
}

pub fn odds(ctx: &Ctx, unit: &str, target: &str, at: Option<Pt>) -> Result<OddsView, GameError> {
    let plan = plan(ctx, unit, target, false)?;
    let p = plan.p_hit();
    if plan.weapon.cannon {
        let impact = at.or_else(|| plan.target.anchor()).expect("live");
        check_impact(ctx, &plan, impact)?;
        let under: usize = under_blast(ctx, impact).iter().map(|(_, ids)| ids.len()).sum();
        let mut view = OddsView::new(
            format!(
                "{} at {} ({}): figures killed under the blast",
                plan.firer.name,
                plan.target.name,
                plan.describe()
            ),
            &blast_kills(ctx, &plan, impact),
        )
        .with_dice(["1 D10 to hit".to_string(), format!("then 1 D10 per figure under the blast ({under} now)")]);
        view.add_line("the shot hits", p);
        view.add_line(format!("each of the {under} figures under the blast dies"), blast_kill_chance(ctx));
        return Ok(view);
    }
    let hits = plan.hits();
    let mut view = OddsView::new(
        format!("{} at {} ({}): {} D10 — hits", plan.firer.name, plan.target.name, plan.describe(), plan.dice),
        &hits,
    );
    view.add_line("each die hits", p);
    let mut dice = vec![format!("{} D10 to hit", plan.dice)];
    if let Some(jam) = plan.weapon.jam_zeros {
        let zeros = Dist::binomial(plan.dice, 0.1);
        view.add_line(format!("{jam} or more zeros jam the gun"), zeros.p_at_least(jam as i64));
    }
    if let Some((percent, infantry, _)) = crew_targeting(ctx, plan.target) {
        view.add_line(
            format!("each hit falls on the crew ({percent}%), else on {}", infantry.name),
            percent as f64 / 100.0,
        );
        dice.push("then 1 D% per hit: crew at or under the percentage".into());
    }
    Ok(view.with_dice(dice))
}
