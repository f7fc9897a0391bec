//! The soldier movement phase (6.5). Each pile of Boxers either fights where it stands (it stays while the
//! defenders hold the zone, 6.2) or will follow its road to the next zone held or the next intact
//! legation, where it stops to burn it. The plan calls for soldiers where each pile fights, and in front of
//! each free pile on the best ground before the legation it makes for (a street or a bridge never burns);
//! soldiers not needed where they stand answer the weightiest call first, nearest first, and the officers
//! and the guns next door follow them into the fights. Civilians step out of the piles' way when their
//! soldiers cannot hold it, and every counter leaves the flames.

use super::super::map::{Zones, bit, each};
use super::super::roster::{Garrison, Kind, Roster};
use super::super::siege::{Census, Move, Rules, Siege, move_check};
use super::paths::Toward;
use super::posture::ground;
use super::routes::{Road, roads};
use super::stakes::{at_stake, legation};

/// A call for soldiers: `want` points in `zone`, for what it saves.
#[derive(Debug, Clone, Copy)]
struct Call {
    zone: u8,
    want: u32,
    worth: f64,
}

/// A pile of Boxers as the movement phase finds it.
struct Pile {
    zone: u8,
    points: u16,
    /// It stays where it is, fighting the defenders there (6.2).
    held: bool,
    roads: [Option<Road>; 2],
}

/// The soldier points wanted against `boxers` points: as many, to keep the Boxers' numbers bonus off (6.4)
/// and the soldiers' column high (6.3), within what a zone can hope to gather.
fn wanted(boxers: u16) -> u32 {
    u32::from(boxers).clamp(4, 16)
}

pub fn moves(rules: &Rules, siege: &Siege) -> Vec<Move> {
    let census = siege.census(rules);
    let piles = piles(rules, siege, &census);
    let calls = calls(rules, siege, &census, &piles);
    let mut ways = Ways { rules, siege, boxers: census.with_chinese, known: Vec::with_capacity(calls.len()) };
    let mut out: Vec<Move> = Vec::new();
    // The pieces given a move already, one bit each.
    let mut moved: Garrison = 0;
    let mut strength: [u32; 64] = [0; 64];
    for z in each(census.with_soldiers | census.with_guns) {
        strength[z as usize] = u32::from(census.soldiers[z as usize] + census.guns[z as usize]);
    }
    let called: Zones = calls.iter().fold(0, |m, c| m | bit(c.zone));
    // Who may answer: soldiers standing where nothing is called for, or in the flames.
    let free = each(census.with_soldiers & (!called | siege.marks.fires))
        .fold(0, |set, z| set | siege.garrison_in(rules, z, Kind::SOLDIERS));
    for call in &calls {
        let mut short = call.want.saturating_sub(strength[call.zone as usize]);
        if short == 0 || free & !moved == 0 {
            continue;
        }
        let toward = ways.to(call.zone);
        while short > 0 {
            let Some((p, from)) = nearest(siege, free & !moved, toward, call.zone) else { break };
            moved |= 1 << p;
            let mv = Move { pieces: vec![p], path: toward.path(from) };
            if move_check(siege, rules, &mv).is_ok() {
                let points = u32::from(siege.pieces[p].points);
                strength[from as usize] -= points;
                strength[call.zone as usize] += points;
                short = short.saturating_sub(points);
                out.push(mv);
            }
        }
    }
    officers_to_fights(rules, siege, &census, &calls, &mut ways, &mut moved, &mut out);
    guns_to_fights(rules, siege, &census, &calls, &mut moved, &mut out);
    civilians_out(rules, siege, &census, &piles, &strength, &mut moved, &mut out);
    leave_the_flames(rules, siege, &census, &mut moved, &mut out);
    out
}

/// The soldiers' ways to each zone called for, searched once a phase.
struct Ways<'a> {
    rules: &'a Rules<'a>,
    siege: &'a Siege,
    boxers: Zones,
    known: Vec<(u8, Toward)>,
}

impl Ways<'_> {
    fn to(&mut self, goal: u8) -> &Toward {
        let i = match self.known.iter().position(|(z, _)| *z == goal) {
            Some(i) => i,
            None => {
                let budget = self.rules.tables.soldier_points;
                self.known.push((goal, Toward::goal(self.rules, self.siege, self.boxers, goal, budget)));
                self.known.len() - 1
            }
        };
        &self.known[i].1
    }
}

