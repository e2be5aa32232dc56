//! The inclusion-based root search shared by both CCD queries.

use std::cmp::Ordering;
use std::collections::BinaryHeap;

use surety_intervals::{Interval, Vec3, Verdict};

use super::{CcdHit, CcdOptions};

type V = Vec3<Interval>;

/// `F(t, u, v) = a + b·t + c·u + d·v + e·t·u + g·t·v`, the difference of the two points of a
/// CCD query, with enclosures of its coefficients; `simplex` adds the constraint `u + v <= 1`
/// (vertex–face) to `t, u, v` in `[0, 1]`.
pub(super) struct Multilinear {
    pub a: V,
    pub b: V,
    pub c: V,
    pub d: V,
    pub e: V,
    pub g: V,
    pub simplex: bool,
}

/// The float filter: `F`'s coefficients rounded to `f64` as the query computes them, and a
/// bound on the error of any corner value computed from them.
///
/// # The bound
/// Each coefficient is a difference of two input coordinates (`a`, `c`, `d`) or a difference
/// of two such differences (`b`, `e`, `g`), so with unit roundoff `u = 2^-53` its computed
/// value is off by at most `γ₂·S`, where `S` is the sum of the absolute values of the inputs
/// it combines and `γₙ = n·u / (1 - n·u)` (Higham, *Accuracy and Stability of Numerical
/// Algorithms*, §3.1). A corner value `g + h·u + k·v` with `g = a + b·t`, `h = c + e·t`,
/// `k = d + g·t` and `t, u, v` in `[0, 1]` (exact floats) adds at most five roundings along
/// any path, so it is off by at most `γ₁₀·ΣS` over the six coefficients (bounding each
/// computed coefficient by `(1 + γ₂)·S`, which the `1.01` below covers). Underflow adds at
/// most `2^-1074` per operation; `1e-300` covers it with room. The filter is only used when
/// every sum is finite and below `1e300`, so nothing overflows; otherwise the intervals do
/// all the work.
struct Filter {
    a: [f64; 3],
    b: [f64; 3],
    c: [f64; 3],
    d: [f64; 3],
    e: [f64; 3],
    g: [f64; 3],
    error: [f64; 3],
}

impl Filter {
    fn new(inputs: &FloatInputs) -> Option<Self> {
        let FloatInputs { coefficients, sums } = inputs;
        let unit = f64::EPSILON / 2.0;
        let gamma = |n: f64| n * unit / (1.0 - n * unit);
        let mut error = [0.0; 3];
        for (i, e) in error.iter_mut().enumerate() {
            let total: f64 = sums.iter().map(|s| s[i]).sum();
            if !(total.is_finite() && total < 1e300) {
                return None;
            }
            *e = 1.01 * gamma(10.0) * total + 1e-300;
        }
        let [a, b, c, d, e, g] = *coefficients;
        Some(Self {
            a,
            b,
            c,
            d,
            e,
            g,
            error,
        })
    }

    /// Is `F`'s range over the cell certainly outside `[-sep, sep]` on some axis, or
    /// certainly farther than `sep` from zero along the normal of `h` and `k` at the cell's
    /// middle time (the face's normal, or the two edges' common normal), or (with a
    /// separation) its box's nearest point certainly farther than `sep` from zero, or (with
    /// no separation) certainly nonzero along the direction of `F` at the cell's center?
    ///
    /// The directions' tests are [`Filter::apart_along`]'s. The normal removes the cells
    /// of a point near a face's plane but off it (or of an edge passing over another) whose
    /// `u`, `v` ranges are too wide for any axis. The center's direction (the corners' sum,
    /// `8·F` at the center) removes the cells where every axis's range holds zero but `F`
    /// does not vanish (the wrapping of a range box around a vector that turns).
    fn excludes(&self, cell: &Cell, sep: f64) -> bool {
        let mut corners = [[0.0; 3]; 8];
        // A lower bound on |F_i| over the cell, for each axis.
        let mut nearest = [0.0; 3];
        let axis_excludes = (0..3).any(|i| {
            let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
            for (ti, t) in cell.t.into_iter().enumerate() {
                let g = self.a[i] + self.b[i] * t;
                let h = self.c[i] + self.e[i] * t;
                let k = self.d[i] + self.g[i] * t;
                for (ui, u) in cell.u.into_iter().enumerate() {
                    for (vi, v) in cell.v.into_iter().enumerate() {
                        let f = g + h * u + k * v;
                        corners[ti * 4 + ui * 2 + vi][i] = f;
                        lo = lo.min(f);
                        hi = hi.max(f);
                    }
                }
            }
            // The subtractions below round by at most half an ulp of their operands' size.
            let margin = self.error[i] * (1.0 + SLACK) + (lo.abs() + hi.abs()) * SLACK;
            nearest[i] = (lo - margin).max(-hi - margin).max(0.0);
            lo - self.error[i] > sep || hi + self.error[i] < -sep
        });
        if axis_excludes {
            return true;
        }
        // The normal of `h` and `k` at the cell's middle time: `F`'s component along it is
        // `g`'s alone at that time, so a point hovering over a face (or an edge passing over
        // another) is apart along it at once, however wide the cell is in `u` and `v`.
        let tm = 0.5 * (cell.t[0] + cell.t[1]);
        let h: [f64; 3] = core::array::from_fn(|i| self.c[i] + self.e[i] * tm);
        let k: [f64; 3] = core::array::from_fn(|i| self.d[i] + self.g[i] * tm);
        let normal = [
            h[1] * k[2] - h[2] * k[1],
            h[2] * k[0] - h[0] * k[2],
            h[0] * k[1] - h[1] * k[0],
        ];
        if self.apart_along(normal, &corners, sep) {
            return true;
        }
        if sep > 0.0 {
            // The nearest point of the range box farther than `sep`: the sum of squares,
            // lowered by its rounding (a few ulps, and 2^-1000 for underflow), against
            // `sep²` raised by its own.
            let near: f64 = nearest.iter().map(|m| m * m).sum();
            return near * (1.0 - SLACK) - TINY > sep * sep * (1.0 + SLACK) + TINY;
        }
        let mut n = [0.0; 3];
        for c in &corners {
            for i in 0..3 {
                n[i] += c[i];
            }
        }
        self.apart_along(n, &corners, 0.0)
    }

    /// Is `F` certainly farther than `sep` from zero over the cell along the direction `n`
    /// (any float vector), given `F`'s computed values at the cell's eight corners?
    ///
    /// `φ = n·F` is multilinear in `(t, u, v)` as `F` is, so its range over the cell is the
    /// hull of its corner values. Computed from the rounded corner values `f̃` (each within
    /// `errorᵢ` of the exact `Fᵢ`), each corner's `fl(Σ nᵢ·f̃ᵢ)` is off from `φ` by at most
    /// `Σ |nᵢ|·errorᵢ + γ₃·Σ |nᵢ|·|f̃ᵢ|` (and `1e-300` for underflow). Where every corner is
    /// beyond that bound and `sep·|n|` on one side, `|F| >= |n·F| / |n| > sep` everywhere in
    /// the cell. `n` is first scaled so that `|nᵢ| <= 1` (a rounding of it is another float
    /// vector, as good as any), and `|n|` is bounded above with a relative margin that covers
    /// the roundings of its sum of squares and square root.
    fn apart_along(&self, n: [f64; 3], corners: &[[f64; 3]; 8], sep: f64) -> bool {
        // A product that overflowed (an infinity, or `∞ - ∞`) leaves no direction to use.
        if !n.iter().all(|x| x.is_finite()) {
            return false;
        }
        let scale = n.iter().fold(0.0f64, |m, x| m.max(x.abs()));
        if scale == 0.0 {
            return false;
        }
        let n = n.map(|x| x / scale);
        let unit = f64::EPSILON / 2.0;
        let gamma3 = 1.01 * 3.0 * unit / (1.0 - 3.0 * unit);
        let (mut lo, mut hi, mut size) = (f64::INFINITY, f64::NEG_INFINITY, 0.0f64);
        for c in corners {
            let phi = n[0] * c[0] + n[1] * c[1] + n[2] * c[2];
            lo = lo.min(phi);
            hi = hi.max(phi);
            size = size
                .max(n[0].abs() * c[0].abs() + n[1].abs() * c[1].abs() + n[2].abs() * c[2].abs());
        }
        let mut bound =
            (0..3).map(|i| n[i].abs() * self.error[i]).sum::<f64>() + gamma3 * size + 1e-300;
        if sep > 0.0 {
            // `|n|` is at most `√3` (each `|nᵢ| <= 1`); every operation here rounds by a
            // relative `2^-53` at most, which `SLACK` (`2^-50`) covers with room.
            let norm = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt() * (1.0 + SLACK);
            bound = (bound + sep * norm * (1.0 + SLACK)) * (1.0 + SLACK) + TINY;
        }
        lo > bound || hi < -bound
    }
}

