//! One Tauri 2 window showing one static page, nothing else: the baseline tools/footprint/bench.sh
//! measures Sandtable's app against.

#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

fn main() {
    tauri::Builder::default()
        .run(tauri::generate_context!())
        .expect("error while running the minimal window");
}
