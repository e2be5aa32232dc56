//! The filter stack: a formula stated once, decided by the cheapest stage that can.
//!
//! A [`Formula`] is a query's deciding computation written over any [`Ring`]. [`decide`]
//! evaluates it in stages, each only when the one before could not decide:
//!
//! 0. The formula's own static filter ([`Formula::static_filter`]), where it has one: its
//!    plain float evaluation with an error bound derived by hand for that formula, at about
//!    the cost of the unchecked float query.
//! 1. [`Filtered`]: plain `f64` with a semi-static error bound (a few extra flops per
//!    operation). Decides almost every input that is not within rounding of a tie.
//! 2. [`Interval<f64>`]: directed rounding. Tighter where the a-priori bound is pessimistic,
//!    and where the filter was poisoned by a product that may have underflowed.
//! 3. Exact: [`Expansion`] (Shewchuk's floating-point expansions), or [`Dyadic`] big-integer
//!    arithmetic where a product would underflow an expansion; always decides. Runs only
//!    under [`Policy::Exact`]. A formula may also have its own adaptive exact evaluation
//!    ([`Formula::adaptive`]); that one goes right after the first cheap stage (0, or 1 for a
//!    formula without a static filter), under every policy: its answers are exact, and it
//!    costs less than the float filter and the intervals together.
//!
//! Inputs far from 1 (coordinates near `2^±1000`, say, whose squares overflow or underflow)
//! would leave every stage short of the exact one undecided. A formula whose answer does not
//! depend on the scale of its inputs says so with [`Formula::rescaled`]: everything after
//! the first cheap stage then runs on its inputs multiplied by exact powers of two, near 1.
//!
//! This is the layering of Shewchuk's adaptive predicates and CGAL's filtered kernels, with
//! one statement of each formula instead of one per stage.
//!
//! With the cargo feature `counters`, each thread counts which stage decided each call
//! ([`counts`], [`reset_counts`]); without it the counts stay zero and cost nothing.
//!
//! # Example
//! ```
//! use std::cmp::Ordering;
//! use surety_intervals::stack::{decide, Formula};
//! use surety_intervals::{Policy, Ring};
//!
//! /// Is `a·b > c·d`?
//! struct Greater([f64; 4]);
//!
//! impl Formula for Greater {
//!     type Output = bool;
//!     fn eval<R: Ring>(&self) -> Option<bool> {
//!         let [a, b, c, d] = self.0.map(R::from_f64);
//!         (a * b - c * d).positive().certain()
//!     }
//! }
//!
//! // 0.1·0.3 and 0.03·1 round to the same double; exactly, the first is larger.
//! let f = Greater([0.1, 0.3, 0.03, 1.0]);
//! assert_eq!(0.1f64 * 0.3, 0.03);
//! assert_eq!(decide(&f, Policy::Exact), Some(true));
//! assert_eq!(decide(&Greater([2.0, 3.0, 1.0, 5.0]), Policy::Conservative), Some(true));
//! ```

use crate::{Dyadic, Expansion, Filtered, Interval, Policy, Ring};

/// A deciding computation, stated once over any [`Ring`].
///
/// `eval` returns `Some` only when every sign it relied on was certain in `R` (so, by the
/// [`Ring`] contract, the exact answer), and must return `Some` when `R` is [`Dyadic`]: a
/// formula of ring operations, `abs`, `min`, `max` and sign tests does.
///
/// # Example
/// ```
/// use surety_intervals::stack::{decide, Formula};
/// use surety_intervals::{Policy, Ring};
///
/// /// Is x² + y² ≤ 1?
/// struct InDisc(f64, f64);
///
/// impl Formula for InDisc {
///     type Output = bool;
///     fn eval<R: Ring>(&self) -> Option<bool> {
///         let (x, y) = (R::from_f64(self.0), R::from_f64(self.1));
///         (R::from_f64(1.0) - (x.sqr() + y.sqr())).non_negative().certain()
///     }
/// }
/// // The doubles nearest 0.6 and 0.8 are just outside the unit circle: 1 + 4.4e-17.
/// assert_eq!(decide(&InDisc(0.6, 0.8), Policy::Conservative), None);
/// assert_eq!(decide(&InDisc(0.6, 0.8), Policy::Exact), Some(false));
/// ```
pub trait Formula {
    /// What the formula decides: `bool` for a predicate, `Ordering` for a sign, a region...
    type Output;

