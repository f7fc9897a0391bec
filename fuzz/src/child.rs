//! The child side of supervision: runs a range of cases in order and says on stdout, a line each as it
//! ends, how each ended. Each line is flushed as it is written, so if the process dies mid-case (a stack
//! overflow, an allocation that aborts), the case after the last one reported is the one that killed it.

use std::io::Write;

use crate::case::{self, Verdict};
use crate::targets::Target;

/// Every line of the protocol starts with this, so anything else a child prints is passed over.
pub const PREFIX: &str = "fuzz:";

/// A child's address space limit: far above what any case needs, low enough that a runaway allocation
/// fails (and aborts the child, which is reported) before the machine swaps.
const ADDRESS_SPACE_BYTES: u64 = 4 << 30;

/// For the supervisor's own tests: the case at which a child aborts, as a stack overflow would, or
/// stalls, as an endless loop would.
pub const ABORT_AT: &str = "SANDTABLE_FUZZ_ABORT_AT";
pub const STALL_AT: &str = "SANDTABLE_FUZZ_STALL_AT";

pub fn serve(target: Target, seed: u64, from: u64, to: u64) -> std::io::Result<()> {
    limit_memory();
    case::keep_panics_quiet();
    target.warm_up();
    let case_in = |name: &str| std::env::var(name).ok().and_then(|n| n.parse::<u64>().ok());
    let (abort_at, stall_at) = (case_in(ABORT_AT), case_in(STALL_AT));
    let mut out = std::io::stdout().lock();
    writeln!(out, "{PREFIX}ready")?;
    out.flush()?;
    for index in from..to {
        if abort_at == Some(index) {
            std::process::abort();
        }
        while stall_at == Some(index) {
            std::thread::sleep(std::time::Duration::from_secs(1));
        }
        let (timing, verdict) = case::run(target, seed, index);
        let (cpu, wall) = (timing.cpu.as_micros(), timing.wall.as_micros());
        match verdict {
            Verdict::Passed => writeln!(out, "{PREFIX}end {index} {cpu} {wall} ok")?,
            Verdict::Panicked(message) => {
                let quoted = serde_json::to_string(&message).expect("a string writes");
                writeln!(out, "{PREFIX}end {index} {cpu} {wall} panic {quoted}")?
            }
        }
        out.flush()?;
    }
    writeln!(out, "{PREFIX}finished")?;
    out.flush()
}

#[cfg(unix)]
fn limit_memory() {
    let mut limit = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
    // SAFETY: getrlimit and setrlimit read or fill the struct they are given and touch only this
    // process's limits.
    let capped = unsafe {
        libc::getrlimit(libc::RLIMIT_AS, &mut limit) == 0 && {
            limit.rlim_cur = limit.rlim_max.min(ADDRESS_SPACE_BYTES as libc::rlim_t);
            libc::setrlimit(libc::RLIMIT_AS, &limit) == 0
        }
    };
    if !capped {
        eprintln!("sandtable-fuzz: could not cap the child's memory; a runaway allocation may swap");
    }
}

#[cfg(not(unix))]
fn limit_memory() {}
