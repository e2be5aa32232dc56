//! Primitives apart along a diagonal of a coordinate plane: the broad phase's cheapest test
//! after the boxes.
//!
//! Boxes cannot tell apart neighbours of a sheet that lie side by side across a diagonal:
//! two parallel diagonal edges of neighbouring cells of a grid have boxes that touch (the
//! cells share a side) though the edges are a cell's width apart. Along the diagonal
//! `(1, -1, 0)` they are. So each primitive's set of positions is also bounded along the six
//! diagonals `x ± y`, `x ± z`, `y ± z` (the other six faces of an 18-sided discrete oriented
//! polytope, whose first six are the box), from its vertices' boxes: a box's projection onto
//! such a diagonal is the sum of two of its sides, and a primitive (the convex hull of its
//! vertices, each in its box) projects into the hull of its vertices' projections. Two
//! primitives whose projections are apart by more than `d·√2` (the diagonal's length) are
//! farther apart than `d` wherever they are in their boxes.
//!
//! On a jittering cloth draped over a ball these diagonals rule out nine in ten of the pairs
//! that the axis test after them (`apart_over_motion`, in the broad phase) would, for about
//! a third of its cost.
//!
//! # Rounding
//! The projections are computed in plain floats. With every box coordinate at most `S` in
//! magnitude, a projection (one sum of two coordinates, at most `2S`) is off by at most
//! `2u·S` (`u = 2⁻⁵³`; sums of doubles do not underflow: a subnormal sum is exact), and so
//! is the least or greatest of several; the gap between two primitives' projections (at
//! most `4S` apart, plus those errors) takes one more rounding of at most `4u·S·(1 + u)`, so
//! the computed gap is within `2⁻⁴⁹·S·(1 + u)` of the exact one. [`margin`] asks the gap
//! for more than `1.5·d` (above `√2·d` by 6 %, which covers its own rounding) plus `2⁻⁴⁶·S`
//! and `10⁻³⁰⁰`. `S` below `2¹⁰¹⁹` keeps every sum and difference finite; at or above it
//! the margin is infinite and nothing is ruled out.

use crate::bvh::Box3;

/// Bounds of a set along the six diagonals of the coordinate planes, in the order
/// `x + y`, `x − y`, `x + z`, `x − z`, `y + z`, `y − z`: `lo[k] <= p·n_k <= hi[k]` for every
/// point `p` of the set, up to the rounding the [`margin`] covers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Diagonals {
    lo: [f64; 6],
    hi: [f64; 6],
}

impl Diagonals {
    /// The bounds of the box `b` (finite).
    #[inline]
    fn of_box(b: &Box3) -> Self {
        let ([x, y, z], [p, q, r]) = (b[0], b[1]);
        Diagonals {
            lo: [x + y, x - q, x + z, x - r, y + z, y - r],
            hi: [p + q, p - y, p + r, p - z, q + r, q - z],
        }
    }

    /// The bounds of the union (so of the convex hull) of the boxes `boxes` (at least one).
    #[inline]
    pub(super) fn of<'b>(mut boxes: impl Iterator<Item = &'b Box3>) -> Self {
        let first = boxes.next().map_or(
            Diagonals {
                lo: [f64::INFINITY; 6],
                hi: [f64::NEG_INFINITY; 6],
            },
            Self::of_box,
        );
        boxes.fold(first, |d, b| {
            let e = Self::of_box(b);
            Diagonals {
                lo: core::array::from_fn(|k| d.lo[k].min(e.lo[k])),
                hi: core::array::from_fn(|k| d.hi[k].max(e.hi[k])),
            }
        })
    }

    /// Whether the two sets are certainly farther apart than `d` along one of the
    /// diagonals, given [`margin`]`(d, S)`: a gap between their bounds above it on some
    /// diagonal. (A NaN anywhere fails every comparison: then false.)
    #[inline]
    pub(super) fn apart(&self, other: &Self, margin: f64) -> bool {
        let mut apart = false;
        for k in 0..6 {
            apart |= (other.lo[k] - self.hi[k] > margin) | (self.lo[k] - other.hi[k] > margin);
        }
        apart
    }
}

