//! The hierarchy four children wide, for the queries of a fixed set of items (a mesh's
//! triangles): the binary tree collapsed so that a descent has about half as many levels,
//! each one node of four boxes tested side by side.
//!
//! A descent through a large tree waits on memory once per level (each level's nodes are
//! known only once the level above is tested), so its cost grows with the depth; four
//! children per node halve it, and the four boxes of a node are stored axis by axis, so that
//! one slab test covers them in vector registers. The nodes are stored breadth first, so a
//! node's grandchildren stand together and it can say where in a few spare bytes: a descent
//! asks for them as it enters a child, and waits on memory about every other level.

use core::mem::MaybeUninit;
use core::ops::Range;

use super::ray::lane_box;
use super::{down_to_f32, meets, prefetch, union, Box3, Bvh, RayCull, Stack, CACHED_ITEMS, EMPTY};

/// Up to four children, their boxes stored bound by bound (`bounds[corner][axis][lane]`), so
/// that each plane of the four is one vector, and rounded outward to `f32`, so that a node
/// takes two cache lines: every lane's box holds the exact box of its items. It also says
/// where its grandchildren stand, so that a descent can fetch two levels ahead.
#[derive(Clone, Copy, Debug, PartialEq)]
#[repr(C, align(64))]
pub(crate) struct Quad {
    bounds: [[[f32; 4]; 3]; 2],
    /// An interior lane's child node, or a leaf lane's first slot in the item list.
    first: [u32; 4],
    /// The first of this node's grandchildren. Nodes are stored breadth first, so the
    /// children of its interior children stand together from here, child by child.
    grandchildren: u32,
    /// Per interior lane, where its child's own children stand from [`Quad::grandchildren`]:
    /// the offset in the low four bits (at most 12), their number in the high four (0 when
    /// the child has none, and on leaf lanes). A hint for fetching only: nothing else reads it.
    below: [u8; 4],
    /// A leaf lane's number of items (1 to [`Bvh::LEAF_SIZE`]), with [`FILLED`] set when
    /// every item's box is exactly the lane's box; 0 for an interior lane.
    count: [u8; 4],
    /// The lanes in use (1 to 4); the others have empty boxes (lower bounds `+∞`, upper
    /// `-∞`) and are never entered.
    len: u8,
}

/// The bit of a leaf lane's count that says its items' boxes are each exactly the lane's
/// box, so that a query whose lane test passed learns nothing from testing them again.
const FILLED: u8 = 0x80;

/// A lane's number of items, without the [`FILLED`] bit.
#[inline(always)]
fn items_in(count: u8) -> u32 {
    u32::from(count & !FILLED)
}

const _: () = assert!(Bvh::LEAF_SIZE < FILLED as usize);

impl Quad {
    const UNUSED: Quad = Quad {
        bounds: [[[f32::INFINITY; 4]; 3], [[f32::NEG_INFINITY; 4]; 3]],
        first: [0; 4],
        grandchildren: 0,
        below: [0; 4],
        count: [0; 4],
        len: 0,
    };

    /// Lane `j`'s box, in `f64` (exactly the stored one).
    #[inline(always)]
    fn lane(&self, j: usize) -> Box3 {
        lane_box(&self.bounds, j)
    }

    /// Sets lane `j` to the least `f32` box holding `b` (`±∞` beyond `f32`'s range).
    #[inline(always)]
    fn set_lane(&mut self, j: usize, b: Box3) {
        for (k, (lo, hi)) in b[0].iter().zip(&b[1]).enumerate() {
            self.bounds[0][k][j] = down_to_f32(*lo);
            self.bounds[1][k][j] = -down_to_f32(-hi);
        }
    }

    /// The union of the lanes in use.
    fn hull(&self) -> Box3 {
        (0..usize::from(self.len)).fold(EMPTY, |b, j| union(b, self.lane(j)))
    }

    /// The nodes of interior lane `j`'s child's interior lanes, as a range of node numbers
    /// (empty when it has none, or on a leaf lane).
    #[inline(always)]
    fn grandchildren_of(&self, j: usize) -> Range<usize> {
        let b = self.below[j];
        let first = self.grandchildren as usize + usize::from(b & 15);
        first..first + usize::from(b >> 4)
    }
}

