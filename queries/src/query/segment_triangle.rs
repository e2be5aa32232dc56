//! Segment–triangle intersection (Möller–Trumbore, seed 000).

use surety_intervals::stack::Formula;
use surety_intervals::{sub3, Policy, Ring, Ring3, Scalar, Vec3, Verdict};

use crate::filter::lift::{coords, load3};
use crate::filter::moller_trumbore::line_meets;
use crate::filter::scale::{ray_scales, rescale, scaled3};
use crate::filter::static_filter::{and, answer, clears, cross, dot, max_abs, sub, Sure, T, U};
use crate::filter::widen::{widen_down, widen_up};
use crate::pose::{decide_pair, Frame, PairFormula};
use crate::{Placed, Ray, Segment, Triangle};

/// Does the closed segment meet the closed triangle?
///
/// Möller–Trumbore without a fudge epsilon (seed 000's `INTERSECT_EPSILON`): the barycentric
/// and segment conditions are compared against zero and `det` as verdicts, so a certain answer
/// is the exact one. A segment through an edge or a corner meets the triangle (closed sets),
/// so where two faces share an edge, a segment through it is never certainly missed by both.
/// A segment lying in the triangle's plane, and degenerate triangles, are decided by the
/// separating axis test in the plane: one statement with
/// [`decide_intersect_segment_triangle`], evaluated here in the shapes' own scalars.
///
/// # Example
/// ```
/// use surety_intervals::{Interval, Verdict};
/// use surety_queries::{intersect_segment_triangle, Segment, Triangle};
/// use glam::DVec3;
///
/// let t = Triangle::<Interval>::new(DVec3::ZERO, DVec3::X, DVec3::Y)?;
/// // Through the edge from (1, 0, 0) to (0, 1, 0), exactly.
/// let s = Segment::new(DVec3::new(0.5, 0.5, 1.0), DVec3::new(0.5, 0.5, -1.0))?;
/// assert_eq!(intersect_segment_triangle(&s, &t), Verdict::True);
/// let miss = Segment::new(DVec3::new(0.6, 0.6, 1.0), DVec3::new(0.6, 0.6, -1.0))?;
/// assert_eq!(intersect_segment_triangle(&miss, &t), Verdict::False);
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
pub fn intersect_segment_triangle<S: Scalar>(
    segment: &impl Placed<Segment<S>>,
    triangle: &impl Placed<Triangle<S>>,
) -> Verdict {
    let (Some(segment), Some(triangle)) = (segment.world(), triangle.world()) else {
        return Verdict::Maybe;
    };
    let (p, q) = (segment.p(), segment.q());
    let t = triangle.corners().map(Vec3::to_array);
    line_meets(&t, &p.to_array(), &(q - p).to_array(), false).hit
}

/// [`intersect_segment_triangle`] resolved conservatively: `false` only when the segment
/// certainly misses.
///
/// # Example
/// ```
/// use surety_intervals::Interval;
/// use surety_queries::{may_intersect_segment_triangle, Segment, Triangle};
/// use glam::DVec3;
///
/// let t = Triangle::<Interval>::new(DVec3::ZERO, DVec3::X, DVec3::Y)?;
/// let s = Segment::new(DVec3::new(0.2, 0.2, 1.0), DVec3::new(0.2, 0.2, -1.0))?;
/// assert!(may_intersect_segment_triangle(&s, &t));
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
pub fn may_intersect_segment_triangle<S: Scalar>(
    segment: &impl Placed<Segment<S>>,
    triangle: &impl Placed<Triangle<S>>,
) -> bool {
    intersect_segment_triangle(segment, triangle).resolve(Policy::Conservative)
}

