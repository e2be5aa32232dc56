//! The tour: what surety is for, as a transcript. Run it with
//! `cargo run --release --example tour`.
//!
//! Every claim the tour prints is checked while it runs; the summary at the end counts them.

use surety::intervals::exact::to_rational;
use surety::intervals::stack::Counts;
use surety::prelude::*;

/// The query session of `examples/queries.rs`, replayed as the tour's sixth section.
#[path = "queries.rs"]
mod queries_session;

/// The motion runs of `examples/motion.rs`, at a smaller count, as the tour's seventh section.
#[allow(dead_code)] // the tour uses the runs, not the example's own report
#[path = "motion.rs"]
mod motion_run;

/// The reader of the public CCD sample queries, for the tour's eighth section.
#[allow(dead_code)] // the tour does not print the kinds' names
#[path = "support/ccd_data.rs"]
mod ccd_data;
#[path = "support/grid.rs"]
mod grid;
#[path = "support/ply.rs"]
mod ply;

/// Counts the claims the tour checks, and stops it if one is false.
struct Checks(u32);

impl Checks {
    fn claim(&mut self, holds: bool, what: &str) {
        assert!(holds, "tour claim failed: {what}");
        self.0 += 1;
    }
}

/// 2-D orientation: is `p` left of the directed line `a → b`? One formula for every scalar.
fn left_of<S: Scalar>(a: [S; 2], b: [S; 2], p: [S; 2]) -> Verdict {
    ((b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])).gt_zero()
}

/// Is the point within `r` of the center? (Squared distances: no square root to round.)
fn within<S: Scalar>(center: Vec3<S>, r: S, p: Vec3<S>) -> Verdict {
    (p - center).length_squared().le(r.sqr())
}

/// The faces in scalar `S` (rounded to `f32`, or enclosed in intervals).
fn lift_faces<S: Scalar>(faces: &[[Vec3<f64>; 3]]) -> Vec<Triangle<S>> {
    faces
        .iter()
        .map(|f| {
            Triangle::new(
                Vec3::lift_f64(f[0]),
                Vec3::lift_f64(f[1]),
                Vec3::lift_f64(f[2]),
            )
            .expect("finite")
        })
        .collect()
}

/// The 8 faces of the octahedron with vertices `±x, ±y, ±z` (in that frame).
fn octahedron(frame: [Vec3<f64>; 3]) -> Vec<[Vec3<f64>; 3]> {
    let mut faces = Vec::new();
    for sx in [1.0, -1.0] {
        for sy in [1.0, -1.0] {
            for sz in [1.0, -1.0] {
                faces.push([frame[0] * sx, frame[1] * sy, frame[2] * sz]);
            }
        }
    }
    faces
}

/// Shoots segments from the center of a rotated octahedron through (rounded) points on its
/// edges: every one leaves the solid, so it must meet a face. Returns how often the f64 query
/// and the certified query saw no face at all, how often the certified one saw only maybes,
/// and how many shots.
fn shoot_through_edges(shots: u32) -> (u32, u32, u32, u32) {
    let (c, s) = (0.6f64.cos(), 0.6f64.sin());
    let (c2, s2) = (1.1f64.cos(), 1.1f64.sin());
    // A rotation by 0.6 about z, then 1.1 about x: coordinates that are not exact in binary.
    let rot = |v: Vec3<f64>| {
        let v = Vec3::new(c * v.x - s * v.y, s * v.x + c * v.y, v.z);
        Vec3::new(v.x, c2 * v.y - s2 * v.z, s2 * v.y + c2 * v.z)
    };
    let frame = [
        rot(Vec3::new(1.0, 0.0, 0.0)),
        rot(Vec3::new(0.0, 1.0, 0.0)),
        rot(Vec3::new(0.0, 0.0, 1.0)),
    ];
    let faces = octahedron(frame);
    // The float query in f32, as game code would store the mesh.
    let float_faces: Vec<Triangle<f32>> = lift_faces(&faces);
    let certified_faces: Vec<Triangle<Interval>> = lift_faces(&faces);
    let (mut tunnelled, mut certified_misses, mut maybes) = (0, 0, 0);
    let mut rng = motion_run::rng::Rng(0x1234_5678_9abc_def1);
    let mut unit = move || rng.unit();
    for _ in 0..shots {
        let center = Vec3::new(unit() - 0.5, unit() - 0.5, unit() - 0.5) * 0.5;
        let face = faces[(unit() * 8.0) as usize % 8];
        let t = unit();
        let on_edge = face[0] + (face[1] - face[0]) * t;
        let out = center + (on_edge - center) * 2.0;
        let seg = Segment::<f32>::new(Vec3::lift_f64(center), Vec3::lift_f64(out)).expect("finite");
        if float_faces
            .iter()
            .all(|f| intersect_segment_triangle(&seg, f).is_false())
        {
            tunnelled += 1;
        }
        let cseg =
            Segment::<Interval>::new(Vec3::lift_f64(center), Vec3::lift_f64(out)).expect("finite");
        let verdicts: Vec<Verdict> = certified_faces
            .iter()
            .map(|f| intersect_segment_triangle(&cseg, f))
            .collect();
        if verdicts.iter().all(|v| v.is_false()) {
            certified_misses += 1;
        } else if !verdicts.iter().any(|v| v.is_true()) {
            maybes += 1;
        }
    }
    (tunnelled, certified_misses, maybes, shots)
}

