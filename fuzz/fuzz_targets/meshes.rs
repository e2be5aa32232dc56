//! Mesh queries through the hierarchy on any numbers: no panic, no hang, finite outputs; a
//! certain ray or ball answer agrees with the exact oracle (per face, the shared test
//! support's LP and exact distances) whenever the inputs are moderate, and so does a point
//! in one or two tetrahedra (an LP over the hull); the hierarchy's box
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
                // The face named is one the ray meets, by its number in the order given.
                if let (true, Some(f)) = (h.hit.is_true(), h.face) {
                    let t = faces[f].map(|k| verts[k]);
                    let within = t_max.is_finite().then_some(t_max);
                    assert!(support::ray_meets_triangle_within(o, d, within, t));
                }
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

    // Points: no panic on any mesh (on an open one the answer means nothing).
    let _ = decide_point_in_mesh(&mesh, c, Policy::Exact);
    let _ = point_in_mesh(&imesh, iv(c));

    // Points in closed meshes: one or two tetrahedra on the vertices (flat, pointed, or
    // overlapping), each wound outward. A point is in the closed solid iff it is in one
    // tetrahedron's convex hull (a flat one has no inside, but its four faces cover its
    // hull, and on the surface counts): a linear program, no formula shared with the query.
    if moderate {
        let tet = |s: usize| std::array::from_fn::<_, 4, _>(|k| verts[(s + k) % nv]);
        let solids: Vec<[Vec3<f64>; 4]> = if x[1] < 0.0 {
            vec![tet(0), tet(2)]
        } else {
            vec![tet(0)]
        };
        let mut cv = Vec::new();
        let mut cf = Vec::new();
        for &[a, b, c, d] in &solids {
            // Wound so that (b - a) × (c - a) points away from d: swap two corners when
            // d is on the positive side (the sign exactly).
            let (qa, qb, qc, qd) = (
                support::q3(a),
                support::q3(b),
                support::q3(c),
                support::q3(d),
            );
            let n = support::cross(&support::sub(&qb, &qa), &support::sub(&qc, &qa));
            let up = support::dot(&n, &support::sub(&qd, &qa)) > support::q(0.0);
            let k = cv.len();
            cv.extend(if up { [a, c, b, d] } else { [a, b, c, d] });
            cf.extend([[0, 1, 2], [0, 3, 1], [1, 3, 2], [0, 2, 3]].map(|f| f.map(|i| k + i)));
        }
        let inside = solids.iter().any(|&[a, b, cc, d]| {
            let (qa, e) = (
                support::q3(a),
                [b, cc, d].map(|w| support::sub(&support::q3(w), &support::q3(a))),
            );
            let r = support::sub(&support::q3(c), &qa);
            let eq: Vec<_> = (0..3)
                .map(|k| (vec![e[0][k].clone(), e[1][k].clone(), e[2][k].clone()], r[k].clone()))
                .collect();
            let (z, one, neg) = (support::q(0.0), support::q(1.0), support::q(-1.0));
            let le = [
                (vec![neg.clone(), z.clone(), z.clone()], z.clone()),
                (vec![z.clone(), neg.clone(), z.clone()], z.clone()),
                (vec![z.clone(), z.clone(), neg], z.clone()),
                (vec![one.clone(), one.clone(), one.clone()], one),
            ];
            support::feasible(3, &eq, &le)
        });
        if let Ok(solid) = TriangleMesh::<f64>::new(&cv, &cf) {
            let lifted: Vec<Vec3<Interval>> = cv.iter().map(|&p| iv(p)).collect();
            let isolid = TriangleMesh::<Interval>::new(&lifted, &cf).unwrap();
            agree(decide_point_in_mesh(&solid, c, Policy::Exact), inside);
            agree(decide_point_in_mesh(&solid, c, Policy::Conservative), inside);
            agree(point_in_mesh(&isolid, iv(c)), inside);
        }
    }
});
