//! The broad phase of mesh CCD: the vertex–face and edge–edge pairs whose swept boxes meet
//! and, where pieces move alike, that can come near each other at one time.
//!
//! # Why no pair is lost
//! A point moving linearly from `p0` to `p1` stays on the segment between them, so for
//! `t` in `[0, 1]` it lies in the box of `p0` and `p1`, whose bounds are the exact minimum and
//! maximum of the coordinates (no rounding). A primitive (edge, face) is the convex hull of
//! its vertices, so it lies in the union of their boxes at every time. Two primitives whose
//! boxes are apart by more than `d` on some axis are more than `d` apart at every time. The
//! query box is widened by `d` with outward rounding (its lower bounds rounded down, upper
//! bounds up), and the hierarchy prunes only boxes that certainly miss it
//! ([`Bvh`] compares doubles, which is exact): every pair that can come within `d` is kept.
//!
//! The second test, used when a sample of a mesh large enough for several threads shows
//! that it pays ([`moves_alike`]),
//! compares the two primitives at the same time instead of over the whole motion
//! ([`Reach::may_meet`]: their difference on each axis is an interval whose ends move
//! linearly with `t`, so they are checked at `t = 0` and `t = 1`); its boxes are rounded
//! outward to `f32`, and a node's boxes hold those of every primitive below it. A pair is a
//! candidate when both tests keep it, and each only rules out pairs that certainly never
//! come within `d`.
//!
//! Last, the pairs listed are tested along the six diagonals of the coordinate planes
//! ([`Diagonals`]: each primitive's projections bounded from its vertices' boxes, the same
//! boxes the listing uses, so over the same span of time), which tell apart the neighbours
//! of a sheet whose boxes touch across a diagonal (the draped cloth of the benchmarks: 73,866
//! of the 96,669 pairs whose boxes meet there), and then along one axis over the whole motion
//! ([`apart_over_motion`], whose margin covers every rounding), unless all their points move
//! alike: the neighbours in a sheet that bends or slides, which boxes cannot tell apart, are
//! most of a cloth's pairs. This test too rules out only pairs that never come within `d`.
//! A pair whose points all move alike keeps its distance over the whole motion; the exact
//! static test ([`co_moving`]) decides it here, and only a pair within `d` (or one it leaves
//! undecided) is listed: the sheets of a cloth translated in one piece, or a static obstacle,
//! otherwise list thousands of neighbours that never meet (cloth-40: 15,202 of 15,522).

use super::co_moving::{co_moving, shift};
use super::diagonals::{self, Diagonals};
use super::parallel;
use super::CcdMesh;
use crate::bvh::{meets, union, widen, Box3, Bvh, EMPTY};
use crate::filter::apart::{apart_while_moving, Axis};
use crate::ShapeError;
use core::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use surety_intervals::{Vec3, Verdict};

/// Two primitives of a [`CcdMesh`] that CCD tests against each other: a vertex and a face,
/// or two edges (indices into [`CcdMesh::faces`] and [`CcdMesh::edges`]).
///
/// # Example
/// ```
/// use surety_queries::ccd::Pair;
///
/// let p = Pair::VertexFace { vertex: 3, face: 0 };
/// assert_ne!(p, Pair::EdgeEdge { a: 3, b: 0 });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pair {
    /// A vertex and a face it is not a corner of.
    VertexFace {
        /// The vertex's index.
        vertex: u32,
        /// The face's index in [`CcdMesh::faces`].
        face: u32,
    },
    /// Two edges with no vertex in common (`a < b`, indices in [`CcdMesh::edges`]).
    EdgeEdge {
        /// The first edge's index.
        a: u32,
        /// The second edge's index.
        b: u32,
    },
}

impl Pair {
    /// Where the first primitive's vertices end in [`Pair::vertices`]: 1 for a vertex and a
    /// face, 2 for two edges.
    pub(super) fn split(self) -> usize {
        match self {
            Pair::VertexFace { .. } => 1,
            Pair::EdgeEdge { .. } => 2,
        }
    }

    /// The pair's four vertices: `[vertex, corner 0, corner 1, corner 2]` or
    /// `[a0, a1, b0, b1]`, the order of [`vertex_face_ccd`](super::vertex_face_ccd) and
    /// [`edge_edge_ccd`](super::edge_edge_ccd).
    pub(super) fn vertices(self, mesh: &CcdMesh) -> [u32; 4] {
        match self {
            Pair::VertexFace { vertex, face } => {
                let [a, b, c] = mesh.faces()[face as usize];
                [vertex, a, b, c]
            }
            Pair::EdgeEdge { a, b } => {
                let ([a0, a1], [b0, b1]) = (mesh.edges()[a as usize], mesh.edges()[b as usize]);
                [a0, a1, b0, b1]
            }
        }
    }
}

/// The box holding a point's positions over `[0, 1]`.
fn swept(p0: [f64; 3], p1: [f64; 3]) -> Box3 {
    [
        core::array::from_fn(|k| p0[k].min(p1[k])),
        core::array::from_fn(|k| p0[k].max(p1[k])),
    ]
}

/// A box with `f32` bounds.
type Box32 = [[f32; 3]; 2];

/// `x` rounded down to an `f32` (`-∞` below `f32`'s range, `f32::MAX` above it).
fn down32(x: f64) -> f32 {
    let y = x as f32;
    if f64::from(y) > x {
        y.next_down()
    } else {
        y
    }
}

/// `x` rounded up to an `f32` (`+∞` above `f32`'s range, `-f32::MAX` below it).
fn up32(x: f64) -> f32 {
    let y = x as f32;
    if f64::from(y) < x {
        y.next_up()
    } else {
        y
    }
}

/// Where some moving points are at `t = 0` and how they move, in `f32` bounds rounded
/// outward: `start` holds their positions at `t = 0` relative to a centre (the same for every
/// point compared, so that a mesh far from the origin keeps `f32`'s precision), `shift` their
/// displacements `x1 − x0`. At time `t` each of them, and each point of a primitive they span
/// (a convex combination of them), lies in `centre + start + t·shift`.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Motion {
    start: Box32,
    shift: Box32,
}

impl Default for Motion {
    /// Holds nothing: the identity of [`Motion::join`].
    fn default() -> Self {
        let empty = [[f32::INFINITY; 3], [f32::NEG_INFINITY; 3]];
        Motion {
            start: empty,
            shift: empty,
        }
    }
}

impl Motion {
    /// A vertex moving from `p0` to `p1`, seen from `centre`. The computed differences are
    /// within half an ulp of the exact ones, so one step down and up encloses them (an
    /// overflow to an infinity steps back to `±f64::MAX`, below the exact magnitude, on the
    /// safe side).
    fn vertex(p0: [f64; 3], p1: [f64; 3], centre: [f64; 3]) -> Self {
        let d: [f64; 3] = core::array::from_fn(|k| p1[k] - p0[k]);
        let s: [f64; 3] = core::array::from_fn(|k| p0[k] - centre[k]);
        Motion {
            start: [
                s.map(|x| down32(x.next_down())),
                s.map(|x| up32(x.next_up())),
            ],
            shift: [
                d.map(|x| down32(x.next_down())),
                d.map(|x| up32(x.next_up())),
            ],
        }
    }

    /// The smallest pair of boxes holding both (exact).
    fn join(self, other: Self) -> Self {
        Motion {
            start: union(self.start, other.start),
            shift: union(self.shift, other.shift),
        }
    }

    /// Every vertex of `ids`, each vertex's own given by `vertex`.
    fn of(vertex: impl Fn(u32) -> Motion, ids: impl IntoIterator<Item = u32>) -> Self {
        ids.into_iter()
            .map(vertex)
            .fold(Motion::default(), Motion::join)
    }

    /// The boxes [`Reach::may_meet`] compares: `start`, and `start + shift` (the box every
    /// point would reach at `t = 1` if each could take any of the shifts), both widened by
    /// `h` on every side; each bound rounded outward. No sum is a `NaN`: lower bounds are
    /// never `+∞`, upper bounds never `−∞`.
    fn reach(self, h: f32) -> Reach {
        let [[s0, s1], [h0, h1]] = [self.start, self.shift];
        let lo = |x: f32| if h > 0.0 { (x - h).next_down() } else { x };
        let hi = |x: f32| if h > 0.0 { (x + h).next_up() } else { x };
        Reach {
            start: [s0.map(lo), s1.map(hi)],
            end: [
                core::array::from_fn(|k| lo((s0[k] + h0[k]).next_down())),
                core::array::from_fn(|k| hi((s1[k] + h1[k]).next_up())),
            ],
        }
    }
}

/// The two boxes of a [`Motion`] that [`Reach::may_meet`] compares (see [`Motion::reach`]).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Reach {
    start: Box32,
    end: Box32,
}

impl Reach {
    /// Can a point of `self` and a point of `other` come within `d` of each other on every
    /// axis at one time `t` in `[0, 1]`, where both were widened by at least `d/2`? False only
    /// when they certainly cannot.
    ///
    /// On each axis their difference at time `t` lies in `[lo + t·slo, hi + t·shi]`, the
    /// differences of the exact boxes (`[lo, hi]` of the starts, `[slo, shi]` of the
    /// shifts). Its lower end is linear in `t`, so it is at most `d` for some `t` in `[0, 1]`
    /// only if it is at `t = 0` or at `t = 1`: `self.start.lo − other.start.hi ≤ d` or the
    /// same with the `end` boxes (`start + shift`); likewise for the upper end. The boxes
    /// here hold the exact ones widened by `d/2`, so each comparison of their bounds holds
    /// whenever the exact one does; comparing floats is exact.
    ///
    /// Unlike boxes swept over `[0, 1]`, this compares both at the same time: two pieces
    /// that move together (a falling cloth's neighbouring triangles, a body moving as one)
    /// are as far apart as at rest, however far they move. Unlike them it forgets which
    /// start goes with which shift (two vertices that swap places seem to reach beyond
    /// both), so the candidates are the pairs both tests keep.
    #[inline]
    fn may_meet(&self, other: &Reach) -> bool {
        let (a, b) = (self, other);
        // Every axis tested, without a branch: which fails is not predictable.
        let axis = |k: usize| {
            ((a.start[0][k] <= b.start[1][k]) | (a.end[0][k] <= b.end[1][k]))
                & ((a.start[1][k] >= b.start[0][k]) | (a.end[1][k] >= b.end[0][k]))
        };
        axis(0) & axis(1) & axis(2)
    }
}

