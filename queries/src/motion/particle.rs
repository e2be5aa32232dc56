//! A particle moving against a triangle mesh (seed 000).

use surety_intervals::{Endpoint, Scalar, Vec3, Verdict};

use super::clear_path::{bounds_of, segment_clear};
use super::{check_epsilon, finite_point, lift, settle, span};
use crate::filter::moller_trumbore::line_meets;
use crate::{PlacedMesh, Pose, ShapeError, Triangle};

/// Where a particle's move ended, and what stopped it.
///
/// # Example
/// ```
/// use surety_intervals::{Interval, Vec3, Verdict};
/// use surety_queries::{move_particle, TriangleMesh};
///
/// let floor = [[-1.0, -1.0, 0.0], [1.0, -1.0, 0.0], [0.0, 2.0, 0.0]].map(|[x, y, z]| {
///     glam::DVec3::new(x, y, z)
/// });
/// let mesh = TriangleMesh::<Interval>::new(&floor, &[[0, 1, 2]])?;
/// let m = move_particle(&mesh, Vec3::new(0.0, 0.0, 1.0), Vec3::new(0.0, 0.0, -1.0), 1e-6)?;
/// assert_eq!(m.blocked, Verdict::True);
/// assert_eq!(m.triangle, Some(0));
/// assert!(m.end.z >= 0.0 && m.end.z <= 1e-6);
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ParticleMove<F> {
    /// Where the particle is after the move.
    pub end: Vec3<F>,
    /// Whether a face cut the requested move short: `True` when one certainly does, `False`
    /// when certainly none does (then `end` is the requested end), `Maybe` when undecided
    /// (the move was cut conservatively).
    pub blocked: Verdict,
    /// The face with the earliest possible crossing, when some face may block.
    pub triangle: Option<usize>,
}

/// Does the segment `p → q` pass into the back of the triangle: start on or in front of its
/// plane, end strictly behind, and cross the plane within the closed triangle? Also returns
/// the scaled plane distances `n·(p - a)` and `n·(q - a)`.
fn enters<S: Scalar>(p: Vec3<S>, q: Vec3<S>, t: &Triangle<S>, n: Vec3<S>) -> (Verdict, S, S) {
    // Most faces near a move are far from its segment: ruled out in floats first (with
    // intervals only; `sp` and `sq` are not read for a face certainly not entered).
    if S::CERTIFIED && segment_clear(bounds_of(p), bounds_of(q), t.corners().map(bounds_of)) {
        return (Verdict::False, S::zero(), S::zero());
    }
    let a = t.corners()[0];
    let (sp, sq) = (n.dot(p - a), n.dot(q - a));
    let crosses = sp.ge(S::zero()) & sq.lt_zero();
    if crosses.is_false() {
        return (Verdict::False, sp, sq);
    }
    // sp >= 0 > sq makes the Möller–Trumbore determinant positive, so its in-triangle and
    // in-segment tests are exact there.
    let corners = t.corners().map(Vec3::to_array);
    let hit = line_meets(&corners, &p.to_array(), &(q - p).to_array(), false).hit;
    (crosses & hit, sp, sq)
}

