//! How big an epsilon (seed 000, appendix 3).

use surety_intervals::Endpoint;

/// The smallest stopping tolerance for a world whose coordinates lie in `[-world_size,
/// world_size]`, with positions stored as `F`: `2^(2-p)·world_size`, where `p` is `F`'s
/// precision (cbloom's `2^-22·W` for `f32`, `2^-51·W` for `f64`).
///
/// # What it is for
/// A float mover that stops a particle at a hit point must round that point, which moves it
/// by up to half an ulp per coordinate, `2^-p·W`, and computes the plane distance with an
/// error of the same order: the tolerance must exceed both for `|D(hit)| <= epsilon` to hold
/// (seed 000 takes a little more, `2^-22·W` for `f32`, to allow for transforms).
///
/// The certified movers ([`move_particle`](crate::move_particle) and
/// [`slide_sphere`](crate::slide_sphere) with interval scalars) do not need it for safety:
/// they re-check the rounded end with exact-when-certain arithmetic and back off when it fails,
/// so they never end inside the solid even with `epsilon = 0`. For them the tolerance only
/// sets how far from a face a body stops; this value is the smallest that reliably keeps
/// `|D(hit)| <= epsilon` without backing off.
///
/// # Example
/// ```
/// use surety_queries::safe_epsilon;
///
/// assert_eq!(safe_epsilon::<f32>(1024.0), 1024.0 * 2f64.powi(-22));
/// assert_eq!(safe_epsilon::<f64>(1.0), 2f64.powi(-51));
/// ```
pub fn safe_epsilon<F: Endpoint>(world_size: f64) -> f64 {
    // F::epsilon() is 2^(1-p).
    2.0 * F::epsilon().as_f64() * world_size.abs()
}
