//! Sphere–triangle overlap.

use surety_intervals::stack::{decide_with, Formula};
use surety_intervals::{cross3, dot3, lift3, sub3, Policy, Ring, Ring3, Scalar, Vec3, Verdict};

use crate::lift::{coords, load3};
use crate::static_filter::{and, answer, clears, cross, dot, max, max3, max_abs, not, or, sub, U};
use crate::{Sphere, Triangle};

/// Squared distance from `w` (relative to the segment's start) to the closed segment `0 → e`:
/// `|w - t·e|²` with `t = clamp(w·e / e·e, 0, 1)`. With intervals, an enclosure: the clamped
/// `t` encloses the exact closest parameter, and the expression evaluated over it encloses
/// the exact distance.
fn segment_distance_squared<S: Scalar>(w: Vec3<S>, e: Vec3<S>) -> S {
    let t = (w.dot(e) / e.length_squared()).max(S::zero()).min(S::one());
    (w - e * t).length_squared()
}

/// Does the solid sphere share a point with the closed triangle? (Touching counts.)
///
/// The exact squared distance `d²` from the center to the triangle is the squared distance to
/// its plane when the center projects inside the triangle, and otherwise the least squared
/// distance to its three edges; and the plane is never farther than an edge. So
/// `d² <= r²` exactly when (the projection is inside and the plane distance is within `r`)
/// or (some edge is within `r`), which this evaluates with verdicts: certain answers are exact.
/// The plane distance is compared without a square root: `(n·(c - a))² <= r²·|n|²`.
///
/// # Example
/// ```
/// use surety_intervals::{Interval, Verdict};
/// use surety_queries::{overlap_sphere_triangle, Sphere, Triangle};
/// use glam::DVec3;
///
/// let t = Triangle::<Interval>::new(DVec3::ZERO, DVec3::new(4.0, 0.0, 0.0), DVec3::new(0.0, 4.0, 0.0))?;
/// // Resting on the face, exactly tangent.
/// let resting = Sphere::new(DVec3::new(1.0, 1.0, 0.5), 0.5)?;
/// assert_eq!(overlap_sphere_triangle(&resting, &t), Verdict::True);
/// // Beyond the corner (0, 0, 0) by more than the radius.
/// let off_corner = Sphere::new(DVec3::new(-0.5, -0.5, 0.0), 0.7)?;
/// assert_eq!(overlap_sphere_triangle(&off_corner, &t), Verdict::False);
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
pub fn overlap_sphere_triangle<S: Scalar>(sphere: &Sphere<S>, triangle: &Triangle<S>) -> Verdict {
    let [a, b, c] = triangle.corners();
    let (p, r2) = (sphere.center(), sphere.radius().sqr());
    let n = triangle.normal();
    let nn = n.length_squared();
    let plane_close = n.dot(p - a).sqr().le(r2 * nn);
    // The plane is never farther than the triangle: certainly beyond r from it, certainly apart.
    if plane_close.is_false() {
        return Verdict::False;
    }
    let edge_d2 = segment_distance_squared(p - a, b - a)
        .min(segment_distance_squared(p - b, c - b))
        .min(segment_distance_squared(p - c, a - c));
    let edges_close = edge_d2.le(r2);
    if edges_close.is_true() {
        return Verdict::True;
    }
    let zero = S::zero();
    let inside = nn.gt_zero()
        & n.dot((b - a).cross(p - a)).ge(zero)
        & n.dot((c - b).cross(p - b)).ge(zero)
        & n.dot((a - c).cross(p - c)).ge(zero);
    (inside & plane_close) | edges_close
}

/// [`overlap_sphere_triangle`] resolved conservatively.
///
/// # Example
/// ```
/// use surety_intervals::Vec3;
/// use surety_queries::{may_overlap_sphere_triangle, Sphere, Triangle};
///
/// let t = Triangle::new(Vec3::new(0.0, 0.0, 0.0), Vec3::new(1.0, 0.0, 0.0), Vec3::new(0.0, 1.0, 0.0))?;
/// assert!(may_overlap_sphere_triangle(&Sphere::new(Vec3::new(0.2, 0.2, 0.1), 0.2)?, &t));
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
pub fn may_overlap_sphere_triangle<S: Scalar>(sphere: &Sphere<S>, triangle: &Triangle<S>) -> bool {
    overlap_sphere_triangle(sphere, triangle).resolve(Policy::Conservative)
}

