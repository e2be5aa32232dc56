//! The triangle mesh that motion queries move against.

use core::fmt;
use core::ops::Range;
use std::collections::HashMap;
use std::sync::OnceLock;

use surety_intervals::{Endpoint, Scalar, Vec3};

use super::Triangles;
use crate::bvh::{prefetch, Box3, Bvh, WideBvh};
use crate::{Problem, ShapeError, Triangle};

/// A triangle soup or a closed mesh, with a bounding box per triangle for culling.
///
/// # Properties
/// - Each triangle's front is the side its normal `(b - a) × (c - a)` points to: for the motion
///   queries the front is free space and the back is solid, so a closed mesh that bounds a
///   room has its normals pointing into the room, one that bounds a solid has them pointing
///   out.
/// - Culling is exact: a triangle is skipped only when its bounding box (the exact bounds of
///   its corners) misses the query's box (computed with outward rounding), so it never drops
///   a triangle a query could touch. The boxes are those of a bounding volume hierarchy
///   built with the mesh ([`TriangleMesh::bvh`], four children per node); per triangle
///   they are recomputed from the corners rather than stored (about 76 to 84 bytes per
///   `f32` triangle in all).
/// - The triangles are kept in the hierarchy's leaf order, so that a query reads a leaf's
///   triangles in one run and, on a large mesh, fetches them as it tests the node above;
///   [`TriangleMesh::triangles`] and every query's face numbers are in the order given.
///
/// # Example
/// ```
/// use surety_intervals::{Interval, Vec3};
/// use surety_queries::TriangleMesh;
///
/// // A floor: two triangles facing up.
/// let v = [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [1.0, 1.0, 0.0], [0.0, 1.0, 0.0]]
///     .map(|[x, y, z]| Vec3::new(x, y, z));
/// let floor = TriangleMesh::<f64>::new(&v, &[[0, 1, 2], [0, 2, 3]])?;
/// assert_eq!(floor.len(), 2);
/// assert_eq!(floor.triangles()[1].normal(), Vec3::new(0.0, 0.0, 1.0));
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
#[derive(Clone)]
pub struct TriangleMesh<S> {
    /// The triangles by slot, in the hierarchy's leaf order: slot `s` holds face
    /// `bvh.items()[s]` (see [`WideBvh::items`]).
    triangles: Vec<Triangle<S>>,
    /// Per slot: the triangle's normal and the normal's length, computed once.
    normals: Vec<(Vec3<S>, S)>,
    /// Per face (in the order given): its slot.
    slots: Vec<u32>,
    /// The hierarchy over the triangles' boxes ([`TriangleMesh::triangle_box`]), which are
    /// recomputed from the corners where needed rather than stored.
    bvh: WideBvh,
    /// Whether the faces bound a solid ([`TriangleMesh::bounds_a_solid`]), found at the first
    /// query that asks.
    solid: OnceLock<bool>,
}

impl<S: Scalar> TriangleMesh<S> {
    /// A mesh from shared vertices and corner indices, one `[a, b, c]` per triangle.
    ///
    /// # Errors
    /// A [`ShapeError`] when a vertex coordinate is not finite (naming `a.x` … of the first
    /// triangle that uses it), or an index is beyond the vertices ([`Problem::OutOfRange`]).
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Vec3;
    /// use surety_queries::{Problem, TriangleMesh};
    ///
    /// let v = [Vec3::new(0.0, 0.0, 0.0), Vec3::new(1.0, 0.0, 0.0), Vec3::new(0.0, 1.0, 0.0)];
    /// let err = TriangleMesh::<f64>::new(&v, &[[0, 1, 3]]).unwrap_err();
    /// assert_eq!(err.problem, Problem::OutOfRange);
    /// assert_eq!(err.to_string(), "mesh indices is 3, must be in [0, vertex count), vertex count 3");
    /// ```
    pub fn new<V: Into<Vec3<S>> + Copy>(
        vertices: &[V],
        indices: &[[usize; 3]],
    ) -> Result<Self, ShapeError> {
        Self::from_triangles(triangles_of(vertices, indices)?)
    }

