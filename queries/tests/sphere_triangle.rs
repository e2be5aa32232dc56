//! Sphere–triangle: certain verdicts agree with the exact squared distance from the center to
//! the triangle, computed in rationals by a different route (barycentric projection, then
//! clamped edges).

mod support;

use quickcheck::{Arbitrary, Gen};
use support::*;
use surety_intervals::arbitrary::checker;
use surety_intervals::stack::{decide_in, Stage};
use surety_intervals::{Interval, Policy, Vec3, Verdict};
use surety_queries::{
    decide_overlap_sphere_triangle, overlap_sphere_triangle, Sphere, SphereTriangle, Triangle,
};

/// No stage of the filter stack, and not the generic query on the same shapes as intervals,
/// gives a certain answer that the exact distance contradicts.
fn certain_answers_match_exact(center: Vec3<f64>, r: f64, tri: [Vec3<f64>; 3]) -> bool {
    let exact = || exact_d2(center, tri) <= q(r) * q(r);
    let (s, t) = (
        Sphere::<f64>::new(center, r).unwrap(),
        Triangle::<f64>::new(tri[0], tri[1], tri[2]).unwrap(),
    );
    let interval = overlap_sphere_triangle(
        &Sphere::<Interval>::new(lift(center), r).unwrap(),
        &Triangle::<Interval>::new(lift(tri[0]), lift(tri[1]), lift(tri[2])).unwrap(),
    );
    certain_stages_agree(&SphereTriangle::new(&s, &t), exact)
        && interval.certain().is_none_or(|v| v == exact())
}

fn case(seed: u64) -> (Vec3<f64>, f64, [Vec3<f64>; 3]) {
    let mut g = Gen::from_size_and_seed(100, seed);
    let (a, b, c) = (point(&mut g), point(&mut g), point(&mut g));
    let c = if seed % 11 == 0 { a + (b - a) * 0.5 } else { c };
    let center = match seed % 3 {
        0 => a + (b - a) * 0.5 + (c - a).cross(b - a) * 0.125, // above an edge's midpoint
        _ => point(&mut g),
    };
    (center, coord(&mut g).abs(), [a, b, c])
}

fn certain_verdicts_agree_with_exact_distance(seed: u64) -> bool {
    let (center, r, tri) = case(seed);
    if !center.to_array().iter().all(|x| x.is_finite()) {
        return true;
    }
    let s = Sphere::<Interval>::new(lift(center), r).unwrap();
    let t = Triangle::new(lift(tri[0]), lift(tri[1]), lift(tri[2])).unwrap();
    let exact = exact_d2(center, tri) <= q(r) * q(r);
    overlap_sphere_triangle(&s, &t)
        .certain()
        .is_none_or(|v| v == exact)
}

#[test]
fn certain_verdicts_agree_with_exact_distance_on_random_and_degenerate_triangles() {
    checker().quickcheck(certain_verdicts_agree_with_exact_distance as fn(u64) -> bool);
}

#[test]
fn spheres_tangent_to_the_face_an_edge_and_a_corner_overlap_certainly() {
    let t = Triangle::<Interval>::new(
        lift(Vec3::new(0.0, 0.0, 0.0)),
        lift(Vec3::new(4.0, 0.0, 0.0)),
        lift(Vec3::new(0.0, 4.0, 0.0)),
    )
    .unwrap();
    let sphere = |c: [f64; 3], r: f64| Sphere::<Interval>::new(lift(c.into()), r).unwrap();
    assert_eq!(
        overlap_sphere_triangle(&sphere([1.0, 1.0, 0.75], 0.75), &t),
        Verdict::True
    );
    // Beside the hypotenuse x + y = 4, at distance 3/√2·… : use a 3-4-5 offset from (2, 2, 0).
    assert_eq!(
        overlap_sphere_triangle(&sphere([2.0, 2.0, 0.0], 0.0), &t),
        Verdict::True
    );
    assert_eq!(
        overlap_sphere_triangle(&sphere([-3.0, -4.0, 0.0], 5.0), &t),
        Verdict::True
    );
    assert_eq!(
        overlap_sphere_triangle(&sphere([-3.0, -4.0, 0.0], 5.0f64.next_down()), &t),
        Verdict::False
    );
    assert_eq!(
        overlap_sphere_triangle(&sphere([1.0, 1.0, 0.75], 0.75f64.next_down()), &t),
        Verdict::False
    );
}

