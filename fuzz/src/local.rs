//! A table of its own for a child process of the targets that reach the engine through its `Api` (game
//! files, the HTTP door, seats): a tokio runtime and an `Api` on a SQLite file in a temp folder, made once
//! and kept across the child's cases, so a case costs its own work rather than a database's set-up. Each
//! target keeps its own in a thread-local slot: made (or made again) before a case, untimed, when there is
//! none, when the case before it panicked part way, or when it has served enough cases that its database's
//! growth would start to slow them.

use std::cell::RefCell;
use std::future::Future;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::thread::LocalKey;

use sandtable::api::Api;

pub struct Local {
    pub runtime: tokio::runtime::Runtime,
    pub api: Arc<Api>,
    /// Where the database and everything the engine writes beside it live.
    pub root: PathBuf,
    _dir: tempfile::TempDir,
}

impl Local {
    /// A fresh database in a fresh temp folder, at `root_under` inside it (a few folders down for the HTTP
    /// door, so a file a request steers out of its folder still lands inside the temp folder, and is seen).
    pub fn open(root_under: &str) -> Local {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .unwrap_or_else(|e| panic!("no tokio runtime: {e}"));
        let dir = tempfile::Builder::new()
            .prefix("sandtable-fuzz-")
            .tempdir()
            .unwrap_or_else(|e| panic!("no temp folder for the fuzzer's table: {e}"));
        let root = dir.path().join(root_under);
        std::fs::create_dir_all(&root).unwrap_or_else(|e| panic!("cannot make {}: {e}", root.display()));
        let api = runtime
            .block_on(Api::open(&root.join("table.db")))
            .unwrap_or_else(|e| panic!("the fuzzer's table does not open: {e}"));
        Local { runtime, api: Arc::new(api), root, _dir: dir }
    }

    pub fn run<F: Future>(&self, work: F) -> F::Output {
        self.runtime.block_on(work)
    }

    /// The temp folder the table lives in.
    pub fn dir(&self) -> &Path {
        self._dir.path()
    }
}

/// A target's table and what it made on it, with how many cases it has served.
pub struct Slot<T> {
    pub state: Option<T>,
    served: u64,
    /// Set while a case runs; still set before the next one, the case panicked part way and the table
    /// may be left in any state, so it is made again.
    busy: bool,
}

impl<T> Default for Slot<T> {
    fn default() -> Self {
        Slot { state: None, served: 0, busy: false }
    }
}

/// Makes the target's state ready for a case (untimed): made if there is none, made again if the last
/// case panicked in it or it has served `renew_after` cases.
pub fn ready<T>(slot: &'static LocalKey<RefCell<Slot<T>>>, renew_after: u64, make: impl FnOnce() -> T) {
    slot.with(|cell| {
        let mut slot = cell.borrow_mut();
        if slot.busy || slot.served >= renew_after {
            // Dropped first, so two tables never stand at once.
            slot.state = None;
        }
        if slot.state.is_none() {
            slot.state = Some(make());
            slot.served = 0;
        }
        slot.busy = false;
    });
}

/// Runs a case on the target's state (made by `ready` just before).
pub fn with<T, R>(slot: &'static LocalKey<RefCell<Slot<T>>>, case: impl FnOnce(&mut T) -> R) -> R {
    slot.with(|cell| {
        let mut slot = cell.borrow_mut();
        slot.busy = true;
        slot.served += 1;
        let state = slot.state.as_mut().expect("a target's table is made before its case");
        let answer = case(state);
        slot.busy = false;
        answer
    })
}
