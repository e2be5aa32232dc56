//! The exact oracle and the input generators shared by the query proofs.
#![allow(dead_code)] // each proof file uses part of it

use num_traits::{One, Signed, Zero};
use quickcheck::{Arbitrary, Gen};
use surety_intervals::arbitrary::any_finite;
use surety_intervals::exact::{to_rational, BigRational};
use surety_intervals::{Interval, Vec3};
use surety_queries::{Obb, TriangleMesh};

pub mod lp;
pub use lp::feasible;

pub type Q = BigRational;
pub type Q3 = [Q; 3];

pub fn q(x: f64) -> Q {
    to_rational(x).expect("finite")
}

pub fn q3(v: Vec3<f64>) -> Q3 {
    v.to_array().map(q)
}

pub fn sub(a: &Q3, b: &Q3) -> Q3 {
    [&a[0] - &b[0], &a[1] - &b[1], &a[2] - &b[2]]
}

pub fn add(a: &Q3, b: &Q3) -> Q3 {
    [&a[0] + &b[0], &a[1] + &b[1], &a[2] + &b[2]]
}

pub fn scale(a: &Q3, s: &Q) -> Q3 {
    [&a[0] * s, &a[1] * s, &a[2] * s]
}

pub fn dot(a: &Q3, b: &Q3) -> Q {
    &a[0] * &b[0] + &a[1] * &b[1] + &a[2] * &b[2]
}

pub fn cross(a: &Q3, b: &Q3) -> Q3 {
    [
        &a[1] * &b[2] - &a[2] * &b[1],
        &a[2] * &b[0] - &a[0] * &b[2],
        &a[0] * &b[1] - &a[1] * &b[0],
    ]
}

pub fn lift(v: Vec3<f64>) -> Vec3<Interval> {
    Vec3::lift_f64(v)
}

/// Exact: does `x` lie in the closed, non-degenerate triangle `abc`? Solves
/// `x = a + s·e1 + t·e2` by Cramer's rule on the Gram matrix and checks the residual, so it
/// shares no formula with the library. `None` for a degenerate triangle.
pub fn in_triangle(x: &Q3, a: &Q3, b: &Q3, c: &Q3) -> Option<bool> {
    let (e1, e2, w) = (sub(b, a), sub(c, a), sub(x, a));
    let (g11, g12, g22) = (dot(&e1, &e1), dot(&e1, &e2), dot(&e2, &e2));
    let det = &g11 * &g22 - &g12 * &g12;
    if det.is_zero() {
        return None;
    }
    let (r1, r2) = (dot(&e1, &w), dot(&e2, &w));
    let s = (&r1 * &g22 - &r2 * &g12) / &det;
    let t = (&g11 * &r2 - &g12 * &r1) / &det;
    let on_plane = add(&add(a, &scale(&e1, &s)), &scale(&e2, &t)) == *x;
    let zero = Q::zero();
    let one = Q::from_integer(1.into());
    Some(on_plane && s >= zero && t >= zero && &s + &t <= one)
}

/// Exact: where does the line `p + λ·dir` cross the plane of `abc`? `Err(true)` when the line
/// lies in the plane (or the triangle is degenerate), `Err(false)` when it is parallel and off
/// it.
pub fn line_plane(p: &Q3, dir: &Q3, a: &Q3, b: &Q3, c: &Q3) -> Result<Q, bool> {
    let n = cross(&sub(b, a), &sub(c, a));
    let denom = dot(&n, dir);
    let num = dot(&n, &sub(a, p));
    if denom.is_zero() {
        Err(num.is_zero())
    } else {
        Ok(num / denom)
    }
}

/// A coordinate for geometry proofs: moderate random values, small dyadic grid values (exact
/// ties, tangency, points on edges), or anything from the whole f64 range.
pub fn coord(g: &mut Gen) -> f64 {
    match u8::arbitrary(g) % 8 {
        0..=2 => (i64::arbitrary(g) % 2000) as f64 / 16.0,
        3..=5 => {
            let m = (u64::arbitrary(g) >> 11) as f64 / (1u64 << 53) as f64;
            (m - 0.5) * 200.0
        }
        6 => any_finite::<f64>(g).clamp(-1e150, 1e150),
        _ => (i64::arbitrary(g) % 9) as f64 / 4.0,
    }
}

pub fn point(g: &mut Gen) -> Vec3<f64> {
    Vec3::new(coord(g), coord(g), coord(g))
}

