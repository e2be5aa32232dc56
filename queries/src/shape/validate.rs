//! Checks shared by the shape constructors.

use num_traits::{Float, Zero};
use surety_intervals::{Endpoint, Scalar, Vec3};

use crate::{Problem, ShapeError};

const AXES: [[&str; 3]; 18] = [
    ["center.x", "center.y", "center.z"],
    ["min.x", "min.y", "min.z"],
    ["max.x", "max.y", "max.z"],
    ["normal.x", "normal.y", "normal.z"],
    ["a.x", "a.y", "a.z"],
    ["b.x", "b.y", "b.z"],
    ["c.x", "c.y", "c.z"],
    ["p.x", "p.y", "p.z"],
    ["q.x", "q.y", "q.z"],
    ["origin.x", "origin.y", "origin.z"],
    ["direction.x", "direction.y", "direction.z"],
    ["point.x", "point.y", "point.z"],
    ["axes.x", "axes.y", "axes.z"],
    ["half_extents.x", "half_extents.y", "half_extents.z"],
    ["from.x", "from.y", "from.z"],
    ["to.x", "to.y", "to.z"],
    ["motion.x", "motion.y", "motion.z"],
    ["translation.x", "translation.y", "translation.z"],
];

/// The field names of a vector's components, e.g. `["min.x", "min.y", "min.z"]`.
fn axes(field: &'static str) -> [&'static str; 3] {
    AXES.iter()
        .find(|names| names[0].split('.').next() == Some(field))
        .copied()
        .unwrap_or(["x", "y", "z"])
}

/// `v` is finite: a float that is neither NaN nor infinite, or an interval with finite ends.
pub(crate) fn finite<S: Scalar>(
    shape: &'static str,
    field: &'static str,
    v: S,
) -> Result<(), ShapeError> {
    let (lo, hi) = v.bounds();
    for end in [lo, hi] {
        if !end.is_finite() {
            return Err(ShapeError {
                shape,
                field,
                problem: Problem::NotFinite,
                value: end.as_f64(),
                limit: f64::NAN,
                expected: "",
            });
        }
    }
    Ok(())
}

/// Every component of `v` is finite.
pub(crate) fn finite_vec<S: Scalar>(
    shape: &'static str,
    field: &'static str,
    v: Vec3<S>,
) -> Result<(), ShapeError> {
    // The component's name is looked up only for an error: constructors run on hot paths.
    for (k, c) in v.to_array().into_iter().enumerate() {
        if let Err(e) = finite(shape, field, c) {
            return Err(ShapeError {
                field: axes(field)[k],
                ..e
            });
        }
    }
    Ok(())
}

/// `v` is finite and not below zero (for an interval: its lower end is not below zero).
pub(crate) fn non_negative<S: Scalar>(
    shape: &'static str,
    field: &'static str,
    v: S,
) -> Result<(), ShapeError> {
    finite(shape, field, v)?;
    let lo = v.bounds().0;
    if lo < S::Float::zero() {
        return Err(ShapeError {
            shape,
            field,
            problem: Problem::Negative,
            value: lo.as_f64(),
            limit: 0.0,
            expected: "",
        });
    }
    Ok(())
}

/// `min <= max` on every axis (for intervals: certainly, `min.hi <= max.lo`).
pub(crate) fn ordered<S: Scalar>(
    shape: &'static str,
    min: Vec3<S>,
    max: Vec3<S>,
) -> Result<(), ShapeError> {
    for (k, (lo, hi)) in min.to_array().into_iter().zip(max.to_array()).enumerate() {
        let (lo, hi) = (lo.bounds().1, hi.bounds().0);
        if lo > hi {
            return Err(ShapeError {
                shape,
                field: axes("min")[k],
                problem: Problem::Reversed,
                value: lo.as_f64(),
                limit: hi.as_f64(),
                expected: "",
            });
        }
    }
    Ok(())
}

/// `v` is certainly not the zero vector: some component is certainly not zero (decided per
/// component, so a tiny normal whose square underflows is still accepted).
pub(crate) fn nonzero<S: Scalar>(
    shape: &'static str,
    field: &'static str,
    v: Vec3<S>,
) -> Result<(), ShapeError> {
    if v.to_array().iter().any(|c| c.eq_zero().is_false()) {
        Ok(())
    } else {
        Err(ShapeError {
            shape,
            field,
            problem: Problem::Degenerate,
            value: 0.0,
            limit: f64::NAN,
            expected: "",
        })
    }
}
