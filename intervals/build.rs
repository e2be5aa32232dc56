//! Sets `cfg(surety_inari)` when inari is the interval backend: where it builds (x86-64 with
//! AVX and FMA, or AVX-512, enabled at compile time; AArch64) and the `portable` feature is
//! off. The condition must match the target-specific dependency on inari in Cargo.toml.

fn main() {
    println!("cargo::rustc-check-cfg=cfg(surety_inari)");
    println!("cargo::rerun-if-changed=build.rs");
    let arch = std::env::var("CARGO_CFG_TARGET_ARCH").unwrap_or_default();
    let features = std::env::var("CARGO_CFG_TARGET_FEATURE").unwrap_or_default();
    let has = |f: &str| features.split(',').any(|x| x == f);
    let inari_builds = match arch.as_str() {
        "x86_64" => (has("avx") && has("fma")) || has("avx512f"),
        "aarch64" => true,
        _ => false,
    };
    let portable = std::env::var_os("CARGO_FEATURE_PORTABLE").is_some();
    if inari_builds && !portable {
        println!("cargo::rustc-cfg=surety_inari");
    }
}
