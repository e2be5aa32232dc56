//! The hierarchy never loses an item: its box traversal returns every item whose box meets
//! the query box (and the mesh's broad phase exactly those), and its ray culling never prunes a box that the ray meets in exact
//! arithmetic, nor claims an entry later than the exact one. Checked against exact rational
//! slab intersection on random and adversarial boxes and rays, on the binary tree ([`Bvh`])
//! and on the four-wide one meshes carry ([`WideBvh`]), through the same properties.

mod support;

use std::collections::BTreeSet;

use num_bigint::BigInt;
use num_traits::{One, Signed, Zero};
use quickcheck::{Arbitrary, Gen};
use support::*;
use surety_intervals::arbitrary::{any_finite, checker};
use surety_intervals::Vec3;
use surety_queries::bvh::{Box3, Bvh, RayCull, WideBvh};
use surety_queries::TriangleMesh;

/// The two hierarchies, so that each property runs on both.
trait Tree: Clone {
    fn build(boxes: &[Box3]) -> Self;
    fn found(&self, b: Box3) -> BTreeSet<usize>;
    fn walk(&self, cull: &RayCull, visit: impl FnMut(&[u32], f64) -> f64);
    fn refit_to(&mut self, boxes: &[Box3]);
    fn items(&self) -> usize;
    fn levels(&self) -> usize;
    fn hull(&self) -> Option<Box3>;
}

/// Both trees answer the same calls.
macro_rules! tree {
    ($t:ty) => {
        impl Tree for $t {
            fn build(boxes: &[Box3]) -> Self {
                <$t>::new(boxes).unwrap()
            }
            fn found(&self, b: Box3) -> BTreeSet<usize> {
                self.overlapping(b).collect()
            }
            fn walk(&self, cull: &RayCull, visit: impl FnMut(&[u32], f64) -> f64) {
                self.along_ray(cull, visit);
            }
            fn refit_to(&mut self, boxes: &[Box3]) {
                self.refit(boxes).unwrap();
            }
            fn items(&self) -> usize {
                self.len()
            }
            fn levels(&self) -> usize {
                self.depth()
            }
            fn hull(&self) -> Option<Box3> {
                self.bounds()
            }
        }
    };
}
tree!(Bvh);
tree!(WideBvh);

/// `x · 2^1074`, an integer for every double.
fn int(x: f64) -> BigInt {
    let bits = x.to_bits();
    let exponent = ((bits >> 52) & 0x7ff) as i64;
    let fraction = bits & ((1 << 52) - 1);
    let (mantissa, shift) = if exponent == 0 {
        (fraction, 0)
    } else {
        (fraction | (1 << 52), exponent - 1)
    };
    let m = BigInt::from(mantissa) << shift as usize;
    if x < 0.0 {
        -m
    } else {
        m
    }
}

/// A fraction `n / d` with `d > 0`.
#[derive(Clone, Debug)]
struct Frac(BigInt, BigInt);

impl Frac {
    fn le(&self, other: &Frac) -> bool {
        &self.0 * &other.1 <= &other.0 * &self.1
    }
    /// A double, exactly.
    fn of(x: f64) -> Frac {
        Frac(int(x), BigInt::one() << 1074usize)
    }
}

/// The least `t` in `[0, t_max]` (`None` for infinite) with `o + t·d` in the closed box,
/// exactly, or `None` when there is none. Integers only (every double is an integer times
/// `2^-1074`), so that the oracle costs no gcd.
fn exact_entry(o: [f64; 3], d: [f64; 3], b: &Box3, t_max: Option<f64>) -> Option<Frac> {
    let mut t0 = Frac(BigInt::zero(), BigInt::one());
    let mut t1 = t_max.map(Frac::of);
    for k in 0..3 {
        let (o, d, lo, hi) = (int(o[k]), int(d[k]), int(b[0][k]), int(b[1][k]));
        if d.is_zero() {
            if o < lo || o > hi {
                return None;
            }
            continue;
        }
        // (x - o) / d with a positive denominator.
        let frac = |x: &BigInt| {
            if d.is_negative() {
                Frac(&o - x, -d.clone())
            } else {
                Frac(x - &o, d.clone())
            }
        };
        let (a, c) = (frac(&lo), frac(&hi));
        let (near, far) = if a.le(&c) { (a, c) } else { (c, a) };
        if !near.le(&t0) {
            t0 = near;
        }
        t1 = Some(match t1 {
            Some(t) if t.le(&far) => t,
            _ => far,
        });
    }
    match t1 {
        Some(t1) if !t0.le(&t1) => None,
        _ => Some(t0),
    }
}

/// A coordinate for boxes and rays: the geometry generator's, an extreme value, or a value
/// scaled to huge or tiny.
fn value(g: &mut Gen) -> f64 {
    let x = match u8::arbitrary(g) % 6 {
        0 => extreme_point(g).x,
        1 => any_finite::<f64>(g),
        2 => coord(g) * pow2(i32::arbitrary(g) % 1000),
        _ => coord(g),
    };
    if x.is_finite() {
        x
    } else {
        coord(g)
    }
}

/// `x` moved by `k` ulps, or `x` itself where that would leave the finite doubles.
fn nudge(x: f64, k: i64) -> f64 {
    let y = ulps(x, k);
    if y.is_finite() {
        y
    } else {
        x
    }
}

