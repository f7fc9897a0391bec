//! The defenders' strategies the simulator plays with, and the app's "what if" asks about:
//! - `guard-the-roads`: the plan a careful player follows (`plan/`): guards on the Boxers' roads before
//!   the legations, each pile met before the next legation it makes for, civilians out of its way, officers
//!   out of reach but on attack days. The default, and the one the forecast leads with.
//! - `hold-major-legations`: every major legation keeps a soldier counter; soldiers next door go into a
//!   major legation the Boxers have entered; returns go to the emptiest major legation.
//! - `fire-first`: the soldiers keep out of melee, stepping out of zones where the Boxers outnumber them
//!   three to one and never entering a Boxer zone, so that they fire again next sequence.
//! - `random`: any legal choice, at random.
//!
//! All fire at their own zone first, else at the biggest pile in reach, with their guns joined when they
//! may be; guns with no such target make a psychological test at the biggest pile they reach.

use serde::Serialize;

use super::map::{Zones, bit, each};
use super::plan;
use super::roster::{Kind, Roster};
use super::siege::{
    At, Census, Command, FireOrder, GunUse, Move, Rules, Siege, fire_targets, free_move_check, move_check,
};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "kebab-case")]
pub enum Strategy {
    GuardTheRoads,
    HoldMajorLegations,
    FireFirst,
    Random,
}

impl Strategy {
    pub const ALL: [Strategy; 4] =
        [Strategy::GuardTheRoads, Strategy::HoldMajorLegations, Strategy::FireFirst, Strategy::Random];

    pub fn name(self) -> &'static str {
        match self {
            Strategy::GuardTheRoads => "guard-the-roads",
            Strategy::HoldMajorLegations => "hold-major-legations",
            Strategy::FireFirst => "fire-first",
            Strategy::Random => "random",
        }
    }

    /// The strategy in a sentence, for the "what if" screen.
    pub fn about(self) -> &'static str {
        match self {
            Strategy::GuardTheRoads => {
                "soldiers posted on the Boxers' roads before the legations, streets and bridges first; each pile \
                 met before the next legation and civilians moved out of its way; officers kept out of reach but \
                 on attack days, MacDonald always"
            }
            Strategy::HoldMajorLegations => {
                "every major legation keeps soldiers; those next door go in where the Boxers have entered"
            }
            Strategy::FireFirst => "the soldiers keep out of melee, stepping back from piles three times their size",
            Strategy::Random => "any legal choice, at random",
        }
    }

    pub fn read(text: &str) -> Result<Strategy, String> {
        Strategy::ALL.into_iter().find(|s| s.name() == text).ok_or_else(|| {
            let names: Vec<&str> = Strategy::ALL.iter().map(|s| s.name()).collect();
            format!("strategy \"{text}\" is not one of {}", names.join(", "))
        })
    }
}

/// SplitMix64: small, fast and good enough for dice; seeded per game so each game is reproducible.
#[derive(Debug, Clone)]
pub struct FastRng(u64);

impl FastRng {
    pub fn new(seed: u64) -> FastRng {
        FastRng(seed)
    }
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform in 0..n.
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }
}

pub struct Adviser {
    pub strategy: Strategy,
    pub rng: FastRng,
}

fn soldiers_in(rules: &Rules, siege: &Siege, zone: u8) -> impl Iterator<Item = usize> + use<> {
    Roster::garrison_pieces(siege.garrison_in(rules, zone, Kind::SOLDIERS))
}

impl Adviser {
    /// The major legation zone (intact) with the fewest soldier points, for returns and reinforcements.
    fn emptiest_major(&self, rules: &Rules, siege: &Siege, soldiers: &[u16; 64]) -> Option<u8> {
        let open = rules.map.majors & !siege.marks.ruins & !siege.marks.fires & !rules.map.forbidden;
        each(open).min_by_key(|&z| (soldiers[z as usize], z))
    }

    fn pick_zone(&mut self, set: Zones) -> Option<u8> {
        let n = set.count_ones() as usize;
        if n == 0 { None } else { each(set).nth(self.rng.below(n)) }
    }
}

impl Command for Adviser {
    fn losses(&mut self, _: &Rules, _: &Siege) -> Option<Vec<usize>> {
        // Sandtable's rule (`losses::defenders_lose`).
        Some(Vec::new())
    }
    fn wounded(&mut self, rules: &Rules, siege: &Siege, points: u8) -> Option<Vec<(usize, u8, u8)>> {
        if self.strategy == Strategy::GuardTheRoads {
            return Some(plan::wounded(rules, siege, points));
        }
        let census = siege.census(rules);
        let mut soldiers = census.soldiers;
        let mut left = points;
        let mut out = Vec::new();
        for p in 0..rules.roster.defenders {
            if left == 0 {
                break;
            }
            if siege.pieces[p].at != At::Wounded || !rules.roster.pieces[p].kind.is_soldiers() {
                continue;
            }
            let value = left.min(2);
            let zone = match self.strategy {
                Strategy::Random => self.pick_zone(rules.map.legations & !siege.marks.ruins & !rules.map.forbidden),
                _ => self.emptiest_major(rules, siege, &soldiers),
            };
            let Some(zone) = zone.or_else(|| each(!rules.map.forbidden & rules.map.all() & !siege.marks.fires).next())
            else {
                break;
            };
            soldiers[zone as usize] += value as u16;
            out.push((p, value, zone));
            left -= value;
        }
        Some(out)
    }

    fn betsy(&mut self, rules: &Rules, siege: &Siege) -> Option<u8> {
        let zones = super::siege::betsy_zones(siege, rules);
        match self.strategy {
            Strategy::GuardTheRoads => plan::betsy(rules, siege),
            Strategy::Random => self.pick_zone(zones),
            _ => each(zones).next(),
        }
    }

