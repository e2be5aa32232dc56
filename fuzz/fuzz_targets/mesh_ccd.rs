//! Mesh CCD on any numbers and any topology: `CcdMesh` construction, `collision_free_step`,
//! `is_step_collision_free` and `has_intersections` give an error or an answer, never a
//! panic or a hang; a step is a number in `[0, t_max]` (no NaN), the whole step when no pair
//! limits it, and agrees with the yes/no question.
#![no_main]

use libfuzzer_sys::fuzz_target;
use surety_intervals::Verdict;
use surety_queries::ccd::{
    collision_free_step, has_intersections, is_step_collision_free, CcdMesh, StepOptions,
};

mod numbers;

fuzz_target!(|data: &[u8]| {
    // The first bytes: vertex count (1 to 8), face count (0 to 6), options; then indices,
    // then numbers for the positions.
    if data.len() < 3 {
        return;
    }
    let n = 1 + (data[0] % 8) as usize;
    let f = (data[1] % 7) as usize;
    let flags = data[2];
    let rest = &data[3..];
    if rest.len() < 3 * f {
        return;
    }
    let faces: Vec<[u32; 3]> = (0..f)
        .map(|i| [0, 1, 2].map(|k| u32::from(rest[3 * i + k] % 9)))
        .collect();
    let x = numbers::numbers(&rest[3 * f..]);
    if x.len() < 6 * n {
        return;
    }
    let v0: Vec<[f64; 3]> = (0..n).map(|i| numbers::v(&x, 3 * i).to_array()).collect();
    let v1: Vec<[f64; 3]> = (0..n).map(|i| numbers::v(&x, 3 * (n + i)).to_array()).collect();
    let Ok(mesh) = CcdMesh::new(n, &faces) else {
        return;
    };
    let options = StepOptions {
        min_distance: if flags & 1 == 1 { 1e-3 } else { 0.0 },
        t_max: if flags & 2 == 2 { 0.5 } else { 1.0 },
        threads: 1,
        ..StepOptions::default()
    };
    let _ = has_intersections(&mesh, &v0);
    let Ok(step) = collision_free_step(&mesh, &v0, &v1, &options) else {
        return;
    };
    assert!(step.t >= 0.0 && step.t <= options.t_max, "{step:?}");
    if step.limit.is_none() {
        assert_eq!(step.t, options.t_max, "{step:?}");
    }
    let free = is_step_collision_free(&mesh, &v0, &v1, &options).unwrap();
    // A certain contact in [0, t_max] means a limit; no limit means none is possible.
    if free == Verdict::False {
        assert!(step.limit.is_some(), "{step:?}");
    }
    if step.limit.is_none() {
        assert_eq!(free, Verdict::True, "{step:?}");
    }
});
