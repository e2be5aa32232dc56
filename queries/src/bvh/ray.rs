//! Which boxes a ray may reach: slab tests in plain `f64` whose every rounding is accounted
//! for, so that a box is pruned only when no point of the ray (exactly) is in it.

use super::Box3;
use crate::filter::widen::{widen_down, widen_up, CAP, WIDEN};

/// A ray (or a family of rays) prepared for culling boxes: every ray with origin in the box
/// `[origin_lo, origin_hi]` and direction in `[direction_lo, direction_hi]`, for parameters
/// `t` in `[0, t_max]`. A float ray is the family of one.
///
/// # Guarantee
/// [`RayCull::entry`] returns `None` only when no such ray meets the closed box at any such
/// `t`, in exact arithmetic; otherwise it returns a lower bound of the least such `t`.
///
/// # How
/// At parameter `t ≥ 0` the family's points lie, on axis `k`, in `[o_lo + t·d_lo, o_hi +
/// t·d_hi]`, so it may be in the box's slab `[lo, hi]` only when `o_lo + t·d_lo ≤ hi` and
/// `o_hi + t·d_hi ≥ lo`: each a half-line of `t` bounded by a quotient `(hi - o_lo) / d_lo`
/// or `(lo - o_hi) / d_hi` (a zero divisor makes it all or nothing). Each quotient is a
/// difference and a division (or a product with the divisor's reciprocal, when that is a
/// normal double; a difference that overflows is taken in halves), so the computed one is
/// within `3u` (relative, `u = 2^-53`) and one subnormal step of the exact one. Bounds are
/// then widened outward by `8u` relatively and by `2^-1022` (`filter::widen`), more than
/// enough. A lower bound is never allowed above `f64::MAX · (1 - 8u)` (an overflowed
/// quotient is infinite but the exact one may be reachable when `t_max` is), and an upper
/// bound only loosens the test or agrees with `t ≥ 0`. No bound is NaN. A single ray has a
/// faster form inside the hierarchy (unless a nonzero direction component has no normal
/// reciprocal), with the relative widening folded into its reciprocals and an axis it does
/// not move along tested through infinite ones (its own argument is on `entry_fast`).
///
/// # Example
/// ```
/// use surety_queries::bvh::RayCull;
///
/// let ray = RayCull::new([0.0, 0.0, 0.0], [1.0, 1.0, 0.0], 10.0);
/// let entry = ray.entry(&[[2.0, 2.0, 0.0], [3.0, 3.0, 0.0]], 10.0).unwrap();
/// assert!(entry <= 2.0 && entry > 1.99);
/// // The box just above the ray's plane: certainly missed.
/// assert_eq!(ray.entry(&[[2.0, 2.0, 1e-300], [3.0, 3.0, 1.0]], 10.0), None);
/// // Beyond t_max.
/// assert_eq!(ray.entry(&[[20.0, 20.0, 0.0], [30.0, 30.0, 0.0]], 10.0), None);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct RayCull {
    /// Per axis, the two constraints: `[lower-end one, upper-end one]`.
    axes: [[Slab; 2]; 3],
    t_max: f64,
    /// For a single ray whose nonzero direction components have normal reciprocals: the
    /// plain slab test's data (see [`RayCull::fast_within`]).
    fast: Option<Fast>,
}

/// A single ray's slab test without branches: per axis the origin, the reciprocal of the
/// direction scaled toward zero (for the entering plane) and away from it (for the leaving
/// one, see [`RayCull::entry_fast`]), and which corner of a box (0 for `lo`, 1 for `hi`)
/// gives the entering plane.
#[derive(Clone, Copy, Debug)]
struct Fast {
    origin: [f64; 3],
    /// Per axis `[fl(fl(1/d)·(1 - 8u)), fl(fl(1/d)·(1 + 8u))]`, both normal doubles, or both
    /// infinite of the zero's sign on an axis where the direction is zero.
    scaled: [[f64; 2]; 3],
    near: [usize; 3],
}

