//! Mesh CCD on two frames of a mesh: the certified collision-free step between them.
//!
//! ```sh
//! cargo run --release --example mesh_ccd -- [--csv] [--min-distance D] [--threads N] T0.ply T1.ply
//! cargo run --release --example mesh_ccd -- ../shared/meshes/thick-cloth/t0.ply ../shared/meshes/thick-cloth/t1.ply
//! ```
//!
//! Both files must have the same faces (the same mesh, moved). With `--csv` it prints a header
//! and one row: `vertices,edges,faces,candidates,broad_s,narrow_s,total_s,step,limit,exact_stage`
//! (`limit` is `vf:V:F`, `ee:E:E` or `none`). Without it, a readable report that also checks
//! the first frame for self-intersection and the motion up to the step for contact.

#[path = "support/ply.rs"]
mod ply;

use std::process::ExitCode;
use std::time::Instant;

use surety::queries::ccd::{
    collision_free_step, has_intersections, is_step_collision_free, CcdMesh, Pair, StepOptions,
};

struct Args {
    csv: bool,
    options: StepOptions,
    paths: Vec<String>,
}

fn parse() -> Result<Args, String> {
    let mut args = Args {
        csv: false,
        options: StepOptions::default(),
        paths: Vec::new(),
    };
    let mut it = std::env::args().skip(1);
    while let Some(a) = it.next() {
        let mut number = |name: &str| -> Result<f64, String> {
            let v = it.next().ok_or(format!("{name} needs a value"))?;
            v.parse().map_err(|_| format!("{name}: not a number: {v}"))
        };
        match a.as_str() {
            "--csv" => args.csv = true,
            "--min-distance" => args.options.min_distance = number("--min-distance")?,
            "--threads" => args.options.threads = number("--threads")? as usize,
            "--help" | "-h" => return Err(String::new()),
            _ if a.starts_with("--") => return Err(format!("unknown option {a}")),
            _ => args.paths.push(a),
        }
    }
    if args.paths.len() != 2 {
        return Err("give two PLY files: the frame at t = 0 and the frame at t = 1".into());
    }
    Ok(args)
}

fn limit(p: Option<Pair>) -> String {
    match p {
        Some(Pair::VertexFace { vertex, face }) => format!("vf:{vertex}:{face}"),
        Some(Pair::EdgeEdge { a, b }) => format!("ee:{a}:{b}"),
        None => "none".into(),
    }
}

fn run(args: &Args) -> Result<(), String> {
    let (v0, f0) = ply::load(&args.paths[0])?;
    let (v1, f1) = ply::load(&args.paths[1])?;
    if f0 != f1 || v0.len() != v1.len() {
        return Err("the two frames must have the same faces and vertex count".into());
    }
    let mesh = CcdMesh::new(v0.len(), &f0).map_err(|e| e.to_string())?;
    let clock = Instant::now();
    let step = collision_free_step(&mesh, &v0, &v1, &args.options).map_err(|e| e.to_string())?;
    let total = clock.elapsed().as_secs_f64();
    if args.csv {
        println!("vertices,edges,faces,candidates,broad_s,narrow_s,total_s,step,limit,exact_stage");
        println!(
            "{},{},{},{},{:.6},{:.6},{:.6},{:?},{},{}",
            mesh.vertex_count(),
            mesh.edges().len(),
            mesh.faces().len(),
            step.candidates,
            step.broad_seconds,
            step.narrow_seconds,
            total,
            step.t,
            limit(step.limit),
            step.exact_stage
        );
        return Ok(());
    }
    println!(
        "{} vertices, {} edges, {} faces; min distance {}, tolerance {}",
        mesh.vertex_count(),
        mesh.edges().len(),
        mesh.faces().len(),
        args.options.min_distance,
        args.options.tolerance
    );
    println!(
        "step {:?} (limited by {}, within the tolerance: {})",
        step.t,
        limit(step.limit),
        step.within_tolerance
    );
    println!(
        "{} candidates: {} skipped by their boxes up to the step, {} moving alike decided \
         statically, {} decided by the exact stage",
        step.candidates, step.skipped, step.static_pairs, step.exact_stage
    );
    println!(
        "broad phase {:.4} s, narrow phase {:.4} s, total {:.4} s",
        step.broad_seconds, step.narrow_seconds, total
    );
    let intersecting = has_intersections(&mesh, &v0).map_err(|e| e.to_string())?;
    println!("first frame intersects itself: {intersecting}");
    if step.t > 0.0 {
        // The motion is free up to the step (exclusive): check it up to the double below.
        let o = StepOptions {
            t_max: step.t.next_down().max(f64::MIN_POSITIVE),
            ..args.options
        };
        let free = is_step_collision_free(&mesh, &v0, &v1, &o).map_err(|e| e.to_string())?;
        println!("free of contact up to just below the step: {free:?}");
    }
    Ok(())
}

fn main() -> ExitCode {
    let args = match parse() {
        Ok(a) => a,
        Err(e) => {
            if !e.is_empty() {
                eprintln!("{e}");
            }
            eprintln!("usage: mesh_ccd [--csv] [--min-distance D] [--threads N] T0.ply T1.ply");
            return ExitCode::from(2);
        }
    };
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}
