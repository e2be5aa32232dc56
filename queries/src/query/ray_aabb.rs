//! Ray–AABB casting by the slab test.

use surety_intervals::stack::{decide_with, Formula};
use surety_intervals::{Policy, Ring, Scalar, Verdict};

use crate::filter::lift::coords;
use crate::filter::scale::{exact_scale, times_pow2};
use crate::{Aabb, Ray};

/// The answer of [`cast_ray_aabb`]: whether the ray meets the box, and the parameters where
/// its line enters and leaves it.
///
/// # Example
/// ```
/// use surety_intervals::{Interval, Verdict};
/// use surety_queries::{cast_ray_aabb, Aabb, Ray};
/// use glam::DVec3;
///
/// let b = Aabb::<Interval>::new(DVec3::ZERO, DVec3::ONE)?;
/// let r = Ray::new(DVec3::new(-1.0, 0.5, 0.5), DVec3::new(2.0, 0.0, 0.0))?;
/// let hit = cast_ray_aabb(&r, &b);
/// assert_eq!(hit.hit, Verdict::True);
/// assert!(hit.t_enter.contains(0.5) && hit.t_exit.contains(1.0));
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RayAabbHit<S> {
    /// Does the ray (`t >= 0`) meet the closed box?
    pub hit: Verdict,
    /// Where the ray's line enters the box (an enclosure). 0 for a zero direction (the ray
    /// is its origin); unbounded above where a direction component may or may not be zero
    /// (intervals), whose slab may or may not bound the line.
    pub t_enter: S,
    /// Where it leaves (an enclosure), with the same cases (unbounded below).
    pub t_exit: S,
}

/// Casts the ray at the closed box with the slab test (Kay–Kajiya).
///
/// On each axis with a non-zero direction the line is inside the slab for
/// `t ∈ [min(t₁, t₂), max(t₁, t₂)]`, `tᵢ = (boundᵢ - origin) / dir`; on an axis with a zero
/// direction it is inside for all `t` or none, by where the origin is. The ray hits when
/// `max(entries) <= min(exits)` and `min(exits) >= 0`. With intervals each `t` is an enclosure,
/// so certain answers are exact; a direction component that may or may not be zero (a wide
/// interval) makes the answer `Maybe`, never a guess.
///
/// # Example
/// ```
/// use surety_intervals::{Interval, Verdict};
/// use surety_queries::{cast_ray_aabb, Aabb, Ray};
/// use glam::DVec3;
///
/// let b = Aabb::<Interval>::new(DVec3::ZERO, DVec3::ONE)?;
/// // Grazing the edge x = 1, y = 1 exactly, parallel to z.
/// let graze = Ray::new(DVec3::new(1.0, 1.0, -5.0), DVec3::new(0.0, 0.0, 1.0))?;
/// assert_eq!(cast_ray_aabb(&graze, &b).hit, Verdict::True);
/// let past = Ray::new(DVec3::new(1.0, 1.0 + 1e-15, -5.0), DVec3::new(0.0, 0.0, 1.0))?;
/// assert_eq!(cast_ray_aabb(&past, &b).hit, Verdict::False);
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
pub fn cast_ray_aabb<S: Scalar>(ray: &Ray<S>, aabb: &Aabb<S>) -> RayAabbHit<S> {
    let (o, d) = (ray.origin().to_array(), ray.direction().to_array());
    let (lo, hi) = (aabb.min().to_array(), aabb.max().to_array());
    let inf = S::one() / S::zero();
    let (mut t_enter, mut t_exit) = (-inf, inf);
    // `enter`/`exit` are only combined from axes with a certainly non-zero direction.
    let mut inside = Verdict::True;
    let (mut bounded, mut unsure) = (false, false);
    for i in 0..3 {
        match d[i].eq_zero() {
            Verdict::True => inside = inside & lo[i].le(o[i]) & o[i].le(hi[i]),
            Verdict::False => {
                let (t1, t2) = ((lo[i] - o[i]) / d[i], (hi[i] - o[i]) / d[i]);
                if bounded {
                    t_enter = t_enter.max(t1.min(t2));
                    t_exit = t_exit.min(t1.max(t2));
                } else {
                    (t_enter, t_exit, bounded) = (t1.min(t2), t1.max(t2), true);
                }
            }
            Verdict::Maybe => {
                inside = inside & Verdict::Maybe;
                unsure = true;
            }
        }
    }
    let hit = if bounded {
        inside & t_enter.le(t_exit) & t_exit.ge(S::zero())
    } else {
        if d.iter().all(|x| x.eq_zero().is_true()) {
            // A zero direction: the ray is its origin, at t = 0 (not ±inf from finite input).
            (t_enter, t_exit) = (S::zero(), S::zero());
        }
        inside
    };
    if unsure {
        // A direction component that may or may not be zero: its slab may constrain the
        // line (entry later, exit sooner, without bound as the component nears 0) or not.
        // The entry is at least the other axes' and the exit at most theirs.
        let entire = S::lift_f64(f64::NAN);
        (t_enter, t_exit) = (t_enter.max(entire), t_exit.min(entire));
    }
    RayAabbHit {
        hit,
        t_enter,
        t_exit,
    }
}