/// Random moderate spheres whose exact squared distance differs from r² by a relative 1e-9
/// get the exact answer, certainly.
fn clear_case(seed: u64) -> Option<bool> {
    let mut g = Gen::from_size_and_seed(100, seed);
    let mut p = || moderate_point(&mut g);
    let (a, b, c, center) = (p(), p(), p(), p());
    let r = (seed % 400) as f64 / 4.0;
    let (d2, r2) = (exact_d2(center, [a, b, c]), q(r) * q(r));
    let gap = (&d2 - &r2) * Q::from_integer(1_000_000_000.into());
    if gap.clone() < &d2 + &r2 && -gap < &d2 + &r2 {
        return None;
    }
    let s = Sphere::<Interval>::new(lift(center), r).ok()?;
    let t = Triangle::new(lift(a), lift(b), lift(c)).ok()?;
    Some(overlap_sphere_triangle(&s, &t).certain() == Some(d2 <= r2))
}

#[test]
fn clear_random_spheres_get_certain_exact_answers() {
    checker().quickcheck((|s| clear_case(s).is_none_or(|ok| ok)) as fn(u64) -> bool);
    let clear = (0..1000).filter(|&s| clear_case(s).is_some()).count();
    assert!(clear > 500, "only {clear} of 1000 random cases were clear");
}

/// Every stage of the stack agrees with the exact distance where it is certain, and
/// `Policy::Exact` always gives the exact answer: on `f64` shapes and on the same shapes
/// rounded to `f32`.
fn stack_agrees(center: Vec3<f64>, r: f64, tri: [Vec3<f64>; 3]) -> bool {
    if !finite(&[center, tri[0], tri[1], tri[2]]) || !r.is_finite() {
        return true;
    }
    let s = Sphere::<f64>::new(center, r).unwrap();
    let t = Triangle::<f64>::new(tri[0], tri[1], tri[2]).unwrap();
    let exact = exact_d2(center, tri) <= q(r) * q(r);
    let w = |v: Vec3<f32>| v.map(f64::from);
    let (c32, r32, t32) = (to_f32(center), r as f32, tri.map(to_f32));
    let f32_ok = match (
        Sphere::<f32>::new(c32, r32),
        Triangle::<f32>::new(t32[0], t32[1], t32[2]),
    ) {
        (Ok(s32), Ok(tri32)) => {
            let exact32 = exact_d2(w(c32), t32.map(w)) <= q(f64::from(r32)) * q(f64::from(r32));
            stages_agree(&SphereTriangle::new(&s32, &tri32), exact32)
        }
        _ => true, // out of f32 range
    };
    stages_agree(&SphereTriangle::new(&s, &t), exact)
        && decide_overlap_sphere_triangle(&s, &t, Policy::Exact) == Verdict::from(exact)
        && f32_ok
}

#[test]
fn every_stack_stage_agrees_with_the_exact_distance_degenerate_triangles_included() {
    fn random(seed: u64) -> bool {
        let (center, r, tri) = case(seed);
        stack_agrees(center, r, tri)
    }
    checker_quarter().quickcheck(random as fn(u64) -> bool);
}

