//! Each device is sent only what its seat may see, read here in the raw answers `sandtable serve` gives:
//! a Heliograph hidden counter's name and strength, the ammunition an umpire keeps in The Natives are
//! Restless Tonight, and the Boxers' cup in L'Estate dei Boxers. The host's machine may sit as the
//! referee, who sees everything; a tablet may not.

mod serve_support;

use std::time::Duration;

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use futures_util::StreamExt;
use sandtable::rules::Seat;
use serde_json::{Value, json};
use serve_support::{CODE, HOST_PC, TABLET, Table, table};
use tower::ServiceExt;

/// Requests as a device sitting at a seat sends them.
impl Table {
    /// A tablet holds the code of the seat it sits at (a side's own, handed out by the host), and says
    /// the seat too; the host's machine needs no code.
    fn request(&self, peer: [u8; 4], seat: &str, path: &str) -> axum::http::request::Builder {
        let host = if peer == HOST_PC { "127.0.0.1:8787" } else { "192.168.1.20:8787" };
        Request::post(path)
            .header(header::HOST, host)
            .header(header::CONTENT_TYPE, "application/json")
            .header(header::AUTHORIZATION, format!("Bearer {}", self.code_of(seat)))
            .header("x-sandtable-seat", seat)
    }

    /// The code a device sitting at `seat` joined with: a side's own, the shared screen's for the rest.
    fn code_of(&self, seat: &str) -> String {
        match seat.parse::<Seat>() {
            Ok(side @ Seat::Side(_)) => self.access.issue_seat_code(&side),
            _ => CODE.to_string(),
        }
    }

    /// A command sent by `peer` sitting at `seat`: its status and its raw body.
    async fn ask(&self, peer: [u8; 4], seat: &str, name: &str, args: Value) -> (StatusCode, String) {
        let request = self.request(peer, seat, &format!("/api/{name}")).body(Body::from(args.to_string())).unwrap();
        let response = self.app(peer).oneshot(request).await.unwrap();
        let status = response.status();
        let body = axum::body::to_bytes(response.into_body(), usize::MAX).await.unwrap();
        (status, String::from_utf8_lossy(&body).into_owned())
    }

    async fn host(&self, name: &str, args: Value) -> Value {
        let (status, body) = self.ask(HOST_PC, "referee", name, args).await;
        assert_eq!(status, StatusCode::OK, "{name}: {body}");
        serde_json::from_str(&body).unwrap()
    }

    /// The live stream at `path` as `peer` at `seat` opens it, its events as they come.
    async fn stream(&self, peer: [u8; 4], seat: &str, path: &str) -> axum::body::BodyDataStream {
        let request = self
            .request(peer, seat, path)
            .method("GET")
            .header(header::ACCEPT, "text/event-stream")
            .body(Body::empty())
            .unwrap();
        let response = self.app(peer).oneshot(request).await.unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        response.into_body().into_data_stream()
    }

    /// What `peer` at `seat` hears on the game's live stream, from its first entry, until `wanted` entries
    /// have come.
    async fn live(&self, peer: [u8; 4], seat: &str, game: i64, wanted: usize) -> String {
        let mut body = self.stream(peer, seat, &format!("/api/live/{game}")).await;
        let mut heard = String::new();
        while heard.matches("event: entry").count() < wanted {
            let chunk = tokio::time::timeout(Duration::from_secs(5), body.next()).await.expect("an entry in time");
            heard.push_str(&String::from_utf8_lossy(&chunk.expect("the stream stays open").unwrap()));
        }
        heard
    }
}

impl Table {
    /// The alias and label a hidden unit is shown by to a seat that may not know it: numbered in an order
    /// the game's seed shuffles, so read from the game.
    async fn chit(&self, id: i64, unit: &str) -> (String, String) {
        let (_, game) = self.desk.api().load(id).await.unwrap();
        let counter = game.secrets(&Seat::Table).counter(unit).unwrap().clone();
        (counter.alias, counter.label)
    }
}

