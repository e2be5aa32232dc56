//! The ecosystem's types in and out: parry3d's vectors and rotations (glam 0.33), bevy's glam
//! (0.30), glam 0.34, mint, and serde; each conversion exact where the types allow it.

use surety::prelude::*;

#[test]
fn parry_vectors_and_rotations_convert_exactly() {
    let v = parry3d::math::Vector::new(0.1, -2.5, 3e-39);
    let exact = Vec3::new(f64::from(0.1f32), -2.5, f64::from(3e-39f32));
    assert_eq!(Vec3::<f64>::from(v), exact);
    let iv: Vec3<Interval> = v.into();
    assert_eq!(iv.lo(), exact);
    assert_eq!(iv.hi(), exact);
    let back: parry3d::math::Vector = Vec3::<f32>::new(0.1, -2.5, 3e-39).into();
    assert_eq!(back, v);
    // A pose from parry3d's rotation: the quaternion's components, exactly.
    let r = parry3d::math::Rotation::from_axis_angle(parry3d::math::Vector::Z, 0.3);
    let pose = Pose::new(r, [0.0, 0.0, 1.0]).expect("a valid pose");
    let p = pose.transform_point(Vec3::<Interval>::lift_f64(Vec3::new(1.0, 0.0, 0.0)));
    // The exact rotation of the f32 quaternion: within f32 rounding of a 0.3 turn, and the
    // enclosure about as tight as f64 allows.
    let [x, y, z, w] = r.to_array().map(f64::from);
    let cos = (w * w + x * x - y * y - z * z) / (w * w + x * x + y * y + z * z);
    assert!((p.x.mid() - cos).abs() < 1e-15 && p.x.hi() - p.x.lo() < 1e-15);
    assert!((cos - 0.3f64.cos()).abs() < 1e-7);
    assert!(p.z.contains(1.0));
}

#[test]
fn bevy_glam_and_mint_vectors_convert_exactly() {
    let b = glam030::DVec3::new(0.1, 1e300, -0.0);
    assert_eq!(Vec3::<f64>::from(b), Vec3::new(0.1, 1e300, -0.0));
    let i: Vec3<Interval<f32>> = b.into();
    assert!(i.x.lo() <= 0.1 && 0.1 <= i.x.hi());
    assert_eq!(glam030::DVec3::from(Vec3::new(0.1, 1e300, -0.0)), b);
    let q = glam030::Quat::from_rotation_y(1.0);
    assert!(Pose::new(q, glam::DVec3::ZERO).is_ok());

    let m = mint::Point3 {
        x: 0.1,
        y: 0.2,
        z: 0.3,
    };
    let v: Vec3<Interval> = m.into();
    assert_eq!(v.mid(), Vec3::new(0.1, 0.2, 0.3));
    let back: mint::Vector3<f64> = Vec3::new(0.1, 0.2, 0.3).into();
    assert_eq!((back.x, back.y, back.z), (0.1, 0.2, 0.3));
}

/// A new user's first program: float shapes from surety's own vectors, with no scalar named,
/// decided exactly. This must keep compiling: a conversion from `Vec3<f64>` into interval
/// vectors (`From`) would make the scalar of `Sphere::new(Vec3::new(..), r)` ambiguous.
#[test]
fn the_first_program_needs_no_annotations() {
    let sphere = Sphere::new(Vec3::new(1.5, 0.5, 0.5), 0.5).unwrap();
    let aabb = Aabb::new(Vec3::new(0.0, 0.0, 0.0), Vec3::new(1.0, 1.0, 1.0)).unwrap();
    let v = decide_overlap_sphere_aabb(&sphere, &aabb, Policy::Exact);
    assert_eq!(
        v,
        Verdict::True,
        "the sphere touches the box's face exactly"
    );
}

/// Lifting floats into intervals: numbers by `From`, vectors by `lift_f64`/`lift_f32` (or
/// from glam's and mint's vectors by `From`), all exact.
#[test]
fn float_vectors_and_numbers_lift_into_intervals_exactly() {
    let i = Interval::from(0.1);
    assert!(i.is_point() && i.contains(0.1));
    let v = Vec3::<Interval>::lift_f64(Vec3::new(0.1, 0.2, 0.3));
    assert_eq!(
        (v.lo(), v.hi()),
        (Vec3::new(0.1, 0.2, 0.3), Vec3::new(0.1, 0.2, 0.3))
    );
    let w = Vec3::<Interval>::lift_f32(Vec3::new(0.1f32, 0.2, 0.3));
    assert_eq!(w.lo().x, f64::from(0.1f32));
    let s = Sphere::<Interval>::new(glam::DVec3::new(1.0, 2.0, 3.0), 0.5).expect("valid");
    assert!(s.center().x.contains(1.0));
}

#[test]
fn a_saved_case_loads_back_as_the_same_case() {
    let t = Triangle::<f64>::new(
        Vec3::new(0.1, 0.2, 0.30000000000000004),
        Vec3::new(5e-324, -0.0, 1e300),
        Vec3::new(1.0, 1.0, 1.0),
    )
    .expect("valid");
    let s = Sphere::<f64>::new(Vec3::new(0.25, 0.25, 0.1), 0.1).expect("valid");
    let json = serde_json::to_string(&(s, t, Verdict::Maybe)).expect("saves");
    let (s2, t2, v): (Sphere<f64>, Triangle<f64>, Verdict) =
        serde_json::from_str(&json).expect("loads");
    assert_eq!((s2, t2, v), (s, t, Verdict::Maybe));
    assert_eq!(
        decide_overlap_sphere_triangle(&s2, &t2, Policy::Exact),
        decide_overlap_sphere_triangle(&s, &t, Policy::Exact)
    );
}
