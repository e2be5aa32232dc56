//! Segment– and ray–triangle, stated once (Möller–Trumbore, seed 000; the separating axis
//! test in the plane): [`line_meets`] is evaluated by the generic queries on the shapes' own
//! scalars and by every stage of the filter stack on float shapes.

use surety_intervals::{cross3, dot3, sub3, Ring, Ring3, Verdict};

/// What [`line_meets`] found: the verdict, Möller–Trumbore's determinant, and the numerator
/// of the line's parameter where it meets the plane (`t_num / det`), when it was reached.
pub(crate) struct LineHit<R> {
    pub(crate) hit: Verdict,
    pub(crate) det: R,
    /// Computed whenever the verdict is not `False`, except where it came from `det = 0`
    /// alone (a line in the plane, which has no single such parameter).
    pub(crate) t_num: Option<R>,
}

/// Does the segment from `p` along `d` (or the ray from `p` along `d`, with `ray`) meet the
/// closed triangle `t`?
///
/// Möller–Trumbore in division-free form: with `e1 = b - a`, `e2 = c - a`,
/// `det = e1 · (d × e2)`, the line meets the plane at one point when `det ≠ 0`, and the
/// triangle there when `u`, `v` and `det - u - v` have the sign of `det` or are zero (the
/// barycentric numerators), and within the segment when `t_num` and `det - t_num` do too (a
/// ray drops the last). When `det = 0` (parallel, or a degenerate triangle) the segment is
/// off the plane, or in it, where the separating axis test decides ([`parallel`]).
///
/// Each condition is a verdict, and the three cases (`det` positive, negative, zero) are
/// joined by their verdicts, so the statement is exact in exact arithmetic and sound in
/// intervals, where `det`'s sign may be unknown. Conditions are checked in Möller–Trumbore's
/// order and stop at the first certain miss.
#[inline]
pub(crate) fn line_meets<R: Ring>(
    t: &[Ring3<R>; 3],
    p: &Ring3<R>,
    d: &Ring3<R>,
    ray: bool,
) -> LineHit<R> {
    let [a, b, c] = t;
    let (e1, e2) = (sub3(b, a), sub3(c, a));
    let pvec = cross3(d, &e2);
    let det = dot3(&e1, &pvec);
    let (positive, negative) = (det.positive(), det.negative());
    let mut hit = Verdict::False;
    let mut t_num = None;
    if !(positive | negative).is_false() {
        // "x has det's sign, or is zero" and "x is no farther from zero than det".
        let with_det = |x: &R| (positive & x.non_negative()) | (negative & x.non_positive());
        let within_det = |x: R| {
            let rest = det.clone() - x;
            (positive & rest.non_negative()) | (negative & rest.non_positive())
        };
        let tvec = sub3(p, a);
        let u = dot3(&tvec, &pvec);
        hit = with_det(&u);
        if !hit.is_false() {
            let qvec = cross3(&tvec, &e1);
            let v = dot3(d, &qvec);
            hit = hit & with_det(&v) & within_det(u + v);
            if !hit.is_false() {
                let t = dot3(&e2, &qvec);
                hit = hit & with_det(&t);
                if !ray {
                    hit = hit & within_det(t.clone());
                }
                t_num = Some(t);
            }
        }
    }
    let zero = !(positive | negative);
    if !zero.is_false() {
        hit = hit | (zero & parallel(t, p, d, ray, &e1, &e2));
    }
    LineHit { hit, det, t_num }
}

/// `det = 0`: off the plane (apart), or in it (the separating axis test). The segment (or
/// ray, with `ray`) starts at `p` and goes along `d`.
#[cold]
fn parallel<R: Ring>(
    t: &[Ring3<R>; 3],
    p: &Ring3<R>,
    d: &Ring3<R>,
    ray: bool,
    e1: &Ring3<R>,
    e2: &Ring3<R>,
) -> Verdict {
    let n = cross3(e1, e2);
    // d · n = 0, so every point is at the height n · (p - a).
    let in_plane = dot3(&n, &sub3(p, &t[0])).equals_zero();
    if in_plane.is_false() {
        return Verdict::False;
    }
    in_plane & coplanar(t, p, d, ray, &n)
}

