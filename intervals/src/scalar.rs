//! The number types a geometric formula can be evaluated with.

use core::fmt::{Debug, Display};
use core::ops::{Add, AddAssign, Div, DivAssign, Mul, MulAssign, Neg, Sub, SubAssign};

use num_traits::{One, Zero};

use crate::{Endpoint, Interval, Ring, Verdict};

/// A number type that surety's formulas are generic over: `f32`, `f64`, [`Interval<f32>`] or
/// [`Interval<f64>`].
///
/// Write a formula once with `S: Scalar`; evaluate it with `f32`/`f64` for the plain, fast,
/// uncertified answer, or with intervals for a certified one whose certain verdicts are exact.
/// Comparisons return a [`Verdict`]: always certain on plain floats (except with NaN, which
/// gives `Maybe`), certain on intervals only when the enclosures decide.
///
/// Every scalar is a [`Ring`] (which gives it `sqr`, `abs`, `min`, `max` and signs as
/// verdicts), so a query's deciding formula, written once over `R: Ring`, is evaluated both on
/// shapes of any scalar type and by every stage of the [filter stack](crate::stack) on float
/// shapes: the two paths cannot disagree about what they compute.
///
/// # Example
/// ```
/// use surety_intervals::{Interval, Scalar, Verdict};
///
/// /// Is the point (x, y) inside the unit circle?
/// fn in_unit_circle<S: Scalar>(x: S, y: S) -> Verdict {
///     (x.sqr() + y.sqr()).lt(S::one())
/// }
///
/// assert_eq!(in_unit_circle(0.6f64, 0.7), Verdict::True);
/// let lift = Interval::<f64>::enclose_f64;
/// assert_eq!(in_unit_circle(lift(0.6), lift(0.7)), Verdict::True); // certified
///
/// // 0.6² + 0.8² is 1 in decimal; the doubles nearest 0.6 and 0.8 give 1 + 4.4e-17.
/// // The interval evaluation cannot separate that from 1, and says so.
/// assert_eq!(in_unit_circle(lift(0.6), lift(0.8)), Verdict::Maybe);
/// ```
pub trait Scalar:
    Ring
    + Copy
    + Debug
    + Display
    + PartialEq
    + Send
    + Sync
    + 'static
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<Output = Self>
    + Div<Output = Self>
    + Neg<Output = Self>
    + AddAssign
    + SubAssign
    + MulAssign
    + DivAssign
    + Zero
    + One
{
    /// The floating-point type underneath: the type itself for floats, the end type for
    /// intervals.
    type Float: Endpoint;

    /// Whether certain verdicts of this type are exact (`true` for intervals).
    const CERTIFIED: bool;

    /// An `f32` as this type, exactly: every scalar type holds every `f32` (infinities as in
    /// [`Interval::enclose`]).
    ///
    /// # Example
    /// ```
    /// use surety_intervals::{Interval, Scalar, Verdict};
    ///
    /// let x = <Interval as Scalar>::lift_f32(0.1);
    /// assert!(x.is_point() && x.lo() == f64::from(0.1f32));
    /// # Ok::<(), surety_intervals::IntervalError>(())
    /// ```
    fn lift_f32(x: f32) -> Self;

    /// An `f64` as this type: exact for `f64` and `Interval<f64>`; the enclosing `f32` interval
    /// for `Interval<f32>`; rounded to nearest for `f32` (uncertified).
    ///
    /// # Example
    /// ```
    /// use surety_intervals::{Interval, Scalar, Verdict};
    ///
    /// let x = <Interval<f32> as Scalar>::lift_f64(0.1);
    /// assert!(f64::from(x.lo()) < 0.1 && 0.1 < f64::from(x.hi()));
    /// # Ok::<(), surety_intervals::IntervalError>(())
    /// ```
    fn lift_f64(x: f64) -> Self;

    /// The square root. On intervals the part below zero is cut off; an interval wholly below
    /// zero has no real square root and gives the entire line (so nothing built on it can be
    /// certain), where `f32`/`f64` give NaN.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::{Interval, Scalar, Verdict};
    ///
    /// assert_eq!(Scalar::sqrt(Interval::new(-4.0, 4.0)?), Interval::new(0.0, 2.0)?);
    /// assert_eq!(Scalar::sqrt(Interval::new(-4.0, -1.0)?), Interval::ENTIRE);
    /// assert!(Scalar::sqrt(-1.0f64).is_nan());
    /// # Ok::<(), surety_intervals::IntervalError>(())
    /// ```
    fn sqrt(self) -> Self;

    /// `self * a + b`, fused.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::{Interval, Scalar, Verdict};
    ///
    /// assert_eq!(Scalar::mul_add(2.0f64, 3.0, 1.0), 7.0);
    /// # Ok::<(), surety_intervals::IntervalError>(())
    /// ```
    fn mul_add(self, a: Self, b: Self) -> Self;

    /// Is `self < other`?
    ///
    /// # Example
    /// ```
    /// use surety_intervals::{Interval, Scalar, Verdict};
    ///
    /// assert_eq!(Scalar::lt(1.0f64, 2.0), Verdict::True);
    /// assert_eq!(Scalar::lt(Interval::new(1.0, 3.0)?, Interval::point(2.0)?), Verdict::Maybe);
    /// # Ok::<(), surety_intervals::IntervalError>(())
    /// ```
    fn lt(self, other: Self) -> Verdict;

    /// Is `self <= other`?
    ///
    /// # Example
    /// ```
    /// use surety_intervals::{Interval, Scalar, Verdict};
    ///
    /// assert_eq!(Scalar::le(Interval::new(1.0, 2.0)?, Interval::point(2.0)?), Verdict::True);
    /// # Ok::<(), surety_intervals::IntervalError>(())
    /// ```
    fn le(self, other: Self) -> Verdict;

    /// Is `self == other`?
    ///
    /// # Example
    /// ```
    /// use surety_intervals::{Interval, Scalar, Verdict};
    ///
    /// assert_eq!(Scalar::equals(Interval::point(2.0)?, Interval::point(2.0)?), Verdict::True);
    /// # Ok::<(), surety_intervals::IntervalError>(())
    /// ```
    fn equals(self, other: Self) -> Verdict;

    /// The lower and upper bound of the value as floats (the value twice for floats).
    ///
    /// # Example
    /// ```
    /// use surety_intervals::{Interval, Scalar, Verdict};
    ///
    /// assert_eq!(Scalar::bounds(Interval::new(1.0, 2.0)?), (1.0, 2.0));
    /// assert_eq!(Scalar::bounds(3.0f32), (3.0, 3.0));
    /// # Ok::<(), surety_intervals::IntervalError>(())
    /// ```
    fn bounds(self) -> (Self::Float, Self::Float);

    /// Is `self > other`?
    ///
    /// # Example
    /// ```
    /// use surety_intervals::{Interval, Scalar, Verdict};
    ///
    /// assert_eq!(Scalar::gt(Interval::point(3.0)?, Interval::new(1.0, 2.0)?), Verdict::True);
    /// # Ok::<(), surety_intervals::IntervalError>(())
    /// ```
    #[inline]
    fn gt(self, other: Self) -> Verdict {
        other.lt(self)
    }

    /// Is `self >= other`?
    ///
    /// # Example
    /// ```
    /// use surety_intervals::{Interval, Scalar, Verdict};
    ///
    /// assert_eq!(Scalar::ge(2.0f64, 2.0), Verdict::True);
    /// # Ok::<(), surety_intervals::IntervalError>(())
    /// ```
    #[inline]
    fn ge(self, other: Self) -> Verdict {
        other.le(self)
    }

    /// Is `self < 0`?
    ///
    /// # Example
    /// ```
    /// use surety_intervals::{Interval, Scalar, Verdict};
    ///
    /// assert_eq!(Scalar::lt_zero(Interval::new(-2.0, -1.0)?), Verdict::True);
    /// # Ok::<(), surety_intervals::IntervalError>(())
    /// ```
    #[inline]
    fn lt_zero(self) -> Verdict {
        self.lt(Self::zero())
    }

    /// Is `self > 0`?
    ///
    /// # Example
    /// ```
    /// use surety_intervals::{Interval, Scalar, Verdict};
    ///
    /// assert_eq!(Scalar::gt_zero(Interval::new(-1.0, 1.0)?), Verdict::Maybe);
    /// # Ok::<(), surety_intervals::IntervalError>(())
    /// ```
    #[inline]
    fn gt_zero(self) -> Verdict {
        self.gt(Self::zero())
    }

    /// Is `self == 0`?
    ///
    /// # Example
    /// ```
    /// use surety_intervals::{Interval, Scalar, Verdict};
    ///
    /// assert_eq!(Scalar::eq_zero(0.0f32), Verdict::True);
    /// # Ok::<(), surety_intervals::IntervalError>(())
    /// ```
    #[inline]
    fn eq_zero(self) -> Verdict {
        self.equals(Self::zero())
    }
}

