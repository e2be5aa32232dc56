//! A 3-vector generic over its scalar.

use core::fmt;
use core::ops::{Add, AddAssign, Div, Mul, Neg, Sub, SubAssign};

use crate::{Endpoint, Interval, Scalar};

/// A 3-vector whose components are any [`Scalar`]: plain `f32`/`f64` or intervals.
///
/// Operations are the usual ones, written once: `+`, `-`, negation, scaling by a scalar
/// (`v * s`, `v / s`), the component-wise product (`v * w`, as in glam), [`dot`](Vec3::dot),
/// [`cross`](Vec3::cross), [`length_squared`](Vec3::length_squared), component
/// [`min`](Vec3::min)/[`max`](Vec3::max). With interval components every result encloses the
/// exact one.
///
/// # Example
/// ```
/// use surety_intervals::{Interval, Vec3};
///
/// let a = Vec3::new(1.0, 2.0, 3.0);
/// let b = Vec3::new(4.0, 5.0, 6.0);
/// assert_eq!(a.dot(b), 32.0);
/// assert_eq!(a.cross(b), Vec3::new(-3.0, 6.0, -3.0));
///
/// // The same with intervals, lifted exactly.
/// let (ai, bi) = (Vec3::<Interval>::lift_f64(a), Vec3::<Interval>::lift_f64(b));
/// assert_eq!(ai.dot(bi), Interval::point(32.0)?);
/// # Ok::<(), surety_intervals::IntervalError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Vec3<S> {
    /// The first component.
    pub x: S,
    /// The second component.
    pub y: S,
    /// The third component.
    pub z: S,
}

impl<S> Vec3<S> {
    /// The vector `(x, y, z)`.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Vec3;
    ///
    /// assert_eq!(Vec3::new(1, 2, 3).y, 2);
    /// ```
    #[inline(always)]
    pub const fn new(x: S, y: S, z: S) -> Self {
        Self { x, y, z }
    }

    /// Applies `f` to each component.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Vec3;
    ///
    /// assert_eq!(Vec3::new(1.0, -2.0, 3.0).map(f64::abs), Vec3::new(1.0, 2.0, 3.0));
    /// ```
    #[inline(always)]
    pub fn map<R>(self, mut f: impl FnMut(S) -> R) -> Vec3<R> {
        Vec3::new(f(self.x), f(self.y), f(self.z))
    }

    /// Combines two vectors component by component.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Vec3;
    ///
    /// let m = Vec3::new(1, 5, 3).zip_with(Vec3::new(4, 2, 3), i32::max);
    /// assert_eq!(m, Vec3::new(4, 5, 3));
    /// ```
    #[inline(always)]
    pub fn zip_with<U, R>(self, other: Vec3<U>, mut f: impl FnMut(S, U) -> R) -> Vec3<R> {
        Vec3::new(f(self.x, other.x), f(self.y, other.y), f(self.z, other.z))
    }

    /// The components as an array.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Vec3;
    ///
    /// assert_eq!(Vec3::new(1, 2, 3).to_array(), [1, 2, 3]);
    /// ```
    #[inline(always)]
    pub fn to_array(self) -> [S; 3] {
        [self.x, self.y, self.z]
    }
}

impl<S: Copy> Vec3<S> {
    /// The vector `(v, v, v)`.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Vec3;
    ///
    /// assert_eq!(Vec3::splat(2.0), Vec3::new(2.0, 2.0, 2.0));
    /// ```
    #[inline(always)]
    pub const fn splat(v: S) -> Self {
        Self { x: v, y: v, z: v }
    }
}

impl<S> From<[S; 3]> for Vec3<S> {
    #[inline(always)]
    fn from([x, y, z]: [S; 3]) -> Self {
        Self::new(x, y, z)
    }
}

impl<S: Scalar> Vec3<S> {
    /// The zero vector.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Vec3;
    ///
    /// assert_eq!(Vec3::<f32>::zero(), Vec3::splat(0.0));
    /// ```
    #[inline(always)]
    pub fn zero() -> Self {
        Self::splat(S::zero())
    }

    /// An `f32` vector as a vector of `S`, exactly.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::{Interval, Vec3};
    ///
    /// let v = Vec3::<Interval>::lift_f32(Vec3::new(0.1f32, 0.0, 1.0));
    /// assert!(v.x.is_point() && v.x.lo() == f64::from(0.1f32));
    /// ```
    #[inline(always)]
    pub fn lift_f32(v: Vec3<f32>) -> Self {
        v.map(S::lift_f32)
    }

