//! Mesh CCD: how far along the motion from one frame of a mesh to the next can it go with no
//! contact? (ipc-toolkit's `compute_collision_free_stepsize`, certified.)

use core::ops::ControlFlow;
use core::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::sync::Mutex;

use surety_intervals::{Interval, Vec3, Verdict};

use super::broad_phase::{reachable, sample as sample_of, Broad, Pair};
use super::co_moving::co_moving;
use super::{edge_edge, parallel, vertex_face, CcdHit, CcdMesh, CcdOptions, Query};
use crate::{Problem, ShapeError};

/// Settings of [`collision_free_step`] and [`is_step_collision_free`].
///
/// # Example
/// ```
/// use surety_queries::ccd::StepOptions;
///
/// let o = StepOptions { min_distance: 1e-4, ..StepOptions::default() };
/// assert_eq!((o.t_max, o.tolerance, o.threads), (1.0, 1e-6, 0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct StepOptions {
    /// Primitives closer than this are in contact (`>= 0`; IPC's `dmin`).
    pub min_distance: f64,
    /// The end of the step searched, in `(0, 1]`.
    pub t_max: f64,
    /// The step may fall short of the first contact by this fraction of it, in `(0, 1)`.
    pub tolerance: f64,
    /// Threads for the broad and narrow phases: 0 for all cores (rayon's global pool), except
    /// for meshes of fewer than 4096 vertices, edges and faces together, which run on the
    /// calling thread (waking the pool would cost more than it shares); 1 for the calling
    /// thread alone; `n` for a pool of `n`. With a pool, the whole call runs on the pool's
    /// threads while the calling thread waits. Ignored without the `parallel` feature.
    pub threads: usize,
}

impl Default for StepOptions {
    fn default() -> Self {
        Self {
            min_distance: 0.0,
            t_max: 1.0,
            tolerance: 1e-6,
            threads: 0,
        }
    }
}

/// The answer of [`collision_free_step`]: the step, the pair that limits it, and what it
/// cost.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Step {
    /// No pair comes within the minimum distance for any time in `[0, t)`; `t_max` when no
    /// pair does in all of `[0, t_max]`.
    pub t: f64,
    /// The pair whose contact limits the step: one that certainly comes within the minimum
    /// distance by `t/(1 - tolerance)` whenever [`Step::within_tolerance`] holds, else the
    /// pair left undecided that stopped the step. `None` when `t == t_max` and nothing
    /// comes within the minimum distance in `[0, t_max]`.
    pub limit: Option<Pair>,
    /// Whether `t` is certainly within the tolerance of the first contact `t*`
    /// (`t >= t*·(1 - tolerance)`). Every pair is decided exactly, with or without a minimum
    /// distance, so this is false only where the tolerance underflows (a first contact
    /// within about `2^-1000` of `t = 0`, where the exact stage's narrowing stops short of a
    /// relative tolerance) or where, with a minimum distance, the separation stage gives up
    /// on a pair past its budget ([`SEPARATION_WORK`](super::SEPARATION_WORK): coordinates
    /// of very different magnitudes in one pair, `1e249` and `1e-224` say). That pair then
    /// limits the step where its search ruled out every contact. `t` is safe either way.
    pub within_tolerance: bool,
    /// Pairs whose swept boxes meet and that are not apart along a diagonal of a
    /// coordinate plane or along an axis over the whole motion (the broad phase's output): a sample of vertices' pairs over the whole motion,
    /// the others' and the edge pairs over `[0, t]` for the step `t` known when they are
    /// listed. Fewer when a contact at `t = 0` ends the step early: the edge pairs are then
    /// not listed, nor, in a mesh whose vertices each have many pairs, the pairs beyond a
    /// sample of vertices'.
    pub candidates: usize,
    /// Candidates skipped because their boxes over `[0, t]`, for the step `t` known when
    /// they came up, are apart.
    pub skipped: usize,
    /// Candidates the exact stage decided (see [`CcdOptions::exact`]).
    pub exact_stage: usize,
    /// Candidates whose points all move alike, decided by exact static predicates.
    pub static_pairs: usize,
    /// The windows of time the step was taken in, one after another: 1 unless the motion
    /// crowds the mesh's swept boxes (see [`collision_free_step`]).
    pub windows: usize,
    /// Seconds in the broad phase (0 where the platform has no clock).
    pub broad_seconds: f64,
    /// Seconds in the narrow phase.
    pub narrow_seconds: f64,
}

/// How far along the linear motion of every vertex from `v0` (at `t = 0`) to `v1` (at
/// `t = 1`) the mesh can move with no contact.
///
/// # Guarantee
/// With exact arithmetic on the given doubles, and `x(t) = v0 + t·(v1 - v0)` for every vertex:
/// - for every time in `[0, t)`, every vertex is farther than `min_distance` from every face
///   it is not a corner of, and every edge from every edge it shares no vertex with (pairs
///   that share a vertex touch by construction and are not tested);
/// - `t >= t*·(1 - tolerance)`, where `t*` is the first time some such pair comes within
///   `min_distance` (`t = t_max` when none does in `[0, t_max]`), whenever
///   [`Step::within_tolerance`] is true (always, unless `t*` is within about `2^-1000` of
///   0, or a pair's coordinates span such magnitudes that the separation stage gives up on
///   it).
///
/// A mesh that starts in contact (a pair within `min_distance` at `t = 0`) gets `t = 0`.
/// Faces that cross without a vertex on a face or an edge on an edge are no such pair: check
/// a frame with [`has_intersections`](super::has_intersections) first, as IPC assumes.
///
/// On several threads, which pair is searched first varies from run to run, and with it
/// the last bits of `t` (never the guarantee: every run's `t` is within the tolerance of
/// `t*`); with `threads: 1` the answer is the same every time.
///
/// # Method
/// - **Broad phase.** Each vertex's positions over `[0, 1]` lie on the segment between its
///   two positions, so in the box of the two (exact minimum and maximum, no rounding); an edge
///   or a face, the convex hull of its vertices, lies in the union of their boxes at every
///   time. Two primitives whose boxes are more than `min_distance` apart on some axis are
///   that far apart at every time. Hierarchies over the edges' and faces' boxes (node boxes
///   exact unions) are queried with boxes widened by `min_distance` rounded outward, and
///   every item's own box is tested the same way: no pair that can come within
///   `min_distance` is dropped (`no_pair_of_a_deforming_mesh_is_lost_by_the_broad_phase`
///   compares with every pair run on its own). Where pieces move alike, pairs are also
///   compared at one time, and pairs apart along a diagonal of a coordinate plane (bounds
///   from the same boxes) or along one axis over the whole motion are left out (see the
///   broad phase's module). A sample of up to 64 vertices' pairs comes first,
///   one vertex at a time, and is searched, the likeliest to meet first; the other
///   vertices' pairs are then found with boxes over `[0, t]` only, `t` the earliest certain
///   contact by then (a pair that cannot come near before it cannot shorten the step). Of
///   those, the few likeliest to meet are searched at once, and the edge pairs are found
///   with boxes over the `[0, t]` known then. Where the sampled vertices have many pairs
///   each (every primitive near every other, as in a mesh collapsed to a point, whose pairs
///   number in the square of its size), their pairs are searched as they are listed, and a
///   contact at `t = 0` among them ends the step unlisted.
/// - **Windows of time.** Where the sample shows more than 32 candidate pairs per vertex and
///   edge to come (boxes spanning much of the mesh, as in a large turn in one step), and the
///   mesh has over `2^24` pairs in all, the pairs are not listed: the motion is cut into
///   windows `[from, to]`, the first halved until halving no longer thins it out, and the
///   step is taken in each in turn, with boxes holding the primitives' positions over that
///   window only (the positions at `from` and `to` computed in floats and widened by the
///   same proven bound) and every pair searched from 0 to `to`. A pair with no contact in
///   the window has none before it either, or an earlier window would have found it, so the
///   first window with a contact holds `t*` and its pair; the guarantee is the same, and
///   the listing stays within about 32 pairs per vertex and edge where halving helps. (A 90°
///   turn of a 25,600-vertex grid in its plane listed 1.3·10^8 pairs at once, 4.3 GB of
///   memory at the peak; in windows the peak is 0.23 GB.) [`Step::windows`] counts the
///   windows a step was taken in. Meshes crowded at one time
///   (every primitive near every other with none in contact) still cost that square.
/// - **Narrow phase.** [`vertex_face_ccd`](super::vertex_face_ccd) and
///   [`edge_edge_ccd`](super::edge_edge_ccd) run on the candidates in parallel, each up to
///   the earliest *certain* contact found so far (a pair certainly free until then is all
///   that matters; the step never passes that contact), the likeliest first. A pair is
///   skipped when its boxes over that shorter time are apart, in the world or in a frame
///   moving with one of its vertices (computed in floats and widened by a proven bound on
///   their rounding). (The broad phase has already left out the pairs whose primitives are
///   farther apart than `min_distance` along one fixed axis at both `t = 0` and `t = 1`, on
///   the same side: each point's projection is linear in `t`, so the gap between the two
///   projections is concave and holds in between; projections in floats with a proven
///   margin.) A pair whose four points move by exactly the same displacement keeps its
///   distance, and is decided at `t = 0` by exact static predicates. A pair the
///   inclusion search leaves undecided (a degenerate contact, such as a vertex meeting a
///   face exactly on its edge) waits until every other pair is done: its search has ruled
///   out any contact before some time `lo`, and if the step found is below `lo` the pair is
///   skipped. Otherwise, where `lo` is within the tolerance of a contact found certain, or
///   a longer search rules out any contact up to the earliest time within the tolerance of
///   it, that time bounds the step (the step stays within the tolerance of `t*`, which comes
///   no later than a certain contact); else the exact stage decides the pair up to the step.
/// - Then the limiting pair's time of impact is narrowed until it is within the tolerance.
///
/// # Errors
/// A [`ShapeError`] when `v0` or `v1` does not have one position per vertex
/// ([`Problem::Length`]), a coordinate is not finite (naming the vertex), or a setting is out
/// of range.
///
/// # Example
/// ```
/// use surety_queries::ccd::{collision_free_step, CcdMesh, Pair, StepOptions};
///
/// // A triangle resting at z = 0 and a vertex falling from z = 1 to z = -1 onto it.
/// let mesh = CcdMesh::new(4, &[[0, 1, 2]])?;
/// let tri = [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]];
/// let v0 = [tri[0], tri[1], tri[2], [0.25, 0.25, 1.0]];
/// let v1 = [tri[0], tri[1], tri[2], [0.25, 0.25, -1.0]];
/// let step = collision_free_step(&mesh, &v0, &v1, &StepOptions::default())?;
/// assert!(step.t <= 0.5 && step.t >= 0.5 * (1.0 - 1e-6));
/// assert_eq!(step.limit, Some(Pair::VertexFace { vertex: 3, face: 0 }));
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
pub fn collision_free_step<P: Into<Vec3<f64>> + Copy>(
    mesh: &CcdMesh,
    v0: &[P],
    v1: &[P],
    options: &StepOptions,
) -> Result<Step, ShapeError> {
    let (x0, x1) = positions(mesh, v0, v1, options)?;
    let o = *options;
    parallel::on_threads(o.threads, mesh.size(), || {
        in_windows(mesh, &x0, &x1, &o, CROWDING)
    })
}

