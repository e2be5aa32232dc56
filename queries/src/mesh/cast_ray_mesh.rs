//! A ray against a whole mesh: does it meet the mesh within `[0, max_t]`, which face, and
//! where is the first contact.

use surety_intervals::{Endpoint, Interval, Policy, Scalar, Verdict};

use crate::bvh::{Box3, RayCull};
use crate::filter::lift::coords;
use crate::filter::moller_trumbore::line_meets;
use crate::mesh::narrow::{is_narrow, within, SHY};
use crate::mesh::points_box;
use crate::motion::bounds_of;
use crate::pose::{decide_pair, enclosed_in_frame, in_frame, posed_pair, Frame};
use crate::query::{hit_parameter, BoundedRayTriangle};
use crate::{
    cast_ray_triangle, Placed, PlacedMesh, Pose, Problem, Ray, SegmentTriangle, ShapeError,
    TriangleMesh,
};

/// The answer of [`cast_ray_mesh`] and [`decide_cast_ray_mesh`].
///
/// # Example
/// ```
/// use surety_intervals::{Interval, Vec3, Verdict};
/// use surety_queries::{cast_ray_mesh, Ray, TriangleMesh};
/// use glam::DVec3;
///
/// // Two parallel floors, at z = 0 and z = 1; a ray down from z = 3 meets the upper first.
/// let v = [[0.0, 0.0], [4.0, 0.0], [0.0, 4.0]];
/// let corners: Vec<Vec3<Interval>> = [0.0, 1.0].iter()
///     .flat_map(|&z| v.map(|[x, y]| Vec3::lift_f64(Vec3::new(x, y, z))))
///     .collect();
/// let mesh = TriangleMesh::new(&corners, &[[0, 1, 2], [3, 4, 5]])?;
/// let ray = Ray::<Interval>::new(DVec3::new(1.0, 1.0, 3.0), DVec3::new(0.0, 0.0, -1.0))?;
/// let hit = cast_ray_mesh(&mesh, &ray, f64::INFINITY)?;
/// assert_eq!((hit.hit, hit.face), (Verdict::True, Some(1)));
/// assert!(hit.t.contains(2.0));
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RayMeshHit {
    /// Does the ray meet the mesh (some closed triangle) at a parameter in `[0, max_t]`?
    pub hit: Verdict,
    /// A face the ray certainly meets within `[0, max_t]` (the one whose contact is known
    /// to come first, when several are), when `hit` is `True`.
    pub face: Option<usize>,
    /// An enclosure of the parameter of the ray's first contact with the mesh, whenever `hit`
    /// is not `False` (if the ray meets the mesh at all, its first contact is in `t`); within
    /// `[0, max_t]`. When `hit` is `False` it is `[max_t, max_t]` and promises nothing. On
    /// plain floats the bounds are the float computation's, not certified. Once a face is
    /// certainly met, faces whose boxes the ray enters no earlier than a hair (`2^-40`,
    /// relatively) before that contact are not decided (faces meeting at the point of
    /// contact, or piled there): the lower end may then be that hair below the first
    /// contact, and `face` may be met that hair after another face.
    pub t: Interval<f64>,
}

