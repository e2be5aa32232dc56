//! The cost of the interval wrapper: `Interval<f64>` against raw `inari::Interval`, the raw
//! portable backend (`surety::intervals::portable::Raw`) and plain `f64` on add, mul and a
//! 3-vector dot product, and `Interval<f32>` against `Interval<f64>`. (`Interval<f64>` runs on
//! whichever backend the build selected; `examples/backends.rs` times both backends
//! interleaved on more operations.)
//!
//! Run: `cargo bench --bench intervals`. Each benchmark evaluates 1024 independent operations
//! per iteration (criterion reports time per iteration; the table printed at the end divides
//! by 1024 and gives ratios from this same run).

use std::hint::black_box;

mod common;

use common::median_ns;

use criterion::{Criterion, Throughput};
use surety_intervals::portable::Raw;
use surety_intervals::{Interval, Scalar, Vec3};

const N: usize = 1024;

/// A small deterministic generator (xorshift), so every run measures the same inputs.
#[allow(dead_code)] // not every benchmark draws every kind of number
#[path = "../examples/support/rng.rs"]
mod rng;
use rng::Rng;

trait Pairs {
    fn next_f64(&mut self) -> f64;
    fn next_pair(&mut self) -> (f64, f64);
}

impl Pairs for Rng {
    fn next_f64(&mut self) -> f64 {
        self.range(-100.0, 100.0)
    }

    /// `(lo, hi)` with a width of up to 1, straddling zero sometimes.
    fn next_pair(&mut self) -> (f64, f64) {
        let a = self.next_f64();
        let w = self.next_f64().abs() / 100.0;
        (a, a + w)
    }
}

fn inputs() -> Vec<(f64, f64)> {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    (0..3 * N).map(|_| rng.next_pair()).collect()
}

fn raw(p: (f64, f64)) -> inari::Interval {
    inari::Interval::try_from(p).expect("lo <= hi")
}

fn portable(p: (f64, f64)) -> Raw {
    Raw::try_from(p).expect("lo <= hi")
}

fn ours<T: surety_intervals::Endpoint>(p: (f64, f64)) -> Interval<T> {
    let (lo, hi) = (T::down_from_f64(p.0), T::up_from_f64(p.1));
    Interval::new(lo, hi).expect("lo <= hi")
}

/// One generic dot product, as a query would write it. Not inlined, like `dot3_raw`, so the
/// two loops compile alike (checked in the disassembly: the same three calls to inari's `mul`
/// and the same two inlined adds).
#[inline(never)]
fn dot3<S: Scalar>(a: &[Vec3<S>], b: &[Vec3<S>], out: &mut [S]) {
    for ((a, b), o) in a.iter().zip(b).zip(out) {
        *o = a.dot(*b);
    }
}

/// The same loop on raw inari intervals, written by hand.
#[inline(never)]
fn dot3_raw(a: &[[inari::Interval; 3]], b: &[[inari::Interval; 3]], out: &mut [inari::Interval]) {
    for ((a, b), o) in a.iter().zip(b).zip(out) {
        *o = a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    }
}

/// The same loop on the raw portable backend.
#[inline(never)]
fn dot3_portable(a: &[[Raw; 3]], b: &[[Raw; 3]], out: &mut [Raw]) {
    for ((a, b), o) in a.iter().zip(b).zip(out) {
        *o = a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    }
}

/// Times `op` over 1024 operand pairs (monomorphised, so `op` inlines as in user code).
fn time_op<X: Copy, R: Copy>(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    label: &str,
    xs: &[X],
    ys: &[X],
    init: R,
    op: impl Fn(X, X) -> R,
) {
    let mut out = vec![init; xs.len()];
    group.bench_function(label, |b| {
        b.iter(|| {
            for ((x, y), o) in black_box(xs).iter().zip(black_box(ys)).zip(&mut out) {
                *o = op(*x, *y);
            }
            black_box(&out);
        })
    });
}

macro_rules! bench_binary {
    ($c:expr, $name:literal, $op:tt) => {{
        let data = inputs();
        let (xs, ys) = (&data[..N], &data[N..2 * N]);
        let mut group = $c.benchmark_group($name);
        group.throughput(Throughput::Elements(N as u64));
        let f = |v: &[(f64, f64)]| v.iter().map(|p| p.0).collect::<Vec<f64>>();
        time_op(&mut group, "f64", &f(xs), &f(ys), 0.0, |x, y| x $op y);
        let r = |v: &[(f64, f64)]| v.iter().map(|p| raw(*p)).collect::<Vec<_>>();
        time_op(&mut group, "inari", &r(xs), &r(ys), inari::Interval::ENTIRE, |x, y| x $op y);
        let p = |v: &[(f64, f64)]| v.iter().map(|p| portable(*p)).collect::<Vec<_>>();
        time_op(&mut group, "portable", &p(xs), &p(ys), Raw::ENTIRE, |x, y| x $op y);
        let i64_ = |v: &[(f64, f64)]| v.iter().map(|p| ours::<f64>(*p)).collect::<Vec<_>>();
        time_op(&mut group, "Interval<f64>", &i64_(xs), &i64_(ys), Interval::ZERO, |x, y| x $op y);
        let i32_ = |v: &[(f64, f64)]| v.iter().map(|p| ours::<f32>(*p)).collect::<Vec<_>>();
        time_op(&mut group, "Interval<f32>", &i32_(xs), &i32_(ys), Interval::ZERO, |x, y| x $op y);
        group.finish();
    }};
}