/// The same geometry scaled by a power of two (exact), to reach huge and tiny coordinates.
pub fn scaled(v: Vec3<f64>, k: i32) -> Vec3<f64> {
    v * pow2(k)
}

/// `2^k` exactly, subnormal powers included (`2f64.powi(-1060)` is `1 / 2^1060`, which
/// overflows to a zero reciprocal when evaluated at run time); zero below `2^-1074`, infinite
/// above `2^1023`.
pub fn pow2(k: i32) -> f64 {
    match k {
        -1022..=1023 => f64::from_bits(((k + 1023) as u64) << 52),
        -1074..=-1023 => f64::from_bits(1 << (k + 1074)),
        ..=-1075 => 0.0,
        _ => f64::INFINITY,
    }
}

/// Per-axis exponents for [`axis_scaled`]: mostly one axis huge and the others tiny, so that a
/// product of two differences underflows while the third factor is huge and amplifies its
/// error; and two axes huge, so that products overflow.
pub const AXIS_SCALES: [[i32; 3]; 12] = [
    [600, -560, -560],
    [-560, 600, -560],
    [-560, -560, 600],
    [0, -540, -540],
    [300, -700, 0],
    [-1000, 0, 0],
    [500, 500, -1060],
    [-530, -530, -530],
    // Products of two tiny differences are subnormal, kept to a few bits, next to a huge one.
    [600, -525, -525],
    [-520, 580, -520],
    // Two huge axes: products of their differences overflow.
    [0, 520, 520],
    [530, -40, 530],
];

/// `v` with each axis scaled by its own power of two: a positive diagonal map, so orientations
/// and incidences are unchanged (up to the rounding of the scaled coordinates).
pub fn axis_scaled(v: Vec3<f64>, k: [i32; 3]) -> Vec3<f64> {
    Vec3::new(v.x * pow2(k[0]), v.y * pow2(k[1]), v.z * pow2(k[2]))
}

/// Are all coordinates of all the points finite?
pub fn finite(vs: &[Vec3<f64>]) -> bool {
    vs.iter()
        .all(|v| v.to_array().iter().all(|c| c.is_finite()))
}

/// A point whose coordinates come from a few extreme values: zero, small integers, values
/// whose products overflow (`1e160`) or whose differences do (`1e308`), and tiny ones whose
/// products underflow. Zeros next to overflows make `0 · ∞ = NaN`; a stage must take NaN for
/// "not decided", never for a sign.
pub fn extreme_point(g: &mut Gen) -> Vec3<f64> {
    const VALUES: [f64; 12] = [
        0.0, 1.0, -1.0, 0.5, 1e160, -1e160, 5e159, 1e308, -1e308, -9.9e307, 1e-160, -3e-300,
    ];
    let mut c = || VALUES[usize::arbitrary(g) % VALUES.len()];
    Vec3::new(c(), c(), c())
}

/// `x` moved by `k` ulps (negative: down).
pub fn ulps(x: f64, k: i64) -> f64 {
    let mut y = x;
    for _ in 0..k.unsigned_abs() {
        y = if k > 0 { y.next_up() } else { y.next_down() };
    }
    y
}

pub fn abs(x: &Q) -> Q {
    x.abs()
}

/// A point with moderate coordinates: zero or between 1e-3 and 1e3 in magnitude (so nothing
/// underflows or overflows in a query's formula).
pub fn moderate_point(g: &mut Gen) -> Vec3<f64> {
    loop {
        let v = point(g);
        if v.to_array()
            .iter()
            .all(|c| c.abs() <= 1e3 && (*c == 0.0 || c.abs() >= 1e-3))
        {
            return v;
        }
    }
}

/// Every stage of the filter stack agrees with the exact answer where it is certain, the
/// exact stage always answers, and the stack under `Policy::Exact` gives the exact answer.
pub fn stages_agree<F, O>(formula: &F, exact: O) -> bool
where
    F: surety_intervals::stack::Formula<Output = O>,
    O: PartialEq + Copy + std::fmt::Debug,
{
    use surety_intervals::stack::{decide, decide_in, Stage};
    use surety_intervals::Policy;
    let ok = certain_stages_agree(formula, || exact)
        && decide_in(formula, Stage::Exact) == Some(exact)
        && decide(formula, Policy::Exact) == Some(exact)
        && decide(formula, Policy::Conservative).is_none_or(|v| v == exact);
    if !ok {
        eprintln!(
            "exact {exact:?}; static {:?}, adaptive {:?}, filter {:?}, interval {:?}, \
             exact stage {:?}",
            decide_in(formula, Stage::Static),
            decide_in(formula, Stage::Adaptive),
            decide_in(formula, Stage::Filter),
            decide_in(formula, Stage::Interval),
            decide_in(formula, Stage::Exact)
        );
    }
    ok
}

