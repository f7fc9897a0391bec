//! What the table shows of the siege: the card in play and the actions it leaves, what comes next, the
//! deck (cards left, whether the Ace of Spades is still in it), the relief column, the ammunition (or the
//! umpire's warning), the natives off the table, groups waiting to be placed, melees in contact, the rolls
//! due and what each unit may do now.

use serde::{Deserialize, Serialize};

use super::context::{Ctx, casualties};
use super::deck::{capitalise, ready_to_draw};
use super::fire::{armed, shot};
use super::melee::fight;
use super::movement::{can_move, other};
use super::orders;
use super::muster::{UMPIRE_OPTION, group_dice, kind_name, kinds_now, reinforce_ready, umpire_owed};
use super::tables::{Army, Class};
use super::turn::{Left, Pending, Relief, Stage};
use crate::game::{GameError, Refusal};
use crate::measure::nearest;
use crate::roster::{Role, Unit};
use crate::rules::{Drawing, Note, Offer, Prompt, Report, Seat, Secrets, Tone, UnitReport, and_list};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct SiegeView {
    /// The card in play, as the log writes it ("Q♠", "10♥", "Joker").
    pub card: Option<String>,
    /// The army the card activates.
    pub side: Option<Army>,
    pub actions_left: u32,
    /// A picture card or an ace: melees or the reinforcement roll follow.
    pub picture: bool,
    pub stage: Stage,
    /// What comes next, in a player's words.
    pub next: String,
    pub cards_left: u32,
    pub ace_of_spades_in_deck: bool,
    pub relief: Relief,
    /// The defenders' counters; none for any seat but the referee's when the umpire keeps the count
    /// (`hide`).
    pub rifle_ammunition: Option<u32>,
    pub gun_ammunition: Option<u32>,
    /// The umpire's word on the ammunition ("getting low"), or a plain warning.
    pub ammunition_warning: Option<String>,
    /// The natives off the table, by kind.
    pub reserves: Vec<Reserve>,
    pub pending: Vec<Pending>,
    /// The table's edges by the number the dice give them (1-4): "north", "east", ...
    pub edges: Vec<String>,
    /// The kinds the next waiting group may be.
    pub raise_kinds: Vec<String>,
    pub melees: Vec<Vec<String>>,
    pub winner: Option<Army>,
    /// The side playing each army.
    pub defenders: String,
    pub natives: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Reserve {
    pub kind: String,
    pub name: String,
    pub figures: u32,
}

fn next_words(ctx: &Ctx) -> String {
    let turn = ctx.turn;
    if let Some(army) = turn.winner {
        return format!("The siege is over: {} have won", army.name());
    }
    if let Some(due) = turn.morale_due.first() {
        return format!("{} morale", tests_morale(ctx, &due.unit));
    }
    if umpire_owed(ctx) {
        return "The umpire removes 1D6 rifle counters in secret".into();
    }
    if let Some(edge) = turn.edges_owed.first() {
        return format!("The natives roll a group for the {} edge ({edge})", ctx.charts.edge(*edge).name());
    }
    if let Some(group) = turn.pending.first() {
        return format!("Place the group on the {} edge", ctx.charts.edge(group.edge).name());
    }
    match turn.stage {
        Stage::Actions => {
            let then = if turn.picture { ", then melees or reinforcements" } else { ", then the next card" };
            format!(
                "{} have {} action{} left{then}",
                capitalise(turn.side.map_or("nobody", |a| a.name())),
                turn.actions_left,
                if turn.actions_left == 1 { "" } else { "s" }
            )
        }
        Stage::Melees => format!("Fight the melees in contact ({} left)", turn.melees.len()),
        Stage::Reinforcement => "No melee: the natives roll for reinforcements".into(),
        Stage::Over => "The siege is over".into(),
        Stage::Muster | Stage::Draw => "Draw the next card".into(),
    }
}

/// "Boxers 1 test", "Boxer field gun 2 tests": a unit owing its morale test, as its subject.
fn tests_morale(ctx: &Ctx, unit: &str) -> String {
    let name = ctx.name_of(unit);
    let test = super::words::agrees(&name, "tests", "test");
    format!("{name} {test}")
}

fn ammunition_warning(ctx: &Ctx) -> Option<String> {
    let turn = ctx.turn;
    let ammunition = &ctx.charts.ammunition;
    let umpire = ctx.option(UMPIRE_OPTION);
    let mut words = Vec::new();
    let counts = [
        (turn.rifle_ammunition, ammunition.rifle_low_at, "Rifle"),
        (turn.gun_ammunition, ammunition.gun_low_at, "Gun"),
    ];
    for (left, low, what) in counts {
        if left == 0 {
            words.push(format!("{what} ammunition is gone"));
        } else if left <= low {
            words.push(if umpire {
                format!("{what} ammunition is getting low")
            } else {
                format!("{what} ammunition: only {left} left")
            });
        }
    }
    (!words.is_empty()).then(|| words.join("; "))
}

pub fn report(ctx: &Ctx) -> Report<SiegeView> {
    let turn = ctx.turn;
    let umpire = ctx.option(UMPIRE_OPTION);
    let next = next_words(ctx);
    let headline = match turn.card {
        Some(card) if turn.winner.is_none() => format!("Card {}: {card}. {next}", ctx.state.turn),
        _ => next.clone(),
    };
    let reserves: Vec<Reserve> = ctx
        .setup
        .scenario
        .siege
        .natives
        .iter()
        .map(|e| e.kind.get_ref())
        .map(|k| Reserve { kind: k.clone(), name: kind_name(ctx, k), figures: turn.pool.get(k).copied().unwrap_or(0) })
        .collect();
    let aos = turn.ace_of_spades_in_deck() || !turn.dealt;
    // Before the first card the deck is whole, not yet shuffled.
    let cards_left = if turn.dealt { turn.deck.remaining() } else { crate::cards::Deck::new().remaining() };
    let mut status = vec![format!(
        "Deck: {} cards left; the Ace of Spades {}",
        cards_left,
        if aos { "is still in it" } else { "is not in it" }
    )];
    status.push(match turn.relief {
        Relief::Awaited => "Relief column: not yet sighted".into(),
        Relief::Sighted { reshuffle_left: true } => {
            "Relief column: SIGHTED (marker on the table); the next joker puts the Ace of Spades back".into()
        }
        Relief::Sighted { reshuffle_left: false } => {
            "Relief column: SIGHTED (marker on the table); jokers no longer reshuffle".into()
        }
        Relief::Arrived => "Relief column: arrived".into(),
    });
    status.push(if umpire {
        "Ammunition: the umpire keeps the count".to_string()
    } else {
        format!("Ammunition counters: {} rifle, {} gun", turn.rifle_ammunition, turn.gun_ammunition)
    });
    if let Some(w) = ammunition_warning(ctx) {
        status.push(w);
    }
    let reserve_words: Vec<String> = reserves.iter().map(|r| format!("{} {}", r.figures, r.name)).collect();
    status.push(format!("Natives off the table: {}", reserve_words.join(", ")));
    let raise_kinds = turn.pending.first().map(|g| kinds_now(ctx, g)).unwrap_or_default();
    Report {
        headline,
        owed: owed(ctx),
        status,
        prompts: prompts(ctx),
        offers: bar_offers(ctx, &raise_kinds),
        units: ctx.state.units.iter().map(|u| (u.id.clone(), unit_report(ctx, u))).collect(),
        drawing: Drawing { charge_stop_short: super::arranging::BASE, charge_contact: true },
        own: SiegeView {
            card: turn.card.map(|c| c.to_string()),
            side: turn.side,
            actions_left: turn.actions_left,
            picture: turn.picture,
            stage: turn.stage,
            next,
            cards_left: cards_left as u32,
            ace_of_spades_in_deck: aos,
            relief: turn.relief,
            rifle_ammunition: Some(turn.rifle_ammunition),
            gun_ammunition: Some(turn.gun_ammunition),
            ammunition_warning: ammunition_warning(ctx),
            reserves,
            pending: turn.pending.clone(),
            edges: ctx.charts.groups.edges.clone(),
            raise_kinds,
            melees: turn.melees.iter().map(|m| m.units.clone()).collect(),
            winner: turn.winner,
            defenders: ctx.side_of(Army::Defenders).to_string(),
            natives: ctx.side_of(Army::Natives).to_string(),
        },
    }
}

fn owed(ctx: &Ctx) -> Vec<String> {
    let turn = ctx.turn;
    if turn.winner.is_some() {
        return Vec::new();
    }
    let mut owed: Vec<String> = turn
        .morale_due
        .iter()
        .map(|d| format!("{} morale ({})", tests_morale(ctx, &d.unit), casualties(d.casualties)))
        .collect();
    if umpire_owed(ctx) {
        owed.push("The umpire's secret removal of 1D6 rifle counters".into());
    }
    owed.extend(turn.edges_owed.iter().map(|e| format!("A group for the {} edge ({e})", ctx.charts.edge(*e).name())));
    owed.extend(
        turn.pending.iter().map(|g| format!("Place the group waiting on the {} edge", ctx.charts.edge(g.edge).name())),
    );
    match turn.stage {
        Stage::Melees => owed.push(format!("{} to fight", crate::rules::plural(turn.melees.len(), "melee", "melees"))),
        Stage::Reinforcement => owed.push("The reinforcement roll".into()),
        _ => {}
    }
    owed
}

fn prompts(ctx: &Ctx) -> Vec<Prompt> {
    let turn = ctx.turn;
    let mut prompts = Vec::new();
    for due in &turn.morale_due {
        prompts.push(Prompt {
            action: "morale".into(),
            unit: due.unit.clone(),
            text: format!("{} morale: roll over {} on 1 D6 or rout", tests_morale(ctx, &due.unit), due.casualties),
            p: Some(super::morale::pass(due.casualties)),
            dice: vec![super::morale::DIE.to_string()],
            against: None,
        });
    }
    if turn.winner.is_some() || !turn.morale_due.is_empty() {
        return prompts;
    }
    if umpire_owed(ctx) {
        prompts.push(Prompt {
            action: "umpire".into(),
            unit: String::new(),
            text: "The umpire removes 1D6 rifle counters in secret".into(),
            p: None,
            dice: vec!["1 D6".into()],
            against: None,
        });
    } else if let Some(edge) = turn.edges_owed.first() {
        prompts.push(Prompt {
            action: "muster".into(),
            unit: String::new(),
            text: format!("Natives: roll a group for the {} edge ({edge})", ctx.charts.edge(*edge).name()),
            p: Some(super::muster::group_size(ctx).1),
            dice: group_dice(ctx),
            against: None,
        });
    }
    if turn.stage == Stage::Reinforcement {
        prompts.push(Prompt {
            action: "reinforce".into(),
            unit: String::new(),
            text: "Natives: roll for reinforcements (1-4: that edge; 5-6: none)".into(),
            p: Some(super::muster::arrival_chance(ctx)),
            dice: ["1 D6 for the edge".to_string()].into_iter().chain(group_dice(ctx)).collect(),
            against: None,
        });
    }
    if turn.stage == Stage::Melees {
        for melee in &turn.melees {
            let Some(first) = melee.units.first() else { continue };
            let Ok(f) = fight(ctx, first) else { continue };
            let side = |army: Army| {
                let names: Vec<String> =
                    melee.units.iter().filter_map(|u| ctx.state.unit(u)).filter(|u| ctx.army_of(u) == army).map(|u| u.name.clone()).collect();
                and_list(&names.iter().map(String::as_str).collect::<Vec<_>>())
            };
            let p = super::melee::odds(ctx, first)
                .ok()
                .and_then(|o| o.lines.iter().find(|l| l.label == "the defenders win").map(|l| l.p));
            prompts.push(Prompt {
                action: "melee".into(),
                unit: first.clone(),
                text: format!(
                    "Melee: {} against {} (the chance is the defenders')",
                    side(Army::Defenders),
                    side(Army::Natives)
                ),
                p,
                dice: f.dice(),
                against: melee.units.get(1).cloned(),
            });
        }
    }
    prompts
}

fn bar_offers(ctx: &Ctx, raise_kinds: &[String]) -> Vec<Offer> {
    let turn = ctx.turn;
    let mut offers = vec![Offer::checked("draw_card", ready_to_draw(ctx))];
    if turn.stage == Stage::Actions {
        offers.push(Offer::checked("pass", super::deck::pass(ctx).map(|_| ())));
    }
    if umpire_owed(ctx) {
        offers.push(Offer::open("umpire"));
    } else if !turn.edges_owed.is_empty() {
        offers.push(Offer::checked("muster", ctx.nothing_owed()));
    }
    if turn.stage == Stage::Reinforcement {
        offers.push(Offer::checked("reinforce", reinforce_ready(ctx)));
    }
    if !turn.pending.is_empty() {
        offers.push(if raise_kinds.len() > 1 {
            Offer::picking("raise", "kind", raise_kinds.to_vec())
        } else {
            Offer::open("raise")
        });
    }
    offers
}

fn unit_report(ctx: &Ctx, unit: &Unit) -> UnitReport {
    let turn = ctx.turn;
    let mut report = UnitReport::default();
    if unit.is_out() {
        let how = match turn.left.get(&unit.id) {
            Some(Left::Routed) => Some("routed, its survivors back among the natives off the table"),
            Some(Left::Withdrawn) => Some("withdrawn, its figures back among the natives off the table"),
            None => None,
        };
        report.notes.extend(how.map(|how| Note::new("out", how, Tone::Plain)));
        return report;
    }
    let profile = ctx.profile(unit);
    let origin = ctx.origin(unit);
    report.cover = origin.map(|p| {
        // On the roof, not inside the building: a shot finds him in the open, or behind a parapet.
        if ctx.height(unit) == super::context::Height::Roof {
            let parapet = ctx.building_at(p).is_some_and(|b| b.parapet);
            return if parapet { "roof with a parapet" } else { "open (on the roof)" }.to_string();
        }
        let classes: Vec<&str> = ctx.covers_at(p).iter().map(|(a, _)| a.cover.as_str()).collect();
        if classes.is_empty() { "open".to_string() } else { classes.join(", ") }
    });
    report.move_note = Some(match (profile.class, profile.army) {
        (Class::Gun, Army::Defenders) => "never moves; turns when fully crewed".to_string(),
        (Class::Gun, _) if turn.gun_fired.contains(&unit.id) => "has fired: never moves again".to_string(),
        _ => format!("{}\" a move", profile.movement),
    });
    if let Some((_, melee)) = turn.melee_of(&unit.id) {
        let others: Vec<String> = melee.units.iter().filter(|u| **u != unit.id).map(|u| ctx.name_of(u)).collect();
        report.notes.push(Note::new("melee", format!("In melee with {}", and_list(&others.iter().map(String::as_str).collect::<Vec<_>>())), Tone::Bad));
    }
    if let Some(due) = turn.morale_due.iter().find(|d| d.unit == unit.id) {
        report.notes.push(Note::new("morale", format!("Must test morale ({})", casualties(due.casualties)), Tone::Bad));
    }
    if turn.fresh.contains(&unit.id) {
        report.notes.push(Note::new("fresh", "Just arrived: drag it along its edge", Tone::Active));
    }
    if let Some(building) = ctx.origin(unit).and_then(|p| ctx.building_at(p)).filter(|_| ctx.level_of(unit) > 0) {
        let level = building.levels.get(ctx.level_of(unit)).map_or("upper floor", String::as_str);
        report.notes.push(Note::new("level", format!("On the {level} of {}", building.name.get_ref()), Tone::Plain));
    }
    if profile.fanatical {
        report.notes.push(Note::new("fanatical", "Fanatical: never tests morale", Tone::Plain));
    }
    if profile.class == Class::Gun {
        let crew = unit.figures.iter().filter(|f| f.role == Role::Crew).count();
        report.notes.push(Note::new("crew", format!("Crew {} of {crew}", unit.crew_alive()), Tone::Plain));
    }
    if turn.fresh.contains(&unit.id) {
        // Dragged along its edge at no cost until the next card: the move tool offers the edge's length.
        report.fixed_move = Some(ctx.scenario.table.width.max(ctx.scenario.table.depth));
        report.move_note = Some("drag it along its edge".into());
        report.offers.push(Offer::open("move"));
    }
    if turn.side != Some(profile.army) || turn.stage != Stage::Actions || turn.winner.is_some() {
        return report;
    }
    let movable = can_move(ctx, &unit.id);
    report.offers.push(Offer::checked("move", movable.as_ref().map(|_| ()).map_err(Clone::clone)));
    if movable.is_ok() {
        report.fixed_move = Some(profile.movement);
    }
    let levels = super::movement::climb_levels(ctx, unit);
    if !levels.is_empty() && profile.class != Class::Gun {
        report.offers.push(match can_move(ctx, &unit.id) {
            Ok(_) => Offer::picking("climb", "level", levels),
            Err(e) => Offer::barred("climb", e.to_string()),
        });
    }
    if profile.class != Class::Gun {
        let enemies = ctx.army_units(other(profile.army));
        let may = super::charge::charging(ctx, &unit.id);
        report.offers.push(pick_or_bar("charge", "target", may, enemies, |u, t| {
            super::charge::reaches(ctx, u, t)
        }));
    }
    if profile.fires {
        let enemies = ctx.army_units(other(profile.army));
        report.offers.push(pick_or_bar("fire", "target", armed(ctx, &unit.id), enemies, |u, t| {
            shot(ctx, &u.id, &t.id, None).map(|_| ())
        }));
    }
    let defenders = || ctx.state.units.iter().filter(|u| u.id != unit.id && ctx.army_of(u) == Army::Defenders);
    let squads = || defenders().filter(|u| !u.is_out() && !ctx.is_gun(u));
    match (profile.army, profile.class) {
        (Army::Natives, class) => {
            if class == Class::Gun {
                report.offers.push(Offer::checked("turn_gun", orders::turnable(ctx, &unit.id).map(|_| ())));
            }
            report.offers.push(Offer::checked("withdraw", ctx.ready_to_act(&unit.id, "withdraw").map(|_| ())))
        }
        (Army::Defenders, Class::Gun) => {
            report.offers.push(Offer::checked("turn_gun", orders::turnable(ctx, &unit.id).map(|_| ())));
            let may = orders::sending_crewman(ctx, &unit.id);
            report.offers.push(pick_or_bar("rejoin", "squad", may, squads(), |u, squad| {
                orders::rejoin(ctx, &u.id, &squad.id).map(|_| ())
            }));
        }
        (Army::Defenders, _) => {
            let may = orders::combining(ctx, &unit.id);
            report.offers.push(pick_or_bar("combine", "into", may, squads(), |u, into| {
                orders::combine(ctx, &u.id, &into.id).map(|_| ())
            }));
            let guns = defenders().filter(|u| ctx.is_gun(u));
            report.offers.push(pick_or_bar("crew", "gun", orders::crewing(ctx, &unit.id), guns, |u, gun| {
                orders::crew(ctx, &u.id, &gun.id).map(|_| ())
            }));
        }
    }
    report.offers.push(Offer::checked("special", ctx.ready_to_act(&unit.id, "take a special action").map(|_| ())));
    report
}

/// `action`, naming one of `candidates`, for the unit `may` accepts: barred as `may` refuses it; else open with
/// the candidates `take` accepts; else barred with the words it refuses the nearest of them with. What the
/// view offers and bars is what the action accepts and refuses, in the same words.
fn pick_or_bar<'a>(
    action: &str,
    field: &str,
    may: Result<&'a Unit, GameError>,
    candidates: impl Iterator<Item = &'a Unit>,
    take: impl Fn(&Unit, &Unit) -> Result<(), GameError>,
) -> Offer {
    let unit = match may {
        Ok(unit) => unit,
        Err(e) => return Offer::barred(action, e.to_string()),
    };
    let tried: Vec<(&Unit, Result<(), GameError>)> = candidates.map(|c| (c, take(unit, c))).collect();
    let open: Vec<String> = tried.iter().filter(|(_, r)| r.is_ok()).map(|(c, _)| c.id.clone()).collect();
    if !open.is_empty() {
        return Offer::picking(action, field, open);
    }
    let places = |u: &Unit| u.figures.iter().filter(|f| f.alive || u.is_out()).map(|f| f.pos).collect::<Vec<_>>();
    let gap = |c: &Unit| nearest(&places(unit), &places(c)).map_or(f64::INFINITY, |p| p.distance);
    let nearest_refusal = tried.into_iter().filter_map(|(c, r)| r.err().map(|e| (gap(c), e))).min_by(|a, b| a.0.total_cmp(&b.0));
    match nearest_refusal {
        Some((_, e)) => Offer::barred(action, e.to_string()),
        None => Offer::barred(action, Refusal::new(format!("{} has no one to {action} now", unit.name)).to_string()),
    }
}

/// What a seat may not be shown while the umpire keeps the count: the count itself, and the die that took
/// counters away in secret. The referee's seat is the umpire's.
pub fn secrets(ctx: &Ctx, seat: &Seat) -> Secrets {
    match ctx.option(UMPIRE_OPTION) && !seat.is_referee() {
        true => Secrets { dice_of: vec!["umpire".into()], ..Secrets::default() },
        false => Secrets::default(),
    }
}

pub fn hide(own: &mut SiegeView, ctx: &Ctx, seat: &Seat) {
    if ctx.option(UMPIRE_OPTION) && !seat.is_referee() {
        own.rifle_ammunition = None;
        own.gun_ammunition = None;
    }
}
