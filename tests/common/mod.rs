//! Drives the real `sandtable` binary against a real SQLite file in a temporary folder (or a PostgreSQL
//! database, on the suite's PostgreSQL pass).
#![allow(dead_code)]

pub mod cotta;
pub mod postgres;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub struct Table {
    pub dir: tempfile::TempDir,
    /// A PostgreSQL database's address instead of the SQLite file in `dir`.
    pub address: Option<String>,
}

impl Table {
    pub fn new() -> Table {
        Table { dir: tempfile::tempdir().expect("temp dir"), address: None }
    }

    /// The same, its games kept on a PostgreSQL database (the CLI's `--db` takes its address).
    pub fn on_postgres(address: String) -> Table {
        Table { address: Some(address), ..Table::new() }
    }

    pub fn db(&self) -> PathBuf {
        match &self.address {
            Some(address) => PathBuf::from(address),
            None => self.dir.path().join("campaign.db"),
        }
    }

    pub fn cmd(&self) -> Command {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_sandtable"));
        cmd.env("SANDTABLE_DB", self.db()).current_dir(repo_root());
        cmd
    }

    pub fn run(&self, args: &[&str]) -> Output {
        self.cmd().args(args).output().expect("sandtable runs")
    }

    /// Runs and insists on success, returning stdout.
    pub fn ok(&self, args: &[&str]) -> String {
        let out = self.run(args);
        assert!(
            out.status.success(),
            "sandtable {args:?} failed ({:?}): {}",
            out.status.code(),
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    }

    /// Starts the Sand Pebbles wall scenario with a fixed seed and returns the game id.
    pub fn new_wall_game(&self) -> String {
        let out = self.ok(&["game", "new", "scenarios/sand-pebbles/legation-wall.toml", "--seed", "7"]);
        out.lines().last().unwrap().trim().to_string()
    }

    pub fn show(&self, id: &str) -> serde_json::Value {
        serde_json::from_str(&self.ok(&["game", "show", id, "--json"])).unwrap()
    }
}

pub fn repo_root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

pub fn unit<'a>(view: &'a serde_json::Value, id: &str) -> &'a serde_json::Value {
    view["units"].as_array().unwrap().iter().find(|u| u["id"] == id).unwrap()
}

pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}
