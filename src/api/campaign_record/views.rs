//! The campaign's record as the app shows it: players, battles in order with each one's result and losses
//! at a glance, and the roster with each named unit's history.

use serde::{Deserialize, Serialize};

use crate::api::{CampaignView, SideView};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct CampaignRecordView {
    pub campaign: CampaignView,
    pub players: Vec<String>,
    /// The rule systems its battles are played with, in the order they first appear.
    pub systems: Vec<SystemUsed>,
    /// Its games in play, oldest first (by the day played, then as they were made).
    pub battles: Vec<BattleView>,
    /// Its named units, in the order they were raised.
    pub roster: Vec<RosterUnitView>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct SystemUsed {
    pub id: String,
    pub name: String,
}

/// One game as a battle of its campaign.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct BattleView {
    pub game: i64,
    pub campaign_id: Option<i64>,
    pub name: String,
    pub scenario_title: String,
    pub system: String,
    pub system_name: String,
    /// YYYY-MM-DD: the day the players gave, else the day its game was made.
    pub played_on: String,
    /// Whether the players gave the day.
    pub dated: bool,
    pub result: ResultView,
    /// What the players recorded, whatever the system says.
    pub recorded: RecordedResult,
    /// Each side's figures lost of those it fielded, from the game as it stands.
    pub losses: Vec<SideLosses>,
    pub notes: String,
    pub sides: Vec<SideView>,
    /// Its units as this seat may see them, each with its place on the roster if it has one.
    pub units: Vec<BattleUnit>,
    /// Whether each of its roster units has what it starts the next battle with (false with none).
    pub closed: bool,
    /// Why the game could not be read, when it could not (its result and losses are then unknown).
    pub unreadable: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct ResultView {
    pub text: String,
    /// The side id of the winner, where the result names one.
    pub winner: Option<String>,
    pub from: ResultFrom,
    /// Whether the system's rules have ended the battle; false for its verdict were the players to stop now.
    pub ended: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum ResultFrom {
    /// The rule system's own victory rules.
    System,
    /// What the players recorded.
    Recorded,
    NotRecorded,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct RecordedResult {
    pub result: String,
    pub winner: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct SideLosses {
    pub side: String,
    pub name: String,
    pub lost: u32,
    pub started: u32,
    /// Its units this seat sees only as counters: their figures are in neither number, so a side all
    /// hidden is "hidden", never "0/0".
    pub hidden: u32,
}

/// A unit of a battle: its figures, and its roster unit with what it would start the next battle with.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct BattleUnit {
    pub id: String,
    pub name: String,
    pub side: String,
    pub started: u32,
    pub lost: u32,
    pub alive: u32,
    pub roster_unit: Option<i64>,
    /// For a roster unit: what it starts the next battle with under each rule, from the game as it stands.
    pub carry_over: Option<CarryChoices>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct CarryChoices {
    pub survivors: u32,
    pub full: u32,
    pub half: u32,
}

/// A named unit of the campaign and its battles in order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct RosterUnitView {
    pub id: i64,
    pub name: String,
    pub side_id: String,
    pub side: String,
    pub kind: String,
    pub kind_name: String,
    pub system: String,
    pub system_name: String,
    pub raised: u32,
    /// What it starts its next battle with, once its last battle is closed.
    pub next: Option<u32>,
    pub history: Vec<RosterBattleView>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct RosterBattleView {
    pub game: i64,
    pub scenario_title: String,
    pub played_on: String,
    /// The id of the game's unit it fought as.
    pub fought_as: String,
    /// That unit's name in the game (its id where the game cannot say).
    pub fought_as_name: String,
    pub started: u32,
    /// The rest are null until the battle is closed.
    pub lost: Option<u32>,
    pub ended: Option<u32>,
    pub next: Option<u32>,
    /// `survivors`, `full`, `half`, or `set` (the player's own number).
    pub rule: Option<String>,
    pub note: String,
}

/// A roster unit carried into a new game, as the game's unit `scenario_unit`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Carry {
    pub roster_unit: i64,
    pub scenario_unit: String,
}

/// A roster unit's own carry-over when a battle closes: `unit` is the game's unit id or the roster unit's
/// name; `figures` replaces the rule's number, `note` is kept in its history.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct UnitOverride {
    pub unit: String,
    pub figures: Option<u32>,
    pub note: Option<String>,
}

impl BattleView {
    /// Losses at a glance: "U.S. 4/20 · Moros 17/40".
    pub fn losses_line(&self) -> String {
        self.losses.iter().map(SideLosses::words).collect::<Vec<_>>().join(" · ")
    }
}

impl SideLosses {
    /// "Moros 17/40", "Moros hidden", or with some units hidden "Moros 3/20, 2 units hidden"; "Boxers no
    /// figures" for a side that fields none.
    pub fn words(&self) -> String {
        let units = |n: u32| if n == 1 { "1 unit".to_string() } else { format!("{n} units") };
        match (self.started, self.hidden) {
            (0, h) if h > 0 => format!("{} hidden", self.name),
            // A side of counters and points (L'Estate dei Boxers) fields no figures to lose: not "0/0".
            (0, _) => format!("{} no figures", self.name),
            (_, 0) => format!("{} {}/{}", self.name, self.lost, self.started),
            (_, h) => format!("{} {}/{}, {} hidden", self.name, self.lost, self.started, units(h)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::SideLosses;

    fn moros(lost: u32, started: u32, hidden: u32) -> SideLosses {
        SideLosses { side: "moros".into(), name: "Moros".into(), lost, started, hidden }
    }

    #[test]
    fn a_side_seen_only_as_counters_is_hidden_not_nought() {
        assert_eq!(moros(0, 0, 3).words(), "Moros hidden");
        assert_eq!(moros(2, 20, 1).words(), "Moros 2/20, 1 unit hidden");
        assert_eq!(moros(2, 20, 0).words(), "Moros 2/20");
        assert_eq!(moros(0, 0, 0).words(), "Moros no figures", "a side of counters and points fields none");
    }
}
