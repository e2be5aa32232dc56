//! The topology of a mesh whose vertices move: which vertices form its edges and faces.

use crate::{Problem, ShapeError};

/// The topology of a moving mesh for [`collision_free_step`](super::collision_free_step):
/// a vertex count, edges and triangular faces, as vertex indices. Positions are not part of
/// it: each step passes the vertices' positions at its start and at its end, so one
/// `CcdMesh` serves every frame of a simulation.
///
/// Validated when built: every index is below the vertex count, no face lists a vertex twice
/// and no edge joins a vertex to itself. Vertices in no face or edge are allowed (a particle
/// is a vertex; it is tested against every face).
///
/// # Example
/// ```
/// use surety_queries::ccd::CcdMesh;
/// use surety_queries::Problem;
///
/// // A tetrahedron: four faces, six edges derived from them.
/// let tet = CcdMesh::new(4, &[[0, 1, 2], [0, 3, 1], [1, 3, 2], [2, 3, 0]])?;
/// assert_eq!((tet.vertex_count(), tet.edges().len(), tet.faces().len()), (4, 6, 4));
///
/// let err = CcdMesh::new(4, &[[0, 1, 1]]).unwrap_err();
/// assert_eq!(err.problem, Problem::Repeated);
/// assert_eq!(err.to_string(), "ccd mesh faces repeats vertex 1");
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CcdMesh {
    vertex_count: usize,
    edges: Vec<[u32; 2]>,
    faces: Vec<[u32; 3]>,
}

impl CcdMesh {
    /// A mesh from its faces; its edges are the faces' sides, each once (lower index first,
    /// sorted).
    ///
    /// # Errors
    /// A [`ShapeError`] for an index at or beyond `vertex_count` ([`Problem::OutOfRange`]),
    /// a face with a vertex twice ([`Problem::Repeated`]), or 2^32 - 1 vertices or faces or
    /// more.
    ///
    /// # Example
    /// ```
    /// use surety_queries::ccd::CcdMesh;
    ///
    /// let quad = CcdMesh::new(4, &[[0, 1, 2], [0, 2, 3]])?;
    /// assert_eq!(quad.edges(), &[[0, 1], [0, 2], [0, 3], [1, 2], [2, 3]]);
    /// assert_eq!(
    ///     CcdMesh::new(3, &[[0, 1, 3]]).unwrap_err().to_string(),
    ///     "ccd mesh faces is 3, must be in [0, vertex count), vertex count 3"
    /// );
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    pub fn new(vertex_count: usize, faces: &[[u32; 3]]) -> Result<Self, ShapeError> {
        check_count("vertex_count", vertex_count)?;
        check_count("faces", faces.len())?;
        check_indices(vertex_count, "faces", faces)?;
        let mut edges: Vec<[u32; 2]> = faces
            .iter()
            .flat_map(|&[a, b, c]| [[a, b], [b, c], [c, a]])
            .map(|[p, q]| [p.min(q), p.max(q)])
            .collect();
        edges.sort_unstable();
        edges.dedup();
        check_count("edges", edges.len())?;
        Ok(Self {
            vertex_count,
            edges,
            faces: faces.to_vec(),
        })
    }

    /// A mesh with its edges given (for example a cloth's edges plus free strands, or edges
    /// in an order of your own), kept as given.
    ///
    /// # Errors
    /// As [`CcdMesh::new`], for the edges too.
    ///
    /// # Example
    /// ```
    /// use surety_queries::ccd::CcdMesh;
    ///
    /// // Two strands of hair: edges, no faces.
    /// let hair = CcdMesh::with_edges(4, &[[0, 1], [2, 3]], &[])?;
    /// assert_eq!(hair.edges().len(), 2);
    /// assert!(CcdMesh::with_edges(2, &[[1, 1]], &[]).is_err());
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    pub fn with_edges(
        vertex_count: usize,
        edges: &[[u32; 2]],
        faces: &[[u32; 3]],
    ) -> Result<Self, ShapeError> {
        check_count("vertex_count", vertex_count)?;
        check_count("edges", edges.len())?;
        check_count("faces", faces.len())?;
        check_indices(vertex_count, "edges", edges)?;
        check_indices(vertex_count, "faces", faces)?;
        Ok(Self {
            vertex_count,
            edges: edges.to_vec(),
            faces: faces.to_vec(),
        })
    }

    /// The number of vertices.
    ///
    /// # Example
    /// ```
    /// use surety_queries::ccd::CcdMesh;
    /// assert_eq!(CcdMesh::new(5, &[])?.vertex_count(), 5);
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    pub fn vertex_count(&self) -> usize {
        self.vertex_count
    }

    /// The number of primitives: vertices, edges and faces together.
    pub(super) fn size(&self) -> usize {
        self.vertex_count
            .saturating_add(self.edges.len())
            .saturating_add(self.faces.len())
    }

    /// The edges, as pairs of vertex indices.
    ///
    /// # Example
    /// ```
    /// use surety_queries::ccd::CcdMesh;
    /// assert_eq!(CcdMesh::new(3, &[[0, 1, 2]])?.edges(), &[[0, 1], [0, 2], [1, 2]]);
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    pub fn edges(&self) -> &[[u32; 2]] {
        &self.edges
    }

    /// The faces, as triples of vertex indices.
    ///
    /// # Example
    /// ```
    /// use surety_queries::ccd::CcdMesh;
    /// assert_eq!(CcdMesh::new(3, &[[0, 1, 2]])?.faces(), &[[0, 1, 2]]);
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    pub fn faces(&self) -> &[[u32; 3]] {
        &self.faces
    }
}

/// Indices are `u32`: at most 2^32 - 1 items of each kind.
fn check_count(field: &'static str, count: usize) -> Result<(), ShapeError> {
    if count >= u32::MAX as usize {
        return Err(ShapeError {
            shape: "ccd mesh",
            field,
            problem: Problem::OutOfRange,
            value: count as f64,
            limit: f64::NAN,
            expected: "[0, 2^32 - 1)",
        });
    }
    Ok(())
}

fn check_indices<const N: usize>(
    vertex_count: usize,
    field: &'static str,
    items: &[[u32; N]],
) -> Result<(), ShapeError> {
    for item in items {
        for (k, &i) in item.iter().enumerate() {
            if i as usize >= vertex_count {
                return Err(ShapeError {
                    shape: "ccd mesh",
                    field,
                    problem: Problem::OutOfRange,
                    value: f64::from(i),
                    limit: vertex_count as f64,
                    expected: "[0, vertex count)",
                });
            }
            if item[..k].contains(&i) {
                return Err(ShapeError {
                    shape: "ccd mesh",
                    field,
                    problem: Problem::Repeated,
                    value: f64::from(i),
                    limit: f64::NAN,
                    expected: "",
                });
            }
        }
    }
    Ok(())
}