/// Every stage short of the exact one agrees with the exact answer where it is certain; the
/// oracle runs only if some stage is certain, so extreme inputs (whose exact evaluation is
/// slow) can be checked by the ten thousand.
pub fn certain_stages_agree<F, O>(formula: &F, oracle: impl Fn() -> O) -> bool
where
    F: surety_intervals::stack::Formula<Output = O>,
    O: PartialEq + Copy + std::fmt::Debug,
{
    use surety_intervals::stack::{decide_in, Stage};
    let mut exact = None;
    Stage::ALL
        .iter()
        .filter(|&&stage| stage != Stage::Exact)
        .all(|&stage| match decide_in(formula, stage) {
            None => true,
            Some(v) => {
                let e = *exact.get_or_insert_with(&oracle);
                if v != e {
                    eprintln!("{stage:?} says {v:?}, exact {e:?}");
                }
                v == e
            }
        })
}

/// Quickcheck runner for the cheap extreme-value properties: twenty times the usual count
/// (the default, or `QUICKCHECK_TESTS`).
pub fn checker_many() -> quickcheck::QuickCheck {
    use surety_intervals::arbitrary::DEFAULT_TESTS;
    let tests = quickcheck_tests()
        .unwrap_or(DEFAULT_TESTS)
        .saturating_mul(20);
    quickcheck::QuickCheck::new()
        .tests(tests)
        .max_tests(tests.saturating_mul(5))
}

/// `v` rounded to `f32` coordinates (to nearest), and back, exactly.
pub fn to_f32(v: Vec3<f64>) -> Vec3<f32> {
    v.map(|x| x as f32)
}

/// The solution of the square system `m x = b`, exactly; `None` if `m` is singular.
pub fn solve(mut m: Vec<Vec<Q>>, mut b: Vec<Q>) -> Option<Vec<Q>> {
    let n = b.len();
    for col in 0..n {
        let pivot = (col..n).find(|&r| !m[r][col].is_zero())?;
        m.swap(col, pivot);
        b.swap(col, pivot);
        for r in 0..n {
            if r != col && !m[r][col].is_zero() {
                let f = &m[r][col] / &m[col][col];
                let pivot_row = m[col].clone();
                for (x, p) in m[r].iter_mut().zip(&pivot_row).skip(col) {
                    *x -= &f * p;
                }
                let sub = &f * &b[col];
                b[r] -= sub;
            }
        }
    }
    Some((0..n).map(|i| &b[i] / &m[i][i]).collect())
}

/// Exact: does the closed segment `pq` meet the closed triangle `abc`, degenerate or not?
/// Feasibility of `a + l1 (b - a) + l2 (c - a) = p + s (q - p)` with `l1, l2 ≥ 0`,
/// `l1 + l2 ≤ 1`, `0 ≤ s ≤ 1`.
pub fn segment_meets_triangle(p: Vec3<f64>, q: Vec3<f64>, t: [Vec3<f64>; 3]) -> bool {
    let (p, q) = (q3(p), q3(q));
    let d = sub(&q, &p);
    meets(&p, &d, &Q::from_integer(1.into()), t)
}

/// Exact: does the closed ray from `p` along `d` (`p + s d`, `s ≥ 0`; the point `p` when
/// `d = 0`) meet the closed triangle, degenerate or not? A meeting point `x` has
/// `s = (x - p)·d / d·d`, at most the largest such value over the corners (the triangle is
/// their convex hull), so the ray meets the triangle iff its segment up to there does.
pub fn ray_meets_triangle(p: Vec3<f64>, d: Vec3<f64>, t: [Vec3<f64>; 3]) -> bool {
    let (p, d) = (q3(p), q3(d));
    let dd = dot(&d, &d);
    let reach = if dd.is_zero() {
        Q::zero()
    } else {
        t.iter()
            .map(|&c| dot(&sub(&q3(c), &p), &d) / &dd)
            .fold(Q::zero(), |m, s| m.max(s))
    };
    meets(&p, &d, &reach, t)
}

