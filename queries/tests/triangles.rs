//! Point, segment and ray against triangles: certain verdicts agree with an exact oracle that
//! shares no formula with the library (line–plane parameter, then barycentrics from the Gram
//! matrix), through vertices, edges, coplanar and degenerate cases, at every scale.

mod support;

use num_traits::Zero;
use quickcheck::{Arbitrary, Gen};
use support::*;
use surety_intervals::arbitrary::checker;
use surety_intervals::{Interval, Policy, Vec3, Verdict};
use surety_queries::{
    cast_ray_triangle, decide_hit_ray_triangle, decide_intersect_segment_triangle,
    decide_point_in_triangle, intersect_segment_triangle, point_in_triangle, Ray, Segment,
    SegmentTriangle, Triangle,
};

fn triangle(a: Vec3<f64>, b: Vec3<f64>, c: Vec3<f64>) -> Triangle<Interval> {
    Triangle::new(lift(a), lift(b), lift(c)).expect("finite corners")
}

/// Exact segment/ray–triangle answer; `None` when the line lies in the triangle's plane (or
/// the triangle is degenerate), a case the library answers `Maybe`.
fn exact_hit(
    p: Vec3<f64>,
    dir: Vec3<f64>,
    [a, b, c]: [Vec3<f64>; 3],
    segment: bool,
) -> Option<bool> {
    let (qp, qd, qa, qb, qc) = (q3(p), q3(dir), q3(a), q3(b), q3(c));
    match line_plane(&qp, &qd, &qa, &qb, &qc) {
        Err(true) => None,
        Err(false) => Some(false),
        Ok(lambda) => {
            let in_range = lambda >= Q::zero() && (!segment || lambda <= Q::from_integer(1.into()));
            let x = add(&qp, &scale(&qd, &lambda));
            Some(in_range && in_triangle(&x, &qa, &qb, &qc)?)
        }
    }
}

/// Random triangles with segments aimed at a vertex, an edge point, an interior point or
/// nowhere in particular; some triangles degenerate, some segments in the plane.
fn case(seed: u64) -> ([Vec3<f64>; 3], Vec3<f64>, Vec3<f64>) {
    let mut g = Gen::from_size_and_seed(100, seed);
    let (a, b) = (point(&mut g), point(&mut g));
    let c = match seed % 11 {
        0 => a + (b - a) * 0.5, // collinear: degenerate
        1 => a,                 // coincident corners
        _ => point(&mut g),
    };
    let target = match seed % 5 {
        0 => a,
        1 => b + (c - b) * 0.25, // on an edge (exactly, when the arithmetic is exact)
        2 => a + (b - a) * 0.25 + (c - a) * 0.25,
        _ => point(&mut g),
    };
    let away = match seed % 7 {
        0 => (b - a) * coord(&mut g), // in the plane
        _ => point(&mut g),
    };
    let k = [0, 0, 0, 60, -60, 500, -500][(seed / 5 % 7) as usize];
    let s = |v: Vec3<f64>| scaled(v, k);
    ([s(a), s(b), s(c)], s(target + away), s(target - away))
}

/// [`case`] with each axis scaled by its own power of two: whether the segment meets the
/// triangle is unchanged (a positive diagonal map), but products of two differences underflow
/// while their third factor is huge.
fn axis_scaled_case(seed: u64) -> ([Vec3<f64>; 3], Vec3<f64>, Vec3<f64>) {
    // seed / 5 % 7 = 0: the unscaled variant of the case.
    let (tri, p, q) = case(seed % 5 + 35 * (seed / 64));
    let k = AXIS_SCALES[seed as usize % AXIS_SCALES.len()];
    let s = |v| axis_scaled(v, k);
    (tri.map(s), s(p), s(q))
}

fn agrees(verdict: Verdict, exact: Option<bool>) -> bool {
    match exact {
        Some(e) => verdict.certain().is_none_or(|v| v == e),
        None => verdict.is_maybe(),
    }
}

fn segment_verdicts_agree_with_exact_arithmetic(seed: u64) -> bool {
    let (tri, p, q) = case(seed);
    if !finite(&[tri[0], tri[1], tri[2], p, q, q - p]) {
        return true;
    }
    let seg = Segment::new(lift(p), lift(q)).expect("finite");
    let v = intersect_segment_triangle(&seg, &triangle(tri[0], tri[1], tri[2]));
    // The LP oracle decides every case, the segment in the plane and degenerate triangles
    // included (the query decides those too now).
    v.certain()
        .is_none_or(|x| x == segment_meets_triangle(p, q, tri))
}

fn ray_verdicts_and_parameters_agree_with_exact_arithmetic(seed: u64) -> bool {
    let (tri, p, q) = case(seed);
    let dir = q - p;
    if !finite(&[tri[0], tri[1], tri[2], p, dir]) {
        return true;
    }
    let ray = Ray::new(lift(p), lift(dir)).expect("finite");
    let hit = cast_ray_triangle(&ray, &triangle(tri[0], tri[1], tri[2]));
    let exact = exact_hit(p, dir, tri, false);
    let t_ok = match line_plane(&q3(p), &q3(dir), &q3(tri[0]), &q3(tri[1]), &q3(tri[2])) {
        // The enclosure is promised whenever the verdict is not a certain miss.
        Ok(lambda) if !hit.hit.is_false() => hit.t.contains_rational(&lambda),
        _ => true,
    };
    let _ = exact;
    hit.hit
        .certain()
        .is_none_or(|x| x == ray_meets_triangle(p, dir, tri))
        && t_ok
}