/// A box: random, flat on some axes, a point, or huge.
fn a_box(g: &mut Gen) -> Box3 {
    let flat = u8::arbitrary(g) % 4;
    let axes: [[f64; 2]; 3] = std::array::from_fn(|k| {
        let (x, y) = (value(g), value(g));
        let (lo, hi) = (x.min(y), x.max(y));
        [
            lo,
            if flat == 0 || (flat == 1 && k == 0) {
                lo
            } else {
                hi
            },
        ]
    });
    [axes.map(|a| a[0]), axes.map(|a| a[1])]
}

/// A query box near `b`: sharing a face, a corner, nudged one ulp in or out, or random.
fn query_near(b: &Box3, g: &mut Gen) -> Box3 {
    let mut r = a_box(g);
    match u8::arbitrary(g) % 4 {
        0 => {
            // Touching: starts where b ends on one axis, maybe one ulp further.
            let k = usize::arbitrary(g) % 3;
            let step = i64::arbitrary(g) % 2;
            r[0][k] = nudge(b[1][k], step);
            r[1][k] = r[0][k].max(r[1][k]);
            for j in (0..3).filter(|&j| j != k) {
                r[0][j] = b[0][j];
                r[1][j] = b[1][j];
            }
        }
        1 => {
            // A point at b's corner, nudged.
            for k in 0..3 {
                let c = nudge(b[usize::arbitrary(g) % 2][k], i64::arbitrary(g) % 2);
                r[0][k] = c;
                r[1][k] = c;
            }
        }
        _ => {}
    }
    r
}

/// Boxes for a tree: random (see [`a_box`]), and a third of the time rounded outward to
/// `f32` values (ties and infinities included), which the tree then stores as `f32`.
fn boxes(g: &mut Gen, n: usize) -> Vec<Box3> {
    let narrow = u8::arbitrary(g) % 3 == 0;
    let mut v: Vec<Box3> = (0..n)
        .map(|_| a_box(g))
        .map(|b| if narrow { to_f32_values(b) } else { b })
        .collect();
    // Repeats: identical boxes are a case of their own for the build.
    for _ in 0..n / 4 {
        let i = usize::arbitrary(g) % n;
        v.push(v[i]);
    }
    v
}

/// `b` rounded outward to the nearest `f32` values, within `±f32::MAX` (so that rays aimed
/// from its faces start at finite points).
fn to_f32_values(b: Box3) -> Box3 {
    let down = |x: f64| {
        let y = (x as f32).clamp(f32::MIN, f32::MAX);
        f64::from(if f64::from(y) > x && y > f32::MIN {
            y.next_down()
        } else {
            y
        })
    };
    let up = |x: f64| {
        let y = (x as f32).clamp(f32::MIN, f32::MAX);
        f64::from(if f64::from(y) < x && y < f32::MAX {
            y.next_up()
        } else {
            y
        })
    };
    [b[0].map(down), b[1].map(up)]
}

fn brute_overlapping(boxes: &[Box3], q: &Box3) -> BTreeSet<usize> {
    (0..boxes.len())
        .filter(|&i| (0..3).all(|k| boxes[i][0][k] <= q[1][k] && q[0][k] <= boxes[i][1][k]))
        .collect()
}

fn overlapping_is_exact<T: Tree>(seed: u64) -> bool {
    let mut g = Gen::from_size_and_seed(100, seed);
    let n = 1 + usize::arbitrary(&mut g) % 200;
    let bs = boxes(&mut g, n);
    let bvh = T::build(&bs);
    (0..20).all(|_| {
        let near = bs[usize::arbitrary(&mut g) % bs.len()];
        let query = query_near(&near, &mut g);
        bvh.found(query)
            .is_superset(&brute_overlapping(&bs, &query))
    })
}

#[test]
fn box_traversal_returns_every_box_that_meets_the_query() {
    checker().quickcheck(overlapping_is_exact::<Bvh> as fn(u64) -> bool);
    checker().quickcheck(overlapping_is_exact::<WideBvh> as fn(u64) -> bool);
}

fn linear_overlapping_is_exact(seed: u64) -> bool {
    let mut g = Gen::from_size_and_seed(100, seed);
    let n = 1 + usize::arbitrary(&mut g) % 2000;
    let bs = boxes(&mut g, n);
    let bvh = Bvh::new_linear(&bs).unwrap();
    bvh.len() == bs.len()
        && (0..20).all(|_| {
            let near = bs[usize::arbitrary(&mut g) % bs.len()];
            let query = query_near(&near, &mut g);
            let got: BTreeSet<usize> = bvh.overlapping(query).collect();
            got.is_superset(&brute_overlapping(&bs, &query))
        })
}

#[test]
fn a_tree_built_along_a_morton_curve_returns_every_box_that_meets_the_query() {
    checker().quickcheck(linear_overlapping_is_exact as fn(u64) -> bool);
}

