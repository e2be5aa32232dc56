//! The two simplest overlap tests: sphere–sphere and AABB–AABB.

use surety_intervals::{Policy, Scalar, Verdict};

use crate::{Aabb, Sphere};

/// Do the two solid spheres share a point? `|c_b - c_a|² <= (r_a + r_b)²`, exactly when
/// certain. (Touching counts.)
///
/// # Example
/// ```
/// use surety_intervals::{Interval, Verdict};
/// use surety_queries::{overlap_sphere_sphere, Sphere};
/// use glam::DVec3;
///
/// let a = Sphere::<Interval>::new(DVec3::ZERO, 1.0)?;
/// let b = Sphere::new(DVec3::new(3.0, 4.0, 0.0), 4.0)?; // distance 5 = 1 + 4: touching
/// assert_eq!(overlap_sphere_sphere(&a, &b), Verdict::True);
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
pub fn overlap_sphere_sphere<S: Scalar>(a: &Sphere<S>, b: &Sphere<S>) -> Verdict {
    (b.center() - a.center())
        .length_squared()
        .le((a.radius() + b.radius()).sqr())
}

/// [`overlap_sphere_sphere`] resolved conservatively.
///
/// # Example
/// ```
/// use surety_intervals::Vec3;
/// use surety_queries::{may_overlap_sphere_sphere, Sphere};
///
/// let a = Sphere::new(Vec3::new(0.0, 0.0, 0.0), 1.0)?;
/// assert!(!may_overlap_sphere_sphere(&a, &Sphere::new(Vec3::new(3.0, 0.0, 0.0), 1.0)?));
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
pub fn may_overlap_sphere_sphere<S: Scalar>(a: &Sphere<S>, b: &Sphere<S>) -> bool {
    overlap_sphere_sphere(a, b).resolve(Policy::Conservative)
}

/// Do the two solid boxes share a point? On every axis `min_a <= max_b` and
/// `min_b <= max_a`: comparisons only, so exact whenever the corners are points. (Touching
/// counts.)
///
/// # Example
/// ```
/// use surety_intervals::{Interval, Verdict};
/// use surety_queries::{overlap_aabb_aabb, Aabb};
/// use glam::DVec3;
///
/// let a = Aabb::<Interval>::new(DVec3::ZERO, DVec3::ONE)?;
/// let b = Aabb::new(DVec3::ONE, DVec3::splat(2.0))?; // sharing one corner
/// assert_eq!(overlap_aabb_aabb(&a, &b), Verdict::True);
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
pub fn overlap_aabb_aabb<S: Scalar>(a: &Aabb<S>, b: &Aabb<S>) -> Verdict {
    let (a_lo, a_hi, b_lo, b_hi) = (
        a.min().to_array(),
        a.max().to_array(),
        b.min().to_array(),
        b.max().to_array(),
    );
    Verdict::all((0..3).map(|i| a_lo[i].le(b_hi[i]) & b_lo[i].le(a_hi[i])))
}

/// [`overlap_aabb_aabb`] resolved conservatively.
///
/// # Example
/// ```
/// use surety_intervals::Vec3;
/// use surety_queries::{may_overlap_aabb_aabb, Aabb};
///
/// let a = Aabb::new(Vec3::new(0.0, 0.0, 0.0), Vec3::new(1.0, 1.0, 1.0))?;
/// let b = Aabb::new(Vec3::new(2.0, 0.0, 0.0), Vec3::new(3.0, 1.0, 1.0))?;
/// assert!(!may_overlap_aabb_aabb(&a, &b));
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
pub fn may_overlap_aabb_aabb<S: Scalar>(a: &Aabb<S>, b: &Aabb<S>) -> bool {
    overlap_aabb_aabb(a, b).resolve(Policy::Conservative)
}
