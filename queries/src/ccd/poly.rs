//! Polynomials in one variable with exact dyadic coefficients, and the real numbers they
//! define (exact dyadics, or a root isolated in a dyadic interval): the arithmetic of CCD's
//! exact stage. Divisions are avoided: remainders are pseudo-remainders (scaled by a power of
//! the divisor's leading coefficient, whose sign is tracked), which keep every root.

use std::cmp::Ordering;
use std::ops::{Add, Mul, Neg, Sub};

use num_traits::{One, ToPrimitive, Zero};
use surety_intervals::{Interval, Ring};

pub(super) use surety_intervals::Dyadic as Q;

use super::gcd;

/// A polynomial `c[0] + c[1]·t + …`, its highest coefficient nonzero (none for zero).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Poly {
    c: Vec<Q>,
}

impl Poly {
    pub fn new(mut c: Vec<Q>) -> Self {
        while c.last().is_some_and(Q::is_zero) {
            c.pop();
        }
        Self { c }
    }

    pub fn zero() -> Self {
        Self { c: Vec::new() }
    }

    /// `a + b·t`.
    pub fn linear(a: Q, b: Q) -> Self {
        Self::new(vec![a, b])
    }

    pub fn is_zero(&self) -> bool {
        self.c.is_empty()
    }

    /// The degree; the zero polynomial counts as a constant.
    pub fn degree(&self) -> usize {
        self.c.len().saturating_sub(1)
    }

    pub fn eval(&self, x: &Q) -> Q {
        self.c
            .iter()
            .rev()
            .fold(Q::zero(), |acc, c| &(&acc * x) + c)
    }

    pub fn sign_at(&self, x: &Q) -> Ordering {
        sign(&self.eval(x))
    }

    pub(super) fn derivative(&self) -> Self {
        Self::new(
            self.c
                .iter()
                .enumerate()
                .skip(1)
                .map(|(i, c)| c * &Q::from_int(i as i64))
                .collect(),
        )
    }

    /// Pseudo-division by `d` (nonzero): `(q, r, positive)` with `c·self = q·d + r`,
    /// `deg r < deg d`, for a constant `c` (a power of `d`'s leading coefficient) that is
    /// positive exactly when `positive` is.
    fn pseudo_div(&self, d: &Self) -> (Self, Self, bool) {
        let Some(lead) = d.c.last() else {
            return (Self::zero(), self.clone(), true);
        };
        let n = d.c.len();
        let mut r = self.c.clone();
        let mut q = vec![Q::zero(); r.len().saturating_sub(n - 1).max(1)];
        let mut positive = true;
        while r.len() >= n {
            let top = r.len() - 1;
            let f = r[top].clone();
            let shift = top + 1 - n;
            // r <- lead·r - f·t^shift·d, q <- lead·q + f·t^shift: the top term cancels.
            for x in r.iter_mut() {
                *x = &*x * lead;
            }
            for x in q.iter_mut() {
                *x = &*x * lead;
            }
            for (j, dc) in d.c.iter().enumerate() {
                r[shift + j] = &r[shift + j] - &(&f * dc);
            }
            q[shift] = &q[shift] + &f;
            positive ^= lead.signum().is_lt();
            r.pop();
            while r.last().is_some_and(Q::is_zero) {
                r.pop();
            }
        }
        (Self::new(q), Self::new(r), positive)
    }

    /// The polynomial divided by the greatest common divisor of its coefficients' odd
    /// mantissas: same roots, same signs, smaller numbers.
    ///
    /// The gcd is Lehmer's ([`gcd::gcd`]), taken over the coefficients from the shortest
    /// up, so that the running divisor is short early and each later step starts with one
    /// division of a long coefficient by it.
    fn primitive(self) -> Self {
        let mut magnitudes: Vec<&num_bigint::BigUint> =
            self.c.iter().map(|c| c.mantissa().magnitude()).collect();
        magnitudes.sort_by_key(|m| m.bits());
        let mut g = num_bigint::BigUint::zero();
        for m in magnitudes {
            g = gcd::gcd(&g, m);
            if g.is_one() {
                return self;
            }
        }
        if g.is_zero() {
            return self;
        }
        let g = num_bigint::BigInt::from(g);
        Self::new(self.c.iter().map(|c| c.div_exact(&g)).collect())
    }

    /// A greatest common divisor, up to a constant factor (zero when both are zero).
    pub fn gcd(&self, other: &Self) -> Self {
        let (mut a, mut b) = (self.clone(), other.clone());
        while !b.is_zero() {
            let r = a.pseudo_div(&b).1.primitive();
            a = b;
            b = r;
        }
        a
    }

    /// The polynomial with the same roots, each simple (nonzero input).
    fn squarefree(&self) -> Self {
        let g = self.gcd(&self.derivative());
        self.pseudo_div(&g).0.primitive()
    }

    /// Sturm's sequence: `p`, `p'`, then the negated remainders.
    fn sturm(&self) -> Vec<Self> {
        self.signed_remainders(self.derivative())
    }

    /// The signed remainder sequence of `self` and `next`: `self`, `next`, then each
    /// remainder of the two before it, negated (each up to a positive factor, which keeps
    /// the signs), up to the last nonzero one.
    fn signed_remainders(&self, next: Self) -> Vec<Self> {
        let mut seq = vec![self.clone(), next];
        loop {
            let n = seq.len();
            if seq[n - 1].is_zero() {
                seq.pop();
                return seq;
            }
            let (_, r, positive) = seq[n - 2].pseudo_div(&seq[n - 1]);
            // Divided by the positive content of its coefficients: the same signs everywhere,
            // and numbers that stay the size of the input's instead of growing with each
            // pseudo-division.
            let r = r.primitive();
            let r = if positive { -&r } else { r };
            seq.push(r);
        }
    }

    /// The length of the coefficients, in 64-bit words (at least one each).
    pub fn words(&self) -> u64 {
        self.c.iter().map(|c| 1 + c.mantissa().bits() / 64).sum()
    }

    /// The coefficients of `self(at + x)` in `x` (Taylor's shift, by repeated synthetic
    /// division), exactly.
    fn shifted(&self, at: &Q) -> Vec<Q> {
        let mut c = self.c.clone();
        for i in 0..c.len() {
            for j in (i..c.len() - 1).rev() {
                let next = &c[j + 1] * at;
                c[j] = &c[j] + &next;
            }
        }
        c
    }

    /// An exponent `k` such that no root of the polynomial other than `at` lies within
    /// `2^k` of `at` (Cauchy's bound on the reversed polynomial of `self(at + x)`: a root
    /// `x ≠ 0` has `|x| >= |c0| / (|c0| + max |ci|)`), or `None` where `at` is a root.
    fn root_gap(&self, at: &Q) -> Option<i64> {
        let shifted;
        let c = if at.is_zero() {
            &self.c
        } else {
            shifted = self.shifted(at);
            &shifted
        };
        let c0 = c.first().filter(|c0| !c0.is_zero())?.magnitude_bound();
        let top = c.iter().map(Q::magnitude_bound).max()?;
        // |c0| >= 2^(c0 - 1) and |c0| + max |ci| < 2^(top + 1).
        Some(c0.saturating_sub(top).saturating_sub(2))
    }

    /// An exponent `s` such that distinct roots of the polynomial (nonzero) are more than
    /// `2^-s` apart: Mahler's bound `sep > √3 · d^(-(d+2)/2) · ‖p‖^(1-d)` (Mahler, "An
    /// inequality for the discriminant of a polynomial", 1964) for the polynomial scaled to
    /// integer coefficients of at most `τ` bits (`‖p‖ <= √(d+1)·2^τ`), rounded up: `s =
    /// d·(τ + log d + 2)`. Stated for squarefree polynomials; for others it bounds nothing,
    /// and its only use, to stop a Newton run, needs none.
    fn separation_bits(&self) -> i64 {
        let d = self.degree() as i64;
        let top = self.c.iter().map(Q::magnitude_bound).max().unwrap_or(0);
        let low = self
            .c
            .iter()
            .filter(|c| !c.is_zero())
            .map(exponent)
            .min()
            .unwrap_or(0);
        let tau = top.saturating_sub(low);
        let log_d = 64 - (d as u64).leading_zeros() as i64;
        d.saturating_mul(tau.saturating_add(log_d + 2))
    }

    /// `self / (t - m)` for a root `m`.
    fn without_root(&self, m: &Q) -> Self {
        self.pseudo_div(&Poly::linear(-m, Q::from_int(1))).0
    }
}

fn sign(x: &Q) -> Ordering {
    x.signum()
}

/// A point near which roots are searched at every scale: zero, and the ends of a range.
struct Anchor {
    at: Q,
    /// No root of the polynomial (other than `at`) within `2^gap` of `at`, when known.
    gap: Option<i64>,
}

impl Anchor {
    fn new(p: &Poly, at: Q) -> Self {
        Self {
            gap: p.root_gap(&at),
            at,
        }
    }