/// Near contact: the sphere reaches a point of a corner, an edge or the face (computed in
/// floats) with a radius rounded from the distance, so the exact answer is decided below the
/// rounding of every float formula. Triangles are sometimes collinear (a segment) or a point.
/// Some cases are scaled by a power of two (exact, and the answer is unchanged) so that the
/// largest difference straddles the static filter's range limits, `2^120` and `2^-120`.
#[test]
fn near_tangent_spheres_get_the_exact_answer_from_the_stack() {
    fn prop(seed: u64) -> bool {
        let mut g = Gen::from_size_and_seed(100, seed);
        let mut p = || moderate_point(&mut g);
        let (a, b, c0, away) = (p(), p(), p(), p());
        let c = match seed % 7 {
            0 => a + (b - a) * 0.25, // collinear
            1 => a,                  // two corners in one point
            _ => c0,
        };
        let n = (b - a).cross(c - a);
        let target = match seed % 4 {
            0 => a,
            1 => b + (c - b) * 0.375,
            2 => a + (b - a) * 0.25 + (c - a) * 0.25,
            _ => c,
        };
        // Straight up from the face, or off in any direction.
        let center = if seed % 4 == 2 && seed % 3 == 0 {
            target + n * (1.0 / n.length().max(1e-300))
        } else {
            target + away
        };
        let r = (center - target).length();
        let k = [0, 0, 0, 105, 112, -112, -125][(seed / 12 % 7) as usize];
        let (center, tri) = (scaled(center, k), [a, b, c].map(|v| scaled(v, k)));
        let r = r * pow2(k);
        stack_agrees(center, r, tri)
            && stack_agrees(center, r.next_down().max(0.0), tri)
            && stack_agrees(center, r.next_up(), tri)
    }
    checker_quarter().quickcheck(prop as fn(u64) -> bool);
}

/// Extreme coordinates (products that overflow next to zeros, differences that overflow,
/// products that underflow), the sphere sometimes centred on a corner or an edge midpoint: no
/// stage may be certain and wrong.
#[test]
fn extreme_coordinates_never_give_any_stage_a_certain_lie() {
    fn prop(seed: u64) -> bool {
        let mut g = Gen::from_size_and_seed(100, seed);
        let [a, b, c, p, r] = [(); 5].map(|_| extreme_point(&mut g));
        let center = match seed % 4 {
            0 => a,
            1 => (a + b) * 0.5,
            _ => p,
        };
        let r = r.x.abs();
        if !finite(&[a, b, c, center]) {
            return true;
        }
        certain_answers_match_exact(center, r, [a, b, c])
    }
    checker().quickcheck(prop as fn(u64) -> bool);
}

/// Hand-made ties, decided exactly: tangent to the face, an edge and a corner, and one ulp
/// either side; a degenerate triangle (a segment) touched at its middle; a point triangle.
#[test]
fn tangent_spheres_and_degenerate_triangles_are_decided_exactly() {
    let v = |a: [f64; 3]| Vec3::new(a[0], a[1], a[2]);
    let tri = |a, b, c| Triangle::<f64>::new(v(a), v(b), v(c)).unwrap();
    let t = tri([0.0, 0.0, 0.0], [4.0, 0.0, 0.0], [0.0, 4.0, 0.0]);
    let at = |c: [f64; 3], r: f64, t: &Triangle<f64>| {
        let s = Sphere::new(v(c), r).unwrap();
        (
            decide_in(&SphereTriangle::new(&s, t), Stage::Exact),
            decide_overlap_sphere_triangle(&s, t, Policy::Exact),
        )
    };
    let yes = (Some(true), Verdict::True);
    let no = (Some(false), Verdict::False);
    // The face, from above.
    assert_eq!(at([1.0, 1.0, 0.75], 0.75, &t), yes);
    assert_eq!(at([1.0, 1.0, 0.75], 0.75f64.next_down(), &t), no);
    // The corner (0, 0, 0), from (-3, -4, 0): distance 5.
    assert_eq!(at([-3.0, -4.0, 0.0], 5.0, &t), yes);
    assert_eq!(at([-3.0, -4.0, 0.0], 5.0f64.next_down(), &t), no);
    // The hypotenuse x + y = 4 at (2, 2, 0), from (5, 5, 0) plus 4 up: 3√2 out, 4 up, so
    // the squared distance is 18 + 16 = 34, which is no double's square: r = √34 rounded
    // either way decides it.
    let r = 34f64.sqrt();
    let exact = |r: f64| q(r) * q(r) >= q(34.0);
    assert_eq!(at([5.0, 5.0, 4.0], r, &t).0, Some(exact(r)));
    assert_eq!(
        at([5.0, 5.0, 4.0], r.next_up(), &t).0,
        Some(exact(r.next_up()))
    );
    assert_eq!(
        at([5.0, 5.0, 4.0], r.next_down(), &t).0,
        Some(exact(r.next_down()))
    );
    // A segment from (0, 0, 0) to (4, 0, 0) (c in the middle), touched at (2, 0, 0) from above.
    let seg = tri([0.0, 0.0, 0.0], [4.0, 0.0, 0.0], [2.0, 0.0, 0.0]);
    assert_eq!(at([2.0, 0.0, 3.0], 3.0, &seg), yes);
    assert_eq!(at([2.0, 0.0, 3.0], 3.0f64.next_down(), &seg), no);
    // Beyond its end: the nearest point is (4, 0, 0), distance 5 from (7, 4, 0).
    assert_eq!(at([7.0, 4.0, 0.0], 5.0, &seg), yes);
    assert_eq!(at([7.0, 4.0, 0.0], 5.0f64.next_down(), &seg), no);
    // A point triangle, and a sphere of radius zero on it and just beside it.
    let point = tri([1.0, 2.0, 3.0], [1.0, 2.0, 3.0], [1.0, 2.0, 3.0]);
    assert_eq!(at([1.0, 2.0, 3.0], 0.0, &point), yes);
    assert_eq!(at([1.0, 2.0, 3.0f64.next_up()], 0.0, &point), no);
    // A zero-radius sphere exactly on the face, and exactly beside an edge.
    assert_eq!(at([1.0, 1.0, 0.0], 0.0, &t), yes);
    assert_eq!(at([2.0, 2.0f64.next_up(), 0.0], 0.0, &t), no);
}

