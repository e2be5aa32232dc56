//! Printing intervals without ever claiming a tighter one.
//!
//! `{}` and `{:?}` print `[lo, hi]` with each end in the shortest form that reads back as the
//! same float (Rust's float `Debug` form: `0.1`, `1e300`, `inf`), so what is printed is what is
//! stored. With a precision, `{:.3}`, the lower end is rounded *down* and the upper end *up* to
//! that many decimals, so the printed interval always holds the stored one.

use core::fmt;

use crate::{Endpoint, Interval};

impl<T: Endpoint> fmt::Display for Interval<T> {
    /// `[lo, hi]`, each end in the shortest form that reads back as the same float; with a
    /// precision (`{:.3}`) the lower end is rounded down and the upper end up, so the printed
    /// interval always holds the stored one.
    ///
    /// # Example
    /// ```
    /// use surety_intervals::Interval;
    ///
    /// let third = Interval::point(1.0)? / Interval::point(3.0)?;
    /// assert_eq!(third.to_string(), "[0.3333333333333333, 0.33333333333333337]");
    /// assert_eq!(format!("{third:.3}"), "[0.333, 0.334]");
    /// # Ok::<(), surety_intervals::IntervalError>(())
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match f.precision() {
            None => write!(f, "[{:?}, {:?}]", self.lo(), self.hi()),
            Some(p) => write!(
                f,
                "[{}, {}]",
                directed_fixed(self.lo().as_f64(), p, Direction::Down),
                directed_fixed(self.hi().as_f64(), p, Direction::Up)
            ),
        }
    }
}

impl<T: Endpoint> fmt::Debug for Interval<T> {
    /// The same as `Display`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Direction {
    Down,
    Up,
}

/// `x` with `p` decimals, rounded in the given direction (never toward the inside).
fn directed_fixed(x: f64, p: usize, dir: Direction) -> String {
    if !x.is_finite() {
        return format!("{x}");
    }
    // Every finite f64 is a dyadic rational with at most 1074 binary (so decimal) places:
    // this prints it exactly.
    let exact = format!("{:.1074}", x.abs());
    let (int_part, frac) = exact.split_once('.').unwrap_or((exact.as_str(), ""));
    let (kept, dropped) = frac.split_at(p.min(frac.len()));
    let mut digits: Vec<u8> = int_part.bytes().chain(kept.bytes()).collect();
    digits.resize(int_part.len() + p, b'0');
    let negative = x < 0.0;
    let away_from_zero = (dir == Direction::Up) != negative;
    if away_from_zero && dropped.bytes().any(|d| d != b'0') {
        increment(&mut digits);
    }
    let int_len = digits.len() - p;
    let (int_digits, frac_digits) = digits.split_at(int_len);
    let is_zero = digits.iter().all(|&d| d == b'0');
    let mut out = String::with_capacity(digits.len() + 2);
    if negative && !is_zero {
        out.push('-');
    }
    out.push_str(core::str::from_utf8(int_digits).unwrap_or("?"));
    if p > 0 {
        out.push('.');
        out.push_str(core::str::from_utf8(frac_digits).unwrap_or("?"));
    }
    out
}

/// Adds one unit in the last place to a string of decimal digits, growing it on carry-out.
fn increment(digits: &mut Vec<u8>) {
    for d in digits.iter_mut().rev() {
        if *d == b'9' {
            *d = b'0';
        } else {
            *d += 1;
            return;
        }
    }
    digits.insert(0, b'1');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shortest_form_round_trips_each_end() {
        let x = Interval::new(0.1, 1e300).unwrap();
        assert_eq!(x.to_string(), "[0.1, 1e300]");
        assert_eq!(format!("{x:?}"), "[0.1, 1e300]");
        let y = Interval::new(-f32::MIN_POSITIVE, f32::INFINITY).unwrap();
        assert_eq!(y.to_string(), "[-1.1754944e-38, inf]");
    }

    #[test]
    fn precision_rounds_lower_end_down_and_upper_end_up() {
        let x = Interval::new(-1.23456, 2.34561).unwrap();
        assert_eq!(format!("{x:.2}"), "[-1.24, 2.35]");
        assert_eq!(format!("{x:.0}"), "[-2, 3]");
        let exact = Interval::new(0.5, 0.75).unwrap();
        assert_eq!(format!("{exact:.2}"), "[0.50, 0.75]");
    }

    #[test]
    fn precision_carries_into_a_new_digit() {
        let x = Interval::new(-9.9999, 9.9999).unwrap();
        assert_eq!(format!("{x:.2}"), "[-10.00, 10.00]");
    }

    #[test]
    fn tiny_ends_print_as_zero_only_on_the_safe_side() {
        let x = Interval::new(-1e-300, 1e-300).unwrap();
        assert_eq!(format!("{x:.3}"), "[-0.001, 0.001]");
        let y = Interval::new(1e-300, 2e-300).unwrap();
        assert_eq!(format!("{y:.3}"), "[0.000, 0.001]");
    }
}