    /// Where `(a, b)`, on one side of the anchor, spans four binades or more of distance
    /// from it: a point at a power-of-two distance halfway in exponent, strictly inside.
    /// A zero distance counts as `2^gap`.
    fn split(&self, a: &Q, b: &Q) -> Option<Q> {
        let (da, db) = (a - &self.at, b - &self.at);
        let below = db.signum().is_le();
        if !below && da.signum().is_lt() {
            return None;
        }
        let (near, far) = if below { (-&db, -&da) } else { (da, db) };
        let far_floor = far.magnitude_bound() - 1; // far >= 2^far_floor
        let near_ceiling = if near.is_zero() {
            self.gap?
        } else {
            near.magnitude_bound() // near < 2^near_ceiling
        };
        let span = far_floor.saturating_sub(near_ceiling);
        if span < 4 {
            return None;
        }
        // near < 2^(near_ceiling + 2) <= 2^k <= 2^(far_floor - 2) < far.
        let k = near_ceiling
            .saturating_add(span / 2)
            .clamp(near_ceiling + 2, far_floor - 2);
        let step = Q::from_int(1).mul_pow2(k);
        Some(if below {
            &self.at - &step
        } else {
            &self.at + &step
        })
    }
}

/// A rational strictly inside `(lo, hi)` at which to split it in search of roots: where the
/// interval spans four binades or more of distance from an anchor (the first that does), the
/// point halfway in exponent; where it holds zero, zero; else the midpoint.
///
/// Mixed magnitudes put roots at such distances: inputs near `1e-144` and `1e145` give a
/// cubic with roots within `2^-2800` of `t = 1`, which halving reaches in 2800 steps on
/// numbers thousands of bits long (a second for one CCD query), and this split in a dozen.
fn split_point(anchors: &[Anchor], lo: &Q, hi: &Q) -> Q {
    if let Some(m) = anchors.iter().find_map(|a| a.split(lo, hi)) {
        return m;
    }
    if lo.signum().is_lt() && hi.signum().is_gt() {
        return Q::zero();
    }
    (lo + hi).half()
}

/// Sign changes along Sturm's sequence at `x`, zeros skipped.
fn variations(seq: &[Poly], x: &Q) -> usize {
    let signs = seq.iter().map(|p| p.sign_at(x)).filter(|s| s.is_ne());
    let mut count = 0;
    let mut last = None;
    for s in signs {
        if last.is_some_and(|l| l != s) {
            count += 1;
        }
        last = Some(s);
    }
    count
}

impl Add for &Poly {
    type Output = Poly;
    fn add(self, o: &Poly) -> Poly {
        let n = self.c.len().max(o.c.len());
        let z = Q::zero();
        Poly::new(
            (0..n)
                .map(|i| self.c.get(i).unwrap_or(&z) + o.c.get(i).unwrap_or(&z))
                .collect(),
        )
    }
}

impl Sub for &Poly {
    type Output = Poly;
    fn sub(self, o: &Poly) -> Poly {
        self + &-o
    }
}

impl Neg for &Poly {
    type Output = Poly;
    fn neg(self) -> Poly {
        Poly::new(self.c.iter().map(|c| -c).collect())
    }
}

impl Mul for &Poly {
    type Output = Poly;
    fn mul(self, o: &Poly) -> Poly {
        if self.is_zero() || o.is_zero() {
            return Poly::zero();
        }
        let mut c = vec![Q::zero(); self.c.len() + o.c.len() - 1];
        for (i, a) in self.c.iter().enumerate() {
            for (j, b) in o.c.iter().enumerate() {
                c[i + j] = &c[i + j] + &(a * b);
            }
        }
        Poly::new(c)
    }
}

/// A real number: an exact rational, or the one root of `p` in the open interval `(lo, hi)`,
/// a simple one, where `p` is nonzero with opposite signs (`p(lo)` has sign `lo_sign`).
#[derive(Clone, Debug)]
pub(super) enum Real {
    Exact(Q),
    Root {
        p: Poly,
        lo: Q,
        hi: Q,
        lo_sign: Ordering,
    },
}

impl Real {
    /// Splits a root's interval at [`split_point`] with zero as the anchor: in half, or
    /// in half by exponent where it spans many binades, so that a root near `2^-1000` is
    /// reached in about ten splits rather than 1000 halvings, and narrowing works to the
    /// root's own scale (a split point that is the root makes it exact).
    pub fn refine(&mut self) {
        if let Real::Root { p, lo, hi, .. } = self {
            // (The bound on roots near zero is wanted only where an end is zero.)
            let zero = [Anchor {
                gap: (lo.is_zero() || hi.is_zero())
                    .then(|| p.root_gap(&Q::zero()))
                    .flatten(),
                at: Q::zero(),
            }];
            let m = split_point(&zero, lo, hi);
            self.split_at(m);
        }
    }

    /// Narrows a root's interval by Abbott's quadratic interval refinement ("Quadratic
    /// Interval Refinement for Real Roots", 2006): the secant through the ends picks one of
    /// `2^bits` equal pieces, and where the root is in it the interval shrinks to it and
    /// `bits` doubles; where it is not, the interval is split as by [`Real::refine`] and
    /// `bits` halves (at least 2). Near a simple root the secant is right each time, so
    /// the width squares at each step where halving gains one bit: two roots of different
    /// polynomials `2^-3000` apart separate in a dozen steps instead of 3000.
    pub fn refine_quadratic(&mut self, bits: &mut u32) {
        let Real::Root { p, lo, hi, lo_sign } = self else {
            return;
        };
        let (at_lo, at_hi) = (p.eval(lo), p.eval(hi));
        // The secant's zero at lo + f·(hi - lo), f = |p(lo)| / (|p(lo)| + |p(hi)|) in (0, 1).
        let (a, b) = (at_lo.abs(), at_hi.abs());
        let piece = floor_times_pow2(&a, &(&a + &b), *bits);
        let width = (&*hi - &*lo).mul_pow2(-i64::from(*bits));
        let left = &*lo + &(&width * &Q::new(piece, 0));
        let right = &left + &width;
        let (sl, sr) = (p.sign_at(&left), p.sign_at(&right));
        if sl.is_eq() {
            *self = Real::Exact(left);
        } else if sr.is_eq() {
            *self = Real::Exact(right);
        } else if sl == *lo_sign && sr != *lo_sign {
            (*lo, *hi) = (left, right);
            *bits = (*bits * 2).min(1 << 16);
        } else {
            *bits = (*bits / 2).max(2);
            self.refine();
        }
    }

    /// Splits a root's interval at `m`, strictly inside it (a split point that is the root
    /// makes it exact).
    fn split_at(&mut self, m: Q) {
        if let Real::Root { p, lo, hi, lo_sign } = self {
            debug_assert!(*lo < m && m < *hi);
            match p.sign_at(&m) {
                Ordering::Equal => *self = Real::Exact(m),
                s if s == *lo_sign => *lo = m,
                _ => *hi = m,
            }
        }
    }

    /// Rational bounds `lo <= x <= hi`.
    pub fn bounds(&self) -> (&Q, &Q) {
        match self {
            Real::Exact(x) => (x, x),
            Real::Root { lo, hi, .. } => (lo, hi),
        }
    }

    /// The sign of `q` at this number, exactly.
    ///
    /// At a root `x` of `p` in `(lo, hi)`: first a float filter (an outward-rounded
    /// enclosure of `q` on the interval, narrowed a few times); then an exact enclosure
    /// ([`taylor_sign_on`]) on the interval narrowed by quadratic interval refinement, by up
    /// to [`QUADRATIC_BITS`] (where the numbers are thousands of bits long, it decides most
    /// signs for a fraction of the count's cost); then, exactly, `q` is reduced
    /// modulo `p` to `r` (`c·q = m·p + r`, so `q(x)` has the sign of `c·r(x)`), and
    /// Sylvester's theorem (Basu, Pollack, Roy, *Algorithms in Real Algebraic Geometry*,
    /// Theorem 2.58) gives that sign with no further narrowing: the sign changes of the signed
    /// remainder sequence of `p` and `p'·r` lost from `lo` to `hi` count the roots of `p` in
    /// `(lo, hi)` where `r > 0`, less those where `r < 0`, and `x` is the only one. (Before,
    /// narrowing until an exact enclosure of `q` had one sign took thousands of halvings where
    /// `q`'s root lay within `2^-4000` of `x`.)
    pub fn sign_of(&mut self, q: &Poly) -> Ordering {
        let mut unlimited = u64::MAX;
        self.sign_within(q, &mut unlimited)
            .unwrap_or_else(|| unreachable!("an unlimited budget never runs out"))
    }