/// Four points with full-precision coordinates in [-1, 1) (the first three a triangle's
/// corners, the last a source of parameters), or `None` when the corners are in a line:
/// quickcheck draws edge values (0, `u64::MAX`) now and then, which can put them on the
/// cube's corners, in a line.
fn full_precision_points(seed: u64) -> Option<[Vec3<f64>; 4]> {
    let mut g = Gen::from_size_and_seed(100, seed);
    let unit = |g: &mut Gen| (u64::arbitrary(g) >> 11) as f64 / (1u64 << 53) as f64;
    let mut p =
        || Vec3::new(unit(&mut g), unit(&mut g), unit(&mut g)) * 2.0 - Vec3::new(1.0, 1.0, 1.0);
    let points = [p(), p(), p(), p()];
    let n = (points[1] - points[0]).cross(points[2] - points[0]);
    (n.length() > 0.0).then_some(points)
}

/// Near tangent to the face, with full-precision coordinates: the squared plane distance and
/// `r²|n|²` are equal up to rounding, and their float difference carries noise of up to
/// tens of `u·L⁶` (`L` the largest difference coordinate), which the static filter's plane
/// bound must cover. (Moderate coordinates with few bits, as in the tests above, evaluate
/// nearly exactly and would not notice a bound far too small.)
#[test]
fn spheres_resting_on_a_tilted_face_are_never_certainly_wrong() {
    fn prop(seed: u64) -> bool {
        let Some([a, b, c, k]) = full_precision_points(seed) else {
            return true;
        };
        let n = (b - a).cross(c - a);
        let (s, t) = (k.x.abs() * 0.5, k.y.abs() * 0.5);
        let foot = a + (b - a) * s + (c - a) * t;
        let rho = k.z.abs() + 0.25;
        let center = foot + n * (rho / n.length());
        let r = (center - foot).length();
        certain_answers_match_exact(center, r, [a, b, c])
    }
    checker_many().quickcheck(prop as fn(u64) -> bool);
}

