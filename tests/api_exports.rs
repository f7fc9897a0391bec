//! A game written out: its rolls and losses as CSV, its battle map as a PNG and its after-action report,
//! each checked against the game as the test reads it by other means: the log's own entries for the dice,
//! the table replayed entry by entry for who fell, the decoded picture for where a leader stands.

use std::collections::BTreeMap;

use sandtable::api::{Api, GameView};
use sandtable::game::Action;
use sandtable::render::TableFrame;
use sandtable::rules::Seat;
use serde_json::{Value, json};

const MARINES: &str = "Marines, \"Fighting\" Sixth";
const ALLIES_COLOUR: [u8; 3] = [0x5b, 0x9b, 0xd5];
const CLOTH: [u8; 3] = [0xf1, 0xea, 0xd8];

fn scenario() -> String {
    format!(
        "[scenario]\nsystem = \"sand-pebbles\"\ntitle = \"Exports, \\\"tested\\\"\"\ntable = {{ width = 72, depth = 48 }}\n\n\
         [[sides]]\nid = \"allies\"\nname = \"Allies\"\ncolour = \"#5b9bd5\"\nwestern = true\nedge = \"north\"\n\n\
         [[sides]]\nid = \"boxers\"\nname = \"Boxers\"\ncolour = \"#d9534f\"\nedge = \"south\"\n\n\
         [[units]]\nid = \"marines\"\nname = {MARINES:?}\nside = \"allies\"\nkind = \"marines\"\nfigures = 10\nat = [30, 10]\n\n\
         [[units]]\nid = \"boxers\"\nname = \"Boxers of the gate\"\nside = \"boxers\"\nkind = \"boxers\"\nfigures = 12\nat = [30, 25]\n"
    )
}

fn action(v: Value) -> Action {
    serde_json::from_value(v).unwrap()
}

/// A short game with every die typed: a free roll whose label needs quoting, initiatives, a volley taken
/// back and fired again, and losses recorded by hand.
async fn played(api: &Api, campaign: Option<i64>) -> i64 {
    let id = api.new_game_from_text("exports.toml".into(), scenario(), Some("11".into()), campaign).await.unwrap().id;
    let moves = [
        json!({"type": "roll", "expr": "2D6", "dice": [3, 4], "label": "Sniper, \"lucky\" shot"}),
        json!({"type": "note", "text": "Marines hold, \"steady\""}),
        json!({"type": "initiative", "dice": [6, 1]}),
        json!({"type": "choose_order", "first": "allies"}),
        json!({"type": "end_phase"}),
        json!({"type": "end_phase"}),
        json!({"type": "initiative", "dice": [2, 5]}),
        json!({"type": "choose_order", "first": "allies"}),
        json!({"type": "fire", "unit": "marines", "target": "boxers", "dice": [2, 2, 2, 2, 2, 2, 2, 2, 2, 2]}),
        json!({"type": "undo"}),
        json!({"type": "fire", "unit": "marines", "target": "boxers", "dice": [2, 2, 2, 2, 19, 19, 19, 19, 19, 19]}),
        json!({"type": "record_losses", "unit": "marines", "count": 2}),
    ];
    for m in moves {
        api.act(id, action(m)).await.unwrap();
    }
    id
}

/// RFC 4180 read back: quoted fields may hold commas, doubled quotes and line breaks; lines end in CRLF.
fn parse_csv(text: &str) -> Vec<Vec<String>> {
    assert!(text.ends_with("\r\n"), "lines end in CRLF");
    let (mut rows, mut row, mut field) = (Vec::new(), Vec::new(), String::new());
    let mut chars = text.chars().peekable();
    let mut quoted = false;
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                field.push('"');
            }
            (true, '"') => quoted = false,
            (true, c) => field.push(c),
            (false, '"') => {
                assert!(field.is_empty(), "a quote only opens a field: {text}");
                quoted = true;
            }
            (false, ',') => row.push(std::mem::take(&mut field)),
            (false, '\r') => {
                assert_eq!(chars.next(), Some('\n'), "CR only before LF");
                row.push(std::mem::take(&mut field));
                rows.push(std::mem::take(&mut row));
            }
            (false, '\n') => panic!("a bare LF ends a line"),
            (false, c) => field.push(c),
        }
    }
    assert!(!quoted && row.is_empty(), "the text ends on a whole line");
    rows
}

