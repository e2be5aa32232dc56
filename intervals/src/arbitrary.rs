//! Random intervals and vectors for containment proofs with quickcheck (feature `quickcheck`).
//!
//! quickcheck's own float generator never yields magnitudes below 1 or subnormals, so it
//! cannot reach the cases where interval code goes wrong. The generators here draw ends from
//! the whole range of the end type: log-uniform magnitudes from the smallest subnormal to the
//! largest finite value, subnormals, zeros, small integers (exact ties and cancellation),
//! neighbours of powers of two, points, near-points a few ulps wide, intervals that straddle
//! zero, half-lines and the entire line.
//!
//! A containment proof takes random intervals, picks random reals inside them with
//! [`point_in`] (the ends included) and checks the exact result of the operation against the
//! computed interval. With the `exact` feature, [`crate::exact`] gives the exact rationals.
//!
//! ```
//! use quickcheck::Gen;
//! use surety_intervals::{arbitrary::{checker, point_in}, Interval};
//!
//! // Property: the negation of an interval holds the negation of each member.
//! fn negation_contains_negated_members(a: Interval<f32>, seed: u64) -> bool {
//!     let mut g = Gen::new(seed as usize % 100 + 1);
//!     let x = point_in(a, &mut g);
//!     (-a).contains(-x)
//! }
//! checker().quickcheck(negation_contains_negated_members as fn(_, _) -> bool);
//! //! ```

use quickcheck::{Arbitrary, Gen, QuickCheck};

use crate::{Endpoint, Interval, Vec3};

/// How many cases a property runs when `QUICKCHECK_TESTS` is not set.
///
/// # Example
/// ```
/// assert!(surety_intervals::arbitrary::DEFAULT_TESTS >= 1000);
/// ```
pub const DEFAULT_TESTS: u64 = 4000;

