//! The error returned when a value cannot become an interval.

use core::fmt;

/// Which end of an interval an error is about.
///
/// # Example
/// ```
/// use surety_intervals::{End, Interval, IntervalError};
///
/// let err = Interval::new(1.0, f64::NAN).unwrap_err();
/// assert_eq!(err, IntervalError::NanEndpoint { end: End::Hi });
/// assert_eq!(End::Hi.to_string(), "upper end");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// The lower end (infimum).
    Lo,
    /// The upper end (supremum).
    Hi,
}

impl fmt::Display for End {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            End::Lo => "lower end",
            End::Hi => "upper end",
        })
    }
}

/// Why a constructor or a partial operation of [`Interval`](crate::Interval) refused its input.
///
/// Every variant carries the offending values (as `f64`, which holds every `f32` exactly), so
/// the message names the problem and the number.
///
/// # Example
/// ```
/// use surety_intervals::{Interval, IntervalError};
///
/// let err = Interval::new(2.0, 1.0).unwrap_err();
/// assert_eq!(err, IntervalError::Reversed { lo: 2.0, hi: 1.0 });
/// assert_eq!(
///     err.to_string(),
///     "interval lower end 2 is greater than its upper end 1"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub enum IntervalError {
    /// An end is NaN.
    NanEndpoint {
        /// The end that is NaN.
        end: End,
    },
    /// `lo > hi`.
    Reversed {
        /// The lower end given.
        lo: f64,
        /// The upper end given.
        hi: f64,
    },
    /// The lower end is `+inf` or the upper end is `-inf`: no real number lies there.
    InfiniteEndpoint {
        /// The end that is infinite on the wrong side.
        end: End,
    },
    /// A point interval, a center or a radius must be a finite number.
    NotFinite {
        /// What the value was meant to be (`"point"`, `"center"`, `"radius"`).
        what: &'static str,
        /// The value given.
        value: f64,
    },
    /// A radius is negative.
    NegativeRadius {
        /// The radius given.
        radius: f64,
    },
    /// The hull of no values was asked for.
    EmptyHull,
    /// The square root of an interval that lies wholly below zero: no real result exists.
    SqrtOfNegative {
        /// The upper end of the argument (which is below zero).
        hi: f64,
    },
    /// An interval given as two ends (an `inari` one, say) was empty: a surety interval always
    /// holds at least one real number.
    Empty,
}

impl fmt::Display for IntervalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            IntervalError::NanEndpoint { end } => write!(f, "interval {end} is NaN"),
            IntervalError::Reversed { lo, hi } => {
                write!(
                    f,
                    "interval lower end {lo} is greater than its upper end {hi}"
                )
            }
            IntervalError::InfiniteEndpoint { end: End::Lo } => f.write_str(
                "interval lower end is +inf: an interval is a set of real numbers, \
                 so its lower end must be finite or -inf",
            ),
            IntervalError::InfiniteEndpoint { end: End::Hi } => f.write_str(
                "interval upper end is -inf: an interval is a set of real numbers, \
                 so its upper end must be finite or +inf",
            ),
            IntervalError::NotFinite { what, value } => {
                write!(f, "interval {what} must be a finite number, got {value}")
            }
            IntervalError::NegativeRadius { radius } => {
                write!(f, "interval radius must be >= 0, got {radius}")
            }
            IntervalError::EmptyHull => f.write_str("the hull of no values is not an interval"),
            IntervalError::SqrtOfNegative { hi } => write!(
                f,
                "square root of an interval wholly below zero (upper end {hi}) has no real value"
            ),
            IntervalError::Empty => f.write_str("the empty set is not a surety interval"),
        }
    }
}

impl std::error::Error for IntervalError {}
