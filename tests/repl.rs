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

/// Issue 17: inputs that panicked, hung or overflowed the stack are each answered at once,
/// and the session goes on (the variable set before them is still there after).
#[test]
fn hostile_lines_are_answered_and_the_session_goes_on() {
    let deep_parens = format!("{}1{}", "(".repeat(3000), ")".repeat(3000));
    let deep_calls = format!("{}1{}", "abs(".repeat(3000), ")".repeat(3000));
    let deep_brackets = format!("{}1{}", "[1, ".repeat(3000), "]".repeat(3000));
    let minus = format!("{}1", "-".repeat(200_000));
    let long_digits = format!("0.{}", "3".repeat(100_000));
    let tiny_digits = format!("0.{}1", "0".repeat(100_000));
    let script = [
        "x = 2",
        "1.5e-2147483648",
        "1e999999999",
        "1e-2147483648",
        "1e99999999999999999999999",
        "0e99999999999",
        &deep_parens,
        &deep_calls,
        &deep_brackets,
        &minus,
        &long_digits,
        &tiny_digits,
        "1e",
        "1.2.3",
        "x",
    ]
    .join("\n");
    let started = std::time::Instant::now();
    let t = transcript(&format!("{script}\n"));
    assert!(
        started.elapsed().as_secs() < 20,
        "took {:?}",
        started.elapsed()
    );
    assert_eq!(answer_to(&t, "1.5e-2147483648"), "[0.0, 5e-324]");
    assert_eq!(answer_to(&t, "1e-2147483648"), "[0.0, 5e-324]");
    assert_eq!(
        answer_to(&t, "1e999999999"),
        "[1.7976931348623157e308, inf]"
    );
    assert_eq!(
        answer_to(&t, "1e99999999999999999999999"),
        "[1.7976931348623157e308, inf]"
    );
    assert_eq!(answer_to(&t, "0e99999999999"), "[0.0, 0.0]");
    for deep in [&deep_parens, &deep_calls, &deep_brackets] {
        assert!(answer_to(&t, deep).contains("nested too deeply"));
    }
    assert_eq!(answer_to(&t, &minus), "[1.0, 1.0]"); // an even number of signs
    assert!(answer_to(&t, &long_digits).contains("more than 1000 digits"));
    assert_eq!(answer_to(&t, &tiny_digits), "[0.0, 5e-324]");
    assert!(answer_to(&t, "1e").contains("not a number"));
    assert!(answer_to(&t, "1.2.3").contains("not a number"));
    assert_eq!(answer_to(&t, "x"), "[2.0, 2.0]");
}

/// Bytes that are not UTF-8 are a line like any other: answered with an error, and the
/// session goes on.
#[test]
fn a_line_that_is_not_utf8_is_answered_and_the_session_goes_on() {
    let mut out = Vec::new();
    repl::run(&b"y = 3\n\xff\xfe\ny\n"[..], &mut out).expect("in-memory io");
    let t = String::from_utf8(out).unwrap();
    assert!(t.contains("unexpected character"), "{t}");
    assert_eq!(answer_to(&t, "y"), "[3.0, 3.0]");
}

/// Errors inside a function's arguments point at the argument, not at column 1; a misspelt
/// function or variable gets the nearest name.
#[test]
fn errors_point_at_the_argument_and_misspellings_get_a_suggestion() {
    let t = transcript(
        "sphere_aabb((0, 0, 0), (1, 1, 1), (0, 0, 0), (1, 1, 1))\n\
         sphere_aabb((0, 0, 0), -1, (0, 0, 0), (1, 1, 1))\n\
         sphere_aab((0, 0, 0), 1, (0, 0, 0), (1, 1, 1))\n\
         lenght((1, 2, 3))\n\
         radius = 2\n\
         radus\n",
    );
    let column = |answer: &str| {
        answer
            .lines()
            .last()
            .and_then(|l| l.strip_prefix("error at column "))
            .and_then(|l| l.split(':').next())
            .and_then(|c| c.parse::<usize>().ok())
            .expect("an error line")
    };
    // The radius argument (a vector here) starts at column 24.
    let wrong_kind = answer_to(
        &t,
        "sphere_aabb((0, 0, 0), (1, 1, 1), (0, 0, 0), (1, 1, 1))",
    );
    assert_eq!(column(&wrong_kind), 24, "{wrong_kind}");
    // The sphere (center at column 13) refuses its negative radius.
    let negative = answer_to(&t, "sphere_aabb((0, 0, 0), -1, (0, 0, 0), (1, 1, 1))");
    assert_eq!(column(&negative), 13, "{negative}");
    assert!(negative.contains("radius"), "{negative}");
    assert!(
        answer_to(&t, "sphere_aab((0, 0, 0), 1, (0, 0, 0), (1, 1, 1))")
            .contains("did you mean 'sphere_aabb'?")
    );
    // A call left open says what may come next, and where the call began.
    let open = transcript("sphere_aabb((0, 0, 0), 1, (0, 0, 0), (1, 1, 1)\nsqrt(4 5)\n0x1p3\n");
    let unclosed = answer_to(&open, "sphere_aabb((0, 0, 0), 1, (0, 0, 0), (1, 1, 1)");
    assert!(
        unclosed.contains("expected ',' or ')' after argument 4 of 'sphere_aabb' (opened at column 1), found the end of the line"),
        "{unclosed}"
    );
    let missing = answer_to(&open, "sqrt(4 5)");
    assert!(missing.contains("found the number 5"), "{missing}");
    assert_eq!(column(&missing), 8, "{missing}");
    let trailing = answer_to(&open, "0x1p3");
    assert!(
        trailing.contains("expected an operator or the end of the line after a complete expression, found the name 'x1p3'"),
        "{trailing}"
    );
    assert!(answer_to(&t, "lenght((1, 2, 3))").contains("did you mean 'length'?"));
    assert!(answer_to(&t, "radus").contains("did you mean 'radius'?"));
}
