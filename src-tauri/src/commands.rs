//! The Tauri commands: one per entry of the engine's command list (`sandtable::for_each_command!`), each a
//! thin call into `sandtable::api::Api`, which `sandtable serve` shares, so the window and a browser see
//! the same engine and the same errors. Argument names are part of the IPC contract: Tauri takes them in
//! camelCase.

use std::sync::Arc;

use sandtable::api::{Api, ApiError};
use tauri::State;

/// The app's managed state: the engine, or why the campaign database could not be opened. Keeping the
/// error (instead of refusing to start) lets the window open and show it, since every command returns it.
/// The engine is shared: a table opened to other devices serves their commands from this same one.
pub struct Engine {
    api: Result<Arc<Api>, ApiError>,
}

impl Engine {
    pub fn new(api: Result<Api, ApiError>) -> Engine {
        Engine { api: api.map(Arc::new) }
    }

    fn api(&self) -> Result<&Api, ApiError> {
        self.api.as_deref().map_err(Clone::clone)
    }

    pub fn shared(&self) -> Result<Arc<Api>, ApiError> {
        self.api.clone()
    }
}

macro_rules! tauri_commands {
    ($($(#[$doc:meta])* $name:ident($($arg:ident: $ty:ty),* $(,)?) -> $ret:ty;)*) => {
        $(
            $(#[$doc])*
            #[tauri::command]
            #[specta::specta]
            pub async fn $name(engine: State<'_, Engine>, $($arg: $ty),*) -> Result<$ret, ApiError> {
                engine.api()?.$name($($arg.into()),*).await
            }
        )*

        /// Every command, for the invoke handler and the bindings: the shared list, and the host's own
        /// switch for opening the table (`table.rs`), which no other device is offered.
        pub fn all() -> tauri_specta::Commands<tauri::Wry> {
            tauri_specta::collect_commands![
                $($name,)*
                crate::table::table_open_status,
                crate::table::open_table,
                crate::table::close_table,
                crate::table::renew_table_code,
                crate::table::table_seat_code,
            ]
        }
    };
}

sandtable::for_each_command!(tauri_commands);
