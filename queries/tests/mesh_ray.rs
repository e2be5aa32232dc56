//! Rays against whole meshes, through the hierarchy: every certain verdict is the exact one,
//! `Policy::Exact` always decides, the face reported is certainly met, and the enclosure holds
//! the exact first contact. Checked against an exact rational oracle (feasibility per face and
//! the plane crossing by Cramer's rule, no formula shared with the library) on terrains,
//! closed meshes and triangle soups, with rays through shared vertices and edges, along
//! faces, and stopping exactly at a contact; on both scalar paths and on `f32` and `f64`; as
//! generated, scaled to huge and tiny magnitudes, and moved far from the origin.

mod support;

use quickcheck::{Arbitrary, Gen};
use support::*;
use surety_intervals::arbitrary::checker;
use surety_intervals::{Interval, Policy, Vec3, Verdict};
use surety_queries::{cast_ray_mesh, decide_cast_ray_mesh, Ray, RayMeshHit, TriangleMesh};

/// A mesh as vertices and faces.
struct Soup {
    v: Vec<Vec3<f64>>,
    f: Vec<[usize; 3]>,
}

impl Soup {
    fn corners(&self, i: usize) -> [Vec3<f64>; 3] {
        self.f[i].map(|k| self.v[k])
    }
}

/// A grid coordinate: small dyadics, so that shared edges, vertices and ties are exact.
fn grid(g: &mut Gen) -> f64 {
    (i64::arbitrary(g) % 9) as f64 / 4.0
}

/// A height field over an `n × n` grid: an open surface whose faces share edges.
fn terrain(g: &mut Gen) -> Soup {
    let n = 2 + usize::arbitrary(g) % 3;
    let mut v = Vec::new();
    for i in 0..=n {
        for j in 0..=n {
            v.push(Vec3::new(i as f64 * 0.5, j as f64 * 0.5, grid(g)));
        }
    }
    Soup {
        v,
        f: grid_faces(n),
    }
}

/// An octahedron with its vertices moved on the grid: closed, every edge shared.
fn closed(g: &mut Gen) -> Soup {
    let mut v = vec![
        Vec3::new(1.0, 0.0, 0.0),
        Vec3::new(-1.0, 0.0, 0.0),
        Vec3::new(0.0, 1.0, 0.0),
        Vec3::new(0.0, -1.0, 0.0),
        Vec3::new(0.0, 0.0, 1.0),
        Vec3::new(0.0, 0.0, -1.0),
    ];
    for p in &mut v {
        *p = *p * (1.0 + grid(g).abs()) + Vec3::new(grid(g), grid(g), grid(g)) * 0.25;
    }
    Soup {
        v,
        f: OCTAHEDRON_FACES.to_vec(),
    }
}

/// Random triangles, some degenerate (a repeated corner, collinear corners).
fn soup(g: &mut Gen) -> Soup {
    let n = 1 + usize::arbitrary(g) % 10;
    let mut v = Vec::new();
    let mut f = Vec::new();
    for _ in 0..n {
        let a = Vec3::new(grid(g), grid(g), grid(g));
        let b = Vec3::new(grid(g), grid(g), grid(g));
        let c = match u8::arbitrary(g) % 5 {
            0 => a,
            1 => a + (b - a) * 2.0,
            _ => Vec3::new(grid(g), grid(g), grid(g)),
        };
        let k = v.len();
        v.extend([a, b, c]);
        f.push([k, k + 1, k + 2]);
    }
    Soup { v, f }
}

/// A terrain of 72 to 392 faces: a tree of several levels with leaves of four, whose
/// traversal orders lanes and leaves nodes waiting (`terrain`'s are too small for that).
fn deep_terrain(g: &mut Gen) -> Soup {
    let n = 6 + usize::arbitrary(g) % 9;
    let mut v = Vec::new();
    for i in 0..=n {
        for j in 0..=n {
            v.push(Vec3::new(i as f64 * 0.25, j as f64 * 0.25, grid(g) * 0.5));
        }
    }
    Soup {
        v,
        f: grid_faces(n),
    }
}

