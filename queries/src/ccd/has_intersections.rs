//! Whether a mesh intersects itself: the check a CCD step starts from (a mesh that starts
//! intersected has no collision-free step that fixes it).

use surety_intervals::{Policy, Vec3, Verdict};

use super::collision_free_step::vertices;
use super::{parallel, CcdMesh};
use crate::bvh::{meets, union, Box3, Bvh};
use crate::{decide_intersect_segment_triangle, Segment, ShapeError, Triangle};

/// Whether two faces of the mesh that share no vertex intersect (touching counts), decided
/// exactly on the given positions.
///
/// Faces that share a vertex or an edge are not compared (they touch by construction). Two
/// closed triangles meet exactly when a side of one meets the other (a point of their
/// intersection that is extreme along it lies on a side of one of them), so each pair costs
/// six exact segment–triangle tests ([`decide_intersect_segment_triangle`] under
/// [`Policy::Exact`], coplanar and degenerate triangles included), after a bounding volume
/// hierarchy has kept only the pairs whose boxes meet.
///
/// # Errors
/// A [`ShapeError`] when `v` does not have one position per vertex or a coordinate is not
/// finite.
///
/// # Example
/// ```
/// use surety_queries::ccd::{has_intersections, CcdMesh};
///
/// // Two triangles, the second crossing the first's plane inside it, then lifted clear.
/// let mesh = CcdMesh::new(6, &[[0, 1, 2], [3, 4, 5]])?;
/// let flat = [[0.0, 0.0, 0.0], [4.0, 0.0, 0.0], [0.0, 4.0, 0.0]];
/// let crossing = [[1.0, 1.0, -1.0], [1.0, 1.0, 1.0], [2.0, 1.0, 1.0]];
/// let v: Vec<[f64; 3]> = flat.iter().chain(&crossing).copied().collect();
/// assert!(has_intersections(&mesh, &v)?);
/// let lifted: Vec<[f64; 3]> =
///     flat.iter().copied().chain(crossing.map(|[x, y, z]| [x, y, z + 1.0])).collect();
/// assert!(has_intersections(&mesh, &lifted)?); // touching at z = 0 counts
/// let clear: Vec<[f64; 3]> =
///     flat.iter().copied().chain(crossing.map(|[x, y, z]| [x, y, z + 1.5])).collect();
/// assert!(!has_intersections(&mesh, &clear)?);
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
pub fn has_intersections<P: Into<Vec3<f64>> + Copy>(
    mesh: &CcdMesh,
    v: &[P],
) -> Result<bool, ShapeError> {
    let x = vertices(mesh.vertex_count(), "v", v)?;
    let corner = |i: u32| Vec3::from(x[i as usize]);
    let boxes: Vec<Box3> = mesh
        .faces()
        .iter()
        .map(|f| {
            f.iter()
                .map(|&i| [x[i as usize]; 2])
                .fold(crate::bvh::EMPTY, union)
        })
        .collect();
    let bvh = Bvh::new(&boxes)?;
    let triangle = |f: [u32; 3]| Triangle::new(corner(f[0]), corner(f[1]), corner(f[2]));
    let faces: Vec<u32> = (0..mesh.faces().len() as u32).collect();
    Ok(parallel::any(&faces, |&i| {
        let a = mesh.faces()[i as usize];
        // The hierarchy yields whole leaves: each item's own box is tested too (closed
        // boxes, so touching faces are kept).
        bvh.overlapping(boxes[i as usize]).any(|j| {
            let b = mesh.faces()[j];
            j > i as usize
                && meets(&boxes[i as usize], &boxes[j])
                && !a.iter().any(|v| b.contains(v))
                && intersect(a, b, &triangle)
        })
    }))
}

/// Whether a side of either face meets the other face.
fn intersect(
    a: [u32; 3],
    b: [u32; 3],
    triangle: &impl Fn([u32; 3]) -> Result<Triangle<f64>, ShapeError>,
) -> bool {
    let (Ok(ta), Ok(tb)) = (triangle(a), triangle(b)) else {
        // Unreachable: the positions are finite (checked).
        return true;
    };
    let sides_meet = |t: &Triangle<f64>, other: &Triangle<f64>| {
        let c = t.corners();
        (0..3).any(|k| match Segment::new(c[k], c[(k + 1) % 3]) {
            Ok(s) => decide_intersect_segment_triangle(&s, other, Policy::Exact) == Verdict::True,
            Err(_) => true,
        })
    };
    sides_meet(&ta, &tb) || sides_meet(&tb, &ta)
}
