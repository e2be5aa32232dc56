//! Whole meshes in the adversarial suite: `cast_ray_mesh`, `point_in_mesh`,
//! `overlap_sphere_mesh` and `sweep_sphere_mesh`, on every path, through the hierarchy; and
//! the movers `move_particle` and `slide_sphere` on interval meshes.
//!
//! The mesh is two closed tetrahedra with small integer corners (flat ones, ones with
//! coincident corners and point ones mixed in), the second a translate of the first
//! (overlapping, touching at shared corners or edges, or far off, so the hierarchy has
//! leaves to cull); queries are built on a face point, an edge, a corner, or an extreme
//! corner along an axis (where a ball's box touches the faces' boxes in one plane). The
//! generators then nudge, scale, translate and stretch every number as for the pairwise
//! families.
//!
//! Oracles, in rationals, sharing no formula with the queries: point in the closed solid by
//! exact distance zero to some face or barycentric coordinates in a tetrahedron; balls by
//! exact squared point–triangle distances; rays by an exact linear feasibility test per
//! face and the first contact as the least feasible parameter among the finitely many
//! candidates where a line enters a convex polygon (the start, the plane's crossing, each
//! edge line's crossing, each corner's projection); sweeps by exact squared distances from
//! the path's pieces to every face.
//!
//! Besides each verdict, every promise is checked: a face reported is met (or touched by the
//! upper end of the time), the ray's first contact lies in its enclosure, and the swept ball
//! is apart from every face before the lower end of its time (no contact on `[0, lo]` but at
//! `lo` itself, no sample below `lo` in contact) and in contact by its upper end when the
//! hit is certain. A particle starting outside the (outward-wound) tetrahedra never ends
//! strictly inside one, and a ball starting apart from every face ends apart from every
//! face.

use super::*;
use surety_queries::{
    cast_ray_mesh, decide_cast_ray_mesh, decide_overlap_sphere_mesh, decide_point_in_mesh,
    decide_sweep_sphere_mesh, move_particle, overlap_sphere_mesh, point_in_mesh, slide_sphere,
    sweep_sphere_mesh, Pose, Posed, RayMeshHit, SlideOptions, SweepMeshHit, TriangleMesh,
};

/// A tetrahedron's faces, wound alike (both outward or both inward, by the corners' order).
pub(super) const TETRA: [[usize; 3]; 4] = TETRA_FACES;

/// The mesh's faces: the tetrahedron on corners 0–3 and its translate on 4–7.
pub(super) fn faces() -> Vec<[usize; 3]> {
    two_tetrahedra_faces()
}

/// The numbers the mesh takes in a case: 8 corners.
pub(super) const CORNERS: usize = 8;
/// Where the query's numbers start.
pub(super) const QUERY: usize = 3 * CORNERS;

/// Two tetrahedra: small integer corners (flat, with a coincident corner, a segment or a
/// point among them) and a translate by a small vector (overlapping), by one of its own
/// edges (sharing corners and edges' lines), or far along x.
pub(super) fn two_tetrahedra(rng: &mut Rng) -> [Vec3<f64>; 8] {
    let [a, b, c] = triangle(rng);
    let d = match rng.below(6) {
        0 => a + (b - a) + (c - a), // flat
        1 => b,                     // a coincident corner
        _ => rng.vec(4),
    };
    let shift = match rng.below(4) {
        0 => rng.vec(2),
        1 => b - a,
        2 => d - c,
        _ => Vec3::new(rng.pick(&[-20.0, 20.0]), rng.small(20), rng.small(20)),
    };
    let first = [a, b, c, d];
    let mut all = [a; 8];
    for k in 0..4 {
        all[k] = first[k];
        all[k + 4] = first[k] + shift;
    }
    all
}

pub(super) fn with_mesh(corners: &[Vec3<f64>; 8]) -> Case {
    corners.iter().fold(Case::new(), |case, &v| case.point(v))
}

/// A point on a face of the mesh (corner, edge point or inside), exactly.
pub(super) fn on_mesh(rng: &mut Rng, corners: &[Vec3<f64>; 8]) -> Vec3<f64> {
    let f = faces()[rng.below(8) as usize];
    on_triangle(rng, f.map(|k| corners[k]))
}

