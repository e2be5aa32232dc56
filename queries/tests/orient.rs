//! orient3d through the filter stack: every stage's certain sign is the exact sign of the
//! determinant (rationals), on random, nearly coplanar, exactly coplanar, collinear, huge,
//! tiny and subnormal points; the exact policy always answers.

mod support;

use std::cmp::Ordering;

use num_traits::{Signed, Zero};
use quickcheck::{Arbitrary, Gen};
use support::*;
use surety_intervals::arbitrary::checker;
use surety_intervals::stack::{decide_in, Stage};
use surety_intervals::{Policy, Vec3};
use surety_queries::{orient3d, Orient3d};

/// Exact: the sign of `((b - a) × (c - a)) · (d - a)`.
fn exact(a: Vec3<f64>, b: Vec3<f64>, c: Vec3<f64>, d: Vec3<f64>) -> Ordering {
    let (a, b, c, d) = (q3(a), q3(b), q3(c), q3(d));
    let det = dot(&cross(&sub(&b, &a), &sub(&c, &a)), &sub(&d, &a));
    if det.is_zero() {
        Ordering::Equal
    } else if det.is_positive() {
        Ordering::Greater
    } else {
        Ordering::Less
    }
}

/// Four points: random; the fourth on the plane of the first three up to rounding (nearly
/// coplanar); exactly coplanar or collinear by grid construction; scaled to huge, tiny or
/// subnormal coordinates by a power of two (exact).
fn points(seed: u64) -> [Vec3<f64>; 4] {
    let mut g = Gen::from_size_and_seed(100, seed);
    let (a, b, c) = (point(&mut g), point(&mut g), point(&mut g));
    let (s, t) = (coord(&mut g), coord(&mut g));
    let d = match seed % 5 {
        0 => point(&mut g),
        1 | 2 => a + (b - a) * s + (c - a) * t,
        3 => a + (b - a) * 0.25 + (c - a) * 0.5, // exact for grid points
        _ => a + (b - a) * 2.0,                  // collinear with a, b
    };
    // Up to the edges of the adaptive stage's range (2^±250) and well past them.
    let k = [0, 0, 0, 200, -200, -1000, 900, 240, -240][(seed / 5 % 9) as usize];
    [a, b, c, d].map(|v| scaled(v, k))
}

#[test]
fn every_stage_certain_orientation_is_the_exact_one() {
    fn prop(seed: u64) -> bool {
        let [a, b, c, d] = points(seed);
        if !finite(&[a, b, c, d]) {
            return true;
        }
        let e = exact(a, b, c, d);
        let w = |v: Vec3<f32>| v.map(f64::from);
        let [a32, b32, c32, d32] = [a, b, c, d].map(to_f32);
        let f32_ok = !finite(&[w(a32), w(b32), w(c32), w(d32)])
            || stages_agree(
                &Orient3d::new(a32, b32, c32, d32),
                exact(w(a32), w(b32), w(c32), w(d32)),
            );
        stages_agree(&Orient3d::new(a, b, c, d), e)
            && orient3d(a, b, c, d, Policy::Exact).certain() == Some(e)
            && f32_ok
    }
    checker().quickcheck(prop as fn(u64) -> bool);
}

/// Each axis scaled by its own power of two: the sign is unchanged (the determinant scales by
/// `2^(kx + ky + kz)`), but products of two differences underflow while the third factor is
/// huge, so an underflow error of `2^-1075` grows past the determinant itself.
#[test]
fn underflow_amplified_by_huge_coordinates_never_fools_a_stage() {
    fn prop(seed: u64) -> bool {
        let [a, b, c, d] = points(seed % 5 + 45 * (seed / 64)); // unscaled: seed / 5 % 9 = 0
        let k = AXIS_SCALES[seed as usize % AXIS_SCALES.len()];
        let [a, b, c, d] = [a, b, c, d].map(|v| axis_scaled(v, k));
        !finite(&[a, b, c, d]) || stages_agree(&Orient3d::new(a, b, c, d), exact(a, b, c, d))
    }
    checker().quickcheck(prop as fn(u64) -> bool);
}

