//! Raising the natives: a group per edge at the start and after a joker, the reinforcement roll after a
//! picture card or an ace with no melee (1D6: 1-4 that edge, 5-6 none), each group sized by two average
//! dice and a D6 (a six: better troops, as many as the higher average die; otherwise basic troops, as many
//! as the sum), then placed along its edge for the player to drag. The umpire's secret removal of rifle
//! counters is rolled here too, before the first group.

use super::NativesAreRestless;
use super::context::{AMMUNITION, Ctx, REINFORCEMENTS, SET_UP, d6};
use super::tables::{Army, Class};
use super::turn::{Change, Pending, Stage};
use crate::dice::{DiceExpr, DiceFeed, FeedError, GameRng, NamedRoll};
use crate::game::{Effect, GameError, NewUnit, Outcome, Refusal};
use crate::measure::{Edge, Pt, distance};
use crate::odds::{Dist, OddsView};
use crate::roster::{Figure, Role};
use super::words::agrees;
use crate::rules::RuleSystem;
use std::collections::BTreeMap;

pub const UMPIRE_OPTION: &str = "umpire_ammunition";

fn change(c: Change) -> Effect {
    NativesAreRestless::effect(c)
}

/// Whether the umpire has still to take counters away before the game.
pub fn umpire_owed(ctx: &Ctx) -> bool {
    ctx.option(UMPIRE_OPTION) && ctx.turn.umpire_removed.is_none()
}

/// The rifle counters the umpire's die takes away: 1D6.
pub fn umpire_removes() -> Dist {
    Dist::of_die(crate::dice::Die::D6)
}

pub fn umpire(ctx: &Ctx, dice: Option<&[i64]>, rng: &mut GameRng) -> Result<Outcome, GameError> {
    if !umpire_owed(ctx) {
        return Err(Refusal::by_rule("the umpire has no counters to take away now", AMMUNITION).into());
    }
    let mut feed = DiceFeed::new(dice, rng);
    let roll = feed.roll(&d6(), "counters the umpire removes")?;
    feed.finish()?;
    let removed = (roll.roll.total.max(0) as u32).min(ctx.turn.rifle_ammunition);
    let effects = vec![
        change(Change::UmpireRemoved { counters: removed }),
        change(Change::Ammunition { rifle: ctx.turn.rifle_ammunition - removed, gun: ctx.turn.gun_ammunition }),
    ];
    Ok(Outcome::Resolved {
        summary: "The umpire secretly removes 1D6 rifle ammunition counters".into(),
        rolls: vec![roll],
        effects,
    })
}

fn size_dice(ctx: &Ctx) -> DiceExpr {
    DiceExpr::parse(if ctx.option("d4_for_group_size") { "2D4" } else { "2AvD" }).expect("size dice")
}

/// What a group roll asks for, in order.
pub fn group_dice(ctx: &Ctx) -> Vec<String> {
    let size = if ctx.option("d4_for_group_size") { "2 D4" } else { "2 average dice" };
    vec![size.to_string(), "1 D6".to_string()]
}

/// Two average dice and a D6: the group they bring on `edge`.
fn roll_group(ctx: &Ctx, feed: &mut DiceFeed, edge: u8) -> Result<(Pending, Vec<NamedRoll>, String), GameError> {
    let size = feed.roll(&size_dice(ctx), "group size (average dice)")?;
    // The D6 is thrown with the average dice every time, not only when a 6 is hoped for: say so when it
    // is missing, rather than name it by what a 6 on it brings.
    let quality = feed.roll(&d6(), "better troops on a 6").map_err(|e| match e {
        FeedError::TooFew { given, .. } => GameError::BadInput(format!(
            "{} typed in, but a group's roll is always three dice: the two average dice and the D6 beside them, thrown every time (a 6 on it brings better troops); 1 more (1D6)",
            crate::rules::dice_were(given)
        )),
        other => other.into(),
    })?;
    let faces = &size.roll.faces;
    let higher = faces.iter().copied().max().unwrap_or(0);
    let better = quality.roll.total >= ctx.charts.groups.better_on;
    let count = if better { higher } else { faces.iter().sum() }.max(0) as u32;
    let group = Pending { edge, count, better, gun_allowed: gun_allowed(ctx, better, higher) };
    let head = format!("{} edge ({edge}): {faces:?} and a {}", ctx.charts.edge(edge).name(), quality.roll.total);
    let words = format!("{head}: {}", group_words(ctx, &group));
    Ok((group, vec![size, quality], words))
}