/// Exact: does the ray from `p` along `d` meet the closed triangle at a parameter in `[0,
/// max_t]` (the whole ray for `None`)?
pub fn ray_meets_triangle_within(
    p: Vec3<f64>,
    d: Vec3<f64>,
    max_t: Option<f64>,
    t: [Vec3<f64>; 3],
) -> bool {
    match max_t {
        None => ray_meets_triangle(p, d, t),
        Some(m) => meets(&q3(p), &q3(d), &q(m), t),
    }
}

/// Exact: does `p + s d`, `0 ≤ s ≤ reach`, meet the closed triangle?
fn meets(p: &Q3, d: &Q3, reach: &Q, t: [Vec3<f64>; 3]) -> bool {
    meets_q(p, d, reach, &t.map(q3))
}

/// Exact, on rational geometry: does `p + s d`, `0 ≤ s ≤ reach`, meet the closed triangle
/// `[a, b, c]`, degenerate or not? (An LP feasibility test.)
pub fn meets_q(p: &Q3, d: &Q3, reach: &Q, [a, b, c]: &[Q3; 3]) -> bool {
    let (e1, e2, r) = (sub(b, a), sub(c, a), sub(p, a));
    let int = |i: i64| Q::from_integer(i.into());
    let eq: Vec<(Vec<Q>, Q)> = (0..3)
        .map(|k| {
            (
                vec![e1[k].clone(), e2[k].clone(), -d[k].clone()],
                r[k].clone(),
            )
        })
        .collect();
    let row = |a: [i64; 3], b: i64| (a.map(int).to_vec(), int(b));
    let le = [
        row([-1, 0, 0], 0),
        row([0, -1, 0], 0),
        row([1, 1, 0], 1),
        row([0, 0, -1], 0),
        (row([0, 0, 1], 0).0, reach.clone()),
    ];
    feasible(3, &eq, &le)
}

/// Exact: is the point `p` in the closed triangle `abc`, degenerate or not? Feasibility of
/// `a + l1 (b - a) + l2 (c - a) = p` with `l1, l2 ≥ 0`, `l1 + l2 ≤ 1`.
pub fn point_in_closed_triangle(p: Vec3<f64>, t: [Vec3<f64>; 3]) -> bool {
    let (p, a, b, c) = (q3(p), q3(t[0]), q3(t[1]), q3(t[2]));
    let (e1, e2, r) = (sub(&b, &a), sub(&c, &a), sub(&p, &a));
    let int = |i: i64| Q::from_integer(i.into());
    let eq: Vec<(Vec<Q>, Q)> = (0..3)
        .map(|k| (vec![e1[k].clone(), e2[k].clone()], r[k].clone()))
        .collect();
    let le = [
        (vec![int(-1), int(0)], int(0)),
        (vec![int(0), int(-1)], int(0)),
        (vec![int(1), int(1)], int(1)),
    ];
    feasible(2, &eq, &le)
}

/// A quickcheck runner with a quarter of the default cases (for proofs whose oracle enumerates
/// vertices in rationals), or `QUICKCHECK_TESTS` when set.
pub fn checker_quarter() -> quickcheck::QuickCheck {
    use surety_intervals::arbitrary::{checker, DEFAULT_TESTS};
    if std::env::var_os("QUICKCHECK_TESTS").is_some() {
        checker()
    } else {
        checker()
            .tests(DEFAULT_TESTS / 4)
            .max_tests(DEFAULT_TESTS * 5)
    }
}

/// The number of cases `QUICKCHECK_TESTS` asks for, if it is set (and a number).
fn quickcheck_tests() -> Option<u64> {
    std::env::var("QUICKCHECK_TESTS").ok()?.parse().ok()
}

/// A quickcheck runner with `default` cases, or a `share`-th of `QUICKCHECK_TESTS` when it is
/// set (at least one): for properties whose cases cost many times a usual one.
pub fn checker_with(default: u64, share: u64) -> quickcheck::QuickCheck {
    let tests = quickcheck_tests().map_or(default, |t| t / share.max(1));
    surety_intervals::arbitrary::checker().tests(tests.max(1))
}

/// A quickcheck runner with a fortieth of the usual count (the default, or
/// `QUICKCHECK_TESTS`): for properties on meshes of hundreds of faces, whose oracles decide
/// every face exactly.
pub fn deep_checker() -> quickcheck::QuickCheck {
    checker_with(surety_intervals::arbitrary::DEFAULT_TESTS / 40, 40)
}

