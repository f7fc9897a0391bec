//! The seam between the engine and the rule systems. A system implements `RuleSystem` in its own folder
//! (`src/systems/<id>/`) and is listed once in the registry (`src/systems/mod.rs`); the engine core
//! (`game/`, `scenario/`, `api/`) reaches it only through what is here: `System` (a system bound to one
//! scenario), `TurnState` and `SystemChange` (its state and changes, which the engine folds without
//! knowing their types), and `Report` (what every system tells the table the same way).

mod bound;
mod change;
mod context;
mod forecast;
mod introspect;
mod luck;
mod map_marks;
mod marker;
mod placement;
mod registry;
mod ruleset;
mod seat;
mod system;
mod throw_off;
mod turn;
mod view;

pub use bound::{Bound, System, SystemPart};
pub use change::SystemChange;
pub use context::{Ctx, Setup, SetupCheck, agrees, and_list, dice_were, plural, possessive, says};
pub use forecast::{
    FEWEST_FORECAST_GAMES, FORECAST_GAMES, Forecast, ForecastAsk, MOST_FORECAST_GAMES, PlanForecast, Share,
};
pub use introspect::{struct_fields, tagged_variants, tagged_variants_by};
pub use luck::{BattleResult, Luck, figures_lost, measure_words, own_changes};
pub use map_marks::{MapArea, MapLabel, MapMarks};
pub use marker::{Marker, marker_names};
pub use placement::{Placement, PlacementView};
pub use registry::{Entry, LoggedChange, OwnKeys, Registration, Shipped, known_ids, system, systems};
pub use ruleset::{KindProfile, MoveOption, Ruleset};
pub use seat::{Counter, Seat, Secrets};
pub use system::{Act, NoFields, RuleSystem};
pub use throw_off::{Thrower, throw_off};
pub use turn::TurnState;
pub use view::{Drawing, Note, Offer, PathRule, Pick, Prompt, Report, Tone, UnitReport, Weapon};

/// `Shipped` entries for a system's scenarios: `shipped!("<system id>": "<file>.toml", ...)`.
#[macro_export]
macro_rules! shipped {
    ($dir:literal : $($file:literal),+ $(,)?) => {
        &[$($crate::rules::Shipped {
            path: concat!($dir, "/", $file),
            source: include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios/", $dir, "/", $file)),
        }),+]
    };
}

/// The ruleset document of a system: `ruleset!("<system id>")`.
#[macro_export]
macro_rules! ruleset {
    ($dir:literal) => {
        include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios/", $dir, "/ruleset.toml"))
    };
}
