//! The distribution of single-query CCD times on random motions, where the mean hides what
//! matters (the slow tail that reaches the exact stage):
//!
//! ```text
//! cargo run --release --example ccd_tail -- [N]        (default 4000 queries per family)
//! ```
//!
//! Two families, each with a fixed seed: all eight points uniform in the unit cube (the
//! issue's tail-latency test), and coordinates anywhere in the range of doubles (a random
//! mantissa and an exponent in `[-1000, 1000]`, where the exact stage's numbers have
//! thousands of bits). For vertex–face and edge–edge on each: the median, p90, p99 and
//! largest time of one query (best of 3 runs of it), and how many the exact stage decided.

use std::time::Instant;

use surety::queries::ccd::{edge_edge_ccd, vertex_face_ccd, CcdOptions};
use surety::Vec3;

#[allow(dead_code)] // not every example draws every kind of number
#[path = "support/rng.rs"]
mod rng;
use rng::Rng;

fn percentile(sorted: &[f64], p: f64) -> f64 {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(4000);
    println!(
        "{:<14} {:<12} {:>10} {:>10} {:>10} {:>10} {:>7}",
        "family", "query", "median µs", "p90 µs", "p99 µs", "max µs", "exact"
    );
    for (family, seed, draw) in [
        ("unit cube", 1u64, Rng::unit as fn(&mut Rng) -> f64),
        ("any magnitude", 2, Rng::any_magnitude),
    ] {
        let count = if family == "unit cube" { n } else { n / 40 };
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15 ^ seed);
        let queries: Vec<[Vec3<f64>; 8]> = (0..count)
            .map(|_| {
                core::array::from_fn(|_| Vec3::new(draw(&mut rng), draw(&mut rng), draw(&mut rng)))
            })
            .collect();
        for (name, query) in [
            ("vertex-face", vertex_face_ccd as fn(_, _, _) -> _),
            ("edge-edge", edge_edge_ccd),
        ] {
            let mut times = Vec::with_capacity(count);
            let mut exact = 0;
            for q in &queries {
                let (start, end) = ([q[0], q[1], q[2], q[3]], [q[4], q[5], q[6], q[7]]);
                let mut best = f64::INFINITY;
                for _ in 0..3 {
                    let t = Instant::now();
                    let hit: Result<surety::queries::ccd::CcdHit, _> =
                        query(start, end, CcdOptions::default());
                    best = best.min(t.elapsed().as_secs_f64());
                    if hit.is_ok_and(|h| h.exact) {
                        exact += 1;
                    }
                }
                times.push(best * 1e6);
            }
            times.sort_by(f64::total_cmp);
            println!(
                "{:<14} {:<12} {:>10.1} {:>10.1} {:>10.1} {:>10.1} {:>7}",
                family,
                name,
                percentile(&times, 0.5),
                percentile(&times, 0.9),
                percentile(&times, 0.99),
                times[count - 1],
                exact / 3
            );
        }
    }
}
