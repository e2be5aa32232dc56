//! Certified collision queries, written once over [`Scalar`](surety_intervals::Scalar).
//!
//! This crate holds surety's shapes and queries (sphere–AABB, planes, triangles, boxes, motion
//! and continuous collision detection). Each query is generic over the scalar: with `f32`/`f64`
//! it is the plain float query, with [`Interval`](surety_intervals::Interval) the certified one
//! whose `True`/`False` answers are exact. It depends on `surety-intervals` and nothing depends
//! on it but the `surety` facade.
//!
//! The queries land one family at a time; until then this crate only fixes its place in the
//! workspace.

#![deny(missing_docs)]
