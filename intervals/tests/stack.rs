//! The filter stack's stages against exact rationals: for random formulas over random `f64`
//! inputs (subnormal, huge, and near-ties built from rounded products and sums), every stage's
//! certain sign is the exact sign, and the exact stage always decides.
//!
//! Cases per property: `surety_intervals::arbitrary::DEFAULT_TESTS`, or `QUICKCHECK_TESTS`.

use std::cmp::Ordering;

use num_traits::{Signed, Zero};
use quickcheck::{Arbitrary, Gen, TestResult};
use surety_intervals::arbitrary::{any_finite, checker};
use surety_intervals::exact::{to_rational, BigRational};
use surety_intervals::stack::{decide, decide_in, Formula, Stage};
use surety_intervals::{
    cross3, lift3, Dyadic, Expansion, Filtered, Interval, Policy, Ring, Verdict,
};

/// A formula over numbered inputs.
#[derive(Clone, Debug)]
enum E {
    In(usize),
    Add(Box<E>, Box<E>),
    Sub(Box<E>, Box<E>),
    Mul(Box<E>, Box<E>),
    Neg(Box<E>),
    Abs(Box<E>),
    Max(Box<E>, Box<E>),
    Min(Box<E>, Box<E>),
}

impl E {
    fn eval<R: Ring>(&self, xs: &[f64]) -> R {
        let bin = |a: &E, b: &E| (a.eval::<R>(xs), b.eval::<R>(xs));
        match self {
            E::In(i) => R::from_f64(xs[*i]),
            E::Add(a, b) => {
                let (a, b) = bin(a, b);
                a + b
            }
            E::Sub(a, b) => {
                let (a, b) = bin(a, b);
                a - b
            }
            E::Mul(a, b) => {
                let (a, b) = bin(a, b);
                a * b
            }
            E::Neg(a) => -a.eval::<R>(xs),
            E::Abs(a) => a.eval::<R>(xs).abs(),
            E::Max(a, b) => {
                let (a, b) = bin(a, b);
                a.max(b)
            }
            E::Min(a, b) => {
                let (a, b) = bin(a, b);
                a.min(b)
            }
        }
    }

    /// The exact value, computed on rationals with no code shared with the stages.
    fn exact(&self, xs: &[f64]) -> BigRational {
        let bin = |a: &E, b: &E| (a.exact(xs), b.exact(xs));
        match self {
            E::In(i) => to_rational(xs[*i]).expect("finite"),
            E::Add(a, b) => {
                let (a, b) = bin(a, b);
                a + b
            }
            E::Sub(a, b) => {
                let (a, b) = bin(a, b);
                a - b
            }
            E::Mul(a, b) => {
                let (a, b) = bin(a, b);
                a * b
            }
            E::Neg(a) => -a.exact(xs),
            E::Abs(a) => a.exact(xs).abs(),
            E::Max(a, b) => {
                let (a, b) = bin(a, b);
                a.max(b)
            }
            E::Min(a, b) => {
                let (a, b) = bin(a, b);
                a.min(b)
            }
        }
    }

    fn random(g: &mut Gen, inputs: usize, depth: u32) -> E {
        let leaf = |g: &mut Gen| E::In(usize::arbitrary(g) % inputs);
        if depth == 0 {
            return leaf(g);
        }
        let sub = |g: &mut Gen| Box::new(E::random(g, inputs, depth - 1));
        match u8::arbitrary(g) % 10 {
            0 => leaf(g),
            1 | 2 => E::Add(sub(g), sub(g)),
            3 | 4 => E::Sub(sub(g), sub(g)),
            5 | 6 => E::Mul(sub(g), sub(g)),
            7 => E::Neg(sub(g)),
            8 => E::Abs(sub(g)),
            _ if bool::arbitrary(g) => E::Max(sub(g), sub(g)),
            _ => E::Min(sub(g), sub(g)),
        }
    }
}