macro_rules! float_scalar {
    ($t:ty) => {
        impl Scalar for $t {
            type Float = $t;
            const CERTIFIED: bool = false;

            #[inline(always)]
            fn lift_f32(x: f32) -> Self {
                x as $t
            }

            #[inline(always)]
            fn lift_f64(x: f64) -> Self {
                x as $t
            }

            #[inline(always)]
            fn sqrt(self) -> Self {
                <$t>::sqrt(self)
            }

            #[inline(always)]
            fn mul_add(self, a: Self, b: Self) -> Self {
                <$t>::mul_add(self, a, b)
            }

            #[inline(always)]
            fn lt(self, other: Self) -> Verdict {
                if self < other {
                    Verdict::True
                } else if self >= other {
                    Verdict::False
                } else {
                    Verdict::Maybe
                }
            }

            #[inline(always)]
            fn le(self, other: Self) -> Verdict {
                if self <= other {
                    Verdict::True
                } else if self > other {
                    Verdict::False
                } else {
                    Verdict::Maybe
                }
            }

            #[inline(always)]
            fn equals(self, other: Self) -> Verdict {
                if self == other {
                    Verdict::True
                } else if self.is_nan() || other.is_nan() {
                    Verdict::Maybe
                } else {
                    Verdict::False
                }
            }

            #[inline(always)]
            fn bounds(self) -> (Self, Self) {
                (self, self)
            }
        }
    };
}

