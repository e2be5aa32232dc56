//! A float-speed test that a moving ball's (or a particle's) path is certainly clear of a
//! triangle: the first thing a certified sweep or particle move asks of each face near the
//! path, since most faces in a path's bounding box are far from the path itself.

use surety_intervals::{Endpoint, Scalar, Vec3};

use super::slide::{closest_point_on_segment, closest_point_on_triangle};
use crate::filter::apart::{apart, Axis, Extent};
use crate::{Sphere, Triangle};

/// A box of `f64` points, `[lo, hi]`.
pub(crate) type Bounds = [[f64; 3]; 2];

/// Does a ball of radius at most `radius`, whose center moves from a point of the box
/// `center` by a motion in the box `motion` (every point `c + s·m`, `s ∈ [0, 1]`), certainly
/// stay farther than its radius from every triangle whose corners lie in the boxes
/// `corners`? False when it cannot tell, or for non-finite input.
///
/// The path's and the triangle's convex hulls are projected onto axes, each an estimate in
/// floats (any axis is sound): from the triangle's center to the nearest point of the path,
/// the triangle's normal, and for a ball those leave, the axis through estimates of the
/// path's and the triangle's closest points. Their gap must exceed the radius by a margin that covers
/// every rounding ([`crate::filter::apart`] derives it).
pub(crate) fn path_clear(
    center: Bounds,
    motion: Bounds,
    radius: f64,
    corners: [Bounds; 3],
) -> bool {
    let v = |b: Bounds| Vec3::from(b[0]);
    let ends = (v(center), v(center) + v(motion));
    let path = |axis: &Axis| {
        axis.boxed(center[0], center[1])
            .swept(axis.boxed(motion[0], motion[1]))
    };
    clear([center, motion], ends, path, radius, corners)
}

/// Does the segment from a point of the box `from` to a point of the box `to` certainly
/// miss every triangle whose corners lie in the boxes `corners`? [`path_clear`] with radius
/// 0, the path given by its ends.
pub(crate) fn segment_clear(from: Bounds, to: Bounds, corners: [Bounds; 3]) -> bool {
    let ends = (Vec3::from(from[0]), Vec3::from(to[0]));
    let path = |axis: &Axis| axis.boxed(from[0], from[1]).hull(axis.boxed(to[0], to[1]));
    clear([from, to], ends, path, 0.0, corners)
}

/// The test of [`path_clear`] and [`segment_clear`]: `path` projects the path onto an axis,
/// `ends` are estimates of its ends (for the axis only), `boxes` its input boxes.
fn clear(
    boxes: [Bounds; 2],
    ends: (Vec3<f64>, Vec3<f64>),
    path: impl Fn(&Axis) -> Extent,
    radius: f64,
    corners: [Bounds; 3],
) -> bool {
    // Infinite bounds (intervals' whole line, say) would make NaNs that `min` and `max` drop.
    let finite = |b: &Bounds| b.iter().flatten().all(|x| x.is_finite());
    if !(radius.is_finite() && boxes.iter().all(finite) && corners.iter().all(finite)) {
        return false;
    }
    let [a, b, c] = corners.map(|k| Vec3::from(k[0]));
    let g = (a + b + c) * (1.0 / 3.0);
    let axes = [
        Axis::between_segments(ends.0, ends.1, g, g),
        Axis::new((b - a).cross(c - a)),
    ];
    let test = |axis: Axis| {
        let [p, q, r] = corners.map(|k| axis.boxed(k[0], k[1]));
        apart(&axis, path(&axis), p.hull(q).hull(r), radius)
    };
    // Last, for a ball, the costlier axis through estimates of the path's and the
    // triangle's closest points: the one that clears a ball resting just off an edge or a
    // corner, where the face's normal and the direction to its center both show the ball
    // within reach. (A particle's faces that the first two leave are mostly ones it rests
    // on: there it only cost time.)
    axes.into_iter().flatten().any(test)
        || (radius > 0.0 && nearest_axis(ends, [a, b, c]).is_some_and(test))
}

