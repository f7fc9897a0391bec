//! The simulator: whole sieges played headless with a defenders' strategy, the Boxers played by the same
//! procedure as in the app, dice from a fast seeded RNG, nothing told. Each game's seed is derived from the
//! run's seed and the game's number, so a run is reproducible and any game of it can be replayed alone.

use serde::Serialize;

use super::siege::{Band, DayCard, End, Io, Rules, Siege, Stage, victory};
use super::strategy::{Adviser, FastRng, Strategy};

/// The simulator's dice: fast, and no sentences.
pub struct Quiet(pub FastRng);

impl Io for Quiet {
    const TELLS: bool = false;
    fn d6(&mut self, _label: impl FnOnce() -> String) -> u8 {
        (self.0.below(6) + 1) as u8
    }
    fn pick(&mut self, n: usize) -> usize {
        self.0.below(n)
    }
    fn say(&mut self, _line: String) {}
}

/// A card of the 54 by its number: 0-51 four suits of 13 (hearts and diamonds red), ace first; 52 the
/// red joker, 53 the black.
pub fn card(number: u8) -> DayCard {
    match number {
        52 => DayCard::Joker { red: true },
        53 => DayCard::Joker { red: false },
        n => {
            let red = n / 13 < 2;
            match n % 13 {
                0 => DayCard::Ace { red },
                r @ 1..=9 => DayCard::Pip { red, value: r + 1 },
                _ => DayCard::Picture { red },
            }
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GameResult {
    pub powers: i32,
    pub boxers: i32,
    pub band: Band,
    /// The day the Boxers overran the Quarter, if they did.
    pub overrun_on: Option<u8>,
}

/// The whole deck of 54, for a siege from its set-up.
pub fn full_deck() -> Vec<DayCard> {
    (0..54).map(card).collect()
}

/// One siege from `start` to its end, the cards of `deck` (those not yet drawn) dealt in a seeded
/// shuffle: a fresh set-up, or a game in progress at any stage (the strategy takes every decision due).
pub fn play(rules: &Rules, start: &Siege, deck: &[DayCard], strategy: Strategy, seed: u64) -> GameResult {
    let mut rng = FastRng::new(seed);
    let mut siege = start.clone();
    if siege.stage == Stage::Setup {
        siege.begin();
    }
    let mut order = [DayCard::Joker { red: true }; 54];
    let n = deck.len().min(54);
    order[..n].copy_from_slice(&deck[..n]);
    for i in (1..n).rev() {
        let j = rng.below(i + 1);
        order.swap(i, j);
    }
    let mut io = Quiet(FastRng::new(rng.next_u64()));
    let mut adviser = Adviser { strategy, rng: FastRng::new(rng.next_u64()) };
    siege.run(rules, &mut io, &mut adviser, false);
    for &day in &order[..n] {
        if siege.stage != Stage::Draw {
            break;
        }
        siege.draw(&mut io, day);
        siege.run(rules, &mut io, &mut adviser, false);
    }
    let powers = victory::powers_points(rules, &siege);
    let score = if siege.end == Some(End::Overrun) { None } else { Some(powers) };
    GameResult {
        powers,
        boxers: 0,
        band: score.map_or(Band::Disaster, Band::of),
        overrun_on: (siege.end == Some(End::Overrun)).then_some(siege.tracks.day),
    }
}

/// The seed of game `n` of a run.
pub fn game_seed(seed: u64, n: u64) -> u64 {
    let mut r = FastRng::new(seed ^ n.wrapping_mul(0xA076_1D64_78BD_642F));
    r.next_u64()
}

#[derive(Debug, Clone, Serialize)]
pub struct Report {
    pub games: u64,
    pub seed: u64,
    pub strategy: &'static str,
    /// The Great Powers' victory points.
    pub victory_points: Spread,
    /// Each band's share of the games, with a 95% confidence interval (Wilson).
    pub bands: Vec<BandShare>,
    /// Games the Boxers overran, and on which day.
    pub overrun: Overrun,
}

#[derive(Debug, Clone, Serialize)]
pub struct Spread {
    pub mean: f64,
    /// 95% confidence interval of the mean.
    pub mean_ci95: [f64; 2],
    pub sd: f64,
    pub min: i32,
    pub p10: i32,
    pub median: i32,
    pub p90: i32,
    pub max: i32,
}

#[derive(Debug, Clone, Serialize)]
pub struct BandShare {
    pub band: &'static str,
    pub games: u64,
    pub share: f64,
    pub ci95: [f64; 2],
}

#[derive(Debug, Clone, Serialize)]
pub struct Overrun {
    pub games: u64,
    pub share: f64,
    pub ci95: [f64; 2],
    /// Games overrun on each day, for the days any was.
    pub by_day: Vec<(u8, u64)>,
    pub mean_day: Option<f64>,
}

/// Plays `games` sieges from `start`, with `deck` still to draw, on every core: each game has its own seed,
/// and the results are kept in the games' order, so the report is the same however many cores play it.
pub fn run(rules: &Rules, start: &Siege, deck: &[DayCard], strategy: Strategy, games: u64, seed: u64) -> Report {
    use rayon::prelude::*;
    let results: Vec<GameResult> =
        (0..games).into_par_iter().map(|n| play(rules, start, deck, strategy, game_seed(seed, n))).collect();
    summarise(&results, strategy, seed)
}

pub fn summarise(results: &[GameResult], strategy: Strategy, seed: u64) -> Report {
    let n = results.len().max(1) as f64;
    let mut points: Vec<i32> = results.iter().map(|r| r.powers).collect();
    points.sort_unstable();
    let mean = points.iter().map(|&p| p as f64).sum::<f64>() / n;
    let var = points.iter().map(|&p| (p as f64 - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    let sd = var.sqrt();
    let half = 1.96 * sd / n.sqrt();
    let at = |q: f64| points.get(((points.len() as f64 - 1.0) * q).round() as usize).copied().unwrap_or(0);
    let bands = Band::ALL
        .iter()
        .map(|&b| {
            let k = results.iter().filter(|r| r.band == b).count() as u64;
            BandShare { band: b.name(), games: k, share: round(k as f64 / n), ci95: wilson(k, results.len() as u64) }
        })
        .collect();
    let over: Vec<u8> = results.iter().filter_map(|r| r.overrun_on).collect();
    let mut by_day = std::collections::BTreeMap::new();
    for &d in &over {
        *by_day.entry(d).or_insert(0u64) += 1;
    }
    Report {
        games: results.len() as u64,
        seed,
        strategy: strategy.name(),
        victory_points: Spread {
            mean: round(mean),
            mean_ci95: [round(mean - half), round(mean + half)],
            sd: round(sd),
            min: at(0.0),
            p10: at(0.1),
            median: at(0.5),
            p90: at(0.9),
            max: at(1.0),
        },
        bands,
        overrun: Overrun {
            games: over.len() as u64,
            share: round(over.len() as f64 / n),
            ci95: wilson(over.len() as u64, results.len() as u64),
            by_day: by_day.into_iter().collect(),
            mean_day: (!over.is_empty())
                .then(|| round(over.iter().map(|&d| d as f64).sum::<f64>() / over.len() as f64)),
        },
    }
}

/// The Wilson score interval for k successes in n, at 95%.
pub fn wilson(k: u64, n: u64) -> [f64; 2] {
    if n == 0 {
        return [0.0, 1.0];
    }
    let (k, n, z) = (k as f64, n as f64, 1.96f64);
    let p = k / n;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * ((p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt()) / (1.0 + z * z / n);
    [round((centre - half).max(0.0)), round((centre + half).min(1.0))]
}

fn round(x: f64) -> f64 {
    (x * 10_000.0).round() / 10_000.0
}
