//! A game view sent as what changed since the view a device already holds, rather than whole. A device
//! applies the change to the view it holds and has the view the server built, exactly; one that missed a
//! change (its version is not the change's `from`) asks for the whole view instead.
//!
//! The change is a patch of the view's JSON, worked out part by part:
//! - `{"=": value}`: the part is `value`, whole;
//! - `{"~": {name: patch, …}, "gone": [name, …]}`: an object whose named fields change or go;
//! - `{"keyed": key, "order": [k, …], "items": [[k, patch], …]}`: a list of objects each with its own `key`
//!   (units by `id`, log entries by `seq`): the list as it now stands, in order, each item the one the
//!   device holds under that key with its patch made, or new (its patch whole);
//! - `{"len": n, "at": [[i, patch], …]}`: any other list, now `n` long, each item the one the device
//!   holds at that place with its patch made, or new.
//!
//! So a unit that moved sends its changed figures, not the other seventy units.
//!
//! Both views a change is worked out from have already been made for the asking seat (`GameView::seen`),
//! so a change carries nothing its seat may not see: every value in it is taken from the newer view.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use super::views::GameView;

/// The keys a list's items are known by, tried in order: a list whose every item has one is keyed.
const KEYS: [&str; 2] = ["id", "seq"];

/// A view as a device is sent it: the view, its JSON, and its version (`GameView::version`), a digest of
/// everything else in it, so two views built from the same game for the same seat carry the same version
/// wherever they were built.
#[derive(Debug, Clone)]
pub struct SentView {
    pub view: GameView,
    pub json: Value,
}

impl SentView {
    pub fn of(mut view: GameView) -> SentView {
        view.version = String::new();
        let mut json = as_json(&view);
        view.version = format!("{}.{:016x}", view.log_total, digest(&json));
        json["version"] = Value::String(view.version.clone());
        SentView { view, json }
    }

    pub fn version(&self) -> &str {
        &self.view.version
    }
}

/// A digest of a view's JSON, walked part by part (maps in name order: serde_json's are sorted), so the same
/// view has the same digest in every process running this build. Walked rather than written out as text:
/// no number or string is formatted to be hashed.
fn digest(json: &Value) -> u64 {
    use std::hash::{BuildHasher, Hasher};
    fn walk(value: &Value, h: &mut impl Hasher) {
        match value {
            Value::Null => h.write_u8(0),
            Value::Bool(b) => h.write_u8(1 + u8::from(*b)),
            // Each kind of number its own tag: 1 and 1.0 are written differently, so they differ here too.
            Value::Number(n) => {
                if let Some(u) = n.as_u64() {
                    h.write_u8(3);
                    h.write_u64(u);
                } else if let Some(i) = n.as_i64() {
                    h.write_u8(7);
                    h.write_i64(i);
                } else {
                    h.write_u8(8);
                    h.write_u64(n.as_f64().unwrap_or(f64::NAN).to_bits());
                }
            }
            Value::String(s) => {
                h.write_u8(4);
                h.write_usize(s.len());
                h.write(s.as_bytes());
            }
            Value::Array(items) => {
                h.write_u8(5);
                h.write_usize(items.len());
                items.iter().for_each(|item| walk(item, h));
            }
            Value::Object(fields) => {
                h.write_u8(6);
                h.write_usize(fields.len());
                for (name, field) in fields {
                    h.write_usize(name.len());
                    h.write(name.as_bytes());
                    walk(field, h);
                }
            }
        }
    }
    let mut hasher = foldhash::quality::FixedState::with_seed(0x0053_616e_6474_6162).build_hasher();
    walk(json, &mut hasher);
    hasher.finish()
}

/// What changed between two views of one game for one seat.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct ViewChange {
    pub game: i64,
    /// The version of the view it applies to, and of the view it makes (`GameView::version`).
    pub from: String,
    pub to: String,
    /// The patch of the view's JSON (see the module's words); none when nothing changed.
    pub patch: Option<Value>,
    /// In an action's answer, the entry (its `seq`) that action made: not always the newest, when another
    /// device's action was stored in the same turn. None for a change heard live.
    #[serde(default)]
    pub made: Option<u32>,
}

impl ViewChange {
    /// What makes `new` out of `old`; both views of one game for one seat.
    pub fn between(old: &SentView, new: &SentView) -> ViewChange {
        ViewChange {
            game: new.view.id,
            from: old.version().to_string(),
            to: new.version().to_string(),
            // Equal versions are equal views: a live entry of a turn whose change went with an earlier one.
            patch: if old.version() == new.version() { None } else { diff(&old.json, &new.json) },
            made: None,
        }
    }

    /// The view a device holds, as it was sent (JSON), with the change made; an error when the change is
    /// not for it (another game or version), when the device must ask for the whole view instead.
    pub fn apply(&self, view: &Value) -> Result<Value, String> {
        let (game, at) = (view.get("id").and_then(Value::as_i64), view.get("version").and_then(Value::as_str));
        if game != Some(self.game) || at != Some(self.from.as_str()) {
            return Err(format!(
                "the change is from game {} at {}, the view is game {game:?} at {at:?}",
                self.game, self.from
            ));
        }
        match &self.patch {
            Some(patch) => patched(view, patch),
            None => Ok(view.clone()),
        }
    }
}

