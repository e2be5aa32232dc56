//! Boxes: OBB–OBB, AABB–AABB, sphere–sphere and ray–AABB verdicts agree with exact rational
//! arithmetic, on parallel, almost parallel, touching and grazing cases at every scale.

mod support;

use num_traits::{Signed, Zero};
use quickcheck::{Arbitrary, Gen};
use support::*;
use surety_intervals::arbitrary::checker;
use surety_intervals::{Interval, Policy, Vec3, Verdict};
use surety_queries::{
    cast_ray_aabb, decide_overlap_obb_obb, decide_overlap_sphere_sphere, overlap_aabb_aabb,
    overlap_obb_obb, overlap_sphere_obb, overlap_sphere_sphere, Aabb, Obb, ObbObb, Ray, Sphere,
    SphereSphere,
};

/// A rotation's columns from an axis-angle, rounded to f64 (so not exactly orthonormal).
fn rotation(axis: Vec3<f64>, angle: f64) -> [Vec3<f64>; 3] {
    let n = axis.length();
    let (x, y, z) = (axis.x / n, axis.y / n, axis.z / n);
    let (c, s) = (angle.cos(), angle.sin());
    let t = 1.0 - c;
    [
        Vec3::new(t * x * x + c, t * x * y + s * z, t * x * z - s * y),
        Vec3::new(t * x * y - s * z, t * y * y + c, t * y * z + s * x),
        Vec3::new(t * x * z + s * y, t * y * z - s * x, t * z * z + c),
    ]
}

/// The coordinate axes, as a box's axes.
const IDENTITY: [Vec3<f64>; 3] = [
    Vec3::new(1.0, 0.0, 0.0),
    Vec3::new(0.0, 1.0, 0.0),
    Vec3::new(0.0, 0.0, 1.0),
];

struct Box3 {
    center: Vec3<f64>,
    axes: [Vec3<f64>; 3],
    half: Vec3<f64>,
}

/// Exact: is `l` a separating axis (the boxes' exact projections apart)?
fn exact_separates(a: &Box3, b: &Box3, l: &Q3) -> bool {
    let radius = |bx: &Box3| {
        bx.axes
            .iter()
            .zip(bx.half.to_array())
            .fold(Q::zero(), |acc, (u, e)| acc + q(e) * dot(&q3(*u), l).abs())
    };
    let t = sub(&q3(b.center), &q3(a.center));
    dot(&t, l).abs() > radius(a) + radius(b)
}

/// Exact OBB–OBB overlap: no separating axis among the face normals and the edge crosses.
fn exact_obb_overlap(a: &Box3, b: &Box3) -> bool {
    let faces = |bx: &Box3| {
        let [u, v, w] = bx.axes.map(q3);
        [cross(&v, &w), cross(&w, &u), cross(&u, &v)]
    };
    let mut axes: Vec<Q3> = faces(a).into_iter().chain(faces(b)).collect();
    for u in a.axes {
        for v in b.axes {
            axes.push(cross(&q3(u), &q3(v)));
        }
    }
    !axes.iter().any(|l| exact_separates(a, b, l))
}

fn obb(bx: &Box3) -> Obb<Interval> {
    Obb::new(lift(bx.center), bx.axes.map(lift), lift(bx.half)).expect("valid box")
}

fn box_case(seed: u64) -> (Box3, Box3) {
    let mut g = Gen::from_size_and_seed(100, seed);
    let mut p = || moderate_point(&mut g);
    let (axis, ha, hb, offset) = (p(), p().abs(), p().abs(), p());
    let angle = (seed % 1000) as f64 / 100.0;
    let ra = rotation(axis + Vec3::splat(0.5), angle);
    // b: parallel to a, almost parallel (1e-9 rad off), or unrelated.
    let rb = match seed % 3 {
        0 => ra,
        1 => rotation(axis + Vec3::splat(0.5), angle + 1e-9),
        _ => rotation(offset + Vec3::splat(0.25), angle * 0.7),
    };
    let a = Box3 {
        center: Vec3::new(0.0, 0.0, 0.0),
        axes: ra,
        half: ha,
    };
    // Centres at a distance near the sum of the extents along the first axis: touching-ish.
    let along = ra[0] * (ha.x + hb.x);
    let b = Box3 {
        center: if seed % 2 == 0 { along } else { offset },
        axes: rb,
        half: hb,
    };
    (a, b)
}

fn obb_verdicts_agree_with_exact_separating_axes(seed: u64) -> bool {
    let (a, b) = box_case(seed);
    let all_finite = [a.half, b.half, b.center]
        .iter()
        .all(|v| v.to_array().iter().all(|c| c.is_finite()));
    if !all_finite || a.half.length_squared() == 0.0 {
        return true;
    }
    overlap_obb_obb(&obb(&a), &obb(&b))
        .certain()
        .is_none_or(|v| v == exact_obb_overlap(&a, &b))
}

#[test]
fn obb_verdicts_agree_with_exact_arithmetic_on_parallel_almost_parallel_and_random_boxes() {
    checker().quickcheck(obb_verdicts_agree_with_exact_separating_axes as fn(u64) -> bool);
}

