//! The portable backend: directed rounding with no rounding-mode switch, on any target.
//!
//! Every operation runs in the default round-to-nearest mode. An error-free transformation then
//! tells on which side of the exact result the rounded one lies: Two-Sum for `+` and `-`, the
//! fused multiply-add residual `fma(a, b, -p)` for `*`, `fma(-q, y, x)` for `/` and
//! `fma(-s, s, x)` for the square root. An end moves one ulp outward only when the rounding went
//! the wrong way, so an exact result stays exact (a point stays a point) and an inexact one is the
//! tightest end, the same as inari's (`tests/backends.rs` checks both against exact rationals
//! and against each other).
//!
//! Why the residual's sign is right: the residual of a product, quotient or root is a multiple of
//! `ulp(a)·ulp(b)` (of `ulp(q)·ulp(y)`, of `ulp(s)²`), so when it is not zero its magnitude is at
//! least about `2^-106` of the product (of the numerator, of the radicand). When that is at
//! least `TINY = 2^-960`, the residual is above `2^-1075`, the fma rounds it to a nonzero float
//! of the same sign, and a zero means exact. (The residual is in fact exact there — Boldo and
//! Muller, *Exact and approximated error of the FMA*, IEEE TC 60(2), 2011 — but only its sign
//! is used.) Below `TINY` a cold path scales the residual by `2^107` (exactly) before its
//! rounding, which brings it back above `2^-1074`, so the ends are the tightest there too.
//! Overflow gives an infinite residual whose sign is still right, and the cases where the
//! residual is NaN (an infinite operand) are exact.
//!
//! Speed: the outward step is chosen by a conditional move on the bits, not a branch, since the
//! side a rounding falls on is random; products take the hull of the four corner products (one
//! product for two points) rather than branching on the signs of the ends, and `abs`, `sqr` and
//! `mig` are branch-free too. On x86-64 without FMA in the target features, `f64::mul_add`
//! calls the C library's `fma`: correctly rounded, the same results, slower.

use core::ops::{Add, Div, Mul, Neg, Sub};

use crate::eft::two_sum;

/// `2^-960`: products, quotients and roots at least this large have a residual whose sign the
/// fused multiply-add gets right.
const TINY: f64 = f64::from_bits((1023 - 960) << 52);

/// A closed interval of `f64` ends with inari's conventions: `lo ≤ hi`, `lo` never `+inf`,
/// `hi` never `-inf`; the empty set (the result of an operation undefined for every operand)
/// is the pair of NaNs.
#[derive(Clone, Copy, Debug)]
pub struct Raw {
    lo: f64,
    hi: f64,
}

/// Why a pair of ends is not an interval.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotAnInterval;

impl TryFrom<(f64, f64)> for Raw {
    type Error = NotAnInterval;

    /// `[lo, hi]` when `lo ≤ hi`, `lo < +inf` and `hi > -inf`.
    #[inline]
    fn try_from((lo, hi): (f64, f64)) -> Result<Self, NotAnInterval> {
        if lo <= hi && lo < f64::INFINITY && hi > f64::NEG_INFINITY {
            Ok(Self { lo, hi })
        } else {
            Err(NotAnInterval)
        }
    }
}

impl PartialEq for Raw {
    /// The same set: equal ends (`-0 = +0`), or both empty.
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        (self.lo == other.lo && self.hi == other.hi) || (self.is_empty() && other.is_empty())
    }
}

impl Eq for Raw {}

impl core::hash::Hash for Raw {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        if self.is_empty() {
            state.write_u8(0);
        } else {
            // +0.0 for either zero, so that equal sets hash alike.
            state.write_u64((self.lo + 0.0).to_bits());
            state.write_u64((self.hi + 0.0).to_bits());
        }
    }
}

/// The next double below `x`, for `x` not zero, not NaN and not `-inf` (`+inf` gives `MAX`):
/// one integer step on the bits, chosen by a conditional move rather than a branch, so that
/// results rounded to nearest on either side of the exact value cost no misprediction.
#[inline(always)]
fn bits_down(x: f64) -> f64 {
    let step = if x > 0.0 { u64::MAX } else { 1 };
    f64::from_bits(x.to_bits().wrapping_add(step))
}

/// The next double above `x`, for `x` not zero, not NaN and not `+inf` (`-inf` gives `-MAX`).
#[inline(always)]
fn bits_up(x: f64) -> f64 {
    let step = if x > 0.0 { 1 } else { u64::MAX };
    f64::from_bits(x.to_bits().wrapping_add(step))
}

