//! `System`: a rule system bound to one scenario (its charts and the scenario's fields for it), behind
//! one object-safe interface the engine calls. `Bound<S>` is its only implementation: the one place a
//! system's types meet the engine's, so a system's charts are only ever read with its own turn state.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

use serde::Serialize;
use serde::ser::SerializeStruct;

use super::introspect::tagged_variants;
use super::{
    Act, BattleResult, Ctx, Forecast, ForecastAsk, Luck, MapMarks, Marker, Placement, Report, RuleSystem, Seat,
    Secrets, Setup, SystemChange, TurnState, Weapon,
};
use crate::dice::GameRng;
use crate::game::{Action, GameError, GameState, Outcome};
use crate::odds::OddsView;
use crate::roster::Unit;
use crate::scenario::Scenario;

pub trait System: fmt::Debug + Send + Sync {
    fn id(&self) -> &'static str;
    /// The `type`s of the actions the system adds to the shared ones.
    fn action_kinds(&self) -> &'static [&'static str];
    /// The status markers the system's units can carry.
    fn markers(&self) -> &'static [Marker];
    fn initial_turn(&self) -> TurnState;
    fn weapon(&self, kind: &str) -> Option<&Weapon>;
    /// The system's resolution of `action`, or None when the engine's shared handling applies.
    fn prepare(
        &self,
        scenario: &Scenario,
        state: &GameState,
        action: &Action,
        rng: &mut GameRng,
    ) -> Result<Option<Outcome>, GameError>;
    fn odds(&self, scenario: &Scenario, state: &GameState, action: &Action) -> Result<Option<OddsView>, GameError>;
    /// What the table shows now, as `seat` may see it.
    fn report(&self, scenario: &Scenario, state: &GameState, seat: &Seat) -> Report<SystemPart>;
    /// What `seat` may not be shown now; `key` is the game's own number for ordering what is hidden (see
    /// `System::secrets`).
    fn secrets(&self, scenario: &Scenario, state: &GameState, seat: &Seat, key: u64) -> Secrets;
    /// Whether any seat of this game is shown less than another.
    fn keeps_secrets(&self, scenario: &Scenario, state: &GameState) -> bool;
    fn forecast(
        &self,
        scenario: &Scenario,
        state: &GameState,
        ask: &ForecastAsk,
    ) -> Result<Option<Forecast>, GameError>;
    /// Whether the unit's figures may be placed by hand now, and within what.
    fn placement(&self, scenario: &Scenario, state: &GameState, unit: &Unit) -> Result<Placement, GameError>;
    /// Reads a change from a stored log into the system's own type; refuses another system's change.
    fn settle(&self, change: &mut SystemChange, units: &std::collections::BTreeSet<String>) -> Result<(), String>;
    /// What an entry's dice counted against their chances; `state` is the table before the entry.
    fn luck(&self, scenario: &Scenario, state: &GameState, action: &Action, outcome: &Outcome) -> Vec<Luck>;
    fn result(&self, scenario: &Scenario, state: &GameState) -> Option<BattleResult>;
    fn dice_per_turn(&self, scenario: &Scenario, state: &GameState, unit: &Unit) -> Option<u32>;
    /// What the battle map draws of the system's own table, as `seat` may see it.
    fn map_marks(&self, scenario: &Scenario, state: &GameState, seat: &Seat) -> MapMarks;
}

pub struct Bound<S: RuleSystem> {
    charts: Arc<S::Charts>,
    setup: Setup<S>,
    kinds: &'static [&'static str],
    /// Each unit kind's weapon, as the charts give it.
    weapons: BTreeMap<String, Weapon>,
}

/// The system's own part of the game view, tagged with the system's id.
#[derive(Clone)]
pub struct SystemPart {
    system: &'static str,
    view: Arc<dyn erased_serde::Serialize + Send + Sync>,
}

impl<S: RuleSystem> Bound<S> {
    pub fn new(charts: Arc<S::Charts>, setup: Setup<S>, unit_kinds: &[&str]) -> Bound<S> {
        let weapons = unit_kinds.iter().filter_map(|k| S::weapon(&charts, k).map(|w| (k.to_string(), w))).collect();
        Bound { charts, setup, kinds: tagged_variants::<S::Action>(), weapons }
    }

    fn ctx<'a>(&'a self, scenario: &'a Scenario, state: &'a GameState) -> Ctx<'a, S> {
        Ctx {
            scenario,
            state,
            charts: &self.charts,
            setup: &self.setup,
            turn: state.rules.get::<S::Turn>().expect("a game's turn state is its own system's"),
        }
    }

    /// The action as this system takes it: a shared one as it is, one of its own read into its type.
    /// None for another system's action.
    fn read<'a>(&self, action: &'a Action) -> Result<Option<Act<'a, S>>, GameError> {
        match action {
            Action::System(own) if self.action_kinds().contains(&own.kind.as_str()) => own
                .read::<S::Action>()
                .map(|a| Some(Act::Own(a)))
                .map_err(|e| GameError::BadInput(format!("{}: {e}", own.kind))),
            Action::System(_) => Ok(None),
            shared => Ok(Some(Act::Shared(shared))),
        }
    }
}

