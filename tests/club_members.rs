//! A club's server (`serve --club`) as its members meet it: signing in (a wrong password, a lockout
//! shared by every server on the database, a revoked session), the seats the administrator gives, and a
//! member seated at one side of a Heliograph ambush never sent the other side's hidden band by any
//! command or the live stream, nor let to act for it. Requests go through the real router and door, from
//! a tablet's address.

mod common;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::extract::connect_info::MockConnectInfo;
use axum::http::{HeaderMap, Request, StatusCode, header};
use futures_util::StreamExt;
use sandtable::api::Api;
use sandtable::serve::club::{Club, hash_password};
use sandtable::serve::{JoinDesk, TableAccess, club_router};
use serde_json::{Value, json};
use tower::ServiceExt;

const HOST: &str = "club.example:8787";
const TABLET: [u8; 4] = [192, 168, 1, 30];
const ADMIN_PASSWORD: &str = "the admin's long password";
const PASSWORD: &str = "a member's long password";
/// What only the Moros' side (and the referee) may know of the ambush: the band under the chit.
const MOROS_SECRETS: [&str; 5] = ["Juramentado", "Moro riflemen", "Moro warriors", "moro_warriors", "\"south-band\""];

struct Server {
    api: Arc<Api>,
    desk: Arc<JoinDesk>,
    club: Arc<Club>,
}

struct Clubhouse {
    servers: Vec<Server>,
    _dir: tempfile::TempDir,
}

/// A club with its administrator and three members, served by `servers` servers on one database: a
/// SQLite file, or on the PostgreSQL pass a database of the test server's.
async fn clubhouse(servers: usize) -> Clubhouse {
    let dir = tempfile::tempdir().unwrap();
    let address = match common::postgres::new_database("members").await {
        Some(address) => address,
        None => dir.path().join("club.db").to_str().unwrap().to_string(),
    };
    let mut all = Vec::new();
    for _ in 0..servers {
        let api = Arc::new(Api::open_address(&address).await.unwrap());
        let local: SocketAddr = ([0, 0, 0, 0], 8787).into();
        let access =
            Arc::new(TableAccess::new(local, &[], "K7QX2M".into()).with_public_names(&["club.example".into()]));
        let desk = JoinDesk::new(api.clone(), access.clone(), Vec::new(), 8787, true);
        let club = Club::new(api.clone(), access);
        all.push(Server { api, desk, club });
    }
    let store = all[0].api.store();
    store.add_member("Ada", &hash_password(ADMIN_PASSWORD.into()).await, true).await.unwrap();
    for name in ["Ann", "Bob", "Cid"] {
        store.add_member(name, &hash_password(PASSWORD.into()).await, false).await.unwrap();
    }
    Clubhouse { servers: all, _dir: dir }
}

struct Answer {
    status: StatusCode,
    headers: HeaderMap,
    body: String,
}

impl Answer {
    fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("{e}: {}", self.body))
    }
}

impl Clubhouse {
    fn app(&self, server: usize) -> axum::Router {
        let s = &self.servers[server];
        club_router(s.club.clone(), s.desk.clone(), None).layer(MockConnectInfo(SocketAddr::from((TABLET, 50_000))))
    }

    async fn send_to(&self, server: usize, request: Request<Body>) -> Answer {
        let response = self.app(server).oneshot(request).await.unwrap();
        let status = response.status();
        let headers = response.headers().clone();
        let body = axum::body::to_bytes(response.into_body(), usize::MAX).await.unwrap();
        Answer { status, headers, body: String::from_utf8_lossy(&body).into_owned() }
    }

    async fn post(&self, cookie: Option<&str>, path: &str, body: Value) -> Answer {
        self.post_to(0, cookie, path, body).await
    }

    async fn post_to(&self, server: usize, cookie: Option<&str>, path: &str, body: Value) -> Answer {
        let mut request =
            Request::post(path).header(header::HOST, HOST).header(header::CONTENT_TYPE, "application/json");
        if let Some(cookie) = cookie {
            request = request.header(header::COOKIE, cookie);
        }
        self.send_to(server, request.body(Body::from(body.to_string())).unwrap()).await
    }

