//! CCD's exact stage with a minimum separation: the first time two moving primitives come
//! within a distance `δ > 0` of each other, decided in exact rational arithmetic on the given
//! floats.
//!
//! # The decision
//! At a fixed time, the distance between two primitives is at most `δ` exactly when some pair
//! of their *features* (a vertex, the inside of an edge, the inside of a face) is, measured
//! along the direction in which the features' affine hulls are closest, and the closest
//! points fall inside the features. Each feature pair is a conjunction of polynomial sign
//! conditions in `t` (degree at most six), with `s = δ²`:
//! - **vertex and vertex**, `x` and `y`: `s - |x - y|² >= 0`;
//! - **vertex and edge**, `p` and `x y`, with `e = y - x`, `w = p - x`, `L = e·e`,
//!   `m = e·w`: `L > 0`, `m >= 0`, `L - m >= 0` (the foot of the perpendicular on the
//!   segment) and `s·L - (|w|²·L - m²) >= 0` (the squared distance to the line is
//!   `|w|² - m²/L`);
//! - **vertex and face** (vertex–face queries), `p` and `a b c`, with
//!   `n = (b - a) × (c - a)`, `N = n·n`, `D = n·(p - a)`: `N > 0`, `s·N - D² >= 0`, and
//!   `((y - x) × (p - x))·n >= 0` for each side `x y` (the foot inside the triangle);
//! - **edge and edge** (edge–edge queries), `p0 p1` and `q0 q1`, with `e1 = p1 - p0`,
//!   `e2 = q1 - q0`, `n = e1 × e2`, `N = n·n`, `w = q0 - p0`, `D = n·w`: `N > 0`,
//!   `s·N - D² >= 0`, and both closest-point parameters `((w × e2)·n)/N` and
//!   `((w × e1)·n)/N` in `[0, 1]`.
//!
//! Each conjunction implies a distance of at most `δ` (its closest points are points of the
//! primitives). Conversely the closest points of two primitives lie in some pair of features,
//! inside them, where the perpendicular conditions hold; where a face or a pair of edges is
//! degenerate (`N = 0`) or an edge has no length (`L = 0`), the closest points are on
//! features of lower dimension, which are listed too.
//!
//! # The first time
//! The set of times with a distance of at most `δ` is closed (the distance is continuous),
//! so it has a first element `t*` (when not empty), which lies in some feature pair's set `S`
//! and is the least element of `S`: it is `0` or a time where a condition of `S` changes sign,
//! a root of one of its polynomials. So each feature pair's candidates (`0`, `t_max` and the
//! roots of its polynomials in between, isolated by Sturm sequences) are tested in order, and
//! the least candidate that passes, over all feature pairs, is `t*`. Every test is the sign
//! of a polynomial at an exact rational or an isolated algebraic time ([`Real::sign_of`]).
//!
//! # Rounded arithmetic first
//! The same decomposition, with the polynomials' coefficients as intervals, usually
//! encloses the first time without a root: [`Separation::first_contact_rounded`] bisects
//! time for each feature pair until the first span on which no condition certainly fails
//! is as narrow as the tolerance (no contact before the least such start), and looks for a
//! point just past it at which every condition of a pair certainly holds (a contact by
//! then). Once a span leaves one condition alone undecided and it is certainly monotone
//! there, the narrow span is placed about its root at once, and proven by the condition's
//! signs at its ends (a third as many looks as bisection on the thick cloth). Where rounding cannot show both (a contact that grazes the separation, several
//! conditions vanishing together), the exact roots decide.

use std::cmp::Ordering;

use surety_intervals::portable::Raw;
use surety_intervals::{Interval, Vec3};

use super::poly::{
    compare_within, f64_bounds, monotone_roots, roots_within, sorted_within, Poly, Real, Q,
};

/// The arithmetic the feature pairs' polynomials are built with: exact ([`Poly`]), or with
/// interval coefficients ([`Rounded`]) for a cheap first look.
pub(super) trait Ring: Clone {
    fn add(&self, other: &Self) -> Self;
    fn sub(&self, other: &Self) -> Self;
    fn mul(&self, other: &Self) -> Self;
}

impl Ring for Poly {
    fn add(&self, other: &Self) -> Self {
        self + other
    }
    fn sub(&self, other: &Self) -> Self {
        self - other
    }
    fn mul(&self, other: &Self) -> Self {
        self * other
    }
}

/// A polynomial in `t` with interval coefficients, each enclosing an exact one (of the
/// query scaled by a power of two, which changes no sign), lowest degree first. Kept in
/// place, not on the heap: the conditions are built from a few hundred products, and an
/// allocation for each was a tenth of the thick cloth's step at `d = 0.002`.
///
/// The coefficients are the portable backend's intervals whatever the build's backend:
/// the same tightest ends as inari's, without a switch of the rounding mode around each
/// operation, which made inari's sums five times and its products a third slower (see
/// BENCHMARKS.md, "The two interval backends"); the look is all sums and products.
#[derive(Clone, Copy, Debug)]
struct Rounded {
    terms: [Raw; TERMS],
    len: usize,
}

/// `x` as the portable backend's interval (the same ends).
#[inline]
fn raw(x: Interval) -> Raw {
    Raw::try_from((x.lo(), x.hi())).unwrap_or(Raw::ENTIRE)
}

/// The sign of every number in `v`, when they share one (`Equal` never).
fn sign_of(v: Raw) -> Option<Ordering> {
    match (v.inf() > 0.0, v.sup() < 0.0) {
        (true, _) => Some(Ordering::Greater),
        (_, true) => Some(Ordering::Less),
        _ => None,
    }
}

/// The point `x` (finite) as an interval.
#[inline]
fn point(x: f64) -> Raw {
    Raw::try_from((x, x)).unwrap_or(Raw::ENTIRE)
}

/// The most coefficients a condition has: degree 6, a face's (or two edges') normal
/// squared times `δ²`, or its product with the distance along it, squared.
const TERMS: usize = 7;

impl Rounded {
    /// The polynomial with the coefficients `c` ([`Rounded::anything`] past [`TERMS`]).
    fn new(c: &[Interval]) -> Self {
        if c.len() > TERMS {
            return Self::anything();
        }
        let mut terms = [point(0.0); TERMS];
        for (t, &x) in terms.iter_mut().zip(c) {
            *t = raw(x);
        }
        Self {
            terms,
            len: c.len(),
        }
    }

