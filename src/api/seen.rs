//! Answers with a seat's secrets taken out, and actions from a seat read back into the engine's terms.
//! A unit the seat may see only as a counter is reduced to a chit (its place and side, under an alias id
//! and a label); secret words and dice are gone from every line it reads. Done here, on the server, so a
//! device is never sent what its player may not know.

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::views::{FigureView, GameView, UnitView};
use super::{ApiError, ErrorKind};
use crate::game::{Action, Game};
use crate::roster::Role;
use crate::rules::{Counter, Note, Offer, PlacementView, Prompt, Seat, Secrets, UnitReport};

impl GameView {
    /// The view without what `seat` may not see. On the shared screen a hidden counter keeps what it may
    /// do, since its own side plays it there (moving it reveals it anyway); on another side's device it is
    /// only a chit on the table.
    pub(super) fn without(mut self, secrets: &Secrets, seat: &Seat) -> GameView {
        if secrets.is_empty() {
            return self;
        }
        self.seed = None;
        let playable = matches!(seat, Seat::Table);
        self.units = self
            .units
            .into_iter()
            .map(|unit| match secrets.counter(&unit.id) {
                Some(chit) if playable => chit_of(unit, chit),
                Some(chit) => chit_of(unplayable(unit), chit),
                None => unit,
            })
            .collect();
        let text = |s: &mut String| *s = secrets.text(s);
        let id = |s: &mut String| *s = secrets.shown_id(s);
        for unit in &mut self.units {
            scrub_offers(&mut unit.rules.offers, secrets);
            unit.rules.notes.iter_mut().for_each(|n: &mut Note| text(&mut n.text));
            unit.rules.move_note.iter_mut().for_each(text);
            unit.rules.carried_by.iter_mut().for_each(id);
            unit.placement.barred.iter_mut().for_each(text);
        }
        self.log = self.log.into_iter().map(|e| secrets.entry(e)).collect();
        text(&mut self.headline);
        self.owed.iter_mut().for_each(text);
        self.status.iter_mut().for_each(text);
        for prompt in &mut self.prompts {
            let Prompt { text: words, unit, against, .. } = prompt;
            text(words);
            id(unit);
            against.iter_mut().for_each(id);
        }
        scrub_offers(&mut self.offers, secrets);
        self.map_marks.areas.iter_mut().for_each(|a| text(&mut a.name));
        self.map_marks.labels.iter_mut().for_each(|l| text(&mut l.text));
        self.rules = self.rules.scrubbed(secrets);
        self
    }
}

/// Any answer as a seat may read it, through its JSON: odds and dice checks name the units they are
/// about. Fails closed: an answer that cannot be read so is not sent.
pub(super) fn worded<T: Serialize + DeserializeOwned>(answer: T, secrets: &Secrets) -> Result<T, ApiError> {
    if secrets.counters.is_empty() && secrets.words.is_empty() {
        return Ok(answer);
    }
    let unreadable = |e: serde_json::Error| ApiError::new(ErrorKind::Internal, format!("answer not worded: {e}"));
    let mut json = serde_json::to_value(&answer).map_err(unreadable)?;
    secrets.json(&mut json);
    serde_json::from_value(json).map_err(unreadable)
}

/// What a seat sent, read into the engine's terms, and how to word the engine's answer back for it. An
/// alias is the unit under it. A hidden unit's real id, which the seat cannot know, is read as no unit
/// at all: it is swapped for a stand-in no unit has, and the refusal's stand-in swapped back, so the
/// answer is word for word the one any unknown id gets and tells a guesser nothing.
pub(super) struct FromSeat<'a> {
    secrets: &'a Secrets,
    game: &'a Game,
    stand_ins: Vec<(String, String)>,
}

