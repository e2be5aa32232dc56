//! Planes: the distance enclosure holds the exact distance, and the classification's possible
//! sides always include the exact side, with a single side only when that is exact.

mod support;

use num_traits::Zero;
use quickcheck::Gen;
use support::*;
use surety_intervals::arbitrary::checker;
use surety_intervals::{Interval, Policy, Vec3};
use surety_queries::{Plane, PlaneSide, Side, Sides};

fn exact_side(s: &Q, n2: &Q, e: &Q) -> Side {
    if s * s <= e * e * n2 {
        Side::On
    } else if s > &Q::zero() {
        Side::Front
    } else {
        Side::Back
    }
}

/// A normal, a point on the plane, a query point near it and a tolerance.
fn setup(seed: u64) -> (Vec3<f64>, Vec3<f64>, Vec3<f64>, f64) {
    let mut g = Gen::from_size_and_seed(100, seed);
    let n = point(&mut g);
    let p0 = point(&mut g);
    let e = coord(&mut g).abs() / 8.0;
    let p = match seed % 3 {
        0 => point(&mut g),
        // On the band's edge or on the plane, up to rounding of the construction.
        1 => p0 + Vec3::new(-n.y, n.x, 0.0) * coord(&mut g),
        _ => p0 + n * (e / n.length()),
    };
    (n, p0, p, e)
}

fn finite(v: Vec3<f64>) -> bool {
    v.to_array().iter().all(|c| c.is_finite())
}

fn classification_always_allows_the_exact_side(seed: u64) -> bool {
    let (n, p0, p, e) = setup(seed);
    if !finite(p) {
        return true; // the construction overflowed: no input to test
    }
    let Ok(plane) = Plane::<Interval>::from_normal_and_point(lift(n), lift(p0)) else {
        return n.length_squared() == 0.0 || !n.length_squared().is_finite();
    };
    let (qn, s) = (q3(n), dot(&q3(n), &sub(&q3(p), &q3(p0))));
    let n2 = dot(&qn, &qn);
    let exact = exact_side(&s, &n2, &q(e));
    let sides = plane.classify(lift(p), Interval::point(e).unwrap());
    sides.may_be(exact) && sides.certain().is_none_or(|side| side == exact)
}

fn signed_distance_encloses_the_exact_distance(seed: u64) -> bool {
    let (n, p0, p, _) = setup(seed);
    if !finite(p) {
        return true;
    }
    let Ok(plane) = Plane::<Interval>::from_normal_and_point(lift(n), lift(p0)) else {
        return true;
    };
    let d = plane.signed_distance(lift(p));
    let (qn, s) = (q3(n), dot(&q3(n), &sub(&q3(p), &q3(p0))));
    let n2 = dot(&qn, &qn);
    // lo · |n| <= s <= hi · |n|
    let lo_ok = !d.lo().is_finite() || scaled_le(&q(d.lo()), &n2, &s);
    let hi_ok = !d.hi().is_finite() || !scaled_le(&q(d.hi()), &n2, &s) || {
        // equality: hi · |n| == s
        let h = q(d.hi());
        &h * &h * &n2 == &s * &s && (h >= Q::zero()) == (s >= Q::zero())
    };
    lo_ok && hi_ok
}

/// The filter stack on the stored (rounded) normal and offset of an `f64` plane: each stage
/// certain only when right, exact under `Policy::Exact`; also for `f32` planes.
fn stack_agrees(seed: u64) -> bool {
    let (n, p0, p, e) = setup(seed);
    if !finite(p) {
        return true;
    }
    let Ok(plane) = Plane::<f64>::from_normal_and_point(n, p0) else {
        return true; // zero or overflowing normal: rejected, nothing to classify
    };
    let exact_for = |n: Vec3<f64>, offset: f64, p: Vec3<f64>, e: f64| {
        let qn = q3(n);
        let s = dot(&qn, &q3(p)) + q(offset);
        exact_side(&s, &dot(&qn, &qn), &q(e))
    };
    let exact = exact_for(plane.normal(), plane.offset(), p, e);
    let f32_ok = match Plane::<f32>::from_normal_and_point(to_f32(n), to_f32(p0)) {
        Ok(p32) if finite(to_f32(p).map(f64::from)) && (e as f32).is_finite() => {
            let w = |v: Vec3<f32>| v.map(f64::from);
            let (pt, e32) = (to_f32(p), e as f32);
            let exact32 = exact_for(w(p32.normal()), p32.offset().into(), w(pt), e32.into());
            stages_agree(&PlaneSide::new(&p32, pt, e32).unwrap(), exact32)
        }
        _ => true,
    };
    stages_agree(&PlaneSide::new(&plane, p, e).unwrap(), exact)
        && plane.decide_side(p, e, Policy::Exact) == Ok(Sides::from(exact))
        && f32_ok
}

#[test]
fn every_stack_stage_agrees_with_the_exact_side() {
    checker().quickcheck(stack_agrees as fn(u64) -> bool);
}

