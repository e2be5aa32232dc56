//! Float shapes into the filter stack: their coordinates as exact `f64`s.

use surety_intervals::{Scalar, Vec3};

/// The coordinates of a float vector, exactly, as `f64` (every `f32` is an `f64`).
#[inline]
pub(crate) fn coords<S: Scalar + Into<f64>>(v: Vec3<S>) -> [f64; 3] {
    v.to_array().map(Into::into)
}
