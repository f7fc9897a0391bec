//! On a club server a seat is given, not chosen, and other players are not at the table to see what is
//! done in their name: a member seated at one side acts only for that side's units (the units an action
//! is taken by, not those it is aimed at), a member with no seat in a game only watches it, and its
//! referee acts for anyone. Steps of the whole table (a turn's end, a card or the initiative thrown for
//! everyone) any seated player may take. Two things are the referee's alone, since a player could use them
//! to choose their luck: typing in dice or a card instead of letting the app throw or draw, and undoing or
//! redoing an entry (a player could take back the other side's hit). A table at home keeps its trust: a
//! side's tablet may still press a button for the other side's unit when the players agree to.

use serde_json::Value;

use super::{Api, ApiError, ErrorKind};
use crate::game::Game;
use crate::rules::Seat;

/// An action's fields that name who takes it: a unit (or counters) acting, or a side choosing; looked
/// for at any depth (a list of returns each naming its counter).
const ACTOR_FIELDS: [&str; 6] = ["unit", "from", "counter", "counters", "keep", "other"];
/// Fields that carry what a player typed in from real dice or cards rather than the app's throw.
const TYPED_LUCK: [&str; 3] = ["dice", "card", "extra"];
/// Actions that rewrite what has been played rather than add to it.
const REWRITES: [&str; 2] = ["undo", "redo"];

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
        let kind = json.get("type").and_then(Value::as_str).unwrap_or_default();
        if REWRITES.contains(&kind) {
            return Err(refused(&format!(
                "on a club's server the game's referee does the {kind}s, so no player takes back the other side's entries: ask them, or the club's administrator to seat one"
            )));
        }
        if TYPED_LUCK.iter().any(|field| json.get(*field).is_some_and(|v| !v.is_null())) {
            return Err(refused(
                "on a club's server the app throws the dice and draws the cards; typing in real ones is the game's referee's",
            ));
        }
        if let Some(side) = json.get("side").and_then(Value::as_str)
            && side != own
        {
            return Err(refused(&format!("you sit at side {own}: side {side} is its own player's to speak for")));
        }
        for field in ACTOR_FIELDS {
            for id in named_anywhere(&json, field) {
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

/// The ids `field` names anywhere in the action: as a string, a list of strings, and in nested objects.
fn named_anywhere<'a>(value: &'a Value, field: &str) -> Vec<&'a str> {
    let mut found = Vec::new();
    match value {
        Value::Object(map) => {
            for (key, inner) in map {
                match inner {
                    Value::String(id) if key == field => found.push(id.as_str()),
                    Value::Array(items) if key == field => found.extend(items.iter().filter_map(Value::as_str)),
                    _ => {}
                }
                found.extend(named_anywhere(inner, field));
            }
        }
        Value::Array(items) => items.iter().for_each(|item| found.extend(named_anywhere(item, field))),
        _ => {}
    }
    found
}

fn refused(why: &str) -> ApiError {
    ApiError::new(ErrorKind::Refused, why)
}