#[test]
fn exactly_parallel_boxes_touching_face_to_face_overlap_certainly() {
    let a = Box3 {
        center: Vec3::new(0.0, 0.0, 0.0),
        axes: IDENTITY,
        half: Vec3::splat(1.0),
    };
    let touching = Box3 {
        center: Vec3::new(2.0, 0.25, -0.5),
        axes: IDENTITY,
        half: Vec3::splat(1.0),
    };
    let apart = Box3 {
        center: Vec3::new(2.0f64.next_up(), 0.25, -0.5),
        axes: IDENTITY,
        half: Vec3::splat(1.0),
    };
    // All nine edge crosses of parallel boxes include zero vectors: no division, no epsilon.
    assert_eq!(overlap_obb_obb(&obb(&a), &obb(&touching)), Verdict::True);
    assert_eq!(overlap_obb_obb(&obb(&a), &obb(&apart)), Verdict::False);
}

#[test]
fn sphere_sphere_and_aabb_aabb_agree_with_exact_arithmetic() {
    let mut g = Gen::from_size_and_seed(100, 9);
    for _ in 0..4000 {
        let (c1, c2) = (point(&mut g), point(&mut g));
        let (r1, r2) = (coord(&mut g).abs(), coord(&mut g).abs());
        let d = sub(&q3(c2), &q3(c1));
        let exact = dot(&d, &d) <= (q(r1) + q(r2)) * (q(r1) + q(r2));
        let v = overlap_sphere_sphere(
            &Sphere::<Interval>::new(lift(c1), r1).unwrap(),
            &Sphere::new(lift(c2), r2).unwrap(),
        );
        assert!(v.certain().is_none_or(|v| v == exact));
        let (lo1, hi1, lo2, hi2) = (c1.min(c2), c1.max(c2), point(&mut g), point(&mut g));
        let (lo2, hi2) = (lo2.min(hi2), lo2.max(hi2));
        let exact = (0..3).all(|i| {
            lo1.to_array()[i] <= hi2.to_array()[i] && lo2.to_array()[i] <= hi1.to_array()[i]
        });
        let v = overlap_aabb_aabb(
            &Aabb::<Interval>::new(lift(lo1), lift(hi1)).unwrap(),
            &Aabb::new(lift(lo2), lift(hi2)).unwrap(),
        );
        assert_eq!(
            v.certain(),
            Some(exact),
            "points give exact box comparisons"
        );
    }
}

#[test]
fn every_stack_stage_agrees_with_exact_arithmetic_on_sphere_pairs() {
    fn prop(seed: u64) -> bool {
        let mut g = Gen::from_size_and_seed(100, seed);
        let c1 = point(&mut g);
        let r1 = coord(&mut g).abs();
        // Random, or touching by a 3-4-5 construction (exact), then nudged by an ulp.
        let (c2, r2) = if seed % 2 == 0 {
            (point(&mut g), coord(&mut g).abs())
        } else {
            let k = 2f64.powi((seed % 64) as i32 - 32);
            let r2 = ulps(5.0 * k - r1.min(5.0 * k), (seed / 2 % 3) as i64 - 1);
            (c1 + Vec3::new(3.0 * k, 4.0 * k, 0.0), r2)
        };
        let (Ok(a), Ok(b)) = (Sphere::<f64>::new(c1, r1), Sphere::<f64>::new(c2, r2)) else {
            return true;
        };
        let d = sub(&q3(c2), &q3(c1));
        let exact = dot(&d, &d) <= (q(r1) + q(r2)) * (q(r1) + q(r2));
        stages_agree(&SphereSphere::new(&a, &b), exact)
            && decide_overlap_sphere_sphere(&a, &b, Policy::Exact) == Verdict::from(exact)
    }
    checker().quickcheck(prop as fn(u64) -> bool);
}

#[test]
fn spheres_touching_exactly_overlap_and_a_hair_apart_do_not() {
    let a = Sphere::<Interval>::new(lift(Vec3::new(0.0, 0.0, 0.0)), 1.0).unwrap();
    let touching = Sphere::new(lift(Vec3::new(3.0, 4.0, 0.0)), 4.0).unwrap();
    let apart = Sphere::new(lift(Vec3::new(3.0, 4.0, 0.0)), 4.0 - 1e-12).unwrap();
    assert_eq!(overlap_sphere_sphere(&a, &touching), Verdict::True);
    assert_eq!(overlap_sphere_sphere(&a, &apart), Verdict::False);
}

/// Exact slab test on rationals: `Some((enter, exit))` of the line, or `None` when a
/// zero-direction axis puts the origin outside its slab.
fn exact_ray_box(o: Vec3<f64>, d: Vec3<f64>, lo: Vec3<f64>, hi: Vec3<f64>) -> bool {
    let (o, d, lo, hi) = (q3(o), q3(d), q3(lo), q3(hi));
    let (mut enter, mut exit): (Option<Q>, Option<Q>) = (None, None);
    for i in 0..3 {
        if d[i].is_zero() {
            if o[i] < lo[i] || o[i] > hi[i] {
                return false;
            }
            continue;
        }
        let (t1, t2) = ((&lo[i] - &o[i]) / &d[i], (&hi[i] - &o[i]) / &d[i]);
        let (a, b) = if t1 <= t2 { (t1, t2) } else { (t2, t1) };
        enter = Some(enter.map_or(a.clone(), |e| e.max(a)));
        exit = Some(exit.map_or(b.clone(), |e| e.min(b)));
    }
    match (enter, exit) {
        (Some(e), Some(x)) => e <= x && x >= Q::zero(),
        _ => true,
    }
}

