//! A sphere moving along a straight line against a whole mesh: the first contact.

use surety_intervals::{Endpoint, Interval, Policy, Scalar, Vec3, Verdict};

use crate::bvh::{Box3, RayCull};
use crate::filter::lift::coords;
use crate::mesh::narrow::{is_narrow, within, SHY};
use crate::mesh::swept_box;
use crate::motion::{
    bounds_of, by_reach, settle_by_capsule, sphere_path_clear, sweep_with_normal,
    SweepSphereTriangle,
};
use crate::pose::{decide_pair, enclosed_in_frame, in_frame};
use crate::{
    overlap_sphere_triangle, sweep_sphere_triangle, Placed, PlacedMesh, Sphere, Triangle,
    TriangleMesh,
};

/// The answer of [`sweep_sphere_mesh`].
///
/// # Example
/// ```
/// use surety_intervals::{Interval, Verdict};
/// use surety_queries::{sweep_sphere_mesh, Sphere, TriangleMesh};
/// use glam::DVec3;
///
/// let floor = TriangleMesh::<Interval>::new(
///     &[DVec3::new(-9.0, -9.0, 0.0), DVec3::new(9.0, -9.0, 0.0), DVec3::new(0.0, 9.0, 0.0)],
///     &[[0, 1, 2]],
/// )?;
/// let ball = Sphere::new(DVec3::new(0.0, 0.0, 3.0), 1.0)?;
/// let hit = sweep_sphere_mesh(&ball, DVec3::new(0.0, 0.0, -4.0).into(), &floor);
/// assert_eq!((hit.hit, hit.face), (Verdict::True, Some(0)));
/// assert!(hit.time.contains(0.5)); // falls 2 of its 4 units, then touches
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SweepMeshHit {
    /// Whether the sphere touches the mesh (some closed face) at some time in `[0, 1]`.
    pub hit: Verdict,
    /// A face the sphere certainly touches by `time.hi()` (the one whose contact is known to
    /// come first, when several are, up to the hair faces piled at a contact are left
    /// undecided by: see [`sweep_sphere_mesh`]), when `hit` is `True`.
    pub face: Option<usize>,
    /// Encloses the exact time of the first contact with the mesh, capped at 1 (`[1, 1]` when
    /// there is certainly none). For every time below its lower end the sphere is certainly
    /// apart from every face: moving it that far is safe.
    pub time: Interval<f64>,
}

