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
    }];
    while let Some(task) = stack.pop() {
        let count = task.end - task.start;
        nodes[task.node].bounds = task.bounds;
        if count <= Bvh::LEAF_SIZE {
            nodes[task.node].first = task.start as u32;
            nodes[task.node].count = count as u32;
            continue;
        }
        let slice = &mut items[task.start..task.end];
        let (mid, left, right) = split(slice, &task.centres).unwrap_or_else(|| halves(slice));
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
        });
        stack.push(Task {
            node: first,
            start: task.start,
            end: task.start + mid,
            bounds: left.0,
            centres: left.1,
        });
    }
    Bvh {
        nodes,
        items: items.iter().map(|it| it.index).collect(),
    }
}

/// A side of a split: its box and its centres' box.
type Side = (Box3, Box3);

/// The items split in two halves by count, as they lie (for centres that all coincide,
/// where no plane separates them), with each half's boxes.
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
