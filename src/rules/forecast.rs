//! `Forecast`: what the rest of a game may bring, for a system whose procedures the engine can play to the
//! end by itself (L'Estate dei Boxers). Each plan (a defenders' strategy, say) is played out many times
//! from the state the table stands in; the view gives each result's share with its confidence interval.
//! Sampled, not exact, and says so: the odds of a single roll stay exact (`OddsView`).

use serde::{Deserialize, Serialize};

/// How many games a forecast plays per plan when the caller does not say, and at most.
pub const FORECAST_GAMES: u32 = 2_000;
pub const MOST_FORECAST_GAMES: u32 = 100_000;
/// However short the time, a forecast plays at least this many games per plan, or its shares say nothing.
pub const FEWEST_FORECAST_GAMES: u32 = 50;

/// What a forecast is asked for: how many games per plan, from which seed, and by when it must answer.
/// Past `until` it stops at the games played so far (never under `FEWEST_FORECAST_GAMES`), the same number
/// for every plan, and says how many: a slow machine answers in time with wider intervals.
#[derive(Debug, Clone, Copy)]
pub struct ForecastAsk {
    pub games: u32,
    pub seed: u64,
    pub until: Option<std::time::Instant>,
}

impl ForecastAsk {
    /// Whether the time is up once `played` games are played (reading the clock costs nothing beside a
    /// game played out).
    pub fn out_of_time(&self, played: u32) -> bool {
        played >= FEWEST_FORECAST_GAMES && self.until.is_some_and(|until| std::time::Instant::now() >= until)
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Forecast {
    /// Games played out from here for each plan.
    pub games: u32,
    /// The seed the games were played from: the same game at the same point forecasts the same.
    pub seed: String,
    /// The results a game can end in, worst for the player first (the system's own victory levels).
    pub results: Vec<String>,
    pub plans: Vec<PlanForecast>,
    /// What the forecast assumes, in a sentence for the screen.
    pub assumes: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct PlanForecast {
    pub plan: String,
    /// What the plan does, in a sentence.
    pub about: String,
    /// Each result's share of the games, in the order of `results`.
    pub shares: Vec<Share>,
    /// The player's mean score (victory points), with its 95% confidence interval.
    pub mean_points: f64,
    pub mean_points_ci95: [f64; 2],
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Share {
    pub result: String,
    pub games: u32,
    pub share: f64,
    /// 95% interval (Wilson).
    pub ci95: [f64; 2],
}
