//! The interval type: construction, ends and set relations.

use core::marker::PhantomData;

use crate::backend::{self, Raw};
use crate::{End, Endpoint, IntervalError};

/// A closed interval `[lo, hi]` of real numbers with `f32` or `f64` ends, `f64` by default.
///
/// # Properties
/// - Invariant: `lo <= hi`, neither end is NaN, `lo` is finite or `-inf`, `hi` is finite or
///   `+inf`. Every constructor checks it; no operation can break it.
/// - An interval stands for an unknown real number that lies in it. Every operation returns an
///   interval that holds the exact real result for every choice of operands inside the inputs
///   (*containment*). The test suite proves this against exact rational arithmetic.
/// - Operations whose exact result is not a real number for some operands (division by an
///   interval that holds zero, `inf - inf`) return a sound superset, at worst the
///   [entire line](Interval::ENTIRE): results go vague, never wrong.
/// - Arithmetic uses directed rounding on `f64` ends: inari's, or the portable backend's where
///   inari does not build (see [`BACKEND`](crate::BACKEND)); the ends are the same on both.
///   `Interval<f32>` runs the same `f64` arithmetic and rounds the result outward to `f32`
///   ends; it is stored as an `f64` pair, so both kinds take 16 bytes.
/// - `==` is equality of the two sets (same ends), not a comparison of the numbers they stand
///   for: for that, use [`Interval::equals`], which returns a [`Verdict`](crate::Verdict).
///
/// # Example
/// ```
/// use surety_intervals::Interval;
///
/// let a = Interval::new(1.0, 2.0)?;
/// let b = Interval::point(0.5)?;
/// let c = a * b + a;
/// assert_eq!((c.lo(), c.hi()), (1.5, 3.0));
/// assert!(c.contains(2.25));
/// # Ok::<(), surety_intervals::IntervalError>(())
/// ```
#[derive(Clone, Copy)]
pub struct Interval<T: Endpoint = f64> {
    pub(crate) x: Raw,
    _end: PhantomData<T>,
}

impl<T: Endpoint> PartialEq for Interval<T> {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        self.x == other.x
    }
}

impl<T: Endpoint> Eq for Interval<T> {}

impl<T: Endpoint> core::hash::Hash for Interval<T> {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.x.hash(state);
    }
}

impl<T: Endpoint> Interval<T> {
    /// The entire real line `[-inf, +inf]`: the result of operations that say nothing.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Interval;
    ///
    /// assert!(Interval::<f64>::ENTIRE.contains(1e308));
    /// assert_eq!(Interval::<f32>::ENTIRE.lo(), f32::NEG_INFINITY);
    /// ```
    pub const ENTIRE: Self = Self::wrap_exact(Raw::ENTIRE);

    /// The point `[0, 0]`.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Interval;
    ///
    /// assert_eq!(Interval::<f64>::ZERO.hi(), 0.0);
    /// ```
    pub const ZERO: Self = Self::wrap_exact(backend::ZERO);

    /// The point `[1, 1]`.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Interval;
    ///
    /// assert_eq!(Interval::<f32>::ONE.lo(), 1.0);
    /// ```
    pub const ONE: Self = Self::wrap_exact(backend::ONE);

    /// Wraps a backend interval whose ends are already of type `T`.
    #[inline(always)]
    pub(crate) const fn wrap_exact(x: Raw) -> Self {
        Self {
            x,
            _end: PhantomData,
        }
    }

    /// Wraps a nonempty backend result, rounding its ends outward to `T`.
    #[inline(always)]
    pub(crate) fn wrap(x: Raw) -> Self {
        Self::wrap_exact(T::round_out(x))
    }

    /// Wraps a backend result that may be empty because the exact operation is undefined for
    /// every operand (division by `[0, 0]`): the empty set becomes the entire line, the only
    /// sound answer that is an interval.
    #[inline(always)]
    pub(crate) fn wrap_or_entire(x: Raw) -> Self {
        if x.is_empty() {
            Self::ENTIRE
        } else {
            Self::wrap(x)
        }
    }

