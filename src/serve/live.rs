//! `GET /api/live/{game}`: the game's new entries as server-sent events, each the moment it is recorded,
//! on whichever device acted. A device that reconnects (woken from sleep, back on the Wi-Fi) is sent what
//! it missed first, from the last entry it holds (`Last-Event-ID`, which browsers send by themselves, or
//! `?after=`), so nothing acknowledged is lost.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::Extension;
use axum::extract::{Path, Query, State};
use axum::http::HeaderMap;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use futures_util::stream::{self, Stream, StreamExt};
use tokio_stream::wrappers::BroadcastStream;
use tokio_stream::wrappers::errors::BroadcastStreamRecvError;

use crate::api::{Api, Device, LiveEntry, as_device};

#[derive(serde::Deserialize)]
pub struct After {
    after: Option<u32>,
}

/// How soon a browser tries again after the connection drops.
const RETRY: Duration = Duration::from_millis(1000);

pub async fn live(
    State(api): State<Arc<Api>>,
    Path(game): Path<i64>,
    Query(q): Query<After>,
    Extension(device): Extension<Device>,
    headers: HeaderMap,
) -> Response {
    let after = headers.get("last-event-id").and_then(|v| v.to_str().ok()).and_then(|v| v.parse().ok()).or(q.after);
    // Listening before the catch-up is read, so an entry recorded in between is not missed (it may come
    // twice, and the second is dropped by its seq).
    let watching = api.watch();
    let (missed, total) = match api.game_log_after(game, after, &device.seat_in(game)).await {
        Ok(caught_up) => caught_up,
        Err(err) => return (super::dispatch::status_of(&err), axum::Json(err)).into_response(),
    };
    let mut last = after.map(i64::from).unwrap_or(-1);
    let catch_up: Vec<LiveEntry> = missed
        .into_iter()
        .map(|entry| LiveEntry { game, total, entry, change: None })
        .inspect(|e| last = i64::from(e.entry.seq))
        .collect();
    let heard = BroadcastStream::new(watching).filter_map(move |heard| {
        let out = match heard {
            Ok(e) if e.game == game && i64::from(e.entry.seq) > last => {
                last = i64::from(e.entry.seq);
                Some(Heard::Entry(Box::new(e)))
            }
            Ok(_) => None,
            // Fallen too far behind to be told entry by entry: the device reads the game again.
            Err(BroadcastStreamRecvError::Lagged(_)) => Some(Heard::Resync),
        };
        std::future::ready(out)
    });
    // The view this device's seat was last sent on this stream, the base of the next entry's change: the
    // game as it stands once caught up. A device that holds another (its own action's answer came first,
    // or a rename) reads the game whole.
    let sent = as_device(device.clone(), api.sent_view(game)).await.ok();
    let sent = Arc::new(tokio::sync::Mutex::new(sent));
    let live = heard.filter_map(move |heard| {
        let (api, device, sent) = (api.clone(), device.clone(), sent.clone());
        async move {
            match heard {
                Heard::Resync => Some(Ok(Event::default().event("resync").data("{}"))),
                // Each device reads the entry as its own seat may: a hidden counter's name stays hidden.
                // One that cannot be worded for it (the game would not load) is not dropped: the device
                // reads the game again.
                Heard::Entry(e) => {
                    let mut sent = sent.lock().await;
                    match as_device(device, api.heard(game, e.entry.clone(), sent.as_ref())).await {
                        Ok((entry, now, change)) => {
                            *sent = Some(now);
                            let change = change.map(|c| c.as_ref().clone());
                            Some(Ok(entry_event(&LiveEntry { entry, change, ..*e })))
                        }
                        Err(_) => Some(Ok(Event::default().event("resync").data("{}"))),
                    }
                }
            }
        }
    });
    let events: std::pin::Pin<Box<dyn Stream<Item = Result<Event, Infallible>> + Send>> =
        Box::pin(stream::iter(catch_up.iter().map(entry_event).map(Ok).collect::<Vec<_>>()).chain(live));
    Sse::new(stream::once(std::future::ready(Ok(Event::default().retry(RETRY).comment("live")))).chain(events))
        .keep_alive(KeepAlive::default())
        .into_response()
}

enum Heard {
    Entry(Box<LiveEntry>),
    Resync,
}

fn entry_event(e: &LiveEntry) -> Event {
    Event::default()
        .id(e.entry.seq.to_string())
        .event("entry")
        .json_data(e)
        .unwrap_or_else(|_| Event::default().event("resync").data("{}"))
}