impl Filter {
    /// Are the cell's corners and center each certainly farther than `sep` from zero? Each
    /// point's value is computed as a corner's is in [`Filter::excludes`], within the same
    /// error bound (the bound holds at any point of `[0, 1]³` in floats).
    fn points_apart(&self, cell: &Cell, sep: f64) -> bool {
        corners_and_center(cell).all(|(t, u, v)| {
            let near: f64 = (0..3)
                .map(|i| {
                    let f = (self.a[i] + self.b[i] * t)
                        + (self.c[i] + self.e[i] * t) * u
                        + (self.d[i] + self.g[i] * t) * v;
                    let margin = self.error[i] * (1.0 + SLACK) + f.abs() * SLACK;
                    let m = (f.abs() - margin).max(0.0);
                    m * m
                })
                .sum();
            near * (1.0 - SLACK) - TINY > sep * sep * (1.0 + SLACK) + TINY
        })
    }
}

/// `2^-50`: a relative margin that covers a few roundings (`2^-53` each) of a float
/// computation, as a factor `1 ± SLACK`.
const SLACK: f64 = 1.0 / 1_125_899_906_842_624.0;

/// `2^-1000`: an absolute margin that covers the underflow of a few float operations
/// (`2^-1075` each), itself a normal number.
const TINY: f64 = 9.332_636_185_032_189e-302;

/// The float form of a query's coefficients, `[a, b, c, d, e, g]`, each computed as the
/// difference (of differences) of the inputs, with the sums of the inputs' absolute values.
pub(super) struct FloatInputs {
    pub coefficients: [[f64; 3]; 6],
    pub sums: [[f64; 3]; 6],
}

impl FloatInputs {
    /// From the positions at `t = 0` and `t = 1`, given which points form each coefficient:
    /// `pairs[k] = (p, q)` gives `x_p - x_q` at `t = 0` (`a`, `c`, `d` for `k = 0, 1, 2`) and
    /// `(x_p(1) - x_p(0)) - (x_q(1) - x_q(0))` (`b`, `e`, `g`).
    pub fn new(start: &[Vec3<f64>; 4], end: &[Vec3<f64>; 4], pairs: [(usize, usize); 3]) -> Self {
        // Pair k gives the k-th (position, motion) couple: (a, b), (c, e), (d, g).
        let mut coefficients = [[0.0; 3]; 6];
        let mut sums = [[0.0; 3]; 6];
        let slot = [(0, 1), (2, 4), (3, 5)];
        for (&(p, q), (at, motion)) in pairs.iter().zip(slot) {
            let (s0, s1, e0, e1) = (
                start[p].to_array(),
                start[q].to_array(),
                end[p].to_array(),
                end[q].to_array(),
            );
            for i in 0..3 {
                coefficients[at][i] = s0[i] - s1[i];
                sums[at][i] = s0[i].abs() + s1[i].abs();
                coefficients[motion][i] = (e0[i] - s0[i]) - (e1[i] - s1[i]);
                sums[motion][i] = e0[i].abs() + s0[i].abs() + e1[i].abs() + s1[i].abs();
            }
        }
        Self { coefficients, sums }
    }
}

/// A box of parameters, with its bisection depth.
#[derive(Clone, Copy, Debug)]
struct Cell {
    t: [f64; 2],
    u: [f64; 2],
    v: [f64; 2],
    depth: u32,
}

/// Earliest time first; among equal times the deepest (a depth-first walk along one root).
impl Ord for Cell {
    fn cmp(&self, other: &Self) -> Ordering {
        other.t[0]
            .total_cmp(&self.t[0])
            .then(self.depth.cmp(&other.depth))
    }
}

impl PartialOrd for Cell {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl PartialEq for Cell {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Cell {}

pub(super) fn iv(lo: f64, hi: f64) -> Interval {
    Interval::new(lo, hi).unwrap_or(Interval::ENTIRE)
}

fn pt(x: f64) -> Interval {
    Interval::enclose(x)
}

impl Multilinear {
    /// `F` at time `t` over the `(u, v)` box: exact for the box up to rounding, since `F` is
    /// linear in `u` and `v` for a fixed `t`.
    fn at_time(&self, t: f64, u: Interval, v: Interval) -> V {
        let t = pt(t);
        let g = self.a + self.b * t;
        let h = self.c + self.e * t;
        let k = self.d + self.g * t;
        g + h * u + k * v
    }

    /// An enclosure of `F`'s range over the cell: the hull of its ranges on the two time faces
    /// (`F` is linear in `t` for fixed `u`, `v`).
    fn range(&self, cell: &Cell) -> V {
        let (u, v) = (iv(cell.u[0], cell.u[1]), iv(cell.v[0], cell.v[1]));
        let r0 = self.at_time(cell.t[0], u, v);
        let r1 = self.at_time(cell.t[1], u, v);
        Vec3::new(
            r0.x.hull_with(r1.x),
            r0.y.hull_with(r1.y),
            r0.z.hull_with(r1.z),
        )
    }

    /// `F` at a point.
    fn value(&self, t: f64, u: f64, v: f64) -> V {
        self.at_time(t, pt(u), pt(v))
    }

