//! `TriangleMesh::refit`: faces that move under a hierarchy that keeps its shape. A refitted
//! mesh must answer every query as a mesh built anew from the same faces does (both exact
//! under `Policy::Exact`, whatever the tree's shape), its tree must be the old tree refitted
//! over the new faces' boxes, and bad input must leave it as it was.

use surety_intervals::{Interval, Policy, Scalar, Vec3, Verdict};
use surety_queries::bvh::Box3;
use surety_queries::{
    decide_cast_ray_mesh, decide_overlap_sphere_mesh, decide_point_in_mesh,
    decide_sweep_sphere_mesh, overlap_sphere_mesh, point_in_mesh, sweep_sphere_mesh, Problem, Ray,
    Sphere, Triangle, TriangleMesh,
};

/// Marsaglia's xorshift64.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A multiple of 1/8 in `[-k, k]`: ties (points on faces, rays through edges) are common.
    fn grid(&mut self, k: u64) -> f64 {
        (self.next() % (16 * k + 1)) as f64 / 8.0 - k as f64
    }
}

/// A closed surface: a `n` × `n` grid of quads bent over a box, as two height fields (top
/// and bottom) stitched along the rim; the vertices of the top at `z = 1 + h`, of the
/// bottom at `z = -1 - h`, `h` given per grid point.
fn pillow(n: usize, top: &[f64], bottom: &[f64]) -> (Vec<Vec3<f64>>, Vec<[usize; 3]>) {
    let at = |i: usize, j: usize| i * (n + 1) + j;
    let rim = |i: usize, j: usize| i == 0 || j == 0 || i == n || j == n;
    let mut v = Vec::new();
    for (side, h) in [(1.0, top), (-1.0, bottom)] {
        for i in 0..=n {
            for j in 0..=n {
                let lift = if rim(i, j) { 0.0 } else { h[at(i, j)] };
                v.push(Vec3::new(i as f64, j as f64, side * (1.0 + lift)));
            }
        }
    }
    let below = (n + 1) * (n + 1);
    // The rim's bottom vertices are the top's: one closed surface.
    let b = |i: usize, j: usize| {
        if rim(i, j) {
            at(i, j)
        } else {
            below + at(i, j)
        }
    };
    let mut f = Vec::new();
    for i in 0..n {
        for j in 0..n {
            let (p, q, r, s) = (at(i, j), at(i + 1, j), at(i + 1, j + 1), at(i, j + 1));
            f.extend([[p, q, r], [p, r, s]]);
            let (p, q, r, s) = (b(i, j), b(i + 1, j), b(i + 1, j + 1), b(i, j + 1));
            f.extend([[p, r, q], [p, s, r]]);
        }
    }
    (v, f)
}

fn heights(rng: &mut Rng, n: usize, k: u64) -> Vec<f64> {
    (0..(n + 1) * (n + 1)).map(|_| rng.grid(k).abs()).collect()
}

fn corner_box(t: &Triangle<f64>) -> Box3 {
    let c = t.corners().map(|v| v.to_array());
    [
        std::array::from_fn(|k| c[0][k].min(c[1][k]).min(c[2][k])),
        std::array::from_fn(|k| c[0][k].max(c[1][k]).max(c[2][k])),
    ]
}

/// Casts, balls, sweeps and points on `refitted` and on `fresh` (the same faces), both exact: the
/// same verdicts. Returns how many queries were certain.
/// Points, radii and motions are drawn on a grid of unit scale and multiplied by `scale` (a
/// power of two, so exactly).
fn same_answers(
    refitted: &TriangleMesh<f64>,
    fresh: &TriangleMesh<f64>,
    rng: &mut Rng,
    scale: f64,
) -> usize {
    let mut certain = 0;
    for _ in 0..300 {
        let p = Vec3::new(rng.grid(10), rng.grid(10), rng.grid(4)) * scale;
        let d = Vec3::new(rng.grid(2), rng.grid(2), rng.grid(2));
        if let Ok(ray) = Ray::new(p, d) {
            let a = decide_cast_ray_mesh(refitted, &ray, 4.0, Policy::Exact).unwrap();
            let b = decide_cast_ray_mesh(fresh, &ray, 4.0, Policy::Exact).unwrap();
            assert_eq!(a.hit, b.hit, "cast {p:?} {d:?}");
            // The first contact is one number: the two enclosures share it.
            let ((a0, a1), (b0, b1)) = (a.t.bounds(), b.t.bounds());
            if a.hit == Verdict::True {
                assert!(a0 <= b1 && b0 <= a1, "{a:?} {b:?}");
            }
            certain += usize::from(a.hit.certain().is_some());
        }
        let ball = Sphere::new(p, rng.grid(1).abs() * scale).unwrap();
        let a = decide_overlap_sphere_mesh(&ball, refitted, Policy::Exact);
        assert_eq!(a, decide_overlap_sphere_mesh(&ball, fresh, Policy::Exact));
        // Sweeps read the faces' normals, which a refit makes again.
        let motion = Vec3::new(rng.grid(4), rng.grid(4), rng.grid(4)) * scale;
        let a = decide_sweep_sphere_mesh(&ball, motion, refitted, Policy::Exact);
        let b = decide_sweep_sphere_mesh(&ball, motion, fresh, Policy::Exact);
        assert_eq!(a.hit, b.hit, "sweep {ball:?} {motion:?}");
        let ((a0, a1), (b0, b1)) = (a.time.bounds(), b.time.bounds());
        assert!(a0 <= b1 && b0 <= a1, "{a:?} {b:?}");
        certain += usize::from(a.hit.certain().is_some());
        let a = decide_point_in_mesh(refitted, p, Policy::Exact);
        assert_eq!(
            a,
            decide_point_in_mesh(fresh, p, Policy::Exact),
            "point {p:?}"
        );
        certain += usize::from(a.certain().is_some());
    }
    certain
}

