//! How a `Maybe` becomes a decision.

use crate::Verdict;

/// How to turn a [`Verdict`] into a `bool`.
///
/// Queries are phrased so that `True` means contact (overlap, hit, collision). The default,
/// [`Policy::Conservative`], treats an undecided query as a contact: a simulation may then do
/// extra work, but never misses a collision that exact arithmetic would see.
///
/// [`Policy::Exact`] is for the queries on float shapes that run the
/// [filter stack](crate::stack): there it settles every `Maybe` by exact arithmetic, so the
/// answer is never `Maybe`. The enum is `#[non_exhaustive]`.
///
/// # Example
/// ```
/// use surety_intervals::{Policy, Verdict};
///
/// assert_eq!(Policy::default(), Policy::Conservative);
/// assert!(Policy::Conservative.resolve(Verdict::Maybe));
/// assert!(Policy::Optimistic.resolve(Verdict::True));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Policy {
    /// `Maybe` counts as `true` (a collision).
    #[default]
    Conservative,
    /// `Maybe` counts as `false` (no collision).
    Optimistic,
    /// Settle every `Maybe` exactly: queries that run the [filter stack](crate::stack) go on
    /// to the exact stage instead of answering `Maybe`. A `Maybe` that reaches
    /// [`Policy::resolve`] anyway (from a query without an exact stage) counts as `true`, as
    /// under [`Policy::Conservative`].
    Exact,
}

impl Policy {
    /// The verdict as a `bool` under this policy; certain verdicts are kept as they are.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::{Policy, Verdict};
    ///
    /// assert!(!Policy::Optimistic.resolve(Verdict::Maybe));
    /// assert!(!Policy::Conservative.resolve(Verdict::False));
    /// ```
    #[inline]
    pub fn resolve(self, verdict: Verdict) -> bool {
        match (verdict, self) {
            (Verdict::True, _) => true,
            (Verdict::False, _) => false,
            (Verdict::Maybe, Policy::Conservative | Policy::Exact) => true,
            (Verdict::Maybe, Policy::Optimistic) => false,
        }
    }
}
