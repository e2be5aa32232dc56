//! Posed shapes against an exact oracle.
//!
//! The oracle rotates with the Hamilton product `q (0, v) q̄ / |q|²` in rationals (the queries
//! use the matrix `M(q) / |q|²`: no formula is shared), scales and translates exactly, and
//! decides the posed pair on the exact images: a rational LP for boxes, exact squared
//! distances for spheres and triangles.
//!
//! Poses: exact quarter and half turns (quaternions of small integers), rotations computed in
//! floats (never exactly of unit length), integer quaternions, rotation matrices computed in
//! floats; translations of 0, small integers, or 1e6 to 1e12; scales 1/5 to 5 (seed 000's
//! range). Pairs: two shapes that touch exactly in one local frame, placed by the same pose
//! (the images touch exactly, whatever rounding a float transform would do), or nudged by
//! one ulp apart or into each other, or placed by two independent poses.
//!
//! Paths: the generic queries on posed `Interval<f64>` and `Interval<f32>` shapes, and the
//! `decide_…` queries on posed `f64` and `f32` shapes under `Policy::Exact` (never `Maybe`)
//! and `Policy::Conservative`. `POSE_CASES` sets the cases per family (default 400; an eighth
//! of that for boxes, whose LP oracle is slow); the
//! maybe rate of each path is printed with `--nocapture`.

mod support;

use std::collections::BTreeMap;

use glam::{DMat3, DQuat, DVec3};
use num_traits::{One, Zero};
use support::*;
use surety_intervals::{Interval, Policy, Vec3, Verdict};
use surety_queries::{
    cast_ray_mesh, cast_ray_triangle, decide_cast_ray_mesh, decide_hit_ray_triangle,
    decide_intersect_segment_triangle, decide_overlap_obb_obb, decide_overlap_sphere_mesh,
    decide_overlap_sphere_obb, decide_overlap_sphere_sphere, decide_overlap_sphere_triangle,
    decide_point_in_mesh, decide_point_in_triangle, decide_sweep_sphere_mesh,
    intersect_segment_triangle, move_particle, overlap_obb_obb, overlap_sphere_mesh,
    overlap_sphere_obb, overlap_sphere_sphere, overlap_sphere_triangle, point_in_mesh,
    point_in_triangle, slide_sphere, sweep_sphere_mesh, Obb, Pose, Posed, Ray, Segment,
    SlideOptions, Sphere, Triangle, TriangleMesh,
};

fn cases() -> u64 {
    std::env::var("POSE_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(400)
}

// ------------------------------------------------------------------ the exact similarity

/// `(w, x, y, z)` quaternions in rationals.
type Quat = [Q; 4];

fn hamilton(a: &Quat, b: &Quat) -> Quat {
    let [aw, ax, ay, az] = a;
    let [bw, bx, by, bz] = b;
    [
        aw * bw - ax * bx - ay * by - az * bz,
        aw * bx + ax * bw + ay * bz - az * by,
        aw * by - ax * bz + ay * bw + az * bx,
        aw * bz + ax * by - ay * bx + az * bw,
    ]
}

/// The exact image of a point (`translate`) or a vector under the pose.
fn image(pose: &Pose, v: &Q3, translate: bool) -> Q3 {
    let [x, y, z, w] = pose.rotation().map(q);
    let n = &w * &w + &x * &x + &y * &y + &z * &z;
    let qq: Quat = [w.clone(), x.clone(), y.clone(), z.clone()];
    let conj: Quat = [w, -x, -y, -z];
    let p: Quat = [Q::zero(), v[0].clone(), v[1].clone(), v[2].clone()];
    let r = hamilton(&hamilton(&qq, &p), &conj);
    let s = q(pose.scale());
    let t = pose.translation().map(q);
    std::array::from_fn(|k| {
        let rotated = &r[k + 1] / &n * &s;
        if translate {
            rotated + &t[k]
        } else {
            rotated
        }
    })
}

fn image_point(pose: Option<&Pose>, p: Vec3<f64>) -> Q3 {
    match pose {
        Some(pose) => image(pose, &q3(p), true),
        None => q3(p),
    }
}

fn image_vector(pose: Option<&Pose>, v: Vec3<f64>) -> Q3 {
    match pose {
        Some(pose) => image(pose, &q3(v), false),
        None => q3(v),
    }
}

fn image_length(pose: Option<&Pose>, r: f64) -> Q {
    q(r) * q(pose.map_or(1.0, Pose::scale))
}

// ------------------------------------------------------------------ poses

fn random_pose(rng: &mut Rng) -> Pose {
    let signed = |rng: &mut Rng, x: f64| if rng.below(2) == 0 { x } else { -x };
    let rotation: [f64; 4] = match rng.below(4) {
        // Quarter and half turns: quaternions of zeros and equal magnitudes, exactly.
        0 => {
            let shapes = [
                [0.0, 0.0, 0.0, 1.0],
                [1.0, 0.0, 0.0, 0.0],
                [0.0, 0.0, 1.0, 1.0],
                [1.0, 0.0, 0.0, 1.0],
                [0.0, 1.0, 0.0, 1.0],
                [1.0, 1.0, 1.0, 1.0],
                [1.0, 1.0, 0.0, 0.0],
                [0.0, 1.0, 1.0, 0.0],
            ];
            let mut r = rng.pick(&shapes);
            for c in &mut r {
                *c = signed(rng, *c);
            }
            if r.iter().all(|c| *c == 0.0) {
                r[3] = 1.0;
            }
            r
        }
        // A rotation computed in floats: never exactly of unit length.
        1 => {
            let axis = DVec3::new(rng.small(9), rng.small(9), rng.small(9) + 0.5).normalize();
            let angle = rng.small(1000) * 0.00731;
            DQuat::from_axis_angle(axis, angle).to_array()
        }
        // Small integers: an exact rotation of an unnormalized quaternion.
        2 => [rng.small(4), rng.small(4), rng.small(4), rng.small(4) + 5.0],
        // A rotation matrix computed in floats, through Shepperd's method.
        _ => {
            let m = DMat3::from_euler(
                glam::EulerRot::XYZ,
                rng.small(50) * 0.0617,
                rng.small(50) * 0.0411,
                rng.small(50) * 0.1093,
            );
            return with_translation_and_scale(
                rng,
                Pose::from_rotation_matrix(m, DVec3::ZERO).expect("a rotation"),
            );
        }
    };
    with_translation_and_scale(rng, Pose::new(rotation, DVec3::ZERO).expect("a valid pose"))
}

fn with_translation_and_scale(rng: &mut Rng, pose: Pose) -> Pose {
    let t = match rng.below(3) {
        0 => DVec3::ZERO,
        1 => DVec3::new(rng.small(9), rng.small(9), rng.small(9)),
        _ => {
            let big = 10f64.powi(6 + rng.below(7) as i32);
            DVec3::new(big, -big * 0.37, big * 1.1 + 0.1)
        }
    };
    let scale = rng.pick(&[1.0, 1.0, 0.2, 5.0, 1.0 / 3.0, 2.5, 0.25, 4.75]);
    Pose::new(pose.rotation(), t)
        .expect("a valid pose")
        .with_scale(scale)
        .expect("a positive scale")
}

/// How the two shapes are placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Placement {
    /// Both by one pose: a contact in the local frame is a contact of the images.
    Same,
    /// The first by a pose, the second in world coordinates.
    FirstOnly,
    /// Two independent poses, translated near each other.
    Independent,
    /// The second by a pose, the first in world coordinates.
    SecondOnly,
}

