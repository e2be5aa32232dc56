//! Posed queries on float shapes against parry3d's posed queries, on the same 4096 random
//! inputs per iteration: box–box (two cuboids, each with its own rotation and translation)
//! and ball–triangle (the ball posed, the triangle in its own posed frame). surety's rows are
//! the certified `decide_…` queries on posed `f32` shapes (the pose applied inside the
//! formula, exact under `Policy::Exact`) and the same generic query on `f32` (the pose
//! applied in floats) and on `Interval<f64>` (the image enclosed); parry3d's is its
//! uncertified `intersection_test`. The table printed at the end gives ns per query and the
//! ratio to parry3d from this run.
//!
//! Run: `cargo bench --bench poses`.

use criterion::Criterion;
use surety::prelude::*;

mod common;

use common::{time, vector, Rng};

const N: usize = 4096;

/// A random rotation (an axis and an angle, in `f32`, as an engine stores it) and a
/// translation within `spread` of the origin.
fn random_pose(rng: &mut Rng, spread: f64) -> (glam::Quat, glam::Vec3) {
    let axis = rng.point(1.0).normalize_or(glam::Vec3::Z);
    let angle = (rng.unit() * std::f64::consts::TAU) as f32;
    (glam::Quat::from_axis_angle(axis, angle), rng.point(spread))
}

fn surety_pose((q, t): &(glam::Quat, glam::Vec3)) -> Pose {
    Pose::new(*q, t.as_dvec3()).expect("finite")
}

fn parry_pose((q, t): &(glam::Quat, glam::Vec3)) -> parry3d::math::Pose {
    let [x, y, z, w] = q.to_array();
    parry3d::math::Pose::from_parts(vector(*t), parry3d::math::Rotation::from_xyzw(x, y, z, w))
}

fn box_box(c: &mut Criterion) {
    let mut rng = Rng(21);
    // About half overlap: boxes of half size up to 1 posed within 1.5 of the origin.
    let raw: Vec<_> = (0..N)
        .map(|_| {
            let half = |rng: &mut Rng| {
                glam::Vec3::new(rng.unit() as f32, rng.unit() as f32, rng.unit() as f32)
                    + glam::Vec3::splat(0.05)
            };
            (
                random_pose(&mut rng, 1.5),
                half(&mut rng),
                random_pose(&mut rng, 1.5),
                half(&mut rng),
            )
        })
        .collect();
    let mut group = c.benchmark_group("posed box-box");
    let unit = [glam::Vec3::X, glam::Vec3::Y, glam::Vec3::Z];
    macro_rules! posed_boxes {
        ($s:ty) => {
            raw.iter()
                .map(|(pa, ha, pb, hb)| {
                    let obb = |h: glam::Vec3| {
                        Obb::<$s>::new(glam::Vec3::ZERO, unit.map(Vec3::from), h).unwrap()
                    };
                    (
                        Posed::new(surety_pose(pa), obb(*ha)),
                        Posed::new(surety_pose(pb), obb(*hb)),
                    )
                })
                .collect::<Vec<_>>()
        };
    }
    let f32_boxes = posed_boxes!(f32);
    time(&mut group, "decide Exact", &f32_boxes, |(a, b)| {
        decide_overlap_obb_obb(a, b, Policy::Exact).resolve(Policy::Conservative)
    });
    time(&mut group, "f32", &f32_boxes, |(a, b)| {
        overlap_obb_obb(a, b).resolve(Policy::Conservative)
    });
    let interval_boxes = posed_boxes!(Interval<f64>);
    time(&mut group, "Interval<f64>", &interval_boxes, |(a, b)| {
        overlap_obb_obb(a, b).resolve(Policy::Conservative)
    });
    let parry: Vec<_> = raw
        .iter()
        .map(|(pa, ha, pb, hb)| {
            (
                parry_pose(pa),
                parry3d::shape::Cuboid::new(vector(*ha)),
                parry_pose(pb),
                parry3d::shape::Cuboid::new(vector(*hb)),
            )
        })
        .collect();
    common::time_parry_intersection(&mut group, &parry);
    group.finish();
}

fn ball_triangle(c: &mut Criterion) {
    let mut rng = Rng(22);
    let raw: Vec<_> = (0..N)
        .map(|_| {
            let tri = [rng.point(1.5), rng.point(1.5), rng.point(1.5)];
            (
                random_pose(&mut rng, 1.0),
                rng.unit() as f32,
                random_pose(&mut rng, 1.0),
                tri,
            )
        })
        .collect();
    let mut group = c.benchmark_group("posed sphere-triangle");
    macro_rules! posed_pairs {
        ($s:ty) => {
            raw.iter()
                .map(|(pa, r, pb, [a, b, c])| {
                    (
                        Posed::new(
                            surety_pose(pa),
                            Sphere::<$s>::new(glam::Vec3::ZERO, <$s>::from(*r)).unwrap(),
                        ),
                        Posed::new(surety_pose(pb), Triangle::<$s>::new(*a, *b, *c).unwrap()),
                    )
                })
                .collect::<Vec<_>>()
        };
    }
    let f32_pairs = posed_pairs!(f32);
    time(&mut group, "decide Exact", &f32_pairs, |(s, t)| {
        decide_overlap_sphere_triangle(s, t, Policy::Exact).resolve(Policy::Conservative)
    });
    time(&mut group, "f32", &f32_pairs, |(s, t)| {
        overlap_sphere_triangle(s, t).resolve(Policy::Conservative)
    });
    let interval_pairs = posed_pairs!(Interval<f64>);
    time(&mut group, "Interval<f64>", &interval_pairs, |(s, t)| {
        overlap_sphere_triangle(s, t).resolve(Policy::Conservative)
    });
    let parry: Vec<_> = raw
        .iter()
        .map(|(pa, r, pb, [a, b, c])| {
            (
                parry_pose(pa),
                parry3d::shape::Ball::new(*r),
                parry_pose(pb),
                parry3d::shape::Triangle::new(vector(*a), vector(*b), vector(*c)),
            )
        })
        .collect();
    common::time_parry_intersection(&mut group, &parry);
    group.finish();
}

fn report() {
    println!("\nns per posed query (median over {N} random queries), same run:");
    println!(
        "| query | decide Exact (f32 shapes) | f32 | Interval<f64> | parry3d | decide / parry3d |"
    );
    println!("|---|---:|---:|---:|---:|---:|");
    for group in ["posed box-box", "posed sphere-triangle"] {
        let t: Vec<Option<f64>> = ["decide Exact", "f32", "Interval<f64>", "parry3d"]
            .iter()
            .map(|f| common::median_ns(group, f).map(|ns| ns / N as f64))
            .collect();
        let show = |x: Option<f64>| x.map_or("—".to_string(), |v| format!("{v:.1}"));
        let ratio = match (t[0], t[3]) {
            (Some(a), Some(b)) => format!("{:.2}×", a / b),
            _ => "—".to_string(),
        };
        println!(
            "| {group} | {} | {} | {} | {} | {ratio} |",
            show(t[0]),
            show(t[1]),
            show(t[2]),
            show(t[3])
        );
    }
}

fn main() {
    let mut c = Criterion::default()
        .warm_up_time(std::time::Duration::from_millis(300))
        .measurement_time(std::time::Duration::from_secs(1))
        .sample_size(30)
        .configure_from_args();
    box_box(&mut c);
    ball_triangle(&mut c);
    c.final_summary();
    report();
}
