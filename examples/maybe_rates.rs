//! How often does each certified query say `Maybe`? On random inputs (it should be about
//! never) and on inputs built within a few ulps of contact (where it honestly may). Also
//! counts how often the plain `f64` query disagrees with a certain certified answer (it should
//! never on random inputs; near contact, each disagreement is a wrong float answer).
//!
//! Run: `cargo run --release --example maybe_rates [-- CASES]` (default 100000 per row).

use surety::prelude::*;

/// A small deterministic generator (xorshift64*), so every run draws the same inputs.
struct Rng(u64);

impl Rng {
    fn u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// Uniform in [-100, 100).
    fn coord(&mut self) -> f64 {
        (self.u64() >> 11) as f64 / (1u64 << 53) as f64 * 200.0 - 100.0
    }

    fn point(&mut self) -> Vec3<f64> {
        Vec3::new(self.coord(), self.coord(), self.coord())
    }

    /// A nudge of -4..=4 ulps.
    fn nudge(&mut self, x: f64) -> f64 {
        let k = (self.u64() % 9) as i64 - 4;
        let mut y = x;
        for _ in 0..k.unsigned_abs() {
            y = if k > 0 { y.next_up() } else { y.next_down() };
        }
        y
    }
}

/// The verdicts of one row.
#[derive(Default)]
pub struct Tally {
    /// Cases run.
    pub cases: u32,
    /// Certified verdicts that were `Maybe`.
    pub maybe: u32,
    /// Certain certified verdicts the plain `f64` query contradicted.
    pub float_disagrees: u32,
}

/// One row of the table: query, input kind, tally.
pub struct Row {
    pub query: &'static str,
    pub random: bool,
    pub tally: Tally,
}

impl Tally {
    fn add(&mut self, certified: Verdict, plain: Verdict) {
        self.cases += 1;
        match certified.certain() {
            None => self.maybe += 1,
            Some(answer) => {
                if plain.certain() != Some(answer) {
                    self.float_disagrees += 1;
                }
            }
        }
    }

    pub fn percent(n: u32, of: u32) -> f64 {
        100.0 * f64::from(n) / f64::from(of.max(1))
    }
}

/// One query evaluated on a scalar type: plain `f64` or certified `Interval<f64>`.
type Query<S> = fn(&[Vec3<S>], S) -> Verdict;

/// Runs both instantiations of a query on inputs from `make` and tallies the verdicts.
fn run(
    cases: u32,
    seed: u64,
    make: impl Fn(&mut Rng) -> (Vec<Vec3<f64>>, f64),
    plain: Query<f64>,
    certified: Query<Interval>,
) -> Tally {
    let mut rng = Rng(seed);
    let mut tally = Tally::default();
    for _ in 0..cases {
        let (points, scalar) = make(&mut rng);
        let lifted: Vec<Vec3<Interval>> = points.iter().map(|p| Vec3::lift_f64(*p)).collect();
        tally.add(
            certified(&lifted, Interval::enclose(scalar)),
            plain(&points, scalar),
        );
    }
    tally
}

fn sphere_aabb<S: Scalar>(p: &[Vec3<S>], r: S) -> Verdict {
    match (
        Sphere::new(p[0], r),
        Aabb::new(p[1].min(p[2]), p[1].max(p[2])),
    ) {
        (Ok(s), Ok(b)) => overlap_sphere_aabb(&s, &b),
        _ => Verdict::Maybe,
    }
}

fn classify<S: Scalar>(p: &[Vec3<S>], e: S) -> Verdict {
    match Plane::from_normal_and_point(p[0], p[1]) {
        Ok(plane) => match plane.classify(p[2], e).certain() {
            Some(side) => Verdict::from(side == Side::On),
            None => Verdict::Maybe,
        },
        Err(_) => Verdict::Maybe,
    }
}

fn tri<S: Scalar>(p: &[Vec3<S>]) -> Triangle<S> {
    Triangle::new(p[0], p[1], p[2]).expect("finite")
}

fn point_triangle<S: Scalar>(p: &[Vec3<S>], _: S) -> Verdict {
    point_in_triangle(p[3], &tri(p))
}

fn segment_triangle<S: Scalar>(p: &[Vec3<S>], _: S) -> Verdict {
    intersect_segment_triangle(&Segment::new(p[3], p[4]).expect("finite"), &tri(p))
}

fn ray_triangle<S: Scalar>(p: &[Vec3<S>], _: S) -> Verdict {
    cast_ray_triangle(&Ray::new(p[3], p[4] - p[3]).expect("finite"), &tri(p)).hit
}

fn triangle_aabb<S: Scalar>(p: &[Vec3<S>], _: S) -> Verdict {
    let b = Aabb::new(p[3].min(p[4]), p[3].max(p[4])).expect("ordered");
    overlap_triangle_aabb(&tri(p), &b)
}

fn sphere_triangle<S: Scalar>(p: &[Vec3<S>], r: S) -> Verdict {
    overlap_sphere_triangle(&Sphere::new(p[3], r).expect("valid"), &tri(p))
}

