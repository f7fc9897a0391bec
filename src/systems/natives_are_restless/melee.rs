//! Melee: groups in contact are locked until a picture card or an ace, then fought: one D6 per combatant,
//! totalled, each multiple of the threshold of the side taking the kills killing one (open 6, hasty
//! barricade 9, building or prepared position 12; the side that made contact fights in the open).
//! Casualties fall only after both sides have rolled. Natives that lost figures test morale before the
//! winner is decided (not if they killed every opponent); if they flee the defenders win. Otherwise the
//! side that lost more loses; then the side with fewer left; then the defenders win. The loser falls back
//! a full move, away from the winner.

use super::NativesAreRestless;
use super::context::{Ctx, MELEE, casualties, comes_over, rank};
use super::fall_back::fall_back;
use super::morale::{pass, tests};
use super::orders::recycle;
use super::tables::Army;
use super::turn::{Change, Left, Melee, Stage};
use crate::dice::{DiceExpr, DiceFeed, GameRng};
use crate::game::{Effect, GameError, Outcome, Refusal};
use crate::measure::Pt;
use crate::odds::{Dist, OddsView};
use crate::roster::Unit;
use crate::rules::{RuleSystem, plural};

/// A melee as the rules weigh it before the dice.
pub struct Fight<'a> {
    pub index: usize,
    pub defenders: Vec<&'a Unit>,
    pub natives: Vec<&'a Unit>,
    /// What each side needs per kill on the other: [on the natives, on the defenders].
    pub thresholds: [i64; 2],
    pub positions: [&'static str; 2],
    /// Who wins equal losses and equal numbers: "the defender".
    pub ties_to: Army,
    /// The tie goes to the side holding the position the other attacked (`melee_ties_to_the_holder`).
    pub ties_to_holder: bool,
}

impl Fight<'_> {
    pub fn figures(&self, army: Army) -> u32 {
        self.side(army).iter().map(|u| u.alive_count()).sum()
    }

    fn side(&self, army: Army) -> &[&Unit] {
        match army {
            Army::Defenders => &self.defenders,
            Army::Natives => &self.natives,
        }
    }

    /// Some natives in it test morale (not all are fanatics).
    pub fn natives_test(&self, ctx: &Ctx) -> bool {
        self.natives.iter().any(|u| tests(ctx, u))
    }

    /// Whether natives who test morale are still standing once `kills` have fallen on them, as the kills
    /// are spread: with only fanatics left, nobody tests.
    pub fn testers_left(&self, ctx: &Ctx, kills: u32) -> bool {
        let losses = spread(&self.natives, kills);
        self.natives.iter().any(|u| {
            let lost = losses.iter().find(|(id, _)| *id == u.id).map_or(0, |(_, figures)| figures.len() as u32);
            tests(ctx, u) && u.alive_count() > lost
        })
    }

    pub fn dice(&self) -> Vec<String> {
        vec![
            format!("{} D6 for the defenders", self.figures(Army::Defenders)),
            format!("{} D6 for the natives", self.figures(Army::Natives)),
            "1 D6 for the natives' morale, if they test".to_string(),
        ]
    }
}

pub const TIES_OPTION: &str = "melee_ties_to_the_holder";

fn refuse<T>(why: String) -> Result<T, GameError> {
    Err(Refusal::by_rule(why, MELEE).into())
}

