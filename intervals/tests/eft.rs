//! Error-free transformations against exact rationals: result plus error is the exact sum,
//! difference or product, over the whole finite range (subnormal and huge values included),
//! wherever the documented conditions hold.
//!
//! Cases per property: `surety_intervals::arbitrary::DEFAULT_TESTS`, or `QUICKCHECK_TESTS`.

use quickcheck::{Arbitrary, Gen};
use surety_intervals::arbitrary::{any_finite, checker};
use surety_intervals::eft::{fast_two_sum, two_diff, two_product, two_sum};
use surety_intervals::exact::{to_rational, BigRational};

fn q(x: f64) -> BigRational {
    to_rational(x).expect("finite")
}

/// Two finite doubles: from the whole range, or close in magnitude so that they cancel.
fn pair(seed: u64) -> (f64, f64) {
    let mut g = Gen::from_size_and_seed(100, seed);
    let a: f64 = any_finite(&mut g);
    let b = match seed % 3 {
        0 => any_finite(&mut g),
        1 => -a * (1.0 + f64::from(i8::arbitrary(&mut g)) * f64::EPSILON),
        _ => a * f64::from(u8::arbitrary(&mut g)) * 2f64.powi(-60),
    };
    (a, b)
}

#[test]
fn two_sum_and_two_diff_are_exact_unless_they_overflow() {
    fn prop(seed: u64) -> bool {
        let (a, b) = pair(seed);
        let (s, e) = two_sum(a, b);
        let (x, t) = two_diff(a, b);
        (!s.is_finite() || q(s) + q(e) == q(a) + q(b))
            && (!x.is_finite() || q(x) + q(t) == q(a) - q(b))
    }
    checker().quickcheck(prop as fn(u64) -> bool);
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
