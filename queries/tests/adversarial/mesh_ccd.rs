//! The collision-free step of a whole mesh in the adversarial suite: `collision_free_step`,
//! `is_step_collision_free` and `has_intersections` on two tetrahedra (the meshes of
//! `meshes.rs`: flat ones, coincident corners and points mixed in), each translating as a
//! body: one of the second's corners, edges' points or faces' points driven onto a face,
//! edge or corner of the first at a time in `{1/4, 1/2, 1}` (or sliding in contact from the
//! start), through every generator.
//!
//! The oracle is the CCD families' one, pair by pair: with every vertex of a body moving by
//! the body's vector (checked exactly: cases the rounding of `v0 + w` turned into
//! non-translations are skipped), whether a vertex–face or edge–edge pair that shares no
//! vertex meets within `[0, τ]` is a linear feasibility problem over the contact's
//! parameters and time, in rationals. The step's promises: no pair in contact before `t`
//! (checked up to the double below it), the limiting pair in contact by `t/(1 - tolerance)`,
//! and `t = t_max` with no limit exactly when no pair meets in `[0, t_max]`; the yes/no
//! question against the same; self-intersection against an exact test of whether the
//! corners' hulls of two faces that share no vertex meet.
//!
//! With a minimum separation `d` (a length of the case, scaled with it): the least distance a
//! pair reaches over `[0, τ]`, exactly, as the distance from the vertex's relative path (a
//! segment) to the face, or from one edge to the parallelogram the other sweeps relative to
//! it; the step's promises as above with "within `d`" for "in contact".

use super::meshes::{on_mesh, two_tetrahedra, with_mesh, CORNERS, QUERY, TETRA};
use super::*;
use surety_queries::ccd::{
    collision_free_step, has_intersections, is_step_collision_free, CcdMesh, Pair, StepOptions,
};

/// The mesh: both tetrahedra's faces.
fn ccd_mesh() -> CcdMesh {
    let faces: Vec<[u32; 3]> = (0..2)
        .flat_map(|part| TETRA.map(|f| f.map(|k| (k + 4 * part) as u32)))
        .collect();
    CcdMesh::new(CORNERS, &faces).unwrap()
}

/// Two tetrahedra, the first moving by `w0` and the second by `w1`, and the step's `t_max`.
fn step_case(rng: &mut Rng, generator: Generator) -> Case {
    let mut corners = two_tetrahedra(rng);
    if rng.below(4) != 0 {
        // Mostly solid tetrahedra (a degenerate one touches itself at every time: t = 0).
        let first = [rng.vec(4), rng.vec(4), rng.vec(4), rng.vec(4)];
        corners[..4].copy_from_slice(&first);
        corners[4..].copy_from_slice(&first);
        // Apart at the start (the corners are within 4 of the origin, and the second a
        // translate of the first), for the motion to bring together.
        let shift = Vec3::new(rng.pick(&[-12.0, 12.0, 16.0]), rng.small(3), rng.small(3))
            - (corners[4] - corners[0]);
        for c in &mut corners[4..] {
            *c += shift;
        }
    }
    let w0 = if rng.below(2) == 0 {
        Vec3::new(0.0, 0.0, 0.0)
    } else {
        rng.vec(2)
    };
    let w1 = if generator == Generator::Random {
        rng.vec(8)
    } else {
        match rng.below(4) {
            0 => {
                // Sliding from a contact at the start: the second tetrahedron moved so that
                // one of its corners sits on a point of the first, then along an edge.
                let f = TETRA[rng.below(4) as usize].map(|k| corners[k]);
                w0 + (f[1] - f[0]) * rng.pick(&[1.0, 0.5])
            }
            _ => {
                // A point of the second (a corner, an edge's or a face's point) reaching a
                // point of the first at time τ.
                let target = on_mesh(rng, &corners);
                let f = TETRA[rng.below(4) as usize].map(|k| corners[k + 4]);
                let from = on_triangle(rng, f);
                let tau = rng.pick(&[0.25, 0.5, 1.0]);
                w0 + (target - from) * (1.0 / tau)
            }
        }
    };
    if generator != Generator::Random && rng.below(4) == 0 {
        // The sliding case's start: a corner of the second on a point of the first.
        let shift = on_mesh(rng, &corners) - corners[4 + rng.below(4) as usize];
        for c in &mut corners[4..] {
            *c += shift;
        }
    }
    let t_max = rng.pick(&[1.0, 1.0, 0.5]);
    // A minimum separation, a length of the case's own scale (so 0 stays 0 and the others
    // scale with the corners).
    let min_distance = rng.pick(&[0.0, 0.25, 1.0, 3.0]);
    with_mesh(&corners)
        .direction(w0)
        .direction(w1)
        .parameter(t_max)
        .length(min_distance)
}