/// Whether the whole motion from `v0` to `v1` over `[0, t_max]` is free of contact: `True`
/// when no pair (as in [`collision_free_step`]) comes within `min_distance` at any time in
/// `[0, t_max]`, `False` when one certainly does. Every pair is decided exactly, so the
/// answer is `Maybe` only with a `min_distance` above 0 and a pair whose coordinates span the
/// extremes of the doubles (subnormal next to ordinary ones, say), past the work budget of
/// the exact separation stage; a pair whose boxes over `[0, t_max]` are apart is ruled out
/// first, as in [`collision_free_step`]. Stops at the first certain contact, and at the
/// first pair the separation stage gives up on (the answer is then `Maybe`, though a pair
/// not yet decided might have met: each such pair could cost the stage's whole budget).
///
/// # Errors
/// As [`collision_free_step`].
///
/// # Example
/// ```
/// use surety_intervals::Verdict;
/// use surety_queries::ccd::{is_step_collision_free, CcdMesh, StepOptions};
///
/// let mesh = CcdMesh::new(4, &[[0, 1, 2]])?;
/// let tri = [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]];
/// let v0 = [tri[0], tri[1], tri[2], [0.25, 0.25, 1.0]];
/// let low = [tri[0], tri[1], tri[2], [0.25, 0.25, 0.5]];
/// let through = [tri[0], tri[1], tri[2], [0.25, 0.25, -1.0]];
/// let o = StepOptions::default();
/// assert_eq!(is_step_collision_free(&mesh, &v0, &low, &o)?, Verdict::True);
/// assert_eq!(is_step_collision_free(&mesh, &v0, &through, &o)?, Verdict::False);
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
pub fn is_step_collision_free<P: Into<Vec3<f64>> + Copy>(
    mesh: &CcdMesh,
    v0: &[P],
    v1: &[P],
    options: &StepOptions,
) -> Result<Verdict, ShapeError> {
    let (x0, x1) = positions(mesh, v0, v1, options)?;
    let o = *options;
    parallel::on_threads(o.threads, mesh.size(), || {
        free_in_windows(mesh, &x0, &x1, &o, CROWDING)
    })
}

/// [`is_step_collision_free`] window after window of time (one, unless the mesh is crowded:
/// see [`Windows`]), up to the first certain contact.
fn free_in_windows(
    mesh: &CcdMesh,
    x0: &[[f64; 3]],
    x1: &[[f64; 3]],
    o: &StepOptions,
    crowding: Crowding,
) -> Result<Verdict, ShapeError> {
    let mut maybe = false;
    by_windows(
        mesh,
        x0,
        x1,
        o,
        crowding,
        |broad, w, crowding| free_within(mesh, x0, x1, w, broad, crowding),
        |free, _| match free {
            Verdict::False => ControlFlow::Break(Verdict::False),
            _ => {
                maybe |= free.is_maybe();
                ControlFlow::Continue(if maybe { Verdict::Maybe } else { Verdict::True })
            }
        },
    )
}

/// [`is_step_collision_free`] over `[0, t_max]`, its pairs those `broad` lists (all those
/// that can come near in the window it was built over, which ends at `t_max`, after no
/// contact before it).
fn free_within(
    mesh: &CcdMesh,
    x0: &[[f64; 3]],
    x1: &[[f64; 3]],
    o: &StepOptions,
    mut broad: Broad<'_>,
    crowding: Option<Crowding>,
) -> Result<Listed<Verdict>, ShapeError> {
    let o = *o;
    let ccd = pair_options(&o, o.t_max, o.tolerance);
    let maybe = AtomicBool::new(false);
    let later = Mutex::new(Vec::new());
    let judge = |hit: CcdHit| match hit.verdict {
        Verdict::True => true,
        Verdict::Maybe => {
            maybe.store(true, Relaxed);
            false
        }
        Verdict::False => false,
    };
    // The search first, on every pair: a certain contact anywhere ends the question
    // without any pair's exact stage.
    let search = |pairs: &[Pair]| {
        parallel::any(pairs, |&pair| {
            // The step's own prune (sound: see `reachable`), so that a pair the step rules
            // out by its boxes is never left `Maybe` here by a pair CCD that gives up.
            let reach = || reachable(pair, mesh, x0, x1, o.t_max, o.min_distance);
            match look(pair, mesh, x0, x1, &ccd, reach) {
                None => false,
                Some((hit, Some(query))) if hit.verdict == Verdict::Maybe => {
                    later
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .push((query, hit));
                    false
                }
                Some((hit, _)) => judge(hit),
            }
        })
    };
    // A sample of the vertices' and the edges' pairs first where they are many, as in
    // `step`: a crowded mesh's contact is found before the square of its size is listed.
    let sample = sample_of(x0.len());
    let (mut pairs, searched, found, _) =
        crowd_first(&sample, |v| broad.vertex_face_of(&[v]), search);
    // A crowded window is cut before more is listed (see `Windows`).
    let vf = project(pairs.len(), sample.len(), x0.len(), false);
    if !found && crowding.is_some_and(|c| c.crowds(mesh, vf)) {
        return Ok(Listed::Crowded(Projected::VertexFace(vf)));
    }
    let edges = sample_of(mesh.edges().len());
    let (crowd, crowd_searched, found, _) = if found {
        (Vec::new(), 0, true, 0.0)
    } else {
        // Edge slots (one per edge) of the edges' tree.
        crowd_first(&edges, |e| broad.edge_edge_of(&[e]), search)
    };
    if found {
        return Ok(Listed::Done(Verdict::False));
    }
    let both = vf + project(crowd.len(), edges.len(), mesh.edges().len(), true);
    if crowding.is_some_and(|c| c.crowds(mesh, both)) {
        return Ok(Listed::Crowded(Projected::Both(both)));
    }
    pairs.extend(broad.vertex_face_of(&unsampled(x0.len(), &sample)));
    pairs.extend(unsearched(
        broad.edge_edge(o.t_max)?,
        &crowd[..crowd_searched],
    ));
    let contact = search(&pairs[searched..]);
    let later = later.into_inner().unwrap_or_else(|e| e.into_inner());
    // The exact stage on the pairs left, until one meets, or until the separation stage
    // gives up on one (past its budget of work, on extreme magnitudes): the answer can
    // then no longer be `True`, and the rest would each cost up to that budget too.
    let met = AtomicBool::new(false);
    parallel::any(&later, |(query, hit)| {
        let hit = query.settle(*hit, &ccd);
        if judge(hit) {
            met.store(true, Relaxed);
            return true;
        }
        hit.verdict.is_maybe()
    });
    let contact = contact || met.load(Relaxed);
    Ok(Listed::Done(if contact {
        Verdict::False
    } else if maybe.load(Relaxed) {
        Verdict::Maybe
    } else {
        Verdict::True
    }))
}

