//! Point–triangle containment.

use surety_intervals::{Policy, Scalar, Vec3, Verdict};

use crate::filter::moller_trumbore::line_meets;
use crate::pose::decide_pair;
use crate::{Placed, SegmentTriangle, Triangle};

/// Does the point lie on the closed triangle (in its plane, inside or on an edge)?
///
/// The point is the segment from `p` to `p`, tested by the statement of
/// [`intersect_segment_triangle`](crate::intersect_segment_triangle) (one with
/// [`decide_point_in_triangle`]): with `n = (b - a) × (c - a)`, the point must be in the plane,
/// `n · (p - a) = 0`, and not separated from the triangle along any in-plane edge normal
/// `n × e`; for a degenerate triangle (a segment or a point) the separating axis test of
/// collinear shapes decides. Certain answers are exact. In-plane is an equality: intervals
/// certify it only when it holds exactly on exact inputs, so a point computed by rounding onto
/// the plane gets `Maybe` or `False`, never a false `True`.
///
/// # Example
/// ```
/// use surety_intervals::{Interval, Vec3, Verdict};
/// use surety_queries::{point_in_triangle, Triangle};
/// use glam::DVec3;
///
/// let t = Triangle::<Interval>::new(DVec3::ZERO, DVec3::X, DVec3::Y)?;
/// let on_edge = Vec3::<Interval>::from(DVec3::new(0.5, 0.5, 0.0));
/// assert_eq!(point_in_triangle(on_edge, &t), Verdict::True);
/// let above = Vec3::<Interval>::from(DVec3::new(0.2, 0.2, 1e-300));
/// assert_eq!(point_in_triangle(above, &t), Verdict::False);
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
pub fn point_in_triangle<S: Scalar>(p: Vec3<S>, triangle: &impl Placed<Triangle<S>>) -> Verdict {
    let Some(triangle) = triangle.world() else {
        return Verdict::Maybe;
    };
    // The segment from p to p: one statement with decide_point_in_triangle.
    let t = triangle.corners().map(|c| c.to_array());
    let zero = [S::zero(); 3];
    line_meets(&t, &p.to_array(), &zero, false).hit
}

/// [`point_in_triangle`] resolved conservatively.
///
/// # Example
/// ```
/// use surety_intervals::Vec3;
/// use surety_queries::{may_be_in_triangle, Triangle};
///
/// let t = Triangle::new(Vec3::new(0.0, 0.0, 0.0), Vec3::new(1.0, 0.0, 0.0), Vec3::new(0.0, 1.0, 0.0))?;
/// assert!(may_be_in_triangle(Vec3::new(0.1, 0.1, 0.0), &t));
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
pub fn may_be_in_triangle<S: Scalar>(p: Vec3<S>, triangle: &impl Placed<Triangle<S>>) -> bool {
    point_in_triangle(p, triangle).resolve(Policy::Conservative)
}

/// [`point_in_triangle`] on float shapes, through the [filter stack](surety_intervals::stack):
/// exact for every input under [`Policy::Exact`], degenerate triangles included (a triangle
/// whose corners are collinear is the segment between the outer two).
///
/// The formula is [`decide_intersect_segment_triangle`](crate::decide_intersect_segment_triangle)'s
/// for the segment from `p` to `p`.
///
/// # Example
/// ```
/// use surety_intervals::{Policy, Vec3, Verdict};
/// use surety_queries::{decide_point_in_triangle, Triangle};
///
/// // Collinear corners: the triangle is the segment from (0, 0, 0) to (2, 2, 2).
/// let t = Triangle::<f64>::new(Vec3::new(0.0, 0.0, 0.0), Vec3::new(1.0, 1.0, 1.0), Vec3::new(2.0, 2.0, 2.0))?;
/// assert_eq!(decide_point_in_triangle(Vec3::new(1.5, 1.5, 1.5), &t, Policy::Exact), Verdict::True);
/// assert_eq!(decide_point_in_triangle(Vec3::new(2.5, 2.5, 2.5), &t, Policy::Exact), Verdict::False);
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
pub fn decide_point_in_triangle<S: Scalar + Into<f64>>(
    p: Vec3<S>,
    triangle: &impl Placed<Triangle<S>>,
    policy: Policy,
) -> Verdict {
    let (t, pose) = triangle.parts();
    decide_pair(SegmentTriangle::point(p, t), None, pose, policy)
}