/// Exact `x · |n| <= s`, where `n2 = |n|²`: by the signs, then by the squares.
pub fn scaled_le(x: &Q, n2: &Q, s: &Q) -> bool {
    let zero = Q::zero();
    match (x <= &zero, s >= &zero) {
        (true, true) => true,
        (true, false) => x * x * n2 >= s * s,
        (false, true) => x * x * n2 <= s * s,
        (false, false) => false,
    }
}

/// Exact squared distance from `p` to the closed segment `ab`.
pub fn segment_d2(p: &Q3, a: &Q3, b: &Q3) -> Q {
    let (e, w) = (sub(b, a), sub(p, a));
    let ee = dot(&e, &e);
    let t = if ee.is_zero() {
        Q::zero()
    } else {
        (dot(&w, &e) / &ee)
            .max(Q::zero())
            .min(Q::from_integer(1.into()))
    };
    let d = sub(&w, &scale(&e, &t));
    dot(&d, &d)
}

/// Exact squared distance from `p` to the closed triangle (barycentric projection, then
/// clamped edges).
pub fn exact_d2(p: Vec3<f64>, [a, b, c]: [Vec3<f64>; 3]) -> Q {
    point_triangle_d2(&q3(p), &[q3(a), q3(b), q3(c)])
}

/// Exact overlap by linear programming (no separating axes): is there `(s, t)` with
/// `c_a + Σ sᵢ aᵢ = c_b + Σ tⱼ bⱼ`, `|sᵢ| ≤ eᵢ`, `|tⱼ| ≤ fⱼ`?
pub fn lp_obb_overlap(a: &Obb<f64>, b: &Obb<f64>) -> bool {
    let numbers = |o: &Obb<f64>| QBox {
        center: q3(o.center()),
        axes: o.axes().map(q3),
        half: o.half_extents().to_array().map(q),
    };
    lp_qbox_overlap(&numbers(a), &numbers(b))
}

/// A box with exact rational numbers: `center + Σ tᵢ axesᵢ`, `|tᵢ| ≤ halfᵢ`.
pub struct QBox {
    pub center: Q3,
    pub axes: [Q3; 3],
    pub half: Q3,
}

/// [`lp_obb_overlap`] on rational boxes (the exact images of posed boxes, say).
pub fn lp_qbox_overlap(a: &QBox, b: &QBox) -> bool {
    let eq: Vec<(Vec<Q>, Q)> = (0..3)
        .map(|k| {
            let row = (0..3)
                .map(|i| a.axes[i][k].clone())
                .chain((0..3).map(|j| -b.axes[j][k].clone()))
                .collect();
            (row, b.center[k].clone() - a.center[k].clone())
        })
        .collect();
    let mut le = Vec::new();
    for (i, e) in a.half.iter().chain(&b.half).enumerate() {
        for sign in [1, -1] {
            let mut row = vec![Q::zero(); 6];
            row[i] = Q::from_integer(sign.into());
            le.push((row, e.clone()));
        }
    }
    feasible(6, &eq, &le)
}

/// Exact triangle–box overlap by linear programming: barycentric `λ ≥ 0`, `Σλ = 1`, and the
/// point `Σ λᵢ vᵢ` within the box.
pub fn lp_triangle_aabb(t: [Vec3<f64>; 3], lo: Vec3<f64>, hi: Vec3<f64>) -> bool {
    let v = t.map(q3);
    let one = Q::one();
    let eq = vec![(vec![one.clone(), one.clone(), one.clone()], one.clone())];
    let mut le = Vec::new();
    #[allow(clippy::needless_range_loop)] // k indexes three arrays
    for k in 0..3 {
        let row: Vec<Q> = v.iter().map(|corner| corner[k].clone()).collect();
        le.push((row.clone(), q(hi.to_array()[k])));
        le.push((
            row.iter().map(|x| -x.clone()).collect(),
            -q(lo.to_array()[k]),
        ));
    }
    for i in 0..3 {
        let mut row = vec![Q::zero(); 3];
        row[i] = -one.clone();
        le.push((row, Q::zero()));
    }
    feasible(3, &eq, &le)
}

