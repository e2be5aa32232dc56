//! Continuous collision detection: does a vertex meet a moving triangle, or an edge a moving
//! edge, at some time in `[0, t_max]`, when every point moves linearly from its position at
//! `t = 0` to its position at `t = 1`? (Seeds 001 and 004.)
//!
//! For whole meshes, [`collision_free_step`] answers how far along the motion between two
//! frames a [`CcdMesh`] can go with no contact (a broad phase over swept boxes, then these
//! pair queries), [`is_step_collision_free`] whether all of it is free, and
//! [`has_intersections`] whether a frame intersects itself.
//!
//! # Guarantee
//! With exact arithmetic on the given `f64` coordinates, let `d(t)` be the distance between the
//! two primitives at time `t`. Then:
//! - [`Verdict::False`] (no collision) is only returned when `d(t) > min_separation` for every
//!   `t` in `[0, t_max]`. A collision is never missed.
//! - [`Verdict::True`] is only returned when there certainly is a time with
//!   `d(t) <= min_separation` (with `min_separation = 0`: the primitives certainly meet).
//! - [`Verdict::Maybe`] otherwise: resolve it with a [`Policy`](surety_intervals::Policy);
//!   the conservative default calls it a collision. With [`CcdOptions::exact`] on (the
//!   default) there is no `Maybe`: the exact stage decides, with or without a separation.
//! - The time of impact is an interval `toi`: for every `t < toi.lo()` there is certainly no
//!   contact (so `toi.lo()` is a safe time to advance to, short of `t_max`); when the verdict
//!   is `True` some contact happens by `toi.hi()`. When the exact stage decided, `toi` holds
//!   the first contact and is at most `tolerance` wide (plus outward rounding).
//!
//! # Method
//! Both queries ask whether `F(t, u, v) = 0` (or `|F| <= min_separation`) for some parameters
//! in a box, where `F` is the difference of the two points at barycentric-like parameters
//! `u`, `v` and time `t`. `F` is multilinear (degree one in each variable), so its range over
//! a box is the hull of its values at the box's corners; surety evaluates it at the two time
//! faces with interval arithmetic, which gives that range up to rounding, outward (a float
//! filter with a proven error bound discards most boxes before that). Boxes whose range
//! misses zero are discarded; the rest are bisected, earliest time first, as in
//! Tight-Inclusion CCD (Wang, Ferguson, Schneider, Panozzo, *ACM TOG* 2021). Boxes that shrink
//! below the tolerance are certified when possible, by an interval Newton (Krawczyk) test that
//! proves a root inside, or by an exact zero at a corner, and otherwise refined further.
//! Larger boxes get the Krawczyk test too (on the box widened by an eighth) where a float
//! Newton step forecasts that it will succeed: a box it proves to hold exactly one zero is
//! done with (the operator, iterated, narrows that zero's time to the tolerance), so a
//! contact in general position costs a few dozen boxes rather than the hundreds that
//! bisection to the tolerance took. The float filter also bounds `F` projected on its
//! direction at a box's center, which discards boxes where every coordinate of `F` spans zero
//! but `F` itself does not vanish.
//!
//! Degenerate motions (an edge sliding in a face's plane, parallel edges, a face that
//! collapses to a segment) have a curve or a surface of near-contacts, and bisection there only
//! multiplies boxes: Tight-Inclusion runs such queries to its cap of 10^6 boxes and answers
//! "collision" whether or not one happens. surety hands a query the search has not decided
//! after [`EXACT_AFTER`] boxes (see there) to an exact stage: the contact condition becomes the signs of
//! polynomials of degree at most four in `t` with exact dyadic coefficients (the coplanarity cubic
//! `(g, h, k)` and the barycentric numerators), whose real roots are isolated by Sturm
//! sequences and compared exactly, so every candidate time of contact is tested without
//! rounding. The sign of a polynomial at such a root is counted (Sylvester's theorem on a
//! signed remainder sequence) rather than found by narrowing the root's interval, so a
//! root within `2^-4000` of another costs no more than one far from it. On the public CCD benchmark this stage alone reproduces the ground truth of every
//! query (`cargo run --release --example ccd_bench -- --exact-only DIR`).
//!
//! With a minimum separation `δ > 0` the contact set is where the distance is at most `δ`,
//! and its exact stage (after [`SEPARATION_EXACT_AFTER`] boxes) states that distance as a
//! union over pairs of features (vertex–vertex, vertex–edge, vertex–face or edge–edge), each
//! a conjunction of signs of polynomials of degree at most six in `t` (the squared distance
//! along the closest direction against `δ²`, and the feet of the perpendiculars inside the
//! features); the first time is the least root (or `0`) where some conjunction holds, found
//! as above, after a rounded look at 32 pieces of `[0, t_max]` has set aside the feature
//! pairs that certainly fail (most of them).

