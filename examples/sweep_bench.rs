//! Spheres swept through a terrain (`sweep_sphere_mesh`), the certified paths against the
//! plain float query on the same inputs:
//!
//! ```text
//! cargo run --release --example sweep_bench [-- FACES_PER_SIDE]
//! ```
//!
//! A noisy height field of `2·n²` faces over the unit square (`n = 100` by default), and 2000
//! balls (radius 0.01 to 0.06) starting above it at `z = 0.4` and moving down by 0.8 with a
//! sideways drift of up to 0.15 in each direction. Each round times, one after another on
//! the same inputs: `sweep_sphere_mesh` on an `Interval<f64>` mesh (certified),
//! `decide_sweep_sphere_mesh` on an `f64` mesh under `Policy::Conservative` (certified), and
//! `sweep_sphere_mesh` on the `f64` mesh (plain floats, not certified: the baseline). Prints
//! ns per sweep for each and the ratios to the float query (best of five rounds), and checks
//! that the certified paths agree with each other.

use std::hint::black_box;
use std::time::Instant;

use surety::prelude::*;

#[path = "support/grid.rs"]
mod grid;
#[allow(dead_code)] // not every example draws every kind of number
#[path = "support/rng.rs"]
mod rng;

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(100)
        .clamp(1, 1000);
    let mut rng = rng::Rng(42);
    let mut vertices = Vec::with_capacity((n + 1) * (n + 1));
    for i in 0..=n {
        for j in 0..=n {
            let (x, y) = (i as f64 / n as f64, j as f64 / n as f64);
            let h = 0.1 * (6.0 * x).sin() * (5.0 * y).cos() + 0.01 * rng.unit();
            vertices.push(Vec3::new(x, y, h));
        }
    }
    let faces = grid::grid_faces(n);
    let lifted: Vec<Vec3<Interval>> = vertices.iter().map(|&p| Vec3::lift_f64(p)).collect();
    let certified = TriangleMesh::<Interval>::new(&lifted, &faces).expect("valid mesh");
    let float = TriangleMesh::<f64>::new(&vertices, &faces).expect("valid mesh");
    let balls: Vec<(Vec3<f64>, f64, Vec3<f64>)> = (0..2000)
        .map(|_| {
            let c = Vec3::new(rng.unit(), rng.unit(), 0.4);
            let r = 0.01 + 0.05 * rng.unit();
            let drift = |u: f64| 0.3 * u - 0.15;
            (c, r, Vec3::new(drift(rng.unit()), drift(rng.unit()), -0.8))
        })
        .collect();

    let mut best = [f64::INFINITY; 3];
    let mut disagree = 0;
    let mut hits = 0;
    for _ in 0..5 {
        let mut answers = Vec::with_capacity(balls.len());
        let clock = Instant::now();
        for &(c, r, m) in &balls {
            let ball = Sphere::new(Vec3::lift_f64(c), Interval::from(r)).expect("valid ball");
            answers.push(sweep_sphere_mesh(&ball, Vec3::lift_f64(m), black_box(&certified)).hit);
        }
        best[0] = best[0].min(clock.elapsed().as_nanos() as f64 / balls.len() as f64);
        let clock = Instant::now();
        let mut decided = Vec::with_capacity(balls.len());
        for &(c, r, m) in &balls {
            let ball = Sphere::new(c, r).expect("valid ball");
            let hit = decide_sweep_sphere_mesh(&ball, m, black_box(&float), Policy::Conservative);
            decided.push(hit.hit);
        }
        best[1] = best[1].min(clock.elapsed().as_nanos() as f64 / balls.len() as f64);
        let clock = Instant::now();
        let mut plain = 0usize;
        for &(c, r, m) in &balls {
            let ball = Sphere::new(c, r).expect("valid ball");
            plain += usize::from(sweep_sphere_mesh(&ball, m, black_box(&float)).hit.is_true());
        }
        best[2] = best[2].min(clock.elapsed().as_nanos() as f64 / balls.len() as f64);
        black_box(plain);
        disagree = answers
            .iter()
            .zip(&decided)
            .filter(|(a, b)| matches!((a.certain(), b.certain()), (Some(x), Some(y)) if x != y))
            .count();
        hits = decided.iter().filter(|h| h.is_true()).count();
    }
    println!(
        "terrain of {} faces, {} balls swept ({hits} certainly touch it)",
        faces.len(),
        balls.len()
    );
    println!("{:<40} {:>12} {:>10}", "query", "ns / sweep", "vs float");
    for (name, ns) in [
        ("sweep_sphere_mesh, Interval<f64> mesh", best[0]),
        ("decide_sweep_sphere_mesh, conservative", best[1]),
        ("sweep_sphere_mesh, f64 mesh (floats)", best[2]),
    ] {
        println!("{name:<40} {ns:>12.0} {:>9.2}x", ns / best[2]);
    }
    assert_eq!(
        disagree, 0,
        "the certified paths disagree on a certain answer"
    );
}
