//! Pairs of leaves whose boxes come within a distance: the tree traversed against itself,
//! which finds each pair once and shares the work of nearby items (a self-collision broad
//! phase), instead of one query per item.

#[cfg(test)]
use super::{meets, widen};
use super::{Bvh, Node};
use core::ops::Range;

impl Bvh {
    /// Pairs of nodes whose leaves' pairs, together, are all the pairs [`Bvh::walk_pairs`]
    /// visits: at least `wanted` of them where the tree is big enough, to be walked on as
    /// many threads. `(i, i)` stands for the pairs within node `i`. `near(i, j)` is the
    /// walk's test of two distinct nodes (see [`Bvh::walk_pairs`]).
    pub(crate) fn pair_tasks(
        &self,
        near: impl Fn(u32, u32) -> bool,
        wanted: usize,
    ) -> Vec<(u32, u32)> {
        if self.nodes.is_empty() {
            return Vec::new();
        }
        let (mut tasks, mut done) = (vec![(0u32, 0u32)], Vec::new());
        while !tasks.is_empty() && tasks.len() + done.len() < wanted {
            let mut next = Vec::with_capacity(3 * tasks.len());
            for (i, j) in tasks {
                let (a, b) = (self.node(i), self.node(j));
                if i != j && !near(i, j) {
                    continue;
                }
                match (a.count > 0, b.count > 0) {
                    (true, true) => done.push((i, j)),
                    _ if i == j => next.extend([
                        (a.first, a.first),
                        (a.first + 1, a.first + 1),
                        (a.first, a.first + 1),
                    ]),
                    (false, _) => next.extend([(a.first, j), (a.first + 1, j)]),
                    (true, false) => next.extend([(i, b.first), (i, b.first + 1)]),
                }
            }
            tasks = next;
        }
        tasks.extend(done);
        tasks
    }

    /// Calls `visit(a, b)` with the slots (see [`Bvh::items_in_order`]) of every pair of
    /// leaves below the task `(i, j)` (from [`Bvh::pair_tasks`]) that `near` keeps: once per
    /// unordered pair of distinct leaves, and `a == b` for a leaf with itself. A pair of distinct
    /// nodes `(i, j)` (node indices, either order) is pruned, with everything below it,
    /// when `near(i, j)` is false: `near` must hold for two nodes whenever it holds for any
    /// pair of items below them that the caller wants. [`Bvh::near`] is the test of boxes
    /// within a distance.
    pub(crate) fn walk_pairs(
        &self,
        task: (u32, u32),
        near: impl Fn(u32, u32) -> bool,
        mut visit: impl FnMut(Range<usize>, Range<usize>),
    ) {
        let mut stack = vec![task];
        while let Some((i, j)) = stack.pop() {
            let (a, b) = (self.node(i), self.node(j));
            if i != j && !near(i, j) {
                continue;
            }
            match (a.count > 0, b.count > 0) {
                (true, true) => visit(self.slots(a), self.slots(b)),
                _ if i == j => {
                    let (l, r) = (a.first, a.first + 1);
                    stack.extend([(l, l), (r, r), (l, r)]);
                }
                (false, _) => stack.extend([(a.first, j), (a.first + 1, j)]),
                (true, false) => stack.extend([(i, b.first), (i, b.first + 1)]),
            }
        }
    }

    /// The test of two nodes whose boxes come within `d` of each other on every axis, for
    /// [`Bvh::walk_pairs`]: exact (the box is widened by `d` rounded outward, and pruning
    /// compares doubles), so every pair of items whose boxes come within `d` is kept.
    #[cfg(test)]
    pub(crate) fn near(&self, d: f64) -> impl Fn(u32, u32) -> bool + '_ {
        move |i, j| meets(&widen(self.node(i).bounds, d), &self.node(j).bounds)
    }

    fn node(&self, i: u32) -> &Node {
        &self.nodes[i as usize]
    }

    fn slots(&self, n: &Node) -> Range<usize> {
        let f = n.first as usize;
        f..f + n.count as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bvh::Box3;
    use std::collections::BTreeSet;

    /// Boxes on a coarse grid (so that faces touch exactly), some flat, some repeated.
    fn boxes(n: usize, seed: u64) -> Vec<Box3> {
        let mut s = seed;
        let mut next = move || {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((s >> 33) % 16) as f64 / 2.0
        };
        (0..n)
            .map(|_| {
                let lo = [next(), next(), next()];
                let size = [next() / 4.0, next() / 4.0, 0.0];
                [lo, std::array::from_fn(|k| lo[k] + size[k])]
            })
            .collect()
    }

    #[test]
    fn every_pair_of_boxes_within_the_distance_is_visited_once() {
        for (n, seed, d) in [
            (1, 1, 0.0),
            (7, 2, 0.0),
            (300, 3, 0.0),
            (2000, 4, 0.5),
            (3000, 5, 0.1),
        ] {
            let bs = boxes(n, seed);
            for bvh in [Bvh::new(&bs).unwrap(), Bvh::new_linear(&bs).unwrap()] {
                let mut seen = BTreeSet::new();
                for task in bvh.pair_tasks(bvh.near(d), 64) {
                    bvh.walk_pairs(task, bvh.near(d), |a, b| {
                        let same = a == b;
                        let (a, b) = (&bvh.items[a], &bvh.items[b]);
                        for (k, &x) in a.iter().enumerate() {
                            for &y in if same { &b[k + 1..] } else { b } {
                                assert!(seen.insert((x.min(y), x.max(y))), "{x} {y} twice");
                            }
                        }
                    });
                }
                for i in 0..n {
                    for j in i + 1..n {
                        let near = (0..3).all(|k| {
                            bs[i][0][k] - d <= bs[j][1][k] && bs[j][0][k] <= bs[i][1][k] + d
                        });
                        if near {
                            assert!(seen.contains(&(i as u32, j as u32)), "{i} {j} missed");
                        }
                    }
                }
            }
        }
    }
}
