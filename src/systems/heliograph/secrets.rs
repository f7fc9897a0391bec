//! What a hidden counter keeps from the other side (the rules' hidden movement): its place shows, its
//! name, kind and strength do not, until it is sighted. Its own side and the referee see it whole.

use super::context::Ctx;
use crate::rules::{Counter, Seat, Secrets};

pub fn secrets(ctx: &Ctx, seat: &Seat, key: u64) -> Secrets {
    let mut secrets = Secrets::default();
    // Numbered among every counter that starts hidden, so a counter keeps its number for the whole game
    // whichever others are sighted; in an order the game's key shuffles, since numbers in the scenario's
    // order would tell anyone who has read the scenario which band is under which chit.
    let mut starts_hidden: Vec<_> = ctx.state.units.iter().filter(|u| ctx.unit_fields(&u.id).hidden).collect();
    starts_hidden.sort_by_key(|u| shuffled(key, &u.id));
    for (n, unit) in starts_hidden.into_iter().enumerate() {
        if ctx.is_hidden(unit) && !seat.knows_side(&unit.side) {
            let label = format!("Hidden counter {}", n + 1);
            secrets.words.push((unit.name.clone(), label.clone()));
            secrets.counters.insert(unit.id.clone(), Counter { label, alias: format!("hidden-{}", n + 1) });
        }
    }
    secrets
}

/// A unit's place in the game's shuffled order: its id hashed with the key (FNV-1a, then a SplitMix64
/// finish so ids that differ by a letter land far apart). The order need only be unguessable without
/// the key and the same every time the game is read.
fn shuffled(key: u64, id: &str) -> (u64, String) {
    let mut hash = 0xcbf2_9ce4_8422_2325u64 ^ key;
    for byte in id.bytes() {
        hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
    }
    hash = (hash ^ (hash >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    hash = (hash ^ (hash >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (hash ^ (hash >> 31), id.to_string())
}
