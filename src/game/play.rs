use std::collections::BTreeSet;
use std::sync::Arc;

use super::movement::{movement_choice, resolve_move};
use super::placing;
use super::reroll;
use super::{Action, Event, GameError, GameState, Outcome, Refusal, limits};
use crate::cards::{Card, Deck};
use crate::dice::{DiceExpr, GameRng};
use crate::odds::OddsView;
use crate::roster::Unit;
use crate::rules::{Forecast, ForecastAsk, MOST_FORECAST_GAMES};
use crate::scenario::Scenario;

/// The RNG stream for the opening shuffle: a stream no log index reaches.
const SETUP_STREAM: u64 = u64::MAX;

/// A game in play: scenario, seed, the full log, and the state folded from the entries in force.
#[derive(Debug, Clone)]
pub struct Game {
    scenario: Arc<Scenario>,
    seed: u64,
    events: Vec<Event>,
    state: GameState,
    /// Log indices of actions in force, oldest first.
    done: Vec<usize>,
    /// Log indices of undone actions, most recently undone last; cleared by any new action.
    undone: Vec<usize>,
    /// States after the first n actions in force, every `CHECKPOINT_EVERY` actions, so an undo refolds
    /// only the tail of a long evening instead of the whole log. Undo only ever shortens `done` from the
    /// end, so a checkpoint stays true until `done` is shorter than its n.
    checkpoints: Vec<(usize, GameState)>,
}

/// Actions between checkpoints: a refold replays at most this many, and a 10,000-event game keeps
/// about ten states.
const CHECKPOINT_EVERY: usize = 1024;

impl Game {
    pub fn new(scenario: Arc<Scenario>, seed: u64) -> Game {
        let state = opening_state(&scenario, seed);
        Game {
            scenario,
            seed,
            events: Vec::new(),
            state,
            done: Vec::new(),
            undone: Vec::new(),
            checkpoints: Vec::new(),
        }
    }

    /// Rebuilds a game from its seed and log. Undo and redo entries only move log indices between the
    /// two stacks, so the state is folded once at the end instead of after every undo. Fails if the log
    /// names units the scenario lacks or undoes what was never done: such a log was not written here.
    pub fn replay(scenario: Arc<Scenario>, seed: u64, events: Vec<Event>) -> Result<Game, GameError> {
        let mut game = Game::new(scenario, seed);
        let mut known: BTreeSet<String> = game.scenario.units.iter().map(|u| u.id.clone()).collect();
        for mut event in events {
            game.check_replayable(&mut event, &mut known)?;
            let seq = game.events.len();
            match &event.outcome {
                Outcome::Undone { seq: target } => {
                    game.done.retain(|s| s != target);
                    game.undone.push(*target);
                }
                Outcome::Redone { seq: target } => {
                    game.undone.retain(|s| s != target);
                    game.done.push(*target);
                }
                _ => {
                    game.done.push(seq);
                    game.undone.clear();
                }
            }
            game.events.push(event);
        }
        (game.state, game.checkpoints) = game.fold_with_checkpoints();
        Ok(game)
    }

    pub fn scenario(&self) -> &Scenario {
        &self.scenario
    }

    /// What `seat` may not be shown of the game as it stands.
    pub fn secrets(&self, seat: &crate::rules::Seat) -> crate::rules::Secrets {
        self.scenario.rules.secrets(&self.scenario, self.state(), seat, self.seed())
    }

    /// What `seat` would not be shown of a game of `scenario` before its first entry, asked of the opening
    /// table alone, so a list of scenarios neither copies each one into a game nor keeps the game. Any seed
    /// serves: it only shuffles the deck, which no seat is shown before the first draw.
    pub fn opening_secrets(scenario: &Scenario, seat: &crate::rules::Seat) -> crate::rules::Secrets {
        scenario.rules.secrets(scenario, &opening_state(scenario, 0), seat, 0)
    }

