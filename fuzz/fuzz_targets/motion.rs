//! The movers on any numbers, on a solid and a hollow cube: an error or a finite end, and
//! never strictly inside the solid cube when starting outside it (a body that starts inside
//! the solid, apart from its surface, stays apart from the surface: inside).
#![no_main]

use libfuzzer_sys::fuzz_target;
use surety_intervals::Vec3;
use surety_queries::{move_particle, slide_sphere, SlideOptions};

#[allow(dead_code)]
#[path = "../../queries/tests/support/mod.rs"]
mod support;
use support::unit_cube;

fn strictly_inside(p: Vec3<f64>) -> bool {
    p.to_array().iter().all(|&x| 0.0 < x && x < 1.0)
}

fuzz_target!(|data: &[u8]| {
    if data.len() < 8 * 8 + 1 {
        return;
    }
    let x: Vec<f64> = data[1..65]
        .chunks(8)
        .map(|b| f64::from_le_bytes(b.try_into().unwrap()))
        .collect();
    let (p, m) = (Vec3::new(x[0], x[1], x[2]), Vec3::new(x[3], x[4], x[5]));
    let (r, epsilon) = (x[6], x[7]);
    let outward = data[0] & 1 == 0;
    let mesh = unit_cube(outward);
    let options = SlideOptions {
        epsilon,
        max_iterations: u32::from(data[0] >> 4),
        push_out: data[0] & 2 == 0,
    };
    if let Ok(s) = slide_sphere(&mesh, p, r, m, options) {
        assert!(s.end.to_array().iter().all(|c| c.is_finite()), "{s:?}");
        // Outside the solid at the start: outside at the end (a sphere that starts touching
        // is pushed out only where its center crosses no face).
        if outward && !strictly_inside(p) {
            assert!(!strictly_inside(s.end), "{p:?} {m:?} {r}: {s:?}");
        }
    }
    if let Ok(mv) = move_particle(&mesh, p, m, epsilon) {
        assert!(mv.end.to_array().iter().all(|c| c.is_finite()), "{mv:?}");
        if outward && !strictly_inside(p) {
            assert!(!strictly_inside(mv.end), "{p:?} {m:?}: {mv:?}");
        }
    }
});
