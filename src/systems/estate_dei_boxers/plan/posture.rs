//! Where the defenders stand between attacks (5.1.2, 5.1.3, 5.1.6, 3.4). The next attack's entry zone is
//! not known, but each entry's roads are: on each, the plan posts a guard on the best ground before the
//! first legation it can still save (a street or a bridge, which never burn, else a barricade), weighs each
//! post by what its roads put at stake, and mans the heaviest posts, as many as the soldiers on the map
//! can hold in strength, sharing the soldiers among them. The guns stand with the manned posts; the
//! officers join them on the day of an attack and wait out of the Boxers' reach otherwise, MacDonald
//! always, so the bombardment and the melee rarely find them (7.2.1: MacDonald lost is -10). A night after
//! a night leaves everyone where they stand, unless a major legation has lost the counter that held it.

use std::cell::RefCell;
use std::rc::Rc;

use super::super::map::{Zones, bit, each};
use super::super::roster::{Garrison, Kind, MOST_DEFENDERS, Roster};
use super::super::siege::{At, Rules, Siege, betsy_zones, free_move_check};
use super::memo::{self, Memo};
use super::routes::{Road, out_of_reach, roads};
use super::stakes::legation;

/// Each later legation on a road counts for this much of the one before: the nearer is the likelier lost.
const FURTHER: f64 = 0.3;
/// The soldier points at which a post's worth has grown two thirds of the way (it grows ever more slowly).
const DEPTH: f64 = 7.0;
/// The soldier points a manned post wants: fewer soldiers man fewer posts rather than all of them thinly.
const PER_POST: u32 = 12;
/// Most posts the entries' roads can call for: one for each half of each entry's pile.
const MOST_POSTS: usize = 12;
/// No place chosen for a piece: it stays where it is.
const STAYS: u8 = u8::MAX;

/// A guard's post and what its roads put at stake, summed over the entries whose roads it stands on.
#[derive(Debug, Clone, Copy)]
pub struct Guard {
    pub zone: u8,
    pub weight: f64,
}

/// Where defenders may be put in a free repositioning (8): not in or beside an entry, not in flames.
pub fn placeable(rules: &Rules, siege: &Siege) -> Zones {
    rules.map.all() & !rules.map.forbidden & !siege.marks.fires
}

/// What the posts depend on: the map, and its ruins, fires and barricades.
#[derive(Debug, Clone, Copy, PartialEq)]
struct PostsKey {
    map: u64,
    ruins: Zones,
    fires: Zones,
    barricades: Zones,
}

impl PostsKey {
    fn of(rules: &Rules, siege: &Siege) -> PostsKey {
        let marks = &siege.marks;
        PostsKey { map: rules.map.serial.number(), ruins: marks.ruins, fires: marks.fires, barricades: marks.barricades }
    }
}

/// The posts, heaviest first, and where the officers wait out of the Boxers' reach.
struct Posts {
    key: PostsKey,
    guards: Vec<Guard>,
    refuge: Option<u8>,
}

/// What the soldiers' shares depend on: the posts, and how many counters stand on the map whole or flipped.
#[derive(Debug, Clone, Copy, PartialEq)]
struct QuotaKey {
    posts: PostsKey,
    whole: u32,
    flipped: u32,
}

/// How many posts are manned, and how many whole and how many flipped counters each takes.
#[derive(Debug, Clone, Copy)]
struct Quota {
    manned: usize,
    whole: [u8; MOST_POSTS],
    flipped: [u8; MOST_POSTS],
}

thread_local! {
    static POSTS: RefCell<Memo<PostsKey, Posts>> = const { RefCell::new(Memo::new()) };
    static QUOTAS: RefCell<Memo<QuotaKey, Quota>> = const { RefCell::new(Memo::new()) };
}