/// Casts a ray at every triangle of the mesh, through its hierarchy: does the ray meet the
/// mesh within `t ∈ [0, max_t]`, a face it meets, and an enclosure of the first contact.
///
/// On interval shapes each triangle's verdict and parameter are [`cast_ray_triangle`]'s, and
/// the mesh's are their combination: `True` when some triangle is certainly met within
/// `[0, max_t]`, `False` when every triangle is certainly missed there, `Maybe` otherwise.
/// A ray through an edge or a vertex shared by several faces is therefore never certainly
/// missed by all of them: each closed face contains the shared point, and a certain miss
/// is the exact answer. The hierarchy visits faces nearest first and skips boxes that begin
/// after a certain contact (see [`WideBvh::along_ray`](crate::bvh::WideBvh::along_ray) on why
/// no face the ray may meet is skipped before it). On plain floats this is the fast float query.
///
/// # Errors
/// A [`ShapeError`] when `max_t` is NaN or negative (`f64::INFINITY` casts the whole ray).
///
/// # Example
/// ```
/// use surety_intervals::{Interval, Verdict};
/// use surety_queries::{cast_ray_mesh, Ray, TriangleMesh};
/// use glam::DVec3;
///
/// let v = [DVec3::ZERO, DVec3::X, DVec3::Y];
/// let mesh = TriangleMesh::<Interval>::new(&v, &[[0, 1, 2]])?;
/// let down = Ray::<Interval>::new(DVec3::new(0.25, 0.25, 2.0), DVec3::new(0.0, 0.0, -1.0))?;
/// assert_eq!(cast_ray_mesh(&mesh, &down, 1.0)?.hit, Verdict::False); // reaches z = 1 only
/// assert_eq!(cast_ray_mesh(&mesh, &down, 2.0)?.hit, Verdict::True); // touches at t = 2
/// assert!(cast_ray_mesh(&mesh, &down, f64::NAN).is_err());
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
pub fn cast_ray_mesh<S: Scalar>(
    mesh: &impl PlacedMesh<S>,
    ray: &impl Placed<Ray<S>>,
    max_t: f64,
) -> Result<RayMeshHit, ShapeError> {
    check_max_t(max_t)?;
    let (mesh, frame) = mesh.mesh_parts();
    // The ray in the mesh's frame (enclosed): a point's parameter is the same in both.
    let Some(ray) = in_frame(ray, frame) else {
        return Ok(unknown(mesh, max_t));
    };
    let cull = RayCull::family(bounds_of(ray.origin()), bounds_of(ray.direction()), max_t);
    let max = S::lift_f64(max_t);
    Ok(first_contact(mesh, &cull, max_t, |i, reach| {
        // Always the box test here: the filled-leaf shortcut is measured only for the float
        // casts, and an interval face's own test costs far more than its box's.
        if !reach.meets_box(&mesh.triangle_box(i)) {
            return None;
        }
        let h = cast_ray_triangle(&ray, &mesh.by_slot()[i]);
        // A single point of contact at `t` (when `det` is not zero; otherwise `t` is the
        // entire line and the comparison is `Maybe`).
        let hit = if max_t.is_finite() {
            h.hit & h.t.le(max)
        } else {
            h.hit
        };
        let (lo, hi) = h.t.bounds();
        Some((hit, lo.as_f64(), hi.as_f64()))
    }))
}

/// The answer when the ray cannot be brought into the mesh's frame within the floats: `Maybe`
/// with the whole range, unless the mesh is empty.
fn unknown<S: Scalar>(mesh: &TriangleMesh<S>, max_t: f64) -> RayMeshHit {
    if mesh.is_empty() {
        return RayMeshHit {
            hit: Verdict::False,
            face: None,
            t: Interval::new(max_t, max_t).unwrap_or(Interval::ENTIRE),
        };
    }
    RayMeshHit {
        hit: Verdict::Maybe,
        face: None,
        t: Interval::new(0.0, max_t).unwrap_or(Interval::ENTIRE),
    }
}

/// [`cast_ray_mesh`] on float shapes, with every triangle decided by the
/// [filter stack](surety_intervals::stack): exact under [`Policy::Exact`] (no `Maybe`), rays
/// through shared edges and vertices, rays in a face's plane and degenerate faces included.
/// The enclosure of the first contact comes from `Interval<f64>` arithmetic on the same
/// inputs (the entire parameter range `[0, max_t]` for a face met only in its plane).
///
/// With poses (a posed mesh, a posed ray, or both), each face is decided with both poses
/// applied inside its formula, so the verdicts stay exact; the ray's enclosure in the mesh's
/// frame only picks the faces to ask.
///
/// # Errors
/// As [`cast_ray_mesh`].
///
/// # Example
/// ```
/// use surety_intervals::{Policy, Vec3, Verdict};
/// use surety_queries::{decide_cast_ray_mesh, Ray, TriangleMesh};
///
/// // Two faces sharing the edge x = y; a ray straight down through a point of that edge.
/// let v = [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [1.0, 1.0, 0.0], [0.0, 1.0, 0.0]]
///     .map(|[x, y, z]| Vec3::new(x, y, z));
/// let mesh = TriangleMesh::<f64>::new(&v, &[[0, 1, 2], [0, 2, 3]])?;
/// let ray = Ray::<f64>::new(Vec3::new(0.3, 0.3, 1.0), Vec3::new(0.0, 0.0, -1.0))?;
/// let hit = decide_cast_ray_mesh(&mesh, &ray, f64::INFINITY, Policy::Exact)?;
/// assert_eq!(hit.hit, Verdict::True);
/// assert!(hit.t.contains(1.0));
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
pub fn decide_cast_ray_mesh<S: Scalar + Into<f64>>(
    mesh: &impl PlacedMesh<S>,
    ray: &impl Placed<Ray<S>>,
    max_t: f64,
    policy: Policy,
) -> Result<RayMeshHit, ShapeError> {
    check_max_t(max_t)?;
    let (mesh, frame) = mesh.mesh_parts();
    let (ray, ray_pose) = ray.parts();
    let (p, d) = (coords(ray.origin()), coords(ray.direction()));
    match posed_pair(ray_pose, frame) {
        None => Ok(decide_plain(mesh, p, d, max_t, policy)),
        Some(poses) => Ok(decide_posed(mesh, p, d, poses, max_t, policy)),
    }
}

