//! Points and balls against whole meshes, through the hierarchy: `point_in_mesh` and
//! `overlap_sphere_mesh`, on both scalar paths and on `f32` and `f64`, against exact oracles
//! that share no formula with them (face planes' signs for convex pieces, rational squared
//! distances for balls), on points and balls exactly on faces, edges and corners, one ulp
//! off them, and at random; at unit scale and scaled to huge and tiny magnitudes.

mod support;

use quickcheck::{Arbitrary, Gen};
use support::*;
use surety_intervals::arbitrary::checker;
use surety_intervals::{Interval, Policy, Vec3, Verdict};
use surety_queries::{
    decide_overlap_sphere_mesh, decide_point_in_mesh, decide_sweep_sphere_mesh,
    overlap_sphere_mesh, point_in_mesh, sweep_sphere_mesh, sweep_sphere_triangle, Sphere,
    TriangleMesh,
};

/// A convex octahedron (half-axes `a`, `b`, `c` about `o`), faces wound outward.
struct Octahedron {
    v: [Vec3<f64>; 6],
}

const FACES: [[usize; 3]; 8] = OCTAHEDRON_FACES;

impl Octahedron {
    fn new(g: &mut Gen) -> Self {
        let half = |g: &mut Gen| 0.5 + (u8::arbitrary(g) % 8) as f64 / 4.0;
        let (a, b, c) = (half(g), half(g), half(g));
        let o = Vec3::new(grid(g), grid(g), grid(g));
        let v = [
            Vec3::new(a, 0.0, 0.0),
            Vec3::new(-a, 0.0, 0.0),
            Vec3::new(0.0, b, 0.0),
            Vec3::new(0.0, -b, 0.0),
            Vec3::new(0.0, 0.0, c),
            Vec3::new(0.0, 0.0, -c),
        ]
        .map(|p| p + o);
        Octahedron { v }
    }

    /// The signs of `(p - a) · n` over the faces, exactly: `Some(true)` strictly inside,
    /// `Some(false)` on the boundary, `None` outside.
    fn inside(&self, p: Vec3<f64>) -> Option<bool> {
        let mut strict = true;
        for f in FACES {
            let [a, b, c] = f.map(|k| q3(self.v[k]));
            let n = cross(&sub(&b, &a), &sub(&c, &a));
            let h = dot(&n, &sub(&q3(p), &a));
            if h > Q::from_integer(0.into()) {
                return None;
            }
            strict &= h < Q::from_integer(0.into());
        }
        Some(strict)
    }
}

fn grid(g: &mut Gen) -> f64 {
    (i64::arbitrary(g) % 9) as f64 / 4.0
}

/// A closed mesh of one or two octahedra: apart, overlapping (their union), or one inside
/// the other wound inward (a hollow shell), with the exact answer for a point: in the
/// closed solid?
struct Solid {
    parts: Vec<Octahedron>,
    /// The second part is a hole in the first.
    nested: bool,
    /// The scale everything is drawn at: 1, or a power of two for huge and tiny scenes.
    unit: f64,
}

impl Solid {
    /// One or two octahedra ([`Solid::at_unit_scale`]), sometimes scaled.
    fn new(g: &mut Gen) -> Self {
        Self::at_unit_scale(g).sometimes_scaled(g)
    }

    /// A cluster of 9 to 32 octahedra at random places (72 to 256 faces; most overlap, so
    /// the solid is their union, winding numbers above 1 included), for trees of several
    /// levels whose leaves hold four faces; scaled as [`Solid::new`] scales.
    fn cluster(g: &mut Gen) -> Self {
        let parts = (0..9 + usize::arbitrary(g) % 24)
            .map(|_| {
                let mut o = Octahedron::new(g);
                let shift = Vec3::new(grid(g), grid(g), grid(g)) * 2.0;
                o.v = o.v.map(|p| p + shift);
                o
            })
            .collect();
        Solid {
            parts,
            nested: false,
            unit: 1.0,
        }
        .sometimes_scaled(g)
    }

