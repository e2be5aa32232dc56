//! Bodies moved through closed meshes for many random steps: a particle (seed 000) and a
//! sliding sphere (seed 003), certified next to the plain float versions and the biased float
//! fix of seed 003. Run it with
//!
//! ```text
//! cargo run --release --example motion -- [MOVES] [SCENE...]
//! ```
//!
//! (default 1000000 moves per scene and mover; the scenes named, e.g. `icosphere terrain`, or
//! all five: the cube room, the same far from the origin, the icosphere, the terrain room of
//! 672 triangles and the big terrain room of 101,120, each name's start is enough).
//!
//! Every end position is checked exactly (certified predicates, with rational arithmetic for
//! the cases they leave undecided): "got in" counts moves after which the particle is strictly
//! inside the solid or the sphere touches or overlaps the mesh; the body then restarts from
//! the scene's start. A move is "stuck" when it made no progress although the body was not
//! pressed against a surface in the direction of the move.

use std::io::{self, Write};
use std::time::Instant;

use surety::intervals::exact::{to_rational, BigRational};
use surety::prelude::*;
use surety::queries::closest_point_on_triangle;

#[path = "support/icosphere.rs"]
mod icosphere;
/// The same moves for every mover.
#[allow(dead_code)] // not every example draws every kind of number
#[path = "support/rng.rs"]
pub mod rng;
use icosphere::icosphere;
use rng::Rng;

/// A closed mesh with its normals facing the free space, and how to tell the solid.
pub struct Scene {
    pub name: &'static str,
    pub certified: TriangleMesh<Interval>,
    pub float: TriangleMesh<f64>,
    corners: Vec<[Vec3<f64>; 3]>,
    pub start: Vec3<f64>,
    pub size: f64,
    kind: Kind,
}

enum Kind {
    /// The free space is the intersection of the faces' front half-spaces.
    Convex,
    /// A heightfield room: walls at 0 and `size`, a ceiling at `top`, the terrain a grid of
    /// `cells` × `cells` squares, each split along its diagonal.
    Terrain { cells: usize, top: f64 },
}

fn build(
    name: &'static str,
    vertices: &[Vec3<f64>],
    faces: &[[usize; 3]],
    start: Vec3<f64>,
    size: f64,
    kind: Kind,
) -> Scene {
    // Closed and consistently oriented: every directed edge is met once the other way.
    let mut edges = std::collections::HashMap::new();
    for f in faces {
        for k in 0..3 {
            *edges.entry((f[k], f[(k + 1) % 3])).or_insert(0) += 1;
        }
    }
    assert!(
        edges
            .iter()
            .all(|(&(a, b), &n)| n == 1 && edges.get(&(b, a)) == Some(&1)),
        "{name} is not a closed, consistently oriented mesh"
    );
    let lifted: Vec<Vec3<Interval>> = vertices.iter().map(|&v| Vec3::lift_f64(v)).collect();
    let certified = TriangleMesh::new(&lifted, faces).expect("finite vertices");
    let float = TriangleMesh::new(vertices, faces).expect("finite vertices");
    let corners = faces.iter().map(|f| f.map(|i| vertices[i])).collect();
    Scene {
        name,
        certified,
        float,
        corners,
        start,
        size,
        kind,
    }
}

/// The cube's faces, corners counter-clockwise seen from inside (corner `i` is at
/// `(i & 1, i >> 1 & 1, i >> 2)`).
const CUBE_FACES: [[usize; 4]; 6] = [
    [0, 1, 3, 2],
    [4, 6, 7, 5],
    [0, 4, 5, 1],
    [2, 3, 7, 6],
    [0, 2, 6, 4],
    [1, 5, 7, 3],
];

/// The cube `[0, 8]³` as a room (normals inward).
pub fn cube_room() -> Scene {
    let v: Vec<Vec3<f64>> = (0..8)
        .map(|i| Vec3::new((i & 1) as f64, (i >> 1 & 1) as f64, (i >> 2) as f64) * 8.0)
        .collect();
    let f: Vec<[usize; 3]> = CUBE_FACES
        .iter()
        .flat_map(|&[a, b, c, d]| [[a, b, c], [a, c, d]])
        .collect();
    build("cube room", &v, &f, Vec3::splat(4.0), 8.0, Kind::Convex)
}

