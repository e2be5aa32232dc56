//! The hand-written static filters are tight, not only sound: on clear random inputs (moderate
//! coordinates, no near tie) each decides almost every case by itself, with the exact answer.
//! A sound filter whose bound is needlessly loose (a constant off by a factor, an underflow
//! term of the wrong magnitude) answers nothing and costs a trip down the stack on every
//! call; these properties see that where soundness proofs cannot. The rates are printed
//! (`cargo test --test static_filters -- --nocapture`).

mod support;

use support::Rng;
use surety_intervals::stack::{decide_in, Formula, Stage};
use surety_intervals::Vec3;
use surety_queries::{
    Aabb, Obb, ObbObb, Orient3d, Segment, SegmentTriangle, Sphere, SphereAabb, SphereTriangle,
    Triangle, TriangleAabb,
};

const CASES: usize = 2000;

/// A coordinate uniform in `[-1, 1)`, on a 2^-40 grid (no tie is likely).
fn x(rng: &mut Rng) -> f64 {
    (rng.next() >> 24) as f64 / 2f64.powi(39) - 1.0
}

fn v(rng: &mut Rng) -> Vec3<f64> {
    Vec3::new(x(rng), x(rng), x(rng))
}

/// Decides `CASES` formulas with the static filter alone: every answer must be the exact
/// stage's, and at least `min_rate` of them must be answered.
fn tight<F: Formula>(name: &str, seed: u64, min_rate: f64, make: impl Fn(&mut Rng) -> F)
where
    F::Output: PartialEq + core::fmt::Debug,
{
    let mut rng = Rng(seed);
    let mut decided = 0;
    for _ in 0..CASES {
        let f = make(&mut rng);
        if let Some(answer) = decide_in(&f, Stage::Static) {
            decided += 1;
            assert_eq!(Some(answer), decide_in(&f, Stage::Exact), "{name}");
        }
    }
    let rate = decided as f64 / CASES as f64;
    println!("{name}: the static filter decided {:.1} %", 100.0 * rate);
    assert!(
        rate >= min_rate,
        "{name}: the static filter decided {:.1} % of clear cases, expected {:.0} % or more",
        100.0 * rate,
        100.0 * min_rate
    );
}

fn triangle(rng: &mut Rng) -> Triangle<f64> {
    Triangle::new(v(rng), v(rng), v(rng)).unwrap()
}

/// Asserts that whatever the static filter answers for `f` is the exact answer (`case`
/// names the inputs); true when it answered.
#[track_caller]
fn exact_if_decided<F: Formula>(f: &F, case: impl FnOnce() -> String) -> bool
where
    F::Output: PartialEq + core::fmt::Debug,
{
    let Some(answer) = decide_in(f, Stage::Static) else {
        return false;
    };
    assert_eq!(Some(answer), decide_in(f, Stage::Exact), "{}", case());
    true
}

/// A box `[lo, hi]` of size `s` and a triangle through its corner `hi` (up to rounding of
/// the other corners, a fraction `u`, `w` of the way to `a`, `b`), checked by
/// [`exact_if_decided`].
fn triangle_through_corner(rng: &mut Rng, a: Vec3<f64>, b: Vec3<f64>, s: f64) -> bool {
    let (u, w) = (x(rng).abs(), x(rng).abs());
    let lo = v(rng) * s;
    let hi = lo + v(rng).abs() * s;
    let Ok(t) = Triangle::<f64>::new(hi, hi + (a - hi) * u, hi + (b - hi) * w) else {
        return false;
    };
    let f = TriangleAabb::new(&t, &Aabb::<f64>::new(lo, hi).unwrap());
    exact_if_decided(&f, || format!("{t:?} {lo:?} {hi:?}"))
}

