//! Triangle–AABB overlap by the 13-axis separating axis test.

use surety_intervals::stack::{decide_with, Formula};
use surety_intervals::{cross3, dot3, lift3, sub3, Policy, Ring, Ring3, Scalar, Verdict};

use crate::filter::lift::{coords, load3};
use crate::filter::scale::{rescale, scaled3};
use crate::filter::static_filter::{cross_with_permanent, dot, sub, B, T};
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
    let v = triangle.corners().map(|c| c.to_array());
    triangle_meets_box(&v, &aabb.min().to_array(), &aabb.max().to_array())
}

/// [`overlap_triangle_aabb`] resolved conservatively.
///
/// # Example
/// ```
/// use surety_intervals::Vec3;
/// use surety_queries::{may_overlap_triangle_aabb, Aabb, Triangle};
///
/// let b = Aabb::<f64>::new(Vec3::new(0.0, 0.0, 0.0), Vec3::new(1.0, 1.0, 1.0))?;
/// let t = Triangle::<f64>::new(Vec3::new(0.5, 0.5, -1.0), Vec3::new(0.5, 0.5, 2.0), Vec3::new(3.0, 3.0, 0.5))?;
/// assert!(may_overlap_triangle_aabb(&t, &b));
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
pub fn may_overlap_triangle_aabb<S: Scalar>(triangle: &Triangle<S>, aabb: &Aabb<S>) -> bool {
    overlap_triangle_aabb(triangle, aabb).resolve(Policy::Conservative)
}

/// [`overlap_triangle_aabb`] on float shapes, through the
/// [filter stack](surety_intervals::stack): never `Maybe` under [`Policy::Exact`].
///
/// The same 13 axes, stated once for every stage. The box-face axes compare the given floats
/// (exact in any stage). With exact arithmetic the 13 axes decide every case, degenerate
/// triangles included: a zero axis never separates, and the axes that remain are the facet
/// normals of the Minkowski difference of the box and the segment or point the triangle
/// collapses to.
///
/// # Example
/// ```
/// use surety_intervals::{Policy, Verdict};
/// use surety_queries::{decide_overlap_triangle_aabb, Aabb, Triangle};
/// use glam::Vec3;
///
/// let b = Aabb::<f32>::new(Vec3::ZERO, Vec3::ONE)?;
/// // A sliver whose plane passes within rounding of the corner (1, 1, 1).
/// let t = Triangle::new(Vec3::new(2.0, 1.0, 0.0), Vec3::new(1.0, 2.0, 0.0), Vec3::new(0.1, 0.2, 2.7))?;
/// let v = decide_overlap_triangle_aabb(&t, &b, Policy::Exact);
/// assert!(v.is_certain());
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
pub fn decide_overlap_triangle_aabb<S: Scalar + Into<f64>>(
    triangle: &Triangle<S>,
    aabb: &Aabb<S>,
    policy: Policy,
) -> Verdict {
    decide_with(|| TriangleAabb::new(triangle, aabb), policy).into()
}

/// The triangle–AABB [`Formula`] of [`decide_overlap_triangle_aabb`], for running its stages
/// one by one ([`decide_in`](surety_intervals::stack::decide_in)).
///
/// # Example
/// ```
/// use surety_intervals::stack::{decide_in, Stage};
/// use surety_queries::{Aabb, Triangle, TriangleAabb};
/// use glam::DVec3;
///
/// let b = Aabb::<f64>::new(DVec3::ZERO, DVec3::ONE)?;
/// // The plane x + y + z = 3 touches the box at its corner (1, 1, 1) only.
/// let t = Triangle::new(DVec3::new(3.0, 0.0, 0.0), DVec3::new(0.0, 3.0, 0.0), DVec3::new(0.0, 0.0, 3.0))?;
/// assert_eq!(decide_in(&TriangleAabb::new(&t, &b), Stage::Exact), Some(true));
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TriangleAabb {
    t: [[f64; 3]; 3],
    lo: [f64; 3],
    hi: [f64; 3],
}

