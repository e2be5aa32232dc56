//! The collision-free step of a flat grid turning by a large angle in one step: the hostile
//! case for a broad phase over swept boxes, whose boxes then span much of the mesh.
//!
//! ```sh
//! cargo run --release --example turning_grid -- [N [DEGREES [TILT_DEGREES [MIN_DISTANCE]]]]
//! /usr/bin/time -v target/release/examples/turning_grid 160 90   # peak memory too
//! ```
//!
//! An `N × N` grid of vertices (default 160) on the unit square about the origin in the plane
//! `z = 0`, two triangles per cell, turned by `DEGREES` (default 90) about the `z` axis and
//! tilted by `TILT_DEGREES` (default 0) about the `x` axis between the two frames. Each
//! vertex moves along the chord, so the grid shrinks on the way (by `cos(θ/2)` halfway)
//! but never folds: the step is 1 unless a minimum distance meets the shrinking cells.
//! Prints the step and its counts; the step lists its candidate pairs in windows of time
//! where all at once would be the square of the mesh (see `collision_free_step`'s docs).

use std::process::ExitCode;
use std::time::Instant;

use surety::queries::ccd::{collision_free_step, CcdMesh, StepOptions};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize, default: f64| -> Result<f64, String> {
        args.get(i).map_or(Ok(default), |a| {
            a.parse().map_err(|_| format!("not a number: {a}"))
        })
    };
    let parsed = (|| {
        let n = number(0, 160.0)?;
        if !(2.0..=2000.0).contains(&n) || n.fract() != 0.0 {
            return Err(format!("N must be a whole number from 2 to 2000, not {n}"));
        }
        Ok((n as u32, number(1, 90.0)?, number(2, 0.0)?, number(3, 0.0)?))
    })();
    let (n, turn, tilt, d) = match parsed {
        Ok(p) => p,
        Err(e) => {
            eprintln!("{e}\nusage: turning_grid [N [DEGREES [TILT_DEGREES [MIN_DISTANCE]]]]");
            return ExitCode::FAILURE;
        }
    };
    let at = |i: u32| f64::from(i) / f64::from(n - 1) - 0.5;
    let v0: Vec<[f64; 3]> = (0..n * n).map(|k| [at(k / n), at(k % n), 0.0]).collect();
    let mut faces = Vec::new();
    for i in 0..n - 1 {
        for j in 0..n - 1 {
            let k = i * n + j;
            faces.extend([[k, k + 1, k + n], [k + 1, k + n + 1, k + n]]);
        }
    }
    let (s, c) = turn.to_radians().sin_cos();
    let (st, ct) = tilt.to_radians().sin_cos();
    let v1: Vec<[f64; 3]> = v0
        .iter()
        .map(|p| {
            let (x, y) = (c * p[0] - s * p[1], s * p[0] + c * p[1]);
            [x, ct * y, st * y]
        })
        .collect();
    let mesh = match CcdMesh::new(v0.len(), &faces) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let options = StepOptions {
        min_distance: d,
        ..StepOptions::default()
    };
    let clock = Instant::now();
    match collision_free_step(&mesh, &v0, &v1, &options) {
        Ok(step) => {
            println!(
                "{} vertices, {} faces, turned {turn}°, tilted {tilt}°, min distance {d}",
                mesh.vertex_count(),
                mesh.faces().len()
            );
            println!(
                "step {} (limit {:?}); windows of time: {}; {} candidates, {} skipped by their \
                 boxes, {} decided by the exact stage; broad phase {:.3} s, narrow {:.3} s, total \
                 {:.3} s",
                step.t,
                step.limit,
                step.windows,
                step.candidates,
                step.skipped,
                step.exact_stage,
                step.broad_seconds,
                step.narrow_seconds,
                clock.elapsed().as_secs_f64()
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}