/// [`decide_cast_ray_mesh`] with no pose.
fn decide_plain<S: Scalar + Into<f64>>(
    mesh: &TriangleMesh<S>,
    p: [f64; 3],
    d: [f64; 3],
    max_t: f64,
    policy: Policy,
) -> RayMeshHit {
    let cull = RayCull::new(p, d, max_t);
    first_contact(mesh, &cull, max_t, |i, reach| {
        // The face's coordinates, read once for its box, its filters and its parameter.
        let t = mesh.by_slot()[i].corners().map(coords);
        if !reach.meets(&points_box(&t)) {
            return None;
        }
        // The static filter decides most faces and, for a hit, encloses its parameter too.
        if let Some((hit, [lo, hi])) = SegmentTriangle::static_ray_hit_param(p, d, t) {
            if !hit || lo > max_t {
                return Some((Verdict::False, 0.0, 0.0));
            }
            if hi <= max_t {
                return Some((Verdict::True, lo, hi));
            }
        }
        Some(decide_plain_face(p, d, t, max_t, policy))
    })
}

/// A face of [`decide_plain`] that its static filter leaves open: the filter stack's verdict
/// within `[0, max_t]` and, unless it is `False`, the bounds of the contact parameter. Out of
/// line and cold, so that its setup (the ray's interval enclosures) is not hoisted into every
/// cast, most of which never come here.
#[cold]
#[inline(never)]
fn decide_plain_face(
    p: [f64; 3],
    d: [f64; 3],
    t: [[f64; 3]; 3],
    max_t: f64,
    policy: Policy,
) -> (Verdict, f64, f64) {
    let shapes = SegmentTriangle::ray_from_coords(p, d, t);
    let hit = decide_face(shapes, None, max_t, policy);
    if hit.is_false() {
        return (hit, 0.0, 0.0);
    }
    // The parameter, in intervals, by the same statement as `cast_ray_triangle`'s.
    let lift = |v: [f64; 3]| v.map(Interval::<f64>::enclose);
    let line = line_meets(&t.map(lift), &lift(p), &lift(d), true);
    let param = hit_parameter(&line);
    (hit, param.lo(), param.hi())
}

/// [`decide_cast_ray_mesh`] with poses: the ray's enclosure in the mesh's frame picks the
/// faces, and each face is decided with both poses inside its formula ([`PosedPair`](crate::pose::PosedPair), no
/// static filter).
fn decide_posed<S: Scalar + Into<f64>>(
    mesh: &TriangleMesh<S>,
    p: [f64; 3],
    d: [f64; 3],
    poses: [Option<Pose>; 2],
    max_t: f64,
    policy: Policy,
) -> RayMeshHit {
    let local = Ray::<Interval<f64>>::new(p.map(Interval::from), d.map(Interval::from))
        .ok()
        .and_then(|r| enclosed_in_frame(r, poses[0].as_ref(), poses[1].as_ref()));
    let cull = match (local, mesh.bvh().bounds()) {
        (Some(local), _) => RayCull::family(
            bounds_of(local.origin()),
            bounds_of(local.direction()),
            max_t,
        ),
        // Out of the floats in the mesh's frame: every ray from anywhere in the mesh's box
        // reaches every node at `t = 0`, so every face is asked and none skipped. This
        // stand-in does not hold the ray, but it claims nothing of it either: with origins
        // in the box and directions about zero on every axis, each box's span is
        // `[0, max_t]` and its entry 0, so `first_contact` narrows no enclosure by it and
        // skips no face a contact at or after 0 could not explain.
        (None, Some(b)) => RayCull::family(b, [[-1.0; 3], [1.0; 3]], max_t),
        (None, None) => return unknown(mesh, max_t),
    };
    // The frames of the parameter's interval evaluation, once for every face.
    let frames = Frame::<Interval<f64>>::pair(poses[0].as_ref(), poses[1].as_ref());
    first_contact(mesh, &cull, max_t, |i, reach| {
        let t = mesh.by_slot()[i].corners().map(coords);
        if !reach.meets(&points_box(&t)) {
            return None;
        }
        let shapes = SegmentTriangle::ray_from_coords(p, d, t);
        let hit = decide_face(shapes, Some(poses), max_t, policy);
        if hit.is_false() {
            return Some((hit, 0.0, 0.0));
        }
        // The parameter, in intervals, in the scaled world (the same parameter).
        let (placed, p, d) = shapes.placed(&frames);
        let param = hit_parameter(&line_meets(&placed, &p, &d, true));
        Some((hit, param.lo(), param.hi()))
    })
}

