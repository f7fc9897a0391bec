//! The view each seat of each game was last sent, so an action's answer is worked out from it without
//! building it again, and the devices at one seat that hear an entry are sent one change, built once.
//!
//! A game's log only grows (an undo is an entry too) and a game's id is never given to another, so a
//! game's view for a seat is fixed by how many entries its log holds and the game's name.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use super::{SentView, ViewChange};
use crate::rules::Seat;

#[derive(Default)]
pub(super) struct SentViews {
    last: Mutex<HashMap<Whose, Kept>>,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Whose {
    game: i64,
    seat: Seat,
    /// The host's own machine is sent the seed where a tablet is not.
    host: bool,
}

struct Kept {
    entries: usize,
    name: String,
    view: Arc<SentView>,
    /// What made it of the view kept before, once it has been asked for.
    change: Option<Arc<ViewChange>>,
}

impl SentViews {
    /// The view of `game` at `entries` entries named `name`, as `seat` is sent it: the one kept when it is
    /// that, else `build`'s, kept from now on.
    pub(super) fn view(
        &self,
        (game, seat, host): (i64, &Seat, bool),
        (entries, name): (usize, &str),
        build: impl FnOnce() -> SentView,
    ) -> Arc<SentView> {
        let whose = Whose { game, seat: seat.clone(), host };
        if let Some(kept) = self.kept(&whose, entries, name) {
            return kept;
        }
        // Built outside the lock: other games' answers do not wait for this one's view.
        let view = Arc::new(build());
        let mut last = self.last.lock().expect("sent views");
        last.insert(whose, Kept { entries, name: name.to_string(), view: view.clone(), change: None });
        view
    }

    fn kept(&self, whose: &Whose, entries: usize, name: &str) -> Option<Arc<SentView>> {
        let last = self.last.lock().expect("sent views");
        last.get(whose).filter(|k| k.entries == entries && k.name == name).map(|k| k.view.clone())
    }

    /// What makes `now` of `before`: worked out once for every device at the seat that held `before`.
    pub(super) fn change(
        &self,
        (game, seat, host): (i64, &Seat, bool),
        before: &SentView,
        now: &Arc<SentView>,
    ) -> Arc<ViewChange> {
        let whose = Whose { game, seat: seat.clone(), host };
        let same = |c: &ViewChange| c.from == before.version() && c.to == now.version();
        let kept = self.last.lock().expect("sent views").get(&whose).and_then(|k| k.change.clone());
        if let Some(change) = kept.filter(|c| same(c)) {
            return change;
        }
        let change = Arc::new(ViewChange::between(before, now));
        if let Some(kept) = self.last.lock().expect("sent views").get_mut(&whose)
            && kept.view.version() == now.version()
        {
            kept.change = Some(change.clone());
        }
        change
    }
}
