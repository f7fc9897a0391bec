//! Another device's event landed between pricing an action and storing it. The action is prepared again
//! against the newer state, which re-checks every rule; most actions still mean what the player asked,
//! but undo and redo name "the last thing", which the other device may just have changed.

use super::{Action, Event, Game, GameError, Outcome, Refusal};

impl Game {
    /// Prepares `action` again after `earlier` (its preparation against an older state) lost the race
    /// to store; refused when the action would now touch a different event than the player saw.
    pub fn prepare_again(&self, action: &Action, earlier: &Event) -> Result<Event, GameError> {
        let again = self.prepare(action)?;
        let target = |event: &Event| match event.outcome {
            Outcome::Undone { seq } | Outcome::Redone { seq } => Some(seq),
            _ => None,
        };
        match (target(earlier), target(&again)) {
            (Some(meant), Some(now)) if meant != now => {
                let verb = if matches!(action, Action::Redo {}) { "redo" } else { "undo" };
                Err(Refusal::new(format!(
                    "another device changed this game while you asked to {verb} \"{}\"; the next to {verb} is now \
                     \"{}\", so nothing was changed: {verb} again if you still want to",
                    self.describe(&self.events()[meant]),
                    self.describe(&self.events()[now]),
                ))
                .into())
            }
            _ => Ok(again),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::scenario::find_shipped;

    fn game_with_two_notes() -> Game {
        let scenario = find_shipped("legation-wall").unwrap().load().unwrap();
        let mut game = Game::new(Arc::new(scenario), 1);
        for text in ["first", "second"] {
            game.apply(&Action::Note { text: text.into() }).unwrap();
        }
        game
    }

    #[test]
    fn an_undo_whose_last_event_changed_meanwhile_is_refused_naming_both() {
        let mut game = game_with_two_notes();
        let earlier = game.prepare(&Action::Undo {}).unwrap();
        game.apply(&Action::Note { text: "from the other tablet".into() }).unwrap();
        let err = game.prepare_again(&Action::Undo {}, &earlier).unwrap_err().to_string();
        assert!(err.contains("undo \"Note: second\"") && err.contains("now \"Note: from the other tablet\""), "{err}");
    }

    #[test]
    fn a_note_or_free_roll_is_simply_prepared_again() {
        let mut game = game_with_two_notes();
        let note = Action::Note { text: "mine".into() };
        let roll = Action::Roll { expr: "2D6".into(), dice: Some(vec![3, 4]), label: None };
        let earlier = (game.prepare(&note).unwrap(), game.prepare(&roll).unwrap());
        game.apply(&Action::Undo {}).unwrap();
        assert_eq!(game.prepare_again(&note, &earlier.0).unwrap().outcome, earlier.0.outcome);
        assert_eq!(game.prepare_again(&roll, &earlier.1).unwrap().outcome, earlier.1.outcome);
    }

    #[test]
    fn an_undo_still_aimed_at_the_same_event_goes_ahead() {
        let game = game_with_two_notes();
        let earlier = game.prepare(&Action::Undo {}).unwrap();
        assert_eq!(game.prepare_again(&Action::Undo {}, &earlier).unwrap().outcome, Outcome::Undone { seq: 1 });
    }
}
