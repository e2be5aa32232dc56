//! Certified numbers for geometry: intervals with directed rounding, three-valued verdicts, and
//! a scalar trait that lets one formula run on plain floats or on intervals.
//!
//! # The guarantee
//! An [`Interval`] stands for an unknown real number inside it. Every operation returns an
//! interval that holds the exact real result for every choice of members of its operands, and
//! every comparison returns a [`Verdict`]: `True` or `False` only when that is the exact answer
//! for every such choice, `Maybe` otherwise. A certain answer is never wrong.
//!
//! # One formula, two meanings
//! Write geometry once, generic over [`Scalar`]. With `f32`/`f64` it is the usual fast
//! floating-point code; with `Interval<f64>` (or `Interval<f32>`) it is certified.
//!
//! ```
//! use surety_intervals::{Interval, Policy, Scalar, Vec3, Verdict};
//!
//! /// Which side of the plane through `a, b, c` is `d` on? (The sign of a 3×3 determinant.)
//! fn above<S: Scalar>(a: Vec3<S>, b: Vec3<S>, c: Vec3<S>, d: Vec3<S>) -> Verdict {
//!     (b - a).cross(c - a).dot(d - a).gt_zero()
//! }
//!
//! let p = |x: f64, y: f64, z: f64| Vec3::new(x, y, z);
//! let (a, b, c) = (p(0.1, 0.2, 0.3), p(1.7, 0.4, 0.9), p(0.3, 2.9, 0.1));
//! let d = a + (b - a) * 0.5 + (c - a) * 0.25; // on the plane, up to rounding
//!
//! let plain = above(a, b, c, d);                // a certain-looking answer from floats
//! let lift = Vec3::<Interval>::lift_f64;
//! let certified = above(lift(a), lift(b), lift(c), lift(d));
//! assert!(plain.is_certain());
//! // The certified answer is either exact or honest about not knowing.
//! if certified.is_maybe() {
//!     assert!(certified.resolve(Policy::Conservative));
//! }
//! ```
//!
//! # Modules
//! - [`Interval`]: construction ([`Interval::new`] validates), arithmetic (`+ - * /`,
//!   [`sqr`](Interval::sqr), [`sqrt`](Interval::sqrt), [`abs`](Interval::abs),
//!   [`min`](Interval::min), [`max`](Interval::max), [`mul_add`](Interval::mul_add)) and
//!   comparisons ([`lt`](Interval::lt), [`le`](Interval::le), …) that return verdicts.
//! - [`Verdict`] and [`Policy`]: the three-valued answer and how `Maybe` becomes a `bool`.
//! - [`Scalar`] and [`Vec3`]: generic numbers and vectors; `glam` conversions in and out.
//! - `arbitrary` (feature `quickcheck`) and `exact` (feature `exact`): generators and an exact
//!   rational oracle for writing containment proofs of your own.
//!
//! # Backends
//! Directed rounding comes from `inari` where it builds (x86-64 with AVX and FMA enabled at
//! compile time, AArch64) and from a portable backend everywhere else (error-free
//! transformations in round-to-nearest, no rounding-mode switch); the feature `portable`
//! selects the portable one anywhere. Both give the same guarantees; [`BACKEND`] names the one
//! in use. Nothing needs configuring: on x86-64, `-C target-cpu=haswell` (or `native`) in
//! `.cargo/config.toml` is a speed tip, not a requirement (see the README for the figures).

#![deny(missing_docs)]

mod arith;
mod backend;
mod compare;
mod dyadic;
pub mod eft;
mod elementary;
mod endpoint;
mod error;
mod expansion;
mod filtered;
mod format;
mod glam;
mod interval;
mod policy;
mod ring;
mod scalar;
mod sign;
pub mod stack;
mod vec3;
mod verdict;

#[cfg(feature = "quickcheck")]
pub mod arbitrary;
#[cfg(feature = "exact")]
pub mod exact;
#[cfg(feature = "mint")]
pub mod mint;
#[cfg(feature = "serde")]
pub mod serde;

#[doc(hidden)]
pub use backend::portable;
pub use backend::BACKEND;
pub use dyadic::Dyadic;
pub use endpoint::Endpoint;
pub use error::{End, IntervalError};
pub use expansion::Expansion;
pub use filtered::Filtered;
pub use interval::Interval;
pub use policy::Policy;
pub use ring::{cross3, dot3, lift3, sub3, Ring, Ring3};
pub use scalar::Scalar;
pub use sign::Sign;
pub use vec3::Vec3;
pub use verdict::Verdict;
