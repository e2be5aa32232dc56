//! Exact dyadic rationals `m·2^e`: the arithmetic of the exact stage.
//!
//! Every `f64` is a dyadic rational, and so are sums, differences, products and halves of
//! them, so the exact stage computes without rounding and, unlike general rationals, without
//! a greatest common divisor after every operation (which took 80 % of CCD's exact-stage time
//! with `BigRational`).

use std::cmp::Ordering;
use std::ops::{Add, Mul, Neg, Sub};

use num_bigint::BigInt;
use num_traits::{Float, ToPrimitive, Zero};

/// An exact dyadic rational `m·2^e` (big-integer `m`), normalized: `m` odd, or `m = 0` and
/// `e = 0`; so equal values have equal fields.
///
/// The number type of the exact stage: `+`, `-` and `*` (on references, or on values through
/// [`Ring`](crate::Ring)) never round, and comparisons are exact.
///
/// # Example
/// ```
/// use surety_intervals::Dyadic;
///
/// let (a, b) = (Dyadic::from_f64(0.1), Dyadic::from_f64(0.2));
/// // In doubles 0.1 + 0.2 rounds up to 0.30000000000000004; the dyadic sum is exact, and
/// // lies strictly between that double and the one below it.
/// let sum = &a + &b;
/// assert!(sum < Dyadic::from_f64(0.1 + 0.2));
/// assert_eq!((sum.down(), sum.up()), (0.3, 0.1 + 0.2));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Dyadic {
    m: BigInt,
    e: i64,
}

impl Dyadic {
    /// The value `m·2^e`.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Dyadic;
    ///
    /// assert_eq!(Dyadic::new(12.into(), -3), Dyadic::from_f64(1.5));
    /// ```
    pub fn new(m: BigInt, e: i64) -> Self {
        match m.trailing_zeros() {
            None => Self::zero(),
            Some(tz) => Self {
                m: m >> tz,
                e: e + tz as i64,
            },
        }
    }

    /// Zero.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Dyadic;
    ///
    /// assert!(Dyadic::zero().is_zero());
    /// ```
    pub fn zero() -> Self {
        Self {
            m: BigInt::zero(),
            e: 0,
        }
    }

    /// An integer, exactly.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Dyadic;
    ///
    /// assert_eq!(Dyadic::from_int(-3), Dyadic::from_f64(-3.0));
    /// ```
    pub fn from_int(i: i64) -> Self {
        Self::new(BigInt::from(i), 0)
    }

    /// The exact value of a finite `f64` (zero for NaN and infinities, which the caller
    /// rejects before).
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Dyadic;
    ///
    /// let tiny = Dyadic::from_f64(f64::from_bits(1)); // 2^-1074, the least subnormal
    /// assert_eq!(tiny, Dyadic::new(1.into(), -1074));
    /// ```
    pub fn from_f64(x: f64) -> Self {
        if !x.is_finite() {
            return Self::zero();
        }
        let (mantissa, exponent, sign) = Float::integer_decode(x);
        Self::new(BigInt::from(sign) * BigInt::from(mantissa), exponent.into())
    }

    /// Whether the value is zero.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Dyadic;
    ///
    /// let x = Dyadic::from_f64(0.1);
    /// assert!((&x - &x).is_zero());
    /// ```
    pub fn is_zero(&self) -> bool {
        self.m.is_zero()
    }

    /// The sign, as the value's ordering against zero.
    ///
    /// # Example
    /// ```
    /// use std::cmp::Ordering;
    /// use surety_intervals::Dyadic;
    ///
    /// assert_eq!(Dyadic::from_f64(-1e-300).signum(), Ordering::Less);
    /// ```
    pub fn signum(&self) -> Ordering {
        self.m.sign().cmp(&num_bigint::Sign::NoSign)
    }

    /// Half of the value, exactly.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Dyadic;
    ///
    /// assert_eq!(Dyadic::from_int(3).half(), Dyadic::from_f64(1.5));
    /// ```
    pub fn half(&self) -> Self {
        if self.is_zero() {
            return Self::zero();
        }
        Self {
            m: self.m.clone(),
            e: self.e - 1,
        }
    }

    /// The value times `2^k`, exactly.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Dyadic;
    ///
    /// assert_eq!(Dyadic::from_int(3).mul_pow2(-3), Dyadic::from_f64(0.375));
    /// ```
    pub fn mul_pow2(&self, k: i64) -> Self {
        if self.is_zero() {
            return Self::zero();
        }
        Self {
            m: self.m.clone(),
            e: self.e.saturating_add(k),
        }
    }

    /// The least `k` with `|value| < 2^k` (`i64::MIN` for zero).
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Dyadic;
    ///
    /// assert_eq!(Dyadic::from_f64(1.0).magnitude_bound(), 1);
    /// assert_eq!(Dyadic::from_f64(-0.75).magnitude_bound(), 0);
    /// ```
    pub fn magnitude_bound(&self) -> i64 {
        if self.is_zero() {
            return i64::MIN;
        }
        self.e.saturating_add(self.m.bits() as i64)
    }

    /// The largest dyadic with at most `bits` significant bits that is at most the value
    /// (`bits >= 1`).
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Dyadic;
    ///
    /// let x = Dyadic::from_int(-23); // -10111 in binary
    /// assert_eq!(x.round_down(3), Dyadic::from_int(-24));
    /// assert_eq!(x.round_up(3), Dyadic::from_int(-20));
    /// assert_eq!(x.round_up(5), x);
    /// ```
    pub fn round_down(&self, bits: u64) -> Self {
        let excess = self.m.bits().saturating_sub(bits.max(1));
        if excess == 0 {
            return self.clone();
        }
        // Floor division by 2^excess, for either sign (whichever way `>>` rounds).
        let mut q = &self.m >> excess;
        if (&q << excess) > self.m {
            q -= 1;
        }
        Self::new(q, self.e + excess as i64)
    }

