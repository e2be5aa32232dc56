//! Comparison verdicts never contradict the exact comparison of the members, and are certain
//! whenever the intervals are apart.

#[macro_use]
mod support;

use core::cmp::Ordering;

use quickcheck::Gen;
use surety_intervals::arbitrary::{checker, point_in};
use surety_intervals::exact::to_rational;
use surety_intervals::{Endpoint, Interval, Scalar, Verdict};

/// A certain verdict holds for every drawn pair of members (ends included).
fn agrees<T: Endpoint>(
    a: Interval<T>,
    b: Interval<T>,
    seed: u64,
    verdict: Verdict,
    relation: fn(Ordering) -> bool,
) -> bool {
    let mut g = Gen::from_size_and_seed(100, seed);
    let Some(expected) = verdict.certain() else {
        return true;
    };
    (0..8).all(|_| {
        let (x, y) = (point_in(a, &mut g), point_in(b, &mut g));
        let exact = to_rational(x).cmp(&to_rational(y));
        relation(exact) == expected
    })
}

fn comparison_verdicts_never_contradict_exact_comparisons<T: Endpoint>(
    a: Interval<T>,
    b: Interval<T>,
    seed: u64,
) -> bool {
    agrees(a, b, seed, a.lt(b), Ordering::is_lt)
        && agrees(a, b, seed, a.le(b), Ordering::is_le)
        && agrees(a, b, seed, a.gt(b), Ordering::is_gt)
        && agrees(a, b, seed, a.ge(b), Ordering::is_ge)
        && agrees(a, b, seed, a.equals(b), Ordering::is_eq)
        && agrees(a, Interval::ZERO, seed, a.lt_zero(), Ordering::is_lt)
        && agrees(a, Interval::ZERO, seed, a.gt_zero(), Ordering::is_gt)
        && agrees(a, Interval::ZERO, seed, a.eq_zero(), Ordering::is_eq)
}

/// Tightness: when the intervals are apart (or both the same point) every comparison is
/// certain.
fn separated_intervals_get_certain_verdicts<T: Endpoint>(a: Interval<T>, b: Interval<T>) -> bool {
    let apart = a.hi() < b.lo() || b.hi() < a.lo();
    let same_point = a.is_point() && a == b;
    if !(apart || same_point) {
        return true;
    }
    [a.lt(b), a.le(b), a.gt(b), a.ge(b), a.equals(b)]
        .iter()
        .all(|v| v.is_certain())
}

/// The generic Scalar comparisons on intervals are the interval ones, and on floats the plain
/// comparisons.
fn scalar_comparisons_match_on_floats_and_intervals<T: Endpoint + Scalar>(
    a: Interval<T>,
    seed: u64,
) -> bool {
    let mut g = Gen::from_size_and_seed(100, seed);
    let (x, y) = (point_in(a, &mut g), point_in(a, &mut g));
    let (ix, iy) = (Interval::enclose(x), Interval::enclose(y));
    Scalar::lt(x, y) == Verdict::from(x < y)
        && Scalar::le(x, y) == Verdict::from(x <= y)
        && Scalar::equals(x, y) == Verdict::from(x == y)
        && Scalar::lt(ix, iy) == Verdict::from(x < y)
        && Scalar::le(ix, iy) == Verdict::from(x <= y)
        && Scalar::equals(ix, iy) == Verdict::from(x == y)
}

prove! {
    comparison_verdicts_never_contradict_exact_comparisons(_, _, _);
    separated_intervals_get_certain_verdicts(_, _);
    scalar_comparisons_match_on_floats_and_intervals(_, _);
}

#[test]
fn touching_intervals_are_certainly_ordered_by_le_but_not_by_lt() {
    let a = Interval::new(1.0, 2.0).unwrap();
    let b = Interval::new(2.0, 3.0).unwrap();
    assert_eq!(a.le(b), Verdict::True);
    assert_eq!(a.lt(b), Verdict::Maybe);
    assert_eq!(b.lt(a), Verdict::False);
    assert_eq!(a.equals(b), Verdict::Maybe);
}

#[test]
fn unbounded_intervals_are_only_certain_where_every_real_agrees() {
    let above_max = Interval::enclose(f64::INFINITY);
    let entire = Interval::<f64>::ENTIRE;
    assert_eq!(above_max.gt(Interval::point(1e308).unwrap()), Verdict::True);
    assert_eq!(entire.lt(Interval::ZERO), Verdict::Maybe);
    assert_eq!(entire.equals(entire), Verdict::Maybe);
    assert_eq!(above_max.equals(above_max), Verdict::Maybe);
}

#[test]
fn signed_zeros_compare_equal() {
    let neg_zero = Interval::point(-0.0f32).unwrap();
    assert_eq!(neg_zero.eq_zero(), Verdict::True);
    assert_eq!(neg_zero.lt_zero(), Verdict::False);
}

#[test]
fn subnormal_gaps_are_still_decided() {
    let tiny = f64::from_bits(1); // the smallest subnormal
    let a = Interval::point(tiny).unwrap();
    assert_eq!(a.gt_zero(), Verdict::True);
    assert_eq!((a - a).eq_zero(), Verdict::True);
    assert_eq!((a * a).gt_zero(), Verdict::Maybe); // underflows: [0, tiny]
}
