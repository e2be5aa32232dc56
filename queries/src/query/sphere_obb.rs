//! Sphere–OBB overlap.

use surety_intervals::stack::Formula;
use surety_intervals::{cross3, dot3, sub3, Policy, Ring, Ring3, Scalar, Vec3, Verdict};

use crate::filter::lift::coords;
use crate::filter::scale::{
    axis_scales, exactly_scaled, exactly_scaled3, scaled_box, shifted_scale,
};
use crate::pose::{decide_pair, Frame, PairFormula};
use crate::query::sphere_triangle::edge_within;
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
    let certificates = touching | inside | (!apart & Verdict::Maybe);
    if !certificates.is_maybe() {
        return certificates;
    }
    // Undecided by the certificates: the exact statement of `decide_overlap_sphere_obb`,
    // evaluated in the shapes' own scalars.
    let g = generators(&obb);
    sphere_meets_obb(
        &sphere.center().to_array(),
        sphere.radius(),
        &obb.center().to_array(),
        &g,
    )
}

/// The box's generators `axisᵢ · half_extentᵢ`, as ring coordinates.
fn generators<S: Scalar>(obb: &Obb<S>) -> [Ring3<S>; 3] {
    let (axes, h) = (obb.axes(), obb.half_extents().to_array());
    [0, 1, 2].map(|i| (axes[i] * h[i]).to_array())
}

/// The exact statement of sphere–box overlap, for a box given as the parallelepiped
/// `{center + Σ tᵢ gᵢ : |tᵢ| ≤ 1}` (`gᵢ = axisᵢ · half_extentᵢ`, any vectors: flat and
/// skewed boxes included), with `r2 = r²` and `d = p - center`:
/// - *bounding box*: the box lies in the axis-aligned box of half size `Σ |gᵢ|` per axis, so a
///   center farther than `r` from that is apart (a shortcut, exact when certain);
/// - *inside*: with `D = g₀·(g₁ × g₂) ≠ 0`, the center's coordinates are `tᵢ = (nᵢ·d) / D`
///   (`nᵢ` the cross product of the other two), and it is in the box iff `(nᵢ·d)² ≤ D²` for
///   each `i`;
/// - *faces*: the face `±gₖ` is the parallelogram `center ± gₖ + s gᵢ + t gⱼ`, `|s|, |t| ≤ 1`,
///   with normal `n = gᵢ × gⱼ`; with `w = d ∓ gₖ`, the center projects into it iff
///   `|w·(gⱼ × n)| ≤ n·n` and `|w·(n × gᵢ)| ≤ n·n` (those are `s·n·n` and `t·n·n`), and the
///   plane is within `r` iff `(w·n)² ≤ r2 (n·n)`; a face with `n = 0` is left to its edges;
/// - *edges*: the twelve segments `center ± gᵢ ± gⱼ + [-gₖ, gₖ]`, each by where its closest
///   point lies (its ends or between, as for a triangle's edges).
///
/// They overlap iff the center is inside, or the nearest point of the boundary (the union of
/// the six faces, each the union of its interior projection region and its four edges) is
/// within `r`. A flat box (`D = 0`) is the union of its faces (a planar zonotope is tiled by
/// its generators' parallelograms; a segment or a point by its edges), so its inside needs no
/// test of its own.
pub(crate) fn sphere_meets_obb<R: Ring>(
    p: &Ring3<R>,
    r: R,
    center: &Ring3<R>,
    g: &[Ring3<R>; 3],
) -> Verdict {
    let r2 = r.sqr();
    let d = sub3(p, center);
    let zero = R::from_f64(0.0);
    let mut box_d2 = zero.clone();
    for k in 0..3 {
        let reach = (g[0][k].clone().abs() + g[1][k].clone().abs()) + g[2][k].clone().abs();
        let gap = (d[k].clone().abs() - reach).max(zero.clone());
        box_d2 = box_d2 + gap.sqr();
    }
    if (box_d2 - r2.clone()).positive().is_true() {
        return Verdict::False;
    }
    let normals = [
        cross3(&g[1], &g[2]),
        cross3(&g[2], &g[0]),
        cross3(&g[0], &g[1]),
    ];
    let det2 = dot3(&g[0], &normals[0]).sqr();
    let mut inside = det2.positive();
    for n in &normals {
        inside = inside & (det2.clone() - dot3(n, &d).sqr()).non_negative();
    }
    if inside.is_true() {
        return Verdict::True;
    }
    let mut near = inside;
    for k in 0..3 {
        let (i, j) = ((k + 1) % 3, (k + 2) % 3);
        let n = &normals[k];
        let nn = dot3(n, n);
        let (along_i, along_j) = (cross3(&g[j], n), cross3(n, &g[i]));
        for side in [1.0, -1.0] {
            let s = R::from_f64(side);
            let w: Ring3<R> = std::array::from_fn(|m| d[m].clone() - g[k][m].clone() * s.clone());
            let face = nn.positive()
                & (nn.clone() - dot3(&w, &along_i).abs()).non_negative()
                & (nn.clone() - dot3(&w, &along_j).abs()).non_negative()
                & (r2.clone() * nn.clone() - dot3(&w, n).sqr()).non_negative();
            near = near | face;
            if near.is_true() {
                return Verdict::True;
            }
        }
    }
    // The edges along gₖ: from x = center + a gᵢ + b gⱼ - gₖ to y = x + 2 gₖ.
    for k in 0..3 {
        let (i, j) = ((k + 1) % 3, (k + 2) % 3);
        let e: Ring3<R> = std::array::from_fn(|m| g[k][m].clone() + g[k][m].clone());
        for (a, b) in [(1.0, 1.0), (1.0, -1.0), (-1.0, 1.0), (-1.0, -1.0)] {
            let (a, b) = (R::from_f64(a), R::from_f64(b));
            let w: Ring3<R> = std::array::from_fn(|m| {
                ((d[m].clone() - g[i][m].clone() * a.clone()) - g[j][m].clone() * b.clone())
                    + g[k][m].clone()
            });
            let v = sub3(&w, &e);
            let (ww, vv) = (dot3(&w, &w), dot3(&v, &v));
            near = near | edge_within(&e, &w, &ww, &vv, &r2);
            if near.is_true() {
                return Verdict::True;
            }
        }
    }
    near
}

