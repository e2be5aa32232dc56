//! Shapes with a pose: how every query takes a shape kept in its own frame.

use surety_intervals::{Scalar, Vec3};

use crate::pose::Pose;
use crate::shape::validate::finite_vec;
use crate::{Obb, Plane, Ray, Segment, Sphere, Triangle, TriangleMesh};

/// A shape in its own frame, placed in the world by a [`Pose`]. Every pairwise query takes one
/// wherever it takes the plain shape (see [`Placed`]).
///
/// The pose is applied inside the query: the generic queries enclose the exact image (with
/// interval scalars), and the `decide_…` queries on float shapes evaluate the image within their
/// formula, exactly in their exact stage, so no rounding of a transformed coordinate can flip
/// a certain answer.
///
/// # Example
/// ```
/// use glam::{DQuat, DVec3};
/// use surety_intervals::{Policy, Vec3, Verdict};
/// use surety_queries::{decide_overlap_obb_obb, Obb, Pose, Posed};
///
/// let unit = [DVec3::X, DVec3::Y, DVec3::Z].map(Vec3::from);
/// let cube = Obb::<f64>::new(DVec3::ZERO, unit, DVec3::splat(0.5))?;
/// // One cube turned 45° about z and moved 1.2 along x: its edge reaches x = 1.2 - 0.707.
/// let turned = Pose::new(DQuat::from_rotation_z(std::f64::consts::FRAC_PI_4), DVec3::new(1.2, 0.0, 0.0))?;
/// let v = decide_overlap_obb_obb(&cube, &Posed::new(turned, cube), Policy::Exact);
/// assert_eq!(v, Verdict::True);
/// let far = Pose::new(DQuat::from_rotation_z(0.3), DVec3::new(1e12, 0.0, 0.0))?;
/// assert_eq!(decide_overlap_obb_obb(&cube, &Posed::new(far, cube), Policy::Exact), Verdict::False);
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Posed<T> {
    /// Where the shape sits.
    pub pose: Pose,
    /// The shape, in its own frame.
    pub shape: T,
}

impl<T> Posed<T> {
    /// The shape `shape` placed by `pose`.
    pub fn new(pose: Pose, shape: T) -> Self {
        Posed { pose, shape }
    }
}

/// A shape a [`Pose`] can move, into a shape of the same kind: spheres (the radius times the
/// scale), oriented boxes, triangles, segments, rays, planes, and points ([`Vec3`]). An AABB
/// is not one (turned, it is no longer axis-aligned): pose it as an [`Obb`].
pub trait Transform: Sized {
    /// The image under `pose`: with interval scalars an enclosure of the exact image, with
    /// floats the rounded one. `None` where the image leaves the finite floats (it would
    /// overflow), and for a plane whose rotated normal may be zero.
    fn transformed(&self, pose: &Pose) -> Option<Self>;

    /// The preimage under `pose`: this shape, given in world coordinates, in the pose's own
    /// frame (enclosed with interval scalars, rounded with floats). `None` as for
    /// [`transformed`](Transform::transformed).
    fn preimage(&self, pose: &Pose) -> Option<Self>;
}

impl<S: Scalar> Transform for Vec3<S> {
    fn transformed(&self, pose: &Pose) -> Option<Self> {
        let p = pose.transform_point(*self);
        finite_vec("point", "point", p).ok().map(|()| p)
    }

    fn preimage(&self, pose: &Pose) -> Option<Self> {
        let p = pose.inverse_transform_point(*self);
        finite_vec("point", "point", p).ok().map(|()| p)
    }
}

impl<S: Scalar> Transform for Sphere<S> {
    fn transformed(&self, pose: &Pose) -> Option<Self> {
        let radius = self.radius() * S::lift_f64(pose.scale());
        Sphere::new(pose.transform_point(self.center()), radius).ok()
    }

    fn preimage(&self, pose: &Pose) -> Option<Self> {
        let radius = self.radius() / S::lift_f64(pose.scale());
        Sphere::new(pose.inverse_transform_point(self.center()), radius).ok()
    }
}

impl<S: Scalar> Transform for Obb<S> {
    fn transformed(&self, pose: &Pose) -> Option<Self> {
        let axes = self.axes().map(|a| pose.transform_vector(a));
        Obb::new(
            pose.transform_point(self.center()),
            axes,
            self.half_extents(),
        )
        .ok()
    }

