//! OBB–OBB overlap by the 15-axis separating axis test (Gottschalk; seed 002).

use surety_intervals::stack::Formula;
use surety_intervals::{cross3, dot3, lift3, sub3, Policy, Ring, Ring3, Scalar, Vec3, Verdict};

use crate::filter::lift::coords;
use crate::filter::scale::{axis_scales, scaled_box, shifted_scale};
use crate::filter::static_filter::{cross, dot, l1, max3, max_abs, sub, U};
use crate::pose::{decide_pair, Frame, PairFormula};
use crate::{Obb, Placed};

/// Do the two solid oriented boxes share a point? (Touching counts.)
///
/// Gottschalk's separating axis test with 15 candidate axes `L`: the three face normals of
/// each box and the nine cross products of their edge directions. The boxes are apart exactly
/// when, for some `L`, `|L · (c_b - c_a)| > r_a(L) + r_b(L)` with `r(L) = Σ eᵢ·|axisᵢ · L|`.
///
/// Seed 002 divides by `|L|` and then fights `|L| = 0` for parallel edges with an `|R| + eps`
/// fudge. Here nothing is divided: both sides scale with `|L|`, so a zero axis gives `0 > 0`,
/// which never separates, and the comparison is a verdict, so near-parallel axes are sound
/// without an epsilon. The face normals are `axis₁ × axis₂` …, which are the axes when they are
/// orthonormal and the true face normals when rounding made them not quite so: the test stays
/// exact for the numbers given.
///
/// The 15 axes are the facet normals of the Minkowski difference of the boxes, which is
/// complete only when it is solid: when the six axes span space. Boxes whose axes are
/// linearly dependent (a zero axis, or all three in a plane) are flat, and two flat boxes
/// apart within their common plane have no separating axis among the 15. So the boxes
/// certainly overlap when no axis separates and one box's axes certainly span space
/// (`axis₀ · (axis₁ × axis₂) ≠ 0`); when both boxes are certainly flat, the directions that
/// complete the 15 within their plane or line are tested too (see [`decide_overlap_obb_obb`]:
/// both queries evaluate one statement); a separating axis proves them apart whatever the
/// axes.
///
/// # Example
/// ```
/// use surety_intervals::{Interval, Vec3, Verdict};
/// use surety_queries::{overlap_obb_obb, Obb};
///
/// let v = |x: f64, y: f64, z: f64| Vec3::<Interval>::lift_f64(Vec3::new(x, y, z));
/// let axes = [v(1.0, 0.0, 0.0), v(0.0, 1.0, 0.0), v(0.0, 0.0, 1.0)];
/// let a = Obb::new(v(0.0, 0.0, 0.0), axes, v(1.0, 1.0, 1.0))?;
/// let touching = Obb::new(v(2.0, 0.5, 0.0), axes, v(1.0, 1.0, 1.0))?; // face to face
/// assert_eq!(overlap_obb_obb(&a, &touching), Verdict::True);
/// let apart = Obb::new(v(2.5, 0.0, 0.0), axes, v(1.0, 1.0, 1.0))?;
/// assert_eq!(overlap_obb_obb(&a, &apart), Verdict::False);
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
pub fn overlap_obb_obb<S: Scalar>(a: &impl Placed<Obb<S>>, b: &impl Placed<Obb<S>>) -> Verdict {
    let (Some(a), Some(b)) = (a.world(), b.world()) else {
        return Verdict::Maybe;
    };
    overlap(&RingBox::of(&a), &RingBox::of(&b))
}

/// [`overlap_obb_obb`] resolved conservatively.
///
/// # Example
/// ```
/// use surety_intervals::Vec3;
/// use surety_queries::{may_overlap_obb_obb, Obb};
///
/// let i = [Vec3::new(1.0, 0.0, 0.0), Vec3::new(0.0, 1.0, 0.0), Vec3::new(0.0, 0.0, 1.0)];
/// let a = Obb::new(Vec3::new(0.0, 0.0, 0.0), i, Vec3::splat(1.0))?;
/// let b = Obb::new(Vec3::new(1.5, 0.0, 0.0), i, Vec3::splat(1.0))?;
/// assert!(may_overlap_obb_obb(&a, &b));
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
pub fn may_overlap_obb_obb<S: Scalar>(a: &impl Placed<Obb<S>>, b: &impl Placed<Obb<S>>) -> bool {
    overlap_obb_obb(a, b).resolve(Policy::Conservative)
}

