//! Motion: the swept sphere's time of impact agrees with exact rational arithmetic; particles
//! and sliding spheres moved at random through closed meshes never end inside or in contact,
//! checked exactly after every move; adversarial contacts by hand.

mod support;

use num_traits::{One, Zero};
use quickcheck::{Arbitrary, Gen};
use support::*;
use surety_intervals::arbitrary::checker;
use surety_intervals::{Interval, Vec3, Verdict};
use surety_queries::{
    closest_point_on_triangle, move_particle, safe_epsilon, slide_sphere, sweep_sphere_triangle,
    Problem, SlideOptions, Sphere, Triangle, TriangleMesh,
};

// ---------------------------------------------------------------- the swept sphere

struct SweepCase {
    tri: [Vec3<f64>; 3],
    center: Vec3<f64>,
    radius: f64,
    motion: Vec3<f64>,
}

fn sweep_case(seed: u64) -> SweepCase {
    let mut g = Gen::from_size_and_seed(100, seed);
    let mut p = || moderate_point(&mut g);
    let tri = [p(), p(), p()];
    let tri = match seed % 7 {
        0 => [tri[0], tri[1], tri[0] * 0.5 + tri[1] * 0.5], // degenerate (collinear)
        1 => [tri[0], tri[1], Vec3::new(tri[2].x, tri[2].y, tri[0].z)],
        _ => tri,
    };
    let center = p();
    // Aim at a corner, an edge point or the face, or anywhere; sometimes parallel to an edge.
    let w = [(seed % 5) as f64 / 4.0, (seed % 3) as f64 / 2.0];
    let aim = match seed % 4 {
        0 => tri[(seed % 3) as usize],
        1 => tri[0] + (tri[1] - tri[0]) * w[0],
        2 => tri[0] + (tri[1] - tri[0]) * (w[0] / 2.0) + (tri[2] - tri[0]) * (w[1] / 2.0),
        _ => p(),
    };
    let motion = match seed % 9 {
        0 => tri[1] - tri[0],
        _ => (aim - center) * (1.0 + (seed % 11) as f64 / 8.0),
    };
    // Radius: the rounded distance from the path to the aim's triangle, nudged by ulps
    // (grazing), or unrelated.
    let exact = segment_triangle_d2(&q3(center), &q3(center + motion), &tri.map(q3));
    let d = approximate_sqrt(&exact);
    let radius = match seed % 6 {
        0 => p().x.abs(),
        k => ulps(d, k as i64 - 3).max(0.0),
    };
    SweepCase {
        tri,
        center,
        radius,
        motion,
    }
}

fn approximate_sqrt(x: &Q) -> f64 {
    use num_traits::ToPrimitive;
    x.to_f64().unwrap_or(f64::MAX).sqrt()
}

fn sweep_agrees_with_the_exact_path_distance(seed: u64) -> bool {
    let s = sweep_case(seed);
    let tri = s.tri.map(q3);
    let (c, v, r2) = (q3(s.center), q3(s.motion), q(s.radius) * q(s.radius));
    let triangle = Triangle::<Interval>::new(lift(s.tri[0]), lift(s.tri[1]), lift(s.tri[2]));
    let sphere = Sphere::<Interval>::new(lift(s.center), s.radius);
    let (Ok(triangle), Ok(sphere)) = (triangle, sphere) else {
        return false;
    };
    let hit = sweep_sphere_triangle(&sphere, lift(s.motion), &triangle);
    let at = |t: f64| add(&c, &scale(&v, &q(t)));
    let exact_hit = segment_triangle_d2(&c, &at(1.0), &tri) <= r2;
    // The certain verdict is exact; before the lower end there is no contact (the lower end is
    // at most the time of impact); a certain hit happens by the upper end.
    let verdict_ok = hit.hit.certain().is_none_or(|h| h == exact_hit);
    let (lo, hi) = (hit.time.lo(), hit.time.hi());
    let lower_ok = lo == 0.0 || segment_triangle_d2(&c, &at(lo), &tri) >= r2;
    let strictly_before = lo == 0.0 || point_triangle_d2(&at(lo), &tri) >= r2;
    let upper_ok = !hit.hit.is_true() || segment_triangle_d2(&c, &at(hi), &tri) <= r2;
    let none_ok = !hit.hit.is_false() || (lo, hi) == (1.0, 1.0);
    verdict_ok && lower_ok && strictly_before && upper_ok && none_ok && lo <= hi
}

#[test]
fn sweep_verdicts_and_impact_times_agree_with_exact_path_distances() {
    // Each case takes a dozen exact distances: 1000 cases keep this under half a minute.
    checker()
        .tests(1000)
        .quickcheck(sweep_agrees_with_the_exact_path_distance as fn(u64) -> bool);
}

#[test]
fn sweep_is_certain_on_clear_cases() {
    let (mut considered, mut certain, mut yes, mut no) = (0, 0, 0, 0);
    for seed in 0..1200 {
        let s = sweep_case(seed);
        if seed % 6 != 0 || seed % 7 == 0 || s.radius == 0.0 {
            continue; // not the unrelated radii, a sliver triangle, or a point grazing a corner
        }
        let t = Triangle::<Interval>::new(lift(s.tri[0]), lift(s.tri[1]), lift(s.tri[2])).unwrap();
        let hit = sweep_sphere_triangle(
            &Sphere::new(lift(s.center), s.radius).unwrap(),
            lift(s.motion),
            &t,
        );
        considered += 1;
        certain += usize::from(hit.hit.certain().is_some());

        yes += usize::from(hit.hit.is_true());
        no += usize::from(hit.hit.is_false());
    }
    assert_eq!(certain, yes + no);
    assert_eq!(
        certain, considered,
        "clear sweeps are all certain ({yes} hits, {no} misses)"
    );
    assert!(yes > 20 && no > 20, "{yes} hits, {no} misses");
}

