//! 7.2: victory points for both sides, and the band each falls in. Counted at any moment, so the app can
//! show the standing during the siege as well as at its end.

use serde::Serialize;

use super::super::map::each;
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

/// The count (7.2). A siege the Boxers overran is a disaster for the Great Powers whatever the count.
pub fn score(rules: &Rules, siege: &Siege) -> Score {
    let map = rules.map;
    let ruins = siege.marks.ruins;
    let count = |set: u64| each(set).count() as i32;
    let majors_intact = count(map.majors & !ruins);
    let minors = map.legations & !map.majors;
    let minors_intact = count(minors & !ruins);
    let legation_ruins = count(map.legations & ruins);
    let other_ruins = count(ruins & !map.legations);
    let (mut civ10, mut civ5, mut civ_lost, mut soldiers_lost, mut officers_lost, mut macdonald) =
        (0, 0, 0, 0, 0, false);
    // The Boxers count soldier counters only (7.2.2); the Great Powers count guns too (7.2.1).
    let mut soldier_counters_lost = 0;
    for (info, piece) in rules.roster.pieces.iter().zip(&siege.pieces).take(rules.roster.defenders) {
        match info.kind {
            Kind::Civilians => match (piece.at, piece.points) {
                (At::Zone(_), 10) => civ10 += 1,
                (At::Zone(_), _) => civ5 += 1,
                _ => civ_lost += 1,
            },
            Kind::Soldiers | Kind::Volunteers if matches!(piece.at, At::Wounded | At::Lost) => {
                soldiers_lost += 1;
                soldier_counters_lost += 1;
            }
            Kind::MachineGun | Kind::Cannon if piece.at == At::Lost => soldiers_lost += 1,
            Kind::MacDonald if piece.at == At::Lost => macdonald = true,
            Kind::Officer if piece.at == At::Lost => officers_lost += 1,
            _ => {}
        }
    }
    let powers_lines = vec![
        ("major legation zones intact (+10)".to_string(), 10 * majors_intact),
        ("civilian counters at 10 (+10)".to_string(), 10 * civ10),
        ("minor legation zones intact (+5)".to_string(), 5 * minors_intact),
        ("civilian counters at 5 (+5)".to_string(), 5 * civ5),
        ("soldier counters and guns eliminated (-1)".to_string(), -soldiers_lost),
        ("officers lost for good (-2)".to_string(), -2 * officers_lost),
        ("civilian counters lost (-5)".to_string(), -5 * civ_lost),
        ("legation zones in ruins (-5)".to_string(), -5 * legation_ruins),
        ("MacDonald lost (-10)".to_string(), if macdonald { -10 } else { 0 }),
    ];
    let boxers_lines = vec![
        ("soldier counters eliminated (+1)".to_string(), soldier_counters_lost),
        ("other zones in ruins (+1)".to_string(), other_ruins),
        ("civilian counters eliminated (+5)".to_string(), 5 * civ_lost),
        ("minor legation zones in ruins (+5)".to_string(), 5 * count(minors & ruins)),
        ("major legation zones in ruins (+10)".to_string(), 10 * count(map.majors & ruins)),
    ];
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

/// The Great Powers' points alone, without the lines: what the simulator counts thousands of times.
pub fn powers_points(rules: &Rules, siege: &Siege) -> i32 {
    let map = rules.map;
    let ruins = siege.marks.ruins;
    let count = |set: u64| set.count_ones() as i32;
    let mut points = 10 * count(map.majors & !ruins) + 5 * count(map.legations & !map.majors & !ruins)
        - 5 * count(map.legations & ruins);
    for (info, piece) in rules.roster.pieces.iter().zip(&siege.pieces).take(rules.roster.defenders) {
        points += match (info.kind, piece.at) {
            (Kind::Civilians, At::Zone(_)) => {
                if piece.points == 10 {
                    10
                } else {
                    5
                }
            }
            (Kind::Civilians, _) => -5,
            (Kind::Soldiers | Kind::Volunteers, At::Wounded | At::Lost) => -1,
            (Kind::MachineGun | Kind::Cannon, At::Lost) => -1,
            (Kind::MacDonald, At::Lost) => -10,
            (Kind::Officer, At::Lost) => -2,
            _ => 0,
        };
    }
    points
}
