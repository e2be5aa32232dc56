//! Saving and loading (the `serde` feature): shapes, poses, posed shapes, meshes, and CCD
//! queries, meshes and options.
//!
//! Every shape is saved as its fields and rebuilt on loading by its constructor, so a loaded
//! shape is always a valid one: a file with a NaN coordinate or a negative radius is an error
//! naming the shape and the field (as the constructor's [`ShapeError`] does), never a shape
//! that breaks the guarantees. A mesh is saved as its triangles and gets its hierarchy back
//! when loaded; a pose as its quaternion, translation and scale. Floats are saved bit-exactly
//! by every format that keeps them (for `serde_json`, turn on its `float_roundtrip` feature):
//! a failing case saved from a test loads back as the same case.
//!
//! # Example
//! ```
//! use surety_intervals::{Interval, Vec3};
//! use surety_queries::{Pose, Posed, Sphere};
//!
//! let ball = Sphere::<Interval>::new(Vec3::lift_f64(Vec3::new(0.1, 0.2, 0.3)), 0.5)?;
//! let placed = Posed::new(Pose::from_translation([1e9, 0.0, 0.0])?, ball);
//! let json = serde_json::to_string(&placed).unwrap();
//! let back: Posed<Sphere<Interval>> = serde_json::from_str(&json).unwrap();
//! assert_eq!(back, placed);
//! let bad = r#"{"center":[[0.0,0.0],[0.0,0.0],[0.0,0.0]],"radius":[-1.0,-1.0]}"#;
//! let err = serde_json::from_str::<Sphere<Interval>>(bad).unwrap_err();
//! assert!(err.to_string().contains("sphere radius"));
//! # Ok::<(), surety_queries::ShapeError>(())
//! ```

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use surety_intervals::{Scalar, Vec3};

use crate::ccd::CcdMesh;
use crate::{
    Aabb, Obb, Plane, Pose, Ray, Segment, ShapeError, Sphere, Triangle, TriangleMesh, Triangles,
};

/// A shape saved as its fields (read back by its accessors) and loaded through its
/// constructor.
macro_rules! shape {
    ($Shape:ident, $Raw:ident { $($field:ident : $ty:ty),* }, |$r:ident| $build:expr) => {
        #[derive(Serialize, Deserialize)]
        #[serde(
            deny_unknown_fields,
            bound(serialize = "S: Scalar + Serialize", deserialize = "S: Scalar + Deserialize<'de>")
        )]
        struct $Raw<S> {
            $($field: $ty),*
        }

        impl<S: Scalar + Serialize> Serialize for $Shape<S> {
            fn serialize<Z: Serializer>(&self, s: Z) -> Result<Z::Ok, Z::Error> {
                $Raw { $($field: self.$field()),* }.serialize(s)
            }
        }

        impl<'de, S: Scalar + Deserialize<'de>> Deserialize<'de> for $Shape<S> {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let $r = $Raw::<S>::deserialize(d)?;
                let built: Result<Self, ShapeError> = $build;
                built.map_err(D::Error::custom)
            }
        }
    };
}

shape!(Sphere, SphereRaw { center: Vec3<S>, radius: S }, |r| Sphere::new(r.center, r.radius));
shape!(Aabb, AabbRaw { min: Vec3<S>, max: Vec3<S> }, |r| Aabb::new(r.min, r.max));
shape!(
    Obb,
    ObbRaw { center: Vec3<S>, axes: [Vec3<S>; 3], half_extents: Vec3<S> },
    |r| Obb::new(r.center, r.axes, r.half_extents)
);
shape!(Triangle, TriangleRaw { corners: [Vec3<S>; 3] }, |r| {
    let [a, b, c] = r.corners;
    Triangle::new(a, b, c)
});
shape!(Segment, SegmentRaw { p: Vec3<S>, q: Vec3<S> }, |r| Segment::new(r.p, r.q));
shape!(Ray, RayRaw { origin: Vec3<S>, direction: Vec3<S> }, |r| Ray::new(
    r.origin,
    r.direction
));
shape!(Plane, PlaneRaw { normal: Vec3<S>, offset: S }, |r| Plane::new(r.normal, r.offset));

/// A mesh: its triangles (the hierarchy is rebuilt on loading).
impl<S: Scalar + Serialize> Serialize for TriangleMesh<S> {
    fn serialize<Z: Serializer>(&self, s: Z) -> Result<Z::Ok, Z::Error> {
        /// The triangles in the order given, as a sequence.
        struct InOrder<'a, S>(Triangles<'a, S>);
        impl<S: Scalar + Serialize> Serialize for InOrder<'_, S> {
            fn serialize<Z: Serializer>(&self, s: Z) -> Result<Z::Ok, Z::Error> {
                s.collect_seq(self.0.iter())
            }
        }
        #[derive(Serialize)]
        #[serde(bound(serialize = "S: Scalar + Serialize"))]
        struct MeshRef<'a, S> {
            triangles: InOrder<'a, S>,
        }
        MeshRef {
            triangles: InOrder(self.triangles()),
        }
        .serialize(s)
    }
}

impl<'de, S: Scalar + Deserialize<'de>> Deserialize<'de> for TriangleMesh<S> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(
            deny_unknown_fields,
            bound(deserialize = "S: Scalar + Deserialize<'de>")
        )]
        struct MeshRaw<S> {
            triangles: Vec<Triangle<S>>,
        }
        let r = MeshRaw::<S>::deserialize(d)?;
        TriangleMesh::from_triangles(r.triangles).map_err(D::Error::custom)
    }
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct PoseRaw {
    rotation: [f64; 4],
    translation: [f64; 3],
    scale: f64,
}

impl Serialize for Pose {
    fn serialize<Z: Serializer>(&self, s: Z) -> Result<Z::Ok, Z::Error> {
        PoseRaw {
            rotation: self.rotation(),
            translation: self.translation(),
            scale: self.scale(),
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for Pose {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let r = PoseRaw::deserialize(d)?;
        Pose::new(r.rotation, r.translation)
            .and_then(|p| p.with_scale(r.scale))
            .map_err(D::Error::custom)
    }
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct CcdMeshRaw {
    vertex_count: usize,
    edges: Vec<[u32; 2]>,
    faces: Vec<[u32; 3]>,
}

impl Serialize for CcdMesh {
    fn serialize<Z: Serializer>(&self, s: Z) -> Result<Z::Ok, Z::Error> {
        CcdMeshRaw {
            vertex_count: self.vertex_count(),
            edges: self.edges().to_vec(),
            faces: self.faces().to_vec(),
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for CcdMesh {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let r = CcdMeshRaw::deserialize(d)?;
        CcdMesh::with_edges(r.vertex_count, &r.edges, &r.faces).map_err(D::Error::custom)
    }
}
