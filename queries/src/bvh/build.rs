//! Building the hierarchy: binned surface area heuristic, top down, with an explicit stack.
//!
//! Items travel with their boxes (one record each, partitioned in place), so
//! each level reads them in order; one pass bins them on all three axes at once, the bins
//! give each child its box, and the partition pass its centres' box: two passes a level.
//!
//! The plan is made on the items' boxes rounded to `f32` (32-byte records with their bins
//! instead of 64, half the memory traffic per level): the boxes only choose the splits. The
//! nodes' boxes are then filled in from the exact `f64` boxes, from the leaves up
//! ([`Bvh::fill`]), so the guarantee that a node's box holds every item below it owes nothing
//! to the rounding.

use super::{union, Box3, Bvh, Node, EMPTY};

/// A box in `f32`, for planning only.
type Plan = [[f32; 3]; 2];

/// The empty plan box (the identity of [`union`]).
const NONE: Plan = [[f32::INFINITY; 3], [f32::NEG_INFINITY; 3]];

/// Trees of at most this many items have leaves of at most two.
const SMALL_TREE: usize = 64;

/// Bins per axis for the surface area heuristic.
const BINS: usize = 16;
const _: () = assert!(BINS <= 256); // a bin fits a `u8`

/// An item as the builder moves it: its box rounded to `f32` and its index.
#[derive(Clone, Copy)]
struct Item {
    bounds: Plan,
    index: u32,
    /// Its bins on the three axes in the node being split (written by the binning pass,
    /// read by the partition): 32 bytes a record.
    bins: [u8; 4],
}

impl Item {
    /// The box's centre, halved before adding so that boxes near ±f32::MAX do not overflow.
    #[inline(always)]
    fn centre(&self) -> [f32; 3] {
        std::array::from_fn(|k| 0.5 * self.bounds[0][k] + 0.5 * self.bounds[1][k])
    }
}

/// A node still to be split: where it is, its items and its centres' box.
struct Task {
    node: usize,
    start: usize,
    end: usize,
    centres: Plan,
    depth: usize,
}

/// Builds the tree over `boxes` (checked by the caller: no NaN, `lo ≤ hi`, fewer than 2^32).
pub(super) fn build(boxes: &[Box3]) -> Bvh {
    let mut bvh = build_unfinished(boxes);
    bvh.finish();
    bvh
}

/// [`build`] without its last touches (no spare capacity trimmed, no depth counted): for a
/// caller that only reads the tree's nodes to make another (the wide tree).
pub(super) fn build_unfinished(boxes: &[Box3]) -> Bvh {
    let mut bvh = plan(boxes.len(), |i| boxes[i]);
    bvh.fill(boxes);
    bvh
}

/// The tree [`build_unfinished`] makes over the `n` boxes `box_of(0..n)` (each read once, in
/// item order; checked by the caller), with every node's box left empty for the caller to
/// set ([`Bvh::fill_slots`]): for a caller that can give each item's box as it is asked for,
/// and need not keep them all in an array (a mesh's triangles: 48 bytes a face saved).
pub(super) fn plan(n: usize, box_of: impl Fn(usize) -> Box3) -> Bvh {
    if n == 0 {
        return Bvh::default();
    }
    // Rounded to nearest: a box beyond the `f32` range becomes infinite, which only makes
    // its place in the tree arbitrary.
    let mut items: Vec<Item> = (0..n)
        .map(|i| Item {
            bounds: box_of(i).map(|c| c.map(|x| x as f32)),
            index: i as u32,
            bins: [0; 4],
        })
        .collect();
    let mut centres = NONE;
    for it in &items {
        let c = it.centre();
        centres = union(centres, [c, c]);
    }
    // Past this depth the heuristic gives way to median splits, so the depth stays below
    // about 2.5·log2(n) on any input, outliers that crowd every centre into one bin included.
    let bits = (usize::BITS - n.leading_zeros()) as usize;
    let sah_depth = bits + bits / 2;
    // A small tree's leaves are smaller: there a query's cost is per face met, and a leaf of
    // two faces has a smaller box than one of four (on a 12-face cube, 22 % of a cast's
    // instructions), while the tree stays a few nodes.
    let leaf = if n <= SMALL_TREE { 2 } else { Bvh::LEAF_SIZE };
    let nodes = build_parallel(&mut items, 0, centres, 0, sah_depth, leaf);
    Bvh {
        nodes,
        items: items.iter().map(|it| it.index).collect(),
        depth: 0,
    }
}