    /// The solid, or one time in four the same scaled by `2^k` for `k` of ±500, -1000 or 900
    /// (every coordinate exactly, the octahedra being on a quarter grid).
    fn sometimes_scaled(self, g: &mut Gen) -> Self {
        let mut solid = self;
        if u8::arbitrary(g) % 4 == 0 {
            let k = g.choose(&[-1000, -500, 500, 900]).copied().unwrap();
            solid.unit = pow2(k);
            for part in &mut solid.parts {
                part.v = part.v.map(|p| scaled(p, k));
            }
        }
        solid
    }

    fn at_unit_scale(g: &mut Gen) -> Self {
        let a = Octahedron::new(g);
        match u8::arbitrary(g) % 4 {
            0 => Solid {
                parts: vec![a],
                nested: false,
                unit: 1.0,
            },
            1 | 2 => {
                // Apart, or overlapping (a union: winding number 2 where both hold a point).
                let shift = if u8::arbitrary(g) % 2 == 0 { 8.0 } else { 0.5 };
                let mut b = Octahedron::new(g);
                b.v = b.v.map(|p| p + Vec3::new(shift, 0.25, 0.0));
                Solid {
                    parts: vec![a, b],
                    nested: false,
                    unit: 1.0,
                }
            }
            _ => {
                // A hole: the same octahedron shrunk by half about its centre, wound inward.
                let centre = (a.v[0] + a.v[1]) * 0.5;
                let v = a.v.map(|p| centre + (p - centre) * 0.5);
                Solid {
                    parts: vec![a, Octahedron { v }],
                    nested: true,
                    unit: 1.0,
                }
            }
        }
    }

    fn mesh(&self) -> (Vec<Vec3<f64>>, Vec<[usize; 3]>) {
        let mut v = Vec::new();
        let mut f = Vec::new();
        for (i, part) in self.parts.iter().enumerate() {
            let k = v.len();
            v.extend(part.v);
            for [a, b, c] in FACES {
                // The hole's faces point into the hole (out of the solid).
                f.push(if self.nested && i == 1 {
                    [k + a, k + c, k + b]
                } else {
                    [k + a, k + b, k + c]
                });
            }
        }
        (v, f)
    }

    fn contains(&self, p: Vec3<f64>) -> bool {
        if self.nested {
            self.parts[0].inside(p).is_some() && self.parts[1].inside(p) != Some(true)
        } else {
            self.parts.iter().any(|o| o.inside(p).is_some())
        }
    }

    /// A point on a corner, an edge, a face, their one-ulp nudges, or anywhere near.
    fn point(&self, g: &mut Gen) -> Vec3<f64> {
        let o = &self.parts[usize::arbitrary(g) % self.parts.len()];
        let f = FACES[usize::arbitrary(g) % 8].map(|k| o.v[k]);
        let p = match u8::arbitrary(g) % 5 {
            0 => f[0],
            1 => (f[0] + f[1]) * 0.5,
            2 => (f[0] + f[1] + f[2] * 2.0) * 0.25,
            3 => (f[0] + f[1]) * 0.5 + Vec3::new(grid(g), grid(g), grid(g)) * (0.25 * self.unit),
            _ => Vec3::new(grid(g), grid(g), grid(g)) * (2.0 * self.unit),
        };
        match u8::arbitrary(g) % 4 {
            0 => Vec3::new(ulps(p.x, i64::arbitrary(g) % 2), p.y, p.z),
            1 => Vec3::new(p.x, p.y, ulps(p.z, i64::arbitrary(g) % 2)),
            _ => p,
        }
    }
}

/// One mesh on three scalar paths: `f64`, `Interval<f64>`, and `f32` where every vertex is
/// exact in `f32` (the quarter grid at unit scale; not beyond `f32`'s range).
struct Meshes {
    float: TriangleMesh<f64>,
    interval: TriangleMesh<Interval>,
    float32: Option<TriangleMesh<f32>>,
}

impl Meshes {
    /// A solid drawn by `solid` and its meshes.
    fn draw(g: &mut Gen, solid: fn(&mut Gen) -> Solid) -> (Solid, Self) {
        let solid = solid(g);
        let (v, f) = solid.mesh();
        let meshes = Meshes::new(&v, &f);
        (solid, meshes)
    }