/// The same cube room moved far from the origin, to `2^33` (8.6e9) on every axis, where an
/// ulp of a coordinate is `2^-19` (1.9e-6): bigger than the biased mover's bias. The move is
/// exact, so the geometry is the same.
pub fn far_cube_room() -> Scene {
    let mut s = cube_room();
    let offset = Vec3::splat(2f64.powi(33));
    let v: Vec<Vec3<f64>> = (0..8)
        .map(|i| Vec3::new((i & 1) as f64, (i >> 1 & 1) as f64, (i >> 2) as f64) * 8.0 + offset)
        .collect();
    let faces: Vec<[usize; 3]> = CUBE_FACES
        .iter()
        .flat_map(|&[a, b, c, d]| [[a, b, c], [a, c, d]])
        .collect();
    s = build("far cube", &v, &faces, s.start + offset, 8.0, Kind::Convex);
    s
}

/// The inside of an icosphere (an icosahedron subdivided twice: 320 faces), radius 4 about
/// `(4, 4, 4)`, normals inward. Its vertices are rounded to doubles; the faces stay planar.
pub fn icosphere_room() -> Scene {
    let (v, f) = icosphere(2);
    let v: Vec<Vec3<f64>> = v.iter().map(|&p| p * 4.0 + Vec3::splat(4.0)).collect();
    // The icosahedron's faces wind outward: reverse them so the normals face the room.
    let f: Vec<[usize; 3]> = f.iter().map(|&[a, b, c]| [a, c, b]).collect();
    build("icosphere", &v, &f, Vec3::splat(4.0), 8.0, Kind::Convex)
}

/// A room over bumpy terrain: a 12 × 12 heightfield over `[0, 8]²`, walls, and a ceiling grid
/// at height 6 (the same grid, so the mesh is watertight).
pub fn terrain_room() -> Scene {
    terrain_room_of(12, "terrain")
}

/// The terrain room at 158 × 158 cells of the same size: 101,120 triangles over a level
/// about 105 units wide, for the movers' cost on a large mesh (the hierarchy against the
/// 672-triangle room; moves are as long as there).
pub fn big_terrain_room() -> Scene {
    terrain_room_of(158, "big terrain")
}

/// The terrain room with `n × n` cells of side 2/3.
fn terrain_room_of(n: usize, name: &'static str) -> Scene {
    let (size, top) = (8.0 * n as f64 / 12.0, 6.0);
    let cell = size / n as f64;
    let height = |i: usize, j: usize| {
        let (x, y) = (i as f64 * cell, j as f64 * cell);
        1.0 + 0.5 * (1.3 * x).sin() * (0.9 * y).cos() + 0.2 * (3.1 * x + 2.3 * y).sin()
    };
    let mut v = Vec::new();
    for level in 0..2 {
        for j in 0..=n {
            for i in 0..=n {
                let z = if level == 0 { height(i, j) } else { top };
                v.push(Vec3::new(i as f64 * cell, j as f64 * cell, z));
            }
        }
    }
    let at = |level: usize, i: usize, j: usize| level * (n + 1) * (n + 1) + j * (n + 1) + i;
    let mut f = Vec::new();
    for j in 0..n {
        for i in 0..n {
            let (a, b, c, d) = (
                at(0, i, j),
                at(0, i + 1, j),
                at(0, i + 1, j + 1),
                at(0, i, j + 1),
            );
            f.extend([[a, b, c], [a, c, d]]); // terrain, normals up
            let (a, b, c, d) = (
                at(1, i, j),
                at(1, i + 1, j),
                at(1, i + 1, j + 1),
                at(1, i, j + 1),
            );
            f.extend([[a, c, b], [a, d, c]]); // ceiling, normals down
        }
    }
    // Walls: each boundary step of the terrain joined to the ceiling above it, facing in.
    for k in 0..n {
        let sides = [
            ((k, 0), (k + 1, 0)),
            ((n, k), (n, k + 1)),
            ((k + 1, n), (k, n)),
            ((0, k + 1), (0, k)),
        ];
        for ((i0, j0), (i1, j1)) in sides {
            let (a, b) = (at(0, i0, j0), at(0, i1, j1));
            let (c, d) = (at(1, i1, j1), at(1, i0, j0));
            f.extend([[a, c, b], [a, d, c]]);
        }
    }
    build(
        name,
        &v,
        &f,
        Vec3::new(4.0, 4.0, 3.5),
        size,
        Kind::Terrain { cells: n, top },
    )
}