/// A `QuickCheck` runner sized for proofs: [`DEFAULT_TESTS`] cases per property, or as many as
/// the `QUICKCHECK_TESTS` environment variable says (so CI can scale the proofs up).
///
/// # Example
/// ```
/// use surety_intervals::arbitrary::checker;
///
/// checker().tests(10).quickcheck((|x: u8| u16::from(x) < 256) as fn(u8) -> bool);
/// ```
pub fn checker() -> QuickCheck {
    let tests = std::env::var("QUICKCHECK_TESTS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(DEFAULT_TESTS);
    QuickCheck::new()
        .tests(tests)
        .max_tests(tests.saturating_mul(20))
}

/// A uniform random number in `0..n` (`n > 0`).
fn below(g: &mut Gen, n: u64) -> u64 {
    u64::arbitrary(g) % n.max(1)
}

/// A random finite value of `T` from the whole range (see the [module docs](self)).
///
/// # Example
/// ```
/// use quickcheck::Gen;
/// use surety_intervals::arbitrary::any_finite;
///
/// let mut g = Gen::new(100);
/// let xs: Vec<f32> = (0..1000).map(|_| any_finite(&mut g)).collect();
/// assert!(xs.iter().all(|x| x.is_finite()));
/// assert!(xs.iter().any(|x| x.is_subnormal()));
/// ```
pub fn any_finite<T: Endpoint>(g: &mut Gen) -> T {
    let max_key = T::INF_KEY - 1;
    let smallest_normal_key = T::min_positive_value().to_key();
    let negative = bool::arbitrary(g);
    let sign = |k: i64| if negative { -k } else { k };
    let key = match below(g, 16) {
        // Uniform over bit patterns: log-uniform magnitudes over the whole range.
        0..=4 => sign(below(g, max_key as u64 + 1) as i64),
        // Subnormals.
        5 => sign(below(g, smallest_normal_key as u64) as i64),
        // Moderate magnitudes, 2^-40 to 2^40.
        6..=8 => {
            let e = below(g, 81) as i32 - 40;
            let m = 1.0 + below(g, 1 << 20) as f64 / (1 << 20) as f64;
            return T::down_from_f64(if negative { -m } else { m } * 2f64.powi(e));
        }
        // Small integers and halves: exact ties, cancellation.
        9..=11 => {
            return T::down_from_f64(
                (below(g, 65) as f64 - 32.0) / [1.0, 2.0][below(g, 2) as usize],
            );
        }
        // A few ulps around a power of two.
        12 | 13 => {
            let e = below(g, 21) as i32 - 10;
            let k = T::down_from_f64(2f64.powi(e)).to_key() + below(g, 9) as i64 - 4;
            sign(k)
        }
        // Extremes.
        _ => {
            let specials = [0, 1, smallest_normal_key, max_key, max_key - 1];
            sign(specials[below(g, specials.len() as u64) as usize])
        }
    };
    T::from_key(key.clamp(-max_key, max_key))
}

/// A random real number inside `x`, as a finite `T`: often an end, otherwise drawn uniformly by
/// bit pattern between the ends (infinite ends stand for the largest finite values).
///
/// # Example
/// ```
/// use quickcheck::Gen;
/// use surety_intervals::{arbitrary::point_in, Interval};
///
/// let mut g = Gen::new(100);
/// let x = Interval::new(-1.0, f64::INFINITY)?;
/// for _ in 0..100 {
///     let p = point_in(x, &mut g);
///     assert!(x.contains(p));
/// }
/// # Ok::<(), surety_intervals::IntervalError>(())
/// ```
pub fn point_in<T: Endpoint>(x: Interval<T>, g: &mut Gen) -> T {
    let max_key = T::INF_KEY - 1;
    let lo = x.lo().to_key().max(-max_key);
    let hi = x.hi().to_key().min(max_key);
    let key = match below(g, 4) {
        0 => lo,
        1 => hi,
        // The span can exceed i64 (from -MAX to MAX): count in i128.
        _ => {
            (i128::from(lo) + i128::from(below(g, (i128::from(hi) - i128::from(lo)) as u64 + 1)))
                as i64
        }
    };
    T::from_key(key)
}

/// The kind of intervals [`Arbitrary`] draws, in proportion.
impl<T: Endpoint> Arbitrary for Interval<T> {
    fn arbitrary(g: &mut Gen) -> Self {
        let a: T = any_finite(g);
        let b: T = any_finite(g);
        let inf = T::infinity();
        let pick = match below(g, 20) {
            0..=6 => (a.min(b), a.max(b)),
            7..=9 => (a, a),
            10..=12 => {
                // A few ulps wide.
                let k = a.to_key();
                let w = below(g, 4) as i64;
                (T::from_key(k), T::from_key((k + w).min(T::INF_KEY - 1)))
            }
            13..=15 => (-a.abs(), b.abs()),
            16 => (a, inf),
            17 => (-inf, a),
            18 => (-inf, inf),
            _ => (T::zero(), a.abs()),
        };
        Interval::new(pick.0, pick.1).unwrap_or(Interval::ENTIRE)
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        // Strictly simpler each step, so shrinking ends: an interval shrinks to the points at
        // its ends, a point to zero, zero to nothing.
        let candidates = if self.is_point() {
            vec![Interval::ZERO]
        } else {
            vec![Interval::enclose(self.lo()), Interval::enclose(self.hi())]
        };
        let me = *self;
        Box::new(
            candidates
                .into_iter()
                .filter(move |c| *c != me && c.is_bounded()),
        )
    }
}

impl<S: Arbitrary> Arbitrary for Vec3<S> {
    fn arbitrary(g: &mut Gen) -> Self {
        Vec3::new(S::arbitrary(g), S::arbitrary(g), S::arbitrary(g))
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        let (x, y, z) = (self.x.clone(), self.y.clone(), self.z.clone());
        let (y2, z2, x3) = (y.clone(), z.clone(), x.clone());
        Box::new(
            self.x
                .shrink()
                .map(move |x| Vec3::new(x, y.clone(), z.clone()))
                .chain(
                    self.y
                        .shrink()
                        .map(move |y| Vec3::new(x3.clone(), y, z2.clone())),
                )
                .chain(
                    self.z
                        .shrink()
                        .map(move |z| Vec3::new(x.clone(), y2.clone(), z)),
                ),
        )
    }
}