/// Whether [`cast_ray_aabb`] may hit, resolved conservatively.
///
/// # Example
/// ```
/// use surety_intervals::Vec3;
/// use surety_queries::{may_hit_ray_aabb, Aabb, Ray};
///
/// let b = Aabb::<f64>::new(Vec3::new(0.0, 0.0, 0.0), Vec3::new(1.0, 1.0, 1.0))?;
/// let away = Ray::<f64>::new(Vec3::new(2.0, 0.5, 0.5), Vec3::new(1.0, 0.0, 0.0))?;
/// assert!(!may_hit_ray_aabb(&away, &b));
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
pub fn may_hit_ray_aabb<S: Scalar>(ray: &Ray<S>, aabb: &Aabb<S>) -> bool {
    cast_ray_aabb(ray, aabb).hit.resolve(Policy::Conservative)
}

/// Does the ray (`t >= 0`) meet the closed box? [`cast_ray_aabb`]'s question on float shapes,
/// through the [filter stack](surety_intervals::stack): exact when certain, and never `Maybe`
/// under [`Policy::Exact`].
///
/// The formula divides nothing. On an axis with a zero direction the origin must lie in the
/// slab (two comparisons of floats, exact). On an axis `i` with direction `dᵢ ≠ 0`, the line is
/// in the slab for `t ∈ [nᵢ/aᵢ, mᵢ/aᵢ]` with `aᵢ = |dᵢ|` and, when `dᵢ > 0`, `nᵢ = loᵢ - oᵢ`,
/// `mᵢ = hiᵢ - oᵢ` (when `dᵢ < 0`, `nᵢ = oᵢ - hiᵢ`, `mᵢ = oᵢ - loᵢ`). The ray meets the box when
/// every entry is at most every exit and no exit is negative: `nᵢ aⱼ ≤ mⱼ aᵢ` for `i ≠ j` and
/// `mⱼ ≥ 0`, signs of polynomials of degree two that every stage evaluates exactly or encloses.
///
/// # Example
/// ```
/// use surety_intervals::{Policy, Verdict};
/// use surety_queries::{cast_ray_aabb, decide_hit_ray_aabb, Aabb, Ray};
/// use glam::DVec3;
///
/// let b = Aabb::<f64>::new(DVec3::ZERO, DVec3::ONE)?;
/// // Aimed at the corner (1, 1, 1) across the box's edge, in floats: o + d rounds to the
/// // corner, but the exact line passes it by a hair and misses.
/// let o = DVec3::new(2.0, -0.09999999999999998, 0.7);
/// let r = Ray::<f64>::new(o, DVec3::ONE - o)?;
/// assert_eq!(cast_ray_aabb(&r, &b).hit, Verdict::True); // plain floats: wrong
/// assert_eq!(decide_hit_ray_aabb(&r, &b, Policy::Conservative), Verdict::Maybe);
/// assert_eq!(decide_hit_ray_aabb(&r, &b, Policy::Exact), Verdict::False);
/// // Along a face, exactly in its plane: touching counts.
/// let along = Ray::<f64>::new(DVec3::new(-1.0, 0.5, 1.0), DVec3::X)?;
/// assert_eq!(decide_hit_ray_aabb(&along, &b, Policy::Conservative), Verdict::True);
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
pub fn decide_hit_ray_aabb<S: Scalar + Into<f64>>(
    ray: &Ray<S>,
    aabb: &Aabb<S>,
    policy: Policy,
) -> Verdict {
    decide_with(|| RayAabb::new(ray, aabb), policy).into()
}