    fn preimage(&self, pose: &Pose) -> Option<Self> {
        let axes = self.axes().map(|a| pose.inverse_transform_vector(a));
        Obb::new(
            pose.inverse_transform_point(self.center()),
            axes,
            self.half_extents(),
        )
        .ok()
    }
}

impl<S: Scalar> Transform for Triangle<S> {
    fn transformed(&self, pose: &Pose) -> Option<Self> {
        let [a, b, c] = self.corners().map(|p| pose.transform_point(p));
        Triangle::new(a, b, c).ok()
    }

    fn preimage(&self, pose: &Pose) -> Option<Self> {
        let [a, b, c] = self.corners().map(|p| pose.inverse_transform_point(p));
        Triangle::new(a, b, c).ok()
    }
}

impl<S: Scalar> Transform for Segment<S> {
    fn transformed(&self, pose: &Pose) -> Option<Self> {
        Segment::new(
            pose.transform_point(self.p()),
            pose.transform_point(self.q()),
        )
        .ok()
    }

    fn preimage(&self, pose: &Pose) -> Option<Self> {
        Segment::new(
            pose.inverse_transform_point(self.p()),
            pose.inverse_transform_point(self.q()),
        )
        .ok()
    }
}

impl<S: Scalar> Transform for Ray<S> {
    fn transformed(&self, pose: &Pose) -> Option<Self> {
        let origin = pose.transform_point(self.origin());
        Ray::new(origin, pose.transform_vector(self.direction())).ok()
    }

    /// The parameter of a point along the ray is the same in both frames.
    fn preimage(&self, pose: &Pose) -> Option<Self> {
        let origin = pose.inverse_transform_point(self.origin());
        Ray::new(origin, pose.inverse_transform_vector(self.direction())).ok()
    }
}

impl<S: Scalar> Transform for Plane<S> {
    /// `{x : n·x + d = 0}` goes to `{x : n'·x + d' = 0}` with `n' = R n` and
    /// `d' = scale·d - n'·t`.
    fn transformed(&self, pose: &Pose) -> Option<Self> {
        let n = pose.rotate_normal(self.normal());
        let t = Vec3::from(pose.translation().map(S::lift_f64));
        Plane::new(n, self.offset() * S::lift_f64(pose.scale()) - n.dot(t)).ok()
    }

    /// `{x : n·x + d = 0}` goes back to `{y : n'·y + d' = 0}` with `n' = Rᵀ n` and
    /// `d' = (d + n·t) / scale`.
    fn preimage(&self, pose: &Pose) -> Option<Self> {
        let n = self.normal();
        let t = Vec3::from(pose.translation().map(S::lift_f64));
        let back = pose.inverse_rotate_normal(n);
        Plane::new(back, (self.offset() + n.dot(t)) / S::lift_f64(pose.scale())).ok()
    }
}

/// What a query takes for a shape of kind `T`: the shape itself (already in world
/// coordinates), or a [`Posed`] one.
///
/// # Example
/// ```
/// use glam::{DQuat, DVec3};
/// use surety_intervals::{Interval, Vec3, Verdict};
/// use surety_queries::{overlap_sphere_sphere, Pose, Posed, Sphere};
///
/// let ball = Sphere::<Interval>::new(DVec3::ZERO, 1.0)?;
/// // The same ball in a frame scaled by 5 and moved by 1e6: radius 5 at x = 1e6.
/// let pose = Pose::new(DQuat::IDENTITY, DVec3::new(1e6, 0.0, 0.0))?.with_scale(5.0)?;
/// let other = Sphere::new(DVec3::new(1e6 + 5.5, 0.0, 0.0), 0.5)?; // touching, exactly
/// assert_eq!(overlap_sphere_sphere(&Posed::new(pose, ball), &other), Verdict::True);
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
pub trait Placed<T> {
    /// The shape in world coordinates (an enclosure of the exact image with interval
    /// scalars), or `None` where it leaves the finite floats: queries then answer `Maybe`.
    fn world(&self) -> Option<T>;

    /// The shape in its own frame, and its pose (`None` for a shape given in world
    /// coordinates).
    fn parts(&self) -> (&T, Option<&Pose>);
}

impl<T: Copy> Placed<T> for T {
    #[inline(always)]
    fn world(&self) -> Option<T> {
        Some(*self)
    }

