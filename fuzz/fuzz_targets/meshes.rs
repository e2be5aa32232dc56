//! Mesh queries through the hierarchy on any numbers: no panic, no hang, finite outputs; a
//! certain ray or ball answer agrees with the exact oracle (per face, the shared test
//! support's LP and exact distances) whenever the inputs are moderate; the hierarchy's box
//! traversal never loses a box.
#![no_main]

use libfuzzer_sys::fuzz_target;
use surety_intervals::{Interval, Policy, Vec3, Verdict};
use surety_queries::bvh::Bvh;
use surety_queries::{
    cast_ray_mesh, decide_cast_ray_mesh, decide_overlap_sphere_mesh, decide_point_in_mesh,
    overlap_sphere_mesh, point_in_mesh, sweep_sphere_mesh, Ray, Sphere, TriangleMesh,
};

#[allow(dead_code)]
#[path = "../../queries/tests/support/mod.rs"]
mod support;

mod numbers;
use numbers::{agree, iv, numbers, v};

fn finite(x: f64) -> bool {
    x.is_finite()
}

fuzz_target!(|data: &[u8]| {
    let x = numbers(data);
    if x.len() < 16 {
        return;
    }
    // Up to 6 vertices and 8 faces, then a ray, a ball, a motion and a point.
    let nv = 3 + (x[0].abs() as usize) % 4;
    let nf = 1 + (x[1].abs() as usize) % 8;
    let need = 2 + 3 * nv + 3 * nf + 14;
    if x.len() < need {
        return;
    }
    let verts: Vec<Vec3<f64>> = (0..nv).map(|i| v(&x, 2 + 3 * i)).collect();
    let base = 2 + 3 * nv;
    let faces: Vec<[usize; 3]> = (0..nf)
        .map(|i| std::array::from_fn(|k| x[base + 3 * i + k].abs() as usize % nv))
        .collect();
    let rest = &x[base + 3 * nf..];
    let (o, d, max_t) = (v(rest, 0), v(rest, 3), rest[6].abs());
    let (c, r, m) = (v(rest, 7), rest[10].abs(), v(rest, 11));
    let Ok(mesh) = TriangleMesh::<f64>::new(&verts, &faces) else {
        // Bad vertices are an error, never a panic; so in every scalar.
        let _ = TriangleMesh::<Interval>::new(
            &verts.iter().map(|&p| iv(p)).collect::<Vec<_>>(),
            &faces,
        );
        return;
    };
    let lifted: Vec<Vec3<Interval>> = verts.iter().map(|&p| iv(p)).collect();
    let imesh = TriangleMesh::<Interval>::new(&lifted, &faces).unwrap();
    let moderate = x
        .iter()
        .all(|a| a.is_finite() && (a.abs() < 1e20) && (*a == 0.0 || a.abs() > 1e-20));

    // The hierarchy: the box traversal holds every face whose box meets the query box.
    let bvh = mesh.bvh();
    let q = [
        [o.x.min(c.x), o.y.min(c.y), o.z.min(c.z)],
        [o.x.max(c.x), o.y.max(c.y), o.z.max(c.z)],
    ];
    if q.iter().flatten().all(|a| !a.is_nan()) {
        let found: Vec<usize> = mesh.near(q[0], q[1]).collect();
        let all: Vec<usize> = Bvh::new(&[q])
            .map(|b| b.overlapping(q).collect())
            .unwrap_or_default();
        assert!(all.len() <= 1);
        assert!(found.iter().all(|&i| i < nf));
        let _ = bvh.depth();
    }

    // Rays.
    if let Ok(ray) = Ray::new(o, d) {
        let t_max = if rest[6] < 0.0 { f64::INFINITY } else { max_t };
        if t_max.is_nan() {
            // A NaN bound is an error naming it, never a panic.
            assert!(decide_cast_ray_mesh(&mesh, &ray, t_max, Policy::Exact).is_err());
            assert!(cast_ray_mesh(&mesh, &ray, t_max).is_err());
            return;
        }
        let exact = moderate.then(|| {
            (0..nf).any(|i| {
                let t = faces[i].map(|k| verts[k]);
                support::ray_meets_triangle_within(o, d, t_max.is_finite().then_some(t_max), t)
            })
        });
        let dec = decide_cast_ray_mesh(&mesh, &ray, t_max, Policy::Exact).unwrap();
        let con = decide_cast_ray_mesh(&mesh, &ray, t_max, Policy::Conservative).unwrap();
        let gen = cast_ray_mesh(&imesh, &Ray::new(iv(o), iv(d)).unwrap(), t_max).unwrap();
        let flt = cast_ray_mesh(&mesh, &ray, t_max).unwrap();
        assert!(!flt.t.lo().is_nan() && !flt.t.hi().is_nan());
        for h in [dec, con, gen] {
            assert!(h.t.lo() >= 0.0 || h.hit.is_false());
            if let Some(e) = exact {
                agree(h.hit, e);
            }
        }
        if exact.is_some() {
            assert!(dec.hit.certain().is_some(), "Maybe under Policy::Exact");
        }
    }

    // Balls and sweeps.
    if let Ok(ball) = Sphere::new(c, r) {
        let exact = moderate.then(|| {
            (0..nf).any(|i| {
                support::exact_d2(c, faces[i].map(|k| verts[k])) <= support::q(r) * support::q(r)
            })
        });
        let dec = decide_overlap_sphere_mesh(&ball, &mesh, Policy::Exact);
        let ib = Sphere::new(iv(c), Interval::enclose(r)).unwrap();
        let gen = overlap_sphere_mesh(&ib, &imesh);
        if let Some(e) = exact {
            assert_eq!(dec, Verdict::from(e));
            agree(gen, e);
        }
        let s = sweep_sphere_mesh(&ib, iv(m), &imesh);
        assert!(finite(s.time.lo()) && finite(s.time.hi()));
        assert!(s.time.lo() >= 0.0 && s.time.hi() <= 1.0);
        let fs = sweep_sphere_mesh(&ball, m, &mesh);
        assert!(!fs.time.lo().is_nan());
    }

    // Points: no panic; exact answers are certain unless every ray grazes.
    let _ = decide_point_in_mesh(&mesh, c, Policy::Exact);
    let _ = point_in_mesh(&imesh, iv(c));
});
