//! What the benchmarks share: reading criterion's results back for the ratio tables.

/// The median time per iteration, in ns, that criterion saved for `group/function` in this
/// target directory (criterion writes `target/criterion/<group>/<function>/new/estimates.json`,
/// with `<`, `>` and `/` replaced by `_`).
pub fn median_ns(group: &str, function: &str) -> Option<f64> {
    let clean = |s: &str| s.replace(['<', '>', '/'], "_");
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .parent()?
        .join("criterion")
        .join(clean(group))
        .join(clean(function))
        .join("new/estimates.json");
    let json = std::fs::read_to_string(path).ok()?;
    let median = &json[json.find("\"median\"")?..];
    let value = &median[median.find("\"point_estimate\":")? + "\"point_estimate\":".len()..];
    let end = value.find([',', '}'])?;
    value[..end].trim().parse().ok()
}

/// xorshift64*: the same inputs every run.
#[allow(dead_code)] // not every benchmark draws inputs
pub struct Rng(pub u64);

#[allow(dead_code)]
impl Rng {
    /// A uniform double in [0, 1).
    pub fn unit(&mut self) -> f64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 11) as f64 / (1u64 << 53) as f64
    }

    /// A uniform `f32` in [-scale, scale).
    pub fn coord(&mut self, scale: f64) -> f32 {
        ((self.unit() * 2.0 - 1.0) * scale) as f32
    }

    /// A point with coordinates from [`Rng::coord`].
    pub fn point(&mut self, scale: f64) -> glam::Vec3 {
        glam::Vec3::new(self.coord(scale), self.coord(scale), self.coord(scale))
    }
}

/// Times `query` over all inputs; the count of `true`s keeps the work alive.
#[allow(dead_code)]
pub fn time<I>(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    label: &str,
    inputs: &[I],
    query: impl Fn(&I) -> bool,
) {
    group.bench_function(label, |b| {
        b.iter(|| {
            std::hint::black_box(inputs)
                .iter()
                .filter(|i| query(i))
                .count()
        })
    });
}

/// A glam vector as parry3d's.
#[allow(dead_code)]
pub fn vector(v: glam::Vec3) -> parry3d::math::Vector {
    parry3d::math::Vector::new(v.x, v.y, v.z)
}

/// A ball of radius `r` at `center`, posed for parry3d.
#[allow(dead_code)]
pub fn posed_ball(center: glam::Vec3, r: f32) -> (parry3d::math::Pose, parry3d::shape::Ball) {
    (
        parry3d::math::Pose::from_translation(vector(center)),
        parry3d::shape::Ball::new(r),
    )
}

/// The box from `lo` to `hi`, posed for parry3d (a cuboid about its centre).
#[allow(dead_code)]
pub fn posed_box(lo: glam::Vec3, hi: glam::Vec3) -> (parry3d::math::Pose, parry3d::shape::Cuboid) {
    (
        parry3d::math::Pose::from_translation(vector((lo + hi) * 0.5)),
        parry3d::shape::Cuboid::new(vector((hi - lo) * 0.5)),
    )
}

/// Times parry3d's uncertified `intersection_test` on posed shape pairs, as the row `parry3d`.
#[allow(dead_code)]
pub fn time_parry_intersection<A: parry3d::shape::Shape, B: parry3d::shape::Shape>(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    inputs: &[(parry3d::math::Pose, A, parry3d::math::Pose, B)],
) {
    time(group, "parry3d", inputs, |(p1, a, p2, b)| {
        parry3d::query::intersection_test(p1, a, p2, b).map_or(true, |i| i.intersecting)
    });
}

/// The sphere–triangle benchmark inputs posed for parry3d: from each raw case
/// `(triangle, a, b)`, a ball of radius `|b.x| / 2` at `a`, and the triangle.
#[allow(dead_code)]
pub fn posed_balls_and_triangles(
    raw: &[([glam::Vec3; 3], glam::Vec3, glam::Vec3)],
) -> Vec<(
    parry3d::math::Pose,
    parry3d::shape::Ball,
    parry3d::math::Pose,
    parry3d::shape::Triangle,
)> {
    raw.iter()
        .map(|(t, a, b)| {
            let (p1, ball) = posed_ball(*a, b.x.abs() * 0.5);
            let [x, y, z] = t.map(vector);
            (
                p1,
                ball,
                parry3d::math::Pose::IDENTITY,
                parry3d::shape::Triangle::new(x, y, z),
            )
        })
        .collect()
}
