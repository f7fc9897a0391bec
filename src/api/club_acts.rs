//! On a club server a seat is given, not chosen, and other players are not at the table to see what is
//! done in their name: a member seated at one side acts only for that side's units (the units an action
//! is taken by, not those it is aimed at), a member with no seat in a game only watches it, and its
//! referee acts for anyone. Steps of the whole table (a turn's end, a card or the initiative thrown for
//! everyone) any seated player may take. A table at home keeps its trust: a side's tablet may still press
//! a button for the other side's unit when the players agree to.

use serde_json::Value;

use super::{Api, ApiError, ErrorKind};
use crate::game::Game;
use crate::rules::Seat;

/// An action's fields that name who takes it: a unit (or counters) acting, or a side choosing.
const ACTOR_FIELDS: [&str; 6] = ["unit", "from", "counter", "counters", "keep", "other"];

impl Api {
    /// Whether the club member asking may take `action` (its ids already the game's own, not a seat's
    /// aliases) in `game`, where they sit at `seat`. Anyone but a club member may.
    pub(super) fn club_may_act<A: serde::Serialize>(
        &self,
        seat: &Seat,
        game: &Game,
        action: &A,
    ) -> Result<(), ApiError> {
        if self.club_member().is_none() {
            return Ok(());
        }
        let own = match seat {
            Seat::Referee => return Ok(()),
            Seat::Table => {
                return Err(refused(
                    "you have no seat in this game, so you may watch it but not play: the club's administrator gives seats",
                ));
            }
            Seat::Side(own) => own,
        };
        let json =
            serde_json::to_value(action).map_err(|e| ApiError::bad_input(format!("the action does not read: {e}")))?;
        if let Some(side) = json.get("side").and_then(Value::as_str)
            && side != own
        {
            return Err(refused(&format!("you sit at side {own}: side {side} is its own player's to speak for")));
        }
        for field in ACTOR_FIELDS {
            for id in named(json.get(field)) {
                if let Some(unit) = game.state().units.iter().find(|u| u.id == id)
                    && unit.side != *own
                {
                    return Err(refused(&format!(
                        "{} is side {}'s to play: you sit at side {own}, and act for its units alone",
                        unit.name, unit.side
                    )));
                }
            }
        }
        Ok(())
    }
}

fn named(value: Option<&Value>) -> Vec<&str> {
    match value {
        Some(Value::String(id)) => vec![id.as_str()],
        Some(Value::Array(items)) => items.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    }
}

fn refused(why: &str) -> ApiError {
    ApiError::new(ErrorKind::Refused, why)
}
