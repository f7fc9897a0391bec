//! A field's new value as the editor sends it (JSON) turned into TOML: whole numbers stay integers (a
//! figure count, a coordinate typed as 23), objects inside a line become inline tables.

use toml_edit::{Array, InlineTable, Table, Value};

/// Lists and tables inside one another in one edit's value. No field of a scenario nests more than a few
/// (a polygon's corners, a table of keys); the file is read back by a parser that stops at 80, counting
/// the tables the path walks through too, so a deeper value would leave the draft a file that no longer
/// reads.
pub const MAX_VALUE_DEPTH: usize = 32;

pub fn to_value(json: &serde_json::Value) -> Result<Value, String> {
    within_depth(json)?;
    value_of(json)
}

fn within_depth(json: &serde_json::Value) -> Result<(), String> {
    fn depth(json: &serde_json::Value) -> usize {
        match json {
            serde_json::Value::Array(items) => 1 + items.iter().map(depth).max().unwrap_or(0),
            serde_json::Value::Object(fields) => 1 + fields.values().map(depth).max().unwrap_or(0),
            _ => 0,
        }
    }
    match depth(json) {
        deep if deep > MAX_VALUE_DEPTH => Err(format!(
            "a value of lists and tables {deep} deep; no field of a scenario is more than {MAX_VALUE_DEPTH}"
        )),
        _ => Ok(()),
    }
}

fn value_of(json: &serde_json::Value) -> Result<Value, String> {
    Ok(match json {
        serde_json::Value::Bool(b) => Value::from(*b),
        serde_json::Value::Number(n) => number(n)?,
        serde_json::Value::String(s) => Value::from(s.as_str()),
        serde_json::Value::Array(items) => {
            let mut array = Array::new();
            for item in items {
                array.push(value_of(item)?);
            }
            Value::Array(array)
        }
        serde_json::Value::Object(fields) => {
            let mut table = InlineTable::new();
            for (key, item) in fields {
                table.insert(key, value_of(item)?);
            }
            Value::InlineTable(table)
        }
        serde_json::Value::Null => return Err("a field cannot be set to nothing; remove it instead".into()),
    })
}

/// An object as a `[table]` of its own (a unit in `[[units]]`), its inner objects inline.
pub fn to_table(json: &serde_json::Value) -> Result<Table, String> {
    let serde_json::Value::Object(fields) = json else { return Err("an entry of this list is a table of keys".into()) };
    within_depth(json)?;
    let mut table = Table::new();
    for (key, item) in fields {
        table.insert(key, toml_edit::Item::Value(value_of(item)?));
    }
    Ok(table)
}

fn number(n: &serde_json::Number) -> Result<Value, String> {
    if let Some(i) = n.as_i64() {
        return Ok(Value::from(i));
    }
    let f = n.as_f64().ok_or("a number too large for a scenario")?;
    // JavaScript sends 23 as 23 but 23.000000001 from a drag; a whole number reads better as one.
    if f.fract() == 0.0 && f.abs() < 9.0e15 {
        return Ok(Value::from(f as i64));
    }
    Ok(Value::from(f))
}