/// Segments and triangles in one tilted plane, built exactly: corners and ends are grid
/// combinations `o + i·u + j·v` of two small integer directions, so segments end on edges,
/// pass through corners and overlap edges exactly; some triangles and segments collapse.
fn coplanar_case(seed: u64) -> ([Vec3<f64>; 3], Vec3<f64>, Vec3<f64>) {
    let mut g = Gen::from_size_and_seed(100, seed);
    let o = point(&mut g);
    let small = |g: &mut Gen| (i64::arbitrary(g) % 4) as f64;
    let u = Vec3::new(small(&mut g), small(&mut g), small(&mut g));
    let v = Vec3::new(small(&mut g), small(&mut g), 1.0 + small(&mut g));
    let at = |g: &mut Gen| {
        let (i, j) = (
            (i64::arbitrary(g) % 9) as f64 / 4.0,
            (i64::arbitrary(g) % 9) as f64 / 4.0,
        );
        o + u * i + v * j
    };
    let (a, b) = (at(&mut g), at(&mut g));
    let c = if seed % 7 == 0 {
        a + (b - a) * 0.75
    } else {
        at(&mut g)
    };
    let p = if seed % 5 == 0 { b } else { at(&mut g) };
    let q = if seed % 6 == 0 { p } else { at(&mut g) };
    let k = [0, 0, 40, -40][(seed / 7 % 4) as usize];
    let s = |x: Vec3<f64>| scaled(x, k);
    ([s(a), s(b), s(c)], s(p), s(q))
}

/// The filter stack for the segment (and for its first end as a point) against the
/// vertex-enumeration oracle, as `f64` shapes and rounded to `f32`.
fn stack_agrees(tri: [Vec3<f64>; 3], p: Vec3<f64>, q: Vec3<f64>) -> bool {
    if !finite(&[tri[0], tri[1], tri[2], p, q, q - p]) {
        return true;
    }
    let t = Triangle::<f64>::new(tri[0], tri[1], tri[2]).unwrap();
    let seg = Segment::<f64>::new(p, q).unwrap();
    let exact = segment_meets_triangle(p, q, tri);
    let exact_point = point_in_closed_triangle(p, tri);
    let w = |v: Vec3<f32>| v.map(f64::from);
    let [a32, b32, c32] = tri.map(to_f32);
    let (p32, q32) = (to_f32(p), to_f32(q));
    let f32_ok = match (
        Triangle::<f32>::new(a32, b32, c32),
        Segment::<f32>::new(p32, q32),
    ) {
        (Ok(t32), Ok(s32)) => {
            let exact32 = segment_meets_triangle(w(p32), w(q32), [w(a32), w(b32), w(c32)]);
            stages_agree(&SegmentTriangle::new(&s32, &t32), exact32)
        }
        _ => true, // out of f32 range
    };
    stages_agree(&SegmentTriangle::new(&seg, &t), exact)
        && stages_agree(&SegmentTriangle::point(p, &t), exact_point)
        && decide_intersect_segment_triangle(&seg, &t, Policy::Exact) == Verdict::from(exact)
        && decide_point_in_triangle(p, &t, Policy::Exact) == Verdict::from(exact_point)
        && f32_ok
}

#[test]
fn every_stack_stage_agrees_with_vertex_enumeration_coplanar_and_degenerate_included() {
    fn random(seed: u64) -> bool {
        let (tri, p, q) = case(seed);
        stack_agrees(tri, p, q)
    }
    fn coplanar(seed: u64) -> bool {
        let (tri, p, q) = coplanar_case(seed);
        stack_agrees(tri, p, q)
    }
    fn per_axis_scaled(seed: u64) -> bool {
        let (tri, p, q) = axis_scaled_case(seed);
        stack_agrees(tri, p, q)
    }
    // Off-grid: through a point of an edge or a corner computed in floats, so the exact
    // answer is decided below the rounding of every float formula.
    fn through_rounded_edge(seed: u64) -> bool {
        let mut g = Gen::from_size_and_seed(100, seed);
        let unit = |g: &mut Gen| (u64::arbitrary(g) >> 11) as f64 / (1u64 << 53) as f64;
        let mut p = || Vec3::new(unit(&mut g), unit(&mut g), unit(&mut g));
        let (a, b, c, away) = (p(), p(), p(), p());
        let target = match seed % 3 {
            0 => a + (b - a) * (seed % 1000) as f64 / 1000.0,
            1 => b + (c - b) * 0.1,
            _ => c,
        };
        stack_agrees([a, b, c], target + away, target - away)
    }
    checker_quarter().quickcheck(random as fn(u64) -> bool);
    checker_quarter().quickcheck(coplanar as fn(u64) -> bool);
    checker_quarter().quickcheck(per_axis_scaled as fn(u64) -> bool);
    checker_quarter().quickcheck(through_rounded_edge as fn(u64) -> bool);
}

/// The filter stack for the ray from `p` along `d` against the exact oracle, as `f64` shapes
/// and rounded to `f32`.
fn ray_stack_agrees(tri: [Vec3<f64>; 3], p: Vec3<f64>, d: Vec3<f64>) -> bool {
    if !finite(&[tri[0], tri[1], tri[2], p, d]) {
        return true;
    }
    let t = Triangle::<f64>::new(tri[0], tri[1], tri[2]).unwrap();
    let ray = Ray::<f64>::new(p, d).unwrap();
    let exact = ray_meets_triangle(p, d, tri);
    let w = |v: Vec3<f32>| v.map(f64::from);
    let [a32, b32, c32] = tri.map(to_f32);
    let (p32, d32) = (to_f32(p), to_f32(d));
    let f32_ok = match (
        Triangle::<f32>::new(a32, b32, c32),
        Ray::<f32>::new(p32, d32),
    ) {
        (Ok(t32), Ok(r32)) => {
            let exact32 = ray_meets_triangle(w(p32), w(d32), [w(a32), w(b32), w(c32)]);
            stages_agree(&SegmentTriangle::ray(&r32, &t32), exact32)
        }
        _ => true, // out of f32 range
    };
    stages_agree(&SegmentTriangle::ray(&ray, &t), exact)
        && decide_hit_ray_triangle(&ray, &t, Policy::Exact) == Verdict::from(exact)
        && f32_ok
}

