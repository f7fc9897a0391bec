use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::sync::Arc;

use serde::de::DeserializeOwned;
use toml::Spanned;
use toml::de::{DeTable, DeValue};

use super::ScenarioError;
use super::file::{ScenarioFile, SideEntry, UnitEntry};
use super::numbers::{Xy, bounds};
use crate::measure::{Edge, Polygon, Pt, Table, TerrainArea};
use crate::roster::line_abreast;
use crate::roster::{Figure, Role, Side, Unit};
use crate::rules::{self, Bound, OwnKeys, RuleSystem, Ruleset, Setup, SetupCheck, System, struct_fields};

/// A scenario that has passed every check: its units stand on the table, every kind is in the ruleset,
/// every option is one the ruleset knows, and its rule system has read and checked its own fields.
#[derive(Debug, Clone)]
pub struct Scenario {
    pub file: String,
    pub source: String,
    pub title: String,
    pub description: String,
    pub table: Table,
    pub terrain: Vec<TerrainArea>,
    pub sides: Vec<Side>,
    pub units: Vec<Unit>,
    pub options: BTreeMap<String, serde_json::Value>,
    pub ruleset: Arc<Ruleset>,
    /// The rule system, bound to its charts and to this scenario's fields for it.
    pub rules: Arc<dyn System>,
}

pub fn load_file(path: &Path) -> Result<Scenario, ScenarioError> {
    let (name, source) = read_text(path)?;
    parse(&name, &source)
}

/// A file's name as errors show it, and its text; a folder, a missing file or bytes that are not UTF-8
/// are refused saying which.
pub(crate) fn read_text(path: &Path) -> Result<(String, String), ScenarioError> {
    let name = path.display().to_string();
    let whole = |message: String| ScenarioError::whole_file(&name, message);
    if path.is_dir() {
        return Err(whole("is a folder; name a scenario's .toml file".into()));
    }
    let bytes = std::fs::read(path).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => whole("no such file".into()),
        _ => whole(format!("cannot read the file: {e}")),
    })?;
    let source = String::from_utf8(bytes).map_err(|e| {
        let valid = e.utf8_error().valid_up_to();
        let before = std::str::from_utf8(&e.as_bytes()[..valid]).expect("valid up to here");
        ScenarioError::at(&name, before, valid, format!("byte {valid} is not UTF-8 text; save the file as UTF-8"))
    })?;
    Ok((name, source))
}

/// Reads a scenario: its `[scenario] system` names the rule system that reads the rest.
pub fn parse(file: &str, source: &str) -> Result<Scenario, ScenarioError> {
    read(file, source, Reading::New)
}

/// Reads the scenario a game was stored with. Before each rule system read its own keys, every system's
/// keys were shared, and a scenario could carry another system's (`morale` on a Sand Pebbles unit) with no
/// effect; a game stored then must keep opening, so another system's keys are passed over here. Any
/// other unknown key is refused as in `parse`.
pub fn parse_stored(file: &str, source: &str) -> Result<Scenario, ScenarioError> {
    read(file, source, Reading::Stored)
}

/// Every system's side and unit keys as they were when all were shared: fixed, because only games stored
/// then can carry another system's keys; a key a later system adds was never valid in an older game.
const SHARED_BEFORE_EACH_SYSTEM_READ_ITS_OWN: OwnKeys =
    OwnKeys { sides: &["western"], units: &["aboard", "morale", "hidden"] };

#[derive(PartialEq)]
enum Reading {
    New,
    Stored,
}

fn read(file: &str, source: &str, reading: Reading) -> Result<Scenario, ScenarioError> {
    if source.len() > bounds::MAX_FILE_BYTES {
        let limit = bounds::MAX_FILE_BYTES;
        return Err(ScenarioError::whole_file(
            file,
            format!("{} bytes; a scenario holds at most {limit}", source.len()),
        ));
    }
    let root = DeTable::parse(source).map_err(|e| ScenarioError::from_toml(file, source, &e))?;
    let system =
        root.get_ref().get("scenario").and_then(|h| h.get_ref().get("system")).map(|s| (s.get_ref(), s.span()));
    let Some((value, span)) = system else {
        return Err(ScenarioError::whole_file(file, "[scenario] needs `system`, the rule system it is played with"));
    };
    let Some(id) = value.as_str() else {
        return Err(ScenarioError::at(file, source, span.start, "`system` is a rule system's id, in quotes"));
    };
    let Some(registration) = rules::system(id) else {
        let known = rules::known_ids().join(", ");
        return Err(ScenarioError::at(file, source, span.start, format!("unknown rule system {id:?}; known: {known}")));
    };
    let passed_over: &[OwnKeys] = match reading {
        Reading::New => &[],
        Reading::Stored => &[SHARED_BEFORE_EACH_SYSTEM_READ_ITS_OWN],
    };
    registration.load(file, source, root.into_inner(), passed_over)
}

