//! Face numbers are those of the order the triangles were given in, whatever order a mesh
//! keeps them in (its hierarchy's leaf order): `triangles()` lists them in that order, `near`
//! names them by it, and the face each query answers with (`cast_ray_mesh` on both scalar
//! paths, `move_particle`) is checked against the *given* triangle of that number by exact
//! rational oracles, on `f32` and `f64` meshes whose faces are listed shuffled, so that the
//! leaf order and the given one differ. (`sweep_sphere_mesh`'s face is checked the same way
//! in `mesh_queries.rs`.)

mod support;

use quickcheck::{Arbitrary, Gen};
use support::*;
use surety_intervals::arbitrary::checker;
use surety_intervals::{Interval, Policy, Vec3};
use surety_queries::{
    cast_ray_mesh, decide_cast_ray_mesh, move_particle, Ray, Triangle, TriangleMesh,
};

/// A height field of `2·n²` faces over the unit square (`n` a power of two), heights on a
/// grid of 1/64, its faces listed in a random order: every coordinate exact in `f32`, so
/// that rays through its edges and corners come up exactly, and an interval verdict that is
/// not certain is one at such a tie (the face touched), never a near miss.
fn shuffled_terrain(g: &mut Gen, n: usize) -> (Vec<Vec3<f64>>, Vec<[usize; 3]>) {
    let mut v = Vec::new();
    for i in 0..=n {
        for j in 0..=n {
            let h = (u8::arbitrary(g) % 16) as f64 / 64.0;
            v.push(Vec3::new(i as f64 / n as f64, j as f64 / n as f64, h));
        }
    }
    let mut f = grid_faces(n);
    for k in (1..f.len()).rev() {
        f.swap(k, usize::arbitrary(g) % (k + 1));
    }
    (v, f)
}

/// A point of the square on a grid of 1/32 (so on edges and corners too), at height `z`.
fn above(g: &mut Gen, z: f64) -> Vec3<f64> {
    let c = |g: &mut Gen| (u8::arbitrary(g) % 33) as f64 / 32.0;
    Vec3::new(c(g), c(g), z)
}

/// Whether a mesh's triangles, by every accessor, are the given ones in the given order.
fn in_given_order<S: surety_intervals::Scalar + PartialEq>(
    mesh: &TriangleMesh<S>,
    given: &[Triangle<S>],
) -> bool {
    let t = mesh.triangles();
    t.len() == given.len()
        && (0..given.len()).all(|i| t[i] == given[i] && t.get(i) == Some(&given[i]))
        && t.get(given.len()).is_none()
        && t.iter().eq(given.iter())
        && t.iter().rev().eq(given.iter().rev())
        && t.iter().len() == given.len()
        && t.to_vec() == given
        && t == *given
}

fn faces_keep_the_given_numbers(seed: u64) -> bool {
    let mut g = Gen::from_size_and_seed(100, seed);
    let n = 4 << (usize::arbitrary(&mut g) % 3);
    let (v, f) = shuffled_terrain(&mut g, n);
    let given: Vec<[Vec3<f64>; 3]> = f.iter().map(|t| t.map(|k| v[k])).collect();
    let v32: Vec<Vec3<f32>> = v.iter().map(|p| to_f32(*p)).collect();
    let exact = TriangleMesh::<f64>::new(&v, &f).unwrap();
    let single = TriangleMesh::<f32>::new(&v32, &f).unwrap();
    let vi: Vec<Vec3<Interval>> = v.iter().map(|p| lift(*p)).collect();
    let boxed = TriangleMesh::<Interval>::new(&vi, &f).unwrap();
    let given64: Vec<Triangle<f64>> = given
        .iter()
        .map(|&[a, b, c]| Triangle::new(a, b, c).unwrap())
        .collect();
    let given32: Vec<Triangle<f32>> = given
        .iter()
        .map(|t| {
            let [a, b, c] = t.map(to_f32);
            Triangle::new(a, b, c).unwrap()
        })
        .collect();
    if !in_given_order(&exact, &given64) || !in_given_order(&single, &given32) {
        return false;
    }
    // `near` names faces by the given order: each face's own box finds it.
    let boxes_found = given.iter().enumerate().all(|(i, t)| {
        let lo = [0, 1, 2].map(|k| t.iter().map(|p| p.to_array()[k]).fold(f64::MAX, f64::min));
        let hi = [0, 1, 2].map(|k| t.iter().map(|p| p.to_array()[k]).fold(f64::MIN, f64::max));
        exact.near(lo, hi).any(|j| j == i) && boxed.near(lo, hi).any(|j| j == i)
    });
    if !boxes_found {
        return false;
    }
    (0..6).all(|_| {
        // From above, down and across (slopes on a grid: through edges and corners too).
        let o = above(&mut g, 0.5);
        let to = above(&mut g, -0.25);
        let d = to - o;
        let names_a_hit_face =
            |face: Option<usize>| face.is_none_or(|i| ray_meets_triangle(o, d, given[i]));
        let ray = Ray::<f64>::new(o, d).unwrap();
        let decided = decide_cast_ray_mesh(&exact, &ray, f64::INFINITY, Policy::Exact).unwrap();
        let ray32 = Ray::<f32>::new(to_f32(o), to_f32(d)).unwrap();
        let decided32 =
            decide_cast_ray_mesh(&single, &ray32, f64::INFINITY, Policy::Exact).unwrap();
        let given_f32: Vec<[Vec3<f64>; 3]> = given32
            .iter()
            .map(|t| {
                t.corners()
                    .map(|c| Vec3::new(c.x as f64, c.y as f64, c.z as f64))
            })
            .collect();
        let ray_i = Ray::<Interval>::new(lift(o), lift(d)).unwrap();
        let generic = cast_ray_mesh(&boxed, &ray_i, f64::INFINITY).unwrap();
        // The particle from above to below the whole terrain is blocked by some face.
        let moved = move_particle(&boxed, o, to, 1e-9).unwrap();
        decided.hit.is_true()
            && decided.face.is_some()
            && names_a_hit_face(decided.face)
            && names_a_hit_face(generic.face)
            && decided32.face.is_some_and(|i| {
                let o32 = Vec3::new(
                    ray32.origin().x as f64,
                    ray32.origin().y as f64,
                    ray32.origin().z as f64,
                );
                let d32 = Vec3::new(
                    ray32.direction().x as f64,
                    ray32.direction().y as f64,
                    ray32.direction().z as f64,
                );
                ray_meets_triangle(o32, d32, given_f32[i])
            })
            && moved
                .triangle
                .is_some_and(|i| segment_meets_triangle(o, to, given[i]))
    })
}

#[test]
fn queries_name_faces_by_the_order_given() {
    checker().quickcheck(faces_keep_the_given_numbers as fn(u64) -> bool);
}
