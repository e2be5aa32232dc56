//! The two simplest overlap tests: sphere–sphere and AABB–AABB.

use surety_intervals::stack::Formula;
use surety_intervals::{dot3, sub3, Policy, Ring, Ring3, Scalar, Verdict};

use crate::filter::lift::coords;
use crate::filter::scale::{rescale, scaled3, times_pow2};
use crate::pose::{decide_pair, Frame, PairFormula};
use crate::{Aabb, Placed, Sphere};

/// Do the two solid spheres share a point? `|c_b - c_a|² <= (r_a + r_b)²`, exactly when
/// certain. (Touching counts.)
///
/// # Example
/// ```
/// use surety_intervals::{Interval, Verdict};
/// use surety_queries::{overlap_sphere_sphere, Sphere};
/// use glam::DVec3;
///
/// let a = Sphere::<Interval>::new(DVec3::ZERO, 1.0)?;
/// let b = Sphere::new(DVec3::new(3.0, 4.0, 0.0), 4.0)?; // distance 5 = 1 + 4: touching
/// assert_eq!(overlap_sphere_sphere(&a, &b), Verdict::True);
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
pub fn overlap_sphere_sphere<S: Scalar>(
    a: &impl Placed<Sphere<S>>,
    b: &impl Placed<Sphere<S>>,
) -> Verdict {
    let (Some(a), Some(b)) = (a.world(), b.world()) else {
        return Verdict::Maybe;
    };
    spheres_overlap(
        &a.center().to_array(),
        a.radius(),
        &b.center().to_array(),
        b.radius(),
    )
}

/// The one statement of sphere–sphere, for both paths: `(r_a + r_b)² - |c_b - c_a|² ≥ 0`.
#[inline]
fn spheres_overlap<R: Ring>(ca: &Ring3<R>, ra: R, cb: &Ring3<R>, rb: R) -> Verdict {
    let d = sub3(cb, ca);
    ((ra + rb).sqr() - dot3(&d, &d)).non_negative()
}

/// [`overlap_sphere_sphere`] resolved conservatively.
///
/// # Example
/// ```
/// use surety_intervals::Vec3;
/// use surety_queries::{may_overlap_sphere_sphere, Sphere};
///
/// let a = Sphere::<f64>::new(Vec3::new(0.0, 0.0, 0.0), 1.0)?;
/// assert!(!may_overlap_sphere_sphere(&a, &Sphere::<f64>::new(Vec3::new(3.0, 0.0, 0.0), 1.0)?));
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
pub fn may_overlap_sphere_sphere<S: Scalar>(
    a: &impl Placed<Sphere<S>>,
    b: &impl Placed<Sphere<S>>,
) -> bool {
    overlap_sphere_sphere(a, b).resolve(Policy::Conservative)
}

/// Do the two solid boxes share a point? On every axis `min_a <= max_b` and
/// `min_b <= max_a`: comparisons only, so exact whenever the corners are points. (Touching
/// counts.)
///
/// # Example
/// ```
/// use surety_intervals::{Interval, Verdict};
/// use surety_queries::{overlap_aabb_aabb, Aabb};
/// use glam::DVec3;
///
/// let a = Aabb::<Interval>::new(DVec3::ZERO, DVec3::ONE)?;
/// let b = Aabb::new(DVec3::ONE, DVec3::splat(2.0))?; // sharing one corner
/// assert_eq!(overlap_aabb_aabb(&a, &b), Verdict::True);
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
pub fn overlap_aabb_aabb<S: Scalar>(a: &Aabb<S>, b: &Aabb<S>) -> Verdict {
    let (a_lo, a_hi, b_lo, b_hi) = (
        a.min().to_array(),
        a.max().to_array(),
        b.min().to_array(),
        b.max().to_array(),
    );
    Verdict::all((0..3).map(|i| a_lo[i].le(b_hi[i]) & b_lo[i].le(a_hi[i])))
}

/// [`overlap_aabb_aabb`] resolved conservatively.
///
/// # Example
/// ```
/// use surety_intervals::Vec3;
/// use surety_queries::{may_overlap_aabb_aabb, Aabb};
///
/// let a = Aabb::<f64>::new(Vec3::new(0.0, 0.0, 0.0), Vec3::new(1.0, 1.0, 1.0))?;
/// let b = Aabb::<f64>::new(Vec3::new(2.0, 0.0, 0.0), Vec3::new(3.0, 1.0, 1.0))?;
/// assert!(!may_overlap_aabb_aabb(&a, &b));
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
pub fn may_overlap_aabb_aabb<S: Scalar>(a: &Aabb<S>, b: &Aabb<S>) -> bool {
    overlap_aabb_aabb(a, b).resolve(Policy::Conservative)
}