fn poses(rng: &mut Rng, placement: Placement) -> [Option<Pose>; 2] {
    let a = random_pose(rng);
    match placement {
        Placement::Same => [Some(a), Some(a)],
        Placement::SecondOnly => [None, Some(a)],
        Placement::FirstOnly => {
            // Near the origin, where the world shape is.
            let near = Pose::new(a.rotation(), DVec3::new(rng.small(2), 0.0, 0.0))
                .and_then(|p| p.with_scale(a.scale()))
                .expect("valid");
            [Some(near), None]
        }
        Placement::Independent => {
            let b = random_pose(rng);
            let t = DVec3::from(a.translation()) + DVec3::new(rng.small(2), rng.small(2), 0.0);
            let b = Pose::new(b.rotation(), t)
                .and_then(|p| p.with_scale(a.scale()))
                .expect("valid");
            [Some(a), Some(b)]
        }
    }
}

// ------------------------------------------------------------------ tallies

#[derive(Default)]
struct Tally {
    checks: u64,
    wrong: Vec<String>,
    maybe: u64,
    maybe_exact: u64,
}

type Tallies = BTreeMap<(&'static str, Placement, &'static str), Tally>;

fn record(
    tallies: &mut Tallies,
    key: (&'static str, Placement, &'static str),
    v: Verdict,
    exact: bool,
    case: &dyn Fn() -> String,
) {
    let t = tallies.entry(key).or_default();
    t.checks += 1;
    match v.certain() {
        Some(b) if b != exact => t.wrong.push(format!("{v:?}, exact {exact}: {}", case())),
        Some(_) => {}
        None => {
            t.maybe += 1;
            if key.2.ends_with("Exact") {
                t.maybe_exact += 1;
                t.wrong
                    .push(format!("Maybe under Policy::Exact: {}", case()));
            }
        }
    }
}

