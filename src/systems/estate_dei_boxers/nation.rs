//! The nations of the Legation Quarter: soldiers, officers, civilians and legations carry one.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum Nation {
    Britain,
    France,
    Russia,
    Usa,
    Germany,
    Italy,
    Japan,
    Austria,
    Belgium,
    Spain,
    Netherlands,
    /// The Franco-British volunteers, who go wherever they are useful.
    Volunteers,
}

const ALL: [(&str, Nation, &str); 12] = [
    ("britain", Nation::Britain, "British"),
    ("france", Nation::France, "French"),
    ("russia", Nation::Russia, "Russian"),
    ("usa", Nation::Usa, "American"),
    ("germany", Nation::Germany, "German"),
    ("italy", Nation::Italy, "Italian"),
    ("japan", Nation::Japan, "Japanese"),
    ("austria", Nation::Austria, "Austrian"),
    ("belgium", Nation::Belgium, "Belgian"),
    ("spain", Nation::Spain, "Spanish"),
    ("netherlands", Nation::Netherlands, "Dutch"),
    ("volunteers", Nation::Volunteers, "Volunteer"),
];

impl Nation {
    pub fn read(text: &str) -> Option<Nation> {
        ALL.iter().find(|(id, _, _)| *id == text).map(|(_, n, _)| *n)
    }

    pub fn unknown(text: &str) -> String {
        let names: Vec<&str> = ALL.iter().map(|(id, _, _)| *id).collect();
        format!("nation \"{text}\" is not one of {}", names.join(", "))
    }

    pub fn adjective(self) -> &'static str {
        ALL.iter().find(|(_, n, _)| *n == self).map_or("", |(_, _, a)| a)
    }
}
