//! The deck drives the siege: each card is a turn. Black activates the defenders, red the natives; 2-10
//! one action, a picture two, an ace three. The Ace of Spades sights the relief column, and brings it the
//! second time. A joker brings reinforcements on every edge and reshuffles the deck, no actions and no
//! melee; once the column is sighted only the next joker reshuffles (the Ace of Spades back in).

use super::NativesAreRestless;
use super::context::{ACTIVATION, Ctx, REINFORCEMENTS};
use super::tables::Army;
use super::turn::{Change, Relief, Stage, ace_of_spades};
use crate::cards::{Card, Rank};
use crate::dice::GameRng;
use crate::game::{Effect, GameError, Outcome, Refusal};
use crate::rules::{RuleSystem, plural};

/// Refuses a draw while the card in play, or the start, still owes something.
pub fn ready_to_draw(ctx: &Ctx) -> Result<(), GameError> {
    ctx.nothing_owed()?;
    let turn = ctx.turn;
    let refuse = |why: String| Err(Refusal::by_rule(why, ACTIVATION).into());
    if !turn.pending.is_empty() {
        let groups = plural(turn.pending.len(), "group of natives waits", "groups of natives wait");
        return refuse(format!("{groups} to be placed on their edge first"));
    }
    match turn.stage {
        Stage::Draw => Ok(()),
        Stage::Muster => {
            refuse(format!("the natives roll their groups first ({} to go)", plural(turn.edges_owed.len(), "edge", "edges")))
        }
        Stage::Actions => refuse(format!(
            "{} still have {} from this card: take {} or pass",
            turn.side.map_or("nobody", |a| a.name()),
            plural(turn.actions_left as usize, "action", "actions"),
            if turn.actions_left == 1 { "it" } else { "them" }
        )),
        Stage::Melees => refuse(format!("fight the {} in contact first", plural(turn.melees.len(), "melee", "melees"))),
        Stage::Reinforcement => {
            Err(Refusal::by_rule("the natives roll for reinforcements first", REINFORCEMENTS).into())
        }
        Stage::Over => refuse("the siege is over".into()),
    }
}

