//! The scenario editor's changes (`edit_scenario`: set, remove and append, each at a path of keys and
//! list entries, with a JSON value), made by `scenario::edit::apply_edits` to a scenario's text. Texts are
//! the shipped and stored scenarios, now and then mutated as the scenario target mutates them; paths are
//! the file's own (every key and entry it has), changed (cut short, an entry at or past the list's end,
//! a step more, a key for an entry), long (just under and over `MAX_PATH_STEPS`, up to 60,000 steps) or
//! odd; values plausible (a part of some scenario, a number, a point) or odd (deep, huge, empty, keys no
//! scenario has). The edits are sent as JSON text and read as the command reads them.
//!
//! The promise: the edits are refused with a message, or the text they give is read back by `toml_edit`;
//! a path over `MAX_PATH_STEPS` is always refused; and, for a single edit, the value set or appended is
//! read back at its path, a removed one is gone, and no other top-level key has changed.

use std::fmt;
use std::sync::OnceLock;

use sandtable::scenario::edit::{Edit, MAX_PATH_STEPS, PathStep, apply_edits};
use sandtable::serve::MOST_BODY_BYTES;
use serde_json::{Map, Value, json};

use crate::corpus::scenario_texts;
use crate::mutate::{EDGE_NUMBERS, edge_string};
use crate::rng::Rng;

pub struct Input {
    pub origin: usize,
    /// The text edited, when it is not the origin's as it is.
    pub mutant: Option<String>,
    /// The edits as the command receives them: a JSON array.
    pub edits: String,
}

impl Input {
    fn text(&self) -> &str {
        self.mutant.as_deref().unwrap_or(&scenario_texts()[self.origin].source)
    }
}

impl fmt::Display for Input {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let origin = &scenario_texts()[self.origin].name;
        writeln!(f, "edits {}", self.edits)?;
        match &self.mutant {
            None => write!(f, "on {origin} as it is"),
            Some(text) => write!(f, "on a mutant of {origin}:\n{text}"),
        }
    }
}

/// What the generator knows of each corpus text: the file as values, and every path in it (with the
/// length of the list a path names, if it names one).
struct Known {
    json: Value,
    paths: Vec<(Vec<Value>, Option<usize>)>,
}

fn known() -> &'static [Known] {
    static KNOWN: OnceLock<Vec<Known>> = OnceLock::new();
    KNOWN.get_or_init(|| {
        scenario_texts()
            .iter()
            .map(|t| {
                let json = as_json(&t.source).unwrap_or(Value::Null);
                let mut paths = Vec::new();
                collect_paths(&json, &mut Vec::new(), &mut paths);
                Known { json, paths }
            })
            .collect()
    })
}

fn collect_paths(value: &Value, here: &mut Vec<Value>, into: &mut Vec<(Vec<Value>, Option<usize>)>) {
    match value {
        Value::Object(fields) => {
            for (key, inner) in fields {
                here.push(json!(key));
                into.push((here.clone(), inner.as_array().map(Vec::len)));
                collect_paths(inner, here, into);
                here.pop();
            }
        }
        Value::Array(items) => {
            for (i, inner) in items.iter().enumerate() {
                here.push(json!(i));
                into.push((here.clone(), inner.as_array().map(Vec::len)));
                collect_paths(inner, here, into);
                here.pop();
            }
        }
        _ => {}
    }
}

/// A TOML text as JSON values, as the `toml` crate reads it.
fn as_json(text: &str) -> Option<Value> {
    let table: toml::Table = toml::from_str(text).ok()?;
    serde_json::to_value(table).ok()
}

pub fn generate(rng: &mut Rng) -> Input {
    let origin = rng.below(scenario_texts().len());
    let mutant = rng.one_in(4).then(|| super::scenario::mutated(rng, &scenario_texts()[origin].source));
    let count = if rng.one_in(10) { rng.between(5, 30) } else { rng.between(1, 3) };
    let mut edits: Vec<String> = (0..count).map(|_| an_edit(rng, &known()[origin])).collect();
    // What `sandtable serve` takes in one request, text and edits together: past it the door answers 413
    // before the editor sees the edits.
    let text_bytes = mutant.as_ref().unwrap_or(&scenario_texts()[origin].source).len();
    while edits.len() > 1 && text_bytes + edits.iter().map(|e| e.len() + 1).sum::<usize>() > MOST_BODY_BYTES {
        edits.pop();
    }
    Input { origin, mutant, edits: format!("[{}]", edits.join(",")) }
}

