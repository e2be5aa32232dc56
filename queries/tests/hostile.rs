//! Hostile numbers into every public entry point: constructors, pairwise queries on every
//! path, motion and CCD. Nothing may panic or hang; a constructor refuses what is not finite
//! with an error; a position, time of impact or hit parameter that a call returns from finite
//! input is finite (or, for an interval enclosure, a sound one: never NaN, never empty).
//!
//! The numbers come from a list of the values that break float code (signed zeros,
//! subnormals, the ends of the `f32` and `f64` ranges, NaN, infinities, large offsets) mixed
//! with small integers, drawn by a fixed-seed generator so that a failure is reproducible.
//! `HOSTILE_CASES` sets the cases per entry point (default 400).

mod support;

use support::{unit_cube, Rng};
use surety_intervals::{Interval, Policy, Vec3};
use surety_queries::ccd::{edge_edge_ccd, vertex_face_ccd, CcdOptions};
use surety_queries::{
    cast_ray_aabb, cast_ray_triangle, closest_point_on_triangle, decide_hit_ray_triangle,
    decide_intersect_segment_triangle, decide_overlap_obb_obb, decide_overlap_sphere_aabb,
    decide_overlap_sphere_obb, decide_overlap_sphere_sphere, decide_overlap_sphere_triangle,
    decide_overlap_triangle_aabb, decide_point_in_triangle, decide_sweep_sphere_mesh,
    decide_sweep_sphere_triangle, intersect_segment_triangle, move_particle, orient3d,
    overlap_aabb_aabb, overlap_obb_obb, overlap_sphere_aabb, overlap_sphere_obb,
    overlap_sphere_sphere, overlap_sphere_triangle, overlap_triangle_aabb, point_in_triangle,
    slide_sphere, sweep_sphere_triangle, Aabb, Obb, Plane, Ray, Segment, SlideOptions, Sphere,
    Triangle, TriangleMesh,
};

const SPECIAL: [f64; 24] = [
    0.0,
    -0.0,
    5e-324,
    -5e-324,
    2.2250738585072014e-308,
    1e-300,
    1.401298464324817e-45,
    1.1754943508222875e-38,
    0.1,
    0.5,
    1.0,
    -1.0,
    3.0,
    1e8,
    1e15,
    -1e15,
    3.4028234663852886e38,
    1e300,
    -1e300,
    f64::MAX,
    -f64::MAX,
    f64::NAN,
    f64::INFINITY,
    f64::NEG_INFINITY,
];

/// Hostile numbers from the shared generator.
trait Hostile {
    /// Special most of the time, a small integer otherwise; finite only when `finite`.
    fn x(&mut self, finite: bool) -> f64;
    fn v(&mut self, finite: bool) -> Vec3<f64> {
        Vec3::new(self.x(finite), self.x(finite), self.x(finite))
    }
}

impl Hostile for Rng {
    fn x(&mut self, finite: bool) -> f64 {
        loop {
            let r = self.next();
            let x = if r % 3 == 0 {
                ((r >> 8) % 9) as f64 - 4.0
            } else {
                SPECIAL[(r >> 8) as usize % SPECIAL.len()]
            };
            if !finite || x.is_finite() {
                return x;
            }
        }
    }
}

