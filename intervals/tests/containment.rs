//! Containment proofs: for random intervals and random members of them (ends included), the
//! exact rational result of each operation lies in the computed interval, for `f32` and `f64`
//! ends. The members are drawn with a seed that quickcheck passes in, so failures replay.
//!
//! Cases per property: `surety_intervals::arbitrary::DEFAULT_TESTS`, or `QUICKCHECK_TESTS`.

#[macro_use]
mod support;

use num_traits::{One, Signed, Zero};
use quickcheck::Gen;
use surety_intervals::arbitrary::{any_finite, checker, point_in};
use surety_intervals::exact::{to_rational, BigRational};
use surety_intervals::{Endpoint, Interval, Scalar};

/// Members drawn per property case.
const DRAWS: usize = 4;

fn q<T: Endpoint>(x: T) -> BigRational {
    to_rational(x).expect("members are finite")
}

fn well_formed<T: Endpoint>(c: Interval<T>) -> bool {
    !c.lo().is_nan() && !c.hi().is_nan() && c.lo() <= c.hi() && c.lo() != T::infinity()
}

/// `c` holds `op(x, y)` for drawn members `x ∈ a`, `y ∈ b` wherever `op` is defined.
fn binary<T: Endpoint>(
    a: Interval<T>,
    b: Interval<T>,
    seed: u64,
    c: Interval<T>,
    op: impl Fn(&BigRational, &BigRational) -> Option<BigRational>,
) -> bool {
    let mut g = Gen::from_size_and_seed(100, seed);
    well_formed(c)
        && (0..DRAWS).all(|_| {
            let (x, y) = (point_in(a, &mut g), point_in(b, &mut g));
            op(&q(x), &q(y)).is_none_or(|exact| c.contains_rational(&exact))
        })
}

/// `c` holds `op(x)` for drawn members `x ∈ a` wherever `op` is defined.
fn unary<T: Endpoint>(
    a: Interval<T>,
    seed: u64,
    c: Interval<T>,
    op: impl Fn(&BigRational) -> Option<BigRational>,
) -> bool {
    let mut g = Gen::from_size_and_seed(100, seed);
    well_formed(c)
        && (0..DRAWS).all(|_| {
            let x = point_in(a, &mut g);
            op(&q(x)).is_none_or(|exact| c.contains_rational(&exact))
        })
}

fn sum_contains_exact_sums<T: Endpoint>(a: Interval<T>, b: Interval<T>, seed: u64) -> bool {
    binary(a, b, seed, a + b, |x, y| Some(x + y))
}

fn difference_contains_exact_differences<T: Endpoint>(
    a: Interval<T>,
    b: Interval<T>,
    seed: u64,
) -> bool {
    binary(a, b, seed, a - b, |x, y| Some(x - y))
}

fn product_contains_exact_products<T: Endpoint>(a: Interval<T>, b: Interval<T>, seed: u64) -> bool {
    binary(a, b, seed, a * b, |x, y| Some(x * y))
}

fn quotient_contains_exact_quotients<T: Endpoint>(
    a: Interval<T>,
    b: Interval<T>,
    seed: u64,
) -> bool {
    binary(a, b, seed, a / b, |x, y| (!y.is_zero()).then(|| x / y))
}

fn operations_with_plain_numbers_contain_exact_results<T: Endpoint>(
    a: Interval<T>,
    seed: u64,
) -> bool {
    let y = any_finite::<T>(&mut Gen::from_size_and_seed(100, seed ^ 0x5eed));
    let b = Interval::enclose(y);
    binary(a, b, seed, a + y, |x, y| Some(x + y))
        && binary(a, b, seed, a - y, |x, y| Some(x - y))
        && binary(a, b, seed, a * y, |x, y| Some(x * y))
        && binary(a, b, seed, a / y, |x, y| (!y.is_zero()).then(|| x / y))
}

fn negation_abs_and_square_contain_exact_results<T: Endpoint>(a: Interval<T>, seed: u64) -> bool {
    unary(a, seed, -a, |x| Some(-x))
        && unary(a, seed, a.abs(), |x| Some(x.abs()))
        && unary(a, seed, a.sqr(), |x| Some(x * x))
}

fn reciprocal_contains_exact_reciprocals<T: Endpoint>(a: Interval<T>, seed: u64) -> bool {
    unary(a, seed, a.recip(), |x| (!x.is_zero()).then(|| x.recip()))
}

