//! The faces of a height field: an `(n + 1) × (n + 1)` grid of vertices numbered row by row,
//! each cell cut into two triangles along the same diagonal.

/// The `2·n²` faces of the grid, indices into its vertices.
pub fn grid_faces(n: usize) -> Vec<[usize; 3]> {
    let at = |i: usize, j: usize| i * (n + 1) + j;
    let mut faces = Vec::with_capacity(2 * n * n);
    for i in 0..n {
        for j in 0..n {
            faces.push([at(i, j), at(i + 1, j), at(i + 1, j + 1)]);
            faces.push([at(i, j), at(i + 1, j + 1), at(i, j + 1)]);
        }
    }
    faces
}