#[test]
fn static_filters_decide_clear_cases_and_decide_them_exactly() {
    tight("orient3d", 1, 0.98, |r| {
        Orient3d::new(v(r), v(r), v(r), v(r))
    });
    tight("segment-triangle", 2, 0.95, |r| {
        SegmentTriangle::new(&Segment::new(v(r), v(r)).unwrap(), &triangle(r))
    });
    tight("sphere-triangle", 3, 0.95, |r| {
        let s = Sphere::new(v(r), x(r).abs() * 0.5).unwrap();
        SphereTriangle::new(&s, &triangle(r))
    });
    tight("triangle-aabb", 4, 0.95, |r| {
        let lo = v(r);
        let b = Aabb::new(lo, lo + v(r).abs() * 0.5).unwrap();
        TriangleAabb::new(&triangle(r), &b)
    });
    tight("sphere-aabb", 5, 0.95, |r| {
        let lo = v(r);
        let b = Aabb::<f64>::new(lo, lo + v(r).abs() * 0.5).unwrap();
        SphereAabb::new(&Sphere::<f64>::new(v(r), x(r).abs() * 0.5).unwrap(), &b)
    });
    tight("obb-obb", 6, 0.95, |r| {
        let obb = |r: &mut Rng| {
            // Axes of a float rotation about a random axis (not exactly orthonormal).
            let (s, c) = (x(r) * 3.0).sin_cos();
            let axes = [
                Vec3::new(c, s, 0.0),
                Vec3::new(-s, c, 0.0),
                Vec3::new(0.0, 0.0, 1.0),
            ];
            Obb::new(v(r), axes, v(r).abs() * 0.5).unwrap()
        };
        ObbObb::new(&obb(r), &obb(r))
    });
}

/// Near ties at small and large scales: `d` on the plane of `a, b, c` up to rounding (so the
/// exact orientation is a rounding error away from zero), a triangle through a box's corner up
/// to rounding. Whatever the static filter decides must be the exact answer. Magnitudes below 1
/// matter: there a product of two magnitudes is smaller than their sum, so a bound built from
/// the wrong one is too small (cargo-mutants found that `|p| · |n|` for `|p| + |n|` in the
/// cross product's permanent survived the clear cases above).
#[test]
fn static_filters_are_exact_on_near_ties_at_every_scale() {
    let mut rng = Rng(7);
    let mut decided = 0;
    for i in 0..20_000 {
        let k = [-40, -20, -4, 0, 8][i % 5];
        let s = 2f64.powi(k);
        let (a, b, c) = (v(&mut rng) * s, v(&mut rng) * s, v(&mut rng) * s);
        let (u, w) = (x(&mut rng).abs(), x(&mut rng).abs());
        let d = a + (b - a) * u + (c - a) * w;
        let f = Orient3d::new(a, b, c, d);
        decided += usize::from(exact_if_decided(&f, || format!("{a:?} {b:?} {c:?} {d:?}")));
        decided += usize::from(triangle_through_corner(&mut rng, a, b, s));
    }
    println!("near ties: the static filters decided {decided} of 40000");
}