/// The guards the entries' roads call for, heaviest first; each entry is as likely as the next (5.1.4).
fn posts(rules: &Rules, siege: &Siege) -> Rc<Posts> {
    let key = PostsKey::of(rules, siege);
    memo::ask(&POSTS, key, || {
        let mut guards: Vec<Guard> = Vec::with_capacity(MOST_POSTS);
        let open = placeable(rules, siege);
        for &entry in &rules.map.entries {
            for road in roads(rules, siege, entry, false).into_iter().flatten() {
                let Some((zone, weight)) = guard_of(rules, siege, open, &road) else { continue };
                match guards.iter_mut().find(|g| g.zone == zone) {
                    Some(g) => g.weight += weight,
                    None => guards.push(Guard { zone, weight }),
                }
            }
        }
        guards.sort_by(|a, b| b.weight.total_cmp(&a.weight).then(a.zone.cmp(&b.zone)));
        guards.truncate(MOST_POSTS);
        Posts { key, guards, refuge: each(out_of_reach(rules) & open).next() }
    })
}

/// The post on a road: the best ground before the first legation that can still be guarded (an unburnable
/// zone first, then a barricade), or that legation itself; and the legations behind it, nearer first.
fn guard_of(rules: &Rules, siege: &Siege, open: Zones, road: &Road) -> Option<(u8, f64)> {
    let intact = rules.map.legations & !siege.marks.ruins;
    let mut best: Option<(u8, u8)> = None;
    for (i, &zone) in road.zones().iter().enumerate() {
        let at_stake = intact & bit(zone) != 0;
        let post = match (at_stake, best) {
            (true, Some((z, _))) => Some(z),
            (true, None) if open & bit(zone) != 0 => Some(zone),
            _ => None,
        };
        if let Some(post) = post {
            let behind = road.zones()[i..].iter().filter(|&&z| intact & bit(z) != 0);
            let worth = behind.enumerate().map(|(k, &z)| legation(rules, siege, z) * FURTHER.powi(k as i32)).sum();
            return Some((post, worth));
        }
        if !at_stake && open & bit(zone) != 0 {
            let score = ground(rules, siege, zone);
            if best.is_none_or(|(_, s)| score > s) {
                best = Some((zone, score));
            }
        }
    }
    None
}

/// Ground to hold: a street, bridge or the canal never burns (6.8); a barricade fights as a legation (1.6).
pub fn ground(rules: &Rules, siege: &Siege, zone: u8) -> u8 {
    2 * (rules.map.unburnable & bit(zone) != 0) as u8 + (siege.marks.barricades & bit(zone) != 0) as u8
}

/// A post's worth with each number of soldier points (1 - e^(-points / DEPTH)), as a table: the simulator
/// asks it thousands of times a siege.
fn held() -> &'static [f64; 65] {
    static TABLE: std::sync::OnceLock<[f64; 65]> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| std::array::from_fn(|p| 1.0 - (-(p as f64) / DEPTH).exp()))
}

/// What adding `value` soldier points to a post holding `points` is worth.
fn gain(guard: &Guard, points: u32, value: u32) -> f64 {
    let held = held();
    guard.weight * (held[(points + value).min(64) as usize] - held[points.min(64) as usize])
}

/// The defenders standing on the map, by what they are, one bit a piece.
struct OnMap {
    whole: Garrison,
    flipped: Garrison,
    guns: Garrison,
    officers: Garrison,
}

impl OnMap {
    fn of(rules: &Rules, siege: &Siege) -> OnMap {
        let census = siege.census(rules);
        let of = |zones: Zones, kinds: &[Kind]| each(zones).fold(0, |set, z| set | siege.garrison_in(rules, z, kinds));
        let soldiers = of(census.with_soldiers, Kind::SOLDIERS);
        let flipped = Roster::garrison_pieces(soldiers).filter(|&p| siege.pieces[p].points < 2).fold(0, |set, p| set | 1 << p);
        OnMap {
            whole: soldiers & !flipped,
            flipped,
            guns: of(census.with_guns, Kind::GUNS),
            officers: of(census.with_officers, Kind::OFFICERS),
        }
    }
}

/// Where the soldiers, guns and officers stand for the night or the coming attack: (piece, zone) for each
/// that moves. Counters already at a post with room for them stay, so the same shares are kept with as few
/// moves as can be.
pub fn redeploy(rules: &Rules, siege: &Siege, attack: bool) -> Vec<(usize, u8)> {
    let posts = posts(rules, siege);
    if !attack && settled(rules, siege, &posts) {
        return Vec::new();
    }
    reposition(rules, siege, &posts, attack)
}

