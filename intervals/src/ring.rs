//! The arithmetic a deciding formula is stated in, once, for every stage of the filter stack.

use core::cmp::Ordering;
use core::ops::{Add, Mul, Neg, Sub};

use crate::{Dyadic, Endpoint, Interval, Sign, Verdict};

/// A number type a query's deciding formula can be evaluated in: ring operations (`+`, `-`,
/// `*`, negation), `abs`, `min`, `max`, and a sign that is either certain, or unknown.
///
/// The certified rings are the stages of the [filter stack](crate::stack):
/// [`Filtered`](crate::Filtered) (plain `f64` with an error bound computed alongside),
/// [`Interval`] (directed rounding), and for the exact stage [`Expansion`](crate::Expansion)
/// (exact while no product underflows) and [`Dyadic`] (exact, always decides). Every
/// [`Scalar`](crate::Scalar) is a ring too: intervals certified, and `f32`/`f64` as the plain,
/// uncertified float evaluation. A query's formula written once with `R: Ring` is therefore
/// the same formula on interval shapes, on float shapes, and in every stage, so they cannot
/// disagree about what they compute; only about how sure they are.
///
/// The contract of a certified ring: a sign that is `Some` is the sign the formula has in
/// exact real arithmetic, for every choice of the real numbers its inputs stand for (the given
/// `f64`s, or every member of the input intervals).
///
/// # Example
/// ```
/// use surety_intervals::{Dyadic, Filtered, Interval, Ring, Sign};
///
/// /// The sign of `x·y - z`.
/// fn f<R: Ring>(x: f64, y: f64, z: f64) -> Sign {
///     (R::from_f64(x) * R::from_f64(y) - R::from_f64(z)).sign()
/// }
/// // 0.1·10 rounds to exactly 1 in doubles, but the double 0.1 is above one tenth.
/// assert_eq!(0.1f64 * 10.0 - 1.0, 0.0);
/// assert_eq!(f::<Filtered>(0.1, 10.0, 1.0), Sign::Undecided); // within the float error bound
/// assert_eq!(f::<Interval>(0.1, 10.0, 1.0), Sign::Undecided); // [0, 2.2e-16]: holds zero
/// // Against the double below 1, the interval decides where the filter's bound is too wide.
/// let below = 1f64.next_down();
/// assert_eq!(f::<Filtered>(0.1, 10.0, below), Sign::Undecided);
/// assert_eq!(f::<Interval>(0.1, 10.0, below), Sign::Positive);
/// assert_eq!(f::<Dyadic>(0.1, 10.0, 1.0), Sign::Positive);
/// ```
pub trait Ring:
    Clone + Add<Output = Self> + Sub<Output = Self> + Mul<Output = Self> + Neg<Output = Self>
{
    /// The stage's value of a finite `f64` input, exactly.
    fn from_f64(x: f64) -> Self;

    /// The exact sign, or [`Sign::Undecided`] if this stage cannot tell.
    fn sign(&self) -> Sign;

    /// The absolute value.
    fn abs(self) -> Self;

    /// The larger of two values.
    fn max(self, other: Self) -> Self;

    /// The smaller of two values.
    fn min(self, other: Self) -> Self;

    /// The square.
    #[inline]
    fn sqr(self) -> Self {
        self.clone() * self
    }

    /// Is the value `> 0`?
    #[inline]
    fn positive(&self) -> Verdict {
        self.sign().is_positive()
    }

    /// Is the value `≥ 0`?
    #[inline]
    fn non_negative(&self) -> Verdict {
        !self.sign().is_negative()
    }

    /// Is the value `< 0`?
    #[inline]
    fn negative(&self) -> Verdict {
        self.sign().is_negative()
    }

    /// Is the value `≤ 0`?
    #[inline]
    fn non_positive(&self) -> Verdict {
        !self.sign().is_positive()
    }

    /// Is the value `= 0`? (Not `is_zero`, which every [`Scalar`](crate::Scalar) has from
    /// `num_traits::Zero` as a plain `bool`.)
    #[inline]
    fn equals_zero(&self) -> Verdict {
        self.sign().is_zero()
    }
}

