//! The Möller–Trumbore line–triangle terms, shared by the segment and ray tests (seed 000).

use surety_intervals::{Scalar, Vec3, Verdict};

use crate::Triangle;

/// Where the line `origin + t · dir` meets a triangle's plane, in Möller–Trumbore's
/// division-free form: with `det = (b - a) · (dir × (c - a))`, the line meets the closed
/// triangle at parameter `t = t_num / det` exactly when `u_num`, `v_num` and
/// `det - u_num - v_num` all have the sign of `det` (or are zero), and `det != 0`.
pub(crate) struct LineTriangle<S> {
    pub det: S,
    pub u_num: S,
    pub v_num: S,
    pub t_num: S,
    /// The exact answer when `det = 0` (the line is parallel to the plane, or the triangle is
    /// degenerate): `False` when the line is certainly off the plane, else `Maybe` (a coplanar
    /// line is not decided here).
    pub parallel: Verdict,
}

impl<S: Scalar> LineTriangle<S> {
    pub(crate) fn new(origin: Vec3<S>, dir: Vec3<S>, triangle: &Triangle<S>) -> Self {
        let [a, b, c] = triangle.corners();
        let (e1, e2) = (b - a, c - a);
        let pvec = dir.cross(e2);
        let det = e1.dot(pvec);
        let tvec = origin - a;
        let qvec = tvec.cross(e1);
        let u_num = tvec.dot(pvec);
        let v_num = dir.dot(qvec);
        let t_num = e2.dot(qvec);
        // det = -dir · n with n = e1 × e2: when det = 0 every point of the line has the same
        // plane distance as the origin, n · (origin - a).
        let off_plane = e1.cross(e2).dot(tvec).eq_zero();
        let parallel = det.eq_zero()
            & if off_plane.is_false() {
                Verdict::False
            } else {
                Verdict::Maybe
            };
        Self {
            det,
            u_num,
            v_num,
            t_num,
            parallel,
        }
    }

    /// The line meets the closed triangle at a parameter in `[0, t_max]` (or `[0, ∞)` for
    /// `None`), for `det != 0`, exactly as a verdict; combined with the parallel case.
    pub(crate) fn hit(&self, t_max_one: bool) -> Verdict {
        let zero = S::zero();
        let (det, u, v, t) = (self.det, self.u_num, self.v_num, self.t_num);
        let w = det - u - v;
        let positive = det.gt_zero()
            & u.ge(zero)
            & v.ge(zero)
            & w.ge(zero)
            & t.ge(zero)
            & if t_max_one { t.le(det) } else { Verdict::True };
        let negative = det.lt_zero()
            & u.le(zero)
            & v.le(zero)
            & w.le(zero)
            & t.le(zero)
            & if t_max_one { t.ge(det) } else { Verdict::True };
        positive | negative | self.parallel
    }
}