/// A bounding volume hierarchy of four children per node, made from a binary one
/// ([`Bvh`]) by collapsing: each node takes the children, grandchildren or great-grandchildren
/// of a binary node (the largest boxes opened first) until it has four. The leaves and their
/// items are the binary tree's, and each lane's box is the binary tree's (the exact hull of
/// the items' boxes) rounded outward to `f32`, so the guarantee is the same: every lane's box
/// holds the boxes of every item below it, and each traversal prunes a lane only when its
/// test proves (with its own rounding accounted for) that the query cannot meet that box.
/// The box of the whole tree ([`WideBvh::bounds`]) is kept exact, in `f64`.
/// A [`TriangleMesh`](crate::TriangleMesh) carries one over its triangles.
///
/// # Example
/// ```
/// use surety_queries::bvh::{RayCull, WideBvh};
///
/// // Twenty unit boxes along x; the query box touches only the middle one's face.
/// let boxes: Vec<_> = (0..20).map(|i| [[2.0 * i as f64, 0.0, 0.0], [2.0 * i as f64 + 1.0, 1.0, 1.0]]).collect();
/// let bvh = WideBvh::new(&boxes)?;
/// let found: Vec<usize> = bvh.overlapping([[20.5, 0.5, -1.0], [20.9, 0.7, 0.0]]).collect();
/// assert!(found.contains(&10) && found.len() <= 4);
/// assert!(bvh.depth() <= 3);
/// // A ray along the row, from the left: the first box's items come first.
/// let ray = RayCull::new([-1.0, 0.5, 0.5], [1.0, 0.0, 0.0], f64::INFINITY);
/// let mut first = None;
/// bvh.along_ray(&ray, |items, _entry| {
///     first = first.or(items.iter().min().copied());
///     1.5 // nothing past the first box is of interest
/// });
/// assert_eq!(first, Some(0));
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
pub struct WideBvh {
    nodes: Vec<Quad>,
    /// Item indices, leaf by leaf (the binary tree's).
    items: Vec<u32>,
    /// The box of every item.
    root: Option<Box3>,
    /// The largest magnitude of the root's bounds (see [`extent`]), for the ray's test of
    /// whether its fast form holds ([`RayCull::fast_up_to`]).
    extent: f64,
    /// The number of levels of nodes.
    depth: usize,
}

/// The number of items from which a ray's descent fetches a child's children as it enters
/// the child ([`Quad::below`]): 2^15. Below, the nodes stay in a core's caches between
/// queries and the hints cost more instructions than they save waits (a cast on a
/// 20,000-face terrain 1–2 % slower with them, by the clock); from 2^15 faces up they save
/// 3–5 % of a cast, 8–10 % at 10^5 faces and 15–20 % at 10^6 (see BENCHMARKS.md).
const AHEAD_ITEMS: usize = 1 << 15;

/// The largest magnitude of a box's bounds, `+∞` when one is NaN (never expected).
fn extent(b: &Box3) -> f64 {
    b.iter().flatten().fold(0.0, |m, x| {
        let a = x.abs();
        if a <= m {
            m
        } else if a > m {
            a
        } else {
            f64::INFINITY
        }
    })
}

impl From<Bvh> for WideBvh {
    /// The binary tree collapsed (its leaves and boxes kept).
    fn from(bvh: Bvh) -> Self {
        collapse(bvh)
    }
}

impl WideBvh {
    /// Builds the hierarchy over `boxes` (item `i` lies in `boxes[i]`): [`Bvh::new`]'s tree,
    /// collapsed.
    ///
    /// # Errors
    /// As [`Bvh::new`].
    ///
    /// # Example
    /// ```
    /// use surety_queries::bvh::WideBvh;
    ///
    /// let bvh = WideBvh::new(&[[[0.0; 3], [1.0; 3]]; 100])?;
    /// assert_eq!(bvh.len(), 100);
    /// assert!(bvh.depth() <= 5);
    /// assert!(WideBvh::new(&[[[1.0; 3], [0.0; 3]]]).is_err());
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    pub fn new(boxes: &[Box3]) -> Result<Self, crate::ShapeError> {
        super::check_boxes(boxes, boxes.len().min(u32::MAX as usize))?;
        let mut bvh = collapse(super::build::build_unfinished(boxes));
        let WideBvh { nodes, items, .. } = &mut bvh;
        mark_filled(nodes, |s| boxes[items[s] as usize]);
        Ok(bvh)
    }

    /// The binary tree collapsed, as [`WideBvh::new`] does, where its boxes were set by
    /// [`Bvh::fill_slots`] from `box_of_slot` (the box of the item in slot `s`, the same
    /// function): for a caller that keeps its items in slot order (a mesh's triangles).
    pub(crate) fn from_filled(bvh: Bvh, box_of_slot: impl Fn(usize) -> Box3) -> Self {
        let mut wide = collapse(bvh);
        mark_filled(&mut wide.nodes, box_of_slot);
        wide
    }

    /// The number of items.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Whether there are no items.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// The box of every item, or `None` when there are none.
    ///
    /// # Example
    /// ```
    /// use surety_queries::bvh::WideBvh;
    /// let bvh = WideBvh::new(&[[[0.0; 3], [1.0; 3]], [[-2.0, 0.0, 0.0], [0.0, 3.0, 0.5]]])?;
    /// assert_eq!(bvh.bounds(), Some([[-2.0, 0.0, 0.0], [1.0, 3.0, 1.0]]));
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    pub fn bounds(&self) -> Option<Box3> {
        self.root
    }

