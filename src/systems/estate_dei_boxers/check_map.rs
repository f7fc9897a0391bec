//! The map checker: proves a zone map sound before any game is played on it. Every zone is reachable by
//! walking as the rules allow (the wall only through its ramps); arrows follow walkable adjacency and only
//! leave the map from its edge; every entry zone's red arrow leads into the Quarter; from every zone the
//! Boxers can reach, the arrows lead off the map in the end (no loop without an exit); adjacency is
//! declared both ways; every zone lies on the map, in exactly one quarter, and no quarter is empty.

use super::map::{Arrow, Map, Terrain, Zones, bit, each};

/// Each problem found, with the zone it concerns.
pub fn problems(map: &Map) -> Vec<(Option<u8>, String)> {
    let mut out = Vec::new();
    let n = map.len();
    let name = |z: u8| format!("{} ({})", map.zones[z as usize].name, map.zones[z as usize].id);
    for z in 0..n as u8 {
        let zi = z as usize;
        let zone = &map.zones[zi];
        for w in each(map.walk[zi]) {
            if map.walk[w as usize] & bit(z) == 0 {
                out.push((Some(z), format!("{} lists {} as adjacent, but not the other way", name(z), name(w))));
            }
        }
        for w in each(map.near[zi] & !map.walk[zi]) {
            if map.near[w as usize] & bit(z) == 0 {
                out.push((Some(z), format!("{} sees {}, but not the other way", name(z), name(w))));
            }
        }
        if zone.terrain == Terrain::Wall {
            let down = map.walk[zi] & !map.walls & !ramps(map);
            if down != 0 {
                let w = down.trailing_zeros() as u8;
                out.push((
                    Some(z),
                    format!(
                        "{} is on the wall but walks straight down to {}; only a ramp leads off the wall (2.3)",
                        name(z),
                        name(w)
                    ),
                ));
            }
        }
        let [x, y, w, h] = zone.rect;
        if x < 0.0 || y < 0.0 || x + w > map.size[0] + 1e-9 || y + h > map.size[1] + 1e-9 {
            out.push((Some(z), format!("{} lies partly off the {} x {} map", name(z), map.size[0], map.size[1])));
        }
        for (colour, arrow) in [("red", map.red[zi]), ("green", map.green[zi])] {
            match arrow {
                Some(Arrow::To(t)) if map.walk[zi] & bit(t) == 0 => {
                    out.push((
                        Some(z),
                        format!("the {colour} arrow of {} leads to {}, which is not next to it", name(z), name(t)),
                    ));
                }
                Some(Arrow::Off) if !zone.edge => {
                    out.push((
                        Some(z),
                        format!("the {colour} arrow of {} leaves the map, but the zone is not on its edge", name(z)),
                    ));
                }
                _ => {}
            }
        }
        if let Some(e) = zone.entry {
            match map.red[zi] {
                Some(Arrow::To(t)) if map.zones[t as usize].entry.is_none() => {}
                _ => out.push((Some(z), format!("entry zone {e}'s red arrow must lead into the Quarter"))),
            }
        }
    }
    let reach = walkable(map, map.entries[0]);
    if let Some(z) = each(map.all() & !reach).next() {
        out.push((Some(z), format!("{} cannot be reached by walking from the rest of the map", name(z))));
    }
    for (q, set) in map.quarters.iter().enumerate() {
        if *set == 0 {
            out.push((None, format!("bombardment quarter {} has no zone", q + 1)));
        }
    }
    // From every zone the Boxers can reach, the arrows lead off the map in the end, and never round in a
    // circle: a pile passing through burning zones would follow a circle for ever.
    let boxers_reach = arrow_reach(map);
    let exits = leads_off(map);
    if let Some(z) = each(boxers_reach & !exits).next() {
        out.push((Some(z), format!("the Boxers' arrows from {} loop without ever leaving the map", name(z))));
    } else if let Some(z) = on_a_circle(map) {
        out.push((Some(z), format!("the Boxers' arrows go round in a circle through {}", name(z))));
    }
    out
}

fn ramps(map: &Map) -> Zones {
    map.zones.iter().enumerate().filter(|(_, z)| z.terrain == Terrain::Ramp).fold(0, |m, (i, _)| m | bit(i as u8))
}

fn walkable(map: &Map, from: u8) -> Zones {
    let (mut frontier, mut seen) = (bit(from), bit(from));
    while frontier != 0 {
        let next = each(frontier).fold(0, |m, z| m | map.walk[z as usize]) & !seen;
        seen |= next;
        frontier = next;
    }
    seen
}

fn targets(map: &Map, z: u8) -> impl Iterator<Item = Arrow> {
    [map.red[z as usize], map.green[z as usize]].into_iter().flatten()
}

/// Zones the Boxers can stand in: the entry zones and every zone their arrows lead to.
pub fn arrow_reach(map: &Map) -> Zones {
    let mut seen = map.entries.iter().fold(0, |m, &e| m | bit(e));
    let mut frontier = seen;
    while frontier != 0 {
        let mut next = 0;
        for z in each(frontier) {
            for a in targets(map, z) {
                if let Arrow::To(t) = a {
                    next |= bit(t);
                }
            }
        }
        next &= !seen;
        seen |= next;
        frontier = next;
    }
    seen
}

/// Zones from which following the arrows (red or green) can lead off the map.
fn leads_off(map: &Map) -> Zones {
    let mut good = 0;
    loop {
        let before = good;
        for z in 0..map.len() as u8 {
            if targets(map, z).any(|a| match a {
                Arrow::Off => true,
                Arrow::To(t) => good & bit(t) != 0,
            }) {
                good |= bit(z);
            }
        }
        if good == before {
            return good;
        }
    }
}

/// A zone on a circle of arrows (red or green), if there is one: zones with no arrow into the rest are
/// peeled off until none is left, or only circles are.
fn on_a_circle(map: &Map) -> Option<u8> {
    let mut left = map.all();
    loop {
        let before = left;
        for z in each(left) {
            let into_rest = targets(map, z).any(|a| matches!(a, Arrow::To(t) if left & bit(t) != 0));
            if !into_rest {
                left &= !bit(z);
            }
        }
        if left == before {
            return each(left).next();
        }
    }
}
