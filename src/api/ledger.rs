//! The luck ledger as a seat may read it: a game's or a campaign's throws against their exact chances,
//! added up per side and measure, and a game's throws one by one. Dice a seat is not shown are left out
//! of every figure, and every word passes through the seat's secrets as the log's lines do.

use serde::{Deserialize, Serialize};

use super::{Api, ApiError, ErrorKind};
use crate::game::Game;
use crate::ledger::{self, Per, Tally, Throw};
use crate::rules::Secrets;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct LedgerView {
    /// The game's or the campaign's name.
    pub title: String,
    /// The games added up: 1 for a game.
    pub games: u32,
    /// Each side's throws of each measure added up, the sides in their scenario's order.
    pub rows: Vec<LedgerRow>,
    /// A game's throws one by one, in the order they stand in force; none for a campaign.
    pub entries: Vec<LedgerEntry>,
    /// Entries whose dice this seat is not shown, left out of every figure.
    pub withheld: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct LedgerRow {
    /// The side's name as its scenario writes it; null for free rolls, which no side owns.
    pub side: Option<String>,
    /// What was counted: "hits", "kills", "morale passes", "movement inches".
    pub measure: String,
    pub throws: u32,
    /// The mean of the exact chances of the total.
    pub expected: f64,
    pub actual: i64,
    /// The total's standard deviation.
    pub sd: f64,
    /// How rare the difference is: the exact chance of a total at least this high when above what was
    /// expected, at most this low when below (to within 1e-34: the convolution's negligible ends dropped).
    pub tail: f64,
    /// "about as expected", "lucky: 1 game in 23 does this well".
    pub words: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct LedgerEntry {
    pub seq: u32,
    pub turn: u32,
    pub side: Option<String>,
    pub measure: String,
    /// The mean of the throw's exact chances.
    pub expected: f64,
    pub actual: i64,
}

impl Api {
    pub async fn luck_ledger(&self, id: i64) -> Result<LedgerView, ApiError> {
        let (record, game) = self.load(id).await?;
        let secrets = game.secrets(&self.seat_in(id));
        // Thousands of throws convolved: off the async threads, so the table's other commands are answered.
        apart(move || {
            let seen = Seen::of(&game, &secrets);
            let sides = sides_of(&game);
            Ok(LedgerView {
                title: record.name,
                games: 1,
                rows: rows(&seen.throws, &sides, Per::Game, &secrets),
                entries: seen.throws.iter().map(|t| entry(t, &secrets)).collect(),
                withheld: seen.withheld,
            })
        })
        .await
    }

    /// Every game of the campaign in play, its sides matched by the names their scenarios give them.
    pub async fn campaign_ledger(&self, id: i64) -> Result<LedgerView, ApiError> {
        let campaign = self.store().campaign(id).await?;
        let mut games = Vec::new();
        // Oldest first, so the sides come in the order the campaign met them.
        for record in self.store().list_games(Some(id)).await?.into_iter().rev() {
            self.still_awaited("the ledger")?;
            let (_, game) = self.load(record.id).await?;
            let secrets = game.secrets(&self.seat_in(record.id));
            games.push((game, secrets));
        }
        apart(move || {
            let mut sides: Vec<String> = Vec::new();
            let (mut throws, mut withheld) = (Vec::new(), 0);
            for (game, secrets) in &games {
                sides.extend(sides_of(game).into_iter().filter(|name| !sides.contains(name)).collect::<Vec<_>>());
                let seen = Seen::of(game, secrets);
                // Worded by each game's own secrets before they are added up: its games keep different ones.
                throws.extend(seen.throws.into_iter().map(|t| Throw {
                    side: t.side.as_deref().map(|s| secrets.text(s)),
                    measure: secrets.text(&t.measure),
                    ..t
                }));
                withheld += seen.withheld;
            }
            Ok(LedgerView {
                title: campaign.name,
                games: games.len() as u32,
                rows: rows(&throws, &sides, Per::Campaign, &Secrets::default()),
                entries: Vec::new(),
                withheld,
            })
        })
        .await
    }
}

/// A game's throws as a seat may see them.
struct Seen {
    throws: Vec<Throw>,
    /// Entries whose dice were left out.
    withheld: u32,
}

impl Seen {
    fn of(game: &Game, secrets: &Secrets) -> Seen {
        let (throws, hidden): (Vec<Throw>, Vec<Throw>) =
            ledger::throws(game).into_iter().partition(|t| !secrets.dice_of.contains(&t.kind));
        let mut entries: Vec<usize> = hidden.iter().map(|t| t.seq).collect();
        entries.dedup();
        Seen { throws, withheld: entries.len() as u32 }
    }
}

fn sides_of(game: &Game) -> Vec<String> {
    game.scenario().sides.iter().map(|s| s.name.clone()).collect()
}

fn rows(throws: &[Throw], sides: &[String], per: Per, secrets: &Secrets) -> Vec<LedgerRow> {
    Tally::all(throws, sides)
        .into_iter()
        .map(|t| LedgerRow {
            words: secrets.text(&t.words(per)),
            side: t.side.as_deref().map(|s| secrets.text(s)),
            measure: secrets.text(&t.measure),
            throws: t.throws,
            expected: t.expected,
            actual: t.actual,
            sd: t.sd,
            tail: t.tail,
        })
        .collect()
}

fn entry(throw: &Throw, secrets: &Secrets) -> LedgerEntry {
    LedgerEntry {
        seq: throw.seq as u32,
        turn: throw.turn,
        side: throw.side.as_deref().map(|s| secrets.text(s)),
        measure: secrets.text(&throw.measure),
        expected: throw.expected.mean(),
        actual: throw.actual,
    }
}

async fn apart<T: Send + 'static>(work: impl FnOnce() -> Result<T, ApiError> + Send + 'static) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|e| ApiError::new(ErrorKind::Internal, format!("the ledger stopped: {e}")))?
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::game::Action;
    use crate::scenario::find_shipped;

    #[test]
    fn dice_a_seat_is_not_shown_are_left_out_and_secret_words_replaced() {
        let scenario = Arc::new(find_shipped("legation-wall").unwrap().load().unwrap());
        let mut game = Game::new(scenario, 4);
        let json = |text: &str| Action::from_json(text).unwrap();
        game.apply(&json(r#"{"type":"initiative","dice":[1,6]}"#)).unwrap();
        game.apply(&json(r#"{"type":"choose_order","first":"boxers"}"#)).unwrap();
        game.apply(&json(r#"{"type":"roll_move","unit":"boxers-west","dice":[6,6,6]}"#)).unwrap();
        game.apply(&json(r#"{"type":"roll","expr":"D6","dice":[2]}"#)).unwrap();

        let open = Seen::of(&game, &Secrets::default());
        assert_eq!(open.withheld, 0);
        let all = rows(&open.throws, &sides_of(&game), Per::Game, &Secrets::default());
        let boxers =
            all.iter().find(|r| r.side.as_deref() == Some("Boxers") && r.measure == "movement inches").unwrap();
        assert_eq!(boxers.actual, 24);

        let secrets = Secrets {
            dice_of: vec!["roll".into()],
            words: vec![("Boxers".into(), "the other side".into())],
            ..Secrets::default()
        };
        let seen = Seen::of(&game, &secrets);
        assert_eq!(seen.withheld, 1, "the free roll's entry");
        assert!(seen.throws.iter().all(|t| t.kind != "roll"));
        let shown = rows(&seen.throws, &sides_of(&game), Per::Game, &secrets);
        let sides: Vec<Option<&str>> = shown.iter().map(|r| r.side.as_deref()).collect();
        assert!(!sides.contains(&None) && sides.contains(&Some("the other side")), "{sides:?}");
        let entries: Vec<LedgerEntry> = seen.throws.iter().map(|t| entry(t, &secrets)).collect();
        assert!(entries.iter().all(|e| e.side.as_deref() != Some("Boxers")));
    }
}
