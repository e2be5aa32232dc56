//! The portable backend's kernel (`surety_intervals::portable::Raw`), whichever backend the
//! build selected: on point operands its `+ - * / sqrt` ends are the tightest doubles around
//! the exact result (exact rationals decide), across the whole range and especially where
//! its error-free transformations change regime (results near `2^-960`, subnormal and zero
//! results, overflow); and, where inari is the backend, the two agree end for end on random
//! intervals, unbounded ones included.
//!
//! The rest of the suite runs on the selected backend: CI runs it on both.
//!
//! Cases per property: `surety_intervals::arbitrary::DEFAULT_TESTS`, or `QUICKCHECK_TESTS`.

use quickcheck::{Arbitrary, Gen};
use surety_intervals::arbitrary::{any_finite, checker};
use surety_intervals::exact::{to_rational, BigRational};
use surety_intervals::portable::Raw;

fn q(x: f64) -> BigRational {
    to_rational(x).expect("finite")
}

fn point(x: f64) -> Raw {
    Raw::try_from((x, x)).expect("finite")
}

/// `lo ≤ exact ≤ hi`, with neither end able to move one double inward (infinite ends stand
/// for overflow: `+inf` above `MAX` only when the exact value is above `MAX`).
fn tightest(c: Raw, exact: &BigRational) -> bool {
    let (lo, hi) = (c.inf(), c.sup());
    let lo_ok = match to_rational(lo) {
        Some(l) => &l <= exact && to_rational(lo.next_up()).is_none_or(|n| exact < &n),
        None => lo == f64::NEG_INFINITY && exact < &q(f64::MIN),
    };
    let hi_ok = match to_rational(hi) {
        Some(h) => exact <= &h && to_rational(hi.next_down()).is_none_or(|n| &n < exact),
        None => hi == f64::INFINITY && exact > &q(f64::MAX),
    };
    lo_ok && hi_ok
}

/// `2^k` exactly, for `-1074 ≤ k ≤ 1023` (clamped to that range).
fn pow2(k: i32) -> f64 {
    let k = k.clamp(-1074, 1023);
    if k >= -1022 {
        f64::from_bits(((k + 1023) as u64) << 52)
    } else {
        f64::from_bits(1 << (k + 1074))
    }
}

/// Two doubles, drawn so that every regime of the kernel is reached: anywhere in the finite
/// range; products and quotients landing near `2^-960`, in the subnormals, or at zero; sums
/// that cancel; results near overflow.
fn pair(seed: u64) -> (f64, f64) {
    let (a, b) = draw_pair(seed);
    // A draw that overflowed (a near MAX times 1 + k·ε) falls back to MAX.
    (a.clamp(f64::MIN, f64::MAX), b.clamp(f64::MIN, f64::MAX))
}

fn draw_pair(seed: u64) -> (f64, f64) {
    let mut g = Gen::from_size_and_seed(100, seed);
    let a: f64 = any_finite(&mut g);
    let unit = |g: &mut Gen| {
        let m = (u64::arbitrary(g) >> 11) as f64 * 2f64.powi(-53);
        let s = if bool::arbitrary(g) { -1.0 } else { 1.0 };
        s * (0.5 + m)
    };
    let e = |g: &mut Gen, lo: i32, hi: i32| lo + (u32::arbitrary(g) % (hi - lo) as u32) as i32;
    let scale = pow2;
    match seed % 6 {
        0 => (a, any_finite(&mut g)),
        // a·b (and a/b) near 2^-960, 2^-1022, 2^-1074 or below.
        1 => {
            let (ea, target) = (e(&mut g, -700, 200), e(&mut g, -1130, -900));
            (unit(&mut g) * scale(ea), unit(&mut g) * scale(target - ea))
        }
        2 => {
            let (eb, target) = (e(&mut g, -200, 200), e(&mut g, -1130, -900));
            (unit(&mut g) * scale(target + eb), unit(&mut g) * scale(eb))
        }
        // Cancellation: b close to -a.
        3 => (
            a,
            -a * (1.0 + f64::from(i8::arbitrary(&mut g)) * f64::EPSILON),
        ),
        // Near overflow.
        4 => (
            unit(&mut g) * scale(e(&mut g, 500, 1023)),
            unit(&mut g) * scale(e(&mut g, 0, 524)),
        ),
        // Tiny values and their roots: a in the subnormals or below 2^-960.
        _ => (
            unit(&mut g) * scale(e(&mut g, -1074, -940)),
            unit(&mut g) * scale(e(&mut g, -60, 60)),
        ),
    }
}

#[test]
fn portable_point_operations_are_the_tightest_doubles() {
    fn prop(seed: u64) -> bool {
        let (a, b) = pair(seed);
        let (x, y) = (point(a), point(b));
        let (qa, qb) = (q(a), q(b));
        let mut ok = tightest(x + y, &(&qa + &qb))
            && tightest(x - y, &(&qa - &qb))
            && tightest(x * y, &(&qa * &qb))
            && tightest(x.sqr(), &(&qa * &qa));
        if b != 0.0 {
            ok &= tightest(x / y, &(&qa / &qb));
        }
        ok
    }
    checker().quickcheck(prop as fn(u64) -> bool);
}

