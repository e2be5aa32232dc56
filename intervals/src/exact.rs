//! Exact rational values of floats and intervals, the oracle of containment proofs
//! (feature `exact`).
//!
//! Every finite float is a rational number `m · 2^e`; [`to_rational`] returns it exactly, so a
//! test can compute the true result of an operation with [`BigRational`] and check that an
//! interval holds it with [`Interval::contains_rational`].
//!
//! ```
//! use surety_intervals::{exact::to_rational, Interval};
//!
//! let (a, b) = (0.1f64, 0.2f64);
//! let exact_sum = to_rational(a).unwrap() + to_rational(b).unwrap();
//! assert_ne!(to_rational(a + b).unwrap(), exact_sum); // the float sum is rounded
//! let sum = Interval::point(a)? + Interval::point(b)?;
//! assert!(sum.contains_rational(&exact_sum));
//! # Ok::<(), surety_intervals::IntervalError>(())
//! ```

pub use num_bigint::BigInt;
pub use num_rational::BigRational;

use num_traits::Float;

use crate::{Endpoint, Interval};

/// The exact value of a finite float, or `None` for NaN and infinities.
///
/// # Example
/// ```
/// use surety_intervals::exact::{to_rational, BigInt, BigRational};
///
/// let q = to_rational(0.75f32).unwrap();
/// assert_eq!(q, BigRational::new(BigInt::from(3), BigInt::from(4)));
/// assert_eq!(to_rational(f64::NAN), None);
/// ```
pub fn to_rational<T: Endpoint>(x: T) -> Option<BigRational> {
    if !x.is_finite() {
        return None;
    }
    let (mantissa, exponent, sign) = x.as_f64().integer_decode();
    let m = BigInt::from(mantissa) * BigInt::from(sign);
    let two = BigInt::from(2);
    let e = u32::from(exponent.unsigned_abs());
    Some(if exponent >= 0 {
        BigRational::from_integer(m * two.pow(e))
    } else {
        BigRational::new(m, two.pow(e))
    })
}

impl<T: Endpoint> Interval<T> {
    /// Whether the rational number `q` lies in the interval, decided exactly.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::{exact::{BigInt, BigRational}, Interval};
    ///
    /// let third = BigRational::new(BigInt::from(1), BigInt::from(3));
    /// assert!((Interval::point(1.0)? / Interval::point(3.0)?).contains_rational(&third));
    /// assert!(!Interval::point(0.3333)?.contains_rational(&third));
    /// # Ok::<(), surety_intervals::IntervalError>(())
    /// ```
    pub fn contains_rational(&self, q: &BigRational) -> bool {
        let above_lo = to_rational(self.lo()).is_none_or(|lo| &lo <= q);
        let below_hi = to_rational(self.hi()).is_none_or(|hi| q <= &hi);
        above_lo && below_hi
    }
}
