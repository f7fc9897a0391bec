//! The loser of a melee "must fall back a full move and regroup": each of its units still standing goes
//! its move straight away from the winner's figures, measured by the figure it measures from, its other
//! figures arranged around him. "It is a full move to cross a linear obstacle": a fall back that meets a
//! wall or barricade it may cross goes over it and stops just beyond; one it may not (a high wall, for
//! horse) stops at it, as does the wall of a building it would go into away from a door. A unit forced out
//! of the building it holds leaves it any way ("possibly through windows etc."), and any upper floor with
//! it. The table's edge stops it too. Guns, which never move, stay.

use super::NativesAreRestless;
use super::arranging::{BASE, Room};
use super::context::Ctx;
use super::melee::as_left;
use super::obstacles::{clear_of, just_clear, passage};
use super::tables::Class;
use super::turn::Change;
use super::words::agrees;
use crate::game::Effect;
use crate::measure::{MOVE_TOLERANCE, Pt, distance};
use crate::roster::Unit;
use crate::rules::RuleSystem;

/// How far a unit's figure measured goes back, and what stopped him.
struct Way {
    inches: f64,
    past: Past,
}

/// What a fall back met on its way.
enum Past {
    Nothing,
    /// The table's edge, which cut it short.
    Edge,
    /// A wall or barricade it went over, and stopped beyond.
    Over(String),
    /// A wall it may not cross (a high wall, for horse), and stopped at.
    StoppedAt(String),
    /// A building it may not go into away from its doors, and stopped at its wall.
    Building(String),
    /// A winner's figure in its way: it stopped short of his base rather than go through it.
    Winners(String),
}

/// The losers' units fall back, straight away from the winners' figures still standing; with what they
/// did, in words.
pub fn fall_back(ctx: &Ctx, losers: &[&Unit], winners: &[&Unit], so_far: &[Effect]) -> (Vec<Effect>, Vec<String>) {
    let losers: Vec<Unit> = losers.iter().map(|u| as_left(u, so_far)).filter(|u| !u.is_out()).collect();
    let winners: Vec<Unit> = winners.iter().map(|u| as_left(u, so_far)).filter(|u| !u.is_out()).collect();
    let Some(from) = centre(&winners) else { return (Vec::new(), Vec::new()) };
    let enemies: Vec<(Pt, String)> =
        winners.iter().flat_map(|u| u.alive_positions().into_iter().map(|p| (p, u.id.clone()))).collect();
    // Where every figure stands as each loser goes: the others as the melee left them.
    let mut stands: Vec<(String, Vec<Pt>)> =
        ctx.state.units.iter().map(|u| (u.id.clone(), as_left(u, so_far).alive_positions())).collect();
    let mut effects = Vec::new();
    let mut words = Vec::new();
    for unit in losers.iter().filter(|u| ctx.profile(u).class != Class::Gun) {
        let anchor = unit.anchor_figure().expect("a unit still standing has figures");
        // Away from the winners as he stands, not as his unit's middle does: for a man on their far side
        // that is on away from them, not back through them.
        let toward = away(from, anchor.pos).or_else(|| centre(std::slice::from_ref(unit)).and_then(|to| away(from, to)));
        let toward = toward.unwrap_or((0.0, 1.0));
        let way = way(ctx, unit, anchor.pos, toward, &enemies);
        let taken = stands
            .iter()
            .filter(|(id, _)| *id != unit.id)
            .flat_map(|(id, at)| at.iter().map(move |p| (*p, id.clone())))
            .collect();
        let mut room = Room::new(ctx, taken, enemies.clone(), false);
        let regroup = ctx.charts.movement.regroup;
        let wanted = Pt::new(anchor.pos.x + toward.0 * way.inches, anchor.pos.y + toward.1 * way.inches);
        // Where another figure already stands, he stands beside it.
        let end = room.settle(wanted, regroup).unwrap_or(wanted);
        let shift = (end.x - anchor.pos.x, end.y - anchor.pos.y);
        // Forced, it always goes: wherever there is room nearest its place, if not within 3" of him.
        let placed = [regroup, ctx.profile(unit).movement]
            .into_iter()
            .find_map(|reach| room.arrange(unit, anchor.id, &[anchor.pos, end], reach).ok())
            .unwrap_or_default();
        if way.inches > MOVE_TOLERANCE {
            effects.push(Effect::Shift { unit: unit.id.clone(), dx: shift.0, dy: shift.1 });
            if ctx.level_of(unit) > 0 {
                effects.push(NativesAreRestless::effect(Change::Level { unit: unit.id.clone(), level: 0 }));
            }
        }
        let mut after = unit.clone();
        after.translate(shift.0, shift.1);
        if !placed.is_empty() {
            after.place(&placed);
            effects.push(Effect::Place { unit: unit.id.clone(), figures: placed });
        }
        if let Some(entry) = stands.iter_mut().find(|(id, _)| *id == unit.id) {
            entry.1 = after.alive_positions();
        }
        let goes = agrees(&unit.name, "falls back", "fall back");
        let stops = agrees(&unit.name, "stops", "stop");
        let name = &unit.name;
        let inches = way.inches;
        words.push(match (inches > MOVE_TOLERANCE, way.past) {
            (true, Past::Over(wall)) => format!("{name} {goes} {inches:.1}\" over {wall}"),
            (true, Past::StoppedAt(wall)) => {
                format!("{name} {goes} {inches:.1}\" and {stops} at {wall} (too high for horse to cross)")
            }
            (true, Past::Building(house)) => format!(
                "{name} {goes} {inches:.1}\" and {stops} at the wall of {house} (a building is entered only by its doors)"
            ),
            (true, Past::Winners(them)) => {
                format!("{name} {goes} {inches:.1}\" and {stops} short of {them}, who stand in the way")
            }
            (false, Past::Winners(them)) => format!("{name} cannot fall back: {them} stand in the way"),
            (true, Past::Edge) => format!("{name} {goes} {inches:.1}\" and {stops} at the table's edge"),
            (true, Past::Nothing) => format!("{name} {goes} {inches:.1}\""),
            (false, Past::Over(wall) | Past::StoppedAt(wall)) => format!("{name} cannot fall back past {wall}"),
            (false, Past::Building(house)) => {
                format!("{name} cannot fall back into {house} away from its doors")
            }
            (false, Past::Nothing | Past::Edge) => format!("{name} cannot fall back: the table's edge is behind"),
        });
    }
    (effects, words)
}

