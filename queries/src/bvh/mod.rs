//! The bounding volume hierarchy: a tree of boxes over any items that have a box (a mesh's
//! triangles; swept boxes of moving primitives), so that a query visits the few items its own
//! box or ray can reach instead of all of them.
//!
//! # Why no item is ever lost
//! An item's box is given in `f64` and is taken as exact: the caller's promise is only that
//! the item lies in it (a triangle's box is the exact minimum and maximum of its corners'
//! bounds). A node's box is the minimum and maximum of its children's boxes, and `min` and
//! `max` of doubles are exact, so every node's box contains every item below it, with no
//! rounding at all. Each traversal prunes a node only when its test proves, with the rounding
//! of the test itself accounted for, that the query cannot meet the node's box
//! ([`Bvh::overlapping`] compares doubles, which is exact; [`Bvh::along_ray`] widens each slab
//! parameter outward, see [`RayCull`]). A pruned node holds no item the query could touch.
//!
//! # Shape of the tree
//! Binned surface area heuristic over the items' box centres (all three axes, 16 bins, or one
//! per item in smaller nodes), planned on the items' boxes rounded to `f32` (the nodes' boxes
//! are then filled in exactly from the `f64` ones), leaves of at most [`Bvh::LEAF_SIZE`]
//! items, children stored as a pair so that a node is 56 bytes.
//! Items whose centres coincide are split by count, and below depth `1.5·log2(n)` (where
//! outliers can crowd every centre into one bin, so that each split peels off a handful)
//! nodes are split at the median centre: the depth stays below about `2.5·log2(n)` on every
//! input, including a mesh of one triangle repeated. With the `parallel` feature, subtrees of
//! 8192 items or more are built on two threads at once (to a depth of 12), giving the same
//! tree. Build and traversal use explicit stacks otherwise: no input can overflow the call
//! stack.
//!
//! # Four children per node for meshes
//! A [`TriangleMesh`](crate::TriangleMesh) keeps its tree as a [`WideBvh`]: the binary tree
//! collapsed so that each node holds up to four children (the largest boxes opened first),
//! their boxes stored plane by plane and rounded outward to `f32`, so that one slab test
//! covers a node's four boxes in vector registers, a node fills two cache lines, and a
//! descent has about half the levels. Rounding outward only grows a box, so a node's box
//! still holds every item below it; the traversals are the binary tree's, lane by lane.
//! The binary [`Bvh`] stays for trees that are refitted and walked against themselves (the
//! CCD broad phase), where exact node boxes prune more.

mod build;
mod morton;
mod pairs;
mod ray;
mod wide;

pub use ray::RayCull;
pub use wide::WideBvh;

/// An axis-aligned box `[lo, hi]` as two corners in `f64`.
pub type Box3 = [[f64; 3]; 2];

/// One node: its box, and either its two children (at `first` and `first + 1`) or, for a
/// leaf, its items (`items[first..first + count]`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Node {
    pub(crate) bounds: Box3,
    pub(crate) first: u32,
    /// The number of items of a leaf; zero for an interior node.
    pub(crate) count: u32,
}

/// A bounding volume hierarchy over items given by their boxes.
///
/// # Example
/// ```
/// use surety_queries::bvh::Bvh;
///
/// // Twenty unit boxes along x; the query box touches only the middle one's face.
/// let boxes: Vec<_> = (0..20).map(|i| [[2.0 * i as f64, 0.0, 0.0], [2.0 * i as f64 + 1.0, 1.0, 1.0]]).collect();
/// let bvh = Bvh::new(&boxes)?;
/// let found: Vec<usize> = bvh.overlapping([[20.5, 0.5, -1.0], [20.9, 0.7, 0.0]]).collect();
/// assert!(found.contains(&10) && found.len() <= Bvh::LEAF_SIZE);
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Bvh {
    pub(crate) nodes: Vec<Node>,
    /// Item indices, leaf by leaf.
    pub(crate) items: Vec<u32>,
    /// The number of levels (see [`Bvh::depth`]), which bounds a traversal's stack.
    pub(crate) depth: usize,
}

impl Bvh {
    /// The most items a leaf holds.
    pub const LEAF_SIZE: usize = 4;