/// The corner of the mesh farthest along `±` axis `k` (the first of equals), the axis as a
/// unit vector pointing out of the mesh there.
fn extreme_corner(rng: &mut Rng, corners: &[Vec3<f64>; 8]) -> (Vec3<f64>, Vec3<f64>) {
    let k = rng.below(3) as usize;
    let sign = rng.pick(&[-1.0, 1.0]);
    let along = |v: Vec3<f64>| sign * v.to_array()[k];
    let far = corners
        .iter()
        .copied()
        .fold(corners[0], |m, v| if along(v) > along(m) { v } else { m });
    let mut axis = [0.0; 3];
    axis[k] = sign;
    (far, Vec3::new(axis[0], axis[1], axis[2]))
}

// ---------------------------------------------------------------- the exact answers

fn mesh_q(case: &Case) -> Vec<[Q3; 3]> {
    faces()
        .iter()
        .map(|f| f.map(|k| q3(case.v(3 * k))))
        .collect()
}

/// Exact: is `p` in the closed solid (on a face, or strictly inside either tetrahedron)?
fn in_solid(case: &Case, p: Vec3<f64>) -> bool {
    let x = q3(p);
    if mesh_q(case)
        .iter()
        .any(|t| point_triangle_d2(&x, t).is_zero())
    {
        return true;
    }
    strictly_inside(case, &x)
}

/// Exact: is `x` strictly inside either tetrahedron, by its barycentric coordinates (a flat
/// one has no inside)?
fn strictly_inside(case: &Case, x: &Q3) -> bool {
    (0..2).any(|part| {
        let v: Vec<Q3> = (0..4).map(|k| q3(case.v(3 * (4 * part + k)))).collect();
        let cols = [sub(&v[1], &v[0]), sub(&v[2], &v[0]), sub(&v[3], &v[0])];
        let m = (0..3)
            .map(|row| cols.iter().map(|c| c[row].clone()).collect())
            .collect();
        let Some(w) = solve(m, sub(x, &v[0]).to_vec()) else {
            return false; // flat: no point strictly inside
        };
        let sum = w.iter().fold(Q::zero(), |s, x| s + x);
        w.iter().all(|x| x > &Q::zero()) && sum < Q::from_integer(1.into())
    })
}

/// The exact ray answer: which faces the ray meets within its reach, and the first contact.
struct RayExact {
    faces: Vec<bool>,
    first: Option<Q>,
}

fn ray_exact(case: &Case, o: Vec3<f64>, d: Vec3<f64>, max_t: Option<f64>) -> RayExact {
    let (qo, qd, reach) = (q3(o), q3(d), max_t.map(q));
    let corners: Vec<Vec3<f64>> = (0..CORNERS).map(|k| case.v(3 * k)).collect();
    let mut first: Option<Q> = None;
    let faces = faces()
        .iter()
        .zip(mesh_q(case))
        .map(|(f, t)| {
            let met = ray_meets_triangle_within(o, d, max_t, f.map(|k| corners[k]));
            let s = first_contact(&qo, &qd, reach.as_ref(), &t);
            // The two oracles check each other: a face met has a least contact.
            assert_eq!(
                met,
                s.is_some(),
                "the ray oracles disagree: {:?}",
                case.numbers
            );
            if let Some(s) = s {
                first = Some(first.take().map_or(s.clone(), |f| f.min(s)));
            }
            met
        })
        .collect();
    RayExact { faces, first }
}

// ---------------------------------------------------------------- the paths

/// Path names: the verdict's, and its promises'.
struct PathNames {
    verdict: &'static str,
    face: &'static str,
    time: &'static str,
    exact_policy: bool,
}

const PATHS: [PathNames; 5] = [
    PathNames {
        verdict: "Interval<f64>",
        face: "Interval<f64> face",
        time: "Interval<f64> time",
        exact_policy: false,
    },
    PathNames {
        verdict: "Interval<f32>",
        face: "Interval<f32> face",
        time: "Interval<f32> time",
        exact_policy: false,
    },
    PathNames {
        verdict: "decide f64 Exact",
        face: "decide f64 Exact face",
        time: "decide f64 Exact time",
        exact_policy: true,
    },
    PathNames {
        verdict: "decide f64 Conservative",
        face: "decide f64 Conservative face",
        time: "decide f64 Conservative time",
        exact_policy: false,
    },
    PathNames {
        verdict: "decide f32 Exact",
        face: "decide f32 Exact face",
        time: "decide f32 Exact time",
        exact_policy: true,
    },
];

