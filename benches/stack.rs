//! The filter stack (float filter → intervals → exact) against the plain `f32` query, parry3d's
//! uncertified query and Shewchuk's adaptive `robust::orient3d`, on random and near-contact
//! inputs (4096 per iteration). The tables printed at the end give ns per query and ratios from
//! this run, and which stage decided how many queries (the `counters` feature).
//!
//! Run: `cargo bench --bench stack`.

use std::hint::black_box;

use criterion::{measurement::WallTime, BenchmarkGroup, Criterion};
use parry3d::math::Pose;
use parry3d::query::{Ray as PRay, RayCast};
use parry3d::shape::{Ball, Cuboid, Triangle as PTriangle};
use robust::Coord3D;
use surety::intervals::stack::{counts, decide, decide_in, reset_counts, Counts, Formula, Stage};
use surety::intervals::{Dyadic, Expansion};
use surety::prelude::*;
use surety::queries::{
    decide_hit_ray_triangle, decide_intersect_segment_triangle, decide_overlap_obb_obb,
    decide_overlap_sphere_aabb, decide_overlap_sphere_triangle, decide_overlap_triangle_aabb,
    orient3d, ObbObb, Orient3d, SegmentTriangle, SphereAabb, SphereTriangle, TriangleAabb,
};

mod common;

use common::{
    posed_ball, posed_balls_and_triangles, posed_box, time, time_parry_intersection, vector as p,
    Rng,
};

const N: usize = 4096;

/// A point in the unit cube, in `f64`.
fn dpoint(rng: &mut Rng) -> glam::DVec3 {
    glam::DVec3::new(rng.unit(), rng.unit(), rng.unit())
}

/// Which stage decides each input under `Policy::Exact` (the `counters` feature).
fn stage_counts<F: Formula>(formulas: &[F]) -> Counts {
    reset_counts();
    for f in formulas {
        black_box(decide(f, Policy::Exact).is_some());
    }
    counts()
}

/// Times each stage alone on `formulas` (the cost per stage on near-contact inputs).
fn time_stages<F: Formula>(group: &mut BenchmarkGroup<'_, WallTime>, formulas: &[F]) {
    for (stage, label) in [
        (Stage::Static, "static-only"),
        (Stage::Filter, "filter-only"),
        (Stage::Interval, "interval-only"),
        (Stage::Adaptive, "adaptive-only"),
        (Stage::Exact, "exact-only"),
    ] {
        time(group, label, formulas, |f| decide_in(f, stage).is_some());
    }
}

/// The rows every input set gets: the plain `f32` query, and the stack under `Policy::Exact`.
fn plain_and_exact_rows<I>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    inputs: &[I],
    plain: impl Fn(&I) -> Verdict,
    stack: &impl Fn(&I, Policy) -> Verdict,
) {
    time(group, "f32", inputs, |i| {
        plain(i).resolve(Policy::Conservative)
    });
    time(group, "stack-exact", inputs, |i| {
        stack(i, Policy::Exact).resolve(Policy::Exact)
    });
}

/// One query's rows on random inputs: those of [`plain_and_exact_rows`], the stack under
/// `Policy::Conservative`, and the static filter alone on formulas built beforehand and built
/// per query (the difference is the cost of reloading freshly converted coordinates: see
/// `load3` in surety-queries). Returns the prebuilt formulas.
fn random_rows<I, F: Formula>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    inputs: &[I],
    plain: impl Fn(&I) -> Verdict,
    stack: impl Fn(&I, Policy) -> Verdict,
    formula: impl Fn(&I) -> F,
) -> Vec<F> {
    plain_and_exact_rows(group, inputs, plain, &stack);
    time(group, "stack", inputs, |i| {
        stack(i, Policy::Conservative).resolve(Policy::Conservative)
    });
    let pre: Vec<F> = inputs.iter().map(&formula).collect();
    time(group, "static-prebuilt", &pre, |f| {
        decide_in(f, Stage::Static).is_some()
    });
    time(group, "static-built", inputs, |i| {
        decide_in(&formula(i), Stage::Static).is_some()
    });
    pre
}