    /// The interval `[lo, hi]`.
    ///
    /// # Errors
    /// [`IntervalError::NanEndpoint`] when an end is NaN, [`IntervalError::Reversed`] when
    /// `lo > hi`, and [`IntervalError::InfiniteEndpoint`] when `lo` is `+inf` or `hi` is `-inf`.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::{Interval, IntervalError};
    ///
    /// let x = Interval::new(-1.0f32, f32::INFINITY)?;
    /// assert!(x.contains(3e38));
    /// assert!(Interval::new(f64::NAN, 1.0).is_err());
    /// assert!(Interval::new(2.0, 1.0).is_err());
    /// # Ok::<(), IntervalError>(())
    /// ```
    pub fn new(lo: T, hi: T) -> Result<Self, IntervalError> {
        if lo.is_nan() {
            return Err(IntervalError::NanEndpoint { end: End::Lo });
        }
        if hi.is_nan() {
            return Err(IntervalError::NanEndpoint { end: End::Hi });
        }
        if lo > hi {
            return Err(IntervalError::Reversed {
                lo: lo.as_f64(),
                hi: hi.as_f64(),
            });
        }
        if lo == T::infinity() {
            return Err(IntervalError::InfiniteEndpoint { end: End::Lo });
        }
        if hi == T::neg_infinity() {
            return Err(IntervalError::InfiniteEndpoint { end: End::Hi });
        }
        Raw::try_from((lo.as_f64(), hi.as_f64()))
            .map(Self::wrap_exact)
            .map_err(|_| IntervalError::Empty)
    }

    /// The point interval `[x, x]`: exact, no rounding.
    ///
    /// # Errors
    /// [`IntervalError::NotFinite`] when `x` is NaN or infinite.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Interval;
    ///
    /// let x = Interval::point(0.1)?;
    /// assert_eq!(x.lo(), x.hi());
    /// assert!(Interval::point(f64::INFINITY).is_err());
    /// # Ok::<(), surety_intervals::IntervalError>(())
    /// ```
    pub fn point(x: T) -> Result<Self, IntervalError> {
        if !x.is_finite() {
            return Err(IntervalError::NotFinite {
                what: "point",
                value: x.as_f64(),
            });
        }
        Self::new(x, x)
    }

    /// Encloses a value that may not be finite, for code that must go on: a finite `x` gives
    /// the point `[x, x]`; `+inf` (an overflowed result, some real above the largest float)
    /// gives `[MAX, +inf]`, `-inf` gives `[-inf, MIN]`, and NaN (no information) gives the
    /// [entire line](Interval::ENTIRE). This is also what `From<T>` does.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Interval;
    ///
    /// assert_eq!(Interval::enclose(2.5f32).lo(), 2.5);
    /// assert_eq!(Interval::enclose(f64::INFINITY).lo(), f64::MAX);
    /// assert_eq!(Interval::enclose(f64::NAN), Interval::ENTIRE);
    /// ```
    #[inline]
    pub fn enclose(x: T) -> Self {
        let v = x.as_f64();
        if v.is_finite() {
            Self::wrap_exact(Raw::try_from((v, v)).unwrap_or(Raw::ENTIRE))
        } else if v == f64::INFINITY {
            Self::wrap_exact(Raw::try_from((T::max_value().as_f64(), v)).unwrap_or(Raw::ENTIRE))
        } else if v == f64::NEG_INFINITY {
            Self::wrap_exact(Raw::try_from((v, T::min_value().as_f64())).unwrap_or(Raw::ENTIRE))
        } else {
            Self::ENTIRE
        }
    }

    /// Encloses an `f64` value with ends of type `T`: exact for `Interval<f64>`; for
    /// `Interval<f32>` the tightest `f32` interval around it. Non-finite values as in
    /// [`Interval::enclose`].
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Interval;
    ///
    /// let tenth = Interval::<f32>::enclose_f64(0.1);
    /// assert!(f64::from(tenth.lo()) < 0.1 && 0.1 < f64::from(tenth.hi()));
    /// assert_eq!(Interval::<f64>::enclose_f64(0.1).lo(), 0.1);
    /// ```
    #[inline]
    pub fn enclose_f64(x: f64) -> Self {
        if x.is_nan() {
            return Self::ENTIRE;
        }
        let (lo, hi) = (T::down_from_f64(x), T::up_from_f64(x));
        if lo == hi {
            Self::enclose(lo)
        } else {
            // Two neighbouring finite values, or MAX and +inf: a valid interval.
            Self::new(lo, hi).unwrap_or(Self::ENTIRE)
        }
    }

    /// The smallest interval holding every value of a non-empty list.
    ///
    /// # Errors
    /// [`IntervalError::EmptyHull`] for an empty list, [`IntervalError::NotFinite`] when a value
    /// is NaN or infinite.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Interval;
    ///
    /// let x = Interval::hull([3.0, -1.0, 2.0])?;
    /// assert_eq!((x.lo(), x.hi()), (-1.0, 3.0));
    /// # Ok::<(), surety_intervals::IntervalError>(())
    /// ```
    pub fn hull(values: impl IntoIterator<Item = T>) -> Result<Self, IntervalError> {
        let mut values = values.into_iter();
        let first = values.next().ok_or(IntervalError::EmptyHull)?;
        values.try_fold(Self::point(first)?, |acc, v| {
            Ok(acc.hull_with(Self::point(v)?))
        })
    }

