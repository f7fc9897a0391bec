//! `GET /club`: the club's page as a member reads it (members, battles, standings, luck), and for the
//! administrator the desk to add members, set a forgotten password, sign a member out everywhere and give
//! seats. Written on the server from `Api::club_page`, so it needs none of the app's scripts; `GET
//! /club/page` is the same as JSON.

use std::fmt::Write as _;
use std::sync::Arc;

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Response};
use axum::{Extension, Json};

use super::Club;
use crate::api::reports::markup::esc;
use crate::api::{ClubBattle, ClubPageView, Device, as_device, within_budget};

/// Past this the page is given up, as a command is (`dispatch::BUDGET`): a club of many long games is read
/// within it, not held over a slow server's threads.
const BUDGET: std::time::Duration = std::time::Duration::from_secs(10);

async fn club_page(club: &Club, device: Device) -> Result<ClubPageView, crate::api::ApiError> {
    let due = std::time::Instant::now() + BUDGET;
    as_device(device, within_budget(due, club.api.club_page())).await
}

pub(super) async fn json(State(club): State<Arc<Club>>, Extension(device): Extension<Device>) -> Response {
    match club_page(&club, device).await {
        Ok(view) => Json(view).into_response(),
        Err(e) => (crate::serve::dispatch::status_of(&e), Json(e)).into_response(),
    }
}

pub(super) async fn page(State(club): State<Arc<Club>>, Extension(device): Extension<Device>) -> Response {
    match club_page(&club, device).await {
        Ok(view) => Html(html(&view)).into_response(),
        Err(e) => (StatusCode::INTERNAL_SERVER_ERROR, Html(format!("<p>{}</p>", esc(&e.message)))).into_response(),
    }
}