/// A random input: moderate, from the whole range, or at the filter's range thresholds.
fn input(g: &mut Gen) -> f64 {
    let sign = if bool::arbitrary(g) { 1.0 } else { -1.0 };
    match u8::arbitrary(g) % 6 {
        0 | 1 => (i32::arbitrary(g) % 1000) as f64 / 64.0,
        2 => any_finite::<f64>(g),
        // Either side of the filter's input threshold 2^-125; products of eight of these
        // reach 2^-1200, below the subnormals.
        3 => sign * 1.25 * 2f64.powi(-(100 + (u16::arbitrary(g) % 50) as i32)),
        4 => sign * 2f64.powi(330 + (u16::arbitrary(g) % 200) as i32) * 1.5,
        _ => sign * (u64::arbitrary(g) >> 11) as f64 / (1u64 << 53) as f64,
    }
}

/// A tiny input: subnormal, or whose square is subnormal or underflows.
fn tiny_input(g: &mut Gen) -> f64 {
    let sign = if bool::arbitrary(g) { 1.0 } else { -1.0 };
    if bool::arbitrary(g) {
        sign * f64::from_bits(1 + u64::arbitrary(g) % (1 << 30))
    } else {
        let m = 1.0 + f64::from(u8::arbitrary(g)) / 256.0;
        sign * m * 2f64.powi(-(500 + (u8::arbitrary(g) % 60) as i32))
    }
}

/// Inputs with near-ties: some are the rounded products and sums of others, and the formula
/// is often `x·y - fl(x·y)` or `(x + y) - fl(x + y)` inside a random context.
#[derive(Clone, Debug)]
struct Case {
    xs: Vec<f64>,
    e: E,
}

impl Arbitrary for Case {
    fn arbitrary(g: &mut Gen) -> Case {
        let tiny = match u8::arbitrary(g) % 9 {
            0 => return deep_product(g),
            8 => return zero_times_poison(g),
            1 => true,
            _ => false,
        };
        // All inputs tiny (products underflow), or drawn from every range.
        let mut xs: Vec<f64> = (0..4)
            .map(|_| if tiny { tiny_input(g) } else { input(g) })
            .collect();
        let (i, j, k) = (
            usize::arbitrary(g) % 4,
            usize::arbitrary(g) % 4,
            usize::arbitrary(g) % 4,
        );
        // Rounded products and sums, moved by up to an ulp either way (an overflowed one is
        // replaced: inputs are finite): x·y - those is within rounding of zero, either sign.
        let nudge = |x: f64, g: &mut Gen| {
            let y = match u8::arbitrary(g) % 3 {
                0 => x.next_down(),
                1 => x,
                _ => x.next_up(),
            };
            if y.is_finite() {
                y
            } else {
                1.0
            }
        };
        let (p, s, p3) = (xs[i] * xs[j], xs[i] + xs[j], xs[i] * xs[j] * xs[k]);
        xs.push(nudge(p, g)); // 4
        xs.push(nudge(s, g)); // 5
        xs.push(nudge(p3, g)); // 6
        let n = xs.len();
        let (ei, ej, ek) = (E::In(i), E::In(j), E::In(k));
        let mul = |a: E, b: E| E::Mul(Box::new(a), Box::new(b));
        let sub = |a: E, b: E| E::Sub(Box::new(a), Box::new(b));
        let tie = match u8::arbitrary(g) % 4 {
            0 => Some(sub(mul(ei, ej), E::In(4))),
            1 => Some(sub(E::Add(Box::new(ei), Box::new(ej)), E::In(5))),
            2 => Some(sub(mul(mul(ei, ej), ek), E::In(6))),
            _ => None,
        };
        let e = match tie {
            Some(t) if bool::arbitrary(g) => t,
            Some(t) => E::Add(Box::new(t), Box::new(E::random(g, n, 2))),
            None => E::random(g, n, 4),
        };
        Case { xs, e }
    }
}

