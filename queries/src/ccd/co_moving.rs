//! Pairs whose four points move by the same displacement (static geometry, or pieces of a
//! body that translates): their distance never changes, so they meet at some time exactly
//! when they meet at `t = 0`, a static question the exact predicates answer in nanoseconds.

use surety_intervals::{eft::two_sum, Interval, Policy, Sign, Vec3, Verdict};

use super::separation::Separation;
use super::CcdHit;
use crate::filter::apart::{apart, Axis};
use crate::{decide_overlap_sphere_triangle, orient3d, Sphere, Triangle};

/// Whether `x1[i] - x0[i]` is exactly the same vector for the four points: each difference
/// as its rounded value and its exact error (Two-Sum), equal exactly when the differences
/// are. An overflowing difference has a NaN error and never compares equal.
///
/// Coordinate by coordinate (most pairs that differ do so in the first), rather than as
/// whole [`shift`]s: cloth-200's step took 4 % longer the other way.
fn same_motion(v: [usize; 4], x0: &[[f64; 3]], x1: &[[f64; 3]]) -> bool {
    (0..3).all(|k| {
        let d = |i: usize| two_sum(x1[i][k], -x0[i][k]);
        let first = d(v[0]);
        v[1..].iter().all(|&i| d(i) == first)
    })
}

/// A point's motion `x1 - x0` exactly, as [`same_motion`] compares it: per coordinate the
/// rounded difference and its error. Two points move alike exactly when theirs are equal (an
/// overflowing difference has a NaN error and equals none).
pub(super) fn shift(p0: [f64; 3], p1: [f64; 3]) -> [(f64, f64); 3] {
    core::array::from_fn(|k| two_sum(p1[k], -p0[k]))
}

/// The sign of the `k`-th coordinate of `(q - p) × (r - p)`: the orientation of the three
/// points seen along axis `k`, exactly. It is [`orient3d`] of the three with coordinate `k`
/// set to zero (exact) and the unit point on axis `k`: the cross product of two vectors in
/// the plane `x_k = 0` points along axis `k`, and is the same as the unprojected one's `k`-th
/// coordinate, which does not involve the points' `k`-th coordinates.
fn orient_along(k: usize, p: Vec3<f64>, q: Vec3<f64>, r: Vec3<f64>) -> Sign {
    let flat = |x: Vec3<f64>| {
        let mut x = x.to_array();
        x[k] = 0.0;
        Vec3::from(x)
    };
    let mut unit = [0.0; 3];
    unit[k] = 1.0;
    orient3d(flat(p), flat(q), flat(r), Vec3::from(unit), Policy::Exact)
}

/// The axes in the order to look along them: the largest coordinate of a float estimate of
/// the plane's normal first (a speed choice only: every answer below is exact along any axis
/// where some orientation is not zero).
fn axes(normal: Vec3<f64>) -> [usize; 3] {
    let n = normal.to_array().map(f64::abs);
    let mut k = [0, 1, 2];
    k.sort_by(|&i, &j| n[j].total_cmp(&n[i]));
    k
}

/// Do the segments `ab` and `cd` meet, for four points in one plane exactly (`orient3d` zero)?
/// Exact, zero-length segments included.
///
/// The in-plane orientation of any three of the points is `s·N` for the plane's normal `N`
/// and a signed area `s`, so along an axis `k` with `N_k ≠ 0` the signs of
/// [`orient_along`] are the in-plane signs times one common sign, and along an axis with
/// `N_k = 0` they are all zero. Along the first axis where one of the four orientations is
/// not zero, the segments meet exactly when neither has both ends strictly on one side of
/// the other's line (the classic test, exact when not all four are zero). Where they are
/// zero along every axis, the four points are on one line (or a segment is a point on the
/// other's line, or both are points), and the segments meet exactly when their ranges
/// overlap on every axis: on an axis along which the line moves, the projection is
/// one-to-one; on the others, every point has the same coordinate.
fn segments_meet_in_plane(a: Vec3<f64>, b: Vec3<f64>, c: Vec3<f64>, d: Vec3<f64>) -> bool {
    let opposite = |x: Sign, y: Sign| x != y || x == Sign::Zero;
    for k in axes((b - a).cross(c - a) + (d - c).cross(a - c)) {
        let o = [
            orient_along(k, a, b, c),
            orient_along(k, a, b, d),
            orient_along(k, c, d, a),
            orient_along(k, c, d, b),
        ];
        if o.iter().any(|&x| x != Sign::Zero) {
            return opposite(o[0], o[1]) && opposite(o[2], o[3]);
        }
    }
    let (a, b, c, d) = (a.to_array(), b.to_array(), c.to_array(), d.to_array());
    (0..3).all(|k| a[k].min(b[k]) <= c[k].max(d[k]) && c[k].min(d[k]) <= a[k].max(b[k]))
}

