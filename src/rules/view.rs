//! What every system tells the table the same way, so shared screens need no rule facts of their own:
//! the rolls due now, what each unit may do (and why not), the numbers the table view draws.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// A system's account of the table now. `own` is its turn bar's state; the rest every system fills.
#[derive(Debug)]
pub struct Report<V> {
    /// Where the turn stands, in one line: "Phase C: First side fires (Allies)".
    pub headline: String,
    /// What must happen before the turn (or phase, or activation) may move on, in words a player can act on.
    pub owed: Vec<String>,
    /// What else a player reads about the turn beside the headline ("Next toss: U.S. +1, Moros +0").
    pub status: Vec<String>,
    /// Rolls due now, each a card with its odds and its roll buttons.
    pub prompts: Vec<Prompt>,
    /// The actions that move the turn on (an initiative, ending a phase), not any one unit's: each open,
    /// or barred with the reason.
    pub offers: Vec<Offer>,
    /// Per unit, by id; a unit left out has nothing to say.
    pub units: BTreeMap<String, UnitReport>,
    pub drawing: Drawing,
    pub own: V,
}

impl<V> Report<V> {
    /// The same report with the system's own part turned into another type.
    pub fn map_own<W>(self, f: impl FnOnce(V) -> W) -> Report<W> {
        Report {
            headline: self.headline,
            owed: self.owed,
            status: self.status,
            prompts: self.prompts,
            offers: self.offers,
            units: self.units,
            drawing: self.drawing,
            own: f(self.own),
        }
    }
}

/// A roll the rules owe now: a test, a melee, a drowning. The action `{type: action, unit, dice}` settles it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Prompt {
    pub action: String,
    pub unit: String,
    pub text: String,
    /// The chance that matters (to pass, to take the position); none where no one chance sums it up.
    pub p: Option<f64>,
    /// The dice to roll or type, in the order the action takes them.
    pub dice: Vec<String>,
    /// The unit the roll is against, where there is one (a melee's other side).
    pub against: Option<String>,
}

/// What the rules say of one unit now.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct UnitReport {
    /// The actions this unit may take now, and those it may not with the reason.
    pub offers: Vec<Offer>,
    /// Short states beside its figure count: "Fired", "Limbered", "Charging Boxers".
    pub notes: Vec<Note>,
    /// The unit it rides with (a crew aboard its boat): it moves only with it.
    pub carried_by: Option<String>,
    /// Shown only as a counter: its place is known, its name and strength are not.
    pub concealed: bool,
    /// The cover it has where it stands, as the rules count it ("walls", "jungle").
    pub cover: Option<String>,
    /// Where it stands in the system's own terms, where inches are not them: "square C4, facing south".
    pub place: Option<String>,
    /// How far it may move now where the allowance alone does not say ("clear/trail 12" · jungle 3"").
    pub move_note: Option<String>,
    /// A unit that pays for its turns out of its move and must cover part of its roll (a boat).
    pub path: Option<PathRule>,
    /// Inches the unit may move now where its moves are fixed, not rolled (an action on a card): the
    /// table's move tool offers them as it offers a rolled allowance.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fixed_move: Option<f64>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Offer {
    /// The action's `type`.
    pub action: String,
    /// Why it may not be taken now, in the rules' words; none when it may.
    pub barred: Option<String>,
    /// What the action names, where it names one of a few: the side that goes first, the gun a crew
    /// takes over.
    pub pick: Option<Pick>,
}

/// The action names one of `from` in its field `field`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Pick {
    pub field: String,
    pub from: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Note {
    /// A stable name for the state (`fired`, `charging`, `active`, `limbered`, `jammed`).
    pub key: String,
    pub text: String,
    pub tone: Tone,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum Tone {
    Plain,
    /// Something the player should act on now: the active unit.
    Active,
    /// A danger: charged, jammed, routed.
    Bad,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct PathRule {
    /// Inches a 90-degree turn costs, charged pro rata.
    pub turn_cost_per_90: f64,
    /// Whether it must cover the dice of its roll at all (a ruling may free all craft but one).
    pub bound: bool,
    /// Inches the unit must still move before its side's phase may end.
    pub owed: f64,
}

/// Rule numbers the table view draws with.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Drawing {
    /// How far short of its target a charge stops.
    pub charge_stop_short: f64,
    /// Whether that is base contact (else the charge stops that far away).
    pub charge_contact: bool,
}

/// A weapon as the charts give it: what the table view draws and the measuring tool reports.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Weapon {
    pub name: String,
    /// Its longest reach in inches (a distance exactly on it is within it).
    pub range: f64,
    /// The outer edge of each range band, nearest first, where the chart has bands.
    pub bands: Vec<f64>,
    /// A blast template's radius, for weapons that place one.
    pub blast: Option<f64>,
    /// How the reach is said where the rules give it no distance ("in sight"): shown instead of `range`,
    /// which is then only the longest line across the table, and no ring is drawn for it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reach: Option<String>,
}

impl Offer {
    pub fn open(action: &str) -> Offer {
        Offer { action: action.to_string(), barred: None, pick: None }
    }

    pub fn barred(action: &str, why: impl Into<String>) -> Offer {
        Offer { action: action.to_string(), barred: Some(why.into()), pick: None }
    }

    /// An open offer of an action that names one of `from` in its field `field`.
    pub fn picking(action: &str, field: &str, from: Vec<String>) -> Offer {
        Offer { pick: Some(Pick { field: field.to_string(), from }), ..Offer::open(action) }
    }

    /// Open when `check` passes, barred with its refusal's words when it does not.
    pub fn checked(action: &str, check: Result<(), crate::game::GameError>) -> Offer {
        match check {
            Ok(()) => Offer::open(action),
            Err(e) => Offer::barred(action, e.to_string()),
        }
    }
}

impl Note {
    pub fn new(key: &str, text: impl Into<String>, tone: Tone) -> Note {
        Note { key: key.to_string(), text: text.into(), tone }
    }
}
