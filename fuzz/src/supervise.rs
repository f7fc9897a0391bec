//! The parent side: runs the cases in chunks, each in a child process (this same binary, re-run with
//! `--child`), a few children at a time. A panic is caught inside the child, but a stack overflow or an
//! aborting allocation kills it, and a loop that never ends never reports; so the parent watches each
//! child, names the case it died or stalled in, reruns that case alone to confirm it, and carries on
//! with the rest of the chunk in a fresh child.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Read};
use std::path::PathBuf;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::Mutex;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

use crate::case::{Timing, Verdict};
use crate::child::PREFIX;
use crate::report::{Failure, Kind, Report};
use crate::targets::Target;

pub struct Plan {
    /// The fuzzer's own binary, which the children run.
    pub exe: PathBuf,
    pub seed: u64,
    pub targets: Vec<Target>,
    /// Cases of each target, numbered from `first`.
    pub cases: BTreeMap<Target, u64>,
    pub first: u64,
    /// Cases per child process: enough to pay for its start (parsing scenarios, replaying golden logs)
    /// many times over, few enough that the work spreads evenly over the workers.
    pub chunk: u64,
    pub workers: usize,
    /// A case that spends longer than this is a hang, even when it ends (judged by processor time,
    /// `case::Timing`).
    pub hang: Duration,
    /// A case silent for this long is killed and reported as a hang; generous, so that a slow case is
    /// measured rather than cut short.
    pub kill_after: Duration,
    /// Print the progress to stderr now and then.
    pub progress: bool,
}

impl Plan {
    pub fn cases_of(&self, target: Target) -> u64 {
        self.cases.get(&target).copied().unwrap_or(0)
    }

    /// Cases per child for `target`: the plan's chunk, cut for a target with few cases so that its work
    /// still spreads over the workers.
    fn chunk_of(&self, target: Target) -> u64 {
        self.chunk.min(self.cases_of(target).div_ceil(self.workers.max(1) as u64 * 2).max(1))
    }
}

/// Runs of a case that passes the hang threshold, itself included: a case is timed by its fastest run,
/// so that a machine busy with something else does not turn a slow case into a hang, and a real hang
/// is slow every time.
const RETIMES: usize = 3;

/// A child's start before its first case: parsing and replaying the corpus, slow in a debug build.
const START_LIMIT: Duration = Duration::from_secs(120);

/// How much of a dead child's stderr goes into its report: its last words say why it died.
const STDERR_KEPT: usize = 2000;

impl Plan {
    /// `cases` of every target.
    pub fn new(exe: impl Into<PathBuf>, seed: u64, targets: Vec<Target>, cases: u64) -> Plan {
        let cases = targets.iter().map(|&t| (t, cases)).collect();
        Plan::with_cases(exe.into(), seed, targets, cases)
    }

    /// The bounded run's cases of each target (`Target::bounded_cases`): fewer of the targets whose cases
    /// are dear.
    pub fn bounded(exe: impl Into<PathBuf>, seed: u64, targets: Vec<Target>) -> Plan {
        let cases = targets.iter().map(|&t| (t, t.bounded_cases())).collect();
        Plan::with_cases(exe.into(), seed, targets, cases)
    }

    fn with_cases(exe: PathBuf, seed: u64, targets: Vec<Target>, cases: BTreeMap<Target, u64>) -> Plan {
        Plan {
            exe,
            seed,
            targets,
            cases,
            first: 0,
            chunk: 2500,
            workers: std::thread::available_parallelism().map_or(2, |n| n.get()),
            hang: Duration::from_secs(1),
            kill_after: Duration::from_secs(15),
            progress: false,
        }
    }
}