/// Three ring values as a vector, for formulas.
pub type Ring3<R> = [R; 3];

/// The vector of three `f64` inputs in the ring.
///
/// # Example
/// ```
/// use surety_intervals::{lift3, Dyadic};
///
/// assert_eq!(lift3::<Dyadic>([1.0, 2.0, 3.0])[2], Dyadic::from_int(3));
/// ```
#[inline]
pub fn lift3<R: Ring>(v: [f64; 3]) -> Ring3<R> {
    v.map(R::from_f64)
}

/// `a - b`, per coordinate.
///
/// # Example
/// ```
/// use surety_intervals::{lift3, sub3, Dyadic};
///
/// let d = sub3(&lift3::<Dyadic>([1.0, 2.0, 3.0]), &lift3([1.0, 1.0, 1.0]));
/// assert_eq!(d, lift3([0.0, 1.0, 2.0]));
/// ```
#[inline]
pub fn sub3<R: Ring>(a: &Ring3<R>, b: &Ring3<R>) -> Ring3<R> {
    [
        a[0].clone() - b[0].clone(),
        a[1].clone() - b[1].clone(),
        a[2].clone() - b[2].clone(),
    ]
}

/// The dot product.
///
/// # Example
/// ```
/// use surety_intervals::{dot3, lift3, Dyadic};
///
/// let d = dot3(&lift3::<Dyadic>([1.0, 2.0, 3.0]), &lift3([4.0, 5.0, 6.0]));
/// assert_eq!(d, Dyadic::from_int(32));
/// ```
#[inline]
pub fn dot3<R: Ring>(a: &Ring3<R>, b: &Ring3<R>) -> R {
    a[0].clone() * b[0].clone() + a[1].clone() * b[1].clone() + a[2].clone() * b[2].clone()
}

/// The cross product.
///
/// # Example
/// ```
/// use surety_intervals::{cross3, lift3, Dyadic};
///
/// let z = cross3(&lift3::<Dyadic>([1.0, 0.0, 0.0]), &lift3([0.0, 1.0, 0.0]));
/// assert_eq!(z, lift3([0.0, 0.0, 1.0]));
/// ```
#[inline]
pub fn cross3<R: Ring>(a: &Ring3<R>, b: &Ring3<R>) -> Ring3<R> {
    let m = |i: usize, j: usize| a[i].clone() * b[j].clone() - a[j].clone() * b[i].clone();
    [m(1, 2), m(2, 0), m(0, 1)]
}

impl<T: Endpoint> Ring for Interval<T> {
    /// The tightest enclosure of `x`: exact for `Interval<f64>`, and for `Interval<f32>` when
    /// `x` is an `f32` (the constants formulas use are).
    #[inline(always)]
    fn from_f64(x: f64) -> Self {
        Interval::enclose_f64(x)
    }

    #[inline(always)]
    fn sign(&self) -> Sign {
        let zero = T::zero();
        if self.lo() > zero {
            Sign::Positive
        } else if self.hi() < zero {
            Sign::Negative
        } else if self.lo() == zero && self.hi() == zero {
            Sign::Zero
        } else {
            Sign::Undecided
        }
    }

    /// The absolute value, tight.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::{Interval, Ring};
    ///
    /// assert_eq!(Ring::abs(Interval::new(-3.0, 1.0)?), Interval::new(0.0, 3.0)?);
    /// # Ok::<(), surety_intervals::IntervalError>(())
    /// ```
    #[inline(always)]
    fn abs(self) -> Self {
        Interval::abs(self)
    }

    #[inline(always)]
    fn max(self, other: Self) -> Self {
        Interval::max(self, other)
    }

    #[inline(always)]
    fn min(self, other: Self) -> Self {
        Interval::min(self, other)
    }

    /// The square, tight: never below zero.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::{Interval, Ring};
    ///
    /// assert_eq!(Ring::sqr(Interval::new(-1.0, 2.0)?), Interval::new(0.0, 4.0)?);
    /// # Ok::<(), surety_intervals::IntervalError>(())
    /// ```
    #[inline(always)]
    fn sqr(self) -> Self {
        Interval::sqr(self)
    }