/// The most items in a leaf of the broad phase's trees: more than a mesh query's
/// ([`Bvh::LEAF_SIZE`]), as a tree walked against itself or queried by every vertex once
/// spends less on fewer nodes than on the items' boxes tested in sequence (cloth-200's
/// broad phase: 8 against 4, a sixth less time).
const LEAF: usize = 8;

/// The faces' (`N = 3`) or the edges' (`N = 2`) side of the broad phase: the tree over
/// their swept boxes, and each one's box and vertices in the tree's slot order
/// ([`Bvh::items_in_order`]), so that a leaf's items are read in sequence: a walk over a
/// large mesh is bound by memory, not arithmetic.
struct Side<const N: usize> {
    tree: Bvh,
    /// `boxes[s]`: the box of the item in slot `s`.
    boxes: Vec<Box3>,
    /// `ids[s]`: its vertices.
    ids: Vec<[u32; N]>,
}

impl<const N: usize> Side<N> {
    /// The tree over the boxes of `items`, each the union of its vertices' `vertex` boxes.
    fn new(vertex: &[Box3], items: &[[u32; N]]) -> Result<Self, ShapeError> {
        // The tree's order from the items' boxes made as the builder reads them (from their
        // vertices' boxes, in the items' order); the boxes kept are made once, in the
        // tree's slot order, and give the nodes theirs by slot (not gathered by item from
        // an array in the items' order: a wait on memory per item on a large mesh).
        // Recomputed rather than permuted from such an array: neighbouring slots' vertices
        // are near each other (the tree sorts along a Morton curve), while a permutation
        // waits on memory at every step (a quarter of a second on a cloth of 10^6 faces).
        let mut tree = Bvh::new_linear_unfilled(
            items.len(),
            |k| item_box(vertex, items[k]),
            parallel::shared(),
            LEAF,
        )?;
        let order = tree.items_in_order();
        let ids = parallel::map(order.len(), |s| items[order[s] as usize]);
        let boxes = parallel::map(ids.len(), |s| item_box(vertex, ids[s]));
        tree.refit_slots(&boxes);
        Ok(Side { tree, boxes, ids })
    }

    /// Each item's box rebuilt from the boxes of its vertices, and the tree refitted to them.
    fn refit(&mut self, vertex: &[Box3]) {
        let ids = &self.ids;
        parallel::fill(&mut self.boxes, |s| item_box(vertex, ids[s]));
        self.tree.refit_slots(&self.boxes);
    }

    /// The item in slot `s`.
    #[inline]
    fn item(&self, s: usize) -> u32 {
        self.tree.items_in_order()[s]
    }
}

/// What the broad phase tests besides the swept boxes when pieces move alike: every
/// vertex's [`Motion`], and the [`Reach`] of every node of the faces' and the edges' trees
/// (a face's or an edge's own is computed where it is needed).
struct Alike {
    motion: Vec<Motion>,
    faces: Vec<Reach>,
    edges: Vec<Reach>,
    /// Half the distance, rounded up.
    h: f32,
}

impl Alike {
    /// The [`Reach`] of the vertices `ids`.
    fn of(&self, ids: impl IntoIterator<Item = u32>) -> Reach {
        Motion::of(|i| self.motion[i as usize], ids).reach(self.h)
    }
}

/// The [`Reach`] of every node of `side`'s tree.
fn node_reach<const N: usize>(side: &Side<N>, motion: &[Motion], h: f32) -> Vec<Reach> {
    side.tree
        .per_node(
            |slots| {
                let ids = side.ids[slots].iter().flatten().copied();
                Motion::of(|i| motion[i as usize], ids)
            },
            Motion::join,
        )
        .into_iter()
        .map(|m| m.reach(h))
        .collect()
}

/// Whether [`Reach::may_meet`] pays on this step: on a sample of up to 64 vertices and 64
/// edges spread over the mesh (a sixteenth of each, at least 8, on a small mesh, where 64
/// queries of their own cost half as much as the whole broad phase), the share of the pairs
/// the swept boxes keep that it rules out.
/// Where pieces move apart (a cloth falling onto a ball) it rules out almost none of them and
/// costs a second box per node; where they move alike (a body flying as one, a cloth
/// sliding along itself) it rules out most. Only the speed depends on this choice. (Not made
/// for a mesh of fewer than [`parallel::SMALL`] primitives, which goes without.)
fn moves_alike(
    mesh: &CcdMesh,
    vertex: &[Box3],
    faces: &Side<3>,
    edges: &Side<2>,
    motion: impl Fn(u32) -> Motion + Sync + Copy,
    d: f64,
    h: f32,
) -> bool {
    let of = |ids: &[u32]| Motion::of(motion, ids.iter().copied()).reach(h);
    // Up to SAMPLE_PAIRS of each kind (each vertex's or edge's all: a sample of whole
    // queries), so that a crowded mesh, whose vertices each meet every face, is not
    // sampled at the cost of its whole broad phase.
    let mut pairs = Vec::new();
    for v in sample(vertex.len()) {
        if pairs.len() >= SAMPLE_PAIRS {
            break;
        }
        let none = |_: u32| ();
        pairs.extend(vertex_face_pairs(
            &[v],
            vertex,
            faces,
            d,
            none,
            |_, _| true,
            |_, _| true,
            |_| true,
        ));
    }
    let vertex_face = pairs.len();
    for e in sample(edges.boxes.len()) {
        if pairs.len() - vertex_face >= SAMPLE_PAIRS {
            break;
        }
        pairs.extend(edge_queries(
            &[e],
            edges,
            d,
            |_| (),
            |_, _| true,
            |_, _| true,
            |_| true,
        ));
    }
    let ruled_out = pairs
        .iter()
        .filter(|pair| {
            let (v, split) = (pair.vertices(mesh), pair.split());
            !of(&v[..split]).may_meet(&of(&v[split..]))
        })
        .count();
    3 * ruled_out >= pairs.len() && ruled_out > 0
}

/// How many pairs of each kind [`moves_alike`] looks at, at most (and each sampled vertex's
/// or edge's all).
const SAMPLE_PAIRS: usize = 4096;

/// The most vertices whose motions the broad phase computes all at once before choosing
/// [`moves_alike`]: the choice's sample reaches about four vertices per pair, so above
/// this many it computes fewer motions than the mesh has (and keeps no array of them).
/// (The unit tests' meshes, of 20 to 35 vertices, take both ways.)
const MOTIONS_AHEAD: usize = if cfg!(test) { 24 } else { 8 * SAMPLE_PAIRS };

/// Up to 64 of the indices `0..n` spread evenly over them (a sixteenth, at least 8, of a
/// small range), increasing.
pub(super) fn sample(n: usize) -> Vec<u32> {
    let m = n.min((n / 16).max(8)).min(64);
    (0..m).map(|k| (k * n / m) as u32).collect()
}

/// Calls `then` with each slot of `range` for which `test` holds, in order: the tests of up
/// to 64 slots at a time gathered into a mask first, so that the compiler can make them
/// without branches (the outcomes of the broad phase's cheap tests are not predictable: a
/// small cloth's edge walk spent most of its time on mispredicted comparisons, 5-7 % of its
/// step), then the mask's slots.
#[inline(always)]
fn each_passing(
    range: core::ops::Range<usize>,
    test: impl Fn(usize) -> bool,
    mut then: impl FnMut(usize),
) {
    let mut start = range.start;
    while start < range.end {
        let end = range.end.min(start + 64);
        let mut mask = (start..end).fold(0u64, |m, s| m | (u64::from(test(s)) << (s - start)));
        while mask != 0 {
            let k = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            then(start + k);
        }
        start = end;
    }
}

/// Whether two edges have no vertex in common (only such pairs are tested).
#[inline(always)]
fn disjoint([a0, a1]: [u32; 2], [b0, b1]: [u32; 2]) -> bool {
    (a0 != b0) & (a0 != b1) & (a1 != b0) & (a1 != b1)
}

/// The vertex–face pairs of the candidates for the vertices `from`: each vertex's swept box
/// widened by `d` as a query of the faces' tree, nodes pruned unless `near` agrees, pairs
/// (the vertex not a corner of the face) whose swept boxes meet kept if `keep` (given the
/// face's vertices) and then `admit` (given the pair) agree; `near` and `keep` are given
/// what `prepare` made of the vertex, once. (The vertices' own tree walked against the
/// faces' found the same pairs no faster: a vertex leaf's boxes met most of a face leaf's
/// only where they touch.)
#[allow(clippy::too_many_arguments)]
fn vertex_face_pairs<P>(
    from: &[u32],
    vertex: &[Box3],
    faces: &Side<3>,
    d: f64,
    prepare: impl Fn(u32) -> P + Sync,
    near: impl Fn(&P, u32) -> bool + Sync,
    keep: impl Fn(&P, [u32; 3]) -> bool + Sync,
    admit: impl Fn(Pair) -> bool + Sync,
) -> Vec<Pair> {
    parallel::flat_map(from, 64, |&v, out| {
        let b = widen(vertex[v as usize], d);
        let p = prepare(v);
        faces.tree.leaves_where(
            |n| meets(&b, &faces.tree.bounds_of(n)) & near(&p, n),
            |slots| {
                // The cheap tests without branches (their outcomes are not predictable:
                // cloth-200's broad phase took a tenth longer with them).
                let apart = |ids: [u32; 3]| (ids[0] != v) & (ids[1] != v) & (ids[2] != v);
                each_passing(
                    slots,
                    |s| meets(&b, &faces.boxes[s]) & apart(faces.ids[s]),
                    |s| {
                        if keep(&p, faces.ids[s]) {
                            let pair = Pair::VertexFace {
                                vertex: v,
                                face: faces.item(s),
                            };
                            if admit(pair) {
                                out.push(pair);
                            }
                        }
                    },
                );
            },
        )
    })
}