/// Rays from the segment cases' first end along the segment (or back, away from it): random,
/// in the plane, per-axis scaled, and with a zero direction (the coplanar cases' collapsed
/// segments), against the exact oracle.
#[test]
fn every_stack_stage_agrees_with_the_exact_ray_oracle_coplanar_and_degenerate_included() {
    fn along(seed: u64, (tri, p, q): ([Vec3<f64>; 3], Vec3<f64>, Vec3<f64>)) -> bool {
        let d = if seed % 3 == 0 { p - q } else { q - p };
        ray_stack_agrees(tri, p, d)
    }
    fn random(seed: u64) -> bool {
        along(seed, case(seed))
    }
    fn coplanar(seed: u64) -> bool {
        along(seed, coplanar_case(seed))
    }
    fn per_axis_scaled(seed: u64) -> bool {
        along(seed, axis_scaled_case(seed))
    }
    checker_quarter().quickcheck(random as fn(u64) -> bool);
    checker_quarter().quickcheck(coplanar as fn(u64) -> bool);
    checker_quarter().quickcheck(per_axis_scaled as fn(u64) -> bool);
}

/// Rays by hand, exactly decided: in the triangle's plane towards it, away from it, along an
/// edge's line from beyond a corner (both ways), starting inside, grazing a corner; against a
/// degenerate triangle (a segment) along its line and across it; a zero direction.
#[test]
fn rays_in_the_plane_and_against_degenerate_triangles_are_decided_exactly() {
    let v = |x: f64, y: f64, z: f64| Vec3::new(x, y, z);
    let t = [v(0.0, 0.0, 0.0), v(1.0, 0.0, 0.0), v(0.0, 1.0, 0.0)];
    let seg = [v(0.0, 0.0, 0.0), v(2.0, 2.0, 2.0), v(1.0, 1.0, 1.0)];
    let cases = [
        (t, v(-5.0, 0.25, 0.0), v(1.0, 0.0, 0.0), true),
        (t, v(-5.0, 0.25, 0.0), v(-1.0, 0.0, 0.0), false),
        (t, v(3.0, 0.0, 0.0), v(-1.0, 0.0, 0.0), true),
        (t, v(3.0, 0.0, 0.0), v(1.0, 0.0, 0.0), false),
        (t, v(0.25, 0.25, 0.0), v(7.0, -3.0, 0.0), true),
        // Through the corner (1, 0, 0) from (2, -1, 0) and on along the edge x + y = 1;
        // tilted by an ulp, just outside or just inside.
        (t, v(2.0, -1.0, 0.0), v(-1.0, 1.0, 0.0), true),
        (t, v(2.0, -1.0, 0.0), v(-1.0, 1.0f64.next_up(), 0.0), false),
        (t, v(2.0, -1.0, 0.0), v(-1.0, 1.0f64.next_down(), 0.0), true),
        (t, v(0.25, 0.25, 1.0), v(0.0, 0.0, 0.0), false),
        (t, v(0.25, 0.25, 0.0), v(0.0, 0.0, 0.0), true),
        (seg, v(5.0, 5.0, 5.0), v(-1.0, -1.0, -1.0), true),
        (seg, v(5.0, 5.0, 5.0), v(1.0, 1.0, 1.0), false),
        (seg, v(1.0, 0.0, 1.0), v(0.0, 1.0, 0.0), true),
        (seg, v(1.0, 0.0, 1.0), v(0.0, -1.0, 0.0), false),
    ];
    for (tri, p, d, expected) in cases {
        assert_eq!(
            ray_meets_triangle(p, d, tri),
            expected,
            "oracle: {p:?} + t {d:?}"
        );
        assert!(ray_stack_agrees(tri, p, d), "stack: {p:?} + t {d:?}");
    }
}

/// Products that overflow: `(q - p) × (c - a)` has an infinite component where `b - a` is
/// exactly zero, so the float determinant is `0 · ∞ = NaN` and so is its error bound, while `v`
/// stays finite and clear of its bound. The segment crosses the triangle; a filter that read
/// the NaN bound as cleared took the determinant to be negative and was certain of a miss (it
/// did, until this test). Then the same with `b - a` itself overflowing.
/// Extreme coordinates (products that overflow next to zeros, differences that overflow,
/// products that underflow) with the segment aimed through a corner or an edge's midpoint, so
/// that about half the cases hit: no stage may be certain and wrong. Checks a stage's answer
/// against the oracle only where the stage is certain, so it runs many cases cheaply.
#[test]
fn extreme_coordinates_never_give_any_stage_a_certain_lie() {
    fn prop(seed: u64) -> bool {
        let mut g = Gen::from_size_and_seed(100, seed);
        let [a, b, c, p] = [(); 4].map(|_| extreme_point(&mut g));
        let through = match seed % 4 {
            0 => a,
            1 => (a + b) * 0.5,
            2 => (b + c) * 0.5,
            _ => extreme_point(&mut g),
        };
        let q = through * 2.0 - p;
        if !finite(&[a, b, c, p, q, q - p, through]) {
            return true;
        }
        let (t, seg) = (Triangle::new(a, b, c).unwrap(), Segment::new(p, q).unwrap());
        certain_stages_agree(&SegmentTriangle::new(&seg, &t), || {
            segment_meets_triangle(p, q, [a, b, c])
        }) && certain_stages_agree(&SegmentTriangle::point(through, &t), || {
            point_in_closed_triangle(through, [a, b, c])
        }) && certain_stages_agree(
            &SegmentTriangle::ray(&Ray::new(p, q - p).unwrap(), &t),
            || ray_meets_triangle(p, q - p, [a, b, c]),
        )
    }
    checker_many().quickcheck(prop as fn(u64) -> bool);
}