/// [`intersect_segment_triangle`] on float shapes, through the
/// [filter stack](surety_intervals::stack): exact for every input under [`Policy::Exact`],
/// segments in the triangle's plane and degenerate triangles and segments included.
///
/// The formula, stated once for every stage, with `e1 = b - a`, `e2 = c - a`, `d = Q - P`:
/// - `det = e1 · (d × e2) ≠ 0`: the line `PQ` meets the plane in one point, and Möller–Trumbore's
///   numerators `u`, `v`, `t` (degree 3, no division) decide it exactly: with `det > 0`, a hit
///   is `u ≥ 0`, `v ≥ 0`, `u + v ≤ det`, `0 ≤ t ≤ det` (all negated for `det < 0`).
/// - `det = 0` with `P` off the plane of a proper triangle: apart (the segment is parallel).
/// - Segment in the plane of a proper triangle: the separating axis test on the in-plane
///   normals `n × edge` and `n × (Q - P)`, `n = e1 × e2`.
/// - Degenerate triangle (`n = 0`): the separating axis test on the facet normals of every
///   shape the Minkowski difference of two segments (or points) can take.
///
/// # Example
/// ```
/// use surety_intervals::{Policy, Verdict};
/// use surety_queries::{decide_intersect_segment_triangle, Segment, Triangle};
/// use glam::DVec3;
///
/// let t = Triangle::<f64>::new(DVec3::ZERO, DVec3::X, DVec3::Y)?;
/// // In the triangle's plane, ending exactly on the edge x + y = 1.
/// let s = Segment::new(DVec3::new(2.0, 2.0, 0.0), DVec3::new(0.5, 0.5, 0.0))?;
/// assert_eq!(decide_intersect_segment_triangle(&s, &t, Policy::Exact), Verdict::True);
/// let s = Segment::new(DVec3::new(2.0, 2.0, 0.0), DVec3::new(0.5, 0.5f64.next_up(), 0.0))?;
/// assert_eq!(decide_intersect_segment_triangle(&s, &t, Policy::Exact), Verdict::False);
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
pub fn decide_intersect_segment_triangle<S: Scalar + Into<f64>>(
    segment: &impl Placed<Segment<S>>,
    triangle: &impl Placed<Triangle<S>>,
    policy: Policy,
) -> Verdict {
    let ((s, ps), (t, pt)) = (segment.parts(), triangle.parts());
    decide_pair(SegmentTriangle::new(s, t), ps, pt, policy)
}

/// The segment–triangle [`Formula`] of [`decide_intersect_segment_triangle`] (and, for a
/// segment from a point to itself, of [`decide_point_in_triangle`](crate::decide_point_in_triangle)),
/// for running its stages one by one ([`decide_in`](surety_intervals::stack::decide_in)).
///
/// # Example
/// ```
/// use surety_intervals::stack::{decide_in, Stage};
/// use surety_queries::{Segment, SegmentTriangle, Triangle};
/// use glam::DVec3;
///
/// let t = Triangle::<f64>::new(DVec3::ZERO, DVec3::X, DVec3::Y)?;
/// // Through the corner (1, 0, 0) exactly: a zero volume, which the filter cannot certify.
/// let f = SegmentTriangle::new(&Segment::new(DVec3::new(1.0, 0.0, 1.0), DVec3::new(1.0, 0.0, -1.0))?, &t);
/// assert_eq!(decide_in(&f, Stage::Filter), None);
/// assert_eq!(decide_in(&f, Stage::Interval), Some(true));
/// assert_eq!(decide_in(&f, Stage::Exact), Some(true));
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SegmentTriangle {
    p: [f64; 3],
    /// The segment's other end, or the ray's direction.
    q: [f64; 3],
    t: [[f64; 3]; 3],
    /// A ray from `p` along `q` (`t ≥ 0` only), not the segment from `p` to `q`.
    ray: bool,
}

/// A ray's origin and direction and a triangle's corners.
pub(crate) type RayParts = ([f64; 3], [f64; 3], [[f64; 3]; 3]);

/// A ray from `p` along `d` and a triangle `t`, rescaled where a ray's crossing does not
/// depend on the scale: the origin and corners by one power of two, the direction by its own
/// (`ray_scales`); `None` when neither is far from 1.
pub(crate) fn rescaled_ray(p: [f64; 3], d: [f64; 3], t: [[f64; 3]; 3]) -> Option<RayParts> {
    let (k, j) = ray_scales([p, t[0], t[1], t[2]].as_flattened(), &d)?;
    Some((scaled3(p, k), scaled3(d, j), t.map(|c| scaled3(c, k))))
}

