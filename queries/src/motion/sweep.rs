//! A sphere swept along a straight motion against a triangle (seed 003's detection step).

use surety_intervals::{Endpoint, Interval, Scalar, Vec3, Verdict};

use crate::{overlap_sphere_triangle, Sphere, Triangle};

/// The answer of [`sweep_sphere_triangle`]: whether the moving sphere touches the triangle,
/// and when.
///
/// # Example
/// ```
/// use surety_intervals::{Interval, Vec3, Verdict};
/// use surety_queries::{sweep_sphere_triangle, Sphere, Triangle};
/// use glam::DVec3;
///
/// let floor = Triangle::<Interval>::new(DVec3::new(-9.0, -9.0, 0.0), DVec3::new(9.0, -9.0, 0.0), DVec3::new(0.0, 9.0, 0.0))?;
/// let ball = Sphere::new(DVec3::new(0.0, 0.0, 3.0), 1.0)?;
/// let hit = sweep_sphere_triangle(&ball, DVec3::new(0.0, 0.0, -4.0).into(), &floor);
/// assert_eq!(hit.hit, Verdict::True);
/// assert!(hit.time.contains(0.5)); // falls 2 of its 4 units, then touches
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SweepHit {
    /// Whether the sphere touches the triangle at some time in `[0, 1]`.
    pub hit: Verdict,
    /// Encloses the exact time of first contact, capped at 1 (so `[1, 1]` when there is
    /// certainly none). For every time below its lower end the sphere is certainly apart.
    pub time: Interval<f64>,
}

/// When does a sphere moving from its center `c` to `c + motion` (times `0` to `1`) first
/// touch the closed triangle?
///
/// The distance from a moving point to a convex set is convex in time, so contact times form
/// one interval, and its start is the earliest of these events, each an exact contact:
/// - touching at time 0 ([`overlap_sphere_triangle`]);
/// - the face: the center reaches plane distance `r` on either side while approaching, with
///   its projection in the triangle;
/// - an edge: the distance to the edge's line falls to `r` (the smaller root of
///   `A·t² + 2B·t + C = 0`, taken as `C / (√(B² - AC) - B)`, which needs no division by `A`
///   and so stays tight for motion parallel to the edge) with the closest point on the edge;
/// - a corner: the same quadratic for the distance to the point.
///
/// An event is also ruled out when its distance certainly stays beyond `r` over all of
/// `[0, 1]` (a bound that needs no division), which decides motion parallel to the face or an
/// edge. With intervals each event's validity is a verdict and its time an enclosure: the result's
/// lower end is the least lower end of any event that may be valid, its upper end the least
/// upper end of an event that certainly is. `hit` is `False` only when no event can be valid.
///
/// # Example
/// ```
/// use surety_intervals::{Interval, Verdict};
/// use surety_queries::{sweep_sphere_triangle, Sphere, Triangle};
/// use glam::DVec3;
///
/// let t = Triangle::<Interval>::new(DVec3::ZERO, DVec3::X, DVec3::Y)?;
/// // Sliding past the corner (1, 0, 0) at exactly the radius: a graze is a contact.
/// let ball = Sphere::new(DVec3::new(2.0, -1.0, 0.0), 1.0)?;
/// let graze = sweep_sphere_triangle(&ball, DVec3::new(0.0, 4.0, 0.0).into(), &t);
/// assert_eq!(graze.hit, Verdict::True);
/// // A hair farther away it misses, certainly.
/// let ball = Sphere::new(DVec3::new(2.0 + 1e-12, -1.0, 0.0), 1.0)?;
/// let miss = sweep_sphere_triangle(&ball, DVec3::new(0.0, 4.0, 0.0).into(), &t);
/// assert_eq!(miss.hit, Verdict::False);
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
pub fn sweep_sphere_triangle<S: Scalar>(
    sphere: &Sphere<S>,
    motion: Vec3<S>,
    triangle: &Triangle<S>,
) -> SweepHit {
    let n = triangle.normal();
    let start = |sphere: &Sphere<S>| overlap_sphere_triangle(sphere, triangle);
    sweep_with_normal(
        sphere,
        motion,
        triangle,
        (n, n.length_squared().sqrt()),
        start,
    )
}