    #[inline(always)]
    fn parts(&self) -> (&T, Option<&Pose>) {
        (self, None)
    }
}

impl<T: Transform> Placed<T> for Posed<T> {
    #[inline]
    fn world(&self) -> Option<T> {
        self.shape.transformed(&self.pose)
    }

    #[inline]
    fn parts(&self) -> (&T, Option<&Pose>) {
        (&self.shape, Some(&self.pose))
    }
}

/// What a mesh query takes for a mesh: the [`TriangleMesh`] itself (in world coordinates), or
/// a posed one, `Posed<&TriangleMesh<S>>` (an instance that shares the mesh) or
/// `Posed<TriangleMesh<S>>`.
///
/// A posed mesh is never rebuilt nor transformed: the query's shape (a ray, a sphere, a
/// point, a moving particle) is brought into the mesh's frame instead, enclosed, and the mesh's
/// own hierarchy answers. The `decide_…` mesh queries decide each face with the pose applied
/// inside their formula, so their answers stay exact under [`Policy::Exact`](surety_intervals::Policy::Exact).
///
/// # Example
/// ```
/// use glam::{DQuat, DVec3};
/// use surety_intervals::{Policy, Vec3, Verdict};
/// use surety_queries::{decide_point_in_mesh, Pose, Posed, TriangleMesh};
///
/// // A tetrahedron, turned a quarter about z and moved far away.
/// let v = [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]].map(Vec3::from);
/// let mesh = TriangleMesh::<f64>::new(&v, &[[0, 2, 1], [0, 1, 3], [0, 3, 2], [1, 2, 3]])?;
/// let pose = Pose::new(DQuat::from_xyzw(0.0, 0.0, 1.0, 1.0), DVec3::new(1e9, 0.0, 0.0))?;
/// let placed = Posed::new(pose, &mesh);
/// // The local point (0.1, 0.1, 0.1) is now at (1e9 - 0.1, 0.1, 0.1).
/// let inside = decide_point_in_mesh(&placed, Vec3::new(1e9 - 0.125, 0.125, 0.125), Policy::Exact);
/// assert_eq!(inside, Verdict::True);
/// let outside = decide_point_in_mesh(&placed, Vec3::new(1e9 + 0.125, 0.125, 0.125), Policy::Exact);
/// assert_eq!(outside, Verdict::False);
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
pub trait PlacedMesh<S: Scalar> {
    /// The mesh in its own frame, and its pose (`None` for a mesh in world coordinates).
    fn mesh_parts(&self) -> (&TriangleMesh<S>, Option<&Pose>);
}

impl<S: Scalar> PlacedMesh<S> for TriangleMesh<S> {
    #[inline(always)]
    fn mesh_parts(&self) -> (&TriangleMesh<S>, Option<&Pose>) {
        (self, None)
    }
}

impl<S: Scalar> PlacedMesh<S> for Posed<&TriangleMesh<S>> {
    #[inline(always)]
    fn mesh_parts(&self) -> (&TriangleMesh<S>, Option<&Pose>) {
        (self.shape, Some(&self.pose))
    }
}

impl<S: Scalar> PlacedMesh<S> for Posed<TriangleMesh<S>> {
    #[inline(always)]
    fn mesh_parts(&self) -> (&TriangleMesh<S>, Option<&Pose>) {
        (&self.shape, Some(&self.pose))
    }
}

/// A query's shape in the frame of a mesh with pose `frame` (`None`: the world): enclosed with
/// interval scalars, rounded with floats; `None` where it leaves the finite floats.
pub(crate) fn in_frame<T: Transform>(shape: &impl Placed<T>, frame: Option<&Pose>) -> Option<T> {
    let world = shape.world()?;
    match frame {
        None => Some(world),
        Some(pose) => world.preimage(pose),
    }
}

/// A float shape's exact enclosure `shape`, placed by `pose` (`None`: given in world
/// coordinates), in the frame of a mesh with pose `frame`: what a `decide_…` mesh query uses to
/// pick the faces to ask. `None` where it leaves the finite floats.
pub(crate) fn enclosed_in_frame<T: Transform + Copy>(
    shape: T,
    pose: Option<&Pose>,
    frame: Option<&Pose>,
) -> Option<T> {
    match pose {
        Some(p) => in_frame(&Posed::new(*p, shape), frame),
        None => in_frame(&shape, frame),
    }
}
