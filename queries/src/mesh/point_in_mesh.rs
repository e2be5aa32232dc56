//! Is a point in the closed solid a closed mesh bounds: inside or on its surface?

use std::cmp::Ordering;

use surety_intervals::stack::{decide_with, Formula};
use surety_intervals::{
    cross3, dot3, sub3, Endpoint, Interval, Policy, Ring, Ring3, Scalar, Vec3, Verdict,
};

use crate::bvh::RayCull;
use crate::filter::lift::coords;
use crate::pose::{decide_pair, in_frame, Frame, PairFormula, PosedPair};
use crate::query::segment_triangle::rescaled_ray;
use crate::{point_in_triangle, PlacedMesh, SegmentTriangle, TriangleMesh};

/// How many ray directions [`point_in_mesh`] tries before it answers `Maybe`.
const DIRECTIONS: usize = 16;

/// The directions [`point_in_mesh`] tries, in order: a fixed spiral over the sphere
/// (golden-angle steps: direction `i` has `z = 1 - (2i + 1)/32` and azimuth
/// `0.7 + 2.399963… i`; a unit test checks the table against that), stored rather than
/// computed per query (its `sin` and `cos` cost about a tenth of a query on a small mesh).
/// No component is zero and no two are in a simple ratio, so that rays from ordinary points
/// rarely graze an edge. (Any nonzero directions give the same verdicts, only `Maybe` more or
/// less often.)
const SPIRAL: [[f64; 3]; DIRECTIONS] = [
    [0.18971083310301043, 0.1597912303706362, 0.96875],
    [-0.4223759092521927, 0.017593430119889578, 0.90625],
    [0.38034099651689995, -0.3787171290931154, 0.84375],
    [-0.028646581571973515, 0.6235605911731756, 0.78125],
    [-0.4456249908295594, -0.5336823072279566, 0.71875],
    [0.7478351467665455, 0.10039188593038506, 0.65625],
    [-0.6603654903921542, 0.45975902013895265, 0.59375],
    [0.18570009459377534, -0.8266129156793177, 0.53125],
    [0.43940499583319087, 0.7662876007980512, 0.46875],
    [-0.870617660370083, -0.27746319927464735, 0.40625],
    [0.8523532999244222, -0.39411900437297875, 0.34375],
    [-0.3702121068555848, 0.8853481989802369, 0.28125],
    [-0.33053057205320396, -0.9180947546077048, 0.21875],
    [0.87445487169289, 0.459254411924993, 0.15625],
    [-0.962635115968524, 0.2540562359090333, 0.09375],
    [0.5403214945416912, -0.8408781838270233, 0.03125],
];

/// What a ray from a point not on the triangle does at the triangle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Crossing {
    /// Passes through the triangle's interior at a positive parameter, along the normal
    /// `(b - a) × (c - a)` (leaving the solid of an outward-wound mesh) or against it.
    Through { along: bool },
    /// Does not meet the closed triangle at a positive parameter.
    Misses,
    /// Meets an edge or a corner, or runs in the triangle's plane: no parity from this ray.
    Grazes,
}

/// The crossing of the ray from `p` along `d` with the triangle `t`, or `None` where a sign
/// is not certain in `R`. With `A`, `B`, `C` the corners less `p`, the line's point in the
/// plane has barycentric weights proportional to `(B×C)·d`, `(C×A)·d`, `(A×B)·d` (their sum
/// is `n·d`): strictly one sign means the interior, mixed strict signs a miss, and a zero with
/// no strict disagreement an edge, a corner, or a line in the plane. The parameter's sign is
/// that of `n·A` over `n·d` (`n·A = (B×C)·A`); it is not zero when the point is not on the
/// triangle (then a line through the interior meets the plane elsewhere).
fn crossing<R: Ring>(p: &Ring3<R>, d: &Ring3<R>, t: &[Ring3<R>; 3]) -> Option<Crossing> {
    let [a, b, c] = t.clone().map(|x| sub3(&x, p));
    let bc = cross3(&b, &c);
    let weights = [
        dot3(&bc, d),
        dot3(&cross3(&c, &a), d),
        dot3(&cross3(&a, &b), d),
    ];
    let signs: [Ordering; 3] = [
        weights[0].sign().certain()?,
        weights[1].sign().certain()?,
        weights[2].sign().certain()?,
    ];
    if signs.contains(&Ordering::Greater) && signs.contains(&Ordering::Less) {
        return Some(Crossing::Misses);
    }
    if signs == [Ordering::Equal; 3] {
        // The line in the face's plane, or a face of no area (corners on a line or at one
        // point), whose weights are all zero for every line. Such a face adds nothing to the
        // winding number (its solid angle is 0, and the faces of positive area bound the
        // same solid), so it is not crossed; a ray through its corners or along its segment
        // is seen by the faces of positive area that meet there.
        return flat(t).map(|flat| {
            if flat {
                Crossing::Misses
            } else {
                Crossing::Grazes
            }
        });
    }
    if signs.contains(&Ordering::Equal) {
        return Some(Crossing::Grazes);
    }
    // All three strictly of one sign: the sign of n·d. The parameter is n·A / n·d.
    let height = dot3(&bc, &a).sign().certain()?;
    Some(if height == signs[0] {
        Crossing::Through {
            along: signs[0].is_gt(),
        }
    } else {
        Crossing::Misses
    })
}

