//! The broad phase of mesh CCD: the vertex–face and edge–edge pairs whose swept boxes meet.
//!
//! # Why no pair is lost
//! A point moving linearly from `p0` to `p1` stays on the segment between them, so for
//! `t` in `[0, 1]` it lies in the box of `p0` and `p1`, whose bounds are the exact minimum and
//! maximum of the coordinates (no rounding). A primitive (edge, face) is the convex hull of
//! its vertices, so it lies in the union of their boxes at every time. Two primitives whose
//! boxes are apart by more than `d` on some axis are more than `d` apart at every time. The
//! query box is widened by `d` with outward rounding (its lower bounds rounded down, upper
//! bounds up), and the hierarchy prunes only boxes that certainly miss it
//! ([`Bvh`] compares doubles, which is exact): every pair that can come within `d` is kept.

use super::parallel;
use super::CcdMesh;
use crate::bvh::{meets, union, widen, Box3, Bvh};
use crate::ShapeError;

/// Two primitives of a [`CcdMesh`] that CCD tests against each other: a vertex and a face,
/// or two edges (indices into [`CcdMesh::faces`] and [`CcdMesh::edges`]).
///
/// # Example
/// ```
/// use surety_queries::ccd::Pair;
///
/// let p = Pair::VertexFace { vertex: 3, face: 0 };
/// assert_ne!(p, Pair::EdgeEdge { a: 3, b: 0 });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pair {
    /// A vertex and a face it is not a corner of.
    VertexFace {
        /// The vertex's index.
        vertex: u32,
        /// The face's index in [`CcdMesh::faces`].
        face: u32,
    },
    /// Two edges with no vertex in common (`a < b`, indices in [`CcdMesh::edges`]).
    EdgeEdge {
        /// The first edge's index.
        a: u32,
        /// The second edge's index.
        b: u32,
    },
}

impl Pair {
    /// The pair's four vertices: `[vertex, corner 0, corner 1, corner 2]` or
    /// `[a0, a1, b0, b1]`, the order of [`vertex_face_ccd`](super::vertex_face_ccd) and
    /// [`edge_edge_ccd`](super::edge_edge_ccd).
    pub(super) fn vertices(self, mesh: &CcdMesh) -> [u32; 4] {
        match self {
            Pair::VertexFace { vertex, face } => {
                let [a, b, c] = mesh.faces()[face as usize];
                [vertex, a, b, c]
            }
            Pair::EdgeEdge { a, b } => {
                let ([a0, a1], [b0, b1]) = (mesh.edges()[a as usize], mesh.edges()[b as usize]);
                [a0, a1, b0, b1]
            }
        }
    }
}

/// The box holding a point's positions over `[0, 1]`.
fn swept(p0: [f64; 3], p1: [f64; 3]) -> Box3 {
    [
        core::array::from_fn(|k| p0[k].min(p1[k])),
        core::array::from_fn(|k| p0[k].max(p1[k])),
    ]
}

/// Every vertex–face pair (the vertex not a corner of the face) and edge–edge pair (no vertex
/// in common) whose swept boxes over `[0, 1]` come within `d` of each other, vertex–face
/// pairs first, each list in the order of its first index.
pub(super) fn candidates(
    mesh: &CcdMesh,
    x0: &[[f64; 3]],
    x1: &[[f64; 3]],
    d: f64,
) -> Result<Vec<Pair>, ShapeError> {
    let vertex: Vec<Box3> = x0.iter().zip(x1).map(|(&p, &q)| swept(p, q)).collect();
    let edge_boxes: Vec<Box3> = mesh
        .edges()
        .iter()
        .map(|&[a, b]| union(vertex[a as usize], vertex[b as usize]))
        .collect();
    let face_boxes: Vec<Box3> = mesh
        .faces()
        .iter()
        .map(|&[a, b, c]| {
            union(
                union(vertex[a as usize], vertex[b as usize]),
                vertex[c as usize],
            )
        })
        .collect();
    let (faces, edges) = parallel::join(
        || Bvh::new_linear_on(&face_boxes, parallel::shared()),
        || Bvh::new_linear_on(&edge_boxes, parallel::shared()),
    );
    let (faces, edges) = (faces?, edges?);
    let (face_boxes, edge_boxes) = (&face_boxes, &edge_boxes);
    let vertices: Vec<u32> = (0..vertex.len() as u32).collect();
    // The hierarchy yields every item of each leaf it reaches: each item's own box decides.
    let mut pairs = parallel::flat_map(&vertices, |&v, out| {
        let q = widen(vertex[v as usize], d);
        out.extend(
            faces
                .overlapping(q)
                .filter(|&f| meets(&q, &face_boxes[f]) && !mesh.faces()[f].contains(&v))
                .map(|f| Pair::VertexFace {
                    vertex: v,
                    face: f as u32,
                }),
        );
    });
    // Edge pairs from the edges' tree walked against itself: each pair of leaves once.
    let tasks = edges.pair_tasks(d, 1024);
    pairs.extend(parallel::flat_map(&tasks, |&task, out| {
        edges.walk_pairs(task, d, |left, right| {
            let same = core::ptr::eq(left, right);
            for (k, &a) in left.iter().enumerate() {
                let others = if same { &right[k + 1..] } else { right };
                let qa = widen(edge_boxes[a as usize], d);
                let [a0, a1] = mesh.edges()[a as usize];
                for &b in others {
                    let [b0, b1] = mesh.edges()[b as usize];
                    if a0 != b0
                        && a0 != b1
                        && a1 != b0
                        && a1 != b1
                        && meets(&qa, &edge_boxes[b as usize])
                    {
                        out.push(Pair::EdgeEdge {
                            a: a.min(b),
                            b: a.max(b),
                        });
                    }
                }
            }
        });
    }));
    Ok(pairs)
}