float_scalar!(f32);
float_scalar!(f64);

impl<T: Endpoint> Zero for Interval<T> {
    #[inline(always)]
    fn zero() -> Self {
        Self::ZERO
    }

    /// Whether the interval is the point zero.
    #[inline]
    fn is_zero(&self) -> bool {
        *self == Self::ZERO
    }
}

impl<T: Endpoint> One for Interval<T> {
    #[inline(always)]
    fn one() -> Self {
        Self::ONE
    }
}

impl<T: Endpoint> Scalar for Interval<T> {
    type Float = T;
    const CERTIFIED: bool = true;

    #[inline(always)]
    fn lift_f32(x: f32) -> Self {
        Self::enclose_f64(f64::from(x))
    }

    #[inline(always)]
    fn lift_f64(x: f64) -> Self {
        Self::enclose_f64(x)
    }

    #[inline(always)]
    fn sqrt(self) -> Self {
        Interval::sqrt(self).unwrap_or(Self::ENTIRE)
    }

    #[inline(always)]
    fn mul_add(self, a: Self, b: Self) -> Self {
        Interval::mul_add(self, a, b)
    }

    #[inline(always)]
    fn lt(self, other: Self) -> Verdict {
        Interval::lt(self, other)
    }

    #[inline(always)]
    fn le(self, other: Self) -> Verdict {
        Interval::le(self, other)
    }

    #[inline(always)]
    fn equals(self, other: Self) -> Verdict {
        Interval::equals(self, other)
    }

    #[inline(always)]
    fn bounds(self) -> (T, T) {
        (self.lo(), self.hi())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn float_comparisons_with_nan_are_maybe_not_a_certain_lie() {
        assert_eq!(f64::NAN.lt(1.0), Verdict::Maybe);
        assert_eq!(1.0f32.le(f32::NAN), Verdict::Maybe);
        assert_eq!(f64::NAN.equals(f64::NAN), Verdict::Maybe);
        assert_eq!(Scalar::gt(2.0f64, 1.0), Verdict::True);
    }

    #[test]
    fn interval_sqrt_of_negative_is_entire_in_generic_code() {
        let x = Interval::new(-2.0f32, -1.0).unwrap();
        assert_eq!(Scalar::sqrt(x), Interval::ENTIRE);
    }

    #[test]
    fn lifting_f64_into_f32_intervals_encloses() {
        let x = <Interval<f32> as Scalar>::lift_f64(1.0 / 3.0);
        assert!(f64::from(x.lo()) < 1.0 / 3.0 && 1.0 / 3.0 < f64::from(x.hi()));
    }
}
