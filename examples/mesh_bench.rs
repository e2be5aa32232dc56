//! Mesh queries at scale, side by side with parry3d's `TriMesh` in the same process: per mesh
//! and query, the median time per query of each (contenders interleaved query by query, on the
//! same inputs in the same order, taking turns going first) and their ratio.
//!
//! ```text
//! cargo run --release --example mesh_bench                       # generated meshes
//! cargo run --release --example mesh_bench -- [--csv] [--quick] [--down] MESH.ply...
//! ```
//!
//! Generated meshes: a noisy terrain, a subdivided icosphere, and a field of thin blades
//! (slivers, long thin boxes), from about 10^3 to 10^6 triangles (`--quick`: up to 10^5).
//! Rays run between two points drawn from the mesh's bounding box enlarged by 10 % (with
//! `--down`, straight down the z axis from one such point, as a game's ground probes are:
//! two direction components zero); balls and points are drawn from the same box. Both libraries get the same `f32` coordinates
//! (parry3d's `Real` is `f32`); surety answers certified (`Policy::Conservative`), parry3d
//! in floats: `decide_cast_ray_mesh` (the verdict, a face, and an enclosure of the first
//! contact) against `cast_local_ray` with `solid = true`; `decide_overlap_sphere_mesh`
//! against `intersection_test` with a `Ball`; and, on closed meshes, `decide_point_in_mesh`
//! against `contains_local_point` on a mesh built with `TriMeshFlags::ORIENTED`.
//! `build` is ns per triangle. With `--csv`: `mesh,faces,query,surety_ns,parry_ns,ratio`.

use std::hint::black_box;
use std::time::Instant;

use parry3d::math::{Pose, Vector};
use parry3d::query::{intersection_test, PointQuery, Ray as PRay, RayCast};
use parry3d::shape::{Ball, TriMesh, TriMeshFlags};
use surety::prelude::*;

#[path = "support/icosphere.rs"]
mod icosphere;
#[path = "support/ply.rs"]
mod ply;
#[allow(dead_code)] // not every example draws every kind of number
#[path = "support/rng.rs"]
mod rng;
use icosphere::icosphere;
use rng::Rng;

/// Vertices and faces.
struct Mesh {
    name: String,
    vertices: Vec<[f64; 3]>,
    faces: Vec<[u32; 3]>,
}

fn terrain(n: usize, rng: &mut Rng) -> Mesh {
    let mut vertices = Vec::with_capacity((n + 1) * (n + 1));
    for i in 0..=n {
        for j in 0..=n {
            let (x, y) = (i as f64 / n as f64, j as f64 / n as f64);
            let h = 0.1 * (6.0 * x).sin() * (5.0 * y).cos() + 0.01 * rng.unit();
            vertices.push([x, y, h]);
        }
    }
    let at = |i: usize, j: usize| (i * (n + 1) + j) as u32;
    let mut faces = Vec::with_capacity(2 * n * n);
    for i in 0..n {
        for j in 0..n {
            faces.push([at(i, j), at(i + 1, j), at(i + 1, j + 1)]);
            faces.push([at(i, j), at(i + 1, j + 1), at(i, j + 1)]);
        }
    }
    Mesh {
        name: format!("terrain-{}", faces.len()),
        vertices,
        faces,
    }
}

fn sphere(level: u32) -> Mesh {
    let (v, f) = icosphere(level);
    Mesh {
        name: format!("icosphere-{}", f.len()),
        vertices: v.iter().map(|p| p.to_array()).collect(),
        faces: f.iter().map(|t| t.map(|i| i as u32)).collect(),
    }
}

/// Thin blades standing on the unit square: each a sliver 1/1000 wide and up to 1 high.
fn blades(n: usize, rng: &mut Rng) -> Mesh {
    let mut vertices = Vec::with_capacity(3 * n);
    let mut faces = Vec::with_capacity(n);
    for i in 0..n {
        let (x, y) = (rng.unit(), rng.unit());
        let (dx, dy) = (0.001 * rng.unit(), 0.001 * rng.unit());
        let h = 0.2 + 0.8 * rng.unit();
        vertices.extend([[x, y, 0.0], [x + dx, y + dy, 0.0], [x, y + dy, h]]);
        let k = 3 * i as u32;
        faces.push([k, k + 1, k + 2]);
    }
    Mesh {
        name: format!("blades-{n}"),
        vertices,
        faces,
    }
}