mod batch;
mod broad_phase;
mod ccd_mesh;
mod co_moving;
mod collision_free_step;
mod diagonals;
mod edge_edge;
mod exact;
mod gcd;
mod has_intersections;
mod inclusion;
mod parallel;
mod poly;
mod separation;
mod vertex_face;

pub use batch::{ccd_batch, CcdQuery};
pub use broad_phase::Pair;
pub use ccd_mesh::CcdMesh;
pub use collision_free_step::{collision_free_step, is_step_collision_free, Step, StepOptions};
pub use edge_edge::edge_edge_ccd;
pub use has_intersections::has_intersections;
pub use separation::SEPARATION_WORK;
pub use vertex_face::vertex_face_ccd;

use surety_intervals::{Interval, Vec3, Verdict};

use crate::{Problem, ShapeError};
use exact::Exact;
use inclusion::{search, Budget, FloatInputs, Multilinear};
use separation::Separation;

/// Settings of a CCD query.
///
/// # Example
/// ```
/// use surety_queries::ccd::CcdOptions;
///
/// let o = CcdOptions { min_separation: 1e-6, ..CcdOptions::default() };
/// assert_eq!((o.tolerance, o.t_max), (1e-6, 1.0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CcdOptions {
    /// The primitives collide when they come at least this close (`>= 0`).
    pub min_separation: f64,
    /// Boxes narrower than this in `t`, `u` and `v` are certified or refined (`> 0`).
    pub tolerance: f64,
    /// The end of the time interval searched, in `(0, 1]`.
    pub t_max: f64,
    /// The most boxes the inclusion search examines. Past it, the exact stage decides when it
    /// is on (see `exact`); otherwise the answer is `Maybe` (a collision under the
    /// conservative policy) with the time interval still open.
    pub max_iterations: u64,
    /// Hand queries the inclusion search leaves undecided (or has not decided within
    /// [`EXACT_AFTER`] boxes, [`SEPARATION_EXACT_AFTER`] with a minimum separation) to the
    /// exact stage, which decides them in exact (dyadic rational) arithmetic: the verdict is
    /// then never `Maybe`, but for one case: with a minimum separation, on coordinates of
    /// extreme magnitude mixes (a separation of `1e-300` against a motion of `1e300`), where
    /// the stage gives up after [`SEPARATION_WORK`] and the search's answer stands. Its cost is bounded (the polynomials involved have degree at most
    /// four, six with a separation) but above the search's (about 40 µs per query on the
    /// public benchmark, against about 1 µs), so it only runs where the search stalls: on
    /// degenerate motions.
    pub exact: bool,
}

