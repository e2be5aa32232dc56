//! Triangle–AABB: the certified SAT agrees with an exact oracle that clips the triangle by the
//! box's six half-spaces in rational arithmetic (no separating axes involved).

mod support;

use num_traits::Zero;
use quickcheck::{Arbitrary, Gen};
use support::*;
use surety_intervals::arbitrary::checker;
use surety_intervals::{Interval, Policy, Vec3, Verdict};
use surety_queries::{
    decide_overlap_triangle_aabb, overlap_triangle_aabb, Aabb, Triangle, TriangleAabb,
};

/// Exact: does the closed triangle meet the closed box? Sutherland–Hodgman clipping with
/// closed half-spaces keeps boundary points, so touching survives as a point.
fn exact_overlap(tri: [Vec3<f64>; 3], lo: Vec3<f64>, hi: Vec3<f64>) -> bool {
    let mut poly: Vec<Q3> = tri.iter().map(|v| q3(*v)).collect();
    let (lo, hi) = (q3(lo), q3(hi));
    for axis in 0..3 {
        for (bound, sign) in [(&lo[axis], 1), (&hi[axis], -1)] {
            let dist = |p: &Q3| {
                let d = &p[axis] - bound;
                if sign > 0 {
                    d
                } else {
                    -d
                }
            };
            let mut next = Vec::new();
            for i in 0..poly.len() {
                let (cur, nxt) = (&poly[i], &poly[(i + 1) % poly.len()]);
                let (dc, dn) = (dist(cur), dist(nxt));
                if dc >= Q::zero() {
                    next.push(cur.clone());
                }
                if (dc > Q::zero() && dn < Q::zero()) || (dc < Q::zero() && dn > Q::zero()) {
                    let t = &dc / (&dc - &dn);
                    next.push(add(cur, &scale(&sub(nxt, cur), &t)));
                }
            }
            poly = next;
            if poly.is_empty() {
                return false;
            }
        }
    }
    true
}

fn case(seed: u64) -> ([Vec3<f64>; 3], Vec3<f64>, Vec3<f64>) {
    let mut g = Gen::from_size_and_seed(100, seed);
    let (p, q) = (point(&mut g), point(&mut g));
    let (lo, hi) = (p.min(q), p.max(q));
    let corner = Vec3::new(
        if seed % 2 == 0 { lo.x } else { hi.x },
        if seed % 3 == 0 { lo.y } else { hi.y },
        hi.z,
    );
    let a = match seed % 4 {
        0 => corner,                                        // touching a corner
        1 => Vec3::new(hi.x, coord(&mut g), coord(&mut g)), // on a face plane
        _ => point(&mut g),
    };
    let (b, c) = (
        point(&mut g),
        if seed % 13 == 0 { a } else { point(&mut g) },
    );
    let k = [0, 0, 0, 70, -70][(seed / 4 % 5) as usize];
    (
        [scaled(a, k), scaled(b, k), scaled(c, k)],
        scaled(lo, k),
        scaled(hi, k),
    )
}

fn certain_verdicts_agree_with_exact_clipping(seed: u64) -> bool {
    let (tri, lo, hi) = case(seed);
    let t = Triangle::<Interval>::new(lift(tri[0]), lift(tri[1]), lift(tri[2])).unwrap();
    let b = Aabb::new(lift(lo), lift(hi)).unwrap();
    let v = overlap_triangle_aabb(&t, &b);
    v.certain().is_none_or(|v| v == exact_overlap(tri, lo, hi))
}