    /// Does the cell certainly contain a zero of `F` (Krawczyk's test), or a point with
    /// `|F| <= sep`? A certified cell proves a collision (with the time its contact happens
    /// by); Krawczyk's test can also prove that the cell holds no zero, or only one outside
    /// the triangle.
    fn certify(&self, cell: &Cell, sep: f64, tol: f64, t_max: f64, small: bool) -> Decision {
        // An exact zero (or a point within the separation) at the center or a corner.
        for (t, u, v) in corners_and_center(cell).filter(|_| small || sep > 0.0) {
            if self.simplex && sum_exceeds_one(u, v) {
                continue;
            }
            let f = self.value(t, u, v);
            if f.length_squared().le(pt(sep) * pt(sep)).is_true() {
                return Decision::Root {
                    lo: cell.t[0],
                    hi: t,
                    unique: false,
                };
            }
        }
        if sep > 0.0 {
            return Decision::Unknown;
        }
        let x = [
            iv(cell.t[0], cell.t[1]),
            iv(cell.u[0], cell.u[1]),
            iv(cell.v[0], cell.v[1]),
        ];
        // The test runs on the cell widened by an eighth of its width on every side, so that
        // a zero on or near the cell's faces (or the domain's) is still proven.
        let wide = [cell.t, cell.u, cell.v].map(|[lo, hi]| {
            let r = (hi - lo) / 8.0;
            iv(lo - r, hi + r)
        });
        let Some(k) = self.krawczyk(wide) else {
            return Decision::Unknown;
        };
        // Every zero in the widened cell, so every zero in X, lies in K: none if they are
        // apart.
        if (0..3).any(|i| k[i].is_disjoint_from(x[i])) {
            return Decision::Empty;
        }
        // Beyond the domain there (a time outside [0, t_max], a parameter outside [0, 1],
        // beyond the hypotenuse), no zero counts.
        let domain = [iv(0.0, t_max), iv(0.0, 1.0), iv(0.0, 1.0)];
        let outside = |k: &[Interval; 3]| {
            (0..3).any(|i| k[i].is_disjoint_from(domain[i]))
                || (self.simplex && sum_exceeds_one(k[1].lo(), k[2].lo()))
        };
        if outside(&k) {
            return Decision::Empty;
        }
        // K within the widened cell: that holds exactly one zero, in K.
        if !(0..3).all(|i| k[i].is_subset_of(wide[i])) {
            return Decision::Unknown;
        }
        // Narrow it by the same operator (every zero in K lies in K(K), which converges
        // quadratically), to the tolerance if it can.
        let mut k = k;
        for _ in 0..CONTRACTIONS {
            if k[0].width() <= tol {
                break;
            }
            let Some(next) = self.krawczyk(k) else {
                break;
            };
            let narrowed = [0, 1, 2].map(|i| k[i].intersection(next[i]));
            let [Some(t), Some(u), Some(v)] = narrowed else {
                // Cannot happen in exact terms (the zero is in both); keep what is proven.
                break;
            };
            if t == k[0] && u == k[1] && v == k[2] {
                break;
            }
            k = [t, u, v];
        }
        // X's contacts are that zero, if it is one: where the narrowed K is certainly outside
        // the domain, X has none; where K is certainly inside, X has at most that one, and it
        // is a contact (in X or not); otherwise undecided.
        if outside(&k) {
            return Decision::Empty;
        }
        if !(0..3).all(|i| k[i].is_subset_of(domain[i]))
            || (self.simplex && sum_exceeds_one(k[1].hi(), k[2].hi()))
        {
            // The zero lies on or next to the domain's boundary (a vertex hitting a face's
            // edge, an edge's end, a contact at t = 0): splitting X only puts the same zero
            // in smaller cells, none of which can tell either. Nothing else in X is one.
            return Decision::Boundary {
                lo: k[0].lo().max(cell.t[0]),
            };
        }
        Decision::Root {
            lo: k[0].lo(),
            hi: k[0].hi(),
            unique: true,
        }
    }

    /// Krawczyk's operator on the box `x`: `K = m - Y·F(m) + (I - Y·J(x))·(x - m)` with `m`
    /// the box's midpoint and `Y` an approximate inverse of `F`'s Jacobian there. Every zero
    /// of `F` in `x` lies in `K`, and `K ⊆ x` proves that `x` holds exactly one (Krawczyk;
    /// Moore, Kearfott and Cloud, *Introduction to Interval Analysis*, §8.2). `None` where
    /// the Jacobian at `m` is singular in floats.
    fn krawczyk(&self, x: [Interval; 3]) -> Option<[Interval; 3]> {
        let [tt, uu, vv] = x;
        let m = x.map(Interval::mid);
        let jx = [
            self.b + self.e * uu + self.g * vv,
            self.c + self.e * tt,
            self.d + self.g * tt,
        ];
        let (tm, um, vm) = (pt(m[0]), pt(m[1]), pt(m[2]));
        let jm = [
            self.b + self.e * um + self.g * vm,
            self.c + self.e * tm,
            self.d + self.g * tm,
        ];
        let y = inverse(jm.map(|c| c.map(|x| x.mid())))?;
        let fm = self.value(m[0], m[1], m[2]).to_array();
        let jcols = jx.map(|c| c.to_array());
        let dx = [tt - tm, uu - um, vv - vm];
        let mut k = [Interval::ZERO; 3];
        for i in 0..3 {
            let mut yf = Interval::ZERO;
            for (j, f) in fm.iter().enumerate() {
                yf += pt(y[i][j]) * *f;
            }
            let mut acc = pt(m[i]) - yf;
            for (col, d) in dx.iter().enumerate() {
                // (I - Y·J)[i][col]
                let mut yj = Interval::ZERO;
                for (j, row) in jcols[col].iter().enumerate() {
                    yj += pt(y[i][j]) * *row;
                }
                let ident = if i == col {
                    Interval::ONE
                } else {
                    Interval::ZERO
                };
                acc += (ident - yj) * *d;
            }
            k[i] = acc;
        }
        Some(k)
    }
}

/// A float forecast of Krawczyk's test, so that a cell too coarse for it to decide is not
/// given the interval evaluation (about a hundred interval products): plain `f64` on `F`'s
/// rounded coefficients, no rounding bounds. Only a forecast: the test itself
/// runs in intervals, and decides.
struct Hint {
    c: [Vec3<f64>; 6],
}

impl Hint {
    /// From the coefficients the float filter computes (a forecast needs no rounding bound).
    fn new(floats: &FloatInputs) -> Option<Self> {
        let c = floats.coefficients.map(|[x, y, z]| Vec3::new(x, y, z));
        c.iter()
            .all(|x| x.to_array().iter().all(|y| y.is_finite()))
            .then_some(Hint { c })
    }