    /// Builds the hierarchy over `boxes` (item `i` lies in `boxes[i]`). Boxes may be flat,
    /// points, or infinite.
    ///
    /// # Errors
    /// A [`ShapeError`](crate::ShapeError) naming the first box with a NaN bound or a lower
    /// bound above its upper one, or when there are 2^32 items or more (indices are `u32`).
    ///
    /// # Example
    /// ```
    /// use surety_queries::bvh::Bvh;
    ///
    /// let bvh = Bvh::new(&[[[0.0; 3], [1.0; 3]]; 100])?;
    /// assert_eq!(bvh.len(), 100);
    /// assert!(bvh.depth() <= 8); // identical boxes are split by count
    /// assert!(Bvh::new(&[[[1.0; 3], [0.0; 3]]]).is_err());
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    pub fn new(boxes: &[Box3]) -> Result<Self, crate::ShapeError> {
        check_boxes(boxes, boxes.len().min(u32::MAX as usize))?;
        Ok(build::build(boxes))
    }

    /// As [`Bvh::new`], built from the items' order along a Morton curve of their centres (a
    /// linear BVH): about five times faster to build, somewhat slower to query (its splits
    /// ignore the boxes' sizes). For a tree that serves one pass of queries and is then
    /// dropped, as in a CCD step; the same guarantee (every node's box holds its items').
    ///
    /// # Errors
    /// As [`Bvh::new`].
    ///
    /// # Example
    /// ```
    /// use surety_queries::bvh::Bvh;
    ///
    /// let boxes: Vec<_> = (0..1000).map(|i| [[i as f64, 0.0, 0.0], [i as f64 + 0.5, 1.0, 1.0]]).collect();
    /// let bvh = Bvh::new_linear(&boxes)?;
    /// let found: Vec<usize> = bvh.overlapping([[499.75, 0.5, 0.5], [500.25, 0.5, 0.5]]).collect();
    /// assert!(found.contains(&500) && found.len() <= 2 * Bvh::LEAF_SIZE);
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    pub fn new_linear(boxes: &[Box3]) -> Result<Self, crate::ShapeError> {
        Self::new_linear_on(boxes, true, Self::LEAF_SIZE)
    }

    /// [`Bvh::new_linear`] with leaves of at most `leaf` items (at least 1), on this thread
    /// alone unless `parallel`.
    pub(crate) fn new_linear_on(
        boxes: &[Box3],
        parallel: bool,
        leaf: usize,
    ) -> Result<Self, crate::ShapeError> {
        check_boxes(boxes, boxes.len().min(u32::MAX as usize))?;
        Ok(morton::build(boxes, parallel, leaf))
    }

    /// The tree [`Bvh::new_linear_on`] builds over the boxes `box_of(0..n)` (no NaN,
    /// `lo ≤ hi`: the caller's to make sure), with every node's box left empty: the caller
    /// sets them with [`Bvh::refit_slots`] before any query. For a caller that keeps its
    /// items' boxes in slot order only, in a form of its own, and would otherwise gather
    /// them in item order for nothing.
    ///
    /// # Errors
    /// `n` is 2^32 or more.
    pub(crate) fn new_linear_unfilled(
        n: usize,
        box_of: impl Fn(usize) -> Box3,
        parallel: bool,
        leaf: usize,
    ) -> Result<Self, crate::ShapeError> {
        check_count(n, n.min(u32::MAX as usize))?;
        Ok(morton::order(n, box_of, parallel, leaf))
    }

    /// The tree [`Bvh::new`] builds over the boxes `box_of(0..n)` (no NaN, `lo ≤ hi`: the
    /// caller's to make sure; each read once, in item order), with every node's box left
    /// empty: the caller sets them with [`Bvh::fill_slots`] before any use. For a caller
    /// that can give each item's box as it is asked for, and need not gather them all in an
    /// array (a mesh's triangles: 48 bytes a face).
    ///
    /// # Errors
    /// `n` is 2^32 or more.
    pub(crate) fn new_unfilled(
        n: usize,
        box_of: impl Fn(usize) -> Box3,
    ) -> Result<Self, crate::ShapeError> {
        check_count(n, n.min(u32::MAX as usize))?;
        Ok(build::plan(n, box_of))
    }

    /// The number of items.
    ///
    /// # Example
    /// ```
    /// use surety_queries::bvh::Bvh;
    /// assert_eq!(Bvh::new(&[])?.len(), 0);
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Whether there are no items.
    ///
    /// # Example
    /// ```
    /// use surety_queries::bvh::Bvh;
    /// assert!(Bvh::new(&[])?.is_empty());
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// The box of every item, or `None` when there are none.
    ///
    /// # Example
    /// ```
    /// use surety_queries::bvh::Bvh;
    /// let bvh = Bvh::new(&[[[0.0; 3], [1.0; 3]], [[-2.0, 0.0, 0.0], [0.0, 3.0, 0.5]]])?;
    /// assert_eq!(bvh.bounds(), Some([[-2.0, 0.0, 0.0], [1.0, 3.0, 1.0]]));
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    pub fn bounds(&self) -> Option<Box3> {
        self.nodes.first().map(|n| n.bounds)
    }