/// Items below which a subtree is built on one thread, and the depth below which subtrees
/// are no longer handed to other threads (which also bounds the recursion).
#[cfg(feature = "parallel")]
const PARALLEL_ITEMS: usize = 8192;
#[cfg(feature = "parallel")]
const PARALLEL_DEPTH: usize = 12;

/// The subtree over `items` (which start at `offset` in the whole item list): its two
/// halves built at once on two threads when it is large (with the `parallel` feature), then
/// stitched under one root. Node indices are local (the root is 0); leaves hold global item
/// offsets. The tree is the same as one thread builds, its nodes in another order.
fn build_parallel(
    items: &mut [Item],
    offset: usize,
    centres: Plan,
    depth: usize,
    sah_depth: usize,
    leaf: usize,
) -> Vec<Node> {
    #[cfg(feature = "parallel")]
    if items.len() >= PARALLEL_ITEMS && depth < PARALLEL_DEPTH {
        let (mid, left, right) = choose(items, &centres, depth, sah_depth);
        let (a, b) = items.split_at_mut(mid);
        let (l, r) = rayon::join(
            || build_parallel(a, offset, left, depth + 1, sah_depth, leaf),
            || build_parallel(b, offset + mid, right, depth + 1, sah_depth, leaf),
        );
        return stitch(l, r);
    }
    build_sequential(items, offset, centres, depth, sah_depth, leaf)
}

/// The split of a node at `depth`: the heuristic's, or by count when its centres all
/// coincide; past `sah_depth`, the median of the centres along their widest axis.
fn choose(
    items: &mut [Item],
    centres: &Plan,
    depth: usize,
    sah_depth: usize,
) -> (usize, Side, Side) {
    if depth < sah_depth {
        if let Some(s) = split(items, centres) {
            return s;
        }
    } else {
        let extent = |k: usize| 0.5 * centres[1][k] - 0.5 * centres[0][k];
        let axis = (0..3).fold(0, |a, k| if extent(k) > extent(a) { k } else { a });
        let mid = items.len() / 2;
        items.select_nth_unstable_by(mid, |a, b| a.centre()[axis].total_cmp(&b.centre()[axis]));
    }
    halves(items)
}

/// A root over two subtrees in local numbering: `[root, left root, right root, the rest of
/// the left, the rest of the right]`, interior nodes' child indices moved along.
#[cfg(feature = "parallel")]
fn stitch(left: Vec<Node>, right: Vec<Node>) -> Vec<Node> {
    let base_left = 3;
    let base_right = base_left + left.len() - 1;
    let mut nodes = Vec::with_capacity(left.len() + right.len() + 1);
    nodes.push(Node {
        bounds: EMPTY,
        first: 1,
        count: 0,
    });
    // Children of a local tree are never its root (0): index i >= 1 moves to base + i - 1.
    let moved = |n: Node, base: usize| {
        if n.count == 0 {
            Node {
                first: (base + n.first as usize - 1) as u32,
                ..n
            }
        } else {
            n
        }
    };
    nodes.push(moved(left[0], base_left));
    nodes.push(moved(right[0], base_right));
    nodes.extend(left[1..].iter().map(|&n| moved(n, base_left)));
    nodes.extend(right[1..].iter().map(|&n| moved(n, base_right)));
    nodes
}

