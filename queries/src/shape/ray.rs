//! The ray shape.

use surety_intervals::{Scalar, Vec3};

use crate::shape::validate::finite_vec;
use crate::ShapeError;

/// The half-line `origin + t · direction`, `t >= 0`. The direction need not be a unit vector
/// (the hit parameter `t` is then in units of `|direction|`); a zero direction is the point
/// `origin`.
///
/// # Example
/// ```
/// use surety_intervals::Vec3;
/// use surety_queries::Ray;
///
/// let r = Ray::<f64>::new(Vec3::new(0.0, 0.0, 5.0), Vec3::new(0.0, 0.0, -1.0))?;
/// assert_eq!(r.direction().z, -1.0);
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ray<S> {
    origin: Vec3<S>,
    direction: Vec3<S>,
}

impl<S: Scalar> Ray<S> {
    /// A ray from its origin and direction (glam vectors convert).
    ///
    /// # Errors
    /// A [`ShapeError`] naming `origin.x` … `direction.z` when a coordinate is NaN or infinite.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Vec3;
    /// use surety_queries::Ray;
    ///
    /// let err = Ray::<f64>::new(Vec3::new(0.0, 0.0, 0.0), Vec3::new(0.0, f64::NAN, 1.0)).unwrap_err();
    /// assert_eq!(err.field, "direction.y");
    /// ```
    pub fn new(
        origin: impl Into<Vec3<S>>,
        direction: impl Into<Vec3<S>>,
    ) -> Result<Self, ShapeError> {
        let (origin, direction) = (origin.into(), direction.into());
        finite_vec("ray", "origin", origin)?;
        finite_vec("ray", "direction", direction)?;
        Ok(Self { origin, direction })
    }

    /// The origin.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Vec3;
    /// use surety_queries::Ray;
    ///
    /// let r = Ray::<f64>::new(Vec3::new(0.0, 1.0, 0.0), Vec3::new(1.0, 0.0, 0.0))?;
    /// assert_eq!(r.origin().y, 1.0);
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    #[inline]
    pub fn origin(&self) -> Vec3<S> {
        self.origin
    }

    /// The direction.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Vec3;
    /// use surety_queries::Ray;
    ///
    /// let r = Ray::<f64>::new(Vec3::new(0.0, 1.0, 0.0), Vec3::new(1.0, 0.0, 0.0))?;
    /// assert_eq!(r.direction().x, 1.0);
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    #[inline]
    pub fn direction(&self) -> Vec3<S> {
        self.direction
    }
}
