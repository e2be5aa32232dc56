//! Sphere–AABB: certain verdicts agree with exact arithmetic; tangent cases are never
//! certainly wrong; clear cases are certain.

mod support;

use quickcheck::{Arbitrary, Gen};
use support::*;
use surety_intervals::arbitrary::checker;
use surety_intervals::stack::{decide_in, Stage};
use surety_intervals::{Interval, Policy, Vec3, Verdict};
use surety_queries::{decide_overlap_sphere_aabb, overlap_sphere_aabb, Aabb, Sphere, SphereAabb};

/// Exact: squared distance from `c` to the box minus `r²` (<= 0 means overlap).
fn exact_margin(c: Vec3<f64>, r: f64, lo: Vec3<f64>, hi: Vec3<f64>) -> Q {
    let zero = Q::from_integer(0.into());
    let mut d2 = zero.clone();
    for ((c, lo), hi) in c
        .to_array()
        .into_iter()
        .zip(lo.to_array())
        .zip(hi.to_array())
    {
        let gap = (q(lo) - q(c)).max(q(c) - q(hi)).max(zero.clone());
        d2 += &gap * &gap;
    }
    d2 - q(r) * q(r)
}

fn shapes(g: &mut Gen) -> (Vec3<f64>, f64, Vec3<f64>, Vec3<f64>) {
    let (a, b) = (point(g), point(g));
    (point(g), coord(g).abs(), a.min(b), a.max(b))
}

fn certified(c: Vec3<f64>, r: f64, lo: Vec3<f64>, hi: Vec3<f64>) -> Verdict {
    let s = Sphere::<Interval>::new(lift(c), r).expect("valid sphere");
    let b = Aabb::new(lift(lo), lift(hi)).expect("valid box");
    overlap_sphere_aabb(&s, &b)
}

fn certain_verdicts_agree_with_exact_arithmetic(seed: u64) -> bool {
    let mut g = Gen::from_size_and_seed(100, seed);
    let (c, r, lo, hi) = shapes(&mut g);
    let exact = exact_margin(c, r, lo, hi) <= Q::from_integer(0.into());
    certified(c, r, lo, hi).certain().is_none_or(|v| v == exact)
}

/// A sphere built tangent to a face, an edge or a corner (exactly, with grid coordinates),
/// then nudged by a few ulps of its radius.
fn near_tangent(seed: u64) -> (Vec3<f64>, f64, Vec3<f64>, Vec3<f64>) {
    let lo = Vec3::new(0.0, 0.0, 0.0);
    let hi = Vec3::new(1.0, 2.0, 4.0);
    let kind = seed % 3;
    // Face x = 1 (center straight out), edge (x = 1, y = 2) along z, or the corner hi: the
    // tangent radius is a grid value, so tangency is exact.
    let out = Vec3::new(3.0, 4.0, 12.0) / 16.0; // length 13/16
    let (c, r) = match kind {
        0 => (Vec3::new(1.75, 1.0, 2.0), 0.75),
        1 => (Vec3::new(1.0 + 0.375, 2.0 + 0.5, 2.0), 0.625), // 3-4-5 right triangle, /8
        _ => (hi + out, 13.0 / 16.0),
    };
    let nudge = (seed / 3 % 9) as i64 - 4;
    (c, ulps(r, nudge), lo, hi)
}

fn tangent_spheres_are_never_certainly_wrong(seed: u64) -> bool {
    let (c, r, lo, hi) = near_tangent(seed);
    let exact = exact_margin(c, r, lo, hi) <= Q::from_integer(0.into());
    let k = (seed % 7) as i32 * 40 - 120; // scaled from 2^-120 to 2^120, exactly
    let v = certified(scaled(c, k), r * pow2(k), scaled(lo, k), scaled(hi, k));
    v.certain().is_none_or(|v| v == exact)
}

/// The filter stack on the same shapes as `f64` and as `f32` shapes: each stage certain only
/// when right, and exact under `Policy::Exact`.
fn stack_agrees(c: Vec3<f64>, r: f64, lo: Vec3<f64>, hi: Vec3<f64>) -> bool {
    let exact = exact_margin(c, r, lo, hi) <= Q::from_integer(0.into());
    let s = Sphere::<f64>::new(c, r).expect("valid sphere");
    let b = Aabb::<f64>::new(lo, hi).expect("valid box");
    let (c32, lo32, hi32) = (to_f32(c), to_f32(lo), to_f32(hi));
    let r32 = r as f32;
    let f32_ok = match (Sphere::<f32>::new(c32, r32), Aabb::<f32>::new(lo32, hi32)) {
        (Ok(s32), Ok(b32)) => {
            let widen = |v: Vec3<f32>| v.map(f64::from);
            let exact32 = exact_margin(widen(c32), r32.into(), widen(lo32), widen(hi32))
                <= Q::from_integer(0.into());
            stages_agree(&SphereAabb::new(&s32, &b32), exact32)
        }
        _ => true, // out of f32 range
    };
    stages_agree(&SphereAabb::new(&s, &b), exact)
        && decide_overlap_sphere_aabb(&s, &b, Policy::Exact) == Verdict::from(exact)
        && f32_ok
}