#[test]
fn sphere_sliding_parallel_to_an_edge_at_exactly_the_radius_touches() {
    let t = Triangle::<Interval>::new(
        lift(Vec3::new(0.0, 0.0, 0.0)),
        lift(Vec3::new(4.0, 0.0, 0.0)),
        lift(Vec3::new(0.0, 4.0, 0.0)),
    )
    .unwrap();
    // Along the edge y = 0 at distance 1 below it: touches the whole way, from time 0.
    let along = Sphere::new(lift(Vec3::new(1.0, -1.0, 0.0)), 1.0).unwrap();
    let hit = sweep_sphere_triangle(&along, lift(Vec3::new(2.0, 0.0, 0.0)), &t);
    assert_eq!((hit.hit, hit.time), (Verdict::True, Interval::ZERO));
    // From beyond the corner, parallel to the edge, a hair outside: misses certainly.
    let outside = Sphere::new(lift(Vec3::new(-3.0, -1.0, 0.0)), 1.0 - 1e-12).unwrap();
    let miss = sweep_sphere_triangle(&outside, lift(Vec3::new(9.0, 0.0, 0.0)), &t);
    assert_eq!(miss.hit, Verdict::False);
    // Exactly the radius: touches the corner's edge line first at x = 0, time 3/9.
    let grazing = Sphere::new(lift(Vec3::new(-3.0, -1.0, 0.0)), 1.0).unwrap();
    let graze = sweep_sphere_triangle(&grazing, lift(Vec3::new(9.0, 0.0, 0.0)), &t);
    assert_eq!(graze.hit, Verdict::True);
    assert!(graze.time.contains(1.0 / 3.0) && graze.time.width() < 1e-15);
}

#[test]
fn sphere_moving_inside_the_face_plane_and_zero_motion_are_decided() {
    let t = Triangle::<Interval>::new(
        lift(Vec3::new(0.0, 0.0, 0.0)),
        lift(Vec3::new(4.0, 0.0, 0.0)),
        lift(Vec3::new(0.0, 4.0, 0.0)),
    )
    .unwrap();
    // In the plane, heading for the hypotenuse x + y = 4 from (3, 3): reaches it at distance
    // √2 - 1 along the diagonal... with radius √2·0.5 it touches at time 0.5 of (−1, −1)·…
    let ball = Sphere::new(lift(Vec3::new(4.0, 4.0, 0.0)), 0.5).unwrap();
    let hit = sweep_sphere_triangle(&ball, lift(Vec3::new(-4.0, -4.0, 0.0)), &t);
    assert_eq!(hit.hit, Verdict::True);
    let still = sweep_sphere_triangle(&ball, lift(Vec3::new(0.0, 0.0, 0.0)), &t);
    assert_eq!(still.hit, Verdict::False);
}

// ---------------------------------------------------------------- closed meshes

/// The unit cube as a room: normals point inward, the solid is everything outside.
fn cube_room() -> TriangleMesh<Interval> {
    let v: Vec<Vec3<Interval>> = (0..8)
        .map(|i| {
            lift(Vec3::new(
                (i & 1) as f64,
                (i >> 1 & 1) as f64,
                (i >> 2) as f64,
            ))
        })
        .collect();
    // Each face's corners counter-clockwise seen from inside.
    let faces = [
        [0, 1, 3, 2], // z = 0, normal +z
        [4, 6, 7, 5], // z = 1, normal -z
        [0, 4, 5, 1], // y = 0, normal +y
        [2, 3, 7, 6], // y = 1, normal -y
        [0, 2, 6, 4], // x = 0, normal +x
        [1, 5, 7, 3], // x = 1, normal -x
    ];
    let idx: Vec<[usize; 3]> = faces
        .iter()
        .flat_map(|&[a, b, c, d]| [[a, b, c], [a, c, d]])
        .collect();
    TriangleMesh::new(&v, &idx).unwrap()
}

/// The solid octahedron `|x| + |y| + |z| <= 1`, normals outward.
fn octahedron() -> TriangleMesh<Interval> {
    let v = [
        Vec3::new(1.0, 0.0, 0.0),
        Vec3::new(-1.0, 0.0, 0.0),
        Vec3::new(0.0, 1.0, 0.0),
        Vec3::new(0.0, -1.0, 0.0),
        Vec3::new(0.0, 0.0, 1.0),
        Vec3::new(0.0, 0.0, -1.0),
    ]
    .map(lift);
    let mut idx = Vec::new();
    for (x, y, z) in [(0, 2, 4), (2, 1, 4), (1, 3, 4), (3, 0, 4)] {
        idx.push([x, y, z]);
        idx.push([y, x, 5]);
    }
    TriangleMesh::new(&v, &idx).unwrap()
}

fn room_normals_point_inward() -> bool {
    let m = cube_room();
    m.triangles().iter().all(|t| {
        let c = t.corners().map(|v| v.map(|x| x.mid()));
        let center = (c[0] + c[1] + c[2]) * (1.0 / 3.0);
        let n = t.normal().map(|x| x.mid());
        n.dot(Vec3::splat(0.5) - center) > 0.0
    })
}

fn inside_cube_solid(p: Vec3<f64>) -> bool {
    p.to_array().iter().any(|&x| !(0.0..=1.0).contains(&x))
}

fn inside_octahedron(p: Vec3<f64>) -> bool {
    // Exactly: |x| + |y| + |z| < 1 in rationals.
    let s = q(p.x.abs()) + q(p.y.abs()) + q(p.z.abs());
    s < Q::one()
}

/// A target for a random move: anywhere near the room, often through a wall, an edge or a
/// corner, along a wall, or a hair from the start.
fn target(g: &mut Gen, from: Vec3<f64>) -> Vec3<f64> {
    let grid = |g: &mut Gen| (i64::arbitrary(g) % 13) as f64 / 4.0 - 1.0;
    match u8::arbitrary(g) % 6 {
        0 => Vec3::new(grid(g), grid(g), grid(g)),
        1 => {
            let mut t = from + Vec3::new(grid(g), grid(g), grid(g));
            t.z = from.z; // along the floor or parallel to it
            t
        }
        2 => from + Vec3::new(ulps(0.0, 3), -1e-17, 1e-300 * f64::from(u8::arbitrary(g))),
        3 => from * -0.5 + Vec3::splat(1.5), // through the room's center
        _ => {
            let m = (u64::arbitrary(g) >> 11) as f64 / (1u64 << 53) as f64;
            Vec3::new(m * 3.0 - 1.0, grid(g), (m * 7.0).fract() * 3.0 - 1.0)
        }
    }
}