/// Is the triangle of no area (`(b - a) × (c - a)` zero), or `None` where that is not
/// certain in `R`?
fn flat<R: Ring>([a, b, c]: &[Ring3<R>; 3]) -> Option<bool> {
    let n = cross3(&sub3(b, a), &sub3(c, a));
    let signs = n.map(|x| x.sign().certain());
    if signs.iter().any(|s| s.is_some_and(Ordering::is_ne)) {
        Some(false)
    } else if signs.iter().all(|s| *s == Some(Ordering::Equal)) {
        Some(true)
    } else {
        None
    }
}

/// [`crossing`] on float inputs, through the filter stack.
#[derive(Clone, Copy)]
struct RayCrossing {
    p: [f64; 3],
    d: [f64; 3],
    t: [[f64; 3]; 3],
}

impl Formula for RayCrossing {
    type Output = Crossing;
    const HAS_STATIC_FILTER: bool = true;

    /// Homogeneous in the point and corners together, and apart from that in the direction
    /// (the crossing's signs do not move under either scaling).
    fn rescaled(&self) -> Option<Self> {
        let (p, d, t) = rescaled_ray(self.p, self.d, self.t)?;
        Some(RayCrossing { p, d, t })
    }

    fn eval<R: Ring>(&self) -> Option<Crossing> {
        self.eval_placed(&Frame::<R>::pair(None, None))
    }

    /// Möller–Trumbore's static filter on the same ray and face
    /// ([`SegmentTriangle::static_ray_crossing`]), answering only where it makes the signs of
    /// all three barycentric coordinates and of the parameter certain and nonzero. There
    /// [`crossing`]'s weights are the barycentric coordinates times `n · d` (`n` the face's
    /// normal `(b - a) × (c - a)`, `d` the direction) and its height `n · (a - p)` is the
    /// parameter times `n · d`, so its answer follows from the same signs: a negative
    /// coordinate makes the weights' signs mixed (the three sum to `n · d ≠ 0`, so another
    /// is positive): `Misses`; all positive, a positive parameter: `Through` along `n · d`'s
    /// sign; a negative one: `Misses`. Where a coordinate may be zero the formula may say
    /// `Grazes`, so the filter leaves it to the other stages.
    #[inline]
    fn static_filter(&self) -> Option<Crossing> {
        let ray = SegmentTriangle::ray_from_coords(self.p, self.d, self.t);
        let (through, along) = ray.static_ray_crossing()?;
        Some(if through {
            Crossing::Through { along }
        } else {
            Crossing::Misses
        })
    }
}

/// The point by the first frame (in world coordinates), the direction and the face by the
/// second (the mesh's): a proper rotation and a positive scale keep every sign the crossing
/// reads.
impl PairFormula for RayCrossing {
    type Output = Crossing;

    fn eval_placed<R: Ring>(&self, [fp, fm]: &[Frame<R>; 2]) -> Option<Crossing> {
        crossing(
            &fp.point(self.p),
            &fm.vector(self.d),
            &self.t.map(|c| fm.point(c)),
        )
    }
}