/// Rounding noise over an exact zero. Every coordinate is a full-precision double in [1, 2),
/// where differences are exact and the float triple products carry rounding errors of up to
/// several `u·M` (measured: 5–8 `u·M`, `M` the product of the per-axis maxima the static filter
/// bounds with); the segment passes *exactly* through a corner or the midpoint of an edge
/// (built on the `2^-52` grid, where the sums are exact), so one of Möller–Trumbore's
/// quantities is exactly zero and its float value is pure noise. A filter whose bound is short
/// of that noise reads the noise as a side and is certain of a miss; the exact answer is a hit.
#[test]
fn rounding_noise_over_an_exact_zero_never_gives_a_certain_answer() {
    fn prop(seed: u64) -> bool {
        let mut g = Gen::from_size_and_seed(100, seed);
        let unit = |g: &mut Gen| (u64::arbitrary(g) >> 11) as f64 / (1u64 << 53) as f64;
        let ulp = pow2(-52);
        // A multiple of 2^-52 in (-r, r): added to a number in [1, 2), exact while the sum
        // stays in [1, 2).
        let grid = |g: &mut Gen, r: f64| {
            let mut k = || ((unit(g) * 2.0 - 1.0) * r / ulp).trunc() * ulp;
            Vec3::new(k(), k(), k())
        };
        let full = |g: &mut Gen| {
            let mut k = || 1.25 + unit(g) * 0.5;
            Vec3::new(k(), k(), k())
        };
        let (a, c) = (full(&mut g), full(&mut g));
        let h = grid(&mut g, 0.12);
        let b = a + h * 2.0;
        let through = if seed % 2 == 0 { c } else { a + h };
        let w = grid(&mut g, 0.12);
        let (p, q) = (through + w, through - w);
        // The construction is exact (Sterbenz: these differences are exact, so equality here
        // is equality of the reals).
        let exact = (p - through) == w && (through - q) == w && (b - a) == h * 2.0;
        let (t, seg) = (
            Triangle::<f64>::new(a, b, c).unwrap(),
            Segment::<f64>::new(p, q).unwrap(),
        );
        exact
            && certain_stages_agree(&SegmentTriangle::new(&seg, &t), || {
                segment_meets_triangle(p, q, [a, b, c])
            })
    }
    checker_many().quickcheck(prop as fn(u64) -> bool);
}

#[test]
fn products_that_overflow_never_give_a_certain_answer_with_a_nan_bound() {
    let tri = [
        Vec3::new(0.0, -0.25, 0.0),
        Vec3::new(0.0, 0.75, 0.0),
        Vec3::new(1.0, -0.25, 1e160),
    ];
    for (p, q) in [
        (
            Vec3::new(1.0, -1e160, 0.5e160),
            Vec3::new(0.0, 1e160, 0.5e160),
        ),
        (
            Vec3::new(0.0, 1e160, 0.5e160),
            Vec3::new(1.0, -1e160, 0.5e160),
        ),
    ] {
        assert!(segment_meets_triangle(p, q, tri));
        assert!(stack_agrees(tri, p, q), "{p:?} → {q:?}");
    }
    let tri = [
        Vec3::new(-1e308, 0.0, 0.0),
        Vec3::new(1e308, 0.0, 2.0),
        Vec3::new(-0.99e308, 0.0, 0.0),
    ];
    for (p, q) in [
        (
            Vec3::new(-0.999e308, 1.0, 5e-4),
            Vec3::new(-0.999e308, -1.0, 5e-4),
        ),
        (
            Vec3::new(-0.999e308, -1.0, 5e-4),
            Vec3::new(-0.999e308, 1.0, 5e-4),
        ),
    ] {
        assert!(segment_meets_triangle(p, q, tri));
        assert!(stack_agrees(tri, p, q), "{p:?} → {q:?}");
    }
}

#[test]
fn the_stack_decides_segments_in_the_plane_and_degenerate_triangles_exactly() {
    let t = Triangle::<f64>::new(
        Vec3::new(0.0, 0.0, 0.0),
        Vec3::new(4.0, 0.0, 0.0),
        Vec3::new(0.0, 4.0, 0.0),
    )
    .unwrap();
    let seg = |p: Vec3<f64>, q: Vec3<f64>| Segment::<f64>::new(p, q).unwrap();
    let hit = |s: &Segment<f64>, t: &Triangle<f64>| {
        decide_intersect_segment_triangle(s, t, Policy::Exact)
    };
    // In the plane: ending on the hypotenuse, crossing the triangle, along an edge, beside it.
    assert_eq!(
        hit(&seg(Vec3::new(3.0, 3.0, 0.0), Vec3::new(2.0, 2.0, 0.0)), &t),
        Verdict::True
    );
    assert_eq!(
        hit(
            &seg(Vec3::new(-1.0, 1.0, 0.0), Vec3::new(5.0, 1.0, 0.0)),
            &t
        ),
        Verdict::True
    );
    assert_eq!(
        hit(&seg(Vec3::new(5.0, 0.0, 0.0), Vec3::new(9.0, 0.0, 0.0)), &t),
        Verdict::False
    );
    assert_eq!(
        hit(&seg(Vec3::new(4.0, 0.0, 0.0), Vec3::new(9.0, 0.0, 0.0)), &t),
        Verdict::True
    );
    let beside = seg(
        Vec3::new(3.0, 3.0, 0.0),
        Vec3::new(2.0, 2f64.next_up(), 0.0),
    );
    assert_eq!(hit(&beside, &t), Verdict::False);
    // A degenerate triangle (the segment from (0,0,0) to (2,2,0)) against crossing and
    // collinear segments.
    let flat = Triangle::<f64>::new(
        Vec3::new(0.0, 0.0, 0.0),
        Vec3::new(1.0, 1.0, 0.0),
        Vec3::new(2.0, 2.0, 0.0),
    )
    .unwrap();
    assert_eq!(
        hit(
            &seg(Vec3::new(0.0, 2.0, 0.0), Vec3::new(2.0, 0.0, 0.0)),
            &flat
        ),
        Verdict::True
    );
    assert_eq!(
        hit(
            &seg(Vec3::new(0.0, 2.0, 1.0), Vec3::new(2.0, 0.0, 1.0)),
            &flat
        ),
        Verdict::False
    );
    assert_eq!(
        hit(
            &seg(Vec3::new(2.0, 2.0, 0.0), Vec3::new(3.0, 3.0, 0.0)),
            &flat
        ),
        Verdict::True
    );
    assert_eq!(
        hit(
            &seg(Vec3::new(2.5, 2.5, 0.0), Vec3::new(3.0, 3.0, 0.0)),
            &flat
        ),
        Verdict::False
    );
    // A point triangle and a point segment.
    let dot = Triangle::<f64>::new(Vec3::splat(1.0), Vec3::splat(1.0), Vec3::splat(1.0)).unwrap();
    assert_eq!(
        hit(&seg(Vec3::splat(1.0), Vec3::splat(1.0)), &dot),
        Verdict::True
    );
    assert_eq!(
        hit(&seg(Vec3::splat(1.0), Vec3::splat(1f64.next_up())), &dot),
        Verdict::True
    );
    assert_eq!(
        hit(&seg(Vec3::splat(1f64.next_up()), Vec3::splat(2.0)), &dot),
        Verdict::False
    );
}