/// A PLY mesh, named after its file.
fn load_ply(path: &str) -> Result<Mesh, String> {
    let (vertices, faces) = ply::load(path)?;
    let name = std::path::Path::new(path)
        .file_name()
        .map_or(path.to_string(), |n| n.to_string_lossy().into_owned());
    Ok(Mesh {
        name,
        vertices,
        faces,
    })
}

/// Whether every edge is shared by exactly two faces (a closed mesh, where "inside" means
/// something).
fn closed(mesh: &Mesh) -> bool {
    let mut count = std::collections::HashMap::new();
    for f in &mesh.faces {
        for k in 0..3 {
            let (a, b) = (f[k], f[(k + 1) % 3]);
            *count.entry((a.min(b), a.max(b))).or_insert(0u32) += 1;
        }
    }
    !mesh.faces.is_empty() && count.values().all(|&c| c == 2)
}

/// Interleaved per-query times of two contenders on the same inputs (three passes), taking
/// turns going first (input by input, and pass by pass): the query timed first of a pair
/// was measured some 20 ns slower than the same query timed second, which on the smallest
/// queries charged whichever always went first (BENCHMARKS.md, "Taking turns in the race").
/// The medians, and how often their answers agree (a certain answer counted against the
/// float one) and how often surety said `Maybe`.
fn race<I>(
    inputs: &[I],
    mut ours: impl FnMut(&I) -> Verdict,
    mut theirs: impl FnMut(&I) -> bool,
) -> (f64, f64, usize, usize) {
    let (mut st, mut pt) = (Vec::new(), Vec::new());
    let (mut disagree, mut maybe) = (0, 0);
    for pass in 0..3 {
        for (i, x) in inputs.iter().enumerate() {
            let (mut a, mut b) = (Verdict::Maybe, false);
            for turn in 0..2 {
                if (i + pass + turn) % 2 == 0 {
                    let t = Instant::now();
                    a = black_box(ours(black_box(x)));
                    st.push(t.elapsed().as_nanos() as f64);
                } else {
                    let t = Instant::now();
                    b = black_box(theirs(black_box(x)));
                    pt.push(t.elapsed().as_nanos() as f64);
                }
            }
            match a.certain() {
                None => maybe += 1,
                Some(a) => disagree += usize::from(a != b),
            }
        }
    }
    (median(st), median(pt), disagree, maybe)
}