fn cases() -> usize {
    std::env::var("HOSTILE_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(400)
}

fn iv(v: Vec3<f64>) -> Vec3<Interval> {
    v.map(Interval::enclose)
}

fn iv32(v: Vec3<f64>) -> Vec3<Interval<f32>> {
    v.map(Interval::<f32>::enclose_f64)
}

fn f32v(v: Vec3<f64>) -> Vec3<f32> {
    v.map(|x| x as f32)
}

fn finite3<F: Into<f64> + Copy>(v: Vec3<F>) -> bool {
    v.to_array().iter().all(|x| (*x).into().is_finite())
}

const POLICIES: [Policy; 3] = [Policy::Conservative, Policy::Optimistic, Policy::Exact];

/// Every pairwise query, on every path, with any numbers (NaN and infinities included: the
/// constructors must refuse them, never panic).
#[test]
fn hostile_numbers_never_panic_any_pairwise_query() {
    let mut rng = Rng(17);
    for i in 0..cases() {
        let finite = i % 4 != 0;
        let (a, b, c, d, e) = (
            rng.v(finite),
            rng.v(finite),
            rng.v(finite),
            rng.v(finite),
            rng.v(finite),
        );
        let r = rng.x(finite).abs();
        let policy = POLICIES[i % 3];
        // Interval<f64>, Interval<f32>, f64 and f32 shapes, generic queries.
        macro_rules! generic {
            ($s:ty, $lift:expr, $num:expr) => {{
                let (a, b, c, d, e) = ($lift(a), $lift(b), $lift(c), $lift(d), $lift(e));
                let r = $num(r);
                if let (Ok(s), Ok(bx)) = (Sphere::<$s>::new(a, r), Aabb::<$s>::new(b, c)) {
                    let _ = overlap_sphere_aabb(&s, &bx);
                }
                if let (Ok(s), Ok(s2)) = (Sphere::<$s>::new(a, r), Sphere::<$s>::new(b, r)) {
                    let _ = overlap_sphere_sphere(&s, &s2);
                }
                if let (Ok(b1), Ok(b2)) = (Aabb::<$s>::new(a, b), Aabb::<$s>::new(c, d)) {
                    let _ = overlap_aabb_aabb(&b1, &b2);
                }
                if let Ok(t) = Triangle::<$s>::new(a, b, c) {
                    let _ = point_in_triangle(d, &t);
                    if let Ok(s) = Segment::<$s>::new(d, e) {
                        let _ = intersect_segment_triangle(&s, &t);
                    }
                    if let Ok(ray) = Ray::<$s>::new(d, e) {
                        let _ = cast_ray_triangle(&ray, &t);
                    }
                    if let Ok(bx) = Aabb::<$s>::new(d, e) {
                        let _ = overlap_triangle_aabb(&t, &bx);
                    }
                    if let Ok(s) = Sphere::<$s>::new(d, r) {
                        let _ = overlap_sphere_triangle(&s, &t);
                        let _ = sweep_sphere_triangle(&s, e, &t);
                    }
                }
                if let (Ok(o1), Ok(o2)) = (
                    Obb::<$s>::new(a, [b, c, d], e),
                    Obb::<$s>::new(e, [d, c, b], a),
                ) {
                    let _ = overlap_obb_obb(&o1, &o2);
                    if let Ok(s) = Sphere::<$s>::new(b, r) {
                        let _ = overlap_sphere_obb(&s, &o1);
                    }
                }
                if let (Ok(ray), Ok(bx)) = (Ray::<$s>::new(a, b), Aabb::<$s>::new(c, d)) {
                    let _ = cast_ray_aabb(&ray, &bx);
                }
                if let Ok(p) = Plane::new(a, r) {
                    let _ = p.signed_distance(b);
                    let _ = p.classify(b, r);
                }
            }};
        }
        generic!(Interval, iv, Interval::enclose);
        generic!(Interval<f32>, iv32, Interval::<f32>::enclose_f64);
        generic!(f64, |v: Vec3<f64>| v, |x: f64| x);
        generic!(f32, f32v, |x: f64| x as f32);
        // decide_… on f64 and f32 shapes.
        macro_rules! decide {
            ($s:ty, $lift:expr, $num:expr) => {{
                let (a, b, c, d, e) = ($lift(a), $lift(b), $lift(c), $lift(d), $lift(e));
                let r = $num(r);
                if let (Ok(s), Ok(bx)) = (Sphere::<$s>::new(a, r), Aabb::<$s>::new(b, c)) {
                    let _ = decide_overlap_sphere_aabb(&s, &bx, policy);
                }
                if let (Ok(s), Ok(s2)) = (Sphere::<$s>::new(a, r), Sphere::<$s>::new(b, r)) {
                    let _ = decide_overlap_sphere_sphere(&s, &s2, policy);
                }
                if let Ok(t) = Triangle::<$s>::new(a, b, c) {
                    let _ = decide_point_in_triangle(d, &t, policy);
                    if let Ok(s) = Segment::<$s>::new(d, e) {
                        let _ = decide_intersect_segment_triangle(&s, &t, policy);
                    }
                    if let Ok(ray) = Ray::<$s>::new(d, e) {
                        let _ = decide_hit_ray_triangle(&ray, &t, policy);
                    }
                    if let Ok(bx) = Aabb::<$s>::new(d, e) {
                        let _ = decide_overlap_triangle_aabb(&t, &bx, policy);
                    }
                    if let Ok(s) = Sphere::<$s>::new(d, r) {
                        let _ = decide_overlap_sphere_triangle(&s, &t, policy);
                        let _ = decide_sweep_sphere_triangle(&s, e, &t, policy);
                        if let Ok(m) = TriangleMesh::<$s>::from_triangles(vec![t]) {
                            let hit = decide_sweep_sphere_mesh(&s, e, &m, policy);
                            assert!(hit.time.lo() <= hit.time.hi());
                        }
                    }
                }
                if let (Ok(o1), Ok(o2)) = (
                    Obb::<$s>::new(a, [b, c, d], e),
                    Obb::<$s>::new(e, [d, c, b], a),
                ) {
                    let _ = decide_overlap_obb_obb(&o1, &o2, policy);
                    if let Ok(s) = Sphere::<$s>::new(b, r) {
                        let _ = decide_overlap_sphere_obb(&s, &o1, policy);
                    }
                }
                if let Ok(p) = Plane::new(a, r) {
                    let _ = p.decide_side(b, r, policy);
                }
                let _ = orient3d(a, b, c, d, policy);
            }};
        }
        decide!(f64, |v: Vec3<f64>| v, |x: f64| x);
        decide!(f32, f32v, |x: f64| x as f32);
        // Plain-float answers that are numbers are finite for finite input: the closest
        // point on a triangle, and a ray's hit parameter on f64 and f32 shapes.
        if finite3(a) && finite3(b) && finite3(c) && finite3(d) {
            let p = closest_point_on_triangle(d, [a, b, c]);
            assert!(finite3(p), "closest {d:?} {a:?} {b:?} {c:?}: {p:?}");
        }
        if let (Ok(t), Ok(ray)) = (Triangle::<f64>::new(a, b, c), Ray::<f64>::new(d, e)) {
            let hit = cast_ray_triangle(&ray, &t);
            assert!(hit.t.is_finite(), "ray {d:?} {e:?}: {hit:?}");
        }
        if let (Ok(t), Ok(ray)) = (
            Triangle::<f32>::new(f32v(a), f32v(b), f32v(c)),
            Ray::<f32>::new(f32v(d), f32v(e)),
        ) {
            let hit = cast_ray_triangle(&ray, &t);
            assert!(hit.t.is_finite(), "ray f32 {d:?} {e:?}: {hit:?}");
        }
    }
}

/// Movers: any numbers in, an error or a finite end out, and quickly.
#[test]
fn hostile_numbers_into_the_movers_give_errors_or_finite_ends() {
    let mut rng = Rng(23);
    let meshes = [unit_cube(true), unit_cube(false)];
    for i in 0..cases() {
        let finite = i % 4 != 0;
        let mesh = &meshes[i % 2];
        let (p, m) = (rng.v(finite), rng.v(finite));
        let (r, epsilon) = (rng.x(finite).abs(), rng.x(finite).abs());
        let started = std::time::Instant::now();
        if let Ok(s) = slide_sphere(
            mesh,
            p,
            r,
            m,
            SlideOptions {
                epsilon,
                ..SlideOptions::default()
            },
        ) {
            assert!(finite3(s.end), "slide {p:?} {m:?} {r} {epsilon}: {s:?}");
        }
        if let Ok(mv) = move_particle(mesh, p, m, epsilon) {
            assert!(finite3(mv.end), "particle {p:?} {m:?} {epsilon}: {mv:?}");
        }
        assert!(
            started.elapsed().as_secs() < 5,
            "slow mover: {p:?} {m:?} {r} {epsilon}"
        );
    }
}

/// CCD: any numbers in, an error or a sound answer out (a time of impact that is not NaN),
/// never a panic; settings out of range are errors.
#[test]
fn hostile_numbers_into_ccd_give_errors_or_sound_answers() {
    let mut rng = Rng(29);
    for i in 0..cases() / 4 {
        let finite = i % 4 != 0;
        let start = [rng.v(finite), rng.v(finite), rng.v(finite), rng.v(finite)];
        let end = [rng.v(finite), rng.v(finite), rng.v(finite), rng.v(finite)];
        let options = CcdOptions {
            min_separation: if i % 5 == 0 { rng.x(finite).abs() } else { 0.0 },
            max_iterations: 10_000,
            ..CcdOptions::default()
        };
        for hit in [
            vertex_face_ccd(start, end, options),
            edge_edge_ccd(start, end, options),
        ]
        .into_iter()
        .flatten()
        {
            assert!(
                !hit.toi.lo().is_nan() && !hit.toi.hi().is_nan(),
                "{start:?} {end:?}: {hit:?}"
            );
        }
    }
}