/// The edge–edge pairs of the candidates with the edges in the slots `from` of the edges'
/// tree ([`Bvh::items_in_order`]): each one's box widened by `d` as a query of the tree, as
/// [`vertex_face_pairs`] does for vertices, with `prepare`, `near`, `keep` and `admit` as
/// there (a pair of two edges of `from` comes once from each).
fn edge_queries<P>(
    from: &[u32],
    edges: &Side<2>,
    d: f64,
    prepare: impl Fn([u32; 2]) -> P,
    near: impl Fn(&P, u32) -> bool,
    keep: impl Fn(&P, [u32; 2]) -> bool,
    admit: impl Fn(Pair) -> bool,
) -> Vec<Pair> {
    let mut out = Vec::new();
    for &sa in from {
        let sa = sa as usize;
        let b = widen(edges.boxes[sa], d);
        let p = prepare(edges.ids[sa]);
        edges.tree.leaves_where(
            |n| meets(&b, &edges.tree.bounds_of(n)) & near(&p, n),
            |slots| pairs_of_edge(edges, sa, &b, &p, slots, &keep, &admit, &mut out),
        );
    }
    out
}

/// The pairs of the edge in slot `sa` (its box widened by the distance, `widened`, and
/// what `prepare` made of it, `p`) with the edges in `slots`: those with no vertex in common
/// whose boxes meet `widened` (tested without branches, [`each_passing`]), kept if `keep`
/// and then `admit` agree, pushed to `out` in slot order.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn pairs_of_edge<P>(
    edges: &Side<2>,
    sa: usize,
    widened: &Box3,
    p: &P,
    slots: core::ops::Range<usize>,
    keep: &impl Fn(&P, [u32; 2]) -> bool,
    admit: &impl Fn(Pair) -> bool,
    out: &mut Vec<Pair>,
) {
    let ea = edges.ids[sa];
    each_passing(
        slots,
        |sb| disjoint(ea, edges.ids[sb]) & meets(widened, &edges.boxes[sb]),
        |sb| {
            if keep(p, edges.ids[sb]) {
                let (a, b) = (edges.item(sa), edges.item(sb));
                let pair = Pair::EdgeEdge {
                    a: a.min(b),
                    b: a.max(b),
                };
                if admit(pair) {
                    out.push(pair);
                }
            }
        },
    );
}

/// The edge–edge pairs of the candidates: the edges' tree walked against itself (each pair
/// of leaves once), pairs of nodes pruned unless `near`, pairs of edges (no vertex in
/// common) whose swept boxes meet kept if `keep` (given what `prepare` made of the first
/// edge's vertices, once per edge and leaf, and the second's vertices) and then `admit`
/// (given the pair) agree.
fn edge_pairs<P>(
    edges: &Side<2>,
    d: f64,
    near: impl Fn(u32, u32) -> bool + Sync + Copy,
    prepare: impl Fn([u32; 2]) -> P + Sync,
    keep: impl Fn(&P, [u32; 2]) -> bool + Sync,
    admit: impl Fn(Pair) -> bool + Sync,
) -> Vec<Pair> {
    // Tasks to share between threads; on one thread, the whole walk in one (the same pairs,
    // without a thousand small walks to set up: a small cloth's step 2-4 % less).
    let tasks = edges
        .tree
        .pair_tasks(near, if parallel::shared() { 1024 } else { 1 });
    parallel::flat_map(&tasks, 1, |&task, out| {
        edges.tree.walk_pairs(task, near, |left, right| {
            let same = left == right;
            for sa in left {
                let others = if same {
                    sa + 1..right.end
                } else {
                    right.clone()
                };
                let ba = widen(edges.boxes[sa], d);
                let p = prepare(edges.ids[sa]);
                pairs_of_edge(edges, sa, &ba, &p, others, &keep, &admit, out);
            }
        });
    })
}

/// The candidates: every vertex–face pair (the vertex not a corner of the face) and
/// edge–edge pair (no vertex in common) that can come within `d` of each other on every axis
/// at one time in `[0, 1]`, vertex–face pairs first (in the order of their vertex), then edge
/// pairs: the pairs whose boxes swept over `[0, 1]` come within `d`, and, where pieces move
/// alike ([`moves_alike`]), whose [`Reach`]es may meet too, less those apart along an axis
/// over the whole motion ([`apart_over_motion`]). (The step and
/// `is_step_collision_free` list them in parts through [`Broad`].)
///
/// The hierarchies are built over the primitives' swept boxes; where the [`Reach`] is
/// tested, every node also holds the [`Reach`] of all the primitives below it: a node's
/// boxes hold its items', so a pair of nodes either test rules out holds no pair of
/// primitives it would keep.
#[cfg(test)]
pub(super) fn candidates(
    mesh: &CcdMesh,
    x0: &[[f64; 3]],
    x1: &[[f64; 3]],
    d: f64,
) -> Result<Vec<Pair>, ShapeError> {
    let mut broad = Broad::new(mesh, x0, x1, d)?;
    let mut pairs = broad.vertex_face();
    pairs.extend(broad.edge_edge(1.0)?);
    Ok(pairs)
}

/// The broad phase of one step, in two parts, so that the second can use what the narrow
/// phase learnt from the first: [`Broad::vertex_face`] over the whole motion, then
/// [`Broad::edge_edge`] up to a time (the step found by then: no edge pair that cannot come
/// near before it can shorten the step).
pub(super) struct Broad<'m> {
    mesh: &'m CcdMesh,
    x0: &'m [[f64; 3]],
    x1: &'m [[f64; 3]],
    d: f64,
    /// The gap two primitives' [`Diagonals`] must exceed to be farther apart than `d`.
    margin: f64,
    /// Each vertex's box over `[from, swept]`.
    vertex: Vec<Box3>,
    /// Each vertex's motion, hashed ([`shift_key`]).
    keys: Vec<u64>,
    /// The window of time the trees were built over: `[from, to]`.
    from: f64,
    to: f64,
    swept: f64,
    faces: Side<3>,
    edges: Side<2>,
    alike: Option<Alike>,
    /// How many pairs moving alike the static test ruled out while listing, in
    /// [`Broad::vertex_face_of`] and [`Broad::edge_edge`].
    apart_alike: AtomicUsize,
    /// The same in [`Broad::edge_edge_of`] (a sample, whose pairs `edge_edge` lists again).
    apart_alike_sampled: AtomicUsize,
}

impl<'m> Broad<'m> {
    /// The hierarchies over the faces' and the edges' boxes swept over `[0, 1]`, and the
    /// choice of [`moves_alike`].
    #[cfg(test)]
    pub(super) fn new(
        mesh: &'m CcdMesh,
        x0: &'m [[f64; 3]],
        x1: &'m [[f64; 3]],
        d: f64,
    ) -> Result<Self, ShapeError> {
        Self::with(mesh, x0, x1, d, None, (0.0, 1.0))
    }

    /// [`Broad::new`] over the window of time `[from, to]` (`0 <= from < to <= 1`) instead:
    /// every box holds its primitive's positions over it ([`swept_between`]), so the pairs
    /// listed are all those that can come within the distance at a time of the window.
    /// (The filters that look at the whole motion, [`Reach`] and [`apart_over_motion`],
    /// rule out only pairs that never come near in `[0, 1]`: sound for any window.)
    pub(super) fn window(
        mesh: &'m CcdMesh,
        x0: &'m [[f64; 3]],
        x1: &'m [[f64; 3]],
        d: f64,
        (from, to): (f64, f64),
    ) -> Result<Self, ShapeError> {
        Self::with(mesh, x0, x1, d, None, (from, to))
    }

