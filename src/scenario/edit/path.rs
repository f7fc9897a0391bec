//! Where in a scenario a key sits, as the editor names its fields: `units`, 3, `at`. A loader error at a
//! byte offset is turned into the path of the deepest key or entry around it, so the editor shows the
//! error at that field.

use serde::{Deserialize, Serialize};
use toml_edit::{Document, Item, Table, Value};

/// One step into a scenario document: a key of a table, or an entry of a list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(untagged)]
pub enum PathStep {
    Index(u32),
    Key(String),
}

/// The path of the innermost key, table or list entry whose text holds `offset`; empty when the offset
/// is outside every key (or the text does not parse).
pub fn path_at(source: &str, offset: usize) -> Vec<PathStep> {
    let Ok(document) = Document::parse(source) else { return Vec::new() };
    let mut path = Vec::new();
    in_table(document.as_table(), offset, &mut path);
    path
}

fn holds(span: Option<std::ops::Range<usize>>, offset: usize) -> bool {
    span.is_some_and(|s| s.start <= offset && offset < s.end.max(s.start + 1))
}

fn in_table(table: &Table, offset: usize, path: &mut Vec<PathStep>) -> bool {
    for (key, item) in table.iter() {
        let key_span = table.key(key).and_then(|k| k.span());
        path.push(PathStep::Key(key.to_string()));
        if in_item(item, offset, path) || holds(key_span, offset) {
            return true;
        }
        path.pop();
    }
    false
}

fn in_item(item: &Item, offset: usize, path: &mut Vec<PathStep>) -> bool {
    match item {
        Item::Table(table) => in_table(table, offset, path) || holds(table.span(), offset),
        Item::ArrayOfTables(tables) => tables.iter().enumerate().any(|(i, table)| {
            path.push(PathStep::Index(i as u32));
            let found = in_table(table, offset, path) || holds(table.span(), offset);
            if !found {
                path.pop();
            }
            found
        }),
        Item::Value(value) => in_value(value, offset, path),
        Item::None => false,
    }
}

fn in_value(value: &Value, offset: usize, path: &mut Vec<PathStep>) -> bool {
    match value {
        Value::InlineTable(table) => {
            for (key, inner) in table.iter() {
                path.push(PathStep::Key(key.to_string()));
                if in_value(inner, offset, path) {
                    return true;
                }
                path.pop();
            }
            holds(value.span(), offset)
        }
        Value::Array(array) => {
            for (i, inner) in array.iter().enumerate() {
                path.push(PathStep::Index(i as u32));
                if in_value(inner, offset, path) {
                    return true;
                }
                path.pop();
            }
            holds(value.span(), offset)
        }
        _ => holds(value.span(), offset),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(k: &str) -> PathStep {
        PathStep::Key(k.into())
    }

    #[test]
    fn an_offset_names_the_innermost_field() {
        let src = "[scenario]\ntitle = \"A\"\ntable = { width = 72, depth = 48 }\n\n[[units]]\nid = \"a\"\n\n[[units]]\nid = \"b\"\nat = [80, 3]\n";
        let at = src.find("80").unwrap();
        assert_eq!(path_at(src, at), vec![key("units"), PathStep::Index(1), key("at"), PathStep::Index(0)]);
        let depth = src.find("48").unwrap();
        assert_eq!(path_at(src, depth), vec![key("scenario"), key("table"), key("depth")]);
        let id = src.find("\"b\"").unwrap();
        assert_eq!(path_at(src, id), vec![key("units"), PathStep::Index(1), key("id")]);
    }

    #[test]
    fn text_that_does_not_parse_has_no_path() {
        assert!(path_at("[scenario\n", 3).is_empty());
    }
}
