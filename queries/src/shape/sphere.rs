//! The sphere shape.

use surety_intervals::{Scalar, Vec3};

use crate::shape::validate::{finite_vec, non_negative};
use crate::ShapeError;

/// A solid ball: every point within `radius` of `center` (the surface included).
///
/// # Properties
/// - Center finite, radius finite and `>= 0` (checked by [`Sphere::new`]). A radius of zero is
///   a point.
/// - Generic over the scalar: `Sphere<f64>` for plain queries, `Sphere<Interval>` for certified
///   ones.
///
/// # Example
/// ```
/// use surety_intervals::{Interval, Vec3};
/// use surety_queries::Sphere;
///
/// let plain = Sphere::<f64>::new(Vec3::new(0.0, 0.0, 0.0), 1.0)?;
/// let certified = Sphere::<Interval>::new(glam::DVec3::new(0.0, 0.0, 0.0), 1.0)?;
/// assert_eq!(certified.radius(), Interval::ONE);
/// # let _ = plain;
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sphere<S> {
    center: Vec3<S>,
    radius: S,
}

impl<S: Scalar> Sphere<S> {
    /// A sphere from its center and radius (glam vectors and plain floats convert).
    ///
    /// # Errors
    /// A [`ShapeError`] naming `center.x`/`.y`/`.z` or `radius` when a value is NaN or infinite,
    /// or the radius is negative.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Vec3;
    /// use surety_queries::Sphere;
    ///
    /// assert!(Sphere::<f64>::new(Vec3::new(0.0, 0.0, 0.0), f64::NAN).is_err());
    /// let err = Sphere::<f64>::new(Vec3::new(0.0, f64::INFINITY, 0.0), 1.0).unwrap_err();
    /// assert_eq!(err.to_string(), "sphere center.y must be finite, got inf");
    /// ```
    pub fn new(center: impl Into<Vec3<S>>, radius: impl Into<S>) -> Result<Self, ShapeError> {
        let (center, radius) = (center.into(), radius.into());
        finite_vec("sphere", "center", center)?;
        non_negative("sphere", "radius", radius)?;
        Ok(Self { center, radius })
    }

    /// The center.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Vec3;
    /// use surety_queries::Sphere;
    ///
    /// let s = Sphere::new(Vec3::new(1.0, 2.0, 3.0), 0.5)?;
    /// assert_eq!(s.center(), Vec3::new(1.0, 2.0, 3.0));
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    #[inline]
    pub fn center(&self) -> Vec3<S> {
        self.center
    }

    /// The radius.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Vec3;
    /// use surety_queries::Sphere;
    ///
    /// assert_eq!(Sphere::<f64>::new(Vec3::new(1.0, 2.0, 3.0), 0.5)?.radius(), 0.5);
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    #[inline]
    pub fn radius(&self) -> S {
        self.radius
    }
}
