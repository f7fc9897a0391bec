//! The siege as state: the deck and the card in play, the actions it leaves, what it owes after them
//! (melees or the reinforcement roll), the relief column, the defenders' ammunition, the natives' figures
//! not on the table, groups rolled and waiting to be placed, melees in contact and the morale tests owed.
//! It changes only through `Change`s carried in the log's outcomes.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::tables::Army;
use crate::cards::{Card, Deck};

/// Where the siege stands between cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// The natives roll a group for each edge owed (at the start, and after a joker), then place them.
    #[default]
    Muster,
    /// The next card is to be drawn.
    Draw,
    /// The card's side takes its actions.
    Actions,
    /// A picture card or an ace: every melee in contact is fought.
    Melees,
    /// A picture card or an ace with no melee: the natives roll for reinforcements.
    Reinforcement,
    /// The relief column arrived or the last defender fell.
    Over,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum Relief {
    /// The Ace of Spades has not come up.
    #[default]
    Awaited,
    /// Sighted: the marker is on the table. `reshuffle_left`: the next joker still puts the Ace back.
    Sighted { reshuffle_left: bool },
    /// Drawn again: the column has arrived.
    Arrived,
}

/// A group the dice have brought, waiting to be placed on its edge.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Pending {
    /// The edge's number, 1-4.
    pub edge: u8,
    /// Basic troops as many as the sum; better troops as many as the higher die.
    pub count: u32,
    pub better: bool,
    /// The higher average die showed the number that allows the field gun.
    pub gun_allowed: bool,
}

/// How a native group left the table with figures still standing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum Left {
    /// Its morale failed: "the group is immediately removed from play".
    Routed,
    /// The natives took it off as an action.
    Withdrawn,
}

/// Groups in contact, fought when a picture card or an ace comes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Melee {
    pub units: Vec<String>,
    /// The army that made contact: the other holds its position.
    pub attackers: Army,
    /// The obstacle or building a charge stopped at because the charged side holds it: that side defends
    /// it in the melee, however many of its figures stand at it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub held: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct MoraleDue {
    pub unit: String,
    pub casualties: u32,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize)]