    /// [`Real::sign_of`] within a budget of work, or `None` once `work` runs out: the exact
    /// count costs the length of the numbers of the two polynomials it starts from, in 64-bit
    /// words (its remainders grow with them).
    pub fn sign_within(&mut self, q: &Poly, work: &mut u64) -> Option<Ordering> {
        if q.degree() == 0 {
            return Some(q.c.first().map_or(Ordering::Equal, sign));
        }
        let (r, positive, filter) = match self {
            Real::Exact(x) => return Some(q.sign_at(x)),
            Real::Root { p, lo, hi, .. } => {
                let filter = FloatFilter::new(q);
                if let Some(s) = filter.sign(lo, hi) {
                    return Some(s);
                }
                let (_, r, positive) = q.pseudo_div(p);
                (r, positive, filter)
            }
        };
        let flip = |s: Ordering| if positive { s } else { s.reverse() };
        if r.degree() == 0 {
            return Some(flip(r.c.first().map_or(Ordering::Equal, sign)));
        }
        for _ in 0..FILTER_HALVINGS {
            self.refine();
            match self {
                Real::Exact(x) => return Some(q.sign_at(x)),
                Real::Root { lo, hi, .. } => {
                    if let Some(s) = filter.sign(lo, hi) {
                        return Some(s);
                    }
                    // Narrower than the filter's precision at this scale: halving further
                    // leaves its rounded ends where they are.
                    let scale = lo.magnitude_bound().max(hi.magnitude_bound());
                    if (&*hi - &*lo).magnitude_bound()
                        < scale.saturating_sub(FILTER_BITS as i64 + 2)
                    {
                        break;
                    }
                }
            }
        }
        // Narrowed fast, the interval may show q's sign by an exact enclosure where the
        // rounded ones could not. By QUADRATIC_BITS at most: where q vanishes at the root (or
        // nearly), no enclosure shows a sign, and the numbers would only grow.
        let mut bits = 16;
        let mut start = None;
        for _ in 0..QUADRATIC_STEPS {
            if let Real::Root { p, lo, hi, .. } = self {
                let width = (&*hi - &*lo).magnitude_bound();
                let start = *start.get_or_insert(width);
                if start.saturating_sub(width) > QUADRATIC_BITS {
                    break;
                }
                *work = work.checked_sub(p.words())?;
                if let Some(s) = taylor_sign_on(q, lo, hi) {
                    return Some(s);
                }
            }
            self.refine_quadratic(&mut bits);
            bits = bits.min(QUADRATIC_BITS as u32 / 2);
            if let Real::Exact(x) = self {
                return Some(q.sign_at(x));
            }
        }
        let Real::Root { p, lo, hi, .. } = self else {
            unreachable!("an exact number returned above");
        };
        *work = work.checked_sub(p.words() * r.words())?;
        Some(flip(counted_sign(p, lo, hi, &r)))
    }
}

/// The sign of `r` at the one root of `p` in `(lo, hi)`, by Sylvester's count (see
/// [`Real::sign_of`]): no rounding and no narrowing.
fn counted_sign(p: &Poly, lo: &Q, hi: &Q, r: &Poly) -> Ordering {
    let (_, s1, c) = (&p.derivative() * r).pseudo_div(p);
    let s1 = if c { s1 } else { -&s1 };
    let seq = p.signed_remainders(s1);
    variations(&seq, lo).cmp(&variations(&seq, hi))
}

/// How many steps of quadratic interval refinement [`Real::sign_of`] takes, each followed by
/// an exact enclosure, before it turns to the exact count, and how many bits it narrows the
/// root's interval by at most.
const QUADRATIC_STEPS: usize = 14;
const QUADRATIC_BITS: i64 = 2048;

/// The sign of `q` on all of `[lo, hi]` when an exact enclosure shows it: `q(m + e)` is
/// `Σ c_k·e^k` for the Taylor coefficients `c_k` at the midpoint `m`, so with `|e| <= w`
/// (the half width) `|q - c_0| <= Σ_{k>=1} |c_k|·w^k`, computed in dyadics with no rounding.
fn taylor_sign_on(q: &Poly, lo: &Q, hi: &Q) -> Option<Ordering> {
    let m = (lo + hi).half();
    let w = (hi - lo).half();
    let c = q.shifted(&m);
    let (first, rest) = c.split_first()?;
    let mut power = Q::from_int(1);
    let mut bound = Q::zero();
    for ck in rest {
        power = &power * &w;
        bound = &bound + &(&ck.clone().abs() * &power);
    }
    (first.clone().abs() > bound).then(|| first.signum())
}

/// How many times [`Real::sign_of`] halves a root's interval for its float filter before it
/// turns to the exact count.
const FILTER_HALVINGS: usize = 24;

/// The sign of `q` on all of `[lo, hi]`, when an enclosure in rounded arithmetic shows it:
/// Horner's scheme in outward-rounded `f64` interval arithmetic on `q` scaled by a power of
/// two (its largest coefficient near one, and `[lo, hi]` within `[0, 1]`, so nothing
/// overflows), then, if that is undecided, on dyadics rounded outward to [`FILTER_BITS`]
/// significant bits, where no exponent underflows. The coefficients are rounded once, when
/// the filter is made, not at every narrowing of the interval.
struct FloatFilter {
    /// Per coefficient, highest first: its `f64` enclosure and its `FILTER_BITS` bounds.
    coefficients: Vec<(Interval, Q, Q)>,
}

impl FloatFilter {
    fn new(q: &Poly) -> Self {
        let top = q.c.iter().map(Q::magnitude_bound).max().unwrap_or(0);
        let coefficients =
            q.c.iter()
                .rev()
                .map(|c| {
                    let c = c.mul_pow2(-top);
                    (
                        f64_bounds(&c),
                        c.round_down(FILTER_BITS),
                        c.round_up(FILTER_BITS),
                    )
                })
                .collect();
        Self { coefficients }
    }

    fn sign(&self, lo: &Q, hi: &Q) -> Option<Ordering> {
        let x = Interval::hull_with(f64_bounds(lo), f64_bounds(hi));
        let mut acc = Interval::<f64>::enclose(0.0);
        for (c, _, _) in &self.coefficients {
            acc = acc * x + *c;
        }
        if let Some(s) = strict_sign(acc.lo() > 0.0, acc.hi() < 0.0) {
            return Some(s);
        }
        let down = |x: &Q| x.round_down(FILTER_BITS);
        let up = |x: &Q| x.round_up(FILTER_BITS);
        let (xl, xh) = (down(lo), up(hi));
        let (mut al, mut ah) = (Q::zero(), Q::zero());
        for (_, cl, ch) in &self.coefficients {
            let p = [&al * &xl, &al * &xh, &ah * &xl, &ah * &xh];
            let (min, max) = p
                .iter()
                .fold((&p[0], &p[0]), |(mn, mx), v| (mn.min(v), mx.max(v)));
            al = down(&(&down(min) + cl));
            ah = up(&(&up(max) + ch));
        }
        strict_sign(al.signum().is_gt(), ah.signum().is_lt())
    }
}

fn strict_sign(positive: bool, negative: bool) -> Option<Ordering> {
    match (positive, negative) {
        (true, _) => Some(Ordering::Greater),
        (_, true) => Some(Ordering::Less),
        _ => None,
    }
}

/// An `f64` interval around a dyadic `x`: a point when `x` is a double of at most 53 bits
/// in the normal range; otherwise from the top 64 bits of its mantissa, one ulp outward.
/// Magnitudes below `2^-900` or above `2^1000` get the loose ends `[0, 2^-900]` or
/// `[2^999, inf]` (signed), so every scaling below is exact.
pub(super) fn f64_bounds(x: &Q) -> Interval {
    let m = x.mantissa();
    let bits = m.bits();
    if bits == 0 {
        return Interval::enclose(0.0);
    }
    let pow2 = |e: i64| f64::from_bits(((e + 1023) as u64) << 52); // normal e only
                                                                   // 2^(k-1) <= |x| < 2^k.
    let k = x.magnitude_bound();
    let (lo, hi) = if k < -900 {
        (0.0, pow2(-900))
    } else if k > 1000 {
        (pow2(999), f64::INFINITY)
    } else {
        // |x| = |m|·2^(k - bits), and |m| lies in [t, t + 1]·2^shift.
        let shift = bits.saturating_sub(64);
        let t = (m.magnitude() >> shift).to_u64().unwrap_or(u64::MAX);
        let scale = pow2(k - bits as i64 + shift as i64);
        let f = t as f64;
        if bits <= 53 {
            (f * scale, f * scale)
        } else {
            // With no shift f is t rounded; with one, t >= 2^63, so an ulp of f (2^11)
            // covers both the rounding of t and the + 1.
            (f.next_down() * scale, f.next_up() * scale)
        }
    };
    let (lo, hi) = if m.sign() == num_bigint::Sign::Minus {
        (-hi, -lo)
    } else {
        (lo, hi)
    };
    super::inclusion::iv(lo, hi)
}

/// The precision of [`Real::sign_of`]'s second filter.
const FILTER_BITS: u64 = 64;

/// How the rational `r` compares with a root.
fn cmp_rational(r: &Q, root: &Real) -> Ordering {
    match root {
        Real::Exact(x) => r.cmp(x),
        Real::Root { p, lo, hi, lo_sign } => {
            if r <= lo {
                Ordering::Less
            } else if r >= hi {
                Ordering::Greater
            } else {
                match p.sign_at(r) {
                    Ordering::Equal => Ordering::Equal,
                    s if s == *lo_sign => Ordering::Less,
                    _ => Ordering::Greater,
                }
            }
        }
    }
}

