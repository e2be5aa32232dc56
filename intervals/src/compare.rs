//! Comparisons of intervals, answered as verdicts.
//!
//! For intervals `a = [a0, a1]` and `b = [b0, b1]` standing for unknown reals `x ∈ a`, `y ∈ b`:
//!
//! | question | `True` when | `False` when |
//! |---|---|---|
//! | `x < y`  | `a1 < b0`  | `a0 >= b1` |
//! | `x <= y` | `a1 <= b0` | `a0 > b1`  |
//! | `x == y` | `a0 = a1 = b0 = b1` | the intervals are disjoint |
//!
//! Each `True` holds for every pair of members and each `False` for none, so a certain answer
//! is the exact answer whichever members the reals are.

use crate::{Endpoint, Interval, Verdict};

impl<T: Endpoint> Interval<T> {
    /// Is `x < y` for the reals `x ∈ self`, `y ∈ other`?
    ///
    /// # Example
    /// ```
    /// use surety_intervals::{Interval, Verdict};
    ///
    /// let a = Interval::new(1.0, 2.0)?;
    /// assert_eq!(a.lt(Interval::new(3.0, 4.0)?), Verdict::True);
    /// assert_eq!(a.lt(Interval::new(2.0, 4.0)?), Verdict::Maybe);
    /// assert_eq!(a.lt(Interval::new(0.0, 1.0)?), Verdict::False);
    /// # Ok::<(), surety_intervals::IntervalError>(())
    /// ```
    #[inline]
    pub fn lt(self, other: Self) -> Verdict {
        if self.x.sup() < other.x.inf() {
            Verdict::True
        } else if self.x.inf() >= other.x.sup() {
            Verdict::False
        } else {
            Verdict::Maybe
        }
    }

    /// Is `x <= y` for the reals `x ∈ self`, `y ∈ other`?
    ///
    /// # Example
    /// ```
    /// use surety_intervals::{Interval, Verdict};
    ///
    /// let a = Interval::new(1.0, 2.0)?;
    /// assert_eq!(a.le(Interval::new(2.0, 4.0)?), Verdict::True);
    /// assert_eq!(a.le(Interval::new(0.0, 1.5)?), Verdict::Maybe);
    /// # Ok::<(), surety_intervals::IntervalError>(())
    /// ```
    #[inline]
    pub fn le(self, other: Self) -> Verdict {
        if self.x.sup() <= other.x.inf() {
            Verdict::True
        } else if self.x.inf() > other.x.sup() {
            Verdict::False
        } else {
            Verdict::Maybe
        }
    }

    /// Is `x > y` for the reals `x ∈ self`, `y ∈ other`?
    ///
    /// # Example
    /// ```
    /// use surety_intervals::{Interval, Verdict};
    ///
    /// assert_eq!(Interval::point(3.0)?.gt(Interval::new(1.0, 2.0)?), Verdict::True);
    /// # Ok::<(), surety_intervals::IntervalError>(())
    /// ```
    #[inline]
    pub fn gt(self, other: Self) -> Verdict {
        other.lt(self)
    }

    /// Is `x >= y` for the reals `x ∈ self`, `y ∈ other`?
    ///
    /// # Example
    /// ```
    /// use surety_intervals::{Interval, Verdict};
    ///
    /// assert_eq!(Interval::point(2.0)?.ge(Interval::new(1.0, 2.0)?), Verdict::True);
    /// # Ok::<(), surety_intervals::IntervalError>(())
    /// ```
    #[inline]
    pub fn ge(self, other: Self) -> Verdict {
        other.le(self)
    }

    /// Is `x == y` for the reals `x ∈ self`, `y ∈ other`? Certainly true only for two equal
    /// points; certainly false when the intervals are disjoint.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::{Interval, Verdict};
    ///
    /// assert_eq!(Interval::point(2.0)?.equals(Interval::point(2.0)?), Verdict::True);
    /// assert_eq!(Interval::new(1.0, 2.0)?.equals(Interval::point(2.0)?), Verdict::Maybe);
    /// assert_eq!(Interval::new(1.0, 2.0)?.equals(Interval::point(3.0)?), Verdict::False);
    /// # Ok::<(), surety_intervals::IntervalError>(())
    /// ```
    #[inline]
    pub fn equals(self, other: Self) -> Verdict {
        if self.x.disjoint(other.x) {
            Verdict::False
        } else if self.x.is_singleton() && self.x == other.x {
            Verdict::True
        } else {
            Verdict::Maybe
        }
    }

    /// Is `x < 0` for the real `x ∈ self`?
    ///
    /// # Example
    /// ```
    /// use surety_intervals::{Interval, Verdict};
    ///
    /// assert_eq!(Interval::new(-2.0, -1.0)?.lt_zero(), Verdict::True);
    /// assert_eq!(Interval::new(-2.0, 0.0)?.lt_zero(), Verdict::Maybe);
    /// # Ok::<(), surety_intervals::IntervalError>(())
    /// ```
    #[inline]
    pub fn lt_zero(self) -> Verdict {
        self.lt(Self::ZERO)
    }

    /// Is `x > 0` for the real `x ∈ self`?
    ///
    /// # Example
    /// ```
    /// use surety_intervals::{Interval, Verdict};
    ///
    /// assert_eq!(Interval::new(0.0, 1.0)?.gt_zero(), Verdict::Maybe);
    /// assert_eq!(Interval::new(-1.0, 0.0)?.gt_zero(), Verdict::False);
    /// # Ok::<(), surety_intervals::IntervalError>(())
    /// ```
    #[inline]
    pub fn gt_zero(self) -> Verdict {
        self.gt(Self::ZERO)
    }

    /// Is `x == 0` for the real `x ∈ self`?
    ///
    /// # Example
    /// ```
    /// use surety_intervals::{Interval, Verdict};
    ///
    /// assert_eq!(Interval::<f64>::ZERO.eq_zero(), Verdict::True);
    /// assert_eq!(Interval::new(1.0, 2.0)?.eq_zero(), Verdict::False);
    /// # Ok::<(), surety_intervals::IntervalError>(())
    /// ```
    #[inline]
    pub fn eq_zero(self) -> Verdict {
        self.equals(Self::ZERO)
    }
}
