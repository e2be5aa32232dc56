//! Collide-and-slide: a sphere moved through a triangle mesh (seed 003).

use surety_intervals::{Endpoint, Scalar, Vec3, Verdict};

use super::clear_path::{by_reach, sphere_path_clear};
use super::{check_epsilon, finite_point, gap, lift, settle, span, sweep_with_normal, widen};
use crate::filter::moller_trumbore::line_meets;
use crate::shape::validate::non_negative;
use crate::{overlap_sphere_triangle, PlacedMesh, Pose, ShapeError, Sphere, Triangle};

/// Settings for [`slide_sphere`].
///
/// # Example
/// ```
/// use surety_queries::SlideOptions;
///
/// let o = SlideOptions { epsilon: 1e-9, ..SlideOptions::default() };
/// assert_eq!(o.max_iterations, 4);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SlideOptions {
    /// How far from a surface the sphere stops, as a distance along the contact normal
    /// (halved, like the particle's): `0` is allowed and still safe with intervals.
    pub epsilon: f64,
    /// The most straight steps one call takes (each ends at a contact or the goal).
    pub max_iterations: u32,
    /// Whether a sphere that starts touching the mesh is first pushed out of the contact
    /// (overlap recovery, like a game engine's character controller): see
    /// [`slide_sphere`]. When `false`, it stays where it is.
    pub push_out: bool,
}

impl Default for SlideOptions {
    fn default() -> Self {
        Self {
            epsilon: 1e-9,
            max_iterations: 4,
            push_out: true,
        }
    }
}

/// Where a collide-and-slide move ended.
///
/// # Example
/// ```
/// use surety_intervals::{Interval, Vec3};
/// use surety_queries::{slide_sphere, SlideOptions, TriangleMesh};
///
/// let mesh = TriangleMesh::<Interval>::from_triangles(Vec::new())?;
/// let s = slide_sphere(&mesh, Vec3::new(0.0, 0.0, 0.0), 1.0, Vec3::new(1.0, 2.0, 3.0), SlideOptions::default())?;
/// assert_eq!((s.end, s.contacts, s.exhausted), (Vec3::new(1.0, 2.0, 3.0), 0, false));
/// assert!(!s.started_in_contact);
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Slide<F> {
    /// The sphere's center after the move.
    pub end: Vec3<F>,
    /// How many steps stopped at a possible contact.
    pub contacts: u32,
    /// Whether motion was left over when the iteration cap was reached.
    pub exhausted: bool,
    /// Whether the sphere may have touched the mesh where it started. It was then pushed
    /// out of the contact before it moved (with [`SlideOptions::push_out`]), or, when no
    /// push could be certified, left where it was (`end` is the start, `contacts` 0).
    pub started_in_contact: bool,
}

/// The most rounds of pushing a sphere that starts in contact out of it.
const PUSH_ROUNDS: u32 = 8;

/// The point of the triangle `[a, b, c]` closest to `p`, in plain `f64` (Ericson's region
/// walk, *Real-Time Collision Detection* §5.1.5): approximate, for choosing a contact normal
/// (which needs no certificate: every certified step is checked whatever its direction).
///
/// # Example
/// ```
/// use surety_intervals::Vec3;
/// use surety_queries::closest_point_on_triangle;
///
/// let t = [Vec3::new(0.0, 0.0, 0.0), Vec3::new(2.0, 0.0, 0.0), Vec3::new(0.0, 2.0, 0.0)];
/// assert_eq!(closest_point_on_triangle(Vec3::new(0.5, 0.5, 3.0), t), Vec3::new(0.5, 0.5, 0.0));
/// assert_eq!(closest_point_on_triangle(Vec3::new(-1.0, -1.0, 0.0), t), t[0]);
/// ```
pub fn closest_point_on_triangle(p: Vec3<f64>, [a, b, c]: [Vec3<f64>; 3]) -> Vec3<f64> {
    // Scaled by a power of two so that the largest coordinate is near 1: the walk's products
    // of four coordinates neither overflow (coordinates near 1e308) nor underflow.
    let m = [p, a, b, c]
        .iter()
        .flat_map(|v| v.abs().to_array())
        .fold(0.0, f64::max);
    if !(m > 0.0 && m.is_finite()) {
        return a;
    }
    let k = m.log2().floor() as i32;
    let down = |v: Vec3<f64>| scale_pow2(v, -k);
    let (p, t) = (down(p), [down(a), down(b), down(c)]);
    let mut r = closest_point_scaled(p, t);
    if !r.to_array().iter().all(|x| x.is_finite()) {
        // Products underflowed to 0 / 0 (two corners some 2^1000 smaller than the third): the
        // nearest corner, whose squared distances (at most 12 here) are finite.
        let d2 = |x: Vec3<f64>| (p - x).length_squared();
        r = t
            .into_iter()
            .fold(t[0], |best, x| if d2(x) < d2(best) { x } else { best });
    }
    scale_pow2(r, k)
}