/// Is the point in the closed solid bounded by the closed mesh: inside it or on its surface
/// (touching counts)? `True` and `False` are exact; `Maybe` where the point may be on the
/// surface and is otherwise outside, or where no ray tried gave a certain count.
///
/// On the surface: `True` as soon as one face certainly holds the point
/// ([`point_in_triangle`]). Otherwise inside means a nonzero winding number: along a ray
/// from the point, the faces it passes through along their normal `(b - a) × (c - a)` less
/// those it passes through against it. Rays go along up to 16 fixed directions, each cast
/// through the hierarchy; a ray that meets any face at an edge or corner, runs in a face's
/// plane, or meets a face it cannot classify, is not counted and the next direction is
/// tried. So a ray through a shared edge or vertex never decides the answer (the "hollow
/// mesh" bug of float parity tests). Faces of no area (corners on a line or at one point)
/// are not counted at all: their solid angle is 0, and the faces of positive area bound the
/// same solid.
///
/// The faces must bound a solid ([`TriangleMesh::bounds_a_solid`]: every edge used as often
/// one way as the other, as a closed mesh whose components are each wound consistently,
/// outward or inward, is): then a point is inside when it is inside any component, so
/// overlapping parts make a union; a component wound the other way from one around it makes
/// a hole. Off the surface of faces that bound no solid (a hole, a face wound the wrong way,
/// a stray face) "inside" means nothing, and the answer is `Maybe`. On plain floats this is
/// the float computation.
///
/// # Example
/// ```
/// use surety_intervals::{Interval, Vec3, Verdict};
/// use surety_queries::{point_in_mesh, TriangleMesh};
///
/// // A tetrahedron.
/// let v = [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]
///     .map(|[x, y, z]| Vec3::lift_f64(Vec3::new(x, y, z)));
/// let mesh = TriangleMesh::<Interval>::new(&v, &[[0, 2, 1], [0, 1, 3], [0, 3, 2], [1, 2, 3]])?;
/// let at = |x, y, z| Vec3::<Interval>::lift_f64(Vec3::new(x, y, z)); // exactly, a point each
/// assert_eq!(point_in_mesh(&mesh, at(0.1, 0.1, 0.1)), Verdict::True);
/// assert_eq!(point_in_mesh(&mesh, at(0.5, 0.5, 0.5)), Verdict::False);
/// assert_eq!(point_in_mesh(&mesh, at(0.25, 0.25, 0.0)), Verdict::True); // on a face
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
pub fn point_in_mesh<S: Scalar>(mesh: &impl PlacedMesh<S>, p: Vec3<S>) -> Verdict {
    let (mesh, frame) = mesh.mesh_parts();
    // The point in the mesh's frame (enclosed): a rotation, a positive scale and a translation
    // keep inside inside, the surface the surface, and every crossing's direction.
    let Some(p) = in_frame(&p, frame) else {
        return Verdict::Maybe;
    };
    let bounds = p.to_array().map(|x| x.bounds());
    let lo = bounds.map(|b| b.0.as_f64());
    let hi = bounds.map(|b| b.1.as_f64());
    // On the surface as soon as one face certainly holds the point (a point shared by many
    // faces, a fan's center, asks one).
    let mut on_surface = Verdict::False;
    for i in mesh.near_slots(lo, hi) {
        on_surface = on_surface | point_in_triangle(p, &mesh.by_slot()[i]);
        if on_surface.is_true() {
            return Verdict::True;
        }
    }
    point_in_solid(mesh, on_surface, [lo, hi], |d, i| {
        let t = mesh.by_slot()[i].corners().map(Vec3::to_array);
        crossing(&p.to_array(), &d.map(S::lift_f64), &t)
    })
}