/// Zeros, inputs below the filter's threshold `2^-125` (which poison its magnitude) and
/// their underflowing products, combined under `min`, `max` and `abs`: a zero times a
/// poisoned input has magnitude `0 · ∞ = NaN`, which every node must keep.
fn zero_times_poison(g: &mut Gen) -> Case {
    let xs: Vec<f64> = (0..6)
        .map(|i| match (i, u8::arbitrary(g) % 4) {
            (0, _) => 0.0,
            (_, 0) => -0.0,
            (_, 1) => tiny_input(g),
            (_, 2) => {
                let sign = if bool::arbitrary(g) { 1.0 } else { -1.0 };
                // In two factors: `2f64.powi(e)` is 0 at run time below `2^-1023`.
                let e = -(126 + (u16::arbitrary(g) % 900) as i32);
                sign * 1.5 * 2f64.powi(e / 2) * 2f64.powi(e - e / 2)
            }
            _ => input(g),
        })
        .collect();
    let n = xs.len();
    let mut e = E::random(g, n, 3);
    for _ in 0..1 + u8::arbitrary(g) % 3 {
        let zero_product = E::Mul(
            Box::new(E::In(0)),
            Box::new(E::In(1 + usize::arbitrary(g) % (n - 1))),
        );
        let (a, b) = if bool::arbitrary(g) {
            (Box::new(e), Box::new(zero_product))
        } else {
            (Box::new(zero_product), Box::new(e))
        };
        e = match u8::arbitrary(g) % 5 {
            0 => E::Min(a, b),
            1 => E::Max(a, b),
            2 => E::Add(a, b),
            3 => E::Mul(a, b),
            _ => E::Abs(Box::new(E::Min(a, b))),
        };
    }
    Case { xs, e }
}

/// Products of 6 to 12 factors near the filter's input threshold `2^-125`, or of 24 to 40
/// near its weight threshold `2^-31`: their exact values lie around and below the
/// subnormals, where the filter's degree limit must hold.
fn deep_product(g: &mut Gen) -> Case {
    let (base, factors) = if bool::arbitrary(g) {
        (115, 6 + usize::arbitrary(g) % 7)
    } else {
        (24, 24 + usize::arbitrary(g) % 17)
    };
    let xs: Vec<f64> = (0..4)
        .map(|_| 1.5 * 2f64.powi(-(base + (u8::arbitrary(g) % 20) as i32)))
        .collect();
    let mut e = E::In(0);
    for _ in 1..factors {
        e = E::Mul(Box::new(e), Box::new(E::In(usize::arbitrary(g) % 4)));
    }
    if bool::arbitrary(g) {
        e = E::Sub(Box::new(e), Box::new(E::In(usize::arbitrary(g) % 4)));
    }
    Case { xs, e }
}

struct Sign<'a>(&'a Case);

impl Formula for Sign<'_> {
    type Output = Ordering;
    fn eval<R: Ring>(&self) -> Option<Ordering> {
        self.0.e.eval::<R>(&self.0.xs).sign().certain()
    }
}

fn exact_sign(c: &Case) -> Ordering {
    let x = c.e.exact(&c.xs);
    if x.is_zero() {
        Ordering::Equal
    } else if x.is_positive() {
        Ordering::Greater
    } else {
        Ordering::Less
    }
}

#[test]
fn every_stage_certain_sign_is_the_exact_sign() {
    fn prop(c: Case) -> TestResult {
        let exact = exact_sign(&c);
        let f = Sign(&c);
        let wrong = |what: &str, got: Option<Ordering>| {
            TestResult::error(format!("{what} said {got:?}, exact {exact:?}, case {c:?}"))
        };
        for &s in Stage::ALL.iter() {
            let got = decide_in(&f, s);
            if got.is_some_and(|sign| sign != exact) {
                return wrong(&format!("stage {s:?}"), got);
            }
        }
        let rings = [
            ("Filtered", c.e.eval::<Filtered>(&c.xs).sign().certain()),
            ("Expansion", c.e.eval::<Expansion>(&c.xs).sign().certain()),
            (
                "Interval",
                c.e.eval::<Interval<f64>>(&c.xs).sign().certain(),
            ),
            ("Conservative", decide(&f, Policy::Conservative)),
        ];
        for (what, got) in rings {
            if got.is_some_and(|sign| sign != exact) {
                return wrong(what, got);
            }
        }
        let deciders = [
            ("Exact stage", decide_in(&f, Stage::Exact)),
            ("Dyadic", c.e.eval::<Dyadic>(&c.xs).sign().certain()),
            ("Policy::Exact", decide(&f, Policy::Exact)),
        ];
        for (what, got) in deciders {
            if got != Some(exact) {
                return wrong(what, got);
            }
        }
        TestResult::passed()
    }
    checker().quickcheck(prop as fn(Case) -> TestResult);
}