/// The gap two [`Diagonals`] must exceed to be farther apart than `d` (`d >= 0`) when
/// every box coordinate they were computed from is at most `s` in magnitude: `1.5·d +
/// 2⁻⁴⁶·s + 10⁻³⁰⁰` (the module's doc says why), infinite for `s >= 2¹⁰¹⁹`.
pub(super) fn margin(d: f64, s: f64) -> f64 {
    // NaNs fail both comparisons.
    if (s < 2f64.powi(1019)) & (d >= 0.0) {
        (1.5 * d + s * 2f64.powi(-46) + 1e-300).next_up()
    } else {
        f64::INFINITY
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_traits::{Signed, Zero};
    use surety_intervals::exact::{to_rational, BigRational as Q};

    fn q(x: f64) -> Q {
        to_rational(x).unwrap()
    }

    /// The exact projection of a point onto diagonal `k` (unnormalised).
    fn along(k: usize, p: [f64; 3]) -> Q {
        let (i, j, s) = [
            (0, 1, 1),
            (0, 1, -1),
            (0, 2, 1),
            (0, 2, -1),
            (1, 2, 1),
            (1, 2, -1),
        ][k];
        if s > 0 {
            q(p[i]) + q(p[j])
        } else {
            q(p[i]) - q(p[j])
        }
    }

    /// A small generator of coordinates: exact ties from small integers, far-off and tiny
    /// values, and values one ulp apart.
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 = self
                .0
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            self.0 >> 11
        }
        fn coordinate(&mut self, offset: f64, scale: f64) -> f64 {
            let x = offset + scale * ((self.next() % 17) as f64 - 8.0) / 4.0;
            match self.next() % 5 {
                0 => x.next_up(),
                1 => x.next_down(),
                _ => x,
            }
        }
    }

    /// The corners of a box, every one a point of it.
    fn corners(b: &Box3) -> impl Iterator<Item = [f64; 3]> + '_ {
        (0..8).map(move |c| core::array::from_fn(|k| b[(c >> k) & 1][k]))
    }

    #[test]
    fn the_bounds_hold_every_corner_and_are_reached_up_to_the_margin() {
        let mut g = Rng(7);
        for case in 0..4000 {
            let (offset, scale) = [(0.0, 1.0), (1e6, 1e-3), (-3.0, 1e-300), (0.5, 1e300)][case % 4];
            let boxes: Vec<Box3> = (0..1 + case % 3)
                .map(|_| {
                    let a: [f64; 3] = core::array::from_fn(|_| g.coordinate(offset, scale));
                    let b: [f64; 3] = core::array::from_fn(|_| g.coordinate(offset, scale));
                    [
                        core::array::from_fn(|k| a[k].min(b[k])),
                        core::array::from_fn(|k| a[k].max(b[k])),
                    ]
                })
                .collect();
            let s = boxes
                .iter()
                .flat_map(|b| b.iter().flatten())
                .fold(0.0f64, |m, x| m.max(x.abs()));
            let slack = q(s) * q(2f64.powi(-50));
            let d = Diagonals::of(boxes.iter());
            for k in 0..6 {
                let exact: Vec<Q> = boxes
                    .iter()
                    .flat_map(corners)
                    .map(|p| along(k, p))
                    .collect();
                let (lo, hi) = (exact.iter().min().unwrap(), exact.iter().max().unwrap());
                assert!((q(d.lo[k]) - lo).abs() <= slack, "case {case} axis {k}");
                assert!((q(d.hi[k]) - hi).abs() <= slack, "case {case} axis {k}");
            }
        }
    }

    /// The squared distance between two points, exactly.
    fn squared(p: [f64; 3], r: [f64; 3]) -> Q {
        (0..3).fold(Q::zero(), |s, k| {
            let e = q(p[k]) - q(r[k]);
            s + &e * &e
        })
    }

    #[test]
    fn sets_called_apart_are_farther_apart_than_the_distance() {
        // Points (boxes of one point) one ulp and more around the distance along a diagonal:
        // every pair called apart is farther than `d` exactly, and pairs well beyond it are
        // called apart.
        let mut g = Rng(11);
        let mut called = 0;
        for case in 0..20000 {
            // The last: gaps of a few ulps of the coordinates, where the sums' rounding is
            // as large as the distance (only the margin's `2^-46·S` keeps those sound).
            let (offset, scale) = [
                (0.0, 1.0),
                (1e6, 1e-3),
                (2.0, 1e-200),
                (0.0, 1e100),
                (2f64.powi(20), 2f64.powi(-30)),
            ][case % 5];
            let p: [f64; 3] = core::array::from_fn(|_| g.coordinate(offset, scale));
            let k = (g.next() % 3) as usize;
            let step = scale * ((g.next() % 9) as f64) / 8.0;
            let mut r = p;
            r[k] += step;
            r[(k + 1) % 3] -= step;
            r = r.map(|x| match g.next() % 3 {
                0 => x.next_up(),
                1 => x.next_down(),
                _ => x,
            });
            let dist = [
                0.0,
                scale / 8.0,
                step * core::f64::consts::SQRT_2,
                step * 1.5,
            ][case % 4];
            let s = p.iter().chain(&r).fold(0.0f64, |m, x| m.max(x.abs()));
            let m = margin(dist, s);
            let (a, b) = (
                Diagonals::of([[p, p]].iter()),
                Diagonals::of([[r, r]].iter()),
            );
            if a.apart(&b, m) {
                called += 1;
                assert!(
                    squared(p, r) > q(dist) * q(dist),
                    "case {case}: {p:?} {r:?} {dist}"
                );
            }
            // Far beyond the distance and the rounding (3·d apart along a diagonal, so
            // 3·√2·d in the unnormalised projection): called apart.
            if dist > 0.0 && step * 2.0 > 3.0 * 1.5 * dist + 1e-9 * s && scale >= 1e-3 {
                assert!(
                    a.apart(&b, m),
                    "case {case}: {p:?} {r:?} {dist} not called apart"
                );
            }
        }
        assert!(called > 5000, "only {called} called apart");
    }

    #[test]
    fn huge_coordinates_and_bad_distances_rule_nothing_out() {
        assert_eq!(margin(1.0, 2f64.powi(1019)), f64::INFINITY);
        assert_eq!(margin(f64::NAN, 1.0), f64::INFINITY);
        assert_eq!(margin(1.0, f64::NAN), f64::INFINITY);
        assert!(margin(0.0, 0.0) > 0.0);
        let a = Diagonals::of([[[0.0; 3], [0.0; 3]]].iter());
        let b = Diagonals::of([[[1e300; 3], [1e300; 3]]].iter());
        assert!(!a.apart(&b, margin(0.0, 2f64.powi(1019))));
        assert!(a.apart(&b, margin(0.0, 1e300)));
        // The diagonals of two touching boxes never call them apart.
        let c = Diagonals::of([[[0.0, 0.0, 0.0], [1.0, 1.0, 1.0]]].iter());
        let e = Diagonals::of([[[1.0, 1.0, 1.0], [2.0, 2.0, 2.0]]].iter());
        assert!(!c.apart(&e, margin(0.0, 2.0)));
        assert!(!e.apart(&c, margin(0.0, 2.0)));
    }

    #[test]
    fn a_gap_equal_to_the_margin_is_not_enough() {
        let m = margin(0.25, 1.0);
        let point = |x: f64| Diagonals::of([[[x, 0.0, 0.0]; 2]].iter());
        // Projections 0 and `m` on `x ± y` and `x ± z`: a gap of exactly `m` either way.
        let (a, b) = (point(0.0), point(m));
        assert!(!a.apart(&b, m) && !b.apart(&a, m));
        let c = point(m.next_up());
        assert!(a.apart(&c, m) && c.apart(&a, m));
    }

    #[test]
    fn neighbouring_diagonals_of_a_grid_are_apart_though_their_boxes_touch() {
        // Cells (0,0)-(1,1) and (1,0)-(2,1): their diagonals from the lower left corner.
        let ends = |x: f64| [[x, 0.0, 0.0], [x + 1.0, 1.0, 0.0]].map(|p| [p, p]);
        let (a, b) = (ends(0.0), ends(1.0));
        // The edges' boxes (each the union of its ends') touch.
        assert!(crate::bvh::meets(&[a[0][0], a[1][1]], &[b[0][0], b[1][1]]));
        let (da, db) = (Diagonals::of(a.iter()), Diagonals::of(b.iter()));
        // The edges are √2/2 ≈ 0.707 apart; their projections onto `x − y` 1 apart, which
        // the margin of `1.5·d` calls apart for `d` up to 2/3.
        assert!(da.apart(&db, margin(0.66, 2.0)));
        assert!(db.apart(&da, margin(0.66, 2.0)));
        assert!(!da.apart(&db, margin(0.67, 2.0)));
        assert!(!da.apart(&db, margin(0.75, 2.0)));
    }
}
