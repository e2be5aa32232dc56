//! The oracle's own proof: the simplex method that decides the linear feasibility problems
//! behind the box, triangle and motion oracles agrees with plain vertex enumeration, on
//! random and on deliberately degenerate problems (rows tight at one point, repeated and
//! zero rows, sets that are a single point or just empty).

mod support;

use quickcheck::{Arbitrary, Gen, TestResult};
use support::lp::{feasible, feasible_by_vertices, Row};
use support::Q;
use surety_intervals::arbitrary::checker;

fn int(i: i64) -> Q {
    Q::from_integer(i.into())
}

/// A small integer in `[-k, k]`, zero a third of the time (so that rows bound one variable,
/// or none).
fn small(g: &mut Gen, k: i64) -> i64 {
    if u8::arbitrary(g) % 3 == 0 {
        0
    } else {
        i64::arbitrary(g).rem_euclid(2 * k + 1) - k
    }
}

/// A random problem in `n` variables, bounded (vertex enumeration needs it): either a box
/// `|xᵢ| ≤ B` given as single-variable rows (which the simplex turns into bounds), or the
/// same set cut by rows `±xᵢ ± xⱼ ≤ B` (general rows, the variables left free). The other
/// rows are random, or made tight at a point `x0` (halves and small integers) and then moved
/// by nothing, a half, or one, so that feasibility often hinges on an exact tie.
#[derive(Clone, Debug)]
struct Problem {
    n: usize,
    eq: Vec<Row>,
    le: Vec<Row>,
}

impl Arbitrary for Problem {
    fn arbitrary(g: &mut Gen) -> Self {
        problem(g)
    }
}

fn problem(g: &mut Gen) -> Problem {
    let n = 1 + usize::arbitrary(g) % 4;
    let bound = int(1 + i64::arbitrary(g).rem_euclid(4));
    let mut le: Vec<Row> = Vec::new();
    let unit =
        |i: usize, s: i64| -> Vec<Q> { (0..n).map(|j| int(if i == j { s } else { 0 })).collect() };
    if n == 1 || bool::arbitrary(g) {
        for i in 0..n {
            le.push((unit(i, 1), bound.clone()));
            le.push((unit(i, -1), bound.clone()));
        }
    } else {
        for i in 0..n {
            let j = (i + 1) % n;
            for (si, sj) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                let mut a = vec![int(0); n];
                a[i] += int(si);
                a[j] += int(sj);
                le.push((a, bound.clone()));
            }
        }
    }
    let x0: Vec<Q> = (0..n)
        .map(|_| Q::new(small(g, 4).into(), 2.into()))
        .collect();
    let at = |a: &[Q]| a.iter().zip(&x0).map(|(a, x)| a * x).sum::<Q>();
    let row = |g: &mut Gen| -> Row {
        let a: Vec<Q> = (0..n).map(|_| int(small(g, 3))).collect();
        let b = match u8::arbitrary(g) % 4 {
            0 => int(small(g, 4)),
            1 => at(&a),
            2 => at(&a) - Q::new(1.into(), 2.into()),
            _ => at(&a) + int(small(g, 1)),
        };
        (a, b)
    };
    let eq: Vec<Row> = (0..usize::arbitrary(g) % 3).map(|_| row(g)).collect();
    for _ in 0..usize::arbitrary(g) % 6 {
        let r = row(g);
        le.push(r);
    }
    // Now and then a repeated row, or one with no coefficient at all.
    if u8::arbitrary(g) % 8 == 0 {
        if let Some(r) = le.last().cloned() {
            le.push(r);
        }
    }
    if u8::arbitrary(g) % 16 == 0 {
        le.push((vec![int(0); n], int(small(g, 1))));
    }
    Problem { n, eq, le }
}

fn simplex_agrees(p: Problem) -> TestResult {
    let fast = feasible(p.n, &p.eq, &p.le);
    let slow = feasible_by_vertices(p.n, &p.eq, &p.le);
    if fast != slow {
        return TestResult::error(format!("simplex {fast}, vertices {slow}: {p:?}"));
    }
    TestResult::from_bool(true)
}

#[test]
fn the_simplex_oracle_agrees_with_vertex_enumeration() {
    checker().quickcheck(simplex_agrees as fn(Problem) -> TestResult);
}

#[test]
fn the_simplex_oracle_decides_hand_made_problems() {
    let r = |a: &[i64], b: i64| -> Row { (a.iter().map(|&x| int(x)).collect(), int(b)) };
    // A single point: x = y = 1 from x + y ≤ 2, x ≥ 1, y ≥ 1.
    assert!(feasible(
        2,
        &[],
        &[r(&[1, 1], 2), r(&[-1, 0], -1), r(&[0, -1], -1)]
    ));
    // Just empty: x + y ≤ 2 - 1/2 with the same bounds.
    let half = (vec![int(1), int(1)], Q::new(3.into(), 2.into()));
    assert!(!feasible(2, &[], &[half, r(&[-1, 0], -1), r(&[0, -1], -1)]));
    // Free variables, an equality and no bound at all: x - y = 5.
    assert!(feasible(2, &[r(&[1, -1], 5)], &[]));
    // Contradictory equalities: x + y = 1 and 2x + 2y = 3.
    assert!(!feasible(2, &[r(&[1, 1], 1), r(&[2, 2], 3)], &[]));
    // A zero equality row holds only with a zero right-hand side.
    assert!(feasible(1, &[r(&[0], 0)], &[]) && !feasible(1, &[r(&[0], 1)], &[]));
    // Bounds that cross: x ≤ 1 and x ≥ 2.
    assert!(!feasible(1, &[], &[r(&[1], 1), r(&[-1], -2)]));
    // Unbounded but non-empty: x + y ≥ 10 with x, y free.
    assert!(feasible(2, &[], &[r(&[-1, -1], -10)]));
    // The answer does not depend on where the free variables start: x = 10^6 exactly.
    assert!(feasible(1, &[r(&[1], 1_000_000)], &[r(&[-1], 0)]));
}
