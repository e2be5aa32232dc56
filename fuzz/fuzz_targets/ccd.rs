//! Vertex–face and edge–edge CCD on any numbers: an error or an answer whose time of impact
//! is an enclosure without NaN, inside [0, t_max] when the verdict is not `False`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use surety_intervals::Vec3;
use surety_queries::ccd::{edge_edge_ccd, vertex_face_ccd, CcdOptions};

fuzz_target!(|data: &[u8]| {
    if data.len() < 24 * 8 + 1 {
        return;
    }
    let x: Vec<f64> = data[1..24 * 8 + 1]
        .chunks(8)
        .map(|b| f64::from_le_bytes(b.try_into().unwrap()))
        .collect();
    let point = |i: usize| Vec3::new(x[3 * i], x[3 * i + 1], x[3 * i + 2]);
    let start = [point(0), point(1), point(2), point(3)];
    let end = [point(4), point(5), point(6), point(7)];
    let options = CcdOptions {
        min_separation: if data[0] & 1 == 1 { 1e-3 } else { 0.0 },
        max_iterations: 2_000,
        ..CcdOptions::default()
    };
    for hit in [
        vertex_face_ccd(start, end, options),
        edge_edge_ccd(start, end, options),
    ]
    .into_iter()
    .flatten()
    {
        assert!(!hit.toi.lo().is_nan() && !hit.toi.hi().is_nan(), "{hit:?}");
        if !hit.verdict.is_false() {
            assert!(
                hit.toi.lo() <= options.t_max && hit.toi.hi() >= 0.0,
                "{hit:?}"
            );
        }
    }
});
