//! The adversarial suite: every public pairwise query, on every path, against exact rational
//! oracles that share no formula with the queries, on inputs built to be hard.
//!
//! Generators (per query family):
//! - `tie`: exact contact built from small integers and Pythagorean triples and quadruples
//!   (tangent spheres, faces and corners touching, segments ending on edges and vertices),
//!   with degenerate shapes mixed in (zero radii, point and flat boxes, zero-length segments,
//!   collinear and point triangles);
//! - `nudge`: a tie with one number moved by ±1 or ±2 ulps (of `f64`, or of `f32`, so that
//!   the `f32` paths see the nudge too);
//! - `huge`, `tiny`: a tie scaled by a power of two up to `2^1000` and down to `2^-1074`
//!   (subnormal), and `mixed`, each axis by its own power;
//! - `far`: a tie translated by 1e8 to 1e15, so that small features sit on large coordinates;
//! - `rotated`: OBBs with float-computed rotations (not exactly orthonormal) and exact 90°
//!   ones;
//! - `random`: uniform small coordinates.
//!
//! The swept sphere: falling onto a face point, sliding at height `r`, passing an edge at
//! distance exactly `r`; its verdict and its time enclosure against exact path distances.
//!
//! orient3d: coplanar ties, degenerate triples, and determinants of ±1 among products of
//! `2^100`; every stage of the stack is checked on its own too.
//!
//! CCD (vertex–face and edge–edge): motions built around a contact at a time in
//! `{0, 1/4, 1/2, 3/4, 1}` (resting, sliding in the face's plane or along the edge, parallel
//! and collinear edges, point edges and degenerate faces, near misses), through the same
//! generators; the oracle covers every motion where each primitive translates (its points
//! share one motion exactly, at rest included): a feasibility problem in rationals over the
//! contact's parameters and time. Paths: the default (exact stage on), the search alone,
//! `t_max = 1/2`, and a minimum separation (a contact is never certainly apart); and the time
//! of impact (no contact before its lower end, a contact by its upper end when `True`).
//! Motions where every point moves on its own (faces turning, stretching, folding flat; the
//! `-moving` families) are checked against exact distances at sampled times and exact hull
//! tests: a contact seen at a sample is never certainly missed nor placed after it, and
//! primitives whose hulls stay apart are never certainly in contact.
//!
//! Also: `point_in_triangle` (points on, just off an edge in the plane, above), the planes'
//! distances and offsets as enclosures, and every `may_…` form (true wherever the exact
//! answer is).
//!
//! Whole meshes (`meshes.rs`): ray casts, points, balls and swept balls against two
//! tetrahedra (degenerate ones included), every promise of the answer checked; particles and
//! sliding balls never ending inside or touching.
//!
//! Paths: the generic query on `Interval<f64>` shapes and on `Interval<f32>` shapes (their
//! numbers enclosed from the `f64` ones, so a certain answer must hold for the `f64` numbers
//! too), and `decide_…` on `f64` shapes under `Policy::Exact` (must equal the oracle) and
//! `Policy::Conservative` (certain answers must), and on `f32` shapes under `Policy::Exact`
//! when every number is an `f32`.
//!
//! The table of checks, wrong certain answers (must be 0), `Maybe` under `Policy::Exact`
//! (must be 0) and the maybe rate is printed (`cargo test --release --test adversarial --
//! --nocapture`). `ADVERSARIAL_CASES` sets the cases per family and generator (default 60),
//! `ADVERSARIAL_CASES_<FAMILY>` one family's, `ADVERSARIAL_SEED` other streams of cases
//! (RELIABILITY.md gives the long run).

#[path = "../support/mod.rs"]
mod support;

use std::collections::BTreeMap;
use std::marker::PhantomData;
use std::sync::{Mutex, PoisonError};

use num_traits::Zero;
use support::*;
use surety_intervals::{Endpoint, Interval, Policy, Scalar, Vec3, Verdict};
use surety_queries::{
    cast_ray_aabb, cast_ray_triangle, decide_hit_ray_aabb, decide_hit_ray_triangle,
    decide_intersect_segment_triangle, decide_overlap_aabb_aabb, decide_overlap_obb_obb,
    decide_overlap_sphere_aabb, decide_overlap_sphere_obb, decide_overlap_sphere_sphere,
    decide_overlap_sphere_triangle, decide_overlap_triangle_aabb, decide_point_in_triangle,
    decide_sweep_sphere_triangle, intersect_segment_triangle, may_be_in_triangle, may_hit_ray_aabb,
    may_hit_ray_triangle, may_intersect_segment_triangle, may_overlap_aabb_aabb,
    may_overlap_obb_obb, may_overlap_sphere_aabb, may_overlap_sphere_obb,
    may_overlap_sphere_sphere, may_overlap_sphere_triangle, may_overlap_triangle_aabb,
    overlap_aabb_aabb, overlap_obb_obb, overlap_sphere_aabb, overlap_sphere_obb,
    overlap_sphere_sphere, overlap_sphere_triangle, overlap_triangle_aabb, point_in_triangle, Aabb,
    Obb, Plane, Ray, Segment, Side, Sides, Sphere, Triangle,
};

// ---------------------------------------------------------------- randomness and numbers

/// Pythagorean quadruples `(a, b, c, d)`, `a² + b² + c² = d²`, and triples as `(a, b, 0, d)`.
const QUADRUPLES: [[f64; 4]; 8] = [
    [1.0, 2.0, 2.0, 3.0],
    [2.0, 3.0, 6.0, 7.0],
    [1.0, 4.0, 8.0, 9.0],
    [4.0, 4.0, 7.0, 9.0],
    [2.0, 6.0, 9.0, 11.0],
    [3.0, 4.0, 0.0, 5.0],
    [5.0, 12.0, 0.0, 13.0],
    [0.0, 0.0, 1.0, 1.0],
];

/// A vector of length `d` (an integer) in a random octant and order: `(v, d)`.
fn pythagorean(rng: &mut Rng) -> (Vec3<f64>, f64) {
    let [a, b, c, d] = rng.pick(&QUADRUPLES);
    let mut v = [a, b, c];
    let k = rng.below(3) as usize;
    v.rotate_left(k);
    if rng.below(2) == 0 {
        v.swap(0, 1);
    }
    let s = |rng: &mut Rng, x: f64| if rng.below(2) == 0 { x } else { -x };
    (Vec3::new(s(rng, v[0]), s(rng, v[1]), s(rng, v[2])), d)
}

fn ulps(x: f64, k: i64) -> f64 {
    support::ulps(x, k)
}

/// `x` moved by `k` ulps of `f32` (staying an `f32` if it was one).
fn ulps32(x: f64, k: i64) -> f64 {
    let mut y = x as f32;
    for _ in 0..k.abs() {
        y = if k > 0 { y.next_up() } else { y.next_down() };
    }
    f64::from(y)
}

fn is_f32(x: f64) -> bool {
    f64::from(x as f32) == x
}

// ---------------------------------------------------------------- the inputs

/// A query's input as flat numbers, with what each is: a position (translated by `far`), a
/// length (never negative: radii and half extents), a direction/axis (scaled only), or a
/// ray's parameter (nudged only).
#[derive(Clone, Debug)]
struct Case {
    numbers: Vec<f64>,
    kinds: Vec<Kind>,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Kind {
    Position,
    Length,
    Direction,
    /// A ray's parameter (its reach `max_t`): the same under scaling and translation, so
    /// only nudged; negative for the whole ray.
    Parameter,
}

impl Case {
    fn new() -> Self {
        Case {
            numbers: Vec::new(),
            kinds: Vec::new(),
        }
    }

    fn point(mut self, v: Vec3<f64>) -> Self {
        self.numbers.extend(v.to_array());
        self.kinds.extend([Kind::Position; 3]);
        self
    }

    fn direction(mut self, v: Vec3<f64>) -> Self {
        self.numbers.extend(v.to_array());
        self.kinds.extend([Kind::Direction; 3]);
        self
    }

    fn length(mut self, x: f64) -> Self {
        self.numbers.push(x);
        self.kinds.push(Kind::Length);
        self
    }

    fn parameter(mut self, x: f64) -> Self {
        self.numbers.push(x);
        self.kinds.push(Kind::Parameter);
        self
    }

    fn lengths(mut self, v: Vec3<f64>) -> Self {
        self.numbers.extend(v.to_array());
        self.kinds.extend([Kind::Length; 3]);
        self
    }

    fn v(&self, i: usize) -> Vec3<f64> {
        Vec3::new(self.numbers[i], self.numbers[i + 1], self.numbers[i + 2])
    }

    fn x(&self, i: usize) -> f64 {
        self.numbers[i]
    }

    fn valid(&self) -> bool {
        self.numbers
            .iter()
            .zip(&self.kinds)
            .all(|(x, k)| x.is_finite() && (*k != Kind::Length || *x >= 0.0))
    }

    fn all_f32(&self) -> bool {
        self.numbers.iter().all(|&x| is_f32(x))
    }

