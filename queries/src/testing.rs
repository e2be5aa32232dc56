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

/// Case `i` of the slab tests' comparisons: a ray (origin, direction), `N` boxes and a
/// parameter bound, every number a random multiple of `2^e` for `e` cycling through
/// `-half..=half` with `i`; one axis of the boxes flat every seventh case, one direction
/// component zero (of either sign) every fifth, the origin on a box's plane on that axis in
/// half of those, and the bound infinite every third.
pub(crate) fn slab_case<const N: usize>(
    rng: &mut Rng,
    i: i32,
    half: i32,
) -> ([f64; 3], [f64; 3], [crate::bvh::Box3; N], f64) {
    let scale = pow2((i % (2 * half + 1)) - half);
    let mut v = || rng.signed_unit() * scale;
    let (mut o, mut d) = ([v(), v(), v()], [v(), v(), v()]);
    let boxes: [crate::bvh::Box3; N] = std::array::from_fn(|_| {
        let axes: [[f64; 2]; 3] = std::array::from_fn(|k| {
            let (x, y) = (v(), v());
            let flat = i % 7 == k as i32;
            [x.min(y), if flat { x.min(y) } else { x.max(y) }]
        });
        [axes.map(|a| a[0]), axes.map(|a| a[1])]
    });
    if i % 5 == 0 {
        let j = i / 5;
        let k = (j % 3) as usize;
        d[k] = if j % 2 == 0 { 0.0 } else { -0.0 };
        if j / 2 % 2 == 0 {
            o[k] = boxes[0][(j / 4 % 2) as usize][k];
        }
    }
    let t_max = if i % 3 == 0 {
        f64::INFINITY
    } else {
        rng.signed_unit().abs() * 4.0
    };
    (o, d, boxes, t_max)
}
