//! The two interval backends side by side: inari (rounding-mode switches) and the portable one
//! (round-to-nearest plus error-free transformations), with plain `f64` as the baseline.
//!
//! Part 1 times each operation (`+ - * /`, `sqr`, `sqrt`, `mul_add`, a 3-vector dot product)
//! on 1024 interval pairs, raw inari and the raw portable kernel in the same process. Part 2
//! times the certified queries on interval shapes (`Interval<f64>`, whichever backend this
//! build selected) against the same generic query on `f64` shapes. The contenders take turns
//! within every round, on the same inputs, and each figure is the median over the rounds.
//!
//! Run: `cargo run --release --example backends` (inari where it builds), then
//! `cargo run --release --example backends --features portable`; compare part 2's ratios to
//! `f64` across the two runs. Add `--quick` for fewer rounds, `--queries` for part 2 alone.

use std::hint::black_box;
use std::time::Instant;

use surety::intervals::portable::Raw;
use surety::prelude::*;

#[allow(dead_code)]
#[path = "support/rng.rs"]
mod rng;
use rng::Rng;

const N: usize = 1024;

/// Whether raw inari can be timed here (the same condition as the dev-dependency on it).
const HAS_INARI: bool = cfg!(any(
    all(
        target_arch = "x86_64",
        target_feature = "avx",
        target_feature = "fma"
    ),
    all(target_arch = "x86_64", target_feature = "avx512f"),
    target_arch = "aarch64"
));

/// Nanoseconds per item of one pass of `f` over `n` items, repeated until 2 ms pass.
fn pass(n: usize, mut f: impl FnMut()) -> f64 {
    let start = Instant::now();
    let mut reps = 0u32;
    while start.elapsed().as_micros() < 2000 {
        f();
        reps += 1;
    }
    start.elapsed().as_nanos() as f64 / (f64::from(reps) * n as f64)
}

/// A point uniform in the cube `[-r, r]³`.
fn point(rng: &mut Rng, r: f64) -> Vec3<f64> {
    Vec3::new(rng.range(-r, r), rng.range(-r, r), rng.range(-r, r))
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// Runs the contenders in turn for `rounds` rounds; the median ns per item of each.
fn interleave(rounds: usize, n: usize, contenders: &mut [&mut dyn FnMut()]) -> Vec<f64> {
    let mut times = vec![Vec::new(); contenders.len()];
    for _ in 0..rounds {
        for (t, f) in times.iter_mut().zip(contenders.iter_mut()) {
            t.push(pass(n, f));
        }
    }
    times.into_iter().map(median).collect()
}

/// 1024 intervals of width up to 1 in [-100, 100] (some straddle zero), as `(lo, hi)`.
fn pairs(seed: u64) -> Vec<(f64, f64)> {
    let mut rng = Rng(seed);
    (0..N)
        .map(|_| {
            let a = rng.range(-100.0, 100.0);
            (a, a + rng.unit())
        })
        .collect()
}

macro_rules! op_row {
    ($rounds:expr, $name:expr, $xs:expr, $ys:expr, |$x:ident, $y:ident| $e:expr) => {{
        let (xs, ys): (&[(f64, f64)], &[(f64, f64)]) = (&$xs, &$ys);
        let fx: Vec<f64> = xs.iter().map(|p| p.0).collect();
        let fy: Vec<f64> = ys.iter().map(|p| p.0).collect();
        let px: Vec<Raw> = xs.iter().map(|&p| Raw::try_from(p).unwrap()).collect();
        let py: Vec<Raw> = ys.iter().map(|&p| Raw::try_from(p).unwrap()).collect();
        let mut out_f = vec![0.0; N];
        let mut out_p = vec![Raw::ENTIRE; N];
        let mut f = || {
            for (($x, $y), o) in black_box(&fx).iter().zip(black_box(&fy)).zip(&mut out_f) {
                let ($x, $y) = (*$x, *$y);
                *o = $e;
            }
            black_box(&out_f);
        };
        let mut p = || {
            for (($x, $y), o) in black_box(&px).iter().zip(black_box(&py)).zip(&mut out_p) {
                let ($x, $y) = (*$x, *$y);
                *o = $e;
            }
            black_box(&out_p);
        };
        let t = inari_row!($rounds, xs, ys, f, p, |$x, $y| $e);
        row($name, &t);
    }};
}

#[cfg(any(
    all(target_arch = "x86_64", target_feature = "avx", target_feature = "fma"),
    all(target_arch = "x86_64", target_feature = "avx512f"),
    target_arch = "aarch64"
))]
macro_rules! inari_row {
    ($rounds:expr, $xs:expr, $ys:expr, $f:ident, $p:ident, |$x:ident, $y:ident| $e:expr) => {{
        let ix: Vec<inari::Interval> = $xs
            .iter()
            .map(|&p| inari::Interval::try_from(p).unwrap())
            .collect();
        let iy: Vec<inari::Interval> = $ys
            .iter()
            .map(|&p| inari::Interval::try_from(p).unwrap())
            .collect();
        let mut out_i = vec![inari::Interval::ENTIRE; N];
        let mut i = || {
            for (($x, $y), o) in black_box(&ix).iter().zip(black_box(&iy)).zip(&mut out_i) {
                let ($x, $y) = (*$x, *$y);
                *o = $e;
            }
            black_box(&out_i);
        };
        let t = interleave($rounds, N, &mut [&mut $f, &mut i, &mut $p]);
        [t[0], t[1], t[2]]
    }};
}