fn refit_is_exact<T: Tree>(seed: u64) -> bool {
    let mut g = Gen::from_size_and_seed(100, seed);
    let n = 1 + usize::arbitrary(&mut g) % 100;
    let mut bvh = T::build(&boxes(&mut g, n));
    let moved = boxes(&mut g, bvh.items() * 4 / 5 + 1);
    let moved: Vec<Box3> = moved.into_iter().cycle().take(bvh.items()).collect();
    bvh.refit_to(&moved);
    // The whole tree's box is exact after a refit too.
    let exact = moved
        .iter()
        .fold([[f64::INFINITY; 3], [f64::NEG_INFINITY; 3]], |h, b| {
            [
                std::array::from_fn(|k| h[0][k].min(b[0][k])),
                std::array::from_fn(|k| h[1][k].max(b[1][k])),
            ]
        });
    bvh.hull() == Some(exact)
        && (0..20).all(|_| {
            let query = query_near(&moved[usize::arbitrary(&mut g) % moved.len()], &mut g);
            bvh.found(query)
                .is_superset(&brute_overlapping(&moved, &query))
        })
}

#[test]
fn refitted_boxes_are_found_exactly() {
    checker().quickcheck(refit_is_exact::<Bvh> as fn(u64) -> bool);
    checker().quickcheck(refit_is_exact::<WideBvh> as fn(u64) -> bool);
}

/// Trees large enough to be built on several threads (subtrees of 8192 items and more are
/// split across them, then stitched) find the same boxes, every item once, and refit; and
/// rays through them (trees past the size where a descent fetches nodes two levels ahead)
/// visit every box they meet, on moderate boxes (the fast slab test) and extreme ones.
#[test]
fn a_tree_built_on_several_threads_is_exact_and_refits() {
    several_threads::<Bvh>();
    several_threads::<WideBvh>();
}

fn several_threads<T: Tree>() {
    for seed in 0..3u64 {
        let mut g = Gen::from_size_and_seed(100, seed);
        let n = 40_000 + usize::arbitrary(&mut g) % 20_000;
        let mut bs = boxes(&mut g, n);
        if seed == 2 {
            // Half the items share one box: split by count.
            let b = bs[0];
            for x in bs.iter_mut().step_by(2) {
                *x = b;
            }
        }
        if seed == 1 {
            bs = (0..n).map(|_| moderate_box(&mut g)).collect();
        }
        let bvh = T::build(&bs);
        assert_eq!(bvh.items(), bs.len());
        for _ in 0..4 {
            let (o, d) = ray_at(&bs[usize::arbitrary(&mut g) % bs.len()], &mut g);
            let tm = t_max(&mut g);
            assert!(visits_every_hit(&bvh, &bs, o, d, tm), "ray {o:?} {d:?}");
        }
        assert!(bvh.levels() < 64, "depth {}", bvh.levels());
        let all = bvh.found([[f64::NEG_INFINITY; 3], [f64::INFINITY; 3]]);
        assert_eq!(all.len(), bs.len());
        for _ in 0..100 {
            let q = query_near(&bs[usize::arbitrary(&mut g) % bs.len()], &mut g);
            assert!(bvh.found(q).is_superset(&brute_overlapping(&bs, &q)));
        }
        let mut moved = bvh.clone();
        let shifted: Vec<Box3> = bs.iter().rev().copied().collect();
        moved.refit_to(&shifted);
        for _ in 0..50 {
            let q = query_near(&shifted[usize::arbitrary(&mut g) % bs.len()], &mut g);
            assert!(moved.found(q).is_superset(&brute_overlapping(&shifted, &q)));
        }
    }
}

/// A ray aimed at a box: through a corner, along a face, grazing an edge, nudged one ulp,
/// with zero, tiny and huge direction components; or random.
fn ray_at(b: &Box3, g: &mut Gen) -> ([f64; 3], [f64; 3]) {
    let o: [f64; 3] = std::array::from_fn(|_| value(g));
    let target: [f64; 3] = std::array::from_fn(|k| match u8::arbitrary(g) % 3 {
        0 => b[0][k],
        1 => b[1][k],
        _ => 0.5 * b[0][k] + 0.5 * b[1][k],
    });
    let mut d: [f64; 3] = std::array::from_fn(|k| target[k] - o[k]);
    match u8::arbitrary(g) % 6 {
        0 => {
            // Along a face: the origin in the face's plane, no motion across it.
            let k = usize::arbitrary(g) % 3;
            let mut o = o;
            o[k] = nudge(b[usize::arbitrary(g) % 2][k], i64::arbitrary(g) % 2);
            d[k] = 0.0;
            return (o, finite_or_x(d));
        }
        1 => {
            let k = usize::arbitrary(g) % 3;
            d[k] = nudge(d[k], i64::arbitrary(g) % 3);
        }
        2 => d = d.map(|x| x * pow2(i32::arbitrary(g) % 1100)),
        3 => d = std::array::from_fn(|_| value(g)),
        _ => {}
    }
    (o, finite_or_x(d))
}

/// `d`, or the x axis where a coordinate of `d` overflowed.
fn finite_or_x(d: [f64; 3]) -> [f64; 3] {
    if d.iter().all(|x| x.is_finite()) {
        d
    } else {
        [1.0, 0.0, 0.0]
    }
}

fn t_max(g: &mut Gen) -> Option<f64> {
    match u8::arbitrary(g) % 4 {
        0 => None,
        1 => Some(1.0),
        2 => Some(f64::MAX),
        _ => Some(value(g).abs()),
    }
}

