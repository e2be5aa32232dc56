//! Exact scaling by powers of two: inputs brought near magnitude 1 without changing a bit of
//! their significands, where a formula's answer does not depend on their scale.

/// The exponent `e` with `2^e <= |x| < 2^(e+1)`, for finite non-zero `x` (subnormals too).
fn exponent(x: f64) -> i32 {
    let x = x.abs();
    if x >= f64::MIN_POSITIVE {
        ((x.to_bits() >> 52) as i32) - 1023
    } else {
        (((x * 2f64.powi(54)).to_bits() >> 52) as i32) - 1023 - 54
    }
}

/// A power of two `k` such that every `x · 2^k` is exact and the largest is near 1: scaling up
/// is always exact (the largest stays below 2); scaling down only as far as the least non-zero
/// magnitude stays a normal double. 0 for all zeros, or any non-finite value.
pub(crate) fn exact_scale(xs: &[f64]) -> i32 {
    let nonzero = || xs.iter().filter(|x| **x != 0.0);
    if xs.iter().any(|x| !x.is_finite()) || nonzero().next().is_none() {
        return 0;
    }
    let high = nonzero().map(|&x| exponent(x)).max().unwrap_or(0);
    let low = nonzero().map(|&x| exponent(x)).min().unwrap_or(0);
    let k = -high;
    if k >= 0 {
        k
    } else {
        // Keep the least at 2^-1021 or above (normal, with a margin).
        k.max(-1021 - low).min(0)
    }
}

/// Magnitudes past which the float stages may overflow or underflow on a formula's products
/// (of degree up to about eight in its inputs): above `2^64`, or below `2^-64`.
const FAR: f64 = 18_446_744_073_709_551_616.0;

/// The power of two by which a formula's [rescaled](surety_intervals::stack::Formula::rescaled)
/// form multiplies a group of inputs (scaled alike): [`exact_scale`]'s, when the largest
/// magnitude is beyond `2^±64` and that scale moves it; `None` otherwise (nothing to gain,
/// or a non-finite input).
#[inline]
pub(crate) fn rescale(xs: &[f64]) -> Option<i32> {
    let largest = xs.iter().fold(0.0f64, |m, x| m.max(x.abs()));
    if !(largest > FAR || (largest > 0.0 && largest < 1.0 / FAR)) {
        return None;
    }
    let k = exact_scale(xs);
    (k != 0).then_some(k)
}

/// `x · 2^k` when that is exact (finite, and no bit lost to underflow), else `None`. Zero
/// stays zero for every `k` (`times_pow2` alone gives NaN for it past `|k| = 2044`).
#[inline]
pub(crate) fn exactly_scaled(x: f64, k: i32) -> Option<f64> {
    if x == 0.0 {
        return Some(x);
    }
    let y = times_pow2(x, k);
    (y.is_finite() && times_pow2(y, -k) == x).then_some(y)
}

/// For a formula on lengths `x`, each to be multiplied by `2^(k + shift)` (a box's half
/// extent takes the inverse of its axis's own scale, so that the half-axis vector scales by
/// `2^k` like every other length): the `k` that brings the largest `x · 2^shift` near 1,
/// when that is beyond `2^±64`; `None` otherwise (then only the shifts apply, if any).
pub(crate) fn shifted_scale(lengths: &[(f64, i32)]) -> Option<i32> {
    let top = lengths
        .iter()
        .filter(|(x, _)| *x != 0.0 && x.is_finite())
        .map(|&(x, shift)| exponent(x) + shift)
        .max()?;
    (top.abs() > 64).then_some(-top)
}

/// The power of two each of a box's axes takes to come near 1 on its own (0 for an axis
/// already near 1, or zero).
pub(crate) fn axis_scales(axes: &[[f64; 3]; 3]) -> [i32; 3] {
    axes.map(|a| rescale(&a).unwrap_or(0))
}

/// For a ray's formula whose answer depends on neither the scale of its points nor that
/// of its direction: a power for the points (the origin and the corners) and one for the
/// direction, each where [`rescale`] gives one, 0 otherwise; `None` when neither does.
pub(crate) fn ray_scales(points: &[f64], direction: &[f64; 3]) -> Option<(i32, i32)> {
    match (rescale(points), rescale(direction)) {
        (None, None) => None,
        (k, j) => Some((k.unwrap_or(0), j.unwrap_or(0))),
    }
}