    /// The faces moved: face `i` becomes the triangle `indices[i]` of `vertices` (as in
    /// [`TriangleMesh::new`]), and the hierarchy keeps its shape with its boxes made again
    /// from the new faces (refitted), for a mesh that deforms from frame to frame (cloth, a
    /// skinned body). Several times cheaper than building the mesh anew (BENCHMARKS.md),
    /// and every query stays as exact as on a new mesh: each box holds its faces whatever
    /// they are. Only speed depends on the faces staying near where the hierarchy was
    /// built: after large motions a query may have to test more faces, and building anew
    /// restores it. The input is checked whole before anything changes; on an error the mesh
    /// is as it was.
    ///
    /// # Errors
    /// As [`TriangleMesh::new`], and [`Problem::Length`] when `indices` does not list as
    /// many faces as the mesh has.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::{Policy, Vec3, Verdict};
    /// use surety_queries::{decide_point_in_mesh, TriangleMesh};
    ///
    /// let tetrahedron = [[0, 2, 1], [0, 1, 3], [0, 3, 2], [1, 2, 3]];
    /// let at = |dx: f64| [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]
    ///     .map(|[x, y, z]| Vec3::new(x + dx, y, z));
    /// let mut m = TriangleMesh::<f64>::new(&at(0.0), &tetrahedron)?;
    /// let p = Vec3::new(2.1, 0.1, 0.1);
    /// assert_eq!(decide_point_in_mesh(&m, p, Policy::Exact), Verdict::False);
    /// m.refit(&at(2.0), &tetrahedron)?; // moved 2 along x
    /// assert_eq!(decide_point_in_mesh(&m, p, Policy::Exact), Verdict::True);
    /// assert!(m.refit(&at(2.0), &tetrahedron[..3]).is_err()); // three faces, not four
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    pub fn refit<V: Into<Vec3<S>> + Copy>(
        &mut self,
        vertices: &[V],
        indices: &[[usize; 3]],
    ) -> Result<(), ShapeError> {
        if indices.len() != self.len() {
            return Err(self.length_error("indices", indices.len()));
        }
        self.refit_triangles(&triangles_of(vertices, indices)?)
    }

    /// [`TriangleMesh::refit`] from the triangles themselves, in the order of the faces
    /// (already checked by [`Triangle::new`]): face `i` becomes `triangles[i]`.
    ///
    /// # Errors
    /// [`Problem::Length`] when there are not as many triangles as the mesh has faces (the
    /// mesh is then as it was).
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Vec3;
    /// use surety_queries::{Triangle, TriangleMesh};
    ///
    /// let t = |z: f64| Triangle::<f64>::new(Vec3::new(0.0, 0.0, z), Vec3::new(1.0, 0.0, z), Vec3::new(0.0, 1.0, z));
    /// let mut m = TriangleMesh::from_triangles(vec![t(0.0)?, t(1.0)?])?;
    /// m.refit_triangles(&[t(5.0)?, t(1.0)?])?;
    /// assert_eq!(m.triangles()[0].corners()[0].z, 5.0);
    /// assert_eq!(m.bvh().bounds(), Some([[0.0, 0.0, 1.0], [1.0, 1.0, 5.0]]));
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    pub fn refit_triangles(&mut self, triangles: &[Triangle<S>]) -> Result<(), ShapeError> {
        if triangles.len() != self.len() {
            return Err(self.length_error("triangles", triangles.len()));
        }
        for (t, &slot) in triangles.iter().zip(&self.slots) {
            let slot = slot as usize;
            self.triangles[slot] = *t;
            self.normals[slot] = normal_of(t);
        }
        let stored = &self.triangles;
        self.bvh.refit_slots(|s| corner_box(&stored[s]));
        // Whether the faces bound a solid depends on which corners coincide: found again.
        self.solid = OnceLock::new();
        Ok(())
    }