    /// Does a Newton step from the cell's center predict that Krawczyk's box lands well
    /// inside the cell (a zero, proven, and the only one there)? (Forecasting a box outside
    /// the cell too, to prove it empty, was tried: at the interval test's price, bisection
    /// excludes such cells more cheaply.) Along a variable where the cell reaches the
    /// domain's boundary, well inside the widened cell the test runs on will do: a zero on
    /// the boundary (a vertex hitting a face's edge) is in no cell's interior, and would
    /// otherwise be bisected down to the tolerance before any test. (Everywhere, that made
    /// the random unit-cube tail of `examples/ccd_tail.rs` slower: p99 about 45 → 55 µs.)
    fn worth_certifying(&self, cell: &Cell, simplex: bool, t_max: f64) -> bool {
        let [a, b, c, d, e, g] = self.c;
        let m = [mid(cell.t), mid(cell.u), mid(cell.v)];
        let r = [
            (cell.t[1] - cell.t[0]) / 2.0,
            (cell.u[1] - cell.u[0]) / 2.0,
            (cell.v[1] - cell.v[0]) / 2.0,
        ];
        let hypotenuse = simplex && cell.u[1] + cell.v[1] >= 1.0;
        let edge = [
            cell.t[0] == 0.0 || cell.t[1] >= t_max,
            cell.u[0] == 0.0 || cell.u[1] == 1.0 || hypotenuse,
            cell.v[0] == 0.0 || cell.v[1] == 1.0 || hypotenuse,
        ];
        let reach_of = edge.map(|e| if e { 1.25 } else { 1.0 });
        let jc = [b + e * m[1] + g * m[2], c + e * m[0], d + g * m[0]];
        let Some(y) = inverse(jc) else {
            return false;
        };
        let fm = a + b * m[0] + c * m[1] + d * m[2] + e * (m[0] * m[1]) + g * (m[0] * m[2]);
        let abs = |v: Vec3<f64>| Vec3::new(v.x.abs(), v.y.abs(), v.z.abs());
        // How far the Jacobian strays over the cell, times the cell's radii.
        let spread = abs(e) * (r[1] * r[0])
            + abs(g) * (r[2] * r[0])
            + (abs(e) * r[1] + abs(g) * r[2]) * r[0];
        let spread = spread.to_array();
        let fm = fm.to_array();
        (0..3).all(|i| {
            let step: f64 = (0..3).map(|j| y[i][j] * fm[j]).sum();
            let reach: f64 = (0..3).map(|j| y[i][j].abs() * spread[j]).sum();
            step.abs() + reach < 0.9 * reach_of[i] * r[i]
        })
    }
}

/// Is `a + b > 1` exactly? (Two-sum: the rounded sum and its exact error.)
fn sum_exceeds_one(a: f64, b: f64) -> bool {
    let s = a + b;
    let bb = s - a;
    let err = (a - (s - bb)) + (b - bb);
    s > 1.0 || (s == 1.0 && err > 0.0)
}

/// What certification found in a cell.
enum Decision {
    /// A collision, certainly, by `hi`, and none in the cell before `lo`; `unique`: the cell
    /// holds no other contact.
    Root { lo: f64, hi: f64, unique: bool },
    /// The cell holds exactly one zero of `F`, at a time in `[lo, ..]`, and whether it lies
    /// in the domain is undecided: no contact in the cell before `lo`, and no other.
    Boundary { lo: f64 },
    /// Certainly no collision in the cell.
    Empty,
    /// Undecided.
    Unknown,
}

fn mid(x: [f64; 2]) -> f64 {
    x[0] + (x[1] - x[0]) / 2.0
}

fn corners_and_center(cell: &Cell) -> impl Iterator<Item = (f64, f64, f64)> + '_ {
    let center = (mid(cell.t), mid(cell.u), mid(cell.v));
    (0..8)
        .map(move |i| (cell.t[i & 1], cell.u[i >> 1 & 1], cell.v[i >> 2]))
        .chain(core::iter::once(center))
}

/// The inverse of a 3 × 3 matrix given by columns, in plain `f64` (Krawczyk only needs an
/// approximate inverse); `None` when it is singular or not finite.
fn inverse(cols: [Vec3<f64>; 3]) -> Option<[[f64; 3]; 3]> {
    let [a, b, c] = cols;
    let det = a.dot(b.cross(c));
    if det == 0.0 || !det.is_finite() {
        return None;
    }
    // Rows of the inverse are the cross products of the columns, over the determinant.
    let rows = [b.cross(c), c.cross(a), a.cross(b)].map(|r| (r * (1.0 / det)).to_array());
    rows.iter().flatten().all(|x| x.is_finite()).then_some(rows)
}

/// Searches the parameter box for a collision; see the module docs for the guarantee.
///
/// `budget` caps the boxes examined; past it the answer is `Maybe`.
/// `make` builds `F`'s interval form; it is not called when the float filter rules out the
/// whole box at once (the search's first step, and its only one for most pairs of a mesh).
pub(super) fn search(
    make: impl FnOnce() -> Multilinear,
    floats: &FloatInputs,
    options: &CcdOptions,
    budget: Budget,
) -> CcdHit {
    let filter = Filter::new(floats);
    let whole = Cell {
        t: [0.0, options.t_max],
        u: [0.0, 1.0],
        v: [0.0, 1.0],
        depth: 0,
    };
    // The whole cell, tested here and not again when it comes off the heap below.
    let whole_tested = budget.hard >= 1 && filter.is_some();
    if whole_tested
        && filter
            .as_ref()
            .is_some_and(|flt| flt.excludes(&whole, options.min_separation))
    {
        // As the loop below would answer after its first cell.
        return hit(Verdict::False, options.t_max, options.t_max, 1);
    }
    let f = &make();
    let hint = Hint::new(floats);
    let sep = pt(options.min_separation);
    let tol = options.tolerance;
    // Below this width a cell that can be neither excluded nor certified makes the answer
    // Maybe: refinement stops there.
    let floor = tol * 1e-6;
    // Scale of each variable's effect, to split the cell where it matters most.
    let mag = |v: V| v.to_array().map(|x| x.mag());
    let (b, c, d, e, g) = (mag(f.b), mag(f.c), mag(f.d), mag(f.e), mag(f.g));
    let weight = [
        (0..3).map(|i| b[i] + e[i] + g[i]).fold(0.0, f64::max),
        (0..3).map(|i| c[i] + e[i]).fold(0.0, f64::max),
        (0..3).map(|i| d[i] + g[i]).fold(0.0, f64::max),
    ];
    // A variable with no effect on F (a zero-length edge) is weighted as the largest, so its
    // width still counts.
    let top = weight
        .iter()
        .copied()
        .fold(0.0, f64::max)
        .max(f64::MIN_POSITIVE);
    let weight = weight.map(|w| if w > 0.0 { w } else { top });
    let mut heap = BinaryHeap::new();
    heap.push(whole);
    let mut iterations = 0u64;
    let (mut earliest_undecided, mut undecided): (Option<f64>, u32) = (None, 0);
    let mut proven: Option<f64> = None;
    // No contact before this in the cells certified to hold one zero and dropped.
    let mut settled = f64::INFINITY;
    // Cells at the tolerance examined: many mean a degenerate contact set.
    let mut small_seen = 0u32;
    // Forecasts of a proof that the test did not bear out (a nearly singular Jacobian, in
    // degenerate motions): past a few, the forecasts stop.
    let mut misses = 0u32;
    let mut small_undecided = 0u32;
    while let Some(cell) = heap.pop() {
        iterations += 1;
        // Past the soft budget, a query whose small cells stay undecided is stalled.
        let over =
            iterations > budget.hard || (iterations > budget.soft && small_seen >= budget.stalled);
        if let Some(hi) = proven {
            // A contact is proven by `hi`; a cell this narrow bounds it from below. (Every
            // cell left starts at or after this one.)
            let lo = earliest_undecided
                .unwrap_or(cell.t[0])
                .min(cell.t[0])
                .min(settled)
                .min(hi);
            let width = cell.t[1] - cell.t[0];
            // Unless the bound is still coarse because of this very cell (one that shares
            // the proven zero on a face, say): then a few more splits may rule it out.
            let refine = hi - lo > tol && lo == cell.t[0] && width > tol / 64.0;
            if cell.t[0] >= hi || (width <= tol && !refine) || over {
                return hit(Verdict::True, lo, hi, iterations);
            }
        }
        if over {
            let lo = earliest_undecided.unwrap_or(cell.t[0]).min(cell.t[0]);
            return hit(Verdict::Maybe, lo, options.t_max, iterations);
        }
        // Beyond the triangle's hypotenuse (exactly: no interval arithmetic on the hot path).
        if f.simplex && sum_exceeds_one(cell.u[0], cell.v[0]) {
            continue;
        }
        if !(cell.depth == 0 && whole_tested)
            && filter
                .as_ref()
                .is_some_and(|flt| flt.excludes(&cell, options.min_separation))
        {
            continue;
        }
        let widths = [
            cell.t[1] - cell.t[0],
            cell.u[1] - cell.u[0],
            cell.v[1] - cell.v[0],
        ];
        // Small: the time within the tolerance, and the cell's effect on F along every
        // variable no more than a tolerance-wide step of the most effective one would have.
        let score = [0, 1, 2].map(|k| widths[k] * weight[k]);
        let effect = score.iter().copied().fold(0.0, f64::max);
        let small = widths[0] <= tol && effect <= tol * top;
        small_seen += u32::from(small);
        // The interval range is tighter than the filter by its error bound: worth its cost on
        // small cells, and the only test when the filter is off. (With a separation it was
        // run on every cell: the filter's own distance test now makes that unnecessary.)
        let separated = options.min_separation > 0.0;
        if small || filter.is_none() {
            let range = f.range(&cell);
            let band = iv(-sep.hi(), sep.hi());
            if range.to_array().iter().any(|r| r.is_disjoint_from(band)) {
                continue;
            }
            // With a separation, the nearest point of the range box must be within it.
            if separated
                && range
                    .map(|r| pt(r.mig()))
                    .length_squared()
                    .gt(sep * sep)
                    .is_true()
            {
                continue;
            }
        }
        // Certifying costs a dozen interval evaluations: try it on reaching the tolerance and
        // then on every third level below, not on every cell.
        let at_floor = small && widths[0] <= floor && effect <= floor * top;
        // With a separation a contact is a region: a point of it may show at any cell size.
        // Above the tolerance, only where a Newton step forecasts a proof: a cell certified
        // to hold one zero is done with, which saves narrowing it to the tolerance.
        let early = !small
            && !separated
            && cell.depth >= EARLY_DEPTH
            && misses < EARLY_MISSES
            && hint
                .as_ref()
                .is_some_and(|h| h.worth_certifying(&cell, f.simplex, options.t_max));
        // With a separation, certifying looks for a corner or the center within it: not
        // where the filter shows each of them farther.
        let hopeless = || {
            separated
                && filter
                    .as_ref()
                    .is_some_and(|flt| flt.points_apart(&cell, options.min_separation))
        };
        if (early || ((small || separated) && (cell.depth % 3 == 0 || at_floor))) && !hopeless() {
            match f.certify(&cell, options.min_separation, tol, options.t_max, small) {
                Decision::Root { lo, hi, unique } => {
                    let hi = proven.map_or(hi, |p: f64| p.min(hi)).max(cell.t[0]);
                    if unique {
                        // The cell's only contact is at a time in [lo, hi]: it needs no
                        // more splitting; the cells left decide whether one comes earlier.
                        proven = Some(hi);
                        settled = settled.min(lo);
                        continue;
                    }
                    if widths[0] <= tol {
                        // No cell before the earliest undecided one holds a contact.
                        let lo = earliest_undecided.unwrap_or(cell.t[0]).min(cell.t[0]);
                        return hit(Verdict::True, lo, hi, iterations);
                    }
                    // Proven, but the time of impact is still coarse: narrow it.
                    proven = Some(hi);
                }
                Decision::Empty => continue,
                Decision::Boundary { lo } => {
                    // Its contact, if it is one, is not before `lo`; the cell is done with.
                    lower(&mut earliest_undecided, lo);
                    undecided += 1;
                    if undecided >= UNDECIDED_CELLS {
                        break;
                    }
                    continue;
                }
                Decision::Unknown => misses += u32::from(early),
            }
        }
        if small {
            // Small and undecided: past a budget of these the contact is degenerate (a curve
            // or a surface of near-zeros, e.g. an edge sliding in a face's plane), and more
            // bisection only multiplies cells.
            small_undecided += 1;
            if small_undecided > SMALL_CELLS {
                lower(&mut earliest_undecided, cell.t[0]);
                break;
            }
        }
        if at_floor {
            // Undecided at the floor: remember it, and look on for a certain contact, a few
            // cells more.
            lower(&mut earliest_undecided, cell.t[0]);
            undecided += 1;
            if undecided >= UNDECIDED_CELLS {
                break;
            }
            continue;
        }
        // Split the widest dimension, weighted by its effect on F; once every effect is
        // within the tolerance, split the time until it is too (a slow motion has a small
        // effect, but the time of impact still needs the tolerance).
        let k = if effect <= tol * top && widths[0] > tol {
            0
        } else {
            (0..3)
                .max_by(|&i, &j| score[i].total_cmp(&score[j]))
                .unwrap_or(0)
        };
        let (mut lo, mut hi) = (cell, cell);
        lo.depth += 1;
        hi.depth += 1;
        let range = match k {
            0 => (&mut lo.t, &mut hi.t),
            1 => (&mut lo.u, &mut hi.u),
            _ => (&mut lo.v, &mut hi.v),
        };
        let m = mid(*range.0);
        if m <= range.0[0] || m >= range.0[1] {
            // Cannot split further in floats: undecided.
            lower(&mut earliest_undecided, cell.t[0]);
            undecided += 1;
            if undecided >= UNDECIDED_CELLS {
                break;
            }
            continue;
        }
        range.0[1] = m;
        range.1[0] = m;
        heap.push(lo);
        heap.push(hi);
    }
    if let Some(hi) = proven {
        let lo = earliest_undecided.unwrap_or(hi).min(settled).min(hi);
        return hit(Verdict::True, lo, hi, iterations);
    }
    match earliest_undecided {
        Some(lo) => hit(Verdict::Maybe, lo, options.t_max, iterations),
        None => hit(Verdict::False, options.t_max, options.t_max, iterations),
    }
}

/// How many cells the search examines before it answers `Maybe` (with the time interval still
/// open): at most `hard`, and past `soft` only while fewer than `stalled` cells at the
/// tolerance have stayed undecided.
#[derive(Clone, Copy, Debug)]
pub(super) struct Budget {
    pub hard: u64,
    pub soft: u64,
    pub stalled: u32,
}

impl Budget {
    /// One plain cap.
    pub fn cap(n: u64) -> Self {
        Budget {
            hard: n,
            soft: n,
            stalled: 0,
        }
    }
}

/// Lowers the earliest undecided time to `t` (cells come in the order of their start, but a
/// cell with one zero proven is undecided only from that zero's time on).
fn lower(earliest: &mut Option<f64>, t: f64) {
    *earliest = Some(earliest.map_or(t, |e| e.min(t)));
}

/// The search's answer, with `toi = [lo, hi]`.
fn hit(verdict: Verdict, lo: f64, hi: f64, iterations: u64) -> CcdHit {
    CcdHit {
        verdict,
        toi: iv(lo, hi),
        iterations,
        exact: false,
    }
}

/// How many small cells a query refines without deciding them before it answers `Maybe`.
const SMALL_CELLS: u32 = 4096;

/// How many undecided cells at the floor a query looks past for a certain contact before it
/// answers `Maybe`.
const UNDECIDED_CELLS: u32 = 64;

/// The depth from which a cell above the tolerance may be certified (when [`Hint`] forecasts
/// success): shallower cells rarely are, and each forecast costs. Measured on 4000 random
/// unit-cube queries per kind (`examples/ccd_tail.rs`): from depth 0 the median edge–edge
/// query was several times slower; from 6 it is unchanged.
const EARLY_DEPTH: u32 = 6;

/// How many forecasts of a proof above the tolerance may fail in one query before the search
/// stops forecasting. On the public benchmark's degenerate queries, unlimited forecasts took
/// the total from 0.055 to 0.073 s; 4 to 16 leave the random unit-cube tail unchanged, and 1
/// doubles its p99.
const EARLY_MISSES: u32 = 4;

/// How many times a certified zero's box is narrowed by Krawczyk's operator.
const CONTRACTIONS: usize = 8;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::Rng;

