//! Sphere–triangle overlap.

use surety_intervals::stack::Formula;
use surety_intervals::{cross3, dot3, sub3, Policy, Ring, Ring3, Scalar, Verdict};

use crate::filter::lift::{coords, load3};
use crate::filter::scale::{rescale, scaled3, times_pow2};
use crate::filter::static_filter::{
    and, answer, clears, cross, dot, max, max3, max_abs, min, not, or, sub, Sure, B, T, U,
};
use crate::pose::{decide_pair, Frame, PairFormula};
use crate::{Placed, Sphere, Triangle};

/// Does the solid sphere share a point with the closed triangle? (Touching counts.)
///
/// The exact squared distance `d²` from the center to the triangle is the squared distance to
/// its plane when the center projects inside the triangle, and otherwise the least squared
/// distance to its three edges; and the plane is never farther than an edge. So
/// `d² <= r²` exactly when (the projection is inside and the plane distance is within `r`)
/// or (some edge is within `r`), which this evaluates with verdicts: certain answers are exact.
/// The plane distance is compared without a square root: `(n·(c - a))² <= r²·|n|²`. First of
/// all, a sphere certainly apart from the triangle's bounding box is apart from the triangle.
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
pub fn overlap_sphere_triangle<S: Scalar>(
    sphere: &impl Placed<Sphere<S>>,
    triangle: &impl Placed<Triangle<S>>,
) -> Verdict {
    let (Some(sphere), Some(triangle)) = (sphere.world(), triangle.world()) else {
        return Verdict::Maybe;
    };
    let t = triangle.corners().map(|c| c.to_array());
    sphere_meets_triangle(&t, &sphere.center().to_array(), sphere.radius())
}

