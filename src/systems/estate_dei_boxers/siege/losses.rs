//! Losses as the text assigns them. The defenders' losses fall on soldiers, then guns, then civilians
//! (6.4; which counters is Sandtable's rule, see docs: a 2-point counter is flipped before a 1-point one is
//! lost, the lowest-numbered first). The Boxers' fall on fanatics first, then Boxers, then regulars when
//! they are alone (6.3), and their leaders go when the last unit beside them does (FAQ 1.5.1).

use super::super::map::{Zones, bit, each};
use super::super::roster::{Kind, Roster};
use super::throws::{OFFICERS_SURVIVING, Throw, Whose};
use super::{At, Command, Io, OwedBy, Piece, Rules, Siege};
use crate::rules::plural;

/// The defenders' pieces of these kinds in `zone`, lowest first.
fn garrison(rules: &Rules, siege: &Siege, zone: u8, kinds: &[Kind]) -> impl Iterator<Item = usize> + use<> {
    Roster::garrison_pieces(siege.garrison_in(rules, zone, kinds))
}

/// The cup's counters of these kinds in `zone`, lowest first.
fn cup<'a>(rules: &'a Rules, siege: &Siege, zone: u8, kinds: &[Kind]) -> impl Iterator<Item = usize> + use<'a> {
    rules.roster.cup_pieces(siege.cup_in(rules, zone, kinds))
}

/// The counter a loss of `left` points falls on: a 2-point counter flipped for a single point, else one
/// the points eliminate whole, else the first.
fn pick_loss<I: Iterator<Item = usize>>(siege: &Siege, candidates: impl Fn() -> I, left: u8) -> Option<usize> {
    let flip = if left == 1 { candidates().find(|&p| siege.pieces[p].points >= 2) } else { None };
    flip.or_else(|| candidates().find(|&p| siege.pieces[p].points <= left)).or_else(|| candidates().next())
}

/// `n` points lost by the defenders in `zone` by Sandtable's rule: soldiers first, then guns (a gun becomes
/// its crew, the crew is gone); what is left over is returned for the civilians. Each soldier point costs
/// a point of morale. A legation it leaves empty is charged by the caller, once the survivors have moved
/// (the mines' fall back, 6.5).
pub fn defenders_lose(siege: &mut Siege, rules: &Rules, io: &mut impl Io, zone: u8, n: u8) -> u8 {
    let mut left = n;
    let mut soldiers_lost = 0;
    while left > 0 {
        let Some(pick) = pick_loss(siege, || garrison(rules, siege, zone, Kind::SOLDIERS), left) else {
            break;
        };
        let take = siege.pieces[pick].points.min(left);
        left -= take;
        soldiers_lost += take;
        take_points(siege, rules, io, pick, take);
    }
    while left > 0 {
        let Some(gun) = garrison(rules, siege, zone, Kind::GUNS).next() else { break };
        left -= 1;
        gun_loses_one(siege, rules, io, gun);
    }
    soldiers_cost_morale(siege, io, soldiers_lost);
    left
}

/// `points` of loss on one soldier counter (flipped, or to the wounded pool once it has none left).
fn take_points(siege: &mut Siege, rules: &Rules, io: &mut impl Io, piece: usize, points: u8) {
    let info = &rules.roster.pieces[piece];
    let had = siege.pieces[piece].points;
    let name = &info.name;
    if points >= had {
        siege.set(rules, piece, Piece { points: info.full, at: At::Wounded, spent: 0 });
        tell!(io, "{name} go to the wounded pool");
    } else {
        siege.set_points(rules, piece, had - points);
        tell!(io, "{name} lose a point (flipped to 1)");
    }
}

/// One point of loss on a gun: destroyed, its crew fighting on; then the crew lost with it.
fn gun_loses_one(siege: &mut Siege, rules: &Rules, io: &mut impl Io, gun: usize) {
    let name = &rules.roster.pieces[gun].name;
    if siege.pieces[gun].points > 1 {
        siege.set_points(rules, gun, 1);
        tell!(io, "{name} is destroyed; its crew fights on (1 point)");
    } else {
        siege.set(rules, gun, Piece { points: 0, at: At::Lost, spent: 0 });
        tell!(io, "{name}'s crew is lost with it");
    }
}