fn point_verdicts_agree_with_exact_arithmetic(seed: u64) -> bool {
    let (tri, target, _) = case(seed);
    if !finite(&[tri[0], tri[1], tri[2], target]) {
        return true;
    }
    let v = point_in_triangle(lift(target), &triangle(tri[0], tri[1], tri[2]));
    // Degenerate triangles are decided too: the exact oracle covers them.
    v.certain()
        .is_none_or(|x| x == point_in_closed_triangle(target, tri))
}

#[test]
fn segment_verdicts_agree_with_exact_arithmetic_through_vertices_edges_and_planes() {
    checker().quickcheck(segment_verdicts_agree_with_exact_arithmetic as fn(u64) -> bool);
}

#[test]
fn ray_verdicts_and_hit_parameters_agree_with_exact_arithmetic() {
    checker()
        .quickcheck(ray_verdicts_and_parameters_agree_with_exact_arithmetic as fn(u64) -> bool);
}

#[test]
fn point_in_triangle_verdicts_agree_with_exact_arithmetic() {
    checker().quickcheck(point_verdicts_agree_with_exact_arithmetic as fn(u64) -> bool);
}

/// seed 000: a segment through the edge shared by two faces of a closed mesh must hit at
/// least one of them; with exact closed-set answers it hits both, so neither may be
/// certainly missed.
fn segment_through_a_shared_edge_is_never_missed_by_both_faces(seed: u64) -> bool {
    shared_edge_case(seed).is_none_or(|ok| ok)
}

/// `None` when rounding in the construction moved the segment off the edge (nothing to check).
fn shared_edge_case(seed: u64) -> Option<bool> {
    let mut g = Gen::from_size_and_seed(100, seed);
    let (a, b, c, d) = (point(&mut g), point(&mut g), point(&mut g), point(&mut g));
    let on_edge = a + (b - a) * [0.0, 0.25, 0.5, 1.0][(seed % 4) as usize];
    let dir = point(&mut g);
    let (p, q) = (on_edge + dir, on_edge - dir);
    if !finite(&[p, q, q - p, on_edge]) {
        return None;
    }
    let seg = Segment::new(lift(p), lift(q)).unwrap();
    let first = intersect_segment_triangle(&seg, &triangle(a, b, c));
    let second = intersect_segment_triangle(&seg, &triangle(b, a, d));
    // The constructed point is on the edge, and the segment through it, only if the
    // construction was exact; check both exactly.
    let (qa, qb, qe, qp, qq) = (q3(a), q3(b), q3(on_edge), q3(p), q3(q));
    let exact_through_edge = on_segment(&qa, &qb, &qe) && on_segment(&qp, &qq, &qe);
    exact_through_edge.then_some(!(first.is_false() && second.is_false()))
}

#[test]
fn shared_edge_proof_covers_many_exact_constructions() {
    let exact = (0..2000).filter(|&s| shared_edge_case(s).is_some()).count();
    assert!(exact > 500, "only {exact} of 2000 constructions were exact");
}

/// Exact: `w` lies on the closed segment `uv`.
fn on_segment(u: &Q3, v: &Q3, w: &Q3) -> bool {
    let collinear = cross(&sub(v, u), &sub(w, u)).iter().all(|x| x.is_zero());
    collinear && dot(&sub(w, u), &sub(w, v)) <= Q::zero()
}

#[test]
fn segment_through_a_shared_edge_is_never_missed_by_both_faces_prop() {
    checker()
        .quickcheck(segment_through_a_shared_edge_is_never_missed_by_both_faces as fn(u64) -> bool);
}

#[test]
fn segments_through_a_vertex_an_edge_and_the_interior_hit_certainly() {
    let t = triangle(
        Vec3::new(0.0, 0.0, 0.0),
        Vec3::new(4.0, 0.0, 0.0),
        Vec3::new(0.0, 4.0, 0.0),
    );
    for target in [
        Vec3::new(0.0, 0.0, 0.0),
        Vec3::new(4.0, 0.0, 0.0),
        Vec3::new(2.0, 2.0, 0.0),
        Vec3::new(1.0, 1.0, 0.0),
    ] {
        let seg = Segment::new(
            lift(target + Vec3::new(0.25, -0.125, 1.0)),
            lift(target - Vec3::new(0.25, -0.125, 1.0)),
        )
        .unwrap();
        assert_eq!(
            intersect_segment_triangle(&seg, &t),
            Verdict::True,
            "through {target:?}"
        );
    }
}

