//! L'Estate dei Boxers: the solitaire siege of the Legations, Peking 1900. The player commands the
//! defenders; Sandtable plays the Boxers and keeps every day's books. The zone map is scenario data
//! (Sandtable's reconstruction; the text has none), the tables are `scenarios/estate-dei-boxers/
//! ruleset.toml`, and `siege/` is the procedure, shared by the app and the simulator (`sim`).

mod actions;
pub mod check_map;
mod fields;
mod forecast;
mod luck;
pub mod map;
mod map_marks;
pub mod nation;
mod due;
mod exact;
mod odds;
mod plan;
mod play;
pub mod roster;
pub mod siege;
pub mod sim;
pub mod simulate;
pub mod strategy;
pub mod tables;
mod turn;
mod verdict;
mod view;

use std::sync::OnceLock;

pub use actions::{EstateAction, WoundedReturn};
pub use fields::{ScenarioFields, SideFields, UnitFields};
pub use play::Compiled;
pub use tables::Tables;
pub use turn::{Change, Turn};
pub use view::EstateView;

use crate::dice::GameRng;
use crate::game::{Action, GameError, Outcome, Refusal};
use crate::odds::OddsView;
use crate::roster::Unit;
use crate::rules::{
    Act, BattleResult, Forecast, ForecastAsk, Luck, MapMarks, Report, RuleSystem, Ruleset, Seat, Setup, SetupCheck,
    Shipped, Weapon,
};

pub const ID: &str = "estate-dei-boxers";
const RULESET: &str = crate::ruleset!("estate-dei-boxers");

/// The ruleset's charts, read once, for the simulator and the checks a scenario gets before any game.
pub fn charts() -> &'static Tables {
    static CHARTS: OnceLock<Tables> = OnceLock::new();
    CHARTS.get_or_init(|| {
        let file = "scenarios/estate-dei-boxers/ruleset.toml";
        let ruleset = Ruleset::parse(file, RULESET).unwrap_or_else(|e| panic!("{e}"));
        Tables::read(&ruleset.document).unwrap_or_else(|e| panic!("{file}: {e}"))
    })
}

pub struct EstateDeiBoxers;

impl EstateDeiBoxers {
    pub const SCENARIOS_LIST: &'static [Shipped] = <Self as RuleSystem>::SCENARIOS;
}

impl RuleSystem for EstateDeiBoxers {
    const ID: &'static str = ID;
    const LOG_TAG: &'static str = "estate_dei_boxers";
    const RULESET: &'static str = RULESET;
    const MARKERS: &'static [crate::rules::Marker] = &[];
    const SCENARIOS: &'static [Shipped] = crate::shipped!("estate-dei-boxers": "the-55-days.toml");

    type Charts = Tables;
    type UnitFields = UnitFields;
    type SideFields = SideFields;
    type ScenarioFields = ScenarioFields;
    type Turn = Turn;
    type Change = Change;
    type Action = EstateAction;
    type View = EstateView;

    fn read_charts(ruleset: &Ruleset) -> Result<Tables, String> {
        Tables::read(&ruleset.document)
    }

    /// The map's own size: a scenario need not give `[scenario] table`.
    fn table(fields: &ScenarioFields) -> Option<crate::measure::Table> {
        Some(crate::measure::Table { width: fields.map.size[0], depth: fields.map.size[1] })
    }