/// When does a sphere moving from its center `c` to `c + motion` (times `0` to `1`) first
/// touch the mesh? Each face near the swept path (by the hierarchy, against the box of the
/// path grown by the radius and rounded outward, so no face the sphere could touch is left
/// out) is swept with [`sweep_sphere_triangle`](crate::sweep_sphere_triangle); the first
/// contact's enclosure runs from the least lower end of any face that may be touched to the
/// least upper end of one that certainly is. Once a face is certainly touched, a face whose
/// path is certainly clear up to a hair (`2^-40`, relatively) before that contact's lower end
/// is taken as touched no earlier, not swept (faces meeting at the point of contact, or piled
/// there); after a certain contact at time 0, no other face is swept. The time's lower end
/// may then be that hair below the contact, and the face reported may come that hair after
/// another. On plain floats this is the float computation. A posed sphere or mesh: the
/// sphere and its motion are brought into the mesh's frame, enclosed (the times of contact
/// are the same in every frame).
///
/// # Example
/// ```
/// use surety_intervals::{Interval, Verdict};
/// use surety_queries::{sweep_sphere_mesh, Sphere, TriangleMesh};
/// use glam::DVec3;
///
/// // Two floors at z = 0 and z = -2; the ball meets the upper one first.
/// let v = [(0.0, 0.0), (4.0, 0.0), (0.0, 4.0)];
/// let corners: Vec<DVec3> = [0.0, -2.0].iter()
///     .flat_map(|&z| v.map(|(x, y)| DVec3::new(x, y, z)))
///     .collect();
/// let mesh = TriangleMesh::<Interval>::new(&corners, &[[3, 4, 5], [0, 1, 2]])?;
/// let ball = Sphere::new(DVec3::new(1.0, 1.0, 2.0), 0.5)?;
/// let hit = sweep_sphere_mesh(&ball, DVec3::new(0.0, 0.0, -6.0).into(), &mesh);
/// assert_eq!((hit.hit, hit.face), (Verdict::True, Some(1)));
/// assert!(hit.time.contains(0.25)); // 1.5 of its 6 units
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
pub fn sweep_sphere_mesh<S: Scalar>(
    sphere: &impl Placed<Sphere<S>>,
    motion: Vec3<S>,
    mesh: &impl PlacedMesh<S>,
) -> SweepMeshHit {
    let (mesh, frame) = mesh.mesh_parts();
    // The sphere and its motion in the mesh's frame (enclosed); times are the same there.
    let local = in_frame(sphere, frame).zip(match frame {
        None => Some(motion),
        Some(pose) => Some(pose.inverse_transform_vector(motion)).filter(|m| {
            m.to_array().iter().all(|x| {
                let (lo, hi) = x.bounds();
                lo.as_f64().is_finite() && hi.as_f64().is_finite()
            })
        }),
    });
    let Some((sphere, motion)) = local else {
        // Out of the floats in the mesh's frame: every face may be touched, from time 0.
        return earliest(mesh, 0..mesh.len(), |_, _| (Verdict::Maybe, 0.0, 1.0));
    };
    let sphere = &sphere;
    let [lo, hi] = path_box(sphere, motion);
    let face = |i: usize, known: Option<(f64, f64)>| {
        let triangle = &mesh.by_slot()[i];
        // Clear up to the earliest certain contact so far: its contact, if any, comes later
        // (see `earliest`).
        if let (true, Some((first, u))) = (S::CERTIFIED, known) {
            if sphere_path_clear(sphere, motion * S::lift_f64(u), triangle) {
                return (Verdict::False, 1.0, 1.0);
            }
            // Faces meeting at that contact or piled there, as in `decide_sweep_sphere_mesh`.
            if let Some(taken) = beside(first, |before| {
                sphere_path_clear(sphere, motion * S::lift_f64(before), triangle)
            }) {
                return taken;
            }
        }
        let face = sweep_with_normal(
            sphere,
            motion,
            triangle,
            || mesh.normal(i),
            |s| overlap_sphere_triangle(s, triangle),
        );
        let face = settle_by_capsule(face, sphere, motion, triangle);
        let (lo, hi) = (face.time.lo(), face.time.hi());
        if S::CERTIFIED {
            let (lo, hi) = narrowed(sphere, motion, || mesh.triangle_box(i), lo, hi);
            return (face.hit, lo, hi);
        }
        (face.hit, lo, hi)
    };
    // Nearest first where faces are skipped past a certain contact (see `earliest`).
    if S::CERTIFIED {
        earliest(
            mesh,
            by_reach(mesh.near_slots(lo, hi), sphere, motion, mesh.by_slot()).into_iter(),
            face,
        )
    } else {
        earliest(mesh, mesh.near_slots(lo, hi), face)
    }
}

/// The box of the sphere's path: every center `c + t·m`, `t ∈ [0, 1]`, lies between the
/// center's bounds and the end's (each sum rounded outward), then the radius; no face the
/// sphere could touch lies outside it.
fn path_box<T: Scalar>(sphere: &Sphere<T>, motion: Vec3<T>) -> [[f64; 3]; 2] {
    let r = sphere.radius().bounds().1.as_f64();
    let lo_of = |v: Vec3<T>| v.map(|x| x.bounds().0.as_f64());
    let hi_of = |v: Vec3<T>| v.map(|x| x.bounds().1.as_f64());
    let (c_lo, c_hi) = (lo_of(sphere.center()), hi_of(sphere.center()));
    let end_lo = (c_lo + lo_of(motion)).map(f64::next_down);
    let end_hi = (c_hi + hi_of(motion)).map(f64::next_up);
    let [lo, _] = swept_box(c_lo, end_lo, r);
    let [_, hi] = swept_box(c_hi, end_hi, r);
    [lo, hi]
}

/// A face's contact time enclosure `[lo, hi]` narrowed to the times at which the sphere's
/// center may be in the face's box `b()` grown by the radius (a contact puts the center
/// within the radius of the face, which lies in its box): what bounds a face whose own
/// enclosure is wide or the whole motion, a degenerate face's (a point or a segment, whose
/// interval sweep has no plane to go by) or a far or huge one's. Without it, a certain
/// contact with such a face gave the mesh's first contact as `[0, 1]`: no safe time at all,
/// and no face skipped past it. Enclosures already narrow (most faces') are kept as they are.
#[inline]
fn narrowed<T: Scalar>(
    sphere: &Sphere<T>,
    motion: Vec3<T>,
    b: impl FnOnce() -> Box3,
    lo: f64,
    hi: f64,
) -> (f64, f64) {
    if is_narrow(lo, hi) {
        return (lo, hi);
    }
    by_path(sphere, motion, b(), lo, hi)
}