#[test]
fn every_stack_stage_agrees_with_exact_arithmetic_on_random_and_tangent_shapes() {
    fn random(seed: u64) -> bool {
        let (c, r, lo, hi) = shapes(&mut Gen::from_size_and_seed(100, seed));
        stack_agrees(c, r, lo, hi)
    }
    fn tangent(seed: u64) -> bool {
        let (c, r, lo, hi) = near_tangent(seed);
        // Moderate scales, and the edges of the static filter's range: squares that
        // underflow (below 2^-538) or overflow (above 2^512), and subnormal coordinates.
        const SCALES: [i32; 16] = [
            -1060, -1000, -600, -540, -520, -470, -450, -120, -40, 0, 40, 120, 440, 460, 500, 510,
        ];
        let k = SCALES[(seed % 16) as usize];
        stack_agrees(scaled(c, k), r * pow2(k), scaled(lo, k), scaled(hi, k))
    }
    checker().quickcheck(random as fn(u64) -> bool);
    checker().quickcheck(tangent as fn(u64) -> bool);
    checker().quickcheck(rounded_tangent as fn(u64) -> bool);
}

/// Off-grid shapes whose radius is the float distance to the box, moved by up to 2 ulps:
/// the exact comparison is decided below the rounding of every float formula, so any stage
/// whose bound is too small certifies a wrong answer here.
fn rounded_tangent(seed: u64) -> bool {
    let mut g = Gen::from_size_and_seed(100, seed);
    let unit = |g: &mut Gen| (u64::arbitrary(g) >> 11) as f64 / (1u64 << 53) as f64;
    let lo = Vec3::new(unit(&mut g), unit(&mut g), unit(&mut g));
    let hi = lo + Vec3::new(1.0, 1.0, 1.0) * 0.5;
    // Out past a face, an edge or a corner.
    let kind = seed % 3;
    let mut c = lo + Vec3::new(unit(&mut g), unit(&mut g), unit(&mut g)) * 0.5;
    let out = |v: f64, h: f64| h + 0.1 + v;
    c.x = out(unit(&mut g), hi.x);
    if kind >= 1 {
        c.y = out(unit(&mut g), hi.y);
    }
    if kind == 2 {
        c.z = out(unit(&mut g), hi.z);
    }
    let d2: f64 = (0..3)
        .map(|i| {
            let (c, lo, hi) = (c.to_array()[i], lo.to_array()[i], hi.to_array()[i]);
            (lo - c).max(c - hi).max(0.0).powi(2)
        })
        .sum();
    let r = ulps(d2.sqrt(), (seed / 3 % 5) as i64 - 2);
    stack_agrees(c, r, lo, hi)
}

#[test]
fn gaps_whose_squares_underflow_are_never_taken_for_zero() {
    // A point sphere 2^-600 outside a box: the gap squared is 2^-1200, which underflows to 0
    // in floats, but it is not zero. A filter that trusted s = 0 would say "touching".
    let tiny = 2f64.powi(-600);
    let b = Aabb::<f64>::new(Vec3::new(0.0, 0.0, 0.0), Vec3::new(1.0, 1.0, 1.0)).unwrap();
    for (c, r) in [
        (Vec3::new(1.0 + f64::EPSILON, 0.5, 0.5), 0.0),
        (Vec3::new(-tiny, 0.5, 0.5), 0.0),
        (Vec3::new(-tiny, -tiny, 1.0 + tiny), tiny),
        (Vec3::new(-tiny, 0.5, 0.5), tiny / 2.0),
        (Vec3::new(0.5, 0.5, 0.5), 0.0),
        // Three gaps of 1.32 · 2^-538: each square rounds to 0, their exact sum is
        // 2^-1073.6; r² = 2^-1074.8 rounds up to 2^-1074 > 0. Apart, and s = 0 < fl(r²).
        (
            Vec3::new(-1.0, -1.0, -1.0) * (1.3195 * 2f64.powi(-538)),
            1.5157 * 2f64.powi(-538),
        ),
    ] {
        let exact = exact_margin(c, r, b.min(), b.max()) <= Q::from_integer(0.into());
        let s = Sphere::<f64>::new(c, r).unwrap();
        assert!(stages_agree(&SphereAabb::new(&s, &b), exact), "{c:?} {r}");
    }
    let s = Sphere::<f64>::new(Vec3::new(-tiny, 0.5, 0.5), 0.0).unwrap();
    assert_eq!(
        decide_overlap_sphere_aabb(&s, &b, Policy::Exact),
        Verdict::False
    );
}