/// The culling of one box is sound: never `None` when the ray meets it within `t_max`, and
/// never an entry after the exact one. Checked on the general slab test and, through trees
/// of that one box, on the fast one (the root's test and a node lane's; it applies to every
/// single ray short of overflow, zero direction components included).
fn ray_culling_is_sound(seed: u64) -> bool {
    let mut g = Gen::from_size_and_seed(100, seed);
    (0..20).all(|_| {
        let b = if bool::arbitrary(&mut g) {
            a_box(&mut g)
        } else {
            moderate_box(&mut g)
        };
        let (o, d) = ray_at(&b, &mut g);
        let tm = t_max(&mut g);
        let cull = RayCull::new(o, d, tm.unwrap_or(f64::INFINITY));
        let got = cull.entry(&b, cull.t_max());
        let ok = match (exact_entry(o, d, &b, tm), got) {
            (None, _) => true,
            (Some(_), None) => false,
            (Some(exact), Some(lower)) => Frac::of(lower).le(&exact),
        };
        if !ok {
            eprintln!("o {o:?} d {d:?} box {b:?} t_max {tm:?}: {got:?}");
        }
        ok && visits_every_hit(&Bvh::build(&[b]), &[b], o, d, tm)
            && visits_every_hit(&WideBvh::build(&[b]), &[b], o, d, tm)
    })
}

#[test]
fn ray_culling_never_prunes_a_box_the_ray_meets() {
    checker_many().quickcheck(ray_culling_is_sound as fn(u64) -> bool);
}

/// Culling is not vacuous: rays through a box's centre from outside, at moderate
/// coordinates, are kept, and those clearly past it are pruned.
#[test]
fn ray_culling_keeps_clear_hits_and_prunes_clear_misses() {
    let mut rng = Rng(7);
    let (mut kept, mut pruned, mut total) = (0, 0, 0);
    for _ in 0..10_000 {
        let lo = rng.vec(50);
        let b = [lo.to_array(), (lo + Vec3::new(1.0, 2.0, 3.0)).to_array()];
        let o = rng.vec(100).to_array();
        let d: [f64; 3] = std::array::from_fn(|_| rng.small(9) + 0.5 * rng.small(1));
        let exact = exact_entry(o, d, &b, None);
        let got = RayCull::new(o, d, f64::INFINITY).entry(&b, f64::INFINITY);
        total += 1;
        match (exact, got) {
            (Some(_), Some(_)) => kept += 1,
            (None, None) => pruned += 1,
            (Some(_), None) => panic!("pruned a hit: {o:?} {d:?} {b:?}"),
            (None, Some(_)) => {}
        }
    }
    assert!(kept + pruned == total, "{kept} + {pruned} of {total}");
}

/// A family of rays (origins and directions in boxes) keeps every box that any member meets:
/// checked on the family's corner rays.
fn family_culling_is_sound(seed: u64) -> bool {
    let mut g = Gen::from_size_and_seed(100, seed);
    (0..10).all(|_| {
        let b = a_box(&mut g);
        let (o, d) = ray_at(&b, &mut g);
        let widen = |x: f64, g: &mut Gen| {
            let w = nudge(x, 1 + i64::arbitrary(g).rem_euclid(3));
            [x.min(w).min(nudge(x, -1)), x.max(w)]
        };
        let oi: [[f64; 2]; 3] = o.map(|x| widen(x, &mut g));
        let di: [[f64; 2]; 3] = d.map(|x| widen(x, &mut g));
        if !oi.iter().chain(&di).flatten().all(|x| x.is_finite()) {
            return true;
        }
        let tm = t_max(&mut g);
        let lo_hi = |v: [[f64; 2]; 3]| [[v[0][0], v[1][0], v[2][0]], [v[0][1], v[1][1], v[2][1]]];
        let cull = RayCull::family(lo_hi(oi), lo_hi(di), tm.unwrap_or(f64::INFINITY));
        let got = cull.entry(&b, cull.t_max());
        (0..8).all(|_| {
            let m = usize::arbitrary(&mut g) % 64;
            let pick = |v: &[[f64; 2]; 3], shift: usize| -> [f64; 3] {
                std::array::from_fn(|k| v[k][(m >> (shift + k)) & 1])
            };
            let (o, d) = (pick(&oi, 0), pick(&di, 3));
            match (exact_entry(o, d, &b, tm), got) {
                (None, _) => true,
                (Some(_), None) => false,
                (Some(exact), Some(lower)) => Frac::of(lower).le(&exact),
            }
        })
    })
}

#[test]
fn ray_family_culling_keeps_every_box_a_member_meets() {
    checker().quickcheck(family_culling_is_sound as fn(u64) -> bool);
}

/// Traversal along a ray visits every item whose box the ray meets, and reports for each a
/// leaf entry no later than the item's exact entry: on the general slab test and on the
/// fast one (a single ray, no zero direction component, coordinates below 2^1022).
fn traversal_visits_every_hit<T: Tree>(seed: u64) -> bool {
    let mut g = Gen::from_size_and_seed(100, seed);
    let n = 1 + usize::arbitrary(&mut g) % 60;
    let mut bs = boxes(&mut g, n);
    if bool::arbitrary(&mut g) {
        // Moderate boxes only, so that the traversal takes its fast path (no difference can
        // overflow) whenever the ray has no zero direction component.
        bs = (0..n).map(|_| moderate_box(&mut g)).collect();
    }
    let bvh = T::build(&bs);
    (0..4).all(|_| {
        let (o, d) = ray_at(&bs[usize::arbitrary(&mut g) % bs.len()], &mut g);
        visits_every_hit(&bvh, &bs, o, d, t_max(&mut g))
    })
}

