//! `sandtable club …` and `serve --club` as a club's keeper runs them: the first administrator made from
//! the command line with the password piped in (never on the command line), a short password or a taken
//! name refused with the reason, and a club server that will not start with no one able to sign in.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command, Stdio};

fn sandtable(db: &std::path::Path, args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sandtable"))
        .arg("--db")
        .arg(db)
        .args(args)
        .env_remove("SANDTABLE_DATABASE_URL")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn the_first_administrator_is_made_from_the_command_line_and_the_club_server_waits_for_one() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("club.db");

    let (code, _, err) = sandtable(&db, &["serve", "--club", "--port", "0"], "");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("no administrator yet") && err.contains("sandtable club admin NAME"), "{err}");

    let (code, _, err) = sandtable(&db, &["club", "admin", "Ada"], "short\n");
    assert_eq!(code, 2);
    assert!(err.contains("at least 10") && err.contains("nothing was changed"), "{err}");
    let (code, out, err) = sandtable(&db, &["club", "admin", "Ada"], "a long enough password\n");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Ada is the club's administrator"), "{out}");
    let (code, _, err) = sandtable(&db, &["club", "member", "ada"], "another long password\n");
    assert_eq!(code, 2);
    assert!(err.contains("already has a member named \"ada\""), "{err}");
    let (code, out, _) = sandtable(&db, &["club", "member", "Bob"], "bob's long password\n");
    assert_eq!(code, 0, "{out}");
    let (_, out, _) = sandtable(&db, &["club", "list"], "");
    assert_eq!(out, "Ada  (administrator)\nBob\n");
    let (code, _, err) = sandtable(&db, &["club", "password", "Zed"], "whatever it is long\n");
    assert_eq!(code, 2);
    assert!(err.contains("no member named \"Zed\""), "{err}");

    // With an administrator the club server starts, and a browser is shown where to sign in.
    let mut server = Command::new(env!("CARGO_BIN_EXE_sandtable"))
        .args(["--db"])
        .arg(&db)
        .args(["serve", "--club", "--port", "0"])
        .env_remove("SANDTABLE_DATABASE_URL")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(server.stdout.take().unwrap()).read_line(&mut first).unwrap();
    let port = first.trim().rsplit(':').next().unwrap().to_string();
    let mut stream = std::net::TcpStream::connect(format!("127.0.0.1:{port}")).unwrap();
    write!(stream, "GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAccept: text/html\r\nConnection: close\r\n\r\n")
        .unwrap();
    let mut page = String::new();
    stream.read_to_string(&mut page).unwrap();
    server.kill().unwrap();
    let _ = server.wait();
    assert!(page.starts_with("HTTP/1.1 401"), "{page}");
    assert!(page.contains("sign in with the name and password"), "{page}");
}
