//! A game's battle map at a moment of it: the table replayed to just after an entry (or as set up) and
//! drawn as the asking seat may see it.

use crate::api::{Api, ApiError, ErrorKind};
use crate::game::Game;

/// When in a game a map shows the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Moment {
    /// As set up, before the first entry.
    Start,
    /// Just after the entry of this `seq`.
    After(u32),
}

impl Moment {
    /// The table as it stands now: after the last entry, or as set up when there is none.
    pub fn end(game: &Game) -> Moment {
        match game.events().len() {
            0 => Moment::Start,
            n => Moment::After(n as u32 - 1),
        }
    }
}

/// A map drawn, with the sentence that says when it shows.
pub struct Map {
    pub png: Vec<u8>,
    pub caption: String,
}

impl Api {
    /// The map after entry `at`, or as the table stands when null, as a PNG in base64.
    pub async fn game_map(&self, id: i64, at: Option<u32>) -> Result<String, ApiError> {
        use base64::Engine;
        let (_, game) = self.load(id).await?;
        let moment = at.map_or_else(|| Moment::end(&game), Moment::After);
        let map = self.map_at(id, moment).await?;
        Ok(base64::engine::general_purpose::STANDARD.encode(map.png))
    }

    pub(crate) async fn map_at(&self, id: i64, moment: Moment) -> Result<Map, ApiError> {
        let (record, game) = self.load(id).await?;
        let total = game.events().len();
        let then = match moment {
            Moment::After(seq) if seq as usize + 1 == total => game,
            Moment::After(seq) if seq as usize >= total => {
                return Err(ApiError::bad_input(match total {
                    0 => format!("game {id} has no entries yet, so there is no entry {seq} to draw the table after"),
                    _ => format!("game {id} has entries 0 to {}, not {seq}", total - 1),
                }));
            }
            Moment::After(seq) => {
                let upto = game.events()[..=seq as usize].to_vec();
                std::sync::Arc::new(Game::replay(game.shared_scenario(), game.seed(), upto)?)
            }
            Moment::Start => std::sync::Arc::new(Game::new(game.shared_scenario(), game.seed())),
        };
        let view = self.view_seen(id, &record.name, &then);
        let (when, caption) = match moment {
            Moment::Start => ("as set up".to_string(), "The table as set up".to_string()),
            Moment::After(seq) => {
                let when = format!("turn {}, after entry {seq}", view.turn);
                // The view's newest entry is this one, worded for the seat.
                let what = view.log.last().map(|e| format!(": {}", e.text)).unwrap_or_default();
                (when.clone(), format!("The table in {when}{what}"))
            }
        };
        let png = crate::render::battle_map(&view, &format!("{} — {when}", view.name))
            .map_err(|e| ApiError::new(ErrorKind::Internal, e))?;
        Ok(Map { png, caption })
    }
}
