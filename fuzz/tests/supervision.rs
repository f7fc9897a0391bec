//! The supervisor catches what `catch_unwind` cannot: a child that dies mid-case, and one that never
//! finishes a case. Each is named by its case, confirmed alone, and the rest of its chunk still runs.

use std::process::{Command, Output};

use sandtable_fuzz::child::{ABORT_AT, STALL_AT};

fn fuzz(env: (&str, &str), args: &[&str]) -> (Output, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_sandtable-fuzz"))
        .env(env.0, env.1)
        .args(["--target", "dice", "--cases", "20", "--chunk", "10", "--jobs", "1"])
        .args(args)
        .output()
        .expect("the fuzzer runs");
    let report = String::from_utf8_lossy(&out.stdout).into_owned();
    (out, report)
}

#[test]
fn a_child_that_aborts_is_reported_as_an_abort_of_its_case_and_the_rest_still_run() {
    let (out, report) = fuzz((ABORT_AT, "7"), &[]);
    assert_eq!(out.status.code(), Some(1), "{report}");
    let dice = report.lines().find(|l| l.starts_with("dice ")).unwrap_or_default();
    let counts: Vec<&str> = dice.split_whitespace().take(5).collect();
    assert_eq!(counts, ["dice", "20", "0", "1", "0"], "{report}");
    assert!(report.contains("Abort in dice case 7") && report.contains("SIGABRT"), "{report}");
    assert!(report.contains("it does the same run alone"), "{report}");
}

#[test]
fn a_child_that_stalls_is_killed_and_its_case_reported_as_a_hang() {
    let (out, report) = fuzz((STALL_AT, "12"), &["--kill-after", "1"]);
    assert_eq!(out.status.code(), Some(1), "{report}");
    let dice = report.lines().find(|l| l.starts_with("dice ")).unwrap_or_default();
    let counts: Vec<&str> = dice.split_whitespace().take(5).collect();
    assert_eq!(counts, ["dice", "20", "0", "0", "1"], "{report}");
    assert!(report.contains("Hang in dice case 12") && report.contains("no end after 1 s, killed"), "{report}");
}