/// A night after a night: the officers already wait out of reach (an attack day's posture sends them to
/// the posts, a night's brings them back), so the soldiers stand where the last night put them and the
/// wounded where they came back; only a major legation left without a holder calls for the posture again.
fn settled(rules: &Rules, siege: &Siege, posts: &Posts) -> bool {
    let census = siege.census(rules);
    let Some(refuge) = posts.refuge else { return false };
    if census.with_officers & !bit(refuge) != 0 {
        return false;
    }
    let held = census.with_soldiers | census.with_guns;
    let open = placeable(rules, siege) & !siege.marks.ruins;
    rules.map.major_legations.iter().all(|&l| l & open == 0 || l & open & held != 0)
}

/// The posture from where the defenders stand (see `redeploy`).
fn reposition(rules: &Rules, siege: &Siege, posts: &Posts, attack: bool) -> Vec<(usize, u8)> {
    let on = OnMap::of(rules, siege);
    let mut to = [STAYS; MOST_DEFENDERS];
    let mut manned: &[Guard] = &[];
    if !posts.guards.is_empty() {
        let (whole, flipped) = (on.whole.count_ones(), on.flipped.count_ones());
        let key = QuotaKey { posts: posts.key, whole, flipped };
        let quota = memo::ask(&QUOTAS, key, || share(&posts.guards, whole, flipped));
        manned = &posts.guards[..quota.manned];
        let mut post_of = [u8::MAX; 64];
        for (i, g) in manned.iter().enumerate() {
            post_of[g.zone as usize] = i as u8;
        }
        let mut room = quota.whole;
        station(siege, on.whole, manned, &post_of, &mut room, &mut to);
        let mut room = quota.flipped;
        station(siege, on.flipped, manned, &post_of, &mut room, &mut to);
        // The guns one to a manned post in turn, the heaviest first.
        let (guns, posted) = (on.guns.count_ones() as usize, manned.len());
        let mut room = [0u8; MOST_POSTS];
        for (i, r) in room[..posted].iter_mut().enumerate() {
            *r = (guns / posted + usize::from(i < guns % posted)) as u8;
        }
        station(siege, on.guns, manned, &post_of, &mut room, &mut to);
        hold_each_legation(rules, siege, &on, &mut to);
    }
    place_officers(rules, siege, on.officers, posts.refuge, manned, attack, &mut to);
    let mut moves = Vec::new();
    for p in Roster::garrison_pieces(on.whole | on.flipped | on.guns | on.officers) {
        let zone = to[p];
        if zone != STAYS && siege.pieces[p].at != At::Zone(zone) && free_move_check(siege, rules, p, zone).is_ok() {
            moves.push((p, zone));
        }
    }
    moves
}

/// The soldiers shared among the heaviest posts, as many posts as they can man at `PER_POST` points, each
/// counter to the post it adds most to, whole counters first.
fn share(guards: &[Guard], whole: u32, flipped: u32) -> Quota {
    let manned = ((2 * whole + flipped) / PER_POST).clamp(1, guards.len() as u32) as usize;
    let mut quota = Quota { manned, whole: [0; MOST_POSTS], flipped: [0; MOST_POSTS] };
    let mut points = [0u32; MOST_POSTS];
    for (value, count) in [(2, whole), (1, flipped)] {
        // Only the chosen post's gain changes with each counter.
        let mut gains = [0.0; MOST_POSTS];
        for i in 0..manned {
            gains[i] = gain(&guards[i], points[i], value);
        }
        for _ in 0..count {
            let mut best = 0;
            for i in 1..manned {
                if gains[i] > gains[best] {
                    best = i;
                }
            }
            points[best] += value;
            gains[best] = gain(&guards[best], points[best], value);
            if value == 2 { quota.whole[best] += 1 } else { quota.flipped[best] += 1 }
        }
    }
    quota
}

/// `pieces` to the manned posts, each taking as many as its `room`: those at a post with room stay, the
/// others fill the room left, heaviest post first.
fn station(siege: &Siege, pieces: Garrison, manned: &[Guard], post_of: &[u8; 64], room: &mut [u8; MOST_POSTS], to: &mut [u8]) {
    let mut others: Garrison = 0;
    for p in Roster::garrison_pieces(pieces) {
        let post = siege.pieces[p].zone().map_or(u8::MAX, |z| post_of[z as usize]);
        if post != u8::MAX && room[post as usize] > 0 {
            room[post as usize] -= 1;
            to[p] = manned[post as usize].zone;
        } else {
            others |= 1 << p;
        }
    }
    for p in Roster::garrison_pieces(others) {
        if let Some(i) = room[..manned.len()].iter().position(|&r| r > 0) {
            room[i] -= 1;
            to[p] = manned[i].zone;
        }
    }
}