/// A Heliograph ambush with the Moros' band activated: its name is in the log's newest entry.
async fn ambush(t: &Table) -> i64 {
    let game = t.host("new_game", json!({"scenario": "heliograph/jungle-patrol.toml", "seed": "3"})).await;
    let id = game["id"].as_i64().unwrap();
    t.host("game_act", json!({"id": id, "action": {"type": "initiative", "dice": [1, 6]}})).await;
    t.host("game_act", json!({"id": id, "action": {"type": "activate", "unit": "south-band"}})).await;
    id
}

#[tokio::test]
async fn the_other_side_is_sent_a_hidden_counter_and_never_what_is_under_it() {
    let t = table().await;
    let id = ambush(&t).await;
    let (alias, label) = t.chit(id, "south-band").await;
    for seat in ["side:us", "table"] {
        let (status, body) = t.ask(TABLET, seat, "game_view", json!({"id": id})).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let secrets = ["Juramentado band", "Moro riflemen", "Moro warriors", "moro_warriors", "\"total\":8"];
        // Nor the scenario's ids for them, which name what is under each chit.
        let ids = ["\"south-band\"", "\"north-band\"", "\"riflemen\""];
        for secret in secrets.into_iter().chain(ids) {
            assert!(!body.contains(secret), "{seat} was sent {secret:?}: {body}");
        }
        let view: Value = serde_json::from_str(&body).unwrap();
        let band = view["units"].as_array().unwrap().iter().find(|u| u["id"] == alias.as_str()).unwrap();
        assert_eq!(band["name"], label.as_str());
        assert_eq!(band["masked"], true);
        assert_eq!(band["figures"].as_array().unwrap().len(), 1, "one chit, not its figures: {band}");
        if seat == "side:us" {
            // Not its player's screen: nothing it may do is offered, since a move's dice name its kind.
            assert_eq!(band["offers"], json!([]), "{band}");
            assert_eq!(band["move_choices"], json!([]), "{band}");
        }
        let activates = format!("{label} activates");
        assert!(view["log"].as_array().unwrap().iter().any(|e| e["text"] == activates.as_str()), "{body}");

        let (_, page) = t.ask(TABLET, seat, "game_log", json!({"id": id, "before": null, "count": null})).await;
        assert!(!page.contains("Juramentado"), "{seat}'s log page: {page}");
        let (_, under) =
            t.ask(TABLET, seat, "template", json!({"id": id, "center": {"x": 38, "y": 32}, "radius": 4})).await;
        assert!(
            !under.contains("Juramentado") && under.matches(&format!("\"{alias}\"")).count() == 1,
            "{seat}: {under}"
        );
        let (_, measured) = t.ask(TABLET, seat, "measure", json!({"id": id, "from": "first-squad", "to": alias})).await;
        assert!(measured.contains(&label) && !measured.contains("south-band"), "{seat}: {measured}");
        let heard = t.live(TABLET, seat, id, 2).await;
        assert!(heard.contains(&activates) && !heard.contains("Juramentado"), "{heard}");
    }
    let (_, own) = t.ask(TABLET, "side:moros", "game_view", json!({"id": id})).await;
    assert!(own.contains("Juramentado band activates"), "the Moros know their own band: {own}");
    let (_, whole) = t.ask(HOST_PC, "referee", "game_view", json!({"id": id})).await;
    assert!(whole.contains("Juramentado band") && !whole.contains("\"masked\""), "{whole}");
    let heard = t.live(TABLET, "side:moros", id, 2).await;
    assert!(heard.contains("Juramentado band activates"), "{heard}");
}

