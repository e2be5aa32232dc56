//! The three-valued answer: certainly true, certainly false, or maybe.

use core::fmt;
use core::ops::{BitAnd, BitOr, Not};

use crate::Policy;

/// The answer to a yes/no question asked of inexact numbers.
///
/// `True` and `False` are *certain*: exact real arithmetic on the same inputs gives the same
/// answer. `Maybe` says the enclosures were too wide to tell; a [`Policy`] turns it into a
/// `bool` when a decision must be made.
///
/// The logic is Kleene's strong three-valued logic: `False & Maybe` is `False`,
/// `True | Maybe` is `True`, and `!Maybe` is `Maybe`.
///
/// | `a & b` | True  | Maybe | False |
/// |---------|-------|-------|-------|
/// | True    | True  | Maybe | False |
/// | Maybe   | Maybe | Maybe | False |
/// | False   | False | False | False |
///
/// # Example
/// ```
/// use surety_intervals::{Interval, Policy, Verdict};
///
/// let gap = Interval::new(-1e-12, 1e-12)?;   // a distance known to lie around zero
/// let touching = gap.le(Interval::ZERO);      // is it <= 0?
/// assert_eq!(touching, Verdict::Maybe);
/// assert!(touching.resolve(Policy::Conservative)); // treated as a collision
/// assert_eq!(touching & Verdict::False, Verdict::False);
/// # Ok::<(), surety_intervals::IntervalError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Verdict {
    /// Certainly true.
    True,
    /// Certainly false.
    False,
    /// Not decided by the arithmetic used.
    Maybe,
}

impl Verdict {
    /// Kleene conjunction: `False` if either is `False`, `True` if both are `True`, else `Maybe`.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Verdict::*;
    ///
    /// assert_eq!(True.and(Maybe), Maybe);
    /// assert_eq!(False.and(Maybe), False);
    /// ```
    #[inline]
    #[must_use]
    pub const fn and(self, other: Verdict) -> Verdict {
        match (self, other) {
            (Verdict::False, _) | (_, Verdict::False) => Verdict::False,
            (Verdict::True, Verdict::True) => Verdict::True,
            _ => Verdict::Maybe,
        }
    }

    /// Kleene disjunction: `True` if either is `True`, `False` if both are `False`, else `Maybe`.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Verdict::*;
    ///
    /// assert_eq!(False.or(Maybe), Maybe);
    /// assert_eq!(True.or(Maybe), True);
    /// ```
    #[inline]
    #[must_use]
    pub const fn or(self, other: Verdict) -> Verdict {
        match (self, other) {
            (Verdict::True, _) | (_, Verdict::True) => Verdict::True,
            (Verdict::False, Verdict::False) => Verdict::False,
            _ => Verdict::Maybe,
        }
    }

    /// Kleene negation: swaps `True` and `False`, keeps `Maybe`. Also available as `!`.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Verdict::*;
    ///
    /// assert_eq!(True.negate(), False);
    /// assert_eq!(!Maybe, Maybe);
    /// ```
    #[inline]
    #[must_use]
    pub const fn negate(self) -> Verdict {
        match self {
            Verdict::True => Verdict::False,
            Verdict::False => Verdict::True,
            Verdict::Maybe => Verdict::Maybe,
        }
    }

    /// Kleene conjunction of many verdicts (`True` for none); stops at the first `False`.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Verdict::{self, *};
    ///
    /// assert_eq!(Verdict::all([True, Maybe, True]), Maybe);
    /// assert_eq!(Verdict::all([Maybe, False]), False);
    /// ```
    pub fn all(verdicts: impl IntoIterator<Item = Verdict>) -> Verdict {
        let mut acc = Verdict::True;
        for v in verdicts {
            acc = acc.and(v);
            if acc == Verdict::False {
                break;
            }
        }
        acc
    }

    /// Kleene disjunction of many verdicts (`False` for none); stops at the first `True`.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Verdict::{self, *};
    ///
    /// assert_eq!(Verdict::any([False, Maybe]), Maybe);
    /// assert_eq!(Verdict::any([Maybe, True]), True);
    /// ```
    pub fn any(verdicts: impl IntoIterator<Item = Verdict>) -> Verdict {
        let mut acc = Verdict::False;
        for v in verdicts {
            acc = acc.or(v);
            if acc == Verdict::True {
                break;
            }
        }
        acc
    }

    /// Whether the verdict is `True` or `False`.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Verdict;
    ///
    /// assert!(Verdict::False.is_certain());
    /// assert!(!Verdict::Maybe.is_certain());
    /// ```
    #[inline]
    pub const fn is_certain(self) -> bool {
        !matches!(self, Verdict::Maybe)
    }

    /// Whether the verdict is certainly true.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Verdict;
    ///
    /// assert!(Verdict::True.is_true());
    /// assert!(!Verdict::Maybe.is_true());
    /// ```
    #[inline]
    pub const fn is_true(self) -> bool {
        matches!(self, Verdict::True)
    }