/// A major legation with no soldier counter or gun costs a point of morale each day (6.5): the smallest
/// counter of the strongest post holds each such legation, while that post keeps two others.
fn hold_each_legation(rules: &Rules, siege: &Siege, on: &OnMap, to: &mut [u8]) {
    let open = placeable(rules, siege);
    let soldiers = on.whole | on.flipped;
    let mut holders: Zones = 0;
    let mut counters = [0u8; 64];
    for p in Roster::garrison_pieces(soldiers | on.guns) {
        let zone = if to[p] == STAYS { siege.pieces[p].zone().expect("on the map") } else { to[p] };
        holders |= bit(zone);
        counters[zone as usize] += (soldiers >> p & 1) as u8;
    }
    for &legation in &rules.map.major_legations {
        let intact = legation & !siege.marks.ruins & open;
        if intact == 0 || intact & holders != 0 {
            continue;
        }
        let Some(strongest) = each(holders).max_by_key(|&z| (counters[z as usize], z)) else { return };
        if counters[strongest as usize] < 3 {
            continue;
        }
        // The smallest soldier counter posted there, the lowest on a tie.
        let posted = Roster::garrison_pieces(soldiers).filter(|&p| to[p] == strongest);
        let Some(p) = posted.min_by_key(|&p| (siege.pieces[p].points, p)) else { continue };
        let zone = intact.trailing_zeros() as u8;
        to[p] = zone;
        counters[strongest as usize] -= 1;
        holders |= bit(zone);
    }
}

/// MacDonald waits out of the Boxers' reach; the other officers stand with the heaviest posts, two to a
/// post (only the best two count, 1.5.2), on the day of an attack, and out of reach otherwise.
fn place_officers(
    rules: &Rules,
    siege: &Siege,
    officers: Garrison,
    refuge: Option<u8>,
    manned: &[Guard],
    attack: bool,
    to: &mut [u8],
) {
    let mut posted = 0;
    for value in [3, 2, 1] {
        for p in Roster::garrison_pieces(officers).filter(|&p| siege.pieces[p].points == value) {
            let fights = attack && rules.roster.kinds[p] != Kind::MacDonald && posted < 2 * manned.len();
            let zone = if fights { Some(manned[posted / 2].zone) } else { refuge };
            posted += fights as usize;
            if let Some(zone) = zone {
                to[p] = zone;
            }
        }
    }
}

/// The wounded coming back (5.1.6): each counter at 2 points while the points last, to the post that gains
/// most from it.
pub fn wounded(rules: &Rules, siege: &Siege, points: u8) -> Vec<(usize, u8, u8)> {
    let posts = posts(rules, siege);
    let census = siege.census(rules);
    let mut strength = census.soldiers;
    let mut left = points;
    let mut out = Vec::new();
    let pool = Roster::garrison_pieces(rules.roster.garrison_of(Kind::SOLDIERS)).filter(|&p| siege.pieces[p].at == At::Wounded);
    for p in pool {
        if left == 0 {
            break;
        }
        let value = left.min(rules.roster.pieces[p].full);
        let mut best: Option<(f64, u8)> = None;
        for g in &posts.guards {
            let v = gain(g, strength[g.zone as usize] as u32, value as u32);
            if best.is_none_or(|(b, _)| v > b) {
                best = Some((v, g.zone));
            }
        }
        let Some(zone) = best.map(|(_, z)| z).or_else(|| each(placeable(rules, siege)).next()) else { break };
        strength[zone as usize] += value as u16;
        out.push((p, value, zone));
        left -= value;
    }
    out
}

/// Betsy (3.4) goes to the heaviest post she may join, else the first zone she may.
pub fn betsy(rules: &Rules, siege: &Siege) -> Option<u8> {
    let zones = betsy_zones(siege, rules);
    let posts = posts(rules, siege);
    posts.guards.iter().map(|g| g.zone).find(|&z| zones & bit(z) != 0).or_else(|| each(zones).next())
}