fn soldiers_cost_morale(siege: &mut Siege, io: &mut impl Io, soldiers_lost: u8) {
    if soldiers_lost > 0 {
        siege.shift_morale(-(soldiers_lost as i32));
        tell!(
            io,
            "morale -{soldiers_lost} for {} lost (section 4): {}",
            plural(soldiers_lost as usize, "soldier point", "soldier points"),
            siege.tracks.morale
        );
    }
}

/// The points the soldiers and the guns of `zone` can take: (soldiers' points, guns' steps).
pub fn capacity(siege: &Siege, rules: &Rules, zone: u8) -> (u8, u8) {
    let soldiers = garrison(rules, siege, zone, Kind::SOLDIERS).map(|p| siege.pieces[p].points).sum();
    let guns = garrison(rules, siege, zone, Kind::GUNS).map(|p| if siege.pieces[p].points > 1 { 2 } else { 1 }).sum();
    (soldiers, guns)
}

/// Whether the player has a choice in who takes the owed losses: fewer losses than the counters they fall
/// on could take, spread over two counters or more.
pub fn choice_owed(siege: &Siege, rules: &Rules) -> bool {
    let Some(owed) = siege.today.owed else { return false };
    let (soldiers, guns) = capacity(siege, rules, owed.zone);
    if owed.points <= soldiers {
        owed.points < soldiers && siege.garrison_in(rules, owed.zone, Kind::SOLDIERS).count_ones() >= 2
    } else {
        owed.points - soldiers < guns && siege.garrison_in(rules, owed.zone, Kind::GUNS).count_ones() >= 2
    }
}

/// Checks the player's choice of who takes the owed losses: one entry per point, each a soldier counter or
/// gun of the zone, no counter taking more than it has, the guns only once every soldier point is taken,
/// and as many points as are owed (or as the zone can take).
pub fn check_losses(siege: &Siege, rules: &Rules, order: &[usize]) -> Result<(), String> {
    let Some(owed) = siege.today.owed else { return Err("no losses are owed now".into()) };
    let (soldiers, guns) = capacity(siege, rules, owed.zone);
    let due = owed.points.min(soldiers + guns) as usize;
    if order.len() != due {
        return Err(format!("{} of loss to assign; {} given", plural(due, "point", "points"), order.len()));
    }
    let mut on_guns = 0;
    for &p in order {
        let info = &rules.roster.pieces[p];
        let here = p < rules.roster.defenders && siege.pieces[p].at == At::Zone(owed.zone);
        if !here || !(info.kind.is_soldiers() || info.kind.is_gun()) {
            return Err(format!("{} is not a soldier counter or gun in {}", info.name, rules.map.name(owed.zone)));
        }
        let steps = if info.kind.is_gun() && siege.pieces[p].points > 1 { 2 } else { siege.pieces[p].points };
        if order.iter().filter(|&&q| q == p).count() > steps as usize {
            return Err(format!("{} can take {} of loss", info.name, plural(steps as usize, "point", "points")));
        }
        on_guns += info.kind.is_gun() as u8;
    }
    if on_guns > 0 && due - (on_guns as usize) < soldiers as usize {
        return Err("the soldiers take losses before the guns (6.4)".into());
    }
    Ok(())
}