impl TriangleAabb {
    /// The formula for these shapes (their coordinates, exactly, as `f64`).
    ///
    /// # Example
    /// ```
    /// use surety_intervals::{stack::decide, Policy};
    /// use surety_queries::{Aabb, Triangle, TriangleAabb};
    /// use glam::DVec3;
    ///
    /// let b = Aabb::<f64>::new(DVec3::ZERO, DVec3::ONE)?;
    /// let t = Triangle::new(DVec3::splat(2.0), DVec3::splat(3.0), DVec3::new(2.0, 3.0, 2.0))?;
    /// assert_eq!(decide(&TriangleAabb::new(&t, &b), Policy::Exact), Some(false));
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    pub fn new<S: Scalar + Into<f64>>(triangle: &Triangle<S>, aabb: &Aabb<S>) -> Self {
        TriangleAabb {
            t: triangle.corners().map(coords),
            lo: coords(aabb.min()),
            hi: coords(aabb.max()),
        }
    }
}

/// Are the projections `t` (the triangle's) and `[b_min, b_max]` (the box's) apart?
#[inline]
fn apart<R: Ring>(t: [R; 3], b_min: R, b_max: R) -> Verdict {
    let [t0, t1, t2] = t;
    let t_min = t0.clone().min(t1.clone()).min(t2.clone());
    let t_max = t0.max(t1).max(t2);
    (b_min - t_max).positive() | (t_min - b_max).positive()
}

/// The one statement of triangle–AABB, for both paths: the 13-axis separating axis test
/// (the box's three face normals, the nine crosses of an edge with a box axis, which have two
/// non-zero components each, and the triangle's normal), with no division. The boxes overlap
/// when no axis separates; complete for degenerate triangles too (a segment or a point
/// against a box is separated by one of the same axes).
#[inline]
fn triangle_meets_box<R: Ring>(v: &[Ring3<R>; 3], lo: &Ring3<R>, hi: &Ring3<R>) -> Verdict {
    let mut separated = Verdict::False;
    // The box's face normals: the projections are the coordinates themselves.
    for i in 0..3 {
        let t = [v[0][i].clone(), v[1][i].clone(), v[2][i].clone()];
        separated = separated | apart(t, lo[i].clone(), hi[i].clone());
        if separated.is_true() {
            return Verdict::False;
        }
    }
    // An edge × box axis has two non-zero components, l_i at i and l_j at j.
    let axis2 = |i: usize, l_i: R, j: usize, l_j: R| {
        let project = |x: &Ring3<R>| l_i.clone() * x[i].clone() + l_j.clone() * x[j].clone();
        let (ii, ij) = (
            (l_i.clone() * lo[i].clone(), l_i.clone() * hi[i].clone()),
            (l_j.clone() * lo[j].clone(), l_j.clone() * hi[j].clone()),
        );
        let b_min = ii.0.clone().min(ii.1.clone()) + ij.0.clone().min(ij.1.clone());
        let b_max = ii.0.max(ii.1) + ij.0.max(ij.1);
        apart(
            [project(&v[0]), project(&v[1]), project(&v[2])],
            b_min,
            b_max,
        )
    };
    for (p, q) in [(0, 1), (1, 2), (2, 0)] {
        let [ex, ey, ez] = sub3(&v[q], &v[p]);
        // e × x = (0, e.z, -e.y), e × y = (-e.z, 0, e.x), e × z = (e.y, -e.x, 0).
        let axes = [
            (1, ez.clone(), 2, -ey.clone()),
            (0, -ez, 2, ex.clone()),
            (0, ey, 1, -ex),
        ];
        for (i, l_i, j, l_j) in axes {
            separated = separated | axis2(i, l_i, j, l_j);
            if separated.is_true() {
                return Verdict::False;
            }
        }
    }
    // The triangle's normal.
    let n = cross3(&sub3(&v[1], &v[0]), &sub3(&v[2], &v[0]));
    let extremes = |k: usize| {
        let (x, y) = (n[k].clone() * lo[k].clone(), n[k].clone() * hi[k].clone());
        (x.clone().min(y.clone()), x.max(y))
    };
    let ((min0, max0), (min1, max1), (min2, max2)) = (extremes(0), extremes(1), extremes(2));
    let (b_min, b_max) = (min0 + min1 + min2, max0 + max1 + max2);
    let t = [dot3(&n, &v[0]), dot3(&n, &v[1]), dot3(&n, &v[2])];
    separated = separated | apart(t, b_min, b_max);
    !separated
}