    pub fn shared_scenario(&self) -> Arc<Scenario> {
        self.scenario.clone()
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    pub fn events(&self) -> &[Event] {
        &self.events
    }

    pub fn state(&self) -> &GameState {
        &self.state
    }

    /// For each log entry, whether it is currently taken back by an undo.
    pub fn undone_flags(&self) -> Vec<bool> {
        let mut in_force = vec![false; self.events.len()];
        for &seq in &self.done {
            in_force[seq] = true;
        }
        self.events.iter().zip(in_force).map(|(e, on)| !on && !e.outcome.is_undo_or_redo()).collect()
    }

    /// Log indices undone since the last new action, most recently undone last.
    pub(super) fn undone(&self) -> &[usize] {
        &self.undone
    }

    /// Log indices of the actions in force, in the order the fold applies them.
    pub(super) fn done(&self) -> &[usize] {
        &self.done
    }

    /// The table before the first entry.
    pub(super) fn opening(&self) -> GameState {
        opening_state(&self.scenario, self.seed)
    }

    /// Whether the log entry is in force (not taken back by an undo).
    pub fn in_force(&self, seq: usize) -> bool {
        self.done.contains(&seq)
    }

    pub fn can_undo(&self) -> bool {
        !self.done.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.undone.is_empty()
    }

    /// Validates and resolves an action, rolling any dice, without recording it. The caller stores the
    /// event and then `commit`s it, so a refusal or a failed write leaves the game as it was.
    pub fn prepare(&self, action: &Action) -> Result<Event, GameError> {
        self.prepare_with(action, &mut self.rng())
    }

    /// The RNG the next entry of the log draws from.
    pub(super) fn rng(&self) -> GameRng {
        GameRng::for_event(self.seed, self.events.len() as u64)
    }

    pub(super) fn prepare_with(&self, action: &Action, rng: &mut GameRng) -> Result<Event, GameError> {
        let mut event = self.resolve(action, rng)?;
        event.reroll_of = reroll::replaced(self, &event)?;
        Ok(event)
    }

    fn resolve(&self, action: &Action, rng: &mut GameRng) -> Result<Event, GameError> {
        if !matches!(action, Action::Undo {} | Action::Redo {})
            && let Some(outcome) = self.scenario.rules.prepare(&self.scenario, &self.state, action, rng)?
        {
            return Ok(Event { turn: self.state.turn, action: action.clone(), outcome, reroll_of: None });
        }
        let outcome = match action {
            Action::Roll { expr, dice, label } => {
                limits::within("the roll's label", label.as_deref().unwrap_or_default(), limits::LABEL_CHARS)?;
                let roll = parse_expr(expr)?.roll_or_typed(dice.as_deref(), rng)?;
                Outcome::Rolled { label: label.clone().unwrap_or_default(), roll }
            }
            Action::RollMove { unit, expr, dice } => {
                let unit = self.live_unit(unit)?;
                let dice_expr = movement_choice(&self.scenario, unit, expr.as_deref())?;
                if let Some(a) = self.state.allowances.get(&unit.id) {
                    return Err(Refusal::by_rule(
                        format!("{} has already rolled its movement this turn ({} = {})", unit.name, a.expr, a.total),
                        self.scenario.ruleset.movement_rule("one movement roll per unit per turn"),
                    )
                    .into());
                }
                Outcome::MoveRolled { unit: unit.id.clone(), roll: dice_expr.roll_or_typed(dice.as_deref(), rng)? }
            }
            Action::Move { unit, path, facing } => {
                resolve_move(&self.scenario, &self.state, self.live_unit(unit)?, path, *facing, 0.0)?
            }
            Action::PlaceFigure { unit, figure, at } => {
                placing::place_figure(&self.scenario, &self.state, self.live_unit(unit)?, *figure, *at)?
            }
            Action::Arrange { unit, formation, facing, spacing, figures } => placing::arrange(
                &self.scenario,
                &self.state,
                self.live_unit(unit)?,
                *formation,
                *facing,
                *spacing,
                figures,
            )?,
            Action::CorrectPosition { unit, to, facing, figures } => {
                placing::correct_position(&self.scenario, self.live_unit(unit)?, *to, *facing, figures)?
            }
            Action::RecordLosses { unit, count } => {
                let unit = self.live_unit(unit)?;
                positive(*count)?;
                Outcome::LossesRecorded { unit: unit.id.clone(), figures: unit.choose_losses(*count) }
            }
            Action::RestoreFigures { unit, count } => {
                let unit = self.unit(unit)?;
                positive(*count)?;
                let figures = unit.choose_restorations(*count);
                if figures.is_empty() {
                    return Err(Refusal::new(format!("{} has lost no figures to put back", unit.name)).into());
                }
                Outcome::FiguresRestored { unit: unit.id.clone(), figures }
            }
            Action::SetFlag { unit, flag, on } => {
                let unit = self.unit(unit)?;
                let markers = self.scenario.rules.markers();
                // A marker an older build let a table set may still be cleared.
                let clearing_old = !*on && unit.flags.contains(flag);
                if !clearing_old && !markers.iter().any(|m| &m.flag == flag) {
                    return Err(GameError::BadInput(format!(
                        "this game has no {:?} marker; its markers are: {}",
                        flag.name(),
                        crate::rules::marker_names(markers)
                    )));
                }
                if unit.flags.contains(flag) == *on {
                    let state = if *on { "already" } else { "not" };
                    return Err(Refusal::new(format!("{} is {state} {flag}", unit.name)).into());
                }
                Outcome::FlagSet { unit: unit.id.clone(), flag: flag.clone(), on: *on }
            }
            Action::Note { text } => {
                if text.trim().is_empty() {
                    return Err(GameError::BadInput("a note needs some text".into()));
                }
                limits::within("the note", text.trim(), limits::NOTE_CHARS)?;
                Outcome::Noted { text: text.trim().to_string() }
            }
            Action::DrawCard { card } => self.draw(card.as_deref(), rng)?,
            Action::ShuffleDeck {} => {
                let mut deck = Deck::new();
                deck.shuffle(rng.inner());
                Outcome::DeckShuffled { order: deck.draw_pile().to_vec() }
            }
            Action::NextTurn {} => Outcome::TurnBegan { turn: self.state.turn + 1 },
            Action::System(own) => return Err(self.not_an_action(&own.kind)),
            Action::Undo {} => {
                let seq = *self.done.last().ok_or_else(|| Refusal::new("there is nothing to undo"))?;
                Outcome::Undone { seq }
            }
            Action::Redo {} => {
                let seq = *self.undone.last().ok_or_else(|| Refusal::new("there is nothing to redo"))?;
                Outcome::Redone { seq }
            }
        };
        Ok(Event { turn: self.state.turn, action: action.clone(), outcome, reroll_of: None })
    }

    /// Appends a prepared event and folds it in.
    pub fn commit(&mut self, event: Event) {
        let seq = self.events.len();
        match &event.outcome {
            Outcome::Undone { seq: target } => {
                self.done.retain(|s| s != target);
                self.undone.push(*target);
                self.state = self.refold();
            }
            Outcome::Redone { seq: target } => {
                self.undone.retain(|s| s != target);
                self.done.push(*target);
                self.state.apply(&self.events[*target].outcome);
            }
            outcome => {
                self.state.apply(outcome);
                self.done.push(seq);
                self.undone.clear();
            }
        }
        self.events.push(event);
        self.update_checkpoints();
    }

    pub fn apply(&mut self, action: &Action) -> Result<&Event, GameError> {
        let event = self.prepare(action)?;
        self.commit(event);
        Ok(self.events.last().unwrap())
    }

    /// The exact distribution of what an action would roll, in the current state. Nothing is applied.
    pub fn odds(&self, action: &Action) -> Result<OddsView, GameError> {
        if let Some(view) = self.scenario.rules.odds(&self.scenario, &self.state, action)? {
            return Ok(view);
        }
        match action {
            Action::Roll { expr, label, .. } => {
                let e = parse_expr(expr)?;
                Ok(OddsView::new(label.clone().unwrap_or_else(|| e.to_string()), &e.distribution()))
            }
            Action::RollMove { unit, expr, .. } => {
                let unit = self.live_unit(unit)?;
                let e = movement_choice(&self.scenario, unit, expr.as_deref())?;
                Ok(OddsView::new(format!("{} movement {e} (inches)", unit.name), &e.distribution()))
            }
            Action::System(own) if !self.scenario.rules.action_kinds().contains(&own.kind.as_str()) => {
                Err(self.not_an_action(&own.kind))
            }
            other => Err(GameError::BadInput(format!("{} rolls no dice, so it has no odds", other.type_name()))),
        }
    }

    /// The game played out from here under each of the player's plans, `games` times each, where the
    /// system can play it to the end by itself. Seeded by the game's seed and the log's length, so the same
    /// point of the same game forecasts the same.
    pub fn forecast(&self, games: u32) -> Result<Forecast, GameError> {
        self.forecast_within(games, None)
    }

    /// The same, answering by `until` with the games played by then (the same number for every plan).
    pub fn forecast_within(&self, games: u32, until: Option<std::time::Instant>) -> Result<Forecast, GameError> {
        if games == 0 || games > MOST_FORECAST_GAMES {
            return Err(GameError::BadInput(format!("games {games}: give 1 to {MOST_FORECAST_GAMES}")));
        }
        let seed = self.seed ^ (self.events.len() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let ask = ForecastAsk { games, seed, until };
        self.scenario.rules.forecast(&self.scenario, &self.state, &ask)?.ok_or_else(|| {
            GameError::BadInput(format!(
                "{} has no forecast: Sandtable cannot play its games to the end by itself",
                self.scenario.rules.id()
            ))
        })
    }

    fn refold(&self) -> GameState {
        let (start, mut state) = match self.checkpoints.iter().rev().find(|(n, _)| *n <= self.done.len()) {
            Some((n, state)) => (*n, state.clone()),
            None => (0, opening_state(&self.scenario, self.seed)),
        };
        for &seq in &self.done[start..] {
            state.apply(&self.events[seq].outcome);
        }
        state
    }

    fn fold_with_checkpoints(&self) -> (GameState, Vec<(usize, GameState)>) {
        let mut checkpoints = Vec::new();
        let mut state = opening_state(&self.scenario, self.seed);
        for (i, &seq) in self.done.iter().enumerate() {
            state.apply(&self.events[seq].outcome);
            if (i + 1) % CHECKPOINT_EVERY == 0 {
                checkpoints.push((i + 1, state.clone()));
            }
        }
        (state, checkpoints)
    }

    /// Keeps the checkpoints true to `done`: drops those past its end, adds one on each boundary reached.
    fn update_checkpoints(&mut self) {
        let len = self.done.len();
        self.checkpoints.retain(|(n, _)| *n <= len);
        if len > 0 && len.is_multiple_of(CHECKPOINT_EVERY) && self.checkpoints.last().is_none_or(|(n, _)| *n < len) {
            self.checkpoints.push((len, self.state.clone()));
        }
    }

    /// Checks an entry of a stored log against the game so far, and has the game's system read its
    /// changes into their own types (refusing another system's). `known` holds the units the entries so
    /// far may name: the scenario's and every unit an entry raised (a replay folds once, at the end).
    fn check_replayable(&self, event: &mut Event, known: &mut BTreeSet<String>) -> Result<(), GameError> {
        let bad = |why: String| Err(GameError::CorruptLog(format!("entry {}: {why}", self.events.len())));
        if let Outcome::Resolved { effects, .. } | Outcome::Moved { effects, .. } = &mut event.outcome {
            // A unit raised by an effect may be named by the effects after it.
            for effect in effects.iter_mut() {
                if let super::Effect::Enter { unit } = effect {
                    if let Err(why) = self.check_entering(unit, known) {
                        return bad(why);
                    }
                    known.insert(unit.id.clone());
                }
                if let super::Effect::System(change) = effect
                    && let Err(why) = self.scenario.rules.settle(change, known)
                {
                    return bad(why);
                }
                if let Some(unit) = effect.unit().filter(|u| !known.contains(*u)) {
                    return bad(format!("names unit {unit:?}, which the game does not have"));
                }
            }
        }
        match &event.outcome {
            Outcome::Undone { seq } if !self.done.contains(seq) => {
                bad(format!("undoes entry {seq}, which is not in force"))
            }
            Outcome::Redone { seq } if !self.undone.contains(seq) => {
                bad(format!("redoes entry {seq}, which was not undone"))
            }
            // Units an entry raised leave the game with its undo and come back with its redo.
            Outcome::Undone { seq } => {
                raised_by(&self.events[*seq]).for_each(|id| {
                    known.remove(id);
                });
                Ok(())
            }
            Outcome::Redone { seq } => {
                for id in raised_by(&self.events[*seq]) {
                    if !known.insert(id.to_string()) {
                        return bad(format!("raises unit {id:?} again, which the game already has"));
                    }
                }
                Ok(())
            }
            Outcome::MoveRolled { unit, .. }
            | Outcome::Moved { unit, .. }
            | Outcome::LossesRecorded { unit, .. }
            | Outcome::FiguresRestored { unit, .. }
            | Outcome::FlagSet { unit, .. }
                if !known.contains(unit) =>
            {
                bad(format!("names unit {unit:?}, which the game does not have"))
            }
            _ => Ok(()),
        }
    }

    /// A unit a stored entry raises is one the game could have raised: a new id, a kind of its ruleset, a
    /// side of its scenario, figures within the bounds and on the table.
    fn check_entering(&self, unit: &super::effect::NewUnit, known: &BTreeSet<String>) -> Result<(), String> {
        let scenario = &self.scenario;
        if known.contains(&unit.id) {
            return Err(format!("raises unit {:?}, which the game already has", unit.id));
        }
        if scenario.ruleset.kind(&unit.kind).is_none() {
            return Err(format!("raises a unit of kind {:?}, which the ruleset does not have", unit.kind));
        }
        if !scenario.sides.iter().any(|s| s.id == unit.side) {
            return Err(format!("raises a unit of side {:?}, which the scenario does not have", unit.side));
        }
        if unit.figures.is_empty() || unit.figures.len() > crate::scenario::bounds::MAX_FIGURES as usize {
            return Err(format!("raises a unit of {} figures", unit.figures.len()));
        }
        if !unit.facing.is_finite() || unit.figures.iter().any(|f| !scenario.table.contains(f.pos)) {
            return Err(format!("raises unit {:?} off the table", unit.id));
        }
        Ok(())
    }

    /// Names the actions this game takes, for one it does not.
    fn not_an_action(&self, kind: &str) -> GameError {
        let known: Vec<&str> =
            Action::shared_kinds().iter().chain(self.scenario.rules.action_kinds()).copied().collect();
        GameError::BadInput(format!(
            "{kind} is not an action of {}; its actions are: {} (docs/actions.md)",
            self.scenario.ruleset.name,
            known.join(", ")
        ))
    }

    fn unit(&self, id: &str) -> Result<&Unit, GameError> {
        self.state.named_unit(id)
    }

    fn live_unit(&self, id: &str) -> Result<&Unit, GameError> {
        self.state.live_unit(id)
    }

    fn draw(&self, typed: Option<&str>, rng: &mut GameRng) -> Result<Outcome, GameError> {
        let mut deck = self.state.deck.clone();
        match typed {
            Some(text) => {
                let card = text.parse::<Card>().map_err(|e| GameError::BadInput(e.to_string()))?;
                let card = deck.draw_typed(card).map_err(|e| Refusal::new(e.to_string()))?;
                Ok(Outcome::CardDrawn { card, typed: true, reshuffled: None })
            }
            None => {
                let reshuffled = if deck.remaining() == 0 {
                    deck.reshuffle(rng.inner());
                    Some(deck.draw_pile().to_vec())
                } else {
                    None
                };
                let card = deck.draw(rng.inner());
                Ok(Outcome::CardDrawn { card, typed: false, reshuffled })
            }
        }
    }
}

fn opening_state(scenario: &Scenario, seed: u64) -> GameState {
    GameState::initial(scenario, opening_deck(seed))
}

fn opening_deck(seed: u64) -> Deck {
    let mut deck = Deck::new();
    deck.shuffle(GameRng::for_event(seed, SETUP_STREAM).inner());
    deck
}

fn parse_expr(text: &str) -> Result<DiceExpr, GameError> {
    Ok(DiceExpr::parse(text)?)
}

fn positive(count: u32) -> Result<(), GameError> {
    if count == 0 { Err(GameError::BadInput("count must be at least 1".into())) } else { Ok(()) }
}

/// The units an entry raises.
fn raised_by(event: &Event) -> impl Iterator<Item = &str> {
    let effects = match &event.outcome {
        Outcome::Resolved { effects, .. } | Outcome::Moved { effects, .. } => effects.as_slice(),
        _ => &[],
    };
    effects.iter().filter_map(|e| match e {
        super::Effect::Enter { unit } => Some(unit.id.as_str()),
        _ => None,
    })
}