/// 65 to 273 random triangles in a small cube of grid points, degenerate ones included:
/// stacked and crossing faces, so that a ray meets many, in leaves at several depths, and the
/// first contact is found only by pruning waiting nodes against the contacts found so far.
fn deep_soup(g: &mut Gen) -> Soup {
    let mut m = soup(g);
    for _ in 0..64 + usize::arbitrary(g) % 200 {
        let k = m.v.len();
        m.v.extend((0..3).map(|_| Vec3::new(grid(g), grid(g), grid(g))));
        m.f.push([k, k + 1, k + 2]);
    }
    m
}

/// 40 to 119 faces meeting at the origin or piled there, at heights a few ulps apart
/// (`k·2^-46`, `|k| <= 2`), in shuffled order, so that they fall in several leaves: copies of
/// one floor triangle, the eight faces of a fan around the origin, and faces tilted through
/// it. After a certain contact the query leaves faces whose boxes it enters a hair before it
/// undecided, and the first contact may be theirs: the enclosure must still hold it.
fn piled_layers(g: &mut Gen) -> Soup {
    let ring = [
        (1.0, 0.0),
        (1.0, 1.0),
        (0.0, 1.0),
        (-1.0, 1.0),
        (-1.0, 0.0),
        (-1.0, -1.0),
        (0.0, -1.0),
        (1.0, -1.0),
    ];
    let mut m = Soup {
        v: Vec::new(),
        f: Vec::new(),
    };
    for _ in 0..40 + usize::arbitrary(g) % 80 {
        let h = f64::from(i8::arbitrary(g) % 3) * 2f64.powi(-46);
        let k = usize::arbitrary(g) % 8;
        let (x0, y0) = ring[k];
        let (x1, y1) = ring[(k + 1) % 8];
        let tilt = grid(g);
        let corners = match u8::arbitrary(g) % 3 {
            0 => [(-1.0, -1.0, 0.0), (1.0, -1.0, 0.0), (0.0, 1.0, 0.0)],
            1 => [(0.0, 0.0, 0.0), (x0, y0, 0.0), (x1, y1, 0.0)],
            _ => [(0.0, 0.0, 0.0), (x0, y0, tilt), (x1, y1, -tilt)],
        };
        let at = m.v.len();
        m.v.extend(corners.map(|(x, y, z)| Vec3::new(x, y, z + h)));
        m.f.push([at, at + 1, at + 2]);
    }
    m
}

/// A ray at the mesh: through a vertex, an edge's midpoint or a face's centroid (shared
/// vertices and edges of several faces), along a face, nudged by an ulp, or random; and how
/// far it goes: the whole ray, up to a target exactly, or a random length.
fn ray_at(m: &Soup, g: &mut Gen) -> (Vec3<f64>, Vec3<f64>, Option<f64>) {
    let face = m.corners(usize::arbitrary(g) % m.f.len());
    let target = match u8::arbitrary(g) % 4 {
        0 => face[usize::arbitrary(g) % 3],
        1 => (face[0] + face[1]) * 0.5,
        2 => (face[0] + face[1] + face[2]) * 0.25 + face[0] * 0.25,
        _ => Vec3::new(grid(g), grid(g), grid(g)),
    };
    let mut o = Vec3::new(grid(g), grid(g), grid(g)) * 4.0;
    if u8::arbitrary(g) % 6 == 0 {
        // In the face's plane: from one corner past another.
        o = face[0] + (face[0] - face[1]);
    }
    let mut d = target - o;
    match u8::arbitrary(g) % 5 {
        0 => d.x = ulps(d.x, i64::arbitrary(g) % 2),
        1 => d = d * 0.5f64.powi(i32::arbitrary(g).rem_euclid(40)),
        _ => {}
    }
    if d == Vec3::new(0.0, 0.0, 0.0) {
        d = Vec3::new(0.0, 0.0, -1.0);
    }
    let max_t = match u8::arbitrary(g) % 4 {
        0 | 1 => None,
        2 => Some(1.0), // exactly at the target when d was not scaled
        _ => Some(grid(g).abs() * 2.0),
    };
    (o, d, max_t)
}

/// The exact answer: does the ray meet the mesh within `[0, max_t]`, which faces it meets,
/// and the first contact's parameter (the least over the faces met of each face's least
/// feasible parameter, `support::first_contact`, faces met in their plane included).
struct Exact {
    hit: bool,
    faces: Vec<bool>,
    first: Option<Q>,
}