/// A pillow bent into other shapes, again and again (small moves, large ones, every vertex
/// flattened onto the rim's plane and back): each refit answers as a new mesh, keeps the
/// tree's shape with boxes that are the old tree's refitted, and finds anew whether the
/// faces bound a solid.
#[test]
fn a_refitted_mesh_answers_as_one_built_anew() {
    let mut rng = Rng(0x2026_1207_5eed_0041);
    let n = 9;
    let (v, f) = pillow(n, &heights(&mut rng, n, 2), &heights(&mut rng, n, 2));
    let mut mesh = TriangleMesh::<f64>::new(&v, &f).unwrap();
    let built = mesh.bvh().clone();
    let mut certain = 0;
    for round in 0..6 {
        let k = [1, 4, 0, 2, 8, 1][round];
        let (v, f) = pillow(n, &heights(&mut rng, n, k), &heights(&mut rng, n, k));
        mesh.refit(&v, &f).unwrap();
        let fresh = TriangleMesh::<f64>::new(&v, &f).unwrap();
        for (a, b) in mesh.triangles().iter().zip(fresh.triangles().iter()) {
            assert_eq!(a.corners(), b.corners());
        }
        let boxes: Vec<Box3> = fresh.triangles().iter().map(corner_box).collect();
        let mut expected = built.clone();
        expected.refit(&boxes).unwrap();
        assert_eq!(mesh.bvh(), &expected);
        assert!(mesh.bounds_a_solid() && fresh.bounds_a_solid());
        certain += same_answers(&mesh, &fresh, &mut rng, 1.0);
    }
    assert!(certain > 2000, "{certain} certain answers");

    // A crack: one bottom face's corner moved a hair, no longer shared. The mesh forgets
    // that it bounded a solid, and its point queries off the surface say `Maybe`.
    let mut tris: Vec<Triangle<f64>> = mesh.triangles().iter().copied().collect();
    let [a, b, c] = tris[3].corners();
    tris[3] = Triangle::new(a, b, c + Vec3::new(0.0, 0.0, -1e-9)).unwrap();
    mesh.refit_triangles(&tris).unwrap();
    assert!(!mesh.bounds_a_solid());
    let inside = Vec3::new(0.5 * n as f64, 0.5 * n as f64, 0.0);
    assert_eq!(
        decide_point_in_mesh(&mesh, inside, Policy::Exact),
        Verdict::Maybe
    );
    let fresh = TriangleMesh::from_triangles(tris).unwrap();
    same_answers(&mesh, &fresh, &mut rng, 1.0);
}