fn particle_never_ends_inside(seed: u64, eps_kind: u8) -> bool {
    let mut g = Gen::from_size_and_seed(100, seed);
    let epsilon = [0.0, safe_epsilon::<f64>(2.0), 1e-6][eps_kind as usize % 3];
    let (room, solid) = (cube_room(), octahedron());
    let mut p = Vec3::new(0.5, 0.5, 0.5);
    let mut o = Vec3::new(1.5, 0.25, 0.0); // outside the octahedron
    for _ in 0..25 {
        let to = target(&mut g, p);
        let Ok(m) = move_particle(&room, p, to, epsilon) else {
            return false;
        };
        if inside_cube_solid(m.end) {
            return false;
        }
        p = m.end;
        let to = target(&mut g, o) * 2.0 - Vec3::splat(1.0);
        let Ok(m) = move_particle(&solid, o, to, epsilon) else {
            return false;
        };
        if inside_octahedron(m.end) {
            return false;
        }
        o = m.end;
    }
    true
}

#[test]
fn particles_moved_at_random_never_end_inside_a_closed_mesh() {
    assert!(room_normals_point_inward());
    checker()
        .tests(600)
        .quickcheck(particle_never_ends_inside as fn(u64, u8) -> bool);
}

/// For the cube room: a move that made no progress must have been pressing into a wall it
/// was within `epsilon` of (otherwise the particle is stuck).
fn particle_not_stuck(from: Vec3<f64>, to: Vec3<f64>, end: Vec3<f64>, epsilon: f64) -> bool {
    if end != from || to == from {
        return true;
    }
    let near = epsilon.max(1e-12);
    let (f, t) = (from.to_array(), to.to_array());
    (0..3).any(|k| (f[k] <= near && t[k] < f[k]) || (f[k] >= 1.0 - near && t[k] > f[k]))
}

fn particle_moves_unless_pressed_into_a_wall(seed: u64) -> bool {
    let mut g = Gen::from_size_and_seed(100, seed);
    let room = cube_room();
    let epsilon = 1e-9;
    let mut p = Vec3::new(0.5, 0.25, 0.75);
    for _ in 0..25 {
        let to = target(&mut g, p);
        let Ok(m) = move_particle(&room, p, to, epsilon) else {
            return false;
        };
        if inside_cube_solid(m.end) || !particle_not_stuck(p, to, m.end, epsilon) {
            return false;
        }
        p = m.end;
    }
    true
}

#[test]
fn particles_are_never_stuck_moving_along_or_away_from_a_wall() {
    checker()
        .tests(600)
        .quickcheck(particle_moves_unless_pressed_into_a_wall as fn(u64) -> bool);
}

#[test]
fn particle_starting_exactly_on_a_face_may_slide_and_leave_but_not_sink() {
    let room = cube_room();
    let on_floor = Vec3::new(0.25, 0.5, 0.0);
    let sink = move_particle(&room, on_floor, Vec3::new(0.5, 0.5, -0.25), 0.0).unwrap();
    assert_eq!((sink.end, sink.blocked), (on_floor, Verdict::True));
    let along = move_particle(&room, on_floor, Vec3::new(0.75, 0.5, 0.0), 0.0).unwrap();
    assert_eq!(
        (along.end, along.blocked),
        (Vec3::new(0.75, 0.5, 0.0), Verdict::False)
    );
    let away = move_particle(&room, on_floor, Vec3::new(0.25, 0.5, 0.5), 0.0).unwrap();
    assert_eq!(away.end, Vec3::new(0.25, 0.5, 0.5));
}

#[test]
fn particle_through_an_edge_or_a_corner_shared_by_faces_is_caught() {
    let room = cube_room();
    let from = Vec3::new(0.5, 0.5, 0.5);
    // Exactly through the edge x = 1, y = 1 and through the corner (1, 1, 1).
    for to in [Vec3::new(1.5, 1.5, 0.5), Vec3::new(1.5, 1.5, 1.5)] {
        for epsilon in [0.0, 1e-9, 1e-3] {
            let m = move_particle(&room, from, to, epsilon).unwrap();
            assert!(!inside_cube_solid(m.end), "{to:?} ended at {:?}", m.end);
            assert_eq!(m.blocked, Verdict::True);
            let gap = 1.0 - m.end.x.max(m.end.y);
            assert!(
                gap <= epsilon.max(4.0 * f64::EPSILON),
                "stopped {gap} short"
            );
        }
    }
    // Also the diagonal of the face z = 0 (shared by its two triangles), from above.
    let m = move_particle(&room, from, Vec3::new(0.5, 0.5, -1.0), 1e-6).unwrap();
    assert!(m.end.z >= 0.0 && m.end.z <= 1e-6, "{:?}", m.end);
}

