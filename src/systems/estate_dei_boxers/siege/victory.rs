//! 7.2: victory points for both sides, and the band each falls in. Counted at any moment, so the app can
//! show the standing during the siege as well as at its end.

use serde::Serialize;

use super::super::roster::Kind;
use super::{At, Rules, Siege};

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum Band {
    Disaster,
    Defeat,
    MarginalVictory,
    Victory,
    GreatVictory,
}

impl Band {
    /// 0-20, 21-50, 51-75, 76-99, 100+.
    pub fn of(points: i32) -> Band {
        match points {
            i32::MIN..=20 => Band::Disaster,
            21..=50 => Band::Defeat,
            51..=75 => Band::MarginalVictory,
            76..=99 => Band::Victory,
            _ => Band::GreatVictory,
        }
    }
    pub const ALL: [Band; 5] = [Band::Disaster, Band::Defeat, Band::MarginalVictory, Band::Victory, Band::GreatVictory];
    pub fn name(self) -> &'static str {
        match self {
            Band::Disaster => "disaster",
            Band::Defeat => "defeat",
            Band::MarginalVictory => "marginal victory",
            Band::Victory => "victory",
            Band::GreatVictory => "great victory",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Score {
    pub powers: i32,
    pub boxers: i32,
    pub powers_band: Band,
    pub boxers_band: Band,
    /// Each line of the count: (what, points), for the Great Powers then the Boxers.
    pub powers_lines: Vec<(String, i32)>,
    pub boxers_lines: Vec<(String, i32)>,
}

/// What the count (7.2) reads off the table, once, for the score's lines and the simulator's total alike.
struct Count {
    majors_intact: i32,
    minors_intact: i32,
    minor_ruins: i32,
    major_ruins: i32,
    other_ruins: i32,
    civilians_at_10: i32,
    civilians_at_5: i32,
    civilians_lost: i32,
    /// The Boxers count soldier counters only (7.2.2); the Great Powers count guns too (7.2.1).
    soldier_counters_lost: i32,
    guns_lost: i32,
    officers_lost: i32,
    macdonald_lost: bool,
}

impl Count {
    fn of(rules: &Rules, siege: &Siege) -> Count {
        let map = rules.map;
        let ruins = siege.marks.ruins;
        let count = |set: u64| set.count_ones() as i32;
        let minors = map.legations & !map.majors;
        let mut c = Count {
            majors_intact: count(map.majors & !ruins),
            minors_intact: count(minors & !ruins),
            minor_ruins: count(minors & ruins),
            major_ruins: count(map.majors & ruins),
            other_ruins: count(ruins & !map.legations),
            civilians_at_10: 0,
            civilians_at_5: 0,
            civilians_lost: 0,
            soldier_counters_lost: 0,
            guns_lost: 0,
            officers_lost: 0,
            macdonald_lost: false,
        };
        for (info, piece) in rules.roster.pieces.iter().zip(&siege.pieces).take(rules.roster.defenders) {
            match (info.kind, piece.at) {
                (Kind::Civilians, At::Zone(_)) if piece.points == 10 => c.civilians_at_10 += 1,
                (Kind::Civilians, At::Zone(_)) => c.civilians_at_5 += 1,
                (Kind::Civilians, _) => c.civilians_lost += 1,
                (Kind::Soldiers | Kind::Volunteers, At::Wounded | At::Lost) => c.soldier_counters_lost += 1,
                (Kind::MachineGun | Kind::Cannon, At::Lost) => c.guns_lost += 1,
                (Kind::MacDonald, At::Lost) => c.macdonald_lost = true,
                (Kind::Officer, At::Lost) => c.officers_lost += 1,
                _ => {}
            }
        }
        c
    }

    fn powers_lines(&self) -> [(&'static str, i32); 9] {
        [
            ("major legation zones intact (+10)", 10 * self.majors_intact),
            ("civilian counters at 10 (+10)", 10 * self.civilians_at_10),
            ("minor legation zones intact (+5)", 5 * self.minors_intact),
            ("civilian counters at 5 (+5)", 5 * self.civilians_at_5),
            ("soldier counters and guns eliminated (-1)", -(self.soldier_counters_lost + self.guns_lost)),
            ("officers lost for good (-2)", -2 * self.officers_lost),
            ("civilian counters lost (-5)", -5 * self.civilians_lost),
            ("legation zones in ruins (-5)", -5 * (self.minor_ruins + self.major_ruins)),
            ("MacDonald lost (-10)", if self.macdonald_lost { -10 } else { 0 }),
        ]
    }

    fn boxers_lines(&self) -> [(&'static str, i32); 5] {
        [
            ("soldier counters eliminated (+1)", self.soldier_counters_lost),
            ("other zones in ruins (+1)", self.other_ruins),
            ("civilian counters eliminated (+5)", 5 * self.civilians_lost),
            ("minor legation zones in ruins (+5)", 5 * self.minor_ruins),
            ("major legation zones in ruins (+10)", 10 * self.major_ruins),
        ]
    }
}

/// The count (7.2). A siege the Boxers overran is a disaster for the Great Powers whatever the count.
pub fn score(rules: &Rules, siege: &Siege) -> Score {
    let count = Count::of(rules, siege);
    let lines = |l: &[(&str, i32)]| l.iter().map(|&(what, points)| (what.to_string(), points)).collect::<Vec<_>>();
    let powers_lines = lines(&count.powers_lines());
    let boxers_lines = lines(&count.boxers_lines());
    let powers: i32 = powers_lines.iter().map(|l| l.1).sum();
    let boxers: i32 = boxers_lines.iter().map(|l| l.1).sum();
    let overrun = siege.end == Some(super::End::Overrun);
    Score {
        powers,
        boxers,
        powers_band: if overrun { Band::Disaster } else { Band::of(powers) },
        boxers_band: if overrun { Band::GreatVictory } else { Band::of(boxers) },
        powers_lines,
        boxers_lines,
    }
}

/// The Great Powers' points alone, without the lines' words: what the simulator counts thousands of times.
pub fn powers_points(rules: &Rules, siege: &Siege) -> i32 {
    Count::of(rules, siege).powers_lines().iter().map(|l| l.1).sum()
}