type Q = BigRational;

fn q3(v: Vec3<f64>) -> [Q; 3] {
    v.to_array().map(|x| to_rational(x).expect("finite"))
}

fn dot(a: &[Q; 3], b: &[Q; 3]) -> Q {
    &a[0] * &b[0] + &a[1] * &b[1] + &a[2] * &b[2]
}

fn sub(a: &[Q; 3], b: &[Q; 3]) -> [Q; 3] {
    [&a[0] - &b[0], &a[1] - &b[1], &a[2] - &b[2]]
}

fn cross(a: &[Q; 3], b: &[Q; 3]) -> [Q; 3] {
    [
        &a[1] * &b[2] - &a[2] * &b[1],
        &a[2] * &b[0] - &a[0] * &b[2],
        &a[0] * &b[1] - &a[1] * &b[0],
    ]
}

/// Exact squared distance from `p` to the closed segment `a → b`.
fn exact_segment_d2(p: &[Q; 3], a: &[Q; 3], b: &[Q; 3]) -> Q {
    let (e, w) = (sub(b, a), sub(p, a));
    let (ee, we) = (dot(&e, &e), dot(&w, &e));
    let zero = Q::from_integer(0.into());
    if we <= zero || ee == zero {
        return dot(&w, &w);
    }
    if we >= ee {
        let d = sub(p, b);
        return dot(&d, &d);
    }
    // |w|² - (w·e)²/|e|²
    dot(&w, &w) - &we * &we / &ee
}

/// Exact squared distance from `p` to the closed triangle: the plane's when `p` projects into
/// the triangle (all three edge tests non-negative), else the nearest edge's.
fn exact_triangle_d2(p: Vec3<f64>, t: [Vec3<f64>; 3]) -> Q {
    let (x, [a, b, c]) = (q3(p), t.map(q3));
    let n = cross(&sub(&b, &a), &sub(&c, &a));
    let nn = dot(&n, &n);
    let zero = Q::from_integer(0.into());
    let inside = [(&a, &b), (&b, &c), (&c, &a)]
        .iter()
        .all(|(u, v)| dot(&n, &cross(&sub(v, u), &sub(&x, u))) >= zero);
    if inside && nn > zero {
        let h = dot(&n, &sub(&x, &a));
        return &h * &h / &nn;
    }
    exact_segment_d2(&x, &a, &b)
        .min(exact_segment_d2(&x, &b, &c))
        .min(exact_segment_d2(&x, &c, &a))
}

impl Scene {
    /// Is the point strictly inside the solid? Certified verdicts, each undecided one settled
    /// in exact rational arithmetic: always the exact answer.
    pub fn in_solid(&self, p: Vec3<f64>) -> bool {
        let x = Vec3::<Interval>::lift_f64(p);
        let xq = std::cell::OnceCell::new();
        let exact = || xq.get_or_init(|| q3(p));
        let zero = Q::from_integer(0.into());
        let behind = |t: usize| {
            let tri = &self.certified.triangles()[t];
            let v = tri.normal().dot(x - tri.corners()[0]).lt_zero();
            if v.is_maybe() {
                let [a, b, c] = self.corners[t].map(q3);
                let n = cross(&sub(&b, &a), &sub(&c, &a));
                return Verdict::from(dot(&n, &sub(exact(), &a)) < zero);
            }
            v
        };
        let column = |t: usize| {
            let [a, b, c] = self.certified.triangles()[t].corners();
            let flat = |u: Vec3<Interval>, w: Vec3<Interval>| {
                ((w.x - u.x) * (x.y - u.y) - (w.y - u.y) * (x.x - u.x)).ge(Interval::ZERO)
            };
            let v = flat(a, b) & flat(b, c) & flat(c, a);
            if v.is_maybe() {
                let [a, b, c] = self.corners[t].map(q3);
                let xq = exact();
                let flat = |u: &[Q; 3], w: &[Q; 3]| {
                    (&w[0] - &u[0]) * (&xq[1] - &u[1]) - (&w[1] - &u[1]) * (&xq[0] - &u[0]) >= zero
                };
                return Verdict::from(flat(&a, &b) && flat(&b, &c) && flat(&c, &a));
            }
            v
        };
        self.solid_with(p, behind, column)
            .certain()
            .expect("exact arithmetic decides")
    }

