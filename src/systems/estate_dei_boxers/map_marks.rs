//! The zone map for the battle map: each zone's rect scaled to the table in inches and classed by its
//! ground, the areas off the map beyond them, and in each zone its name and what stands in it (the
//! points the zone map shows every seat). Nothing of the cup is drawn: only counters already in a zone are
//! counted, and those every seat sees.

use super::luck::side_of;
use super::map::{Terrain, bit};
use super::play::{Compiled, Ctx_};
use super::siege::throws::Whose;
use super::siege::{Rules, Siege};
use crate::measure::{Pt, Table};
use crate::rules::{MapArea, MapLabel, MapMarks};

/// The gap between a zone's lines of words, in map units.
const LINE: f64 = 0.5;

pub fn marks(ctx: &Ctx_) -> MapMarks {
    let c = Compiled::of(&ctx.setup.scenario);
    let rules = c.rules(ctx.charts, &|n| ctx.option(n));
    let sides = Sides { defenders: side_of(ctx, Whose::Defenders), boxers: side_of(ctx, Whose::Boxers) };
    drawn(&rules, ctx.turn.siege(), &ctx.scenario.table, &sides)
}

/// The side ids the counts are written in the colour of.
pub struct Sides {
    pub defenders: Option<String>,
    pub boxers: Option<String>,
}

pub fn drawn(rules: &Rules, siege: &Siege, table: &Table, sides: &Sides) -> MapMarks {
    let map = rules.map;
    let (sx, sy) = (table.width / map.size[0], table.depth / map.size[1]);
    let scaled = |[x, y, w, h]: [f64; 4]| [x * sx, y * sy, w * sx, h * sy];
    let census = siege.census(rules);
    let mut marks = MapMarks::default();
    for (name, rect) in &map.out_of_bounds {
        let [x, y, w, h] = scaled(*rect);
        marks.areas.push(MapArea::rect(name.clone(), "off the map", [x, y, w, h]));
        marks.labels.push(MapLabel { text: name.clone(), at: Pt::new(x + w / 2.0, y + h / 2.0), side: None });
    }
    for (i, zone) in map.zones.iter().enumerate() {
        let rect = scaled(zone.rect);
        let [x, y, w, _] = rect;
        marks.areas.push(MapArea::rect(zone.name.clone(), kind(zone.terrain), rect));
        let b = bit(i as u8);
        let states = [(siege.marks.fires, "fire"), (siege.marks.ruins, "ruins"), (siege.marks.barricades, "barricade")];
        let state: Vec<&str> = states.iter().filter(|(set, _)| set & b != 0).map(|(_, word)| *word).collect();
        let counts = [
            ("Boxers", census.boxers[i], &sides.boxers),
            ("Soldiers", census.soldiers[i] + census.guns[i], &sides.defenders),
            ("Civilians", census.civilians[i], &sides.defenders),
        ];
        let lines = std::iter::once((zone.name.clone(), None))
            .chain((!state.is_empty()).then(|| (state.join(", "), None)))
            .chain(
                counts.iter().filter(|(_, n, _)| *n > 0).map(|(who, n, side)| (format!("{who} {n}"), (*side).clone())),
            );
        for (row, (text, side)) in lines.enumerate() {
            let at = Pt::new(x + w / 2.0, y + (row as f64 + 0.7) * LINE * sy);
            marks.labels.push(MapLabel { text, at, side });
        }
    }
    marks
}

/// A zone's ground as a cover-like class the map colours: a legation is the defenders' own zone.
fn kind(terrain: Terrain) -> &'static str {
    match terrain {
        Terrain::Legation => "zone",
        Terrain::Houses | Terrain::Fu => "building",
        Terrain::Street | Terrain::Bridge => "road",
        Terrain::Wall | Terrain::Ramp => "wall",
        Terrain::Canal => "canal",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::systems::estate_dei_boxers::{charts, simulate};

    #[test]
    fn a_zone_is_its_rect_on_the_table_named_with_what_stands_in_it() {
        let (map, roster) = simulate::shipped();
        let rules = Rules::plain(&map, &roster, charts());
        let siege = Siege::new(&rules);
        let sides = Sides { defenders: Some("powers".into()), boxers: Some("boxers".into()) };
        let at_scale = Table { width: map.size[0], depth: map.size[1] };
        let marks = drawn(&rules, &siege, &at_scale, &sides);
        let han = marks.areas.iter().find(|a| a.name == "Hanlin Academy").expect("the Hanlin Academy is drawn");
        let corners = [Pt::new(3.0, 2.0), Pt::new(10.0, 2.0), Pt::new(10.0, 4.5), Pt::new(3.0, 4.5)];
        assert_eq!(han.outline, corners);
        assert_eq!(han.kind, "building");
        let twice = Table { width: 2.0 * map.size[0], depth: 2.0 * map.size[1] };
        let doubled = drawn(&rules, &siege, &twice, &sides);
        let han = doubled.areas.iter().find(|a| a.name == "Hanlin Academy").unwrap();
        assert_eq!(han.outline, corners.map(|p| Pt::new(2.0 * p.x, 2.0 * p.y)));
        let census = siege.census(&rules);
        let held = (0..map.zones.len()).find(|&i| census.soldiers[i] > 0).expect("the defenders begin in zones");
        let count = format!("Soldiers {}", census.soldiers[held] + census.guns[held]);
        let label = marks.labels.iter().find(|l| l.text == count && l.side.as_deref() == Some("powers"));
        let rect = map.zones[held].rect;
        assert!(label.is_some_and(|l| l.at.x > rect[0] && l.at.x < rect[0] + rect[2] && l.at.y > rect[1]), "{count}");
        assert!(marks.labels.iter().all(|l| !l.text.contains("cup")));
    }
}