/// Exact ray–box hit by linear programming: `t ≥ 0` with `o + t d` in the box.
pub fn lp_ray_aabb(o: Vec3<f64>, d: Vec3<f64>, lo: Vec3<f64>, hi: Vec3<f64>) -> bool {
    let (o, d, lo, hi) = (q3(o), q3(d), q3(lo), q3(hi));
    let mut le = vec![(vec![-Q::one()], Q::zero())];
    for k in 0..3 {
        le.push((vec![d[k].clone()], &hi[k] - &o[k]));
        le.push((vec![-d[k].clone()], &o[k] - &lo[k]));
    }
    // One variable: feasible iff some single tight row gives a point that satisfies all;
    // with no equalities and a possibly unbounded set, add t ≤ T for a T beyond every finite
    // breakpoint (every tight row with d_k ≠ 0 solves to a finite t; if none, t = 0 decides).
    let mut points = vec![Q::zero()];
    for (a, b) in &le {
        if !a[0].is_zero() {
            points.push(b / &a[0]);
        }
    }
    points
        .iter()
        .any(|t| le.iter().all(|(a, b)| &a[0] * t <= *b))
}

/// splitmix64: a tiny deterministic generator, so a failing case is reproducible by seed.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// A small integer in `[-k, k]`.
    pub fn small(&mut self, k: i64) -> f64 {
        (self.below(2 * k as u64 + 1) as i64 - k) as f64
    }

    pub fn vec(&mut self, k: i64) -> Vec3<f64> {
        Vec3::new(self.small(k), self.small(k), self.small(k))
    }

    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len() as u64) as usize]
    }
}

/// The unit cube's corners and faces (two triangles per side): normals outward, or inward
/// (a room).
pub fn unit_cube_f64(outward: bool) -> (Vec<Vec3<f64>>, Vec<[usize; 3]>) {
    let v: Vec<Vec3<f64>> = (0..8)
        .map(|i| Vec3::new((i & 1) as f64, (i >> 1 & 1) as f64, (i >> 2) as f64))
        .collect();
    let faces = [
        [0, 1, 3, 2],
        [4, 6, 7, 5],
        [0, 4, 5, 1],
        [2, 3, 7, 6],
        [0, 2, 6, 4],
        [1, 5, 7, 3],
    ];
    let idx: Vec<[usize; 3]> = faces
        .iter()
        .flat_map(|&[a, b, c, d]| {
            if outward {
                [[a, c, b], [a, d, c]]
            } else {
                [[a, b, c], [a, c, d]]
            }
        })
        .collect();
    (v, idx)
}

/// The unit cube, solid, normals outward; and as a room (normals inward).
pub fn unit_cube(outward: bool) -> TriangleMesh<Interval> {
    let (v, idx) = unit_cube_f64(outward);
    let v: Vec<Vec3<Interval>> = v.into_iter().map(lift).collect();
    TriangleMesh::new(&v, &idx).unwrap()
}

/// The faces of an octahedron with corners `±x, ±y, ±z` in that order, wound outward.
pub const OCTAHEDRON_FACES: [[usize; 3]; 8] = [
    [0, 2, 4],
    [2, 1, 4],
    [1, 3, 4],
    [3, 0, 4],
    [2, 0, 5],
    [1, 2, 5],
    [3, 1, 5],
    [0, 3, 5],
];

/// Whether every answer agrees with the exact one: a certain answer must equal it, and
/// under `Policy::Exact` (`true` in the triple) the answer must be certain. Prints the first
/// that does not, with `what` describing the input.
pub fn answers_agree(
    answers: &[(&str, surety_intervals::Verdict, bool)],
    exact: bool,
    what: impl std::fmt::Display,
) -> bool {
    answers.iter().all(|(name, got, exact_policy)| {
        let ok = got.certain().map_or(!exact_policy, |c| c == exact);
        if !ok {
            eprintln!("{name}: {got:?} for {what}, exactly {exact}");
        }
        ok
    })
}

