//! The text's twenty army lists, compiled in so the app offers them wherever it is installed: one file a
//! conflict and side under `scenarios/when-empires-clash/armies/`.

use super::army::{self, ArmyList};
use crate::scenario::ScenarioError;

macro_rules! lists {
    ($($name:literal),+ $(,)?) => {
        &[$(($name, include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios/when-empires-clash/armies/", $name, ".toml")))),+]
    };
}

/// Each list's name (`<conflict>--<side>`) and its text.
pub const LISTS: &[(&str, &str)] = lists!(
    "boxer-rebellion--boxer",
    "boxer-rebellion--european",
    "first-boer-war--boer",
    "first-boer-war--british",
    "gordon-relief--anglo-egyptian",
    "gordon-relief--mahdist",
    "north-west-frontier-1878--british",
    "north-west-frontier-1878--tribal",
    "north-west-frontier-1890--british",
    "north-west-frontier-1890--tribal",
    "reconquest-of-the-sudan--anglo-egyptian",
    "reconquest-of-the-sudan--mahdist",
    "second-afghan-war--afghan",
    "second-afghan-war--british",
    "second-boer-war--boer",
    "second-boer-war--british",
    "spanish-american-war--spanish",
    "spanish-american-war--united-states",
    "zulu-war--british",
    "zulu-war--zulu",
);

/// A list by its name, or by its file's name or path.
pub fn find(name: &str) -> Option<(&'static str, &'static str)> {
    let name = name.rsplit('/').next().unwrap_or(name);
    let name = name.strip_suffix(".toml").unwrap_or(name);
    LISTS.iter().copied().find(|(n, _)| *n == name)
}

/// Reads a compiled-in list; each is checked by the test suite, so only a file's own errors reach here.
pub fn read(name: &str) -> Result<(String, ArmyList), ScenarioError> {
    let (name, source) = find(name).ok_or_else(|| {
        let known: Vec<&str> = LISTS.iter().map(|(n, _)| *n).collect();
        ScenarioError::whole_file(name, format!("no army list {name:?}; lists are: {}", known.join(", ")))
    })?;
    let file = format!("scenarios/when-empires-clash/armies/{name}.toml");
    Ok((name.to_string(), army::read(&file, source)?))
}