/// The stages decide most random formulas, and the filter nearly as many as the intervals:
/// a filter that never decides would pass the soundness property.
#[test]
fn the_filter_decides_most_formulas_away_from_ties() {
    let mut g = Gen::new(100);
    let (mut filter, mut interval, mut total) = (0, 0, 0);
    for _ in 0..3000 {
        let xs: Vec<f64> = (0..6)
            .map(|_| (u64::arbitrary(&mut g) >> 11) as f64 / (1u64 << 52) as f64 - 1.0)
            .collect();
        let c = Case {
            e: E::random(&mut g, 6, 4),
            xs,
        };
        total += 1;
        filter += usize::from(decide_in(&Sign(&c), Stage::Filter).is_some());
        interval += usize::from(decide_in(&Sign(&c), Stage::Interval).is_some());
    }
    assert!(
        filter * 100 >= total * 95,
        "filter decided {filter}/{total}"
    );
    assert!(
        filter * 100 >= interval * 97,
        "filter {filter}, interval {interval}"
    );
}

fn f(x: f64) -> Filtered {
    Filtered::from_f64(x)
}

/// Found by `every_stage_certain_sign_is_the_exact_sign` in CI: `0 · x` with a poisoned `x`
/// (below `2^-125`) has magnitude `0 · ∞ = NaN`, and `f64::max` inside the filter's `min`
/// dropped the NaN, leaving `m = 0` ("every monomial is exactly zero"). The underflowed
/// product `x1 · x3 ≈ -7.6e-631` then came out "certainly zero"; it is negative.
#[test]
fn a_zero_times_a_poisoned_input_never_makes_min_or_max_certainly_zero() {
    let (x0, x1, x3) = (-2.3261792685811192e-156, -3.2064428e-316, 2.38157996e-315);
    let zero = f(0.0);
    let underflowed = (f(x1) + zero * f(x0)) * f(x3);
    assert_eq!(underflowed.value(), 0.0); // the float product underflowed
    for m in [
        underflowed.min(zero * f(x0)),
        (zero * f(x0)).min(underflowed),
        underflowed.max(zero * f(x0)),
        (zero * f(x0)).max(underflowed),
        underflowed.min(zero),
        zero.max(-underflowed),
    ] {
        assert_eq!(m.sign().certain(), None, "{m:?}");
    }
    // The NaN magnitude of `0 · x0` alone is undecided too, and stays so under max/min.
    assert_eq!((zero * f(x0)).sign().certain(), None);
    assert_eq!((zero * f(x0)).max(zero).sign().certain(), None);
    // The stack as a whole gets the exact sign.
    let c = Case {
        xs: vec![x0, x1, 0.0, x3],
        e: E::Min(
            Box::new(E::Mul(
                Box::new(E::Add(
                    Box::new(E::In(1)),
                    Box::new(E::Mul(Box::new(E::In(2)), Box::new(E::In(0)))),
                )),
                Box::new(E::In(3)),
            )),
            Box::new(E::In(2)),
        ),
    };
    assert_eq!(exact_sign(&c), Ordering::Less);
    assert_eq!(decide_in(&Sign(&c), Stage::Filter), None);
    assert_eq!(decide(&Sign(&c), Policy::Exact), Some(Ordering::Less));
}