/// One edit as JSON text: mostly well formed, now and then with a field missing, an op no editor sends, or
/// a step that is no step.
fn an_edit(rng: &mut Rng, known: &Known) -> String {
    let op = ["set", "remove", "append"][rng.weighted(&[5, 2, 3])];
    let path = a_path(rng, known);
    let mut edit = json!({"op": op, "path": path});
    if op != "remove" || rng.one_in(20) {
        edit["value"] = a_value(rng, known);
    }
    match rng.below(40) {
        0 => edit["op"] = json!(rng.pick(&["Set", "replace", "", "remove "])),
        1 => drop(edit.as_object_mut().map(|e| e.remove("path"))),
        2 => edit["path"] = rng.pick(&[json!("units"), json!({}), Value::Null, json!([[]])]).clone(),
        3 => {
            let odd = [json!(-1), json!(1.5), Value::Null, json!(4294967296u64), json!(true), json!({})];
            let odd = rng.pick(&odd).clone();
            if let Some(steps) = edit["path"].as_array_mut() {
                let at = rng.below(steps.len() + 1);
                steps.insert(at, odd);
            }
        }
        _ => {}
    }
    let text = edit.to_string();
    // Deep values are written as text, since `Value` itself would need the nesting to build them.
    match deep_text(rng) {
        Some(deep) if edit.get("value").is_some() => {
            let Value::Object(mut fields) = edit else { unreachable!("an edit is an object") };
            fields.remove("value");
            let rest = Value::Object(fields).to_string();
            format!("{},\"value\":{deep}}}", &rest[..rest.len() - 1])
        }
        _ => text,
    }
}

fn a_path(rng: &mut Rng, known: &Known) -> Value {
    let real = |rng: &mut Rng| {
        if known.paths.is_empty() { (vec![json!("scenario")], None) } else { rng.pick(&known.paths).clone() }
    };
    let steps: Vec<Value> = match rng.weighted(&[6, 4, 1, 1, 1]) {
        0 => real(rng).0,
        1 => {
            let (mut steps, len) = real(rng);
            match rng.below(6) {
                // An entry at or past the end of the list the path names, or far past it.
                0 => {
                    let len = len.unwrap_or(0) as u64;
                    let i = *rng.pick(&[len, len + 1, len.saturating_sub(1), u64::from(u32::MAX), 0]);
                    steps.push(json!(i));
                }
                // The path cut short.
                1 => steps.truncate(rng.below(steps.len().max(1))),
                // A step more: a key no file has, or an entry.
                2 => steps.push(if rng.one_in(2) { json!(a_key(rng)) } else { json!(rng.below(4)) }),
                // A key where an entry stands, or an entry where a key does.
                3 if !steps.is_empty() => {
                    let at = rng.below(steps.len());
                    steps[at] = if steps[at].is_string() { json!(rng.below(3)) } else { json!(a_key(rng)) };
                }
                // The last key another of the file's, or an odd one.
                4 if !steps.is_empty() => {
                    let last = steps.len() - 1;
                    steps[last] = json!(a_key(rng));
                }
                _ => {
                    let (more, _) = real(rng);
                    steps.extend(more);
                }
            }
            steps
        }
        2 => {
            let len = *rng.pick(&[MAX_PATH_STEPS - 1, MAX_PATH_STEPS, MAX_PATH_STEPS + 1, 100, 1000, 20_000, 60_000]);
            let (start, _) = real(rng);
            // Short keys, as the 100 KB request of 20,000 steps had: a long path of long keys is
            // past the door's body limit before it is an edit.
            let key = *rng.pick(&["a", "x", "units", "at"]);
            let mut steps = start;
            while steps.len() < len {
                steps.push(if rng.one_in(4) { json!(0) } else { json!(key) });
            }
            steps.truncate(len);
            steps
        }
        3 => Vec::new(),
        _ => (0..rng.between(1, 4))
            .map(|_| if rng.one_in(3) { json!(rng.below(3)) } else { json!(a_key(rng)) })
            .collect(),
    };
    Value::Array(steps)
}

