//! Sandtable's fuzz harness (issue 17, "Hardening"): seeded, structured fuzzing of the scenario loader,
//! actions as JSON applied to games, and dice expressions, on stable Rust and without libFuzzer. Every
//! case follows from (seed, target, case number), so any one can be rerun alone; cases run in
//! supervised child processes so that an abort or a hang is caught and named too. `fuzz/README.md`
//! says how to run it.

pub mod case;
pub mod child;
pub mod corpus;
pub mod local;
pub mod mutate;
pub mod offers;
pub mod report;
pub mod rng;
pub mod supervise;
pub mod targets;
pub mod toml_tokens;

pub use report::Report;
pub use supervise::{Plan, run};
pub use targets::Target;

/// The seed of the bounded run in CI and of the long run unless `--seed` says otherwise.
pub const DEFAULT_SEED: u64 = 17;

/// Cases per target in the bounded run that `cargo test` runs.
pub const BOUNDED_CASES: u64 = 20_000;