    /// The number of levels (0 when empty, 1 for a single leaf).
    ///
    /// # Example
    /// ```
    /// use surety_queries::bvh::Bvh;
    /// assert_eq!(Bvh::new(&[[[0.0; 3], [1.0; 3]]])?.depth(), 1);
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    pub fn depth(&self) -> usize {
        self.depth
    }

    /// The tree's last touches after a build: its depth counted, and no node slot left
    /// unused (the builders reserve for the most nodes a tree of their items can have).
    fn finish(&mut self) {
        self.nodes.shrink_to_fit();
        self.depth = self.measure_depth();
    }

    /// [`Bvh::depth`], counted.
    fn measure_depth(&self) -> usize {
        let mut deepest = 0;
        let mut stack = Vec::new();
        if !self.nodes.is_empty() {
            stack.push((0usize, 1usize));
        }
        while let Some((i, level)) = stack.pop() {
            deepest = deepest.max(level);
            let n = &self.nodes[i];
            if n.count == 0 {
                stack.push((n.first as usize, level + 1));
                stack.push((n.first as usize + 1, level + 1));
            }
        }
        deepest
    }

    /// Bytes used by the nodes and the item list (not counting the items themselves).
    ///
    /// # Example
    /// ```
    /// use surety_queries::bvh::Bvh;
    /// let bvh = Bvh::new(&[[[0.0; 3], [1.0; 3]]; 1000])?;
    /// assert!(bvh.memory_bytes() < 1000 * 40);
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    pub fn memory_bytes(&self) -> usize {
        self.nodes.capacity() * std::mem::size_of::<Node>() + self.items.capacity() * 4
    }

    /// Recomputes every node's box from new item boxes, keeping the tree (for items that
    /// moved but kept their identity: a deforming mesh's triangles). The guarantee is the
    /// same as after [`Bvh::new`]; the tree's quality degrades as items move far.
    ///
    /// # Errors
    /// A [`ShapeError`](crate::ShapeError) when `boxes` does not have one box per item, or
    /// as for [`Bvh::new`].
    ///
    /// # Example
    /// ```
    /// use surety_queries::bvh::Bvh;
    ///
    /// let mut bvh = Bvh::new(&[[[0.0; 3], [1.0; 3]], [[5.0; 3], [6.0; 3]]])?;
    /// bvh.refit(&[[[0.0; 3], [1.0; 3]], [[-9.0; 3], [-8.0; 3]]])?;
    /// assert_eq!(bvh.bounds(), Some([[-9.0; 3], [1.0; 3]]));
    /// let found: Vec<usize> = bvh.overlapping([[-8.5; 3], [-8.5; 3]]).collect();
    /// assert!(found.contains(&1));
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    pub fn refit(&mut self, boxes: &[Box3]) -> Result<(), crate::ShapeError> {
        check_boxes(boxes, self.items.len())?;
        self.fill(boxes);
        Ok(())
    }

    /// Every node's box from the items' boxes (checked).
    fn fill(&mut self, boxes: &[Box3]) {
        let items = &self.items;
        set_bounds(&mut self.nodes, |slots| {
            items[slots]
                .iter()
                .fold(EMPTY, |b, &k| union(b, boxes[k as usize]))
        });
    }

    /// [`Bvh::refit`] from boxes given in the tree's own order: `boxes[s]` is the box of the
    /// item in slot `s` (the slots of [`Bvh::leaves_where`] and [`Bvh::walk_pairs`]), one
    /// per item, so that the leaves read them in sequence, not scattered over memory. The
    /// caller's boxes are taken as checked (no NaN, `lo ≤ hi`).
    pub(crate) fn refit_slots(&mut self, boxes: &[Box3]) {
        debug_assert_eq!(boxes.len(), self.items.len());
        self.fill_slots(|s| boxes[s]);
    }

    /// [`Bvh::refit_slots`] with the box of the item in slot `s` given by `box_of_slot(s)`,
    /// for a caller that keeps its items in slot order in a form of its own (a mesh's
    /// triangles): each leaf asks for its slots' boxes in sequence.
    pub(crate) fn fill_slots(&mut self, box_of_slot: impl Fn(usize) -> Box3) {
        set_bounds(&mut self.nodes, |slots| {
            slots.fold(EMPTY, |b, s| union(b, box_of_slot(s)))
        });
    }