pub struct Turn {
    pub deck: Deck,
    /// The app's deck has been shuffled for this siege.
    pub dealt: bool,
    pub card: Option<Card>,
    /// The army the card in play activates.
    pub side: Option<Army>,
    pub actions_left: u32,
    /// A picture card or an ace: melees or the reinforcement roll follow the actions.
    pub picture: bool,
    pub stage: Stage,
    pub relief: Relief,
    pub rifle_ammunition: u32,
    pub gun_ammunition: u32,
    /// Counters the umpire took away in secret before the game, once rolled.
    pub umpire_removed: Option<u32>,
    /// The natives' figures off the table, by kind.
    pub pool: BTreeMap<String, u32>,
    /// Edges still owed a group roll (the muster, a joker), by number.
    pub edges_owed: Vec<u8>,
    pub pending: Vec<Pending>,
    /// Groups raised so far: the next one's number.
    pub raised: u32,
    /// Groups raised since the last card, which the player may still drag along their edge.
    pub fresh: BTreeSet<String>,
    /// Units that moved with the card in play, which may regroup around the figure measured.
    pub moved: BTreeSet<String>,
    pub melees: Vec<Melee>,
    pub morale_due: Vec<MoraleDue>,
    /// Native field guns that have fired: they never move again.
    pub gun_fired: BTreeSet<String>,
    pub winner: Option<Army>,
    /// Units above the ground floor of a building, by the index of their level in its `levels`.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub levels: BTreeMap<String, usize>,
    /// Native groups that left the table with figures standing, and how.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub left: BTreeMap<String, Left>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "change", rename_all = "snake_case")]
pub enum Change {
    /// The siege's supplies as the scenario gives them.
    Supplies {
        rifle: u32,
        gun: u32,
        pool: BTreeMap<String, u32>,
    },
    /// A card drawn. `order`: the draw pile once the discards were shuffled back in first (it ran out).
    Drawn {
        card: Card,
        typed: bool,
        order: Option<Vec<Card>>,
    },
    /// A joker's reshuffle: every card back, in this order.
    Reshuffled {
        order: Vec<Card>,
    },
    Activates {
        side: Option<Army>,
        actions: u32,
        picture: bool,
    },
    /// One of the card's actions; `moved`: the unit moved and may regroup around the figure measured.
    ActionSpent {
        unit: String,
        moved: bool,
    },
    Stage {
        stage: Stage,
    },
    Relief {
        relief: Relief,
    },
    Ammunition {
        rifle: u32,
        gun: u32,
    },
    UmpireRemoved {
        counters: u32,
    },
    EdgesOwed {
        edges: Vec<u8>,
    },
    Pending {
        groups: Vec<Pending>,
    },
    Raised {
        unit: String,
        kind: String,
        figures: u32,
    },
    /// Figures of a kind back to the natives' pool (a rout, a withdrawal).
    Recycled {
        kind: String,
        figures: u32,
    },
    Melees {
        melees: Vec<Melee>,
    },
    MoraleDue {
        due: Vec<MoraleDue>,
    },
    GunFired {
        unit: String,
    },
    Won {
        army: Army,
    },
    /// A unit now on level `level` (0: the ground) of the building it is in.
    Level {
        unit: String,
        level: usize,
    },
    /// A native group left the table with figures standing.
    Left {
        unit: String,
        how: Left,
    },
}

impl Change {
    /// The units a change names, so that a stored log naming one the game lacks is refused as corrupt.
    pub fn mentions(&self) -> Vec<&str> {
        match self {
            Change::ActionSpent { unit, .. }
            | Change::Raised { unit, .. }
            | Change::GunFired { unit }
            | Change::Level { unit, .. }
            | Change::Left { unit, .. } => vec![unit.as_str()],
            Change::Melees { melees } => melees.iter().flat_map(|m| m.units.iter().map(String::as_str)).collect(),
            Change::MoraleDue { due } => due.iter().map(|d| d.unit.as_str()).collect(),
            _ => Vec::new(),
        }
    }
}

impl Turn {
    pub fn apply(&mut self, change: &Change) {
        match change {
            Change::Supplies { rifle, gun, pool } => {
                self.rifle_ammunition = *rifle;
                self.gun_ammunition = *gun;
                self.pool = pool.clone();
            }
            Change::Drawn { card, order, .. } => {
                if let Some(order) = order {
                    self.deck.set_draw_pile(order.clone());
                    self.dealt = true;
                }
                self.deck.remove_for_draw(*card);
                self.card = Some(*card);
                self.fresh.clear();
                self.moved.clear();
            }
            Change::Reshuffled { order } => self.deck.set_draw_pile(order.clone()),
            Change::Activates { side, actions, picture } => {
                self.side = *side;
                self.actions_left = *actions;
                self.picture = *picture;
            }
            Change::ActionSpent { unit, moved } => {
                self.actions_left = self.actions_left.saturating_sub(1);
                if *moved {
                    self.moved.insert(unit.clone());
                } else {
                    self.moved.remove(unit);
                }
            }
            Change::Stage { stage } => self.stage = *stage,
            Change::Relief { relief } => self.relief = *relief,
            Change::Ammunition { rifle, gun } => {
                self.rifle_ammunition = *rifle;
                self.gun_ammunition = *gun;
            }
            Change::UmpireRemoved { counters } => self.umpire_removed = Some(*counters),
            Change::EdgesOwed { edges } => self.edges_owed = edges.clone(),
            Change::Pending { groups } => self.pending = groups.clone(),
            Change::Raised { unit, kind, figures } => {
                self.raised += 1;
                self.fresh.insert(unit.clone());
                let left = self.pool.entry(kind.clone()).or_default();
                *left = left.saturating_sub(*figures);
            }
            Change::Recycled { kind, figures } => {
                let left = self.pool.entry(kind.clone()).or_default();
                *left = left.saturating_add(*figures);
            }
            Change::Melees { melees } => self.melees = melees.clone(),
            Change::MoraleDue { due } => self.morale_due = due.clone(),
            Change::GunFired { unit } => {
                self.gun_fired.insert(unit.clone());
            }
            Change::Won { army } => self.winner = Some(*army),
            Change::Level { unit, level: 0 } => {
                self.levels.remove(unit);
            }
            Change::Level { unit, level } => {
                self.levels.insert(unit.clone(), *level);
            }
            Change::Left { unit, how } => {
                self.left.insert(unit.clone(), *how);
            }
        }
    }

    /// The melee `unit` is in, with its index.
    pub fn melee_of(&self, unit: &str) -> Option<(usize, &Melee)> {
        self.melees.iter().enumerate().find(|(_, m)| m.units.iter().any(|u| u == unit))
    }

    /// Whether the Ace of Spades is still to be drawn in this pass through the deck.
    pub fn ace_of_spades_in_deck(&self) -> bool {
        self.deck.draw_pile().iter().any(|c| *c == ace_of_spades())
    }
}

pub fn ace_of_spades() -> Card {
    Card::Standard { rank: crate::cards::Rank::Ace, suit: crate::cards::Suit::Spades }
}
