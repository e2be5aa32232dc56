//! Which directed rounding the interval type runs on, chosen when the crate is compiled.
//!
//! - **inari** wherever it builds: x86-64 with AVX and FMA (or AVX-512) in the target
//!   features, and AArch64. It sets the rounding mode around each operation.
//! - **portable** everywhere else (WebAssembly, baseline x86-64, any other target), and
//!   anywhere with the `portable` feature: round-to-nearest plus error-free transformations,
//!   no rounding-mode switch (see [`portable`]).
//!
//! Both give the same containment guarantee and the same tightness for `+ - * / sqrt`
//! (the tightest ends of the type, a representable result stays a point), so every proof in
//! the test suite runs unchanged on either. [`BACKEND`] names the one in use.

#[doc(hidden)]
pub mod portable;

/// The inari backend's interval and constants.
#[cfg(surety_inari)]
mod selected {
    /// The interval of `f64` ends the arithmetic runs on.
    pub(crate) type Raw = inari::Interval;

    /// `[0, 0]`.
    pub(crate) const ZERO: Raw = inari::const_interval!(0.0, 0.0);

    /// `[1, 1]`.
    pub(crate) const ONE: Raw = inari::const_interval!(1.0, 1.0);

    /// The backend in use.
    pub const BACKEND: &str = "inari";
}

/// The portable backend's interval and constants.
#[cfg(not(surety_inari))]
mod selected {
    use super::portable;

    /// The interval of `f64` ends the arithmetic runs on.
    pub(crate) type Raw = portable::Raw;

    /// `[0, 0]`.
    pub(crate) const ZERO: Raw = portable::Raw::from_ends(0.0, 0.0);

    /// `[1, 1]`.
    pub(crate) const ONE: Raw = portable::Raw::from_ends(1.0, 1.0);

    /// The backend in use.
    pub const BACKEND: &str = "portable";
}

pub(crate) use selected::{Raw, ONE, ZERO};

/// The interval backend of this build: `"inari"` or `"portable"`.
///
/// # Example
/// ```
/// assert!(["inari", "portable"].contains(&surety_intervals::BACKEND));
/// ```
pub use selected::BACKEND;
