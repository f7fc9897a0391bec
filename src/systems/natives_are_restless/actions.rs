//! The actions The Natives are Restless Tonight adds to the shared ones. A card is drawn with the shared
//! `draw_card` (typed: `card`), a move is the shared `move`. Documented with the rules in
//! docs/rules/natives-are-restless.md and in docs/actions.md.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum NativesAction {
    /// The umpire secretly removes 1D6 rifle counters before the game (option `umpire_ammunition`).
    Umpire {
        #[serde(default)]
        dice: Option<Vec<i64>>,
    },
    /// The natives roll a group for the next edge owed (at the start, after a joker): two average dice,
    /// then a D6.
    Muster {
        #[serde(default)]
        dice: Option<Vec<i64>>,
    },
    /// The reinforcement roll after a picture card or an ace with no melee: 1D6 for the edge (5-6 none),
    /// then two average dice and a D6 for the group.
    Reinforce {
        #[serde(default)]
        dice: Option<Vec<i64>>,
    },
    /// Places the next group the dice brought along its edge; better troops name their `kind`.
    Raise {
        #[serde(default)]
        kind: Option<String>,
    },
    /// The card's side gives up the actions it has left.
    Pass {},
    /// One volley: one D6 per figure (a gun 8, less 2 per crewman lost). `sight` overrides the app's
    /// line of sight, as the table rules.
    Fire {
        unit: String,
        target: String,
        #[serde(default)]
        sight: Option<bool>,
        #[serde(default)]
        dice: Option<Vec<i64>>,
    },
    /// A move into contact with `target`: a melee, fought on the next picture card or ace.
    Charge { unit: String, target: String },
    /// Fights the melee `unit` is in: the defenders' dice, the natives' dice, then the natives' morale die.
    Melee {
        unit: String,
        #[serde(default)]
        dice: Option<Vec<i64>>,
    },
    /// The morale test a native group owes for its losses: 1D6 over the casualties.
    Morale {
        unit: String,
        #[serde(default)]
        dice: Option<Vec<i64>>,
    },
    /// A fully crewed gun turns to `facing` (degrees clockwise from up the table).
    TurnGun { unit: String, facing: f64 },
    /// Unit `unit` goes to another floor of its building (or its roof): a full move.
    Climb { unit: String, level: String },
    /// A man of squad `unit` replaces one of `gun`'s lost crew.
    Crew { unit: String, gun: String },
    /// A crewman of gun `unit`, out of ammunition, joins `squad`.
    Rejoin { unit: String, squad: String },
    /// Squad `unit` joins squad `into`; its Officer/NCO becomes a private.
    Combine { unit: String, into: String },
    /// The natives take group `unit` off the table; its figures may be raised again.
    Withdraw { unit: String },
    /// Setting a building on fire, pulling down a barricade: a single action, recorded in words.
    Special { unit: String, text: String },
}
