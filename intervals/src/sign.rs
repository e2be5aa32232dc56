//! The answer to "which sign?": negative, zero, positive, or undecided.

use core::cmp::Ordering;
use core::fmt;
use core::ops::Neg;

use crate::Verdict;

/// The sign of a quantity computed from inexact numbers: the three-valued answer to "which
/// sign?", as [`Verdict`] is to a yes/no question.
///
/// `Negative`, `Zero` and `Positive` are *certain*: the sign the quantity has in exact real
/// arithmetic on the same inputs. `Undecided` says the arithmetic used could not tell (a
/// [`Policy::Exact`](crate::Policy::Exact) query never answers it).
///
/// # Example
/// ```
/// use std::cmp::Ordering;
/// use surety_intervals::{Interval, Ring, Sign, Verdict};
///
/// let x = Interval::new(0.5, 2.0)?;
/// assert_eq!(x.sign(), Sign::Positive);
/// assert_eq!((-x).sign().certain(), Some(Ordering::Less));
/// let around_zero = Interval::new(-1e-12, 1e-12)?;
/// assert_eq!(around_zero.sign(), Sign::Undecided);
/// assert_eq!(around_zero.sign().is_positive(), Verdict::Maybe);
/// # Ok::<(), surety_intervals::IntervalError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Sign {
    /// Certainly below zero.
    Negative,
    /// Certainly zero.
    Zero,
    /// Certainly above zero.
    Positive,
    /// Not decided by the arithmetic used.
    Undecided,
}

impl Sign {
    /// The sign as an [`Ordering`] against zero, when it is certain.
    ///
    /// Inside a formula that returns an `Option`, `x.sign().certain()?` gives up as soon as a
    /// sign it needs is undecided.
    ///
    /// # Example
    /// ```
    /// use std::cmp::Ordering;
    /// use surety_intervals::Sign;
    ///
    /// assert_eq!(Sign::Zero.certain(), Some(Ordering::Equal));
    /// assert_eq!(Sign::Undecided.certain(), None);
    /// ```
    #[inline]
    pub const fn certain(self) -> Option<Ordering> {
        match self {
            Sign::Negative => Some(Ordering::Less),
            Sign::Zero => Some(Ordering::Equal),
            Sign::Positive => Some(Ordering::Greater),
            Sign::Undecided => None,
        }
    }

    /// Is the sign certain?
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Sign;
    ///
    /// assert!(Sign::Negative.is_decided());
    /// assert!(!Sign::Undecided.is_decided());
    /// ```
    #[inline]
    pub const fn is_decided(self) -> bool {
        !matches!(self, Sign::Undecided)
    }

    /// The sign of a plain float: `Undecided` for NaN. A float's sign is certain only about the
    /// float itself, not about whatever exact quantity it was meant to compute.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Sign;
    ///
    /// assert_eq!(Sign::of_float(-0.0), Sign::Zero);
    /// assert_eq!(Sign::of_float(1e-300), Sign::Positive);
    /// assert_eq!(Sign::of_float(f64::NAN), Sign::Undecided);
    /// ```
    #[inline]
    pub fn of_float(x: f64) -> Sign {
        x.partial_cmp(&0.0).into()
    }

    /// Is it positive? `Maybe` when undecided.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::{Sign, Verdict};
    ///
    /// assert_eq!(Sign::Positive.is_positive(), Verdict::True);
    /// assert_eq!(Sign::Zero.is_positive(), Verdict::False);
    /// assert_eq!(Sign::Undecided.is_positive(), Verdict::Maybe);
    /// ```
    #[inline]
    pub const fn is_positive(self) -> Verdict {
        self.test(Ordering::Greater)
    }

    /// Is it negative? `Maybe` when undecided.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::{Sign, Verdict};
    ///
    /// assert_eq!(Sign::Negative.is_negative(), Verdict::True);
    /// assert_eq!(Sign::Undecided.is_negative(), Verdict::Maybe);
    /// ```
    #[inline]
    pub const fn is_negative(self) -> Verdict {
        self.test(Ordering::Less)
    }

    /// Is it zero? `Maybe` when undecided.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::{Sign, Verdict};
    ///
    /// assert_eq!(Sign::Zero.is_zero(), Verdict::True);
    /// assert_eq!(Sign::Positive.is_zero(), Verdict::False);
    /// ```
    #[inline]
    pub const fn is_zero(self) -> Verdict {
        self.test(Ordering::Equal)
    }

    #[inline]
    const fn test(self, want: Ordering) -> Verdict {
        match self.certain() {
            Some(o) if o as i8 == want as i8 => Verdict::True,
            Some(_) => Verdict::False,
            None => Verdict::Maybe,
        }
    }
}

impl From<Ordering> for Sign {
    /// The certain sign with this ordering against zero.
    #[inline]
    fn from(o: Ordering) -> Sign {
        match o {
            Ordering::Less => Sign::Negative,
            Ordering::Equal => Sign::Zero,
            Ordering::Greater => Sign::Positive,
        }
    }
}

impl From<Option<Ordering>> for Sign {
    /// `None` is `Undecided`.
    #[inline]
    fn from(o: Option<Ordering>) -> Sign {
        o.map_or(Sign::Undecided, Sign::from)
    }
}

impl Neg for Sign {
    type Output = Sign;

    /// The sign of the negated quantity.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Sign;
    ///
    /// assert_eq!(-Sign::Negative, Sign::Positive);
    /// assert_eq!(-Sign::Undecided, Sign::Undecided);
    /// ```
    #[inline]
    fn neg(self) -> Sign {
        match self {
            Sign::Negative => Sign::Positive,
            Sign::Positive => Sign::Negative,
            s => s,
        }
    }
}

impl fmt::Display for Sign {
    /// `negative`, `zero`, `positive` or `undecided`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Sign::Negative => "negative",
            Sign::Zero => "zero",
            Sign::Positive => "positive",
            Sign::Undecided => "undecided",
        })
    }
}
