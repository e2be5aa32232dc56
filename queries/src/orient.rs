//! The orientation of four points: the sign every triangle and plane test is built on.

use core::cmp::Ordering;

use surety_intervals::stack::{decide, Formula};
use surety_intervals::{cross3, dot3, lift3, sub3, Policy, Ring, Scalar, Vec3};

use crate::lift::coords;

/// Which side of the plane through `a`, `b`, `c` is `d` on? The sign of
/// `((b - a) × (c - a)) · (d - a)`, six times the signed volume of the tetrahedron: `Greater`
/// when `d` is on the side the normal `(b - a) × (c - a)` points to, `Less` on the other side,
/// `Equal` when the four points are coplanar, and `None` only when the float filter and the
/// intervals could not tell and `policy` is not [`Policy::Exact`].
///
/// Runs the [filter stack](surety_intervals::stack): a certain answer is the exact sign for
/// the given coordinates, and under [`Policy::Exact`] there is always one. (Note the sign
/// convention: [`robust::orient3d`](https://docs.rs/robust) returns the opposite sign for the
/// same points.)
///
/// # Example
/// ```
/// use std::cmp::Ordering;
/// use surety_intervals::{Policy, Vec3};
/// use surety_queries::orient3d;
///
/// let (a, b, c) = (Vec3::new(0.1, 0.2, 0.3), Vec3::new(1.7, 0.4, 0.9), Vec3::new(0.3, 2.9, 0.1));
/// let d = a + (b - a) * 0.5 + (c - a) * 0.25; // on the plane, up to rounding
/// let exact = orient3d(a, b, c, d, Policy::Exact);
/// assert!(exact.is_some());
/// assert_eq!(orient3d(a, b, c, a, Policy::Conservative), Some(Ordering::Equal));
/// ```
#[inline]
pub fn orient3d<S: Scalar + Into<f64>>(
    a: Vec3<S>,
    b: Vec3<S>,
    c: Vec3<S>,
    d: Vec3<S>,
    policy: Policy,
) -> Option<Ordering> {
    decide(&Orient3d::new(a, b, c, d), policy)
}

/// The orientation [`Formula`] of [`orient3d`], for running its stages one by one
/// ([`decide_in`](surety_intervals::stack::decide_in)).
///
/// # Example
/// ```
/// use std::cmp::Ordering;
/// use surety_intervals::stack::{decide_in, Stage};
/// use surety_intervals::Vec3;
/// use surety_queries::Orient3d;
///
/// let o = Vec3::new(0.0, 0.0, 0.0);
/// let f = Orient3d::new(o, Vec3::new(1.0, 0.0, 0.0), Vec3::new(0.0, 1.0, 0.0), Vec3::new(0.0, 0.0, 1e-30));
/// assert_eq!(decide_in(&f, Stage::Filter), Some(Ordering::Greater));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Orient3d([[f64; 3]; 4]);

impl Orient3d {
    /// The formula for these points (their coordinates, exactly, as `f64`).
    ///
    /// # Example
    /// ```
    /// use std::cmp::Ordering;
    /// use surety_intervals::{stack::decide, Policy, Vec3};
    /// use surety_queries::Orient3d;
    ///
    /// let p = |x: f32| Vec3::new(x, 2.0 * x, 3.0 * x); // collinear
    /// let f = Orient3d::new(p(0.1), p(0.2), p(0.7), Vec3::new(1.0, 0.0, 0.0));
    /// assert!(decide(&f, Policy::Exact).is_some());
    /// ```
    #[inline]
    pub fn new<S: Scalar + Into<f64>>(a: Vec3<S>, b: Vec3<S>, c: Vec3<S>, d: Vec3<S>) -> Self {
        Orient3d([coords(a), coords(b), coords(c), coords(d)])
    }
}

impl Formula for Orient3d {
    type Output = Ordering;

    #[inline]
    fn eval<R: Ring>(&self) -> Option<Ordering> {
        let [a, b, c, d] = self.0.map(lift3::<R>);
        dot3(&cross3(&sub3(&b, &a), &sub3(&c, &a)), &sub3(&d, &a)).sign()
    }
}
