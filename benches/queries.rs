//! Each query on 4096 random inputs per iteration: certified (`Interval<f64>`, and
//! `Interval<f32>`), the same generic query on plain `f32` and `f64`, a naive formula on raw
//! inari intervals where one is the obvious way to write it, and parry3d's uncertified query
//! where it has one. The table printed at the end gives ns per query and ratios from this run.
//!
//! Run: `cargo bench --bench queries`.

use criterion::Criterion;
use parry3d::math::Pose;
use parry3d::query::{Ray as PRay, RayCast};
use parry3d::shape::{Ball, Cuboid, Triangle as PTriangle};
use surety::prelude::*;

mod common;

use common::{
    posed_ball, posed_balls_and_triangles, posed_box, time, time_parry_intersection, vector as p,
    Rng,
};

const N: usize = 4096;

fn sphere_aabb(c: &mut Criterion) {
    let mut rng = Rng(1);
    // About half overlap: boxes of size up to 2 around the origin region, spheres nearby.
    let raw: Vec<(glam::Vec3, f32, glam::Vec3, glam::Vec3)> = (0..N)
        .map(|_| {
            let center = rng.point(2.0);
            let radius = rng.unit() as f32 * 1.2;
            let a = rng.point(1.0);
            let size = glam::Vec3::new(rng.unit() as f32, rng.unit() as f32, rng.unit() as f32);
            (center, radius, a, a + size)
        })
        .collect();
    let shapes = |_: ()| raw.iter();
    let mut group = c.benchmark_group("sphere-aabb");

    macro_rules! generic {
        ($s:ty, $label:literal) => {{
            let inputs: Vec<(Sphere<$s>, Aabb<$s>)> = shapes(())
                .map(|(c, r, lo, hi)| {
                    (
                        Sphere::new(*c, <$s>::from(*r)).unwrap(),
                        Aabb::new(*lo, *hi).unwrap(),
                    )
                })
                .collect();
            time(&mut group, $label, &inputs, |(s, b)| {
                overlap_sphere_aabb(s, b).resolve(Policy::Conservative)
            });
        }};
    }
    generic!(f32, "f32");
    generic!(f64, "f64");
    generic!(Interval<f64>, "Interval<f64>");
    generic!(Interval<f32>, "Interval<f32>");

    // The naive certified formula: clamp the center into the box, square with `*`.
    let naive: Vec<(I3, inari::Interval, I3, I3)> = shapes(())
        .map(|(c, r, lo, hi)| {
            let iv = |x: f32| inari::Interval::try_from((f64::from(x), f64::from(x))).unwrap();
            (
                c.to_array().map(iv),
                iv(*r),
                lo.to_array().map(iv),
                hi.to_array().map(iv),
            )
        })
        .collect();
    time(&mut group, "inari-naive", &naive, |(c, r, lo, hi)| {
        let mut d2 = inari::Interval::try_from((0.0, 0.0)).unwrap();
        for i in 0..3 {
            let closest = c[i].max(lo[i]).min(hi[i]);
            let d = c[i] - closest;
            d2 += d * d;
        }
        // Certainly apart only when d2 > r² for every member.
        d2.inf() <= (*r * *r).sup()
    });

    let parry: Vec<(Pose, Ball, Pose, Cuboid)> = shapes(())
        .map(|(c, r, lo, hi)| {
            let ((p1, ball), (p2, cuboid)) = (posed_ball(*c, *r), posed_box(*lo, *hi));
            (p1, ball, p2, cuboid)
        })
        .collect();
    time_parry_intersection(&mut group, &parry);
    group.finish();
}

