use crate::measure::Pt;

/// Sets out `count` figures in a line through `leader`, square to the facing, leader in the middle, so a
/// scenario can say "ten marines here" without listing ten positions.
pub fn line_abreast(leader: Pt, facing_deg: f64, count: u32, spacing: f64) -> Vec<Pt> {
    let rad = facing_deg.to_radians();
    // Facing is clockwise from -y; the line runs along the facing turned 90 degrees.
    let (ux, uy) = (rad.cos(), rad.sin());
    let mut points = vec![leader];
    for i in 1..count {
        let step = i.div_ceil(2) as f64 * spacing;
        let sign = if i % 2 == 1 { 1.0 } else { -1.0 };
        points.push(Pt { x: leader.x + sign * step * ux, y: leader.y + sign * step * uy });
    }
    points
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn facing_up_sets_figures_out_left_and_right() {
        let pts = line_abreast(Pt { x: 10.0, y: 10.0 }, 0.0, 3, 1.0);
        assert_eq!(pts[0], Pt { x: 10.0, y: 10.0 });
        assert!((pts[1].x - 11.0).abs() < 1e-9 && (pts[1].y - 10.0).abs() < 1e-9);
        assert!((pts[2].x - 9.0).abs() < 1e-9);
    }
}