pub fn draw(ctx: &Ctx, typed: Option<&str>, rng: &mut GameRng) -> Result<Outcome, GameError> {
    ready_to_draw(ctx)?;
    let mut deck = ctx.turn.deck.clone();
    // The app's deck is shuffled before its first card; a pile drawn out is shuffled back in, as players do.
    let order = if !ctx.turn.dealt || deck.remaining() == 0 {
        deck.reshuffle(rng.inner());
        Some(deck.draw_pile().to_vec())
    } else {
        None
    };
    let card = match typed {
        Some(text) => {
            let card = text.parse::<Card>().map_err(|e| GameError::BadInput(e.to_string()))?;
            deck.draw_typed(card).map_err(|e| Refusal::by_rule(e.to_string(), ACTIVATION))?
        }
        None => deck.draw(rng.inner()),
    };
    // Each card is a turn; the first is turn 1, where the muster was.
    let first = ctx.turn.card.is_none();
    let turn_number = if first { ctx.state.turn } else { ctx.state.turn.saturating_add(1) };
    let mut effects = Vec::new();
    if !first {
        effects.push(Effect::TurnBegins { turn: turn_number });
    }
    effects.push(NativesAreRestless::effect(Change::Drawn { card, typed: typed.is_some(), order }));
    let change = |c: Change| NativesAreRestless::effect(c);
    let mut words = format!("Card {turn_number}: {card}{}", if typed.is_some() { " (typed)" } else { "" });
    match card {
        Card::Joker(_) => {
            let reshuffle = match ctx.turn.relief {
                Relief::Awaited => true,
                Relief::Sighted { reshuffle_left } => {
                    if reshuffle_left {
                        effects.push(change(Change::Relief { relief: Relief::Sighted { reshuffle_left: false } }));
                    }
                    reshuffle_left
                }
                Relief::Arrived => false,
            };
            words.push_str(": automatic reinforcements on every edge; no actions, no melee");
            if reshuffle {
                deck.reshuffle(rng.inner());
                effects.push(change(Change::Reshuffled { order: deck.draw_pile().to_vec() }));
                words.push_str("; the deck is reshuffled");
            } else {
                words.push_str("; no reshuffle (the joker that put the Ace of Spades back has come)");
            }
            effects.push(change(Change::Activates { side: None, actions: 0, picture: false }));
            effects.push(change(Change::EdgesOwed { edges: vec![1, 2, 3, 4] }));
            effects.push(change(Change::Stage { stage: Stage::Muster }));
        }
        Card::Standard { rank, suit } => {
            if card == ace_of_spades() {
                match ctx.turn.relief {
                    Relief::Sighted { .. } | Relief::Arrived => {
                        effects.push(change(Change::Relief { relief: Relief::Arrived }));
                        effects.extend(super::winning::won(Army::Defenders));
                        words.push_str(": the Ace of Spades again");
                        let summary = super::winning::told(ctx, words, &effects);
                        return Ok(Outcome::Resolved { summary, rolls: Vec::new(), effects });
                    }
                    Relief::Awaited => {
                        effects.push(change(Change::Relief { relief: Relief::Sighted { reshuffle_left: true } }));
                        words.push_str(": the relief column is sighted (its marker goes on the table)");
                    }
                }
            }
            let army = if suit.is_red() { Army::Natives } else { Army::Defenders };
            let (actions, picture) = match rank {
                Rank::Ace => (3, true),
                Rank::Jack | Rank::Queen | Rank::King => (2, true),
                _ => (1, false),
            };
            effects.push(change(Change::Activates { side: Some(army), actions, picture }));
            effects.push(change(Change::Stage { stage: Stage::Actions }));
            words.push_str(&format!("; {} take {actions} action{}", army.name(), if actions == 1 { "" } else { "s" }));
            if picture {
                words.push_str(", then melees or the reinforcement roll");
            }
        }
    }
    let aos = if deck.draw_pile().contains(&ace_of_spades()) { "still in the deck" } else { "not in the deck" };
    words.push_str(&format!(" ({} left; the Ace of Spades {aos})", plural(deck.remaining(), "card", "cards")));
    Ok(Outcome::Resolved { summary: words, rolls: Vec::new(), effects })
}

/// What follows the card's last action: the melees or the reinforcement roll after a picture or an ace,
/// else the next card.
pub fn after_actions(ctx: &Ctx, melees_after: bool) -> Stage {
    match (ctx.turn.picture, melees_after) {
        (true, true) => Stage::Melees,
        (true, false) => Stage::Reinforcement,
        (false, _) => Stage::Draw,
    }
}

/// One of the card's actions spent by `unit`; the last one moves the card on.
pub fn spend(ctx: &Ctx, unit: &str, moved: bool, melees_after: bool) -> Vec<Effect> {
    let mut effects = vec![NativesAreRestless::effect(Change::ActionSpent { unit: unit.to_string(), moved })];
    if ctx.turn.actions_left <= 1 {
        effects.push(NativesAreRestless::effect(Change::Stage { stage: after_actions(ctx, melees_after) }));
    }
    effects
}

/// The card's side gives up its remaining actions.
pub fn pass(ctx: &Ctx) -> Result<Outcome, GameError> {
    ctx.nothing_owed()?;
    let turn = ctx.turn;
    if turn.stage != Stage::Actions {
        return Err(Refusal::by_rule("no card's actions are in play to pass", ACTIVATION).into());
    }
    let stage = after_actions(ctx, !turn.melees.is_empty());
    let summary = format!(
        "{} pass, leaving {} action{}",
        capitalise(turn.side.map_or("nobody", |a| a.name())),
        turn.actions_left,
        if turn.actions_left == 1 { "" } else { "s" }
    );
    let effects = vec![
        NativesAreRestless::effect(Change::Activates { side: turn.side, actions: 0, picture: turn.picture }),
        NativesAreRestless::effect(Change::Stage { stage }),
    ];
    Ok(Outcome::Resolved { summary, rolls: Vec::new(), effects })
}

pub fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}