#[test]
fn a_product_that_underflows_is_never_certain_in_the_filter() {
    let x = 2f64.powi(-540); // x² = 2^-1080 rounds to zero
    assert_eq!((x * x), 0.0);
    assert_eq!((f(x) * f(x)).sign().certain(), None);
    // The intervals round it outward to [0, 2^-1074]: unsure too. Only the exact stage knows.
    assert_eq!(
        (Interval::<f64>::from_f64(x) * Interval::<f64>::from_f64(x))
            .sign()
            .certain(),
        None
    );
    let d = Dyadic::from_f64(x);
    assert_eq!((d.clone() * d).sign().certain(), Some(Ordering::Greater));
    // At the input threshold 2^-125, the filter decides up to degree 8, and is right.
    let y = 2f64.powi(-125);
    let y8 = (f(y) * f(y)) * (f(y) * f(y)) * ((f(y) * f(y)) * (f(y) * f(y)));
    assert_eq!(y8.sign().certain(), Some(Ordering::Greater));
    assert_eq!((y8 * f(y)).sign().certain(), None); // degree 9: not the filter's
    assert_eq!((f(y.next_down()) * f(1.0)).sign().certain(), None); // below the threshold
                                                                    // A subnormal difference is exact: the intervals are certain, the filter leaves it.
    let tiny = f64::from_bits(3);
    assert_eq!((f(tiny) - f(f64::from_bits(2))).sign().certain(), None);
    let (a, b) = (
        Interval::<f64>::from_f64(tiny),
        Interval::<f64>::from_f64(f64::from_bits(2)),
    );
    assert_eq!((a - b).sign().certain(), Some(Ordering::Greater));
    // x² - x² cancels exactly; the filter cannot know that it is zero, the exact stage can.
    let z = f(x) * f(x) - f(x) * f(x);
    assert_eq!(z.sign().certain(), None);
    let d = Dyadic::from_f64(x);
    assert_eq!(
        (d.clone() * d.clone() - d.clone() * d).sign().certain(),
        Some(Ordering::Equal)
    );
}

#[test]
fn subnormal_products_that_round_the_same_way_do_not_fool_the_filter() {
    // a·b = 2.4 and c·d = 0.6, in units of 2^-1074: they round to 2 and 1, so
    // a·b - c·d - c·d - c·d computes to -1 unit while the exact value is +0.6 unit. The
    // filter's bound would underflow to zero there; only its input range check keeps it sound.
    let t = 2f64.powi(-537);
    let (a, b, c, d) = (1.2 * t, 2.0 * t, 1.2 * t, 0.5 * t);
    assert_eq!(a * b, 2.0 * f64::from_bits(1));
    assert_eq!(c * d, f64::from_bits(1));
    let cd = || Box::new(E::Mul(Box::new(E::In(2)), Box::new(E::In(3))));
    let ab = Box::new(E::Mul(Box::new(E::In(0)), Box::new(E::In(1))));
    let e = E::Sub(Box::new(E::Sub(Box::new(E::Sub(ab, cd())), cd())), cd());
    let c = Case {
        xs: vec![a, b, c, d],
        e,
    };
    assert_eq!(exact_sign(&c), Ordering::Greater);
    for stage in Stage::ALL {
        let s = decide_in(&Sign(&c), stage);
        assert!(s.is_none_or(|s| s == Ordering::Greater), "{stage:?}: {s:?}");
    }
    assert_eq!(decide(&Sign(&c), Policy::Exact), Some(Ordering::Greater));
}

#[test]
fn overflow_leaves_the_filter_and_the_intervals_unsure_but_not_wrong() {
    let big = 1e200;
    let over = f(big) * f(big) - f(big) * f(big); // inf - inf
    assert!(over.value().is_nan());
    assert_eq!(over.sign().certain(), None);
    let i = Interval::<f64>::from_f64(big);
    assert_eq!((i * i - i * i).sign().certain(), None);
    // Exactly, 1e200² + 1 - 1e200² is 1.
    let d = Dyadic::from_f64(big);
    let one = Dyadic::from_f64(1.0);
    assert_eq!(
        (d.clone() * d.clone() + one - d.clone() * d)
            .sign()
            .certain(),
        Some(Ordering::Greater)
    );
}

