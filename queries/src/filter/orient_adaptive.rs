//! The adaptive stage of orient3d: the determinant of the four points' differences summed
//! with one compensated pass, decided against an a-priori bound of order `ε²`; the rare
//! inputs within that bound of zero (exactly coplanar points, mostly) go to
//! [`robust::orient3d`], Shewchuk's adaptive predicate, which is exact.
//!
//! Why not Shewchuk's own stages B and C: they merge expansions by magnitude, a branch per
//! component, and on nearly coplanar points those branches are random. Written here with
//! fixed-size expansions and fused multiply-add, they still took 517 ns per query on the
//! benchmark's nearly coplanar set, more than `robust::orient3d` itself (409 ns). The
//! compensated sum below has no data-dependent branch before its one test.
//!
//! # Derivation
//! Write `x = fl(p - d)` for each of the nine coordinate differences of `a`, `b`, `c` from
//! `d`, and `t = (p - d) - x` for its rounding error, computed exactly (Two-Diff). The
//! determinant `D* = det[a - d; b - d; c - d]` is the sum of six signed monomials
//! `± x₁ y₂ z₃` of the exact differences `x + t`. Expanding each factor:
//! `D* = det X + L + Q + det T`, with `X` the rounded differences and `T` their errors; `L`
//! has one tail in each term, `Q` two. With `P = Σ |x₁ y₂ z₃|` the permanent of `X` and
//! `|t| ≤ ε |x|` (`ε = 2^-53`): `|L| ≤ 3ε P`, `|Q| + |det T| ≤ (3ε² + ε³) P`.
//!
//! 1. `det X` exactly: each monomial `f g h` is `(p + e) h` with `f g = p + e` (two-product
//!    by fused multiply-add), and `p h`, `e h` are two-products again: 24 doubles `s_i`
//!    whose sum is `det X`, with `Σ |s_i| ≤ (1 + 2ε)² P ≤ (1 + 5ε) P`.
//! 2. They are added by Ogita, Rump and Oishi's Sum2 (cascaded Two-Sum from a zero start,
//!    25 summands, the errors summed in floats: *Accurate Sum and Dot Product*, SIAM J. Sci.
//!    Comput. 26 (2005), proposition 4.5): `|r - det X| ≤ ε |det X| + γ²₂₄ Σ |s_i|`,
//!    `γ₂₄ = 24ε / (1 - 24ε)`, so at most `ε |det X| + 578 ε² P`.
//! 3. `L` in floats: each of its 18 terms (exact magnitude at most `ε |f g h|`) goes through
//!    at most ten roundings (two products, two additions within its monomial, six in the
//!    running sum), so `|L̂ - L| ≤ γ₁₀ · 3ε P ≤ 31 ε² P` (Higham, *Accuracy and Stability of
//!    Numerical Algorithms*, lemma 3.1).
//! 4. `F = fl(r + L̂)`: one more rounding, `ε |F|`.
//!
//! So `E = |F - D*| ≤ ε |F| + ε |det X| + 613 ε² P`, and since `|det X| ≤ |F| + E +
//! 3.02 ε P`, `E ≤ 2.01 ε |F| + 616 ε² P`. The computed permanent `P̂` (two roundings per
//! monomial, five in the sum) is at least `(1 - 7ε) P`. The test `|F| > 2^-96 P̂`
//! (`2^-96 = 1024 ε²`, an exact scaling) gives `|F| (1 - 2.01 ε) > 1023 ε² P > 616 ε² P`,
//! hence `E < |F|`: `F` has the sign of `D*`. If `P̂ = 0`, every monomial of `X` has a zero
//! factor, whose tail is zero too (a difference rounds to zero only when it is zero), so
//! `D* = 0`.
//!
//! All of this assumes no underflow and no overflow, and so does Shewchuk's proof for
//! `robust::orient3d` (*Adaptive Precision Floating-Point Arithmetic and Fast Robust Geometric
//! Predicates*, 1997). The range check (coordinates zero or in `[2^-250, 2^250]`) secures both:
//! a nonzero difference of two coordinates, and its rounding error, is a multiple of `2^-302`
//! (the ulp of `2^-250`), so every product of three (and every product's error) is zero or a
//! multiple of `2^-906`, a normal number, and every magnitude stays below `2^760`. Outside the
//! range `robust` can be wrong (it calls points near `1e-158` coplanar that are not).

use core::cmp::Ordering;