/// Settles the owed losses with the player's choice (or Sandtable's rule, when there is no choice or the
/// command leaves it to the rule). False while the player has yet to choose.
pub fn settle_owed(siege: &mut Siege, rules: &Rules, io: &mut impl Io, command: &mut impl Command) -> bool {
    let Some(owed) = siege.today.owed else { return true };
    let order = if choice_owed(siege, rules) {
        match command.losses(rules, siege) {
            None => return false,
            Some(order) => order,
        }
    } else {
        Vec::new()
    };
    siege.today.owed = None;
    let soldiers_before = capacity(siege, rules, owed.zone).0;
    let left = if order.is_empty() {
        defenders_lose(siege, rules, io, owed.zone, owed.points)
    } else {
        let soldiers_lost = order.iter().filter(|&&p| rules.roster.pieces[p].kind.is_soldiers()).count() as u8;
        let mut taken: Vec<usize> = Vec::new();
        for &p in &order {
            if rules.roster.pieces[p].kind.is_gun() {
                gun_loses_one(siege, rules, io, p);
            } else if !taken.contains(&p) {
                taken.push(p);
                take_points(siege, rules, io, p, order.iter().filter(|&&q| q == p).count() as u8);
            }
        }
        soldiers_cost_morale(siege, io, soldiers_lost);
        owed.points - order.len() as u8
    };
    super::moves::empty_legations(siege, rules, io);
    if owed.by == OwedBy::BoxerMelee {
        let zone = owed.zone;
        if left > 0 && siege.census(rules).with_civilians & bit(zone) != 0 {
            if left >= 3 {
                civilians_lose_five(siege, rules, io, zone);
            }
            civilians_fall_back(siege, rules, io, zone);
        }
        // Officers risk death where soldiers fell (FAQ 1.5.1), not where only guns were hit; where none
        // is left standing, they fall without a roll (6.4: "viene automaticamente eliminato").
        let soldiers_after = capacity(siege, rules, zone).0;
        if soldiers_after == 0 && soldiers_before > 0 {
            for officer in Roster::garrison_pieces(siege.garrison_in(rules, zone, Kind::OFFICERS)) {
                tell!(io, "no soldiers are left beside {}", rules.roster.pieces[officer].name);
                officer_falls(siege, rules, io, officer, zone);
            }
        } else if soldiers_after < soldiers_before {
            officers_risk(siege, rules, io, zone);
        }
    }
    true
}

/// Five civilian points in `zone`: a 10 is flipped to 5, else a 5 is lost. Whether any were there.
pub fn civilians_lose_five(siege: &mut Siege, rules: &Rules, io: &mut impl Io, zone: u8) -> bool {
    let civilians = || garrison(rules, siege, zone, &[Kind::Civilians]);
    let Some(pick) = civilians().find(|&p| siege.pieces[p].points > 5).or_else(|| civilians().next()) else {
        return false;
    };
    let name = &rules.roster.pieces[pick].name;
    if siege.pieces[pick].points > 5 {
        siege.set_points(rules, pick, 5);
        tell!(io, "{name} lose 5 points (flipped to 5)");
    } else {
        siege.set(rules, pick, Piece { points: 0, at: At::Lost, spent: 0 });
        tell!(io, "{name} are lost");
    }
    true
}

/// `n` Boxer points lost in `zone` by fire or melee. Fanatics take them first: 4 or more disperse them,
/// 3 weaken them (a weakened unit disperses), 2 or fewer do nothing, and while they stand the rest are
/// safe. With `fanatics_spared` (a B result, 6.4), Boxers and then regulars take them. Returns the points
/// actually taken.
pub fn boxers_lose(siege: &mut Siege, rules: &Rules, io: &mut impl Io, zone: u8, n: u8, fanatics_spared: bool) -> u8 {
    if n == 0 {
        return 0;
    }
    // The weakened unit of fanatics first (FAQ 6.3).
    let weakest = cup(rules, siege, zone, &[Kind::Fanatics]).min_by_key(|&p| siege.pieces[p].points);
    let taken = if let (Some(pick), false) = (weakest, fanatics_spared) {
        let name = rules.roster.pieces[pick].name.clone();
        match n {
            0..=2 => {
                tell!(io, "{name} absorb {} without effect", plural(n as usize, "loss", "losses"));
                0
            }
            3 if siege.pieces[pick].points > 5 => {
                siege.set_points(rules, pick, 5);
                tell!(io, "{name} are weakened (flipped to 5)");
                5
            }
            _ => {
                let points = siege.pieces[pick].points;
                disperse(siege, rules, io, pick);
                points
            }
        }
    } else {
        let mut left = n;
        let mut taken = 0;
        for kinds in [Kind::Boxers, Kind::Regulars] {
            if kinds == Kind::Regulars && siege.cup_in(rules, zone, &[Kind::Boxers]) != 0 {
                break;
            }
            while left > 0 {
                let Some(pick) = pick_loss(siege, || cup(rules, siege, zone, &[kinds]), left) else {
                    break;
                };
                let had = siege.pieces[pick].points;
                let take = had.min(left);
                left -= take;
                taken += take;
                if had == take {
                    back_to_cup(siege, rules, pick);
                    tell!(io, "{} are eliminated (back to the cup)", rules.roster.pieces[pick].name);
                } else {
                    siege.set_points(rules, pick, had - take);
                    tell!(io, "{} lose a point (flipped to 1)", rules.roster.pieces[pick].name);
                }
            }
        }
        taken
    };
    if taken > 0 {
        siege.marks.hit |= bit(zone);
    }
    leaders_follow(siege, rules, io, zone);
    taken
}