#[test]
fn particle_in_a_concave_corner_stays_trapped_and_out_of_the_solid() {
    let room = cube_room();
    let mut p = Vec3::new(0.5, 0.5, 0.5);
    for _ in 0..50 {
        // Keep pushing into the corner where three walls meet.
        let m = move_particle(&room, p, p - Vec3::new(0.3, 0.2, 0.1), 0.0).unwrap();
        assert!(!inside_cube_solid(m.end), "{:?}", m.end);
        p = m.end;
    }
    assert!(
        p.to_array().iter().all(|&c| (0.0..1e-12).contains(&c)) || p.x < 0.01,
        "{p:?}"
    );
    // Between two faces meeting at a narrow angle (a V trough): still never below either.
    let v = [
        Vec3::new(-1.0, -1.0, 1e-3),
        Vec3::new(-1.0, 1.0, 1e-3),
        Vec3::new(0.0, 0.0, 0.0),
        Vec3::new(1.0, -1.0, 1e-3),
        Vec3::new(1.0, 1.0, 1e-3),
    ];
    let v = v.map(lift);
    // Normals up: (0, 1, 2) and (2, 4, 3) … built so both face +z.
    let trough = TriangleMesh::new(&v, &[[0, 2, 1], [2, 3, 4]]).unwrap();
    assert!(trough.triangles().iter().all(|t| t.normal().z.lo() > 0.0));
    let m = move_particle(
        &trough,
        Vec3::new(0.0, 0.0, 1.0),
        Vec3::new(0.0, 0.0, -1.0),
        0.0,
    )
    .unwrap();
    assert!(m.end.z >= 0.0 && m.blocked == Verdict::True, "{:?}", m);
}

#[test]
fn motion_inputs_that_are_not_numbers_are_errors_not_panics() {
    let room = cube_room();
    let p = Vec3::new(0.5, 0.5, 0.5);
    let err = move_particle(&room, p, Vec3::new(f64::NAN, 0.0, 0.0), 0.0).unwrap_err();
    assert_eq!(err.field, "to.x");
    let err = move_particle(&room, p, p, -1.0).unwrap_err();
    assert_eq!((err.field, err.problem), ("epsilon", Problem::Negative));
    let err = slide_sphere(&room, p, -0.5, p, SlideOptions::default()).unwrap_err();
    assert_eq!(err.field, "radius");
    let err = slide_sphere(
        &room,
        p,
        0.1,
        Vec3::new(0.0, f64::INFINITY, 0.0),
        SlideOptions::default(),
    )
    .unwrap_err();
    assert_eq!(err.field, "motion.y");
    // Motions that overflow: no panic, no contact, the body stays in the room.
    let huge = Vec3::splat(f64::MAX);
    let m = move_particle(&room, p, huge, 0.0).unwrap();
    assert!(!inside_cube_solid(m.end));
    let s = slide_sphere(&room, p, 0.25, huge, SlideOptions::default()).unwrap();
    assert!(!touches_room(s.end, 0.25));
    let v = [Vec3::new(0.0, 0.0, 0.0)].map(lift);
    let err = TriangleMesh::new(&v, &[[0, 0, 9]]).unwrap_err();
    assert_eq!(err.problem, Problem::OutOfRange);
}

// ---------------------------------------------------------------- the sliding sphere

/// Exact: does the sphere touch a wall of the cube room (or go through one)?
fn touches_room(c: Vec3<f64>, r: f64) -> bool {
    let r = q(r);
    c.to_array()
        .iter()
        .any(|&x| q(x) - &r <= Q::zero() || q(x) + &r >= Q::one())
}

/// Exact: does the sphere touch the solid octahedron?
fn touches_octahedron(c: Vec3<f64>, r: f64) -> bool {
    let m = octahedron();
    let x = q3(c);
    inside_octahedron(c)
        || m.triangles().iter().any(|t| {
            let tri = t.corners().map(|v| q3(v.map(|x| x.mid())));
            point_triangle_d2(&x, &tri) <= q(r) * q(r)
        })
}

fn spheres_never_touch(seed: u64, eps_kind: u8) -> bool {
    let mut g = Gen::from_size_and_seed(100, seed);
    let options = SlideOptions {
        epsilon: [0.0, 1e-9, 1e-4][eps_kind as usize % 3],
        max_iterations: 4,
        ..SlideOptions::default()
    };
    let (room, solid, r) = (cube_room(), octahedron(), 0.125);
    let mut c = Vec3::new(0.5, 0.5, 0.5);
    let mut o = Vec3::new(0.0, 0.0, 1.5);
    for _ in 0..20 {
        let motion = target(&mut g, c) - c;
        let Ok(s) = slide_sphere(&room, c, r, motion, options) else {
            return false;
        };
        if touches_room(s.end, r) {
            return false;
        }
        c = s.end;
        let motion = (target(&mut g, o) - Vec3::splat(0.5)) * 3.0 - o;
        let Ok(s) = slide_sphere(&solid, o, r, motion, options) else {
            return false;
        };
        if touches_octahedron(s.end, r) {
            return false;
        }
        o = s.end;
    }
    true
}

#[test]
fn spheres_slid_at_random_never_touch_a_closed_mesh() {
    checker()
        .tests(300)
        .quickcheck(spheres_never_touch as fn(u64, u8) -> bool);
}

#[test]
fn a_sphere_sliding_on_the_floor_keeps_a_level_path_and_its_forward_motion() {
    let room = cube_room();
    let (r, epsilon) = (0.125, 1e-9);
    let options = SlideOptions {
        epsilon,
        max_iterations: 4,
        ..SlideOptions::default()
    };
    let mut c = Vec3::new(0.25, 0.5, r + 0.01);
    let (mut worst_height, mut worst_forward) = (0.0f64, 0.0f64);
    for _ in 0..200 {
        // Pushed down into the floor and forward along x, a little at a time.
        let step = Vec3::new(0.002, 0.0, -0.003);
        let s = slide_sphere(&room, c, r, step, options).unwrap();
        assert!(!touches_room(s.end, r));
        if c.z - r < 1e-6 {
            worst_height = worst_height.max(s.end.z - r);
            worst_forward = worst_forward.max((s.end.x - c.x - step.x).abs());
        }
        assert!(!s.exhausted);
        c = s.end;
    }
    // It settles at the floor, within epsilon, and keeps all of its forward motion.
    assert!(
        c.z - r > 0.0 && worst_height <= epsilon,
        "height {worst_height:e}"
    );
    assert!(
        worst_forward <= 4.0 * epsilon,
        "forward error {worst_forward:e}"
    );
    assert!(c.x > 0.25 + 0.002 * 150.0, "x = {}", c.x);
}

