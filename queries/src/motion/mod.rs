//! Motion against triangle meshes that never penetrates: a particle (seed 000) and a sphere
//! that collides and slides (seed 003).
//!
//! # How a move is certified
//! Each move is cut short before the earliest contact the query cannot rule out, and its end is
//! rounded to the float type of the positions. Rounding moves the end off the requested path,
//! so with intervals the move that will *actually* be made, from the start to the rounded end,
//! is checked again: it is taken only if that check certainly finds no contact; otherwise the
//! end is backed off by growing steps, and in the last resort the body stays where it is. The
//! end is therefore never in contact, whatever the rounding; no epsilon is needed for safety.
//! The tolerance `epsilon` only sets how far from a face a body stops.
//!
//! With plain floats (`S = f32` or `f64`) the same code is the usual float algorithm: the
//! re-check is skipped (a float re-check proves nothing), so the end may be inside.

mod clear_path;
mod epsilon;
mod particle;
mod slide;
mod sweep;

pub(crate) use clear_path::{bounds_of, by_reach, sphere_path_clear};
pub use epsilon::safe_epsilon;
pub use particle::{move_particle, ParticleMove};
pub use slide::{closest_point_on_triangle, slide_sphere, Slide, SlideOptions};
pub use sweep::{decide_sweep_sphere_triangle, sweep_sphere_triangle, SweepHit};
pub(crate) use sweep::{settle_by_capsule, sweep_with_normal, SweepSphereTriangle};

use surety_intervals::{Endpoint, Scalar, Vec3};

/// How many ends a move tries before it stays where it is.
const TRIES: u32 = 8;

/// A float point as the scalar type, exactly.
fn lift<S: Scalar>(p: Vec3<S::Float>) -> Vec3<S> {
    p.map(|x| S::lift_f64(x.as_f64()))
}

/// A float point as `f64`, exactly.
fn widen<F: Endpoint>(p: Vec3<F>) -> Vec3<f64> {
    p.map(Endpoint::as_f64)
}

/// The float nearest to `x` (ties down).
fn nearest<F: Endpoint>(x: f64) -> F {
    let (lo, hi) = (F::down_from_f64(x), F::up_from_f64(x));
    if x - lo.as_f64() <= hi.as_f64() - x {
        lo
    } else {
        hi
    }
}

/// The float point nearest to `from + t·(to - from)`, kept in the box of the two points.
fn point_at<F: Endpoint>(from: Vec3<F>, to: Vec3<F>, t: f64) -> Vec3<F> {
    let (a, b) = (from.to_array(), to.to_array());
    let c: [F; 3] = core::array::from_fn(|k| {
        let (x, y) = (a[k].as_f64(), b[k].as_f64());
        let v = nearest::<F>(x + t * (y - x));
        let (lo, hi) = if a[k] <= b[k] {
            (a[k], b[k])
        } else {
            (b[k], a[k])
        };
        v.max(lo).min(hi)
    });
    Vec3::new(c[0], c[1], c[2])
}

/// The end of a move from `from` toward `to` cut at parameter `t`: the float point there if
/// `accept` takes it, else points backed off along the move by steps that grow eightfold from
/// `first_step` (a parameter), down to `from` itself.
fn settle<F: Endpoint>(
    from: Vec3<F>,
    to: Vec3<F>,
    t: f64,
    epsilon: f64,
    mut accept: impl FnMut(Vec3<F>) -> bool,
) -> Vec3<F> {
    let d = widen(to) - widen(from);
    let length = d.length();
    if length.is_nan() || length <= 0.0 {
        return from;
    }
    // The first backing-off step.
    let scale = (widen(from).abs().max(widen(to).abs()).to_array())
        .into_iter()
        .fold(0.0, f64::max);
    let mut step = gap::<F>(epsilon, scale) / length;
    let mut t = if t > 0.0 { t.min(1.0) } else { 0.0 };
    for _ in 0..TRIES {
        if t <= 0.0 {
            break;
        }
        let end = point_at(from, to, t);
        if end == from {
            break;
        }
        if accept(end) {
            return end;
        }
        t -= step;
        step *= 8.0;
    }
    from
}

/// The gap a mover keeps or backs off by: half the tolerance `epsilon`, or four ulps of the
/// float type at the coordinates' magnitude `scale` when that is more (so that a step of it
/// moves a rounded position).
fn gap<F: Endpoint>(epsilon: f64, scale: f64) -> f64 {
    (epsilon / 2.0).max(4.0 * F::epsilon().as_f64() * scale)
}

/// The finite, non-negative tolerance check shared by the movers.
fn check_epsilon(epsilon: f64) -> Result<(), crate::ShapeError> {
    crate::shape::validate::non_negative("motion", "epsilon", epsilon)
}

/// Every coordinate of a position is finite.
fn finite_point<F: Endpoint>(
    shape: &'static str,
    field: &'static str,
    p: Vec3<F>,
) -> Result<(), crate::ShapeError> {
    crate::shape::validate::finite_vec(shape, field, widen(p))
}

/// The box of every point between the enclosures `p` and `q`, rounded outward, or `None`
/// where a bound is not finite.
pub(crate) fn span<S: Scalar>(p: Vec3<S>, q: Vec3<S>) -> Option<[[f64; 3]; 2]> {
    let (p, q) = (p.to_array(), q.to_array());
    let mut b = [[0.0; 3]; 2];
    for k in 0..3 {
        let ((a0, a1), (b0, b1)) = (p[k].bounds(), q[k].bounds());
        b[0][k] = a0.as_f64().min(b0.as_f64()).next_down();
        b[1][k] = a1.as_f64().max(b1.as_f64()).next_up();
    }
    b.iter().flatten().all(|x| x.is_finite()).then_some(b)
}