/// Least squared distance between two closed segments: on the boundary of the parameter
/// square (four point–segment distances) or at the interior critical point.
pub fn segment_segment_d2(p0: &Q3, p1: &Q3, q0: &Q3, q1: &Q3) -> Q {
    let mut best = segment_d2(p0, q0, q1)
        .min(segment_d2(p1, q0, q1))
        .min(segment_d2(q0, p0, p1))
        .min(segment_d2(q1, p0, p1));
    let (d1, d2, r) = (sub(p1, p0), sub(q1, q0), sub(p0, q0));
    let (a, b, e) = (dot(&d1, &d1), dot(&d1, &d2), dot(&d2, &d2));
    let (c, f) = (dot(&d1, &r), dot(&d2, &r));
    let det = &a * &e - &b * &b;
    if !det.is_zero() {
        let s = (&b * &f - &c * &e) / &det;
        let t = (&a * &f - &b * &c) / &det;
        let (zero, one) = (Q::zero(), Q::one());
        if s > zero && s < one && t > zero && t < one {
            let x = sub(&add(p0, &scale(&d1, &s)), &add(q0, &scale(&d2, &t)));
            best = best.min(dot(&x, &x));
        }
    }
    best
}

/// Exact squared distance from `x` to the closed triangle (the foot of the perpendicular
/// when it lies inside, else the nearest edge).
pub fn point_triangle_d2(x: &Q3, [a, b, c]: &[Q3; 3]) -> Q {
    let edges = segment_d2(x, a, b)
        .min(segment_d2(x, b, c))
        .min(segment_d2(x, c, a));
    let n = cross(&sub(b, a), &sub(c, a));
    let nn = dot(&n, &n);
    if nn.is_zero() {
        return edges;
    }
    let h = dot(&n, &sub(x, a)) / &nn;
    let foot = sub(x, &scale(&n, &h));
    if in_triangle(&foot, a, b, c) == Some(true) {
        return &h * &h * &nn;
    }
    edges
}

/// Least squared distance from the closed segment `p → q` to the closed triangle.
pub fn segment_triangle_d2(p: &Q3, q: &Q3, tri: &[Q3; 3]) -> Q {
    let [a, b, c] = tri;
    if let Ok(l) = line_plane(p, &sub(q, p), a, b, c) {
        if l >= Q::zero() && l <= Q::one() {
            let x = add(p, &scale(&sub(q, p), &l));
            if in_triangle(&x, a, b, c) == Some(true) {
                return Q::zero();
            }
        }
    }
    point_triangle_d2(p, tri)
        .min(point_triangle_d2(q, tri))
        .min(segment_segment_d2(p, q, a, b))
        .min(segment_segment_d2(p, q, b, c))
        .min(segment_segment_d2(p, q, c, a))
}

/// Exact: is there a time `τ` in `[0, upto]` and parameters with
/// `p + τ·w = a + l1 (b - a) + l2 (c - a)` (`l1, l2 ≥ 0`, `l1 + l2 ≤ 1`; `simplex`) or
/// `p + l0 (p' - p) + τ·w = a + l1 (b - a)` (`0 ≤ l0, l1 ≤ 1`; edges)? A feasibility problem
/// in rationals, by vertex enumeration: shares nothing with CCD's polynomials.
pub fn translation_contact(p: &[Q3; 2], a: &[Q3; 3], w: &Q3, upto: &Q, simplex: bool) -> bool {
    let int = |i: i64| Q::from_integer(i.into());
    // Unknowns: (l1, l2, τ) for a vertex and a face; (l0, l1, τ) for two edges.
    let (e1, e2, r) = if simplex {
        (sub(&a[1], &a[0]), sub(&a[2], &a[0]), sub(&p[0], &a[0]))
    } else {
        // a + l1 (b - a) - l0 (p' - p) = p + τ w.
        let dp = sub(&p[1], &p[0]);
        (
            sub(&a[1], &a[0]),
            [-dp[0].clone(), -dp[1].clone(), -dp[2].clone()],
            sub(&p[0], &a[0]),
        )
    };
    let eq: Vec<(Vec<Q>, Q)> = (0..3)
        .map(|k| {
            (
                vec![e1[k].clone(), e2[k].clone(), -w[k].clone()],
                r[k].clone(),
            )
        })
        .collect();
    let row = |a: [i64; 3], b: Q| (a.map(int).to_vec(), b);
    let mut le = vec![
        row([-1, 0, 0], int(0)),
        row([0, -1, 0], int(0)),
        row([0, 0, -1], int(0)),
        row([0, 0, 1], upto.clone()),
    ];
    if simplex {
        le.push(row([1, 1, 0], int(1)));
    } else {
        le.push(row([1, 0, 0], int(1)));
        le.push(row([0, 1, 0], int(1)));
    }
    feasible(3, &eq, &le)
}