/// Checks the settings and the positions, and copies the positions as arrays.
#[allow(clippy::type_complexity)]
pub(super) fn positions<P: Into<Vec3<f64>> + Copy>(
    mesh: &CcdMesh,
    v0: &[P],
    v1: &[P],
    options: &StepOptions,
) -> Result<(Vec<[f64; 3]>, Vec<[f64; 3]>), ShapeError> {
    let o = options;
    let error = |field, problem, value, limit, expected| ShapeError {
        shape: "ccd step",
        field,
        problem,
        value,
        limit,
        expected,
    };
    if !(o.min_distance >= 0.0 && o.min_distance.is_finite()) {
        return Err(error(
            "min_distance",
            Problem::Negative,
            o.min_distance,
            f64::NAN,
            "",
        ));
    }
    if !(o.t_max > 0.0 && o.t_max <= 1.0) {
        return Err(error(
            "t_max",
            Problem::OutOfRange,
            o.t_max,
            f64::NAN,
            "(0, 1]",
        ));
    }
    if !(o.tolerance > 0.0 && o.tolerance < 1.0) {
        return Err(error(
            "tolerance",
            Problem::OutOfRange,
            o.tolerance,
            f64::NAN,
            "(0, 1)",
        ));
    }
    let n = mesh.vertex_count();
    Ok((vertices(n, "v0", v0)?, vertices(n, "v1", v1)?))
}

/// Checks one position per vertex, each finite, and copies them as arrays; `field` is `"v0"`,
/// `"v1"` or `"v"`.
pub(super) fn vertices<P: Into<Vec3<f64>> + Copy>(
    n: usize,
    field: &'static str,
    v: &[P],
) -> Result<Vec<[f64; 3]>, ShapeError> {
    let error = |field, problem, value, limit, expected| ShapeError {
        shape: "ccd step",
        field,
        problem,
        value,
        limit,
        expected,
    };
    if v.len() != n {
        return Err(error(field, Problem::Length, v.len() as f64, n as f64, ""));
    }
    let names: [&'static str; 3] = match field {
        "v0" => ["v0.x", "v0.y", "v0.z"],
        "v1" => ["v1.x", "v1.y", "v1.z"],
        _ => ["v.x", "v.y", "v.z"],
    };
    v.iter()
        .enumerate()
        .map(|(i, &p)| {
            let p = p.into().to_array();
            match p.iter().position(|c| !c.is_finite()) {
                None => Ok(p),
                Some(k) => Err(error(
                    names[k],
                    Problem::NotFinite,
                    p[k],
                    i as f64,
                    "at vertex",
                )),
            }
        })
        .collect()
}

fn pair_options(o: &StepOptions, t_max: f64, tolerance: f64) -> CcdOptions {
    CcdOptions {
        min_separation: o.min_distance,
        tolerance,
        t_max,
        ..CcdOptions::default()
    }
}

/// One pair's CCD (positions and options already checked).
fn run(pair: Pair, mesh: &CcdMesh, x0: &[[f64; 3]], x1: &[[f64; 3]], o: &CcdOptions) -> CcdHit {
    if let Some(hit) = still(pair, mesh, x0, x1, o) {
        return hit;
    }
    let q = query_of(pair, mesh, x0, x1);
    q.settle(q.search(o), o)
}

/// The static test's certain answer for a pair whose points all move alike, `None` for any
/// other pair.
fn still(
    pair: Pair,
    mesh: &CcdMesh,
    x0: &[[f64; 3]],
    x1: &[[f64; 3]],
    o: &CcdOptions,
) -> Option<CcdHit> {
    let v = pair.vertices(mesh).map(|i| i as usize);
    let edge = matches!(pair, Pair::EdgeEdge { .. });
    co_moving(edge, v, x0, x1, o.min_separation, o.t_max)
}

/// One pair's CCD short of the exact stage: the answer of the static test ([`still`], asked
/// first: it is cheaper than `keep`, and certain), or else, when `keep` holds, the inclusion
/// search's, with the query to settle it with where that may still need the exact stage (a
/// `Maybe`, or a contact whose time is coarse). `None` when `keep` rules the pair out. (Pairs
/// apart along an axis all the way were left out by the broad phase.)
fn look(
    pair: Pair,
    mesh: &CcdMesh,
    x0: &[[f64; 3]],
    x1: &[[f64; 3]],
    o: &CcdOptions,
    keep: impl FnOnce() -> bool,
) -> Option<(CcdHit, Option<Query>)> {
    if let Some(hit) = still(pair, mesh, x0, x1, o) {
        return Some((hit, None));
    }
    if !keep() {
        return None;
    }
    let q = query_of(pair, mesh, x0, x1);
    Some((q.search(o), Some(q)))
}

/// A pair's positions, as the primitive CCD takes them.
fn query_of(pair: Pair, mesh: &CcdMesh, x0: &[[f64; 3]], x1: &[[f64; 3]]) -> Query {
    let v = pair.vertices(mesh).map(|i| i as usize);
    let at = |x: &[[f64; 3]]| v.map(|i| Vec3::from(x[i]));
    let (pairs, simplex) = match pair {
        Pair::VertexFace { .. } => (vertex_face::PAIRS, true),
        Pair::EdgeEdge { .. } => (edge_edge::PAIRS, false),
    };
    Query {
        start: at(x0),
        end: at(x1),
        pairs,
        simplex,
    }
}

/// How many pairs [`earliest_first`] puts first: of the vertex–face pairs, to bound the step
/// before the edge pairs are found ([`PROBE`]); of all the others, to bound it before the
/// rest ([`FIRST`]).
const PROBE: usize = 256;
const FIRST: usize = 2048;

/// The pairs of `sample`'s items (vertices or edges), listed one item at a time by `list`,
/// with those listed handed to `search` whenever more than [`CROWDED`] per sampled item have
/// come since the last search; the listing stops when `search` says so. Returns the pairs
/// listed, how many of them (the first) were searched, whether the listing stopped, and the
/// seconds spent listing.
fn crowd_first(
    sample: &[u32],
    list: impl Fn(u32) -> Vec<Pair>,
    mut search: impl FnMut(&[Pair]) -> bool,
) -> (Vec<Pair>, usize, bool, f64) {
    let (mut pairs, mut searched, mut listing) = (Vec::new(), 0, 0.0);
    for &item in sample {
        let clock = Clock::start();
        pairs.extend(list(item));
        listing += clock.seconds();
        if pairs.len() - searched > CROWDED * sample.len() {
            let stop = search(&pairs[searched..]);
            searched = pairs.len();
            if stop {
                return (pairs, searched, true, listing);
            }
        }
    }
    (pairs, searched, false, listing)
}