    fn redeploy(&mut self, rules: &Rules, siege: &Siege) -> Option<Vec<(usize, u8)>> {
        let mut out = Vec::new();
        match self.strategy {
            Strategy::GuardTheRoads => return Some(plan::redeploy(rules, siege)),
            Strategy::Random => {
                for _ in 0..2 {
                    let p = self.rng.below(rules.roster.defenders);
                    if let Some(z) = self.pick_zone(rules.map.all() & !rules.map.forbidden & !rules.map.walls)
                        && free_move_check(siege, rules, p, z).is_ok()
                    {
                        out.push((p, z));
                    }
                }
            }
            _ => {
                // Every major legation keeps a soldier counter: one comes from the strongest zone.
                let census = siege.census(rules);
                let mut soldiers = census.soldiers;
                let mut counters = [0u8; 64];
                for p in 0..rules.roster.defenders {
                    if let (Some(z), true) = (siege.pieces[p].zone(), rules.roster.pieces[p].kind.is_soldiers()) {
                        counters[z as usize] += 1;
                    }
                }
                let open = rules.map.majors & !siege.marks.ruins & !rules.map.forbidden;
                for zone in each(open) {
                    if soldiers[zone as usize] > 0 {
                        continue;
                    }
                    let from = (0..rules.map.len() as u8)
                        .filter(|&z| counters[z as usize] >= 2)
                        .max_by_key(|&z| (soldiers[z as usize], z));
                    let Some(from) = from else { break };
                    let Some(p) = soldiers_in(rules, siege, from).find(|p| !out.iter().any(|(q, _)| q == p)) else {
                        continue;
                    };
                    out.push((p, zone));
                    counters[from as usize] -= 1;
                    soldiers[from as usize] -= siege.pieces[p].points as u16;
                    soldiers[zone as usize] += siege.pieces[p].points as u16;
                }
            }
        }
        Some(out)
    }

    fn fire(&mut self, rules: &Rules, siege: &Siege, census: &Census, from: u8) -> Option<FireOrder> {
        if self.strategy == Strategy::GuardTheRoads {
            return Some(plan::fire(rules, siege, census, from));
        }
        let (soldier_targets, gun_targets) = fire_targets(siege, rules, census, from);
        let biggest = |set: Zones| each(set).max_by_key(|&z| (census.boxers[z as usize], z));
        let target = match self.strategy {
            Strategy::Random => {
                self.pick_zone(soldier_targets | (gun_targets & (bit(from) | rules.map.near[from as usize])))
            }
            _ if soldier_targets & bit(from) != 0 => Some(from),
            _ => biggest(soldier_targets).or_else(|| biggest(gun_targets & rules.map.near[from as usize])),
        };
        let guns = || {
            Roster::garrison_pieces(siege.garrison_in(rules, from, Kind::GUNS)).filter(|&p| siege.pieces[p].points > 1)
        };
        let use_guns = if guns().next().is_none() {
            GunUse::Hold
        } else if target.is_some() && (self.strategy != Strategy::Random || self.rng.below(2) == 0) {
            GunUse::Join
        } else if let Some(t) = biggest(gun_targets) {
            GunUse::Tep(guns().map(|g| (g, t)).collect())
        } else {
            GunUse::Hold
        };
        Some(FireOrder { target, guns: use_guns })
    }

    fn moves(&mut self, rules: &Rules, siege: &Siege) -> Option<Vec<Move>> {
        let census = siege.census(rules);
        let boxers = census.with_chinese;
        let mut out = Vec::new();
        match self.strategy {
            Strategy::GuardTheRoads => return Some(plan::moves(rules, siege)),
            Strategy::HoldMajorLegations => {
                // Soldiers next door go into a major legation zone the Boxers hold or fight in.
                for target in each(rules.map.majors & boxers & !siege.marks.fires) {
                    for from in each(rules.map.walk[target as usize] & census.with_soldiers & !boxers) {
                        if rules.map.majors & bit(from) != 0 && census.soldiers[from as usize] <= 2 {
                            continue;
                        }
                        let pieces: Vec<usize> = soldiers_in(rules, siege, from).collect();
                        let keep = if rules.map.majors & bit(from) != 0 { 1 } else { 0 };
                        let mv = Move { pieces: pieces[keep.min(pieces.len())..].to_vec(), path: vec![target] };
                        if !mv.pieces.is_empty() && move_check(siege, rules, &mv).is_ok() {
                            out.push(mv);
                        }
                    }
                }
            }
            Strategy::FireFirst => {
                for from in each(census.with_soldiers & boxers) {
                    let i = from as usize;
                    if (census.boxers[i] as u32) < 3 * census.soldiers[i] as u32 {
                        continue;
                    }
                    let walking = [Kind::Soldiers, Kind::Volunteers, Kind::Officer, Kind::MacDonald];
                    let pieces: Vec<usize> =
                        Roster::garrison_pieces(siege.garrison_in(rules, from, &walking)).collect();
                    if let Some(to) = each(rules.map.walk[i] & !boxers & !siege.marks.fires).next() {
                        let mv = Move { pieces, path: vec![to] };
                        if move_check(siege, rules, &mv).is_ok() {
                            out.push(mv);
                        }
                    }
                }
            }
            Strategy::Random => {
                for _ in 0..3 {
                    let p = self.rng.below(rules.roster.defenders);
                    let Some(z) = siege.pieces[p].zone() else { continue };
                    if let Some(to) = self.pick_zone(rules.map.walk[z as usize]) {
                        let mv = Move { pieces: vec![p], path: vec![to] };
                        if move_check(siege, rules, &mv).is_ok() {
                            out.push(mv);
                        }
                    }
                }
            }
        }
        Some(out)
    }
}
