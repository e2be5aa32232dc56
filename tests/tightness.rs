//! Tightness: on random inputs every certified query answers with certainty, and the plain
//! `f64` query agrees with each certain answer. (Near-contact rates are reported by
//! `cargo run --release --example maybe_rates`.)

#[allow(dead_code)]
#[path = "../examples/maybe_rates.rs"]
mod maybe_rates;

#[test]
fn random_inputs_get_certain_answers_that_floats_agree_with() {
    let rows = maybe_rates::table(3000);
    assert_eq!(rows.len(), 14);
    for row in rows.iter().filter(|r| r.random) {
        let t = &row.tally;
        assert_eq!(t.cases, 3000);
        assert!(
            t.maybe * 1000 <= t.cases,
            "{}: {} maybe of {}",
            row.query,
            t.maybe,
            t.cases
        );
        assert_eq!(
            t.float_disagrees, 0,
            "{}: f64 disagreed with a certain answer",
            row.query
        );
    }
}

/// Contacts and near misses built from small integers, scaled by a power of two far from 1
/// (`2^±1000`, and down to subnormal coordinates): each `decide_…` query answers them under
/// `Policy::Conservative` (the float stages on exactly rescaled inputs, no exact stage), and
/// that answer is the exact one. Without the rescaling every square here overflows or
/// underflows and the answer is `Maybe`.
#[test]
fn ties_far_from_one_are_decided_without_the_exact_stage() {
    use surety::prelude::*;
    let c = Policy::Conservative;
    for k in [1000, 600, -600, -1000, -1060] {
        let s = |x: f64| x * 2f64.powi(k / 2) * 2f64.powi(k - k / 2);
        let v = |x: f64, y: f64, z: f64| Vec3::new(s(x), s(y), s(z));
        let unit = [
            Vec3::new(1.0, 0.0, 0.0),
            Vec3::new(0.0, 1.0, 0.0),
            Vec3::new(0.0, 0.0, 1.0),
        ];
        let tri = Triangle::new(v(0.0, 0.0, 0.0), v(4.0, 0.0, 0.0), v(0.0, 4.0, 0.0)).unwrap();
        let cube = Aabb::new(v(-2.0, -2.0, -2.0), v(2.0, 2.0, 2.0)).unwrap();
        // (3, 4, 0) apart, radii 2 and 3: tangent; radius 2 and 2.5: apart.
        let a = Sphere::new(v(0.0, 0.0, 0.0), s(2.0)).unwrap();
        let b = Sphere::new(v(3.0, 4.0, 0.0), s(3.0)).unwrap();
        let b_off = Sphere::new(v(3.0, 4.0, 0.0), s(2.5)).unwrap();
        // A ball over the triangle's face at height = radius, and one a quarter further.
        let over = Sphere::new(v(1.0, 1.0, 3.0), s(3.0)).unwrap();
        let above = Sphere::new(v(1.0, 1.0, 3.25), s(3.0)).unwrap();
        // A ball touching the cube's corner (2, 2, 2) from (4, 5, 8): distance (2, 3, 6) = 7.
        let corner = Sphere::new(v(4.0, 5.0, 8.0), s(7.0)).unwrap();
        let past_corner = Sphere::new(v(4.0, 5.0, 8.25), s(7.0)).unwrap();
        let obb = Obb::new(v(0.0, 0.0, 0.0), unit, v(2.0, 2.0, 2.0)).unwrap();
        let seg = |p, q| Segment::new(p, q).unwrap();
        let cases: Vec<(&str, Verdict, Verdict)> = vec![
            (
                "sphere-sphere tangent",
                decide_overlap_sphere_sphere(&a, &b, c),
                Verdict::True,
            ),
            (
                "sphere-sphere apart",
                decide_overlap_sphere_sphere(&a, &b_off, c),
                Verdict::False,
            ),
            (
                "sphere-triangle tangent",
                decide_overlap_sphere_triangle(&over, &tri, c),
                Verdict::True,
            ),
            (
                "sphere-triangle apart",
                decide_overlap_sphere_triangle(&above, &tri, c),
                Verdict::False,
            ),
            (
                "sphere-aabb corner",
                decide_overlap_sphere_aabb(&corner, &cube, c),
                Verdict::True,
            ),
            (
                "sphere-aabb apart",
                decide_overlap_sphere_aabb(&past_corner, &cube, c),
                Verdict::False,
            ),
            (
                "sphere-obb corner",
                decide_overlap_sphere_obb(&corner, &obb, c),
                Verdict::True,
            ),
            (
                "sphere-obb apart",
                decide_overlap_sphere_obb(&past_corner, &obb, c),
                Verdict::False,
            ),
            (
                "segment ending on an edge",
                decide_intersect_segment_triangle(
                    &seg(v(2.0, 2.0, 5.0), v(2.0, 2.0, 0.0)),
                    &tri,
                    c,
                ),
                Verdict::True,
            ),
            (
                "segment stopping short",
                decide_intersect_segment_triangle(
                    &seg(v(2.0, 2.0, 5.0), v(2.0, 2.0, 0.25)),
                    &tri,
                    c,
                ),
                Verdict::False,
            ),
            (
                "point on an edge",
                decide_point_in_triangle(v(2.0, 2.0, 0.0), &tri, c),
                Verdict::True,
            ),
            (
                "point past an edge",
                decide_point_in_triangle(v(2.25, 2.0, 0.0), &tri, c),
                Verdict::False,
            ),
            (
                "triangle touching the cube's face",
                decide_overlap_triangle_aabb(
                    &Triangle::new(v(2.0, 0.0, 0.0), v(3.0, 1.0, 0.0), v(3.0, 0.0, 1.0)).unwrap(),
                    &cube,
                    c,
                ),
                Verdict::True,
            ),
            (
                "cubes face to face",
                decide_overlap_obb_obb(
                    &obb,
                    &Obb::new(v(4.0, 1.0, 0.0), unit, v(2.0, 2.0, 2.0)).unwrap(),
                    c,
                ),
                Verdict::True,
            ),
            (
                "cubes a quarter apart",
                decide_overlap_obb_obb(
                    &obb,
                    &Obb::new(v(4.25, 1.0, 0.0), unit, v(2.0, 2.0, 2.0)).unwrap(),
                    c,
                ),
                Verdict::False,
            ),
        ];
        for (name, got, exact) in cases {
            assert_eq!(got, exact, "{name} at 2^{k}");
        }
        let coplanar = orient3d(
            v(0.0, 0.0, 0.0),
            v(4.0, 0.0, 0.0),
            v(0.0, 4.0, 0.0),
            v(1.0, 7.0, 0.0),
            c,
        );
        assert_eq!(coplanar, Sign::Zero, "orient3d at 2^{k}");
        let plane = Plane::new(Vec3::new(0.0, 0.0, 2.0), s(-4.0)).unwrap(); // z = 2s
        let side = plane.decide_side(v(5.0, 5.0, 3.0), s(1.0), c).unwrap();
        assert_eq!(side.certain(), Some(Side::On), "plane band's edge at 2^{k}");
    }
}
