//! Planes: signed distance, and cbloom's front / on / back classification (seed 000).

use core::fmt;

use surety_intervals::stack::{decide, Formula};
use surety_intervals::{dot3, lift3, Endpoint, Interval, Policy, Ring, Scalar, Vec3, Verdict};

use crate::filter::lift::coords;
use crate::filter::scale::{exactly_scaled, rescale, scaled3, times_pow2};
use crate::shape::validate::{finite, finite_vec, non_negative, nonzero};
use crate::{ShapeError, Triangle};

/// The plane `{x : normal · x + offset = 0}`. The normal need not be a unit vector; its
/// direction is the front side.
///
/// # Example
/// ```
/// use surety_intervals::Vec3;
/// use surety_queries::{Plane, Side};
///
/// // The floor z = 1, facing up, with a normal of length 2.
/// let floor = Plane::from_normal_and_point(Vec3::new(0.0, 0.0, 2.0), Vec3::new(5.0, 5.0, 1.0))?;
/// assert_eq!(floor.signed_distance(Vec3::new(0.0, 0.0, 4.0)), 3.0);
/// assert_eq!(floor.classify(Vec3::new(0.0, 0.0, 1.01), 0.1).certain(), Some(Side::On));
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Plane<S> {
    normal: Vec3<S>,
    offset: S,
}

impl<S: Scalar> Plane<S> {
    /// The plane `normal · x + offset = 0`.
    ///
    /// # Errors
    /// A [`ShapeError`] when a value is NaN or infinite, or the normal is (or, for intervals,
    /// may be) zero.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Vec3;
    /// use surety_queries::Plane;
    ///
    /// let p = Plane::<f64>::new(Vec3::new(0.0, 1.0, 0.0), -2.0)?; // y = 2
    /// assert_eq!(p.signed_distance(Vec3::new(0.0, 5.0, 0.0)), 3.0);
    /// assert!(Plane::<f64>::new(Vec3::new(0.0, 0.0, 0.0), 1.0).is_err());
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    pub fn new(normal: impl Into<Vec3<S>>, offset: impl Into<S>) -> Result<Self, ShapeError> {
        let (normal, offset) = (normal.into(), offset.into());
        finite_vec("plane", "normal", normal)?;
        finite("plane", "offset", offset)?;
        nonzero("plane", "normal", normal)?;
        Ok(Self { normal, offset })
    }

    /// The plane through `point` with the given normal; `offset = -normal · point` (an
    /// enclosure, for intervals).
    ///
    /// # Errors
    /// As [`Plane::new`], naming `point.x` … for a non-finite point.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::{Interval, Vec3};
    /// use surety_queries::Plane;
    ///
    /// let p = Plane::<Interval>::from_normal_and_point(glam::DVec3::Z, glam::DVec3::splat(0.1))?;
    /// assert!(p.offset().contains(-0.1));
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    pub fn from_normal_and_point(
        normal: impl Into<Vec3<S>>,
        point: impl Into<Vec3<S>>,
    ) -> Result<Self, ShapeError> {
        let (normal, point) = (normal.into(), point.into());
        finite_vec("plane", "point", point)?;
        Self::new(normal, -normal.dot(point))
    }

    /// The plane of a triangle, facing the side its normal `(b - a) × (c - a)` points to.
    ///
    /// # Errors
    /// A [`ShapeError`] with [`Problem::Degenerate`](crate::Problem::Degenerate) when the
    /// triangle is (or may be) degenerate.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Vec3;
    /// use surety_queries::{Plane, Triangle};
    ///
    /// let z = Vec3::new(0.0, 0.0, 0.0);
    /// let t = Triangle::new(z, Vec3::new(1.0, 0.0, 0.0), Vec3::new(0.0, 1.0, 0.0))?;
    /// assert_eq!(Plane::from_triangle(&t)?.signed_distance(Vec3::new(3.0, 3.0, 2.0)), 2.0);
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    pub fn from_triangle(triangle: &Triangle<S>) -> Result<Self, ShapeError> {
        let normal = triangle.normal();
        nonzero("plane", "normal", normal)?;
        Self::new(normal, -normal.dot(triangle.corners()[0]))
    }

    /// The normal.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Vec3;
    /// use surety_queries::Plane;
    ///
    /// assert_eq!(Plane::<f64>::new(Vec3::new(0.0, 0.0, 3.0), 1.0)?.normal().z, 3.0);
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    #[inline]
    pub fn normal(&self) -> Vec3<S> {
        self.normal
    }

    /// The offset.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Vec3;
    /// use surety_queries::Plane;
    ///
    /// assert_eq!(Plane::<f64>::new(Vec3::new(0.0, 0.0, 3.0), 1.0)?.offset(), 1.0);
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    #[inline]
    pub fn offset(&self) -> S {
        self.offset
    }