/// The CSV as maps from column to value, its header checked.
fn records(text: &str, header: &[&str]) -> Vec<BTreeMap<String, String>> {
    let mut rows = parse_csv(text).into_iter();
    assert_eq!(rows.next().unwrap(), header);
    rows.map(|r| {
        assert_eq!(r.len(), header.len(), "{r:?}");
        header.iter().map(|h| h.to_string()).zip(r).collect()
    })
    .collect()
}

const ROLLS: &[&str] =
    &["seq", "turn", "status", "side", "unit", "action", "label", "expression", "faces", "total", "dice"];
const LOSSES: &[&str] = &["seq", "turn", "side", "unit", "lost", "figures", "cause"];

/// Live figures of each unit, by unit id.
fn alive(view: &GameView) -> BTreeMap<String, Vec<u32>> {
    view.units.iter().map(|u| (u.id.clone(), u.figures.iter().filter(|f| f.alive).map(|f| f.id).collect())).collect()
}

#[tokio::test]
async fn every_roll_is_a_row_with_its_entry_faces_and_total() {
    let dir = tempfile::tempdir().unwrap();
    let api = Api::open(&dir.path().join("table.db")).await.unwrap();
    let id = played(&api, None).await;
    let log = api.game_log(id, None, None).await.unwrap();
    let rows = records(&api.game_csv(id, "rolls".into()).await.unwrap(), ROLLS);

    let expected: Vec<_> = log.iter().flat_map(|e| e.rolls.iter().map(move |r| (e, r))).collect();
    assert_eq!(rows.len(), expected.len());
    assert_eq!(rows.len(), 1 + 2 + 2 + 2, "the free roll, each side's die at two initiatives, two volleys");
    for (row, (entry, roll)) in rows.iter().zip(&expected) {
        assert_eq!(row["seq"], entry.seq.to_string());
        assert_eq!(row["turn"], entry.turn.to_string());
        assert_eq!(row["status"], if entry.undone { "undone" } else { "in force" });
        assert_eq!(row["action"], entry.kind);
        assert_eq!(row["expression"], roll.expr);
        let faces: Vec<String> = roll.faces.iter().map(i64::to_string).collect();
        assert_eq!(row["faces"], faces.join(" "));
        assert_eq!(row["total"], roll.total.to_string());
        assert_eq!(row["dice"], "typed", "every die of this game was typed");
    }
    let free = &rows[0];
    assert_eq!(
        (free["label"].as_str(), free["faces"].as_str(), free["total"].as_str()),
        ("Sniper, \"lucky\" shot", "3 4", "7")
    );
    let volleys: Vec<_> = rows.iter().filter(|r| r["action"] == "fire").collect();
    assert_eq!(volleys.len(), 2);
    assert_eq!((volleys[0]["status"].as_str(), volleys[1]["status"].as_str()), ("undone", "in force"));
    assert_eq!(volleys[1]["faces"], "2 2 2 2 19 19 19 19 19 19");
    assert!(volleys.iter().all(|r| r["unit"] == MARINES && r["side"] == "Allies"), "{volleys:?}");
}

#[tokio::test]
async fn every_loss_in_force_is_a_row_as_the_table_replayed_shows_it() {
    let dir = tempfile::tempdir().unwrap();
    let api = Api::open(&dir.path().join("table.db")).await.unwrap();
    let id = played(&api, None).await;
    let log = api.game_log(id, None, None).await.unwrap();
    // Who fell at each entry in force: the table just before it against the table just after it.
    let mut expected = Vec::new();
    let mut before = alive(&api.game_view_at(id, 0).await.unwrap());
    for entry in log.iter().skip(1) {
        let after = alive(&api.game_view_at(id, entry.seq).await.unwrap());
        if !entry.undone && entry.kind != "undo" {
            for (unit, standing) in &before {
                let gone: Vec<u32> = standing.iter().copied().filter(|f| !after[unit].contains(f)).collect();
                if !gone.is_empty() {
                    expected.push((entry.seq, unit.clone(), gone, entry.text.clone()));
                }
            }
        }
        before = after;
    }
    let rows = records(&api.game_csv(id, "losses".into()).await.unwrap(), LOSSES);
    assert_eq!(rows.len(), expected.len(), "{rows:?} against {expected:?}");
    assert!(expected.len() >= 2, "the volley's and the marines' own");
    for (row, (seq, unit, gone, text)) in rows.iter().zip(&expected) {
        assert_eq!(row["seq"], seq.to_string());
        let (name, side) = if unit == "marines" { (MARINES, "Allies") } else { ("Boxers of the gate", "Boxers") };
        assert_eq!((row["unit"].as_str(), row["side"].as_str()), (name, side));
        let mut figures: Vec<u32> = row["figures"].split(' ').map(|f| f.parse().unwrap()).collect();
        figures.sort();
        let mut gone = gone.clone();
        gone.sort();
        assert_eq!(figures, gone);
        assert_eq!(row["lost"], gone.len().to_string());
        assert_eq!(&row["cause"], text);
    }
    assert!(rows.iter().any(|r| r["cause"] == format!("{MARINES} lost 2 figures")));
    assert!(api.game_csv(id, "dice".into()).await.unwrap_err().message.contains("rolls or losses"));
}

