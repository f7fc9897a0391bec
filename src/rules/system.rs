//! `RuleSystem`: what a rule system implements in its own folder (`src/systems/<id>/`) to plug into the
//! engine. The engine core never names a system; it reaches each through this trait, erased by `Bound`.

use std::fmt::Debug;

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::{
    BattleResult, Ctx, Forecast, ForecastAsk, Luck, MapMarks, Marker, Placement, Report, Ruleset, Seat, Secrets, Setup,
    SetupCheck, Shipped, Weapon,
};
use crate::dice::GameRng;
use crate::game::{Action, Effect, GameError, Outcome};
use crate::measure::{Pt, Table};
use crate::odds::OddsView;
use crate::roster::Unit;

/// One rule system: its data (a ruleset document, shipped scenarios), its types (charts, per-unit and
/// per-side scenario fields, turn state, the changes its procedures record, its own actions, its view),
/// and its procedures. Like boardgame.io's `Game`: setup, moves, turn hooks and a player's view.
pub trait RuleSystem: Sized + Send + Sync + 'static {
    /// The id scenarios name in `[scenario] system` and the registry lists it under.
    const ID: &'static str;
    /// The `effect` tag this system's changes carry in stored logs. Fixed once games exist.
    const LOG_TAG: &'static str;
    /// The ruleset document: the system's tables as data, compiled in.
    const RULESET: &'static str;
    /// Scenarios that ship with the system.
    const SCENARIOS: &'static [Shipped];
    /// The status markers its units can carry, set by its procedures or by hand.
    const MARKERS: &'static [Marker];

    /// The system's tables, read from the ruleset document and checked when it loads.
    type Charts: Debug + Send + Sync + 'static;
    /// Keys a scenario's `[[units]]` may carry for this system only (e.g. the boat a crew is aboard).
    type UnitFields: DeserializeOwned + Debug + Default + Send + Sync + 'static;
    /// Keys a scenario's `[[sides]]` may carry for this system only.
    type SideFields: DeserializeOwned + Debug + Default + Send + Sync + 'static;
    /// Tables a scenario may carry at its top level for this system only (a `[board]` of squares);
    /// `NoFields` for a system that reads none.
    type ScenarioFields: DeserializeOwned + Debug + Send + Sync + 'static;
    /// Where the turn stands: a fold of this system's changes, never stored.
    type Turn: Debug + Clone + PartialEq + Default + Serialize + Send + Sync + 'static;
    /// One change to `Turn`, recorded in the log's outcomes and applied by `apply`.
    type Change: Debug + Clone + PartialEq + Serialize + DeserializeOwned + Send + Sync + 'static;
    /// The actions this system adds to the shared ones, tagged by `type` (`fire`, `charge`, ...).
    type Action: Debug + DeserializeOwned;
    /// The system's own part of the game view (its turn bar's state).
    type View: Serialize + Send + Sync + 'static;

    /// Every unit of this system is this many figures (a stand of one piece), so a
    /// scenario need not say `figures`; None when each unit's count is the scenario's to give.
    const FIGURES: Option<u32> = None;

    fn read_charts(ruleset: &Ruleset) -> Result<Self::Charts, String>;

    /// The table the system's own scenario keys make (a board of squares), when they make one; a scenario
    /// then need not give `[scenario] table`, and one it gives must agree.
    fn table(_fields: &Self::ScenarioFields) -> Option<Table> {
        None
    }

    /// Where a unit stands when the system's own keys place it (a square of the board) rather than `at`;
    /// None leaves it to `at` or `positions`. A refusal is shown at the unit's entry.
    fn stands_at(
        _scenario: &Self::ScenarioFields,
        _unit: &Self::UnitFields,
        _facing: f64,
    ) -> Result<Option<Pt>, String> {
        Ok(None)
    }

    /// Checks that need the whole scenario, such as a crew aboard a boat that exists.
    fn check_setup(_setup: &SetupCheck<'_, Self>) -> Result<(), (std::ops::Range<usize>, String)> {
        Ok(())
    }

    /// The markers a unit begins the game with, as its own scenario keys set them (cavalry that begins on
    /// foot).
    fn starting_flags(_unit: &Self::UnitFields) -> Vec<crate::roster::Flag> {
        Vec::new()
    }

    /// The turn state a game of this scenario begins with.
    fn initial_turn(_charts: &Self::Charts, _setup: &Setup<Self>) -> Self::Turn {
        Self::Turn::default()
    }

    /// The weapon a kind carries, with its reach, as the charts give it.
    fn weapon(charts: &Self::Charts, kind: &str) -> Option<Weapon>;

    fn apply(turn: &mut Self::Turn, change: &Self::Change);

    /// The units and sides a change names, so that a stored log naming one the scenario lacks is refused
    /// as corrupt before it is folded.
    fn mentions(change: &Self::Change) -> Vec<&str>;

    /// A new turn begins (`next_turn` was accepted): the system's end-of-turn and start-of-turn steps,
    /// such as every unit rallying.
    fn begin_turn(turn: &mut Self::Turn, units: &mut [Unit], number: u32);

    /// Resolves `action` under this system's rules. For a shared action, None leaves it to the engine;
    /// an action of the system's own is always resolved or refused here.
    fn prepare(ctx: &Ctx<'_, Self>, action: Act<'_, Self>, rng: &mut GameRng) -> Result<Option<Outcome>, GameError>;

    /// The exact odds of `action` now, or None when the engine's own answer serves (a free roll).
    fn odds(ctx: &Ctx<'_, Self>, action: Act<'_, Self>) -> Result<Option<OddsView>, GameError>;

    /// Whether `unit`'s figures may be placed by hand now (one figure moved, the unit formed up around its
    /// leader) and within what, refused with the rule when not. By default they go where the player puts
    /// them, at any time and at no cost.
    fn placement(_ctx: &Ctx<'_, Self>, _unit: &Unit) -> Result<Placement, GameError> {
        Ok(Placement::free("figures are placed by hand"))
    }

    /// The game played out from here many times under each of the player's plans, for a system whose
    /// procedures the engine plays to the end by itself; None for one it cannot (the default).
    fn forecast(_ctx: &Ctx<'_, Self>, _ask: &ForecastAsk) -> Result<Option<Forecast>, GameError> {
        Ok(None)
    }

    /// What the table shows of this system now, everything included; `hide` then takes out what a seat
    /// may not see.
    fn report(ctx: &Ctx<'_, Self>) -> Report<Self::View>;

    /// What `seat` may not be shown now: units it sees only as counters, dice rolled in secret. By default
    /// the system keeps no secrets. `key` is a number drawn from the game's seed, which no seat but the
    /// host's referee is sent: hidden counters numbered in an order it shuffles do not say, by their
    /// number, which of the scenario's units each is.
    fn secrets(_ctx: &Ctx<'_, Self>, _seat: &Seat, _key: u64) -> Secrets {
        Secrets::default()
    }

    /// Whether this game has anything one seat may see and another not (a scenario with hidden counters,
    /// an umpire keeping the count), so the app offers a choice of seat only where it changes something.
    fn keeps_secrets(_ctx: &Ctx<'_, Self>) -> bool {
        false
    }

    /// The system's own part of the view as `seat` may see it (an umpire's count taken out).
    fn hide(_own: &mut Self::View, _ctx: &Ctx<'_, Self>, _seat: &Seat) {}

    /// For the luck ledger: what the dice of an entry this system resolved counted, against the exact
    /// chances before they were thrown. `ctx` is the table as it stood before the entry. By default the
    /// system reports none (the engine still counts its free rolls and movement dice).
    fn luck(_ctx: &Ctx<'_, Self>, _action: Act<'_, Self>, _outcome: &Outcome) -> Vec<Luck> {
        Vec::new()
    }

    /// The battle's result by this system's own victory rules, now; None for a system whose rules name
    /// none (the players then record who held).
    fn result(_ctx: &Ctx<'_, Self>) -> Option<BattleResult> {
        None
    }

    /// The dice `unit` throws in one turn when it does all it may (every shot, every attack), for the
    /// planner's side-by-side forces; None where the system has no such count.
    fn dice_per_turn(_ctx: &Ctx<'_, Self>, _unit: &Unit) -> Option<u32> {
        None
    }

    /// What the battle map draws of this system's own table, as `seat` may see it: the ground of a board
    /// kept in its own keys, a map's zones and what stands in each. By default nothing beyond the shared
    /// terrain and units.
    fn map_marks(_ctx: &Ctx<'_, Self>, _seat: &Seat) -> MapMarks {
        MapMarks::default()
    }

    /// The effect that records `change` in an outcome.
    fn effect(change: Self::Change) -> Effect {
        Effect::System(super::SystemChange::of::<Self>(change))
    }
}

/// An action as a system receives it: one every system shares, or one of its own, already read.
#[derive(Debug)]
pub enum Act<'a, S: RuleSystem> {
    Shared(&'a Action),
    Own(S::Action),
}

/// The fields of a system that reads no keys of its own at that level: any key there is refused.
#[derive(Debug, Default, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NoFields {}