/// The unit cube room of `cube_room` with `f32` interval corners.
fn cube_room_f32() -> TriangleMesh<Interval<f32>> {
    let room = cube_room();
    let corners: Vec<Triangle<Interval<f32>>> = room
        .triangles()
        .iter()
        .map(|t| {
            let [a, b, c] = t
                .corners()
                .map(|v| v.map(|x| Interval::<f32>::from(x.mid() as f32)));
            Triangle::new(a, b, c).unwrap()
        })
        .collect();
    TriangleMesh::from_triangles(corners).unwrap()
}

/// A sphere that starts touching the room (resting exactly on the floor, sunk into it, in a
/// corner against three faces) is pushed out and then moves, and says so; every end is
/// checked exactly. Without `push_out`, or with its center on a face, or wedged between
/// walls closer than its diameter, it stays where it is.
#[test]
fn a_sphere_starting_in_contact_is_pushed_out_then_moves() {
    let room = cube_room();
    let r = 0.125f64;
    let options = SlideOptions::default();
    let up = Vec3::new(0.0, 0.0, 0.25);
    let forward = Vec3::new(0.25, 0.0, 0.0);
    for (start, motion, what) in [
        (Vec3::new(0.5, 0.5, r), up, "resting, pushed up"),
        (
            Vec3::new(0.5, 0.5, r),
            forward,
            "resting, pushed along the floor",
        ),
        (
            Vec3::new(0.5, 0.5, r - 0.01),
            forward,
            "sunk into the floor",
        ),
        (
            Vec3::new(0.5, 0.5, r.next_down()),
            forward,
            "an ulp into the floor",
        ),
        (
            Vec3::new(r, r, r),
            Vec3::new(0.25, 0.25, 0.25),
            "in a corner",
        ),
        (
            Vec3::new(r, r, r - 0.05),
            Vec3::new(0.0, 0.25, 0.0),
            "sunk in a corner",
        ),
    ] {
        assert!(touches_room(start, r), "{what}");
        let s = slide_sphere(&room, start, r, motion, options).unwrap();
        assert!(s.started_in_contact, "{what}: {s:?}");
        assert!(!touches_room(s.end, r), "{what}: ended in contact, {s:?}");
        // Out by at most the depth plus a few times epsilon, then the whole motion.
        let moved = s.end - start;
        let depth = (r - start.z).max(r - start.x.min(start.y));
        assert!(
            (moved - motion).length() <= depth + 4.0 * options.epsilon,
            "{what}: {s:?}"
        );
        let s = slide_sphere(
            &room,
            start,
            r,
            motion,
            SlideOptions {
                push_out: false,
                ..options
            },
        )
        .unwrap();
        assert!(
            s.started_in_contact && s.end == start && s.contacts == 0,
            "{what}: {s:?}"
        );
    }
    // Sliding along the floor after the push keeps a level path, within epsilon of it.
    let s = slide_sphere(&room, Vec3::new(0.5, 0.5, r), r, forward, options).unwrap();
    assert!(s.end.z > r && s.end.z <= r + options.epsilon, "{s:?}");
    assert_eq!(s.end.x, 0.75);
    // The center on the floor: no side to push to. Wedged: a ball wider than the room.
    for (start, radius) in [(Vec3::new(0.5, 0.5, 0.0), r), (Vec3::splat(0.5), 0.625)] {
        let s = slide_sphere(&room, start, radius, up, options).unwrap();
        assert!(
            s.started_in_contact && s.end == start && s.contacts == 0,
            "{s:?}"
        );
    }
    // With epsilon 0 the push still leaves a gap of a few ulps, certified.
    let start = Vec3::new(0.5, 0.5, r);
    let exact = SlideOptions {
        epsilon: 0.0,
        ..options
    };
    let s = slide_sphere(&room, start, r, forward, exact).unwrap();
    assert!(s.started_in_contact && !touches_room(s.end, r), "{s:?}");
    assert!(s.end.z - r <= 1e-14 && s.end.x == 0.75, "{s:?}");
    // The same on f32 corners: resting on the floor, and in a corner.
    let room32 = cube_room_f32();
    let r32 = 0.125f32;
    for start in [Vec3::new(0.5f32, 0.5, r32), Vec3::splat(r32)] {
        let s = slide_sphere(&room32, start, r32, Vec3::new(0.25f32, 0.0, 0.0), options).unwrap();
        let end = s.end.map(f64::from);
        assert!(s.started_in_contact && !touches_room(end, 0.125), "{s:?}");
        assert!((end.x - f64::from(start.x) - 0.25).abs() <= 1e-6, "{s:?}");
    }
}

/// A push out of a contact is refused when it would take the center through a face the
/// sphere touched (a small lid above a ball sunk into a floor) or brush a face it did not
/// touch (a sliver beside its path, apart at both ends of the push).
#[test]
fn a_push_out_never_passes_through_or_brushes_a_face() {
    let floor = [
        Vec3::new(-10.0, -10.0, -0.2),
        Vec3::new(10.0, -10.0, -0.2),
        Vec3::new(0.0, 10.0, -0.2),
    ];
    // Touched: 0.5 above the center, over it; the push from the floor would cross it.
    let lid = [
        Vec3::new(-0.01, -0.01, 0.5),
        Vec3::new(0.02, -0.01, 0.5),
        Vec3::new(-0.01, 0.02, 0.5),
    ];
    // Not touched (1.015 away), but 0.97 from the push's path, and 1.08 from its end.
    let sliver = [
        Vec3::new(0.97, -0.01, 0.3),
        Vec3::new(0.97, 0.01, 0.3),
        Vec3::new(0.97, 0.0, 0.32),
    ];
    let (center, r) = (Vec3::new(0.0, 0.0, 0.0), 1.0);
    let mesh = |extra: [Vec3<f64>; 3]| {
        let faces =
            [floor, extra].map(|[a, b, c]| Triangle::new(lift(a), lift(b), lift(c)).unwrap());
        TriangleMesh::<Interval>::from_triangles(faces.to_vec()).unwrap()
    };
    let forward = Vec3::new(0.25, 0.0, 0.0);
    for extra in [lid, sliver] {
        let s = slide_sphere(&mesh(extra), center, r, forward, SlideOptions::default()).unwrap();
        assert!(
            s.started_in_contact && s.end == center && s.contacts == 0,
            "{s:?}"
        );
    }
    // The floor alone: pushed up by its depth (0.8) and epsilon / 2, then forward.
    let alone = TriangleMesh::<Interval>::from_triangles(vec![Triangle::new(
        lift(floor[0]),
        lift(floor[1]),
        lift(floor[2]),
    )
    .unwrap()])
    .unwrap();
    let s = slide_sphere(&alone, center, r, forward, SlideOptions::default()).unwrap();
    assert!(s.started_in_contact && s.end.x == 0.25, "{s:?}");
    assert!(s.end.z > 0.8 && s.end.z < 0.8 + 1e-8, "{s:?}");
}

