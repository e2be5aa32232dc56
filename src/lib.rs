//! # surety: verified geometry
//!
//! Collision code on floats gives wrong booleans near contact: particles tunnel through
//! floors, spheres stick, separating-axis tests divide by zero on parallel edges. surety
//! answers such questions with three values: **certainly true**, **certainly false**, or
//! **maybe**, computed with interval arithmetic under directed rounding.
//!
//! ## The guarantee
//! A certain answer is the answer that exact real arithmetic on the same inputs gives. Never
//! an approximation of it: if surety says [`Verdict::False`], no choice of rounding could make
//! the exact answer true. `Maybe` means the enclosures were too wide to decide; a [`Policy`]
//! turns it into a `bool`, by default the conservative one (a maybe is a collision).
//!
//! ## One formula, plain or certified
//! Geometry is written once, generic over [`Scalar`]. With `f32`/`f64` it is the usual fast
//! float code; with [`Interval<f64>`](Interval) (or `Interval<f32>`) it is certified.
//!
//! ```
//! use surety::prelude::*;
//!
//! /// Is `p` to the left of the line through `a` and `b`? (2-D orientation.)
//! fn left_of<S: Scalar>(a: [S; 2], b: [S; 2], p: [S; 2]) -> Verdict {
//!     ((b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])).gt_zero()
//! }
//!
//! let lift = |v: [f64; 2]| v.map(Interval::<f64>::enclose);
//! let (a, b) = ([12.0, 12.0], [24.0, 24.0]);     // the line y = x
//! let p = [0.5, 0.5 + f64::EPSILON / 2.0];       // one ulp above it: left, exactly
//!
//! assert_eq!(left_of(a, b, p), Verdict::False);  // plain f64: certain, and wrong
//! let v = left_of(lift(a), lift(b), lift(p));
//! assert_eq!(v, Verdict::Maybe);                 // certified: too close to call
//! assert!(v.resolve(Policy::Conservative));      // resolved by the caller's policy
//!
//! let q = [0.5, 0.75];                           // clearly left
//! assert_eq!(left_of(lift(a), lift(b), lift(q)), Verdict::True); // certain, so exact
//! ```
//!
//! ## Fast and exact: the filter stack
//! The queries on float shapes (`decide_…`, [`queries::orient3d`], [`queries::Plane::decide_side`])
//! state their deciding formula once over a [`intervals::Ring`] and run it through the stages of
//! [`intervals::stack`]: a static filter where the formula has one (sphere–AABB, orient3d,
//! segment–triangle, triangle–AABB: the plain float formula with a bound derived by hand, at
//! about the cost of the unchecked query), plain `f64` with an error bound computed alongside
//! (a few times the cost of the plain float query), then intervals, then exact arithmetic,
//! which only [`Policy::Exact`] reaches. A formula with its own adaptive exact stage (orient3d)
//! tries it right after the static filter, under every policy.
//! Under [`Policy::Exact`] the answer is never `Maybe`: it is the exact answer, degenerate
//! inputs included.
//!
//! ```
//! use surety::prelude::*;
//!
//! let b = Aabb::<f32>::new(Vec3::new(0.0, 0.0, 0.0), Vec3::new(1.0, 1.0, 1.0))?;
//! // By a box edge: the f32 sums of squares round the wrong way here.
//! let s = Sphere::<f32>::new(Vec3::new(1.461_878_4, 1.327_643, 0.5), 0.566_287_6)?;
//! assert_eq!(overlap_sphere_aabb(&s, &b), Verdict::True); // plain f32: wrong
//! assert_eq!(decide_overlap_sphere_aabb(&s, &b, Policy::Exact), Verdict::False); // exact
//! # Ok::<(), ShapeError>(())
//! ```
//!
//! ## f32 or f64
//! Both are supported as plain scalars and as interval ends. Inputs that arrive as `f32` are
//! usually best lifted exactly into `Interval<f64>`: the extra precision makes `Maybe` rarer,
//! and `Interval<f32>` costs a little more, since it runs the `f64` arithmetic and then rounds
//! outward to `f32`.
//!
//! ## Crates
//! - [`intervals`] (`surety-intervals`): [`Interval`], [`Verdict`], [`Policy`], [`Scalar`],
//!   [`Vec3`], glam conversions, the filter stack ([`intervals::Ring`], [`intervals::stack`]);
//!   with the feature `quickcheck` generators for containment proofs, with `exact` an exact
//!   rational oracle, with `counters` per-thread counts of the stage that decided.
//! - [`queries`] (`surety-queries`): shapes and queries; meshes and their bounding volume
//!   hierarchy ([`queries::bvh`]); motion; continuous collision detection ([`queries::ccd`]).
//!
//! ## Backends
//! Directed rounding comes from `inari` where it builds (x86-64 with AVX and FMA enabled at
//! compile time, AArch64) and from a portable backend everywhere else, or anywhere with the
//! feature `portable` (round-to-nearest plus error-free transformations). Both give the same
//! guarantees and ends; nothing needs configuring. [`intervals::BACKEND`] names the one in use.
//! On x86-64, `-C target-cpu=haswell` (or `native`) in your `.cargo/config.toml` selects inari
//! and gives the portable backend hardware FMA:
//!
//! ```toml
//! [target.'cfg(target_arch = "x86_64")']
//! rustflags = ["-C", "target-cpu=haswell"]
//! ```