#[cfg(not(any(
    all(target_arch = "x86_64", target_feature = "avx", target_feature = "fma"),
    all(target_arch = "x86_64", target_feature = "avx512f"),
    target_arch = "aarch64"
)))]
macro_rules! inari_row {
    ($rounds:expr, $xs:expr, $ys:expr, $f:ident, $p:ident, |$x:ident, $y:ident| $e:expr) => {{
        let t = interleave($rounds, N, &mut [&mut $f, &mut $p]);
        [t[0], f64::NAN, t[1]]
    }};
}

fn row(name: &str, t: &[f64; 3]) {
    let show = |v: f64| {
        if v.is_nan() {
            "–".to_string()
        } else {
            format!("{v:.2}")
        }
    };
    let ratio = |a: f64, b: f64| {
        if a.is_nan() || b.is_nan() {
            "–".to_string()
        } else {
            format!("{:.1}×", a / b)
        }
    };
    println!(
        "| {name} | {} | {} | {} | {} | {} |",
        show(t[0]),
        show(t[1]),
        show(t[2]),
        ratio(t[2], t[0]),
        ratio(t[1], t[2]),
    );
}

fn operations(rounds: usize) {
    println!("Part 1: ns per operation (median of {rounds} interleaved rounds)\n");
    println!("| operation | f64 | inari | portable | portable / f64 | inari / portable |");
    println!("|---|---:|---:|---:|---:|---:|");
    let (a, b, c) = (pairs(1), pairs(2), pairs(3));
    // Divisors away from zero, like most divisions in queries (and the f64 row's too).
    let away: Vec<(f64, f64)> = c
        .iter()
        .map(|&(lo, hi)| {
            if lo > 0.0 {
                (lo + 1.0, hi + 1.0)
            } else {
                (lo - 2.0, hi - 1.0)
            }
        })
        .map(|(l, h): (f64, f64)| (l.min(h), l.max(h)))
        .collect();
    let positive: Vec<(f64, f64)> = a
        .iter()
        .map(|&(lo, hi)| (lo.abs().min(hi.abs()), lo.abs().max(hi.abs())))
        .collect();
    op_row!(rounds, "add", a, b, |x, y| x + y);
    op_row!(rounds, "sub", a, b, |x, y| x - y);
    op_row!(rounds, "mul", a, b, |x, y| x * y);
    op_row!(rounds, "div", a, away, |x, y| x / y);
    op_row!(rounds, "sqr", a, b, |x, _y| x.sqr());
    op_row!(rounds, "sqrt", positive, b, |x, _y| x.sqrt());
    op_row!(rounds, "mul_add", a, b, |x, y| x.mul_add(y, x));
    op_row!(rounds, "dot3 (x·y + y·x + x·x)", a, b, |x, y| x * y
        + y * x
        + x * x);
}