/// One query's rows on near-contact inputs: those of [`plain_and_exact_rows`], and each stage
/// alone. Returns the formulas.
fn near_rows<I, F: Formula>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    inputs: &[I],
    plain: impl Fn(&I) -> Verdict,
    stack: impl Fn(&I, Policy) -> Verdict,
    formula: impl Fn(&I) -> F,
) -> Vec<F> {
    plain_and_exact_rows(group, inputs, plain, &stack);
    let formulas: Vec<F> = inputs.iter().map(formula).collect();
    time_stages(group, &formulas);
    formulas
}

fn sphere_aabb(c: &mut Criterion, counted: &mut Vec<(String, Counts)>) {
    let mut rng = Rng(1);
    let random: Vec<(Sphere<f32>, Aabb<f32>)> = (0..N)
        .map(|_| {
            let center = rng.point(2.0);
            let radius = rng.unit() as f32 * 1.2;
            let a = rng.point(1.0);
            let size = glam::Vec3::new(rng.unit() as f32, rng.unit() as f32, rng.unit() as f32);
            (
                Sphere::new(center, radius).unwrap(),
                Aabb::new(a, a + size).unwrap(),
            )
        })
        .collect();
    // Near contact: tangent to a face, exactly, then the radius moved by -3..=3 ulps.
    let near: Vec<(Sphere<f32>, Aabb<f32>)> = (0..N)
        .map(|i| {
            let a = rng.point(1.0);
            let hi = a + glam::Vec3::splat(0.5);
            let r = 0.25f32 + (rng.unit() as f32) * 0.25;
            let c = glam::Vec3::new(hi.x + r, a.y + 0.25, a.z + 0.25);
            let mut r2 = r;
            for _ in 0..(i % 7) {
                r2 = if i % 2 == 0 {
                    r2.next_up()
                } else {
                    r2.next_down()
                };
            }
            (Sphere::new(c, r2).unwrap(), Aabb::new(a, hi).unwrap())
        })
        .collect();

    let mut group = c.benchmark_group("stack-sphere-aabb");
    let random_f = random_rows(
        &mut group,
        &random,
        |(s, b)| overlap_sphere_aabb(s, b),
        |(s, b), policy| decide_overlap_sphere_aabb(s, b, policy),
        |(s, b)| SphereAabb::new(s, b),
    );
    let lifted: Vec<(Sphere<Interval>, Aabb<Interval>)> = random
        .iter()
        .map(|(s, b)| {
            (
                Sphere::<Interval>::new(Vec3::lift_f32(s.center()), f64::from(s.radius())).unwrap(),
                Aabb::<Interval>::new(Vec3::lift_f32(b.min()), Vec3::lift_f32(b.max())).unwrap(),
            )
        })
        .collect();
    time(&mut group, "Interval<f64>", &lifted, |(s, b)| {
        overlap_sphere_aabb(s, b).resolve(Policy::Conservative)
    });
    let parry: Vec<(Pose, Ball, Pose, Cuboid)> = random
        .iter()
        .map(|(s, b)| {
            let (lo, hi) = (glam::Vec3::from(b.min()), glam::Vec3::from(b.max()));
            let ((p1, ball), (p2, cuboid)) =
                (posed_ball(s.center().into(), s.radius()), posed_box(lo, hi));
            (p1, ball, p2, cuboid)
        })
        .collect();
    time_parry_intersection(&mut group, &parry);
    group.finish();

    let mut group = c.benchmark_group("stack-sphere-aabb-near");
    let formulas = near_rows(
        &mut group,
        &near,
        |(s, b)| overlap_sphere_aabb(s, b),
        |(s, b), policy| decide_overlap_sphere_aabb(s, b, policy),
        |(s, b)| SphereAabb::new(s, b),
    );
    group.finish();

    counted.push(("sphere–AABB, random".into(), stage_counts(&random_f)));
    counted.push(("sphere–AABB, near contact".into(), stage_counts(&formulas)));
}