fn mesh_in<L: Lift>(l: &L, case: &Case) -> Option<TriangleMesh<L::S>> {
    let v: Vec<Vec3<L::S>> = (0..CORNERS).map(|k| l.v(case.v(3 * k))).collect();
    TriangleMesh::new(&v, &faces()).ok()
}

/// One query's answers on the five paths (in [`PATHS`]'s order; `None` where a constructor
/// refused the numbers, or for `f32` where some number is not an `f32`): `generic` on
/// interval meshes, `decide` on float meshes with a policy.
macro_rules! on_mesh_paths {
    ($case:expr, |$l:ident| $generic:expr, |$fl:ident, $policy:ident| $decide:expr) => {{
        let generic64 = {
            let $l = Enclose::<f64>(PhantomData);
            (|| Some($generic))()
        };
        let generic32 = {
            let $l = Enclose::<f32>(PhantomData);
            (|| Some($generic))()
        };
        let exact64 = {
            let ($fl, $policy) = (Float::<f64>(PhantomData), Policy::Exact);
            (|| Some($decide))()
        };
        let conservative64 = {
            let ($fl, $policy) = (Float::<f64>(PhantomData), Policy::Conservative);
            (|| Some($decide))()
        };
        let exact32 = if $case.all_f32() {
            let ($fl, $policy) = (Float::<f32>(PhantomData), Policy::Exact);
            (|| Some($decide))()
        } else {
            None
        };
        [generic64, generic32, exact64, conservative64, exact32]
    }};
}

// ---------------------------------------------------------------- poses

/// A pose picked by the case's numbers: the identity's quarter and half turns, a rotation
/// computed in floats (not exactly of unit length), an integer quaternion; translated by 0,
/// small integers or about 1e6; scaled by 1, 1/4 or 2.5. A mesh and a query posed alike
/// have the same exact answer as in their local frame (a similarity keeps every contact and
/// every ray parameter), so the local oracle decides the posed paths too.
fn pose_of(case: &Case) -> Pose {
    let h = case
        .numbers
        .iter()
        .fold(0x9e37_79b9_u64, |h, x| h.rotate_left(7) ^ x.to_bits());
    let rotations = [
        [0.0, 0.0, 1.0, 1.0],
        [1.0, 1.0, 1.0, 1.0],
        [1.0, 0.0, 0.0, 0.0],
        [
            0.182_574_185_835_055_36,
            0.365_148_371_670_110_7,
            0.547_722_557_505_166_1,
            0.730_296_743_340_221_4,
        ],
        [1.0, -2.0, 3.0, 5.0],
    ];
    let translations = [
        [0.0, 0.0, 0.0],
        [3.0, -2.0, 1.0],
        [1e6, -3.7e5, 1.1e6 + 0.1],
    ];
    let scales = [1.0, 0.25, 2.5];
    let pick = |n: usize, k: u32| (h.rotate_right(k) % n as u64) as usize;
    let t = translations[pick(3, 11)];
    Pose::new(rotations[pick(5, 0)], Vec3::new(t[0], t[1], t[2]))
        .and_then(|p| p.with_scale(scales[pick(3, 23)]))
        .expect("a valid pose")
}

/// The posed paths' names: the generic query on a posed `Interval<f64>` mesh, and
/// `decide_…` on a posed `f64` mesh under both policies.
const POSED: [PathNames; 3] = [
    PathNames {
        verdict: "posed Interval<f64>",
        face: "posed Interval<f64> face",
        time: "posed Interval<f64> time",
        exact_policy: false,
    },
    PathNames {
        verdict: "posed decide f64 Exact",
        face: "posed decide f64 Exact face",
        time: "posed decide f64 Exact time",
        exact_policy: true,
    },
    PathNames {
        verdict: "posed decide f64 Conservative",
        face: "posed decide f64 Conservative face",
        time: "posed decide f64 Conservative time",
        exact_policy: false,
    },
];

