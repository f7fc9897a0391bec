//! Where a straight move stops short of ground it may not enter: a charge that meets a defender at the
//! edge of its works instead of inside them.

use super::{EPSILON, Pt};

/// The largest share of the shift (`dx`, `dy`), to a hundredth of an inch, that moves every point of
/// `from` without any of them `entering`, which is asked of a point's start and where it would be.
/// 1 when the whole shift enters nothing.
pub fn share_before(from: &[Pt], dx: f64, dy: f64, entering: impl Fn(Pt, Pt) -> bool) -> f64 {
    let clear = |t: f64| from.iter().all(|p| !entering(*p, Pt::new(p.x + dx * t, p.y + dy * t)));
    if clear(1.0) {
        return 1.0;
    }
    let (mut lo, mut hi) = (0.0, 1.0);
    let length = dx.hypot(dy).max(EPSILON);
    while (hi - lo) * length > 0.01 {
        let mid = (lo + hi) / 2.0;
        if clear(mid) { lo = mid } else { hi = mid }
    }
    lo
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shift_stops_before_the_first_point_enters() {
        // Two points 1" apart move 10" right; ground from x = 6 on may not be entered.
        let from = [Pt::new(0.0, 0.0), Pt::new(1.0, 0.0)];
        let t = share_before(&from, 10.0, 0.0, |_, to| to.x >= 6.0);
        assert!(t * 10.0 < 5.0 && t * 10.0 > 4.98, "the leading point stops short of x = 6: {}", t * 10.0);
        assert_eq!(share_before(&from, 3.0, 0.0, |_, to| to.x >= 6.0), 1.0);
    }
}
