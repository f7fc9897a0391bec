//! Notes beside a game's log entries, through the `Api` and a real SQLite file: written, listed in the
//! log's order, kept across a restart and taken away without the game's log changing; refused when empty,
//! too long or beside an entry the game does not have; and, in a Heliograph ambush, worded for each seat
//! so the other side never reads the name of a hidden band in a note, nor in the campaign report.

use sandtable::api::{AnnotationView, Api, Device, ErrorKind, as_device};
use sandtable::game::Action;
use sandtable::rules::Seat;
use serde_json::json;

fn act(json: serde_json::Value) -> Action {
    serde_json::from_value(json).unwrap()
}

async fn legation_wall(api: &Api, notes: usize) -> i64 {
    let id = api.new_game("legation-wall".into(), Some("3".into()), None, None).await.unwrap().id;
    for n in 0..notes {
        api.act(id, Action::Note { text: format!("entry {n}") }).await.unwrap();
    }
    id
}

fn texts(notes: &[AnnotationView]) -> Vec<(u32, &str)> {
    notes.iter().map(|n| (n.at, n.text.as_str())).collect()
}

#[tokio::test]
async fn notes_sit_beside_their_entries_and_leave_the_log_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("table.db");
    let api = Api::open(&db).await.unwrap();
    let id = legation_wall(&api, 5).await;
    let log_before = api.game_log(id, None, None).await.unwrap();

    let late = api.annotate(id, 4, "  the wall held here  ".into()).await.unwrap();
    assert_eq!((late.game, late.at, late.text.as_str()), (id, 4, "the wall held here"), "trimmed");
    assert!(late.created_at.ends_with('Z'), "{}", late.created_at);
    api.annotate(id, 1, "we misread the range".into()).await.unwrap();
    api.annotate(id, 4, "and the Colt jammed".into()).await.unwrap();

    let notes = api.annotations(id).await.unwrap();
    assert_eq!(
        texts(&notes),
        [(1, "we misread the range"), (4, "the wall held here"), (4, "and the Colt jammed")],
        "in the log's order, those on one entry as written"
    );
    assert_eq!(api.game_log(id, None, None).await.unwrap(), log_before, "a note is not an entry");
    assert_eq!(api.game_view(id).await.unwrap().log_total, 5);

    // Another game's notes are its own.
    let other = legation_wall(&api, 1).await;
    api.annotate(other, 0, "a different evening".into()).await.unwrap();
    assert_eq!(api.annotations(id).await.unwrap().len(), 3);

    drop(api);
    let api = Api::open(&db).await.unwrap();
    assert_eq!(api.annotations(id).await.unwrap(), notes, "kept in the store");
    let left = api.remove_annotation(late.id).await.unwrap();
    assert_eq!(texts(&left), [(1, "we misread the range"), (4, "and the Colt jammed")]);
    assert_eq!(api.annotations(id).await.unwrap(), left);
    assert_eq!(api.game_log(id, None, None).await.unwrap(), log_before, "taking a note away leaves the log too");
    let gone = api.remove_annotation(late.id).await.unwrap_err();
    assert_eq!(gone.kind, ErrorKind::NotFound, "{gone:?}");
    assert!(gone.message.contains(&format!("note {} does not exist", late.id)), "{}", gone.message);
}

#[tokio::test]
async fn an_empty_or_long_note_or_one_beside_no_entry_is_refused_and_nothing_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let api = Api::open(&dir.path().join("table.db")).await.unwrap();
    let fresh = legation_wall(&api, 0).await;
    let id = legation_wall(&api, 3).await;

    let refused = |e: sandtable::api::ApiError, says: &str| {
        assert_eq!(e.kind, ErrorKind::BadInput, "{e:?}");
        assert!(e.message.contains(says), "{:?} does not say {says:?}", e.message);
    };
    refused(api.annotate(id, 0, " \n\t ".into()).await.unwrap_err(), "a note needs some words");
    refused(api.annotate(id, 0, "x".repeat(4001)).await.unwrap_err(), "4001 characters long; it may be at most 4000");
    refused(
        api.annotate(id, 3, "after the end".into()).await.unwrap_err(),
        &format!("game {id} has entries 0 to 2, not 3"),
    );
    refused(api.annotate(fresh, 0, "too soon".into()).await.unwrap_err(), "has no entries yet");
    let missing = api.annotate(9999, 0, "nowhere".into()).await.unwrap_err();
    assert_eq!(missing.kind, ErrorKind::NotFound, "{missing:?}");
    assert_eq!(api.annotations(9999).await.unwrap_err().kind, ErrorKind::NotFound);

    assert!(api.annotations(id).await.unwrap().is_empty(), "nothing was written");
    assert!(api.annotate(id, 2, "x".repeat(4000)).await.is_ok(), "4000 characters is a note");
}