/// The ray–AABB [`Formula`] of [`decide_hit_ray_aabb`], for running its stages one by one
/// ([`decide_in`](surety_intervals::stack::decide_in)).
///
/// # Example
/// ```
/// use surety_intervals::stack::{decide_in, Stage};
/// use surety_queries::{Aabb, Ray, RayAabb};
/// use glam::DVec3;
///
/// let b = Aabb::<f64>::new(DVec3::ZERO, DVec3::ONE)?;
/// let r = Ray::<f64>::new(DVec3::new(-1.0, 0.5, 0.5), DVec3::new(1.0, 0.25, 0.0))?;
/// assert_eq!(decide_in(&RayAabb::new(&r, &b), Stage::Filter), Some(true));
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RayAabb {
    origin: [f64; 3],
    direction: [f64; 3],
    lo: [f64; 3],
    hi: [f64; 3],
}

impl RayAabb {
    /// The formula for this ray and box (their coordinates, exactly, as `f64`).
    ///
    /// # Example
    /// ```
    /// use surety_intervals::{stack::decide, Policy};
    /// use surety_queries::{Aabb, Ray, RayAabb};
    /// use glam::Vec3;
    ///
    /// let b = Aabb::<f32>::new(Vec3::ZERO, Vec3::ONE)?;
    /// let away = Ray::<f32>::new(Vec3::new(2.0, 0.5, 0.5), Vec3::X)?;
    /// assert_eq!(decide(&RayAabb::new(&away, &b), Policy::Exact), Some(false));
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    ///
    /// The answer does not change when the positions (origin and corners) are scaled by one
    /// positive factor and the direction by another, so both are scaled by powers of two, exactly,
    /// towards magnitude 1: tiny or huge inputs then decide in the float stages instead of
    /// underflowing or overflowing there.
    pub fn new<S: Scalar + Into<f64>>(ray: &Ray<S>, aabb: &Aabb<S>) -> Self {
        let [mut origin, mut lo, mut hi] = [ray.origin(), aabb.min(), aabb.max()].map(coords);
        let mut direction = coords(ray.direction());
        let positions = [origin, lo, hi];
        let k = exact_scale(positions.as_flattened());
        for v in [&mut origin, &mut lo, &mut hi] {
            *v = v.map(|x| times_pow2(x, k));
        }
        let k = exact_scale(&direction);
        direction = direction.map(|x| times_pow2(x, k));
        RayAabb {
            origin,
            direction,
            lo,
            hi,
        }
    }
}

impl Formula for RayAabb {
    type Output = bool;

    fn eval<R: Ring>(&self) -> Option<bool> {
        // Per moving axis: the entry and exit numerators and the common denominator |d|.
        let mut slabs: [Option<(R, R, R)>; 3] = [None, None, None];
        for (i, slab) in slabs.iter_mut().enumerate() {
            let (o, d, lo, hi) = (self.origin[i], self.direction[i], self.lo[i], self.hi[i]);
            if d == 0.0 {
                // Float comparisons are exact.
                if !((lo <= o) & (o <= hi)) {
                    return Some(false);
                }
                continue;
            }
            let (o, lo, hi, a) = (
                R::from_f64(o),
                R::from_f64(lo),
                R::from_f64(hi),
                R::from_f64(d.abs()),
            );
            *slab = Some(if d > 0.0 {
                (lo - o.clone(), hi - o, a)
            } else {
                (o.clone() - hi, o - lo, a)
            });
        }
        let mut answer = Verdict::True;
        for (j, exit) in slabs.iter().enumerate() {
            let Some((_, m_j, a_j)) = exit else { continue };
            answer = answer & m_j.non_negative();
            for (i, entry) in slabs.iter().enumerate() {
                let Some((n_i, _, a_i)) = entry.as_ref().filter(|_| i != j) else {
                    continue;
                };
                answer =
                    answer & (m_j.clone() * a_i.clone() - n_i.clone() * a_j.clone()).non_negative();
                if answer.is_false() {
                    return Some(false);
                }
            }
        }
        answer.certain()
    }
}
