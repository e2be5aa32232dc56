//! Exact linear feasibility, the oracle of the box, triangle and motion proofs: is
//! `{x ∈ Qⁿ : a·x = b for the equality rows, a·x ≤ b for the others}` empty?
//!
//! [`feasible`] answers by phase one of the simplex method with bounded variables, in
//! rationals; [`feasible_by_vertices`] by enumerating candidate vertices, which is simple
//! enough to trust on sight but costs a linear solve per subset of rows (milliseconds for a
//! box pair). The two share nothing but the question, and a property checks that they agree.

use num_traits::{Signed, Zero};

use super::{solve, Q};

/// A row `a·x ≤ b` or `a·x = b`: its coefficients and its right-hand side.
pub type Row = (Vec<Q>, Q);

/// Exact: is `{x ∈ Qⁿ : eq rows a·x = b, le rows a·x ≤ b}` non-empty (bounded or not)?
///
/// Phase one of the primal simplex method with bounded variables (Dantzig; see Chvátal,
/// *Linear Programming*, ch. 8 and 21): rows with one nonzero coefficient become bounds on
/// their variable, every other inequality gets a slack in `[0, ∞)`, every row an artificial
/// variable in `[0, ∞)` carrying the residual of the starting point (each nonbasic variable
/// at a finite bound, or at 0 when it has none). The sum of the artificials is minimised; the
/// set is non-empty exactly when that minimum is 0. Entering and leaving variables are chosen
/// by Bland's rule (the smallest index among the candidates), which cannot cycle; every
/// number is a `BigRational`, so no step rounds.
pub fn feasible(n: usize, eq: &[Row], le: &[Row]) -> bool {
    // Bounds from single-variable rows; the other inequalities kept as rows.
    let mut lo: Vec<Option<Q>> = vec![None; n];
    let mut hi: Vec<Option<Q>> = vec![None; n];
    let mut general: Vec<&Row> = Vec::new();
    for row in le {
        let (a, b) = row;
        let nonzero: Vec<usize> = (0..n).filter(|&j| !a[j].is_zero()).collect();
        match nonzero.as_slice() {
            [] if b.is_negative() => return false, // 0 ≤ b fails
            [] => {}
            &[j] => {
                let bound = b / &a[j];
                if a[j].is_positive() {
                    hi[j] = Some(hi[j].take().map_or(bound.clone(), |h| h.min(bound)));
                } else {
                    lo[j] = Some(lo[j].take().map_or(bound.clone(), |l| l.max(bound)));
                }
            }
            _ => general.push(row),
        }
    }
    if (0..n).any(|j| matches!((&lo[j], &hi[j]), (Some(l), Some(h)) if l > h)) {
        return false;
    }
    // Columns: the n variables, one slack per general inequality, one artificial per row.
    let rows: Vec<&Row> = eq.iter().chain(general.iter().copied()).collect();
    let m = rows.len();
    let slacks = general.len();
    let structural = n + slacks;
    let total = structural + m;
    for _ in 0..slacks {
        lo.push(Some(Q::zero()));
        hi.push(None);
    }
    for _ in 0..m {
        lo.push(Some(Q::zero()));
        hi.push(None);
    }
    // The starting point: every structural variable at a finite bound (or 0), artificials
    // holding the residuals.
    let mut value: Vec<Q> = (0..total)
        .map(|j| {
            lo[j]
                .clone()
                .or_else(|| hi[j].clone())
                .unwrap_or_else(Q::zero)
        })
        .collect();
    let mut tableau: Vec<Vec<Q>> = Vec::with_capacity(m);
    for (i, (a, b)) in rows.iter().enumerate() {
        let mut row = vec![Q::zero(); total];
        row[..n].clone_from_slice(a);
        if i >= eq.len() {
            row[n + i - eq.len()] = Q::from_integer(1.into());
        }
        let residual = b - (0..structural).map(|j| &row[j] * &value[j]).sum::<Q>();
        // The artificial's column is sign(residual)·e_i; the basis is those columns, so the
        // tableau row is the row scaled by that sign, with a unit in the artificial's place.
        if residual.is_negative() {
            for x in row.iter_mut() {
                *x = -x.clone();
            }
        }
        row[structural + i] = Q::from_integer(1.into());
        value[structural + i] = residual.abs();
        tableau.push(row);
    }
    let mut basis: Vec<usize> = (structural..total).collect();
    let mut basic = vec![false; total];
    for &k in &basis {
        basic[k] = true;
    }
    // Reduced costs of phase one (cost 1 on each artificial): d_j = c_j - Σ_i c_B(i) T_ij.
    let mut reduced: Vec<Q> = (0..total)
        .map(|j| {
            let c = Q::from_integer(i64::from(j >= structural).into());
            c - tableau.iter().map(|row| row[j].clone()).sum::<Q>()
        })
        .collect();
    for _ in 0..100_000 {
        if (structural..total).all(|j| value[j].is_zero()) {
            return true;
        }
        // Bland: the first structural variable whose move lowers the objective within its
        // bounds (an artificial that has left never comes back).
        let entering = (0..structural).find(|&j| {
            !basic[j]
                && ((reduced[j].is_negative() && hi[j].as_ref().is_none_or(|h| value[j] < *h))
                    || (reduced[j].is_positive() && lo[j].as_ref().is_none_or(|l| value[j] > *l)))
        });
        let Some(j) = entering else {
            return false; // optimal with a positive sum of artificials
        };
        let up = reduced[j].is_negative();
        // How far the entering variable may move: to its own other bound, or until a basic
        // variable reaches one of its bounds. Ties go to the smallest variable index.
        let own = if up {
            hi[j].as_ref().map(|h| h - &value[j])
        } else {
            lo[j].as_ref().map(|l| &value[j] - l)
        };
        let mut best: Option<(Q, usize, Option<usize>)> = own.map(|s| (s, j, None));
        for (i, row) in tableau.iter().enumerate() {
            let k = basis[i];
            // The basic variable changes by -T_ij per unit step of x_j upward.
            let rate = if up { -row[j].clone() } else { row[j].clone() };
            let limit = if rate.is_negative() {
                lo[k].as_ref().map(|l| (&value[k] - l) / -rate.clone())
            } else if rate.is_positive() {
                hi[k].as_ref().map(|h| (h - &value[k]) / rate.clone())
            } else {
                None
            };
            if let Some(s) = limit {
                if best
                    .as_ref()
                    .is_none_or(|(b, index, _)| s < *b || (s == *b && k < *index))
                {
                    best = Some((s, k, Some(i)));
                }
            }
        }
        let (step, _, leaving_row) = best.expect("phase one is bounded below by zero");
        // Move: x_j by ±step, every basic variable along its column.
        let signed = if up { step.clone() } else { -step.clone() };
        value[j] += &signed;
        for (i, row) in tableau.iter().enumerate() {
            let k = basis[i];
            value[k] -= &row[j] * &signed;
        }
        let Some(r) = leaving_row else {
            continue; // the entering variable went to its other bound; the basis stays
        };
        // Pivot on (r, j): x_j enters, basis[r] leaves at the bound it reached.
        let leaving = basis[r];
        let pivot = tableau[r][j].clone();
        for x in tableau[r].iter_mut() {
            *x /= &pivot;
        }
        let pivot_row = tableau[r].clone();
        for (i, row) in tableau.iter_mut().enumerate() {
            if i != r && !row[j].is_zero() {
                let f = row[j].clone();
                for (x, p) in row.iter_mut().zip(&pivot_row) {
                    *x -= &f * p;
                }
            }
        }
        let f = reduced[j].clone();
        for (d, p) in reduced.iter_mut().zip(&pivot_row) {
            *d -= &f * p;
        }
        basic[leaving] = false;
        basic[j] = true;
        basis[r] = j;
    }
    panic!("the simplex method did not finish in 100 000 steps (Bland's rule cannot cycle)");
}

