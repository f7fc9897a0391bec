//! A new scenario of a system: its sides and its own top-level tables (a board of squares, a siege's zone
//! map) as its first shipped scenario has them, with no units and no terrain (unless those tables name
//! it), so the editor starts from
//! a file the system's loader knows the shape of.

use crate::rules;

/// The keys every scenario reads; anything else at the top belongs to the system.
const SHARED_KEYS: [&str; 5] = ["scenario", "options", "terrain", "units", "sides"];

pub fn blank_scenario(system: &str) -> Result<String, String> {
    let registration = rules::system(system)
        .ok_or_else(|| format!("unknown rule system {system:?}; known: {}", rules::known_ids().join(", ")))?;
    let first = registration.scenarios().first().ok_or_else(|| format!("{system} ships no scenario to start from"))?;
    let shipped: toml::Table = toml::from_str(first.source).map_err(|e| e.to_string())?;
    let mut header = toml::Table::new();
    header.insert("system".into(), system.into());
    header.insert("title".into(), "New scenario".into());
    header.insert("description".into(), "".into());
    if let Some(table) = shipped.get("scenario").and_then(|s| s.get("table")) {
        header.insert("table".into(), table.clone());
    }
    let mut blank = toml::Table::new();
    blank.insert("scenario".into(), header.into());
    for (key, value) in &shipped {
        if !SHARED_KEYS.contains(&key.as_str()) {
            blank.insert(key.clone(), value.clone());
        }
    }
    blank.insert("sides".into(), shipped.get("sides").cloned().unwrap_or(toml::Value::Array(Vec::new())));
    blank.insert("units".into(), toml::Value::Array(Vec::new()));
    let bare = toml::to_string(&blank).map_err(|e| e.to_string())?;
    // A system's own tables may name terrain (a siege's buildings); then the blank keeps the terrain.
    if crate::scenario::parse("blank", &bare).is_err()
        && let Some(terrain) = shipped.get("terrain")
    {
        blank.insert("terrain".into(), terrain.clone());
        return toml::to_string(&blank).map_err(|e| e.to_string());
    }
    Ok(bare)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_system_has_a_blank_with_its_sides_and_no_units() {
        for id in rules::known_ids() {
            let text = blank_scenario(id).unwrap();
            let doc: toml::Table = toml::from_str(&text).unwrap();
            assert_eq!(doc["scenario"]["system"].as_str(), Some(id));
            assert!(doc["units"].as_array().unwrap().is_empty(), "{id}");
            assert!(doc["sides"].as_array().unwrap().len() >= 2, "{id}");
        }
        assert!(blank_scenario("chess").unwrap_err().contains("unknown rule system"));
    }
}