/// [`overlap_sphere_triangle`] on float shapes, through the
/// [filter stack](surety_intervals::stack): exact for every input under [`Policy::Exact`],
/// degenerate triangles included.
///
/// The formula, stated once for every stage, is a sign test of polynomials in the inputs (no
/// square root, no division), with `r2 = r²`, `n = (b - a) × (c - a)`:
/// - *face*: `|n|² > 0`, the center projects into the triangle (`n · (e × (p - x)) ≥ 0` for
///   each edge `x → y`, `e = y - x`), and `(n · (p - a))² ≤ r2 · |n|²`;
/// - *edge* `x → y`, with `w = p - x`: `w · e ≤ 0` and `|w|² ≤ r2` (the closest point is `x`),
///   or `w · e ≥ e · e` and `|p - y|² ≤ r2` (it is `y`), or `0 < w · e < e · e` and
///   `|w|² |e|² - (w · e)² ≤ r2 |e|²` (it is inside the edge: Lagrange's identity for
///   `|w × e|²`);
/// - they overlap iff the face or one of the three edges is within `r`.
///
/// Why that is exact: when the center projects into a proper triangle, the closest point is
/// that projection and no edge is nearer than the plane; otherwise the closest point lies on
/// the boundary, the three edges. A degenerate triangle (`n = 0`) is the union of its edges,
/// and an edge of zero length is its one point (`w · e = 0`, the first case). And since no
/// point of the triangle is nearer than its plane, a center certainly farther than `r` from
/// the plane (`(n · (p - a))² > r2 · |n|²`, which fails when `n = 0`) is certainly apart:
/// every stage checks that first.
///
/// # Example
/// ```
/// use surety_intervals::{Policy, Verdict};
/// use surety_queries::{decide_overlap_sphere_triangle, Sphere, Triangle};
/// use glam::DVec3;
///
/// let t = Triangle::<f64>::new(DVec3::ZERO, DVec3::new(4.0, 0.0, 0.0), DVec3::new(0.0, 4.0, 0.0))?;
/// // 0.1 + 0.2 is 0.30000000000000004 in f64, a hair more than the radius 0.3: apart, exactly.
/// let s = Sphere::new(DVec3::new(1.0, 1.0, 0.1 + 0.2), 0.3)?;
/// assert_eq!(decide_overlap_sphere_triangle(&s, &t, Policy::Exact), Verdict::False);
/// let s = Sphere::new(DVec3::new(1.0, 1.0, 0.3), 0.3)?; // tangent to the face
/// assert_eq!(decide_overlap_sphere_triangle(&s, &t, Policy::Exact), Verdict::True);
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
pub fn decide_overlap_sphere_triangle<S: Scalar + Into<f64>>(
    sphere: &Sphere<S>,
    triangle: &Triangle<S>,
    policy: Policy,
) -> Verdict {
    decide_with(|| SphereTriangle::new(sphere, triangle), policy).into()
}

/// The sphere–triangle [`Formula`] of [`decide_overlap_sphere_triangle`], for running its
/// stages one by one ([`decide_in`](surety_intervals::stack::decide_in)).
///
/// # Example
/// ```
/// use surety_intervals::stack::{decide_in, Stage};
/// use surety_queries::{Sphere, SphereTriangle, Triangle};
/// use glam::DVec3;
///
/// let t = Triangle::<f64>::new(DVec3::ZERO, DVec3::X, DVec3::Y)?;
/// // Tangent to the corner (1, 0, 0) from beyond it: a tie the float filter cannot certify.
/// let s = Sphere::<f64>::new(DVec3::new(1.0, -1.0, 0.0), 1.0)?;
/// let f = SphereTriangle::new(&s, &t);
/// assert_eq!(decide_in(&f, Stage::Filter), None);
/// assert_eq!(decide_in(&f, Stage::Exact), Some(true));
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SphereTriangle {
    c: [f64; 3],
    r: f64,
    t: [[f64; 3]; 3],
}