/// Does the ray meet the face within `[0, max_t]`, with the poses (if any) inside the formula?
fn decide_face(
    ray: SegmentTriangle,
    poses: Option<[Option<Pose>; 2]>,
    max_t: f64,
    policy: Policy,
) -> Verdict {
    let [a, b] = poses.unwrap_or([None, None]);
    if max_t.is_finite() {
        let bounded = BoundedRayTriangle { ray, reach: max_t };
        decide_pair(bounded, a.as_ref(), b.as_ref(), policy)
    } else {
        decide_pair(ray, a.as_ref(), b.as_ref(), policy)
    }
}

fn check_max_t(max_t: f64) -> Result<(), ShapeError> {
    if max_t >= 0.0 {
        Ok(())
    } else {
        Err(ShapeError {
            shape: "ray",
            field: "max_t",
            problem: Problem::Negative, // NaN is not >= 0 either
            value: max_t,
            limit: 0.0,
            expected: ">= 0 (f64::INFINITY for the whole ray)",
        })
    }
}

/// Whether a face's box can be reached by the ray before the best certain contact so far
/// (the same certified slab test as the hierarchy's; a face whose box cannot be reached by
/// then cannot come first).
///
/// In a leaf whose faces' boxes are each exactly its lane's box (`filled`), the lane's test
/// has already said what the face's would (the same test on the same box, and the same bound
/// until a face is certainly met), and a float face goes straight to its own test (which
/// decides it whatever its box; after a certain contact, a face beyond the bound can
/// neither be the first certain one nor lower the enclosure's lower end, which is at most
/// the bound already, and its `Maybe` no longer counts).
struct FaceReach<'a> {
    cull: &'a RayCull,
    fast: bool,
    bound: f64,
    filled: bool,
}

impl FaceReach<'_> {
    /// Whether the face with box `b` is worth its own test: its box may be reached by the
    /// bound, or the leaf's lane test already answered for it (`filled`; for a face test that
    /// decides a face beyond the bound as such, exactly or by the filter stack).
    #[inline(always)]
    fn meets(&self, b: &Box3) -> bool {
        self.filled || self.meets_box(b)
    }

    /// Whether the ray may reach the box `b` by the bound.
    #[inline(always)]
    fn meets_box(&self, b: &Box3) -> bool {
        self.cull.entry_with(self.fast, b, self.bound).is_some()
    }
}

/// For [`first_contact`]'s faces met about a certain contact's lower end `floor`: `Some(e)`
/// when the face at `slot` may be left undecided, since the ray enters its box no earlier
/// than `SHY` (relatively) below `floor`, at `e` or later (`floor` when not by then), so that
/// any contact it has is at least `e`; `None` when it must be decided. Out of line, as it is
/// seldom asked.
#[cold]
#[inline(never)]
fn beside<S: Scalar>(
    mesh: &TriangleMesh<S>,
    cull: &RayCull,
    fast: bool,
    slot: usize,
    floor: f64,
) -> Option<f64> {
    match cull.entry_with(fast, &mesh.triangle_box(slot), floor) {
        None => Some(floor),
        Some(e) if e >= floor - floor * SHY => Some(e.min(floor)),
        Some(_) => None,
    }
}

/// How far (relatively) below a certain contact's lower bound a leaf's entry may be for its
/// faces' boxes to be tested against that bound (see [`first_contact`]): more than a
/// rounding down to `f32` moves an entry above `2^-126` (`2^-23`). Only a shortcut: a leaf
/// outside it has its faces taken as before.
const PILED: f64 = 1e-6;

/// A contact enclosure `[lo, hi]` narrowed to the parameters at which the ray is in the
/// face's box `b` (the contact is on the face, the face in its box; [`RayCull::span`] of a
/// `cull` holding every ray asked about bounds them soundly): what bounds a face whose own enclosure is wide or the whole line, a
/// degenerate face's (`det` zero or not known to be nonzero, where the line meets the plane
/// nowhere or everywhere) or a nearly degenerate one's. `None` when the box does not narrow
/// it (or, never expected of a face not certainly missed, no ray meets the box). On the
/// fast path the lower end is the entry the leaf's lane test computes for a box equal to the
/// face's (the two fast tests agree to the bit), so that faces piled at this one's contact
/// are then skipped. Out of line: most faces' enclosures (the static filter's) are narrow.
#[cold]
#[inline(never)]
fn narrowed(cull: &RayCull, fast: bool, b: &Box3, lo: f64, hi: f64) -> Option<(f64, f64)> {
    let (t0, t1) = cull.span(b, cull.t_max())?;
    let t0 = match fast {
        true => cull.entry_fast(b, cull.t_max()).unwrap_or(t0),
        false => t0,
    };
    within(lo, hi, t0, t1)
}