fn ray_verdicts_agree_with_the_exact_slab_test(seed: u64) -> bool {
    let mut g = Gen::from_size_and_seed(100, seed);
    let (a, b) = (point(&mut g), point(&mut g));
    let (lo, hi) = (a.min(b), a.max(b));
    let o = point(&mut g);
    let target = match seed % 4 {
        0 => hi,                                   // at a corner
        1 => Vec3::new(hi.x, hi.y, coord(&mut g)), // along an edge line
        _ => point(&mut g),
    };
    let mut d = target - o;
    if seed % 5 == 0 {
        d.y = 0.0; // parallel to a slab
    }
    if !d.to_array().iter().all(|c| c.is_finite()) {
        return true;
    }
    let hit = cast_ray_aabb(
        &Ray::new(lift(o), lift(d)).unwrap(),
        &Aabb::new(lift(lo), lift(hi)).unwrap(),
    );
    hit.hit
        .certain()
        .is_none_or(|v| v == exact_ray_box(o, d, lo, hi))
}

#[test]
fn ray_verdicts_agree_with_the_exact_slab_test_at_corners_edges_and_parallel_slabs() {
    checker().quickcheck(ray_verdicts_agree_with_the_exact_slab_test as fn(u64) -> bool);
}

#[test]
fn almost_parallel_boxes_get_certain_answers_without_an_epsilon() {
    // Seed 002's trouble case: edge axes nearly parallel make |u × v| tiny. Clear gaps and
    // clear overlaps are still decided, with no |R| + eps.
    let axis = Vec3::new(0.3, -0.5, 0.8);
    let ra = rotation(axis, 0.7);
    let rb = rotation(axis, 0.7 + 1e-9);
    let a = Box3 {
        center: Vec3::new(0.0, 0.0, 0.0),
        axes: ra,
        half: Vec3::new(1.0, 2.0, 0.5),
    };
    let gap = Box3 {
        center: ra[0] * 2.001,
        axes: rb,
        half: Vec3::new(1.0, 2.0, 0.5),
    };
    let deep = Box3 {
        center: ra[0] * 1.5,
        axes: rb,
        half: Vec3::new(1.0, 2.0, 0.5),
    };
    assert!(!exact_obb_overlap(&a, &gap) && exact_obb_overlap(&a, &deep));
    assert_eq!(overlap_obb_obb(&obb(&a), &obb(&gap)), Verdict::False);
    assert_eq!(overlap_obb_obb(&obb(&a), &obb(&deep)), Verdict::True);
}

#[test]
fn obb_proof_reaches_both_certain_answers() {
    let (mut yes, mut no) = (0, 0);
    for seed in 0..600 {
        let (a, b) = box_case(seed);
        match overlap_obb_obb(&obb(&a), &obb(&b)).certain() {
            Some(true) => yes += 1,
            Some(false) => no += 1,
            None => {}
        }
    }
    assert!(
        yes > 50 && no > 50,
        "{yes} certain overlaps, {no} certain separations"
    );
}

/// Exact squared distance from `p` to the parallelepiped `{c + Σ tᵢ·aᵢ : |tᵢ| <= eᵢ}`: the
/// least over its 27 faces (of every dimension) of the distance to the face's affine hull,
/// counted only where that closest point lies in the face. The global minimiser lies in the
/// relative interior of some face and is that face's candidate, so the least candidate is it.
/// Independent of the library's clamp-and-certify formula.
fn exact_box_distance_squared(p: Vec3<f64>, bx: &Box3) -> Q {
    let a = bx.axes.map(q3);
    let e = bx.half.to_array().map(q);
    let d = sub(&q3(p), &q3(bx.center));
    let mut best: Option<Q> = None;
    for code in 0..27u32 {
        // Per axis: 0 free, 1 at +e, 2 at -e.
        let state = [code % 3, code / 3 % 3, code / 9];
        let mut r = d.clone();
        let mut free = Vec::new();
        for i in 0..3 {
            match state[i] {
                0 => free.push(i),
                1 => r = sub(&r, &scale(&a[i], &e[i])),
                _ => r = add(&r, &scale(&a[i], &e[i])),
            }
        }
        let gram = free
            .iter()
            .map(|&i| free.iter().map(|&j| dot(&a[i], &a[j])).collect())
            .collect();
        let rhs = free.iter().map(|&i| dot(&a[i], &r)).collect();
        let Some(t) = solve(gram, rhs) else { continue };
        if free.iter().zip(&t).any(|(&i, ti)| ti.abs() > e[i]) {
            continue;
        }
        for (&i, ti) in free.iter().zip(&t) {
            r = sub(&r, &scale(&a[i], ti));
        }
        let d2 = dot(&r, &r);
        best = Some(best.map_or(d2.clone(), |b| b.min(d2)));
    }
    best.expect("the all-fixed corners are always candidates")
}