impl Formula for TriangleAabb {
    type Output = bool;
    const HAS_STATIC_FILTER: bool = true;

    /// Homogeneous in the corners of both together.
    fn rescaled(&self) -> Option<Self> {
        let k = rescale([self.t[0], self.t[1], self.t[2], self.lo, self.hi].as_flattened())?;
        Some(TriangleAabb {
            t: self.t.map(|c| scaled3(c, k)),
            lo: scaled3(self.lo, k),
            hi: scaled3(self.hi, k),
        })
    }

    #[inline]
    fn eval<R: Ring>(&self) -> Option<bool> {
        // The box's face normals compare the given coordinates: the statement's first three
        // axes, settled here exactly in `f64` before any stage's arithmetic.
        let [a, b, c] = self.t;
        for i in 0..3 {
            let (t_min, t_max) = (a[i].min(b[i]).min(c[i]), a[i].max(b[i]).max(c[i]));
            if t_max < self.lo[i] || t_min > self.hi[i] {
                return Some(false);
            }
        }
        let v = self.t.map(lift3::<R>);
        triangle_meets_box(&v, &lift3(self.lo), &lift3(self.hi)).certain()
    }

    /// The 13 axes in plain `f64`, each gap against an a-priori bound: certainly apart as soon
    /// as one axis certainly separates, certainly overlapping when all 13 certainly do not.
    ///
    /// # Derivation
    /// On an axis `L` the two gaps are `b_min - t_max` and `t_min - b_max`, with `t_*` the
    /// extremes of `L · v` over the corners and `b_*` those of `L · x` over the box, summed
    /// per coordinate. Write `X_k` for the largest `|v_k|` of the corners, `C_k` for
    /// `max(|lo_k|, |hi_k|)`, `m_k` for the magnitude of `L`'s component `k` and
    /// `M = Σ m_k (X_k + C_k)`. Taking a minimum or maximum of perturbed values moves it by no
    /// more than the largest perturbation, so each gap is in error by at most the error of one
    /// corner's projection plus one box extreme's plus the final subtraction's rounding: a sum
    /// over `k` of monomials `±L_k v_k`, `±L_k lo_k` or `±L_k hi_k`, each through at most `r`
    /// roundings. That is within `γ_r · M` of the exact gap, `γ_r = r u / (1 - r u)`.
    ///
    /// - Box face normals: the given coordinates are compared, exactly.
    /// - Edge × box axis: `L` has two non-zero components, each a rounded difference of
    ///   coordinates (`m_k = |L_k|`); a monomial sees the difference, the product, the sum of
    ///   the two products and the gap's subtraction: `r = 4`. If both components are zero the
    ///   edge is exactly parallel to the box axis (a float difference is zero only for equal
    ///   coordinates) and the axis, exactly zero, never separates: skipped.
    /// - Triangle normal `n = (b - a) × (c - a)`: `m_k` is the computed permanent
    ///   `|e1_j e2_l| + |e1_l e2_j|` of `n_k`; a monomial sees two differences, a product, the
    ///   cross product's subtraction, the product with the coordinate, two sums and the gap's
    ///   subtraction: `r = 8`.
    ///
    /// `M` itself is computed with at most a handful of roundings, so `γ_8 · M_exact` is below
    /// `8u (1 + 2^-10) · M` for the computed `M`: one constant `B` serves both kinds of axis.
    /// Underflow adds at most `2^-1075` per product. On an edge axis there are at most four in a
    /// gap, below the `T = 2^-1000` added to those bounds; on the normal axis the error of `n_k`
    /// is multiplied by a coordinate, so it stays below `T · (W + 1)` with `W = Σ (X_k + C_k)`,
    /// added to that bound (normal numbers both: no subnormal slow path). Overflow anywhere makes `M` (which bounds every
    /// intermediate's magnitude) infinite or NaN, and the axis uncertain.
    #[inline]
    fn static_filter(&self) -> Option<bool> {
        let [a, b, c] = self.t.each_ref().map(load3);
        let (lo, hi) = (load3(&self.lo), load3(&self.hi));
        let mut size = [0.0; 3];
        for i in 0..3 {
            let (t_min, t_max) = (a[i].min(b[i]).min(c[i]), a[i].max(b[i]).max(c[i]));
            if t_max < lo[i] || t_min > hi[i] {
                return Some(false);
            }
            let x = a[i].abs().max(b[i].abs()).max(c[i].abs());
            size[i] = x + lo[i].abs().max(hi[i].abs());
        }
        let tiny = T * (((size[0] + size[1]) + size[2]) + 1.0);
        // Gaps of one axis against one bound: Some(true) certainly separating, Some(false)
        // certainly not, None unsure.
        let judge = |t: [f64; 3], b_min: f64, b_max: f64, bound: f64| {
            let t_min = t[0].min(t[1]).min(t[2]);
            let t_max = t[0].max(t[1]).max(t[2]);
            let (g1, g2) = (b_min - t_max, t_min - b_max);
            if g1 > bound || g2 > bound {
                Some(true)
            } else if g1 < -bound && g2 < -bound {
                Some(false)
            } else {
                None
            }
        };
        let mut unsure = false;
        for (p, q) in [(a, b), (b, c), (c, a)] {
            let e = sub(q, p);
            // e × x = (0, e.z, -e.y), e × y = (-e.z, 0, e.x), e × z = (e.y, -e.x, 0).
            for (i, l_i, j, l_j) in [
                (1, e[2], 2, -e[1]),
                (0, -e[2], 2, e[0]),
                (0, e[1], 1, -e[0]),
            ] {
                if l_i == 0.0 && l_j == 0.0 {
                    continue;
                }
                let project = |v: [f64; 3]| l_i * v[i] + l_j * v[j];
                let (ii, ij) = ((l_i * lo[i], l_i * hi[i]), (l_j * lo[j], l_j * hi[j]));
                let b_min = ii.0.min(ii.1) + ij.0.min(ij.1);
                let b_max = ii.0.max(ii.1) + ij.0.max(ij.1);
                let m = l_i.abs() * size[i] + l_j.abs() * size[j];
                match judge(
                    [project(a), project(b), project(c)],
                    b_min,
                    b_max,
                    B * m + T,
                ) {
                    Some(true) => return Some(false),
                    Some(false) => {}
                    None => unsure = true,
                }
            }
        }
        let (n, perm) = cross_with_permanent(sub(b, a), sub(c, a));
        let project = |v: [f64; 3]| dot(n, v);
        let (mut b_min, mut b_max) = (0.0, 0.0);
        for k in 0..3 {
            let (x, y) = (n[k] * lo[k], n[k] * hi[k]);
            b_min += x.min(y);
            b_max += x.max(y);
        }
        let m = dot(perm, size);
        match judge(
            [project(a), project(b), project(c)],
            b_min,
            b_max,
            B * m + tiny,
        ) {
            Some(true) => Some(false),
            Some(false) if !unsure => Some(true),
            _ => None,
        }
    }
}
