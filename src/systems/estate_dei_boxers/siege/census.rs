//! Who is in each zone: the points of soldiers, guns, civilians and Boxers, officers and leaders, as
//! per-zone totals and masks. The simulator keeps one up to date as pieces change (`Siege::set`), so its
//! hot path never recounts; the app counts afresh from the pieces (`Census::of`).

use super::super::map::{Zones, bit};
use super::super::roster::{Cup, Garrison, Kind};
use super::{At, Rules, Siege};

/// Classes of counter the masks are kept for, by how many of each stand in a zone.
const SOLDIERS: usize = 0;
const GUNS: usize = 1;
const CIVILIANS: usize = 2;
const OFFICERS: usize = 3;
const CHINESE: usize = 4;
const FANATICS: usize = 5;
const REGULARS: usize = 6;

#[derive(Debug, Clone, PartialEq)]
pub struct Census {
    pub soldiers: [u16; 64],
    pub guns: [u16; 64],
    pub civilians: [u16; 64],
    pub boxers: [u16; 64],
    /// Chinese leaders per zone.
    pub leaders: [u16; 64],
    /// Zones with soldier counters (soldiers or volunteers).
    pub with_soldiers: Zones,
    pub with_guns: Zones,
    pub with_civilians: Zones,
    pub with_officers: Zones,
    /// Zones with any Chinese counter (leaders included).
    pub with_chinese: Zones,
    pub with_fanatics: Zones,
    pub with_regulars: Zones,
}

impl Census {
    fn empty() -> Census {
        Census {
            soldiers: [0; 64],
            guns: [0; 64],
            civilians: [0; 64],
            boxers: [0; 64],
            leaders: [0; 64],
            with_soldiers: 0,
            with_guns: 0,
            with_civilians: 0,
            with_officers: 0,
            with_chinese: 0,
            with_fanatics: 0,
            with_regulars: 0,
        }
    }

    pub fn of(rules: &Rules, siege: &Siege) -> Census {
        Kept::of(rules, siege).census
    }

    fn mask(&mut self, class: usize) -> &mut Zones {
        match class {
            SOLDIERS => &mut self.with_soldiers,
            GUNS => &mut self.with_guns,
            CIVILIANS => &mut self.with_civilians,
            OFFICERS => &mut self.with_officers,
            CHINESE => &mut self.with_chinese,
            FANATICS => &mut self.with_fanatics,
            _ => &mut self.with_regulars,
        }
    }

    /// The array a kind's points count in (a leader counts 1), and the classes it belongs to.
    fn books(&mut self, kind: Kind) -> (Option<&mut [u16; 64]>, [usize; 2]) {
        const NONE: usize = usize::MAX;
        match kind {
            Kind::Soldiers | Kind::Volunteers => (Some(&mut self.soldiers), [SOLDIERS, NONE]),
            Kind::MachineGun | Kind::Cannon => (Some(&mut self.guns), [GUNS, NONE]),
            Kind::Civilians => (Some(&mut self.civilians), [CIVILIANS, NONE]),
            Kind::Officer | Kind::MacDonald => (None, [OFFICERS, NONE]),
            Kind::Boxers => (Some(&mut self.boxers), [CHINESE, NONE]),
            Kind::Fanatics => (Some(&mut self.boxers), [CHINESE, FANATICS]),
            Kind::Regulars => (Some(&mut self.boxers), [CHINESE, REGULARS]),
            Kind::BoxerLeader | Kind::RegularLeader => (Some(&mut self.leaders), [CHINESE, NONE]),
        }
    }

    /// Zones holding any of the defenders' units (civilians and lone officers included): no fire into them.
    pub fn friendly(&self) -> Zones {
        self.with_soldiers | self.with_guns | self.with_civilians | self.with_officers
    }

    /// Soldiers or civilians: the Boxers stop on entering, and stay to fight.
    pub fn holds(&self) -> Zones {
        self.with_soldiers | self.with_guns | self.with_civilians
    }
}

/// A census kept up to date piece by piece, with the counts of each class per zone that tell when a mask's
/// bit clears (the last counter of the class leaves), and who stands in each zone.
#[derive(Debug, Clone)]
pub struct Kept {
    pub census: Census,
    counts: [[u8; 64]; 7],
    pub garrison_at: [Garrison; 64],
    pub cup_at: [Cup; 64],
}

impl Kept {
    pub fn of(rules: &Rules, siege: &Siege) -> Kept {
        let mut k = Kept { census: Census::empty(), counts: [[0; 64]; 7], garrison_at: [0; 64], cup_at: [0; 64] };
        for (p, piece) in siege.pieces.iter().enumerate() {
            if let At::Zone(z) = piece.at {
                k.add(rules, p, piece.points, z);
            }
        }
        k
    }

    pub fn add(&mut self, rules: &Rules, piece: usize, points: u8, zone: u8) {
        self.stand(rules, piece, zone, true);
        let kind = rules.roster.kinds[piece];
        let (points_in, classes) = self.census.books(kind);
        if let Some(array) = points_in {
            array[zone as usize] += if kind.is_leader() { 1 } else { points as u16 };
        }
        for class in classes.into_iter().filter(|&c| c != usize::MAX) {
            let n = &mut self.counts[class][zone as usize];
            *n += 1;
            if *n == 1 {
                *self.census.mask(class) |= bit(zone);
            }
        }
    }

    pub fn remove(&mut self, rules: &Rules, piece: usize, points: u8, zone: u8) {
        self.stand(rules, piece, zone, false);
        let kind = rules.roster.kinds[piece];
        let (points_in, classes) = self.census.books(kind);
        if let Some(array) = points_in {
            array[zone as usize] -= if kind.is_leader() { 1 } else { points as u16 };
        }
        for class in classes.into_iter().filter(|&c| c != usize::MAX) {
            let n = &mut self.counts[class][zone as usize];
            *n -= 1;
            if *n == 0 {
                *self.census.mask(class) &= !bit(zone);
            }
        }
    }
}

impl Kept {
    /// A piece's bit in its zone's set, set or cleared.
    fn stand(&mut self, rules: &Rules, piece: usize, zone: u8, here: bool) {
        let z = zone as usize;
        match piece.checked_sub(rules.roster.defenders) {
            None if here => self.garrison_at[z] |= 1 << piece,
            None => self.garrison_at[z] &= !(1 << piece),
            Some(i) if here => self.cup_at[z] |= 1 << i,
            Some(i) => self.cup_at[z] &= !(1 << i),
        }
    }
}

/// The census a siege keeps up to date, when it keeps one. Not part of the siege's value: two sieges
/// with the same pieces are equal whether or not either keeps it, and it is never stored.
#[derive(Debug, Clone, Default)]
pub struct Tally(pub(super) Option<Box<Kept>>);

impl PartialEq for Tally {
    fn eq(&self, _: &Tally) -> bool {
        true
    }
}