/// The edge pairs of `listed` less those among `searched` (a crowded sample's, searched
/// already): each pair is searched once.
fn unsearched(mut listed: Vec<Pair>, searched: &[Pair]) -> Vec<Pair> {
    if !searched.is_empty() {
        let seen: std::collections::HashSet<Pair> = searched.iter().copied().collect();
        listed.retain(|p| !seen.contains(p));
    }
    listed
}

/// The vertices `0..n` not in `sample`, in order.
fn unsampled(n: usize, sample: &[u32]) -> Vec<u32> {
    let mut sampled = vec![false; n];
    sample.iter().for_each(|&v| sampled[v as usize] = true);
    (0..n as u32).filter(|&v| !sampled[v as usize]).collect()
}

/// How many vertex–face pairs per sampled vertex make a mesh crowded (see [`step`]): a
/// surface's vertices have a few each, those of a mesh collapsed to a point as many as it
/// has faces.
const CROWDED: usize = 32;

/// An estimate of how early a pair may meet, for ordering only (not a bound anyone relies
/// on): the gap between the two primitives' boxes at `t = 0` over the fastest they close in
/// on each other along an axis (the widest difference of their vertices' displacements);
/// for boxes that overlap at the start, minus that speed (below 0: the faster, the earlier);
/// `+∞` for pairs whose vertices all move alike, which keep their distance.
fn estimate(pair: Pair, mesh: &CcdMesh, x0: &[[f64; 3]], x1: &[[f64; 3]]) -> f32 {
    let v = pair.vertices(mesh).map(|i| i as usize);
    let split = pair.split();
    let (mut gap, mut speed) = (0.0f64, 0.0f64);
    for k in 0..3 {
        // The bounds of each side's start and shift along the axis.
        let (mut a, mut b) = (
            [f64::INFINITY, f64::NEG_INFINITY],
            [f64::INFINITY, f64::NEG_INFINITY],
        );
        let (mut sa, mut sb) = (a, b);
        for (j, &i) in v.iter().enumerate() {
            let (p, s) = (x0[i][k], x1[i][k] - x0[i][k]);
            let (at, by) = if j < split {
                (&mut a, &mut sa)
            } else {
                (&mut b, &mut sb)
            };
            *at = [at[0].min(p), at[1].max(p)];
            *by = [by[0].min(s), by[1].max(s)];
        }
        gap = gap.max(b[0] - a[1]).max(a[0] - b[1]);
        speed = speed.max(sa[1] - sb[0]).max(sb[1] - sa[0]);
    }
    if speed.is_nan() || speed <= 0.0 {
        f32::INFINITY
    } else if gap <= 0.0 {
        -(speed as f32)
    } else {
        (gap / speed) as f32
    }
}

/// The [`estimate`] of each of `pairs[from..]`, with its index, worked out in parallel.
fn estimated(
    pairs: &[Pair],
    from: usize,
    mesh: &CcdMesh,
    x0: &[[f64; 3]],
    x1: &[[f64; 3]],
) -> Vec<(f32, u32)> {
    parallel::map(pairs.len().saturating_sub(from), |k| {
        let i = from + k;
        (estimate(pairs[i], mesh, x0, x1), i as u32)
    })
}

/// Pairs (as indices, with their [`estimate`]) split in two: up to `first` of them likeliest
/// to meet early, in that order, and the others (still with their estimates) in the order
/// they were given (the broad phase's, which keeps pairs of nearby primitives together, so
/// that their positions are read from the cache rather than memory). Pairs whose boxes
/// overlap at the start take at most half the first places unless there are too few others,
/// and the two kinds are taken in turn, each earliest first: neither crowds the other out (a
/// bending sheet's neighbours, most of which never meet, against the pairs approaching
/// across a gap).
fn earliest_first(keyed: Vec<(f32, u32)>, first: usize) -> (Vec<u32>, Vec<(f32, u32)>) {
    // Each pair's estimate and its place in `keyed`.
    let (mut near, mut apart): (Vec<_>, Vec<_>) = keyed
        .iter()
        .enumerate()
        .map(|(at, k)| (k.0, at as u32))
        .partition(|k| k.0 < 0.0);
    let by_key = |a: &(f32, u32), b: &(f32, u32)| a.0.total_cmp(&b.0);
    let half = (first / 2).max(first.saturating_sub(apart.len()));
    let take_near = near.len().min(half);
    let take_apart = apart.len().min(first - take_near);
    for (list, take) in [(&mut near, take_near), (&mut apart, take_apart)] {
        if take < list.len() {
            list.select_nth_unstable_by(take, by_key);
        }
        list[..take].sort_unstable_by(by_key);
    }
    let mut taken = vec![false; keyed.len()];
    let mut head = Vec::with_capacity(take_near + take_apart);
    for i in 0..take_near.max(take_apart) {
        for list in [&apart[..take_apart], &near[..take_near]] {
            if let Some(&(_, at)) = list.get(i) {
                taken[at as usize] = true;
                head.push(keyed[at as usize].1);
            }
        }
    }
    let rest = keyed
        .into_iter()
        .zip(taken)
        .filter_map(|(k, taken)| (!taken).then_some(k))
        .collect();
    (head, rest)
}

/// A time as a `u64` whose order is the times' order (times are `>= 0`; `-0.0` is `0`).
fn key(t: f64) -> u64 {
    if t > 0.0 {
        t.to_bits()
    } else {
        0
    }
}

/// The boxes a waiting pair's longer search may take before the exact stage decides it
/// (see [`step`]).
const LONGER_SEARCH: u64 = 256;

/// Whether `lo >= hi·(1 - tolerance)` certainly.
fn within(lo: f64, hi: f64, tolerance: f64) -> bool {
    lo >= least_within(hi, tolerance)
}

/// `hi·(1 - tolerance)` rounded up: the least float [`within`] the tolerance of `hi`.
fn least_within(hi: f64, tolerance: f64) -> f64 {
    let one = Interval::<f64>::enclose(1.0);
    (Interval::enclose(hi) * (one - Interval::enclose(tolerance))).hi()
}

/// The step, window after window of time: one window, `[0, t_max]`, unless the mesh is
/// crowded in it (see [`Windows`]); then the step in each window (its pairs those that can
/// come near in it, each searched from 0 to the window's end) until one finds a contact.
/// No pair has a contact in an earlier window (each was searched in full), so the first
/// contact is in the window where one is found, among its pairs.
fn in_windows(
    mesh: &CcdMesh,
    x0: &[[f64; 3]],
    x1: &[[f64; 3]],
    o: &StepOptions,
    crowding: Crowding,
) -> Result<Step, ShapeError> {
    let mut before: Option<Step> = None;
    by_windows(
        mesh,
        x0,
        x1,
        o,
        crowding,
        |broad, w, crowding| step(mesh, x0, x1, w, broad, crowding),
        |mut s, window| {
            s.broad_seconds += window.built;
            s.windows = window.number;
            if let Some(b) = before {
                s.candidates += b.candidates;
                s.skipped += b.skipped;
                s.exact_stage += b.exact_stage;
                s.static_pairs += b.static_pairs;
                s.broad_seconds += b.broad_seconds;
                s.narrow_seconds += b.narrow_seconds;
            }
            before = Some(s);
            if s.limit.is_some() || s.t < window.to {
                ControlFlow::Break(s)
            } else {
                ControlFlow::Continue(s)
            }
        },
    )
}

/// A window of time a stage was run in, as [`by_windows`] tells the stage's caller: its end,
/// its number (from 1, not counting the windows found crowded) and the seconds its broad
/// phase took to build.
#[derive(Clone, Copy, Debug)]
struct Window {
    to: f64,
    number: usize,
    built: f64,
}