/// The nearest of `pieces` that reaches the goal, the lowest piece first on a tie.
fn nearest(siege: &Siege, pieces: Garrison, toward: &Toward, goal: u8) -> Option<(usize, u8)> {
    let mut best: Option<(u8, usize, u8)> = None;
    for p in Roster::garrison_pieces(pieces) {
        let Some(z) = siege.pieces[p].zone() else { continue };
        let cost = toward.cost[z as usize];
        if z != goal && toward.reaches(z) && best.is_none_or(|(c, _, _)| cost < c) {
            best = Some((cost, p, z));
        }
    }
    best.map(|(_, p, z)| (p, z))
}

fn piles(rules: &Rules, siege: &Siege, census: &Census) -> Vec<Pile> {
    let held = census.holds() & !siege.marks.fires;
    let mut piles = Vec::with_capacity(census.with_chinese.count_ones() as usize);
    piles.extend(each(census.with_chinese).map(|zone| Pile {
        zone,
        points: census.boxers[zone as usize],
        held: held & bit(zone) != 0,
        roads: roads(rules, siege, zone, siege.marks.split & bit(zone) != 0),
    }));
    piles
}

/// Each road of a pile up to the zone it will stop in next: a zone the defenders hold or an intact legation.
fn ahead<'a>(rules: &Rules, siege: &Siege, census: &Census, pile: &'a Pile) -> impl Iterator<Item = &'a [u8]> {
    let stops = census.holds() | (rules.map.legations & !siege.marks.ruins);
    pile.roads.iter().flatten().map(move |road| {
        let zones = road.zones();
        let end = zones.iter().position(|&z| stops & bit(z) != 0).map_or(zones.len(), |i| i + 1);
        &zones[..end]
    })
}

/// Where soldiers are called for, weightiest first: each fight the defenders hold, and in front of each
/// free pile.
fn calls(rules: &Rules, siege: &Siege, census: &Census, piles: &[Pile]) -> Vec<Call> {
    let mut calls: Vec<Call> = Vec::with_capacity(2 * piles.len());
    let mut call = |zone: u8, want: u32, worth: f64| match calls.iter_mut().find(|c| c.zone == zone) {
        Some(c) => {
            c.want = c.want.max(want);
            c.worth += worth;
        }
        None => calls.push(Call { zone, want, worth }),
    };
    for pile in piles {
        let roads = ahead(rules, siege, census, pile);
        if pile.held {
            // Held here, the pile threatens what it would reach next if the defenders gave way.
            let behind: f64 = roads.filter_map(|road| road.last()).map(|&z| legation(rules, siege, z)).sum();
            call(pile.zone, wanted(pile.points), at_stake(rules, siege, census, pile.zone) + behind);
            continue;
        }
        let halves = pile.roads.iter().flatten().count() as u16;
        for road in roads {
            let Some(&stop) = road.last() else { continue };
            if legation(rules, siege, stop) == 0.0 && census.holds() & bit(stop) == 0 {
                continue;
            }
            // The best ground before the stop, else the stop itself.
            let before = &road[..road.len() - 1];
            let post = before
                .iter()
                .copied()
                .filter(|&z| siege.marks.fires & bit(z) == 0)
                .fold(None, |best: Option<u8>, z| match best {
                    Some(b) if ground(rules, siege, b) >= ground(rules, siege, z) => Some(b),
                    _ => Some(z),
                })
                .unwrap_or(stop);
            if siege.marks.fires & bit(post) == 0 {
                call(post, wanted(pile.points / halves.max(1)), at_stake(rules, siege, census, stop));
            }
        }
    }
    calls.sort_by(|a, b| b.worth.total_cmp(&a.worth).then(a.zone.cmp(&b.zone)));
    calls
}

