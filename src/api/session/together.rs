//! Devices acting on one game at once. Actions on a game take turns, and each stored entry waits for the
//! disk; with several devices tapping together, each tap used to wait for every one queued before it to
//! reach the disk in turn. Now whichever action takes the turn serves every action waiting for it: each is
//! checked and folded in the order it arrived, for the seat it came from, and their entries are stored in
//! one transaction, one write to disk for all of them.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::time::Instant;

use tokio::sync::oneshot;

use super::{Acted, Answered, Api, Turn, internal};
use crate::api::budget::answer_due;
use crate::api::live::LiveEntry;
use crate::api::seat::in_seat;
use crate::api::seen::FromSeat;
use crate::api::{ApiError, Device, ErrorKind, SentView};
use crate::game::{Action, Event, Game};
use crate::store::StoreError;

/// An action waiting for its game's turn, with the device it came from and where its answer goes.
pub(in crate::api) struct Ask {
    action: Action,
    before: bool,
    device: Device,
    answer: oneshot::Sender<Acted>,
    /// When its caller stops waiting (a device's door answers "took too long" then); none for the window
    /// and the CLI, which wait as long as it takes.
    due: Option<Instant>,
}

impl Ask {
    pub(super) fn new(action: Action, before: bool, device: Device) -> (Ask, oneshot::Receiver<Acted>) {
        let (answer, answered) = oneshot::channel();
        (Ask { action, before, device, answer, due: answer_due() }, answered)
    }
}

/// The asks someone still waits for. One whose caller hung up, or was told it took too long (and may well
/// send it again), is not recorded: served later, by whichever device next acts on the game, it would land
/// unseen, or twice.
pub(super) fn still_awaited(asks: Vec<Ask>) -> Vec<Ask> {
    let now = Instant::now();
    let (late, awaited): (Vec<Ask>, Vec<Ask>) =
        asks.into_iter().partition(|ask| ask.answer.is_closed() || ask.due.is_some_and(|due| now > due));
    for ask in late {
        let _ = ask.answer.send(Err(ApiError::new(
            ErrorKind::Busy,
            "the action waited for its turn longer than its device waits for an answer: nothing was recorded; send it again",
        )));
    }
    awaited
}

/// The answer to an action whose turn was dropped before it was served (its server shut down, or the
/// device that held the turn hung up mid-way): whether it was recorded is in the log.
pub(super) fn cut_short() -> ApiError {
    ApiError::new(
        ErrorKind::Internal,
        "the action's turn was cut short before it was answered; read the game's log to see whether it was recorded",
    )
}

/// How serving several actions at once went.
enum Together {
    /// Stored, each action answered (a refused one with its refusal).
    Stored(Vec<Acted>),
    /// Another process stored an entry first: nothing of these was stored.
    Raced,
    /// Nothing was stored, for this reason.
    Failed(ApiError),
}

impl Api {
    /// Serves every action waiting for the game's turn and answers each, before the turn is let go.
    pub(super) async fn act_together(&self, id: i64, asks: Vec<Ask>, turn: &Turn) {
        if asks.len() > 1 {
            let answers = match self.store_together(id, &asks, turn).await {
                Together::Stored(answers) => answers,
                Together::Failed(why) => asks.iter().map(|_| Err(why.clone())).collect(),
                // Each alone then, in order: one at a time copes with racing another process.
                Together::Raced => return self.act_each_alone(id, asks, turn).await,
            };
            for (ask, acted) in asks.into_iter().zip(answers) {
                let _ = ask.answer.send(acted);
            }
            return;
        }
        self.act_each_alone(id, asks, turn).await
    }

    async fn act_each_alone(&self, id: i64, asks: Vec<Ask>, turn: &Turn) {
        for ask in asks {
            let acted = crate::api::as_device(ask.device, self.act_alone(id, ask.action, ask.before, turn)).await;
            let _ = ask.answer.send(acted);
        }
    }