/// Runs every row with `cases` cases each.
pub fn table(cases: u32) -> Vec<Row> {
    let mut rows = Vec::new();
    let mut row = |query: &'static str, kind: &str, tally: Tally| {
        rows.push(Row {
            query,
            random: kind == "random",
            tally,
        });
    };

    let random3 = |r: &mut Rng| (vec![r.point(), r.point(), r.point()], r.coord().abs() / 2.0);
    let random5 = |r: &mut Rng| {
        (
            vec![r.point(), r.point(), r.point(), r.point(), r.point()],
            r.coord().abs() / 4.0,
        )
    };

    row(
        "sphere–AABB",
        "random",
        run(cases, 1, random3, sphere_aabb, sphere_aabb),
    );
    row(
        "sphere–AABB",
        "near contact",
        run(
            cases,
            2,
            |r| {
                let (a, b) = (r.point(), r.point());
                let (lo, hi) = (a.min(b), a.max(b));
                // Tangent to the face x = hi.x at the box's middle height, radius nudged.
                let radius = r.coord().abs() / 4.0 + 0.5;
                let c = Vec3::new(hi.x + radius, (lo.y + hi.y) / 2.0, (lo.z + hi.z) / 2.0);
                (vec![c, lo, hi], r.nudge(radius))
            },
            sphere_aabb,
            sphere_aabb,
        ),
    );

    row(
        "plane classify (on?)",
        "random",
        run(cases, 3, random3, classify, classify),
    );
    row(
        "plane classify (on?)",
        "near contact",
        run(
            cases,
            4,
            |r| {
                let (n, p0) = (r.point(), r.point());
                let e = r.coord().abs() / 10.0 + 0.1;
                let p = p0 + n * (e / n.length()); // on the band's edge, up to rounding
                (vec![n, p0, p], r.nudge(e))
            },
            classify,
            classify,
        ),
    );

    row(
        "point–triangle",
        "random",
        run(cases, 5, random5, point_triangle, point_triangle),
    );
    row(
        "point–triangle",
        "near contact",
        run(
            cases,
            6,
            |r| {
                let (a, b, c) = (r.point(), r.point(), r.point());
                let p = a + (b - a) * 0.25 + (c - a) * 0.25; // in the plane, up to rounding
                (vec![a, b, c, p, p], 0.0)
            },
            point_triangle,
            point_triangle,
        ),
    );

    row(
        "segment–triangle",
        "random",
        run(cases, 7, random5, segment_triangle, segment_triangle),
    );
    row(
        "segment–triangle",
        "near contact",
        run(
            cases,
            8,
            |r| {
                let (a, b, c, d) = (r.point(), r.point(), r.point(), r.point());
                let on_edge = a + (b - a) * 0.5; // through an edge, up to rounding
                (vec![a, b, c, on_edge + d, on_edge - d], 0.0)
            },
            segment_triangle,
            segment_triangle,
        ),
    );

    row(
        "ray–triangle",
        "random",
        run(cases, 9, random5, ray_triangle, ray_triangle),
    );
    row(
        "ray–triangle",
        "near contact",
        run(
            cases,
            10,
            |r| {
                let (a, b, c, d) = (r.point(), r.point(), r.point(), r.point());
                let on_edge = b + (c - b) * 0.5;
                (vec![a, b, c, on_edge + d, on_edge], 0.0)
            },
            ray_triangle,
            ray_triangle,
        ),
    );

    row(
        "triangle–AABB",
        "random",
        run(cases, 11, random5, triangle_aabb, triangle_aabb),
    );
    row(
        "triangle–AABB",
        "near contact",
        run(
            cases,
            12,
            |r| {
                let (b, c, lo) = (r.point(), r.point(), r.point());
                let hi = lo + Vec3::new(r.coord().abs(), r.coord().abs(), r.coord().abs());
                let a = Vec3::new(r.nudge(hi.x), r.nudge(hi.y), r.nudge(hi.z)); // at a corner ± ulps
                let (b, c) = (hi + b.abs(), hi + c.abs());
                (vec![a, b, c, lo, hi], 0.0)
            },
            triangle_aabb,
            triangle_aabb,
        ),
    );

    row(
        "sphere–triangle",
        "random",
        run(
            cases,
            13,
            |r| {
                (
                    vec![r.point(), r.point(), r.point(), r.point()],
                    r.coord().abs() / 2.0,
                )
            },
            sphere_triangle,
            sphere_triangle,
        ),
    );
    row(
        "sphere–triangle",
        "near contact",
        run(
            cases,
            14,
            |r| {
                let (a, b, c) = (r.point(), r.point(), r.point());
                let n = (b - a).cross(c - a);
                let radius = r.coord().abs() / 4.0 + 0.5;
                let center = a + (b - a) * 0.25 + (c - a) * 0.25 + n * (radius / n.length());
                (vec![a, b, c, center], r.nudge(radius))
            },
            sphere_triangle,
            sphere_triangle,
        ),
    );
    rows
}

#[allow(dead_code)] // the tightness tests include this file for `table`
fn main() {
    let cases: u32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(100_000);
    println!("maybe rates over {cases} cases per row (random: coordinates uniform in [-100, 100];");
    println!("near contact: built to touch, then nudged by up to 4 ulps)\n");
    println!("| query | inputs | maybe | f64 disagrees with a certain answer |");
    println!("|---|---|---:|---:|");
    for Row {
        query,
        random,
        tally,
    } in table(cases)
    {
        println!(
            "| {query} | {} | {:.3} % | {:.3} % |",
            if random { "random" } else { "near contact" },
            Tally::percent(tally.maybe, tally.cases),
            Tally::percent(tally.float_disagrees, tally.cases)
        );
    }
}