/// What a group rolled brings, as the figures left off the table (after the groups waiting) allow it:
/// "7 basic troops", "4 better troops (or the field gun)", "the Boxer field gun (the only better troops
/// left)", "5 better troops, but none are left off the table".
fn group_words(ctx: &Ctx, group: &Pending) -> String {
    let reserves = reserves_after_waiting(ctx);
    let kinds = kinds_for(ctx, &reserves, group);
    let is_gun = |kind: &String| ctx.charts.profile(kind).class == Class::Gun;
    let troops = troops(group.count, if group.better { "better" } else { "basic" });
    // As many as come of the kind that brings the most: fewer than the dice say when fewer are left.
    let coming = largest_kind(ctx, &reserves, group).filter(|(kind, _)| !is_gun(kind)).map(|(_, figures)| figures);
    let left = match coming {
        Some(figures) if figures < group.count => format!(", {figures} left to come"),
        _ => String::new(),
    };
    match kinds.as_slice() {
        [] => format!("{troops}, but none are left off the table"),
        [gun] if is_gun(gun) => format!("the {} (the only better troops left)", kind_name(ctx, gun)),
        _ if kinds.iter().any(is_gun) => format!("{troops}{left} (or the field gun)"),
        _ => format!("{troops}{left}"),
    }
}

/// A kind's name as the ruleset gives it.
pub fn kind_name(ctx: &Ctx, kind: &str) -> String {
    ctx.scenario.ruleset.kind(kind).map_or(kind.to_string(), |k| k.name.clone())
}

/// Whether a group whose higher average die shows `higher` may be the field gun: better troops, with the
/// gun's number, in a siege whose natives have one.
fn gun_allowed(ctx: &Ctx, better: bool, higher: i64) -> bool {
    // With plain D4s (an option) no die shows a 5: the gun comes on the highest face.
    let gun_face = ctx.charts.groups.gun_on_higher.min(size_dice(ctx).dice()[0].highest());
    let has_gun =
        ctx.setup.scenario.siege.natives.iter().any(|e| ctx.charts.profile(e.kind.get_ref()).class == Class::Gun);
    better && higher == gun_face && has_gun
}

/// "5 better troops"; a lone figure (two D4s showing 1) is "1 figure of better troops".
fn troops(count: u32, quality: &str) -> String {
    match count {
        1 => format!("1 figure of {quality} troops"),
        n => format!("{n} {quality} troops"),
    }
}

pub fn muster(ctx: &Ctx, dice: Option<&[i64]>, rng: &mut GameRng) -> Result<Outcome, GameError> {
    ctx.nothing_owed()?;
    if umpire_owed(ctx) {
        return Err(
            Refusal::by_rule("the umpire takes away ammunition counters before the first group", AMMUNITION).into()
        );
    }
    let Some((&edge, rest)) = ctx.turn.edges_owed.split_first() else {
        return Err(Refusal::by_rule("no edge is owed a group now", SET_UP).into());
    };
    let mut feed = DiceFeed::new(dice, rng);
    let (group, rolls, words) = roll_group(ctx, &mut feed, edge)?;
    feed.finish()?;
    let mut pending = ctx.turn.pending.clone();
    pending.push(group);
    let mut effects =
        vec![change(Change::EdgesOwed { edges: rest.to_vec() }), change(Change::Pending { groups: pending })];
    if rest.is_empty() {
        effects.push(change(Change::Stage { stage: Stage::Draw }));
    }
    Ok(Outcome::Resolved { summary: format!("Natives muster on the {words}"), rolls, effects })
}

pub fn reinforce_ready(ctx: &Ctx) -> Result<(), GameError> {
    ctx.nothing_owed()?;
    if ctx.turn.stage != Stage::Reinforcement {
        return Err(Refusal::by_rule(
            "the natives roll for reinforcements after a picture card or an ace with no melee to fight",
            REINFORCEMENTS,
        )
        .into());
    }
    Ok(())
}

