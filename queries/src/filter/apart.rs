//! Convex sets proven apart along an axis in plain floats, with a margin that covers every
//! rounding: a float-speed filter in front of certified tests of nearby shapes (static edges
//! within a distance in CCD, a swept ball against a mesh's faces).
//!
//! Along any axis `n`, two convex sets are at least as far apart as the gap between their
//! projections onto `n`, divided by `|n|`. Any axis is sound, so the axis may be a float
//! estimate (of the two sets' closest points, or of a face's normal); only the projections
//! and the gap need a bound on their rounding. They are computed in plain floats, and
//! [`apart`] asks the gap to exceed `distance·|n|` by more than that bound:
//!
//! - each projection `x·n` (three products, two sums) is off by at most `γ₃·Σ|xᵢnᵢ|`
//!   (Higham, *Accuracy and Stability of Numerical Algorithms*, §3.1, `γ₃ = 3u/(1 − 3u)`,
//!   `u = 2⁻⁵³`), plus `3η` (`η = 2⁻¹⁰⁷⁴`) should products underflow; a box's projection
//!   takes for each coordinate the product with the box's lower or upper bound, so the
//!   same bound holds with `Σ|nᵢ|·max(|loᵢ|, |hiᵢ|)`, which is what an [`Extent`]'s `size`
//!   holds;
//! - a swept extent (a set plus every multiple `s·m`, `s ∈ [0, 1]`, of a motion's extent)
//!   adds two projections, with one more rounding (relative `u`), and its `size` is the sum
//!   of theirs; the gap takes one more rounding;
//! - `|n|` is `√(n·n)`, whose float value is within a relative `γ₃ + u` of it when `n·n`
//!   is far from underflow and overflow: the axis is scaled (any axis will do) so that its
//!   largest coordinate is 1 and `n·n` lies in `[1, 3]`.
//!
//! In all, the computed gap is within `(γ₃ + 2u)·S + 12η` of the exact one, `S` the sum of
//! the two `size`s, which is below `2⁻⁵⁰·S + 12η`. The margin asked, `2⁻⁴⁶` of
//! `distance·√(n·n)` and of `S`, plus `10⁻³⁰⁰`, exceeds these bounds (and the margin's own
//! roundings) sixteen times over. Infinities and NaNs fail every comparison, so the answer
//! is then false: a projection that overflows makes its `size` overflow too
//! (`|Σ xᵢnᵢ| ≤ Σ|xᵢnᵢ|`, and rounding is monotone), and the margin with it; the margin
//! takes the sizes' sum, not their larger one, so that a NaN in either reaches it (`max`
//! would drop it). Inputs must be finite: a box with an infinite bound makes products
//! `0·∞`, NaNs that the `min` and `max` of the extents would drop.

use surety_intervals::Vec3;

/// The estimate's relative slack: `2⁻⁴⁶`.
const SLACK: f64 = 1.0 / (1u64 << 46) as f64;
/// Covers products that underflow, and the margin's own underflow.
const TINY: f64 = 1e-300;

/// An axis to project onto: a float vector whose largest coordinate is 1 in magnitude, and
/// its squared length (in `[1, 3]`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Axis {
    n: Vec3<f64>,
    nn: f64,
}

impl Axis {
    /// `v` scaled to a largest coordinate of 1, or `None` for a zero or non-finite `v`.
    pub(crate) fn new(v: Vec3<f64>) -> Option<Self> {
        let n = v * (1.0 / v.x.abs().max(v.y.abs()).max(v.z.abs()));
        let nn = n.dot(n);
        (1.0..=3.0).contains(&nn).then_some(Self { n, nn })
    }

    /// The axis through the float estimates of the closest points of the segments `ab` and
    /// `cd` (a segment may be a point), or `None` where they (nearly) meet.
    ///
    /// The points are moved to `a` and scaled to a largest coordinate of 1 first (squares
    /// then neither overflow nor underflow to nothing, whatever the scene's scale);
    /// differences below `2^-500` are first scaled up by `2^600`, exactly, since the
    /// reciprocal of a subnormal one would overflow.
    pub(crate) fn between_segments(
        a: Vec3<f64>,
        b: Vec3<f64>,
        c: Vec3<f64>,
        d: Vec3<f64>,
    ) -> Option<Self> {
        let [u, v, w] = [b - a, c - a, d - a];
        let largest = [u, v, w].iter().fold(0.0f64, |m, x| {
            m.max(x.x.abs()).max(x.y.abs()).max(x.z.abs())
        });
        let up = if largest < 2f64.powi(-500) {
            2f64.powi(600)
        } else {
            1.0
        };
        let k = 1.0 / (largest * up);
        let scaled = |x: Vec3<f64>| x * up * k;
        let zero = Vec3::new(0.0, 0.0, 0.0);
        let (p, q) = closest_points(zero, scaled(u), scaled(v), scaled(w));
        Self::new(q - p)
    }

    /// The extent of a point.
    pub(crate) fn point(&self, x: Vec3<f64>) -> Extent {
        let n = self.n;
        let along = x.dot(n);
        Extent {
            lo: along,
            hi: along,
            size: x.x.abs() * n.x.abs() + x.y.abs() * n.y.abs() + x.z.abs() * n.z.abs(),
        }
    }