/// Whether `|p| ≥ TINY` (false for NaN): the fast path's residual sign is right.
#[inline(always)]
fn large(p: f64) -> bool {
    p.abs() >= TINY
}

/// `a + b` rounded down (`a`, `b` never `+inf`).
#[inline(always)]
fn add_down(a: f64, b: f64) -> f64 {
    let (s, e) = two_sum(a, b);
    // An exact sum has e = 0 (and a zero sum is always exact); e < 0 means s is above. NaN or
    // an infinite e (an infinite operand, an overflow) steps down too, which turns an
    // overflowed +inf into MAX; -inf stays.
    let step = !(0.0..f64::INFINITY).contains(&e) & (s > f64::NEG_INFINITY);
    if step {
        bits_down(s)
    } else {
        s
    }
}

/// `a + b` rounded up (`a`, `b` never `-inf`).
#[inline(always)]
fn add_up(a: f64, b: f64) -> f64 {
    let (s, e) = two_sum(a, b);
    let step = !(0.0..f64::INFINITY).contains(&-e) & (s < f64::INFINITY);
    if step {
        bits_up(s)
    } else {
        s
    }
}

/// `a · b` rounded down; `0 · inf` is 0 (an infinite end is no member).
#[inline(always)]
fn mul_down(a: f64, b: f64) -> f64 {
    let p = a * b;
    let e = a.mul_add(b, -p);
    if !large(p) {
        return mul_tiny(a, b, p, e, false);
    }
    // |p| ≥ TINY: p is not zero; e < 0 only below a p that is not -inf.
    if e < 0.0 {
        bits_down(p)
    } else {
        p
    }
}

/// `a · b` rounded up; `0 · inf` is 0.
#[inline(always)]
fn mul_up(a: f64, b: f64) -> f64 {
    let p = a * b;
    let e = a.mul_add(b, -p);
    if !large(p) {
        return mul_tiny(a, b, p, e, true);
    }
    if e > 0.0 {
        bits_up(p)
    } else {
        p
    }
}

/// `2^107`: scales a residual below [`TINY`] back into the range where its rounding keeps its
/// sign (a nonzero residual there is at least `2^-1181`).
const SCALE: f64 = f64::from_bits((1023 + 107) << 52);

/// `2^54`, whose square is [`SCALE`]` · 2`.
const ROOT_SCALE: f64 = f64::from_bits((1023 + 54) << 52);

/// A product below `TINY`, zero or NaN (`0 · inf`), decided exactly. An operand zero: the
/// product is 0. A nonzero residual `e`: its sign is right (rounding keeps the sign of a
/// nonzero value it does not flush to zero). The product rounded to zero: the exact one has
/// the sign of the signed zero. Otherwise the residual again, scaled by `2^107` (exact:
/// `|a| < 2^114` here, and scaling a float up is exact), whose sign is now right.
#[cold]
#[inline(never)]
fn mul_tiny(a: f64, b: f64, p: f64, e: f64, up: bool) -> f64 {
    if a == 0.0 || b == 0.0 {
        return 0.0;
    }
    let sign = if e != 0.0 {
        e
    } else if p == 0.0 {
        if p.is_sign_negative() {
            -1.0
        } else {
            1.0
        }
    } else {
        (a * SCALE).mul_add(b, -(p * SCALE))
    };
    step(p, sign, up)
}

/// `p` as a bound on a value `v` with `v - p` of the sign of `sign`: moved one ulp outward
/// when the value lies beyond it, kept when on the safe side or equal.
#[inline(always)]
fn step(p: f64, sign: f64, up: bool) -> f64 {
    if up && sign > 0.0 {
        p.next_up()
    } else if !up && sign < 0.0 {
        p.next_down()
    } else {
        p
    }
}

/// `x / y` rounded down, for `y` not zero and not both infinite.
#[inline(always)]
fn div_down(x: f64, y: f64) -> f64 {
    let q = x / y;
    let r = (-q).mul_add(y, x);
    // x/y - q has the sign of r/y. NaN: an infinite x, or an infinite y (q = 0); both exact.
    if x.abs() < TINY {
        return div_tiny(x, y, q, false);
    }
    if (r < 0.0 && y > 0.0) || (r > 0.0 && y < 0.0) {
        q.next_down()
    } else {
        q
    }
}