fn main() {
    let mut checks = Checks(0);
    println!("surety tour: certain answers are exact, maybe is honest");
    println!(
        "(interval backend of this build: {}; both give the same ends)\n",
        surety::intervals::BACKEND
    );

    // 1. 0.1 + 0.2
    println!("── 1. 0.1 + 0.2");
    let plain = 0.1 + 0.2;
    println!(">>> 0.1 + 0.2 == 0.3            (f64)");
    println!("{}", plain == 0.3);
    let tenth = Interval::point(1.0).unwrap() / Interval::point(10.0).unwrap();
    let fifth = Interval::point(2.0).unwrap() / Interval::point(10.0).unwrap();
    let three_tenths = Interval::point(3.0).unwrap() / Interval::point(10.0).unwrap();
    println!(">>> tenth = 1 / 10             (the real 0.1, enclosed)");
    println!("{tenth}");
    println!(">>> tenth + 2 / 10");
    let sum = tenth + fifth;
    println!("{sum}");
    println!(">>> (tenth + 2 / 10).equals(3 / 10)");
    let same = sum.equals(three_tenths);
    println!("{same}   (the enclosures overlap: equal is possible, and it is true in the reals)");
    checks.claim(!plain.eq(&0.3), "0.1 + 0.2 != 0.3 in f64");
    checks.claim(same == Verdict::Maybe, "interval 0.1 + 0.2 may equal 0.3");
    checks.claim(sum.lo() <= 0.3 && 0.3 <= sum.hi(), "the sum holds 0.3");
    println!();

    // 2. A float predicate that lies, next to the certified one.
    println!("── 2. Which side of the line y = x? (points a few ulps from it)");
    let (a, b) = ([12.0, 12.0], [24.0, 24.0]);
    let ulp = f64::EPSILON / 2.0; // one ulp of 0.5
    let (mut wrong, mut maybe, mut certain_right, mut total) = (0, 0, 0, 0);
    let mut shown = false;
    for i in 0..64 {
        for j in 0..64 {
            let p = [0.5 + i as f64 * ulp, 0.5 + j as f64 * ulp];
            // Exact answer: the line is y = x, so p is left of a → b exactly when
            // p.y > p.x, and p.y - p.x is exact here (Sterbenz).
            let exact = p[1] - p[0] > 0.0;
            let float = left_of(a, b, p);
            let lift = |v: [f64; 2]| v.map(Interval::<f64>::enclose);
            let certified = left_of(lift(a), lift(b), lift(p));
            total += 1;
            if float.certain() != Some(exact) {
                wrong += 1;
                if !shown {
                    shown = true;
                    println!(">>> p = ({:?}, {:?})", p[0], p[1]);
                    println!("    f64 left_of:       {float}   (exact answer: {exact})");
                    println!("    certified left_of: {certified}");
                }
            }
            match certified.certain() {
                Some(c) => {
                    checks.claim(c == exact, "a certain verdict is the exact answer");
                    certain_right += 1;
                }
                None => maybe += 1,
            }
        }
    }
    println!(">>> over {total} points within 64 ulps of the line");
    println!("    f64:       {wrong} wrong answers, all stated as certain");
    println!("    certified: 0 wrong, {certain_right} certain, {maybe} maybe");
    checks.claim(wrong > 0, "plain floats get some of these wrong");
    println!();

    // 3. Policies decide what a maybe means.
    println!("── 3. Resolving maybe");
    let gap = Interval::new(-1e-12, 1e-12).unwrap();
    let touching = gap.le(Interval::ZERO);
    println!(">>> gap = {gap}; gap <= 0 ?");
    println!("{touching}");
    println!(
        ">>> resolve: Conservative -> {}, Optimistic -> {}",
        touching.resolve(Policy::Conservative),
        touching.resolve(Policy::Optimistic)
    );
    checks.claim(
        touching.resolve(Policy::default()),
        "the default policy treats maybe as contact",
    );
    println!();

    // 4. One formula, four scalars: a point against a sphere, exactly on its surface.
    println!("── 4. One formula, four scalars: is (0.6, 0.8, 0) within 1 of the origin?");
    let p = glam::DVec3::new(0.6, 0.8, 0.0);
    let as_f64 = within(Vec3::zero(), 1.0, Vec3::<f64>::from(p));
    let as_f32 = within(Vec3::zero(), 1.0f32, Vec3::<f32>::from(p.as_vec3()));
    let as_iv64 = within(Vec3::zero(), Interval::ONE, Vec3::<Interval<f64>>::from(p));
    let as_iv32 = within(Vec3::zero(), Interval::ONE, Vec3::<Interval<f32>>::from(p));
    // The exact answer for the stored doubles, in rational arithmetic.
    let q = |x: f64| to_rational(x).expect("finite");
    let exact = q(p.x) * q(p.x) + q(p.y) * q(p.y) <= q(1.0);
    println!(
        "    f64: {as_f64}   f32: {as_f32}   Interval<f64>: {as_iv64}   Interval<f32>: {as_iv32}"
    );
    println!("    exact, on the stored doubles: {exact}");
    println!(
        "    (0.6 and 0.8 are not doubles: the stored point lies 4.4e-17 outside the sphere in"
    );
    println!("     squared distance; f64 rounds that away and answers with false confidence)");
    checks.claim(
        as_f64.certain() != Some(exact),
        "f64 gets the tangent point wrong",
    );
    checks.claim(
        as_iv64.is_maybe(),
        "the double point is too close to the sphere to call",
    );
    let inside = Vec3::<Interval>::from(glam::DVec3::new(0.6, 0.7, 0.0));
    checks.claim(
        within(Vec3::zero(), Interval::ONE, inside) == Verdict::True,
        "a point clearly inside is certainly inside",
    );
    println!();

    // 5. Shooting through the edges of a closed mesh (seed 000's tunnelling).
    println!("── 5. Segments from inside a closed mesh to outside, aimed at its edges");
    let (tunnelled, certified_misses, maybes, shots) = shoot_through_edges(20_000);
    println!(
        ">>> {shots} segments from the center of a rotated octahedron through points on its edges"
    );
    println!("    f32 mesh:  {tunnelled} slipped through (no face hit, though every such segment must cross)");
    println!(
        "    certified: {certified_misses} slipped through; {maybes} segments had only maybe-hits"
    );
    checks.claim(
        certified_misses == 0,
        "no segment leaves a closed mesh unseen by the certified test",
    );
    println!();

    println!("── 6. Every query family, certain and maybe cases (examples/queries.rs)\n");
    checks.claim(
        queries_session::main().is_ok(),
        "every shape in the session is valid",
    );
    println!();

    println!("── 7. Moving through closed meshes (examples/motion.rs, 1500 random moves each)");
    use motion_run::Mover;
    println!(
        "{:<10} {:<30} {:>7} {:>6} {:>8}",
        "scene", "mover", "got in", "stuck", "µs/move"
    );
    let mut float_got_in = 0;
    for scene in [
        motion_run::cube_room(),
        motion_run::icosphere_room(),
        motion_run::terrain_room(),
    ] {
        for mover in [
            Mover::CertifiedParticleSkin,
            Mover::FloatParticle,
            Mover::CertifiedSphere,
            Mover::BiasedSphere,
        ] {
            let t = motion_run::run(&scene, mover, 1500, 7);
            println!(
                "{:<10} {:<30} {:>7} {:>6} {:>8.1}",
                scene.name,
                mover.name(),
                t.bad,
                t.stuck,
                t.seconds * 1e6 / t.moves as f64
            );
            if matches!(mover, Mover::CertifiedParticleSkin | Mover::CertifiedSphere) {
                checks.claim(
                    t.bad == 0,
                    "a certified mover never ends inside or in contact",
                );
                checks.claim(t.stuck == 0, "a certified mover is never stuck");
            }
            if mover == Mover::FloatParticle {
                float_got_in += t.bad;
            }
        }
    }
    let certified = motion_run::floor_slide(Mover::CertifiedSphere, 500, false);
    let biased = motion_run::floor_slide(Mover::BiasedSphere, 500, false);
    println!(
        ">>> sliding on the floor: certified hovers {:.1e} above it (jitter {:.1e}), biased {:.1e}",
        certified.mean_gap, certified.jitter, biased.mean_gap
    );
    checks.claim(
        float_got_in > 0,
        "the plain f64 particle stopping exactly at contact gets in",
    );
    checks.claim(
        certified.max_gap < biased.mean_gap && certified.forward_error < 1e-12,
        "the certified slide keeps a level path closer to the floor than the biased one",
    );
    resting_ball(&mut checks);
    println!();

    println!("── 8. Continuous collision detection (examples/ccd_bench.rs)\n");
    ccd_section(&mut checks);
    println!();

    println!("── 9. Fast and exact: the filter stack (benches/stack.rs)\n");
    stack_section(&mut checks);
    println!();

    println!("── 10. Meshes at scale: a 180,000-face terrain (examples/mesh_bench.rs)\n");
    mesh_section(&mut checks);
    println!();

    println!("── 11. Shapes in their own frame: certified poses\n");
    pose_section(&mut checks);
    println!();

    println!("── summary");
    println!(
        "{} claims checked while the tour ran; every certain verdict matched the exact answer.",
        checks.0
    );
}