#[test]
fn segment_starting_on_the_face_hits_and_one_ending_just_short_misses() {
    let t = triangle(
        Vec3::new(0.0, 0.0, 0.0),
        Vec3::new(1.0, 0.0, 0.0),
        Vec3::new(0.0, 1.0, 0.0),
    );
    let starts_on = Segment::new(
        lift(Vec3::new(0.25, 0.25, 0.0)),
        lift(Vec3::new(0.25, 0.25, 1.0)),
    )
    .unwrap();
    assert_eq!(intersect_segment_triangle(&starts_on, &t), Verdict::True);
    let short = Segment::new(
        lift(Vec3::new(0.25, 0.25, 1.0)),
        lift(Vec3::new(0.25, 0.25, 2f64.powi(-40))),
    )
    .unwrap();
    assert_eq!(intersect_segment_triangle(&short, &t), Verdict::False);
}

#[test]
fn segments_in_the_plane_and_degenerate_triangles_are_decided_on_interval_shapes_too() {
    let t = triangle(
        Vec3::new(0.0, 0.0, 0.0),
        Vec3::new(1.0, 0.0, 0.0),
        Vec3::new(0.0, 1.0, 0.0),
    );
    let in_plane = Segment::new(
        lift(Vec3::new(-1.0, 0.25, 0.0)),
        lift(Vec3::new(2.0, 0.25, 0.0)),
    )
    .unwrap();
    // One statement with the stack's: the separating axis test in the plane decides.
    assert_eq!(intersect_segment_triangle(&in_plane, &t), Verdict::True);
    let in_plane_miss = Segment::new(
        lift(Vec3::new(-1.0, 1.25, 0.0)),
        lift(Vec3::new(2.0, 1.25, 0.0)),
    )
    .unwrap();
    assert_eq!(
        intersect_segment_triangle(&in_plane_miss, &t),
        Verdict::False
    );
    let sliver = triangle(
        Vec3::new(0.0, 0.0, 0.0),
        Vec3::new(1.0, 1.0, 1.0),
        Vec3::new(2.0, 2.0, 2.0),
    );
    let through = Segment::new(
        lift(Vec3::new(1.0, 1.0, 0.0)),
        lift(Vec3::new(1.0, 1.0, 2.0)),
    )
    .unwrap();
    assert_eq!(intersect_segment_triangle(&through, &sliver), Verdict::True);
    let beside = Segment::new(
        lift(Vec3::new(1.0, 1.5, 0.0)),
        lift(Vec3::new(1.0, 1.5, 2.0)),
    )
    .unwrap();
    assert_eq!(intersect_segment_triangle(&beside, &sliver), Verdict::False);
    let parallel_off = Segment::new(
        lift(Vec3::new(-1.0, 0.25, 1.0)),
        lift(Vec3::new(2.0, 0.25, 1.0)),
    )
    .unwrap();
    assert_eq!(
        intersect_segment_triangle(&parallel_off, &t),
        Verdict::False
    );
}

#[test]
fn ray_parameter_encloses_the_exact_hit_distance() {
    let t = triangle(
        Vec3::new(0.0, 0.0, 0.1),
        Vec3::new(1.0, 0.0, 0.1),
        Vec3::new(0.0, 1.0, 0.1),
    );
    let r = Ray::new(
        lift(Vec3::new(0.2, 0.2, 3.0)),
        lift(Vec3::new(0.0, 0.0, -3.0)),
    )
    .unwrap();
    let hit = cast_ray_triangle(&r, &t);
    assert_eq!(hit.hit, Verdict::True);
    let exact = (q(3.0) - q(0.1)) / q(3.0);
    assert!(hit.t.contains_rational(&exact), "{} misses {exact}", hit.t);
    assert!(hit.t.width() < 1e-15);
}

/// The float query's hit parameter is finite for finite input, on `f64` and `f32`: a ray in
/// the triangle's plane (`det = 0`, the quotient `0 / 0`) starts at its origin, and a
/// quotient that overflows is the greatest float of its sign.
#[test]
fn float_ray_parameter_is_finite_for_a_ray_in_the_plane_and_a_grazing_one() {
    let corners = [(0.0, 0.0, 0.0), (1.0, 0.0, 0.0), (0.0, 1.0, 0.0)];
    macro_rules! check {
        ($f:ty) => {{
            let v = |(x, y, z): (f64, f64, f64)| Vec3::new(x as $f, y as $f, z as $f);
            let t = Triangle::<$f>::new(v(corners[0]), v(corners[1]), v(corners[2])).unwrap();
            // In the plane, through the triangle.
            let r = Ray::new(v((-1.0, 0.25, 0.0)), v((1.0, 0.0, 0.0))).unwrap();
            let hit = cast_ray_triangle(&r, &t);
            assert!(
                hit.t.is_finite() && hit.t == 0.0,
                "{}: {hit:?}",
                stringify!($f)
            );
            // Nearly in the plane, from far above: t_num / det overflows.
            let tiny = <$f>::from_bits(1);
            let r = Ray::<$f>::new(v((0.25, 0.25, 0.0)), Vec3::new(0.0, 0.0, -tiny)).unwrap();
            let far =
                Ray::<$f>::new(Vec3::new(0.25, 0.25, <$f>::MAX / 2.0), r.direction()).unwrap();
            let hit = cast_ray_triangle(&far, &t);
            assert!(hit.t.is_finite(), "{}: {hit:?}", stringify!($f));
            assert_eq!(hit.t, <$f>::MAX);
            // And the ordinary case keeps the quotient.
            let down = Ray::new(v((0.25, 0.25, 2.0)), v((0.0, 0.0, -1.0))).unwrap();
            assert_eq!(cast_ray_triangle(&down, &t).t, 2.0);
        }};
    }
    check!(f64);
    check!(f32);
}