/// Segment (or ray) and triangle in one plane, or a degenerate triangle: the separating axis
/// test. The candidate axes are the facet normals of the Minkowski difference, which has the
/// same facet directions for a ray as for a segment along `d`; a ray's projection is a
/// half-line, `[w·p, ∞)` when `w·d ≥ 0` and `(-∞, w·p]` when `w·d ≤ 0`.
///
/// Axes are made and tried one at a time, those perpendicular to `d` first, stopping at the
/// first that certainly separates. On an axis perpendicular to `d` by construction (`w = v ×
/// d`, or `d × (d × r)`), `w·d` is zero identically, so the segment's or ray's projection is
/// the single point `w·p` for the exact axis, whatever enclosure of `w` is in hand: in
/// intervals, where `w·d` would only be known to be near zero and no half-line's direction
/// certain, this is what lets a ray skew to a degenerate triangle's line be certainly apart
/// without the exact stage.
#[cold]
fn coplanar<R: Ring>(
    t: &[Ring3<R>; 3],
    p: &Ring3<R>,
    d: &Ring3<R>,
    ray: bool,
    n: &Ring3<R>,
) -> Verdict {
    let [a, b, c] = t;
    let edges = [sub3(b, a), sub3(c, b), sub3(a, c)];
    let n_zero = n.iter().fold(Verdict::True, |acc, k| acc & k.equals_zero());
    // Which set of axes is complete. When that is not known (a nearly degenerate triangle in
    // rounded arithmetic), an axis that separates still proves the miss, though none can
    // prove the contact: then only the few axes across `d` of both sets are tried, which
    // find a ray skew to the triangle (the rest would cost four times as much for a `Maybe`
    // at every tie).
    let (flat, degenerate, complete) = match n_zero.certain() {
        Some(zero) => (!zero, zero, true),
        None => (true, true, false),
    };
    // The axes `(w, across)`, `across` when `w` is perpendicular to `d` identically, those
    // first in each set. For a flat Minkowski difference in the plane (`n` not zero): the
    // normal's cross with `d`, then its in-plane edge normals. For two collinear-or-point
    // shapes (`n` zero), the difference is a parallelogram (normal m = e × d, in-plane normals
    // m × e and m × d), a segment along f ∈ {e, d} (the axis f, and f × (f × r) towards the
    // origin, r = a - p), or the single point r (the coordinate axes). Each is made when it
    // is tried: `apart(w, across)` says whether it or one tried before certainly separates
    // (the verdicts are or-ed, so that one axis's `Maybe` and the others' `False` give `Maybe`).
    let mut separated = Verdict::False;
    let mut apart = |w: &Ring3<R>, across: bool| {
        separated = separated | separates(t, p, d, ray, w, across);
        separated.is_true()
    };
    if flat {
        if apart(&cross3(n, d), true) {
            return Verdict::False;
        }
        if complete && edges.iter().any(|e| apart(&cross3(n, e), false)) {
            return Verdict::False;
        }
    }
    if degenerate {
        let r = sub3(a, p);
        let normals = edges.clone().map(|e| cross3(&e, d));
        if normals.iter().any(|m| apart(m, true)) || apart(&cross3(d, &cross3(d, &r)), true) {
            return Verdict::False;
        }
        if complete {
            let (zero, one) = (R::from_f64(0.0), R::from_f64(1.0));
            let unit =
                |k: usize| std::array::from_fn(|j| if j == k { &one } else { &zero }.clone());
            let found = edges
                .iter()
                .zip(&normals)
                .any(|(e, m)| apart(&cross3(m, e), false) || apart(&cross3(m, d), false))
                || edges
                    .iter()
                    .any(|e| apart(&cross3(e, &cross3(e, &r)), false) || apart(e, false))
                || apart(d, false)
                || (0..3).any(|k| apart(&unit(k), false));
            if found {
                return Verdict::False;
            }
        }
    }
    if !complete {
        return Verdict::Maybe; // not apart, and the axes tried are not known to be complete
    }
    !separated
}

/// Whether the axis `w` separates the triangle `t` from the segment (or ray, with `ray`) from
/// `p` along `d`: `across` when `w` is perpendicular to `d` identically (see [`coplanar`]).
/// Out of line: [`coplanar`] asks it of up to twenty axes.
#[inline(never)]
fn separates<R: Ring>(
    t: &[Ring3<R>; 3],
    p: &Ring3<R>,
    d: &Ring3<R>,
    ray: bool,
    w: &Ring3<R>,
    across: bool,
) -> Verdict {
    let [t0, t1, t2] = t.clone().map(|x| dot3(w, &x));
    let t_min = t0.clone().min(t1.clone()).min(t2.clone());
    let t_max = t0.max(t1).max(t2);
    let s0 = dot3(w, p);
    if across {
        (s0.clone() - t_max).positive() | (t_min - s0).positive()
    } else if ray {
        let slope = dot3(w, d);
        ((s0.clone() - t_max).positive() & slope.non_negative())
            | ((t_min - s0).positive() & slope.non_positive())
    } else {
        let s1 = s0.clone() + dot3(w, d);
        let (s_min, s_max) = (s0.clone().min(s1.clone()), s0.max(s1));
        (s_min - t_max).positive() | (t_min - s_max).positive()
    }
}