pub fn fight<'a>(ctx: &Ctx<'a>, unit: &str) -> Result<Fight<'a>, GameError> {
    ctx.nothing_owed()?;
    let unit = ctx.unit(unit)?;
    let Some((index, melee)) = ctx.turn.melee_of(&unit.id) else {
        return refuse(format!("{} is in no melee", unit.name));
    };
    if ctx.turn.stage != Stage::Melees {
        let why = match ctx.turn.stage {
            Stage::Actions if ctx.turn.picture => "melees are fought after this card's actions: take them or pass",
            _ => "melees wait for a picture card or an ace, after its actions",
        };
        return refuse(why.into());
    }
    let live: Vec<&Unit> = melee.units.iter().filter_map(|u| ctx.state.unit(u)).filter(|u| !u.is_out()).collect();
    let of = |army: Army| live.iter().copied().filter(|u| ctx.army_of(u) == army).collect::<Vec<_>>();
    let (defenders, natives) = (of(Army::Defenders), of(Army::Natives));
    let attackers: Vec<Pt> = live.iter().filter(|u| ctx.army_of(u) == melee.attackers).flat_map(|u| u.alive_positions()).collect();
    // The wall or building a charge stopped at because the charged side holds it: each of that side's
    // figures defends it against an attacker who came at him over it, however far back he stands.
    let held = melee.held.as_deref().and_then(|name| ctx.scenario.terrain.iter().find(|a| a.name == name));
    let position = |army: Army, units: &[&Unit]| -> (i64, &'static str) {
        let m = &ctx.charts.melee;
        if army == melee.attackers {
            return (m.open, "in the open (they made contact)");
        }
        let mut counts = [0usize; 3];
        for f in units.iter().flat_map(|u| u.alive()) {
            // Held against the attacker nearest the figure: a wall is a position only with him across it.
            let from = Ctx::coming_from(f.pos, &attackers).unwrap_or(f.pos);
            let mut here = rank(ctx.position_against(f.pos, from));
            if let Some(area) = held {
                let cover = ctx.charts.cover(&area.cover);
                if comes_over(area, cover.obstacle, from, f.pos) {
                    here = here.max(rank(cover.melee));
                }
            }
            counts[here] += 1;
        }
        // Most of the side's figures; ties to the better position.
        match (0..3).max_by_key(|&i| (counts[i], i)).unwrap_or(0) {
            2 => (m.building, "defending a building or prepared position"),
            1 => (m.hasty_barricade, "defending a hasty barricade"),
            _ => (m.open, "in the open"),
        }
    };
    let (on_natives, natives_at) = position(Army::Natives, &natives);
    let (on_defenders, defenders_at) = position(Army::Defenders, &defenders);
    // "The defender" is the defending player, the colonials; a table may read it as the side holding
    // the position the other attacked.
    let ties_to = if ctx.option(TIES_OPTION) { super::movement::other(melee.attackers) } else { Army::Defenders };
    Ok(Fight {
        index,
        defenders,
        natives,
        thresholds: [on_natives, on_defenders],
        positions: [natives_at, defenders_at],
        ties_to,
        ties_to_holder: ctx.option(TIES_OPTION),
    })
}

/// Who wins once the dice are in: (natives killed, defenders killed, natives fled). None when neither side
/// has a figure left: the text names a loser only "If both sides have figures left", and nobody is left to
/// hold the ground.
pub fn winner(f: &Fight, natives_lost: u32, defenders_lost: u32, fled: bool) -> Option<Army> {
    let left_d = f.figures(Army::Defenders) - defenders_lost;
    let left_n = f.figures(Army::Natives) - natives_lost;
    Some(match (left_d, left_n) {
        (0, 0) => return None,
        _ if fled || left_n == 0 => Army::Defenders,
        (0, _) => Army::Natives,
        _ => match defenders_lost.cmp(&natives_lost) {
            std::cmp::Ordering::Greater => Army::Natives,
            std::cmp::Ordering::Less => Army::Defenders,
            std::cmp::Ordering::Equal if left_d < left_n => Army::Natives,
            std::cmp::Ordering::Equal if left_n < left_d => Army::Defenders,
            std::cmp::Ordering::Equal => f.ties_to,
        },
    })
}

/// Why a tie of losses went as it did, in words before the winner: "equal losses and equal numbers left: ".
/// A winner by losses, by wiping the other side out or by the natives fleeing needs no reason given.
fn why_won(f: &Fight, natives_lost: u32, defenders_lost: u32, fled: bool) -> String {
    let left_d = f.figures(Army::Defenders) - defenders_lost;
    let left_n = f.figures(Army::Natives) - natives_lost;
    if fled || left_d == 0 || left_n == 0 || natives_lost != defenders_lost {
        return String::new();
    }
    match left_d.cmp(&left_n) {
        std::cmp::Ordering::Less => "equal losses, fewer defenders left: ".into(),
        std::cmp::Ordering::Greater => "equal losses, fewer natives left: ".into(),
        std::cmp::Ordering::Equal if f.ties_to_holder => {
            "equal losses and equal numbers left, the tie to the side holding its ground: ".into()
        }
        std::cmp::Ordering::Equal => "equal losses and equal numbers left: ".into(),
    }
}

/// `kills` spread over a side's units, one at a time from the largest; officers last within each.
fn spread(units: &[&Unit], kills: u32) -> Vec<(String, Vec<u32>)> {
    let mut left: Vec<u32> = units.iter().map(|u| u.alive_count()).collect();
    let mut taken = vec![0u32; units.len()];
    for _ in 0..kills {
        let Some(i) = (0..units.len()).filter(|&i| left[i] > 0).max_by_key(|&i| (left[i], usize::MAX - i)) else {
            break;
        };
        left[i] -= 1;
        taken[i] += 1;
    }
    units.iter().zip(taken).filter(|(_, n)| *n > 0).map(|(u, n)| (u.id.clone(), u.choose_losses(n))).collect()
}

