//! `sandtable serve`'s door: random requests through `serve::host_router` (the routes, the guard, the
//! host's own routes, the live stream, the app's pages) with `MockConnectInfo`, as tests/serve_support
//! does, from the host's own machine and from devices on the LAN. Each request has a method, a path (a
//! command of `for_each_command!`, a host route, a live stream, a page, or none of those), a Host header,
//! maybe an Origin and `sec-fetch-site`, a content type, a join code (the table's, a side's, a wrong or
//! an old one; as a bearer, a cookie or a link's `?join=`), a seat (`x-sandtable-seat`, its cookie, a
//! link's `?seat=`), and a body: the command's arguments built from their types with plausible and odd
//! values, random JSON, or not JSON at all. The table has four games with secrets and distinctive seeds,
//! started by the host; a child keeps it across its cases.
//!
//! The promise: no panic and no 500 (a store error excepted, were one justified: none is); a request from a
//! LAN device never changes the host's settings (the scenario folder, the join codes) and is never
//! answered with a game's seed it did not send; nothing is written outside the host's own folder; and the
//! app's pages are never looked up by a path that climbs out of them.

use std::cell::RefCell;
use std::fmt;
use std::net::SocketAddr;
use std::path::{Component, Path, PathBuf};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use axum::body::Body;
use axum::extract::connect_info::MockConnectInfo;
use axum::http::{Request, StatusCode, header};
use futures_util::StreamExt;
use sandtable::api::COMMANDS;
use sandtable::rules::Seat;
use sandtable::scenario::shipped_scenarios;
use sandtable::serve::{JoinDesk, MOST_BODY_BYTES, TableAccess, UiFile, UiSource, host_router};
use serde_json::{Value, json};
use tower::ServiceExt;

use crate::local::{self, Local, Slot};
use crate::mutate::{EDGE_NUMBERS, damage_bytes, edge_string, garbage};
use crate::rng::Rng;

const PORT: u16 = 8787;
const LAN_HOST: &str = "192.168.1.20";
/// How far below the temp folder the table's own folder is: a file name that climbs out of it by up to
/// this many `..` still lands inside the temp folder, where it is seen.
const ROOT: &str = "a/b/c/d/host";
const CLIMBS: usize = 4;

