//! Notes beside entries of a game's log ("the charge that broke them", "we misread 6.3 here"): written
//! after the fact, read in the log, the replay and the campaign report. They are not actions: the game and
//! its log stay as they were, and a note is stored apart from the log (`store::Annotation`).

use serde::{Deserialize, Serialize};

use super::{Api, ApiError};
use crate::game::Game;
use crate::game::limits::{NOTE_CHARS, within};
use crate::rules::Secrets;
use crate::store::Annotation;

/// A note beside entry `at` (a `seq`) of game `game`, as the asking seat may read it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct AnnotationView {
    pub id: i64,
    pub game: i64,
    pub at: u32,
    pub text: String,
    /// When it was written (RFC 3339, UTC).
    pub created_at: String,
}

impl Api {
    /// Writes a note beside entry `at` of the game. Nothing is added to the game's log.
    pub async fn annotate(&self, game: i64, at: u32, text: String) -> Result<AnnotationView, ApiError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(ApiError::bad_input("a note needs some words: it was empty, and nothing was written"));
        }
        within("a note", text, NOTE_CHARS)?;
        if self.club_member().is_some() && self.seat_in(game) == crate::rules::Seat::Table {
            return Err(ApiError::new(
                super::ErrorKind::Refused,
                "you have no seat in this game, so its notes are its players' to write: the club's administrator gives seats",
            ));
        }
        let (_, played) = self.load(game).await?;
        super::session::entry_of(game, &played, at)?;
        let note = self.store().add_annotation(game, i64::from(at), text).await?;
        Ok(seen(note, &self.secrets_of(game, &played)))
    }

    /// Takes a note away, and answers with the notes its game has left.
    pub async fn remove_annotation(&self, id: i64) -> Result<Vec<AnnotationView>, ApiError> {
        let note = self.store().remove_annotation(id).await?;
        self.annotations(note.game_id).await
    }

    /// The game's notes in the order of its log, those beside one entry in the order they were written.
    pub async fn annotations(&self, game: i64) -> Result<Vec<AnnotationView>, ApiError> {
        let (_, played) = self.load(game).await?;
        let secrets = self.secrets_of(game, &played);
        Ok(self.store().annotations(game).await?.into_iter().map(|note| seen(note, &secrets)).collect())
    }

    /// What the asking seat may not read of the game as it stands now, as its log pages are judged: a
    /// player may have named a hidden unit in a note.
    fn secrets_of(&self, id: i64, game: &Game) -> Secrets {
        game.secrets(&self.seat_in(id))
    }
}

fn seen(note: Annotation, secrets: &Secrets) -> AnnotationView {
    AnnotationView {
        id: note.id,
        game: note.game_id,
        // Written beside an entry the game had, so it is a log index.
        at: u32::try_from(note.seq).unwrap_or(u32::MAX),
        text: secrets.text(&note.text),
        created_at: note.created_at,
    }
}
