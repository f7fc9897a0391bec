//! When Empires Clash!: colonial battles on a grid of 50 mm squares, stand against stand, 2D6 for European
//! armies and a D12 for Native ones. The charts are `scenarios/when-empires-clash/ruleset.toml`, the
//! text's twenty army lists `scenarios/when-empires-clash/armies/`, and the rules as the app reads them
//! `docs/rules/when-empires-clash.md`. A stand is a unit of one piece; its square is read from where the
//! piece stands, so a hand correction on the table moves it between squares like any move.

pub mod additions;
pub mod army;
pub mod board;
pub mod combat;
pub mod desk;
pub mod draft;
pub mod library;
pub mod one_off;
pub mod tables;
pub mod turn_odds;
pub mod victory;

mod actions;
mod context;
mod fields;
mod fight;
mod luck;
mod map_marks;
mod markers;
mod movement;
mod notation;
mod sequence;
mod toml_text;
mod turn;
mod verdict;
mod view;

use std::sync::OnceLock;

pub use actions::WecAction;
pub use fields::{ScenarioFields, SideFields, UnitFields};
pub use markers::{ACTIVATED, DISMOUNTED, FOUGHT, MOVED, TOWED, WITHDRAWN};
pub use notation::{name as square_name, parse as parse_square};
pub use tables::Tables;
pub use turn::{Change, Turn, TurnStep};
pub use view::WecView;

use crate::dice::GameRng;
use crate::game::{Action, GameError, Outcome};
use crate::measure::{Pt, Table};
use crate::odds::OddsView;
use crate::roster::Unit;
use crate::rules::{Act, BattleResult, Luck, MapMarks, Report, RuleSystem, Ruleset, Seat, SetupCheck, Shipped, Weapon};
use context::Ctx;
use fight::{Judgement, Kind};

pub const ID: &str = "when-empires-clash";
pub const RULESET: &str = crate::ruleset!("when-empires-clash");

/// The ruleset the build carries and its charts, read once: for the army lists and their checker, which
/// are read without a scenario.
pub fn charts() -> &'static (Ruleset, Tables) {
    static CHARTS: OnceLock<(Ruleset, Tables)> = OnceLock::new();
    CHARTS.get_or_init(|| {
        let file = "scenarios/when-empires-clash/ruleset.toml";
        let ruleset = Ruleset::parse(file, RULESET).unwrap_or_else(|e| panic!("{e}"));
        let tables = Tables::read(&ruleset.document).unwrap_or_else(|e| panic!("{file}: {e}"));
        (ruleset, tables)
    })
}

pub struct WhenEmpiresClash;

impl RuleSystem for WhenEmpiresClash {
    const ID: &'static str = ID;
    const LOG_TAG: &'static str = "when_empires_clash";
    const RULESET: &'static str = RULESET;
    const MARKERS: &'static [crate::rules::Marker] = markers::MARKERS;
    const SCENARIOS: &'static [Shipped] =
        crate::shipped!("when-empires-clash": "zulu-war.toml", "second-boer-war.toml", "boxer-rebellion.toml");
    const FIGURES: Option<u32> = Some(1);

    type Charts = Tables;
    type UnitFields = UnitFields;
    type SideFields = SideFields;
    type ScenarioFields = ScenarioFields;
    type Turn = Turn;
    type Change = Change;
    type Action = WecAction;
    type View = WecView;

    fn read_charts(ruleset: &Ruleset) -> Result<Tables, String> {
        Tables::read(&ruleset.document)
    }

    fn table(fields: &ScenarioFields) -> Option<Table> {
        fields::table(fields)
    }

    fn stands_at(scenario: &ScenarioFields, unit: &UnitFields, facing: f64) -> Result<Option<Pt>, String> {
        fields::stands_at(scenario, unit, facing)
    }

    fn starting_flags(unit: &UnitFields) -> Vec<crate::roster::Flag> {
        if unit.dismounted { vec![DISMOUNTED] } else { vec![] }
    }

