//! Polynomials in one variable with exact dyadic coefficients, and the real numbers they
//! define (exact dyadics, or a root isolated in a dyadic interval): the arithmetic of CCD's
//! exact stage. Divisions are avoided: remainders are pseudo-remainders (scaled by a power of
//! the divisor's leading coefficient, whose sign is tracked), which keep every root.

use std::cmp::Ordering;
use std::ops::{Add, Mul, Neg, Sub};

use num_integer::Integer;
use num_traits::{One, Signed};

pub(super) use surety_intervals::Dyadic as Q;

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

    fn derivative(&self) -> Self {
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
    fn primitive(self) -> Self {
        let mut g = num_bigint::BigInt::from(0);
        for c in &self.c {
            g = g.gcd(c.mantissa());
            if g.is_one() {
                return self;
            }
        }
        if self.c.is_empty() || g.is_one() {
            return self;
        }
        let g = g.abs();
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

    /// Sturm's sequence: `p`, `p'`, then the negated remainders (each up to a positive
    /// factor, which keeps the signs).
    fn sturm(&self) -> Vec<Self> {
        let mut seq = vec![self.clone(), self.derivative()];
        loop {
            let n = seq.len();
            if seq[n - 1].is_zero() {
                seq.pop();
                return seq;
            }
            let (_, r, positive) = seq[n - 2].pseudo_div(&seq[n - 1]);
            let r = if positive { -&r } else { r };
            seq.push(r.primitive());
        }
    }

    /// `self / (t - m)` for a root `m`.
    fn without_root(&self, m: &Q) -> Self {
        self.pseudo_div(&Poly::linear(-m, Q::from_int(1))).0
    }

    /// An enclosure of the values on `[lo, hi]` (Horner's scheme in exact interval
    /// arithmetic): it shrinks to the value as the interval does.
    fn enclosure(&self, lo: &Q, hi: &Q) -> (Q, Q) {
        let mut acc = (Q::zero(), Q::zero());
        for c in self.c.iter().rev() {
            let p = [&acc.0 * lo, &acc.0 * hi, &acc.1 * lo, &acc.1 * hi];
            let min = p.iter().min().cloned().unwrap_or_else(Q::zero);
            let max = p.iter().max().cloned().unwrap_or_else(Q::zero);
            acc = (&min + c, &max + c);
        }
        acc
    }
}

fn sign(x: &Q) -> Ordering {
    x.signum()
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

/// A real number: an exact rational, or the one root of a squarefree `p` in the open interval
/// `(lo, hi)`, where `p` is nonzero with opposite signs (`p(lo)` has sign `lo_sign`).
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
    /// Halves a root's interval (a midpoint that is the root makes it exact).
    pub fn refine(&mut self) {
        if let Real::Root { p, lo, hi, lo_sign } = self {
            let m = (&*lo + &*hi).half();
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
    pub fn sign_of(&mut self, q: &Poly) -> Ordering {
        if q.degree() == 0 {
            return q.c.first().map_or(Ordering::Equal, sign);
        }
        if let Real::Root { p, lo, hi, .. } = self {
            // A common factor of p and q that changes sign across the interval vanishes at
            // the root (its roots are roots of p, and only one of those lies inside).
            let g = p.gcd(q);
            if g.degree() > 0 && g.sign_at(lo) != g.sign_at(hi) {
                return Ordering::Equal;
            }
        }
        // q is nonzero at the root: narrow until its enclosure has one sign.
        loop {
            match self {
                Real::Exact(x) => return q.sign_at(x),
                Real::Root { lo, hi, .. } => {
                    let (a, b) = q.enclosure(lo, hi);
                    if a.signum().is_gt() {
                        return Ordering::Greater;
                    }
                    if b.signum().is_lt() {
                        return Ordering::Less;
                    }
                }
            }
            self.refine();
        }
    }
}

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

/// Compares two real numbers exactly.
pub(super) fn compare(a: &mut Real, b: &mut Real) -> Ordering {
    let common = match (&*a, &*b) {
        (Real::Exact(x), _) => return cmp_rational(x, b),
        (_, Real::Exact(y)) => return cmp_rational(y, a).reverse(),
        (Real::Root { p: pa, .. }, Real::Root { p: pb, .. }) => pa.gcd(pb),
    };
    loop {
        let (Real::Root { lo: al, hi: ah, .. }, Real::Root { lo: bl, hi: bh, .. }) = (&*a, &*b)
        else {
            return compare(a, b);
        };
        if ah <= bl {
            return Ordering::Less;
        }
        if bh <= al {
            return Ordering::Greater;
        }
        if common.degree() > 0 && common.sign_at(al) != common.sign_at(ah) {
            // a is a root of b's polynomial, whose only root in (bl, bh) is b.
            let (bl, bh) = (bl.clone(), bh.clone());
            return match (cmp_rational(&bl, a), cmp_rational(&bh, a)) {
                (Ordering::Less, Ordering::Greater) => Ordering::Equal,
                (Ordering::Greater, _) => Ordering::Less,
                _ => Ordering::Greater,
            };
        }
        // Different numbers: narrow both until their intervals part.
        a.refine();
        b.refine();
    }
}

/// A rational strictly between `a < b`.
pub(super) fn between(a: &mut Real, b: &mut Real) -> Q {
    loop {
        let (au, a_open) = match &*a {
            Real::Exact(x) => (x, false),
            Real::Root { hi, .. } => (hi, true),
        };
        let (bl, b_open) = match &*b {
            Real::Exact(x) => (x, false),
            Real::Root { lo, .. } => (lo, true),
        };
        if au < bl {
            return (au + bl).half();
        }
        if au == bl && a_open && b_open {
            return au.clone();
        }
        a.refine();
        b.refine();
    }
}

/// The distinct real roots of `p` (nonzero) in the open interval `(lo, hi)`, unsorted.
pub(super) fn roots_between(p: &Poly, lo: &Q, hi: &Q) -> Vec<Real> {
    if p.is_zero() || p.degree() == 0 {
        return Vec::new();
    }
    let mut p = p.squarefree();
    // Divide out roots at the ends, so that p is nonzero there.
    for end in [lo, hi] {
        if p.sign_at(end).is_eq() {
            p = p.without_root(end);
        }
    }
    let mut out = Vec::new();
    let mut seq = p.sturm();
    let mut stack = vec![(lo.clone(), hi.clone())];
    while let Some((a, b)) = stack.pop() {
        // Sturm: the number of distinct roots in (a, b], and p(b) != 0.
        let n = variations(&seq, &a).saturating_sub(variations(&seq, &b));
        match n {
            0 => {}
            1 => out.push(Real::Root {
                lo_sign: p.sign_at(&a),
                p: p.clone(),
                lo: a,
                hi: b,
            }),
            _ => {
                let m = (&a + &b).half();
                if p.sign_at(&m).is_eq() {
                    // A rational root: record it and divide it out.
                    p = p.without_root(&m);
                    seq = p.sturm();
                    out.push(Real::Exact(m.clone()));
                }
                stack.push((a, m.clone()));
                stack.push((m, b));
            }
        }
    }
    out
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
        found.len() == want && found.iter().all(|x| x.clone().sign_of(&p).is_eq())
    }

    #[test]
    fn isolation_finds_every_distinct_root_once() {
        quickcheck::QuickCheck::new()
            .tests(2000)
            .quickcheck(roots_are_counted_exactly as fn(u64) -> bool);
    }
}
