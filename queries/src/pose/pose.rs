//! The pose of a shape: rotation, uniform scale and translation, exactly as given.

use surety_intervals::{Ring, Ring3, Scalar, Vec3};

use crate::filter::scale::{exact_scale, times_pow2};
use crate::shape::validate::finite_vec;
use crate::{Problem, ShapeError};

/// Where a shape kept in its own frame sits in the world: `p ↦ scale · R · p + translation`,
/// a similarity transform (a rigid motion, and a uniform scale for scaled instances).
///
/// # Which geometry a certain answer is exact for
/// The rotation `R` is the one of the *normalized* quaternion given, exactly: for any non-zero
/// quaternion `q = (x, y, z, w)`, `R = M(q) / |q|²` with
///
/// ```text
/// M(q) = | w²+x²-y²-z²   2(xy - wz)    2(xz + wy)  |
///        | 2(xy + wz)    w²-x²+y²-z²   2(yz - wx)  |
///        | 2(xz - wy)    2(yz + wx)    w²-x²-y²+z² |
/// ```
///
/// a rotation for every `q`, with no rounding: a quaternion computed in floats (so not exactly
/// of unit length) still describes an exact rotation, and the posed shape is exactly congruent
/// to the local one. `scale` and `translation` are the given floats. A certain answer about a
/// posed shape is the exact answer for the image of the local shape under this exact
/// transform: no coordinate of the image is ever rounded before a decision (certified queries
/// enclose the image, and the `decide_…` queries evaluate it inside their formula).
///
/// A matrix pose ([`Pose::from_rotation_matrix`], or `TryFrom<glam::DAffine3>`) is turned into a
/// quaternion first (Shepperd's method, in floats); the pose is then that quaternion's exact
/// rotation, which agrees with the matrix to within its rounding. A matrix that is not a
/// rotation (a reflection, a shear, a non-uniform scale) is refused.
///
/// # Example
/// ```
/// use glam::{DQuat, DVec3};
/// use surety_queries::Pose;
///
/// // A quarter turn about z, then 10 along x: (1, 0, 0) goes to (10, 1, 0), exactly.
/// let pose = Pose::new(DQuat::from_rotation_z(std::f64::consts::FRAC_PI_2), DVec3::new(10.0, 0.0, 0.0))?;
/// let p = pose.transform_point(surety_intervals::Vec3::<surety_intervals::Interval>::from(DVec3::X));
/// assert!(p.x.contains(10.0) && p.y.contains(1.0) && p.z.contains(0.0));
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pose {
    /// The quaternion `(x, y, z, w)`, scaled exactly by a power of two so that its largest
    /// component lies in `[1, 2)` (the same rotation; `|q|²` then lies in `[1, 16)`).
    rotation: [f64; 4],
    translation: [f64; 3],
    scale: f64,
}

const SHAPE: &str = "pose";
const ROTATION: [&str; 4] = ["rotation.x", "rotation.y", "rotation.z", "rotation.w"];

impl Pose {
    /// The identity: no rotation, no translation, scale 1.
    pub const IDENTITY: Pose = Pose {
        rotation: [0.0, 0.0, 0.0, 1.0],
        translation: [0.0; 3],
        scale: 1.0,
    };

    /// A rigid pose: the rotation of the (normalized) quaternion, then the translation.
    ///
    /// # Errors
    /// A [`ShapeError`] naming `rotation.x`…`rotation.w` or `translation.x`… when a value is
    /// NaN or infinite, or `rotation` when the quaternion is zero.
    ///
    /// # Example
    /// ```
    /// use glam::{DQuat, DVec3};
    /// use surety_queries::Pose;
    ///
    /// assert!(Pose::new(DQuat::IDENTITY, DVec3::new(1e12, 0.0, 0.0)).is_ok());
    /// let zero = DQuat::from_xyzw(0.0, 0.0, 0.0, 0.0);
    /// assert_eq!(
    ///     Pose::new(zero, DVec3::ZERO).unwrap_err().to_string(),
    ///     "pose rotation must not be the zero vector"
    /// );
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    pub fn new(
        rotation: impl Into<Quaternion>,
        translation: impl Into<Vec3<f64>>,
    ) -> Result<Pose, ShapeError> {
        let Quaternion(q) = rotation.into();
        for (k, &c) in q.iter().enumerate() {
            if !c.is_finite() {
                return Err(ShapeError {
                    shape: SHAPE,
                    field: ROTATION[k],
                    problem: Problem::NotFinite,
                    value: c,
                    limit: f64::NAN,
                    expected: "",
                });
            }
        }
        if q.iter().all(|&c| c == 0.0) {
            return Err(ShapeError {
                shape: SHAPE,
                field: "rotation",
                problem: Problem::Degenerate,
                value: 0.0,
                limit: f64::NAN,
                expected: "",
            });
        }
        let translation = translation.into();
        finite_vec(SHAPE, "translation", translation)?;
        let k = exact_scale(&q);
        Ok(Pose {
            rotation: q.map(|c| times_pow2(c, k)),
            translation: translation.to_array(),
            scale: 1.0,
        })
    }