/// The filter stack against the clipping oracle, as `f64` shapes and rounded to `f32`.
fn stack_agrees(tri: [Vec3<f64>; 3], lo: Vec3<f64>, hi: Vec3<f64>) -> bool {
    let t = Triangle::<f64>::new(tri[0], tri[1], tri[2]).unwrap();
    let b = Aabb::<f64>::new(lo, hi).unwrap();
    let exact = exact_overlap(tri, lo, hi);
    let t32 = Triangle::<f32>::new(to_f32(tri[0]), to_f32(tri[1]), to_f32(tri[2]));
    let b32 = Aabb::<f32>::new(to_f32(lo), to_f32(hi));
    let f32_ok = match (t32, b32) {
        (Ok(t32), Ok(b32)) => {
            let w = |v: Vec3<f32>| v.map(f64::from);
            let [a, b, c] = t32.corners();
            let exact32 = exact_overlap([w(a), w(b), w(c)], w(b32.min()), w(b32.max()));
            stages_agree(&TriangleAabb::new(&t32, &b32), exact32)
        }
        _ => true, // out of f32 range
    };
    stages_agree(&TriangleAabb::new(&t, &b), exact)
        && decide_overlap_triangle_aabb(&t, &b, Policy::Exact) == Verdict::from(exact)
        && f32_ok
}

/// Degenerate triangles: three corners on one line (grid multiples of one direction, so
/// exactly collinear), or all three equal; some through the box's corner exactly.
fn degenerate_case(seed: u64) -> ([Vec3<f64>; 3], Vec3<f64>, Vec3<f64>) {
    let mut g = Gen::from_size_and_seed(100, seed);
    let (p, q) = (point(&mut g), point(&mut g));
    let (lo, hi) = (p.min(q), p.max(q));
    let a = if seed % 3 == 0 { hi } else { point(&mut g) };
    let d = Vec3::new(
        (seed % 5) as f64 - 2.0,
        (seed / 5 % 5) as f64 - 2.0,
        (seed / 25 % 5) as f64 - 2.0,
    );
    let s = |k: f64| a + d * k;
    match seed % 4 {
        0 => ([a, a, a], lo, hi),
        _ => ([s(-1.5), s(0.25), s(2.0)], lo, hi),
    }
}

/// Off-grid near contact, decided below the rounding of every float formula: a triangle whose
/// plane supports the box at a corner (within the rounding of its corners), or one of whose
/// edges grazes a box edge from outside; both then scaled per axis by powers of two.
fn near_case(seed: u64) -> ([Vec3<f64>; 3], Vec3<f64>, Vec3<f64>) {
    let mut g = Gen::from_size_and_seed(100, seed);
    let unit = |g: &mut Gen| 0.05 + f64::from(u32::arbitrary(g)) / f64::from(u32::MAX);
    let (p, q) = (moderate_point(&mut g), moderate_point(&mut g));
    let (lo, hi) = (p.min(q), p.max(q));
    // The corner on each axis's `hi` side or `lo` side, and the outward sign there.
    let side = |k: u64, lo: f64, hi: f64| {
        if seed >> k & 1 == 0 {
            (hi, 1.0)
        } else {
            (lo, -1.0)
        }
    };
    let ((x, sx), (y, sy), (z, sz)) = (
        side(3, lo.x, hi.x),
        side(4, lo.y, hi.y),
        side(5, lo.z, hi.z),
    );
    let tri = if seed % 2 == 0 {
        // Corners corner + s ⊙ (p, q, -(p + q)) around the corner: the plane through them has
        // outward normal s ⊙ (1, 1, 1), and the corner is near their centroid.
        let corner = Vec3::new(x, y, z);
        let mut d = || {
            let (p, q) = (unit(&mut g) - 0.5, unit(&mut g) - 0.5);
            Vec3::new(sx * p, sy * q, -sz * (p + q))
        };
        let (d1, d2) = (d(), d());
        [corner + d1, corner + d2, corner - (d1 + d2)]
    } else {
        // An edge through a point of the box's x-edge at (y, z), along a direction that stays
        // outside the box's yz rectangle; the third corner further out.
        let t = Vec3::new(lo.x + (hi.x - lo.x) * unit(&mut g), y, z);
        let dir = Vec3::new(unit(&mut g) - 0.5, sy * unit(&mut g), -sz * unit(&mut g));
        let out = Vec3::new(unit(&mut g) - 0.5, sy * unit(&mut g), sz * unit(&mut g));
        [t - dir * unit(&mut g), t + dir * unit(&mut g), t + out]
    };
    let n = AXIS_SCALES.len() as u64 + 1;
    let k = AXIS_SCALES
        .get((seed / 64 % n) as usize)
        .unwrap_or(&[0, 0, 0]);
    let s = |v| axis_scaled(v, *k);
    (tri.map(s), s(lo), s(hi))
}