    /// The solid test on given predicates: `behind(t)`, the point strictly behind triangle
    /// `t`'s plane, and `column(t)`, its x–y position in terrain triangle `t`'s shadow.
    fn solid_with(
        &self,
        p: Vec3<f64>,
        behind: impl Fn(usize) -> Verdict,
        column: impl Fn(usize) -> Verdict,
    ) -> Verdict {
        match self.kind {
            Kind::Convex => Verdict::any((0..self.certified.len()).map(behind)),
            Kind::Terrain { cells, top } => {
                let outside = p.x < 0.0 || p.y < 0.0 || p.x > self.size || p.y > self.size;
                if outside || p.z > top {
                    return Verdict::True;
                }
                // The terrain triangles of the point's column: its cell's two, and the
                // neighbours' for a point on a cell border (planes agree on shared edges).
                let cell = self.size / cells as f64;
                let (ci, cj) = ((p.x / cell) as usize, (p.y / cell) as usize);
                let mut verdict: Option<Verdict> = None;
                for j in cj.saturating_sub(1)..=(cj + 1).min(cells - 1) {
                    for i in ci.saturating_sub(1)..=(ci + 1).min(cells - 1) {
                        for half in 0..2 {
                            let t = (j * cells + i) * 4 + half;
                            let here = column(t);
                            if here.is_false() {
                                continue;
                            }
                            let below = behind(t) | (!here & Verdict::Maybe);
                            verdict = Some(match verdict {
                                None => below,
                                Some(v) if v == below => v,
                                Some(_) => Verdict::Maybe,
                            });
                        }
                    }
                }
                verdict.unwrap_or(Verdict::Maybe)
            }
        }
    }

    /// Does the sphere touch or overlap the mesh, or has its center gone into the solid?
    /// Certified, with undecided triangles settled exactly: always certain.
    pub fn sphere_contact(&self, c: Vec3<f64>, r: f64) -> bool {
        if self.in_solid(c) {
            return true;
        }
        let ball = Sphere::<Interval>::new(Vec3::lift_f64(c), r).expect("finite");
        let (lo, hi) = (c - Vec3::splat(r), c + Vec3::splat(r));
        let pad = |v: Vec3<f64>, s: f64| v.to_array().map(|x| x + s * (x.abs() * 1e-12 + 1e-12));
        let rr = to_rational(r).expect("finite");
        self.certified.near(pad(lo, -1.0), pad(hi, 1.0)).any(|i| {
            match overlap_sphere_triangle(&ball, &self.certified.triangles()[i]) {
                Verdict::True => true,
                Verdict::False => false,
                Verdict::Maybe => exact_triangle_d2(c, self.corners[i]) <= &rr * &rr,
            }
        })
    }

    /// Was a body at `c` (radius `r`) pressed, within `gap`, against a surface it moved into?
    /// Plain `f64` for the distance, which only sorts blocked moves from stuck ones for the
    /// tally; a body on a face moving along it uses the exact sign of `normal · motion` (the
    /// face may tilt into the motion by less than an ulp).
    fn pressed(&self, c: Vec3<f64>, r: f64, motion: Vec3<f64>, gap: f64) -> bool {
        let zero = Q::from_integer(0.into());
        self.corners.iter().any(|&t| {
            let away = c - closest_point_on_triangle(c, t);
            if away.length() > r + gap {
                return false;
            }
            if away.length() > 1e-9 * self.size {
                return away.dot(motion) < 0.0;
            }
            let [a, b, cc] = t.map(q3);
            let n = cross(&sub(&b, &a), &sub(&cc, &a));
            dot(&n, &q3(motion)) < zero
        })
    }
}