/// [`overlap_obb_obb`] on float boxes, through the [filter stack](surety_intervals::stack):
/// exact for every input under [`Policy::Exact`], flat boxes included.
///
/// The formula, stated once for every stage, is the one of [`overlap_obb_obb`]: each of the
/// 15 candidate axes `L` separates when `|L·t| - (r_a(L) + r_b(L)) > 0` (`t` the difference
/// of the centers, `r(L) = Σ eᵢ |axisᵢ · L|`), a sign of a polynomial with absolute values,
/// which every stage evaluates exactly or encloses. The boxes overlap when no axis separates
/// and one box's determinant `axis₀ · (axis₁ × axis₂)` is non-zero. When both boxes are flat
/// (both determinants exactly zero), the 15 axes may miss a separation within the plane or
/// line that the six axes span, and the formula adds the directions that complete them
/// there: `n × axis` for each axis, `n` a non-zero one of the 15 (the plane's normal); if all
/// 15 are zero, the axes are parallel to some `g` or zero, and it adds `g` and `g × (t × g)`
/// (across the line towards `t`); if every axis is zero, the boxes are points, and it adds `t`.
///
/// # Example
/// ```
/// use surety_intervals::{Policy, Verdict};
/// use surety_queries::{decide_overlap_obb_obb, Obb};
/// use glam::DVec3;
///
/// let axes = [DVec3::X, DVec3::Y, DVec3::Z].map(Into::into);
/// let a = Obb::<f64>::new(DVec3::ZERO, axes, DVec3::ONE)?;
/// // Face to face at x = 1, exactly: touching counts.
/// let b = Obb::<f64>::new(DVec3::new(2.0, 0.5, 0.0), axes, DVec3::ONE)?;
/// assert_eq!(decide_overlap_obb_obb(&a, &b, Policy::Exact), Verdict::True);
/// // A hair further: the next double above 2, a gap of 2^-51.
/// let gap = Obb::<f64>::new(DVec3::new(2f64.next_up(), 0.0, 0.0), axes, DVec3::ONE)?;
/// assert_eq!(decide_overlap_obb_obb(&a, &gap, Policy::Exact), Verdict::False);
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
pub fn decide_overlap_obb_obb<S: Scalar + Into<f64>>(
    a: &impl Placed<Obb<S>>,
    b: &impl Placed<Obb<S>>,
    policy: Policy,
) -> Verdict {
    let ((a, pa), (b, pb)) = (a.parts(), b.parts());
    decide_pair(ObbObb::new(a, b), pa, pb, policy)
}

/// One box's numbers, exactly, as `f64`.
#[derive(Clone, Copy, Debug, PartialEq)]
struct BoxNumbers {
    center: [f64; 3],
    axes: [[f64; 3]; 3],
    half: [f64; 3],
}

impl BoxNumbers {
    fn new<S: Scalar + Into<f64>>(obb: &Obb<S>) -> Self {
        BoxNumbers {
            center: coords(obb.center()),
            axes: obb.axes().map(coords),
            half: coords(obb.half_extents()),
        }
    }

    /// `axis₁ × axis₂`, `axis₂ × axis₀`, `axis₀ × axis₁`.
    fn normals(&self) -> [[f64; 3]; 3] {
        let [u, v, w] = self.axes;
        [cross(v, w), cross(w, u), cross(u, v)]
    }

    /// The largest axis coordinate's magnitude.
    fn largest_axis_coordinate(&self) -> f64 {
        let [u, v, w] = self.axes;
        max3(max_abs(max_abs(u, v), w))
    }

    /// `Σ eᵢ (|axisᵢ|₁)`.
    fn spread(&self) -> f64 {
        let [u, v, w] = self.axes;
        (self.half[0] * l1(u) + self.half[1] * l1(v)) + self.half[2] * l1(w)
    }

    /// `Σ eᵢ |axisᵢ · l|`, the half width of the box's projection on `l`.
    fn radius(&self, l: [f64; 3]) -> f64 {
        let [u, v, w] = self.axes;
        (self.half[0] * dot(u, l).abs() + self.half[1] * dot(v, l).abs())
            + self.half[2] * dot(w, l).abs()
    }

    /// Is every number zero or of magnitude within `[2^-100, 2^100]`?
    fn in_range(&self) -> bool {
        /// `2^-100` and `2^100`.
        const LO: f64 = f64::from_bits((1023 - 100) << 52);
        const HI: f64 = f64::from_bits((1023 + 100) << 52);
        let ok = |x: &f64| {
            let m = x.abs();
            (m <= HI) & ((m >= LO) | (m == 0.0))
        };
        self.center
            .iter()
            .chain(self.axes.as_flattened())
            .chain(&self.half)
            .all(ok)
    }
}

