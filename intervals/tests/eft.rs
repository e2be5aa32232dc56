//! Error-free transformations against exact rationals: result plus error is the exact sum,
//! difference or product, over the whole finite range (subnormal and huge values included),
//! wherever the documented conditions hold.
//!
//! Cases per property: `surety_intervals::arbitrary::DEFAULT_TESTS`, or `QUICKCHECK_TESTS`.

use quickcheck::{Arbitrary, Gen, TestResult};
use surety_intervals::arbitrary::{any_finite, checker};
use surety_intervals::eft::{
    fast_two_sum, two_diff, two_diff_in_range, two_product, two_sum, two_sum_in_range,
};
use surety_intervals::exact::{to_rational, BigRational};

fn q(x: f64) -> BigRational {
    to_rational(x).expect("finite")
}

/// Whether `r + e` is `exact`, as a test result that names the operands when it is not (a
/// non-finite `e` included).
fn sums_to(what: &str, a: f64, b: f64, r: f64, e: f64, exact: BigRational) -> TestResult {
    match to_rational(e) {
        Some(e_q) if q(r) + &e_q == exact => TestResult::passed(),
        _ => TestResult::error(format!(
            "{what}({a:e}, {b:e}) = ({r:e}, {e:e}) is not exact"
        )),
    }
}

/// A double in the top binade or near it, either sign: the operands whose Two-Sum steps can
/// overflow in between though the sum does not.
fn near_max(g: &mut Gen) -> f64 {
    let ulps = u64::from(u16::arbitrary(g) % 4);
    let top = if bool::arbitrary(g) {
        f64::MAX
    } else {
        f64::from_bits(f64::MAX.to_bits() - u64::from(u32::arbitrary(g)))
    };
    let x = f64::from_bits(top.to_bits() - ulps);
    if bool::arbitrary(g) {
        x
    } else {
        -x
    }
}

/// Two finite doubles: from the whole range, or close in magnitude so that they cancel.
fn pair(seed: u64) -> (f64, f64) {
    let mut g = Gen::from_size_and_seed(100, seed);
    let a: f64 = any_finite(&mut g);
    match seed % 5 {
        0 => (a, any_finite(&mut g)),
        1 => (
            a,
            -a * (1.0 + f64::from(i8::arbitrary(&mut g)) * f64::EPSILON),
        ),
        2 => (a, a * f64::from(u8::arbitrary(&mut g)) * 2f64.powi(-60)),
        // One operand at the end of the range, the other a multiple of 2^960 (either order):
        // where Knuth's intermediate differences overflow, when the sum rounds at a tie.
        3 => {
            let big = near_max(&mut g);
            let scale = 2f64.powi(960 + i32::from(u8::arbitrary(&mut g) % 32));
            let other = f64::from(i32::arbitrary(&mut g)) * scale;
            if bool::arbitrary(&mut g) {
                (big, other)
            } else {
                (other, big)
            }
        }
        _ => (near_max(&mut g), near_max(&mut g)),
    }
}

#[test]
fn two_sum_and_two_diff_are_exact_unless_they_overflow() {
    fn prop(seed: u64) -> TestResult {
        let (a, b) = pair(seed);
        let (s, e) = two_sum(a, b);
        let (x, t) = two_diff(a, b);
        if s.is_finite() {
            let r = sums_to("two_sum", a, b, s, e, q(a) + q(b));
            if r.is_failure() {
                return r;
            }
        }
        if x.is_finite() {
            return sums_to("two_diff", a, b, x, t, q(a) - q(b));
        }
        TestResult::passed()
    }
    checker().quickcheck(prop as fn(u64) -> TestResult);
}

