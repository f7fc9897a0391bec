use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap};

use serde::{Deserialize, Serialize};

/// A named area of a zone map (L'Estate dei Boxers): `id` is what scenario data and the log use,
/// `name` what the player reads.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Zone {
    pub id: String,
    pub name: String,
}

/// The cheapest way from one zone to another: the movement points it costs and every zone on the
/// way, both ends included.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct ZonePath {
    pub cost: u32,
    pub zones: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub enum ZoneError {
    #[error("there is no zone {0:?} on the map")]
    UnknownZone(String),
    #[error("the map already has a zone {0:?}")]
    DuplicateZone(String),
}

/// Zones and the moves between them, each with a movement-point cost. Moves are directed, because the
/// map has one-way ones (red and green Boxer arrows) and moves that cost differently each way
/// (into and out of the Jade Canal); `add_edge` adds both directions for the common case.
///
/// Unknown zone ids are errors everywhere rather than "no neighbours" or "no path", so a typo in a
/// map file cannot pass for a wall.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct ZoneGraph {
    zones: BTreeMap<String, Zone>,
    /// from → (to → cost). Ordered maps so neighbours and tie-breaks come out the same every run.
    exits: BTreeMap<String, BTreeMap<String, u32>>,
}

impl ZoneGraph {
    pub fn new() -> ZoneGraph {
        ZoneGraph::default()
    }

    pub fn add_zone(&mut self, id: impl Into<String>, name: impl Into<String>) -> Result<(), ZoneError> {
        let id = id.into();
        if self.zones.contains_key(&id) {
            return Err(ZoneError::DuplicateZone(id));
        }
        self.exits.insert(id.clone(), BTreeMap::new());
        self.zones.insert(id.clone(), Zone { id, name: name.into() });
        Ok(())
    }

    pub fn zone(&self, id: &str) -> Option<&Zone> {
        self.zones.get(id)
    }

    /// Every zone, ordered by id.
    pub fn zones(&self) -> impl Iterator<Item = &Zone> {
        self.zones.values()
    }

    /// A move both ways at the same cost. Adding a move again replaces its cost.
    pub fn add_edge(&mut self, a: &str, b: &str, cost: u32) -> Result<(), ZoneError> {
        self.add_one_way(a, b, cost)?;
        self.add_one_way(b, a, cost)
    }

    /// A move from `from` to `to` only. Adding a move again replaces its cost.
    pub fn add_one_way(&mut self, from: &str, to: &str, cost: u32) -> Result<(), ZoneError> {
        self.known(to)?;
        let exits = self.exits.get_mut(from).ok_or_else(|| ZoneError::UnknownZone(from.to_string()))?;
        exits.insert(to.to_string(), cost);
        Ok(())
    }

    fn known(&self, id: &str) -> Result<(), ZoneError> {
        if self.zones.contains_key(id) { Ok(()) } else { Err(ZoneError::UnknownZone(id.to_string())) }
    }

    fn exits_of(&self, id: &str) -> Result<&BTreeMap<String, u32>, ZoneError> {
        self.exits.get(id).ok_or_else(|| ZoneError::UnknownZone(id.to_string()))
    }

    /// The zones one move from `zone`, with what each move costs, ordered by id.
    pub fn neighbours(&self, zone: &str) -> Result<impl Iterator<Item = (&str, u32)> + '_, ZoneError> {
        Ok(self.exits_of(zone)?.iter().map(|(to, &cost)| (to.as_str(), cost)))
    }

    /// Whether one move leads from `from` to `to` (in that direction).
    pub fn is_adjacent(&self, from: &str, to: &str) -> Result<bool, ZoneError> {
        Ok(self.move_cost(from, to)?.is_some())
    }

    /// What the single move from `from` to `to` costs, or `None` if they are not adjacent that way.
    pub fn move_cost(&self, from: &str, to: &str) -> Result<Option<u32>, ZoneError> {
        self.known(to)?;
        Ok(self.exits_of(from)?.get(to).copied())
    }

    /// The cheapest route (Dijkstra), or `None` when `to` cannot be reached from `from` at all.
    /// Between equally cheap routes the one through lower zone ids wins, so the answer is repeatable.
    pub fn cheapest_path(&self, from: &str, to: &str) -> Result<Option<ZonePath>, ZoneError> {
        self.known(from)?;
        self.known(to)?;
        let mut best: BTreeMap<&str, u32> = BTreeMap::from([(from, 0)]);
        let mut came_from: BTreeMap<&str, &str> = BTreeMap::new();
        let mut frontier = BinaryHeap::from([Reverse((0_u32, from))]);
        while let Some(Reverse((cost, zone))) = frontier.pop() {
            if zone == to {
                return Ok(Some(ZonePath { cost, zones: retrace(&came_from, from, to) }));
            }
            if best.get(zone).is_some_and(|&known| cost > known) {
                continue;
            }
            for (next, step) in self.neighbours(zone)? {
                let through = cost.saturating_add(step);
                if best.get(next).is_none_or(|&known| through < known) {
                    best.insert(next, through);
                    came_from.insert(next, zone);
                    frontier.push(Reverse((through, next)));
                }
            }
        }
        Ok(None)
    }
}