#[test]
fn the_filter_decides_random_points_and_the_exact_stage_nearly_coplanar_ones() {
    let mut g = Gen::new(100);
    let unit = |g: &mut Gen| (u64::arbitrary(g) >> 11) as f64 / (1u64 << 53) as f64;
    let (mut random, mut near, mut near_exact) = (0, 0, 0);
    for _ in 0..2000 {
        let p = |g: &mut Gen| Vec3::new(unit(g), unit(g), unit(g));
        let (a, b, c, d) = (p(&mut g), p(&mut g), p(&mut g), p(&mut g));
        let fast = |f: &Orient3d| {
            decide_in(f, Stage::Static)
                .or(decide_in(f, Stage::Filter))
                .is_some()
        };
        random += usize::from(fast(&Orient3d::new(a, b, c, d)));
        let (s, t) = (unit(&mut g), unit(&mut g));
        let on = a + (b - a) * s + (c - a) * t;
        let f = Orient3d::new(a, b, c, on);
        near += usize::from(fast(&f));
        near_exact += usize::from(decide_in(&f, Stage::Exact) == Some(exact(a, b, c, on)));
    }
    assert!(random >= 1990, "filter decided {random}/2000 random");
    assert!(
        near < 1000,
        "filter decided {near}/2000 nearly coplanar: suspiciously many"
    );
    assert_eq!(near_exact, 2000);
}

#[test]
fn exactly_coplanar_and_degenerate_points_are_equal_under_the_exact_policy() {
    let p = Vec3::new;
    let (a, b, c) = (p(0.1, 0.2, 0.3), p(1.7, 0.4, 0.9), p(0.3, 2.9, 0.1));
    assert_eq!(
        orient3d(a, b, c, a, Policy::Exact).certain(),
        Some(Ordering::Equal)
    );
    assert_eq!(
        orient3d(a, a, a, b, Policy::Exact).certain(),
        Some(Ordering::Equal)
    );
    // Sign convention: d on the side the normal (b - a) × (c - a) points to is Greater.
    let o = p(0.0, 0.0, 0.0);
    let (x, y) = (p(1.0, 0.0, 0.0), p(0.0, 1.0, 0.0));
    assert_eq!(
        orient3d(o, x, y, p(0.0, 0.0, 1.0), Policy::Conservative).certain(),
        Some(Ordering::Greater)
    );
    // A subnormal height: below the filter's range; the intervals are sure (every product is
    // exact), and right.
    let tiny = p(0.25, 0.25, f64::from_bits(1));
    assert_eq!(
        orient3d(o, x, y, tiny, Policy::Conservative).certain(),
        Some(Ordering::Greater)
    );
    // Huge coordinates whose products overflow: no certain lie, and the exact answer.
    let big = |v: Vec3<f64>| v * 2f64.powi(1000);
    let (ba, bb, bc) = (big(x), big(y), big(p(1.0, 1.0, 0.0)));
    let above = big(p(0.5, 0.5, 2f64.powi(-900)));
    assert_eq!(
        orient3d(ba, bb, bc, above, Policy::Conservative)
            .certain()
            .unwrap_or(Ordering::Less),
        Ordering::Less
    );
    assert_eq!(
        orient3d(ba, bb, bc, above, Policy::Exact).certain(),
        Some(exact(ba, bb, bc, above))
    );
}

/// Coordinates near `1e-158`: products of two differences underflow. Shewchuk's predicates
/// assume they do not (`robust::orient3d` 1.2 returns 0, coplanar, for these points); the
/// stack leaves them to the generic exact stage and gets the exact sign.
#[test]
fn points_whose_products_underflow_get_the_exact_orientation() {
    let p = |x: f64, y: f64, z: f64| Vec3::new(x, y, z);
    let a = p(
        -1.2387575993765738e-159,
        2.4557038664311136e-158,
        2.1338483995056744e-160,
    );
    let b = p(
        -2.811345266348726e-158,
        -4.474551173755929e-156,
        -3.929837469089617e-159,
    );
    let c = p(
        2.4201397264393524e-158,
        -2.845131199340899e-158,
        2.9962787943058844e-158,
    );
    let d = p(
        1.8590725668138116e-156,
        -3.851678603181473e-156,
        2.1756384867547433e-156,
    );
    let e = exact(a, b, c, d);
    assert_eq!(e, Ordering::Greater);
    assert_eq!(decide_in(&Orient3d::new(a, b, c, d), Stage::Adaptive), None);
    assert_eq!(orient3d(a, b, c, d, Policy::Exact).certain(), Some(e));
    assert!(stages_agree(&Orient3d::new(a, b, c, d), e));
}

