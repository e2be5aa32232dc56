//! A sphere swept along a straight motion against a triangle (seed 003's detection step).

use surety_intervals::stack::Formula;
use surety_intervals::{
    dot3, sub3, Endpoint, Interval, Policy, Ring, Ring3, Scalar, Vec3, Verdict,
};

use super::clear_path::sphere_path_clear;
use crate::filter::lift::coords;
use crate::filter::moller_trumbore::line_meets;
use crate::filter::scale::{rescale, scaled3, times_pow2};
use crate::pose::{decide_pair, Frame, PairFormula};
use crate::query::sphere_triangle::{edge_within, sphere_meets_triangle};
use crate::{overlap_sphere_triangle, Placed, Sphere, Triangle};

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
    sphere: &impl Placed<Sphere<S>>,
    motion: Vec3<S>,
    triangle: &impl Placed<Triangle<S>>,
) -> SweepHit {
    // Posed shapes in world coordinates (enclosed), where the motion is given.
    let (Some(sphere), Some(triangle)) = (sphere.world(), triangle.world()) else {
        return SweepHit {
            hit: Verdict::Maybe,
            time: Interval::new(0.0, 1.0).unwrap_or(Interval::ENTIRE),
        };
    };
    let (sphere, triangle) = (&sphere, &triangle);
    let normal = || {
        let n = triangle.normal();
        (n, n.length_squared().sqrt())
    };
    let start = |sphere: &Sphere<S>| overlap_sphere_triangle(sphere, triangle);
    let swept = sweep_with_normal(sphere, motion, triangle, normal, start);
    settle_by_capsule(swept, sphere, motion, triangle)
}

/// A sweep the events left `Maybe`, settled where the statement of
/// [`decide_sweep_sphere_triangle`], evaluated in the shapes' own scalars, is certain whether
/// there is a contact at all (the time enclosure is kept, or `[1, 1]` for none).
pub(crate) fn settle_by_capsule<S: Scalar>(
    swept: SweepHit,
    sphere: &Sphere<S>,
    motion: Vec3<S>,
    triangle: &Triangle<S>,
) -> SweepHit {
    if !swept.hit.is_maybe() {
        return swept;
    }
    let (c, t) = (sphere.center(), triangle.corners().map(Vec3::to_array));
    let capsule =
        capsule_meets_triangle(&c.to_array(), &(c + motion).to_array(), sphere.radius(), &t);
    match capsule.certain() {
        Some(false) => SweepHit {
            hit: Verdict::False,
            time: Interval::new(1.0, 1.0).unwrap_or(Interval::ENTIRE),
        },
        Some(true) => SweepHit {
            hit: Verdict::True,
            ..swept
        },
        None => swept,
    }
}

