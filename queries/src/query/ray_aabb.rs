//! Ray–AABB casting by the slab test.

use surety_intervals::{Policy, Scalar, Verdict};

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
/// let b = Aabb::new(Vec3::new(0.0, 0.0, 0.0), Vec3::new(1.0, 1.0, 1.0))?;
/// let away = Ray::new(Vec3::new(2.0, 0.5, 0.5), Vec3::new(1.0, 0.0, 0.0))?;
/// assert!(!may_hit_ray_aabb(&away, &b));
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
pub fn may_hit_ray_aabb<S: Scalar>(ray: &Ray<S>, aabb: &Aabb<S>) -> bool {
    cast_ray_aabb(ray, aabb).hit.resolve(Policy::Conservative)
}