/// The OBB–OBB [`Formula`] of [`decide_overlap_obb_obb`], for running its stages one by one
/// ([`decide_in`](surety_intervals::stack::decide_in)).
///
/// # Example
/// ```
/// use surety_intervals::stack::{decide_in, Stage};
/// use surety_queries::{Obb, ObbObb};
/// use glam::DVec3;
///
/// let axes = [DVec3::X, DVec3::Y, DVec3::Z].map(Into::into);
/// let a = Obb::<f64>::new(DVec3::ZERO, axes, DVec3::ONE)?;
/// let b = Obb::<f64>::new(DVec3::new(1.5, 1.5, 0.0), axes, DVec3::ONE)?;
/// assert_eq!(decide_in(&ObbObb::new(&a, &b), Stage::Static), Some(true));
/// // Corner to corner at (1, 1, 1), exactly: a tie the static filter leaves alone.
/// let c = Obb::<f64>::new(DVec3::new(2.0, 2.0, 2.0), axes, DVec3::ONE)?;
/// assert_eq!(decide_in(&ObbObb::new(&a, &c), Stage::Static), None);
/// assert_eq!(decide_in(&ObbObb::new(&a, &c), Stage::Exact), Some(true));
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ObbObb {
    a: BoxNumbers,
    b: BoxNumbers,
}

impl ObbObb {
    /// The formula for these boxes (their numbers, exactly, as `f64`).
    ///
    /// # Example
    /// ```
    /// use surety_intervals::{stack::decide, Policy};
    /// use surety_queries::{Obb, ObbObb};
    /// use glam::Vec3;
    ///
    /// let axes = [Vec3::X, Vec3::Y, Vec3::Z].map(Into::into);
    /// let a = Obb::<f32>::new(Vec3::ZERO, axes, Vec3::ONE)?;
    /// let b = Obb::<f32>::new(Vec3::new(3.0, 0.0, 0.0), axes, Vec3::ONE)?;
    /// assert_eq!(decide(&ObbObb::new(&a, &b), Policy::Exact), Some(false));
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    pub fn new<S: Scalar + Into<f64>>(a: &Obb<S>, b: &Obb<S>) -> Self {
        ObbObb {
            a: BoxNumbers::new(a),
            b: BoxNumbers::new(b),
        }
    }
}

impl Formula for ObbObb {
    type Output = bool;
    const HAS_STATIC_FILTER: bool = true;

    /// Each axis near 1 on its own, its half extent taking the inverse power (the half-axis
    /// vector `e·a` stays); then every length (centers, half-axis vectors) by one power. The
    /// formula is homogeneous in each: its axes' directions and the boxes' points are all it
    /// reads.
    fn rescaled(&self) -> Option<Self> {
        let boxes = [&self.a, &self.b];
        let j = boxes.map(|b| axis_scales(&b.axes));
        let lengths: [(f64, i32); 12] = core::array::from_fn(|n| {
            let (b, j, i) = (boxes[n / 6], &j[n / 6], n % 6);
            if i < 3 {
                (b.center[i], 0)
            } else {
                (b.half[i - 3], -j[i - 3])
            }
        });
        let k = shifted_scale(&lengths);
        if k.is_none() && j.iter().flatten().all(|&j| j == 0) {
            return None;
        }
        let k = k.unwrap_or(0);
        let scaled = |b: &BoxNumbers, j: &[i32; 3]| -> Option<BoxNumbers> {
            let (center, axes, half) = scaled_box(b.center, &b.axes, b.half, k, *j)?;
            Some(BoxNumbers { center, axes, half })
        };
        Some(ObbObb {
            a: scaled(&self.a, &j[0])?,
            b: scaled(&self.b, &j[1])?,
        })
    }

    #[inline]
    fn eval<R: Ring>(&self) -> Option<bool> {
        self.eval_placed(&Frame::<R>::pair(None, None))
    }