    /// `center ± radius`: the interval `[center - radius, center + radius]`, rounded outward.
    ///
    /// # Errors
    /// [`IntervalError::NotFinite`] when `center` or `radius` is NaN or infinite,
    /// [`IntervalError::NegativeRadius`] when `radius < 0`.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Interval;
    ///
    /// let x = Interval::widened(1.0, 0.25)?;
    /// assert_eq!((x.lo(), x.hi()), (0.75, 1.25));
    /// assert!(Interval::widened(1.0, -0.25).is_err());
    /// # Ok::<(), surety_intervals::IntervalError>(())
    /// ```
    pub fn widened(center: T, radius: T) -> Result<Self, IntervalError> {
        let c = Self::point(center).map_err(|_| IntervalError::NotFinite {
            what: "center",
            value: center.as_f64(),
        })?;
        let r = Self::point(radius).map_err(|_| IntervalError::NotFinite {
            what: "radius",
            value: radius.as_f64(),
        })?;
        if radius < T::zero() {
            return Err(IntervalError::NegativeRadius {
                radius: radius.as_f64(),
            });
        }
        Ok(c + Self::wrap_exact(-r.x).hull_with(r))
    }

    /// The lower end. Zero is returned as `+0.0`.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Interval;
    ///
    /// assert_eq!(Interval::new(-2.0, 3.0)?.lo(), -2.0);
    /// # Ok::<(), surety_intervals::IntervalError>(())
    /// ```
    #[inline]
    pub fn lo(self) -> T {
        // The backend reports a zero lower end as -0.0; adding +0.0 makes it +0.0.
        T::down_from_f64(self.x.inf() + 0.0)
    }

    /// The upper end.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Interval;
    ///
    /// assert_eq!(Interval::new(-2.0, 3.0)?.hi(), 3.0);
    /// # Ok::<(), surety_intervals::IntervalError>(())
    /// ```
    #[inline]
    pub fn hi(self) -> T {
        T::up_from_f64(self.x.sup())
    }

    /// A value of `T` inside the interval, near its middle: `0` for the entire line, `MAX` or
    /// `MIN` for half-lines. Not a guarantee of anything but membership.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Interval;
    ///
    /// assert_eq!(Interval::new(1.0, 2.0)?.mid(), 1.5);
    /// # Ok::<(), surety_intervals::IntervalError>(())
    /// ```
    #[inline]
    pub fn mid(self) -> T {
        // The backend's midpoint m is an f64 in the interval. Rounding it down to T stays at or
        // above lo (a T at or below m) and at or below hi; only an f32 half-line, where
        // m = f64::MIN, can round past the finite range, and lo is then -inf: clamp to MIN.
        T::down_from_f64(self.x.mid()).max(T::min_value())
    }

    /// The width `hi - lo`, rounded up (so the true width is never larger); `+inf` for
    /// unbounded intervals.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Interval;
    ///
    /// assert_eq!(Interval::new(1.0, 2.5)?.width(), 1.5);
    /// # Ok::<(), surety_intervals::IntervalError>(())
    /// ```
    #[inline]
    pub fn width(self) -> T {
        T::up_from_f64(self.x.wid())
    }

    /// A radius `r` such that the interval lies inside `[mid - r, mid + r]`, rounded up.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Interval;
    ///
    /// assert_eq!(Interval::new(1.0, 2.0)?.rad(), 0.5);
    /// # Ok::<(), surety_intervals::IntervalError>(())
    /// ```
    #[inline]
    pub fn rad(self) -> T {
        let m = Self::enclose(self.mid());
        let below = (m - Self::enclose(self.lo())).hi();
        let above = (Self::enclose(self.hi()) - m).hi();
        below.max(above)
    }

    /// The largest absolute value of a member: `max(|lo|, |hi|)`.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Interval;
    ///
    /// assert_eq!(Interval::new(-3.0, 2.0)?.mag(), 3.0);
    /// # Ok::<(), surety_intervals::IntervalError>(())
    /// ```
    #[inline]
    pub fn mag(self) -> T {
        T::up_from_f64(self.x.mag())
    }

    /// The smallest absolute value of a member: 0 if the interval holds 0.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Interval;
    ///
    /// assert_eq!(Interval::new(-3.0, 2.0)?.mig(), 0.0);
    /// assert_eq!(Interval::new(2.0, 3.0)?.mig(), 2.0);
    /// # Ok::<(), surety_intervals::IntervalError>(())
    /// ```
    #[inline]
    pub fn mig(self) -> T {
        T::down_from_f64(self.x.mig() + 0.0)
    }

    /// Whether the real number `x` lies in the interval (never for NaN or an infinity).
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Interval;
    ///
    /// let x = Interval::new(1.0, 2.0)?;
    /// assert!(x.contains(1.0) && x.contains(2.0) && !x.contains(2.5));
    /// # Ok::<(), surety_intervals::IntervalError>(())
    /// ```
    #[inline]
    pub fn contains(self, x: T) -> bool {
        self.x.contains(x.as_f64())
    }

