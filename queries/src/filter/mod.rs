//! Pieces of the filter stack shared by several queries: the static filters' error bounds,
//! orient3d's adaptive stage, Möller–Trumbore stated once, float shapes lifted into it, and
//! convex sets proven apart along an axis in floats.

pub(crate) mod apart;
pub(crate) mod lift;
pub(crate) mod moller_trumbore;
pub(crate) mod orient_adaptive;
pub(crate) mod scale;
pub(crate) mod static_filter;
pub(crate) mod widen;
