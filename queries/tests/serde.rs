//! Saving and loading: every shape, pose, mesh and CCD query comes back bit-exactly through
//! `serde_json` (with `float_roundtrip`), and invalid files are errors naming the field.

use glam::DQuat;
use surety_intervals::{Interval, Policy, Vec3, Verdict};
use surety_queries::ccd::{CcdMesh, CcdOptions, CcdQuery, StepOptions};
use surety_queries::{
    decide_cast_ray_mesh, Aabb, Obb, Plane, Pose, Posed, Ray, Segment, Sphere, Triangle,
    TriangleMesh,
};

/// Awkward doubles: subnormal, huge, negative zero, one ulp off a tie, float-computed.
const NUMBERS: [f64; 12] = [
    0.0,
    -0.0,
    1.0,
    0.1,
    0.30000000000000004,
    5e-324,
    -2.2250738585072014e-308,
    1.7976931348623157e308,
    -1e300,
    1e-17,
    std::f64::consts::FRAC_1_SQRT_2,
    3.0000000000000004,
];

struct Rng(u64);

impl Rng {
    fn pick(&mut self) -> f64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        NUMBERS[(self.0 % NUMBERS.len() as u64) as usize]
    }

    fn vec(&mut self) -> Vec3<f64> {
        Vec3::new(self.pick(), self.pick(), self.pick())
    }
}

/// The JSON text of `x` read back, and written again: the same text (every float kept, bit
/// for bit: JSON's shortest round-trip form).
fn round_trip<T: serde::Serialize + serde::de::DeserializeOwned>(x: &T) -> T {
    let json = serde_json::to_string(x).expect("saves");
    let back: T = serde_json::from_str(&json).expect("loads");
    assert_eq!(serde_json::to_string(&back).expect("saves"), json);
    back
}

fn bits(v: Vec3<f64>) -> [u64; 3] {
    v.to_array().map(f64::to_bits)
}

#[test]
fn shapes_come_back_bit_exactly() {
    let mut rng = Rng(0x5e7de);
    for _ in 0..2000 {
        let (a, b, c) = (rng.vec(), rng.vec(), rng.vec());
        let r = rng.pick().abs();
        let s = Sphere::<f64>::new(a, r).unwrap();
        let back = round_trip(&s);
        assert_eq!(bits(back.center()), bits(a));
        assert_eq!(back.radius().to_bits(), r.to_bits());
        let t = Triangle::<f64>::new(a, b, c).unwrap();
        assert_eq!(round_trip(&t).corners().map(bits), [a, b, c].map(bits));
        let seg = Segment::<f64>::new(a, b).unwrap();
        assert_eq!(bits(round_trip(&seg).q()), bits(b));
        let ray = Ray::<f64>::new(a, b).unwrap();
        assert_eq!(bits(round_trip(&ray).direction()), bits(b));
        if let Ok(bx) = Aabb::<f64>::new(a.min(b), a.max(b)) {
            assert_eq!(round_trip(&bx), bx);
        }
        let obb = Obb::<f64>::new(a, [a, b, c], b.abs()).unwrap();
        assert_eq!(round_trip(&obb).axes().map(bits), [a, b, c].map(bits));
        if let Ok(p) = Plane::<f64>::new(b, r) {
            assert_eq!(round_trip(&p), p);
        }
        // Interval shapes: both ends of every coordinate.
        let lo = |v: Vec3<f64>| v.map(|x| Interval::new(x.min(r), x.max(r)).unwrap());
        let si = Sphere::<Interval>::new(lo(a), Interval::new(0.0, r).unwrap()).unwrap();
        assert_eq!(round_trip(&si), si);
        let t32 = Triangle::<Interval<f32>>::new(
            Vec3::<Interval<f32>>::lift_f64(a.map(|x| x.clamp(-1e30, 1e30))),
            Vec3::<Interval<f32>>::lift_f64(b.map(|x| x.clamp(-1e30, 1e30))),
            Vec3::<Interval<f32>>::lift_f64(c.map(|x| x.clamp(-1e30, 1e30))),
        )
        .unwrap();
        assert_eq!(round_trip(&t32), t32);
    }
}