    /// An enclosure of every polynomial: the constant `(-∞, ∞)`, whose sign no look shows.
    /// What a product too long to keep would be (none is: see [`TERMS`]), so that such a
    /// product would send the query on to the exact stage, not stop the program.
    fn anything() -> Self {
        let mut out = Self::new(&[]);
        out.terms[0] = Raw::ENTIRE;
        out.len = 1;
        out
    }

    /// The coefficients, lowest degree first.
    fn coefficients(&self) -> &[Raw] {
        &self.terms[..self.len]
    }

    fn zip(&self, other: &Self, f: impl Fn(Raw, Raw) -> Raw) -> Self {
        let mut out = Self::new(&[]);
        out.len = self.len.max(other.len);
        for i in 0..out.len {
            out.terms[i] = f(self.terms[i], other.terms[i]);
        }
        out
    }

    /// The sign on all of `x`, when the enclosure shows it (`Equal` never).
    fn sign_on(&self, x: Interval) -> Option<Ordering> {
        self.sign_of_derivative(0, x)
    }

    /// The sign of the `order`-th derivative in `t` on all of `x`, when an enclosure shows
    /// it (`Equal` never): Horner's scheme on `x`; where that leaves the sign open and the
    /// next derivative's enclosure on `x` has a sign, the function is monotone on `x`, so
    /// its values lie between those at `x`'s ends (each enclosed by Horner's scheme at a
    /// point); otherwise the centred form `f(m) + f'(x)·(x - m)` about a point `m` of `x`
    /// (the mean value theorem), whose excess shrinks with the square of the width. Near an
    /// extremum of `f`, where Horner's enclosure is as wide as the coefficients are large,
    /// the centred form still shows the sign; near a root just past `x`, where both stay
    /// open until `x` is about as narrow as its distance to the root, the ends show it at
    /// once (on a small cloth, pairs of edges that come within the separation just after the
    /// step were proven apart before it in 9 µs each instead of 21).
    fn sign_of_derivative(&self, order: usize, x: Interval) -> Option<Ordering> {
        let (lo, hi) = (x.lo(), x.hi());
        let x = raw(x);
        sign_of(self.horner(order, x)).or_else(|| {
            let slope = self.horner(order + 1, x);
            if sign_of(slope).is_some() {
                // Both ends' signs known: the sign, or a root inside when they differ. (An
                // end too near zero: the centred form may still show it.)
                let ends = [lo, hi].map(|t| sign_of(self.horner(order, point(t))));
                if let [Some(a), Some(b)] = ends {
                    return (a == b).then_some(a);
                }
            }
            // A point of `x` (the clamp keeps it there where halving rounds a subnormal).
            let m = point((0.5 * lo + 0.5 * hi).clamp(lo, hi));
            sign_of(self.horner(order, m) + slope * (x - m))
        })
    }

    /// An enclosure of the `order`-th derivative on `x`: coefficient `i` times the falling
    /// factorial `i (i - 1) … (i - order + 1)` (an exact small integer) and `x^(i - order)`.
    fn horner(&self, order: usize, x: Raw) -> Raw {
        let mut acc = point(0.0);
        for (i, c) in self.coefficients().iter().enumerate().skip(order).rev() {
            let term = if order == 0 {
                *c
            } else {
                let factor = ((i + 1 - order)..=i).map(|j| j as f64).product::<f64>();
                *c * point(factor)
            };
            acc = acc * x + term;
        }
        acc
    }
}

impl Ring for Rounded {
    fn add(&self, other: &Self) -> Self {
        self.zip(other, |a, b| a + b)
    }
    fn sub(&self, other: &Self) -> Self {
        self.zip(other, |a, b| a - b)
    }
    fn mul(&self, other: &Self) -> Self {
        let n = (self.len + other.len).saturating_sub(1);
        if n > TERMS {
            return Self::anything();
        }
        let mut out = Self::new(&[]);
        out.len = n;
        for (i, a) in self.coefficients().iter().enumerate() {
            for (j, b) in other.coefficients().iter().enumerate() {
                out.terms[i + j] = out.terms[i + j] + *a * *b;
            }
        }
        out
    }
}

fn sub<R: Ring>(a: &[R; 3], b: &[R; 3]) -> [R; 3] {
    core::array::from_fn(|i| a[i].sub(&b[i]))
}

pub(super) fn cross<R: Ring>(a: &[R; 3], b: &[R; 3]) -> [R; 3] {
    [
        a[1].mul(&b[2]).sub(&a[2].mul(&b[1])),
        a[2].mul(&b[0]).sub(&a[0].mul(&b[2])),
        a[0].mul(&b[1]).sub(&a[1].mul(&b[0])),
    ]
}

pub(super) fn dot<R: Ring>(a: &[R; 3], b: &[R; 3]) -> R {
    a[0].mul(&b[0]).add(&a[1].mul(&b[1])).add(&a[2].mul(&b[2]))
}

/// The conditions of feature pair `i` (see the module docs; `None` past the last), each a
/// polynomial that must be `>= 0`, or `> 0` when marked `true`; `x` holds the four points
/// as polynomials in `t`, `s` is `δ²`.
fn feature<R: Ring>(x: &[[R; 3]; 4], s: &R, vertex_face: bool, i: usize) -> Option<Vec<(R, bool)>> {
    let vertex_vertex = |p: &[R; 3], q: &[R; 3]| {
        let w = sub(p, q);
        vec![(s.sub(&dot(&w, &w)), false)]
    };
    let vertex_edge = |p: &[R; 3], a: &[R; 3], b: &[R; 3]| {
        let (e, w) = (sub(b, a), sub(p, a));
        let (l, m) = (dot(&e, &e), dot(&e, &w));
        let to_line = dot(&w, &w).mul(&l).sub(&m.mul(&m));
        vec![
            (l.clone(), true),
            (m.clone(), false),
            (l.sub(&m), false),
            (s.mul(&l).sub(&to_line), false),
        ]
    };
    let [a, b, c, d] = x;
    Some(if vertex_face {
        let (p, corners) = (a, [b, c, d]);
        match i {
            0..=2 => vertex_vertex(p, corners[i]),
            3..=5 => vertex_edge(p, corners[i - 3], corners[(i - 2) % 3]),
            6 => {
                let n = cross(&sub(c, b), &sub(d, b));
                let big_n = dot(&n, &n);
                let big_d = dot(&n, &sub(p, b));
                let mut face = vec![
                    (big_n.clone(), true),
                    (s.mul(&big_n).sub(&big_d.mul(&big_d)), false),
                ];
                for k in 0..3 {
                    let (q, r) = (corners[k], corners[(k + 1) % 3]);
                    face.push((dot(&cross(&sub(r, q), &sub(p, q)), &n), false));
                }
                face
            }
            _ => return None,
        }
    } else {
        let (p, q) = ([a, b], [c, d]);
        match i {
            0..=3 => vertex_vertex(p[i / 2], q[i % 2]),
            4 | 5 => vertex_edge(p[i - 4], c, d),
            6 | 7 => vertex_edge(q[i - 6], a, b),
            8 => {
                let (e1, e2, w) = (sub(b, a), sub(d, c), sub(c, a));
                let n = cross(&e1, &e2);
                let big_n = dot(&n, &n);
                let big_d = dot(&n, &w);
                let mut inside = vec![
                    (big_n.clone(), true),
                    (s.mul(&big_n).sub(&big_d.mul(&big_d)), false),
                ];
                for e in [&e2, &e1] {
                    let along = dot(&cross(&w, e), &n);
                    inside.push((big_n.sub(&along), false));
                    inside.push((along, false));
                }
                inside
            }
            _ => return None,
        }
    })
}