/// Runs the plan. An `Err` is a harness that cannot run at all (a child that cannot start), not a
/// failure of the engine.
pub fn run(plan: &Plan) -> Result<Report, String> {
    let start = Instant::now();
    // Targets interleaved chunk by chunk, so each makes progress from the start; popped from the end.
    let per_target: Vec<Vec<(Target, u64, u64)>> = plan
        .targets
        .iter()
        .map(|&target| {
            let (end, step) = (plan.first + plan.cases_of(target), plan.chunk_of(target));
            (plan.first..end).step_by(step as usize).map(|from| (target, from, (from + step).min(end))).collect()
        })
        .collect();
    let rounds = per_target.iter().map(Vec::len).max().unwrap_or(0);
    let mut chunks: Vec<(Target, u64, u64)> =
        (0..rounds).flat_map(|i| per_target.iter().filter_map(move |list| list.get(i).copied())).collect();
    chunks.reverse();
    let queue = Mutex::new(chunks);
    let total = Mutex::new(Report { seed: plan.seed, ..Report::default() });
    let fatal = Mutex::new(None::<String>);
    let last_progress = Mutex::new(Instant::now());
    std::thread::scope(|scope| {
        for _ in 0..plan.workers.max(1) {
            scope.spawn(|| {
                loop {
                    if fatal.lock().unwrap().is_some() {
                        return;
                    }
                    let Some((target, from, to)) = queue.lock().unwrap().pop() else { return };
                    match run_chunk(plan, target, from, to) {
                        Ok(report) => total.lock().unwrap().merge(report),
                        Err(why) => *fatal.lock().unwrap() = Some(why),
                    }
                    if plan.progress {
                        let mut last = last_progress.lock().unwrap();
                        if last.elapsed() > Duration::from_secs(15) {
                            *last = Instant::now();
                            eprintln!("{}", progress_line(&total.lock().unwrap(), start, plan));
                        }
                    }
                }
            });
        }
    });
    if let Some(why) = fatal.into_inner().unwrap() {
        return Err(why);
    }
    let mut report = total.into_inner().unwrap();
    report.wall = start.elapsed();
    Ok(report)
}

fn progress_line(report: &Report, start: Instant, plan: &Plan) -> String {
    let done: Vec<String> = report
        .tallies
        .iter()
        .map(|(t, tally)| {
            let failed = tally.panics + tally.aborts + tally.hangs;
            format!("{t} {}/{} ({failed} failed)", tally.cases, plan.cases_of(*t))
        })
        .collect();
    format!("[{:>5.0} s] {}", start.elapsed().as_secs_f64(), done.join(", "))
}

fn run_chunk(plan: &Plan, target: Target, from: u64, to: u64) -> Result<Report, String> {
    let mut report = Report::default();
    let mut next = from;
    while next < to {
        let started = next;
        let child = run_child(plan, target, started, to)?;
        for (index, timing, verdict) in &child.ended {
            if let Verdict::Panicked(message) = verdict {
                report.add(failure(plan, target, *index, Kind::Panic, message.clone()));
            }
            let mut times = vec![*timing];
            while times.len() < RETIMES && times.iter().all(|t| t.cpu > plan.hang) {
                match run_child(plan, target, *index, index + 1)?.ended.first() {
                    Some((_, again, _)) => times.push(*again),
                    None => break,
                }
            }
            let fastest = *times.iter().min().expect("timed at least once");
            report.tally(target).timed(*index, fastest);
            if fastest.cpu > plan.hang {
                let ms: Vec<String> = times.iter().map(|t| format!("{:.0} ms", t.cpu.as_secs_f64() * 1000.0)).collect();
                report.add(failure(plan, target, *index, Kind::Hang, format!("took {}", ms.join(", then "))));
            }
        }
        next = child.ended.last().map_or(next, |(index, ..)| index + 1);
        let Some((kind, why)) = child.death else { continue };
        // A child runs its cases in order and reports each as it ends: the next one is the culprit.
        let culprit = next;
        let confirmed = if (started, to) == (culprit, culprit + 1) {
            "it ran alone".to_string()
        } else {
            match run_child(plan, target, culprit, culprit + 1)?.death {
                Some(_) => "it does the same run alone".to_string(),
                None => "alone it passes: another case before it in the same child may share the blame".to_string(),
            }
        };
        report.tally(target).cases += 1;
        report.add(failure(plan, target, culprit, kind, format!("{why}; {confirmed}")));
        next = culprit + 1;
    }
    Ok(report)
}

fn failure(plan: &Plan, target: Target, index: u64, kind: Kind, detail: String) -> Failure {
    // The input is generated again here to show it; a generator that panics was the case's panic in the
    // child, and is caught here too.
    let input = std::panic::catch_unwind(|| target.describe(plan.seed, index))
        .unwrap_or_else(|_| "(the input's generator panics)".into());
    Failure { target, index, kind, detail, input }
}