/// Nearly coplanar points through the filter stack: the float filters and the intervals give up
/// on most; orient3d's adaptive stage decides every sign (under any policy), and they match
/// both Shewchuk's adaptive `robust::orient3d` (opposite sign convention) and the generic exact
/// stage.
fn stack_section(checks: &mut Checks) {
    use std::cmp::Ordering;
    use surety::intervals::stack::{counts, decide_in, reset_counts, Stage};
    use surety::queries::{decide_overlap_sphere_aabb, orient3d, Orient3d};

    let mut seed = 7u64;
    let mut unit = move || {
        seed ^= seed >> 12;
        seed ^= seed << 25;
        seed ^= seed >> 27;
        (seed.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 11) as f64 / (1u64 << 53) as f64
    };
    let n = 10_000;
    let points: Vec<[Vec3<f64>; 4]> = (0..n)
        .map(|_| {
            let mut p = || Vec3::new(unit(), unit(), unit());
            let (a, b, c) = (p(), p(), p());
            let (s, t) = (unit(), unit());
            [a, b, c, a + (b - a) * s + (c - a) * t] // on the plane, up to rounding
        })
        .collect();
    // What the inexact stages leave undecided, each run alone.
    let maybe = points
        .iter()
        .filter(|[a, b, c, d]| {
            let f = Orient3d::new(*a, *b, *c, *d);
            [Stage::Static, Stage::Filter, Stage::Interval]
                .iter()
                .all(|&stage| decide_in(&f, stage).is_none())
        })
        .count();
    let conservative_maybe = points
        .iter()
        .filter(|[a, b, c, d]| {
            orient3d(*a, *b, *c, *d, Policy::Conservative)
                .certain()
                .is_none()
        })
        .count();
    reset_counts();
    let exact: Vec<Ordering> = points
        .iter()
        .map(|[a, b, c, d]| {
            orient3d(*a, *b, *c, *d, Policy::Exact)
                .certain()
                .expect("the exact policy always answers")
        })
        .collect();
    let by_stage = counts();
    let robust_sign = |p: &[Vec3<f64>; 4]| {
        let k = |v: Vec3<f64>| robust::Coord3D {
            x: v.x,
            y: v.y,
            z: v.z,
        };
        let r = robust::orient3d(k(p[0]), k(p[1]), k(p[2]), k(p[3]));
        0.0.partial_cmp(&r).expect("robust's result is a number")
    };
    let disagree = points
        .iter()
        .zip(&exact)
        .filter(|(p, e)| robust_sign(p) != **e)
        .count();
    // The generic exact stage (floating-point expansions), which shares no code with robust
    // (the adaptive stage falls back on robust's predicate within its bound of zero).
    let generic = |[a, b, c, d]: &[Vec3<f64>; 4]| {
        decide_in(&Orient3d::new(*a, *b, *c, *d), Stage::Exact).expect("always decides")
    };
    let disagree_generic = points
        .iter()
        .zip(&exact)
        .filter(|(p, e)| generic(p) != **e)
        .count();
    println!(">>> orient3d on {n} nearly coplanar points (the fourth on the plane, rounded)");
    println!(
        "    static filter, float filter and intervals alone: {maybe} maybe ({:.1} %)",
        100.0 * maybe as f64 / n as f64
    );
    println!(
        "    with the adaptive stage: Policy::Conservative {conservative_maybe} maybe; \
         Policy::Exact no maybe; {by_stage}"
    );
    println!(
        "    signs that differ from robust::orient3d (Shewchuk's adaptive predicate): {disagree}; \
         from the generic exact stage (expansions): {disagree_generic}"
    );
    checks.claim(
        maybe > n / 2 && conservative_maybe == 0,
        "the filters and intervals leave most nearly coplanar signs undecided; the adaptive \
         stage decides them all",
    );
    checks.claim(
        disagree == 0 && disagree_generic == 0,
        "every exact sign equals Shewchuk's adaptive predicate's and the expansions'",
    );
    checks.claim(
        !Counts::ENABLED
            || (by_stage.static_filter + by_stage.adaptive == n as u64 && by_stage.undecided == 0),
        "under the exact policy, what the static filter leaves goes straight to the adaptive stage",
    );

    // Near a box edge, found by search: the f32 sums of squares round the wrong way.
    let b = Aabb::<f32>::new(Vec3::new(0.0, 0.0, 0.0), Vec3::new(1.0, 1.0, 1.0)).expect("box");
    let c = Vec3::new(1.461_878_4_f32, 1.327_643_f32, 0.5);
    let s = Sphere::<f32>::new(c, 0.566_287_6_f32).expect("sphere");
    let plain = overlap_sphere_aabb(&s, &b);
    let stacked = decide_overlap_sphere_aabb(&s, &b, Policy::Exact);
    let w = |x: f32| to_rational(f64::from(x)).expect("finite");
    let one = to_rational(1.0).expect("finite");
    let (gx, gy, r) = (w(c.x) - &one, w(c.y) - &one, w(s.radius()));
    let exact = &gx * &gx + &gy * &gy <= &r * &r;
    println!(
        ">>> an f32 sphere by a box edge: plain f32 says {plain}, the stack (f32 shapes, \
         Policy::Exact) {stacked}, exact arithmetic {exact}"
    );
    checks.claim(
        stacked == Verdict::from(exact) && plain != stacked,
        "the stack gives the exact answer where plain f32 gives the wrong one",
    );
}

