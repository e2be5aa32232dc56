//! Does a ball touch a mesh's surface?

use surety_intervals::{Endpoint, Policy, Scalar, Verdict};

use crate::mesh::swept_box;
use crate::{decide_overlap_sphere_triangle, overlap_sphere_triangle, Sphere, TriangleMesh};

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
pub fn overlap_sphere_mesh<S: Scalar>(sphere: &Sphere<S>, mesh: &TriangleMesh<S>) -> Verdict {
    combine(sphere, mesh, |i| {
        overlap_sphere_triangle(sphere, &mesh.triangles()[i])
    })
}

/// [`overlap_sphere_mesh`] on float shapes, each face through the
/// [filter stack](surety_intervals::stack): exact under [`Policy::Exact`].
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
    sphere: &Sphere<S>,
    mesh: &TriangleMesh<S>,
    policy: Policy,
) -> Verdict {
    combine(sphere, mesh, |i| {
        decide_overlap_sphere_triangle(sphere, &mesh.triangles()[i], policy)
    })
}

/// The faces whose boxes meet the ball's box (rounded outward), each asked `face(i)`: `True`
/// at the first certain contact.
fn combine<S: Scalar>(
    sphere: &Sphere<S>,
    mesh: &TriangleMesh<S>,
    mut face: impl FnMut(usize) -> Verdict,
) -> Verdict {
    let c = sphere.center();
    let lo = c.map(|x| x.bounds().0);
    let hi = c.map(|x| x.bounds().1);
    let r = sphere.radius().bounds().1.as_f64();
    let [lo, _] = swept_box(lo, lo, r);
    let [_, hi] = swept_box(hi, hi, r);
    let mut answer = Verdict::False;
    for i in mesh.near(lo, hi) {
        answer = answer | face(i);
        if answer.is_true() {
            break;
        }
    }
    answer
}