    /// A multiple of 1/64 in `[0, 1]`.
    fn sixty_fourths(rng: &mut Rng) -> f64 {
        rng.below(65) as f64 / 64.0
    }

    /// Krawczyk's operator encloses every zero of `F` in the box it is given: `F` with small
    /// integer coefficients and `a` chosen so that `F(z) = 0` exactly at a point `z` of
    /// sixty-fourths (every product exact in doubles), boxes holding `z` from the whole domain
    /// down to widths of `2^-30`, nudged so that `z` sits inside, on a face or at a corner.
    /// `K` must hold `z` whenever it is computed. Only the preconditioner `Y` may be any
    /// matrix; a wrong Jacobian, midpoint, step `x - m` or `F(m)` breaks the enclosure.
    #[test]
    fn krawczyk_encloses_every_zero_in_its_box() {
        let mut rng = Rng(0x2545_F491_4F6C_DD1D);
        let mut computed = 0;
        for case in 0..4000 {
            let point = |rng: &mut Rng, k| Vec3::new(rng.int(k), rng.int(k), rng.int(k));
            // Half the cases strongly nonlinear: the products' coefficients `e`, `g` up to 8
            // times the linear ones.
            let strong = case % 4 < 2;
            let [b, c, d] = [0; 3].map(|_| point(&mut rng, 2));
            let [e, g] = [0; 2].map(|_| point(&mut rng, if strong { 16 } else { 2 }));
            let z = [0; 3].map(|_| sixty_fourths(&mut rng));
            let at = |coef: Vec3<f64>, s: f64| coef.to_array().map(|x| x * s);
            let mut a = [0.0; 3];
            for (coef, s) in [
                (b, z[0]),
                (c, z[1]),
                (d, z[2]),
                (e, z[0] * z[1]),
                (g, z[0] * z[2]),
            ] {
                for (ai, x) in a.iter_mut().zip(at(coef, s)) {
                    *ai -= x;
                }
            }
            let lift = |v: [f64; 3]| Vec3::new(pt(v[0]), pt(v[1]), pt(v[2]));
            let f = Multilinear {
                a: lift(a),
                b: lift(b.to_array()),
                c: lift(c.to_array()),
                d: lift(d.to_array()),
                e: lift(e.to_array()),
                g: lift(g.to_array()),
                simplex: case % 2 == 0,
            };
            assert!(f
                .value(z[0], z[1], z[2])
                .to_array()
                .iter()
                .all(|x| x.contains(0.0)));
            // A box around z: its width, and where z sits in it.
            // Wide boxes half the time (where `I - Y·J(x)` is far from 0 and the enclosure
            // rests on it), down to 2^-30.
            let shift = if case % 2 == 0 {
                rng.below(4)
            } else {
                rng.below(31)
            };
            let width = 2f64.powi(-(shift as i32));
            let x: [Interval; 3] = std::array::from_fn(|i| {
                let below = match rng.below(3) {
                    0 => 0.0,
                    1 => width,
                    _ => width * sixty_fourths(&mut rng),
                };
                iv(z[i] - below, z[i] - below + width)
            });
            if let Some(k) = f.krawczyk(x) {
                computed += 1;
                for i in 0..3 {
                    assert!(
                        k[i].contains(z[i]),
                        "case {case}: K {k:?} misses the zero {z:?} of the box {x:?}"
                    );
                }
            }
        }
        assert!(computed > 2000, "{computed}");
    }

