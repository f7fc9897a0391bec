//! What each zone puts at stake (7.2.1): an intact legation zone is worth its points and the five a ruin
//! costs (a major 15, a minor 10), civilians their points; the plan weighs its fire and its moves by it.

use super::super::map::bit;
use super::super::siege::{Census, Rules, Siege};

/// A major legation zone kept intact rather than ruined: +10 kept, -5 not lost (7.2.1).
pub const MAJOR: f64 = 15.0;
/// A minor one: +5 kept, -5 not lost.
pub const MINOR: f64 = 10.0;

/// The victory points standing in a zone: its legation while intact, its civilians.
pub fn at_stake(rules: &Rules, siege: &Siege, census: &Census, zone: u8) -> f64 {
    legation(rules, siege, zone) + f64::from(census.civilians[zone as usize]) / 2.0
}

/// A legation zone's worth while it is intact; nothing once in ruins, or for any other zone.
pub fn legation(rules: &Rules, siege: &Siege, zone: u8) -> f64 {
    let b = bit(zone);
    if (rules.map.legations & !siege.marks.ruins) & b == 0 {
        0.0
    } else if rules.map.majors & b != 0 {
        MAJOR
    } else {
        MINOR
    }
}

/// How much a Boxer point taken in `zone` is worth, beside one taken where nothing is at stake: more
/// where a legation or civilians stand, more again where the defenders fight.
pub fn weight(rules: &Rules, siege: &Siege, census: &Census, zone: u8) -> f64 {
    let held = census.holds() & bit(zone) != 0;
    1.0 + at_stake(rules, siege, census, zone) / 10.0 + if held { 0.5 } else { 0.0 }
}