    /// The items in slot order: slot `s` holds item `items_in_order()[s]`, leaf by leaf.
    pub(crate) fn items_in_order(&self) -> &[u32] {
        &self.items
    }

    /// The box of node `i` (every item below it lies in it).
    #[inline]
    pub(crate) fn bounds_of(&self, i: u32) -> Box3 {
        self.nodes[i as usize].bounds
    }

    /// A value per node, from the leaves up: `leaf(slots)` for a leaf (the range of its
    /// slots, see [`Bvh::items_in_order`]), `join` of its children's for an interior node
    /// (indexed as the nodes, for tests such as [`Bvh::leaves_where`]'s that need more than
    /// a node's box).
    pub(crate) fn per_node<T: Copy + Default>(
        &self,
        leaf: impl Fn(core::ops::Range<usize>) -> T,
        join: impl Fn(T, T) -> T,
    ) -> Vec<T> {
        let mut out = vec![T::default(); self.nodes.len()];
        // Children are always stored after their parent: one backward pass.
        for i in (0..self.nodes.len()).rev() {
            let n = self.nodes[i];
            let first = n.first as usize;
            out[i] = if n.count > 0 {
                leaf(first..first + n.count as usize)
            } else {
                join(out[first], out[first + 1])
            };
        }
        out
    }

    /// Calls `visit` with the slots (see [`Bvh::items_in_order`]) of every leaf reached from
    /// the root through nodes that `keep` (given a node's index) accepts: a node is pruned,
    /// with everything below it, when `keep` is false, so `keep` must hold for a node
    /// whenever it holds for an item below it that the caller wants.
    pub(crate) fn leaves_where(
        &self,
        keep: impl Fn(u32) -> bool,
        mut visit: impl FnMut(core::ops::Range<usize>),
    ) {
        let mut stack = Stack::new();
        if !self.nodes.is_empty() {
            stack.push(0u32);
        }
        while let Some(i) = stack.pop() {
            if !keep(i) {
                continue;
            }
            let n = &self.nodes[i as usize];
            let first = n.first as usize;
            if n.count > 0 {
                visit(first..first + n.count as usize);
            } else {
                stack.push(n.first + 1);
                stack.push(n.first);
            }
        }
    }

