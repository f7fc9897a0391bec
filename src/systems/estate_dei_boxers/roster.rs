//! The counters of a siege, read once from the scenario: who each is, never changing. What changes (points
//! left, where it stands) is `siege::Piece`, kept in the same order.

use serde::{Deserialize, Serialize};

use super::fields::SiegeFields;
use super::map::{Map, Zones, bit};
use super::nation::Nation;

/// Most Chinese counters a cup may hold: each is a bit in the simulator's masks.
pub const MOST_CHINESE: u8 = 60;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    Soldiers,
    Volunteers,
    Officer,
    MacDonald,
    MachineGun,
    Cannon,
    Civilians,
    Boxers,
    Fanatics,
    Regulars,
    BoxerLeader,
    RegularLeader,
}

impl Kind {
    pub const SOLDIERS: &[Kind] = &[Kind::Soldiers, Kind::Volunteers];
    pub const GUNS: &[Kind] = &[Kind::MachineGun, Kind::Cannon];
    pub const OFFICERS: &[Kind] = &[Kind::Officer, Kind::MacDonald];
    /// The Chinese units a leader stays with.
    pub const UNITS: &[Kind] = &[Kind::Boxers, Kind::Fanatics, Kind::Regulars];
    pub const DEFENDERS: &[Kind] = &[
        Kind::Soldiers,
        Kind::Volunteers,
        Kind::Officer,
        Kind::MacDonald,
        Kind::MachineGun,
        Kind::Cannon,
        Kind::Civilians,
    ];
    pub const LEADERS: &[Kind] = &[Kind::BoxerLeader, Kind::RegularLeader];
    pub const CHINESE: &[Kind] =
        &[Kind::Boxers, Kind::Fanatics, Kind::Regulars, Kind::BoxerLeader, Kind::RegularLeader];

    pub fn is_soldiers(self) -> bool {
        matches!(self, Kind::Soldiers | Kind::Volunteers)
    }
    pub fn is_gun(self) -> bool {
        matches!(self, Kind::MachineGun | Kind::Cannon)
    }
    pub fn is_officer(self) -> bool {
        matches!(self, Kind::Officer | Kind::MacDonald)
    }
    pub fn is_leader(self) -> bool {
        matches!(self, Kind::BoxerLeader | Kind::RegularLeader)
    }
    pub fn is_chinese(self) -> bool {
        matches!(self, Kind::Boxers | Kind::Fanatics | Kind::Regulars | Kind::BoxerLeader | Kind::RegularLeader)
    }
    /// Zones a gun reaches at long range (3): a machine gun 4, a cannon 6.
    pub fn reach(self) -> u8 {
        match self {
            Kind::MachineGun => 4,
            Kind::Cannon => 6,
            _ => 0,
        }
    }
    pub fn noun(self) -> &'static str {
        match self {
            Kind::Soldiers => "soldiers",
            Kind::Volunteers => "volunteers",
            Kind::Officer | Kind::MacDonald => "officer",
            Kind::MachineGun => "machine gun",
            Kind::Cannon => "cannon",
            Kind::Civilians => "civilians",
            Kind::Boxers => "Boxers",
            Kind::Fanatics => "fanatics",
            Kind::Regulars => "regulars",
            Kind::BoxerLeader => "Boxer leader",
            Kind::RegularLeader => "regulars' general",
        }
    }
}

#[derive(Debug, Clone)]
pub struct Info {
    pub id: String,
    pub name: String,
    pub kind: Kind,
    pub nation: Option<Nation>,
    /// Points on the front: 2 for soldiers, 10 civilians and fanatics, a gun's 2 or 3, an officer's +2
    /// (MacDonald +3); a leader 1 (it adds no points, only its bonus).
    pub full: u8,
    /// Where it stands at set-up; None for Betsy and the cup.
    pub start: Option<u8>,
    /// Betsy, who comes after the third red picture card.
    pub betsy: bool,
}

