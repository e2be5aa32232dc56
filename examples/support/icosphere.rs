//! The unit icosphere: an icosahedron whose faces are split in four `level` times, each new
//! vertex pushed out to the sphere (rounded to doubles; faces wind outward).

use surety::Vec3;

/// Vertices and faces of the icosphere of `20 · 4^level` faces.
pub fn icosphere(level: u32) -> (Vec<Vec3<f64>>, Vec<[usize; 3]>) {
    let t = (1.0 + 5f64.sqrt()) / 2.0;
    let mut v: Vec<Vec3<f64>> = [
        (-1.0, t, 0.0),
        (1.0, t, 0.0),
        (-1.0, -t, 0.0),
        (1.0, -t, 0.0),
        (0.0, -1.0, t),
        (0.0, 1.0, t),
        (0.0, -1.0, -t),
        (0.0, 1.0, -t),
        (t, 0.0, -1.0),
        (t, 0.0, 1.0),
        (-t, 0.0, -1.0),
        (-t, 0.0, 1.0),
    ]
    .iter()
    .map(|&(x, y, z)| Vec3::new(x, y, z) * (1.0 / Vec3::new(x, y, z).length()))
    .collect();
    let mut f: Vec<[usize; 3]> = vec![
        [0, 11, 5],
        [0, 5, 1],
        [0, 1, 7],
        [0, 7, 10],
        [0, 10, 11],
        [1, 5, 9],
        [5, 11, 4],
        [11, 10, 2],
        [10, 7, 6],
        [7, 1, 8],
        [3, 9, 4],
        [3, 4, 2],
        [3, 2, 6],
        [3, 6, 8],
        [3, 8, 9],
        [4, 9, 5],
        [2, 4, 11],
        [6, 2, 10],
        [8, 6, 7],
        [9, 8, 1],
    ];
    for _ in 0..level {
        let mut next = Vec::with_capacity(4 * f.len());
        let mut mid = std::collections::HashMap::new();
        let mut midpoint = |a: usize, b: usize, v: &mut Vec<Vec3<f64>>| {
            *mid.entry((a.min(b), a.max(b))).or_insert_with(|| {
                let m = v[a] + v[b];
                v.push(m * (1.0 / m.length()));
                v.len() - 1
            })
        };
        for [a, b, c] in f {
            let (ab, bc, ca) = (
                midpoint(a, b, &mut v),
                midpoint(b, c, &mut v),
                midpoint(c, a, &mut v),
            );
            next.extend([[a, ab, ca], [b, bc, ab], [c, ca, bc], [ab, bc, ca]]);
        }
        f = next;
    }
    (v, f)
}
