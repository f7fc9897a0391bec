//! `guard-the-roads`: the defenders' plan a careful player follows. The Boxers go where their arrows lead
//! (6.2), stopping to burn each intact legation on the way, and a legation zone burnt is 15 points lost
//! (7.2.1); so the soldiers stand on the entries' roads before the legations, on streets and bridges
//! that never burn where they can, meet each pile before the next legation it makes for, and fire where a
//! Boxer point taken saves most. The officers stay out of the Boxers' reach except on the day of an attack,
//! MacDonald always.

mod fire;
mod memo;
mod moves;
mod paths;
mod posture;
mod routes;
mod stakes;

use super::siege::{Census, DayCard, FireOrder, Move, Rules, Siege};

pub fn wounded(rules: &Rules, siege: &Siege, points: u8) -> Vec<(usize, u8, u8)> {
    posture::wounded(rules, siege, points)
}

pub fn betsy(rules: &Rules, siege: &Siege) -> Option<u8> {
    posture::betsy(rules, siege)
}

pub fn redeploy(rules: &Rules, siege: &Siege) -> Vec<(usize, u8)> {
    posture::redeploy(rules, siege, attack_today(siege))
}

pub fn fire(rules: &Rules, siege: &Siege, census: &Census, from: u8) -> FireOrder {
    fire::order(rules, siege, census, from)
}

pub fn moves(rules: &Rules, siege: &Siege) -> Vec<Move> {
    moves::moves(rules, siege)
}

/// Whether the Boxers attack today, after this repositioning (5.1.4, events 4 and 6).
fn attack_today(siege: &Siege) -> bool {
    let black_high = siege.today.card.is_some_and(|c: DayCard| !c.red() && c.high());
    (black_high && !siege.today.heavy_rain) || siege.today.mine
}
