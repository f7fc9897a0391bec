//! Who is in each zone, counted once: the points of soldiers, guns, civilians and Boxers, officers and
//! leaders, as masks and per-zone totals. Rebuilt after each change a phase makes; one pass over ~70
//! pieces.

use super::super::map::{Zones, bit};
use super::super::roster::Kind;
use super::{Rules, Siege};

#[derive(Debug, Clone)]
pub struct Census {
    pub soldiers: [u16; 64],
    pub guns: [u16; 64],
    pub civilians: [u16; 64],
    pub boxers: [u16; 64],
    /// Zones with soldier counters (soldiers or volunteers).
    pub with_soldiers: Zones,
    pub with_guns: Zones,
    pub with_civilians: Zones,
    pub with_officers: Zones,
    /// Zones with any Chinese counter (leaders included).
    pub with_chinese: Zones,
    pub with_fanatics: Zones,
    pub with_regulars: Zones,
    /// Chinese leaders per zone.
    pub leaders: [u16; 64],
}

impl Census {
    pub fn of(rules: &Rules, siege: &Siege) -> Census {
        let mut c = Census {
            soldiers: [0; 64],
            guns: [0; 64],
            civilians: [0; 64],
            boxers: [0; 64],
            with_soldiers: 0,
            with_guns: 0,
            with_civilians: 0,
            with_officers: 0,
            with_chinese: 0,
            with_fanatics: 0,
            with_regulars: 0,
            leaders: [0; 64],
        };
        for (&kind, piece) in rules.roster.kinds.iter().zip(&siege.pieces) {
            let super::At::Zone(z) = piece.at else { continue };
            let (i, b) = (z as usize, bit(z));
            match kind {
                Kind::Soldiers | Kind::Volunteers => {
                    c.soldiers[i] += piece.points as u16;
                    c.with_soldiers |= b;
                }
                Kind::MachineGun | Kind::Cannon => {
                    c.guns[i] += piece.points as u16;
                    c.with_guns |= b;
                }
                Kind::Civilians => {
                    c.civilians[i] += piece.points as u16;
                    c.with_civilians |= b;
                }
                Kind::Officer | Kind::MacDonald => c.with_officers |= b,
                Kind::Boxers => {
                    c.boxers[i] += piece.points as u16;
                    c.with_chinese |= b;
                }
                Kind::Fanatics => {
                    c.boxers[i] += piece.points as u16;
                    c.with_chinese |= b;
                    c.with_fanatics |= b;
                }
                Kind::Regulars => {
                    c.boxers[i] += piece.points as u16;
                    c.with_chinese |= b;
                    c.with_regulars |= b;
                }
                Kind::BoxerLeader | Kind::RegularLeader => {
                    c.leaders[i] += 1;
                    c.with_chinese |= b;
                }
            }
        }
        c
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
