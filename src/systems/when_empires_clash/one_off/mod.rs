//! Setting up a one-off battle by dice: the commander's rating from a D6, and an 8D6 army's value with its
//! cap on stands worth 4 or more. (Terrain pieces, baselines and deployment depth are a D6 each, thrown by
//! the set-up procedure and read as they fall.)

use super::tables::{ArmyRules, Commander, Tables};

/// The commander's rating for the D6 thrown.
pub fn commander(tables: &Tables, face: i64) -> Option<&Commander> {
    tables.commanders.values().find(|c| c.d6.contains(&face))
}

/// The most an army of `value` points may spend on stands worth 4 or more: 12 points when the armies are
/// of equal (agreed) value; 33% of an 8D6 army's value, rounded down to whole points, when thrown.
pub fn cap(rules: &ArmyRules, value: u32, thrown: bool) -> u32 {
    // Worked out wide: the value is whatever a device sends (`check_army`), up to u32::MAX.
    let share = || u32::try_from(u64::from(value) * u64::from(rules.dice_cap_percent) / 100).unwrap_or(u32::MAX);
    if thrown { share() } else { rules.equal_cap_points }
}

mod fit;
mod generate;
mod throws;

pub use fit::{Fit, fit};
pub use generate::{Army, BOARD, PlacedPiece, Plan, scenario, turns};
pub use throws::{Throws, throw};
