//! Sphere–AABB overlap (seed 002).

use surety_intervals::{Policy, Scalar, Verdict};

use crate::{Aabb, Sphere};

/// Do the solid sphere and the solid box share a point? (Touching counts.)
///
/// Seed 002's test: the squared distance from the center to the box, summed per axis from
/// `max(min - c, c - max, 0)²` with the tight square, against `r²`. `True` and `False` are
/// exact for the given shapes: with intervals each per-axis gap encloses the exact gap (at most
/// one of `min - c`, `c - max` is positive), so the sum encloses the exact squared distance.
///
/// # Example
/// ```
/// use surety_intervals::{Interval, Vec3, Verdict};
/// use surety_queries::{overlap_sphere_aabb, Aabb, Sphere};
///
/// let unit_box = Aabb::<Interval>::new(glam::DVec3::ZERO, glam::DVec3::ONE)?;
/// // Tangent to the face x = 1: touching, so overlapping, exactly.
/// let tangent = Sphere::<Interval>::new(glam::DVec3::new(1.5, 0.5, 0.5), 0.5)?;
/// assert_eq!(overlap_sphere_aabb(&tangent, &unit_box), Verdict::True);
/// let apart = Sphere::<Interval>::new(glam::DVec3::new(3.0, 0.5, 0.5), 0.5)?;
/// assert_eq!(overlap_sphere_aabb(&apart, &unit_box), Verdict::False);
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
pub fn overlap_sphere_aabb<S: Scalar>(sphere: &Sphere<S>, aabb: &Aabb<S>) -> Verdict {
    let (c, lo, hi) = (sphere.center(), aabb.min(), aabb.max());
    let r2 = sphere.radius().sqr();
    let gap = |c: S, lo: S, hi: S| (lo - c).max(c - hi).max(S::zero());
    let mut d2 = gap(c.x, lo.x, hi.x).sqr();
    // The partial sums only grow: once one certainly exceeds r², the sphere is apart.
    for (c, lo, hi) in [(c.y, lo.y, hi.y), (c.z, lo.z, hi.z)] {
        if d2.gt(r2).is_true() {
            return Verdict::False;
        }
        d2 += gap(c, lo, hi).sqr();
    }
    d2.le(r2)
}

/// [`overlap_sphere_aabb`] resolved conservatively: `false` only when they certainly do not
/// overlap.
///
/// # Example
/// ```
/// use surety_intervals::Interval;
/// use surety_queries::{may_overlap_sphere_aabb, Aabb, Sphere};
///
/// let b = Aabb::<Interval>::new(glam::DVec3::ZERO, glam::DVec3::ONE)?;
/// let s = Sphere::<Interval>::new(glam::DVec3::new(1.2, 0.5, 0.5), 0.2)?;
/// assert!(may_overlap_sphere_aabb(&s, &b));
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
pub fn may_overlap_sphere_aabb<S: Scalar>(sphere: &Sphere<S>, aabb: &Aabb<S>) -> bool {
    overlap_sphere_aabb(sphere, aabb).resolve(Policy::Conservative)
}