// ---------------------------------------------------------------- points

fn point_case(rng: &mut Rng, generator: Generator) -> Case {
    let corners = two_tetrahedra(rng);
    let p = if generator == Generator::Random {
        rng.vec(6)
    } else {
        let on = on_mesh(rng, &corners);
        match rng.below(5) {
            0 | 1 => on,
            2 => on + rng.vec(1),
            // The first tetrahedron's centroid (a quarter of a sum of integers: exact).
            3 => (corners[0] + corners[1] + corners[2] + corners[3]) * 0.25,
            _ => on + (on - corners[rng.below(8) as usize]) * 0.5,
        }
    };
    with_mesh(&corners).point(p)
}

#[test]
fn adversarial_point_in_mesh() {
    run_family("mesh-point", point_case, |ck| {
        let p = ck.case.v(QUERY);
        let exact = in_solid(ck.case, p);
        let got = on_mesh_paths!(
            ck.case,
            |l| point_in_mesh(&mesh_in(&l, ck.case)?, l.v(p)),
            |l, policy| decide_point_in_mesh(&mesh_in(&l, ck.case)?, l.v(p), policy)
        );
        for (names, v) in PATHS.iter().zip(got) {
            ck.verdict_opt(names.verdict, v, exact, names.exact_policy);
        }
    });
    report_and_assert("mesh-point");
}

// ---------------------------------------------------------------- balls

fn ball_case(rng: &mut Rng, generator: Generator) -> Case {
    let corners = two_tetrahedra(rng);
    let (c, r) = if generator == Generator::Random {
        (rng.vec(8), rng.small(4).abs())
    } else {
        match rng.below(4) {
            0 | 1 => {
                // Tangent at the extreme corner along an axis: touches that corner only, and
                // its box meets the faces' boxes in one plane.
                let (far, axis) = extreme_corner(rng, &corners);
                let r = rng.pick(&[1.0, 2.0, 3.0, 0.5]);
                (far + axis * r, r)
            }
            2 => {
                let (w, r) = pythagorean(rng);
                (on_mesh(rng, &corners) + w, r)
            }
            _ => (on_mesh(rng, &corners), 0.0),
        }
    };
    with_mesh(&corners).point(c).length(r)
}

#[test]
fn adversarial_overlap_sphere_mesh() {
    run_family("mesh-ball", ball_case, |ck| {
        let (c, r) = (ck.case.v(QUERY), ck.case.x(QUERY + 3));
        let (qc, r2) = (q3(c), q(r) * q(r));
        let exact = mesh_q(ck.case)
            .iter()
            .any(|t| point_triangle_d2(&qc, t) <= r2);
        let got = on_mesh_paths!(
            ck.case,
            |l| overlap_sphere_mesh(&ball(l.v(c), l.x(r)).ok()?, &mesh_in(&l, ck.case)?),
            |l, policy| decide_overlap_sphere_mesh(
                &ball(l.v(c), l.x(r)).ok()?,
                &mesh_in(&l, ck.case)?,
                policy
            )
        );
        for (names, v) in PATHS.iter().zip(got) {
            ck.verdict_opt(names.verdict, v, exact, names.exact_policy);
        }
        // The mesh and the ball posed alike.
        let pose = pose_of(ck.case);
        let (i, f) = (Enclose::<f64>(PhantomData), Float::<f64>(PhantomData));
        let generic = (|| {
            let (b, m) = (ball(i.v(c), i.x(r)).ok()?, mesh_in(&i, ck.case)?);
            Some(overlap_sphere_mesh(
                &Posed::new(pose, b),
                &Posed::new(pose, m),
            ))
        })();
        let decided = |policy| {
            let (b, m) = (ball(f.v(c), f.x(r)).ok()?, mesh_in(&f, ck.case)?);
            Some(decide_overlap_sphere_mesh(
                &Posed::new(pose, b),
                &Posed::new(pose, m),
                policy,
            ))
        };
        let posed = [
            generic,
            decided(Policy::Exact),
            decided(Policy::Conservative),
        ];
        for (names, v) in POSED.iter().zip(posed) {
            ck.verdict_opt(names.verdict, v, exact, names.exact_policy);
        }
    });
    report_and_assert("mesh-ball");
}

