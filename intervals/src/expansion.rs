//! Floating-point expansions (Shewchuk): exact sums of non-overlapping doubles.

use core::ops::{Add, Mul, Neg, Sub};

use smallvec::SmallVec;

// Two-Sum without its half-scale retry: near `f64::MAX` its error can come out NaN, which the
// sign's finiteness check turns into an undecided value (the stack then goes on to `Dyadic`),
// so the retry's branch is not paid on every component.
use crate::eft::{self, fast_two_sum, two_sum_in_range};
use crate::{Ring, Sign};

/// Components stored inline up to this many (most geometric predicates stay below it).
type Parts = SmallVec<[f64; 8]>;

/// Below this, the error of a product `fl(a·b)` may not be a double (`2^-969`): the product's
/// expansion is then not exact, and the value says so.
const PRODUCT_FLOOR: f64 = 2.004_168_360_008_973e-292;

/// An exact real number as a sum of doubles (Shewchuk's floating-point expansion): the first
/// choice of the exact stage, several times faster than big integers on the short expansions
/// that geometric predicates build.
///
/// The components are non-overlapping and increase in magnitude, zeros removed, so the sign of
/// the value is the sign of the last component. Sums use two-sum and products two-product (by
/// fused multiply-add), both error-free, so the arithmetic is exact, except where a product
/// underflows below `2^-969` or a component overflows: the value is then marked inexact (and
/// keeps no components, so later arithmetic on it costs nothing), its [`sign`](Ring::sign) is
/// undecided, and the stack falls back to [`Dyadic`](crate::Dyadic).
///
/// Reference: J. R. Shewchuk, "Adaptive Precision Floating-Point Arithmetic and Fast Robust
/// Geometric Predicates", Discrete & Computational Geometry 18 (1997), algorithms Two-Sum,
/// Fast-Expansion-Sum and Scale-Expansion (with zero elimination).
///
/// # Example
/// ```
/// use surety_intervals::{Expansion, Ring, Sign};
///
/// let (a, b) = (Expansion::from_f64(0.1), Expansion::from_f64(10.0));
/// // 0.1 · 10 - 1: the double 0.1 is a little above one tenth.
/// let x = a * b - Expansion::from_f64(1.0);
/// assert_eq!(x.sign(), Sign::Positive);
/// assert_eq!(x.components(), &[5.551115123125783e-17]);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Expansion {
    /// Non-overlapping components, increasing in magnitude, no zeros.
    c: Parts,
    /// Every operation so far was error-free and finite.
    exact: bool,
}

impl Expansion {
    /// The components, smallest first (none for zero).
    ///
    /// # Example
    /// ```
    /// use surety_intervals::{Expansion, Ring};
    ///
    /// let x = Expansion::from_f64(1.0) + Expansion::from_f64(1e-30);
    /// assert_eq!(x.components(), &[1e-30, 1.0]);
    /// ```
    pub fn components(&self) -> &[f64] {
        &self.c
    }

    /// Whether the value is exact (no product underflowed and nothing overflowed).
    ///
    /// # Example
    /// ```
    /// use surety_intervals::{Expansion, Ring};
    ///
    /// let tiny = Expansion::from_f64(1e-200);
    /// assert!(!(tiny.clone() * tiny).is_exact()); // 1e-400 underflows
    /// ```
    pub fn is_exact(&self) -> bool {
        self.exact
    }

    fn zero(exact: bool) -> Self {
        Expansion {
            c: Parts::new(),
            exact,
        }
    }
}

/// `a · b` as `(product, error)`: exact unless the product is below `2^-969` (then `false`).
#[inline]
fn two_product(a: f64, b: f64) -> (f64, f64, bool) {
    let (p, e) = eft::two_product(a, b);
    (p, e, p.abs() >= PRODUCT_FLOOR || a == 0.0 || b == 0.0)
}

/// `e + f` (Fast-Expansion-Sum with zero elimination): the components of both, merged by
/// magnitude, then summed smallest first with error-free additions.
fn sum(e: &[f64], f: &[f64]) -> Parts {
    if e.is_empty() {
        return f.into();
    }
    if f.is_empty() {
        return e.into();
    }
    let mut out = Parts::with_capacity(e.len() + f.len());
    let (mut i, mut j) = (0, 0);
    // The next component by magnitude, from whichever expansion has the smaller one.
    let next = |i: &mut usize, j: &mut usize| -> Option<f64> {
        match (e.get(*i), f.get(*j)) {
            (Some(&a), Some(&b)) => {
                if (b > a) == (b > -a) {
                    *i += 1;
                    Some(a)
                } else {
                    *j += 1;
                    Some(b)
                }
            }
            (Some(&a), None) => {
                *i += 1;
                Some(a)
            }
            (None, Some(&b)) => {
                *j += 1;
                Some(b)
            }
            (None, None) => None,
        }
    };
    let mut q = next(&mut i, &mut j).unwrap_or(0.0);
    if let Some(g) = next(&mut i, &mut j) {
        let (s, h) = fast_two_sum(g, q);
        if h != 0.0 {
            out.push(h);
        }
        q = s;
        while let Some(g) = next(&mut i, &mut j) {
            let (s, h) = two_sum_in_range(q, g);
            if h != 0.0 {
                out.push(h);
            }
            q = s;
        }
    }
    if q != 0.0 {
        out.push(q);
    }
    out
}