#[test]
fn every_stack_stage_agrees_with_exact_clipping_degenerate_triangles_included() {
    fn random(seed: u64) -> bool {
        let (tri, lo, hi) = case(seed);
        stack_agrees(tri, lo, hi)
    }
    fn degenerate(seed: u64) -> bool {
        let (tri, lo, hi) = degenerate_case(seed);
        stack_agrees(tri, lo, hi)
    }
    fn near(seed: u64) -> bool {
        let (tri, lo, hi) = near_case(seed);
        finite(&[tri[0], tri[1], tri[2], lo, hi]) && stack_agrees(tri, lo, hi)
    }
    fn per_axis_scaled(seed: u64) -> bool {
        let (tri, lo, hi) = case(seed);
        let k = AXIS_SCALES[(seed / 20) as usize % AXIS_SCALES.len()];
        let s = |v| axis_scaled(v, k);
        let (tri, lo, hi) = (tri.map(s), s(lo), s(hi));
        !finite(&[tri[0], tri[1], tri[2], lo, hi]) || stack_agrees(tri, lo, hi)
    }
    checker().quickcheck(random as fn(u64) -> bool);
    checker().quickcheck(degenerate as fn(u64) -> bool);
    checker().quickcheck(near as fn(u64) -> bool);
    checker().quickcheck(per_axis_scaled as fn(u64) -> bool);
}

#[test]
fn a_segment_through_the_box_corner_overlaps_exactly_and_one_ulp_off_misses() {
    let b = Aabb::<f64>::new(Vec3::new(0.0, 0.0, 0.0), Vec3::new(1.0, 1.0, 1.0)).unwrap();
    // A degenerate triangle (collinear corners) along (1, 1, -1) through the corner (1, 1, 1).
    let through = |z: f64| {
        let c = Vec3::new(1.0, 1.0, z);
        let d = Vec3::new(1.0, 1.0, -1.0);
        Triangle::<f64>::new(c - d, c + d * 0.5, c + d * 2.0).unwrap()
    };
    assert_eq!(
        decide_overlap_triangle_aabb(&through(1.0), &b, Policy::Exact),
        Verdict::True
    );
    let off = through(1f64.next_up());
    assert_eq!(
        decide_overlap_triangle_aabb(&off, &b, Policy::Exact),
        Verdict::False
    );
}

#[test]
fn certain_verdicts_agree_with_exact_clipping_on_touching_and_random_cases() {
    checker().quickcheck(certain_verdicts_agree_with_exact_clipping as fn(u64) -> bool);
}

#[test]
fn triangle_touching_at_a_corner_an_edge_or_a_face_overlaps_certainly() {
    let b = Aabb::<Interval>::new(
        lift(Vec3::new(0.0, 0.0, 0.0)),
        lift(Vec3::new(1.0, 1.0, 1.0)),
    )
    .unwrap();
    let tri = |a: [f64; 3], b: [f64; 3], c: [f64; 3]| {
        Triangle::<Interval>::new(lift(a.into()), lift(b.into()), lift(c.into())).unwrap()
    };
    // Corner: a vertex on (1, 1, 1).
    assert_eq!(
        overlap_triangle_aabb(&tri([1.0, 1.0, 1.0], [2.0, 1.0, 1.0], [1.0, 3.0, 2.0]), &b),
        Verdict::True
    );
    // Edge-edge: the triangle's edge crosses the box edge x = 1, y = 1 at z = 0.5.
    assert_eq!(
        overlap_triangle_aabb(&tri([2.0, 0.0, 0.5], [0.0, 2.0, 0.5], [2.0, 2.0, 0.5]), &b),
        Verdict::True
    );
    // Face: lying in the plane z = 1 over the box.
    assert_eq!(
        overlap_triangle_aabb(
            &tri([-1.0, -1.0, 1.0], [3.0, -1.0, 1.0], [-1.0, 3.0, 1.0]),
            &b
        ),
        Verdict::True
    );
    // The same, one ulp above the face: apart, and certainly so.
    let up = 1.0f64.next_up();
    assert_eq!(
        overlap_triangle_aabb(&tri([-1.0, -1.0, up], [3.0, -1.0, up], [-1.0, 3.0, up]), &b),
        Verdict::False
    );
}

