//! The orientation of four points: the sign every triangle and plane test is built on.

use core::cmp::Ordering;

use surety_intervals::stack::{decide_with, Formula};
use surety_intervals::{cross3, dot3, lift3, sub3, Policy, Ring, Scalar, Sign, Vec3};

use crate::filter::lift::coords;
use crate::filter::orient_adaptive::orient3d_in_range;
use crate::filter::scale::{rescale, scaled3};
use crate::filter::static_filter::{abs, cross_with_permanent, dot, l1, sign, sub, B, T};

/// Which side of the plane through `a`, `b`, `c` is `d` on? The sign of
/// `((b - a) × (c - a)) · (d - a)`, six times the signed volume of the tetrahedron: `Positive`
/// when `d` is on the side the normal `(b - a) × (c - a)` points to, `Negative` on the other
/// side, `Zero` when the four points are coplanar, and `Undecided` only when the float filter
/// and the intervals could not tell and `policy` is not [`Policy::Exact`].
///
/// Runs the [filter stack](surety_intervals::stack): a certain answer is the exact sign for
/// the given coordinates, and under [`Policy::Exact`] there is always one. (Note the sign
/// convention: [`robust::orient3d`](https://docs.rs/robust) returns the opposite sign for the
/// same points.)
///
/// # Example
/// ```
/// use surety_intervals::{Policy, Sign, Vec3};
/// use surety_queries::orient3d;
///
/// let (a, b, c) = (Vec3::new(0.1, 0.2, 0.3), Vec3::new(1.7, 0.4, 0.9), Vec3::new(0.3, 2.9, 0.1));
/// let d = a + (b - a) * 0.5 + (c - a) * 0.25; // on the plane, up to rounding
/// let exact = orient3d(a, b, c, d, Policy::Exact);
/// assert!(exact.is_decided());
/// assert_eq!(orient3d(a, b, c, a, Policy::Conservative), Sign::Zero);
/// assert_eq!(orient3d(a, b, c, a + (b - a).cross(c - a), Policy::Conservative), Sign::Positive);
/// ```
#[inline]
pub fn orient3d<S: Scalar + Into<f64>>(
    a: Vec3<S>,
    b: Vec3<S>,
    c: Vec3<S>,
    d: Vec3<S>,
    policy: Policy,
) -> Sign {
    decide_with(move || Orient3d::new(a, b, c, d), policy).into()
}

/// The orientation [`Formula`] of [`orient3d`], for running its stages one by one
/// ([`decide_in`](surety_intervals::stack::decide_in)).
///
/// # Example
/// ```
/// use std::cmp::Ordering;
/// use surety_intervals::stack::{decide_in, Stage};
/// use surety_intervals::Vec3;
/// use surety_queries::Orient3d;
///
/// let o = Vec3::new(0.0, 0.0, 0.0);
/// let f = Orient3d::new(o, Vec3::new(1.0, 0.0, 0.0), Vec3::new(0.0, 1.0, 0.0), Vec3::new(0.0, 0.0, 1e-30));
/// assert_eq!(decide_in(&f, Stage::Filter), Some(Ordering::Greater));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Orient3d([[f64; 3]; 4]);

impl Orient3d {
    /// The formula for these points (their coordinates, exactly, as `f64`).
    ///
    /// # Example
    /// ```
    /// use std::cmp::Ordering;
    /// use surety_intervals::{stack::decide, Policy, Vec3};
    /// use surety_queries::Orient3d;
    ///
    /// let p = |x: f32| Vec3::new(x, 2.0 * x, 3.0 * x); // collinear
    /// let f = Orient3d::new(p(0.1), p(0.2), p(0.7), Vec3::new(1.0, 0.0, 0.0));
    /// assert!(decide(&f, Policy::Exact).is_some());
    /// ```
    #[inline]
    pub fn new<S: Scalar + Into<f64>>(a: Vec3<S>, b: Vec3<S>, c: Vec3<S>, d: Vec3<S>) -> Self {
        Orient3d([coords(a), coords(b), coords(c), coords(d)])
    }
}

impl Formula for Orient3d {
    type Output = Ordering;
    const HAS_STATIC_FILTER: bool = true;
    const HAS_ADAPTIVE: bool = true;