/// `e · b` (Scale-Expansion with zero elimination); `false` if a product may be inexact.
fn scale(e: &[f64], b: f64, out: &mut Parts) -> bool {
    let mut exact = true;
    let push = |x: f64, out: &mut Parts| {
        if x != 0.0 {
            out.push(x);
        }
    };
    let Some((&first, rest)) = e.split_first() else {
        return true;
    };
    let (mut q, h, ok) = two_product(first, b);
    exact &= ok;
    push(h, out);
    for &x in rest {
        let (p1, p0, ok) = two_product(x, b);
        exact &= ok;
        let (s, h) = two_sum_in_range(q, p0);
        push(h, out);
        let (s2, h2) = fast_two_sum(p1, s);
        push(h2, out);
        q = s2;
    }
    push(q, out);
    exact
}

impl Ring for Expansion {
    #[inline]
    fn from_f64(x: f64) -> Self {
        Expansion {
            c: if x == 0.0 {
                Parts::new()
            } else {
                smallvec::smallvec![x]
            },
            exact: x.is_finite(),
        }
    }

    #[inline]
    fn sign(&self) -> Sign {
        // An exact value's components are finite (`checked`, `from_f64`).
        if !self.exact {
            return Sign::Undecided;
        }
        match self.c.last() {
            None => Sign::Zero,
            Some(&top) if top > 0.0 => Sign::Positive,
            Some(_) => Sign::Negative,
        }
    }

    fn abs(self) -> Self {
        match self.c.last() {
            Some(&top) if top < 0.0 => -self,
            _ => self,
        }
    }

    fn max(self, other: Self) -> Self {
        match (other.clone() - self.clone()).sign() {
            Sign::Positive => other,
            Sign::Undecided => Expansion::zero(false),
            _ => self,
        }
    }

    fn min(self, other: Self) -> Self {
        match (other.clone() - self.clone()).sign() {
            Sign::Negative => other,
            Sign::Undecided => Expansion::zero(false),
            _ => self,
        }
    }
}

impl Expansion {
    /// `c` as a value, or the inexact zero when an operand was inexact or a component is not
    /// finite (an overflow). An inexact value's sign is undecided whatever its components, so
    /// they are dropped at once: carried on, components that overflowed never cancel, and
    /// every product multiplies their number (an exact stage on coordinates near `2^1000`
    /// under a pose ran for minutes that way instead of handing over to `Dyadic`).
    #[inline]
    fn checked(c: Parts, exact: bool) -> Expansion {
        if exact && c.iter().all(|x| x.is_finite()) {
            Expansion { c, exact }
        } else {
            Expansion::zero(false)
        }
    }
}

impl Add for Expansion {
    type Output = Expansion;
    fn add(self, o: Expansion) -> Expansion {
        if !(self.exact && o.exact) {
            return Expansion::zero(false);
        }
        Expansion::checked(sum(&self.c, &o.c), true)
    }
}

impl Sub for Expansion {
    type Output = Expansion;
    fn sub(self, o: Expansion) -> Expansion {
        self + -o
    }
}

impl Neg for Expansion {
    type Output = Expansion;
    fn neg(mut self) -> Expansion {
        for x in &mut self.c {
            *x = -*x;
        }
        self
    }
}

impl Mul for Expansion {
    type Output = Expansion;
    fn mul(self, o: Expansion) -> Expansion {
        if !(self.exact && o.exact) {
            return Expansion::zero(false);
        }
        let mut exact = true;
        let (short, long) = if self.c.len() < o.c.len() {
            (&self.c, &o.c)
        } else {
            (&o.c, &self.c)
        };
        let mut acc = Parts::new();
        for &b in short {
            let mut part = Parts::with_capacity(2 * long.len());
            exact &= scale(long, b, &mut part);
            if !exact {
                return Expansion::zero(false);
            }
            acc = if acc.is_empty() {
                part
            } else {
                sum(&acc, &part)
            };
        }
        Expansion::checked(acc, exact)
    }
}
