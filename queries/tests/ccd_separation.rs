//! CCD with a minimum separation (`vertex_face_ccd` and `edge_edge_ccd` with
//! `min_separation > 0`) against exact distances that share no formula with the query: the
//! squared distance between the primitives at a rational time, by clamped projections and the
//! normal equations of the closest pair (`support::point_triangle_d2`,
//! `support::segment_segment_d2`), where the query's exact stage uses feature-pair polynomials
//! in `t`.
//!
//! Every answer is checked, whichever stage gave it:
//! - never `Maybe` (the exact stage decides what the search leaves open);
//! - `True`: the primitives are within the separation at `toi.hi` (exactly, at that double);
//! - no contact before `toi.lo`: at the double just below it and at 64 rational times before
//!   it, the distance exceeds the separation;
//! - `False`: the same at 65 times spread over `[0, t_max]` and at both ends;
//! - from the exact stage, `toi` at most `tolerance` wide (plus outward rounding).
//!
//! Inputs: small dyadic grids (exact ties: a vertex that stops exactly at the separation, a
//! corner that grazes it), primitives gliding at exactly the separation and one step of the
//! grid off it, degenerate primitives (zero-length edges, collinear and point triangles,
//! parallel edges), all translated far from the origin or scaled by powers of two to huge and
//! subnormal magnitudes (which keeps every tie exact).

mod support;

use core::sync::atomic::{AtomicUsize, Ordering::Relaxed};

use num_traits::One;
use quickcheck::{QuickCheck, TestResult};
use support::*;
use surety_intervals::{Vec3, Verdict};
use surety_queries::ccd::{edge_edge_ccd, vertex_face_ccd, CcdHit, CcdOptions};

/// A query: four points at `t = 0` and `t = 1`, vertex–face or edge–edge, and a separation.
#[derive(Clone, Debug)]
struct Case {
    vertex_face: bool,
    start: [Vec3<f64>; 4],
    end: [Vec3<f64>; 4],
    sep: f64,
}

impl Case {
    /// The exact squared distance at the rational time `t`.
    fn d2(&self, t: &Q) -> Q {
        let at = |i: usize| -> Q3 {
            let (s, e) = (q3(self.start[i]), q3(self.end[i]));
            add(&s, &scale(&sub(&e, &s), t))
        };
        let x = [at(0), at(1), at(2), at(3)];
        if self.vertex_face {
            point_triangle_d2(&x[0], &[x[1].clone(), x[2].clone(), x[3].clone()])
        } else {
            segment_segment_d2(&x[0], &x[1], &x[2], &x[3])
        }
    }

    fn within(&self, t: &Q) -> bool {
        let s = q(self.sep);
        self.d2(t) <= &s * &s
    }

    fn run(&self, options: CcdOptions) -> CcdHit {
        let o = CcdOptions {
            min_separation: self.sep,
            ..options
        };
        let hit = if self.vertex_face {
            vertex_face_ccd(self.start, self.end, o)
        } else {
            edge_edge_ccd(self.start, self.end, o)
        };
        hit.expect("finite input and valid options")
    }

    /// Scaled by `2^k` (exact while nothing overflows or underflows).
    fn scaled(&self, k: i32) -> Self {
        let s = pow2(k);
        Self {
            start: self.start.map(|p| p * s),
            end: self.end.map(|p| p * s),
            sep: self.sep * s,
            ..self.clone()
        }
    }

    /// Translated by `w` (exact when `w` is a coarse dyadic and coordinates are small ones).
    fn moved(&self, w: Vec3<f64>) -> Self {
        Self {
            start: self.start.map(|p| p + w),
            end: self.end.map(|p| p + w),
            ..self.clone()
        }
    }

    fn exact_floats(&self, other: &Self, k: i32) -> bool {
        let back = pow2(-k);
        self.start
            .iter()
            .chain(&self.end)
            .zip(other.start.iter().chain(&other.end))
            .all(|(a, b)| *b * back == *a)
            && other.sep * back == self.sep
            && other.sep > 0.0
    }
}