/// Exact `|x| >= 1e-9 · scale`.
fn clear(x: &Q, scale: &Q) -> bool {
    abs(x) * Q::from_integer(1_000_000_000.into()) >= *scale
}

fn clear_random_cases_get_certain_answers(seed: u64) -> bool {
    clear_case(seed).is_none_or(|ok| ok)
}

/// `None` when the case is not clear of the boundary.
fn clear_case(seed: u64) -> Option<bool> {
    // Moderate random inputs: coordinates from the grid and uniform ranges only.
    let mut g = Gen::from_size_and_seed(100, seed);
    let mut p = || moderate_point(&mut g);
    let (a, b, c, s, t) = (p(), p(), p(), p(), p());
    let (qa, qb, qc, qs, qt) = (q3(a), q3(b), q3(c), q3(s), q3(t));
    let dir = sub(&qt, &qs);
    let n = cross(&sub(&qb, &qa), &sub(&qc, &qa));
    let (nn, dd) = (dot(&n, &n), dot(&dir, &dir));
    let denom = dot(&n, &dir);
    // Clearly non-parallel: |n·dir| >= 1e-9 |n||dir| (squared).
    if nn.is_zero()
        || dd.is_zero()
        || !clear(
            &(&denom * &denom),
            &(&nn * &dd / Q::from_integer(1_000_000_000.into())),
        )
    {
        return None;
    }
    let lambda = dot(&n, &sub(&qa, &qs)) / &denom;
    let x = add(&qs, &scale(&dir, &lambda));
    // Barycentrics of the crossing point from the Gram system, and their distance from 0 and 1.
    let (e1, e2, w) = (sub(&qb, &qa), sub(&qc, &qa), sub(&x, &qa));
    let (g11, g12, g22) = (dot(&e1, &e1), dot(&e1, &e2), dot(&e2, &e2));
    let det = &g11 * &g22 - &g12 * &g12;
    let (r1, r2) = (dot(&e1, &w), dot(&e2, &w));
    let u = (&r1 * &g22 - &r2 * &g12) / &det;
    let v = (&g11 * &r2 - &g12 * &r1) / &det;
    let one = Q::from_integer(1.into());
    let unit = one.clone();
    let all_clear = [
        u.clone(),
        v.clone(),
        &one - &u - &v,
        lambda.clone(),
        &one - &lambda,
    ]
    .iter()
    .all(|x| clear(x, &unit));
    if !all_clear {
        return None;
    }
    let l32 = Vec3::<Interval<f32>>::lift_f64;
    let seg = Segment::new(lift(s), lift(t)).unwrap();
    let seg32 = Segment::<Interval<f32>>::new(l32(s), l32(t)).unwrap();
    let tri32 = Triangle::<Interval<f32>>::new(l32(a), l32(b), l32(c)).unwrap();
    let exact = exact_hit(s, t - s, [a, b, c], true);
    let certified = intersect_segment_triangle(&seg, &triangle(a, b, c));
    // The f32 enclosures of the f64 inputs are sound too (they hold the exact inputs).
    let certified32 = intersect_segment_triangle(&seg32, &tri32);
    Some(certified.certain() == exact && agrees(certified32, exact))
}

#[test]
fn most_random_segments_are_clear_of_the_boundary() {
    let clear = (0..1000).filter(|&s| clear_case(s).is_some()).count();
    assert!(clear > 300, "only {clear} of 1000 random cases were clear");
}

#[test]
fn clear_random_segments_get_certain_answers_and_f32_intervals_stay_sound() {
    checker().quickcheck(clear_random_cases_get_certain_answers as fn(u64) -> bool);
}

#[test]
fn sliver_triangles_are_never_certainly_wrong() {
    // Needle-thin triangles: two corners 1e-12 apart, or a third corner 1e-13 off the line.
    let mut g = Gen::from_size_and_seed(100, 3);
    for i in 0..2000 {
        let (a, b) = (point(&mut g), point(&mut g));
        let c = if i % 2 == 0 {
            a + Vec3::new(1e-12, -1e-12, 0.0)
        } else {
            a + (b - a) * 0.5 + Vec3::new(0.0, 0.0, 1e-13)
        };
        let target = a + (b - a) * 0.25;
        let d = point(&mut g);
        let (p, q) = (target + d, target - d);
        if !finite(&[a, b, c, p, q, q - p]) {
            continue;
        }
        let seg = Segment::new(lift(p), lift(q)).unwrap();
        let v = intersect_segment_triangle(&seg, &triangle(a, b, c));
        assert!(
            v.certain()
                .is_none_or(|x| x == segment_meets_triangle(p, q, [a, b, c])),
            "sliver case {i}"
        );
        let pv = point_in_triangle(lift(target), &triangle(a, b, c));
        assert!(
            pv.certain()
                .is_none_or(|x| x == point_in_closed_triangle(target, [a, b, c])),
            "sliver point {i}"
        );
    }
}