    /// The error of a refit given `given` faces.
    fn length_error(&self, field: &'static str, given: usize) -> ShapeError {
        ShapeError {
            shape: "mesh",
            field,
            problem: Problem::Length,
            value: given as f64,
            limit: self.len() as f64,
            expected: "",
        }
    }

    /// A mesh from triangles (already checked by [`Triangle::new`]).
    ///
    /// # Errors
    /// A [`ShapeError`] when there are 2^32 triangles or more (the hierarchy indexes them
    /// with `u32`).
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Vec3;
    /// use surety_queries::{Triangle, TriangleMesh};
    ///
    /// let t = Triangle::<f64>::new(Vec3::new(0.0, 0.0, 0.0), Vec3::new(1.0, 0.0, 0.0), Vec3::new(0.0, 1.0, 0.0))?;
    /// assert_eq!(TriangleMesh::from_triangles(vec![t; 3])?.len(), 3);
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    pub fn from_triangles(triangles: Vec<Triangle<S>>) -> Result<Self, ShapeError> {
        // Every box is finite with lo <= hi (the corners are): the only error is the count.
        // The boxes are made where they are asked for, not kept in an array (48 bytes a
        // face): the plan reads them once in face order, the fill in slot order.
        let mut tree =
            Bvh::new_unfilled(triangles.len(), |f| corner_box(&triangles[f])).map_err(|e| {
                ShapeError {
                    shape: "mesh",
                    field: "triangles",
                    ..e
                }
            })?;
        // The tree lists every face once (its item list is a permutation of the faces).
        let stored: Vec<Triangle<S>> = tree
            .items_in_order()
            .iter()
            .map(|&f| triangles[f as usize])
            .collect();
        drop(triangles);
        tree.fill_slots(|s| corner_box(&stored[s]));
        let bvh = WideBvh::from_filled(tree, |s| corner_box(&stored[s]));
        let items = bvh.items();
        let mut slots = vec![0u32; items.len()];
        for (slot, &f) in (0u32..).zip(items) {
            slots[f as usize] = slot;
        }
        let normals = stored.iter().map(normal_of).collect();
        Ok(Self {
            triangles: stored,
            normals,
            slots,
            bvh,
            solid: OnceLock::new(),
        })
    }

