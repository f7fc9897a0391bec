//! `sandtable store copy`: a club's records, played through the `Api` (a campaign with a roster carried
//! from a closed battle, games of four systems, notes, put-away games and campaigns, a setting and a join
//! code), copied between SQLite files and a PostgreSQL server and checked on the far side: every table's
//! rows, ids kept, every game replayed alike, new games and campaigns still made after the copy. A target
//! holding data is refused untouched unless it is to be replaced; a copy that fails leaves it as it was; a
//! missing source is named and never made. The PostgreSQL cases run on the PostgreSQL pass of
//! tools/test-all.sh (`SANDTABLE_TEST_POSTGRES`) and are skipped, saying so, without it.

use std::path::Path;

use sandtable::api::{Api, CopyReport, ErrorKind, GameReplayed, Replayed, TableRows, copy_database};
use sandtable::game::Action;
use sandtable::rules::Seat;
use sqlx::Connection;

mod common;
use common::cotta::{act, first_battle, volley_at_the_wall};
use common::{Table, stderr};

/// A new database of its own on the test server, or None (and a note) when no server was given.
async fn postgres_database(test: &str) -> Option<String> {
    let Ok(server) = std::env::var("SANDTABLE_TEST_POSTGRES") else {
        eprintln!("{test}: its PostgreSQL part is skipped here (the PostgreSQL pass of tools/test-all.sh runs it)");
        return None;
    };
    let name = format!("copy_{}_{}", std::process::id(), rand::random::<u32>());
    let mut admin = sqlx::PgConnection::connect(&server).await.unwrap();
    sqlx::raw_sql(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}"))).execute(&mut admin).await.unwrap();
    let (base, _) = server.rsplit_once('/').unwrap();
    Some(format!("{base}/{name}"))
}

async fn run_sql(address: &str, sql: &str) {
    if address.starts_with("postgres") {
        let mut conn = sqlx::PgConnection::connect(address).await.unwrap();
        sqlx::raw_sql(sqlx::AssertSqlSafe(sql.to_string())).execute(&mut conn).await.unwrap();
    } else {
        let options = sqlx::sqlite::SqliteConnectOptions::new().filename(address);
        let mut conn = sqlx::SqliteConnection::connect_with(&options).await.unwrap();
        sqlx::raw_sql(sqlx::AssertSqlSafe(sql.to_string())).execute(&mut conn).await.unwrap();
    }
}

fn note(text: &str) -> Action {
    Action::Note { text: text.to_string() }
}