pub fn reinforce(ctx: &Ctx, dice: Option<&[i64]>, rng: &mut GameRng) -> Result<Outcome, GameError> {
    reinforce_ready(ctx)?;
    let mut feed = DiceFeed::new(dice, rng);
    let edge_roll = feed.roll(&d6(), "reinforcement edge (1-4; 5-6 none)")?;
    let edge = edge_roll.roll.total;
    let mut rolls = vec![edge_roll];
    let mut effects = vec![change(Change::Stage { stage: Stage::Draw })];
    let summary = if (1..=4).contains(&edge) {
        let (group, more, words) = roll_group(ctx, &mut feed, edge as u8)?;
        rolls.extend(more);
        let mut pending = ctx.turn.pending.clone();
        pending.push(group);
        effects.push(change(Change::Pending { groups: pending }));
        format!("Reinforcements: a {edge} on the D6 brings a group on the {words}")
    } else {
        format!("Reinforcements: a {edge} on the D6: none come")
    };
    feed.finish()?;
    Ok(Outcome::Resolved { summary, rolls, effects })
}

/// The reinforcement roll's odds: the chance a group comes, and its size.
pub fn reinforce_odds(ctx: &Ctx) -> Result<OddsView, GameError> {
    reinforce_ready(ctx)?;
    let (_, p_better) = group_size(ctx);
    let dist = reinforcement(ctx);
    let mut view = OddsView::new("reinforcements: figures in the group (0: none come)", &dist)
        .with_dice(["1 D6 for the edge".to_string()].into_iter().chain(group_dice(ctx)));
    view.add_line("a group comes", dist.p_at_least(1));
    view.add_line("it is better troops", EDGE_CHANCE * p_better);
    Ok(view)
}

/// 1-4 on the reinforcement D6 bring a group; 5-6 none.
const EDGE_CHANCE: f64 = 4.0 / 6.0;
const NONE_COME: f64 = 2.0 / 6.0;

/// The figures the reinforcement roll brings (0: none come), as the group's size counts them.
pub fn reinforcement(ctx: &Ctx) -> Dist {
    let (size, _) = group_size(ctx);
    Dist::from_weights(size.entries().map(|(v, p)| (v, p * EDGE_CHANCE)).chain([(0, NONE_COME)])).normalised()
}

/// The chance the reinforcement roll brings a group, from the figures left off the table.
pub fn arrival_chance(ctx: &Ctx) -> f64 {
    EDGE_CHANCE * group_size(ctx).0.p_at_least(1)
}

pub fn muster_odds(ctx: &Ctx) -> Result<OddsView, GameError> {
    if ctx.turn.edges_owed.is_empty() {
        return Err(Refusal::by_rule("no edge is owed a group now", SET_UP).into());
    }
    let (dist, p_better) = group_size(ctx);
    let mut view = OddsView::new("figures in the group (0: none left to come)", &dist).with_dice(group_dice(ctx));
    view.add_line("better troops come (a 6, and figures of a kind they may be left)", p_better);
    Ok(view)
}

/// The natives' figures off the table, by kind.
type Reserves = BTreeMap<String, u32>;

fn left(reserves: &Reserves, kind: &str) -> u32 {
    reserves.get(kind).copied().unwrap_or(0)
}

/// The figures a group of `kind` brings when the dice call for `count`: a gun its crew, other troops as
/// many as called for and left off the table.
fn figures_of(ctx: &Ctx, reserves: &Reserves, kind: &str, count: u32) -> u32 {
    match ctx.charts.profile(kind).class {
        Class::Gun => ctx.charts.fire.gun_crew,
        _ => count.min(left(reserves, kind)),
    }
}

/// The kind of `group` that brings the most figures from `reserves` (the first listed of equals): the one
/// its odds and its luck count, the natives' player choosing among better troops.
fn largest_kind(ctx: &Ctx, reserves: &Reserves, group: &Pending) -> Option<(String, u32)> {
    let mut largest: Option<(String, u32)> = None;
    for kind in kinds_for(ctx, reserves, group) {
        let figures = figures_of(ctx, reserves, &kind, group.count);
        if largest.as_ref().is_none_or(|(_, most)| figures > *most) {
            largest = Some((kind, figures));
        }
    }
    largest
}

/// The most figures `group` may bring from `reserves`.
fn most_figures(ctx: &Ctx, reserves: &Reserves, group: &Pending) -> u32 {
    largest_kind(ctx, reserves, group).map_or(0, |(_, figures)| figures)
}

