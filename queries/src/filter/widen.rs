//! Outward widening of a float that approximates an exact value to within three roundings:
//! how the ray culling's slab quotients and the ray–triangle static filter's hit parameter
//! become bounds that hold the exact value.

/// `8u = 2^-50`, the relative widening: more than the `3u` (plus second-order terms) of three
/// roundings, with room for the widening's own two roundings.
pub(crate) const WIDEN: f64 = 8.0 * f64::EPSILON / 2.0;

/// The greatest lower bound [`widen_down`] gives, `f64::MAX · (1 - 8u)`: a value that
/// overflowed to `+∞` after three roundings may stand for an exact one as small as about
/// `f64::MAX · (1 - 3u)`.
pub(crate) const CAP: f64 = f64::MAX * (1.0 - WIDEN);

/// A lower bound of the exact value that `x` approximates with three roundings (relative
/// `3u`, and `2^-1074` absolute where a result underflows): `x` less `|x| · 8u + 2^-1022`,
/// at most [`CAP`]. `8u` is a power of two, so the product is exact but for underflow, and
/// the two roundings left cost at most `2u |x|` of the `5u |x|` margin. Branch-free: `-∞`
/// stays itself, and `+∞` gives `∞ - ∞ = NaN`, which `min` turns into the cap.
#[inline(always)]
pub(crate) fn widen_down(x: f64) -> f64 {
    (x - (x.abs() * WIDEN + f64::MIN_POSITIVE)).min(CAP)
}

/// An upper bound of the exact value that `x` approximates, as [`widen_down`] a lower one,
/// at least `-CAP` (so `-∞` gives `-CAP`, which is above any exact value that overflowed to
/// `-∞`).
#[inline(always)]
pub(crate) fn widen_up(x: f64) -> f64 {
    (x + (x.abs() * WIDEN + f64::MIN_POSITIVE)).max(-CAP)
}

// The cap lies below every value an overflowed three-rounding result may stand for.
const _: () = assert!(CAP < f64::MAX * (1.0 - 1.5 * f64::EPSILON) && CAP > 0.99 * f64::MAX);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widening_brackets_three_roundings_and_keeps_infinities_sound() {
        for x in [1.0, -1.0, 3.5e-310, -3.5e-310, 0.0, 1e300, -1e300] {
            let e = x * (3.0 * f64::EPSILON / 2.0); // three roundings' worth
            assert!(
                widen_down(x) < x - e.abs() && widen_up(x) > x + e.abs(),
                "{x}"
            );
        }
        assert_eq!(widen_down(f64::INFINITY), CAP);
        assert_eq!(widen_down(f64::NEG_INFINITY), f64::NEG_INFINITY);
        assert_eq!(widen_up(f64::INFINITY), f64::INFINITY);
        assert_eq!(widen_up(f64::NEG_INFINITY), -CAP);
    }
}