/// Moves a particle from `from` toward `to` through a triangle mesh; it never ends inside the
/// solid (seed 000's scheme, decided with certified verdicts).
///
/// Faces are one-sided: the front (normal side) is free, the back is solid. A move is cut by
/// a face when it starts on or in front of the face's plane, ends strictly behind it and
/// crosses the plane within the closed triangle: moves collide only into faces; a particle
/// on a face may move along it or away, never deeper; a particle behind a face passes freely.
/// A cut move stops where the distance to the face's plane is `epsilon / 2`, or at the start
/// when it is already closer.
///
/// # Guarantee (interval scalars)
/// On a closed mesh whose normals face the free space, a particle that starts in free space
/// (or on the boundary) never ends inside the solid, after any number of moves and with any
/// `epsilon >= 0`: a straight move into the open solid must pass into the back of some face
/// it meets, which this test catches exactly when certain, `Maybe` counts as a cut, and the
/// rounded end is re-checked (see [Motion](crate#motion)). When the hit face decides
/// the stop and `epsilon >= ` [`safe_epsilon`](crate::safe_epsilon), the end satisfies
/// `0 <= D(end) <= epsilon` for that face's plane distance `D`.
///
/// # Errors
/// A [`ShapeError`] when a coordinate of `from` or `to` is not finite, or `epsilon` is negative
/// or not finite.
///
/// # Example
/// ```
/// use surety_intervals::{Interval, Vec3, Verdict};
/// use surety_queries::{move_particle, TriangleMesh};
/// use glam::DVec3;
///
/// // A floor triangle facing up; a particle resting exactly on it may not sink.
/// let v = [DVec3::new(-1.0, -1.0, 0.0), DVec3::new(1.0, -1.0, 0.0), DVec3::new(0.0, 2.0, 0.0)];
/// let mesh = TriangleMesh::<Interval>::new(&v, &[[0, 1, 2]])?;
/// let on_floor = Vec3::new(0.0, 0.0, 0.0);
/// let sink = move_particle(&mesh, on_floor, Vec3::new(0.5, 0.0, -1e-300), 0.0)?;
/// assert_eq!((sink.end, sink.blocked), (on_floor, Verdict::True));
/// // Along the floor and away from it are free.
/// let slide = move_particle(&mesh, on_floor, Vec3::new(0.5, 0.0, 0.0), 0.0)?;
/// assert_eq!((slide.end, slide.blocked), (Vec3::new(0.5, 0.0, 0.0), Verdict::False));
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
pub fn move_particle<S: Scalar>(
    mesh: &impl PlacedMesh<S>,
    from: Vec3<S::Float>,
    to: Vec3<S::Float>,
    epsilon: f64,
) -> Result<ParticleMove<S::Float>, ShapeError> {
    finite_point("particle", "from", from)?;
    finite_point("particle", "to", to)?;
    check_epsilon(epsilon)?;
    let (mesh, frame) = mesh.mesh_parts();
    // Positions in the mesh's frame (enclosed for interval scalars); a move's parameter and
    // which side of a face a point is on are the same there. The stop gap scales with it.
    let local = |x: Vec3<S::Float>| {
        let w = lift::<S>(x);
        frame.map_or(w, |pose| pose.inverse_transform_point(w))
    };
    let (p, q) = (local(from), local(to));
    let Some([lo, hi]) = span(p, q) else {
        // Out of the floats in the mesh's frame: no move can be certified, so none is made.
        return Ok(ParticleMove {
            end: from,
            blocked: Verdict::Maybe,
            triangle: None,
        });
    };
    let scale = S::lift_f64(frame.map_or(1.0, Pose::scale));
    let mut blocked = Verdict::False;
    let mut earliest: Option<(f64, usize)> = None; // the earliest stop and its face's slot
    for i in mesh.near_slots(lo, hi) {
        let t = &mesh.by_slot()[i];
        let (n, length) = mesh.normal(i);
        let (v, sp, sq) = enters(p, q, t, n);
        if v.is_false() {
            continue;
        }
        blocked = blocked | v;
        // Where the plane distance is epsilon/2: sp/|n| - s·(sp - sq)/|n| = epsilon/2.
        let gap = S::lift_f64(epsilon / 2.0) / scale * length;
        let stop = (sp - gap) / (sp - sq);
        let at = stop.bounds().0.as_f64();
        let at = if at > 0.0 { at } else { 0.0 };
        if earliest.is_none_or(|(e, _)| at < e) {
            earliest = Some((at, i));
        }
    }
    let Some((at, triangle)) = earliest else {
        return Ok(ParticleMove {
            end: to,
            blocked,
            triangle: None,
        });
    };
    let end = settle(from, to, at, epsilon, |end| {
        !S::CERTIFIED || {
            let h = local(end);
            let Some([lo, hi]) = span(p, h) else {
                return false;
            };
            mesh.near_slots(lo, hi).all(|i| {
                enters(p, h, &mesh.by_slot()[i], mesh.normal(i).0)
                    .0
                    .is_false()
            })
        }
    });
    Ok(ParticleMove {
        end,
        blocked,
        triangle: Some(mesh.face(triangle)),
    })
}
