//! Building the hierarchy fast: items sorted along a Morton (Z-order) curve of their box
//! centres, split where the codes first differ (a linear BVH, as Karras's), boxes filled in
//! from the leaves up. Several times faster to build than the surface area heuristic and
//! somewhat slower to query: for a tree used for one pass of queries, such as a CCD step's.

use super::{Box3, Bvh, Node, EMPTY};

/// Bits per axis of a code (30 in all).
const BITS: u32 = 10;

/// `x`'s low ten bits spread to every third bit.
fn spread(x: u32) -> u32 {
    let mut x = x & 0x3ff;
    x = (x | (x << 16)) & 0x0300_00ff;
    x = (x | (x << 8)) & 0x0300_f00f;
    x = (x | (x << 4)) & 0x030c_30c3;
    (x | (x << 2)) & 0x0924_9249
}

/// Builds the tree over `boxes` (checked by the caller: no NaN, `lo ≤ hi`, fewer than 2^32),
/// leaves of at most `leaf` items (at least 1), sorting on rayon's threads when `parallel`
/// (and the feature) say so.
pub(super) fn build(boxes: &[Box3], parallel: bool, leaf: usize) -> Bvh {
    let mut bvh = order(boxes.len(), |k| boxes[k], parallel, leaf);
    bvh.fill(boxes);
    bvh
}

/// The tree [`build`] makes over the `n` boxes `box_of(0..n)` (each read twice, in item
/// order), with every node's box left empty ([`EMPTY`]) for the caller to set: the
/// structure, the order of the items, and the depth.
pub(super) fn order(n: usize, box_of: impl Fn(usize) -> Box3, parallel: bool, leaf: usize) -> Bvh {
    let leaf = leaf.max(1);
    if n == 0 {
        return Bvh::default();
    }
    // Centres halved before adding (no overflow near ±f64::MAX); an infinite box's centre is
    // not finite and gets code 0, which only makes its place in the tree arbitrary.
    let centre = |b: &Box3| -> [f64; 3] { std::array::from_fn(|k| 0.5 * b[0][k] + 0.5 * b[1][k]) };
    let mut lo = [f64::INFINITY; 3];
    let mut hi = [f64::NEG_INFINITY; 3];
    for b in (0..n).map(&box_of) {
        for (k, c) in centre(&b).into_iter().enumerate() {
            if c.is_finite() {
                lo[k] = lo[k].min(c);
                hi[k] = hi[k].max(c);
            }
        }
    }
    let cells = f64::from(1u32 << BITS);
    let scale: [f64; 3] = std::array::from_fn(|k| {
        let half_extent = 0.5 * hi[k] - 0.5 * lo[k];
        if half_extent > 0.0 {
            0.5 * cells / half_extent
        } else {
            0.0
        }
    });
    let code = |b: &Box3| -> u32 {
        let c = centre(b);
        (0..3).fold(0, |code, k| {
            let q = (0.5 * c[k] - 0.5 * lo[k]) * scale[k];
            // `as` saturates and sends NaN to 0.
            let q = (q as u32).min((1 << BITS) - 1);
            code | (spread(q) << (2 - k))
        })
    };
    let mut keys: Vec<u64> = (0..n)
        .map(|i| (u64::from(code(&box_of(i))) << 32) | i as u64)
        .collect();
    #[cfg(feature = "parallel")]
    if parallel {
        use rayon::slice::ParallelSliceMut;
        keys.par_sort_unstable();
    }
    if !(cfg!(feature = "parallel") && parallel) {
        keys.sort_unstable();
    }
    let codes: Vec<u32> = keys.iter().map(|&k| (k >> 32) as u32).collect();
    let items: Vec<u32> = keys.iter().map(|&k| k as u32).collect();
    let empty = Node {
        bounds: EMPTY,
        first: 0,
        count: 0,
    };
    // Room for the nodes the trees of meshes have (about a third of `n` with leaves of 8,
    // where the earlier `2·n/leaf` was exceeded and the array grew by copies): room not
    // written to is never touched, and `finish` gives it back. Not the most a tree can
    // have (`2n - 1`, leaves of one item): for hundreds of millions of items that much
    // address space may be refused, which aborts the program; a rare tree grows instead.
    let mut nodes = Vec::with_capacity((4 * n.div_ceil(leaf)).min(2 * n - 1));
    nodes.push(empty);
    // (node, start, end): the items of a node are a range of the sorted list.
    let mut stack = vec![(0usize, 0usize, n)];
    while let Some((node, start, end)) = stack.pop() {
        if end - start <= leaf {
            nodes[node].first = start as u32;
            nodes[node].count = (end - start) as u32;
            continue;
        }
        let (a, b) = (codes[start], codes[end - 1]);
        let mid = if a == b {
            // Equal codes: split by count, so that the depth stays logarithmic.
            (start + end) / 2
        } else {
            // The highest bit where the range's codes differ: 0 on the left, 1 on the right.
            let bit = 1u32 << (31 - (a ^ b).leading_zeros());
            start + codes[start..end].partition_point(|&c| c & bit == 0)
        };
        let first = nodes.len();
        nodes[node].first = first as u32;
        nodes.push(empty);
        nodes.push(empty);
        stack.push((first + 1, mid, end));
        stack.push((first, start, mid));
    }
    let mut bvh = Bvh {
        nodes,
        items,
        depth: 0,
    };
    bvh.finish();
    bvh
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_interleave_the_axes() {
        assert_eq!(spread(0b11), 0b1001);
        assert_eq!(spread(0x3ff), 0x0924_9249);
    }
}
