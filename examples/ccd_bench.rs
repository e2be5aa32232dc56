//! Runs surety's CCD on the public sample queries and compares with their ground truth:
//!
//! ```text
//! cargo run --release --example ccd_bench -- [--csv] DIR...
//! ```
//!
//! walks every `*.csv` under the folders (`vertex-face/` or `edge-edge/` from the parent
//! folder's name, the scene from the folder above), and prints one row per scene and kind,
//! then the total: queries, ground-truth positives, false negatives, false positives (a
//! `Maybe` counts as a collision, the conservative policy), total seconds and mean ns per
//! query. Timing covers the CCD calls only, best of 3 passes. `--csv` prints
//! `scene,kind,queries,positives,fn,fp,total_s,mean_ns` rows instead.
//!
//! The table adds the median, p99 and largest ns per query (each query's best of 3), how
//! many answers were `Maybe`, and how many the exact stage decided. `--exact-only` sends every
//! query straight to the exact stage (`max_iterations: 0`); `--no-exact` turns the exact stage
//! off (the inclusion search alone, with its default budget of 10^6 boxes, like
//! Tight-Inclusion's).
//! `--min-separation D` asks whether the primitives come within `D` instead of touching: the
//! ground truth (contact at `D = 0`) then still has no false negative, and "false positives"
//! count the near misses within `D` as well as any `Maybe`.

use std::collections::BTreeMap;
use std::path::Path;
use std::time::Instant;

use surety::queries::ccd::{ccd_batch, CcdOptions, CcdQuery};
use surety::Policy;

#[path = "support/ccd_data.rs"]
mod ccd_data;

use ccd_data::{find_files, read_queries, Kind, Query};

#[derive(Default, Clone, Copy)]
struct Row {
    queries: u64,
    positives: u64,
    false_negatives: u64,
    false_positives: u64,
    maybes: u64,
    exact: u64,
    seconds: f64,
    median_ns: f64,
    p99_ns: f64,
    max_ns: f64,
}

/// One query's answers: collision under the conservative policy, `Maybe`, decided exactly.
fn run(kind: Kind, q: &Query, options: CcdOptions) -> (bool, bool, bool) {
    let hit = q.ccd(kind).run(options);
    // Input the reader accepted is finite: an error here would be a bug, so count it as a hit
    // (never a false negative).
    hit.map_or((true, true, false), |h| {
        (
            h.verdict.resolve(Policy::Conservative),
            h.verdict.is_maybe(),
            h.exact,
        )
    })
}

