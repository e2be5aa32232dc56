//! The REPL's parser and evaluator on any bytes: every line is answered (one answer block per
//! line, in order), nothing panics, overflows the stack or hangs (libFuzzer's `-timeout`).
#![no_main]

use libfuzzer_sys::fuzz_target;

#[allow(dead_code)]
#[path = "../../examples/repl.rs"]
mod repl;

fuzz_target!(|data: &[u8]| {
    let mut out = Vec::new();
    repl::run(data, &mut out).expect("in-memory io");
    // Every input line is echoed before its answer (the session never ends early, except on
    // :quit and its spellings, which stop reading).
    let text = String::from_utf8_lossy(&out);
    let echoed = text.lines().filter(|l| l.starts_with(">>> ")).count();
    let lines = if data.is_empty() {
        0
    } else {
        data.split(|&b| b == b'\n').count() - usize::from(data.ends_with(b"\n"))
    };
    let quit = text.lines().any(|l| {
        let l = l.trim_start_matches(">>> ").trim();
        matches!(l, ":quit" | ":q" | "quit" | "exit")
    });
    assert!(quit || echoed == lines, "{lines} lines, {echoed} answered");
});