    /// The answer computed in `R`, or `None` if `R` could not decide it.
    fn eval<R: Ring>(&self) -> Option<Self::Output>;

    /// A static filter: the formula in plain floats with an a-priori error bound derived by
    /// hand for this formula (documented where it is implemented), tried before every other
    /// stage. `Some` only when the bound proves the answer; the default has no static filter.
    ///
    /// Implement it where a formula's structure allows a bound cheaper than [`Filtered`]'s
    /// (which tracks a magnitude per operation), such as a sum of squares compared with a
    /// square; its certain answers are checked by the same proofs as every other stage's.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::stack::{decide_in, Formula, Stage};
    /// use surety_intervals::Ring;
    ///
    /// /// Is x² ≤ y² for moderate x and y?
    /// struct SquareLe(f64, f64);
    ///
    /// impl Formula for SquareLe {
    ///     type Output = bool;
    ///     fn eval<R: Ring>(&self) -> Option<bool> {
    ///         let (x, y) = (R::from_f64(self.0), R::from_f64(self.1));
    ///         (y.sqr() - x.sqr()).non_negative().certain()
    ///     }
    ///     /// |x| ≤ |y| decides it, with no rounding at all.
    ///     fn static_filter(&self) -> Option<bool> {
    ///         Some(self.0.abs() <= self.1.abs())
    ///     }
    /// }
    /// assert_eq!(decide_in(&SquareLe(3.0, -4.0), Stage::Static), Some(true));
    /// assert_eq!(decide_in(&SquareLe(3.0, -4.0), Stage::Exact), Some(true));
    /// ```
    #[inline(always)]
    fn static_filter(&self) -> Option<Self::Output> {
        None
    }

    /// Whether [`Formula::static_filter`] is implemented: the stack then tries the generic
    /// filter only on the slow path, after the static one.
    const HAS_STATIC_FILTER: bool = false;

    /// An adaptive exact evaluation written for this formula (Shewchuk's adaptive predicates,
    /// say): the exact answer, or `None` outside the inputs it is proven for. Under every
    /// policy the stack tries it right after the first cheap stage (the static filter, or the
    /// generic float filter for a formula without one), before the intervals, since it is
    /// always certain and cheaper than they are; the generic exact stage stays the fallback
    /// under [`Policy::Exact`]. The default has none.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::stack::{decide_in, Formula, Stage};
    /// use surety_intervals::Ring;
    ///
    /// /// Is a + b > 0? Exactly: the sign of a + b is the sign of the larger magnitude.
    /// struct SumPositive(f64, f64);
    ///
    /// impl Formula for SumPositive {
    ///     type Output = bool;
    ///     const HAS_ADAPTIVE: bool = true;
    ///     fn eval<R: Ring>(&self) -> Option<bool> {
    ///         (R::from_f64(self.0) + R::from_f64(self.1)).positive().certain()
    ///     }
    ///     fn adaptive(&self) -> Option<bool> {
    ///         Some(self.0 + self.1 > 0.0) // a rounded sum has the sign of the exact one
    ///     }
    /// }
    /// assert_eq!(decide_in(&SumPositive(1e300, -1.0), Stage::Adaptive), Some(true));
    /// assert_eq!(decide_in(&SumPositive(1e300, -1.0), Stage::Exact), Some(true));
    /// ```
    #[inline(always)]
    fn adaptive(&self) -> Option<Self::Output> {
        None
    }

    /// Whether [`Formula::adaptive`] is implemented.
    const HAS_ADAPTIVE: bool = false;