    fn check_setup(setup: &SetupCheck<'_, Self>) -> Result<(), (std::ops::Range<usize>, String)> {
        let fields = &setup.setup.scenario;
        if !setup.units.is_empty() {
            return Err((0..0, "the siege's counters are listed under [siege], not [[units]]".into()));
        }
        let size = fields.map.size;
        if !(size[0].is_finite()
            && size[1].is_finite()
            && size[0] > 0.0
            && size[1] > 0.0
            && size[0] <= 1000.0
            && size[1] <= 1000.0)
        {
            return Err((0..0, "[map] size is two positive numbers up to 1000".into()));
        }
        let map = map::Map::compile(&fields.map)?;
        if let Some((zone, problem)) = check_map::problems(&map).into_iter().next() {
            let span = zone.map_or(0..0, |z| fields.map.zones[z as usize].id.span());
            return Err((span, format!("the map is not sound: {problem}")));
        }
        let roster = roster::Roster::read(&fields.siege, &map)?;
        let rules = siege::Rules::plain(&map, &roster, charts());
        let start = siege::Siege::new(&rules);
        for (p, info) in roster.pieces.iter().enumerate().take(roster.defenders) {
            let Some(z) = info.start else { continue };
            if let Err(why) = siege::free_move_check(&start, &rules, p, z) {
                return Err((0..0, format!("{} cannot begin in {}: {why}", info.name, map.name(z))));
            }
        }
        Ok(())
    }

    fn initial_turn(charts: &Tables, setup: &Setup<Self>) -> Turn {
        let c = Compiled::of(&setup.scenario);
        let rules = c.rules(charts, &|_| false);
        Turn { siege: Some(siege::Siege::new(&rules)), ..Turn::default() }
    }

    fn weapon(_charts: &Tables, _kind: &str) -> Option<Weapon> {
        None
    }

    fn apply(turn: &mut Turn, change: &Change) {
        turn.apply(change)
    }

    /// The siege's counters are its own, not the roster's units: a change names none.
    fn mentions(_change: &Change) -> Vec<&str> {
        Vec::new()
    }

    fn begin_turn(_turn: &mut Turn, _units: &mut [Unit], _number: u32) {}

    fn prepare(ctx: &play::Ctx_, action: Act<'_, Self>, rng: &mut GameRng) -> Result<Option<Outcome>, GameError> {
        let outcome = match action {
            Act::Shared(Action::DrawCard { card }) => play::draw(ctx, card.as_deref(), rng)?,
            Act::Shared(Action::NextTurn {}) => {
                return Err(Refusal::by_rule("the deck drives the siege: draw the day's card", play::DAY_TABLE).into());
            }
            Act::Shared(Action::ShuffleDeck {}) => {
                return Err(Refusal::by_rule(
                    "the siege's deck is shuffled once, before its first card",
                    play::DAY_TABLE,
                )
                .into());
            }
            Act::Shared(_) => return Ok(None),
            Act::Own(own) => play::dispatch(ctx, &own, play::Throws::live(rng))?,
        };
        Ok(Some(outcome))
    }

    fn odds(ctx: &play::Ctx_, action: Act<'_, Self>) -> Result<Option<OddsView>, GameError> {
        odds::odds(ctx, action)
    }

    fn forecast(ctx: &play::Ctx_, ask: &ForecastAsk) -> Result<Option<Forecast>, GameError> {
        forecast::forecast(ctx, ask).map(Some)
    }

    fn report(ctx: &play::Ctx_) -> Report<EstateView> {
        view::report(ctx)
    }

    /// The cup is always drawn blind.
    fn keeps_secrets(_ctx: &play::Ctx_) -> bool {
        true
    }

    fn hide(own: &mut EstateView, _ctx: &play::Ctx_, seat: &Seat) {
        view::hide(own, seat)
    }

    /// Every throw of the entry, the Boxers' included: the system throws them, but they are the Boxers'.
    fn luck(ctx: &play::Ctx_, action: Act<'_, Self>, outcome: &Outcome) -> Vec<Luck> {
        luck::luck(ctx, action, outcome)
    }

    fn result(ctx: &play::Ctx_) -> Option<BattleResult> {
        verdict::result(ctx)
    }

    /// The siege's counters are not the table's units, and a zone, not a counter, throws: one D6 for its
    /// fire and one for its melee, whatever it holds.
    fn dice_per_turn(_ctx: &play::Ctx_, _unit: &Unit) -> Option<u32> {
        None
    }

    /// The zones and the points in each, which every seat's zone map shows; the cup is never drawn.
    fn map_marks(ctx: &play::Ctx_, _seat: &Seat) -> MapMarks {
        map_marks::marks(ctx)
    }
}