#[test]
fn exact_zero_is_certain_in_the_filter_only_when_nothing_was_rounded_into_it() {
    assert_eq!(
        (f(0.0) * f(5.0) + f(0.0)).sign().certain(),
        Some(Ordering::Equal)
    );
    assert_eq!((f(3.0) - f(3.0)).sign().certain(), None); // the filter cannot see cancellation
    assert_eq!(
        (Interval::<f64>::from_f64(3.0) - Interval::<f64>::from_f64(3.0))
            .sign()
            .certain(),
        Some(Ordering::Equal)
    );
}

#[test]
fn exact_policy_decides_what_the_cheap_stages_cannot() {
    // 0.1 · 10 - 1: the double 0.1 is above one tenth, by 5.55e-18 · 10.
    let c = Case {
        xs: vec![0.1, 10.0, 1.0],
        e: E::Sub(
            Box::new(E::Mul(Box::new(E::In(0)), Box::new(E::In(1)))),
            Box::new(E::In(2)),
        ),
    };
    assert_eq!(decide(&Sign(&c), Policy::Conservative), None);
    assert_eq!(decide(&Sign(&c), Policy::Exact), Some(Ordering::Greater));
    assert_eq!(exact_sign(&c), Ordering::Greater);
}

#[cfg(feature = "counters")]
#[test]
fn the_counters_name_the_stage_that_decided() {
    use surety_intervals::stack::{counts, reset_counts, Counts};
    let tie = Case {
        xs: vec![0.1, 10.0, 1.0],
        e: E::Sub(
            Box::new(E::Mul(Box::new(E::In(0)), Box::new(E::In(1)))),
            Box::new(E::In(2)),
        ),
    };
    let easy = Case {
        xs: vec![2.0],
        e: E::In(0),
    };
    let interval = Case {
        xs: vec![0.1, 10.0, 1f64.next_down()],
        ..tie.clone()
    };
    reset_counts();
    decide(&Sign(&easy), Policy::Exact);
    decide(&Sign(&interval), Policy::Exact);
    decide(&Sign(&tie), Policy::Exact);
    decide(&Sign(&tie), Policy::Conservative);
    let expected = Counts {
        static_filter: 0, // random formulas have no static filter
        adaptive: 0,      // nor an adaptive stage
        filter: 1,
        interval: 1,
        exact: 1,
        undecided: 1,
    };
    assert_eq!(counts(), expected);
}

/// A formula's adaptive stage runs under every policy, right after the cheap filter (here,
/// with no static filter, the generic float filter), and is counted as itself, not as the
/// generic exact stage.
#[cfg(feature = "counters")]
#[test]
fn the_adaptive_stage_runs_under_every_policy_and_is_counted_as_itself() {
    use surety_intervals::stack::{counts, reset_counts};
    /// Is `a + b > 0`? Adaptively: a rounded sum has the sign of the exact one.
    struct SumPositive(f64, f64);
    impl Formula for SumPositive {
        type Output = bool;
        const HAS_ADAPTIVE: bool = true;
        fn eval<R: Ring>(&self) -> Option<bool> {
            (R::from_f64(self.0) + R::from_f64(self.1))
                .positive()
                .certain()
        }
        fn adaptive(&self) -> Option<bool> {
            Some(self.0 + self.1 > 0.0)
        }
    }
    reset_counts();
    // A sum of exactly zero: no filter can be sure, the adaptive stage is.
    for policy in [Policy::Conservative, Policy::Exact] {
        assert_eq!(decide(&SumPositive(0.1, -0.1), policy), Some(false));
    }
    // Far from a tie: the float filter decides first.
    assert_eq!(
        decide(&SumPositive(1e300, -1.0), Policy::Conservative),
        Some(true)
    );
    let c = counts();
    assert_eq!(
        (c.adaptive, c.filter, c.interval, c.exact, c.total()),
        (2, 1, 0, 0, 3)
    );
}

