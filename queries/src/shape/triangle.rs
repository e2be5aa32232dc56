//! The triangle shape.

use surety_intervals::{Scalar, Vec3};

use crate::shape::validate::finite_vec;
use crate::ShapeError;

/// The closed, solid triangle with corners `a`, `b`, `c` (edges and corners included).
///
/// Degenerate triangles (collinear or coincident corners) are accepted: queries on them stay
/// sound, and say `Maybe` where only a degenerate-case analysis could decide.
///
/// # Example
/// ```
/// use surety_intervals::Vec3;
/// use surety_queries::Triangle;
///
/// let t = Triangle::new(
///     Vec3::new(0.0, 0.0, 0.0),
///     Vec3::new(1.0, 0.0, 0.0),
///     Vec3::new(0.0, 1.0, 0.0),
/// )?;
/// assert_eq!(t.normal(), Vec3::new(0.0, 0.0, 1.0));
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Triangle<S> {
    a: Vec3<S>,
    b: Vec3<S>,
    c: Vec3<S>,
}

impl<S: Scalar> Triangle<S> {
    /// A triangle from its corners (glam vectors convert).
    ///
    /// # Errors
    /// A [`ShapeError`] naming `a.x` … `c.z` when a coordinate is NaN or infinite.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Vec3;
    /// use surety_queries::Triangle;
    ///
    /// let o = Vec3::new(0.0, 0.0, 0.0);
    /// let err = Triangle::<f64>::new(o, o, Vec3::new(0.0, 0.0, f64::NEG_INFINITY)).unwrap_err();
    /// assert_eq!(err.field, "c.z");
    /// ```
    pub fn new(
        a: impl Into<Vec3<S>>,
        b: impl Into<Vec3<S>>,
        c: impl Into<Vec3<S>>,
    ) -> Result<Self, ShapeError> {
        let (a, b, c) = (a.into(), b.into(), c.into());
        finite_vec("triangle", "a", a)?;
        finite_vec("triangle", "b", b)?;
        finite_vec("triangle", "c", c)?;
        Ok(Self { a, b, c })
    }

    /// The corners `[a, b, c]`.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Vec3;
    /// use surety_queries::Triangle;
    ///
    /// let z = Vec3::new(0.0, 0.0, 0.0);
    /// let t = Triangle::<f64>::new(z, Vec3::new(1.0, 0.0, 0.0), Vec3::new(0.0, 1.0, 0.0))?;
    /// assert_eq!(t.corners()[1].x, 1.0);
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    #[inline]
    pub fn corners(&self) -> [Vec3<S>; 3] {
        [self.a, self.b, self.c]
    }

    /// The (unnormalised) normal `(b - a) × (c - a)`: its direction is the front side, its
    /// length twice the area. Zero for a degenerate triangle.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Vec3;
    /// use surety_queries::Triangle;
    ///
    /// let z = Vec3::new(0.0, 0.0, 0.0);
    /// let t = Triangle::new(z, Vec3::new(2.0, 0.0, 0.0), Vec3::new(0.0, 2.0, 0.0))?;
    /// assert_eq!(t.normal(), Vec3::new(0.0, 0.0, 4.0));
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    #[inline]
    pub fn normal(&self) -> Vec3<S> {
        (self.b - self.a).cross(self.c - self.a)
    }
}