impl SegmentTriangle {
    /// Every number times one power of two (a ray's direction too, so that a parameter along
    /// it, such as a bounded ray's reach, stays the same), when that brings them near 1.
    fn scaled_alike(&self) -> Option<Self> {
        let k = rescale([self.p, self.q, self.t[0], self.t[1], self.t[2]].as_flattened())?;
        Some(SegmentTriangle {
            p: scaled3(self.p, k),
            q: scaled3(self.q, k),
            t: self.t.map(|c| scaled3(c, k)),
            ray: self.ray,
        })
    }

    /// The formula for these shapes (their coordinates, exactly, as `f64`).
    ///
    /// # Example
    /// ```
    /// use surety_intervals::{stack::decide, Policy};
    /// use surety_queries::{Segment, SegmentTriangle, Triangle};
    /// use glam::DVec3;
    ///
    /// let t = Triangle::<f64>::new(DVec3::ZERO, DVec3::X, DVec3::Y)?;
    /// let s = Segment::new(DVec3::new(0.2, 0.2, 1.0), DVec3::new(0.2, 0.2, 0.5))?;
    /// assert_eq!(decide(&SegmentTriangle::new(&s, &t), Policy::Exact), Some(false));
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    pub fn new<S: Scalar + Into<f64>>(segment: &Segment<S>, triangle: &Triangle<S>) -> Self {
        SegmentTriangle {
            p: coords(segment.p()),
            q: coords(segment.q()),
            t: triangle.corners().map(coords),
            ray: false,
        }
    }

    /// The formula for a point: the segment from `p` to itself.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::{stack::decide, Policy, Vec3};
    /// use surety_queries::{SegmentTriangle, Triangle};
    ///
    /// let t = Triangle::<f32>::new(Vec3::new(0.0, 0.0, 0.0), Vec3::new(1.0, 0.0, 0.0), Vec3::new(0.0, 1.0, 0.0))?;
    /// let f = SegmentTriangle::point(Vec3::new(0.5, 0.5, 0.0), &t); // on the edge
    /// assert_eq!(decide(&f, Policy::Exact), Some(true));
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    pub fn point<S: Scalar + Into<f64>>(p: Vec3<S>, triangle: &Triangle<S>) -> Self {
        let p = coords(p);
        SegmentTriangle {
            p,
            q: p,
            t: triangle.corners().map(coords),
            ray: false,
        }
    }

    /// The formula for a ray: its points `origin + t · direction` for every `t ≥ 0` (a zero
    /// direction makes it the point `origin`).
    ///
    /// # Example
    /// ```
    /// use surety_intervals::{stack::decide, Policy, Vec3};
    /// use surety_queries::{Ray, SegmentTriangle, Triangle};
    ///
    /// let t = Triangle::<f64>::new(Vec3::new(0.0, 0.0, 0.0), Vec3::new(1.0, 0.0, 0.0), Vec3::new(0.0, 1.0, 0.0))?;
    /// // In the triangle's plane, pointing at it from afar: a segment would need a far end.
    /// let r = Ray::new(Vec3::new(-1e6, 0.25, 0.0), Vec3::new(1.0, 0.0, 0.0))?;
    /// assert_eq!(decide(&SegmentTriangle::ray(&r, &t), Policy::Exact), Some(true));
    /// let away = Ray::new(Vec3::new(-1e6, 0.25, 0.0), Vec3::new(-1.0, 0.0, 0.0))?;
    /// assert_eq!(decide(&SegmentTriangle::ray(&away, &t), Policy::Exact), Some(false));
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    pub fn ray<S: Scalar + Into<f64>>(ray: &Ray<S>, triangle: &Triangle<S>) -> Self {
        Self::ray_from_coords(
            coords(ray.origin()),
            coords(ray.direction()),
            triangle.corners().map(coords),
        )
    }

    /// [`SegmentTriangle::ray`] from coordinates already read as `f64`: a ray cast at many
    /// triangles reads its own once.
    pub(crate) fn ray_from_coords(p: [f64; 3], d: [f64; 3], t: [[f64; 3]; 3]) -> Self {
        SegmentTriangle {
            p,
            q: d,
            t,
            ray: true,
        }
    }
}

impl Formula for SegmentTriangle {
    type Output = bool;
    const HAS_STATIC_FILTER: bool = true;