/// One random requested move from `p`: long shots through the walls, drops onto the floor,
/// moves exactly parallel to the axes (and so to the cube's walls), and tiny nudges.
fn random_move(rng: &mut Rng, p: Vec3<f64>, size: f64) -> Vec3<f64> {
    let kind = rng.unit();
    let step = size / 2.0;
    if kind < 0.4 {
        Vec3::new(
            rng.range(-step, step),
            rng.range(-step, step),
            rng.range(-step, step),
        )
    } else if kind < 0.7 {
        Vec3::new(
            rng.range(-0.1, 0.1) * size,
            rng.range(-0.1, 0.1) * size,
            -rng.range(0.0, 0.3) * size,
        )
    } else if kind < 0.9 {
        let mut v = Vec3::new(0.0, 0.0, 0.0);
        let len = rng.range(-step, step);
        match (rng.unit() * 3.0) as u32 {
            0 => v.x = len,
            1 => v.y = len,
            _ => v.z = len,
        }
        v
    } else {
        let tiny = 10f64.powf(rng.range(-12.0, -6.0)) * size;
        let _ = p;
        Vec3::new(rng.range(-tiny, tiny), rng.range(-tiny, tiny), -tiny)
    }
}

/// What a mover did over a run.
#[derive(Default, Clone, Copy, Debug)]
pub struct Tally {
    pub moves: u64,
    pub bad: u64,
    pub stuck: u64,
    pub exhausted: u64,
    pub seconds: f64,
}

/// The movers compared.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Mover {
    /// `move_particle` with intervals, epsilon 0.
    CertifiedParticle,
    /// `move_particle` with intervals, epsilon 1e-9.
    CertifiedParticleSkin,
    /// `move_particle` with f64 (the same code, no re-check), epsilon 0.
    FloatParticle,
    /// `move_particle` with f64, epsilon 1e-9: seed 000's float scheme with a tolerance.
    FloatParticleSkin,
    /// `slide_sphere` with intervals, epsilon 1e-9.
    CertifiedSphere,
    /// `slide_sphere` with f64, epsilon 0: stop "exactly" at contact.
    FloatSphere,
    /// Seed 003's float fix: pull back, push out and over-reflect by a bias.
    BiasedSphere,
}

impl Mover {
    pub const ALL: [Mover; 7] = [
        Mover::CertifiedParticle,
        Mover::CertifiedParticleSkin,
        Mover::FloatParticle,
        Mover::FloatParticleSkin,
        Mover::CertifiedSphere,
        Mover::FloatSphere,
        Mover::BiasedSphere,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Mover::CertifiedParticle => "particle, certified (eps 0)",
            Mover::CertifiedParticleSkin => "particle, certified (eps 1e-9)",
            Mover::FloatParticle => "particle, f64 (eps 0)",
            Mover::FloatParticleSkin => "particle, f64 (eps 1e-9)",
            Mover::CertifiedSphere => "sphere, certified (eps 1e-9)",
            Mover::FloatSphere => "sphere, f64 (eps 0)",
            Mover::BiasedSphere => "sphere, f64 biased (1e-6)",
        }
    }

    fn is_sphere(self) -> bool {
        !matches!(
            self,
            Mover::CertifiedParticle
                | Mover::CertifiedParticleSkin
                | Mover::FloatParticle
                | Mover::FloatParticleSkin
        )
    }
}

/// The sphere radius in every scene, and the slide settings.
pub const RADIUS: f64 = 0.5;
const EPSILON: f64 = 1e-9;
const BIAS: f64 = 1e-6;
const ITERATIONS: u32 = 4;

