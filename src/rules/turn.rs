//! `TurnState`: a rule system's turn state inside the engine's `GameState`, which cannot know its type.
//! It folds its own system's changes and runs its own turn hooks, so the engine's fold stays the same few
//! lines for every system and cannot hand one system's change to another's state.

use std::any::Any;
use std::fmt;

use super::{RuleSystem, SystemChange};
use crate::roster::Unit;

pub struct TurnState(Box<dyn AnyTurn>);

trait AnyTurn: Send + Sync {
    fn clone_box(&self) -> Box<dyn AnyTurn>;
    fn inner(&self) -> &dyn Any;
    fn same(&self, other: &dyn AnyTurn) -> bool;
    fn debug(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result;
    fn apply(&mut self, change: &SystemChange);
    fn begin_turn(&mut self, units: &mut [Unit], number: u32);
    fn to_json(&self) -> serde_json::Value;
}

struct TurnOf<S: RuleSystem>(S::Turn);

impl TurnState {
    pub fn new<S: RuleSystem>(turn: S::Turn) -> TurnState {
        TurnState(Box::new(TurnOf::<S>(turn)))
    }

    /// The system's own turn state, if `T` is its type: for the system's procedures and for tests.
    pub fn get<T: Any>(&self) -> Option<&T> {
        self.0.inner().downcast_ref()
    }

    /// Folds one of the system's changes in.
    pub fn apply(&mut self, change: &SystemChange) {
        self.0.apply(change)
    }

    pub fn begin_turn(&mut self, units: &mut [Unit], number: u32) {
        self.0.begin_turn(units, number)
    }

    /// The state as JSON, field by field: what the golden logs and the contract suite compare.
    pub fn to_json(&self) -> serde_json::Value {
        self.0.to_json()
    }
}

impl<S: RuleSystem> AnyTurn for TurnOf<S> {
    fn clone_box(&self) -> Box<dyn AnyTurn> {
        Box::new(TurnOf::<S>(self.0.clone()))
    }

    fn inner(&self) -> &dyn Any {
        &self.0
    }

    fn same(&self, other: &dyn AnyTurn) -> bool {
        other.inner().downcast_ref::<S::Turn>().is_some_and(|t| *t == self.0)
    }

    fn debug(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.0, f)
    }

    fn apply(&mut self, change: &SystemChange) {
        // Replay checks every change's system before folding; live play only records the game's own.
        let change = change.read::<S>().unwrap_or_else(|e| panic!("{e}"));
        S::apply(&mut self.0, change);
    }

    fn begin_turn(&mut self, units: &mut [Unit], number: u32) {
        S::begin_turn(&mut self.0, units, number)
    }

    fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(&self.0).expect("turn states serialise")
    }
}

impl Clone for TurnState {
    fn clone(&self) -> TurnState {
        TurnState(self.0.clone_box())
    }
}

impl PartialEq for TurnState {
    fn eq(&self, other: &TurnState) -> bool {
        self.0.same(other.0.as_ref())
    }
}

impl fmt::Debug for TurnState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.debug(f)
    }
}