/// The exact pair-by-pair answers of one case.
struct Bodies {
    x: Vec<Q3>,
    /// Each vertex's motion (its body's vector).
    motion: Vec<Q3>,
    mesh: CcdMesh,
}

impl Bodies {
    /// Does the pair meet at some time in `[0, upto]`?
    fn pair_meets(&self, pair: Pair, upto: &Q) -> bool {
        let rel = |i: u32, j: u32| sub(&self.motion[i as usize], &self.motion[j as usize]);
        match pair {
            Pair::VertexFace { vertex, face } => {
                let f = self.mesh.faces()[face as usize];
                let p = self.x[vertex as usize].clone();
                let a = f.map(|k| self.x[k as usize].clone());
                translation_contact(&[p.clone(), p], &a, &rel(vertex, f[0]), upto, true)
            }
            Pair::EdgeEdge { a, b } => {
                let (e, g) = (self.mesh.edges()[a as usize], self.mesh.edges()[b as usize]);
                let p = e.map(|k| self.x[k as usize].clone());
                let q = [g[0], g[1], g[1]].map(|k| self.x[k as usize].clone());
                translation_contact(&p, &q, &rel(e[0], g[0]), upto, false)
            }
        }
    }

    /// Every vertex–face and edge–edge pair that shares no vertex.
    fn pairs(&self) -> Vec<Pair> {
        let mut pairs = Vec::new();
        for (face, f) in self.mesh.faces().iter().enumerate() {
            for vertex in 0..CORNERS as u32 {
                if !f.contains(&vertex) {
                    pairs.push(Pair::VertexFace {
                        vertex,
                        face: face as u32,
                    });
                }
            }
        }
        let edges = self.mesh.edges();
        for a in 0..edges.len() {
            for b in a + 1..edges.len() {
                if !edges[a].iter().any(|k| edges[b].contains(k)) {
                    pairs.push(Pair::EdgeEdge {
                        a: a as u32,
                        b: b as u32,
                    });
                }
            }
        }
        pairs
    }

    /// The least squared distance the pair reaches over `[0, upto]`: with the relative motion
    /// a translation, the distance from the vertex's relative path (a segment) to the face,
    /// or from one edge to the parallelogram the other sweeps relative to it (two triangles).
    fn pair_d2(&self, pair: Pair, upto: &Q) -> Q {
        let x = |k: u32| self.x[k as usize].clone();
        let rel = |i: u32, j: u32| {
            support::scale(
                &sub(&self.motion[i as usize], &self.motion[j as usize]),
                upto,
            )
        };
        match pair {
            Pair::VertexFace { vertex, face } => {
                let f = self.mesh.faces()[face as usize];
                let p = x(vertex);
                let end = add(&p, &rel(vertex, f[0]));
                segment_triangle_d2(&p, &end, &f.map(x))
            }
            Pair::EdgeEdge { a, b } => {
                let (e, g) = (self.mesh.edges()[a as usize], self.mesh.edges()[b as usize]);
                let r = rel(e[0], g[0]);
                let [e0, e1] = e.map(x);
                let (e0r, e1r) = (add(&e0, &r), add(&e1, &r));
                let [g0, g1] = g.map(x);
                segment_triangle_d2(&g0, &g1, &[e0.clone(), e1, e1r.clone()])
                    .min(segment_triangle_d2(&g0, &g1, &[e0, e1r, e0r]))
            }
        }
    }

    /// Does some pair come within `d` (`d2 = d²`) at a time in `[0, upto]`?
    fn any_within(&self, pairs: &[Pair], d2: &Q, upto: &Q) -> bool {
        pairs.iter().any(|&p| self.pair_d2(p, upto) <= *d2)
    }

    fn any_meets(&self, pairs: &[Pair], upto: &Q) -> bool {
        pairs.iter().any(|&p| self.pair_meets(p, upto))
    }

    /// Do two faces that share no vertex meet at the start (their corners' hulls)?
    fn intersected(&self) -> bool {
        let faces = self.mesh.faces();
        faces.iter().enumerate().any(|(i, f)| {
            faces[i + 1..].iter().any(|g| {
                !f.iter().any(|k| g.contains(k)) && {
                    let corners = |h: &[u32; 3]| h.map(|k| self.x[k as usize].clone());
                    hulls_meet(&corners(f), &corners(g))
                }
            })
        })
    }
}

