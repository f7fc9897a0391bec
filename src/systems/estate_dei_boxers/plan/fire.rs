//! The fire of one zone (6.3, 3.1): every lawful order is weighed by the Boxer points it may be expected
//! to take off the map, read from the table die by die, and the best is given. Fanatics shrug off two
//! losses and spare the rest (6.3), so a volley that cannot reach three is worth little against them;
//! a gun's psychological test breaks them on a 6 whatever their value (3.2).

use super::super::map::{Zones, bit, each};
use super::super::roster::{Kind, Roster};
use super::super::siege::combat_mods::soldier_mods;
use super::super::siege::throws::wavering;
use super::super::siege::{Census, FireOrder, GunUse, Rules, Siege, fire_targets, firepower, modified_row};
use super::super::tables::{Volley, column};
use super::stakes::weight;

/// What a soldier point lost to an S result is worth against a Boxer point taken.
const SOLDIER_POINT: f64 = 1.5;
/// Most guns a zone may hold that the plan weighs one by one.
const MOST_GUNS: usize = 8;

/// What a target is, read once for every order weighed against it.
#[derive(Clone, Copy)]
struct Target {
    /// How much a Boxer point taken there is worth (`stakes::weight`).
    weight: f64,
    /// The points of the weakest unit of fanatics there, if any stand there.
    fanatics: Option<u8>,
    boxers: u16,
}

impl Target {
    fn of(rules: &Rules, siege: &Siege, census: &Census, zone: u8) -> Target {
        let fanatics = rules.roster.cup_pieces(siege.cup_in(rules, zone, &[Kind::Fanatics]));
        Target {
            weight: weight(rules, siege, census, zone),
            fanatics: fanatics.map(|p| siege.pieces[p].points).min(),
            boxers: census.boxers[zone as usize],
        }
    }

    /// The Boxer points `n` losses take there (6.3): the weakest fanatics first, who ignore two, are
    /// weakened by three and dispersed by four; without them Boxers, then regulars. A zone that loses
    /// points tests its morale (6.7), worth about a point and a half more.
    fn taken(&self, n: u8) -> f64 {
        match self.fanatics {
            Some(_) if n <= 2 => 0.0,
            Some(points) if n == 3 && points > 5 => 5.0,
            Some(points) => f64::from(points),
            None => f64::from(u16::from(n).min(self.boxers)) + 1.5,
        }
    }
}

pub fn order(rules: &Rules, siege: &Siege, census: &Census, from: u8) -> FireOrder {
    let (soldier_targets, gun_targets) = fire_targets(siege, rules, census, from);
    let (soldiers, working) = firepower(siege, rules, census, from);
    let mut targets = [None; 64];
    for zone in each(soldier_targets | gun_targets) {
        targets[zone as usize] = Some(Target::of(rules, siege, census, zone));
    }
    let target = |zone: u8| targets[zone as usize].expect("read for every target");
    let mut guns = [0usize; MOST_GUNS];
    let mut count = 0;
    for g in Roster::garrison_pieces(siege.garrison_in(rules, from, Kind::GUNS)) {
        if siege.pieces[g].points > 1 && count < MOST_GUNS {
            guns[count] = g;
            count += 1;
        }
    }
    let guns = &guns[..count];
    let volley = |zone: u8, joined: bool| {
        let points = soldiers + if joined { working } else { 0 };
        let t = target(zone);
        t.weight * volley_worth(rules, siege, census, from, zone, &t, points, joined)
    };
    let tests = (!guns.is_empty() && gun_targets != 0).then(|| tests(rules, siege, from, guns, gun_targets, &target));
    let tested = tests.as_ref().map_or(0.0, |(worth, _)| *worth);
    // The soldiers fire where they may; with no target of their own, joined guns fire next door.
    let close = bit(from) | rules.map.near[from as usize];
    let aims = if soldiers > 0 { soldier_targets } else { gun_targets & close };
    let mut best: Option<(f64, Option<u8>, bool)> = None;
    let mut consider = |worth: f64, aim: Option<u8>, join: bool| {
        if best.is_none_or(|(b, _, _)| worth > b) {
            best = Some((worth, aim, join));
        }
    };
    for aim in each(aims) {
        if tests.is_some() {
            consider(volley(aim, true), Some(aim), true);
        }
        if soldiers > 0 {
            consider(volley(aim, false) + tested, Some(aim), false);
        }
    }
    if soldiers == 0 && tests.is_some() {
        consider(tested, None, false);
    }
    let guns = |join: bool| match tests {
        None => GunUse::Hold,
        Some(_) if join => GunUse::Join,
        Some((_, list)) => GunUse::Tep(list),
    };
    match best {
        Some((_, aim, join)) => FireOrder { target: aim, guns: guns(join) },
        None => FireOrder { target: None, guns: guns(false) },
    }
}