    /// The number of levels of nodes (0 when empty, 1 when one node holds every leaf).
    pub fn depth(&self) -> usize {
        self.depth
    }

    /// Bytes used by the nodes and the item list (not counting the items themselves).
    ///
    /// # Example
    /// ```
    /// use surety_queries::bvh::WideBvh;
    /// let bvh = WideBvh::new(&[[[0.0; 3], [1.0; 3]]; 1000])?;
    /// assert!(bvh.memory_bytes() < 1000 * 40);
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    pub fn memory_bytes(&self) -> usize {
        self.nodes.capacity() * std::mem::size_of::<Quad>() + self.items.capacity() * 4
    }

    /// Recomputes every node's box from new item boxes, keeping the tree, as
    /// [`Bvh::refit`].
    ///
    /// # Errors
    /// As [`Bvh::refit`].
    ///
    /// # Example
    /// ```
    /// use surety_queries::bvh::WideBvh;
    ///
    /// let mut bvh = WideBvh::new(&[[[0.0; 3], [1.0; 3]], [[5.0; 3], [6.0; 3]]])?;
    /// bvh.refit(&[[[0.0; 3], [1.0; 3]], [[-9.0; 3], [-8.0; 3]]])?;
    /// assert_eq!(bvh.bounds(), Some([[-9.0; 3], [1.0; 3]]));
    /// assert!(bvh.overlapping([[-8.5; 3], [-8.5; 3]]).any(|i| i == 1));
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    pub fn refit(&mut self, boxes: &[Box3]) -> Result<(), crate::ShapeError> {
        super::check_boxes(boxes, self.items.len())?;
        let items = core::mem::take(&mut self.items);
        self.refit_slots(|s| boxes[items[s] as usize]);
        self.items = items;
        Ok(())
    }

    /// [`WideBvh::refit`] with the box of the item in slot `s` (see [`WideBvh::items`])
    /// given by `box_of_slot(s)` (no NaN, `lo ≤ hi`: the caller's to make sure), for a
    /// caller that keeps its items in slot order (a mesh's triangles).
    pub(crate) fn refit_slots(&mut self, box_of_slot: impl Fn(usize) -> Box3) {
        // Children are stored after their parent: one backward pass finds theirs done. The
        // whole tree's box is the union of the leaves' exact ones, not of rounded lanes.
        let mut root = EMPTY;
        for i in (0..self.nodes.len()).rev() {
            for j in 0..usize::from(self.nodes[i].len) {
                let (first, count) = (self.nodes[i].first[j], items_in(self.nodes[i].count[j]));
                let b = if count > 0 {
                    let slots = first as usize..(first + count) as usize;
                    let leaf = slots.fold(EMPTY, |b, s| union(b, box_of_slot(s)));
                    root = union(root, leaf);
                    leaf
                } else {
                    self.nodes[first as usize].hull()
                };
                self.nodes[i].set_lane(j, b);
            }
        }
        self.root = (!self.nodes.is_empty()).then_some(root);
        self.extent = extent(&root);
        mark_filled(&mut self.nodes, box_of_slot);
    }