/// The axis through float estimates of the closest points of the segment `ends` and the
/// triangle: alternating projections (each point the nearest of one set to the other's
/// last), which close in on a pair of closest points of two convex sets. Only an axis to
/// test along is made of it (any axis is sound); `None` where the points (nearly) meet.
fn nearest_axis(ends: (Vec3<f64>, Vec3<f64>), triangle: [Vec3<f64>; 3]) -> Option<Axis> {
    let mut q = closest_point_on_triangle(ends.0, triangle);
    let mut p = ends.0;
    for _ in 0..2 {
        p = closest_point_on_segment(q, ends.0, ends.1);
        q = closest_point_on_triangle(p, triangle);
    }
    Axis::new(p - q)
}

/// The faces `faces` of `triangles`, ordered by when a ball moved by `motion` (parameters in
/// `[0, 1]`) seems to reach each one's box: a slab test in floats on the box grown by the
/// radius (`f64::INFINITY` when it seems never to; no NaN). An order of work only: the
/// certified queries that skip faces past a first contact look at the nearest first, so
/// that they find it early; any order gives the same answers.
pub(crate) fn by_reach<S: Scalar, T: Scalar>(
    faces: impl Iterator<Item = usize>,
    ball: &Sphere<T>,
    motion: Vec3<T>,
    triangles: &[Triangle<S>],
) -> Vec<usize> {
    let (from, d) = (bounds_of(ball.center())[0], bounds_of(motion)[0]);
    let r = ball.radius().bounds().1.as_f64();
    let reach = |t: &Triangle<S>| {
        let [lo, hi] = crate::mesh::points_box(&t.corners().map(|v| bounds_of(v)[0]));
        let mut entry = 0.0f64;
        for k in 0..3 {
            let (a, b) = ((lo[k] - r - from[k]) / d[k], (hi[k] + r - from[k]) / d[k]);
            let near = if a < b { a } else { b };
            if near > entry {
                entry = near;
            }
        }
        entry
    };
    let mut order: Vec<(f64, usize)> = faces.map(|i| (reach(&triangles[i]), i)).collect();
    order.sort_unstable_by(|a, b| a.0.total_cmp(&b.0));
    order.into_iter().map(|(_, i)| i).collect()
}

/// The bounds of a vector of scalars, as `f64`.
pub(crate) fn bounds_of<S: Scalar>(v: Vec3<S>) -> Bounds {
    let b = v.to_array().map(|x| {
        let (lo, hi) = x.bounds();
        (lo.as_f64(), hi.as_f64())
    });
    [b.map(|x| x.0), b.map(|x| x.1)]
}

