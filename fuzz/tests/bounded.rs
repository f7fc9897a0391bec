//! The bounded run CI makes for issue 17: 20,000 seeded cases per target, each in a supervised child
//! process, with no panic, no abort and no case over 1 s. The long run is the same binary with
//! `--cases 1000000` (fuzz/README.md).

use sandtable_fuzz::{BOUNDED_CASES, DEFAULT_SEED, Plan, Target};

#[test]
fn twenty_thousand_seeded_cases_per_target_find_no_panic_abort_or_hang() {
    let plan = Plan::new(env!("CARGO_BIN_EXE_sandtable-fuzz"), DEFAULT_SEED, Target::ALL.to_vec(), BOUNDED_CASES);
    let report = sandtable_fuzz::run(&plan).unwrap_or_else(|why| panic!("the fuzzer could not run: {why}"));
    println!("{report}");
    for target in Target::ALL {
        assert_eq!(report.tallies[&target].cases, BOUNDED_CASES, "{target} ran every case");
    }
    assert!(report.is_clean(), "{report}");
}
