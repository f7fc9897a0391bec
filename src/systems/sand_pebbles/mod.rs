//! Sand Pebbles procedure: the turn sequence A-G with its two initiative rolls, movement with its ship,
//! junk and swimmer rules, charges, fire on the D20 chart, morale tests and melee. The charts themselves
//! are data (`scenarios/sand-pebbles/ruleset.toml`, read by `tables`); this module is the procedure.

mod context;
mod fire;
mod melee;
mod morale;
mod movement;
mod sequence;
mod tables;
mod turn;
mod view;

pub use tables::Tables;
pub use turn::{Change, Charge, Phase, Turn};
pub use view::{Prompt, SequenceView, Step, sequence_view};

use crate::dice::GameRng;
use crate::game::{Action, GameError, GameState, Outcome};
use crate::odds::{Dist, OddsView};
use crate::scenario::Scenario;
use context::Ctx;

/// Resolves an action under Sand Pebbles rules, or returns None for the actions every system shares
/// (notes, free rolls, corrections to the roster, undo).
pub fn prepare(
    scenario: &Scenario,
    state: &GameState,
    tables: &Tables,
    turn: &Turn,
    action: &Action,
    rng: &mut GameRng,
) -> Result<Option<Outcome>, GameError> {
    let ctx = Ctx { scenario, state, tables, turn };
    let outcome = match action {
        Action::Initiative { dice } => sequence::initiative(&ctx, dice.as_deref(), rng)?,
        Action::ChooseOrder { first } => sequence::choose_order(&ctx, first)?,
        Action::EndPhase => sequence::end_phase(&ctx)?,
        Action::NextTurn => sequence::next_turn(&ctx)?,
        Action::RollMove { unit, expr, dice } => {
            movement::roll_move(&ctx, unit, expr.as_deref(), dice.as_deref(), rng)?
        }
        Action::Move { unit, path, facing } => movement::travel(&ctx, unit, path, *facing)?,
        Action::Charge { unit, target } => movement::charge(&ctx, unit, target, true)?,
        Action::Drown { unit, dice } => movement::drown(&ctx, unit, dice.as_deref(), rng)?,
        Action::Fire { unit, target, cover, dice, .. } => {
            fire::fire(&ctx, unit, target, cover.as_deref(), dice.as_deref(), rng)?
        }
        Action::Morale { unit, dice } => morale::morale(&ctx, unit, dice.as_deref(), rng)?,
        Action::Melee { unit, dice } => melee::melee(&ctx, unit, dice.as_deref(), rng)?,
        _ => return Ok(None),
    };
    Ok(Some(outcome))
}

/// The exact odds of a Sand Pebbles action in the current state, or None for a shared action.
pub fn odds(
    scenario: &Scenario,
    state: &GameState,
    tables: &Tables,
    turn: &Turn,
    action: &Action,
) -> Result<Option<OddsView>, GameError> {
    let ctx = Ctx { scenario, state, tables, turn };
    let view = match action {
        Action::Fire { unit, target, cover, .. } => fire::odds(&ctx, unit, target, cover.as_deref())?,
        Action::Morale { unit, .. } => morale::odds(&ctx, unit)?,
        Action::Melee { unit, .. } => melee::odds(&ctx, unit)?,
        Action::Charge { unit, target } => {
            movement::charge(&ctx, unit, target, false)?;
            melee::odds_for(&ctx, ctx.unit(unit)?, ctx.unit(target)?)
        }
        Action::RollMove { unit, expr, .. } => {
            let unit = ctx.live_unit(unit)?;
            let (e, upstream) = movement::move_expr(&ctx, unit, expr.as_deref())?;
            let note = if upstream { ", upstream" } else { "" };
            OddsView::new(format!("{} movement {e}{note} (inches)", unit.name), &e.distribution())
                .with_dice([format!("{} D6", e.dice_count())])
        }
        Action::Drown { unit, .. } => {
            let unit = ctx.live_unit(unit)?;
            OddsView::new(format!("{}: swimmers drowned", unit.name), &Dist::binomial(unit.alive_count(), 1.0 / 6.0))
                .with_dice([format!("{} D6, one per swimmer", unit.alive_count())])
        }
        Action::Initiative { .. } => {
            let mut view = OddsView::new("initiative: D6 against D6, ties rolled again", &Dist::uniform(&[0, 1]))
                .with_dice(scenario.sides.iter().map(|s| format!("1 D6 for {}", s.name)));
            for side in &scenario.sides {
                view.add_line(format!("{} wins", side.name), 0.5);
            }
            view
        }
        _ => return Ok(None),
    };
    Ok(Some(view))
}