#[test]
fn exactly_tangent_spheres_are_decided_exactly_by_the_stack() {
    let b = Aabb::<f32>::new(Vec3::new(0.0, 0.0, 0.0), Vec3::new(1.0, 2.0, 4.0)).unwrap();
    // Tangent to the corner (1, 2, 4) along (3, 4, 12)/16: radius 13/16, exactly.
    let c = Vec3::new(1.0 + 3.0 / 16.0, 2.0 + 4.0 / 16.0, 4.0 + 12.0 / 16.0);
    let tangent = Sphere::<f32>::new(c, 13.0 / 16.0).unwrap();
    let short = Sphere::<f32>::new(c, (13.0f32 / 16.0).next_down()).unwrap();
    assert_eq!(
        decide_overlap_sphere_aabb(&tangent, &b, Policy::Exact),
        Verdict::True
    );
    assert_eq!(
        decide_overlap_sphere_aabb(&short, &b, Policy::Exact),
        Verdict::False
    );
    // Without the exact stage the stack may say Maybe there, but never the wrong answer.
    let v = decide_overlap_sphere_aabb(&short, &b, Policy::Conservative);
    assert_ne!(v, Verdict::True);
}

#[test]
fn certain_verdicts_agree_with_exact_arithmetic_on_random_shapes() {
    checker().quickcheck(certain_verdicts_agree_with_exact_arithmetic as fn(u64) -> bool);
}

#[test]
fn tangent_spheres_are_never_certainly_wrong_at_any_scale() {
    checker().quickcheck(tangent_spheres_are_never_certainly_wrong as fn(u64) -> bool);
}

#[test]
fn sphere_exactly_tangent_to_face_edge_and_corner_overlaps_certainly() {
    for kind in 0..3 {
        let (c, r, lo, hi) = near_tangent(kind + 3 * 4); // nudge 0: exactly tangent
        assert_eq!(exact_margin(c, r, lo, hi), Q::from_integer(0.into()));
        assert_eq!(certified(c, r, lo, hi), Verdict::True, "kind {kind}");
    }
}

#[test]
fn zero_radius_sphere_is_a_point_test() {
    let (lo, hi) = (Vec3::new(0.0, 0.0, 0.0), Vec3::new(1.0, 1.0, 1.0));
    assert_eq!(
        certified(Vec3::new(1.0, 0.5, 0.5), 0.0, lo, hi),
        Verdict::True
    );
    assert_eq!(
        certified(Vec3::new(1.0f64.next_up(), 0.5, 0.5), 0.0, lo, hi),
        Verdict::False
    );
}

#[test]
fn clear_cases_get_certain_answers_and_floats_agree() {
    let mut g = Gen::from_size_and_seed(100, 5);
    let (mut checked, mut maybe) = (0, 0);
    for _ in 0..20_000 {
        let (c, r, lo, hi) = shapes(&mut g);
        let margin = exact_margin(c, r, lo, hi);
        let scale = q(r) * q(r) + q(c.length_squared()) + Q::from_integer(1.into());
        let clear = abs(&margin) >= scale / Q::from_integer(1_000_000_000.into());
        if !clear {
            continue;
        }
        checked += 1;
        let v = certified(c, r, lo, hi);
        let plain = overlap_sphere_aabb(
            &Sphere::<f64>::new(c, r).unwrap(),
            &Aabb::new(lo, hi).unwrap(),
        );
        match v.certain() {
            Some(answer) => assert_eq!(plain.certain(), Some(answer)),
            None => maybe += 1,
        }
    }
    assert!(checked > 10_000);
    assert_eq!(maybe, 0, "clear cases answered maybe");
}

/// Extreme coordinates and radii (squares that overflow, gaps that overflow, squares that
/// underflow), with the centre sometimes on a box corner: no stage may be certain and wrong.
#[test]
fn extreme_coordinates_never_give_any_stage_a_certain_lie() {
    fn prop(seed: u64) -> bool {
        let mut g = Gen::from_size_and_seed(100, seed);
        let [c, p, q, r] = [(); 4].map(|_| extreme_point(&mut g));
        let (lo, hi) = (p.min(q), p.max(q));
        let c = if seed % 2 == 0 { lo } else { c };
        let r = r.x.abs();
        if !finite(&[c, lo, hi]) {
            return true;
        }
        let (s, b) = (
            Sphere::<f64>::new(c, r).unwrap(),
            Aabb::<f64>::new(lo, hi).unwrap(),
        );
        certain_stages_agree(&SphereAabb::new(&s, &b), || {
            exact_margin(c, r, lo, hi) <= Q::from_integer(0.into())
        })
    }
    checker_many().quickcheck(prop as fn(u64) -> bool);
}