/// The `q`-quantile (nearest rank) of the times.
fn quantile(mut v: Vec<f64>, q: f64) -> f64 {
    v.sort_by(f64::total_cmp);
    v.get(((v.len() as f64 * q).ceil() as usize).saturating_sub(1))
        .copied()
        .unwrap_or(0.0)
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    match v.len() {
        0 => 0.0,
        n if n % 2 == 1 => v[n / 2],
        n => (v[n / 2 - 1] + v[n / 2]) / 2.0,
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let flag = |f: &str| args.iter().any(|a| a == f);
    let csv = flag("--csv");
    let mut options = CcdOptions::default();
    if flag("--exact-only") {
        options.max_iterations = 0;
    }
    if flag("--no-exact") {
        options.exact = false;
    }
    let usage = || {
        eprintln!(
            "usage: ccd_bench [--csv] [--exact-only | --no-exact] [--min-separation D] DIR..."
        );
        std::process::exit(2);
    };
    let mut dirs: Vec<&String> = Vec::new();
    let mut i = 0;
    while i < args.len() {
        if args[i] == "--min-separation" {
            i += 1;
            match args.get(i).and_then(|d| d.parse::<f64>().ok()) {
                Some(d) if d >= 0.0 && d.is_finite() => options.min_separation = d,
                _ => usage(),
            }
        } else if !args[i].starts_with("--") {
            dirs.push(&args[i]);
        }
        i += 1;
    }
    if dirs.is_empty() {
        usage();
    }
    let mut groups: BTreeMap<(String, Kind), Vec<Query>> = BTreeMap::new();
    for dir in dirs {
        for (scene, kind, path) in find_files(Path::new(dir)) {
            match read_queries(&path) {
                Ok(qs) => groups.entry((scene, kind)).or_default().extend(qs),
                Err(e) => {
                    eprintln!("{e}");
                    std::process::exit(1);
                }
            }
        }
    }
    let mut rows = Vec::new();
    let mut all_times = Vec::new();
    for ((scene, kind), queries) in &groups {
        let mut row = Row {
            queries: queries.len() as u64,
            positives: queries.iter().filter(|q| q.truth).count() as u64,
            ..Row::default()
        };
        let mut best = f64::INFINITY;
        let mut answers = Vec::new();
        let mut each = vec![f64::INFINITY; queries.len()];
        for _ in 0..3 {
            let mut pass = 0.0;
            answers = queries
                .iter()
                .zip(each.iter_mut())
                .map(|(q, fastest)| {
                    let clock = Instant::now();
                    let answer = run(*kind, q, options);
                    let dt = clock.elapsed().as_secs_f64();
                    pass += dt;
                    *fastest = fastest.min(dt);
                    answer
                })
                .collect();
            best = best.min(pass);
        }
        for (q, &(hit, maybe, exact)) in queries.iter().zip(&answers) {
            row.false_negatives += u64::from(q.truth && !hit);
            row.false_positives += u64::from(!q.truth && hit);
            row.maybes += u64::from(maybe);
            row.exact += u64::from(exact);
        }
        row.seconds = best;
        row.median_ns = median(each.clone()) * 1e9;
        row.p99_ns = quantile(each.clone(), 0.99) * 1e9;
        row.max_ns = quantile(each.clone(), 1.0) * 1e9;
        all_times.extend(each);
        rows.push((scene.clone(), kind.name(), row));
    }
    let mut total = Row::default();
    for (_, _, r) in &rows {
        total.queries += r.queries;
        total.positives += r.positives;
        total.false_negatives += r.false_negatives;
        total.false_positives += r.false_positives;
        total.maybes += r.maybes;
        total.exact += r.exact;
        total.seconds += r.seconds;
    }
    total.median_ns = median(all_times.clone()) * 1e9;
    total.p99_ns = quantile(all_times.clone(), 0.99) * 1e9;
    total.max_ns = quantile(all_times, 1.0) * 1e9;
    rows.push(("total".to_string(), "all", total));
    let mean_ns = |r: &Row| r.seconds * 1e9 / r.queries.max(1) as f64;
    if csv {
        println!("scene,kind,queries,positives,fn,fp,total_s,mean_ns");
        for (scene, kind, r) in &rows {
            println!(
                "{scene},{kind},{},{},{},{},{:.6},{:.1}",
                r.queries,
                r.positives,
                r.false_negatives,
                r.false_positives,
                r.seconds,
                mean_ns(r)
            );
        }
    } else {
        println!(
            "{:<26} {:<12} {:>7} {:>9} {:>3} {:>4} {:>5} {:>5} {:>9} {:>11} {:>10} {:>10} {:>11}",
            "scene",
            "kind",
            "queries",
            "positives",
            "FN",
            "FP",
            "maybe",
            "exact",
            "total s",
            "mean ns",
            "median ns",
            "p99 ns",
            "max ns"
        );
        for (scene, kind, r) in &rows {
            println!(
                "{scene:<26} {kind:<12} {:>7} {:>9} {:>3} {:>4} {:>5} {:>5} {:>9.4} {:>11.1} {:>10.1} {:>10.1} {:>11.1}",
                r.queries,
                r.positives,
                r.false_negatives,
                r.false_positives,
                r.maybes,
                r.exact,
                r.seconds,
                mean_ns(r),
                r.median_ns,
                r.p99_ns,
                r.max_ns
            );
        }
        // The same queries through the batch API, on every core.
        let batch: Vec<CcdQuery> = groups
            .iter()
            .flat_map(|((_, kind), qs)| qs.iter().map(move |q| q.ccd(*kind)))
            .collect();
        let mut best = f64::INFINITY;
        for _ in 0..3 {
            let clock = Instant::now();
            let answers = ccd_batch(&batch, options);
            best = best.min(clock.elapsed().as_secs_f64());
            assert_eq!(answers.len(), batch.len());
        }
        let sequential = rows.last().map_or(0.0, |(_, _, r)| r.seconds);
        println!(
            "ccd_batch on {} threads: {best:.4} s ({:.2}x the one-thread total)",
            std::thread::available_parallelism().map_or(1, |n| n.get()),
            sequential / best
        );
    }
}