    /// The same formula in plain `f64`, every test against a semi-static bound.
    ///
    /// # Derivation
    /// Range: the filter answers only when every number (centers, axes, half extents) is zero
    /// or of magnitude within `[2^-100, 2^100]`. Each is then a multiple of `2^-152`, so every
    /// non-zero product the formula forms (of degree at most four) is at least `2^-608` and
    /// nothing underflows; and nothing overflows (every value is below `2^410`).
    ///
    /// For a candidate `L = u × v`, each coordinate `L_k` is a difference of two products,
    /// computed within `γ₂ Lp_k`, `Lp_k` the sum of their magnitudes, at most `2 m_u m_v`
    /// (`m` the largest coordinate magnitude of the box the axis comes from). Then (Higham's
    /// rounding counts, `γ_k = ku / (1 - ku)`): `t·L` with `t` rounded once is within
    /// `γ₆ Σ |t_k| Lp_k`; each `axisᵢ · L` within `γ₅ Σ |axisᵢₖ| Lp_k`, and after its product
    /// with `eᵢ`, the sums and the final difference the separation value
    /// `V = |t·L| - (r_a + r_b)` is within `γ₁₀ P` of the exact one (the absolute values
    /// change nothing: `||x̂| - |x|| ≤ |x̂ - x|`), where
    /// `P = Σ_k Lp_k (|t_k| + Σᵢ eᵢ |aᵢₖ| + Σⱼ fⱼ |bⱼₖ|) ≤ 2 m_u m_v S` with
    /// `S = |t|₁ + Σᵢ eᵢ |aᵢ|₁ + Σⱼ fⱼ |bⱼ|₁`. The filter uses `32u' S m_u m_v`
    /// (`u' = u (1 + 2^-10)`), which covers `γ₁₀ P` with room for the roundings of `S` and of
    /// the bound itself. `V` above the bound separates certainly; `V` at or below its negative
    /// certainly does not (when the bound is zero, so is every monomial, and `V = 0` exactly).
    /// An edge cross of two axes equal or opposite to the bit is exactly zero, and skipped: it
    /// never separates (boxes with the same rotation have three of them).
    ///
    /// A box's determinant `axis₀ · (axis₁ × axis₂)` is within `γ₅ · 3m · 2m²` of its
    /// computed value: it is certainly non-zero beyond `40u' m³`.
    #[inline]
    fn static_filter(&self) -> Option<bool> {
        let (a, b) = (&self.a, &self.b);
        if !(a.in_range() & b.in_range()) {
            return None;
        }
        let t = sub(b.center, a.center);
        let s = (l1(t) + a.spread()) + b.spread();
        let (ma, mb) = (a.largest_axis_coordinate(), b.largest_axis_coordinate());
        // The separation value along `l`, and whether it is certainly positive (separates)
        // and certainly not.
        let test = |l: [f64; 3], bound: f64| {
            let v = dot(t, l).abs() - (a.radius(l) + b.radius(l));
            (v > bound, v <= -bound)
        };
        let (normals_a, normals_b) = (a.normals(), b.normals());
        let mut apart_nowhere = true;
        for (normals, m) in [(normals_a, ma), (normals_b, mb)] {
            let bound = (32.0 * U) * (s * (m * m));
            for l in normals {
                let (separates, not) = test(l, bound);
                if separates {
                    return Some(false);
                }
                apart_nowhere &= not;
            }
        }
        let bound = (32.0 * U) * (s * (ma * mb));
        for u in a.axes {
            for v in b.axes {
                if (u == v) | (u == v.map(|x| -x)) {
                    continue;
                }
                let (separates, not) = test(cross(u, v), bound);
                if separates {
                    return Some(false);
                }
                apart_nowhere &= not;
            }
        }
        let solid = |bx: &BoxNumbers, normals: [[f64; 3]; 3], m: f64| {
            dot(bx.axes[0], normals[0]).abs() > (40.0 * U) * (m * (m * m))
        };
        (apart_nowhere & (solid(a, normals_a, ma) | solid(b, normals_b, mb))).then_some(true)
    }
}

/// One box's numbers in a ring: its center, axes and half extents.
struct RingBox<R> {
    center: Ring3<R>,
    axes: [Ring3<R>; 3],
    half: Ring3<R>,
}

impl<S: Scalar> RingBox<S> {
    /// A box of any scalar type, as it is: the generic query's input.
    #[inline]
    fn of(obb: &Obb<S>) -> Self {
        RingBox {
            center: obb.center().to_array(),
            axes: obb.axes().map(Vec3::to_array),
            half: obb.half_extents().to_array(),
        }
    }
}

impl<R: Ring> RingBox<R> {
    /// A float box's exact numbers in a stage's ring, placed by `frame`.
    #[inline]
    fn placed(bx: &BoxNumbers, frame: &Frame<R>) -> Self {
        RingBox {
            center: frame.point(bx.center),
            axes: bx.axes.map(|axis| frame.vector(axis)),
            half: lift3(bx.half),
        }
    }

    /// `Σ eᵢ |axisᵢ · l|`, the half width of the box's projection on `l`.
    #[inline]
    fn radius(&self, l: &Ring3<R>) -> R {
        let (axes, half) = (&self.axes, &self.half);
        half[0].clone() * dot3(&axes[0], l).abs()
            + half[1].clone() * dot3(&axes[1], l).abs()
            + half[2].clone() * dot3(&axes[2], l).abs()
    }

