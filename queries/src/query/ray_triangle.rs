//! Ray–triangle casting with an enclosure of the hit parameter.

use surety_intervals::{Endpoint, Policy, Scalar, Vec3, Verdict};

use crate::filter::moller_trumbore::{line_meets, LineHit};
use crate::pose::decide_pair;
use crate::{Placed, Ray, SegmentTriangle, Triangle};

/// The answer of [`cast_ray_triangle`]: whether the ray meets the triangle, and where.
///
/// # Example
/// ```
/// use surety_intervals::{Interval, Verdict};
/// use surety_queries::{cast_ray_triangle, Ray, Triangle};
/// use glam::DVec3;
///
/// let t = Triangle::<Interval>::new(DVec3::ZERO, DVec3::X, DVec3::Y)?;
/// let r = Ray::new(DVec3::new(0.25, 0.25, 3.0), DVec3::new(0.0, 0.0, -1.0))?;
/// let hit = cast_ray_triangle(&r, &t);
/// assert_eq!(hit.hit, Verdict::True);
/// assert!(hit.t.contains(3.0));
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RayHit<S> {
    /// Does the ray (`t >= 0`) meet the closed triangle?
    pub hit: Verdict,
    /// The parameter of the point where the ray's line meets the triangle's plane, `t_num /
    /// det`: with intervals an enclosure of the exact value whenever `hit` is not `False`
    /// (the entire line when the line may be parallel to the plane, where a ray in the plane
    /// has no single such point). When `hit` is `False` it promises nothing. On plain floats
    /// it is the float quotient, finite: 0 where `det` rounds to zero (a ray in the plane, or
    /// one the floats cannot tell from it), the greatest float of its sign where the
    /// quotient overflows.
    pub t: S,
}

/// Casts the ray at the closed triangle (Möller–Trumbore, as
/// [`intersect_segment_triangle`](crate::intersect_segment_triangle) but with `t >= 0` only).
///
/// # Example
/// ```
/// use surety_intervals::Verdict;
/// use surety_queries::{cast_ray_triangle, Ray, Triangle};
/// use surety_intervals::Vec3;
///
/// let t = Triangle::<f64>::new(Vec3::new(0.0, 0.0, 0.0), Vec3::new(1.0, 0.0, 0.0), Vec3::new(0.0, 1.0, 0.0))?;
/// let away = Ray::<f64>::new(Vec3::new(0.25, 0.25, 3.0), Vec3::new(0.0, 0.0, 1.0))?;
/// assert_eq!(cast_ray_triangle(&away, &t).hit, Verdict::False);
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
pub fn cast_ray_triangle<S: Scalar>(
    ray: &impl Placed<Ray<S>>,
    triangle: &impl Placed<Triangle<S>>,
) -> RayHit<S> {
    let (Some(ray), Some(triangle)) = (ray.world(), triangle.world()) else {
        // Out of the floats: no certain answer, and no single parameter.
        let t = if S::CERTIFIED {
            S::lift_f64(f64::NAN)
        } else {
            S::zero()
        };
        return RayHit {
            hit: Verdict::Maybe,
            t,
        };
    };
    let t = triangle.corners().map(Vec3::to_array);
    let line = line_meets(
        &t,
        &ray.origin().to_array(),
        &ray.direction().to_array(),
        true,
    );
    RayHit {
        hit: line.hit,
        t: hit_parameter(&line),
    }
}

/// The hit parameter [`RayHit::t`] from Möller–Trumbore's statement ([`line_meets`] for a
/// ray): `t_num / det`, or, where `det` may be zero, the entire line for intervals (a ray in
/// the plane has no single such point) and the float quotient made finite for plain floats.
pub(crate) fn hit_parameter<S: Scalar>(line: &LineHit<S>) -> S {
    if S::CERTIFIED && !line.det.eq_zero().is_false() {
        S::lift_f64(f64::NAN)
    } else {
        // `t_num` is there whenever the verdict is not `False` and `det` is not zero.
        let t = line.t_num.unwrap_or_else(S::zero) / line.det;
        if S::CERTIFIED {
            t
        } else {
            finite_float(t)
        }
    }
}

/// A plain float quotient made finite: `0 / 0` (the line parallel to the plane in floats, as
/// for a ray in it) becomes 0, the ray's origin; an overflow becomes the greatest float of
/// its sign.
fn finite_float<S: Scalar>(t: S) -> S {
    let v = t.bounds().0.as_f64();
    if v.is_nan() {
        S::zero()
    } else if v.is_infinite() {
        let max = <S::Float as num_traits::Float>::max_value().as_f64();
        S::lift_f64(max.copysign(v))
    } else {
        t
    }
}

/// Whether [`cast_ray_triangle`] may hit, resolved conservatively.
///
/// # Example
/// ```
/// use surety_queries::{may_hit_ray_triangle, Ray, Triangle};
/// use surety_intervals::Vec3;
///
/// let t = Triangle::<f64>::new(Vec3::new(0.0, 0.0, 0.0), Vec3::new(1.0, 0.0, 0.0), Vec3::new(0.0, 1.0, 0.0))?;
/// let down = Ray::<f64>::new(Vec3::new(0.25, 0.25, 3.0), Vec3::new(0.0, 0.0, -1.0))?;
/// assert!(may_hit_ray_triangle(&down, &t));
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
pub fn may_hit_ray_triangle<S: Scalar>(
    ray: &impl Placed<Ray<S>>,
    triangle: &impl Placed<Triangle<S>>,
) -> bool {
    cast_ray_triangle(ray, triangle)
        .hit
        .resolve(Policy::Conservative)
}

/// Does the ray meet the closed triangle? [`cast_ray_triangle`]'s verdict on float shapes,
/// through the [filter stack](surety_intervals::stack): exact for every input under
/// [`Policy::Exact`], rays in the triangle's plane and degenerate triangles included.
///
/// The formula is [`decide_intersect_segment_triangle`](crate::decide_intersect_segment_triangle)'s
/// without the far end (`t ≤ det`), and, in the triangle's plane or against a degenerate
/// triangle, with a half-line's projection on each separating axis
/// ([`SegmentTriangle::ray`]).
///
/// # Example
/// ```
/// use surety_intervals::{Policy, Verdict};
/// use surety_queries::{decide_hit_ray_triangle, Ray, Triangle};
/// use glam::DVec3;
///
/// let t = Triangle::<f64>::new(DVec3::ZERO, DVec3::X, DVec3::Y)?;
/// // Down through the corner (1, 0, 0), exactly: a hit (touching counts).
/// let r = Ray::new(DVec3::new(1.0, 0.0, 5.0), DVec3::new(0.0, 0.0, -1.0))?;
/// assert_eq!(decide_hit_ray_triangle(&r, &t, Policy::Exact), Verdict::True);
/// // Along the edge's line, from beyond the corner and pointing away from it.
/// let r = Ray::new(DVec3::new(2.0, 0.0, 0.0), DVec3::X)?;
/// assert_eq!(decide_hit_ray_triangle(&r, &t, Policy::Exact), Verdict::False);
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
pub fn decide_hit_ray_triangle<S: Scalar + Into<f64>>(
    ray: &impl Placed<Ray<S>>,
    triangle: &impl Placed<Triangle<S>>,
    policy: Policy,
) -> Verdict {
    let ((r, pr), (t, pt)) = (ray.parts(), triangle.parts());
    decide_pair(SegmentTriangle::ray(r, t), pr, pt, policy)
}