fn exact(m: &Soup, o: Vec3<f64>, d: Vec3<f64>, max_t: Option<f64>) -> Exact {
    let faces: Vec<bool> = (0..m.f.len())
        .map(|i| ray_meets_triangle_within(o, d, max_t, m.corners(i)))
        .collect();
    let reach = max_t.filter(|t| t.is_finite()).map(q);
    let mut first: Option<Q> = None;
    for (i, _) in faces.iter().enumerate().filter(|(_, &hit)| hit) {
        let [a, b, c] = m.corners(i).map(q3);
        // A line crossing the plane meets the face only at the crossing; one in the plane
        // (or a zero direction) meets it first at the least feasible candidate.
        let t = line_plane(&q3(o), &q3(d), &a, &b, &c)
            .ok()
            .or_else(|| first_contact(&q3(o), &q3(d), reach.as_ref(), &[a, b, c]))
            .unwrap_or_else(|| panic!("face {i}: met, with no first contact"));
        first = Some(first.map_or(t.clone(), |f| f.min(t)));
    }
    Exact {
        hit: faces.iter().any(|&h| h),
        faces,
        first,
    }
}

/// What every answer must satisfy against the exact one.
fn sound(got: &RayMeshHit, e: &Exact, exact_policy: bool) -> Result<(), String> {
    if let Some(c) = got.hit.certain() {
        if c != e.hit {
            return Err(format!("verdict {:?}, exactly {}", got.hit, e.hit));
        }
    } else if exact_policy {
        return Err("Maybe under Policy::Exact".into());
    }
    if got.hit.is_true() != got.face.is_some() {
        return Err(format!("face {:?} with verdict {:?}", got.face, got.hit));
    }
    if let Some(f) = got.face {
        if !e.faces[f] {
            return Err(format!("face {f} is not met"));
        }
    }
    if let (false, Some(first)) = (got.hit.is_false(), &e.first) {
        if !(q(got.t.lo()) <= *first && (got.t.hi().is_infinite() || *first <= q(got.t.hi()))) {
            return Err(format!("t {:?} misses the first contact {first}", got.t));
        }
    }
    Ok(())
}

/// Where a mesh is put: as generated, scaled by a power of two (huge, tiny, and for `f32`
/// within its range), or moved far from the origin. Rays are then aimed at the moved mesh;
/// the oracle sees the coordinates the queries see.
#[derive(Clone, Copy, Debug)]
enum Frame {
    AsIs,
    Scaled(i32),
    Far(f64),
}

impl Frame {
    fn draw(g: &mut Gen) -> Self {
        match u8::arbitrary(g) % 8 {
            0 => Frame::Scaled(
                g.choose(&[-1000, -500, -100, 100, 500, 900])
                    .copied()
                    .unwrap(),
            ),
            1 => Frame::Far(
                g.choose(&[2f64.powi(40), -3.0 * 2f64.powi(30)])
                    .copied()
                    .unwrap(),
            ),
            _ => Frame::AsIs,
        }
    }

    fn point(self, v: Vec3<f64>) -> Vec3<f64> {
        match self {
            Frame::AsIs => v,
            Frame::Scaled(k) => scaled(v, k),
            Frame::Far(x) => v + Vec3::splat(x),
        }
    }
}

fn mesh_rays_are_sound(seed: u64) -> bool {
    let mut g = Gen::from_size_and_seed(100, seed);
    let m = match u8::arbitrary(&mut g) % 3 {
        0 => terrain(&mut g),
        1 => closed(&mut g),
        _ => soup(&mut g),
    };
    rays_are_sound(m, &mut g)
}

fn deep_mesh_rays_are_sound(seed: u64) -> bool {
    let mut g = Gen::from_size_and_seed(100, seed);
    let m = match u8::arbitrary(&mut g) % 3 {
        0 => deep_terrain(&mut g),
        1 => deep_soup(&mut g),
        _ => piled_layers(&mut g),
    };
    rays_are_sound(m, &mut g)
}

