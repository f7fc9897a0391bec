//! How long a device's command may work. The door answers a command that runs past its budget at once
//! ("still working"), but the work itself runs on a thread of its own that cannot be stopped from outside;
//! so commands that loop over many games or many moments ask, between steps, whether anyone still waits
//! for them, and stop when no one does.

use std::future::Future;
use std::time::Instant;

use super::{Api, ApiError, ErrorKind};

tokio::task_local! {
    static ANSWER_DUE: Instant;
}

/// Runs `work` for a caller who stops waiting at `due`.
pub async fn within_budget<F: Future>(due: Instant, work: F) -> F::Output {
    ANSWER_DUE.scope(due, work).await
}

/// When the current command's caller stops waiting, if it ever does.
pub(crate) fn answer_due() -> Option<Instant> {
    ANSWER_DUE.try_with(|due| *due).ok()
}

impl Api {
    /// Refuses to go on once the caller has been answered that the command took too long. The app's own
    /// window and the CLI wait for as long as the work takes.
    pub(crate) fn still_awaited(&self, what: &str) -> Result<(), ApiError> {
        match ANSWER_DUE.try_with(|due| Instant::now() > *due) {
            Ok(true) => Err(ApiError::new(
                ErrorKind::Busy,
                format!("{what} was stopped: it took longer than its caller waits; ask for less"),
            )),
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[tokio::test]
    async fn work_stops_once_its_caller_stopped_waiting() {
        let dir = tempfile::tempdir().unwrap();
        let api = Api::open(&dir.path().join("t.db")).await.unwrap();
        assert!(api.still_awaited("the work").is_ok(), "the window and the CLI wait as long as it takes");
        let late = Instant::now() - Duration::from_millis(1);
        let stopped = within_budget(late, async { api.still_awaited("the report") }).await.unwrap_err();
        assert_eq!(stopped.kind, ErrorKind::Busy);
        let due = Instant::now() + Duration::from_secs(60);
        assert!(within_budget(due, async { api.still_awaited("the report") }).await.is_ok());
    }
}