#[test]
fn the_stack_decides_points_exactly_on_the_band_edge() {
    let plane = Plane::<f64>::new(Vec3::new(0.0, 3.0, 4.0), -10.0).unwrap(); // |n| = 5
    let side = |p: Vec3<f64>, e: f64| plane.decide_side(p, e, Policy::Exact).unwrap().certain();
    assert_eq!(side(Vec3::new(7.0, 2.0, 1.0), 0.0), Some(Side::On));
    assert_eq!(side(Vec3::new(0.0, 2.5, 1.25), 0.5), Some(Side::On)); // D = E exactly
    assert_eq!(
        side(Vec3::new(0.0, 2.5, 1.25f64.next_up()), 0.5),
        Some(Side::Front)
    );
    assert_eq!(
        side(Vec3::new(0.0, 2.5, 1.25), 0.5f64.next_down()),
        Some(Side::Front)
    );
    // A negative tolerance is an error, not an undecided side.
    assert!(plane
        .decide_side(Vec3::new(0.0, -2.5, 1.25), -1.0, Policy::Exact)
        .is_err());
}

#[test]
fn classification_always_allows_the_exact_side_and_is_certain_only_when_exact() {
    checker().quickcheck(classification_always_allows_the_exact_side as fn(u64) -> bool);
}

#[test]
fn signed_distance_encloses_the_exact_distance_for_non_unit_normals() {
    checker().quickcheck(signed_distance_encloses_the_exact_distance as fn(u64) -> bool);
}

#[test]
fn points_exactly_on_the_plane_and_on_the_band_edge_are_certainly_on() {
    let plane = Plane::<Interval>::new(lift(Vec3::new(0.0, 3.0, 4.0)), -10.0).unwrap(); // |n| = 5
    let e = Interval::point(0.5).unwrap();
    let on_plane = lift(Vec3::new(7.0, 2.0, 1.0)); // 6 + 4 - 10 = 0
    assert_eq!(plane.classify(on_plane, e).certain(), Some(Side::On));
    // (0, 2.5, 1.0): s = 7.5 + 4 - 10 = 1.5, |D| = 0.3 <= 0.5: on.
    assert_eq!(
        plane.classify(lift(Vec3::new(0.0, 2.5, 1.0)), e).certain(),
        Some(Side::On)
    );
    // (0, 2.5, 1.5): s = 7.5 + 6 - 10 = 3.5, D = 0.7: front.
    assert_eq!(
        plane.classify(lift(Vec3::new(0.0, 2.5, 1.5)), e).certain(),
        Some(Side::Front)
    );
    // s = 2.5 exactly: D = 0.5 = E, on the band's edge, which belongs to "on".
    assert_eq!(
        plane.classify(lift(Vec3::new(0.0, 2.5, 1.25)), e).certain(),
        Some(Side::On)
    );
}

#[test]
fn a_negative_or_nan_tolerance_allows_every_side() {
    let plane = Plane::new(Vec3::new(0.0, 0.0, 1.0), 0.0).unwrap();
    let p = Vec3::new(0.0, 0.0, 5.0);
    assert_eq!(plane.classify(p, -1.0).certain(), None);
    assert_eq!(plane.classify(p, f64::NAN).certain(), None);
}

#[test]
fn a_zero_normal_is_refused_with_a_named_error() {
    let err = Plane::<Interval>::new(lift(Vec3::new(0.0, 0.0, 0.0)), 1.0).unwrap_err();
    assert_eq!(err.to_string(), "plane normal must not be the zero vector");
    // The square of the smallest subnormal underflows, but the normal is certainly not zero.
    let tiny = Vec3::new(0.0, 0.0, f64::from_bits(1));
    let plane = Plane::<Interval>::new(lift(tiny), 0.0).unwrap();
    let sides = plane.classify(
        lift(Vec3::new(0.0, 0.0, 1.0)),
        Interval::point(0.5).unwrap(),
    );
    assert!(sides.may_be(Side::Front), "{sides}");
}

/// Random moderate inputs whose exact scaled distance is clear of the band's edges and of
/// zero by a relative 1e-9 get a single certain side.
fn clear_points_get_a_certain_side(seed: u64) -> Option<bool> {
    let mut g = Gen::from_size_and_seed(100, seed);
    let mut p = || moderate_point(&mut g);
    let (n, p0, x) = (p(), p(), p());
    let e = (seed % 50) as f64 / 8.0;
    let (qn, w) = (q3(n), sub(&q3(x), &q3(p0)));
    let (n2, s) = (dot(&qn, &qn), dot(&qn, &w));
    let band = q(e) * q(e) * &n2;
    let billion = Q::from_integer(1_000_000_000.into());
    let gap = (&s * &s - &band) * &billion;
    let clear_of_band = gap.clone() >= &s * &s + &band || -gap >= &s * &s + &band;
    let clear_of_zero = &s * &s * &billion * &billion >= &n2 * dot(&w, &w);
    if n2.is_zero() || !clear_of_band || !clear_of_zero {
        return None;
    }
    let plane = Plane::<Interval>::from_normal_and_point(lift(n), lift(p0)).ok()?;
    let side = plane
        .classify(lift(x), Interval::point(e).unwrap())
        .certain();
    Some(side == Some(exact_side(&s, &n2, &q(e))))
}

