//! A deterministic xorshift64 generator for the examples and benchmarks: the same inputs on
//! every run and for every contender, with no dependency.

/// xorshift64 (Marsaglia 2003); the state must not be zero.
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn bits(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A double uniform in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        (self.bits() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// A double uniform in `[lo, hi)`.
    pub fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }

    /// A double anywhere in the range of doubles: a random mantissa and sign, an exponent in
    /// `[-1000, 1000]`.
    pub fn any_magnitude(&mut self) -> f64 {
        let r = self.bits();
        let m = 1.0 + (r >> 32) as f64 / 2f64.powi(32);
        let e = (r % 2001) as i32 - 1000;
        let s = if r & (1 << 20) == 0 { 1.0 } else { -1.0 };
        s * m * 2f64.powi(e / 2) * 2f64.powi(e - e / 2)
    }
}
