//! Entries stored by another server on the same PostgreSQL database (a club's): heard on the database's
//! channel and told to this server's live streams as if made here, each worded for its seat by the stream
//! as usual. Games kept in memory need no telling: every use of one reads its log's length first (`load`).

use std::sync::Arc;
use std::time::Duration;

use super::super::{Api, LiveEntry};
use crate::store::Heard;

/// How long to wait before listening again when the database cannot be reached.
const RETRY: Duration = Duration::from_secs(2);

impl Api {
    /// Follows other servers' entries for as long as the server runs; returns at once on a SQLite file.
    pub async fn follow_other_servers(self: Arc<Self>) {
        loop {
            let mut listener = match self.store.log_listener().await {
                Ok(Some(listener)) => listener,
                Ok(None) => return,
                Err(e) => {
                    eprintln!("sandtable: cannot hear the other servers' entries yet ({e}); trying again");
                    tokio::time::sleep(RETRY).await;
                    continue;
                }
            };
            // Anything missed while not listening: every game watched here is read again.
            self.tell_news_of_every_game().await;
            loop {
                match listener.next().await {
                    Ok(Heard::Entries { game }) => self.tell_news_of(game).await,
                    Ok(Heard::Reconnected) => self.tell_news_of_every_game().await,
                    Err(e) => {
                        eprintln!("sandtable: lost the other servers' entries ({e}); listening again");
                        tokio::time::sleep(RETRY).await;
                        break;
                    }
                }
            }
        }
    }

    async fn tell_news_of_every_game(&self) {
        let known: Vec<i64> = self.games.lock().await.keys().copied().collect();
        for game in known {
            self.tell_news_of(game).await;
        }
    }

    /// The game's entries this server has not yet told its streams of, told now, oldest first.
    async fn tell_news_of(&self, id: i64) {
        // A game this server keeps no copy of has no watcher here (a watched game is kept, and one taken out
        // while an action changes it is told by that action): it is not read, lest every server replay
        // every game of the club.
        let Some(told) = self.games.lock().await.get(&id).map(|game| game.events().len()) else { return };
        let Ok((_, game)) = self.load(id).await else { return };
        let total = game.events().len();
        let from = told.min(total);
        for (n, entry) in game.log_page(None, total - from).into_iter().enumerate() {
            self.live.publish(LiveEntry { game: id, entry, total: (from + n + 1) as u32, change: None });
        }
    }
}