/// How many boxes the inclusion search examines before it hands a query to the exact stage
/// (when [`CcdOptions::exact`] applies), once it has also examined 16 boxes at the tolerance
/// without an answer (a degenerate contact set: a curve or a surface of near-contacts, where
/// bisection only multiplies boxes and the exact stage is the cheaper way to an answer);
/// after four times as many boxes it hands over in any case. A query in general position
/// that needs more boxes is usually proving its first contact, in a few hundred boxes more.
///
/// Measured on the public benchmark: handing over after 64, 128, 256, 1024 or 4096 boxes
/// took 0.095, 0.087, 0.116, 0.20 and 0.40 s for its 2324 queries. On 4000 random
/// unit-cube motions per kind (`examples/ccd_tail.rs`), waiting for the 16 boxes at the
/// tolerance, up to 1024 boxes, lowered the p99 from about 130 and 140 µs (vertex–face,
/// edge–edge) to 40 and 57 µs, with the public benchmark unchanged (0.056 s); with the
/// search's other changes of the same issue the p99 is now about 35 and 45 µs.
pub const EXACT_AFTER: u64 = 256;

/// How many boxes at the tolerance the search examines past [`EXACT_AFTER`] boxes before it
/// hands a query to the exact stage.
const STALLED_CELLS: u32 = 16;

/// [`EXACT_AFTER`] for queries with a positive minimum separation. Their exact stage
/// (distances between every pair of features, polynomials of degree up to six) costs more per
/// query, but the search stalls sooner: near a contact within the separation, the boxes it
/// cannot decide pile up along a whole surface. Measured on the public benchmark with a
/// separation of 1e-3: handing over after 8, 16, 64, 256 or 1024 boxes takes 0.31, 0.32, 0.36,
/// 0.50 and 0.87 s for its 2324 queries, and the mesh scenes of BENCHMARKS.md are the same
/// within noise from 8 to 256.
pub const SEPARATION_EXACT_AFTER: u64 = 16;

impl Default for CcdOptions {
    fn default() -> Self {
        Self {
            min_separation: 0.0,
            tolerance: 1e-6,
            t_max: 1.0,
            max_iterations: 1_000_000,
            exact: true,
        }
    }
}

/// The answer of a CCD query.
///
/// # Example
/// ```
/// use surety_intervals::{Vec3, Verdict};
/// use surety_queries::ccd::{vertex_face_ccd, CcdOptions};
///
/// // A vertex falling through the middle of a resting triangle at t = 1/2.
/// let face = [Vec3::new(-1.0, -1.0, 0.0), Vec3::new(2.0, -1.0, 0.0), Vec3::new(-1.0, 2.0, 0.0)];
/// let hit = vertex_face_ccd(
///     [Vec3::new(0.0, 0.0, 1.0), face[0], face[1], face[2]],
///     [Vec3::new(0.0, 0.0, -1.0), face[0], face[1], face[2]],
///     CcdOptions::default(),
/// )?;
/// assert_eq!(hit.verdict, Verdict::True);
/// assert!(hit.toi.lo() <= 0.5 && 0.5 <= hit.toi.hi());
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CcdHit {
    /// Whether the primitives come within the minimum separation in `[0, t_max]`.
    pub verdict: Verdict,
    /// The time of impact: no contact before its lower end; with `True`, contact by its upper
    /// end. `[t_max, t_max]` when there is certainly no collision.
    pub toi: Interval<f64>,
    /// How many boxes the inclusion search examined.
    pub iterations: u64,
    /// Whether the exact stage decided (see [`CcdOptions::exact`]).
    pub exact: bool,
}

/// Runs a query: checks it, then the inclusion search, then the exact stage if the search
/// is undecided (`pairs` and `simplex` as in [`Query`]).
fn query(
    start: [Vec3<f64>; 4],
    end: [Vec3<f64>; 4],
    pairs: [(usize, usize); 3],
    simplex: bool,
    options: &CcdOptions,
) -> Result<CcdHit, ShapeError> {
    let all = [
        start[0], start[1], start[2], start[3], end[0], end[1], end[2], end[3],
    ];
    check(&all, options)?;
    Ok(checked(start, end, pairs, simplex, options))
}