#[test]
fn clear_points_get_a_certain_side_that_is_the_exact_one() {
    checker().quickcheck(
        (|s| clear_points_get_a_certain_side(s).is_none_or(|ok| ok)) as fn(u64) -> bool,
    );
    let clear = (0..1000)
        .filter(|&s| clear_points_get_a_certain_side(s).is_some())
        .count();
    assert!(clear > 500, "only {clear} of 1000 random cases were clear");
}

/// Issue 17: an invalid tolerance or point is an error, never folded into "undecided".
#[test]
fn decide_side_refuses_invalid_arguments_with_an_error_and_leaves_undecided_for_undecided() {
    let plane = Plane::<f64>::new(Vec3::new(0.0, 0.0, 1.0), 0.0).unwrap();
    let err = plane
        .decide_side(Vec3::new(0.0, 0.0, 1.0), -1.0, Policy::Exact)
        .unwrap_err();
    assert_eq!(err.to_string(), "plane epsilon must be >= 0, got -1");
    for bad in [f64::NAN, f64::INFINITY] {
        assert!(plane
            .decide_side(Vec3::new(0.0, 0.0, 1.0), bad, Policy::Exact)
            .is_err());
        assert!(plane
            .decide_side(Vec3::new(0.0, bad, 1.0), 0.0, Policy::Exact)
            .is_err());
    }
    // Valid and decided under Policy::Exact; valid and close under a lazy policy is the
    // sides not ruled out (the exact one among them), never an error.
    let p = Vec3::new(0.1, 0.2, 1e-300);
    assert_eq!(
        plane.decide_side(p, 0.0, Policy::Exact),
        Ok(Sides::from(Side::Front))
    );
    let lazy = plane.decide_side(p, 1e-300, Policy::Conservative).unwrap();
    assert!(lazy.may_be(Side::On));
}

/// An undecided `decide_side` under a lazy policy keeps what the intervals ruled out, as
/// `classify` does, instead of every side: a point exactly on the band's edge (`s = E = 0.1`,
/// `E² - s²` zero, which no rounded stage can tell from a hair either way) may be on it or in
/// front, but `s > 0` rules out "back".
#[test]
fn an_undecided_side_still_rules_out_what_the_intervals_rule_out() {
    let plane = Plane::<f64>::new(Vec3::new(0.0, 0.0, 1.0), 0.0).unwrap();
    let p = Vec3::new(0.0, 0.0, 0.1);
    let lazy = plane.decide_side(p, 0.1, Policy::Conservative).unwrap();
    let intervals = Plane::<Interval>::new(lift(plane.normal()), Interval::<f64>::ZERO)
        .unwrap()
        .classify(lift(p), Interval::<f64>::enclose_f64(0.1));
    assert_eq!(lazy, intervals);
    assert!(lazy.may_be(Side::On) && lazy.may_be(Side::Front) && !lazy.may_be(Side::Back));
    assert_eq!(
        plane.decide_side(p, 0.1, Policy::Exact),
        Ok(Sides::from(Side::On))
    );
}

/// The distance is finite and encloses the exact one for normals of `1e300` and `1e-300`
/// (whose squared length overflows or underflows), on intervals of `f64` and `f32` and on
/// plain floats.
#[test]
fn signed_distance_is_finite_for_huge_and_tiny_normals() {
    for scale in [1e300, 1e-300, 1e30, 1e-30, f64::from_bits(1)] {
        // (3, 4, 0)·scale: |n| = 5·scale; the point (10, 0, 7) with offset 0 is at 30 / 5 = 6
        // in front, exactly.
        let n = Vec3::new(3.0 * scale, 4.0 * scale, 0.0);
        let p = Vec3::new(10.0, 0.0, 7.0);
        let exact = 6.0;
        let d = Plane::<Interval>::new(lift(n), Interval::<f64>::ZERO)
            .unwrap()
            .signed_distance(lift(p));
        assert!(d.is_bounded() && d.contains(exact), "{scale}: {d}");
        assert!(d.width() < 1e-13, "{scale}: {d}");
        let f = Plane::<f64>::new(n, 0.0).unwrap().signed_distance(p);
        assert!((f - exact).abs() < 1e-13, "{scale}: {f}");
        let n32 = n.map(|x| x as f32);
        if n32.to_array().iter().all(|x| x.is_finite()) && n32.to_array().iter().any(|x| *x != 0.0)
        {
            let plane = Plane::<Interval<f32>>::new(
                n32.map(Interval::<f32>::enclose),
                Interval::<f32>::enclose(0.0),
            )
            .unwrap();
            let d = plane.signed_distance(p.map(|x| Interval::<f32>::enclose(x as f32)));
            // n rounded to f32 is no longer (3, 4)·scale exactly: finite and near 6.
            assert!(
                d.is_bounded() && d.lo() > 5.9 && d.hi() < 6.1,
                "{scale}: {d}"
            );
        }
    }
}
