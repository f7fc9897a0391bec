//! The registry's entries: each rule system the app runs, found by its id. The list itself is
//! `crate::systems::REGISTRY`, one line per system; this is the only place the engine reaches it.

use std::marker::PhantomData;
use std::sync::{Arc, OnceLock};

use serde::Deserialize;
use serde::de::{DeserializeSeed, Deserializer, Error as _};

use super::{RuleSystem, Ruleset, SystemChange, struct_fields};
use crate::scenario::{Scenario, ScenarioError};

/// A scenario compiled into the binary: `path` under `scenarios/`, `<system id>/<file>.toml`.
pub struct Shipped {
    pub path: &'static str,
    pub source: &'static str,
}

/// What the registry knows of one system, without its types.
pub trait Registration: Sync {
    fn id(&self) -> &'static str;
    /// The ruleset compiled in, read once. A shipped ruleset that does not read is a build defect,
    /// which the registry's own test catches.
    fn ruleset(&self) -> Arc<Ruleset>;
    /// Reads `source` as this system's ruleset, charts and all, the way the build reads the one it carries.
    fn check_ruleset(&self, file: &str, source: &str) -> Result<Ruleset, ScenarioError>;
    fn scenarios(&self) -> &'static [Shipped];
    /// Reads a scenario of this system from its parsed document, passing over the keys `passed_over` lists.
    fn load<'i>(
        &self,
        file: &str,
        source: &'i str,
        root: toml::de::DeTable<'i>,
        passed_over: &[OwnKeys],
    ) -> Result<Scenario, ScenarioError>;
    /// The keys this system reads on each side and unit, beside the shared ones.
    fn own_keys(&self) -> OwnKeys;
    /// The weapon a unit kind carries, as the charts give it (for a planner choosing kinds).
    fn weapon_of(&self, kind: &str) -> Option<super::Weapon>;
    /// Every unit of the system is this many figures, when it fixes the count (`RuleSystem::FIGURES`).
    fn fixed_figures(&self) -> Option<u32>;
    /// The tag of this system's changes in a stored log.
    fn log_tag(&self) -> &'static str;
    /// Reads one of this system's changes from a stored log.
    fn read_change(&self, change: &mut dyn erased_serde::Deserializer<'_>)
    -> Result<SystemChange, erased_serde::Error>;
}

/// The keys a rule system reads on the `[[sides]]` and `[[units]]` entries of its scenarios.
#[derive(Debug, Clone, Copy)]
pub struct OwnKeys {
    pub sides: &'static [&'static str],
    pub units: &'static [&'static str],
}

impl OwnKeys {
    /// Those of one list, `sides` or `units`.
    pub fn of(&self, list: &str) -> &'static [&'static str] {
        match list {
            "sides" => self.sides,
            "units" => self.units,
            _ => &[],
        }
    }
}

/// A registry line: `Entry::<MySystem>::new()`.
pub struct Entry<S: RuleSystem> {
    /// The ruleset and the system's charts read from it, once.
    loaded: OnceLock<(Arc<Ruleset>, Arc<S::Charts>)>,
    system: PhantomData<fn() -> S>,
}

impl<S: RuleSystem> Entry<S> {
    #[allow(clippy::new_without_default)]
    pub const fn new() -> Entry<S> {
        Entry { loaded: OnceLock::new(), system: PhantomData }
    }

    fn loaded(&self) -> &(Arc<Ruleset>, Arc<S::Charts>) {
        self.loaded.get_or_init(|| {
            let file = format!("scenarios/{}/ruleset.toml", S::ID);
            let (ruleset, charts) = read_ruleset::<S>(&file, S::RULESET).unwrap_or_else(|e| panic!("{e}"));
            (Arc::new(ruleset), Arc::new(charts))
        })
    }
}

/// A ruleset's shared parts and `S`'s charts from it: how the build reads the one it carries and how
/// `scenario check` reads a file.
fn read_ruleset<S: RuleSystem>(file: &str, source: &str) -> Result<(Ruleset, S::Charts), ScenarioError> {
    let ruleset = Ruleset::parse(file, source)?;
    let charts = S::read_charts(&ruleset).map_err(|e| ScenarioError::whole_file(file, e))?;
    Ok((ruleset, charts))
}

impl<S: RuleSystem> Registration for Entry<S> {
    fn id(&self) -> &'static str {
        S::ID
    }

    fn ruleset(&self) -> Arc<Ruleset> {
        self.loaded().0.clone()
    }

    fn check_ruleset(&self, file: &str, source: &str) -> Result<Ruleset, ScenarioError> {
        read_ruleset::<S>(file, source).map(|(ruleset, _)| ruleset)
    }

    fn scenarios(&self) -> &'static [Shipped] {
        S::SCENARIOS
    }

    fn load<'i>(
        &self,
        file: &str,
        source: &'i str,
        root: toml::de::DeTable<'i>,
        passed_over: &[OwnKeys],
    ) -> Result<Scenario, ScenarioError> {
        let (ruleset, charts) = self.loaded();
        crate::scenario::build::<S>(file, source, root, ruleset.clone(), charts.clone(), passed_over)
    }

    fn own_keys(&self) -> OwnKeys {
        OwnKeys { sides: struct_fields::<S::SideFields>(), units: struct_fields::<S::UnitFields>() }
    }

    fn weapon_of(&self, kind: &str) -> Option<super::Weapon> {
        S::weapon(&self.loaded().1, kind)
    }

    fn fixed_figures(&self) -> Option<u32> {
        S::FIGURES
    }

    fn log_tag(&self) -> &'static str {
        S::LOG_TAG
    }

    fn read_change(
        &self,
        change: &mut dyn erased_serde::Deserializer<'_>,
    ) -> Result<SystemChange, erased_serde::Error> {
        erased_serde::deserialize::<S::Change>(change).map(SystemChange::from_log::<S>)
    }
}

