//! Every pairwise query on every path, on any numbers: no panic; constructors refuse what
//! they must with an error; and a certain answer agrees with the exact oracle (the shared
//! test support's LPs and exact distances) whenever the inputs are finite.
#![no_main]

use libfuzzer_sys::fuzz_target;
use surety_intervals::{Interval, Policy, Verdict};
use surety_queries::{
    decide_intersect_segment_triangle, decide_overlap_obb_obb, decide_overlap_sphere_aabb,
    decide_overlap_sphere_triangle, decide_overlap_triangle_aabb, intersect_segment_triangle,
    overlap_obb_obb, overlap_sphere_aabb, overlap_sphere_triangle, overlap_triangle_aabb, Aabb,
    Obb, Segment, Sphere, Triangle,
};

#[allow(dead_code)]
#[path = "../../queries/tests/support/mod.rs"]
mod support;

mod numbers;
use numbers::{agree, iv, iv32, numbers, v};

fuzz_target!(|data: &[u8]| {
    let x = numbers(data);
    if x.len() < 31 {
        return;
    }
    let (kind, x) = (x[0].abs() as usize % 5, &x[1..]);
    // The oracles are exact rationals: keep them to moderate magnitudes, so each case is fast.
    let moderate = x
        .iter()
        .all(|a| a.is_finite() && (a.abs() < 1e30) && (*a == 0.0 || a.abs() > 1e-30));
    match kind {
        0 => {
            let (c, r, lo, hi) = (v(x, 0), x[3].abs(), v(x, 4), v(x, 7));
            let (Ok(s), Ok(b)) = (Sphere::new(c, r), Aabb::new(lo, hi)) else {
                let _ = (
                    Sphere::new(iv(c), Interval::enclose(r)),
                    Aabb::new(iv(lo), iv(hi)),
                );
                return;
            };
            let exact = || {
                let (c, lo, hi) = (support::q3(c), support::q3(lo), support::q3(hi));
                let mut d2 = support::q(0.0);
                for k in 0..3 {
                    let n = c[k].clone().max(lo[k].clone()).min(hi[k].clone());
                    let g = &c[k] - n;
                    d2 += &g * &g;
                }
                d2 <= support::q(r) * support::q(r)
            };
            let e = moderate.then(exact);
            for policy in [Policy::Exact, Policy::Conservative] {
                let d = decide_overlap_sphere_aabb(&s, &b, policy);
                if let Some(e) = e {
                    agree(d, e);
                }
            }
            if let (Ok(s), Ok(b)) = (
                Sphere::new(iv(c), Interval::enclose(r)),
                Aabb::new(iv(lo), iv(hi)),
            ) {
                let g = overlap_sphere_aabb(&s, &b);
                if let Some(e) = e {
                    agree(g, e);
                }
            }
        }
        1 => {
            let (a, b, c, p, q) = (v(x, 0), v(x, 3), v(x, 6), v(x, 9), v(x, 12));
            let (Ok(t), Ok(s)) = (Triangle::new(a, b, c), Segment::new(p, q)) else {
                return;
            };
            let e = moderate.then(|| support::segment_meets_triangle(p, q, [a, b, c]));
            let d = decide_intersect_segment_triangle(&s, &t, Policy::Exact);
            let g = intersect_segment_triangle(
                &Segment::new(iv(p), iv(q)).unwrap(),
                &Triangle::new(iv(a), iv(b), iv(c)).unwrap(),
            );
            let g32 = Segment::new(iv32(p), iv32(q))
                .and_then(|s| Ok((s, Triangle::new(iv32(a), iv32(b), iv32(c))?)))
                .map(|(s, t)| intersect_segment_triangle(&s, &t));
            if let Some(e) = e {
                assert_eq!(d, Verdict::from(e));
                agree(g, e);
                if let Ok(g32) = g32 {
                    agree(g32, e);
                }
            }
        }
        2 => {
            let (a, b, c, lo, hi) = (v(x, 0), v(x, 3), v(x, 6), v(x, 9), v(x, 12));
            let (Ok(t), Ok(bx)) = (Triangle::new(a, b, c), Aabb::new(lo, hi)) else {
                return;
            };
            let e = moderate.then(|| support::lp_triangle_aabb([a, b, c], lo, hi));
            let d = decide_overlap_triangle_aabb(&t, &bx, Policy::Exact);
            let g = overlap_triangle_aabb(
                &Triangle::new(iv(a), iv(b), iv(c)).unwrap(),
                &Aabb::new(iv(lo), iv(hi)).unwrap(),
            );
            if let Some(e) = e {
                assert_eq!(d, Verdict::from(e));
                agree(g, e);
            }
        }
        3 => {
            let (c, r, a, b, cc) = (v(x, 0), x[3].abs(), v(x, 4), v(x, 7), v(x, 10));
            let (Ok(s), Ok(t)) = (Sphere::new(c, r), Triangle::new(a, b, cc)) else {
                return;
            };
            let e =
                moderate.then(|| support::exact_d2(c, [a, b, cc]) <= support::q(r) * support::q(r));
            let d = decide_overlap_sphere_triangle(&s, &t, Policy::Exact);
            let g = overlap_sphere_triangle(
                &Sphere::new(iv(c), Interval::enclose(r)).unwrap(),
                &Triangle::new(iv(a), iv(b), iv(cc)).unwrap(),
            );
            if let Some(e) = e {
                assert_eq!(d, Verdict::from(e));
                agree(g, e);
            }
        }
        _ => {
            let box_at = |i: usize| {
                Obb::new(
                    v(x, i),
                    [v(x, i + 3), v(x, i + 6), v(x, i + 9)],
                    v(x, i + 12).abs(),
                )
            };
            let (Ok(a), Ok(b)) = (box_at(0), box_at(15)) else {
                return;
            };
            let e = moderate.then(|| support::lp_obb_overlap(&a, &b));
            let d = decide_overlap_obb_obb(&a, &b, Policy::Exact);
            let lift = |bx: &Obb<f64>| {
                Obb::new(iv(bx.center()), bx.axes().map(iv), iv(bx.half_extents())).unwrap()
            };
            let g = overlap_obb_obb(&lift(&a), &lift(&b));
            if let Some(e) = e {
                assert_eq!(d, Verdict::from(e));
                agree(g, e);
            }
        }
    }
});