/// `x / y` rounded up.
#[inline(always)]
fn div_up(x: f64, y: f64) -> f64 {
    let q = x / y;
    let r = (-q).mul_add(y, x);
    if x.abs() < TINY {
        return div_tiny(x, y, q, true);
    }
    if (r > 0.0 && y > 0.0) || (r < 0.0 && y < 0.0) {
        q.next_up()
    } else {
        q
    }
}

/// A quotient of a numerator below `TINY`, decided exactly: 0 for a zero numerator, else
/// the residual `x - q·y` scaled by `2^107` (exact: `|q| < 2^114` here), whose sign is
/// now right; `x/y - q` has the sign of the residual over `y`.
#[cold]
#[inline(never)]
fn div_tiny(x: f64, y: f64, q: f64, up: bool) -> f64 {
    if x == 0.0 {
        return 0.0;
    }
    let r = (-(q * SCALE)).mul_add(y, x * SCALE);
    step(q, if y < 0.0 { -r } else { r }, up)
}

/// A root of a value below `TINY`, decided exactly: the residual `x - s²` scaled by `2^108`.
#[cold]
#[inline(never)]
fn sqrt_tiny(x: f64, s: f64, up: bool) -> f64 {
    if x == 0.0 {
        return 0.0;
    }
    let t = s * ROOT_SCALE;
    step(s, (-t).mul_add(t, x * SCALE * 2.0), up)
}

/// `√x` rounded down, for `x ≥ 0`.
#[inline(always)]
fn sqrt_down(x: f64) -> f64 {
    let s = x.sqrt();
    let r = (-s).mul_add(s, x);
    if x < TINY {
        return sqrt_tiny(x, s, false);
    }
    // r < 0: s² > x, s above the root. NaN (x = +inf): exact.
    if r < 0.0 {
        s.next_down()
    } else {
        s
    }
}

/// `√x` rounded up, for `x ≥ 0`.
#[inline(always)]
fn sqrt_up(x: f64) -> f64 {
    let s = x.sqrt();
    let r = (-s).mul_add(s, x);
    if x < TINY {
        return sqrt_tiny(x, s, true);
    }
    if r > 0.0 {
        s.next_up()
    } else {
        s
    }
}

impl Raw {
    /// The entire line.
    pub const ENTIRE: Self = Self {
        lo: f64::NEG_INFINITY,
        hi: f64::INFINITY,
    };

    /// The empty set.
    pub const EMPTY: Self = Self {
        lo: f64::NAN,
        hi: f64::NAN,
    };

    /// `[lo, hi]` for ends known to form an interval.
    pub(crate) const fn from_ends(lo: f64, hi: f64) -> Self {
        Self { lo, hi }
    }

    /// The lower end (`-0.0` for a zero end, as inari gives it).
    #[inline(always)]
    pub fn inf(self) -> f64 {
        if self.lo == 0.0 {
            -0.0
        } else {
            self.lo
        }
    }

    /// The upper end (`+0.0` for a zero end).
    #[inline(always)]
    pub fn sup(self) -> f64 {
        self.hi + 0.0
    }

    /// Whether this is the empty set.
    #[inline(always)]
    pub fn is_empty(self) -> bool {
        self.lo.is_nan()
    }

    /// `{x² : x ∈ self}`, tight around zero: `[mig², mag²]`, with no branch on the signs.
    #[inline]
    pub fn sqr(self) -> Self {
        let (mig, mag) = (self.mig(), self.mag());
        Self::from_ends(mul_down(mig, mig), mul_up(mag, mag))
    }

    /// `{√x : x ∈ self, x ≥ 0}`; empty when the whole interval is below zero.
    #[inline]
    pub fn sqrt(self) -> Self {
        if self.hi < 0.0 || self.is_empty() {
            return Self::EMPTY;
        }
        Self::from_ends(sqrt_down(self.lo.max(0.0)), sqrt_up(self.hi))
    }

    /// `self · a + b`: the product, then the sum, each rounded outward (not fused).
    #[inline]
    pub fn mul_add(self, a: Self, b: Self) -> Self {
        self * a + b
    }

    /// `1 / self`.
    #[inline]
    pub fn recip(self) -> Self {
        Self::from_ends(1.0, 1.0) / self
    }

    /// `{|x| : x ∈ self}`: `[mig, mag]`, with no branch on the signs.
    #[inline]
    pub fn abs(self) -> Self {
        Self::from_ends(self.mig(), self.mag())
    }