// The unguarded sum and difference: the range check keeps every operand below `2^760`.
use surety_intervals::eft::{two_diff_in_range, two_product, two_sum_in_range};

use crate::filter::static_filter::sign;

/// `2^-96 = 1024 ε²`: the stage decides when `|F|` exceeds this many permanents.
const CLEAR: f64 = 1.0 / 79_228_162_514_264_337_593_543_950_336.0;
/// `2^-250` and `2^250`: the range the derivation holds in.
const LOW: f64 = f64::from_bits((1023 - 250) << 52);
const HIGH: f64 = f64::from_bits((1023 + 250) << 52);

/// The exact sign of `((b - a) × (c - a)) · (d - a)` (surety's [`orient3d`](crate::orient3d)
/// convention), or `None` unless every coordinate is zero or in `[2^-250, 2^250]` in
/// magnitude. See the module's derivation.
#[inline]
pub(crate) fn orient3d_in_range(
    a: [f64; 3],
    b: [f64; 3],
    c: [f64; 3],
    d: [f64; 3],
) -> Option<Ordering> {
    // Branch-free over the twelve coordinates.
    let in_range = [a, b, c, d].iter().flatten().fold(true, |ok, x| {
        ok & ((*x == 0.0) | (LOW..=HIGH).contains(&x.abs()))
    });
    // Shewchuk's determinant det[a - d; b - d; c - d] is minus ours.
    in_range.then(|| staged(a, b, c, d).0.reverse())
}

/// Which step decided (for the tests: each must be reached and agree).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Decided {
    /// The compensated determinant cleared its bound.
    Compensated,
    /// The permanent is zero, so the determinant is.
    ZeroPermanent,
    /// `robust::orient3d`.
    Robust,
}

/// The sign of Shewchuk's `det[a - d; b - d; c - d]`, for coordinates in range, and which
/// step decided it.
#[inline(always)]
fn staged(a: [f64; 3], b: [f64; 3], c: [f64; 3], d: [f64; 3]) -> (Ordering, Decided) {
    let minus_d = |p: [f64; 3]| [0, 1, 2].map(|i| two_diff_in_range(p[i], d[i]));
    let [(adx, adxt), (ady, adyt), (adz, adzt)] = minus_d(a);
    let [(bdx, bdxt), (bdy, bdyt), (bdz, bdzt)] = minus_d(b);
    let [(cdx, cdxt), (cdy, cdyt), (cdz, cdzt)] = minus_d(c);
    // The six monomials f g h of det X = adx (bdy cdz - bdz cdy) + bdx (cdy adz - cdz ady)
    // + cdx (ady bdz - adz bdy), negative ones with f negated; with their tails.
    let monomials = [
        ((adx, adxt), (bdy, bdyt), (cdz, cdzt)),
        ((-adx, -adxt), (bdz, bdzt), (cdy, cdyt)),
        ((bdx, bdxt), (cdy, cdyt), (adz, adzt)),
        ((-bdx, -bdxt), (cdz, cdzt), (ady, adyt)),
        ((cdx, cdxt), (ady, adyt), (bdz, bdzt)),
        ((-cdx, -cdxt), (adz, adzt), (bdy, bdyt)),
    ];
    let (mut s, mut err) = (0.0, 0.0);
    let (mut permanent, mut first_order) = (0.0, 0.0);
    for ((f, tf), (g, tg), (h, th)) in monomials {
        let (p, e) = two_product(f, g);
        let (ph, phe) = two_product(p, h);
        let (eh, ehe) = two_product(e, h);
        // Sum2: cascaded Two-Sum, the errors summed in floats.
        for v in [ph, phe, eh, ehe] {
            let (sum, lo) = two_sum_in_range(s, v);
            s = sum;
            err += lo;
        }
        permanent += ph.abs();
        first_order += (tf * (g * h) + tg * (f * h)) + th * p;
    }
    let det = (s + err) + first_order;
    if det.abs() > CLEAR * permanent {
        return (sign(det), Decided::Compensated);
    }
    if permanent == 0.0 {
        return (Ordering::Equal, Decided::ZeroPermanent);
    }
    let p = |[x, y, z]: [f64; 3]| robust::Coord3D { x, y, z };
    let sign = robust::orient3d(p(a), p(b), p(c), p(d))
        .partial_cmp(&0.0)
        .unwrap_or(Ordering::Equal);
    (sign, Decided::Robust)
}

#[cfg(test)]
mod tests {
    use super::*;
    use quickcheck::{Arbitrary, Gen};