    /// Every item whose box meets the closed box `b` (touching counts), in no set order, and
    /// possibly others: items of the same leaves, and of leaves whose boxes meet `b` only
    /// once rounded outward to `f32` (the tree does not keep the items' boxes; test them
    /// where they are kept, as [`TriangleMesh::near`](crate::TriangleMesh::near) does).
    /// Double comparisons, no rounding: no item whose box meets `b` is left out.
    ///
    /// # Example
    /// ```
    /// use surety_queries::bvh::WideBvh;
    ///
    /// let bvh = WideBvh::new(&[[[0.0; 3], [1.0; 3]]])?;
    /// assert_eq!(bvh.overlapping([[1.0; 3], [2.0; 3]]).count(), 1); // a shared corner
    /// assert_eq!(bvh.overlapping([[1.0f64.next_up(); 3], [2.0; 3]]).count(), 0);
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    pub fn overlapping(&self, b: Box3) -> impl Iterator<Item = usize> + '_ {
        self.overlapping_slots(b)
            .map(|slot| self.items[slot] as usize)
    }

    /// [`WideBvh::overlapping`] by slots of the item list (leaf by leaf, see
    /// [`WideBvh::items`]) rather than by items: for data stored in the leaves' order.
    pub(crate) fn overlapping_slots(&self, b: Box3) -> impl Iterator<Item = usize> + '_ {
        let mut stack = Stack::new();
        if !self.nodes.is_empty() {
            stack.push((0u32, 0u32));
        }
        WideOverlapping {
            bvh: self,
            query: b,
            stack,
            leaf: 0..0,
        }
    }

    /// The items leaf by leaf: slot `s` of the list holds item `items()[s]`, and each leaf
    /// holds a run of consecutive slots. Data stored in this order (a mesh's triangles) is
    /// read by a query in runs, and a leaf's can be fetched before the leaf is visited.
    #[inline]
    pub(crate) fn items(&self) -> &[u32] {
        &self.items
    }

    /// Visits the leaves the ray `cull` may reach, nearest entry first, while `visit` returns
    /// a bound on the parameters still of interest, as [`Bvh::along_ray`]: `visit(items,
    /// entry)` gets a leaf's items and a lower bound of the parameter at which the ray may
    /// enter the leaf's box, and returns the new greatest parameter of interest. A node
    /// whose entry bound exceeds it is skipped. Each lane's box is tested by [`RayCull`]'s
    /// slab test (the four of a node at once where a single ray allows its fast form), whose
    /// every rounding is accounted for, so no leaf the ray can reach by then is skipped.
    pub fn along_ray<F: FnMut(&[u32], f64) -> f64>(&self, cull: &RayCull, mut visit: F) {
        self.along_ray_with(
            cull,
            self.fast_for(cull),
            |slots| {
                if let Some(run) = self.items.get(slots) {
                    prefetch(run); // the leaf's item numbers, each line once
                }
            },
            |slots, entry, _filled| visit(&self.items[slots], entry),
        );
    }

    /// Whether the ray's fast slab test holds for every box of the tree
    /// ([`RayCull::fast_up_to`] on the root's extent); false for an empty tree.
    #[inline]
    pub(crate) fn fast_for(&self, cull: &RayCull) -> bool {
        self.root.is_some() && cull.fast_up_to(self.extent)
    }

    /// [`WideBvh::along_ray`] with `fast` from [`WideBvh::fast_for`] already decided, by
    /// slots of the item list ([`WideBvh::items`]): `visit(slots, entry, filled)` gets a
    /// leaf's run of slots, and whether each of its items' boxes is exactly the leaf's lane's
    /// (so that testing them again with the same bound tells the ray nothing the lane's test
    /// did not). On a tree too large to stay in the caches ([`CACHED_ITEMS`]), `fetch(slots)`
    /// is called for each leaf lane the ray enters as its node is tested, before the leaf is
    /// visited: a hint to fetch the data the visit will read (nothing may depend on it). On a
    /// tree larger still ([`AHEAD_ITEMS`]), entering an interior lane also fetches that
    /// child's children (the node's grandchildren, [`Quad::below`]), so that the node tested
    /// next was asked for a level earlier.
    ///
    /// Depth first: at each node, the lanes the ray may enter (before the current bound) are
    /// ordered by their entry bounds; the nearest is visited next and the others wait, each
    /// with its entry bound rounded down to `f32` (a lower bound still), and a waiting one is
    /// taken up only while its bound is not past the current one. At most three wait per
    /// level, so `3 · depth + 1` entries always suffice (on the call stack up to 16 levels,
    /// 4^16 leaves; zeroing a larger array costs a small mesh's query a tenth of its time).
    #[inline(always)]
    pub(crate) fn along_ray_with<F: FnMut(Range<usize>, f64, bool) -> f64>(
        &self,
        cull: &RayCull,
        fast: bool,
        fetch: impl Fn(Range<usize>),
        mut visit: F,
    ) {
        let Some(root) = self.root.as_ref() else {
            return;
        };
        let mut t_max = cull.t_max();
        // The whole tree's box first: one box test turns away a ray that misses the mesh
        // (its four lanes' would too, but cost more: 1-3 % of a cast on the generated meshes
        // of `mesh_bench` by the clock, where many rays miss; without it a cube's cast, where
        // most rays hit, took 27 fewer of its 1,118 instructions: BENCHMARKS.md, 2026-12-06).
        let Some(entry) = cull.entry_with(fast, root, t_max) else {
            return;
        };
        // (first, count, entry): a node when count is 0, else a leaf's slots. Left
        // uninitialised (zeroing the array cost a small mesh's cast a twentieth of its
        // instructions); only entries below `len` are read, and each was written first.
        let mut inline = [MaybeUninit::<(u32, u32, f32)>::uninit(); 3 * 16 + 1];
        let mut heap;
        let waiting: &mut [MaybeUninit<(u32, u32, f32)>] = if 3 * self.depth < inline.len() {
            &mut inline
        } else {
            heap = vec![MaybeUninit::uninit(); 3 * self.depth + 1];
            &mut heap
        };
        // Whether the tree is too large to stay in the caches: then leaves are fetched ahead
        // too; and larger still, whether each child's children are.
        let cold = self.items.len() > CACHED_ITEMS;
        let ahead = self.items.len() >= AHEAD_ITEMS;
        let mut len = 0;
        let mut at = (0u32, 0u32, entry);
        loop {
            if at.1 > 0 {
                let count = items_in(at.1 as u8);
                let slots = at.0 as usize..(at.0 + count) as usize;
                t_max = t_max.min(visit(slots, at.2, at.1 as u8 & FILLED != 0));
            } else {
                let q = &self.nodes[at.0 as usize];
                let used = usize::from(q.len);
                let lanes = cull.entry_quad_with(fast, &q.bounds, used, t_max);
                // The lanes entered, nearest first: their numbers, by insertion (into at most
                // four), so that no lane's data is copied until it is taken or left waiting.
                let mut order = [0usize; 4];
                let mut n = 0;
                // Only the lanes entered, in order (the unused ones masked).
                let mut mask = lanes.mask & ((1 << used) - 1);
                while mask != 0 {
                    let j = mask.trailing_zeros() as usize;
                    mask &= mask - 1;
                    let e = lanes.entries[j];
                    let (first, count) = (q.first[j], q.count[j]);
                    if count == 0 {
                        // Its children's boxes, fetched now: a deep descent otherwise waits
                        // on memory once per level. On a large tree, their children's too:
                        // the node about to be tested was then asked for a level earlier.
                        prefetch(&self.nodes[first as usize]);
                        if ahead {
                            if let Some(run) = self.nodes.get(q.grandchildren_of(j)) {
                                prefetch(run);
                            }
                        }
                    } else if cold {
                        // A leaf's data, likewise.
                        fetch(first as usize..(first + items_in(count)) as usize);
                    }
                    let mut k = n;
                    while k > 0 && lanes.entries[order[k - 1]] > e {
                        order[k] = order[k - 1];
                        k -= 1;
                    }
                    order[k] = j;
                    n += 1;
                }
                if n > 0 {
                    // (The count keeps its `FILLED` bit, for the visit.)
                    let lane = |j: usize| (q.first[j], u32::from(q.count[j]), lanes.entries[j]);
                    for &j in order[1..n].iter().rev() {
                        let (first, count, e) = lane(j);
                        waiting[len].write((first, count, down_to_f32(e)));
                        len += 1;
                    }
                    at = lane(order[0]);
                    continue;
                }
            }
            // The latest waiting entry the bound has not ruled out.
            loop {
                let Some(top) = len.checked_sub(1) else {
                    return;
                };
                len = top;
                // SAFETY: `top` is below the number of entries written, each written at its
                // index before `len` passed it.
                let (first, count, e) = unsafe { waiting[top].assume_init() };
                if f64::from(e) <= t_max {
                    at = (first, count, f64::from(e));
                    break;
                }
            }
        }
    }
}

