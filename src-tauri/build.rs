//! Runs tauri-build, and stands a placeholder page in for `../ui/dist` while the UI has not been built.
//!
//! `tauri::generate_context!` embeds `build.frontendDist` and refuses to compile when that folder is
//! missing. Lints, the bindings export and the engine tests build this crate before the UI is built
//! (tools/test-all.sh runs them first), so without `ui/dist` the app embeds `placeholder/`, a page that
//! says how to build the UI. Cargo reruns this script once `ui/dist/index.html` appears or changes, and
//! the binary is then rebuilt with the real UI.

use std::path::Path;

fn main() {
    let dist_index = Path::new("../ui/dist/index.html");
    println!("cargo:rerun-if-changed={}", dist_index.display());
    println!("cargo:rerun-if-changed=placeholder");
    let mut config = match std::env::var("TAURI_CONFIG") {
        Ok(text) => serde_json::from_str(&text).expect("TAURI_CONFIG is not JSON"),
        Err(_) => serde_json::json!({}),
    };
    // A frontendDist given in TAURI_CONFIG (e.g. by the Tauri CLI) wins over both.
    if !dist_index.exists() && config["build"]["frontendDist"].is_null() {
        println!(
            "cargo:warning=ui/dist is missing: embedding the placeholder page (build the UI with `npm --prefix ui run build`)"
        );
        config["build"]["frontendDist"] = serde_json::json!("placeholder");
        let config = config.to_string();
        // tauri-build reads TAURI_CONFIG from this process; generate_context! (a macro run inside rustc)
        // reads it from the compiler's environment, which `rustc-env` sets.
        // SAFETY: the build script is single-threaded at this point.
        unsafe { std::env::set_var("TAURI_CONFIG", &config) };
        println!("cargo:rustc-env=TAURI_CONFIG={config}");
    }
    tauri_build::build();
}
