//! The zone map compiled for play: zones by index, adjacency and arrows as bit masks, so the simulator
//! asks "which zones next to this one hold Boxers" with one AND. At most 64 zones.

use serde::Serialize;

use super::fields::{MapFields, ZoneFields};
use super::nation::Nation;

pub const MAX_ZONES: usize = 64;
/// A set of zones, one bit per zone index.
pub type Zones = u64;

pub fn bit(zone: u8) -> Zones {
    1u64 << zone
}

/// The zones of a set, lowest index first.
pub fn each(mut set: Zones) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if set == 0 {
            return None;
        }
        let zone = set.trailing_zeros() as u8;
        set &= set - 1;
        Some(zone)
    })
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum Terrain {
    Legation,
    Street,
    Canal,
    Bridge,
    Wall,
    Ramp,
    Houses,
    Fu,
}

impl Terrain {
    fn read(text: &str) -> Option<Terrain> {
        Some(match text {
            "legation" => Terrain::Legation,
            "street" => Terrain::Street,
            "canal" => Terrain::Canal,
            "bridge" => Terrain::Bridge,
            "wall" => Terrain::Wall,
            "ramp" => Terrain::Ramp,
            "houses" => Terrain::Houses,
            "fu" => Terrain::Fu,
            _ => return None,
        })
    }
}

/// Where a Boxer arrow leads: another zone, or off the map.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Arrow {
    To(u8),
    Off,
}

#[derive(Debug, Clone)]
pub struct Zone {
    pub id: String,
    pub name: String,
    pub terrain: Terrain,
    pub nation: Option<Nation>,
    pub major: bool,
    pub quarter: u8,
    pub entry: Option<u8>,
    pub edge: bool,
    pub rect: [f64; 4],
}

#[derive(Debug, Clone)]
pub struct Map {
    pub size: [f64; 2],
    pub out_of_bounds: Vec<(String, [f64; 4])>,
    pub zones: Vec<Zone>,
    /// Zones a counter may walk to from each zone.
    pub walk: Vec<Zones>,
    /// Zones each zone is next to for fire: walk plus sight (a wall over the street below).
    pub near: Vec<Zones>,
    pub red: Vec<Option<Arrow>>,
    pub green: Vec<Option<Arrow>>,
    /// Entry zone n (1-6) at index n - 1.
    pub entries: [u8; 6],
    pub quarters: [Zones; 4],
    pub legations: Zones,
    pub majors: Zones,
    /// The dry canal itself, bridges excepted: 2 MP to step down into it or up out of it.
    pub canal: Zones,
    /// Streets, canal and bridges: never burn, and fire does not pass through them.
    pub unburnable: Zones,
    pub walls: Zones,
    /// Entry zones and the ground zones beside them: no defender is deployed there (walls excepted).
    pub forbidden: Zones,
    /// Each major legation's zones, one set per nation.
    pub major_legations: Vec<Zones>,
    /// Zones steps apart, counting fire adjacency (walk or sight); 255 when never.
    pub distance: Vec<[u8; MAX_ZONES]>,
    /// Which map this is, for answers kept about a map (the defenders' plan keeps some) never to be taken
    /// for another's. A map is not changed once compiled; a copy, which may be, is a new map.
    pub serial: Serial,
}

/// A number no other map has: each compiled map and each copy of one draws a new one.
#[derive(Debug, PartialEq, Eq)]
pub struct Serial(u64);

impl Serial {
    fn next() -> Serial {
        static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        Serial(NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed))
    }

    pub fn number(&self) -> u64 {
        self.0
    }
}

impl Clone for Serial {
    fn clone(&self) -> Serial {
        Serial::next()
    }
}

type Located = (std::ops::Range<usize>, String);

