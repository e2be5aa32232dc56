//! The Möller–Trumbore line–triangle terms, shared by the segment and ray tests (seed 000).

use surety_intervals::{Scalar, Vec3, Verdict};

use crate::Triangle;

/// Does the line `origin + t · dir` meet the closed triangle at a parameter `t` in `[0, 1]`
/// (`segment`) or `[0, ∞)` (ray)? Möller–Trumbore in division-free form (seed 000): with
/// `det = (b - a) · (dir × (c - a))`, the line meets the triangle exactly when `det != 0` and
/// `u_num`, `v_num` and `t_num` all have the sign of `det` or are zero, `u_num + v_num` is no
/// farther from zero than `det`, and, for a segment, `t_num` is no farther than `det` either. Each condition is a verdict, so the answer
/// is exact when certain. Conditions are checked in Möller–Trumbore's order and the test stops
/// at the first certain miss, as the float algorithm does.
///
/// When `det = 0` (the line is parallel to the plane, or the triangle is degenerate) every
/// point of the line has the plane distance of `origin`: certainly off the plane is a miss,
/// otherwise (a line in the plane) `Maybe`.
///
/// Returns the verdict and `(t_num, det)`; `t_num` is computed whenever the verdict is not
/// `False`.
pub(crate) fn line_triangle<S: Scalar>(
    origin: Vec3<S>,
    dir: Vec3<S>,
    triangle: &Triangle<S>,
    segment: bool,
) -> (Verdict, S, S) {
    let [a, b, c] = triangle.corners();
    let zero = S::zero();
    let (e1, e2) = (b - a, c - a);
    let pvec = dir.cross(e2);
    let det = e1.dot(pvec);
    let tvec = origin - a;
    let (positive, negative) = (det.gt_zero(), det.lt_zero());
    // "x has the sign of det, or is zero" and "x is no farther from zero than det".
    let with_det = |x: S| (positive & x.ge(zero)) | (negative & x.le(zero));
    let within_det = |x: S| (positive & x.le(det)) | (negative & x.ge(det));
    let u_num = tvec.dot(pvec);
    let mut hit = with_det(u_num) & within_det(u_num);
    let mut t_num = None;
    if !hit.is_false() {
        let qvec = tvec.cross(e1);
        let v_num = dir.dot(qvec);
        hit = hit & with_det(v_num) & within_det(u_num + v_num);
        if !hit.is_false() {
            let t = e2.dot(qvec);
            t_num = Some(t);
            hit = hit & with_det(t);
            if segment {
                hit = hit & within_det(t);
            }
        }
    }
    if !det.eq_zero().is_false() {
        let off_plane = e1.cross(e2).dot(tvec).eq_zero().is_false();
        let parallel = if off_plane {
            Verdict::False
        } else {
            Verdict::Maybe
        };
        hit = hit | (det.eq_zero() & parallel);
    }
    // `t_num` whenever the answer is not a certain miss: the early exits above may skip it
    // and the parallel case then turn the verdict back into `Maybe`.
    let t_num = match t_num {
        Some(t) => t,
        None if !hit.is_false() => e2.dot(tvec.cross(e1)),
        None => zero,
    };
    (hit, t_num, det)
}
