//! Applies the editor's changes to a scenario's text. Each change names a field by its path; what is not
//! named is left exactly as written, comments included.

use serde::{Deserialize, Serialize};
use toml_edit::{ArrayOfTables, DocumentMut, Item, Table, Value};

use super::path::PathStep;
use super::value::{to_table, to_value};

/// One change the editor makes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(tag = "op", rename_all = "snake_case")]
pub enum Edit {
    /// Sets the field at `path` to `value`, making the tables on the way if they are missing.
    Set { path: Vec<PathStep>, value: serde_json::Value },
    /// Takes the field or list entry at `path` out.
    Remove { path: Vec<PathStep> },
    /// Adds `value` at the end of the list at `path`, making the list if it is missing: a unit to
    /// `units`, a corner to a terrain polygon.
    Append { path: Vec<PathStep>, value: serde_json::Value },
}

/// The text with every change made in order; the first that cannot be made refuses them all, saying why.
pub fn apply_edits(source: &str, edits: &[Edit]) -> Result<String, String> {
    let mut document: DocumentMut =
        source.parse().map_err(|e: toml_edit::TomlError| format!("the text does not read as TOML: {}", e.message()))?;
    for edit in edits {
        apply(&mut document, edit)?;
    }
    Ok(document.to_string())
}

fn apply(document: &mut DocumentMut, edit: &Edit) -> Result<(), String> {
    match edit {
        Edit::Set { path, value } => {
            let (last, parent) = split(path)?;
            let slot = walk(Slot::Table(document.as_table_mut()), parent, true)?;
            set(slot, last, value, parent.is_empty())
        }
        Edit::Remove { path } => {
            let (last, parent) = split(path)?;
            let slot = walk(Slot::Table(document.as_table_mut()), parent, false)?;
            remove(slot, last).ok_or_else(|| format!("there is no {} to remove", shown(path)))
        }
        Edit::Append { path, value } => {
            let (last, parent) = split(path)?;
            let PathStep::Key(key) = last else { return Err(format!("{} is not a list's name", shown(path))) };
            let slot = walk(Slot::Table(document.as_table_mut()), parent, true)?;
            append(slot, key, value, parent.is_empty()).map_err(|why| format!("{}: {why}", shown(path)))
        }
    }
}

/// A place in the document an edit walks through: a table (the root, a `[table]`, an entry of
/// `[[units]]`) or a value written in a line (an inline table, an array).
enum Slot<'a> {
    Table(&'a mut Table),
    Value(&'a mut Value),
    /// A `[[list]]` of tables named without an entry: what an edit of one whole entry walks to.
    Tables(&'a mut ArrayOfTables),
}

/// Steps in one edit's path. The deepest field a scenario has is a few steps down (`units[3].at[0]`); a
/// path far longer is no field, and walking it would build tables inside tables until writing them out
/// overflowed the stack, so it is refused before any is made.
pub const MAX_PATH_STEPS: usize = 16;

fn split(path: &[PathStep]) -> Result<(&PathStep, &[PathStep]), String> {
    if path.len() > MAX_PATH_STEPS {
        return Err(format!(
            "an edit's path has {} steps; no field of a scenario is more than {MAX_PATH_STEPS} deep",
            path.len()
        ));
    }
    path.split_last().ok_or_else(|| "an edit needs the path of a field".into())
}

fn walk<'a>(mut slot: Slot<'a>, path: &[PathStep], make: bool) -> Result<Slot<'a>, String> {
    let mut depth = 0;
    while depth < path.len() {
        let here = shown(&path[..=depth]);
        slot = match (slot, &path[depth]) {
            (Slot::Table(table), PathStep::Key(key)) => {
                if !table.contains_key(key) {
                    if !make {
                        return Err(format!("there is no {here}"));
                    }
                    table.insert(key, Item::Value(Value::InlineTable(Default::default())));
                }
                match table.get_mut(key).expect("just made") {
                    Item::Table(inner) => Slot::Table(inner),
                    Item::Value(value) => Slot::Value(value),
                    // An entry of `[[units]]`: the list and the entry's number are one step into a table.
                    Item::ArrayOfTables(tables) => {
                        let Some(PathStep::Index(i)) = path.get(depth + 1) else {
                            if depth + 1 == path.len() {
                                return Ok(Slot::Tables(tables));
                            }
                            return Err(format!("{here} is a list; name an entry"));
                        };
                        let len = tables.len();
                        depth += 1;
                        Slot::Table(tables.get_mut(*i as usize).ok_or_else(|| format!("{here} has {len} entries"))?)
                    }
                    Item::None => return Err(format!("there is no {here}")),
                }
            }
            (Slot::Table(_), PathStep::Index(_)) => {
                return Err(format!("{} is a table, not a list", shown(&path[..depth])));
            }
            (Slot::Value(Value::InlineTable(table)), PathStep::Key(key)) => {
                if !table.contains_key(key) {
                    if !make {
                        return Err(format!("there is no {here}"));
                    }
                    table.insert(key, Value::InlineTable(Default::default()));
                }
                Slot::Value(table.get_mut(key).expect("just made"))
            }
            (Slot::Value(Value::Array(array)), PathStep::Index(i)) => {
                let len = array.len();
                Slot::Value(
                    array.get_mut(*i as usize).ok_or_else(|| format!("{} has {len} entries", shown(&path[..depth])))?,
                )
            }
            (Slot::Value(_), _) => return Err(format!("{} holds a single value", shown(&path[..depth]))),
            (Slot::Tables(_), _) => unreachable!("a list of tables is only handed back as the walk's end"),
        };
        depth += 1;
    }
    Ok(slot)
}

