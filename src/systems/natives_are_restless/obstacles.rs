//! Going over a wall or a barricade. A linear obstacle is drawn as a thin area along its line, and a
//! figure stands on one side of that line or the other. Whether a route has crossed it is judged by the
//! sides its figure stands on before and after, not by how the route touches the line: a route that goes
//! into the obstacle and ends on its other side has crossed it, however the way over is split into moves,
//! and so has one that passes right through it. A route that goes round the obstacle's end has not.
//! Moves, charges, fall backs and the arranging of a unit's men all ask this one test.

use super::arranging::BASE;
use crate::measure::{Polygon, Pt};

/// How far inside the outline a point must be to be in the obstacle rather than at its face; and how far
/// off the middle line a point must be to be on a side of it.
const FACE: f64 = 1e-6;

/// The side of an obstacle's middle line a point is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    One,
    Other,
    /// On the middle line itself: only a correction, or a game stored before bases were kept off walls,
    /// leaves a figure there.
    Middle,
}

/// The obstacle's middle line: through the middle of its corners, along its longest edge.
fn middle_line(area: &Polygon) -> Option<(Pt, (f64, f64))> {
    let corners = area.vertices();
    let n = corners.len();
    if n < 3 {
        return None;
    }
    let centre = Pt::new(
        corners.iter().map(|p| p.x).sum::<f64>() / n as f64,
        corners.iter().map(|p| p.y).sum::<f64>() / n as f64,
    );
    let (a, b) = (0..n)
        .map(|i| (corners[i], corners[(i + 1) % n]))
        .max_by(|(a, b), (c, d)| crate::measure::distance(*a, *b).total_cmp(&crate::measure::distance(*c, *d)))?;
    let length = crate::measure::distance(a, b);
    (length > 0.0).then(|| (centre, ((b.x - a.x) / length, (b.y - a.y) / length)))
}

/// The side of `area`'s middle line `p` stands on.
pub fn side(area: &Polygon, p: Pt) -> Side {
    let Some((centre, (ux, uy))) = middle_line(area) else { return Side::Middle };
    let offset = ux * (p.y - centre.y) - uy * (p.x - centre.x);
    if offset > FACE {
        Side::One
    } else if offset < -FACE {
        Side::Other
    } else {
        Side::Middle
    }
}

/// The side of `area` a figure at `at` counts as standing on: his own, unless he stands in it, when his
/// unit's other figures (`others`), most of them clear of it, say which side he came up from.
pub fn side_of_figure(area: &Polygon, at: Pt, others: &[Pt]) -> Side {
    if where_is(area, at) == Where::Outside {
        return side(area, at);
    }
    let sides: Vec<Side> =
        others.iter().filter(|p| where_is(area, **p) == Where::Outside).map(|p| side(area, *p)).collect();
    let count = |s: Side| sides.iter().filter(|x| **x == s).count();
    match count(Side::One).cmp(&count(Side::Other)) {
        std::cmp::Ordering::Greater => Side::One,
        std::cmp::Ordering::Less => Side::Other,
        std::cmp::Ordering::Equal => side(area, at),
    }
}

/// Whether a figure that stood on side `from` of `area` has crossed it by going along `route`: it went
/// into it and ended on another side, or passed right through it.
pub fn crosses(area: &Polygon, route: &[Pt], from: Side) -> bool {
    let Some(&end) = route.last() else { return false };
    let seen = stretches_along(area, route);
    let into = seen.contains(&Where::Within);
    let through = seen.iter().enumerate().any(|(i, w)| *w == Where::Within && i > 0 && i + 1 < seen.len());
    through || (into && side(area, end) != from)
}

/// Whether `route` crosses `area`, its figure starting on the side his first point is.
pub fn crossed(area: &Polygon, route: &[Pt]) -> bool {
    route.first().is_some_and(|start| crosses(area, route, side(area, *start)))
}

/// How many times `route` goes over `area`: each stretch of it within the obstacle is one way over (a route
/// over a wall and back over it is two, even ending on the side it began).
pub fn times_over(area: &Polygon, route: &[Pt]) -> usize {
    stretches_along(area, route).iter().filter(|w| **w == Where::Within).count()
}

/// How near `route` comes to `area`'s outline (0 where it meets it).
fn nearest_approach(area: &Polygon, route: &[Pt]) -> f64 {
    let corners = area.vertices();
    route
        .windows(2)
        .map(|leg| {
            if !area.meetings(leg[0], leg[1]).is_empty() || area.contains(leg[0]) {
                return 0.0;
            }
            let ends = area.distance_to_outline(leg[0]).min(area.distance_to_outline(leg[1]));
            corners.iter().map(|c| crate::measure::distance_to_segment(*c, leg[0], leg[1])).fold(ends, f64::min)
        })
        .fold(f64::INFINITY, f64::min)
}

/// Whether a base (an inch across) carried along `route` brushes over `area` without crossing it: its
/// figure's point passes nearer the obstacle than half a base. So a slot narrower than a base (a gate's
/// barricade set half an inch off the wall's line) is no way through, and a wall's end is passed a base's
/// half clear of it. A figure who starts nearer than that (a correction put him there) may move away.
pub fn brushes(area: &Polygon, route: &[Pt], from: Side) -> bool {
    let Some(&start) = route.first() else { return false };
    if area.contains(start) || crosses(area, route, from) {
        return false;
    }
    let allowed = (BASE / 2.0).min(area.distance_to_outline(start));
    nearest_approach(area, route) < allowed - 1e-6
}

