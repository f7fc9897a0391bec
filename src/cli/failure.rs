use crate::api::ApiError;

/// Why a command failed and which exit code says so.
#[derive(Debug)]
pub struct Failure {
    pub code: u8,
    pub message: String,
}

impl Failure {
    pub fn bad_input(message: impl Into<String>) -> Failure {
        Failure { code: 2, message: message.into() }
    }

    pub fn other(message: impl Into<String>) -> Failure {
        Failure { code: 1, message: message.into() }
    }

    /// The failure as it was reading `file`, which the message then names first.
    pub fn in_file(self, file: &std::path::Path) -> Failure {
        Failure { message: format!("{}: {}", file.display(), self.message), ..self }
    }
}

impl From<ApiError> for Failure {
    fn from(e: ApiError) -> Failure {
        let message = match &e.rule {
            Some(rule) => format!("{} [{rule}]", e.message),
            None => e.message.clone(),
        };
        Failure { code: if e.is_users() { 2 } else { 1 }, message }
    }
}