    /// Every item whose box meets the closed box `b` (touching counts), in no set order, and
    /// possibly other items of the same leaves (the tree does not keep the items' boxes; test
    /// them where they are kept, as [`TriangleMesh::near`](crate::TriangleMesh::near) does).
    /// Exact: a double comparison per face, no rounding.
    ///
    /// # Example
    /// ```
    /// use surety_queries::bvh::Bvh;
    ///
    /// let bvh = Bvh::new(&[[[0.0; 3], [1.0; 3]]])?;
    /// assert_eq!(bvh.overlapping([[1.0; 3], [2.0; 3]]).count(), 1); // a shared corner
    /// assert_eq!(bvh.overlapping([[1.0f64.next_up(); 3], [2.0; 3]]).count(), 0);
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    pub fn overlapping(&self, b: Box3) -> Overlapping<'_> {
        let mut stack = Stack::new();
        if !self.nodes.is_empty() {
            stack.push(0);
        }
        Overlapping {
            bvh: self,
            query: b,
            stack,
            leaf: [].iter(),
        }
    }

    /// Visits the leaves the ray `cull` may reach, nearest entry first, while `visit` returns
    /// a bound on the parameters still of interest: `visit(items, entry)` gets a leaf's items
    /// and a lower bound of the parameter at which the ray may enter the leaf's box, and
    /// returns the new greatest parameter of interest (the current one to keep it). A node
    /// whose entry bound exceeds it is skipped.
    ///
    /// # Example
    /// ```
    /// use surety_queries::bvh::{Bvh, RayCull};
    ///
    /// let boxes: Vec<_> = (0..10).map(|i| [[i as f64, 0.0, 0.0], [i as f64 + 0.5, 1.0, 1.0]]).collect();
    /// let bvh = Bvh::new(&boxes)?;
    /// // Along x from the left, at height 0.5: every box in order; stop after the first.
    /// let ray = RayCull::new([-1.0, 0.5, 0.5], [1.0, 0.0, 0.0], f64::INFINITY);
    /// let mut seen = Vec::new();
    /// bvh.along_ray(&ray, |items, _entry| {
    ///     seen.extend_from_slice(items);
    ///     0.5 // nothing beyond the parameter 0.5 is of interest any more
    /// });
    /// assert_eq!(seen.iter().min(), Some(&0));
    /// assert!(!seen.contains(&9));
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    pub fn along_ray<F: FnMut(&[u32], f64) -> f64>(&self, cull: &RayCull, visit: F) {
        self.along_ray_with(cull, self.fast_for(cull), visit);
    }

    /// Whether the ray's fast slab test holds for every box of the tree
    /// ([`RayCull::fast_within`] on the root's box); false for an empty tree.
    #[inline]
    pub(crate) fn fast_for(&self, cull: &RayCull) -> bool {
        self.nodes
            .first()
            .is_some_and(|root| cull.fast_within(&root.bounds))
    }

    /// [`Bvh::along_ray`] with `fast` from [`Bvh::fast_for`] already decided (a caller that
    /// tests its items' boxes with the same form decides it once).
    #[inline(always)]
    pub(crate) fn along_ray_with<F: FnMut(&[u32], f64) -> f64>(
        &self,
        cull: &RayCull,
        fast: bool,
        mut visit: F,
    ) {
        let Some(root) = self.nodes.first() else {
            return;
        };
        let mut t_max = cull.t_max();
        let Some(entry) = cull.entry_with(fast, &root.bounds, t_max) else {
            return;
        };
        // Nodes waiting, each with a lower bound of its entry rounded down to `f32` (a
        // lower bound still). Depth first, one node waits per level at most: `depth`
        // entries always suffice, and on the call stack for trees up to 64 levels.
        let mut inline = [(0u32, 0.0f32); 64];
        let mut heap;
        let waiting: &mut [(u32, f32)] = if self.depth <= inline.len() {
            &mut inline
        } else {
            heap = vec![(0u32, 0.0f32); self.depth];
            &mut heap
        };
        let mut len = 0;
        let mut node = (0u32, entry);
        loop {
            let n = &self.nodes[node.0 as usize];
            let first = n.first as usize;
            if n.count > 0 {
                let bound = visit(&self.items[first..first + n.count as usize], node.1);
                t_max = t_max.min(bound);
            } else {
                let (l, r) = (&self.nodes[first].bounds, &self.nodes[first + 1].bounds);
                let [a, b] = if fast {
                    cull.entry_pair_fast(l, r, t_max)
                } else {
                    [cull.entry(l, t_max), cull.entry(r, t_max)]
                };
                // The grandchildren of each child the ray may enter, fetched now: a deep
                // tree's descent otherwise waits on memory once per level.
                for (e, c) in [(a, first), (b, first + 1)] {
                    let child = &self.nodes[c];
                    if e.is_some() && child.count == 0 {
                        let c = child.first as usize;
                        if let Ok(pair) = <&[Node; 2]>::try_from(&self.nodes[c..c + 2]) {
                            prefetch(pair);
                        }
                    }
                }
                let (l, r) = (n.first, n.first + 1);
                // The nearer is visited next, the other waits.
                let mut wait = |i: u32, e: f64| {
                    waiting[len] = (i, down_to_f32(e));
                    len += 1;
                };
                match (a, b) {
                    (Some(a), Some(b)) => {
                        node = if a <= b {
                            wait(r, b);
                            (l, a)
                        } else {
                            wait(l, a);
                            (r, b)
                        };
                        continue;
                    }
                    (Some(a), None) => {
                        node = (l, a);
                        continue;
                    }
                    (None, Some(b)) => {
                        node = (r, b);
                        continue;
                    }
                    (None, None) => {}
                }
            }
            // The latest waiting node the bound has not ruled out.
            loop {
                let Some(top) = len.checked_sub(1) else {
                    return;
                };
                len = top;
                let (i, e) = waiting[top];
                if f64::from(e) <= t_max {
                    node = (i, f64::from(e));
                    break;
                }
            }
        }
    }
}

/// Every node's box from the leaves up, in place: `leaf(slots)` for a leaf (the range of its
/// slots, see [`Bvh::items_in_order`]), the union of its children's for an interior node.
/// Children are always stored after their parent, so one backward pass finds theirs done
/// (and no box per node is allocated on the side: a CCD step refits its trees each call).
fn set_bounds(nodes: &mut [Node], leaf: impl Fn(core::ops::Range<usize>) -> Box3) {
    for i in (0..nodes.len()).rev() {
        let n = nodes[i];
        let first = n.first as usize;
        nodes[i].bounds = if n.count > 0 {
            leaf(first..first + n.count as usize)
        } else {
            union(nodes[first].bounds, nodes[first + 1].bounds)
        };
    }
}