    /// Homogeneous in the segment's ends and the corners together; for a ray, in its origin
    /// and the corners, and apart from that in its direction (a ray met stays met along a
    /// direction scaled by a positive factor).
    fn rescaled(&self) -> Option<Self> {
        if !self.ray {
            return self.scaled_alike();
        }
        let (p, q, t) = rescaled_ray(self.p, self.q, self.t)?;
        Some(SegmentTriangle { p, q, t, ray: true })
    }

    #[inline]
    fn eval<R: Ring>(&self) -> Option<bool> {
        self.eval_placed(&Frame::<R>::pair(None, None))
    }

    /// Möller–Trumbore's five sign tests in plain `f64`, each against a semi-static bound
    /// (CGAL's for `orient3d`: one product of per-axis maxima instead of a permanent per
    /// test); the parallel and coplanar cases are left to the other stages.
    ///
    /// # Derivation
    /// With `e1 = b - a`, `e2 = c - a`, `d = q - p`, `s = p - a` (each coordinate rounded once),
    /// `det = e1 · (d × e2)`, `u = s · (d × e2)`, `v = d · (s × e1)` and `t = e2 · (s × e1)` are
    /// triple products of rounded differences, each evaluated as `orient3d`'s determinant.
    /// - Each monomial goes through at most eight roundings (see `Orient3d`'s derivation), so
    ///   a computed triple product is within `γ_8 · P*` of the exact one, `P*` the exact
    ///   permanent: the sum of the six monomials' magnitudes over the *exact* differences.
    /// - Every monomial is a product of one `x`, one `y` and one `z` coordinate, one from
    ///   each of three vectors among `e1`, `e2`, `d`, `s`. With `m_x` the largest `|x|`
    ///   coordinate of the four computed vectors (and `m_y`, `m_z` alike), an exact
    ///   difference is at most its rounded value over `1 - u`, so
    ///   `P* ≤ 6 m_x m_y m_z / (1 - u)³`, and `M = fl(fl(m_x m_y) m_z) ≥ m_x m_y m_z (1 - u)²`.
    ///   Each triple product is therefore within `6 γ_8 (1 - u)^-5 · M ≤ 48u (1 + 14u) · M`.
    /// - The two compound tests add their parts' errors and one rounding per subtraction; a
    ///   computed triple product is at most `6M (1 + 15u)`, so `fl(det - u)` loses at most
    ///   `12u M (1 + 16u)` and `fl(fl(det - u) - v)` at most `18u M (1 + 17u)` more:
    ///   `174u (1 + 17u) · M` in all, and `det - t` at most `108u (1 + 16u) · M`.
    ///   `B1 = 48u (1 + 2^-10)` and `B2 = 176u (1 + 2^-10)` cover these and the rounding of
    ///   `B · M + A`.
    ///
    /// Range: the filter answers only when `m_x + m_y + m_z < 2^300`. Then no product or sum
    /// here overflows (a triple product is below `6 · 2^900`), so no value is infinite or NaN;
    /// a coordinate outside the range leaves the query to the generic stages. (`f32` shapes
    /// are always inside it.) Underflow adds at most `2^-1075` per product, amplified by at
    /// most one factor below `m = m_x + m_y + m_z`: all of it, for any one test, is below
    /// `3 · 2^-1072 · (m + 1)`, far below the `A = 2^-1000 · (m + 1)` every bound adds (a
    /// normal number, so no subnormal slow path), which also covers underflow in `M`.
    ///
    /// The verdict: `det` must clear its bound (otherwise the segment may be parallel, and the
    /// other stages decide); then certainly a hit if all five tests clear theirs on the
    /// non-negative side, certainly a miss if any clears it on the negative side.
    ///
    /// For a ray, `d` is its direction, an input rather than a rounded difference (one rounding
    /// fewer, so the bounds hold with room to spare), and the test `det - t ≥ 0` is dropped.
    #[inline]
    fn static_filter(&self) -> Option<bool> {
        self.static_parts()
            .and_then(|parts| answer(parts.verdict()))
    }
}

/// What the static filter computed: the verdict's sure bits, and `det` and `t` (Möller–
/// Trumbore's parameter numerator) with the sign of `det` taken out, each within `bound` of
/// its exact value.
pub(crate) struct StaticParts {
    /// The five tests' sure bits: `u`, `v`, `det - u - v`, `t` and `det - t` (the last
    /// always positive for a ray), each relative to `det`'s sign.
    tests: [Sure; 5],
    /// Whether the computed `det` is negative (its bound cleared: the exact one is too).
    det_negative: bool,
    det: f64,
    t: f64,
    bound: f64,
}