#[tokio::test]
async fn a_campaigns_csv_holds_each_games_rows_under_its_game() {
    let dir = tempfile::tempdir().unwrap();
    let api = Api::open(&dir.path().join("table.db")).await.unwrap();
    let campaign = api.create_campaign("Pei Ho".into()).await.unwrap().id;
    let first = played(&api, Some(campaign)).await;
    let second = played(&api, Some(campaign)).await;
    let _elsewhere = played(&api, None).await;
    for what in ["rolls", "losses"] {
        let header: Vec<&str> =
            std::iter::once("game").chain(if what == "rolls" { ROLLS } else { LOSSES }.iter().copied()).collect();
        let rows = records(&api.campaign_csv(campaign, what.into()).await.unwrap(), &header);
        let one = records(&api.game_csv(first, what.into()).await.unwrap(), &header[1..]);
        assert_eq!(rows.len(), 2 * one.len(), "{what}: both games of the campaign, not the one outside it");
        let games: Vec<String> = rows.iter().map(|r| r["game"].clone()).collect();
        assert!(games[..one.len()].iter().all(|g| *g == first.to_string()), "oldest first");
        assert!(games[one.len()..].iter().all(|g| *g == second.to_string()));
    }
}

/// The picture's size and its pixel at (x, y) as RGB.
fn decode(png: &[u8]) -> (u32, u32, impl Fn(f32, f32) -> [u8; 3] + use<>) {
    let mut reader = png::Decoder::new(std::io::Cursor::new(png.to_vec())).read_info().unwrap();
    let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut pixels).unwrap();
    let channels = info.color_type.samples();
    let (width, height) = (info.width, info.height);
    let at = move |x: f32, y: f32| {
        let i = (y.round() as usize * width as usize + x.round() as usize) * channels;
        [pixels[i], pixels[i + 1], pixels[i + 2]]
    };
    (width, height, at)
}

fn base64(text: &str) -> Vec<u8> {
    use base64::Engine;
    base64::engine::general_purpose::STANDARD.decode(text).unwrap()
}

#[tokio::test]
async fn the_map_draws_each_leader_in_his_sides_colour_on_the_cloth() {
    let dir = tempfile::tempdir().unwrap();
    let api = Api::open(&dir.path().join("table.db")).await.unwrap();
    let id = played(&api, None).await;
    let view = api.game_view(id).await.unwrap();
    let (width, height, pixel) = decode(&base64(&api.game_map(id, None).await.unwrap()));
    let frame = TableFrame::of(&view.table);
    assert_eq!((frame.width, frame.height), (1200.0, 800.0), "a 72\" × 48\" table at 1200 pixels wide");
    assert_eq!(width as f32, frame.width + 2.0 * frame.left);
    assert!(height as f32 > frame.top + frame.height + 60.0, "the scale bar and the legend under the table");

    let marines = view.units.iter().find(|u| u.id == "marines").unwrap();
    let leader = marines.figures.iter().find(|f| f.role == sandtable::roster::Role::Leader && f.alive).unwrap();
    let (x, y) = frame.at(leader.pos);
    assert_eq!(pixel(x, y), ALLIES_COLOUR, "the leader's dot");
    // A dead figure is left off: where each stood is never his side's colour, and bare cloth where no
    // number was set over it.
    let fallen: Vec<[u8; 3]> =
        marines.figures.iter().filter(|f| !f.alive).map(|f| frame.at(f.pos)).map(|(x, y)| pixel(x, y)).collect();
    assert_eq!(fallen.len(), 2);
    assert!(fallen.iter().all(|p| *p != ALLIES_COLOUR) && fallen.contains(&CLOTH), "{fallen:?}");
    let (x, y) = frame.at(sandtable::measure::Pt::new(3.0, 45.0));
    assert_eq!(pixel(x, y), CLOTH, "bare table");
    assert_eq!(pixel(2.0, 2.0), [255, 255, 255], "paper round the table");

    // After entry 8, the volley later taken back: its dead are off the table then.
    let then = api.game_view_at(id, 8).await.unwrap();
    let (_, _, earlier) = decode(&base64(&api.game_map(id, Some(8)).await.unwrap()));
    let boxers = then.units.iter().find(|u| u.id == "boxers").unwrap();
    let dead: Vec<[u8; 3]> =
        boxers.figures.iter().filter(|f| !f.alive).map(|f| frame.at(f.pos)).map(|(x, y)| earlier(x, y)).collect();
    assert!(!dead.is_empty(), "the first volley hit");
    assert!(dead.iter().all(|p| *p != [0xd9, 0x53, 0x4f]) && dead.contains(&CLOTH), "{dead:?}");
    assert!(api.game_map(id, Some(99)).await.unwrap_err().message.contains("not 99"));
}