/// A degenerate CCD query decided exactly, and the bundled sample queries against their
/// ground truth.
/// A ball placed exactly on a floor (touching it, so no move of it can be certified) is
/// pushed out of the contact first, then slides.
fn resting_ball(checks: &mut Checks) {
    let v = [
        glam::DVec3::new(-10.0, -10.0, 0.0),
        glam::DVec3::new(10.0, -10.0, 0.0),
        glam::DVec3::new(0.0, 10.0, 0.0),
    ];
    let Ok(floor) = TriangleMesh::<Interval>::new(&v, &[[0, 1, 2]]) else {
        return checks.claim(false, "a one-triangle floor is a valid mesh");
    };
    let (r, start, motion) = (0.5, Vec3::new(0.0, 0.0, 0.5), Vec3::new(3.0, 0.0, -1.0));
    let options = SlideOptions::default();
    let still = SlideOptions {
        push_out: false,
        ..options
    };
    let (Ok(s), Ok(stuck)) = (
        slide_sphere(&floor, start, r, motion, options),
        slide_sphere(&floor, start, r, motion, still),
    ) else {
        return checks.claim(false, "slide_sphere takes a resting ball");
    };
    println!(
        ">>> a ball resting exactly on the floor, pushed forward and down: ends at {:?}, {:.1e} above it",
        s.end,
        s.end.z - r
    );
    // The floor is z = 0 exactly, so `end.z > r` is the exact test of apartness.
    checks.claim(
        s.started_in_contact && s.end.z > r && s.end.z - r <= options.epsilon && s.end.x == 3.0,
        "a ball resting exactly on a floor is pushed out by epsilon and slides its whole way",
    );
    checks.claim(
        stuck.started_in_contact && stuck.end == start,
        "without push_out it stays where it touches",
    );
}