/// `v · 2^k`, in two exact steps (each factor a normal double) but for underflow.
fn scale_pow2(v: Vec3<f64>, k: i32) -> Vec3<f64> {
    let half = k / 2;
    v * 2f64.powi(half) * 2f64.powi(k - half)
}

/// [`closest_point_on_triangle`] on coordinates of magnitude at most about 1.
///
/// An edge's region is entered only when the edge has a nonzero length (`d1 - d3` is
/// `|ab|²`, `d2 - d6` is `|ac|²`, and the sum in the third is `|bc|²`): with two equal corners
/// the region test holds vacuously and its division is 0 / 0. A triangle with no area (equal
/// or collinear corners) is a set of segments, and the nearest of their nearest points is the
/// answer.
fn closest_point_scaled(p: Vec3<f64>, [a, b, c]: [Vec3<f64>; 3]) -> Vec3<f64> {
    let (ab, ac, ap) = (b - a, c - a, p - a);
    let (d1, d2) = (ab.dot(ap), ac.dot(ap));
    if d1 <= 0.0 && d2 <= 0.0 {
        return a;
    }
    let bp = p - b;
    let (d3, d4) = (ab.dot(bp), ac.dot(bp));
    if d3 >= 0.0 && d4 <= d3 {
        return b;
    }
    let vc = d1 * d4 - d3 * d2;
    if vc <= 0.0 && d1 >= 0.0 && d3 <= 0.0 && d1 - d3 > 0.0 {
        return a + ab * (d1 / (d1 - d3));
    }
    let cp = p - c;
    let (d5, d6) = (ab.dot(cp), ac.dot(cp));
    if d6 >= 0.0 && d5 <= d6 {
        return c;
    }
    let vb = d5 * d2 - d1 * d6;
    if vb <= 0.0 && d2 >= 0.0 && d6 <= 0.0 && d2 - d6 > 0.0 {
        return a + ac * (d2 / (d2 - d6));
    }
    let va = d3 * d6 - d5 * d4;
    let bc_squared = (d4 - d3) + (d5 - d6);
    if va <= 0.0 && d4 - d3 >= 0.0 && d5 - d6 >= 0.0 && bc_squared > 0.0 {
        return b + (c - b) * ((d4 - d3) / bc_squared);
    }
    let denom = va + vb + vc;
    if denom.is_nan() || denom <= 0.0 {
        // No area: the nearest point of the three edges.
        let d2 = |x: Vec3<f64>| (p - x).length_squared();
        return [
            closest_point_on_segment(p, a, b),
            closest_point_on_segment(p, b, c),
            closest_point_on_segment(p, c, a),
        ]
        .into_iter()
        .fold(a, |best, x| if d2(x) < d2(best) { x } else { best });
    }
    a + ab * (vb / denom) + ac * (vc / denom)
}

/// The point of the segment from `a` to `b` nearest to `p` (`a` when the segment is a point).
pub(crate) fn closest_point_on_segment(p: Vec3<f64>, a: Vec3<f64>, b: Vec3<f64>) -> Vec3<f64> {
    let ab = b - a;
    let (along, length_squared) = (ab.dot(p - a), ab.dot(ab));
    if !(along > 0.0 && length_squared > 0.0) {
        a
    } else if along >= length_squared {
        b
    } else {
        a + ab * (along / length_squared)
    }
}

fn corners_f64<S: Scalar>(t: &Triangle<S>) -> [Vec3<f64>; 3] {
    t.corners().map(|v| v.map(|x| x.bounds().0.as_f64()))
}