pub fn melee(ctx: &Ctx, unit: &str, dice: Option<&[i64]>, rng: &mut GameRng) -> Result<Outcome, GameError> {
    let f = fight(ctx, unit)?;
    let mut melees = ctx.turn.melees.clone();
    melees.remove(f.index);
    let mut effects = vec![NativesAreRestless::effect(Change::Melees { melees: melees.clone() })];
    if melees.is_empty() {
        effects.push(NativesAreRestless::effect(Change::Stage { stage: Stage::Draw }));
    }
    let (d, n) = (f.figures(Army::Defenders), f.figures(Army::Natives));
    if d == 0 || n == 0 {
        return Ok(Outcome::Resolved {
            summary: "The melee is over: one side has no figures left in it".into(),
            rolls: Vec::new(),
            effects,
        });
    }
    let mut feed = DiceFeed::new(dice, rng);
    let d_roll = feed.roll(&DiceExpr::parse(&format!("{d}D6")).map_err(GameError::Dice)?, "defenders' melee dice")?;
    let n_roll = feed.roll(&DiceExpr::parse(&format!("{n}D6")).map_err(GameError::Dice)?, "natives' melee dice")?;
    let natives_lost = ((d_roll.roll.total / f.thresholds[0]).max(0) as u32).min(n);
    let defenders_lost = ((n_roll.roll.total / f.thresholds[1]).max(0) as u32).min(d);
    let mut rolls = vec![d_roll.clone(), n_roll.clone()];
    let mut words = vec![format!(
        "Melee: the defenders roll {} ({}) against natives {}, killing {natives_lost}; the natives roll {} ({}) against defenders {}, killing {defenders_lost}",
        d_roll.roll.total,
        plural(d as usize, "die", "dice"),
        f.positions[0],
        n_roll.roll.total,
        plural(n as usize, "die", "dice"),
        f.positions[1]
    )];
    for (id, figures) in spread(&f.natives, natives_lost).into_iter().chain(spread(&f.defenders, defenders_lost)) {
        effects.push(Effect::Losses { unit: id, figures });
    }
    let mut fled = false;
    if natives_lost > 0 && defenders_lost < d && f.testers_left(ctx, natives_lost) {
        let test = feed.roll(&super::context::d6(), "natives' morale (over the casualties)")?;
        fled = test.roll.total <= natives_lost as i64;
        words.push(format!(
            "the natives roll {} for morale against {}: {}",
            test.roll.total,
            casualties(natives_lost),
            if fled { "they flee" } else { "they hold" }
        ));
        rolls.push(test);
    }
    feed.finish()?;
    let won = winner(&f, natives_lost, defenders_lost, fled);
    words.push(match won {
        None => "both sides are wiped out: neither wins".to_string(),
        Some(army) => format!("{}{} win", why_won(&f, natives_lost, defenders_lost, fled), army.name()),
    });
    if fled {
        // The fleeing natives rout off the table; fanatics, who never test, stay and fall back.
        for u in f.natives.iter().filter(|u| tests(ctx, u)) {
            let off = recycle_after(ctx, u, &effects);
            effects.extend(off);
        }
    }
    if let Some(won) = won {
        let (back, went) = fall_back(ctx, f.side(super::movement::other(won)), f.side(won), &effects);
        effects.extend(back);
        words.extend(went);
    }
    let defenders_left: u32 =
        ctx.army_units(Army::Defenders).map(|u| u.alive_count() - lost_in(&effects, u).min(u.alive_count())).sum();
    if defenders_left == 0 {
        effects.extend(super::winning::won(Army::Natives));
    }
    let summary = super::winning::told(ctx, format!("{}.", words.join("; ")), &effects);
    Ok(Outcome::Resolved { summary, rolls, effects })
}

/// Figures of `unit` the effects so far have killed.
fn lost_in(effects: &[Effect], unit: &Unit) -> u32 {
    effects
        .iter()
        .map(|e| match e {
            Effect::Losses { unit: id, figures } if *id == unit.id => figures.len() as u32,
            _ => 0,
        })
        .sum()
}

/// The melees once `losses` have fallen on `unit`: None while its melee (if any) still has figures of both
/// armies standing, else the melees without it, over before it was fought.
pub fn after_losses(ctx: &Ctx, unit: &Unit, losses: &[Effect]) -> Option<Vec<Melee>> {
    let (index, melee) = ctx.turn.melee_of(&unit.id)?;
    let stands = |army: Army| {
        melee
            .units
            .iter()
            .filter_map(|id| ctx.state.unit(id))
            .any(|u| ctx.army_of(u) == army && !as_left(u, losses).is_out())
    };
    if stands(Army::Defenders) && stands(Army::Natives) {
        return None;
    }
    let mut melees = ctx.turn.melees.clone();
    melees.remove(index);
    Some(melees)
}

