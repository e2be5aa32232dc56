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
