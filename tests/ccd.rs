//! Continuous collision detection as a user runs it: the bundled public sample queries
//! (`tests/data/ccd`, the `unit-tests` scene) with no false negative, motions built to collide
//! in exact arithmetic that are never called apart, motions kept apart by a margin that are
//! certainly apart, and the degenerate cases by hand.

#[allow(dead_code)] // the tests use the reader, not every helper
#[path = "../examples/support/ccd_data.rs"]
mod ccd_data;

use std::path::Path;

use quickcheck::{Arbitrary, Gen};
use surety::intervals::arbitrary::checker;
use surety::queries::ccd::{edge_edge_ccd, vertex_face_ccd, CcdOptions};
use surety::{Policy, Vec3, Verdict};

fn v(x: f64, y: f64, z: f64) -> Vec3<f64> {
    Vec3::new(x, y, z)
}

/// The inclusion search alone, the exact stage alone, and both (the default).
fn stages() -> [(&'static str, CcdOptions); 3] {
    let d = CcdOptions::default();
    [
        ("search", CcdOptions { exact: false, ..d }),
        (
            "exact",
            CcdOptions {
                max_iterations: 0,
                ..d
            },
        ),
        ("default", d),
    ]
}

#[test]
fn the_bundled_sample_queries_have_no_false_negative_and_no_false_positive() {
    let files = ccd_data::find_files(Path::new("tests/data/ccd"));
    assert_eq!(files.len(), 4, "two files per kind");
    // The default, and the exact stage alone on every query: an independent check of it
    // against the data's ground truth.
    let [_, (_, exact_only), (_, default)] = stages();
    for options in [default, exact_only] {
        let (mut queries, mut false_negatives, mut false_positives, mut maybes) = (0, 0, 0, 0);
        for (_, kind, path) in &files {
            for q in ccd_data::read_queries(path).expect("the bundled data reads") {
                let hit = q.ccd(*kind).run(options).expect("finite input");
                let collides = hit.verdict.resolve(Policy::Conservative);
                queries += 1;
                false_negatives += usize::from(q.truth && !collides);
                false_positives += usize::from(!q.truth && collides);
                maybes += usize::from(hit.verdict.is_maybe());
                if options.max_iterations == 0 {
                    assert!(
                        hit.exact,
                        "max_iterations 0 goes straight to the exact stage"
                    );
                }
            }
        }
        assert_eq!(queries, 324);
        assert_eq!(false_negatives, 0, "{options:?}");
        assert_eq!(false_positives, 0, "{options:?}");
        assert_eq!(maybes, 0, "{options:?}");
    }
}

#[test]
fn the_reader_names_the_file_and_line_of_a_coordinate_that_is_not_a_double() {
    let dir = std::env::temp_dir().join(format!("surety-ccd-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("bad.csv");
    let mut rows = ["0,1,0,1,0,1,0"; 8];
    rows[5] = "1,3,0,1,0,1,0"; // 1/3 is no double
    std::fs::write(&path, rows.join("\n")).unwrap();
    let err = ccd_data::read_queries(&path).unwrap_err();
    assert!(err.contains("bad.csv:6") && err.contains("1/3"), "{err}");
    // Numerators beyond 64 bits that are exact doubles read exactly.
    let big = "18446744073709551616,1,0,1,0,1,0"; // 2^64
    std::fs::write(&path, [big; 8].join("\n")).unwrap();
    let q = ccd_data::read_queries(&path).unwrap();
    assert_eq!(q[0].start[0].x, 2f64.powi(64));
    std::fs::remove_dir_all(&dir).ok();
}

/// A coordinate on a grid of 1/64 in [-4, 4]: every construction below stays exact.
fn grid(g: &mut Gen) -> f64 {
    (i32::arbitrary(g) % 256) as f64 / 64.0
}

fn point(g: &mut Gen) -> Vec3<f64> {
    v(grid(g), grid(g), grid(g))
}

/// A time, or barycentric weight, that keeps the constructions exact.
fn dyadic(g: &mut Gen) -> f64 {
    [0.0, 0.25, 0.5, 0.75, 1.0][usize::arbitrary(g) % 5]
}

fn at(p0: Vec3<f64>, p1: Vec3<f64>, t: f64) -> Vec3<f64> {
    p0 + (p1 - p0) * t
}

/// The trajectory through `x` at time `t` from `start` (exact: `t` is a nonzero dyadic).
fn through(start: Vec3<f64>, x: Vec3<f64>, t: f64) -> Vec3<f64> {
    start + (x - start) * (1.0 / t)
}

fn vertex_meeting_a_moving_face_is_never_called_apart(seed: u64) -> bool {
    let mut g = Gen::from_size_and_seed(100, seed);
    let f0 = [point(&mut g), point(&mut g), point(&mut g)];
    let f1 = [point(&mut g), point(&mut g), point(&mut g)];
    let t = [0.25, 0.5, 1.0][usize::arbitrary(&mut g) % 3];
    let (u, w) = (dyadic(&mut g) / 2.0, dyadic(&mut g) / 2.0); // u + v <= 1
    let f = |k: usize| at(f0[k], f1[k], t);
    let x = f(0) + (f(1) - f(0)) * u + (f(2) - f(0)) * w;
    let p0 = point(&mut g);
    let p1 = through(p0, x, t);
    stages().iter().all(|(stage, options)| {
        let hit = vertex_face_ccd(
            [p0, f0[0], f0[1], f0[2]],
            [p1, f1[0], f1[1], f1[2]],
            *options,
        )
        .unwrap();
        // With the exact stage on, a collision is certain.
        let certain = *stage == "search" || hit.verdict == Verdict::True;
        hit.verdict != Verdict::False && certain && hit.toi.lo() <= t
    })
}

#[test]
fn a_vertex_built_to_meet_a_moving_face_is_never_called_apart() {
    checker()
        .tests(1500)
        .quickcheck(vertex_meeting_a_moving_face_is_never_called_apart as fn(u64) -> bool);
}

fn crossing_edges_are_never_called_apart(seed: u64) -> bool {
    let mut g = Gen::from_size_and_seed(100, seed);
    let (a00, a01, a10, a11) = (point(&mut g), point(&mut g), point(&mut g), point(&mut g));
    let t = [0.25, 0.5, 1.0][usize::arbitrary(&mut g) % 3];
    let u = dyadic(&mut g);
    let x = at(at(a00, a01, t), at(a10, a11, t), u); // the point of edge a at time t
    let (b00, b01, b10) = (point(&mut g), point(&mut g), point(&mut g));
    let w = [0.25, 0.5, 1.0][usize::arbitrary(&mut g) % 3];
    // b0(t) + w·(b1(t) - b0(t)) = x  ⇒  b1(t) = b0(t) + (x - b0(t)) / w.
    let b0t = at(b00, b01, t);
    let b1t = b0t + (x - b0t) * (1.0 / w);
    let b11 = through(b10, b1t, t);
    stages().iter().all(|(stage, options)| {
        let hit = edge_edge_ccd([a00, a10, b00, b10], [a01, a11, b01, b11], *options).unwrap();
        let certain = *stage == "search" || hit.verdict == Verdict::True;
        hit.verdict != Verdict::False && certain && hit.toi.lo() <= t
    })
}

#[test]
fn edges_built_to_cross_are_never_called_apart() {
    checker()
        .tests(1500)
        .quickcheck(crossing_edges_are_never_called_apart as fn(u64) -> bool);
}

fn separated_by_a_plane_is_certainly_apart(seed: u64) -> bool {
    let mut g = Gen::from_size_and_seed(100, seed);
    // Everything of one primitive at z >= 1/64, of the other at z <= -1/64, at both times:
    // linear motion keeps them on their sides.
    let mut up = || {
        let p = point(&mut g);
        v(p.x, p.z.abs() + 1.0 / 64.0, p.y)
    };
    let above: Vec<Vec3<f64>> = (0..8).map(|_| up()).collect();
    let lift = |p: Vec3<f64>| v(p.x, p.z, p.y); // swap back: the offset was put in y
    let above: Vec<Vec3<f64>> = above.into_iter().map(lift).collect();
    let below = |p: Vec3<f64>| v(p.x, p.y, -p.z);
    stages().iter().all(|(_, options)| {
        let vf = vertex_face_ccd(
            [above[0], below(above[1]), below(above[2]), below(above[3])],
            [above[4], below(above[5]), below(above[6]), below(above[7])],
            *options,
        )
        .unwrap();
        let ee = edge_edge_ccd(
            [above[0], above[1], below(above[2]), below(above[3])],
            [above[4], above[5], below(above[6]), below(above[7])],
            *options,
        )
        .unwrap();
        vf.verdict == Verdict::False && ee.verdict == Verdict::False
    })
}

#[test]
fn primitives_kept_apart_by_a_plane_are_certainly_apart() {
    checker()
        .tests(1500)
        .quickcheck(separated_by_a_plane_is_certainly_apart as fn(u64) -> bool);
}

fn face() -> [Vec3<f64>; 3] {
    [v(0.0, 0.0, 0.0), v(1.0, 0.0, 0.0), v(0.0, 1.0, 0.0)]
}

fn vf(p0: Vec3<f64>, p1: Vec3<f64>) -> Verdict {
    let f = face();
    vertex_face_ccd(
        [p0, f[0], f[1], f[2]],
        [p1, f[0], f[1], f[2]],
        CcdOptions::default(),
    )
    .unwrap()
    .verdict
}

#[test]
fn vertex_grazing_the_face_edge_or_corner_collides_and_a_hair_off_does_not() {
    // Down through the hypotenuse's midpoint, through a corner, along the plane into the face.
    assert_eq!(vf(v(0.5, 0.5, 1.0), v(0.5, 0.5, -1.0)), Verdict::True);
    assert_eq!(vf(v(0.0, 1.0, 1.0), v(0.0, 1.0, -1.0)), Verdict::True);
    assert_eq!(vf(v(-1.0, 0.25, 0.0), v(0.25, 0.25, 0.0)), Verdict::True);
    // A hair beyond the hypotenuse, and sliding in the plane beside the face.
    let off = 0.5 + f64::EPSILON;
    assert_eq!(vf(v(off, 0.5, 1.0), v(off, 0.5, -1.0)), Verdict::False);
    assert_eq!(vf(v(-1.0, -0.25, 0.0), v(2.0, -0.25, 0.0)), Verdict::False);
}

#[test]
fn touching_at_the_start_or_the_end_and_zero_motion() {
    let p = v(0.25, 0.25, 0.0);
    assert_eq!(vf(p, v(0.25, 0.25, 1.0)), Verdict::True); // leaves from contact
    assert_eq!(vf(v(0.25, 0.25, 1.0), p), Verdict::True); // arrives at t = 1
    assert_eq!(vf(p, p), Verdict::True); // resting on the face
    assert_eq!(vf(v(0.25, 0.25, 1e-9), v(0.25, 0.25, 1e-9)), Verdict::False);
    // With t_max < 1 the arrival at t = 1 is out of reach.
    let f = face();
    let short = CcdOptions {
        t_max: 0.5,
        ..CcdOptions::default()
    };
    let hit = vertex_face_ccd(
        [v(0.25, 0.25, 1.0), f[0], f[1], f[2]],
        [p, f[0], f[1], f[2]],
        short,
    )
    .unwrap();
    assert_eq!(hit.verdict, Verdict::False);
}

#[test]
fn parallel_edges_touching_along_a_segment_collide_and_parallel_edges_apart_do_not() {
    let (a0, a1) = (v(0.0, 0.0, 0.0), v(2.0, 0.0, 0.0));
    // b slides down onto a, overlapping it along [1, 2] at t = 1/2.
    let hit = edge_edge_ccd(
        [a0, a1, v(1.0, 0.0, 1.0), v(3.0, 0.0, 1.0)],
        [a0, a1, v(1.0, 0.0, -1.0), v(3.0, 0.0, -1.0)],
        CcdOptions::default(),
    )
    .unwrap();
    assert_ne!(hit.verdict, Verdict::False);
    assert!(hit.toi.lo() <= 0.5);
    // The same, but b is beyond a's end: parallel and apart.
    let apart = edge_edge_ccd(
        [a0, a1, v(2.5, 0.0, 1.0), v(3.0, 0.0, 1.0)],
        [a0, a1, v(2.5, 0.0, -1.0), v(3.0, 0.0, -1.0)],
        CcdOptions::default(),
    )
    .unwrap();
    assert_eq!(apart.verdict, Verdict::False);
}

#[test]
fn a_minimum_separation_counts_near_misses_as_collisions() {
    let near = |sep: f64| {
        let f = face();
        vertex_face_ccd(
            [v(0.25, 0.25, 1.0), f[0], f[1], f[2]],
            [v(0.25, 0.25, 0.001), f[0], f[1], f[2]],
            CcdOptions {
                min_separation: sep,
                ..CcdOptions::default()
            },
        )
        .unwrap()
        .verdict
    };
    assert_eq!(near(0.0), Verdict::False);
    assert_eq!(near(0.01), Verdict::True);
}

#[test]
fn bad_input_is_an_error_never_a_panic_or_a_no() {
    let f = face();
    let nan = v(f64::NAN, 0.0, 0.0);
    let err = vertex_face_ccd(
        [nan, f[0], f[1], f[2]],
        [nan, f[0], f[1], f[2]],
        CcdOptions::default(),
    )
    .unwrap_err();
    assert_eq!(err.field, "start[0]");
    let inf = v(0.0, f64::INFINITY, 0.0);
    assert!(edge_edge_ccd(
        [f[0], f[1], f[2], f[0]],
        [f[0], f[1], inf, f[0]],
        CcdOptions::default()
    )
    .is_err());
    for bad in [
        CcdOptions {
            t_max: 1.5,
            ..CcdOptions::default()
        },
        CcdOptions {
            t_max: 0.0,
            ..CcdOptions::default()
        },
        CcdOptions {
            tolerance: 0.0,
            ..CcdOptions::default()
        },
        CcdOptions {
            min_separation: -1.0,
            ..CcdOptions::default()
        },
        CcdOptions {
            min_separation: f64::NAN,
            ..CcdOptions::default()
        },
    ] {
        assert!(vertex_face_ccd([f[0], f[0], f[1], f[2]], [f[0], f[0], f[1], f[2]], bad).is_err());
    }
    // The messages name the range as it is: (0, 1] for t_max, not a bare limit.
    let message = |o: CcdOptions| {
        vertex_face_ccd([f[0], f[0], f[1], f[2]], [f[0], f[0], f[1], f[2]], o)
            .unwrap_err()
            .to_string()
    };
    let t_max = |t_max| CcdOptions {
        t_max,
        ..CcdOptions::default()
    };
    assert_eq!(message(t_max(0.0)), "ccd t_max is 0, must be in (0, 1]");
    assert_eq!(message(t_max(1.5)), "ccd t_max is 1.5, must be in (0, 1]");
    let tolerance = CcdOptions {
        tolerance: 0.0,
        ..CcdOptions::default()
    };
    assert_eq!(
        message(tolerance),
        "ccd tolerance is 0, must be in (0, inf)"
    );
    // Huge coordinates: sound, no panic.
    let big = v(1e308, -1e308, 1e308);
    let hit = vertex_face_ccd(
        [big, f[0], f[1], f[2]],
        [-big, f[0], f[1], f[2]],
        CcdOptions::default(),
    )
    .unwrap();
    assert_ne!(
        hit.verdict,
        Verdict::False,
        "the vertex sweeps through the origin's region"
    );
}

/// A grid point in the plane `z = 0`, lifted off it by 1/64 one time in four.
fn nearly_planar(g: &mut Gen) -> Vec3<f64> {
    let z = [0.0, 0.0, 0.0, 1.0 / 64.0][usize::arbitrary(g) % 4];
    v(grid(g), grid(g), z)
}

/// The stages never contradict each other: each certain verdict of the search is the exact
/// stage's, the exact stage and the default are never `Maybe` and agree, and the times of
/// impact of two `True` answers overlap (both hold the first contact).
fn stages_agree(seed: u64) -> bool {
    let mut g = Gen::from_size_and_seed(100, seed);
    let start: [Vec3<f64>; 4] = core::array::from_fn(|_| nearly_planar(&mut g));
    let mut end: [Vec3<f64>; 4] = core::array::from_fn(|_| nearly_planar(&mut g));
    if bool::arbitrary(&mut g) {
        // Some points at rest, as in the scenes: a face that does not move.
        end[1..].copy_from_slice(&start[1..]);
    }
    let edge = bool::arbitrary(&mut g);
    let hits = stages().map(|(_, options)| {
        if edge {
            edge_edge_ccd(start, end, options)
        } else {
            vertex_face_ccd(start, end, options)
        }
        .unwrap()
    });
    let [search, exact, default] = hits;
    let certain = |h: &surety::queries::ccd::CcdHit| !h.verdict.is_maybe();
    let overlap = |a: &surety::queries::ccd::CcdHit, b: &surety::queries::ccd::CcdHit| {
        a.verdict != Verdict::True
            || b.verdict != Verdict::True
            || (a.toi.lo() <= b.toi.hi() && b.toi.lo() <= a.toi.hi())
    };
    certain(&exact)
        && certain(&default)
        && exact.verdict == default.verdict
        && (!certain(&search) || search.verdict == exact.verdict)
        && overlap(&search, &exact)
        && overlap(&default, &exact)
        && exact.toi.hi() - exact.toi.lo() <= 2e-6
}

#[test]
fn the_search_and_the_exact_stage_agree_on_nearly_coplanar_motions() {
    checker()
        .tests(1500)
        .quickcheck(stages_agree as fn(u64) -> bool);
}

/// A coordinate anywhere in the range of doubles: a random mantissa and sign, an exponent
/// in `[-1000, 1000]`.
fn any_magnitude(g: &mut Gen) -> f64 {
    let m = 1.0 + f64::from(u32::arbitrary(g)) / 2f64.powi(32);
    let e = i32::arbitrary(g).rem_euclid(2001) - 1000;
    let s = if bool::arbitrary(g) { -1.0 } else { 1.0 };
    s * m * 2f64.powi(e / 2) * 2f64.powi(e - e / 2)
}

/// Stages agree on motions whose coordinates span the range of doubles, where the exact
/// stage's polynomials have coefficients of thousands of bits and roots within `2^-4000` of
/// each other.
fn stages_agree_at_any_magnitude(seed: u64) -> bool {
    let mut g = Gen::from_size_and_seed(100, seed);
    let start: [Vec3<f64>; 4] = core::array::from_fn(|_| {
        v(
            any_magnitude(&mut g),
            any_magnitude(&mut g),
            any_magnitude(&mut g),
        )
    });
    let end: [Vec3<f64>; 4] = core::array::from_fn(|_| {
        v(
            any_magnitude(&mut g),
            any_magnitude(&mut g),
            any_magnitude(&mut g),
        )
    });
    [false, true].into_iter().all(|edge| {
        let [_, exact, default] = stages().map(|(_, o)| {
            let o = CcdOptions {
                max_iterations: o.max_iterations.min(2000),
                ..o
            };
            if edge {
                edge_edge_ccd(start, end, o)
            } else {
                vertex_face_ccd(start, end, o)
            }
            .unwrap()
        });
        !exact.verdict.is_maybe() && exact.verdict == default.verdict
    })
}

#[test]
fn motions_spanning_the_range_of_doubles_are_decided_the_same_by_every_stage() {
    checker()
        .tests(12)
        .quickcheck(stages_agree_at_any_magnitude as fn(u64) -> bool);
}

/// Both fuzzed motions below: the exact stage and the default say the vertex and the face
/// never meet, and the two edges do, each decided by the exact stage.
fn vertex_face_apart_and_edges_meet(start: [Vec3<f64>; 4], end: [Vec3<f64>; 4]) {
    for (query, expected) in [
        (vertex_face_ccd as fn(_, _, _) -> _, Verdict::False),
        (edge_edge_ccd, Verdict::True),
    ] {
        for (name, options) in stages().into_iter().skip(1) {
            let hit: surety::queries::ccd::CcdHit = query(start, end, options).unwrap();
            assert_eq!(hit.verdict, expected, "{name}");
            assert!(hit.exact, "{name}");
        }
    }
}

/// The input on which the `ccd` fuzz target timed out (`fuzz/regressions/ccd/`): coordinates
/// from `1e-72` to `5e304`. Its exact stage narrowed a root's interval 4,700 times, on
/// 4,700-bit numbers, to learn one sign; it now counts that sign with no narrowing.
#[test]
fn the_fuzzed_motion_of_tiny_and_huge_coordinates_is_decided_exactly() {
    let x = [
        9.273015376718553e-68,
        6.464550032433698e-14,
        9.73041598523407e-72,
        -4.991297192958285e304,
        6.749300603673205e-67,
        1.0087586139222458e-66,
        6.74928928400493e-67,
        -4.991297192703068e304,
        6.771028551398518e-67,
        6.749300603603778e-67,
        6.749300603603778e-67,
        6.749300603603778e-67,
        6.749300607576416e-67,
        6.749300603603778e-67,
        6.749385500595142e-67,
        6.749300603603778e-67,
        6.749300603603778e-67,
        6.749300604553757e-67,
        6.749300603603778e-67,
        6.464545674366401e-14,
        1.7278209545225672e-64,
        6.749300603603778e-67,
        6.74929974136871e-67,
        6.749300603603778e-67,
    ];
    let p = |i: usize| v(x[3 * i], x[3 * i + 1], x[3 * i + 2]);
    let (start, end) = ([p(0), p(1), p(2), p(3)], [p(4), p(5), p(6), p(7)]);
    vertex_face_apart_and_edges_meet(start, end);
}

/// The second input on which the `ccd` fuzz target timed out (`fuzz/regressions/ccd/
/// timeout-c010…`): every coordinate `c = 2.9e-144` or within a few thousand ulps of it,
/// but one, `-2.8e145`. The exact stage's polynomials have roots within `2^-2800` of
/// `t = 1` and pairs of roots within `2^-3500` of each other; isolating them by halving took
/// 0.3 s (vertex–face) and 0.9 s (edge–edge) in a release build, and now takes 5 and 25 ms
/// (splits by exponent near the ends, Newton's method between close roots, and quadratic
/// interval refinement: `ccd/poly.rs`). The answers are unchanged.
#[test]
fn the_fuzzed_motion_of_one_huge_coordinate_among_tiny_ones_is_decided_exactly() {
    let c = 2.9043552100789517e-144;
    let start = [
        v(c, 2.9043552101914095e-144, c),
        v(c, c, c),
        v(c, -2.8303853522864995e145, 2.904355210079058e-144),
        v(c, c, 3.384855152922896e-144),
    ];
    let end = [
        v(c, c, 2.9043552102281185e-144),
        v(c, c, c),
        v(c, 2.994802258143612e-144, c),
        v(c, c, c),
    ];
    vertex_face_apart_and_edges_meet(start, end);
}

fn exact_only() -> CcdOptions {
    stages()[1].1
}

/// On motions in general position (all eight points uniform in the unit cube, as in
/// `examples/ccd_tail.rs`, or in a scaled cube far from the origin), the inclusion search's
/// own answer is checked by the exact stage,
/// which shares no step with it: a `True` has a contact by `toi.hi()` and none before
/// `toi.lo()`, and a `False` has none up to `t_max`. The search certifies most of these
/// contacts by Krawczyk's test above the tolerance and narrows them by the same operator.
fn search_times_are_exact_in_general_position(seed: u64) -> bool {
    let mut g = Gen::from_size_and_seed(100, seed);
    // Half the cases scaled by a power of two in [2^-60, 2^60] and moved far from the origin
    // (up to 1e15), where the float filters' error bounds, not the motion, set the scale.
    let (scale, offset) = if seed % 2 == 0 {
        (1.0, 0.0)
    } else {
        let e = i32::arbitrary(&mut g).rem_euclid(121) - 60;
        let offset = [0.0, 1e8, -1e12, 1e15][usize::arbitrary(&mut g) % 4];
        (2f64.powi(e), offset)
    };
    let mut unit = || offset + scale * (f64::from(u32::arbitrary(&mut g)) / 2f64.powi(32));
    let q: [Vec3<f64>; 8] = core::array::from_fn(|_| v(unit(), unit(), unit()));
    let (start, end) = ([q[0], q[1], q[2], q[3]], [q[4], q[5], q[6], q[7]]);
    // (Capped: where rounding makes the motion degenerate, the search alone would run to
    // 10^6 boxes and answer Maybe.)
    let search = CcdOptions {
        exact: false,
        max_iterations: 4096,
        ..CcdOptions::default()
    };
    [vertex_face_ccd, edge_edge_ccd].into_iter().all(
        |query: fn(
            _,
            _,
            CcdOptions,
        )
            -> Result<surety::queries::ccd::CcdHit, surety::prelude::ShapeError>| {
            let exact_by = |t: f64| {
                let o = CcdOptions {
                    t_max: t,
                    ..exact_only()
                };
                query(start, end, o)
                    .unwrap_or_else(|e| panic!("{e} at t_max {t}"))
                    .verdict
            };
            let hit = query(start, end, search).unwrap();
            match hit.verdict {
                Verdict::True => {
                    let lo = hit.toi.lo();
                    // (A contact at t = 0 is checked on [0, MIN_POSITIVE].)
                    exact_by(hit.toi.hi().max(f64::MIN_POSITIVE)) == Verdict::True
                        && (lo <= 0.0 || exact_by(lo.next_down()) == Verdict::False)
                }
                Verdict::False => exact_by(1.0) == Verdict::False,
                Verdict::Maybe => true,
            }
        },
    )
}

#[test]
fn the_search_alone_is_exact_on_motions_in_general_position() {
    checker()
        .tests(300)
        .quickcheck(search_times_are_exact_in_general_position as fn(u64) -> bool);
}

#[test]
fn sliding_in_the_face_plane_is_decided_exactly_with_its_time() {
    let f = face();
    let slide = |p0: Vec3<f64>, p1: Vec3<f64>| {
        vertex_face_ccd([p0, f[0], f[1], f[2]], [p1, f[0], f[1], f[2]], exact_only()).unwrap()
    };
    // From x = -1 to x = 0.25 along y = 0.25: enters the face at x = 0, t = 0.8.
    let hit = slide(v(-1.0, 0.25, 0.0), v(0.25, 0.25, 0.0));
    assert_eq!(hit.verdict, Verdict::True);
    assert!(hit.toi.lo() <= 0.8 && 0.8 <= hit.toi.hi() && hit.toi.hi() - hit.toi.lo() <= 2e-6);
    // Beside it, and stopping one ulp short of the corner (0, 0.25, 0).
    assert_eq!(
        slide(v(-1.0, -0.25, 0.0), v(2.0, -0.25, 0.0)).verdict,
        Verdict::False
    );
    let short = -f64::MIN_POSITIVE;
    assert_eq!(
        slide(v(-1.0, 0.25, 0.0), v(short, 0.25, 0.0)).verdict,
        Verdict::False
    );
    assert_eq!(
        slide(v(-1.0, 0.25, 0.0), v(0.0, 0.25, 0.0)).verdict,
        Verdict::True
    );
}

#[test]
fn degenerate_faces_a_segment_or_a_point_are_hit_only_exactly() {
    let through = |face: [Vec3<f64>; 3], x: f64, y: f64| {
        let (p0, p1) = (v(x, y, 1.0), v(x, y, -1.0));
        stages().map(|(_, o)| {
            vertex_face_ccd(
                [p0, face[0], face[1], face[2]],
                [p1, face[0], face[1], face[2]],
                o,
            )
            .unwrap()
            .verdict
        })
    };
    let segment = [v(0.0, 0.0, 0.0), v(1.0, 0.0, 0.0), v(2.0, 0.0, 0.0)];
    // The same segment with a corner repeated: one edge vector of the face is zero (the
    // exact stage then measures along the other), in each place.
    let (o, e) = (v(0.0, 0.0, 0.0), v(2.0, 0.0, 0.0));
    let repeated = [[o, o, e], [o, e, o], [e, o, o], [o, e, e]];
    let point = [v(0.5, 0.5, 0.0); 3];
    let tiny = f64::MIN_POSITIVE;
    let mut cases = vec![
        (segment, 0.5, 0.0, true),
        (segment, 2.0, 0.0, true),
        (segment, 0.5, tiny, false),
        (segment, 2.0 + 4.0 * f64::EPSILON, 0.0, false),
        (segment, -tiny, 0.0, false),
        (segment, -0.5, 0.0, false),
        (point, 0.5, 0.5, true),
        (point, 0.5, 0.5 + f64::EPSILON / 2.0, false),
    ];
    for face in repeated {
        cases.extend([
            (face, 1.5, 0.0, true),
            (face, 0.0, 0.0, true),
            (face, 2.0, 0.0, true),
            (face, -0.5, 0.0, false),
            (face, -tiny, 0.0, false),
            (face, 2.5, 0.0, false),
            (face, 1.5, tiny, false),
        ]);
    }
    for (face, x, y, meets) in cases {
        let [search, exact, default] = through(face, x, y);
        let want = if meets { Verdict::True } else { Verdict::False };
        assert_eq!((exact, default), (want, want), "{face:?} at ({x}, {y})");
        assert!(search.is_maybe() || search == want);
    }
}

#[test]
fn collinear_edges_sliding_along_one_line_meet_at_an_exact_time() {
    // Each edge either way round (the exact stage's range along the line is then made of
    // sums of its edge vectors' projections of one sign, or of both).
    for (flip_a, flip_b) in [(false, false), (true, false), (false, true), (true, true)] {
        let (a0, a1) = (v(0.0, 0.0, 0.0), v(1.0, 0.0, 0.0));
        let (a0, a1) = if flip_a { (a1, a0) } else { (a0, a1) };
        let run = |b_end: f64| {
            let (mut start, mut end) = (
                [a0, a1, v(2.0, 0.0, 0.0), v(3.0, 0.0, 0.0)],
                [a0, a1, v(b_end, 0.0, 0.0), v(b_end + 1.0, 0.0, 0.0)],
            );
            if flip_b {
                start.swap(2, 3);
                end.swap(2, 3);
            }
            edge_edge_ccd(start, end, exact_only()).unwrap()
        };
        let case = (flip_a, flip_b);
        // b's near end runs from 2 to 0.5: it reaches 1 at t = 2/3, which no double is.
        let hit = run(0.5);
        assert_eq!(hit.verdict, Verdict::True, "{case:?}");
        let third = 2.0 / 3.0;
        assert!(
            hit.toi.lo() <= third && third <= hit.toi.hi(),
            "{case:?}: {:?}",
            hit.toi
        );
        assert!(hit.toi.lo() < hit.toi.hi() && hit.toi.hi() - hit.toi.lo() <= 2e-6);
        // Stopping just short of a's end.
        assert_eq!(run(1.0 + f64::EPSILON).verdict, Verdict::False, "{case:?}");
        assert_eq!(run(1.0).verdict, Verdict::True, "{case:?}");
        // Running right through a, from 2 to -3: b's near end first reaches a's end at
        // t = 1/5.
        let hit = run(-3.0);
        assert_eq!(hit.verdict, Verdict::True, "{case:?}");
        assert!(
            hit.toi.lo() <= 0.2 && 0.2 <= hit.toi.hi(),
            "{case:?}: {:?}",
            hit.toi
        );
    }
}

/// With a minimum separation, against an exact distance. The geometry leans on the 3-4-5
/// triangle so that every coordinate stays exact while no axis separates the primitives on
/// its own: a face spans (4, -3, 0) and (0, 0, 5), and a vertex glides over its interior,
/// offset by `k·(3, 4, 0)/64` (distance exactly `5k/64`); an edge along (4, -3, 0) and one
/// along z, offset likewise, cross at that same distance. A separation at or above it is a
/// collision, one below it is not; with the exact stage on, exactly so.
fn separation_against_exact_distance(seed: u64) -> bool {
    let mut g = Gen::from_size_and_seed(100, seed);
    let k = (1 + usize::arbitrary(&mut g) % 8) as f64;
    let h = 5.0 * k / 64.0;
    let off = v(3.0, 4.0, 0.0) * (k / 64.0);
    let margin = [1.0 / 128.0, 1.0 / 1024.0][usize::arbitrary(&mut g) % 2];
    let (e1, e2) = (v(4.0, -3.0, 0.0), v(0.0, 0.0, 5.0));
    let face = [v(0.0, 0.0, 0.0), e1, e2];
    // Interior barycentric weights (u, v >= 1/8, u + v <= 3/4).
    let mut weight = || [0.125, 0.25, 0.375][usize::arbitrary(&mut g) % 3];
    let over = |u: f64, w: f64| e1 * u + e2 * w + off;
    let (p0, p1) = (over(weight(), weight()), over(weight(), weight()));
    // Edge a from 0 to e1; edge b along z through s·e1 + off, s moving.
    let (s0, s1) = (weight() + 0.25, weight() + 0.25);
    let b = |s: f64| {
        [
            e1 * s + off - v(0.0, 0.0, 1.0),
            e1 * s + off + v(0.0, 0.0, 1.0),
        ]
    };
    stages().iter().all(|(name, options)| {
        // Gliding at a constant distance is degenerate: the search alone may leave it
        // `Maybe` (within a small budget, to keep the test quick), never a lie; with the
        // exact stage it is decided, exactly.
        let exact = *name != "search";
        let with = |sep: f64| CcdOptions {
            min_separation: sep,
            max_iterations: if exact { options.max_iterations } else { 4_000 },
            ..*options
        };
        let vf = |sep| {
            vertex_face_ccd(
                [p0, face[0], face[1], face[2]],
                [p1, face[0], face[1], face[2]],
                with(sep),
            )
            .unwrap()
            .verdict
        };
        let ee = |sep| {
            let (s, e) = (b(s0), b(s1));
            edge_edge_ccd(
                [face[0], e1, s[0], s[1]],
                [face[0], e1, e[0], e[1]],
                with(sep),
            )
            .unwrap()
            .verdict
        };
        let answers = [
            vf(h + margin),
            ee(h + margin),
            vf(h),
            ee(h),
            vf(h - margin),
            ee(h - margin),
        ];
        if exact {
            // At the distance itself: in contact (the closed condition).
            answers
                == [
                    Verdict::True,
                    Verdict::True,
                    Verdict::True,
                    Verdict::True,
                    Verdict::False,
                    Verdict::False,
                ]
        } else {
            answers[..4].iter().all(|&v| v != Verdict::False)
                && answers[4..].iter().all(|&v| v != Verdict::True)
        }
    })
}

#[test]
fn a_minimum_separation_agrees_with_the_exact_distance() {
    checker()
        .tests(100)
        .quickcheck(separation_against_exact_distance as fn(u64) -> bool);
}

#[test]
fn the_batch_answers_as_the_queries_one_by_one() {
    let mut queries = Vec::new();
    for (_, kind, path) in ccd_data::find_files(Path::new("tests/data/ccd")) {
        let qs = ccd_data::read_queries(&path).expect("the bundled data reads");
        queries.extend(qs.iter().map(|q| q.ccd(kind)));
    }
    let options = CcdOptions::default();
    let batch = surety::queries::ccd::ccd_batch(&queries, options);
    assert_eq!(batch.len(), queries.len());
    for (q, b) in queries.iter().zip(batch) {
        assert_eq!(
            b.expect("finite input"),
            q.run(options).expect("finite input")
        );
    }
}
