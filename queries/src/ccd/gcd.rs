//! The greatest common divisor of two big integers by Lehmer's algorithm, for the exact
//! stage's polynomials (their contents, see `Poly::primitive`).
//!
//! The binary algorithm of `num-integer` takes one subtraction and one shift of the whole
//! larger number per bit it removes: on the coefficients of a query whose coordinates span
//! the range of doubles (numbers of thousands of bits, of very different lengths) that was
//! most of the exact stage's time. Lehmer's algorithm (Knuth, *The Art of Computer
//! Programming*, vol. 2, §4.5.2, Algorithm L) runs Euclid's algorithm on the leading 63 bits
//! of the two numbers while the quotients it finds are certainly those of the whole numbers,
//! then applies the steps to the whole numbers at once: about one pass over them per 30 bits
//! removed. Numbers of very different lengths take one division first.

use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{ToPrimitive, Zero};

/// `gcd(a, b)` (and `gcd(a, 0) = a`).
pub(super) fn gcd(a: &BigUint, b: &BigUint) -> BigUint {
    let (mut a, mut b) = if a >= b {
        (a.clone(), b.clone())
    } else {
        (b.clone(), a.clone())
    };
    // Invariant: a >= b, and gcd(a, b) is the answer.
    while !b.is_zero() {
        if let Some(x) = a.to_u64() {
            return BigUint::from(x.gcd(&b.to_u64().unwrap_or(0)));
        }
        // Lengths far apart: the first quotient alone is long, so one division; the same
        // where the leading bits give no certain quotient.
        let lehmer = (a.bits() - b.bits() < 32)
            .then(|| lehmer_step(&a, &b))
            .flatten();
        (a, b) = match lehmer {
            Some(next) => next,
            None => {
                let r = &a % &b;
                (b, r)
            }
        };
    }
    a
}

/// One step of Algorithm L on `a >= b > 0` of about the same length: `(a', b')` with
/// `gcd(a', b') = gcd(a, b)` and `a' >= b'`, `b' < b`, or `None` when the leading 63 bits
/// settle no quotient.
///
/// Euclid's algorithm runs on the leading bits `x`, `y` while the quotients of
/// `(x + p)/(y + r)` and `(x + q)/(y + s)` agree (then they are those of the whole numbers);
/// the whole numbers become `(p·a + q·b, r·a + s·b)`. The matrix of the steps has
/// determinant ±1, so any two nonnegative numbers it gives keep the gcd; the order, the
/// smaller `b` (which the algorithm ensures) and the arithmetic's range are checked all the
/// same, so that a step never goes wrong and the caller's loop ends whatever happens.
fn lehmer_step(a: &BigUint, b: &BigUint) -> Option<(BigUint, BigUint)> {
    let shift = a.bits().saturating_sub(63);
    let top = |x: &BigUint| (x >> shift).to_u64().map_or(0, i128::from);
    let (mut x, mut y) = (top(a), top(b));
    let (mut p, mut q, mut r, mut s) = (1i128, 0i128, 0i128, 1i128);
    // Each step at least halves `y` every two steps: 63-bit numbers take fewer than 128.
    for _ in 0..128 {
        if y + r == 0 || y + s == 0 {
            break;
        }
        let quotient = (x + p) / (y + r);
        if quotient != (x + q) / (y + s) {
            break;
        }
        let next = |u: i128, v: i128| quotient.checked_mul(v).and_then(|w| u.checked_sub(w));
        let (Some(nr), Some(ns), Some(ny)) = (next(p, r), next(q, s), next(x, y)) else {
            break;
        };
        (p, r, q, s, x, y) = (r, nr, s, ns, y, ny);
    }
    if q == 0 {
        return None;
    }
    let (next_a, next_b) = (combine(p, a, q, b)?, combine(r, a, s, b)?);
    (next_a >= next_b && next_b < *b).then_some((next_a, next_b))
}

/// `p·a + q·b`, when it is not negative.
fn combine(p: i128, a: &BigUint, q: i128, b: &BigUint) -> Option<BigUint> {
    let (pa, qb) = (a * p.unsigned_abs(), b * q.unsigned_abs());
    match (p < 0, q < 0) {
        (false, false) => Some(pa + qb),
        (false, true) => (pa >= qb).then(|| pa - qb),
        (true, false) => (qb >= pa).then(|| qb - pa),
        (true, true) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::Rng;

    /// A number of about `bits` bits, its words random, often with long runs of ones or
    /// zeros (where the leading bits say least about the quotient).
    fn number(rng: &mut Rng, bits: u64) -> BigUint {
        let words = bits.div_ceil(64).max(1);
        let digits: Vec<u64> = (0..words)
            .map(|_| match rng.below(4) {
                0 => u64::MAX,
                1 => 0,
                _ => rng.next_u64(),
            })
            .collect();
        let mut x = BigUint::from_slice(
            &digits
                .iter()
                .flat_map(|d| [*d as u32, (d >> 32) as u32])
                .collect::<Vec<_>>(),
        );
        x >>= (words * 64).saturating_sub(bits);
        x
    }

    /// Against the binary algorithm of `num-integer`, which shares no step with it: numbers
    /// from one word to thousands of bits, of equal and of very different lengths, with a
    /// large common factor built in, equal, consecutive (coprime), powers of two, zero; and
    /// the answer divides both.
    #[test]
    fn lehmers_gcd_agrees_with_the_binary_algorithm() {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        for case in 0..3000 {
            let len =
                |rng: &mut Rng| [1, 40, 63, 64, 65, 127, 200, 700, 3000][rng.below(9) as usize];
            let (la, lb, lc) = (len(&mut rng), len(&mut rng), len(&mut rng));
            let common = if case % 3 == 0 {
                number(&mut rng, lc) + 1u32
            } else {
                BigUint::from(1u32)
            };
            let mut a = number(&mut rng, la) * &common;
            let mut b = number(&mut rng, lb) * &common;
            match case % 11 {
                0 => b = a.clone(),
                1 => b = &a + 1u32,
                2 => b = BigUint::from(1u32) << (case % 300),
                3 => b = BigUint::zero(),
                4 => a = &b * (number(&mut rng, 90) + 1u32),
                _ => {}
            }
            let expected = a.gcd(&b);
            let got = gcd(&a, &b);
            assert_eq!(got, expected, "case {case}: {a} {b}");
            assert_eq!(gcd(&b, &a), expected, "case {case}, swapped");
            if !got.is_zero() {
                assert!((&a % &got).is_zero() && (&b % &got).is_zero());
            }
        }
    }

    #[test]
    fn machine_word_gcds() {
        for (a, b, g) in [
            (0u64, 0u64, 0u64),
            (0, 7, 7),
            (12, 18, 6),
            (1 << 40, 3 << 38, 1 << 38),
            (u64::MAX, u64::MAX - 1, 1),
            (u64::MAX, 3, 3),
        ] {
            let (a, b, g) = (BigUint::from(a), BigUint::from(b), BigUint::from(g));
            assert_eq!((gcd(&a, &b), gcd(&b, &a)), (g.clone(), g), "{a} {b}");
        }
    }
}