    /// `axis₁ × axis₂`, `axis₂ × axis₀`, `axis₀ × axis₁`.
    #[inline]
    fn normals(&self) -> [Ring3<R>; 3] {
        let [u, v, w] = &self.axes;
        [cross3(v, w), cross3(w, u), cross3(u, v)]
    }
}

/// Do the boxes overlap? The one statement of OBB–OBB, for both paths: [`overlap_obb_obb`]
/// evaluates it on the shapes' own scalars, [`ObbObb`] in every stage of the filter stack.
///
/// The 15 axes separate or not; the boxes overlap when none separates and one box's
/// determinant is non-zero. When both boxes are flat (both determinants certainly zero), the
/// directions that complete the 15 within the plane or line the six axes span are added (see
/// [`decide_overlap_obb_obb`]).
#[inline]
fn overlap<R: Ring>(a: &RingBox<R>, b: &RingBox<R>) -> Verdict {
    let t = sub3(&b.center, &a.center);
    let separates = |l: &Ring3<R>| (dot3(&t, l).abs() - (a.radius(l) + b.radius(l))).positive();
    let (normals_a, normals_b) = (a.normals(), b.normals());
    let mut separated = Verdict::False;
    for l in normals_a.iter().chain(&normals_b) {
        separated = separated | separates(l);
        if separated.is_true() {
            return Verdict::False;
        }
    }
    for u in &a.axes {
        for v in &b.axes {
            separated = separated | separates(&cross3(u, v));
            if separated.is_true() {
                return Verdict::False;
            }
        }
    }
    let nonzero = |x: R| x.positive() | x.negative();
    let solid = |bx: &RingBox<R>, normals: &[Ring3<R>; 3]| nonzero(dot3(&bx.axes[0], &normals[0]));
    let solid = solid(a, &normals_a) | solid(b, &normals_b);
    if !solid.is_false() {
        return !separated & solid;
    }
    flat_overlap(a, b, &t, [normals_a, normals_b], separated, separates)
}

/// The rest of [`overlap`] when both boxes are certainly flat: the completing directions.
/// Out of line: it runs only for flat boxes.
#[inline(never)]
fn flat_overlap<R: Ring>(
    a: &RingBox<R>,
    b: &RingBox<R>,
    t: &Ring3<R>,
    [normals_a, normals_b]: [[Ring3<R>; 3]; 2],
    mut separated: Verdict,
    separates: impl Fn(&Ring3<R>) -> Verdict,
) -> Verdict {
    let nonzero3 = |v: &Ring3<R>| {
        v.iter()
            .fold(Verdict::False, |acc, x| acc | x.positive() | x.negative())
    };
    let axes: Vec<&Ring3<R>> = a.axes.iter().chain(&b.axes).collect();
    let crosses: Vec<Ring3<R>> = normals_a
        .into_iter()
        .chain(normals_b)
        .chain(
            a.axes
                .iter()
                .flat_map(|u| b.axes.iter().map(move |v| cross3(u, v))),
        )
        .collect();
    let extra = match first_certain(crosses.iter(), nonzero3) {
        // A normal of the plane: the zonogon's edge normals lie among `n × axis`.
        Some(Some(n)) => axes.iter().map(|g| cross3(n, g)).collect(),
        // The axes are parallel or zero: along the line, across it towards `t`, or `t`.
        Some(None) => match first_certain(axes.iter().copied(), nonzero3) {
            Some(Some(g)) => vec![g.clone(), cross3(g, &cross3(t, g))],
            Some(None) => vec![t.clone()],
            None => return Verdict::Maybe,
        },
        None => return Verdict::Maybe,
    };
    for l in &extra {
        separated = separated | separates(l);
    }
    !separated
}

/// The first item whose test is certainly true, `Some(None)` when every test is certainly
/// false, and `None` when a test before the first certain one is undecided.
fn first_certain<'a, T: 'a>(
    items: impl Iterator<Item = &'a T>,
    test: impl Fn(&T) -> Verdict,
) -> Option<Option<&'a T>> {
    for item in items {
        match test(item) {
            Verdict::True => return Some(Some(item)),
            Verdict::False => {}
            Verdict::Maybe => return None,
        }
    }
    Some(None)
}

impl PairFormula for ObbObb {
    type Output = bool;

    #[inline]
    fn eval_placed<R: Ring>(&self, frames: &[Frame<R>; 2]) -> Option<bool> {
        let [fa, fb] = frames;
        overlap::<R>(&RingBox::placed(&self.a, fa), &RingBox::placed(&self.b, fb)).certain()
    }
}