#[tokio::test]
async fn only_the_host_may_sit_as_referee() {
    let t = table().await;
    let id = ambush(&t).await;
    let (status, body) = t.ask(TABLET, "referee", "game_view", json!({"id": id})).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    assert!(body.contains("referee's seat is the host's") && !body.contains("Juramentado"), "{body}");
    let (status, _) = t.ask(TABLET, "side:us", "choose_seat", json!({"seat": {"seat": "referee"}})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let (status, body) = t.ask(TABLET, "nobody", "game_view", json!({"id": id})).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
}

/// Chakdara Fort with the umpire keeping the garrison's ammunition secret.
async fn umpired_siege(t: &Table) -> i64 {
    let game = t
        .host(
            "new_game",
            json!({"scenario": "natives-are-restless/chakdara-fort.toml", "seed": "5",
                   "options": {"umpire_ammunition": true}}),
        )
        .await;
    game["id"].as_i64().unwrap()
}

#[tokio::test]
async fn the_umpires_count_and_die_are_the_referees_alone() {
    let t = table().await;
    let id = umpired_siege(&t).await;
    t.host("game_act", json!({"id": id, "action": {"type": "umpire", "dice": [4]}})).await;
    let after = t.host("game_view", json!({"id": id})).await;
    let count = after["rules"]["view"]["rifle_ammunition"].as_u64().expect("the referee sees the count");
    assert_eq!(after["log"].as_array().unwrap().last().unwrap()["rolls"][0]["faces"], json!([4]));

    for seat in ["side:garrison", "side:tribesmen", "table"] {
        let (status, body) = t.ask(TABLET, seat, "game_view", json!({"id": id})).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let view: Value = serde_json::from_str(&body).unwrap();
        assert_eq!(view["rules"]["view"]["rifle_ammunition"], Value::Null, "{seat}");
        assert_eq!(view["rules"]["view"]["gun_ammunition"], Value::Null, "{seat}");
        let entry = view["log"].as_array().unwrap().last().unwrap();
        assert_eq!(entry["kind"], "umpire");
        assert_eq!(entry["rolls"], json!([]), "{seat} was sent the umpire's die: {entry}");
        let counted = view["rules"]["view"]
            .as_object()
            .unwrap()
            .iter()
            .filter(|(k, v)| k.contains("ammunition") && v.is_number());
        assert_eq!(counted.count(), 0, "{seat} was sent an ammunition count ({count} left)");
        let heard = t.live(TABLET, seat, id, 1).await;
        assert!(heard.contains("\"rolls\":[]") && !heard.contains("\"faces\":[4]"), "{heard}");
    }
}

#[tokio::test]
async fn what_is_in_the_boxers_cup_is_the_referees_alone() {
    let t = table().await;
    let game = t.host("new_game", json!({"scenario": "estate-dei-boxers/the-55-days.toml", "seed": "9"})).await;
    let id = game["id"].as_i64().unwrap();
    let whole = &game["rules"]["view"];
    let in_cup = whole["counters"].as_array().unwrap().iter().filter(|c| c["at"] == "cup").count();
    assert!(in_cup > 0, "the referee sees the cup's counters");
    assert_eq!(whole["in_cup"], json!(in_cup));
    for seat in ["side:powers", "table"] {
        let (status, body) = t.ask(TABLET, seat, "game_view", json!({"id": id})).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let view: Value = serde_json::from_str(&body).unwrap();
        let counters = view["rules"]["view"]["counters"].as_array().unwrap();
        assert!(!counters.is_empty() && counters.iter().all(|c| c["at"] != "cup"), "{seat}");
        assert_eq!(view["rules"]["view"]["in_cup"], json!(in_cup), "{seat} is told how many, not which");
        assert!(!body.contains("\"at\":\"cup\""), "{seat}");
    }
}

/// A Heliograph ambush begun with a seed no other figure in an answer could be mistaken for.
async fn seeded_ambush(t: &Table) -> i64 {
    let game = t.host("new_game", json!({"scenario": "heliograph/jungle-patrol.toml", "seed": SEED})).await;
    game["id"].as_i64().unwrap()
}

const SEED: &str = "4242424242";

/// The seed tells every die the app will throw and, replayed, every secret dealt at the start: it is the
/// host's. Only the host's machine at a seat shown everything is sent it, in views, lists and reports.
#[tokio::test]
async fn the_seed_goes_to_no_device_and_to_no_seat_kept_from_a_secret() {
    let t = table().await;
    let id = seeded_ambush(&t).await;
    let open = t.host("new_game", json!({"scenario": "legation-wall", "seed": SEED})).await["id"].as_i64().unwrap();
    let asks = [
        ("game_view", json!({"id": id})),
        ("game_view", json!({"id": open})),
        ("list_games", json!({"campaign": null})),
        ("game_report", json!({"id": id, "format": "md", "moments": null})),
        ("game_view_at", json!({"id": open, "at": 0})),
    ];
    for (name, args) in &asks {
        for seat in ["side:us", "table"] {
            let (_, body) = t.ask(TABLET, seat, name, args.clone()).await;
            assert!(!body.contains(SEED), "a tablet at {seat} is sent the seed by {name}: {body}");
        }
    }
    for seat in ["side:us", "table"] {
        let (_, body) = t.ask(HOST_PC, seat, "game_view", json!({"id": id})).await;
        assert!(!body.contains(SEED), "the host's machine at {seat} is sent a secret game's seed: {body}");
    }
    assert_eq!(t.host("game_view", json!({"id": id})).await["seed"], SEED, "the referee on the host sees it");
    let (_, body) = t.ask(HOST_PC, "table", "game_view", json!({"id": open})).await;
    assert!(body.contains(SEED), "the host at the table of a game with no secrets sees its seed");
}

/// A game file is the whole game (its scenario text naming every hidden band, the seed, every die): a
/// seat that may not see all of it is refused plainly, and the refusal carries none of it.
#[tokio::test]
async fn a_game_file_goes_only_to_the_hosts_referee() {
    let t = table().await;
    let id = seeded_ambush(&t).await;
    for (peer, seat) in [(TABLET, "side:us"), (TABLET, "table"), (HOST_PC, "side:us"), (HOST_PC, "table")] {
        let (status, body) = t.ask(peer, seat, "export_game", json!({"id": id})).await;
        assert_ne!(status, StatusCode::OK, "{seat}: {body}");
        assert!(body.contains("sitting as the referee"), "{body}");
        for secret in [SEED, "Juramentado", "south-band", "Moro"] {
            assert!(!body.contains(secret), "{seat} is sent {secret}: {body}");
        }
    }
    let file = t.host("export_game", json!({"id": id})).await;
    assert!(file.as_str().unwrap().contains(SEED));
}

/// A tablet's seat is the code it joined with, not what it says: the shared screen's code sits it at the
/// whole table and a side's code at that side, whatever seat its header, cookie or `choose_seat` names.
#[tokio::test]
async fn a_tablet_sits_where_its_code_puts_it_whatever_it_says() {
    let t = table().await;
    let id = ambush(&t).await;
    let as_moros = |code: String| {
        Request::post("/api/game_view")
            .header(header::HOST, "192.168.1.20:8787")
            .header(header::CONTENT_TYPE, "application/json")
            .header(header::AUTHORIZATION, format!("Bearer {code}"))
            .body(Body::from(json!({"id": id}).to_string()))
            .unwrap()
    };
    let us = t.code_of("side:us");
    for code in [CODE.to_string(), us.clone()] {
        // Asked outright, another seat is refused, saying how to sit there.
        let mut asked = as_moros(code.clone());
        asked.headers_mut().insert("x-sandtable-seat", "side:moros".parse().unwrap());
        let (status, _, body) = t.send(TABLET, asked).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
        assert!(body.contains("join with that seat's own code") && !body.contains("Juramentado"), "{body}");
        // Remembered in the page's cookie, it is not a claim: the answer is made for the code's seat.
        let mut remembered = as_moros(code.clone());
        remembered.headers_mut().insert(header::COOKIE, "sandtable_seat=side%3Amoros".parse().unwrap());
        let (status, _, body) = t.send(TABLET, remembered).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert!(!body.contains("Juramentado"), "a tablet holding {code} was shown the Moros' band: {body}");
    }
    let (status, body) =
        t.ask(TABLET, "side:us", "choose_seat", json!({"seat": {"seat": "side", "side": "moros"}})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(body.contains("joined as side us"), "{body}");
    let (status, body) = t.ask(TABLET, "side:us", "device_seat", json!({})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        serde_json::from_str::<Value>(&body).unwrap(),
        json!({"seat": {"seat": "side", "side": "us"}, "may_move": false, "member": null})
    );
    // The Moros' own code, from the host, sits a tablet with them.
    let (status, body) = t.ask(TABLET, "side:moros", "game_view", json!({"id": id})).await;
    assert_eq!(status, StatusCode::OK);
    assert!(body.contains("Juramentado band"), "{body}");
    assert_ne!(t.code_of("side:moros"), us);
}

/// The host hands each side its own code and link, stored for a restart; only the host's machine may ask.
#[tokio::test]
async fn each_sides_code_comes_from_the_host_alone() {
    let t = table().await;
    let ask = |peer: [u8; 4], seat: &str| {
        let host = if peer == HOST_PC { "127.0.0.1:8787" } else { "192.168.1.20:8787" };
        Request::post("/host/seat-code")
            .header(header::HOST, host)
            .header(header::CONTENT_TYPE, "application/json")
            .header(header::AUTHORIZATION, format!("Bearer {CODE}"))
            .body(Body::from(json!({"seat": {"seat": "side", "side": seat}}).to_string()))
            .unwrap()
    };
    let (status, _, body) = t.send(TABLET, ask(TABLET, "moros")).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "a tablet is not handed another side's code: {body}");
    let (status, _, body) = t.send(HOST_PC, ask(HOST_PC, "moros")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let join: Value = serde_json::from_str(&body).unwrap();
    let code = join["code"].as_str().unwrap().to_string();
    assert!(join["link"].as_str().unwrap().ends_with(&format!("?join={code}&seat=side:moros")), "{join}");
    assert!(join["qr_svg"].as_str().unwrap().contains("<svg"));
    assert_eq!(t.access.seat_code(&Seat::Side("moros".into())), Some(code.clone()));
    assert_eq!(t.desk.info().sides.len(), 1, "the host's join details list it");
    let kept = t.desk.api().store().setting("join_codes_by_seat").await.unwrap().unwrap();
    assert!(kept.contains(&code), "stored, so a restarted server keeps it: {kept}");
    let (status, _, _) = t.send(HOST_PC, ask(HOST_PC, "moros")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(t.access.seat_code(&Seat::Side("moros".into())), Some(code), "asked again, the same code");
    let referee = Request::post("/host/seat-code")
        .header(header::HOST, "127.0.0.1:8787")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(json!({"seat": {"seat": "referee"}}).to_string()))
        .unwrap();
    let (status, _, body) = t.send(HOST_PC, referee).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "no code sits a tablet as the referee: {body}");
}

/// A seat that names a hidden unit by its real id (read in the scenario file) is answered word for word
/// as for an id no unit has: the refusal is no oracle, and its list of units gives the chits in the order
/// of their numbers, not the scenario's.
#[tokio::test]
async fn a_hidden_units_real_id_is_answered_as_an_unknown_one() {
    let t = table().await;
    let id = ambush(&t).await;
    for seat in ["side:us", "table"] {
        let t = &t;
        let answer = |to: &str| {
            let to = to.to_string();
            async move {
                let (status, body) =
                    t.ask(TABLET, seat, "measure", json!({"id": id, "from": "first-squad", "to": to})).await;
                (status, body.replace(&to, "<id>"))
            }
        };
        for real in ["south-band", "north-band", "riflemen"] {
            assert_eq!(answer(real).await, answer("no-such-band").await, "{seat} measuring to {real}");
        }
        let (_, refusal) = answer("south-band").await;
        assert!(!refusal.contains("band") && !refusal.contains("riflemen"), "{refusal}");
        let target = |unit: &str| json!({"id": id, "action": {"type": "activate", "unit": unit}});
        let (status, to_real) = t.ask(TABLET, seat, "game_act", target("riflemen")).await;
        let (_, to_nothing) = t.ask(TABLET, seat, "game_act", target("no-such-band")).await;
        assert_eq!((status, to_real.replace("riflemen", "<id>")), (status, to_nothing.replace("no-such-band", "<id>")));
        let listed =
            to_nothing.split("units are: ").nth(1).unwrap_or_default().trim_end_matches(['"', '}']).to_string();
        let chits: Vec<&str> = listed.split(", ").filter(|u| u.starts_with("hidden-")).collect();
        let mut sorted = chits.clone();
        sorted.sort_unstable();
        assert!(chits.len() == 3 && chits == sorted, "{to_nothing}");
        // Dice checked for an action on a unit are answered with a problem, not a refusal: it too says what
        // was sent, a hidden unit's name (in any case) as any stranger's.
        let dice = |unit: &str| {
            let args = json!({"id": id, "action": {"type": "roll_move", "unit": unit, "expr": "2D10"}});
            async move { t.ask(TABLET, seat, "game_dice", args).await }
        };
        for said in ["south-band", "Moro riflemen", "JURAMENTADO BAND"] {
            let (status, to_real) = dice(said).await;
            let (_, to_nothing) = dice("no-such-band").await;
            assert!(to_nothing.contains("no-such-band"), "{to_nothing}");
            assert!(to_nothing.contains("hidden-1, hidden-2, hidden-3"), "chits listed in order: {to_nothing}");
            assert_eq!(
                (status, to_real.replace(said, "<id>")),
                (status, to_nothing.replace("no-such-band", "<id>")),
                "{seat} checking dice for {said}"
            );
        }
    }
}

/// The chits' numbers follow the game's seed, not the scenario's order: across seeds, the band the
/// scenario lists first is not always Hidden counter 1.
#[tokio::test]
async fn the_chits_are_numbered_in_an_order_the_seed_shuffles() {
    let t = table().await;
    let mut first_units = std::collections::BTreeSet::new();
    for seed in 1..=12 {
        let game =
            t.host("new_game", json!({"scenario": "heliograph/jungle-patrol.toml", "seed": seed.to_string()})).await;
        let (_, game) = t.desk.api().load(game["id"].as_i64().unwrap()).await.unwrap();
        let secrets = game.secrets(&Seat::Side("us".into()));
        let first = secrets.counters.iter().find(|(_, c)| c.alias == "hidden-1").map(|(id, _)| id.clone()).unwrap();
        first_units.insert(first);
    }
    assert!(first_units.len() > 1, "hidden-1 was always {first_units:?}");
}

/// A forecast is played out from the game whole: a seat kept from a secret is refused one, saying where to
/// ask, rather than sent odds that weigh what it may not see.
#[tokio::test]
async fn a_seat_kept_from_a_secret_is_not_sent_a_forecast() {
    let t = table().await;
    let id = ambush(&t).await;
    for seat in ["side:us", "table"] {
        let (status, body) = t.ask(TABLET, seat, "game_forecast", json!({"id": id, "games": 10})).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert!(body.contains("ask for it at the referee's seat"), "{body}");
    }
}

/// The umpire's secret die is not a seat's to type: the garrison's tablet would be choosing how many
/// rounds it loses without being shown it. The app may still throw it.
#[tokio::test]
async fn a_seat_kept_from_the_umpires_die_may_not_type_it() {
    let t = table().await;
    let id = umpired_siege(&t).await;
    let typed = json!({"id": id, "action": {"type": "umpire", "dice": [3]}});
    let (status, body) = t.ask(TABLET, "side:garrison", "game_act", typed).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(body.contains("kept from this seat"), "{body}");
    let (status, body) =
        t.ask(TABLET, "side:garrison", "game_act", json!({"id": id, "action": {"type": "umpire"}})).await;
    assert_eq!(status, StatusCode::OK, "the app throws it: {body}");
}

/// A hidden unit's name, in any case or in the plural, sent where an id goes, is answered as any name no
/// unit has: echoed as sent, not as its chit.
#[tokio::test]
async fn a_hidden_units_name_sent_as_an_id_is_answered_as_an_unknown_one() {
    let t = table().await;
    let id = ambush(&t).await;
    let t = &t;
    let answer = |to: &'static str| async move {
        let (status, body) =
            t.ask(TABLET, "side:us", "measure", json!({"id": id, "from": "first-squad", "to": to})).await;
        (status, body.replace(to, "<name>"))
    };
    for name in ["juramentado band", "JURAMENTADO BANDS", "Moro riflemen"] {
        assert_eq!(answer(name).await, answer("qzkvex").await, "{name}");
    }
}