/// The figures off the table once every group rolled and waiting is raised, in turn, each as its odds
/// count it: what the next group rolled will find.
fn reserves_after_waiting(ctx: &Ctx) -> Reserves {
    let mut reserves = ctx.turn.pool.clone();
    for group in &ctx.turn.pending {
        if let Some((kind, figures)) = largest_kind(ctx, &reserves, group) {
            let taken = if ctx.charts.profile(&kind).class == Class::Gun { 1 } else { figures };
            let entry = reserves.entry(kind).or_default();
            *entry = entry.saturating_sub(taken);
        }
    }
    reserves
}

/// The figures the group just rolled brings, counted as its odds count them: its luck.
pub fn figures_rolled(ctx: &Ctx, group: &Pending) -> u32 {
    most_figures(ctx, &reserves_after_waiting(ctx), group)
}

/// The size of the group the dice bring, as `raise` will place it from the figures left off the table once
/// the groups already waiting are placed (none when none of its kinds are left), and the chance it is
/// better troops that come: every face of the two average dice and the D6, each as the procedure reads it.
pub fn group_size(ctx: &Ctx) -> (Dist, f64) {
    let reserves = reserves_after_waiting(ctx);
    let faces: Vec<i64> = size_dice(ctx).dice()[0].sides();
    let p_six = better_chance(ctx);
    let per = 1.0 / (faces.len() * faces.len()) as f64;
    let mut weights = Vec::new();
    let mut p_better = 0.0;
    for a in &faces {
        for b in &faces {
            let higher = *a.max(b);
            let basic = Pending { edge: 1, count: (a + b).max(0) as u32, better: false, gun_allowed: false };
            let better =
                Pending { edge: 1, count: higher.max(0) as u32, better: true, gun_allowed: gun_allowed(ctx, true, higher) };
            let better_figures = most_figures(ctx, &reserves, &better);
            weights.push((i64::from(most_figures(ctx, &reserves, &basic)), per * (1.0 - p_six)));
            weights.push((i64::from(better_figures), per * p_six));
            if better_figures > 0 {
                p_better += per * p_six;
            }
        }
    }
    // Capped at the figures left, 72 small shares can fold into one count and add up a hair past 1.
    (Dist::from_weights(weights).normalised(), p_better)
}

/// The chance the D6 calls for better troops.
fn better_chance(ctx: &Ctx) -> f64 {
    (7 - ctx.charts.groups.better_on).clamp(0, 6) as f64 / 6.0
}

/// The kinds `group` may be: basic troops, or the better ones (the gun only on its number), of which
/// figures are left in `reserves`.
fn kinds_for(ctx: &Ctx, reserves: &Reserves, group: &Pending) -> Vec<String> {
    ctx.setup
        .scenario
        .siege
        .natives
        .iter()
        .map(|e| e.kind.get_ref())
        .filter(|kind| {
            let profile = ctx.charts.profile(kind);
            let gun = profile.class == Class::Gun;
            profile.better == group.better && (!gun || group.gun_allowed)
        })
        .filter(|kind| left(reserves, kind) > 0)
        .cloned()
        .collect()
}

/// The kinds the next waiting group may be now, from the figures off the table.
pub fn kinds_now(ctx: &Ctx, group: &Pending) -> Vec<String> {
    kinds_for(ctx, &ctx.turn.pool, group)
}