    /// The float filter never rules out a cell that holds a contact. Queries built so that
    /// `F(t*, u*, v*)` is exactly `o` at a point `z = (t*, u*, v*)` of dyadics, where `o` is
    /// zero or exactly `±sep` (or a hair less) along an axis: the contact points of every
    /// test of [`Filter::excludes`] (the axes, the normal of `h` and `k`, the nearest point
    /// of the range box, the center's direction) at exact ties; and a face moving without
    /// turning with the vertex exactly `sep` off it along its normal, the normal's test's
    /// own tie. Coordinates are small integers times `2^e` (`e` from -30 to 30, or from
    /// -1070 to -1000 where products underflow) moved up to `2^30·2^e` off the origin,
    /// where rounding is large next to the motion; an edge or
    /// a face is sometimes of zero length or flat. Cells from the whole domain down to
    /// `2^-30` wide hold `z` inside, on a face or at a corner; none may be excluded.
    /// Dropping the error bound of a direction's test, its `sep·|n|`, or taking `|n|` as
    /// its largest coordinate fails it.
    #[test]
    fn the_float_filter_never_excludes_a_cell_holding_a_contact() {
        use crate::ccd::poly::Q;
        use crate::ccd::{edge_edge, vertex_face};
        let mut rng = Rng(0x6A09_E667_F3BC_C909);
        let (mut cells, mut with_sep) = (0, 0);
        for case in 0..6000 {
            let vf = case % 2 == 0;
            // Every eighth case at a scale where the corner values underflow.
            let scale = if case % 8 == 7 {
                crate::testing::pow2([-1070, -1060, -1040, -1000][rng.below(4) as usize])
            } else {
                2f64.powi(rng.below(61) as i32 - 30)
            };
            let offset =
                scale * [0.0, 1024.0, -1048576.0, 3.0 * 2f64.powi(29)][rng.below(4) as usize];
            let coordinate = |rng: &mut Rng| offset + scale * rng.int(64) / 8.0;
            let point = |rng: &mut Rng| -> [f64; 3] { std::array::from_fn(|_| coordinate(rng)) };
            let mut start: [[f64; 3]; 4] = std::array::from_fn(|_| point(&mut rng));
            let mut end: [[f64; 3]; 4] = std::array::from_fn(|_| point(&mut rng));
            // Degenerate primitives: a point standing still, a zero-length edge, a face
            // whose corners coincide.
            match rng.below(6) {
                0 => end[2] = start[2],
                1 => (start[3], end[3]) = (start[2], end[2]),
                2 => (start[1], end[1]) = (start[0], end[0]),
                _ => {}
            }
            let t = [0.0, 0.125, 0.25, 0.5, 1.0][rng.below(5) as usize];
            let (u, v) = if vf {
                let u = sixty_fourths(&mut rng);
                (u, sixty_fourths(&mut rng).min(1.0 - u))
            } else {
                (
                    [0.25, 0.5, 1.0][rng.below(3) as usize],
                    sixty_fourths(&mut rng),
                )
            };
            let sep = match rng.below(3) {
                0 => 0.0,
                _ => scale * 2f64.powi(-(rng.below(20) as i32)),
            };
            // `o`: zero, or along one axis `±sep` or just less.
            let mut o = [0.0; 3];
            if sep > 0.0 && rng.below(3) > 0 {
                let m = if rng.below(2) == 0 {
                    sep
                } else {
                    sep.next_down()
                };
                o[rng.below(3) as usize] = if rng.below(2) == 0 { m } else { -m };
            }
            // A face moving without turning, whose normal is `(2, 3, 6)` (its sides along
            // `(3, -2, 0)` and `(6, 0, -2)`), and `o` exactly `±sep` along that normal
            // (`|(2, 3, 6)| = 7`): the normal's test at its tie.
            let sep = if vf && case % 8 == 0 {
                let shift = point(&mut rng).map(|x| x - offset);
                let (a, b) = (
                    scale * (1.0 + rng.below(8) as f64),
                    scale * (1.0 + rng.below(8) as f64),
                );
                start[2] = std::array::from_fn(|i| start[1][i] - a * [3.0, -2.0, 0.0][i]);
                start[3] = std::array::from_fn(|i| start[1][i] - b * [6.0, 0.0, -2.0][i]);
                for k in 1..4 {
                    end[k] = std::array::from_fn(|i| start[k][i] + shift[i]);
                }
                let m = scale
                    * 2f64.powi(-(rng.below(20) as i32))
                    * if rng.below(2) == 0 { 1.0 } else { -1.0 };
                o = [2.0 * m, 3.0 * m, 6.0 * m];
                7.0 * m.abs()
            } else {
                sep
            };
            // Positions at `t*` in exact arithmetic.
            let (tq, uq, vq) = (Q::from_f64(t), Q::from_f64(u), Q::from_f64(v));
            let at = |s: [f64; 3], e: [f64; 3]| -> [Q; 3] {
                std::array::from_fn(|i| {
                    let s = Q::from_f64(s[i]);
                    &s + &(&tq * &(&Q::from_f64(e[i]) - &s))
                })
            };
            let x: [[Q; 3]; 4] = std::array::from_fn(|k| at(start[k], end[k]));
            let oq = o.map(Q::from_f64);
            // The free point's position at `t*`: the vertex (vertex–face), edge a's second
            // end (edge–edge).
            let free = usize::from(!vf);
            let y: [Q; 3] = std::array::from_fn(|i| {
                if vf {
                    let face = &(&x[1][i] + &(&uq * &(&x[2][i] - &x[1][i])))
                        + &(&vq * &(&x[3][i] - &x[1][i]));
                    &face + &oq[i]
                } else {
                    // a0 + u·(a1 − a0) − b0 − v·(b1 − b0) = o, with u a power of two.
                    let rest = &(&(&oq[i] - &x[0][i]) + &x[2][i]) + &(&vq * &(&x[3][i] - &x[2][i]));
                    let inv = -(u.log2() as i64);
                    &x[0][i] + &rest.mul_pow2(inv)
                }
            });
            // Written into the free point's start (t* = 0) or end (t* = 2^-k), if exact.
            let mut exact = true;
            for i in 0..3 {
                let value = if t == 0.0 {
                    y[i].clone()
                } else {
                    let s = Q::from_f64(start[free][i]);
                    &s + &(&y[i] - &s).mul_pow2(-(t.log2() as i64))
                };
                let (down, up) = (value.down(), value.up());
                exact &= down == up && down.is_finite();
                if t == 0.0 {
                    start[free][i] = down;
                } else {
                    end[free][i] = down;
                }
            }
            if !exact {
                continue;
            }
            // Check the construction: F(t*, u*, v*) = o exactly.
            let x: [[Q; 3]; 4] = std::array::from_fn(|k| at(start[k], end[k]));
            for i in 0..3 {
                let f = if vf {
                    &(&(&x[0][i] - &x[1][i]) + &(&uq * &(&x[1][i] - &x[2][i])))
                        + &(&vq * &(&x[1][i] - &x[3][i]))
                } else {
                    &(&(&x[0][i] - &x[2][i]) + &(&uq * &(&x[1][i] - &x[0][i])))
                        + &(&vq * &(&x[2][i] - &x[3][i]))
                };
                assert!((&f - &oq[i]).is_zero(), "case {case}: F(z) is not o");
            }
            let v3 = |p: [f64; 3]| Vec3::new(p[0], p[1], p[2]);
            let pairs = if vf {
                vertex_face::PAIRS
            } else {
                edge_edge::PAIRS
            };
            let Some(filter) = Filter::new(&FloatInputs::new(&start.map(v3), &end.map(v3), pairs))
            else {
                continue;
            };
            let z = [t, u, v];
            for _ in 0..8 {
                let width = 2f64.powi(-(rng.below(31) as i32));
                let range: [[f64; 2]; 3] = std::array::from_fn(|k| {
                    let below = match rng.below(3) {
                        0 => 0.0,
                        1 => width,
                        _ => width * sixty_fourths(&mut rng),
                    };
                    let lo = (z[k] - below).clamp(0.0, 1.0 - width);
                    [lo, lo + width]
                });
                let cell = Cell {
                    t: range[0],
                    u: range[1],
                    v: range[2],
                    depth: 0,
                };
                assert!(
                    (0..3).all(|k| range[k][0] <= z[k] && z[k] <= range[k][1]),
                    "case {case}: {z:?} not in {cell:?}"
                );
                assert!(
                    !filter.excludes(&cell, sep),
                    "case {case}: the cell {cell:?} holding the contact z = {z:?} (F(z) = {o:?}, \
                     separation {sep:e}) excluded: {start:?} -> {end:?}"
                );
                cells += 1;
                with_sep += usize::from(sep > 0.0);
            }
        }
        assert!(
            cells > 20_000 && with_sep > 10_000,
            "{cells} cells, {with_sep} with a separation"
        );
    }