    async fn get(&self, cookie: Option<&str>, path: &str, accept: &str) -> Answer {
        let mut request = Request::get(path).header(header::HOST, HOST).header(header::ACCEPT, accept);
        if let Some(cookie) = cookie {
            request = request.header(header::COOKIE, cookie);
        }
        self.send_to(0, request.body(Body::empty()).unwrap()).await
    }

    /// Signs in on `server`, answering the cookie the browser would send back.
    async fn sign_in_to(&self, server: usize, name: &str, password: &str) -> String {
        let answer = self.post_to(server, None, "/club/sign-in", json!({"name": name, "password": password})).await;
        assert_eq!(answer.status, StatusCode::OK, "{name}: {}", answer.body);
        let set = answer.headers.get(header::SET_COOKIE).unwrap().to_str().unwrap();
        set.split(';').next().unwrap().to_string()
    }

    async fn sign_in(&self, name: &str, password: &str) -> String {
        self.sign_in_to(0, name, password).await
    }

    async fn command(&self, cookie: &str, name: &str, args: Value) -> Answer {
        self.post(Some(cookie), &format!("/api/{name}"), args).await
    }

    async fn ok(&self, cookie: &str, name: &str, args: Value) -> Value {
        let answer = self.command(cookie, name, args).await;
        assert_eq!(answer.status, StatusCode::OK, "{name}: {}", answer.body);
        answer.json()
    }

    /// A Heliograph ambush, Ann seated with the US patrol, Bob with the Moros, Ada (the administrator) its
    /// referee, Cid with no seat; the Moros' hidden band has activated, so its name is in the log.
    async fn ambush(&self, admin: &str) -> i64 {
        let game = self.ok(admin, "new_game", json!({"scenario": "heliograph/jungle-patrol.toml", "seed": "3"})).await;
        let id = game["id"].as_i64().unwrap();
        for (member, seat) in [
            ("Ann", json!({"seat": "side", "side": "us"})),
            ("Bob", json!({"seat": "side", "side": "moros"})),
            ("Ada", json!({"seat": "referee"})),
        ] {
            let given =
                self.post(Some(admin), "/club/seats", json!({"game": id, "member": member, "seat": seat})).await;
            assert_eq!(given.status, StatusCode::NO_CONTENT, "{}", given.body);
        }
        let bob = self.sign_in("Bob", PASSWORD).await;
        // Real dice typed in are the referee's to enter on a club's server.
        self.ok(admin, "game_act", json!({"id": id, "action": {"type": "initiative", "dice": [1, 6]}})).await;
        self.ok(&bob, "game_act", json!({"id": id, "action": {"type": "activate", "unit": "south-band"}})).await;
        id
    }

    /// What the stream at `path` sends until `wanted` entries came, or it ended.
    async fn hear(&self, cookie: &str, path: &str, wanted: usize) -> (String, bool) {
        let request = Request::get(path)
            .header(header::HOST, HOST)
            .header(header::ACCEPT, "text/event-stream")
            .header(header::COOKIE, cookie)
            .body(Body::empty())
            .unwrap();
        let response = self.app(0).oneshot(request).await.unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        let mut body = response.into_body().into_data_stream();
        let mut heard = String::new();
        while heard.matches("event: entry").count() < wanted {
            match tokio::time::timeout(Duration::from_secs(10), body.next()).await.expect("an entry in time") {
                Some(chunk) => heard.push_str(&String::from_utf8_lossy(&chunk.unwrap())),
                None => return (heard, true),
            }
        }
        (heard, false)
    }
}