/// `unit` as the effects so far leave it: without the figures they killed or took off the table.
pub fn as_left(unit: &Unit, so_far: &[Effect]) -> Unit {
    let mut left = unit.clone();
    for e in so_far {
        if let Effect::Losses { unit: id, figures } = e
            && *id == unit.id
        {
            left.remove_figures(figures);
        }
    }
    left
}

/// A fleeing group's survivors off the table, back in the pool.
fn recycle_after(ctx: &Ctx, unit: &Unit, so_far: &[Effect]) -> Vec<Effect> {
    let after = as_left(unit, so_far);
    if after.is_out() { Vec::new() } else { recycle(ctx, &after, Left::Routed) }
}

/// A melee's exact chances before the dice.
pub struct Chances {
    /// Natives the defenders' dice kill.
    pub natives_lost: Dist,
    /// Defenders the natives' dice kill.
    pub defenders_lost: Dist,
    pub defenders_win: f64,
    pub natives_win: f64,
    /// Neither side has a figure left.
    pub neither: f64,
    pub natives_flee: f64,
}

/// Every pair of kills the two sides' dice may make, and the natives' test where those kills bring one.
pub fn chances(ctx: &Ctx, f: &Fight) -> Chances {
    let (d, n) = (f.figures(Army::Defenders), f.figures(Army::Natives));
    let die = Dist::of_die(crate::dice::Die::D6);
    let natives_lost = die.sum_of(d).map(|s| (s / f.thresholds[0]).min(n as i64));
    let defenders_lost = die.sum_of(n).map(|s| (s / f.thresholds[1]).min(d as i64));
    let mut weights = Vec::new();
    let mut p_flee = 0.0;
    for (kn, pn) in natives_lost.entries() {
        for (kd, pd) in defenders_lost.entries() {
            let p = pn * pd;
            let (kn, kd) = (kn as u32, kd as u32);
            let tested = kn > 0 && kd < d && f.testers_left(ctx, kn);
            let flee = if tested { 1.0 - pass(kn) } else { 0.0 };
            p_flee += p * flee;
            let on_hold = winner(f, kn, kd, false);
            let on_flee = winner(f, kn, kd, true);
            let value = |a: Option<Army>| match a {
                Some(Army::Defenders) => DEFENDERS_WIN,
                Some(Army::Natives) => NATIVES_WIN,
                None => NEITHER,
            };
            weights.push((value(on_hold), p * (1.0 - flee)));
            weights.push((value(on_flee), p * flee));
        }
    }
    // Rounding over many products can leave the total a hair off 1: the chances are shares of it.
    let total: f64 = weights.iter().map(|(_, p)| p).sum();
    let share = |value: i64| (weights.iter().filter(|(v, _)| *v == value).map(|(_, p)| p).sum::<f64>() / total).clamp(0.0, 1.0);
    let (defenders_win, neither) = (share(DEFENDERS_WIN), share(NEITHER));
    Chances {
        natives_lost,
        defenders_lost,
        defenders_win,
        natives_win: (1.0 - defenders_win - neither).max(0.0),
        neither,
        natives_flee: (p_flee / total).min(1.0),
    }
}

/// A melee's result as its odds count it.
const DEFENDERS_WIN: i64 = 1;
const NATIVES_WIN: i64 = 0;
const NEITHER: i64 = -1;

pub fn odds(ctx: &Ctx, unit: &str) -> Result<OddsView, GameError> {
    let f = fight(ctx, unit)?;
    let chances = chances(ctx, &f);
    let neither = chances.neither;
    let both_fall = (neither > 0.0).then_some((NEITHER, neither));
    let result =
        Dist::from_weights([(DEFENDERS_WIN, chances.defenders_win), (NATIVES_WIN, chances.natives_win)].into_iter().chain(both_fall));
    let label = match neither > 0.0 {
        true => "melee: 1 = the defenders win, 0 = the natives win, -1 = both sides are wiped out",
        false => "melee: 1 = the defenders win, 0 = the natives win",
    };
    let mut view = OddsView::new(label, &result).with_dice(f.dice());
    view.add_line("the defenders win", result.p(DEFENDERS_WIN));
    view.add_line("the natives win", result.p(NATIVES_WIN));
    if neither > 0.0 {
        view.add_line("both sides are wiped out", result.p(NEITHER));
    }
    if f.natives_test(ctx) {
        view.add_line("the natives flee (morale)", chances.natives_flee);
    }
    view.add_line("at least one native killed", chances.natives_lost.p_at_least(1));
    view.add_line("at least one defender killed", chances.defenders_lost.p_at_least(1));
    Ok(view)
}