/// The mesh's answer from each visited face's verdict within `[0, max_t]` and the bounds of
/// its contact parameter (meaningful when the verdict is not `False`): `face(slot, reach)`
/// (the face at that slot, [`TriangleMesh::by_slot`]) answers `None` for a face whose box
/// `reach` says the ray cannot meet (a leaf's box holds up to four faces' boxes), having
/// read the face's coordinates once for both.
fn first_contact<S: Scalar>(
    mesh: &TriangleMesh<S>,
    cull: &RayCull,
    max_t: f64,
    mut face: impl FnMut(usize, &FaceReach) -> Option<(Verdict, f64, f64)>,
) -> RayMeshHit {
    // A certain face's slot, and its contact's lower and upper bounds.
    let mut best: Option<(usize, f64, f64)> = None;
    let mut maybe = false;
    let mut lo = f64::INFINITY; // least lower bound over faces not certainly missed
    let mut hi = f64::NEG_INFINITY; // greatest upper bound over them
    let fast = mesh.bvh().fast_for(cull);
    // The face numbers too: the first contact's is read at the end.
    let fetch = |slots| mesh.fetch(slots, true);
    mesh.bvh()
        .along_ray_with(cull, fast, fetch, |slots, entry, filled| {
            // A face whose box the ray enters no earlier than a certain contact's lower bound
            // `first` holds no contact known to come before it, nor one below the least lower
            // bound so far (at most `first`): it is skipped, so that faces meeting at the
            // point of contact or piled there (each a tie for the exact stage) are not
            // decided one by one. So is a face whose box is entered a hair (`SHY`) below
            // `first`, the answer's lower end taking that entry, which bounds its contacts.
            // The verdict is `True` already, and the first contact is at most the certain
            // face's upper bound. Each face's box is tested for it only in a leaf entered
            // about then (a waiting leaf's entry was rounded down to `f32`).
            let floor = match best {
                Some((_, first, _)) if entry >= first - first * PILED => first,
                _ => f64::INFINITY,
            };
            for i in slots {
                if floor < f64::INFINITY {
                    if let Some(e) = beside(mesh, cull, fast, i, floor) {
                        lo = lo.min(e);
                        continue;
                    }
                }
                let reach = FaceReach {
                    cull,
                    fast,
                    bound: best.map_or(max_t, |(_, _, b)| b),
                    filled,
                };
                let Some((verdict, mut t_lo, mut t_hi)) = face(i, &reach) else {
                    continue;
                };
                if verdict.is_false() {
                    continue;
                }
                // A wide enclosure (a NaN or infinite bound fails the test) narrowed by the
                // face's box. Without it, a certain contact with a degenerate face gave the
                // mesh's first contact as `[0, max_t]`, and no face behind it was skipped.
                if !is_narrow(t_lo, t_hi) {
                    if let Some(n) = narrowed(cull, fast, &mesh.triangle_box(i), t_lo, t_hi) {
                        (t_lo, t_hi) = n;
                    }
                }
                // The contact is at a parameter in [0, max_t]; NaN bounds (never expected) are
                // taken as the whole range.
                let t_lo = if t_lo >= 0.0 { t_lo.min(max_t) } else { 0.0 };
                let t_hi = if t_hi <= max_t { t_hi.max(0.0) } else { max_t };
                lo = lo.min(t_lo);
                hi = hi.max(t_hi);
                if verdict.is_true() {
                    if best.is_none_or(|(_, _, b)| t_hi < b) {
                        best = Some((i, t_lo, t_hi));
                    }
                } else {
                    maybe = true;
                }
            }
            // Faces whose boxes begin after a certain contact cannot come first.
            best.map_or(max_t, |(_, _, b)| b)
        });
    let (hit, face) = match best {
        Some((slot, _, _)) => (Verdict::True, Some(mesh.face(slot))),
        None if maybe => (Verdict::Maybe, None),
        None => (Verdict::False, None),
    };
    let t = match (hit, best) {
        (Verdict::False, _) => Interval::new(max_t, max_t),
        (_, Some((_, _, b))) => Interval::new(lo, b),
        _ => Interval::new(lo, hi),
    };
    RayMeshHit {
        hit,
        face,
        t: t.unwrap_or(Interval::ENTIRE),
    }
}