/// A box of the geometry generator's coordinates, within `±1e300`: no difference of its
/// bounds and a moderate origin overflows, so a single ray takes the fast slab test on it.
fn moderate_box(g: &mut Gen) -> Box3 {
    let axes: [[f64; 2]; 3] = std::array::from_fn(|_| {
        let (x, y) = (coord(g), coord(g));
        [x.min(y).clamp(-1e300, 1e300), x.max(y).clamp(-1e300, 1e300)]
    });
    [axes.map(|a| a[0]), axes.map(|a| a[1])]
}

/// Whether the traversal of `bvh` (over `boxes`) along the ray visits every box the ray
/// meets within `tm` (exactly), reporting an entry no later than the exact one.
fn visits_every_hit<T: Tree>(
    bvh: &T,
    boxes: &[Box3],
    o: [f64; 3],
    d: [f64; 3],
    tm: Option<f64>,
) -> bool {
    let cull = RayCull::new(o, d, tm.unwrap_or(f64::INFINITY));
    let mut seen = vec![None; boxes.len()];
    bvh.walk(&cull, |items, entry| {
        for &i in items {
            seen[i as usize] = Some(entry);
        }
        cull.t_max()
    });
    (0..boxes.len()).all(|i| match exact_entry(o, d, &boxes[i], tm) {
        None => true,
        Some(exact) => {
            let ok = seen[i].is_some_and(|e| Frac::of(e).le(&exact));
            if !ok {
                eprintln!(
                    "o {o:?} d {d:?} box {:?} t_max {tm:?}: {:?}",
                    boxes[i], seen[i]
                );
            }
            ok
        }
    })
}

#[test]
fn ray_traversal_visits_every_box_the_ray_meets() {
    checker().quickcheck(traversal_visits_every_hit::<Bvh> as fn(u64) -> bool);
    checker().quickcheck(traversal_visits_every_hit::<WideBvh> as fn(u64) -> bool);
}

/// Shrinking the bound prunes: a ray along a row of boxes, stopped at the first, visits few.
#[test]
fn ray_traversal_stops_at_the_bound_the_visitor_returns() {
    stops_at_the_bound::<Bvh>();
    stops_at_the_bound::<WideBvh>();
}

fn stops_at_the_bound<T: Tree>() {
    let bs: Vec<Box3> = (0..1000)
        .map(|i| [[i as f64, 0.0, 0.0], [i as f64 + 0.5, 1.0, 1.0]])
        .collect();
    let bvh = T::build(&bs);
    let cull = RayCull::new([-1.0, 0.5, 0.5], [1.0, 0.0, 0.0], f64::INFINITY);
    let mut visited = 0;
    bvh.walk(&cull, |items, _| {
        visited += items.len();
        1.6 // the first box is entered at t = 1 and left at 1.5
    });
    assert!(
        visited <= 2 * Bvh::LEAF_SIZE,
        "{visited} items visited of 1000"
    );
    let mut all = 0;
    bvh.walk(&cull, |items, _| {
        all += items.len();
        f64::INFINITY
    });
    assert_eq!(all, 1000);
}

/// The depth stays logarithmic on every input: random, identical, collinear and nested boxes.
#[test]
fn depth_is_logarithmic_whatever_the_boxes() {
    let n = 20_000;
    let same = vec![[[0.0; 3], [1.0; 3]]; n];
    let row: Vec<Box3> = (0..n).map(|i| [[i as f64, 0.0, 0.0]; 2]).collect();
    let nested: Vec<Box3> = (0..n).map(|i| [[-(i as f64); 3], [i as f64; 3]]).collect();
    let huge: Vec<Box3> = (0..n)
        .map(|i| {
            let x = if i % 2 == 0 { f64::MAX } else { -f64::MAX };
            [[x; 3], [x; 3]]
        })
        .collect();
    let mut rng = Rng(3);
    let random: Vec<Box3> = (0..n)
        .map(|_| {
            let p = rng.vec(1000).to_array();
            [p, p.map(|x| x + 1.0)]
        })
        .collect();
    // Magnitudes spread over the range of doubles: the largest stretch the bins so far that
    // every other centre falls in one of them, so each split of the heuristic peels off the
    // top magnitude only (depth 977 for 60 000 random boxes of the `boxes` generator before
    // the median fallback).
    let mut rng = Rng(5);
    let outliers: Vec<Box3> = (0..n)
        .map(|_| {
            let p = rng
                .vec(1)
                .to_array()
                .map(|s| s * 2f64.powi(rng.below(1000) as i32));
            [p, p]
        })
        .collect();
    for (name, bs) in [
        ("outliers", outliers),
        ("same", same),
        ("row", row),
        ("nested", nested),
        ("huge", huge),
        ("random", random),
    ] {
        let bvh = Bvh::new(&bs).unwrap();
        // log2(20000 / 4) ≈ 12.3; allow for the heuristic's imbalance.
        assert!(bvh.depth() <= 40, "{name}: depth {}", bvh.depth());
        assert_eq!(bvh.len(), n);
        let mut all: Vec<usize> = bvh.overlapping(bvh.bounds().unwrap()).collect();
        all.sort_unstable();
        assert_eq!(all, (0..n).collect::<Vec<_>>(), "{name}");
        // Collapsed, at most the binary depth, and every item once.
        let binary = bvh.depth();
        let wide = WideBvh::from(bvh);
        assert!(
            wide.depth() <= binary,
            "{name}: {} > {binary}",
            wide.depth()
        );
        let mut all: Vec<usize> = wide.overlapping(wide.bounds().unwrap()).collect();
        all.sort_unstable();
        assert_eq!(all, (0..n).collect::<Vec<_>>(), "{name}");
    }
}