    fn new(v: &[Vec3<f64>], f: &[[usize; 3]]) -> Self {
        let lifted: Vec<Vec3<Interval>> = v.iter().map(|&p| lift(p)).collect();
        let v32: Vec<Vec3<f32>> = v.iter().map(|&p| to_f32(p)).collect();
        let exact32 = v32.iter().zip(v).all(|(a, b)| a.map(f64::from) == *b);
        Meshes {
            float: TriangleMesh::new(v, f).unwrap(),
            interval: TriangleMesh::new(&lifted, f).unwrap(),
            float32: exact32.then(|| TriangleMesh::new(&v32, f).unwrap()),
        }
    }
}

fn points_in_meshes_are_exact(seed: u64, draw: fn(&mut Gen) -> Solid) -> bool {
    let mut g = Gen::from_size_and_seed(100, seed);
    let (solid, m) = Meshes::draw(&mut g, draw);
    (0..8).all(|_| {
        let p = solid.point(&mut g);
        let exact = solid.contains(p);
        let mut answers = vec![
            (
                "exact",
                decide_point_in_mesh(&m.float, p, Policy::Exact),
                true,
            ),
            (
                "decide",
                decide_point_in_mesh(&m.float, p, Policy::Conservative),
                false,
            ),
            ("interval", point_in_mesh(&m.interval, lift(p)), false),
        ];
        // The f32 mesh has the same vertices (quarter grid values); the point must be an f32.
        let p32 = to_f32(p);
        if let (Some(float32), true) = (&m.float32, p32.map(f64::from) == p) {
            answers.push((
                "exact f32",
                decide_point_in_mesh(float32, p32, Policy::Exact),
                true,
            ));
        }
        answers_agree(&answers, exact, format!("the point {p:?}"))
    })
}

#[test]
fn point_in_mesh_is_exact_on_corners_edges_faces_holes_and_nudges() {
    checker().quickcheck((|seed| points_in_meshes_are_exact(seed, Solid::new)) as fn(u64) -> bool);
}

/// The same on clusters of octahedra ([`Solid::cluster`]), whose trees are several levels
/// deep: a fortieth of the usual number of cases.
#[test]
fn point_in_mesh_is_exact_on_clusters() {
    deep_checker()
        .quickcheck((|seed| points_in_meshes_are_exact(seed, Solid::cluster)) as fn(u64) -> bool);
}

/// Rays through the shared edges and corners of a closed mesh never decide the answer: the
/// centre of a cube whose faces are split along their diagonals, where the axis rays and the
/// diagonal rays all meet edges, is inside on every path.
#[test]
fn point_in_mesh_is_not_fooled_by_rays_through_edges() {
    let (v, f) = unit_cube_f64(true);
    let cube = TriangleMesh::<f64>::new(&v, &f).unwrap();
    let lifted: Vec<Vec3<Interval>> = v.iter().map(|&p| lift(p)).collect();
    let icube = TriangleMesh::new(&lifted, &f).unwrap();
    for (p, inside) in [
        (Vec3::new(0.5, 0.5, 0.5), true),
        (Vec3::new(0.25, 0.25, 0.25), true),
        (Vec3::new(1.5, 0.5, 0.5), false),
        (Vec3::new(0.5, 0.5, 1.0), true),
        (Vec3::new(0.5, 0.5, ulps(1.0, 1)), false),
        (Vec3::new(-1.0, -1.0, -1.0), false),
    ] {
        let want = Verdict::from(inside);
        assert_eq!(decide_point_in_mesh(&cube, p, Policy::Exact), want, "{p:?}");
        assert_eq!(point_in_mesh(&icube, lift(p)), want, "{p:?}");
    }
}