    /// The inclusion search alone (no exact stage), capped where rounding makes a motion
    /// degenerate (it would otherwise run to 10^6 boxes and answer `Maybe`).
    fn search_alone() -> crate::ccd::CcdOptions {
        crate::ccd::CcdOptions {
            exact: false,
            max_iterations: 4096,
            ..crate::ccd::CcdOptions::default()
        }
    }

    /// The search's own certain answers on motions in general position (all eight points
    /// uniform in a cube: faces and edges that turn and stretch, so that every term of `F`
    /// matters) agree with the exact stage, which shares no step with it: a `True` has a
    /// contact by `toi.hi()` and none before `toi.lo()`, a `False` none up to `t_max`. (The
    /// crate's adversarial families move by translations, where the terms in `t·u` and
    /// `t·v` vanish; this property is what a mutation of the search's filters meets.)
    #[test]
    fn the_search_agrees_with_the_exact_stage_on_turning_motions() {
        agrees_on_turning_motions(0x6A09_E667_F3BC_C908, |_| 0.0);
    }

    /// As [`the_search_agrees_with_the_exact_stage_on_turning_motions`], with a separation of
    /// 1/64 to 1/4 of the motions' scale (the filter's distance tests, rounding included, and
    /// the exact separation stage as the oracle).
    #[test]
    fn with_a_separation_the_search_agrees_with_the_exact_stage_on_turning_motions() {
        agrees_on_turning_motions(0xBB67_AE85_84CA_A73B, |scale| {
            scale * [1.0 / 64.0, 1.0 / 16.0, 0.25][(scale.to_bits() % 3) as usize]
        });
    }

    /// The search alone against the exact stage on 600 turning motions (see above), with
    /// the separation `sep(scale)` for motions of scale `scale`.
    fn agrees_on_turning_motions(seed: u64, sep: impl Fn(f64) -> f64) {
        use crate::ccd::{edge_edge_ccd, vertex_face_ccd, CcdOptions};
        let mut rng = Rng(seed);
        let (mut certain, mut contacts) = (0, 0);
        for case in 0..600 {
            // Every other case in a cube scaled by 2^-40..2^40 and moved up to 1e12 from the
            // origin, where the rounding of the filter's coefficients is large next to the
            // motion and its error bounds decide.
            let (scale, offset) = if case % 4 < 2 {
                (1.0, 0.0)
            } else {
                let e = rng.below(81) as i32 - 40;
                (2f64.powi(e), [1e4, -1e8, 1e12][rng.below(3) as usize])
            };
            let mut unit = || offset + scale * (rng.below(1 << 32) as f64) / 2f64.powi(32);
            let q: [Vec3<f64>; 8] = std::array::from_fn(|_| Vec3::new(unit(), unit(), unit()));
            let (start, end) = ([q[0], q[1], q[2], q[3]], [q[4], q[5], q[6], q[7]]);
            let search = crate::ccd::CcdOptions {
                min_separation: sep(scale),
                ..search_alone()
            };
            let query = if case % 2 == 0 {
                vertex_face_ccd
            } else {
                edge_edge_ccd
            };
            let exact_by = |t: f64| {
                let o = CcdOptions {
                    t_max: t,
                    max_iterations: 0,
                    min_separation: search.min_separation,
                    ..CcdOptions::default()
                };
                query(start, end, o).map(|h| h.verdict)
            };
            let hit = query(start, end, search).unwrap();
            let ok = match hit.verdict {
                Verdict::True => {
                    contacts += 1;
                    let lo = hit.toi.lo();
                    exact_by(hit.toi.hi().max(f64::MIN_POSITIVE)) == Ok(Verdict::True)
                        && (lo <= 0.0 || exact_by(lo.next_down()) == Ok(Verdict::False))
                }
                Verdict::False => exact_by(1.0) == Ok(Verdict::False),
                Verdict::Maybe => {
                    // No contact before the start of an undecided answer either (the mesh
                    // step skips such a pair past its step on that promise).
                    let lo = hit.toi.lo();
                    let ok = lo <= 0.0 || exact_by(lo.next_down()) == Ok(Verdict::False);
                    assert!(ok, "case {case}: {start:?} -> {end:?}: {hit:?}");
                    continue;
                }
            };
            certain += 1;
            assert!(ok, "case {case}: {start:?} -> {end:?}: {hit:?}");
        }
        assert!(
            certain > 550 && contacts > 50,
            "{certain} certain, {contacts} contacts"
        );
    }