/// One row of the table: ns per query (or per triangle for `build`).
struct Row {
    mesh: String,
    faces: usize,
    query: &'static str,
    surety_ns: f64,
    parry_ns: f64,
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn bench(mesh: &Mesh, down: bool, rng: &mut Rng, rows: &mut Vec<Row>) {
    let v32: Vec<[f32; 3]> = mesh.vertices.iter().map(|p| p.map(|x| x as f32)).collect();
    let sv: Vec<Vec3<f32>> = v32.iter().map(|&[x, y, z]| Vec3::new(x, y, z)).collect();
    let pv: Vec<Vector> = v32.iter().map(|&[x, y, z]| Vector::new(x, y, z)).collect();
    let idx: Vec<[usize; 3]> = mesh.faces.iter().map(|f| f.map(|i| i as usize)).collect();
    let n = mesh.faces.len();

    // Build, interleaved, the median of a few of each: 3 on the largest meshes, up to 201 on
    // small ones (a build of a few hundred faces takes tens of microseconds, and a shared
    // machine's pauses would otherwise decide the median).
    let rounds = if n > 200_000 {
        3
    } else {
        (2_000_000 / n.max(1)).clamp(7, 201) | 1
    };
    let (mut sb, mut pb) = (Vec::new(), Vec::new());
    let mut ours = None;
    let mut theirs = None;
    // Only the build is timed: the previous round's mesh is dropped after the clock stops
    // (for both), and parry3d's inputs are copied before it starts (it takes them by value).
    // The two take turns going first, round by round.
    for round in 0..rounds {
        for turn in 0..2 {
            if (round + turn) % 2 == 0 {
                let t = Instant::now();
                let m = TriangleMesh::<f32>::new(&sv, &idx).expect("valid mesh");
                sb.push(t.elapsed().as_nanos() as f64 / n as f64);
                ours = Some(m);
            } else {
                let (v, f) = (pv.clone(), mesh.faces.clone());
                let t = Instant::now();
                let m = TriMesh::new(v, f).expect("valid mesh");
                pb.push(t.elapsed().as_nanos() as f64 / n as f64);
                theirs = Some(m);
            }
        }
    }
    let (ours, theirs) = (ours.unwrap(), theirs.unwrap());
    rows.push(Row {
        mesh: mesh.name.clone(),
        faces: n,
        query: "build",
        surety_ns: median(sb),
        parry_ns: median(pb),
    });

    // Rays between two points of the bounding box enlarged by 10 %.
    let (mut lo, mut hi) = ([f32::MAX; 3], [f32::MIN; 3]);
    for p in &v32 {
        for k in 0..3 {
            lo[k] = lo[k].min(p[k]);
            hi[k] = hi[k].max(p[k]);
        }
    }
    let mut point = || -> [f32; 3] {
        std::array::from_fn(|k| {
            let pad = 0.1 * (hi[k] - lo[k]).max(1e-3);
            lo[k] - pad + (hi[k] - lo[k] + 2.0 * pad) * rng.unit() as f32
        })
    };
    let rays: Vec<([f32; 3], [f32; 3])> = (0..4000)
        .map(|_| {
            let (a, b) = (point(), point());
            if down {
                (a, [0.0, 0.0, -1.0])
            } else {
                (a, std::array::from_fn(|k| b[k] - a[k]))
            }
        })
        .collect();
    let (s_ns, p_ns, disagree, maybe) = race(
        &rays,
        |&(o, d)| {
            let ray = Ray::new(Vec3::new(o[0], o[1], o[2]), Vec3::new(d[0], d[1], d[2]))
                .expect("finite ray");
            decide_cast_ray_mesh(&ours, &ray, f64::INFINITY, Policy::Conservative)
                .expect("valid max_t")
                .hit
        },
        |&(o, d)| {
            let pray = PRay::new(Vector::new(o[0], o[1], o[2]), Vector::new(d[0], d[1], d[2]));
            theirs.cast_local_ray(&pray, f32::MAX, true).is_some()
        },
    );
    let mut tally = vec![("cast_ray", disagree, maybe)];
    rows.push(Row {
        mesh: mesh.name.clone(),
        faces: n,
        query: "cast_ray",
        surety_ns: s_ns,
        parry_ns: p_ns,
    });

    // Balls: centres in the enlarged box, radii up to 2 % of its diagonal.
    let diagonal = (0..3).map(|k| (hi[k] - lo[k]).powi(2)).sum::<f32>().sqrt();
    let centres: Vec<[f32; 3]> = (0..4000).map(|_| point()).collect();
    let points: Vec<[f32; 3]> = (0..4000).map(|_| point()).collect();
    let balls: Vec<([f32; 3], f32)> = centres
        .into_iter()
        .map(|c| (c, 0.02 * diagonal * rng.unit() as f32))
        .collect();
    let (s_ns, p_ns, disagree, maybe) = race(
        &balls,
        |&(c, r)| {
            let ball = Sphere::new(Vec3::new(c[0], c[1], c[2]), r).expect("finite ball");
            decide_overlap_sphere_mesh(&ball, &ours, Policy::Conservative)
        },
        |&(c, r)| {
            let pose = Pose::from_translation(Vector::new(c[0], c[1], c[2]));
            // Both test the surface: this parry3d mesh has no pseudo-normals (ORIENTED), so
            // its projection never reports an inside.
            intersection_test(&Pose::IDENTITY, &theirs, &pose, &Ball::new(r))
                .is_ok_and(|i| i.intersecting)
        },
    );
    tally.push(("overlap_sphere", disagree, maybe));
    rows.push(Row {
        mesh: mesh.name.clone(),
        faces: n,
        query: "overlap_sphere",
        surety_ns: s_ns,
        parry_ns: p_ns,
    });

    // Points, for closed meshes: parry3d needs its pseudo-normals (ORIENTED) for an inside.
    if closed(mesh) {
        if let Ok(oriented) =
            TriMesh::with_flags(pv.clone(), mesh.faces.clone(), TriMeshFlags::ORIENTED)
        {
            let (s_ns, p_ns, disagree, maybe) = race(
                &points,
                |&p| decide_point_in_mesh(&ours, Vec3::new(p[0], p[1], p[2]), Policy::Conservative),
                |&p| oriented.contains_local_point(Vector::new(p[0], p[1], p[2])),
            );
            tally.push(("point_in", disagree, maybe));
            rows.push(Row {
                mesh: mesh.name.clone(),
                faces: n,
                query: "point_in",
                surety_ns: s_ns,
                parry_ns: p_ns,
            });
        }
    }
    for (query, disagree, maybe) in tally {
        eprintln!(
            "{}: {query}: {disagree} certain answers differ from parry3d's, {maybe} Maybe",
            mesh.name
        );
    }
    eprintln!(
        "{}: {} faces, depth {}, bytes per face: surety {} ({} of them the hierarchy), parry3d {}",
        mesh.name,
        n,
        ours.bvh().depth(),
        ours.memory_bytes() / n.max(1),
        ours.bvh().memory_bytes() / n.max(1),
        theirs.total_memory_size() / n.max(1),
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let csv = args.iter().any(|a| a == "--csv");
    let quick = args.iter().any(|a| a == "--quick");
    let down = args.iter().any(|a| a == "--down");
    let paths: Vec<&String> = args.iter().filter(|a| !a.starts_with("--")).collect();
    let mut rng = Rng(42);
    let meshes: Vec<Mesh> = if paths.is_empty() {
        let mut m = Vec::new();
        for (grid, level, blade) in [(22, 3, 1_000), (71, 5, 10_000), (224, 6, 100_000)] {
            m.push(terrain(grid, &mut rng));
            m.push(sphere(level));
            m.push(blades(blade, &mut rng));
        }
        if !quick {
            m.push(terrain(707, &mut rng));
            m.push(sphere(8));
            m.push(blades(1_000_000, &mut rng));
        }
        m
    } else {
        match paths.iter().map(|p| load_ply(p)).collect() {
            Ok(m) => m,
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(1);
            }
        }
    };
    // On stderr, with the other notes: with `--csv`, stdout is the table alone.
    eprintln!(
        "load: {}",
        std::fs::read_to_string("/proc/loadavg")
            .unwrap_or_default()
            .trim()
    );
    let mut rows = Vec::new();
    for m in &meshes {
        bench(m, down, &mut rng, &mut rows);
    }
    if csv {
        println!("mesh,faces,query,surety_ns,parry_ns,ratio");
    } else {
        println!(
            "{:<22} {:>9} {:<14} {:>12} {:>12} {:>8}",
            "mesh", "faces", "query", "surety ns", "parry3d ns", "ratio"
        );
    }
    for r in &rows {
        let ratio = r.surety_ns / r.parry_ns;
        if csv {
            let (m, f, q, s, p) = (&r.mesh, r.faces, r.query, r.surety_ns, r.parry_ns);
            println!("{m},{f},{q},{s:.1},{p:.1},{ratio:.3}");
        } else {
            println!(
                "{:<22} {:>9} {:<14} {:>12.1} {:>12.1} {:>8.2}",
                r.mesh, r.faces, r.query, r.surety_ns, r.parry_ns, ratio
            );
        }
    }
}