/// [`narrowed`] past its test: the times at which a center `c + t·m` (any `c` and `m` in
/// their enclosures, by [`RayCull::family`], whose span bounds them soundly) is in the box
/// grown by the radius, each side rounded outward.
#[cold]
#[inline(never)]
fn by_path<T: Scalar>(
    sphere: &Sphere<T>,
    motion: Vec3<T>,
    b: Box3,
    lo: f64,
    hi: f64,
) -> (f64, f64) {
    let r = sphere.radius().bounds().1.as_f64();
    let grown = [
        b[0].map(|x| (x - r).next_down()),
        b[1].map(|x| (x + r).next_up()),
    ];
    let cull = RayCull::family(bounds_of(sphere.center()), bounds_of(motion), 1.0);
    // Never turned into a miss here: kept as it was when no member reaches the box.
    cull.span(&grown, 1.0)
        .and_then(|(t0, t1)| within(lo, hi, t0, t1))
        .unwrap_or((lo, hi))
}

/// A face met after a certain contact whose lower end is `first`, when it need not be decided:
/// `(Maybe, before, 1)` when its path is certainly clear up to `before`, a hair (`SHY`,
/// relatively) below `first` (`clear_until(before)`), so that any contact it has comes no
/// earlier: it cannot come first but by that hair, and lowers the safe time by at most that
/// hair (faces sharing the point of contact, a vertex or an edge landed on exactly, or faces
/// piled there: each a tie for the exact stage); `(Maybe, 0, 1)` after a contact at time 0,
/// when nothing comes first. `None` when the face must be decided.
#[inline]
fn beside(first: f64, clear_until: impl FnOnce(f64) -> bool) -> Option<(Verdict, f64, f64)> {
    let before = first - first * SHY;
    if before <= 0.0 {
        return Some((Verdict::Maybe, 0.0, 1.0));
    }
    clear_until(before).then_some((Verdict::Maybe, before, 1.0))
}

/// The mesh's answer from the verdict and time bounds of each face of `faces` (slots,
/// [`TriangleMesh::by_slot`]; `face(slot, known)`): `True` with the certain face whose
/// contact's upper end is least (by its number in the order given); the time from the least lower
/// end of a face not certainly missed to that upper end (1 when none is certain).
///
/// `known` is that face's contact's lower and upper ends so far, once some face is certain:
/// a face whose path up to the upper end is certainly clear may be answered `False`. That
/// changes nothing the answer promises: the verdict is `True` already, such a face's contact
/// (if any) comes after `upper`, so it could neither lower the upper end nor be the first
/// face, and the first contact, at most `upper`, is a visited face's, at least the least
/// lower end. A face may also be answered `Maybe` from a time at which it is certainly not
/// yet touched (its lower end, all the answer needs of it).
fn earliest<S: Scalar>(
    mesh: &TriangleMesh<S>,
    faces: impl Iterator<Item = usize>,
    mut face: impl FnMut(usize, Option<(f64, f64)>) -> (Verdict, f64, f64),
) -> SweepMeshHit {
    let mut hit = Verdict::False;
    // A certain face and its contact's lower and upper ends.
    let mut first: Option<(usize, f64, f64)> = None;
    let mut least = 1.0f64; // least lower end over faces not certainly missed
    for i in faces {
        let (verdict, lo, hi) = face(i, first.map(|(_, lo, hi)| (lo, hi)));
        if verdict.is_false() {
            continue;
        }
        hit = hit | verdict;
        least = least.min(lo);
        if verdict.is_true() && first.is_none_or(|(_, _, t)| hi < t) {
            first = Some((i, lo, hi));
        }
    }
    let upper = first.map_or(1.0, |(_, _, t)| t);
    SweepMeshHit {
        hit,
        face: first.map(|(slot, _, _)| mesh.face(slot)),
        time: Interval::new(least.min(upper), upper).unwrap_or(Interval::ENTIRE),
    }
}

