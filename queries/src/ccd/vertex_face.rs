//! Vertex–face continuous collision detection.

use surety_intervals::Vec3;

use super::{query, CcdHit, CcdOptions};
use crate::ShapeError;

/// Does a moving vertex meet a moving triangle in `[0, t_max]`? `start` and `end` are
/// `[vertex, face corner 0, face corner 1, face corner 2]` at `t = 0` and `t = 1`; every point
/// moves linearly between them. See [the module docs](crate::ccd) for the guarantee.
///
/// `f32` coordinates convert exactly (`Vec3::lift_f32` or glam's `Vec3`).
///
/// # Errors
/// A [`ShapeError`] naming the position or setting when a coordinate is NaN or infinite,
/// `min_separation` is negative, `tolerance` is not positive, or `t_max` is outside `(0, 1]`.
///
/// # Example
/// ```
/// use surety_intervals::{Vec3, Verdict};
/// use surety_queries::ccd::{vertex_face_ccd, CcdOptions};
///
/// let face = [Vec3::new(0.0, 0.0, 0.0), Vec3::new(1.0, 0.0, 0.0), Vec3::new(0.0, 1.0, 0.0)];
/// // Passing beside the triangle, beyond its hypotenuse: certainly no collision.
/// let miss = vertex_face_ccd(
///     [Vec3::new(0.75, 0.75, 1.0), face[0], face[1], face[2]],
///     [Vec3::new(0.75, 0.75, -1.0), face[0], face[1], face[2]],
///     CcdOptions::default(),
/// )?;
/// assert_eq!(miss.verdict, Verdict::False);
/// // Through the corner (1, 0, 0) exactly: a collision, certainly.
/// let corner = vertex_face_ccd(
///     [Vec3::new(1.0, 0.0, 1.0), face[0], face[1], face[2]],
///     [Vec3::new(1.0, 0.0, -1.0), face[0], face[1], face[2]],
///     CcdOptions::default(),
/// )?;
/// assert_eq!(corner.verdict, Verdict::True);
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
pub fn vertex_face_ccd(
    start: [Vec3<f64>; 4],
    end: [Vec3<f64>; 4],
    options: CcdOptions,
) -> Result<CcdHit, ShapeError> {
    query(start, end, PAIRS, true, &options)
}

/// `F = p - f0 - u·(f1 - f0) - v·(f2 - f0)`, each point `x(t) = x0 + t·dx`: the point pairs
/// of [`query`](super::query).
pub(super) const PAIRS: [(usize, usize); 3] = [(0, 1), (1, 2), (1, 3)];