/// [`query`] on positions and options already checked.
fn checked(
    start: [Vec3<f64>; 4],
    end: [Vec3<f64>; 4],
    pairs: [(usize, usize); 3],
    simplex: bool,
    options: &CcdOptions,
) -> CcdHit {
    let q = Query {
        start,
        end,
        pairs,
        simplex,
    };
    q.settle(q.search(options), options)
}

/// One query's positions, checked: `F = a + b·t + (c + e·t)·u + (d + g·t)·v`, where the pair
/// `(p, q)` of point indices gives each coefficient: `pairs[0]` gives `a` (the difference
/// `x_p - x_q` at `t = 0`) and `b` (the difference of their motions), `pairs[1]` gives `c`
/// and `e`, and `pairs[2]` gives `d` and `g`; `simplex` adds `u + v <= 1`.
struct Query {
    start: [Vec3<f64>; 4],
    end: [Vec3<f64>; 4],
    pairs: [(usize, usize); 3],
    simplex: bool,
}

impl Query {
    /// The inclusion search alone, with the budget it has before the exact stage would take
    /// over (see [`CcdOptions::exact`]): `Maybe`, or a `True` whose time is still coarse,
    /// where [`Query::settle`] runs the exact stage. A `Maybe` still rules out any contact
    /// before the lower end of its time.
    fn search(&self, options: &CcdOptions) -> CcdHit {
        let (start, end, pairs) = (&self.start, &self.end, self.pairs);
        let floats = FloatInputs::new(start, end, pairs);
        // F's interval form, built only if the float filter does not rule out the whole
        // parameter box at once (most pairs of a mesh).
        let make = || {
            let s = start.map(Vec3::<Interval>::lift_f64);
            let e = end.map(Vec3::<Interval>::lift_f64);
            let d: [Vec3<Interval>; 4] = core::array::from_fn(|i| e[i] - s[i]);
            let at = |(p, q): (usize, usize)| s[p] - s[q];
            let motion = |(p, q): (usize, usize)| d[p] - d[q];
            Multilinear {
                a: at(pairs[0]),
                b: motion(pairs[0]),
                c: at(pairs[1]),
                e: motion(pairs[1]),
                d: at(pairs[2]),
                g: motion(pairs[2]),
                simplex: self.simplex,
            }
        };
        let budget = match (options.exact, options.min_separation > 0.0) {
            (false, _) => Budget::cap(options.max_iterations),
            (true, false) => Budget {
                hard: options.max_iterations.min(4 * EXACT_AFTER),
                soft: options.max_iterations.min(EXACT_AFTER),
                stalled: STALLED_CELLS,
            },
            (true, true) => Budget::cap(options.max_iterations.min(SEPARATION_EXACT_AFTER)),
        };
        search(make, &floats, options, budget)
    }

    /// With a minimum separation, the separation stage's answer for a query the search
    /// left undecided or coarse (`hit`), where rounded arithmetic shows it
    /// ([`Separation::first_contact_rounded`]): as certain as the exact roots' answer and
    /// as narrow, for a fraction of their cost. `None` where it does not, or with no
    /// separation.
    fn settle_rounded(&self, hit: CcdHit, options: &CcdOptions) -> Option<CcdHit> {
        let sep = options.min_separation;
        if sep <= 0.0 || hit.verdict == Verdict::False {
            return None;
        }
        let separation = Separation::new(&self.start, &self.end, self.simplex, sep);
        Self::rounded_look(&separation, hit, options)
    }

    /// [`Query::settle_rounded`] on the query's separation stage, already built.
    fn rounded_look(separation: &Separation, hit: CcdHit, options: &CcdOptions) -> Option<CcdHit> {
        let (verdict, toi) = match separation.first_contact_rounded(
            hit.toi.lo(),
            (hit.verdict == Verdict::True).then(|| hit.toi.hi()),
            options.t_max,
            options.tolerance,
        )? {
            None => (Verdict::False, Interval::enclose(options.t_max)),
            Some((lo, hi)) => (Verdict::True, inclusion::iv(lo, hi)),
        };
        Some(CcdHit {
            verdict,
            toi,
            iterations: hit.iterations,
            exact: true,
        })
    }