/// [`sweep_sphere_mesh`] on float shapes: the verdict exact under [`Policy::Exact`] (never
/// `Maybe`), each face near the path decided by
/// [`decide_sweep_sphere_triangle`](crate::decide_sweep_sphere_triangle) through the
/// [filter stack](surety_intervals::stack); the time of the first contact enclosed as
/// [`sweep_sphere_mesh`] encloses it, from `Interval<f64>` sweeps of the same inputs (its
/// lower end safe: no face touched before it). A face reported is certainly touched by
/// `time.hi()`. Once a face is certainly touched, a face whose path is certainly clear up to
/// a hair (`2^-40`, relatively) before that contact's lower end is taken as touched no
/// earlier, not decided (faces meeting at the point of contact, or piled there): the time's
/// lower end may then be that hair below the contact, and the face reported may come that
/// hair after another. A posed sphere or mesh is decided with the poses inside each face's
/// formula (the motion is in world coordinates).
///
/// # Example
/// ```
/// use surety_intervals::{Policy, Vec3, Verdict};
/// use surety_queries::{decide_sweep_sphere_mesh, Sphere, TriangleMesh};
///
/// let v = [Vec3::new(0.0, 0.0, 0.0), Vec3::new(1.0, 0.0, 0.0), Vec3::new(0.0, 1.0, 0.0)];
/// let floor = TriangleMesh::<f64>::new(&v, &[[0, 1, 2]])?;
/// // Past the corner (1, 0, 0) at exactly the radius: a graze, decided exactly.
/// let ball = Sphere::<f64>::new(Vec3::new(2.0, -1.0, 0.0), 1.0)?;
/// let hit = decide_sweep_sphere_mesh(&ball, Vec3::new(0.0, 4.0, 0.0), &floor, Policy::Exact);
/// assert_eq!((hit.hit, hit.face), (Verdict::True, Some(0)));
/// assert!(hit.time.contains(0.25)); // at (2, 0, 0), a quarter of the way
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
pub fn decide_sweep_sphere_mesh<S: Scalar + Into<f64>>(
    sphere: &impl Placed<Sphere<S>>,
    motion: Vec3<S>,
    mesh: &impl PlacedMesh<S>,
    policy: Policy,
) -> SweepMeshHit {
    let (mesh, frame) = mesh.mesh_parts();
    let (s, sphere_pose) = sphere.parts();
    let lift = |v: Vec3<S>| Vec3::<Interval<f64>>::lift_f64(Vec3::from(coords(v)));
    // The ball and its motion in the mesh's frame, enclosed (times are the same there): they
    // pick the faces and enclose the time. Always within the floats but for extreme poses;
    // there every face is asked, with the whole motion as its time.
    let radius = Interval::from(s.radius().into());
    let step = frame.map_or(lift(motion), |pose| {
        pose.inverse_transform_vector(lift(motion))
    });
    let finite = step
        .to_array()
        .iter()
        .all(|x| x.lo().is_finite() && x.hi().is_finite());
    let ball = Sphere::new(lift(s.center()), radius)
        .ok()
        .and_then(|b| enclosed_in_frame(b, sphere_pose, frame))
        .filter(|_| finite);
    let [lo, hi] = ball.map_or([[f64::NEG_INFINITY; 3], [f64::INFINITY; 3]], |b| {
        path_box(&b, step)
    });
    let face = |i: usize, known: Option<(f64, f64)>| {
        let triangle = &mesh.by_slot()[i];
        // A path certainly clear of the face (in floats, on the enclosures in the mesh's
        // frame) needs no formula; clear up to the earliest certain contact so far, it
        // cannot come first (see `earliest`).
        let reach = known.map_or(step, |(_, u)| step * Interval::from(u));
        if ball.is_some_and(|b| sphere_path_clear(&b, reach, triangle)) {
            return (Verdict::False, 1.0, 1.0);
        }
        // Clear up to a hair before that contact's lower end: taken as touched no earlier,
        // not decided (see `beside`).
        if let Some((first, _)) = known {
            let clear = |before: f64| {
                ball.as_ref()
                    .is_some_and(|b| sphere_path_clear(b, step * Interval::from(before), triangle))
            };
            if let Some(taken) = beside(first, clear) {
                return taken;
            }
        }
        let shapes = SweepSphereTriangle::new(s, motion, triangle);
        let verdict = decide_pair(shapes, sphere_pose, frame, policy);
        if verdict.is_false() {
            return (verdict, 1.0, 1.0);
        }
        // The interval sweep's enclosure holds the first contact whenever there is one; a
        // certain contact happens by its upper end (capped at 1: within the motion).
        let [a, b, c] = triangle.corners().map(lift);
        let time = match (&ball, Triangle::new(a, b, c)) {
            (Some(ball), Ok(t)) => sweep_sphere_triangle(ball, step, &t).time,
            _ => Interval::ENTIRE,
        };
        let (lo, hi) = (time.lo().max(0.0), time.hi().min(1.0));
        match &ball {
            Some(ball) => {
                let (lo, hi) = narrowed(ball, step, || mesh.triangle_box(i), lo, hi);
                (verdict, lo, hi)
            }
            None => (verdict, lo, hi),
        }
    };
    match &ball {
        Some(b) => earliest(
            mesh,
            by_reach(mesh.near_slots(lo, hi), b, step, mesh.by_slot()).into_iter(),
            face,
        ),
        None => earliest(mesh, mesh.near_slots(lo, hi), face),
    }
}
