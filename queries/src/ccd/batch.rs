//! Many CCD queries at once, on every core.

use surety_intervals::Vec3;

use super::{edge_edge_ccd, vertex_face_ccd, CcdHit, CcdOptions};
use crate::ShapeError;

/// One CCD query: which kind, and the four positions at `t = 0` and at `t = 1`.
///
/// # Example
/// ```
/// use surety_intervals::Vec3;
/// use surety_queries::ccd::CcdQuery;
///
/// let z = Vec3::new(0.0, 0.0, 0.0);
/// let q = CcdQuery::EdgeEdge { start: [z; 4], end: [z; 4] };
/// assert!(matches!(q, CcdQuery::EdgeEdge { .. }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum CcdQuery {
    /// `[vertex, face corner 0, 1, 2]`, see [`vertex_face_ccd`].
    VertexFace {
        /// Positions at `t = 0`.
        start: [Vec3<f64>; 4],
        /// Positions at `t = 1`.
        end: [Vec3<f64>; 4],
    },
    /// `[a0, a1, b0, b1]`, see [`edge_edge_ccd`].
    EdgeEdge {
        /// Positions at `t = 0`.
        start: [Vec3<f64>; 4],
        /// Positions at `t = 1`.
        end: [Vec3<f64>; 4],
    },
}

impl CcdQuery {
    /// Runs this one query.
    ///
    /// # Errors
    /// As [`vertex_face_ccd`].
    ///
    /// # Example
    /// ```
    /// use surety_intervals::{Vec3, Verdict};
    /// use surety_queries::ccd::{CcdOptions, CcdQuery};
    ///
    /// let z = Vec3::new(0.0, 0.0, 0.0);
    /// let resting = CcdQuery::VertexFace { start: [z; 4], end: [z; 4] };
    /// assert_ne!(resting.run(CcdOptions::default())?.verdict, Verdict::False);
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    pub fn run(&self, options: CcdOptions) -> Result<CcdHit, ShapeError> {
        match *self {
            CcdQuery::VertexFace { start, end } => vertex_face_ccd(start, end, options),
            CcdQuery::EdgeEdge { start, end } => edge_edge_ccd(start, end, options),
        }
    }
}

/// Runs every query, in parallel on all cores with the `parallel` feature (on by default;
/// the queries are cut into at least 32 jobs a thread, which idle threads take from busy
/// ones, so that the rare slow, degenerate queries are shared out even when they come
/// together), and returns the answers in the queries' order.
///
/// # Example
/// ```
/// use surety_intervals::{Vec3, Verdict};
/// use surety_queries::ccd::{ccd_batch, CcdOptions, CcdQuery};
///
/// let face = [Vec3::new(0.0, 0.0, 0.0), Vec3::new(1.0, 0.0, 0.0), Vec3::new(0.0, 1.0, 0.0)];
/// let fall = |x: f64| CcdQuery::VertexFace {
///     start: [Vec3::new(x, 0.25, 1.0), face[0], face[1], face[2]],
///     end: [Vec3::new(x, 0.25, -1.0), face[0], face[1], face[2]],
/// };
/// let answers = ccd_batch(&[fall(0.25), fall(2.0)], CcdOptions::default());
/// assert_eq!(answers[0].as_ref().unwrap().verdict, Verdict::True);
/// assert_eq!(answers[1].as_ref().unwrap().verdict, Verdict::False);
/// ```
pub fn ccd_batch(queries: &[CcdQuery], options: CcdOptions) -> Vec<Result<CcdHit, ShapeError>> {
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        queries
            .par_iter()
            .with_max_len(super::parallel::piece(queries.len()))
            .map(|q| q.run(options))
            .collect()
    }
    #[cfg(not(feature = "parallel"))]
    {
        queries.iter().map(|q| q.run(options)).collect()
    }
}