fn balls_against_meshes_are_exact(seed: u64, draw: fn(&mut Gen) -> Solid) -> bool {
    let mut g = Gen::from_size_and_seed(100, seed);
    let (solid, m) = Meshes::draw(&mut g, draw);
    (0..8).all(|_| {
        let mut c = solid.point(&mut g);
        let mut r = match u8::arbitrary(&mut g) % 4 {
            0 => 0.0,
            1 => ulps(grid(&mut g).abs() * solid.unit, i64::arbitrary(&mut g) % 2).abs(),
            _ => grid(&mut g).abs() * solid.unit,
        };
        if u8::arbitrary(&mut g) % 3 == 0 {
            // Tangent at a corner from outside, along the corner's axis: the ball's box
            // touches the corner's faces' boxes at one plane (nudged by an ulp, or not).
            let part = &solid.parts[usize::arbitrary(&mut g) % solid.parts.len()];
            let k = usize::arbitrary(&mut g) % 6;
            r = (0.25 + grid(&mut g).abs()) * solid.unit;
            let mut out = [0.0; 3];
            out[k / 2] = if k % 2 == 0 { r } else { -r };
            c = part.v[k] + Vec3::new(out[0], out[1], out[2]);
            r = ulps(r, i64::arbitrary(&mut g) % 2);
        }
        let r2 = q(r) * q(r);
        let (v, f) = solid.mesh();
        let exact = f.iter().any(|t| {
            let t = t.map(|k| q3(v[k]));
            point_triangle_d2(&q3(c), &t) <= r2
        });
        let ball = Sphere::new(c, r).unwrap();
        let iball = Sphere::new(lift(c), Interval::enclose(r)).unwrap();
        let mut answers = vec![
            (
                "exact",
                decide_overlap_sphere_mesh(&ball, &m.float, Policy::Exact),
                true,
            ),
            (
                "decide",
                decide_overlap_sphere_mesh(&ball, &m.float, Policy::Conservative),
                false,
            ),
            ("interval", overlap_sphere_mesh(&iball, &m.interval), false),
        ];
        let (c32, r32) = (to_f32(c), r as f32);
        let exact32 = c32.map(f64::from) == c && f64::from(r32) == r;
        if let (Some(float32), true) = (&m.float32, exact32) {
            let ball32 = Sphere::new(c32, r32).unwrap();
            answers.push((
                "exact f32",
                decide_overlap_sphere_mesh(&ball32, float32, Policy::Exact),
                true,
            ));
        }
        answers_agree(&answers, exact, format!("the ball {c:?}, r {r}"))
    })
}

#[test]
fn overlap_sphere_mesh_is_exact_on_tangent_and_nudged_balls() {
    checker()
        .quickcheck((|seed| balls_against_meshes_are_exact(seed, Solid::new)) as fn(u64) -> bool);
}

/// The same on clusters of octahedra.
#[test]
fn overlap_sphere_mesh_is_exact_on_clusters() {
    deep_checker().quickcheck(
        (|seed| balls_against_meshes_are_exact(seed, Solid::cluster)) as fn(u64) -> bool,
    );
}