/// Whether a figure's base (an inch across) at `p` would stand on `area`: its point in it, or its edge
/// over the outline.
pub fn under_base(area: &Polygon, p: Pt) -> bool {
    area.contains(p) || area.distance_to_outline(p) < BASE / 2.0 - 1e-9
}

/// Whether a base at `p` stands clear of `area`, to the hair: where a figure the app moves is stopped.
pub fn clear_of(area: &Polygon, p: Pt) -> bool {
    !area.contains(p) && area.distance_to_outline(p) >= BASE / 2.0
}

/// The point between `clear` (a share of the way where the base stands clear) and `not` (where it does
/// not) nearest the boundary, on the clear side: where a figure going that way stops with his base just
/// clear, short of a wall or beyond it.
pub fn just_clear(stands_clear: impl Fn(f64) -> bool, mut clear: f64, mut not: f64) -> f64 {
    for _ in 0..60 {
        let mid = (clear + not) / 2.0;
        if stands_clear(mid) {
            clear = mid;
        } else {
            not = mid;
        }
    }
    clear
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Where {
    Outside,
    Within,
}

fn where_is(area: &Polygon, p: Pt) -> Where {
    if area.contains(p) && area.distance_to_outline(p) > FACE { Where::Within } else { Where::Outside }
}

/// The point a share `t` of the way from `a` to `b`.
pub fn along(a: Pt, b: Pt, t: f64) -> Pt {
    Pt::new(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)
}

/// The stretches of the segment from `a` to `b`, in order, each outside `area` or within it, with where
/// each ends along the segment (0 at `a`, 1 at `b`); `a` itself is the first, of no length.
fn stretches(area: &Polygon, a: Pt, b: Pt) -> Vec<(Where, f64, f64)> {
    let mut cuts = vec![0.0];
    cuts.extend(area.meetings(a, b));
    cuts.push(1.0);
    let mut out = vec![(where_is(area, a), 0.0, 0.0)];
    for pair in cuts.windows(2) {
        let (t0, t1) = (pair[0], pair[1]);
        if t1 - t0 < 1e-12 {
            continue;
        }
        let here = where_is(area, along(a, b, (t0 + t1) / 2.0));
        match out.last_mut() {
            Some(last) if last.0 == here => last.2 = t1,
            _ => out.push((here, t0, t1)),
        }
    }
    out
}

/// Outside and within, in the order a route meets them, each once in a row.
fn stretches_along(area: &Polygon, route: &[Pt]) -> Vec<Where> {
    let mut seen: Vec<Where> = route.first().map(|p| vec![where_is(area, *p)]).unwrap_or_default();
    for leg in route.windows(2) {
        for (w, _, _) in stretches(area, leg[0], leg[1]) {
            if seen.last() != Some(&w) {
                seen.push(w);
            }
        }
    }
    seen
}

/// The pieces of `route` inside `area`: where it goes over it.
pub fn over_it(area: &Polygon, route: &[Pt]) -> Vec<(Pt, Pt)> {
    route
        .windows(2)
        .flat_map(|leg| {
            stretches(area, leg[0], leg[1])
                .into_iter()
                .filter(|(w, _, _)| *w == Where::Within)
                .map(move |(_, t0, t1)| (along(leg[0], leg[1], t0), along(leg[0], leg[1], t1)))
        })
        .collect()
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

    fn p(x: f64, y: f64) -> Pt {
        Pt::new(x, y)
    }

    #[test]
    fn a_route_through_the_wall_crosses_it_and_one_round_its_end_does_not() {
        let w = wall();
        assert!(crossed(&w, &[p(5.0, 26.0), p(5.0, 33.0)]));
        assert!(!crossed(&w, &[p(5.0, 26.0), p(5.0, 30.0)]), "up to its face");
        assert!(!crossed(&w, &[p(5.0, 30.5), p(5.0, 33.0)]), "from its far face, away");
        assert!(!crossed(&w, &[p(26.0, 26.0), p(26.0, 33.0)]), "past its end");
        assert!(!crossed(&w, &[p(5.0, 26.0), p(26.0, 26.0), p(26.0, 33.0), p(5.0, 33.0)]), "round its end");
        assert!(!crossed(&w, &[p(23.0, 29.0), p(25.0, 31.0)]), "grazing its corner");
        assert!(crossed(&w, &[p(5.0, 26.0), p(5.0, 33.0), p(26.0, 33.0), p(26.0, 26.0)]), "through and back round");
    }

    #[test]
    fn a_figure_on_the_line_has_crossed_when_he_steps_off_the_far_side_from_his_men() {
        let w = wall();
        let men = [p(4.0, 28.0), p(6.0, 28.0)];
        let from = side_of_figure(&w, p(5.0, 30.25), &men);
        assert_eq!(from, side(&w, p(5.0, 26.0)));
        assert!(crosses(&w, &[p(5.0, 30.25), p(5.0, 33.0)], from));
        assert!(!crosses(&w, &[p(5.0, 30.25), p(5.0, 27.0)], from));
        assert!(crosses(&w, &[p(5.0, 26.0), p(5.0, 30.4)], side(&w, p(5.0, 26.0))), "onto its far half");
    }

    #[test]
    fn a_base_on_the_face_stands_on_the_wall_and_one_half_an_inch_off_does_not() {
        let w = wall();
        assert!(under_base(&w, p(5.0, 30.0)));
        assert!(under_base(&w, p(5.0, 29.6)));
        assert!(!under_base(&w, p(5.0, 29.5)));
        let (into, out) = passage(&w, p(5.0, 26.0), p(5.0, 36.0)).unwrap();
        assert!((into - 4.0).abs() < 1e-9 && (out - 4.5).abs() < 1e-9, "{into} {out}");
    }
}
