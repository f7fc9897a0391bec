//! "What if": the siege played out from where the table stands, under each of the defenders' strategies,
//! by the simulator (the same procedure the app plays the Boxers by). The cards still in the deck are the
//! ones dealt; every decision due, now or later, is the strategy's.

use super::play::{Compiled, Ctx_, day_card};
use super::siege::{Band, DayCard, Siege, Stage};
use super::sim::{self, GameResult, game_seed};
use super::strategy::Strategy;
use crate::game::GameError;
use crate::rules::{Forecast, ForecastAsk, PlanForecast, Share};

pub fn forecast(ctx: &Ctx_, ask: &ForecastAsk) -> Result<Forecast, GameError> {
    if ctx.turn.siege().stage == Stage::Over {
        let result = super::verdict::result(ctx).map(|r| r.verdict).unwrap_or_default();
        return Err(crate::game::Refusal::by_rule(
            format!("The siege is over, so nothing is left to forecast: {result}"),
            "7 (the end of the game)",
        )
        .into());
    }
    let seed = ask.seed;
    let compiled = Compiled::of(&ctx.setup.scenario);
    let rules = compiled.rules(ctx.charts, &|n| ctx.option(n));
    let siege = ctx.turn.siege().clone().counted(&rules);
    let deck: Vec<DayCard> = ctx.turn.deck.draw_pile().iter().map(|&c| day_card(c)).collect();
    // Each strategy on its own thread: two cores answer in about half the time.
    let runs: Vec<Vec<GameResult>> = std::thread::scope(|scope| {
        let runs: Vec<_> = Strategy::ALL
            .iter()
            .map(|&strategy| {
                let (rules, siege, deck) = (&rules, &siege, &deck);
                scope.spawn(move || {
                    (0..ask.games)
                        .take_while(|&n| !ask.out_of_time(n))
                        .map(|n| sim::play(rules, siege, deck, strategy, game_seed(seed, u64::from(n))))
                        .collect()
                })
            })
            .collect();
        runs.into_iter().map(|run| run.join().expect("a forecast thread does not panic")).collect()
    });
    // Out of time, each plan is judged on the same games: those every thread reached.
    let games = runs.iter().map(Vec::len).min().unwrap_or(0);
    let plans = Strategy::ALL.iter().zip(&runs).map(|(&strategy, results)| plan(strategy, &results[..games])).collect();
    Ok(Forecast {
        games: games as u32,
        seed: seed.to_string(),
        results: Band::ALL.iter().map(|b| b.name().to_string()).collect(),
        plans,
        assumes: assumes(&siege, deck.len()),
    })
}

fn plan(strategy: Strategy, results: &[GameResult]) -> PlanForecast {
    let report = sim::summarise(results, strategy, 0);
    PlanForecast {
        plan: strategy.name().to_string(),
        about: strategy.about().to_string(),
        shares: report
            .bands
            .iter()
            .map(|b| Share { result: b.band.to_string(), games: b.games as u32, share: b.share, ci95: b.ci95 })
            .collect(),
        mean_points: report.victory_points.mean,
        mean_points_ci95: report.victory_points.mean_ci95,
    }
}

fn assumes(siege: &Siege, cards_left: usize) -> String {
    let from = match siege.stage {
        Stage::Setup => "from the set-up as it stands".to_string(),
        _ => format!("from day {} as the table stands", siege.tracks.day.max(1)),
    };
    format!(
        "{from}, with the {cards_left} card{} left in the deck dealt at random; every decision from here is \
         the strategy's, the Boxers played as the app plays them",
        if cards_left == 1 { "" } else { "s" }
    )
}