/// One condition on a feature pair: a polynomial in `t` that must be `>= 0`, or `> 0` when
/// `strict`.
struct Condition {
    p: Poly,
    strict: bool,
}

/// A CCD query with a positive minimum separation, in exact form.
pub(super) struct Separation {
    vertex_face: bool,
    /// The four points at `t = 0` and `t = 1`, and `δ`: the exact polynomials are made from
    /// them only when [`Separation::first_contact`] needs them (a rounded look that settles
    /// the query never does: a sixth of its cost).
    start: [Vec3<f64>; 4],
    end: [Vec3<f64>; 4],
    delta: f64,
    /// The four points as polynomials in `t`, (scaled) rounded.
    rounded: [[Rounded; 3]; 4],
    /// `δ²`, (scaled) rounded.
    s_rounded: Rounded,
}

impl Separation {
    /// From the positions at `t = 0` and `t = 1` of `[vertex, corner 0, corner 1, corner 2]`
    /// (`vertex_face`) or `[a0, a1, b0, b1]`, and the separation `δ > 0` (all finite).
    pub fn new(
        start: &[Vec3<f64>; 4],
        end: &[Vec3<f64>; 4],
        vertex_face: bool,
        delta: f64,
    ) -> Self {
        // Rounded, everything scaled by a power of two that brings the largest magnitude
        // near one, so that no product of six overflows or underflows needlessly.
        let top = start
            .iter()
            .chain(end)
            .flat_map(|p| p.to_array())
            .chain([delta])
            .map(f64::abs)
            .fold(f64::MIN_POSITIVE, f64::max);
        let scale = Interval::enclose(2f64.powi((-top.log2().ceil() as i32).clamp(-1000, 1000)));
        let r = |x: f64| Interval::enclose(x) * scale;
        let rounded = core::array::from_fn(|i| {
            let (s, e) = (start[i].to_array(), end[i].to_array());
            core::array::from_fn(|k| {
                // A coordinate at rest is a constant: cheaper products.
                if s[k] == e[k] {
                    Rounded::new(&[r(s[k])])
                } else {
                    Rounded::new(&[r(s[k]), r(e[k]) - r(s[k])])
                }
            })
        });
        let rd = r(delta);
        Self {
            vertex_face,
            start: *start,
            end: *end,
            delta,
            rounded,
            s_rounded: Rounded::new(&[rd * rd]),
        }
    }

    /// The four points as exact polynomials in `t`, and `δ²`.
    fn exact(&self) -> ([[Poly; 3]; 4], Poly) {
        let points = core::array::from_fn(|i| {
            let (s, e) = (self.start[i].to_array(), self.end[i].to_array());
            core::array::from_fn(|k| {
                let s0 = Q::from_f64(s[k]);
                let motion = &Q::from_f64(e[k]) - &s0;
                Poly::linear(s0, motion)
            })
        });
        let d = Q::from_f64(self.delta);
        (points, Poly::new(vec![&d * &d]))
    }

    /// The first time in `[0, t_max]` the primitives are within the separation, or `None`
    /// when they never are; `Err` when separating the roots of the polynomials would take
    /// more than [`SEPARATION_WORK`] (see there).
    pub fn first_contact(&self, t_max: f64) -> Result<Option<Real>, Undecided> {
        let mut work = SEPARATION_WORK;
        let end = Q::from_f64(t_max);
        // Pieces of [0, t_max], for a rounded first look at each feature pair.
        let cuts: Vec<Q> = (0..=PIECES)
            .map(|i| (&end * &Q::from_int(i as i64)).mul_pow2(-i64::from(PIECES.ilog2())))
            .collect();
        let span =
            |a: usize, b: usize| Interval::hull_with(f64_bounds(&cuts[a]), f64_bounds(&cuts[b]));
        let (exact, s) = self.exact();
        let mut best: Option<Real> = None;
        for i in 0.. {
            let Some(rounded) = feature(&self.rounded, &self.s_rounded, self.vertex_face, i) else {
                break;
            };
            // Later than the best time so far does not matter.
            let upto = best.as_ref().map_or(PIECES, |b| {
                cuts.partition_point(|c| c < b.bounds().1).min(PIECES)
            });
            // The feature pair holds nowhere before the first piece where no condition
            // certainly fails; when every condition certainly holds all over that piece, its
            // first time is the piece's start.
            let Some(first) = first_piece(&rounded, 0, PIECES, upto, &span) else {
                continue;
            };
            let conditions: Vec<Condition> = feature(&exact, &s, self.vertex_face, i)
                .into_iter()
                .flatten()
                .map(|(p, strict)| Condition { p, strict })
                .collect();
            let start = &cuts[first];
            // Each candidate time with the condition it is a root of (whose sign there is
            // zero, with no need to compute it).
            let mut times = vec![(Real::Exact(start.clone()), None)];
            if look(&rounded, span(first, first + 1)) != Look::Holds {
                let last = upto.max(first + 1);
                times.push((Real::Exact(cuts[last].clone()), None));
                for (k, c) in conditions.iter().enumerate() {
                    let p = &rounded[k].0;
                    let Some((a, b)) = open_pieces(p, first, last, &span) else {
                        continue;
                    };
                    // Monotone pieces first; Sturm's sequence where they leave a doubt.
                    let sign_on = |derivative, x| p.sign_of_derivative(usize::from(derivative), x);
                    let roots = match monotone_roots(&c.p, &cuts[a..=b], sign_on, &mut work) {
                        Some(roots) => roots,
                        None => {
                            roots_within(&c.p, &cuts[a], &cuts[b], &mut work).ok_or(Undecided)?
                        }
                    };
                    times.extend(roots.into_iter().map(|t| (t, Some(k))));
                }
            }
            for (mut t, root_of) in sorted_within(times, &mut work).ok_or(Undecided)? {
                if let Some(b) = best.as_mut() {
                    if compare_within(&mut t, b, &mut work)
                        .ok_or(Undecided)?
                        .is_ge()
                    {
                        break;
                    }
                }
                if holds_at(&conditions, &mut t, root_of, &mut work)? {
                    best = Some(t);
                    break;
                }
            }
        }
        Ok(best)
    }
}

