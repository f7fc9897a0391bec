use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::sync::Arc;

use toml::Spanned;

use super::ScenarioError;
use super::file::{ScenarioFile, UnitEntry};
use super::placement::line_abreast;
use crate::measure::{Edge, Polygon, Pt, Table, TerrainArea};
use crate::roster::{Figure, Role, Side, Unit};
use crate::systems::{self, Ruleset};

/// A scenario that has passed every check: its units stand on the table, every kind is in the ruleset,
/// every option is one the ruleset knows.
#[derive(Debug, Clone)]
pub struct Scenario {
    pub file: String,
    pub source: String,
    pub system: String,
    pub title: String,
    pub description: String,
    pub table: Table,
    pub terrain: Vec<TerrainArea>,
    pub sides: Vec<Side>,
    pub units: Vec<Unit>,
    pub options: BTreeMap<String, serde_json::Value>,
    pub ruleset: Arc<Ruleset>,
}

pub fn load_file(path: &Path) -> Result<Scenario, ScenarioError> {
    let name = path.display().to_string();
    let source = std::fs::read_to_string(path)
        .map_err(|e| ScenarioError::whole_file(&name, format!("cannot read the file: {e}")))?;
    parse(&name, &source)
}

pub fn parse(file: &str, source: &str) -> Result<Scenario, ScenarioError> {
    let raw: ScenarioFile = toml::from_str(source).map_err(|e| ScenarioError::from_toml(file, source, &e))?;
    let at = |span: std::ops::Range<usize>, msg: String| ScenarioError::at(file, source, span.start, msg);

    let system = raw.scenario.system.get_ref().clone();
    let ruleset = systems::ruleset(&system).ok_or_else(|| {
        at(
            raw.scenario.system.span(),
            format!("unknown rule system {system:?}; known: {}", systems::known_ids().join(", ")),
        )
    })?;

    let table = Table { width: raw.scenario.table.width, depth: raw.scenario.table.depth };
    if !(table.width > 0.0 && table.depth > 0.0) {
        return Err(ScenarioError::whole_file(file, "[scenario.table] width and depth must be positive inches"));
    }

    let mut sides = Vec::new();
    let mut side_ids = BTreeSet::new();
    for side in &raw.sides {
        if !side_ids.insert(side.id.get_ref().clone()) {
            return Err(at(side.id.span(), format!("side {:?} is listed twice", side.id.get_ref())));
        }
        sides.push(Side {
            id: side.id.get_ref().clone(),
            name: side.name.clone(),
            colour: side.colour.clone(),
            western: side.western,
            edge: Edge::North,
        });
    }

    let mut terrain = Vec::new();
    for entry in &raw.terrain {
        let points: Vec<Pt> = entry.polygon.get_ref().iter().map(|&[x, y]| Pt { x, y }).collect();
        if points.len() < 3 {
            return Err(at(entry.polygon.span(), format!("terrain {:?} needs at least 3 corners", entry.name)));
        }
        let flow = match &entry.flow {
            Some(flow) => {
                let [x, y] = *flow.get_ref();
                if x.hypot(y) <= f64::EPSILON {
                    return Err(at(flow.span(), "a river's `flow` needs a direction, not [0, 0]".into()));
                }
                Some(Pt { x, y })
            }
            None => None,
        };
        terrain.push(TerrainArea {
            name: entry.name.clone(),
            cover: entry.cover.clone(),
            polygon: Polygon::new(points),
            flow,
        });
    }

    let mut units = Vec::new();
    let mut unit_ids = BTreeSet::new();
    for entry in &raw.units {
        if !unit_ids.insert(entry.id.get_ref().clone()) {
            return Err(at(entry.id.span(), format!("unit id {:?} is used twice", entry.id.get_ref())));
        }
        if !side_ids.contains(entry.side.get_ref()) {
            let known: Vec<&str> = side_ids.iter().map(String::as_str).collect();
            return Err(at(
                entry.side.span(),
                format!("no side {:?}; sides are: {}", entry.side.get_ref(), known.join(", ")),
            ));
        }
        if ruleset.kind(entry.kind.get_ref()).is_none() {
            return Err(at(
                entry.kind.span(),
                format!(
                    "{} has no unit kind {:?}; kinds are: {}",
                    ruleset.name,
                    entry.kind.get_ref(),
                    ruleset.kind_ids().join(", ")
                ),
            ));
        }
        units.push(build_unit(entry, &table).map_err(|(span, msg)| at(span, msg))?);
    }

    for entry in &raw.units {
        if let Some(boat) = &entry.aboard
            && (boat.get_ref() == entry.id.get_ref() || !unit_ids.contains(boat.get_ref()))
        {
            return Err(at(
                boat.span(),
                format!("`aboard` names {:?}, which is not another unit here", boat.get_ref()),
            ));
        }
    }
    for (side, entry) in sides.iter_mut().zip(&raw.sides) {
        side.edge = match &entry.edge {
            Some(edge) => Edge::parse(edge.get_ref()).ok_or_else(|| {
                at(edge.span(), format!("edge {:?} is not one of north, south, west, east", edge.get_ref()))
            })?,
            None => entry_edge(&table, units.iter().filter(|u| u.side == side.id)),
        };
    }

    let options = check_options(&raw.options, &ruleset).map_err(|(span, msg)| at(span, msg))?;

    Ok(Scenario {
        file: file.to_string(),
        source: source.to_string(),
        system,
        title: raw.scenario.title,
        description: raw.scenario.description,
        table,
        terrain,
        sides,
        units,
        options,
        ruleset,
    })
}

