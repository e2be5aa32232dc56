//! The axis-aligned box shape.

use surety_intervals::{Scalar, Vec3};

use crate::shape::validate::{finite_vec, ordered};
use crate::ShapeError;

/// A solid axis-aligned box: every point `p` with `min <= p <= max` on each axis (faces
/// included).
///
/// # Properties
/// - Corners finite and `min <= max` on every axis (checked by [`Aabb::new`]); a flat box
///   (`min == max` on an axis) is allowed.
///
/// # Example
/// ```
/// use surety_intervals::Vec3;
/// use surety_queries::Aabb;
///
/// let b = Aabb::<f64>::new(Vec3::new(0.0, 0.0, 0.0), Vec3::new(1.0, 2.0, 3.0))?;
/// assert_eq!(b.max().z, 3.0);
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Aabb<S> {
    min: Vec3<S>,
    max: Vec3<S>,
}

impl<S: Scalar> Aabb<S> {
    /// A box from its minimum and maximum corners (glam vectors convert).
    ///
    /// # Errors
    /// A [`ShapeError`] naming the field (`min.x`, `max.z`, …) when a coordinate is NaN or
    /// infinite, or when `min > max` on an axis (for interval corners: unless certainly
    /// `min <= max`).
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Vec3;
    /// use surety_queries::Aabb;
    ///
    /// let err = Aabb::<f64>::new(Vec3::new(0.0, 0.0, 5.0), Vec3::new(1.0, 1.0, 1.0)).unwrap_err();
    /// assert_eq!(err.to_string(), "aabb min.z is 5, above max.z 1");
    /// ```
    pub fn new(min: impl Into<Vec3<S>>, max: impl Into<Vec3<S>>) -> Result<Self, ShapeError> {
        let (min, max) = (min.into(), max.into());
        finite_vec("aabb", "min", min)?;
        finite_vec("aabb", "max", max)?;
        ordered("aabb", min, max)?;
        Ok(Self { min, max })
    }

    /// The minimum corner.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Vec3;
    /// use surety_queries::Aabb;
    ///
    /// let b = Aabb::<f64>::new(Vec3::new(-1.0, 0.0, 0.0), Vec3::new(1.0, 1.0, 1.0))?;
    /// assert_eq!(b.min().x, -1.0);
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    #[inline]
    pub fn min(&self) -> Vec3<S> {
        self.min
    }

    /// The maximum corner.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Vec3;
    /// use surety_queries::Aabb;
    ///
    /// let b = Aabb::<f64>::new(Vec3::new(-1.0, 0.0, 0.0), Vec3::new(1.0, 1.0, 1.0))?;
    /// assert_eq!(b.max().x, 1.0);
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    #[inline]
    pub fn max(&self) -> Vec3<S> {
        self.max
    }
}
