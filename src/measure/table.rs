use serde::{Deserialize, Serialize};

use super::Pt;

/// The playing surface in inches. Its size comes from the scenario (most are 72 x 48 or 48 x 48), so
/// nothing here assumes one.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Table {
    pub width: f64,
    pub depth: f64,
}

impl Table {
    /// Whether `p` is on the table. The edges count as on it: a figure may stand with its base at the
    /// very edge, and a route ending exactly on the edge has not left the table.
    pub fn contains(&self, p: Pt) -> bool {
        (0.0..=self.width).contains(&p.x) && (0.0..=self.depth).contains(&p.y)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SIX_BY_FOUR: Table = Table { width: 72.0, depth: 48.0 };

    #[test]
    fn contains_points_inside_and_on_the_edges() {
        assert!(SIX_BY_FOUR.contains(Pt::new(36.0, 24.0)));
        assert!(SIX_BY_FOUR.contains(Pt::new(0.0, 0.0)));
        assert!(SIX_BY_FOUR.contains(Pt::new(72.0, 48.0)));
    }

    #[test]
    fn does_not_contain_points_off_any_edge() {
        assert!(!SIX_BY_FOUR.contains(Pt::new(-0.1, 10.0)));
        assert!(!SIX_BY_FOUR.contains(Pt::new(72.1, 10.0)));
        assert!(!SIX_BY_FOUR.contains(Pt::new(10.0, -0.1)));
        assert!(!SIX_BY_FOUR.contains(Pt::new(10.0, 48.1)));
    }

    #[test]
    fn a_square_table_is_as_deep_as_it_is_wide() {
        let four_by_four = Table { width: 48.0, depth: 48.0 };
        assert!(four_by_four.contains(Pt::new(48.0, 48.0)));
        assert!(!four_by_four.contains(Pt::new(60.0, 10.0)));
    }
}