/// Every command's arguments, by name and type, as `for_each_command!` declares them.
macro_rules! argument_lists {
    ($($(#[$doc:meta])* $name:ident($($arg:ident: $ty:ty),* $(,)?) -> $ret:ty;)*) => {
        &[$((stringify!($name), &[$((stringify!($arg), stringify!($ty))),*])),*]
    };
}

type Arguments = &'static [(&'static str, &'static [(&'static str, &'static str)])];
const ARGUMENTS: Arguments = sandtable::for_each_command!(argument_lists);

/// A value resolved when the request is sent, against the table as it then stands.
#[derive(Debug, Clone)]
pub enum Code {
    None,
    Table,
    Side(&'static str),
    Wrong(String),
}

#[derive(Debug, Clone)]
pub struct Send {
    pub lan: Option<u8>,
    pub method: &'static str,
    pub path: String,
    pub host: Option<String>,
    pub origin: Option<String>,
    pub fetch_site: Option<&'static str>,
    pub content_type: Option<&'static str>,
    pub code: Code,
    /// How the code goes: `bearer`, `cookie` or `link`.
    pub code_by: &'static str,
    pub seat_header: Option<String>,
    pub seat_cookie: Option<String>,
    pub body: String,
}

pub struct Input {
    pub sends: Vec<Send>,
}

impl fmt::Display for Input {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for send in &self.sends {
            let from = send.lan.map_or("the host's machine".to_string(), |n| format!("192.168.1.{n}"));
            writeln!(
                f,
                "{} {} from {from}, Host {:?}, Origin {:?}, sec-fetch-site {:?}, {:?}, code {:?} by {}, seat {:?} / cookie {:?}:",
                send.method,
                send.path,
                send.host,
                send.origin,
                send.fetch_site,
                send.content_type,
                send.code,
                send.code_by,
                send.seat_header,
                send.seat_cookie
            )?;
            writeln!(f, "  {}", crate::mutate::clipped(&send.body, 1000))?;
        }
        Ok(())
    }
}

pub fn generate(rng: &mut Rng) -> Input {
    Input { sends: (0..rng.between(1, 4)).map(|_| a_send(rng)).collect() }
}

fn a_send(rng: &mut Rng) -> Send {
    let lan = (!rng.one_in(3)).then(|| rng.between(2, 254) as u8);
    let (path, command) = a_path(rng);
    let method = if rng.one_in(12) {
        *rng.pick(&["GET", "PUT", "DELETE", "OPTIONS", "HEAD", "PATCH"])
    } else if path.starts_with("/api/live/") || !path.starts_with("/api/") && !path.starts_with("/host/") {
        "GET"
    } else {
        "POST"
    };
    // Most requests are as a joined device or the host's page sends them, so they reach the commands;
    // the rest knock on the door with anything.
    let plain = !rng.one_in(4);
    let right_host = || match lan {
        Some(_) => format!("{LAN_HOST}:{PORT}"),
        None => "127.0.0.1:8787".to_string(),
    };
    let host = match rng.below(if plain { 40 } else { 6 }) {
        0 => None,
        1 => Some(
            rng.pick(&["evil.example", "evil.example:8787", "192.168.1.20:9999", "127.0.0.1", "", "localhost:8787 "])
                .to_string(),
        ),
        2 => Some(edge_string(rng)),
        3 => Some(rng.pick(&["localhost:8787", "LOCALHOST:8787", "[::1]:8787"]).to_string()),
        _ => Some(right_host()),
    };
    let origin = match rng.below(if plain { 4 } else { 6 }) {
        0 => host.as_ref().map(|h| format!("http://{h}")),
        1 if !plain => Some("http://evil.example".to_string()),
        2 if !plain => Some("null".into()),
        _ => None,
    };
    let fetch_site = match plain {
        true => rng.one_in(4).then_some("same-origin"),
        false => rng.one_in(2).then(|| *rng.pick(&["same-origin", "cross-site", "same-site", "none"])),
    };
    let content_type = match rng.below(if plain { 40 } else { 6 }) {
        0 => None,
        1 => Some(*rng.pick(&[
            "text/plain",
            "application/x-www-form-urlencoded",
            "multipart/form-data",
            "APPLICATION/JSON",
            "application/json; charset=utf-8",
            "application/jsonx",
        ])),
        _ => Some("application/json"),
    };
    let code = match rng.below(if plain { 12 } else { 6 }) {
        0 => Code::None,
        1 => Code::Wrong(rng.pick(&["AAAAAA", "k7qx2m", "", "K7QX2M K7QX2M", "\u{0}"]).to_string()),
        2..=4 => Code::Side(rng.pick::<&str>(&["us", "moros", "garrison"])),
        _ => Code::Table,
    };
    let code_by = *rng.pick(&["bearer", "bearer", "cookie", "link"]);
    let own_seat = match &code {
        Code::Side(side) => format!("side:{side}"),
        _ => "table".to_string(),
    };
    let seat_header = match rng.below(if plain { 8 } else { 4 }) {
        0 => Some(
            rng.pick(&["table", "referee", "side:us", "side:moros", "side%3Amoros", "side:", "umpire", " referee "])
                .to_string(),
        ),
        1 if !plain => Some(edge_string(rng)),
        2 => Some(own_seat),
        _ => None,
    };
    let seat_cookie = rng.one_in(8).then(|| rng.pick(&["referee", "side:moros", "side%3Aus", "table"]).to_string());
    let body = match command {
        Some(command) => a_body(rng, command, lan.is_some()),
        None if rng.one_in(2) => String::new(),
        None => random_json(rng, 3).to_string(),
    };
    Send { lan, method, path, host, origin, fetch_site, content_type, code, code_by, seat_header, seat_cookie, body }
}

/// A path, and the command it names if it names one.
fn a_path(rng: &mut Rng) -> (String, Option<&'static str>) {
    match rng.weighted(&[16, 2, 1, 1, 1, 1, 2]) {
        0 => {
            let command = *rng.pick(COMMANDS);
            (format!("/api/{command}"), Some(command))
        }
        1 => (format!("/api/live/{}", rng.pick(&["1", "2", "4", "0", "-1", "99", "x"])), None),
        2 => (rng.pick(&["/host/join", "/host/new-code", "/host/seat-code"]).to_string(), None),
        3 => (
            format!(
                "/api/{}",
                rng.pick(&["", "nothing", "GAME_VIEW", "game_view/", "game%5Fview", "..%2Fhost%2Fjoin"])
            ),
            None,
        ),
        4 => (
            rng.pick(&[
                "/",
                "/index.html",
                "/assets/app.js",
                "/../etc/passwd",
                "/%2e%2e/secret",
                "/a/..\\..\\b",
                "/?join=K7QX2M&seat=referee",
            ])
            .to_string(),
            None,
        ),
        5 => (format!("/{}", garbage(rng, &['a', '/', '.', '%', '2', 'e', '?', '=', '&'], 30)), None),
        _ => {
            let command = *rng.pick(&[
                "game_view",
                "list_games",
                "export_game",
                "set_scenario_folder",
                "save_scenario",
                "scenario_text",
            ]);
            (format!("/api/{command}"), Some(command))
        }
    }
}

/// The command's arguments as a device sends them, built from their types; now and then with one left
/// out, one too many, or the whole body something else.
fn a_body(rng: &mut Rng, command: &'static str, lan: bool) -> String {
    let Some((_, arguments)) = ARGUMENTS.iter().find(|(name, _)| *name == command) else { return "{}".into() };
    let mut body = serde_json::Map::new();
    for (arg, ty) in arguments.iter() {
        if rng.one_in(20) {
            continue;
        }
        body.insert(camel(arg), a_value(rng, command, arg, &ty.replace(' ', ""), lan));
    }
    if rng.one_in(20) {
        body.insert(rng.pick(&["extra", "id", "Id", "seat"]).to_string(), json!(1));
    }
    // A forecast or balance plays as many games as five seconds allow unless told fewer: a case asks few.
    if ["game_forecast", "scenario_balance"].contains(&command) {
        body.insert("games".into(), json!(rng.between(1, 3)));
    }
    match rng.below(25) {
        0 => String::new(),
        1 => random_json(rng, 4).to_string(),
        2 => damage_bytes(rng, &Value::Object(body).to_string()),
        3 => "[".repeat(rng.between(1, 200_000).min(MOST_BODY_BYTES + 10)),
        _ => Value::Object(body).to_string(),
    }
}

fn camel(snake: &str) -> String {
    let mut out = String::new();
    let mut upper = false;
    for c in snake.chars() {
        match c {
            '_' => upper = true,
            c if upper => {
                out.extend(c.to_uppercase());
                upper = false;
            }
            c => out.push(c),
        }
    }
    out
}

fn shipped() -> &'static [(String, String)] {
    static SHIPPED: OnceLock<Vec<(String, String)>> = OnceLock::new();
    SHIPPED.get_or_init(|| shipped_scenarios().map(|s| (s.path.to_string(), s.source.to_string())).collect())
}

/// A value of the type a command's argument is declared with (`stringify!`'s spelling, spaces taken out).
fn a_value(rng: &mut Rng, command: &str, arg: &str, ty: &str, lan: bool) -> Value {
    if rng.one_in(30) {
        return random_json(rng, 2);
    }
    if let Some(inner) = ty.strip_prefix("Option<").and_then(|t| t.strip_suffix('>')) {
        return if rng.one_in(3) { Value::Null } else { a_value(rng, command, arg, inner, lan) };
    }
    if let Some(inner) = ty.strip_prefix("Vec<").and_then(|t| t.strip_suffix('>')) {
        let n = *rng.pick(&[0, 1, 2, 3, 30]);
        return Value::Array((0..n).map(|_| a_value(rng, command, arg, inner, lan)).collect());
    }
    match (ty, arg) {
        ("i64", _) => json!(*rng.pick(&[1i64, 2, 3, 4, 1, 2, 0, -1, 99_999, i64::MAX])),
        ("u32", _) => json!(*rng.pick(&[0u64, 1, 2, 5, 30, u64::from(u32::MAX), 1 << 32])),
        ("bool", _) => json!(rng.one_in(2)),
        ("f64", _) => json!(rng.float()),
        ("String", "path") => json!(a_folder(rng, lan)),
        ("String", "scenario") => json!(rng.pick(shipped()).0),
        ("String", "name") if command == "scenario_text" => {
            json!(rng.pick(&[
                "heliograph/jungle-patrol.toml",
                "yours/a",
                "yours/../../../etc/passwd",
                "../x",
                "legation-wall"
            ]))
        }
        ("String", "file" | "file_name") => json!(a_file_name(rng)),
        ("String", "text" | "source") if command != "annotate" => {
            let source = rng.pick(shipped()).1.clone();
            json!(if rng.one_in(4) { super::scenario::mutated(rng, &source) } else { source })
        }
        ("String", "format") => json!(*rng.pick(&["md", "html", "pdf", ""])),
        ("String", "what") => json!(*rng.pick(&["rolls", "losses", "x"])),
        ("String", "system") => json!(*rng.pick(&[
            "heliograph",
            "sand-pebbles",
            "when-empires-clash",
            "natives-are-restless",
            "estate-dei-boxers",
            "x"
        ])),
        ("String", "seed") => json!(*rng.pick(&["5", "4242424242", "-1", "x", "18446744073709551616"])),
        ("String", "rule") => json!(*rng.pick(&["survivors", "full", "half", "x"])),
        ("String", "paper") => json!(*rng.pick(&["a4", "letter", "x"])),
        ("String", "data" | "photo") => json!(*rng.pick(&["", "AAAA", "not base64", "/9j/4AAQSkZJRgABAQ=="])),
        ("String", _) => json!(if rng.one_in(3) { edge_string(rng) } else { "Tuesday's game".to_string() }),
        (t, _) if t.ends_with("ActionInput") || t.ends_with("Action") => a_action(rng),
        (t, _) if t.ends_with("rules::Seat") => rng
            .pick(&[
                json!({"seat": "table"}),
                json!({"seat": "referee"}),
                json!({"seat": "side", "side": "moros"}),
                json!({"seat": "side", "side": "us"}),
                json!("referee"),
            ])
            .clone(),
        (t, _) if t.ends_with("measure::Pt") => json!({"x": rng.float(), "y": rng.float()}),
        (t, _) if t.ends_with("measure::Table") => json!({"width": 72, "depth": 48}),
        (t, _) if t.ends_with("edit::Edit") => {
            json!({"op": *rng.pick(&["set", "remove", "append"]), "path": ["scenario", "title"], "value": "A title"})
        }
        (t, _) if t.ends_with("desk::Draft") => {
            json!({"name": "Fuzz army", "conflict": "", "dice": "2D6", "entrenchments": 0,
                   "lines": [{"name": "Line", "kind": "regular_infantry", "count": *rng.pick(&[1u64, 999, 1000, u64::from(u32::MAX)]), "weapon": null, "dismounted_as": null}]})
        }
        (t, _) if t.ends_with("desk::Target") => {
            rng.pick(&[json!("Agreed"), json!({"Thrown": 30}), json!({"Thrown": 4294967295u64})]).clone()
        }
        (t, _) if t.contains("BTreeMap") => {
            rng.pick(&[json!({}), json!({"umpire_ammunition": true}), json!({"nothing": true})]).clone()
        }
        (t, _) if t.ends_with("Carry") => json!({"roster_unit": 1, "unit": "first-squad"}),
        (t, _) if t.ends_with("UnitOverride") => json!({"unit": "first-squad", "figures": 3}),
        (t, _) if t.ends_with("PhotoPt") => json!({"x": rng.float(), "y": rng.float()}),
        _ => random_json(rng, 2),
    }
}

/// A folder for `set_scenario_folder`. The host's machine may choose any folder, so the host is given
/// only folders inside the table's temp folder (this machine's other folders are not the fuzzer's to
/// write in); a LAN device tries anywhere, which it must be refused.
fn a_folder(rng: &mut Rng, lan: bool) -> String {
    let inside = ["{root}/chosen", "{root}/chosen/../other", "{root}/table.db"];
    match rng.below(4) {
        0 => rng.pick(&["", "relative/folder", "   "]).to_string(),
        1 if lan => rng.pick(&["/", "/etc", "/tmp", "/root/.ssh", "C:\\Windows", "{root}/../elsewhere"]).to_string(),
        _ => rng.pick(&inside).to_string(),
    }
}

fn a_file_name(rng: &mut Rng) -> String {
    match rng.below(6) {
        0 => format!("{}x.toml", "../".repeat(rng.between(1, CLIMBS))),
        1 => "{root}/../../outside.toml".to_string(),
        2 => edge_string(rng),
        3 => rng
            .pick(&["yours/a.toml", "a/b.toml", ".toml", "..", ".", "con", "a\\..\\b.toml", "x.toml\u{0}.txt"])
            .to_string(),
        _ => format!("fuzz-{}.toml", rng.below(10)),
    }
}

fn a_action(rng: &mut Rng) -> Value {
    rng.pick(&[
        json!({"type": "note", "text": "south-band moves"}),
        json!({"type": "roll", "expr": "2D6"}),
        json!({"type": "initiative", "dice": [1, 6]}),
        json!({"type": "activate", "unit": "south-band"}),
        json!({"type": "activate", "unit": "hidden-1"}),
        json!({"type": "umpire", "dice": [3]}),
        json!({"type": "undo"}),
        json!({"type": "next_turn"}),
        json!({"type": "nothing"}),
        json!({}),
    ])
    .clone()
}

fn random_json(rng: &mut Rng, depth: usize) -> Value {
    match rng.below(if depth == 0 { 5 } else { 7 }) {
        0 => Value::Null,
        1 => json!(rng.one_in(2)),
        2 => serde_json::from_str(rng.pick::<&str>(EDGE_NUMBERS)).unwrap_or(json!(0)),
        3 => json!(edge_string(rng)),
        4 => json!(rng.below(10)),
        5 => Value::Array((0..rng.below(4)).map(|_| random_json(rng, depth - 1)).collect()),
        _ => {
            let keys = ["id", "game", "name", "text", "seat", "action", "path", "a"];
            Value::Object(
                (0..rng.below(4)).map(|_| (rng.pick(&keys).to_string(), random_json(rng, depth - 1))).collect(),
            )
        }
    }
}

/// The child's table: the server's routes over a fresh database, with four games the host started.
struct Table {
    local: Local,
    desk: Arc<JoinDesk>,
    access: Arc<TableAccess>,
    /// The games' seeds, each of 19 digits no other figure is.
    seeds: Vec<String>,
    /// Every scenario folder the host's machine has chosen at this table: the host may choose any folder,
    /// and a damaged `{root}/chosen` can climb out of the table's own, so what is written there is the
    /// host's doing, not a leak.
    chosen: RefCell<Vec<PathBuf>>,
}

thread_local! {
    static TABLE: RefCell<Slot<Table>> = RefCell::new(Slot::default());
}

const RENEW_AFTER: u64 = 500;

/// The shared screen's code the table starts with.
const CODE: &str = "K7QX2M";

fn make() -> Table {
    let local = Local::open(ROOT);
    let access = Arc::new(TableAccess::new(
        SocketAddr::from(([0, 0, 0, 0], PORT)),
        &[LAN_HOST.parse().expect("an address")],
        CODE.into(),
    ));
    let desk =
        JoinDesk::new(local.api.clone(), access.clone(), vec![LAN_HOST.parse().expect("an address")], PORT, true);
    let games = [
        ("heliograph/jungle-patrol.toml", None),
        ("natives-are-restless/chakdara-fort.toml", Some(json!({"umpire_ammunition": true}))),
        ("estate-dei-boxers/the-55-days.toml", None),
        ("sand-pebbles/legation-wall.toml", None),
    ];
    let mut seeds = Vec::new();
    local.run(async {
        for (n, (scenario, options)) in games.into_iter().enumerate() {
            let seed = format!("{}", 7_351_962_048_113_520_001u64 + n as u64 * 1_000_003);
            let options = options.map(|o| serde_json::from_value(o).expect("options"));
            local
                .api
                .new_game(scenario.into(), Some(seed.clone()), None, options)
                .await
                .unwrap_or_else(|e| panic!("{scenario}: {e}"));
            seeds.push(seed);
        }
        for side in ["us", "moros", "garrison"] {
            access.issue_seat_code(&Seat::Side(side.into()));
        }
    });
    Table { local, desk, access, seeds, chosen: RefCell::default() }
}

pub fn warm_up() {
    let _ = shipped();
    local::ready(&TABLE, RENEW_AFTER, make);
}

pub fn prepare(input: Input) -> Input {
    local::ready(&TABLE, RENEW_AFTER, make);
    input
}

pub fn exercise(input: &Input) {
    local::with(&TABLE, |table| {
        for send in &input.sends {
            table.local.run(one(table, send));
        }
    });
}

/// The app's pages, as the desktop app's embedded copy is looked up: a path that climbs out of them is
/// never asked for.
fn pages() -> UiSource {
    UiSource::Lookup(Arc::new(|path: &str| {
        let climbs = path.split('/').any(|segment| segment == "..") || path.contains(['\\', '%']);
        assert!(!climbs, "the pages were asked for {path:?}");
        (path == "index.html")
            .then(|| UiFile { bytes: b"<!doctype html><title>Sandtable</title>".to_vec(), mime: "text/html".into() })
    }))
}

async fn one(table: &Table, send: &Send) {
    let root = table.local.root.display().to_string();
    let fill = |text: &str| text.replace("{root}", &root);
    let code = match &send.code {
        Code::None => None,
        Code::Table => Some(table.access.code()),
        Code::Side(side) => table.access.seat_code(&Seat::Side(side.to_string())),
        Code::Wrong(code) => Some(code.clone()),
    };
    let mut path = send.path.clone();
    if let (Some(code), "link") = (&code, send.code_by) {
        path.push(if path.contains('?') { '&' } else { '?' });
        path.push_str(&format!("join={}", encoded(code)));
    }
    let mut request = Request::builder().method(send.method).uri(path.as_str());
    let mut cookies = Vec::new();
    if let Some(host) = &send.host {
        request = request.header(header::HOST, host.as_str());
    }
    for (name, value) in [
        (header::ORIGIN.as_str(), send.origin.as_deref()),
        ("sec-fetch-site", send.fetch_site),
        (header::CONTENT_TYPE.as_str(), send.content_type),
    ] {
        if let Some(value) = value {
            request = request.header(name, value);
        }
    }
    match (&code, send.code_by) {
        (Some(code), "bearer") => request = request.header(header::AUTHORIZATION, format!("Bearer {code}")),
        (Some(code), "cookie") => cookies.push(format!("sandtable_join={code}")),
        _ => {}
    }
    if let Some(seat) = &send.seat_header {
        request = request.header("x-sandtable-seat", seat.as_str());
    }
    if let Some(seat) = &send.seat_cookie {
        cookies.push(format!("sandtable_seat={seat}"));
    }
    if !cookies.is_empty() {
        request = request.header(header::COOKIE, cookies.join("; "));
    }
    // A header a client cannot send (a control character) is no request: nothing to fuzz.
    let Ok(request) = request.body(Body::from(fill(&send.body))) else { return };
    let peer: [u8; 4] = send.lan.map_or([127, 0, 0, 1], |n| [192, 168, 1, n]);
    let before = Before::of(table).await;
    let app = host_router(table.desk.clone(), Some(pages())).layer(MockConnectInfo(SocketAddr::from((peer, 50_000))));
    let response = app.oneshot(request).await.unwrap_or_else(|e| match e {});
    let status = response.status();
    let streaming = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("text/event-stream"));
    let body = if streaming {
        // A live stream never ends: what it says at once is read, then it is dropped.
        let mut stream = response.into_body().into_data_stream();
        let mut heard = Vec::new();
        while let Ok(Some(Ok(chunk))) = tokio::time::timeout(Duration::from_millis(30), stream.next()).await {
            heard.extend_from_slice(&chunk);
        }
        heard
    } else {
        axum::body::to_bytes(response.into_body(), usize::MAX).await.map(|b| b.to_vec()).unwrap_or_default()
    };
    let body = String::from_utf8_lossy(&body);
    let said = format!("{} {} answered {status}: {}", send.method, send.path, crate::mutate::clipped(&body, 2000));
    assert_ne!(status, StatusCode::INTERNAL_SERVER_ERROR, "a 500: {said}");
    if send.lan.is_some() {
        let after = Before::of(table).await;
        assert_eq!(after.folder, before.folder, "a LAN device changed the scenario folder: {said}");
        assert_eq!(after.codes, before.codes, "a LAN device changed the join codes: {said}");
        let sent = fill(&send.body);
        for seed in table.seeds.iter().filter(|s| !sent.contains(s.as_str()) && !send.path.contains(s.as_str())) {
            assert!(!body.contains(seed.as_str()), "a LAN device was sent a game's seed: {said}");
        }
        if send.path.starts_with("/host/") {
            assert_ne!(status, StatusCode::OK, "a LAN device used the host's own route: {said}");
        }
    }
    if send.lan.is_none()
        && let Some(folder) = Before::of(table).await.folder
    {
        let folder = lexical(Path::new(&folder));
        if !table.chosen.borrow().contains(&folder) {
            table.chosen.borrow_mut().push(folder);
        }
    }
    nothing_outside(table.local.dir(), &table.local.root, &table.chosen.borrow(), &said);
}