/// A club's records at `address`: something in every table.
async fn club_records(address: &str) {
    let api = Api::open_address(address).await.unwrap();
    api.choose_seat(Seat::Referee).await.unwrap();
    let lanao = api.create_campaign("Lake Lanao".into()).await.unwrap().id;
    api.set_campaign_players(lanao, vec!["Ann".into(), "Bob".into()]).await.unwrap();
    let cotta = first_battle(&api, lanao).await;
    volley_at_the_wall(&api, cotta, &[9, 1, 9, 1, 1, 9, 1, 1, 1, 1]).await;
    api.act(cotta, act(r#"{"type":"record_losses","unit":"company-a","count":3}"#)).await.unwrap();
    api.close_battle(cotta, "survivors".into(), vec![]).await.unwrap();
    let notes = Some("Rain all evening; \"steady\" — the cotta held\nsecond line".to_string());
    api.record_battle(cotta, Some("2026-11-20".into()), Some("The cotta held".into()), None, notes).await.unwrap();
    api.annotate(cotta, 1, "Ann's first volley: three hits".into()).await.unwrap();

    let wall = api.new_game("legation-wall".into(), Some("7".into()), None, None).await.unwrap().id;
    for step in [
        r#"{"type":"initiative","dice":[6,2]}"#,
        r#"{"type":"choose_order","first":"allies"}"#,
        r#"{"type":"roll_move","unit":"us-marines","dice":[3,5]}"#,
        r#"{"type":"move","unit":"us-marines","path":[{"x":24,"y":24.75}]}"#,
    ] {
        api.act(wall, act(step)).await.unwrap();
    }
    api.act(wall, Action::Undo {}).await.unwrap();
    api.act(wall, note("Zoë's marines think better of it")).await.unwrap();
    api.annotate(wall, 4, "taken back at the table".into()).await.unwrap();

    let sudan = api.create_campaign("Sudan, 1884–85".into()).await.unwrap().id;
    let zulu = api.new_game("zulu-war".into(), Some("5".into()), Some(sudan), None).await.unwrap().id;
    api.act(zulu, note("the impi advances")).await.unwrap();
    api.archive_campaign(sudan, true).await.unwrap();
    let siege = api.new_game("the-55-days".into(), Some(u64::MAX.to_string()), None, None).await.unwrap().id;
    api.act(siege, note("day one")).await.unwrap();
    api.archive_game(siege, true).await.unwrap();
    // A game nobody has acted in yet: no log at all.
    api.new_game("jungle-patrol".into(), Some("3".into()), None, None).await.unwrap();

    api.store().set_setting("scenario_folder", Some("/home/ann/Zoë's scenarios")).await.unwrap();
    api.store().set_join_code("TIGER-LILY-42").await.unwrap();

    // The club's members, a sign-in and a seat.
    let store = api.store();
    store.add_member("Zoë", "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA", true).await.unwrap();
    let ann = store.add_member("Ann", "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA", false).await.unwrap();
    store.add_session("0f".repeat(32).as_str(), ann.id, 4_000_000_000).await.unwrap();
    store.set_club_seat(cotta, ann.id, Some("side:us")).await.unwrap();
}

/// Games (id, name) and campaigns (ids), those put away included.
async fn ids(address: &str) -> (Vec<(i64, String)>, Vec<i64>) {
    let api = Api::open_address(address).await.unwrap();
    let store = api.store();
    let games = store.every_game().await.unwrap();
    let mut campaigns: Vec<i64> = store.list_campaigns().await.unwrap().iter().map(|c| c.id).collect();
    campaigns.extend(store.archived_campaigns().await.unwrap().iter().map(|c| c.id));
    campaigns.sort_unstable();
    (games, campaigns)
}

/// A copy of `club_records` checked: every table's rows on both sides, every game the same.
fn assert_whole(report: &CopyReport) {
    assert!(report.faults().is_empty(), "{:?}", report.faults());
    for t in &report.tables {
        assert!(t.copied > 0, "the records hold something in every table, {} too", t.table);
        assert_eq!((t.source, t.target), (t.copied, t.copied), "{}", t.table);
    }
    assert_eq!(report.games.len(), 5);
    assert!(report.games.iter().all(|g| g.outcome == Replayed::Same), "{:?}", report.games);
}

/// The copy at `to` holds the ids of `from`, plays on, and makes new games and campaigns after them.
async fn assert_same_ids_and_plays_on(from: &str, to: &str) {
    let (games, campaigns) = ids(from).await;
    assert_eq!(ids(to).await, (games.clone(), campaigns.clone()), "the same ids on both");
    let api = Api::open_address(to).await.unwrap();
    let wall = games.iter().find(|(_, name)| name.contains("Legation")).unwrap().0;
    let before = api.game_view(wall).await.unwrap().log_total;
    assert_eq!(api.act(wall, note("played on after the move")).await.unwrap().log_total, before + 1);
    let campaign = api.create_campaign("after the move".into()).await.unwrap().id;
    assert_eq!(campaign, campaigns.iter().max().unwrap() + 1, "the next campaign id, not one the copy holds");
    let game = api.new_game("river-junks".into(), Some("1".into()), Some(campaign), None).await.unwrap().id;
    assert_eq!(game, games.iter().map(|g| g.0).max().unwrap() + 1);
    api.act(game, note("first entry")).await.unwrap();
    api.annotate(game, 0, "a note gets a new id too".into()).await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sqlite_file_is_copied_whole_into_another() {
    let dir = tempfile::tempdir().unwrap();
    let (home, copy) = (dir.path().join("home.db"), dir.path().join("moved").join("copy.db"));
    let (home, copy) = (home.to_str().unwrap(), copy.to_str().unwrap());
    club_records(home).await;
    let report = copy_database(home, copy, false).await.unwrap();
    assert_whole(&report);
    assert_eq!((report.from.as_str(), report.to.as_str()), (home, copy));
    assert_same_ids_and_plays_on(home, copy).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_home_file_goes_to_the_clubs_postgresql_and_comes_back() {
    let Some(club) = postgres_database("a_home_file_goes_to_the_clubs_postgresql_and_comes_back").await else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let (home, back) = (dir.path().join("home.db"), dir.path().join("back.db"));
    let (home, back) = (home.to_str().unwrap(), back.to_str().unwrap());
    club_records(home).await;
    assert_whole(&copy_database(home, &club, false).await.unwrap());
    assert_whole(&copy_database(&club, back, false).await.unwrap());
    assert_eq!(ids(back).await, ids(home).await);
    // New ids on the server come after the copied ones: its sequences were moved past them.
    assert_same_ids_and_plays_on(home, &club).await;
    assert_same_ids_and_plays_on(home, back).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_clubs_postgresql_database_is_copied_into_another() {
    let Some(first) = postgres_database("one_clubs_postgresql_database_is_copied_into_another").await else { return };
    let second = postgres_database("").await.unwrap();
    club_records(&first).await;
    assert_whole(&copy_database(&first, &second, false).await.unwrap());
    assert_same_ids_and_plays_on(&first, &second).await;
}

/// Targets of either kind holding another club's campaign: refused untouched, then replaced whole.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_target_holding_data_is_refused_untouched_unless_it_is_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let home = dir.path().join("home.db").to_str().unwrap().to_string();
    club_records(&home).await;
    let mut targets = vec![dir.path().join("other.db").to_str().unwrap().to_string()];
    targets.extend(postgres_database("a_target_holding_data_is_refused_untouched_unless_it_is_replaced").await);
    for target in targets {
        let other = Api::open_address(&target).await.unwrap();
        let theirs = other.create_campaign("Another club's".into()).await.unwrap().id;
        other.new_game("zulu-war".into(), Some("1".into()), Some(theirs), None).await.unwrap();
        drop(other);
        let before = ids(&target).await;

        let err = copy_database(&home, &target, false).await.unwrap_err();
        assert_eq!(err.kind, ErrorKind::BadInput, "{err:?}");
        assert!(err.message.contains("already holds Sandtable data (1 campaign and 1 game)"), "{}", err.message);
        assert!(err.message.contains("--replace") && err.message.contains("nothing was written"), "{}", err.message);
        assert_eq!(ids(&target).await, before, "{target} untouched");

        assert_whole(&copy_database(&home, &target, true).await.unwrap());
        assert_eq!(ids(&target).await, ids(&home).await, "{target} holds the copy alone");
        // Replaced again from the same source: the same again, nothing doubled.
        assert_whole(&copy_database(&home, &target, true).await.unwrap());
    }
}

/// A copy stopped half way (a trigger on the target refuses the notes) leaves the target as it was,
/// its own records kept though it was to be replaced; the message names the table.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_copy_that_fails_half_way_leaves_the_target_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let home = dir.path().join("home.db").to_str().unwrap().to_string();
    club_records(&home).await;
    let mut targets = vec![(dir.path().join("other.db").to_str().unwrap().to_string(), false)];
    targets
        .extend(postgres_database("a_copy_that_fails_half_way_leaves_the_target_as_it_was").await.map(|a| (a, true)));
    for (target, postgres) in targets {
        let other = Api::open_address(&target).await.unwrap();
        let theirs = other.create_campaign("Another club's".into()).await.unwrap().id;
        other.new_game("zulu-war".into(), Some("1".into()), Some(theirs), None).await.unwrap();
        drop(other);
        let before = ids(&target).await;
        if postgres {
            run_sql(
                &target,
                "CREATE FUNCTION no_notes() RETURNS trigger LANGUAGE plpgsql AS \
                 $$ BEGIN RAISE EXCEPTION 'no notes here'; END $$; \
                 CREATE TRIGGER no_notes BEFORE INSERT ON annotations FOR EACH ROW EXECUTE FUNCTION no_notes();",
            )
            .await;
        } else {
            run_sql(
                &target,
                "CREATE TRIGGER no_notes BEFORE INSERT ON annotations BEGIN SELECT RAISE(ABORT, 'no notes here'); END;",
            )
            .await;
        }

        let err = copy_database(&home, &target, true).await.unwrap_err();
        assert!(err.message.contains("failed at table annotations"), "{}", err.message);
        assert!(err.message.contains("no notes here") && err.message.contains("was left as it was"), "{}", err.message);
        assert_eq!(ids(&target).await, before, "{target}: its own records, and none of the copy's");
        let api = Api::open_address(&target).await.unwrap();
        assert_eq!(api.store().join_code().await.unwrap(), None, "{target}: no row of the copy's at all");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_missing_source_is_named_and_never_made() {
    let dir = tempfile::tempdir().unwrap();
    let (missing, target) = (dir.path().join("not-here.db"), dir.path().join("target.db"));
    let err = copy_database(missing.to_str().unwrap(), target.to_str().unwrap(), false).await.unwrap_err();
    assert_eq!(err.kind, ErrorKind::NotFound);
    assert!(err.message.contains(&format!("no Sandtable database at {}", missing.display())), "{}", err.message);
    assert!(!missing.exists() && !target.exists(), "neither file was made");

    let Some(empty) = postgres_database("a_missing_source_is_named_and_never_made").await else { return };
    let err = copy_database(&empty, target.to_str().unwrap(), false).await.unwrap_err();
    assert!(err.message.contains("has no tables at all"), "{}", err.message);
    let mut conn = sqlx::PgConnection::connect(&empty).await.unwrap();
    let tables: i64 =
        sqlx::query_scalar("SELECT count(*) FROM information_schema.tables WHERE table_schema = current_schema()")
            .fetch_one(&mut conn)
            .await
            .unwrap();
    assert_eq!(tables, 0, "the empty source was not given a schema");
    assert!(!target.exists());

    // A database that is not there at all, its password kept out of the message.
    let (base, _) = empty.rsplit_once('/').unwrap();
    let nowhere = format!("{}/no_such_database", base.replacen("sandtable@", "sandtable:hunter2@", 1));
    let err = copy_database(&nowhere, target.to_str().unwrap(), false).await.unwrap_err();
    assert!(err.message.contains("no_such_database") && !err.message.contains("hunter2"), "{}", err.message);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_database_is_not_copied_into_itself() {
    let dir = tempfile::tempdir().unwrap();
    let home = dir.path().join("home.db");
    club_records(home.to_str().unwrap()).await;
    let again = dir.path().join(".").join("home.db");
    for replace in [false, true] {
        let err = copy_database(home.to_str().unwrap(), again.to_str().unwrap(), replace).await.unwrap_err();
        assert!(err.message.contains("is both the source and the target"), "{}", err.message);
    }
    assert_eq!(ids(home.to_str().unwrap()).await.0.len(), 5, "nothing lost");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_source_from_a_newer_sandtable_is_refused_by_the_store_guard() {
    let dir = tempfile::tempdir().unwrap();
    let (home, target) = (dir.path().join("home.db"), dir.path().join("target.db"));
    club_records(home.to_str().unwrap()).await;
    run_sql(
        home.to_str().unwrap(),
        "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time) \
         VALUES (29990101000001, 'from the future', true, x'00', 1)",
    )
    .await;
    let err = copy_database(home.to_str().unwrap(), target.to_str().unwrap(), false).await.unwrap_err();
    assert!(err.message.contains("written by a newer version of Sandtable"), "{}", err.message);
    assert!(!target.exists());
}

#[test]
fn a_report_names_the_game_and_the_table_that_differ() {
    let report = CopyReport {
        from: "home.db".into(),
        to: "postgres://club@db/club".into(),
        tables: vec![
            TableRows { table: "games", copied: 3, source: 3, target: 3 },
            TableRows { table: "events", copied: 40, source: 41, target: 40 },
        ],
        games: vec![
            GameReplayed { id: 1, name: "Isandlwana".into(), outcome: Replayed::Same },
            GameReplayed { id: 2, name: "Ulundi".into(), outcome: Replayed::Differs("its log differs".into()) },
            GameReplayed { id: 3, name: "Old".into(), outcome: Replayed::UnreadableOnBoth("no such system".into()) },
        ],
        copying: std::time::Duration::ZERO,
        checking: std::time::Duration::ZERO,
    };
    let faults = report.faults();
    assert_eq!(faults.len(), 2, "{faults:?}");
    assert!(faults[0].starts_with("table events: 40 rows were copied and the source now holds 41"), "{faults:?}");
    assert_eq!(faults[1], "game 2 (Ulundi): its log differs");
}

/// The command itself, as a player types it: a report on stdout, the copy's game shown alike, a second
/// copy refused with exit code 2 until --replace, a missing source named.
#[test]
fn the_command_copies_reports_and_refuses() {
    let t = Table::new();
    let id = t.new_wall_game();
    t.ok(&["game", "act", &id, r#"{"type":"initiative","dice":[6,2]}"#]);
    t.ok(&["game", "annotate", &id, "0", "first roll of the evening"]);
    let (home, copy) = (t.db(), t.dir.path().join("copy.db"));
    let (home, copy) = (home.to_str().unwrap(), copy.to_str().unwrap());

    let out = t.ok(&["store", "copy", "--from", home, "--to", copy]);
    assert!(out.contains(&format!("Copied {home} into {copy}")), "{out}");
    assert!(out.lines().any(|l| l.split_whitespace().collect::<Vec<_>>() == ["events", "1", "1"]), "{out}");
    assert!(out.contains("1 game replayed on both: 1 the same."), "{out}");
    let shown = t.ok(&["game", "show", &id, "--json"]);
    let copied = t.ok(&["--db", copy, "game", "show", &id, "--json"]);
    assert_eq!(shown, copied);

    let again = t.run(&["store", "copy", "--from", home, "--to", copy]);
    assert_eq!(again.status.code(), Some(2));
    assert!(stderr(&again).contains("already holds Sandtable data (1 game, 1 log entry and 1 note on a log entry)"));
    t.ok(&["store", "copy", "--from", home, "--to", copy, "--replace"]);

    let missing = t.dir.path().join("missing.db");
    let out = t.run(&["store", "copy", "--from", missing.to_str().unwrap(), "--to", copy]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains(&format!("no Sandtable database at {}", missing.display())), "{}", stderr(&out));
    assert!(!missing.exists());
}

/// To a club's server by an address with a password, which the report never shows.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_command_copies_to_postgresql_without_showing_the_password() {
    let Some(club) = postgres_database("the_command_copies_to_postgresql_without_showing_the_password").await else {
        return;
    };
    let club = club.replacen("sandtable@", "sandtable:hunter2@", 1);
    let t = Table::new();
    let id = t.new_wall_game();
    t.ok(&["game", "act", &id, r#"{"type":"initiative","dice":[6,2]}"#]);
    let out = t.ok(&["store", "copy", "--from", t.db().to_str().unwrap(), "--to", &club]);
    assert!(out.contains("1 game replayed on both: 1 the same.") && !out.contains("hunter2"), "{out}");
    let back = t.dir.path().join("back.db");
    t.ok(&["store", "copy", "--from", &club, "--to", back.to_str().unwrap()]);
    assert_eq!(
        t.ok(&["game", "show", &id, "--json"]),
        t.ok(&["--db", back.to_str().unwrap(), "game", "show", &id, "--json"])
    );
    assert!(Path::new(&back).is_file());
}