/// The subtree over `items` on this thread, with an explicit stack (local node indices,
/// global item offsets from `offset`), its leaves of at most `leaf` items.
fn build_sequential(
    items: &mut [Item],
    offset: usize,
    centres: Plan,
    depth: usize,
    sah_depth: usize,
    leaf: usize,
) -> Vec<Node> {
    let n = items.len();
    let mut nodes = Vec::with_capacity(2 * n.div_ceil(leaf));
    nodes.push(Node {
        bounds: EMPTY,
        first: 0,
        count: 0,
    });
    // The stack holds at most one task a level and one more; reserved for the depth the
    // median splits bound (growing it would cost a tiny mesh's build a copy).
    let bits = (usize::BITS - n.leading_zeros()) as usize;
    let mut stack = Vec::with_capacity(3 * bits + 2);
    stack.push(Task {
        node: 0,
        start: 0,
        end: n,
        centres,
        depth,
    });
    while let Some(task) = stack.pop() {
        let count = task.end - task.start;
        if count <= leaf {
            nodes[task.node].first = (offset + task.start) as u32;
            nodes[task.node].count = count as u32;
            continue;
        }
        let slice = &mut items[task.start..task.end];
        let (mid, left, right) = choose(slice, &task.centres, task.depth, sah_depth);
        let first = nodes.len();
        nodes[task.node].first = first as u32;
        nodes[task.node].count = 0;
        let empty = Node {
            bounds: EMPTY,
            first: 0,
            count: 0,
        };
        nodes.push(empty);
        nodes.push(empty);
        stack.push(Task {
            node: first + 1,
            start: task.start + mid,
            end: task.end,
            centres: right,
            depth: task.depth + 1,
        });
        stack.push(Task {
            node: first,
            start: task.start,
            end: task.start + mid,
            centres: left,
            depth: task.depth + 1,
        });
    }
    nodes
}

/// A side of a split: its centres' box.
type Side = Plan;

/// The items split in two halves by count, as they lie (for centres that all coincide,
/// where no plane separates them, or after a median selection), with each half's centres.
fn halves(items: &[Item]) -> (usize, Side, Side) {
    let mid = items.len() / 2;
    let side = |part: &[Item]| {
        part.iter().fold(NONE, |acc, it| {
            let c = it.centre();
            union(acc, [c, c])
        })
    };
    (mid, side(&items[..mid]), side(&items[mid..]))
}

/// The bins of all three axes: `lo[axis][bin]` the least corner of the boxes in that bin as
/// four lanes (`x`, `y`, `z` and one unused), and `hi`, `count` alike. An item's update is,
/// per axis, one four-lane `min` and one `max` stored whole: a whole-vector store forwards
/// to the next item's load of the same bin (usually the same one) where scalar or masked
/// stores stall it.
struct Bins {
    lo: [[[f32; 4]; BINS]; 3],
    hi: [[[f32; 4]; BINS]; 3],
    count: [[u32; BINS]; 3],
}

impl Bins {
    fn new() -> Self {
        Bins {
            lo: [[[f32::INFINITY; 4]; BINS]; 3],
            hi: [[[f32::NEG_INFINITY; 4]; BINS]; 3],
            count: [[0; BINS]; 3],
        }
    }

    /// Adds a box (its corners as four lanes) to bin `b` of `axis`.
    #[inline(always)]
    fn add(&mut self, axis: usize, b: usize, lo: &[f32; 4], hi: &[f32; 4]) {
        let (l, h) = (&mut self.lo[axis][b], &mut self.hi[axis][b]);
        *l = min4(*lo, *l);
        *h = max4(*hi, *h);
        self.count[axis][b] += 1;
    }
}

