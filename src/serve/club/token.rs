//! A session is a random token in an HttpOnly cookie; the database keeps only its SHA-256, so a copy of
//! the database (a backup, a dump) signs nobody in.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use rand::RngExt;
use sha2::{Digest, Sha256};

pub const SESSION_COOKIE: &str = "sandtable_session";
/// How long a sign-in lasts: a month of club nights, then the member signs in again.
pub const SESSION_DAYS: i64 = 30;

/// A new token, as the cookie carries it.
pub fn new_token() -> String {
    let bytes: [u8; 32] = rand::rng().random();
    URL_SAFE_NO_PAD.encode(bytes)
}

/// What the database keeps of a token.
pub fn token_hash(token: &str) -> String {
    let digest = Sha256::digest(token.as_bytes());
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

/// The cookie that hands the browser its session: never readable by the page's scripts, never sent with
/// another site's requests, over HTTPS only when the server speaks it.
pub fn session_cookie(token: &str, secure: bool) -> String {
    let max_age = SESSION_DAYS * 24 * 3600;
    let secure = if secure { "; Secure" } else { "" };
    format!("{SESSION_COOKIE}={token}; Path=/; HttpOnly; SameSite=Strict; Max-Age={max_age}{secure}")
}

/// The cookie that tells the browser to forget its session.
pub fn cleared_cookie(secure: bool) -> String {
    let secure = if secure { "; Secure" } else { "" };
    format!("{SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0{secure}")
}

pub fn now_secs() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_long_random_and_kept_only_as_hashes() {
        let (a, b) = (new_token(), new_token());
        assert_ne!(a, b);
        assert_eq!(a.len(), 43, "32 bytes in base64 without padding");
        assert_eq!(token_hash(&a).len(), 64);
        assert_ne!(token_hash(&a), a);
        assert_eq!(token_hash(&a), token_hash(&a));
    }

    #[test]
    fn the_cookie_is_http_only_strict_and_secure_over_https() {
        let cookie = session_cookie("t", true);
        for part in ["HttpOnly", "SameSite=Strict", "Path=/", "Secure", "Max-Age=2592000"] {
            assert!(cookie.contains(part), "{cookie}");
        }
        assert!(!session_cookie("t", false).contains("Secure"));
    }
}