/// Moves a sphere of radius `radius` from `center` by `motion` through a triangle mesh,
/// sliding along what it hits: each step goes to a certified safe time, the rest of the
/// motion is projected onto the contact plane, and the loop stops after
/// `options.max_iterations` steps (no recursion, no endless retries).
///
/// Faces are two-sided here: the sphere collides with triangles from either side.
///
/// # Guarantee (interval scalars)
/// If the sphere starts apart from every triangle, it ends apart from every triangle, and it
/// touches none along the way: each step's actual straight move, from its start to its rounded
/// end, is swept against every nearby triangle with [`sweep_sphere_triangle`](crate::sweep_sphere_triangle) and taken only if
/// no contact is possible (see [Motion](crate#motion)). No bias is added to the
/// motion: the contact normal and the projection are plain `f64` (any direction is safe,
/// since every step is checked), so a slide along a floor stays on a straight, level path.
///
/// # Starting in contact (interval scalars)
/// A sphere that may touch the mesh where it starts (resting exactly on a floor, or sunk
/// into it) cannot be moved with that guarantee, since it holds already at the start. With
/// [`SlideOptions::push_out`] (the default) it is first pushed out, the way game engines'
/// character controllers recover from overlaps: along the contact normal of the face it
/// sinks deepest into, by the depth plus `epsilon / 2` (a few ulps at least), a few rounds
/// for corners. The push is taken only when it is certified that
/// - the sphere ends it apart from every triangle,
/// - it touches no triangle along the way that it did not touch at its start, and
/// - its center crosses none of the triangles it touched (a push never goes through a wall);
///
/// the slide then goes on from there as above, with the whole `motion`, and
/// [`Slide::started_in_contact`] says it happened. A sphere whose center lies on a triangle
/// has no side to be pushed to, and a sphere that cannot be freed in a few rounds (wedged
/// between faces closer than its diameter) stays where it is.
///
/// # Errors
/// A [`ShapeError`] when a coordinate is not finite, or the radius or `options.epsilon` is
/// negative or not finite.
///
/// # Example
/// ```
/// use surety_intervals::{Interval, Vec3};
/// use surety_queries::{slide_sphere, SlideOptions, TriangleMesh};
/// use glam::DVec3;
///
/// // A floor; a ball resting on it pushed down and forward slides forward, level.
/// let v = [DVec3::new(-9.0, -9.0, 0.0), DVec3::new(9.0, -9.0, 0.0), DVec3::new(0.0, 9.0, 0.0)];
/// let floor = TriangleMesh::<Interval>::new(&v, &[[0, 1, 2]])?;
/// let options = SlideOptions { epsilon: 1e-6, ..SlideOptions::default() };
/// let s = slide_sphere(&floor, Vec3::new(0.0, 0.0, 1.5), 1.0, Vec3::new(2.0, 0.0, -1.0), options)?;
/// assert!(s.end.z >= 1.0 && s.end.z <= 1.0 + 1e-6);  // on the floor, not in it
/// assert!((s.end.x - 2.0).abs() < 1e-5);             // the whole forward motion kept
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
pub fn slide_sphere<S: Scalar>(
    mesh: &impl PlacedMesh<S>,
    center: Vec3<S::Float>,
    radius: S::Float,
    motion: Vec3<S::Float>,
    options: SlideOptions,
) -> Result<Slide<S::Float>, ShapeError> {
    finite_point("sphere", "center", center)?;
    finite_point("sphere", "motion", motion)?;
    non_negative("sphere", "radius", radius.as_f64())?;
    check_epsilon(options.epsilon)?;
    finite_point("sphere", "motion", point_plus(center, widen(motion))).map_err(|e| {
        ShapeError {
            field: "center + motion",
            ..e
        }
    })?;
    let r = radius.as_f64();
    let (mesh, frame) = mesh.mesh_parts();
    // The sphere in the mesh's frame (enclosed for interval scalars): its center, its radius
    // over the pose's scale, and a step's motion; sweep times are the same there.
    let radius_s = S::lift_f64(r) / S::lift_f64(frame.map_or(1.0, Pose::scale));
    let r_local = radius_s.bounds().1.as_f64();
    let local_ball = |c: Vec3<S::Float>| {
        let w = lift::<S>(c);
        Sphere::new(
            frame.map_or(w, |pose| pose.inverse_transform_point(w)),
            radius_s,
        )
        .ok()
    };
    let local_step = |from: Vec3<S::Float>, to: Vec3<S::Float>| {
        let v = lift::<S>(to) - lift::<S>(from);
        frame.map_or(v, |pose| pose.inverse_transform_vector(v))
    };
    // The faces near the ball's path in the mesh's frame, or `None` out of the floats there.
    let near = |ball: &Sphere<S>, step: Vec3<S>| {
        let c = ball.center();
        let end = c + step;
        let [lo, hi] = span(c, end)?;
        let grow = |x: f64, up: bool| {
            let v = if up { x + r_local } else { x - r_local };
            let v = if up { v.next_up() } else { v.next_down() };
            v.is_finite().then_some(v)
        };
        let lo = [
            grow(lo[0], false)?,
            grow(lo[1], false)?,
            grow(lo[2], false)?,
        ];
        let hi = [grow(hi[0], true)?, grow(hi[1], true)?, grow(hi[2], true)?];
        Some(mesh.near_slots(lo, hi))
    };
    let world_corners = |i: usize| {
        let t = corners_f64(&mesh.by_slot()[i]);
        frame.map_or(t, |pose| t.map(|p| pose.transform_point(p)))
    };
    let stay = |c, contacts, started_in_contact| Slide {
        end: c,
        contacts,
        exhausted: false,
        started_in_contact,
    };
    let mut c = center;
    let mut m = widen(motion);
    let mut contacts = 0;
    // Every step starts where the sphere is certainly apart from the mesh: checked here for
    // the caller's start, and by each step's re-check for the next. So the sweeps skip their
    // own contact test at time 0.
    let clear = |_: &Sphere<S>| Verdict::False;
    // Out of the floats in the mesh's frame nothing can be certified: counted as contact.
    let Some(ball) = local_ball(c) else {
        return Ok(stay(c, 0, true));
    };
    let Some(faces) = near(&ball, Vec3::zero()) else {
        return Ok(stay(c, 0, true));
    };
    // Apart in floats (the path of no motion clear, certified), else in the shape's scalars.
    let touches = |ball: &Sphere<S>, t: &Triangle<S>| {
        if S::CERTIFIED && sphere_path_clear(ball, Vec3::zero(), t) {
            return false;
        }
        !overlap_sphere_triangle(ball, t).is_false()
    };
    // Overlap recovery (see "Starting in contact" above): the end of a certified push of the
    // ball `start` at `c` out of every contact, the faces it `touched` there given (sorted,
    // to be searched once per face near the push: a ball may touch thousands), or `None`.
    let push_out = |start: &Sphere<S>, c: Vec3<S::Float>, touched: &[usize]| {
        let mut p = c;
        for round in 0..PUSH_ROUNDS {
            let ball = local_ball(p)?;
            let at = widen(p);
            // At least a few ulps of the coordinates in play, so that each round moves.
            let scale = at.abs().to_array().into_iter().fold(r, f64::max);
            let gap = gap::<S::Float>(options.epsilon, scale);
            let mut deepest: Option<(Vec3<f64>, f64)> = None;
            // The faces the ball touches: at the start, those given; later, those found.
            let found = match round {
                0 => None,
                _ => Some(near(&ball, Vec3::zero())?),
            };
            let given = touched.iter().copied().filter(|_| round == 0);
            let found = found.into_iter().flatten();
            for i in given.chain(found.filter(|&i| touches(&ball, &mesh.by_slot()[i]))) {
                // A center on the face has no side to go to.
                let (n, distance) = unit(at - closest_point_on_triangle(at, world_corners(i)))?;
                let need = (r - distance).max(0.0) + gap;
                if deepest.is_none_or(|(_, most)| need > most) {
                    deepest = Some((n, need));
                }
            }
            let Some((n, need)) = deepest else {
                // Apart at `p`: the push is taken if its path is certified as promised.
                let step = local_step(c, p);
                let (from, d) = (start.center().to_array(), step.to_array());
                return near(start, step)?
                    .all(|i| {
                        let t = &mesh.by_slot()[i];
                        if touched.binary_search(&i).is_ok() {
                            let corners = t.corners().map(Vec3::to_array);
                            line_meets(&corners, &from, &d, false).hit.is_false()
                        } else {
                            sweep_with_normal(start, step, t, || mesh.normal(i), clear)
                                .hit
                                .is_false()
                        }
                    })
                    .then_some(p);
            };
            let next = point_plus(p, n * need);
            if next == p || !finite3(widen(next)) {
                return None;
            }
            p = next;
        }
        None
    };
    // The faces the start may touch (none, and no allocation, for a start apart: every
    // near face is tested either way).
    let mut touched: Vec<usize> = faces
        .filter(|&i| touches(&ball, &mesh.by_slot()[i]))
        .collect();
    let mut started_in_contact = false;
    if !touched.is_empty() {
        touched.sort_unstable();
        match options
            .push_out
            .then(|| push_out(&ball, c, &touched))
            .flatten()
        {
            Some(p) => {
                c = p;
                started_in_contact = true;
            }
            None => return Ok(stay(c, 0, true)),
        }
    }
    for _ in 0..options.max_iterations {
        let goal = point_plus(c, m);
        if goal == c {
            return Ok(Slide {
                end: c,
                contacts,
                exhausted: false,
                started_in_contact,
            });
        }
        let Some(ball) = local_ball(c) else {
            break;
        };
        let step = local_step(c, goal);
        let Some(faces) = near(&ball, step) else {
            break;
        };
        let mut earliest: Option<(f64, usize)> = None;
        let visit = |earliest: &mut Option<(f64, usize)>, i: usize, triangle: &Triangle<S>| {
            let hit = sweep_with_normal(&ball, step, triangle, || mesh.normal(i), clear);
            if !hit.hit.is_false() && earliest.is_none_or(|(e, _)| hit.time.lo() < e) {
                *earliest = Some((hit.time.lo(), i));
            }
        };
        if S::CERTIFIED {
            // Nearest along the path first (an estimate: the order is only of work); a face
            // whose path up to the earliest possible contact so far is clear is skipped: it
            // cannot come first. (Skipping starts once a contact is found, and the step
            // chosen is re-checked whole before it is taken, by `settle` below.) A face's
            // contact is estimated in floats first, and swept in intervals only when the
            // estimate misses or cannot be shown to be at most a little late: the step is
            // re-checked anyway, and a face is passed over only on a certified miss.
            let estimates = Estimates::new(&ball, step, options.epsilon);
            for i in by_reach(faces, &ball, step, mesh.by_slot()) {
                let triangle = &mesh.by_slot()[i];
                if let Some((e, _)) = earliest {
                    if sphere_path_clear(&ball, step * S::lift_f64(e), triangle) {
                        continue;
                    }
                }
                if let Some(t) = estimates
                    .as_ref()
                    .and_then(|e| e.contact(&ball, step, triangle))
                {
                    if earliest.is_none_or(|(e, _)| t < e) {
                        earliest = Some((t, i));
                    }
                    continue;
                }
                visit(&mut earliest, i, triangle);
            }
        } else {
            for i in faces {
                visit(&mut earliest, i, &mesh.by_slot()[i]);
            }
        }
        let Some((at, triangle)) = earliest else {
            return Ok(Slide {
                end: goal,
                contacts,
                exhausted: false,
                started_in_contact,
            });
        };
        // The contact normal at the earliest possible contact; stop where the gap along it is
        // epsilon / 2 (moving ever slower into the surface must not pin the sphere to it).
        // Directions are normalised by `unit`, which neither underflows nor overflows: the
        // gap to a contact can be subnormal, and a move as long as the float range.
        let (from, d) = (widen(c), widen(goal) - widen(c));
        let (Some((dir, length)), true) = (unit(d), at.is_finite()) else {
            break;
        };
        let at_contact = from + d * at;
        let normal =
            unit(at_contact - closest_point_on_triangle(at_contact, world_corners(triangle)))
                .map(|(n, _)| n);
        let closing = normal.map_or(0.0, |n| -n.dot(dir));
        let back = if closing > 0.0 {
            options.epsilon / 2.0 / closing
        } else {
            options.epsilon / 2.0
        };
        let end = settle(c, goal, at - back / length, options.epsilon, |end| {
            !S::CERTIFIED || {
                let step = local_step(c, end);
                let Some(mut faces) = near(&ball, step) else {
                    return false;
                };
                faces.all(|i| {
                    sweep_with_normal(&ball, step, &mesh.by_slot()[i], || mesh.normal(i), clear)
                        .hit
                        .is_false()
                })
            }
        });
        contacts += 1;
        // Slide: the motion left over, without its part into the contact plane. Motion that
        // is not finite (an overflow) is not taken: the sphere stays where it safely is.
        let rest = widen(goal) - widen(end);
        m = match normal {
            Some(n) => rest - n * n.dot(rest).min(0.0),
            None => rest,
        };
        c = end;
        if !finite3(m) || !finite3(widen(point_plus(c, m))) {
            m = Vec3::new(0.0, 0.0, 0.0);
        }
    }
    let exhausted = point_plus(c, m) != c;
    Ok(Slide {
        end: c,
        contacts,
        exhausted,
        started_in_contact,
    })
}