// ---------------------------------------------------------------- rays

fn ray_case(rng: &mut Rng, generator: Generator) -> Case {
    let corners = two_tetrahedra(rng);
    let (o, d) = if generator == Generator::Random {
        (rng.vec(6), rng.vec(3))
    } else {
        match rng.below(6) {
            5 => {
                // Straight along an axis (the other components zeros of either sign) onto a
                // face point, edge or corner: the slab tests' planes through the origin.
                let target = on_mesh(rng, &corners);
                let k = rng.below(3) as usize;
                let s = rng.pick(&[1.0, -1.0, 0.5, -3.0]);
                let mut w = [0.0; 3];
                w[k] = s;
                let w = Vec3::new(w[0], w[1], w[2]);
                (target + w, w * -1.0)
            }
            0 => {
                // In a face's plane, from beyond one corner through another.
                let f = faces()[rng.below(8) as usize].map(|k| corners[k]);
                (f[0] + (f[0] - f[1]), f[1] - f[0])
            }
            1 => {
                // Along an axis at the extreme corner: grazing it, the boxes touching.
                let (far, axis) = extreme_corner(rng, &corners);
                let side = Vec3::new(axis.y, axis.z, axis.x);
                (far + side * 3.0, side * -1.0)
            }
            _ => {
                // At a face point, edge or corner (shared ones included), reaching it at
                // parameter 1, or 2 when the direction is halved.
                let target = on_mesh(rng, &corners);
                let w = match rng.below(3) {
                    0 => pythagorean(rng).0,
                    _ => rng.vec(3),
                };
                let d = if rng.below(3) == 0 { w * -0.5 } else { -w };
                (target + w, d)
            }
        }
    };
    let max_t = rng.pick(&[-1.0, 1.0, 0.5, 2.0, 3.0]);
    with_mesh(&corners).point(o).direction(d).parameter(max_t)
}

fn check_ray(ck: &Checker<'_>, names: &PathNames, got: Option<RayMeshHit>, e: &RayExact) {
    let Some(got) = got else {
        return;
    };
    let exact_hit = e.first.is_some();
    ck.verdict(names.verdict, got.hit, exact_hit, names.exact_policy);
    // A face is given exactly when the hit is certain, and it is met.
    let face_ok = got.hit.is_true() == got.face.is_some() && got.face.is_none_or(|f| e.faces[f]);
    ck.verdict(names.face, Verdict::from(face_ok), true, false);
    if let (false, Some(first)) = (got.hit.is_false(), &e.first) {
        ck.encloses(names.time, got.t, first);
    }
}

#[test]
fn adversarial_cast_ray_mesh() {
    run_family("mesh-ray", ray_case, |ck| {
        let (o, d, m) = (ck.case.v(QUERY), ck.case.v(QUERY + 3), ck.case.x(QUERY + 6));
        let (max_t, reach) = if m < 0.0 {
            (None, f64::INFINITY)
        } else {
            (Some(m), m)
        };
        if d.to_array().iter().all(|x| *x == 0.0) {
            return;
        }
        let e = ray_exact(ck.case, o, d, max_t);
        let got = on_mesh_paths!(
            ck.case,
            |l| cast_ray_mesh(&mesh_in(&l, ck.case)?, &ray_of(l.v(o), l.v(d)).ok()?, reach).ok()?,
            |l, policy| decide_cast_ray_mesh(
                &mesh_in(&l, ck.case)?,
                &ray_of(l.v(o), l.v(d)).ok()?,
                reach,
                policy
            )
            .ok()?
        );
        for (names, hit) in PATHS.iter().zip(got) {
            check_ray(ck, names, hit, &e);
        }
        // The mesh and the ray posed alike: the same parameters.
        let pose = pose_of(ck.case);
        let (i, f) = (Enclose::<f64>(PhantomData), Float::<f64>(PhantomData));
        let generic = (|| {
            let (ray, m) = (ray_of(i.v(o), i.v(d)).ok()?, mesh_in(&i, ck.case)?);
            cast_ray_mesh(&Posed::new(pose, m), &Posed::new(pose, ray), reach).ok()
        })();
        check_ray(ck, &POSED[0], generic, &e);
        for (names, policy) in POSED[1..].iter().zip([Policy::Exact, Policy::Conservative]) {
            let hit = (|| {
                let (ray, m) = (ray_of(f.v(o), f.v(d)).ok()?, mesh_in(&f, ck.case)?);
                decide_cast_ray_mesh(&Posed::new(pose, m), &Posed::new(pose, ray), reach, policy)
                    .ok()
            })();
            check_ray(ck, names, hit, &e);
        }
    });
    report_and_assert("mesh-ray");
}

