//! A view with a seat's secrets taken out: units it may see only as counters reduced to a place and a
//! side, and secret words and dice gone from every line it reads. Done here, on the server, so a device
//! is never sent what its player may not know.

use super::views::{FigureView, GameView, UnitView};
use crate::roster::Role;
use crate::rules::{Note, Offer, PlacementView, Prompt, Seat, Secrets};

impl GameView {
    /// The view without what `seat` may not see. On the shared screen a hidden counter keeps what it may
    /// do, since its own side plays it there; on another side's device it is only a chit on the table.
    pub(super) fn without(mut self, secrets: &Secrets, seat: &Seat) -> GameView {
        if secrets.is_empty() {
            return self;
        }
        let text = |s: &mut String| *s = secrets.text(s);
        let playable = matches!(seat, Seat::Table);
        self.units = self
            .units
            .into_iter()
            .map(|unit| match secrets.counter(&unit.id) {
                Some(label) => counter_only(unit, label, playable),
                None => unit,
            })
            .collect();
        for unit in &mut self.units {
            scrub_offers(&mut unit.rules.offers, secrets);
            unit.rules.notes.iter_mut().for_each(|n: &mut Note| text(&mut n.text));
            unit.rules.move_note.iter_mut().for_each(text);
            unit.placement.barred.iter_mut().for_each(text);
        }
        self.log = self.log.into_iter().map(|e| secrets.entry(e)).collect();
        text(&mut self.headline);
        self.owed.iter_mut().for_each(text);
        self.status.iter_mut().for_each(text);
        self.prompts.iter_mut().for_each(|p: &mut Prompt| text(&mut p.text));
        scrub_offers(&mut self.offers, secrets);
        self.rules = self.rules.scrubbed(secrets);
        self
    }
}

/// Any answer with the secret words replaced in every line of it, read through its JSON: odds and dice
/// checks name the units they are about.
pub(super) fn worded<T: serde::Serialize + serde::de::DeserializeOwned>(answer: T, secrets: &Secrets) -> T {
    if secrets.words.is_empty() {
        return answer;
    }
    let Ok(mut json) = serde_json::to_value(&answer) else { return answer };
    secrets.json(&mut json);
    serde_json::from_value(json).unwrap_or(answer)
}

fn scrub_offers(offers: &mut [Offer], secrets: &Secrets) {
    for offer in offers {
        if let Some(barred) = &mut offer.barred {
            *barred = secrets.text(barred);
        }
    }
}

/// A unit as the other side sees a hidden counter: where it stands and whose it is, nothing of its name,
/// kind, weapon or strength. With `playable`, what it may do now stays, so its own side can still move the
/// chit on a screen the whole table shares; else nothing of that either (a move's dice name its kind).
fn counter_only(unit: UnitView, label: &str, playable: bool) -> UnitView {
    if !playable {
        let unit = UnitView {
            move_choices: Vec::new(),
            allowance: None,
            rules: crate::rules::UnitReport {
                concealed: true,
                cover: unit.rules.cover.clone(),
                place: unit.rules.place.clone(),
                ..Default::default()
            },
            ..unit
        };
        return counter_only(unit, label, true);
    }
    let alive = unit.figures.iter().filter(|f| f.alive);
    let anchor = alive.clone().find(|f| f.role == Role::Leader).or_else(|| alive.clone().next()).map(|f| f.pos);
    UnitView {
        name: label.to_string(),
        kind: String::new(),
        kind_name: String::new(),
        figures: anchor.map(|pos| FigureView { id: 0, role: Role::Leader, pos, alive: true }).into_iter().collect(),
        alive: 0,
        total: 0,
        leader_alive: false,
        weapon: None,
        placement: PlacementView::barred(format!("{label} moves as one counter"), String::new()),
        rules: crate::rules::UnitReport { concealed: true, ..unit.rules },
        masked: true,
        ..unit
    }
}

impl super::Measurement {
    /// A hidden counter measured from says nothing of its weapon, which would name what it is.
    pub(super) fn without(mut self, secrets: &Secrets) -> super::Measurement {
        if secrets.counter(&self.from).is_some() {
            self.weapon = None;
            self.weapon_range = None;
            self.in_range = false;
            if let Some(cut) = self.text.find(" — ") {
                self.text.truncate(cut);
            }
        }
        self.text = secrets.text(&self.text);
        self
    }
}

impl super::TemplateView {
    /// A hidden counter under a template is one chit, not its figures, which would count its strength.
    pub(super) fn without(mut self, secrets: &Secrets) -> super::TemplateView {
        let mut counted = std::collections::BTreeSet::new();
        self.figures.retain_mut(|f| match secrets.counter(&f.unit) {
            Some(label) => {
                f.unit_name = label.to_string();
                f.figure = 0;
                f.role = Role::Leader;
                counted.insert(f.unit.clone())
            }
            None => true,
        });
        self
    }
}