/// Runs `stage` window after window of time (see [`Windows`]) and returns what `then` makes
/// of its answers: in each window, `stage` is given the broad phase built over it, the
/// options with `t_max` at the window's end, and the crowding to test it for; a window it
/// finds crowded is cut as [`Windows`] says and run again; otherwise `then` takes its answer
/// and either stops (`Break`) or answers for the motion so far (`Continue`), the answer
/// returned when the window was the last one.
fn by_windows<T, R>(
    mesh: &CcdMesh,
    x0: &[[f64; 3]],
    x1: &[[f64; 3]],
    o: &StepOptions,
    crowding: Crowding,
    mut stage: impl FnMut(Broad<'_>, &StepOptions, Option<Crowding>) -> Result<Listed<T>, ShapeError>,
    mut then: impl FnMut(T, Window) -> ControlFlow<R, R>,
) -> Result<R, ShapeError> {
    let mut windows = Windows::new(o.t_max, crowding);
    loop {
        let clock = Clock::start();
        let (from, to, crowding) = windows.next();
        let broad = Broad::window(mesh, x0, x1, o.min_distance, (from, to))?;
        let built = clock.seconds();
        let w = StepOptions { t_max: to, ..*o };
        let answer = match stage(broad, &w, crowding)? {
            Listed::Crowded(pairs) => {
                windows.crowded(pairs);
                continue;
            }
            Listed::Done(answer) => answer,
        };
        let window = Window {
            to,
            number: windows.stepped + 1,
            built,
        };
        match then(answer, window) {
            ControlFlow::Break(r) => return Ok(r),
            ControlFlow::Continue(r) if to >= o.t_max => return Ok(r),
            ControlFlow::Continue(_) => windows.done(),
        }
    }
}

/// What a step in one window lists: its answer, or only that the window is crowded (see
/// [`Crowding`]), before it lists all its pairs: by its vertex–face pairs alone, or with its
/// edge pairs, so many projected.
enum Listed<T> {
    Done(T),
    Crowded(Projected),
}

/// A number of candidate pairs projected from a sample: of the vertex–face pairs alone, or of
/// both kinds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Projected {
    VertexFace(u64),
    Both(u64),
}

/// The windows of time a step is cut into. Each starts where the last ended and is twice
/// as long (the first: all of `[0, t_max]`), up to `t_max`; a window found crowded is
/// halved instead, as long as halving thins it out (its projected pairs fall by a quarter
/// at least) and at most [`HALVINGS`] times in a row. Where halving stopped helping (every
/// primitive near every other at one time, as in a mesh folded flat), or after
/// [`MAX_WINDOWS`] windows, no window is tested for crowding again, so the windows stay few.
struct Windows {
    from: f64,
    to: f64,
    t_max: f64,
    crowding: Option<Crowding>,
    /// The projected pairs of the window last found crowded, and how many times in a row
    /// it was halved.
    last: Option<Projected>,
    halved: usize,
    /// How many windows have been stepped through.
    stepped: usize,
}

impl Windows {
    fn new(t_max: f64, crowding: Crowding) -> Self {
        Self {
            from: 0.0,
            to: t_max,
            t_max,
            crowding: Some(crowding),
            last: None,
            halved: 0,
            stepped: 0,
        }
    }

    /// The window to step in, `[from, to]`, and the crowding to test it for.
    fn next(&self) -> (f64, f64, Option<Crowding>) {
        (self.from, self.to, self.crowding)
    }

    /// The window was crowded, with `pairs` projected: halve it, or give up halving. (A
    /// window crowded by both kinds of pair after one crowded by its vertex–face pairs alone
    /// is thinner: those are no longer too many.)
    fn crowded(&mut self, pairs: Projected) {
        let half = self.from + (self.to - self.from) * 0.5;
        let thinner = match (self.last, pairs) {
            (None, _) | (Some(Projected::VertexFace(_)), Projected::Both(_)) => true,
            (Some(Projected::VertexFace(last)), Projected::VertexFace(now))
            | (Some(Projected::Both(last)), Projected::Both(now)) => now <= last - last / 4,
            (Some(Projected::Both(_)), Projected::VertexFace(_)) => false,
        };
        if thinner && self.halved < HALVINGS && half > self.from && half < self.to {
            (self.to, self.last, self.halved) = (half, Some(pairs), self.halved + 1);
        } else {
            self.crowding = None;
        }
    }

    /// The window was stepped through with no contact: on to the next.
    fn done(&mut self) {
        let width = 2.0 * (self.to - self.from);
        self.from = self.to;
        let end = self.from + width;
        self.to = if end >= self.t_max || end <= self.from {
            self.t_max
        } else {
            end
        };
        (self.last, self.halved, self.stepped) = (None, 0, self.stepped + 1);
        // A bound on the windows, whatever the motion: past it, the rest in one.
        if self.stepped >= MAX_WINDOWS {
            self.crowding = None;
        }
    }
}

/// How many times in a row [`Windows`] halves a window at most.
const HALVINGS: usize = 24;

/// How many windows [`Windows`] cuts at most before it takes the rest of the motion as one
/// (each costs a broad phase built anew), so that no motion is cut without end.
const MAX_WINDOWS: usize = 4096;

/// When a window of time is crowded: where the candidate pairs a sample of the vertices and
/// of the edges list (up to 64 each, listed first in any case), projected to all of them, are
/// more than `per_primitive` per vertex and edge. A mesh whose swept boxes meet in numbers
/// near the square of its size (a large rotation in one step, whose boxes span the mesh)
/// would otherwise list more pairs than memory holds.
#[derive(Clone, Copy, Debug)]
struct Crowding {
    /// Below this many pairs of primitives of the kinds listed (vertex–face and edge–edge,
    /// all of them), a mesh is never crowded: listing them all fits in memory.
    few_pairs: u64,
    /// How many candidate pairs per vertex and edge make a window crowded.
    per_primitive: u64,
}

impl Crowding {
    /// Whether `projected` candidate pairs ([`project`]) crowd a window of `mesh`.
    fn crowds(self, mesh: &CcdMesh, projected: u64) -> bool {
        let (v, e, f) = (
            mesh.vertex_count() as u64,
            mesh.edges().len() as u64,
            mesh.faces().len() as u64,
        );
        let all = v.saturating_mul(f).saturating_add(e.saturating_mul(e));
        all > self.few_pairs && projected > self.per_primitive.saturating_mul(v + e)
    }
}

/// `listed` pairs of `sampled` items out of `all`, projected to all of them; halved for
/// edges (`twice`), whose pairs each edge lists from both ends.
fn project(listed: usize, sampled: usize, all: usize, twice: bool) -> u64 {
    let per = (sampled as u64).max(1) * (1 + u64::from(twice));
    (listed as u64).saturating_mul(all as u64) / per
}

/// 2^24 pairs (12 bytes each) fit in memory; 32 candidates per vertex and edge is over ten
/// times what the benchmark scenes list over their whole motion (cloth-200: 415,576 for its
/// 40,000 vertices and 120,000 edges), so no such scene is ever cut into windows.
const CROWDING: Crowding = Crowding {
    few_pairs: 1 << 24,
    per_primitive: 32,
};

