//! Building the hierarchy: binned surface area heuristic, top down, with an explicit stack.
//!
//! Items travel with their boxes (one record each, partitioned in place), so
//! each level reads them in order; one pass bins them on all three axes at once, the bins
//! give each child its box, and the partition pass its centres' box: two passes a level.
//!
//! The plan is made on the items' boxes rounded to `f32` (28-byte records instead of 56, and
//! half the memory traffic per level): the boxes only choose the splits. The nodes' boxes
//! are then filled in from the exact `f64` boxes, from the leaves up ([`Bvh::fill`]), so the
//! guarantee that a node's box holds every item below it owes nothing to the rounding.

use super::{union, Box3, Bvh, Node, EMPTY};

/// A box in `f32`, for planning only.
type Plan = [[f32; 3]; 2];

/// The empty plan box (the identity of [`union`]).
const NONE: Plan = [[f32::INFINITY; 3], [f32::NEG_INFINITY; 3]];

/// Bins per axis for the surface area heuristic.
const BINS: usize = 16;

/// An item as the builder moves it: its box rounded to `f32` and its index.
#[derive(Clone, Copy)]
struct Item {
    bounds: Plan,
    index: u32,
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
    let n = boxes.len();
    if n == 0 {
        return Bvh::default();
    }
    // Rounded to nearest: a box beyond the `f32` range becomes infinite, which only makes
    // its place in the tree arbitrary.
    let mut items: Vec<Item> = boxes
        .iter()
        .enumerate()
        .map(|(i, b)| Item {
            bounds: b.map(|c| c.map(|x| x as f32)),
            index: i as u32,
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
    let nodes = build_parallel(&mut items, 0, centres, 0, sah_depth);
    let mut bvh = Bvh {
        nodes,
        items: items.iter().map(|it| it.index).collect(),
        depth: 0,
    };
    bvh.fill(boxes);
    bvh
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
) -> Vec<Node> {
    #[cfg(feature = "parallel")]
    if items.len() >= PARALLEL_ITEMS && depth < PARALLEL_DEPTH {
        let (mid, left, right) = choose(items, &centres, depth, sah_depth);
        let (a, b) = items.split_at_mut(mid);
        let (l, r) = rayon::join(
            || build_parallel(a, offset, left, depth + 1, sah_depth),
            || build_parallel(b, offset + mid, right, depth + 1, sah_depth),
        );
        return stitch(l, r);
    }
    build_sequential(items, offset, centres, depth, sah_depth)
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
/// global item offsets from `offset`).
fn build_sequential(
    items: &mut [Item],
    offset: usize,
    centres: Plan,
    depth: usize,
    sah_depth: usize,
) -> Vec<Node> {
    let n = items.len();
    let mut nodes = Vec::with_capacity(2 * n.div_ceil(Bvh::LEAF_SIZE));
    nodes.push(Node {
        bounds: EMPTY,
        first: 0,
        count: 0,
    });
    let mut stack = vec![Task {
        node: 0,
        start: 0,
        end: n,
        centres,
        depth,
    }];
    while let Some(task) = stack.pop() {
        let count = task.end - task.start;
        if count <= Bvh::LEAF_SIZE {
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

/// The bins of all three axes, bound by bound: `lo[axis][coordinate][bin]`, so that an
/// item's update is eighteen scalar `min`s and `max`es on separate lines of memory. (Kept as
/// one box per bin, the compiler vectorizes each update into masked stores, and the next
/// item's load of the same bin, usually the same one, stalls on them: that was most of the
/// build's time.)
struct Bins {
    lo: [[[f32; BINS]; 3]; 3],
    hi: [[[f32; BINS]; 3]; 3],
    count: [[usize; BINS]; 3],
}

impl Bins {
    fn new() -> Self {
        Bins {
            lo: [[[f32::INFINITY; BINS]; 3]; 3],
            hi: [[[f32::NEG_INFINITY; BINS]; 3]; 3],
            count: [[0; BINS]; 3],
        }
    }

    /// Adds a box to bin `b` of `axis`.
    #[inline(always)]
    fn add(&mut self, axis: usize, b: usize, bounds: &Plan) {
        let (lo, hi) = (&mut self.lo[axis], &mut self.hi[axis]);
        for (j, (lo, hi)) in lo.iter_mut().zip(hi.iter_mut()).enumerate() {
            let (x, y) = (bounds[0][j], bounds[1][j]);
            lo[b] = if x < lo[b] { x } else { lo[b] };
            hi[b] = if y > hi[b] { y } else { hi[b] };
        }
        self.count[axis][b] += 1;
    }

    /// Bin `b` of `axis`: its box and its count.
    #[inline(always)]
    fn get(&self, axis: usize, b: usize) -> (Plan, usize) {
        let [lo, hi] = [&self.lo[axis], &self.hi[axis]];
        (
            [
                [lo[0][b], lo[1][b], lo[2][b]],
                [hi[0][b], hi[1][b], hi[2][b]],
            ],
            self.count[axis][b],
        )
    }
}

/// Partitions `items` by the best binned SAH plane over their centres (one pass binning all
/// three axes) and returns the count on the left (between 1 and `items.len() - 1`) with both
/// sides' boxes, or `None` when no plane separates the centres (all equal).
///
/// Ties in cost (flat boxes have no area, so every plane may cost 0) go to the most even
/// split, which keeps the depth logarithmic on flat and collinear inputs.
fn split(items: &mut [Item], centres: &Plan) -> Option<(usize, Side, Side)> {
    // Per axis: half the smallest centre coordinate and bins per unit of half coordinate
    // (halved, so that the extent of centres near ±f32::MAX does not overflow); `None` for
    // an axis on which every centre is the same.
    // As many bins as items up to `BINS`: a small node's sweep then costs about as much as
    // its items, not as much as sixteen bins on three axes (small nodes are most nodes).
    let n = items.len();
    let used = n.clamp(2, BINS); // at least one plane, whatever a caller passes
    let scale: [Option<(f32, f32)>; 3] = std::array::from_fn(|k| {
        let half_extent = 0.5 * centres[1][k] - 0.5 * centres[0][k];
        (half_extent > 0.0).then(|| (0.5 * centres[0][k], used as f32 / half_extent))
    });
    // The bin, clamped in floats first (a NaN centre, of an infinite box, goes to bin 0),
    // so that the conversion needs no saturation of its own.
    let top = (used - 1) as f32;
    let bin = |k: usize, c: [f32; 3]| {
        scale[k].map_or(0, |(lo, s)| {
            let x = (0.5 * c[k] - lo) * s;
            let x = if x > 0.0 { x } else { 0.0 };
            (if x < top { x } else { top }) as i32 as usize
        })
    };
    let mut bins = Bins::new();
    for it in items.iter() {
        let c = it.centre();
        for k in 0..3 {
            bins.add(k, bin(k, c), &it.bounds);
        }
    }
    // (cost, imbalance, axis, plane)
    let mut best: Option<(f64, usize, usize, usize)> = None;
    for (k, axis_scale) in scale.iter().enumerate() {
        if axis_scale.is_none() {
            continue;
        }
        // Sweep from the right, then from the left, costing each of the `used - 1` planes.
        let mut right = [(NONE, 0usize); BINS];
        let mut acc = (NONE, 0);
        for b in (1..used).rev() {
            let (bounds, count) = bins.get(k, b);
            acc = (union(acc.0, bounds), acc.1 + count);
            right[b] = acc;
        }
        let mut acc = (NONE, 0);
        for b in 0..used - 1 {
            let (bounds, count) = bins.get(k, b);
            acc = (union(acc.0, bounds), acc.1 + count);
            let r = right[b + 1];
            if acc.1 == 0 || r.1 == 0 {
                continue;
            }
            let cost = half_area(acc.0) * acc.1 as f64 + half_area(r.0) * r.1 as f64;
            let imbalance = (2 * acc.1).abs_diff(n);
            if best
                .as_ref()
                .is_none_or(|x| cost < x.0 || (cost == x.0 && imbalance < x.1))
            {
                best = Some((cost, imbalance, k, b + 1));
            }
        }
    }
    let (_, _, axis, plane) = best?;
    // Partition, gathering each side's centres' box on the way.
    let (mut mid, mut left_centres, mut right_centres) = (0, NONE, NONE);
    for j in 0..n {
        let c = items[j].centre();
        if bin(axis, c) < plane {
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

/// Half the surface area of a box, in `f64` (0 for an empty one; may be infinite or NaN for
/// huge boxes, which only makes the heuristic indifferent, never wrong).
fn half_area(b: Plan) -> f64 {
    let d: [f64; 3] = std::array::from_fn(|k| (f64::from(b[1][k]) - f64::from(b[0][k])).max(0.0));
    d[0] * d[1] + d[1] * d[2] + d[2] * d[0]
}
