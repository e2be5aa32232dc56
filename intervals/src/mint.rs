//! Conversions with mint's vector types (the `mint` feature): the interop types that
//! nalgebra, cgmath, glam and others convert to and from.
//!
//! From `mint::Vector3<f32>` and `mint::Point3<f32>` into a `Vec3` of any scalar, exactly; from
//! the `f64` ones into `Vec3<f64>` and the interval vectors (exactly for `Interval<f64>`,
//! enclosed for `Interval<f32>`), as for glam's `DVec3`; and from `Vec3<f32>` and `Vec3<f64>`
//! back into both.
//!
//! # Example
//! ```
//! use surety_intervals::{Interval, Vec3};
//!
//! let m = mint::Vector3 { x: 0.1, y: 2.0, z: -3.0 };
//! let v: Vec3<Interval> = m.into();
//! assert!(v.x.is_point() && v.x.contains(0.1));
//! let back: mint::Point3<f64> = Vec3::new(1.0, 2.0, 3.0).into();
//! assert_eq!((back.x, back.y, back.z), (1.0, 2.0, 3.0));
//! ```

use crate::{Interval, Scalar, Vec3};

macro_rules! from_mint {
    ($($m:ident),*) => {$(
        impl<S: Scalar> From<mint::$m<f32>> for Vec3<S> {
            #[inline(always)]
            fn from(v: mint::$m<f32>) -> Self {
                Vec3::new(S::lift_f32(v.x), S::lift_f32(v.y), S::lift_f32(v.z))
            }
        }

        impl From<mint::$m<f64>> for Vec3<f64> {
            #[inline(always)]
            fn from(v: mint::$m<f64>) -> Self {
                Vec3::new(v.x, v.y, v.z)
            }
        }

        impl From<mint::$m<f64>> for Vec3<Interval<f64>> {
            #[inline(always)]
            fn from(v: mint::$m<f64>) -> Self {
                Vec3::lift_f64(Vec3::new(v.x, v.y, v.z))
            }
        }

        impl From<mint::$m<f64>> for Vec3<Interval<f32>> {
            #[inline(always)]
            fn from(v: mint::$m<f64>) -> Self {
                Vec3::lift_f64(Vec3::new(v.x, v.y, v.z))
            }
        }

        impl From<Vec3<f32>> for mint::$m<f32> {
            #[inline(always)]
            fn from(v: Vec3<f32>) -> Self {
                mint::$m { x: v.x, y: v.y, z: v.z }
            }
        }

        impl From<Vec3<f64>> for mint::$m<f64> {
            #[inline(always)]
            fn from(v: Vec3<f64>) -> Self {
                mint::$m { x: v.x, y: v.y, z: v.z }
            }
        }
    )*};
}

from_mint!(Vector3, Point3);
