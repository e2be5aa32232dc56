//! The filter stack: a formula stated once, decided by the cheapest stage that can.
//!
//! A [`Formula`] is a query's deciding computation written over any [`Ring`]. [`decide`]
//! evaluates it in three stages, each only when the one before could not decide:
//!
//! 1. [`Filtered`]: plain `f64` with a semi-static error bound (a few extra flops per
//!    operation). Decides almost every input that is not within rounding of a tie.
//! 2. [`Interval<f64>`]: directed rounding. Tighter where the a-priori bound is pessimistic,
//!    and where the filter was poisoned by a product that may have underflowed.
//! 3. Exact: [`Expansion`] (Shewchuk's floating-point expansions), or [`Dyadic`] big-integer
//!    arithmetic where a product would underflow an expansion; always decides. Runs only
//!    under [`Policy::Exact`].
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
}

/// One stage of the stack.
///
/// # Example
/// ```
/// use surety_intervals::stack::{decide_in, Formula, Stage};
/// use surety_intervals::Ring;
///
/// struct Sign(f64, f64); // the sign of a - b
/// impl Formula for Sign {
///     type Output = std::cmp::Ordering;
///     fn eval<R: Ring>(&self) -> Option<Self::Output> {
///         (R::from_f64(self.0) - R::from_f64(self.1)).sign()
///     }
/// }
/// for stage in Stage::ALL {
///     assert_eq!(decide_in(&Sign(1.0, 2.0), stage), Some(std::cmp::Ordering::Less));
/// }
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stage {
    /// Plain `f64` with a semi-static error bound ([`Filtered`]).
    Filter,
    /// Directed rounding ([`Interval<f64>`]).
    Interval,
    /// Exact: floating-point expansions ([`Expansion`]), falling back to dyadic rationals
    /// ([`Dyadic`]) where an expansion cannot stay exact.
    Exact,
}

impl Stage {
    /// The three stages, cheapest first.
    pub const ALL: [Stage; 3] = [Stage::Filter, Stage::Interval, Stage::Exact];
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
        Stage::Filter => formula.eval::<Filtered>(),
        Stage::Interval => formula.eval::<Interval<f64>>(),
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

/// The formula decided by the cheapest stage that can: `None` only when the filter and the
/// interval stage could not decide and the policy is not [`Policy::Exact`].
///
/// See the [module documentation](self) for an example.
#[inline(always)]
pub fn decide<F: Formula + ?Sized>(formula: &F, policy: Policy) -> Option<F::Output> {
    if let Some(answer) = formula.eval::<Filtered>() {
        count(Stage::Filter);
        return Some(answer);
    }
    escalate(formula, policy)
}

/// The cold part of [`decide`], kept out of line so the filter's fast path stays small.
#[inline(never)]
#[cold]
fn escalate<F: Formula + ?Sized>(formula: &F, policy: Policy) -> Option<F::Output> {
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
/// let c = Counts { filter: 90, interval: 8, exact: 1, undecided: 1 };
/// assert_eq!(c.total(), 100);
/// assert_eq!(c.to_string(), "filter 90 (90.00 %), interval 8 (8.00 %), exact 1 (1.00 %), undecided 1 (1.00 %)");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Decided by the float filter.
    pub filter: u64,
    /// Decided by the interval stage.
    pub interval: u64,
    /// Decided by the exact stage.
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
        self.filter + self.interval + self.exact + self.undecided
    }
}

impl core::fmt::Display for Counts {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let pct = |n: u64| 100.0 * n as f64 / self.total().max(1) as f64;
        write!(
            f,
            "filter {} ({:.2} %), interval {} ({:.2} %), exact {} ({:.2} %), undecided {} ({:.2} %)",
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
        core::cell::Cell::new(Counts { filter: 0, interval: 0, exact: 0, undecided: 0 })
    };
}

#[inline]
fn count(_stage: Stage) {
    #[cfg(feature = "counters")]
    COUNTS.with(|c| {
        let mut n = c.get();
        match _stage {
            Stage::Filter => n.filter += 1,
            Stage::Interval => n.interval += 1,
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