fn retrace(came_from: &BTreeMap<&str, &str>, from: &str, to: &str) -> Vec<String> {
    let mut zones = vec![to.to_string()];
    let mut at = to;
    while at != from {
        at = came_from[at];
        zones.push(at.to_string());
    }
    zones.reverse();
    zones
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A corner of the Legation Quarter: the Tartar Wall reached only by a ramp, the dry canal that
    /// costs 2 in and 2 out, a bridge over it, and a Boxer arrow that runs one way.
    fn quarter() -> ZoneGraph {
        let mut map = ZoneGraph::new();
        for (id, name) in [
            ("street", "Legation Street"),
            ("ramp", "Ramp"),
            ("wall", "Tartar Wall"),
            ("canal", "Jade Canal"),
            ("bridge", "North Bridge"),
            ("gb1", "British Legation 1"),
            ("entry1", "Boxer entry 1"),
        ] {
            map.add_zone(id, name).unwrap();
        }
        map.add_edge("street", "ramp", 1).unwrap();
        map.add_edge("ramp", "wall", 1).unwrap();
        map.add_one_way("street", "canal", 2).unwrap();
        map.add_one_way("canal", "street", 2).unwrap();
        map.add_one_way("canal", "gb1", 2).unwrap();
        map.add_one_way("gb1", "canal", 2).unwrap();
        map.add_edge("street", "bridge", 1).unwrap();
        map.add_edge("bridge", "gb1", 1).unwrap();
        map.add_one_way("entry1", "street", 1).unwrap();
        map
    }

    #[test]
    fn neighbours_list_each_move_and_its_cost() {
        let map = quarter();
        let around: Vec<(&str, u32)> = map.neighbours("street").unwrap().collect();
        assert_eq!(around, [("bridge", 1), ("canal", 2), ("ramp", 1)]);
    }

    #[test]
    fn the_wall_is_reached_only_through_the_ramp() {
        let map = quarter();
        assert!(!map.is_adjacent("street", "wall").unwrap());
        let path = map.cheapest_path("street", "wall").unwrap().unwrap();
        assert_eq!(path, ZonePath { cost: 2, zones: vec!["street".into(), "ramp".into(), "wall".into()] });
    }

    #[test]
    fn the_bridge_is_cheaper_than_climbing_through_the_canal() {
        let path = quarter().cheapest_path("street", "gb1").unwrap().unwrap();
        assert_eq!(path.cost, 2);
        assert_eq!(path.zones, ["street", "bridge", "gb1"]);
    }

    #[test]
    fn a_one_way_arrow_cannot_be_walked_back() {
        let map = quarter();
        assert!(map.is_adjacent("entry1", "street").unwrap());
        assert!(!map.is_adjacent("street", "entry1").unwrap());
        assert_eq!(map.cheapest_path("gb1", "entry1").unwrap(), None);
        assert_eq!(map.cheapest_path("entry1", "wall").unwrap().unwrap().cost, 3);
    }

    #[test]
    fn a_zone_is_its_own_path_at_no_cost() {
        let path = quarter().cheapest_path("canal", "canal").unwrap().unwrap();
        assert_eq!(path, ZonePath { cost: 0, zones: vec!["canal".into()] });
    }

    #[test]
    fn adding_a_move_again_replaces_its_cost() {
        let mut map = quarter();
        map.add_edge("street", "bridge", 5).unwrap();
        assert_eq!(map.move_cost("bridge", "street").unwrap(), Some(5));
        assert_eq!(map.cheapest_path("street", "gb1").unwrap().unwrap().cost, 4);
    }

    #[test]
    fn unknown_zones_are_errors_not_dead_ends() {
        let mut map = quarter();
        let unknown = ZoneError::UnknownZone("fu".into());
        assert_eq!(map.add_edge("street", "fu", 1), Err(unknown.clone()));
        assert_eq!(map.add_one_way("fu", "street", 1), Err(unknown.clone()));
        assert_eq!(map.neighbours("fu").err(), Some(unknown.clone()));
        assert_eq!(map.is_adjacent("street", "fu"), Err(unknown.clone()));
        assert_eq!(map.cheapest_path("fu", "street"), Err(unknown));
        assert_eq!(ZoneError::UnknownZone("fu".into()).to_string(), "there is no zone \"fu\" on the map");
    }

    #[test]
    fn a_zone_id_may_be_added_only_once() {
        let mut map = quarter();
        assert_eq!(map.add_zone("gb1", "Again"), Err(ZoneError::DuplicateZone("gb1".into())));
        assert_eq!(map.zone("gb1").unwrap().name, "British Legation 1");
        assert_eq!(map.zones().count(), 7);
    }
}
