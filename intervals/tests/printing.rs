//! What is printed is what is stored: the shortest ends read back exactly, and rounded ends
//! always hold the stored interval.

use quickcheck::Gen;
use surety_intervals::arbitrary::checker;
use surety_intervals::exact::{to_rational, BigInt, BigRational};
use surety_intervals::{Endpoint, Interval};

fn ends(printed: &str) -> (&str, &str) {
    let inner = printed
        .strip_prefix('[')
        .and_then(|s| s.strip_suffix(']'))
        .expect("printed as [lo, hi]");
    inner.split_once(", ").expect("two ends")
}

fn shortest_ends_read_back_exactly<T: Endpoint + core::str::FromStr>(x: Interval<T>) -> bool {
    let printed = x.to_string();
    let (lo, hi) = ends(&printed);
    let same = |s: &str, v: T| s.parse::<T>().ok() == Some(v);
    same(lo, x.lo()) && same(hi, x.hi()) && format!("{x:?}") == printed
}

/// A decimal such as `-12.034` as an exact rational.
fn decimal(s: &str) -> Option<BigRational> {
    let (negative, digits) = s.strip_prefix('-').map_or((false, s), |d| (true, d));
    let (int, frac) = digits.split_once('.').unwrap_or((digits, ""));
    let n: BigInt = format!("{int}{frac}").parse().ok()?;
    let r = BigRational::new(n, BigInt::from(10).pow(frac.len() as u32));
    Some(if negative { -r } else { r })
}

fn rounded_ends_hold_the_stored_interval<T: Endpoint>(x: Interval<T>, seed: u64) -> bool {
    let p = (seed % 24) as usize;
    let printed = format!("{x:.p$}");
    let (lo, hi) = ends(&printed);
    let lo_ok = match (decimal(lo), to_rational(x.lo())) {
        (Some(d), Some(l)) => d <= l,
        _ => lo == "-inf",
    };
    let hi_ok = match (decimal(hi), to_rational(x.hi())) {
        (Some(d), Some(h)) => h <= d,
        _ => hi == "inf",
    };
    let digits = |s: &str| s.split_once('.').map_or(0, |(_, f)| f.len());
    lo_ok
        && hi_ok
        && (lo.ends_with("inf") || digits(lo) == p)
        && (hi.ends_with("inf") || digits(hi) == p)
}

#[test]
fn shortest_ends_read_back_exactly_f32() {
    checker().quickcheck(shortest_ends_read_back_exactly::<f32> as fn(_) -> bool);
}

#[test]
fn shortest_ends_read_back_exactly_f64() {
    checker().quickcheck(shortest_ends_read_back_exactly::<f64> as fn(_) -> bool);
}

#[test]
fn rounded_ends_hold_the_stored_interval_f32() {
    checker().quickcheck(rounded_ends_hold_the_stored_interval::<f32> as fn(_, _) -> bool);
}

#[test]
fn rounded_ends_hold_the_stored_interval_f64() {
    checker().quickcheck(rounded_ends_hold_the_stored_interval::<f64> as fn(_, _) -> bool);
}

#[test]
fn decimal_oracle_reads_what_it_should() {
    let _ = Gen::new(1);
    assert_eq!(
        decimal("-1.25"),
        Some(BigRational::new(BigInt::from(-5), BigInt::from(4)))
    );
    assert_eq!(
        decimal("3"),
        Some(BigRational::from_integer(BigInt::from(3)))
    );
}