/// The float filter's bound is `d · u · (1 + 2^-10) · m`, as derived: a value just inside it is
/// left undecided, values clear of it are decided. (The mutation run found a margin of
/// `1 - 2^-10`, and a bound near 1, both undetected by the soundness proofs alone.)
#[test]
fn the_float_filter_decides_exactly_outside_its_derived_bound() {
    let f = Filtered::from_f64;
    // 1 - (1 - 2^-52) = 2^-52 exactly, with m = 2 - 2^-52 and d = 1: the bound,
    // (2^-52 - 2^-105)(1 + 2^-10), is just above the value.
    for inside in [
        f(1.0) - f(1.0 - 2f64.powi(-52)),
        f(1.0) + f(-(1.0 - 2f64.powi(-52))),
    ] {
        assert_eq!(inside.sign().certain(), None);
        assert!(inside.error_bound() > 2f64.powi(-52));
        assert!(inside.error_bound() < 2f64.powi(-52) * (1.0 + 2f64.powi(-9)));
    }
    // 1 - (1 - 2^-42) = 2^-42, far above the bound of about 2^-52.
    let clear = f(1.0) - f(1.0 - 2f64.powi(-42));
    assert_eq!(clear.sign().certain(), Some(Ordering::Greater));
    // 3·3 - 8 = 1: d = 2, m = 17, a bound of about 4e-15.
    assert_eq!(
        (f(3.0) * f(3.0) - f(8.0)).sign().certain(),
        Some(Ordering::Greater)
    );
    // Weighted degree 33 is beyond the derivation (products of inputs of 2^-31 could
    // underflow): no bound and no sign, however clear the value; 32 still decides.
    let power = |n: usize| (1..n).fold(f(2.0), |p, _| p * f(2.0));
    assert_eq!(power(32).sign().certain(), Some(Ordering::Greater));
    assert_eq!(power(33).error_bound(), f64::INFINITY);
    assert_eq!(power(33).sign().certain(), None);
    // An input below 2^-31 weighs 4: eight of them decide, nine do not.
    let small = |n: usize| (1..n).fold(f(2f64.powi(-40)), |p, _| p * f(2f64.powi(-40)));
    assert_eq!(small(8).sign().certain(), Some(Ordering::Greater));
    assert_eq!(small(9).sign().certain(), None);
    // Weight 1 from 2^-31 up: 32 factors of 2^-31 are 2^-992, decided.
    let edge = |n: usize| (1..n).fold(f(2f64.powi(-31)), |p, _| p * f(2f64.powi(-31)));
    assert_eq!(edge(32).sign().certain(), Some(Ordering::Greater));
    // A product's depth is the sum of its factors' depths plus one: 2^8 by seven products
    // has depth 7, and the bound 256 · 7 · u'.
    let u = 2f64.powi(-53);
    assert!(power(8).error_bound() > 256.0 * 7.0 * u);
    assert!(power(8).error_bound() < 256.0 * 7.0 * u * (1.0 + 2f64.powi(-9)));
}

