//! OBB–OBB overlap by the 15-axis separating axis test (Gottschalk; seed 002).

use surety_intervals::{Policy, Scalar, Vec3, Verdict};

use crate::Obb;

/// Do the two solid oriented boxes share a point? (Touching counts.)
///
/// Gottschalk's separating axis test with 15 candidate axes `L`: the three face normals of
/// each box and the nine cross products of their edge directions. The boxes are apart exactly
/// when, for some `L`, `|L · (c_b - c_a)| > r_a(L) + r_b(L)` with `r(L) = Σ eᵢ·|axisᵢ · L|`.
///
/// Seed 002 divides by `|L|` and then fights `|L| = 0` for parallel edges with an `|R| + eps`
/// fudge. Here nothing is divided: both sides scale with `|L|`, so a zero axis gives `0 > 0`,
/// which never separates, and the comparison is a verdict, so near-parallel axes are sound
/// without an epsilon. The face normals are `axis₁ × axis₂` …, which are the axes when they are
/// orthonormal and the true face normals when rounding made them not quite so: the test stays
/// exact for the numbers given.
///
/// The 15 axes are the facet normals of the Minkowski difference of the boxes, which is
/// complete only when it is solid: when the six axes span space. Boxes whose axes are
/// linearly dependent (a zero axis, or all three in a plane) are flat, and two flat boxes
/// apart within their common plane have no separating axis among the 15. So the boxes
/// certainly overlap only when no axis separates and one box's axes certainly span space
/// (`axis₀ · (axis₁ × axis₂) ≠ 0`); a separating axis proves them apart whatever the axes.
///
/// # Example
/// ```
/// use surety_intervals::{Interval, Vec3, Verdict};
/// use surety_queries::{overlap_obb_obb, Obb};
///
/// let v = |x: f64, y: f64, z: f64| Vec3::<Interval>::lift_f64(Vec3::new(x, y, z));
/// let axes = [v(1.0, 0.0, 0.0), v(0.0, 1.0, 0.0), v(0.0, 0.0, 1.0)];
/// let a = Obb::new(v(0.0, 0.0, 0.0), axes, v(1.0, 1.0, 1.0))?;
/// let touching = Obb::new(v(2.0, 0.5, 0.0), axes, v(1.0, 1.0, 1.0))?; // face to face
/// assert_eq!(overlap_obb_obb(&a, &touching), Verdict::True);
/// let apart = Obb::new(v(2.5, 0.0, 0.0), axes, v(1.0, 1.0, 1.0))?;
/// assert_eq!(overlap_obb_obb(&a, &apart), Verdict::False);
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
pub fn overlap_obb_obb<S: Scalar>(a: &Obb<S>, b: &Obb<S>) -> Verdict {
    let t = b.center() - a.center();
    let separates = |l| {
        t.dot(l)
            .abs()
            .gt(a.projected_radius(l) + b.projected_radius(l))
    };
    let mut separated = Verdict::False;
    let (normals_a, normals_b) = (a.face_normals(), b.face_normals());
    let candidates = normals_a.into_iter().chain(normals_b);
    for l in candidates {
        separated = separated | separates(l);
        if separated.is_true() {
            return Verdict::False;
        }
    }
    for u in a.axes() {
        for v in b.axes() {
            separated = separated | separates(u.cross(v));
            if separated.is_true() {
                return Verdict::False;
            }
        }
    }
    // The 15 candidates are complete when the six axes span space, which one box's
    // determinant `axis₀ · (axis₁ × axis₂)` being non-zero guarantees.
    let spans = |normals: [Vec3<S>; 3], bx: &Obb<S>| !bx.axes()[0].dot(normals[0]).eq_zero();
    !separated & (spans(normals_a, a) | spans(normals_b, b))
}

/// [`overlap_obb_obb`] resolved conservatively.
///
/// # Example
/// ```
/// use surety_intervals::Vec3;
/// use surety_queries::{may_overlap_obb_obb, Obb};
///
/// let i = [Vec3::new(1.0, 0.0, 0.0), Vec3::new(0.0, 1.0, 0.0), Vec3::new(0.0, 0.0, 1.0)];
/// let a = Obb::new(Vec3::new(0.0, 0.0, 0.0), i, Vec3::splat(1.0))?;
/// let b = Obb::new(Vec3::new(1.5, 0.0, 0.0), i, Vec3::splat(1.0))?;
/// assert!(may_overlap_obb_obb(&a, &b));
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
pub fn may_overlap_obb_obb<S: Scalar>(a: &Obb<S>, b: &Obb<S>) -> bool {
    overlap_obb_obb(a, b).resolve(Policy::Conservative)
}
