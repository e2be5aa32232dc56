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

    /// A double in `[-1, 1)`, a multiple of `2^-52`.
    pub(crate) fn signed_unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0
    }
}