impl Fast {
    /// The fast form of the ray from `origin` along `direction` (with `inv` its reciprocals),
    /// or `None` when the direction is zero, a nonzero component's reciprocal has a biased
    /// exponent outside `2..=2045`, or an origin coordinate is not below [`FAST_LIMIT`] in
    /// magnitude. Inside, the reciprocal is normal and so are both its
    /// scales: `2^-1021 · (1 - 8u)` is above `2^-1022`, and `2^1023 · (1 + 8u)` below
    /// `f64::MAX`. One exponent test per axis, without a branch.
    #[inline(always)]
    fn of(origin: [f64; 3], direction: [f64; 3], inv: [f64; 3]) -> Option<Fast> {
        // An axis along which the ray does not move has infinite scales, of the zero's sign
        // (see `RayCull::entry_fast`).
        let still = direction.map(|x| x.to_bits() << 1 == 0);
        let scaled = inv.map(|x| [x * (1.0 - WIDEN), x * (1.0 + WIDEN)]);
        // A ray that moves along no axis (a point) keeps the general test: its boxes would
        // have no finite leaving quotient to be ruled out by (see `bracket`).
        let usable = (0..3).fold(!(still[0] & still[1] & still[2]), |all, k| {
            let exponent = (inv[k].to_bits() >> 52) & 0x7ff;
            all & (still[k] | (exponent.wrapping_sub(2) < 2044)) & (origin[k].abs() < FAST_LIMIT)
        });
        usable.then(|| Fast {
            origin,
            scaled,
            // Going up an axis the ray enters a slab by its `lo` plane; going down, by `hi`;
            // not moving, by `lo` for `+0` and `hi` for `-0` (the quotients then only test
            // that the slab holds the origin's coordinate).
            near: direction.map(|d| (d.to_bits() >> 63) as usize),
        })
    }
}

/// The greatest parameter of interest as given to [`RayCull::new`]: a NaN taken as
/// infinite, a negative one as 0.
#[inline(always)]
fn parameter_bound(t_max: f64) -> f64 {
    if t_max.is_nan() {
        f64::INFINITY
    } else {
        t_max.max(0.0)
    }
}

/// The magnitude below which a box's and an origin's coordinates must lie for the fast slab
/// tests: `2^1022`, so that no difference of the two overflows.
const FAST_LIMIT: f64 = f64::from_bits((1023 + 1022) << 52);

/// One side of a slab: `o + t·d ≤ hi` (for `o_lo`, `d_lo`) or `≥ lo` (for `o_hi`, `d_hi`).
#[derive(Clone, Copy, Debug)]
struct Slab {
    o: f64,
    d: f64,
    /// `1 / d` when that is a normal double (the quotient is then one product), else 0.
    inv: f64,
}

impl Slab {
    /// The side for origin `o`, direction `d` and its reciprocal `inv = 1 / d`.
    fn new(o: f64, d: f64, inv: f64) -> Self {
        Slab {
            o,
            d,
            inv: if normal(inv) { inv } else { 0.0 },
        }
    }

    /// `(x - o) / d`, within `3u` (relative) and `2^-1074` (absolute) of the exact value, or
    /// an infinity of the exact value's sign where the exact value's magnitude exceeds
    /// `f64::MAX · (1 - 3u)`. A difference that overflows is taken in halves: `(x/2 - o/2)/d`,
    /// doubled (halving a double that large is exact; halving the other may round a
    /// subnormal by `2^-1075`, relatively nothing next to a difference beyond `f64::MAX`).
    /// Without that, `-inf / -2` would claim the parameter infinite when it is about `f64::MAX`.
    #[inline(always)]
    fn quotient(&self, x: f64) -> f64 {
        let diff = x - self.o;
        let (num, scale) = if diff.is_finite() {
            (diff, 1.0)
        } else {
            (0.5 * x - 0.5 * self.o, 2.0)
        };
        let q = if self.inv != 0.0 {
            num * self.inv
        } else {
            num / self.d
        };
        q * scale
    }
}

/// Whether `x` is a normal double: [`f64::is_normal`] on the exponent's bits alone
/// (`is_normal` classifies, with branches, which cost a small mesh's cast a twentieth of its
/// instructions).
#[inline(always)]
fn normal(x: f64) -> bool {
    // The biased exponent is neither 0 (zeros, subnormals) nor 0x7ff (infinities, NaNs).
    ((x.to_bits() >> 52) & 0x7ff).wrapping_sub(1) < 0x7fe
}