/// A sphere swept through a solid's mesh: the verdict is exact when certain, no face is
/// touched before the lower end of the time (the move up to it is safe), a certain contact
/// happens by the upper end, and the face reported is touched by then; checked against exact
/// squared distances from the path to every face. The broad phase loses nothing: the answer
/// is the one from sweeping every face.
fn sweeps_through_meshes_are_exact(seed: u64, draw: fn(&mut Gen) -> Solid) -> bool {
    let mut g = Gen::from_size_and_seed(100, seed);
    let (solid, m) = Meshes::draw(&mut g, draw);
    let (v, f) = solid.mesh();
    let faces: Vec<[Q3; 3]> = f.iter().map(|t| t.map(|k| q3(v[k]))).collect();
    (0..2).all(|_| {
        let mut c = solid.point(&mut g)
            + Vec3::new(grid(&mut g), grid(&mut g), grid(&mut g)) * (4.0 * solid.unit);
        let aim = solid.point(&mut g);
        let mut motion = (aim - c) * (0.5 + (u8::arbitrary(&mut g) % 4) as f64 / 2.0);
        let mut r = match u8::arbitrary(&mut g) % 3 {
            0 => 0.0,
            _ => grid(&mut g).abs() * solid.unit,
        };
        if u8::arbitrary(&mut g) % 3 == 0 {
            // Down a corner's axis from outside, ending exactly tangent at the corner (or an
            // ulp short or past it): the corner's faces' boxes meet the path's box only at
            // the radius.
            let part = &solid.parts[usize::arbitrary(&mut g) % solid.parts.len()];
            let k = usize::arbitrary(&mut g) % 6;
            r = (0.25 + grid(&mut g).abs()) * solid.unit;
            let sign = if k % 2 == 0 { 1.0 } else { -1.0 };
            let mut axis = [0.0; 3];
            axis[k / 2] = sign;
            let axis = Vec3::new(axis[0], axis[1], axis[2]);
            let end = part.v[k] + axis * ulps(r, i64::arbitrary(&mut g) % 2);
            c = end + axis * (2.0 * solid.unit);
            motion = axis * (-2.0 * solid.unit);
        }
        let Ok(ball) = Sphere::new(lift(c), Interval::enclose(r)) else {
            return true;
        };
        let hit = sweep_sphere_mesh(&ball, lift(motion), &m.interval);
        let (qc, qv, r2) = (q3(c), q3(motion), q(r) * q(r));
        let at = |t: f64| add(&qc, &scale(&qv, &q(t)));
        let near_by = |t: f64, face: &[Q3; 3]| segment_triangle_d2(&qc, &at(t), face) <= r2;
        let exact_hit = faces.iter().any(|t| near_by(1.0, t));
        let (lo, hi) = (hit.time.lo(), hit.time.hi());
        let verdict_ok = hit.hit.certain().is_none_or(|h| h == exact_hit);
        // Touching exactly at `lo` is allowed; strictly before it, nothing.
        let lower_ok = lo == 0.0
            || faces
                .iter()
                .all(|t| segment_triangle_d2(&qc, &at(lo), t) >= r2);
        let upper_ok = !hit.hit.is_true() || faces.iter().any(|t| near_by(hi, t));
        let face_ok = hit.face.is_none_or(|i| near_by(hi, &faces[i]));
        let none_ok = !hit.hit.is_false() || (lo, hi) == (1.0, 1.0);
        // Every face swept on its own: a face certainly touched is never left out by the
        // broad phase (the mesh may be surer than the faces alone: a face whose box misses
        // the path's box cannot be touched, even where its own sweep says Maybe).
        let all_hit = (0..f.len())
            .map(|i| sweep_sphere_triangle(&ball, lift(motion), &m.interval.triangles()[i]).hit)
            .fold(Verdict::False, |a, h| a | h);
        let same = all_hit.is_true() == hit.hit.is_true();
        // The decide_ twin on the float mesh: exact, never Maybe, and its time as safe.
        let decided = decide_sweep_sphere_mesh(
            &Sphere::<f64>::new(c, r).unwrap(),
            motion,
            &m.float,
            Policy::Exact,
        );
        let d_lo = decided.time.lo();
        let decide_ok = decided.hit.certain() == Some(exact_hit)
            && (d_lo == 0.0
                || faces
                    .iter()
                    .all(|t| segment_triangle_d2(&qc, &at(d_lo), t) >= r2))
            && decided
                .face
                .is_none_or(|i| near_by(decided.time.hi(), &faces[i]))
            && (exact_hit || (decided.time.lo(), decided.time.hi()) == (1.0, 1.0));
        let ok = verdict_ok && lower_ok && upper_ok && face_ok && none_ok && same && decide_ok;
        if !ok {
            eprintln!(
                "ball {c:?} r {r} motion {motion:?}: {hit:?}, exactly {exact_hit}; \
                 {verdict_ok} {lower_ok} {upper_ok} {face_ok} {none_ok} {same}; \
                 decided {decided:?}"
            );
        }
        ok
    })
}

#[test]
fn sweep_sphere_mesh_is_exact_and_safe_before_its_lower_end() {
    // Each case takes some 150 exact distances: 100 cases by default (QUICKCHECK_TESTS for
    // more) keep this near ten seconds.
    checker_with(100, 1)
        .quickcheck((|seed| sweeps_through_meshes_are_exact(seed, Solid::new)) as fn(u64) -> bool);
}

