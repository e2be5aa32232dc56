//! Conversions between glam's vectors and [`Vec3`], for the glam this crate builds on (0.34)
//! and, with the features `glam033` (parry3d 0.31's) and `glam030` (bevy 0.16 and 0.17's), for
//! those versions too: the same conversions for each, so `Vec3::from(parry_vector)` works.
//!
//! Into surety: `glam::Vec3` and `glam::Vec3A` convert into a [`Vec3`] of any [`Scalar`]
//! exactly (every scalar type holds every `f32`); `glam::DVec3` converts exactly into
//! `Vec3<f64>` and `Vec3<Interval<f64>>`, and into `Vec3<Interval<f32>>` as the tightest
//! enclosure. There is no `DVec3 → Vec3<f32>`: it would round silently.
//!
//! Out of surety: `Vec3<f32>` into `glam::Vec3`/`Vec3A`, `Vec3<f64>` into `glam::DVec3`. An
//! interval vector goes out through [`Vec3::mid`], [`Vec3::lo`] or [`Vec3::hi`] first, which
//! says which point of the enclosed box you want.
//!
//! ```
//! use surety_intervals::{Interval, Vec3};
//!
//! let p: Vec3<Interval> = glam::DVec3::new(0.1, 0.2, 0.3).into();
//! let q = p + p;
//! let back: glam::DVec3 = q.mid().into();
//! assert_eq!(back, glam::DVec3::new(0.2, 0.4, 0.6));
//! let f: Vec3<f32> = glam::Vec3::X.into();
//! assert_eq!(glam::Vec3::from(f), glam::Vec3::X);
//! ```

use crate::{Interval, Scalar, Vec3};

/// The conversions for one version of glam, `$glam` its crate.
macro_rules! glam_conversions {
    ($glam:ident) => {
        impl<S: Scalar> From<$glam::Vec3> for Vec3<S> {
            #[inline(always)]
            fn from(v: $glam::Vec3) -> Self {
                Vec3::new(S::lift_f32(v.x), S::lift_f32(v.y), S::lift_f32(v.z))
            }
        }

        impl<S: Scalar> From<$glam::Vec3A> for Vec3<S> {
            #[inline(always)]
            fn from(v: $glam::Vec3A) -> Self {
                Vec3::new(S::lift_f32(v.x), S::lift_f32(v.y), S::lift_f32(v.z))
            }
        }

        impl From<$glam::DVec3> for Vec3<f64> {
            #[inline(always)]
            fn from(v: $glam::DVec3) -> Self {
                Vec3::new(v.x, v.y, v.z)
            }
        }

        impl From<$glam::DVec3> for Vec3<Interval<f64>> {
            #[inline(always)]
            fn from(v: $glam::DVec3) -> Self {
                Vec3::lift_f64(Vec3::new(v.x, v.y, v.z))
            }
        }

        impl From<$glam::DVec3> for Vec3<Interval<f32>> {
            #[inline(always)]
            fn from(v: $glam::DVec3) -> Self {
                Vec3::lift_f64(Vec3::new(v.x, v.y, v.z))
            }
        }

        impl From<Vec3<f32>> for $glam::Vec3 {
            #[inline(always)]
            fn from(v: Vec3<f32>) -> Self {
                $glam::Vec3::new(v.x, v.y, v.z)
            }
        }

        impl From<Vec3<f32>> for $glam::Vec3A {
            #[inline(always)]
            fn from(v: Vec3<f32>) -> Self {
                $glam::Vec3A::new(v.x, v.y, v.z)
            }
        }

        impl From<Vec3<f64>> for $glam::DVec3 {
            #[inline(always)]
            fn from(v: Vec3<f64>) -> Self {
                $glam::DVec3::new(v.x, v.y, v.z)
            }
        }
    };
}

glam_conversions!(glam);
#[cfg(feature = "glam033")]
glam_conversions!(glam033);
#[cfg(feature = "glam030")]
glam_conversions!(glam030);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dvec3_into_f32_intervals_encloses_each_component() {
        let d = glam::DVec3::new(0.1, -1e-40, 1e300);
        let v: Vec3<Interval<f32>> = d.into();
        for (iv, x) in [(v.x, d.x), (v.y, d.y), (v.z, d.z)] {
            assert!(
                Interval::<f64>::from(iv).contains(x),
                "{iv} does not hold {x}"
            );
        }
    }

    #[test]
    fn vec3a_round_trips_through_f32_vectors() {
        let a = glam::Vec3A::new(1.5, -0.1, 3e-39);
        let v: Vec3<f32> = a.into();
        assert_eq!(glam::Vec3A::from(v), a);
    }
}