    /// [`Broad::new`], with the choice of [`moves_alike`] made by `alike` when given.
    fn with(
        mesh: &'m CcdMesh,
        x0: &'m [[f64; 3]],
        x1: &'m [[f64; 3]],
        d: f64,
        alike: Option<bool>,
        (from, to): (f64, f64),
    ) -> Result<Self, ShapeError> {
        let vertex = parallel::map(x0.len(), |i| swept_between(x0[i], x1[i], from, to));
        let (faces, edges) = parallel::join(
            || Side::new(&vertex, mesh.faces()),
            || Side::new(&vertex, mesh.edges()),
        );
        let (faces, edges) = (faces?, edges?);
        // Half the distance, rounded up (and then once more, for `d·0.5` underflowing).
        let h = if d > 0.0 {
            up32(d * 0.5).next_up()
        } else {
            0.0
        };
        // The centre of the start positions' box (halves first: no overflow).
        let centre: [f64; 3] = core::array::from_fn(|k| {
            let (lo, hi) = x0
                .iter()
                .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), p| {
                    (lo.min(p[k]), hi.max(p[k]))
                });
            if lo <= hi {
                0.5 * lo + 0.5 * hi
            } else {
                0.0
            }
        });
        // A vertex's box over any span is a position (a convex combination of `x0` and
        // `x1`, rounded) widened by `8u·S + 2^-1022` and rounded outward (`swept_between`),
        // so `2·S + 2^-1020` bounds its coordinates, `S` the largest magnitude in `x0`, `x1`.
        let s = x0
            .iter()
            .chain(x1)
            .flatten()
            .fold(0.0f64, |m, x| m.max(x.abs()));
        let margin = diagonals::margin(d, 2.0 * s + 4.0 * f64::MIN_POSITIVE);
        // A mesh small enough for one thread ([`parallel::SMALL`]) lists its pairs in
        // less time than the choice's sample would take (its whole broad phase, most of
        // it again), and `not_apart` still decides its pairs moving alike as they are
        // listed: the choice is not made, and the reaches not tested. (On the thick cloth,
        // a sixth of the step, the choice always said no.)
        let alike = if mesh.size() < parallel::SMALL {
            alike.or(Some(false))
        } else {
            alike
        };
        let vertex_motion = |v: u32| Motion::vertex(x0[v as usize], x1[v as usize], centre);
        // Every vertex's motion at once where the choice may need it and the mesh is small
        // enough: its sample's pairs would compute each vertex's several times over (on the
        // thick cloth, that was most of the choice's cost, a tenth of the step).
        let ahead = alike != Some(false) && vertex.len() <= MOTIONS_AHEAD;
        let motion: Vec<Motion> = if ahead {
            parallel::map(vertex.len(), |i| vertex_motion(i as u32))
        } else {
            Vec::new()
        };
        let of = |v: u32| {
            if ahead {
                motion[v as usize]
            } else {
                vertex_motion(v)
            }
        };
        let alike = alike
            .unwrap_or_else(|| moves_alike(mesh, &vertex, &faces, &edges, of, d, h))
            .then(|| {
                let motion: Vec<Motion> = if ahead {
                    motion
                } else {
                    (0..vertex.len() as u32).map(vertex_motion).collect()
                };
                let (f, e) = parallel::join(
                    || node_reach(&faces, &motion, h),
                    || node_reach(&edges, &motion, h),
                );
                Alike {
                    motion,
                    faces: f,
                    edges: e,
                    h,
                }
            });
        Ok(Broad {
            mesh,
            x0,
            x1,
            d,
            margin,
            vertex,
            keys: parallel::map(x0.len(), |i| shift_key(x0[i], x1[i])),
            from,
            to,
            swept: to,
            faces,
            edges,
            alike,
            apart_alike: AtomicUsize::new(0),
            apart_alike_sampled: AtomicUsize::new(0),
        })
    }

    /// How many pairs moving alike the static test has ruled out so far: of the
    /// vertex–face and the whole edge listing, and of the sample of edges.
    pub(super) fn apart_alike(&self) -> [usize; 2] {
        [&self.apart_alike, &self.apart_alike_sampled].map(|n| n.load(Relaxed))
    }

    /// The vertex–face pairs of the candidates.
    #[cfg(test)]
    pub(super) fn vertex_face(&self) -> Vec<Pair> {
        let all: Vec<u32> = (0..self.vertex.len() as u32).collect();
        self.vertex_face_of(&all)
    }

    /// The vertex–face pairs of the candidates for the vertices `from`.
    pub(super) fn vertex_face_of(&self, from: &[u32]) -> Vec<Pair> {
        let (vertex, faces, d) = (&self.vertex[..], &self.faces, self.d);
        let admit = |pair| self.not_apart(pair, &self.apart_alike);
        match &self.alike {
            None => vertex_face_pairs(
                from,
                vertex,
                faces,
                d,
                |_| (),
                |_, _| true,
                |_, _| true,
                admit,
            ),
            Some(alike) => vertex_face_pairs(
                from,
                vertex,
                faces,
                d,
                |v| alike.of([v]),
                |q, n| q.may_meet(&alike.faces[n as usize]),
                |q, f| q.may_meet(&alike.of(f)),
                admit,
            ),
        }
    }

    /// Whether neither [`Diagonals`] (over the vertices' boxes of the listing) nor
    /// [`apart_over_motion`] rules out a pair whose swept boxes meet: the last tests of
    /// every pair listed, applied as it is found (so that the many pairs they rule out are
    /// never stored). The diagonals come first: about a third of the axis test's cost, they
    /// rule out most of what it would on a sheet (and some it would not). Where the
    /// listing is limited to a time `t` ([`Broad::vertex_face_until`]), the vertices'
    /// boxes are over `[from, t]` for the sampled edges' pairs too, whose own boxes are
    /// over the window: a pair apart over `[from, t]` cannot come near before `t`, past
    /// which the step never goes (it only falls). Pairs whose points all move alike (their
    /// [`shift_key`]s equal) skip that test: the exact static test ([`co_moving`], which
    /// checks that the shifts are equal) decides them for less, and those it rules out are
    /// counted in `tally` instead. Equal keys of different motions only keep a pair the axis
    /// test might have ruled out: keeping a pair is always sound. (The keys, 8 bytes a
    /// vertex, cost cloth-200's step 9 % less than comparing the exact shifts here.)
    fn not_apart(&self, pair: Pair, tally: &AtomicUsize) -> bool {
        let (mesh, x0, x1, d, keys) = (self.mesh, self.x0, self.x1, self.d, &self.keys);
        let v = pair.vertices(mesh);
        let vertex_face = matches!(pair, Pair::VertexFace { .. });
        let (first, second) = v.split_at(pair.split());
        let bounds = |ids: &[u32]| Diagonals::of(ids.iter().map(|&i| &self.vertex[i as usize]));
        if bounds(first).apart(&bounds(second), self.margin) {
            return false;
        }
        let alike = v[1..]
            .iter()
            .all(|&i| keys[i as usize] == keys[v[0] as usize]);
        if !alike {
            return !apart_over_motion(v, vertex_face, x0, x1, d);
        }
        // The distance does not change: `False` holds over any span of time.
        let at = v.map(|i| i as usize);
        match co_moving(!vertex_face, at, x0, x1, d, 1.0) {
            Some(hit) if hit.verdict == Verdict::False => {
                tally.fetch_add(1, Relaxed);
                false
            }
            _ => true,
        }
    }

    /// The edge–edge pairs of the candidates with the edges in the slots `from` of the
    /// edges' tree, over the whole motion ([`edge_queries`]).
    pub(super) fn edge_edge_of(&self, from: &[u32]) -> Vec<Pair> {
        let (edges, d) = (&self.edges, self.d);
        let admit = |pair| self.not_apart(pair, &self.apart_alike_sampled);
        match &self.alike {
            None => edge_queries(from, edges, d, |_| (), |_, _| true, |_, _| true, admit),
            Some(alike) => edge_queries(
                from,
                edges,
                d,
                |e| alike.of(e),
                |q, n| q.may_meet(&alike.edges[n as usize]),
                |q, e| q.may_meet(&alike.of(e)),
                admit,
            ),
        }
    }

    /// From now on, the vertex–face pairs listed are those that can come within the
    /// distance by time `t` (`0 < t <` the window's end; otherwise nothing changes): the
    /// vertices' boxes are swept over `[from, t]` instead ([`swept_between`]), and the faces'
    /// tree refitted. The edges' tree keeps its boxes over the window until
    /// [`Broad::edge_edge`].
    pub(super) fn vertex_face_until(&mut self, t: f64) -> Result<(), ShapeError> {
        if !(t > 0.0 && t < self.to) {
            return Ok(());
        }
        self.sweep_to(t);
        self.faces.refit(&self.vertex);
        Ok(())
    }

    /// The vertices' boxes swept over `[from, t]` ([`swept_between`]; the hull of the
    /// positions at both times, whichever comes first); nothing to do when they already are.
    fn sweep_to(&mut self, t: f64) {
        if t != self.swept {
            let (x0, x1, from) = (self.x0, self.x1, self.from);
            parallel::fill(&mut self.vertex, |i| swept_between(x0[i], x1[i], from, t));
            self.swept = t;
        }
    }

    /// The edge–edge pairs of the candidates that can come within the distance by time `t`
    /// (none for `t <= 0`): for `t` before the window's end the edges' boxes are swept over
    /// `[from, t]` instead ([`swept_between`]), and the tree refitted. The last listing of
    /// the broad phase (its boxes over the window are overwritten; only
    /// [`Broad::apart_alike`] is read after it).
    pub(super) fn edge_edge(&mut self, t: f64) -> Result<Vec<Pair>, ShapeError> {
        if t.is_nan() || t <= 0.0 {
            return Ok(Vec::new());
        }
        if t < self.to {
            // The boxes over the window are done with: overwritten, not allocated anew.
            self.sweep_to(t);
            self.edges.refit(&self.vertex);
        }
        let (edges, d) = (&self.edges, self.d);
        // Edge pairs from the edges' tree walked against itself: each pair of leaves once.
        let swept_near =
            |i: u32, j: u32| meets(&widen(edges.tree.bounds_of(i), d), &edges.tree.bounds_of(j));
        let admit = |pair| self.not_apart(pair, &self.apart_alike);
        Ok(match &self.alike {
            None => edge_pairs(edges, d, swept_near, |_| (), |_, _| true, admit),
            Some(alike) => edge_pairs(
                edges,
                d,
                |i, j| {
                    swept_near(i, j) & alike.edges[i as usize].may_meet(&alike.edges[j as usize])
                },
                |a| alike.of(a),
                |qa, b| qa.may_meet(&alike.of(b)),
                admit,
            ),
        })
    }
}

/// The box of an item with the vertices `ids`: the union of theirs (exact).
#[inline]
fn item_box<const N: usize>(vertex: &[Box3], ids: [u32; N]) -> Box3 {
    ids.iter().fold(EMPTY, |b, &i| union(b, vertex[i as usize]))
}

/// The box holding a point's positions over the times between `a` and `b` (either order, in
/// `[0, 1]`), moving from `p0` to `p1`: the hull of its positions at `a` and `b` (the motion
/// is linear, so the positions between are in it), exact at 0 and 1 (`p0`, `p1`; over all of
/// `[0, 1]`, the box of the two).
///
/// A position at `t` strictly between, computed as `p0 + t·(p1 − p0)` in floats, is off by
/// at most `7u·M` (`u = 2^-53`, `M` the largest magnitude of a coordinate of `p0` and `p1`):
/// the difference and the product are within `2u` of `t·(p1 − p0)`, at most `2M` in
/// magnitude, and the sum adds `u` of at most `3M`; `2^-1022` more covers a product that
/// underflows. Widened by `8u·M + 2^-1022` and rounded outward, the box holds it.
/// Coordinates of `2^1019` or more (whose differences could overflow) keep the box over
/// `[0, 1]`.
pub(super) fn swept_between(p0: [f64; 3], p1: [f64; 3], a: f64, b: f64) -> Box3 {
    let (a, b) = (a.min(b), a.max(b));
    let m = p0.iter().chain(&p1).fold(0.0f64, |m, c| m.max(c.abs()));
    if (a <= 0.0 && b >= 1.0) || m >= 2f64.powi(1019) {
        return swept(p0, p1);
    }
    let slack = (4.0 * f64::EPSILON * m + f64::MIN_POSITIVE).next_up();
    let at = |t: f64| -> Box3 {
        if t <= 0.0 {
            return [p0, p0];
        }
        if t >= 1.0 {
            return [p1, p1];
        }
        let p: [f64; 3] = core::array::from_fn(|k| p0[k] + t * (p1[k] - p0[k]));
        [
            p.map(|x| (x - slack).next_down()),
            p.map(|x| (x + slack).next_up()),
        ]
    };
    union(at(a), at(b))
}