/// Builds a scenario of system `S` from its parsed document: the shared parts here, the system's own
/// keys of each side and unit read by `S`, and `S`'s checks of the whole.
pub(crate) fn build<'i, S: RuleSystem>(
    file: &str,
    source: &'i str,
    mut root: DeTable<'i>,
    ruleset: Arc<Ruleset>,
    charts: Arc<S::Charts>,
    passed_over: &[OwnKeys],
) -> Result<Scenario, ScenarioError> {
    let at = |span: std::ops::Range<usize>, msg: String| ScenarioError::at(file, source, span.start, msg);
    let entries = |root: &mut DeTable<'i>, key: &str| -> Result<Vec<Spanned<DeValue<'i>>>, ScenarioError> {
        match root.remove(key).map(|v| (v.span(), v.into_inner())) {
            Some((_, DeValue::Array(items))) => Ok(items.into_iter().collect()),
            Some((span, _)) => Err(at(span, format!("`{key}` is a list of [[{key}]] tables"))),
            None => Err(ScenarioError::whole_file(file, format!("missing field `{key}`"))),
        }
    };
    let side_entries = entries(&mut root, "sides")?;
    let unit_entries = entries(&mut root, "units")?;
    let (raw, own): (ScenarioFile, S::ScenarioFields) =
        split(Spanned::new(0..source.len(), DeValue::Table(root)), "scenario", &ruleset.name, &[], (file, source))?;
    let table = read_table::<S>(&raw, &own).map_err(|(span, msg)| match span.is_empty() {
        true => ScenarioError::whole_file(file, msg),
        false => at(span, msg),
    })?;

    let mut sides = Vec::new();
    let mut side_entries_read = Vec::new();
    let mut setup = Setup::<S> { scenario: own, units: BTreeMap::new(), sides: BTreeMap::new() };
    let mut side_ids = BTreeSet::new();
    for entry in side_entries {
        let (side, own): (SideEntry, S::SideFields) =
            split(entry, "sides", &ruleset.name, passed_over, (file, source))?;
        if !side_ids.insert(side.id.get_ref().clone()) {
            return Err(at(side.id.span(), format!("side {:?} is listed twice", side.id.get_ref())));
        }
        if side_ids.len() > bounds::MAX_SIDES {
            return Err(at(
                side.id.span(),
                format!("more than {} sides; a table holds at most that many", bounds::MAX_SIDES),
            ));
        }
        let deployment = match &side.deployment {
            Some(outline) => {
                let points: Vec<Pt> = outline.get_ref().iter().map(|&Xy { x, y }| Pt { x, y }).collect();
                if points.len() < 3 {
                    return Err(at(outline.span(), "a deployment zone needs at least 3 corners".into()));
                }
                Some(Polygon::new(points))
            }
            None => None,
        };
        sides.push(Side {
            id: side.id.get_ref().clone(),
            name: side.name.clone(),
            colour: side.colour.clone(),
            edge: Edge::North,
            deployment,
        });
        setup.sides.insert(side.id.get_ref().clone(), own);
        side_entries_read.push(side);
    }

    let mut terrain = Vec::new();
    for entry in &raw.terrain {
        let points: Vec<Pt> = entry.polygon.get_ref().iter().map(|&Xy { x, y }| Pt { x, y }).collect();
        if points.len() < 3 {
            return Err(at(entry.polygon.span(), format!("terrain {:?} needs at least 3 corners", entry.name)));
        }
        let flow = match &entry.flow {
            Some(flow) => {
                let Xy { x, y } = *flow.get_ref();
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
    for entry in unit_entries {
        let (unit, own): (UnitEntry, S::UnitFields) =
            split(entry, "units", &ruleset.name, passed_over, (file, source))?;
        if !unit_ids.insert(unit.id.get_ref().clone()) {
            return Err(at(unit.id.span(), format!("unit id {:?} is used twice", unit.id.get_ref())));
        }
        if !side_ids.contains(unit.side.get_ref()) {
            let known: Vec<&str> = side_ids.iter().map(String::as_str).collect();
            return Err(at(
                unit.side.span(),
                format!("no side {:?}; sides are: {}", unit.side.get_ref(), known.join(", ")),
            ));
        }
        if ruleset.kind(unit.kind.get_ref()).is_none() {
            return Err(at(
                unit.kind.span(),
                format!(
                    "{} has no unit kind {:?}; kinds are: {}",
                    ruleset.name,
                    unit.kind.get_ref(),
                    ruleset.kind_ids().join(", ")
                ),
            ));
        }
        let placed = S::stands_at(&setup.scenario, &own, unit.facing.0).map_err(|msg| at(unit.id.span(), msg))?;
        let mut built = build_unit(&unit, S::FIGURES, placed, &table).map_err(|(span, msg)| at(span, msg))?;
        let side = sides.iter().find(|s| &s.id == unit.side.get_ref()).expect("the side was checked above");
        if let Some(zone) = &side.deployment
            && let Some(out) = built.figures.iter().find(|f| !zone.contains(f.pos))
        {
            let span = unit.at.as_ref().map(|a| a.span()).or(unit.positions.as_ref().map(|p| p.span()));
            return Err(at(
                span.unwrap_or(unit.id.span()),
                format!(
                    "{} stands outside the deployment zone of {} (a figure at {:.1}, {:.1})",
                    unit.name, side.name, out.pos.x, out.pos.y
                ),
            ));
        }
        built.flags.extend(S::starting_flags(&own));
        units.push(built);
        setup.units.insert(unit.id.get_ref().clone(), own);
    }

    for (side, entry) in sides.iter_mut().zip(&side_entries_read) {
        side.edge = match &entry.edge {
            Some(edge) => Edge::parse(edge.get_ref()).ok_or_else(|| {
                at(edge.span(), format!("edge {:?} is not one of north, south, west, east", edge.get_ref()))
            })?,
            None => entry_edge(&table, units.iter().filter(|u| u.side == side.id)),
        };
    }

    let side_spans: Vec<_> = side_entries_read.iter().map(|e| e.id.span()).collect();
    let check = SetupCheck {
        units: &units,
        sides: &sides,
        side_spans: &side_spans,
        setup: &setup,
        terrain: &terrain,
        table: &table,
    };
    S::check_setup(&check).map_err(|(span, msg)| at(span, msg))?;
    let options = check_options(&raw.options, &ruleset).map_err(|(span, msg)| at(span, msg))?;
    let rules = Arc::new(Bound::<S>::new(charts, setup, &ruleset.kind_ids()));

    Ok(Scenario {
        file: file.to_string(),
        source: source.to_string(),
        title: raw.scenario.title,
        description: raw.scenario.description,
        table,
        terrain,
        sides,
        units,
        options,
        ruleset,
        rules,
    })
}

/// Reads a `[[sides]]` or `[[units]]` entry: its shared keys into `G`, its rule system's own into `F`.
/// A key neither knows is refused at its line, with both lists of keys, unless `passed_over` has it.
fn split<'i, G: DeserializeOwned, F: DeserializeOwned>(
    entry: Spanned<DeValue<'i>>,
    list: &str,
    system: &str,
    passed_over: &[OwnKeys],
    (file, source): (&str, &str),
) -> Result<(G, F), ScenarioError> {
    let span = entry.span();
    let DeValue::Table(table) = entry.into_inner() else {
        return Err(ScenarioError::at(file, source, span.start, format!("each entry of `{list}` is a table")));
    };
    let (shared_keys, own_keys) = (struct_fields::<G>(), struct_fields::<F>());
    let (mut shared, mut own) = (DeTable::new(), DeTable::new());
    for (key, value) in table {
        if shared_keys.contains(&key.get_ref().as_ref()) {
            shared.insert(key, value);
        } else if own_keys.contains(&key.get_ref().as_ref()) {
            own.insert(key, value);
        } else if passed_over.iter().any(|keys| keys.of(list).contains(&key.get_ref().as_ref())) {
            continue;
        } else {
            let own_list = if own_keys.is_empty() {
                String::new()
            } else {
                format!("; in {system} also: {}", own_keys.join(", "))
            };
            let place = if list == "scenario" { "a scenario's top level".to_string() } else { format!("[[{list}]]") };
            let message =
                format!("unknown key `{}` in {place}: keys are {}{own_list}", key.get_ref(), shared_keys.join(", "));
            return Err(ScenarioError::at(file, source, key.span().start, message));
        }
    }
    let read = |table: DeTable<'i>| toml::de::Deserializer::from(Spanned::new(span.clone(), table));
    let located = |e: toml::de::Error| match e.span() {
        Some(_) => ScenarioError::from_toml(file, source, &e),
        None => ScenarioError::at(file, source, span.start, e.message().trim().to_string()),
    };
    Ok((G::deserialize(read(shared)).map_err(located)?, F::deserialize(read(own)).map_err(located)?))
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
    /// Whether an on-or-off option is on; one the game was created without is off.
    pub fn option(&self, name: &str) -> bool {
        self.options.get(name).and_then(serde_json::Value::as_bool).unwrap_or(false)
    }

    /// The id of the rule system it is played with.
    pub fn system(&self) -> &'static str {
        self.rules.id()
    }

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

/// The table in inches: `[scenario] table`, or the one the system's own keys make; both must agree.
fn read_table<S: RuleSystem>(raw: &ScenarioFile, own: &S::ScenarioFields) -> Result<Table, Located> {
    let made = S::table(own);
    let Some(size) = &raw.scenario.table else {
        return made.ok_or_else(|| (0..0, "[scenario] needs `table = { width = ..., depth = ... }` in inches".into()));
    };
    for (name, side) in [("width", &size.width), ("depth", &size.depth)] {
        let inches = side.get_ref().0;
        if !(inches > 0.0 && inches <= bounds::MAX_TABLE) {
            return Err((
                side.span(),
                format!("the table's {name} is {inches}\"; it must be more than 0 and at most {}\"", bounds::MAX_TABLE),
            ));
        }
    }
    let given = Table { width: size.width.get_ref().0, depth: size.depth.get_ref().0 };
    match made {
        Some(made) if (made.width - given.width).abs() > 0.01 || (made.depth - given.depth).abs() > 0.01 => Err((
            size.width.span(),
            format!(
                "the board makes the table {:.2}\" x {:.2}\"; leave `table` out or make it agree",
                made.width, made.depth
            ),
        )),
        _ => Ok(given),
    }
}

fn build_unit(entry: &UnitEntry, figures: Option<u32>, placed: Option<Pt>, table: &Table) -> Result<Unit, Located> {
    let count = match (&entry.figures, figures) {
        (Some(given), _) => *given.get_ref(),
        (None, Some(every)) => every,
        (None, None) => return Err((entry.id.span(), "the unit needs `figures`, its count of figures".into())),
    };
    let figures_span = entry.figures.as_ref().map_or(entry.id.span(), |f| f.span());
    let leaders = u32::from(entry.leader);
    if count == 0 {
        return Err((figures_span.clone(), "a unit needs at least one figure".into()));
    }
    if count > bounds::MAX_FIGURES {
        return Err((figures_span.clone(), format!("{count} figures; a unit holds at most {}", bounds::MAX_FIGURES)));
    }
    if leaders.saturating_add(entry.crew) > count {
        return Err((figures_span.clone(), format!("{count} figures cannot hold a leader and {} crew", entry.crew)));
    }
    let spacing = entry.spacing.get_ref().0;
    if !(0.0..=bounds::MAX_SPACING).contains(&spacing) {
        return Err((entry.spacing.span(), format!("spacing {spacing}\" is not from 0 to {}\"", bounds::MAX_SPACING)));
    }
    let (points, span) = match (&entry.at, &entry.positions) {
        (Some(at), None) => {
            let Xy { x, y } = *at.get_ref();
            (line_abreast(Pt { x, y }, entry.facing.0, count, spacing), at.span())
        }
        (None, Some(list)) => {
            if list.get_ref().len() != count as usize {
                return Err((list.span(), format!("{} positions given for {count} figures", list.get_ref().len())));
            }
            (list.get_ref().iter().map(|&Xy { x, y }| Pt { x, y }).collect(), list.span())
        }
        (Some(at), Some(_)) => return Err((at.span(), "give either `at` or `positions`, not both".into())),
        (None, None) => match placed {
            Some(spot) => (line_abreast(spot, entry.facing.0, count, spacing), entry.id.span()),
            None => return Err((entry.id.span(), "the unit needs `at = [x, y]` or `positions`".into())),
        },
    };
    if placed.is_some()
        && let Some(at) = entry.at.as_ref().map(|a| a.span()).or(entry.positions.as_ref().map(|p| p.span()))
    {
        return Err((at, "the unit's square places it; leave out `at` and `positions`".into()));
    }
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
        facing: entry.facing.0.rem_euclid(360.0),
        figures,
        flags: BTreeSet::new(),
        fallen: Vec::new(),
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

    /// A small scenario, played with the first system the registry lists and a unit of its first kind.
    const GOOD: &str = r#"
[scenario]
system = "SYSTEM"
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
kind = "KIND"
figures = 10
at = [20, 20]
"#;

    fn kinds() -> Vec<String> {
        rules::systems()[0].ruleset().kind_ids().iter().map(|k| k.to_string()).collect()
    }

    fn good() -> String {
        GOOD.replace("SYSTEM", rules::systems()[0].id()).replace("KIND", &kinds()[0])
    }

    #[test]
    fn a_good_scenario_loads_with_its_figures() {
        let s = parse("good.toml", &good()).unwrap();
        assert_eq!(s.units[0].figures.len(), 10);
        assert_eq!(s.units[0].figures[0].role, Role::Leader);
        assert_eq!(s.units[0].figures[0].pos, Pt { x: 20.0, y: 20.0 });
        assert_eq!(s.rules.id(), rules::systems()[0].id());
    }

    #[test]
    fn broken_toml_names_the_line() {
        let src = good().replacen("title = \"Test\"", "title = = broken", 1);
        let err = parse("bad.toml", &src).unwrap_err();
        assert_eq!(err.line, Some(4), "{err}");
        assert!(err.to_string().starts_with("bad.toml, line 4"), "{err}");
    }

    #[test]
    fn an_unknown_side_names_its_line() {
        let src = good().replacen("side = \"allies\"", "side = \"french\"", 1);
        let err = parse("bad.toml", &src).unwrap_err();
        assert_eq!(err.line, Some(18));
        assert!(err.message.contains("no side \"french\""), "{err}");
    }

    #[test]
    fn an_unknown_kind_lists_the_kinds() {
        let src = good().replacen(&format!("kind = \"{}\"", kinds()[0]), "kind = \"martians\"", 1);
        let err = parse("bad.toml", &src).unwrap_err();
        assert!(err.message.contains("martians") && err.message.contains(&kinds()[1]), "{err}");
    }

    /// Found by probing the checker (issue 17): each was accepted, silently changed, or built millions of
    /// figures before failing. Each is refused at its line, saying what is wrong.
    #[test]
    fn values_no_table_could_hold_are_refused_at_their_line() {
        let terrain = "\n[[terrain]]\nname = \"River\"\ncover = \"open\"\npolygon = [[0, 0], [10, 0], [10, 10]]\n";
        let line_of = |src: &str, text: &str| Some(src[..src.find(text).unwrap()].matches('\n').count() + 1);
        for (from, to, at, says) in [
            ("figures = 10", "figures = 4294967295", "figures", "a unit holds at most 500"),
            ("at = [20, 20]", "at = [20, 20, 999]", "at =", "this has 3"),
            ("at = [20, 20]", "at = [nan, 20]", "at =", "not a point"),
            ("width = 72", "width = inf", "width", "inf is not a number"),
            ("width = 72", "width = 1e308", "width", "at most 1000"),
            ("width = 72", "width = 0", "width", "more than 0"),
            ("depth = 48", "depth = -4", "depth", "more than 0"),
            ("figures = 10", "figures = 10\nspacing = -1", "spacing", "spacing -1"),
            ("figures = 10", "figures = 10\nfacing = nan", "facing", "NaN is not a number"),
            ("figures = 10", "figures = 10\ncrew = 4294967295", "figures", "cannot hold a leader"),
        ] {
            let src = good().replacen(from, to, 1);
            let err = parse("bad.toml", &src).unwrap_err();
            assert!(err.message.contains(says) && err.line == line_of(&src, at), "{to}: {err}");
        }
        for (polygon, says) in
            [("[[0, 0], [10, nan], [10, 10]]", "not a point"), ("[[0, 0], [10, 0, 1], [10, 10]]", "this has 3")]
        {
            let src = good() + &terrain.replace("[[0, 0], [10, 0], [10, 10]]", polygon);
            let err = parse("bad.toml", &src).unwrap_err();
            assert!(err.message.contains(says) && err.line == line_of(&src, "polygon"), "{polygon}: {err}");
        }
        let river = good() + terrain + "flow = [nan, 1]\n";
        assert!(parse("bad.toml", &river).unwrap_err().message.contains("not a point"));
        let huge = good() + &"# padding\n".repeat(120_000);
        assert!(parse("big.toml", &huge).unwrap_err().message.contains("a scenario holds at most"));
    }

    #[test]
    fn a_file_that_is_not_a_scenario_says_why_and_where() {
        let dir = tempfile::tempdir().unwrap();
        let err = load_file(dir.path()).unwrap_err();
        assert!(err.message.contains("is a folder"), "{err}");
        let err = load_file(&dir.path().join("missing.toml")).unwrap_err();
        assert!(err.message.contains("no such file"), "{err}");
        let latin1 = dir.path().join("latin1.toml");
        let text = good();
        let at = text.find("Marines").unwrap() + 1;
        let mut bytes = text.clone().into_bytes();
        bytes[at] = 0xE9;
        std::fs::write(&latin1, bytes).unwrap();
        let err = load_file(&latin1).unwrap_err();
        let line = text[..at].matches('\n').count() + 1;
        assert!(err.message.contains(&format!("byte {at} is not UTF-8")) && err.line == Some(line), "{err}");
    }

    /// Found by a referee replaying games stored before the seam: a scenario carrying another system's
    /// unit key was stored with its game, and must keep opening with it; a new scenario is still refused.
    #[test]
    fn a_stored_game_keeps_the_keys_another_system_reads_and_a_new_scenario_does_not() {
        assert_eq!(good().lines().find(|l| l.starts_with("system")), Some("system = \"sand-pebbles\""));
        for key in ["morale", "hidden"] {
            let src = good().replacen("figures = 10", &format!("figures = 10\n{key} = true"), 1);
            let err = parse("new.toml", &src).unwrap_err();
            assert!(err.message.contains(&format!("unknown key `{key}`")), "{err}");
            assert_eq!(parse_stored("stored.toml", &src).unwrap().units[0].figures.len(), 10);
        }
        // A key no system shared then was never valid in a stored game, whichever system reads it now.
        for key in ["figurs", "stand_value"] {
            let src = good().replacen("figures = 10", &format!("figures = 10\n{key} = 3"), 1);
            assert!(parse_stored("stored.toml", &src).unwrap_err().message.contains(key));
        }
    }

    #[test]
    fn a_misspelt_key_is_an_error_at_its_line_naming_the_keys_a_unit_takes() {
        let src = good().replacen("figures = 10", "figures = 10\nfigurs = 3", 1);
        let err = parse("bad.toml", &src).unwrap_err();
        assert_eq!(err.line, Some(21), "{err}");
        assert!(err.message.contains("figurs") && err.message.contains("figures"), "{err}");
    }

    #[test]
    fn a_shared_key_of_the_wrong_type_is_an_error_at_its_line() {
        let src = good().replacen("figures = 10", "figures = \"ten\"", 1);
        let err = parse("bad.toml", &src).unwrap_err();
        assert_eq!(err.line, Some(20), "{err}");
    }

    #[test]
    fn a_figure_off_the_table_is_refused() {
        let src = good().replacen("at = [20, 20]", "at = [71.5, 20]", 1);
        let err = parse("bad.toml", &src).unwrap_err();
        assert!(err.message.contains("off the 72\" x 48\" table"), "{err}");
    }

    #[test]
    fn an_unknown_system_is_refused() {
        let src = good().replacen(rules::systems()[0].id(), "tiddlywinks", 1);
        let err = parse("bad.toml", &src).unwrap_err();
        assert_eq!(err.line, Some(3));
        assert!(err.message.contains("tiddlywinks"), "{err}");
    }
}
