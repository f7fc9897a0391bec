//! The shapes a unit's figures stand in around their leader: a line square to the facing, a column behind
//! him, a skirmish spread, or wherever each is put by hand. Pure geometry: when a rule system lets a unit
//! form up, and how far its figures may stand from the leader, is the system's to say.

use serde::{Deserialize, Serialize};

use crate::measure::Pt;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum Formation {
    /// Abreast of the leader, square to the facing, the leader in the middle.
    Line,
    /// Two abreast behind the leader, who heads it.
    Column,
    /// An open line, every other figure a half step forward.
    Skirmish,
    /// Each figure where the player puts it.
    Free,
}

impl Formation {
    /// How far apart its figures stand when the player does not say: about a 25 mm base, or two for a
    /// skirmish line.
    pub fn default_spacing(self) -> f64 {
        if self == Formation::Skirmish { 2.0 } else { 1.0 }
    }

    pub fn name(self) -> &'static str {
        match self {
            Formation::Line => "line",
            Formation::Column => "column",
            Formation::Skirmish => "skirmish",
            Formation::Free => "free",
        }
    }
}

/// Where `count` figures stand in `formation` (not `Free`, which has no shape) around a leader at
/// `leader` facing `facing_deg`, `spacing` inches apart; the leader's place first.
pub fn layout(formation: Formation, leader: Pt, facing_deg: f64, count: usize, spacing: f64) -> Vec<Pt> {
    let frame = Frame::new(leader, facing_deg);
    (0..count)
        .map(|i| match formation {
            Formation::Line | Formation::Free => frame.at(abreast(i) * spacing, 0.0),
            Formation::Skirmish => {
                // Every other place along the line, counting out from the leader on both wings.
                let stagger = if i.div_ceil(2) % 2 == 1 { 0.5 } else { 0.0 };
                frame.at(abreast(i) * spacing, stagger * spacing)
            }
            Formation::Column if i == 0 => leader,
            Formation::Column => {
                let rank = (i - 1) / 2 + 1;
                let file = if (i - 1) % 2 == 0 { -0.5 } else { 0.5 };
                frame.at(file * spacing, -(rank as f64) * spacing)
            }
        })
        .collect()
}

/// Sets out `count` figures in a line through `leader`, square to the facing, leader in the middle, so a
/// scenario can say "ten marines here" without listing ten positions.
pub fn line_abreast(leader: Pt, facing_deg: f64, count: u32, spacing: f64) -> Vec<Pt> {
    layout(Formation::Line, leader, facing_deg, count as usize, spacing)
}

/// `points` turned `degrees` clockwise about `pivot`, as a formation wheels when its facing changes.
pub fn turned_about(points: &[Pt], pivot: Pt, degrees: f64) -> Vec<Pt> {
    let (sin, cos) = degrees.to_radians().sin_cos();
    points
        .iter()
        .map(|p| {
            let (dx, dy) = (p.x - pivot.x, p.y - pivot.y);
            // y grows down the table, so this turn is clockwise as the player sees it.
            Pt::new(pivot.x + dx * cos - dy * sin, pivot.y + dx * sin + dy * cos)
        })
        .collect()
}

/// The i-th figure's place along the line, in spacings: 0, then 1, -1, 2, -2 ...
fn abreast(i: usize) -> f64 {
    let step = i.div_ceil(2) as f64;
    if i % 2 == 1 { step } else { -step }
}

/// The leader's own axes: `right` along the line, `forward` the way he faces.
struct Frame {
    origin: Pt,
    right: (f64, f64),
    forward: (f64, f64),
}

impl Frame {
    fn new(origin: Pt, facing_deg: f64) -> Frame {
        let (sin, cos) = facing_deg.to_radians().sin_cos();
        // Facing is clockwise from up the table (-y).
        Frame { origin, right: (cos, sin), forward: (sin, -cos) }
    }

    fn at(&self, right: f64, forward: f64) -> Pt {
        Pt::new(
            self.origin.x + right * self.right.0 + forward * self.forward.0,
            self.origin.y + right * self.right.1 + forward * self.forward.1,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measure::distance;

    const AT: Pt = Pt::new(10.0, 10.0);

    fn near(a: Pt, b: Pt) -> bool {
        distance(a, b) < 1e-9
    }

    #[test]
    fn facing_up_a_line_runs_left_and_right_of_the_leader() {
        let pts = line_abreast(AT, 0.0, 3, 1.0);
        assert_eq!(pts[0], AT);
        assert!(near(pts[1], Pt::new(11.0, 10.0)) && near(pts[2], Pt::new(9.0, 10.0)), "{pts:?}");
    }

    #[test]
    fn a_column_facing_east_trails_west_of_its_leader_two_abreast() {
        let pts = layout(Formation::Column, AT, 90.0, 5, 1.0);
        assert_eq!(pts[0], AT);
        assert!(near(pts[1], Pt::new(9.0, 9.5)) && near(pts[2], Pt::new(9.0, 10.5)), "{pts:?}");
        assert!(near(pts[3], Pt::new(8.0, 9.5)) && near(pts[4], Pt::new(8.0, 10.5)), "{pts:?}");
    }

    #[test]
    fn a_skirmish_line_is_open_and_staggered() {
        let pts = layout(Formation::Skirmish, AT, 0.0, 5, 2.0);
        assert!(near(pts[1], Pt::new(12.0, 9.0)) && near(pts[2], Pt::new(8.0, 9.0)), "{pts:?}");
        assert!(near(pts[3], Pt::new(14.0, 10.0)) && near(pts[4], Pt::new(6.0, 10.0)), "{pts:?}");
    }

    #[test]
    fn turning_a_quarter_clockwise_takes_east_to_south() {
        let east = Pt::new(11.0, 10.0);
        assert!(near(turned_about(&[east], AT, 90.0)[0], Pt::new(10.0, 11.0)));
        assert!(near(turned_about(&[east], AT, -90.0)[0], Pt::new(10.0, 9.0)));
    }

    /// A line set out facing one way and turned to another stands where a line set out facing that way does.
    #[test]
    fn a_turned_line_is_the_line_of_the_new_facing() {
        let turned = turned_about(&line_abreast(AT, 30.0, 7, 1.25), AT, 75.0);
        let fresh = line_abreast(AT, 105.0, 7, 1.25);
        assert!(turned.iter().zip(&fresh).all(|(a, b)| near(*a, *b)), "{turned:?} vs {fresh:?}");
    }
}