impl Separation {
    /// The first contact in rounded arithmetic alone, where it shows it, given that none
    /// comes before `from` and, when `by` is given, that one certainly comes by then (what
    /// the inclusion search established): `Some(None)` when every feature pair certainly
    /// fails all over `[from, t_max]` (no contact), `Some(Some((lo, hi)))` when none can
    /// hold before `lo` and one certainly holds at `hi` (so the first contact is in
    /// `[lo, hi]`), with `hi - lo` at most `width` and at most `lo·width/4`, as
    /// [`super::exact::enclose`] promises; `None` where rounding cannot tell within
    /// [`ROUNDED_LOOKS`] looks (a contact that grazes the distance, a condition that
    /// vanishes on a whole span, extreme magnitudes), for [`Separation::first_contact`] to
    /// decide.
    ///
    /// Each feature pair's time is bisected on its own ([`first_open`]): the first span of
    /// the required width on which no condition certainly fails, every span before it ruled
    /// out. A contact in general position is where one condition crosses zero while the
    /// others hold with room to spare, so a few spans past that one's start, at a point,
    /// every condition of the pair is certainly positive: that point is a time by which
    /// the distance is within the separation (the module's first half), and no time before
    /// the least start is (its second half).
    pub fn first_contact_rounded(
        &self,
        from: f64,
        by: Option<f64>,
        t_max: f64,
        width: f64,
    ) -> Option<Option<(f64, f64)>> {
        let until = by.map_or(t_max, |b| b.min(t_max));
        if !(0.0 <= from && from <= until) {
            return None;
        }
        let features: Vec<Vec<(Rounded, bool)>> = (0..)
            .map_while(|i| feature(&self.rounded, &self.s_rounded, self.vertex_face, i))
            .collect();
        let holds_at = |conditions: &[(Rounded, bool)], t: f64| {
            let at = Interval::enclose(t);
            conditions
                .iter()
                .all(|(p, _)| p.sign_on(at) == Some(Ordering::Greater))
        };
        // In contact from the start.
        if from == 0.0 && features.iter().any(|f| holds_at(f, 0.0)) {
            return Some(Some((0.0, 0.0)));
        }
        let mut looks = ROUNDED_LOOKS;
        // Each pair's first open span, or none.
        let mut open = Vec::new();
        for (k, f) in features.iter().enumerate() {
            if let Some(span) = first_open(f, from, until, width, &mut looks)? {
                open.push((span, k));
            }
        }
        let Some(lo) = open.iter().map(|&((a, _), _)| a).reduce(f64::min) else {
            // No contact by `t_max`, unless one was certain by then (rounding has then lost
            // its way: the exact stage decides).
            return by.is_none_or(|b| b > t_max).then_some(None);
        };
        // A point a few spans on where a pair certainly holds: the earliest found.
        let mut hi = f64::INFINITY;
        for &((a, b), k) in &open {
            let step = b - a;
            for n in 1..=3 {
                let t = (a + step * f64::from(n)).min(until);
                if t < hi && holds_at(&features[k], t) {
                    hi = t;
                    break;
                }
            }
        }
        // Within the width asked, with room for the rounding of this test.
        let gap = hi - lo;
        (gap <= 0.5 * width && gap <= lo * width * 0.125).then_some(Some((lo, hi)))
    }
}

/// The first span `[a, b]` of `[lo, hi]` on which no condition certainly fails, found by
/// bisection (cut short where [`crossing`] places it) and at most `width` wide and
/// `a·width/16` (or, for a span at `0`, as narrow as floats allow): `Some(None)` when one condition or another certainly fails all over
/// `[lo, hi]`. Every span before the one returned has a condition certainly failing on it.
/// `None` once `looks` run out.
fn first_open(
    conditions: &[(Rounded, bool)],
    lo: f64,
    hi: f64,
    width: f64,
    looks: &mut u32,
) -> Option<Option<(f64, f64)>> {
    *looks = looks.checked_sub(1)?;
    let span = Interval::new(lo, hi).ok()?;
    let narrowest = width.min(lo * width * 0.0625);
    match look(conditions, span) {
        Look::Fails => return Some(None),
        Look::AllBut(k) => {
            if let Some(open) = crossing(&conditions[k].0, lo, hi, width) {
                return Some(Some(open));
            }
        }
        Look::Holds | Look::Unknown => {}
    }
    let mid = 0.5 * lo + 0.5 * hi;
    let narrow = hi - lo <= narrowest;
    if narrow || mid <= lo || mid >= hi {
        return Some(Some((lo, hi)));
    }
    match first_open(conditions, lo, mid, width, looks)? {
        Some(span) => Some(Some(span)),
        None => first_open(conditions, mid, hi, width, looks),
    }
}