    /// `normal · p + offset`: the signed distance times `|normal|`. Its sign is the side,
    /// without a square root.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Vec3;
    /// use surety_queries::Plane;
    ///
    /// let p = Plane::new(Vec3::new(0.0, 0.0, 2.0), 0.0)?;
    /// assert_eq!(p.scaled_distance(Vec3::new(0.0, 0.0, 3.0)), 6.0);
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    #[inline]
    pub fn scaled_distance(&self, p: Vec3<S>) -> S {
        self.normal.dot(p) + self.offset
    }

    /// The signed distance `(normal · p + offset) / |normal|`: positive in front. With
    /// intervals, an enclosure of the exact distance.
    ///
    /// The normal and offset are first divided by the normal's largest magnitude, so that
    /// `|normal|²` neither overflows (a normal of `1e300`) nor underflows (`1e-300`): the
    /// distance is finite wherever the exact one is within the float range.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::{Interval, Vec3};
    /// use surety_queries::Plane;
    ///
    /// let p = Plane::<Interval>::new(glam::DVec3::new(1.0, 1.0, 0.0), 0.0)?;
    /// let d = p.signed_distance(glam::DVec3::new(1.0, 0.0, 0.0).into());
    /// assert!(d.contains(std::f64::consts::FRAC_1_SQRT_2));
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    #[inline]
    pub fn signed_distance(&self, p: Vec3<S>) -> S {
        // The largest magnitude of an end of a coordinate: a float of the type (so exact as
        // S), and not zero (the constructor refuses a zero normal).
        let m = self
            .normal
            .to_array()
            .iter()
            .map(|c| {
                let (lo, hi) = c.bounds();
                lo.as_f64().abs().max(hi.as_f64().abs())
            })
            .fold(0.0, f64::max);
        let m = S::lift_f64(m);
        let n = self.normal.map(|c| c / m);
        (n.dot(p) + self.offset / m) / n.length()
    }

    /// Which of front (`D > E`), on (`|D| <= E`) and back (`D < -E`) the point may be on, for
    /// the signed distance `D` and a tolerance `E >= 0` (a distance; seed 000).
    ///
    /// Decided without square roots: with `s = normal · p + offset`, `|D| <= E` is
    /// `s² <= E² |normal|²`, and the side of a point off the band is the sign of `s`. A negative
    /// or non-finite `E` makes every side possible.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::{Interval, Vec3};
    /// use surety_queries::{Plane, Side};
    ///
    /// let floor = Plane::<Interval>::new(glam::DVec3::Z, 0.0)?;
    /// let e = Interval::point(0.5).unwrap();
    /// let sides = floor.classify(glam::DVec3::new(0.0, 0.0, 0.5).into(), e);
    /// assert_eq!(sides.certain(), Some(Side::On)); // exactly on the band's edge: on
    /// let far = floor.classify(glam::DVec3::new(0.0, 0.0, -3.0).into(), e);
    /// assert_eq!(far.certain(), Some(Side::Back));
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    pub fn classify(&self, p: Vec3<S>, epsilon: S) -> Sides {
        if non_negative("plane", "epsilon", epsilon).is_err() {
            return Sides::ALL;
        }
        let [front, on, back] =
            side_verdicts(&self.normal.to_array(), self.offset, &p.to_array(), epsilon);
        Sides::from_verdicts(front, on, back)
    }
}

/// The plane-side statement, once for every path ([`Plane::classify`] on any scalar,
/// [`PlaneSide`]'s stages on any ring): with `s = normal · p + offset`, the point is on when
/// `|D| <= E`, that is `E²·|normal|² - s² >= 0` (both sides of `|D| <= E` are non-negative, so
/// squaring keeps it), and otherwise in front or behind by the sign of `s`. Verdicts for
/// front, on and back.
fn side_verdicts<R: Ring>(normal: &[R; 3], offset: R, p: &[R; 3], epsilon: R) -> [Verdict; 3] {
    let s = dot3(normal, p) + offset;
    let on = (epsilon.sqr() * dot3(normal, normal) - s.clone().sqr()).non_negative();
    [s.positive() & !on, on, s.negative() & !on]
}

