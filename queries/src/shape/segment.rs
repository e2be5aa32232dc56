//! The line segment shape.

use surety_intervals::{Scalar, Vec3};

use crate::shape::validate::finite_vec;
use crate::ShapeError;

/// The closed line segment from `p` to `q` (both ends included). `p == q` is a point.
///
/// # Example
/// ```
/// use surety_intervals::Vec3;
/// use surety_queries::Segment;
///
/// let s = Segment::<f64>::new(Vec3::new(0.0, 0.0, 1.0), Vec3::new(0.0, 0.0, -1.0))?;
/// assert_eq!(s.q().z, -1.0);
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Segment<S> {
    p: Vec3<S>,
    q: Vec3<S>,
}

impl<S: Scalar> Segment<S> {
    /// The segment from `p` to `q` (glam vectors convert).
    ///
    /// # Errors
    /// A [`ShapeError`] naming `p.x` … `q.z` when a coordinate is NaN or infinite.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Vec3;
    /// use surety_queries::Segment;
    ///
    /// let err = Segment::<f64>::new(Vec3::new(0.0, 0.0, 0.0), Vec3::new(f64::NAN, 0.0, 0.0));
    /// assert_eq!(err.unwrap_err().to_string(), "segment q.x must be finite, got NaN");
    /// ```
    pub fn new(p: impl Into<Vec3<S>>, q: impl Into<Vec3<S>>) -> Result<Self, ShapeError> {
        let (p, q) = (p.into(), q.into());
        finite_vec("segment", "p", p)?;
        finite_vec("segment", "q", q)?;
        Ok(Self { p, q })
    }

    /// The start.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Vec3;
    /// use surety_queries::Segment;
    ///
    /// let s = Segment::<f64>::new(Vec3::new(1.0, 0.0, 0.0), Vec3::new(2.0, 0.0, 0.0))?;
    /// assert_eq!(s.p().x, 1.0);
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    #[inline]
    pub fn p(&self) -> Vec3<S> {
        self.p
    }

    /// The end.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Vec3;
    /// use surety_queries::Segment;
    ///
    /// let s = Segment::<f64>::new(Vec3::new(1.0, 0.0, 0.0), Vec3::new(2.0, 0.0, 0.0))?;
    /// assert_eq!(s.q().x, 2.0);
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    #[inline]
    pub fn q(&self) -> Vec3<S> {
        self.q
    }
}