fn square_is_never_looser_than_self_times_self<T: Endpoint>(a: Interval<T>) -> bool {
    a.sqr().is_subset_of(a * a) && a.sqr().lo() >= T::zero()
}

/// For a member `x >= 0` with `√x ∈ [lo, hi]`: `lo² <= x <= hi²`, decided exactly.
fn square_root_brackets_every_nonnegative_member<T: Endpoint>(a: Interval<T>, seed: u64) -> bool {
    match a.sqrt() {
        Err(_) => a.hi() < T::zero(),
        Ok(r) => {
            let mut g = Gen::from_size_and_seed(100, seed);
            well_formed(r)
                && r.lo() >= T::zero()
                && (0..DRAWS).all(|_| {
                    let x = q(point_in(a, &mut g));
                    if x.is_negative() {
                        return true;
                    }
                    let below = to_rational(r.lo()).is_none_or(|lo| &lo * &lo <= x);
                    let above = to_rational(r.hi()).is_none_or(|hi| x <= &hi * &hi);
                    below && above
                })
        }
    }
}

fn min_and_max_contain_exact_results<T: Endpoint>(
    a: Interval<T>,
    b: Interval<T>,
    seed: u64,
) -> bool {
    binary(a, b, seed, a.min(b), |x, y| Some(x.min(y).clone()))
        && binary(a, b, seed, a.max(b), |x, y| Some(x.max(y).clone()))
}

fn fused_multiply_add_contains_exact_results<T: Endpoint>(
    a: Interval<T>,
    b: Interval<T>,
    c: Interval<T>,
    seed: u64,
) -> bool {
    let r = a.mul_add(b, c);
    let mut g = Gen::from_size_and_seed(100, seed);
    well_formed(r)
        && (0..DRAWS).all(|_| {
            let (x, y, z) = (
                point_in(a, &mut g),
                point_in(b, &mut g),
                point_in(c, &mut g),
            );
            r.contains_rational(&(q(x) * q(y) + q(z)))
        })
}

fn hull_and_intersection_contain_their_members<T: Endpoint>(
    a: Interval<T>,
    b: Interval<T>,
    seed: u64,
) -> bool {
    let mut g = Gen::from_size_and_seed(100, seed);
    let h = a.hull_with(b);
    (0..DRAWS).all(|_| {
        let (x, y) = (point_in(a, &mut g), point_in(b, &mut g));
        let both = a.contains(y) && b.contains(y);
        h.contains(x) && h.contains(y) && a.intersection(b).map_or(!both, |i| i.contains(y) == both)
    })
}

fn widened_holds_both_ends_exactly<T: Endpoint>(seed: u64) -> bool {
    let mut g = Gen::from_size_and_seed(100, seed);
    let (c, r) = (any_finite::<T>(&mut g), any_finite::<T>(&mut g).abs());
    let w = Interval::widened(c, r).expect("finite center, nonnegative radius");
    w.contains_rational(&(q(c) - q(r))) && w.contains_rational(&(q(c) + q(r)))
}

/// On point operands, `+ - * /` return the tightest interval of the end type: each end is the
/// exact result rounded once outward.
fn point_operations_are_rounded_once_outward<T: Endpoint>(seed: u64) -> bool {
    let mut g = Gen::from_size_and_seed(100, seed);
    let (x, y) = (any_finite::<T>(&mut g), any_finite::<T>(&mut g));
    let (a, b) = (Interval::enclose(x), Interval::enclose(y));
    let (qx, qy) = (q(x), q(y));
    let mut cases = vec![(a + b, &qx + &qy), (a - b, &qx - &qy), (a * b, &qx * &qy)];
    if !y.is_zero() {
        cases.push((a / b, &qx / &qy));
    }
    cases.into_iter().all(|(c, exact)| tightest(c, &exact))
}

/// `c` holds `exact`, and moving either end one float inward would lose it.
fn tightest<T: Endpoint>(c: Interval<T>, exact: &BigRational) -> bool {
    let next_up = T::from_key(c.lo().to_key() + 1);
    let next_down = T::from_key(c.hi().to_key() - 1);
    let lo_tight = to_rational(next_up).is_none_or(|n| exact < &n);
    let hi_tight = to_rational(next_down).is_none_or(|n| &n < exact);
    c.contains_rational(exact) && lo_tight && hi_tight
}

