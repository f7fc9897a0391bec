//! The defenders' actions: the player's decisions, and `advance`, which runs the Boxers' side of the day.
//! Zones and counters are named by their scenario ids ("GB1", "gb-2", "nordenfelt").

use serde::Deserialize;

#[derive(Debug, Clone, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum EstateAction {
    /// Run the procedure on: the set-up ends, the day's steps and the Boxers' phases go on until a decision
    /// of the player's (or, when following phase by phase, one phase). At a decision standing now, take
    /// Sandtable's suggestion: the guard-the-roads strategy's choice, as the simulator plays it (its
    /// repositioning, fire, moves, returns and Betsy), or Sandtable's rule for losses owed; decisions the
    /// advance brings about wait for the player. Typed dice are used first, in order.
    Advance {
        #[serde(default)]
        dice: Option<Vec<i64>>,
    },
    /// Follow the Boxers phase by phase, or let a day's combat run to the end.
    Follow { phase_by_phase: bool },
    /// One zone's fire (6.3): the soldiers (with the guns joined, `guns: "join"`) at `target`; or the guns'
    /// psychological tests (`guns: "tep"`) at `tep_target` (the soldiers' target when not given), or each
    /// gun at its own target (`tep_targets`: gun id to zone; a gun not named takes `tep_target`).
    Fire {
        from: String,
        #[serde(default)]
        target: Option<String>,
        #[serde(default)]
        guns: Option<String>,
        #[serde(default)]
        tep_target: Option<String>,
        #[serde(default)]
        tep_targets: Option<std::collections::BTreeMap<String, String>>,
        #[serde(default)]
        dice: Option<Vec<i64>>,
    },
    /// Soldier movement (6.5): counters from one zone through `path`.
    MoveCounters { counters: Vec<String>, path: Vec<String> },
    /// The moves are done, as the player made them: the soldier movement phase is over, or a free
    /// repositioning (where `advance` would move counters as Sandtable suggests).
    EndMoves {
        #[serde(default)]
        dice: Option<Vec<i64>>,
    },
    /// Free repositioning (set-up, a day without attack, after a bombardment): one counter to a zone.
    Reposition { counter: String, zone: String },
    /// The set-up's four barricades (1.6, 8).
    Barricades { zones: Vec<String> },
    /// Counters back from the wounded pool (5.1.6).
    ReturnWounded { returns: Vec<WoundedReturn> },
    /// Two 1-point counters of one nation in one zone become one of 2 (5.1.6).
    Merge { keep: String, other: String },
    /// Betsy goes into action (3.4).
    PlaceBetsy { zone: String },
    /// Who takes the losses owed (6.4: the player chooses): one counter id per point, soldiers before guns
    /// (a counter named twice loses two points); none for Sandtable's rule.
    TakeLosses {
        #[serde(default)]
        counters: Vec<String>,
        /// Dice for what the procedure rolls next (officers' deaths, the next melees), typed first.
        #[serde(default)]
        dice: Option<Vec<i64>>,
    },
}

#[derive(Debug, Clone, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(deny_unknown_fields)]
pub struct WoundedReturn {
    pub counter: String,
    pub points: u8,
    pub zone: String,
}