    // The verdicts straight from the ends: an interval that touches zero has no certain sign,
    // but `[0, x]` is certainly `≥ 0` and `[-x, 0]` certainly not `> 0`.

    /// Is the value `> 0`? From the ends.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::{Interval, Ring, Verdict};
    ///
    /// assert_eq!(Interval::new(-1.0, 0.0)?.positive(), Verdict::False);
    /// assert_eq!(Interval::new(0.0, 1.0)?.non_negative(), Verdict::True);
    /// # Ok::<(), surety_intervals::IntervalError>(())
    /// ```
    #[inline(always)]
    fn positive(&self) -> Verdict {
        ends_verdict(self.lo() > T::zero(), self.hi() <= T::zero())
    }

    #[inline(always)]
    fn non_negative(&self) -> Verdict {
        ends_verdict(self.lo() >= T::zero(), self.hi() < T::zero())
    }

    #[inline(always)]
    fn negative(&self) -> Verdict {
        ends_verdict(self.hi() < T::zero(), self.lo() >= T::zero())
    }

    #[inline(always)]
    fn non_positive(&self) -> Verdict {
        ends_verdict(self.hi() <= T::zero(), self.lo() > T::zero())
    }

    #[inline(always)]
    fn equals_zero(&self) -> Verdict {
        let zero = T::zero();
        ends_verdict(
            self.lo() == zero && self.hi() == zero,
            self.lo() > zero || self.hi() < zero,
        )
    }
}

/// `True` when `yes`, `False` when `no` (never both), else `Maybe`.
#[inline(always)]
fn ends_verdict(yes: bool, no: bool) -> Verdict {
    if yes {
        Verdict::True
    } else if no {
        Verdict::False
    } else {
        Verdict::Maybe
    }
}

/// Plain floats are rings too, uncertified: their signs are the signs of the rounded values
/// (`None` only for NaN). A formula evaluated in `f32` or `f64` is the fast float query; the
/// filter stack never uses them.
macro_rules! float_ring {
    ($t:ty) => {
        impl Ring for $t {
            #[inline(always)]
            fn from_f64(x: f64) -> Self {
                x as $t
            }

            #[inline(always)]
            fn sign(&self) -> Sign {
                self.partial_cmp(&0.0).into()
            }

            #[inline(always)]
            fn abs(self) -> Self {
                <$t>::abs(self)
            }

            #[inline(always)]
            fn max(self, other: Self) -> Self {
                <$t>::max(self, other)
            }

            #[inline(always)]
            fn min(self, other: Self) -> Self {
                <$t>::min(self, other)
            }

            #[inline(always)]
            fn sqr(self) -> Self {
                self * self
            }
        }
    };
}

float_ring!(f32);
float_ring!(f64);

impl Ring for Dyadic {
    #[inline]
    fn from_f64(x: f64) -> Self {
        Dyadic::from_f64(x)
    }

    #[inline]
    fn sign(&self) -> Sign {
        self.signum().into()
    }

    fn abs(self) -> Self {
        if self.signum() == Ordering::Less {
            -self
        } else {
            self
        }
    }

    fn max(self, other: Self) -> Self {
        Ord::max(self, other)
    }

    fn min(self, other: Self) -> Self {
        Ord::min(self, other)
    }
}

impl Add for Dyadic {
    type Output = Dyadic;
    #[inline]
    fn add(self, o: Dyadic) -> Dyadic {
        &self + &o
    }
}

impl Sub for Dyadic {
    type Output = Dyadic;
    #[inline]
    fn sub(self, o: Dyadic) -> Dyadic {
        &self - &o
    }
}

impl Mul for Dyadic {
    type Output = Dyadic;
    #[inline]
    fn mul(self, o: Dyadic) -> Dyadic {
        &self * &o
    }
}

impl Neg for Dyadic {
    type Output = Dyadic;
    #[inline]
    fn neg(self) -> Dyadic {
        -&self
    }
}