    async fn store_together(&self, id: i64, asks: &[Ask], turn: &Turn) -> Together {
        let (record, mut game) = match self.load(id).await {
            Ok(loaded) => loaded,
            Err(why) => return Together::Failed(why),
        };
        // Each answer is a change of the view its seat was sent before this turn: every one of these
        // devices asked while the game stood there (or earlier), none after another's action of the turn.
        let held: Vec<Option<Arc<SentView>>> = asks
            .iter()
            .map(|ask| ask.before.then(|| in_seat(&ask.device, || self.sent_seen(id, &record.name, &game))))
            .collect();
        // Out of the cache while it changes, so it is folded in place rather than copied whole.
        self.games.lock().await.remove(&id);
        let first = game.events().len();
        // Each action's entry, or why it was refused.
        let mut made: Vec<Result<u32, ApiError>> = Vec::with_capacity(asks.len());
        let mut entries = Vec::new();
        for ask in asks {
            match in_seat(&ask.device, || self.checked(id, &game, &ask.action)) {
                Ok((event, json)) => {
                    if catch_unwind(AssertUnwindSafe(|| Arc::make_mut(&mut game).commit(event))).is_err() {
                        // Half folded, the game is dropped; the next reader replays the store, untouched.
                        return Together::Failed(internal("an action failed inside the engine while it was folded in"));
                    }
                    made.push(Ok((first + entries.len()) as u32));
                    entries.push(json);
                }
                Err(refused) => made.push(Err(refused)),
            }
        }
        if !entries.is_empty() {
            match self.store.append_events(id, first as i64, &entries).await {
                Ok(()) => {}
                Err(StoreError::Conflict { .. }) => return Together::Raced,
                Err(other) => return Together::Failed(other.into()),
            }
        }
        // Back in the cache before anyone hears of it, as one action alone is.
        self.games.lock().await.insert(id, game.clone());
        turn.back.notify_waiters();
        let total = game.events().len();
        for (entry, total) in game.log_page(None, total - first).into_iter().zip(first as u32 + 1..) {
            self.live.publish(LiveEntry { game: id, entry, total, change: None });
        }
        let answers = asks
            .iter()
            .zip(held)
            .zip(made)
            .map(|((ask, before), made)| {
                let made = made?;
                Ok(Answered { before, after: in_seat(&ask.device, || self.sent_seen(id, &record.name, &game)), made })
            })
            .collect();
        Together::Stored(answers)
    }

    /// An action checked for the asking seat against the game as it stands: its event and the event as
    /// stored, or why it is refused (worded for the seat).
    fn checked(&self, id: i64, game: &Game, action: &Action) -> Result<(Event, String), ApiError> {
        let (seat, secrets) = self.seen_in(id, game);
        let mut from_seat = FromSeat::new(&secrets, game);
        let action = from_seat.action(action.clone(), &seat)?;
        self.club_may_act(&seat, game, &action)?;
        let prepared = catch_unwind(AssertUnwindSafe(|| game.prepare(&action)))
            .map_err(|_| internal("the action failed inside the engine; nothing was recorded"))?;
        let event = prepared.map_err(|e| from_seat.said(ApiError::from(e)))?;
        let json = serde_json::to_string(&event).map_err(internal)?;
        Ok((event, json))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Seat;

    fn note() -> Action {
        serde_json::from_value(serde_json::json!({ "type": "note", "text": "the drift is deep" })).unwrap()
    }

    #[tokio::test]
    async fn an_ask_no_one_waits_for_any_more_is_left_out_and_told_it_was_not_recorded() {
        let device = Device { seat: Seat::Table, may_referee: true, club: None };
        let (waited, mut waited_for) = Ask::new(note(), false, device.clone());
        let (hung_up, hung_up_on) = Ask::new(note(), false, device.clone());
        drop(hung_up_on);
        let due = Instant::now();
        let (overdue, mut overdue_told) =
            crate::api::within_budget(due, async { Ask::new(note(), false, device.clone()) }).await;
        std::thread::sleep(std::time::Duration::from_millis(2));

        let kept = still_awaited(vec![waited, hung_up, overdue]);

        assert_eq!(kept.len(), 1, "only the ask still waited for is served");
        assert!(kept[0].due.is_none(), "and it is the one with no deadline");
        assert!(
            matches!(waited_for.try_recv(), Err(oneshot::error::TryRecvError::Empty)),
            "its answer is still to come"
        );
        let Err(told) = overdue_told.try_recv().expect("the overdue ask is answered at once") else {
            panic!("the overdue ask was recorded");
        };
        assert_eq!(told.kind, ErrorKind::Busy);
        assert!(told.message.contains("nothing was recorded"), "{}", told.message);
    }
}
