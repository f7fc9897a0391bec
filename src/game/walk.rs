//! The entries in force, each met with the table as it stood just before it, in one fold: for a reader
//! that judges every entry against its moment (the luck ledger) without replaying the log up to each.

use super::{Event, Game, GameState};

impl Game {
    /// Hands `visit` each entry in force with its log index and the table before it, in the order the
    /// fold applies them: a redone entry where its redo put it back; undone entries and the undo and redo
    /// entries themselves not at all.
    pub fn walk_in_force(&self, mut visit: impl FnMut(usize, &Event, &GameState)) {
        let mut state = self.opening();
        for &seq in self.done() {
            let event = &self.events()[seq];
            visit(seq, event, &state);
            state.apply(&event.outcome);
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use crate::game::{Action, Game};
    use crate::scenario::find_shipped;

    fn note(text: &str) -> Action {
        Action::Note { text: text.into() }
    }

    #[test]
    fn the_walk_meets_the_entries_in_force_each_with_the_table_before_it() {
        let scenario = Arc::new(find_shipped("legation-wall").unwrap().load().unwrap());
        let mut game = Game::new(scenario, 9);
        let roll_move = Action::RollMove { unit: "us-marines".into(), expr: None, dice: Some(vec![3, 4]) };
        game.apply(&Action::from_json(r#"{"type":"initiative","dice":[6,1]}"#).unwrap()).unwrap(); // 0
        game.apply(&Action::from_json(r#"{"type":"choose_order","first":"allies"}"#).unwrap()).unwrap(); // 1
        game.apply(&note("taken back")).unwrap(); // 2
        game.apply(&Action::Undo {}).unwrap(); // 3 undoes 2
        game.apply(&roll_move).unwrap(); // 4
        game.apply(&Action::Undo {}).unwrap(); // 5 undoes 4
        game.apply(&note("between")).unwrap(); // 6, and 4 can no longer come back
        game.apply(&roll_move).unwrap(); // 7
        game.apply(&Action::Undo {}).unwrap(); // 8 undoes 7
        game.apply(&Action::Redo {}).unwrap(); // 9 redoes 7

        let mut met = Vec::new();
        let mut last = None;
        game.walk_in_force(|seq, event, before| {
            let rolled = before.allowances.contains_key("us-marines");
            met.push((seq, rolled));
            let mut after = before.clone();
            after.apply(&event.outcome);
            last = Some(after);
        });
        assert_eq!(met, [(0, false), (1, false), (6, false), (7, false)]);
        assert_eq!(last.as_ref(), Some(game.state()), "the walk ends where the game stands");
    }
}