    /// `{min(x, y)}`.
    #[inline]
    pub fn min(self, other: Self) -> Self {
        Self::from_ends(self.lo.min(other.lo), self.hi.min(other.hi))
    }

    /// `{max(x, y)}`.
    #[inline]
    pub fn max(self, other: Self) -> Self {
        Self::from_ends(self.lo.max(other.lo), self.hi.max(other.hi))
    }

    /// The smallest absolute value of a member: `lo` above zero, `-hi` below, else 0, as
    /// `max(lo, -hi, 0)` (no branch).
    #[inline]
    pub fn mig(self) -> f64 {
        self.lo.max(-self.hi).max(0.0)
    }

    /// The largest absolute value of a member.
    #[inline]
    pub fn mag(self) -> f64 {
        self.lo.abs().max(self.hi.abs())
    }

    /// A member near the middle: 0 for the entire line, `MIN` or `MAX` for half-lines.
    #[inline]
    pub fn mid(self) -> f64 {
        match (self.lo == f64::NEG_INFINITY, self.hi == f64::INFINITY) {
            (true, true) => 0.0,
            (true, false) => f64::MIN,
            (false, true) => f64::MAX,
            // The rounded sum lies in [2lo, 2hi] and halving is monotone, so the half lies
            // in [lo, hi]; halves first only where the sum overflows.
            (false, false) => {
                let m = 0.5 * (self.lo + self.hi);
                if m.is_infinite() {
                    0.5 * self.lo + 0.5 * self.hi
                } else {
                    m + 0.0
                }
            }
        }
    }

    /// `hi - lo`, rounded up.
    #[inline]
    pub fn wid(self) -> f64 {
        add_up(self.hi, -self.lo)
    }

    /// Whether the real `x` is a member (never NaN or an infinity).
    #[inline]
    pub fn contains(self, x: f64) -> bool {
        x.is_finite() && self.lo <= x && x <= self.hi
    }

    /// Whether this is a single point.
    #[inline]
    pub fn is_singleton(self) -> bool {
        self.lo == self.hi
    }

    /// Whether both ends are finite.
    #[inline]
    pub fn is_common_interval(self) -> bool {
        self.lo.is_finite() && self.hi.is_finite()
    }

    /// Whether every member of `self` is one of `other`.
    #[inline]
    pub fn subset(self, other: Self) -> bool {
        self.is_empty() || (other.lo <= self.lo && self.hi <= other.hi)
    }

    /// Whether the two share no member.
    #[inline]
    pub fn disjoint(self, other: Self) -> bool {
        self.is_empty() || other.is_empty() || self.hi < other.lo || other.hi < self.lo
    }

    /// The smallest interval holding both.
    #[inline]
    pub fn convex_hull(self, other: Self) -> Self {
        if self.is_empty() {
            return other;
        }
        if other.is_empty() {
            return self;
        }
        Self::from_ends(self.lo.min(other.lo), self.hi.max(other.hi))
    }

    /// The common part, empty when there is none.
    #[inline]
    pub fn intersection(self, other: Self) -> Self {
        let (lo, hi) = (self.lo.max(other.lo), self.hi.min(other.hi));
        if lo <= hi {
            Self::from_ends(lo, hi)
        } else {
            Self::EMPTY
        }
    }
}

impl Neg for Raw {
    type Output = Self;

    #[inline(always)]
    fn neg(self) -> Self {
        Self::from_ends(-self.hi, -self.lo)
    }
}

impl Add for Raw {
    type Output = Self;

    #[inline(always)]
    fn add(self, rhs: Self) -> Self {
        Self::from_ends(add_down(self.lo, rhs.lo), add_up(self.hi, rhs.hi))
    }
}

impl Sub for Raw {
    type Output = Self;

    #[inline(always)]
    fn sub(self, rhs: Self) -> Self {
        Self::from_ends(add_down(self.lo, -rhs.hi), add_up(self.hi, -rhs.lo))
    }
}

impl Mul for Raw {
    type Output = Self;

