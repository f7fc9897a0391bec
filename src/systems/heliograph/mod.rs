//! Heliograph procedure: the activation toss, activating one unit at a time (sighting, movement by
//! terrain, fire or charge, morale), the melee sequence, and the end of the turn. The tables are data
//! (`scenarios/heliograph/ruleset.toml`, read by `tables`); this module is the procedure.

mod actions;
mod activation;
mod context;
mod crewing;
mod dice_per_turn;
mod fields;
mod fire;
mod luck;
mod markers;
mod melee;
mod morale;
mod movement;
mod pairing;
mod placing;
mod secrets;
mod tables;
mod turn;
mod view;

pub use actions::HeliographAction;
pub use fields::{SideFields, UnitFields};
pub use markers::{ACTIVATED, JAMMED, ROUTED, SPOTTED};
pub use pairing::Pairing;
pub use tables::Tables;
pub use turn::{Activation, Change, MeleeState, MeleeStep, MoraleDue, Reason, Turn};
pub use view::HeliographView;

use crate::dice::GameRng;
use crate::game::{Action, GameError, Outcome, Refusal};
use crate::odds::{Dist, OddsView};
use crate::roster::Unit;
use crate::rules::{
    Act, BattleResult, Luck, Placement, Report, RuleSystem, Ruleset, Seat, Secrets, SetupCheck, Shipped, Weapon,
};
use context::{Ctx, SEQUENCE};

pub struct Heliograph;

impl RuleSystem for Heliograph {
    const ID: &'static str = "heliograph";
    const LOG_TAG: &'static str = "heliograph";
    const RULESET: &'static str = crate::ruleset!("heliograph");
    const MARKERS: &'static [crate::rules::Marker] = markers::MARKERS;
    const SCENARIOS: &'static [Shipped] = crate::shipped!("heliograph": "jungle-patrol.toml", "cotta-assault.toml");

    type Charts = Tables;
    type UnitFields = UnitFields;
    type SideFields = SideFields;
    type ScenarioFields = crate::rules::NoFields;
    type Turn = Turn;
    type Change = Change;
    type Action = HeliographAction;
    type View = HeliographView;

    fn read_charts(ruleset: &Ruleset) -> Result<Tables, String> {
        Tables::read(&ruleset.document, &ruleset.kind_ids())
    }

    fn check_setup(setup: &SetupCheck<'_, Self>) -> Result<(), (std::ops::Range<usize>, String)> {
        fields::check(setup)
    }

    fn weapon(charts: &Tables, kind: &str) -> Option<Weapon> {
        charts.drawn_weapon(kind)
    }

    fn apply(turn: &mut Turn, change: &Change) {
        turn.apply(change)
    }

    fn mentions(change: &Change) -> Vec<&str> {
        change.mentions()
    }

    /// A new turn: activations, routs and the toss winner lapse; a jam runs out at the end of its turn.
    fn begin_turn(turn: &mut Turn, units: &mut [Unit], number: u32) {
        turn.begin(number);
        for unit in units {
            unit.flags.remove(&ACTIVATED);
            unit.flags.remove(&ROUTED);
            if !turn.jammed_until.contains_key(&unit.id) {
                unit.flags.remove(&JAMMED);
            }
        }
    }

    fn prepare(ctx: &Ctx, action: Act<'_, Self>, rng: &mut GameRng) -> Result<Option<Outcome>, GameError> {
        use HeliographAction as Own;
        let outcome = match action {
            Act::Own(Own::Initiative { dice }) => activation::toss(ctx, dice.as_deref(), rng)?,
            Act::Own(Own::Activate { unit }) => activation::activate(ctx, &unit)?,
            Act::Own(Own::EndPhase {}) => match &ctx.turn.melee {
                Some(m) if m.step == MeleeStep::DefensiveFire => melee::skip_defensive_fire(ctx)?,
                _ => activation::end_activation(ctx)?,
            },
            Act::Own(Own::Unlimber { unit }) => movement::unlimber(ctx, &unit)?,
            Act::Own(Own::Sight { unit, dice }) => movement::sight(ctx, &unit, dice.as_deref(), rng)?,
            Act::Own(Own::Charge { unit, target }) => movement::charge(ctx, &unit, &target)?,
            Act::Own(Own::Fire { unit, target, at, dice }) => {
                fire::fire(ctx, &unit, &target, at, dice.as_deref(), rng)?
            }
            Act::Own(Own::Morale { unit, dice }) => morale::morale(ctx, &unit, dice.as_deref(), rng)?,
            Act::Own(Own::Melee { unit, pairs, dice }) => {
                melee::melee(ctx, &unit, pairs.as_deref(), dice.as_deref(), rng)?
            }
            Act::Own(Own::CrewGun { unit, gun }) => crewing::crew_gun(ctx, &unit, &gun)?,
            Act::Shared(Action::NextTurn {}) => activation::next_turn(ctx)?,
            // Every unit rolls the same 2 D10: an `expr` may only name it.
            Act::Shared(Action::RollMove { unit, expr, dice }) => {
                movement::roll_move(ctx, unit, expr.as_deref(), dice.as_deref(), rng)?
            }
            Act::Shared(Action::Move { unit, path, facing }) => movement::travel(ctx, unit, path, *facing)?,
            Act::Shared(_) => return Ok(None),
        };
        Ok(Some(outcome))
    }

