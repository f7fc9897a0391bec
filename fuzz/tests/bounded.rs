//! The bounded run CI makes for issues 17 and 34: 20,000 seeded cases per target (fewer of the targets
//! whose cases are dear, `Target::bounded_cases`), each in a supervised child process, with no panic, no
//! abort, no broken promise and no case over 1 s. The long run is the same binary with `--cases 1000000`
//! (fuzz/README.md).

use sandtable_fuzz::{DEFAULT_SEED, Plan, Target};

#[test]
fn the_bounded_seeded_cases_of_every_target_find_no_panic_abort_or_hang() {
    let plan = Plan::bounded(env!("CARGO_BIN_EXE_sandtable-fuzz"), DEFAULT_SEED, Target::ALL.to_vec());
    let report = sandtable_fuzz::run(&plan).unwrap_or_else(|why| panic!("the fuzzer could not run: {why}"));
    println!("{report}");
    for target in Target::ALL {
        assert_eq!(report.tallies[&target].cases, target.bounded_cases(), "{target} ran every case");
    }
    assert!(report.is_clean(), "{report}");
}