/// [`point_in_mesh`] on a float mesh, with each face's test through the
/// [filter stack](surety_intervals::stack): exact under [`Policy::Exact`], where the answer
/// is `Maybe` only if the point is not on the surface and either the faces bound no solid
/// (see [`point_in_mesh`]) or every one of the 16 rays grazes an edge or a corner (none does
/// unless the mesh was built against these directions).
///
/// # Example
/// ```
/// use surety_intervals::{Policy, Vec3, Verdict};
/// use surety_queries::{decide_point_in_mesh, TriangleMesh};
///
/// // The unit cube, two faces per side.
/// let v: Vec<Vec3<f64>> = (0..8)
///     .map(|i| Vec3::new((i & 1) as f64, ((i >> 1) & 1) as f64, ((i >> 2) & 1) as f64))
///     .collect();
/// let quads = [[0, 1, 3, 2], [4, 6, 7, 5], [0, 4, 5, 1], [2, 3, 7, 6], [0, 2, 6, 4], [1, 5, 7, 3]];
/// let faces: Vec<[usize; 3]> = quads.iter().flat_map(|&[a, b, c, d]| [[a, b, c], [a, c, d]]).collect();
/// let cube = TriangleMesh::<f64>::new(&v, &faces)?;
/// let inside = |x, y, z| decide_point_in_mesh(&cube, Vec3::new(x, y, z), Policy::Exact);
/// assert_eq!(inside(0.5, 0.5, 0.5), Verdict::True);
/// assert_eq!(inside(1.0, 1.0, 1.0), Verdict::True); // a corner
/// assert_eq!(inside(1.0, 0.5, 1f64.next_up()), Verdict::False); // one ulp above an edge
/// # Ok::<(), surety_queries::ShapeError>(())
/// ```
pub fn decide_point_in_mesh<S: Scalar + Into<f64>>(
    mesh: &impl PlacedMesh<S>,
    p: Vec3<S>,
    policy: Policy,
) -> Verdict {
    let (mesh, frame) = mesh.mesh_parts();
    let at = coords(p);
    // The point's box in the mesh's frame picks the faces (the point itself with no pose);
    // each is decided with the pose applied inside its formula. Out of the floats there, the
    // mesh's own box stands in: every face a ray from the point can meet is met by the same
    // ray from where it enters that box.
    let reach = match frame {
        None => [at, at],
        Some(pose) => {
            let local =
                pose.inverse_transform_point(Vec3::<Interval<f64>>::lift_f64(Vec3::from(at)));
            let local = [local.lo().to_array(), local.hi().to_array()];
            match mesh.bvh().bounds() {
                _ if local.iter().flatten().all(|x| x.is_finite()) => local,
                Some(b) => b,
                None => return Verdict::False, // no faces
            }
        }
    };
    let mut on_surface = Verdict::False;
    for i in mesh.near_slots(reach[0], reach[1]) {
        let on = SegmentTriangle::point(p, &mesh.by_slot()[i]);
        on_surface = on_surface | decide_pair(on, None, frame, policy);
        if on_surface.is_true() {
            return Verdict::True;
        }
    }
    point_in_solid(mesh, on_surface, reach, |d, i| {
        let shapes = RayCrossing {
            p: at,
            d,
            t: mesh.by_slot()[i].corners().map(coords),
        };
        match frame {
            None => decide_with(|| shapes, policy),
            Some(pose) => decide_with(
                || PosedPair {
                    shapes,
                    poses: [None, Some(*pose)],
                },
                policy,
            ),
        }
    })
}