    /// A translation only.
    ///
    /// # Errors
    /// A [`ShapeError`] naming `translation.x`… when a value is NaN or infinite.
    ///
    /// # Example
    /// ```
    /// use surety_queries::Pose;
    ///
    /// let p = Pose::from_translation([1.0, 2.0, 3.0])?;
    /// assert_eq!(p.translation(), [1.0, 2.0, 3.0]);
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    pub fn from_translation(translation: impl Into<Vec3<f64>>) -> Result<Pose, ShapeError> {
        Pose::new(Quaternion([0.0, 0.0, 0.0, 1.0]), translation)
    }

    /// A pose from a rotation matrix (its columns are the images of the axes) and a
    /// translation. The rotation is converted to a quaternion in floats (Shepperd's method);
    /// the pose is that quaternion's exact rotation.
    ///
    /// # Errors
    /// A [`ShapeError`] naming `rotation` when the matrix has a non-finite entry, or is not a
    /// rotation to within `1e-6` (its columns not orthonormal, or its determinant negative:
    /// a reflection); `translation.x`… when a value is NaN or infinite.
    ///
    /// # Example
    /// ```
    /// use glam::{DMat3, DVec3};
    /// use surety_queries::Pose;
    ///
    /// let turn = DMat3::from_rotation_x(0.3);
    /// assert!(Pose::from_rotation_matrix(turn, DVec3::ZERO).is_ok());
    /// let mirror = DMat3::from_diagonal(DVec3::new(1.0, 1.0, -1.0));
    /// assert!(Pose::from_rotation_matrix(mirror, DVec3::ZERO).is_err());
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    pub fn from_rotation_matrix(
        matrix: glam::DMat3,
        translation: impl Into<Vec3<f64>>,
    ) -> Result<Pose, ShapeError> {
        let refuse = |value: f64| ShapeError {
            shape: SHAPE,
            field: "rotation",
            problem: Problem::OutOfRange,
            value,
            limit: f64::NAN,
            expected: "the rotations (orthonormal columns, determinant 1, within 1e-6)",
        };
        if !matrix.is_finite() {
            return Err(ShapeError {
                problem: Problem::NotFinite,
                expected: "",
                ..refuse(f64::NAN)
            });
        }
        let off = (matrix.transpose() * matrix - glam::DMat3::IDENTITY)
            .to_cols_array()
            .iter()
            .fold(0.0f64, |m, x| m.max(x.abs()));
        let det = matrix.determinant();
        if !(off <= 1e-6 && (det - 1.0).abs() <= 1e-6) {
            return Err(refuse(if off > 1e-6 { off } else { det }));
        }
        Pose::new(glam::DQuat::from_mat3(&matrix), translation)
    }

    /// The same pose with a uniform scale, applied before the rotation: `p ↦ scale · R · p + t`.
    ///
    /// # Errors
    /// A [`ShapeError`] naming `scale` when it is NaN, infinite, zero or negative.
    ///
    /// # Example
    /// ```
    /// use surety_queries::Pose;
    ///
    /// let p = Pose::from_translation([0.0, 0.0, 5.0])?.with_scale(0.2)?;
    /// assert_eq!(p.scale(), 0.2);
    /// assert!(Pose::IDENTITY.with_scale(0.0).is_err());
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    pub fn with_scale(self, scale: f64) -> Result<Pose, ShapeError> {
        let problem = if !scale.is_finite() {
            Problem::NotFinite
        } else if scale < 0.0 {
            Problem::Negative
        } else if scale == 0.0 {
            Problem::OutOfRange
        } else {
            return Ok(Pose { scale, ..self });
        };
        Err(ShapeError {
            shape: SHAPE,
            field: "scale",
            problem,
            value: scale,
            limit: f64::NAN,
            expected: "(0, inf)",
        })
    }

    /// The quaternion `(x, y, z, w)` of the rotation, as stored: the one given, scaled by a
    /// power of two (the same rotation).
    pub fn rotation(&self) -> [f64; 4] {
        self.rotation
    }

    /// The translation.
    pub fn translation(&self) -> [f64; 3] {
        self.translation
    }

    /// The uniform scale (1 unless set by [`Pose::with_scale`]).
    pub fn scale(&self) -> f64 {
        self.scale
    }