fn triangles(c: &mut Criterion, counted: &mut Vec<(String, Counts)>) {
    let mut rng = Rng(2);
    let raw: Vec<([glam::Vec3; 3], glam::Vec3, glam::Vec3)> = (0..N)
        .map(|_| {
            let tri = [rng.point(1.5), rng.point(1.5), rng.point(1.5)];
            (tri, rng.point(2.0), rng.point(2.0))
        })
        .collect();
    let segs: Vec<(Segment<f32>, Triangle<f32>)> = raw
        .iter()
        .map(|(t, a, b)| {
            (
                Segment::new(*a, *b).unwrap(),
                Triangle::new(t[0], t[1], t[2]).unwrap(),
            )
        })
        .collect();
    // Near contact: a point of an edge (rounded), or a corner, of each triangle.
    let contact: Vec<glam::Vec3> = raw
        .iter()
        .enumerate()
        .map(|(i, (t, _, _))| {
            if i % 2 == 0 {
                t[0] + (t[1] - t[0]) * (rng.unit() as f32)
            } else {
                t[2]
            }
        })
        .collect();
    // Segments through it.
    let near: Vec<(Segment<f32>, Triangle<f32>)> = raw
        .iter()
        .zip(&contact)
        .map(|((t, a, _), &on)| {
            (
                Segment::new(*a, on + (on - *a)).unwrap(),
                Triangle::new(t[0], t[1], t[2]).unwrap(),
            )
        })
        .collect();

    let mut group = c.benchmark_group("stack-segment-triangle");
    let seg_f = random_rows(
        &mut group,
        &segs,
        |(s, t)| intersect_segment_triangle(s, t),
        |(s, t), policy| decide_intersect_segment_triangle(s, t, policy),
        |(s, t)| SegmentTriangle::new(s, t),
    );
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

    // Rays: from the segment's first end along it, on to infinity.
    let rays: Vec<(Ray<f32>, Triangle<f32>)> = raw
        .iter()
        .map(|(t, a, b)| {
            (
                Ray::new(*a, *b - *a).unwrap(),
                Triangle::new(t[0], t[1], t[2]).unwrap(),
            )
        })
        .collect();
    let mut group = c.benchmark_group("stack-ray-triangle");
    let ray_f = random_rows(
        &mut group,
        &rays,
        |(r, t)| cast_ray_triangle(r, t).hit,
        |(r, t), policy| decide_hit_ray_triangle(r, t, policy),
        |(r, t)| SegmentTriangle::ray(r, t),
    );
    // The segment rows' parry3d rays, cast without a length limit.
    time(&mut group, "parry3d", &parry, |(t, r)| {
        t.cast_local_ray(r, f32::MAX, true).is_some()
    });
    group.finish();
    counted.push(("ray–triangle, random".into(), stage_counts(&ray_f)));

    let mut group = c.benchmark_group("stack-segment-triangle-near");
    let near_f = near_rows(
        &mut group,
        &near,
        |(s, t)| intersect_segment_triangle(s, t),
        |(s, t), policy| decide_intersect_segment_triangle(s, t, policy),
        |(s, t)| SegmentTriangle::new(s, t),
    );
    group.finish();

    let boxes: Vec<(Triangle<f32>, Aabb<f32>)> = raw
        .iter()
        .map(|(t, a, b)| {
            (
                Triangle::new(t[0], t[1], t[2]).unwrap(),
                Aabb::new(a.min(*b), a.max(*b)).unwrap(),
            )
        })
        .collect();
    let mut group = c.benchmark_group("stack-triangle-aabb");
    let box_f = random_rows(
        &mut group,
        &boxes,
        |(t, b)| overlap_triangle_aabb(t, b),
        |(t, b), policy| decide_overlap_triangle_aabb(t, b, policy),
        |(t, b)| TriangleAabb::new(t, b),
    );
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

    // Sphere–triangle: the inputs of `benches/queries.rs` (a sphere at the first segment end).
    let balls: Vec<(Sphere<f32>, Triangle<f32>)> = raw
        .iter()
        .map(|(t, a, b)| {
            (
                Sphere::new(*a, b.x.abs() * 0.5).unwrap(),
                Triangle::new(t[0], t[1], t[2]).unwrap(),
            )
        })
        .collect();
    // Near contact: spheres reaching the same points (from off the plane, mostly), the radius
    // moved by -3..=3 ulps.
    let near_balls: Vec<(Sphere<f32>, Triangle<f32>)> = raw
        .iter()
        .zip(&contact)
        .enumerate()
        .map(|(i, ((t, a, _), &on))| {
            let mut r = (*a - on).length();
            for _ in 0..(i % 7) {
                r = if i % 3 == 0 {
                    r.next_up()
                } else {
                    r.next_down()
                };
            }
            (
                Sphere::new(*a, r).unwrap(),
                Triangle::new(t[0], t[1], t[2]).unwrap(),
            )
        })
        .collect();
    let mut group = c.benchmark_group("stack-sphere-triangle");
    let ball_f = random_rows(
        &mut group,
        &balls,
        |(s, t)| overlap_sphere_triangle(s, t),
        |(s, t), policy| decide_overlap_sphere_triangle(s, t, policy),
        |(s, t)| SphereTriangle::new(s, t),
    );
    time_parry_intersection(&mut group, &posed_balls_and_triangles(&raw));
    group.finish();
    let mut group = c.benchmark_group("stack-sphere-triangle-near");
    let near_ball_f = near_rows(
        &mut group,
        &near_balls,
        |(s, t)| overlap_sphere_triangle(s, t),
        |(s, t), policy| decide_overlap_sphere_triangle(s, t, policy),
        |(s, t)| SphereTriangle::new(s, t),
    );
    group.finish();
    counted.push(("sphere–triangle, random".into(), stage_counts(&ball_f)));
    counted.push((
        "sphere–triangle, near contact".into(),
        stage_counts(&near_ball_f),
    ));

    counted.push(("segment–triangle, random".into(), stage_counts(&seg_f)));
    counted.push((
        "segment–triangle, near contact".into(),
        stage_counts(&near_f),
    ));
    counted.push(("triangle–AABB, random".into(), stage_counts(&box_f)));
}

