//! Poses: shapes kept in their own frame and placed in the world, certified.
//!
//! A [`Pose`] is a rotation (the exact rotation of a quaternion, whatever its length), a uniform
//! scale and a translation. A [`Posed`] shape is a shape and its pose; every pairwise query
//! accepts one wherever it accepts the plain shape ([`Placed`]), and every mesh query and
//! mover a posed mesh ([`PlacedMesh`]), which is never rebuilt.

mod frame;
#[allow(clippy::module_inception)] // the concept's folder and its type share the name
mod pose;
mod posed;

pub(crate) use frame::{decide_pair, posed_pair, Frame, PairFormula, PosedPair};
pub use pose::{Pose, Quaternion};
pub(crate) use posed::{enclosed_in_frame, in_frame};
pub use posed::{Placed, PlacedMesh, Posed, Transform};