fn ccd_section(checks: &mut Checks) {
    use surety::queries::ccd::{vertex_face_ccd, CcdOptions};
    let face = [
        Vec3::new(0.0, 0.0, 0.0),
        Vec3::new(1.0, 0.0, 0.0),
        Vec3::new(0.0, 1.0, 0.0),
    ];
    // A vertex sliding in the face's plane towards its edge x = 0, stopping one ulp short.
    let short = -f64::MIN_POSITIVE;
    let start = [Vec3::new(-1.0, 0.25, 0.0), face[0], face[1], face[2]];
    let end = [Vec3::new(short, 0.25, 0.0), face[0], face[1], face[2]];
    let search_only = CcdOptions {
        exact: false,
        max_iterations: 100_000,
        ..CcdOptions::default()
    };
    let search = vertex_face_ccd(start, end, search_only).expect("finite");
    let decided = vertex_face_ccd(start, end, CcdOptions::default()).expect("finite");
    println!(">>> a vertex slides in a triangle's plane and stops 2^-1022 short of its edge");
    println!(
        "    bisection alone, {} boxes: {}   (a tolerance-based CCD calls it a collision)",
        search.iterations, search.verdict
    );
    println!(
        "    surety (exact stage: {}):      {}",
        decided.exact, decided.verdict
    );
    checks.claim(
        search.verdict == Verdict::Maybe,
        "bisection cannot decide a contact-free slide along the face's plane",
    );
    checks.claim(
        decided.verdict == Verdict::False && decided.exact,
        "the exact stage decides it: no contact",
    );
    let mut stop_on_edge = end;
    stop_on_edge[0].x = 0.0;
    let touch = vertex_face_ccd(start, stop_on_edge, CcdOptions::default()).expect("finite");
    println!(
        ">>> the same slide, ending on the edge: {}, toi {}",
        touch.verdict, touch.toi
    );
    checks.claim(
        touch.verdict == Verdict::True && touch.toi.hi() == 1.0,
        "ending exactly on the edge is a contact at t = 1",
    );

    let (mut queries, mut fnegs, mut fposs) = (0, 0, 0);
    let clock = std::time::Instant::now();
    let files = ccd_data::find_files(std::path::Path::new("tests/data/ccd"));
    for (_, kind, path) in files {
        let qs = ccd_data::read_queries(&path).expect("the bundled data reads");
        for q in qs {
            let hit = q.ccd(kind).run(CcdOptions::default()).expect("finite");
            let collides = hit.verdict.resolve(Policy::Conservative);
            queries += 1;
            fnegs += u32::from(q.truth && !collides);
            fposs += u32::from(!q.truth && collides);
        }
    }
    println!(
        ">>> the public benchmark's unit-test scene: {queries} queries, {fnegs} false negatives, \
         {fposs} false positives, {:.1} ms",
        clock.elapsed().as_secs_f64() * 1e3
    );
    checks.claim(
        queries > 0 && fnegs == 0 && fposs == 0,
        "every sample query answered as its ground truth",
    );

    // A whole mesh: ipc-toolkit's thick cloth between two frames (bundled, MIT).
    use surety::queries::ccd::{collision_free_step, is_step_collision_free, CcdMesh, StepOptions};
    let (v0, faces) = ply::load("tests/data/meshes/thick-cloth/t0.ply").expect("bundled");
    let (v1, _) = ply::load("tests/data/meshes/thick-cloth/t1.ply").expect("bundled");
    let mesh = CcdMesh::new(v0.len(), &faces).expect("valid");
    let o = StepOptions::default();
    let clock = std::time::Instant::now();
    let step = collision_free_step(&mesh, &v0, &v1, &o).expect("finite");
    println!(
        ">>> ccd::collision_free_step on the thick cloth ({} vertices, {} faces): t = {:?} \
         in {:.1} ms, {} candidate pairs (ipc-toolkit with Tight-Inclusion: 0.48880577087402344)",
        v0.len(),
        faces.len(),
        step.t,
        clock.elapsed().as_secs_f64() * 1e3,
        step.candidates
    );
    let upto = |t_max: f64| StepOptions { t_max, ..o };
    let free = |t_max: f64| is_step_collision_free(&mesh, &v0, &v1, &upto(t_max)).expect("finite");
    let before = free(step.t.next_down());
    let after = free(step.t / (1.0 - 1e-6) * (1.0 + 1e-15));
    println!(">>> free up to just before it: {before}; free a millionth past it: {after}");
    checks.claim(
        before == Verdict::True && after == Verdict::False,
        "the step stops before the first contact and within 1e-6 of it",
    );
}

