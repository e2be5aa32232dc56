//! Helpers shared by the crate's unit tests.

/// Marsaglia's xorshift64: a reproducible stream for unit tests, with no dependency.
pub(crate) struct Rng(pub(crate) u64);

impl Rng {
    /// The next 64 bits.
    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number in `0..n` (`n > 0`).
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }

    /// A small integer in `-k..=k`, as a double.
    pub(crate) fn int(&mut self, k: u64) -> f64 {
        self.below(2 * k + 1) as f64 - k as f64
    }

    /// A double in `[-1, 1)`, a multiple of `2^-52`.
    pub(crate) fn signed_unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0
    }
}

/// `2^k` exactly, subnormal powers included; zero below `2^-1074`, infinite above `2^1023`.
/// (`2f64.powi(k)` is not: for `k < -1023` at run time it is `1 / 2^-k`, whose divisor
/// overflows, so it gives 0, and only constant folding in optimised builds hides it.)
pub(crate) fn pow2(k: i32) -> f64 {
    match k {
        -1022..=1023 => f64::from_bits(((k + 1023) as u64) << 52),
        -1074..=-1023 => f64::from_bits(1 << (k + 1074)),
        ..=-1075 => 0.0,
        _ => f64::INFINITY,
    }
}