    /// The generator's transform of a tie.
    fn transformed(mut self, generator: Generator, rng: &mut Rng) -> Self {
        match generator {
            Generator::Tie | Generator::Random | Generator::Rotated => {}
            Generator::Nudge => {
                let i = rng.below(self.numbers.len() as u64) as usize;
                let k = rng.pick(&[-2, -1, 1, 2]);
                self.numbers[i] = if rng.below(2) == 0 {
                    ulps(self.numbers[i], k)
                } else {
                    ulps32(self.numbers[i], k)
                };
            }
            Generator::Huge | Generator::Tiny => {
                let k = if generator == Generator::Huge {
                    rng.pick(&[100, 500, 900, 1000, 1015])
                } else {
                    rng.pick(&[-100, -500, -1000, -1040, -1074])
                };
                for (x, kind) in self.numbers.iter_mut().zip(&self.kinds) {
                    if *kind != Kind::Parameter {
                        *x = scale(*x, k);
                    }
                }
            }
            Generator::Mixed => {
                let k = [
                    rng.pick(&[-600, -60, 0, 60, 600]),
                    rng.pick(&[-600, -60, 0, 60, 600]),
                    rng.pick(&[-600, -60, 0, 60, 600]),
                ];
                // Only where every number is a coordinate of some axis: positions and
                // directions in threes, lengths (radii, half extents) as they are.
                let mut axis = 0;
                for (x, kind) in self.numbers.iter_mut().zip(&self.kinds) {
                    if matches!(kind, Kind::Position | Kind::Direction) {
                        *x = scale(*x, k[axis % 3]);
                        axis += 1;
                    }
                }
            }
            Generator::Far => {
                let offset = Vec3::new(
                    rng.pick(&[1e8, -3e9, 7e12, 1e15]),
                    rng.pick(&[1e8, 5e10, -2e13, 1e15]),
                    rng.pick(&[-1e8, 1e11, 3e14, -1e15]),
                )
                .to_array();
                let mut axis = 0;
                for (x, kind) in self.numbers.iter_mut().zip(&self.kinds) {
                    if *kind == Kind::Position {
                        *x += offset[axis % 3];
                        axis += 1;
                    }
                }
            }
        }
        self
    }
}

/// `x · 2^k`, exactly where the result is representable (in two steps so that the factor
/// itself stays a normal double).
fn scale(x: f64, k: i32) -> f64 {
    let half = k / 2;
    x * 2f64.powi(half) * 2f64.powi(k - half)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Generator {
    Tie,
    Nudge,
    Huge,
    Tiny,
    Mixed,
    Far,
    Rotated,
    Random,
}

const GENERATORS: [Generator; 8] = [
    Generator::Tie,
    Generator::Nudge,
    Generator::Huge,
    Generator::Tiny,
    Generator::Mixed,
    Generator::Far,
    Generator::Rotated,
    Generator::Random,
];

// ---------------------------------------------------------------- the tally

#[derive(Clone, Copy, Default, Debug)]
struct Count {
    checks: u64,
    wrong: u64,
    exact_maybe: u64,
    maybe: u64,
}

/// (family, generator, path) → counts; and the first few wrong cases, to print.
static TALLY: Mutex<BTreeMap<(&'static str, String, &'static str), Count>> =
    Mutex::new(BTreeMap::new());
static WRONG: Mutex<Vec<String>> = Mutex::new(Vec::new());

struct Checker<'a> {
    family: &'static str,
    generator: Generator,
    case: &'a Case,
}

impl Checker<'_> {
    /// One verdict on one path against the exact answer; `exact_policy` marks a path that
    /// must not answer `Maybe`.
    fn verdict(&self, path: &'static str, v: Verdict, exact: bool, exact_policy: bool) {
        let mut tally = TALLY.lock().unwrap_or_else(PoisonError::into_inner);
        let c = tally
            .entry((self.family, format!("{:?}", self.generator), path))
            .or_default();
        c.checks += 1;
        match v.certain() {
            Some(b) if b != exact => {
                c.wrong += 1;
                WRONG.lock().unwrap().push(format!(
                    "{} {:?} {path}: {v:?}, exact {exact}, numbers {:?}",
                    self.family, self.generator, self.case.numbers
                ));
            }
            Some(_) => {}
            None => {
                c.maybe += 1;
                if exact_policy {
                    c.exact_maybe += 1;
                    WRONG.lock().unwrap().push(format!(
                        "{} {:?} {path}: Maybe under Policy::Exact, numbers {:?}",
                        self.family, self.generator, self.case.numbers
                    ));
                }
            }
        }
    }

    /// [`Checker::verdict`] where the path could build its shapes (`None`: a constructor
    /// refused the numbers, e.g. a flat box reversed by rounding to `f32` ends).
    fn verdict_opt(&self, path: &'static str, v: Option<Verdict>, exact: bool, exact_policy: bool) {
        if let Some(v) = v {
            self.verdict(path, v, exact, exact_policy);
        }
    }

    /// A promise that must hold (a `may_…` form true wherever the exact answer is): counted
    /// as a check, wrong if it does not.
    fn holds(&self, path: &'static str, ok: bool) {
        self.verdict(path, Verdict::from(ok), true, false);
    }

    /// An enclosure that must hold the exact value: counted as a check, wrong if it does not.
    fn encloses(&self, path: &'static str, x: Interval, exact: &Q) {
        let ok = x.contains_rational(exact);
        self.verdict(path, Verdict::from(ok), true, false);
    }
}

/// Cases per generator for `family`: `ADVERSARIAL_CASES_<FAMILY>` (the name in capitals,
/// `-` as `_`, e.g. `ADVERSARIAL_CASES_OBB_OBB`), else `ADVERSARIAL_CASES`, else 60. A long
/// run gives the cheap families more cases than the ones whose oracle is a large linear
/// program.
fn cases(family: &str) -> u64 {
    let own = format!(
        "ADVERSARIAL_CASES_{}",
        family.to_uppercase().replace('-', "_")
    );
    [own.as_str(), "ADVERSARIAL_CASES"]
        .iter()
        .find_map(|name| std::env::var(name).ok()?.parse().ok())
        .unwrap_or(60)
}

