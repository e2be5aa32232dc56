//! Triangle meshes and the queries against a whole mesh, each through the mesh's hierarchy.

mod cast_ray_mesh;
mod triangle_mesh;

pub use cast_ray_mesh::{cast_ray_mesh, decide_cast_ray_mesh, RayMeshHit};
pub(crate) use triangle_mesh::swept_box;
pub use triangle_mesh::TriangleMesh;