/// The same on clusters of octahedra, with a tenth of the cases above (each takes some
/// 2,000 exact distances).
#[test]
fn sweep_sphere_mesh_is_exact_on_clusters() {
    checker_with(10, 40).quickcheck(
        (|seed| sweeps_through_meshes_are_exact(seed, Solid::cluster)) as fn(u64) -> bool,
    );
}

/// Faces of no area (corners on a line or at one point) add nothing to the winding number:
/// a ray near them is not spoilt, so a point off such a mesh is decided exactly. Two
/// tetrahedra from the adversarial suite, each with coincident corners (one face a point,
/// others segments): every one of the 16 rays used to meet a point face's box, call it a
/// graze, and answer `Maybe` under `Policy::Exact`.
#[test]
fn a_point_off_a_mesh_with_faces_of_no_area_is_decided_exactly() {
    let p = |x, y, z| Vec3::new(x, y, z);
    let corners = [
        p(-1.0, 1.0, -1.0),
        p(-1.0, 1.0, -1.0),
        p(-1.0, 1.0, -1.0),
        p(3.0, -3.0, 2.0),
        p(-3.0, 0.0, -2.999999761581421),
        p(-3.0, 0.0, -3.0),
        p(-3.0, 0.0, -3.0),
        p(1.0, -4.0, 0.0),
    ];
    let faces = two_tetrahedra_faces();
    let m = Meshes::new(&corners, &faces);
    for (point, on) in [
        (p(2.0, -1.0, -0.5), false),
        (p(1.0, -1.0, 0.5), true), // on the segment from corner 0 to corner 3
        (p(-1.0, 1.0, -1.0), true),
    ] {
        let want = Verdict::from(on);
        assert_eq!(
            decide_point_in_mesh(&m.float, point, Policy::Exact),
            want,
            "{point:?}"
        );
        let got = point_in_mesh(&m.interval, lift(point));
        assert!(got == want, "{point:?}: {got:?}");
    }
}