    fn robust_sign(a: [f64; 3], b: [f64; 3], c: [f64; 3], d: [f64; 3]) -> Ordering {
        let p = |[x, y, z]: [f64; 3]| robust::Coord3D { x, y, z };
        robust::orient3d(p(a), p(b), p(c), p(d))
            .partial_cmp(&0.0)
            .unwrap()
    }

    /// Random, nearly coplanar, exactly coplanar with inexact differences, on a small grid,
    /// and on a plane `z = const`: every step is reached and agrees with robust's exact answer
    /// (the rational oracle checks the stage in `tests/orient.rs`).
    #[test]
    fn every_step_is_reached_and_agrees_with_robust() {
        let mut g = Gen::from_size_and_seed(100, 0x9e37_79b9_7f4a_7c15);
        // Uniform in [0, 1) with all 53 bits random.
        let mut unit = || (u64::arbitrary(&mut g) >> 11) as f64 / 9_007_199_254_740_992.0;
        let mut seen = Vec::new();
        for i in 0..5000 {
            let [a, b, c, e] = [(); 4].map(|_| [unit(), unit(), unit()]);
            let (s, t) = (unit(), unit());
            let grid = |p: [f64; 3]| p.map(|x| (x * 16.0).floor());
            let [a, b, c, d] = match i % 5 {
                0 => [a, b, c, e],
                // On the plane up to rounding.
                1 => [
                    a,
                    b,
                    c,
                    [0, 1, 2].map(|k| a[k] + (b[k] - a[k]) * s + (c[k] - a[k]) * t),
                ],
                // On the plane x = y exactly, with magnitudes mixed so that differences round.
                2 => [
                    [a[0], a[0], a[2]],
                    [b[0], b[0], b[2] * 1e-9],
                    [c[0], c[0], c[2]],
                    [s * 1e6, s * 1e6, t],
                ],
                // Small integers: differences exact, often coplanar.
                3 => [grid(a), grid(b), grid(c), grid(e)],
                // On a plane z = const: the permanent is zero.
                _ => [a, b, c, e].map(|p| [p[0], p[1], 0.5]),
            };
            let (v, step) = staged(a, b, c, d);
            assert_eq!(v, robust_sign(a, b, c, d), "{a:?} {b:?} {c:?} {d:?}");
            if i % 5 == 2 || i % 5 == 4 {
                assert_eq!(v, Ordering::Equal);
            }
            seen.push(step);
        }
        for step in [
            Decided::Compensated,
            Decided::ZeroPermanent,
            Decided::Robust,
        ] {
            assert!(seen.contains(&step), "{step:?} never decided");
        }
    }

    /// A determinant of 1 among products of `2^100`: `det [a - d; b - d; c - d]` with
    /// `a = (N, N + 1, 0)`, `b = (N - 1, N, 0)`, `c = (0, 0, 1)`, `d = 0` is
    /// `N² - (N + 1)(N - 1) = 1`, far below the compensated step's bound (`2^-96` of the
    /// permanent, about `2N²`), so only the last step can tell, and its sign is not zero. (A
    /// mutant that answered "coplanar" there survived the test above, whose points all
    /// cleared the bound or were coplanar.)
    #[test]
    fn a_determinant_of_1_among_products_of_2_to_the_100_gets_its_sign() {
        for n in [2f64.powi(50), 2f64.powi(51), 3.0 * 2f64.powi(49)] {
            let (p, q) = ([n, n + 1.0, 0.0], [n - 1.0, n, 0.0]);
            let (c, d) = ([0.0, 0.0, 1.0], [0.0; 3]);
            for (a, b) in [(p, q), (q, p)] {
                let (v, step) = staged(a, b, c, d);
                assert_eq!(step, Decided::Robust, "{n}");
                assert_eq!(v, robust_sign(a, b, c, d));
                assert_ne!(v, Ordering::Equal, "{n}");
                assert_eq!(orient3d_in_range(a, b, c, d), Some(v.reverse()));
            }
        }
    }

    #[test]
    fn coordinates_out_of_range_are_not_this_stages() {
        let (o, x, y) = ([0.0; 3], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]);
        assert_eq!(
            orient3d_in_range(o, x, y, [0.0, 0.0, 1.0]),
            Some(Ordering::Greater)
        );
        assert_eq!(orient3d_in_range(o, x, y, [0.0, 0.0, 1e-76]), None);
        assert_eq!(orient3d_in_range(o, x, y, [0.0, 0.0, 1e76]), None);
    }
}
