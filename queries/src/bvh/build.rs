//! Building the hierarchy: binned surface area heuristic, top down, with an explicit stack.
//!
//! Items travel with their boxes (one record each, partitioned in place), so
//! each level reads them in order; one pass bins them on all three axes at once, the bins
//! give each child its box, and the partition pass its centres' box: two passes a level.

use super::{union, Box3, Bvh, Node, EMPTY};

/// Bins per axis for the surface area heuristic.
const BINS: usize = 16;

/// An item as the builder moves it: its box and its index.
#[derive(Clone, Copy)]
struct Item {
    bounds: Box3,
    index: u32,
}

impl Item {
    /// The box's centre, halved before adding so that boxes near ±f64::MAX do not overflow.
    #[inline(always)]
    fn centre(&self) -> [f64; 3] {
        std::array::from_fn(|k| 0.5 * self.bounds[0][k] + 0.5 * self.bounds[1][k])
    }
}

/// A node still to be split: where it is, its items, its box and its centres' box.
struct Task {
    node: usize,
    start: usize,
    end: usize,
    bounds: Box3,
    centres: Box3,
    depth: usize,
}

/// Builds the tree over `boxes` (checked by the caller: no NaN, `lo ≤ hi`, fewer than 2^32).
pub(super) fn build(boxes: &[Box3]) -> Bvh {
    let n = boxes.len();
    if n == 0 {
        return Bvh::default();
    }
    let mut items: Vec<Item> = boxes
        .iter()
        .enumerate()
        .map(|(i, b)| Item {
            bounds: *b,
            index: i as u32,
        })
        .collect();
    let (mut bounds, mut centres) = (EMPTY, EMPTY);
    for it in &items {
        bounds = union(bounds, it.bounds);
        centres = union(centres, [it.centre(), it.centre()]);
    }
    // Past this depth the heuristic gives way to median splits, so the depth stays below
    // about 2.5·log2(n) on any input, outliers that crowd every centre into one bin included.
    let bits = (usize::BITS - n.leading_zeros()) as usize;
    let sah_depth = bits + bits / 2;
    let nodes = build_parallel(&mut items, 0, bounds, centres, 0, sah_depth);
    Bvh {
        nodes,
        items: items.iter().map(|it| it.index).collect(),
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
    bounds: Box3,
    centres: Box3,
    depth: usize,
    sah_depth: usize,
) -> Vec<Node> {
    #[cfg(feature = "parallel")]
    if items.len() >= PARALLEL_ITEMS && depth < PARALLEL_DEPTH {
        let (mid, left, right) = choose(items, &centres, depth, sah_depth);
        let (a, b) = items.split_at_mut(mid);
        let (l, r) = rayon::join(
            || build_parallel(a, offset, left.0, left.1, depth + 1, sah_depth),
            || build_parallel(b, offset + mid, right.0, right.1, depth + 1, sah_depth),
        );
        return stitch(bounds, l, r);
    }
    build_sequential(items, offset, bounds, centres, depth, sah_depth)
}

/// The split of a node at `depth`: the heuristic's, or by count when its centres all
/// coincide; past `sah_depth`, the median of the centres along their widest axis.
fn choose(
    items: &mut [Item],
    centres: &Box3,
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
fn stitch(bounds: Box3, left: Vec<Node>, right: Vec<Node>) -> Vec<Node> {
    let base_left = 3;
    let base_right = base_left + left.len() - 1;
    let mut nodes = Vec::with_capacity(left.len() + right.len() + 1);
    nodes.push(Node {
        bounds,
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
    bounds: Box3,
    centres: Box3,
    depth: usize,
    sah_depth: usize,
) -> Vec<Node> {
    let n = items.len();
    let mut nodes = Vec::with_capacity(2 * n.div_ceil(Bvh::LEAF_SIZE));
    nodes.push(Node {
        bounds,
        first: 0,
        count: 0,
    });
    let mut stack = vec![Task {
        node: 0,
        start: 0,
        end: n,
        bounds,
        centres,
        depth,
    }];
    while let Some(task) = stack.pop() {
        let count = task.end - task.start;
        nodes[task.node].bounds = task.bounds;
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
            bounds: right.0,
            centres: right.1,
            depth: task.depth + 1,
        });
        stack.push(Task {
            node: first,
            start: task.start,
            end: task.start + mid,
            bounds: left.0,
            centres: left.1,
            depth: task.depth + 1,
        });
    }
    nodes
}

/// A side of a split: its box and its centres' box.
type Side = (Box3, Box3);

/// The items split in two halves by count, as they lie (for centres that all coincide,
/// where no plane separates them, or after a median selection), with each half's boxes.
fn halves(items: &[Item]) -> (usize, Side, Side) {
    let mid = items.len() / 2;
    let side = |part: &[Item]| {
        part.iter().fold((EMPTY, EMPTY), |(b, c), it| {
            (union(b, it.bounds), union(c, [it.centre(), it.centre()]))
        })
    };
    (mid, side(&items[..mid]), side(&items[mid..]))
}

/// One axis's bins: per bin the items' box and their count.
#[derive(Clone, Copy)]
struct Bin {
    bounds: Box3,
    count: usize,
}

const EMPTY_BIN: Bin = Bin {
    bounds: EMPTY,
    count: 0,
};

/// Partitions `items` by the best binned SAH plane over their centres (one pass binning all
/// three axes) and returns the count on the left (between 1 and `items.len() - 1`) with both
/// sides' boxes, or `None` when no plane separates the centres (all equal).
///
/// Ties in cost (flat boxes have no area, so every plane may cost 0) go to the most even
/// split, which keeps the depth logarithmic on flat and collinear inputs.
fn split(items: &mut [Item], centres: &Box3) -> Option<(usize, Side, Side)> {
    // Per axis: half the smallest centre coordinate and bins per unit of half coordinate
    // (halved, so that the extent of centres near ±f64::MAX does not overflow); `None` for
    // an axis on which every centre is the same.
    let scale: [Option<(f64, f64)>; 3] = std::array::from_fn(|k| {
        let half_extent = 0.5 * centres[1][k] - 0.5 * centres[0][k];
        (half_extent > 0.0).then(|| (0.5 * centres[0][k], BINS as f64 / half_extent))
    });
    let bin = |k: usize, c: [f64; 3]| {
        scale[k].map_or(0, |(lo, s)| {
            (((0.5 * c[k] - lo) * s) as usize).min(BINS - 1)
        })
    };
    let mut bins = [[EMPTY_BIN; BINS]; 3];
    for it in items.iter() {
        let c = it.centre();
        for (k, axis) in bins.iter_mut().enumerate() {
            let b = &mut axis[bin(k, c)];
            b.bounds = union(b.bounds, it.bounds);
            b.count += 1;
        }
    }
    let n = items.len();
    // (cost, imbalance, axis, plane, left box, right box)
    let mut best: Option<(f64, usize, usize, usize, Box3, Box3)> = None;
    for (k, axis) in bins.iter().enumerate() {
        if scale[k].is_none() {
            continue;
        }
        // Sweep from the right, then from the left, costing each of the BINS - 1 planes.
        let mut right = [(EMPTY, 0usize); BINS];
        let mut acc = (EMPTY, 0);
        for b in (1..BINS).rev() {
            acc = (union(acc.0, axis[b].bounds), acc.1 + axis[b].count);
            right[b] = acc;
        }
        let mut acc = (EMPTY, 0);
        for b in 0..BINS - 1 {
            acc = (union(acc.0, axis[b].bounds), acc.1 + axis[b].count);
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
                best = Some((cost, imbalance, k, b + 1, acc.0, r.0));
            }
        }
    }
    let (_, _, axis, plane, left, right) = best?;
    // Partition, gathering each side's centres' box on the way.
    let (mut mid, mut left_centres, mut right_centres) = (0, EMPTY, EMPTY);
    for j in 0..n {
        let c = items[j].centre();
        if bin(axis, c) < plane {
            left_centres = union(left_centres, [c, c]);
            items.swap(j, mid);
            mid += 1;
        } else {
            right_centres = union(right_centres, [c, c]);
        }
    }
    // Both sides are nonempty: the same bin function counted them.
    (mid > 0 && mid < n).then_some((mid, (left, left_centres), (right, right_centres)))
}

/// Half the surface area of a box (0 for an empty one; may be infinite or NaN for huge
/// boxes, which only makes the heuristic indifferent, never wrong).
fn half_area(b: Box3) -> f64 {
    let d: [f64; 3] = std::array::from_fn(|k| (b[1][k] - b[0][k]).max(0.0));
    d[0] * d[1] + d[1] * d[2] + d[2] * d[0]
}
