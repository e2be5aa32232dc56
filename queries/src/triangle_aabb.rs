//! Triangle–AABB overlap by the 13-axis separating axis test.

use surety_intervals::{Policy, Scalar, Verdict};

use crate::{Aabb, Triangle};

/// Do the closed triangle and the solid box share a point? (Touching counts.)
///
/// The separating axis test (Akenine-Möller, "Fast 3D triangle-box overlap testing", 2001)
/// with its 13 axes: the box's three face normals, the triangle's normal, and the nine cross
/// products of the triangle's edges with the box's axes. Two closed convex sets are disjoint
/// exactly when their projections onto one of these axes are disjoint, so with `L` an axis,
/// the verdict is "no axis has `max(L·v) < box_min(L)` or `min(L·v) > box_max(L)`". The box's
/// projection is summed per axis from `min(Lᵢ·minᵢ, Lᵢ·maxᵢ)` and `max(…)`, without the
/// half-extents, so nothing is halved; the box axes need no arithmetic at all, and the nine
/// edge axes have one zero component, which is skipped. A zero axis (an edge parallel to a
/// box axis, a degenerate triangle) projects everything to 0 and never separates; there is no
/// division, so no `|R| + eps` fudge.
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
    let (lo, hi) = (aabb.min().to_array(), aabb.max().to_array());
    let (va, vb, vc) = (a.to_array(), b.to_array(), c.to_array());
    // Projections [t_min, t_max] of the triangle and [b_min, b_max] of the box are apart.
    let apart = |t: [S; 3], b_min: S, b_max: S| {
        let (t_min, t_max) = (t[0].min(t[1]).min(t[2]), t[0].max(t[1]).max(t[2]));
        t_max.lt(b_min) | t_min.gt(b_max)
    };
    // The box's face normals: the projections are the coordinates themselves, no arithmetic.
    let mut separated = Verdict::False;
    for i in 0..3 {
        separated = separated | apart([va[i], vb[i], vc[i]], lo[i], hi[i]);
        if separated.is_true() {
            return Verdict::False;
        }
    }
    // An axis with two non-zero components, `l_i` at index `i` and `l_j` at index `j` (the
    // cross product of an edge with a box axis).
    let axis2 = |i: usize, l_i: S, j: usize, l_j: S| {
        let project = |v: &[S; 3]| l_i * v[i] + l_j * v[j];
        let (ii, ij) = ((l_i * lo[i], l_i * hi[i]), (l_j * lo[j], l_j * hi[j]));
        let b_min = ii.0.min(ii.1) + ij.0.min(ij.1);
        let b_max = ii.0.max(ii.1) + ij.0.max(ij.1);
        apart([project(&va), project(&vb), project(&vc)], b_min, b_max)
    };
    for e in [b - a, c - b, a - c] {
        // e × x = (0, e.z, -e.y), e × y = (-e.z, 0, e.x), e × z = (e.y, -e.x, 0).
        for (i, l_i, j, l_j) in [(1, e.z, 2, -e.y), (0, -e.z, 2, e.x), (0, e.y, 1, -e.x)] {
            separated = separated | axis2(i, l_i, j, l_j);
            if separated.is_true() {
                return Verdict::False;
            }
        }
    }
    // The triangle's normal.
    let n = triangle.normal().to_array();
    let project = |v: &[S; 3]| n[0] * v[0] + n[1] * v[1] + n[2] * v[2];
    let (mut b_min, mut b_max) = (S::zero(), S::zero());
    for k in 0..3 {
        let (x, y) = (n[k] * lo[k], n[k] * hi[k]);
        b_min += x.min(y);
        b_max += x.max(y);
    }
    separated = separated | apart([project(&va), project(&vb), project(&vc)], b_min, b_max);
    !separated
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
