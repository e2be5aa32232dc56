//! The error a shape constructor returns for input that is not a shape.

use core::fmt;

/// What is wrong with a value given to a shape constructor.
///
/// # Example
/// ```
/// use surety_queries::{Problem, ShapeError, Sphere};
/// use surety_intervals::Vec3;
///
/// let err = Sphere::<f64>::new(Vec3::new(0.0, 0.0, 0.0), -1.0).unwrap_err();
/// assert_eq!(err.problem, Problem::Negative);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Problem {
    /// NaN, infinite, or (for intervals) an unbounded enclosure.
    NotFinite,
    /// Below zero where only zero or more makes sense (a radius).
    Negative,
    /// A minimum above its maximum (an AABB axis).
    Reversed,
    /// A vector that must not be zero is (or may be, for intervals) zero: a plane's normal, or
    /// the normal of the triangle a plane is built from.
    Degenerate,
    /// A value outside the range it must lie in, which [`ShapeError::expected`] names: a mesh
    /// triangle's corner index beyond its vertices (`limit` is the number of vertices), or a
    /// CCD setting such as `t_max` outside `(0, 1]`.
    OutOfRange,
    /// An index listed twice where the items must differ: a CCD mesh face with a corner twice,
    /// or an edge from a vertex to itself (`value` is the index).
    Repeated,
    /// A list of the wrong length: positions for a CCD mesh step that are not one per vertex
    /// (`value` is the length given, `limit` the length expected).
    Length,
}

/// A shape constructor refused its input: which shape, which field, what is wrong, and the
/// offending value (as `f64`; for an interval, the end that shows the problem).
///
/// # Example
/// ```
/// use surety_queries::Aabb;
/// use surety_intervals::Vec3;
///
/// let err = Aabb::<f64>::new(Vec3::new(0.0, 2.0, 0.0), Vec3::new(1.0, 1.0, 1.0)).unwrap_err();
/// assert_eq!(err.to_string(), "aabb min.y is 2, above max.y 1");
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ShapeError {
    /// The shape being built: `"sphere"`, `"aabb"`, `"plane"`, `"triangle"`, `"segment"`,
    /// `"ray"`.
    pub shape: &'static str,
    /// The field, with the axis where there is one: `"radius"`, `"center.x"`, `"min.y"`, …
    pub field: &'static str,
    /// What is wrong.
    pub problem: Problem,
    /// The offending value.
    pub value: f64,
    /// For [`Problem::Reversed`], the value it should not exceed; for a mesh index out of
    /// range, the vertex count; NaN where there is none.
    pub limit: f64,
    /// For [`Problem::OutOfRange`], the range the value must lie in, as it is printed:
    /// `"(0, 1]"` for a CCD `t_max`, say; empty for the other problems.
    pub expected: &'static str,
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ShapeError {
            shape,
            field,
            value,
            limit,
            ..
        } = *self;
        match self.problem {
            Problem::NotFinite => {
                write!(f, "{shape} {field} must be finite, got {value}")?;
                // Where the field is one of many (a mesh vertex), `expected` names the list.
                if !self.expected.is_empty() && limit.is_finite() {
                    write!(f, " ({} {limit})", self.expected)?;
                }
                Ok(())
            }
            Problem::Repeated => write!(f, "{shape} {field} repeats vertex {value}"),
            Problem::Length => write!(f, "{shape} {field} has {value} items, expected {limit}"),
            Problem::Negative => write!(f, "{shape} {field} must be >= 0, got {value}"),
            Problem::Degenerate => write!(f, "{shape} {field} must not be the zero vector"),
            Problem::OutOfRange => {
                let expected = self.expected;
                write!(f, "{shape} {field} is {value}, must be in {expected}")?;
                if limit.is_finite() {
                    let name = expected.trim_matches(|c| "[]()".contains(c));
                    let name = name.rsplit(", ").next().unwrap_or(name);
                    write!(f, ", {name} {limit}")?;
                }
                Ok(())
            }
            Problem::Reversed => {
                let max_field = field.replacen("min", "max", 1);
                write!(f, "{shape} {field} is {value}, above {max_field} {limit}")
            }
        }
    }
}

impl std::error::Error for ShapeError {}