/// Sets [`FILLED`] on each leaf lane whose items' boxes (`box_of_slot(s)` for the item in
/// slot `s`) are each exactly the lane's box (so all of them `f32` boxes), and clears it on
/// the others. A lane rounded out is larger than its items' box, and a ray's test of the
/// lane can pass where the item's would not: such lanes are not marked.
fn mark_filled(nodes: &mut [Quad], box_of_slot: impl Fn(usize) -> Box3) {
    for q in nodes {
        for j in 0..usize::from(q.len) {
            let count = items_in(q.count[j]);
            if count == 0 {
                continue;
            }
            let first = q.first[j] as usize;
            let lane = q.lane(j);
            let filled = (first..first + count as usize).all(|s| box_of_slot(s) == lane);
            q.count[j] = count as u8 | if filled { FILLED } else { 0 };
        }
    }
}

/// The iterator of [`WideBvh::overlapping_slots`].
struct WideOverlapping<'a> {
    bvh: &'a WideBvh,
    query: Box3,
    /// (first, count): a node when count is 0, else a leaf's slots.
    stack: Stack<(u32, u32)>,
    /// The slots of the leaf being listed.
    leaf: Range<usize>,
}

impl Iterator for WideOverlapping<'_> {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        loop {
            if let Some(slot) = self.leaf.next() {
                return Some(slot);
            }
            let (first, count) = self.stack.pop()?;
            if count > 0 {
                self.leaf = first as usize..(first + count) as usize;
                continue;
            }
            let q = &self.bvh.nodes[first as usize];
            for j in 0..usize::from(q.len) {
                if meets(&q.lane(j), &self.query) {
                    self.stack.push((q.first[j], items_in(q.count[j])));
                }
            }
        }
    }
}