impl SegmentTriangle {
    /// The static filter's computation (see its derivation on [`Formula::static_filter`]),
    /// or `None` where `det` does not clear its bound or the input is out of its range.
    #[inline(always)]
    fn static_parts(&self) -> Option<StaticParts> {
        let t = self.t.each_ref().map(load3);
        let (p, q) = (load3(&self.p), load3(&self.q));
        static_parts_of(p, q, t, self.ray)
    }

    /// For the ray from `p` along `d` and the triangle `t`: the static filter's verdict and,
    /// for a certain hit, an enclosure `[lo, hi]` of the hit parameter `t / det`: with `det`
    /// and `t` (sign of `det` taken out) each within `b` of the exact values and `det > b`,
    /// the exact quotient lies between the quotients of the intervals' ends, each computed
    /// with three roundings and then widened outward by more than their error
    /// ([`widen_down`], [`widen_up`]). `None` where the static filter does not decide.
    ///
    /// From coordinates in hand, not a formula: a mesh's cast reads each face's corners once,
    /// for its box and this filter, and building the formula in memory only to read it back
    /// was 5 % of a 12-face mesh's cast.
    #[inline]
    pub(crate) fn static_ray_hit_param(
        p: [f64; 3],
        d: [f64; 3],
        t: [[f64; 3]; 3],
    ) -> Option<(bool, [f64; 2])> {
        hit_param_of(static_parts_of(p, d, t, true)?)
    }

    /// For a ray, where the static filter makes the signs of the line's three barycentric
    /// coordinates at the triangle's plane and of its parameter there all certain and
    /// nonzero: whether all four are positive (the ray passes through the triangle's
    /// interior at a positive parameter), and whether `n · d > 0` for the face's normal
    /// `n = (b - a) × (c - a)` (certain then too). `None` otherwise.
    ///
    /// Möller–Trumbore's `u`, `v` and `det - u - v` are `det` times the barycentric
    /// coordinates of `b`, `c` and `a`, and `t` is `det` times the parameter; the static
    /// filter decides each one's sign relative to `det`'s (see its derivation on
    /// [`Formula::static_filter`]), and `det = e1 · (d × e2) = -(n · d)`.
    #[inline(always)]
    pub(crate) fn static_ray_crossing(&self) -> Option<(bool, bool)> {
        debug_assert!(self.ray);
        let parts = self.static_parts()?;
        let signs = &parts.tests[..4];
        signs
            .iter()
            .all(|s| s.0 | s.1)
            .then(|| (signs.iter().all(|s| s.0), parts.det_negative))
    }
}

/// [`SegmentTriangle`]'s static filter (see its derivation on [`Formula::static_filter`]) on
/// coordinates already in hand: the start `p`, `q` (a ray's direction, or the segment's
/// end) and the triangle's corners `t`. `None` where `det` does not clear its bound or the
/// input is out of its range.
#[inline(always)]
fn static_parts_of(
    p: [f64; 3],
    q: [f64; 3],
    [a, b, c]: [[f64; 3]; 3],
    ray: bool,
) -> Option<StaticParts> {
    /// `48u (1 + 2^-10)`, exact.
    const B1: f64 = 48.0 * U;
    /// `176u (1 + 2^-10)`, exact.
    const B2: f64 = 176.0 * U;
    /// `2^300`.
    const RANGE: f64 = f64::from_bits((1023 + 300) << 52);
    // A ray's direction is an input, not a rounded difference: one rounding fewer.
    let d = if ray { q } else { sub(q, p) };
    let (e1, e2, s) = (sub(b, a), sub(c, a), sub(p, a));
    let [mx, my, mz] = max_abs(max_abs(e1, e2), max_abs(d, s));
    let m = (mx + my) + mz;
    let big = mx * my * mz;
    let (pvec, qvec) = (cross(d, e2), cross(s, e1));
    let det = dot(e1, pvec);
    let a = T * (m + 1.0);
    let b1 = B1 * big + a;
    let b2 = B2 * big + a;
    // False out of range, or when a difference overflowed (the inputs are finite).
    let det_clear = (det.abs() > b1) & (m < RANGE);
    if !det_clear {
        return None; // maybe parallel, or out of range: not this stage's
    }
    let sign = if det > 0.0 { 1.0 } else { -1.0 };
    let (u, v, t) = (dot(s, pvec), dot(d, qvec), dot(e2, qvec));
    // Each test: is σx certainly ≥ 0, or certainly < 0? Branch-free: outcomes are data.
    let test = |x: f64, bound: f64| clears(sign * x, bound);
    let tests: [Sure; 5] = [
        test(u, b1),
        test(v, b1),
        test((det - u) - v, b2),
        test(t, b1),
        // A ray goes on past the segment's end t = det.
        if ray {
            (true, false)
        } else {
            test(det - t, b2)
        },
    ];
    Some(StaticParts {
        tests,
        det_negative: det < 0.0,
        det: sign * det,
        t: sign * t,
        bound: b1,
    })
}