/// Compares two real numbers exactly: where `a` lies inside `b`'s interval, the sign of
/// `b`'s polynomial at `a` tells on which side of `b` it is (that polynomial has one simple
/// root there, `b`).
#[cfg(test)]
pub(super) fn compare(a: &mut Real, b: &mut Real) -> Ordering {
    let mut unlimited = u64::MAX;
    compare_within(a, b, &mut unlimited)
        .unwrap_or_else(|| unreachable!("an unlimited budget never runs out"))
}

/// `compare` within a budget of work (see [`Real::sign_within`]).
pub(super) fn compare_within(a: &mut Real, b: &mut Real, work: &mut u64) -> Option<Ordering> {
    if let Real::Exact(x) = &*a {
        return Some(cmp_rational(x, b));
    }
    match &*b {
        Real::Exact(y) => Some(cmp_rational(y, a).reverse()),
        Real::Root { p, lo, hi, lo_sign } => {
            if cmp_rational(lo, a).is_ge() {
                return Some(Ordering::Less);
            }
            if cmp_rational(hi, a).is_le() {
                return Some(Ordering::Greater);
            }
            Some(match a.sign_within(p, work)? {
                Ordering::Equal => Ordering::Equal,
                s if s == *lo_sign => Ordering::Less,
                _ => Ordering::Greater,
            })
        }
    }
}

/// Sorts times exactly, each with its tag, within a budget of work (`None` past it); of
/// equal times the first is kept.
pub(super) fn sorted_within<T>(v: Vec<(Real, T)>, work: &mut u64) -> Option<Vec<(Real, T)>> {
    let mut out: Vec<(Real, T)> = Vec::with_capacity(v.len());
    for (mut x, tag) in v {
        // Insert keeping order, unless equal to one already there.
        let mut at = out.len();
        let mut duplicate = false;
        for (i, (y, _)) in out.iter_mut().enumerate() {
            match compare_within(&mut x, y, work)? {
                Ordering::Less => {
                    at = i;
                    break;
                }
                Ordering::Equal => {
                    duplicate = true;
                    break;
                }
                Ordering::Greater => {}
            }
        }
        if !duplicate {
            out.insert(at, (x, tag));
        }
    }
    Some(out)
}

/// A rational strictly between `a < b`: an end of one's interval that lies beyond the other,
/// narrowing the two until there is one.
pub(super) fn between(a: &mut Real, b: &mut Real) -> Q {
    let (mut a_bits, mut b_bits) = (2, 2);
    loop {
        if let (Real::Exact(x), Real::Exact(y)) = (&*a, &*b) {
            return (x + y).half();
        }
        if let Real::Root { hi, .. } = &*a {
            if cmp_rational(hi, b).is_lt() {
                return hi.clone();
            }
        }
        if let Real::Root { lo, .. } = &*b {
            if cmp_rational(lo, a).is_gt() {
                return lo.clone();
            }
        }
        a.refine_quadratic(&mut a_bits);
        b.refine_quadratic(&mut b_bits);
    }
}

/// The distinct real roots of `p` (nonzero) in the open interval `(lo, hi)`, unsorted.
pub(super) fn roots_between(p: &Poly, lo: &Q, hi: &Q) -> Vec<Real> {
    let mut unlimited = u64::MAX;
    roots_within(p, lo, hi, &mut unlimited).unwrap_or_default()
}

/// [`roots_between`] within a budget of work, or `None` once `work` runs out. Each step of
/// the bisection costs the size of Sturm's sequence in 64-bit words: roots that lie within
/// `2^-k` of each other take about `k` steps to separate, on numbers as long as the
/// coefficients, so the budget bounds the time the closest roots can take.
pub(super) fn roots_within(p: &Poly, lo: &Q, hi: &Q, work: &mut u64) -> Option<Vec<Real>> {
    if p.is_zero() || p.degree() == 0 {
        return Some(Vec::new());
    }
    let mut p = p.squarefree();
    // Divide out roots at the ends, so that p is nonzero there.
    for end in [lo, hi] {
        if p.sign_at(end).is_eq() {
            p = p.without_root(end);
        }
    }
    let size = |seq: &[Poly]| -> u64 { seq.iter().map(Poly::words).sum() };
    let anchors_of = |p: &Poly| [Q::zero(), lo.clone(), hi.clone()].map(|at| Anchor::new(p, at));
    let mut out = Vec::new();
    let mut seq = p.sturm();
    let mut cost = size(&seq);
    let mut anchors = anchors_of(&p);
    let mut newton_failures = 0;
    let mut stack = vec![(lo.clone(), hi.clone())];
    while let Some((a, b)) = stack.pop() {
        *work = work.checked_sub(cost)?;
        // Sturm: the number of distinct roots in (a, b], and p(b) != 0.
        let n = variations(&seq, &a).saturating_sub(variations(&seq, &b));
        match n {
            0 => {}
            1 => out.push(scaled(
                Real::Root {
                    lo_sign: p.sign_at(&a),
                    p: p.clone(),
                    lo: a,
                    hi: b,
                },
                &anchors,
            )),
            _ => {
                let mut m = split_point(&anchors, &a, &b);
                let mut at_m = p.sign_at(&m);
                if n == 2 && newton_failures < NEWTON_FAILURES {
                    let outside = p.sign_at(&a);
                    if at_m == outside {
                        // Both roots on one side of m, or a cluster m does not split.
                        match cluster_split(&p, &a, &b, outside, work, cost) {
                            Some((x, at_x)) => (m, at_m) = (x, at_x),
                            None => newton_failures += 1,
                        }
                    }
                }
                if at_m.is_eq() {
                    // A rational root: record it and divide it out.
                    p = p.without_root(&m);
                    seq = p.sturm();
                    cost = size(&seq);
                    anchors = anchors_of(&p);
                    out.push(Real::Exact(m.clone()));
                }
                stack.push((a, m.clone()));
                stack.push((m, b));
            }
        }
    }
    Some(out)
}

/// How many times [`roots_within`] lets [`cluster_split`] fail before it only halves.
const NEWTON_FAILURES: u32 = 16;

/// How far below the interval's width [`cluster_split`] follows a Newton run, in bits: a
/// pair of roots closer than that is left to halving, so that a run converging on a turning
/// point that `p` does not cross stops before its numbers grow long.
const NEWTON_BITS: i64 = 8192;

/// How many Newton steps [`cluster_split`] takes at most from each start.
const NEWTON_STEPS: usize = 40;

/// A point strictly inside `(a, b)` where `p` is zero or has the sign opposite to its sign
/// `outside` at `a`, and `p`'s sign there, when `(a, b)` holds two roots (`p` has one sign
/// at both ends): the two lie on either side of it. Halving takes one step per bit of the
/// roots' distance (two roots `2^-2900` apart, as mixed magnitudes such as `1e-144` and
/// `1e145` make them, took 2900 steps on numbers thousands of bits long: a second for one
/// CCD query); Newton's method takes a dozen:
/// - from each end, the step for a double root, `x - 2·p/p'`, which converges quadratically
///   to the centre of a pair of close roots (and from beside a lone simple root, reflects
///   across it);
/// - from the midpoint, Newton's method on `p'`, which converges quadratically to a turning
///   point, such as the one between two close roots.
///
/// `None` where every run leaves the interval, stops shrinking, converges without a sign
/// change closer than the roots' separation or than [`NEWTON_BITS`] below the interval's
/// width, or ends, or where `work` runs out (each step costs `cost`, as a step of Sturm's
/// bisection): the caller halves then. Each Newton quotient is truncated (to 64 bits plus
/// twice those the steps have settled): only the sign of `p` at the point found is exact,
/// and it is all the caller uses.
fn cluster_split(
    p: &Poly,
    a: &Q,
    b: &Q,
    outside: Ordering,
    work: &mut u64,
    cost: u64,
) -> Option<(Q, Ordering)> {
    let first = p.derivative();
    let second = first.derivative();
    let width = (b - a).magnitude_bound();
    let apart = p.separation_bits();
    let starts = [
        (a.clone(), true),
        (b.clone(), true),
        ((a + b).half(), false),
    ];
    let found = starts.into_iter().find_map(|(mut x, double)| {
        let mut last: Option<Q> = None;
        for _ in 0..NEWTON_STEPS {
            *work = work.checked_sub(cost)?;
            let (v, d1) = (p.eval(&x), first.eval(&x));
            // Twice the bits the last step settled (a quotient of fixed precision would
            // gain that precision per step, not double the bits), up to the roots'
            // separation (finer is of no use) and NEWTON_BITS (closer pairs are halved).
            let settled = last
                .as_ref()
                .map_or(0, |l| width.saturating_sub(l.magnitude_bound()));
            let bits = 64 + 2 * settled.clamp(0, apart.min(NEWTON_BITS)) as u64;
            let step = if double {
                quotient(&v.mul_pow2(1), &d1, bits)
            } else {
                quotient(&d1, &second.eval(&x), bits)
            }?;
            let size = step.clone().abs();
            // A step below the roots' separation, or NEWTON_BITS below the interval, has
            // converged where `p` keeps its sign.
            if step.is_zero()
                || last.as_ref().is_some_and(|l| size > *l)
                || size.magnitude_bound() < -apart
                || width.saturating_sub(size.magnitude_bound()) > NEWTON_BITS
            {
                return None;
            }
            x = &x - &step;
            if x <= *a || x >= *b {
                return None;
            }
            let at_x = p.sign_at(&x);
            if at_x != outside {
                return Some((x, at_x));
            }
            last = Some(size);
        }
        None
    });
    found
}