#[tokio::test]
async fn a_member_signs_in_with_the_right_password_only_and_is_kept_by_an_http_only_strict_cookie() {
    let club = clubhouse(1).await;
    let page = club.get(None, "/", "text/html").await;
    assert_eq!(page.status, StatusCode::UNAUTHORIZED);
    assert!(page.body.contains("data-testid=\"club-sign-in\""), "a browser is shown the sign-in page: {}", page.body);
    let refused = club.post(None, "/api/list_games", json!({"campaign": null})).await;
    assert_eq!(refused.status, StatusCode::UNAUTHORIZED);
    assert!(refused.body.contains("sign in first"), "{}", refused.body);

    let wrong = club.post(None, "/club/sign-in", json!({"name": "Ann", "password": "not her password"})).await;
    let nobody = club.post(None, "/club/sign-in", json!({"name": "Zed", "password": "not her password"})).await;
    assert_eq!(wrong.status, StatusCode::UNAUTHORIZED);
    assert_eq!(wrong.body, nobody.body, "a wrong password and an unknown name are told alike");
    assert!(wrong.headers.get(header::SET_COOKIE).is_none());

    let answer = club.post(None, "/club/sign-in", json!({"name": "ann", "password": PASSWORD})).await;
    assert_eq!(answer.status, StatusCode::OK, "names forgive case: {}", answer.body);
    assert_eq!(answer.json(), json!({"name": "Ann", "admin": false}));
    let set = answer.headers.get(header::SET_COOKIE).unwrap().to_str().unwrap();
    for part in ["sandtable_session=", "HttpOnly", "SameSite=Strict", "Path=/"] {
        assert!(set.contains(part), "{set}");
    }
    let cookie = set.split(';').next().unwrap();
    assert_eq!(club.get(Some(cookie), "/club/me", "application/json").await.json()["name"], "Ann");
    club.ok(cookie, "list_games", json!({"campaign": null})).await;
    let forged =
        club.get(Some("sandtable_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"), "/club/me", "*/*").await;
    assert_eq!(forged.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn wrong_passwords_in_a_row_lock_a_member_out_on_every_server_until_the_administrator_resets_it() {
    let club = clubhouse(2).await;
    for n in 1..=5 {
        let server = n % 2;
        let guess = json!({"name": "Ann", "password": format!("guess number {n}")});
        let answer = club.post_to(server, None, "/club/sign-in", guess).await;
        assert_eq!(answer.status, StatusCode::UNAUTHORIZED, "try {n}: {}", answer.body);
    }
    // Locked out now, on both servers: her right password is answered as a wrong one is, word for word,
    // so the answer tells a guesser nothing of who is a member.
    let nobody = club.post(None, "/club/sign-in", json!({"name": "Zed", "password": PASSWORD})).await;
    for server in [0, 1] {
        let right = club.post_to(server, None, "/club/sign-in", json!({"name": "Ann", "password": PASSWORD})).await;
        assert_eq!(right.status, StatusCode::UNAUTHORIZED, "locked out on server {server} too: {}", right.body);
        assert_eq!(right.body, nobody.body);
        assert!(right.body.contains("locked out for 15 minutes after 5 wrong passwords"), "{}", right.body);
    }
    let admin = club.sign_in("Ada", ADMIN_PASSWORD).await;
    let members = club.get(Some(&admin), "/club/members", "application/json").await.json();
    let ann = members.as_array().unwrap().iter().find(|m| m["name"] == "Ann").unwrap().clone();
    assert_eq!(ann["locked_minutes"], 15, "{members}");
    let reset = club
        .post(Some(&admin), "/club/members/password", json!({"name": "Ann", "password": "a brand new password"}))
        .await;
    assert_eq!(reset.status, StatusCode::NO_CONTENT, "{}", reset.body);
    club.sign_in_to(1, "Ann", "a brand new password").await;
    let old = club.post(None, "/club/sign-in", json!({"name": "Ann", "password": PASSWORD})).await;
    assert_eq!(old.status, StatusCode::UNAUTHORIZED);

    // A member who is not the administrator sees who is in the club, not who is locked out.
    let bob = club.sign_in("Bob", PASSWORD).await;
    let seen = club.get(Some(&bob), "/club/members", "application/json").await.json();
    assert!(
        seen.as_array().unwrap().iter().all(|m| m["locked_minutes"].is_null() && m["sessions"].is_null()),
        "{seen}"
    );
    let short = club.post(Some(&admin), "/club/members", json!({"name": "Dee", "password": "short"})).await;
    assert_eq!(short.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(short.body.contains("at least 10"), "{}", short.body);
}

#[tokio::test]
async fn a_revoked_session_is_refused_at_once_and_its_live_stream_ends() {
    let club = clubhouse(2).await;
    let admin = club.sign_in("Ada", ADMIN_PASSWORD).await;
    let id = club.ambush(&admin).await;
    let phone = club.sign_in("Ann", PASSWORD).await;
    let tablet = club.sign_in_to(1, "Ann", PASSWORD).await;
    club.ok(&tablet, "game_view", json!({"id": id})).await;

    // Signing out ends that browser's session alone.
    let out = club.post(Some(&phone), "/club/sign-out", json!({})).await;
    assert_eq!(out.status, StatusCode::NO_CONTENT);
    assert!(out.headers.get(header::SET_COOKIE).unwrap().to_str().unwrap().contains("Max-Age=0"));
    assert_eq!(club.command(&phone, "game_view", json!({"id": id})).await.status, StatusCode::UNAUTHORIZED);
    club.ok(&tablet, "game_view", json!({"id": id})).await;

    // The administrator signs Ann out everywhere: her stream, opened before, ends.
    let listening = {
        let cookie = tablet.clone();
        let club = &club;
        async move { club.hear(&cookie, &format!("/api/live/{id}?after=1"), 1).await }
    };
    let revoke = async {
        tokio::time::sleep(Duration::from_millis(300)).await;
        let ended = club.post_to(1, Some(&admin), "/club/members/sign-out", json!({"name": "Ann"})).await;
        assert_eq!(ended.status, StatusCode::OK, "{}", ended.body);
        assert_eq!(ended.json()["ended"], 1);
    };
    let ((heard, closed), ()) = tokio::join!(listening, revoke);
    assert!(closed, "the stream ended with the session: {heard}");
    for server in [0, 1] {
        let refused = club.post_to(server, Some(&tablet), "/api/game_view", json!({"id": id})).await;
        assert_eq!(refused.status, StatusCode::UNAUTHORIZED, "server {server}");
    }
}

/// Every command of the app, with arguments that name the ambush where they name a game.
fn every_command(game: i64) -> Vec<(&'static str, Value)> {
    macro_rules! calls {
        ($($(#[$doc:meta])* $name:ident($($arg:ident: $ty:ty),* $(,)?) -> $ret:ty;)*) => {
            vec![$((stringify!($name), args_for(&[$(stringify!($arg)),*], game))),*]
        };
    }
    sandtable::for_each_command!(calls)
}

fn args_for(names: &[&str], game: i64) -> Value {
    let mut args = serde_json::Map::new();
    for name in names {
        let value = match *name {
            "id" | "game" => json!(game),
            "at" => json!(1),
            "format" => json!("md"),
            "what" => json!("rolls"),
            "from" => json!("first-squad"),
            "to" => json!("hidden-1"),
            "center" => json!({"x": 38, "y": 32}),
            "radius" => json!(40),
            "text" => json!("a note"),
            "seat" => json!({"seat": "referee"}),
            "scenario" | "name" => json!("heliograph/jungle-patrol.toml"),
            "action" => json!({"type": "activate", "unit": "hidden-1"}),
            "games" => json!(20),
            _ => Value::Null,
        };
        args.insert(heads_camel(name), value);
    }
    Value::Object(args)
}

fn heads_camel(name: &str) -> String {
    let mut out = String::new();
    let mut up = false;
    for c in name.chars() {
        if c == '_' {
            up = true;
        } else if up {
            out.extend(c.to_uppercase());
            up = false;
        } else {
            out.push(c);
        }
    }
    out
}

#[tokio::test]
async fn a_member_seated_at_one_side_is_never_sent_the_others_hidden_band_nor_plays_it() {
    let club = clubhouse(1).await;
    let admin = club.sign_in("Ada", ADMIN_PASSWORD).await;
    let id = club.ambush(&admin).await;
    let ann = club.sign_in("Ann", PASSWORD).await;
    let cid = club.sign_in("Cid", PASSWORD).await;
    let bob = club.sign_in("Bob", PASSWORD).await;

    // Bob, the Moros' player, knows his band; Ann and Cid see a chit.
    let own = club.ok(&bob, "game_view", json!({"id": id})).await;
    assert!(own.to_string().contains("Juramentado band activates"), "{own}");
    for (who, cookie) in [("Ann", &ann), ("Cid", &cid)] {
        for (command, args) in every_command(id) {
            let answer = club.command(cookie, command, args.clone()).await;
            for secret in MOROS_SECRETS {
                assert!(
                    !answer.body.contains(secret),
                    "{who}'s {command}({args}) was sent {secret:?}: {}",
                    answer.body
                );
            }
        }
        // A seat asked for in a header, a cookie or a link counts for nothing on a club's server.
        let request = Request::post("/api/game_view?seat=referee")
            .header(header::HOST, HOST)
            .header(header::CONTENT_TYPE, "application/json")
            .header(header::COOKIE, format!("{cookie}; sandtable_seat=referee"))
            .header("x-sandtable-seat", "referee")
            .body(Body::from(json!({"id": id}).to_string()))
            .unwrap();
        let answer = club.send_to(0, request).await;
        assert_eq!(answer.status, StatusCode::OK);
        assert!(!answer.body.contains("Juramentado"), "{who} asked to sit as the referee: {}", answer.body);
        let (heard, _) = club.hear(cookie, &format!("/api/live/{id}"), 2).await;
        assert!(heard.contains("activates") && !heard.contains("Juramentado"), "{who} heard: {heard}");
    }

    // Ann plays the US patrol alone; Cid, with no seat, plays nothing. Dice typed in from a real throw,
    // and taking back an entry, are the referee's: a player could choose their luck or undo Bob's move.
    let typed =
        club.command(&ann, "game_act", json!({"id": id, "action": {"type": "initiative", "dice": [6, 1]}})).await;
    assert_eq!(typed.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", typed.body);
    assert!(typed.body.contains("typing in real ones is the game's referee's"), "{}", typed.body);
    let undone = club.command(&ann, "game_act", json!({"id": id, "action": {"type": "undo"}})).await;
    assert!(
        undone.body.contains("the game's referee does the undos"),
        "Ann may not take back Bob's move: {}",
        undone.body
    );
    club.ok(&admin, "game_act", json!({"id": id, "action": {"type": "initiative", "dice": [6, 1]}})).await;
    let hers =
        club.command(&ann, "game_act", json!({"id": id, "action": {"type": "activate", "unit": "first-squad"}})).await;
    assert_eq!(hers.status, StatusCode::OK, "{}", hers.body);
    // The US patrol is in plain view, so Bob could name its units; he may not play them.
    let refused =
        club.command(&bob, "game_act", json!({"id": id, "action": {"type": "activate", "unit": "second-squad"}})).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", refused.body);
    assert!(refused.body.contains("side us's to play: you sit at side moros"), "{}", refused.body);
    let watcher = club.command(&cid, "game_act", json!({"id": id, "action": {"type": "end_phase"}})).await;
    assert_eq!(watcher.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", watcher.body);
    assert!(watcher.body.contains("no seat in this game"), "{}", watcher.body);

    // Members may not do the administrator's work.
    for (path, body) in [
        ("/club/seats", json!({"game": id, "member": "Cid", "seat": {"seat": "referee"}})),
        ("/club/members", json!({"name": "Eve", "password": "a long enough one"})),
        (
            "/api/new_game",
            json!({"scenario": "heliograph/jungle-patrol.toml", "seed": null, "campaign": null, "options": null}),
        ),
        ("/api/rename_game", json!({"id": id, "name": "mine now"})),
    ] {
        let refused = club.post(Some(&ann), path, body).await;
        assert_eq!(refused.status, StatusCode::FORBIDDEN, "{path}: {}", refused.body);
    }
    let no_side = club
        .post(
            Some(&admin),
            "/club/seats",
            json!({"game": id, "member": "Cid", "seat": {"seat": "side", "side": "zulus"}}),
        )
        .await;
    assert_eq!(no_side.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(no_side.body.contains("its sides are"), "{}", no_side.body);

    // Seated as the referee, Cid sees the band whole.
    let given =
        club.post(Some(&admin), "/club/seats", json!({"game": id, "member": "Cid", "seat": {"seat": "referee"}})).await;
    assert_eq!(given.status, StatusCode::NO_CONTENT);
    let whole = club.ok(&cid, "game_view", json!({"id": id})).await;
    assert!(whole.to_string().contains("Juramentado band"), "{whole}");
}

#[tokio::test]
async fn requests_from_another_sites_pages_are_refused() {
    let club = clubhouse(1).await;
    let ann = club.sign_in("Ann", PASSWORD).await;
    let from = |origin: Option<&str>, site: Option<&str>, kind: &str| {
        let mut request = Request::post("/api/list_games")
            .header(header::HOST, HOST)
            .header(header::CONTENT_TYPE, kind)
            .header(header::COOKIE, ann.clone());
        if let Some(origin) = origin {
            request = request.header(header::ORIGIN, origin);
        }
        if let Some(site) = site {
            request = request.header("sec-fetch-site", site);
        }
        request.body(Body::from(json!({"campaign": null}).to_string())).unwrap()
    };
    let evil = club.send_to(0, from(Some("https://evil.example"), None, "application/json")).await;
    assert_eq!(evil.status, StatusCode::FORBIDDEN, "{}", evil.body);
    let cross = club.send_to(0, from(None, Some("cross-site"), "application/json")).await;
    assert_eq!(cross.status, StatusCode::FORBIDDEN);
    let form = club.send_to(0, from(None, None, "application/x-www-form-urlencoded")).await;
    assert_eq!(form.status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    let own = club.send_to(0, from(Some(&format!("http://{HOST}")), Some("same-origin"), "application/json")).await;
    assert_eq!(own.status, StatusCode::OK, "{}", own.body);
    let signing = Request::post("/club/sign-in")
        .header(header::HOST, HOST)
        .header(header::CONTENT_TYPE, "application/json")
        .header(header::ORIGIN, "https://evil.example")
        .body(Body::from(json!({"name": "Ann", "password": PASSWORD}).to_string()))
        .unwrap();
    assert_eq!(club.send_to(0, signing).await.status, StatusCode::FORBIDDEN, "no signing in from another site");
    // A page of another site that pointed its own name at the server (DNS rebinding) is not answered, not
    // even its sign-in.
    let rebound = Request::post("/club/sign-in")
        .header(header::HOST, "evil.example")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(json!({"name": "Ann", "password": PASSWORD}).to_string()))
        .unwrap();
    assert_eq!(club.send_to(0, rebound).await.status, StatusCode::MISDIRECTED_REQUEST);
}

#[tokio::test]
async fn the_clubs_page_shows_battles_players_standings_and_luck_as_the_members_seats_allow() {
    let club = clubhouse(1).await;
    let admin = club.sign_in("Ada", ADMIN_PASSWORD).await;
    let ambush = club.ambush(&admin).await;
    let zulu = club.ok(&admin, "new_game", json!({"scenario": "when-empires-clash/zulu-war.toml", "seed": "9"})).await;
    let zulu = zulu["id"].as_i64().unwrap();
    for (member, side) in [("Ann", "british"), ("Bob", "zulus")] {
        let seat = json!({"game": zulu, "member": member, "seat": {"seat": "side", "side": side}});
        assert_eq!(club.post(Some(&admin), "/club/seats", seat).await.status, StatusCode::NO_CONTENT);
    }
    let bob = club.sign_in("Bob", PASSWORD).await;
    let ann = club.sign_in("Ann", PASSWORD).await;
    // Ann may not concede for the Zulus; Bob may.
    let refused =
        club.command(&ann, "game_act", json!({"id": zulu, "action": {"type": "concede", "side": "zulus"}})).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", refused.body);
    club.ok(&bob, "game_act", json!({"id": zulu, "action": {"type": "concede", "side": "zulus"}})).await;

    let page = club.get(Some(&ann), "/club/page", "application/json").await.json();
    assert_eq!(page["member"], "Ann");
    let battle = |id: i64| page["battles"].as_array().unwrap().iter().find(|b| b["game"] == id).unwrap().clone();
    let won = battle(zulu);
    // Conceded before a shot, the battle is over and drawn: each side keeps all its points.
    assert_eq!(
        (won["over"].clone(), won["winner"].clone(), won["your_seat"].clone()),
        (json!(true), json!(null), json!("British")),
        "{won}"
    );
    assert!(won["result"].as_str().unwrap().starts_with("A draw"), "{won}");
    assert_eq!(won["seats"], json!([{"member": "Ann", "seat": "British"}, {"member": "Bob", "seat": "Zulus"}]));
    assert_eq!((battle(ambush)["over"].clone(), battle(ambush)["result"].clone()), (json!(false), json!("in play")));
    let standings = &page["standings"][0];
    assert_eq!(standings["system_name"], "When Empires Clash!");
    assert_eq!(
        standings["rows"][0],
        json!({"member": "Ann", "played": 1, "won": 0, "lost": 0, "drawn": 1}),
        "{standings}"
    );
    assert_eq!(standings["rows"][1], json!({"member": "Bob", "played": 1, "won": 0, "lost": 0, "drawn": 1}));
    let luck: Vec<&str> = page["luck"].as_array().unwrap().iter().map(|l| l["member"].as_str().unwrap()).collect();
    assert_eq!(luck, ["Ann", "Bob"], "{page}");

    // The page as HTML, for Ann and for Cid who has no seat: never the Moros' band.
    let cid = club.sign_in("Cid", PASSWORD).await;
    for cookie in [&ann, &cid] {
        let html = club.get(Some(cookie), "/club", "text/html").await;
        assert_eq!(html.status, StatusCode::OK);
        assert!(html.body.contains("Standings") && html.body.contains(&format!("/#/game/{zulu}")), "{}", html.body);
        assert!(!html.body.contains("administrator's desk"), "the desk is the administrator's");
        for secret in MOROS_SECRETS {
            assert!(!html.body.contains(secret), "{secret:?} on the club's page: {}", html.body);
        }
    }
    let desk = club.get(Some(&admin), "/club", "text/html").await;
    assert!(desk.body.contains("administrator's desk") && desk.body.contains("data-testid=\"club-give-seat\""));
    assert_eq!(club.get(None, "/club", "text/html").await.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn over_https_the_session_cookie_is_secure() {
    let mut club = clubhouse(1).await;
    let server = &mut club.servers[0];
    let local: SocketAddr = ([0, 0, 0, 0], 8787).into();
    let access = TableAccess::new(local, &[], "K7QX2M".into()).with_public_names(&["club.example".into()]);
    server.club = Club::new(server.api.clone(), Arc::new(access.with_tls(true)));
    let answer = club.post(None, "/club/sign-in", json!({"name": "Ann", "password": PASSWORD})).await;
    let set = answer.headers.get(header::SET_COOKIE).unwrap().to_str().unwrap();
    assert!(set.contains("; Secure") && set.contains("HttpOnly"), "{set}");
}

#[tokio::test]
async fn behind_a_proxy_that_speaks_https_the_session_cookie_is_secure() {
    let club = clubhouse(1).await;
    let app = club_router(club.servers[0].club.clone(), club.servers[0].desk.clone(), None)
        .layer(MockConnectInfo(SocketAddr::from(([127, 0, 0, 1], 50_000))));
    let request = Request::post("/club/sign-in")
        .header(header::HOST, "club.example")
        .header(header::CONTENT_TYPE, "application/json")
        .header("x-forwarded-for", "203.0.113.9")
        .header("x-forwarded-proto", "https")
        .body(Body::from(json!({"name": "Ann", "password": PASSWORD}).to_string()))
        .unwrap();
    let response = app.oneshot(request).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let set = response.headers().get(header::SET_COOKIE).unwrap().to_str().unwrap();
    assert!(set.contains("; Secure"), "{set}");
}
