//! `sandtable-fuzz`: the long run (`--cases 1000000`), one case alone (`--target T --case N`), and,
//! run by itself with `--child`, the child processes that do the work.

use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

use sandtable_fuzz::case::{self, Verdict};
use sandtable_fuzz::{DEFAULT_SEED, Plan, Target, child, supervise};

const USAGE: &str = "\
usage: sandtable-fuzz [--target T|all] [--cases N] [--seed S] [--first N]
                      [--jobs N] [--chunk N] [--hang-ms MS] [--kill-after S]
       sandtable-fuzz --target T --case N [--seed S] [--show]

Targets: scenario, action, dice, edit, army, game_file, http, seats.
Runs N cases per target (default: the bounded run's, 20000 or fewer for a dear target) from seed S
(default 17) in supervised child processes and
prints cases, panics, aborts, hangs and the slowest case per target; exits 1 if any case failed.
--case N runs one case in this process, printing its input first (--show: only print it).";

struct Args {
    targets: Vec<Target>,
    cases: Option<u64>,
    seed: u64,
    first: u64,
    jobs: Option<usize>,
    chunk: Option<u64>,
    hang_ms: Option<u64>,
    kill_after: Option<u64>,
    case: Option<u64>,
    show: bool,
    child: Option<(u64, u64)>,
}

fn main() -> ExitCode {
    let args = match read_args(std::env::args().skip(1)) {
        Ok(args) => args,
        Err(why) => {
            eprintln!("sandtable-fuzz: {why}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    if let Some((from, to)) = args.child {
        return match child::serve(args.targets[0], args.seed, from, to) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("sandtable-fuzz child: {e}");
                ExitCode::from(1)
            }
        };
    }
    if let Some(index) = args.case {
        return one_case(&args, index);
    }
    let exe = match std::env::current_exe() {
        Ok(exe) => exe,
        Err(e) => {
            eprintln!("sandtable-fuzz: cannot find my own binary to run children: {e}");
            return ExitCode::from(1);
        }
    };
    let mut plan = match args.cases {
        Some(cases) => Plan::new(exe, args.seed, args.targets.clone(), cases),
        None => Plan::bounded(exe, args.seed, args.targets.clone()),
    };
    plan.first = args.first;
    plan.progress = true;
    plan.workers = args.jobs.unwrap_or(plan.workers);
    plan.chunk = args.chunk.unwrap_or(if args.cases.unwrap_or(0) > 100_000 { 10_000 } else { plan.chunk });
    plan.hang = args.hang_ms.map_or(plan.hang, Duration::from_millis);
    plan.kill_after = args.kill_after.map_or(plan.kill_after, Duration::from_secs);
    match supervise::run(&plan) {
        Ok(report) => {
            println!("{report}");
            if report.is_clean() { ExitCode::SUCCESS } else { ExitCode::from(1) }
        }
        Err(why) => {
            eprintln!("sandtable-fuzz: {why}");
            ExitCode::from(1)
        }
    }
}

/// One case in this process, with the usual panic output (and a backtrace under RUST_BACKTRACE=1).
fn one_case(args: &Args, index: u64) -> ExitCode {
    let [target] = args.targets[..] else {
        eprintln!("sandtable-fuzz: --case needs one --target\n\n{USAGE}");
        return ExitCode::from(2);
    };
    // Written, not printed: an input piped into `head` should not end in a broken-pipe panic.
    let _ = writeln!(
        std::io::stdout(),
        "{target} case {index}, seed {}:\n{}",
        args.seed,
        target.describe(args.seed, index)
    );
    if args.show {
        return ExitCode::SUCCESS;
    }
    target.warm_up();
    let (timing, verdict) = case::run(target, args.seed, index);
    let ms = timing.wall.as_secs_f64() * 1000.0;
    match verdict {
        Verdict::Passed => {
            println!("passed in {ms:.1} ms");
            ExitCode::SUCCESS
        }
        Verdict::Panicked(message) => {
            println!("panicked after {ms:.1} ms: {message}");
            ExitCode::from(1)
        }
    }
}

fn read_args(mut given: impl Iterator<Item = String>) -> Result<Args, String> {
    let mut args = Args {
        targets: Target::ALL.to_vec(),
        cases: None,
        seed: DEFAULT_SEED,
        first: 0,
        jobs: None,
        chunk: None,
        hang_ms: None,
        kill_after: None,
        case: None,
        show: false,
        child: None,
    };
    let (mut from, mut to, mut is_child) = (None, None, false);
    while let Some(flag) = given.next() {
        let mut value = || given.next().ok_or_else(|| format!("{flag} needs a value"));
        let number =
            |text: String| text.replace('_', "").parse::<u64>().map_err(|_| format!("{text:?} is not a count"));
        match flag.as_str() {
            "--target" => {
                let name = value()?;
                args.targets = if name == "all" { Target::ALL.to_vec() } else { vec![name.parse()?] };
            }
            "--cases" => args.cases = Some(number(value()?)?),
            "--seed" => args.seed = number(value()?)?,
            "--first" => args.first = number(value()?)?,
            "--jobs" => args.jobs = Some(number(value()?)?.max(1) as usize),
            "--chunk" => args.chunk = Some(number(value()?)?.max(1)),
            "--hang-ms" => args.hang_ms = Some(number(value()?)?),
            "--kill-after" => args.kill_after = Some(number(value()?)?),
            "--case" => args.case = Some(number(value()?)?),
            "--show" => args.show = true,
            "--child" => is_child = true,
            "--from" => from = Some(number(value()?)?),
            "--to" => to = Some(number(value()?)?),
            "-h" | "--help" => return Err("help".into()),
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    if is_child {
        let (Some(from), Some(to), [_]) = (from, to, &args.targets[..]) else {
            return Err("--child needs --from, --to and one --target".into());
        };
        args.child = Some((from, to));
    }
    Ok(args)
}