    /// An `f64` vector as a vector of `S`: exact for `f64` and `Interval<f64>`, enclosed for
    /// `Interval<f32>`, rounded for `f32`.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::{Interval, Vec3};
    ///
    /// let v = Vec3::<Interval<f32>>::lift_f64(Vec3::new(0.1, 0.5, 1.0));
    /// assert!(f64::from(v.x.lo()) < 0.1 && 0.1 < f64::from(v.x.hi()));
    /// assert!(v.y.is_point());
    /// ```
    #[inline(always)]
    pub fn lift_f64(v: Vec3<f64>) -> Self {
        v.map(S::lift_f64)
    }

    /// The dot product `x·x' + y·y' + z·z'`.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Vec3;
    ///
    /// assert_eq!(Vec3::new(1.0, 2.0, 3.0).dot(Vec3::new(1.0, 0.0, -1.0)), -2.0);
    /// ```
    #[inline(always)]
    pub fn dot(self, other: Self) -> S {
        self.x * other.x + self.y * other.y + self.z * other.z
    }

    /// The cross product.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Vec3;
    ///
    /// let x = Vec3::new(1.0, 0.0, 0.0);
    /// let y = Vec3::new(0.0, 1.0, 0.0);
    /// assert_eq!(x.cross(y), Vec3::new(0.0, 0.0, 1.0));
    /// ```
    #[inline(always)]
    pub fn cross(self, other: Self) -> Self {
        Self::new(
            self.y * other.z - self.z * other.y,
            self.z * other.x - self.x * other.z,
            self.x * other.y - self.y * other.x,
        )
    }

    /// The squared length `x² + y² + z²`, with the tight square (never below zero for
    /// intervals).
    ///
    /// # Example
    /// ```
    /// use surety_intervals::{Interval, Vec3};
    ///
    /// assert_eq!(Vec3::new(1.0, 2.0, 2.0).length_squared(), 9.0);
    /// let v = Vec3::splat(Interval::new(-1.0, 1.0)?);
    /// assert_eq!(v.length_squared().lo(), 0.0);
    /// # Ok::<(), surety_intervals::IntervalError>(())
    /// ```
    #[inline(always)]
    pub fn length_squared(self) -> S {
        self.x.sqr() + self.y.sqr() + self.z.sqr()
    }

    /// The length, `sqrt(length_squared)`.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Vec3;
    ///
    /// assert_eq!(Vec3::new(2.0, 3.0, 6.0).length(), 7.0);
    /// ```
    #[inline(always)]
    pub fn length(self) -> S {
        self.length_squared().sqrt()
    }

    /// The component-wise minimum.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Vec3;
    ///
    /// assert_eq!(Vec3::new(1.0, 5.0, 3.0).min(Vec3::splat(2.0)), Vec3::new(1.0, 2.0, 2.0));
    /// ```
    #[inline(always)]
    pub fn min(self, other: Self) -> Self {
        self.zip_with(other, S::min)
    }

    /// The component-wise maximum.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Vec3;
    ///
    /// assert_eq!(Vec3::new(1.0, 5.0, 3.0).max(Vec3::splat(2.0)), Vec3::new(2.0, 5.0, 3.0));
    /// ```
    #[inline(always)]
    pub fn max(self, other: Self) -> Self {
        self.zip_with(other, S::max)
    }

    /// The component-wise absolute value.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Vec3;
    ///
    /// assert_eq!(Vec3::new(-1.0, 2.0, -3.0).abs(), Vec3::new(1.0, 2.0, 3.0));
    /// ```
    #[inline(always)]
    pub fn abs(self) -> Self {
        self.map(S::abs)
    }
}

impl<T: Endpoint> Vec3<Interval<T>> {
    /// The vector of lower ends: the minimum corner of the box the vector encloses.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::{Interval, Vec3};
    ///
    /// let v = Vec3::new(Interval::new(1.0, 2.0)?, Interval::ZERO, Interval::ONE);
    /// assert_eq!(v.lo(), Vec3::new(1.0, 0.0, 1.0));
    /// # Ok::<(), surety_intervals::IntervalError>(())
    /// ```
    #[inline]
    pub fn lo(self) -> Vec3<T> {
        self.map(Interval::lo)
    }

    /// The vector of upper ends: the maximum corner of the enclosed box.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::{Interval, Vec3};
    ///
    /// let v = Vec3::splat(Interval::new(1.0, 2.0)?);
    /// assert_eq!(v.hi(), Vec3::splat(2.0));
    /// # Ok::<(), surety_intervals::IntervalError>(())
    /// ```
    #[inline]
    pub fn hi(self) -> Vec3<T> {
        self.map(Interval::hi)
    }