fn report(family: &str, tallies: &Tallies) {
    println!("{family}: placement, path, checks, wrong, maybe rate");
    let mut wrong = Vec::new();
    for ((_, placement, path), t) in tallies {
        println!(
            "  {placement:?} {path:28} {:6} {:3} {:6.2} %",
            t.checks,
            t.wrong.len(),
            100.0 * t.maybe as f64 / t.checks.max(1) as f64
        );
        wrong.extend(t.wrong.iter().take(3).cloned());
    }
    assert!(
        wrong.is_empty(),
        "{family}: {} wrong:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
    assert!(tallies.values().all(|t| t.checks > 0));
}

const PLACEMENTS: [Placement; 3] = [
    Placement::Same,
    Placement::FirstOnly,
    Placement::Independent,
];

fn lift_iv<T: surety_intervals::Endpoint>(v: Vec3<f64>) -> Vec3<Interval<T>> {
    v.map(Interval::<T>::enclose_f64)
}

fn is_f32(v: &[f64]) -> bool {
    v.iter().all(|&x| f64::from(x as f32) == x)
}

fn f32v(v: Vec3<f64>) -> Vec3<f32> {
    v.map(|x| x as f32)
}

/// `x` moved by `k` ulps.
fn nudge(x: f64, k: i64) -> f64 {
    ulps(x, k)
}

// ------------------------------------------------------------------ OBB–OBB

fn axes_of(rng: &mut Rng) -> [Vec3<f64>; 3] {
    let e = [
        Vec3::new(1.0, 0.0, 0.0),
        Vec3::new(0.0, 1.0, 0.0),
        Vec3::new(0.0, 0.0, 1.0),
    ];
    match rng.below(3) {
        0 => e,
        // A quarter turn about z, exactly.
        1 => [e[1], -e[0], e[2]],
        // Float-rotated axes (not exactly orthonormal).
        _ => {
            let m = DMat3::from_rotation_z(0.3 + rng.small(5) * 0.1);
            [m.x_axis, m.y_axis, m.z_axis].map(Vec3::from)
        }
    }
}

/// Two boxes in one local frame: face to face exactly (integer numbers), one ulp apart or
/// into each other, flat or point boxes among them.
fn obb_pair(rng: &mut Rng) -> (Obb<f64>, Obb<f64>) {
    let half = |rng: &mut Rng| {
        Vec3::new(
            rng.below(4) as f64 * 0.5,
            rng.below(4) as f64 * 0.5,
            rng.below(3) as f64 * 0.5,
        )
    };
    let (ha, hb) = (half(rng), half(rng));
    let e = [
        Vec3::new(1.0, 0.0, 0.0),
        Vec3::new(0.0, 1.0, 0.0),
        Vec3::new(0.0, 0.0, 1.0),
    ];
    let ca = rng.vec(3);
    let mut gap = ha.x + hb.x;
    match rng.below(4) {
        0 => gap = nudge(gap, 1),
        1 => gap = nudge(gap, -1),
        _ => {}
    }
    let cb = ca + Vec3::new(gap, rng.small(1) * 0.5, rng.small(1) * 0.5);
    let a = Obb::new(ca, e, ha).expect("valid");
    let b_axes = if rng.below(3) == 0 { axes_of(rng) } else { e };
    let b = Obb::new(cb, b_axes, hb).expect("valid");
    (a, b)
}

fn obb_exact(a: &Obb<f64>, b: &Obb<f64>, poses: &[Option<Pose>; 2]) -> bool {
    let qbox = |o: &Obb<f64>, pose: Option<&Pose>| QBox {
        center: image_point(pose, o.center()),
        axes: o.axes().map(|axis| image_vector(pose, axis)),
        half: o.half_extents().to_array().map(q),
    };
    lp_qbox_overlap(&qbox(a, poses[0].as_ref()), &qbox(b, poses[1].as_ref()))
}

/// One case in four: the whole scene (shapes and translations) scaled by `2^-126` to
/// `2^-1025`, below the float filter's input threshold `2^-125` and into the subnormals,
/// so that exact zeros of quarter turns multiply tiny coordinates (where a NaN magnitude
/// once made the filter's `min`/`max` certain). Poses keep their rotation and scale.
fn maybe_tiny(rng: &mut Rng) -> Option<f64> {
    (rng.below(4) == 0).then(|| pow2(-(126 + rng.below(900) as i32)))
}

fn tiny_poses(poses: [Option<Pose>; 2], s: Option<f64>) -> [Option<Pose>; 2] {
    let Some(s) = s else { return poses };
    poses.map(|p| {
        p.map(|p| {
            Pose::new(p.rotation(), DVec3::from(p.translation()) * s)
                .and_then(|q| q.with_scale(p.scale()))
                .expect("a valid pose")
        })
    })
}

fn tiny_sphere(x: Sphere<f64>, s: Option<f64>) -> Sphere<f64> {
    s.map_or(x, |s| {
        Sphere::new(x.center() * s, x.radius() * s).expect("valid")
    })
}

fn tiny_triangle(t: Triangle<f64>, s: Option<f64>) -> Triangle<f64> {
    s.map_or(t, |s| {
        let [a, b, c] = t.corners().map(|p| p * s);
        Triangle::new(a, b, c).expect("valid")
    })
}

fn tiny_obb(o: Obb<f64>, s: Option<f64>) -> Obb<f64> {
    s.map_or(o, |s| {
        Obb::new(o.center() * s, o.axes(), o.half_extents() * s).expect("valid")
    })
}

fn posed<T>(pose: Option<Pose>, shape: T) -> Posed<T> {
    Posed::new(pose.unwrap_or(Pose::IDENTITY), shape)
}

#[test]
fn posed_obb_obb_is_never_certainly_wrong() {
    let mut tallies = Tallies::new();
    let mut rng = Rng(0x0b0b_0b0b);
    for placement in PLACEMENTS {
        // The rational LP oracle costs about 0.2 s a case on posed boxes: an eighth as many.
        for _ in 0..cases().div_ceil(8) {
            let (a, b) = obb_pair(&mut rng);
            let poses = poses(&mut rng, placement);
            let tiny = maybe_tiny(&mut rng);
            let (a, b) = (tiny_obb(a, tiny), tiny_obb(b, tiny));
            let poses = tiny_poses(poses, tiny);
            let exact = obb_exact(&a, &b, &poses);
            let case = || format!("{a:?} {b:?} {poses:?}");
            let mut put =
                |path, v| record(&mut tallies, ("obb-obb", placement, path), v, exact, &case);
            // The second shape in world coordinates is given plain, not posed by the identity.
            let lift64 = |o: &Obb<f64>| {
                Obb::new(
                    lift_iv::<f64>(o.center()),
                    o.axes().map(lift_iv::<f64>),
                    lift_iv::<f64>(o.half_extents()),
                )
                .unwrap()
            };
            let lift32 = |o: &Obb<f64>| {
                Obb::new(
                    lift_iv::<f32>(o.center()),
                    o.axes().map(lift_iv::<f32>),
                    lift_iv::<f32>(o.half_extents()),
                )
                .ok()
            };
            let pa = posed(poses[0], lift64(&a));
            put(
                "Interval<f64>",
                match poses[1] {
                    Some(pb) => overlap_obb_obb(&pa, &Posed::new(pb, lift64(&b))),
                    None => overlap_obb_obb(&pa, &lift64(&b)),
                },
            );
            if let (Some(a32), Some(b32)) = (lift32(&a), lift32(&b)) {
                let pa = posed(poses[0], a32);
                put(
                    "Interval<f32>",
                    match poses[1] {
                        Some(pb) => overlap_obb_obb(&pa, &Posed::new(pb, b32)),
                        None => overlap_obb_obb(&pa, &b32),
                    },
                );
            }
            for (policy, path) in [
                (Policy::Exact, "decide f64 Exact"),
                (Policy::Conservative, "decide f64 Conservative"),
            ] {
                let pa = posed(poses[0], a);
                put(
                    path,
                    match poses[1] {
                        Some(pb) => decide_overlap_obb_obb(&pa, &Posed::new(pb, b), policy),
                        None => decide_overlap_obb_obb(&pa, &b, policy),
                    },
                );
            }
            let numbers: Vec<f64> = [a, b]
                .iter()
                .flat_map(|o| {
                    let mut v = o.center().to_array().to_vec();
                    v.extend(o.axes().iter().flat_map(|x| x.to_array()));
                    v.extend(o.half_extents().to_array());
                    v
                })
                .collect();
            if is_f32(&numbers) {
                let to32 = |o: &Obb<f64>| {
                    Obb::new(f32v(o.center()), o.axes().map(f32v), f32v(o.half_extents())).unwrap()
                };
                let pa = posed(poses[0], to32(&a));
                put(
                    "decide f32 Exact",
                    match poses[1] {
                        Some(pb) => {
                            decide_overlap_obb_obb(&pa, &Posed::new(pb, to32(&b)), Policy::Exact)
                        }
                        None => decide_overlap_obb_obb(&pa, &to32(&b), Policy::Exact),
                    },
                );
            }
            // Sphere–OBB: a ball at `b`'s center with its first half extent as radius (or
            // one ulp off), in `b`'s place, against `a`; exact by the images.
            let mut r = b.half_extents().x;
            if b.center().x != a.center().x {
                r = nudge(r, if b.center().y > a.center().y { 1 } else { -1 }).max(0.0);
            }
            let g: [Q3; 3] = std::array::from_fn(|i| {
                let h = q(a.half_extents().to_array()[i]);
                support::scale(&image_vector(poses[0].as_ref(), a.axes()[i]), &h)
            });
            let rr = image_length(poses[1].as_ref(), r);
            let touch = sphere_box_exact(
                &image_point(poses[1].as_ref(), b.center()),
                &(&rr * &rr),
                &image_point(poses[0].as_ref(), a.center()),
                &g,
            );
            let ball = Sphere::new(lift_iv::<f64>(b.center()), Interval::enclose(r)).unwrap();
            let v = overlap_sphere_obb(&posed(poses[1], ball), &pa_obb(poses[0], &a));
            let key = |path| ("obb-obb", placement, path);
            record(
                &mut tallies,
                key("sphere-obb Interval<f64>"),
                v,
                touch,
                &case,
            );
            let fball = Sphere::<f64>::new(b.center(), r).unwrap();
            for (policy, path) in [
                (Policy::Exact, "sphere-obb decide f64 Exact"),
                (Policy::Conservative, "sphere-obb decide f64 Conservative"),
            ] {
                let v = match poses[0] {
                    Some(pa) => decide_overlap_sphere_obb(
                        &posed(poses[1], fball),
                        &Posed::new(pa, a),
                        policy,
                    ),
                    None => decide_overlap_sphere_obb(&posed(poses[1], fball), &a, policy),
                };
                record(&mut tallies, key(path), v, touch, &case);
            }
        }
    }
    report("obb-obb", &tallies);
}

fn pa_obb(pose: Option<Pose>, a: &Obb<f64>) -> Posed<Obb<Interval>> {
    posed(
        pose,
        Obb::new(
            lift_iv::<f64>(a.center()),
            a.axes().map(lift_iv::<f64>),
            lift_iv::<f64>(a.half_extents()),
        )
        .unwrap(),
    )
}

// ------------------------------------------------------------------ spheres

/// Two spheres touching exactly (centers a Pythagorean distance apart, radii summing to it),
/// or a radius one ulp short or long.
fn sphere_pair(rng: &mut Rng) -> (Sphere<f64>, Sphere<f64>) {
    let triples = [
        (3.0, 4.0, 0.0, 5.0),
        (1.0, 2.0, 2.0, 3.0),
        (2.0, 3.0, 6.0, 7.0),
        (0.0, 0.0, 1.0, 1.0),
    ];
    let (x, y, z, d) = rng.pick(&triples);
    let k = rng.pick(&[1.0, 0.5, 0.25, 3.0]);
    let ca = rng.vec(4);
    let cb = ca + Vec3::new(x, y, z) * k;
    let ra = (rng.below(5) as f64) * 0.25 * d * k;
    let mut rb = d * k - ra;
    match rng.below(4) {
        0 => rb = nudge(rb, 1),
        1 => rb = nudge(rb, -1).max(0.0),
        _ => {}
    }
    (Sphere::new(ca, ra).unwrap(), Sphere::new(cb, rb).unwrap())
}

fn sphere_exact(a: &Sphere<f64>, b: &Sphere<f64>, poses: &[Option<Pose>; 2]) -> bool {
    let ca = image_point(poses[0].as_ref(), a.center());
    let cb = image_point(poses[1].as_ref(), b.center());
    let r =
        image_length(poses[0].as_ref(), a.radius()) + image_length(poses[1].as_ref(), b.radius());
    let d = sub(&cb, &ca);
    dot(&d, &d) <= &r * &r
}

#[test]
fn posed_sphere_sphere_is_never_certainly_wrong() {
    let mut tallies = Tallies::new();
    let mut rng = Rng(0x5fe7_5fe7);
    for placement in PLACEMENTS {
        for _ in 0..cases() {
            let (a, b) = sphere_pair(&mut rng);
            let poses = poses(&mut rng, placement);
            let tiny = maybe_tiny(&mut rng);
            let (a, b) = (tiny_sphere(a, tiny), tiny_sphere(b, tiny));
            let poses = tiny_poses(poses, tiny);
            let exact = sphere_exact(&a, &b, &poses);
            let case = || format!("{a:?} {b:?} {poses:?}");
            let mut put = |path, v| {
                record(
                    &mut tallies,
                    ("sphere-sphere", placement, path),
                    v,
                    exact,
                    &case,
                )
            };
            let l64 = |s: &Sphere<f64>| {
                Sphere::new(lift_iv::<f64>(s.center()), Interval::enclose(s.radius())).unwrap()
            };
            let l32 = |s: &Sphere<f64>| {
                Sphere::new(
                    lift_iv::<f32>(s.center()),
                    Interval::<f32>::enclose_f64(s.radius()),
                )
                .unwrap()
            };
            let pa = posed(poses[0], l64(&a));
            put(
                "Interval<f64>",
                match poses[1] {
                    Some(pb) => overlap_sphere_sphere(&pa, &Posed::new(pb, l64(&b))),
                    None => overlap_sphere_sphere(&pa, &l64(&b)),
                },
            );
            let pa = posed(poses[0], l32(&a));
            put(
                "Interval<f32>",
                match poses[1] {
                    Some(pb) => overlap_sphere_sphere(&pa, &Posed::new(pb, l32(&b))),
                    None => overlap_sphere_sphere(&pa, &l32(&b)),
                },
            );
            for (policy, path) in [
                (Policy::Exact, "decide f64 Exact"),
                (Policy::Conservative, "decide f64 Conservative"),
            ] {
                let pa = posed(poses[0], a);
                put(
                    path,
                    match poses[1] {
                        Some(pb) => decide_overlap_sphere_sphere(&pa, &Posed::new(pb, b), policy),
                        None => decide_overlap_sphere_sphere(&pa, &b, policy),
                    },
                );
            }
            let numbers = [
                a.center().to_array(),
                b.center().to_array(),
                [a.radius(), b.radius(), 0.0],
            ]
            .concat();
            if is_f32(&numbers) {
                let to32 = |s: &Sphere<f64>| {
                    Sphere::<f32>::new(f32v(s.center()), s.radius() as f32).unwrap()
                };
                let pa = posed(poses[0], to32(&a));
                put(
                    "decide f32 Exact",
                    match poses[1] {
                        Some(pb) => decide_overlap_sphere_sphere(
                            &pa,
                            &Posed::new(pb, to32(&b)),
                            Policy::Exact,
                        ),
                        None => decide_overlap_sphere_sphere(&pa, &to32(&b), Policy::Exact),
                    },
                );
            }
        }
    }
    report("sphere-sphere", &tallies);
}

// ------------------------------------------------------------------ sphere–triangle

/// A triangle in a plane `z = h` with integer corners (sometimes collinear or a point), and
/// a sphere above a random point of it, its radius the exact height, or one ulp off.
fn sphere_triangle_pair(rng: &mut Rng) -> (Sphere<f64>, Triangle<f64>) {
    let h = rng.small(3);
    let mut corner = || Vec3::new(rng.small(4), rng.small(4), h);
    let (a, b, mut c) = (corner(), corner(), corner());
    if rng.below(6) == 0 {
        c = a + (b - a) * 2.0; // collinear
    }
    let t = Triangle::new(a, b, c).unwrap();
    // Above a corner, the middle of an edge, or the centroid's neighbourhood (integer point).
    let foot = match rng.below(3) {
        0 => a,
        1 => (a + b) * 0.5,
        _ => Vec3::new(rng.small(4), rng.small(4), h),
    };
    let up = rng.below(4) as f64 + 1.0;
    let mut r = up;
    match rng.below(4) {
        0 => r = nudge(r, 1),
        1 => r = nudge(r, -1),
        _ => {}
    }
    (Sphere::new(foot + Vec3::new(0.0, 0.0, up), r).unwrap(), t)
}

#[test]
fn posed_sphere_triangle_is_never_certainly_wrong() {
    let mut tallies = Tallies::new();
    let mut rng = Rng(0x7e1a_7e1a);
    for placement in PLACEMENTS {
        for _ in 0..cases() {
            let (s, t) = sphere_triangle_pair(&mut rng);
            let poses = poses(&mut rng, placement);
            let tiny = maybe_tiny(&mut rng);
            let (s, t) = (tiny_sphere(s, tiny), tiny_triangle(t, tiny));
            let poses = tiny_poses(poses, tiny);
            let c = image_point(poses[0].as_ref(), s.center());
            let r = image_length(poses[0].as_ref(), s.radius());
            let corners = t.corners().map(|p| image_point(poses[1].as_ref(), p));
            let exact = point_triangle_d2(&c, &corners) <= &r * &r;
            let case = || format!("{s:?} {t:?} {poses:?}");
            let mut put = |path, v| {
                record(
                    &mut tallies,
                    ("sphere-triangle", placement, path),
                    v,
                    exact,
                    &case,
                )
            };
            let ls =
                Sphere::new(lift_iv::<f64>(s.center()), Interval::enclose(s.radius())).unwrap();
            let [ta, tb, tc] = t.corners().map(lift_iv::<f64>);
            let lt = Triangle::new(ta, tb, tc).unwrap();
            let ps = posed(poses[0], ls);
            put(
                "Interval<f64>",
                match poses[1] {
                    Some(pt) => overlap_sphere_triangle(&ps, &Posed::new(pt, lt)),
                    None => overlap_sphere_triangle(&ps, &lt),
                },
            );
            for (policy, path) in [
                (Policy::Exact, "decide f64 Exact"),
                (Policy::Conservative, "decide f64 Conservative"),
            ] {
                let ps = posed(poses[0], s);
                put(
                    path,
                    match poses[1] {
                        Some(pt) => decide_overlap_sphere_triangle(&ps, &Posed::new(pt, t), policy),
                        None => decide_overlap_sphere_triangle(&ps, &t, policy),
                    },
                );
            }
            let numbers = [
                s.center().to_array().to_vec(),
                vec![s.radius()],
                t.corners().iter().flat_map(|p| p.to_array()).collect(),
            ]
            .concat();
            if is_f32(&numbers) {
                let s32 = Sphere::<f32>::new(f32v(s.center()), s.radius() as f32).unwrap();
                let [a, b, c] = t.corners().map(f32v);
                let t32 = Triangle::new(a, b, c).unwrap();
                let ps = posed(poses[0], s32);
                put(
                    "decide f32 Exact",
                    match poses[1] {
                        Some(pt) => {
                            decide_overlap_sphere_triangle(&ps, &Posed::new(pt, t32), Policy::Exact)
                        }
                        None => decide_overlap_sphere_triangle(&ps, &t32, Policy::Exact),
                    },
                );
            }
        }
    }
    report("sphere-triangle", &tallies);
}

// ------------------------------------------------------------------ the pose itself

/// Transforming a point encloses its exact image (the oracle's Hamilton product), for every
/// kind of pose; and the exact quarter turns are exact in intervals too.
#[test]
fn transform_point_encloses_the_exact_image() {
    let mut rng = Rng(0xface);
    for _ in 0..4 * cases() {
        let pose = random_pose(&mut rng);
        let p = Vec3::new(
            rng.small(50) * 0.37,
            rng.small(50) * 1e-3,
            rng.small(50) * 7.0,
        );
        let exact = image(&pose, &q3(p), true);
        let got = pose.transform_point(lift(p));
        for (k, e) in exact.iter().enumerate() {
            assert!(
                got.to_array()[k].contains_rational(e),
                "{pose:?} {p:?}: {got:?}"
            );
        }
        let got32 = pose.transform_point(p.map(Interval::<f32>::enclose_f64));
        for (k, e) in exact.iter().enumerate() {
            let x = got32.to_array()[k];
            let wide = Interval::new(f64::from(x.lo()), f64::from(x.hi())).unwrap();
            assert!(wide.contains_rational(e), "f32 {pose:?} {p:?}: {got32:?}");
        }
    }
    // (0, 0, 1, 1) is a quarter turn about z: (1, 2, 3) goes to (-2, 1, 3), with no width.
    let quarter = Pose::new([0.0, 0.0, 1.0, 1.0], DVec3::ZERO).unwrap();
    let p = quarter.transform_point(lift(Vec3::new(1.0, 2.0, 3.0)));
    assert_eq!(p.map(|x| x.lo()), Vec3::new(-2.0, 1.0, 3.0));
    assert_eq!(p.map(|x| x.hi()), Vec3::new(-2.0, 1.0, 3.0));
    assert!(image(&quarter, &q3(Vec3::new(1.0, 0.0, 0.0)), false)[1].is_one());
}

/// Bad poses are refused with an error that names the field; none panics.
#[test]
fn bad_poses_are_refused_by_name() {
    let err = |r: Result<Pose, surety_queries::ShapeError>| r.unwrap_err().to_string();
    assert_eq!(
        err(Pose::new([f64::NAN, 0.0, 0.0, 1.0], DVec3::ZERO)),
        "pose rotation.x must be finite, got NaN"
    );
    assert_eq!(
        err(Pose::new([0.0; 4], DVec3::ZERO)),
        "pose rotation must not be the zero vector"
    );
    assert_eq!(
        err(Pose::new(
            DQuat::IDENTITY,
            DVec3::new(0.0, f64::INFINITY, 0.0)
        )),
        "pose translation.y must be finite, got inf"
    );
    assert_eq!(
        err(Pose::IDENTITY.with_scale(-2.0)),
        "pose scale must be >= 0, got -2"
    );
    assert_eq!(
        err(Pose::IDENTITY.with_scale(0.0)),
        "pose scale is 0, must be in (0, inf)"
    );
    assert!(Pose::IDENTITY.with_scale(f64::NAN).is_err());
    let shear = DMat3::from_cols_array(&[1.0, 0.0, 0.0, 0.5, 1.0, 0.0, 0.0, 0.0, 1.0]);
    assert!(Pose::from_rotation_matrix(shear, DVec3::ZERO).is_err());
    assert!(
        Pose::from_rotation_matrix(DMat3::from_diagonal(DVec3::splat(f64::NAN)), DVec3::ZERO)
            .is_err()
    );
    assert!(Pose::try_from(glam::DAffine3::from_scale(DVec3::new(1.0, 2.0, 1.0))).is_err());
    assert!(Pose::try_from(glam::DAffine3::ZERO).is_err());
    // Extreme but valid quaternions: tiny, huge, subnormal components are the same rotation.
    for x in [
        f64::from_bits(1),
        2f64.powi(-600),
        1.0,
        2f64.powi(600),
        f64::MAX,
    ] {
        let p = Pose::new([0.0, 0.0, x, x], DVec3::ZERO).unwrap();
        let v = p.transform_point(lift(Vec3::new(1.0, 0.0, 0.0)));
        assert!(v.y.contains(1.0) && v.x.contains(0.0), "{x:e}: {v:?}");
    }
}

// ------------------------------------------------------------------ posed meshes

/// The unit cube as an `Interval<f64>`, `f64` and `f32` mesh, and its faces' corners.
type CubeMeshes = (
    TriangleMesh<Interval>,
    TriangleMesh<f64>,
    TriangleMesh<f32>,
    Vec<[Vec3<f64>; 3]>,
);

/// The unit cube (two triangles per side, wound outward) as a float mesh of each kind.
fn cube_meshes() -> CubeMeshes {
    let (v, faces) = unit_cube_f64(true);
    let lifted: Vec<Vec3<Interval>> = v.iter().map(|&p| lift(p)).collect();
    let v32: Vec<Vec3<f32>> = v.iter().map(|&p| f32v(p)).collect();
    let corners = faces.iter().map(|f| f.map(|i| v[i])).collect();
    (
        TriangleMesh::new(&lifted, &faces).unwrap(),
        TriangleMesh::new(&v, &faces).unwrap(),
        TriangleMesh::new(&v32, &faces).unwrap(),
        corners,
    )
}

/// The cube's faces under the pose, exactly.
fn cube_images(faces: &[[Vec3<f64>; 3]], pose: &Pose) -> Vec<[Q3; 3]> {
    faces
        .iter()
        .map(|f| f.map(|p| image_point(Some(pose), p)))
        .collect()
}

/// Exact: is `p` in the closed convex solid whose faces (wound outward) are given?
fn in_convex(p: &Q3, faces: &[[Q3; 3]]) -> bool {
    faces.iter().all(|[a, b, c]| {
        let n = cross(&sub(b, a), &sub(c, a));
        dot(&n, &sub(p, a)) <= Q::zero()
    })
}

/// Exact: is `p` strictly inside the convex solid (in its interior)?
fn strictly_in_convex(p: &Q3, faces: &[[Q3; 3]]) -> bool {
    faces.iter().all(|[a, b, c]| {
        let n = cross(&sub(b, a), &sub(c, a));
        dot(&n, &sub(p, a)) < Q::zero()
    })
}

/// A local coordinate on or near the cube: its faces, edges and corners among them.
fn cube_coord(rng: &mut Rng) -> f64 {
    rng.pick(&[0.0, 0.0, 1.0, 1.0, 0.5, 0.25, 0.75, -0.25, 1.25, 0.125])
}

/// A point of the cube's surface (a face, an edge or a corner), and an outward direction
/// there.
fn cube_feature(rng: &mut Rng) -> (Vec3<f64>, Vec3<f64>) {
    let inner = |rng: &mut Rng| rng.pick(&[0.25, 0.5, 0.75, 0.125]);
    let side = |rng: &mut Rng| rng.pick(&[0.0, 1.0]);
    let out = |x: f64| if x == 0.0 { -1.0 } else { 1.0 };
    let mut p = [inner(rng), inner(rng), inner(rng)];
    let mut d = [0.0; 3];
    // One axis on a side (a face), two (an edge) or three (a corner).
    let sides = 1 + rng.below(3) as usize;
    let first = rng.below(3) as usize;
    for k in 0..sides {
        let axis = (first + k) % 3;
        p[axis] = side(rng);
        d[axis] = out(p[axis]) * (1.0 + rng.below(3) as f64);
    }
    (Vec3::from(p), Vec3::from(d))
}

/// A placement of a query against a posed mesh: the query by the mesh's pose too (`Same`),
/// or in world coordinates at the float image of its local place (`SecondOnly`).
const MESH_PLACEMENTS: [Placement; 2] = [Placement::Same, Placement::SecondOnly];

/// Points on and near a posed cube: on a face, an edge, a corner, or one ulp off (in world
/// coordinates), inside and outside; the oracle is the exact convex solid of the images.
#[test]
fn posed_point_in_mesh_is_never_certainly_wrong() {
    let mut tallies = Tallies::new();
    let (interval, float, float32, faces) = cube_meshes();
    let mut rng = Rng(0x0901_70e5);
    for _ in 0..cases() {
        let pose = random_pose(&mut rng);
        let images = cube_images(&faces, &pose);
        let local = Vec3::new(
            cube_coord(&mut rng),
            cube_coord(&mut rng),
            cube_coord(&mut rng),
        );
        let mut p = pose.transform_point(local);
        if rng.below(3) == 0 {
            p.x = nudge(p.x, if rng.below(2) == 0 { 1 } else { -1 });
        }
        let exact = in_convex(&q3(p), &images);
        let case = || format!("{p:?} {pose:?}");
        let mut put = |path, v| {
            record(
                &mut tallies,
                ("point-in-mesh", Placement::SecondOnly, path),
                v,
                exact,
                &case,
            )
        };
        put(
            "Interval<f64>",
            point_in_mesh(&Posed::new(pose, &interval), lift(p)),
        );
        put(
            "decide f64 Exact",
            decide_point_in_mesh(&Posed::new(pose, &float), p, Policy::Exact),
        );
        put(
            "decide f64 Conservative",
            decide_point_in_mesh(&Posed::new(pose, &float), p, Policy::Conservative),
        );
        let p32 = f32v(p);
        let exact32 = in_convex(&q3(p32.map(f64::from)), &images);
        record(
            &mut tallies,
            ("point-in-mesh", Placement::SecondOnly, "decide f32 Exact"),
            decide_point_in_mesh(&Posed::new(pose, &float32), p32, Policy::Exact),
            exact32,
            &|| format!("{p32:?} {pose:?}"),
        );
    }
    report("point-in-mesh", &tallies);
}

/// Spheres touching a posed cube's face, edge or corner exactly in the cube's frame (radius
/// 5k over a 3-4-5 offset, or 3k over (2k, 2k, k)), or one ulp off; posed by the cube's own
/// pose, or placed in world coordinates at the float image of the local centre.
#[test]
fn posed_overlap_sphere_mesh_is_never_certainly_wrong() {
    let mut tallies = Tallies::new();
    let (interval, float, float32, faces) = cube_meshes();
    let mut rng = Rng(0x5fe7_e0e5);
    for placement in MESH_PLACEMENTS {
        for _ in 0..cases() {
            let pose = random_pose(&mut rng);
            let images = cube_images(&faces, &pose);
            let (foot, out) = cube_feature(&mut rng);
            let k = rng.pick(&[0.125, 0.25, 1.0]);
            // |out| is 1, √2·… or √3·…: take an offset whose length is exact.
            let (offset, mut r) = match out.to_array().iter().filter(|x| **x != 0.0).count() {
                1 => (out.map(f64::signum) * (4.0 * k), 4.0 * k),
                2 => {
                    let s = out.map(f64::signum);
                    let (a, b) = if s.x == 0.0 {
                        (Vec3::new(0.0, 3.0 * s.y, 4.0 * s.z), 5.0)
                    } else if s.y == 0.0 {
                        (Vec3::new(3.0 * s.x, 0.0, 4.0 * s.z), 5.0)
                    } else {
                        (Vec3::new(3.0 * s.x, 4.0 * s.y, 0.0), 5.0)
                    };
                    (a * k, b * k)
                }
                _ => {
                    let s = out.map(f64::signum);
                    (Vec3::new(2.0 * s.x, 2.0 * s.y, s.z) * k, 3.0 * k)
                }
            };
            match rng.below(4) {
                0 => r = nudge(r, 1),
                1 => r = nudge(r, -1),
                _ => {}
            }
            let local = Sphere::<f64>::new(foot + offset, r).unwrap();
            let (sphere, sphere_pose) = match placement {
                Placement::Same => (local, Some(pose)),
                _ => (
                    Sphere::new(pose.transform_point(local.center()), r * pose.scale()).unwrap(),
                    None,
                ),
            };
            let c = image_point(sphere_pose.as_ref(), sphere.center());
            let rr = image_length(sphere_pose.as_ref(), sphere.radius());
            let exact = images.iter().any(|f| point_triangle_d2(&c, f) <= &rr * &rr);
            let case = || format!("{sphere:?} {sphere_pose:?} mesh {pose:?}");
            let mut put = |path, v| {
                record(
                    &mut tallies,
                    ("sphere-mesh", placement, path),
                    v,
                    exact,
                    &case,
                )
            };
            let ls = Sphere::<Interval>::new(lift(sphere.center()), sphere.radius()).unwrap();
            put(
                "Interval<f64>",
                overlap_sphere_mesh(&posed(sphere_pose, ls), &Posed::new(pose, &interval)),
            );
            for (policy, path) in [
                (Policy::Exact, "decide f64 Exact"),
                (Policy::Conservative, "decide f64 Conservative"),
            ] {
                put(
                    path,
                    decide_overlap_sphere_mesh(
                        &posed(sphere_pose, sphere),
                        &Posed::new(pose, &float),
                        policy,
                    ),
                );
            }
            let numbers = [sphere.center().to_array().to_vec(), vec![sphere.radius()]].concat();
            if is_f32(&numbers) {
                let s32 =
                    Sphere::<f32>::new(f32v(sphere.center()), sphere.radius() as f32).unwrap();
                put(
                    "decide f32 Exact",
                    decide_overlap_sphere_mesh(
                        &posed(sphere_pose, s32),
                        &Posed::new(pose, &float32),
                        Policy::Exact,
                    ),
                );
            }
        }
    }
    report("sphere-mesh", &tallies);
}

/// The exact first contact of the ray `p + s d` with the faces within `s ≤ reach`: whether
/// it meets any (a linear program per face), and the least parameter where it does
/// ([`first_contact`], faces in the ray's plane included; the two checked against each
/// other).
fn ray_first_contact(p: &Q3, d: &Q3, reach: &Q, faces: &[[Q3; 3]]) -> (bool, Option<Q>) {
    let mut first: Option<Q> = None;
    for f in faces {
        let met = meets_q(p, d, reach, f);
        let s = first_contact(p, d, Some(reach), f);
        assert_eq!(met, s.is_some(), "the ray oracles disagree");
        if let Some(s) = s {
            first = Some(first.map_or(s.clone(), |m: Q| m.min(s)));
        }
    }
    (first.is_some(), first)
}

/// Rays at a posed cube's faces, edges and corners from outside (exactly through them in the
/// cube's frame), rays along a face's plane, with the whole ray or `max_t` exactly at the
/// contact or one ulp short; the ray posed by the cube's pose or in world coordinates. The
/// verdict and the first contact's enclosure are checked against the exact images.
#[test]
fn posed_cast_ray_mesh_is_never_certainly_wrong() {
    let mut tallies = Tallies::new();
    let mut enclosures = 0;
    let (interval, float, float32, faces) = cube_meshes();
    let mut rng = Rng(0x07a9_00e5);
    for placement in MESH_PLACEMENTS {
        for _ in 0..cases() / 2 {
            let pose = random_pose(&mut rng);
            let images = cube_images(&faces, &pose);
            let (foot, out) = cube_feature(&mut rng);
            let (origin, direction) = if rng.below(4) == 0 {
                // Along the plane of a face the foot is on (z = 0 or 1, or x, or y).
                let axis = out.to_array().iter().position(|x| *x != 0.0).unwrap();
                let mut d = [1.0, 0.5, 0.25];
                d[axis] = 0.0;
                let d = Vec3::from(d);
                (foot - d * 2.0, d)
            } else {
                (foot + out * 2.0, -out)
            };
            let max_t = match rng.below(4) {
                0 => f64::INFINITY,
                1 => 2.0,
                2 => nudge(2.0, -1),
                _ => 1.5,
            };
            let local = Ray::<f64>::new(origin, direction).unwrap();
            let (ray, ray_pose) = match placement {
                Placement::Same => (local, Some(pose)),
                _ => (
                    Ray::new(
                        pose.transform_point(origin),
                        pose.transform_vector(direction),
                    )
                    .unwrap(),
                    None,
                ),
            };
            let (p, d) = (
                image_point(ray_pose.as_ref(), ray.origin()),
                image_vector(ray_pose.as_ref(), ray.direction()),
            );
            let reach = if max_t.is_finite() {
                q(max_t)
            } else {
                // Past every corner: the cube's images are within 1e13 of the origin.
                let dd = dot(&d, &d);
                images
                    .iter()
                    .flatten()
                    .map(|c| dot(&sub(c, &p), &d) / &dd)
                    .fold(Q::zero(), |m, s| m.max(s))
            };
            let (exact, first) = ray_first_contact(&p, &d, &reach, &images);
            let case = || format!("{ray:?} {ray_pose:?} max_t {max_t} mesh {pose:?}");
            let mut check = |path: &'static str, hit: surety_queries::RayMeshHit| {
                record(
                    &mut tallies,
                    ("ray-mesh", placement, path),
                    hit.hit,
                    exact,
                    &case,
                );
                if let (false, Some(first)) = (hit.hit.is_false(), &first) {
                    enclosures += 1;
                    assert!(
                        hit.t.contains_rational(first),
                        "{path}: t {:?} misses the first contact {first} for {}",
                        hit.t,
                        case()
                    );
                }
            };
            let lr = Ray::<Interval>::new(lift(ray.origin()), lift(ray.direction())).unwrap();
            check(
                "Interval<f64>",
                cast_ray_mesh(&Posed::new(pose, &interval), &posed(ray_pose, lr), max_t).unwrap(),
            );
            for (policy, path) in [
                (Policy::Exact, "decide f64 Exact"),
                (Policy::Conservative, "decide f64 Conservative"),
            ] {
                let hit = decide_cast_ray_mesh(
                    &Posed::new(pose, &float),
                    &posed(ray_pose, ray),
                    max_t,
                    policy,
                )
                .unwrap();
                check(path, hit);
            }
            let numbers = [ray.origin().to_array(), ray.direction().to_array()].concat();
            if is_f32(&numbers) {
                let r32 = Ray::<f32>::new(f32v(ray.origin()), f32v(ray.direction())).unwrap();
                let hit = decide_cast_ray_mesh(
                    &Posed::new(pose, &float32),
                    &posed(ray_pose, r32),
                    max_t,
                    Policy::Exact,
                )
                .unwrap();
                check("decide f32 Exact", hit);
            }
        }
    }
    println!("ray-mesh: {enclosures} first-contact enclosures checked");
    assert!(enclosures > 0);
    report("ray-mesh", &tallies);
}

