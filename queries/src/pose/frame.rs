//! The scaled world in which a `decide_…` formula evaluates posed shapes, and the one
//! mechanism every pairwise formula uses to take poses.

use surety_intervals::stack::{decide_with, Formula};
use surety_intervals::{lift3, Policy, Ring, Ring3, Verdict};

use crate::pose::Pose;

/// A shape's frame inside a `decide_…` formula, in a world scaled by a positive factor `k`
/// common to every shape of the query (the product of the posed shapes' `|q|²`), so that the
/// images are polynomials in the given floats: exact in an exact ring, with no division.
///
/// For a posed shape `X` (quaternion norm `n_X`, matrix `M_X`, scale `s_X`, translation
/// `t_X`) a point `p` goes to `k · (s_X M_X p / n_X + t_X) = (k / n_X) s_X M_X p + k t_X`; for
/// a shape in world coordinates to `k p`. Overlap, intersection and containment are unchanged
/// by a uniform positive scaling of space.
pub(crate) struct Frame<R> {
    /// Whether `k` may differ from 1 (some shape of the query is posed); with no pose at all
    /// the frame is the identity and costs nothing.
    scaled: bool,
    /// `(k / n_X) s_X M_X`, or `None` for `k · I`.
    linear: Option<[Ring3<R>; 3]>,
    /// `k t_X` (zero for a shape in world coordinates).
    shift: Ring3<R>,
    /// `k`.
    k: R,
    /// `k s_X`: how lengths (a radius) scale.
    length: R,
}

impl<R: Ring> Frame<R> {
    /// The frames of two shapes with the given poses, in one scaled world.
    pub(crate) fn pair(a: Option<&Pose>, b: Option<&Pose>) -> [Frame<R>; 2] {
        let one = || R::from_f64(1.0);
        let (na, nb) = (
            a.map_or_else(one, Pose::norm2::<R>),
            b.map_or_else(one, Pose::norm2::<R>),
        );
        let k = na.clone() * nb.clone();
        let scaled = a.is_some() || b.is_some();
        [
            Frame::of(a, nb, k.clone(), scaled),
            Frame::of(b, na, k, scaled),
        ]
    }

    /// The frame of a shape with pose `pose`, `other` the other shapes' `|q|²` product.
    fn of(pose: Option<&Pose>, other: R, k: R, scaled: bool) -> Frame<R> {
        let zero = || R::from_f64(0.0);
        match pose {
            None => Frame {
                scaled,
                linear: None,
                shift: [zero(), zero(), zero()],
                length: k.clone(),
                k,
            },
            Some(pose) => {
                let s = R::from_f64(pose.scale());
                let factor = other * s.clone();
                let linear = pose
                    .matrix::<R>()
                    .map(|row| row.map(|m| m * factor.clone()));
                let shift = lift3::<R>(pose.translation()).map(|t| t * k.clone());
                Frame {
                    scaled,
                    linear: Some(linear),
                    shift,
                    length: k.clone() * s,
                    k,
                }
            }
        }
    }

    /// A direction (or an OBB axis): scaled, rotated; not translated.
    pub(crate) fn vector(&self, v: [f64; 3]) -> Ring3<R> {
        let v = lift3::<R>(v);
        match &self.linear {
            None => self.world_vector_lifted(v),
            Some(m) => m.clone().map(|row| {
                let [a, b, c] = row;
                (a * v[0].clone() + b * v[1].clone()) + c * v[2].clone()
            }),
        }
    }

    /// A point.
    pub(crate) fn point(&self, p: [f64; 3]) -> Ring3<R> {
        let v = self.vector(p);
        match &self.linear {
            None => v,
            Some(_) => {
                let [x, y, z] = v;
                let [a, b, c] = self.shift.clone();
                [x + a, y + b, z + c]
            }
        }
    }

    /// A vector given in world coordinates (a motion): only scaled, by `k`.
    pub(crate) fn world_vector(&self, v: [f64; 3]) -> Ring3<R> {
        self.world_vector_lifted(lift3::<R>(v))
    }

    fn world_vector_lifted(&self, v: Ring3<R>) -> Ring3<R> {
        if self.scaled {
            v.map(|x| x * self.k.clone())
        } else {
            v
        }
    }

    /// A length (a radius).
    pub(crate) fn length(&self, r: f64) -> R {
        if self.scaled {
            R::from_f64(r) * self.length.clone()
        } else {
            R::from_f64(r)
        }
    }
}

/// A two-shape formula stated once, for shapes placed by frames: its plain [`Formula::eval`]
/// is this with the identity frames ([`Frame::pair`] of no poses, which costs nothing), and
/// [`PosedPair`] is this with the shapes' poses. The first shape goes with `frames[0]`.
pub(crate) trait PairFormula: Copy {
    type Output;
    fn eval_placed<R: Ring>(&self, frames: &[Frame<R>; 2]) -> Option<Self::Output>;
}

/// A [`PairFormula`] with its shapes' poses (no static filter: the float filter is its first
/// stage).
#[derive(Clone, Copy)]
pub(crate) struct PosedPair<F> {
    pub(crate) shapes: F,
    pub(crate) poses: [Option<Pose>; 2],
}

impl<F: PairFormula> Formula for PosedPair<F> {
    type Output = F::Output;

    fn eval<R: Ring>(&self) -> Option<F::Output> {
        let frames = Frame::<R>::pair(self.poses[0].as_ref(), self.poses[1].as_ref());
        self.shapes.eval_placed(&frames)
    }
}

/// Decides `shapes` placed by the poses `a` and `b` through the
/// [filter stack](surety_intervals::stack): the plain formula, with its static filter, when
/// neither shape is posed; [`PosedPair`] otherwise.
pub(crate) fn decide_pair<F: PairFormula<Output = bool> + Formula<Output = bool>>(
    shapes: F,
    a: Option<&Pose>,
    b: Option<&Pose>,
    policy: Policy,
) -> Verdict {
    match posed_pair(a, b) {
        None => decide_with(|| shapes, policy).into(),
        Some(poses) => decide_with(|| PosedPair { shapes, poses }, policy).into(),
    }
}

/// The poses of a pair of shapes, when either is posed (`None`: both in world coordinates,
/// for the formulas without poses and their static filters).
#[inline(always)]
pub(crate) fn posed_pair(a: Option<&Pose>, b: Option<&Pose>) -> Option<[Option<Pose>; 2]> {
    (a.is_some() || b.is_some()).then(|| [a.copied(), b.copied()])
}