/// Seed 003's biased float collide-and-slide, the baseline: after each contact the sphere is
/// pulled back along its motion by `bias`, pushed out along the contact normal by `bias`, and
/// the remaining motion is reflected off the contact plane a little more than projected.
pub fn biased_slide(
    scene: &Scene,
    c: Vec3<f64>,
    r: f64,
    motion: Vec3<f64>,
    bias: f64,
) -> (Vec3<f64>, bool) {
    let (mut c, mut m) = (c, motion);
    for _ in 0..ITERATIONS {
        if m.length() < 1e-12 {
            return (c, false);
        }
        let ball = Sphere::<f64>::new(c, r).expect("finite");
        let (lo, hi) = (c.min(c + m) - Vec3::splat(r), c.max(c + m) + Vec3::splat(r));
        let mut earliest: Option<(f64, usize)> = None;
        for i in scene.float.near(lo.to_array(), hi.to_array()) {
            let hit = sweep_sphere_triangle(&ball, m, &scene.float.triangles()[i]);
            if hit.hit.is_true() && earliest.is_none_or(|(e, _)| hit.time.lo() < e) {
                earliest = Some((hit.time.lo(), i));
            }
        }
        let Some((t, i)) = earliest else {
            return (c + m, false);
        };
        let length = m.length();
        let at = c + m * t;
        let normal = at - closest_point_on_triangle(at, scene.corners[i]);
        let normal = normal * (1.0 / normal.length());
        // Pull back along the motion, then push out along the normal (seed 003's first fix).
        let back = (t * length - bias).max(0.0) / length;
        let new_c = c + m * back + normal * bias;
        let rest = m * (1.0 - back);
        // Reflect a little more than the projection (the second fix).
        m = rest - normal * (normal.dot(rest) * (1.0 + bias));
        c = new_c;
    }
    (c, true)
}

/// Runs `moves` random moves of one mover through one scene and checks every end.
pub fn run(scene: &Scene, mover: Mover, moves: u64, seed: u64) -> Tally {
    let mut rng = Rng(seed | 1);
    let mut tally = Tally {
        moves,
        ..Tally::default()
    };
    let mut p = scene.start;
    let options = SlideOptions {
        epsilon: EPSILON,
        max_iterations: ITERATIONS,
        ..SlideOptions::default()
    };
    let float_options = SlideOptions {
        epsilon: 0.0,
        ..options
    };
    let mut seconds = 0.0;
    for _ in 0..moves {
        // Moves are as long as in the 8-unit rooms whatever the scene's size: a body moves
        // the same distances through a large level as through a small room.
        let motion = random_move(&mut rng, p, scene.size.min(8.0));
        let to = p + motion;
        let clock = Instant::now();
        let (end, exhausted) = match mover {
            Mover::CertifiedParticle | Mover::CertifiedParticleSkin => {
                let eps = if mover == Mover::CertifiedParticle {
                    0.0
                } else {
                    EPSILON
                };
                let m = move_particle(&scene.certified, p, to, eps).expect("finite");
                (m.end, false)
            }
            Mover::FloatParticle | Mover::FloatParticleSkin => {
                let eps = if mover == Mover::FloatParticle {
                    0.0
                } else {
                    EPSILON
                };
                let m = move_particle(&scene.float, p, to, eps).expect("finite");
                (m.end, false)
            }
            Mover::CertifiedSphere => {
                let s = slide_sphere(&scene.certified, p, RADIUS, motion, options).expect("ok");
                (s.end, s.exhausted)
            }
            Mover::FloatSphere => {
                let s = slide_sphere(&scene.float, p, RADIUS, motion, float_options).expect("ok");
                (s.end, s.exhausted)
            }
            Mover::BiasedSphere => biased_slide(scene, p, RADIUS, motion, BIAS),
        };
        seconds += clock.elapsed().as_secs_f64();
        let r = if mover.is_sphere() { RADIUS } else { 0.0 };
        let bad = if mover.is_sphere() {
            scene.sphere_contact(end, r)
        } else {
            scene.in_solid(end)
        };
        // Pressed: within the mover's tolerance of a surface, plus a few ulps of the position
        // (the grid a stop point is rounded to).
        let tolerance = if mover == Mover::BiasedSphere {
            BIAS
        } else {
            EPSILON
        };
        let ulp = f64::EPSILON * p.abs().to_array().into_iter().fold(0.0, f64::max);
        let gap = 1e-9 * scene.size + tolerance + 16.0 * ulp;
        // A requested end that rounds to the start asks for no motion at all.
        if end == p && to != p && !scene.pressed(p, r, motion, gap) {
            tally.stuck += 1;
        }
        tally.exhausted += u64::from(exhausted);
        // A body that got in is put back at the start, as a game would respawn it.
        tally.bad += u64::from(bad);
        p = if bad { scene.start } else { end };
    }
    tally.seconds = seconds;
    tally
}

