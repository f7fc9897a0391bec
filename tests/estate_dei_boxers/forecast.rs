//! "What if" from a game in progress: reproducible at the same point, played from the cards still in the
//! deck, and refused with a reason by a system Sandtable cannot play to the end.

use std::sync::Arc;

use sandtable::game::{Action, Game};
use sandtable::rules::systems;

fn shipped(path_end: &str) -> Game {
    let scenario = systems().iter().flat_map(|s| s.scenarios()).find(|s| s.path.ends_with(path_end)).unwrap();
    Game::new(Arc::new(scenario.load().unwrap()), 7)
}

fn act(game: &mut Game, json: &str) {
    game.apply(&Action::from_json(json).unwrap()).unwrap();
}

#[test]
fn a_forecast_from_a_game_in_progress() {
    let mut game = shipped("the-55-days.toml");
    act(&mut game, r#"{"type":"advance"}"#);
    act(&mut game, r#"{"type":"draw_card","card":"5H"}"#);
    act(&mut game, r#"{"type":"advance"}"#);
    let first = game.forecast(100).unwrap();
    assert_eq!(first, game.forecast(100).unwrap(), "the same point of the same game forecasts the same");
    assert!(first.assumes.contains("53 cards left"), "{}", first.assumes);
    assert_eq!(first.plans.len(), 4);
    assert_eq!(first.plans[0].plan, "guard-the-roads", "the forecast leads with the careful player's plan");
    assert_eq!(first.results.first().map(String::as_str), Some("disaster"));
    for plan in &first.plans {
        let games: u32 = plan.shares.iter().map(|s| s.games).sum();
        assert_eq!(games, 100, "{}: every game ends in one band", plan.plan);
        assert!(plan.shares.iter().all(|s| s.ci95[0] <= s.share && s.share <= s.ci95[1]));
    }
    act(&mut game, r#"{"type":"draw_card","card":"KS"}"#);
    assert_ne!(first, game.forecast(100).unwrap(), "a new point of the game is forecast afresh");
    assert!(game.forecast(0).is_err() && game.forecast(1_000_000).is_err());
}

#[test]
fn a_system_sandtable_cannot_play_to_the_end_has_no_forecast() {
    let game = shipped("cotta-assault.toml");
    let why = game.forecast(10).unwrap_err().to_string();
    assert!(why.contains("cannot play its games to the end"), "{why}");
}

#[test]
fn out_of_time_a_forecast_answers_with_the_games_it_played_the_same_for_every_plan() {
    let game = shipped("the-55-days.toml");
    let hurried = game.forecast_within(100_000, Some(std::time::Instant::now())).unwrap();
    assert_eq!(hurried.games, sandtable::rules::FEWEST_FORECAST_GAMES, "stopped at the fewest games worth a share");
    for plan in &hurried.plans {
        assert_eq!(plan.shares.iter().map(|s| s.games).sum::<u32>(), hurried.games, "{}", plan.plan);
    }
    let unhurried = game.forecast_within(100, None).unwrap();
    assert_eq!(unhurried, game.forecast(100).unwrap(), "with time enough, as asked");
}