/// The fast slab tests' last step: from the largest entering quotient `near` and the
/// smallest leaving one `far` (each already a bound on its side but for underflow, or NaN,
/// see [`RayCull::entry_fast`]), the entry parameter in `[0, t_max]`, or `None`. `2^-1022`
/// covers the underflow of a quotient (at most `2^-1075`); the subtraction and addition round
/// the right way or not at all (a rounded result lies between the operand and the exact sum,
/// and below `2^-1021` they are exact). An entering quotient that overflowed is capped as in
/// `widen_down`. A NaN bound (a plane through the coordinate of an axis the ray does not
/// move along, `0 · ∞`) constrains nothing: `near` NaN gives 0, `far` NaN gives `t_max`.
#[inline(always)]
fn bracket(near: f64, far: f64, t_max: f64) -> Option<f64> {
    let (t0, t1) = bracket_ends(near, far, t_max);
    (t0 <= t1).then_some(t0)
}

/// [`bracket`]'s two ends before their comparison: the box is entered when `t0 <= t1`, at
/// `t0`.
#[inline(always)]
fn bracket_ends(near: f64, far: f64, t_max: f64) -> (f64, f64) {
    let low = near - f64::MIN_POSITIVE;
    let high = far + f64::MIN_POSITIVE;
    let t0 = if low > 0.0 { low } else { 0.0 };
    let t0 = if t0 < CAP { t0 } else { CAP };
    let t1 = if high < t_max { high } else { t_max };
    (t0, t1)
}

/// Lane `j`'s box of a wide node's bounds given bound by bound in `f32`
/// (`bounds[corner][axis][lane]`), in `f64` (exactly).
#[inline(always)]
pub(super) fn lane_box(bounds: &[[[f32; 4]; 3]; 2], j: usize) -> Box3 {
    bounds.map(|corner| corner.map(|axis| f64::from(axis[j])))
}

/// The four lanes of a wide node as the ray enters them ([`RayCull::entry_quad_fast`]):
/// lane `j` is entered when bit `j` of `mask` is set, and then at `entries[j]` or later.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Lanes {
    pub(crate) entries: [f64; 4],
    pub(crate) mask: u32,
}

impl Lanes {
    /// No lane entered.
    pub(crate) const NONE: Lanes = Lanes {
        entries: [0.0; 4],
        mask: 0,
    };

    /// Lane `j` entered at `entry`.
    #[inline(always)]
    fn enter(&mut self, j: usize, entry: f64) {
        self.entries[j] = entry;
        self.mask |= 1 << j;
    }

    /// Lane `j`'s entry, or `None` when it is not entered.
    #[cfg(test)]
    pub(crate) fn get(&self, j: usize) -> Option<f64> {
        (self.mask >> j & 1 != 0).then_some(self.entries[j])
    }
}

/// The larger of two quotients of the fast slab tests, by a plain comparison: none is NaN
/// (finite differences times normal scales), and `f64::max` pays for NaNs. Both fast tests
/// take their bounds through these two, in the same order, so they agree to the bit.
#[inline(always)]
fn max(x: f64, y: f64) -> f64 {
    if x > y {
        x
    } else {
        y
    }
}

/// The smaller of two quotients, as [`max`].
#[inline(always)]
fn min(x: f64, y: f64) -> f64 {
    if x < y {
        x
    } else {
        y
    }
}

impl RayCull {
    /// The ray from `origin` along `direction`, for `t` in `[0, t_max]` (`f64::INFINITY` for
    /// the whole ray). Inputs are taken as exact; a NaN `t_max` is taken as infinite, a
    /// negative one leaves only `t = 0`.
    ///
    /// # Example
    /// ```
    /// use surety_queries::bvh::RayCull;
    /// let ray = RayCull::new([0.0; 3], [0.0, 0.0, -1.0], f64::INFINITY);
    /// assert!(ray.entry(&[[-1.0, -1.0, -1e300], [1.0, 1.0, -1e299]], f64::INFINITY).is_some());
    /// ```
    #[inline]
    pub fn new(origin: [f64; 3], direction: [f64; 3], t_max: f64) -> Self {
        let inv = direction.map(|x| 1.0 / x);
        let axes = std::array::from_fn(|k| {
            let side = Slab::new(origin[k], direction[k], inv[k]);
            [side, side]
        });
        RayCull {
            axes,
            t_max: parameter_bound(t_max),
            fast: Fast::of(origin, direction, inv),
        }
    }