    /// Homogeneous (of degree 3) in the four points.
    fn rescaled(&self) -> Option<Self> {
        let k = rescale(self.0.as_flattened())?;
        Some(Orient3d(self.0.map(|v| scaled3(v, k))))
    }

    #[inline]
    fn eval<R: Ring>(&self) -> Option<Ordering> {
        let [a, b, c, d] = self.0.map(lift3::<R>);
        dot3(&cross3(&sub3(&b, &a), &sub3(&c, &a)), &sub3(&d, &a))
            .sign()
            .certain()
    }

    /// The determinant in plain `f64` with Shewchuk's permanent bound, guarded against
    /// underflow.
    ///
    /// # Derivation
    /// With `u = b - a`, `v = c - a`, `w = d - a` (each coordinate rounded once), the
    /// determinant is `t_x + t_y + t_z`, `t_x = w_x (u_y v_z - u_z v_y)` and so on, summed as
    /// `(t_x + t_y) + t_z`. Each of its six monomials, say `w_x u_y v_z`, reaches the result
    /// through at most eight roundings: its three differences, the product `u_y v_z`, the
    /// subtraction, the product by `w_x` and two additions. Without underflow, each rounding
    /// is a factor `1 + δ`, `|δ| ≤ u = 2^-53`, so `|det - exact| ≤ γ_8 · P*` with `P*` the
    /// exact sum of the monomials' magnitudes (the permanent) and `γ_8 = 8u / (1 - 8u)`
    /// (Higham, *Accuracy and Stability of Numerical Algorithms*, lemma 3.1). The computed
    /// permanent `P` follows the same eight roundings on non-negative terms, so
    /// `P ≥ (1 - u)^8 · P*`, and `γ_8 · P* ≤ 8u (1 + 17u) · P`. This is Shewchuk's stage A
    /// bound (*Adaptive Precision Floating-Point Arithmetic and Fast Robust Geometric
    /// Predicates*, 1997: `(7 + 56u) u`, one rounding fewer as his first differences are
    /// formed before the error analysis starts); `B = 8u (1 + 2^-10)` covers it and the
    /// rounding of `B · P`.
    ///
    /// Underflow, which Shewchuk's analysis excludes, adds at most `2^-1075` per product: the
    /// six products of two differences, each later multiplied by a `|w_i|`, and the three of
    /// three, in `det` and likewise in `P`. All of that is below `2^-1072 · (|w_x| + |w_y| +
    /// |w_z| + 1)`, with a margin that covers the rounding of the bound; the filter adds
    /// `A = 2^-1000 · (|w_x| + |w_y| + |w_z| + 1)`, more than enough, and a normal number (a
    /// subnormal one would cost a microcode assist on every call). So
    /// `|det| > fl(B · P + A)` gives the exact sign. Overflow makes `P` or `A` infinite or
    /// NaN, and no comparison passes: no verdict. Differences rounded to zero are exact, so
    /// the bound also holds for subnormal inputs.
    #[inline]
    fn static_filter(&self) -> Option<Ordering> {
        let [a, b, c, d] = self.0;
        let (u, v, w) = (sub(b, a), sub(c, a), sub(d, a));
        let (n, n_perm) = cross_with_permanent(u, v);
        let det = dot(w, n);
        let permanent = dot(abs(w), n_perm);
        let bound = B * permanent + T * (l1(w) + 1.0);
        // One branch, on whether the bound is cleared (nearly always); the sign itself is
        // data, not a branch (random points would mispredict one).
        if det.abs() > bound {
            Some(sign(det))
        } else {
            None
        }
    }

    /// Exact, when every coordinate is zero or between `2^-250` and `2^250` in magnitude
    /// (where nothing underflows or overflows): the determinant summed in one compensated pass
    /// from error-free products and differences and decided against a proven bound of order
    /// `ε²`; within that bound of zero, Shewchuk's adaptive predicate ([`robust::orient3d`]).
    /// The derivation and the range argument are in the `orient_adaptive` module's source.
    /// Outside the range the stack falls back to the generic stages.
    #[inline]
    fn adaptive(&self) -> Option<Ordering> {
        let [a, b, c, d] = self.0;
        orient3d_in_range(a, b, c, d)
    }
}