/// Whether the pair's primitives can come within `d` of each other by time `t`: false only
/// when their boxes over `[0, t]`, widened by `d`, are certainly apart, in the world or in
/// the frame that moves with the second primitive's first vertex.
///
/// The second test is what prunes pieces that move together (a cloth's neighbouring
/// triangles falling as one): seen from a vertex that moves with them, each point moves by
/// the difference of two linear motions, which is linear too, so its positions over `[0, t]`
/// still lie in the box of its two ends; distances do not change with the frame.
///
/// Both are computed in plain floats, then widened by a bound on their rounding: a
/// coordinate is at most six roundings of sums of the pair's coordinates, each below `6m`
/// in magnitude (`m` the largest), so its error is below `24u·m` (`u = 2^-53`) plus `2^-1075`
/// for a product with `t` that underflows; the two boxes compared each have such errors,
/// so the widening is `d + 64u·m + 2^-1022`, rounded up. Coordinates of `2^1019` or more
/// (whose sums could overflow) skip both tests.
pub(super) fn reachable(
    pair: Pair,
    mesh: &CcdMesh,
    x0: &[[f64; 3]],
    x1: &[[f64; 3]],
    t: f64,
    d: f64,
) -> bool {
    let v = pair.vertices(mesh).map(|i| i as usize);
    let m = v
        .iter()
        .flat_map(|&i| x0[i].iter().chain(&x1[i]))
        .fold(0.0f64, |m, c| m.max(c.abs()));
    if m >= 2f64.powi(1019) {
        return true;
    }
    let slack = ((d + 32.0 * f64::EPSILON * m).next_up() + f64::MIN_POSITIVE).next_up();
    let split = |b: [Box3; 4]| match pair {
        Pair::VertexFace { .. } => (b[0], union(union(b[1], b[2]), b[3])),
        Pair::EdgeEdge { .. } => (union(b[0], b[1]), union(b[2], b[3])),
    };
    let (first, second) = split(v.map(|i| {
        let end = core::array::from_fn(|k| x0[i][k] + t * (x1[i][k] - x0[i][k]));
        swept(x0[i], end)
    }));
    if !meets(&widen(first, slack), &second) {
        return false;
    }
    let r = match pair {
        Pair::VertexFace { .. } => v[1],
        Pair::EdgeEdge { .. } => v[2],
    };
    let (first, second) = split(v.map(|i| {
        let start: [f64; 3] = core::array::from_fn(|k| x0[i][k] - x0[r][k]);
        let end = core::array::from_fn(|k| {
            start[k] + t * ((x1[i][k] - x0[i][k]) - (x1[r][k] - x0[r][k]))
        });
        swept(start, end)
    }));
    meets(&widen(first, slack), &second)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_widened_box_holds_every_point_within_the_distance() {
        // 0.1 is not a double: the widened bounds must still hold 1 ± 0.1 exactly.
        let b = widen([[1.0; 3], [1.0; 3]], 0.1);
        assert!(b[0][0] < 0.9 && b[1][0] > 1.1);
        assert_eq!(widen([[1.0; 3], [2.0; 3]], 0.0), [[1.0; 3], [2.0; 3]]);
    }
}
