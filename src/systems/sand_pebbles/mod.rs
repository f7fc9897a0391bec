//! Sand Pebbles procedure: the turn sequence A-G with its two initiative rolls, movement with its ship,
//! junk and swimmer rules, charges, fire on the D20 chart, morale tests and melee. The charts themselves
//! are data (`scenarios/sand-pebbles/ruleset.toml`, read by `tables`); this module is the procedure.

mod actions;
mod context;
mod dice_per_turn;
mod fields;
mod fire;
mod luck;
mod markers;
mod melee;
mod morale;
mod movement;
mod owed_tests;
mod placing;
mod sequence;
mod tables;
mod turn;
mod view;

pub use actions::SandPebblesAction;
pub use fields::{SideFields, UnitFields};
pub use markers::{PINNED, ROUTED};
pub use tables::Tables;
pub use turn::{Change, Charge, Phase, Turn};
pub use view::{SandPebblesView, Step};

use crate::dice::GameRng;
use crate::game::{Action, GameError, Outcome};
use crate::odds::{Dist, OddsView};
use crate::roster::Unit;
use crate::rules::{Act, BattleResult, Luck, Placement, Report, RuleSystem, Ruleset, SetupCheck, Shipped, Weapon};
use context::Ctx;

pub struct SandPebbles;

impl RuleSystem for SandPebbles {
    const ID: &'static str = "sand-pebbles";
    const LOG_TAG: &'static str = "sand_pebbles";
    const RULESET: &'static str = crate::ruleset!("sand-pebbles");
    const MARKERS: &'static [crate::rules::Marker] = markers::MARKERS;
    const SCENARIOS: &'static [Shipped] =
        crate::shipped!("sand-pebbles": "legation-wall.toml", "river-junks.toml", "relief-column.toml");

    type Charts = Tables;
    type UnitFields = UnitFields;
    type SideFields = SideFields;
    type ScenarioFields = crate::rules::NoFields;
    type Turn = Turn;
    type Change = Change;
    type Action = SandPebblesAction;
    type View = SandPebblesView;

    fn read_charts(ruleset: &Ruleset) -> Result<Tables, String> {
        Tables::read(&ruleset.document, &ruleset.kind_ids())
    }

    fn check_setup(setup: &SetupCheck<'_, Self>) -> Result<(), (std::ops::Range<usize>, String)> {
        fields::check(setup)
    }

    fn weapon(charts: &Tables, kind: &str) -> Option<Weapon> {
        charts.weapon(kind)
    }

    fn apply(turn: &mut Turn, change: &Change) {
        turn.apply(change)
    }

    fn mentions(change: &Change) -> Vec<&str> {
        change.mentions()
    }

    /// Morale Chart: "All units rally at the end of the turn."
    fn begin_turn(turn: &mut Turn, units: &mut [Unit], _number: u32) {
        *turn = Turn::default();
        for unit in units {
            unit.flags.remove(&ROUTED);
            unit.flags.remove(&PINNED);
        }
    }

    fn prepare(ctx: &Ctx, action: Act<'_, Self>, rng: &mut GameRng) -> Result<Option<Outcome>, GameError> {
        use SandPebblesAction as Own;
        let outcome = match action {
            Act::Own(Own::Initiative { dice }) => sequence::initiative(ctx, dice.as_deref(), rng)?,
            Act::Own(Own::ChooseOrder { first }) => sequence::choose_order(ctx, &first)?,
            Act::Own(Own::EndPhase {}) => sequence::end_phase(ctx)?,
            Act::Own(Own::Charge { unit, target }) => movement::charge(ctx, &unit, &target, true)?,
            Act::Own(Own::Drown { unit, dice }) => movement::drown(ctx, &unit, dice.as_deref(), rng)?,
            Act::Own(Own::Fire { unit, target, cover, dice }) => {
                fire::fire(ctx, &unit, &target, cover.as_deref(), dice.as_deref(), rng)?
            }
            Act::Own(Own::Morale { unit, dice }) => morale::morale(ctx, &unit, dice.as_deref(), rng)?,
            Act::Own(Own::Melee { unit, dice }) => melee::melee(ctx, &unit, dice.as_deref(), rng)?,
            Act::Shared(Action::NextTurn {}) => sequence::next_turn(ctx)?,
            Act::Shared(Action::RollMove { unit, expr, dice }) => {
                movement::roll_move(ctx, unit, expr.as_deref(), dice.as_deref(), rng)?
            }
            Act::Shared(Action::Move { unit, path, facing }) => movement::travel(ctx, unit, path, *facing)?,
            Act::Shared(_) => return Ok(None),
        };
        Ok(Some(outcome))
    }

    fn odds(ctx: &Ctx, action: Act<'_, Self>) -> Result<Option<OddsView>, GameError> {
        use SandPebblesAction as Own;
        let view = match action {
            Act::Own(Own::Fire { unit, target, cover, .. }) => fire::odds(ctx, &unit, &target, cover.as_deref())?,
            Act::Own(Own::Morale { unit, .. }) => morale::odds(ctx, &unit)?,
            Act::Own(Own::Melee { unit, .. }) => melee::odds(ctx, &unit)?,
            Act::Own(Own::Charge { unit, target }) => {
                movement::charge(ctx, &unit, &target, false)?;
                let (unit, target) = (ctx.unit(&unit)?, ctx.unit(&target)?);
                let reach = movement::reach_line(ctx, unit, target)?;
                let mut view = melee::odds_for(ctx, unit, target);
                view.lines.splice(0..0, reach);
                view
            }
            Act::Own(Own::Drown { unit, .. }) => movement::drowning_odds(ctx.live_unit(&unit)?),
            Act::Own(Own::Initiative { .. }) => {
                let mut view = OddsView::new(
                    "initiative: D6 against D6, ties rolled again",
                    &Dist::bernoulli(sequence::INITIATIVE_CHANCE),
                )
                .with_dice(ctx.scenario.sides.iter().map(|s| format!("1 D6 for {}", s.name)));
                for side in &ctx.scenario.sides {
                    view.add_line(format!("{} {}", side.name, crate::rules::agrees(&side.name, "wins", "win")), sequence::INITIATIVE_CHANCE);
                }
                view
            }
            Act::Shared(Action::RollMove { unit, expr, .. }) => {
                let unit = ctx.live_unit(unit)?;
                let (e, upstream) = movement::roll_to_make(ctx, unit, expr.as_deref())?;
                let note = if upstream { ", upstream" } else { "" };
                OddsView::new(format!("{} movement {e}{note} (inches)", unit.name), &e.distribution())
                    .with_dice([format!("{} D6", e.dice_count())])
            }
            Act::Own(_) | Act::Shared(_) => return Ok(None),
        };
        Ok(Some(view))
    }

    fn placement(ctx: &Ctx, unit: &Unit) -> Result<Placement, GameError> {
        placing::placement(ctx, unit)
    }

    fn report(ctx: &Ctx) -> Report<SandPebblesView> {
        view::report(ctx)
    }

    fn luck(ctx: &Ctx, action: Act<'_, Self>, outcome: &Outcome) -> Vec<Luck> {
        luck::luck(ctx, action, outcome)
    }

    /// The text names no victory and no victory levels: the players say who held (docs/rules).
    fn result(_ctx: &Ctx) -> Option<BattleResult> {
        None
    }

    fn dice_per_turn(ctx: &Ctx, unit: &Unit) -> Option<u32> {
        Some(dice_per_turn::dice_per_turn(ctx, unit))
    }
}