/// A path as a player reads it: `units[3].at`.
pub fn shown(path: &[PathStep]) -> String {
    let mut text = String::new();
    for step in path {
        match step {
            PathStep::Key(key) if text.is_empty() => text.push_str(key),
            PathStep::Key(key) => {
                text.push('.');
                text.push_str(key);
            }
            PathStep::Index(i) => text.push_str(&format!("[{i}]")),
        }
    }
    if text.is_empty() { "the whole file".into() } else { text }
}

fn set(slot: Slot<'_>, last: &PathStep, json: &serde_json::Value, at_root: bool) -> Result<(), String> {
    match (slot, last) {
        (Slot::Table(table), PathStep::Key(key)) => {
            let item = top_item(json, at_root)?;
            match (table.get_mut(key), item) {
                // Keep the comment written after the old value.
                (Some(Item::Value(old)), Item::Value(mut new)) => {
                    *new.decor_mut() = old.decor().clone();
                    *old = new;
                }
                (_, item) => {
                    table.insert(key, item);
                }
            }
            Ok(())
        }
        (Slot::Value(Value::InlineTable(table)), PathStep::Key(key)) => {
            let mut new = to_value(json)?;
            if let Some(old) = table.get(key) {
                *new.decor_mut() = old.decor().clone();
            }
            table.insert(key, new);
            Ok(())
        }
        (Slot::Value(Value::Array(array)), PathStep::Index(i)) => {
            let len = array.len();
            let old = array
                .get_mut(*i as usize)
                .ok_or_else(|| format!("the list has {len} entries, not {}", u64::from(*i) + 1))?;
            let mut new = to_value(json)?;
            *new.decor_mut() = old.decor().clone();
            *old = new;
            Ok(())
        }
        (Slot::Tables(tables), PathStep::Index(i)) => {
            let len = tables.len();
            let old = tables
                .get_mut(*i as usize)
                .ok_or_else(|| format!("the list has {len} entries, not {}", u64::from(*i) + 1))?;
            let mut new = to_table(json)?;
            *new.decor_mut() = old.decor().clone();
            *old = new;
            Ok(())
        }
        _ => Err("that field cannot be set there".into()),
    }
}

/// A value for a key of a `[table]`: a list of objects at the top is a `[[list]]` of tables, an object
/// at the top a `[table]`; everything else is written in one line.
fn top_item(json: &serde_json::Value, at_root: bool) -> Result<Item, String> {
    match json {
        serde_json::Value::Array(items) if at_root && !items.is_empty() && items.iter().all(|i| i.is_object()) => {
            let mut tables = ArrayOfTables::new();
            for item in items {
                tables.push(to_table(item)?);
            }
            Ok(Item::ArrayOfTables(tables))
        }
        serde_json::Value::Object(_) if at_root => Ok(Item::Table(to_table(json)?)),
        _ => Ok(Item::Value(to_value(json)?)),
    }
}