    /// Every ray with origin in the box `origin` and direction in the box `direction` (each
    /// `[lo, hi]`), for `t` in `[0, t_max]`: for rays given by intervals.
    ///
    /// # Example
    /// ```
    /// use surety_queries::bvh::RayCull;
    /// // Origins along a unit segment of x, all going up.
    /// let rays = RayCull::family([[0.0, 0.0, 0.0], [1.0, 0.0, 0.0]], [[0.0, 0.0, 1.0]; 2], 5.0);
    /// assert!(rays.entry(&[[0.9, 0.0, 2.0], [0.95, 0.0, 3.0]], 5.0).is_some());
    /// assert!(rays.entry(&[[1.1, 0.0, 2.0], [1.2, 0.0, 3.0]], 5.0).is_none());
    /// ```
    #[inline]
    pub fn family(origin: [[f64; 3]; 2], direction: [[f64; 3]; 2], t_max: f64) -> Self {
        if origin[0] == origin[1] && direction[0] == direction[1] {
            return Self::new(origin[0], direction[0], t_max); // one ray
        }
        let inv = direction.map(|d| d.map(|x| 1.0 / x));
        let axes = std::array::from_fn(|k| {
            [
                Slab::new(origin[0][k], direction[0][k], inv[0][k]),
                Slab::new(origin[1][k], direction[1][k], inv[1][k]),
            ]
        });
        RayCull {
            axes,
            t_max: parameter_bound(t_max),
            fast: None,
        }
    }

    /// Whether [`RayCull::entry_fast`] may be used for every box inside `bounds`: a single
    /// ray that moves along some axis, whose nonzero direction components have normal
    /// reciprocals, and no difference of a box coordinate and an origin coordinate that can
    /// overflow (both below `2^1022` in magnitude).
    #[inline]
    pub(crate) fn fast_within(&self, bounds: &Box3) -> bool {
        self.fast.is_some() && bounds.iter().flatten().all(|x| x.abs() < FAST_LIMIT)
    }

    /// [`RayCull::fast_within`] for every box whose bounds are below `extent` in magnitude
    /// (a tree keeps its root's).
    #[inline]
    pub(crate) fn fast_up_to(&self, extent: f64) -> bool {
        self.fast.is_some() && extent < FAST_LIMIT
    }

    /// [`RayCull::entry_fast`] when `fast` (from [`RayCull::fast_within`] on bounds holding
    /// `b`), else [`RayCull::entry`].
    #[inline(always)]
    pub(crate) fn entry_with(&self, fast: bool, b: &Box3, t_max: f64) -> Option<f64> {
        if fast {
            self.entry_fast(b, t_max)
        } else {
            self.entry(b, t_max)
        }
    }