impl SphereTriangle {
    /// The formula for these shapes (their coordinates and radius, exactly, as `f64`).
    ///
    /// # Example
    /// ```
    /// use surety_intervals::{stack::decide, Policy};
    /// use surety_queries::{Sphere, SphereTriangle, Triangle};
    /// use glam::Vec3;
    ///
    /// // A degenerate triangle: the segment from (0, 0, 0) to (2, 0, 0).
    /// let t = Triangle::<f32>::new(Vec3::ZERO, Vec3::X, Vec3::new(2.0, 0.0, 0.0))?;
    /// let s = Sphere::<f32>::new(Vec3::new(1.0, 0.5, 0.0), 0.5)?; // touches it at (1, 0, 0)
    /// assert_eq!(decide(&SphereTriangle::new(&s, &t), Policy::Exact), Some(true));
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    pub fn new<S: Scalar + Into<f64>>(sphere: &Sphere<S>, triangle: &Triangle<S>) -> Self {
        SphereTriangle {
            c: coords(sphere.center()),
            r: sphere.radius().into(),
            t: triangle.corners().map(coords),
        }
    }
}

impl Formula for SphereTriangle {
    type Output = bool;
    const HAS_STATIC_FILTER: bool = true;

    #[inline]
    fn eval<R: Ring>(&self) -> Option<bool> {
        let t = self.t.map(lift3::<R>);
        let p = lift3::<R>(self.c);
        let r2 = R::from_f64(self.r).sqr();
        let n = cross3(&sub3(&t[1], &t[0]), &sub3(&t[2], &t[0]));
        let nn = dot3(&n, &n);
        let h = dot3(&n, &sub3(&p, &t[0]));
        let plane_gap = h.sqr() - r2.clone() * nn.clone();
        // No point of the triangle is nearer than its plane.
        if plane_gap.positive().is_true() {
            return Some(false);
        }
        // The centre relative to each corner, and its squared distance to it.
        let w = [0, 1, 2].map(|i| sub3(&p, &t[i]));
        let ww = w.clone().map(|w| dot3(&w, &w));
        let mut inside = nn.positive();
        let mut edges = Verdict::False;
        for i in 0..3 {
            let j = (i + 1) % 3;
            let e = sub3(&t[j], &t[i]);
            edges = edges | edge_within(&e, &w[i], &ww[i], &ww[j], &r2);
            if edges.is_true() {
                return Some(true);
            }
            inside = inside & dot3(&n, &cross3(&e, &w[i])).non_negative();
        }
        ((inside & plane_gap.non_positive()) | edges).certain()
    }