/// [`first_open`]'s answer on `[lo, hi]` without bisecting, when every condition but `p`
/// certainly holds all over it and `p` is certainly increasing on it: a span `[a, b]` of
/// `[lo, hi]` at most `width` and `a·width/16` wide with `p` certainly negative at `a` (or
/// `a = lo`) and certainly positive at `b`, `None` where rounding cannot show one.
///
/// Increasing, `p` is at most `p(a) < 0` all over `[lo, a]`, so every span before `a`
/// fails, and no condition fails at `b`. The span is placed about the root of `p`'s
/// midpoint polynomial, found by bisection in floats: rounding only decides whether the
/// span is proven, never what it proves. (A decreasing `p` is left to bisection: `[lo, hi]`
/// starts where the query's `from` is or where a span certainly failed, so no condition
/// is positive at `lo` and a decreasing `p` is nowhere positive on the span.)
fn crossing(p: &Rounded, lo: f64, hi: f64, width: f64) -> Option<(f64, f64)> {
    let sign_at = |t: f64| p.sign_on(Interval::enclose(t));
    let narrow = |a: f64, b: f64| a < b && b - a <= width.min(a * width * 0.0625);
    // (Nothing is narrow enough at 0.)
    let room = width.min(lo * width * 0.0625) * 0.25;
    if room.is_nan() || room <= 0.0 {
        return None;
    }
    if p.sign_of_derivative(1, Interval::new(lo, hi).ok()?)? != Ordering::Greater {
        return None;
    }
    let mut mid = [0.0; TERMS];
    for (m, c) in mid.iter_mut().zip(p.coefficients()) {
        *m = c.mid();
    }
    let mid = &mid[..p.len];
    let at = |t: f64| mid.iter().rev().fold(0.0, |acc, &c| acc * t + c);
    // The root of the increasing midpoint polynomial, bracketed to a small part of the
    // width asked.
    let (mut below, mut above) = (lo, hi);
    while above - below > 0.25 * room {
        let m = 0.5 * below + 0.5 * above;
        if m <= below || m >= above {
            break;
        }
        if at(m) < 0.0 {
            below = m;
        } else {
            above = m;
        }
    }
    let a = (below - room).max(lo);
    let b = (above + room).min(hi);
    let excluded = a == lo || sign_at(a) == Some(Ordering::Less);
    (narrow(a, b) && excluded && sign_at(b) == Some(Ordering::Greater)).then_some((a, b))
}

/// How many spans of time [`Separation::first_contact_rounded`] looks at before it leaves a
/// query to the exact stage: a contact in general position takes about two per halving
/// (about forty from `[0, 1]` to the default tolerance), so this leaves room for several
/// pairs of features to be bisected while bounding the cost of a query rounding cannot
/// decide.
const ROUNDED_LOOKS: u32 = 192;

/// The first of the pieces `lo..hi` (before `upto`) where no condition certainly fails, by
/// bisection: a span where one certainly fails has no such piece.
fn first_piece(
    conditions: &[(Rounded, bool)],
    lo: usize,
    hi: usize,
    upto: usize,
    span: &impl Fn(usize, usize) -> Interval,
) -> Option<usize> {
    if lo >= upto || look(conditions, span(lo, hi)) == Look::Fails {
        return None;
    }
    if hi - lo == 1 {
        return Some(lo);
    }
    let mid = (lo + hi) / 2;
    first_piece(conditions, lo, mid, upto, span)
        .or_else(|| first_piece(conditions, mid, hi, upto, span))
}

/// Where a condition may change sign between the cuts `first` and `last`: `(a, b)` with
/// every root of the condition in that range lying in `[cuts[a], cuts[b]]`, or `None` when
/// it has none there. A piece on which the rounded polynomial has one certain sign holds no
/// root, its ends included (the enclosure is of the closed piece); so a root at the `a`-th
/// cut is at `first` (a candidate time anyway) or after a piece of certain sign (no root
/// there), and the same for `b` and `last`: narrowing the range loses no root that matters.
fn open_pieces(
    p: &Rounded,
    first: usize,
    last: usize,
    span: &impl Fn(usize, usize) -> Interval,
) -> Option<(usize, usize)> {
    let open = |j: usize| p.sign_on(span(j, j + 1)).is_none();
    if p.sign_on(span(first, last)).is_some() {
        return None;
    }
    let a = (first..last).find(|&j| open(j))?;
    let b = (a..last).rev().find(|&j| open(j)).unwrap_or(a) + 1;
    Some((a, b))
}

/// What rounded arithmetic shows of a feature pair on a span of time.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Look {
    /// Some condition certainly fails all over it.
    Fails,
    /// Every condition certainly holds all over it.
    Holds,
    /// Every condition but the `k`-th certainly holds all over it; that one shows no sign.
    AllBut(usize),
    Unknown,
}

fn look(conditions: &[(Rounded, bool)], span: Interval) -> Look {
    let mut open = None;
    let mut several = false;
    for (k, (p, _)) in conditions.iter().enumerate() {
        match p.sign_on(span) {
            Some(Ordering::Less) => return Look::Fails,
            Some(_) => {}
            None => {
                several |= open.is_some();
                open = Some(k);
            }
        }
    }
    match (open, several) {
        (None, _) => Look::Holds,
        (Some(k), false) => Look::AllBut(k),
        (Some(_), true) => Look::Unknown,
    }
}

/// Whether every condition holds at `t`, a root of condition `root_of` when that is known.
fn holds_at(
    conditions: &[Condition],
    t: &mut Real,
    root_of: Option<usize>,
    work: &mut u64,
) -> Result<bool, Undecided> {
    for (k, c) in conditions.iter().enumerate() {
        let sign = if root_of == Some(k) {
            Ordering::Equal
        } else {
            t.sign_within(&c.p, work).ok_or(Undecided)?
        };
        let holds = match sign {
            Ordering::Greater => true,
            Ordering::Equal => !c.strict,
            Ordering::Less => false,
        };
        if !holds {
            return Ok(false);
        }
    }
    Ok(true)
}

/// The separation stage gave up: the roots it had to separate lie too close together for
/// its budget of work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Undecided;

/// The most work (steps of root isolation, weighted by the length of the numbers in 64-bit
/// words) one query's separation stage spends before it gives up and leaves the query
/// `Maybe`. Queries on ordinary coordinates use a few hundred; it runs out only where the
/// times at which the distance crosses `δ` lie within about `2^-500` of each other relative to
/// the motion, which takes coordinates of very different magnitudes in one query (a
/// separation of `1e-300` against a motion of `1e300`, say). There the answer takes seconds
/// in exact arithmetic; the budget keeps it to tens of milliseconds (8–70 ms in a release
/// build on pairs spanning `1e-224` to `1e249`: the charge grows with the numbers' length,
/// their products with its square).
pub const SEPARATION_WORK: u64 = 1 << 16;

/// How many pieces of `[0, t_max]` [`Separation::first_contact`] looks at in rounded
/// arithmetic before it isolates roots (a power of two: the cuts are exact).
const PIECES: usize = 32;