fn obb_obb(c: &mut Criterion, counted: &mut Vec<(String, Counts)>) {
    let mut rng = Rng(5);
    // Random rotations (scaled axis vectors), centers in [-1, 1]³, half extents in [0.1, 0.7):
    // about half the pairs overlap.
    let raw: Vec<[(glam::Vec3, glam::Vec3, glam::Vec3); 2]> = (0..N)
        .map(|_| {
            [0, 1].map(|_| {
                let half = glam::Vec3::new(rng.unit() as f32, rng.unit() as f32, rng.unit() as f32);
                (
                    rng.point(1.0),
                    rng.point(3.0),
                    half * 0.6 + glam::Vec3::splat(0.1),
                )
            })
        })
        .collect();
    let boxes: Vec<(Obb<f32>, Obb<f32>)> = raw
        .iter()
        .map(|pair| {
            let [a, b] = pair.map(|(center, turn, half)| {
                let m = glam::Mat3::from_quat(glam::Quat::from_scaled_axis(turn));
                let axes = [m.x_axis, m.y_axis, m.z_axis].map(Into::into);
                Obb::new(center, axes, half).unwrap()
            });
            (a, b)
        })
        .collect();
    let mut group = c.benchmark_group("stack-obb-obb");
    let formulas = random_rows(
        &mut group,
        &boxes,
        |(a, b)| overlap_obb_obb(a, b),
        |(a, b), policy| decide_overlap_obb_obb(a, b, policy),
        |(a, b)| ObbObb::new(a, b),
    );
    let parry: Vec<(Pose, Cuboid, Pose, Cuboid)> = raw
        .iter()
        .map(|pair| {
            let [(pa, ca), (pb, cb)] = pair
                .map(|(center, turn, half)| (Pose::new(p(center), p(turn)), Cuboid::new(p(half))));
            (pa, ca, pb, cb)
        })
        .collect();
    time_parry_intersection(&mut group, &parry);
    group.finish();
    counted.push(("OBB–OBB, random".into(), stage_counts(&formulas)));
}

