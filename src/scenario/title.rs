//! A stored scenario's title, read without loading the scenario: the games list shows one per game, and
//! reading each whole scenario (its ruleset's charts, every unit) only for its title would be waste.

use toml::de::DeTable;

/// The `[scenario] title` of a scenario's text; none where the text has no readable title.
pub fn title_of(source: &str) -> Option<String> {
    let root = DeTable::parse(source).ok()?;
    let header = root.get_ref().get("scenario")?;
    let title = header.get_ref().get("title")?;
    title.get_ref().as_str().map(str::to_string)
}

#[cfg(test)]
mod tests {
    use super::title_of;

    #[test]
    fn the_title_is_read_from_the_scenario_table() {
        let source =
            "[scenario]\nsystem = \"some-system\"\ntitle = \"Assault on the Cotta\"\n\n[[units]]\nid = \"a\"\n";
        assert_eq!(title_of(source).as_deref(), Some("Assault on the Cotta"));
    }

    #[test]
    fn text_without_a_readable_title_gives_none() {
        assert_eq!(title_of("[scenario]\nsystem = \"some-system\"\n"), None);
        assert_eq!(title_of("not = = toml"), None);
        assert_eq!(title_of("[scenario]\ntitle = 3\n"), None);
    }
}