/// The unit cube as a solid: the room's faces turned around, normals outward.
fn cube_solid() -> TriangleMesh<Interval> {
    let room = cube_room();
    let flipped: Vec<Triangle<Interval>> = room
        .triangles()
        .iter()
        .map(|t| {
            let [a, b, c] = t.corners();
            Triangle::new(a, c, b).unwrap()
        })
        .collect();
    TriangleMesh::from_triangles(flipped).unwrap()
}

/// Issue 17: a radius-0 sphere a hair off the cube's corner, moving past it, ended at
/// `(-inf, -inf, -inf)`: the contact normal's squared length underflowed to 0 and was divided
/// by. Every end is finite, and the sphere never enters the solid.
#[test]
fn slide_sphere_with_an_underflowing_contact_normal_ends_at_a_finite_point() {
    let solid = cube_solid();
    let start = Vec3::new(-1e-300, -1e-300, -1e-300);
    let s = slide_sphere(
        &solid,
        start,
        0.0,
        Vec3::new(0.75, 1.5, 1e-300),
        SlideOptions::default(),
    )
    .unwrap();
    assert!(s.end.to_array().iter().all(|x| x.is_finite()), "{s:?}");
    assert!(!strictly_inside_unit_cube(s.end), "{s:?}");
    // Every tiny and huge variant: finite ends, never strictly inside the solid.
    for k in [-1074, -1000, -600, -300, -100, 0, 100, 300, 1000] {
        let tiny = 2f64.powi(k.max(-1022)) * if k == -1074 { 2f64.powi(-52) } else { 1.0 };
        for (p, m) in [
            (Vec3::splat(-tiny), Vec3::new(0.75, 1.5, tiny)),
            (Vec3::new(-tiny, 0.5, 0.5), Vec3::new(2.0, tiny, -tiny)),
            (Vec3::new(2.0, 0.5, 0.5), Vec3::new(-3.0, tiny, 0.0)),
            (Vec3::new(-tiny, -tiny, 0.5), Vec3::new(tiny, 1.0, 0.0)),
        ] {
            for r in [0.0, tiny, 0.25] {
                let Ok(s) = slide_sphere(&solid, p, r, m, SlideOptions::default()) else {
                    continue;
                };
                assert!(
                    s.end.to_array().iter().all(|x| x.is_finite()),
                    "{p:?} {m:?} {r}: {s:?}"
                );
                // Every start is outside the solid: pushed out of a contact or not, the
                // center crosses no face.
                assert!(!strictly_inside_unit_cube(s.end), "{p:?} {m:?} {r}: {s:?}");
            }
        }
    }
}

fn strictly_inside_unit_cube(p: Vec3<f64>) -> bool {
    p.to_array().iter().all(|&x| 0.0 < x && x < 1.0)
}

/// A motion whose end overflows the float range is refused with an error naming it; a huge
/// but representable one slides to a finite end.
#[test]
fn slide_sphere_refuses_a_motion_past_the_float_range_and_stays_finite_near_it() {
    let solid = cube_solid();
    let err = slide_sphere(
        &solid,
        Vec3::new(f64::MAX, 0.5, 0.5),
        0.0,
        Vec3::new(f64::MAX, 0.0, 0.0),
        SlideOptions::default(),
    )
    .unwrap_err();
    assert_eq!(err.field, "center + motion");
    for (p, m) in [
        (
            Vec3::new(-f64::MAX, 0.5, 0.5),
            Vec3::new(f64::MAX, 0.0, 0.0),
        ),
        (
            Vec3::new(-1e308, 0.5, 0.5),
            Vec3::new(1.7e308, 1e308, -1e308),
        ),
        (Vec3::new(0.5, 0.5, -1e300), Vec3::new(0.0, 1e-300, 1e300)),
    ] {
        for r in [0.0, 0.25, 1e300] {
            let s = slide_sphere(&solid, p, r, m, SlideOptions::default()).unwrap();
            assert!(
                s.end.to_array().iter().all(|x| x.is_finite()),
                "{p:?} {m:?}: {s:?}"
            );
        }
    }
}