fn orient(c: &mut Criterion, counted: &mut Vec<(String, Counts)>) {
    let mut rng = Rng(3);
    let random: Vec<[glam::DVec3; 4]> = (0..N)
        .map(|_| {
            [
                dpoint(&mut rng),
                dpoint(&mut rng),
                dpoint(&mut rng),
                dpoint(&mut rng),
            ]
        })
        .collect();
    // Nearly coplanar: the fourth point on the plane of the first three, rounded.
    let coplanar: Vec<[glam::DVec3; 4]> = (0..N)
        .map(|_| {
            let (a, b, c) = (dpoint(&mut rng), dpoint(&mut rng), dpoint(&mut rng));
            let (s, t) = (rng.unit(), rng.unit());
            [a, b, c, a + (b - a) * s + (c - a) * t]
        })
        .collect();
    let v = |p: &glam::DVec3| Vec3::<f64>::from(*p);
    let k = |p: &glam::DVec3| Coord3D {
        x: p.x,
        y: p.y,
        z: p.z,
    };
    for (name, set) in [("random", &random), ("coplanar", &coplanar)] {
        let mut group = c.benchmark_group(format!("stack-orient3d-{name}"));
        time(&mut group, "robust", set, |[a, b, c, d]| {
            robust::orient3d(k(a), k(b), k(c), k(d)) > 0.0
        });
        time(&mut group, "stack", set, |[a, b, c, d]| {
            orient3d(v(a), v(b), v(c), v(d), Policy::Conservative).certain()
                == Some(std::cmp::Ordering::Less)
        });
        time(&mut group, "stack-exact", set, |[a, b, c, d]| {
            orient3d(v(a), v(b), v(c), v(d), Policy::Exact).certain()
                == Some(std::cmp::Ordering::Less)
        });
        time(&mut group, "f64", set, |[a, b, c, d]| {
            (*b - *a).cross(*c - *a).dot(*d - *a) < 0.0
        });
        let formulas: Vec<Orient3d> = set
            .iter()
            .map(|[a, b, c, d]| Orient3d::new(v(a), v(b), v(c), v(d)))
            .collect();
        time_stages(&mut group, &formulas);
        // The exact stage's two number types, each alone.
        time(&mut group, "expansion", &formulas, |f| {
            f.eval::<Expansion>().is_some()
        });
        time(&mut group, "dyadic", &formulas, |f| {
            f.eval::<Dyadic>().is_some()
        });
        group.finish();
        counted.push((format!("orient3d, {name}"), stage_counts(&formulas)));
    }
}

fn ns(group: &str, f: &str) -> Option<f64> {
    common::median_ns(group, f).map(|t| t / N as f64)
}

fn show(x: Option<f64>) -> String {
    x.map_or("—".into(), |v| format!("{v:.1}"))
}

fn ratio(a: Option<f64>, b: Option<f64>) -> String {
    match (a, b) {
        (Some(a), Some(b)) => format!("{:.2}×", a / b),
        _ => "—".into(),
    }
}