/// [`overlap_sphere_triangle`] resolved conservatively.
///
/// # Example
/// ```
/// use surety_intervals::Vec3;
/// use surety_queries::{may_overlap_sphere_triangle, Sphere, Triangle};
///
/// let t = Triangle::<f64>::new(Vec3::new(0.0, 0.0, 0.0), Vec3::new(1.0, 0.0, 0.0), Vec3::new(0.0, 1.0, 0.0))?;
/// assert!(may_overlap_sphere_triangle(&Sphere::<f64>::new(Vec3::new(0.2, 0.2, 0.1), 0.2)?, &t));
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
pub fn may_overlap_sphere_triangle<S: Scalar>(
    sphere: &impl Placed<Sphere<S>>,
    triangle: &impl Placed<Triangle<S>>,
) -> bool {
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
/// every stage checks that first (the static filter checks the triangle's bounding box
/// before it).
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
    sphere: &impl Placed<Sphere<S>>,
    triangle: &impl Placed<Triangle<S>>,
    policy: Policy,
) -> Verdict {
    let ((s, ps), (t, pt)) = (sphere.parts(), triangle.parts());
    decide_pair(SphereTriangle::new(s, t), ps, pt, policy)
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

    /// Homogeneous in the center, radius and corners together.
    fn rescaled(&self) -> Option<Self> {
        let k = rescale([self.c, [self.r; 3], self.t[0], self.t[1], self.t[2]].as_flattened())?;
        Some(SphereTriangle {
            c: scaled3(self.c, k),
            r: times_pow2(self.r, k),
            t: self.t.map(|c| scaled3(c, k)),
        })
    }

    #[inline]
    fn eval<R: Ring>(&self) -> Option<bool> {
        self.eval_placed(&Frame::<R>::pair(None, None))
    }

    /// The same formula in plain `f64`, in three steps. Every sign test is against an error
    /// bound and certain only when its value clears it (strictly: a tie is left to the other
    /// stages); the tests combine three-valued, as in [`Formula::eval`].
    /// 1. *The bounding box*, a shortcut the other stages do not take: the triangle lies in
    ///    its bounding box, so a sphere apart from the box is apart from the triangle. It
    ///    decides three random queries in four, for a fraction of the plane test's work.
    /// 2. *The plane*: a center certainly farther than `r` from the plane is apart.
    /// 3. *The edges and the face*, from the six dot products of `u = b - a`, `v = a - c` and
    ///    `w = p - a` (a Gram matrix): every value the formula tests is a polynomial in them.
    ///    With `uu = u·u`, `uv = u·v`, `vv = v·v`, `wu = w·u`, `wv = w·v`, `ww = w·w`:
    ///    - the squared distances to the corners are `ww`, `|p - b|² = ww - 2wu + uu` and
    ///      `|p - c|² = ww + 2wv + vv`;
    ///    - the edge `a → b` has `w·e = wu`, `e·e = uu`; the edge `a → c` (the formula's
    ///      `c → a`, reversed: the same segment) has `w·e = -wv`, `e·e = vv`; the edge `b → c`
    ///      has `w·e = uu - wu + uv - wv` and `e·e = uu + 2uv + vv`;
    ///    - the formula's `n·(e_i × w_i)` are, by the Binet–Cauchy identity, `uv·wu - uu·wv`
    ///      (edge `a → b`), `vv·wu - uv·wv` (edge `c → a`) and, as the three sum to `n·n`, the
    ///      rest (edge `b → c`).
    ///
    ///    This is a fraction of the work of cross products per edge, and the bounds need no
    ///    magnitude beyond those of the plane test.
    ///
    /// # Derivation
    /// The bounds come from two magnitudes: `L`, the largest coordinate of the computed
    /// differences `u`, `v` and `w` (here `n = v × u`, which is `(b - a) × (c - a)`), and
    /// `R = fl(r²)`. Each test value is a polynomial in the exact differences and `r²`,
    /// evaluated as a tree of roundings; if each of its monomials goes through at most `k` of
    /// them, the computed value is within `γ_k · P` of the exact one (Higham, lemma 3.1), `P`
    /// the sum of the monomials' magnitudes. An exact difference is at most `L / (1 - u)` per
    /// coordinate and `r² ≤ R / (1 - u)`, so:
    ///
    /// | value | `k` | `P` at most |
    /// |---|---:|---|
    /// | a dot product of two of `u`, `v`, `w` | 5 | `3L²` |
    /// | `\|p - b\|²`, `\|p - c\|²`, `e·e` of `b → c` (as `(ww - 2wu) + uu`, …) | 7 | `12L²` |
    /// | `w·e` of `b → c` (as `((uu - wu) + uv) - wv`) | 8 | `12L²` |
    ///
    /// | test | `k` | `P` at most |
    /// |---|---:|---|
    /// | `w·e` of `a → b`, `a → c` | 5 | `3L²` |
    /// | `w·e - e·e` of `a → b`, `a → c` | 6 | `6L²` |
    /// | `w·e` of `b → c` | 8 | `12L²` |
    /// | `w·e - e·e` of `b → c` | 9 | `24L²` |
    /// | `r² - ww` | 6 | `r² + 3L²` |
    /// | `r² - \|p - b\|²`, `r² - \|p - c\|²` | 8 | `r² + 12L²` |
    /// | `r²(e·e) - (\|w\|²(e·e) - (w·e)²)` of `a → b`, `a → c` | 13 | `3r²L² + 18L⁴` |
    /// | the same of `b → c` | 19 | `12r²L² + 288L⁴` |
    /// | `n·n` | 11 | `12L⁴` |
    /// | `uv·wu - uu·wv`, `vv·wu - uv·wv` | 12 | `18L⁴` |
    /// | `n·n` minus those two | 14 | `48L⁴` |
    /// | `(n·w)² - r²(n·n)` | 18 | `36L⁶ + 12r²L⁴` |
    ///
    /// (`n·w` is a 3×3 determinant: six monomials of three factors, through eight roundings;
    /// squared, 36 monomials through 17, and the subtraction makes 18.) With `u' = u (1 +
    /// 2^-10)`, `k u' · P` written with `L` and `R` covers `γ_k` and the `(1 - u)⁻⁶` of the
    /// substitution, and the rounding of the bound itself.
    ///
    /// Range: the plane and Gram steps answer only when `2^-120 ≤ L ≤ 2^120` and
    /// `r ≤ 2^120`. Then nothing overflows (every product is below `2^730`), and what
    /// underflow can lose (at most `2^-1075` per product, amplified by at most `2^9 max(1,
    /// L)⁵`, and `2^-1075 · 12L⁴` from an underflowed `r²`) is below `2^-300` times the
    /// test's bound, which has a term of at least `u L^deg` (`deg` the test's degree): the
    /// margin `2^-10` covers it.
    ///
    /// The box test: per axis the gap from the center to the box is `g = max(lo - p, p - hi,
    /// 0)`, `lo` and `hi` the least and greatest corner coordinates (exact); at most one
    /// difference is positive, so the computed gap is the exact one rounded once. `Σ g²` then
    /// goes through five roundings per term (two from the gap squared, the square, two sums)
    /// and `r²` through one; each product can also lose `2^-1075` to underflow. So the exact
    /// `Σ g² > r²` holds when the computed `Σ g² - r²` exceeds `8u' R + 2^-1000`: `6u` covers
    /// `(1 + u)^5 / (1 - u)`, with room for the bound's own roundings, and `2^-1000` all
    /// underflow. With `r ≤ 2^120`, only `Σ g²` can overflow, and an infinite one means an
    /// exact one beyond `2^1000`, certainly more than `r²`.
    #[inline]
    fn static_filter(&self) -> Option<bool> {
        /// `2^-120` and `2^120`.
        const LO: f64 = f64::from_bits((1023 - 120) << 52);
        const HI: f64 = f64::from_bits((1023 + 120) << 52);
        let [a, b, c] = self.t.each_ref().map(load3);
        let p = load3(&self.c);
        if self.r > HI {
            return None;
        }
        let r2 = self.r * self.r;
        let gap = [0, 1, 2].map(|k| {
            let (lo, hi) = (min(min(a[k], b[k]), c[k]), max(max(a[k], b[k]), c[k]));
            max(max(lo - p[k], p[k] - hi), 0.0)
        });
        if dot(gap, gap) - r2 > B * r2 + T {
            return Some(false);
        }
        let (u, v, w) = (sub(b, a), sub(a, c), sub(p, a));
        // A tree of maxima, not a chain: the plane test waits on it.
        let l = max3(max_abs(max_abs(u, v), w));
        // False for an infinite difference too (the inputs are finite, never NaN).
        if !(LO..=HI).contains(&l) {
            return None;
        }
        let (l2, l4) = (l * l, (l * l) * (l * l));
        let n = cross(v, u);
        let (h, nn) = (dot(n, w), dot(n, n));
        let plane_gap = h * h - r2 * nn;
        let plane_bound = U * (648.0 * (l4 * l2) + 216.0 * (r2 * l4));
        if plane_gap > plane_bound {
            return Some(false);
        }
        let plane = NearPlane {
            nn,
            gap: plane_gap,
            bound: plane_bound,
        };
        static_edges_and_face(r2, [l2, l4], &plane, [u, v, w])
    }
}

