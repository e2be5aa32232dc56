//! Formulas rescaled by exact powers of two (`Formula::rescaled`): small-integer geometry
//! (ties frequent: tangent, touching, coplanar, on the band's edge), then the same geometry
//! times `2^k` far from 1 (each group of inputs by its own power where the formula allows:
//! box axes, plane normals, ray directions). On every case the rescaled formula has the
//! original's exact answer, and its interval stage answers exactly as on the unscaled
//! geometry: the rescaling loses nothing, and leaves no overflow or underflow behind.

mod support;

use core::fmt::Debug;

use support::Rng;
use surety_intervals::stack::{decide_in, Formula, Stage};
use surety_intervals::Vec3;
use surety_queries::{
    Aabb, Obb, ObbObb, Orient3d, Plane, PlaneSide, Ray, Segment, SegmentTriangle, Sphere,
    SphereAabb, SphereSphere, SphereTriangle, Triangle, TriangleAabb,
};

const CASES: u64 = 1500;

/// `(k, j)`: lengths times `2^k`, directions (axes, normals, ray directions) times `2^j`.
const SCALES: [(i32, i32); 8] = [
    (1000, 0),
    (-1000, 0),
    (600, 300),
    (-600, -300),
    (-600, 300),
    (-1060, 0),
    (200, -200),
    (0, 700),
];

fn times(x: f64, k: i32) -> f64 {
    x * 2f64.powi(k / 2) * 2f64.powi(k - k / 2)
}

fn scaled(v: Vec3<f64>, k: i32) -> Vec3<f64> {
    v.map(|x| times(x, k))
}

/// The numbers of one case: small integers drawn from `seed`, so that a case can be built
/// again at another scale.
struct Draw(Rng);

impl Draw {
    fn v(&mut self) -> Vec3<f64> {
        self.0.vec(3)
    }
    fn len(&mut self) -> f64 {
        self.0.small(3).abs()
    }
}

/// Builds every case at scale `(0, 0)` and at each of [`SCALES`], and checks the rescaled
/// formula against the unscaled one.
fn keeps<F: Formula>(name: &str, make: impl Fn(&mut Draw, i32, i32) -> Option<F>)
where
    F::Output: PartialEq + Debug,
{
    let (mut checked, mut rescaled) = (0, 0);
    for case in 0..CASES {
        let seed = 0x5ca1_e000 + case * 7919 + name.len() as u64;
        let Some(base) = make(&mut Draw(Rng(seed)), 0, 0) else {
            continue;
        };
        let exact = decide_in(&base, Stage::Exact);
        let interval = decide_in(&base, Stage::Interval);
        for (k, j) in SCALES {
            let Some(far) = make(&mut Draw(Rng(seed)), k, j) else {
                continue;
            };
            checked += 1;
            assert_eq!(
                decide_in(&far, Stage::Exact),
                exact,
                "{name} {case} at {k}, {j}"
            );
            let Some(near) = far.rescaled() else {
                continue;
            };
            rescaled += 1;
            assert_eq!(
                decide_in(&near, Stage::Exact),
                exact,
                "{name} {case} at {k}, {j}: rescaled"
            );
            assert_eq!(
                decide_in(&near, Stage::Interval),
                interval,
                "{name} {case} at {k}, {j}: the intervals on the rescaled numbers"
            );
        }
    }
    println!("{name}: {checked} scaled cases, {rescaled} rescaled");
    assert!(
        rescaled * 10 >= checked * 8,
        "{name}: only {rescaled} of {checked} rescaled"
    );
}

#[test]
fn rescaled_formulas_keep_their_answers() {
    keeps("sphere-aabb", |d, k, _| {
        let (c, r, lo, size) = (d.v(), d.len(), d.v(), d.v().abs());
        let s = Sphere::new(scaled(c, k), times(r, k)).ok()?;
        let b = Aabb::new(scaled(lo, k), scaled(lo + size, k)).ok()?;
        Some(SphereAabb::new(&s, &b))
    });
    keeps("sphere-sphere", |d, k, _| {
        let a = Sphere::new(scaled(d.v(), k), times(d.len(), k)).ok()?;
        let b = Sphere::new(scaled(d.v(), k), times(d.len(), k)).ok()?;
        Some(SphereSphere::new(&a, &b))
    });
    keeps("sphere-triangle", |d, k, _| {
        let s = Sphere::new(scaled(d.v(), k), times(d.len(), k)).ok()?;
        let t = Triangle::new(scaled(d.v(), k), scaled(d.v(), k), scaled(d.v(), k)).ok()?;
        Some(SphereTriangle::new(&s, &t))
    });
    keeps("triangle-aabb", |d, k, _| {
        let t = Triangle::new(scaled(d.v(), k), scaled(d.v(), k), scaled(d.v(), k)).ok()?;
        let (lo, size) = (d.v(), d.v().abs());
        let b = Aabb::new(scaled(lo, k), scaled(lo + size, k)).ok()?;
        Some(TriangleAabb::new(&t, &b))
    });
    keeps("segment-triangle", |d, k, _| {
        let s = Segment::new(scaled(d.v(), k), scaled(d.v(), k)).ok()?;
        let t = Triangle::new(scaled(d.v(), k), scaled(d.v(), k), scaled(d.v(), k)).ok()?;
        Some(SegmentTriangle::new(&s, &t))
    });
    keeps("ray-triangle", |d, k, j| {
        let r = Ray::new(scaled(d.v(), k), scaled(d.v(), j)).ok()?;
        let t = Triangle::new(scaled(d.v(), k), scaled(d.v(), k), scaled(d.v(), k)).ok()?;
        Some(SegmentTriangle::ray(&r, &t))
    });
    keeps("orient3d", |d, k, _| {
        let [a, b, c, e] = [d.v(), d.v(), d.v(), d.v()].map(|v| scaled(v, k));
        Some(Orient3d::new(a, b, c, e))
    });
    // A box's half-axis vectors `e·a` scale by 2^k: axes by 2^j, half extents by 2^(k - j).
    let obb = |d: &mut Draw, k: i32, j: i32| {
        let axes = [d.v(), d.v(), d.v()].map(|a| scaled(a, j));
        let half = scaled(d.v().abs(), k - j);
        Obb::new(scaled(d.v(), k), axes, half).ok()
    };
    keeps("obb-obb", |d, k, j| {
        let (a, b) = (obb(d, k, j)?, obb(d, k, j)?);
        Some(ObbObb::new(&a, &b))
    });
    // `n·p + offset` and the band `E·|n|`: the normal by 2^j, the offset by 2^(k + j).
    keeps("plane-side", |d, k, j| {
        let (n, offset, p, e) = (d.v(), d.0.small(6), d.v(), d.len());
        let plane = Plane::new(scaled(n, j), times(offset, k + j)).ok()?;
        PlaneSide::new(&plane, scaled(p, k), times(e, k)).ok()
    });
}
