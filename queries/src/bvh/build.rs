//! Building the hierarchy: binned surface area heuristic, top down, with an explicit stack.

use super::{union, Box3, Bvh, Node, EMPTY};

/// Bins per axis for the surface area heuristic.
const BINS: usize = 16;

/// Builds the tree over `boxes` (checked by the caller: no NaN, `lo ≤ hi`, fewer than 2^32).
pub(super) fn build(boxes: &[Box3]) -> Bvh {
    let n = boxes.len();
    if n == 0 {
        return Bvh::default();
    }
    // Box centres, halved before adding so that boxes near ±f64::MAX do not overflow.
    let centre: Vec<[f64; 3]> = boxes
        .iter()
        .map(|b| std::array::from_fn(|k| 0.5 * b[0][k] + 0.5 * b[1][k]))
        .collect();
    let mut items: Vec<u32> = (0..n as u32).collect();
    let mut nodes = Vec::with_capacity(2 * n.div_ceil(Bvh::LEAF_SIZE));
    nodes.push(Node {
        bounds: EMPTY,
        first: 0,
        count: 0,
    });
    // (node, start, end): the node's items are items[start..end].
    let mut stack = vec![(0usize, 0usize, n)];
    while let Some((node, start, end)) = stack.pop() {
        let slice = &mut items[start..end];
        let bounds = slice
            .iter()
            .fold(EMPTY, |b, &i| union(b, boxes[i as usize]));
        nodes[node].bounds = bounds;
        let count = end - start;
        let split =
            (count > Bvh::LEAF_SIZE).then(|| split(slice, &centre, boxes).unwrap_or(count / 2));
        match split {
            None => {
                nodes[node].first = start as u32;
                nodes[node].count = count as u32;
            }
            Some(mid) => {
                let left = nodes.len();
                nodes[node].first = left as u32;
                nodes[node].count = 0;
                let empty = Node {
                    bounds: EMPTY,
                    first: 0,
                    count: 0,
                };
                nodes.push(empty);
                nodes.push(empty);
                stack.push((left + 1, start + mid, end));
                stack.push((left, start, start + mid));
            }
        }
    }
    Bvh { nodes, items }
}

/// Partitions `items` by the best binned SAH plane over their centres and returns the count
/// on the left (between 1 and `items.len() - 1`), or `None` when no plane separates the
/// centres (all equal): the caller then splits by count, so that depth stays logarithmic.
fn split(items: &mut [u32], centre: &[[f64; 3]], boxes: &[Box3]) -> Option<usize> {
    let mut lo = [f64::INFINITY; 3];
    let mut hi = [f64::NEG_INFINITY; 3];
    for &i in items.iter() {
        for k in 0..3 {
            lo[k] = lo[k].min(centre[i as usize][k]);
            hi[k] = hi[k].max(centre[i as usize][k]);
        }
    }
    let mut best: Option<(f64, Binning)> = None;
    for axis in 0..3 {
        // Halved, so that the extent of centres near ±f64::MAX does not overflow.
        let half_extent = 0.5 * hi[axis] - 0.5 * lo[axis];
        if half_extent > 0.0 {
            let binning = Binning {
                axis,
                lo: 0.5 * lo[axis],
                scale: BINS as f64 / half_extent,
                plane: 0,
            };
            if let Some((cost, plane)) = binning.best_plane(items, centre, boxes) {
                if best.as_ref().is_none_or(|(c, _)| cost < *c) {
                    best = Some((cost, Binning { plane, ..binning }));
                }
            }
        }
    }
    let (_, binning) = best?;
    let mut left = 0;
    for j in 0..items.len() {
        if binning.bin(centre[items[j] as usize]) < binning.plane {
            items.swap(j, left);
            left += 1;
        }
    }
    (left > 0 && left < items.len()).then_some(left)
}

/// Centres binned along one axis; items in bins below `plane` go left.
struct Binning {
    axis: usize,
    /// Half the smallest centre coordinate.
    lo: f64,
    /// Bins per unit of half coordinate.
    scale: f64,
    plane: usize,
}

impl Binning {
    #[inline]
    fn bin(&self, c: [f64; 3]) -> usize {
        (((0.5 * c[self.axis] - self.lo) * self.scale) as usize).min(BINS - 1)
    }

    /// The cheapest of the `BINS - 1` planes by the surface area heuristic (the sum over
    /// both sides of the box's half area times the items in it), with both sides nonempty.
    fn best_plane(
        &self,
        items: &[u32],
        centre: &[[f64; 3]],
        boxes: &[Box3],
    ) -> Option<(f64, usize)> {
        let mut bin_box = [EMPTY; BINS];
        let mut bin_count = [0usize; BINS];
        for &i in items {
            let b = self.bin(centre[i as usize]);
            bin_box[b] = union(bin_box[b], boxes[i as usize]);
            bin_count[b] += 1;
        }
        let mut right_cost = [0.0; BINS];
        let (mut acc, mut acc_n) = (EMPTY, 0);
        for b in (1..BINS).rev() {
            acc = union(acc, bin_box[b]);
            acc_n += bin_count[b];
            right_cost[b] = half_area(acc) * acc_n as f64;
        }
        // Ties (flat boxes have no area, so every plane may cost 0) go to the most even split.
        let mut best: Option<(f64, usize, usize)> = None;
        let (mut acc, mut acc_n) = (EMPTY, 0);
        for b in 0..BINS - 1 {
            acc = union(acc, bin_box[b]);
            acc_n += bin_count[b];
            if acc_n == 0 || acc_n == items.len() {
                continue;
            }
            let cost = half_area(acc) * acc_n as f64 + right_cost[b + 1];
            let imbalance = (2 * acc_n).abs_diff(items.len());
            if best.is_none_or(|(c, i, _)| cost < c || (cost == c && imbalance < i)) {
                best = Some((cost, imbalance, b + 1));
            }
        }
        best.map(|(cost, _, plane)| (cost, plane))
    }
}

/// Half the surface area of a box (0 for an empty one; may be infinite for huge boxes, which
/// only makes the heuristic indifferent, never wrong).
fn half_area(b: Box3) -> f64 {
    let d: [f64; 3] = std::array::from_fn(|k| (b[1][k] - b[0][k]).max(0.0));
    d[0] * d[1] + d[1] * d[2] + d[2] * d[0]
}
