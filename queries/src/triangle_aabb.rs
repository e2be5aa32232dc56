//! Triangle–AABB overlap by the 13-axis separating axis test.

use surety_intervals::{Policy, Scalar, Vec3, Verdict};

use crate::{Aabb, Triangle};

/// Do the closed triangle and the solid box share a point? (Touching counts.)
///
/// The separating axis test (Akenine-Möller, "Fast 3D triangle-box overlap testing", 2001)
/// with its 13 axes: the box's three face normals, the triangle's normal, and the nine cross
/// products of the triangle's edges with the box's axes. Two closed convex sets are disjoint
/// exactly when their projections onto one of these axes are disjoint, so with `L` an axis,
/// the verdict is "no axis has `max(L·v) < box_min(L)` or `min(L·v) > box_max(L)`". The box's
/// projection is summed per axis from `min(Lᵢ·minᵢ, Lᵢ·maxᵢ)` and `max(…)`, without the
/// half-extents, so nothing is halved. A zero axis (parallel edges, a degenerate triangle)
/// projects everything to 0 and never separates; no division, so no `|R| + eps` fudge.
///
/// # Example
/// ```
/// use surety_intervals::{Interval, Verdict};
/// use surety_queries::{overlap_triangle_aabb, Aabb, Triangle};
/// use glam::DVec3;
///
/// let b = Aabb::<Interval>::new(DVec3::ZERO, DVec3::ONE)?;
/// // Touches the box only at its corner (1, 1, 1).
/// let t = Triangle::new(DVec3::ONE, DVec3::new(2.0, 1.0, 1.0), DVec3::new(1.0, 2.0, 3.0))?;
/// assert_eq!(overlap_triangle_aabb(&t, &b), Verdict::True);
/// let moved = Triangle::new(DVec3::new(1.0, 1.0, 1.5), DVec3::new(2.0, 1.0, 1.5), DVec3::new(1.0, 2.0, 3.0))?;
/// assert_eq!(overlap_triangle_aabb(&moved, &b), Verdict::False);
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
pub fn overlap_triangle_aabb<S: Scalar>(triangle: &Triangle<S>, aabb: &Aabb<S>) -> Verdict {
    let [a, b, c] = triangle.corners();
    let (zero, one) = (S::zero(), S::one());
    let units = [
        Vec3::new(one, zero, zero),
        Vec3::new(zero, one, zero),
        Vec3::new(zero, zero, one),
    ];
    let (lo, hi) = (aabb.min(), aabb.max());
    let separates = |l: Vec3<S>| {
        let (pa, pb, pc) = (l.dot(a), l.dot(b), l.dot(c));
        let (t_min, t_max) = (pa.min(pb).min(pc), pa.max(pb).max(pc));
        let (lx, ly, lz) = (
            (l.x * lo.x, l.x * hi.x),
            (l.y * lo.y, l.y * hi.y),
            (l.z * lo.z, l.z * hi.z),
        );
        let b_min = lx.0.min(lx.1) + ly.0.min(ly.1) + lz.0.min(lz.1);
        let b_max = lx.0.max(lx.1) + ly.0.max(ly.1) + lz.0.max(lz.1);
        t_max.lt(b_min) | t_min.gt(b_max)
    };
    let mut apart = Verdict::False;
    for axis in units {
        apart = apart | separates(axis);
        if apart.is_true() {
            return Verdict::False;
        }
    }
    apart = apart | separates(triangle.normal());
    for edge in [b - a, c - b, a - c] {
        for axis in units {
            if apart.is_true() {
                return Verdict::False;
            }
            apart = apart | separates(edge.cross(axis));
        }
    }
    !apart
}

/// [`overlap_triangle_aabb`] resolved conservatively.
///
/// # Example
/// ```
/// use surety_intervals::Vec3;
/// use surety_queries::{may_overlap_triangle_aabb, Aabb, Triangle};
///
/// let b = Aabb::new(Vec3::new(0.0, 0.0, 0.0), Vec3::new(1.0, 1.0, 1.0))?;
/// let t = Triangle::new(Vec3::new(0.5, 0.5, -1.0), Vec3::new(0.5, 0.5, 2.0), Vec3::new(3.0, 3.0, 0.5))?;
/// assert!(may_overlap_triangle_aabb(&t, &b));
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
pub fn may_overlap_triangle_aabb<S: Scalar>(triangle: &Triangle<S>, aabb: &Aabb<S>) -> bool {
    overlap_triangle_aabb(triangle, aabb).resolve(Policy::Conservative)
}
