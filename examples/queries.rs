//! Every query family as a session: the input, the enclosure or verdict, and what the
//! conservative policy makes of it. Run: `cargo run --release --example queries`.

use surety::prelude::*;

type V = Vec3<Interval>;

fn v(x: f64, y: f64, z: f64) -> V {
    Vec3::lift_f64(Vec3::new(x, y, z))
}

/// Prints one step of the session: the call, then its answer and the conservative resolution.
fn show(call: &str, verdict: Verdict) {
    println!(">>> {call}");
    println!(
        "{verdict}   (conservative: {})",
        verdict.resolve(Policy::Conservative)
    );
}

pub fn main() -> Result<(), ShapeError> {
    println!("── sphere–AABB");
    let unit_box = Aabb::new(v(0.0, 0.0, 0.0), v(1.0, 1.0, 1.0))?;
    let tangent = Sphere::new(v(1.5, 0.5, 0.5), 0.5)?;
    show(
        "overlap_sphere_aabb(sphere((1.5, 0.5, 0.5), 0.5), box((0,0,0), (1,1,1)))   # tangent",
        overlap_sphere_aabb(&tangent, &unit_box),
    );
    let rounded = Sphere::new(v(1.0 + 0.1 + 0.2, 0.5, 0.5), 0.3)?;
    show("overlap_sphere_aabb(sphere((1 + 0.1 + 0.2, 0.5, 0.5), 0.3), box)   # 1 + 0.1 + 0.2 rounds up: apart", overlap_sphere_aabb(&rounded, &unit_box));
    let corner = Sphere::new(v(1.6, 1.8, 0.5), 1.0)?;
    show("overlap_sphere_aabb(sphere((1.6, 1.8, 0.5), 1), box)   # 0.6² + 0.8² = 1 in decimal, a hair off in binary", overlap_sphere_aabb(&corner, &unit_box));

    println!("\n── plane: signed distance and front / on / back");
    let floor = Plane::new(v(0.0, 0.0, 2.0), -2.0)?; // z = 1, normal of length 2
    let p = v(0.3, 0.7, 1.1);
    println!(">>> floor = plane(normal (0, 0, 2), offset -2)   # z = 1");
    println!(">>> floor.signed_distance((0.3, 0.7, 1.1))");
    println!("{}", floor.signed_distance(p));
    let e = Interval::point(0.1).unwrap();
    println!(
        ">>> floor.classify((0.3, 0.7, 1.1), E = 0.1)   # 1.1 - 1 is 0.1 in decimal, not in binary"
    );
    println!("{}", floor.classify(p, e));
    println!(">>> floor.classify((0.3, 0.7, 1.5), E = 0.1)");
    println!("{}", floor.classify(v(0.3, 0.7, 1.5), e));

    println!("\n── triangles");
    let t = Triangle::new(v(0.0, 0.0, 0.0), v(1.0, 0.0, 0.0), v(0.0, 1.0, 0.0))?;
    show(
        "point_in_triangle((0.5, 0.5, 0), t)   # on the hypotenuse",
        point_in_triangle(v(0.5, 0.5, 0.0), &t),
    );
    show(
        "point_in_triangle((0.1, 0.9, 0), t)   # 0.1 + 0.9 = 1 in decimal only",
        point_in_triangle(v(0.1, 0.9, 0.0), &t),
    );
    let through_edge = Segment::new(v(0.5, 0.5, 1.0), v(0.5, 0.5, -1.0))?;
    show("intersect_segment_triangle(segment((0.5, 0.5, 1), (0.5, 0.5, -1)), t)   # through the edge", intersect_segment_triangle(&through_edge, &t));
    let in_plane = Segment::new(v(-1.0, 0.25, 0.0), v(2.0, 0.25, 0.0))?;
    show(
        "intersect_segment_triangle(segment((-1, 0.25, 0), (2, 0.25, 0)), t)   # in the plane",
        intersect_segment_triangle(&in_plane, &t),
    );
    let ray = Ray::new(v(0.25, 0.25, 0.3), v(0.0, 0.0, -0.1))?;
    let hit = cast_ray_triangle(&ray, &t);
    println!(">>> cast_ray_triangle(ray((0.25, 0.25, 0.3), dir (0, 0, -0.1)), t)");
    println!("hit {}, t in {}   (t = 3 in decimal)", hit.hit, hit.t);

    println!("\n── triangle–AABB (13 axes)");
    let corner = Triangle::new(v(1.0, 1.0, 1.0), v(2.0, 1.0, 1.0), v(1.0, 3.0, 2.0))?;
    show(
        "overlap_triangle_aabb(triangle touching the corner (1, 1, 1), box)",
        overlap_triangle_aabb(&corner, &unit_box),
    );
    let above = Triangle::new(
        v(-1.0, -1.0, 1.0 + 1e-12),
        v(3.0, -1.0, 1.0 + 1e-12),
        v(-1.0, 3.0, 1.0 + 1e-12),
    )?;
    show(
        "overlap_triangle_aabb(flat triangle at z = 1 + 1e-12, box)",
        overlap_triangle_aabb(&above, &unit_box),
    );

    println!("\n── boxes");
    let axes = [v(1.0, 0.0, 0.0), v(0.0, 1.0, 0.0), v(0.0, 0.0, 1.0)];
    let a = Obb::new(v(0.0, 0.0, 0.0), axes, v(1.0, 1.0, 1.0))?;
    let face_to_face = Obb::new(v(2.0, 0.5, 0.0), axes, v(1.0, 1.0, 1.0))?;
    show(
        "overlap_obb_obb(unit box, the same box moved by (2, 0.5, 0))   # face to face, parallel edges",
        overlap_obb_obb(&a, &face_to_face),
    );
    let graze = Ray::new(v(1.0, 1.0, -5.0), v(0.0, 0.0, 1.0))?;
    let hit = cast_ray_aabb(&graze, &unit_box);
    println!(">>> cast_ray_aabb(ray((1, 1, -5), dir (0, 0, 1)), box)   # along an edge of the box");
    println!(
        "hit {}, enters at t in {}, leaves at t in {}",
        hit.hit, hit.t_enter, hit.t_exit
    );

    println!("\n── sphere–triangle");
    let big = Triangle::new(v(0.0, 0.0, 0.0), v(4.0, 0.0, 0.0), v(0.0, 4.0, 0.0))?;
    let resting = Sphere::new(v(1.0, 1.0, 0.75), 0.75)?;
    show(
        "overlap_sphere_triangle(sphere((1, 1, 0.75), 0.75), triangle)   # resting on it, exactly",
        overlap_sphere_triangle(&resting, &big),
    );
    let (a, b, c) = (
        Vec3::new(0.1, 0.2, 0.3),
        Vec3::new(1.7, 0.4, 0.9),
        Vec3::new(0.3, 2.9, 0.1),
    );
    let n = (b - a).cross(c - a);
    let center = a + (b - a) * 0.25 + (c - a) * 0.25 + n * (0.5 / n.length());
    let tilted =
        Triangle::<Interval>::new(Vec3::lift_f64(a), Vec3::lift_f64(b), Vec3::lift_f64(c))?;
    let touching = Sphere::<Interval>::new(Vec3::lift_f64(center), 0.5)?;
    show("overlap_sphere_triangle(sphere put at distance 0.5 by float arithmetic, r = 0.5, tilted triangle)", overlap_sphere_triangle(&touching, &tilted));
    Ok(())
}
