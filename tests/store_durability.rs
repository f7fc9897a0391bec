//! The campaign store as a player relies on it: a game killed mid-turn resumes with nothing lost, and a
//! database from a newer Sandtable is refused and left exactly as it was.
mod common;

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{Table, stderr};

#[test]
fn kill_9_during_an_act_loop_loses_no_acknowledged_event() {
    kill_9_loses_nothing(&Table::new());
}

/// The same on a club's PostgreSQL database, on the suite's PostgreSQL pass.
#[test]
fn kill_9_during_an_act_loop_loses_no_acknowledged_event_on_postgresql() {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let Some(address) = runtime.block_on(common::postgres::new_database("durable")) else {
        eprintln!("skipped here: the PostgreSQL pass of tools/test-all.sh runs it");
        return;
    };
    kill_9_loses_nothing(&Table::on_postgres(address));
}

fn kill_9_loses_nothing(t: &Table) {
    let id = t.new_wall_game();
    let bin = env!("CARGO_BIN_EXE_sandtable");
    // Each line the loop prints is an action the CLI reported as done. Killing the whole process group
    // with SIGKILL stops it at an arbitrary point, possibly mid-write.
    let script = format!(
        r#"i=0; while true; do i=$((i+1)); "{bin}" game act {id} "{{\"type\":\"note\",\"text\":\"n$i\"}}" || exit 9; done"#
    );
    let mut child = Command::new("setsid")
        .args(["sh", "-c", &script])
        .env("SANDTABLE_DB", t.db())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id();
    let mut reader = BufReader::new(child.stdout.take().unwrap());
    let mut acknowledged = Vec::new();
    let started = Instant::now();
    let mut line = String::new();
    while acknowledged.len() < 25 && started.elapsed() < Duration::from_secs(60) {
        line.clear();
        if reader.read_line(&mut line).unwrap() == 0 {
            break;
        }
        acknowledged.push(line.trim().to_string());
    }
    let killed = Command::new("kill").args(["-KILL", "--", &format!("-{pid}")]).status().unwrap();
    assert!(killed.success(), "kill -9 of the act loop failed");
    let _ = child.wait();
    // Lines still buffered in the pipe were acknowledged too.
    for rest in reader.lines() {
        acknowledged.push(rest.unwrap());
    }
    assert!(acknowledged.len() >= 25, "the loop ran: {acknowledged:?}");

    let log: serde_json::Value = serde_json::from_str(&t.ok(&["game", "log", &id, "--format", "json"])).unwrap();
    let stored: Vec<&str> = log.as_array().unwrap().iter().map(|e| e["text"].as_str().unwrap()).collect();
    assert!(stored.len() >= acknowledged.len(), "stored {} < acknowledged {}", stored.len(), acknowledged.len());
    for (i, text) in acknowledged.iter().enumerate() {
        assert_eq!(stored[i], text.as_str(), "entry {i}");
    }
    // The game goes on after the crash.
    t.ok(&["game", "act", &id, r#"{"type":"note","text":"resumed"}"#]);
}

#[test]
fn a_database_from_a_newer_schema_is_refused_and_left_untouched() {
    let t = Table::new();
    let id = t.new_wall_game();
    let db = t.db();
    let status = Command::new("python3")
        .arg("-c")
        .arg(
            "import sqlite3,sys\nc=sqlite3.connect(sys.argv[1])\n\
             c.execute(\"insert into _sqlx_migrations(version,description,installed_on,success,checksum,execution_time) values (99990101000000,'from the future',datetime('now'),1,x'00',0)\")\n\
             c.commit(); c.close()",
        )
        .arg(&db)
        .status()
        .unwrap();
    assert!(status.success());
    let before = std::fs::read(&db).unwrap();
    let out = t.run(&["game", "show", &id, "--json"]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(err.contains("newer") && err.contains("99990101000000"), "{err}");
    assert_eq!(std::fs::read(&db).unwrap(), before, "the database was changed");
    assert!(
        !db.with_extension("db-wal").exists() || std::fs::metadata(db.with_extension("db-wal")).unwrap().len() == 0
    );
}

#[test]
fn a_file_that_is_not_a_database_is_refused_and_kept() {
    let t = Table::new();
    std::fs::write(t.db(), "my shopping list\n").unwrap();
    let out = t.run(&["game", "list"]);
    assert_ne!(out.status.code(), Some(0));
    assert!(stderr(&out).contains(&t.db().display().to_string()), "{}", stderr(&out));
    assert_eq!(std::fs::read_to_string(t.db()).unwrap(), "my shopping list\n");
}
