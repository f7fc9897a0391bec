use serde::{Deserialize, Serialize};

/// Status markers players put beside units on the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum Flag {
    Pinned,
    Routed,
    Jammed,
    Spotted,
    Activated,
}

impl Flag {
    pub fn name(self) -> &'static str {
        match self {
            Flag::Pinned => "pinned",
            Flag::Routed => "routed",
            Flag::Jammed => "jammed",
            Flag::Spotted => "spotted",
            Flag::Activated => "activated",
        }
    }
}