/// The edge nearest the middle of a side's units as set out: where it came onto the table.
fn entry_edge<'a>(table: &Table, units: impl Iterator<Item = &'a Unit>) -> Edge {
    let points: Vec<Pt> = units.flat_map(|u| u.alive_positions()).collect();
    if points.is_empty() {
        return Edge::North;
    }
    let n = points.len() as f64;
    let middle = Pt { x: points.iter().map(|p| p.x).sum::<f64>() / n, y: points.iter().map(|p| p.y).sum::<f64>() / n };
    Edge::nearest(table, middle)
}

impl Scenario {
    /// Replaces option values (a table's house rules, or those stored with a game), checking each name
    /// and its kind of value against the ruleset.
    pub fn set_options(&mut self, given: &BTreeMap<String, serde_json::Value>) -> Result<(), String> {
        for (name, value) in given {
            let Some(default) = self.ruleset.option_defaults().get(name).cloned() else {
                let known: Vec<String> = self.ruleset.option_defaults().into_keys().collect();
                return Err(format!("{} has no option {name:?}; options are: {}", self.ruleset.name, known.join(", ")));
            };
            if std::mem::discriminant(&default) != std::mem::discriminant(value) {
                return Err(format!("option {name:?} takes a value like {default}, not {value}"));
            }
            self.options.insert(name.clone(), value.clone());
        }
        Ok(())
    }
}

type Located = (std::ops::Range<usize>, String);

fn build_unit(entry: &UnitEntry, table: &Table) -> Result<Unit, Located> {
    let count = *entry.figures.get_ref();
    let leaders = u32::from(entry.leader);
    if count == 0 {
        return Err((entry.figures.span(), "a unit needs at least one figure".into()));
    }
    if leaders + entry.crew > count {
        return Err((entry.figures.span(), format!("{count} figures cannot hold a leader and {} crew", entry.crew)));
    }
    if let Some(morale) = &entry.morale
        && !(1..=100).contains(morale.get_ref())
    {
        return Err((morale.span(), format!("morale {} is not a percentage from 1 to 100", morale.get_ref())));
    }
    let (points, span) = match (&entry.at, &entry.positions) {
        (Some(at), None) => {
            let [x, y] = *at.get_ref();
            (line_abreast(Pt { x, y }, entry.facing, count, entry.spacing), at.span())
        }
        (None, Some(list)) => {
            if list.get_ref().len() != count as usize {
                return Err((list.span(), format!("{} positions given for {count} figures", list.get_ref().len())));
            }
            (list.get_ref().iter().map(|&[x, y]| Pt { x, y }).collect(), list.span())
        }
        (Some(at), Some(_)) => return Err((at.span(), "give either `at` or `positions`, not both".into())),
        (None, None) => return Err((entry.id.span(), "the unit needs `at = [x, y]` or `positions`".into())),
    };
    if let Some(off) = points.iter().find(|p| !table.contains(**p)) {
        return Err((
            span,
            format!("a figure at ({:.1}, {:.1}) is off the {}\" x {}\" table", off.x, off.y, table.width, table.depth),
        ));
    }
    let figures = points
        .into_iter()
        .enumerate()
        .map(|(i, pos)| {
            let i = i as u32;
            let role = if i < leaders {
                Role::Leader
            } else if i < leaders + entry.crew {
                Role::Crew
            } else {
                Role::Private
            };
            Figure { id: i, role, pos, alive: true }
        })
        .collect();
    Ok(Unit {
        id: entry.id.get_ref().clone(),
        name: entry.name.clone(),
        side: entry.side.get_ref().clone(),
        kind: entry.kind.get_ref().clone(),
        facing: entry.facing.rem_euclid(360.0),
        figures,
        flags: BTreeSet::new(),
        fallen: Vec::new(),
        aboard: entry.aboard.as_ref().map(|a| a.get_ref().clone()),
        morale: entry.morale.as_ref().map(|m| *m.get_ref()),
        hidden: entry.hidden,
    })
}

