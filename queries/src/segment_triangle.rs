//! Segment–triangle intersection (Möller–Trumbore, seed 000).

use surety_intervals::{Policy, Scalar, Verdict};

use crate::moller_trumbore::line_triangle;
use crate::{Segment, Triangle};

/// Does the closed segment meet the closed triangle?
///
/// Möller–Trumbore without a fudge epsilon (seed 000's `INTERSECT_EPSILON`): the barycentric
/// and segment conditions are compared against zero and `det` as verdicts, so a certain answer
/// is the exact one. A segment through an edge or a corner meets the triangle (closed sets),
/// so where two faces share an edge, a segment through it is never certainly missed by both.
/// A segment lying in the triangle's plane, and degenerate triangles, give `Maybe` unless the
/// segment is certainly off the plane.
///
/// # Example
/// ```
/// use surety_intervals::{Interval, Verdict};
/// use surety_queries::{intersect_segment_triangle, Segment, Triangle};
/// use glam::DVec3;
///
/// let t = Triangle::<Interval>::new(DVec3::ZERO, DVec3::X, DVec3::Y)?;
/// // Through the edge from (1, 0, 0) to (0, 1, 0), exactly.
/// let s = Segment::new(DVec3::new(0.5, 0.5, 1.0), DVec3::new(0.5, 0.5, -1.0))?;
/// assert_eq!(intersect_segment_triangle(&s, &t), Verdict::True);
/// let miss = Segment::new(DVec3::new(0.6, 0.6, 1.0), DVec3::new(0.6, 0.6, -1.0))?;
/// assert_eq!(intersect_segment_triangle(&miss, &t), Verdict::False);
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
pub fn intersect_segment_triangle<S: Scalar>(
    segment: &Segment<S>,
    triangle: &Triangle<S>,
) -> Verdict {
    let (p, q) = (segment.p(), segment.q());
    line_triangle(p, q - p, triangle, true).0
}

/// [`intersect_segment_triangle`] resolved conservatively: `false` only when the segment
/// certainly misses.
///
/// # Example
/// ```
/// use surety_intervals::Interval;
/// use surety_queries::{may_intersect_segment_triangle, Segment, Triangle};
/// use glam::DVec3;
///
/// let t = Triangle::<Interval>::new(DVec3::ZERO, DVec3::X, DVec3::Y)?;
/// let s = Segment::new(DVec3::new(0.2, 0.2, 1.0), DVec3::new(0.2, 0.2, -1.0))?;
/// assert!(may_intersect_segment_triangle(&s, &t));
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
pub fn may_intersect_segment_triangle<S: Scalar>(
    segment: &Segment<S>,
    triangle: &Triangle<S>,
) -> bool {
    intersect_segment_triangle(segment, triangle).resolve(Policy::Conservative)
}
