//! The exports from the command line: a Markdown report written with its maps beside it as PNG files and
//! linked by name, a map and CSVs written to files, a campaign's CSV.
mod common;

use common::Table;

const PNG_SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";

#[test]
fn a_markdown_report_to_a_file_links_its_maps_written_beside_it() {
    let t = Table::new();
    let id = t.new_wall_game();
    t.ok(&["game", "act", &id, r#"{"type":"initiative","dice":[6,2]}"#]);
    t.ok(&["game", "act", &id, r#"{"type":"record_losses","unit":"us-marines","count":3}"#]);
    let out = t.dir.path().join("wall report.md");
    t.ok(&["game", "report", &id, "--at", "0", "--at", "1", "-o", out.to_str().unwrap()]);
    let md = std::fs::read_to_string(&out).unwrap();
    assert!(!md.contains("data:image"), "the maps are files, not inside the text");
    for n in [1, 2] {
        assert!(md.contains(&format!("](wall%20report-map-{n}.png)")), "{md}");
        let png = std::fs::read(t.dir.path().join(format!("wall report-map-{n}.png"))).unwrap();
        assert!(png.starts_with(PNG_SIGNATURE));
    }
    assert!(!t.dir.path().join("wall report-map-3.png").exists());

    let printed = t.ok(&["game", "report", &id, "--format", "html"]);
    assert_eq!(printed.matches("data:image/png;base64,").count(), 2, "the start and the end, inside the page");
}

#[test]
fn a_map_and_the_csvs_are_written_to_files() {
    let t = Table::new();
    let campaign = t.ok(&["campaign", "new", "Peking"]).lines().last().unwrap().trim().to_string();
    let out = t.ok(&["game", "new", "legation-wall", "--seed", "7", "--campaign", &campaign]);
    let id = out.lines().last().unwrap().trim().to_string();
    t.ok(&["game", "act", &id, r#"{"type":"roll","expr":"D6","dice":[4],"label":"a, b"}"#]);
    let map = t.dir.path().join("now.png");
    t.ok(&["game", "map", &id, "-o", map.to_str().unwrap()]);
    assert!(std::fs::read(&map).unwrap().starts_with(PNG_SIGNATURE));
    let refused = t.run(&["game", "map", &id, "--at", "5", "-o", map.to_str().unwrap()]);
    assert_eq!(refused.status.code(), Some(2), "entry 5 is past the log's end");

    let rolls = t.ok(&["game", "csv", &id, "--what", "rolls"]);
    assert_eq!(
        rolls,
        "seq,turn,status,side,unit,action,label,expression,faces,total,dice\r\n0,1,in force,,,roll,\"a, b\",1D6,4,4,typed\r\n"
    );
    let file = t.dir.path().join("losses.csv");
    t.ok(&["campaign", "csv", &campaign, "--what", "losses", "-o", file.to_str().unwrap()]);
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "game,seq,turn,side,unit,lost,figures,cause\r\n");
}