/// Refits into degenerate and extreme shapes: vertices collapsed onto their neighbours
/// (zero-length edges, faces of no area, collinear corners), the whole mesh flattened into
/// one plane, and scaled by `2^200`, `2^-200` and `2^900` (where squared lengths, the
/// normals' among them, overflow `f64`). The `decide_` queries answer as on a mesh
/// built anew, the tree is the old one refitted, the solid flag is the new mesh's, and the
/// interval mesh's certain answers (balls, sweeps, points) are the exact ones, its sweeps' times
/// finite, and most of its answers certain.
#[test]
fn degenerate_and_extreme_refits_answer_as_new_meshes() {
    let mut rng = Rng(0xde9e_2026_1207_0041);
    let n = 6;
    let (v, f) = pillow(n, &heights(&mut rng, n, 1), &heights(&mut rng, n, 1));
    let toi = |v: &[Vec3<f64>]| -> Vec<Vec3<Interval<f64>>> {
        v.iter().map(|p| p.map(Interval::from)).collect()
    };
    let mut mesh = TriangleMesh::<f64>::new(&v, &f).unwrap();
    let mut mi = TriangleMesh::<Interval<f64>>::new(&toi(&v), &f).unwrap();
    let built = mesh.bvh().clone();
    let (big, small, enormous) = (2f64.powi(200), 2f64.powi(-200), 2f64.powi(900));
    type Shape<'a> = Box<dyn Fn(usize, Vec3<f64>) -> Vec3<f64> + 'a>;
    let shapes: [(&str, Shape, f64); 5] = [
        // Every other vertex onto the next one along x (the last row stays).
        (
            "collapsed",
            Box::new(|i, p| {
                if i % 2 == 0 && p.x < n as f64 {
                    p + Vec3::new(1.0, 0.0, 0.0)
                } else {
                    p
                }
            }),
            1.0,
        ),
        ("flat", Box::new(|_, p| Vec3::new(p.x, p.y, 0.0)), 1.0),
        ("huge", Box::new(move |_, p| p * big), big),
        ("tiny", Box::new(move |_, p| p * small), small),
        ("enormous", Box::new(move |_, p| p * enormous), enormous),
    ];
    let mut certain = 0;
    for (name, shape, scale) in &shapes {
        let moved: Vec<Vec3<f64>> = v.iter().enumerate().map(|(i, &p)| shape(i, p)).collect();
        mesh.refit(&moved, &f).unwrap();
        mi.refit(&toi(&moved), &f).unwrap();
        let fresh = TriangleMesh::<f64>::new(&moved, &f).unwrap();
        let boxes: Vec<Box3> = fresh.triangles().iter().map(corner_box).collect();
        let mut expected = built.clone();
        expected.refit(&boxes).unwrap();
        assert_eq!(mesh.bvh(), &expected, "{name}");
        assert_eq!(mesh.bounds_a_solid(), fresh.bounds_a_solid(), "{name}");
        certain += same_answers(&mesh, &fresh, &mut rng, *scale);
        let mut interval_certain = 0;
        for _ in 0..200 {
            let p = Vec3::new(rng.grid(8), rng.grid(8), rng.grid(4)) * *scale;
            let r = rng.grid(1).abs() * scale;
            let ball = Sphere::new(p.map(Interval::from), Interval::from(r)).unwrap();
            let exact =
                decide_overlap_sphere_mesh(&Sphere::new(p, r).unwrap(), &fresh, Policy::Exact);
            let got = overlap_sphere_mesh(&ball, &mi);
            if got.certain().is_some() {
                assert_eq!(got, exact, "{name}: ball {p:?} {r}");
                interval_certain += 1;
            }
            // The sweep reads the normals, whose squared lengths overflow at `2^900`.
            let motion = Vec3::new(rng.grid(4), rng.grid(4), rng.grid(4)) * *scale;
            let got = sweep_sphere_mesh(&ball, motion.map(Interval::from), &mi);
            let exact = decide_sweep_sphere_mesh(
                &Sphere::new(p, r).unwrap(),
                motion,
                &fresh,
                Policy::Exact,
            );
            let (lo, hi) = got.time.bounds();
            assert!(lo.is_finite() && hi.is_finite(), "{name}: sweep {got:?}");
            if got.hit.certain().is_some() {
                assert_eq!(got.hit, exact.hit, "{name}: sweep {p:?} {r} {motion:?}");
                interval_certain += 1;
            }
            let got = point_in_mesh(&mi, p.map(Interval::from));
            if got.certain().is_some() {
                interval_certain += 1;
                assert_eq!(
                    got,
                    decide_point_in_mesh(&fresh, p, Policy::Exact),
                    "{name}: point {p:?}"
                );
            }
        }
        assert!(
            interval_certain > 400,
            "{name}: {interval_certain} of 600 certain"
        );
    }
    assert!(certain > 1000, "{certain} certain answers");
}

