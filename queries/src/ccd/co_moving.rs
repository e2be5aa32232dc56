//! Pairs whose four points move by the same displacement (static geometry, or pieces of a
//! body that translates): their distance never changes, so they meet at some time exactly
//! when they meet at `t = 0`, a static question the exact predicates answer in nanoseconds.

use surety_intervals::{eft::two_sum, Interval, Policy, Sign, Vec3, Verdict};

use super::separation::Separation;
use super::CcdHit;
use crate::{
    decide_intersect_segment_triangle, decide_overlap_sphere_triangle, decide_point_in_triangle,
    orient3d, Segment, Sphere, Triangle,
};

/// Whether `x1[i] - x0[i]` is exactly the same vector for the four points: each difference
/// as its rounded value and its exact error (Two-Sum), equal exactly when the differences
/// are. An overflowing difference has a NaN error and never compares equal.
fn same_motion(v: [usize; 4], x0: &[[f64; 3]], x1: &[[f64; 3]]) -> bool {
    (0..3).all(|k| {
        let d = |i: usize| two_sum(x1[i][k], -x0[i][k]);
        let first = d(v[0]);
        v[1..].iter().all(|&i| d(i) == first)
    })
}

/// The answer for a pair whose points all move alike, or `None` for any other pair.
/// `edge`: the points are `[a0, a1, b0, b1]`, else `[vertex, corner 0, corner 1, corner 2]`.
pub(super) fn co_moving(
    edge: bool,
    v: [usize; 4],
    x0: &[[f64; 3]],
    x1: &[[f64; 3]],
    min_distance: f64,
    t_max: f64,
) -> Option<CcdHit> {
    if !same_motion(v, x0, x1) {
        return None;
    }
    let p = |i: usize| Vec3::from(x0[v[i]]);
    let at = |t: f64| Interval::new(t, t).unwrap_or(Interval::ENTIRE);
    let apart = CcdHit {
        verdict: Verdict::False,
        toi: at(t_max),
        iterations: 0,
        exact: false,
    };
    // Touching needs the four points in one plane (with no distance to keep): one exact
    // orientation, which its filter settles at once for the pairs of a curved or rippled
    // surface, rules most pairs out before the in-plane test (whose zero volumes it could
    // not settle).
    if min_distance == 0.0 && orient3d(p(0), p(1), p(2), p(3), Policy::Exact) != Sign::Zero {
        return Some(apart);
    }
    // Positions and the distance are finite (checked by the caller): the shapes build.
    let meet = if edge && min_distance > 0.0 {
        // Two edges within a distance: the exact separation stage on the frame at rest,
        // whose polynomials are constants (a rounded look settles most at once).
        let at_rest = [p(0), p(1), p(2), p(3)];
        match Separation::new(&at_rest, &at_rest, false, min_distance).first_contact(t_max) {
            Ok(near) => Verdict::from(near.is_some()),
            Err(_) => Verdict::Maybe,
        }
    } else if edge {
        let s = Segment::<f64>::new(p(0), p(1)).ok()?;
        // The segment b0 b1 as a degenerate triangle, which the predicate decides exactly.
        let t = Triangle::<f64>::new(p(2), p(3), p(3)).ok()?;
        decide_intersect_segment_triangle(&s, &t, Policy::Exact)
    } else {
        let t = Triangle::<f64>::new(p(1), p(2), p(3)).ok()?;
        if min_distance > 0.0 {
            let ball = Sphere::new(p(0), min_distance).ok()?;
            decide_overlap_sphere_triangle(&ball, &t, Policy::Exact)
        } else {
            decide_point_in_triangle(p(0), &t, Policy::Exact)
        }
    };
    Some(match meet {
        Verdict::True => CcdHit {
            verdict: Verdict::True,
            toi: at(0.0),
            iterations: 0,
            exact: false,
        },
        // Under `Policy::Exact` the predicates never answer `Maybe`; were one to, it would
        // be left to the CCD query.
        Verdict::Maybe => return None,
        Verdict::False => apart,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn motions_equal_only_after_rounding_are_not_the_same() {
        // 0 -> 1 and 1e-20 -> 1: both differences round to 1, but only the first is 1.
        let x0 = [[0.0; 3], [1e-20, 0.0, 0.0], [0.0; 3], [0.0; 3]];
        let x1 = [
            [1.0, 0.0, 0.0],
            [1.0, 0.0, 0.0],
            [1.0, 0.0, 0.0],
            [1.0, 0.0, 0.0],
        ];
        assert!(!same_motion([0, 1, 2, 3], &x0, &x1));
        assert!(same_motion([0, 2, 3, 0], &x0, &x1));
        // A difference that overflows is never the same as another.
        let big = [[f64::MAX, 0.0, 0.0]; 4];
        let far = [[-f64::MAX, 0.0, 0.0]; 4];
        assert!(!same_motion([0, 1, 2, 3], &big, &far));
    }

    #[test]
    fn a_vertex_resting_on_a_face_that_moves_with_it_touches_from_the_start() {
        let x0 = [
            [0.25, 0.25, 0.0],
            [0.0; 3],
            [1.0, 0.0, 0.0],
            [0.0, 1.0, 0.0],
        ];
        let x1 = x0.map(|[x, y, z]| [x + 3.0, y, z - 0.5]);
        let hit = co_moving(false, [0, 1, 2, 3], &x0, &x1, 0.0, 1.0).unwrap();
        assert_eq!((hit.verdict, hit.toi.hi()), (Verdict::True, 0.0));
        // Lifted by one ulp of 2^-60: apart for ever; within a distance of 2^-50: touching.
        let mut up = x0;
        up[0][2] = 2f64.powi(-60);
        // (Moving along x only: z - 0.5 would round 2^-60 away, and the motions differ.)
        let moved = up.map(|[x, y, z]| [x + 3.0, y, z]);
        let hit = co_moving(false, [0, 1, 2, 3], &up, &moved, 0.0, 0.5).unwrap();
        assert_eq!((hit.verdict, hit.toi.lo()), (Verdict::False, 0.5));
        let hit = co_moving(false, [0, 1, 2, 3], &up, &moved, 2f64.powi(-50), 1.0).unwrap();
        assert_eq!(hit.verdict, Verdict::True);
        // Two edges crossing, both at rest: touching, and within any distance; a moving one
        // is left to the search.
        let e0 = [[0.0; 3], [1.0, 0.0, 0.0], [0.5, -1.0, 0.0], [0.5, 1.0, 0.0]];
        assert_eq!(
            co_moving(true, [0, 1, 2, 3], &e0, &e0, 0.0, 1.0)
                .unwrap()
                .verdict,
            Verdict::True
        );
        // Lifted by 1/4 at rest: within 1/4, not within just less.
        let lifted = e0.map(|[x, y, z]| [x, y, z + if y != 0.0 { 0.25 } else { 0.0 }]);
        for (d, verdict) in [
            (0.25, Verdict::True),
            ((0.25f64).next_down(), Verdict::False),
        ] {
            let hit = co_moving(true, [0, 1, 2, 3], &lifted, &lifted, d, 1.0).unwrap();
            assert_eq!(hit.verdict, verdict, "{d}");
        }
        let mut e1 = e0;
        e1[3][2] = 1.0;
        assert!(co_moving(true, [0, 1, 2, 3], &e0, &e1, 0.0, 1.0).is_none());
    }
}