/// The closest point on a triangle is near the exact one (its squared distance within a
/// relative 1e-9 of the exact squared distance), and the same at every scale: inputs scaled
/// by `2^k` give the answer scaled by `2^k`, bit for bit, up to `1e308` and down to
/// subnormal-free tiny coordinates (before, differences of coordinates near `1e308`
/// overflowed and the walk answered a corner). Half the triangles have no area (before, two
/// equal corners sent the walk into a zero-length edge's region, 0 / 0, and it answered the
/// nearest corner instead of a point of the remaining edge).
fn closest_point_is_near_the_exact_one_at_every_scale(seed: u64) -> bool {
    let mut g = Gen::from_size_and_seed(100, seed);
    let shape = u8::arbitrary(&mut g) % 8;
    let mut small = || f64::from(i8::arbitrary(&mut g) % 16);
    let mut v = || Vec3::new(small(), small(), small());
    let (p, mut t) = (v(), [v(), v(), v()]);
    // Triangles without area, one in two: two equal corners (each pair), three, or collinear.
    match shape {
        0 => t[1] = t[0],
        1 => t[2] = t[1],
        2 => t[0] = t[2],
        3 => t = [t[0]; 3],
        4 => t[2] = t[0] + (t[1] - t[0]) * 2.0,
        _ => {}
    }
    let r = closest_point_on_triangle(p, t);
    let d2 = q3(r);
    let got = dot(&sub(&q3(p), &d2), &sub(&q3(p), &d2));
    let exact = exact_d2(p, t);
    let near = abs(&(&got - &exact)) <= &exact * &q(1e-9) + q(1e-12);
    let scales_exactly = [1000, 500, -500, -900].iter().all(|&k| {
        let f = |x: Vec3<f64>| x * 2f64.powi(k / 2) * 2f64.powi(k - k / 2);
        closest_point_on_triangle(f(p), t.map(f)) == f(r)
    });
    near && scales_exactly
}

/// Two equal corners: the walk entered the zero-length edge's region (its test holds
/// vacuously), divided 0 by 0 and answered the nearest corner, at a squared distance of 369
/// where the exact one, on the remaining edge, is 118890/419 (about 283.7). Found by the
/// property above on CI, at a rate of about 1 in 27,000 seeds.
#[test]
fn closest_point_on_a_triangle_with_two_equal_corners_is_on_the_remaining_edge() {
    let p = Vec3::new(6.0, 13.0, 8.0);
    let (a, c) = (Vec3::new(13.0, 13.0, -11.0), Vec3::new(10.0, -4.0, 0.0));
    for t in [[a, a, c], [a, c, a], [c, a, a]] {
        let r = q3(closest_point_on_triangle(p, t));
        let got = dot(&sub(&q3(p), &r), &sub(&q3(p), &r));
        let exact = exact_d2(p, t);
        assert_eq!(exact, Q::new(118890.into(), 419.into()));
        assert!(abs(&(&got - &exact)) <= &exact * &q(1e-12), "{t:?}: {got}");
    }
}

#[test]
fn closest_point_on_a_triangle_is_right_at_every_scale() {
    checker().quickcheck(closest_point_is_near_the_exact_one_at_every_scale as fn(u64) -> bool);
    // The case that overflowed: (1.5e308, 1.5e308, 1.5e308) against a triangle spanning
    // ±1.5e308 is nearest to (0.2, 0.6, 0)·1.5e308 on the edge from (1, -1) to (0, 1).
    let m = 1.5e308;
    let t = [
        Vec3::new(-m, -m, 0.0),
        Vec3::new(m, -m, 0.0),
        Vec3::new(0.0, m, 0.0),
    ];
    let r = closest_point_on_triangle(Vec3::new(m, m, m), t);
    assert!((r.x / m - 0.2).abs() < 1e-12 && (r.y / m - 0.6).abs() < 1e-12 && r.z == 0.0);
    assert_eq!(
        closest_point_on_triangle(Vec3::new(0.0, 0.0, 1.0), t),
        Vec3::new(0.0, 0.0, 0.0)
    );
    // Two corners 2^1000 smaller than the third: the walk's products underflow to 0 / 0
    // (found by the hostile test); the answer is still a finite point.
    let t = [
        Vec3::new(-5e-324, 1.0, -5e-324),
        Vec3::new(3.0, 2.2250738585072014e-308, 2.2250738585072014e-308),
        Vec3::new(-1.0, 1.0, f64::MAX),
    ];
    let r = closest_point_on_triangle(Vec3::new(3.0, -1e15, 1.0), t);
    assert!(r.to_array().iter().all(|x| x.is_finite()), "{r:?}");
}

// ------------------------------------------- each step of a slide, checked as a capsule

/// A spiky height field over `[0, 1]²` (`n` × `n` cells, heights drawn on a grid of 1/64 of
/// `amplitude`, a quarter of them 0, so flat patches among the spikes): faces a sphere slides
/// over, grazes and catches on (a slide's faces are two-sided).
fn spiky_field(g: &mut Gen, n: usize, amplitude: f64) -> (Vec<Vec3<f64>>, Vec<[usize; 3]>) {
    let mut v = Vec::new();
    for i in 0..=n {
        for j in 0..=n {
            let h = match u8::arbitrary(g) % 4 {
                0 => 0.0,
                _ => f64::from(u8::arbitrary(g) % 65) / 64.0 * amplitude,
            };
            v.push(Vec3::new(i as f64 / n as f64, j as f64 / n as f64, h));
        }
    }
    (v, grid_faces(n))
}

/// Exact: is the capsule of radius `r` about the segment `a → b` apart from every face
/// (squared distance above `r²`)? Faces whose box lies farther than `r` from the segment's
/// box along an axis are apart without the distance (a comparison of sums, exact too).
fn capsule_apart(a: Vec3<f64>, b: Vec3<f64>, r: f64, faces: &[[Q3; 3]]) -> bool {
    let (qa, qb, qr) = (q3(a), q3(b), q(r));
    let r2 = &qr * &qr;
    let (a, b) = (a.to_array(), b.to_array());
    faces.iter().all(|t| {
        let off_axis = (0..3).any(|k| {
            let (lo, hi) = (a[k].min(b[k]), a[k].max(b[k]));
            let t_lo = t.iter().map(|p| &p[k]).min().unwrap();
            let t_hi = t.iter().map(|p| &p[k]).max().unwrap();
            t_hi + &qr < q(lo) || t_lo - &qr > q(hi)
        });
        off_axis || segment_triangle_d2(&qa, &qb, t) > r2
    })
}