/// A particle moved at a posed cube from outside never ends strictly inside it (the exact
/// images), and a sphere slid at it from apart ends apart; ends are finite.
#[test]
fn posed_movers_never_end_inside() {
    let (interval, _, _, faces) = cube_meshes();
    let mut rng = Rng(0x030e_00e5);
    let (mut moves, mut blocked, mut pushed) = (0, 0, 0);
    for _ in 0..cases() {
        let pose = random_pose(&mut rng);
        let images = cube_images(&faces, &pose);
        let (foot, out) = cube_feature(&mut rng);
        let start = pose.transform_point(foot + out * 0.5);
        let through = Vec3::new(
            cube_coord(&mut rng),
            cube_coord(&mut rng),
            cube_coord(&mut rng),
        );
        let goal = pose.transform_point(foot + (through - foot) * 2.0);
        if in_convex(&q3(start), &images) {
            continue;
        }
        let placed = Posed::new(pose, &interval);
        let m = move_particle(&placed, start, goal, 0.0).unwrap();
        moves += 1;
        blocked += usize::from(!m.blocked.is_false());
        assert!(m.end.to_array().iter().all(|x| x.is_finite()));
        assert!(
            !strictly_in_convex(&q3(m.end), &images),
            "particle {start:?} -> {goal:?} ended inside at {:?}, mesh {pose:?}",
            m.end
        );
        // A sphere around the start, apart from the cube, slid toward the goal.
        let r = 0.125 * pose.scale();
        let c = q3(start);
        let apart = |c: &Q3| images.iter().all(|f| point_triangle_d2(c, f) > q(r) * q(r));
        if apart(&c) {
            let options = SlideOptions {
                epsilon: 1e-9,
                ..SlideOptions::default()
            };
            let s = slide_sphere(&placed, start, r, goal - start, options).unwrap();
            assert!(s.end.to_array().iter().all(|x| x.is_finite()));
            assert!(
                apart(&q3(s.end)),
                "sphere {start:?} r {r} by {:?} ended in contact at {:?}, mesh {pose:?}",
                goal - start,
                s.end
            );
        }
        // A sphere sunk into the cube at the same start (a sixteenth of its gap): pushed out
        // and moved, or left there; never inside, and apart wherever it went.
        let sunk = 0.5 * out.length() * pose.scale() * 1.0625;
        let s = slide_sphere(&placed, start, sunk, goal - start, SlideOptions::default());
        let s = s.unwrap();
        let apart = |c: &Q3| {
            images
                .iter()
                .all(|f| point_triangle_d2(c, f) > q(sunk) * q(sunk))
        };
        assert!(s.end.to_array().iter().all(|x| x.is_finite()));
        assert!(
            s.started_in_contact && !strictly_in_convex(&q3(s.end), &images),
            "{s:?}"
        );
        if s.end != start {
            pushed += 1;
            assert!(
                apart(&q3(s.end)),
                "sunk sphere {start:?} r {sunk}: {s:?}, {pose:?}"
            );
        }
    }
    println!(
        "posed movers: {moves} particle moves, {blocked} blocked, {pushed} sunk spheres freed"
    );
    assert!(pushed > cases() / 4, "{pushed}");
    assert!(moves > cases() / 4 && blocked > 0);
}