/// A sphere landing exactly on a point shared by many faces (a vertex of a floor, faces piled
/// there, degenerate or not): after the first face is decided, each of the others is taken
/// from a time just before the contact at which its path is certainly clear, instead of its
/// exact test (and after a certain contact at the start, none is tested). The answer stays
/// right: touched (under `Policy::Exact` certainly) with a face that contains the contact
/// point, the first contact's time enclosed, at most `2^-40` below it (relatively) and never
/// above it, scaled to huge and tiny magnitudes; on the decided path and the interval sweep.
/// The last meshes put faces touched a hair (about `2^-47`) after the floor first, in the
/// order the sweeps visit them (their boxes reach as high as the floor's): the floor is then
/// taken from just before that later contact, and must lower the time's lower end to it.
#[test]
fn a_sphere_landing_where_many_faces_meet_is_decided_once() {
    let v = |x: f64, y: f64, z: f64| Vec3::new(x, y, z);
    // A fan of eight faces around the origin of the floor z = 0, and piles at the origin.
    let ring: Vec<Vec3<f64>> = (0..8)
        .map(|k| {
            let (x, y) = [
                (1, 0),
                (1, 1),
                (0, 1),
                (-1, 1),
                (-1, 0),
                (-1, -1),
                (0, -1),
                (1, -1),
            ][k];
            v(f64::from(x), f64::from(y), 0.0)
        })
        .collect();
    let mut fan = vec![v(0.0, 0.0, 0.0)];
    fan.extend(&ring);
    let fan_faces: Vec<[usize; 3]> = (0..8).map(|k| [0, 1 + k, 1 + (k + 1) % 8]).collect();
    let meshes = [
        (fan.clone(), fan_faces),
        (vec![v(0.0, 0.0, 0.0); 3], vec![[0, 1, 2]; 200]),
        (
            vec![v(-1.0, 0.0, 0.0), v(0.0, 0.0, 0.0), v(1.0, 0.0, 0.0)],
            vec![[0, 1, 2]; 200],
        ),
        (
            vec![v(-1.0, -1.0, 0.0), v(1.0, -1.0, 0.0), v(0.0, 1.0, 0.0)],
            vec![[0, 1, 2]; 200],
        ),
    ];
    // A floor of two faces meeting at the origin, and faces sloping from `2^-45` below it at
    // their near edge (through the origin) to half that above it at their far corner: the
    // sweeps visit them first (their boxes are entered before the floor's), though they are
    // touched about `2^-47` after it.
    let hair = 2f64.powi(-45);
    let mut sloped = vec![v(0.0, 0.0, 0.0), v(2.0, 0.0, 0.0), v(0.0, 2.0, 0.0)];
    sloped.extend([v(-2.0, -2.0, 0.0), v(2.0, -2.0, 0.0)]);
    let mut sloped_faces = vec![[0, 1, 2], [3, 4, 0]];
    for (x, y) in [(2.0, 2.0), (-2.0, 2.0), (2.0, -2.0), (-2.0, -2.0)] {
        let base = sloped.len();
        sloped.extend([v(x, -y, -hair), v(-x, y, -hair), v(x, y, hair / 2.0)]);
        sloped_faces.push([base, base + 1, base + 2]);
    }
    let meshes = meshes
        .into_iter()
        .chain([(sloped, sloped_faces)])
        .collect::<Vec<_>>();
    for scale in [1.0, 2f64.powi(-70), 2f64.powi(70)] {
        for (corners, faces) in &meshes {
            let corners: Vec<Vec3<f64>> = corners.iter().map(|&c| c * scale).collect();
            let mesh = TriangleMesh::<f64>::new(&corners, faces).unwrap();
            // Falling straight down from height 3 by 4, radius 1: touches at t = 1/2 exactly;
            // or resting on the origin at the start (t = 0: nothing comes before it).
            for (from, motion, when) in [
                (v(0.0, 0.0, 3.0), v(0.0, 0.0, -4.0), 0.5),
                (v(-1.5, 0.0, 3.0), v(3.0, 0.0, -4.0), 0.5),
                (v(0.0, 0.0, 1.0), v(1.0, 0.0, -1.0), 0.0),
            ] {
                let ball = Sphere::<f64>::new(from * scale, scale).unwrap();
                let lifted: Vec<Vec3<Interval>> = corners.iter().map(|&c| lift(c)).collect();
                let interval = TriangleMesh::<Interval>::new(&lifted, faces).unwrap();
                let iball = Sphere::new(lift(from * scale), Interval::from(scale)).unwrap();
                let paths = [
                    (
                        "Exact",
                        decide_sweep_sphere_mesh(&ball, motion * scale, &mesh, Policy::Exact),
                    ),
                    (
                        "Conservative",
                        decide_sweep_sphere_mesh(
                            &ball,
                            motion * scale,
                            &mesh,
                            Policy::Conservative,
                        ),
                    ),
                    (
                        "intervals",
                        sweep_sphere_mesh(&iball, lift(motion * scale), &interval),
                    ),
                ];
                for (path, hit) in paths {
                    let case = format!(
                        "{} faces at scale {scale}, from {from:?}, {path}",
                        faces.len()
                    );
                    if path == "intervals" {
                        assert!(!hit.hit.is_false(), "{case}");
                    } else {
                        assert_eq!(hit.hit, Verdict::True, "{case}");
                    }
                    assert!(
                        hit.time.contains(when) && hit.time.lo() >= when * (1.0 - 2f64.powi(-39)),
                        "{case}: {hit:?}"
                    );
                    let Some(face) = hit.face else {
                        assert!(!hit.hit.is_true(), "{case}: {hit:?}");
                        continue;
                    };
                    // The face reported is touched at t = 1/2 (it holds the origin), or, a
                    // sloped face, certainly touched, and possibly by the time's upper end.
                    let [a, b, c] = faces[face].map(|k| corners[k] * (1.0 / scale));
                    let tri = surety_queries::Triangle::new(a, b, c).unwrap();
                    let at = Sphere::<f64>::new(from + motion * when, 1.0).unwrap();
                    let touched =
                        surety_queries::decide_overlap_sphere_triangle(&at, &tri, Policy::Exact);
                    let unit = Sphere::<f64>::new(from, 1.0).unwrap();
                    let swept = surety_queries::decide_sweep_sphere_triangle(
                        &unit,
                        motion,
                        &tri,
                        Policy::Exact,
                    );
                    let ilifted = surety_queries::Triangle::new(lift(a), lift(b), lift(c)).unwrap();
                    let ibal = Sphere::new(lift(from), Interval::from(1.0)).unwrap();
                    let by = sweep_sphere_triangle(&ibal, lift(motion), &ilifted)
                        .time
                        .lo();
                    assert!(
                        touched == Verdict::True
                            || (a.z < 0.0 && swept == Verdict::True && by <= hit.time.hi()),
                        "{case}: face {face}, {hit:?}"
                    );
                }
            }
        }
    }
}