#[test]
fn parallel_edges_and_degenerate_triangles_never_divide_by_zero() {
    let b = Aabb::<Interval>::new(
        lift(Vec3::new(0.0, 0.0, 0.0)),
        lift(Vec3::new(1.0, 1.0, 1.0)),
    )
    .unwrap();
    // An edge parallel to the x axis: its cross product with x is zero.
    let along_x = Triangle::new(
        lift(Vec3::new(-1.0, 2.0, 2.0)),
        lift(Vec3::new(3.0, 2.0, 2.0)),
        lift(Vec3::new(-1.0, 2.0, 2.0)),
    )
    .unwrap();
    assert_eq!(overlap_triangle_aabb(&along_x, &b), Verdict::False);
    let point_inside = Triangle::new(
        lift(Vec3::splat(0.5)),
        lift(Vec3::splat(0.5)),
        lift(Vec3::splat(0.5)),
    )
    .unwrap();
    assert_eq!(overlap_triangle_aabb(&point_inside, &b), Verdict::True);
}

/// A random moderate case is clear when growing and shrinking the box by 1e-9 of the scene's
/// size does not change the exact answer; clear cases get that answer, certainly.
fn clear_case(seed: u64) -> Option<bool> {
    let mut g = Gen::from_size_and_seed(100, seed);
    let mut p = || moderate_point(&mut g);
    let (a, b, c, u, w) = (p(), p(), p(), p(), p());
    let (lo, hi) = (u.min(w), u.max(w));
    let size = [a, b, c, lo, hi]
        .iter()
        .flat_map(|v| v.to_array())
        .fold(1.0f64, |m, x| m.max(x.abs()));
    let d = Vec3::splat(size * 1e-9);
    let grown = exact_overlap([a, b, c], lo - d, hi + d);
    let shrunk = hi.x - lo.x > 2.0 * d.x
        && hi.y - lo.y > 2.0 * d.y
        && hi.z - lo.z > 2.0 * d.z
        && exact_overlap([a, b, c], lo + d, hi - d);
    if grown != shrunk {
        return None;
    }
    let t = Triangle::<Interval>::new(lift(a), lift(b), lift(c)).ok()?;
    let bx = Aabb::new(lift(lo), lift(hi)).ok()?;
    Some(overlap_triangle_aabb(&t, &bx).certain() == Some(grown))
}

#[test]
fn clear_random_cases_get_certain_exact_answers() {
    checker().quickcheck((|s| clear_case(s).is_none_or(|ok| ok)) as fn(u64) -> bool);
    let clear = (0..1000).filter(|&s| clear_case(s).is_some()).count();
    assert!(clear > 500, "only {clear} of 1000 random cases were clear");
}

/// The plane `x + y + z = h` against the unit box: separated by the triangle's normal alone
/// when `h > 3`, touching at `(1, 1, 1)` when `h = 3`. Scaled per axis so that one component of
/// the normal underflows to zero while its coordinate is huge: without an underflow term
/// amplified by the coordinates, a float filter sees only the other two components and is
/// certain of an overlap that is not there.
#[test]
fn a_normal_component_lost_to_underflow_never_fools_a_stage() {
    for k in AXIS_SCALES {
        for h in [2.5, 3.0, 3.5, 4.0] {
            let s = |v: Vec3<f64>| axis_scaled(v, k);
            let tri = [
                Vec3::new(h, 0.0, 0.0),
                Vec3::new(0.0, h, 0.0),
                Vec3::new(0.0, 0.0, h),
            ]
            .map(s);
            let (lo, hi) = (s(Vec3::zero()), s(Vec3::new(1.0, 1.0, 1.0)));
            assert_eq!(exact_overlap(tri, lo, hi), h <= 3.0, "{k:?} {h}");
            assert!(stack_agrees(tri, lo, hi), "{k:?} {h}");
        }
    }
}