#[tokio::test]
async fn a_hidden_unit_is_drawn_as_a_chit_for_the_side_that_has_not_sighted_it() {
    let dir = tempfile::tempdir().unwrap();
    let api = Api::open(&dir.path().join("table.db")).await.unwrap();
    let id = api.new_game("jungle-patrol".into(), Some("3".into()), None, None).await.unwrap().id;
    api.act(id, action(json!({"type": "note", "text": "the patrol sets off"}))).await.unwrap();
    api.choose_seat(Seat::Referee).await.unwrap();
    let referee = api.game_view(id).await.unwrap();
    let band = referee.units.iter().find(|u| u.id == "north-band").unwrap();
    // The chit stands where the band's leader does, or its first man where it has none.
    let leader = band.figures.iter().find(|f| f.role == sandtable::roster::Role::Leader).unwrap_or(&band.figures[0]);
    let frame = TableFrame::of(&referee.table);
    let (x, y) = frame.at(leader.pos);

    let (_, _, seen_whole) = decode(&base64(&api.game_map(id, None).await.unwrap()));
    assert_eq!(seen_whole(x, y), [0xd9, 0x53, 0x4f], "the referee sees the band's leader");
    api.choose_seat(Seat::Side("us".into())).await.unwrap();
    let (_, _, seen_by_us) = decode(&base64(&api.game_map(id, None).await.unwrap()));
    // Left of the chit's "?", inside its square.
    assert_eq!(seen_by_us(x - 0.3 * frame.ppi, y), [0x3a, 0x34, 0x2a], "a chit, not the band");
    let report = api.game_report(id, "md".into(), None).await.unwrap();
    let (_, game) = api.load(id).await.unwrap();
    let chit = game.secrets(&Seat::Side("us".into())).counter("north-band").unwrap().label.clone();
    assert!(!report.contains(&band.name) && report.contains(&chit), "the report is the seat's too");
}