fn as_json(view: &GameView) -> Value {
    serde_json::to_value(view).expect("a view is JSON")
}

/// The patch that makes `new` of `old`; none when they are equal.
fn diff(old: &Value, new: &Value) -> Option<Value> {
    if old == new {
        return None;
    }
    Some(match (old, new) {
        (Value::Object(o), Value::Object(n)) => object_diff(o, n),
        (Value::Array(o), Value::Array(n)) => match key_of(o).zip(key_of(n)).filter(|(a, b)| a == b) {
            Some((key, _)) => list_diff(key, o, n),
            None => {
                // A list by place whose items mostly changed spells out more than the list: sent whole.
                let patch = placed_diff(o, n);
                if patch.to_string().len() < new.to_string().len() { patch } else { json!({ "=": new }) }
            }
        },
        _ => json!({ "=": new }),
    })
}

fn object_diff(old: &Map<String, Value>, new: &Map<String, Value>) -> Value {
    let changed: Map<String, Value> =
        new.iter().filter_map(|(name, value)| Some((name.clone(), changed_to(old.get(name), value)?))).collect();
    let gone: Vec<&String> = old.keys().filter(|name| !new.contains_key(*name)).collect();
    if gone.is_empty() { json!({ "~": changed }) } else { json!({ "~": changed, "gone": gone }) }
}

/// The patch for a field now `value` that was `held` (or absent).
fn changed_to(held: Option<&Value>, value: &Value) -> Option<Value> {
    match held {
        Some(held) => diff(held, value),
        None => Some(json!({ "=": value })),
    }
}

/// The key every item of a list is known by, once each, if there is one (a list with no items has none).
fn key_of(items: &[Value]) -> Option<&'static str> {
    if items.is_empty() {
        return None;
    }
    KEYS.into_iter().find(|key| {
        let keys: std::collections::HashSet<String> =
            items.iter().filter_map(|item| item.get(key).filter(|k| !k.is_null())).map(Value::to_string).collect();
        keys.len() == items.len()
    })
}

fn placed_diff(old: &[Value], new: &[Value]) -> Value {
    let at: Vec<Value> =
        new.iter().enumerate().filter_map(|(i, item)| Some(json!([i, changed_to(old.get(i), item)?]))).collect();
    json!({ "len": new.len(), "at": at })
}

fn list_diff(key: &str, old: &[Value], new: &[Value]) -> Value {
    // Keys are strings or numbers: looked up by their JSON text, once each.
    let by_key: std::collections::HashMap<String, &Value> =
        old.iter().filter_map(|item| Some((item.get(key)?.to_string(), item))).collect();
    let held = |k: &Value| by_key.get(&k.to_string()).copied();
    let items: Vec<Value> = new
        .iter()
        .filter_map(|item| {
            let k = item.get(key)?;
            let patch = changed_to(held(k), item)?;
            Some(json!([k, patch]))
        })
        .collect();
    let order: Vec<&Value> = new.iter().filter_map(|item| item.get(key)).collect();
    json!({ "keyed": key, "order": order, "items": items })
}

/// `held` with `patch` made.
fn patched(held: &Value, patch: &Value) -> Result<Value, String> {
    if let Some(value) = patch.get("=") {
        return Ok(value.clone());
    }
    if let Some(fields) = patch.get("~").and_then(Value::as_object) {
        let mut object = held.as_object().cloned().ok_or("a patch of fields for a part that is not an object")?;
        for (name, part) in fields {
            let now = match object.get(name) {
                Some(before) => patched(before, part)?,
                None => patched(&Value::Null, part)?,
            };
            object.insert(name.clone(), now);
        }
        for name in patch.get("gone").and_then(Value::as_array).into_iter().flatten() {
            object.remove(name.as_str().unwrap_or_default());
        }
        return Ok(Value::Object(object));
    }
    if let Some(key) = patch.get("keyed").and_then(Value::as_str) {
        let list = held.as_array().ok_or("a keyed patch for a part that is not a list")?;
        let patches = patch.get("items").and_then(Value::as_array).ok_or("a keyed patch without items")?;
        let order = patch.get("order").and_then(Value::as_array).ok_or("a keyed patch without its order")?;
        return order
            .iter()
            .map(|k| {
                let before = list.iter().find(|item| item.get(key) == Some(k));
                match patches.iter().find(|p| p.get(0) == Some(k)).and_then(|p| p.get(1)) {
                    Some(part) => patched(before.unwrap_or(&Value::Null), part),
                    None => before.cloned().ok_or_else(|| format!("the list names {k}, which the view does not hold")),
                }
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Value::Array);
    }
    if let Some(len) = patch.get("len").and_then(Value::as_u64) {
        let list = held.as_array().ok_or("a placed patch for a part that is not a list")?;
        let patches = patch.get("at").and_then(Value::as_array).ok_or("a placed patch without its items")?;
        return (0..len as usize)
            .map(|i| {
                let before = list.get(i);
                match patches.iter().find(|p| p.get(0).and_then(Value::as_u64) == Some(i as u64)).and_then(|p| p.get(1))
                {
                    Some(part) => patched(before.unwrap_or(&Value::Null), part),
                    None => before.cloned().ok_or_else(|| format!("the list's item {i} is not in the view")),
                }
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Value::Array);
    }
    Err(format!("a patch of no known form: {patch}"))
}