// ---------------------------------------------------------------- sweeps

fn sweep_case(rng: &mut Rng, generator: Generator) -> Case {
    let corners = two_tetrahedra(rng);
    let (c, motion, r) = if generator == Generator::Random {
        (rng.vec(8), rng.vec(8), rng.small(3).abs())
    } else {
        match rng.below(5) {
            0 => {
                // Down an axis onto the extreme corner: tangent at time 1, or 1/2.
                let (far, axis) = extreme_corner(rng, &corners);
                let r = rng.pick(&[0.0, 1.0, 2.0, 0.5]);
                let s = rng.pick(&[1.0, 2.0, 4.0]);
                let k = rng.pick(&[1.0, 2.0]);
                (far + axis * (r + s), axis * (-s * k), r)
            }
            1 => {
                // Past the extreme corner at exactly the radius, sideways: a graze at 1/2.
                let (far, axis) = extreme_corner(rng, &corners);
                let side = Vec3::new(axis.z, axis.x, axis.y);
                let r = rng.pick(&[1.0, 2.0, 0.5]);
                (far + axis * r + side * 2.0, side * -4.0, r)
            }
            2 => {
                // Falling onto a face point along a Pythagorean vector, ending tangent there
                // (or crossing, if the vector is not the face's normal).
                let (w, r) = pythagorean(rng);
                let on = on_mesh(rng, &corners);
                (on + w * 2.0, -w, r)
            }
            _ => {
                // A point (radius 0) through a face point, edge or corner.
                let on = on_mesh(rng, &corners);
                let w = rng.vec(3);
                (on + w, w * -2.0, 0.0)
            }
        }
    };
    with_mesh(&corners).point(c).direction(motion).length(r)
}

/// The exact facts a swept ball's answer is checked against.
struct SweepExact {
    faces: Vec<[Q3; 3]>,
    c: Q3,
    motion: Q3,
    r2: Q,
}

impl SweepExact {
    fn at(&self, t: &Q) -> Q3 {
        add(&self.c, &support::scale(&self.motion, t))
    }

    /// Does the ball touch `face` at some time in `[0, t]`?
    fn touches_by(&self, face: &[Q3; 3], t: f64) -> bool {
        segment_triangle_d2(&self.c, &self.at(&q(t)), face) <= self.r2
    }

    /// Is the ball apart from every face at every time below `lo` (touching at `lo` allowed)?
    /// The squared distance along the path is convex in time for each face, so: no face
    /// closer than `r` on `[0, lo]`; a face exactly at `r` there only if at `lo` itself;
    /// and none at `r` at the samples `lo·k/8` (a stretch at exactly `r` ending at `lo`
    /// covers some of them).
    fn apart_below(&self, lo: f64) -> bool {
        if lo == 0.0 {
            return true;
        }
        let end = self.at(&q(lo));
        self.faces.iter().all(|f| {
            let d2 = segment_triangle_d2(&self.c, &end, f);
            if d2 < self.r2 {
                return false;
            }
            if d2 == self.r2 && point_triangle_d2(&end, f) != self.r2 {
                return false;
            }
            (0..8).all(|k| {
                let t = q(lo) * Q::new(k.into(), 8.into());
                point_triangle_d2(&self.at(&t), f) > self.r2
            })
        })
    }
}