/// The other scalars: an `f32` mesh and an interval mesh refitted answer as new ones.
#[test]
fn f32_and_interval_meshes_refit_too() {
    let mut rng = Rng(0x0dd_ba11_2026);
    let n = 6;
    let (v, f) = pillow(n, &heights(&mut rng, n, 1), &heights(&mut rng, n, 1));
    let to32 = |v: &[Vec3<f64>]| -> Vec<Vec3<f32>> {
        v.iter()
            .map(|p| Vec3::new(p.x as f32, p.y as f32, p.z as f32))
            .collect()
    };
    let toi = |v: &[Vec3<f64>]| -> Vec<Vec3<Interval<f64>>> {
        v.iter().map(|p| p.map(Interval::from)).collect()
    };
    let mut m32 = TriangleMesh::<f32>::new(&to32(&v), &f).unwrap();
    let mut mi = TriangleMesh::<Interval<f64>>::new(&toi(&v), &f).unwrap();
    let mut swept = 0;
    for k in [3, 0, 1] {
        let (v, f) = pillow(n, &heights(&mut rng, n, k), &heights(&mut rng, n, k));
        m32.refit(&to32(&v), &f).unwrap();
        mi.refit(&toi(&v), &f).unwrap();
        let (n32, ni) = (
            TriangleMesh::<f32>::new(&to32(&v), &f).unwrap(),
            TriangleMesh::<Interval<f64>>::new(&toi(&v), &f).unwrap(),
        );
        for _ in 0..200 {
            let p = Vec3::new(rng.grid(8), rng.grid(8), rng.grid(4));
            let r = rng.grid(1).abs();
            let p32 = Vec3::new(p.x as f32, p.y as f32, p.z as f32);
            let b32 = Sphere::new(p32, r as f32).unwrap();
            assert_eq!(
                decide_overlap_sphere_mesh(&b32, &m32, Policy::Exact),
                decide_overlap_sphere_mesh(&b32, &n32, Policy::Exact)
            );
            assert_eq!(
                decide_point_in_mesh(&m32, p32, Policy::Exact),
                decide_point_in_mesh(&n32, p32, Policy::Exact)
            );
            // The interval path: both certain answers are the exact one, so where both are
            // certain they agree, and each agrees with the float mesh's exact answer.
            let bi = Sphere::new(p.map(Interval::from), Interval::from(r)).unwrap();
            let exact = decide_overlap_sphere_mesh(
                &Sphere::new(p, r).unwrap(),
                &TriangleMesh::<f64>::new(&v, &f).unwrap(),
                Policy::Exact,
            );
            for got in [overlap_sphere_mesh(&bi, &mi), overlap_sphere_mesh(&bi, &ni)] {
                if got.certain().is_some() {
                    assert_eq!(got, exact, "ball {p:?} {r}");
                }
            }
            // Sweeps on intervals read the faces' normals, which a refit makes again.
            let motion = Vec3::new(rng.grid(4), rng.grid(4), rng.grid(4));
            let exact = decide_sweep_sphere_mesh(
                &Sphere::new(p, r).unwrap(),
                motion,
                &TriangleMesh::<f64>::new(&v, &f).unwrap(),
                Policy::Exact,
            )
            .hit;
            let mi_ = motion.map(Interval::from);
            for got in [
                sweep_sphere_mesh(&bi, mi_, &mi),
                sweep_sphere_mesh(&bi, mi_, &ni),
            ] {
                if got.hit.certain().is_some() {
                    assert_eq!(got.hit, exact, "sweep {p:?} {r} {motion:?}");
                }
                swept += usize::from(got.hit.certain().is_some());
            }
        }
    }
    assert!(swept > 600, "{swept} certain sweeps on intervals");
}

/// Bad input is refused and leaves the mesh as it was: another number of faces, an index
/// past the vertices, a coordinate that is not finite.
#[test]
fn a_refused_refit_changes_nothing() {
    let mut rng = Rng(0xbad_1dea_2026);
    let n = 4;
    let (v, f) = pillow(n, &heights(&mut rng, n, 1), &heights(&mut rng, n, 1));
    let mut mesh = TriangleMesh::<f64>::new(&v, &f).unwrap();
    let before = mesh.clone();
    let unchanged = |m: &TriangleMesh<f64>| {
        assert_eq!(m.bvh(), before.bvh());
        for (a, b) in m.triangles().iter().zip(before.triangles().iter()) {
            assert_eq!(a.corners(), b.corners());
        }
    };
    let err = mesh.refit(&v, &f[1..]).unwrap_err();
    assert_eq!((err.field, err.problem), ("indices", Problem::Length));
    assert_eq!(
        (err.value, err.limit),
        ((f.len() - 1) as f64, f.len() as f64)
    );
    assert_eq!(
        err.to_string(),
        format!(
            "mesh indices has {} items, expected {}",
            f.len() - 1,
            f.len()
        )
    );
    unchanged(&mesh);
    let mut far = f.clone();
    far[7][1] = v.len();
    let err = mesh.refit(&v, &far).unwrap_err();
    assert_eq!((err.field, err.problem), ("indices", Problem::OutOfRange));
    unchanged(&mesh);
    let mut nan = v.clone();
    nan[f[9][2]].y = f64::NAN;
    let err = mesh.refit(&nan, &f).unwrap_err();
    assert_eq!((err.field, err.problem), ("c.y", Problem::NotFinite));
    unchanged(&mesh);
    let tris: Vec<Triangle<f64>> = mesh.triangles().iter().copied().collect();
    let err = mesh.refit_triangles(&tris[..3]).unwrap_err();
    assert_eq!((err.field, err.problem), ("triangles", Problem::Length));
    unchanged(&mesh);
    // And the same input again is a refit to where it was: the same tree.
    mesh.refit(&v, &f).unwrap();
    unchanged(&mesh);
}
