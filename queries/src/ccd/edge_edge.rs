//! Edge–edge continuous collision detection.

use surety_intervals::Vec3;

use super::{query, CcdHit, CcdOptions};
use crate::ShapeError;

/// Do two moving edges meet in `[0, t_max]`? `start` and `end` are `[a0, a1, b0, b1]` (edge
/// `a` from `a0` to `a1`, edge `b` from `b0` to `b1`) at `t = 0` and `t = 1`; every point
/// moves linearly between them. See [the module docs](crate::ccd) for the guarantee.
///
/// # Errors
/// As [`vertex_face_ccd`](super::vertex_face_ccd).
///
/// # Example
/// ```
/// use surety_intervals::{Vec3, Verdict};
/// use surety_queries::ccd::{edge_edge_ccd, CcdOptions};
///
/// // Edge a lies on the x axis; edge b, along y, drops from z = 1 to z = -1 across it.
/// let (a0, a1) = (Vec3::new(-1.0, 0.0, 0.0), Vec3::new(1.0, 0.0, 0.0));
/// let cross = edge_edge_ccd(
///     [a0, a1, Vec3::new(0.0, -1.0, 1.0), Vec3::new(0.0, 1.0, 1.0)],
///     [a0, a1, Vec3::new(0.0, -1.0, -1.0), Vec3::new(0.0, 1.0, -1.0)],
///     CcdOptions::default(),
/// )?;
/// assert_eq!(cross.verdict, Verdict::True);
/// // The same drop beside edge a's end: certainly apart.
/// let beside = edge_edge_ccd(
///     [a0, a1, Vec3::new(2.0, -1.0, 1.0), Vec3::new(2.0, 1.0, 1.0)],
///     [a0, a1, Vec3::new(2.0, -1.0, -1.0), Vec3::new(2.0, 1.0, -1.0)],
///     CcdOptions::default(),
/// )?;
/// assert_eq!(beside.verdict, Verdict::False);
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
pub fn edge_edge_ccd(
    start: [Vec3<f64>; 4],
    end: [Vec3<f64>; 4],
    options: CcdOptions,
) -> Result<CcdHit, ShapeError> {
    query(start, end, PAIRS, false, &options)
}

/// `F = a0 + u·(a1 - a0) - b0 - v·(b1 - b0)`, each point `x(t) = x0 + t·dx`: the point pairs
/// of [`query`](super::query).
pub(super) const PAIRS: [(usize, usize); 3] = [(0, 2), (1, 0), (2, 3)];