/// The number of items above which a hierarchy (and a mesh's triangles) no longer stays in
/// a core's caches between queries, so that fetching a leaf's data ahead (its item numbers,
/// a mesh's triangles) pays: 2^14 (a mesh of that many `f32` faces takes about 1.3 MB). Below, the hints are instructions for
/// nothing (4 % of a cast on a 12-face cube, by callgrind).
pub(crate) const CACHED_ITEMS: usize = 1 << 14;

/// Asks the processor to bring every 64-byte line that `x` spans into its caches (a hint:
/// nothing is read, and nothing happens off x86-64): a binary node's pair of children, a
/// wide node or a run of them (a node's grandchildren), a leaf's item numbers, or a run of a
/// mesh's triangles. A line every 64 bytes from the start, and the last byte's where `x`
/// need not start on a line (two 56-byte nodes may span three); for a sized `T` the offsets
/// are known when compiled.
#[inline(always)]
pub(crate) fn prefetch<T: ?Sized>(x: &T) {
    #[cfg(target_arch = "x86_64")]
    {
        use core::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        let p = (x as *const T).cast::<i8>();
        let size = core::mem::size_of_val(x);
        let mut k = 0;
        while k < size {
            // SAFETY: a prefetch is a hint that never faults or reads into the program; the
            // addresses are within `x` anyway.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(p.wrapping_add(k)) };
            k += 64;
        }
        if core::mem::align_of_val(x) < 64 && size > 0 {
            // SAFETY: as above.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(p.wrapping_add(size - 1)) };
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = x;
}

/// The greatest `f32` at most `x` (not NaN): `-∞` below `f32`'s range, `f32::MAX` above it
/// (to nearest, then one step down where that rounded up).
#[inline(always)]
fn down_to_f32(x: f64) -> f32 {
    let y = x as f32;
    if f64::from(y) > x {
        y.next_down()
    } else {
        y
    }
}

/// A traversal stack on the call stack for the usual depths, spilling to the heap beyond
/// (a tree can be deeper than 32 only for inputs the heuristic splits very unevenly, or for
/// hundreds of millions of items; a depth-first traversal holds at most one entry per
/// level), so that a query allocates nothing.
#[derive(Clone, Debug)]
struct Stack<T> {
    inline: [T; 32],
    len: usize,
    spill: Vec<T>,
}

impl<T: Copy + Default> Stack<T> {
    #[inline(always)]
    fn new() -> Self {
        Stack {
            inline: [T::default(); 32],
            len: 0,
            spill: Vec::new(),
        }
    }

    #[inline(always)]
    fn push(&mut self, x: T) {
        if self.len < self.inline.len() {
            self.inline[self.len] = x;
            self.len += 1;
        } else {
            self.spill.push(x);
        }
    }

    #[inline(always)]
    fn pop(&mut self) -> Option<T> {
        if let Some(x) = self.spill.pop() {
            Some(x)
        } else if self.len > 0 {
            self.len -= 1;
            Some(self.inline[self.len])
        } else {
            None
        }
    }
}

/// The iterator of [`Bvh::overlapping`].
#[derive(Clone, Debug)]
pub struct Overlapping<'a> {
    bvh: &'a Bvh,
    query: Box3,
    stack: Stack<u32>,
    leaf: std::slice::Iter<'a, u32>,
}

impl Iterator for Overlapping<'_> {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        loop {
            if let Some(&k) = self.leaf.next() {
                return Some(k as usize);
            }
            let i = self.stack.pop()?;
            let n = &self.bvh.nodes[i as usize];
            if !meets(&n.bounds, &self.query) {
                continue;
            }
            if n.count > 0 {
                let first = n.first as usize;
                self.leaf = self.bvh.items[first..first + n.count as usize].iter();
            } else {
                self.stack.push(n.first + 1);
                self.stack.push(n.first);
            }
        }
    }
}

/// One box per item (`count` of them), each without NaN and with `lo ≤ hi`.
fn check_boxes(boxes: &[Box3], count: usize) -> Result<(), crate::ShapeError> {
    use crate::{Problem, ShapeError};
    check_count(boxes.len(), count)?;
    for b in boxes {
        for k in 0..3 {
            // Also false for a NaN bound.
            if b[0][k].partial_cmp(&b[1][k]).is_none_or(|o| o.is_gt()) {
                let bad = if b[0][k].is_nan() { b[0][k] } else { b[1][k] };
                return Err(ShapeError {
                    shape: "bvh",
                    field: ["box.x", "box.y", "box.z"][k],
                    problem: if bad.is_nan() {
                        Problem::NotFinite
                    } else {
                        Problem::OutOfRange
                    },
                    value: bad,
                    limit: b[0][k],
                    expected: if bad.is_nan() {
                        ""
                    } else {
                        "lower bound <= upper bound"
                    },
                });
            }
        }
    }
    Ok(())
}