#[derive(Debug, Clone)]
pub struct Roster {
    pub pieces: Vec<Info>,
    /// Each piece's kind, side by side, for the census's one pass.
    pub kinds: Vec<Kind>,
    /// The guns' pieces, Betsy included: the few the fire phase asks about.
    pub guns: Vec<usize>,
    /// Pieces before this index are the defenders'; from it on, the cup's.
    pub defenders: usize,
    pub barricades: Zones,
    /// Each kind's defenders' pieces, one bit per piece (a `Garrison`).
    garrison_kinds: [Garrison; KINDS],
    /// Each kind's cup counters, one bit per counter in cup order (a `Cup`).
    cup_kinds: [Cup; KINDS],
    betsy: Option<usize>,
}

/// A set of the defenders' pieces: piece `p` is bit `p`.
pub type Garrison = u128;
/// A set of the cup's counters: piece `defenders + i` is bit `i`.
pub type Cup = u64;

const KINDS: usize = 12;
const _: () = assert!(Kind::RegularLeader as usize + 1 == KINDS);
/// Most defenders' counters: each is a bit in a `Garrison`.
pub const MOST_DEFENDERS: usize = 128;

type Located = (std::ops::Range<usize>, String);

impl Roster {
    pub fn read(siege: &SiegeFields, map: &Map) -> Result<Roster, Located> {
        let zone = |s: &toml::Spanned<String>| {
            map.zone(s.get_ref()).ok_or_else(|| (s.span(), format!("no zone \"{}\" in [map]", s.get_ref())))
        };
        let nation = |s: &toml::Spanned<String>| {
            Nation::read(s.get_ref()).ok_or_else(|| (s.span(), Nation::unknown(s.get_ref())))
        };
        let mut pieces = Vec::new();
        for group in &siege.counters {
            let kind = match group.kind.get_ref().as_str() {
                "soldiers" => Kind::Soldiers,
                "volunteers" => Kind::Volunteers,
                other => {
                    return Err((group.kind.span(), format!("counter kind \"{other}\" is not soldiers or volunteers")));
                }
            };
            let nation = nation(&group.nation)?;
            for (i, at) in group.zones.iter().enumerate() {
                pieces.push(Info {
                    id: format!("{}-{}", group.id.get_ref(), i + 1),
                    name: format!("{} {} {}", nation.adjective(), kind.noun(), i + 1),
                    kind,
                    nation: Some(nation),
                    full: 2,
                    start: Some(zone(at)?),
                    betsy: false,
                });
            }
        }
        for officer in &siege.officers {
            let kind = if officer.macdonald { Kind::MacDonald } else { Kind::Officer };
            pieces.push(Info {
                id: officer.id.get_ref().clone(),
                name: officer.name.clone(),
                kind,
                nation: Some(nation(&officer.nation)?),
                full: if officer.macdonald { 3 } else { 2 },
                start: Some(zone(&officer.zone)?),
                betsy: false,
            });
        }
        for gun in &siege.guns {
            let kind = match gun.kind.get_ref().as_str() {
                "machine_gun" => Kind::MachineGun,
                "cannon" => Kind::Cannon,
                other => return Err((gun.kind.span(), format!("gun kind \"{other}\" is not machine_gun or cannon"))),
            };
            let start = match (&gun.zone, gun.betsy) {
                (Some(z), false) => Some(zone(z)?),
                (None, true) => None,
                (Some(z), true) => {
                    return Err((z.span(), "Betsy is not on the map at set-up (3.4): give no zone".into()));
                }
                (None, false) => return Err((gun.id.span(), format!("gun \"{}\" needs a zone", gun.id.get_ref()))),
            };
            pieces.push(Info {
                id: gun.id.get_ref().clone(),
                name: gun.name.clone(),
                kind,
                nation: None,
                full: if kind == Kind::Cannon { 3 } else { 2 },
                start,
                betsy: gun.betsy,
            });
        }
        for group in &siege.civilians {
            let nation = nation(&group.nation)?;
            for (i, at) in group.zones.iter().enumerate() {
                let at_zone = zone(at)?;
                if !map.is(at_zone, map.legations) {
                    return Err((
                        at.span(),
                        format!("civilians begin in a legation (8.2); \"{}\" is not one", at.get_ref()),
                    ));
                }
                pieces.push(Info {
                    id: format!("civilians-{}-{}", group.nation.get_ref(), i + 1),
                    name: format!("{} civilians {}", nation.adjective(), i + 1),
                    kind: Kind::Civilians,
                    nation: Some(nation),
                    full: 10,
                    start: Some(at_zone),
                    betsy: false,
                });
            }
        }
        if pieces.len() > MOST_DEFENDERS {
            return Err((0..0, format!("{} defenders' counters; at most {MOST_DEFENDERS}", pieces.len())));
        }
        let defenders = pieces.len();
        let cup = &siege.cup;
        let mix = [
            (&cup.boxers, Kind::Boxers, "boxers", 2),
            (&cup.fanatics, Kind::Fanatics, "fanatics", 10),
            (&cup.regulars, Kind::Regulars, "regulars", 2),
            (&cup.boxer_leaders, Kind::BoxerLeader, "boxer-leader", 1),
            (&cup.regular_leaders, Kind::RegularLeader, "regular-general", 1),
        ];
        let total: u32 = mix.iter().map(|(n, ..)| *n.get_ref() as u32).sum();
        if total == 0 || total > MOST_CHINESE as u32 {
            return Err((cup.boxers.span(), format!("the cup holds {total} counters; it needs 1 to {MOST_CHINESE}")));
        }
        for (count, kind, id, full) in mix {
            for i in 0..*count.get_ref() {
                pieces.push(Info {
                    id: format!("{id}-{}", i + 1),
                    name: format!("{} {}", capital(kind.noun()), i + 1),
                    kind,
                    nation: None,
                    full,
                    start: None,
                    betsy: false,
                });
            }
        }
        let mut barricades = 0;
        for b in &siege.barricades {
            let z = zone(b)?;
            if map.is(z, map.legations) {
                return Err((b.span(), format!("a barricade may not stand in a legation (1.6): \"{}\"", b.get_ref())));
            }
            if map.is(z, map.forbidden) {
                return Err((
                    b.span(),
                    format!("no barricade in or beside a Boxer entry zone (FAQ, 8): \"{}\"", b.get_ref()),
                ));
            }
            barricades |= bit(z);
        }
        if siege.barricades.len() > 4 {
            return Err((siege.barricades[4].span(), "the defenders have four barricades (1.6)".into()));
        }
        let kinds: Vec<Kind> = pieces.iter().map(|p| p.kind).collect();
        let guns = (0..defenders).filter(|&p| pieces[p].kind.is_gun()).collect();
        let mut garrison_kinds = [0; KINDS];
        let mut cup_kinds = [0; KINDS];
        for (p, &kind) in kinds.iter().enumerate() {
            match p.checked_sub(defenders) {
                None => garrison_kinds[kind as usize] |= 1 << p,
                Some(i) => cup_kinds[kind as usize] |= 1 << i,
            }
        }
        let betsy = pieces.iter().position(|p| p.betsy);
        Ok(Roster { pieces, kinds, guns, defenders, barricades, garrison_kinds, cup_kinds, betsy })
    }