#[tokio::test]
async fn the_report_gives_the_result_the_losses_and_the_maps() {
    let dir = tempfile::tempdir().unwrap();
    let api = Api::open(&dir.path().join("table.db")).await.unwrap();
    let campaign = api.create_campaign("Pei Ho".into()).await.unwrap().id;
    let id = played(&api, Some(campaign)).await;
    let losses = records(&api.game_csv(id, "losses".into()).await.unwrap(), LOSSES);
    let lost = |side: &str| {
        losses.iter().filter(|r| r["side"] == side).map(|r| r["lost"].parse::<usize>().unwrap()).sum::<usize>()
    };
    let (_, game) = api.load(id).await.unwrap();
    let scenario = game.scenario();
    let result = scenario.rules.result(scenario, game.state());

    let md = api.game_report(id, "md".into(), None).await.unwrap();
    assert!(md.starts_with("# After-action report: Exports, \"tested\""), "{}", &md[..200]);
    assert!(md.contains("in the campaign Pei Ho"));
    match &result {
        Some(r) => assert!(md.contains(r.verdict.trim_end_matches('.')), "the system's verdict"),
        None => assert!(md.contains("The rules name no result")),
    }
    assert!(md.contains(&format!("| Allies | {} |", lost("Allies"))) && lost("Allies") == 2, "{md}");
    assert!(md.contains(&format!("| Boxers | {} |", lost("Boxers"))) && lost("Boxers") > 0);
    assert!(md.contains("| Marines, \"Fighting\" Sixth | Marines | 8 of 10 |"), "forces: {md}");
    assert_eq!(md.matches("](data:image/png;base64,").count(), 2, "the start and the end");
    assert!(md.contains("The table as set up") && md.contains("after entry 11"));
    assert!(md.contains("Sniper, \"lucky\" shot: 2D6 = 7 [3, 4] (typed)"), "the log with its dice");

    let html = api.game_report(id, "html".into(), Some(vec![3, 8, 3])).await.unwrap();
    assert_eq!(html.matches("<img src=\"data:image/png;base64,").count(), 2, "each moment once");
    assert!(html.contains("after entry 3") && html.contains("after entry 8") && !html.contains("as set up"));
    assert!(
        html.contains("@media print")
            && html.contains("<title>After-action report: Exports, &quot;tested&quot;</title>")
    );
    assert!(html.contains("Marines, &quot;Fighting&quot; Sixth"));
    assert!(api.game_report(id, "pdf".into(), None).await.unwrap_err().message.contains("md or html"));
    assert!(api.game_report(id, "md".into(), Some(vec![40])).await.unwrap_err().message.contains("not 40"));

    let campaign_page = api.campaign_report(campaign, "html".into()).await.unwrap();
    assert_eq!(campaign_page.matches("<img src=\"data:image/png;base64,").count(), 1, "the battle's final map");
}

/// `colour` laid at the map's area opacity over the cloth, as an area of the system's own ground shows.
fn over_cloth(colour: [u8; 3]) -> [u8; 3] {
    let a = 96.0 / 255.0;
    [0, 1, 2].map(|i| (f64::from(CLOTH[i]) * (1.0 - a) + f64::from(colour[i]) * a).round() as u8)
}

fn near(seen: [u8; 3], wanted: [u8; 3]) -> bool {
    seen.iter().zip(wanted).all(|(s, w)| s.abs_diff(w) <= 3)
}

#[tokio::test]
async fn a_board_of_squares_shows_its_woods_in_the_squares_the_scenario_names() {
    let dir = tempfile::tempdir().unwrap();
    let api = Api::open(&dir.path().join("table.db")).await.unwrap();
    let id = api.new_game("zulu-war".into(), Some("5".into()), None, None).await.unwrap().id;
    let view = api.game_view(id).await.unwrap();
    let (_, _, pixel) = decode(&base64(&api.game_map(id, None).await.unwrap()));
    let frame = TableFrame::of(&view.table);
    // `woods = ["B4", ...]`: the second column, fourth row, of 50 mm squares.
    let side = 50.0 / 25.4;
    let (x, y) = frame.at(sandtable::measure::Pt::new(1.5 * side, 3.5 * side));
    assert!(near(pixel(x, y), over_cloth([0x4f, 0x7a, 0x3a])), "woods at B4: {:?}", pixel(x, y));
    let (x, y) = frame.at(sandtable::measure::Pt::new(0.5 * side, 11.5 * side));
    assert_eq!(pixel(x, y), CLOTH, "open ground at A12, and no 6\" line across the squares");
}

#[tokio::test]
async fn a_zone_map_shows_each_zone_and_what_stands_in_it() {
    let dir = tempfile::tempdir().unwrap();
    let api = Api::open(&dir.path().join("table.db")).await.unwrap();
    let id = api.new_game("the-55-days".into(), Some("5".into()), None, None).await.unwrap().id;
    let view = api.game_view(id).await.unwrap();
    let (_, _, pixel) = decode(&base64(&api.game_map(id, None).await.unwrap()));
    let frame = TableFrame::of(&view.table);
    // "British Legation (south)", rect = [3, 7, 7, 2.5]: its lower left corner, clear of its words.
    let (x, y) = frame.at(sandtable::measure::Pt::new(3.3, 9.2));
    assert!(near(pixel(x, y), over_cloth([0x5a, 0x7f, 0xb0])), "a legation's zone: {:?}", pixel(x, y));
    let counted = view.map_marks.labels.iter().filter(|l| l.side.as_deref() == Some("powers")).count();
    assert!(counted > 0, "the defenders are counted in their zones");
}