    /// Does the pose leave every point where it is? (The identity rotation, whatever the
    /// quaternion's length, no translation, scale 1.)
    pub fn is_identity(&self) -> bool {
        let [x, y, z, _] = self.rotation;
        x == 0.0 && y == 0.0 && z == 0.0 && self.translation == [0.0; 3] && self.scale == 1.0
    }

    /// `M(q)`, the rotation times `|q|²`, row by row, in `R`: exact in an exact ring.
    #[inline]
    pub(crate) fn matrix<R: Ring>(&self) -> [Ring3<R>; 3] {
        let [x, y, z, w] = self.rotation.map(R::from_f64);
        let two = R::from_f64(2.0);
        let (xx, yy, zz, ww) = (
            x.clone().sqr(),
            y.clone().sqr(),
            z.clone().sqr(),
            w.clone().sqr(),
        );
        let (xy, xz, yz) = (
            x.clone() * y.clone(),
            x.clone() * z.clone(),
            y.clone() * z.clone(),
        );
        let (wx, wy, wz) = (w.clone() * x, w.clone() * y, w * z);
        [
            [
                ww.clone() + xx.clone() - yy.clone() - zz.clone(),
                two.clone() * (xy.clone() - wz.clone()),
                two.clone() * (xz.clone() + wy.clone()),
            ],
            [
                two.clone() * (xy + wz),
                ww.clone() - xx.clone() + yy.clone() - zz.clone(),
                two.clone() * (yz.clone() - wx.clone()),
            ],
            [two.clone() * (xz - wy), two * (yz + wx), ww - xx - yy + zz],
        ]
    }

    /// `|q|²`, in `R`.
    #[inline]
    pub(crate) fn norm2<R: Ring>(&self) -> R {
        let [x, y, z, w] = self.rotation.map(R::from_f64);
        (x.sqr() + y.sqr()) + (z.sqr() + w.sqr())
    }

    /// `scale · R`, row by row, in `S`: enclosed for interval scalars.
    fn linear<S: Scalar>(&self) -> [Vec3<S>; 3] {
        let factor = S::lift_f64(self.scale) / self.norm2::<S>();
        self.matrix::<S>().map(|row| Vec3::from(row) * factor)
    }

    /// The image of a point: `scale · R · p + translation`. With interval scalars an enclosure
    /// of the exact image (of every point of the enclosure `p`); with floats, rounded.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::{Interval, Vec3};
    /// use surety_queries::Pose;
    ///
    /// let pose = Pose::from_translation([0.0, 0.0, 1e12])?.with_scale(5.0)?;
    /// let p = pose.transform_point(Vec3::<Interval>::lift_f64(Vec3::new(0.1, 0.0, 0.0)));
    /// assert!(p.x.contains(0.5) && p.z.contains(1e12));
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    pub fn transform_point<S: Scalar>(&self, p: Vec3<S>) -> Vec3<S> {
        self.transform_vector(p) + Vec3::from(self.translation.map(S::lift_f64))
    }

    /// The image of a direction: `scale · R · v` (no translation).
    ///
    /// # Example
    /// ```
    /// use glam::{DQuat, DVec3};
    /// use surety_intervals::{Interval, Vec3};
    /// use surety_queries::Pose;
    ///
    /// // The quaternion (0, 0, 1, 1) is a quarter turn about z, exactly (|q|² = 2).
    /// let pose = Pose::new(DQuat::from_xyzw(0.0, 0.0, 1.0, 1.0), DVec3::new(7.0, 0.0, 0.0))?;
    /// let v = pose.transform_vector(Vec3::<Interval>::lift_f64(Vec3::new(1.0, 0.0, 0.0)));
    /// assert_eq!(v.mid(), Vec3::new(0.0, 1.0, 0.0));
    /// assert!(v.x.lo() == v.x.hi() && v.y.lo() == v.y.hi()); // no width: exact
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    pub fn transform_vector<S: Scalar>(&self, v: Vec3<S>) -> Vec3<S> {
        let [a, b, c] = self.linear::<S>();
        Vec3::new(a.dot(v), b.dot(v), c.dot(v))
    }

