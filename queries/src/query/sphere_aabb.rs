//! Sphere–AABB overlap (seed 002).

use surety_intervals::stack::{decide_with, Formula};
use surety_intervals::{lift3, Endpoint, Policy, Ring, Ring3, Scalar, Verdict};

use crate::filter::lift::coords;
use crate::filter::scale::{rescale, scaled3, times_pow2};
use crate::{Aabb, Sphere};

/// Do the solid sphere and the solid box share a point? (Touching counts.)
///
/// Seed 002's test: the squared distance from the center to the box, summed per axis from
/// `max(min - c, c - max, 0)²` with the tight square, against `r²`. `True` and `False` are
/// exact for the given shapes: with intervals each per-axis gap encloses the exact gap (at most
/// one of `min - c`, `c - max` is positive), so the sum encloses the exact squared distance.
///
/// # Example
/// ```
/// use surety_intervals::{Interval, Vec3, Verdict};
/// use surety_queries::{overlap_sphere_aabb, Aabb, Sphere};
///
/// let unit_box = Aabb::<Interval>::new(glam::DVec3::ZERO, glam::DVec3::ONE)?;
/// // Tangent to the face x = 1: touching, so overlapping, exactly.
/// let tangent = Sphere::<Interval>::new(glam::DVec3::new(1.5, 0.5, 0.5), 0.5)?;
/// assert_eq!(overlap_sphere_aabb(&tangent, &unit_box), Verdict::True);
/// let apart = Sphere::<Interval>::new(glam::DVec3::new(3.0, 0.5, 0.5), 0.5)?;
/// assert_eq!(overlap_sphere_aabb(&apart, &unit_box), Verdict::False);
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
pub fn overlap_sphere_aabb<S: Scalar>(sphere: &Sphere<S>, aabb: &Aabb<S>) -> Verdict {
    let [c, lo, hi] = [sphere.center(), aabb.min(), aabb.max()].map(|v| v.to_array());
    sphere_meets_box(&c, sphere.radius(), &lo, &hi)
}

/// The one statement of sphere–AABB, for both paths: per axis the gap
/// `max(lo - c, c - hi, 0)` (at most one of the two differences is positive, so the gap is
/// exact in exact arithmetic), and the sign of `r² - Σ gap²`. The partial sums only grow: once
/// one certainly exceeds `r²`, the sphere is apart.
#[inline]
fn sphere_meets_box<R: Ring>(c: &Ring3<R>, r: R, lo: &Ring3<R>, hi: &Ring3<R>) -> Verdict {
    let r2 = r.sqr();
    let gap = |k: usize| {
        let (below, above) = (lo[k].clone() - c[k].clone(), c[k].clone() - hi[k].clone());
        below.max(above).max(R::from_f64(0.0))
    };
    let mut d2 = gap(0).sqr();
    for k in 1..3 {
        if (d2.clone() - r2.clone()).positive().is_true() {
            return Verdict::False;
        }
        d2 = d2 + gap(k).sqr();
    }
    (r2 - d2).non_negative()
}

/// [`overlap_sphere_aabb`] resolved conservatively: `false` only when they certainly do not
/// overlap.
///
/// # Example
/// ```
/// use surety_intervals::Interval;
/// use surety_queries::{may_overlap_sphere_aabb, Aabb, Sphere};
///
/// let b = Aabb::<Interval>::new(glam::DVec3::ZERO, glam::DVec3::ONE)?;
/// let s = Sphere::<Interval>::new(glam::DVec3::new(1.2, 0.5, 0.5), 0.2)?;
/// assert!(may_overlap_sphere_aabb(&s, &b));
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
pub fn may_overlap_sphere_aabb<S: Scalar>(sphere: &Sphere<S>, aabb: &Aabb<S>) -> bool {
    overlap_sphere_aabb(sphere, aabb).resolve(Policy::Conservative)
}