    /// Whether `self` is a point `[x, x]`.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Interval;
    ///
    /// assert!(Interval::point(3.0)?.is_point());
    /// # Ok::<(), surety_intervals::IntervalError>(())
    /// ```
    #[inline]
    pub fn is_point(self) -> bool {
        self.x.is_singleton()
    }

    /// Whether both ends are finite.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Interval;
    ///
    /// assert!(Interval::new(1.0, 2.0)?.is_bounded());
    /// assert!(!Interval::<f64>::ENTIRE.is_bounded());
    /// # Ok::<(), surety_intervals::IntervalError>(())
    /// ```
    #[inline]
    pub fn is_bounded(self) -> bool {
        self.x.is_common_interval()
    }

    /// Whether every member of `self` is a member of `other`.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Interval;
    ///
    /// let a = Interval::new(1.0, 2.0)?;
    /// assert!(a.is_subset_of(Interval::new(0.0, 2.0)?));
    /// assert!(!a.is_subset_of(Interval::new(1.5, 3.0)?));
    /// # Ok::<(), surety_intervals::IntervalError>(())
    /// ```
    #[inline]
    pub fn is_subset_of(self, other: Self) -> bool {
        self.x.subset(other.x)
    }

    /// Whether the two intervals share no member.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Interval;
    ///
    /// assert!(Interval::new(1.0, 2.0)?.is_disjoint_from(Interval::new(3.0, 4.0)?));
    /// # Ok::<(), surety_intervals::IntervalError>(())
    /// ```
    #[inline]
    pub fn is_disjoint_from(self, other: Self) -> bool {
        self.x.disjoint(other.x)
    }

    /// The smallest interval holding both (their convex hull).
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Interval;
    ///
    /// let h = Interval::new(1.0, 2.0)?.hull_with(Interval::new(5.0, 6.0)?);
    /// assert_eq!((h.lo(), h.hi()), (1.0, 6.0));
    /// # Ok::<(), surety_intervals::IntervalError>(())
    /// ```
    #[inline]
    pub fn hull_with(self, other: Self) -> Self {
        Self::wrap_exact(self.x.convex_hull(other.x))
    }

    /// The common part of two intervals, or `None` when they are disjoint.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Interval;
    ///
    /// let i = Interval::new(1.0, 3.0)?.intersection(Interval::new(2.0, 5.0)?);
    /// assert_eq!(i, Some(Interval::new(2.0, 3.0)?));
    /// assert_eq!(Interval::new(1.0, 2.0)?.intersection(Interval::new(3.0, 4.0)?), None);
    /// # Ok::<(), surety_intervals::IntervalError>(())
    /// ```
    #[inline]
    pub fn intersection(self, other: Self) -> Option<Self> {
        let i = self.x.intersection(other.x);
        (!i.is_empty()).then_some(Self::wrap_exact(i))
    }
}

impl<T: Endpoint> From<T> for Interval<T> {
    /// Same as [`Interval::enclose`].
    #[inline]
    fn from(x: T) -> Self {
        Self::enclose(x)
    }
}

impl From<f32> for Interval<f64> {
    /// Every `f32` is an `f64`: the point, exactly (non-finite values as in
    /// [`Interval::enclose`]).
    #[inline]
    fn from(x: f32) -> Self {
        Self::enclose(f64::from(x))
    }
}

impl From<Interval<f32>> for Interval<f64> {
    /// Exact: the same set.
    #[inline]
    fn from(x: Interval<f32>) -> Self {
        Self::wrap_exact(x.x)
    }
}

#[cfg(surety_inari)]
impl<T: Endpoint> Interval<T> {
    /// The underlying `inari` interval (with `f64` ends). Only on the inari backend.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Interval;
    ///
    /// let x = Interval::new(1.0f32, 2.0)?.to_inari();
    /// assert_eq!((x.inf(), x.sup()), (1.0, 2.0));
    /// # Ok::<(), surety_intervals::IntervalError>(())
    /// ```
    #[inline]
    pub fn to_inari(self) -> inari::Interval {
        self.x
    }
}

#[cfg(surety_inari)]
impl TryFrom<inari::Interval> for Interval<f64> {
    type Error = IntervalError;

    /// Any nonempty `inari` interval. Only on the inari backend.
    ///
    /// # Errors
    /// [`IntervalError::Empty`] for the empty set.
    fn try_from(x: inari::Interval) -> Result<Self, IntervalError> {
        if x.is_empty() {
            Err(IntervalError::Empty)
        } else {
            Ok(Self::wrap_exact(x))
        }
    }
}