    /// [`RayCull::entry`] for a box inside bounds for which [`RayCull::fast_within`] holds,
    /// without the branches for zero directions and overflowing differences, and with the
    /// widening folded into the reciprocals, in a form the compiler keeps in vector registers.
    ///
    /// # Why the answer is sound
    /// On each axis the quotient `q = (x - o) / d` of the entering plane is computed as
    /// `fl(fl(x - o) · s)` with `s = fl(fl(1/d) · (1 - 8u))`, that of the leaving plane with
    /// `(1 + 8u)` instead (`u = 2^-53`). The difference is finite (both below `2^1022` in
    /// magnitude) and exact or rounded once; `1/d` and `s` are normal doubles, rounded once
    /// each. So, but for underflow of the last product, the computed entering quotient is
    /// `q · (1 + e) · (1 - 8u)` with `1 + e ≤ (1 + u)^4`, at most `q` when `q > 0`, and the
    /// leaving one at least `q` when `q > 0` the same way. Every rounding keeps the sign, so
    /// a quotient `≤ 0` is computed `≤ 0`: an entering one then changes nothing (the entry
    /// is at least 0), and a leaving one prunes the box, as its exact value does. An
    /// underflowed product is within `2^-1075` of its rounded value, which the `2^-1022` of
    /// [`bracket`] covers. The largest of lower bounds bounds the largest from below, the
    /// smallest of upper bounds the smallest from above.
    ///
    /// On an axis along which the ray does not move (`d = ±0`) the exact condition is
    /// `lo ≤ o ≤ hi` at every `t`. Its scales are `+∞` for `+0` (entering by `lo`, leaving by
    /// `hi`) and `-∞` for `-0` (entering by `hi`, leaving by `lo`). `fl(x - o)` has the sign
    /// of `x - o` and is zero only when `x = o`, so either way the entering quotient is `-∞`
    /// (no bound) when the entering plane is on the near side of `o`, `+∞` when it is past
    /// it (the ray is outside the slab), and NaN when it passes through `o`; the leaving one
    /// is `+∞` (no bound), `-∞` (outside) or NaN likewise. [`max`] and [`min`] return one
    /// of their operands, NaN included, so the entering bound handed to [`bracket`] is one
    /// axis's entering quotient or NaN: a lower bound of that axis's exact entry, hence of
    /// the box's, or `+∞` from a slab the ray is outside of (where any answer is sound), or
    /// NaN, which [`bracket`] takes as no bound; the leaving bound likewise. So no box the ray
    /// meets within `t_max` is pruned, and the entry returned is at most the exact one.
    #[inline(always)]
    pub(crate) fn entry_fast(&self, b: &Box3, t_max: f64) -> Option<f64> {
        let Some(f) = self.fast.as_ref() else {
            return self.entry(b, t_max); // no fast form: the general test, never a wrong prune
        };
        let q =
            |k: usize, corner: usize, side: usize| (b[corner][k] - f.origin[k]) * f.scaled[k][side];
        let near = max(
            max(q(0, f.near[0], 0), q(1, f.near[1], 0)),
            q(2, f.near[2], 0),
        );
        let far = min(
            min(q(0, 1 - f.near[0], 1), q(1, 1 - f.near[1], 1)),
            q(2, 1 - f.near[2], 1),
        );
        bracket(near, far, t_max)
    }

    /// [`RayCull::entry_fast`] for two boxes at once (a node's children): the same quotients
    /// and the same bracket, computed lane by lane on four lanes (each box's entering and
    /// leaving plane per axis), so that the compiler can keep one axis of both boxes in one
    /// vector register. The answers are exactly `[entry_fast(a), entry_fast(b)]`.
    #[inline(always)]
    pub(crate) fn entry_pair_fast(&self, a: &Box3, b: &Box3, t_max: f64) -> [Option<f64>; 2] {
        let Some(f) = self.fast.as_ref() else {
            return [self.entry(a, t_max), self.entry(b, t_max)];
        };
        // Lanes: [a's near plane, a's far plane, b's near plane, b's far plane].
        let mut lanes = [[0.0f64; 4]; 3];
        for (k, lane) in lanes.iter_mut().enumerate() {
            let (near, far) = (f.near[k], 1 - f.near[k]);
            let planes = [a[near][k], a[far][k], b[near][k], b[far][k]];
            let [lo, hi] = f.scaled[k];
            let scales = [lo, hi, lo, hi];
            *lane = std::array::from_fn(|j| (planes[j] - f.origin[k]) * scales[j]);
        }
        // Entry: the largest near quotient; exit: the smallest far one. (A loop, not
        // `array::from_fn`: the latter made the traversal 15 % slower.)
        let mut ends = lanes[0];
        for lane in &lanes[1..] {
            ends = [
                max(ends[0], lane[0]),
                min(ends[1], lane[1]),
                max(ends[2], lane[2]),
                min(ends[3], lane[3]),
            ];
        }
        [
            bracket(ends[0], ends[1], t_max),
            bracket(ends[2], ends[3], t_max),
        ]
    }