    /// The defenders' pieces of these kinds.
    pub fn garrison_of(&self, kinds: &[Kind]) -> Garrison {
        kinds.iter().fold(0, |set, &k| set | self.garrison_kinds[k as usize])
    }

    /// The cup's counters of these kinds.
    pub fn cup_of(&self, kinds: &[Kind]) -> Cup {
        kinds.iter().fold(0, |set, &k| set | self.cup_kinds[k as usize])
    }

    /// The pieces of a set of the defenders', lowest first.
    pub fn garrison_pieces(set: Garrison) -> impl Iterator<Item = usize> {
        let mut set = set;
        std::iter::from_fn(move || {
            let p = (set != 0).then(|| set.trailing_zeros() as usize)?;
            set &= set - 1;
            Some(p)
        })
    }

    /// The pieces of a set of the cup's, lowest first.
    pub fn cup_pieces(&self, set: Cup) -> impl Iterator<Item = usize> {
        let base = self.defenders;
        super::map::each(set).map(move |i| base + i as usize)
    }

    pub fn chinese(&self) -> std::ops::Range<usize> {
        self.defenders..self.pieces.len()
    }

    pub fn betsy(&self) -> Option<usize> {
        self.betsy
    }

    pub fn find(&self, id: &str) -> Option<usize> {
        self.pieces.iter().position(|p| p.id == id)
    }
}

fn capital(text: &str) -> String {
    let mut c = text.chars();
    c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default()
}