/// Gaps whose squares underflow: a center `g = 0.7746 · 2^-537` off a box's corner edge in
/// both x and y, so each squared gap is `0.6` units of `2^-1074` and rounds up to one unit
/// (the sum `2` units, exactly `1.2`), and a radius whose square is `1.4` units, rounded down
/// to one. Floats order the two wrongly; the sphere overlaps the box. The static filter
/// answers only where its derivation holds (squared distances from `2^-900`, or a center in
/// the box): cargo-mutants found that a test of "the center is in the box" on `g0 - g1 + g2`
/// instead of `g0 + g1 + g2`, true here, survived every other test and answered "apart";
/// likewise `g0 + g1 - g2`, `g0 * g1 + g2` and `g0 + g1 * g2` on the cases below.
/// Then a corner case the other way round, and shapes at `2^-950`, inside the range the
/// derivation excludes: no answer from the static filter, the exact one from the stack.
#[test]
fn squared_gaps_that_round_up_below_the_normal_range_are_decided_exactly() {
    let unit = 2f64.powi(-537);
    let (lo, hi) = (Vec3::splat(-1.0), Vec3::splat(0.0));
    let b = Aabb::new(lo, hi).unwrap();
    // No answer from the static filter; the exact one from every stage that answers, from
    // the stack under `Policy::Exact` and from the interval shapes.
    let left_to_the_stack = |c: Vec3<f64>, r: f64, overlap: bool| {
        let zero = Q::from_integer(0.into());
        assert_eq!(exact_margin(c, r, lo, hi) <= zero, overlap, "{c:?} {r:?}");
        let s = Sphere::new(c, r).unwrap();
        let formula = SphereAabb::new(&s, &b);
        assert_eq!(decide_in(&formula, Stage::Static), None, "{c:?} {r:?}");
        assert!(stages_agree(&formula, overlap), "{c:?} {r:?}");
        assert_ne!(
            certified(c, r, lo, hi),
            Verdict::from(!overlap),
            "{c:?} {r:?}"
        );
    };
    let (g, r) = (0.6f64.sqrt() * unit, 1.4f64.sqrt() * unit);
    assert_eq!(g * g + g * g, 2.0 * pow2(-1074));
    assert_eq!(r * r, pow2(-1074));
    left_to_the_stack(Vec3::new(g, g, -0.5), r, true);
    // Gaps `g, g, 2g` off a corner with `g² = 0.3` units: the squares round to 0, 0 and 1
    // (exactly 1.8), the radius's square from 1.6 up to 2 units. Apart, though floats say
    // overlapping (and `g0 + g1 - g2` is 0 here).
    let (g, r) = (0.3f64.sqrt() * unit, 1.6f64.sqrt() * unit);
    assert!((g * g + g * g) + 4.0 * g * g < r * r);
    left_to_the_stack(Vec3::new(g, g, 2.0 * g), r, false);
    // One gap's square 1.45 units (rounded to 1), another's 0.15 (rounded to 0; the two
    // gaps' product, 0.47 units, rounds to 0 as well), the radius's square 1.55 (rounded to
    // 2): apart (exactly 1.6 against 1.55), though floats say overlapping. The third gap
    // 0, in x or in z: a test of the center on `g0 * g1 + g2` or `g0 + g1 * g2` is true.
    let (ga, gb, r) = (
        1.45f64.sqrt() * unit,
        0.15f64.sqrt() * unit,
        1.55f64.sqrt() * unit,
    );
    assert_eq!((ga * ga, gb * gb, ga * gb), (pow2(-1074), 0.0, 0.0));
    assert_eq!(r * r, pow2(-1073));
    left_to_the_stack(Vec3::new(ga, gb, -0.5), r, false);
    left_to_the_stack(Vec3::new(-0.5, ga, gb), r, false);
    // Squared distances near `2^-950`, below the derivation's range (`2^-900`).
    let (near, far) = (2f64.powi(-476), 2f64.powi(-475));
    left_to_the_stack(Vec3::new(near, near, -0.5), far, true);
    left_to_the_stack(Vec3::new(far, far, -0.5), near, false);
}
