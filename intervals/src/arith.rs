//! The four operations and negation, between intervals and with plain numbers.
//!
//! Each is the backend's operation on `f64` ends (IEEE 1788 set semantics, ends rounded
//! outward: inari's, or the portable one's) followed by outward rounding to the end type.
//! Results are the tightest intervals of that end type for `+`, `-`, `*` and `/`: each end is
//! the exact end, rounded once in the safe direction.

use core::iter::{Product, Sum};
use core::ops::{Add, AddAssign, Div, DivAssign, Mul, MulAssign, Neg, Sub, SubAssign};

use crate::{Endpoint, Interval};

macro_rules! interval_binop {
    ($Op:ident, $op:ident, $OpAssign:ident, $op_assign:ident, $wrap:ident) => {
        impl<T: Endpoint> $Op for Interval<T> {
            type Output = Self;

            #[inline(always)]
            fn $op(self, rhs: Self) -> Self {
                Self::$wrap(self.x.$op(rhs.x))
            }
        }

        impl<T: Endpoint> $OpAssign for Interval<T> {
            #[inline(always)]
            fn $op_assign(&mut self, rhs: Self) {
                *self = (*self).$op(rhs);
            }
        }

        impl<T: Endpoint> $Op<T> for Interval<T> {
            type Output = Self;

            /// The plain number is lifted with [`Interval::enclose`].
            #[inline(always)]
            fn $op(self, rhs: T) -> Self {
                self.$op(Self::enclose(rhs))
            }
        }

        impl<T: Endpoint> $OpAssign<T> for Interval<T> {
            #[inline(always)]
            fn $op_assign(&mut self, rhs: T) {
                *self = (*self).$op(rhs);
            }
        }

        impl $Op<Interval<f64>> for f64 {
            type Output = Interval<f64>;

            /// The plain number is lifted with [`Interval::enclose`].
            #[inline(always)]
            fn $op(self, rhs: Interval<f64>) -> Interval<f64> {
                Interval::enclose(self).$op(rhs)
            }
        }

        impl $Op<Interval<f32>> for f32 {
            type Output = Interval<f32>;

            /// The plain number is lifted with [`Interval::enclose`].
            #[inline(always)]
            fn $op(self, rhs: Interval<f32>) -> Interval<f32> {
                Interval::enclose(self).$op(rhs)
            }
        }
    };
}

interval_binop!(Add, add, AddAssign, add_assign, wrap);
interval_binop!(Sub, sub, SubAssign, sub_assign, wrap);
interval_binop!(Mul, mul, MulAssign, mul_assign, wrap);
// Division by [0, 0] is undefined for every operand: the backend answers with the empty set,
// which is no interval; the entire line is the sound stand-in. Division by an interval that
// holds zero and more gives the backend's (possibly unbounded) hull, already sound.
interval_binop!(Div, div, DivAssign, div_assign, wrap_or_entire);

impl<T: Endpoint> Neg for Interval<T> {
    type Output = Self;

    /// `[-hi, -lo]`, exact.
    #[inline(always)]
    fn neg(self) -> Self {
        Self::wrap_exact(-self.x)
    }
}

impl<T: Endpoint> Sum for Interval<T> {
    /// The sum of all items; `[0, 0]` for none.
    fn sum<I: Iterator<Item = Self>>(iter: I) -> Self {
        iter.fold(Self::ZERO, |acc, x| acc + x)
    }
}

impl<T: Endpoint> Product for Interval<T> {
    /// The product of all items; `[1, 1]` for none.
    fn product<I: Iterator<Item = Self>>(iter: I) -> Self {
        iter.fold(Self::ONE, |acc, x| acc * x)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tenth_plus_fifth_encloses_three_tenths() {
        let tenth = Interval::enclose_f64(0.1);
        let fifth = Interval::enclose_f64(0.2);
        let sum: Interval = tenth + fifth;
        // 0.1 and 0.2 are exact doubles here; their exact sum lies between two doubles.
        assert_eq!(sum.lo(), 0.30000000000000004_f64.next_down());
        assert_eq!(sum.hi(), 0.30000000000000004);
    }

    #[test]
    fn division_by_zero_point_is_the_entire_line() {
        let one = Interval::<f64>::ONE;
        assert_eq!(one / Interval::ZERO, Interval::ENTIRE);
        assert_eq!(Interval::<f32>::ZERO / Interval::ZERO, Interval::ENTIRE);
    }

    #[test]
    fn division_by_interval_touching_zero_is_a_half_line() {
        let q = Interval::new(1.0, 2.0).unwrap() / Interval::new(0.0, 4.0).unwrap();
        assert_eq!((q.lo(), q.hi()), (0.25, f64::INFINITY));
    }

    #[test]
    fn infinity_minus_infinity_is_the_entire_line() {
        let big = Interval::new(1.0, f64::INFINITY).unwrap();
        assert_eq!(big - big, Interval::ENTIRE);
    }

    #[test]
    fn overflow_gives_a_half_line_not_a_wrong_point() {
        let max = Interval::point(f64::MAX).unwrap();
        let s = max + max;
        assert_eq!((s.lo(), s.hi()), (f64::MAX, f64::INFINITY));
        let m = Interval::point(f32::MAX).unwrap();
        let p = m * m;
        assert_eq!((p.lo(), p.hi()), (f32::MAX, f32::INFINITY));
    }

    #[test]
    fn sum_and_product_of_nothing_are_the_identities() {
        assert_eq!(
            core::iter::empty::<Interval>().sum::<Interval>(),
            Interval::ZERO
        );
        assert_eq!(
            core::iter::empty::<Interval>().product::<Interval>(),
            Interval::ONE
        );
    }
}
