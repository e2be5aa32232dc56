//! Sphere–OBB overlap.

use surety_intervals::{Policy, Scalar, Vec3, Verdict};

use crate::{Obb, Placed, Sphere};

/// Do the solid sphere and the solid oriented box share a point? (Touching counts.)
///
/// Three certificates, each exact when certain, so neither needs the box axes to be exactly
/// orthonormal (floats rarely make them so; see [`Obb`]):
/// - **touching**: `q = center + Σ clamp(axisᵢ · d, ±eᵢ)·axisᵢ` (with `d` the sphere's center
///   relative to the box's) is a point of the box, whatever the clamped coordinates are; if
///   `|d - q|² <= r²` certainly, the sphere reaches the box.
/// - **apart**: for any direction `u`, the box lies in the half-space `u·x <= u·center +
///   Σ eᵢ·|axisᵢ·u|`; if the sphere's center is beyond that plane by more than `r|u|`
///   (`g > 0` and `g² > r²|u|²`, no square root), they are apart. With `u = d - q` this is the
///   exact distance test when the axes are orthonormal, since `q` is then the closest point.
///
/// - **inside**: the center lies in the box, tested exactly with the face normals (when the
///   axes certainly span space: a box with linearly dependent axes is flat).
///
/// When no certificate holds the answer is `Maybe`: within rounding of tangency, or off
/// by the axes' non-orthogonality.
///
/// # Example
/// ```
/// use surety_intervals::{Interval, Vec3, Verdict};
/// use surety_queries::{overlap_sphere_obb, Obb, Sphere};
/// use glam::DVec3;
///
/// // A box turned 90° about z (axes exactly orthonormal): x in [-2, 2], y in [-1, 1].
/// let axes = [DVec3::Y, DVec3::NEG_X, DVec3::Z].map(Vec3::<Interval>::from);
/// let b = Obb::<Interval>::new(DVec3::ZERO, axes, DVec3::new(1.0, 2.0, 1.0))?;
/// // Tangent to the face x = 2 (the second axis, half extent 2): touching.
/// let tangent = Sphere::new(DVec3::new(2.5, 0.0, 0.0), 0.5)?;
/// assert_eq!(overlap_sphere_obb(&tangent, &b), Verdict::True);
/// // Off the corner (2, 1, 1) by more than the radius.
/// let off_corner = Sphere::new(DVec3::new(2.5, 1.5, 1.5), 0.8)?;
/// assert_eq!(overlap_sphere_obb(&off_corner, &b), Verdict::False);
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
pub fn overlap_sphere_obb<S: Scalar>(
    sphere: &impl Placed<Sphere<S>>,
    obb: &impl Placed<Obb<S>>,
) -> Verdict {
    let (Some(sphere), Some(obb)) = (sphere.world(), obb.world()) else {
        return Verdict::Maybe;
    };
    let d = sphere.center() - obb.center();
    let r2 = sphere.radius().sqr();
    let e = obb.half_extents().to_array();
    let mut q = Vec3::splat(S::zero());
    for (axis, e) in obb.axes().into_iter().zip(e) {
        q += axis * axis.dot(d).max(-e).min(e);
    }
    let u = d - q;
    let uu = u.length_squared();
    let touching = uu.le(r2);
    if touching.is_true() {
        return Verdict::True;
    }
    let g = u.dot(d) - obb.projected_radius(u);
    let apart = g.gt_zero() & g.sqr().gt(r2 * uu);
    if apart.is_true() {
        return Verdict::False;
    }
    // The center inside the box touches whatever the radius; clamping with skewed axes may
    // miss that by rounding, so test it exactly: the center's coordinate along axis i is
    // `nᵢ·d / nᵢ·axisᵢ` with `nᵢ` the normal of the other two axes' face. That needs the
    // determinant `nᵢ·axisᵢ` to be non-zero: with linearly dependent axes the box is flat,
    // and every point of its plane would pass.
    let normals = obb.face_normals();
    let mut inside = !normals[0].dot(obb.axes()[0]).eq_zero();
    for ((n, axis), e) in normals.into_iter().zip(obb.axes()).zip(e) {
        inside = inside & n.dot(d).abs().le(e * n.dot(axis).abs());
    }
    touching | inside | (!apart & Verdict::Maybe)
}

/// [`overlap_sphere_obb`] resolved conservatively.
///
/// # Example
/// ```
/// use surety_intervals::Vec3;
/// use surety_queries::{may_overlap_sphere_obb, Obb, Sphere};
///
/// let i = [Vec3::new(1.0, 0.0, 0.0), Vec3::new(0.0, 1.0, 0.0), Vec3::new(0.0, 0.0, 1.0)];
/// let b = Obb::new(Vec3::new(0.0, 0.0, 0.0), i, Vec3::splat(1.0))?;
/// assert!(may_overlap_sphere_obb(&Sphere::new(Vec3::new(1.5, 0.0, 0.0), 0.6)?, &b));
/// assert!(!may_overlap_sphere_obb(&Sphere::new(Vec3::new(1.5, 1.5, 1.5), 0.6)?, &b));
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
pub fn may_overlap_sphere_obb<S: Scalar>(
    sphere: &impl Placed<Sphere<S>>,
    obb: &impl Placed<Obb<S>>,
) -> bool {
    overlap_sphere_obb(sphere, obb).resolve(Policy::Conservative)
}
