//! Text written into a TOML file the app generates (a saved army, a one-off battle): each string quoted
//! as TOML quotes it, so a name with quotes or control characters reads back as it was typed.

/// `text` as a TOML basic string, quotes included.
pub fn quoted(text: &str) -> String {
    toml::Value::String(text.to_string()).to_string()
}

#[cfg(test)]
mod tests {
    use super::quoted;

    #[test]
    fn names_with_quotes_or_control_characters_read_back_as_typed() {
        for name in ["Wood's Column", "the \"Die-Hards\"", "tab\there", "esc\u{1b}ape", "back\\slash"] {
            let line = format!("name = {}", quoted(name));
            let table: toml::Table = line.parse().unwrap_or_else(|e| panic!("{line}: {e}"));
            assert_eq!(table["name"].as_str(), Some(name));
        }
    }
}
