//! Sphere–triangle overlap.

use surety_intervals::{Policy, Scalar, Vec3, Verdict};

use crate::{Sphere, Triangle};

/// Squared distance from `w` (relative to the segment's start) to the closed segment `0 → e`:
/// `|w - t·e|²` with `t = clamp(w·e / e·e, 0, 1)`. With intervals, an enclosure: the clamped
/// `t` encloses the exact closest parameter, and the expression evaluated over it encloses
/// the exact distance.
fn segment_distance_squared<S: Scalar>(w: Vec3<S>, e: Vec3<S>) -> S {
    let t = (w.dot(e) / e.length_squared()).max(S::zero()).min(S::one());
    (w - e * t).length_squared()
}

/// Does the solid sphere share a point with the closed triangle? (Touching counts.)
///
/// The exact squared distance `d²` from the center to the triangle is the squared distance to
/// its plane when the center projects inside the triangle, and otherwise the least squared
/// distance to its three edges; and the plane is never farther than an edge. So
/// `d² <= r²` exactly when (the projection is inside and the plane distance is within `r`)
/// or (some edge is within `r`), which this evaluates with verdicts: certain answers are exact.
/// The plane distance is compared without a square root: `(n·(c - a))² <= r²·|n|²`.
///
/// # Example
/// ```
/// use surety_intervals::{Interval, Verdict};
/// use surety_queries::{overlap_sphere_triangle, Sphere, Triangle};
/// use glam::DVec3;
///
/// let t = Triangle::<Interval>::new(DVec3::ZERO, DVec3::new(4.0, 0.0, 0.0), DVec3::new(0.0, 4.0, 0.0))?;
/// // Resting on the face, exactly tangent.
/// let resting = Sphere::new(DVec3::new(1.0, 1.0, 0.5), 0.5)?;
/// assert_eq!(overlap_sphere_triangle(&resting, &t), Verdict::True);
/// // Beyond the corner (0, 0, 0) by more than the radius.
/// let off_corner = Sphere::new(DVec3::new(-0.5, -0.5, 0.0), 0.7)?;
/// assert_eq!(overlap_sphere_triangle(&off_corner, &t), Verdict::False);
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
pub fn overlap_sphere_triangle<S: Scalar>(sphere: &Sphere<S>, triangle: &Triangle<S>) -> Verdict {
    let [a, b, c] = triangle.corners();
    let (p, r2) = (sphere.center(), sphere.radius().sqr());
    let n = triangle.normal();
    let nn = n.length_squared();
    let plane_close = n.dot(p - a).sqr().le(r2 * nn);
    // The plane is never farther than the triangle: certainly beyond r from it, certainly apart.
    if plane_close.is_false() {
        return Verdict::False;
    }
    let edge_d2 = segment_distance_squared(p - a, b - a)
        .min(segment_distance_squared(p - b, c - b))
        .min(segment_distance_squared(p - c, a - c));
    let edges_close = edge_d2.le(r2);
    if edges_close.is_true() {
        return Verdict::True;
    }
    let zero = S::zero();
    let inside = nn.gt_zero()
        & n.dot((b - a).cross(p - a)).ge(zero)
        & n.dot((c - b).cross(p - b)).ge(zero)
        & n.dot((a - c).cross(p - c)).ge(zero);
    (inside & plane_close) | edges_close
}

/// [`overlap_sphere_triangle`] resolved conservatively.
///
/// # Example
/// ```
/// use surety_intervals::Vec3;
/// use surety_queries::{may_overlap_sphere_triangle, Sphere, Triangle};
///
/// let t = Triangle::new(Vec3::new(0.0, 0.0, 0.0), Vec3::new(1.0, 0.0, 0.0), Vec3::new(0.0, 1.0, 0.0))?;
/// assert!(may_overlap_sphere_triangle(&Sphere::new(Vec3::new(0.2, 0.2, 0.1), 0.2)?, &t));
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
pub fn may_overlap_sphere_triangle<S: Scalar>(sphere: &Sphere<S>, triangle: &Triangle<S>) -> bool {
    overlap_sphere_triangle(sphere, triangle).resolve(Policy::Conservative)
}