fn check_sweep(ck: &Checker<'_>, names: &PathNames, got: Option<SweepMeshHit>, e: &SweepExact) {
    let Some(got) = got else {
        return;
    };
    let exact_hit = e.faces.iter().any(|f| e.touches_by(f, 1.0));
    ck.verdict(names.verdict, got.hit, exact_hit, names.exact_policy);
    let (lo, hi) = (got.time.lo(), got.time.hi());
    let face_ok = got.hit.is_true() == got.face.is_some()
        && got.face.is_none_or(|f| e.touches_by(&e.faces[f], hi));
    ck.verdict(names.face, Verdict::from(face_ok), true, false);
    // The time: safe below its lower end; a certain contact by its upper end; [1, 1] when
    // certainly none.
    let time_ok = e.apart_below(lo)
        && (!got.hit.is_true() || e.faces.iter().any(|f| e.touches_by(f, hi)))
        && (!got.hit.is_false() || (lo, hi) == (1.0, 1.0));
    ck.verdict(names.time, Verdict::from(time_ok), true, false);
}

#[test]
fn adversarial_sweep_sphere_mesh() {
    run_family("mesh-sweep", sweep_case, |ck| {
        let (c, motion, r) = (ck.case.v(QUERY), ck.case.v(QUERY + 3), ck.case.x(QUERY + 6));
        let e = SweepExact {
            faces: mesh_q(ck.case),
            c: q3(c),
            motion: q3(motion),
            r2: q(r) * q(r),
        };
        let got = on_mesh_paths!(
            ck.case,
            |l| sweep_sphere_mesh(
                &ball(l.v(c), l.x(r)).ok()?,
                l.v(motion),
                &mesh_in(&l, ck.case)?
            ),
            |l, policy| decide_sweep_sphere_mesh(
                &ball(l.v(c), l.x(r)).ok()?,
                l.v(motion),
                &mesh_in(&l, ck.case)?,
                policy
            )
        );
        for (names, hit) in PATHS.iter().zip(got) {
            check_sweep(ck, names, hit, &e);
        }
    });
    report_and_assert("mesh-sweep");
}

// ---------------------------------------------------------------- movers

/// The faces with each tetrahedron wound outward (its normals facing away from it), by the
/// exact sign of its volume; a flat one as it is.
fn outward_faces(case: &Case) -> Vec<[usize; 3]> {
    (0..2)
        .flat_map(|part| {
            let v: Vec<Q3> = (0..4).map(|k| q3(case.v(3 * (4 * part + k)))).collect();
            let (e1, e2, e3) = (sub(&v[1], &v[0]), sub(&v[2], &v[0]), sub(&v[3], &v[0]));
            // TETRA is wound outward when det(b - a, c - a, d - a) > 0.
            let inward = dot(&cross(&e1, &e2), &e3) < Q::zero();
            TETRA.map(|f| {
                let f = if inward { [f[0], f[2], f[1]] } else { f };
                f.map(|k| k + 4 * part)
            })
        })
        .collect()
}

fn motion_case(rng: &mut Rng, generator: Generator) -> Case {
    let corners = two_tetrahedra(rng);
    let r = rng.pick(&[0.0, 0.5, 1.0, 2.0]);
    let (from, motion) = if generator == Generator::Random {
        (rng.vec(8), rng.vec(8))
    } else {
        match rng.below(5) {
            0 | 1 => {
                // At a face point, edge or corner: ending on it, past it, or halfway.
                let target = on_mesh(rng, &corners);
                let w = match rng.below(2) {
                    0 => pythagorean(rng).0 * (1.0 + r),
                    _ => rng.vec(4),
                };
                let k = rng.pick(&[1.0, 2.0, 0.5]);
                (target + w, w * -k)
            }
            // From the surface, anywhere.
            2 => (on_mesh(rng, &corners), rng.vec(3)),
            // Touching a face point, edge or corner, or sunk into it, anywhere.
            3 => {
                let k = rng.pick(&[1.0, 0.5, 1.0 - 2f64.powi(-40)]);
                let (v, d) = pythagorean(rng);
                let w = v * (r * k / d);
                (on_mesh(rng, &corners) + w, rng.vec(3))
            }
            _ => {
                // In a face's plane, from one of its points along an edge.
                let f = faces()[rng.below(8) as usize].map(|k| corners[k]);
                (
                    on_triangle(rng, f),
                    (f[1] - f[0]) * rng.pick(&[1.0, 2.0, -1.0]),
                )
            }
        }
    };
    with_mesh(&corners).point(from).direction(motion).length(r)
}