/// [`overlap_sphere_aabb`] on float shapes, through the [filter stack](surety_intervals::stack):
/// certified at nearly the speed of the plain float query, and never `Maybe` under
/// [`Policy::Exact`].
///
/// The formula, stated once for every stage: per axis, the gap `max(lo - c, c - hi, 0)` (at
/// most one of the two differences is positive, so the gap is exact in exact arithmetic); the
/// verdict is the sign of `r² - Σ gap²`.
///
/// # Example
/// ```
/// use surety_intervals::{Policy, Verdict};
/// use surety_queries::{decide_overlap_sphere_aabb, Aabb, Sphere};
/// use glam::Vec3;
///
/// let b = Aabb::<f32>::new(Vec3::ZERO, Vec3::ONE)?;
/// // As f32s, 1.3 - 1 is 0.29999995 and 0.3 is 0.30000001: overlapping, by 6e-8.
/// let s = Sphere::<f32>::new(Vec3::new(1.3, 0.5, 0.5), 0.3)?;
/// assert_eq!(decide_overlap_sphere_aabb(&s, &b, Policy::Exact), Verdict::True);
/// let far = Sphere::<f32>::new(Vec3::new(3.0, 0.5, 0.5), 0.5)?;
/// assert_eq!(decide_overlap_sphere_aabb(&far, &b, Policy::Conservative), Verdict::False);
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
pub fn decide_overlap_sphere_aabb<S: Scalar + Into<f64>>(
    sphere: &Sphere<S>,
    aabb: &Aabb<S>,
    policy: Policy,
) -> Verdict {
    decide_with(|| SphereAabb::new(sphere, aabb), policy).into()
}

/// The sphere–AABB [`Formula`] of [`decide_overlap_sphere_aabb`], for running its stages one
/// by one ([`decide_in`](surety_intervals::stack::decide_in)).
///
/// # Example
/// ```
/// use surety_intervals::stack::{decide_in, Stage};
/// use surety_queries::{Aabb, Sphere, SphereAabb};
/// use glam::Vec3;
///
/// let b = Aabb::<f32>::new(Vec3::ZERO, Vec3::ONE)?;
/// let s = Sphere::<f32>::new(Vec3::new(2.0, 0.5, 0.5), 1.0)?; // tangent
/// assert_eq!(decide_in(&SphereAabb::new(&s, &b), Stage::Filter), None);
/// assert_eq!(decide_in(&SphereAabb::new(&s, &b), Stage::Interval), Some(true));
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SphereAabb {
    c: [f64; 3],
    r: f64,
    lo: [f64; 3],
    hi: [f64; 3],
    /// Built from `f32` shapes: the static filter's range check always passes.
    narrow: bool,
}

impl SphereAabb {
    /// The formula for these shapes (their coordinates, exactly, as `f64`).
    ///
    /// # Example
    /// ```
    /// use surety_intervals::{stack::decide, Policy};
    /// use surety_queries::{Aabb, Sphere, SphereAabb};
    /// use glam::DVec3;
    ///
    /// let f = SphereAabb::new(&Sphere::<f64>::new(DVec3::ZERO, 1.0)?, &Aabb::new(DVec3::ONE, DVec3::ONE)?);
    /// assert_eq!(decide(&f, Policy::Exact), Some(false)); // |(1, 1, 1)| = √3 > 1
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    pub fn new<S: Scalar + Into<f64>>(sphere: &Sphere<S>, aabb: &Aabb<S>) -> Self {
        SphereAabb {
            c: coords(sphere.center()),
            r: sphere.radius().into(),
            lo: coords(aabb.min()),
            hi: coords(aabb.max()),
            narrow: S::Float::DIGITS == f32::MANTISSA_DIGITS,
        }
    }
}

impl Formula for SphereAabb {
    type Output = bool;
    const HAS_STATIC_FILTER: bool = true;

    /// Homogeneous in the center, radius and corners together.
    fn rescaled(&self) -> Option<Self> {
        let k = rescale([self.c, [self.r; 3], self.lo, self.hi].as_flattened())?;
        Some(SphereAabb {
            c: scaled3(self.c, k),
            r: times_pow2(self.r, k),
            lo: scaled3(self.lo, k),
            hi: scaled3(self.hi, k),
            narrow: self.narrow,
        })
    }

    #[inline]
    fn eval<R: Ring>(&self) -> Option<bool> {
        let r = R::from_f64(self.r);
        sphere_meets_box(&lift3(self.c), r, &lift3(self.lo), &lift3(self.hi)).certain()
    }