#[test]
fn portable_square_roots_are_the_tightest_doubles() {
    fn prop(seed: u64) -> bool {
        let a = pair(seed).0.abs();
        let r = point(a).sqrt();
        let (lo, hi) = (r.inf().abs(), r.sup());
        let x = q(a);
        let sq = |v: f64| q(v) * q(v);
        // lo² ≤ a < (lo⁺)², (hi⁻)² < a ≤ hi².
        sq(lo) <= x
            && x < sq(lo.next_up())
            && x <= sq(hi)
            && (hi == 0.0 || sq(hi.next_down()) < x)
            && r.inf() <= r.sup()
    }
    checker().quickcheck(prop as fn(u64) -> bool);
}

#[test]
fn portable_products_and_quotients_of_signed_and_unbounded_intervals_hold_their_corners() {
    fn prop(seed: u64) -> bool {
        let mut g = Gen::from_size_and_seed(100, seed);
        let iv = |g: &mut Gen| {
            let mut end = || match u8::arbitrary(g) % 6 {
                0 => f64::INFINITY,
                1 => 0.0,
                _ => any_finite::<f64>(g).abs(),
            };
            let (u, v) = (end(), end());
            let (u, v) = if u <= v { (u, v) } else { (v, u) };
            // Both ends one sign, or straddling zero; an infinite end only on its own side.
            match u8::arbitrary(g) % 3 {
                0 => Raw::try_from((u.min(f64::MAX), v)),
                1 => Raw::try_from((-v, -u.min(f64::MAX))),
                _ => Raw::try_from((-u, v)),
            }
            .expect("valid")
        };
        let (x, y) = (iv(&mut g), iv(&mut g));
        let (p, d) = (x * y, x / y);
        let holds = |c: Raw, e: &BigRational| {
            !c.is_empty()
                && to_rational(c.inf()).is_none_or(|l| &l <= e)
                && to_rational(c.sup()).is_none_or(|h| e <= &h)
        };
        let finite = |r: Raw| [r.inf(), r.sup()].into_iter().filter(|v| v.is_finite());
        let zero = point(0.0);
        finite(x).all(|a| {
            finite(y).all(|b| holds(p, &(q(a) * q(b))) && (b == 0.0 || holds(d, &(q(a) / q(b)))))
        }) && (d.is_empty() == (y == zero))
    }
    checker().quickcheck(prop as fn(u64) -> bool);
}

#[cfg(surety_inari)]
#[test]
fn portable_and_inari_agree_end_for_end() {
    fn prop(seed: u64) -> bool {
        let mut g = Gen::from_size_and_seed(100, seed);
        let iv = |g: &mut Gen| {
            let (a, b) = pair(u64::arbitrary(g));
            let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
            // Infinite ends, zero ends and points, each now and then.
            let lo = match u8::arbitrary(g) % 8 {
                0 => f64::NEG_INFINITY,
                1 => lo.min(0.0),
                _ => lo,
            };
            let hi = match u8::arbitrary(g) % 8 {
                0 => f64::INFINITY,
                1 => hi.max(0.0),
                2 if lo.is_finite() => lo,
                _ => hi,
            };
            (
                Raw::try_from((lo, hi)).unwrap(),
                inari::Interval::try_from((lo, hi)).unwrap(),
            )
        };
        let ((x, xi), (y, yi)) = (iv(&mut g), iv(&mut g));
        let same = |p: Raw, i: inari::Interval| {
            (p.is_empty() && i.is_empty())
                || (!p.is_empty() && p.inf() == i.inf() && p.sup() == i.sup())
        };
        same(x + y, xi + yi)
            && same(x - y, xi - yi)
            && same(x * y, xi * yi)
            && same(x / y, xi / yi)
            && same(x.sqr(), xi.sqr())
            && same(x.sqrt(), xi.sqrt())
            && same(x.recip(), xi.recip())
            && same(x.abs(), xi.abs())
            && x.mid() == xi.mid()
            && x.wid() == xi.wid()
    }
    checker().quickcheck(prop as fn(u64) -> bool);
}

/// Found by a long run of the property above: `2.9e307 - MAX` overflowed an intermediate
/// difference of the error-free sum, and the bound stepped one double too far.
#[test]
fn a_difference_near_the_end_of_the_range_is_the_tightest() {
    let a = f64::from_bits(0x7fc4_9de1_e4d8_d79e);
    let (x, y) = (point(a), point(f64::MAX));
    assert!(tightest(x - y, &(&q(a) - &q(f64::MAX))));
    assert!(tightest(y - x, &(&q(f64::MAX) - &q(a))));
    assert!(tightest(x + point(-f64::MAX), &(&q(a) - &q(f64::MAX))));
}