/// `n` boxes where `count` (fewer than 2^32) are wanted is an error.
fn check_count(n: usize, count: usize) -> Result<(), crate::ShapeError> {
    if n != count {
        return Err(crate::ShapeError {
            shape: "bvh",
            field: "boxes",
            problem: crate::Problem::OutOfRange,
            value: n as f64,
            limit: count as f64,
            expected: "one box per item, fewer than 2^32",
        });
    }
    Ok(())
}

/// `b` widened by `d` on every side, rounded outward (so that it holds every point within
/// `d` of `b` per axis).
#[inline]
pub(crate) fn widen(b: Box3, d: f64) -> Box3 {
    if d == 0.0 {
        return b;
    }
    [
        b[0].map(|x| next_down(x - d)),
        b[1].map(|x| -next_down(-(x + d))),
    ]
}

/// [`f64::next_down`], bit for bit, without branches: the standard one branches on the sign,
/// which a scene around the origin does not let a processor predict (the broad phase's walks
/// widen a box per item and per pair of nodes: a third of the edge walk on a small cloth
/// with a distance).
#[inline(always)]
fn next_down(y: f64) -> f64 {
    let bits = y.to_bits();
    // One step toward -∞: the magnitude down for a positive number, up for a negative one.
    let stepped = f64::from_bits(if bits >> 63 == 0 {
        bits.wrapping_sub(1)
    } else {
        bits.wrapping_add(1)
    });
    // Zeros of either sign go to the least negative subnormal; -∞ and NaN stay.
    let keep = y.is_nan() | (y == f64::NEG_INFINITY);
    let zero = y == 0.0;
    if keep {
        y
    } else if zero {
        -f64::from_bits(1)
    } else {
        stepped
    }
}

/// The empty box, the identity of [`union`].
pub(crate) const EMPTY: Box3 = [[f64::INFINITY; 3], [f64::NEG_INFINITY; 3]];

/// The smallest box holding both (exact: `min` and `max` of doubles do not round).
///
/// Plain comparisons rather than `f64::min` and `f64::max`, whose NaN handling costs a
/// compare and a blend per bound in the builder's inner loop: every caller's boxes are free
/// of NaN (checked, or made from checked finite numbers). A NaN bound in `b` is ignored, as
/// `f64::min` would; one in `a` is kept, so that a check after the union still sees it.
/// (Written as selects, not conditional stores: the compiler turns those into masked
/// stores, which stall the next load of the same box.)
#[inline(always)]
pub(crate) fn union<T: Copy + PartialOrd>(a: [[T; 3]; 2], b: [[T; 3]; 2]) -> [[T; 3]; 2] {
    [
        std::array::from_fn(|k| if b[0][k] < a[0][k] { b[0][k] } else { a[0][k] }),
        std::array::from_fn(|k| if b[1][k] > a[1][k] { b[1][k] } else { a[1][k] }),
    ]
}

