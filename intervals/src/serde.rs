//! Saving and loading (the `serde` feature): intervals, verdicts, signs, policies and vectors.
//!
//! An interval is saved as its two ends `[lo, hi]` and checked on loading as
//! [`Interval::new`] checks them, so a loaded interval is always a valid one: a file with
//! `lo > hi` or a NaN is an error, not an interval that breaks the guarantees. Floats are saved
//! bit-exactly by every format that keeps them (for `serde_json`, turn on its `float_roundtrip`
//! feature; JSON has no infinities, so unbounded intervals need a format that does, such as
//! RON or bincode).
//!
//! # Example
//! ```
//! use surety_intervals::{Interval, Vec3, Verdict};
//!
//! let x = Interval::new(0.1, 0.30000000000000004)?;
//! let json = serde_json::to_string(&x).unwrap();
//! assert_eq!(json, "[0.1,0.30000000000000004]");
//! assert_eq!(serde_json::from_str::<Interval>(&json).unwrap(), x);
//! assert!(serde_json::from_str::<Interval>("[2.0,1.0]").is_err()); // lo > hi
//! let v = Vec3::new(1.5, -2.0, 0.1);
//! assert_eq!(serde_json::from_str::<Vec3<f64>>(&serde_json::to_string(&v).unwrap()).unwrap(), v);
//! assert_eq!(serde_json::to_string(&Verdict::Maybe).unwrap(), "\"Maybe\"");
//! # Ok::<(), surety_intervals::IntervalError>(())
//! ```

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::{Endpoint, Interval};

impl<T: Endpoint + Serialize> Serialize for Interval<T> {
    fn serialize<Z: Serializer>(&self, s: Z) -> Result<Z::Ok, Z::Error> {
        [self.lo(), self.hi()].serialize(s)
    }
}

impl<'de, T: Endpoint + Deserialize<'de>> Deserialize<'de> for Interval<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let [lo, hi] = <[T; 2]>::deserialize(d)?;
        Interval::new(lo, hi).map_err(D::Error::custom)
    }
}
