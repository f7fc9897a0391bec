//! Running one case: generation and exercise under `catch_unwind`, timed, with the panic's message and
//! place kept instead of printed, so a run of a million cases reports each panic once, in its summary.

use std::panic::{self, AssertUnwindSafe};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::targets::Target;

#[derive(Debug, Clone, PartialEq)]
pub enum Verdict {
    Passed,
    /// The panic's message and where it was raised.
    Panicked(String),
}

static LAST_PANIC: Mutex<Option<String>> = Mutex::new(None);

/// Replaces the printing panic hook with one that keeps the message for `run`.
pub fn keep_panics_quiet() {
    panic::set_hook(Box::new(|info| {
        let message = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic without a message".into());
        let place =
            info.location().map(|l| format!(" at {}:{}:{}", l.file(), l.line(), l.column())).unwrap_or_default();
        *LAST_PANIC.lock().unwrap_or_else(|e| e.into_inner()) = Some(message + &place);
    }));
}

/// How long a case took: by the clock, and in the processor time its process spent on it. A hang is
/// judged by the processor time, which a machine busy with other work (a build beside the tests) does
/// not inflate; a case that waits on nothing can only spend it on its own work.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Timing {
    pub cpu: Duration,
    pub wall: Duration,
}

/// Generates and runs one case, timing the run. A generator's panic is the case's too: it is as much
/// in need of a fix, and is reported the same way.
pub fn run(target: Target, seed: u64, index: u64) -> (Timing, Verdict) {
    let mut timing = Timing { cpu: Duration::ZERO, wall: Duration::ZERO };
    let outcome = panic::catch_unwind(AssertUnwindSafe(|| {
        let exercise = target.generate(seed, index);
        let (start, start_cpu) = (Instant::now(), cpu_time());
        // Timed on the way out of a panic too, so a slow case that also panics shows how slow it was.
        let _timer = Stopwatch { start, start_cpu, into: &mut timing };
        exercise();
    }));
    let verdict = match outcome {
        Ok(()) => Verdict::Passed,
        Err(payload) => {
            let kept = LAST_PANIC.lock().unwrap_or_else(|e| e.into_inner()).take();
            let message = kept
                .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic without a message".into());
            Verdict::Panicked(message)
        }
    };
    (timing, verdict)
}

struct Stopwatch<'a> {
    start: Instant,
    start_cpu: Option<Duration>,
    into: &'a mut Timing,
}

impl Drop for Stopwatch<'_> {
    fn drop(&mut self) {
        let wall = self.start.elapsed();
        let cpu = match (self.start_cpu, cpu_time()) {
            (Some(start), Some(end)) => end.saturating_sub(start),
            _ => wall,
        };
        *self.into = Timing { cpu, wall };
    }
}

/// The processor time this process has spent so far.
#[cfg(unix)]
fn cpu_time() -> Option<Duration> {
    let mut now = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: clock_gettime fills the struct it is given.
    let read = unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut now) } == 0;
    read.then(|| Duration::new(now.tv_sec as u64, now.tv_nsec as u32))
}

#[cfg(not(unix))]
fn cpu_time() -> Option<Duration> {
    None
}