fn check_options(
    given: &BTreeMap<String, Spanned<toml::Value>>,
    ruleset: &Ruleset,
) -> Result<BTreeMap<String, serde_json::Value>, Located> {
    let mut options = ruleset.option_defaults();
    for (name, value) in given {
        let Some(default) = options.get(name) else {
            let known: Vec<&String> = options.keys().collect();
            return Err((value.span(), format!("{} has no option {name:?}; options are: {known:?}", ruleset.name)));
        };
        let json = serde_json::to_value(value.get_ref()).map_err(|e| (value.span(), e.to_string()))?;
        if std::mem::discriminant(default) != std::mem::discriminant(&json) {
            return Err((value.span(), format!("option {name:?} takes a value like {default}, not {json}")));
        }
        options.insert(name.clone(), json);
    }
    Ok(options)
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = r#"
[scenario]
system = "sand-pebbles"
title = "Test"
table = { width = 72, depth = 48 }

[[sides]]
id = "allies"
name = "Allies"

[[sides]]
id = "boxers"
name = "Boxers"

[[units]]
id = "m"
name = "Marines"
side = "allies"
kind = "marines"
figures = 10
at = [20, 20]
"#;

    #[test]
    fn a_good_scenario_loads_with_its_figures() {
        let s = parse("good.toml", GOOD).unwrap();
        assert_eq!(s.units[0].figures.len(), 10);
        assert_eq!(s.units[0].figures[0].role, Role::Leader);
        assert_eq!(s.units[0].figures[0].pos, Pt { x: 20.0, y: 20.0 });
    }

    #[test]
    fn broken_toml_names_the_line() {
        let src = GOOD.replacen("title = \"Test\"", "title = = broken", 1);
        let err = parse("bad.toml", &src).unwrap_err();
        assert_eq!(err.line, Some(4), "{err}");
        assert!(err.to_string().starts_with("bad.toml, line 4"), "{err}");
    }

    #[test]
    fn an_unknown_side_names_its_line() {
        let src = GOOD.replacen("side = \"allies\"", "side = \"french\"", 1);
        let err = parse("bad.toml", &src).unwrap_err();
        assert_eq!(err.line, Some(18));
        assert!(err.message.contains("no side \"french\""), "{err}");
    }

    #[test]
    fn an_unknown_kind_lists_the_kinds() {
        let src = GOOD.replacen("kind = \"marines\"", "kind = \"martians\"", 1);
        let err = parse("bad.toml", &src).unwrap_err();
        assert!(err.message.contains("martians") && err.message.contains("sailors"), "{err}");
    }

    #[test]
    fn a_misspelt_key_is_an_error() {
        let src = GOOD.replacen("figures = 10", "figures = 10\nfigurs = 3", 1);
        let err = parse("bad.toml", &src).unwrap_err();
        assert!(err.message.contains("figurs"), "{err}");
    }

    #[test]
    fn a_figure_off_the_table_is_refused() {
        let src = GOOD.replacen("at = [20, 20]", "at = [71.5, 20]", 1);
        let err = parse("bad.toml", &src).unwrap_err();
        assert!(err.message.contains("off the 72\" x 48\" table"), "{err}");
    }

    #[test]
    fn an_unknown_system_is_refused() {
        let src = GOOD.replacen("sand-pebbles", "tiddlywinks", 1);
        let err = parse("bad.toml", &src).unwrap_err();
        assert_eq!(err.line, Some(3));
    }
}