#[test]
fn adversarial_collision_free_step() {
    run_family("mesh-step", step_case, |ck| {
        let case = ck.case;
        let v0: Vec<Vec3<f64>> = (0..CORNERS).map(|k| case.v(3 * k)).collect();
        let (w0, w1, t_max) = (case.v(QUERY), case.v(QUERY + 3), case.x(QUERY + 6));
        let v1: Vec<Vec3<f64>> = v0
            .iter()
            .enumerate()
            .map(|(k, &p)| p + if k < 4 { w0 } else { w1 })
            .collect();
        // Only where every vertex of a body moves by its vector exactly.
        let motion: Vec<Q3> = (0..CORNERS)
            .map(|k| q3(if k < 4 { w0 } else { w1 }))
            .collect();
        let exact = v0
            .iter()
            .zip(&v1)
            .zip(&motion)
            .all(|((a, b), m)| sub(&q3(*b), &q3(*a)) == *m);
        if !exact
            || !v1
                .iter()
                .all(|p| p.to_array().iter().all(|x| x.is_finite()))
        {
            return;
        }
        let bodies = Bodies {
            x: v0.iter().map(|&p| q3(p)).collect(),
            motion,
            mesh: ccd_mesh(),
        };
        ck.verdict(
            "has_intersections",
            Verdict::from(has_intersections(&bodies.mesh, &v0).unwrap()),
            bodies.intersected(),
            true,
        );
        let pairs = bodies.pairs();
        let meets_in_range = bodies.any_meets(&pairs, &q(t_max));
        for tolerance in [1e-6, 0.25] {
            let options = StepOptions {
                t_max,
                tolerance,
                threads: 1,
                ..StepOptions::default()
            };
            let Ok(step) = collision_free_step(&bodies.mesh, &v0, &v1, &options) else {
                continue;
            };
            // Safe: no pair in contact before t (up to the double below it).
            let safe = step.t == 0.0 || !bodies.any_meets(&pairs, &q(step.t.next_down()));
            ck.verdict("step safe before t", Verdict::from(safe), true, false);
            // Tight: the limiting pair meets by t/(1 - tolerance); no limit only when no
            // pair meets up to t_max, and then t = t_max.
            let tight = match step.limit {
                None => step.t == t_max && !meets_in_range,
                Some(pair) => {
                    !step.within_tolerance
                        || bodies.pair_meets(
                            pair,
                            &(q(step.t) / (Q::from_integer(1.into()) - q(tolerance))),
                        )
                }
            };
            ck.verdict("step limit", Verdict::from(tight), true, false);
            if let Ok(free) = is_step_collision_free(&bodies.mesh, &v0, &v1, &options) {
                ck.verdict("is_step_collision_free", free, !meets_in_range, false);
            }
        }
        // With a minimum separation d: no pair within d before t (exact, over the whole
        // interval, not sampled); the limiting pair within d by t/(1 - tolerance); no limit
        // only when no pair comes within d up to t_max.
        let d = case.x(QUERY + 7);
        if d == 0.0 {
            return;
        }
        let d2 = q(d) * q(d);
        let within_in_range = bodies.any_within(&pairs, &d2, &q(t_max));
        for tolerance in [1e-6, 0.25] {
            let options = StepOptions {
                t_max,
                tolerance,
                min_distance: d,
                threads: 1,
            };
            let Ok(step) = collision_free_step(&bodies.mesh, &v0, &v1, &options) else {
                continue;
            };
            let safe = step.t == 0.0 || !bodies.any_within(&pairs, &d2, &q(step.t.next_down()));
            ck.verdict(
                "min distance: safe before t",
                Verdict::from(safe),
                true,
                false,
            );
            let tight = match step.limit {
                None => step.t == t_max && !within_in_range,
                Some(pair) => {
                    !step.within_tolerance
                        || bodies.pair_d2(
                            pair,
                            &(q(step.t) / (Q::from_integer(1.into()) - q(tolerance))),
                        ) <= d2
                }
            };
            ck.verdict("min distance: limit", Verdict::from(tight), true, false);
            if let Ok(free) = is_step_collision_free(&bodies.mesh, &v0, &v1, &options) {
                ck.verdict(
                    "min distance: is_step_collision_free",
                    free,
                    !within_in_range,
                    false,
                );
            }
        }
    });
    report_and_assert("mesh-step");
}