fn step(
    mesh: &CcdMesh,
    x0: &[[f64; 3]],
    x1: &[[f64; 3]],
    o: &StepOptions,
    mut broad: Broad<'_>,
    crowding: Option<Crowding>,
) -> Result<Listed<Step>, ShapeError> {
    let mut broad_seconds = 0.0;
    let clock = Clock::start();
    let best = AtomicU64::new(o.t_max.to_bits());
    let (skipped, exact, fixed) = (
        AtomicUsize::new(0),
        AtomicUsize::new(0),
        AtomicUsize::new(0),
    );
    // The earliest time by which a contact is certain (the least `hi` of a `True`): the
    // first contact `t*` comes no later.
    let certain = AtomicU64::new(key(f64::INFINITY));
    // A pair's bound on the step: every later pair is searched up to the lowest so far,
    // which must stay at or above the final step. Narrowing may raise the step up to a
    // certain contact (`hi` of a `True`) but never past the start of an undecided pair (`lo`
    // of a `Maybe`): a pair searched up to a lower bound, the first `lo` found say, could
    // hide a contact between it and the final step.
    let lower = |hit: &CcdHit| {
        let bound = match hit.verdict {
            Verdict::False => return false,
            Verdict::True => {
                certain.fetch_min(key(hit.toi.hi()), Relaxed);
                hit.toi.hi()
            }
            Verdict::Maybe => hit.toi.lo(),
        };
        best.fetch_min(key(bound), Relaxed);
        true
    };
    let count = |hit: &CcdHit| {
        if hit.exact {
            exact.fetch_add(1, Relaxed);
        }
        // The search examines at least one box: no box at all is the static answer.
        if hit.iterations == 0 {
            fixed.fetch_add(1, Relaxed);
        }
    };
    // First the static test and the inclusion search alone. A pair they leave undecided
    // waits, its bound not yet counted: most such pairs are degenerate (a vertex sliding onto
    // a face's edge, say) and meet, if at all, after a pair in general position limits the
    // step, and then need no exact stage at all.
    let visit = |&pair: &Pair| {
        let t = f64::from_bits(best.load(Relaxed));
        if t == 0.0 {
            // Nothing can make the step shorter.
            return None;
        }
        let reach = || reachable(pair, mesh, x0, x1, t, o.min_distance);
        let Some((hit, query)) = look(pair, mesh, x0, x1, &pair_options(o, t, o.tolerance), reach)
        else {
            skipped.fetch_add(1, Relaxed);
            return None;
        };
        count(&hit);
        // With a minimum distance the search hands over after a few boxes, so an undecided
        // pair is mostly one in general position: the separation stage's rounded look
        // settles it now, for a few microseconds, and its bound shortens what is listed
        // next. (Only the exact roots wait.)
        let rounded = match &query {
            Some(q) if hit.verdict == Verdict::Maybe => {
                q.settle_rounded(hit, &pair_options(o, t, o.tolerance))
            }
            _ => None,
        };
        if let Some(settled) = rounded {
            count(&settled);
            return lower(&settled).then_some((pair, settled, None));
        }
        // Undecided: waits, with the time the rounded look was tried up to.
        if hit.verdict == Verdict::Maybe && query.is_some() {
            return Some((pair, hit, Some(t)));
        }
        lower(&hit).then_some((pair, hit, None))
    };
    // Then the pairs left undecided, earliest first: skipped when no contact of theirs can
    // come before the step found (their search ruled out every time before `lo`), settled by
    // the exact stage up to it otherwise.
    let settle_later = |&(pair, hit, tried): &(Pair, CcdHit, f64)| {
        let t = f64::from_bits(best.load(Relaxed));
        if t == 0.0 || hit.toi.lo() > t {
            return None;
        }
        if !reachable(pair, mesh, x0, x1, t, o.min_distance) {
            skipped.fetch_add(1, Relaxed);
            return None;
        }
        // No contact of its before `lo`, and `lo` within the tolerance of a certain contact
        // (so of `t*`): a step stopped at `lo` is as good as the exact stage's answer would
        // make it. (Several pairs often share one degenerate contact: the edges around a
        // vertex that meets an edge.) The pair is kept undecided, its `lo` a bound on the
        // step, without lowering the bound later pairs are searched to.
        let c = f64::from_bits(certain.load(Relaxed));
        if within(hit.toi.lo(), c, o.tolerance) {
            return Some((pair, hit));
        }
        let query = query_of(pair, mesh, x0, x1);
        // The same by more search where `lo` is coarse: up to the least time within the
        // tolerance of the certain contact, a longer search often rules out every contact
        // for less than the exact stage costs (with a separation it hands over after 16
        // boxes).
        if c.is_finite() && c > 0.0 {
            let until = least_within(c, o.tolerance);
            let longer = CcdOptions {
                exact: false,
                max_iterations: LONGER_SEARCH,
                ..pair_options(o, until, o.tolerance)
            };
            if until > hit.toi.lo() && until <= c && query.search(&longer).verdict.is_false() {
                let toi = Interval::new(until, hit.toi.hi().max(until)).unwrap_or(hit.toi);
                return Some((pair, CcdHit { toi, ..hit }));
            }
        }
        // The rounded look again only over a shorter span than `visit` tried it on (a
        // span it may now show).
        let hit = query.settle_after(hit, &pair_options(o, t, o.tolerance), t < tried);
        count(&hit);
        lower(&hit).then_some((pair, hit))
    };
    // A contact at `t = 0` (a mesh that starts in contact) leaves nothing to search.
    let stopped = || f64::from_bits(best.load(Relaxed)) == 0.0;
    // A sample of the vertices' pairs first, one vertex at a time. Where they are many
    // (every primitive near every other, as in a mesh collapsed to a point, whose pairs
    // number in the square of its size), those listed are looked at before any more are,
    // and a contact at `t = 0` among them ends the step without the rest.
    let sample = sample_of(x0.len());
    let mut looked = Vec::new();
    let mut look_at = |some: &[Pair]| {
        looked.extend(parallel::filter_map(some, |p| visit(p)));
        stopped()
    };
    let (mut pairs, mut looked_at, _, vf_listing) =
        crowd_first(&sample, |v| broad.vertex_face_of(&[v]), &mut look_at);
    // A crowded window is cut before more is listed (see `Windows`).
    let vf = project(pairs.len(), sample.len(), x0.len(), false);
    if !stopped() && crowding.is_some_and(|c| c.crowds(mesh, vf)) {
        return Ok(Listed::Crowded(Projected::VertexFace(vf)));
    }
    // The sample's other pairs next, likeliest first: a contact among them bounds the step,
    // and the other vertices' pairs are listed only up to it (a pair that cannot come near
    // before it cannot shorten the step).
    if !stopped() && looked_at < pairs.len() {
        let mut keyed = estimated(&pairs, looked_at, mesh, x0, x1);
        keyed.sort_unstable_by(|a, b| a.0.total_cmp(&b.0));
        let likeliest: Vec<Pair> = keyed.iter().map(|k| pairs[k.1 as usize]).collect();
        look_at(&likeliest);
        looked_at = pairs.len();
    }
    // The other vertices' pairs.
    let rest_clock = Clock::start();
    if !stopped() {
        broad.vertex_face_until(f64::from_bits(best.load(Relaxed)))?;
        pairs.extend(broad.vertex_face_of(&unsampled(x0.len(), &sample)));
    }
    let rest_seconds = rest_clock.seconds();
    // The same for a sample of the edges (a mesh of edges alone has no faces to crowd),
    // whose pairs searched here are left out of the edge pairs listed below.
    let edges = sample_of(mesh.edges().len());
    let (crowd, crowd_searched, _, ee_listing) = if stopped() {
        (Vec::new(), 0, true, 0.0)
    } else {
        // Edge slots (one per edge) of the edges' tree.
        crowd_first(&edges, |e| broad.edge_edge_of(&[e]), &mut look_at)
    };
    let both = vf + project(crowd.len(), edges.len(), mesh.edges().len(), true);
    if !stopped() && crowding.is_some_and(|c| c.crowds(mesh, both)) {
        return Ok(Listed::Crowded(Projected::Both(both)));
    }
    // The vertex–face pairs likeliest to meet first, for a bound on the step; then the edge
    // pairs only up to it (it only falls, and a pair that cannot come near before it cannot
    // shorten the step); then all the others, the likeliest to meet first.
    // `pairs` holds the vertex–face pairs, then the edge pairs.
    let vertex_face = pairs.len();
    let (first, mut others) = earliest_first(estimated(&pairs, looked_at, mesh, x0, x1), PROBE);
    looked.extend(parallel::filter_map(&first, |&i| visit(&pairs[i as usize])));
    let edges_clock = Clock::start();
    let edges_until = f64::from_bits(best.load(Relaxed));
    let edge_pairs = broad.edge_edge(edges_until)?;
    // The edge candidates: those listed, or where a contact at `t = 0` stopped the listing,
    // the sample's.
    // The same for the pairs moving alike that the static test ruled out while listing.
    let [all_apart, sample_apart] = broad.apart_alike();
    let (listed, apart_alike) = if edges_until > 0.0 {
        (edge_pairs.len(), all_apart)
    } else {
        (crowd.len(), all_apart + sample_apart)
    };
    pairs.extend(unsearched(edge_pairs, &crowd[..crowd_searched]));
    let edges_seconds = edges_clock.seconds() + rest_seconds + vf_listing + ee_listing;
    broad_seconds += edges_seconds;
    if !stopped() {
        others.extend(estimated(&pairs, vertex_face, mesh, x0, x1));
        let (first, rest) = earliest_first(others, FIRST);
        let visit_at = |&i: &u32| visit(&pairs[i as usize]);
        looked.extend(parallel::filter_map(&first, visit_at));
        if !stopped() {
            let rest: Vec<u32> = rest.into_iter().map(|k| k.1).collect();
            looked.extend(parallel::filter_map(&rest, visit_at));
        }
    }
    let (mut later, mut hits) = (Vec::new(), Vec::new());
    for (pair, hit, undecided) in looked {
        if let Some(tried) = undecided {
            later.push((pair, hit, tried));
        } else {
            hits.push((pair, hit));
        }
    }
    later.sort_unstable_by_key(|(_, hit, _)| key(hit.toi.lo()));
    hits.extend(parallel::filter_map(&later, settle_later));
    // Narrow the earliest contact until it is within the tolerance; another pair may then
    // become the earliest, and is narrowed in turn.
    let mut within_tolerance = hits.is_empty();
    // The width a contact's time is narrowed to: half the tolerance relative to its `hi`.
    let width = |h: &CcdHit| o.tolerance * h.toi.hi() * 0.5;
    let mut stuck = vec![false; hits.len()];
    let mut limit = None;
    let mut t = o.t_max;
    for _ in 0..4 * hits.len() + 64 {
        let Some(k) = (0..hits.len()).min_by_key(|&k| key(hits[k].1.toi.lo())) else {
            break;
        };
        let (pair, hit) = hits[k];
        (t, limit) = (f64::from_bits(key(hit.toi.lo())), Some(pair));
        let hi = hit.toi.hi();
        if hit.verdict != Verdict::True {
            // An undecided pair first: no contact before its `lo`, and `t*` no later than
            // any certain contact. Within the tolerance of the earliest one, that contact's
            // pair is the limit (the undecided pair, bounded by a search that ruled out
            // every contact up to its `lo`, may never meet at all); otherwise the undecided
            // pair stays the limit, its contact unknown.
            let earliest = hits
                .iter()
                .filter(|(_, h)| h.verdict == Verdict::True)
                .min_by(|a, b| a.1.toi.hi().total_cmp(&b.1.toi.hi()));
            if let Some(&(certain, h)) = earliest {
                within_tolerance = within(t, h.toi.hi(), o.tolerance);
                if within_tolerance {
                    limit = Some(certain);
                }
            }
            break;
        }
        if within(t, hi, o.tolerance) {
            within_tolerance = true;
            break;
        }
        // Narrowing stopped making progress on this pair before (deterministic: it would
        // again), or the tolerance underflows here: no tolerance to search with.
        if stuck[k] || width(&hit) <= 0.0 {
            break;
        }
        // Narrowed with it, in parallel: every other certain contact that could still come
        // first (its `lo` below `hi`, which bounds this one's narrowed `lo`) and is not yet
        // within the tolerance, each of which this loop would otherwise narrow in turn as
        // it became the earliest (several pairs often share one contact, each coarse where
        // a minimum distance handed it to the exact stage). A pair whose narrowing made no
        // progress is not run again, so every pair runs a bounded number of times.
        let batch: Vec<usize> = (0..hits.len())
            .filter(|&j| {
                let h = hits[j].1;
                j == k
                    || (!stuck[j]
                        && h.verdict == Verdict::True
                        && h.toi.lo() < hi
                        && !within(h.toi.lo(), h.toi.hi(), o.tolerance)
                        && width(&h) > 0.0)
            })
            .collect();
        let narrowed = parallel::map(batch.len(), |i| {
            let (pair, h) = hits[batch[i]];
            run(pair, mesh, x0, x1, &pair_options(o, h.toi.hi(), width(&h)))
        });
        for (&j, again) in batch.iter().zip(narrowed) {
            if again.exact {
                exact.fetch_add(1, Relaxed);
            }
            let before = hits[j].1.toi;
            // No progress: a contact by `hi` is certain, so `False` cannot happen.
            if again.verdict == Verdict::False
                || again.toi.hi() - again.toi.lo() >= before.hi() - before.lo()
            {
                stuck[j] = true;
            } else {
                hits[j].1 = again;
            }
        }
        if stuck[k] {
            break;
        }
    }
    Ok(Listed::Done(Step {
        t,
        limit,
        within_tolerance,
        candidates: vertex_face + listed + apart_alike,
        skipped: skipped.into_inner(),
        exact_stage: exact.into_inner(),
        static_pairs: fixed.into_inner() + apart_alike,
        windows: 1,
        broad_seconds,
        narrow_seconds: clock.seconds() - edges_seconds,
    }))
}