#[cfg(test)]
mod tests {
    use super::super::poly::roots_between;
    use super::*;
    use crate::testing::Rng;

    fn rounded(c: &[f64]) -> Rounded {
        Rounded::new(&c.iter().map(|&x| Interval::enclose(x)).collect::<Vec<_>>())
    }

    fn span(lo: f64, hi: f64) -> Interval {
        Interval::hull_with(Interval::enclose(lo), Interval::enclose(hi))
    }

    /// Hand cases: a zero at an end of the span is no sign (an enclosure whose lower end is
    /// exactly 0 shows none); a derivative's sign; a maximum where Horner's enclosure leaves
    /// the sign open and the centred form shows it: `1 - 1000 (t - 1/2)²` on `[0.49, 0.51]`.
    #[test]
    fn signs_on_a_span_by_hand() {
        let t = rounded(&[0.0, 1.0]);
        assert_eq!(t.sign_on(span(0.0, 1.0)), None);
        assert_eq!(
            t.sign_on(span(f64::from_bits(1), 1.0)),
            Some(Ordering::Greater)
        );
        assert_eq!(rounded(&[0.0, -1.0]).sign_on(span(0.0, 1.0)), None);
        assert_eq!(
            rounded(&[-1.0, -1.0]).sign_on(span(0.0, 1.0)),
            Some(Ordering::Less)
        );
        // t² - t: its derivative 2t - 1 is negative below 1/2, open across it.
        let p = rounded(&[0.0, -1.0, 1.0]);
        assert_eq!(
            p.sign_of_derivative(1, span(0.0, 0.4)),
            Some(Ordering::Less)
        );
        assert_eq!(p.sign_of_derivative(1, span(0.4, 0.6)), None);
        let bump = rounded(&[-249.0, 1000.0, -1000.0]);
        let x = span(0.49, 0.51);
        let horner = bump.horner(0, raw(x));
        assert!(horner.inf() < 0.0 && horner.sup() > 0.0, "{horner:?}");
        assert_eq!(bump.sign_on(x), Some(Ordering::Greater));
        // A root just past the span, `(t - r)(t - 2)²` with `r = 1/2 + 2^-20` on `[1/4, 1/2]`:
        // Horner's enclosure and the centred form both straddle zero, the derivative is
        // positive, and the values at the ends (both negative) show the sign.
        let r = 0.5 + 2f64.powi(-20);
        let near = rounded(&[-4.0 * r, 4.0 + 4.0 * r, -(4.0 + r), 1.0]);
        let (x, m) = (span(0.25, 0.5), point(0.375));
        let horner = near.horner(0, raw(x));
        let centred = near.horner(0, m) + near.horner(1, raw(x)) * (raw(x) - m);
        assert!(horner.inf() < 0.0 && horner.sup() > 0.0, "{horner:?}");
        assert!(centred.inf() < 0.0 && centred.sup() > 0.0, "{centred:?}");
        assert_eq!(near.sign_of_derivative(1, x), Some(Ordering::Greater));
        assert_eq!(near.sign_on(x), Some(Ordering::Less));
        // Past the root, the ends differ: no sign.
        assert_eq!(near.sign_on(span(0.25, 0.75)), None);
    }

    /// With every coordinate moving (the highest degrees), every condition of every feature
    /// pair fits in [`TERMS`] coefficients, each finite, so none is [`Rounded::anything`];
    /// and a product that would not fit is `anything`, whose sign no look shows (the
    /// query then goes on to the exact stage).
    #[test]
    fn conditions_fit_their_coefficients_and_longer_products_show_no_sign() {
        let g = &mut Rng(0x7e57_0007);
        for case in 0..200 {
            let mut point = || Vec3::new(g.int(40) / 8.0, g.int(40) / 8.0, g.int(40) / 8.0);
            let start: [Vec3<f64>; 4] = core::array::from_fn(|_| point());
            // Every coordinate moves (by at least 1/8).
            let end = start.map(|p| p + Vec3::new(0.125, -0.25, 0.375) + point());
            let vertex_face = case % 2 == 0;
            let query = Separation::new(&start, &end, vertex_face, 0.125);
            let (mut features, mut top) = (0, 0);
            while let Some(conditions) =
                feature(&query.rounded, &query.s_rounded, vertex_face, features)
            {
                for (p, _) in &conditions {
                    let c = p.coefficients();
                    assert!(!c.is_empty() && c.len() <= TERMS, "{p:?}");
                    assert!(c.iter().all(|x| x.inf().is_finite() && x.sup().is_finite()));
                    top = top.max(c.len());
                }
                features += 1;
            }
            assert_eq!(features, if vertex_face { 7 } else { 9 });
            assert_eq!(
                top, TERMS,
                "the face's or the edges' distance is of degree 6"
            );
        }
        let cubic = rounded(&[1.0, 2.0, 3.0, 4.0]);
        let quartic = rounded(&[1.0, 1.0, 1.0, 1.0, 1.0]);
        assert_eq!(cubic.mul(&cubic).coefficients().len(), TERMS);
        let long = cubic.mul(&quartic);
        assert_eq!(long.coefficients(), Rounded::anything().coefficients());
        for x in [span(0.0, 1.0), span(0.5, 0.5)] {
            assert_eq!(long.sign_on(x), None);
            assert_eq!(long.sign_of_derivative(1, x), None);
        }
        // `anything` stays anything through sums and products.
        assert_eq!(long.add(&cubic).sign_on(span(0.0, 1.0)), None);
        assert_eq!(long.mul(&cubic).sign_on(span(0.25, 0.5)), None);
    }