/// What a step's float estimates of the faces' contacts share: the ball and its motion on
/// their lower ends in `f64` (the ball's radius its upper end), and the slack below an
/// estimate up to which [`Estimates::contact`] proves the path clear, in units of the step:
/// `epsilon / 64` as a distance along the step, or 64 ulps of the coordinates in play when
/// that is more (so that the stop, `epsilon / 2` before the estimate, keeps all but a 32nd
/// of its gap even where the estimate is late by all of it).
struct Estimates {
    ball: Sphere<f64>,
    step: Vec3<f64>,
    slack: f64,
}

impl Estimates {
    /// `None` for a step of no length, or out of the floats.
    fn new<S: Scalar>(ball: &Sphere<S>, step: Vec3<S>, epsilon: f64) -> Option<Self> {
        let low = |x: S| x.bounds().0.as_f64();
        let (c, d) = (ball.center().map(low), step.map(low));
        let (_, length) = unit(d)?;
        let scale = c
            .abs()
            .max((c + d).abs())
            .to_array()
            .into_iter()
            .fold(0.0, f64::max);
        let slack = (epsilon / 64.0).max(64.0 * f64::EPSILON * scale) / length;
        if !(slack.is_finite() && slack > 0.0) {
            return None;
        }
        Some(Estimates {
            ball: Sphere::new(c, ball.radius().bounds().1.as_f64()).ok()?,
            step: d,
            slack,
        })
    }