/// Issue 17: a nearly flat triangle and a grazing ray whose exact hit parameter is 1/2 got
/// `t = [0, 0]` with a `Maybe` hit: an early certain miss skipped `t`'s numerator, and a
/// possibly zero determinant then turned the verdict back into `Maybe`.
#[test]
fn ray_triangle_encloses_the_hit_parameter_whenever_the_hit_is_not_certainly_missed() {
    let p = Vec3::new(1.7343749999994316, 2.1562500000045475, -1.468750000001819);
    let d = Vec3::new(
        1.1368683772161603e-12,
        -9.094947017729282e-12,
        3.637978807091713e-12,
    );
    let tri = [
        Vec3::new(1.4999999999999998, 2.0, -0.75),
        Vec3::new(-0.375, 0.75, 5.0),
        Vec3::new(1.03125, 1.6875, 0.6875),
    ];
    let hit = cast_ray_triangle(
        &Ray::new(lift(p), lift(d)).unwrap(),
        &triangle(tri[0], tri[1], tri[2]),
    );
    let lambda = line_plane(&q3(p), &q3(d), &q3(tri[0]), &q3(tri[1]), &q3(tri[2]));
    if !hit.hit.is_false() {
        match lambda {
            Ok(lambda) => assert!(hit.t.contains_rational(&lambda), "{hit:?}, exact {lambda}"),
            Err(_) => assert_eq!(hit.t, Interval::ENTIRE),
        }
    }
    assert!(hit
        .hit
        .certain()
        .is_none_or(|x| x == ray_meets_triangle(p, d, tri)));
}

/// A ray or segment skew to a degenerate triangle (a segment, or a point) and passing it at a
/// small distance is certainly apart already in intervals (`f64` ends): on the
/// common normal of the two lines, `w = e × d`, the ray does not move at all (the exact
/// normal's `w·d` is zero identically, though its interval enclosure straddles zero), so its
/// projection is one point, clear of the triangle's; on every other axis the projections
/// overlap. Until this was used, such a face was never apart in intervals and went to the
/// exact stage. Each answer checked against the exact oracles, and every stage of the filter
/// stack against them too; through the triangle (no offset), only agreement is asked, and so
/// on `f32` ends, where the triangle's degeneracy is itself lost in rounding (its cross
/// products take more than 24 bits), so that `det` is not known to be zero.
#[test]
fn rays_skew_to_degenerate_triangles_are_certainly_apart_in_intervals() {
    use surety_intervals::stack::{decide_in, Stage};
    let mut g = Gen::new(100);
    // Twelve bits, so that the corners below are exactly collinear (or equal) and the
    // stack's `f64` intervals compute `n` and `det` exactly (zero).
    let unit = |g: &mut Gen| f64::from(u32::arbitrary(g) >> 20) / 4096.0 - 0.5;
    let mut apart = 0;
    for case in 0..1200 {
        // Every sixth case at an extreme scale (products over- or underflow there: only
        // agreement with the oracle is asked).
        let extreme = case % 6 == 5;
        let k = i32::from(i8::arbitrary(&mut g) % 40);
        let scale = match (extreme, [300, 500, 900][case % 3]) {
            (false, _) => 2f64.powi(k),
            (true, far) => 2f64.powi(if k < 0 { -far } else { far }),
        };
        let v = |g: &mut Gen| Vec3::new(unit(g), unit(g), unit(g));
        let (base, e, d) = (v(&mut g), v(&mut g), v(&mut g));
        let m = e.cross(d);
        // A segment (b, c on the line through a along e) or a point; everything made at
        // unit scale, then scaled exactly.
        let (sb, sc) = if bool::arbitrary(&mut g) {
            (1.0, 2.0)
        } else {
            (0.0, 0.0)
        };
        let tri = [base, base + e * sb, base + e * sc].map(|c| c * scale);
        let mid = base + e * (0.5 * sb);
        for offset in [0.0, 1.0, -1.0] {
            // Through about `mid` at t = 2, or about 2^-12 of the scale off it along m.
            let p = (mid - d * 2.0 + m * (offset / 4096.0)) * scale;
            let (d, q) = (d * scale, p + d * (4.0 * scale));
            let exact = ray_meets_triangle(p, d, tri);
            assert_eq!(segment_meets_triangle(p, q, tri), exact);
            // The generic queries on interval shapes.
            let t64 = triangle(tri[0], tri[1], tri[2]);
            let hit = cast_ray_triangle(&Ray::new(lift(p), lift(d)).unwrap(), &t64).hit;
            let seg = Segment::new(lift(p), lift(q)).unwrap();
            let segment = intersect_segment_triangle(&seg, &t64);
            assert!(agrees(hit, Some(exact)) && agrees(segment, Some(exact)));
            // The stack on float shapes, every stage, ray and segment.
            assert!(ray_stack_agrees(tri, p, d) && stack_agrees(tri, p, q));
            if extreme {
                continue;
            }
            let rt = SegmentTriangle::ray(
                &Ray::<f64>::new(p, d).unwrap(),
                &Triangle::<f64>::new(tri[0], tri[1], tri[2]).unwrap(),
            );
            // The f32 shapes, against the oracle on their own coordinates.
            let w = |v: Vec3<f32>| v.map(f64::from);
            let (t32, p32, d32) = (tri.map(to_f32), to_f32(p), to_f32(d));
            let exact32 = ray_meets_triangle(w(p32), w(d32), t32.map(w));
            let l32 = |v: Vec3<f32>| v.map(Interval::<f32>::from);
            let tri32 = Triangle::new(l32(t32[0]), l32(t32[1]), l32(t32[2])).unwrap();
            let hit32 = cast_ray_triangle(&Ray::new(l32(p32), l32(d32)).unwrap(), &tri32).hit;
            assert!(agrees(hit32, Some(exact32)));
            if offset != 0.0 {
                // Off by far more than any rounding: certainly apart, in intervals already.
                assert!(!exact && !exact32, "{tri:?}, {p:?} + t {d:?}");
                assert_eq!(
                    (hit, segment),
                    (Verdict::False, Verdict::False),
                    "{sb} {tri:?}, {p:?} + t {d:?}"
                );
                assert_eq!(decide_in(&rt, Stage::Interval), Some(false));
                apart += 1;
            }
        }
    }
    assert_eq!(apart, 2000);
}