/// The direction straight away from `from` for a figure at `at`, if he does not stand on it.
fn away(from: Pt, at: Pt) -> Option<(f64, f64)> {
    let (dx, dy) = (at.x - from.x, at.y - from.y);
    let norm = (dx * dx + dy * dy).sqrt();
    (norm > 1e-9).then(|| (dx / norm, dy / norm))
}

fn centre(units: &[Unit]) -> Option<Pt> {
    let points: Vec<Pt> = units.iter().flat_map(|u| u.alive_positions()).collect();
    let n = points.len() as f64;
    (!points.is_empty())
        .then(|| Pt::new(points.iter().map(|p| p.x).sum::<f64>() / n, points.iter().map(|p| p.y).sum::<f64>() / n))
}

/// How far `unit`'s figure measured, at `from`, falls back `toward` a direction: its full move, as far as
/// the table lets all its figures go with their whole bases on it, cut short by the first wall or building
/// in the way, or short of the base of a winner's figure (`enemies`) ahead of him.
fn way(ctx: &Ctx, unit: &Unit, from: Pt, toward: (f64, f64), enemies: &[(Pt, String)]) -> Way {
    let table = &ctx.scenario.table;
    let edge = BASE / 2.0;
    let limit = |p: f64, u: f64, max: f64| {
        if u > 1e-9 {
            (max - edge - p) / u
        } else if u < -1e-9 {
            (edge - p) / u
        } else {
            f64::INFINITY
        }
    };
    let room = unit
        .alive()
        .map(|f| limit(f.pos.x, toward.0, table.width).min(limit(f.pos.y, toward.1, table.depth)))
        .fold(f64::INFINITY, f64::min)
        .max(0.0);
    let full = ctx.profile(unit).movement;
    let run = full.min(room);
    // Looked at past the run, to find where a wall met within it is left behind.
    let far = Pt::new(from.x + toward.0 * (run + 24.0), from.y + toward.1 * (run + 24.0));
    let point = |t: f64| Pt::new(from.x + toward.0 * t, from.y + toward.1 * t);
    let mounted = ctx.profile(unit).class == Class::Mounted;
    let mut first: Option<(f64, Way)> = None;
    let mut meet = |at: f64, way: Way| {
        if at <= run + MOVE_TOLERANCE && first.as_ref().is_none_or(|(best, _)| at < *best) {
            first = Some((at, way));
        }
    };
    for area in &ctx.scenario.terrain {
        let cover = ctx.charts.cover(&area.cover);
        if !cover.obstacle {
            continue;
        }
        let Some((into, out)) = passage(&area.polygon, from, far) else { continue };
        let clear = |t: f64| clear_of(&area.polygon, point(t));
        let way = if mounted && cover.high {
            Way { inches: just_clear(clear, 0.0, into), past: Past::StoppedAt(area.name.clone()) }
        } else {
            // Over it, and on until his base is clear of its far face.
            let beyond = just_clear(clear, out + 2.0 * BASE, out);
            Way { inches: beyond.min(room), past: Past::Over(area.name.clone()) }
        };
        meet(into, way);
    }
    for building in super::doors::buildings(ctx).filter(|b| !b.area.polygon.contains(from)) {
        let end = point(run);
        for t in building.area.polygon.meetings(from, end) {
            let at = Pt::new(from.x + (end.x - from.x) * t, from.y + (end.y - from.y) * t);
            if !building.door_at(at) {
                let inches = distance(from, at);
                let clear = |t: f64| building.area.polygon.distance_to_outline(point(t)) >= BASE / 2.0;
                let stop = if clear(0.0) { just_clear(clear, 0.0, inches) } else { 0.0 };
                meet(inches, Way { inches: stop, past: Past::Building(building.name().to_string()) });
                break;
            }
        }
    }
    for (at, id) in enemies {
        let ahead = (at.x - from.x) * toward.0 + (at.y - from.y) * toward.1;
        let aside = ((at.x - from.x) * toward.1 - (at.y - from.y) * toward.0).abs();
        if ahead > 0.0 && aside < BASE {
            let short = (ahead - (BASE * BASE - aside * aside).sqrt()).max(0.0);
            meet(short, Way { inches: short, past: Past::Winners(ctx.name_of(id)) });
        }
    }
    let cut_short = if run + MOVE_TOLERANCE < full { Past::Edge } else { Past::Nothing };
    first.map_or(Way { inches: run, past: cut_short }, |(_, way)| way)
}