fn sphere_obb_case(seed: u64) -> (Vec3<f64>, f64, Box3) {
    let mut g = Gen::from_size_and_seed(100, seed);
    let (axis, half) = (moderate_point(&mut g), moderate_point(&mut g).abs());
    let axes = match seed % 3 {
        0 => [
            Vec3::new(0.0, 1.0, 0.0),
            Vec3::new(0.0, 0.0, -1.0),
            Vec3::new(-1.0, 0.0, 0.0),
        ],
        _ => rotation(axis + Vec3::splat(0.5), (seed % 628) as f64 / 100.0),
    };
    let bx = Box3 {
        center: moderate_point(&mut g),
        axes,
        half,
    };
    // A local point: inside, beyond a face, an edge or a corner; the radius its rounded
    // distance to the box, nudged by a few ulps (tangency), or unrelated.
    let mut local = moderate_point(&mut g);
    for (i, l) in [&mut local.x, &mut local.y, &mut local.z]
        .into_iter()
        .enumerate()
    {
        if (seed >> i) % 2 == 0 {
            *l = l.clamp(-half.to_array()[i], half.to_array()[i]);
        }
    }
    let c = bx.center + axes[0] * local.x + axes[1] * local.y + axes[2] * local.z;
    let clamped = local.max(-half).min(half);
    let gap = (local - clamped).length();
    let r = match seed % 5 {
        0 => moderate_point(&mut g).x.abs(),
        k => ulps(gap, k as i64 - 2).max(0.0),
    };
    (c, r, bx)
}

fn sphere_obb_verdicts_agree_with_the_exact_distance(seed: u64) -> bool {
    let (c, r, bx) = sphere_obb_case(seed);
    let exact = exact_box_distance_squared(c, &bx) <= q(r) * q(r);
    let s = Sphere::<Interval>::new(lift(c), r).unwrap();
    overlap_sphere_obb(&s, &obb(&bx))
        .certain()
        .is_none_or(|v| v == exact)
}

#[test]
fn sphere_obb_verdicts_agree_with_the_exact_distance_at_faces_edges_corners_and_tangency() {
    checker().quickcheck(sphere_obb_verdicts_agree_with_the_exact_distance as fn(u64) -> bool);
}

#[test]
fn sphere_obb_is_certain_on_clear_cases_and_maybe_only_near_tangency() {
    let (mut certain, mut clear, mut clear_maybe) = (0, 0, 0);
    for seed in 0..1500 {
        let (c, r, bx) = sphere_obb_case(seed);
        let v = overlap_sphere_obb(&Sphere::<Interval>::new(lift(c), r).unwrap(), &obb(&bx));
        certain += usize::from(v.certain().is_some());
        // Clear: the exact distance is off the radius by more than 1e-6 relative to the
        // distances and the scene (a center a hair from the surface with r = 0 is not clear).
        let (d2, r2) = (exact_box_distance_squared(c, &bx), q(r) * q(r));
        let scene = (c - bx.center).length_squared() + bx.half.length_squared();
        let margin = q(1e-6) * (&d2 + &r2 + q(scene * 1e-6));
        if (&d2 - &r2).abs() > margin {
            clear += 1;
            clear_maybe += usize::from(v.certain().is_none());
        }
    }
    assert!(clear > 200, "{clear} clear cases");
    assert_eq!(clear_maybe, 0, "clear cases must be certain");
    // Four in five cases are within two ulps of tangency by construction.
    assert!(certain > 600, "{certain} of 1500 certain");
}

#[test]
fn sphere_tangent_to_an_exact_box_face_edge_and_corner_touches_and_a_hair_more_is_apart() {
    let bx = Box3 {
        center: Vec3::new(1.0, 1.0, 1.0),
        axes: [
            Vec3::new(0.0, 0.0, 1.0),
            Vec3::new(1.0, 0.0, 0.0),
            Vec3::new(0.0, 1.0, 0.0),
        ],
        half: Vec3::new(1.0, 2.0, 3.0),
    };
    // The box spans x in [-1, 3], y in [-2, 4], z in [0, 2]. Tangent to the face x = 3, the
    // edge (x = 3, y = 4) and the corner (3, 4, 2), at distances 1, 5 and 3.
    for (c, r) in [
        (Vec3::new(4.0, 1.0, 1.0), 1.0),
        (Vec3::new(6.0, 8.0, 1.0), 5.0),
        (Vec3::new(4.0, 6.0, 4.0), 3.0),
    ] {
        let exact = exact_box_distance_squared(c, &bx) <= q(r) * q(r);
        let v = overlap_sphere_obb(&Sphere::<Interval>::new(lift(c), r).unwrap(), &obb(&bx));
        assert!(exact, "tangent by construction");
        assert_eq!(v, Verdict::True, "center {c:?}");
        let apart = Sphere::<Interval>::new(lift(c), r.next_down().next_down()).unwrap();
        assert_eq!(overlap_sphere_obb(&apart, &obb(&bx)), Verdict::False);
    }
}

