//! The shapes: each validated by its constructor, each generic over its scalar.

mod aabb;
mod obb;
mod plane;
mod ray;
mod segment;
mod sphere;
mod triangle;
pub(crate) mod validate;

pub use aabb::Aabb;
pub use obb::Obb;
pub use plane::{Plane, PlaneSide, Side, Sides};
pub use ray::Ray;
pub use segment::Segment;
pub use sphere::Sphere;
pub use triangle::Triangle;