    /// Whether the faces bound a solid: every edge, its ends taken by their exact
    /// coordinates, is used by the faces as often from one end to the other as back (an
    /// edge from a point to itself counts for nothing; faces of no area count like any other,
    /// so a stray one is enough to spoil it). The oriented
    /// faces then have no boundary, so every point off them has one winding number, the same
    /// along every ray: inside where it is not 0 (what [`point_in_mesh`](crate::point_in_mesh)
    /// answers). A closed, consistently wound mesh does; one with a hole, a face wound the
    /// wrong way, an edge split by a corner of its neighbour (a T-junction) or a stray face
    /// does not, and its "inside" means nothing: the point queries answer `Maybe` off its
    /// surface. Found once, at the first call (the corners hashed, the edges sorted: about as
    /// long as building the mesh), and kept.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Vec3;
    /// use surety_queries::TriangleMesh;
    ///
    /// let v = [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]
    ///     .map(|[x, y, z]| Vec3::new(x, y, z));
    /// let tetrahedron = [[0, 2, 1], [0, 1, 3], [0, 3, 2], [1, 2, 3]];
    /// assert!(TriangleMesh::<f64>::new(&v, &tetrahedron)?.bounds_a_solid());
    /// assert!(!TriangleMesh::<f64>::new(&v, &tetrahedron[..3])?.bounds_a_solid()); // open
    /// let flipped = [[0, 2, 1], [0, 1, 3], [0, 3, 2], [1, 3, 2]];
    /// assert!(!TriangleMesh::<f64>::new(&v, &flipped)?.bounds_a_solid());
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    pub fn bounds_a_solid(&self) -> bool {
        *self.solid.get_or_init(|| {
            // Each corner numbered by its point (the bits of its bounds, zeros of either sign
            // alike), then each edge as a pair of numbers, lower first, with its direction.
            let mut points: HashMap<_, u32> = HashMap::with_capacity(self.triangles.len());
            let mut edges: Vec<(u64, i32)> = Vec::with_capacity(3 * self.triangles.len());
            for t in &self.triangles {
                let c = t.corners().map(|c| {
                    let key = c.to_array().map(|x| {
                        let (lo, hi) = x.bounds();
                        [(lo.as_f64() + 0.0).to_bits(), (hi.as_f64() + 0.0).to_bits()]
                    });
                    // (Past 2^32 points, never in practice, numbers repeat: the answer
                    // is then "no", below.)
                    let next = points.len() as u32;
                    *points.entry(key).or_insert(next)
                });
                for (a, b) in [(c[0], c[1]), (c[1], c[2]), (c[2], c[0])] {
                    let pair = |lo: u32, hi: u32| u64::from(lo) << 32 | u64::from(hi);
                    match a.cmp(&b) {
                        std::cmp::Ordering::Less => edges.push((pair(a, b), 1)),
                        std::cmp::Ordering::Greater => edges.push((pair(b, a), -1)),
                        std::cmp::Ordering::Equal => {}
                    }
                }
            }
            if points.len() > u32::MAX as usize {
                return false;
            }
            drop(points);
            edges.sort_unstable_by_key(|e| e.0);
            edges
                .chunk_by(|x, y| x.0 == y.0)
                .all(|run| run.iter().map(|e| i64::from(e.1)).sum::<i64>() == 0)
        })
    }