    /// The extent of the box `[lo, hi]` (corners in either order per coordinate; finite).
    pub(crate) fn boxed(&self, lo: [f64; 3], hi: [f64; 3]) -> Extent {
        let n = self.n.to_array();
        let (mut low, mut high, mut size) = (0.0, 0.0, 0.0);
        for k in 0..3 {
            let (x, y) = (n[k] * lo[k], n[k] * hi[k]);
            low += x.min(y);
            high += x.max(y);
            size += n[k].abs() * lo[k].abs().max(hi[k].abs());
        }
        Extent {
            lo: low,
            hi: high,
            size,
        }
    }
}

/// A set's projection onto an [`Axis`], computed in floats: `[lo, hi]`, and `size`, which
/// bounds the sum of the magnitudes of the products it was computed from (the rounding of
/// `lo` and `hi` is within a small multiple of `u·size`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Extent {
    lo: f64,
    hi: f64,
    size: f64,
}

impl Extent {
    /// The extent of the union of two sets (hence of their convex hull).
    pub(crate) fn hull(self, other: Extent) -> Extent {
        Extent {
            lo: self.lo.min(other.lo),
            hi: self.hi.max(other.hi),
            size: self.size.max(other.size),
        }
    }

    /// The extent of `{x + s·m : x in this set, m in motion's, s in [0, 1]}`: a set swept
    /// along a motion (the projection is linear in `s`, so its ends are at `s = 0` or 1).
    pub(crate) fn swept(self, motion: Extent) -> Extent {
        Extent {
            lo: self.lo + motion.lo.min(0.0),
            hi: self.hi + motion.hi.max(0.0),
            size: self.size + motion.size,
        }
    }
}

/// Are the convex hulls of two sets, with extents `a` and `b` along `axis`, certainly
/// farther apart than `distance`? False when it cannot tell (the module's doc says why a
/// true answer is right).
pub(crate) fn apart(axis: &Axis, a: Extent, b: Extent, distance: f64) -> bool {
    side(axis, a, b, distance).is_some()
}

/// [`apart`], and on which side: `Some(true)` when `b` lies beyond `a` along the axis (all
/// of `b`'s projection above all of `a`'s, by more than `distance·|n|` and the margin),
/// `Some(false)` when `a` lies beyond `b`.
fn side(axis: &Axis, a: Extent, b: Extent, distance: f64) -> Option<bool> {
    let margin = distance * axis.nn.sqrt() * (1.0 + SLACK) + (a.size + b.size) * SLACK + TINY;
    if b.lo - a.hi > margin {
        Some(true)
    } else if a.lo - b.hi > margin {
        Some(false)
    } else {
        None
    }
}

/// Are two sets of points, each point moving linearly from its place in `*0` to its place
/// in `*1`, certainly farther apart than `distance` at every time in between (their convex
/// hulls, at each time)? False when it cannot tell.
///
/// Along a fixed axis `n` each point's projection is linear in time, so the lowest of `b`'s
/// projections is concave in time, the highest of `a`'s convex, and the gap between them
/// (the first minus the second) concave: at least the smaller of its values at the two
/// ends. So `b` beyond `a` by more than `distance·|n|` at both ends ([`apart`]'s test, on
/// the same side both times) holds all the way; the same with the sides swapped. The given
/// positions are exact, so only the projections round, which [`apart`]'s margin covers.
pub(crate) fn apart_while_moving(
    axis: &Axis,
    a: [&[Vec3<f64>]; 2],
    b: [&[Vec3<f64>]; 2],
    distance: f64,
) -> bool {
    let hull = |points: &[Vec3<f64>]| points.iter().map(|&x| axis.point(x)).reduce(Extent::hull);
    let at = |end: usize| match (hull(a[end]), hull(b[end])) {
        (Some(a), Some(b)) => side(axis, a, b, distance),
        _ => None,
    };
    at(0).is_some_and(|first| at(1) == Some(first))
}

/// The closest points of the segments `ab` and `cd`, in plain floats (an estimate: only an
/// axis to test along is made of it), as `(on ab, on cd)`. The classic clamped solution
/// (Ericson, *Real-Time Collision Detection*, §5.1.9); points of a segment of length zero.
fn closest_points(
    a: Vec3<f64>,
    b: Vec3<f64>,
    c: Vec3<f64>,
    d: Vec3<f64>,
) -> (Vec3<f64>, Vec3<f64>) {
    let (u, v, r) = (b - a, d - c, a - c);
    let (uu, vv, vr) = (u.dot(u), v.dot(v), v.dot(r));
    let clamp = |x: f64| if x > 0.0 { x.min(1.0) } else { 0.0 };
    let (s, t) = if uu == 0.0 && vv == 0.0 {
        (0.0, 0.0)
    } else if uu == 0.0 {
        (0.0, clamp(vr / vv))
    } else {
        let ur = u.dot(r);
        if vv == 0.0 {
            (clamp(-ur / uu), 0.0)
        } else {
            let uv = u.dot(v);
            let det = uu * vv - uv * uv;
            let s = if det != 0.0 {
                clamp((uv * vr - ur * vv) / det)
            } else {
                0.0
            };
            let t = (uv * s + vr) / vv;
            if t < 0.0 {
                (clamp(-ur / uu), 0.0)
            } else if t > 1.0 {
                (clamp((uv - ur) / uu), 1.0)
            } else {
                (s, t)
            }
        }
    };
    (a + u * s, c + v * t)
}