/// The certified query on interval shapes and the same query on `f64` shapes.
fn queries(rounds: usize) {
    println!(
        "\nPart 2: ns per query on {} random cases, Interval<f64> on the {} backend (median of {rounds} interleaved rounds)\n",
        N,
        surety::intervals::BACKEND
    );
    println!("| query | f64 | Interval<f64> | Interval<f64> / f64 |");
    println!("|---|---:|---:|---:|");
    let mut rng = Rng(7);
    let lift = Vec3::<Interval>::lift_f64;
    let li = Interval::<f64>::enclose_f64;
    macro_rules! query {
        ($name:literal, $make:expr, |$s:ident| $q:expr) => {{
            let shapes: Vec<_> = (0..N).map(|_| $make).collect();
            let mut hits = 0usize;
            let (floats, intervals): (Vec<_>, Vec<_>) = shapes.into_iter().unzip();
            let mut f = || {
                for $s in black_box(&floats) {
                    hits += usize::from($q.resolve(Policy::Conservative));
                }
            };
            let mut hits_i = 0usize;
            let mut i = || {
                for $s in black_box(&intervals) {
                    hits_i += usize::from($q.resolve(Policy::Conservative));
                }
            };
            let t = interleave(rounds, N, &mut [&mut f, &mut i]);
            black_box((hits, hits_i));
            println!(
                "| {} | {:.1} | {:.1} | {:.1}× |",
                $name,
                t[0],
                t[1],
                t[1] / t[0]
            );
        }};
    }
    query!(
        "sphere–AABB",
        {
            let (c, r, lo) = (
                point(&mut rng, 2.0),
                rng.range(0.0, 1.2),
                point(&mut rng, 1.0),
            );
            let hi = lo + Vec3::new(rng.unit(), rng.unit(), rng.unit());
            (
                (
                    Sphere::<f64>::new(c, r).unwrap(),
                    Aabb::<f64>::new(lo, hi).unwrap(),
                ),
                (
                    Sphere::new(lift(c), li(r)).unwrap(),
                    Aabb::new(lift(lo), lift(hi)).unwrap(),
                ),
            )
        },
        |s| overlap_sphere_aabb(&s.0, &s.1)
    );
    query!(
        "segment–triangle",
        {
            let [a, b, c, p, q] = [
                point(&mut rng, 1.0),
                point(&mut rng, 1.0),
                point(&mut rng, 1.0),
                point(&mut rng, 1.5),
                point(&mut rng, 1.5),
            ];
            (
                (
                    Segment::<f64>::new(p, q).unwrap(),
                    Triangle::<f64>::new(a, b, c).unwrap(),
                ),
                (
                    Segment::new(lift(p), lift(q)).unwrap(),
                    Triangle::new(lift(a), lift(b), lift(c)).unwrap(),
                ),
            )
        },
        |s| intersect_segment_triangle(&s.0, &s.1)
    );
    query!(
        "triangle–AABB",
        {
            let [a, b, c, lo] = [
                point(&mut rng, 1.5),
                point(&mut rng, 1.5),
                point(&mut rng, 1.5),
                point(&mut rng, 1.0),
            ];
            let hi = lo + Vec3::new(rng.unit(), rng.unit(), rng.unit());
            (
                (
                    Triangle::<f64>::new(a, b, c).unwrap(),
                    Aabb::<f64>::new(lo, hi).unwrap(),
                ),
                (
                    Triangle::new(lift(a), lift(b), lift(c)).unwrap(),
                    Aabb::new(lift(lo), lift(hi)).unwrap(),
                ),
            )
        },
        |s| overlap_triangle_aabb(&s.0, &s.1)
    );
    query!(
        "sphere–triangle",
        {
            let [a, b, c, o] = [
                point(&mut rng, 1.0),
                point(&mut rng, 1.0),
                point(&mut rng, 1.0),
                point(&mut rng, 1.5),
            ];
            let r = rng.range(0.0, 0.8);
            (
                (
                    Sphere::<f64>::new(o, r).unwrap(),
                    Triangle::<f64>::new(a, b, c).unwrap(),
                ),
                (
                    Sphere::new(lift(o), li(r)).unwrap(),
                    Triangle::new(lift(a), lift(b), lift(c)).unwrap(),
                ),
            )
        },
        |s| overlap_sphere_triangle(&s.0, &s.1)
    );
    query!(
        "OBB–OBB",
        {
            let obb = |rng: &mut Rng| {
                // A rotation about a random axis by a random angle (floats: not exactly
                // orthonormal, as user data is).
                let (t, k) = (
                    rng.range(0.0, std::f64::consts::TAU),
                    Vec3::new(rng.unit(), rng.unit(), rng.unit() + 0.1),
                );
                let k = k * (1.0 / k.dot(k).sqrt());
                let (s, c) = t.sin_cos();
                let rot = |v: Vec3<f64>| v * c + k.cross(v) * s + k * (k.dot(v) * (1.0 - c));
                let axes = [
                    Vec3::new(1.0, 0.0, 0.0),
                    Vec3::new(0.0, 1.0, 0.0),
                    Vec3::new(0.0, 0.0, 1.0),
                ]
                .map(rot);
                let center = Vec3::new(
                    rng.range(-1.5, 1.5),
                    rng.range(-1.5, 1.5),
                    rng.range(-1.5, 1.5),
                );
                let half = Vec3::new(rng.unit(), rng.unit(), rng.unit());
                (
                    Obb::new(center, axes, half).unwrap(),
                    Obb::new(lift(center), axes.map(lift), lift(half)).unwrap(),
                )
            };
            let (a, ai) = obb(&mut rng);
            let (b, bi) = obb(&mut rng);
            ((a, b), (ai, bi))
        },
        |s| overlap_obb_obb(&s.0, &s.1)
    );
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let rounds = if quick { 5 } else { 21 };
    println!(
        "Interval backend of this build: {} (raw inari {}available here).\n",
        surety::intervals::BACKEND,
        if HAS_INARI { "" } else { "not " }
    );
    if !std::env::args().any(|a| a == "--queries") {
        operations(rounds);
    }
    queries(rounds);
}