    /// The same sum of squares in plain `f64`, against `r²` with a relative bound.
    ///
    /// # Derivation
    /// Write `G_i = max(lo_i - c_i, c_i - hi_i, 0)` and `D = Σ G_i²` exactly; the sphere
    /// overlaps iff `D ≤ r²`. The inputs are finite (the shapes are validated), `u = 2^-53`.
    /// - A difference of two doubles is rounded with relative error at most `u` (a result in
    ///   the subnormal range is exact); it may overflow to `±∞`, never to NaN. Rounding is
    ///   monotone and `fl(0) = 0`, so the computed gap is `g_i = fl(G_i) = G_i (1 + δ)`.
    /// - Every term is non-negative, so errors do not cancel: the square and the two additions
    ///   give `s = Σ G_i² (1 + δ_i)` with `(1 - u)^5 ≤ 1 + δ_i ≤ (1 + u)^5`, plus at most
    ///   `3 · 2^-1075 · (1 + u)²` from squares that underflowed.
    /// - `r²` is rounded with relative error `u`, or underflows by at most `2^-1075`.
    ///
    /// The filter decides when `e = fl(|s - R|) > R · 2^-49` (`R = fl(r²)`; the product by a
    /// power of two is exact unless it underflows), answering `s < R`. It needs `s` at most
    /// `2^900` (nothing in it overflowed), and either every computed gap zero (then `D = 0`
    /// exactly: a gap rounds to zero only when it is zero) or `s ≥ 2^-900` (then the underflow
    /// terms are below `2^-170 · s`). `s = 0` alone is not enough: nonzero gaps below
    /// `2^-538` square to zero, and `r²` may still round up to a positive `R` below their sum.
    /// Then, with `e ≤ |s - R| (1 + u)`:
    /// - `s < R`: `R - s > R · 2^-49 / (1 + u)`, so `s < R (1 - 15.9u)` and `D ≤ s (1 + 5.01u)
    ///   (1 + 2^-170) < R (1 - 10.8u) ≤ r² (1 + u)(1 - 10.8u) < r²` (or `D = 0`):
    ///   certainly overlapping.
    /// - `s > R`: `s > R (1 + 15.9u)`, so `D ≥ s (1 - 5.01u) > R (1 + 10.8u) > r²` when `R` is
    ///   normal (`r² ≤ R (1 + 1.01u)`); when `r²` underflowed, `r² < 2^-1021 < 2^-901 ≤ D`:
    ///   certainly apart.
    /// - `R = +∞` (`r²` overflowed): `e = +∞` is not above `+∞`, so no verdict.
    ///
    /// With `f32` shapes the range check always passes, so it is skipped: every nonzero gap is
    /// at least `2^-149` (a nonzero difference of two `f32`s is a multiple of `2^-149`), every
    /// nonzero square at least `2^-298`, and `s < 3 · 2^258`.
    #[inline]
    fn static_filter(&self) -> Option<bool> {
        /// `2^-49 = 16u`.
        const CLEAR: f64 = 1.0 / 562_949_953_421_312.0;
        /// `2^-900` and `2^900`.
        const TINY: f64 = f64::from_bits((1023 - 900) << 52);
        const HUGE: f64 = f64::from_bits((1023 + 900) << 52);
        // The comparisons pick the larger difference and clamp at zero; no NaN can occur
        // (finite inputs).
        let gap = |i: usize| {
            let (below, above) = (self.lo[i] - self.c[i], self.c[i] - self.hi[i]);
            let g = if below > above { below } else { above };
            if g > 0.0 {
                g
            } else {
                0.0
            }
        };
        let (g0, g1, g2) = (gap(0), gap(1), gap(2));
        let s = g0 * g0 + g1 * g1 + g2 * g2;
        let r2 = self.r * self.r;
        // Decided when s is clear of r² by more than 2^-49 · r²; which side is then data, not
        // a branch (random shapes would mispredict one).
        let decided = (s - r2).abs() > r2 * CLEAR;
        let center_inside = g0 + g1 + g2 == 0.0;
        let in_range = self.narrow || (TINY..=HUGE).contains(&s) | center_inside;
        if in_range & decided {
            Some(s < r2)
        } else {
            None
        }
    }
}