/// Boxes whose axes are linearly dependent (a zero axis, or a third axis in the plane of the
/// other two) are flat. Two flat boxes side by side in one plane have no separating axis
/// among the 15 candidates (every face normal and edge cross is the plane's normal or zero),
/// yet they are apart: the 15-axis test is complete only when the axes span space. Neither
/// query may call such boxes certainly overlapping; with one proper box the test is complete
/// again and decides.
#[test]
fn flat_boxes_apart_in_their_common_plane_are_never_certainly_overlapping() {
    let v = |x: f64, y: f64, z: f64| Vec3::<Interval>::lift_f64(Vec3::new(x, y, z));
    let (x, y, z, zero) = (
        v(1.0, 0.0, 0.0),
        v(0.0, 1.0, 0.0),
        v(0.0, 0.0, 1.0),
        v(0.0, 0.0, 0.0),
    );
    let flat = |c: Vec3<Interval>, third: Vec3<Interval>| {
        Obb::new(c, [x, y, third], v(1.0, 1.0, 1.0)).unwrap()
    };
    for third in [zero, x, v(1.0, 1.0, 0.0)] {
        let (a, b) = (flat(v(0.0, 0.0, 0.0), third), flat(v(5.0, 0.0, 0.0), third));
        // Exactly: both lie in the plane z = 0, `a` within x <= 2 and `b` within x >= 3.
        assert_ne!(
            overlap_obb_obb(&a, &b),
            Verdict::True,
            "third axis {third:?}"
        );
        // A sphere in the plane, far from the flat box: apart.
        let s = Sphere::<Interval>::new(v(100.0, 0.0, 0.0), 1.0).unwrap();
        assert_ne!(
            overlap_sphere_obb(&s, &a),
            Verdict::True,
            "third axis {third:?}"
        );
        // A proper box against the flat one: the axes span space, and the test decides.
        let proper = Obb::new(v(5.0, 0.0, 0.0), [x, y, z], v(1.0, 1.0, 1.0)).unwrap();
        assert_eq!(overlap_obb_obb(&a, &proper), Verdict::False);
    }
}

/// `Policy::Exact` gives the exact answer, and no stage a wrong certain one, on `f64` boxes
/// and on the same boxes rounded to `f32`; and the whole case scaled by a power of two
/// (exactly, so the answer stays) to the filter's range limits and beyond.
fn obb_stack_agrees(a: &Box3, b: &Box3) -> bool {
    let proper = |bx: &Box3| {
        let d = dot(&q3(bx.axes[0]), &cross(&q3(bx.axes[1]), &q3(bx.axes[2])));
        !d.is_zero()
    };
    let build = |bx: &Box3| Obb::<f64>::new(bx.center, bx.axes, bx.half);
    let (Ok(oa), Ok(ob)) = (build(a), build(b)) else {
        return true;
    };
    if !(proper(a) || proper(b)) {
        return true; // flat boxes: `flat_boxes_…` below
    }
    let exact = exact_obb_overlap(a, b);
    let round = |bx: &Box3| Box3 {
        center: to_f32(bx.center).map(f64::from),
        axes: bx.axes.map(|v| to_f32(v).map(f64::from)),
        half: to_f32(bx.half).map(f64::from),
    };
    let (a32, b32) = (round(a), round(b));
    let f32_ok = match (
        Obb::<f32>::new(to_f32(a.center), a.axes.map(to_f32), to_f32(a.half)),
        Obb::<f32>::new(to_f32(b.center), b.axes.map(to_f32), to_f32(b.half)),
    ) {
        (Ok(x), Ok(y)) if proper(&a32) || proper(&b32) => {
            stages_agree(&ObbObb::new(&x, &y), exact_obb_overlap(&a32, &b32))
        }
        _ => true,
    };
    stages_agree(&ObbObb::new(&oa, &ob), exact)
        && decide_overlap_obb_obb(&oa, &ob, Policy::Exact) == Verdict::from(exact)
        && f32_ok
}

#[test]
fn every_obb_stack_stage_agrees_with_exact_arithmetic_at_every_scale() {
    fn prop(seed: u64) -> bool {
        let (a, b) = box_case(seed);
        let scale = [
            1.0,
            2f64.powi(90),
            2f64.powi(-90),
            2f64.powi(110),
            2f64.powi(-110),
        ][(seed % 5) as usize];
        let scaled = |bx: &Box3| Box3 {
            center: bx.center * scale,
            axes: bx.axes,
            half: bx.half * scale,
        };
        obb_stack_agrees(&scaled(&a), &scaled(&b))
    }
    checker_quarter().quickcheck(prop as fn(u64) -> bool);
}