fn bench_dot3(c: &mut Criterion) {
    let data = inputs();
    let mut group = c.benchmark_group("dot3");
    group.throughput(Throughput::Elements(N as u64));

    let fa: Vec<Vec3<f64>> = data
        .chunks(3)
        .map(|c| Vec3::new(c[0].0, c[1].0, c[2].0))
        .collect();
    let fb: Vec<Vec3<f64>> = fa.iter().rev().copied().collect();
    let mut out_f = vec![0.0; fa.len()];
    group.bench_function("f64", |b| {
        b.iter(|| {
            dot3(black_box(&fa), black_box(&fb), &mut out_f);
            black_box(&out_f);
        })
    });

    let ra: Vec<[inari::Interval; 3]> = data
        .chunks(3)
        .map(|c| [raw(c[0]), raw(c[1]), raw(c[2])])
        .collect();
    let rb: Vec<[inari::Interval; 3]> = ra.iter().rev().copied().collect();
    let mut out_r = vec![inari::Interval::ENTIRE; ra.len()];
    group.bench_function("inari", |b| {
        b.iter(|| {
            dot3_raw(black_box(&ra), black_box(&rb), &mut out_r);
            black_box(&out_r);
        })
    });

    let pa: Vec<[Raw; 3]> = data
        .chunks(3)
        .map(|c| [portable(c[0]), portable(c[1]), portable(c[2])])
        .collect();
    let pb: Vec<[Raw; 3]> = pa.iter().rev().copied().collect();
    let mut out_p = vec![Raw::ENTIRE; pa.len()];
    group.bench_function("portable", |b| {
        b.iter(|| {
            dot3_portable(black_box(&pa), black_box(&pb), &mut out_p);
            black_box(&out_p);
        })
    });

    macro_rules! wrapped {
        ($t:ty, $label:literal) => {{
            let ia: Vec<Vec3<Interval<$t>>> = data
                .chunks(3)
                .map(|c| Vec3::new(ours(c[0]), ours(c[1]), ours(c[2])))
                .collect();
            let ib: Vec<Vec3<Interval<$t>>> = ia.iter().rev().copied().collect();
            let mut out = vec![Interval::<$t>::ZERO; ia.len()];
            group.bench_function($label, |b| {
                b.iter(|| {
                    dot3(black_box(&ia), black_box(&ib), &mut out);
                    black_box(&out);
                })
            });
        }};
    }
    wrapped!(f64, "Interval<f64>");
    wrapped!(f32, "Interval<f32>");
    group.finish();
}

fn report() {
    println!("\nns per operation (median) and ratios, same run:");
    println!(
        "Interval<f64> here runs on the {} backend.",
        surety_intervals::BACKEND
    );
    println!("| op | f64 | inari | portable | Interval<f64> | Interval<f32> | portable/f64 | inari/portable | Interval<f64>/f64 | Interval<f32>/Interval<f64> |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for group in ["add", "mul", "dot3"] {
        let t: Vec<Option<f64>> = ["f64", "inari", "portable", "Interval<f64>", "Interval<f32>"]
            .iter()
            .map(|f| median_ns(group, f).map(|ns| ns / N as f64))
            .collect();
        let show = |x: Option<f64>| x.map_or("?".to_string(), |v| format!("{v:.2}"));
        let ratio = |a: Option<f64>, b: Option<f64>| match (a, b) {
            (Some(a), Some(b)) => format!("{:.2}×", a / b),
            _ => "?".to_string(),
        };
        println!(
            "| {group} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            show(t[0]),
            show(t[1]),
            show(t[2]),
            show(t[3]),
            show(t[4]),
            ratio(t[2], t[0]),
            ratio(t[1], t[2]),
            ratio(t[3], t[0]),
            ratio(t[4], t[3]),
        );
    }
}

fn main() {
    let mut c = Criterion::default()
        .warm_up_time(std::time::Duration::from_millis(500))
        .measurement_time(std::time::Duration::from_secs(2))
        .configure_from_args();
    bench_binary!(c, "add", +);
    bench_binary!(c, "mul", *);
    bench_dot3(&mut c);
    c.final_summary();
    report();
}