/// Touching a corner of the triangle that is also a corner of its bounding box, from outside
/// the box: the box gap is exactly the radius, so the static filter's box test meets an exact
/// tie. The gap is a Pythagorean quadruple `(g₀, g₁, g₂; d)` of 30-bit integers (Euler's
/// parametrisation), so `Σ g²` and `d²` are exactly equal but both round: a box bound far too
/// small would call about a third of these certainly apart. With the radius one ulp either
/// way, the exact answer flips (nearer than `d`: apart from the box, so from the triangle).
/// Each axis is mirrored at random, and the whole case scaled by a power of two (exactly)
/// to the ends of the filter's range.
#[test]
fn spheres_touching_a_corner_across_the_bounding_box_are_decided_exactly() {
    fn prop(seed: u64) -> bool {
        let mut g = Gen::from_size_and_seed(100, seed);
        let k = |g: &mut Gen| (u64::arbitrary(g) % (1 << 14)) as i64 + (1 << 14);
        let (m, n, j, l) = (k(&mut g), k(&mut g), k(&mut g), k(&mut g));
        let gap = [
            m * m + n * n - j * j - l * l,
            2 * (m * l + n * j),
            2 * (n * l - m * j),
        ]
        .map(|x| x.abs() as f64);
        let d = (m * m + n * n + j * j + l * l) as f64;
        // The corner `a` is the box's greatest corner; `b` and `c` lie below it on every axis.
        let mut below = || (u64::arbitrary(&mut g) % 1000 + 1) as f64;
        let a = [3.0, -5.0, 7.0];
        let (b, c) = (
            [0, 1, 2].map(|i| a[i] - below()),
            [0, 1, 2].map(|i| a[i] - below()),
        );
        let mirror = [0, 1, 2].map(|_| if bool::arbitrary(&mut g) { -1.0 } else { 1.0 });
        let scale = [1.0, 2f64.powi(100), 2f64.powi(-100), 2f64.powi(-500)][(seed % 4) as usize];
        let v =
            |x: [f64; 3]| Vec3::new(x[0] * mirror[0], x[1] * mirror[1], x[2] * mirror[2]) * scale;
        let (tri, center) = ([a, b, c].map(v), v([0, 1, 2].map(|i| a[i] + gap[i])));
        let t = Triangle::<f64>::new(tri[0], tri[1], tri[2]).unwrap();
        [d, d.next_up(), d.next_down()].iter().all(|&r| {
            let r = r * scale;
            let s = Sphere::new(center, r).unwrap();
            let exact = exact_d2(center, tri) <= q(r) * q(r);
            exact == (r >= d * scale)
                && stages_agree(&SphereTriangle::new(&s, &t), exact)
                && certain_answers_match_exact(center, r, tri)
        })
    }
    checker().quickcheck(prop as fn(u64) -> bool);
}

/// Resting on an edge, with full-precision coordinates: the center lies off a point strictly
/// inside an edge, in a direction square to it and away from the triangle (in its plane, out
/// of it, or between), at the computed distance. The exact distance is that radius up to
/// rounding, so each edge's Lagrange test (`r²|e|² - |w × e|²`) meets rounding noise over an
/// exact near-zero, which the static filter's bounds must cover; on the edge `b → c` that
/// value is built from combined dot products, whose noise is the largest.
#[test]
fn spheres_resting_on_an_edge_are_never_certainly_wrong() {
    fn prop(seed: u64) -> bool {
        let Some([a, b, c, k]) = full_precision_points(seed) else {
            return true;
        };
        let n = (b - a).cross(c - a);
        let corners = [a, b, c];
        let i = (seed % 3) as usize;
        let (x, y, z) = (corners[i], corners[(i + 1) % 3], corners[(i + 2) % 3]);
        let e = y - x;
        let out = e.cross(n);
        let out = if out.dot(z - x) > 0.0 { -out } else { out };
        let foot = x + e * (0.25 + k.x.abs() * 0.5);
        let dir = out * (1.0 / out.length()) + n * (k.y / n.length());
        let center = foot + dir * ((k.z.abs() + 0.25) / dir.length());
        let r = (center - foot).length();
        certain_answers_match_exact(center, r, corners)
    }
    checker_many().quickcheck(prop as fn(u64) -> bool);
}