/// Rays at the shared vertices of a large terrain stored in `f32`, as game code would: each
/// passes exactly through its vertex, so exactly it hits. Plain `f32` casts through the same
/// hierarchy sometimes slip between the faces around the vertex; the certified cast never
/// does, and under `Policy::Exact` it always says hit.
fn mesh_section(checks: &mut Checks) {
    use std::time::Instant;
    let n = 300usize;
    let mut rng = motion_run::rng::Rng(0x9e37_79b9_7f4a_7c15);
    let mut unit = move || rng.unit();
    let height = |i: usize, j: usize| 0.3 * ((i as f64 * 0.37).sin() + (j as f64 * 0.23).cos());
    let mut v = Vec::with_capacity((n + 1) * (n + 1));
    for i in 0..=n {
        for j in 0..=n {
            let p = Vec3::new(i as f64 * 0.1, j as f64 * 0.1, height(i, j));
            v.push(Vec3::new(p.x as f32, p.y as f32, p.z as f32));
        }
    }
    let at = |i: usize, j: usize| i * (n + 1) + j;
    let faces = grid::grid_faces(n);
    let t = Instant::now();
    let terrain = TriangleMesh::<f32>::new(&v, &faces).expect("finite terrain");
    let build = t.elapsed();
    println!(
        ">>> TriangleMesh::<f32>::new(...)      {} faces, hierarchy depth {}, built in {:.0?}",
        terrain.len(),
        terrain.bvh().depth(),
        build
    );
    // Rays from above at interior vertices, exactly through them: (shots, plain f32
    // misses, certified misses, certified maybes, median certified ns), the first plain
    // miss shown when `show`.
    let mut shoot = |mesh: &TriangleMesh<f32>, v: &[Vec3<f32>], show: bool| {
        let mut shots = 0;
        let (mut float_missed, mut certified_missed, mut maybe) = (0, 0, 0);
        let mut shown = !show;
        let mut certified_ns = Vec::with_capacity(20_000);
        for _ in 0..20_000 {
            // An interior vertex, and an origin above the terrain, off to one side.
            let (i, j) = (
                1 + (unit() * (n - 2) as f64) as usize,
                1 + (unit() * (n - 2) as f64) as usize,
            );
            let target = v[at(i, j)];
            // An offset in sixteenths, so that the direction is exactly `target - origin` and
            // the ray passes exactly through the vertex (skipped where f32 would round the
            // origin).
            let sixteenths = |k: f64| ((k * 64.0).floor() - 32.0) as f32 / 16.0;
            let offset = Vec3::new(
                sixteenths(unit()),
                sixteenths(unit()),
                3.0 + sixteenths(unit()).abs(),
            );
            let origin = target + offset;
            // In f64 the difference of two f32s is exact.
            let exact = |v: Vec3<f32>| v.to_array().map(f64::from);
            let (o, t, d) = (exact(origin), exact(target), exact(offset));
            if (0..3).any(|k| o[k] - t[k] != d[k]) {
                continue;
            }
            let ray = Ray::new(origin, -offset).expect("finite ray");
            let float = cast_ray_mesh(mesh, &ray, f64::INFINITY).expect("valid max_t");
            let t = Instant::now();
            let sure = decide_cast_ray_mesh(mesh, &ray, f64::INFINITY, Policy::Exact)
                .expect("valid max_t");
            certified_ns.push(t.elapsed().as_nanos() as f64);
            shots += 1;
            if float.hit.is_false() {
                float_missed += 1;
                if !shown {
                    println!(
                        ">>> cast_ray_mesh (plain f32) from {origin:?} at the vertex {target:?}"
                    );
                    println!(
                        "{}   (through the surface: it slipped between the faces)",
                        float.hit
                    );
                    println!(
                        ">>> decide_cast_ray_mesh(.., Policy::Exact)\n{}   face {:?}, t in {}",
                        sure.hit, sure.face, sure.t
                    );
                    shown = true;
                }
            }
            certified_missed += usize::from(sure.hit.is_false());
            maybe += usize::from(sure.hit == Verdict::Maybe);
        }
        certified_ns.sort_by(f64::total_cmp);
        let median = certified_ns.get(shots / 2).copied().unwrap_or(f64::NAN);
        (shots, float_missed, certified_missed, maybe, median)
    };
    let (shots, float_missed, certified_missed, maybe, median) = shoot(&terrain, &v, true);
    println!(
        ">>> {shots} rays exactly through shared vertices: plain f32 missed the terrain \
         {float_missed} times; certified: {certified_missed} misses, {maybe} maybe, median {median:.0} ns \
         per cast (exact ties at every vertex: the exact stage decides them)"
    );
    checks.claim(
        float_missed > 0,
        "plain f32 rays at shared vertices sometimes miss a watertight terrain",
    );
    checks.claim(
        certified_missed == 0 && maybe == 0,
        "the certified cast hits the terrain with every ray under Policy::Exact",
    );

    // The terrain heaves (a swell lifts every vertex): the mesh takes its new faces and
    // refits its hierarchy in place instead of building it again.
    let swell: Vec<Vec3<f32>> = v
        .iter()
        .map(|p| Vec3::new(p.x, p.y, p.z + 0.5 * (0.4 * p.x + 0.3 * p.y).sin()))
        .collect();
    let mut terrain = terrain;
    let t = Instant::now();
    let refit = terrain.refit(&swell, &faces);
    let took = t.elapsed();
    println!(">>> terrain.refit(&swell, &faces)      {refit:?}: refitted in {took:.0?} (built in {build:.0?})");
    let (shots, float_missed, certified_missed, maybe, _) = shoot(&terrain, &swell, false);
    println!(
        ">>> {shots} rays through the swell's vertices: plain f32 missed {float_missed} times; \
         certified: {certified_missed} misses, {maybe} maybe"
    );
    checks.claim(
        refit.is_ok() && certified_missed == 0 && maybe == 0,
        "after a refit the certified cast still hits at every shared vertex",
    );
}