/// The binary tree collapsed into nodes of up to four children, breadth first (every node
/// after its parent).
fn collapse(bvh: Bvh) -> WideBvh {
    let Bvh { nodes, items, .. } = bvh;
    let Some(top) = nodes.first() else {
        return WideBvh::default();
    };
    let root = Some(top.bounds);
    // Half the area of a box, to choose which child to open (an infinite or NaN one first;
    // never -∞, which marks a leaf).
    let area = |b: &Box3| {
        let [x, y, z] = std::array::from_fn(|k| b[1][k] - b[0][k]);
        let a = x * y + y * z + z * x;
        if a >= 0.0 {
            a
        } else {
            f64::INFINITY
        }
    };
    // Each interior binary node becomes at most one wide node.
    let mut out = Vec::with_capacity(nodes.len() / 2 + 1);
    out.push(Quad::UNUSED);
    // (wide node, the binary node it stands for, its level).
    // (Reserved as `out` is: it lists every wide node once.)
    let mut work = Vec::with_capacity(out.capacity());
    work.push((0usize, 0usize, 1usize));
    let mut depth = 1;
    let mut next = 0;
    while let Some(&(w, b, level)) = work.get(next) {
        next += 1;
        depth = depth.max(level);
        let n = &nodes[b];
        // The lanes: the binary node's children, opened largest first until there are four.
        let mut lanes = [0usize; 4];
        let mut len;
        if n.count > 0 {
            // A tree of one leaf.
            lanes[0] = b;
            len = 1;
        } else {
            // Each lane's claim to be opened: its box's area if it is interior, else none.
            let claim = |c: usize| {
                if nodes[c].count == 0 {
                    area(&nodes[c].bounds)
                } else {
                    f64::NEG_INFINITY
                }
            };
            let mut claims = [f64::NEG_INFINITY; 4];
            for (j, c) in [n.first as usize, n.first as usize + 1]
                .into_iter()
                .enumerate()
            {
                lanes[j] = c;
                claims[j] = claim(c);
            }
            len = 2;
            while len < 4 {
                let mut open = 0;
                for j in 1..len {
                    if claims[j] > claims[open] {
                        open = j;
                    }
                }
                if claims[open] == f64::NEG_INFINITY {
                    break; // every lane a leaf
                }
                let first = nodes[lanes[open]].first as usize;
                lanes[open] = first;
                claims[open] = claim(first);
                lanes[len] = first + 1;
                claims[len] = claim(first + 1);
                len += 1;
            }
        }
        let mut quad = Quad::UNUSED;
        quad.len = len as u8;
        for (j, &c) in lanes[..len].iter().enumerate() {
            let child = &nodes[c];
            quad.set_lane(j, child.bounds);
            if child.count > 0 {
                // The trees of `Bvh`'s constructors have leaves of at most `LEAF_SIZE` items
                // (the crate's CCD trees, which are never collapsed, of up to 8).
                debug_assert!(child.count <= u32::from(u8::MAX));
                quad.first[j] = child.first;
                quad.count[j] = child.count as u8;
            } else {
                quad.first[j] = out.len() as u32;
                work.push((out.len(), c, level + 1));
                out.push(Quad::UNUSED);
            }
        }
        out[w] = quad;
    }
    // Capacity was reserved for one wide node per interior binary node, about three times
    // what is used. Shrinking moves the nodes to a new (64-byte aligned) allocation, which for
    // a small tree costs more than its build's binning; so only when the spare exceeds a page.
    if (out.capacity() - out.len()) * std::mem::size_of::<Quad>() > 4096 {
        out.shrink_to_fit();
    }
    link_grandchildren(&mut out);
    WideBvh {
        nodes: out,
        items,
        extent: root.as_ref().map_or(0.0, extent),
        root,
        depth,
    }
}

