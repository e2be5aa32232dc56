//! Lists the CCD sample queries that are slow (over 1 ms) or answered differently from their
//! ground truth (a `Maybe` counts as different), with their iterations and time of impact:
//!
//! ```text
//! cargo run --release --example ccd_diag -- DIR        (SHOW=1 also prints the positions)
//! ```

#[path = "support/ccd_data.rs"]
mod ccd_data;
use surety::queries::ccd::CcdOptions;
fn main() {
    let Some(dir) = std::env::args().nth(1) else {
        eprintln!("usage: ccd_diag DIR");
        std::process::exit(2);
    };
    for (scene, kind, path) in ccd_data::find_files(std::path::Path::new(&dir)) {
        for (i, q) in ccd_data::read_queries(&path)
            .unwrap_or_else(|e| panic!("{e}"))
            .iter()
            .enumerate()
        {
            let t = std::time::Instant::now();
            let h = q.ccd(kind).run(CcdOptions::default()).unwrap();
            let dt = t.elapsed().as_secs_f64();
            if dt > 1e-3 || (q.truth && h.verdict.is_false()) || (!q.truth && !h.verdict.is_false())
            {
                println!(
                    "{scene} {} {} #{i}: truth {} verdict {} iters {} {:.3}s toi {}",
                    kind.name(),
                    path.file_name().unwrap().to_str().unwrap(),
                    q.truth,
                    h.verdict,
                    h.iterations,
                    dt,
                    h.toi
                );
                if std::env::var("SHOW").is_ok() {
                    println!("  start {:?}\n  end {:?}", q.start, q.end);
                }
            }
        }
    }
}
