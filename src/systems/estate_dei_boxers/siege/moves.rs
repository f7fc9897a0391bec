//! The defenders' movement: the soldier movement phase (6.5: 4 MP, the entry costs, stop on entering
//! Boxers, leave a burning zone, never enter one; civilians and guns one zone a phase whatever it costs)
//! and free repositioning (set-up, 5.1.2, 5.1.3, the wounded's return).

use super::super::map::{Zones, bit, each};
use super::super::roster::{Kind, Roster};
use super::{At, Io, Rules, Siege, Stage};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Move {
    pub pieces: Vec<usize>,
    /// The zones entered in turn, the start excepted.
    pub path: Vec<u8>,
}

/// A step that costs either side 2 whoever stands there (6.2, 6.5): into or out of the dry canal, into
/// ruins or a barricade.
pub fn rough_step(siege: &Siege, rules: &Rules, from: u8, to: u8) -> bool {
    let canal = rules.map.canal;
    let canal_step = (canal & bit(to) != 0) != (canal & bit(from) != 0);
    canal_step || (siege.marks.ruins | siege.marks.barricades) & bit(to) != 0
}

/// What one step costs the soldiers (6.5): the dearest of the entry costs, +1 to leave Boxers.
pub fn step_cost(siege: &Siege, rules: &Rules, boxers: Zones, from: u8, to: u8) -> u8 {
    let mut c = 1;
    if rough_step(siege, rules, from, to) || (rules.map.legations | boxers) & bit(to) != 0 {
        c = 2;
    }
    if boxers & bit(from) != 0 {
        c += 1;
    }
    c
}

/// Refuses a move the rules do not allow, saying which.
pub fn move_check(siege: &Siege, rules: &Rules, mv: &Move) -> Result<u8, String> {
    let names = |p: usize| rules.roster.pieces[p].name.as_str();
    let Some(&first) = mv.pieces.first() else { return Err("name the counters that move".into()) };
    if mv.path.is_empty() {
        return Err("give the zones the counters move through".into());
    }
    let Some(start) = siege.pieces.get(first).and_then(|p| p.zone()) else {
        return Err(format!("{} is not on the map", names(first)));
    };
    let mut one_zone = false;
    for (i, &p) in mv.pieces.iter().enumerate() {
        if p >= rules.roster.defenders {
            return Err(format!("{} is not the defenders' to move", names(p)));
        }
        if mv.pieces[..i].contains(&p) {
            return Err(format!("{} is named twice", names(p)));
        }
        if siege.pieces[p].at != At::Zone(start) {
            return Err(format!("{} is not in {} with the others", names(p), rules.map.name(start)));
        }
        if siege.pieces[p].spent > 0 && siege.census(rules).with_chinese & bit(start) != 0 {
            return Err(format!(
                "{} entered the Boxers in {} this phase and stops there (6.5)",
                names(p),
                rules.map.name(start)
            ));
        }
        let kind = rules.roster.pieces[p].kind;
        if kind == Kind::Civilians || kind.is_gun() {
            one_zone = true;
            if siege.pieces[p].spent > 0 {
                return Err(format!("{} has already moved its one zone this phase (6.5)", names(p)));
            }
        }
    }
    if one_zone && mv.path.len() > 1 {
        return Err("civilians and guns move one zone a phase, whatever it costs (6.5)".into());
    }
    let boxers = siege.census(rules).with_chinese;
    let mut at = start;
    let mut cost = 0u32;
    for (i, &to) in mv.path.iter().enumerate() {
        if to as usize >= rules.map.len() {
            return Err("no such zone".into());
        }
        if rules.map.walk[at as usize] & bit(to) == 0 {
            let why = if rules.map.near[at as usize] & bit(to) != 0 {
                " (the wall is left or reached only by a ramp, 2.3)"
            } else {
                ""
            };
            return Err(format!("{} is not next to {}{why}", rules.map.name(to), rules.map.name(at)));
        }
        if siege.marks.fires & bit(to) != 0 {
            return Err(format!("{} is burning: no one may enter it (6.5)", rules.map.name(to)));
        }
        if boxers & bit(at) != 0 && i > 0 {
            return Err(format!("soldiers entering Boxers in {} stop there (6.5)", rules.map.name(at)));
        }
        cost += step_cost(siege, rules, boxers, at, to) as u32;
        at = to;
    }
    {
        let points = rules.tables.soldier_points as u32;
        let walking = mv
            .pieces
            .iter()
            .filter(|&&p| !matches!(rules.roster.kinds[p], Kind::Civilians | Kind::MachineGun | Kind::Cannon));
        for &p in walking {
            let spent = siege.pieces[p].spent as u32;
            if spent + cost > points {
                return Err(format!(
                    "{} has {} MP left; this move costs {cost} (6.5)",
                    names(p),
                    points.saturating_sub(spent)
                ));
            }
        }
    }
    Ok(cost as u8)
}

