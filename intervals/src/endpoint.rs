//! The two endpoint types of an interval, `f32` and `f64`, and how each is rounded outward.

use core::fmt::{Debug, Display};

mod sealed {
    pub trait Sealed {}
    impl Sealed for f32 {}
    impl Sealed for f64 {}
}

/// A floating-point type that can be an end of an [`Interval`](crate::Interval): `f32` or `f64`.
///
/// Arithmetic on both runs on `f64` ends with directed rounding (inari's, or the portable
/// backend's); for `f32` ends the `f64` result is then rounded outward to the next `f32`
/// values. Rounding down twice (to `f64`, then to `f32`) is the same as rounding down once,
/// because every `f32` is an `f64`, so an `Interval<f32>` result is as tight as a direct `f32`
/// directed-rounding one would be.
///
/// The trait is sealed: no other type can implement it.
///
/// # Example
/// ```
/// use surety_intervals::Endpoint;
///
/// // 0.1 is not an f32: the f32 values around it bracket it.
/// let lo = f32::down_from_f64(0.1);
/// let hi = f32::up_from_f64(0.1);
/// assert!(f64::from(lo) < 0.1 && 0.1 < f64::from(hi));
/// assert_eq!(lo.next_up(), hi);
/// ```
pub trait Endpoint:
    num_traits::Float + Debug + Display + Default + Send + Sync + 'static + sealed::Sealed
{
    /// The type's name, for messages.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Endpoint;
    ///
    /// assert_eq!(<f32 as Endpoint>::NAME, "f32");
    /// ```
    const NAME: &'static str;

    /// Bits of precision, as `f32::MANTISSA_DIGITS` and `f64::MANTISSA_DIGITS` (24 and 53):
    /// lets float formulas fold in facts that hold for one type only (every nonzero
    /// difference of two `f32`s is at least `2^-149`, say).
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Endpoint;
    ///
    /// assert_eq!(<f32 as Endpoint>::DIGITS, 24);
    /// assert_eq!(<f64 as Endpoint>::DIGITS, 53);
    /// ```
    const DIGITS: u32;

    /// The exact value as an `f64` (every `f32` is an `f64`).
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Endpoint;
    ///
    /// assert_eq!(0.1f32.as_f64(), f64::from(0.1f32));
    /// ```
    fn as_f64(self) -> f64;

    /// The greatest value of this type that is `<= x`; NaN stays NaN.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Endpoint;
    ///
    /// assert_eq!(f32::down_from_f64(1e300), f32::MAX);
    /// assert_eq!(f64::down_from_f64(0.1), 0.1);
    /// ```
    fn down_from_f64(x: f64) -> Self;

    /// The least value of this type that is `>= x`; NaN stays NaN.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Endpoint;
    ///
    /// assert_eq!(f32::up_from_f64(1e300), f32::INFINITY);
    /// assert_eq!(f32::up_from_f64(-1e-300), -0.0);
    /// ```
    fn up_from_f64(x: f64) -> Self;

    /// Rounds a backend interval outward to ends of this type.
    #[doc(hidden)]
    fn round_out(x: crate::backend::Raw) -> crate::backend::Raw;

    /// A monotone integer key: `a < b` exactly when `a.to_key() < b.to_key()` (both zeros map
    /// to 0). Used to draw values uniformly by bit pattern in property tests.
    #[doc(hidden)]
    fn to_key(self) -> i64;

    /// The inverse of [`Endpoint::to_key`] (key 0 gives `+0.0`).
    #[doc(hidden)]
    fn from_key(key: i64) -> Self;

    /// The key of `+inf`; finite values have keys strictly between `-INF_KEY` and `INF_KEY`.
    #[doc(hidden)]
    const INF_KEY: i64;
}

impl Endpoint for f64 {
    const NAME: &'static str = "f64";
    const DIGITS: u32 = f64::MANTISSA_DIGITS;
    const INF_KEY: i64 = 0x7ff0_0000_0000_0000;

    #[inline(always)]
    fn as_f64(self) -> f64 {
        self
    }

    #[inline(always)]
    fn down_from_f64(x: f64) -> Self {
        x
    }

    #[inline(always)]
    fn up_from_f64(x: f64) -> Self {
        x
    }

    #[inline(always)]
    fn round_out(x: crate::backend::Raw) -> crate::backend::Raw {
        x
    }

    fn to_key(self) -> i64 {
        let bits = self.to_bits();
        let magnitude = (bits & !(1 << 63)) as i64;
        if bits >> 63 == 1 {
            -magnitude
        } else {
            magnitude
        }
    }

    fn from_key(key: i64) -> Self {
        let magnitude = f64::from_bits(key.unsigned_abs().min(Self::INF_KEY as u64));
        if key < 0 {
            -magnitude
        } else {
            magnitude
        }
    }
}

impl Endpoint for f32 {
    const NAME: &'static str = "f32";
    const DIGITS: u32 = f32::MANTISSA_DIGITS;
    const INF_KEY: i64 = 0x7f80_0000;

    #[inline(always)]
    fn as_f64(self) -> f64 {
        f64::from(self)
    }

    #[inline]
    fn down_from_f64(x: f64) -> Self {
        // `as` rounds to nearest; step down when that went up.
        let y = x as f32;
        if f64::from(y) > x {
            y.next_down()
        } else {
            y
        }
    }

    #[inline]
    fn up_from_f64(x: f64) -> Self {
        let y = x as f32;
        if f64::from(y) < x {
            y.next_up()
        } else {
            y
        }
    }

    #[inline]
    fn round_out(x: crate::backend::Raw) -> crate::backend::Raw {
        let (lo, hi) = (x.inf(), x.sup());
        let (lo32, hi32) = (f32::down_from_f64(lo), f32::up_from_f64(hi));
        if f64::from(lo32) == lo && f64::from(hi32) == hi {
            return x;
        }
        // Outward rounding of a valid interval gives a valid one; ENTIRE is only the answer
        // for an empty input, which callers never pass.
        crate::backend::Raw::try_from((f64::from(lo32), f64::from(hi32)))
            .unwrap_or(crate::backend::Raw::ENTIRE)
    }

    fn to_key(self) -> i64 {
        let bits = self.to_bits();
        let magnitude = i64::from(bits & !(1 << 31));
        if bits >> 31 == 1 {
            -magnitude
        } else {
            magnitude
        }
    }

    fn from_key(key: i64) -> Self {
        // Keys of f32 values fit in 31 bits; clamp anything else to the infinities.
        let magnitude = f32::from_bits(key.unsigned_abs().min(Self::INF_KEY as u64) as u32);
        if key < 0 {
            -magnitude
        } else {
            magnitude
        }
    }
}