/// Checks one answer against the exact distance; `Err` says what is wrong.
fn check(case: &Case, options: CcdOptions) -> Result<CcdHit, String> {
    let hit = case.run(options);
    let t_max = options.t_max;
    let (lo, hi) = (hit.toi.lo(), hit.toi.hi());
    let clear_before = |end: f64, what: &str| -> Result<(), String> {
        if end <= 0.0 {
            return Ok(());
        }
        let e = q(end);
        for i in 0..64 {
            let t = &e * &Q::from_integer(i.into()) / Q::from_integer(64.into());
            if case.within(&t) {
                return Err(format!("{what}: within the separation at t = {t}"));
            }
        }
        if case.within(&q(end.next_down().max(0.0))) {
            return Err(format!("{what}: within the separation just before {end}"));
        }
        Ok(())
    };
    match hit.verdict {
        Verdict::Maybe => return Err(format!("Maybe: {hit:?}")),
        Verdict::True => {
            if !(0.0 <= lo && lo <= hi && hi <= t_max) {
                return Err(format!("toi out of [0, t_max]: {hit:?}"));
            }
            if !case.within(&q(hi)) {
                return Err(format!("True, but apart at toi.hi: {hit:?}"));
            }
            clear_before(lo, "toi.lo")?;
            if hit.exact && hi - lo > options.tolerance * (1.0 + 1e-9) + 4.0 * f64::EPSILON {
                return Err(format!(
                    "exact stage, but toi wider than the tolerance: {hit:?}"
                ));
            }
        }
        Verdict::False => {
            if lo != t_max || hi != t_max {
                return Err(format!("False with toi {hit:?}"));
            }
            clear_before(t_max, "False")?;
            if case.within(&q(t_max)) {
                return Err("False, but within the separation at t_max".into());
            }
        }
    }
    Ok(hit)
}

/// The search's budget 1 (straight to the exact stage), the default, and a shorter `t_max`.
fn option_sets() -> [CcdOptions; 3] {
    let d = CcdOptions::default();
    [
        CcdOptions {
            max_iterations: 1,
            ..d
        },
        d,
        CcdOptions {
            t_max: 0.625,
            tolerance: 1e-3,
            ..d
        },
    ]
}

/// A multiple of 1/4 in `[-2, 2]`.
fn grid(g: &mut Rng) -> f64 {
    g.small(8) / 4.0
}

fn grid_point(g: &mut Rng) -> Vec3<f64> {
    Vec3::new(grid(g), grid(g), grid(g))
}

/// Grid primitives with grid motions; some points repeated (zero-length edges, triangles
/// with two equal corners), some static, some translating together.
fn grid_case(g: &mut Rng) -> Case {
    let mut start = [(); 4].map(|_| grid_point(g));
    let mut motion = [(); 4].map(|_| grid_point(g) * 2.0);
    match g.below(6) {
        0 => {
            // A degenerate primitive: a repeated point.
            let (i, j) = (g.below(4) as usize, g.below(4) as usize);
            start[i] = start[j];
            motion[i] = motion[j];
        }
        1 => {
            // A collinear triangle or parallel edges.
            let d = grid_point(g);
            start[2] = start[1] + d;
            start[3] = start[1] + d * 2.0;
            motion[3] = motion[2];
        }
        2 => motion = [motion[0]; 4],
        _ => {}
    }
    let end = core::array::from_fn(|i| start[i] + motion[i]);
    Case {
        vertex_face: g.below(2) == 0,
        start,
        end,
        sep: (1 + g.below(8)) as f64 / 8.0,
    }
}

/// A vertex over the middle of a face (or an edge across another), gliding parallel to it
/// at exactly the separation, or a grid step farther: a whole interval of closest approach.
fn glide_case(g: &mut Rng) -> Case {
    // The 3-4-5 triangle keeps every distance exact while no axis separates on its own.
    let (e1, e2) = (Vec3::new(4.0, -3.0, 0.0), Vec3::new(0.0, 0.0, 5.0));
    let k = (1 + g.below(8)) as f64;
    let h = 5.0 * k / 64.0;
    let off = Vec3::new(3.0, 4.0, 0.0) * (k / 64.0);
    let sep = h + [0.0, 1.0 / 1024.0, -1.0 / 1024.0][g.below(3) as usize];
    let w = |g: &mut Rng| [0.125, 0.25, 0.375][g.below(3) as usize];
    let zero = Vec3::new(0.0, 0.0, 0.0);
    if g.below(2) == 0 {
        let over = |u: f64, v: f64| e1 * u + e2 * v + off;
        let (p0, p1) = (over(w(g), w(g)), over(w(g), w(g)));
        Case {
            vertex_face: true,
            start: [p0, zero, e1, e2],
            end: [p1, zero, e1, e2],
            sep,
        }
    } else {
        let b = |s: f64| {
            let c = e1 * s + off;
            [c - Vec3::new(0.0, 0.0, 1.0), c + Vec3::new(0.0, 0.0, 1.0)]
        };
        let (s, e) = (b(w(g) + 0.25), b(w(g) + 0.25));
        Case {
            vertex_face: false,
            start: [zero, e1, s[0], s[1]],
            end: [zero, e1, e[0], e[1]],
            sep,
        }
    }
}

/// `case` and its images far away and at extreme magnitudes, wherever they are exact.
fn family(case: Case, g: &mut Rng) -> Vec<Case> {
    let mut out = vec![case.clone()];
    let far = Vec3::new(1.0, -1.0, 1.0) * pow2(20 + g.below(20) as i32);
    out.push(case.moved(far));
    for k in [-1000, -600, 300, 900] {
        let s = case.scaled(k);
        if case.exact_floats(&s, k) {
            out.push(s);
        }
    }
    out
}

