//! What the hand-written static filters share: their two constants, and the float pieces
//! whose roundings their derivations count (differences, a cross product with the magnitudes
//! of its products, a dot product summed as `(x₀y₀ + x₁y₁) + x₂y₂`).
//!
//! Each filter's derivation is in its own doc comment (`Orient3d`, `SegmentTriangle`,
//! `TriangleAabb`); these pieces only fix the evaluation order those derivations assume.

use core::cmp::Ordering;

/// `8u (1 + 2^-10)` with `u = 2^-53`, exact: Shewchuk's stage-A factor for eight roundings,
/// `8u (1 + 17u)`, with room for rounding the bound itself.
pub(crate) const B: f64 = (1.0 + 1.0 / 1024.0) / 1_125_899_906_842_624.0;

/// `2^-1000`, the unit of the underflow terms: far more than the `2^-1075` per product that
/// underflow can lose, but a normal number, so `T · (…)` never takes the hardware's slow
/// subnormal path (a subnormal constant cost orient3d 23 ns instead of 10).
pub(crate) const T: f64 = f64::from_bits((1023 - 1000) << 52);

/// `x - y`, one rounding per coordinate.
#[inline(always)]
pub(crate) fn sub(x: [f64; 3], y: [f64; 3]) -> [f64; 3] {
    [x[0] - y[0], x[1] - y[1], x[2] - y[2]]
}

/// `x × y` as differences of products, and per component the sum of the two products'
/// magnitudes (its permanent).
#[inline(always)]
pub(crate) fn cross(x: [f64; 3], y: [f64; 3]) -> ([f64; 3], [f64; 3]) {
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