/// Reads the `change` of a stored effect tagged `tag`: into its system's type when the tag is a
/// registered system's, kept as JSON otherwise (the replay then refuses it).
pub struct LoggedChange {
    pub tag: String,
}

impl<'de> DeserializeSeed<'de> for LoggedChange {
    type Value = SystemChange;

    fn deserialize<D: Deserializer<'de>>(self, change: D) -> Result<SystemChange, D::Error> {
        match systems().iter().find(|s| s.log_tag() == self.tag) {
            Some(system) => system
                .read_change(&mut <dyn erased_serde::Deserializer>::erase(change))
                .map_err(|e| D::Error::custom(format!("a {} change the build cannot read ({e})", system.id()))),
            None => serde_json::Value::deserialize(change).map(|json| SystemChange::foreign(self.tag, json)),
        }
    }
}

/// Every system the app runs, in the registry's order.
pub fn systems() -> &'static [&'static dyn Registration] {
    crate::systems::REGISTRY
}

pub fn system(id: &str) -> Option<&'static dyn Registration> {
    systems().iter().copied().find(|s| s.id() == id)
}

pub fn known_ids() -> Vec<&'static str> {
    systems().iter().map(|s| s.id()).collect()
}

/// Declares the rule systems, one line each: `"id" => module::System`. Declares each system's module,
/// lists it in `REGISTRY`, and (for the app's bindings) the union of their actions and views.
#[macro_export]
macro_rules! register_systems {
    ($($id:literal => $module:ident :: $system:ident),+ $(,)?) => {
        $(pub mod $module;)+

        mod entries {
            $(
                #[allow(non_upper_case_globals)]
                pub static $module: $crate::rules::Entry<super::$module::$system> = $crate::rules::Entry::new();
            )+
        }

        pub static REGISTRY: &[&dyn $crate::rules::Registration] = &[$(&entries::$module),+];

        /// An action as the app's commands take it. In the bindings it is a shared action or one of a
        /// system's own, each typed field by field; the engine reads it as an `Action`.
        #[derive(serde::Deserialize)]
        #[serde(transparent)]
        #[cfg_attr(feature = "specta", derive(specta::Type))]
        pub struct ActionInput(#[cfg_attr(feature = "specta", specta(type = AnyAction))] pub $crate::game::Action);

        impl From<ActionInput> for $crate::game::Action {
            fn from(input: ActionInput) -> $crate::game::Action {
                input.0
            }
        }

        #[cfg(feature = "specta")]
        #[derive(serde::Deserialize, specta::Type)]
        #[serde(untagged)]
        #[allow(dead_code)]
        enum AnyAction {
            Shared($crate::game::Action),
            $($system(<$module::$system as $crate::rules::RuleSystem>::Action)),+
        }

        /// Each system's part of the game view, tagged with its id.
        #[cfg(feature = "specta")]
        #[derive(serde::Serialize, specta::Type)]
        #[serde(tag = "system", content = "view")]
        #[allow(dead_code)]
        enum SystemViews {
            $(#[serde(rename = $id)] $system(<$module::$system as $crate::rules::RuleSystem>::View)),+
        }

        #[cfg(feature = "specta")]
        impl specta::Type for $crate::rules::SystemPart {
            fn definition(types: &mut specta::Types) -> specta::datatype::DataType {
                <SystemViews as specta::Type>::definition(types)
            }
        }

        #[cfg(test)]
        mod registry_lines {
            use $crate::rules::RuleSystem;

            #[test]
            fn each_line_names_its_system_by_its_own_id() {
                $(assert_eq!($id, <super::$module::$system as RuleSystem>::ID);)+
            }

            /// A system's changes are told apart in a stored log by their tag alone, and its actions by their
            /// type: neither may be another system's or a shared one's.
            #[test]
            fn log_tags_and_action_kinds_belong_to_one_system_each() {
                let tags = [$(<super::$module::$system as RuleSystem>::LOG_TAG),+];
                for (i, tag) in tags.iter().enumerate() {
                    assert!(!tags[..i].contains(tag), "two systems log their changes as {tag:?}");
                    assert!(!$crate::game::Effect::shared_tags().contains(tag), "{tag:?} is a shared effect's tag");
                }
                let kinds = [$($crate::rules::tagged_variants::<<super::$module::$system as RuleSystem>::Action>()),+];
                for own in kinds {
                    for kind in own {
                        assert!(!$crate::game::Action::shared_kinds().contains(kind), "{kind:?} is a shared action");
                    }
                }
            }

            /// A marker is stored by its name: each system's are distinct, lower-case words with a label.
            #[test]
            fn each_systems_markers_are_distinct_named_and_labelled() {
                for markers in [$(<super::$module::$system as RuleSystem>::MARKERS),+] {
                    for (i, marker) in markers.iter().enumerate() {
                        let name = marker.flag.name();
                        assert!(!name.is_empty() && name.chars().all(|c| c.is_ascii_lowercase() || c == '_'), "{name:?}");
                        assert!(!marker.label.is_empty() && !marker.meaning.is_empty(), "{name:?} needs its words");
                        assert!(markers[..i].iter().all(|m| m.flag != marker.flag), "{name:?} is listed twice");
                    }
                }
            }
        }
    };
}