/// A Heliograph ambush with the Moros' band activated while it is still a hidden counter to the patrol.
async fn ambush(api: &Api, campaign: i64) -> i64 {
    let id =
        api.new_game("heliograph/jungle-patrol.toml".into(), Some("3".into()), Some(campaign), None).await.unwrap().id;
    api.act(id, act(json!({"type": "initiative", "dice": [1, 6]}))).await.unwrap();
    api.act(id, act(json!({"type": "activate", "unit": "south-band"}))).await.unwrap();
    id
}

fn sitting(seat: Seat) -> Device {
    Device { seat, may_referee: false, club: None }
}

#[tokio::test]
async fn a_seat_that_sees_a_counter_does_not_read_what_is_under_it_in_a_note() {
    let dir = tempfile::tempdir().unwrap();
    let api = Api::open(&dir.path().join("table.db")).await.unwrap();
    let campaign = api.create_campaign("Mindanao".into()).await.unwrap().id;
    api.choose_seat(Seat::Referee).await.unwrap();
    let id = ambush(&api, campaign).await;
    let (_, game) = api.load(id).await.unwrap();
    // Numbered in an order the game's seed shuffles, so the test reads which number the band drew.
    let chit = game.secrets(&Seat::Table).counter("south-band").unwrap().label.clone();
    let written = api.annotate(id, 1, "The Juramentado band waits by the trail".into()).await.unwrap();
    assert_eq!(written.text, "The Juramentado band waits by the trail", "the referee reads it whole");

    for seat in [Seat::Side("us".into()), Seat::Table] {
        let notes = as_device(sitting(seat.clone()), api.annotations(id)).await.unwrap();
        assert_eq!(texts(&notes), [(1, format!("The {chit} waits by the trail").as_str())], "{seat}");
        let report = as_device(sitting(seat.clone()), api.campaign_report(campaign, "md".into())).await.unwrap();
        assert!(report.contains(&format!("*Note: The {chit} waits by the trail*")), "{seat}: {report}");
        assert!(!report.contains("Juramentado"), "{seat} was sent the band's name: {report}");
    }
    let own = as_device(sitting(Seat::Side("moros".into())), api.annotations(id)).await.unwrap();
    assert_eq!(texts(&own), [(1, "The Juramentado band waits by the trail")], "the Moros know their own band");

    // Written from the patrol's tablet, the answer is worded for it too.
    let from_patrol =
        as_device(sitting(Seat::Side("us".into())), api.annotate(id, 0, "Juramentado band? Only a rumour".into()))
            .await
            .unwrap();
    assert_eq!(from_patrol.text, format!("{chit}? Only a rumour"));
}

#[tokio::test]
async fn the_campaign_report_prints_each_note_beside_its_entry() {
    let dir = tempfile::tempdir().unwrap();
    let api = Api::open(&dir.path().join("table.db")).await.unwrap();
    let campaign = api.create_campaign("Peking".into()).await.unwrap().id;
    let id = api.new_game("legation-wall".into(), Some("3".into()), Some(campaign), None).await.unwrap().id;
    api.act(id, Action::Note { text: "the barricade".into() }).await.unwrap();
    api.act(id, act(json!({"type": "roll", "expr": "2D6", "dice": [3, 4]}))).await.unwrap();
    api.act(id, Action::Undo {}).await.unwrap();
    api.annotate(id, 1, "a roll we <should> not have made".into()).await.unwrap();

    let md = api.campaign_report(campaign, "md".into()).await.unwrap();
    let row = md.lines().find(|l| l.contains("*Note:")).unwrap();
    assert!(row.starts_with("| 1 | "), "beside entry 1: {row}");
    assert!(row.contains("(undone) · *Note: a roll we <should> not have made*"), "{row}");
    assert_eq!(md.matches("*Note:").count(), 1, "{md}");

    let html = api.campaign_report(campaign, "html".into()).await.unwrap();
    let row = html.lines().find(|l| l.contains("class=\"note\"")).unwrap();
    assert!(row.starts_with("<tr class=\"undone\"><td>1</td>"), "beside entry 1: {row}");
    assert!(row.contains("<div class=\"note\">Note: a roll we &lt;should&gt; not have made</div>"), "{row}");
}