/// Spheres swept at a posed cube: from outside a face, an edge or a corner, along the outward
/// direction reversed (through or onto the feature), or along a face's plane at exactly the
/// radius (a graze), or one ulp off; the sphere posed by the cube's pose or placed in world
/// coordinates, the motion given in world coordinates. Exact by the images: the squared
/// distance from the center's path to each face against `r²`.
#[test]
fn posed_sweep_sphere_mesh_is_never_certainly_wrong() {
    let mut tallies = Tallies::new();
    let (interval, float, _, faces) = cube_meshes();
    let mut rng = Rng(0x05ee_00e5);
    for placement in MESH_PLACEMENTS {
        for _ in 0..cases() / 2 {
            let pose = random_pose(&mut rng);
            let images = cube_images(&faces, &pose);
            let (foot, out) = cube_feature(&mut rng);
            let k = rng.pick(&[0.125, 0.25, 0.5]);
            let (start, step, mut r) = if rng.below(3) == 0 {
                // Along the plane of the foot's face, `k` above it: grazes at radius `k`.
                let axis = out.to_array().iter().position(|x| *x != 0.0).unwrap();
                let mut d = [1.0, 0.5, 0.25];
                d[axis] = 0.0;
                let d = Vec3::from(d);
                let lift = out.map(f64::signum) * k;
                (foot + lift - d * 2.0, d * 4.0, k)
            } else {
                (foot + out * 2.0, -out * 3.0, k)
            };
            match rng.below(4) {
                0 => r = nudge(r, 1),
                1 => r = nudge(r, -1),
                _ => {}
            }
            let local = Sphere::<f64>::new(start, r).unwrap();
            let motion = pose.transform_vector(step);
            let (sphere, sphere_pose) = match placement {
                Placement::Same => (local, Some(pose)),
                _ => (
                    Sphere::new(pose.transform_point(start), r * pose.scale()).unwrap(),
                    None,
                ),
            };
            let c = image_point(sphere_pose.as_ref(), sphere.center());
            let rr = image_length(sphere_pose.as_ref(), sphere.radius());
            let end = add(&c, &q3(motion));
            let exact = images
                .iter()
                .any(|f| segment_triangle_d2(&c, &end, f) <= &rr * &rr);
            let case = || format!("{sphere:?} {sphere_pose:?} by {motion:?}, mesh {pose:?}");
            let mut put = |path, v| {
                record(
                    &mut tallies,
                    ("sweep-mesh", placement, path),
                    v,
                    exact,
                    &case,
                )
            };
            let ls = Sphere::<Interval>::new(lift(sphere.center()), sphere.radius()).unwrap();
            let generic = sweep_sphere_mesh(
                &posed(sphere_pose, ls),
                lift(motion),
                &Posed::new(pose, &interval),
            );
            put("Interval<f64>", generic.hit);
            for (policy, path) in [
                (Policy::Exact, "decide f64 Exact"),
                (Policy::Conservative, "decide f64 Conservative"),
            ] {
                let hit = decide_sweep_sphere_mesh(
                    &posed(sphere_pose, sphere),
                    motion,
                    &Posed::new(pose, &float),
                    policy,
                );
                put(path, hit.hit);
                // No face is touched before the time's lower end.
                let lo = hit.time.lo();
                let at = add(&c, &support::scale(&q3(motion), &q(lo)));
                let safe = lo == 0.0
                    || images
                        .iter()
                        .all(|f| segment_triangle_d2(&c, &at, f) >= &rr * &rr);
                assert!(safe, "{path}: contact before {lo} for {}", case());
            }
        }
    }
    report("sweep-mesh", &tallies);
}