/// [`sweep_sphere_triangle`] with the triangle's normal and its length given (a mesh keeps
/// them; asked only for a face the float test leaves), and the contact test at time 0
/// given: a mover whose start is already certified apart passes `|_| Verdict::False` and
/// saves that test.
pub(crate) fn sweep_with_normal<S: Scalar>(
    sphere: &Sphere<S>,
    motion: Vec3<S>,
    triangle: &Triangle<S>,
    normal: impl FnOnce() -> (Vec3<S>, S),
    start: impl FnOnce(&Sphere<S>) -> Verdict,
) -> SweepHit {
    // Most faces near a path are far from it: a float test with a proven margin rules them
    // out at float speed (with intervals only: plain floats are the fast query already).
    if S::CERTIFIED && sphere_path_clear(sphere, motion, triangle) {
        return Events::new(Verdict::False).finish();
    }
    let (n, length) = normal();
    let (zero, one) = (S::zero(), S::one());
    let (c, r2) = (sphere.center(), sphere.radius().sqr());
    let [a, b, cc] = triangle.corners();
    let (sw, sv) = (n.dot(c - a), n.dot(motion));
    let reach = sphere.radius() * length;
    // The path's least plane distance on a side is at one of its ends: beyond reach there,
    // the sphere never meets the plane (the next cheapest exit, after the float test).
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

/// Does the sphere moving from `c` to `c + motion` touch the closed triangle at some time in
/// `[0, 1]`? Posed shapes too: the sphere's center is moved by its pose, the motion is in
/// world coordinates, and the triangle is placed by its pose, all inside the formula. [`sweep_sphere_triangle`]'s verdict on float shapes, through the
/// [filter stack](surety_intervals::stack): exact for every input under [`Policy::Exact`]
/// (never `Maybe`), motion parallel to the face or an edge, zero motion and degenerate
/// triangles included. (The time of contact is [`sweep_sphere_triangle`]'s, on intervals.)
///
/// The formula: the swept sphere is the capsule of radius `r` around the center's path, a
/// segment; it meets the triangle iff the segment comes within `r` of it. The nearest points
/// of a segment and a triangle are an end of the segment and a point of the triangle, or a
/// point of the segment and a point of an edge, unless the segment passes through the
/// triangle; so: either end's sphere meets the triangle (the sphere–triangle statement), or
/// the path meets the triangle (the segment–triangle statement), or the path comes within `r`
/// of an edge. Two segments `p + s u` and `q + t v` (`s, t ∈ [0, 1]`, `w = p - q`) come within
/// `r` iff an end of one is within `r` of the other, or the interior critical point is inside
/// the square and near enough: with `a = u·u`, `b = u·v`, `c = v·v`, `d = u·w`, `e = v·w` and
/// `D = ac - b² > 0`, `0 < be - cd < D`, `0 < ae - bd < D` and
/// `D·|w|² - c·d² - a·e² + 2·b·d·e ≤ r²·D` (the squared distance there, times `D`). No
/// square root, no division.
///
/// # Example
/// ```
/// use surety_intervals::{Policy, Vec3, Verdict};
/// use surety_queries::{decide_sweep_sphere_triangle, Sphere, Triangle};
///
/// let t = Triangle::<f64>::new(Vec3::new(0.0, 0.0, 0.0), Vec3::new(1.0, 0.0, 0.0), Vec3::new(0.0, 1.0, 0.0))?;
/// // Sliding past the corner (1, 0, 0) at exactly the radius: a graze is a contact.
/// let ball = Sphere::<f64>::new(Vec3::new(2.0, -1.0, 0.0), 1.0)?;
/// let v = decide_sweep_sphere_triangle(&ball, Vec3::new(0.0, 4.0, 0.0), &t, Policy::Exact);
/// assert_eq!(v, Verdict::True);
/// // One ulp farther out, it misses: decided exactly.
/// let ball = Sphere::<f64>::new(Vec3::new(2f64.next_up(), -1.0, 0.0), 1.0)?;
/// let v = decide_sweep_sphere_triangle(&ball, Vec3::new(0.0, 4.0, 0.0), &t, Policy::Exact);
/// assert_eq!(v, Verdict::False);
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
pub fn decide_sweep_sphere_triangle<S: Scalar + Into<f64>>(
    sphere: &impl Placed<Sphere<S>>,
    motion: Vec3<S>,
    triangle: &impl Placed<Triangle<S>>,
    policy: Policy,
) -> Verdict {
    let ((s, ps), (t, pt)) = (sphere.parts(), triangle.parts());
    // The static filter: a path certainly clear of the triangle, in floats (unposed shapes).
    if ps.is_none() && pt.is_none() && sphere_path_clear(s, motion, t) {
        return Verdict::False;
    }
    decide_pair(SweepSphereTriangle::new(s, motion, t), ps, pt, policy)
}

/// The capsule–triangle formula of [`decide_sweep_sphere_triangle`] (no static filter).
#[derive(Clone, Copy, Debug)]
pub(crate) struct SweepSphereTriangle {
    c: [f64; 3],
    m: [f64; 3],
    r: f64,
    t: [[f64; 3]; 3],
}

impl SweepSphereTriangle {
    /// The formula for these shapes, in their own frames (the motion in world coordinates).
    pub(crate) fn new<S: Scalar + Into<f64>>(
        sphere: &Sphere<S>,
        motion: Vec3<S>,
        triangle: &Triangle<S>,
    ) -> Self {
        SweepSphereTriangle {
            c: coords(sphere.center()),
            m: coords(motion),
            r: sphere.radius().into(),
            t: triangle.corners().map(coords),
        }
    }
}

impl Formula for SweepSphereTriangle {
    type Output = bool;

    /// Homogeneous in the center, motion, radius and corners together (the time of contact
    /// does not move).
    fn rescaled(&self) -> Option<Self> {
        let k =
            rescale([self.c, self.m, [self.r; 3], self.t[0], self.t[1], self.t[2]].as_flattened())?;
        Some(SweepSphereTriangle {
            c: scaled3(self.c, k),
            m: scaled3(self.m, k),
            r: times_pow2(self.r, k),
            t: self.t.map(|c| scaled3(c, k)),
        })
    }

    fn eval<R: Ring>(&self) -> Option<bool> {
        self.eval_placed(&Frame::<R>::pair(None, None))
    }
}

/// The motion is given in world coordinates, so a frame only scales it.
impl PairFormula for SweepSphereTriangle {
    type Output = bool;

    fn eval_placed<R: Ring>(&self, [fs, ft]: &[Frame<R>; 2]) -> Option<bool> {
        let p = fs.point(self.c);
        let m = fs.world_vector(self.m);
        let q: Ring3<R> = std::array::from_fn(|k| p[k].clone() + m[k].clone());
        let t = self.t.map(|x| ft.point(x));
        capsule_meets_triangle(&p, &q, fs.length(self.r), &t).certain()
    }
}

/// Does the segment `p → q` come within `r` of the closed triangle `t` (see
/// [`decide_sweep_sphere_triangle`])?
pub(crate) fn capsule_meets_triangle<R: Ring>(
    p: &Ring3<R>,
    q: &Ring3<R>,
    r: R,
    t: &[Ring3<R>; 3],
) -> Verdict {
    let mut near = Verdict::False;
    for end in [p, q] {
        near = near | sphere_meets_triangle(t, end, r.clone());
        if near.is_true() {
            return Verdict::True;
        }
    }
    near = near | line_meets(t, p, &sub3(q, p), false).hit;
    if near.is_true() {
        return Verdict::True;
    }
    let r2 = r.sqr();
    for i in 0..3 {
        near = near | segments_within(p, q, &t[i], &t[(i + 1) % 3], &r2);
        if near.is_true() {
            return Verdict::True;
        }
    }
    near
}

/// Do the closed segments `p0 → p1` and `q0 → q1` come within `√r2` of each other?
fn segments_within<R: Ring>(
    p0: &Ring3<R>,
    p1: &Ring3<R>,
    q0: &Ring3<R>,
    q1: &Ring3<R>,
    r2: &R,
) -> Verdict {
    let (u, v, w) = (sub3(p1, p0), sub3(q1, q0), sub3(p0, q0));
    let sq = |x: &Ring3<R>| dot3(x, x);
    // An end of one segment against the other.
    let (w1, w2, w3) = (sub3(p1, q0), sub3(q0, p0), sub3(q1, p0));
    let (ww, w1w1, w2w2, w3w3) = (sq(&w), sq(&w1), sq(&w2), sq(&w3));
    let p1q1 = sq(&sub3(p1, q1));
    let ends = edge_within(&v, &w, &ww, &sq(&sub3(p0, q1)), r2)
        | edge_within(&v, &w1, &w1w1, &p1q1, r2)
        | edge_within(&u, &w2, &w2w2, &w1w1, r2)
        | edge_within(&u, &w3, &w3w3, &p1q1, r2);
    if ends.is_true() {
        return Verdict::True;
    }
    // The interior critical point.
    let (a, b, c) = (dot3(&u, &u), dot3(&u, &v), dot3(&v, &v));
    let (d, e) = (dot3(&u, &w), dot3(&v, &w));
    let det = a.clone() * c.clone() - b.clone().sqr();
    let s_num = b.clone() * e.clone() - c.clone() * d.clone();
    let t_num = a.clone() * e.clone() - b.clone() * d.clone();
    let inside = det.positive()
        & s_num.positive()
        & (det.clone() - s_num).positive()
        & t_num.positive()
        & (det.clone() - t_num).positive();
    let two = R::from_f64(2.0);
    let dist = ((det.clone() * ww - c * d.clone().sqr()) - a * e.clone().sqr()) + two * b * d * e;
    ends | (inside & (r2.clone() * det - dist).non_negative())
}
