//! Passwords kept as argon2id hashes (the PHC string holds the parameters and salt, so a later build may
//! raise the cost and still read the old hashes), checked off the async threads: a check costs tens of
//! milliseconds and 19 MiB of memory on purpose.

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use rand::RngExt;

/// Long enough that guessing it, even from a stolen hash, is not worth it; short enough to type on a
/// phone.
pub const SHORTEST_PASSWORD: usize = 10;
/// Past this a password is not a password (and hashing it costs for nothing).
pub const LONGEST_PASSWORD: usize = 200;

/// OWASP's first choice for argon2id: 19 MiB, two passes, one lane.
fn hasher() -> Argon2<'static> {
    let params = Params::new(19 * 1024, 2, 1, None).expect("fixed argon2 parameters are valid");
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// Why a new password cannot be used, or none when it can.
pub fn weakness(password: &str) -> Option<String> {
    let chars = password.chars().count();
    if chars < SHORTEST_PASSWORD {
        return Some(format!("a password needs at least {SHORTEST_PASSWORD} characters; this one has {chars}"));
    }
    if chars > LONGEST_PASSWORD {
        return Some(format!("a password has at most {LONGEST_PASSWORD} characters; this one has {chars}"));
    }
    None
}

/// The hash to keep for `password`.
pub fn hash(password: &str) -> String {
    let salt_bytes: [u8; 16] = rand::rng().random();
    let salt = SaltString::encode_b64(&salt_bytes).expect("16 bytes make a valid salt");
    hasher()
        .hash_password(password.as_bytes(), &salt)
        .expect("argon2 hashes any password within its bounds")
        .to_string()
}

/// `hash`, on a thread of its own: it takes a moment, and the server's other requests must not wait.
pub async fn hash_off_thread(password: String) -> String {
    tokio::task::spawn_blocking(move || hash(&password)).await.expect("hashing a password does not panic")
}

/// Whether `password` is the one `kept` was made from. A hash that does not read is no match.
pub fn matches(password: &str, kept: &str) -> bool {
    if password.chars().count() > LONGEST_PASSWORD {
        return false;
    }
    PasswordHash::new(kept).is_ok_and(|parsed| hasher().verify_password(password.as_bytes(), &parsed).is_ok())
}

/// The same work as checking a member's password, for a name no member has: the answer's time tells
/// nobody which names are members'.
pub fn spend_as_if_checking(password: &str) {
    static DECOY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    let decoy = DECOY.get_or_init(|| hash("no member has this password"));
    let _ = matches(password, decoy);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hash_is_argon2id_salted_and_checks_only_its_password() {
        let one = hash("correct horse battery");
        let two = hash("correct horse battery");
        assert!(one.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{one}");
        assert_ne!(one, two, "each hash has its own salt");
        assert!(matches("correct horse battery", &one));
        assert!(!matches("correct horse batterz", &one));
        assert!(!matches("correct horse battery", "not a hash"));
    }

    #[test]
    fn a_short_or_endless_password_is_refused_with_the_reason() {
        assert!(weakness("short").unwrap().contains("at least 10"));
        assert!(weakness(&"x".repeat(201)).unwrap().contains("at most 200"));
        assert_eq!(weakness("long enough now"), None);
    }
}
