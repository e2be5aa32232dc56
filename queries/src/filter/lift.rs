//! Float shapes into the filter stack: their coordinates as exact `f64`s.

use surety_intervals::{Scalar, Vec3};

/// The coordinates of a float vector, exactly, as `f64` (every `f32` is an `f64`).
#[inline]
pub(crate) fn coords<S: Scalar + Into<f64>>(v: Vec3<S>) -> [f64; 3] {
    v.to_array().map(Into::into)
}

/// A formula's stored coordinates, read one `f64` at a time, for its static filter.
///
/// Building a formula just before filtering it converts the inputs with wide stores (four
/// `f32`s to four `f64`s at a time); left to itself the compiler then reloads pairs of
/// coordinates that straddle two of those stores, and every such load waits for both stores to
/// retire (a store-to-load forwarding stall). Volatile reads cannot be merged into wider ones,
/// so each lies within one store and is forwarded. Measured on random `f32` shapes
/// (`benches/stack.rs`): segment–triangle's static filter took 27 ns on prebuilt formulas but
/// 43 ns when each was built just before, 33 ns with these loads; triangle–AABB's went from
/// 94 to 83 ns. Used only where measured to help: sphere–AABB (5.6 → 9.0 ns) and orient3d
/// (10 → 18 ns), whose filters load no straddling pairs, got slower.
#[inline(always)]
pub(crate) fn load3(v: &[f64; 3]) -> [f64; 3] {
    // SAFETY: each pointer comes from a reference to an initialised, aligned `f64`.
    v.each_ref().map(|x| unsafe { std::ptr::read_volatile(x) })
}