/// Do the closed boxes meet? Exact.
#[inline]
pub(crate) fn meets(a: &Box3, b: &Box3) -> bool {
    (a[0][0] <= b[1][0])
        & (b[0][0] <= a[1][0])
        & (a[0][1] <= b[1][1])
        & (b[0][1] <= a[1][1])
        & (a[0][2] <= b[1][2])
        & (b[0][2] <= a[1][2])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The branch-free step down is the standard one, bit for bit, on every kind of double:
    /// zeros, subnormals, normals of both signs, the largest, the infinities and NaN.
    #[test]
    fn next_down_is_the_standard_one() {
        let mut g = crate::testing::Rng(0x5e_ed);
        let special = [
            0.0,
            -0.0,
            f64::from_bits(1),
            -f64::from_bits(1),
            f64::MIN_POSITIVE,
            -f64::MIN_POSITIVE,
            1.0,
            -1.0,
            f64::MAX,
            f64::MIN,
            f64::INFINITY,
            f64::NEG_INFINITY,
        ];
        let random = (0..100_000).map(|_| f64::from_bits(g.next_u64()));
        for y in special.into_iter().chain(random) {
            let (got, want) = (next_down(y), y.next_down());
            assert!(
                got.to_bits() == want.to_bits() || (got.is_nan() && want.is_nan()),
                "{y:e}: {got:e} against {want:e}"
            );
        }
    }

    /// Refitting from boxes in the tree's slot order gives every node the box that refitting
    /// from the same boxes in item order gives, and each holds exactly its items' boxes; a
    /// tree built with its boxes left empty and then given them by slot is the tree built
    /// with them.
    #[test]
    fn a_refit_in_slot_order_gives_the_boxes_of_a_refit_in_item_order() {
        let mut g = crate::testing::Rng(7);
        let mut next = move || g.below(1000) as f64 / 8.0 - 60.0;
        for n in [1usize, 2, 9, 100, 1000] {
            let mut boxes = |n: usize| -> Vec<Box3> {
                (0..n)
                    .map(|_| {
                        let lo = [next(), next(), next()];
                        [lo, core::array::from_fn(|k| lo[k] + next().abs() / 8.0)]
                    })
                    .collect()
            };
            let built = boxes(n);
            let moved = boxes(n);
            for leaf in [1, 4, 8] {
                let mut a = morton::build(&built, false, leaf);
                let by_slot = |tree: &Bvh, boxes: &[Box3]| -> Vec<Box3> {
                    tree.items.iter().map(|&k| boxes[k as usize]).collect()
                };
                let mut b = Bvh::new_linear_unfilled(n, |k| built[k], false, leaf).unwrap();
                assert!(b.nodes.iter().all(|node| node.bounds == EMPTY));
                assert_eq!((&b.items, b.depth), (&a.items, a.depth));
                b.refit_slots(&by_slot(&b, &built));
                assert_eq!(a.nodes, b.nodes, "n {n}, leaf {leaf}");
                a.refit(&moved).unwrap();
                let in_order = by_slot(&b, &moved);
                b.refit_slots(&in_order);
                assert_eq!(a.nodes, b.nodes, "n {n}, leaf {leaf}");
                // Each leaf holds at most `leaf` items, and its box is exactly theirs.
                b.leaves_where(
                    |_| true,
                    |slots| {
                        assert!(!slots.is_empty() && slots.len() <= leaf);
                        let want = in_order[slots.clone()]
                            .iter()
                            .fold(EMPTY, |x, &y| union(x, y));
                        assert!(b.nodes.iter().any(|n| n.count > 0
                            && n.first as usize == slots.start
                            && n.bounds == want));
                    },
                );
            }
        }
    }

    /// A tree deeper than the traversal's array on the call stack (100 levels: at each, a
    /// leaf far along the ray and the rest of the tree nearer, so that every leaf waits
    /// while the traversal goes down) is traversed whole, on the heap, every item with an
    /// entry no later than its box's.
    #[test]
    fn a_tree_deeper_than_the_inline_stack_is_traversed_whole() {
        const N: u32 = 100;
        // Item k at x in [N - k, N - k + 1/2]: the last item is the nearest.
        let boxes: Vec<Box3> = (0..N)
            .map(|k| {
                let x = f64::from(N - k);
                [[x, 0.0, 0.0], [x + 0.5, 1.0, 1.0]]
            })
            .collect();
        // Interior node at 2k (k < N - 1) has the leaf of item k at 2k + 1 and the rest of
        // the tree at 2k + 2; the last node is the leaf of item N - 1.
        let leaf = |k: u32| Node {
            bounds: EMPTY,
            first: k,
            count: 1,
        };
        let mut nodes = Vec::new();
        for k in 0..N - 1 {
            if k == 0 {
                nodes.push(Node {
                    bounds: EMPTY,
                    first: 1,
                    count: 0,
                });
            }
            nodes.push(leaf(k));
            if k + 1 < N - 1 {
                nodes.push(Node {
                    bounds: EMPTY,
                    first: 2 * k + 3,
                    count: 0,
                });
            } else {
                nodes.push(leaf(N - 1));
            }
        }
        let mut bvh = Bvh {
            nodes,
            items: (0..N).collect(),
            depth: 0,
        };
        bvh.fill(&boxes);
        bvh.finish();
        assert_eq!(bvh.depth(), N as usize);
        for cull in [
            RayCull::new([-1.0, 0.5, 0.5], [1.0, 1e-9, 1e-9], f64::INFINITY), // fast form
            RayCull::new([-1.0, 0.5, 0.5], [1.0, 0.0, 0.0], f64::INFINITY),   // general
        ] {
            let mut seen = vec![None; N as usize];
            bvh.along_ray(&cull, |items, entry| {
                for &i in items {
                    seen[i as usize] = Some(entry);
                }
                f64::INFINITY
            });
            for (k, e) in seen.iter().enumerate() {
                let x = f64::from(N - k as u32);
                assert!(e.is_some_and(|e| e <= x + 1.0), "item {k}: {e:?}");
            }
        }
    }
}
