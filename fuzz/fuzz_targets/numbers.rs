//! Helpers the fuzz targets share: numbers from the fuzzer's bytes, points, lifts to
//! intervals, and the one assertion (a certain verdict agrees with the exact answer).
#![allow(dead_code)]

use surety_intervals::{Interval, Vec3, Verdict};

/// Numbers from the bytes: whole `f64`s, or small integers and halves (so that ties happen).
pub fn numbers(data: &[u8]) -> Vec<f64> {
    let mut out = Vec::new();
    let mut rest = data;
    while let Some((&tag, tail)) = rest.split_first() {
        if tag & 1 == 0 && tail.len() >= 8 {
            let (bytes, tail) = tail.split_at(8);
            out.push(f64::from_le_bytes(bytes.try_into().unwrap()));
            rest = tail;
        } else {
            out.push(f64::from(tag as i8 >> 1) * 0.5);
            rest = tail;
        }
    }
    out
}

/// The point at `x[i..i + 3]`.
pub fn v(x: &[f64], i: usize) -> Vec3<f64> {
    Vec3::new(x[i], x[i + 1], x[i + 2])
}

/// A point as `f64` intervals (exact).
pub fn iv(p: Vec3<f64>) -> Vec3<Interval> {
    p.map(Interval::enclose)
}

/// A point as `f32` intervals (enclosing).
pub fn iv32(p: Vec3<f64>) -> Vec3<Interval<f32>> {
    p.map(Interval::<f32>::enclose_f64)
}

/// A certain verdict must be the exact answer.
#[track_caller]
pub fn agree(v: Verdict, exact: bool) {
    assert!(
        v.certain().is_none_or(|x| x == exact),
        "{v:?}, exact {exact}"
    );
}