    /// The hull of the four corner products, each rounded outward, with no data-dependent
    /// branch (inputs of random signs cost no mispredictions). A product at least `TINY` is
    /// never zero, and its residual is negative only below a `p` that is not `-inf`, positive
    /// only above one that is not `+inf`, so the bit steps are the ulp steps. A corner below
    /// `TINY`, zero or `0 · inf` (NaN) takes the careful path by the signs of the ends.
    #[inline(always)]
    fn mul(self, rhs: Self) -> Self {
        let (a, b, c, d) = (self.lo, self.hi, rhs.lo, rhs.hi);
        if a == b && c == d {
            // Two points (the inputs of most formulas): one product.
            let p = a * c;
            let e = a.mul_add(c, -p);
            if !large(p) {
                return self.mul_by_signs(rhs);
            }
            let down = if e < 0.0 { bits_down(p) } else { p };
            let up = if e > 0.0 { bits_up(p) } else { p };
            return Self::from_ends(down, up);
        }
        let (p0, p1, p2, p3) = (a * c, a * d, b * c, b * d);
        // Each compare is false for NaN (0 · inf), which `min` would skip.
        let large =
            (p0.abs() >= TINY) & (p1.abs() >= TINY) & (p2.abs() >= TINY) & (p3.abs() >= TINY);
        if !large {
            return self.mul_by_signs(rhs);
        }
        let (e0, e1, e2, e3) = (
            a.mul_add(c, -p0),
            a.mul_add(d, -p1),
            b.mul_add(c, -p2),
            b.mul_add(d, -p3),
        );
        let down = |p: f64, e: f64| if e < 0.0 { bits_down(p) } else { p };
        let up = |p: f64, e: f64| if e > 0.0 { bits_up(p) } else { p };
        Self::from_ends(
            down(p0, e0)
                .min(down(p1, e1))
                .min(down(p2, e2).min(down(p3, e3))),
            up(p0, e0).max(up(p1, e1)).max(up(p2, e2).max(up(p3, e3))),
        )
    }
}

impl Raw {
    /// The product by the signs of the ends (nine cases), two products in all but one; exact
    /// for zero and infinite ends and for results below `TINY`.
    #[cold]
    #[inline(never)]
    fn mul_by_signs(self, rhs: Self) -> Self {
        let (a, b, c, d) = (self.lo, self.hi, rhs.lo, rhs.hi);
        if a >= 0.0 {
            if c >= 0.0 {
                Self::from_ends(mul_down(a, c), mul_up(b, d))
            } else if d <= 0.0 {
                Self::from_ends(mul_down(b, c), mul_up(a, d))
            } else {
                Self::from_ends(mul_down(b, c), mul_up(b, d))
            }
        } else if b <= 0.0 {
            if c >= 0.0 {
                Self::from_ends(mul_down(a, d), mul_up(b, c))
            } else if d <= 0.0 {
                Self::from_ends(mul_down(b, d), mul_up(a, c))
            } else {
                Self::from_ends(mul_down(a, d), mul_up(a, c))
            }
        } else if c >= 0.0 {
            Self::from_ends(mul_down(a, d), mul_up(b, d))
        } else if d <= 0.0 {
            Self::from_ends(mul_down(b, c), mul_up(a, c))
        } else {
            Self::from_ends(
                mul_down(a, d).min(mul_down(b, c)),
                mul_up(a, c).max(mul_up(b, d)),
            )
        }
    }
}

impl Div for Raw {
    type Output = Self;

    /// By the signs of the ends; a divisor that holds zero gives a half-line or the entire
    /// line, `[0, 0]` gives the empty set (no operand has a quotient).
    #[inline]
    fn div(self, rhs: Self) -> Self {
        let (a, b, c, d) = (self.lo, self.hi, rhs.lo, rhs.hi);
        if c > 0.0 {
            if a >= 0.0 {
                Self::from_ends(div_down(a, d), div_up(b, c))
            } else if b <= 0.0 {
                Self::from_ends(div_down(a, c), div_up(b, d))
            } else {
                Self::from_ends(div_down(a, c), div_up(b, c))
            }
        } else if d < 0.0 {
            if a >= 0.0 {
                Self::from_ends(div_down(b, d), div_up(a, c))
            } else if b <= 0.0 {
                Self::from_ends(div_down(b, c), div_up(a, d))
            } else {
                Self::from_ends(div_down(b, d), div_up(a, d))
            }
        } else {
            self.div_by_zero_holder(c, d)
        }
    }
}