/// A stopwatch that reads 0 where the platform has no clock (`wasm32-unknown-unknown`).
struct Clock {
    #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
    start: std::time::Instant,
}

impl Clock {
    fn start() -> Self {
        Self {
            #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
            start: std::time::Instant::now(),
        }
    }

    fn seconds(&self) -> f64 {
        #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
        return self.start.elapsed().as_secs_f64();
        #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
        0.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::pow2;

    /// How windows are cut. A window crowded again and again, thinner each time, is halved
    /// [`HALVINGS`] times and then no longer tested; one not thinner by a quarter than the
    /// last is not halved again. A motion whose first window is halved twenty times and every later one
    /// once (each then stepped through: twice as long as the last, halved back) would take
    /// a million windows: crowding is tested in the first [`MAX_WINDOWS`] only, and past
    /// them the windows double, to `t_max` in a few more. The windows tile `[0, t_max]`.
    #[test]
    fn windows_are_halved_and_cut_a_bounded_number_of_times() {
        let thinner = |k: usize| Projected::Both(1 << 50 >> (2 * k));
        let mut w = Windows::new(1.0, CROWDING);
        for k in 0..HALVINGS {
            w.crowded(thinner(k));
            assert_eq!(
                (w.next().1, w.next().2.is_some()),
                (pow2(-1 - k as i32), true)
            );
        }
        w.crowded(thinner(HALVINGS));
        assert!(w.next().2.is_none());
        let mut w = Windows::new(1.0, CROWDING);
        w.crowded(Projected::Both(1000));
        w.crowded(Projected::Both(751));
        assert_eq!((w.next().1, w.next().2.is_none()), (0.5, true));
        // Thinner by a quarter exactly: halved again.
        let mut w = Windows::new(1.0, CROWDING);
        w.crowded(Projected::Both(1000));
        w.crowded(Projected::Both(750));
        assert_eq!((w.next().1, w.next().2.is_some()), (0.25, true));
        // Crowded by both kinds of pair after the vertex–face pairs alone: those are no longer
        // too many, so halving helped. The other way round it did not.
        let mut w = Windows::new(1.0, CROWDING);
        w.crowded(Projected::VertexFace(1000));
        w.crowded(Projected::Both(1 << 40));
        assert_eq!((w.next().1, w.next().2.is_some()), (0.25, true));
        w.crowded(Projected::VertexFace(1));
        assert_eq!((w.next().1, w.next().2.is_none()), (0.25, true));

        for t_max in [1.0, 0.75, pow2(-30)] {
            let mut windows = Windows::new(t_max, CROWDING);
            for k in 0..20 {
                windows.crowded(thinner(k));
            }
            let (mut end, mut stepped) = (0.0, 0);
            loop {
                let (from, to, crowding) = windows.next();
                assert!(from < to && to <= t_max, "{from} {to}");
                assert_eq!(
                    crowding.is_some(),
                    stepped < MAX_WINDOWS,
                    "window {stepped}"
                );
                if stepped > 0 && crowding.is_some() {
                    windows.crowded(thinner(0));
                }
                let (from, to, _) = windows.next();
                assert_eq!(from, end, "a gap before window {stepped}");
                (end, stepped) = (to, stepped + 1);
                if to >= t_max {
                    break;
                }
                windows.done();
                assert_eq!(windows.stepped, stepped);
            }
            assert_eq!(end, t_max);
            assert!(
                stepped > MAX_WINDOWS && stepped < MAX_WINDOWS + 32,
                "{stepped}"
            );
        }
    }

    /// Windows of time: a small grid turning in its plane by up to 170° and tilting out of
    /// it, its end positions nudged on a grid, with and without a minimum distance, cut into
    /// windows at every chance (every window crowded: thresholds of 0), steps as every pair
    /// decides on its own over the whole motion (never past a certain contact, never short
    /// of the earliest possible one by more than the tolerance) and as the step in one
    /// window does; the yes/no question agrees with the step. (A turn moves each vertex along
    /// a chord through the grid, so the grid shrinks and may fold onto itself.) At unit
    /// scale, scaled by `2^-1000`, `2^600` and `2^-40`, and a million units from the origin.
    #[test]
    fn windows_of_time_step_as_every_pair_decides() {
        let every = Crowding {
            few_pairs: 0,
            per_primitive: 0,
        };
        let never = Crowding {
            few_pairs: 1 << 24,
            per_primitive: u64::MAX,
        };
        let mut g = crate::testing::Rng(0x51AB);
        let mut cut = [0; 5];
        let cases = 60;
        let mut contacts = [0; 5];
        let mut several = [0; 5];
        for case in 0..cases {
            // Scaled by powers of two (the same motions, but for coordinates that fall
            // below the normal range; products underflow or overflow at the extremes), or
            // moved far from the origin (other inputs, rounded, which the pairs' own CCD
            // sees too).
            let (scale, offset) = [
                (1.0, 0.0),
                (pow2(-1000), 0.0),
                (pow2(600), 0.0),
                (1.0, 1e6 + 0.25),
                (pow2(-40), -3.0),
            ][case / 12];
            let n = 3 + g.below(3) as u32;
            let at = |i: u32| f64::from(i) / f64::from(n - 1) - 0.5;
            let mut x0: Vec<[f64; 3]> = (0..n * n).map(|k| [at(k / n), at(k % n), 0.0]).collect();
            let mut faces = Vec::new();
            for i in 0..n - 1 {
                for j in 0..n - 1 {
                    let k = i * n + j;
                    faces.extend([[k, k + 1, k + n], [k + 1, k + n + 1, k + n]]);
                }
            }
            // A wall at rest across the plane x = w, which the turning grid may sweep into.
            let w = 0.25 + g.below(16) as f64 / 32.0;
            let k = n * n;
            x0.extend([[w, -2.0, -1.0], [w, 2.0, -1.0], [w, 0.0, 2.0]]);
            faces.push([k, k + 1, k + 2]);
            let mesh = CcdMesh::new(x0.len(), &faces).unwrap();
            let turn = (10.0 + 160.0 * g.below(1 << 10) as f64 / 1024.0).to_radians();
            let tilt: f64 = [0.0, 0.5, 1.2][case % 3];
            let nudge = |g: &mut crate::testing::Rng| (g.below(5) as f64 - 2.0) / 16.0;
            let x1: Vec<[f64; 3]> = x0
                .iter()
                .enumerate()
                .map(|(i, p)| {
                    if i >= k as usize {
                        return *p;
                    }
                    let (x, y) = (
                        turn.cos() * p[0] - turn.sin() * p[1],
                        turn.sin() * p[0] + turn.cos() * p[1],
                    );
                    let n = if case % 2 == 0 { nudge(&mut g) } else { 0.0 };
                    [x + n, tilt.cos() * y, tilt.sin() * y]
                })
                .collect();
            let far = |p: &[f64; 3]| p.map(|x| x * scale + offset);
            let (x0, x1): (Vec<_>, Vec<_>) =
                (x0.iter().map(far).collect(), x1.iter().map(far).collect());
            let o = StepOptions {
                min_distance: if case % 4 == 1 { scale / 32.0 } else { 0.0 },
                threads: 1,
                ..StepOptions::default()
            };
            let broad = Broad::window(&mesh, &x0, &x1, o.min_distance, (0.0, 1.0)).unwrap();
            let first = step(&mesh, &x0, &x1, &o, broad, Some(every)).unwrap();
            cut[case / 12] += usize::from(matches!(first, Listed::Crowded(_)));
            let step = in_windows(&mesh, &x0, &x1, &o, every).unwrap();
            let whole = in_windows(&mesh, &x0, &x1, &o, never).unwrap();
            assert_eq!(whole.windows, 1, "case {case}");
            several[case / 12] += usize::from(step.windows > 2);
            // Every pair on its own.
            let ccd = pair_options(&o, 1.0, o.tolerance);
            let (mut lowest, mut certain) = (f64::INFINITY, f64::INFINITY);
            let v = mesh.vertex_count() as u32;
            let vf = (0..v).flat_map(|vertex| {
                (0..faces.len() as u32).map(move |face| Pair::VertexFace { vertex, face })
            });
            let e = mesh.edges().len() as u32;
            let ee = (0..e).flat_map(|a| (a + 1..e).map(move |b| Pair::EdgeEdge { a, b }));
            for pair in vf.chain(ee) {
                let ids = pair.vertices(&mesh);
                let distinct = match pair {
                    Pair::VertexFace { .. } => !ids[1..].contains(&ids[0]),
                    Pair::EdgeEdge { .. } => !ids[..2].iter().any(|i| ids[2..].contains(i)),
                };
                if !distinct {
                    continue;
                }
                let hit = run(pair, &mesh, &x0, &x1, &ccd);
                assert!(!hit.verdict.is_maybe(), "case {case}: {pair:?} undecided");
                if hit.verdict != Verdict::False {
                    lowest = lowest.min(hit.toi.lo());
                }
                if hit.verdict == Verdict::True {
                    certain = certain.min(hit.toi.hi());
                }
            }
            for s in [&step, &whole] {
                assert!(s.t <= certain, "case {case}: {s:?} past {certain}");
                if lowest.is_finite() {
                    assert!(
                        s.t >= lowest * (1.0 - 2e-6),
                        "case {case}: {s:?} short of {lowest}"
                    );
                    assert!(
                        s.limit.is_some() && s.within_tolerance,
                        "case {case}: {s:?}"
                    );
                } else {
                    assert!(s.t == 1.0 && s.limit.is_none(), "case {case}: {s:?}");
                }
            }
            let free = free_in_windows(&mesh, &x0, &x1, &o, every).unwrap();
            assert_eq!(free, Verdict::from(lowest.is_infinite()), "case {case}");
            contacts[case / 12] += usize::from(lowest.is_finite());
        }
        // Contacts at every scale, and some motions free of them.
        assert!(contacts.iter().all(|&c| c > 0), "{contacts:?}");
        assert!(contacts.iter().sum::<usize>() < cases, "{contacts:?}");
        // The windows were cut, most of the time, at every scale, and some steps went on
        // through three windows or more.
        assert!(cut.iter().all(|&c| 2 * c >= 12), "{cut:?} of 12 cut");
        assert!(several.iter().all(|&c| c > 0), "{several:?}");
    }

    /// The first places go to the lowest estimates, overlapping pairs (negative estimates)
    /// taking at most half of them while others remain, the two kinds in turn; every other
    /// pair follows once, in the order given.
    #[test]
    fn the_likeliest_pairs_come_first_and_the_rest_keep_their_order() {
        let mut g = crate::testing::Rng(3);
        let mut next = move || g.below(1 << 32) as u32;
        for (n, first) in [(0, 4), (1, 4), (10, 4), (10, 40), (500, 64), (3000, 256)] {
            for near_share in [0, 1, 3, 9, 10] {
                let keyed: Vec<(f32, u32)> = (0..n)
                    .map(|i| {
                        let e = (next() % 1000) as f32 / 100.0;
                        let key = if next() % 10 < near_share { -e } else { e };
                        (key, i as u32 * 3)
                    })
                    .collect();
                let (head, rest) = earliest_first(keyed.clone(), first);
                let near = keyed.iter().filter(|k| k.0 < 0.0).count();
                let apart = n - near;
                let take_near = near.min((first / 2).max(first.saturating_sub(apart)));
                let take_apart = apart.min(first - take_near);
                assert_eq!(head.len(), take_near + take_apart);
                // Each kind's share is its lowest estimates, in order.
                let key = |id: u32| keyed.iter().find(|k| k.1 == id).unwrap().0;
                let (h_near, h_apart): (Vec<u32>, Vec<u32>) =
                    head.iter().partition(|&&id| key(id) < 0.0);
                assert_eq!((h_near.len(), h_apart.len()), (take_near, take_apart));
                for (h, is_near) in [(&h_near, true), (&h_apart, false)] {
                    assert!(h.windows(2).all(|w| key(w[0]) <= key(w[1])));
                    let worst = h.last().map_or(f32::NEG_INFINITY, |&id| key(id));
                    let lower_left_out = rest.iter().any(|k| (k.0 < 0.0) == is_near && k.0 < worst);
                    assert!(!lower_left_out, "n {n} first {first}");
                }
                // Every pair once; the rest in the given order.
                let mut all: Vec<u32> = head
                    .iter()
                    .copied()
                    .chain(rest.iter().map(|k| k.1))
                    .collect();
                all.sort_unstable();
                assert_eq!(all, keyed.iter().map(|k| k.1).collect::<Vec<_>>());
                let ids: Vec<u32> = rest.iter().map(|k| k.1).collect();
                assert!(ids.windows(2).all(|w| w[0] < w[1]));
                assert!(rest.iter().all(|k| keyed[(k.1 / 3) as usize] == *k));
            }
        }
    }
}