/// Spheres that touch in a body's own frame (or miss by one ulp), placed in the world by a
/// pose computed in floats (rotation, scale 1/5 to 5, translation up to 1e12): the same pose
/// for both, so the images touch (or miss) exactly as the local spheres do. Transformed in
/// floats first, even an exact test gets some wrong; posed, the certified test never does.
fn pose_section(checks: &mut Checks) {
    use glam::{DAffine3, DQuat, DVec3};
    use surety::queries::{Pose, Posed};

    let (mut float_wrong, mut posed_wrong, mut maybe, mut total) = (0, 0, 0, 0);
    for i in 0..2000u32 {
        let f = f64::from(i);
        let axis = DVec3::new(1.0 + (f * 0.37).sin(), (f * 0.11).cos(), 0.5 + f % 3.0).normalize();
        let rotation = DQuat::from_axis_angle(axis, f * 0.0137);
        let translation = DVec3::new(10f64.powi(6 + (i % 7) as i32), -3.5e6, 0.25);
        let scale = [0.2, 1.0 / 3.0, 1.0, 2.5, 5.0][(i % 5) as usize];
        let pose = Pose::new(rotation, translation)
            .and_then(|p| p.with_scale(scale))
            .expect("a valid pose");
        // Touching in the local frame: centers 5 apart, radii 2 and 3; or 3 one ulp short.
        let gap = i % 2 == 1;
        let rb = if gap { 3f64.next_down() } else { 3.0 };
        let a = Sphere::<f64>::new(DVec3::new(0.0, 1.0, 2.0), 2.0).expect("valid");
        let b = Sphere::<f64>::new(DVec3::new(3.0, 5.0, 2.0), rb).expect("valid");
        let exact = !gap;
        // Floats: move the spheres with the affine transform, then decide exactly.
        let m =
            DAffine3::from_scale_rotation_translation(DVec3::splat(scale), rotation, translation);
        let moved = |s: &Sphere<f64>| {
            let c = m.transform_point3(DVec3::from(s.center()));
            Sphere::<f64>::new(c, s.radius() * scale).expect("finite")
        };
        let float = decide_overlap_sphere_sphere(&moved(&a), &moved(&b), Policy::Exact);
        float_wrong += u32::from(float.certain() != Some(exact));
        // Posed: the transform is evaluated inside the certified formula.
        let (pa, pb) = (Posed::new(pose, a), Posed::new(pose, b));
        let posed = decide_overlap_sphere_sphere(&pa, &pb, Policy::Exact);
        posed_wrong += u32::from(posed.certain() != Some(exact));
        let conservative = decide_overlap_sphere_sphere(&pa, &pb, Policy::Conservative);
        maybe += u32::from(conservative == Verdict::Maybe);
        posed_wrong += u32::from(conservative.certain().is_some_and(|c| c != exact));
        total += 1;
    }
    println!(
        ">>> {total} sphere pairs touching (or one ulp apart) in their own frame, posed alike"
    );
    println!("transformed in floats, then decided exactly: {float_wrong} wrong");
    println!("posed, Policy::Exact and Conservative:        {posed_wrong} wrong");
    println!("posed, Policy::Conservative:                  {maybe} maybe");
    checks.claim(
        float_wrong > 0,
        "rounding the transform flips some contacts",
    );
    checks.claim(posed_wrong == 0, "posed certified answers are exact");

    // An instanced mesh: the unit cube kept in its own frame, and rays that graze its edge
    // x = y = 1 exactly (or pass one ulp beside it) in that frame, posed alike.
    let corners: Vec<DVec3> = (0..8)
        .map(|i| DVec3::new(f64::from(i & 1), f64::from(i >> 1 & 1), f64::from(i >> 2)))
        .collect();
    let quads = [
        [0, 2, 3, 1],
        [4, 5, 7, 6],
        [0, 1, 5, 4],
        [2, 6, 7, 3],
        [0, 4, 6, 2],
        [1, 3, 7, 5],
    ];
    let faces: Vec<[usize; 3]> = quads
        .iter()
        .flat_map(|&[a, b, c, d]| [[a, b, c], [a, c, d]])
        .collect();
    let cube = TriangleMesh::<f64>::new(&corners, &faces).expect("a valid mesh");
    let (mut float_wrong, mut posed_wrong, mut maybe, mut total) = (0, 0, 0, 0);
    for i in 0..500u32 {
        let f = f64::from(i);
        let axis = DVec3::new((f * 0.29).sin(), 1.0, (f * 0.7).cos()).normalize();
        let rotation = DQuat::from_axis_angle(axis, 0.1 + f * 0.0173);
        let translation = DVec3::new(-2.5e5 * f, 1e9, 7.0);
        let scale = [0.2, 1.0, 4.75][(i % 3) as usize];
        let pose = Pose::new(rotation, translation)
            .and_then(|p| p.with_scale(scale))
            .expect("a valid pose");
        // Along x + y = 2 at height 0.5: it touches the cube at (1, 1, 0.5) only.
        let miss = i % 2 == 1;
        let y0 = if miss { 3f64.next_up() } else { 3.0 };
        let ray =
            Ray::<f64>::new(DVec3::new(-1.0, y0, 0.5), DVec3::new(1.0, -1.0, 0.0)).expect("valid");
        let exact = !miss;
        // Floats: move the mesh and the ray, then decide exactly on the moved ones.
        let m =
            DAffine3::from_scale_rotation_translation(DVec3::splat(scale), rotation, translation);
        let moved: Vec<DVec3> = corners.iter().map(|&c| m.transform_point3(c)).collect();
        let world = TriangleMesh::<f64>::new(&moved, &faces).expect("finite");
        let world_ray = Ray::<f64>::new(
            m.transform_point3(DVec3::from(ray.origin())),
            m.transform_vector3(DVec3::from(ray.direction())),
        )
        .expect("finite");
        let float = decide_cast_ray_mesh(&world, &world_ray, f64::INFINITY, Policy::Exact)
            .expect("a valid max_t")
            .hit;
        float_wrong += u32::from(float.certain() != Some(exact));
        // Posed: the mesh is not moved; both poses are applied inside each face's formula.
        let (placed, posed_ray) = (Posed::new(pose, &cube), Posed::new(pose, ray));
        for policy in [Policy::Exact, Policy::Conservative] {
            let hit = decide_cast_ray_mesh(&placed, &posed_ray, f64::INFINITY, policy)
                .expect("a valid max_t")
                .hit;
            posed_wrong += u32::from(hit.certain().is_some_and(|c| c != exact));
            posed_wrong += u32::from(policy == Policy::Exact && hit == Verdict::Maybe);
            maybe += u32::from(policy == Policy::Conservative && hit == Verdict::Maybe);
        }
        total += 1;
    }
    println!(">>> {total} rays grazing an edge of a posed cube mesh (or one ulp beside it)");
    println!("mesh and ray moved in floats, then decided exactly: {float_wrong} wrong");
    println!("posed mesh, posed ray, Exact and Conservative:      {posed_wrong} wrong");
    println!("posed, Policy::Conservative:                        {maybe} maybe");
    checks.claim(
        float_wrong > 0,
        "moving a mesh in floats flips some grazing rays",
    );
    checks.claim(
        posed_wrong == 0,
        "posed mesh queries are exact, never Maybe under Exact",
    );
}