/// A morale test (6.7) or a psychological test (3.2) on the Boxers of `zone`, read off `roll` (already
/// modified): 1-4 a point, 5 two (a unit), 6 three points or a unit of fanatics whatever its value; the
/// fanatics' presence spares the rest on 1-5.
pub fn boxers_waver(siege: &mut Siege, rules: &Rules, io: &mut impl Io, zone: u8, roll: i32) {
    let weakest = cup(rules, siege, zone, &[Kind::Fanatics]).min_by_key(|&p| siege.pieces[p].points);
    if roll >= 6 {
        if let Some(f) = weakest {
            disperse(siege, rules, io, f);
            siege.marks.hit |= bit(zone);
            leaders_follow(siege, rules, io, zone);
        } else {
            boxers_lose(siege, rules, io, zone, 3, true);
        }
    } else if weakest.is_some() {
        tell!(io, "the fanatics hold the pile in {}", rules.map.name(zone));
    } else {
        boxers_lose(siege, rules, io, zone, if roll == 5 { 2 } else { 1 }, true);
    }
}

fn disperse(siege: &mut Siege, rules: &Rules, io: &mut impl Io, piece: usize) {
    back_to_cup(siege, rules, piece);
    siege.shift_morale(1);
    tell!(io, "{} disperse: morale +1 (section 4): {}", rules.roster.pieces[piece].name, siege.tracks.morale);
}

fn back_to_cup(siege: &mut Siege, rules: &Rules, piece: usize) {
    siege.set(rules, piece, Piece { points: rules.roster.pieces[piece].full, at: At::Cup, spent: 0 });
}

/// A Chinese leader left with no unit of its own side in its zone goes back to the cup (FAQ 1.5.1).
pub fn leaders_follow(siege: &mut Siege, rules: &Rules, io: &mut impl Io, zone: u8) {
    if siege.cup_in(rules, zone, Kind::UNITS) != 0 {
        return;
    }
    for leader in rules.roster.cup_pieces(siege.cup_in(rules, zone, Kind::LEADERS)) {
        back_to_cup(siege, rules, leader);
        tell!(io, "{} leaves with the last of its men", rules.roster.pieces[leader].name);
    }
}

/// The officers of `zone` risk death after a Boxer melee with soldier losses or a bombardment (1.5.1,
/// 5.2, 6.4): a 6 on 1D6 each.
pub fn officers_risk(siege: &mut Siege, rules: &Rules, io: &mut impl Io, zone: u8) {
    for officer in Roster::garrison_pieces(siege.garrison_in(rules, zone, Kind::OFFICERS)) {
        let name = &rules.roster.pieces[officer].name;
        let die = io.d6(|| format!("{name} risks death"));
        io.counted(Throw::one(Whose::Defenders, OFFICERS_SURVIVING, die), |d| i64::from(d != 6));
        if die == 6 {
            tell!(io, "{name} risks death: 6");
            officer_falls(siege, rules, io, officer, zone);
        } else {
            tell!(io, "{name} survives ({die})");
        }
    }
}

