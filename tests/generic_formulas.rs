//! The facade as a user meets it: one generic formula, evaluated plain and certified, with
//! certain verdicts checked against exact rational arithmetic.

use quickcheck::{Arbitrary, Gen};
use surety::intervals::arbitrary::{any_finite, checker};
use surety::intervals::exact::{to_rational, BigRational};
use surety::prelude::*;

/// The sign of the 3×3 orientation determinant: is `d` above the plane through `a, b, c`?
fn above<S: Scalar>(a: Vec3<S>, b: Vec3<S>, c: Vec3<S>, d: Vec3<S>) -> Verdict {
    (b - a).cross(c - a).dot(d - a).gt_zero()
}

fn exact_above(a: Vec3<f64>, b: Vec3<f64>, c: Vec3<f64>, d: Vec3<f64>) -> bool {
    let q = |v: Vec3<f64>| v.to_array().map(|x| to_rational(x).expect("finite"));
    let (a, b, c, d) = (q(a), q(b), q(c), q(d));
    let sub =
        |u: &[BigRational; 3], v: &[BigRational; 3]| [&u[0] - &v[0], &u[1] - &v[1], &u[2] - &v[2]];
    let (u, v, w) = (sub(&b, &a), sub(&c, &a), sub(&d, &a));
    let n = [
        &u[1] * &v[2] - &u[2] * &v[1],
        &u[2] * &v[0] - &u[0] * &v[2],
        &u[0] * &v[1] - &u[1] * &v[0],
    ];
    let det = &n[0] * &w[0] + &n[1] * &w[1] + &n[2] * &w[2];
    det > BigRational::from_integer(0.into())
}

/// Points drawn from the whole f64 range, or nearly coplanar ones (the hard case).
fn points(seed: u64) -> [Vec3<f64>; 4] {
    let mut g = Gen::from_size_and_seed(100, seed);
    let mut v = || Vec3::new(any_finite(&mut g), any_finite(&mut g), any_finite(&mut g));
    let (a, b, c) = (v(), v(), v());
    // On the plane up to rounding; where that overflows (coordinates near the ends of the
    // range), any point.
    let coplanar: Vec3<f64> = a + (b - a) * 0.25 + (c - a) * 0.5;
    let finite = coplanar.to_array().iter().all(|x| x.is_finite());
    let d = if seed % 2 == 1 && finite {
        coplanar
    } else {
        v()
    };
    [a, b, c, d]
}

fn certified_orientation_is_never_wrong(seed: u64) -> bool {
    let [a, b, c, d] = points(seed);
    let lift = Vec3::<Interval>::lift_f64;
    match above(lift(a), lift(b), lift(c), lift(d)).certain() {
        Some(answer) => answer == exact_above(a, b, c, d),
        None => true,
    }
}

#[test]
fn certified_orientation_is_never_wrong_on_wide_and_coplanar_inputs() {
    checker().quickcheck(certified_orientation_is_never_wrong as fn(u64) -> bool);
}

#[test]
fn certified_and_plain_agree_wherever_the_certified_one_is_certain() {
    let mut rng = Gen::from_size_and_seed(100, 11);
    let mut certain = 0;
    for _ in 0..2000 {
        // Moderate, well-spread coordinates: k / 7 for k < 1000.
        let mut small = || f64::from(u16::arbitrary(&mut rng) % 1000) / 7.0;
        let mut v = || Vec3::new(small(), small(), small());
        let (a, b, c, d) = (v(), v(), v(), v());
        let lift = Vec3::<Interval>::lift_f64;
        if let Some(answer) = above(lift(a), lift(b), lift(c), lift(d)).certain() {
            certain += 1;
            assert_eq!(above(a, b, c, d).certain(), Some(answer));
        }
    }
    assert!(
        certain > 1800,
        "only {certain} of 2000 well-spread cases were certain"
    );
}

#[test]
fn glam_points_go_in_and_come_out_unchanged() {
    let p = glam::Vec3::new(0.1, 0.2, 0.3);
    let v: Vec3<Interval> = p.into();
    let twice = v + v;
    assert!(twice.x.is_point(), "doubling an exact f32 is exact in f64");
    let back: glam::DVec3 = twice.mid().into();
    assert_eq!(back, p.as_dvec3() * 2.0);
}

#[test]
fn the_default_policy_counts_maybe_as_contact() {
    assert_eq!(Policy::default(), Policy::Conservative);
    assert!(Verdict::Maybe.resolve(Policy::default()));
}