    /// The same formula on its inputs scaled by exact powers of two, when they are so large or
    /// so small that the float stages would overflow or underflow on them (squares of `1e200`,
    /// products of `1e-200`); `None` where there is nothing to gain, and by default.
    ///
    /// Only for a formula whose answer such a scaling does not change: homogeneous in each
    /// group of inputs scaled alike (positions and lengths together, say), each input
    /// multiplied by a power of two that keeps every bit of its significand (no overflow, no
    /// subnormal result). [`decide`] and [`decide_with`] then run every stage after the first
    /// cheap one (the static filter, or the generic filter without one) on the scaled
    /// formula, the exact stage included: a scale that only the exact stage could decide
    /// becomes one the filters and the intervals decide.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::stack::{decide, decide_in, Formula, Stage};
    /// use surety_intervals::{Policy, Ring};
    ///
    /// /// Is x·y ≤ z²? Homogeneous of degree 2 in (x, y, z).
    /// struct ProductLe(f64, f64, f64);
    ///
    /// impl Formula for ProductLe {
    ///     type Output = bool;
    ///     fn eval<R: Ring>(&self) -> Option<bool> {
    ///         let (x, y, z) = (R::from_f64(self.0), R::from_f64(self.1), R::from_f64(self.2));
    ///         (z.sqr() - x * y).non_negative().certain()
    ///     }
    ///     fn rescaled(&self) -> Option<Self> {
    ///         // One factor 2^-600 for all three: exact for these magnitudes.
    ///         let k = 2f64.powi(-600);
    ///         (self.2.abs() > 1e150).then(|| ProductLe(self.0 * k, self.1 * k, self.2 * k))
    ///     }
    /// }
    /// let huge = ProductLe(3.0 * 2f64.powi(600), 3.0 * 2f64.powi(600), 3.0 * 2f64.powi(600));
    /// assert_eq!(decide_in(&huge, Stage::Interval), None); // the squares overflow
    /// assert_eq!(decide(&huge, Policy::Conservative), Some(true)); // decided at 3·3 ≤ 3²
    /// ```
    #[inline(always)]
    fn rescaled(&self) -> Option<Self>
    where
        Self: Sized,
    {
        None
    }
}

/// A formula behind a reference is the same formula.
impl<F: Formula + ?Sized> Formula for &F {
    type Output = F::Output;
    const HAS_STATIC_FILTER: bool = F::HAS_STATIC_FILTER;
    const HAS_ADAPTIVE: bool = F::HAS_ADAPTIVE;

    #[inline(always)]
    fn eval<R: Ring>(&self) -> Option<Self::Output> {
        (**self).eval::<R>()
    }

    #[inline(always)]
    fn static_filter(&self) -> Option<Self::Output> {
        (**self).static_filter()
    }

    #[inline(always)]
    fn adaptive(&self) -> Option<Self::Output> {
        (**self).adaptive()
    }
}

/// One stage of the stack.
///
/// # Example
/// ```
/// use surety_intervals::stack::{decide_in, Formula, Stage};
/// use surety_intervals::Ring;
///
/// struct SignOf(f64, f64); // the sign of a - b
/// impl Formula for SignOf {
///     type Output = std::cmp::Ordering;
///     fn eval<R: Ring>(&self) -> Option<Self::Output> {
///         (R::from_f64(self.0) - R::from_f64(self.1)).sign().certain()
///     }
/// }
/// // No static filter: that stage never decides it; every other stage does.
/// assert_eq!(decide_in(&SignOf(1.0, 2.0), Stage::Static), None);
/// for stage in [Stage::Filter, Stage::Interval, Stage::Exact] {
///     assert_eq!(decide_in(&SignOf(1.0, 2.0), stage), Some(std::cmp::Ordering::Less));
/// }
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stage {
    /// The formula's own static filter ([`Formula::static_filter`]), if it has one.
    Static,
    /// Plain `f64` with a semi-static error bound ([`Filtered`]).
    Filter,
    /// Directed rounding ([`Interval<f64>`]).
    Interval,
    /// The formula's own adaptive exact evaluation ([`Formula::adaptive`]), if it has one.
    Adaptive,
    /// Exact: floating-point expansions ([`Expansion`]), falling back to dyadic rationals
    /// ([`Dyadic`]) where an expansion cannot stay exact.
    Exact,
}

impl Stage {
    /// The five stages, in the order the stack tries them on a formula with a static filter
    /// (without one, the float filter comes first, then the adaptive stage; the exact stage
    /// only under [`Policy::Exact`]).
    pub const ALL: [Stage; 5] = [
        Stage::Static,
        Stage::Adaptive,
        Stage::Filter,
        Stage::Interval,
        Stage::Exact,
    ];
}

