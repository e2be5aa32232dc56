//! Error-free transformations: a float sum, difference or product and its rounding error, both
//! as doubles, with `result + error` equal to the exact value. The building blocks of
//! [`Expansion`](crate::Expansion) and of hand-written adaptive predicates.
//!
//! References: D. E. Knuth, *The Art of Computer Programming* vol. 2, 4.2.2 (Two-Sum);
//! T. J. Dekker, *A floating-point technique for extending the available precision*, 1971
//! (Fast-Two-Sum); J. R. Shewchuk, *Adaptive Precision Floating-Point Arithmetic and Fast
//! Robust Geometric Predicates*, 1997 (Two-Diff and their use in expansions). The product's
//! error by one fused multiply-add is exact whenever it is representable, which holds unless
//! the product is below about `2^-969` (Boldo and Muller, *Exact and approximated error of
//! the FMA*, IEEE TC 60(2), 2011).
//!
//! All four are exact for finite inputs whose result does not overflow (the sum and difference
//! also where Knuth's and Shewchuk's intermediate steps would overflow: they are repeated at
//! half scale); the sum and difference also when the result underflows (a subnormal sum is
//! exact).

/// `a + b = s + e` exactly, any order of magnitude, for finite `a`, `b` whose rounded sum is
/// finite (Knuth's Two-Sum).
///
/// Knuth's six operations can overflow in between though the sum does not: for
/// `a = -1.2499312776299645e307` and `b = f64::MAX` the sum is finite but `s - a` rounds past
/// `MAX`, and the error comes out NaN. That happens only when an operand is within an ulp of
/// `MAX` and the other at least `2^970` in magnitude (the rounding error of `s` must push
/// `s - a` past `MAX`), so both halve exactly and so does the error, which is a multiple of
/// `2^918`; the transformation is then repeated at half scale, off the hot path.
///
/// # Example
/// ```
/// use surety_intervals::eft::two_sum;
///
/// let (s, e) = two_sum(1.0, 1e-20);
/// assert_eq!((s, e), (1.0, 1e-20));
/// // Near the end of the range too: s + e is a + b exactly.
/// let (s, e) = two_sum(-1.2499312776299645e307, f64::MAX);
/// assert!(e.is_finite() && e != 0.0);
/// ```
#[inline(always)]
pub fn two_sum(a: f64, b: f64) -> (f64, f64) {
    let (s, e) = two_sum_in_range(a, b);
    if !e.is_finite() && s.is_finite() {
        return (s, half_scale_error(a, b));
    }
    (s, e)
}

/// Knuth's Two-Sum as written, without [`two_sum`]'s retry: `a + b = s + e` exactly when
/// `|a|` and `|b|` are at most `2^1022` (no step can then overflow). Beyond, it is exact or
/// its error is not finite, never a wrong finite value. For predicates that already bound
/// their operands (a range-checked adaptive predicate, an [`Expansion`](crate::Expansion) whose
/// sign is undecided once a component is not finite), where the retry's branch would cost:
/// it keeps the compiler from interleaving several sums.
///
/// # Example
/// ```
/// use surety_intervals::eft::two_sum_in_range;
///
/// assert_eq!(two_sum_in_range(1.0, 1e-20), (1.0, 1e-20));
/// assert!(two_sum_in_range(-1.2499312776299645e307, f64::MAX).1.is_nan());
/// ```
#[inline(always)]
pub fn two_sum_in_range(a: f64, b: f64) -> (f64, f64) {
    let s = a + b;
    let bv = s - a;
    let av = s - bv;
    (s, (a - av) + (b - bv))
}

/// The error of `a + b` computed as twice that of `a/2 + b/2`, for the rare operands near the
/// end of the range where Knuth's steps overflow in between (see [`two_sum`]): both halvings
/// and the doubling are exact there, and `fl(a/2 + b/2) = fl(a + b)/2` away from the
/// subnormals, so the error is the same.
#[cold]
#[inline(never)]
fn half_scale_error(a: f64, b: f64) -> f64 {
    2.0 * two_sum_in_range(0.5 * a, 0.5 * b).1
}

/// `a + b = s + e` exactly when `|a| ≥ |b|` or `a` is zero (Dekker's Fast-Two-Sum).
///
/// # Example
/// ```
/// use surety_intervals::eft::fast_two_sum;
///
/// assert_eq!(fast_two_sum(1.0, 2f64.powi(-60)), (1.0, 2f64.powi(-60)));
/// ```
#[inline(always)]
pub fn fast_two_sum(a: f64, b: f64) -> (f64, f64) {
    let s = a + b;
    (s, b - (s - a))
}

/// `a - b = x + t` exactly (Shewchuk's Two-Diff): the rounded difference and its error, for
/// finite `a`, `b` whose rounded difference is finite. Near the end of the range it is
/// repeated at half scale, as [`two_sum`] is.
///
/// # Example
/// ```
/// use surety_intervals::eft::two_diff;
///
/// let (x, t) = two_diff(1.0, 1e-20);
/// assert_eq!((x, t), (1.0, -1e-20));
/// ```
#[inline(always)]
pub fn two_diff(a: f64, b: f64) -> (f64, f64) {
    let (x, t) = two_diff_in_range(a, b);
    if !t.is_finite() && x.is_finite() {
        // Shewchuk's Two-Diff is Knuth's Two-Sum of `a` and `-b` (its `bv` is minus Knuth's).
        return (x, half_scale_error(a, -b));
    }
    (x, t)
}

/// Shewchuk's Two-Diff as written, without [`two_diff`]'s retry: `a - b = x + t` exactly when
/// `|a|` and `|b|` are at most `2^1022`; beyond, exact or a non-finite error (see
/// [`two_sum_in_range`]).
///
/// # Example
/// ```
/// use surety_intervals::eft::two_diff_in_range;
///
/// assert_eq!(two_diff_in_range(1.0, 1e-20), (1.0, -1e-20));
/// ```
#[inline(always)]
pub fn two_diff_in_range(a: f64, b: f64) -> (f64, f64) {
    let x = a - b;
    let bv = a - x;
    let av = x + bv;
    (x, (a - av) + (bv - b))
}

/// `a · b = p + e` by one fused multiply-add: exact unless the product is below about
/// `2^-969` (then its error may not be a double) or overflows; callers check the range.
///
/// # Example
/// ```
/// use surety_intervals::eft::two_product;
///
/// let (p, e) = two_product(0.1, 0.1);
/// assert_eq!(p, 0.1 * 0.1);
/// assert_ne!(e, 0.0); // 0.1 · 0.1 is not a double
/// ```
#[inline(always)]
pub fn two_product(a: f64, b: f64) -> (f64, f64) {
    let p = a * b;
    (p, a.mul_add(b, -p))
}
