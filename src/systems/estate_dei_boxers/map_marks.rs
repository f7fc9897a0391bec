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
        let [.., height] = zone.rect;
        marks.areas.push(MapArea::rect(zone.name.clone(), kind(zone.terrain), rect));
        let b = bit(i as u8);
        let states = [(siege.marks.fires, "fire"), (siege.marks.ruins, "ruins"), (siege.marks.barricades, "barricade")];
        let state: Vec<&str> = states.iter().filter(|(set, _)| set & b != 0).map(|(_, word)| *word).collect();
        let counts = [
            ("Boxers", census.boxers[i], &sides.boxers),
            ("Soldiers", census.soldiers[i] + census.guns[i], &sides.defenders),
            ("Civilians", census.civilians[i], &sides.defenders),
        ];
        let lines: Vec<(String, Option<String>)> = std::iter::once((zone.name.clone(), None))
            .chain((!state.is_empty()).then(|| (state.join(", "), None)))
            .chain(
                counts.iter().filter(|(_, n, _)| *n > 0).map(|(who, n, side)| (format!("{who} {n}"), (*side).clone())),
            )
            .collect();
        let spots = places(height, lines.len());
        for ((text, side), (row, across)) in lines.into_iter().zip(spots) {
            let at = Pt::new(x + w * across, y + (row as f64 + 0.7) * LINE * sy);
            marks.labels.push(MapLabel { text, at, side });
        }
    }
    marks
}

/// Where each of a zone's `n` lines goes, as (row, the share of its width across): the name alone on the
/// first row, the rest one under the other while the zone is tall enough, else side by side on the rows
/// it has, so no word spills into the zone below (a street a map unit deep holds two rows).
fn places(height: f64, n: usize) -> Vec<(usize, f64)> {
    let rows = (((height - 0.1) / LINE - 0.7).floor() as usize + 1).max(1);
    let rest = n.saturating_sub(1);
    let spare = rows.saturating_sub(1);
    let mut out = vec![(0, 0.5)];
    if spare == 0 {
        // No row under the name: everything shares the first.
        return (0..n).map(|j| (0, (j as f64 + 0.5) / n as f64)).collect();
    }
    let across = rest.div_ceil(spare).max(1);
    for j in 0..rest {
        let (row, col) = (1 + j / across, j % across);
        let in_row = (rest - (row - 1) * across).min(across);
        out.push((row, (col as f64 + 0.5) / in_row as f64));
    }
    out
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

    /// Legation Street (Hotel de Pekin) is a map unit deep: its name, its barricade, the Boxers and the
    /// soldiers standing there all stay inside it, the last three side by side, not over the Hotel de Pekin
    /// and the German legation below.
    #[test]
    fn a_shallow_zones_words_stay_inside_it() {
        use crate::systems::estate_dei_boxers::siege::At;
        let (map, roster) = simulate::shipped();
        let rules = Rules::plain(&map, &roster, charts());
        let mut siege = Siege::new(&rules);
        let ls2 = map.zone("LS2").unwrap();
        for id in ["gb-1", "boxers-1"] {
            siege.put(&rules, roster.find(id).unwrap(), At::Zone(ls2));
        }
        let sides = Sides { defenders: Some("powers".into()), boxers: Some("boxers".into()) };
        let marks = drawn(&rules, &siege, &Table { width: map.size[0], depth: map.size[1] }, &sides);
        let [x, y, w, h] = map.zones[ls2 as usize].rect;
        let first = marks.labels.iter().position(|l| l.text == "Legation Street (Hotel de Pekin)").unwrap();
        let words = &marks.labels[first..first + 4];
        assert_eq!(words.iter().map(|l| l.text.as_str()).collect::<Vec<_>>(), ["Legation Street (Hotel de Pekin)", "barricade", "Boxers 2", "Soldiers 2"]);
        for l in words {
            assert!(l.at.x > x && l.at.x < x + w && l.at.y > y && l.at.y + 0.1 <= y + h, "{l:?} outside {:?}", [x, y, w, h]);
        }
        let row: Vec<f64> = words[1..].iter().map(|l| l.at.x).collect();
        assert!(row.windows(2).all(|p| p[1] - p[0] >= w / 4.0), "side by side: {row:?}");
    }
}