/// `ADVERSARIAL_SEED` (default 0, the streams CI runs): another value gives every family
/// and generator other cases, so that repeated long runs explore new inputs.
fn seed() -> u64 {
    std::env::var("ADVERSARIAL_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0)
}

/// Runs `family`'s cases for every generator: `make` builds a tie (or a random or rotated
/// case), `check` runs every path against the oracle.
fn run_family(
    family: &'static str,
    make: impl Fn(&mut Rng, Generator) -> Case,
    check: impl Fn(&Checker<'_>),
) {
    for (g, generator) in GENERATORS.into_iter().enumerate() {
        let stream = 0x5eed_0000 + 1000 * g as u64 + family.len() as u64;
        let mut rng = Rng(stream ^ seed().wrapping_mul(0x9e37_79b9_7f4a_7c15));
        for _ in 0..cases(family) {
            let case = make(&mut rng, generator).transformed(generator, &mut rng);
            if !case.valid() {
                continue;
            }
            check(&Checker {
                family,
                generator,
                case: &case,
            });
        }
    }
}

/// The case's `f64` numbers as another scalar type.
trait Lift {
    type S: Scalar;
    fn x(&self, x: f64) -> Self::S;
    fn v(&self, v: Vec3<f64>) -> Vec3<Self::S> {
        v.map(|c| self.x(c))
    }
}

/// Enclosed in `Interval<T>`: a certain answer must hold for the `f64` numbers too.
struct Enclose<T>(PhantomData<T>);

impl<T: Endpoint> Lift for Enclose<T> {
    type S = Interval<T>;
    fn x(&self, x: f64) -> Interval<T> {
        Interval::<T>::enclose_f64(x)
    }
}

/// As they are (`f64`), or rounded to `f32` (used only when every number is an `f32`).
struct Float<F>(PhantomData<F>);

impl Lift for Float<f64> {
    type S = f64;
    fn x(&self, x: f64) -> f64 {
        x
    }
}

impl Lift for Float<f32> {
    type S = f32;
    fn x(&self, x: f64) -> f32 {
        x as f32
    }
}

/// The generic query on `Interval<f64>` and `Interval<f32>` shapes: `$body` is its verdict,
/// built with the lift `$l`, in a closure where `?` skips a path whose constructor refused
/// the numbers (a flat box reversed by rounding to `f32` ends, say).
macro_rules! on_intervals {
    ($ck:expr, $exact:expr, |$l:ident| $body:expr) => {{
        let $l = Enclose::<f64>(PhantomData);
        $ck.verdict_opt("Interval<f64>", (|| Some($body))(), $exact, false);
        let $l = Enclose::<f32>(PhantomData);
        $ck.verdict_opt("Interval<f32>", (|| Some($body))(), $exact, false);
    }};
}

/// [`on_intervals!`] for the query `$q`, and its `may_…` form `$may` on the same
/// `Interval<f64>` shapes: true wherever the exact answer is (a conservative resolution never
/// drops a contact).
macro_rules! on_intervals_and_may {
    ($ck:expr, $exact:expr, $q:ident / $may:ident, |$l:ident| ($($arg:expr),* $(,)?)) => {{
        on_intervals!($ck, $exact, |$l| $q($($arg),*));
        let $l = Enclose::<f64>(PhantomData);
        if let Some(may) = (|| Some($may($($arg),*)))() {
            $ck.holds(concat!(stringify!($may), " Interval<f64>"), may || !$exact);
        }
    }};
}

/// `decide_…` on `f64` shapes under `Policy::Exact` (never `Maybe`) and
/// `Policy::Conservative`, and on `f32` shapes under `Policy::Exact` when every number is an
/// `f32`.
macro_rules! on_floats {
    ($ck:expr, $exact:expr, |$l:ident, $policy:ident| $body:expr) => {{
        for ($policy, path, strict) in [
            (Policy::Exact, "decide f64 Exact", true),
            (Policy::Conservative, "decide f64 Conservative", false),
        ] {
            let $l = Float::<f64>(PhantomData);
            $ck.verdict_opt(path, (|| Some($body))(), $exact, strict);
        }
        if $ck.case.all_f32() {
            let ($l, $policy) = (Float::<f32>(PhantomData), Policy::Exact);
            $ck.verdict_opt("decide f32 Exact", (|| Some($body))(), $exact, true);
        }
    }};
}

fn lift_i<T: Endpoint>(v: Vec3<f64>) -> Vec3<Interval<T>> {
    v.map(Interval::<T>::enclose_f64)
}

// ---------------------------------------------------------------- sphere–AABB

fn box_from(lo: Vec3<f64>, size: Vec3<f64>) -> (Vec3<f64>, Vec3<f64>) {
    (lo, lo + size)
}

/// A box with integer corners, possibly flat or a point, and a sphere touching a random
/// feature (face, edge or corner) from outside at an integer distance, or containing it.
fn sphere_aabb_case(rng: &mut Rng, generator: Generator) -> Case {
    let size = match rng.below(5) {
        0 => Vec3::new(0.0, 0.0, 0.0),
        1 => Vec3::new(rng.small(3).abs(), 0.0, rng.small(3).abs()),
        _ => rng.vec(4).abs(),
    };
    let (lo, hi) = box_from(rng.vec(5), size);
    if generator == Generator::Random {
        return Case::new()
            .point(rng.vec(8))
            .length(rng.small(6).abs())
            .point(lo)
            .point(hi);
    }
    // The feature: per axis below, inside or above the box; the direction outward on the
    // axes where it is outside.
    let (v, d) = pythagorean(rng);
    let w = v.to_array();
    let (l, h) = (lo.to_array(), hi.to_array());
    let mut c = [0.0; 3];
    for k in 0..3 {
        c[k] = if w[k] > 0.0 {
            h[k] + w[k]
        } else if w[k] < 0.0 {
            l[k] + w[k]
        } else {
            l[k] + rng.below((h[k] - l[k]) as u64 + 1) as f64
        };
    }
    let r = if rng.below(8) == 0 { 0.0 } else { d };
    let center = if r == 0.0 {
        // A zero radius exactly on the box's surface.
        Vec3::new(c[0] - w[0], c[1] - w[1], c[2] - w[2])
    } else {
        Vec3::new(c[0], c[1], c[2])
    };
    Case::new().point(center).length(r).point(lo).point(hi)
}

fn sphere_aabb_exact(case: &Case) -> bool {
    let (c, r, lo, hi) = (q3(case.v(0)), q(case.x(3)), q3(case.v(4)), q3(case.v(7)));
    let mut d2 = Q::zero();
    for k in 0..3 {
        let nearest = c[k].clone().max(lo[k].clone()).min(hi[k].clone());
        let g = &c[k] - nearest;
        d2 += &g * &g;
    }
    d2 <= &r * &r
}

#[test]
fn adversarial_sphere_aabb() {
    run_family("sphere-aabb", sphere_aabb_case, |ck| {
        let case = ck.case;
        let exact = sphere_aabb_exact(case);
        let (c, r, lo, hi) = (case.v(0), case.x(3), case.v(4), case.v(7));
        on_intervals_and_may!(
            ck,
            exact,
            overlap_sphere_aabb / may_overlap_sphere_aabb,
            |l| (
                &Sphere::new(l.v(c), l.x(r)).ok()?,
                &Aabb::new(l.v(lo), l.v(hi)).ok()?,
            )
        );
        on_floats!(ck, exact, |l, policy| decide_overlap_sphere_aabb(
            &ball(l.v(c), l.x(r)).ok()?,
            &aabb(l.v(lo), l.v(hi)).ok()?,
            policy,
        ));
    });
    report_and_assert("sphere-aabb");
}

// ---------------------------------------------------------------- sphere–sphere, AABB–AABB

fn sphere_sphere_case(rng: &mut Rng, generator: Generator) -> Case {
    let a = rng.vec(5);
    if generator == Generator::Random {
        return Case::new()
            .point(a)
            .length(rng.small(4).abs())
            .point(rng.vec(5))
            .length(rng.small(4).abs());
    }
    let (v, d) = pythagorean(rng);
    let ra = rng.below(d as u64 + 1) as f64;
    Case::new().point(a).length(ra).point(a + v).length(d - ra)
}

fn aabb_aabb_case(rng: &mut Rng, generator: Generator) -> Case {
    let size_a = rng.vec(3).abs();
    let (lo, hi) = box_from(rng.vec(4), size_a);
    if generator == Generator::Random {
        let (lo2, hi2) = box_from(rng.vec(4), rng.vec(3).abs());
        return Case::new().point(lo).point(hi).point(lo2).point(hi2);
    }
    // b touches a on a random set of axes (face, edge or corner contact), overlaps on the rest.
    let size_b = if rng.below(4) == 0 {
        Vec3::new(0.0, 0.0, 0.0)
    } else {
        rng.vec(3).abs()
    };
    let (l, h, sb) = (lo.to_array(), hi.to_array(), size_b.to_array());
    let mut lo2 = [0.0; 3];
    for k in 0..3 {
        lo2[k] = match rng.below(3) {
            0 => h[k],
            1 => l[k] - sb[k],
            _ => l[k],
        };
    }
    let lo2 = Vec3::new(lo2[0], lo2[1], lo2[2]);
    Case::new()
        .point(lo)
        .point(hi)
        .point(lo2)
        .point(lo2 + size_b)
}

#[test]
fn adversarial_sphere_sphere_and_aabb_aabb() {
    run_family("sphere-sphere", sphere_sphere_case, |ck| {
        let case = ck.case;
        let (ca, ra, cb, rb) = (case.v(0), case.x(3), case.v(4), case.x(7));
        let d = sub(&q3(cb), &q3(ca));
        let exact = dot(&d, &d) <= (q(ra) + q(rb)) * (q(ra) + q(rb));
        on_intervals_and_may!(
            ck,
            exact,
            overlap_sphere_sphere / may_overlap_sphere_sphere,
            |l| (
                &Sphere::new(l.v(ca), l.x(ra)).ok()?,
                &Sphere::new(l.v(cb), l.x(rb)).ok()?,
            )
        );
        on_floats!(ck, exact, |l, policy| decide_overlap_sphere_sphere(
            &ball(l.v(ca), l.x(ra)).ok()?,
            &ball(l.v(cb), l.x(rb)).ok()?,
            policy,
        ));
    });
    run_family("aabb-aabb", aabb_aabb_case, |ck| {
        let case = ck.case;
        let (la, ha, lb, hb) = (case.v(0), case.v(3), case.v(6), case.v(9));
        let (la_, ha_, lb_, hb_) = (q3(la), q3(ha), q3(lb), q3(hb));
        let exact = (0..3).all(|k| la_[k] <= hb_[k] && lb_[k] <= ha_[k]);
        on_intervals_and_may!(ck, exact, overlap_aabb_aabb / may_overlap_aabb_aabb, |l| (
            &Aabb::new(l.v(la), l.v(ha)).ok()?,
            &Aabb::new(l.v(lb), l.v(hb)).ok()?,
        ));
        on_floats!(ck, exact, |l, policy| decide_overlap_aabb_aabb(
            &aabb(l.v(la), l.v(ha)).ok()?,
            &aabb(l.v(lb), l.v(hb)).ok()?,
            policy,
        ));
    });
    report_and_assert("sphere-sphere");
    report_and_assert("aabb-aabb");
}

// ---------------------------------------------------------------- OBB–OBB and sphere–OBB

/// Exact 90° rotations: the columns of a signed permutation matrix.
fn right_angle_rotation(rng: &mut Rng) -> [Vec3<f64>; 3] {
    let e = [
        Vec3::new(1.0, 0.0, 0.0),
        Vec3::new(0.0, 1.0, 0.0),
        Vec3::new(0.0, 0.0, 1.0),
    ];
    let k = rng.below(3) as usize;
    let flip = rng.below(2) == 0;
    let (i, j, l) = if flip {
        (k, (k + 2) % 3, (k + 1) % 3)
    } else {
        (k, (k + 1) % 3, (k + 2) % 3)
    };
    let s = |rng: &mut Rng| if rng.below(2) == 0 { 1.0 } else { -1.0 };
    let (a, b) = (s(rng), s(rng));
    let third = if flip { -1.0 } else { 1.0 } * a * b;
    [e[i] * a, e[j] * b, e[l] * third]
}

/// A rotation's columns from an axis and an angle, rounded to `f64`.
fn float_rotation(rng: &mut Rng) -> [Vec3<f64>; 3] {
    let axis = rng.vec(3) + Vec3::new(0.5, 0.25, 0.125);
    let n = axis.length();
    let (x, y, z) = (axis.x / n, axis.y / n, axis.z / n);
    let angle = rng.below(10_000) as f64 / 1000.0;
    let (c, s) = (angle.cos(), angle.sin());
    let t = 1.0 - c;
    [
        Vec3::new(t * x * x + c, t * x * y + s * z, t * x * z - s * y),
        Vec3::new(t * x * y - s * z, t * y * y + c, t * y * z + s * x),
        Vec3::new(t * x * z + s * y, t * y * z - s * x, t * z * z + c),
    ]
}

fn obb_axes(rng: &mut Rng, generator: Generator) -> [Vec3<f64>; 3] {
    let zero = Vec3::new(0.0, 0.0, 0.0);
    let mut axes = if generator == Generator::Rotated && rng.below(2) == 0 {
        float_rotation(rng)
    } else {
        right_angle_rotation(rng)
    };
    // Flat kinds: a zero axis, a repeated axis, a line, a point.
    match rng.below(8) {
        0 => axes[rng.below(3) as usize] = zero,
        1 => axes[2] = axes[0],
        2 => axes = [axes[0], axes[0] * 2.0, zero],
        3 => axes = [zero; 3],
        _ => {}
    }
    axes
}

fn obb_case(rng: &mut Rng, generator: Generator) -> Case {
    let (axes_a, axes_b) = (obb_axes(rng, generator), obb_axes(rng, generator));
    let (ha, hb) = (rng.vec(3).abs(), rng.vec(3).abs());
    let ca = rng.vec(4);
    let cb = if generator == Generator::Random {
        rng.vec(6)
    } else {
        // Touching often: along a face normal of a, at the sum of the projected extents.
        let k = rng.below(3) as usize;
        let d = axes_a[k];
        let reach = |axes: &[Vec3<f64>; 3], h: Vec3<f64>| {
            axes.iter()
                .zip(h.to_array())
                .map(|(u, e)| e * u.dot(d).abs())
                .sum::<f64>()
        };
        ca + d * (reach(&axes_a, ha) + reach(&axes_b, hb)) + rng.vec(1) * 0.5
    };
    let mut case = Case::new().point(ca);
    for u in axes_a {
        case = case.direction(u);
    }
    case = case.lengths(ha).point(cb);
    for u in axes_b {
        case = case.direction(u);
    }
    case.lengths(hb)
}

fn obb_of(case: &Case, at: usize) -> Obb<f64> {
    Obb::new(
        case.v(at),
        [case.v(at + 3), case.v(at + 6), case.v(at + 9)],
        case.v(at + 12),
    )
    .unwrap()
}

fn obb_in<L: Lift>(l: &L, b: &Obb<f64>) -> Option<Obb<L::S>> {
    let axes = b.axes().map(|u| l.v(u));
    Obb::new(l.v(b.center()), axes, l.v(b.half_extents())).ok()
}

#[test]
fn adversarial_obb_obb() {
    run_family("obb-obb", obb_case, |ck| {
        let (a, b) = (obb_of(ck.case, 0), obb_of(ck.case, 15));
        let exact = lp_obb_overlap(&a, &b);
        on_intervals_and_may!(ck, exact, overlap_obb_obb / may_overlap_obb_obb, |l| (
            &obb_in(&l, &a)?,
            &obb_in(&l, &b)?
        ));
        on_floats!(ck, exact, |l, policy| decide_overlap_obb_obb(
            &obb_in(&l, &a)?,
            &obb_in(&l, &b)?,
            policy,
        ));
    });
    report_and_assert("obb-obb");
}

/// Exact: does the ball meet the box (see [`sphere_box_exact`]).
fn sphere_obb_exact(c: Vec3<f64>, r: f64, b: &Obb<f64>) -> bool {
    let h = b.half_extents().to_array();
    let g: [Q3; 3] = std::array::from_fn(|i| support::scale(&q3(b.axes()[i]), &q(h[i])));
    sphere_box_exact(&q3(c), &(q(r) * q(r)), &q3(b.center()), &g)
}

/// Sphere–OBB on the OBB family's boxes (exact quarter turns, float-computed rotations, flat
/// boxes of every kind): a ball at the second box's center, with its first half extent as
/// radius, and with the gap to the first box's face along the touching direction (a tie when
/// the numbers allow), and that gap one ulp either way.
#[test]
fn adversarial_sphere_obb() {
    run_family("sphere-obb", obb_case, |ck| {
        let (a, b) = (obb_of(ck.case, 0), obb_of(ck.case, 15));
        let c = b.center();
        let face_gap = (0..3)
            .map(|k| {
                let u = a.axes()[k];
                let reach: f64 = (0..3)
                    .map(|i| a.half_extents().to_array()[i] * a.axes()[i].dot(u).abs())
                    .sum();
                (c - a.center()).dot(u).abs() - reach
            })
            .fold(0.0f64, f64::max);
        // Radii the f32 path holds exactly when the case's numbers are all f32s.
        let radii = if ck.case.all_f32() {
            let g = face_gap as f32;
            [g, g.next_up(), g.next_down().max(0.0)].map(f64::from)
        } else {
            [face_gap, ulps(face_gap, 1), ulps(face_gap, -1).max(0.0)]
        };
        for r in [b.half_extents().x]
            .into_iter()
            .chain(radii)
            .filter(|r| r.is_finite())
        {
            let exact = sphere_obb_exact(c, r, &a);
            on_intervals_and_may!(
                ck,
                exact,
                overlap_sphere_obb / may_overlap_sphere_obb,
                |l| (&ball(l.v(c), l.x(r)).ok()?, &obb_in(&l, &a)?)
            );
            on_floats!(ck, exact, |l, policy| decide_overlap_sphere_obb(
                &ball(l.v(c), l.x(r)).ok()?,
                &obb_in(&l, &a)?,
                policy,
            ));
        }
    });
    report_and_assert("sphere-obb");
}

// ---------------------------------------------------------------- triangles

/// A triangle with small integer corners; collinear, repeated-corner and point triangles
/// mixed in.
fn triangle(rng: &mut Rng) -> [Vec3<f64>; 3] {
    let (a, b) = (rng.vec(4), rng.vec(4));
    let c = match rng.below(8) {
        0 => a + (b - a) * 2.0,
        1 => a,
        2 => return [a, a, a],
        _ => rng.vec(4),
    };
    [a, b, c]
}

/// A point on the triangle's boundary or inside it, exactly: a corner, an edge's midpoint or
/// quarter point, or the centroid (dyadic when the corners are integers... thirds are not,
/// so the centroid is taken from doubled coordinates).
fn on_triangle(rng: &mut Rng, [a, b, c]: [Vec3<f64>; 3]) -> Vec3<f64> {
    match rng.below(5) {
        0 => a,
        1 => b + (c - b) * 0.5,
        2 => a + (b - a) * 0.25,
        3 => a + (b - a) * 0.25 + (c - a) * 0.5,
        _ => c,
    }
}

fn segment_triangle_case(rng: &mut Rng, generator: Generator) -> Case {
    let t = triangle(rng);
    let (p, q) = if generator == Generator::Random {
        (rng.vec(6), rng.vec(6))
    } else {
        let target = on_triangle(rng, t);
        let away = match rng.below(4) {
            0 => (t[1] - t[0]) * rng.small(2), // in the plane
            1 => Vec3::new(0.0, 0.0, 0.0),     // a point segment
            _ => rng.vec(3),
        };
        match rng.below(3) {
            0 => (target, target + away),              // ends on the triangle
            1 => (target - away, target + away),       // through it
            _ => (target + away, target + away * 2.0), // stops short (or not)
        }
    };
    Case::new()
        .point(p)
        .point(q)
        .point(t[0])
        .point(t[1])
        .point(t[2])
}

#[test]
fn adversarial_segment_and_ray_triangle() {
    run_family("segment-triangle", segment_triangle_case, |ck| {
        let case = ck.case;
        let (p, q, t) = (case.v(0), case.v(3), [case.v(6), case.v(9), case.v(12)]);
        let d = q - p;
        if !d.to_array().iter().all(|x| x.is_finite()) {
            return;
        }
        let exact = segment_meets_triangle(p, q, t);
        on_intervals_and_may!(
            ck,
            exact,
            intersect_segment_triangle / may_intersect_segment_triangle,
            |l| (
                &Segment::new(l.v(p), l.v(q)).ok()?,
                &Triangle::new(l.v(t[0]), l.v(t[1]), l.v(t[2])).ok()?,
            )
        );
        on_floats!(ck, exact, |l, policy| decide_intersect_segment_triangle(
            &seg(l.v(p), l.v(q)).ok()?,
            &tri(l.v(t[0]), l.v(t[1]), l.v(t[2])).ok()?,
            policy,
        ));
        // The same numbers as a ray from p along q - p; the hit parameter, when the line
        // meets the plane at one point and the hit is not certainly missed, is enclosed.
        let exact_ray = ray_meets_triangle(p, d, t);
        let ray = Ray::new(lift_i::<f64>(p), lift_i::<f64>(d)).unwrap();
        let tri = Triangle::new(
            lift_i::<f64>(t[0]),
            lift_i::<f64>(t[1]),
            lift_i::<f64>(t[2]),
        );
        let tri = tri.unwrap();
        let hit = cast_ray_triangle(&ray, &tri);
        ck.verdict("ray Interval<f64>", hit.hit, exact_ray, false);
        ck.holds(
            "may_hit_ray_triangle Interval<f64>",
            may_hit_ray_triangle(&ray, &tri) || !exact_ray,
        );
        if !hit.hit.is_false() {
            if let Ok(lambda) = line_plane(&q3(p), &q3(d), &q3(t[0]), &q3(t[1]), &q3(t[2])) {
                ck.encloses("ray t Interval<f64>", hit.t, &lambda);
            }
        }
        let (Ok(ray), Ok(tr)) = (
            Ray::<f64>::new(p, d),
            Triangle::<f64>::new(t[0], t[1], t[2]),
        ) else {
            return;
        };
        let decided = decide_hit_ray_triangle(&ray, &tr, Policy::Exact);
        ck.verdict("ray decide f64 Exact", decided, exact_ray, true);
    });
    report_and_assert("segment-triangle");
}

/// A point against a triangle: on it (a corner, an edge point, inside), just off an edge
/// within the plane (along the edge's outward in-plane direction `(b - a) × n`), or above it
/// along the normal, by small integer steps; degenerate triangles mixed in. Numbers: the
/// point, the triangle.
fn point_triangle_case(rng: &mut Rng, generator: Generator) -> Case {
    let t = triangle(rng);
    let p = if generator == Generator::Random {
        rng.vec(4)
    } else {
        let on = on_triangle(rng, t);
        let n = (t[1] - t[0]).cross(t[2] - t[0]);
        let k = rng.pick(&[0.0, 1.0, -1.0, 0.5, 2.0]);
        match rng.below(4) {
            0 => on,
            1 => {
                let e = rng.below(3) as usize;
                on + (t[(e + 1) % 3] - t[e]).cross(n) * k
            }
            2 => on + n * k,
            _ => on + rng.vec(1) * k,
        }
    };
    Case::new().point(p).point(t[0]).point(t[1]).point(t[2])
}

/// `point_in_triangle` (and its `may_…` and `decide_…` forms): the exact answer is the point
/// segment's (`support::segment_meets_triangle` from `p` to `p`).
#[test]
fn adversarial_point_in_triangle() {
    run_family("point-triangle", point_triangle_case, |ck| {
        let case = ck.case;
        let (p, t) = (case.v(0), [case.v(3), case.v(6), case.v(9)]);
        let exact = segment_meets_triangle(p, p, t);
        on_intervals_and_may!(ck, exact, point_in_triangle / may_be_in_triangle, |l| (
            l.v(p),
            &Triangle::new(l.v(t[0]), l.v(t[1]), l.v(t[2])).ok()?
        ));
        on_floats!(ck, exact, |l, policy| decide_point_in_triangle(
            l.v(p),
            &tri(l.v(t[0]), l.v(t[1]), l.v(t[2])).ok()?,
            policy,
        ));
    });
    report_and_assert("point-triangle");
}

fn triangle_aabb_case(rng: &mut Rng, generator: Generator) -> Case {
    let size = match rng.below(4) {
        0 => Vec3::new(0.0, 0.0, 0.0),
        1 => Vec3::new(rng.small(3).abs(), rng.small(3).abs(), 0.0),
        _ => rng.vec(3).abs(),
    };
    let (lo, hi) = box_from(rng.vec(3), size);
    let t = triangle(rng);
    let t = if generator == Generator::Random {
        t
    } else {
        // Move the triangle so that one of its boundary points sits on a box corner, edge or
        // face point.
        let on = on_triangle(rng, t);
        let (l, h) = (lo.to_array(), hi.to_array());
        let target: Vec3<f64> = Vec3::new(
            rng.pick(&[l[0], h[0]]),
            rng.pick(&[l[1], h[1]]),
            rng.pick(&[l[2], h[2]]),
        );
        t.map(|v| v + (target - on))
    };
    Case::new()
        .point(t[0])
        .point(t[1])
        .point(t[2])
        .point(lo)
        .point(hi)
}

#[test]
fn adversarial_triangle_aabb_and_sphere_triangle() {
    run_family("triangle-aabb", triangle_aabb_case, |ck| {
        let case = ck.case;
        let (t, lo, hi) = ([case.v(0), case.v(3), case.v(6)], case.v(9), case.v(12));
        if lo.to_array().iter().zip(hi.to_array()).any(|(l, h)| *l > h) {
            return; // a nudge reversed a flat box
        }
        let exact = lp_triangle_aabb(t, lo, hi);
        on_intervals_and_may!(
            ck,
            exact,
            overlap_triangle_aabb / may_overlap_triangle_aabb,
            |l| (
                &Triangle::new(l.v(t[0]), l.v(t[1]), l.v(t[2])).ok()?,
                &Aabb::new(l.v(lo), l.v(hi)).ok()?,
            )
        );
        on_floats!(ck, exact, |l, policy| decide_overlap_triangle_aabb(
            &tri(l.v(t[0]), l.v(t[1]), l.v(t[2])).ok()?,
            &aabb(l.v(lo), l.v(hi)).ok()?,
            policy,
        ));
    });
    run_family(
        "sphere-triangle",
        |rng, generator| {
            let t = triangle(rng);
            if generator == Generator::Random {
                return Case::new()
                    .point(rng.vec(6))
                    .length(rng.small(4).abs())
                    .point(t[0])
                    .point(t[1])
                    .point(t[2]);
            }
            // A sphere touching a boundary point: at an integer distance along an integer
            // direction (tangent when that direction is the triangle's normal there, and an
            // exact tie in any case when the point is a corner).
            let on = on_triangle(rng, t);
            let (v, d) = pythagorean(rng);
            let r = if rng.below(8) == 0 { 0.0 } else { d };
            let c = if r == 0.0 { on } else { on + v };
            Case::new()
                .point(c)
                .length(r)
                .point(t[0])
                .point(t[1])
                .point(t[2])
        },
        |ck| {
            let case = ck.case;
            let (c, r, t) = (case.v(0), case.x(3), [case.v(4), case.v(7), case.v(10)]);
            let exact = exact_d2(c, t) <= q(r) * q(r);
            on_intervals_and_may!(
                ck,
                exact,
                overlap_sphere_triangle / may_overlap_sphere_triangle,
                |l| (
                    &Sphere::new(l.v(c), l.x(r)).ok()?,
                    &Triangle::new(l.v(t[0]), l.v(t[1]), l.v(t[2])).ok()?,
                )
            );
            on_floats!(ck, exact, |l, policy| decide_overlap_sphere_triangle(
                &ball(l.v(c), l.x(r)).ok()?,
                &tri(l.v(t[0]), l.v(t[1]), l.v(t[2])).ok()?,
                policy,
            ));
        },
    );
    report_and_assert("triangle-aabb");
    report_and_assert("sphere-triangle");
}

// ---------------------------------------------------------------- ray–AABB

fn ray_aabb_case(rng: &mut Rng, generator: Generator) -> Case {
    let (lo, hi) = box_from(rng.vec(3), rng.vec(3).abs());
    let o = rng.vec(6);
    let d = if generator == Generator::Random {
        rng.vec(3)
    } else {
        // Aimed exactly at a corner, an edge point or a face point; or along a face.
        let (l, h) = (lo.to_array(), hi.to_array());
        let target = Vec3::new(
            rng.pick(&[l[0], h[0], (l[0] + h[0]) * 0.5]),
            rng.pick(&[l[1], h[1]]),
            rng.pick(&[l[2], h[2], (l[2] + h[2]) * 0.5]),
        );
        let d = target - o;
        if rng.below(5) == 0 {
            Vec3::new(d.x, 0.0, d.z)
        } else {
            d
        }
    };
    Case::new().point(o).direction(d).point(lo).point(hi)
}

#[test]
fn adversarial_ray_aabb() {
    run_family("ray-aabb", ray_aabb_case, |ck| {
        let case = ck.case;
        let (o, d, lo, hi) = (case.v(0), case.v(3), case.v(6), case.v(9));
        let exact = lp_ray_aabb(o, d, lo, hi);
        on_intervals!(ck, exact, |l| {
            let ray = Ray::new(l.v(o), l.v(d)).ok()?;
            cast_ray_aabb(&ray, &Aabb::new(l.v(lo), l.v(hi)).ok()?).hit
        });
        if let (Ok(ray), Ok(b)) = (
            Ray::new(lift_i::<f64>(o), lift_i(d)),
            Aabb::new(lift_i(lo), lift_i(hi)),
        ) {
            ck.holds(
                "may_hit_ray_aabb Interval<f64>",
                may_hit_ray_aabb(&ray, &b) || !exact,
            );
        }
        on_floats!(ck, exact, |l, policy| decide_hit_ray_aabb(
            &ray_of(l.v(o), l.v(d)).ok()?,
            &aabb(l.v(lo), l.v(hi)).ok()?,
            policy,
        ));
        // The entry and exit enclosures hold the exact parameters whenever the hit is not
        // certainly missed: the largest slab entry and the least slab exit over the axes
        // with a nonzero direction, in rationals (0 and 0 for a zero direction).
        let (Some(enter), Some(exit)) = exact_ray_aabb_params(o, d, lo, hi) else {
            return;
        };
        let widen = |x: Interval<f32>| Interval::new(f64::from(x.lo()), f64::from(x.hi())).unwrap();
        if let (Ok(ray), Ok(b)) = (
            Ray::new(lift_i(o), lift_i(d)),
            Aabb::new(lift_i(lo), lift_i(hi)),
        ) {
            let hit = cast_ray_aabb(&ray, &b);
            if !hit.hit.is_false() {
                ck.encloses("t_enter Interval<f64>", hit.t_enter, &enter);
                ck.encloses("t_exit Interval<f64>", hit.t_exit, &exit);
            }
        }
        if let (Ok(ray), Ok(b)) = (
            Ray::new(lift_i::<f32>(o), lift_i::<f32>(d)),
            Aabb::new(lift_i::<f32>(lo), lift_i::<f32>(hi)),
        ) {
            let hit = cast_ray_aabb(&ray, &b);
            if !hit.hit.is_false() {
                ck.encloses("t_enter Interval<f32>", widen(hit.t_enter), &enter);
                ck.encloses("t_exit Interval<f32>", widen(hit.t_exit), &exit);
            }
        }
    });
    report_and_assert("ray-aabb");
}

/// The exact entry and exit parameters of the ray's line into the box: over the axes with a
/// nonzero direction, the largest of `min(t1, t2)` and the least of `max(t1, t2)` with
/// `t = (bound - o) / d`; both 0 when the direction is zero.
fn exact_ray_aabb_params(
    o: Vec3<f64>,
    d: Vec3<f64>,
    lo: Vec3<f64>,
    hi: Vec3<f64>,
) -> (Option<Q>, Option<Q>) {
    let (o, d, lo, hi) = (q3(o), q3(d), q3(lo), q3(hi));
    let (mut enter, mut exit): (Option<Q>, Option<Q>) = (None, None);
    for i in 0..3 {
        if d[i].is_zero() {
            continue;
        }
        let (t1, t2) = ((&lo[i] - &o[i]) / &d[i], (&hi[i] - &o[i]) / &d[i]);
        let (a, b) = if t1 <= t2 { (t1, t2) } else { (t2, t1) };
        enter = Some(enter.map_or(a.clone(), |e| e.max(a)));
        exit = Some(exit.map_or(b.clone(), |e| e.min(b)));
    }
    if enter.is_none() {
        return (Some(Q::zero()), Some(Q::zero()));
    }
    (enter, exit)
}

// ---------------------------------------------------------------- orient3d

/// Four points whose orientation is a tie: `d` on the plane of `a, b, c` exactly (a dyadic
/// combination of small integer points), degenerate triples (collinear, repeated points) or
/// one unit off the plane; or, one time in four, a determinant of ±1 among products of
/// `2^100` (`a = (N, N + 1, 0)`, `b = (N - 1, N, 0)`, `c = (0, 0, 1)`, `d = 0`, rotated
/// among the axes), which every stage short of the exact one must leave undecided or get
/// right.
fn orient_case(rng: &mut Rng, generator: Generator) -> Case {
    if generator == Generator::Random {
        return Case::new()
            .point(rng.vec(6))
            .point(rng.vec(6))
            .point(rng.vec(6))
            .point(rng.vec(6));
    }
    let pts = if rng.below(4) == 0 {
        let n = rng.pick(&[2f64.powi(50), 2f64.powi(51), 3.0 * 2f64.powi(40)]);
        let mut p = [
            [n, n + 1.0, 0.0],
            [n - 1.0, n, 0.0],
            [0.0, 0.0, 1.0],
            [0.0; 3],
        ];
        if rng.below(2) == 0 {
            p.swap(0, 1);
        }
        let k = rng.below(3) as usize;
        p.map(|mut v| {
            v.rotate_left(k);
            Vec3::new(v[0], v[1], v[2])
        })
    } else {
        let [a, b, c] = triangle(rng);
        let d = a
            + (b - a) * rng.pick(&[0.0, 0.5, 0.25, 2.0, -1.0])
            + (c - a) * rng.pick(&[0.0, 0.5, 0.75, -3.0]);
        let off = if rng.below(3) == 0 {
            rng.vec(1)
        } else {
            Vec3::new(0.0, 0.0, 0.0)
        };
        [a, b, c, d + off]
    };
    Case::new()
        .point(pts[0])
        .point(pts[1])
        .point(pts[2])
        .point(pts[3])
}

/// The exact sign of `((b - a) × (c - a)) · (d - a)`, in rationals.
fn orient_exact(case: &Case) -> core::cmp::Ordering {
    let [a, b, c, d] = [0, 3, 6, 9].map(|i| q3(case.v(i)));
    let det = dot(&cross(&sub(&b, &a), &sub(&c, &a)), &sub(&d, &a));
    det.cmp(&Q::zero())
}

#[test]
#[allow(clippy::redundant_closure_call)] // on_floats! wraps bodies that use `?`; this one does not
fn adversarial_orient3d() {
    use core::cmp::Ordering;
    use surety_intervals::stack::{decide_in, Stage};
    use surety_queries::{orient3d, Orient3d};
    run_family("orient3d", orient_case, |ck| {
        let case = ck.case;
        let exact = orient_exact(case);
        let [a, b, c, d] = [0, 3, 6, 9].map(|i| case.v(i));
        for sign in [Ordering::Greater, Ordering::Equal] {
            let is = exact == sign;
            let verdict =
                |o: Option<Ordering>| o.map_or(Verdict::Maybe, |o| Verdict::from(o == sign));
            on_floats!(ck, is, |l, policy| verdict(
                orient3d(l.v(a), l.v(b), l.v(c), l.v(d), policy).certain()
            ));
            // Every stage of the stack on its own: certain only when right.
            let f = Orient3d::new(a, b, c, d);
            for (stage, path) in [
                (Stage::Static, "stage Static"),
                (Stage::Filter, "stage Filter"),
                (Stage::Interval, "stage Interval"),
                (Stage::Adaptive, "stage Adaptive"),
                (Stage::Exact, "stage Exact"),
            ] {
                ck.verdict(
                    path,
                    verdict(decide_in(&f, stage)),
                    is,
                    stage == Stage::Exact,
                );
            }
        }
    });
    report_and_assert("orient3d");
}

// ---------------------------------------------------------------- plane side

/// A point on the edge of a plane's tolerance band, exactly: the normal `n` has integer
/// length `d` (a Pythagorean quadruple), the point is `x + k·n` for `x` in the plane through
/// the origin (`x = n × w`), so `s = n·p = k·d²`, and the tolerance is `E = |k|·d`, so that
/// `|s| / |n| = E`. `k = 0` puts the point on the plane, with `E = 0` too. Numbers: the
/// normal, the offset (0 for ties), the point, the tolerance.
fn plane_case(rng: &mut Rng, generator: Generator) -> Case {
    if generator == Generator::Random {
        return Case::new()
            .direction(rng.vec(4))
            .direction(Vec3::new(rng.small(8), 0.0, 0.0))
            .point(rng.vec(6))
            .length(rng.small(4).abs());
    }
    let (n, d) = pythagorean(rng);
    let x = n.cross(rng.vec(3));
    let k = rng.pick(&[0.0, 0.5, -0.5, 1.0, -1.0, 2.0, 0.25]);
    Case::new()
        .direction(n)
        .direction(Vec3::new(0.0, 0.0, 0.0))
        .point(x + n * k)
        .length(k.abs() * d)
}

/// Exact side of the point: `s = n·p + offset`, on when `s² <= E²·|n|²`.
fn plane_exact(case: &Case) -> Side {
    let (n, offset, p, e) = (q3(case.v(0)), q(case.x(3)), q3(case.v(6)), q(case.x(9)));
    let s = dot(&n, &p) + offset;
    if &s * &s <= &e * &e * dot(&n, &n) {
        Side::On
    } else if s > Q::zero() {
        Side::Front
    } else {
        Side::Back
    }
}

/// Does `x` enclose `s / √nn` (`nn > 0`)? Each end compared without the root: `a ≤ s/√nn`
/// is `a·√nn ≤ s`, decided by the signs and then by the squares.
fn encloses_over_root(x: Interval, s: &Q, nn: &Q) -> bool {
    // An infinite end bounds nothing; lo ≤ s/√nn, and s/√nn ≤ hi as -hi ≤ -s/√nn.
    let below =
        |a: f64, s: &Q| !a.is_finite() && a < 0.0 || a.is_finite() && scaled_le(&q(a), nn, s);
    below(x.lo(), s) && below(-x.hi(), &-s.clone())
}

/// A set of possible sides as a verdict on `side`.
fn sides_verdict(sides: Sides, side: Side) -> Verdict {
    match sides.certain() {
        Some(s) => Verdict::from(s == side),
        None if !sides.may_be(side) => Verdict::False,
        None => Verdict::Maybe,
    }
}

#[test]
fn adversarial_plane_side() {
    run_family("plane-side", plane_case, |ck| {
        let case = ck.case;
        let exact = plane_exact(case);
        let (n, offset, p, e) = (case.v(0), case.x(3), case.v(6), case.x(9));
        for side in [Side::On, Side::Front] {
            let is = exact == side;
            on_intervals!(ck, is, |l| sides_verdict(
                Plane::new(l.v(n), l.x(offset))
                    .ok()?
                    .classify(l.v(p), l.x(e)),
                side
            ));
            on_floats!(ck, is, |l, policy| sides_verdict(
                Plane::new(l.v(n), l.x(offset))
                    .ok()?
                    .decide_side(l.v(p), l.x(e), policy)
                    .ok()?,
                side
            ));
        }
        // The distances: `scaled_distance` encloses `s = n·p + offset`, `signed_distance`
        // encloses `s / |n|` (compared without the root), on both interval widths; and the
        // plane through `p` with normal `n` has an offset enclosing `-n·p`.
        let (nq, pq) = (q3(n), q3(p));
        let s = dot(&nq, &pq) + q(offset);
        let nn = dot(&nq, &nq);
        let minus_np = -dot(&nq, &pq);
        let widen = |x: Interval<f32>| Interval::new(f64::from(x.lo()), f64::from(x.hi())).unwrap();
        if let Ok(plane) = Plane::new(lift_i::<f64>(n), Interval::<f64>::enclose_f64(offset)) {
            let p = lift_i::<f64>(p);
            ck.encloses(
                "scaled_distance Interval<f64>",
                plane.scaled_distance(p),
                &s,
            );
            ck.holds(
                "signed_distance Interval<f64>",
                encloses_over_root(plane.signed_distance(p), &s, &nn),
            );
        }
        if let Ok(plane) = Plane::new(lift_i::<f32>(n), Interval::<f32>::enclose_f64(offset)) {
            let p = lift_i::<f32>(p);
            ck.encloses(
                "scaled_distance Interval<f32>",
                widen(plane.scaled_distance(p)),
                &s,
            );
            ck.holds(
                "signed_distance Interval<f32>",
                encloses_over_root(widen(plane.signed_distance(p)), &s, &nn),
            );
        }
        if let Ok(plane) = Plane::from_normal_and_point(lift_i::<f64>(n), lift_i::<f64>(p)) {
            ck.encloses(
                "from_normal_and_point Interval<f64>",
                plane.offset(),
                &minus_np,
            );
        }
        if let Ok(plane) = Plane::from_normal_and_point(lift_i::<f32>(n), lift_i::<f32>(p)) {
            ck.encloses(
                "from_normal_and_point Interval<f32>",
                widen(plane.offset()),
                &minus_np,
            );
        }
    });
    report_and_assert("plane-side");
}

// ---------------------------------------------------------------- the swept sphere

/// A sphere swept against a triangle in the plane `z = 0`, built to touch exactly: falling
/// onto a face point from height `r + k` (contact at a dyadic time), sliding at height `r`
/// (tangent along the path), or passing an edge at distance exactly `r` (a Pythagorean
/// offset `(0, a, b)·s` from the edge, `r = d·s`); zero radii and resting spheres mixed in.
/// Numbers: the triangle, the center, the motion, the radius.
fn sweep_case(rng: &mut Rng, generator: Generator) -> Case {
    let tri = [
        Vec3::new(-8.0, 0.0, 0.0),
        Vec3::new(8.0, 0.0, 0.0),
        Vec3::new(rng.small(4), -8.0, 0.0),
    ];
    let (center, motion, r) = if generator == Generator::Random {
        (rng.vec(6), rng.vec(6), rng.small(4).abs())
    } else {
        let r = rng.pick(&[0.0, 1.0, 2.0, 0.5]);
        match rng.below(3) {
            0 => {
                let x = on_triangle(rng, tri);
                let k = rng.pick(&[0.0, 1.0, 2.0]);
                let fall = rng.pick(&[0.0, 1.0, 4.0, 8.0]);
                (Vec3::new(x.x, x.y, r + k), Vec3::new(0.0, 0.0, -fall), r)
            }
            1 => {
                let x = on_triangle(rng, tri);
                (
                    Vec3::new(x.x - 4.0, x.y, r),
                    Vec3::new(rng.small(8), 0.0, 0.0),
                    r,
                )
            }
            _ => {
                // Beside the edge y = 0, z = 0 (the triangle lies at y <= 0).
                let [a, b] = rng.pick(&[[3.0, 4.0], [5.0, 12.0], [4.0, 3.0]]);
                let d: f64 = (a * a + b * b).sqrt();
                let s = rng.pick(&[1.0, 0.5, 0.25]);
                let z = if rng.below(2) == 0 { b } else { -b };
                (
                    Vec3::new(rng.small(12), a * s, z * s),
                    Vec3::new(rng.small(12), 0.0, 0.0),
                    d * s,
                )
            }
        }
    };
    Case::new()
        .point(tri[0])
        .point(tri[1])
        .point(tri[2])
        .point(center)
        .direction(motion)
        .length(r)
}

#[test]
fn adversarial_sweep_sphere_triangle() {
    use surety_queries::sweep_sphere_triangle;
    run_family("sweep-sphere-triangle", sweep_case, |ck| {
        let case = ck.case;
        let tri = [case.v(0), case.v(3), case.v(6)];
        let (c, m, r) = (case.v(9), case.v(12), case.x(15));
        let qt = tri.map(q3);
        let (qc, qm, r2) = (q3(c), q3(m), q(r) * q(r));
        let at = |t: f64| add(&qc, &support::scale(&qm, &q(t)));
        let exact = segment_triangle_d2(&qc, &at(1.0), &qt) <= r2;
        for (path, hit) in [
            (
                "Interval<f64>",
                Sphere::new(lift_i::<f64>(c), Interval::<f64>::enclose_f64(r))
                    .ok()
                    .zip(Triangle::new(lift_i(tri[0]), lift_i(tri[1]), lift_i(tri[2])).ok())
                    .map(|(s, t)| sweep_sphere_triangle(&s, lift_i(m), &t)),
            ),
            (
                "Interval<f32>",
                Sphere::new(lift_i::<f32>(c), Interval::<f32>::enclose_f64(r))
                    .ok()
                    .zip(Triangle::new(lift_i::<f32>(tri[0]), lift_i(tri[1]), lift_i(tri[2])).ok())
                    .map(|(s, t)| sweep_sphere_triangle(&s, lift_i::<f32>(m), &t)),
            ),
        ] {
            let Some(hit) = hit else { continue };
            ck.verdict(path, hit.hit, exact, false);
            // No contact before the lower end; a certain hit happens by the upper end.
            let (lo, hi) = (hit.time.lo(), hit.time.hi());
            let before = lo == 0.0 || segment_triangle_d2(&qc, &at(lo), &qt) >= r2;
            ck.verdict("time: none before lo", Verdict::from(before), true, false);
            if hit.hit.is_true() {
                let by = segment_triangle_d2(&qc, &at(hi.min(1.0)), &qt) <= r2;
                ck.verdict("time: contact by hi", Verdict::from(by), true, false);
            }
        }
    });
    report_and_assert("sweep-sphere-triangle");
}

#[test]
fn adversarial_decide_sweep_sphere_triangle() {
    run_family("decide-sweep-sphere-triangle", sweep_case, |ck| {
        let case = ck.case;
        let tri_ = [case.v(0), case.v(3), case.v(6)];
        let (c, m, r) = (case.v(9), case.v(12), case.x(15));
        let (qc, qm) = (q3(c), q3(m));
        let exact = segment_triangle_d2(&qc, &add(&qc, &qm), &tri_.map(q3)) <= q(r) * q(r);
        on_floats!(ck, exact, |l, policy| decide_sweep_sphere_triangle(
            &ball(l.v(c), l.x(r)).ok()?,
            l.v(m),
            &tri(l.v(tri_[0]), l.v(tri_[1]), l.v(tri_[2])).ok()?,
            policy,
        ));
    });
    report_and_assert("decide-sweep-sphere-triangle");
}

// ---------------------------------------------------------------- CCD

/// A vertex–face motion built around a contact: the face translates by `m` (often 0: at
/// rest), and the vertex moves relative to it by `r` and meets the point `x` of the face at a
/// time `t*` in `{0, 1/4, 1/2, 3/4, 1}` (`r` zero: resting on it; in the face's plane: sliding;
/// off the contact: a near miss). Positions: the vertex and the face's corners at `t = 0`,
/// then the same at `t = 1`.
fn vertex_face_case(rng: &mut Rng, generator: Generator) -> Case {
    let face = triangle(rng);
    let m = if rng.below(2) == 0 {
        Vec3::new(0.0, 0.0, 0.0)
    } else {
        rng.vec(3)
    };
    let (p0, r) = if generator == Generator::Random {
        (rng.vec(6), rng.vec(6))
    } else {
        let x = on_triangle(rng, face);
        let r = match rng.below(4) {
            0 => Vec3::new(0.0, 0.0, 0.0),
            1 => (face[1] - face[0]) * rng.small(2),
            _ => rng.vec(3),
        };
        let t = rng.pick(&[0.0, 0.25, 0.5, 0.75, 1.0]);
        let miss = if rng.below(4) == 0 {
            rng.vec(1) * 0.5
        } else {
            Vec3::new(0.0, 0.0, 0.0)
        };
        (x - r * t + miss, r)
    };
    Case::new()
        .point(p0)
        .point(face[0])
        .point(face[1])
        .point(face[2])
        .point(p0 + r + m)
        .point(face[0] + m)
        .point(face[1] + m)
        .point(face[2] + m)
}

/// An edge–edge motion built around a contact: the first edge translates by `m`, the second
/// meets it at a time in `{0, 1/4, 1/2, 3/4, 1}` moving by `m + r` (parallel, collinear and
/// point edges mixed in).
fn edge_edge_case(rng: &mut Rng, generator: Generator) -> Case {
    let (a, b) = (rng.vec(4), rng.vec(4));
    let b = match rng.below(6) {
        0 => a,
        _ => b,
    };
    let m = if rng.below(2) == 0 {
        Vec3::new(0.0, 0.0, 0.0)
    } else {
        rng.vec(3)
    };
    let (c, d, r) = if generator == Generator::Random {
        (rng.vec(6), rng.vec(6), rng.vec(6))
    } else {
        let x = a + (b - a) * rng.pick(&[0.0, 0.25, 0.5, 1.0]);
        let along = match rng.below(5) {
            0 => (b - a) * rng.small(2), // parallel (or collinear through x)
            1 => Vec3::new(0.0, 0.0, 0.0),
            _ => rng.vec(3),
        };
        let s = rng.pick(&[0.0, 0.5, 1.0]);
        let r = match rng.below(4) {
            0 => Vec3::new(0.0, 0.0, 0.0),
            1 => (b - a) * rng.small(1), // sliding along the first edge
            _ => rng.vec(3),
        };
        let t = rng.pick(&[0.0, 0.25, 0.5, 0.75, 1.0]);
        // At time t the point c + s (d - c) of the second edge is x.
        let c = x - along * s - r * t;
        (c, c + along, r)
    };
    Case::new()
        .point(a)
        .point(b)
        .point(c)
        .point(d)
        .point(a + m)
        .point(b + m)
        .point(c + m + r)
        .point(d + m + r)
}

/// Exact: the common motion of the points `at` (their end minus their start), if they all
/// have the same one; `None` otherwise (a motion the translation oracle does not cover).
fn common_motion(start: &[Vec3<f64>], end: &[Vec3<f64>]) -> Option<Q3> {
    let m: Vec<Q3> = start
        .iter()
        .zip(end)
        .map(|(s, e)| sub(&q3(*e), &q3(*s)))
        .collect();
    m.iter().all(|x| *x == m[0]).then(|| m[0].clone())
}

/// Runs one CCD kind on every path: the default (exact stage on: must equal the oracle, never
/// `Maybe`), the inclusion search alone (certain answers must), and `t_max = 1/2`; and checks
/// the time of impact: no contact before its lower end, and a contact by its upper end when
/// `True`. Then the same with a minimum separation of `1e-3`, against the exact least
/// distance between the swept moving primitive and the fixed one.
fn check_ccd(ck: &Checker<'_>, edge: bool) {
    use surety_queries::ccd::{edge_edge_ccd, vertex_face_ccd, CcdOptions};
    let case = ck.case;
    let v = |i: usize| case.v(3 * i);
    let (start, end) = ([v(0), v(1), v(2), v(3)], [v(4), v(5), v(6), v(7)]);
    // The oracle's frame: the face (or first edge) at rest at its start, the other primitive
    // moving by the difference of the two common motions.
    let (moving, fixed) = if edge { (2..4, 0..2) } else { (0..1, 1..4) };
    let (Some(mf), Some(mm)) = (
        common_motion(&start[fixed.clone()], &end[fixed.clone()]),
        common_motion(&start[moving.clone()], &end[moving.clone()]),
    ) else {
        return; // rounding (far, tiny) broke the translation: not this oracle's case
    };
    let w = sub(&mm, &mf);
    let p: [Q3; 2] = if edge {
        [q3(start[2]), q3(start[3])]
    } else {
        [q3(start[0]), q3(start[0])]
    };
    let a: [Q3; 3] = if edge {
        [q3(start[0]), q3(start[1]), q3(start[1])]
    } else {
        [q3(start[1]), q3(start[2]), q3(start[3])]
    };
    let contact = |upto: f64| translation_contact(&p, &a, &w, &q(upto), !edge);
    let run = |o: CcdOptions| {
        if edge {
            edge_edge_ccd(start, end, o)
        } else {
            vertex_face_ccd(start, end, o)
        }
    };
    let d = CcdOptions::default();
    for (path, options, exact_policy) in [
        ("default", d, true),
        (
            "search alone",
            CcdOptions {
                exact: false,
                max_iterations: 2_000,
                ..d
            },
            false,
        ),
        ("t_max 1/2", CcdOptions { t_max: 0.5, ..d }, true),
    ] {
        let Ok(hit) = run(options) else {
            ck.verdict(path, Verdict::Maybe, true, true); // an error on finite input: wrong
            continue;
        };
        ck.verdict(path, hit.verdict, contact(options.t_max), exact_policy);
        // No contact before the lower end (checked up to the double below it).
        let lo = hit.toi.lo();
        if lo > 0.0 {
            let early = contact(lo.next_down().max(0.0));
            ck.verdict("toi: none before lo", Verdict::from(!early), true, false);
        }
        if hit.verdict == Verdict::True {
            let by = contact(hit.toi.hi().min(options.t_max));
            ck.verdict("toi: contact by hi", Verdict::from(by), true, false);
        }
    }
    // With a minimum separation: the exact least distance over the motion up to a time,
    // between the swept moving primitive and the fixed one (a segment for the vertex, a
    // parallelogram cut into two triangles for the edge; distances of segments and
    // triangles in rationals, no polynomial in time), against `δ²`.
    let delta = 1e-3;
    let within = |upto: f64| {
        let shift = support::scale(&w, &q(upto));
        let (p0, p1) = (&p[0], &p[1]);
        let d2 = if edge {
            let (q0, q1) = (add(p0, &shift), add(p1, &shift));
            segment_triangle_d2(&a[0], &a[1], &[p0.clone(), p1.clone(), q1.clone()])
                .min(segment_triangle_d2(&a[0], &a[1], &[p0.clone(), q1, q0]))
        } else {
            segment_triangle_d2(p0, &add(p0, &shift), &a)
        };
        d2 <= q(delta) * q(delta)
    };
    let sep = CcdOptions {
        min_separation: delta,
        max_iterations: 2_000,
        ..d
    };
    if let Ok(hit) = run(sep) {
        // The exact stage decides with a separation too; past its work budget (coordinates
        // of very different magnitudes) it may leave `Maybe`, counted in the maybe rate.
        ck.verdict("min separation 1e-3", hit.verdict, within(1.0), false);
        let lo = hit.toi.lo();
        if hit.verdict != Verdict::False && lo > 0.0 {
            let early = within(lo.next_down().max(0.0));
            ck.verdict(
                "min separation: none before lo",
                Verdict::from(!early),
                true,
                false,
            );
        }
        if hit.verdict == Verdict::True {
            let by = within(hit.toi.hi().min(1.0));
            ck.verdict(
                "min separation: within by hi",
                Verdict::from(by),
                true,
                false,
            );
        }
    }
}

/// A velocity for one point of a primitive that moves on its own: the primitive's common
/// motion `common` (a part of it translating), at rest, or a small integer vector of its own
/// (the primitive turning, stretching, folding flat or to a point).
fn point_velocity(rng: &mut Rng, common: Vec3<f64>) -> Vec3<f64> {
    match rng.below(4) {
        0 => common,
        1 => Vec3::new(0.0, 0.0, 0.0),
        _ => rng.vec(3),
    }
}

/// Start and end of a point that is at `at` at time `t`, moving by `w` over the step.
fn through_at(at: Vec3<f64>, w: Vec3<f64>, t: f64) -> (Vec3<f64>, Vec3<f64>) {
    let start = at - w * t;
    (start, start + w)
}

/// A vertex–face motion in which every point moves on its own (so the face turns, stretches
/// or degenerates while moving, and the contact polynomial is a cubic), built around a
/// contact at a time `t*` in `{0, 1/4, 1/2, 3/4, 1}`: the face and a point of it at `t*`,
/// and the vertex through that point at `t*` (a near miss sometimes).
fn vertex_face_moving_case(rng: &mut Rng, generator: Generator) -> Case {
    let t = rng.pick(&[0.0, 0.25, 0.5, 0.75, 1.0]);
    let face = triangle(rng);
    let common = rng.vec(3);
    let w = [0, 1, 2].map(|_| point_velocity(rng, common));
    let (x, r) = if generator == Generator::Random {
        (rng.vec(6), rng.vec(6))
    } else {
        let miss = if rng.below(4) == 0 {
            rng.vec(1) * 0.5
        } else {
            Vec3::new(0.0, 0.0, 0.0)
        };
        let r = match rng.below(4) {
            0 => common,
            1 => w[0],
            _ => rng.vec(3),
        };
        (on_triangle(rng, face) + miss, r)
    };
    let (p0, p1) = through_at(x, r, t);
    let corners = [0, 1, 2].map(|i| through_at(face[i], w[i], t));
    Case::new()
        .point(p0)
        .point(corners[0].0)
        .point(corners[1].0)
        .point(corners[2].0)
        .point(p1)
        .point(corners[0].1)
        .point(corners[1].1)
        .point(corners[2].1)
}

/// An edge–edge motion in which every end moves on its own, built around a contact at a time
/// `t*` in `{0, 1/4, 1/2, 3/4, 1}`: at `t*` the second edge passes through a point of the
/// first (parallel, collinear and point edges mixed in).
fn edge_edge_moving_case(rng: &mut Rng, generator: Generator) -> Case {
    let t = rng.pick(&[0.0, 0.25, 0.5, 0.75, 1.0]);
    let (a, b) = (rng.vec(4), rng.vec(4));
    let b = if rng.below(6) == 0 { a } else { b };
    let (c, d) = if generator == Generator::Random {
        (rng.vec(6), rng.vec(6))
    } else {
        let x = a + (b - a) * rng.pick(&[0.0, 0.25, 0.5, 1.0]);
        let along = match rng.below(5) {
            0 => (b - a) * rng.small(2),
            1 => Vec3::new(0.0, 0.0, 0.0),
            _ => rng.vec(3),
        };
        let miss = if rng.below(4) == 0 {
            rng.vec(1) * 0.5
        } else {
            Vec3::new(0.0, 0.0, 0.0)
        };
        let c = x - along * rng.pick(&[0.0, 0.5, 1.0]) + miss;
        (c, c + along)
    };
    let common = rng.vec(3);
    let ends = [a, b, c, d].map(|p| through_at(p, point_velocity(rng, common), t));
    Case::new()
        .point(ends[0].0)
        .point(ends[1].0)
        .point(ends[2].0)
        .point(ends[3].0)
        .point(ends[0].1)
        .point(ends[1].1)
        .point(ends[2].1)
        .point(ends[3].1)
}

/// Exact: do the convex hulls of the points `a` and `b` meet (weights `λ`, `μ` on each,
/// nonnegative, summing to 1, with `Σ λ a = Σ μ b`)? A primitive that moves linearly stays in
/// the hull of its points' starts and ends, so hulls apart mean no contact at any time.
fn hulls_meet(a: &[Q3], b: &[Q3]) -> bool {
    let n = a.len() + b.len();
    let int = |i: i64| Q::from_integer(i.into());
    let mut eq: Vec<(Vec<Q>, Q)> = (0..3)
        .map(|k| {
            let row = a
                .iter()
                .map(|p| p[k].clone())
                .chain(b.iter().map(|p| -p[k].clone()))
                .collect();
            (row, Q::zero())
        })
        .collect();
    let ones = |first: bool| {
        (0..n)
            .map(|j| int(i64::from((j < a.len()) == first)))
            .collect()
    };
    eq.push((ones(true), int(1)));
    eq.push((ones(false), int(1)));
    let le = (0..n)
        .map(|j| ((0..n).map(|i| int(-i64::from(i == j))).collect(), Q::zero()))
        .collect::<Vec<_>>();
    feasible(n, &eq, &le)
}

/// Exact: are the points `a` and `b` more than `delta` apart along some coordinate axis (so
/// their hulls, and every position of primitives moving inside them, are too)?
fn axis_gap_beyond(a: &[Q3], b: &[Q3], delta: &Q) -> bool {
    (0..3).any(|k| {
        let lo = |s: &[Q3]| s.iter().map(|p| p[k].clone()).min().unwrap();
        let hi = |s: &[Q3]| s.iter().map(|p| p[k].clone()).max().unwrap();
        hi(a) + delta < lo(b) || hi(b) + delta < lo(a)
    })
}

/// CCD on motions where every point moves on its own, against an oracle with no polynomial
/// in time: the exact distance of the primitives at 33 sampled times (`k/32`) and at the
/// double just below the answer's lower end (a contact, or a distance within `1e-3`, seen at
/// one of them must not be certainly missed or come before that lower end), and the exact
/// hull test (hulls apart, or more than `1e-3` apart along an axis: a certain contact is
/// wrong). Where neither settles the answer the verdict is counted on an "oracle silent" path,
/// for the maybe rate and for `Maybe` under the exact stage.
fn check_moving_ccd(ck: &Checker<'_>, edge: bool) {
    use surety_queries::ccd::{edge_edge_ccd, vertex_face_ccd, CcdOptions};
    let case = ck.case;
    let v = |i: usize| case.v(3 * i);
    let (start, end) = ([v(0), v(1), v(2), v(3)], [v(4), v(5), v(6), v(7)]);
    let (qs, qe) = (start.map(q3), end.map(q3));
    let d2_at = |tau: &Q| {
        let at: Vec<Q3> = (0..4)
            .map(|i| add(&qs[i], &support::scale(&sub(&qe[i], &qs[i]), tau)))
            .collect();
        if edge {
            segment_segment_d2(&at[0], &at[1], &at[2], &at[3])
        } else {
            point_triangle_d2(&at[0], &[at[1].clone(), at[2].clone(), at[3].clone()])
        }
    };
    let samples: Vec<(Q, Q)> = (0..=32i64)
        .map(|k| {
            let tau = Q::new(k.into(), 32.into());
            let d2 = d2_at(&tau);
            (tau, d2)
        })
        .collect();
    // The earliest sampled time up to `upto` with a squared distance at most `d2max`.
    let first = |d2max: &Q, upto: &Q| {
        samples
            .iter()
            .find(|(t, d2)| t <= upto && d2 <= d2max)
            .map(|(t, _)| t.clone())
    };
    let (sides, moving): (Vec<Q3>, Vec<Q3>) = if edge {
        (
            vec![qs[0].clone(), qs[1].clone(), qe[0].clone(), qe[1].clone()],
            vec![qs[2].clone(), qs[3].clone(), qe[2].clone(), qe[3].clone()],
        )
    } else {
        (
            [1, 2, 3]
                .iter()
                .flat_map(|&i| [qs[i].clone(), qe[i].clone()])
                .collect(),
            vec![qs[0].clone(), qe[0].clone()],
        )
    };
    let run = |o: CcdOptions| {
        if edge {
            edge_edge_ccd(start, end, o)
        } else {
            vertex_face_ccd(start, end, o)
        }
    };
    let delta = q(1e-3);
    let d = CcdOptions::default();
    let sep = CcdOptions {
        min_separation: 1e-3,
        max_iterations: 2_000,
        ..d
    };
    let apart = !hulls_meet(&sides, &moving);
    let apart_by_delta = axis_gap_beyond(&sides, &moving, &delta);
    for (path, silent, options, exact_policy) in [
        ("moving: default", "moving: default, oracle silent", d, true),
        (
            "moving: search alone",
            "moving: search alone, oracle silent",
            CcdOptions {
                exact: false,
                max_iterations: 2_000,
                ..d
            },
            false,
        ),
        (
            "moving: t_max 1/2",
            "moving: t_max 1/2, oracle silent",
            CcdOptions { t_max: 0.5, ..d },
            true,
        ),
        (
            "moving: min separation 1e-3",
            "moving: min separation, oracle silent",
            sep,
            false,
        ),
    ] {
        let Ok(hit) = run(options) else {
            ck.verdict(path, Verdict::Maybe, true, true); // an error on finite input: wrong
            continue;
        };
        let separated = options.min_separation > 0.0;
        let d2max = if separated {
            &delta * &delta
        } else {
            Q::zero()
        };
        let upto = q(options.t_max);
        let seen = first(&d2max, &upto);
        let never = if separated { apart_by_delta } else { apart };
        match (&seen, never) {
            (Some(_), _) => ck.verdict(path, hit.verdict, true, exact_policy),
            (None, true) => ck.verdict(path, hit.verdict, false, exact_policy),
            (None, false) => {
                let own = hit.verdict.certain().unwrap_or(true);
                ck.verdict(silent, hit.verdict, own, exact_policy)
            }
        }
        // Nothing within reach before the lower end: no sample before it, and not at the
        // double just below it.
        let lo = hit.toi.lo().min(options.t_max);
        if hit.verdict != Verdict::False && lo > 0.0 {
            let before = q(lo.next_down().max(0.0));
            let early = seen.as_ref().is_some_and(|t| *t <= before) || d2_at(&before) <= d2max;
            let path = if separated {
                "moving: min separation, none before lo"
            } else {
                "moving: none before lo"
            };
            ck.verdict(path, Verdict::from(!early), true, false);
        }
    }
}

#[test]
fn adversarial_ccd_of_points_moving_on_their_own() {
    run_family("ccd-vertex-face-moving", vertex_face_moving_case, |ck| {
        check_moving_ccd(ck, false)
    });
    run_family("ccd-edge-edge-moving", edge_edge_moving_case, |ck| {
        check_moving_ccd(ck, true)
    });
    report_and_assert("ccd-vertex-face-moving");
    report_and_assert("ccd-edge-edge-moving");
}

#[test]
fn adversarial_vertex_face_and_edge_edge_ccd() {
    run_family("ccd-vertex-face", vertex_face_case, |ck| {
        check_ccd(ck, false)
    });
    run_family("ccd-edge-edge", edge_edge_case, |ck| check_ccd(ck, true));
    report_and_assert("ccd-vertex-face");
    report_and_assert("ccd-edge-edge");
}

// ---------------------------------------------------------------- the report

/// Prints `family`'s rows and asserts no wrong certain answer and no `Maybe` under
/// `Policy::Exact`.
fn report_and_assert(family: &str) {
    let tally = TALLY.lock().unwrap_or_else(PoisonError::into_inner);
    let mut totals = Count::default();
    println!("{family}: generator, path, checks, wrong, Maybe under Exact, maybe rate");
    for ((f, generator, path), c) in tally.iter() {
        if *f != family {
            continue;
        }
        println!(
            "  {generator:<8} {path:<40} {:>7} {:>3} {:>3} {:>6.2} %",
            c.checks,
            c.wrong,
            c.exact_maybe,
            100.0 * c.maybe as f64 / c.checks.max(1) as f64
        );
        totals.checks += c.checks;
        totals.wrong += c.wrong;
        totals.exact_maybe += c.exact_maybe;
    }
    println!(
        "{family} total: {} checks, {} wrong, {} Maybe under Exact",
        totals.checks, totals.wrong, totals.exact_maybe
    );
    let wrong: Vec<String> = WRONG
        .lock()
        .unwrap()
        .iter()
        .filter(|w| w.starts_with(family))
        .take(5)
        .cloned()
        .collect();
    assert!(totals.checks > 0, "{family}: no checks ran");
    assert!(
        totals.wrong == 0 && totals.exact_maybe == 0,
        "{family}: {wrong:#?}"
    );
}

/// A sphere whose scalar is the centre's (a float centre lifts into interval spheres too, so
/// the constructor alone does not fix it).
fn ball<S: Scalar>(c: Vec3<S>, r: S) -> Result<Sphere<S>, surety_queries::ShapeError> {
    Sphere::new(c, r)
}

/// A box whose scalar is its corners'.
fn aabb<S: Scalar>(lo: Vec3<S>, hi: Vec3<S>) -> Result<Aabb<S>, surety_queries::ShapeError> {
    Aabb::new(lo, hi)
}

/// A segment whose scalar is its ends'.
fn seg<S: Scalar>(p: Vec3<S>, q: Vec3<S>) -> Result<Segment<S>, surety_queries::ShapeError> {
    Segment::new(p, q)
}

/// A triangle whose scalar is its corners'.
fn tri<S: Scalar>(
    a: Vec3<S>,
    b: Vec3<S>,
    c: Vec3<S>,
) -> Result<Triangle<S>, surety_queries::ShapeError> {
    Triangle::new(a, b, c)
}

/// A ray whose scalar is its origin's.
fn ray_of<S: Scalar>(o: Vec3<S>, d: Vec3<S>) -> Result<Ray<S>, surety_queries::ShapeError> {
    Ray::new(o, d)
}

mod mesh_ccd;
mod meshes;
