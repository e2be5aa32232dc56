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
//! All four are exact for finite inputs whose result does not overflow; the sum and difference
//! also when the result underflows (a subnormal sum is exact).

/// `a + b = s + e` exactly, any order of magnitude (Knuth's Two-Sum).
///
/// # Example
/// ```
/// use surety_intervals::eft::two_sum;
///
/// let (s, e) = two_sum(1.0, 1e-20);
/// assert_eq!((s, e), (1.0, 1e-20));
/// ```
#[inline(always)]
pub fn two_sum(a: f64, b: f64) -> (f64, f64) {
    let s = a + b;
    let bv = s - a;
    let av = s - bv;
    (s, (a - av) + (b - bv))
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

/// `a - b = x + t` exactly (Shewchuk's Two-Diff): the rounded difference and its error.
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