/// Extreme coordinates (products that overflow next to zeros, differences that overflow,
/// products that underflow), with a triangle corner sometimes on a box corner so that about
/// half the cases touch: no stage may be certain and wrong.
#[test]
fn extreme_coordinates_never_give_any_stage_a_certain_lie() {
    fn prop(seed: u64) -> bool {
        let mut g = Gen::from_size_and_seed(100, seed);
        let [a, b, c, p, q] = [(); 5].map(|_| extreme_point(&mut g));
        let (lo, hi) = (p.min(q), p.max(q));
        let a = match seed % 3 {
            0 => hi,
            1 => (lo + hi) * 0.5,
            _ => a,
        };
        if !finite(&[a, b, c, lo, hi, (lo + hi) * 0.5]) {
            return true;
        }
        let (t, bx) = (
            Triangle::<f64>::new(a, b, c).unwrap(),
            Aabb::<f64>::new(lo, hi).unwrap(),
        );
        certain_stages_agree(&TriangleAabb::new(&t, &bx), || {
            exact_overlap([a, b, c], lo, hi)
        })
    }
    checker_many().quickcheck(prop as fn(u64) -> bool);
}

/// Rounding noise over an exact tie on the triangle's normal axis. The box's top corner `k`
/// is the centroid of a triangle `k + h₁`, `k + h₂`, `k - h₁ - h₂` (all full-precision doubles
/// in [1, 2), the `hᵢ` on the `2^-52` grid, so the construction is exact), and the normal has
/// all components of one sign, so the plane touches the box at `k` alone: the projections of
/// box and triangle on the normal meet exactly, and both are large sums whose float values
/// differ by noise. The exact answer is touching; a bound short of the noise reads it as a gap.
#[test]
fn rounding_noise_over_an_exact_tie_on_the_normal_never_gives_a_certain_answer() {
    fn prop(seed: u64) -> bool {
        let mut g = Gen::from_size_and_seed(100, seed);
        let unit = |g: &mut Gen| (u64::arbitrary(g) >> 11) as f64 / (1u64 << 53) as f64;
        let ulp = pow2(-52);
        let grid = |g: &mut Gen| {
            let mut k = || ((unit(g) * 2.0 - 1.0) * 0.12 / ulp).trunc() * ulp;
            Vec3::new(k(), k(), k())
        };
        let k = Vec3::new(1.25 + unit(&mut g) * 0.5, 1.25 + unit(&mut g) * 0.5, 1.5);
        // Tries until the normal has all components of one sign (about one in four).
        for _ in 0..64 {
            let (h1, h2) = (grid(&mut g), grid(&mut g));
            let tri = [k + h1, k + h2, k - h1 - h2];
            let n = (tri[1] - tri[0]).cross(tri[2] - tri[0]);
            let one_sign =
                n.to_array().iter().all(|x| *x > 0.0) || n.to_array().iter().all(|x| *x < 0.0);
            if !one_sign {
                continue;
            }
            // Exact: the sums stay in [1, 2) (Sterbenz makes these checks exact).
            let exact = (tri[0] - k) == h1 && (tri[1] - k) == h2 && (k - tri[2]) == h1 + h2;
            let (lo, hi) = (k - Vec3::new(0.5, 0.5, 0.5), k);
            let (t, b) = (
                Triangle::<f64>::new(tri[0], tri[1], tri[2]).unwrap(),
                Aabb::<f64>::new(lo, hi).unwrap(),
            );
            return exact
                && certain_stages_agree(&TriangleAabb::new(&t, &b), || exact_overlap(tri, lo, hi));
        }
        true
    }
    checker_many().quickcheck(prop as fn(u64) -> bool);
}
