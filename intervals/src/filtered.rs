//! The float filter: plain `f64` arithmetic with an error bound computed alongside.

use core::ops::{Add, Mul, Neg, Sub};

use crate::{Ring, Sign};

/// Unit roundoff of `f64`, `2^-53`, with a margin of `2^-10` that covers the rounding of the
/// bound's own computation and the final comparison (see [`Filtered`]'s derivation).
const U_MARGIN: f64 = (1.0 + 1.0 / 1024.0) / 9_007_199_254_740_992.0;

/// Nonzero inputs below `2^-125` in magnitude poison the filter (see the derivation): the bit
/// pattern of `2^-125`.
const SMALL_BITS: u64 = (1023 - 125) << 52;

/// Nonzero inputs below `2^-31` (and not below `2^-125`) weigh 4 in the degree, others 1: the
/// bit pattern of `2^-31`.
const LIGHT_BITS: u64 = (1023 - 31) << 52;

/// The largest weighted degree the filter decides: an input weighs 1 when its magnitude is
/// at least `2^-31`, 4 when it is at least `2^-125`, so every product of weighted degree at
/// most 32 is at least `2^-1000` (`2^-31.25` per unit of weight). Formulas of degree 8 decide
/// on any inputs down to `2^-125`, as far higher ones (posed shapes reach 30) on inputs of
/// `2^-31` and up.
const MAX_DEGREE: f64 = 32.0;

/// Depth beyond which the bound's first-order constant is no longer safe (`2^28`).
const MAX_DEPTH: f64 = 268_435_456.0;

/// The first stage of the filter stack: a formula evaluated in plain `f64`, with a
/// semi-static error bound computed in the same pass.
///
/// Each value carries its float value `v`, a magnitude `m`, an operation depth `d` and a
/// weighted degree `k`: inputs have `m = |x|`, `d = 0`, and `k = 1`, or `k = 4` when
/// `0 < |x| < 2^-31`; `a ± b` has `m = m_a + m_b`, `d = max(d_a, d_b) + 1`,
/// `k = max(k_a, k_b)`; `a · b` has `m = m_a · m_b`, `d = d_a + d_b + 1`, `k = k_a + k_b`;
/// `|a|` keeps all; `max`/`min` take the larger of each (a NaN `m` stays NaN). The sign of `v` is certain when
/// `|v| > d · u · (1 + 2^-10) · m` and `k ≤ 32`. (`d` depends only on the formula, not on the
/// inputs: once inlined, the compiler folds it to a constant.)
///
/// # Derivation
/// Write `P` for the magnitude computed exactly (the "permanent": the sum of the absolute
/// values of the formula's monomials, with `max` for `max`/`min` nodes), and `x` for the
/// exact value. By induction over the formula, `|x| ≤ P` and `|x - v| ≤ γ_d · P` with
/// `γ_d = d·u'/(1 - d·u')`:
/// - Inputs are exact (`d = 0`). Negation, `abs`, `max` and `min` do not round, and are
///   1-Lipschitz in each argument, so they keep the larger error.
/// - `a ± b`: the errors add, at most `γ_max(d_a, d_b) · (P_a + P_b)`, and rounding the sum adds
///   at most `u · |v_a ± v_b| ≤ u · (1 + γ) · P`.
/// - `a · b`: `|v_a v_b - x_a x_b| ≤ ((1 + γ_a)(1 + γ_b) - 1) · P_a P_b`, and rounding the
///   product adds at most `u · |v_a v_b| + η`, where `η = 2^-1075` covers underflow. When
///   `P ≥ 2^-1000`, `η ≤ 2^-20 · u · P`, so it is absorbed by using `u' = u · (1 + 2^-20)`.
///   That holds for every product with `P ≠ 0`: an input whose magnitude is below `2^-125`
///   (and not zero) poisons its `m` to `+∞` (the filter then never decides, and the stack
///   escalates); any other non-zero input is at least `2^-31.25 w` for its weight `w` (1 at
///   `2^-31` and up, 4 at `2^-125` and up). A monomial's magnitude is the product of its
///   inputs', so at least `2^-31.25 K` for its weighted degree `K`, and `P` is at least any
///   one of its monomials: with `k` bounding every monomial's weighted degree (sums over
///   products, maxima over sums), every non-zero `P` with `k ≤ 32` is at least `2^-1000`. A
///   value of higher weighted degree is not decided by the filter at all.
///
/// Addition never underflows (an exact result is then representable). The computed `m` is
/// itself rounded, by at most a factor `(1 - u)^d` below `P` (its products are at least
/// `2^-1000`, so normal). For `d ≤ 2^28`, `γ_d / (1 - u)^d ≤ d · u · (1 + 2^-19)`, and the
/// margin `2^-10` in the constant also covers the two roundings of computing `d · c · m`.
/// Overflow gives `v` or `m` infinite or NaN, and then no comparison succeeds: no certain
/// sign. A zero times a poisoned input gives `m = 0 · ∞ = NaN`; every operation keeps a NaN
/// `m` (`max`/`min` explicitly: `f64::max` would drop it and leave `m = 0`, a false "exactly
/// zero"), so it never decides either. So a certain sign is the exact sign, for any finite inputs, subnormal and huge ones
/// included. The quickcheck properties in `tests/stack.rs` check this against exact
/// rationals, including at the underflow and overflow thresholds.
///
/// Every normal `f32` is at least `2^-126`; only subnormal `f32` inputs (and `f64` inputs below
/// `2.4e-38`) skip the filter.
///
/// # Example
/// ```
/// use surety_intervals::{Filtered, Ring, Sign};
///
/// let x = Filtered::from_f64(1.0) + Filtered::from_f64(1e-20);
/// assert_eq!(x.value(), 1.0); // rounded
/// assert_eq!(x.sign(), Sign::Positive); // but the sign is certain
/// // 1 + 1e-20 - 1 is 1e-20 exactly, but its float value is 0: within the bound, unknown.
/// assert_eq!((x - Filtered::from_f64(1.0)).sign(), Sign::Undecided);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Filtered {
    v: f64,
    m: f64,
    d: f64,
    k: f64,
}