/// [`path_clear`] for a sphere moved by `motion` and a triangle of any scalar.
pub(crate) fn sphere_path_clear<S: Scalar, T: Scalar>(
    sphere: &Sphere<S>,
    motion: Vec3<S>,
    triangle: &Triangle<T>,
) -> bool {
    path_clear(
        bounds_of(sphere.center()),
        bounds_of(motion),
        sphere.radius().bounds().1.as_f64(),
        triangle.corners().map(bounds_of),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::motion::SweepSphereTriangle;
    use crate::pose::decide_pair;
    use crate::testing::{pow2, Rng};
    use surety_intervals::eft::two_sum;
    use surety_intervals::Policy;

    /// Does the ball touch the triangle on its way, exactly? The capsule formula of
    /// `decide_sweep_sphere_triangle` evaluated in exact arithmetic (it is proven against an
    /// independent oracle by the adversarial suite).
    fn touches(c: Vec3<f64>, m: Vec3<f64>, r: f64, t: [Vec3<f64>; 3]) -> bool {
        let (ball, tri) = (
            Sphere::new(c, r).unwrap(),
            Triangle::new(t[0], t[1], t[2]).unwrap(),
        );
        let v = decide_pair(
            SweepSphereTriangle::new(&ball, m, &tri),
            None,
            None,
            Policy::Exact,
        );
        assert!(!v.is_maybe());
        v.is_true()
    }

    fn point(b: Vec3<f64>) -> Bounds {
        [b.to_array(), b.to_array()]
    }

    /// Paths built to touch exactly, or to miss by one ulp or a little more, at every scale
    /// and far from the origin: sliding over a face at exactly the radius, passing an edge
    /// or a corner at exactly the radius (a Pythagorean offset), ending exactly at the
    /// radius (from near, or from a start whose projections round), and random paths; triangles whole, collinear or a point; radius 0 included.
    /// Whenever the test says clear, the exact answer is no contact (for the segment test
    /// too, with the same paths at radius 0); and it says clear of most paths that miss by
    /// a visible gap.
    #[test]
    fn a_clear_path_never_touches_and_far_paths_are_cleared() {
        let mut rng = Rng(0x5eed_c1ea);
        let (mut clear, mut misses_widely, mut cleared_wide, mut segments) = (0, 0, 0, 0);
        for case in 0..20_000 {
            // Scale 2^e and offset far from the origin in some cases.
            let e = match case % 5 {
                0 => -1060 + rng.below(80) as i32,
                1 => 900 + rng.below(100) as i32,
                _ => rng.below(80) as i32 - 60,
            };
            let s = pow2(e);
            let offset = if case % 3 == 0 {
                Vec3::new(1e12, -3e9, 7e14) * s
            } else {
                Vec3::new(0.0, 0.0, 0.0)
            };
            let mut tri = [(); 3].map(|_| Vec3::new(rng.int(8), rng.int(8), 0.0));
            match rng.below(6) {
                0 => tri[2] = tri[0] + (tri[1] - tri[0]) * 2.0, // collinear
                1 => tri = [tri[0]; 3],                         // a point
                _ => {}
            }
            let [a, b] = [[3.0, 4.0], [5.0, 12.0], [8.0, 15.0]][rng.below(3) as usize];
            let hyp = (a * a + b * b).sqrt();
            let (mut c, m, mut r) = match rng.below(4) {
                // Sliding at exactly the radius above the plane z = 0.
                0 => {
                    let r = rng.int(4).abs();
                    let c = Vec3::new(rng.int(16), rng.int(16), r);
                    (c, Vec3::new(rng.int(16), rng.int(16), 0.0), r)
                }
                // Passing a corner at exactly `hyp` in a plane through it.
                1 => {
                    let k = tri[rng.below(3) as usize];
                    let c = k + Vec3::new(-20.0, a, b);
                    (c, Vec3::new(40.0, 0.0, 0.0), hyp)
                }
                // Ending exactly at `hyp` from a corner.
                2 if rng.below(2) == 0 => {
                    // From a start of 52 significant bits (a multiple of `2^-20` below
                    // `2^32`), so that the projections of the start and of the motion both
                    // round; the motion `end - start` is exact.
                    let end = tri[rng.below(3) as usize] + Vec3::new(0.0, a, b);
                    let mut wide = || {
                        let sign = if rng.below(2) == 0 { 1.0 } else { -1.0 };
                        sign * rng.below(1 << 52) as f64 * pow2(-20)
                    };
                    let start = Vec3::new(wide(), wide(), wide());
                    (start, end - start, hyp)
                }
                2 => {
                    let k = tri[rng.below(3) as usize];
                    let end = k + Vec3::new(0.0, a, b);
                    let m = Vec3::new(rng.int(8), rng.int(8), 6.0 + rng.int(4).abs());
                    (end + m, -m, hyp)
                }
                _ => {
                    let v = |rng: &mut Rng| Vec3::new(rng.int(20), rng.int(20), rng.int(20));
                    (v(&mut rng), v(&mut rng), rng.int(3).abs())
                }
            };
            match rng.below(4) {
                0 => r = r.next_down().max(0.0),
                1 => r = r.next_up(),
                2 => c.z = c.z.next_up(),
                _ => {}
            }
            let scaled = |v: Vec3<f64>| v * s + offset;
            let (c, m, r, tri) = (scaled(c), m * s, r * s, tri.map(scaled));
            if !(r.is_finite()
                && [c, c + m]
                    .iter()
                    .all(|p| p.to_array().iter().all(|x| x.is_finite())))
            {
                continue;
            }
            let says_clear = path_clear(point(c), point(m), r, tri.map(point));
            let touch = touches(c, m, r, tri);
            // The segment alone (radius 0), where its end `c + m` is a double exactly.
            let e = c + m;
            if (0..3).all(|k| two_sum(c.to_array()[k], m.to_array()[k]).1 == 0.0)
                && segment_clear(point(c), point(e), tri.map(point))
            {
                assert!(!touches(c, m, 0.0, tri), "case {case}: {c:?} {e:?} {tri:?}");
                segments += 1;
            }
            if says_clear {
                assert!(!touch, "case {case}: {c:?} {m:?} {r} {tri:?}");
                clear += 1;
            }
            // A miss by a tenth of the scale (only at moderate scales and offsets).
            if !touch && case % 5 > 1 && case % 3 != 0 {
                let grown = r + 0.1 * s;
                if !touches(c, m, grown, tri) {
                    misses_widely += 1;
                    cleared_wide += usize::from(says_clear);
                }
            }
        }
        assert!(clear > 3000, "{clear}");
        assert!(segments > 3000, "{segments}");
        assert!(
            cleared_wide * 10 > misses_widely * 9,
            "{cleared_wide} of {misses_widely}"
        );
    }

    /// Boxes: the test holds for every point of every box. Paths that touch for one choice
    /// of points in the boxes are never cleared.
    #[test]
    fn a_clear_path_holds_for_every_point_of_its_boxes() {
        let mut rng = Rng(0x00b0_c5e5);
        let mut cleared = 0;
        for _ in 0..5_000 {
            let v = |rng: &mut Rng, k| Vec3::new(rng.int(k), rng.int(k), rng.int(k));
            let (c, m, r) = (v(&mut rng, 16), v(&mut rng, 8), rng.int(3).abs());
            let tri = [(); 3].map(|_| v(&mut rng, 16));
            let w = [0.0, 0.5, 1.0, 2.0][rng.below(4) as usize];
            let grow = |p: Vec3<f64>| -> Bounds {
                [
                    (p - Vec3::new(w, w, w)).to_array(),
                    (p + Vec3::new(w, w, w)).to_array(),
                ]
            };
            if !path_clear(grow(c), grow(m), r, tri.map(grow)) {
                continue;
            }
            cleared += 1;
            // Every choice of box corners (the extremes) for the path and the triangle.
            for k in 0..32 {
                let pick = |p: Vec3<f64>, bit: u32| {
                    let d = if k >> bit & 1 == 0 { -w } else { w };
                    p + Vec3::new(d, -d, d)
                };
                let t = [pick(tri[0], 2), pick(tri[1], 3), pick(tri[2], 4)];
                if Triangle::new(t[0], t[1], t[2]).is_ok() {
                    assert!(
                        !touches(pick(c, 0), pick(m, 1), r, t),
                        "{c:?} {m:?} {r} {tri:?} {w}"
                    );
                }
            }
        }
        assert!(cleared > 1000, "{cleared}");
    }

    /// On shapes of every scalar: the bounds of intervals are what is tested. A ball whose
    /// center may be anywhere in a box that reaches the triangle is not cleared; the same
    /// ball at a point of that box far from it is.
    #[test]
    fn spheres_and_triangles_of_every_scalar_are_tested_by_their_bounds() {
        use surety_intervals::Interval;
        let tri = |x: f64| {
            let v =
                |a: f64, b: f64| Vec3::new(Interval::from(a), Interval::from(b), Interval::from(x));
            Triangle::new(v(0.0, 0.0), v(1.0, 0.0), v(0.0, 1.0)).unwrap()
        };
        let still = Vec3::new(
            Interval::from(0.0),
            Interval::from(0.0),
            Interval::from(0.0),
        );
        let wide = Interval::new(0.0, 10.0).unwrap();
        let ball = |z: Interval| {
            Sphere::new(
                Vec3::new(Interval::from(0.25), Interval::from(0.25), z),
                Interval::from(1.0),
            )
            .unwrap()
        };
        assert!(sphere_path_clear(
            &ball(Interval::from(10.0)),
            still,
            &tri(0.0)
        ));
        assert!(!sphere_path_clear(&ball(wide), still, &tri(0.0)));
        // The motion's box reaches down to the triangle.
        let down = Vec3::new(still.x, still.y, Interval::new(-10.0, 0.0).unwrap());
        assert!(!sphere_path_clear(
            &ball(Interval::from(10.0)),
            down,
            &tri(0.0)
        ));
        // The triangle's box reaches up to the ball.
        let up = Triangle::new(
            tri(0.0).corners()[0],
            tri(0.0).corners()[1],
            Vec3::new(still.x, still.y, wide),
        )
        .unwrap();
        assert!(!sphere_path_clear(&ball(Interval::from(10.0)), still, &up));
        // Plain floats, and a radius that is an interval (its upper end counts).
        let f = Sphere::new(Vec3::new(0.25, 0.25, 10.0), 1.0).unwrap();
        let ft = Triangle::new(
            Vec3::new(0.0, 0.0, 0.0),
            Vec3::new(1.0, 0.0, 0.0),
            Vec3::new(0.0, 1.0, 0.0),
        )
        .unwrap();
        assert!(sphere_path_clear(&f, Vec3::new(0.0, 0.0, -8.9), &ft));
        assert!(!sphere_path_clear(&f, Vec3::new(0.0, 0.0, -9.0), &ft));
        let fat = Sphere::new(
            ball(Interval::from(10.0)).center(),
            Interval::new(1.0, 10.0).unwrap(),
        )
        .unwrap();
        assert!(!sphere_path_clear(&fat, still, &tri(0.0)));
    }

    /// Non-finite bounds (an interval scalar's entire line) are never cleared.
    /// A ball just off a corner of a triangle, in the triangle's plane and off the line
    /// through the centroid (the face's normal and the direction from its center both show
    /// it within reach), at rest and moving along the corner's region: cleared at `1e-9`
    /// beyond the radius (by the axis through the closest points), never when touching.
    #[test]
    fn a_ball_just_off_a_corner_is_cleared_along_the_closest_points() {
        let t = [
            Vec3::new(0.0, 0.0, 0.0),
            Vec3::new(1.0, 0.0, 0.0),
            Vec3::new(0.0, 1.0, 0.0),
        ];
        let corners = t.map(point);
        let u = Vec3::new(0.6, -0.8, 0.0);
        for motion in [Vec3::new(0.0, 0.0, 0.0), Vec3::new(0.0, 0.0, 0.5)] {
            for (off, cleared) in [(1e-9, true), (0.0, false), (-1e-9, false)] {
                let c = t[1] + u * (1.0 + off);
                let clear = path_clear(point(c), point(motion), 1.0, corners);
                assert_eq!(clear, cleared, "offset {off}, motion {motion:?}");
                if clear {
                    assert!(!touches(c, motion, 1.0, t));
                }
            }
        }
    }

    #[test]
    fn unbounded_boxes_are_never_cleared() {
        let t = [[0.0; 3], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]].map(|p| [p, p]);
        let far = [[100.0; 3], [100.0; 3]];
        assert!(path_clear(far, [[0.0; 3]; 2], 1.0, t));
        let inf = [[f64::NEG_INFINITY; 3], [f64::INFINITY; 3]];
        assert!(!path_clear(inf, [[0.0; 3]; 2], 1.0, t));
        assert!(!path_clear(far, inf, 1.0, t));
        assert!(!path_clear(far, [[0.0; 3]; 2], f64::INFINITY, t));
        assert!(!path_clear(far, [[0.0; 3]; 2], 1.0, [t[0], t[1], inf]));
        // Huge coordinates whose projections overflow.
        let huge = [[1.7e308; 3], [1.7e308; 3]];
        assert!(!path_clear(huge, [[-1.7e308; 3]; 2], 1.0, t));
    }
}