#[test]
fn bad_boxes_are_errors_naming_the_field() {
    let e = Bvh::new(&[[[0.0, f64::NAN, 0.0], [1.0; 3]]]).unwrap_err();
    assert_eq!((e.shape, e.field), ("bvh", "box.y"));
    let e = Bvh::new(&[[[0.0, 0.0, 2.0], [1.0; 3]]]).unwrap_err();
    assert_eq!((e.shape, e.field, e.value), ("bvh", "box.z", 1.0));
    let mut bvh = Bvh::new(&[[[0.0; 3], [1.0; 3]]]).unwrap();
    let e = bvh.refit(&[]).unwrap_err();
    assert_eq!((e.shape, e.field), ("bvh", "boxes"));
    assert!(Bvh::new(&[[[f64::NEG_INFINITY; 3], [f64::INFINITY; 3]]]).is_ok());
    let e = WideBvh::new(&[[[0.0, 0.0, 2.0], [1.0; 3]]]).unwrap_err();
    assert_eq!((e.shape, e.field, e.value), ("bvh", "box.z", 1.0));
    let mut wide = WideBvh::new(&[[[0.0; 3], [1.0; 3]]]).unwrap();
    let e = wide.refit(&[[[0.0, f64::NAN, 0.0], [1.0; 3]]]).unwrap_err();
    assert_eq!((e.shape, e.field), ("bvh", "box.y"));
    let e = wide.refit(&[]).unwrap_err();
    assert_eq!((e.shape, e.field), ("bvh", "boxes"));
    assert_eq!(WideBvh::new(&[]).unwrap().bounds(), None);
}

/// The builder plans its splits on the boxes rounded to `f32`; the nodes' boxes must still be
/// the exact `f64` hulls. Boxes whose bounds `f32` cannot hold (one ulp of `f64` past 1, a
/// subnormal, beyond `f32::MAX`): every node box is the hull of its items to the last bit,
/// and a point query one `f64` ulp past where `f32` would round finds the item (and one ulp
/// further finds nothing).
#[test]
fn node_boxes_are_the_exact_hulls_whatever_the_plan_rounded() {
    let one_up = 1.0f64.next_up();
    let tiny = 5e-324;
    let near_one: Vec<Box3> = (0..400)
        .map(|i| {
            let x = i as f64;
            [[x, 0.0, -tiny], [x + 0.5, one_up, tiny]]
        })
        .collect();
    let mut far = near_one.clone();
    far.push([[-1e300, 1e39, 0.0], [-1e299, 1e39, 0.0]]);
    let hull = |boxes: &[Box3]| {
        boxes
            .iter()
            .fold([[f64::INFINITY; 3], [f64::NEG_INFINITY; 3]], |h, b| {
                [
                    std::array::from_fn(|k| h[0][k].min(b[0][k])),
                    std::array::from_fn(|k| h[1][k].max(b[1][k])),
                ]
            })
    };
    for boxes in [&near_one, &far] {
        for bvh in [Bvh::new(boxes).unwrap(), Bvh::new_linear(boxes).unwrap()] {
            assert_eq!(bvh.bounds(), Some(hull(boxes)));
            let found: Vec<usize> = bvh
                .overlapping([[-1e299, 1e39, 0.0], [-1e299, 1e39, 0.0]])
                .collect();
            assert_eq!(found.contains(&400), boxes.len() > 400);
        }
        // The wide tree keeps the exact hull of everything, and its lanes (rounded outward
        // to f32, past f32's range to infinities) still find every item at its box's edge.
        let wide = WideBvh::new(boxes).unwrap();
        assert_eq!(wide.bounds(), Some(hull(boxes)));
        for (i, b) in boxes.iter().enumerate() {
            assert!(wide.overlapping([b[1]; 2]).any(|j| j == i), "item {i}");
            assert!(wide.overlapping([b[0]; 2]).any(|j| j == i), "item {i}");
        }
    }
    for bvh in [
        Bvh::new(&near_one).unwrap(),
        Bvh::new_linear(&near_one).unwrap(),
    ] {
        // Every box's y ends at 1 + 2^-52, which f32 rounds to 1 (and outward to 1 + 2^-23):
        // a point there is in item 7's box, a point one ulp above is in no node's; the same
        // for z at the smallest subnormal, which f32 rounds to 0.
        let at = |y: f64, z: f64| -> Vec<usize> {
            bvh.overlapping([[7.25, y, z], [7.25, y, z]]).collect()
        };
        assert!(at(one_up, 0.0).contains(&7));
        assert!(at(one_up.next_up(), 0.0).is_empty());
        assert!(at(0.5, tiny).contains(&7));
        assert!(at(0.5, 2.0 * tiny).is_empty());
    }
}