/// The answer from the surface test and the winding number along the first ray whose every
/// face is certainly classified (`face(d, slot)` classifies the face at `slot`,
/// [`TriangleMesh::by_slot`], for the direction `d`):
/// faces crossed along their normal count +1, against it -1.
fn point_in_solid<S: Scalar>(
    mesh: &TriangleMesh<S>,
    on_surface: Verdict,
    [lo, hi]: [[f64; 3]; 2],
    mut face: impl FnMut([f64; 3], usize) -> Option<Crossing>,
) -> Verdict {
    if on_surface.is_true() {
        return Verdict::True;
    }
    // Off the surface of faces that bound no solid, "inside" means nothing.
    if !mesh.bounds_a_solid() {
        return Verdict::Maybe;
    }
    for d in SPIRAL {
        let cull = RayCull::family([lo, hi], [d, d], f64::INFINITY);
        let mut winding = 0i64;
        let mut clean = true;
        let fast = mesh.bvh().fast_for(&cull);
        let fetch = |slots| mesh.fetch(slots, false);
        mesh.bvh()
            .along_ray_with(&cull, fast, fetch, |slots, _, _| {
                for i in slots {
                    match face(d, i) {
                        Some(Crossing::Through { along }) => winding += if along { 1 } else { -1 },
                        Some(Crossing::Misses) => {}
                        Some(Crossing::Grazes) | None => clean = false,
                    }
                }
                // Every face along the whole ray counts; stop early once this ray is spoilt.
                if clean {
                    f64::INFINITY
                } else {
                    -1.0
                }
            });
        if clean {
            return if winding != 0 {
                Verdict::True
            } else {
                // Outside, unless the point may be on the surface.
                on_surface
            };
        }
    }
    Verdict::Maybe
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Direction `i` of the golden-angle spiral, computed.
    fn spiral(i: usize) -> [f64; 3] {
        let z = 1.0 - (2 * i + 1) as f64 / (2 * DIRECTIONS) as f64;
        let r = (1.0 - z * z).sqrt();
        let phi = 0.7 + i as f64 * 2.399_963_229_728_653;
        [r * phi.cos(), r * phi.sin(), z]
    }

    /// Off the surface, a mesh whose faces bound no solid (a hole, a face wound the wrong
    /// way, a face given twice) answers `Maybe` on both paths and under both policies; on
    /// its surface, `True`. A closed, consistently wound mesh still answers
    /// exactly, also with its corners given twice (the same coordinates, other indices) and
    /// as the union of two cubes sharing a face's corners.
    #[test]
    fn only_faces_that_bound_a_solid_have_an_inside() {
        use surety_intervals::{Interval, Policy};
        let corner = |i: usize| [(i & 1) as f64, ((i >> 1) & 1) as f64, ((i >> 2) & 1) as f64];
        let quads = [
            [0, 1, 3, 2],
            [4, 6, 7, 5],
            [0, 4, 5, 1],
            [2, 3, 7, 6],
            [0, 2, 6, 4],
            [1, 5, 7, 3],
        ];
        let cube: Vec<[usize; 3]> = quads
            .iter()
            .flat_map(|&[a, b, c, d]| [[a, b, c], [a, c, d]])
            .collect();
        let v: Vec<[f64; 3]> = (0..8).map(corner).collect();
        // The same cube with every corner given twice: faces alternate between the copies.
        let mut doubled_v = v.clone();
        doubled_v.extend(v.iter().copied());
        let doubled: Vec<[usize; 3]> = cube
            .iter()
            .enumerate()
            .map(|(i, f)| f.map(|k| k + 8 * (i % 2)))
            .collect();
        // Two unit cubes side by side along x, the second's corners moved by 1.
        let mut two_v = v.clone();
        two_v.extend(v.iter().map(|p| [p[0] + 1.0, p[1], p[2]]));
        let mut two = cube.clone();
        two.extend(cube.iter().map(|f| f.map(|k| k + 8)));
        let mut flipped = cube.clone();
        flipped[0].swap(1, 2);
        flipped[1].swap(1, 2);
        let open = cube[..10].to_vec();
        let mut stray = cube.clone();
        stray.push([0, 1, 1]); // a face of no area, its edge used once each way: balanced
        let mut sliver = cube.clone();
        sliver.push([0, 1, 3]); // half a side again: its edges unbalanced
        let interior = [[0.5, 0.5, 0.5], [0.1, 0.8, 0.3], [0.9, 0.05, 0.6]];
        /// A mesh's name, corners, faces, and whether they bound a solid.
        type Case<'a> = (&'a str, &'a [[f64; 3]], &'a [[usize; 3]], bool);
        let cases: [Case; 7] = [
            ("cube", &v, &cube, true),
            ("doubled corners", &doubled_v, &doubled, true),
            ("two cubes", &two_v, &two, true),
            ("a flat face with its edge both ways", &v, &stray, true),
            ("a side flipped", &v, &flipped, false),
            ("a side missing", &v, &open, false),
            ("a side's half twice", &v, &sliver, false),
        ];
        for (name, vs, faces, solid) in cases {
            let float = TriangleMesh::<f64>::new(
                &vs.iter()
                    .map(|&[x, y, z]| Vec3::new(x, y, z))
                    .collect::<Vec<_>>(),
                faces,
            )
            .unwrap();
            let interval = TriangleMesh::<Interval>::new(
                &vs.iter()
                    .map(|&[x, y, z]| Vec3::lift_f64(Vec3::new(x, y, z)))
                    .collect::<Vec<_>>(),
                faces,
            )
            .unwrap();
            assert_eq!(float.bounds_a_solid(), solid, "{name}");
            assert_eq!(interval.bounds_a_solid(), solid, "{name}");
            for p in interior {
                let want = if solid { Verdict::True } else { Verdict::Maybe };
                let at = Vec3::new(p[0], p[1], p[2]);
                for policy in [Policy::Exact, Policy::Conservative] {
                    assert_eq!(
                        decide_point_in_mesh(&float, at, policy),
                        want,
                        "{name} {p:?}"
                    );
                }
                assert_eq!(
                    point_in_mesh(&interval, Vec3::lift_f64(at)),
                    want,
                    "{name} {p:?}"
                );
                // Outside the cubes' box: outside when solid, else nothing certain.
                let out = Vec3::new(p[0], p[1], p[2] + 5.0);
                let want = if solid {
                    Verdict::False
                } else {
                    Verdict::Maybe
                };
                assert_eq!(
                    decide_point_in_mesh(&float, out, Policy::Exact),
                    want,
                    "{name}"
                );
            }
            // On the surface (a side's center, present in every mesh here): true.
            let on = Vec3::new(0.0, 0.5, 0.5);
            assert_eq!(
                decide_point_in_mesh(&float, on, Policy::Exact),
                Verdict::True,
                "{name}"
            );
            assert_eq!(
                point_in_mesh(&interval, Vec3::lift_f64(on)),
                Verdict::True,
                "{name}"
            );
        }
    }

    #[test]
    fn the_stored_directions_are_the_spiral() {
        for (i, d) in SPIRAL.iter().enumerate() {
            let s = spiral(i);
            for k in 0..3 {
                assert!(
                    (d[k] - s[k]).abs() <= 1e-15,
                    "direction {i}: {d:?} against {s:?}"
                );
                assert_ne!(d[k], 0.0);
            }
        }
    }

    /// The crossing's static filter answers as the exact stage wherever it answers: rays and
    /// faces on small-integer grids (rays through edges and corners, points on faces, in
    /// their planes, and faces seen edge-on), the same nudged by one or two ulps off an exact
    /// crossing of an edge, collinear and point faces, random ones; scaled by powers of two
    /// from subnormal to `2^900` and moved far from the origin.
    #[test]
    fn the_crossing_static_filter_answers_as_the_exact_stage() {
        use crate::testing::{pow2, Rng};
        use surety_intervals::stack::{decide_in, Stage};
        let g = &mut Rng(0x5eed_c805_51f6);
        let (mut through, mut misses, mut left) = (0, 0, 0);
        for case in 0..40_000 {
            let grid = |g: &mut Rng| [g.int(3), g.int(3), g.int(3)];
            let mut t = [grid(g), grid(g), grid(g)];
            let mut d = [g.int(2), g.int(2), g.int(2)];
            if d == [0.0; 3] {
                d = SPIRAL[case % DIRECTIONS];
            }
            let mut p = grid(g);
            match case % 4 {
                // The ray through a point of an edge (its midpoint, or a corner) at a
                // parameter of 1 or 2, then the point nudged.
                1 => {
                    let (i, j) = (g.below(3) as usize, g.below(3) as usize);
                    let q: [f64; 3] = std::array::from_fn(|k| (t[i][k] + t[j][k]) / 2.0);
                    let k = (1 + g.below(2)) as f64;
                    p = std::array::from_fn(|n| q[n] - k * d[n]);
                    let n = g.below(3) as usize;
                    for _ in 0..=g.below(2) {
                        p[n] = if g.below(2) == 0 {
                            p[n].next_up()
                        } else {
                            p[n].next_down()
                        };
                    }
                }
                // Degenerate faces: collinear corners, or all three at one point.
                2 => {
                    t[2] = if g.below(2) == 0 {
                        std::array::from_fn(|k| 2.0 * t[1][k] - t[0][k])
                    } else {
                        t[0]
                    };
                    t[1] = if g.below(3) == 0 { t[0] } else { t[1] };
                }
                // Random, with a spiral direction.
                3 => {
                    let r = |g: &mut Rng| [g.signed_unit(), g.signed_unit(), g.signed_unit()];
                    (t, p, d) = ([r(g), r(g), r(g)], r(g), SPIRAL[case % DIRECTIONS]);
                }
                _ => {}
            }
            let e = match g.below(8) {
                0 => [-1060, -1000, -600][g.below(3) as usize],
                1 => [500, 900][g.below(2) as usize],
                _ => g.below(41) as i32 - 20,
            };
            let scale = pow2(e);
            let offset = scale * [0.0, 0.0, 2f64.powi(30), 2f64.powi(52)][g.below(4) as usize];
            let place = |x: [f64; 3]| x.map(|c| offset + c * scale);
            let f = RayCrossing {
                p: place(p),
                d: d.map(|c| c * pow2(g.below(21) as i32 - 10)),
                t: t.map(place),
            };
            if f.p
                .iter()
                .chain(f.t.iter().flatten())
                .any(|x| !x.is_finite())
            {
                continue;
            }
            match decide_in(&f, Stage::Static) {
                None => left += 1,
                Some(answer) => {
                    let exact = decide_in(&f, Stage::Exact);
                    assert_eq!(
                        Some(answer),
                        exact,
                        "case {case}: {:?} {:?} {:?}",
                        f.p,
                        f.d,
                        f.t
                    );
                    match answer {
                        Crossing::Through { .. } => through += 1,
                        _ => misses += 1,
                    }
                }
            }
        }
        assert!(
            through > 500 && misses > 10_000 && left > 5_000,
            "{through} through, {misses} missed, {left} left to the other stages"
        );
    }

    /// A closed octahedron with a corner exactly on the first spiral ray from the origin
    /// (`4 · SPIRAL[0]`, exact: a power-of-two multiple), and the origin outside it or
    /// inside a bigger one: the first ray meets corners, so the parity comes from another.
    #[test]
    fn a_ray_through_a_corner_is_not_counted() {
        let d = SPIRAL[0];
        let corner = d.map(|x| 4.0 * x);
        let faces = [
            [0, 2, 4],
            [2, 1, 4],
            [1, 3, 4],
            [3, 0, 4],
            [2, 0, 5],
            [1, 2, 5],
            [3, 1, 5],
            [0, 3, 5],
        ];
        // An octahedron with corner 1 (its -x corner) at `corner`, the others offset from
        // it (rounded: still a closed octahedron); the origin is outside it.
        let at = |o: [f64; 3]| Vec3::new(corner[0] + o[0], corner[1] + o[1], corner[2] + o[2]);
        let small: Vec<Vec3<f64>> = [
            [1.0, 0.0, 0.0],
            [0.0, 0.0, 0.0],
            [0.5, 0.5, 0.0],
            [0.5, -0.5, 0.0],
            [0.5, 0.0, 0.5],
            [0.5, 0.0, -0.5],
        ]
        .map(at)
        .to_vec();
        assert_eq!(small[1].to_array(), corner);
        // The ray along d reaches the corner: exactly a grazing face for the first direction.
        let t = faces[1].map(|k| small[k].to_array());
        let exactly = |t| decide_with(|| RayCrossing { p: [0.0; 3], d, t }, Policy::Exact);
        assert_eq!(exactly(t), Some(Crossing::Grazes));
        let mesh = TriangleMesh::<f64>::new(&small, &faces).unwrap();
        let origin = Vec3::new(0.0, 0.0, 0.0);
        assert_eq!(
            decide_point_in_mesh(&mesh, origin, Policy::Exact),
            Verdict::False
        );
        // The origin inside a big octahedron that has the small one as a hole touching its
        // corner ray: still decided by a clean ray.
        let mut v: Vec<Vec3<f64>> = [
            [100.0, 0.0, 0.0],
            [-100.0, 0.0, 0.0],
            [0.0, 100.0, 0.0],
            [0.0, -100.0, 0.0],
            [0.0, 0.0, 100.0],
            [0.0, 0.0, -100.0],
        ]
        .map(|[x, y, z]| Vec3::new(x, y, z))
        .to_vec();
        v.extend(small.iter().copied());
        let mut f: Vec<[usize; 3]> = faces.to_vec();
        f.extend(faces.iter().map(|&[a, b, c]| [a + 6, c + 6, b + 6]));
        let mesh = TriangleMesh::<f64>::new(&v, &f).unwrap();
        assert_eq!(
            decide_point_in_mesh(&mesh, origin, Policy::Exact),
            Verdict::True
        );
        let lifted: Vec<Vec3<surety_intervals::Interval>> =
            v.iter().map(|&p| Vec3::lift_f64(p)).collect();
        let mesh = TriangleMesh::new(&lifted, &f).unwrap();
        assert_eq!(point_in_mesh(&mesh, Vec3::lift_f64(origin)), Verdict::True);
    }
}
