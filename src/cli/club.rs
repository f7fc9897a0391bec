//! `sandtable club …`: a club server's members from the command line, on the machine that keeps its
//! database. The first administrator can be made only here (a server with no one to sign in has no one to
//! ask); after that the administrator adds members from a browser, or here.

use std::io::{BufRead, IsTerminal};
use std::path::Path;

use super::args::{ClubArgs, ClubCommand};
use super::failure::Failure;
use crate::serve::club::{hash_password, name_problem, now_secs, password_weakness};
use crate::store::{Store, StoreError};

pub async fn run(db: &Path, args: ClubArgs) -> Result<(), Failure> {
    let store = match (&args.database, db.to_str()) {
        (Some(address), _) => Store::open_address(address).await,
        (None, Some(address)) if crate::store::is_postgres(address) => Store::open_address(address).await,
        (None, _) => Store::open(db).await,
    }
    .map_err(|e| Failure::other(e.to_string()))?;
    match args.command {
        ClubCommand::Admin { name } => add(&store, &name, true).await,
        ClubCommand::Member { name } => add(&store, &name, false).await,
        ClubCommand::Password { name } => {
            let member = named(&store, &name).await?;
            let password = new_password(&format!("New password for {}", member.name))?;
            let hash = hash_password(password).await;
            store.set_member_password(member.id, &hash).await.map_err(stored)?;
            println!("{}'s password is set; every session of theirs has ended", member.name);
            Ok(())
        }
        ClubCommand::SignOut { name } => {
            let member = named(&store, &name).await?;
            let ended = store.end_member_sessions(member.id, now_secs()).await.map_err(stored)?;
            println!(
                "{} is signed out everywhere ({ended} session{} ended)",
                member.name,
                if ended == 1 { "" } else { "s" }
            );
            Ok(())
        }
        ClubCommand::List => {
            let members = store.members().await.map_err(stored)?;
            if members.is_empty() {
                println!("The club has no members yet: `sandtable club admin NAME` makes its administrator");
            }
            for m in members {
                println!("{}{}", m.name, if m.is_admin() { "  (administrator)" } else { "" });
            }
            Ok(())
        }
    }
}

async fn add(store: &Store, name: &str, admin: bool) -> Result<(), Failure> {
    let name = name.trim();
    if let Some(why) = name_problem(name) {
        return Err(Failure::bad_input(why));
    }
    if store.member_by_name(name).await.map_err(stored)?.is_some() {
        return Err(Failure::bad_input(format!(
            "the club already has a member named {name:?}: `sandtable club password {name:?}` sets a new password"
        )));
    }
    let role = if admin { "administrator" } else { "member" };
    let password = new_password(&format!("Password for {name}, the club's new {role}"))?;
    let hash = hash_password(password).await;
    store.add_member(name, &hash, admin).await.map_err(stored)?;
    println!("{name} is the club's {role}; they sign in at the club server's address");
    Ok(())
}

async fn named(store: &Store, name: &str) -> Result<crate::store::Member, Failure> {
    store
        .member_by_name(name)
        .await
        .map_err(stored)?
        .ok_or_else(|| Failure::bad_input(format!("the club has no member named {name:?} (`sandtable club list`)")))
}

/// A new password: asked twice on a terminal, without showing it; else the first line of the input.
fn new_password(prompt: &str) -> Result<String, Failure> {
    let password = if std::io::stdin().is_terminal() {
        let first = rpassword::prompt_password(format!("{prompt}: ")).map_err(|e| Failure::other(e.to_string()))?;
        let again = rpassword::prompt_password("Again, to be sure: ").map_err(|e| Failure::other(e.to_string()))?;
        if first != again {
            return Err(Failure::bad_input("the two passwords differ: nothing was changed"));
        }
        first
    } else {
        let mut line = String::new();
        std::io::stdin().lock().read_line(&mut line).map_err(|e| Failure::other(e.to_string()))?;
        line.trim_end_matches(['\r', '\n']).to_string()
    };
    match password_weakness(&password) {
        Some(why) => Err(Failure::bad_input(format!("{why}: nothing was changed"))),
        None => Ok(password),
    }
}

fn stored(e: StoreError) -> Failure {
    Failure::other(e.to_string())
}
