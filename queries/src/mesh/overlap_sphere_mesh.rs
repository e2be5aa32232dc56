//! Does a ball touch a mesh's surface?

use surety_intervals::{Endpoint, Interval, Policy, Scalar, Verdict};

use crate::filter::lift::coords;
use crate::mesh::swept_box;
use crate::pose::{decide_pair, enclosed_in_frame, in_frame};
use crate::{overlap_sphere_triangle, Placed, PlacedMesh, Sphere, SphereTriangle, TriangleMesh};

/// Does the closed ball meet the mesh's surface (some closed triangle)? `True` as soon as
/// one face certainly meets it, `False` when every face the hierarchy cannot rule out by
/// boxes certainly misses it ([`overlap_sphere_triangle`] on each), `Maybe` otherwise.
/// The surface only: a ball wholly inside a closed mesh does not meet it (ask
/// [`point_in_mesh`](crate::point_in_mesh) of its centre for that).
///
/// # Example
/// ```
/// use surety_intervals::{Interval, Vec3, Verdict};
/// use surety_queries::{overlap_sphere_mesh, Sphere, TriangleMesh};
/// use glam::DVec3;
///
/// let floor = TriangleMesh::<Interval>::new(&[DVec3::ZERO, DVec3::X, DVec3::Y], &[[0, 1, 2]])?;
/// let touching = Sphere::<Interval>::new(DVec3::new(0.25, 0.25, 1.0), 1.0)?;
/// let above = Sphere::<Interval>::new(DVec3::new(0.25, 0.25, 1.5), 1.0)?;
/// assert_eq!(overlap_sphere_mesh(&touching, &floor), Verdict::True);
/// assert_eq!(overlap_sphere_mesh(&above, &floor), Verdict::False);
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
pub fn overlap_sphere_mesh<S: Scalar>(
    sphere: &impl Placed<Sphere<S>>,
    mesh: &impl PlacedMesh<S>,
) -> Verdict {
    let (mesh, frame) = mesh.mesh_parts();
    // The ball in the mesh's frame (enclosed): the same contact, a congruent scaled copy.
    let Some(ball) = in_frame(sphere, frame) else {
        return Verdict::Maybe;
    };
    combine(mesh, ball_box(&ball), |i| {
        overlap_sphere_triangle(&ball, &mesh.by_slot()[i])
    })
}

/// [`overlap_sphere_mesh`] on float shapes, each face through the
/// [filter stack](surety_intervals::stack): exact under [`Policy::Exact`]. With poses, each
/// face is decided with both poses applied inside its formula (the ball's box in the mesh's
/// frame, enclosed in intervals, only picks the faces to ask).
///
/// # Example
/// ```
/// use surety_intervals::{Policy, Vec3, Verdict};
/// use surety_queries::{decide_overlap_sphere_mesh, Sphere, TriangleMesh};
///
/// let v = [Vec3::new(0.0, 0.0, 0.0), Vec3::new(1.0, 0.0, 0.0), Vec3::new(0.0, 1.0, 0.0)];
/// let floor = TriangleMesh::<f64>::new(&v, &[[0, 1, 2]])?;
/// // Tangent at (0.25, 0.25, 0): decided exactly.
/// let ball = Sphere::new(Vec3::new(0.25, 0.25, 0.1), 0.1)?;
/// assert_eq!(decide_overlap_sphere_mesh(&ball, &floor, Policy::Exact), Verdict::True);
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
pub fn decide_overlap_sphere_mesh<S: Scalar + Into<f64>>(
    sphere: &impl Placed<Sphere<S>>,
    mesh: &impl PlacedMesh<S>,
    policy: Policy,
) -> Verdict {
    let (mesh, frame) = mesh.mesh_parts();
    let (ball, ball_pose) = sphere.parts();
    let cull = if ball_pose.is_none() && frame.is_none() {
        ball_box(ball)
    } else {
        let lifted = Sphere::<Interval<f64>>::new(
            coords(ball.center()).map(Interval::from),
            Interval::from(ball.radius().into()),
        );
        // Out of the floats in the mesh's frame: every face is asked.
        let local = lifted
            .ok()
            .and_then(|b| enclosed_in_frame(b, ball_pose, frame));
        local.map_or([[f64::NEG_INFINITY; 3], [f64::INFINITY; 3]], |b| {
            ball_box(&b)
        })
    };
    combine(mesh, cull, |i| {
        let face = SphereTriangle::new(ball, &mesh.by_slot()[i]);
        decide_pair(face, ball_pose, frame, policy)
    })
}

/// The ball's box, rounded outward.
fn ball_box<S: Scalar>(sphere: &Sphere<S>) -> [[f64; 3]; 2] {
    let c = sphere.center();
    let lo = c.map(|x| x.bounds().0);
    let hi = c.map(|x| x.bounds().1);
    let r = sphere.radius().bounds().1.as_f64();
    let [lo, _] = swept_box(lo, lo, r);
    let [_, hi] = swept_box(hi, hi, r);
    [lo, hi]
}

/// The faces whose boxes meet the box `[lo, hi]`, each asked `face(slot)` (the face at that
/// slot, [`TriangleMesh::by_slot`]): `True` at the first certain contact.
fn combine<S: Scalar>(
    mesh: &TriangleMesh<S>,
    [lo, hi]: [[f64; 3]; 2],
    mut face: impl FnMut(usize) -> Verdict,
) -> Verdict {
    let mut answer = Verdict::False;
    for i in mesh.near_slots(lo, hi) {
        answer = answer | face(i);
        if answer.is_true() {
            break;
        }
    }
    answer
}
