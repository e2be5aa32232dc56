//! The filter stack as a user meets it: through the facade, on f32 and f64 shapes, with the
//! exact policy; and orient3d against an independent exact predicate, Shewchuk's adaptive
//! `robust::orient3d` (opposite sign convention).

use std::cmp::Ordering;

use quickcheck::{Arbitrary, Gen};
use surety::intervals::arbitrary::checker;
use surety::prelude::*;

fn robust_sign(p: [Vec3<f64>; 4]) -> Ordering {
    let k = |v: Vec3<f64>| robust::Coord3D {
        x: v.x,
        y: v.y,
        z: v.z,
    };
    let r = robust::orient3d(k(p[0]), k(p[1]), k(p[2]), k(p[3]));
    0.0.partial_cmp(&r).expect("robust returns a number")
}

/// Nearly coplanar, exactly coplanar (dyadic grid) or random points, at a scale where
/// robust's expansions are exact too (no underflow or overflow).
fn points(seed: u64) -> [Vec3<f64>; 4] {
    let mut g = Gen::from_size_and_seed(100, seed);
    let mut unit = || (u64::arbitrary(&mut g) >> 11) as f64 / (1u64 << 53) as f64;
    let mut p = || Vec3::new(unit(), unit(), unit());
    let (a, b, c) = (p(), p(), p());
    let d = match seed % 3 {
        0 => p(),
        1 => {
            let (s, t) = (unit(), unit());
            a + (b - a) * s + (c - a) * t
        }
        _ => {
            let grid = |v: Vec3<f64>| v.map(|x| (x * 64.0).round() / 64.0);
            let (a, b, c) = (grid(a), grid(b), grid(c));
            return [a, b, c, a + (b - a) * 0.5 + (c - a) * 0.25];
        }
    };
    let k = 2f64.powi((seed % 200) as i32 - 100);
    [a, b, c, d].map(|v| v * k)
}

#[test]
fn orient3d_under_the_exact_policy_equals_shewchuks_adaptive_predicate() {
    fn prop(seed: u64) -> bool {
        let [a, b, c, d] = points(seed);
        let ours = surety::queries::orient3d(a, b, c, d, Policy::Exact).certain();
        let conservative = surety::queries::orient3d(a, b, c, d, Policy::Conservative).certain();
        let theirs = robust_sign([a, b, c, d]);
        ours == Some(theirs) && conservative.is_none_or(|s| s == theirs)
    }
    checker().quickcheck(prop as fn(u64) -> bool);
}

#[test]
fn the_exact_policy_never_answers_maybe_on_f32_shapes() {
    use surety::queries::{
        decide_intersect_segment_triangle, decide_overlap_sphere_aabb, decide_overlap_triangle_aabb,
    };
    let b = Aabb::<f32>::new(Vec3::new(0.0, 0.0, 0.0), Vec3::new(1.0, 1.0, 1.0)).unwrap();
    let mut g = Gen::new(100);
    // Grid coordinates: exact ties (tangency, touching corners, segments through edges).
    let coord = |g: &mut Gen| (i8::arbitrary(g) % 9) as f32 / 4.0;
    let p = |g: &mut Gen| Vec3::new(coord(g), coord(g), coord(g));
    for _ in 0..2000 {
        let s = Sphere::new(p(&mut g), coord(&mut g).abs()).unwrap();
        let t = Triangle::new(p(&mut g), p(&mut g), p(&mut g)).unwrap();
        let seg = Segment::new(p(&mut g), p(&mut g)).unwrap();
        assert!(decide_overlap_sphere_aabb(&s, &b, Policy::Exact).is_certain());
        assert!(decide_overlap_triangle_aabb(&t, &b, Policy::Exact).is_certain());
        assert!(decide_intersect_segment_triangle(&seg, &t, Policy::Exact).is_certain());
        // Where the generic certified query is certain, the stack agrees with it.
        let lift = Vec3::<Interval>::lift_f32;
        let ti = Triangle::new(
            lift(t.corners()[0]),
            lift(t.corners()[1]),
            lift(t.corners()[2]),
        )
        .unwrap();
        let bi = Aabb::new(lift(b.min()), lift(b.max())).unwrap();
        let generic = overlap_triangle_aabb(&ti, &bi);
        let stacked = decide_overlap_triangle_aabb(&t, &b, Policy::Exact);
        assert!(generic
            .certain()
            .is_none_or(|v| Verdict::from(v) == stacked));
    }
}
