//! What the table shows of a Heliograph turn: the toss and its bonuses, who chooses, the unit being
//! activated and what it has done, hidden counters, limbered and jammed guns, the tests and melee steps
//! due now, and what each unit may do in its activation.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::activation::{activate, blocking, end_activation, next_turn, owed, toss, waiting};
use super::context::Ctx;
use super::context::SIGHTING;
use super::crewing::crew_gun;
use super::fire::{armed, turn_allows_fire};
use super::markers::ACTIVATED;
use super::melee::skip_defensive_fire;
use super::morale::test_for;
use super::movement::{counters, ready_to_move, roll_ready, sight_ready, unlimber};
use super::tables::{Army, JungleDie};
use super::turn::{Activation, MeleeState, MeleeStep};
use crate::dice::GameRng;
use crate::game::{GameError, Outcome, Refusal};
use crate::measure::{MOVE_TOLERANCE, distance};
use crate::roster::Unit;
use crate::rules::{Drawing, Note, Offer, Prompt, Report, Tone, UnitReport, says};

/// The activation bar's state.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct HeliographView {
    /// Each side's bonus on the next toss, in side order.
    pub toss_bonus: Vec<i64>,
    /// The side that won the toss and now activates a unit.
    pub chooser: Option<String>,
    pub active: Option<Activation>,
    /// What the active unit has done so far, in a few words ("sighted · moved", "nothing yet").
    pub done: Option<String>,
    pub melee: Option<MeleeState>,
    /// The morale tests and melee step that must come before anything else.
    pub blocking: Vec<String>,
    /// Units not yet activated this turn.
    pub waiting: Vec<String>,
    /// "Maximum of two figures can melee one figure": for the pairing picker.
    pub max_on_one: u32,
}

pub fn report(ctx: &Ctx) -> Report<HeliographView> {
    let (turn, state) = (ctx.turn, ctx.state);
    let sides_waiting = ctx.scenario.sides.iter().filter(|s| waiting(ctx, &s.id).next().is_some()).count();
    let waiting: Vec<String> =
        ctx.scenario.sides.iter().flat_map(|s| waiting(ctx, &s.id)).map(|u| u.id.clone()).collect();
    let mut headline = match &turn.active {
        Some(a) => format!("Activating {}", ctx.name_of(&a.unit)),
        None => "No unit activating".to_string(),
    };
    if let Some(side) = &turn.chooser {
        headline.push_str(&format!("; {} activates next", ctx.side_name(side)));
    }
    headline.push_str(&format!("; {} still to activate", waiting.len()));
    Report {
        headline,
        owed: owed(ctx),
        status: vec![toss_line(ctx)],
        prompts: prompts(ctx),
        offers: bar_offers(ctx, sides_waiting),
        units: state.units.iter().map(|u| (u.id.clone(), unit_report(ctx, u))).collect::<BTreeMap<_, _>>(),
        drawing: Drawing { charge_stop_short: ctx.charts.movement.contact, charge_contact: true },
        own: HeliographView {
            toss_bonus: ctx.scenario.sides.iter().map(|s| turn.toss_bonus_of(&s.id)).collect(),
            chooser: turn.chooser.clone(),
            active: turn.active.clone(),
            done: turn.active.as_ref().map(|a| done_text(ctx, a)),
            melee: turn.melee.clone(),
            max_on_one: ctx.charts.melee.max_on_one as u32,
            blocking: blocking(ctx),
            waiting,
        },
    }
}

/// What moves the turn on: ending the activation (or declining defensive fire), the toss while both sides
/// have units waiting, the next turn once neither has. With one side waiting, or a winner to choose, its
/// units' `activate` offers move it on.
fn bar_offers(ctx: &Ctx, sides_waiting: usize) -> Vec<Offer> {
    let ok = |result: Result<Outcome, GameError>| result.map(|_| ());
    let mut offers = Vec::new();
    let defensive = ctx.turn.melee.as_ref().is_some_and(|m| m.step == MeleeStep::DefensiveFire);
    if defensive {
        offers.push(Offer::checked("end_phase", ok(skip_defensive_fire(ctx))));
    } else if ctx.turn.active.is_some() && ctx.turn.chooser.is_none() {
        offers.push(Offer::checked("end_phase", ok(end_activation(ctx))));
    }
    match (&ctx.turn.chooser, sides_waiting) {
        (Some(_), _) | (None, 1) => {}
        (None, 0) => offers.push(Offer::checked("next_turn", ok(next_turn(ctx)))),
        // A seeded toss never ties for good, so only what is owed can refuse it.
        (None, _) => offers.push(Offer::checked("initiative", ok(toss(ctx, None, &mut GameRng::for_event(0, 0))))),
    }
    offers
}

/// The morale tests due, then the melee once it is down to the fight.
fn prompts(ctx: &Ctx) -> Vec<Prompt> {
    let mut prompts: Vec<Prompt> = ctx
        .turn
        .morale_due
        .iter()
        .filter_map(|d| ctx.state.unit(&d.unit).map(|u| (u, d.reason)))
        .map(|(u, reason)| {
            let test = test_for(ctx, u, reason);
            Prompt {
                action: "morale".into(),
                unit: u.id.clone(),
                text: format!("{} morale {}: {}", says(&u.name, "tests", "test"), reason.words(), test.describe()),
                p: Some(test.p_pass()),
                dice: vec![super::morale::DICE.to_string()],
                against: None,
            }
        })
        .collect();
    let locked_fight = ctx
        .turn
        .active
        .as_ref()
        .filter(|_| ctx.turn.melee.is_none())
        .and_then(|a| ctx.turn.locked_with(&a.unit).map(|other| (a.unit.as_str(), other)));
    let fight = ctx
        .turn
        .melee
        .as_ref()
        .filter(|m| m.step == MeleeStep::Fight)
        .map(|m| (m.attacker.as_str(), m.defender.as_str()));
    if let Some((attacker, defender)) = fight.or(locked_fight)
        && let (Some(a), Some(d)) = (ctx.state.unit(attacker), ctx.state.unit(defender))
    {
        prompts.push(Prompt {
            action: "melee".into(),
            unit: a.id.clone(),
            text: format!("Fight the melee: {} against {}", a.name, d.name),
            p: None,
            dice: super::melee::dice(ctx, a, d, None).unwrap_or_default(),
            against: Some(d.id.clone()),
        });
    }
    prompts
}