/// One box much smaller than the other (half extents `2^-10` to `2^-60` of the other's),
/// touching it up to rounding, and boxes whose numbers are lopsided: the same box with its axes
/// scaled by `2^j` and its half extents by `2^-j` (exact), `|j|` 20 or 40 (within the static
/// filter's range) and 300 to 600 (out of it). Every stage must give the exact answer. The
/// filter's rounding bound grows with both boxes' sizes and axis lengths; cargo-mutants found
/// that boxes of like sizes and balanced numbers caught none of: a bound too small for a tiny
/// box (`+` made `*` in its size sum), a bound that ignores the axes' lengths (`m · m` made
/// `m / m`), a range check on one box only (`&` made `|`). A fixed set of seeds, so that each
/// run checks the same cases.
#[test]
fn every_obb_stack_stage_agrees_on_boxes_of_unlike_sizes_and_lopsided_numbers() {
    for seed in 0..1600 {
        assert!(prop(seed), "seed {seed}");
    }
    fn prop(seed: u64) -> bool {
        let (a, b) = box_case(seed);
        let small = 2f64.powi(-[10, 20, 40, 60][(seed / 2 % 4) as usize]);
        let hb = b.half * small;
        let b = Box3 {
            // Touching along a's first axis up to rounding, or b's own offset.
            center: if seed % 2 == 0 {
                a.axes[0] * (a.half.x + hb.x)
            } else {
                b.center
            },
            axes: b.axes,
            half: hb,
        };
        let j = [-600, -300, -40, -20, 20, 40, 300, 600][(seed / 8 % 8) as usize];
        let lopsided = |bx: &Box3| Box3 {
            center: bx.center,
            axes: bx.axes.map(|u| u * 2f64.powi(j)),
            half: bx.half * 2f64.powi(-j),
        };
        obb_stack_agrees(&a, &b)
            && obb_stack_agrees(&b, &a)
            && obb_stack_agrees(&a, &lopsided(&b))
            && obb_stack_agrees(&lopsided(&a), &b)
            && obb_stack_agrees(&lopsided(&a), &lopsided(&b))
    }
}

/// The same unit box twice, once turned 45° about z and 2.2 along x, overlapping (its corner
/// reaches x = 0.79): with the turned box's axes scaled by `2^-600` and its half extents by
/// `2^600`, an edge–edge separation value computed in floats loses the turned box's radius to
/// underflow and would separate them. The static filter must leave such numbers to the later
/// stages.
#[test]
fn a_box_with_tiny_axes_and_huge_half_extents_is_decided_exactly() {
    let s = std::f64::consts::FRAC_1_SQRT_2;
    let unit = Box3 {
        center: Vec3::new(0.0, 0.0, 0.0),
        axes: IDENTITY,
        half: Vec3::splat(1.0),
    };
    for k in [300, 500, 600, 700] {
        let (tiny, huge) = (2f64.powi(-k), 2f64.powi(k));
        let turned = Box3 {
            center: Vec3::new(2.2, 0.0, 0.0),
            axes: [
                Vec3::new(s, s, 0.0) * tiny,
                Vec3::new(-s, s, 0.0) * tiny,
                Vec3::new(0.0, 0.0, 1.0) * tiny,
            ],
            half: Vec3::splat(huge),
        };
        assert!(exact_obb_overlap(&unit, &turned));
        assert!(obb_stack_agrees(&unit, &turned), "2^-{k}");
        assert!(obb_stack_agrees(&turned, &unit), "2^-{k}, swapped");
        let build = |bx: &Box3| Obb::<f64>::new(bx.center, bx.axes, bx.half).unwrap();
        check_obbs(&build(&unit), &build(&turned), true);
    }
}

/// Exact ties, decided exactly by the stack (and left alone by the static filter): boxes
/// touching face to face, edge to edge and corner to corner, each also a hair apart; a
/// rotated box whose corner touches a face.
#[test]
fn touching_obbs_are_decided_exactly_and_a_hair_apart_too() {
    let unit = |c: [f64; 3]| Box3 {
        center: Vec3::new(c[0], c[1], c[2]),
        axes: IDENTITY,
        half: Vec3::splat(1.0),
    };
    let a = unit([0.0, 0.0, 0.0]);
    for c in [[2.0, 0.5, -0.25], [2.0, 2.0, 0.75], [2.0, -2.0, 2.0]] {
        assert!(exact_obb_overlap(&a, &unit(c)));
        assert!(obb_stack_agrees(&a, &unit(c)));
        let apart = unit([c[0].next_up(), c[1], c[2]]);
        assert!(!exact_obb_overlap(&a, &apart));
        assert!(obb_stack_agrees(&a, &apart));
    }
    // A box turned 45° about z (axes (1, 1, 0)/√2 rounded), its corner at x = 1 + …: the
    // exact answer at the rounded numbers, whatever it is.
    let s = std::f64::consts::FRAC_1_SQRT_2;
    let turned = |x: f64| Box3 {
        center: Vec3::new(x, 0.0, 0.0),
        axes: [
            Vec3::new(s, s, 0.0),
            Vec3::new(-s, s, 0.0),
            Vec3::new(0.0, 0.0, 1.0),
        ],
        half: Vec3::splat(1.0),
    };
    let mut x = 1.0 + 2f64.sqrt();
    for _ in 0..4 {
        assert!(obb_stack_agrees(&a, &turned(x)));
        x = x.next_down();
    }
}

