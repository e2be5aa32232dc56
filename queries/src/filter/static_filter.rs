//! What the hand-written static filters share: their constants, the float pieces whose
//! roundings their derivations count (differences, a cross product, with or without the
//! magnitudes of its products, a dot product summed as `(x₀y₀ + x₁y₁) + x₂y₂`), the
//! per-axis maxima of the semi-static bounds, and three-valued tests as data.
//!
//! Each filter's derivation is in its own doc comment (`Orient3d`, `SegmentTriangle`,
//! `SphereTriangle`, `TriangleAabb`); these pieces only fix the evaluation order those
//! derivations assume.

use core::cmp::Ordering;

/// `u (1 + 2^-10)` with `u = 2^-53`, exact: the unit roundoff with room for the few roundings
/// of a bound's own evaluation. `k · U` is exact for the small integers `k` the filters use.
pub(crate) const U: f64 = (1.0 + 1.0 / 1024.0) / 9_007_199_254_740_992.0;

/// `8u (1 + 2^-10)`: Shewchuk's stage-A factor for eight roundings, `8u (1 + 17u)`, with room
/// for rounding the bound itself.
pub(crate) const B: f64 = 8.0 * U;

/// `2^-1000`, the unit of the underflow terms: far more than the `2^-1075` per product that
/// underflow can lose, but a normal number, so `T · (…)` never takes the hardware's slow
/// subnormal path (a subnormal constant cost orient3d 23 ns instead of 10).
pub(crate) const T: f64 = f64::from_bits((1023 - 1000) << 52);

/// `x - y`, one rounding per coordinate.
#[inline(always)]
pub(crate) fn sub(x: [f64; 3], y: [f64; 3]) -> [f64; 3] {
    [x[0] - y[0], x[1] - y[1], x[2] - y[2]]
}

/// `x × y` as differences of products.
#[inline(always)]
pub(crate) fn cross(x: [f64; 3], y: [f64; 3]) -> [f64; 3] {
    cross_with_permanent(x, y).0
}

/// `x × y` as differences of products, and per component the sum of the two products'
/// magnitudes (its permanent).
#[inline(always)]
pub(crate) fn cross_with_permanent(x: [f64; 3], y: [f64; 3]) -> ([f64; 3], [f64; 3]) {
    let (p0, n0) = (x[1] * y[2], x[2] * y[1]);
    let (p1, n1) = (x[2] * y[0], x[0] * y[2]);
    let (p2, n2) = (x[0] * y[1], x[1] * y[0]);
    (
        [p0 - n0, p1 - n1, p2 - n2],
        [
            p0.abs() + n0.abs(),
            p1.abs() + n1.abs(),
            p2.abs() + n2.abs(),
        ],
    )
}

/// `(x₀y₀ + x₁y₁) + x₂y₂`.
#[inline(always)]
pub(crate) fn dot(x: [f64; 3], y: [f64; 3]) -> f64 {
    (x[0] * y[0] + x[1] * y[1]) + x[2] * y[2]
}

/// `(|x₀| + |x₁|) + |x₂|`.
#[inline(always)]
pub(crate) fn l1(x: [f64; 3]) -> f64 {
    (x[0].abs() + x[1].abs()) + x[2].abs()
}

/// The larger of two numbers that are not NaN, as one `maxsd` (`f64::max` also handles NaN,
/// at two more instructions).
#[inline(always)]
pub(crate) fn max(x: f64, y: f64) -> f64 {
    if x > y {
        x
    } else {
        y
    }
}

/// The smaller of two numbers that are not NaN, as one `minsd`.
#[inline(always)]
pub(crate) fn min(x: f64, y: f64) -> f64 {
    if x < y {
        x
    } else {
        y
    }
}

/// Coordinate-wise `max(|x|, |y|)` (no NaN: the filters' inputs are finite).
#[inline(always)]
pub(crate) fn max_abs(x: [f64; 3], y: [f64; 3]) -> [f64; 3] {
    [0, 1, 2].map(|i| max(x[i].abs(), y[i].abs()))
}

/// The largest coordinate, as a tree of two maxima.
#[inline(always)]
pub(crate) fn max3(x: [f64; 3]) -> f64 {
    max(max(x[0], x[1]), x[2])
}