fn report(counted: &[(String, Counts)]) {
    println!("\nns per query (median over {N} queries), same run; stack = static filter → adaptive (orient3d) → float filter → intervals, Maybe left to the policy; stack-exact = then the exact stage (Policy::Exact):");
    println!("| query | f32 | stack | stack-exact | parry3d | stack / f32 | stack / parry3d |");
    println!("|---|---:|---:|---:|---:|---:|---:|");
    for (label, group) in [
        ("sphere–AABB", "stack-sphere-aabb"),
        ("segment–triangle", "stack-segment-triangle"),
        ("ray–triangle", "stack-ray-triangle"),
        ("triangle–AABB", "stack-triangle-aabb"),
        ("sphere–triangle", "stack-sphere-triangle"),
        ("OBB–OBB", "stack-obb-obb"),
    ] {
        let [f, s, e, p] = ["f32", "stack", "stack-exact", "parry3d"].map(|f| ns(group, f));
        println!(
            "| {label} | {} | {} | {} | {} | {} | {} |",
            show(f),
            show(s),
            show(e),
            show(p),
            ratio(s, f),
            ratio(s, p)
        );
    }
    println!("\nthe static filter alone on the random inputs, ns per query: formulas built beforehand, and built from the f32 shapes per query:");
    println!("| query | prebuilt | built per query |");
    println!("|---|---:|---:|");
    for (label, group) in [
        ("sphere–AABB", "stack-sphere-aabb"),
        ("segment–triangle", "stack-segment-triangle"),
        ("ray–triangle", "stack-ray-triangle"),
        ("triangle–AABB", "stack-triangle-aabb"),
        ("sphere–triangle", "stack-sphere-triangle"),
        ("OBB–OBB", "stack-obb-obb"),
    ] {
        let [pre, built] = ["static-prebuilt", "static-built"].map(|f| ns(group, f));
        println!("| {label} | {} | {} |", show(pre), show(built));
    }
    println!("\norient3d, ns per query, same run:");
    println!("| points | robust | stack | stack-exact | plain f64 | stack / robust | stack-exact / robust |");
    println!("|---|---:|---:|---:|---:|---:|---:|");
    for name in ["random", "coplanar"] {
        let group = format!("stack-orient3d-{name}");
        let [r, s, e, f] = ["robust", "stack", "stack-exact", "f64"].map(|f| ns(&group, f));
        println!(
            "| {name} | {} | {} | {} | {} | {} | {} |",
            show(r),
            show(s),
            show(e),
            show(f),
            ratio(s, r),
            ratio(e, r)
        );
    }
    println!("\ncost of each stage alone on near-contact inputs, ns per query:");
    println!("| inputs | static | filter | interval | adaptive | exact | stack-exact |");
    println!("|---|---:|---:|---:|---:|---:|---:|");
    for (label, group) in [
        (
            "sphere–AABB within 3 ulps of tangent",
            "stack-sphere-aabb-near",
        ),
        (
            "segment through an edge or corner",
            "stack-segment-triangle-near",
        ),
        (
            "sphere within 3 ulps of a triangle's corner or edge",
            "stack-sphere-triangle-near",
        ),
        ("orient3d, nearly coplanar", "stack-orient3d-coplanar"),
    ] {
        let [st, f, i, a, x, e] = [
            "static-only",
            "filter-only",
            "interval-only",
            "adaptive-only",
            "exact-only",
            "stack-exact",
        ]
        .map(|f| ns(group, f));
        println!(
            "| {label} | {} | {} | {} | {} | {} | {} |",
            show(st),
            show(f),
            show(i),
            show(a),
            show(x),
            show(e)
        );
    }
    let group = "stack-orient3d-coplanar";
    let (e, d) = (ns(group, "expansion"), ns(group, "dyadic"));
    println!(
        "\nexact stage on nearly coplanar orient3d, ns per query: expansions {}, dyadic big integers {} (dyadic / expansion {})",
        show(e),
        show(d),
        ratio(d, e)
    );
    println!("\nwhich stage decided (Policy::Exact, counters feature):");
    println!("| inputs | static | adaptive | filter | interval | exact |");
    println!("|---|---:|---:|---:|---:|---:|");
    for (label, n) in counted {
        let pct = |k: u64| format!("{:.2} %", 100.0 * k as f64 / n.total().max(1) as f64);
        println!(
            "| {label} | {} | {} | {} | {} | {} |",
            pct(n.static_filter),
            pct(n.adaptive),
            pct(n.filter),
            pct(n.interval),
            pct(n.exact)
        );
    }
}

fn main() {
    let mut c = Criterion::default()
        .warm_up_time(std::time::Duration::from_millis(300))
        .measurement_time(std::time::Duration::from_secs(1))
        .sample_size(30)
        .configure_from_args();
    let mut counted = Vec::new();
    sphere_aabb(&mut c, &mut counted);
    triangles(&mut c, &mut counted);
    obb_obb(&mut c, &mut counted);
    orient(&mut c, &mut counted);
    c.final_summary();
    report(&counted);
}