    /// The time the ball moving by `step` first touches the triangle, estimated by the plain
    /// `f64` sweep on the lower ends, when it is certified to be at most `slack` late: the
    /// float test of [`sphere_path_clear`] proves the path clear of the triangle up to the
    /// estimate less `slack`. `None` when the estimate misses, is too early to back off
    /// from, or cannot be proven (the interval sweep then decides the face). Faces the ball is
    /// about to hit are most of those a slide sweeps whole; for them this takes a float sweep
    /// and a float test instead of an interval sweep. (The slide needs no more of the
    /// estimate: the step it takes is checked whole before it is taken, and a face is passed
    /// over as missed only on a certified miss.)
    fn contact<S: Scalar>(
        &self,
        ball: &Sphere<S>,
        step: Vec3<S>,
        triangle: &Triangle<S>,
    ) -> Option<f64> {
        let [a, b, c] = corners_f64(triangle);
        let face = Triangle::new(a, b, c).ok()?;
        let hit = crate::sweep_sphere_triangle(&self.ball, self.step, &face);
        if hit.hit.is_false() {
            return None;
        }
        let t = hit.time.lo();
        let clear = t - self.slack;
        (clear > 0.0 && sphere_path_clear(ball, step * S::lift_f64(clear), triangle)).then_some(t)
    }
}

/// `v / |v|` and `|v|`, computed without underflow or overflow (scaled by the largest
/// magnitude first); `None` for a zero or non-finite `v`.
fn unit(v: Vec3<f64>) -> Option<(Vec3<f64>, f64)> {
    let m = v.abs().to_array().into_iter().fold(0.0, f64::max);
    if !(m > 0.0 && m.is_finite() && finite3(v)) {
        return None;
    }
    let w = v.map(|x| x / m);
    let l = w.length();
    Some((w * (1.0 / l), m * l))
}

fn finite3(v: Vec3<f64>) -> bool {
    v.to_array().iter().all(|x| x.is_finite())
}

/// The float point nearest to `c + m`.
fn point_plus<F: Endpoint>(c: Vec3<F>, m: Vec3<f64>) -> Vec3<F> {
    let s = widen(c) + m;
    s.map(super::nearest::<F>)
}