    /// The preimage of a point: where the world point `p` sits in the pose's own frame,
    /// `Rᵀ (p - translation) / scale`. With interval scalars an enclosure of the exact preimage
    /// (of every point of the enclosure `p`); with floats, rounded.
    ///
    /// # Example
    /// ```
    /// use glam::{DQuat, DVec3};
    /// use surety_intervals::{Interval, Vec3};
    /// use surety_queries::Pose;
    ///
    /// let pose = Pose::new(DQuat::from_rotation_z(0.3), DVec3::new(1e9, 2.0, 0.0))?.with_scale(5.0)?;
    /// let local = Vec3::<Interval>::lift_f64(Vec3::new(0.1, 0.2, 0.3));
    /// let back = pose.inverse_transform_point(pose.transform_point(local));
    /// assert!(back.x.contains(0.1) && back.y.contains(0.2) && back.z.contains(0.3));
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    pub fn inverse_transform_point<S: Scalar>(&self, p: Vec3<S>) -> Vec3<S> {
        self.inverse_transform_vector(p - Vec3::from(self.translation.map(S::lift_f64)))
    }

    /// The preimage of a direction: `Rᵀ v / scale` (no translation).
    pub fn inverse_transform_vector<S: Scalar>(&self, v: Vec3<S>) -> Vec3<S> {
        self.transposed(v) / (S::lift_f64(self.scale) * self.norm2::<S>())
    }

    /// The image of a plane's normal: `R · n`, rotated only (a normal's length does not
    /// matter to a plane, and a uniform scale keeps it normal).
    pub(crate) fn rotate_normal<S: Scalar>(&self, n: Vec3<S>) -> Vec3<S> {
        let inv = S::one() / self.norm2::<S>();
        let [a, b, c] = self.matrix::<S>().map(|row| Vec3::from(row) * inv);
        Vec3::new(a.dot(n), b.dot(n), c.dot(n))
    }

    /// `Rᵀ · n`: a world plane's normal in the pose's frame.
    pub(crate) fn inverse_rotate_normal<S: Scalar>(&self, n: Vec3<S>) -> Vec3<S> {
        self.transposed(n) / self.norm2::<S>()
    }

    /// `M(q)ᵀ · v`, where `Rᵀ = M(q)ᵀ / |q|²`: the rows of `M(q)` weighted by `v`.
    fn transposed<S: Scalar>(&self, v: Vec3<S>) -> Vec3<S> {
        let [r0, r1, r2] = self.matrix::<S>().map(Vec3::from);
        r0 * v.x + r1 * v.y + r2 * v.z
    }
}

/// A rotation quaternion `(x, y, z, w)`, as glam stores it: what [`Pose::new`] takes.
///
/// From `glam::DQuat`, `glam::Quat` (exactly, as `f64`; with the features `glam033` and
/// `glam030`, those versions' quaternions too), and `[f64; 4]` in the order `[x, y, z, w]`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Quaternion(pub [f64; 4]);

/// The quaternion conversions for one version of glam, `$glam` its crate.
macro_rules! glam_quaternions {
    ($glam:ident) => {
        impl From<$glam::DQuat> for Quaternion {
            fn from(q: $glam::DQuat) -> Self {
                Quaternion(q.to_array())
            }
        }

        impl From<$glam::Quat> for Quaternion {
            fn from(q: $glam::Quat) -> Self {
                Quaternion(q.to_array().map(f64::from))
            }
        }
    };
}

glam_quaternions!(glam);
#[cfg(feature = "glam033")]
glam_quaternions!(glam033);
#[cfg(feature = "glam030")]
glam_quaternions!(glam030);

impl From<[f64; 4]> for Quaternion {
    fn from(q: [f64; 4]) -> Self {
        Quaternion(q)
    }
}

impl TryFrom<glam::DAffine3> for Pose {
    type Error = ShapeError;

    /// An affine transform without shear or reflection, with a uniform scale: refused (naming
    /// `rotation`) otherwise, as in [`Pose::from_rotation_matrix`].
    ///
    /// # Example
    /// ```
    /// use glam::{DAffine3, DQuat, DVec3};
    /// use surety_queries::Pose;
    ///
    /// let a = DAffine3::from_scale_rotation_translation(
    ///     DVec3::splat(2.0),
    ///     DQuat::from_rotation_y(1.0),
    ///     DVec3::new(1.0, 2.0, 3.0),
    /// );
    /// let pose = Pose::try_from(a)?;
    /// assert_eq!(pose.scale(), 2.0);
    /// let sheared = DAffine3::from_cols_array(&[1.0, 0.0, 0.0, 0.5, 1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0]);
    /// assert!(Pose::try_from(sheared).is_err());
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    fn try_from(a: glam::DAffine3) -> Result<Pose, ShapeError> {
        let m = a.matrix3;
        let scale = m.determinant().cbrt();
        let translation = Vec3::<f64>::from(a.translation);
        if !(scale.is_finite() && scale > 0.0) {
            return Pose::from_rotation_matrix(m, translation);
        }
        let pose = Pose::from_rotation_matrix(m * (1.0 / scale), translation)?;
        pose.with_scale(scale)
    }
}