fn encoded(text: &str) -> String {
    text.bytes()
        .map(|b| if b.is_ascii_alphanumeric() { (b as char).to_string() } else { format!("%{b:02X}") })
        .collect()
}

/// The host's settings a LAN device must not change.
struct Before {
    folder: Option<String>,
    codes: (String, std::collections::BTreeMap<String, String>),
}

impl Before {
    async fn of(table: &Table) -> Before {
        let folder = table
            .local
            .api
            .store()
            .setting("scenario_folder")
            .await
            .unwrap_or_else(|e| panic!("the settings do not read: {e}"));
        Before { folder, codes: (table.access.code(), table.access.seat_codes()) }
    }
}

/// A path with its `..` taken back a folder and its `.` left out, as the file system will walk it (the
/// folders here are made by the table, so no link turns the walk elsewhere).
fn lexical(path: &Path) -> PathBuf {
    let mut walked = PathBuf::new();
    for part in path.components() {
        match part {
            Component::ParentDir => {
                walked.pop();
            }
            Component::CurDir => {}
            other => walked.push(other),
        }
    }
    walked
}

/// Nothing is written in the temp folder but inside the table's own or a folder the host chose: each folder
/// between holds only the next one down.
fn nothing_outside(dir: &Path, root: &Path, chosen: &[PathBuf], said: &str) {
    let mut here = dir.to_path_buf();
    for step in root.strip_prefix(dir).expect("the root is in its temp folder").components() {
        let names: Vec<String> = std::fs::read_dir(&here)
            .map(|entries| {
                entries.filter_map(|e| e.ok()).map(|e| e.file_name().to_string_lossy().into_owned()).collect()
            })
            .unwrap_or_default();
        let next = step.as_os_str().to_string_lossy().into_owned();
        let hosts = |name: &String| chosen.iter().any(|folder| folder.starts_with(here.join(name)));
        let stray: Vec<&String> = names.iter().filter(|n| **n != next && !hosts(n)).collect();
        assert!(stray.is_empty(), "{stray:?} written in {} outside the host's folder, by {said}", here.display());
        here.push(next);
    }
}