/// [`overlap_aabb_aabb`] on float boxes: exact under every policy, and never `Maybe`.
///
/// The test is six comparisons of the given corner coordinates, and comparing two floats is
/// exact, so no stage of the [filter stack](surety_intervals::stack) is needed: the answer is
/// the exact one whatever `policy` says (it is taken for the signature every `decide_…` query
/// shares). The generic [`overlap_aabb_aabb`] on `f32`/`f64` boxes gives the same answer.
///
/// # Example
/// ```
/// use surety_intervals::{Policy, Verdict};
/// use surety_queries::{decide_overlap_aabb_aabb, Aabb};
/// use glam::DVec3;
///
/// let a = Aabb::<f64>::new(DVec3::ZERO, DVec3::ONE)?;
/// let corner = Aabb::<f64>::new(DVec3::ONE, DVec3::splat(2.0))?; // one shared corner
/// assert_eq!(decide_overlap_aabb_aabb(&a, &corner, Policy::Conservative), Verdict::True);
/// let gap = Aabb::<f64>::new(DVec3::new(1f64.next_up(), 0.0, 0.0), DVec3::splat(2.0))?;
/// assert_eq!(decide_overlap_aabb_aabb(&a, &gap, Policy::Conservative), Verdict::False);
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
pub fn decide_overlap_aabb_aabb<S: Scalar + Into<f64>>(
    a: &Aabb<S>,
    b: &Aabb<S>,
    _policy: Policy,
) -> Verdict {
    let (a_lo, a_hi) = (coords(a.min()), coords(a.max()));
    let (b_lo, b_hi) = (coords(b.min()), coords(b.max()));
    Verdict::from((0..3).all(|i| (a_lo[i] <= b_hi[i]) & (b_lo[i] <= a_hi[i])))
}

/// [`overlap_sphere_sphere`] on float shapes, through the
/// [filter stack](surety_intervals::stack): the sign of `(r_a + r_b)² - |c_b - c_a|²`, never
/// `Maybe` under [`Policy::Exact`].
///
/// # Example
/// ```
/// use surety_intervals::{Policy, Vec3, Verdict};
/// use surety_queries::{decide_overlap_sphere_sphere, Sphere};
///
/// // Centers 0.3 apart, radii 0.1 and 0.2: touching in decimal. As doubles, the radii sum
/// // to 2.8e-17 more than the distance: overlapping, too closely for floats to tell.
/// let a = Sphere::<f64>::new(Vec3::new(0.0, 0.0, 0.0), 0.1)?;
/// let b = Sphere::<f64>::new(Vec3::new(0.3, 0.0, 0.0), 0.2)?;
/// assert_eq!(decide_overlap_sphere_sphere(&a, &b, Policy::Exact), Verdict::True);
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
pub fn decide_overlap_sphere_sphere<S: Scalar + Into<f64>>(
    a: &impl Placed<Sphere<S>>,
    b: &impl Placed<Sphere<S>>,
    policy: Policy,
) -> Verdict {
    let ((a, pa), (b, pb)) = (a.parts(), b.parts());
    decide_pair(SphereSphere::new(a, b), pa, pb, policy)
}

/// The sphere–sphere [`Formula`] of [`decide_overlap_sphere_sphere`], for running its stages
/// one by one ([`decide_in`](surety_intervals::stack::decide_in)).
///
/// # Example
/// ```
/// use surety_intervals::stack::{decide_in, Stage};
/// use surety_queries::{Sphere, SphereSphere};
/// use glam::DVec3;
///
/// let a = Sphere::<f64>::new(DVec3::ZERO, 1.0)?;
/// let b = Sphere::<f64>::new(DVec3::new(3.0, 4.0, 0.0), 4.0)?; // touching: 5 = 1 + 4
/// assert_eq!(decide_in(&SphereSphere::new(&a, &b), Stage::Exact), Some(true));
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SphereSphere {
    c: [[f64; 3]; 2],
    r: [f64; 2],
}

impl SphereSphere {
    /// The formula for these spheres (their coordinates, exactly, as `f64`).
    ///
    /// # Example
    /// ```
    /// use surety_intervals::{stack::decide, Policy};
    /// use surety_queries::{Sphere, SphereSphere};
    /// use glam::Vec3;
    ///
    /// let a = Sphere::<f32>::new(Vec3::ZERO, 1.0)?;
    /// let b = Sphere::<f32>::new(Vec3::new(0.0, 3.0, 0.0), 1.5)?;
    /// assert_eq!(decide(&SphereSphere::new(&a, &b), Policy::Conservative), Some(false));
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    pub fn new<S: Scalar + Into<f64>>(a: &Sphere<S>, b: &Sphere<S>) -> Self {
        SphereSphere {
            c: [coords(a.center()), coords(b.center())],
            r: [a.radius().into(), b.radius().into()],
        }
    }
}

impl Formula for SphereSphere {
    type Output = bool;

    /// Homogeneous in the centers and radii together.
    fn rescaled(&self) -> Option<Self> {
        let k = rescale([self.c[0], self.c[1], [self.r[0], self.r[1], 0.0]].as_flattened())?;
        Some(SphereSphere {
            c: self.c.map(|c| scaled3(c, k)),
            r: self.r.map(|r| times_pow2(r, k)),
        })
    }

    #[inline]
    fn eval<R: Ring>(&self) -> Option<bool> {
        self.eval_placed(&Frame::<R>::pair(None, None))
    }
}

impl PairFormula for SphereSphere {
    type Output = bool;

    #[inline]
    fn eval_placed<R: Ring>(&self, [fa, fb]: &[Frame<R>; 2]) -> Option<bool> {
        let (c, r) = (self.c, self.r);
        spheres_overlap(
            &fa.point(c[0]),
            fa.length(r[0]),
            &fb.point(c[1]),
            fb.length(r[1]),
        )
        .certain()
    }
}