/// Whether the pair's primitives can come within `d` of each other by time `t`: false only
/// when their boxes over `[0, t]`, widened by `d`, are certainly apart, in the world or in
/// the frame that moves with the second primitive's first vertex.
///
/// The second test is what prunes pieces that move together (a cloth's neighbouring
/// triangles falling as one): seen from a vertex that moves with them, each point moves by
/// the difference of two linear motions, which is linear too, so its positions over `[0, t]`
/// still lie in the box of its two ends; distances do not change with the frame.
///
/// Both are computed in plain floats, then widened by a bound on their rounding: a
/// coordinate is at most six roundings of sums of the pair's coordinates, each below `6m`
/// in magnitude (`m` the largest), so its error is below `24u·m` (`u = 2^-53`) plus `2^-1075`
/// for a product with `t` that underflows; the two boxes compared each have such errors,
/// so the widening is `d + 64u·m + 2^-1022`, rounded up. Coordinates of `2^1019` or more
/// (whose sums could overflow) skip both tests.
pub(super) fn reachable(
    pair: Pair,
    mesh: &CcdMesh,
    x0: &[[f64; 3]],
    x1: &[[f64; 3]],
    t: f64,
    d: f64,
) -> bool {
    let v = pair.vertices(mesh).map(|i| i as usize);
    let m = v
        .iter()
        .flat_map(|&i| x0[i].iter().chain(&x1[i]))
        .fold(0.0f64, |m, c| m.max(c.abs()));
    if m >= 2f64.powi(1019) {
        return true;
    }
    let slack = ((d + 32.0 * f64::EPSILON * m).next_up() + f64::MIN_POSITIVE).next_up();
    let split = |b: [Box3; 4]| match pair {
        Pair::VertexFace { .. } => (b[0], union(union(b[1], b[2]), b[3])),
        Pair::EdgeEdge { .. } => (union(b[0], b[1]), union(b[2], b[3])),
    };
    let (first, second) = split(v.map(|i| {
        let end = core::array::from_fn(|k| x0[i][k] + t * (x1[i][k] - x0[i][k]));
        swept(x0[i], end)
    }));
    if !meets(&widen(first, slack), &second) {
        return false;
    }
    let r = match pair {
        Pair::VertexFace { .. } => v[1],
        Pair::EdgeEdge { .. } => v[2],
    };
    let (first, second) = split(v.map(|i| {
        let start: [f64; 3] = core::array::from_fn(|k| x0[i][k] - x0[r][k]);
        let end = core::array::from_fn(|k| {
            start[k] + t * ((x1[i][k] - x0[i][k]) - (x1[r][k] - x0[r][k]))
        });
        swept(start, end)
    }));
    meets(&widen(first, slack), &second)
}

/// Whether the pair of the vertices `v` (a vertex and a face's corners where `vertex_face`
/// holds, else two edges' ends) is certainly farther apart than `d` at every time in
/// `[0, 1]` along one fixed axis ([`apart_while_moving`]): for a vertex and a face, the
/// direction from the face's centre to the vertex, then the face's normal, at `t = 0`; for
/// two edges, the direction between float estimates of their closest points at `t = 0`.
/// (Any axis is sound: these are guesses at one that separates.) It prunes pairs that boxes
/// cannot: neighbours in a sheet that bends, sliding past each other or side by side, which
/// the pair CCD would otherwise rule out box by box. It does not depend on the step found so
/// far, unlike [`reachable`]: a pair needs it once, and the broad phase applies it to the
/// pairs it lists ([`Broad::not_apart`]), so that those it rules out cost nothing more (a tenth
/// to a third of the step's time on a bending cloth, measured by moving it here from the
/// narrow phase).
fn apart_over_motion(
    v: [u32; 4],
    vertex_face: bool,
    x0: &[[f64; 3]],
    x1: &[[f64; 3]],
    d: f64,
) -> bool {
    let p = |x: &[[f64; 3]]| v.map(|i| Vec3::from(x[i as usize]));
    let (s, e) = (p(x0), p(x1));
    if vertex_face {
        let [q, a, b, c] = s;
        let centre = (a + b + c) * (1.0 / 3.0);
        [q - centre, (b - a).cross(c - a)]
            .into_iter()
            .filter_map(Axis::new)
            .any(|axis| apart_while_moving(&axis, [&s[..1], &e[..1]], [&s[1..], &e[1..]], d))
    } else {
        Axis::between_segments(s[0], s[1], s[2], s[3]).is_some_and(|axis| {
            apart_while_moving(&axis, [&s[..2], &e[..2]], [&s[2..], &e[2..]], d)
        })
    }
}