/// One slide step after another (`max_iterations: 1`, so each call's path is the straight
/// segment from its start to its end) over spiky fields in `f64` and `f32` interval meshes,
/// some with degenerate faces (coincident corners), at unit scale, at `2^-40`, `2^40` and
/// `2^600` (`f64` only: squared lengths overflow), and offset far from the origin; radii
/// from 0 (a point) up; motions aimed down
/// into the field, along it, and exactly level with a face at the sphere's radius (grazing);
/// `epsilon` 0, `1e-9` and `1e-4`. Every step's swept ball (the capsule of the segment) is
/// checked against every face in rationals: its exact distance stays above the radius. This
/// holds the slide's promise of no contact along the way, not only at the end, whatever the
/// slide estimates on the way (its float estimates of a contact are only ever stops to
/// check).
#[test]
fn every_slide_step_stays_apart_from_every_face_exactly() {
    let mut g = Gen::from_size_and_seed(100, 0x51de_2026_1207);
    let (mut steps, mut moved, mut stopped) = (0usize, 0usize, 0usize);
    for case in 0..40 {
        let n = 3 + usize::from(u8::arbitrary(&mut g) % 3);
        let (mut v, f) = spiky_field(&mut g, n, 0.25);
        if case % 3 == 2 {
            // Degenerate faces: every third vertex onto the next (zero-length edges, faces
            // of no area with two corners in one).
            for i in (0..v.len() - 1).step_by(3) {
                v[i] = v[i + 1];
            }
        }
        let (k, offset) = match case % 5 {
            0 => (1.0, 0.0),
            1 => (2f64.powi(-40), 0.0),
            2 => (2f64.powi(40), 0.0),
            3 => (1.0, 4096.0),
            // Where squared lengths overflow `f64`: the float estimates give out.
            _ => (2f64.powi(600), 0.0),
        };
        let place = |p: Vec3<f64>| p * k + Vec3::splat(offset);
        let v: Vec<Vec3<f64>> = v.into_iter().map(place).collect();
        let epsilon = [0.0, 1e-9, 1e-4][case % 3] * k;
        let options = SlideOptions {
            epsilon,
            max_iterations: 1,
            push_out: false,
        };
        // A point (radius 0) now and then.
        let r = match case % 7 {
            3 => 0.0,
            _ => f64::from(1 + u8::arbitrary(&mut g) % 8) / 32.0 * k,
        };
        let faces: Vec<[Q3; 3]> = f.iter().map(|t| t.map(|i| q3(v[i]))).collect();
        let apart = |a: Vec3<f64>, b: Vec3<f64>| capsule_apart(a, b, r, &faces);
        let f32_mesh = case % 8 >= 4 && k < 2f64.powi(100);
        let mesh =
            TriangleMesh::<Interval>::new(&v.iter().map(|&p| lift(p)).collect::<Vec<_>>(), &f)
                .unwrap();
        // The same field in `f32` (a valid one, unused, past the `f32` range).
        let v32: Vec<Vec3<f32>> = v
            .iter()
            .map(|&p| {
                if f32_mesh {
                    to_f32(p)
                } else {
                    Vec3::splat(0.0)
                }
            })
            .collect();
        let mesh32 = TriangleMesh::<Interval<f32>>::new(
            &v32.iter()
                .map(|p| p.map(Interval::<f32>::from))
                .collect::<Vec<_>>(),
            &f,
        )
        .unwrap();
        let faces32: Vec<[Q3; 3]> = f
            .iter()
            .map(|t| t.map(|i| q3(v32[i].map(f64::from))))
            .collect();
        let apart32 = |a: Vec3<f64>, b: Vec3<f64>, r: f64| capsule_apart(a, b, r, &faces32);
        // Start above the field, apart from it.
        let mut c = place(Vec3::new(0.5, 0.5, 0.25 + 0.0625)) + Vec3::new(0.0, 0.0, r);
        let mut c32 = to_f32(c);
        let r32 = r as f32;
        for _ in 0..16 {
            let pick = |g: &mut Gen| f64::from(u8::arbitrary(g) % 33) / 32.0 - 0.5;
            let aim = Vec3::new(pick(&mut g), pick(&mut g), pick(&mut g) * 0.5) * k;
            let motion = match u8::arbitrary(&mut g) % 4 {
                // Down into the field.
                0 => aim - Vec3::new(0.0, 0.0, 0.25 * k),
                // Level: along the field at the current height.
                1 => Vec3::new(aim.x, aim.y, 0.0),
                // Level with a vertex's height plus the radius: grazing its faces.
                2 => {
                    let top = v[usize::from(u8::arbitrary(&mut g)) % v.len()];
                    Vec3::new(aim.x, aim.y, top.z + r - c.z)
                }
                _ => aim,
            };
            if f32_mesh {
                let m32 = to_f32(motion);
                let s = slide_sphere(&mesh32, c32, r32, m32, options).unwrap();
                // A start this close (`epsilon` 0) may not be certified apart: it stays.
                assert!(
                    !s.started_in_contact || s.end == c32,
                    "case {case}: moved from contact"
                );
                let (a, b) = (c32.map(f64::from), s.end.map(f64::from));
                assert!(
                    apart32(a, b, f64::from(r32)),
                    "case {case} (f32): the step {a:?} -> {b:?} (radius {r32}) touches a face"
                );
                moved += usize::from(s.end != c32);
                stopped += usize::from(s.contacts > 0);
                c32 = s.end;
            } else {
                let s = slide_sphere(&mesh, c, r, motion, options).unwrap();
                assert!(
                    !s.started_in_contact || s.end == c,
                    "case {case}: moved from contact"
                );
                assert!(
                    apart(c, s.end),
                    "case {case}: the step {c:?} -> {:?} (radius {r}) touches a face",
                    s.end
                );
                moved += usize::from(s.end != c);
                stopped += usize::from(s.contacts > 0);
                c = s.end;
            }
            steps += 1;
        }
    }
    // Not a test of speed or of progress, but the steps must be real ones: most move, and
    // many stop at a contact.
    assert!(moved * 4 > steps * 3, "{moved} of {steps} steps moved");
    assert!(
        stopped * 5 > steps,
        "{stopped} of {steps} steps stopped at a contact"
    );
}