    /// Never a sign the polynomial lacks: random polynomials of degree up to 6 with small
    /// integer coefficients, often with roots near the span (products of linear factors
    /// with dyadic roots), spans in `[0, 1]` from wide to a few ulps, the polynomial and
    /// its first two derivatives. Wherever a sign is claimed, the exact value has it at
    /// both ends and at three points inside. And signs are claimed often.
    #[test]
    fn a_sign_on_a_span_is_the_sign_all_over_it() {
        let g = &mut Rng(0x0051_670f_de21);
        let (mut claimed, mut cases) = (0, 0);
        for case in 0..20_000 {
            // (t - r1)(t - r2)… times a constant, roots on a grid of 1/16 in [0, 1].
            let mut c = vec![g.int(3) + if case % 2 == 0 { 0.5 } else { 1.0 }];
            for _ in 0..g.below(6) {
                let r = g.below(17) as f64 / 16.0;
                let mut next = vec![0.0; c.len() + 1];
                for (i, &x) in c.iter().enumerate() {
                    next[i + 1] += x;
                    next[i] -= r * x;
                }
                c = next;
            }
            let a = g.below(1 << 20) as f64 / (1u64 << 20) as f64;
            let width = [0.5, 1e-3, 1e-9, 4.0 * f64::EPSILON][g.below(4) as usize];
            let (lo, hi) = (a, (a + width).min(1.0));
            let order = g.below(3) as usize;
            // The exact derivative by `Poly`'s own, not the enclosure's factorials.
            let p = (0..order).fold(
                Poly::new(c.iter().map(|&x| Q::from_f64(x)).collect()),
                |p, _| p.derivative(),
            );
            cases += 1;
            let Some(s) = rounded(&c).sign_of_derivative(order, span(lo, hi)) else {
                continue;
            };
            claimed += 1;
            for k in 0..=4 {
                let x = lo + (hi - lo) * k as f64 / 4.0;
                let x = x.clamp(lo, hi);
                assert_eq!(
                    p.sign_at(&Q::from_f64(x)),
                    s,
                    "case {case}: {c:?} order {order} at {x}"
                );
            }
        }
        assert!(claimed * 2 > cases, "{claimed} of {cases}");
    }

    /// The shortcut past bisection never misplaces where a condition turns non-negative:
    /// random polynomials of degree 1 to 6 (products of linear factors whose roots lie near
    /// a grid of sixteenths, nudged off it, times a constant of either sign; half of them
    /// with every coefficient known only within a relative margin of `1e-12` or `1e-4`, so
    /// that the midpoint's root is not the family's), spans of `[0,
    /// 1]` from a half to `1e-6` wide, widths asked from `1e-3` to `1e-16` (narrower than
    /// floats near the root can show: no answer). Wherever
    /// [`crossing`] answers `[a, b]`, exactly: the polynomial is negative all over `[lo, a]`
    /// (when `a > lo`: negative at `a`, no root between) and positive at `b`, and the span is
    /// as narrow as asked. And it answers for most polynomials that rise through zero inside
    /// the span, monotone on it.
    #[test]
    fn a_crossing_found_without_bisection_is_where_the_condition_turns() {
        let g = &mut Rng(0x0c20_5511_e9ed);
        let (mut answered, mut rising) = (0, 0);
        let mut work = u64::MAX;
        for case in 0..20_000 {
            let sign = if g.below(2) == 0 { 1.0 } else { -1.0 };
            let mut c = vec![sign * (g.int(3) + 0.5)];
            let mut roots = Vec::new();
            for _ in 0..1 + g.below(6) {
                let r = g.below(17) as f64 / 16.0 + g.signed_unit() * 1e-3;
                roots.push(r);
                let mut next = vec![0.0; c.len() + 1];
                for (i, &x) in c.iter().enumerate() {
                    next[i + 1] += x;
                    next[i] -= r * x;
                }
                c = next;
            }
            // Mostly spans around a root.
            let length = [0.5, 0.01, 1e-4, 1e-6][g.below(4) as usize];
            let lo = if case % 4 == 0 {
                g.below(1 << 20) as f64 / (1u64 << 21) as f64
            } else {
                (roots[0] - length * 0.5 * (1.0 + g.signed_unit())).max(0.0)
            };
            let hi = (lo + length).min(1.0);
            let width = [1e-3, 1e-6, 1e-9, 1e-16][g.below(4) as usize];
            // Coefficients known exactly, or only within a margin (as the query's are, after
            // rounding): for `t >= 0` every polynomial of the family lies between the one of
            // the lower ends and the one of the upper ends.
            let margin = [0.0, 0.0, 1e-12, 1e-4][g.below(4) as usize];
            let family: Vec<Interval> = c
                .iter()
                .map(|&x| {
                    let m = margin * x.abs();
                    Interval::new((x - m).next_down(), (x + m).next_up())
                        .unwrap_or(Interval::enclose(x))
                })
                .collect();
            let exact = |ends: &dyn Fn(&Interval) -> f64| {
                Poly::new(family.iter().map(|x| Q::from_f64(ends(x))).collect())
            };
            let (least, most) = if margin == 0.0 {
                let p = Poly::new(c.iter().map(|&x| Q::from_f64(x)).collect());
                (p.clone(), p)
            } else {
                (exact(&|x| x.lo()), exact(&|x| x.hi()))
            };
            let (qlo, qhi) = (Q::from_f64(lo), Q::from_f64(hi));
            // Rising through zero in the span, monotone on it: the case the shortcut is for.
            let monotone = roots_between(&least.derivative(), &qlo, &qhi).is_empty();
            let rises = monotone
                && margin == 0.0
                && width > 1e-10
                && least.sign_at(&qlo) == Ordering::Less
                && least.sign_at(&qhi) == Ordering::Greater;
            rising += usize::from(rises);
            let given = if margin == 0.0 {
                rounded(&c)
            } else {
                Rounded::new(&family)
            };
            let Some((a, b)) = crossing(&given, lo, hi, width) else {
                continue;
            };
            let what = format!(
                "case {case}: {c:?} (margin {margin}) on [{lo}, {hi}], width {width}: [{a}, {b}]"
            );
            assert!(lo <= a && a < b && b <= hi, "{what}");
            assert!(b - a <= width && b - a <= a * width / 16.0, "{what}");
            // Every polynomial of the family positive at `b`, negative all over `[lo, a]`.
            assert_eq!(least.sign_at(&Q::from_f64(b)), Ordering::Greater, "{what}");
            if a > lo {
                let qa = Q::from_f64(a);
                assert_eq!(most.sign_at(&qa), Ordering::Less, "{what}");
                let roots = roots_within(&most, &qlo, &qa, &mut work).unwrap();
                assert!(roots.is_empty(), "{what}");
                assert_eq!(most.sign_at(&qlo), Ordering::Less, "{what}");
            }
            answered += usize::from(rises);
        }
        // 94 % when written.
        assert!(answered * 20 > rising * 17, "{answered} of {rising}");
    }

