//! The tour: what surety is for, as a transcript. Run it with
//! `cargo run --release --example tour`.
//!
//! Every claim the tour prints is checked while it runs; the summary at the end counts them.

use surety::intervals::exact::to_rational;
use surety::prelude::*;

/// Counts the claims the tour checks, and stops it if one is false.
struct Checks(u32);

impl Checks {
    fn claim(&mut self, holds: bool, what: &str) {
        assert!(holds, "tour claim failed: {what}");
        self.0 += 1;
    }
}

/// 2-D orientation: is `p` left of the directed line `a → b`? One formula for every scalar.
fn left_of<S: Scalar>(a: [S; 2], b: [S; 2], p: [S; 2]) -> Verdict {
    ((b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])).gt_zero()
}

/// Is the point within `r` of the center? (Squared distances: no square root to round.)
fn within<S: Scalar>(center: Vec3<S>, r: S, p: Vec3<S>) -> Verdict {
    (p - center).length_squared().le(r.sqr())
}

fn main() {
    let mut checks = Checks(0);
    println!("surety tour: certain answers are exact, maybe is honest\n");

    // 1. 0.1 + 0.2
    println!("── 1. 0.1 + 0.2");
    let plain = 0.1 + 0.2;
    println!(">>> 0.1 + 0.2 == 0.3            (f64)");
    println!("{}", plain == 0.3);
    let tenth = Interval::point(1.0).unwrap() / Interval::point(10.0).unwrap();
    let fifth = Interval::point(2.0).unwrap() / Interval::point(10.0).unwrap();
    let three_tenths = Interval::point(3.0).unwrap() / Interval::point(10.0).unwrap();
    println!(">>> tenth = 1 / 10             (the real 0.1, enclosed)");
    println!("{tenth}");
    println!(">>> tenth + 2 / 10");
    let sum = tenth + fifth;
    println!("{sum}");
    println!(">>> (tenth + 2 / 10).equals(3 / 10)");
    let same = sum.equals(three_tenths);
    println!("{same}   (the enclosures overlap: equal is possible, and it is true in the reals)");
    checks.claim(!plain.eq(&0.3), "0.1 + 0.2 != 0.3 in f64");
    checks.claim(same == Verdict::Maybe, "interval 0.1 + 0.2 may equal 0.3");
    checks.claim(sum.lo() <= 0.3 && 0.3 <= sum.hi(), "the sum holds 0.3");
    println!();

    // 2. A float predicate that lies, next to the certified one.
    println!("── 2. Which side of the line y = x? (points a few ulps from it)");
    let (a, b) = ([12.0, 12.0], [24.0, 24.0]);
    let ulp = f64::EPSILON / 2.0; // one ulp of 0.5
    let (mut wrong, mut maybe, mut certain_right, mut total) = (0, 0, 0, 0);
    let mut shown = false;
    for i in 0..64 {
        for j in 0..64 {
            let p = [0.5 + i as f64 * ulp, 0.5 + j as f64 * ulp];
            // Exact answer: the line is y = x, so p is left of a → b exactly when
            // p.y > p.x, and p.y - p.x is exact here (Sterbenz).
            let exact = p[1] - p[0] > 0.0;
            let float = left_of(a, b, p);
            let lift = |v: [f64; 2]| v.map(Interval::<f64>::enclose);
            let certified = left_of(lift(a), lift(b), lift(p));
            total += 1;
            if float.certain() != Some(exact) {
                wrong += 1;
                if !shown {
                    shown = true;
                    println!(">>> p = ({:?}, {:?})", p[0], p[1]);
                    println!("    f64 left_of:       {float}   (exact answer: {exact})");
                    println!("    certified left_of: {certified}");
                }
            }
            match certified.certain() {
                Some(c) => {
                    checks.claim(c == exact, "a certain verdict is the exact answer");
                    certain_right += 1;
                }
                None => maybe += 1,
            }
        }
    }
    println!(">>> over {total} points within 64 ulps of the line");
    println!("    f64:       {wrong} wrong answers, all stated as certain");
    println!("    certified: 0 wrong, {certain_right} certain, {maybe} maybe");
    checks.claim(wrong > 0, "plain floats get some of these wrong");
    println!();

    // 3. Policies decide what a maybe means.
    println!("── 3. Resolving maybe");
    let gap = Interval::new(-1e-12, 1e-12).unwrap();
    let touching = gap.le(Interval::ZERO);
    println!(">>> gap = {gap}; gap <= 0 ?");
    println!("{touching}");
    println!(
        ">>> resolve: Conservative -> {}, Optimistic -> {}",
        touching.resolve(Policy::Conservative),
        touching.resolve(Policy::Optimistic)
    );
    checks.claim(
        touching.resolve(Policy::default()),
        "the default policy treats maybe as contact",
    );
    println!();

    // 4. One formula, four scalars: a point against a sphere, exactly on its surface.
    println!("── 4. One formula, four scalars: is (0.6, 0.8, 0) within 1 of the origin?");
    let p = glam::DVec3::new(0.6, 0.8, 0.0);
    let as_f64 = within(Vec3::zero(), 1.0, Vec3::<f64>::from(p));
    let as_f32 = within(Vec3::zero(), 1.0f32, Vec3::<f32>::from(p.as_vec3()));
    let as_iv64 = within(Vec3::zero(), Interval::ONE, Vec3::<Interval<f64>>::from(p));
    let as_iv32 = within(Vec3::zero(), Interval::ONE, Vec3::<Interval<f32>>::from(p));
    // The exact answer for the stored doubles, in rational arithmetic.
    let q = |x: f64| to_rational(x).expect("finite");
    let exact = q(p.x) * q(p.x) + q(p.y) * q(p.y) <= q(1.0);
    println!(
        "    f64: {as_f64}   f32: {as_f32}   Interval<f64>: {as_iv64}   Interval<f32>: {as_iv32}"
    );
    println!("    exact, on the stored doubles: {exact}");
    println!(
        "    (0.6 and 0.8 are not doubles: the stored point lies 4.4e-17 outside the sphere in"
    );
    println!("     squared distance; f64 rounds that away and answers with false confidence)");
    checks.claim(
        as_f64.certain() != Some(exact),
        "f64 gets the tangent point wrong",
    );
    checks.claim(
        as_iv64.is_maybe(),
        "the double point is too close to the sphere to call",
    );
    let inside = Vec3::<Interval>::from(glam::DVec3::new(0.6, 0.7, 0.0));
    checks.claim(
        within(Vec3::zero(), Interval::ONE, inside) == Verdict::True,
        "a point clearly inside is certainly inside",
    );
    println!();

    println!("── summary");
    println!(
        "{} claims checked while the tour ran; every certain verdict matched the exact answer.",
        checks.0
    );
}