/// The Boxer points a volley of `points` from `from` at `zone` may be expected to take, less the soldier
/// points its S results cost in the soldiers' own zone.
#[allow(clippy::too_many_arguments)]
fn volley_worth(
    rules: &Rules,
    siege: &Siege,
    census: &Census,
    from: u8,
    zone: u8,
    target: &Target,
    points: u32,
    joined: bool,
) -> f64 {
    if points == 0 {
        return 0.0;
    }
    let mods = soldier_mods(siege, rules, census, from, zone, joined, false);
    let mut total = 0.0;
    for die in 1..=6 {
        total += match rules.tables.soldiers[modified_row(die, &mods)][column(points)] {
            Volley::Kill(n) => target.taken(n),
            Volley::Lose(n) if zone == from => -SOLDIER_POINT * f64::from(n),
            Volley::Lose(_) => 0.0,
        };
    }
    total / 6.0
}

/// The guns' psychological tests: each gun at the best target its reach allows, one test a target (3.1);
/// the longest reach chooses first.
fn tests(
    rules: &Rules,
    siege: &Siege,
    from: u8,
    guns: &[usize],
    targets: Zones,
    target: &impl Fn(u8) -> Target,
) -> (f64, Vec<(usize, u8)>) {
    let close = bit(from) | rules.map.near[from as usize];
    let on_wall = rules.map.walls & bit(from) != 0;
    let mut worth_of = [f64::NAN; 64];
    let mut value = |t: u8| {
        if worth_of[t as usize].is_nan() {
            worth_of[t as usize] = target(t).weight * test_worth(rules, siege, from, t);
        }
        worth_of[t as usize]
    };
    let mut order = [0usize; MOST_GUNS];
    order[..guns.len()].copy_from_slice(guns);
    let order = &mut order[..guns.len()];
    order.sort_by_key(|&g| std::cmp::Reverse(rules.roster.pieces[g].kind.reach()));
    let mut tested: Zones = 0;
    let mut list = Vec::with_capacity(guns.len());
    let mut worth = 0.0;
    for &g in order.iter() {
        let reach = rules.roster.pieces[g].kind.reach();
        let within = |t: u8| {
            close & bit(t) != 0
                || rules.map.distance[from as usize][t as usize] <= reach
                || (on_wall && rules.map.walls & bit(t) == 0)
        };
        // The best target not yet tested, the last of equals; else any in reach, for nothing.
        let mut choice: Option<(f64, u8)> = None;
        for t in each(targets & !tested).filter(|&t| within(t)) {
            let v = value(t);
            if choice.is_none_or(|(b, _)| v >= b) {
                choice = Some((v, t));
            }
        }
        let choice = choice.or_else(|| each(targets).find(|&t| within(t)).map(|t| (0.0, t)));
        if let Some((value, t)) = choice {
            worth += value;
            tested |= bit(t);
            list.push((g, t));
        }
    }
    (worth, list)
}

/// The Boxer points a psychological test at `target` may be expected to send off (3.2, 3.3).
fn test_worth(rules: &Rules, siege: &Siege, from: u8, target: u8) -> f64 {
    let far = rules.map.distance[from as usize][target as usize] >= 2;
    let cover = far && (rules.map.legations | siege.marks.ruins) & bit(target) != 0;
    (1..=6).map(|d| wavering(siege, rules, target, d - cover as i32) as f64).sum::<f64>() / 6.0
}