/// Spheres touching a triangle up to rounding, at every scale the sphere–triangle filter
/// covers (`2^-110` to `2^110`) and below it (`2^-150` to `2^-180`, where products of six
/// differences underflow), with the sphere's radius and the triangle's size apart by up to
/// `2^40`: a point on the face (or on an edge), moved off along the face's normal
/// (and, for an edge, outward in the plane too), with the radius its float distance. The
/// static filter must answer exactly whatever it answers. Its bounds are polynomials in the
/// largest coordinate difference `l` and `r²`; cargo-mutants found that `l²` taken as
/// `l + l` or `l / l`, `l⁴` as `2 l²`, `l⁶` as `l⁴ + l²` or `l⁴ / l²`, `648 l⁶` as
/// `648 / l⁶`, or the bound's sum as a product survived the clear cases at moderate scales;
/// each answers wrongly here.
#[test]
fn sphere_triangle_static_filter_is_exact_on_near_tangency_at_every_scale() {
    let mut rng = Rng(11);
    let (mut decided, mut cases) = (0, 0);
    for i in 0..16_000 {
        let k = [-180, -170, -150, -110, -100, -60, -20, 0, 20, 60, 100, 110][i % 12];
        let s = 2f64.powi(k);
        let (a, b, c) = (v(&mut rng) * s, v(&mut rng) * s, v(&mut rng) * s);
        let n = (b - a).cross(c - a);
        if !n.length_squared().is_normal() {
            continue;
        }
        let n = n * (1.0 / n.length());
        // Off the face, or off an edge's midpoint (outward in the plane and up).
        let (u, w) = (x(&mut rng).abs() * 0.5, x(&mut rng).abs() * 0.5);
        let lift = s * 2f64.powi(-[0, 10, 20, 40][i / 12 % 4]);
        let (q, out) = if i % 2 == 0 {
            (a + (b - a) * u + (c - a) * w, Vec3::new(0.0, 0.0, 0.0))
        } else {
            let m = (b - a).cross(n);
            let m = m * (1.0 / m.length());
            let side = if m.dot(c - a) > 0.0 { -1.0 } else { 1.0 };
            (a + (b - a) * u, m * (side * x(&mut rng).abs()))
        };
        let p = q + (n * x(&mut rng) + out) * lift;
        let r = (p - q).length();
        let Ok(sphere) = Sphere::new(p, r) else {
            continue;
        };
        cases += 1;
        let f = SphereTriangle::new(&sphere, &Triangle::new(a, b, c).unwrap());
        decided += usize::from(exact_if_decided(&f, || {
            format!("{a:?} {b:?} {c:?} {p:?} {r:?}")
        }));
    }
    println!("sphere-triangle near tangency: the static filter decided {decided} of {cases}");
    assert!(cases > 14_000);
}

/// The sphere–triangle filter's derivation covers coordinate differences from `2^-120` to
/// `2^120` (its bounds are products of up to six of them, which must not underflow): a
/// sphere centred on a smaller triangle, plainly overlapping it, is left to the later
/// stages, which decide it. (A pin on the range: cargo-mutants found that the range's lower
/// end could be `2^-1015` or 0 without any other test noticing.)
#[test]
fn sphere_triangle_static_filter_leaves_triangles_below_its_range() {
    for k in [-121, -130, -170, -200] {
        let s = 2f64.powi(k);
        let (a, b, c) = (
            Vec3::new(0.0, 0.0, 0.0),
            Vec3::new(s, 0.0, 0.0),
            Vec3::new(0.0, s, 0.0),
        );
        let sphere = Sphere::new(Vec3::new(s / 4.0, s / 4.0, 0.0), s / 8.0).unwrap();
        let f = SphereTriangle::new(&sphere, &Triangle::new(a, b, c).unwrap());
        assert_eq!(decide_in(&f, Stage::Static), None, "2^{k}");
        assert_eq!(decide_in(&f, Stage::Exact), Some(true), "2^{k}");
    }
}

/// Triangles through a box's corner (up to rounding) where the box is far smaller than the
/// triangle and near the origin (`2^-20` to `2^-60`), or far from it: the triangle–AABB
/// filter's error bound sums, per coordinate, the triangle's and the box's largest
/// magnitudes, and a bound built from their product would be far too small when the box's
/// are tiny. Whatever the filter answers must be exact. (cargo-mutants: `X_k · C_k` for
/// `X_k + C_k` survives even these: it answers 7 886 of them instead of 4 203, all rightly;
/// random near ties stay far from the worst-case rounding the bound covers.)
#[test]
fn triangle_aabb_static_filter_is_exact_on_near_ties_with_a_small_box() {
    let mut rng = Rng(17);
    let mut decided = 0;
    for i in 0..20_000 {
        let s = 2f64.powi([-20, -40, -60][i % 3]);
        let (a, b) = (v(&mut rng), v(&mut rng));
        decided += usize::from(triangle_through_corner(&mut rng, a, b, s));
    }
    println!("triangle-aabb, small boxes: the static filter decided {decided} of 20000");
}
