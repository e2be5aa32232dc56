//! What the benchmarks share: reading criterion's results back for the ratio tables.

/// The median time per iteration, in ns, that criterion saved for `group/function` in this
/// target directory (criterion writes `target/criterion/<group>/<function>/new/estimates.json`,
/// with `<`, `>` and `/` replaced by `_`).
pub fn median_ns(group: &str, function: &str) -> Option<f64> {
    let clean = |s: &str| s.replace(['<', '>', '/'], "_");
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .parent()?
        .join("criterion")
        .join(clean(group))
        .join(clean(function))
        .join("new/estimates.json");
    let json = std::fs::read_to_string(path).ok()?;
    let median = &json[json.find("\"median\"")?..];
    let value = &median[median.find("\"point_estimate\":")? + "\"point_estimate\":".len()..];
    let end = value.find([',', '}'])?;
    value[..end].trim().parse().ok()
}