impl<'a> FromSeat<'a> {
    pub(super) fn new(secrets: &'a Secrets, game: &'a Game) -> FromSeat<'a> {
        FromSeat { secrets, game, stand_ins: Vec::new() }
    }

    /// The engine's id for `said`.
    pub(super) fn id(&mut self, said: &str) -> String {
        if let Some(real) = self.secrets.real_id(said) {
            return real.to_string();
        }
        // A hidden unit's name (in any case, or plural) is no id either, but echoed in a refusal it would be
        // scrubbed to its chit's label, telling the seat it guessed right.
        if self.secrets.counter(said).is_none() && self.secrets.text(said) == said {
            return said.to_string();
        }
        if let Some((stand_in, _)) = self.stand_ins.iter().find(|(_, original)| original == said) {
            return stand_in.clone();
        }
        // Plain letters (quoted as written in a refusal), and no id of this game's nor a seat's alias.
        let stand_in = (0u32..)
            .map(|n| format!("unseen-{}-{n}", self.stand_ins.len()))
            .find(|id| self.game.state().unit(id).is_none() && self.secrets.real_id(id).is_none())
            .expect("some number is no unit's id");
        self.stand_ins.push((stand_in.clone(), said.to_string()));
        stand_in
    }

    /// A refusal as the seat may read it: its secrets taken out, then what it sent put back as it sent it.
    pub(super) fn said(&self, error: ApiError) -> ApiError {
        let mut error = error.worded(self.secrets);
        error.message = self.put_back(error.message);
        error
    }

    /// Text already worded for the seat, with what it sent put back where the stand-ins stand.
    pub(super) fn put_back(&self, text: String) -> String {
        self.stand_ins.iter().fold(text, |text, (stand_in, original)| text.replace(stand_in, original))
    }

    /// The action in the engine's terms. A seat that sees a unit only as a chit cannot act for it
    /// (`unit`), only on it (a charge's `target`): that is its own side's to do, on its own screen or
    /// the table's.
    pub(super) fn action(&mut self, action: Action, seat: &Seat) -> Result<Action, ApiError> {
        if self.secrets.is_empty() {
            return Ok(action);
        }
        let unreadable = |e: serde_json::Error| ApiError::bad_input(format!("the action does not read: {e}"));
        let mut json = serde_json::to_value(&action).map_err(unreadable)?;
        // Dice kept from this seat (the umpire's secret removal) are not its to type: it would be choosing
        // what it may not even see.
        if let Some(kind) = json.get("type").and_then(|t| t.as_str())
            && self.secrets.dice_of.iter().any(|secret| secret == kind)
            && json.get("dice").is_some_and(|dice| !dice.is_null())
        {
            return Err(ApiError::new(
                ErrorKind::Refused,
                format!(
                    "the {kind} dice are kept from this seat: let the app throw them, or type them at the referee's seat"
                ),
            ));
        }
        if let Some(actor) = json.get("unit").and_then(|u| u.as_str())
            && !matches!(seat, Seat::Table)
            && let Some(chit) = self.secrets.real_id(actor).and_then(|id| self.secrets.counter(id))
        {
            return Err(ApiError::new(
                ErrorKind::Refused,
                format!("{} is the other side's to play: this seat sees only its counter", chit.label),
            ));
        }
        self.unalias(&mut json);
        serde_json::from_value(json).map_err(unreadable)
    }

    fn unalias(&mut self, value: &mut serde_json::Value) {
        use serde_json::Value;
        match value {
            Value::String(s) => *s = self.id(s),
            Value::Array(items) => items.iter_mut().for_each(|v| self.unalias(v)),
            Value::Object(map) => {
                map.iter_mut().filter(|(key, _)| !FREE_TEXT.contains(&key.as_str())).for_each(|(_, v)| self.unalias(v))
            }
            _ => {}
        }
    }
}

/// An action's fields a player writes in words (a note, a roll's label, a dice expression): never ids.
const FREE_TEXT: [&str; 5] = ["type", "text", "label", "expr", "note"];

fn scrub_offers(offers: &mut [Offer], secrets: &Secrets) {
    for offer in offers {
        if let Some(barred) = &mut offer.barred {
            *barred = secrets.text(barred);
        }
        if let Some(pick) = &mut offer.pick {
            pick.from.iter_mut().for_each(|id| *id = secrets.shown_id(id));
        }
    }
}

/// A hidden counter on a device that is not its player's: nothing it may do is said, since a move's dice
/// or a weapon's reach would name what it is.
fn unplayable(unit: UnitView) -> UnitView {
    UnitView {
        move_choices: Vec::new(),
        allowance: None,
        rules: UnitReport {
            concealed: true,
            cover: unit.rules.cover.clone(),
            place: unit.rules.place.clone(),
            ..UnitReport::default()
        },
        ..unit
    }
}

/// A unit as a seat that may not know it sees a hidden counter: its alias and label, one figure at its
/// leader's place, and whose it is; nothing of its name, kind, weapon or strength.
fn chit_of(unit: UnitView, chit: &Counter) -> UnitView {
    let alive: Vec<&FigureView> = unit.figures.iter().filter(|f| f.alive).collect();
    let anchor = alive.iter().find(|f| f.role == Role::Leader).or(alive.first()).map(|f| f.pos);
    UnitView {
        id: chit.alias.clone(),
        name: chit.label.clone(),
        kind: String::new(),
        kind_name: String::new(),
        figures: anchor.map(|pos| FigureView { id: 0, role: Role::Leader, pos, alive: true }).into_iter().collect(),
        alive: 0,
        total: 0,
        leader_alive: false,
        weapon: None,
        placement: PlacementView::barred(format!("{} moves as one counter", chit.label), String::new()),
        rules: UnitReport { concealed: true, ..unit.rules },
        masked: true,
        ..unit
    }
}