/// A mesh wound by `faces`, with the case's corners in the lift `l`.
fn wound_mesh_in<L: Lift>(l: &L, case: &Case, faces: &[[usize; 3]]) -> Option<TriangleMesh<L::S>> {
    let v: Vec<Vec3<L::S>> = (0..CORNERS).map(|k| l.v(case.v(3 * k))).collect();
    TriangleMesh::new(&v, faces).ok()
}

/// `move_particle` and `slide_sphere` on interval meshes (`f64` ends, and `f32` ones where
/// every number is an `f32`): a particle that starts outside both tetrahedra (wound outward)
/// never ends strictly inside either, with `epsilon` 0 or `1e-9`; a ball that starts apart
/// from every face ends apart from every face. Checked exactly on the end returned.
#[test]
fn adversarial_particles_and_slides_through_meshes() {
    run_family("mesh-motion", motion_case, |ck| {
        let case = ck.case;
        let (from, motion, r) = (case.v(QUERY), case.v(QUERY + 3), case.x(QUERY + 6));
        let to = from + motion;
        if !to.to_array().iter().all(|x| x.is_finite()) {
            return;
        }
        let faces = outward_faces(case);
        let faces_q = mesh_q(case);
        let r2 = q(r) * q(r);
        let apart = |x: &Q3| faces_q.iter().all(|t| point_triangle_d2(x, t) > r2);
        let out = |end: Vec3<f64>| Verdict::from(!strictly_inside(case, &q3(end)));
        let in_f32 = case.all_f32() && to.to_array().iter().all(|&x| is_f32(x));
        if !strictly_inside(case, &q3(from)) {
            for epsilon in [0.0, 1e-9] {
                let l = Enclose::<f64>(PhantomData);
                if let Some(mesh) = wound_mesh_in(&l, case, &faces) {
                    if let Ok(m) = move_particle(&mesh, from, to, epsilon) {
                        ck.verdict("particle Interval<f64>", out(m.end), true, false);
                    }
                }
                let l = Enclose::<f32>(PhantomData);
                if let (true, Some(mesh)) = (in_f32, wound_mesh_in(&l, case, &faces)) {
                    if let Ok(m) = move_particle(&mesh, to_f32(from), to_f32(to), epsilon) {
                        let end = m.end.map(f64::from);
                        ck.verdict("particle Interval<f32>", out(end), true, false);
                    }
                }
            }
        }
        // A ball that starts apart ends apart; one that starts touching ends apart if it was
        // pushed out, else it stays; the center never crosses a face, so a center outside
        // both solids stays outside.
        let options = SlideOptions::default();
        let (apart_at_start, outside) = (apart(&q3(from)), !strictly_inside(case, &q3(from)));
        let slid = |paths: [&'static str; 3], end: Vec3<f64>, stayed: bool| {
            let path = match (apart_at_start, end != from) {
                (true, _) => paths[0],
                (false, false) => paths[1],
                (false, true) => paths[2],
            };
            if apart_at_start || end != from {
                ck.holds(path, apart(&q3(end)));
            } else {
                ck.holds(path, stayed);
            }
            if outside {
                ck.holds(path, !strictly_inside(case, &q3(end)));
            }
        };
        let l = Enclose::<f64>(PhantomData);
        if let Some(mesh) = wound_mesh_in(&l, case, &faces) {
            if let Ok(s) = slide_sphere(&mesh, from, r, motion, options) {
                let paths = [
                    "slide Interval<f64>",
                    "slide Interval<f64> stays in contact",
                    "slide Interval<f64> pushed out",
                ];
                slid(paths, s.end, s.started_in_contact && s.contacts == 0);
            }
        }
        let l = Enclose::<f32>(PhantomData);
        if let (true, Some(mesh)) = (in_f32, wound_mesh_in(&l, case, &faces)) {
            let (from32, motion32) = (to_f32(from), to_f32(motion));
            if let Ok(s) = slide_sphere(&mesh, from32, r as f32, motion32, options) {
                let paths = [
                    "slide Interval<f32>",
                    "slide Interval<f32> stays in contact",
                    "slide Interval<f32> pushed out",
                ];
                let end = s.end.map(f64::from);
                slid(paths, end, s.started_in_contact && s.contacts == 0);
            }
        }
    });
    report_and_assert("mesh-motion");
}