fn html(view: &ClubPageView) -> String {
    let mut out = String::from(HEAD);
    let _ = write!(
        out,
        r#"<header><h1>The club</h1><p>Signed in as <b data-testid="club-me">{}</b>{} · <a href="/">Games</a> · <button type="button" id="sign-out" data-testid="club-sign-out">Sign out</button></p></header>"#,
        esc(&view.member),
        if view.admin { " (administrator)" } else { "" }
    );
    out += "<section><h2>Battles</h2>";
    let battles: Vec<Vec<String>> = view
        .battles
        .iter()
        .map(|b| {
            let players: Vec<String> =
                b.seats.iter().map(|s| format!("{}: {}", esc(&s.member), esc(&s.seat))).collect();
            let campaign = b.campaign.as_deref().map(|c| format!("<br><small>{}</small>", esc(c))).unwrap_or_default();
            vec![
                format!(r#"<a href="/#/game/{}">{}</a>{campaign}"#, b.game, esc(&b.name)),
                esc(&b.system_name),
                esc(&b.day),
                esc(&b.result),
                if players.is_empty() { "no seats given".into() } else { players.join("<br>") },
                b.your_seat.as_deref().map_or("watching".into(), esc),
            ]
        })
        .collect();
    table(&mut out, "club-battles", &["Battle", "System", "Day", "Result", "Players", "Your seat"], &battles);
    out += "</section><section><h2>Standings</h2>";
    if view.standings.is_empty() {
        out += "<p>No battle with seated players is over yet.</p>";
    }
    for system in &view.standings {
        let _ = write!(out, "<h3>{}</h3>", esc(&system.system_name));
        let rows: Vec<Vec<String>> = system
            .rows
            .iter()
            .map(|r| {
                vec![esc(&r.member), r.played.to_string(), r.won.to_string(), r.lost.to_string(), r.drawn.to_string()]
            })
            .collect();
        table(&mut out, "club-standings", &["Member", "Played", "Won", "Lost", "Drawn"], &rows);
    }
    out += "</section><section><h2>Luck across the club</h2><p>Each member's totals in the games they played a side in, \
            against their exact chances; dice your seats are not shown are left out.</p>";
    let luck: Vec<Vec<String>> = view
        .luck
        .iter()
        .map(|l| {
            vec![
                esc(&l.member),
                l.games.to_string(),
                l.throws.to_string(),
                format!("{:.1}", l.expected),
                l.actual.to_string(),
                format!("{:+.1}", l.actual as f64 - l.expected),
            ]
        })
        .collect();
    table(&mut out, "club-luck", &["Member", "Games", "Throws", "Expected", "Thrown", "Difference"], &luck);
    out += "</section>";
    let names: Vec<String> = view
        .members
        .iter()
        .map(|m| format!("{}{}", esc(&m.name), if m.admin { " (administrator)" } else { "" }))
        .collect();
    let _ =
        write!(out, r#"<section><h2>Members</h2><p data-testid="club-members">{}</p></section>"#, names.join(" · "));
    out += r#"<section class="desk"><h2>Your password</h2><form data-action="/club/password" data-testid="club-change-password">
<label>Current password <input name="current" type="password" autocomplete="current-password" required></label>
<label>New password <input name="password" type="password" autocomplete="new-password" required minlength="10"></label>
<button>Change it</button></form>"#;
    if !view.admin {
        out += r#"<p role="status" data-testid="club-desk-message"></p>"#;
    }
    out += "</section>";
    if view.admin {
        out += &admin_desk(view);
    }
    out += SCRIPT;
    out += "</main></body></html>";
    out
}

fn admin_desk(view: &ClubPageView) -> String {
    let members: String =
        view.members.iter().map(|m| format!(r#"<option value="{0}">{0}</option>"#, esc(&m.name))).collect();
    let mut seats = String::new();
    // Each choice's value is the seat as JSON, written by serde and then escaped for the attribute, so no
    // name or side id can break out of either.
    let mut choice = |game: &ClubBattle, seat: serde_json::Value, words: &str| {
        let value = serde_json::json!({ "game": game.game, "seat": seat }).to_string();
        let _ = write!(seats, r#"<option value="{}">{} — {}</option>"#, esc(&value), esc(&game.name), esc(words));
    };
    for b in &view.battles {
        for side in &b.sides {
            choice(b, serde_json::json!({ "seat": "side", "side": side.id }), &side.name);
        }
        choice(b, serde_json::json!({ "seat": "referee" }), "referee");
        choice(b, serde_json::Value::Null, "no seat");
    }
    format!(
        r#"<section class="desk"><h2>The administrator's desk</h2>
<form data-action="/club/members" data-testid="club-add-member"><h3>Add a member</h3>
<label>Name <input name="name" required maxlength="60"></label>
<label>Password <input name="password" type="password" autocomplete="new-password" required minlength="10"></label>
<button>Add</button></form>
<form data-action="/club/members/password" data-testid="club-reset-password"><h3>A new password</h3>
<label>Member <select name="name">{members}</select></label>
<label>Password <input name="password" type="password" autocomplete="new-password" required minlength="10"></label>
<button>Set it</button></form>
<form data-action="/club/members/sign-out" data-testid="club-sign-out-member"><h3>Sign out everywhere</h3>
<label>Member <select name="name">{members}</select></label>
<button>Sign out</button></form>
<form data-action="/club/seats" data-testid="club-give-seat"><h3>Give a seat</h3>
<label>Member <select name="member">{members}</select></label>
<label>Seat <select name="place">{seats}</select></label>
<button>Give</button></form>
<p role="status" data-testid="club-desk-message"></p></section>"#
    )
}

/// A table of `rows`, each cell already escaped HTML.
fn table(out: &mut String, testid: &str, headings: &[&str], rows: &[Vec<String>]) {
    let _ = write!(out, r#"<table data-testid="{testid}"><thead><tr>"#);
    for heading in headings {
        let _ = write!(out, "<th>{heading}</th>");
    }
    *out += "</tr></thead><tbody>";
    for row in rows {
        *out += "<tr>";
        for cell in row {
            let _ = write!(out, "<td>{cell}</td>");
        }
        *out += "</tr>";
    }
    *out += "</tbody></table>";
}

const HEAD: &str = r#"<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="dark"><title>Sandtable: the club</title>
<style>
body { margin: 0; background: #121418; color: #e8e6e1; font: 17px/1.5 system-ui, sans-serif; }
main { max-width: 60em; margin: 0 auto; padding: 16px; }
h1 { font-size: 1.5em; margin: 0; } h2 { font-size: 1.2em; margin: 28px 0 8px; } h3 { font-size: 1em; margin: 16px 0 6px; }
a { color: #e8a33d; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 8px 10px; border-bottom: 1px solid #2c3038; vertical-align: top; }
th { color: #b9b6ae; font-weight: 600; }
section { overflow-x: auto; }
.desk form { display: flex; flex-wrap: wrap; gap: 10px; align-items: end; margin-bottom: 12px; }
.desk h3 { width: 100%; }
label { display: flex; flex-direction: column; font-size: 0.9em; gap: 4px; }
input, select { font: inherit; min-height: 44px; padding: 6px 10px; background: #1d2027; color: inherit; border: 1px solid #5a5f6a; border-radius: 8px; }
button { font: inherit; font-weight: 650; min-height: 44px; padding: 0 18px; border: 0; border-radius: 8px; background: #e8a33d; color: #121418; }
[role=status] { min-height: 1.5em; }
</style></head><body><main>
"#;

const SCRIPT: &str = r#"<script>
const say = (text) => { const s = document.querySelector('[role=status]'); if (s) s.textContent = text; };
async function post(path, body) {
  const answer = await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  if (answer.ok) return null;
  const why = await answer.json().catch(() => null);
  return why && why.message ? why.message : 'the server answered ' + answer.status;
}
document.getElementById('sign-out').addEventListener('click', async () => {
  await post('/club/sign-out', {});
  location.replace('/club/sign-in');
});
for (const form of document.querySelectorAll('form[data-action]')) {
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const body = Object.fromEntries(new FormData(form));
    if (body.place) { Object.assign(body, JSON.parse(body.place)); delete body.place; }
    const why = await post(form.dataset.action, body);
    if (why) { say(why[0].toUpperCase() + why.slice(1)); return; }
    location.reload();
  });
}
</script>"#;