/// Officers join the fights, two to a zone (only the best two count, 1.5.2); MacDonald stays out of reach.
fn officers_to_fights(
    rules: &Rules,
    siege: &Siege,
    census: &Census,
    calls: &[Call],
    ways: &mut Ways,
    moved: &mut Garrison,
    out: &mut Vec<Move>,
) {
    let called: Zones = calls.iter().fold(0, |m, c| m | bit(c.zone));
    let idle = each(census.with_officers & !called).fold(0, |set, z| set | siege.garrison_in(rules, z, &[Kind::Officer]));
    for call in calls {
        if idle & !*moved == 0 {
            return;
        }
        let here = siege.garrison_in(rules, call.zone, Kind::OFFICERS).count_ones();
        let mut short = 2u32.saturating_sub(here);
        // Officers go only where soldiers stand or are on their way.
        let soldiers = census.with_soldiers & bit(call.zone) != 0 || out.iter().any(|m| m.path.last() == Some(&call.zone));
        if short == 0 || !soldiers {
            continue;
        }
        let toward = ways.to(call.zone);
        while short > 0 {
            let Some((p, from)) = nearest(siege, idle & !*moved, toward, call.zone) else { break };
            *moved |= 1 << p;
            let mv = Move { pieces: vec![p], path: toward.path(from) };
            if move_check(siege, rules, &mv).is_ok() {
                out.push(mv);
                short -= 1;
            }
        }
    }
}

/// Guns next door to a fight step into it (one zone a phase, 6.5), where they join the soldiers' fire at
/// +4 (3.1).
fn guns_to_fights(rules: &Rules, siege: &Siege, census: &Census, calls: &[Call], moved: &mut Garrison, out: &mut Vec<Move>) {
    let called: Zones = calls.iter().fold(0, |m, c| m | bit(c.zone));
    for zone in each(census.with_guns & !called & !siege.marks.fires) {
        let Some(to) = calls.iter().map(|c| c.zone).find(|&c| rules.map.walk[zone as usize] & bit(c) != 0) else {
            continue;
        };
        for g in Roster::garrison_pieces(siege.garrison_in(rules, zone, Kind::GUNS)) {
            let mv = Move { pieces: vec![g], path: vec![to] };
            if *moved & 1 << g == 0 && move_check(siege, rules, &mv).is_ok() {
                out.push(mv);
                *moved |= 1 << g;
            }
        }
    }
}

/// Civilians step out of the piles' way when their soldiers there cannot hold it (6.4: what the soldiers
/// cannot take falls on the civilians): from a fight, or from a zone a pile will reach at its next move, to
/// a neighbour clear of Boxers, flames and the piles' next roads, one with soldiers first.
fn civilians_out(
    rules: &Rules,
    siege: &Siege,
    census: &Census,
    piles: &[Pile],
    strength: &[u32; 64],
    moved: &mut Garrison,
    out: &mut Vec<Move>,
) {
    let mut threat = census.boxers;
    for pile in piles.iter().filter(|p| !p.held) {
        for road in ahead(rules, siege, census, pile) {
            for &zone in road {
                threat[zone as usize] = threat[zone as usize].max(pile.points);
            }
        }
    }
    let danger = (0..rules.map.len() as u8).filter(|&z| threat[z as usize] > 0).fold(0, |m, z| m | bit(z));
    for zone in each(census.with_civilians & danger) {
        if strength[zone as usize] >= u32::from(threat[zone as usize]) {
            continue;
        }
        let safe = rules.map.walk[zone as usize] & !siege.marks.fires & !danger;
        let to = each(safe & census.with_soldiers)
            .next()
            .or_else(|| each(safe & rules.map.legations).next())
            .or_else(|| each(safe).next());
        let Some(to) = to else { continue };
        for p in Roster::garrison_pieces(siege.garrison_in(rules, zone, &[Kind::Civilians])) {
            let mv = Move { pieces: vec![p], path: vec![to] };
            if *moved & 1 << p == 0 && move_check(siege, rules, &mv).is_ok() {
                out.push(mv);
                *moved |= 1 << p;
            }
        }
    }
}

/// Counters still in a burning zone leave it (6.5): to a neighbour clear of flames, one with soldiers and
/// no Boxers first.
fn leave_the_flames(rules: &Rules, siege: &Siege, census: &Census, moved: &mut Garrison, out: &mut Vec<Move>) {
    for zone in each(siege.marks.fires & census.friendly()) {
        let out_of = rules.map.walk[zone as usize] & !siege.marks.fires;
        let safe = out_of & !census.with_chinese;
        let to = each(safe & census.with_soldiers)
            .next()
            .or_else(|| each(safe).next())
            .or_else(|| each(out_of).next());
        let Some(to) = to else { continue };
        for p in Roster::garrison_pieces(siege.garrison_in(rules, zone, Kind::DEFENDERS)) {
            if *moved & 1 << p != 0 {
                continue;
            }
            let mv = Move { pieces: vec![p], path: vec![to] };
            if move_check(siege, rules, &mv).is_ok() {
                out.push(mv);
                *moved |= 1 << p;
            }
        }
    }
}