/// [`overlap_sphere_obb`] on float shapes, through the [filter stack](surety_intervals::stack):
/// exact for every input under [`Policy::Exact`], boxes whose axes are not quite orthonormal
/// (as floats make them) and flat boxes included, posed shapes too.
///
/// The formula is `sphere_meets_obb`'s exact statement: the center inside the parallelepiped
/// (by its coordinates `(nᵢ·d) / D`, squared against `D²`), or within `r` of one of its six
/// faces (projection inside, plane within `r`) or twelve edges; no square root, no division.
///
/// # Example
/// ```
/// use surety_intervals::{Policy, Vec3, Verdict};
/// use surety_queries::{decide_overlap_sphere_obb, Obb, Sphere};
///
/// // Axes rotated 30° about z in floats: not exactly orthonormal.
/// let (s, c) = (0.5f64, 3f64.sqrt() / 2.0);
/// let axes = [Vec3::new(c, s, 0.0), Vec3::new(-s, c, 0.0), Vec3::new(0.0, 0.0, 1.0)];
/// let b = Obb::<f64>::new(Vec3::new(0.0, 0.0, 0.0), axes, Vec3::splat(1.0))?;
/// // Resting on the top face z = 1, exactly tangent.
/// let on_top = Sphere::<f64>::new(Vec3::new(0.1, 0.2, 1.5), 0.5)?;
/// assert_eq!(decide_overlap_sphere_obb(&on_top, &b, Policy::Exact), Verdict::True);
/// let above = Sphere::<f64>::new(Vec3::new(0.1, 0.2, 1.5), 0.5f64.next_down())?;
/// assert_eq!(decide_overlap_sphere_obb(&above, &b, Policy::Exact), Verdict::False);
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
pub fn decide_overlap_sphere_obb<S: Scalar + Into<f64>>(
    sphere: &impl Placed<Sphere<S>>,
    obb: &impl Placed<Obb<S>>,
    policy: Policy,
) -> Verdict {
    let ((s, ps), (b, pb)) = (sphere.parts(), obb.parts());
    let shapes = SphereObb {
        c: coords(s.center()),
        r: s.radius().into(),
        center: coords(b.center()),
        axes: b.axes().map(coords),
        half: coords(b.half_extents()),
    };
    decide_pair(shapes, ps, pb, policy)
}

/// The sphere–OBB formula of [`decide_overlap_sphere_obb`] (no static filter).
#[derive(Clone, Copy, Debug)]
struct SphereObb {
    c: [f64; 3],
    r: f64,
    center: [f64; 3],
    axes: [[f64; 3]; 3],
    half: [f64; 3],
}

impl Formula for SphereObb {
    type Output = bool;

    /// As [`ObbObb`](crate::ObbObb)'s: each axis near 1 on its own, its half extent taking
    /// the inverse power; then every length (the ball's center and radius, the box's center
    /// and half-axis vectors) by one power.
    fn rescaled(&self) -> Option<Self> {
        let j = axis_scales(&self.axes);
        let lengths: [(f64, i32); 10] = core::array::from_fn(|n| match n {
            0..3 => (self.c[n], 0),
            3..6 => (self.center[n - 3], 0),
            6..9 => (self.half[n - 6], -j[n - 6]),
            _ => (self.r, 0),
        });
        let k = shifted_scale(&lengths);
        if k.is_none() && j == [0; 3] {
            return None;
        }
        let k = k.unwrap_or(0);
        let (center, axes, half) = scaled_box(self.center, &self.axes, self.half, k, j)?;
        Some(SphereObb {
            c: exactly_scaled3(self.c, k)?,
            r: exactly_scaled(self.r, k)?,
            center,
            axes,
            half,
        })
    }

    fn eval<R: Ring>(&self) -> Option<bool> {
        self.eval_placed(&Frame::<R>::pair(None, None))
    }
}

impl PairFormula for SphereObb {
    type Output = bool;

    fn eval_placed<R: Ring>(&self, [fs, fb]: &[Frame<R>; 2]) -> Option<bool> {
        let g = [0, 1, 2].map(|i| {
            let h = R::from_f64(self.half[i]);
            fb.vector(self.axes[i]).map(|x| x * h.clone())
        });
        sphere_meets_obb(
            &fs.point(self.c),
            fs.length(self.r),
            &fb.point(self.center),
            &g,
        )
        .certain()
    }
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
