use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;

/// RFC 3339 in UTC: sorts as text, and reads the same in the app, the CLI and the sqlite3 shell.
pub(super) fn now() -> String {
    OffsetDateTime::now_utc().format(&Rfc3339).expect("a current UTC time always formats as RFC 3339")
}
