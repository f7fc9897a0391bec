use serde::{Deserialize, Serialize};

use super::{Polygon, Pt};

/// A piece of terrain: its outline and the cover class it gives. `cover` is the rule system's own class
/// name ("walls", "jungle", "hard"), left as text so each system keeps its vocabulary in its ruleset.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct TerrainArea {
    pub name: String,
    pub cover: String,
    pub polygon: Polygon,
    /// Which way the water runs, for rivers: a direction on the table, not a speed.
    #[serde(default)]
    pub flow: Option<Pt>,
}

/// The areas a point stands in, in the order given (areas may overlap: a building in a village).
pub fn areas_containing(p: Pt, areas: &[TerrainArea]) -> Vec<&TerrainArea> {
    areas.iter().filter(|area| area.polygon.contains(p)).collect()
}

/// The areas a route enters, crosses or touches, in the order given.
pub fn areas_crossed<'a>(path: &[Pt], areas: &'a [TerrainArea]) -> Vec<&'a TerrainArea> {
    areas.iter().filter(|area| area.polygon.path_crosses(path)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rect(name: &str, cover: &str, x0: f64, y0: f64, x1: f64, y1: f64) -> TerrainArea {
        let corners = vec![Pt::new(x0, y0), Pt::new(x1, y0), Pt::new(x1, y1), Pt::new(x0, y1)];
        TerrainArea { name: name.into(), cover: cover.into(), polygon: Polygon::new(corners), flow: None }
    }

    fn village() -> Vec<TerrainArea> {
        vec![
            rect("Village", "soft", 10.0, 10.0, 30.0, 30.0),
            rect("Temple", "walls", 15.0, 15.0, 20.0, 20.0),
            rect("Paddy", "open", 40.0, 0.0, 50.0, 48.0),
        ]
    }

    fn names(found: Vec<&TerrainArea>) -> Vec<&str> {
        found.into_iter().map(|area| area.name.as_str()).collect()
    }

    #[test]
    fn a_point_in_overlapping_areas_is_in_each() {
        let areas = village();
        assert_eq!(names(areas_containing(Pt::new(17.0, 17.0), &areas)), ["Village", "Temple"]);
        assert_eq!(names(areas_containing(Pt::new(25.0, 25.0), &areas)), ["Village"]);
        assert!(areas_containing(Pt::new(35.0, 5.0), &areas).is_empty());
    }

    #[test]
    fn a_route_lists_every_area_it_passes_through() {
        let areas = village();
        let route = [Pt::new(0.0, 5.0), Pt::new(60.0, 5.0)];
        assert_eq!(names(areas_crossed(&route, &areas)), ["Paddy"]);
        let route = [Pt::new(0.0, 17.0), Pt::new(35.0, 17.0)];
        assert_eq!(names(areas_crossed(&route, &areas)), ["Village", "Temple"]);
    }

    #[test]
    fn cover_is_carried_as_the_systems_class_name() {
        let areas = village();
        let cover: Vec<&str> =
            areas_containing(Pt::new(17.0, 17.0), &areas).iter().map(|area| area.cover.as_str()).collect();
        assert_eq!(cover, ["soft", "walls"]);
    }
}