    /// The search's answer `hit`, or the exact stage's where the search left the query
    /// undecided or proved a contact without narrowing it to the tolerance (and the exact
    /// stage is on).
    fn settle(&self, hit: CcdHit, options: &CcdOptions) -> CcdHit {
        self.settle_after(hit, options, true)
    }

    /// [`Query::settle`], with the separation stage's rounded look taken only when
    /// `look_rounded` (the caller may have just tried it on the same `hit` and options,
    /// with [`Query::settle_rounded`], and seen it fail: it would again).
    fn settle_after(&self, hit: CcdHit, options: &CcdOptions, look_rounded: bool) -> CcdHit {
        let (start, end) = (&self.start, &self.end);
        let (pairs, simplex) = (self.pairs, self.simplex);
        let sep = options.min_separation;
        // The exact stage takes what the search left undecided, and a contact it proved but did
        // not narrow to the tolerance within its budget.
        let coarse =
            hit.verdict == Verdict::True && hit.toi.hi() - hit.toi.lo() > options.tolerance;
        if !(options.exact && (hit.verdict.is_maybe() || coarse)) {
            return hit;
        }
        let first = if sep > 0.0 {
            // Rounded arithmetic first: in general position it encloses the first contact
            // (or rules every contact out) for a fraction of the exact roots' cost.
            let separation = Separation::new(start, end, simplex, sep);
            if look_rounded {
                if let Some(rounded) = Self::rounded_look(&separation, hit, options) {
                    return rounded;
                }
            }
            match separation.first_contact(options.t_max) {
                Ok(first) => first,
                // Past the separation stage's budget (extreme magnitudes only): the search's
                // answer stands.
                Err(_) => return hit,
            }
        } else {
            Exact::new(start, end, pairs, simplex).first_contact(options.t_max)
        };
        match first {
            None => CcdHit {
                verdict: Verdict::False,
                toi: Interval::enclose(options.t_max),
                iterations: hit.iterations,
                exact: true,
            },
            Some(t) => {
                let (lo, hi) = exact::enclose(t, options.tolerance);
                CcdHit {
                    verdict: Verdict::True,
                    toi: inclusion::iv(lo.max(0.0), hi.min(options.t_max)),
                    iterations: hit.iterations,
                    exact: true,
                }
            }
        }
    }
}

/// Checks the options and the eight positions.
fn check(positions: &[Vec3<f64>; 8], options: &CcdOptions) -> Result<(), ShapeError> {
    const NAMES: [&str; 8] = [
        "start[0]", "start[1]", "start[2]", "start[3]", "end[0]", "end[1]", "end[2]", "end[3]",
    ];
    for (p, name) in positions.iter().zip(NAMES) {
        for c in p.to_array() {
            if !c.is_finite() {
                return Err(error(name, Problem::NotFinite, c, f64::NAN));
            }
        }
    }
    let o = options;
    if !(o.min_separation >= 0.0 && o.min_separation.is_finite()) {
        return Err(error(
            "min_separation",
            Problem::Negative,
            o.min_separation,
            0.0,
        ));
    }
    if !(o.tolerance > 0.0 && o.tolerance.is_finite()) {
        let e = error("tolerance", Problem::OutOfRange, o.tolerance, f64::NAN);
        return Err(ShapeError {
            expected: "(0, inf)",
            ..e
        });
    }
    if !(o.t_max > 0.0 && o.t_max <= 1.0) {
        let e = error("t_max", Problem::OutOfRange, o.t_max, f64::NAN);
        return Err(ShapeError {
            expected: "(0, 1]",
            ..e
        });
    }
    Ok(())
}

fn error(field: &'static str, problem: Problem, value: f64, limit: f64) -> ShapeError {
    ShapeError {
        shape: "ccd",
        field,
        problem,
        value,
        limit,
        expected: "",
    }
}
