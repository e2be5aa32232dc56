//! The reader of the public CCD sample-query format (shared by `examples/ccd_bench.rs`,
//! `examples/ccd_diag.rs` and `tests/ccd.rs`): 8 rows per query, each `x_num,x_den,y_num,y_den,z_num,z_den,truth`, with
//! numerators and denominators as integers of any size.

use std::path::{Path, PathBuf};
use std::str::FromStr;

use surety::intervals::exact::{to_rational, BigInt, BigRational};
use surety::queries::ccd::CcdQuery;
use surety::Vec3;

/// One query: the eight positions (`[v, f0, f1, f2]` or `[a0, a1, b0, b1]` at `t = 0`, then
/// at `t = 1`) and the ground truth.
#[derive(Clone, Debug)]
pub struct Query {
    pub start: [Vec3<f64>; 4],
    pub end: [Vec3<f64>; 4],
    pub truth: bool,
}

impl Query {
    /// The query as the CCD API takes it, for `CcdQuery::run` or `ccd_batch`.
    pub fn ccd(&self, kind: Kind) -> CcdQuery {
        let (start, end) = (self.start, self.end);
        match kind {
            Kind::VertexFace => CcdQuery::VertexFace { start, end },
            Kind::EdgeEdge => CcdQuery::EdgeEdge { start, end },
        }
    }
}

/// The `f64` equal to `num / den`, or `None` when no `f64` is.
fn exact_f64(num: &BigInt, den: &BigInt) -> Option<f64> {
    if *den == BigInt::from(0) {
        return None;
    }
    let exact = BigRational::new(num.clone(), den.clone());
    // Parsing rounds each integer once and dividing once more: the exact value, if it is a
    // double, is within two ulps of this.
    let (n, d) = (
        f64::from_str(&num.to_string()).ok()?,
        f64::from_str(&den.to_string()).ok()?,
    );
    let guess = n / d;
    let mut candidates = vec![guess];
    let (mut below, mut above) = (guess, guess);
    for _ in 0..2 {
        below = below.next_down();
        above = above.next_up();
        candidates.extend([below, above]);
    }
    candidates
        .into_iter()
        .find(|c| c.is_finite() && to_rational(*c).as_ref() == Some(&exact))
}

/// Reads every query of one file.
///
/// # Errors
/// A message naming the file and the (1-based) line: a row without 7 integer columns, a
/// coordinate that is not exactly an `f64`, a truth other than 0 or 1, or a row count that is
/// not a multiple of 8.
pub fn read_queries(path: &Path) -> Result<Vec<Query>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut rows = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let at = || format!("{}:{}", path.display(), n + 1);
        let cols: Vec<&str> = line.split(',').map(str::trim).collect();
        if cols.len() != 7 {
            return Err(format!(
                "{}: expected 7 columns, found {}",
                at(),
                cols.len()
            ));
        }
        let int =
            |s: &str| BigInt::from_str(s).map_err(|_| format!("{}: not an integer: {s:?}", at()));
        let mut xyz = [0.0; 3];
        for (k, c) in xyz.iter_mut().enumerate() {
            let (num, den) = (int(cols[2 * k])?, int(cols[2 * k + 1])?);
            *c = exact_f64(&num, &den).ok_or_else(|| {
                format!("{}: coordinate {}/{} is not exactly an f64", at(), num, den)
            })?;
        }
        let truth = match cols[6] {
            "0" => false,
            "1" => true,
            other => return Err(format!("{}: truth must be 0 or 1, found {other:?}", at())),
        };
        rows.push((Vec3::new(xyz[0], xyz[1], xyz[2]), truth));
    }
    if rows.len() % 8 != 0 {
        return Err(format!(
            "{}: {} rows, not a multiple of 8",
            path.display(),
            rows.len()
        ));
    }
    Ok(rows
        .chunks(8)
        .map(|q| Query {
            start: [q[0].0, q[1].0, q[2].0, q[3].0],
            end: [q[4].0, q[5].0, q[6].0, q[7].0],
            truth: q[0].1,
        })
        .collect())
}

/// The query kinds, named as the data's folders are.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    VertexFace,
    EdgeEdge,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::VertexFace => "vertex-face",
            Kind::EdgeEdge => "edge-edge",
        }
    }
}

/// Every `*.csv` under `root`, with its scene (the folder holding `vertex-face/` and
/// `edge-edge/`) and its kind (from its parent folder's name); files elsewhere are skipped.
pub fn find_files(root: &Path) -> Vec<(String, Kind, PathBuf)> {
    let mut out = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().and_then(|e| e.to_str()) != Some("csv") {
                continue;
            }
            let parent = path.parent();
            let kind = match parent.and_then(|p| p.file_name()).and_then(|n| n.to_str()) {
                Some("vertex-face") => Kind::VertexFace,
                Some("edge-edge") => Kind::EdgeEdge,
                _ => continue,
            };
            let scene = parent
                .and_then(Path::parent)
                .and_then(|p| p.file_name())
                .and_then(|n| n.to_str())
                .unwrap_or("?")
                .to_string();
            out.push((scene, kind, path));
        }
    }
    out.sort();
    out
}