/// A sphere passing a degenerate face (a point, a segment) is enclosed in time by where its
/// center may be within the radius of the face's box, not `[0, 1]`: a safe time before the
/// contact, on every path (decided on `f64` and `f32`, and the interval sweep), at every scale.
#[test]
fn a_sweep_past_a_degenerate_face_has_a_safe_time() {
    let v = |x: f64, y: f64, z: f64| Vec3::new(x, y, z);
    // Radius 1 from (-3, 0, 3) by (4, 0, -4): the center passes within 1 of the origin from
    // t = (3 - 1/√2) / 4 ≈ 0.5732 on, and within the box [-1, 1]³ from t = 1/2.
    let contact = (3.0 - std::f64::consts::FRAC_1_SQRT_2) / 4.0;
    let piles = [
        vec![v(0.0, 0.0, 0.0); 3],
        vec![v(0.0, -1.0, 0.0), v(0.0, 0.0, 0.0), v(0.0, 1.0, 0.0)],
    ];
    for scale in [
        1.0,
        2f64.powi(-70),
        2f64.powi(70),
        2f64.powi(-520),
        2f64.powi(520),
    ] {
        for corners in &piles {
            let corners: Vec<Vec3<f64>> = corners.iter().map(|&c| c * scale).collect();
            let f = vec![[0, 1, 2]; 5];
            let (from, motion) = (v(-3.0, 0.0, 3.0) * scale, v(4.0, 0.0, -4.0) * scale);
            let mesh = TriangleMesh::<f64>::new(&corners, &f).unwrap();
            let lifted: Vec<Vec3<Interval>> = corners.iter().map(|&c| lift(c)).collect();
            let interval = TriangleMesh::<Interval>::new(&lifted, &f).unwrap();
            let ball = Sphere::<f64>::new(from, scale).unwrap();
            let iball = Sphere::new(lift(from), Interval::from(scale)).unwrap();
            let mut hits = vec![
                decide_sweep_sphere_mesh(&ball, motion, &mesh, Policy::Exact),
                decide_sweep_sphere_mesh(&ball, motion, &mesh, Policy::Conservative),
                sweep_sphere_mesh(&iball, lift(motion), &interval),
            ];
            // On f32 where the scale fits it.
            if (2f64.powi(-70)..=2f64.powi(70)).contains(&scale) {
                let c32: Vec<Vec3<f32>> = corners.iter().map(|&c| to_f32(c)).collect();
                let mesh32 = TriangleMesh::<f32>::new(&c32, &f).unwrap();
                let ball32 = Sphere::<f32>::new(to_f32(from), scale as f32).unwrap();
                hits.push(decide_sweep_sphere_mesh(
                    &ball32,
                    to_f32(motion),
                    &mesh32,
                    Policy::Exact,
                ));
            }
            for (k, hit) in hits.iter().enumerate() {
                let case = format!("{:?} at scale {scale}, path {k}", corners[1]);
                assert!(!hit.hit.is_false(), "{case}: {hit:?}");
                assert!(hit.time.contains(contact), "{case}: {hit:?}");
                assert!(hit.time.lo() >= 0.5 * (1.0 - 1e-9), "{case}: {hit:?}");
            }
            assert_eq!(hits[0].hit, Verdict::True);
        }
    }
}