/// Cases per property (each run in up to six places, under three option sets).
const TESTS: usize = 40;

fn checker() -> QuickCheck {
    QuickCheck::new()
        .tests(TESTS as u64)
        .max_tests(10 * TESTS as u64)
}

/// Checks `case` and its family under every option set; counts the answers from the exact
/// stage in `exact`.
fn run_family(case: Case, g: &mut Rng, exact: &AtomicUsize) -> TestResult {
    for c in family(case, g) {
        for options in option_sets() {
            match check(&c, options) {
                Ok(hit) => {
                    exact.fetch_add(usize::from(hit.exact), Relaxed);
                }
                Err(e) => return TestResult::error(format!("{c:?} {options:?}: {e}")),
            }
        }
    }
    TestResult::passed()
}

static GRID_EXACT: AtomicUsize = AtomicUsize::new(0);
static GLIDE_EXACT: AtomicUsize = AtomicUsize::new(0);

#[test]
fn grid_motions_with_a_separation_agree_with_the_exact_distance() {
    fn prop(seed: u64) -> TestResult {
        let mut g = Rng(seed);
        let case = grid_case(&mut g);
        run_family(case, &mut g, &GRID_EXACT)
    }
    checker().quickcheck(prop as fn(u64) -> TestResult);
    // The exact stage answered a good share (every query with a budget of one box that the
    // search could not decide at once).
    assert!(GRID_EXACT.load(Relaxed) >= TESTS, "{GRID_EXACT:?}");
}

#[test]
fn gliding_at_the_separation_is_decided_exactly() {
    fn prop(seed: u64) -> TestResult {
        let mut g = Rng(seed);
        let case = glide_case(&mut g);
        run_family(case, &mut g, &GLIDE_EXACT)
    }
    checker().quickcheck(prop as fn(u64) -> TestResult);
    assert!(GLIDE_EXACT.load(Relaxed) >= TESTS, "{GLIDE_EXACT:?}");
}

/// A vertex falling onto a face, and an edge falling onto a crossing edge, from height 1 to
/// -1: the first time within `sep` is `(1 - sep)/2`, exactly.
#[test]
fn a_falling_vertex_or_edge_stops_exactly_at_the_separation() {
    let v = Vec3::new;
    for sep in [0.25, 0.5, 1.0 / 1024.0, 1e-9, 0.999] {
        let expected = (Q::one() - q(sep)) / Q::from_integer(2.into());
        let face = [v(0.0, 0.0, 0.0), v(1.0, 0.0, 0.0), v(0.0, 1.0, 0.0)];
        let cases = [
            Case {
                vertex_face: true,
                start: [v(0.25, 0.25, 1.0), face[0], face[1], face[2]],
                end: [v(0.25, 0.25, -1.0), face[0], face[1], face[2]],
                sep,
            },
            Case {
                vertex_face: false,
                start: [v(0.0, 0.0, 1.0), v(1.0, 1.0, 1.0), face[2], face[1]],
                end: [v(0.0, 0.0, -1.0), v(1.0, 1.0, -1.0), face[2], face[1]],
                sep,
            },
        ];
        for case in cases {
            for options in option_sets() {
                let hit = check(&case, options).unwrap_or_else(|e| panic!("{case:?}: {e}"));
                assert_eq!(hit.verdict, Verdict::True);
                assert!(q(hit.toi.lo()) <= expected && expected <= q(hit.toi.hi()));
                if hit.exact {
                    let width = hit.toi.hi() - hit.toi.lo();
                    assert!(width <= 2.0 * options.tolerance, "{hit:?}");
                }
            }
        }
    }
    // Just above the separation all the way: apart, certainly.
    let face = [v(0.0, 0.0, 0.0), v(1.0, 0.0, 0.0), v(0.0, 1.0, 0.0)];
    let sep = 0.5f64;
    let hover = Case {
        vertex_face: true,
        start: [v(0.0, 0.25, sep.next_up()), face[0], face[1], face[2]],
        end: [v(0.75, 0.25, sep.next_up()), face[0], face[1], face[2]],
        sep,
    };
    for options in option_sets() {
        let hit = check(&hover, options).unwrap();
        assert_eq!(hit.verdict, Verdict::False);
    }
    // Exactly at it: in contact from the start.
    let mut touch = hover.clone();
    touch.start[0].z = sep;
    touch.end[0].z = sep;
    for options in option_sets() {
        let hit = check(&touch, options).unwrap();
        assert_eq!((hit.verdict, hit.toi.lo()), (Verdict::True, 0.0));
    }
}