pub fn apply(siege: &mut Siege, rules: &Rules, io: &mut impl Io, mv: &Move, cost: u8) {
    let to = *mv.path.last().expect("checked");
    for &p in &mv.pieces {
        let one_zone = matches!(rules.roster.pieces[p].kind, Kind::Civilians | Kind::MachineGun | Kind::Cannon);
        siege.put(rules, p, At::Zone(to));
        let piece = &mut siege.pieces[p];
        piece.spent = if one_zone { u8::MAX } else { piece.spent.saturating_add(cost) };
    }
    if io.tells() {
        let names: Vec<&str> = mv.pieces.iter().map(|&p| rules.roster.pieces[p].name.as_str()).collect();
        let route: Vec<&str> = mv.path.iter().map(|&z| rules.map.name(z)).collect();
        io.say(format!("{} move to {} ({cost} MP): {}", names.join(", "), rules.map.name(to), route.join(" -> ")));
    }
}

pub fn start_phase(siege: &mut Siege) {
    for p in &mut siege.pieces {
        p.spent = 0;
    }
}

/// Counters that the player must still move out of a burning zone (6.5).
pub fn must_leave(siege: &Siege, rules: &Rules) -> Vec<usize> {
    let burning = siege.marks.fires & siege.census(rules).friendly();
    let caught = each(burning).fold(0, |set, zone| set | siege.garrison_in(rules, zone, Kind::DEFENDERS));
    Roster::garrison_pieces(caught).collect()
}

/// The phase ends: anyone still in the flames is driven out to the nearest zone clear of them, their own
/// nation's legation first, then any intact legation (**reading**: the text names no zone); then the major
/// legations are checked (6.5).
pub fn end_phase(siege: &mut Siege, rules: &Rules, io: &mut impl Io) {
    for p in must_leave(siege, rules) {
        let Some(z) = siege.pieces[p].zone() else { continue };
        let boxers = siege.census(rules).with_chinese;
        let out = rules.map.walk[z as usize] & !siege.marks.fires;
        let own = rules.roster.pieces[p].nation.map_or(0, |n| rules.map.legation_of(n));
        let intact = rules.map.legations & !siege.marks.ruins;
        let clear = if out & !boxers != 0 { out & !boxers } else { out };
        let to = [own & intact, intact, !0].iter().find_map(|&prefer| each(clear & prefer).next());
        if let Some(to) = to {
            siege.put(rules, p, At::Zone(to));
            let info = &rules.roster.pieces[p];
            let verb = if info.kind.is_officer() || info.kind.is_gun() { "is" } else { "are" };
            tell!(io, "{} {verb} driven out of the flames to {}", info.name, rules.map.name(to));
        }
    }
    empty_legations(siege, rules, io);
}

/// -1 morale for each major legation with intact zones and no soldiers or guns in them, once a day (6.5).
pub fn empty_legations(siege: &mut Siege, rules: &Rules, io: &mut impl Io) {
    let census = siege.census(rules);
    let held = census.with_soldiers | census.with_guns;
    for &legation in &rules.map.major_legations {
        let intact = legation & !siege.marks.ruins;
        let first = bit(legation.trailing_zeros() as u8);
        if intact == 0 || intact & held != 0 || siege.today.empty_charged & first != 0 {
            continue;
        }
        let nation = rules.map.zones[legation.trailing_zeros() as usize].nation.expect("a legation has a nation");
        siege.today.empty_charged |= first;
        siege.shift_morale(-1);
        tell!(
            io,
            "the {} legation is left without soldiers: morale -1 (section 4, 6.5): {}",
            nation.adjective(),
            siege.tracks.morale
        );
    }
}

