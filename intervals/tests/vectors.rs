//! Vector operations on interval components enclose the exact vector results, and glam values
//! convert exactly.

use quickcheck::Gen;
use surety_intervals::arbitrary::{checker, point_in};
use surety_intervals::exact::{to_rational, BigRational};
use surety_intervals::{Endpoint, Interval, Vec3};

type Q3 = [BigRational; 3];

fn member<T: Endpoint>(v: Vec3<Interval<T>>, g: &mut Gen) -> Q3 {
    v.to_array()
        .map(|c| to_rational(point_in(c, g)).expect("members are finite"))
}

fn dot(a: &Q3, b: &Q3) -> BigRational {
    &a[0] * &b[0] + &a[1] * &b[1] + &a[2] * &b[2]
}

fn cross(a: &Q3, b: &Q3) -> Q3 {
    [
        &a[1] * &b[2] - &a[2] * &b[1],
        &a[2] * &b[0] - &a[0] * &b[2],
        &a[0] * &b[1] - &a[1] * &b[0],
    ]
}

fn holds<T: Endpoint>(v: Vec3<Interval<T>>, q: &Q3) -> bool {
    v.to_array()
        .iter()
        .zip(q)
        .all(|(c, e)| c.contains_rational(e))
}

fn vector_operations_contain_exact_results<T: Endpoint>(
    a: Vec3<Interval<T>>,
    b: Vec3<Interval<T>>,
    seed: u64,
) -> bool {
    let mut g = Gen::from_size_and_seed(100, seed);
    let (x, y) = (member(a, &mut g), member(b, &mut g));
    let sum = [&x[0] + &y[0], &x[1] + &y[1], &x[2] + &y[2]];
    a.dot(b).contains_rational(&dot(&x, &y))
        && a.length_squared().contains_rational(&dot(&x, &x))
        && holds(a.cross(b), &cross(&x, &y))
        && holds(a + b, &sum)
        && holds(a * b.x, &x.clone().map(|c| c * &y[0]))
}

#[test]
fn vector_operations_contain_exact_results_f32() {
    checker().quickcheck(vector_operations_contain_exact_results::<f32> as fn(_, _, _) -> bool);
}

#[test]
fn vector_operations_contain_exact_results_f64() {
    checker().quickcheck(vector_operations_contain_exact_results::<f64> as fn(_, _, _) -> bool);
}

#[test]
fn glam_vectors_convert_exactly_into_every_scalar() {
    let g = glam::Vec3::new(0.1, -3e-40, 1.5e38);
    let as_f64: Vec3<f64> = g.into();
    let as_iv: Vec3<Interval<f32>> = g.into();
    let as_iv64: Vec3<Interval<f64>> = glam::Vec3A::from(g).into();
    assert_eq!(
        as_f64,
        Vec3::new(0.1f32 as f64, -3e-40f32 as f64, 1.5e38f32 as f64)
    );
    assert!(as_iv.x.is_point() && as_iv.y.is_point() && as_iv.z.is_point());
    assert_eq!(as_iv64.mid(), as_f64);
    assert_eq!(glam::Vec3::from(as_iv.lo()), g);
}

#[test]
fn glam_dvec3_round_trips_through_interval_vectors() {
    let d = glam::DVec3::new(-0.3, 1e-310, 7.0);
    let v: Vec3<Interval> = d.into();
    assert_eq!(glam::DVec3::from(v.lo()), d);
    assert_eq!(glam::DVec3::from(v.hi()), d);
}