/// The exponent `e` of a nonzero dyadic `m·2^e` (`m` its odd mantissa).
fn exponent(x: &Q) -> i64 {
    x.magnitude_bound() - x.mantissa().bits() as i64
}

/// `floor(n / d · 2^k)` for `0 <= n < d`: a whole number below `2^k`.
fn floor_times_pow2(n: &Q, d: &Q, k: u32) -> num_bigint::BigInt {
    let (nm, dm) = (n.mantissa(), d.mantissa());
    // n/d·2^k = nm·2^(e(n) - e(d) + k) / dm.
    let shift = exponent(n) - exponent(d) + i64::from(k);
    let q = if shift >= 0 {
        (nm << shift.unsigned_abs()) / dm
    } else {
        nm / (dm << shift.unsigned_abs())
    };
    let top = (num_bigint::BigInt::from(1) << k) - 1;
    q.clamp(num_bigint::BigInt::zero(), top)
}

/// `n / d` truncated to about `bits` significant bits (`None` for `d = 0`).
fn quotient(n: &Q, d: &Q, bits: u64) -> Option<Q> {
    if d.is_zero() {
        return None;
    }
    if n.is_zero() {
        return Some(Q::zero());
    }
    let (nm, dm) = (n.mantissa(), d.mantissa());
    // Shift n's mantissa so the integer quotient has at least `bits` bits.
    let shift = (bits + dm.bits()).saturating_sub(nm.bits());
    let q = (nm << shift) / dm;
    Some(Q::new(q, exponent(n) - exponent(d) - shift as i64))
}

/// A root's interval narrowed until it spans fewer than four binades of distance from each
/// anchor, so that later halvings (to sort it, or to take a sign at it) work at its own scale.
/// A few evaluations of its polynomial, no Sturm sequence.
fn scaled(mut x: Real, anchors: &[Anchor]) -> Real {
    while let Real::Root { lo, hi, .. } = &x {
        let Some(m) = anchors.iter().find_map(|a| a.split(lo, hi)) else {
            break;
        };
        x.split_at(m);
    }
    x
}

/// How many times [`monotone_roots`] halves a piece on which neither `p` nor `p'` shows a
/// sign before it leaves the polynomial to Sturm's sequence.
const MONOTONE_HALVINGS: u32 = 6;

