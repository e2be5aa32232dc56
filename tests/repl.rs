//! The REPL end to end: a script in, the transcript out, as when a pipe drives
//! `cargo run --example repl`.

#[allow(dead_code)]
#[path = "../examples/repl.rs"]
mod repl;

fn transcript(script: &str) -> String {
    let mut out = Vec::new();
    repl::run(script.as_bytes(), &mut out).expect("in-memory io");
    String::from_utf8(out).expect("utf-8")
}

/// The answer printed right after the line `>>> input`.
fn answer_to(transcript: &str, input: &str) -> String {
    let mut lines = transcript.lines();
    lines
        .by_ref()
        .find(|l| *l == format!(">>> {input}"))
        .expect("input echoed");
    lines
        .take_while(|l| !l.starts_with(">>> "))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn decimal_literals_are_the_tightest_intervals_around_the_real_value() {
    let t = transcript("0.1\n0.5\n1e-1\n0.1 + 0.2 == 0.3\n");
    assert_eq!(answer_to(&t, "0.1"), "[0.09999999999999999, 0.1]");
    assert_eq!(answer_to(&t, "0.5"), "[0.5, 0.5]");
    assert_eq!(answer_to(&t, "1e-1"), "[0.09999999999999999, 0.1]");
    assert_eq!(
        answer_to(&t, "0.1 + 0.2 == 0.3"),
        "maybe   (conservative: true)"
    );
}

#[test]
fn variables_vectors_functions_and_queries_work_together() {
    let t = transcript(
        "a = [1, 2]\nsqr(a - 1.5)\nv = (3, 4, 0)\nlength(v)\n\
         sphere_aabb((1.5, 0.5, 0.5), 0.5, (0, 0, 0), (1, 1, 1))\n\
         segment_triangle((0.5, 0.5, 1), (0.5, 0.5, -1), (0, 0, 0), (1, 0, 0), (0, 1, 0))\n\
         classify((0, 0, 1), -1, (0, 0, 3), 0.5)\n",
    );
    assert_eq!(answer_to(&t, "sqr(a - 1.5)"), "[0.0, 0.25]");
    assert_eq!(answer_to(&t, "length(v)"), "[5.0, 5.0]");
    assert_eq!(
        answer_to(
            &t,
            "sphere_aabb((1.5, 0.5, 0.5), 0.5, (0, 0, 0), (1, 1, 1))"
        ),
        "true   (conservative: true)"
    );
    assert!(answer_to(
        &t,
        "segment_triangle((0.5, 0.5, 1), (0.5, 0.5, -1), (0, 0, 0), (1, 0, 0), (0, 1, 0))"
    )
    .starts_with("true"));
    assert_eq!(
        answer_to(&t, "classify((0, 0, 1), -1, (0, 0, 3), 0.5)"),
        "{front}"
    );
}

#[test]
fn bad_input_never_ends_the_session_and_says_what_was_expected() {
    let t = transcript("1 + * 2\nsqr(1, 2)\nsphere_aabb((0,0,0), -1, (0,0,0), (1,1,1))\nfoo\n(1, 2\n1 $ 2\n2 + 2\n");
    assert!(answer_to(&t, "1 + * 2")
        .contains("error at column 5: expected a number, '[', '(' or a name, found '*'"));
    assert!(answer_to(&t, "sqr(1, 2)").contains("sqr takes 1 argument(s): sqr(x), got 2"));
    assert!(answer_to(&t, "sphere_aabb((0,0,0), -1, (0,0,0), (1,1,1))")
        .contains("sphere radius must be >= 0, got -1"));
    assert!(answer_to(&t, "foo").contains("unknown name 'foo'"));
    assert!(answer_to(&t, "(1, 2").contains("expected ','"));
    assert!(answer_to(&t, "1 $ 2").contains("unexpected character '$'"));
    assert_eq!(answer_to(&t, "2 + 2"), "[4.0, 4.0]", "the session went on");
}

#[test]
fn f32_mode_rounds_outward_to_f32_ends_and_quit_stops_reading() {
    let t = transcript(":f32\n0.1\n:f64\n0.25\n:quit\n1 + 1\n");
    assert_eq!(
        answer_to(&t, "0.1"),
        "[0.09999999403953552, 0.10000000149011612]"
    );
    assert_eq!(answer_to(&t, "0.25"), "[0.25, 0.25]");
    assert!(!t.contains(">>> 1 + 1"), "nothing is read after :quit");
}

#[test]
fn box_queries_answer_from_the_repl() {
    let t = transcript(
        "sphere_sphere((0, 0, 0), 1, (3, 4, 0), 4)\n\
         aabb_aabb((0, 0, 0), (1, 1, 1), (1, 1, 1), (2, 2, 2))\n\
         obb_obb((0, 0, 0), (1, 1, 1), (2.3, 0, 0), (1, 1, 1), 0)\n\
         obb_obb((0, 0, 0), (1, 1, 1), (2.3, 0, 0), (1, 1, 1), 0.5)\n\
         ray_aabb((1, 1, -5), (0, 0, 1), (0, 0, 0), (1, 1, 1))\n",
    );
    assert!(answer_to(&t, "sphere_sphere((0, 0, 0), 1, (3, 4, 0), 4)").starts_with("true"));
    assert!(
        answer_to(&t, "aabb_aabb((0, 0, 0), (1, 1, 1), (1, 1, 1), (2, 2, 2))").starts_with("true")
    );
    assert!(answer_to(
        &t,
        "obb_obb((0, 0, 0), (1, 1, 1), (2.3, 0, 0), (1, 1, 1), 0)"
    )
    .starts_with("false"));
    // Turned by 0.5 rad, the second box reaches cos 0.5 + sin 0.5 ≈ 1.36 toward the first:
    // 1 + 1.36 > 2.3, so they overlap; unturned, 1 + 1 < 2.3.
    assert!(answer_to(
        &t,
        "obb_obb((0, 0, 0), (1, 1, 1), (2.3, 0, 0), (1, 1, 1), 0.5)"
    )
    .starts_with("true"));
    assert!(
        answer_to(&t, "ray_aabb((1, 1, -5), (0, 0, 1), (0, 0, 0), (1, 1, 1))").starts_with("true")
    );
}

#[test]
fn help_lists_every_function_with_an_example() {
    let t = transcript("help\n");
    for f in [
        "sqrt(x)",
        "sphere_aabb(",
        "classify(",
        "segment_triangle(",
        "triangle_aabb(",
        "sphere_triangle(",
    ] {
        assert!(t.contains(f), "help does not mention {f}");
    }
    assert!(t.matches("e.g.").count() >= 21);
}