/// Whether `piece` may be put in `zone` when the defenders reposition freely: in the Quarter, not in or
/// beside an entry zone (walls excepted, 8), not in flames; civilians only in an intact legation; at set-up
/// each nation's soldiers within two zones of their legation (8.1).
pub fn free_move_check(siege: &Siege, rules: &Rules, piece: usize, zone: u8) -> Result<(), String> {
    let info = rules.roster.pieces.get(piece).ok_or("no such counter")?;
    if piece >= rules.roster.defenders {
        return Err(format!("{} is not the defenders' to move", info.name));
    }
    if zone as usize >= rules.map.len() {
        return Err("no such zone".into());
    }
    if siege.pieces[piece].zone().is_none() {
        return Err(format!("{} is not on the map", info.name));
    }
    let name = rules.map.name(zone);
    if rules.map.forbidden & bit(zone) != 0 {
        return Err(format!("{name} is a Boxer entry zone or beside one: no defender is placed there (8)"));
    }
    if siege.marks.fires & bit(zone) != 0 {
        return Err(format!("{name} is burning"));
    }
    if info.kind == Kind::Civilians {
        let quarters = civilian_quarters(siege, rules, piece);
        if quarters & bit(zone) == 0 {
            let names: Vec<&str> = each(quarters).map(|z| rules.map.name(z)).collect();
            return Err(format!(
                "civilians stay in their own legation (8.2: \"le Legazioni indicate devono essere occupate dai civili che da quelle zone iniziano\"): {} may stand in {}, not {name}",
                info.name,
                if names.is_empty() { "no intact legation".to_string() } else { names.join(", ") }
            ));
        }
    }
    if siege.stage == Stage::Setup
        && info.kind == Kind::Soldiers
        && let Some(nation) = info.nation
    {
        let legation = rules.map.legation_of(nation);
        let near = each(legation).any(|l| walk_distance(rules, l, zone) <= 2);
        if legation != 0 && !near {
            return Err(format!(
                "at set-up the {} soldiers stand within two zones of their legation (8.1)",
                nation.adjective()
            ));
        }
    }
    Ok(())
}

/// Where a civilian counter keeps (8.2): the intact zones of the legation it began in (its own zone alone
/// with the option `civilians_keep_their_zone`); once they are in ruins, the legation it went to and "took
/// up residence" in; a counter that stands in none, the intact major legations, or, once they are all
/// lost, the minor ones.
pub fn civilian_quarters(siege: &Siege, rules: &Rules, piece: usize) -> Zones {
    let intact = rules.map.legations & !siege.marks.ruins & !siege.marks.fires;
    let legation = |zone: u8| match rules.map.zones[zone as usize].nation {
        Some(nation) if rules.map.legations & bit(zone) != 0 => rules.map.legation_of(nation),
        _ => 0,
    };
    let home = |zone: u8| if rules.options.civilians_keep_zone { bit(zone) } else { legation(zone) };
    let own = rules.roster.pieces[piece].start.map_or(0, home) & intact;
    let here = siege.pieces[piece].zone().map_or(0, legation) & intact;
    [own, here, intact & rules.map.majors, intact].into_iter().find(|&set| set != 0).unwrap_or(0)
}

pub fn place(siege: &mut Siege, rules: &Rules, io: &mut impl Io, piece: usize, zone: u8) {
    siege.put(rules, piece, At::Zone(zone));
    tell!(io, "{} to {}", rules.roster.pieces[piece].name, rules.map.name(zone));
}

/// Steps between two zones walking; 255 when never.
pub fn walk_distance(rules: &Rules, from: u8, to: u8) -> u8 {
    let (mut frontier, mut seen, mut d) = (bit(from), bit(from), 0u8);
    while frontier != 0 {
        if frontier & bit(to) != 0 {
            return d;
        }
        let next = each(frontier).fold(0, |m, z| m | rules.map.walk[z as usize]) & !seen;
        seen |= next;
        frontier = next;
        d += 1;
    }
    u8::MAX
}