fn toss_line(ctx: &Ctx) -> String {
    let bonuses: Vec<String> =
        ctx.scenario.sides.iter().map(|s| format!("{} {:+}", s.name, ctx.turn.toss_bonus_of(&s.id))).collect();
    format!("Toss bonus: {}", bonuses.join(", "))
}

fn unit_report(ctx: &Ctx, unit: &Unit) -> UnitReport {
    let turn = ctx.turn;
    let mut report = UnitReport { concealed: ctx.is_hidden(unit), ..UnitReport::default() };
    if unit.is_out() {
        return report;
    }
    report.cover = Some(ctx.ground_of(unit).name().to_string());
    let allowance = ctx.state.allowances.get(&unit.id);
    if let Some(a) = allowance.filter(|a| !a.faces.is_empty()) {
        let which = ctx.profile(unit).jungle_die;
        let jungle = match which {
            JungleDie::Lowest => a.faces.iter().min(),
            JungleDie::Highest => a.faces.iter().max(),
        };
        let which = if which == JungleDie::Lowest { "lowest" } else { "highest" };
        report.move_note =
            Some(format!("clear/trail {}\" · jungle {}\" ({which} die)", a.total, jungle.copied().unwrap_or(0)));
    }
    let active = turn.active.as_ref().filter(|a| a.unit == unit.id);
    if let Some(a) = active {
        report.notes.push(Note::new("active", format!("Active · {}", done_text(ctx, a)), Tone::Active));
    }
    if turn.limbered.contains(&unit.id) {
        report.notes.push(Note::new("limbered", "Limbered", Tone::Plain));
    }
    if let Some(other) = turn.locked_with(&unit.id) {
        let text = format!("Locked in melee with {}", ctx.name_of(other));
        report.notes.push(Note::new("locked", text, Tone::Bad));
    }
    if ctx.turn.jammed_until.get(&unit.id).is_some_and(|t| *t >= ctx.state.turn) {
        report.notes.push(Note::new("jammed", "Jammed: no fire this turn", Tone::Bad));
    }
    // The same tolerance as placing allows: a figure the app let stand there is not then called a stray.
    let coherency = ctx.charts.movement.coherency;
    if unit.leader().is_some_and(|l| unit.alive().any(|f| distance(f.pos, l.pos) > coherency + MOVE_TOLERANCE)) {
        let text = format!("Figures past {coherency}\" from the leader: set them within it");
        report.notes.push(Note::new("strays", text, Tone::Bad));
    }
    if !unit.flags.contains(&ACTIVATED) {
        report.offers.push(Offer::checked("activate", activate(ctx, &unit.id).map(|_| ())));
    }
    if active.is_none() {
        return report;
    }
    let ready = |check: Result<&Unit, GameError>| check.map(|_| ());
    match allowance {
        None => report.offers.push(Offer::checked("roll_move", ready(roll_ready(ctx, &unit.id)))),
        Some(_) => {
            report.offers.push(Offer::checked("move", ready(ready_to_move(ctx, &unit.id))));
            report.offers.push(Offer::checked("charge", ready(ready_to_move(ctx, &unit.id))));
        }
    }
    let profile = ctx.profile(unit);
    if profile.support {
        report.offers.push(Offer::checked("unlimber", unlimber(ctx, &unit.id).map(|_| ())));
    }
    if profile.side == Army::Us {
        // Sighting with no counter left is allowed, but there is nothing to roll for.
        let sight = ready(sight_ready(ctx, &unit.id)).and_then(|()| match counters(ctx, unit).is_empty() {
            true => Err(Refusal::by_rule("no hidden counter is left to sight", SIGHTING).into()),
            false => Ok(()),
        });
        report.offers.push(Offer::checked("sight", sight));
    }
    report.offers.push(Offer::checked("fire", turn_allows_fire(ctx, unit).and_then(|()| armed(ctx, unit).map(|_| ()))));
    if profile.infantry {
        let guns: Vec<String> = ctx
            .state
            .units
            .iter()
            .filter(|g| g.side == unit.side && g.id != unit.id && crew_gun(ctx, &unit.id, &g.id).is_ok())
            .map(|g| g.id.clone())
            .collect();
        if !guns.is_empty() {
            report.offers.push(Offer::picking("crew_gun", "gun", guns));
        }
    }
    report
}

/// What the active unit has done so far, in a few words.
/// What the active unit has done, in a few words. Crewing a gun and fighting a charge's melee also bar
/// the unit's fire (the log records them as its fire spent), but it did not fire, so they are not called so.
fn done_text(ctx: &Ctx, a: &Activation) -> String {
    let crewing = ctx.turn.gun_crewed_now().is_some();
    let done: Vec<&str> = [
        (a.sighted, "sighted"),
        (a.moved, "moved"),
        (a.busy && !crewing, "unlimbered"),
        (crewing, "crewed the gun"),
        (a.charged, "charged"),
        (a.fired && !a.charged && !crewing, "fired"),
    ]
    .into_iter()
    .filter_map(|(did, word)| did.then_some(word))
    .collect();
    if done.is_empty() { "nothing yet".to_string() } else { done.join(" · ") }
}