/// The formula evaluated in one stage only (for tests and measurements).
///
/// # Example
/// ```
/// use surety_intervals::stack::{decide_in, Formula, Stage};
/// use surety_intervals::Ring;
///
/// struct Tie; // is 0.1 · 3 > 0.3? Exactly, yes (by 1.7e-17).
/// impl Formula for Tie {
///     type Output = bool;
///     fn eval<R: Ring>(&self) -> Option<bool> {
///         (R::from_f64(0.1) * R::from_f64(3.0) - R::from_f64(0.3)).positive().certain()
///     }
/// }
/// assert_eq!(decide_in(&Tie, Stage::Filter), None);
/// assert_eq!(decide_in(&Tie, Stage::Exact), Some(true));
/// ```
pub fn decide_in<F: Formula + ?Sized>(formula: &F, stage: Stage) -> Option<F::Output> {
    match stage {
        Stage::Static => formula.static_filter(),
        Stage::Filter => formula.eval::<Filtered>(),
        Stage::Interval => formula.eval::<Interval<f64>>(),
        Stage::Adaptive => formula.adaptive(),
        Stage::Exact => exact(formula),
    }
}

/// The exact stage: expansions first, big integers where a product underflowed an expansion.
#[inline]
fn exact<F: Formula + ?Sized>(formula: &F) -> Option<F::Output> {
    formula
        .eval::<Expansion>()
        .or_else(|| formula.eval::<Dyadic>())
}

/// The formula decided by the cheapest stage that can: `None` only when the filters and the
/// interval stage could not decide and the policy is not [`Policy::Exact`].
///
/// See the [module documentation](self) for an example.
#[inline(always)]
pub fn decide<F: Formula>(formula: &F, policy: Policy) -> Option<F::Output> {
    if let Some(answer) = fast(formula) {
        return Some(answer);
    }
    slow(formula, policy)
}

/// [`decide`] on the formula that `make` builds, built again only if the fast stages cannot
/// decide: the formula's inputs then stay in registers on the fast path instead of being
/// stored for the slow one. `make` must build the same formula each time.
///
/// # Example
/// ```
/// use surety_intervals::stack::{decide_with, Formula};
/// use surety_intervals::{Policy, Ring};
///
/// struct Positive(f64);
/// impl Formula for Positive {
///     type Output = bool;
///     fn eval<R: Ring>(&self) -> Option<bool> {
///         R::from_f64(self.0).positive().certain()
///     }
/// }
/// let x = 0.5f32;
/// assert_eq!(decide_with(|| Positive(f64::from(x)), Policy::Exact), Some(true));
/// ```
#[inline(always)]
pub fn decide_with<F: Formula, M: Fn() -> F>(make: M, policy: Policy) -> Option<F::Output> {
    if let Some(answer) = fast(&make()) {
        return Some(answer);
    }
    escalate(&make, policy)
}

/// The first cheap stage: the static filter, or the generic filter for a formula without
/// one (with a static filter, the generic filter, looser where a formula has a static filter
/// at all, joins the slow path).
#[inline(always)]
fn fast<F: Formula>(formula: &F) -> Option<F::Output> {
    if let Some(answer) = formula.static_filter() {
        count(Stage::Static);
        return Some(answer);
    }
    if !F::HAS_STATIC_FILTER {
        if let Some(answer) = formula.eval::<Filtered>() {
            count(Stage::Filter);
            return Some(answer);
        }
    }
    None
}

/// The cold part of [`decide_with`], kept out of line so the fast path stays small.
#[inline(never)]
#[cold]
fn escalate<F: Formula, M: Fn() -> F>(make: &M, policy: Policy) -> Option<F::Output> {
    slow(&make(), policy)
}

/// The stages after the first cheap one, on the [rescaled](Formula::rescaled) formula where
/// there is one (the generic filter then again, on the scaled inputs).
#[inline(never)]
#[cold]
fn slow<F: Formula>(formula: &F, policy: Policy) -> Option<F::Output> {
    match formula.rescaled() {
        Some(scaled) => stages(&scaled, true, policy),
        None => stages(formula, F::HAS_STATIC_FILTER, policy),
    }
}

/// The adaptive stage, the generic filter (`filter`: not already tried), the intervals, and
/// the exact stage under [`Policy::Exact`].
#[inline(always)]
fn stages<F: Formula>(formula: &F, filter: bool, policy: Policy) -> Option<F::Output> {
    if F::HAS_ADAPTIVE {
        if let Some(answer) = formula.adaptive() {
            count(Stage::Adaptive);
            return Some(answer);
        }
    }
    if filter {
        if let Some(answer) = formula.eval::<Filtered>() {
            count(Stage::Filter);
            return Some(answer);
        }
    }
    if let Some(answer) = formula.eval::<Interval<f64>>() {
        count(Stage::Interval);
        return Some(answer);
    }
    if policy == Policy::Exact {
        let answer = exact(formula);
        if answer.is_some() {
            count(Stage::Exact);
            return answer;
        }
    }
    count_undecided();
    None
}