    /// The triangles, in the order given (face `i` is the `i`-th): indexed and iterated as
    /// a slice is.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Vec3;
    /// use surety_queries::TriangleMesh;
    ///
    /// let v = [Vec3::new(0.0, 0.0, 0.0), Vec3::new(1.0, 0.0, 0.0), Vec3::new(0.0, 1.0, 0.0)];
    /// let m = TriangleMesh::<f64>::new(&v, &[[0, 1, 2]])?;
    /// assert_eq!(m.triangles()[0].corners()[2].y, 1.0);
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    #[inline]
    pub fn triangles(&self) -> Triangles<'_, S> {
        Triangles::new(&self.triangles, &self.slots)
    }

    /// The triangles by slot (the hierarchy's leaf order, see [`WideBvh::items`]): what the
    /// queries read, with the slots the hierarchy's traversals give.
    #[inline]
    pub(crate) fn by_slot(&self) -> &[Triangle<S>] {
        &self.triangles
    }

    /// The face (its number in the order given) kept at `slot`.
    #[inline]
    pub(crate) fn face(&self, slot: usize) -> usize {
        self.bvh.items()[slot] as usize
    }

    /// The number of triangles.
    ///
    /// # Example
    /// ```
    /// use surety_queries::TriangleMesh;
    ///
    /// assert_eq!(TriangleMesh::<f64>::from_triangles(Vec::new())?.len(), 0);
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    #[inline]
    pub fn len(&self) -> usize {
        self.triangles.len()
    }

    /// Whether the mesh has no triangles.
    ///
    /// # Example
    /// ```
    /// use surety_queries::TriangleMesh;
    ///
    /// assert!(TriangleMesh::<f64>::from_triangles(Vec::new())?.is_empty());
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.triangles.is_empty()
    }

    /// The normal `(b - a) × (c - a)` of the triangle at slot `slot`, and its length.
    pub(crate) fn normal(&self, slot: usize) -> (Vec3<S>, S) {
        self.normals[slot]
    }

    /// The indices of the triangles whose bounding boxes meet the closed box `[lo, hi]`: a
    /// broad phase that never drops a triangle whose points lie in the box.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Vec3;
    /// use surety_queries::TriangleMesh;
    ///
    /// let near_origin = [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]];
    /// let far = [[5.0, 5.0, 5.0], [6.0, 5.0, 5.0], [5.0, 6.0, 5.0]];
    /// let v: Vec<Vec3<f64>> = near_origin.iter().chain(&far).map(|&[x, y, z]| Vec3::new(x, y, z)).collect();
    /// let m = TriangleMesh::<f64>::new(&v, &[[0, 1, 2], [3, 4, 5]])?;
    /// let hits: Vec<usize> = m.near([-1.0, -1.0, -0.5], [0.5, 0.5, 0.0]).collect();
    /// assert_eq!(hits, vec![0]);
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    pub fn near(&self, lo: [f64; 3], hi: [f64; 3]) -> impl Iterator<Item = usize> + '_ {
        self.near_slots(lo, hi).map(|slot| self.face(slot))
    }

    /// [`TriangleMesh::near`] by slots ([`TriangleMesh::by_slot`]).
    pub(crate) fn near_slots(
        &self,
        lo: [f64; 3],
        hi: [f64; 3],
    ) -> impl Iterator<Item = usize> + '_ {
        self.bvh.overlapping_slots([lo, hi]).filter(move |&slot| {
            let b = &self.triangle_box(slot);
            (0..3).all(|k| b[0][k] <= hi[k] && lo[k] <= b[1][k])
        })
    }

    /// Bytes the mesh holds on the heap: its triangles (corners stored per triangle), their
    /// normals, where each is kept, and the hierarchy.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Vec3;
    /// use surety_queries::TriangleMesh;
    ///
    /// let v = [Vec3::new(0.0f32, 0.0, 0.0), Vec3::new(1.0, 0.0, 0.0), Vec3::new(0.0, 1.0, 0.0)];
    /// let m = TriangleMesh::<f32>::new(&v, &[[0, 1, 2]; 100])?;
    /// assert!(m.memory_bytes() >= 100 * (36 + 16));
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    pub fn memory_bytes(&self) -> usize {
        self.triangles.capacity() * std::mem::size_of::<Triangle<S>>()
            + self.normals.capacity() * std::mem::size_of::<(Vec3<S>, S)>()
            + self.slots.capacity() * std::mem::size_of::<u32>()
            + self.bvh.memory_bytes()
    }

    /// Asks the processor for the triangles at `slots` (a leaf's, whose node is being
    /// tested) on a mesh too large to stay in the caches: one run of the mesh's triangles,
    /// fetched while the traversal goes on, and with `faces` their face numbers too (for a
    /// query that names the face it found, [`TriangleMesh::face`]). A hint only; nothing is
    /// read.
    #[inline(always)]
    pub(crate) fn fetch(&self, slots: Range<usize>, faces: bool) {
        if faces {
            if let Some(run) = self.bvh.items().get(slots.clone()) {
                prefetch(run);
            }
        }
        if let Some(run) = self.triangles.get(slots) {
            prefetch(run); // each line of the run once (a triangle need not start on one)
        }
    }

    /// The box of the triangle at slot `slot`: the exact bounds of its corners.
    #[inline]
    pub(crate) fn triangle_box(&self, slot: usize) -> Box3 {
        corner_box(&self.triangles[slot])
    }

    /// The bounding volume hierarchy over the triangles' boxes (four children per node: the
    /// binary surface-area tree of [`Bvh::new`](crate::bvh::Bvh::new), collapsed).
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Vec3;
    /// use surety_queries::TriangleMesh;
    ///
    /// let v = [Vec3::new(0.0, 0.0, 0.0), Vec3::new(1.0, 0.0, 0.0), Vec3::new(0.0, 1.0, 0.0)];
    /// let m = TriangleMesh::<f64>::new(&v, &[[0, 1, 2]; 10])?;
    /// assert_eq!(m.bvh().len(), 10);
    /// assert_eq!(m.bvh().bounds(), Some([[0.0; 3], [1.0, 1.0, 0.0]]));
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    #[inline]
    pub fn bvh(&self) -> &WideBvh {
        &self.bvh
    }
}