/// What one child did before it finished or died.
struct ChildRun {
    ended: Vec<(u64, Timing, Verdict)>,
    death: Option<(Kind, String)>,
}

fn run_child(plan: &Plan, target: Target, from: u64, to: u64) -> Result<ChildRun, String> {
    let mut child = Command::new(&plan.exe)
        .args(["--child", "--target", target.name()])
        .args(["--seed", &plan.seed.to_string(), "--from", &from.to_string(), "--to", &to.to_string()])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start {}: {e}", plan.exe.display()))?;
    let lines = lines_of(&mut child);
    let stderr = last_words_of(&mut child);
    let mut run = ChildRun { ended: Vec::new(), death: None };
    let (mut ready, mut finished) = (false, false);
    loop {
        let limit = if ready { plan.kill_after } else { START_LIMIT };
        match lines.recv_timeout(limit) {
            Ok(line) => {
                let Some(said) = line.strip_prefix(PREFIX) else { continue };
                match said.split_once(' ') {
                    None if said == "ready" => ready = true,
                    None if said == "finished" => finished = true,
                    Some(("end", rest)) => {
                        run.ended.push(read_end(rest).ok_or_else(|| format!("a child's line makes no sense: {line}"))?)
                    }
                    _ => return Err(format!("a child's line makes no sense: {line}")),
                }
            }
            Err(RecvTimeoutError::Timeout) => {
                let _ = child.kill();
                let _ = child.wait();
                if !ready {
                    return Err(format!("a {target} child did not start within {} s", START_LIMIT.as_secs()));
                }
                let silent = format!("no end after {} s, killed", plan.kill_after.as_secs());
                run.death = Some((Kind::Hang, silent));
                return Ok(run);
            }
            Err(RecvTimeoutError::Disconnected) => break,
        }
    }
    let status = child.wait().map_err(|e| format!("cannot wait for a child: {e}"))?;
    let last_words = stderr.join().unwrap_or_default();
    if !ready {
        return Err(format!("a {target} child died before its first case ({status}): {last_words}"));
    }
    if !(finished && status.success()) {
        run.death = Some((Kind::Abort, format!("the child died: {}; its stderr ends: {last_words}", died_of(status))));
    }
    Ok(run)
}

fn read_end(rest: &str) -> Option<(u64, Timing, Verdict)> {
    let mut parts = rest.splitn(5, ' ');
    let index = parts.next()?.parse().ok()?;
    let mut micros = || parts.next()?.parse().ok().map(Duration::from_micros);
    let timing = Timing { cpu: micros()?, wall: micros()? };
    let verdict = match (parts.next()?, parts.next()) {
        ("ok", None) => Verdict::Passed,
        ("panic", Some(quoted)) => Verdict::Panicked(serde_json::from_str(quoted).ok()?),
        _ => return None,
    };
    Some((index, timing, verdict))
}

/// The child's stdout, line by line, through a channel the parent can wait on with a deadline.
fn lines_of(child: &mut Child) -> mpsc::Receiver<String> {
    let stdout = child.stdout.take().expect("stdout is piped");
    let (send, receive) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { return };
            if send.send(line).is_err() {
                return;
            }
        }
    });
    receive
}

/// The end of the child's stderr, read on a thread so that a chatty child never blocks on a full pipe.
fn last_words_of(child: &mut Child) -> std::thread::JoinHandle<String> {
    let mut stderr = child.stderr.take().expect("stderr is piped");
    std::thread::spawn(move || {
        let mut all = Vec::new();
        let _ = stderr.read_to_end(&mut all);
        let text = String::from_utf8_lossy(&all);
        let cut = text.char_indices().rev().nth(STDERR_KEPT).map_or(0, |(i, _)| i);
        text[cut..].trim().to_string()
    })
}

#[cfg(unix)]
fn died_of(status: ExitStatus) -> String {
    use std::os::unix::process::ExitStatusExt;
    match status.signal() {
        Some(libc::SIGABRT) => "SIGABRT (an abort: stack overflow, failed allocation)".into(),
        Some(libc::SIGSEGV) => "SIGSEGV".into(),
        Some(libc::SIGKILL) => "SIGKILL (the OOM killer?)".into(),
        Some(signal) => format!("signal {signal}"),
        None => status.to_string(),
    }
}

#[cfg(not(unix))]
fn died_of(status: ExitStatus) -> String {
    status.to_string()
}