    /// The same formula in plain `f64`, every sign test against a bound from two magnitudes:
    /// `L`, the largest coordinate of the computed differences `e_i = x_{i+1} - x_i` and
    /// `w_i = p - x_i` (corners `x_0 = a`, `x_1 = b`, `x_2 = c`) that the test uses (`e_0`,
    /// `e_2` and `w_0` for the plane test, all six for the others), and `R = fl(r²)`.
    ///
    /// # Derivation
    /// Each test value is a polynomial in the exact differences and `r²`, evaluated as a tree
    /// of roundings; if each of its monomials goes through at most `k` of them, the computed
    /// value is within `γ_k · P` of the exact one (Higham, lemma 3.1), `P` the sum of the
    /// monomials' magnitudes. An exact difference is at most `L / (1 - u)` per coordinate and
    /// `r² ≤ R / (1 - u)`, so (`n = e_2 × e_0`, which is `(b - a) × (c - a)`):
    ///
    /// | test | `k` | `P` at most |
    /// |---|---:|---|
    /// | `w·e`, `e·e`, `w·e - e·e` | 6 | `6L²` |
    /// | `r² - w·w` | 6 | `r² + 3L²` |
    /// | `r²(e·e) - ((w·w)(e·e) - (w·e)²)` | 13 | `3r²L² + 18L⁴` |
    /// | `n·n`, `n·(e_i × w_i)` | 11 | `12L⁴` |
    /// | `(n·w_0)² - r²(n·n)` | 18 | `36L⁶ + 12r²L⁴` |
    ///
    /// (`n·w_0` is a 3×3 determinant: six monomials of three factors, through eight roundings;
    /// squared, 36 monomials through 17, and the subtraction makes 18.) With `u' = u (1 +
    /// 2^-10)`, `k u' · P` written with `L` and `R` covers `γ_k` and the `(1 - u)⁻⁶` of the
    /// substitution, and the rounding of the bound itself.
    ///
    /// Range: the filter answers only when `2^-120 ≤ L ≤ 2^120` and `r ≤ 2^120`. Then nothing
    /// overflows (every product is below `2^730`), and what underflow can lose (at most
    /// `2^-1075` per product, amplified by at most `max(1, L)⁵`, and `2^-1075 · 12L⁴` from an
    /// underflowed `r²`) is below `2^-300` times the test's bound, which has a term of at
    /// least `u L^deg` (`deg` the test's degree): the margin `2^-10` covers it.
    ///
    /// A test is certain when its value clears its bound (strictly: a tie is left to the
    /// other stages), and the tests combine as in [`Formula::eval`], three-valued. A center
    /// certainly farther than `r` from the plane is decided first (most random queries).
    #[inline]
    fn static_filter(&self) -> Option<bool> {
        /// `2^-120` and `2^120`.
        const LO: f64 = f64::from_bits((1023 - 120) << 52);
        const HI: f64 = f64::from_bits((1023 + 120) << 52);
        let [a, b, c] = self.t.each_ref().map(load3);
        let p = load3(&self.c);
        // A tree of maxima, not a chain: the plane test waits on it.
        let largest = |x, y, z| max3(max_abs(max_abs(x, y), z));
        // The plane test first, with L over the three differences it uses only.
        let (e0, e2, w0) = (sub(b, a), sub(a, c), sub(p, a));
        let l = largest(e0, e2, w0);
        // False for an infinite difference too (the inputs are finite, never NaN).
        if !((LO..=HI).contains(&l) & (self.r <= HI)) {
            return None;
        }
        let r2 = self.r * self.r;
        let (l2, l4) = (l * l, (l * l) * (l * l));
        let n = cross(e2, e0);
        let (h, nn) = (dot(n, w0), dot(n, n));
        let plane_gap = h * h - r2 * nn;
        let plane_bound = U * (648.0 * (l4 * l2) + 216.0 * (r2 * l4));
        if plane_gap > plane_bound {
            return Some(false);
        }
        let e = [e0, sub(c, b), e2];
        let w = [w0, sub(p, b), sub(p, c)];
        let l = max(l, largest(e[1], w[1], w[2]));
        if l > HI {
            return None;
        }
        let (l2, l4) = (l * l, (l * l) * (l * l));
        let (b2, b4) = (U * (36.0 * l2), U * (132.0 * l4));
        let lagrange_bound = U * (13.0 * (3.0 * (r2 * l2) + 18.0 * l4));
        let ww = w.map(|w| dot(w, w));
        let near = ww.map(|ww| clears(r2 - ww, U * (6.0 * (r2 + 3.0 * l2))));
        let mut face = clears(nn, b4);
        let mut edges = (false, true);
        for i in 0..3 {
            let (we, ee) = (dot(w[i], e[i]), dot(e[i], e[i]));
            let beyond_x = clears(we, b2);
            let beyond_y = clears(we - ee, b2);
            let at_x = and(not(beyond_x), near[i]);
            let at_y = and(beyond_y, near[(i + 1) % 3]);
            let lagrange = r2 * ee - (ww[i] * ee - we * we);
            let between = and(
                and(beyond_x, clears(ee - we, b2)),
                clears(lagrange, lagrange_bound),
            );
            edges = or(edges, or(or(at_x, at_y), between));
            face = and(face, clears(dot(n, cross(e[i], w[i])), b4));
        }
        answer(or(and(face, clears(-plane_gap, plane_bound)), edges))
    }
}

/// Is the closed edge from `x` to `y` (`e = y - x`, `w = p - x`; `ww` and `yy` the squared
/// distances from `p` to `x` and `y`) within `√r2` of `p`? By where the closest point lies:
/// `x`, `y`, or strictly between (Lagrange's identity `|w × e|² = |w|² |e|² - (w · e)²` for
/// the squared distance times `|e|²`).
fn edge_within<R: Ring>(e: &Ring3<R>, w: &Ring3<R>, ww: &R, yy: &R, r2: &R) -> Verdict {
    let (we, ee, ww) = (dot3(w, e), dot3(e, e), ww.clone());
    let at_x = we.non_positive() & (r2.clone() - ww.clone()).non_negative();
    let at_y = (we.clone() - ee.clone()).non_negative() & (r2.clone() - yy.clone()).non_negative();
    let between = we.positive()
        & (ee.clone() - we.clone()).positive()
        & (r2.clone() * ee.clone() - (ww * ee - we.sqr())).non_negative();
    at_x | at_y | between
}