impl Map {
    pub fn compile(fields: &MapFields) -> Result<Map, Located> {
        let whole = 0..0;
        if fields.zones.is_empty() {
            return Err((whole, "[map] has no zones".into()));
        }
        if fields.zones.len() > MAX_ZONES {
            return Err((whole, format!("[map] has {} zones; at most {MAX_ZONES}", fields.zones.len())));
        }
        let index = |name: &toml::Spanned<String>| -> Result<u8, Located> {
            fields
                .zones
                .iter()
                .position(|z| z.id.get_ref() == name.get_ref())
                .map(|i| i as u8)
                .ok_or_else(|| (name.span(), format!("no zone \"{}\" in [map]", name.get_ref())))
        };
        let mut zones = Vec::new();
        for (i, z) in fields.zones.iter().enumerate() {
            if fields.zones[..i].iter().any(|o| o.id.get_ref() == z.id.get_ref()) {
                return Err((z.id.span(), format!("zone \"{}\" is listed twice", z.id.get_ref())));
            }
            zones.push(read_zone(z)?);
        }
        let n = zones.len();
        let (mut walk, mut near) = (vec![0; n], vec![0; n]);
        let (mut red, mut green) = (vec![None; n], vec![None; n]);
        let arrow = |a: &Option<toml::Spanned<String>>| -> Result<Option<Arrow>, Located> {
            match a {
                None => Ok(None),
                Some(s) if s.get_ref() == "off" => Ok(Some(Arrow::Off)),
                Some(s) => Ok(Some(Arrow::To(index(s)?))),
            }
        };
        for (i, z) in fields.zones.iter().enumerate() {
            for a in &z.adjacent {
                let j = index(a)?;
                walk[i] |= bit(j);
                near[i] |= bit(j);
            }
            for a in &z.sight {
                near[i] |= bit(index(a)?);
            }
            red[i] = arrow(&z.red)?;
            green[i] = arrow(&z.green)?;
            if red[i].is_none() && green[i].is_some() {
                return Err((z.id.span(), format!("zone \"{}\" has a green arrow but no red one", z.id.get_ref())));
            }
        }
        let mut entries = [u8::MAX; 6];
        for (i, z) in zones.iter().enumerate() {
            if let Some(e) = z.entry {
                let slot = &mut entries[e as usize - 1];
                if *slot != u8::MAX {
                    let span = fields.zones[i].entry.as_ref().map_or(0..0, |s| s.span());
                    return Err((span, format!("two zones are entry zone {e}")));
                }
                *slot = i as u8;
            }
        }
        if let Some(missing) = entries.iter().position(|&e| e == u8::MAX) {
            return Err((whole, format!("[map] has no entry zone {}", missing + 1)));
        }
        let set = |f: &dyn Fn(&Zone) -> bool| -> Zones {
            zones.iter().enumerate().filter(|(_, z)| f(z)).fold(0, |m, (i, _)| m | bit(i as u8))
        };
        let mut quarters = [0; 4];
        for (i, z) in zones.iter().enumerate() {
            quarters[z.quarter as usize - 1] |= bit(i as u8);
        }
        let walls = set(&|z| z.terrain == Terrain::Wall);
        let entry_zones = set(&|z| z.entry.is_some());
        let beside_entries = each(entry_zones).fold(0, |m, e| m | near[e as usize]);
        let forbidden = entry_zones | (beside_entries & !walls);
        let distance = (0..n).map(|from| distances(&near, from as u8)).collect();
        let mut major_legations: Vec<Zones> = Vec::new();
        for z in &zones {
            if z.terrain != Terrain::Legation || !z.major {
                continue;
            }
            let same = zones
                .iter()
                .enumerate()
                .filter(|(_, o)| o.terrain == Terrain::Legation && o.nation == z.nation)
                .fold(0, |m, (j, _)| m | bit(j as u8));
            if !major_legations.contains(&same) {
                major_legations.push(same);
            }
        }
        Ok(Map {
            size: fields.size,
            out_of_bounds: fields.out_of_bounds.iter().map(|a| (a.name.clone(), a.rect)).collect(),
            major_legations,
            legations: set(&|z| z.terrain == Terrain::Legation),
            majors: set(&|z| z.terrain == Terrain::Legation && z.major),
            canal: set(&|z| z.terrain == Terrain::Canal),
            unburnable: set(&|z| matches!(z.terrain, Terrain::Street | Terrain::Canal | Terrain::Bridge)),
            walls,
            forbidden,
            zones,
            walk,
            near,
            red,
            green,
            entries,
            quarters,
            distance,
            serial: Serial::next(),
        })
    }

