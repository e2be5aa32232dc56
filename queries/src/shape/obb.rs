//! The oriented box shape.

use surety_intervals::{Scalar, Vec3};

use crate::shape::validate::{finite_vec, non_negative};
use crate::ShapeError;

/// A solid oriented box: the points `center + Σ tᵢ·axisᵢ` with `|tᵢ| <= half_extentᵢ`.
///
/// # Properties
/// - The axes are meant to be orthonormal (a rotation's columns). Floats rarely make them
///   exactly so; surety's queries treat the box as exactly the set above (a parallelepiped
///   when the axes are not quite orthogonal), so their certain answers stay exact for the
///   given numbers.
/// - Center and axes finite, half extents finite and `>= 0` (checked by [`Obb::new`]).
///
/// # Example
/// ```
/// use surety_intervals::Vec3;
/// use surety_queries::Obb;
///
/// let x = Vec3::new(1.0, 0.0, 0.0);
/// let y = Vec3::new(0.0, 1.0, 0.0);
/// let z = Vec3::new(0.0, 0.0, 1.0);
/// let b = Obb::new(Vec3::new(0.0, 0.0, 0.0), [x, y, z], Vec3::new(1.0, 2.0, 3.0))?;
/// assert_eq!(b.half_extents().z, 3.0);
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Obb<S> {
    center: Vec3<S>,
    axes: [Vec3<S>; 3],
    half_extents: Vec3<S>,
}

impl<S: Scalar> Obb<S> {
    /// A box from its center, its three axes and its half extents along them.
    ///
    /// # Errors
    /// A [`ShapeError`] naming the field when a value is NaN or infinite, or a half extent is
    /// negative.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Vec3;
    /// use surety_queries::Obb;
    ///
    /// let i = [Vec3::new(1.0, 0.0, 0.0), Vec3::new(0.0, 1.0, 0.0), Vec3::new(0.0, 0.0, 1.0)];
    /// let err = Obb::new(Vec3::new(0.0, 0.0, 0.0), i, Vec3::new(1.0, -1.0, 1.0)).unwrap_err();
    /// assert_eq!(err.to_string(), "obb half_extents must be >= 0, got -1");
    /// ```
    pub fn new(
        center: impl Into<Vec3<S>>,
        axes: [Vec3<S>; 3],
        half_extents: impl Into<Vec3<S>>,
    ) -> Result<Self, ShapeError> {
        let (center, half_extents) = (center.into(), half_extents.into());
        finite_vec("obb", "center", center)?;
        for axis in axes {
            finite_vec("obb", "axes", axis)?;
        }
        for e in half_extents.to_array() {
            non_negative("obb", "half_extents", e)?;
        }
        Ok(Self {
            center,
            axes,
            half_extents,
        })
    }

    /// The center.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Vec3;
    /// use surety_queries::Obb;
    ///
    /// let i = [Vec3::new(1.0, 0.0, 0.0), Vec3::new(0.0, 1.0, 0.0), Vec3::new(0.0, 0.0, 1.0)];
    /// assert_eq!(Obb::new(Vec3::new(1.0, 2.0, 3.0), i, Vec3::splat(1.0))?.center().y, 2.0);
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    #[inline]
    pub fn center(&self) -> Vec3<S> {
        self.center
    }

    /// The three axes.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Vec3;
    /// use surety_queries::Obb;
    ///
    /// let i = [Vec3::new(1.0, 0.0, 0.0), Vec3::new(0.0, 1.0, 0.0), Vec3::new(0.0, 0.0, 1.0)];
    /// assert_eq!(Obb::new(Vec3::new(1.0, 2.0, 3.0), i, Vec3::splat(1.0))?.axes()[2].z, 1.0);
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    #[inline]
    pub fn axes(&self) -> [Vec3<S>; 3] {
        self.axes
    }

    /// The half extents along the axes.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Vec3;
    /// use surety_queries::Obb;
    ///
    /// let i = [Vec3::new(1.0, 0.0, 0.0), Vec3::new(0.0, 1.0, 0.0), Vec3::new(0.0, 0.0, 1.0)];
    /// assert_eq!(Obb::new(Vec3::new(1.0, 2.0, 3.0), i, Vec3::splat(0.5))?.half_extents().x, 0.5);
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    #[inline]
    pub fn half_extents(&self) -> Vec3<S> {
        self.half_extents
    }

    /// Half the width of the box's projection onto `l`: `Σ eᵢ·|axisᵢ · l|`.
    pub(crate) fn projected_radius(&self, l: Vec3<S>) -> S {
        let e = self.half_extents;
        e.x * self.axes[0].dot(l).abs()
            + e.y * self.axes[1].dot(l).abs()
            + e.z * self.axes[2].dot(l).abs()
    }

    /// The normals of the box's faces: `axis₁ × axis₂`, … (the axes themselves, up to length,
    /// when they are orthonormal).
    pub(crate) fn face_normals(&self) -> [Vec3<S>; 3] {
        let [u, v, w] = self.axes;
        [v.cross(w), w.cross(u), u.cross(v)]
    }
}