/// The triangles in the order given, and the hierarchy (the normals are derived).
impl<S: fmt::Debug> fmt::Debug for TriangleMesh<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TriangleMesh")
            .field("triangles", &Triangles::new(&self.triangles, &self.slots))
            .field("bvh", &self.bvh)
            .finish()
    }
}

/// The triangles `indices` of `vertices`, each checked (the errors of
/// [`TriangleMesh::new`]).
fn triangles_of<S: Scalar, V: Into<Vec3<S>> + Copy>(
    vertices: &[V],
    indices: &[[usize; 3]],
) -> Result<Vec<Triangle<S>>, ShapeError> {
    let corner = |i: usize| {
        vertices.get(i).map(|&v| v.into()).ok_or(ShapeError {
            shape: "mesh",
            field: "indices",
            problem: Problem::OutOfRange,
            value: i as f64,
            limit: vertices.len() as f64,
            expected: "[0, vertex count)",
        })
    };
    // Reserved up front: collecting through `Result` would grow the vector by doubling
    // and keep up to twice the memory.
    let mut triangles = Vec::with_capacity(indices.len());
    for &[a, b, c] in indices {
        triangles.push(Triangle::new(corner(a)?, corner(b)?, corner(c)?)?);
    }
    Ok(triangles)
}

/// A triangle's normal and the normal's length, as a mesh keeps them.
fn normal_of<S: Scalar>(t: &Triangle<S>) -> (Vec3<S>, S) {
    let n = t.normal();
    (n, n.length_squared().sqrt())
}

/// A triangle's box: the exact minimum and maximum of its corners' bounds, as `f64`.
#[inline]
fn corner_box<S: Scalar>(t: &Triangle<S>) -> Box3 {
    let lo = t
        .corners()
        .map(|c| c.to_array().map(|x| x.bounds().0.as_f64()));
    let hi = t
        .corners()
        .map(|c| c.to_array().map(|x| x.bounds().1.as_f64()));
    [points_box(&lo)[0], points_box(&hi)[1]]
}

/// The box of three points: exact (a least and a greatest coordinate do not round). By
/// comparisons, one `minsd` or `maxsd` each where `f64::min` adds a fix-up for NaN, which
/// a corner never is (each is checked finite); of two zeros either may be kept, which
/// names the same bound.
#[inline]
pub(crate) fn points_box(t: &[[f64; 3]; 3]) -> Box3 {
    let [a, b, c] = t;
    let min = |x: f64, y: f64| if y < x { y } else { x };
    let max = |x: f64, y: f64| if y > x { y } else { x };
    [
        std::array::from_fn(|k| min(min(a[k], b[k]), c[k])),
        std::array::from_fn(|k| max(max(a[k], b[k]), c[k])),
    ]
}