/// Slides a sphere along the floor of the cube room, pushed down and forward, and measures how
/// far its path strays from the ideal slide: the mean error of the forward motion and the
/// height above the floor: its mean, its largest, and its jitter (the mean change from one
/// step to the next).
///
/// With `crease`, the sphere is pushed into the edge where the floor meets the wall `x = 0`
/// and should slide along it: the ideal step keeps only its `y` part, and the gap is the
/// larger of the two.
pub fn floor_slide(mover: Mover, steps: u32, crease: bool) -> SlidePath {
    let scene = cube_room();
    let options = SlideOptions {
        epsilon: EPSILON,
        max_iterations: ITERATIONS,
        ..SlideOptions::default()
    };
    let mut c = if crease {
        Vec3::new(RADIUS + 0.01, 1.0, RADIUS + 0.01)
    } else {
        Vec3::new(1.0, 1.0, RADIUS + 0.01)
    };
    let (mut forward, mut gaps, mut max_gap, mut counted) = (0.0, 0.0, 0.0f64, 0);
    let (mut jitter, mut last_gap) = (0.0, None);
    for k in 0..steps {
        let angle = k as f64 * 0.01;
        let step = if crease {
            Vec3::new(-0.004, 0.01, -0.005)
        } else {
            Vec3::new(angle.cos() * 0.01, angle.sin() * 0.01, -0.005)
        };
        let end = match mover {
            Mover::CertifiedSphere => {
                slide_sphere(&scene.certified, c, RADIUS, step, options)
                    .expect("ok")
                    .end
            }
            Mover::FloatSphere => {
                let o = SlideOptions {
                    epsilon: 0.0,
                    ..options
                };
                slide_sphere(&scene.float, c, RADIUS, step, o)
                    .expect("ok")
                    .end
            }
            _ => biased_slide(&scene, c, RADIUS, step, BIAS).0,
        };
        if k > 10 {
            let kept = if crease { 0.0 } else { step.x };
            let ideal = c + Vec3::new(kept, step.y, 0.0);
            let along = Vec3::new(end.x - ideal.x, end.y - ideal.y, 0.0);
            forward += if crease {
                along.y.abs()
            } else {
                along.length()
            };
            let gap = if crease {
                (end.z - RADIUS).max(end.x - RADIUS)
            } else {
                end.z - RADIUS
            };
            gaps += gap;
            max_gap = max_gap.max(gap.abs());
            counted += 1;
            if let Some(last) = last_gap {
                jitter += f64::abs(gap - last);
            }
            last_gap = Some(gap);
        }
        c = end;
        // Stay clear of the other walls: come back, as a path would turn.
        if crease && c.y > 7.0 {
            c.y = 1.0;
        } else if !crease && (c.x > 7.0 || c.y > 7.0 || c.x < 1.0 || c.y < 1.0) {
            c = Vec3::new(4.0, 4.0, c.z);
        }
    }
    let n = counted as f64;
    SlidePath {
        forward_error: forward / n,
        mean_gap: gaps / n,
        max_gap,
        jitter: jitter / (n - 1.0),
    }
}

/// How far a slide along the floor strayed from the ideal path (see [`floor_slide`]).
#[derive(Clone, Copy, Debug)]
pub struct SlidePath {
    pub forward_error: f64,
    pub mean_gap: f64,
    pub max_gap: f64,
    pub jitter: f64,
}