/// Rays at `m` (as generated, then put in a drawn [`Frame`]) on every path, each answer
/// checked against the exact one.
fn rays_are_sound(m: Soup, g: &mut Gen) -> bool {
    let frame = Frame::draw(g);
    let m = Soup {
        v: m.v.iter().map(|&p| frame.point(p)).collect(),
        f: m.f,
    };
    let lifted: Vec<Vec3<Interval>> = m.v.iter().map(|&p| lift(p)).collect();
    let interval = TriangleMesh::<Interval>::new(&lifted, &m.f).unwrap();
    let float = TriangleMesh::<f64>::new(&m.v, &m.f).unwrap();
    // Grid coordinates and their sums are exact in f32 too, unless the frame leaves its range.
    let v32: Vec<Vec3<f32>> = m.v.iter().map(|&p| to_f32(p)).collect();
    let in_f32 = v32.iter().zip(&m.v).all(|(a, b)| a.map(f64::from) == *b);
    let meshes32 = in_f32.then(|| {
        let lifted32: Vec<Vec3<Interval<f32>>> = v32.iter().map(|&p| Vec3::lift_f32(p)).collect();
        (
            TriangleMesh::<f32>::new(&v32, &m.f).unwrap(),
            TriangleMesh::<Interval<f32>>::new(&lifted32, &m.f).unwrap(),
        )
    });
    (0..4).all(|_| {
        // Aimed at the moved mesh's corners, edges and faces (from near the origin, or from
        // the mesh's own plane).
        let (o, d, max_t) = ray_at(&m, g);
        let e = exact(&m, o, d, max_t);
        let mt = max_t.unwrap_or(f64::INFINITY);
        let mut checks: Vec<(&str, RayMeshHit, bool)> = vec![(
            "interval",
            cast_ray_mesh(&interval, &Ray::new(lift(o), lift(d)).unwrap(), mt).unwrap(),
            false,
        )];
        let ray = Ray::<f64>::new(o, d).unwrap();
        for (name, policy) in [("decide", Policy::Conservative), ("exact", Policy::Exact)] {
            let got = decide_cast_ray_mesh(&float, &ray, mt, policy).unwrap();
            checks.push((name, got, policy == Policy::Exact));
        }
        // The f32 paths, where the mesh and the ray are exactly representable in f32.
        let (o32, d32) = (to_f32(o), to_f32(d));
        if let Some((float32, interval32)) = &meshes32 {
            if o32.map(f64::from) == o && d32.map(f64::from) == d {
                let ray32 = Ray::<f32>::new(o32, d32).unwrap();
                let got = decide_cast_ray_mesh(float32, &ray32, mt, Policy::Exact).unwrap();
                checks.push(("exact f32", got, true));
                let ray32 =
                    Ray::<Interval<f32>>::new(Vec3::lift_f32(o32), Vec3::lift_f32(d32)).unwrap();
                let got = cast_ray_mesh(interval32, &ray32, mt).unwrap();
                checks.push(("interval f32", got, false));
            }
        }
        checks.iter().all(|(name, got, exact_policy)| {
            sound(got, &e, *exact_policy)
                .map_err(|why| {
                    eprintln!(
                        "{name}: {why}; {frame:?}, ray {o:?} + t {d:?}, t <= {max_t:?}, faces {:?}",
                        m.f.len()
                    );
                })
                .is_ok()
        })
    })
}

#[test]
fn mesh_ray_verdicts_faces_and_first_contacts_are_exact_or_enclosed() {
    checker().quickcheck(mesh_rays_are_sound as fn(u64) -> bool);
}

/// The same on meshes of 72 to 392 faces, whose trees are several levels deep: a fortieth
/// of the usual number of cases (each ray's oracle decides every face exactly).
#[test]
fn mesh_rays_through_deep_trees_are_exact_or_enclosed() {
    deep_checker().quickcheck(deep_mesh_rays_are_sound as fn(u64) -> bool);
}