/// Every ring's sign verdicts agree with the sign, on -1, 0 and 1 (the mutation run found
/// `negative`, `non_positive` and `equals_zero` untested here), and `cross3` is the cross
/// product (it found `a_i b_j + a_j b_i` undetected by orthogonal examples).
#[test]
fn every_rings_sign_verdicts_and_the_cross_product_are_the_definitions() {
    fn check<R: Ring + core::fmt::Debug>() {
        for (x, o) in [
            (-1.0, Ordering::Less),
            (0.0, Ordering::Equal),
            (1.0, Ordering::Greater),
        ] {
            let r = R::from_f64(x);
            assert_eq!(r.sign().certain(), Some(o), "{r:?}");
            assert_eq!(r.positive(), Verdict::from(o == Ordering::Greater));
            assert_eq!(r.negative(), Verdict::from(o == Ordering::Less));
            assert_eq!(r.non_negative(), Verdict::from(o != Ordering::Less));
            assert_eq!(r.non_positive(), Verdict::from(o != Ordering::Greater));
            assert_eq!(r.equals_zero(), Verdict::from(o == Ordering::Equal));
        }
        let c = cross3(&lift3::<R>([1.0, 2.0, 3.0]), &lift3([4.0, 5.0, 6.0]));
        let expected = [-3.0, 6.0, -3.0];
        // Within 1/2 of the exact value (every ring decides that, the filter included).
        for (got, want) in c.into_iter().zip(expected) {
            let off = got - R::from_f64(want);
            assert_eq!(
                (off.clone() + R::from_f64(0.5)).sign().certain(),
                Some(Ordering::Greater)
            );
            assert_eq!(
                (off - R::from_f64(0.5)).sign().certain(),
                Some(Ordering::Less)
            );
        }
    }
    // Intervals that touch or straddle zero: the verdicts come from the ends, as tight as
    // the ends allow and certain only when every member agrees.
    let i = |lo: f64, hi: f64| Interval::new(lo, hi).unwrap();
    let (t, f, m) = (Verdict::True, Verdict::False, Verdict::Maybe);
    for (x, [pos, nonneg, neg, nonpos, zero]) in [
        (i(0.0, 1.0), [m, t, f, m, m]),
        (i(-1.0, 0.0), [f, m, m, t, m]),
        (i(-1.0, 1.0), [m, m, m, m, m]),
        (i(1.0, 2.0), [t, t, f, f, f]),
        (i(-2.0, -1.0), [f, f, t, t, f]),
        (i(0.0, 0.0), [f, t, f, t, t]),
    ] {
        let got = [
            x.positive(),
            x.non_negative(),
            x.negative(),
            x.non_positive(),
            x.equals_zero(),
        ];
        assert_eq!(got, [pos, nonneg, neg, nonpos, zero], "{x}");
    }
    // num_traits' `is_zero` on intervals: only [0, 0] (found untested by the mutation run).
    assert!(Zero::is_zero(&Interval::<f64>::ZERO));
    assert!(!Zero::is_zero(&Interval::new(0.0, 1.0).unwrap()));
    assert!(!Zero::is_zero(&Interval::<f32>::ONE));
    check::<Interval<f64>>();
    check::<Interval<f32>>();
    check::<Dyadic>();
    check::<Expansion>();
    check::<Filtered>();
    check::<f64>();
    check::<f32>();
}

/// An expansion that overflowed (or whose product underflowed) is inexact and keeps no
/// components: its sign is undecided whatever they are, and carried on they never cancel,
/// so every later product multiplied their number. An exact stage on coordinates near
/// `2^1000` under a pose ran for minutes that way before handing over to `Dyadic`.
#[test]
fn an_inexact_expansion_stays_empty_through_later_arithmetic() {
    let big = Expansion::from_f64(1e300);
    let third = Expansion::from_f64(1.0 / 3.0) + Expansion::from_f64(1e-30);
    let mut x = big.clone() * big * third.clone();
    assert!(!x.is_exact());
    assert!(x.components().is_empty());
    for _ in 0..40 {
        x = x.clone() * x + third.clone() * Expansion::from_f64(0.1);
    }
    assert!(!x.is_exact() && x.components().is_empty());
    assert_eq!(x.sign(), surety_intervals::Sign::Undecided);
    let tiny = Expansion::from_f64(1e-200);
    let y = tiny.clone() * tiny;
    assert!(!y.is_exact() && y.components().is_empty());
    // Exact arithmetic is unchanged.
    let z = third.clone() * third - Expansion::from_f64(1.0 / 9.0);
    assert!(z.is_exact() && !z.components().is_empty());
}