#[test]
fn poses_meshes_and_ccd_queries_come_back() {
    let rotation = DQuat::from_axis_angle(glam::DVec3::new(0.3, 0.4, 0.5).normalize(), 0.7);
    let pose = Pose::new(rotation, [1e12, -0.1, 3.0])
        .unwrap()
        .with_scale(0.2)
        .unwrap();
    assert_eq!(round_trip(&pose), pose);
    let cube: Vec<Vec3<f64>> = (0..8)
        .map(|i| Vec3::new((i & 1) as f64, (i >> 1 & 1) as f64, (i >> 2) as f64))
        .collect();
    let faces = [[0, 2, 1], [1, 2, 3], [4, 5, 6], [5, 7, 6]];
    let mesh = TriangleMesh::<f64>::new(&cube, &faces).unwrap();
    let placed = Posed::new(pose, mesh.clone());
    let back = round_trip(&placed);
    assert_eq!(back.pose, pose);
    assert_eq!(back.shape.triangles(), mesh.triangles());
    // The loaded mesh answers as the saved one (its hierarchy rebuilt).
    let ray = Ray::<f64>::new(Vec3::new(0.5, 0.25, 3.0), Vec3::new(0.0, 0.0, -1.0)).unwrap();
    let here = decide_cast_ray_mesh(&mesh, &ray, f64::INFINITY, Policy::Exact).unwrap();
    let there = decide_cast_ray_mesh(&back.shape, &ray, f64::INFINITY, Policy::Exact).unwrap();
    assert_eq!(
        (here.hit, here.face, here.t),
        (there.hit, there.face, there.t)
    );
    assert_eq!(here.hit, Verdict::True);

    let z = Vec3::new(0.1, -0.0, 5e-324);
    let q = CcdQuery::EdgeEdge {
        start: [z, z * 2.0, z * 3.0, z],
        end: [z; 4],
    };
    assert_eq!(round_trip(&q), q);
    let options = CcdOptions {
        min_separation: 1e-3,
        ..CcdOptions::default()
    };
    assert_eq!(round_trip(&options), options);
    let step = StepOptions::default();
    assert_eq!(round_trip(&step), step);
    let ccd_mesh = CcdMesh::new(4, &[[0, 1, 2], [0, 3, 1]]).unwrap();
    assert_eq!(round_trip(&ccd_mesh), ccd_mesh);
}

/// A file that describes no valid shape is an error that names the shape and the field.
#[test]
fn invalid_files_are_errors_naming_the_field() {
    let err = |json: &str, what: &str| {
        let e = match what {
            "sphere" => serde_json::from_str::<Sphere<f64>>(json).map(|_| ()),
            "interval" => serde_json::from_str::<Interval>(json).map(|_| ()),
            "pose" => serde_json::from_str::<Pose>(json).map(|_| ()),
            "mesh" => serde_json::from_str::<CcdMesh>(json).map(|_| ()),
            "obb" => serde_json::from_str::<Obb<f64>>(json).map(|_| ()),
            _ => unreachable!(),
        };
        e.expect_err(json).to_string()
    };
    assert!(
        err(r#"{"center":{"x":0,"y":0,"z":0},"radius":-1}"#, "sphere")
            .contains("sphere radius must be >= 0")
    );
    assert!(err("[1.0, 0.5]", "interval")
        .contains("interval lower end 1 is greater than its upper end 0.5"));
    assert!(err(
        r#"{"rotation":[0,0,0,0],"translation":[0,0,0],"scale":1}"#,
        "pose"
    )
    .contains("pose rotation must not be the zero vector"));
    assert!(err(
        r#"{"rotation":[0,0,0,1],"translation":[0,0,0],"scale":0}"#,
        "pose"
    )
    .contains("pose scale"));
    assert!(err(r#"{"vertex_count":2,"edges":[[0,5]],"faces":[]}"#, "mesh").contains("edges"));
    let obb = r#"{"center":{"x":0,"y":0,"z":0},"axes":[{"x":1,"y":0,"z":0},{"x":0,"y":1,"z":0},{"x":0,"y":0,"z":1}],"half_extents":{"x":1,"y":-2,"z":1}}"#;
    assert!(err(obb, "obb").contains("obb half_extents"));
    // Unknown fields are refused rather than dropped.
    assert!(err(
        r#"{"center":{"x":0,"y":0,"z":0},"radius":1,"mass":2}"#,
        "sphere"
    )
    .contains("unknown field `mass`"));
}
