//! Sandtable's desktop and tablet window: the Svelte UI in a Tauri 2 webview, talking to the engine
//! through the commands in `commands.rs`; the host's switch (`table.rs`) opens the table to the room's
//! devices on the same engine, and `live.rs` tells the window of every entry any of them records.
//!
//! `sandtable-app --export-bindings [PATH]` writes the TypeScript bindings (default `ui/src/bindings.ts`)
//! and exits without opening a window. Debug builds only (`cargo run -p sandtable-app -- --export-bindings`):
//! it is a tool for working on the source tree, whose path it keeps, and the TypeScript exporter behind it
//! was about 1 MB of the release binary users get.

#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

mod bindings;
mod commands;
mod live;
mod table;

use std::path::PathBuf;
use std::process::ExitCode;

use sandtable::api::Api;
use sandtable::store::Store;
use tauri::Manager;

#[cfg(debug_assertions)]
const USAGE: &str = "usage: sandtable-app                           open the Sandtable window
       sandtable-app --export-bindings [PATH]   write the TypeScript bindings (default ui/src/bindings.ts) and exit

The campaign database is SANDTABLE_DB if set, else sandtable.db in the platform's data folder.";
#[cfg(not(debug_assertions))]
const USAGE: &str = "usage: sandtable-app                           open the Sandtable window

The campaign database is SANDTABLE_DB if set, else sandtable.db in the platform's data folder.
(--export-bindings is in debug builds: cargo run -p sandtable-app -- --export-bindings)";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
        [] => run(),
        #[cfg(debug_assertions)]
        ["--export-bindings"] => export(bindings::default_path()),
        #[cfg(debug_assertions)]
        ["--export-bindings", path] => export(PathBuf::from(path)),
        ["-h" | "--help"] => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        _ => {
            eprintln!("{USAGE}");
            ExitCode::from(2)
        }
    }
}

#[cfg(debug_assertions)]
fn export(path: PathBuf) -> ExitCode {
    match bindings::export(&path) {
        Ok(()) => {
            println!("wrote {}", path.display());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("sandtable-app: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The campaign database: `SANDTABLE_DB` if set (as for the `sandtable` command line), else the default.
fn db_path() -> PathBuf {
    std::env::var_os("SANDTABLE_DB").filter(|p| !p.is_empty()).map(PathBuf::from).unwrap_or_else(Store::default_path)
}

fn run() -> ExitCode {
    let specta = bindings::builder();
    tauri::Builder::default()
        .invoke_handler(specta.invoke_handler())
        .setup(move |app| {
            specta.mount_events(app);
            let db = db_path();
            let api = tauri::async_runtime::block_on(Api::open(&db));
            if let Err(e) = &api {
                // The window still opens: every command answers with this error, so the UI can show it.
                eprintln!("sandtable-app: cannot open the campaign database {}: {e}", db.display());
            }
            let engine = commands::Engine::new(api);
            if let Ok(api) = engine.shared() {
                live::forward_entries(app.handle().clone(), api);
            }
            app.manage(engine);
            app.manage(table::TableSwitch::default());
            Ok(())
        })
        .run(tauri::generate_context!())
        .expect("error while running the Sandtable window");
    ExitCode::SUCCESS
}
