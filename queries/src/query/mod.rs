//! The pairwise queries, one file each, named after the pair: the generic query on the
//! shapes' own scalar, its `may_…` form, and its `decide_…` form through the filter stack.

mod obb_obb;
mod orient;
mod point_triangle;
mod ray_aabb;
mod ray_triangle;
pub(crate) mod segment_triangle;
mod simple_overlaps;
mod sphere_aabb;
mod sphere_obb;
pub(crate) mod sphere_triangle;
mod triangle_aabb;

pub use obb_obb::{decide_overlap_obb_obb, may_overlap_obb_obb, overlap_obb_obb, ObbObb};
pub use orient::{orient3d, Orient3d};
pub use point_triangle::{decide_point_in_triangle, may_be_in_triangle, point_in_triangle};
pub use ray_aabb::{cast_ray_aabb, decide_hit_ray_aabb, may_hit_ray_aabb, RayAabb, RayAabbHit};
pub(crate) use ray_triangle::hit_parameter;
pub use ray_triangle::{cast_ray_triangle, decide_hit_ray_triangle, may_hit_ray_triangle, RayHit};
pub(crate) use segment_triangle::BoundedRayTriangle;
pub use segment_triangle::{
    decide_intersect_segment_triangle, intersect_segment_triangle, may_intersect_segment_triangle,
    SegmentTriangle,
};
pub use simple_overlaps::{
    decide_overlap_aabb_aabb, decide_overlap_sphere_sphere, may_overlap_aabb_aabb,
    may_overlap_sphere_sphere, overlap_aabb_aabb, overlap_sphere_sphere, SphereSphere,
};
pub use sphere_aabb::{
    decide_overlap_sphere_aabb, may_overlap_sphere_aabb, overlap_sphere_aabb, SphereAabb,
};
pub use sphere_obb::{decide_overlap_sphere_obb, may_overlap_sphere_obb, overlap_sphere_obb};
pub use sphere_triangle::{
    decide_overlap_sphere_triangle, may_overlap_sphere_triangle, overlap_sphere_triangle,
    SphereTriangle,
};
pub use triangle_aabb::{
    decide_overlap_triangle_aabb, may_overlap_triangle_aabb, overlap_triangle_aabb, TriangleAabb,
};
