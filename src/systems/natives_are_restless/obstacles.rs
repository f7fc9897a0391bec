//! Going over a wall or a barricade. A linear obstacle is drawn as a thin area; a route goes over it when
//! it passes from outside it through it and out again beyond. Its face counts as outside: a figure with his
//! base on the wall's line stands at it, so a move that ends on the line, or grazes the wall's end, has not
//! gone over it, and one that starts on the line and goes through has.

use crate::measure::{Polygon, Pt};

/// How far inside the outline a point must be to be in the obstacle rather than at its face.
const FACE: f64 = 1e-6;

#[derive(Debug, Clone, Copy, PartialEq)]
enum Where {
    Outside,
    Within,
}

fn at(area: &Polygon, p: Pt) -> Where {
    if area.contains(p) && area.distance_to_outline(p) > FACE { Where::Within } else { Where::Outside }
}

fn along(a: Pt, b: Pt, t: f64) -> Pt {
    Pt::new(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)
}

/// The stretches of the segment from `a` to `b`, in order, each outside `area` or within it, with where
/// each ends along the segment (0 at `a`, 1 at `b`); `a` itself is the first, of no length.
fn stretches(area: &Polygon, a: Pt, b: Pt) -> Vec<(Where, f64, f64)> {
    let mut cuts = vec![0.0];
    cuts.extend(area.meetings(a, b));
    cuts.push(1.0);
    let mut out = vec![(at(area, a), 0.0, 0.0)];
    for pair in cuts.windows(2) {
        let (t0, t1) = (pair[0], pair[1]);
        if t1 - t0 < 1e-12 {
            continue;
        }
        let here = at(area, along(a, b, (t0 + t1) / 2.0));
        match out.last_mut() {
            Some(last) if last.0 == here => last.2 = t1,
            _ => out.push((here, t0, t1)),
        }
    }
    out
}

/// Whether `route` goes over `area`: from outside it (or its face), through it, and out beyond.
pub fn goes_over(area: &Polygon, route: &[Pt]) -> bool {
    let mut seen: Vec<Where> = Vec::new();
    for leg in route.windows(2) {
        for (w, _, _) in stretches(area, leg[0], leg[1]) {
            if seen.last() != Some(&w) {
                seen.push(w);
            }
        }
    }
    seen.iter().enumerate().any(|(i, w)| *w == Where::Within && i > 0 && i + 1 < seen.len())
}

/// Whether a figure at `b` stands across `area` from one at `a`, or in it: the line from `a` goes into it.
/// A line from a figure standing in it goes anywhere.
pub fn across(area: &Polygon, a: Pt, b: Pt) -> bool {
    let parts = stretches(area, a, b);
    parts.iter().skip(1).any(|(w, _, _)| *w == Where::Within) && parts[0].0 == Where::Outside
}

/// Where a figure going from `from` toward `to` first goes into `area`, and where he comes out of it, as
/// distances along the way; None if he never goes in (or stands in it already).
pub fn passage(area: &Polygon, from: Pt, to: Pt) -> Option<(f64, f64)> {
    let length = crate::measure::distance(from, to);
    let parts = stretches(area, from, to);
    if parts[0].0 == Where::Within {
        return None;
    }
    parts.iter().find(|(w, _, _)| *w == Where::Within).map(|(_, t0, t1)| (t0 * length, t1 * length))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wall() -> Polygon {
        Polygon::new(vec![Pt::new(0.0, 30.0), Pt::new(24.0, 30.0), Pt::new(24.0, 30.5), Pt::new(0.0, 30.5)])
    }

    #[test]
    fn a_route_through_the_wall_goes_over_it_and_one_ending_on_its_line_does_not() {
        let w = wall();
        assert!(goes_over(&w, &[Pt::new(5.0, 26.0), Pt::new(5.0, 33.0)]));
        assert!(!goes_over(&w, &[Pt::new(5.0, 26.0), Pt::new(5.0, 30.0)]));
        assert!(goes_over(&w, &[Pt::new(5.0, 30.0), Pt::new(5.0, 33.0)]), "from its face, over it");
        assert!(!goes_over(&w, &[Pt::new(5.0, 30.5), Pt::new(5.0, 33.0)]), "from its far face, away");
        assert!(!goes_over(&w, &[Pt::new(26.0, 26.0), Pt::new(26.0, 33.0)]), "past its end");
        assert!(!goes_over(&w, &[Pt::new(23.0, 29.0), Pt::new(25.0, 31.0)]), "grazing its corner");
    }

    #[test]
    fn a_figure_beyond_or_in_the_wall_is_across_it() {
        let w = wall();
        assert!(across(&w, Pt::new(5.0, 29.0), Pt::new(5.0, 31.0)));
        assert!(across(&w, Pt::new(5.0, 29.0), Pt::new(5.0, 30.25)));
        assert!(!across(&w, Pt::new(5.0, 29.0), Pt::new(8.0, 29.0)));
        assert!(!across(&w, Pt::new(5.0, 30.0), Pt::new(8.0, 30.0)), "along its face");
        let (into, out) = passage(&w, Pt::new(5.0, 26.0), Pt::new(5.0, 36.0)).unwrap();
        assert!((into - 4.0).abs() < 1e-9 && (out - 4.5).abs() < 1e-9, "{into} {out}");
    }
}