    /// [`RayCull::entry_fast`] for the four boxes of a wide node at once, given bound by
    /// bound in `f32` (`bounds[corner][axis][lane]`): each bound made an `f64` (exactly), then
    /// the same quotients, maxima, minima and bracket lane by lane, so the answers are exactly
    /// `entry_fast` on each lane's box: lane `j` is entered when bit `j` of the mask is set,
    /// at the entry bound `entries[j]` (meaningless when the bit is clear). The mask comes
    /// from one vector comparison, so that the traversal runs over the lanes entered, not
    /// over all four. An infinite bound (a box rounded outward past `f32`'s range) gives an
    /// infinite quotient of the exact one's sign, never NaN against a finite origin and a
    /// normal nonzero scale: an entering plane at `-∞` is entered at once, a leaving one at
    /// `+∞` never left. A lane whose box is empty (lower bounds `+∞`, upper `-∞`) is never
    /// entered: its entering quotient on every axis is `+∞` and its leaving one `-∞`, which
    /// the bracket rejects.
    #[inline(always)]
    pub(crate) fn entry_quad_fast(&self, bounds: &[[[f32; 4]; 3]; 2], t_max: f64) -> Lanes {
        let Some(f) = self.fast.as_ref() else {
            return self.entry_quad(bounds, 4, t_max); // no fast form: the general test
        };
        let planes = |k: usize| {
            let (near, far) = (&bounds[f.near[k]][k], &bounds[1 - f.near[k]][k]);
            let [lo, hi] = f.scaled[k];
            let o = f.origin[k];
            let mut q = [[0.0f64; 4]; 2];
            for j in 0..4 {
                q[0][j] = (f64::from(near[j]) - o) * lo;
                q[1][j] = (f64::from(far[j]) - o) * hi;
            }
            q
        };
        // Entry: the largest near quotient; exit: the smallest far one (in entry_fast's
        // order: axis 0 with axis 1, then axis 2).
        let mut ends = planes(0);
        for k in 1..3 {
            let q = planes(k);
            for j in 0..4 {
                ends[0][j] = max(ends[0][j], q[0][j]);
                ends[1][j] = min(ends[1][j], q[1][j]);
            }
        }
        // `bracket`, lane by lane, its comparison gathered into the mask.
        let mut entries = [0.0f64; 4];
        let mut mask = 0u32;
        for j in 0..4 {
            let (t0, t1) = bracket_ends(ends[0][j], ends[1][j], t_max);
            entries[j] = t0;
            mask |= u32::from(t0 <= t1) << j;
        }
        Lanes { entries, mask }
    }

    /// The four lanes of a wide node as [`RayCull::entry_quad_fast`] when `fast` (from
    /// [`RayCull::fast_within`] on bounds holding the node's boxes), else by
    /// [`RayCull::entry`] on each of the first `used` lanes (the others are not entered).
    #[inline(always)]
    pub(crate) fn entry_quad_with(
        &self,
        fast: bool,
        bounds: &[[[f32; 4]; 3]; 2],
        used: usize,
        t_max: f64,
    ) -> Lanes {
        if fast {
            self.entry_quad_fast(bounds, t_max)
        } else {
            self.entry_quad(bounds, used, t_max)
        }
    }

    /// [`RayCull::entry`] on each of the first `used` lanes of a wide node's bounds (each
    /// bound made an `f64`, exactly), the others not entered.
    #[inline]
    fn entry_quad(&self, bounds: &[[[f32; 4]; 3]; 2], used: usize, t_max: f64) -> Lanes {
        let mut lanes = Lanes::NONE;
        (0..used.min(4)).for_each(|j| {
            if let Some(e) = self.entry(&lane_box(bounds, j), t_max) {
                lanes.enter(j, e);
            }
        });
        lanes
    }

    /// The greatest parameter of interest.
    pub fn t_max(&self) -> f64 {
        self.t_max
    }

    /// A lower bound of the least `t` in `[0, t_max]` at which a ray of the family may be in
    /// the closed box `b`, or `None` when certainly none is (exact arithmetic).
    #[inline]
    pub fn entry(&self, b: &Box3, t_max: f64) -> Option<f64> {
        self.span(b, t_max).map(|(t0, _)| t0)
    }