/// Prints the transcript and the tally table; returns the tallies, scene by scene and mover
/// by mover.
pub fn report(
    moves: u64,
    only: &[String],
    out: &mut impl Write,
) -> io::Result<Vec<(&'static str, Mover, Tally)>> {
    writeln!(out, ">>> scenes")?;
    let scenes = [
        cube_room(),
        far_cube_room(),
        icosphere_room(),
        terrain_room(),
        big_terrain_room(),
    ];
    for s in &scenes {
        writeln!(
            out,
            "    {:<12} {:>6} triangles, start {:?}",
            s.name,
            s.certified.len(),
            s.start.to_array()
        )?;
    }
    let scene = &scenes[0];
    writeln!(
        out,
        ">>> a particle resting on the cube's floor, pushed into it"
    )?;
    let on_floor = Vec3::new(2.0, 3.0, 0.0);
    let m =
        move_particle(&scene.certified, on_floor, Vec3::new(2.5, 3.0, -1.0), 0.0).expect("finite");
    writeln!(out, "    end {:?}, blocked {}", m.end.to_array(), m.blocked)?;
    writeln!(
        out,
        ">>> the same with f64, from a point rounded just below the floor"
    )?;
    let below = Vec3::new(2.0, 3.0, -1e-17);
    let f = move_particle(&scene.float, below, Vec3::new(2.5, 3.0, -1.0), 0.0).expect("finite");
    writeln!(
        out,
        "    end {:?}, blocked {}  (it starts behind the face: nothing stops it)",
        f.end.to_array(),
        f.blocked
    )?;
    writeln!(out)?;
    writeln!(
        out,
        "{:<12} {:<30} {:>9} {:>9} {:>7} {:>9} {:>9}",
        "scene", "mover", "moves", "got in", "stuck", "cap hit", "µs/move"
    )?;
    let mut all = Vec::new();
    let chosen = scenes
        .iter()
        .filter(|s| only.is_empty() || only.iter().any(|o| s.name.starts_with(o.as_str())));
    for scene in chosen {
        for mover in Mover::ALL {
            let t = run(
                scene,
                mover,
                moves,
                0x5eed_0000 + scene.certified.len() as u64,
            );
            writeln!(
                out,
                "{:<12} {:<30} {:>9} {:>9} {:>7} {:>9} {:>9.2}",
                scene.name,
                mover.name(),
                t.moves,
                t.bad,
                t.stuck,
                t.exhausted,
                t.seconds * 1e6 / t.moves as f64
            )?;
            all.push((scene.name, mover, t));
        }
    }
    writeln!(
        out,
        "(got in: the particle ended strictly inside the solid, or the sphere touching or"
    )?;
    writeln!(
        out,
        " overlapping the mesh; decided exactly. The body then restarts from the start.)"
    )?;
    writeln!(out)?;
    writeln!(
        out,
        ">>> sliding along surfaces: the error from the ideal slide per step, the gap kept"
    )?;
    for crease in [false, true] {
        let what = if crease {
            "into the floor-wall edge"
        } else {
            "onto the floor"
        };
        writeln!(out, "    pushed {what}:")?;
        for mover in [
            Mover::CertifiedSphere,
            Mover::FloatSphere,
            Mover::BiasedSphere,
        ] {
            let p = floor_slide(mover, 2000, crease);
            writeln!(
                out,
                "    {:<30} slide error {:.1e}, gap mean {:.1e}, max {:.1e}, jitter {:.1e}",
                mover.name(),
                p.forward_error,
                p.mean_gap,
                p.max_gap,
                p.jitter
            )?;
        }
    }
    Ok(all)
}

#[allow(dead_code)] // the tour includes this file for `report`, not for `main`
fn main() -> io::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let moves = args
        .first()
        .and_then(|a| a.replace('_', "").parse().ok())
        .unwrap_or(1_000_000);
    report(
        moves,
        args.get(1..).unwrap_or(&[]),
        &mut io::stdout().lock(),
    )?;
    Ok(())
}