    fn check_setup(setup: &SetupCheck<'_, Self>) -> Result<(), (std::ops::Range<usize>, String)> {
        fields::check(setup, &charts().1)
    }

    fn initial_turn(_charts: &Tables, setup: &crate::rules::Setup<Self>) -> Turn {
        let towing = setup
            .units
            .iter()
            .filter_map(|(id, f)| f.towing.as_ref().map(|gun| (id.clone(), gun.get_ref().clone())))
            .collect();
        Turn { towing, ..Turn::default() }
    }

    /// Ranges are in squares and belong to each stand's weapon, not its type: the table view draws them
    /// from the system's own view.
    fn weapon(_charts: &Tables, _kind: &str) -> Option<Weapon> {
        None
    }

    fn apply(turn: &mut Turn, change: &Change) {
        turn.apply(change)
    }

    fn mentions(change: &Change) -> Vec<&str> {
        change.mentions()
    }

    fn begin_turn(turn: &mut Turn, units: &mut [Unit], _number: u32) {
        turn.begin();
        sequence::begin_turn(units);
    }

    fn prepare(ctx: &Ctx, action: Act<'_, Self>, rng: &mut GameRng) -> Result<Option<Outcome>, GameError> {
        use WecAction as Own;
        let outcome = match action {
            Act::Own(Own::Initiative { dice }) => sequence::initiative(ctx, dice.as_deref(), rng)?,
            Act::Own(Own::TakeInitiative { side }) => sequence::take_initiative(ctx, &side)?,
            Act::Own(Own::ThrowActivations { dice }) => sequence::throw_activations(ctx, dice.as_deref(), rng)?,
            Act::Own(Own::Activate { unit }) => sequence::activate(ctx, &unit)?,
            Act::Own(Own::EndActivation {}) => sequence::end_activation(ctx)?,
            Act::Own(Own::EndActivations {}) => sequence::end_activations(ctx)?,
            Act::Own(Own::Concede { side }) => sequence::concede(ctx, &side)?,
            Act::Own(Own::MoveTo { unit, to, facing, in_front }) => {
                movement::move_to(ctx, &unit, &to, facing, in_front)?
            }
            Act::Own(Own::Face { unit, facing }) => movement::face(ctx, &unit, facing)?,
            Act::Own(Own::Mount { unit }) => movement::mount(ctx, &unit, true)?,
            Act::Own(Own::Dismount { unit }) => movement::mount(ctx, &unit, false)?,
            Act::Own(Own::Limber { unit, gun }) => movement::limber(ctx, &unit, &gun)?,
            Act::Own(Own::Unlimber { unit, to }) => movement::unlimber(ctx, &unit, &to)?,
            Act::Own(Own::LeaveTable { unit }) => movement::leave_table(ctx, &unit)?,
            Act::Own(Own::Fire { unit, target, dice, strike, extra }) => fight::fight(
                ctx,
                &unit,
                &target,
                Kind::Fire,
                dice.as_deref(),
                &Judgement { strike: &strike, extra },
                rng,
            )?,
            Act::Own(Own::CloseCombat { unit, target, dice, strike, extra }) => fight::fight(
                ctx,
                &unit,
                &target,
                Kind::Close,
                dice.as_deref(),
                &Judgement { strike: &strike, extra },
                rng,
            )?,
            Act::Shared(Action::NextTurn {}) => sequence::next_turn(ctx)?,
            Act::Shared(Action::RecordLosses { unit, count }) => return fight::by_hand(ctx, unit, *count),
            Act::Shared(Action::CorrectPosition { unit, to, facing, figures }) => {
                return movement::correction(ctx, unit, *to, *facing, figures);
            }
            Act::Shared(Action::Move { .. } | Action::RollMove { .. }) => {
                return Err(sequence::refuse("stands move square by square: `move_to` a square", context::MOVEMENT));
            }
            Act::Shared(_) => return Ok(None),
        };
        Ok(Some(outcome))
    }