    /// [`RayCull::entry`] with an upper bound of the greatest `t` in `[0, t_max]` at which a
    /// ray of the family may be in the box: `(t0, t1)` with every such `t` in `[t0, t1]`, or
    /// `None` when there is none. (Each leaving quotient is rounded up, so the least of them
    /// is at least the exact exit.)
    #[inline]
    pub(crate) fn span(&self, b: &Box3, t_max: f64) -> Option<(f64, f64)> {
        let (mut t0, mut t1) = (0.0f64, t_max);
        for (k, [low_side, high_side]) in self.axes.iter().enumerate() {
            // o_lo + t·d_lo ≤ hi.
            let q = low_side.quotient(b[1][k]);
            if low_side.d > 0.0 {
                t1 = t1.min(widen_up(q));
            } else if low_side.d < 0.0 {
                t0 = t0.max(widen_down(q));
            } else if low_side.o > b[1][k] {
                return None;
            }
            // o_hi + t·d_hi ≥ lo.
            let q = high_side.quotient(b[0][k]);
            if high_side.d > 0.0 {
                t0 = t0.max(widen_down(q));
            } else if high_side.d < 0.0 {
                t1 = t1.min(widen_up(q));
            } else if high_side.o < b[0][k] {
                return None;
            }
        }
        (t0 <= t1).then_some((t0, t1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{slab_case, Rng};

    /// The exponent test is [`f64::is_normal`] on every kind of double: zeros,
    /// subnormals, the normals at both ends, the infinities, NaNs, both signs, and random bits.
    #[test]
    fn the_normal_test_is_the_standard_one() {
        let mut cases = vec![
            0.0,
            f64::from_bits(1),
            f64::MIN_POSITIVE,
            f64::from_bits(f64::MIN_POSITIVE.to_bits() - 1),
            1.0,
            f64::MAX,
            f64::INFINITY,
            f64::NAN,
            f64::from_bits(0x7ff0_0000_0000_0001),
        ];
        let mut rng = Rng(0x2545_F491_4F6C_DD1D);
        cases.extend((0..100_000).map(|_| f64::from_bits(rng.next_u64())));
        for x in cases.iter().flat_map(|&x| [x, -x]) {
            assert_eq!(normal(x), x.is_normal(), "{x:e} ({:#x})", x.to_bits());
        }
    }

    /// Which rays take the fast slab test: any that moves, zero components of either sign
    /// included; not a point, nor a ray with a subnormal or huge component (whose reciprocal
    /// or its scales are not normal), nor one whose origin is too far out.
    #[test]
    fn rays_along_an_axis_take_the_fast_form() {
        let fast = |d: [f64; 3]| {
            RayCull::new([0.5, -2.0, 3.0], d, f64::INFINITY)
                .fast
                .is_some()
        };
        for d in [
            [0.0, 0.0, -1.0],
            [-0.0, -0.0, 1.0],
            [0.0, -3.0, 0.0],
            [1e-300, -0.0, 0.0],
            [1.0, 2.0, -0.0],
            [1.0, 2.0, 3.0],
        ] {
            assert!(fast(d), "{d:?}");
        }
        for d in [
            [0.0, 0.0, 0.0],
            [-0.0, 0.0, -0.0],
            [0.0, 1e-310, 1.0],
            [f64::MAX, 1.0, 0.0],
            [f64::NAN, 1.0, 0.0],
        ] {
            assert!(!fast(d), "{d:?}");
        }
        let far = RayCull::new([1e308, 0.0, 0.0], [0.0, 0.0, 1.0], f64::INFINITY);
        assert!(far.fast.is_none());
        // A family of one ray is that ray.
        let one = RayCull::family([[1.0, 2.0, 3.0]; 2], [[0.0, 0.0, -1.0]; 2], 5.0);
        assert!(one.fast.is_some() && one.t_max() == 5.0);
    }

    /// The two-box test is the one-box test twice, to the bit: random rays and boxes at
    /// scales from 2^-60 to 2^60, flat and point boxes, and bounds below `t_max`.
    #[test]
    fn the_pair_test_answers_as_two_single_tests() {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        let mut checked = 0;
        for i in 0..20_000 {
            let (o, d, boxes, t_max) = slab_case::<2>(&mut rng, i, 60);
            let cull = RayCull::new(o, d, t_max);
            let all = [boxes[0][0], boxes[0][1], boxes[1][0], boxes[1][1]];
            if !cull.fast_within(&[
                std::array::from_fn(|k| all.iter().map(|c| c[k]).fold(f64::INFINITY, f64::min)),
                std::array::from_fn(|k| all.iter().map(|c| c[k]).fold(f64::NEG_INFINITY, f64::max)),
            ]) {
                continue;
            }
            let pair = cull.entry_pair_fast(&boxes[0], &boxes[1], t_max);
            let single = boxes.map(|b| cull.entry_fast(&b, t_max));
            assert_eq!(
                pair.map(|e| e.map(f64::to_bits)),
                single.map(|e| e.map(f64::to_bits)),
                "ray {o:?} {d:?}, boxes {boxes:?}"
            );
            checked += 1;
        }
        assert!(checked > 15_000, "{checked}");
    }
}