impl<S: RuleSystem> System for Bound<S> {
    fn id(&self) -> &'static str {
        S::ID
    }

    fn action_kinds(&self) -> &'static [&'static str] {
        self.kinds
    }

    fn markers(&self) -> &'static [Marker] {
        S::MARKERS
    }

    fn initial_turn(&self) -> TurnState {
        TurnState::new::<S>(S::initial_turn(&self.charts, &self.setup))
    }

    fn weapon(&self, kind: &str) -> Option<&Weapon> {
        self.weapons.get(kind)
    }

    fn prepare(
        &self,
        scenario: &Scenario,
        state: &GameState,
        action: &Action,
        rng: &mut GameRng,
    ) -> Result<Option<Outcome>, GameError> {
        match self.read(action)? {
            Some(act) => S::prepare(&self.ctx(scenario, state), act, rng),
            None => Ok(None),
        }
    }

    fn odds(&self, scenario: &Scenario, state: &GameState, action: &Action) -> Result<Option<OddsView>, GameError> {
        match self.read(action)? {
            Some(act) => S::odds(&self.ctx(scenario, state), act),
            None => Ok(None),
        }
    }

    fn report(&self, scenario: &Scenario, state: &GameState, seat: &Seat) -> Report<SystemPart> {
        let ctx = self.ctx(scenario, state);
        let mut report = S::report(&ctx);
        S::hide(&mut report.own, &ctx, seat);
        report.map_own(|own| SystemPart { system: S::ID, view: Arc::new(own) })
    }

    fn secrets(&self, scenario: &Scenario, state: &GameState, seat: &Seat, key: u64) -> Secrets {
        S::secrets(&self.ctx(scenario, state), seat, key)
    }

    fn keeps_secrets(&self, scenario: &Scenario, state: &GameState) -> bool {
        S::keeps_secrets(&self.ctx(scenario, state))
    }

    fn forecast(
        &self,
        scenario: &Scenario,
        state: &GameState,
        ask: &ForecastAsk,
    ) -> Result<Option<Forecast>, GameError> {
        S::forecast(&self.ctx(scenario, state), ask)
    }

    fn placement(&self, scenario: &Scenario, state: &GameState, unit: &Unit) -> Result<Placement, GameError> {
        S::placement(&self.ctx(scenario, state), unit)
    }

    fn luck(&self, scenario: &Scenario, state: &GameState, action: &Action, outcome: &Outcome) -> Vec<Luck> {
        match self.read(action) {
            Ok(Some(act)) => S::luck(&self.ctx(scenario, state), act, outcome),
            _ => Vec::new(),
        }
    }

    fn result(&self, scenario: &Scenario, state: &GameState) -> Option<BattleResult> {
        S::result(&self.ctx(scenario, state))
    }

    fn dice_per_turn(&self, scenario: &Scenario, state: &GameState, unit: &Unit) -> Option<u32> {
        S::dice_per_turn(&self.ctx(scenario, state), unit)
    }

    fn map_marks(&self, scenario: &Scenario, state: &GameState, seat: &Seat) -> MapMarks {
        S::map_marks(&self.ctx(scenario, state), seat)
    }

    fn settle(&self, change: &mut SystemChange, units: &std::collections::BTreeSet<String>) -> Result<(), String> {
        // A change made in this process named the game's own units; only one read from a log is checked.
        let Some(typed) = change.settle::<S>()? else { return Ok(()) };
        match S::mentions(typed).into_iter().find(|id| !units.contains(*id) && !self.setup.sides.contains_key(*id)) {
            Some(id) => Err(format!("a {} change names {id:?}, which the game does not have", S::ID)),
            None => Ok(()),
        }
    }
}

impl<S: RuleSystem> fmt::Debug for Bound<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Bound")
            .field("system", &S::ID)
            .field("charts", &self.charts)
            .field("units", &self.setup.units)
            .field("sides", &self.setup.sides)
            .finish()
    }
}

impl Serialize for SystemPart {
    fn serialize<Z: serde::Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
        let mut part = serializer.serialize_struct("SystemPart", 2)?;
        part.serialize_field("system", self.system)?;
        part.serialize_field("view", self.view.as_ref())?;
        part.end()
    }
}

impl SystemPart {
    /// The part as a seat with `secrets` may read it; its shape is the system's, so it is read as JSON.
    /// Fails closed: a part that cannot be read so is sent empty.
    pub fn scrubbed(self, secrets: &Secrets) -> SystemPart {
        if secrets.words.is_empty() && secrets.counters.is_empty() {
            return self;
        }
        let mut json = serde_json::to_value(self.view.as_ref()).unwrap_or(serde_json::Value::Null);
        secrets.json(&mut json);
        SystemPart { system: self.system, view: Arc::new(json) }
    }
}

impl fmt::Debug for SystemPart {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let json = serde_json::to_string(self.view.as_ref()).map_err(|_| fmt::Error)?;
        write!(f, "{}: {json}", self.system)
    }
}