/// What the static filter's plane test leaves to its last step: `n·n` and the plane gap
/// `(n·w)² - r²(n·n)` with its bound.
struct NearPlane {
    nn: f64,
    gap: f64,
    bound: f64,
}

/// The static filter's last step, the edges and the face from the Gram matrix of `u = b - a`,
/// `v = a - c` and `w = p - a` (see [`SphereTriangle::static_filter`]), once the bounding box
/// and the plane could not settle the query (about one random query in eight). Kept out of
/// line: inlined into the filter, its register pressure slowed the common path, and the
/// stack took 28 instead of 21 ns per random query (measured as in `benches/stack.rs`).
#[inline(never)]
fn static_edges_and_face(
    r2: f64,
    [l2, l4]: [f64; 2],
    plane: &NearPlane,
    [u, v, w]: [[f64; 3]; 3],
) -> Option<bool> {
    let (uu, uv, vv) = (dot(u, u), dot(u, v), dot(v, v));
    let (wu, wv, ww) = (dot(w, u), dot(w, v), dot(w, w));
    // `|p - b|²`, `|p - c|²`, and the edge `b → c`'s `e·e` and `w·e`.
    let (pb, pc) = ((ww - 2.0 * wu) + uu, (ww + 2.0 * wv) + vv);
    let (bc_ee, bc_we) = ((uu + 2.0 * uv) + vv, ((uu - wu) + uv) - wv);
    let near = |d2: f64, k: f64, m: f64| clears(r2 - d2, U * (k * (r2 + m * l2)));
    let (near_a, near_b, near_c) = (near(ww, 6.0, 3.0), near(pb, 8.0, 12.0), near(pc, 8.0, 12.0));
    let short = EdgeBounds {
        we: U * (15.0 * l2),
        past: U * (36.0 * l2),
        lagrange: U * (13.0 * (3.0 * (r2 * l2) + 18.0 * l4)),
    };
    let long = EdgeBounds {
        we: U * (96.0 * l2),
        past: U * (216.0 * l2),
        lagrange: U * (19.0 * (12.0 * (r2 * l2) + 288.0 * l4)),
    };
    let edges = or(
        or(
            edge_near(r2, [wu, uu, ww], [near_a, near_b], &short),
            edge_near(r2, [-wv, vv, ww], [near_a, near_c], &short),
        ),
        edge_near(r2, [bc_we, bc_ee, pb], [near_b, near_c], &long),
    );
    let (at_ab, at_ca) = (uv * wu - uu * wv, vv * wu - uv * wv);
    let at_bc = (plane.nn - at_ab) - at_ca;
    let b4 = U * (216.0 * l4);
    let face = and(
        and(clears(plane.nn, U * (132.0 * l4)), clears(at_ab, b4)),
        and(clears(at_ca, b4), clears(at_bc, U * (672.0 * l4))),
    );
    answer(or(and(face, clears(-plane.gap, plane.bound)), edges))
}

/// The static filter's error bounds for one edge's tests: `w·e`, `w·e - e·e`, and the
/// Lagrange test.
struct EdgeBounds {
    we: f64,
    past: f64,
    lagrange: f64,
}