    fn odds(ctx: &Ctx, action: Act<'_, Self>) -> Result<Option<OddsView>, GameError> {
        use HeliographAction as Own;
        let view = match action {
            Act::Own(Own::Fire { unit, target, at, .. }) => fire::odds(ctx, &unit, &target, at)?,
            Act::Own(Own::Morale { unit, .. }) => morale::odds(ctx, &unit)?,
            Act::Own(Own::Melee { unit, pairs, .. }) => melee::odds(ctx, &unit, pairs.as_deref())?,
            Act::Own(Own::Sight { unit, .. }) => movement::sight_odds(ctx, &unit)?,
            Act::Own(Own::Initiative { .. }) => toss_odds(ctx)?,
            Act::Shared(Action::RollMove { unit, expr, .. }) => {
                let unit = ctx.live_unit(unit)?;
                let expr = crate::game::movement_choice(ctx.scenario, unit, expr.as_deref())?;
                let die = Dist::uniform(&(0..10).collect::<Vec<i64>>());
                let mut view = OddsView::new(
                    format!("{}: 2 D10, the total on clear ground or a trail", unit.name),
                    &expr.distribution(),
                )
                .with_dice([format!("{} D10", expr.dice_count())]);
                // One die in jungle: the lowest of two D10 is below 5 three times in four.
                let lowest_under_5 = 1.0 - die.p_at_least(5).powi(2);
                view.add_line("in jungle, the lowest die is 0-4", lowest_under_5);
                view.add_line("in jungle, the highest die is 5-9", 1.0 - die.p_at_most(4).powi(2));
                view
            }
            Act::Own(_) | Act::Shared(_) => return Ok(None),
        };
        Ok(Some(view))
    }

    fn placement(ctx: &Ctx, unit: &Unit) -> Result<Placement, GameError> {
        placing::placement(ctx, unit)
    }

    fn report(ctx: &Ctx) -> Report<HeliographView> {
        view::report(ctx)
    }

    fn secrets(ctx: &Ctx, seat: &Seat, key: u64) -> Secrets {
        secrets::secrets(ctx, seat, key)
    }

    fn keeps_secrets(ctx: &Ctx) -> bool {
        ctx.state.units.iter().any(|u| ctx.unit_fields(&u.id).hidden)
    }

    fn luck(ctx: &Ctx, action: Act<'_, Self>, outcome: &Outcome) -> Vec<Luck> {
        luck::luck(ctx, action, outcome)
    }

    /// The article names no victory conditions and no victory levels: the players say who held (docs/rules).
    fn result(_ctx: &Ctx) -> Option<BattleResult> {
        None
    }

    fn dice_per_turn(ctx: &Ctx, unit: &Unit) -> Option<u32> {
        Some(dice_per_turn::dice_per_turn(ctx, unit))
    }
}

/// Each side's chance on the activation toss, its bonus for tosses lost in a row included.
fn toss_odds(ctx: &Ctx) -> Result<OddsView, GameError> {
    let sides = &ctx.scenario.sides;
    let (margin, chances) = activation::toss_chances(ctx)
        .ok_or_else(|| GameError::from(Refusal::by_rule("the toss is between two sides", SEQUENCE)))?;
    let mut view = OddsView::new("activation toss: first side's margin", &margin)
        .with_dice(sides.iter().map(|s| format!("1 D10 for {}", s.name)));
    for (side, p) in sides.iter().zip(chances) {
        view.add_line(format!("{} {}", side.name, crate::rules::agrees(&side.name, "wins", "win")), p);
    }
    Ok(view)
}