pub fn raise(ctx: &Ctx, kind: Option<&str>) -> Result<Outcome, GameError> {
    ctx.nothing_owed()?;
    let Some((group, rest)) = ctx.turn.pending.split_first() else {
        return Err(Refusal::by_rule("no group of natives is waiting to be placed", SET_UP).into());
    };
    let kinds = kinds_now(ctx, group);
    let mut effects = vec![change(Change::Pending { groups: rest.to_vec() })];
    let edge = ctx.charts.edge(group.edge);
    let kind = match (kind, kinds.as_slice()) {
        (Some(k), _) if kinds.iter().any(|x| x == k) => k.to_string(),
        (Some(k), _) => {
            return Err(GameError::BadInput(format!(
                "this group may be {} (from the figures left off the table), not {k}",
                if kinds.is_empty() { "none".to_string() } else { kinds.join(", ") }
            )));
        }
        (None, []) => {
            let summary = format!(
                "No {} figures are left off the table: the group on the {} edge does not come",
                if group.better { "better" } else { "basic" },
                edge.name()
            );
            return Ok(Outcome::Resolved { summary, rolls: Vec::new(), effects });
        }
        (None, [only]) => only.clone(),
        (None, _) => {
            return Err(GameError::BadInput(format!(
                "better troops: choose their kind with `kind`: {}",
                kinds.join(", ")
            )));
        }
    };
    let profile = ctx.charts.profile(&kind);
    let left = left(&ctx.turn.pool, &kind);
    let figures = figures_of(ctx, &ctx.turn.pool, &kind, group.count);
    // A gun is one of the force's guns, whatever its crew.
    let (taken, role) = if profile.class == Class::Gun { (1, Role::Crew) } else { (figures, Role::Private) };
    if figures == 0 {
        let summary = format!("The group on the {} edge brings no figures", edge.name());
        return Ok(Outcome::Resolved { summary, rolls: Vec::new(), effects });
    }
    let number = ctx.turn.raised.saturating_add(1);
    // A scenario may already have a unit of that name: the group takes the next free one.
    let id = (0..)
        .map(|k: u32| match k {
            0 => format!("natives-{number}"),
            k => format!("natives-{number}-{k}"),
        })
        .find(|id| ctx.state.unit(id).is_none())
        .expect("some name is free");
    let kind_name = kind_name(ctx, &kind);
    let positions = along_edge(ctx, edge, figures);
    let unit = NewUnit {
        id: id.clone(),
        name: format!("{kind_name} {number}"),
        side: ctx.side_of(Army::Natives).to_string(),
        kind: kind.clone(),
        facing: facing_in(edge),
        figures: positions
            .into_iter()
            .enumerate()
            .map(|(i, pos)| Figure { id: i as u32, role, pos, alive: true })
            .collect(),
    };
    let summary = format!(
        "{} {} on the {} edge: {}{}",
        unit.name,
        agrees(&unit.name, "arrives", "arrive"),
        edge.name(),
        crate::rules::plural(figures as usize, "figure", "figures"),
        if group.count > left && profile.class != Class::Gun {
            format!(" (only {left} left off the table)")
        } else {
            String::new()
        }
    );
    effects.push(Effect::Enter { unit });
    effects.push(change(Change::Raised { unit: id, kind, figures: taken }));
    Ok(Outcome::Resolved { summary, rolls: Vec::new(), effects })
}

fn facing_in(edge: Edge) -> f64 {
    match edge {
        Edge::North => 180.0,
        Edge::South => 0.0,
        Edge::West => 90.0,
        Edge::East => 270.0,
    }
}

/// A line of `n` figures an inch in from `edge`, an inch apart, as near the middle as leaves every
/// figure clear of those already there.
fn along_edge(ctx: &Ctx, edge: Edge, n: u32) -> Vec<Pt> {
    let table = &ctx.scenario.table;
    let length = match edge {
        Edge::North | Edge::South => table.width,
        Edge::West | Edge::East => table.depth,
    };
    let inset = 1.0;
    let line = |centre: f64| -> Vec<Pt> {
        (0..n)
            .map(|i| {
                let along = (centre + i as f64 - (n as f64 - 1.0) / 2.0).clamp(0.5, (length - 0.5).max(0.5));
                match edge {
                    Edge::North => Pt::new(along, inset),
                    Edge::South => Pt::new(along, table.depth - inset),
                    Edge::West => Pt::new(inset, along),
                    Edge::East => Pt::new(table.width - inset, along),
                }
            })
            .collect()
    };
    let taken: Vec<Pt> = ctx.state.units.iter().flat_map(|u| u.alive_positions()).collect();
    let clear = |points: &[Pt]| points.iter().all(|p| taken.iter().all(|t| distance(*p, *t) >= 1.0));
    let middle = length / 2.0;
    let step = n as f64 + 1.0;
    for k in 0..(2.0 * length / step).ceil() as i64 + 1 {
        let offset = ((k + 1) / 2) as f64 * step * if k % 2 == 0 { 1.0 } else { -1.0 };
        let points = line(middle + offset);
        if clear(&points) {
            return points;
        }
    }
    line(middle)
}