/// [`sweep_sphere_triangle`] with the triangle's normal and its length given (a mesh keeps
/// them), and the contact test at time 0 given: a mover whose start is already certified
/// apart passes `|_| Verdict::False` and saves that test.
pub(crate) fn sweep_with_normal<S: Scalar>(
    sphere: &Sphere<S>,
    motion: Vec3<S>,
    triangle: &Triangle<S>,
    (n, length): (Vec3<S>, S),
    start: impl FnOnce(&Sphere<S>) -> Verdict,
) -> SweepHit {
    let (zero, one) = (S::zero(), S::one());
    let (c, r2) = (sphere.center(), sphere.radius().sqr());
    let [a, b, cc] = triangle.corners();
    let (sw, sv) = (n.dot(c - a), n.dot(motion));
    let reach = sphere.radius() * length;
    // The path's least plane distance on a side is at one of its ends: beyond reach there,
    // the sphere never meets the plane (the cheap exit most triangles of a mesh take).
    for side in [one, -one] {
        if (sw * side - reach + (sv * side).min(zero))
            .gt_zero()
            .is_true()
        {
            return Events::new(Verdict::False).finish();
        }
    }
    let start = start(sphere);
    if start.is_true() {
        return SweepHit {
            hit: Verdict::True,
            time: Interval::ZERO,
        };
    }
    let mut events = Events::new(start);
    let vv = motion.length_squared();

    // The face, from either side.
    for side in [one, -one] {
        // Starting beyond reach on this side and approaching, but not certainly staying beyond
        // reach for all of [0, 1] (which decides motion parallel to the plane, where the time
        // below divides by about zero).
        let gap_at_least = sw * side - reach + (sv * side).min(zero);
        let approach = (sv * side).lt_zero() & (sw * side).ge(reach) & !gap_at_least.gt_zero();
        if approach.is_false() {
            continue;
        }
        let t = (sw * side - reach) / -(sv * side);
        let x = c + motion * t;
        let inside = n.dot((b - a).cross(x - a)).ge(zero)
            & n.dot((cc - b).cross(x - b)).ge(zero)
            & n.dot((a - cc).cross(x - cc)).ge(zero);
        events.add(approach & t.ge(zero) & t.le(one) & inside, t);
    }

    // Edges and corners: first root of a quadratic, when approaching from outside.
    let first_root = |qa: S, qb: S, qc: S| {
        let disc = qb.sqr() - qa * qc;
        // For t in [0, 1]: qa·t² + 2qb·t + qc >= qc + 2·min(qb, 0) + min(qa, 0). Positive means
        // no root there: this decides motion parallel to an edge (qa = qb = 0 exactly), where
        // the root's formula divides by about zero.
        let never = (qc + qb.min(zero) * S::lift_f64(2.0) + qa.min(zero)).gt_zero();
        let approach = qb.lt_zero() & qc.gt_zero() & disc.ge(zero) & !never;
        (approach, qc / (disc.sqrt() - qb))
    };
    for (p0, p1) in [(a, b), (b, cc), (cc, a)] {
        let (e, w) = (p1 - p0, c - p0);
        let (ee, ev, ew) = (e.length_squared(), e.dot(motion), e.dot(w));
        let qa = ee * vv - ev.sqr();
        let qb = ee * w.dot(motion) - ew * ev;
        let qc = ee * w.length_squared() - ew.sqr() - r2 * ee;
        let (approach, t) = first_root(qa, qb, qc);
        if !approach.is_false() {
            let s = ew + ev * t; // the contact's position along the edge, times |e|²
            events.add(approach & t.le(one) & s.ge(zero) & s.le(ee), t);
        }
        let (approach, t) = first_root(vv, w.dot(motion), w.length_squared() - r2);
        if !approach.is_false() {
            events.add(approach & t.le(one), t);
        }
    }
    events.finish()
}

/// The earliest of a set of contact events whose validity may be uncertain.
struct Events {
    hit: Verdict,
    lo: f64,
    hi: f64,
}

impl Events {
    fn new(start: Verdict) -> Self {
        let lo = if start.is_false() { 1.0 } else { 0.0 };
        Self {
            hit: start,
            lo,
            hi: 1.0,
        }
    }

    fn add<S: Scalar>(&mut self, valid: Verdict, t: S) {
        if valid.is_false() {
            return;
        }
        let (lo, hi) = t.bounds();
        // NaN (plain floats only) gives 0: the conservative end.
        let lo = lo.as_f64();
        self.lo = self.lo.min(if lo > 0.0 { lo } else { 0.0 });
        if valid.is_true() {
            self.hi = self.hi.min(hi.as_f64());
        }
        self.hit = self.hit | valid;
    }

    fn finish(self) -> SweepHit {
        let hi = self.hi.max(self.lo);
        SweepHit {
            hit: self.hit,
            time: Interval::new(self.lo, hi).unwrap_or(Interval::ZERO.hull_with(Interval::ONE)),
        }
    }
}