fn lifting_f64_values_is_tight<T: Endpoint>(seed: u64) -> bool {
    let x = any_finite::<f64>(&mut Gen::from_size_and_seed(100, seed));
    tightest(<Interval<T> as Scalar>::lift_f64(x), &q(x))
}

/// `mid` is a member, `width` is at least the exact width, and `[mid - rad, mid + rad]` holds
/// the interval, all decided exactly.
fn mid_width_and_radius_describe_the_interval<T: Endpoint>(a: Interval<T>) -> bool {
    if !a.is_bounded() {
        return a.contains(a.mid()) && a.width() == T::infinity();
    }
    let (lo, hi, mid) = (q(a.lo()), q(a.hi()), q(a.mid()));
    let width_ok = to_rational(a.width()).is_none_or(|w| &hi - &lo <= w);
    let rad_ok = to_rational(a.rad()).is_none_or(|r| &mid - &r <= lo && hi <= &mid + &r);
    a.contains(a.mid()) && width_ok && rad_ok
}

/// `Iterator::sum` and `Iterator::product` over three intervals hold the exact sum and
/// product of drawn members (the mutation run found both untested: a sum computed with `-`
/// or `*` passed every other test).
fn iterator_sum_and_product_contain_exact_results<T: Endpoint>(
    a: Interval<T>,
    b: Interval<T>,
    c: Interval<T>,
    seed: u64,
) -> bool {
    let (sum, product): (Interval<T>, Interval<T>) =
        ([a, b, c].into_iter().sum(), [a, b, c].into_iter().product());
    let mut g = Gen::from_size_and_seed(100, seed);
    well_formed(sum)
        && well_formed(product)
        && (0..DRAWS).all(|_| {
            let [x, y, z] = [a, b, c].map(|i| q(point_in(i, &mut g)));
            sum.contains_rational(&(&x + &y + &z)) && product.contains_rational(&(&x * &y * &z))
        })
        && Interval::<T>::ZERO == core::iter::empty().sum()
        && Interval::<T>::ONE == core::iter::empty().product()
}

prove! {
    iterator_sum_and_product_contain_exact_results(_, _, _, _);
    sum_contains_exact_sums(_, _, _);
    difference_contains_exact_differences(_, _, _);
    product_contains_exact_products(_, _, _);
    quotient_contains_exact_quotients(_, _, _);
    operations_with_plain_numbers_contain_exact_results(_, _);
    negation_abs_and_square_contain_exact_results(_, _);
    reciprocal_contains_exact_reciprocals(_, _);
    square_is_never_looser_than_self_times_self(_);
    square_root_brackets_every_nonnegative_member(_, _);
    min_and_max_contain_exact_results(_, _, _);
    fused_multiply_add_contains_exact_results(_, _, _, _);
    hull_and_intersection_contain_their_members(_, _, _);
    widened_holds_both_ends_exactly(_);
    point_operations_are_rounded_once_outward(_);
    lifting_f64_values_is_tight(_);
    mid_width_and_radius_describe_the_interval(_);
}

#[test]
fn generators_reach_subnormal_huge_and_unbounded_intervals() {
    // The proofs above are only as good as their inputs: check the generator covers the
    // ranges where interval code breaks.
    use quickcheck::Arbitrary;
    let mut g = Gen::from_size_and_seed(100, 7);
    let xs: Vec<Interval<f64>> = (0..4000).map(|_| Interval::arbitrary(&mut g)).collect();
    let subnormal = xs
        .iter()
        .any(|x| x.lo().is_subnormal() || x.hi().is_subnormal());
    let huge = xs.iter().any(|x| x.hi().is_finite() && x.hi() > 1e300);
    let tiny = xs.iter().any(|x| x.lo() > 0.0 && x.lo() < 1e-300);
    let unbounded = xs.iter().any(|x| !x.is_bounded());
    let entire = xs.contains(&Interval::ENTIRE);
    let points = xs.iter().filter(|x| x.is_point()).count();
    let straddling = xs.iter().any(|x| x.lo() < 0.0 && x.hi() > 0.0);
    assert!(subnormal && huge && tiny && unbounded && entire && straddling);
    assert!(points > 400, "only {points} points");
    let one = BigRational::one();
    assert!(xs.iter().any(|x| x.contains_rational(&one)));
}
