use std::borrow::Cow;
use std::fmt;

use serde::{Deserialize, Serialize};

/// A status marker beside a unit on the table ("pinned", "activated"). Each rule system names its own
/// (`RuleSystem::MARKERS`); units carry them and the log records them as their names.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(transparent)]
pub struct Flag(Cow<'static, str>);

impl Flag {
    /// A marker by its name, as systems declare them: `const PINNED: Flag = Flag::named("pinned")`.
    pub const fn named(name: &'static str) -> Flag {
        Flag(Cow::Borrowed(name))
    }

    pub fn name(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Flag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}
