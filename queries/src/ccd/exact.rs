//! CCD's exact stage: with no minimum separation, decides whether the primitives meet, and
//! when they first do, in exact rational arithmetic on the given floats.
//!
//! # The decision
//! `F(t, u, v) = g(t) + u·h(t) + v·k(t)` (see [`Multilinear`](super::inclusion)), with
//! `g`, `h`, `k` linear in `t`. At a fixed `t` the primitives meet when `-g` is a point of
//! `{u·h + v·k : (u, v) in P}`, `P` the triangle `u, v >= 0, u + v <= 1` (vertex–face) or the
//! square `[0, 1]²` (edge–edge). With `N = h × k` and `s = N·N`:
//! - where `s > 0` (`h`, `k` independent), `u·h + v·k = -g` has a solution exactly when
//!   `D = g·N = 0`, and then `u·s = U = -(g × k)·N` and `v·s = W = (g × h)·N`, so the
//!   primitives meet when `D = 0`, `U, W >= 0` and `U + W <= s` (triangle) or `U, W <= s`
//!   (square);
//! - where `s = 0` the set is a segment (or a point) on the line of `d = h` (or `k` when
//!   `h = 0`): they meet when `-g × d = 0` and `-g·d` lies between the least and the greatest
//!   of `0`, `h·d`, `k·d` (and `h·d + k·d` for the square).
//!
//! Each condition is the sign of a polynomial in `t`, evaluated exactly at rational or
//! algebraic `t` ([`Real`]). The times of contact are then found in `[0, t_max]`:
//! - if `D` is not identically zero, contact needs `D(t) = 0`: its at most three roots (and
//!   the ends) are the only candidates;
//! - otherwise the primitives stay coplanar, and every polynomial the test above consults has
//!   one sign between consecutive roots: the test at each root and at one rational point in
//!   each gap between them decides every time.
//!
//! The earliest candidate that passes is the first contact (the set of contact times is
//! closed, so it starts at a candidate).

use surety_intervals::Vec3;

use super::poly::{between, roots_between, sorted_within, Poly, Real, Q};
use super::separation::{cross, dot};

type P3 = [Poly; 3];

/// A CCD query in exact form: `F = g + u·h + v·k`, each coefficient linear in `t`.
pub(super) struct Exact {
    g: P3,
    h: P3,
    k: P3,
    simplex: bool,
    /// `D`, `s`, `U`, `W` and the upper bounds on `(u, v)` (`s - U - W`, or `s - U`, `s - W`).
    d: Poly,
    s: Poly,
    u: Poly,
    w: Poly,
    upper: Vec<Poly>,
}

fn rational(x: f64) -> Q {
    // Finite inputs only (checked by the caller); exact.
    Q::from_f64(x)
}

impl Exact {
    /// From the positions at `t = 0` and `t = 1` and the pairs of points whose differences
    /// form `g`, `h`, `k` (as in [`FloatInputs::new`](super::inclusion::FloatInputs::new)).
    pub fn new(
        start: &[Vec3<f64>; 4],
        end: &[Vec3<f64>; 4],
        pairs: [(usize, usize); 3],
        simplex: bool,
    ) -> Self {
        let coefficient = |(p, q): (usize, usize)| -> P3 {
            let (s0, s1, e0, e1) = (
                start[p].to_array(),
                start[q].to_array(),
                end[p].to_array(),
                end[q].to_array(),
            );
            core::array::from_fn(|i| {
                let [s0, s1, e0, e1] = [s0[i], s1[i], e0[i], e1[i]].map(rational);
                let a = &s0 - &s1;
                let b = &(&e0 - &s0) - &(&e1 - &s1);
                Poly::linear(a, b)
            })
        };
        let (g, h, k) = (
            coefficient(pairs[0]),
            coefficient(pairs[1]),
            coefficient(pairs[2]),
        );
        let n = cross(&h, &k);
        let d = dot(&g, &n);
        let s = dot(&n, &n);
        let u = -&dot(&cross(&g, &k), &n);
        let w = dot(&cross(&g, &h), &n);
        let upper = if simplex {
            vec![&(&s - &u) - &w]
        } else {
            vec![&s - &u, &s - &w]
        };
        Self {
            g,
            h,
            k,
            simplex,
            d,
            s,
            u,
            w,
            upper,
        }
    }

    /// Do the primitives meet at time `t`?
    fn contact_at(&self, t: &mut Real) -> bool {
        if t.sign_of(&self.s).is_gt() {
            t.sign_of(&self.d).is_eq()
                && !t.sign_of(&self.u).is_lt()
                && !t.sign_of(&self.w).is_lt()
                && self.upper.iter().all(|p| !t.sign_of(p).is_lt())
        } else {
            self.parallel_contact_at(t)
        }
    }

    /// The contact test where `h` and `k` are parallel (`s = 0`).
    fn parallel_contact_at(&self, t: &mut Real) -> bool {
        let zero = |v: &P3, t: &mut Real| v.iter().all(|p| t.sign_of(p).is_eq());
        let h_zero = zero(&self.h, t);
        if h_zero && zero(&self.k, t) {
            return zero(&self.g, t);
        }
        let dir = if h_zero { &self.k } else { &self.h };
        let (x, values) = self.along(dir);
        if !zero(&cross(&self.g, dir), t) {
            return false;
        }
        // -g·d between the least and the greatest value: at or above one, at or below one.
        values.iter().any(|v| !t.sign_of(&(&x - v)).is_lt())
            && values.iter().any(|v| !t.sign_of(&(v - &x)).is_lt())
    }