/// An officer falls: his subaltern takes over where soldiers still stand, or falls back to the nearest
/// zone with soldiers; a subaltern (or MacDonald) falls for good.
pub fn officer_falls(siege: &mut Siege, rules: &Rules, io: &mut impl Io, officer: usize, zone: u8) {
    let info = &rules.roster.pieces[officer];
    let piece = siege.pieces[officer];
    if info.kind == Kind::MacDonald || piece.points < 2 {
        siege.set(rules, officer, Piece { points: 0, at: At::Lost, spent: 0 });
        if info.kind == Kind::MacDonald {
            tell!(io, "{} is killed: the defenders lose their leader", info.name);
            if rules.options.macdonald_at_days_end {
                siege.today.macdonald_lost = true;
            } else {
                siege.shift_morale(-6);
                tell!(io, "MacDonald is dead: morale -6 at once (1.5.3): {}", siege.tracks.morale);
            }
        } else {
            siege.today.officers_lost += 1;
            tell!(io, "{} is killed; there is no one left to replace him", info.name);
        }
        return;
    }
    siege.set_points(rules, officer, 1);
    let census = siege.census(rules);
    if census.with_soldiers & bit(zone) != 0 {
        tell!(io, "{} falls; his subaltern takes over (+1)", info.name);
    } else if let Some(to) = nearest(rules, zone, census.with_soldiers & !siege.marks.fires) {
        siege.put(rules, officer, At::Zone(to));
        tell!(io, "{} falls; his subaltern falls back to {}", info.name, rules.map.name(to));
    } else {
        siege.set(rules, officer, Piece { points: 0, at: At::Lost, spent: 0 });
        siege.today.officers_lost += 1;
        tell!(io, "{} falls and no soldiers are left to rally his subaltern", info.name);
    }
}

/// Officers left alone with Boxers are taken (1.5.1, 6.4).
pub fn lone_officers(siege: &mut Siege, rules: &Rules, io: &mut impl Io) {
    let census = siege.census(rules);
    let exposed = census.with_officers & census.with_chinese & !census.holds();
    for zone in each(exposed) {
        for officer in Roster::garrison_pieces(siege.garrison_in(rules, zone, Kind::OFFICERS)) {
            officer_falls(siege, rules, io, officer, zone);
        }
    }
}

/// The zone nearest `from` (by walking) in `targets`, `from` itself excepted.
pub fn nearest(rules: &Rules, from: u8, targets: Zones) -> Option<u8> {
    let (mut frontier, mut seen) = (bit(from), bit(from));
    while frontier != 0 {
        let next = each(frontier).fold(0, |m, z| m | rules.map.walk[z as usize]) & !seen;
        if next & targets != 0 {
            return each(next & targets).next();
        }
        seen |= next;
        frontier = next;
    }
    None
}

/// The first step from `from` on the shortest walk to any of `targets`, avoiding `barred`.
pub fn step_toward(rules: &Rules, from: u8, targets: Zones, barred: Zones) -> Option<u8> {
    let n = rules.map.len();
    let mut first = [u8::MAX; 64];
    let (mut frontier, mut seen) = (bit(from), bit(from) | barred);
    let mut depth = 0;
    while frontier != 0 {
        let mut next = 0;
        for z in each(frontier) {
            for w in each(rules.map.walk[z as usize] & !seen & !next) {
                first[w as usize] = if depth == 0 { w } else { first[z as usize] };
                next |= bit(w);
            }
        }
        if next & targets != 0 {
            return each(next & targets).next().map(|t| first[t as usize]);
        }
        seen |= next;
        frontier = next;
        depth += 1;
        if depth > n {
            break;
        }
    }
    None
}

/// Civilians left alone with Boxers fall back one zone toward the nearest intact legation (6.4).
pub fn civilians_fall_back(siege: &mut Siege, rules: &Rules, io: &mut impl Io, zone: u8) {
    let census = siege.census(rules);
    let safe = rules.map.legations & !siege.marks.ruins & !siege.marks.fires & !census.with_chinese;
    let barred = siege.marks.fires;
    let Some(to) = step_toward(rules, zone, safe, barred) else {
        tell!(io, "the civilians in {} have nowhere to go", rules.map.name(zone));
        return;
    };
    for p in Roster::garrison_pieces(siege.garrison_in(rules, zone, &[Kind::Civilians])) {
        siege.put(rules, p, At::Zone(to));
    }
    tell!(io, "the civilians fall back from {} to {}", rules.map.name(zone), rules.map.name(to));
}
