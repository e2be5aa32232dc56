//! Certified collision queries, written once over [`Scalar`](surety_intervals::Scalar).
//!
//! Each query is generic over the scalar: with `f32`/`f64` it is the plain float query, with
//! [`Interval`](surety_intervals::Interval) the certified one, whose `True`/`False` answers are
//! the exact answers for the given shapes. `True` always means contact (overlap, hit); every
//! query has a `may_…` twin that resolves `Maybe` conservatively, as a collision.
//!
//! Queries are named `[operation]_[shape]_[shape]` and live in files of the same concept.
//!
//! | query | file | answer |
//! |---|---|---|
//! | [`overlap_sphere_aabb`] | `sphere_aabb.rs` | `Verdict` |
//! | [`Plane::signed_distance`], [`Plane::classify`] | `plane.rs` | enclosure; [`Sides`] |
//! | [`point_in_triangle`] | `point_triangle.rs` | `Verdict` |
//! | [`intersect_segment_triangle`] | `segment_triangle.rs` | `Verdict` |
//! | [`cast_ray_triangle`] | `ray_triangle.rs` | [`RayHit`]: `Verdict` and `t` |
//! | [`overlap_triangle_aabb`] | `triangle_aabb.rs` | `Verdict` (13-axis SAT) |
//! | [`overlap_sphere_triangle`] | `sphere_triangle.rs` | `Verdict` |
//! | [`overlap_sphere_obb`] | `sphere_obb.rs` | `Verdict` (two exact certificates) |
//! | [`overlap_obb_obb`] | `obb_obb.rs` | `Verdict` (15-axis SAT) |
//! | [`cast_ray_aabb`] | `ray_aabb.rs` | [`RayAabbHit`]: `Verdict`, entry and exit `t` |
//! | [`overlap_sphere_sphere`], [`overlap_aabb_aabb`] | `simple_overlaps.rs` | `Verdict` |
//! | [`Pose`], [`Posed`] | `pose/` | a shape or a mesh in its own frame, accepted by the queries that take [`Placed`] shapes and [`PlacedMesh`] meshes |
//! | [`sweep_sphere_triangle`] | `motion/sweep.rs` | [`SweepHit`]: `Verdict`, time of impact |
//! | [`move_particle`] | `motion/particle.rs` | [`ParticleMove`]: end, `Verdict` |
//! | [`slide_sphere`] | `motion/slide.rs` | [`Slide`]: end, contacts |
//!
//! # Fast and exact on float shapes
//! The `decide_…` queries, [`orient3d`] and [`Plane::decide_side`] take float shapes (`f32` or
//! `f64`) and run the [filter stack](surety_intervals::stack): each states its deciding
//! formula once (the public [`Formula`](surety_intervals::stack::Formula) types
//! [`SphereAabb`], [`SphereSphere`], [`TriangleAabb`], [`SegmentTriangle`],
//! [`SphereTriangle`], [`ObbObb`], [`RayAabb`], [`PlaneSide`], [`Orient3d`]), and a plain-`f64` filter with a semi-static error bound decides almost every
//! input; intervals and then exact arithmetic take the rest. Under
//! [`Policy::Exact`](surety_intervals::Policy::Exact) the answer is the exact one, never
//! `Maybe`, degenerate inputs included.
//!
//! | query | formula | exact for |
//! |---|---|---|
//! | [`decide_overlap_sphere_aabb`] | `r² - Σ max(lo - c, c - hi, 0)²` | every input |
//! | [`decide_overlap_sphere_sphere`] | `(r_a + r_b)² - |c_b - c_a|²` | every input |
//! | [`decide_overlap_triangle_aabb`] | 13-axis SAT | every input, degenerate triangles |
//! | [`decide_intersect_segment_triangle`] | Möller–Trumbore numerators; SAT in the plane | every input, coplanar and degenerate |
//! | [`decide_point_in_triangle`] | the segment from `p` to `p` | every input, degenerate triangles |
//! | [`decide_overlap_sphere_triangle`] | plane distance inside the edges, else the edges | every input, degenerate triangles |
//! | [`decide_overlap_obb_obb`] | 15-axis SAT with absolute values, completed for flat boxes | every input, flat boxes (linearly dependent axes) included |
//! | [`decide_overlap_sphere_obb`] | the center in the parallelepiped, or within `r` of a face or an edge | every input, skewed and flat boxes included |
//! | [`Plane::decide_side`] | `E²·|n|² - s²` and the sign of `s` | every input |
//! | [`orient3d`] | `((b - a) × (c - a)) · (d - a)` | every input ([`Sign`](surety_intervals::Sign)) |
//! | [`decide_sweep_sphere_triangle`] | the capsule of the center's path within `r`: ends, path through, path against edges | every input, zero and parallel motion |
//! | [`decide_sweep_sphere_mesh`] | each face near the path as [`decide_sweep_sphere_triangle`] | every input (the time from intervals) |
//! | [`decide_hit_ray_aabb`] | the slab test with its divisions multiplied out | every input |
//! | [`decide_overlap_aabb_aabb`] | six comparisons of floats | every input, every policy |
//!
//! # Motion
//! [`move_particle`] (seed 000) and [`slide_sphere`] (seed 003) move bodies through a
//! [`TriangleMesh`] and, with interval scalars, never end in contact or inside: each move is
//! cut before the earliest contact that cannot be ruled out, its end is rounded to the
//! position's float type, and the move actually made (to the rounded end) is checked again and
//! backed off if the check fails. Safety needs no epsilon; [`safe_epsilon`] gives the smallest
//! tolerance for the stop gap. A sphere that starts touching the mesh is first pushed out of
//! the contact where that push can be certified, else left where it is.
//!
//! ```
//! use surety_intervals::{Interval, Verdict};
//! use surety_queries::{overlap_sphere_aabb, Aabb, Sphere};
//! use glam::DVec3;
//!
//! let b = Aabb::<Interval>::new(DVec3::ZERO, DVec3::ONE)?;
//! let s = Sphere::<Interval>::new(DVec3::new(2.0, 2.0, 2.0), 1.0)?;
//! assert_eq!(overlap_sphere_aabb(&s, &b), Verdict::False); // √3 > 1, certainly
//! # Ok::<(), surety_queries::ShapeError>(())
//! ```

#![deny(missing_docs)]

pub mod bvh;
pub mod ccd;
mod error;
mod filter;
mod mesh;
mod motion;
mod pose;
mod query;
#[cfg(feature = "serde")]
pub mod serde;
mod shape;
#[cfg(test)]
mod testing;

pub use error::{Problem, ShapeError};
pub use mesh::{
    cast_ray_mesh, decide_cast_ray_mesh, decide_overlap_sphere_mesh, decide_point_in_mesh,
    decide_sweep_sphere_mesh, overlap_sphere_mesh, point_in_mesh, sweep_sphere_mesh, RayMeshHit,
    SweepMeshHit, TriangleMesh, Triangles, TrianglesIter,
};
pub use motion::{
    closest_point_on_triangle, decide_sweep_sphere_triangle, move_particle, safe_epsilon,
    slide_sphere, sweep_sphere_triangle, ParticleMove, Slide, SlideOptions, SweepHit,
};
pub use pose::{Placed, PlacedMesh, Pose, Posed, Quaternion, Transform};
pub use query::*;
pub use shape::*;