/// A vertex's motion [`shift`] (exact) hashed to 64 bits: equal for vertices that move
/// alike.
fn shift_key(p0: [f64; 3], p1: [f64; 3]) -> u64 {
    shift(p0, p1)
        .iter()
        .flat_map(|&(s, e)| [s, e])
        .fold(0u64, |h, x| {
            // Zeros of either sign alike (`-0 == 0`).
            let bits = if x == 0.0 { 0 } else { x.to_bits() };
            (h ^ bits)
                .wrapping_mul(0x9E37_79B9_7F4A_7C15)
                .rotate_left(29)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `each_passing` calls back every slot that passes, once, in order, across chunks of
    /// 64 and from any start.
    #[test]
    fn each_slot_that_passes_is_called_back_once_in_order() {
        for (start, end) in [(0, 0), (5, 6), (0, 64), (3, 67), (10, 300), (64, 129)] {
            for modulus in [1, 2, 3, 7, 64] {
                let test = |s: usize| (s * 2_654_435_761) % modulus == 0;
                let mut seen = Vec::new();
                each_passing(start..end, test, |s| seen.push(s));
                let expected: Vec<usize> = (start..end).filter(|&s| test(s)).collect();
                assert_eq!(seen, expected, "{start}..{end} mod {modulus}");
            }
        }
    }

    #[test]
    fn a_widened_box_holds_every_point_within_the_distance() {
        // 0.1 is not a double: the widened bounds must still hold 1 ± 0.1 exactly.
        let b = widen([[1.0; 3], [1.0; 3]], 0.1);
        assert!(b[0][0] < 0.9 && b[1][0] > 1.1);
        assert_eq!(widen([[1.0; 3], [2.0; 3]], 0.0), [[1.0; 3], [2.0; 3]]);
    }

    /// Each side's boxes are its items' boxes in the tree's slot order, and its vertices
    /// too: the listings read a leaf's items in sequence from them.
    #[test]
    fn a_side_holds_its_items_boxes_in_slot_order() {
        let mut g = crate::testing::Rng(0x9a7e);
        for n in [1usize, 2, 9, 100, 1000] {
            let vertex: Vec<Box3> = (0..n + 2)
                .map(|_| {
                    let lo: [f64; 3] = core::array::from_fn(|_| g.signed_unit() * 4.0);
                    let hi = core::array::from_fn(|k| lo[k] + g.signed_unit().abs() * 0.5);
                    [lo, hi]
                })
                .collect();
            let faces: Vec<[u32; 3]> = (0..n as u32).map(|i| [i, i + 1, i + 2]).collect();
            let side = Side::new(&vertex, &faces).unwrap();
            let order = side.tree.items_in_order();
            assert_eq!(order.len(), n);
            for s in 0..n {
                let f = faces[order[s] as usize];
                assert_eq!(side.ids[s], f);
                assert_eq!(side.boxes[s], item_box(&vertex, f));
                let want = f.iter().map(|&v| vertex[v as usize]).reduce(union).unwrap();
                assert_eq!(side.boxes[s], want, "slot {s} of {n}");
            }
        }
    }

    /// The choice of [`moves_alike`] is made only for a mesh too large for one thread: a
    /// small one is listed without reaches (its pairs moving alike are still decided as
    /// they are listed, by `not_apart`), while a large sheet sliding along itself chooses
    /// them; a choice given is kept at any size.
    #[test]
    fn only_a_mesh_large_enough_for_threads_chooses_the_reaches() {
        let sheet = |n: u32, shift: f64| {
            let at = |i: u32, j: u32| i * n + j;
            let faces: Vec<[u32; 3]> = (0..n - 1)
                .flat_map(|i| (0..n - 1).map(move |j| (i, j)))
                .flat_map(|(i, j)| {
                    [
                        [at(i, j), at(i + 1, j), at(i + 1, j + 1)],
                        [at(i, j), at(i + 1, j + 1), at(i, j + 1)],
                    ]
                })
                .collect();
            let mesh = CcdMesh::new((n * n) as usize, &faces).unwrap();
            let x0: Vec<[f64; 3]> = (0..n * n)
                .map(|k| [f64::from(k / n), f64::from(k % n), 0.0])
                .collect();
            let x1: Vec<[f64; 3]> = x0
                .iter()
                .map(|p| [p[0] + shift, p[1] + shift, 0.0])
                .collect();
            (mesh, x0, x1)
        };
        for (n, chosen) in [(8, false), (48, true)] {
            let (mesh, x0, x1) = sheet(n, 6.0);
            let size = mesh.size();
            assert_eq!(size >= parallel::SMALL, chosen, "{size} primitives");
            let broad = Broad::new(&mesh, &x0, &x1, 0.0).unwrap();
            assert_eq!(broad.alike.is_some(), chosen, "n {n}");
            let given = Broad::with(&mesh, &x0, &x1, 0.0, Some(true), (0.0, 1.0)).unwrap();
            assert!(given.alike.is_some());
        }
    }

    /// Vertices that move alike share a key wherever they are, zeros of either sign alike;
    /// different motions get different keys (for these; a collision only keeps a pair).
    #[test]
    fn vertices_that_move_alike_share_a_shift_key() {
        let moved =
            |p: [f64; 3], m: [f64; 3]| shift_key(p, [p[0] + m[0], p[1] + m[1], p[2] + m[2]]);
        let m = [0.25, -3.0, 0.0];
        assert_eq!(moved([1.0, 2.0, 3.0], m), moved([-7.5, 0.5, 1e3], m));
        // A coordinate that goes from 0 to -0 has not moved: its shift is -0, a resting
        // one's +0.
        assert_eq!(
            shift_key([0.0; 3], [-0.0; 3]),
            shift_key([0.0; 3], [0.0; 3])
        );
        let keys = [
            shift_key([0.0; 3], [0.0; 3]),
            moved([1.0; 3], m),
            moved([1.0; 3], [0.25, -3.0, 1.0]),
            moved([1.0; 3], [-3.0, 0.25, 0.0]),
            moved([0.0; 3], [0.0, 0.0, 1e-300]),
            // The same rounded difference with a different rounding error.
            shift_key([1.0, 0.0, 0.0], [1.0 + f64::EPSILON, 0.0, 0.0]),
            shift_key(
                [0.5 - f64::EPSILON / 4.0, 0.0, 0.0],
                [0.5 + f64::EPSILON * 3.0 / 4.0, 0.0, 0.0],
            ),
        ];
        for (i, a) in keys.iter().enumerate() {
            for b in &keys[..i] {
                assert_ne!(a, b, "{keys:?}");
            }
        }
    }

    use crate::testing::{pow2, Rng};
    use surety_intervals::exact::{to_rational, BigInt, BigRational as Q};

    fn int(n: i64) -> Q {
        Q::from_integer(BigInt::from(n))
    }

    /// Exact: do two points moving linearly over `[0, 1]` (from `p[0]` to `p[1]` and from
    /// `r[0]` to `r[1]`) come within `d` of each other on every axis at one time? Each axis
    /// gives an interval of times (a linear inequality on each side); they must share one.
    fn points_meet(p: &[[Q; 3]; 2], r: &[[Q; 3]; 2], d: &Q) -> bool {
        let (mut lo, mut hi) = (int(0), int(1));
        for k in 0..3 {
            let a = &p[0][k] - &r[0][k];
            let b = (&p[1][k] - &p[0][k]) - (&r[1][k] - &r[0][k]);
            if b == int(0) {
                if a > *d || a < -d.clone() {
                    return false;
                }
                continue;
            }
            let (t1, t2) = ((-d.clone() - &a) / &b, (d - &a) / &b);
            let (l, h) = if b > int(0) { (t1, t2) } else { (t2, t1) };
            lo = lo.max(l);
            hi = hi.min(h);
        }
        lo <= hi
    }

    /// A convex combination (weights `w`, summing to 1) of points given in doubles, exactly.
    fn combine(points: &[[f64; 3]], w: &[Q]) -> [Q; 3] {
        core::array::from_fn(|k| {
            points
                .iter()
                .zip(w)
                .fold(int(0), |acc, (x, w)| acc + to_rational(x[k]).unwrap() * w)
        })
    }

    /// Weights over `n` points: each corner, each midpoint of two, and the centroid.
    fn weights(n: usize) -> Vec<Vec<Q>> {
        let mut out = Vec::new();
        for i in 0..n {
            out.push((0..n).map(|j| int(i64::from(i == j))).collect());
            for j in i + 1..n {
                let half = Q::new(BigInt::from(1), BigInt::from(2));
                out.push(
                    (0..n)
                        .map(|k| {
                            if k == i || k == j {
                                half.clone()
                            } else {
                                int(0)
                            }
                        })
                        .collect(),
                );
            }
        }
        if n == 3 {
            out.push(vec![Q::new(BigInt::from(1), BigInt::from(3)); 3]);
        }
        out
    }

    /// A moving primitive of one to three vertices, on a grid of step `2^e` around an offset
    /// (so that ties are exact), some coordinates then nudged by an ulp or two.
    fn primitive(g: &mut Rng, n: usize, e: i32, offset: f64) -> (Vec<[f64; 3]>, Vec<[f64; 3]>) {
        let step = pow2(e);
        let point = |g: &mut Rng| -> [f64; 3] {
            core::array::from_fn(|_| {
                let x = offset + step * (g.below(9) as f64 - 4.0);
                match g.below(8) {
                    0 => x.next_up(),
                    1 => x.next_down(),
                    2 => x.next_up().next_up(),
                    _ => x,
                }
            })
        };
        let p0: Vec<[f64; 3]> = (0..n).map(|_| point(g)).collect();
        // A body moving as one half the time: the same grid motion for every vertex.
        let shared = point(g).map(|x| x - offset);
        // Or every vertex moving from around the offset to around the origin (positions at
        // `t = 1` far finer than the `f32` steps at `t = 0`).
        let home = g.below(4) == 0;
        let p1 = p0
            .iter()
            .map(|p| {
                let w = if g.below(2) == 0 {
                    shared
                } else {
                    point(g).map(|x| x - offset)
                };
                core::array::from_fn(|k| if home { w[k] } else { p[k] + w[k] })
            })
            .collect();
        (p0, p1)
    }

    /// The one promise the broad phase's [`Reach`] test makes, against exact rationals: two
    /// primitives (a vertex, an edge or a face each) with points that come within `d` of each
    /// other at one time always may meet. Points checked: corners, midpoints and centroids,
    /// on grids of step `2^e` from subnormal to near the largest doubles, around the origin
    /// and far from it (up to `2^52` steps away, where `f32` bounds are coarse), with exact
    /// ties, nudges of an ulp or two, and distances on the grid, between grid points, and not
    /// representable in `f32`.
    #[test]
    fn a_reach_never_rules_out_points_that_come_within_the_distance() {
        let g = &mut Rng(0x005e_ed0f_ae4c);
        let (mut met, mut ruled_out) = (0, 0);
        for case in 0..6000 {
            let e = [-1070, -600, -30, -3, 0, 12, 400, 1000][case % 8];
            let step = pow2(e);
            let offset =
                step * [0.0, 0.0, 3.0, 2f64.powi(30), 2f64.powi(52) - 8.0][g.below(5) as usize];
            let d = match g.below(6) {
                0 | 1 => 0.0,
                2 => step * g.below(9) as f64 / 4.0,
                3 => step * 0.1,
                4 => (step * g.below(5) as f64).next_up(),
                _ => step * (1.0 + 2f64.powi(-30)),
            };
            if !(d.is_finite() && offset.is_finite()) {
                continue;
            }
            let (na, nb) = (1 + g.below(3) as usize, 1 + g.below(3) as usize);
            let (a0, a1) = primitive(g, na, e, offset);
            let (b0, b1) = primitive(g, nb, e, offset);
            if a1.iter().chain(&b1).flatten().any(|x| !x.is_finite()) {
                continue;
            }
            // Seen from the origin, from the offset, or from a point off the grid.
            let centre = [[0.0; 3], [offset; 3], [offset * 0.75 + step / 3.0; 3]][case % 3];
            let h = if d > 0.0 {
                up32(d * 0.5).next_up()
            } else {
                0.0
            };
            let reach = |p0: &[[f64; 3]], p1: &[[f64; 3]]| {
                p0.iter()
                    .zip(p1)
                    .map(|(&p, &q)| Motion::vertex(p, q, centre))
                    .fold(Motion::default(), Motion::join)
                    .reach(h)
            };
            let may = reach(&a0, &a1).may_meet(&reach(&b0, &b1));
            let dq = to_rational(d).unwrap();
            let meet = weights(na).iter().any(|wa| {
                let pa = [combine(&a0, wa), combine(&a1, wa)];
                weights(nb)
                    .iter()
                    .any(|wb| points_meet(&pa, &[combine(&b0, wb), combine(&b1, wb)], &dq))
            });
            assert!(
                may || !meet,
                "ruled out, but they meet: {a0:?} -> {a1:?} and {b0:?} -> {b1:?}, d = {d:e}"
            );
            met += usize::from(meet);
            ruled_out += usize::from(!may);
        }
        // The cases are not all one way.
        assert!(
            met > 500 && ruled_out > 500,
            "{met} met, {ruled_out} ruled out"
        );
    }

    /// The box over `[0, t]` holds the exact position at `t` (so, being convex, every
    /// position before it), and the box over a window `[s, t]` those at both ends (so every
    /// one between), against exact rationals: points anywhere from subnormal to near
    /// `f64::MAX` in magnitude (where the moving point's float position would overflow), far
    /// from each other or one ulp apart, moving both ways, at times from `2^-60` to 1.
    #[test]
    fn a_box_up_to_a_time_holds_the_exact_position_then() {
        let g = &mut Rng(0x7135_0b0c);
        let coordinate = |g: &mut Rng| -> f64 {
            let e = g.below(2098) as i32 - 1074;
            let x = (1.0 + g.below(1 << 20) as f64 / 1048576.0) * pow2(e);
            if g.below(2) == 0 {
                -x
            } else {
                x
            }
        };
        for _ in 0..20000 {
            let p0: [f64; 3] = core::array::from_fn(|_| coordinate(g));
            let p1: [f64; 3] = core::array::from_fn(|k| match g.below(3) {
                0 => p0[k].next_up(),
                1 => -p0[k],
                _ => coordinate(g),
            });
            let t = match g.below(4) {
                0 => 1f64.next_down(),
                1 => 2f64.powi(-(g.below(60) as i32)),
                _ => (1 + g.below(999)) as f64 / 1000.0,
            };
            // Over `[0, t]`, and over a window from an earlier or a later time (either order).
            let s = match g.below(4) {
                0 => 0.0,
                1 => 2f64.powi(-(g.below(60) as i32)),
                2 => 1.0,
                _ => (1 + g.below(999)) as f64 / 1000.0,
            };
            for (b, times) in [
                (swept_between(p0, p1, 0.0, t), vec![t]),
                (swept_between(p0, p1, s, t), vec![s, t]),
            ] {
                for time in times {
                    let tq = to_rational(time).unwrap();
                    for k in 0..3 {
                        let (a, z) = (to_rational(p0[k]).unwrap(), to_rational(p1[k]).unwrap());
                        let at = &a + (&z - &a) * &tq;
                        let (lo, hi) = (to_rational(b[0][k]), to_rational(b[1][k]));
                        assert!(
                            lo.is_none_or(|lo| lo <= at) && hi.is_none_or(|hi| at <= hi),
                            "{p0:?} -> {p1:?} at {time} ({s}, {t}): {b:?}"
                        );
                    }
                }
            }
        }
    }

    /// A small scene: tetrahedra that translate (each as one body), a square of cloth sliding
    /// along a resting one, and loose particles, on a grid of quarters so that contacts and
    /// ties happen.
    fn scene(g: &mut Rng) -> (CcdMesh, Vec<[f64; 3]>, Vec<[f64; 3]>) {
        let grid =
            |g: &mut Rng| -> [f64; 3] { core::array::from_fn(|_| (g.below(9) as f64 - 4.0) / 4.0) };
        let (mut v0, mut v1, mut faces) = (Vec::new(), Vec::new(), Vec::new());
        for _ in 0..1 + g.below(3) {
            let base = v0.len() as u32;
            let w = grid(g);
            for _ in 0..4 {
                let p = grid(g);
                v0.push(p);
                v1.push(core::array::from_fn(|k| p[k] + w[k]));
            }
            faces.extend(
                [[0, 1, 2], [0, 3, 1], [1, 3, 2], [2, 3, 0]].map(|f: [u32; 3]| f.map(|i| base + i)),
            );
        }
        // Two 2 × 2 squares of cloth, one 0 or 1/4 above the other, the upper one sliding.
        let w = [0.25 * g.below(5) as f64, 0.25 * g.below(3) as f64, 0.0];
        for (z, moving) in [(0.0, false), (0.25 * g.below(2) as f64, true)] {
            let base = v0.len() as u32;
            for i in 0..3 {
                for j in 0..3 {
                    let p = [i as f64 * 0.5, j as f64 * 0.5, z];
                    v0.push(p);
                    v1.push(if moving {
                        core::array::from_fn(|k| p[k] + w[k])
                    } else {
                        p
                    });
                }
            }
            for i in 0..2u32 {
                for j in 0..2u32 {
                    let (a, b, c, d) = (
                        3 * i + j,
                        3 * (i + 1) + j,
                        3 * (i + 1) + j + 1,
                        3 * i + j + 1,
                    );
                    faces.push([a, b, c].map(|k| base + k));
                    faces.push([a, c, d].map(|k| base + k));
                }
            }
        }
        for _ in 0..g.below(3) {
            v0.push(grid(g));
            v1.push(grid(g));
        }
        (CcdMesh::new(v0.len(), &faces).unwrap(), v0, v1)
    }

    /// Both ways of the broad phase (swept boxes alone, and with the [`Reach`] test) keep
    /// every pair that the pair CCD (exact, with the same minimum distance) does not rule
    /// out; and the [`Reach`] test does rule out pairs the swept boxes keep.
    #[test]
    fn both_ways_keep_every_pair_the_pair_ccd_does_not_rule_out() {
        use super::super::{edge_edge_ccd, vertex_face_ccd, CcdOptions};
        let g = &mut Rng(0xb0ad_fa5e);
        let (mut fewer, mut cases) = (0, 0);
        for case in 0..150 {
            let (mesh, x0, x1) = scene(g);
            // The scene scaled (exactly: its coordinates are quarters) to subnormal and to
            // huge magnitudes, or moved far from the origin; the distance scaled with it.
            let (scale, offset) = [
                (1.0, 0.0),
                (pow2(-1060), 0.0),
                (2f64.powi(1000), 0.0),
                (1.0, 2f64.powi(40)),
                (2f64.powi(-20), 3.0 * 2f64.powi(30)),
            ][case % 5];
            let moved = |x: Vec<[f64; 3]>| -> Vec<[f64; 3]> {
                x.into_iter()
                    .map(|p| p.map(|c| c * scale + offset))
                    .collect()
            };
            let (x0, x1) = (moved(x0), moved(x1));
            let d = [0.0, 0.125, 0.1][case % 3] * scale;
            let options = CcdOptions {
                min_separation: d,
                ..CcdOptions::default()
            };
            let both = |alike| {
                let mut broad = Broad::with(&mesh, &x0, &x1, d, Some(alike), (0.0, 1.0)).unwrap();
                let mut pairs = broad.vertex_face();
                pairs.extend(broad.edge_edge(1.0).unwrap());
                pairs
            };
            let (swept, alike) = (both(false), both(true));
            // Ruling out pairs is expected where `f32` bounds resolve the scene: not at
            // subnormal or huge magnitudes (sound there, only not sharper).
            let resolved = scale == 1.0 || scale == 2f64.powi(-20);
            // The edge pairs up to a time: every pair the pair CCD cannot rule out by then.
            let until = [0.25, 0.6, 0.1 + g.below(1000) as f64 / 1250.0][case % 3];
            let mut broad = Broad::new(&mesh, &x0, &x1, d).unwrap();
            let early = broad.edge_edge(until).unwrap();
            // None at all by `t = 0` (the step is then 0, and nothing is searched).
            let none = Broad::new(&mesh, &x0, &x1, d)
                .unwrap()
                .edge_edge(0.0)
                .unwrap();
            assert!(
                none.is_empty(),
                "{} edge pairs by t = 0, case {case}",
                none.len()
            );
            let by_then = CcdOptions {
                t_max: until,
                ..options
            };
            let chosen = candidates(&mesh, &x0, &x1, d).unwrap();
            // Each pair once (a pair twice is work done twice).
            for (name, list) in [
                ("swept", &swept),
                ("alike", &alike),
                ("chosen", &chosen),
                ("early", &early),
            ] {
                let mut sorted = list.clone();
                sorted.sort_unstable_by_key(|p| match *p {
                    Pair::VertexFace { vertex, face } => (0, vertex, face),
                    Pair::EdgeEdge { a, b } => (1, a, b),
                });
                sorted.dedup();
                assert_eq!(
                    sorted.len(),
                    list.len(),
                    "{name} repeats a pair, case {case}"
                );
            }
            // The early edge pairs are only those whose boxes up to then come within `d`.
            let upto: Vec<Box3> = x0
                .iter()
                .zip(&x1)
                .map(|(&p, &q)| swept_between(p, q, 0.0, until))
                .collect();
            for pair in &early {
                let Pair::EdgeEdge { a, b } = *pair else {
                    panic!("{pair:?} among the edge pairs");
                };
                let [ea, eb] = [a, b].map(|k| item_box(&upto, mesh.edges()[k as usize]));
                assert!(
                    meets(&widen(ea, d), &eb),
                    "{pair:?} apart by {until}, case {case}"
                );
            }
            fewer += usize::from(resolved && alike.len() < swept.len());
            cases += usize::from(resolved);
            let v = |i: u32| surety_intervals::Vec3::from(x0[i as usize]);
            let w = |i: u32| surety_intervals::Vec3::from(x1[i as usize]);
            for (vertex, f) in (0..x0.len() as u32)
                .flat_map(|v| mesh.faces().iter().enumerate().map(move |f| (v, f)))
            {
                if f.1.contains(&vertex) {
                    continue;
                }
                let pair = Pair::VertexFace {
                    vertex,
                    face: f.0 as u32,
                };
                let idx = pair.vertices(&mesh);
                let hit = vertex_face_ccd(idx.map(v), idx.map(w), options).unwrap();
                if hit.verdict != surety_intervals::Verdict::False {
                    for (name, list) in [("swept", &swept), ("alike", &alike), ("chosen", &chosen)]
                    {
                        assert!(
                            list.contains(&pair),
                            "{name} lost {pair:?} ({hit:?}), case {case}"
                        );
                    }
                }
            }
            let e = mesh.edges();
            for a in 0..e.len() as u32 {
                for b in a + 1..e.len() as u32 {
                    if e[a as usize].iter().any(|x| e[b as usize].contains(x)) {
                        continue;
                    }
                    let pair = Pair::EdgeEdge { a, b };
                    let idx = pair.vertices(&mesh);
                    let hit = edge_edge_ccd(idx.map(v), idx.map(w), by_then).unwrap();
                    if hit.verdict != surety_intervals::Verdict::False {
                        assert!(early.contains(&pair), "lost {pair:?} by {until} ({hit:?})");
                    }
                    let hit = edge_edge_ccd(idx.map(v), idx.map(w), options).unwrap();
                    if hit.verdict != surety_intervals::Verdict::False {
                        for (name, list) in
                            [("swept", &swept), ("alike", &alike), ("chosen", &chosen)]
                        {
                            assert!(
                                list.contains(&pair),
                                "{name} lost {pair:?} ({hit:?}), case {case}"
                            );
                        }
                    }
                }
            }
        }
        assert!(
            fewer * 2 > cases,
            "the reach test ruled out pairs in only {fewer} of {cases}"
        );
    }

    /// A sheet moving in one piece (static, or translated) keeps every distance: its pairs
    /// are decided while they are listed. Every pair whose swept boxes meet within the
    /// distance is either listed, when the exact pair CCD finds it within the distance, or
    /// counted as ruled out, when the CCD finds it apart; nothing else is listed. The sheet
    /// is a grid of quarters rippled by sixty-fourths (ties of every kind: touching boxes,
    /// coplanar neighbours, pairs exactly at the distance), scaled exactly to subnormal and
    /// huge magnitudes or moved far from the origin, the distance with it.
    #[test]
    fn pairs_moving_alike_are_listed_only_within_the_distance() {
        use super::super::{edge_edge_ccd, vertex_face_ccd, CcdOptions};
        let g = &mut Rng(0x5ee7_a11c);
        let (mut kept_any, mut apart_any, mut diagonal_any) = (false, false, false);
        for case in 0..24 {
            let n = 4 + g.below(3) as u32;
            let w: [f64; 3] = match case % 2 {
                0 => [0.0; 3],
                _ => core::array::from_fn(|_| (g.below(9) as f64 - 4.0) / 4.0),
            };
            let flat = case % 4 == 0;
            let x0: Vec<[f64; 3]> = (0..n * n)
                .map(|k| {
                    let z = if flat {
                        0.0
                    } else {
                        (g.below(5) as f64 - 2.0) / 64.0
                    };
                    [f64::from(k / n) * 0.25, f64::from(k % n) * 0.25, z]
                })
                .collect();
            let x1: Vec<[f64; 3]> = x0
                .iter()
                .map(|p| core::array::from_fn(|k| p[k] + w[k]))
                .collect();
            let (scale, offset) = [
                (1.0, 0.0),
                (pow2(-1060), 0.0),
                (2f64.powi(1000), 0.0),
                (1.0, 2f64.powi(40)),
            ][case / 3 % 4];
            let moved = |x: Vec<[f64; 3]>| -> Vec<[f64; 3]> {
                x.into_iter()
                    .map(|p| p.map(|c| c * scale + offset))
                    .collect()
            };
            let (x0, x1) = (moved(x0), moved(x1));
            let mut faces = Vec::new();
            for i in 0..n - 1 {
                for j in 0..n - 1 {
                    let (a, b, c, d) = (
                        n * i + j,
                        n * (i + 1) + j,
                        n * (i + 1) + j + 1,
                        n * i + j + 1,
                    );
                    faces.extend([[a, b, c], [a, c, d]]);
                }
            }
            let mesh = CcdMesh::new(x0.len(), &faces).unwrap();
            let d = [0.0, 1.0 / 32.0, 0.25][case % 3] * scale;
            let options = CcdOptions {
                min_separation: d,
                ..CcdOptions::default()
            };
            let mut broad = Broad::with(&mesh, &x0, &x1, d, Some(false), (0.0, 1.0)).unwrap();
            let mut listed = broad.vertex_face();
            listed.extend(broad.edge_edge(1.0).unwrap());
            let [apart, sample] = broad.apart_alike();
            assert_eq!(sample, 0, "case {case}");
            let boxes: Vec<Box3> = x0
                .iter()
                .zip(&x1)
                .map(|(&p, &q)| swept_between(p, q, 0.0, 1.0))
                .collect();
            let at = |x: &[[f64; 3]], i: u32| Vec3::from(x[i as usize]);
            // Pairs apart along a diagonal are ruled out before the static test (and are
            // not within the distance: `check` asserts every pair not listed is not).
            let diagonal = |pair: Pair| {
                let v = pair.vertices(&mesh);
                let (a, b) = v.split_at(pair.split());
                let of = |ids: &[u32]| Diagonals::of(ids.iter().map(|&i| &boxes[i as usize]));
                of(a).apart(&of(b), broad.margin)
            };
            let (mut meeting, mut diagonals) = (0, 0);
            let mut check = |pair: Pair, near: bool, verdict: Verdict| {
                if !near {
                    assert!(!listed.contains(&pair), "{pair:?} listed, case {case}");
                    return;
                }
                meeting += 1;
                diagonals += usize::from(diagonal(pair));
                let within = verdict != Verdict::False;
                (kept_any, apart_any) = (kept_any | within, apart_any | !within);
                assert_eq!(
                    listed.contains(&pair),
                    within,
                    "{pair:?} {verdict:?}, case {case}"
                );
            };
            for (f, ids) in mesh.faces().iter().enumerate() {
                for v in (0..x0.len() as u32).filter(|v| !ids.contains(v)) {
                    let pair = Pair::VertexFace {
                        vertex: v,
                        face: f as u32,
                    };
                    let near = meets(&widen(boxes[v as usize], d), &item_box(&boxes, *ids));
                    let idx = pair.vertices(&mesh);
                    let hit =
                        vertex_face_ccd(idx.map(|i| at(&x0, i)), idx.map(|i| at(&x1, i)), options);
                    check(pair, near, hit.unwrap().verdict);
                }
            }
            let e = mesh.edges();
            for a in 0..e.len() as u32 {
                for b in (a + 1..e.len() as u32).filter(|&b| disjoint(e[a as usize], e[b as usize]))
                {
                    let pair = Pair::EdgeEdge { a, b };
                    let [ba, bb] = [a, b].map(|k| item_box(&boxes, e[k as usize]));
                    let idx = pair.vertices(&mesh);
                    let hit =
                        edge_edge_ccd(idx.map(|i| at(&x0, i)), idx.map(|i| at(&x1, i)), options);
                    check(pair, meets(&widen(ba, d), &bb), hit.unwrap().verdict);
                }
            }
            assert_eq!(apart + diagonals + listed.len(), meeting, "case {case}");
            diagonal_any |= diagonals > 0;
        }
        assert!(kept_any && apart_any && diagonal_any);
    }

    /// The moving-axis prune (`apart_over_motion`) against the exact separation stage,
    /// which shares no step with it (feature polynomials in `t`, roots isolated exactly):
    /// whenever it rules a pair out, the stage finds no time in `[0, 1]` where the two come
    /// within the distance. Vertex–face and edge–edge pairs on a grid of small integers,
    /// each point moving by small integers too: all alike (a sheet that translates), each
    /// its own way, or one side passing through the other's plane (where the two ends'
    /// gaps lie on opposite sides, which must not be taken for a gap all the way); a fifth
    /// of them gliding at exactly the distance above a face or an edge (the distance then
    /// that gap, or one ulp either side); a fifth with a point or segment for a face or a
    /// zero-length edge. Scaled by powers of two (every seventh case to an
    /// extreme one, subnormal to `2^960`) and moved far from the origin. The prune must
    /// also rule out many of the pairs the stage finds apart at ordinary scales: over 45 %
    /// of each family (49 % of each today; a vertex–face axis from the wrong centre, or a
    /// wrong offset, prunes 34–40 %).
    #[test]
    fn a_pair_pruned_along_an_axis_never_comes_within_the_distance() {
        use crate::ccd::separation::Separation;
        let g = &mut Rng(0x0a11_d0e5_ca1e);
        // Vertex 0 and the face 1 2 3; the edges 0 1 and 2 3.
        let mesh = [
            CcdMesh::new(4, &[[1, 2, 3]]).unwrap(),
            CcdMesh::with_edges(4, &[[0, 1], [2, 3]], &[]).unwrap(),
        ];
        // Pairs pruned and pairs apart (by the oracle) at ordinary scales: edge–edge, then
        // vertex–face.
        let (mut pruned, mut apart) = ([0; 2], [0; 2]);
        let (mut extreme, mut crossings) = (0, 0);
        let (mut undecided, mut degenerate) = (0, 0);
        for case in 0..6000 {
            let e = if case % 7 == 6 {
                [-1070, -1040, -700, 540, 900, 960][g.below(6) as usize]
            } else {
                g.below(21) as i32 - 10
            };
            let step = pow2(e);
            let offset = step * [0.0, 3.0, 2f64.powi(30), 2f64.powi(52) - 8.0][g.below(4) as usize];
            let vertex_face = case % 2 == 0;
            let point = |g: &mut Rng| [g.int(3), g.int(3), g.int(3)].map(|k| offset + k * step);
            let mut x0: Vec<[f64; 3]> = (0..4).map(|_| point(g)).collect();
            let shift = |g: &mut Rng| [g.int(2), g.int(2), g.int(2)].map(|k| k * step);
            let together = shift(g);
            let mut x1: Vec<[f64; 3]> = x0
                .iter()
                .map(|p| {
                    let m = if case % 3 == 0 { together } else { shift(g) };
                    core::array::from_fn(|k| p[k] + m[k])
                })
                .collect();
            let mut base = step * [0.0, 0.5, 1.0, 2.0][g.below(4) as usize];
            match case % 5 {
                // One side through the other's plane: the first point (or edge) from above
                // the plane z = offset to below it, the others in it.
                3 => {
                    for p in
                        x0.iter_mut()
                            .chain(x1.iter_mut())
                            .skip(if vertex_face { 1 } else { 2 })
                    {
                        p[2] = offset;
                    }
                    let first = if vertex_face { 1 } else { 2 };
                    let h = step * (1 + g.below(3)) as f64;
                    for i in 0..first {
                        x0[i][2] = offset + h;
                        x1[i][2] = offset - h;
                    }
                    crossings += 1;
                }
                // Gliding at exactly `h` above the plane z = offset, inside the face (a
                // vertex) or across an edge, all moving alike along the plane.
                4 => {
                    let h = step * (1 + g.below(3)) as f64;
                    let slide = [g.int(2) * step, g.int(2) * step, 0.0];
                    let flat: [[f64; 3]; 4] = if vertex_face {
                        [
                            [1.0, 1.0, 0.0],
                            [0.0, 0.0, 0.0],
                            [4.0, 0.0, 0.0],
                            [0.0, 4.0, 0.0],
                        ]
                    } else {
                        [
                            [0.0, 1.0, 0.0],
                            [3.0, 1.0, 0.0],
                            [1.0, 0.0, 0.0],
                            [1.0, 3.0, 0.0],
                        ]
                    };
                    let first = if vertex_face { 1 } else { 2 };
                    for (i, f) in flat.iter().enumerate() {
                        let lift = if i < first { h } else { 0.0 };
                        x0[i] = [offset + f[0] * step, offset + f[1] * step, offset + lift];
                        x1[i] = core::array::from_fn(|k| x0[i][k] + slide[k]);
                    }
                    base = h;
                }
                _ => {}
            }
            // Degenerate primitives, at both ends of the motion: a face collapsed to a point
            // or to a segment (its third corner on the line of the other two), an edge (or
            // both) of length zero.
            if case % 5 == 2 {
                let kind = g.below(3);
                for x in [&mut x0, &mut x1] {
                    match (vertex_face, kind) {
                        (true, 0) => (x[2], x[3]) = (x[1], x[1]),
                        (true, _) => x[3] = core::array::from_fn(|k| 2.0 * x[2][k] - x[1][k]),
                        (false, 0) => x[1] = x[0],
                        (false, _) => (x[1], x[3]) = (x[0], x[2]),
                    }
                }
                degenerate += 1;
            }
            let d = match g.below(3) {
                0 => base,
                1 => base.next_up(),
                _ => base.next_down().max(0.0),
            };
            if x0.iter().chain(&x1).flatten().any(|x| !x.is_finite()) || !d.is_finite() {
                continue;
            }
            let pair = if vertex_face {
                Pair::VertexFace { vertex: 0, face: 0 }
            } else {
                Pair::EdgeEdge { a: 0, b: 1 }
            };
            let says = apart_over_motion(
                pair.vertices(&mesh[usize::from(!vertex_face)]),
                vertex_face,
                &x0,
                &x1,
                d,
            );
            let v = |x: &[[f64; 3]]| core::array::from_fn(|i| Vec3::from(x[i]));
            let near = if d > 0.0 {
                Separation::new(&v(&x0), &v(&x1), vertex_face, d)
                    .first_contact(1.0)
                    .map(|t| t.is_some())
            } else {
                // Touching: the pair CCD, exact with no distance (never `Maybe`).
                let ccd = if vertex_face {
                    crate::ccd::vertex_face_ccd
                } else {
                    crate::ccd::edge_edge_ccd
                };
                let hit = ccd(v(&x0), v(&x1), crate::ccd::CcdOptions::default()).unwrap();
                assert!(!hit.verdict.is_maybe(), "case {case}");
                Ok(hit.verdict.is_true())
            };
            if near.is_err() {
                // Past the separation stage's budget (a distance of a few ulps of zero far
                // from the origin): no verdict to check against.
                undecided += 1;
                continue;
            }
            if says {
                assert_eq!(near, Ok(false), "case {case}: {x0:?} -> {x1:?}, d = {d:e}");
                if case % 7 == 6 {
                    extreme += 1;
                } else {
                    pruned[usize::from(vertex_face)] += 1;
                }
            } else if case % 7 != 6 && near == Ok(false) {
                apart[usize::from(vertex_face)] += 1;
            }
        }
        let apart = [0, 1].map(|k| apart[k] + pruned[k]);
        assert!(
            crossings > 1000 && extreme > 50,
            "{crossings} crossings, {extreme} extreme"
        );
        assert!(undecided < 100, "{undecided} undecided by the oracle");
        assert!(degenerate > 1000, "{degenerate} degenerate pairs");
        for (k, family) in ["edge-edge", "vertex-face"].iter().enumerate() {
            assert!(
                pruned[k] * 20 > apart[k] * 9,
                "{family}: {} of {} pairs apart pruned",
                pruned[k],
                apart[k]
            );
        }
    }
}
