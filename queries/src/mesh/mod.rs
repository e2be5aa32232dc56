//! Triangle meshes and the queries against a whole mesh, each through the mesh's hierarchy.

mod cast_ray_mesh;
mod narrow;
mod overlap_sphere_mesh;
mod point_in_mesh;
mod sweep_sphere_mesh;
mod triangle_mesh;
mod triangles;

pub use cast_ray_mesh::{cast_ray_mesh, decide_cast_ray_mesh, RayMeshHit};
pub use overlap_sphere_mesh::{decide_overlap_sphere_mesh, overlap_sphere_mesh};
pub use point_in_mesh::{decide_point_in_mesh, point_in_mesh};
pub use sweep_sphere_mesh::{decide_sweep_sphere_mesh, sweep_sphere_mesh, SweepMeshHit};
pub use triangle_mesh::TriangleMesh;
pub(crate) use triangle_mesh::{points_box, swept_box};
pub use triangles::{Iter as TrianglesIter, Triangles};