/// The static filter's underflow term is `2^-1000 · (|w|₁ + 1)`, and its `+ 1` matters when
/// the fourth point's offset `w` is tiny: the three products `w_i · n_i` of the determinant
/// then underflow on their own, not only the products inside the normal `n`. Here
/// `n = 2^-600 · (1, 1, -1)` exactly and `w = 2^-474 · (0.51, 0.51, 1.1)`, so the products
/// are `0.51`, `0.51` and `-1.1` units of `2^-1074`, each rounded to one unit: the computed
/// determinant is `+2^-1074` while the exact one is `-0.08 · 2^-1074`, and the permanent's
/// bound underflows to 0. cargo-mutants found that `|w|₁ · 1` in place of `|w|₁ + 1`
/// survived every other test; with it the filter answers "positive".
#[test]
fn a_determinant_whose_own_products_underflow_is_never_decided_by_the_filter() {
    let (q, t) = (2f64.powi(-300), 2f64.powi(-474));
    let a = Vec3::new(0.0, 0.0, 0.0);
    let b = Vec3::new(0.0, q, q);
    let c = Vec3::new(q, 0.0, q);
    let d = Vec3::new(0.51 * t, 0.51 * t, 1.1 * t);
    assert_eq!(exact(a, b, c, d), Ordering::Less);
    // The products as the filter forms them: one unit each, the wrong sign in sum.
    let n = 2f64.powi(-600);
    assert_eq!(d.x * n + d.y * n - d.z * n, pow2(-1074));
    let f = Orient3d::new(a, b, c, d);
    assert_eq!(decide_in(&f, Stage::Static), None);
    assert!(stages_agree(&f, Ordering::Less));
    assert_eq!(
        orient3d(a, b, c, d, Policy::Exact).certain(),
        Some(Ordering::Less)
    );
}

/// Extreme coordinates: products that overflow next to zeros (`0 · ∞`), differences that
/// overflow, products that underflow; the fourth point sometimes the midpoint of an edge or a
/// copy of a corner, so exact zeros come up. No stage may be certain and wrong.
#[test]
fn extreme_coordinates_never_give_any_stage_a_certain_lie() {
    fn prop(seed: u64) -> bool {
        let mut g = Gen::from_size_and_seed(100, seed);
        let [a, b, c] = [(); 3].map(|_| extreme_point(&mut g));
        let d = match seed % 3 {
            0 => (a + b) * 0.5,
            1 => c,
            _ => extreme_point(&mut g),
        };
        !finite(&[a, b, c, d])
            || certain_stages_agree(&Orient3d::new(a, b, c, d), || exact(a, b, c, d))
    }
    checker_many().quickcheck(prop as fn(u64) -> bool);
}

/// Exactly coplanar points whose differences round (on the plane `x = y`, magnitudes mixed
/// over twelve orders) and points on a plane `z = const` (a zero permanent): the adaptive
/// stage's compensated sum cannot clear its bound on the first, so they reach its exact
/// fallback, and its zero-permanent rule decides the second. Every stage agrees with the
/// rational oracle, and the adaptive stage decides them all.
#[test]
fn exactly_coplanar_points_reach_the_adaptive_stages_exact_steps() {
    fn prop(seed: u64) -> bool {
        let mut g = Gen::from_size_and_seed(100, seed);
        let [a, b, c, d] = [(); 4].map(|_| point(&mut g));
        let [a, b, c, d] = if seed % 2 == 0 {
            [
                Vec3::new(a.x, a.x, a.z),
                Vec3::new(b.x * 1e6, b.x * 1e6, b.z),
                Vec3::new(c.x, c.x, c.z * 1e-6),
                Vec3::new(d.x, d.x, d.z),
            ]
        } else {
            [a, b, c, d].map(|p| Vec3::new(p.x, p.y, 0.75))
        };
        let f = Orient3d::new(a, b, c, d);
        let e = exact(a, b, c, d);
        e == Ordering::Equal
            && stages_agree(&f, e)
            && (!in_adaptive_range(&[a, b, c, d]) || decide_in(&f, Stage::Adaptive) == Some(e))
    }
    checker_quarter().quickcheck(prop as fn(u64) -> bool);
}

/// Is every coordinate zero or within `[2^-250, 2^250]` (the adaptive stage's range)?
fn in_adaptive_range(points: &[Vec3<f64>]) -> bool {
    points
        .iter()
        .flat_map(|p| p.to_array())
        .all(|x| x == 0.0 || (pow2(-250)..=pow2(250)).contains(&x.abs()))
}