fn remove(slot: Slot<'_>, last: &PathStep) -> Option<()> {
    match (slot, last) {
        (Slot::Table(table), PathStep::Key(key)) => table.remove(key).map(|_| ()),
        (Slot::Value(Value::InlineTable(table)), PathStep::Key(key)) => table.remove(key).map(|_| ()),
        (Slot::Value(Value::Array(array)), PathStep::Index(i)) if (*i as usize) < array.len() => {
            array.remove(*i as usize);
            Some(())
        }
        (Slot::Tables(tables), PathStep::Index(i)) if (*i as usize) < tables.len() => {
            tables.remove(*i as usize);
            Some(())
        }
        _ => None,
    }
}

fn append(slot: Slot<'_>, key: &str, json: &serde_json::Value, at_root: bool) -> Result<(), String> {
    match slot {
        Slot::Table(table) => match table.get_mut(key) {
            // A new scenario's `units = []`: its first unit makes it a `[[units]]` list like any other, and
            // the list goes after the tables already written (a key at the top would put it before
            // `[scenario]`, where nobody reading the file looks for units).
            Some(Item::Value(Value::Array(array))) if array.is_empty() && at_root && json.is_object() => {
                table.remove(key);
                let mut tables = ArrayOfTables::new();
                tables.push(to_table(json)?);
                table.insert(key, Item::ArrayOfTables(tables));
                Ok(())
            }
            Some(Item::ArrayOfTables(tables)) => {
                tables.push(to_table(json)?);
                Ok(())
            }
            Some(Item::Value(Value::Array(array))) => {
                array.push(to_value(json)?);
                Ok(())
            }
            Some(_) => Err("is not a list".into()),
            None if at_root && json.is_object() => {
                let mut tables = ArrayOfTables::new();
                tables.push(to_table(json)?);
                table.insert(key, Item::ArrayOfTables(tables));
                Ok(())
            }
            None => {
                let mut array = toml_edit::Array::new();
                array.push(to_value(json)?);
                table.insert(key, Item::Value(Value::Array(array)));
                Ok(())
            }
        },
        Slot::Value(Value::InlineTable(table)) => match table.get_mut(key) {
            Some(Value::Array(array)) => {
                array.push(to_value(json)?);
                Ok(())
            }
            Some(_) => Err("is not a list".into()),
            None => {
                let mut array = toml_edit::Array::new();
                array.push(to_value(json)?);
                table.insert(key, Value::Array(array));
                Ok(())
            }
        },
        Slot::Value(_) | Slot::Tables(_) => Err("is inside a single value".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn path(steps: serde_json::Value) -> Vec<PathStep> {
        serde_json::from_value(steps).unwrap()
    }

    const FILE: &str = "# A hand-written comment stays.\n[scenario]\ntitle = \"Old\" # the title\ntable = { width = 72, depth = 48 }\n\n[[units]]\nid = \"a\"\nat = [1, 2]\n\n[[units]]\nid = \"b\"\n";

    #[test]
    fn a_set_keeps_the_comments_and_the_rest_as_written() {
        let text =
            apply_edits(FILE, &[Edit::Set { path: path(json!(["scenario", "title"])), value: json!("New") }]).unwrap();
        assert!(text.contains("# A hand-written comment stays."), "{text}");
        assert!(text.contains("title = \"New\" # the title"), "{text}");
        assert!(text.contains("table = { width = 72, depth = 48 }"), "{text}");
    }

    #[test]
    fn units_are_added_changed_and_removed_by_their_place() {
        let edits = [
            Edit::Append { path: path(json!(["units"])), value: json!({"id": "c", "at": [3.5, 4.0]}) },
            Edit::Set { path: path(json!(["units", 0, "at", 1])), value: json!(9) },
            Edit::Set { path: path(json!(["scenario", "table", "width"])), value: json!(60) },
            Edit::Remove { path: path(json!(["units", 1])) },
        ];
        let text = apply_edits(FILE, &edits).unwrap();
        let doc: toml::Table = toml::from_str(&text).unwrap();
        let units = doc["units"].as_array().unwrap();
        assert_eq!(units.len(), 2);
        assert_eq!(units[0]["at"].as_array().unwrap()[1].as_integer(), Some(9));
        assert_eq!(units[1]["id"].as_str(), Some("c"));
        assert_eq!(units[1]["at"].as_array().unwrap()[1].as_integer(), Some(4), "a whole number is written as one");
        assert_eq!(doc["scenario"]["table"]["width"].as_integer(), Some(60));
    }

    #[test]
    fn the_first_unit_of_an_empty_list_starts_a_list_of_tables() {
        let text =
            apply_edits("units = []\n", &[Edit::Append { path: path(json!(["units"])), value: json!({"id": "a"}) }])
                .unwrap();
        assert!(text.contains("[[units]]") && !text.contains("units = ["), "{text}");
        let blank = "units = []\n\n[scenario]\ntitle = \"A\"\n\n[[sides]]\nid = \"x\"\n";
        let text =
            apply_edits(blank, &[Edit::Append { path: path(json!(["units"])), value: json!({"id": "a"}) }]).unwrap();
        assert!(text.find("[scenario]") < text.find("[[units]]"), "the units follow the scenario's header:\n{text}");
        assert!(text.find("[[sides]]") < text.find("[[units]]"), "and its sides:\n{text}");
    }

    #[test]
    fn a_list_of_tables_is_made_where_none_was() {
        let text = apply_edits(
            FILE,
            &[Edit::Append {
                path: path(json!(["terrain"])),
                value: json!({"name": "Wood", "polygon": [[0, 0], [1, 0], [1, 1]]}),
            }],
        )
        .unwrap();
        assert!(text.contains("[[terrain]]"), "{text}");
    }

    #[test]
    fn a_path_deeper_than_any_field_is_refused_before_a_table_is_made() {
        let deep = Edit::Set { path: vec![PathStep::Key("a".into()); 60_000], value: serde_json::json!(1) };
        let why = apply_edits("title = 'x'\n", &[deep]).unwrap_err();
        assert!(why.contains("60000 steps"), "{why}");
        let just = Edit::Set { path: vec![PathStep::Key("a".into()); MAX_PATH_STEPS], value: serde_json::json!(1) };
        assert!(apply_edits("title = 'x'\n", &[just]).is_ok());
    }

    #[test]
    fn an_entry_far_past_the_end_of_a_list_is_refused_saying_how_many_it_has() {
        for at in [json!(["units", u32::MAX]), json!(["units", 0, "at", u32::MAX])] {
            let why = apply_edits(FILE, &[Edit::Set { path: path(at), value: json!(1) }]).unwrap_err();
            assert!(why.contains("not 4294967296"), "{why}");
        }
    }

    #[test]
    fn a_value_nested_deeper_than_any_field_is_refused_before_it_is_written() {
        let deep =
            |n: usize| serde_json::from_str::<serde_json::Value>(&format!("{}1{}", "[".repeat(n), "]".repeat(n)));
        let set = |n| Edit::Set { path: path(json!(["scenario", "a", "b", "c"])), value: deep(n).unwrap() };
        let why = apply_edits(FILE, &[set(100)]).unwrap_err();
        assert!(why.contains("100 deep"), "{why}");
        let text = apply_edits(FILE, &[set(super::super::value::MAX_VALUE_DEPTH)]).unwrap();
        assert!(text.parse::<DocumentMut>().is_ok(), "what is written reads back");
        let unit = json!({"id": "c", "at": deep(40).unwrap()});
        assert!(apply_edits(FILE, &[Edit::Append { path: path(json!(["units"])), value: unit }]).is_err());
    }

    #[test]
    fn an_edit_that_cannot_be_made_refuses_all_and_says_where() {
        let edits = [
            Edit::Set { path: path(json!(["scenario", "title"])), value: json!("New") },
            Edit::Remove { path: path(json!(["units", 7])) },
        ];
        let why = apply_edits(FILE, &edits).unwrap_err();
        assert!(why.contains("units[7]"), "{why}");
        assert!(apply_edits("[scenario\n", &[]).unwrap_err().contains("TOML"));
    }
}