/// A tablet that holds its seat's view and hears the game live: what the game's live stream sends it, each
/// entry event's JSON as it comes.
impl Table {
    async fn follow(&self, seat: &str, game: i64, total: u64) -> tokio::sync::mpsc::UnboundedReceiver<String> {
        // From the entry after the last the tablet holds.
        let after = total.checked_sub(1).map(|last| format!("?after={last}")).unwrap_or_default();
        let mut body = self.stream(TABLET, seat, &format!("/api/live/{game}{after}")).await;
        let (events, heard) = tokio::sync::mpsc::unbounded_channel();
        tokio::spawn(async move {
            let mut text = String::new();
            while let Some(Ok(chunk)) = body.next().await {
                text.push_str(&String::from_utf8_lossy(&chunk));
                while let Some(end) = text.find("\n\n") {
                    let event: String = text.drain(..end + 2).collect();
                    if event.contains("event: entry") {
                        let data = event.lines().filter_map(|l| l.strip_prefix("data: ")).collect::<String>();
                        let _ = events.send(data);
                    }
                }
            }
        });
        heard
    }
}

async fn next_heard(heard: &mut tokio::sync::mpsc::UnboundedReceiver<String>) -> String {
    tokio::time::timeout(Duration::from_secs(5), heard.recv())
        .await
        .expect("an entry in time")
        .expect("the stream open")
}