/// `Policy::Exact` gives `exact`, and no stage or policy a wrong certain answer; the generic
/// query on the same boxes as `Interval<f64>` and `Interval<f32>` shapes (and as `f32`
/// stack shapes, when the numbers are `f32`s) is never certainly wrong either.
#[track_caller]
fn check_obbs(a: &Obb<f64>, b: &Obb<f64>, exact: bool) {
    assert_eq!(
        decide_overlap_obb_obb(a, b, Policy::Exact),
        Verdict::from(exact)
    );
    let conservative = decide_overlap_obb_obb(a, b, Policy::Conservative);
    assert!(conservative.certain().is_none_or(|v| v == exact));
    assert!(stages_agree(&ObbObb::new(a, b), exact));
    let lift = |bx| lift_obb::<f64>(bx).expect("an f64 box is its own enclosure");
    let interval = overlap_obb_obb(&lift(a), &lift(b));
    assert!(
        interval.certain().is_none_or(|v| v == exact),
        "Interval<f64>: {interval:?}"
    );
    // As `Interval<f32>` shapes when every number has an `f32` enclosure.
    if let (Some(na), Some(nb)) = (lift_obb::<f32>(a), lift_obb::<f32>(b)) {
        let narrow = overlap_obb_obb(&na, &nb);
        assert!(
            narrow.certain().is_none_or(|v| v == exact),
            "Interval<f32>: {narrow:?}"
        );
    }
    if let (Some(a32), Some(b32)) = (obb_f32(a), obb_f32(b)) {
        assert_eq!(
            decide_overlap_obb_obb(&a32, &b32, Policy::Exact),
            Verdict::from(exact)
        );
    }
}

/// An `f64` box as an interval box: exact for `Interval<f64>`, enclosing for `Interval<f32>`;
/// `None` when a number has no finite enclosure of that type (beyond `f32::MAX`, say).
fn lift_obb<T: surety_intervals::Endpoint>(bx: &Obb<f64>) -> Option<Obb<Interval<T>>> {
    let l = |v: Vec3<f64>| v.map(Interval::<T>::enclose_f64);
    Obb::new(l(bx.center()), bx.axes().map(l), l(bx.half_extents())).ok()
}

/// The same box with `f32` numbers, if every number is an `f32`.
fn obb_f32(bx: &Obb<f64>) -> Option<Obb<f32>> {
    let exact = |v: Vec3<f64>| {
        let w = to_f32(v);
        (w.map(f64::from) == v).then_some(w)
    };
    let axes = bx.axes().map(exact);
    Obb::new(
        exact(bx.center())?,
        [axes[0]?, axes[1]?, axes[2]?],
        exact(bx.half_extents())?,
    )
    .ok()
}

/// Random small-integer boxes of every flat kind (a zero axis, two equal axes, a third axis
/// in the plane of the others, a line, a point, zero half extents) against each other and
/// against proper boxes, placed to touch often: every path agrees with the LP oracle.
#[test]
fn flat_and_point_boxes_agree_with_an_exact_lp_on_every_path() {
    fn prop(seed: u64) -> bool {
        let mut g = Gen::from_size_and_seed(8, seed);
        let mut small = |k: i64| (u64::arbitrary(&mut g) % (2 * k as u64 + 1)) as i64 - k;
        let mut vec = |k: i64| Vec3::new(small(k) as f64, small(k) as f64, small(k) as f64);
        let mut make = |kind: u64| {
            let (u, v) = (vec(2), vec(2));
            let w = match kind % 6 {
                0 => Vec3::new(0.0, 0.0, 0.0),
                1 => u,
                2 => u + v,
                3 => u * -2.0,
                _ => vec(2),
            };
            let axes = match kind % 6 {
                3 => [u, Vec3::new(0.0, 0.0, 0.0), w],
                4 => [Vec3::new(0.0, 0.0, 0.0); 3],
                _ => [u, v, w],
            };
            let half = vec(2).abs();
            (vec(3), axes, half)
        };
        let (ka, kb) = (seed % 6, (seed / 6) % 7);
        let (ca, aa, ha) = make(ka);
        let (cb, ab, hb) = make(kb);
        let (Ok(a), Ok(b)) = (Obb::<f64>::new(ca, aa, ha), Obb::<f64>::new(cb, ab, hb)) else {
            return true;
        };
        check_obbs(&a, &b, lp_obb_overlap(&a, &b));
        true
    }
    checker().quickcheck(prop as fn(u64) -> bool);
}

/// Issue 17's smallest cases: the same flat square twice, the same point twice, and a float-
/// rotated box with one zero axis against itself. The generic query on interval shapes said
/// `False` for all three (the determinant test turned "not known to overlap" into "apart").
#[test]
fn interval_obb_obb_on_identical_flat_boxes_is_never_certainly_apart() {
    let v = |x, y, z| Vec3::<Interval>::lift_f64(Vec3::new(x, y, z));
    let square = Obb::new(
        v(0., 0., 0.),
        [v(1., 0., 0.), v(0., 0., 0.), v(0., 0., 1.)],
        v(1., 1., 1.),
    )
    .unwrap();
    assert_eq!(overlap_obb_obb(&square, &square), Verdict::True);
    let point = Obb::new(
        v(1., 2., 3.),
        [v(1., 0., 0.), v(0., 1., 0.), v(0., 0., 1.)],
        v(0., 0., 0.),
    )
    .unwrap();
    assert_eq!(overlap_obb_obb(&point, &point), Verdict::True);
    let r = rotation(Vec3::new(1.0, 2.0, 3.0), 0.7);
    let rotated = Obb::new(
        v(0.5, -0.25, 3.0),
        [lift(r[0]), lift(r[1]), v(0., 0., 0.)],
        v(1.5, 0.5, 2.0),
    )
    .unwrap();
    assert_ne!(overlap_obb_obb(&rotated, &rotated), Verdict::False);
    let f = |x: f64, y: f64, z: f64| Vec3::<Interval<f32>>::lift_f64(Vec3::new(x, y, z));
    let square32 = Obb::new(
        f(0., 0., 0.),
        [f(1., 0., 0.), f(0., 0., 0.), f(0., 0., 1.)],
        f(1., 1., 1.),
    )
    .unwrap();
    assert_eq!(overlap_obb_obb(&square32, &square32), Verdict::True);
}