/// Segments, rays and points at a triangle's corner, edge midpoint or an integer point of its
/// plane (collinear triangles among them): through it, ending exactly on it, along the plane,
/// or one ulp off, each placed by the pairwise placements (a point is given in world
/// coordinates, at the float image of its local place). Exact by the images: a linear program
/// on the segment's parameter and the barycentric weights.
#[test]
fn posed_segment_ray_and_point_triangle_are_never_certainly_wrong() {
    let mut tallies = Tallies::new();
    let mut rng = Rng(0x5e6_0e5);
    for placement in PLACEMENTS {
        for _ in 0..cases() / 2 {
            let (ball, t) = sphere_triangle_pair(&mut rng);
            let foot = ball.center() - Vec3::new(0.0, 0.0, ball.center().z - t.corners()[0].z);
            let up = Vec3::new(rng.small(2), rng.small(2), 1.0 + rng.below(3) as f64);
            let mut end = foot;
            match rng.below(4) {
                0 => end.z = nudge(end.z, 1),
                1 => end.z = nudge(end.z, -1),
                2 => end = foot - up, // through the feature
                _ => {}
            }
            let in_plane = rng.below(4) == 0;
            let (start, dir) = if in_plane {
                let d = Vec3::new(1.0, 0.5, 0.0);
                (end - d * 3.0, d)
            } else {
                (foot + up, -up)
            };
            let poses = poses(&mut rng, placement);
            let tri = t.corners().map(|c| image_point(poses[1].as_ref(), c));
            let p0 = image_point(poses[0].as_ref(), start);
            let p1 = image_point(poses[0].as_ref(), end);
            let d = image_vector(poses[0].as_ref(), dir);
            let segment_exact = meets_q(&p0, &sub(&p1, &p0), &Q::one(), &tri);
            let dd = dot(&d, &d);
            let reach = tri
                .iter()
                .map(|c| dot(&sub(c, &p0), &d) / &dd)
                .fold(Q::zero(), |m, s| m.max(s));
            let ray_exact = meets_q(&p0, &d, &reach, &tri);
            // The point: the float image of `end` in world coordinates.
            let world_end = poses[0].map_or(end, |p| p.transform_point(end));
            let point_exact = meets_q(&q3(world_end), &q3(Vec3::zero()), &Q::zero(), &tri);
            let case = || format!("{start:?} -> {end:?} dir {dir:?} {t:?} {poses:?}");
            let seg = Segment::<f64>::new(start, end).unwrap();
            let ray = Ray::<f64>::new(start, dir).unwrap();
            let lt = Triangle::<Interval>::new(
                lift(t.corners()[0]),
                lift(t.corners()[1]),
                lift(t.corners()[2]),
            )
            .unwrap();
            let lseg = Segment::<Interval>::new(lift(start), lift(end)).unwrap();
            let lray = Ray::<Interval>::new(lift(start), lift(dir)).unwrap();
            let pt = posed(poses[1], t);
            let plt = posed(poses[1], lt);
            for (family, exact, generic) in [
                (
                    "segment-triangle",
                    segment_exact,
                    intersect_segment_triangle(&posed(poses[0], lseg), &plt),
                ),
                (
                    "ray-triangle",
                    ray_exact,
                    cast_ray_triangle(&posed(poses[0], lray), &plt).hit,
                ),
                (
                    "point-triangle",
                    point_exact,
                    point_in_triangle(lift(world_end), &plt),
                ),
            ] {
                record(
                    &mut tallies,
                    (family, placement, "Interval<f64>"),
                    generic,
                    exact,
                    &case,
                );
            }
            for (policy, path) in [
                (Policy::Exact, "decide f64 Exact"),
                (Policy::Conservative, "decide f64 Conservative"),
            ] {
                let answers = [
                    (
                        "segment-triangle",
                        segment_exact,
                        decide_intersect_segment_triangle(&posed(poses[0], seg), &pt, policy),
                    ),
                    (
                        "ray-triangle",
                        ray_exact,
                        decide_hit_ray_triangle(&posed(poses[0], ray), &pt, policy),
                    ),
                    (
                        "point-triangle",
                        point_exact,
                        decide_point_in_triangle(world_end, &pt, policy),
                    ),
                ];
                for (family, exact, v) in answers {
                    record(&mut tallies, (family, placement, path), v, exact, &case);
                }
            }
            let numbers: Vec<f64> = [start, end, dir, world_end]
                .iter()
                .chain(t.corners().iter())
                .flat_map(|v| v.to_array())
                .collect();
            if is_f32(&numbers) {
                let [a, b, c] = t.corners().map(f32v);
                let t32 = posed(poses[1], Triangle::<f32>::new(a, b, c).unwrap());
                let s32 = Segment::<f32>::new(f32v(start), f32v(end)).unwrap();
                let r32 = Ray::<f32>::new(f32v(start), f32v(dir)).unwrap();
                let e = Policy::Exact;
                let answers = [
                    (
                        "segment-triangle",
                        segment_exact,
                        decide_intersect_segment_triangle(&posed(poses[0], s32), &t32, e),
                    ),
                    (
                        "ray-triangle",
                        ray_exact,
                        decide_hit_ray_triangle(&posed(poses[0], r32), &t32, e),
                    ),
                    (
                        "point-triangle",
                        point_exact,
                        decide_point_in_triangle(f32v(world_end), &t32, e),
                    ),
                ];
                for (family, exact, v) in answers {
                    record(
                        &mut tallies,
                        (family, placement, "decide f32 Exact"),
                        v,
                        exact,
                        &case,
                    );
                }
            }
        }
    }
    report("segment/ray/point-triangle", &tallies);
}