/// Lane by lane, `a` where `a < b`, else `b`: the select the fallback spells, which on
/// `x86_64` is exactly one `minps`. Spelled as a select there, the compiler makes a bin's
/// update a masked store (storing only the lanes that change), which does not forward to
/// the next item's load of the same bin: builds of 10^3 and 10^4 faces took 3–8 % longer
/// (against parry3d's in the same process). `f32::min` (a `minps` and a fix-up for NaN)
/// was slower still.
#[inline(always)]
fn min4(a: [f32; 4], b: [f32; 4]) -> [f32; 4] {
    #[cfg(target_arch = "x86_64")]
    {
        use core::arch::x86_64::{__m128, _mm_min_ps};
        // SAFETY: `[f32; 4]` and `__m128` are both sixteen bytes of four `f32`s, every bit
        // pattern valid in each; SSE is part of every `x86_64`.
        unsafe {
            core::mem::transmute::<__m128, [f32; 4]>(_mm_min_ps(
                core::mem::transmute::<[f32; 4], __m128>(a),
                core::mem::transmute::<[f32; 4], __m128>(b),
            ))
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    std::array::from_fn(|k| if a[k] < b[k] { a[k] } else { b[k] })
}

/// Lane by lane, `a` where `a > b`, else `b` (one `maxps` on `x86_64`; see [`min4`]).
#[inline(always)]
fn max4(a: [f32; 4], b: [f32; 4]) -> [f32; 4] {
    #[cfg(target_arch = "x86_64")]
    {
        use core::arch::x86_64::{__m128, _mm_max_ps};
        // SAFETY: as in `min4`.
        unsafe {
            core::mem::transmute::<__m128, [f32; 4]>(_mm_max_ps(
                core::mem::transmute::<[f32; 4], __m128>(a),
                core::mem::transmute::<[f32; 4], __m128>(b),
            ))
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    std::array::from_fn(|k| if a[k] > b[k] { a[k] } else { b[k] })
}

/// The union of boxes of the three axes' bins, lane by lane (a lane an axis; the fourth, a
/// copy of the third, fills the vector and is never chosen).
#[derive(Clone, Copy)]
struct Sweep {
    lo: [[f32; 4]; 3],
    hi: [[f32; 4]; 3],
    count: [u32; 4],
}

impl Sweep {
    const EMPTY: Sweep = Sweep {
        lo: [[f32::INFINITY; 4]; 3],
        hi: [[f32::NEG_INFINITY; 4]; 3],
        count: [0; 4],
    };

    /// Bin `b` of each axis added (gathered from the bins' per-axis boxes, coordinate by
    /// coordinate).
    #[inline(always)]
    fn take(&mut self, bins: &Bins, b: usize) {
        for j in 0..3 {
            let lo: [f32; 4] = std::array::from_fn(|k| bins.lo[k.min(2)][b][j]);
            let hi: [f32; 4] = std::array::from_fn(|k| bins.hi[k.min(2)][b][j]);
            self.lo[j] = std::array::from_fn(|k| {
                if lo[k] < self.lo[j][k] {
                    lo[k]
                } else {
                    self.lo[j][k]
                }
            });
            self.hi[j] = std::array::from_fn(|k| {
                if hi[k] > self.hi[j][k] {
                    hi[k]
                } else {
                    self.hi[j][k]
                }
            });
        }
        self.count = std::array::from_fn(|k| self.count[k] + bins.count[k.min(2)][b]);
    }

    /// Per axis: half the surface area of the boxes' union times their count, in `f64` (NaN
    /// for an empty union, which no plane may have on a side; may be infinite or NaN for
    /// huge boxes, which only makes the heuristic indifferent, never wrong).
    #[inline(always)]
    fn cost(&self) -> [f64; 4] {
        let d: [[f64; 4]; 3] = std::array::from_fn(|j| {
            std::array::from_fn(|k| (f64::from(self.hi[j][k]) - f64::from(self.lo[j][k])).max(0.0))
        });
        std::array::from_fn(|k| {
            let cost = (d[0][k] * d[1][k] + d[1][k] * d[2][k] + d[2][k] * d[0][k])
                * f64::from(self.count[k]);
            if self.count[k] > 0 {
                cost
            } else {
                f64::NAN
            }
        })
    }
}

/// Bins per axis for a node of `n` items: as many as items, up to 4 below 16 items, 8 below
/// 64 and [`BINS`] from there (at least 2, one plane, whatever a caller passes). A node's
/// sweeps cost per bin, not per item, and small nodes are most of a tree's splits: with
/// sixteen bins from 16 items up, the split choice was three quarters of a 968-face
/// terrain's build. Fewer bins on small nodes cost no cast anything measurable (callgrind,
/// instructions per cast on the 12-face cube, the shared two-cube meshes, terrains,
/// icospheres and blades of 10^3 and 10^4 faces: within 0.5 %, the blades' slightly fewer),
/// and take 7–12 % off their builds' instructions.
fn bins_for(n: usize) -> usize {
    let most = if n < 16 {
        4
    } else if n < 64 {
        8
    } else {
        BINS
    };
    n.clamp(2, most)
}

/// Partitions `items` by the best binned SAH plane over their centres (one pass binning all
/// three axes) and returns the count on the left (between 1 and `items.len() - 1`) with both
/// sides' boxes, or `None` when no plane separates the centres (all equal).
///
/// Ties in cost (flat boxes have no area, so every plane may cost 0) go to the most even
/// split, which keeps the depth logarithmic on flat and collinear inputs.
fn split(items: &mut [Item], centres: &Plan) -> Option<(usize, Side, Side)> {
    let n = items.len();
    let used = bins_for(n);

    // Per axis (a fourth lane for the vector registers): half the smallest centre coordinate
    // and bins per unit of half coordinate (halved, so that the extent of centres near
    // ±f32::MAX does not overflow); 0 for an axis on which every centre is the same, whose
    // items all go to bin 0 and whose planes are never costed.
    let mut origin = [0.0f32; 4];
    let mut per = [0.0f32; 4];
    for k in 0..3 {
        let half_extent = 0.5 * centres[1][k] - 0.5 * centres[0][k];
        if half_extent > 0.0 {
            (origin[k], per[k]) = (0.5 * centres[0][k], used as f32 / half_extent);
        }
    }
    // A centre's bins on the three axes, clamped in floats first (a NaN, of an infinite box
    // or an infinite extent, goes to bin 0), so that the conversion needs no saturation.
    let top = (used - 1) as f32;
    let bins_of = |c: [f32; 3]| -> [usize; 3] {
        let c = [c[0], c[1], c[2], 0.0];
        let x: [f32; 4] = std::array::from_fn(|k| {
            let x = (0.5 * c[k] - origin[k]) * per[k];
            let x = if x > 0.0 { x } else { 0.0 };
            if x < top {
                x
            } else {
                top
            }
        });
        // SAFETY: each `x` lies in `[0, top]` (a NaN fails `x > 0.0` and becomes 0), so it is
        // finite and its truncation fits an `i32`.
        let b: [i32; 4] = x.map(|x| unsafe { x.to_int_unchecked::<i32>() });
        [b[0] as usize, b[1] as usize, b[2] as usize]
    };
    let mut bins = Bins::new();
    for it in items.iter_mut() {
        let b = bins_of(it.centre());
        let [l, h] = it.bounds;
        let (lo, hi) = ([l[0], l[1], l[2], 0.0], [h[0], h[1], h[2], 0.0]);
        for (k, &b) in b.iter().enumerate() {
            bins.add(k, b, &lo, &hi);
        }
        it.bins = [b[0] as u8, b[1] as u8, b[2] as u8, 0];
    }
    // Sweep from the right, then from the left, all three axes at once: plane `b` (between
    // bins `b - 1` and `b`) has bins `..b` on its left and `b..` on its right. A side with no
    // item costs NaN, so that a plane with an empty side (every plane of an axis whose
    // centres coincide among them) is never chosen.
    let mut right_cost = [[0.0f64; 4]; BINS];
    let mut acc = Sweep::EMPTY;
    for b in (1..used).rev() {
        acc.take(&bins, b);
        right_cost[b] = acc.cost();
    }
    // Then from the left, each plane's left cost and count (a loop of the same shape as the
    // first, which the compiler keeps in vector registers).
    let (mut left_cost, mut left_count) = ([[0.0f64; 4]; BINS], [[0u32; 4]; BINS]);
    let mut acc = Sweep::EMPTY;
    for b in 0..used - 1 {
        acc.take(&bins, b);
        (left_cost[b], left_count[b]) = (acc.cost(), acc.count);
    }
    // Per axis, lane by lane without branches: the least cost (`<`, so NaN never, and +∞
    // only when nothing is finite) and, among the planes of that cost, the most even (the
    // first such on ties), its imbalance and its plane.
    let mut least = [f64::INFINITY; 4];
    let mut even = [u64::MAX; 4];
    let mut plane = [0usize; 4];
    for b in 0..used - 1 {
        for k in 0..4 {
            let cost = left_cost[b][k] + right_cost[b + 1][k];
            let imbalance = (2 * u64::from(left_count[b][k])).abs_diff(n as u64);
            let better = (cost < least[k]) | ((cost == least[k]) & (imbalance < even[k]));
            least[k] = if better { cost } else { least[k] };
            even[k] = if better { imbalance } else { even[k] };
            plane[k] = if better { b + 1 } else { plane[k] };
        }
    }
    // Among the axes of least cost, the most even plane (the first axis on ties): the most
    // even of every plane of least cost, the first in axis-then-plane order on ties.
    let lowest = least[0].min(least[1]).min(least[2]);
    let mut best: Option<(u64, usize)> = None;
    for k in 0..3 {
        let candidate = even[k] != u64::MAX && least[k] == lowest;
        if candidate && best.is_none_or(|(e, _)| even[k] < e) {
            best = Some((even[k], k));
        }
    }
    let (_, axis) = best?;
    let plane = plane[axis];
    // Partition, gathering each side's centres' box on the way.
    let (mut mid, mut left_centres, mut right_centres) = (0, NONE, NONE);
    for j in 0..n {
        // Item `j` is as the binning pass left it: each swap moves one already passed.
        let c = items[j].centre();
        if usize::from(items[j].bins[axis]) < plane {
            left_centres = union(left_centres, [c, c]);
            if j != mid {
                items.swap(j, mid);
            }
            mid += 1;
        } else {
            right_centres = union(right_centres, [c, c]);
        }
    }
    // Both sides are nonempty: the same bin function counted them.
    (mid > 0 && mid < n).then_some((mid, left_centres, right_centres))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `min4` and `max4` are the selects the bins were updated with, lane by lane and bit for
    /// bit, on every kind of float: signed zeros (the select keeps `b` on a tie), subnormals,
    /// the infinities and NaN in either place (the select takes `b` when a comparison fails).
    #[test]
    fn min4_and_max4_are_the_lanewise_selects() {
        let values = [
            0.0,
            -0.0,
            1.0e-45,
            -1.0e-45,
            1.5,
            -2.25,
            f32::MAX,
            f32::MIN,
            f32::INFINITY,
            f32::NEG_INFINITY,
            f32::NAN,
        ];
        for (i, &x) in values.iter().enumerate() {
            for &y in &values {
                // Four lanes that each see a different pair, the pair itself in lane 0.
                let a = [x, y, values[(i + 3) % values.len()], -x];
                let b = [y, x, x, values[(i + 5) % values.len()]];
                let (lo, hi) = (min4(a, b), max4(a, b));
                for k in 0..4 {
                    let want_lo = if a[k] < b[k] { a[k] } else { b[k] };
                    let want_hi = if a[k] > b[k] { a[k] } else { b[k] };
                    assert_eq!(
                        lo[k].to_bits(),
                        want_lo.to_bits(),
                        "min of {} {}",
                        a[k],
                        b[k]
                    );
                    assert_eq!(
                        hi[k].to_bits(),
                        want_hi.to_bits(),
                        "max of {} {}",
                        a[k],
                        b[k]
                    );
                }
            }
        }
    }
}