impl Filtered {
    /// The float value.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::{Filtered, Ring};
    ///
    /// assert_eq!((Filtered::from_f64(0.5) * Filtered::from_f64(4.0)).value(), 2.0);
    /// ```
    #[inline]
    pub fn value(&self) -> f64 {
        self.v
    }

    /// The bound on `|exact − value|` that the sign test uses (`+∞` when the filter cannot
    /// bound the error: overflow, or a product that may have underflowed).
    ///
    /// # Example
    /// ```
    /// use surety_intervals::{Filtered, Ring};
    ///
    /// let one = Filtered::from_f64(1.0);
    /// assert_eq!(one.error_bound(), 0.0);
    /// let third = Filtered::from_f64(0.1) * Filtered::from_f64(3.0);
    /// assert!(third.error_bound() > 0.0 && third.error_bound() < 1e-16);
    /// ```
    #[inline]
    pub fn error_bound(&self) -> f64 {
        if self.d > MAX_DEPTH || self.k > MAX_DEGREE || self.m.is_nan() {
            return f64::INFINITY;
        }
        self.m * (self.d * U_MARGIN)
    }
}

impl Ring for Filtered {
    #[inline]
    fn from_f64(x: f64) -> Self {
        // |x| below 2^-125 and not zero: poison; below 2^-31: weight 4 (integer compares,
        // branch-free).
        let bits = x.to_bits() & !(1u64 << 63);
        let small = bits.wrapping_sub(1) < SMALL_BITS - 1;
        let light = bits.wrapping_sub(1) < LIGHT_BITS - 1;
        let m = f64::from_bits(if small { f64::INFINITY.to_bits() } else { bits });
        Filtered {
            v: x,
            m,
            d: 0.0,
            k: if light { 4.0 } else { 1.0 },
        }
    }

    #[inline]
    fn sign(&self) -> Sign {
        if self.d > MAX_DEPTH || self.k > MAX_DEGREE {
            // Beyond the derivation (m may have underflowed to zero): not the filter's.
            return Sign::Undecided;
        }
        let b = self.error_bound();
        let (above, below) = (self.v > b, self.v < -b);
        // m = 0: every monomial is exactly zero (m is never rounded to zero: see above).
        if above | below | (self.m == 0.0) {
            // Branch-free on the sign itself (random signs would mispredict a branch).
            (above as i8 - below as i8).cmp(&0).into()
        } else {
            Sign::Undecided
        }
    }

    #[inline]
    fn abs(self) -> Self {
        Filtered {
            v: self.v.abs(),
            ..self
        }
    }

    #[inline]
    fn max(self, o: Self) -> Self {
        Filtered {
            v: self.v.max(o.v),
            m: poisoned_max(self.m, o.m),
            d: self.d.max(o.d),
            k: self.k.max(o.k),
        }
    }

    #[inline]
    fn min(self, o: Self) -> Self {
        Filtered {
            v: self.v.min(o.v),
            m: poisoned_max(self.m, o.m),
            d: self.d.max(o.d),
            k: self.k.max(o.k),
        }
    }
}

/// The larger magnitude, NaN when either is: a NaN magnitude (`0 · ∞`, a zero times a
/// poisoned input) must poison whatever it reaches. `f64::max` returns the other operand
/// for a NaN, which would turn an unbounded error into the claim `m = 0` ("exactly zero").
#[inline]
fn poisoned_max(a: f64, b: f64) -> f64 {
    if a.is_nan() | b.is_nan() {
        f64::NAN
    } else {
        a.max(b)
    }
}

impl Add for Filtered {
    type Output = Filtered;
    #[inline]
    fn add(self, o: Filtered) -> Filtered {
        Filtered {
            v: self.v + o.v,
            m: self.m + o.m,
            d: self.d.max(o.d) + 1.0,
            k: self.k.max(o.k),
        }
    }
}

impl Sub for Filtered {
    type Output = Filtered;
    #[inline]
    fn sub(self, o: Filtered) -> Filtered {
        Filtered {
            v: self.v - o.v,
            m: self.m + o.m,
            d: self.d.max(o.d) + 1.0,
            k: self.k.max(o.k),
        }
    }
}

impl Mul for Filtered {
    type Output = Filtered;
    #[inline]
    fn mul(self, o: Filtered) -> Filtered {
        Filtered {
            v: self.v * o.v,
            m: self.m * o.m,
            d: self.d + o.d + 1.0,
            k: self.k + o.k,
        }
    }
}

impl Neg for Filtered {
    type Output = Filtered;
    #[inline]
    fn neg(self) -> Filtered {
        Filtered { v: -self.v, ..self }
    }
}