impl<S: Scalar + Into<f64>> Plane<S> {
    /// [`Plane::classify`] for a float plane, through the
    /// [filter stack](surety_intervals::stack): the same answer type, [`Sides`], a single
    /// side when decided (always under [`Policy::Exact`]); when the filters and the intervals
    /// could not tell and `policy` is not [`Policy::Exact`], the sides the intervals did not
    /// rule out (at least two; the exact side among them), as [`Plane::classify`] gives on
    /// interval planes.
    ///
    /// # Errors
    /// An invalid argument is an error, not an undecided side: a [`ShapeError`] when a
    /// coordinate of `p` is not finite, or `epsilon` is negative or not finite.
    ///
    /// The formula, stated once for every stage and for [`Plane::classify`], with
    /// `s = normal · p + offset`: on when `E²·|normal|² - s² ≥ 0`, else the sign of `s`. No
    /// square root, so the answer is exact for the stored normal and offset.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::{Policy, Vec3};
    /// use surety_queries::{Plane, Side};
    ///
    /// // x + y + z = 0.3 (as doubles), tolerance 0: is (0.1, 0.1, 0.1) on it? Not exactly.
    /// let p = Plane::<f64>::new(Vec3::new(1.0, 1.0, 1.0), -0.3)?;
    /// let side = p.decide_side(Vec3::new(0.1, 0.1, 0.1), 0.0, Policy::Exact)?;
    /// assert_eq!(side.certain(), Some(Side::Front)); // 3 · 0.1 > 0.3 for these doubles
    /// let on = p.decide_side(Vec3::new(1.0, 0.0, 0.0), 2.0, Policy::Exact)?;
    /// assert_eq!(on.certain(), Some(Side::On));
    /// assert!(p.decide_side(Vec3::new(1.0, 0.0, 0.0), -2.0, Policy::Exact).is_err());
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    pub fn decide_side(&self, p: Vec3<S>, epsilon: S, policy: Policy) -> Result<Sides, ShapeError> {
        let formula = PlaneSide::new(self, p, epsilon)?;
        Ok(match decide(&formula, policy) {
            Some(side) => Sides::from(side),
            // Undecided: the sides the interval stage could not rule out (one of them may be
            // ruled out even where no side is certain), on the numbers it saw (rescaled).
            None => formula
                .rescaled()
                .unwrap_or(formula)
                .sides::<Interval<f64>>(),
        })
    }
}

/// The classification [`Formula`] of [`Plane::decide_side`], for running its stages one by
/// one ([`decide_in`](surety_intervals::stack::decide_in)).
///
/// # Example
/// ```
/// use surety_intervals::stack::{decide_in, Stage};
/// use surety_intervals::Vec3;
/// use surety_queries::{Plane, PlaneSide, Side};
///
/// let floor = Plane::<f64>::new(Vec3::new(0.0, 0.0, 1.0), 0.0)?;
/// let f = PlaneSide::new(&floor, Vec3::new(5.0, 5.0, -1.0), 0.5).unwrap();
/// assert_eq!(decide_in(&f, Stage::Filter), Some(Side::Back));
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlaneSide {
    n: [f64; 3],
    offset: f64,
    p: [f64; 3],
    epsilon: f64,
}

impl PlaneSide {
    /// The formula for this plane, point and tolerance.
    ///
    /// # Errors
    /// A [`ShapeError`] when a coordinate of `p` is not finite, or `epsilon` is negative or
    /// not finite.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Vec3;
    /// use surety_queries::{Plane, PlaneSide};
    ///
    /// let floor = Plane::<f32>::new(Vec3::new(0.0, 0.0, 1.0), 0.0)?;
    /// let err = PlaneSide::new(&floor, Vec3::new(0.0, 0.0, 0.0), -1.0).unwrap_err();
    /// assert_eq!(err.to_string(), "plane epsilon must be >= 0, got -1");
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    pub fn new<S: Scalar + Into<f64>>(
        plane: &Plane<S>,
        p: Vec3<S>,
        epsilon: S,
    ) -> Result<Self, ShapeError> {
        finite_vec("plane", "point", p)?;
        non_negative("plane", "epsilon", epsilon)?;
        Ok(PlaneSide {
            n: coords(plane.normal),
            offset: plane.offset.into(),
            p: coords(p),
            epsilon: epsilon.into(),
        })
    }
}

impl PlaneSide {
    /// The sides that evaluating the statement on `R` does not rule out.
    fn sides<R: Ring>(&self) -> Sides {
        let [front, on, back] = self.verdicts::<R>();
        Sides::from_verdicts(front, on, back)
    }

    /// Front, on and back as verdicts, evaluated on `R`.
    #[inline]
    fn verdicts<R: Ring>(&self) -> [Verdict; 3] {
        side_verdicts(
            &lift3::<R>(self.n),
            R::from_f64(self.offset),
            &lift3(self.p),
            R::from_f64(self.epsilon),
        )
    }
}

impl Formula for PlaneSide {
    type Output = Side;