fn a_key(rng: &mut Rng) -> String {
    match rng.below(8) {
        0 => edge_string(rng),
        1 => rng.pick(&["", "a.b", "[units]", "#", "=", "\"", "'", "\n", " x ", "units", "scenario", "at"]).to_string(),
        _ => rng
            .pick(&[
                "title", "units", "terrain", "sides", "id", "at", "figures", "kind", "table", "width", "polygon", "x",
            ])
            .to_string(),
    }
}

/// A value: a part of some scenario (a unit, a point, a table), a plain one, or an odd one.
fn a_value(rng: &mut Rng, known: &Known) -> Value {
    match rng.weighted(&[4, 4, 2, 2]) {
        0 => {
            let other = rng.pick(known_texts());
            let whole = if rng.one_in(2) { &known.json } else { &other.json };
            a_part(rng, whole)
        }
        1 => match rng.below(7) {
            0 => json!(rng.between(0, 100)),
            1 => json!(rng.float()),
            2 => json!([rng.between(0, 72), rng.between(0, 48)]),
            3 => json!(edge_string(rng)),
            4 => json!(rng.one_in(2)),
            5 => json!({"id": format!("fuzz-{}", rng.below(100)), "at": [rng.float(), rng.float()]}),
            _ => json!("a title"),
        },
        2 => {
            let number = rng.pick::<&str>(EDGE_NUMBERS).to_string();
            // JSON has no nan or inf, and some edge numbers are not JSON: those stay strings.
            serde_json::from_str(&number).unwrap_or_else(|_| json!(number))
        }
        _ => match rng.below(9) {
            0 => Value::Null,
            1 => json!([]),
            2 => json!({}),
            3 => json!("x".repeat(rng.between(1000, 200_000))),
            4 => Value::Array((0..rng.between(100, 20_000)).map(|i| json!(i)).collect()),
            5 => json!([{"id": "a"}, 1, {"id": "b"}]),
            6 => json!({"": 1, "a.b": {"c": [1, {"d": null}]}}),
            7 => json!([[]]),
            _ => Value::Array((0..rng.between(2, 300)).map(|i| json!({"id": format!("u{i}"), "at": [1, 2]})).collect()),
        },
    }
}

fn known_texts() -> &'static [Known] {
    known()
}

/// Some part of a file's values, found by a short random walk down from the top.
fn a_part(rng: &mut Rng, whole: &Value) -> Value {
    let mut here = whole;
    for _ in 0..rng.below(5) {
        here = match here {
            Value::Object(fields) if !fields.is_empty() => {
                fields.values().nth(rng.below(fields.len())).expect("below len")
            }
            Value::Array(items) if !items.is_empty() => rng.pick(items),
            _ => break,
        };
    }
    here.clone()
}

/// Now and then a value nested deep, as text: under serde_json's limit of 128, at it and past it.
fn deep_text(rng: &mut Rng) -> Option<String> {
    if !rng.one_in(25) {
        return None;
    }
    let depth = *rng.pick(&[20, 100, 126, 127, 128, 129, 300, 100_000]);
    Some(if rng.one_in(2) {
        format!("{}1{}", "[".repeat(depth), "]".repeat(depth))
    } else {
        format!("{}1{}", "{\"a\":".repeat(depth), "}".repeat(depth))
    })
}

