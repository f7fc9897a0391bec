//! What a run found, per target: the figures issue 17's closing note asks for (cases, panics, aborts,
//! hangs, the slowest case) and each failure with the case number that reproduces it.

use std::collections::BTreeMap;
use std::fmt;
use std::time::Duration;

use crate::case::Timing;
use crate::mutate::clipped;
use crate::targets::Target;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Panic,
    /// The child process died mid-case: a stack overflow, an aborting allocation, a signal.
    Abort,
    /// The case took longer than the run's hang threshold, or never finished.
    Hang,
}

#[derive(Debug, Clone)]
pub struct Failure {
    pub target: Target,
    pub index: u64,
    pub kind: Kind,
    pub detail: String,
    pub input: String,
}

#[derive(Debug, Clone, Default)]
pub struct Tally {
    pub cases: u64,
    pub panics: u64,
    pub aborts: u64,
    pub hangs: u64,
    /// The slowest case that finished, by processor time: its index and time.
    pub slowest: Option<(u64, Timing)>,
}

impl Tally {
    pub fn timed(&mut self, index: u64, timing: Timing) {
        self.cases += 1;
        if self.slowest.is_none_or(|(_, worst)| timing > worst) {
            self.slowest = Some((index, timing));
        }
    }
}

#[derive(Debug, Clone, Default)]
pub struct Report {
    pub seed: u64,
    pub tallies: BTreeMap<Target, Tally>,
    pub failures: Vec<Failure>,
    pub wall: Duration,
}

impl Report {
    pub fn is_clean(&self) -> bool {
        self.failures.is_empty()
    }

    pub fn tally(&mut self, target: Target) -> &mut Tally {
        self.tallies.entry(target).or_default()
    }

    pub fn add(&mut self, failure: Failure) {
        let tally = self.tally(failure.target);
        match failure.kind {
            Kind::Panic => tally.panics += 1,
            Kind::Abort => tally.aborts += 1,
            Kind::Hang => tally.hangs += 1,
        }
        self.failures.push(failure);
    }

    pub fn merge(&mut self, other: Report) {
        for (target, theirs) in other.tallies {
            let ours = self.tally(target);
            ours.cases += theirs.cases;
            ours.panics += theirs.panics;
            ours.aborts += theirs.aborts;
            ours.hangs += theirs.hangs;
            if let Some((index, time)) = theirs.slowest
                && ours.slowest.is_none_or(|(_, worst)| time > worst)
            {
                ours.slowest = Some((index, time));
            }
        }
        self.failures.extend(other.failures);
    }
}

/// Failures listed in full unless `SANDTABLE_FUZZ_LISTED` says how many; the rest are counted, and each is
/// one `--case` away.
const LISTED: usize = 20;

fn listed() -> usize {
    std::env::var("SANDTABLE_FUZZ_LISTED").ok().and_then(|n| n.parse().ok()).unwrap_or(LISTED)
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "seed {}, {:.1} s wall", self.seed, self.wall.as_secs_f64())?;
        writeln!(
            f,
            "{:<9} {:>9} {:>7} {:>7} {:>6}  slowest case (processor time)",
            "target", "cases", "panics", "aborts", "hangs"
        )?;
        for (target, t) in &self.tallies {
            let ms = |d: Duration| d.as_secs_f64() * 1000.0;
            let slowest = t
                .slowest
                .map(|(i, d)| format!("{:.1} ms, {:.1} ms by the clock (case {i})", ms(d.cpu), ms(d.wall)))
                .unwrap_or_else(|| "-".into());
            writeln!(
                f,
                "{:<9} {:>9} {:>7} {:>7} {:>6}  {slowest}",
                target.name(),
                t.cases,
                t.panics,
                t.aborts,
                t.hangs
            )?;
        }
        let mut failures = self.failures.clone();
        failures.sort_by_key(|x| (x.target, x.index));
        for failure in failures.iter().take(listed()) {
            writeln!(
                f,
                "\n{:?} in {} case {} (rerun: --target {} --case {} --seed {}): {}",
                failure.kind, failure.target, failure.index, failure.target, failure.index, self.seed, failure.detail
            )?;
            writeln!(f, "{}", clipped(&failure.input, 1500))?;
        }
        if failures.len() > listed() {
            writeln!(f, "\n... and {} more failures", failures.len() - listed())?;
        }
        Ok(())
    }
}