    pub fn len(&self) -> usize {
        self.zones.len()
    }

    pub fn is_empty(&self) -> bool {
        self.zones.is_empty()
    }

    pub fn zone(&self, id: &str) -> Option<u8> {
        self.zones.iter().position(|z| z.id == id).map(|i| i as u8)
    }

    pub fn name(&self, zone: u8) -> &str {
        &self.zones[zone as usize].name
    }

    pub fn all(&self) -> Zones {
        if self.zones.len() == 64 { u64::MAX } else { (1u64 << self.zones.len()) - 1 }
    }

    /// The zones of one legation (every zone of its nation that is a legation).
    pub fn legation_of(&self, nation: Nation) -> Zones {
        each(self.legations).filter(|&z| self.zones[z as usize].nation == Some(nation)).fold(0, |m, z| m | bit(z))
    }

    pub fn is(&self, zone: u8, set: Zones) -> bool {
        set & bit(zone) != 0
    }

    /// Arrows out of a zone: one or two.
    pub fn arrows(&self, zone: u8) -> (Option<Arrow>, Option<Arrow>) {
        (self.red[zone as usize], self.green[zone as usize])
    }
}

fn read_zone(z: &ZoneFields) -> Result<Zone, Located> {
    let terrain = Terrain::read(z.kind.get_ref()).ok_or_else(|| {
        (
            z.kind.span(),
            format!(
                "zone kind \"{}\" is not one of legation, street, canal, bridge, wall, ramp, houses, fu",
                z.kind.get_ref()
            ),
        )
    })?;
    let nation = match &z.nation {
        Some(n) => Some(Nation::read(n.get_ref()).ok_or_else(|| (n.span(), Nation::unknown(n.get_ref())))?),
        None => None,
    };
    if terrain == Terrain::Legation && nation.is_none() {
        return Err((z.id.span(), format!("legation zone \"{}\" names no nation", z.id.get_ref())));
    }
    let quarter = *z.quarter.get_ref();
    if !(1..=4).contains(&quarter) {
        return Err((z.quarter.span(), format!("zone \"{}\": quarter {quarter} is not 1-4", z.id.get_ref())));
    }
    let entry = match &z.entry {
        Some(e) if !(1..=6).contains(e.get_ref()) => {
            return Err((e.span(), format!("zone \"{}\": entry {} is not 1-6", z.id.get_ref(), e.get_ref())));
        }
        Some(e) => Some(*e.get_ref()),
        None => None,
    };
    if z.rect.iter().any(|v| !v.is_finite()) || z.rect[2] <= 0.0 || z.rect[3] <= 0.0 {
        return Err((z.id.span(), format!("zone \"{}\": rect needs a positive width and height", z.id.get_ref())));
    }
    Ok(Zone {
        id: z.id.get_ref().clone(),
        name: z.name.clone(),
        terrain,
        nation,
        major: z.major,
        quarter,
        entry,
        edge: z.edge.is_some(),
        rect: z.rect,
    })
}

fn distances(near: &[Zones], from: u8) -> [u8; MAX_ZONES] {
    let mut d = [u8::MAX; MAX_ZONES];
    d[from as usize] = 0;
    let (mut frontier, mut seen, mut step) = (bit(from), bit(from), 0u8);
    while frontier != 0 {
        step += 1;
        let next = each(frontier).fold(0, |m, z| m | near[z as usize]) & !seen;
        for z in each(next) {
            d[z as usize] = step;
        }
        seen |= next;
        frontier = next;
    }
    d
}
