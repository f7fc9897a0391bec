//! A scenario's text with some units' `figures` changed, the rest of it kept as written (comments, order,
//! layout), so the text stored with a game that carried units in still reads as the scenario it came from.

use std::collections::BTreeMap;

use toml_edit::{DocumentMut, Item, TableLike};

/// `source` with each unit named in `figures` (by id) given that many figures. An explicit `positions`
/// list that no longer has one place per figure is dropped, so the loader sets the figures out from `at`
/// (the first of the old places, where the unit gave no `at`).
pub(super) fn with_figures(source: &str, figures: &BTreeMap<String, u32>) -> Result<String, String> {
    let mut doc: DocumentMut = source.parse().map_err(|e| format!("the scenario's text does not read: {e}"))?;
    let mut units: Vec<&mut dyn TableLike> = match doc.get_mut("units") {
        Some(Item::ArrayOfTables(list)) => list.iter_mut().map(|t| t as &mut dyn TableLike).collect(),
        Some(Item::Value(value)) => value
            .as_array_mut()
            .map(|list| list.iter_mut().filter_map(|v| v.as_inline_table_mut()).map(|t| t as &mut dyn TableLike))
            .into_iter()
            .flatten()
            .collect(),
        _ => Vec::new(),
    };
    let mut changed = Vec::new();
    for unit in units.iter_mut() {
        let Some(id) = unit.get("id").and_then(Item::as_str).map(str::to_string) else { continue };
        let Some(&count) = figures.get(&id) else { continue };
        match unit.get_mut("figures").and_then(Item::as_value_mut) {
            // The number changes; a comment after it stays.
            Some(old) => {
                let decor = old.decor().clone();
                *old = toml_edit::Value::from(i64::from(count));
                *old.decor_mut() = decor;
            }
            None => {
                unit.insert("figures", toml_edit::value(i64::from(count)));
            }
        }
        let places = unit.get("positions").and_then(Item::as_array).map(|list| (list.len(), list.get(0).cloned()));
        if let Some((placed, first)) = places
            && placed != count as usize
        {
            unit.remove("positions");
            if let (false, Some(first)) = (unit.contains_key("at"), first) {
                unit.insert("at", Item::Value(first));
            }
        }
        changed.push(id);
    }
    if let Some(missing) = figures.keys().find(|id| !changed.contains(id)) {
        return Err(format!("the scenario has no unit {missing:?}"));
    }
    Ok(doc.to_string())
}

#[cfg(test)]
mod tests {
    use super::with_figures;

    fn set(id: &str, n: u32) -> std::collections::BTreeMap<String, u32> {
        [(id.to_string(), n)].into()
    }

    #[test]
    fn the_figures_change_and_the_rest_of_the_text_stays_as_written() {
        let source = "# the column\n[[units]]\nid = \"a\"\nfigures = 10 # full strength\nat = [1, 2]\n\n\
                      [[units]]\nid = \"b\"\nfigures = 6\nat = [3, 4]\n";
        let out = with_figures(source, &set("a", 7)).unwrap();
        assert_eq!(out, source.replace("figures = 10 # full strength", "figures = 7 # full strength"));
    }

    #[test]
    fn positions_that_no_longer_fit_go_and_the_first_becomes_the_leaders_place() {
        let source = "[[units]]\nid = \"a\"\nfigures = 3\npositions = [[5, 6], [6, 6], [7, 6]]\n";
        let out = with_figures(source, &set("a", 2)).unwrap();
        let read: toml::Value = toml::from_str(&out).unwrap();
        let unit = &read["units"][0];
        assert_eq!(unit["figures"].as_integer(), Some(2));
        assert!(unit.get("positions").is_none(), "{out}");
        assert_eq!(unit["at"].as_array().unwrap().iter().map(|v| v.as_integer().unwrap()).collect::<Vec<_>>(), [5, 6]);
        let kept = with_figures(source, &set("a", 3)).unwrap();
        assert!(kept.contains("positions = [[5, 6], [6, 6], [7, 6]]"), "{kept}");
    }

    #[test]
    fn an_inline_list_of_units_is_changed_too() {
        let out = with_figures("units = [{ id = \"a\", figures = 4, at = [1, 1] }]\n", &set("a", 9)).unwrap();
        assert!(out.contains("figures = 9"), "{out}");
    }

    #[test]
    fn a_unit_the_text_lacks_is_named() {
        let e = with_figures("[[units]]\nid = \"a\"\nfigures = 3\n", &set("ghost", 2)).unwrap_err();
        assert!(e.contains("\"ghost\""), "{e}");
    }
}
