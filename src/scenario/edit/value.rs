//! A field's new value as the editor sends it (JSON) turned into TOML: whole numbers stay integers (a
//! figure count, a coordinate typed as 23), objects inside a line become inline tables.

use toml_edit::{Array, InlineTable, Table, Value};

pub fn to_value(json: &serde_json::Value) -> Result<Value, String> {
    Ok(match json {
        serde_json::Value::Bool(b) => Value::from(*b),
        serde_json::Value::Number(n) => number(n)?,
        serde_json::Value::String(s) => Value::from(s.as_str()),
        serde_json::Value::Array(items) => {
            let mut array = Array::new();
            for item in items {
                array.push(to_value(item)?);
            }
            Value::Array(array)
        }
        serde_json::Value::Object(fields) => {
            let mut table = InlineTable::new();
            for (key, item) in fields {
                table.insert(key, to_value(item)?);
            }
            Value::InlineTable(table)
        }
        serde_json::Value::Null => return Err("a field cannot be set to nothing; remove it instead".into()),
    })
}

/// An object as a `[table]` of its own (a unit in `[[units]]`), its inner objects inline.
pub fn to_table(json: &serde_json::Value) -> Result<Table, String> {
    let serde_json::Value::Object(fields) = json else { return Err("an entry of this list is a table of keys".into()) };
    let mut table = Table::new();
    for (key, item) in fields {
        table.insert(key, toml_edit::Item::Value(to_value(item)?));
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