/// The mesh's broad phase is the hierarchy: the same triangles as a scan of their boxes.
#[test]
fn mesh_near_matches_a_scan_of_triangle_boxes() {
    let mut rng = Rng(11);
    let v: Vec<Vec3<f64>> = (0..300).map(|_| rng.vec(40)).collect();
    let idx: Vec<[usize; 3]> = (0..500)
        .map(|_| [0, 0, 0].map(|_: usize| rng.below(300) as usize))
        .collect();
    let mesh = TriangleMesh::<f64>::new(&v, &idx).unwrap();
    for _ in 0..500 {
        let (a, b) = (rng.vec(45).to_array(), rng.vec(45).to_array());
        let lo: [f64; 3] = std::array::from_fn(|k| a[k].min(b[k]));
        let hi: [f64; 3] = std::array::from_fn(|k| a[k].max(b[k]));
        let got: BTreeSet<usize> = mesh.near(lo, hi).collect();
        let want: BTreeSet<usize> = (0..idx.len())
            .filter(|&i| {
                let c = idx[i].map(|j| v[j].to_array());
                (0..3).all(|k| {
                    let (mn, mx) = (
                        c[0][k].min(c[1][k]).min(c[2][k]),
                        c[0][k].max(c[1][k]).max(c[2][k]),
                    );
                    mn <= hi[k] && lo[k] <= mx
                })
            })
            .collect();
        assert_eq!(got, want);
    }
}

/// Differences that overflow: a box near `f64::MAX` and a ray from near `-f64::MAX` reach it
/// at a parameter about `8.5e307`, below a bound of `1e308`. The quotient of an overflowed
/// difference is infinite; taken as it is, the entry would be past the bound and the box
/// pruned. The traversal keeps it, on a tree whose boxes are all that large (so no fast
/// path applies) and on one mixing them with moderate boxes.
#[test]
fn boxes_reached_across_an_overflowing_difference_are_kept() {
    // Across x only (the other axes moderate), and across all three axes.
    let cases = [
        (
            [[1.7e308, 0.0, 0.0], [1.7e308, 1.0, 1.0]],
            RayCull::new([-1.7e308, 0.1, 0.1], [4.0, 1e-308, 1e-308], 1e308),
        ),
        (
            [[1.7e308; 3], [1.7e308; 3]],
            RayCull::new([-1.7e308; 3], [4.0; 3], 1e308),
        ),
    ];
    for (far, ray) in cases {
        // Exactly, the ray reaches the box at 3.4e308 / 4 = 8.5e307 (within the bound).
        assert!(ray.entry(&far, 1e308).is_some_and(|t| t <= 8.5e307));
        let mixed: Vec<Box3> = (0..40)
            .map(|i| [[i as f64, 0.0, 0.0], [i as f64 + 1.0, 1.0, 1.0]])
            .chain([far])
            .collect();
        for boxes in [vec![far; 5], mixed] {
            let last = boxes.len() as u32 - 1;
            for seen in [
                reached::<Bvh>(&boxes, &ray),
                reached::<WideBvh>(&boxes, &ray),
            ] {
                assert!(seen.contains(&last), "{} boxes: {seen:?}", boxes.len());
            }
        }
    }
}

/// Every item the traversal of a tree over `boxes` visits along the ray, to its end.
fn reached<T: Tree>(boxes: &[Box3], ray: &RayCull) -> Vec<u32> {
    let mut seen = Vec::new();
    T::build(boxes).walk(ray, |items, _| {
        seen.extend_from_slice(items);
        ray.t_max()
    });
    seen
}

/// The fast slab test prunes too: a ray with no zero direction component along a row of
/// boxes, stopped after the first, visits a few leaves, not the row.
#[test]
fn the_fast_slab_test_prunes_boxes_beyond_the_bound() {
    fast_test_prunes::<Bvh>();
    fast_test_prunes::<WideBvh>();
}

fn fast_test_prunes<T: Tree>() {
    let bs: Vec<Box3> = (0..1000)
        .map(|i| [[i as f64, 0.0, 0.0], [i as f64 + 0.5, 1.0, 1.0]])
        .collect();
    let bvh = T::build(&bs);
    let cull = RayCull::new([-1.0, 0.5, 0.5], [1.0, 1e-9, -1e-9], f64::INFINITY);
    let mut visited = 0;
    bvh.walk(&cull, |items, _| {
        visited += items.len();
        1.6
    });
    assert!(visited <= 2 * Bvh::LEAF_SIZE, "{visited} items visited");
    // Boxes off the ray's line are pruned however far the ray goes.
    let off = RayCull::new([-1.0, 5.5, 0.5], [1.0, 1e-9, -1e-9], f64::INFINITY);
    let mut any = 0;
    bvh.walk(&off, |items, _| {
        any += items.len();
        f64::INFINITY
    });
    assert_eq!(any, 0);
}

/// A ray for the fast slab test (a single ray, no zero direction component, coordinates
/// below `2^1022`) aimed at box `b` as [`ray_at`] aims, its direction then scaled as a
/// whole so that the quotients underflow to the subnormals, overflow, or neither.
fn fast_ray_at(b: &Box3, g: &mut Gen) -> ([f64; 3], [f64; 3]) {
    let (o, d) = ray_at(b, g);
    let scale = match u8::arbitrary(g) % 4 {
        // Quotients near the subnormals: a huge direction.
        0 => pow2(900 + i32::arbitrary(g).rem_euclid(120)),
        // Quotients near overflow: a tiny direction.
        1 => pow2(-900 - i32::arbitrary(g).rem_euclid(170)),
        _ => 1.0,
    };
    // No zero component (the fast form's condition), nothing infinite, nothing past 2^1021.
    let d = d.map(|x| {
        let y = x * scale;
        if y == 0.0 {
            f64::MIN_POSITIVE
        } else if y.is_finite() {
            y
        } else {
            1.0
        }
    });
    let clamp = |x: f64| x.clamp(-pow2(1021), pow2(1021));
    (o.map(clamp), d)
}