fn triangles(c: &mut Criterion) {
    let mut rng = Rng(2);
    // About a third of the segments hit: triangles of size ~2 at the origin, segments through
    // the region.
    let raw: Vec<([glam::Vec3; 3], glam::Vec3, glam::Vec3)> = (0..N)
        .map(|_| {
            let tri = [rng.point(1.5), rng.point(1.5), rng.point(1.5)];
            (tri, rng.point(2.0), rng.point(2.0))
        })
        .collect();
    let mut group = c.benchmark_group("segment-triangle");
    macro_rules! generic {
        ($s:ty, $label:literal) => {{
            let inputs: Vec<(Segment<$s>, Triangle<$s>)> = raw
                .iter()
                .map(|(t, a, b)| {
                    (
                        Segment::new(*a, *b).unwrap(),
                        Triangle::new(t[0], t[1], t[2]).unwrap(),
                    )
                })
                .collect();
            time(&mut group, $label, &inputs, |(s, t)| {
                intersect_segment_triangle(s, t).resolve(Policy::Conservative)
            });
        }};
    }
    generic!(f32, "f32");
    generic!(f64, "f64");
    generic!(Interval<f64>, "Interval<f64>");
    generic!(Interval<f32>, "Interval<f32>");
    // The naive certified formula: Möller–Trumbore with divisions, on raw inari intervals.
    let naive: Vec<[[inari::Interval; 3]; 5]> = raw
        .iter()
        .map(|(t, a, b)| {
            [t[0], t[1], t[2], *a, *b].map(|v| {
                v.to_array()
                    .map(|x| inari::Interval::try_from((f64::from(x), f64::from(x))).unwrap())
            })
        })
        .collect();
    time(&mut group, "inari-naive", &naive, |[a, b, c, p, q]| {
        naive_segment_triangle(*a, *b, *c, *p, *q)
    });
    let parry: Vec<(PTriangle, PRay)> = raw
        .iter()
        .map(|(t, a, b)| {
            (
                PTriangle::new(p(t[0]), p(t[1]), p(t[2])),
                PRay::new(p(*a), p(*b - *a)),
            )
        })
        .collect();
    time(&mut group, "parry3d", &parry, |(t, r)| {
        t.cast_local_ray(r, 1.0, true).is_some()
    });
    group.finish();

    let mut group = c.benchmark_group("triangle-aabb");
    macro_rules! tri_box {
        ($s:ty, $label:literal) => {{
            let inputs: Vec<(Triangle<$s>, Aabb<$s>)> = raw
                .iter()
                .map(|(t, a, b)| {
                    (
                        Triangle::new(t[0], t[1], t[2]).unwrap(),
                        Aabb::new(a.min(*b), a.max(*b)).unwrap(),
                    )
                })
                .collect();
            time(&mut group, $label, &inputs, |(t, b)| {
                overlap_triangle_aabb(t, b).resolve(Policy::Conservative)
            });
        }};
    }
    tri_box!(f32, "f32");
    tri_box!(f64, "f64");
    tri_box!(Interval<f64>, "Interval<f64>");
    tri_box!(Interval<f32>, "Interval<f32>");
    let parry: Vec<(Pose, PTriangle, Pose, Cuboid)> = raw
        .iter()
        .map(|(t, a, b)| {
            let (p2, cuboid) = posed_box(a.min(*b), a.max(*b));
            (
                Pose::IDENTITY,
                PTriangle::new(p(t[0]), p(t[1]), p(t[2])),
                p2,
                cuboid,
            )
        })
        .collect();
    time_parry_intersection(&mut group, &parry);
    group.finish();

    let mut group = c.benchmark_group("sphere-triangle");
    macro_rules! ball_tri {
        ($s:ty, $label:literal) => {{
            let inputs: Vec<(Sphere<$s>, Triangle<$s>)> = raw
                .iter()
                .map(|(t, a, b)| {
                    (
                        Sphere::new(*a, <$s>::from(b.x.abs() * 0.5)).unwrap(),
                        Triangle::new(t[0], t[1], t[2]).unwrap(),
                    )
                })
                .collect();
            time(&mut group, $label, &inputs, |(s, t)| {
                overlap_sphere_triangle(s, t).resolve(Policy::Conservative)
            });
        }};
    }
    ball_tri!(f32, "f32");
    ball_tri!(f64, "f64");
    ball_tri!(Interval<f64>, "Interval<f64>");
    ball_tri!(Interval<f32>, "Interval<f32>");
    time_parry_intersection(&mut group, &posed_balls_and_triangles(&raw));
    group.finish();
}

type I3 = [inari::Interval; 3];

fn sub3(a: I3, b: I3) -> I3 {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

fn dot3(a: I3, b: I3) -> inari::Interval {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

fn cross3(a: I3, b: I3) -> I3 {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

/// Möller–Trumbore as usually written (divide by det), on inari intervals: `false` only when
/// a condition certainly fails.
fn naive_segment_triangle(a: I3, b: I3, c: I3, p: I3, q: I3) -> bool {
    let (e1, e2, dir) = (sub3(b, a), sub3(c, a), sub3(q, p));
    let pvec = cross3(dir, e2);
    let inv = inari::Interval::try_from((1.0, 1.0)).unwrap() / dot3(e1, pvec);
    let tvec = sub3(p, a);
    let u = dot3(tvec, pvec) * inv;
    if u.sup() < 0.0 || u.inf() > 1.0 {
        return false;
    }
    let qvec = cross3(tvec, e1);
    let v = dot3(dir, qvec) * inv;
    if v.sup() < 0.0 || (u + v).inf() > 1.0 {
        return false;
    }
    let t = dot3(e2, qvec) * inv;
    !(t.sup() < 0.0 || t.inf() > 1.0)
}

fn report() {
    println!("\nns per query (median over {N} random queries), same run:");
    println!("| query | f32 | f64 | Interval<f64> | Interval<f32> | inari naive | parry3d | Interval<f64>/f32 | Interval<f64>/naive | Interval<f64>/parry3d |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for group in [
        "sphere-aabb",
        "segment-triangle",
        "triangle-aabb",
        "sphere-triangle",
    ] {
        let t: Vec<Option<f64>> = [
            "f32",
            "f64",
            "Interval<f64>",
            "Interval<f32>",
            "inari-naive",
            "parry3d",
        ]
        .iter()
        .map(|f| common::median_ns(group, f).map(|ns| ns / N as f64))
        .collect();
        let show = |x: Option<f64>| x.map_or("—".to_string(), |v| format!("{v:.1}"));
        let ratio = |a: Option<f64>, b: Option<f64>| match (a, b) {
            (Some(a), Some(b)) => format!("{:.1}×", a / b),
            _ => "—".to_string(),
        };
        println!(
            "| {group} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            show(t[0]),
            show(t[1]),
            show(t[2]),
            show(t[3]),
            show(t[4]),
            show(t[5]),
            ratio(t[2], t[0]),
            ratio(t[2], t[4]),
            ratio(t[2], t[5])
        );
    }
}

fn main() {
    let mut c = Criterion::default()
        .warm_up_time(std::time::Duration::from_millis(300))
        .measurement_time(std::time::Duration::from_secs(1))
        .sample_size(30)
        .configure_from_args();
    sphere_aabb(&mut c);
    triangles(&mut c);
    c.final_summary();
    report();
}
