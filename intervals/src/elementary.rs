//! Square, square root, absolute value, min, max and fused multiply-add.

use crate::{Endpoint, Interval, IntervalError};

impl<T: Endpoint> Interval<T> {
    /// The square `{x² : x ∈ self}`.
    ///
    /// Tight: when 0 is inside, the result is `[0, max(lo², hi²)]` (seed 002's rule), where
    /// `self * self` would give the looser `[lo·hi, max(lo², hi²)]`, below zero.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Interval;
    ///
    /// let x = Interval::new(-1.0, 2.0)?;
    /// assert_eq!(x.sqr(), Interval::new(0.0, 4.0)?);
    /// assert_eq!(x * x, Interval::new(-2.0, 4.0)?);
    /// # Ok::<(), surety_intervals::IntervalError>(())
    /// ```
    #[inline(always)]
    pub fn sqr(self) -> Self {
        Self::wrap(self.x.sqr())
    }

    /// The square root `{√x : x ∈ self, x ≥ 0}`: the part below zero is cut off.
    ///
    /// # Errors
    /// [`IntervalError::SqrtOfNegative`] when the whole interval lies below zero, so no member
    /// has a real square root.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::{Interval, IntervalError};
    ///
    /// assert_eq!(Interval::new(-1.0, 4.0)?.sqrt()?, Interval::new(0.0, 2.0)?);
    /// assert_eq!(
    ///     Interval::new(-4.0, -1.0)?.sqrt(),
    ///     Err(IntervalError::SqrtOfNegative { hi: -1.0 })
    /// );
    /// # Ok::<(), IntervalError>(())
    /// ```
    #[inline]
    pub fn sqrt(self) -> Result<Self, IntervalError> {
        let r = self.x.sqrt();
        if r.is_empty() {
            Err(IntervalError::SqrtOfNegative {
                hi: self.hi().as_f64(),
            })
        } else {
            Ok(Self::wrap(r))
        }
    }

    /// The absolute value `{|x| : x ∈ self}`, exact.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Interval;
    ///
    /// assert_eq!(Interval::new(-3.0, 2.0)?.abs(), Interval::new(0.0, 3.0)?);
    /// # Ok::<(), surety_intervals::IntervalError>(())
    /// ```
    #[inline(always)]
    pub fn abs(self) -> Self {
        Self::wrap_exact(self.x.abs())
    }

    /// The minimum `{min(x, y) : x ∈ self, y ∈ other}`, exact.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Interval;
    ///
    /// let m = Interval::new(1.0, 5.0)?.min(Interval::new(2.0, 3.0)?);
    /// assert_eq!(m, Interval::new(1.0, 3.0)?);
    /// # Ok::<(), surety_intervals::IntervalError>(())
    /// ```
    #[inline(always)]
    pub fn min(self, other: Self) -> Self {
        Self::wrap_exact(self.x.min(other.x))
    }

    /// The maximum `{max(x, y) : x ∈ self, y ∈ other}`, exact.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Interval;
    ///
    /// let m = Interval::new(1.0, 5.0)?.max(Interval::new(2.0, 3.0)?);
    /// assert_eq!(m, Interval::new(2.0, 5.0)?);
    /// # Ok::<(), surety_intervals::IntervalError>(())
    /// ```
    #[inline(always)]
    pub fn max(self, other: Self) -> Self {
        Self::wrap_exact(self.x.max(other.x))
    }

    /// `self * a + b`: with one rounding per end (fused) on the inari backend, so never looser
    /// than `self * a + b`; on the portable backend, the same as `self * a + b`.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Interval;
    ///
    /// let x = Interval::new(1.0, 2.0)?;
    /// let y = x.mul_add(Interval::point(3.0)?, Interval::point(1.0)?);
    /// assert_eq!(y, Interval::new(4.0, 7.0)?);
    /// # Ok::<(), surety_intervals::IntervalError>(())
    /// ```
    #[inline(always)]
    pub fn mul_add(self, a: Self, b: Self) -> Self {
        Self::wrap(self.x.mul_add(a.x, b.x))
    }

    /// The reciprocal `1 / self`; the entire line for `[0, 0]`.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Interval;
    ///
    /// assert_eq!(Interval::new(2.0, 4.0)?.recip(), Interval::new(0.25, 0.5)?);
    /// # Ok::<(), surety_intervals::IntervalError>(())
    /// ```
    #[inline(always)]
    pub fn recip(self) -> Self {
        Self::wrap_or_entire(self.x.recip())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_of_zero_straddling_interval_never_goes_below_zero() {
        let x = Interval::new(-3.0f32, 2.0).unwrap();
        assert_eq!(x.sqr(), Interval::new(0.0, 9.0).unwrap());
    }

    #[test]
    fn sqrt_of_entire_line_is_the_nonnegative_half_line() {
        let r = Interval::<f64>::ENTIRE.sqrt().unwrap();
        assert_eq!((r.lo(), r.hi()), (0.0, f64::INFINITY));
    }

    #[test]
    fn sqrt_of_two_in_f32_brackets_root_two() {
        let r = Interval::point(2.0f32).unwrap().sqrt().unwrap();
        assert_eq!(r.lo().next_up(), r.hi());
        assert!(f64::from(r.lo()) < 2f64.sqrt() && 2f64.sqrt() < f64::from(r.hi()));
    }

    #[test]
    fn recip_of_zero_point_is_the_entire_line() {
        assert_eq!(Interval::<f32>::ZERO.recip(), Interval::ENTIRE);
    }
}