    /// `-g·d` and the values it must lie between, for the direction `d`.
    fn along(&self, dir: &P3) -> (Poly, Vec<Poly>) {
        let x = -&dot(&self.g, dir);
        let (hd, kd) = (dot(&self.h, dir), dot(&self.k, dir));
        let mut values = vec![Poly::zero(), hd.clone(), kd.clone()];
        if !self.simplex {
            values.push(&hd + &kd);
        }
        (x, values)
    }

    /// Every polynomial whose sign the contact test consults, where `D` is identically zero.
    fn family(&self) -> Vec<Poly> {
        let mut all = vec![self.s.clone(), self.u.clone(), self.w.clone()];
        all.extend(self.upper.iter().cloned());
        if self.s.is_zero() {
            all.extend(self.g.iter().chain(&self.h).chain(&self.k).cloned());
            for dir in [&self.h, &self.k] {
                all.extend(cross(&self.g, dir));
                let (x, values) = self.along(dir);
                all.extend(values.iter().map(|v| &x - v));
            }
        }
        all
    }

    /// The first time of contact in `[0, t_max]`, or `None` when the primitives never meet.
    pub fn first_contact(&self, t_max: f64) -> Option<Real> {
        let (zero, end) = (Q::zero(), rational(t_max));
        let mut times = vec![Real::Exact(zero.clone()), Real::Exact(end.clone())];
        let coplanar = self.d.is_zero();
        let candidates = if coplanar {
            self.family()
        } else {
            vec![self.d.clone()]
        };
        for p in &candidates {
            times.extend(roots_between(p, &zero, &end));
        }
        let mut times = sorted(times);
        for i in 0..times.len() {
            if self.contact_at(&mut times[i]) {
                return Some(times[i].clone());
            }
            if coplanar && i + 1 < times.len() {
                let (left, right) = times.split_at_mut(i + 1);
                let mid = between(&mut left[i], &mut right[0]);
                if self.contact_at(&mut Real::Exact(mid)) {
                    // Unreachable for a closed contact set; a safe answer all the same.
                    return Some(left[i].clone());
                }
            }
        }
        None
    }
}

/// Sorts exactly and drops duplicates.
fn sorted(v: Vec<Real>) -> Vec<Real> {
    let tagged = v.into_iter().map(|x| (x, ())).collect();
    let mut unlimited = u64::MAX;
    let sorted = sorted_within(tagged, &mut unlimited)
        .unwrap_or_else(|| unreachable!("an unlimited budget never runs out"));
    sorted.into_iter().map(|(x, ())| x).collect()
}

/// Bounds `lo <= x <= hi` of a real `x >= 0` in `f64`, narrowed until `hi - lo <= width`
/// and `hi - lo <= lo · width / 4` (relative: a time near `1e-300` is enclosed to its own
/// scale, so that a caller with a relative tolerance such as
/// [`collision_free_step`](super::collision_free_step) never asks again), or as far as 400
/// splits of the root's interval go towards both.
pub(super) fn enclose(mut x: Real, width: f64) -> (f64, f64) {
    let w = rational(width);
    let relative = rational(width).mul_pow2(-2);
    for _ in 0..400 {
        let (lo, hi) = x.bounds();
        let gap = hi - lo;
        if gap.is_zero() || (gap <= w && gap <= lo * &relative) {
            break;
        }
        x.refine();
    }
    let (lo, hi) = x.bounds();
    (lo.down(), hi.up())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`enclose`] keeps its two promises on roots at every scale: the bounds hold the root
    /// (the polynomial changes sign across them, or one is the root), and they are at most
    /// `width` apart and at most `lo·width/4` apart (plus the outward rounding to doubles),
    /// so that a relative tolerance holds for times near `2^-1000` too. Roots of
    /// `t² - 2·s²` (the irrational `√2·s`) and of `3t - s` (`s/3`, no dyadic), for scales
    /// `s` from 1/2 down to `2^-1000`, and widths from `2^-10` to `2^-40`.
    #[test]
    fn enclosures_are_as_narrow_as_promised_absolutely_and_relatively() {
        let q = Q::from_f64;
        for k in [1, 20, 40, 300, 1000] {
            let s = Q::from_int(1).mul_pow2(-k);
            let polys = [
                Poly::new(vec![-(&(&s * &s).mul_pow2(1)), Q::zero(), Q::from_int(1)]),
                Poly::new(vec![-&s, Q::from_int(3)]),
            ];
            for p in polys {
                let roots = roots_between(&p, &Q::zero(), &Q::from_int(1));
                assert_eq!(roots.len(), 1, "2^-{k}: {p:?}");
                for width in [2f64.powi(-10), 2f64.powi(-24), 2f64.powi(-40)] {
                    let (lo, hi) = enclose(roots[0].clone(), width);
                    assert!(0.0 < lo && lo <= hi, "2^-{k}, {width:e}: {lo:e} {hi:e}");
                    // The root between the bounds: opposite signs (or a zero) at them.
                    let (a, b) = (p.sign_at(&q(lo)), p.sign_at(&q(hi)));
                    assert!(a != b || a.is_eq(), "2^-{k}, {width:e}: {lo:e} {hi:e}");
                    // Narrow enough, absolutely and relatively (two ulps of rounding).
                    let rounding = 2.0 * f64::EPSILON * hi;
                    assert!(
                        hi - lo <= width + rounding,
                        "2^-{k}, {width:e}: {lo:e} {hi:e}"
                    );
                    assert!(
                        hi - lo <= lo * width / 4.0 + rounding,
                        "2^-{k}, {width:e}: {lo:e} {hi:e}"
                    );
                }
            }
        }
    }
}