/// The roots of `p` strictly between `cuts[0]` and the last cut, as [`roots_within`] finds
/// them, but without a Sturm sequence where rounded arithmetic shows `p` monotone; `None`
/// where it does not (a double root, or two roots close together: the caller counts with
/// Sturm's sequence then), or when `work` runs out. `sign_on(derivative, span)` is the sign
/// of `p` (or of `p'` when `derivative`) on all of the closed `span`, when an enclosure shows
/// it, for `p` up to a positive factor.
///
/// Between two consecutive cuts, and on halves of such a piece:
/// - where `p` has one sign, there is no root, the ends included;
/// - where `p'` has one sign, `p` is strictly monotone: a root strictly inside exactly when
///   the exact signs at the ends are opposite, and then the only one there, and simple (a
///   [`Real::Root`] of `p`); an end where `p` is zero is a rational root (recorded by the
///   piece that starts there, unless it is the first cut; the last cut is not inside);
/// - otherwise the piece is halved, at most [`MONOTONE_HALVINGS`] times.
///
/// Every point of the range lies in some piece, so no root is missed. The exact work is a
/// few evaluations of `p` at short dyadics, where Sturm's sequence of a degree-six condition
/// on ordinary coordinates costs hundreds of microseconds (its remainders grow to thousands
/// of bits).
pub(super) fn monotone_roots(
    p: &Poly,
    cuts: &[Q],
    sign_on: impl Fn(bool, Interval) -> Option<Ordering>,
    work: &mut u64,
) -> Option<Vec<Real>> {
    let first = cuts.first()?;
    let mut pieces: Vec<(Q, Q, u32)> = cuts
        .windows(2)
        .rev()
        .map(|w| (w[0].clone(), w[1].clone(), 0))
        .collect();
    let mut out = Vec::new();
    let mut reduced: Option<Poly> = None;
    while let Some((a, b, halvings)) = pieces.pop() {
        let span = Interval::hull_with(f64_bounds(&a), f64_bounds(&b));
        if sign_on(false, span).is_some() {
            continue;
        }
        if sign_on(true, span).is_none() {
            if halvings >= MONOTONE_HALVINGS {
                return None;
            }
            let m = (&a + &b).half();
            pieces.push((m.clone(), b, halvings + 1));
            pieces.push((a, m, halvings + 1));
            continue;
        }
        let p = reduced.get_or_insert_with(|| p.clone().primitive());
        *work = work.checked_sub(2 * p.words())?;
        let (sa, sb) = (p.sign_at(&a), p.sign_at(&b));
        if sa.is_eq() {
            if a != *first {
                out.push(Real::Exact(a));
            }
        } else if sb.is_ne() && sa != sb {
            out.push(Real::Root {
                p: p.clone(),
                lo: a,
                hi: b,
                lo_sign: sa,
            });
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `n / 2^k`.
    fn q(n: i64, k: i64) -> Q {
        Q::new(n.into(), -k)
    }

    fn poly(c: &[i64]) -> Poly {
        Poly::new(c.iter().map(|&x| q(x, 0)).collect())
    }

    fn sorted(mut r: Vec<Real>) -> Vec<Real> {
        let n = r.len();
        for i in 1..n {
            let mut j = i;
            while j > 0 {
                let (left, right) = r.split_at_mut(j);
                if compare(&mut left[j - 1], &mut right[0]).is_gt() {
                    r.swap(j - 1, j);
                    j -= 1;
                } else {
                    break;
                }
            }
        }
        r
    }

    /// The float filter's certain signs against exact evaluation: random polynomials of
    /// degree 0 to 6 (small integers over powers of two, often with a root near the
    /// interval: products of linear factors), intervals in `[0, 1]` from wide to a few ulps
    /// wide, at ordinary and at tiny scales. Wherever the filter claims a sign, the
    /// polynomial has it, exactly, at both ends and at three points inside (a sign
    /// the filter claims on `[lo, hi]` holds all over it). And it claims one often.
    #[test]
    fn the_float_filter_never_claims_a_sign_the_polynomial_lacks() {
        never_claims_a_sign_the_polynomial_lacks(|p, lo, hi| FloatFilter::new(p).sign(lo, hi));
    }

    /// The same for the exact enclosure [`Real::sign_of`] tries after quadratic refinement
    /// (Taylor's expansion at the midpoint, bounded in dyadics).
    #[test]
    fn the_exact_enclosure_never_claims_a_sign_the_polynomial_lacks() {
        never_claims_a_sign_the_polynomial_lacks(taylor_sign_on);
    }

    /// Every sign [`Real::sign_of`] gives at a root, through its float filters, the exact
    /// Taylor enclosure after quadratic refinement, or the count, is the one Sylvester's
    /// count alone gives on the root's first isolating interval (`counted_sign`, no
    /// filter, no narrowing): roots of `t² - c` and of its product with a line, `c` and
    /// the line's coefficients at magnitudes from 1 to `2^±1500`; `q` random of degree 1 to
    /// 5 at those magnitudes, or `q = p·h + ε·(t - e)` with `e` an end of a narrow interval
    /// about the root and `ε = ±2^-3000` (so `q`'s root is within `2^-60` to `2^-1000` of
    /// the root, on a known side), or a multiple of `p` (zero there).
    #[test]
    fn signs_at_a_root_agree_with_the_count_at_every_magnitude() {
        let mut rng = crate::testing::Rng(0x9E37_79B9_7F4A_7C15);
        let dyadic = |rng: &mut crate::testing::Rng, scale: i64| {
            let m = 1 + rng.below(1 << 40) as i64;
            let e = rng.below(2 * scale as u64 + 1) as i64 - scale - 40;
            let x = Q::new(m.into(), e);
            if rng.below(2) == 0 {
                -&x
            } else {
                x
            }
        };
        let (mut deep, mut cases) = (0, 0);
        for case in 0..600 {
            let scale = [0, 60, 500, 1500][case % 4];
            let c = dyadic(&mut rng, scale).abs();
            let square = Poly::new(vec![-&c, Q::zero(), Q::from_int(1)]);
            let p = if case % 3 == 0 {
                &square * &Poly::linear(dyadic(&mut rng, scale), dyadic(&mut rng, scale))
            } else {
                square
            };
            let top = Q::from_int(1).mul_pow2(scale + 2);
            let roots = roots_between(&p, &Q::zero(), &top);
            for root in roots {
                let Real::Root {
                    p: rp,
                    lo: first_lo,
                    hi: first_hi,
                    ..
                } = &root
                else {
                    continue;
                };
                let (rp, first_lo, first_hi) = (rp.clone(), first_lo.clone(), first_hi.clone());
                let mut narrow = root.clone();
                let mut bits = 2;
                for _ in 0..4 + rng.below(8) {
                    narrow.refine_quadratic(&mut bits);
                }
                let q = match (case / 4) % 4 {
                    3 => {
                        let Real::Root { lo, hi, .. } = &narrow else {
                            continue;
                        };
                        let e = if rng.below(2) == 0 { lo } else { hi };
                        let eps = dyadic(&mut rng, 0).mul_pow2(-3000);
                        let h = Poly::linear(dyadic(&mut rng, scale), Q::from_int(1));
                        deep += 1;
                        &(&p * &h) + &Poly::linear(-&(&eps * e), eps)
                    }
                    2 => &p * &Poly::linear(dyadic(&mut rng, scale), dyadic(&mut rng, scale)),
                    _ => Poly::new(
                        (0..2 + rng.below(5))
                            .map(|_| dyadic(&mut rng, scale))
                            .collect(),
                    ),
                };
                let (_, r, positive) = q.pseudo_div(&rp);
                let expected = if r.degree() == 0 {
                    r.c.first().map_or(Ordering::Equal, sign)
                } else {
                    counted_sign(&rp, &first_lo, &first_hi, &r)
                };
                let expected = if positive {
                    expected
                } else {
                    expected.reverse()
                };
                for mut x in [root.clone(), narrow.clone()] {
                    assert_eq!(x.sign_of(&q), expected, "case {case}: {p:?}, {q:?}");
                }
                cases += 1;
            }
        }
        assert!(cases > 500 && deep > 100, "{cases} cases, {deep} deep");
    }

    /// Where the rounded enclosures cannot tell (a line whose root is a 3000-bit number
    /// `2^-2000` to either side of the interval, or inside it), the exact one does, and
    /// never claims a sign on an interval that holds the root.
    #[test]
    fn the_exact_enclosure_tells_signs_thousands_of_bits_deep() {
        let r = near_sqrt(2, 3000, 0);
        let line = Poly::linear(-&r, Q::from_int(1));
        let width = Q::from_int(1).mul_pow2(-2100);
        let gap = Q::from_int(1).mul_pow2(-2000);
        for (lo, expected) in [
            (&r + &gap, Some(Ordering::Greater)),
            (&(&r - &gap) - &width, Some(Ordering::Less)),
            (&r - &width.half(), None),
            (r.clone(), None),
        ] {
            let hi = &lo + &width;
            assert_eq!(taylor_sign_on(&line, &lo, &hi), expected, "{expected:?}");
            let filter = FloatFilter::new(&line);
            assert_eq!(
                filter.sign(&lo, &hi),
                None,
                "the rounded filter cannot tell"
            );
        }
    }

    fn never_claims_a_sign_the_polynomial_lacks(claim: impl Fn(&Poly, &Q, &Q) -> Option<Ordering>) {
        let mut rng = crate::testing::Rng(0x2545_F491_4F6C_DD1D);
        let (mut claimed, mut cases) = (0, 0);
        for case in 0..4000 {
            let degree = rng.below(7) as usize;
            let p = if case % 2 == 0 {
                Poly::new(
                    (0..=degree)
                        .map(|_| q(rng.below(201) as i64 - 100, rng.below(12) as i64))
                        .collect(),
                )
            } else {
                // A product of factors `(2^k·t - r)` with roots in [0, 1].
                (0..degree.max(1)).fold(poly(&[1]), |acc, _| {
                    let k = rng.below(20) as i64;
                    let r = rng.below(1 << k.min(16)) as i64;
                    &acc * &Poly::new(vec![q(-r, 0), q(1, -k)])
                })
            };
            // Every sixth a root at the interval's low end, 0: the enclosure's low end can
            // then be exactly 0, which is no sign.
            let at_root = case % 6 == 1;
            let p = if at_root { &p * &poly(&[0, 1]) } else { p };
            if p.is_zero() {
                continue;
            }
            let scale = [0, 0, 10, 200][rng.below(4) as usize];
            let a = if at_root {
                Q::zero()
            } else {
                q(rng.below(1 << 20) as i64, 20 + scale)
            };
            let width = q(
                1 + rng.below(1 << 20) as i64,
                [20, 40, 60][rng.below(3) as usize] + scale,
            );
            let (lo, hi) = (a.clone(), &a + &width);
            cases += 1;
            if let Some(s) = claim(&p, &lo, &hi) {
                claimed += 1;
                let inside = [1, 2, 3].map(|i| &lo + &(&width * &q(i, 2)));
                for x in [&lo, &hi].into_iter().chain(inside.iter()) {
                    assert_eq!(p.sign_at(x), s, "case {case}: {p:?} on [{lo:?}, {hi:?}]");
                }
            }
        }
        assert!(claimed * 2 > cases, "{claimed} of {cases}");
    }

    #[test]
    fn isolates_each_root_once_including_repeated_and_rational_ones() {
        // (t - 1/2)^2 (t^2 - 2) (3t - 1) = roots 1/2 (double), ±√2, 1/3.
        let p = &(&(&poly(&[-1, 2]) * &poly(&[-1, 2])) * &poly(&[-2, 0, 1])) * &poly(&[-1, 3]);
        let roots = sorted(roots_between(&p, &q(-10, 0), &q(10, 0)));
        assert_eq!(roots.len(), 4);
        let mut sqrt2 = roots[3].clone();
        assert_eq!(sqrt2.sign_of(&poly(&[-2, 0, 1])), Ordering::Equal);
        // √2 = 1.41421356…: between 92681/2^16 and 92682/2^16.
        assert_eq!(cmp_rational(&q(92681, 16), &sqrt2), Ordering::Less);
        assert_eq!(cmp_rational(&q(92682, 16), &sqrt2), Ordering::Greater);
        // 1/3 is no dyadic: it is held as a root, between 21/64 and 22/64.
        assert_eq!(cmp_rational(&q(21, 6), &roots[1]), Ordering::Less);
        assert_eq!(cmp_rational(&q(22, 6), &roots[1]), Ordering::Greater);
        assert_eq!(cmp_rational(&q(1, 1), &roots[2]), Ordering::Equal);
    }

    #[test]
    fn roots_at_the_ends_are_left_out() {
        let p = poly(&[0, -1, 1]); // t (t - 1)
        assert!(roots_between(&p, &q(0, 0), &q(1, 0)).is_empty());
        assert_eq!(roots_between(&p, &q(-1, 0), &q(2, 0)).len(), 2);
    }

    #[test]
    fn signs_at_an_irrational_root_are_exact() {
        let mut r = roots_between(&poly(&[-2, 0, 1]), &q(0, 0), &q(2, 0)).remove(0);
        // At √2: 5t - 7 > 0, (t^2 - 2)(t + 5) = 0, t^3 - 2t = 0, 2 - t^2 = 0, 2t^2 - 3 > 0.
        assert_eq!(r.sign_of(&poly(&[-7, 5])), Ordering::Greater);
        assert_eq!(r.sign_of(&poly(&[-10, -2, 5, 1])), Ordering::Equal);
        assert_eq!(r.sign_of(&poly(&[0, -2, 0, 1])), Ordering::Equal);
        assert_eq!(r.sign_of(&poly(&[2, 0, -1])), Ordering::Equal);
        assert_eq!(r.sign_of(&poly(&[-3, 0, 2])), Ordering::Greater);
        assert_eq!(r.sign_of(&Poly::zero()), Ordering::Equal);
    }

    #[test]
    fn equal_roots_of_different_polynomials_compare_equal() {
        // √2 as a root of t^2 - 2 and of (t^2 - 2)(t - 1).
        let mut a = roots_between(&poly(&[-2, 0, 1]), &q(0, 0), &q(2, 0)).remove(0);
        let b = roots_between(&poly(&[2, -2, -1, 1]), &q(0, 0), &q(2, 0));
        let mut b = sorted(b).remove(1);
        assert_eq!(compare(&mut a, &mut b), Ordering::Equal);
        // √3 is larger.
        let mut c = roots_between(&poly(&[-3, 0, 1]), &q(0, 0), &q(2, 0)).remove(0);
        assert_eq!(compare(&mut a, &mut c), Ordering::Less);
        assert_eq!(compare(&mut c, &mut b), Ordering::Greater);
        let m = between(&mut a, &mut c);
        assert_eq!(cmp_rational(&m, &a), Ordering::Greater);
        assert_eq!(cmp_rational(&m, &c), Ordering::Less);
    }

    /// A polynomial with known roots: `c·Π(t - r_i)·(t² - k)` with dyadic `r_i` (repeats
    /// allowed), `k` in 2..=7 (irrational ±√k unless k = 4), and a leading `c` of either sign;
    /// isolation finds each distinct root in `(lo, hi)` exactly once.
    fn roots_are_counted_exactly(seed: u64) -> bool {
        use quickcheck::{Arbitrary, Gen};
        let mut g = Gen::from_size_and_seed(100, seed);
        let mut small = |m: i64| i64::arbitrary(&mut g).rem_euclid(2 * m + 1) - m;
        let roots: Vec<Q> = (0..small(1) + 2).map(|_| q(small(8), 2)).collect();
        let k = 2 + small(2).abs() + small(1).abs() * 3;
        let c = if small(1) < 0 { -5 } else { 3 };
        let mut p = Poly::new(vec![Q::from_int(c)]);
        for r in &roots {
            p = &p * &Poly::linear(-r, Q::from_int(1));
        }
        p = &p * &poly(&[-k, 0, 1]);
        let (lo, hi) = (q(small(8), 1), q(9, 1));
        let mut expected: Vec<Q> = roots
            .iter()
            .filter(|r| lo < **r && **r < hi)
            .cloned()
            .collect();
        expected.sort();
        expected.dedup();
        // ±√k inside (lo, hi): compare squares, sign first.
        let mut irrational = 0;
        for s in [-1i64, 1] {
            let inside_lo = if s > 0 {
                lo.signum().is_lt() || &lo * &lo < Q::from_int(k)
            } else {
                lo.signum().is_lt() && &lo * &lo > Q::from_int(k)
            };
            if inside_lo && (s < 0 || Q::from_int(k) < &hi * &hi) {
                if k == 4 {
                    expected.push(Q::from_int(2 * s));
                } else {
                    irrational += 1;
                }
            }
        }
        expected.sort();
        expected.dedup();
        let found = sorted(roots_between(&p, &lo, &hi));
        let want = expected.len() + irrational;
        found.len() == want && found.into_iter().all(|mut x| x.sign_of(&p).is_eq())
    }

    /// [`monotone_roots`] against Sturm's count: the polynomials of
    /// [`roots_are_counted_exactly`] (rational roots on a grid of quarters, repeated ones,
    /// `±√k`), `[lo, hi]` cut into 1 to 32 pieces, and a `sign_on` that is exact where it
    /// answers (no root of `p`, or of `p'`, on the closed span, by Sturm) but withholds about
    /// a quarter of its answers, as rounded arithmetic would near a root. Wherever
    /// `monotone_roots` answers, it finds the same roots as [`roots_between`], each once;
    /// and it answers for most cases.
    fn monotone_roots_are_sturms(seed: u64) -> Option<bool> {
        use quickcheck::{Arbitrary, Gen};
        let mut g = Gen::from_size_and_seed(100, seed);
        let mut small = |m: i64| i64::arbitrary(&mut g).rem_euclid(2 * m + 1) - m;
        let mut p = Poly::new(vec![Q::from_int(if small(1) < 0 { -5 } else { 3 })]);
        for _ in 0..small(1) + 2 {
            p = &p * &Poly::linear(-q(small(8), 2), Q::from_int(1));
        }
        let k = 2 + small(2).abs() + small(1).abs() * 3;
        p = &p * &poly(&[-k, 0, 1]);
        let (lo, hi) = (q(small(8), 1), q(9, 1));
        let pieces = 1i64 << small(5).abs();
        let cuts: Vec<Q> = (0..=pieces)
            .map(|i| &lo + &(&(&hi - &lo) * &Q::from_int(i)).mul_pow2(-i64::from(pieces.ilog2())))
            .collect();
        let slope = p.derivative();
        let withhold = seed.rotate_left(17);
        let sign_on = |derivative: bool, x: Interval| {
            let f = if derivative { &slope } else { &p };
            let (a, b) = (Q::from_f64(x.lo()), Q::from_f64(x.hi()));
            let hash = (x.lo().to_bits() ^ x.hi().to_bits().rotate_left(7) ^ withhold)
                .wrapping_mul(0x9e37_79b9_7f4a_7c15);
            let (sa, sb) = (f.sign_at(&a), f.sign_at(&b));
            let none_inside = roots_between(f, &a, &b).is_empty();
            (hash >> 62 != 0 && sa.is_ne() && sa == sb && none_inside).then_some(sa)
        };
        let mut unlimited = u64::MAX;
        let found = monotone_roots(&p, &cuts, sign_on, &mut unlimited)?;
        let (mut found, mut want) = (sorted(found), sorted(roots_between(&p, &lo, &hi)));
        Some(
            found.len() == want.len()
                && found
                    .iter_mut()
                    .zip(want.iter_mut())
                    .all(|(a, b)| compare(a, b).is_eq()),
        )
    }

    /// An exact `sign_on` for [`monotone_roots`]: the sign of `p` (or `p'`) on the closed
    /// span when it has no root there.
    fn exact_sign_on(p: &Poly) -> impl Fn(bool, Interval) -> Option<Ordering> + '_ {
        move |derivative: bool, x: Interval| {
            let slope;
            let f = if derivative {
                slope = p.derivative();
                &slope
            } else {
                p
            };
            let (a, b) = (Q::from_f64(x.lo()), Q::from_f64(x.hi()));
            let (sa, sb) = (f.sign_at(&a), f.sign_at(&b));
            (sa.is_ne() && sa == sb && roots_between(f, &a, &b).is_empty()).then_some(sa)
        }
    }

    /// A double root leaves every piece around it undecided (`p` and `p'` both vanish
    /// there): the halvings run out and Sturm's sequence is asked instead, at once, whether
    /// the root lies inside a piece or on a cut (where the pieces on both sides end at it).
    /// And the work budget is charged: two evaluations of `p` per monotone piece.
    #[test]
    fn a_double_root_is_left_to_sturm_and_the_work_is_charged() {
        // (t - 1/2)² (t - 3): a double root at 1/2 and a simple one at 3.
        let p = &(&Poly::linear(q(-1, 1), Q::from_int(1))
            * &Poly::linear(q(-1, 1), Q::from_int(1)))
            * &Poly::linear(Q::from_int(-3), Q::from_int(1));
        for cuts in [
            vec![q(0, 0), q(1, 0), q(4, 0)],
            vec![q(0, 0), q(1, 1), q(1, 0), q(4, 0)],
        ] {
            let mut unlimited = u64::MAX;
            assert!(monotone_roots(&p, &cuts, exact_sign_on(&p), &mut unlimited).is_none());
        }
        // (t - 1)(t - 3) cut at 0, 3/2, 5/2, 4: two monotone pieces with a root each, and
        // between them one where p has one sign (p' vanishes at 2 inside it).
        let p = &Poly::linear(Q::from_int(-1), Q::from_int(1))
            * &Poly::linear(Q::from_int(-3), Q::from_int(1));
        let cuts = [q(0, 0), q(3, 1), q(5, 1), q(4, 0)];
        let words = p.clone().primitive().words();
        let mut enough = 4 * words;
        let roots = monotone_roots(&p, &cuts, exact_sign_on(&p), &mut enough);
        assert_eq!(roots.map(|r| r.len()), Some(2));
        assert_eq!(enough, 0);
        let mut short = 4 * words - 1;
        assert!(monotone_roots(&p, &cuts, exact_sign_on(&p), &mut short).is_none());
    }

    #[test]
    fn monotone_pieces_find_the_roots_sturm_finds() {
        let (mut answered, mut cases) = (0, 0);
        for seed in 0..1500u64 {
            cases += 1;
            if let Some(agrees) = monotone_roots_are_sturms(seed) {
                assert!(agrees, "seed {seed}");
                answered += 1;
            }
        }
        assert!(2 * answered > cases, "{answered} of {cases}");
    }

    #[test]
    fn isolation_finds_every_distinct_root_once() {
        quickcheck::QuickCheck::new()
            .tests(2000)
            .quickcheck(roots_are_counted_exactly as fn(u64) -> bool);
    }

    /// `(t - c)² - k·s²`, roots `c ± √k·s`, for `s = 2^-scale`.
    fn pair(c: &Q, k: i64, scale: i64) -> Poly {
        let shifted = Poly::linear(-c, Q::from_int(1));
        let spread = Q::from_int(k).mul_pow2(-2 * scale);
        &(&shifted * &shifted) - &Poly::new(vec![spread])
    }

    /// Root isolation where roots crowd an end of the range or each other, at distances from
    /// `2^-3` to `2^-3000`: pairs `c ± √2·s` and `c ± √3·s` around `c = 0` and `c = 1` (the
    /// two roots inside the range within `s` of the end), and a pair `3/8 ± √2·s` whose two
    /// roots are `2·√2·s` apart, alone and multiplied together. Each is isolated within a
    /// budget of 400 Sturm steps (halving takes one step per bit: 3000 and more at the
    /// smallest scale), and the isolation is right: as many roots as Sturm's count of the
    /// whole range says, each in an interval where `p` changes sign, and no two equal.
    #[test]
    fn roots_crowding_an_end_or_each_other_are_isolated_in_few_steps() {
        let (zero, one) = (Q::zero(), Q::from_int(1));
        let centre = q(3, 3);
        for scale in [3, 60, 1000, 3000] {
            let near_zero = &pair(&zero, 2, scale) * &pair(&zero, 3, scale);
            let near_one = &pair(&one, 2, scale) * &pair(&one, 3, scale);
            let middle = pair(&centre, 2, scale);
            let all = &(&near_zero * &near_one) * &middle;
            for (name, p, count) in [
                ("near 0", near_zero, 2),
                ("near 1", near_one, 2),
                ("middle", middle, 2),
                ("all", all, 6),
            ] {
                let seq = p.squarefree().sturm();
                let steps: u64 = seq.iter().map(Poly::words).sum();
                let mut work = 400 * steps;
                let roots = roots_within(&p, &zero, &one, &mut work)
                    .unwrap_or_else(|| panic!("{name} 2^-{scale}: over 400 steps"));
                assert_eq!(roots.len(), count, "{name} 2^-{scale}");
                let total = variations(&seq, &zero) - variations(&seq, &one);
                assert_eq!(total, count, "{name} 2^-{scale}: Sturm's count");
                for root in &roots {
                    if let Real::Root { lo, hi, .. } = root {
                        assert_ne!(p.sign_at(lo), p.sign_at(hi), "{name} 2^-{scale}");
                        assert!(zero <= *lo && hi <= &one, "{name} 2^-{scale}");
                    } else {
                        unreachable!("{name} 2^-{scale}: no rational roots here");
                    }
                }
                let sorted = sorted(roots);
                for w in sorted.windows(2) {
                    let (mut a, mut b) = (w[0].clone(), w[1].clone());
                    assert!(compare(&mut a, &mut b).is_lt(), "{name} 2^-{scale}");
                }
            }
        }
    }

    /// Quadratic refinement of `√2` in `(1, 2)`: the root stays inside (`lo² < 2 < hi²`,
    /// exactly) and the width falls below `2^-1000` in 16 steps, where halving would leave
    /// `2^-16`.
    #[test]
    fn quadratic_refinement_squares_the_width() {
        let p = poly(&[-2, 0, 1]);
        let mut x = roots_between(&p, &q(1, 0), &q(2, 0)).remove(0);
        let mut bits = 2;
        for _ in 0..16 {
            x.refine_quadratic(&mut bits);
            let (lo, hi) = x.bounds();
            assert!((lo * lo) < Q::from_int(2) && (hi * hi) > Q::from_int(2));
        }
        let (lo, hi) = x.bounds();
        assert!(
            (hi - lo).magnitude_bound() < -1000,
            "{:e}",
            (hi - lo).approx()
        );
    }

    /// [`between`] two roots of different polynomials, `√2` and `√(2 + 2^-k)` (about
    /// `2^-k/3` above it), for `k` up to 3000: a rational strictly between them, checked by
    /// squaring (`2 < r² < 2 + 2^-k`); and in both orders of refinement state.
    #[test]
    fn a_rational_is_found_between_roots_2_to_the_minus_3000_apart() {
        for k in [4, 60, 1000, 3000] {
            let wide = Q::from_int(2);
            let narrow = &wide + &Q::from_int(1).mul_pow2(-k);
            let root_of = |c: &Q| {
                roots_between(
                    &Poly::new(vec![-c, Q::zero(), Q::from_int(1)]),
                    &q(1, 0),
                    &q(2, 0),
                )
                .remove(0)
            };
            let (mut a, mut b) = (root_of(&wide), root_of(&narrow));
            let r = between(&mut a, &mut b);
            let square = &r * &r;
            assert!(wide < square && square < narrow, "2^-{k}");
        }
    }

    /// A dyadic near `√k` with `bits` fractional bits: `floor(√k·2^bits)/2^bits`, by integer
    /// square root, plus `nudge` units in the last place.
    fn near_sqrt(k: i64, bits: u64, nudge: i64) -> Q {
        let n = num_bigint::BigInt::from(k) << (2 * bits);
        Q::new(n.sqrt() + nudge, -(bits as i64))
    }

    #[test]
    fn signs_at_a_root_within_2_to_the_minus_3000_of_another_are_exact() {
        // p = t² - k has the root √k; q = t - r with r within 2^-bits of it, on either side,
        // so no enclosure of q narrower than that can show the sign: the exact count must.
        for k in [2, 3, 5, 7] {
            for bits in [10, 60, 200, 1000, 3000] {
                let mut x = roots_between(&poly(&[-k, 0, 1]), &q(0, 0), &q(3, 0)).remove(0);
                for nudge in [0, 1] {
                    let r = near_sqrt(k, bits, nudge);
                    // Oracle: r < √k exactly when r² < k (both positive).
                    let expected = Q::from_int(k).cmp(&(&r * &r));
                    let line = Poly::linear(-&r, Q::from_int(1));
                    assert_eq!(
                        x.sign_of(&line),
                        expected,
                        "k {k} bits {bits} nudge {nudge}"
                    );
                    assert_eq!(x.sign_of(&-&line), expected.reverse());
                    // A quadratic with a root on either side: (t - r)(t - r') has sign
                    // (√k - r)(√k - r').
                    let r2 = near_sqrt(k, bits, 1 - nudge);
                    let q2 = &line * &Poly::linear(-&r2, Q::from_int(1));
                    let e2 = Q::from_int(k).cmp(&(&r2 * &r2));
                    let want = if expected.is_eq() || e2.is_eq() {
                        Ordering::Equal
                    } else if expected == e2 {
                        Ordering::Greater
                    } else {
                        Ordering::Less
                    };
                    assert_eq!(x.sign_of(&q2), want, "k {k} bits {bits}");
                    // A multiple of p vanishes at the root, however large its coefficients.
                    let m = &poly(&[-k, 0, 1]) * &q2;
                    assert_eq!(x.sign_of(&m), Ordering::Equal);
                }
            }
        }
    }

    #[test]
    fn roots_within_2_to_the_minus_1000_of_each_other_compare_exactly() {
        // √2 against rational roots r of 2^b·t - m just below and above it, and against √2
        // as a root of another polynomial.
        let mut a = roots_between(&poly(&[-2, 0, 1]), &q(0, 0), &q(2, 0)).remove(0);
        for nudge in [0, 1] {
            let r = near_sqrt(2, 1000, nudge);
            // (t - r)(t + 3): its root r as a Real held in an interval, not as exact.
            let p = &Poly::linear(-&r, Q::from_int(1)) * &poly(&[3, 1]);
            let mut b = roots_between(&p, &q(0, 0), &q(2, 0)).remove(0);
            let want = if nudge == 0 {
                Ordering::Greater
            } else {
                Ordering::Less
            };
            assert_eq!(compare(&mut a, &mut b), want);
            assert_eq!(compare(&mut b, &mut a), want.reverse());
            let m = if nudge == 0 {
                between(&mut b, &mut a)
            } else {
                between(&mut a, &mut b)
            };
            let (lo, hi) = if nudge == 0 { (&r, &m) } else { (&m, &r) };
            assert!(lo < hi);
            assert_eq!(cmp_rational(&m, &a), want.reverse());
        }
    }

    /// Random dyadics: up to 300 significant bits, exponents across and beyond the range of
    /// doubles.
    fn dyadic(g: &mut quickcheck::Gen) -> Q {
        use quickcheck::Arbitrary;
        let words = usize::arbitrary(g) % 5 + 1;
        let mut m = num_bigint::BigInt::from(0);
        for _ in 0..words {
            m = (m << 64) + u64::arbitrary(g);
        }
        m >>= u32::arbitrary(g) % 64;
        if bool::arbitrary(g) {
            m = -m;
        }
        Q::new(m, i64::from(i16::arbitrary(g) % 2500))
    }

    fn f64_bounds_enclose(seed: u64) -> bool {
        let mut g = quickcheck::Gen::from_size_and_seed(100, seed);
        let x = dyadic(&mut g);
        let b = f64_bounds(&x);
        let lo_ok = b.lo() == f64::NEG_INFINITY || Q::from_f64(b.lo()) <= x;
        let hi_ok = b.hi() == f64::INFINITY || Q::from_f64(b.hi()) >= x;
        // A double in [2^-900, 2^999] comes back as a point.
        let d = f64::from_bits(seed).abs();
        let inside = (2f64.powi(-900)..=2f64.powi(999)).contains(&d);
        let point = !inside || f64_bounds(&Q::from_f64(d)).is_point();
        lo_ok && hi_ok && point
    }

    #[test]
    fn float_bounds_of_a_dyadic_enclose_it() {
        quickcheck::QuickCheck::new()
            .tests(3000)
            .quickcheck(f64_bounds_enclose as fn(u64) -> bool);
    }

    fn rounding_brackets(seed: u64) -> bool {
        let mut g = quickcheck::Gen::from_size_and_seed(100, seed);
        let x = dyadic(&mut g);
        let bits = 1 + seed % 80;
        let (d, u) = (x.round_down(bits), x.round_up(bits));
        // Within the precision, on the right side, and adjacent: no dyadic of `bits` bits
        // lies strictly between them and x (their gap is one unit in the last place).
        let fits = |y: &Q| y.mantissa().bits() <= bits;
        let gap = &u - &d;
        let one_ulp = x.is_zero()
            || gap.is_zero()
            || gap.magnitude_bound() <= x.magnitude_bound() - bits as i64 + 1;
        fits(&d) && fits(&u) && d <= x && x <= u && one_ulp
    }

    #[test]
    fn rounding_to_fewer_bits_brackets_the_value() {
        quickcheck::QuickCheck::new()
            .tests(3000)
            .quickcheck(rounding_brackets as fn(u64) -> bool);
    }
}