    /// The vector of midpoints: a point inside the enclosed box.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::{Interval, Vec3};
    ///
    /// let v = Vec3::splat(Interval::new(1.0, 2.0)?);
    /// assert_eq!(v.mid(), Vec3::splat(1.5));
    /// # Ok::<(), surety_intervals::IntervalError>(())
    /// ```
    #[inline]
    pub fn mid(self) -> Vec3<T> {
        self.map(Interval::mid)
    }

    /// Whether the point `p` lies in the enclosed box.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::{Interval, Vec3};
    ///
    /// let v = Vec3::splat(Interval::new(1.0, 2.0)?);
    /// assert!(v.contains(Vec3::new(1.0, 1.5, 2.0)));
    /// assert!(!v.contains(Vec3::new(0.0, 1.5, 2.0)));
    /// # Ok::<(), surety_intervals::IntervalError>(())
    /// ```
    #[inline]
    pub fn contains(self, p: Vec3<T>) -> bool {
        self.x.contains(p.x) && self.y.contains(p.y) && self.z.contains(p.z)
    }
}

macro_rules! vec_binop {
    ($Op:ident, $op:ident, $OpAssign:ident, $op_assign:ident) => {
        impl<S: Scalar> $Op for Vec3<S> {
            type Output = Self;

            #[inline(always)]
            fn $op(self, rhs: Self) -> Self {
                self.zip_with(rhs, S::$op)
            }
        }

        impl<S: Scalar> $OpAssign for Vec3<S> {
            #[inline(always)]
            fn $op_assign(&mut self, rhs: Self) {
                *self = (*self).$op(rhs);
            }
        }
    };
}

vec_binop!(Add, add, AddAssign, add_assign);
vec_binop!(Sub, sub, SubAssign, sub_assign);

impl<S: Scalar> Mul for Vec3<S> {
    type Output = Self;

    /// The component-wise product.
    #[inline(always)]
    fn mul(self, rhs: Self) -> Self {
        self.zip_with(rhs, S::mul)
    }
}

impl<S: Scalar> Mul<S> for Vec3<S> {
    type Output = Self;

    /// Scaling by a scalar.
    #[inline(always)]
    fn mul(self, s: S) -> Self {
        self.map(|c| c * s)
    }
}

impl<S: Scalar> Div<S> for Vec3<S> {
    type Output = Self;

    /// Division of each component by a scalar.
    #[inline(always)]
    fn div(self, s: S) -> Self {
        self.map(|c| c / s)
    }
}

impl<S: Scalar> Neg for Vec3<S> {
    type Output = Self;

    #[inline(always)]
    fn neg(self) -> Self {
        self.map(S::neg)
    }
}

macro_rules! scalar_times_vec {
    ($($s:ty),*) => {$(
        impl Mul<Vec3<$s>> for $s {
            type Output = Vec3<$s>;

            /// Scaling by a scalar.
            #[inline(always)]
            fn mul(self, v: Vec3<$s>) -> Vec3<$s> {
                v * self
            }
        }
    )*};
}

scalar_times_vec!(f32, f64, Interval<f32>, Interval<f64>);

impl<S: fmt::Display> fmt::Display for Vec3<S> {
    /// `(x, y, z)`, each component with the given format options.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("(")?;
        fmt::Display::fmt(&self.x, f)?;
        f.write_str(", ")?;
        fmt::Display::fmt(&self.y, f)?;
        f.write_str(", ")?;
        fmt::Display::fmt(&self.z, f)?;
        f.write_str(")")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interval_length_squared_is_tighter_than_self_dot_self() {
        let v = Vec3::splat(Interval::new(-1.0, 2.0).unwrap());
        assert_eq!(v.length_squared(), Interval::new(0.0, 12.0).unwrap());
        assert_eq!(v.dot(v), Interval::new(-6.0, 12.0).unwrap());
    }

    #[test]
    fn cross_product_is_orthogonal_for_exact_inputs() {
        let a = Vec3::new(3.0, -1.0, 2.0);
        let b = Vec3::new(0.5, 4.0, -2.0);
        let c = a.cross(b);
        assert_eq!(c.dot(a), 0.0);
        assert_eq!(c.dot(b), 0.0);
    }

    #[test]
    fn display_lists_components_in_parentheses() {
        assert_eq!(Vec3::new(1.5, -2.0, 0.0).to_string(), "(1.5, -2, 0)");
    }
}