/// Is `p` in the closed triangle `t`, for four points in one plane exactly? Exact,
/// degenerate triangles included: along an axis where the triangle's own orientation is not
/// zero, `p` is in it when no edge has `p` strictly on the side away from the third corner;
/// a triangle whose orientation is zero along every axis has its corners on one line (or
/// fewer points), is the union of its three edges, and `p` is in it when it is on one.
fn point_in_triangle_in_plane(p: Vec3<f64>, t: [Vec3<f64>; 3]) -> bool {
    let [a, b, c] = t;
    for k in axes((b - a).cross(c - a)) {
        let turn = orient_along(k, a, b, c);
        if turn != Sign::Zero {
            return [(a, b), (b, c), (c, a)]
                .iter()
                .all(|&(x, y)| orient_along(k, x, y, p) != -turn);
        }
    }
    [(a, b), (b, c), (c, a)]
        .iter()
        .any(|&(x, y)| segments_meet_in_plane(p, p, x, y))
}

/// Are the segments `ab` and `cd` certainly farther apart than `distance`? False when it
/// cannot tell (the exact separation stage then decides).
///
/// The segments' projections onto the axis between the float estimates of their closest
/// points (the best axis when the estimate is good; any axis is sound), their gap computed
/// in floats and asked to exceed `distance` by a margin that covers every rounding
/// ([`crate::filter::apart`] derives it). Static edges near each other on a curved surface
/// are nearly all decided here, in about a hundredth of the exact stage's time.
fn segments_apart(a: Vec3<f64>, b: Vec3<f64>, c: Vec3<f64>, d: Vec3<f64>, distance: f64) -> bool {
    let Some(axis) = Axis::between_segments(a, b, c, d) else {
        return false;
    };
    let ab = axis.point(a).hull(axis.point(b));
    let cd = axis.point(c).hull(axis.point(d));
    apart(&axis, ab, cd, distance)
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
        if segments_apart(p(0), p(1), p(2), p(3), min_distance) {
            return Some(apart);
        }
        // Two edges within a distance: the exact separation stage on the frame at rest,
        // whose polynomials are constants (a rounded look settles most at once).
        let at_rest = [p(0), p(1), p(2), p(3)];
        match Separation::new(&at_rest, &at_rest, false, min_distance).first_contact(t_max) {
            Ok(near) => Verdict::from(near.is_some()),
            Err(_) => Verdict::Maybe,
        }
    } else if edge {
        Verdict::from(segments_meet_in_plane(p(0), p(1), p(2), p(3)))
    } else if min_distance > 0.0 {
        let t = Triangle::<f64>::new(p(1), p(2), p(3)).ok()?;
        let ball = Sphere::new(p(0), min_distance).ok()?;
        decide_overlap_sphere_triangle(&ball, &t, Policy::Exact)
    } else {
        Verdict::from(point_in_triangle_in_plane(p(0), [p(1), p(2), p(3)]))
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
    use crate::testing::{pow2, Rng};
    use crate::{decide_intersect_segment_triangle, decide_point_in_triangle, Segment};

    /// The in-plane tests against the general exact predicates (segment–triangle on the
    /// segment `cd` as a degenerate triangle, point–triangle), which share no step with them,
    /// on points of one plane: small integer combinations of two integer vectors (exactly
    /// coplanar), often collinear (one vector a multiple of the other, or zero) or repeated,
    /// on planes along the axes and slanted, scaled by powers of two (subnormal to near the
    /// largest double) and moved far from the origin (exactly).
    #[test]
    fn in_plane_contacts_agree_with_the_general_predicates() {
        let mut rng = Rng(0xB504_F333_F9DE_6484);
        let (mut meets, mut inside, mut along) = (0, 0, 0);
        for case in 0..6000 {
            let vector = |rng: &mut Rng| Vec3::new(rng.int(3), rng.int(3), rng.int(3));
            let u = vector(&mut rng);
            let v = match case % 6 {
                0 => u * rng.int(2),            // collinear
                1 => Vec3::new(0.0, 0.0, 0.0),  // collinear
                2 => Vec3::new(u.y, -u.x, 0.0), // a plane along z
                _ => vector(&mut rng),
            };
            // Every seventh case at an extreme magnitude, subnormal (2^-1060: multiples of
            // 2^-1074 stay exact) to near the largest double, where no offset is added.
            let e = if case % 7 == 6 {
                [-1060, -1000, 900, 1010][rng.below(4) as usize]
            } else {
                rng.below(61) as i32 - 30
            };
            let scale = pow2(e);
            let offset = Vec3::new(rng.int(4), rng.int(4), rng.int(4))
                * (if case % 3 == 0 && case % 7 != 6 {
                    pow2(e + 30)
                } else {
                    0.0
                });
            let o = Vec3::new(rng.int(4), rng.int(4), rng.int(4));
            let point = |rng: &mut Rng| {
                let (i, j) = (rng.int(3), rng.int(3));
                offset + (o + u * i + v * j) * scale
            };
            let [a, b, c, d] = [(); 4].map(|_| point(&mut rng));
            // Repeated points now and then.
            let (b, d) = match case % 5 {
                0 => (a, d),
                1 => (b, c),
                _ => (b, d),
            };
            assert_eq!(orient3d(a, b, c, d, Policy::Exact), Sign::Zero, "{case}");
            let s = Segment::new(a, b).unwrap();
            let t = Triangle::new(c, d, d).unwrap();
            let expected = decide_intersect_segment_triangle(&s, &t, Policy::Exact);
            let got = segments_meet_in_plane(a, b, c, d);
            assert_eq!(
                Verdict::from(got),
                expected,
                "case {case}: {a:?} {b:?} {c:?} {d:?}"
            );
            meets += usize::from(got);
            let t = Triangle::new(b, c, d).unwrap();
            let expected = decide_point_in_triangle(a, &t, Policy::Exact);
            let got = point_in_triangle_in_plane(a, [b, c, d]);
            assert_eq!(
                Verdict::from(got),
                expected,
                "case {case}: {a:?} in {b:?} {c:?} {d:?}"
            );
            inside += usize::from(got);
            along += usize::from(case % 6 < 2);
        }
        // Both answers, often.
        assert!(meets > 1000 && meets < 5000, "{meets}");
        assert!(inside > 1000 && inside < 5000, "{inside}");
        assert!(along > 1500, "{along}");
    }

    /// Static edges certainly farther apart than a distance are so for the exact separation
    /// stage, which shares no step with the projection test: small integer segments (often
    /// parallel, touching, crossing or of length zero; a quarter exactly a given distance
    /// apart) and distances at such exact distances and one ulp either side, scaled by
    /// powers of two (every seventh case at an extreme one, subnormal to `2⁹⁶⁰`, where the
    /// float test's guards and underflow margins are what keep it sound) and moved far from
    /// the origin. The test must also decide most pairs that are apart at ordinary scales.
    #[test]
    fn static_edges_apart_are_apart_for_the_exact_stage() {
        let mut rng = Rng(0x510E_527F_ADE6_82D1);
        let (mut apart, mut decided, mut extreme) = (0, 0, 0);
        for case in 0..7000 {
            let e = if case % 7 == 6 {
                [-1070, -1040, -700, -560, 540, 900, 960][rng.below(7) as usize]
            } else {
                rng.below(41) as i32 - 20
            };
            let scale = pow2(e);
            let offset = if case % 3 == 0 {
                pow2(e + 30) * 3.0
            } else {
                0.0
            };
            let point = |rng: &mut Rng| {
                let q = Vec3::new(rng.int(3), rng.int(3), rng.int(3));
                Vec3::new(offset, -offset, offset) + q * scale
            };
            let [mut a, mut b, mut c, mut d] = [(); 4].map(|_| point(&mut rng));
            let mut base = [1.0, 2.0, 0.5, 3.0, 0.25][rng.below(5) as usize] * scale;
            match case % 4 {
                0 => d = c + (b - a), // parallel
                1 => {
                    // The same segment moved by `(3, 4, 0)·q` square to it: exactly `5·q`
                    // apart (the projections round, far from the origin).
                    let (q, r) = (scale * (1 + rng.below(3)) as f64, scale * rng.int(3));
                    // A start with 52 significant bits, so that the projections round.
                    let mut wide = || scale * rng.below(1 << 52) as f64;
                    a = Vec3::new(wide(), wide(), wide());
                    b = a + Vec3::new(4.0 * r, -3.0 * r, scale * rng.int(3));
                    let lift = Vec3::new(3.0 * q, 4.0 * q, 0.0);
                    (c, d) = (a + lift, b + lift);
                    base = 5.0 * q;
                }
                _ => {}
            }
            let distance = match rng.below(3) {
                0 => base,
                1 => base.next_up(),
                _ => base.next_down(),
            };
            let at_rest = [a, b, c, d];
            let near = Separation::new(&at_rest, &at_rest, false, distance)
                .first_contact(1.0)
                .map(|t| t.is_some());
            if segments_apart(a, b, c, d, distance) {
                assert_eq!(
                    near,
                    Ok(false),
                    "case {case}: {a:?} {b:?} {c:?} {d:?} {distance}"
                );
                if case % 7 == 6 {
                    extreme += 1;
                } else {
                    decided += 1;
                }
            } else if case % 7 != 6 {
                apart += usize::from(near == Ok(false));
            }
        }
        let apart = apart + decided;
        // Some extreme cases decided too (the guards are not all-refusing).
        assert!(extreme > 100, "{extreme}");
        assert!(
            decided * 10 > apart * 8,
            "{decided} of {apart} pairs apart decided"
        );
        assert!(apart > 2000 && apart < 5800, "{apart}");
    }

    /// Hand-made cases of each branch: crossing, touching at an end, parallel apart, on one
    /// line overlapping, on one line apart, a point on a segment; a point in, on the edge of
    /// and outside a triangle, and a triangle flattened to a segment.
    #[test]
    fn in_plane_cases_by_hand() {
        let p = |x: f64, y: f64| Vec3::new(x, y, 7.0);
        // Seen along z, y and x in turn: the same plane turned.
        let turns: [fn(Vec3<f64>) -> Vec3<f64>; 3] = [
            |q| q,
            |q| Vec3::new(q.x, q.z, q.y),
            |q| Vec3::new(q.z, q.y, q.x),
        ];
        for turn in turns {
            let seg = |a: Vec3<f64>, b: Vec3<f64>, c: Vec3<f64>, d: Vec3<f64>| {
                segments_meet_in_plane(turn(a), turn(b), turn(c), turn(d))
            };
            assert!(seg(p(0., 0.), p(2., 2.), p(0., 2.), p(2., 0.)));
            assert!(seg(p(0., 0.), p(2., 0.), p(2., 0.), p(3., 5.)));
            assert!(!seg(p(0., 0.), p(2., 0.), p(0., 1.), p(2., 1.)));
            assert!(seg(p(0., 0.), p(2., 0.), p(1., 0.), p(5., 0.)));
            assert!(!seg(p(0., 0.), p(2., 0.), p(3., 0.), p(5., 0.)));
            assert!(seg(p(1., 0.), p(1., 0.), p(0., 0.), p(2., 0.)));
            assert!(!seg(p(1., 1.), p(1., 1.), p(0., 0.), p(2., 0.)));
            assert!(seg(p(1., 1.), p(1., 1.), p(1., 1.), p(1., 1.)));
            let tri = |q: Vec3<f64>, a: Vec3<f64>, b: Vec3<f64>, c: Vec3<f64>| {
                point_in_triangle_in_plane(turn(q), [turn(a), turn(b), turn(c)])
            };
            let (a, b, c) = (p(0., 0.), p(4., 0.), p(0., 4.));
            assert!(tri(p(1., 1.), a, b, c) && tri(p(1., 1.), a, c, b));
            assert!(tri(p(2., 0.), a, b, c) && tri(p(2., 2.), a, b, c) && tri(a, a, b, c));
            assert!(!tri(p(3., 3.), a, b, c) && !tri(p(-1., 0.), a, b, c));
            // Flattened: the segment from (0, 0) to (4, 0), its middle repeated.
            assert!(tri(p(3., 0.), a, b, p(2., 0.)) && !tri(p(5., 0.), a, b, p(2., 0.)));
            assert!(!tri(p(1., 1.), a, b, p(2., 0.)));
        }
    }

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