/// A sign test's outcome as data, not a branch: (certainly true, certainly false); neither
/// when the value is within its error bound.
pub(crate) type Sure = (bool, bool);

/// Is `x` (computed within `bound` of the exact value) certainly positive, or certainly
/// negative? The same for "`≥ 0`" and "`> 0`": a value within its bound is neither.
#[inline(always)]
pub(crate) fn clears(x: f64, bound: f64) -> Sure {
    (x > bound, x < -bound)
}

/// Three-valued negation.
#[inline(always)]
pub(crate) fn not(x: Sure) -> Sure {
    (x.1, x.0)
}

/// Three-valued conjunction (its identity is `(true, false)`).
#[inline(always)]
pub(crate) fn and(x: Sure, y: Sure) -> Sure {
    (x.0 & y.0, x.1 | y.1)
}

/// Three-valued disjunction (its identity is `(false, true)`).
#[inline(always)]
pub(crate) fn or(x: Sure, y: Sure) -> Sure {
    (x.0 | y.0, x.1 & y.1)
}

/// The filter's answer: `Some` when the outcome is certain.
#[inline(always)]
pub(crate) fn answer(x: Sure) -> Option<bool> {
    if x.0 | x.1 {
        Some(x.0)
    } else {
        None
    }
}

/// Coordinate-wise magnitudes.
#[inline(always)]
pub(crate) fn abs(x: [f64; 3]) -> [f64; 3] {
    x.map(f64::abs)
}

/// The sign of a number (not NaN) as data, not a branch: a branch on the answer mispredicts
/// on random inputs.
#[inline(always)]
pub(crate) fn sign(x: f64) -> Ordering {
    ((x > 0.0) as i8 - (x < 0.0) as i8).cmp(&0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The constants are what their derivations need: `U` above the unit roundoff `u` (every
    /// bound counts roundings of at most `u` each), `B` at least Shewchuk's stage-A factor
    /// `8u(1 + 17u)`, `T` normal and far above the `2^-1075` an underflowing product can lose;
    /// and no looser than stated (a looser constant stays sound but decides less: see
    /// `tests/static_filters.rs` for the gross cases). cargo-mutants found that `U` computed
    /// with `-` for `+` (below `u`: unsound in principle) or with a factor of 2 or 1025 (loose)
    /// survived every behavioural test, since no random or built input meets the bound within
    /// that margin.
    /// Each component's permanent is the sum of its two products' magnitudes, as the
    /// filters' derivations assume (a product of them, smaller below 1, survived every
    /// behavioural test: it shrinks the bound only where no test input makes that component's
    /// error dominate).
    #[test]
    fn the_cross_products_permanent_sums_the_products_magnitudes() {
        let xs = [0.3, -1e-5, 7.0, -2.5e12, 0.0, 1e-300];
        for x0 in xs {
            for y1 in xs {
                let (x, y) = ([x0, -0.7, 3.0], [1.5, y1, -2e-3]);
                let (c, perm) = cross_with_permanent(x, y);
                assert_eq!(c, cross(x, y));
                for (i, &p) in perm.iter().enumerate() {
                    let (j, k) = ((i + 1) % 3, (i + 2) % 3);
                    let expected = (x[j] * y[k]).abs() + (x[k] * y[j]).abs();
                    assert_eq!(p, expected, "component {i} of {x:?} x {y:?}");
                }
            }
        }
    }

    /// `sign` is exact at zero and for the least numbers of either sign (the filters call it
    /// only past a positive bound, so no behavioural test reaches zero).
    #[test]
    fn sign_is_exact_at_zero_and_next_to_it() {
        assert_eq!(sign(0.0), Ordering::Equal);
        assert_eq!(sign(-0.0), Ordering::Equal);
        assert_eq!(sign(f64::from_bits(1)), Ordering::Greater);
        assert_eq!(sign(-f64::from_bits(1)), Ordering::Less);
    }

    #[test]
    fn the_constants_meet_their_derivations() {
        let u = f64::EPSILON / 2.0;
        assert!(U > u && U == u * (1.0 + 2f64.powi(-10)));
        assert!(B >= 8.0 * u * (1.0 + 17.0 * u) && B == 8.0 * U);
        assert!(
            T.is_normal() && T == 2f64.powi(-1000) && T >= f64::from_bits(1) * 2f64.powi(60) / 2.0
        );
    }
}
