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
