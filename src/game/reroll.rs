//! Re-rolls after undo. Undo stays free for mistakes, and a redo brings back the very dice that fell (it
//! refolds the stored outcome). But undoing a roll and asking the app to roll the same thing again fishes
//! for better dice: the log marks such a roll plainly, and a table may forbid it (`no_reroll_after_undo`),
//! leaving redo, or dice typed in from the table, as the ways on. A card the app drew, undone and drawn
//! again, is the same fishing (for the Ace of Spades, say), and is marked and forbidden the same way.

use super::{Action, Event, Game, GameError, Outcome, Refusal};

/// The table-wide option that refuses app re-rolls after undo.
pub const NO_REROLL_AFTER_UNDO: &str = "no_reroll_after_undo";

/// The undone entry whose dice `event` rolls again, if it does: the latest earlier entry for the same
/// action by the same unit, when that entry rolled app dice and is not in force. An entry for the same
/// action still in force (last turn's fire, say) means this is a fresh roll, not a re-roll.
pub fn replaced(game: &Game, event: &Event) -> Result<Option<usize>, GameError> {
    if !app_chance(event) {
        return Ok(None);
    }
    let same = Roller::of(&event.action);
    let kind = event.action.type_name();
    // The type is compared first: it is cheap, and most entries of a long log fall there.
    let same_action = game
        .events()
        .iter()
        .enumerate()
        .rev()
        .find(|(_, e)| e.action.type_name() == kind && app_chance(e) && Roller::of(&e.action) == same);
    let (seq, earlier) = match same_action {
        Some((seq, _)) if game.in_force(seq) => return Ok(None),
        Some(found) => found,
        // Another action can roll what an undone one rolled at this very point (an officer's death die
        // rolled by `advance`, undone, then by the player's choice of losses): the same first die, by its
        // label, among the entries undone since the last new one.
        None => match seen_here(game, event) {
            Some(found) => found,
            None => return Ok(None),
        },
    };
    if game.scenario().option(NO_REROLL_AFTER_UNDO) {
        let why = if is_app_draw(&event.action) {
            "This card was drawn and undone ({}): redo it to keep the card, or type the card drawn at the table"
        } else {
            "This was rolled and undone ({}): redo it to keep its dice, or type the dice rolled at the table"
        };
        return Err(Refusal::by_rule(
            why.replace("{}", &game.describe(earlier)),
            "Table option \"No reroll after undo\" (no_reroll_after_undo)",
        )
        .into());
    }
    Ok(Some(seq))
}

/// An entry undone since the last new action whose first app-rolled die has the label of `event`'s.
fn seen_here<'a>(game: &'a Game, event: &Event) -> Option<(usize, &'a Event)> {
    let label = first_app_label(&event.outcome)?;
    game.undone()
        .iter()
        .rev()
        .map(|&seq| (seq, &game.events()[seq]))
        .find(|(_, e)| first_app_label(&e.outcome) == Some(label))
}

fn first_app_label(outcome: &Outcome) -> Option<&str> {
    match outcome {
        Outcome::Resolved { rolls, .. } => rolls.iter().find(|r| !r.roll.typed).map(|r| r.label.as_str()),
        _ => None,
    }
}

fn rolls_app_dice(outcome: &Outcome) -> bool {
    outcome.rolls().iter().any(|r| !r.typed)
}

/// Whether the entry left anything to the app's chance: dice it rolled, or a card it drew (a system may
/// draw from its own deck, so the action tells, not the outcome's shape).
fn app_chance(event: &Event) -> bool {
    rolls_app_dice(&event.outcome) || is_app_draw(&event.action)
}

/// A card drawn by the app, not typed from the table's own deck.
pub fn is_app_draw(action: &Action) -> bool {
    matches!(action, Action::DrawCard { card: None })
}

/// What makes two rolls "the same roll": the action's type and the unit it is for (or, for a plain
/// `roll`, its label).
#[derive(PartialEq)]
struct Roller<'a> {
    kind: &'a str,
    subject: Option<&'a str>,
}

impl Roller<'_> {
    /// Read from the action's fields without serialising it: a long log has many rolls to pass over.
    fn of(action: &Action) -> Roller<'_> {
        let subject = match action {
            Action::System(own) => own.fields.get("unit").and_then(serde_json::Value::as_str),
            Action::RollMove { unit, .. } => Some(unit.as_str()),
            Action::Roll { label, .. } => label.as_deref(),
            _ => None,
        };
        Roller { kind: action.type_name(), subject }
    }
}