impl Raw {
    /// `self / [c, d]` for `c ≤ 0 ≤ d`.
    #[cold]
    fn div_by_zero_holder(self, c: f64, d: f64) -> Self {
        let (a, b) = (self.lo, self.hi);
        if c == 0.0 && d == 0.0 {
            return Self::EMPTY;
        }
        if a == 0.0 && b == 0.0 {
            return Self::from_ends(0.0, 0.0);
        }
        if c < 0.0 && d > 0.0 {
            return Self::ENTIRE;
        }
        if c == 0.0 {
            // [c, d] = [0, d], d > 0: quotients by (0, d].
            if a >= 0.0 {
                Self::from_ends(div_down(a, d), f64::INFINITY)
            } else if b <= 0.0 {
                Self::from_ends(f64::NEG_INFINITY, div_up(b, d))
            } else {
                Self::ENTIRE
            }
        } else {
            // [c, 0], c < 0: quotients by [c, 0).
            if a >= 0.0 {
                Self::from_ends(f64::NEG_INFINITY, div_up(a, c))
            } else if b <= 0.0 {
                Self::from_ends(div_down(b, c), f64::INFINITY)
            } else {
                Self::ENTIRE
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn iv(lo: f64, hi: f64) -> Raw {
        Raw::try_from((lo, hi)).unwrap()
    }

    #[test]
    fn tiny_is_two_to_the_minus_960() {
        assert_eq!(TINY, 2f64.powi(-960));
    }

    #[test]
    fn exact_operations_stay_points() {
        let p = iv(3.0, 3.0) * iv(0.5, 0.5) + iv(1.0, 1.0);
        assert_eq!(p, iv(2.5, 2.5));
        assert_eq!(iv(1.0, 1.0) / iv(4.0, 4.0), iv(0.25, 0.25));
        assert_eq!(iv(9.0, 9.0).sqrt(), iv(3.0, 3.0));
        assert_eq!(iv(0.0, 0.0) * Raw::ENTIRE, iv(0.0, 0.0));
    }

    #[test]
    fn inexact_operations_bracket_by_one_ulp() {
        let t = iv(0.1, 0.1) + iv(0.2, 0.2);
        assert_eq!(
            t,
            iv(0.30000000000000004f64.next_down(), 0.30000000000000004)
        );
        let third = iv(1.0, 1.0) / iv(3.0, 3.0);
        assert_eq!(third.sup(), third.inf().next_up());
        let root = iv(2.0, 2.0).sqrt();
        assert_eq!(root.sup(), root.inf().next_up());
    }

    #[test]
    fn overflow_and_underflow_stay_sound() {
        let m = iv(f64::MAX, f64::MAX);
        assert_eq!(m + m, iv(f64::MAX, f64::INFINITY));
        assert_eq!(m * m, iv(f64::MAX, f64::INFINITY));
        assert_eq!(-m * m, iv(f64::NEG_INFINITY, -f64::MAX));
        let s = iv(1e-200, 1e-200) * iv(1e-200, 1e-200);
        assert_eq!(s, iv(0.0, 5e-324));
        assert_eq!(-s, iv(-1e-200, -1e-200) * iv(1e-200, 1e-200));
        let q = iv(5e-324, 5e-324) / iv(2.0, 2.0);
        assert_eq!(q, iv(0.0, 5e-324));
        // Exact below TINY: points stay points.
        let t = 2f64.powi(-1000);
        assert_eq!(iv(t, t) * iv(0.5, 0.5), iv(t / 2.0, t / 2.0));
        assert_eq!(iv(t, t) / iv(4.0, 4.0), iv(t / 4.0, t / 4.0));
        assert_eq!(iv(t, t).sqrt(), iv(2f64.powi(-500), 2f64.powi(-500)));
        let two = iv(2.0 * t, 2.0 * t).sqrt();
        assert_eq!(two.sup(), two.inf().next_up());
    }

    #[test]
    fn division_by_intervals_holding_zero() {
        assert!((iv(1.0, 1.0) / iv(0.0, 0.0)).is_empty());
        assert_eq!(iv(1.0, 2.0) / iv(0.0, 4.0), iv(0.25, f64::INFINITY));
        assert_eq!(iv(-2.0, -1.0) / iv(0.0, 4.0), iv(f64::NEG_INFINITY, -0.25));
        assert_eq!(iv(1.0, 2.0) / iv(-4.0, 0.0), iv(f64::NEG_INFINITY, -0.25));
        assert_eq!(iv(-1.0, 2.0) / iv(0.0, 4.0), Raw::ENTIRE);
        assert_eq!(iv(1.0, 2.0) / iv(-1.0, 4.0), Raw::ENTIRE);
    }
}