    /// The smallest dyadic with at most `bits` significant bits that is at least the value
    /// (`bits >= 1`).
    pub fn round_up(&self, bits: u64) -> Self {
        -&(-self).round_down(bits)
    }

    /// The odd part of the mantissa, as an integer (the value over `2^e`).
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Dyadic;
    ///
    /// assert_eq!(*Dyadic::from_f64(1.5).mantissa(), 3.into());
    /// ```
    pub fn mantissa(&self) -> &BigInt {
        &self.m
    }

    /// The value divided by the integer `d`, which must divide the mantissa exactly.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Dyadic;
    ///
    /// assert_eq!(Dyadic::from_int(6).div_exact(&3.into()), Dyadic::from_int(2));
    /// ```
    pub fn div_exact(&self, d: &BigInt) -> Self {
        Self::new(&self.m / d, self.e)
    }

    /// A nearby `f64` (within a few ulps when in range; infinite or zero beyond it).
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Dyadic;
    ///
    /// assert_eq!(Dyadic::from_f64(0.1).approx(), 0.1);
    /// ```
    pub fn approx(&self) -> f64 {
        let bits = self.m.bits() as i64;
        let shift = (bits - 64).max(0);
        let m = (&self.m >> shift).to_f64().unwrap_or(0.0);
        let e = self.e + shift;
        // Two steps so that neither factor overflows or underflows on the way.
        let half = (e / 2).clamp(-1100, 1100) as i32;
        let rest = (e - half as i64).clamp(-1100, 1100) as i32;
        m * 2f64.powi(half) * 2f64.powi(rest)
    }

    /// The largest `f64` at most the value (`-inf` if the search does not converge).
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Dyadic;
    ///
    /// let x = &Dyadic::from_f64(1.0) + &Dyadic::from_f64(1e-30);
    /// assert_eq!((x.down(), x.up()), (1.0, 1f64.next_up()));
    /// ```
    pub fn down(&self) -> f64 {
        let mut f = self.approx();
        for _ in 0..64 {
            if !f.is_finite() {
                break;
            }
            if Self::from_f64(f) <= *self {
                return f;
            }
            f = f.next_down();
        }
        f64::NEG_INFINITY
    }

    /// The smallest `f64` at least the value (`inf` if the search does not converge).
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Dyadic;
    ///
    /// assert_eq!(Dyadic::from_f64(-2.5).up(), -2.5);
    /// ```
    pub fn up(&self) -> f64 {
        let mut f = self.approx();
        for _ in 0..64 {
            if !f.is_finite() {
                break;
            }
            if Self::from_f64(f) >= *self {
                return f;
            }
            f = f.next_up();
        }
        f64::INFINITY
    }
}

impl Ord for Dyadic {
    fn cmp(&self, other: &Self) -> Ordering {
        (self - other).signum()
    }
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Add for &Dyadic {
    type Output = Dyadic;
    fn add(self, o: &Dyadic) -> Dyadic {
        if self.is_zero() {
            return o.clone();
        }
        if o.is_zero() {
            return self.clone();
        }
        let e = self.e.min(o.e);
        let a = &self.m << (self.e - e) as u64;
        let b = &o.m << (o.e - e) as u64;
        Dyadic::new(a + b, e)
    }
}

impl Sub for &Dyadic {
    type Output = Dyadic;
    fn sub(self, o: &Dyadic) -> Dyadic {
        self + &-o
    }
}

impl Neg for &Dyadic {
    type Output = Dyadic;
    fn neg(self) -> Dyadic {
        Dyadic {
            m: -&self.m,
            e: self.e,
        }
    }
}

impl Mul for &Dyadic {
    type Output = Dyadic;
    fn mul(self, o: &Dyadic) -> Dyadic {
        if self.is_zero() || o.is_zero() {
            return Dyadic::zero();
        }
        // Odd times odd is odd: already normalized.
        Dyadic {
            m: &self.m * &o.m,
            e: self.e + o.e,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn doubles_convert_exactly_and_back_with_directed_rounding() {
        for x in [
            0.0,
            1.0,
            -0.75,
            0.1,
            1e300,
            -1e-300,
            f64::MIN_POSITIVE / 8.0,
            2f64.powi(70),
        ] {
            let d = Dyadic::from_f64(x);
            assert_eq!((d.down(), d.up()), (x, x), "{x}");
        }
        // 1/3 is no dyadic, but 0.1 + 2^-80 is: it lies strictly between two doubles.
        let a = &Dyadic::from_f64(0.1) + &Dyadic::from_f64(2f64.powi(-80));
        assert_eq!(a.down(), 0.1);
        assert_eq!(a.up(), 0.1f64.next_up());
    }

    #[test]
    fn arithmetic_is_exact() {
        let (a, b) = (Dyadic::from_f64(0.1), Dyadic::from_f64(0.2));
        // 0.1 + 0.2 in doubles rounds; the dyadic sum does not, and 2·0.1 is exact.
        assert_ne!(&a + &b, Dyadic::from_f64(0.1 + 0.2));
        assert_eq!(&a + &a, Dyadic::from_f64(0.2));
        assert_eq!(&(&a * &b) - &(&b * &a), Dyadic::zero());
        assert_eq!(Dyadic::from_f64(3.0).half(), Dyadic::from_f64(1.5));
        assert!(Dyadic::from_f64(-1.0) < Dyadic::from_f64(1e-300));
        assert_eq!(
            Dyadic::from_int(6).div_exact(&BigInt::from(3)),
            Dyadic::from_int(2)
        );
    }
}