/// Sets each node's [`Quad::grandchildren`] and [`Quad::below`]. The nodes are breadth
/// first, each node's children allocated together in lane order, and a node's children are
/// worked through one after the other, so the children of its interior children follow
/// one another; a lane whose span would not fit its four bits (never, by that order) is left
/// without one, which only forgoes the hint.
fn link_grandchildren(nodes: &mut [Quad]) {
    for i in 0..nodes.len() {
        // Per lane: the first and number of its child's interior children.
        let mut spans = [(u32::MAX, 0u8); 4];
        for (j, span) in spans.iter_mut().enumerate().take(usize::from(nodes[i].len)) {
            if nodes[i].count[j] != 0 {
                continue; // a leaf
            }
            let child = &nodes[nodes[i].first[j] as usize];
            for k in 0..usize::from(child.len) {
                if child.count[k] == 0 {
                    *span = (span.0.min(child.first[k]), span.1 + 1);
                }
            }
        }
        // The first of them (0 when no lane has any: `u32::MAX` marks a lane without).
        let start = spans.iter().map(|s| s.0).min().unwrap_or(u32::MAX);
        let q = &mut nodes[i];
        q.grandchildren = if start == u32::MAX { 0 } else { start };
        for (b, (first, n)) in q.below.iter_mut().zip(spans) {
            let offset = first.wrapping_sub(q.grandchildren);
            *b = if n > 0 && offset < 16 {
                n << 4 | offset as u8
            } else {
                0
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{slab_case, Rng};

    /// The four-box test is the one-box test four times on the stored (outward-rounded)
    /// boxes, to the bit, and each stored box holds the given one: random rays and boxes at
    /// scales from 2^-200 to 2^200 (past `f32`'s range both ways, so bounds round to zero,
    /// subnormals and infinities), flat and point boxes, bounds below `t_max`, and unused
    /// lanes (never entered); and the general form (`entry_quad_with` without the fast
    /// test) is `entry` on each lane in use, to the bit.
    #[test]
    fn the_quad_test_answers_as_four_single_tests() {
        let mut rng = Rng(0x2545_F491_4F6C_DD1D);
        let mut checked = 0;
        for i in 0..20_000 {
            let (o, d, boxes, t_max) = slab_case::<4>(&mut rng, i, 200);
            let cull = RayCull::new(o, d, t_max);
            let hull = boxes.iter().fold(EMPTY, |h, b| union(h, *b));
            if !cull.fast_within(&hull) {
                continue;
            }
            let used = 1 + (i as usize % 4);
            let mut quad = Quad::UNUSED;
            for (j, b) in boxes.iter().enumerate().take(used) {
                quad.set_lane(j, *b);
            }
            let got = cull.entry_quad_fast(&quad.bounds, t_max);
            let got: [Option<f64>; 4] = std::array::from_fn(|j| got.get(j));
            // The general form, for the lanes in use, lane by lane as `entry`.
            let general = cull.entry_quad_with(false, &quad.bounds, used, t_max);
            for (j, b) in boxes.iter().enumerate() {
                let stored = quad.lane(j);
                if j < used {
                    assert!((0..3).all(|k| stored[0][k] <= b[0][k] && b[1][k] <= stored[1][k]));
                }
                let want = (j < used)
                    .then(|| cull.entry_fast(&stored, t_max))
                    .flatten();
                assert_eq!(
                    got[j].map(f64::to_bits),
                    want.map(f64::to_bits),
                    "ray {o:?} {d:?}, box {b:?}, lane {j} of {used}"
                );
                let want = (j < used).then(|| cull.entry(&stored, t_max)).flatten();
                assert_eq!(
                    general.get(j).map(f64::to_bits),
                    want.map(f64::to_bits),
                    "general: ray {o:?} {d:?}, box {b:?}, lane {j} of {used}"
                );
            }
            checked += 1;
        }
        assert!(checked > 15_000, "{checked}");
    }

    /// Every item is in exactly one leaf lane, every lane's box is the hull of its items
    /// rounded outward to `f32`, and the depth is about half the binary tree's.
    #[test]
    fn collapsing_keeps_every_item_once_and_every_box_exact() {
        let mut rng = Rng(7);
        for n in [1usize, 2, 3, 4, 5, 17, 1000, 20_000] {
            let boxes: Vec<Box3> = (0..n)
                .map(|_| {
                    let c: [f64; 3] = std::array::from_fn(|_| rng.signed_unit() * 100.0);
                    [c, c.map(|x| x + rng.signed_unit().abs())]
                })
                .collect();
            let binary = Bvh::new(&boxes).unwrap();
            let binary_depth = binary.depth();
            let wide = WideBvh::from(binary);
            let mut seen = vec![0u32; n];
            let rounded = |b: Box3| {
                let mut q = Quad::UNUSED;
                q.set_lane(0, b);
                q.lane(0)
            };
            for q in &wide.nodes {
                assert!((1..=4).contains(&q.len));
                for j in 0..usize::from(q.len) {
                    let (first, count) = (q.first[j], items_in(q.count[j]) as usize);
                    let hull = if count > 0 {
                        let slots = first as usize..first as usize + count;
                        wide.items[slots].iter().fold(EMPTY, |h, &k| {
                            seen[k as usize] += 1;
                            union(h, boxes[k as usize])
                        })
                    } else {
                        assert!(first as usize > 0, "a child before its parent");
                        wide.nodes[first as usize].hull()
                    };
                    assert_eq!(q.lane(j), rounded(hull));
                }
                for j in usize::from(q.len)..4 {
                    assert_eq!(q.lane(j), EMPTY);
                }
            }
            assert!(seen.iter().all(|&s| s == 1), "n = {n}");
            assert!(
                wide.depth() <= binary_depth.div_ceil(2) + 1,
                "n = {n}: {} levels for {binary_depth}",
                wide.depth()
            );
            assert_eq!(
                wide.bounds(),
                Some(boxes.iter().fold(EMPTY, |h, b| union(h, *b)))
            );
        }
    }

    /// Each interior lane's hint names exactly its child's interior children, on trees
    /// whose nodes have every mix of leaf and interior lanes, after a build and after a refit
    /// that moves every box; a node stays two cache lines.
    #[test]
    fn each_lane_names_its_grandchildren() {
        assert_eq!(std::mem::size_of::<Quad>(), 128);
        /// The number of links checked on the tree.
        fn check(wide: &WideBvh, n: usize) -> usize {
            let mut linked = 0;
            for q in &wide.nodes {
                for j in 0..4 {
                    let want: Vec<usize> = if j < usize::from(q.len) && q.count[j] == 0 {
                        let child = &wide.nodes[q.first[j] as usize];
                        (0..usize::from(child.len))
                            .filter(|&k| child.count[k] == 0)
                            .map(|k| child.first[k] as usize)
                            .collect()
                    } else {
                        Vec::new()
                    };
                    let got: Vec<usize> = q.grandchildren_of(j).collect();
                    assert_eq!(got, want, "n = {n}, lane {j} of {q:?}");
                    linked += got.len();
                }
            }
            linked
        }
        let mut rng = Rng(13);
        let mut linked = 0;
        for n in [1usize, 5, 17, 64, 65, 300, 5000, 40_000] {
            // Clusters of every size, so that lanes are leaves and subtrees side by side.
            let boxes: Vec<Box3> = (0..n)
                .map(|i| {
                    let spread = if i % 3 == 0 { 1000.0 } else { 1.0 };
                    let c: [f64; 3] = std::array::from_fn(|_| rng.signed_unit() * spread);
                    [c, c.map(|x| x + rng.signed_unit().abs())]
                })
                .collect();
            let mut wide = WideBvh::new(&boxes).unwrap();
            let built = check(&wide, n);
            linked += built;
            // Every box moved (the items in reverse order): the topology, and so every link,
            // stays.
            let moved: Vec<Box3> = boxes
                .iter()
                .rev()
                .map(|b| b.map(|c| c.map(|x| 2.0 * x + 7.0)))
                .collect();
            wide.refit(&moved).unwrap();
            assert_eq!(check(&wide, n), built, "n = {n}, refitted");
        }
        assert!(linked > 1000, "{linked}");
    }

    /// Whether each leaf lane's `FILLED` bit is set exactly when each of its items' boxes
    /// is the lane's box.
    fn filled_bits_are_exact(wide: &WideBvh, boxes: &[Box3]) -> usize {
        let mut filled = 0;
        for q in &wide.nodes {
            for j in 0..usize::from(q.len) {
                let count = items_in(q.count[j]) as usize;
                if count == 0 {
                    assert_eq!(q.count[j], 0);
                    continue;
                }
                let first = q.first[j] as usize;
                let all = wide.items[first..first + count]
                    .iter()
                    .all(|&k| boxes[k as usize] == q.lane(j));
                assert_eq!(q.count[j] & FILLED != 0, all);
                filled += usize::from(all);
            }
        }
        filled
    }

    /// The `FILLED` bits, after a build and after a refit that moves half the items: pairs
    /// of items with one box (the two triangles of a square) fill their leaves, and stop
    /// filling them once one of each pair moves.
    #[test]
    fn a_leaf_is_marked_filled_exactly_when_its_items_boxes_are_its_own() {
        let mut rng = Rng(11);
        // Coordinates that are `f32` values, so that lanes are their items' boxes exactly.
        let boxes: Vec<Box3> = (0..400)
            .flat_map(|_| {
                let c: [f64; 3] =
                    std::array::from_fn(|_| f64::from((rng.signed_unit() * 100.0) as f32));
                let b = [c, c.map(|x| x + 0.5)];
                [b, b]
            })
            .collect();
        let mut wide = WideBvh::new(&boxes).unwrap();
        assert!(filled_bits_are_exact(&wide, &boxes) > 0);
        // Off the `f32` grid a lane is rounded out, larger than its items: never marked.
        let off: Vec<Box3> = boxes
            .iter()
            .map(|b| [b[0].map(|x| x + 1e-9), b[1].map(|x| x + 1e-9)])
            .collect();
        assert_eq!(filled_bits_are_exact(&WideBvh::new(&off).unwrap(), &off), 0);
        let moved: Vec<Box3> = boxes
            .iter()
            .enumerate()
            .map(|(i, b)| {
                if i % 2 == 0 {
                    [b[0].map(|x| x + 0.25), b[1].map(|x| x + 0.25)]
                } else {
                    *b
                }
            })
            .collect();
        wide.refit(&moved).unwrap();
        filled_bits_are_exact(&wide, &moved);
        let singles: Vec<Box3> = boxes.iter().step_by(2).copied().collect();
        filled_bits_are_exact(&WideBvh::new(&singles).unwrap(), &singles);
    }
}
