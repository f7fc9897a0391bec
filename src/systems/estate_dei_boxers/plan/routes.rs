//! The Boxers' roads: a pile follows the arrows (6.2), so where it goes next is known before it moves. The
//! plan reads each pile's road to meet it before the next legation, and each entry zone's roads to stand
//! where an attack will come.

use super::super::map::{Arrow, Zones, bit};
use super::super::siege::{Rules, Siege, boxer_arrow};

/// Most zones a road is read for: longer than any road to the map's edge.
const LONGEST: usize = 24;

/// The zones a pile enters in turn, its own zone excepted.
#[derive(Debug, Clone, Copy)]
pub struct Road {
    zones: [u8; LONGEST],
    len: u8,
    /// The zones on the road, and the one it starts from.
    seen: Zones,
}

impl Road {
    fn new(from: u8) -> Road {
        Road { zones: [0; LONGEST], len: 0, seen: bit(from) }
    }

    pub fn zones(&self) -> &[u8] {
        &self.zones[..self.len as usize]
    }

    fn push(&mut self, zone: u8) -> bool {
        if self.len as usize == LONGEST || self.seen & bit(zone) != 0 {
            return false;
        }
        self.zones[self.len as usize] = zone;
        self.len += 1;
        self.seen |= bit(zone);
        true
    }

    /// On along the arrows from `at` (red, or green when the red leads into ruins) until the map's edge.
    fn follow(&mut self, rules: &Rules, siege: &Siege, mut at: u8) {
        while let Some((Arrow::To(next), _)) = boxer_arrow(siege, rules, at) {
            if !self.push(next) {
                return;
            }
            at = next;
        }
    }
}

/// The roads a pile in `from` follows: one, or, for a pile that has not split yet, one for each half from
/// the first zone with two arrows (the first half on the red arrow, the second on the green).
pub fn roads(rules: &Rules, siege: &Siege, from: u8, split: bool) -> [Option<Road>; 2] {
    let mut trunk = Road::new(from);
    let mut at = from;
    loop {
        if let (false, (Some(red), Some(green))) = (split, rules.map.arrows(at)) {
            return [half(rules, siege, trunk, red), half(rules, siege, trunk, green)];
        }
        match boxer_arrow(siege, rules, at) {
            Some((Arrow::To(next), _)) if trunk.push(next) => at = next,
            _ => return [Some(trunk), None],
        }
    }
}

fn half(rules: &Rules, siege: &Siege, mut road: Road, arrow: Arrow) -> Option<Road> {
    if let Arrow::To(next) = arrow
        && road.push(next)
    {
        road.follow(rules, siege, next);
    }
    Some(road)
}

/// Zones no arrow leads into and no attack enters: the Boxers never stand there.
pub fn out_of_reach(rules: &Rules) -> Zones {
    let mut reached: Zones = rules.map.entries.iter().fold(0, |m, &z| m | bit(z));
    for arrows in [&rules.map.red, &rules.map.green] {
        for arrow in arrows.iter().flatten() {
            if let Arrow::To(z) = arrow {
                reached |= bit(*z);
            }
        }
    }
    rules.map.all() & !reached
}
