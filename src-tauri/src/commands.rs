//! The Tauri commands: one per entry of the engine's command list (`sandtable::for_each_command!`), each a
//! thin call into `sandtable::api::Api`, which `sandtable serve` shares, so the window and a browser see
//! the same engine and the same errors. Argument names are part of the IPC contract: Tauri takes them in
//! camelCase.

use sandtable::api::{Api, ApiError};
use tauri::State;

/// The app's managed state: the engine, or why the campaign database could not be opened. Keeping the
/// error (instead of refusing to start) lets the window open and show it, since every command returns it.
pub struct Engine {
    api: Result<Api, ApiError>,
}

impl Engine {
    pub fn new(api: Result<Api, ApiError>) -> Engine {
        Engine { api }
    }

    fn api(&self) -> Result<&Api, ApiError> {
        self.api.as_ref().map_err(Clone::clone)
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

        /// Every command, for the invoke handler and the bindings.
        pub fn all() -> tauri_specta::Commands<tauri::Wry> {
            tauri_specta::collect_commands![$($name),*]
        }
    };
}

sandtable::for_each_command!(tauri_commands);
