//! `sandtable serve`'s door: requests addressed to another name (DNS rebinding), other devices without the
//! table's join code, a replaced code, an oversized body and another site's form post are all refused
//! before any command runs; the host's own machine needs no code, and only it may replace the code.

mod serve_support;

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use sandtable::serve::MOST_BODY_BYTES;
use serve_support::{CODE, HOST_PC, TABLET, command, table};

#[tokio::test]
async fn the_host_machine_needs_no_code() {
    let t = table().await;
    let (status, _, body) =
        t.send(HOST_PC, command("127.0.0.1:8787", "list_scenarios").body(Body::from("{}")).unwrap()).await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

#[tokio::test]
async fn another_name_in_the_host_header_is_refused() {
    let t = table().await;
    for host in ["evil.example", "evil.example:8787", "192.168.1.20:9999"] {
        let (status, _, body) = t.send(HOST_PC, command(host, "list_scenarios").body(Body::from("{}")).unwrap()).await;
        assert_eq!(status, StatusCode::MISDIRECTED_REQUEST, "{host}: {body}");
        assert!(body.contains("its own address"), "{body}");
    }
}

#[tokio::test]
async fn another_device_needs_the_join_code() {
    let t = table().await;
    let host = "192.168.1.20:8787";
    let (status, _, body) = t.send(TABLET, command(host, "list_games").body(Body::from("{}")).unwrap()).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
    assert!(body.contains("join this table first"), "{body}");

    let wrong =
        command(host, "list_games").header(header::AUTHORIZATION, "Bearer AAAAAA").body(Body::from("{}")).unwrap();
    assert_eq!(t.send(TABLET, wrong).await.0, StatusCode::UNAUTHORIZED);

    let right = command(host, "list_games")
        .header(header::AUTHORIZATION, format!("Bearer {CODE}"))
        .body(Body::from("{}"))
        .unwrap();
    assert_eq!(t.send(TABLET, right).await.0, StatusCode::OK);

    let cookie = command(host, "list_games")
        .header(header::COOKIE, format!("sandtable_join={CODE}"))
        .body(Body::from("{}"))
        .unwrap();
    assert_eq!(t.send(TABLET, cookie).await.0, StatusCode::OK);
}

#[tokio::test]
async fn the_join_link_leaves_the_code_as_a_cookie() {
    let t = table().await;
    let link =
        Request::get(format!("/?join={CODE}")).header(header::HOST, "192.168.1.20:8787").body(Body::empty()).unwrap();
    let (status, headers, _) = t.send(TABLET, link).await;
    assert_ne!(status, StatusCode::UNAUTHORIZED);
    let cookie = headers.get(header::SET_COOKIE).expect("a cookie").to_str().unwrap();
    assert!(
        cookie.starts_with(&format!("sandtable_join={CODE}"))
            && cookie.contains("HttpOnly")
            && cookie.contains("SameSite=Strict")
            && !cookie.contains("Secure"),
        "over plain HTTP the cookie cannot be Secure, or the browser would never send it back: {cookie}"
    );
}

#[tokio::test]
async fn a_replaced_code_drops_the_devices_that_joined_with_it() {
    let t = table().await;
    t.access.replace_code("ZZZZ22".into());
    let old = command("192.168.1.20:8787", "list_games")
        .header(header::COOKIE, format!("sandtable_join={CODE}"))
        .body(Body::from("{}"))
        .unwrap();
    let (status, _, body) = t.send(TABLET, old).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert!(body.contains("not this table's"), "{body}");
}

#[tokio::test]
async fn an_oversized_body_is_refused_unread() {
    let t = table().await;
    let big = format!("{{\"name\":\"{}\"}}", "x".repeat(MOST_BODY_BYTES));
    let (status, _, _) =
        t.send(HOST_PC, command("127.0.0.1:8787", "create_campaign").body(Body::from(big)).unwrap()).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
}

#[tokio::test]
async fn another_sites_form_post_runs_nothing() {
    let t = table().await;
    // What a page elsewhere can make a browser send without asking: a form, or a no-cors fetch.
    let form = Request::post("/api/create_campaign")
        .header(header::HOST, "127.0.0.1:8787")
        .header(header::ORIGIN, "http://evil.example")
        .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
        .body(Body::from("name=pwned"))
        .unwrap();
    assert_eq!(t.send(HOST_PC, form).await.0, StatusCode::FORBIDDEN);
    let fetched = Request::post("/api/create_campaign")
        .header(header::HOST, "127.0.0.1:8787")
        .header("sec-fetch-site", "cross-site")
        .header(header::CONTENT_TYPE, "text/plain")
        .body(Body::from("{\"name\":\"pwned\"}"))
        .unwrap();
    assert_eq!(t.send(HOST_PC, fetched).await.0, StatusCode::FORBIDDEN);
    let plain = Request::post("/api/create_campaign")
        .header(header::HOST, "127.0.0.1:8787")
        .header(header::CONTENT_TYPE, "text/plain")
        .body(Body::from("{\"name\":\"pwned\"}"))
        .unwrap();
    assert_eq!(t.send(HOST_PC, plain).await.0, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    let (_, _, campaigns) =
        t.send(HOST_PC, command("127.0.0.1:8787", "list_campaigns").body(Body::from("{}")).unwrap()).await;
    assert_eq!(campaigns, "[]", "no campaign was made");
}

#[tokio::test]
async fn no_other_origin_is_granted_cors() {
    let t = table().await;
    let preflight = Request::options("/api/list_games")
        .header(header::HOST, "127.0.0.1:8787")
        .header(header::ORIGIN, "http://127.0.0.1:8787")
        .header("access-control-request-method", "POST")
        .body(Body::empty())
        .unwrap();
    let (_, headers, _) = t.send(HOST_PC, preflight).await;
    assert!(headers.get(header::ACCESS_CONTROL_ALLOW_ORIGIN).is_none());
}

fn new_code_request(code: Option<&str>) -> Request<Body> {
    let host = if code.is_some() { "192.168.1.20:8787" } else { "127.0.0.1:8787" };
    let mut request =
        Request::post("/host/new-code").header(header::HOST, host).header(header::CONTENT_TYPE, "application/json");
    if let Some(code) = code {
        request = request.header(header::AUTHORIZATION, format!("Bearer {code}"));
    }
    request.body(Body::from("{}")).unwrap()
}

#[tokio::test]
async fn after_the_host_replaces_the_code_the_old_one_runs_nothing() {
    let t = table().await;
    let (status, _, body) = t.send(HOST_PC, new_code_request(None)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let info: serde_json::Value = serde_json::from_str(&body).unwrap();
    let new = info["code"].as_str().unwrap().to_string();
    assert_ne!(new, CODE);
    assert_eq!(info["links"][0], format!("http://192.168.1.20:8787/?join={new}"));
    assert_eq!(t.desk.api().store().join_code().await.unwrap(), Some(new.clone()), "kept for a restart");

    let create = |code: &str| {
        command("192.168.1.20:8787", "create_campaign")
            .header(header::COOKIE, format!("sandtable_join={code}"))
            .body(Body::from("{\"name\":\"from the old code\"}"))
            .unwrap()
    };
    let (status, _, body) = t.send(TABLET, create(CODE)).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
    let (_, _, campaigns) =
        t.send(HOST_PC, command("127.0.0.1:8787", "list_campaigns").body(Body::from("{}")).unwrap()).await;
    assert_eq!(campaigns, "[]", "nothing ran for the old code");
    let (status, _, body) = t.send(TABLET, create(&new)).await;
    assert_eq!(status, StatusCode::OK, "the new code works: {body}");
}

#[tokio::test]
async fn another_device_cannot_replace_the_code_even_holding_it() {
    let t = table().await;
    let (status, _, body) = t.send(TABLET, new_code_request(Some(CODE))).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    assert!(body.contains("only the host's own machine"), "{body}");
    assert_eq!(t.access.code(), CODE);
    assert_eq!(t.desk.api().store().join_code().await.unwrap(), None, "nothing stored");

    let (status, _, _) = t.send(TABLET, new_code_request(None)).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "without the code it is not even heard");
    assert_eq!(t.access.code(), CODE);
}

#[tokio::test]
async fn another_sites_page_cannot_replace_the_code() {
    let t = table().await;
    let form = Request::post("/host/new-code")
        .header(header::HOST, "127.0.0.1:8787")
        .header(header::ORIGIN, "http://evil.example")
        .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
        .body(Body::empty())
        .unwrap();
    assert_eq!(t.send(HOST_PC, form).await.0, StatusCode::FORBIDDEN);
    let plain = Request::post("/host/new-code")
        .header(header::HOST, "127.0.0.1:8787")
        .header(header::CONTENT_TYPE, "text/plain")
        .body(Body::empty())
        .unwrap();
    assert_eq!(t.send(HOST_PC, plain).await.0, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert_eq!(t.access.code(), CODE);
}

#[tokio::test]
async fn a_browser_without_the_code_is_shown_a_page_to_type_it_in() {
    let t = table().await;
    let page = Request::get("/")
        .header(header::HOST, "192.168.1.20:8787")
        .header(header::ACCEPT, "text/html,application/xhtml+xml")
        .body(Body::empty())
        .unwrap();
    let (status, headers, body) = t.send(TABLET, page).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert!(headers[header::CONTENT_TYPE].to_str().unwrap().starts_with("text/html"), "{headers:?}");
    assert!(body.contains("Join this table first") && body.contains(r#"name="join""#), "{body}");
    // A command is still answered as one.
    let (status, headers, _) =
        t.send(TABLET, command("192.168.1.20:8787", "list_games").body(Body::from("{}")).unwrap()).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert!(headers[header::CONTENT_TYPE].to_str().unwrap().starts_with("application/json"));
}

#[tokio::test]
async fn devices_still_holding_a_replaced_code_neither_lock_the_table_nor_stop_a_rejoin() {
    let t = table().await;
    t.access.replace_code("NEWCDE".into());
    let host = "192.168.1.20:8787";
    let stale = || {
        command(host, "list_games")
            .header(header::COOKIE, format!("sandtable_join={CODE}"))
            .body(Body::from("{}"))
            .unwrap()
    };
    // A dropped tablet's page retries far more than the wrong-guess limit in a minute.
    for _ in 0..30 {
        assert_eq!(t.send(TABLET, stale()).await.0, StatusCode::UNAUTHORIZED);
    }
    // It joins again by the new link though its cookie still holds the old code, and is given the new one.
    let rejoin = Request::get("/?join=newcde")
        .header(header::HOST, host)
        .header(header::COOKIE, format!("sandtable_join={CODE}"))
        .body(Body::empty())
        .unwrap();
    let (status, headers, _) = t.send(TABLET, rejoin).await;
    assert_ne!(status, StatusCode::UNAUTHORIZED);
    assert_ne!(status, StatusCode::TOO_MANY_REQUESTS);
    assert!(headers[header::SET_COOKIE].to_str().unwrap().starts_with("sandtable_join=NEWCDE;"), "{headers:?}");
}

/// One device sending wrong codes is slowed; the tablets already at the table are not.
#[tokio::test]
async fn a_guesser_is_slowed_and_the_table_stays_open() {
    let t = table().await;
    let host = "192.168.1.20:8787";
    let with = |code: &str| {
        command(host, "list_games")
            .header(header::AUTHORIZATION, format!("Bearer {code}"))
            .body(Body::from("{}"))
            .unwrap()
    };
    const GUESSER: [u8; 4] = [192, 168, 1, 66];
    for _ in 0..20 {
        assert_eq!(t.send(GUESSER, with("AAAAAA")).await.0, StatusCode::UNAUTHORIZED);
    }
    let (status, _, body) = t.send(GUESSER, with("BBBBBB")).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    assert!(body.contains("from this device"), "{body}");
    let (status, _, body) = t.send(TABLET, with(CODE)).await;
    assert_eq!(status, StatusCode::OK, "a joined tablet is not shut out by the guesser: {body}");
}

/// A scenario edit whose path is 60,000 steps deep (about 300 KB) is refused, and the server answers on.
#[tokio::test]
async fn a_deep_scenario_edit_is_refused_and_the_server_answers_on() {
    let t = table().await;
    let deep =
        serde_json::json!({"text": "title = 'x'\n", "edits": [{"op": "set", "path": vec!["a"; 60_000], "value": 1}]});
    let request = command("127.0.0.1:8787", "edit_scenario").body(Body::from(deep.to_string())).unwrap();
    let (status, _, body) = t.send(HOST_PC, request).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(body.contains("60000 steps"), "{body}");
    let (status, _, _) = t.send(HOST_PC, command("127.0.0.1:8787", "list_games").body(Body::from("{}")).unwrap()).await;
    assert_eq!(status, StatusCode::OK);
}

/// The host's disk is the host's: a tablet cannot point the scenario folder elsewhere (to read a `.toml`
/// there, or write one), and its saves land in the folder the host chose, under a plain file name.
#[tokio::test]
async fn a_tablet_cannot_steer_the_scenario_folder_and_saves_only_into_the_hosts() {
    let t = table().await;
    let host_folder = tempfile::tempdir().unwrap();
    let elsewhere = tempfile::tempdir().unwrap();
    std::fs::write(elsewhere.path().join("secrets.toml"), "api_token = 'decoy'\n").unwrap();
    let ask = |peer: [u8; 4], name: &str, args: serde_json::Value| {
        let host = if peer == HOST_PC { "127.0.0.1:8787" } else { "192.168.1.20:8787" };
        command(host, name)
            .header(header::AUTHORIZATION, format!("Bearer {CODE}"))
            .body(Body::from(args.to_string()))
            .unwrap()
    };
    let chosen = serde_json::json!({"path": host_folder.path().display().to_string()});
    assert_eq!(t.send(HOST_PC, ask(HOST_PC, "set_scenario_folder", chosen)).await.0, StatusCode::OK);
    let steer = serde_json::json!({"path": elsewhere.path().display().to_string()});
    let (status, _, body) = t.send(TABLET, ask(TABLET, "set_scenario_folder", steer)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(body.contains("only the host's machine"), "{body}");
    let (_, _, body) = t.send(TABLET, ask(TABLET, "scenario_text", serde_json::json!({"name": "own:secrets"}))).await;
    assert!(!body.contains("decoy"), "{body}");
    let text = sandtable::scenario::find_shipped("legation-wall").unwrap().source.to_string();
    for file in ["../../escaped", "/tmp/escaped", "..\\escaped"] {
        let save = serde_json::json!({"text": text, "file": file, "replace": true});
        let (status, _, body) = t.send(TABLET, ask(TABLET, "save_scenario", save)).await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    let saved: Vec<String> = std::fs::read_dir(host_folder.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(!saved.is_empty() && saved.iter().all(|f| f.ends_with(".toml") && !f.contains("..")), "{saved:?}");
    assert_eq!(std::fs::read_dir(elsewhere.path()).unwrap().count(), 1, "nothing written outside the host's folder");
    assert!(!std::path::Path::new("/tmp/escaped.toml").exists());
}

/// A report asking for a map at every one of a thousand moments is refused before any is drawn.
#[tokio::test]
async fn a_report_of_too_many_maps_is_refused_before_it_starts() {
    let t = table().await;
    let game = command("127.0.0.1:8787", "new_game")
        .body(Body::from(serde_json::json!({"scenario": "legation-wall", "seed": "5"}).to_string()))
        .unwrap();
    let (_, _, body) = t.send(HOST_PC, game).await;
    let id = serde_json::from_str::<serde_json::Value>(&body).unwrap()["id"].as_i64().unwrap();
    let moments: Vec<u32> = (0..1000).collect();
    let report = command("127.0.0.1:8787", "game_report")
        .body(Body::from(serde_json::json!({"id": id, "format": "md", "moments": moments}).to_string()))
        .unwrap();
    let (status, _, body) = t.send(HOST_PC, report).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(body.contains("at most 24 maps, not 1000"), "{body}");
}

#[tokio::test]
async fn a_device_behind_a_proxy_on_the_host_machine_needs_the_code() {
    let t = table().await;
    let proxied = |code: Option<&str>| {
        let request = command("127.0.0.1:8787", "list_games").header("x-forwarded-for", "203.0.113.9, 192.168.1.30");
        let request = match code {
            Some(code) => request.header(header::AUTHORIZATION, format!("Bearer {code}")),
            None => request,
        };
        request.body(Body::from("{}")).unwrap()
    };
    let (status, _, body) = t.send(HOST_PC, proxied(None)).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
    assert_eq!(t.send(HOST_PC, proxied(Some(CODE))).await.0, StatusCode::OK);

    let see_the_code = Request::post("/host/join")
        .header(header::HOST, "127.0.0.1:8787")
        .header(header::CONTENT_TYPE, "application/json")
        .header("x-forwarded-for", "192.168.1.30")
        .header(header::AUTHORIZATION, format!("Bearer {CODE}"))
        .body(Body::from("{}"))
        .unwrap();
    assert_eq!(t.send(HOST_PC, see_the_code).await.0, StatusCode::FORBIDDEN, "only the host's own machine");

    // A guesser behind the proxy is slowed by its own address; the others go on joining.
    for _ in 0..30 {
        t.send(HOST_PC, proxied(Some("AAAAAA"))).await;
    }
    assert_eq!(t.send(HOST_PC, proxied(Some(CODE))).await.0, StatusCode::TOO_MANY_REQUESTS);
    let other = command("127.0.0.1:8787", "list_games")
        .header("x-forwarded-for", "192.168.1.31")
        .header(header::AUTHORIZATION, format!("Bearer {CODE}"))
        .body(Body::from("{}"))
        .unwrap();
    assert_eq!(t.send(HOST_PC, other).await.0, StatusCode::OK);
}