/// The static filter's verdict and, for a certain hit, the enclosure of its parameter, from
/// its parts (see [`SegmentTriangle::static_ray_hit_param`]).
#[inline(always)]
fn hit_param_of(parts: StaticParts) -> Option<(bool, [f64; 2])> {
    let hit = answer(parts.verdict())?;
    if !hit {
        return Some((false, [0.0, 0.0]));
    }
    let (det, t, b) = (parts.det, parts.t, parts.bound);
    let (t_lo, t_hi) = (t - b, t + b);
    let lo = t_lo / if t_lo >= 0.0 { det + b } else { det - b };
    let hi = t_hi / if t_hi >= 0.0 { det - b } else { det + b };
    Some((true, [widen_down(lo), widen_up(hi)]))
}

impl StaticParts {
    /// The filter's verdict: every test certainly non-negative, or some certainly negative.
    #[inline(always)]
    fn verdict(&self) -> Sure {
        self.tests.into_iter().fold((true, false), and)
    }
}

impl SegmentTriangle {
    /// The triangle's corners, the start `p` and the direction (a ray's, or `q - p`), placed
    /// by the frames (the segment's first). A point's parameter along the ray is the same in
    /// every frame: a frame maps `p + t·d` to `p' + t·d'`.
    pub(crate) fn placed<R: Ring>(
        &self,
        [fl, ft]: &[Frame<R>; 2],
    ) -> ([Ring3<R>; 3], Ring3<R>, Ring3<R>) {
        let start = fl.point(self.p);
        let d = if self.ray {
            fl.vector(self.q)
        } else {
            sub3(&fl.point(self.q), &start)
        };
        (self.t.map(|c| ft.point(c)), start, d)
    }
}

impl PairFormula for SegmentTriangle {
    type Output = bool;

    #[inline]
    fn eval_placed<R: Ring>(&self, frames: &[Frame<R>; 2]) -> Option<bool> {
        let (t, p, d) = self.placed(frames);
        line_meets(&t, &p, &d, self.ray).hit.certain()
    }
}

/// A ray cast at a triangle within `t ∈ [0, reach]`, either shape posed: the segment from `p`
/// to `p + reach · d`, its direction scaled inside the ring so that no rounding of a far end
/// enters. No static filter.
#[derive(Clone, Copy)]
pub(crate) struct BoundedRayTriangle {
    pub(crate) ray: SegmentTriangle,
    pub(crate) reach: f64,
}

impl Formula for BoundedRayTriangle {
    type Output = bool;

    /// The ray's origin and direction and the corners times one power of two: the reach, a
    /// parameter along the ray, stays.
    fn rescaled(&self) -> Option<Self> {
        Some(BoundedRayTriangle {
            ray: self.ray.scaled_alike()?,
            reach: self.reach,
        })
    }

    fn eval<R: Ring>(&self) -> Option<bool> {
        self.eval_placed(&Frame::<R>::pair(None, None))
    }
}

impl PairFormula for BoundedRayTriangle {
    type Output = bool;

    fn eval_placed<R: Ring>(&self, frames: &[Frame<R>; 2]) -> Option<bool> {
        let (t, p, d) = self.ray.placed(frames);
        let m = R::from_f64(self.reach);
        let d = d.map(|x| x * m.clone());
        line_meets(&t, &p, &d, false).hit.certain()
    }
}