/// Watertight: a ray through a vertex or an edge shared by faces of a closed mesh is never
/// certainly missed, and under `Policy::Exact` certainly hits (parry3d issue #171 is this
/// bug in a float library).
#[test]
fn rays_through_shared_edges_and_vertices_are_never_missed() {
    let mut g = Gen::from_size_and_seed(100, 5);
    for _ in 0..200 {
        let m = closed(&mut g);
        let float = TriangleMesh::<f64>::new(&m.v, &m.f).unwrap();
        let lifted: Vec<Vec3<Interval>> = m.v.iter().map(|&p| lift(p)).collect();
        let interval = TriangleMesh::<Interval>::new(&lifted, &m.f).unwrap();
        let face = m.corners(usize::arbitrary(&mut g) % m.f.len());
        let k = usize::arbitrary(&mut g) % 3;
        for target in [face[k], (face[k] + face[(k + 1) % 3]) * 0.5] {
            let o = Vec3::new(grid(&mut g), grid(&mut g), 10.0 + grid(&mut g));
            let ray = Ray::new(o, target - o).unwrap();
            let exact = decide_cast_ray_mesh(&float, &ray, f64::INFINITY, Policy::Exact).unwrap();
            assert_eq!(exact.hit, Verdict::True, "{o:?} → {target:?}");
            let r = Ray::new(lift(o), lift(target - o)).unwrap();
            let generic = cast_ray_mesh(&interval, &r, f64::INFINITY).unwrap();
            assert!(!generic.hit.is_false(), "{o:?} → {target:?}");
            // Stopping exactly at the shared point still touches it.
            let exact = decide_cast_ray_mesh(&float, &ray, 1.0, Policy::Exact).unwrap();
            assert_eq!(exact.hit, Verdict::True, "{o:?} → {target:?}, t <= 1");
        }
    }
}

/// The hierarchy is not vacuous on large meshes: a ray down onto a 33,800-face terrain (large
/// enough that a cast fetches leaves and grandchildren ahead) finds the face under it,
/// certainly, with the first contact enclosed tightly (to a relative 1e-12).
#[test]
fn a_ray_down_onto_a_large_terrain_finds_the_face_below() {
    let n = 130;
    let mut v = Vec::new();
    for i in 0..=n {
        for j in 0..=n {
            let h = ((i * 7 + j * 13) % 5) as f64 * 0.125;
            v.push(Vec3::new(i as f64, j as f64, h));
        }
    }
    let f = grid_faces(n);
    let mesh = TriangleMesh::<f64>::new(&v, &f).unwrap();
    let mut rng = Rng(9);
    for _ in 0..200 {
        let (x, y) = (
            rng.below(10 * n as u64) as f64 / 10.0 + 0.03,
            rng.below(10 * n as u64) as f64 / 10.0 + 0.01,
        );
        let ray = Ray::new(Vec3::new(x, y, 10.0), Vec3::new(0.0, 0.0, -1.0)).unwrap();
        let hit = decide_cast_ray_mesh(&mesh, &ray, f64::INFINITY, Policy::Exact).unwrap();
        assert_eq!(hit.hit, Verdict::True);
        let face = hit.face.unwrap();
        let [a, b, c] = f[face].map(|k| v[k]);
        let lo = a.x.min(b.x).min(c.x);
        let hi = a.x.max(b.x).max(c.x);
        assert!(
            lo <= x && x <= hi,
            "face {face} at x {lo}..{hi}, ray at {x}"
        );
        assert!(hit.t.hi() - hit.t.lo() < 1e-11 && (9.0..=10.0).contains(&hit.t.lo()));
    }
}

#[test]
fn a_bad_max_t_is_an_error_naming_it() {
    let v = [
        Vec3::new(0.0, 0.0, 0.0),
        Vec3::new(1.0, 0.0, 0.0),
        Vec3::new(0.0, 1.0, 0.0),
    ];
    let mesh = TriangleMesh::<f64>::new(&v, &[[0, 1, 2]]).unwrap();
    let ray = Ray::new(Vec3::new(0.0, 0.0, 1.0), Vec3::new(0.0, 0.0, -1.0)).unwrap();
    for bad in [f64::NAN, -1.0, f64::NEG_INFINITY] {
        let e = decide_cast_ray_mesh(&mesh, &ray, bad, Policy::Exact).unwrap_err();
        assert_eq!((e.shape, e.field), ("ray", "max_t"));
        let e = cast_ray_mesh(&mesh, &ray, bad).unwrap_err();
        assert_eq!((e.shape, e.field), ("ray", "max_t"));
    }
    let empty = TriangleMesh::<f64>::from_triangles(Vec::new()).unwrap();
    let miss = decide_cast_ray_mesh(&empty, &ray, 0.0, Policy::Exact).unwrap();
    assert_eq!((miss.hit, miss.face), (Verdict::False, None));
}