/// Is the closed edge from `x` to `y` within `√r2` of `p`, three-valued, from its `w·e`, `e·e`
/// and `|w|²` (`e = y - x`, `w = p - x`) and whether `p` is near `x` and `y`: the closest
/// point is `x`, `y`, or strictly between.
#[inline(always)]
fn edge_near(
    r2: f64,
    [we, ee, ww]: [f64; 3],
    [near_x, near_y]: [Sure; 2],
    bound: &EdgeBounds,
) -> Sure {
    let beyond_x = clears(we, bound.we);
    let beyond_y = clears(we - ee, bound.past);
    let at_x = and(not(beyond_x), near_x);
    let at_y = and(beyond_y, near_y);
    let lagrange = r2 * ee - (ww * ee - we * we);
    let between = and(
        and(beyond_x, not(beyond_y)),
        clears(lagrange, bound.lagrange),
    );
    or(or(at_x, at_y), between)
}

/// The one statement of sphere–triangle, for both paths. The exact squared distance from the
/// center to the triangle is the squared distance to its plane when the center projects
/// inside the triangle, and otherwise the least squared distance to its three edges; the
/// plane is never farther than an edge. So the sphere touches the triangle exactly when (the
/// projection is inside and `(n·(p - a))² ≤ r²·|n|²`) or (some edge is within `r`, by
/// [`edge_within`]): polynomial signs only, no division, no square root. A sphere certainly
/// apart from the triangle's bounding box, or from its plane, is apart (the cheap exits most
/// misses take).
#[inline]
pub(crate) fn sphere_meets_triangle<R: Ring>(t: &[Ring3<R>; 3], p: &Ring3<R>, r: R) -> Verdict {
    let r2 = r.sqr();
    // The bounding box: per axis the gap max(lo - p, p - hi, 0).
    let zero = R::from_f64(0.0);
    let mut box_d2 = zero.clone();
    for k in 0..3 {
        let lo = t[0][k].clone().min(t[1][k].clone()).min(t[2][k].clone());
        let hi = t[0][k].clone().max(t[1][k].clone()).max(t[2][k].clone());
        let gap = (lo - p[k].clone()).max(p[k].clone() - hi).max(zero.clone());
        box_d2 = box_d2 + gap.sqr();
    }
    if (box_d2 - r2.clone()).positive().is_true() {
        return Verdict::False;
    }
    let n = cross3(&sub3(&t[1], &t[0]), &sub3(&t[2], &t[0]));
    let nn = dot3(&n, &n);
    let h = dot3(&n, &sub3(p, &t[0]));
    let plane_gap = h.sqr() - r2.clone() * nn.clone();
    // No point of the triangle is nearer than its plane.
    if plane_gap.positive().is_true() {
        return Verdict::False;
    }
    // The centre relative to each corner, and its squared distance to it.
    let w = [0, 1, 2].map(|i| sub3(p, &t[i]));
    let ww = w.clone().map(|w| dot3(&w, &w));
    let mut inside = nn.positive();
    let mut edges = Verdict::False;
    for i in 0..3 {
        let j = (i + 1) % 3;
        let e = sub3(&t[j], &t[i]);
        edges = edges | edge_within(&e, &w[i], &ww[i], &ww[j], &r2);
        if edges.is_true() {
            return Verdict::True;
        }
        inside = inside & dot3(&n, &cross3(&e, &w[i])).non_negative();
    }
    (inside & plane_gap.non_positive()) | edges
}

/// Is the closed edge from `x` to `y` (`e = y - x`, `w = p - x`; `ww` and `yy` the squared
/// distances from `p` to `x` and `y`) within `√r2` of `p`? By where the closest point lies:
/// `x`, `y`, or strictly between (Lagrange's identity `|w × e|² = |w|² |e|² - (w · e)²` for
/// the squared distance times `|e|²`).
pub(crate) fn edge_within<R: Ring>(e: &Ring3<R>, w: &Ring3<R>, ww: &R, yy: &R, r2: &R) -> Verdict {
    let (we, ee, ww) = (dot3(w, e), dot3(e, e), ww.clone());
    let at_x = we.non_positive() & (r2.clone() - ww.clone()).non_negative();
    let at_y = (we.clone() - ee.clone()).non_negative() & (r2.clone() - yy.clone()).non_negative();
    let between = we.positive()
        & (ee.clone() - we.clone()).positive()
        & (r2.clone() * ee.clone() - (ww * ee - we.sqr())).non_negative();
    at_x | at_y | between
}

impl PairFormula for SphereTriangle {
    type Output = bool;

    #[inline]
    fn eval_placed<R: Ring>(&self, [fs, ft]: &[Frame<R>; 2]) -> Option<bool> {
        let t = self.t.map(|p| ft.point(p));
        sphere_meets_triangle(&t, &fs.point(self.c), fs.length(self.r)).certain()
    }
}