/// Exact: is the bounded polyhedron `{x ∈ Qⁿ : eq rows a·x = b, le rows a·x ≤ b}` non-empty?
/// By vertex enumeration: a non-empty bounded polyhedron has a vertex, where `n` linearly
/// independent constraints are tight. Every equality is tight everywhere, so a vertex's tight
/// rows extend a maximal independent set of the equality rows by inequality rows alone: try
/// every such choice. The cross-check of [`feasible`].
pub fn feasible_by_vertices(n: usize, eq: &[Row], le: &[Row]) -> bool {
    let satisfied = |x: &[Q]| {
        let at = |a: &[Q]| a.iter().zip(x).map(|(a, x)| a * x).sum::<Q>();
        eq.iter().all(|(a, b)| at(a) == *b) && le.iter().all(|(a, b)| at(a) <= *b)
    };
    // A maximal linearly independent subset of the equality rows.
    let mut basis: Vec<&Row> = Vec::new();
    for row in eq {
        let mut rows: Vec<Vec<Q>> = basis.iter().map(|r| r.0.clone()).collect();
        rows.push(row.0.clone());
        if rank(rows) == basis.len() + 1 {
            basis.push(row);
        }
    }
    let k = n - basis.len();
    if k > le.len() {
        return false;
    }
    let mut pick: Vec<usize> = (0..k).collect();
    loop {
        let rows: Vec<&Row> = basis
            .iter()
            .copied()
            .chain(pick.iter().map(|&i| &le[i]))
            .collect();
        let m = rows.iter().map(|r| r.0.clone()).collect();
        let b = rows.iter().map(|r| r.1.clone()).collect();
        if let Some(x) = solve(m, b) {
            if satisfied(&x) {
                return true;
            }
        }
        // The next k-subset of the inequality rows, in lexicographic order.
        let mut i = k;
        loop {
            if i == 0 {
                return false;
            }
            i -= 1;
            if pick[i] < le.len() - k + i {
                break;
            }
        }
        pick[i] += 1;
        for j in i + 1..k {
            pick[j] = pick[j - 1] + 1;
        }
    }
}

/// The rank of a matrix given by its rows, exactly.
fn rank(mut m: Vec<Vec<Q>>) -> usize {
    let cols = m.first().map_or(0, Vec::len);
    let mut r = 0;
    for col in 0..cols {
        let Some(p) = (r..m.len()).find(|&i| !m[i][col].is_zero()) else {
            continue;
        };
        m.swap(r, p);
        for i in r + 1..m.len() {
            if !m[i][col].is_zero() {
                let f = &m[i][col] / &m[r][col];
                let pivot = m[r].clone();
                for (x, y) in m[i].iter_mut().zip(&pivot) {
                    *x -= &f * y;
                }
            }
        }
        r += 1;
    }
    r
}