    /// Contacts exactly on the boundary of the parameter domain, where no box around the
    /// zero is certainly inside or outside: a vertex meeting a face's edge or corner, or an
    /// edge's end meeting another edge, at `t` = 0, 1/4, 1/2 or 1, while the face or edge
    /// turns. The search alone never proves a contact that is not there, never rules one out,
    /// and an undecided answer starts no later than the first contact (the mesh step skips
    /// an undecided pair past its step on that promise); the whole query finds the contact.
    /// A search that bisected such a zero down to the tolerance took about 160 boxes on the
    /// thick cloth's case below; it now hands it over within a few dozen.
    #[test]
    fn contacts_on_the_domain_boundary_are_judged_soundly_and_handed_over_early() {
        use crate::ccd::{edge_edge_ccd, vertex_face_ccd, CcdOptions};
        let mut rng = Rng(0x3C6E_F372_FE94_F82B);
        let search = search_alone();
        let (mut undecided, mut proven) = (0, 0);
        for case in 0..800 {
            let point = |rng: &mut Rng| Vec3::new(rng.int(4), rng.int(4), rng.int(4));
            let [p0, p1, p2, q0, q1, q2] = [(); 6].map(|_| point(&mut rng));
            let at = [0.0, 0.25, 0.5, 1.0][rng.below(4) as usize];
            // The contact point: on the edge from corner i to corner j at time `at`, a
            // quarter-multiple of the way (0 and 1: a corner).
            let corners = [p0, p1, p2];
            let ends = [q0, q1, q2];
            let on = |k: usize| corners[k] + (ends[k] - corners[k]) * at;
            let (i, j) = [(0, 1), (1, 2), (2, 0)][rng.below(3) as usize];
            let s = rng.below(5) as f64 / 4.0;
            let x = on(i) + (on(j) - on(i)) * s;
            // The moving point reaches it at `at` (exactly: a power of two divides).
            let v0 = point(&mut rng);
            let (v0, v1) = if at == 0.0 {
                (x, point(&mut rng))
            } else {
                (v0, v0 + (x - v0) * (1.0 / at))
            };
            let vertex = case % 2 == 0;
            let (start, end, query): (_, _, fn(_, _, _) -> _) = if vertex {
                ([v0, p0, p1, p2], [v1, q0, q1, q2], vertex_face_ccd)
            } else {
                let (far0, far1) = (point(&mut rng), point(&mut rng));
                (
                    [v0, far0, corners[i], corners[j]],
                    [v1, far1, ends[i], ends[j]],
                    edge_edge_ccd,
                )
            };
            let exact_by = |t: f64| {
                let o = CcdOptions {
                    t_max: t,
                    max_iterations: 0,
                    ..CcdOptions::default()
                };
                query(start, end, o).map(|h: crate::ccd::CcdHit| h.verdict)
            };
            let hit: crate::ccd::CcdHit = query(start, end, search).unwrap();
            let lo = hit.toi.lo();
            let nothing_before = lo <= 0.0 || exact_by(lo.next_down()) == Ok(Verdict::False);
            let ok = match hit.verdict {
                Verdict::True => {
                    proven += 1;
                    nothing_before
                        && exact_by(hit.toi.hi().max(f64::MIN_POSITIVE)) == Ok(Verdict::True)
                }
                // There is a contact, at `at`.
                Verdict::False => false,
                Verdict::Maybe => {
                    undecided += 1;
                    nothing_before && lo <= at
                }
            };
            assert!(ok, "case {case}: {start:?} -> {end:?}: {hit:?}");
            let full = query(start, end, CcdOptions::default()).unwrap();
            assert!(
                full.verdict == Verdict::True && full.toi.lo() <= at,
                "case {case}: {start:?} -> {end:?}: {full:?}"
            );
        }
        // Both kinds of answer, often.
        assert!(
            undecided > 50 && proven > 200,
            "{undecided} undecided, {proven} proven"
        );

        // The thick cloth's vertex meeting a face's edge (all in the plane x = z).
        let v = |x, y, z| Vec3::new(x, y, z);
        let start = [
            v(-2.5, 4.0, -2.5),
            v(-3.06165, 4.1768, -3.06165),
            v(-0.969882, 4.25448, -3.05788),
            v(-1.0, 4.27051, -1.0),
        ];
        let end = [
            v(-2.5, 4.0, -2.5),
            v(-3.04054, 3.72429, -3.04054),
            v(-0.993911, 3.8141, -3.04009),
            v(-1.01868, 4.25391, -1.01868),
        ];
        let hit = vertex_face_ccd(start, end, search).unwrap();
        assert!(
            hit.verdict == Verdict::Maybe && hit.iterations <= 48,
            "{hit:?}"
        );
        let full = vertex_face_ccd(start, end, CcdOptions::default()).unwrap();
        assert!(
            full.verdict == Verdict::True && full.toi.hi() >= hit.toi.lo(),
            "{full:?}"
        );

        // A vertex falling onto a resting face's edge at t = 1/3: `F` is linear, so the test
        // proves the zero on the edge, in a cell whose neighbour shares it on a face. The
        // search narrows that neighbour until it no longer holds the answer's lower end
        // back, and needs no exact stage (before: a time enclosure wider than the tolerance).
        let face = [v(0.0, 0.0, 0.0), v(4.0, 0.0, 0.0), v(0.0, 4.0, 0.0)];
        let start = [v(1.0, 0.0, 1.0), face[0], face[1], face[2]];
        let end = [v(1.0, 0.0, -2.0), face[0], face[1], face[2]];
        let hit = vertex_face_ccd(start, end, search).unwrap();
        assert_eq!(hit.verdict, Verdict::True);
        assert!(
            hit.toi.width() <= 1e-6 && hit.toi.contains(1.0 / 3.0),
            "{hit:?}"
        );
    }

    /// Contacts at the ends of the motion, at exact ties: a vertex that ends (or starts)
    /// exactly on a corner of a moving face, or an edge that ends on an endpoint of the
    /// other, all at random unit-cube coordinates (so the float filter's coefficients are
    /// rounded). The search alone must never call these motions apart, and the default
    /// (with the exact stage) must find the contact no later than its time. (Written to
    /// catch a float filter that ignores its error bounds; it does not: these contacts are
    /// found at the cells' corners whatever the filter does with the cells around them.)
    #[test]
    fn the_search_keeps_contacts_at_the_ends_of_the_motion() {
        use crate::ccd::{edge_edge_ccd, vertex_face_ccd, CcdOptions};
        let mut rng = Rng(0xBB67_AE85_84CA_A73B);
        let search = search_alone();
        for case in 0..1000 {
            let mut unit = || (rng.below(1 << 32) as f64) / 2f64.powi(32);
            let mut q: [Vec3<f64>; 8] = std::array::from_fn(|_| Vec3::new(unit(), unit(), unit()));
            // The moving primitive's first point meets a point of the other at t = 1 (even
            // cases) or t = 0 (odd), at the other's second or third point.
            let (at_end, other) = (case % 2 == 0, 1 + (case / 2) % 3);
            if at_end {
                q[4] = q[4 + other];
            } else {
                q[0] = q[other];
            }
            let (start, end) = ([q[0], q[1], q[2], q[3]], [q[4], q[5], q[6], q[7]]);
            // Vertex–face: point 0 against the face 1-2-3. Edge–edge: edge 0-1 against 2-3,
            // so the meeting point must be an endpoint of the edge 2-3.
            let edge = case % 5 == 0 && other >= 2;
            let query = if edge { edge_edge_ccd } else { vertex_face_ccd };
            let alone = query(start, end, search).unwrap();
            assert_ne!(
                alone.verdict,
                Verdict::False,
                "case {case}: {start:?} -> {end:?}"
            );
            let full = query(start, end, CcdOptions::default()).unwrap();
            assert_eq!(
                full.verdict,
                Verdict::True,
                "case {case}: {start:?} -> {end:?}"
            );
            let t = if at_end { 1.0 } else { 0.0 };
            assert!(full.toi.lo() <= t, "case {case}: {full:?}");
        }
    }
}
