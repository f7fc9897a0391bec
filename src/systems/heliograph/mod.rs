//! Heliograph procedure: the activation toss, activating one unit at a time (sighting, movement by
//! terrain, fire or charge, morale), the melee sequence, and the end of the turn. The tables are data
//! (`scenarios/heliograph/ruleset.toml`, read by `tables`); this module is the procedure.

mod activation;
mod context;
mod fire;
mod melee;
mod morale;
mod movement;
mod tables;
mod turn;
mod view;

pub use tables::Tables;
pub use turn::{Activation, Change, MeleeState, MeleeStep, MoraleDue, Reason, Turn};
pub use view::{HeliographView, heliograph_view};

use crate::dice::GameRng;
use crate::game::{Action, GameError, GameState, Outcome, Refusal};
use crate::odds::{Dist, OddsView};
use crate::scenario::Scenario;
use context::{Ctx, MELEE};

/// Resolves an action under Heliograph rules, or returns None for the actions every system shares.
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
        Action::Initiative { dice } => activation::toss(&ctx, dice.as_deref(), rng)?,
        Action::Activate { unit } => activation::activate(&ctx, unit)?,
        Action::EndPhase => match &turn.melee {
            Some(m) if m.step == MeleeStep::DefensiveFire => skip_defensive_fire(&ctx)?,
            _ => activation::end_activation(&ctx)?,
        },
        Action::NextTurn => activation::next_turn(&ctx)?,
        Action::RollMove { unit, dice, .. } => movement::roll_move(&ctx, unit, dice.as_deref(), rng)?,
        Action::Move { unit, path, facing } => movement::travel(&ctx, unit, path, *facing)?,
        Action::Unlimber { unit } => movement::unlimber(&ctx, unit)?,
        Action::Sight { unit, dice } => movement::sight(&ctx, unit, dice.as_deref(), rng)?,
        Action::Charge { unit, target } => movement::charge(&ctx, unit, target)?,
        Action::Fire { unit, target, at, dice, .. } => fire::fire(&ctx, unit, target, *at, dice.as_deref(), rng)?,
        Action::Morale { unit, dice } => morale::morale(&ctx, unit, dice.as_deref(), rng)?,
        Action::Melee { unit, dice } => melee::melee(&ctx, unit, dice.as_deref(), rng)?,
        Action::CrewGun { unit, gun } => crew_gun(&ctx, unit, gun)?,
        _ => return Ok(None),
    };
    Ok(Some(outcome))
}

/// The defender may decline its defensive fire (no weapon in range, or none worth firing).
fn skip_defensive_fire(ctx: &Ctx) -> Result<Outcome, GameError> {
    let mut m = ctx.turn.melee.clone().expect("checked");
    let attacker = ctx.unit(&m.attacker)?;
    m.step = MeleeStep::AttackerMorale;
    Ok(Outcome::Resolved {
        summary: format!("No defensive fire; {} tests morale to close", attacker.name),
        rolls: Vec::new(),
        effects: vec![
            activation::change(Change::Melee { state: Some(m) }),
            activation::change(Change::MoraleDue { unit: attacker.id.clone(), reason: Reason::Closing }),
        ],
    })
}

/// Infantry at a Gatling whose crew is gone take it over; the gun then fires two dice per infantryman.
fn crew_gun(ctx: &Ctx, unit: &str, gun: &str) -> Result<Outcome, GameError> {
    const RULE: &str = "Heliograph, Fire Combat: Crewing the Gatling Gun";
    let infantry = ctx.live_unit(unit)?;
    let gatling = ctx.unit(gun)?;
    ctx.activation_refusal(infantry, "crew a gun")?;
    if ctx.weapon(gatling).dice_per_crew.is_none() || gatling.side != infantry.side {
        return Err(Refusal::by_rule(format!("{} is not one of your Gatling guns", gatling.name), RULE).into());
    }
    if !ctx.profile(infantry).infantry {
        return Err(Refusal::by_rule(format!("{} are not infantry", infantry.name), RULE).into());
    }
    if gatling.crew_alive() > 0 {
        return Err(Refusal::by_rule(format!("{} still has its own crew", gatling.name), RULE).into());
    }
    let (Some(a), Some(b)) = (infantry.anchor(), gatling.figures.first().map(|f| f.pos)) else {
        return Err(Refusal::new("the gun has no position").into());
    };
    if crate::measure::distance(a, b) > movement::CONTACT + 1.0 {
        return Err(Refusal::by_rule(format!("move {} to the gun first", infantry.name), RULE).into());
    }
    if ctx.turn.active.as_ref().is_some_and(|x| x.fired) {
        return Err(Refusal::by_rule(
            format!("{} fired this activation: crewing takes a full action without firing", infantry.name),
            RULE,
        )
        .into());
    }
    Ok(Outcome::Resolved {
        summary: format!("{} spend a full action taking over {}", infantry.name, gatling.name),
        rolls: Vec::new(),
        effects: vec![
            activation::change(Change::Crewed { gun: gatling.id.clone(), by: infantry.id.clone() }),
            activation::change(Change::Busy),
            activation::change(Change::Fired),
        ],
    })
}

/// The exact odds of a Heliograph action in the current state, or None for a shared action.
pub fn odds(
    scenario: &Scenario,
    state: &GameState,
    tables: &Tables,
    turn: &Turn,
    action: &Action,
) -> Result<Option<OddsView>, GameError> {
    let ctx = Ctx { scenario, state, tables, turn };
    let view = match action {
        Action::Fire { unit, target, at, .. } => fire::odds(&ctx, unit, target, *at)?,
        Action::Morale { unit, .. } => morale::odds(&ctx, unit)?,
        Action::Melee { unit, .. } => melee::odds(&ctx, unit)?,
        Action::Sight { unit, .. } => movement::sight_odds(&ctx, unit)?,
        Action::RollMove { unit, .. } => {
            let unit = ctx.live_unit(unit)?;
            let expr = crate::game::movement_choice(scenario, unit, None)?;
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
        Action::Initiative { .. } => {
            let sides = &scenario.sides;
            if sides.len() != 2 {
                return Err(Refusal::by_rule("the toss is between two sides", MELEE).into());
            }
            let bonus = |i: usize| turn.toss_bonus.get(&sides[i].id).copied().unwrap_or(0);
            let d10 = Dist::uniform(&(0..10).collect::<Vec<i64>>());
            let margin = d10.shifted(bonus(0)).add(&d10.shifted(bonus(1)).negated());
            // Ties are tossed again, so each side's chance is its share of the decided tosses.
            let (a, b) = (margin.p_at_least(1), margin.p_at_most(-1));
            let mut view = OddsView::new("activation toss: first side's margin", &margin)
                .with_dice(sides.iter().map(|s| format!("1 D10 for {}", s.name)));
            view.add_line(format!("{} wins", sides[0].name), a / (a + b));
            view.add_line(format!("{} wins", sides[1].name), b / (a + b));
            view
        }
        _ => return Ok(None),
    };
    Ok(Some(view))
}