/// A ball and a mesh posed alike with coordinates near `2^1000` (a case of the adversarial
/// suite's mesh-ball family): the exact stage's expansions overflow, and used to carry their
/// infinite components on through every product, for minutes, instead of handing over to
/// big integers at once. The posed answer is the local one (a similarity keeps contact).
#[test]
fn a_posed_ball_at_huge_coordinates_is_decided_exactly_and_at_once() {
    let n = [
        1.0715086071862673e301,
        -4.2860344287450693e301,
        -4.2860344287450693e301,
        2.1430172143725346e301,
        4.2860344287450693e301,
        0.0,
        3.214525821558802e301,
        1.2858103286235208e302,
        4.2860344287450693e301,
        2.1430172143725346e301,
        -1.0715086071862673e301,
        0.0,
        2.1430172143725346e301,
        4.2860344287450693e301,
        0.0,
        3.214525821558802e301,
        1.2858103286235208e302,
        4.2860344287450693e301,
        4.2860344287450693e301,
        2.1430172143725346e302,
        8.572068857490139e301,
        3.214525821558802e301,
        7.500560250303871e301,
        4.2860344287450693e301,
        6.696928794914171e301,
        6.964805946710738e301,
        1.0715086071862673e301,
        5.357543035931337e301,
    ];
    let corners: Vec<Vec3<f64>> = (0..8)
        .map(|k| Vec3::new(n[3 * k], n[3 * k + 1], n[3 * k + 2]))
        .collect();
    let faces = two_tetrahedra_faces();
    let mesh = TriangleMesh::<f64>::new(&corners, &faces).unwrap();
    let ball = Sphere::new(Vec3::new(n[24], n[25], n[26]), n[27]).unwrap();
    let pose = Pose::new(
        [
            0.182_574_185_835_055_36,
            0.365_148_371_670_110_7,
            0.547_722_557_505_166_1,
            0.730_296_743_340_221_4,
        ],
        DVec3::ZERO,
    )
    .unwrap();
    let local = decide_overlap_sphere_mesh(&ball, &mesh, Policy::Exact);
    assert_ne!(local, Verdict::Maybe);
    let posed = decide_overlap_sphere_mesh(
        &Posed::new(pose, ball),
        &Posed::new(pose, &mesh),
        Policy::Exact,
    );
    assert_eq!(posed, local);
}