/// The box of the points within `radius` of the segment `p → q`, rounded outward.
pub(crate) fn swept_box<F: Endpoint>(p: Vec3<F>, q: Vec3<F>, radius: f64) -> [[f64; 3]; 2] {
    let (p, q) = (p.to_array(), q.to_array());
    let mut b = [[0.0; 3]; 2];
    for k in 0..3 {
        let (a, c) = (p[k].as_f64(), q[k].as_f64());
        let (lo, hi) = (a.min(c), a.max(c));
        b[0][k] = if radius == 0.0 {
            lo
        } else {
            (lo - radius).next_down()
        };
        b[1][k] = if radius == 0.0 {
            hi
        } else {
            (hi + radius).next_up()
        };
    }
    b
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::Rng;
    use surety_intervals::Interval;

    /// A mesh makes its faces' boxes as its tree's builder asks for them, in face order and
    /// then in slot order, instead of keeping them in an array: the tree (nodes, lanes'
    /// filled marks, item order, root box) is exactly the one `WideBvh::new` builds over
    /// the same boxes. Meshes of one face to past the small trees' leaves of two and the
    /// caches' threshold, with repeated, flat and point faces among them (corners on a
    /// coarse grid), in `f32`, `f64` and intervals (some of them wide).
    #[test]
    fn the_tree_is_the_one_built_over_the_faces_boxes() {
        fn check<S: Scalar>(tris: Vec<Triangle<S>>) -> usize {
            let boxes: Vec<Box3> = tris.iter().map(corner_box).collect();
            let mesh = TriangleMesh::from_triangles(tris).unwrap();
            assert_eq!(mesh.bvh(), &WideBvh::new(&boxes).unwrap());
            // Each slot holds the face the tree says, its box the one given.
            for (slot, &f) in mesh.bvh().items().iter().enumerate() {
                assert_eq!(mesh.triangle_box(slot), boxes[f as usize]);
            }
            boxes.len()
        }
        let mut rng = Rng(0x51ed_c0de_2026_1207);
        let mut checked = 0;
        for n in [1, 2, 3, 12, 64, 65, 1000, 20_000] {
            let corners: Vec<[[f64; 3]; 3]> = (0..n)
                .map(|_| {
                    let mut p = || [rng.int(6), rng.int(6), 0.5 * rng.int(1)];
                    [p(), p(), p()]
                })
                .collect();
            let v64 = |c: [f64; 3]| Vec3::new(c[0], c[1], c[2]);
            let v32 = |c: [f64; 3]| Vec3::new(c[0] as f32, c[1] as f32, c[2] as f32);
            let vi = |c: [f64; 3], w: f64| {
                let i = |x: f64| Interval::new(x, x + w).unwrap();
                Vec3::new(i(c[0]), i(c[1]), i(c[2]))
            };
            let t64 = corners
                .iter()
                .map(|c| Triangle::new(v64(c[0]), v64(c[1]), v64(c[2])));
            checked += check(t64.collect::<Result<Vec<_>, _>>().unwrap());
            let t32 = corners
                .iter()
                .map(|c| Triangle::new(v32(c[0]), v32(c[1]), v32(c[2])));
            checked += check(t32.collect::<Result<Vec<_>, _>>().unwrap());
            let ti = corners.iter().enumerate().map(|(k, c)| {
                let w = if k % 3 == 0 { 0.25 } else { 0.0 };
                Triangle::new(vi(c[0], w), vi(c[1], w), vi(c[2], w))
            });
            checked += check(ti.collect::<Result<Vec<_>, _>>().unwrap());
        }
        assert_eq!(checked, 3 * 21_147);
    }

    /// A mesh holds its triangles, normals and hierarchy in about 90 bytes per `f32` face,
    /// with nothing reserved and left unused (collecting the triangles through `Result` used
    /// to keep up to twice their memory: 103 bytes per face here, 110 on a 10,082-face
    /// terrain).
    #[test]
    fn a_mesh_keeps_no_unused_capacity() {
        // A soup of 3200 faces (not a power of two, where doubling overshoots most).
        let v: Vec<Vec3<f32>> = (0..9600)
            .map(|i| Vec3::new((i % 97) as f32, (i % 89) as f32, (i / 89) as f32 * 0.5))
            .collect();
        let faces: Vec<[usize; 3]> = (0..3200).map(|k| [3 * k, 3 * k + 1, 3 * k + 2]).collect();
        let mesh = TriangleMesh::new(&v, &faces).unwrap();
        let per_face = mesh.memory_bytes() as f64 / faces.len() as f64;
        assert!(per_face < 96.0, "{per_face} bytes per face");
        assert_eq!(mesh.triangles.capacity(), faces.len());
    }
}