/// Exact: does the ball (center `c`, squared radius `r2`) meet the box `{center + Σ tᵢ gᵢ :
/// |tᵢ| ≤ 1}`, any parallelepiped (flat ones included)? The center in the solid (an LP on its
/// coordinates), or within `r` of one of the twelve triangles that tile its six faces (exact
/// point–triangle distances): no formula shared with the query, which uses parallelograms,
/// edges and determinants.
pub fn sphere_box_exact(c: &Q3, r2: &Q, center: &Q3, g: &[Q3; 3]) -> bool {
    let d = sub(c, center);
    let int = |i: i64| Q::from_integer(i.into());
    let eq: Vec<(Vec<Q>, Q)> = (0..3)
        .map(|k| {
            (
                vec![g[0][k].clone(), g[1][k].clone(), g[2][k].clone()],
                d[k].clone(),
            )
        })
        .collect();
    let le: Vec<(Vec<Q>, Q)> = (0..3)
        .flat_map(|i| {
            let unit = |s: i64| (0..3).map(|j| int(if i == j { s } else { 0 })).collect();
            [(unit(1), int(1)), (unit(-1), int(1))]
        })
        .collect();
    if feasible(3, &eq, &le) {
        return true;
    }
    for k in 0..3 {
        let (i, j) = ((k + 1) % 3, (k + 2) % 3);
        for side in [1, -1] {
            let p0 = add(center, &scale(&g[k], &int(side)));
            let at =
                |a: i64, b: i64| add(&add(&p0, &scale(&g[i], &int(a))), &scale(&g[j], &int(b)));
            let quad = [at(-1, -1), at(1, -1), at(1, 1), at(-1, 1)];
            for tri in [
                [quad[0].clone(), quad[1].clone(), quad[2].clone()],
                [quad[0].clone(), quad[2].clone(), quad[3].clone()],
            ] {
                if point_triangle_d2(c, &tri) <= *r2 {
                    return true;
                }
            }
        }
    }
    false
}

/// Exact: the least `s` in `[0, reach]` (unbounded for `None`) with `o + s d` in the closed
/// triangle. The set of such `s` is an interval; its least point is the start, or where the
/// line crosses the triangle's plane, or where it crosses an edge's line (in the plane), or
/// a corner's projection (along an edge): every candidate is tried exactly.
pub fn first_contact(o: &Q3, d: &Q3, reach: Option<&Q>, t: &[Q3; 3]) -> Option<Q> {
    let dd = dot(d, d);
    let mut candidates = vec![Q::zero()];
    if !dd.is_zero() {
        if let Ok(s) = line_plane(o, d, &t[0], &t[1], &t[2]) {
            candidates.push(s);
        }
        for k in 0..3 {
            let (p0, p1) = (&t[k], &t[(k + 1) % 3]);
            candidates.push(dot(&sub(p0, o), d) / &dd);
            let e = sub(p1, p0);
            let n = cross(d, &e);
            let nn = dot(&n, &n);
            if !nn.is_zero() {
                candidates.push(dot(&cross(&sub(p0, o), &e), &n) / nn);
            }
        }
    }
    candidates
        .into_iter()
        .filter(|s| *s >= Q::zero() && reach.is_none_or(|r| s <= r))
        .filter(|s| point_triangle_d2(&add(o, &scale(d, s)), t).is_zero())
        .min()
}

/// A tetrahedron's faces on corners 0–3, wound alike (outward when
/// `det(b - a, c - a, d - a) > 0`).
pub const TETRA_FACES: [[usize; 3]; 4] = [[0, 2, 1], [0, 1, 3], [1, 2, 3], [0, 3, 2]];

/// Two tetrahedra's faces: on corners 0–3 and on 4–7.
pub fn two_tetrahedra_faces() -> Vec<[usize; 3]> {
    TETRA_FACES
        .iter()
        .copied()
        .chain(TETRA_FACES.iter().map(|f| f.map(|k| k + 4)))
        .collect()
}

/// The faces of an `n × n` grid of `(n + 1)²` vertices numbered row by row, two per cell.
pub fn grid_faces(n: usize) -> Vec<[usize; 3]> {
    let at = |i: usize, j: usize| i * (n + 1) + j;
    let mut f = Vec::new();
    for i in 0..n {
        for j in 0..n {
            f.push([at(i, j), at(i + 1, j), at(i + 1, j + 1)]);
            f.push([at(i, j), at(i + 1, j + 1), at(i, j + 1)]);
        }
    }
    f
}