    fn odds(ctx: &Ctx, action: Act<'_, Self>) -> Result<Option<OddsView>, GameError> {
        use WecAction as Own;
        let view = match action {
            Act::Own(Own::Fire { unit, target, strike, extra, .. }) => {
                fight::odds(ctx, &unit, &target, Kind::Fire, &Judgement { strike: &strike, extra })?
            }
            Act::Own(Own::CloseCombat { unit, target, strike, extra, .. }) => {
                fight::odds(ctx, &unit, &target, Kind::Close, &Judgement { strike: &strike, extra })?
            }
            Act::Own(Own::Initiative { .. }) => odds::initiative(ctx)?,
            Act::Own(Own::ThrowActivations { .. }) => odds::activations(ctx)?,
            Act::Own(_) | Act::Shared(_) => return Ok(None),
        };
        Ok(Some(view))
    }

    /// A stand is one piece: it moves square by square (`move_to`); a correction puts it where it stands.
    fn placement(_ctx: &Ctx, unit: &Unit) -> Result<crate::rules::Placement, GameError> {
        Err(sequence::refuse(
            format!("{} is one stand: it moves square by square; correct_position puts it where it stands", unit.name),
            context::MOVEMENT,
        ))
    }

    fn report(ctx: &Ctx) -> Report<WecView> {
        view::report(ctx)
    }

    fn luck(ctx: &Ctx, action: Act<'_, Self>, outcome: &Outcome) -> Vec<Luck> {
        luck::luck(ctx, action, outcome)
    }

    fn result(ctx: &Ctx) -> Option<BattleResult> {
        verdict::result(ctx)
    }

    /// A stand initiates one combat a turn and throws its army's dice for it (2D6 is two dice, a D12
    /// one); the initiative and activations are the side's throws, not a stand's. A stand off the
    /// battlefield throws none.
    fn dice_per_turn(ctx: &Ctx, unit: &Unit) -> Option<u32> {
        let dice = if context::on_the_field(unit) { ctx.dice_of(&unit.side).dice_count() } else { 0 };
        Some(dice as u32)
    }

    /// The board's ground, which every seat sees.
    fn map_marks(ctx: &Ctx, _seat: &Seat) -> MapMarks {
        map_marks::marks(&ctx.setup.scenario)
    }
}

/// The odds of the turn's two throws, given only when the throw is due.
mod odds {
    use super::context::{Ctx, SEQUENCE};
    use super::sequence::{activations_due, initiative_due, refuse};
    use super::turn_odds;
    use crate::game::GameError;
    use crate::odds::OddsView;

    pub fn initiative(ctx: &Ctx) -> Result<OddsView, GameError> {
        initiative_due(ctx)?;
        let [a, b] = ctx.scenario.sides.as_slice() else {
            return Err(refuse("the initiative is between two sides", SEQUENCE));
        };
        let (da, db) = (ctx.dice_of(&a.id), ctx.dice_of(&b.id));
        let margin = da.distribution().add(&db.distribution().negated());
        let p = turn_odds::initiative(&da, &db);
        let mut view = OddsView::new(format!("initiative: {} throw less {} throw", a.name, b.name), &margin)
            .with_dice([format!("{da} for {}", a.name), format!("{db} for {}", b.name)]);
        view.add_line(format!("{} win (ties thrown again)", a.name), p);
        view.add_line(format!("{} win (ties thrown again)", b.name), 1.0 - p);
        Ok(view)
    }

    pub fn activations(ctx: &Ctx) -> Result<OddsView, GameError> {
        let side = activations_due(ctx)?;
        let dice = ctx.dice_of(side);
        let rating = ctx.commander(side);
        let dist = turn_odds::activations(&dice, rating);
        let view = OddsView::new(format!("{} activations: {dice} + commander {rating}", ctx.side(side).name), &dist)
            .with_dice([dice.to_string()]);
        Ok(view)
    }
}
