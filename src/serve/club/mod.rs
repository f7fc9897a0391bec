//! Club mode (`sandtable serve --club`): members sign in with a password instead of joining with a
//! table's code, and each game's seats are given to members by the club's administrator and held by the
//! server: a member is answered, in every command and live stream, for the seat given in that game and no
//! other. Members, sessions and seats live in the database, so several servers sharing a PostgreSQL
//! database are one club.

mod club_page;
mod door;
mod members;
mod pages;
mod password;
mod policy;
mod sign_in;
mod token;

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use axum::Router;
use axum::routing::{get, post};

pub use door::door;
pub use members::name_problem;
pub use password::{SHORTEST_PASSWORD, hash_off_thread as hash_password, weakness as password_weakness};
pub use token::{SESSION_COOKIE, now_secs};

use super::TableAccess;
use crate::api::Api;
use crate::store::Member;

/// A club server's shared hold on its members.
pub struct Club {
    api: Arc<Api>,
    /// The server's own names (a request addressed by another may be a rebinding page's) and whether it
    /// speaks HTTPS (then session cookies are marked Secure).
    access: Arc<TableAccess>,
    secure: bool,
    /// Wrong passwords by the address they came from, this minute: a member's own count locks the member,
    /// this one slows whoever tries many names from one place (each try costs the server an argon2 hash).
    wrong_by_address: Mutex<HashMap<IpAddr, (Instant, u32)>>,
    /// Passwords being checked at once.
    hashing: tokio::sync::Semaphore,
}

/// Passwords checked at once (each holds 19 MiB while it is): a few per core.
const HASHING_AT_ONCE: usize = 8;

/// The member a request's session belongs to, as the door found it.
#[derive(Clone)]
pub struct Signed {
    pub member: Member,
    pub token_hash: String,
}

impl Club {
    pub fn new(api: Arc<Api>, access: Arc<TableAccess>) -> Arc<Club> {
        Arc::new(Club {
            api,
            secure: access.tls(),
            access,
            wrong_by_address: Mutex::new(HashMap::new()),
            hashing: tokio::sync::Semaphore::new(HASHING_AT_ONCE),
        })
    }
}

impl Club {
    pub fn api(&self) -> &Arc<Api> {
        &self.api
    }
}

/// The club's own routes: signing in and out, members and seats.
pub fn routes(club: Arc<Club>) -> Router {
    Router::new()
        .route("/club", get(club_page::page))
        .route("/club/page", get(club_page::json))
        .route("/club/sign-in", get(sign_in::page).post(sign_in::sign_in))
        .route("/club/sign-out", post(sign_in::sign_out))
        .route("/club/me", get(sign_in::me))
        .route("/club/password", post(sign_in::change_password))
        .route("/club/members", get(members::list).post(members::add))
        .route("/club/members/password", post(members::reset_password))
        .route("/club/members/sign-out", post(members::sign_out_everywhere))
        .route("/club/seats", get(members::seats).post(members::give_seat))
        .with_state(club)
}
