//! `sandtable sim estate`: whole sieges headless, reported as text or JSON. The JSON holds nothing that
//! varies between runs (no timing), so a seeded run prints the same bytes every time; the text report ends
//! with the speed.

use std::path::PathBuf;
use std::time::Instant;

use serde::Deserialize;

use super::fields::{MapFields, SiegeFields};
use super::map::Map;
use super::roster::Roster;
use super::siege::{Options, Rules, Siege};
use super::sim;
use super::strategy::Strategy;

/// A run asks for at most this many games: a bound, so a mistyped count is named, not obeyed for hours.
pub const MOST_GAMES: u64 = 10_000_000;

pub struct SimRequest {
    pub games: u64,
    pub seed: u64,
    pub strategy: String,
    pub scenario: Option<PathBuf>,
    pub options: Vec<String>,
    pub json: bool,
}

/// The scenario's own tables, read leniently once the full loader has accepted the file.
#[derive(Deserialize)]
struct SiegeFile {
    map: MapFields,
    siege: SiegeFields,
}

pub fn run(request: SimRequest) -> Result<String, String> {
    let strategy = Strategy::read(&request.strategy)?;
    if request.games == 0 || request.games > MOST_GAMES {
        return Err(format!("--games {}: give 1 to {MOST_GAMES}", request.games));
    }
    let (name, text) = match &request.scenario {
        Some(path) => {
            let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
            (path.display().to_string(), text)
        }
        None => {
            let shipped = &super::EstateDeiBoxers::SCENARIOS_LIST[0];
            (format!("scenarios/{}", shipped.path), shipped.source.to_string())
        }
    };
    let scenario = crate::scenario::parse(&name, &text).map_err(|e| e.to_string())?;
    if scenario.system() != super::ID {
        return Err(format!("{name} is a {} scenario; the simulator plays L'Estate dei Boxers", scenario.system()));
    }
    let known = Options::NAMES;
    for option in &request.options {
        if !known.contains(&option.as_str()) {
            return Err(format!("--option {option}: not one of {}", known.join(", ")));
        }
    }
    let (map, roster) = compile(&name, &text)?;
    let options = Options::read(|name| request.options.iter().any(|o| o == name));
    let rules = Rules { options, ..Rules::plain(&map, &roster, super::charts()) };
    let start = Siege::new(&rules);
    let began = Instant::now();
    let report = sim::run(&rules, &start, &sim::full_deck(), strategy, request.games, request.seed);
    let seconds = began.elapsed().as_secs_f64();
    if request.json {
        return serde_json::to_string_pretty(&report).map_err(|e| e.to_string());
    }
    let speed = format!(
        "{} games in {seconds:.3} s on {} threads: {:.0} games/s\n",
        request.games,
        rayon::current_num_threads(),
        request.games as f64 / seconds.max(1e-9)
    );
    Ok(text_report(&report) + &speed)
}

/// A scenario's map and counters, compiled for the siege (the file already accepted by the loader).
pub fn compile(name: &str, text: &str) -> Result<(Map, Roster), String> {
    let file: SiegeFile = toml::from_str(text).map_err(|e| format!("{name}: {e}"))?;
    let map = Map::compile(&file.map).map_err(|(_, e)| format!("{name}: {e}"))?;
    let roster = Roster::read(&file.siege, &map).map_err(|(_, e)| format!("{name}: {e}"))?;
    Ok((map, roster))
}

/// The shipped siege's map and counters.
pub fn shipped() -> (Map, Roster) {
    let s = &super::EstateDeiBoxers::SCENARIOS_LIST[0];
    compile(s.path, s.source).expect("the shipped siege compiles")
}

fn text_report(r: &sim::Report) -> String {
    let mut out = String::new();
    let vp = &r.victory_points;
    out.push_str(&format!("L'Estate dei Boxers: {} sieges, strategy {}, seed {}\n", r.games, r.strategy, r.seed));
    out.push_str(&format!(
        "Great Powers' VP: mean {:.1} (95% CI {:.1} to {:.1}), sd {:.1}; min {}, 10% {}, median {}, 90% {}, max {}\n",
        vp.mean, vp.mean_ci95[0], vp.mean_ci95[1], vp.sd, vp.min, vp.p10, vp.median, vp.p90, vp.max
    ));
    out.push_str("Bands:\n");
    for b in &r.bands {
        out.push_str(&format!(
            "  {:<18} {:>6.1}%  (95% CI {:.1}% to {:.1}%)\n",
            b.band,
            100.0 * b.share,
            100.0 * b.ci95[0],
            100.0 * b.ci95[1]
        ));
    }
    let o = &r.overrun;
    out.push_str(&format!(
        "Overrun by the Boxers: {:.1}% of sieges (95% CI {:.1}% to {:.1}%)",
        100.0 * o.share,
        100.0 * o.ci95[0],
        100.0 * o.ci95[1]
    ));
    if let Some(day) = o.mean_day {
        out.push_str(&format!(", on day {day:.1} on average"));
    }
    out.push('\n');
    out
}
