use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};

use super::Ruleset;

const SHIPPED: &[(&str, &str)] = &[
    ("sand-pebbles", include_str!("../../scenarios/sand-pebbles/ruleset.toml")),
    ("heliograph", include_str!("../../scenarios/heliograph/ruleset.toml")),
];

fn loaded() -> &'static BTreeMap<&'static str, Arc<Ruleset>> {
    static RULESETS: OnceLock<BTreeMap<&'static str, Arc<Ruleset>>> = OnceLock::new();
    RULESETS.get_or_init(|| {
        SHIPPED
            .iter()
            .map(|&(id, source)| {
                let file = format!("scenarios/{id}/ruleset.toml");
                // A shipped ruleset that fails to parse is a build defect, caught by the tests below.
                let ruleset = Ruleset::parse(&file, source).unwrap_or_else(|e| panic!("{e}"));
                (id, Arc::new(ruleset))
            })
            .collect()
    })
}

pub fn ruleset(id: &str) -> Option<Arc<Ruleset>> {
    loaded().get(id).cloned()
}

pub fn known_ids() -> Vec<&'static str> {
    SHIPPED.iter().map(|&(id, _)| id).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shipped_ruleset_parses_and_names_itself() {
        for id in known_ids() {
            let r = ruleset(id).unwrap();
            assert_eq!(r.id, id);
        }
    }
}