pub fn exercise(input: &Input) {
    let edits: Vec<Edit> = match serde_json::from_str(&input.edits) {
        Ok(edits) => edits,
        // Refused at the door, as the command's arguments: the message is shown.
        Err(refused) => return drop(refused.to_string()),
    };
    let text = input.text();
    let result = apply_edits(text, &edits);
    let too_long = edits.iter().position(|e| path_of(e).len() > MAX_PATH_STEPS);
    match &result {
        Err(why) => assert!(!why.trim().is_empty(), "a refusal without a message"),
        Ok(_) => assert!(too_long.is_none(), "an edit's path of more than {MAX_PATH_STEPS} steps was made"),
    }
    let why = result.as_ref().err().map(String::as_str).unwrap_or_default();
    if too_long == Some(0) && !why.starts_with("the text does not read") {
        assert!(why.contains("steps"), "the first edit's path is too long, but the refusal says {why:?}");
    }
    let Ok(out) = result else { return };
    if let Err(e) = out.parse::<toml_edit::DocumentMut>() {
        panic!("the edited text does not read back ({e}):\n{out}");
    }
    if let [edit] = &edits[..] {
        reads_back(text, &out, edit);
    }
}

fn path_of(edit: &Edit) -> &[PathStep] {
    match edit {
        Edit::Set { path, .. } | Edit::Remove { path } | Edit::Append { path, .. } => path,
    }
}

/// One edit made is read back where it was made, and nothing else at the top of the file changed.
fn reads_back(before: &str, after: &str, edit: &Edit) {
    let (Some(old), Some(new)) = (as_json(before), as_json(after)) else {
        // toml_edit read both; the `toml` crate reading values differs only on what neither wrote.
        return;
    };
    let path = path_of(edit);
    match edit {
        Edit::Set { value, .. } => {
            let found = at(&new, path);
            assert_eq!(found, Some(&as_written(value)), "the value set is not read back at {path:?}");
        }
        Edit::Remove { .. } => match path.split_last() {
            Some((PathStep::Index(_), parent)) => {
                // A list of tables emptied is no longer written at all: TOML has no `[[list]]` of none.
                let len = |doc: &Value| at(doc, parent).and_then(Value::as_array).map_or(0, Vec::len);
                assert_eq!(len(&new) + 1, len(&old), "the list at {parent:?} is not one shorter");
            }
            _ => assert_eq!(at(&new, path), None, "{path:?} is still there after its removal"),
        },
        Edit::Append { value, .. } => {
            let list = at(&new, path).and_then(Value::as_array);
            let was = at(&old, path).and_then(Value::as_array).map_or(0, Vec::len);
            assert_eq!(list.map(Vec::len), Some(was + 1), "the list at {path:?} is not one longer");
            assert_eq!(list.and_then(|l| l.last()), Some(&as_written(value)), "the value appended is not last");
        }
    }
    let touched = match path.first() {
        Some(PathStep::Key(key)) => Some(key.as_str()),
        _ => None,
    };
    let (Value::Object(old), Value::Object(new)) = (old, new) else { return };
    for (key, value) in &old {
        if Some(key.as_str()) != touched {
            assert_eq!(new.get(key), Some(value), "{key} changed, but the edit was at {path:?}");
        }
    }
    let added: Vec<&String> = new.keys().filter(|k| !old.contains_key(*k) && Some(k.as_str()) != touched).collect();
    assert!(added.is_empty(), "{added:?} appeared, but the edit was at {path:?}");
}

fn at<'a>(doc: &'a Value, path: &[PathStep]) -> Option<&'a Value> {
    path.iter().try_fold(doc, |here, step| match step {
        PathStep::Key(key) => here.as_object()?.get(key),
        PathStep::Index(i) => here.as_array()?.get(*i as usize),
    })
}

/// A JSON value as the editor writes it into TOML and TOML reads it back: a whole number (below 9e15)
/// is an integer, any other number a float.
fn as_written(value: &Value) -> Value {
    match value {
        Value::Number(n) => match n.as_i64() {
            Some(i) => json!(i),
            None => {
                let f = n.as_f64().unwrap_or(f64::NAN);
                if f.fract() == 0.0 && f.abs() < 9.0e15 { json!(f as i64) } else { json!(f) }
            }
        },
        Value::Array(items) => Value::Array(items.iter().map(as_written).collect()),
        Value::Object(fields) => {
            Value::Object(fields.iter().map(|(k, v)| (k.clone(), as_written(v))).collect::<Map<String, Value>>())
        }
        other => other.clone(),
    }
}

pub fn warm_up() {
    let _ = known();
}