    /// Whether the verdict is certainly false.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Verdict;
    ///
    /// assert!(Verdict::False.is_false());
    /// assert!(!Verdict::Maybe.is_false());
    /// ```
    #[inline]
    pub const fn is_false(self) -> bool {
        matches!(self, Verdict::False)
    }

    /// Whether the verdict is `Maybe`.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Verdict;
    ///
    /// assert!(Verdict::Maybe.is_maybe());
    /// ```
    #[inline]
    pub const fn is_maybe(self) -> bool {
        matches!(self, Verdict::Maybe)
    }

    /// The certain answer, or `None` for `Maybe`.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Verdict;
    ///
    /// assert_eq!(Verdict::True.certain(), Some(true));
    /// assert_eq!(Verdict::Maybe.certain(), None);
    /// ```
    #[inline]
    pub const fn certain(self) -> Option<bool> {
        match self {
            Verdict::True => Some(true),
            Verdict::False => Some(false),
            Verdict::Maybe => None,
        }
    }

    /// A `bool`: the certain answer, or for `Maybe` what the policy says.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::{Policy, Verdict};
    ///
    /// assert!(Verdict::Maybe.resolve(Policy::Conservative));
    /// assert!(!Verdict::Maybe.resolve(Policy::Optimistic));
    /// assert!(!Verdict::False.resolve(Policy::Conservative));
    /// ```
    #[inline]
    pub fn resolve(self, policy: Policy) -> bool {
        policy.resolve(self)
    }
}

impl From<Option<bool>> for Verdict {
    /// `Some(b)` is certain, `None` is `Maybe`.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Verdict;
    ///
    /// assert_eq!(Verdict::from(None), Verdict::Maybe);
    /// assert_eq!(Verdict::from(Some(false)), Verdict::False);
    /// ```
    #[inline]
    fn from(b: Option<bool>) -> Verdict {
        match b {
            Some(b) => b.into(),
            None => Verdict::Maybe,
        }
    }
}

impl From<bool> for Verdict {
    /// A certain verdict.
    #[inline]
    fn from(b: bool) -> Verdict {
        if b {
            Verdict::True
        } else {
            Verdict::False
        }
    }
}

impl BitAnd for Verdict {
    type Output = Verdict;

    /// Same as [`Verdict::and`].
    #[inline]
    fn bitand(self, rhs: Verdict) -> Verdict {
        self.and(rhs)
    }
}

impl BitOr for Verdict {
    type Output = Verdict;

    /// Same as [`Verdict::or`].
    #[inline]
    fn bitor(self, rhs: Verdict) -> Verdict {
        self.or(rhs)
    }
}

impl Not for Verdict {
    type Output = Verdict;

    /// Same as [`Verdict::negate`].
    #[inline]
    fn not(self) -> Verdict {
        self.negate()
    }
}

impl fmt::Display for Verdict {
    /// `true`, `false` or `maybe`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(match self {
            Verdict::True => "true",
            Verdict::False => "false",
            Verdict::Maybe => "maybe",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::Verdict::{self, *};

    const ALL: [Verdict; 3] = [True, False, Maybe];

    /// The verdict as the set of booleans it allows.
    fn allowed(v: Verdict) -> &'static [bool] {
        match v {
            True => &[true],
            False => &[false],
            Maybe => &[true, false],
        }
    }

    #[test]
    fn kleene_operations_are_the_tightest_sound_ones() {
        for a in ALL {
            for b in ALL {
                for (got, op) in [
                    (a & b, (|x, y| x && y) as fn(bool, bool) -> bool),
                    (a | b, |x, y| x || y),
                ] {
                    let mut outcomes = vec![];
                    for &x in allowed(a) {
                        for &y in allowed(b) {
                            outcomes.push(op(x, y));
                        }
                    }
                    let certain = outcomes.iter().all(|&o| o == outcomes[0]);
                    let expected = if certain {
                        Verdict::from(outcomes[0])
                    } else {
                        Maybe
                    };
                    assert_eq!(got, expected, "{a:?} op {b:?}");
                }
            }
            let mut negated: Vec<bool> = allowed(a).iter().map(|b| !b).collect();
            negated.sort();
            let mut got = allowed(!a).to_vec();
            got.sort();
            assert_eq!(got, negated, "!{a:?}");
        }
    }

    /// The predicates partition the three values, and printing names each (two survivors
    /// of the mutation run: `is_maybe` always true, and `Display` printing nothing).
    #[test]
    fn each_predicate_holds_for_exactly_its_value_and_each_value_prints_its_name() {
        for v in ALL {
            assert_eq!(v.is_true(), v == True);
            assert_eq!(v.is_false(), v == False);
            assert_eq!(v.is_maybe(), v == Maybe);
            assert_eq!(v.is_certain(), v != Maybe);
        }
        let names: Vec<String> = ALL.iter().map(|v| v.to_string()).collect();
        assert_eq!(names, ["true", "false", "maybe"]);
    }

    #[test]
    fn all_and_any_of_nothing_are_the_identities() {
        assert_eq!(Verdict::all([]), True);
        assert_eq!(Verdict::any([]), False);
    }
}