/// A contact with a degenerate face (a point, or a segment: `det = 0`, so the face's formula
/// gives its parameter no bound) is enclosed by where the ray is in the face's box: near the
/// contact, not `[0, max_t]`, on every path. A pile of such faces at one point (each a tie
/// the exact stage settles) comes out the same, with one face reported. Each ray meets the
/// faces at exactly `t = 1` (at the origin, scaled exactly), and, past its end, not at all;
/// at scales from `2^-1000` to `2^1000` (`f32` meshes within `2^±60`).
#[test]
fn contacts_with_degenerate_faces_are_enclosed_near_the_contact() {
    let v = |x: f64, y: f64, z: f64| Vec3::new(x, y, z);
    let faces: [[Vec3<f64>; 3]; 3] = [
        [v(0.0, 0.0, 0.0); 3],
        [v(-1.0, 1.0, 0.0), v(0.0, 0.0, 0.0), v(1.0, -1.0, 0.0)],
        [v(1.0, -1.0, 0.0), v(-1.0, 1.0, 0.0), v(-1.0, 1.0, 0.0)],
    ];
    // `f32` meshes within its range only.
    let scales = [60, -60, 0, 300, -300, 500, -500, 1000, -1000];
    for k in scales {
        let scale = 2f64.powi(k);
        for face in faces {
            for copies in [1, 7, 300] {
                let corners: Vec<Vec3<f64>> = face.iter().map(|&c| c * scale).collect();
                let f = vec![[0, 1, 2]; copies];
                let (o, d) = (v(-2.0, -1.5, -1.0) * scale, v(2.0, 1.5, 1.0) * scale);
                let float = TriangleMesh::<f64>::new(&corners, &f).unwrap();
                let lifted: Vec<Vec3<Interval>> = corners.iter().map(|&c| lift(c)).collect();
                let interval = TriangleMesh::<Interval>::new(&lifted, &f).unwrap();
                let ray = Ray::new(o, d).unwrap();
                let lray = Ray::new(lift(o), lift(d)).unwrap();
                for max_t in [f64::INFINITY, 1.0, 0.5] {
                    let mut hits = vec![
                        decide_cast_ray_mesh(&float, &ray, max_t, Policy::Exact).unwrap(),
                        decide_cast_ray_mesh(&float, &ray, max_t, Policy::Conservative).unwrap(),
                        cast_ray_mesh(&interval, &lray, max_t).unwrap(),
                    ];
                    let case = format!("{face:?} × {copies} at scale 2^{k}, max_t {max_t}");
                    assert_eq!(hits[0].hit, Verdict::from(max_t >= 1.0), "{case}");
                    if k.abs() <= 60 {
                        let c32: Vec<Vec3<f32>> = corners.iter().map(|&c| to_f32(c)).collect();
                        let single = TriangleMesh::<f32>::new(&c32, &f).unwrap();
                        let ray32 = Ray::new(to_f32(o), to_f32(d)).unwrap();
                        let hit = decide_cast_ray_mesh(&single, &ray32, max_t, Policy::Exact);
                        let hit = hit.unwrap();
                        assert_eq!(hit.hit, hits[0].hit, "{case}");
                        hits.push(hit);
                    }
                    for hit in hits {
                        if max_t < 1.0 {
                            assert!(!hit.hit.is_true(), "{case}");
                            continue;
                        }
                        assert!(
                            !hit.hit.is_false() && hit.t.contains(1.0),
                            "{case}: {hit:?}"
                        );
                        assert!(hit.t.hi() - hit.t.lo() < 1e-9, "{case}: {hit:?}");
                        assert_eq!(hit.face.is_some(), hit.hit.is_true(), "{case}");
                        assert!(hit.face.is_none_or(|k| k < copies), "{case}");
                    }
                }
            }
        }
    }
}
