//! The exact oracle and the input generators shared by the query proofs.
#![allow(dead_code)] // each proof file uses part of it

use num_traits::{Signed, Zero};
use quickcheck::{Arbitrary, Gen};
use surety_intervals::arbitrary::any_finite;
use surety_intervals::exact::{to_rational, BigRational};
use surety_intervals::{Interval, Vec3};

pub type Q = BigRational;
pub type Q3 = [Q; 3];

pub fn q(x: f64) -> Q {
    to_rational(x).expect("finite")
}

pub fn q3(v: Vec3<f64>) -> Q3 {
    v.to_array().map(q)
}

pub fn sub(a: &Q3, b: &Q3) -> Q3 {
    [&a[0] - &b[0], &a[1] - &b[1], &a[2] - &b[2]]
}

pub fn add(a: &Q3, b: &Q3) -> Q3 {
    [&a[0] + &b[0], &a[1] + &b[1], &a[2] + &b[2]]
}

pub fn scale(a: &Q3, s: &Q) -> Q3 {
    [&a[0] * s, &a[1] * s, &a[2] * s]
}

pub fn dot(a: &Q3, b: &Q3) -> Q {
    &a[0] * &b[0] + &a[1] * &b[1] + &a[2] * &b[2]
}

pub fn cross(a: &Q3, b: &Q3) -> Q3 {
    [
        &a[1] * &b[2] - &a[2] * &b[1],
        &a[2] * &b[0] - &a[0] * &b[2],
        &a[0] * &b[1] - &a[1] * &b[0],
    ]
}

pub fn lift(v: Vec3<f64>) -> Vec3<Interval> {
    Vec3::lift_f64(v)
}

/// Exact: does `x` lie in the closed, non-degenerate triangle `abc`? Solves
/// `x = a + s·e1 + t·e2` by Cramer's rule on the Gram matrix and checks the residual, so it
/// shares no formula with the library. `None` for a degenerate triangle.
pub fn in_triangle(x: &Q3, a: &Q3, b: &Q3, c: &Q3) -> Option<bool> {
    let (e1, e2, w) = (sub(b, a), sub(c, a), sub(x, a));
    let (g11, g12, g22) = (dot(&e1, &e1), dot(&e1, &e2), dot(&e2, &e2));
    let det = &g11 * &g22 - &g12 * &g12;
    if det.is_zero() {
        return None;
    }
    let (r1, r2) = (dot(&e1, &w), dot(&e2, &w));
    let s = (&r1 * &g22 - &r2 * &g12) / &det;
    let t = (&g11 * &r2 - &g12 * &r1) / &det;
    let on_plane = add(&add(a, &scale(&e1, &s)), &scale(&e2, &t)) == *x;
    let zero = Q::zero();
    let one = Q::from_integer(1.into());
    Some(on_plane && s >= zero && t >= zero && &s + &t <= one)
}

/// Exact: where does the line `p + λ·dir` cross the plane of `abc`? `Err(true)` when the line
/// lies in the plane (or the triangle is degenerate), `Err(false)` when it is parallel and off
/// it.
pub fn line_plane(p: &Q3, dir: &Q3, a: &Q3, b: &Q3, c: &Q3) -> Result<Q, bool> {
    let n = cross(&sub(b, a), &sub(c, a));
    let denom = dot(&n, dir);
    let num = dot(&n, &sub(a, p));
    if denom.is_zero() {
        Err(num.is_zero())
    } else {
        Ok(num / denom)
    }
}

/// A coordinate for geometry proofs: moderate random values, small dyadic grid values (exact
/// ties, tangency, points on edges), or anything from the whole f64 range.
pub fn coord(g: &mut Gen) -> f64 {
    match u8::arbitrary(g) % 8 {
        0..=2 => (i64::arbitrary(g) % 2000) as f64 / 16.0,
        3..=5 => {
            let m = (u64::arbitrary(g) >> 11) as f64 / (1u64 << 53) as f64;
            (m - 0.5) * 200.0
        }
        6 => any_finite::<f64>(g).clamp(-1e150, 1e150),
        _ => (i64::arbitrary(g) % 9) as f64 / 4.0,
    }
}

pub fn point(g: &mut Gen) -> Vec3<f64> {
    Vec3::new(coord(g), coord(g), coord(g))
}

/// The same geometry scaled by a power of two (exact), to reach huge and tiny coordinates.
pub fn scaled(v: Vec3<f64>, k: i32) -> Vec3<f64> {
    v * 2f64.powi(k)
}

/// `x` moved by `k` ulps (negative: down).
pub fn ulps(x: f64, k: i64) -> f64 {
    let mut y = x;
    for _ in 0..k.unsigned_abs() {
        y = if k > 0 { y.next_up() } else { y.next_down() };
    }
    y
}

pub fn abs(x: &Q) -> Q {
    x.abs()
}

/// A point with moderate coordinates: zero or between 1e-3 and 1e3 in magnitude (so nothing
/// underflows or overflows in a query's formula).
pub fn moderate_point(g: &mut Gen) -> Vec3<f64> {
    loop {
        let v = point(g);
        if v.to_array()
            .iter()
            .all(|c| c.abs() <= 1e3 && (*c == 0.0 || c.abs() >= 1e-3))
        {
            return v;
        }
    }
}