#![deny(missing_docs)]

pub use surety_intervals as intervals;
pub use surety_queries as queries;

pub use surety_intervals::{
    End, Endpoint, Interval, IntervalError, Policy, Scalar, Sign, Vec3, Verdict,
};

/// The names most code needs: `use surety::prelude::*;` (numbers, verdicts, shapes and the
/// queries; the conservative `may_…` twins are in [`queries`]).
///
/// # Example
/// ```
/// use surety::prelude::*;
///
/// let x: Interval = Interval::new(1.0, 2.0)?;
/// assert_eq!(x.gt_zero(), Verdict::True);
/// assert_eq!((-3.0f64).sqr(), 9.0); // Ring's square, on plain floats too
/// # Ok::<(), surety::IntervalError>(())
/// ```
pub mod prelude {
    // `Ring` brings `sqr`, `abs`, `min`, `max` and the sign verdicts to every scalar.
    pub use crate::intervals::Ring;
    pub use crate::{Interval, IntervalError, Policy, Scalar, Sign, Vec3, Verdict};
    pub use surety_queries::{
        cast_ray_aabb, cast_ray_triangle, intersect_segment_triangle, overlap_aabb_aabb,
        overlap_obb_obb, overlap_sphere_aabb, overlap_sphere_obb, overlap_sphere_sphere,
        overlap_sphere_triangle, overlap_triangle_aabb, point_in_triangle, Aabb, Obb, Placed,
        PlacedMesh, Plane, Pose, Posed, Ray, Segment, ShapeError, Side, Sphere, Triangle,
    };
    pub use surety_queries::{
        cast_ray_mesh, decide_cast_ray_mesh, decide_overlap_sphere_mesh, decide_point_in_mesh,
        decide_sweep_sphere_mesh, move_particle, overlap_sphere_mesh, point_in_mesh, slide_sphere,
        sweep_sphere_mesh, sweep_sphere_triangle, RayMeshHit, SlideOptions, SweepMeshHit,
        TriangleMesh,
    };
    pub use surety_queries::{
        decide_hit_ray_aabb, decide_hit_ray_triangle, decide_intersect_segment_triangle,
        decide_overlap_aabb_aabb, decide_overlap_obb_obb, decide_overlap_sphere_aabb,
        decide_overlap_sphere_obb, decide_overlap_sphere_sphere, decide_overlap_sphere_triangle,
        decide_overlap_triangle_aabb, decide_point_in_triangle, decide_sweep_sphere_triangle,
        orient3d,
    };
}

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