/// An oriented box's numbers: center, axes, half extents.
pub(crate) type BoxParts = ([f64; 3], [[f64; 3]; 3], [f64; 3]);

/// An oriented box's numbers with its lengths times `2^k`: the center, and each half-axis
/// vector, axis `i` times `2^j[i]` and its half extent times `2^(k - j[i])`; `None` where a
/// number would lose a bit.
pub(crate) fn scaled_box(
    center: [f64; 3],
    axes: &[[f64; 3]; 3],
    half: [f64; 3],
    k: i32,
    j: [i32; 3],
) -> Option<BoxParts> {
    Some((
        exactly_scaled3(center, k)?,
        [0, 1, 2].map(|i| scaled3(axes[i], j[i])),
        [
            exactly_scaled(half[0], k - j[0])?,
            exactly_scaled(half[1], k - j[1])?,
            exactly_scaled(half[2], k - j[2])?,
        ],
    ))
}

/// A point's coordinates times `2^k` when that is exact for each, else `None`.
#[inline]
pub(crate) fn exactly_scaled3(v: [f64; 3], k: i32) -> Option<[f64; 3]> {
    Some([
        exactly_scaled(v[0], k)?,
        exactly_scaled(v[1], k)?,
        exactly_scaled(v[2], k)?,
    ])
}

/// A point's coordinates times `2^k`.
#[inline]
pub(crate) fn scaled3(v: [f64; 3], k: i32) -> [f64; 3] {
    v.map(|x| times_pow2(x, k))
}

/// `x · 2^k` in two steps, each factor a normal power of two (`|k| <= 2044`).
pub(crate) fn times_pow2(x: f64, k: i32) -> f64 {
    let half = k / 2;
    x * 2f64.powi(half) * 2f64.powi(k - half)
}

#[cfg(test)]
mod tests {
    use super::{exact_scale, times_pow2};

    /// The scaling that brings a formula's inputs near magnitude 1 changes no value but by
    /// the power of two: every scaled value goes back to its input exactly, for mixes of
    /// subnormal, tiny, ordinary and huge magnitudes, and the largest lands in [1, 2) unless
    /// the least would then be subnormal.
    #[test]
    fn exact_scale_changes_values_only_by_the_power_of_two() {
        let magnitudes = [
            f64::from_bits(1),
            f64::from_bits(0x000f_ffff_ffff_ffff),
            f64::MIN_POSITIVE,
            1e-300,
            1e-200,
            3.0e-20,
            0.1,
            1.0,
            7.5,
            1e20,
            1e200,
            f64::MAX,
        ];
        let mut seed = 0x5eed_u64;
        for _ in 0..20_000 {
            let mut xs = [0.0; 6];
            for x in &mut xs {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let m = magnitudes[(seed >> 33) as usize % magnitudes.len()];
                let f = 1.0 + ((seed >> 11) & 0xff) as f64 / 256.0;
                *x = match (seed >> 20) % 5 {
                    0 => 0.0,
                    1 => -(m / f),
                    _ => m / f,
                };
            }
            let k = exact_scale(&xs);
            let largest = xs.iter().fold(0.0f64, |a, x| a.max(x.abs()));
            for &x in &xs {
                let y = times_pow2(x, k);
                assert!(y.is_finite(), "{x:e} by 2^{k}");
                assert_eq!(times_pow2(y, -k), x, "{x:e} by 2^{k} is {y:e}: not exact");
                if k < 0 && x != 0.0 {
                    assert!(y.abs() >= f64::MIN_POSITIVE, "{x:e} by 2^{k} is subnormal");
                }
            }
            let top = times_pow2(largest, k);
            let least = xs
                .iter()
                .filter(|x| **x != 0.0)
                .fold(f64::INFINITY, |a, x| a.min(x.abs()));
            // Near 1, unless scaling down further would make the least non-zero subnormal.
            let limited = times_pow2(least, k) < 2f64.powi(-1019);
            assert!(
                largest == 0.0 || top < 2.0 || limited,
                "{xs:?}: largest scaled to {top:e}"
            );
            assert!(k <= 0 || top >= 1.0, "{xs:?}: scaled up to only {top:e}");
        }
        assert_eq!(exact_scale(&[0.0, 0.0]), 0);
        assert_eq!(exact_scale(&[1.0, f64::NAN]), 0);
        assert_eq!(exact_scale(&[f64::from_bits(1)]), 1074);
    }
}