/// How many calls each stage decided on this thread (all zero without the `counters`
/// feature).
///
/// # Example
/// ```
/// use surety_intervals::stack::Counts;
///
/// let c = Counts { static_filter: 50, adaptive: 10, filter: 30, interval: 8, exact: 1, undecided: 1 };
/// assert_eq!(c.total(), 100);
/// assert_eq!(
///     c.to_string(),
///     "static 50 (50.00 %), adaptive 10 (10.00 %), filter 30 (30.00 %), interval 8 (8.00 %), \
///      exact 1 (1.00 %), undecided 1 (1.00 %)"
/// );
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Decided by the formula's static filter.
    pub static_filter: u64,
    /// Decided by the formula's adaptive exact evaluation.
    pub adaptive: u64,
    /// Decided by the float filter.
    pub filter: u64,
    /// Decided by the interval stage.
    pub interval: u64,
    /// Decided by the generic exact stage.
    pub exact: u64,
    /// Left undecided (`Maybe`): the policy was not [`Policy::Exact`].
    pub undecided: u64,
}

impl Counts {
    /// Whether this build counts (the `counters` feature).
    pub const ENABLED: bool = cfg!(feature = "counters");

    /// All calls counted.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::stack::Counts;
    ///
    /// assert_eq!(Counts::default().total(), 0);
    /// ```
    pub fn total(&self) -> u64 {
        self.static_filter
            + self.adaptive
            + self.filter
            + self.interval
            + self.exact
            + self.undecided
    }
}

impl core::fmt::Display for Counts {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let pct = |n: u64| 100.0 * n as f64 / self.total().max(1) as f64;
        write!(
            f,
            "static {} ({:.2} %), adaptive {} ({:.2} %), filter {} ({:.2} %), interval {} ({:.2} %), exact {} ({:.2} %), undecided {} ({:.2} %)",
            self.static_filter,
            pct(self.static_filter),
            self.adaptive,
            pct(self.adaptive),
            self.filter,
            pct(self.filter),
            self.interval,
            pct(self.interval),
            self.exact,
            pct(self.exact),
            self.undecided,
            pct(self.undecided)
        )
    }
}

#[cfg(feature = "counters")]
std::thread_local! {
    static COUNTS: core::cell::Cell<Counts> = const {
        core::cell::Cell::new(Counts { static_filter: 0, adaptive: 0, filter: 0, interval: 0, exact: 0, undecided: 0 })
    };
}

#[inline]
fn count(_stage: Stage) {
    #[cfg(feature = "counters")]
    COUNTS.with(|c| {
        let mut n = c.get();
        match _stage {
            Stage::Static => n.static_filter += 1,
            Stage::Filter => n.filter += 1,
            Stage::Interval => n.interval += 1,
            Stage::Adaptive => n.adaptive += 1,
            Stage::Exact => n.exact += 1,
        }
        c.set(n);
    });
}

#[inline]
fn count_undecided() {
    #[cfg(feature = "counters")]
    COUNTS.with(|c| {
        let mut n = c.get();
        n.undecided += 1;
        c.set(n);
    });
}

/// This thread's counts since the last [`reset_counts`].
///
/// # Example
/// ```
/// use surety_intervals::stack::{counts, reset_counts, Counts};
///
/// reset_counts();
/// assert_eq!(counts(), Counts::default());
/// ```
pub fn counts() -> Counts {
    #[cfg(feature = "counters")]
    return COUNTS.with(|c| c.get());
    #[cfg(not(feature = "counters"))]
    Counts::default()
}

/// Sets this thread's counts to zero.
///
/// # Example
/// ```
/// use surety_intervals::stack::{counts, reset_counts};
///
/// reset_counts();
/// assert_eq!(counts().total(), 0);
/// ```
pub fn reset_counts() {
    #[cfg(feature = "counters")]
    COUNTS.with(|c| c.set(Counts::default()));
}