/// The unguarded forms: the same result wherever both operands are at most `2^1022` in
/// magnitude, and beyond, the same or an error that is not finite (never a wrong finite one).
#[test]
fn the_unguarded_forms_are_exact_in_range_and_never_wrong_beyond() {
    fn prop(seed: u64) -> TestResult {
        let (a, b) = pair(seed);
        let in_range = a.abs().max(b.abs()) <= 2f64.powi(1022);
        let checks = [
            ("two_sum_in_range", two_sum(a, b), two_sum_in_range(a, b)),
            ("two_diff_in_range", two_diff(a, b), two_diff_in_range(a, b)),
        ];
        for (what, (r, e), (r_raw, e_raw)) in checks {
            let agrees = r_raw.to_bits() == r.to_bits()
                && (e_raw.to_bits() == e.to_bits() || (!in_range && !e_raw.is_finite()));
            if r.is_finite() && !agrees {
                return TestResult::error(format!(
                    "{what}({a:e}, {b:e}) = ({r_raw:e}, {e_raw:e}), not ({r:e}, {e:e})"
                ));
            }
        }
        TestResult::passed()
    }
    checker().quickcheck(prop as fn(u64) -> TestResult);
}

/// The pair that a million-case run found (2026-11-27): the sum is finite, Knuth's `s - a`
/// overflowed, and the error was NaN. Both orders, both signs, and as a difference.
#[test]
fn two_sum_is_exact_where_its_steps_would_overflow() {
    let (a, b) = (-1.2499312776299645e307, f64::MAX);
    for (a, b) in [(a, b), (b, a), (-a, -b), (-b, -a)] {
        let (s, e) = two_sum(a, b);
        assert!(
            s.is_finite() && e.is_finite() && e != 0.0,
            "{a:e} + {b:e}: ({s:e}, {e:e})"
        );
        assert_eq!(q(s) + q(e), q(a) + q(b), "{a:e} + {b:e}");
        let (x, t) = two_diff(a, -b);
        assert_eq!((x, t), (s, e), "{a:e} - {:e}", -b);
    }
}

/// Every operand in the top binade against `MAX` and its neighbours, and against every
/// power of two from `2^969` up with a few mantissas: a sweep of the region, not a sample.
#[test]
fn two_sum_is_exact_against_the_end_of_the_range() {
    let tops = [0u64, 1, 2, 3].map(|k| f64::from_bits(f64::MAX.to_bits() - k));
    let mut checked = 0;
    for top in tops {
        for k in 960..=1023 {
            for m in [1.0, 1.25, 1.5, 1.75, 1.0 + f64::EPSILON, 2.0 - f64::EPSILON] {
                let other = m * 2f64.powi(k);
                for (a, b) in [(top, -other), (-other, top), (-top, other), (other, -top)] {
                    let (s, e) = two_sum(a, b);
                    if s.is_finite() {
                        assert!(!sums_to("two_sum", a, b, s, e, q(a) + q(b)).is_failure());
                        checked += 1;
                    }
                    let (x, t) = two_diff(a, -b);
                    if x.is_finite() {
                        assert!(!sums_to("two_diff", a, -b, x, t, q(a) + q(b)).is_failure());
                    }
                }
            }
        }
    }
    assert!(checked > 1000, "{checked}");
}

#[test]
fn fast_two_sum_is_exact_when_the_first_is_the_larger() {
    fn prop(seed: u64) -> bool {
        let (a, b) = pair(seed);
        let (a, b) = if a.abs() >= b.abs() { (a, b) } else { (b, a) };
        let (s, e) = fast_two_sum(a, b);
        !s.is_finite() || q(s) + q(e) == q(a) + q(b)
    }
    checker().quickcheck(prop as fn(u64) -> bool);
}

#[test]
fn two_product_is_exact_above_its_floor() {
    fn prop(seed: u64) -> bool {
        let (a, b) = pair(seed);
        let (p, e) = two_product(a, b);
        // Documented range: the product neither overflows nor falls below about 2^-969.
        !p.is_finite() || p.abs() < 2f64.powi(-968) || q(p) + q(e) == q(a) * q(b)
    }
    checker().quickcheck(prop as fn(u64) -> bool);
}