/// Flat boxes (linearly dependent axes) through the stack, with answers worked out by hand:
/// in one plane (apart, overlapping, touching and an ulp apart), on one line, as points, and
/// flat in two different planes. `Policy::Exact` decides every one exactly, and no policy is
/// ever certainly wrong.
#[test]
fn flat_obbs_through_the_stack_are_decided_exactly() {
    let (x, y, z, zero) = (
        Vec3::new(1.0, 0.0, 0.0),
        Vec3::new(0.0, 1.0, 0.0),
        Vec3::new(0.0, 0.0, 1.0),
        Vec3::new(0.0, 0.0, 0.0),
    );
    let at = |c: [f64; 3], axes: [Vec3<f64>; 3]| {
        Obb::<f64>::new(Vec3::new(c[0], c[1], c[2]), axes, Vec3::splat(1.0)).unwrap()
    };
    // In the plane z = 0: `[x, y, x]` spans |x| <= 2, |y| <= 1 about its center.
    let plane = [x, y, x];
    let a = at([0.0, 0.0, 0.0], plane);
    check_obbs(&a, &at([5.0, 0.0, 0.0], plane), false);
    check_obbs(&a, &at([3.5, 0.5, 0.0], plane), true);
    check_obbs(&a, &at([4.0, 0.0, 0.0], plane), true);
    check_obbs(&a, &at([4f64.next_up(), 0.0, 0.0], plane), false);
    check_obbs(&a, &at([0.0, 2.0, 0.0], plane), true);
    check_obbs(&a, &at([0.0, 2f64.next_up(), 0.0], plane), false);
    check_obbs(&a, &at([0.0, 0.0, 1e-300], plane), false);
    // On the x axis: `[x, x, 0]` spans |x| <= 2 about its center.
    let line = [x, x, zero];
    let l = at([0.0, 0.0, 0.0], line);
    check_obbs(&l, &at([3.0, 0.0, 0.0], line), true);
    check_obbs(&l, &at([4.0, 0.0, 0.0], line), true);
    check_obbs(&l, &at([4f64.next_up(), 0.0, 0.0], line), false);
    check_obbs(&l, &at([1.0, 1e-300, 0.0], line), false);
    // Points.
    let point = [zero, zero, zero];
    check_obbs(
        &at([1.0, 2.0, 3.0], point),
        &at([1.0, 2.0, 3.0], point),
        true,
    );
    check_obbs(
        &at([1.0, 2.0, 3.0], point),
        &at([1.0, 2.0, 3f64.next_up()], point),
        false,
    );
    // A point against a line, and a line against a plane.
    check_obbs(&at([2.0, 0.0, 0.0], point), &l, true);
    check_obbs(&at([2f64.next_up(), 0.0, 0.0], point), &l, false);
    check_obbs(&l, &at([0.0, 1.0, 0.0], plane), true);
    check_obbs(&l, &at([0.0, 1f64.next_up(), 0.0], plane), false);
    // Flat in two different planes (z = 0 and x = 0; `[y, z, y]` spans |y| <= 2, |z| <= 1):
    // the six axes span space.
    let wall = [y, z, y];
    check_obbs(&a, &at([0.0, 0.0, 0.0], wall), true);
    check_obbs(&a, &at([0.0, 0.0, 1.0], wall), true);
    check_obbs(&a, &at([0.0, 0.0, 1f64.next_up()], wall), false);
    check_obbs(&a, &at([2.0, 0.0, 0.5], wall), true);
    check_obbs(&a, &at([2f64.next_up(), 0.0, 0.5], wall), false);
}

/// A ray with a zero direction is its origin: hit when the origin is in the box, and its
/// entry and exit are 0, finite, on floats and on intervals (they were -inf and inf).
#[test]
fn a_ray_with_a_zero_direction_enters_and_leaves_at_0() {
    let (lo, hi) = (Vec3::new(0.0, 0.0, 0.0), Vec3::new(1.0, 1.0, 1.0));
    for (origin, inside) in [
        (Vec3::new(0.5, 0.5, 0.5), true),
        (Vec3::new(1.0, 0.0, 1.0), true),
        (Vec3::new(2.0, 0.5, 0.5), false),
    ] {
        let zero = Vec3::new(0.0, 0.0, 0.0);
        let f = cast_ray_aabb(
            &Ray::new(origin, zero).unwrap(),
            &Aabb::new(lo, hi).unwrap(),
        );
        assert_eq!(
            (f.hit, f.t_enter, f.t_exit),
            (Verdict::from(inside), 0.0, 0.0)
        );
        let i = cast_ray_aabb(
            &Ray::new(lift(origin), lift(zero)).unwrap(),
            &Aabb::new(lift(lo), lift(hi)).unwrap(),
        );
        assert_eq!(i.hit, Verdict::from(inside));
        assert!(i.t_enter.is_point() && i.t_enter.contains(0.0) && i.t_exit.contains(0.0));
    }
}