/// The view a tablet holds after `change`, as the UI makes it: applied when it is from the version held,
/// kept when it is already the version made, else read whole.
async fn held_after(t: &Table, seat: &str, held: Value, change: &Value, applied: &mut usize) -> Value {
    let change: sandtable::api::ViewChange = serde_json::from_value(change.clone()).unwrap();
    if held["version"] == change.to.as_str() {
        return held;
    }
    match change.apply(&held) {
        Ok(now) => {
            *applied += 1;
            now
        }
        Err(_) => serde_json::from_str(&t.ask(TABLET, seat, "game_view", json!({"id": change.game})).await.1).unwrap(),
    }
}

/// Answers and live entries sent as changes are made from views already made for the seat: a tablet at
/// the U.S. side or the table that follows every change holds exactly the view it would be sent whole,
/// and no change names the hidden band, nor the umpire's die and count.
#[tokio::test]
async fn a_change_carries_nothing_its_seat_may_not_see() {
    let t = table().await;
    let hidden = ["Juramentado", "Moro riflemen", "Moro warriors", "moro_warriors", "\"south-band\"", "\"riflemen\""];
    let umpired = ["\"faces\":[4]", "rifle_ammunition\":", "gun_ammunition\":"];
    for (seat, secrets) in [("side:us", &hidden[..]), ("table", &hidden[..]), ("side:garrison", &umpired[..])] {
        let (id, acts) = if seat == "side:garrison" {
            (umpired_siege(&t).await, vec![json!({"type": "umpire", "dice": [4]})])
        } else {
            let game = t.host("new_game", json!({"scenario": "heliograph/jungle-patrol.toml", "seed": "3"})).await;
            let acts =
                vec![json!({"type": "initiative", "dice": [1, 6]}), json!({"type": "activate", "unit": "south-band"})];
            (game["id"].as_i64().unwrap(), acts)
        };
        let held: Value = serde_json::from_str(&t.ask(TABLET, seat, "game_view", json!({"id": id})).await.1).unwrap();
        let total = held["log_total"].as_u64().unwrap();
        let mut heard = t.follow(seat, id, total).await;
        let (mut held, mut applied) = (held, 0);
        for action in &acts {
            t.host("game_act", json!({"id": id, "action": action})).await;
            let event = next_heard(&mut heard).await;
            for secret in secrets {
                assert!(!event.contains(secret), "{seat} heard {secret:?}: {event}");
            }
            let event: Value = serde_json::from_str(&event).unwrap();
            held = held_after(&t, seat, held, &event["change"], &mut applied).await;
        }
        // The tablet's own action is answered as a change too, from the view it holds.
        let (status, answer) =
            t.ask(TABLET, seat, "game_act", json!({"id": id, "action": {"type": "note", "text": "seen"}})).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        for secret in secrets {
            assert!(!answer.contains(secret), "{seat} was answered {secret:?}: {answer}");
        }
        held = held_after(&t, seat, held, &serde_json::from_str(&answer).unwrap(), &mut applied).await;
        let event: Value = serde_json::from_str(&next_heard(&mut heard).await).unwrap();
        held = held_after(&t, seat, held, &event["change"], &mut applied).await;
        let whole: Value = serde_json::from_str(&t.ask(TABLET, seat, "game_view", json!({"id": id})).await.1).unwrap();
        assert_eq!(held, whole, "{seat}: the view made by the changes is not the one sent whole");
        assert_eq!(applied, acts.len() + 1, "{seat}: each change fitted the view held, none was read whole");
    }
}