    /// The sign at the span's start is proven, not assumed from the root's place: a convex
    /// family `(t - c)² - q`, `q` known within a margin, whose midpoint's root lies a span
    /// and a half past `lo` (so `a > lo`). Its flat left side leaves the start of the span
    /// about the midpoint's root undecided (the family's largest member is positive there)
    /// while the end is certainly positive: no answer. With `q` exact, the same span is
    /// answered.
    #[test]
    fn a_crossing_is_not_answered_where_its_start_is_not_certainly_before() {
        let (lo, hi, width) = (0.5, 0.51, 1e-3f64);
        let room = width.min(lo * width * 0.0625) * 0.25;
        let c = lo - crate::testing::pow2(-40);
        let r = lo + 1.5 * room;
        let q = c * c - (r - c) * (r - c);
        let margin = 3.0 * room * room;
        let quadratic =
            |q: Interval| Rounded::new(&[q, Interval::enclose(-2.0 * c), Interval::enclose(1.0)]);
        let exact = crossing(&quadratic(Interval::enclose(q)), lo, hi, width);
        let (a, b) = exact.expect("answered with exact coefficients");
        assert!(lo < a && a < r && r < b, "{a} {r} {b}");
        let family = Interval::new(q - margin, q + margin).unwrap();
        assert_eq!(crossing(&quadratic(family), lo, hi, width), None);
    }

    /// The rounded look's answers against the exact stage's on the same query (whose roots
    /// it does not compute): whenever it rules every contact out the exact stage finds none,
    /// and whenever it encloses the first contact the exact time lies in the enclosure, as
    /// narrow as promised. Vertex–face and edge–edge queries on a grid of quarters (random
    /// motions, which often pass within the separation; a point falling onto a face's
    /// plane, or an edge onto another, to stop exactly at the separation or to pass through
    /// the plane), separations of a quarter to one, scaled by powers of two from `2^-40` to
    /// `2^40` and moved far from the origin, tolerances `1e-6` and `1e-3`, `t_max` 1 and
    /// 5/8; from the start, and from a bracket like the inclusion search's. It must decide
    /// most queries, and enclose nearly every contact from a bracket.
    #[test]
    fn the_rounded_look_agrees_with_the_exact_first_contact() {
        let g = &mut Rng(0x5ea7_ed0f_f1ce);
        let (mut decided, mut contacts, mut cases, mut enclosed) = ([0; 2], [0; 2], [0; 2], [0; 2]);
        let mut work = SEPARATION_WORK;
        for case in 0..3000 {
            let vertex_face = case % 2 == 0;
            let scale = crate::testing::pow2(g.below(81) as i32 - 40);
            let offset = if case % 5 == 0 {
                scale * 3.0 * 2f64.powi(30)
            } else {
                0.0
            };
            let point = |g: &mut Rng| {
                Vec3::new(g.int(8), g.int(8), g.int(8)) * (0.25 * scale)
                    + Vec3::new(offset, 0.0, -offset)
            };
            let mut start = [(); 4].map(|_| point(g));
            let mut end = [(); 4].map(|_| point(g));
            let sep = [0.25, 0.5, 1.0][g.below(3) as usize] * scale;
            if case % 3 == 0 {
                // The first point (or edge) falls from z = 2 to z = -2 (or just to the
                // separation) over the others, which rest in the plane z = -offset (every
                // coordinate exact).
                let lower = if g.below(2) == 0 { -2.0 * scale } else { sep };
                let first = if vertex_face { 1 } else { 2 };
                for i in 0..4 {
                    start[i].z = -offset;
                    end[i] = start[i];
                    if i < first {
                        start[i].z += 2.0 * scale;
                        end[i].z += lower;
                    }
                }
            }
            let q = Separation::new(&start, &end, vertex_face, sep);
            // The first contact over all of `[0, 1]`, for brackets.
            let Ok(first) = q.first_contact(1.0) else {
                continue;
            };
            for (t_max, tolerance) in [(1.0, 1e-6), (0.625, 1e-3)] {
                let Ok(exact) = q.first_contact(t_max) else {
                    continue;
                };
                let what = format!("case {case}: {start:?} {end:?} {sep} {t_max}");
                // From the start, knowing nothing; then, for a contact, from a bracket as
                // the search hands over: none before the last 64th before it, one by a
                // 32nd later (which may lie past `t_max`, with the contact).
                let mut brackets = vec![(0.0, None)];
                if let Some(t) = &first {
                    // (Within 2^-10 of the contact: the bracket holds it.)
                    let (near, _) = super::super::exact::enclose(t.clone(), 1.0 / 1024.0);
                    let from = (near * 64.0).floor() / 64.0;
                    if from <= t_max {
                        brackets.push((from, Some(from + 1.0 / 32.0)));
                    }
                }
                for (k, (from, by)) in brackets.into_iter().enumerate() {
                    cases[k] += 1;
                    contacts[k] += usize::from(exact.is_some());
                    let until = by.unwrap_or(t_max).min(t_max);
                    let Some(rounded) = q.first_contact_rounded(from, by, t_max, tolerance) else {
                        continue;
                    };
                    decided[k] += 1;
                    match (rounded, exact.clone()) {
                        (None, None) => {}
                        (Some((lo, hi)), Some(mut t)) => {
                            enclosed[k] += 1;
                            let gap = hi - lo;
                            assert!(from <= lo && lo <= hi && hi <= until, "{what}");
                            assert!(gap <= tolerance && gap <= lo * tolerance / 4.0, "{what}");
                            for (end, below) in [(lo, true), (hi, false)] {
                                let mut end = Real::Exact(Q::from_f64(end));
                                let order = compare_within(&mut end, &mut t, &mut work).unwrap();
                                assert!(
                                    order.is_le() == below || order.is_eq(),
                                    "{what}: {lo} {hi}"
                                );
                            }
                        }
                        (r, e) => panic!(
                            "{what}: rounded {r:?}, exact {:?}",
                            e.map(|t| t.bounds().0.down())
                        ),
                    }
                }
            }
        }
        // Most queries decided in rounded arithmetic (96 % when written), most contacts
        // enclosed from the start (94 %; 79 % by bisection alone, before `crossing`), nearly
        // all from a bracket (96 %).
        assert!(decided[0] * 10 > cases[0] * 9, "{decided:?} of {cases:?}");
        assert!(contacts[0] * 4 > cases[0], "{contacts:?} of {cases:?}");
        assert!(
            enclosed[0] * 10 > contacts[0] * 9,
            "{enclosed:?} of {contacts:?}"
        );
        assert!(
            enclosed[1] * 10 > contacts[1] * 9,
            "{enclosed:?} of {contacts:?}"
        );
    }
}