/// A box at a random scale `2^e` (so that differences with the origin are subnormal,
/// moderate, or near `2^1021`), flat on some axes (a point when on all three).
fn box_at_scale(g: &mut Gen) -> Box3 {
    let e = match u8::arbitrary(g) % 4 {
        0 => -1074 + i32::arbitrary(g).rem_euclid(60),
        1 => 960 + i32::arbitrary(g).rem_euclid(60),
        _ => i32::arbitrary(g) % 40,
    };
    let mut at_scale = || (coord(g) * pow2(e)).clamp(-pow2(1021), pow2(1021));
    let axes: [[f64; 2]; 3] = std::array::from_fn(|_| {
        let (x, y) = (at_scale(), at_scale());
        [x.min(y), x.max(y)]
    });
    let flat: [bool; 3] = std::array::from_fn(|_| u8::arbitrary(g) % 5 == 0);
    [
        axes.map(|a| a[0]),
        std::array::from_fn(|k| if flat[k] { axes[k][0] } else { axes[k][1] }),
    ]
}

/// The fast slab test (taken by a traversal whose root is inside `±2^1022`, for a single
/// ray with no zero direction component) never prunes a box the ray meets, nor reports an
/// entry after the exact one, at the scales where its quotients underflow to the
/// subnormals or overflow: one box alone (the single test at the root), six (the two-box
/// test of the root's children), and up to 17 (the four-box test of a wide node's lanes,
/// whose boxes are rounded outward to `f32`, to zero, subnormals or infinities at these
/// scales).
fn fast_culling_is_sound<T: Tree>(seed: u64) -> bool {
    let mut g = Gen::from_size_and_seed(100, seed);
    (0..10).all(|_| {
        let n = match u8::arbitrary(&mut g) % 3 {
            0 => 1,
            1 => 2 + Bvh::LEAF_SIZE,
            _ => 1 + usize::arbitrary(&mut g) % (4 * Bvh::LEAF_SIZE + 1),
        };
        let boxes: Vec<Box3> = (0..n).map(|_| box_at_scale(&mut g)).collect();
        let bvh = T::build(&boxes);
        let (o, d) = fast_ray_at(&boxes[0], &mut g);
        visits_every_hit(&bvh, &boxes, o, d, t_max(&mut g))
    })
}

#[test]
fn the_fast_slab_test_is_sound_where_quotients_underflow_or_overflow() {
    checker_many().quickcheck(fast_culling_is_sound::<Bvh> as fn(u64) -> bool);
    checker_many().quickcheck(fast_culling_is_sound::<WideBvh> as fn(u64) -> bool);
}

/// Traversal with a family of rays (origins in a box, directions in a box) visits every box
/// that some member meets: families whose origins are one point but directions are not,
/// and the other way round (neither is a single ray, so no single ray's fast test may
/// stand for them), checked on the family's corner rays.
fn family_traversal_visits_every_hit<T: Tree>(seed: u64) -> bool {
    let mut g = Gen::from_size_and_seed(100, seed);
    let n = 1 + usize::arbitrary(&mut g) % 60;
    // Moderate boxes, where a single ray would take the fast path.
    let bs: Vec<Box3> = (0..n).map(|_| moderate_box(&mut g)).collect();
    let bvh = T::build(&bs);
    (0..4).all(|_| {
        let (o, d) = ray_at(&bs[usize::arbitrary(&mut g) % bs.len()], &mut g);
        // Spread the directions (or the origins) by a relative 1/8, at least 1/8.
        let spread = |x: f64| x + 0.125 * x.abs().max(1.0);
        let (oi, di) = if bool::arbitrary(&mut g) {
            ([o, o], [d, d.map(spread)])
        } else {
            ([o, o.map(spread)], [d, d])
        };
        if !oi.iter().chain(&di).flatten().all(|x| x.is_finite()) {
            return true;
        }
        let tm = t_max(&mut g);
        let cull = RayCull::family(oi, di, tm.unwrap_or(f64::INFINITY));
        let mut seen = vec![false; bs.len()];
        bvh.walk(&cull, |items, _| {
            for &i in items {
                seen[i as usize] = true;
            }
            cull.t_max()
        });
        // The corner rays: per axis, the lower or upper end of what varies.
        (0..8).all(|m| {
            let pick =
                |v: &[[f64; 3]; 2]| -> [f64; 3] { std::array::from_fn(|k| v[(m >> k) & 1][k]) };
            let (o, d) = (pick(&oi), pick(&di));
            (0..bs.len()).all(|i| seen[i] || exact_entry(o, d, &bs[i], tm).is_none())
        })
    })
}

#[test]
fn ray_family_traversal_visits_every_box_a_member_meets() {
    checker().quickcheck(family_traversal_visits_every_hit::<Bvh> as fn(u64) -> bool);
    checker().quickcheck(family_traversal_visits_every_hit::<WideBvh> as fn(u64) -> bool);
}