    /// Homogeneous in the normal and offset together (`s = n·p + offset` and the band's
    /// `E·|n|` both scale with them), and in the point, offset and tolerance together.
    fn rescaled(&self) -> Option<Self> {
        // The normal's scale, where the offset takes it exactly too.
        let (j, offset) = rescale(&self.n)
            .and_then(|j| Some((j, exactly_scaled(self.offset, j)?)))
            .unwrap_or((0, self.offset));
        let k = rescale([self.p, [offset, self.epsilon, 0.0]].as_flattened());
        if j == 0 && k.is_none() {
            return None;
        }
        let k = k.unwrap_or(0);
        Some(PlaneSide {
            n: scaled3(self.n, j),
            offset: times_pow2(offset, k),
            p: scaled3(self.p, k),
            epsilon: times_pow2(self.epsilon, k),
        })
    }

    #[inline]
    fn eval<R: Ring>(&self) -> Option<Side> {
        let [front, on, back] = self.verdicts::<R>();
        if on.certain()? {
            return Some(Side::On);
        }
        // Off the band, s is not zero: exactly one of front and back holds.
        if front.certain()? {
            return Some(Side::Front);
        }
        back.certain()?.then_some(Side::Back)
    }
}

/// A side of a plane, with a tolerance band (seed 000).
///
/// # Example
/// ```
/// use surety_queries::Side;
///
/// assert_eq!(Side::On.to_string(), "on");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// Farther than the tolerance, on the side the normal points to.
    Front,
    /// Within the tolerance of the plane.
    On,
    /// Farther than the tolerance, on the other side.
    Back,
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(match self {
            Side::Front => "front",
            Side::On => "on",
            Side::Back => "back",
        })
    }
}

/// The set of [`Side`]s a point may be on: never empty, a single side when certain.
///
/// # Example
/// ```
/// use surety_queries::{Side, Sides};
///
/// assert_eq!(Sides::ALL.certain(), None);
/// assert!(Sides::ALL.may_be(Side::Back));
/// assert_eq!(Sides::ALL.to_string(), "{front, on, back}");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Sides {
    front: bool,
    on: bool,
    back: bool,
}

impl Sides {
    /// Every side possible: nothing is known.
    pub const ALL: Sides = Sides {
        front: true,
        on: true,
        back: true,
    };

    /// The sides whose verdict is not certainly false. Exact verdicts for the three
    /// (mutually exclusive, exhaustive) sides always leave at least one.
    fn from_verdicts(front: Verdict, on: Verdict, back: Verdict) -> Sides {
        let sides = Sides {
            front: !front.is_false(),
            on: !on.is_false(),
            back: !back.is_false(),
        };
        if sides.front || sides.on || sides.back {
            sides
        } else {
            // Unreachable with sound verdicts; NaN in plain floats can get here.
            Sides::ALL
        }
    }

    /// Whether the point may be on `side`.
    ///
    /// # Example
    /// ```
    /// use surety_queries::{Side, Sides};
    ///
    /// assert!(Sides::ALL.may_be(Side::On));
    /// ```
    pub fn may_be(self, side: Side) -> bool {
        match side {
            Side::Front => self.front,
            Side::On => self.on,
            Side::Back => self.back,
        }
    }

    /// The side, when exactly one is possible.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Vec3;
    /// use surety_queries::{Plane, Side};
    ///
    /// let p = Plane::new(Vec3::new(0.0, 0.0, 1.0), 0.0)?;
    /// assert_eq!(p.classify(Vec3::new(0.0, 0.0, 2.0), 0.5).certain(), Some(Side::Front));
    /// # Ok::<(), surety_queries::ShapeError>(())
    /// ```
    pub fn certain(self) -> Option<Side> {
        match (self.front, self.on, self.back) {
            (true, false, false) => Some(Side::Front),
            (false, true, false) => Some(Side::On),
            (false, false, true) => Some(Side::Back),
            _ => None,
        }
    }
}

impl From<Side> for Sides {
    /// The single side: certain.
    ///
    /// # Example
    /// ```
    /// use surety_queries::{Side, Sides};
    ///
    /// assert_eq!(Sides::from(Side::On).certain(), Some(Side::On));
    /// ```
    fn from(side: Side) -> Sides {
        Sides {
            front: side == Side::Front,
            on: side == Side::On,
            back: side == Side::Back,
        }
    }
}

impl fmt::Display for Sides {
    /// The possible sides as a set: `{front}`, `{on, back}`, …
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = [(self.front, "front"), (self.on, "on"), (self.back, "back")]
            .iter()
            .filter(|(possible, _)| *possible)
            .map(|(_, name)| *name)
            .collect();
        write!(f, "{{{}}}", names.join(", "))
    }
}
