//! The scenario editor's engine side: a scenario built from blank by edits, each checked by the loader
//! with the problem at its field; saved in the player's folder, listed beside the shipped ones, played,
//! and shared by file with another database; refusals change nothing.

use sandtable::api::Api;
use sandtable::scenario::edit::{Edit, PathStep};
use serde_json::{Value, json};

async fn open() -> (tempfile::TempDir, Api) {
    let dir = tempfile::tempdir().unwrap();
    let api = Api::open(&dir.path().join("table.db")).await.unwrap();
    (dir, api)
}

fn path(steps: Value) -> Vec<PathStep> {
    serde_json::from_value(steps).unwrap()
}

fn set(steps: Value, value: Value) -> Edit {
    Edit::Set { path: path(steps), value }
}

fn append(steps: Value, value: Value) -> Edit {
    Edit::Append { path: path(steps), value }
}

/// A small Heliograph scenario from blank: a jungle, two units a side apart.
fn building_edits() -> Vec<Edit> {
    vec![
        set(json!(["scenario", "title"]), json!("Trail at dusk")),
        append(
            json!(["terrain"]),
            json!({"name": "Jungle", "cover": "jungle", "polygon": [[0, 0], [72, 0], [72, 16], [0, 16]]}),
        ),
        append(
            json!(["units"]),
            json!({"id": "squad", "name": "1st Squad", "side": "us", "kind": "us_infantry", "figures": 8, "at": [10, 30], "facing": 90, "morale": 70}),
        ),
        append(
            json!(["units"]),
            json!({"id": "band", "name": "Moro band", "side": "moros", "kind": "moro_warriors", "figures": 10, "at": [60, 30], "facing": 270, "morale": 60}),
        ),
    ]
}

#[tokio::test]
async fn a_scenario_built_from_blank_loads_saves_lists_and_plays() {
    let (_dir, api) = open().await;
    let blank = api.blank_scenario("heliograph".into()).await.unwrap();
    let draft = api.edit_scenario(blank.text.clone(), building_edits()).await.unwrap();
    assert!(draft.problem.is_none(), "{:?}\n{}", draft.problem, draft.text);
    let forces = &draft.forces;
    assert_eq!(forces.len(), 2);
    assert_eq!((forces[0].units, forces[0].figures), (1, 8));
    assert_eq!((forces[1].units, forces[1].figures), (1, 10));
    assert!(draft.preview.as_ref().unwrap().units.iter().any(|u| u.id == "band"));

    // A unit moved off the table is refused at that unit's `at`.
    let off =
        api.edit_scenario(draft.text.clone(), vec![set(json!(["units", 1, "at"]), json!([90, 30]))]).await.unwrap();
    let problem = off.problem.expect("a unit off the table is a problem");
    assert_eq!(&problem.path[..3], &path(json!(["units", 1, "at"]))[..], "{problem:?}");
    assert!(problem.line.is_some());

    // A side's deployment zone holds its units: one set out beyond it is refused at its `at`.
    let zoned = api
        .edit_scenario(
            draft.text.clone(),
            vec![set(json!(["sides", 1, "deployment"]), json!([[48, 0], [72, 0], [72, 48], [48, 48]]))],
        )
        .await
        .unwrap();
    assert!(zoned.problem.is_none(), "{:?}", zoned.problem);
    let zone = zoned.preview.as_ref().unwrap().sides[1].deployment.clone().unwrap();
    assert_eq!(zone.len(), 4);
    let strayed =
        api.edit_scenario(zoned.text.clone(), vec![set(json!(["units", 1, "at"]), json!([40, 30]))]).await.unwrap();
    let problem = strayed.problem.expect("a unit outside its deployment zone is a problem");
    assert!(problem.message.contains("deployment zone of Moros"), "{}", problem.message);
    assert_eq!(&problem.path[..3], &path(json!(["units", 1, "at"]))[..]);

    let saved = api.save_scenario(draft.text.clone(), None, false).await.unwrap();
    assert_eq!(saved.path, "yours/trail-at-dusk");
    let again = api.save_scenario(draft.text.clone(), None, false).await.unwrap_err();
    assert!(again.to_string().contains("already exists"), "{again}");
    let list = api.list_scenarios().await.unwrap();
    let own: Vec<_> = list.iter().filter(|s| s.own).collect();
    assert_eq!(own.len(), 1);
    assert_eq!(own[0].title, "Trail at dusk");
    assert!(list.iter().any(|s| !s.own), "the shipped scenarios are still listed");

    let game = api.new_game(saved.path.clone(), Some("3".into()), None, None).await.unwrap();
    assert_eq!(game.scenario_title, "Trail at dusk");

    // Shared with a friend: the text exported here imports there and plays the same.
    let text = api.scenario_text(saved.path.clone()).await.unwrap();
    assert_eq!(text, draft.text);
    let (_away_dir, away) = open().await;
    let imported = away.import_scenario("trail-at-dusk.toml".into(), text.clone()).await.unwrap();
    assert_eq!(imported.path, "yours/trail-at-dusk");
    assert_eq!(away.scenario_text(imported.path).await.unwrap(), text);
}

#[tokio::test]
async fn refusals_change_nothing() {
    let (dir, api) = open().await;
    let blank = api.blank_scenario("heliograph".into()).await.unwrap();
    // An edit that cannot be made refuses the whole batch.
    let refused = api
        .edit_scenario(
            blank.text.clone(),
            vec![set(json!(["scenario", "title"]), json!("X")), Edit::Remove { path: path(json!(["units", 4])) }],
        )
        .await
        .unwrap_err();
    assert!(refused.to_string().contains("units[4]"), "{refused}");
    // A file that does not load is neither saved nor imported.
    assert!(api.save_scenario(blank.text.clone() + "\n[oops\n", None, false).await.is_err());
    let bad = api.import_scenario("bad.toml".into(), "[scenario]\nsystem = \"chess\"\n".into()).await.unwrap_err();
    assert!(bad.to_string().contains("chess"), "{bad}");
    assert!(!dir.path().join("scenarios").exists(), "nothing was written");
    assert!(api.list_scenarios().await.unwrap().iter().all(|s| !s.own));
    assert!(api.blank_scenario("chess".into()).await.is_err());
}

#[tokio::test]
async fn the_folder_is_the_players_to_choose_and_a_broken_file_is_listed_with_why() {
    let (dir, api) = open().await;
    let default = api.scenario_folder().await.unwrap();
    assert!(!default.chosen);
    let chosen = dir.path().join("mine");
    let view = api.set_scenario_folder(Some(chosen.display().to_string())).await.unwrap();
    assert!(view.chosen && view.path == chosen.display().to_string());
    assert!(api.set_scenario_folder(Some("relative/path".into())).await.is_err());
    std::fs::create_dir_all(&chosen).unwrap();
    std::fs::write(chosen.join("half-done.toml"), "[scenario]\ntitle = \"Half\"\n").unwrap();
    let list = api.list_scenarios().await.unwrap();
    let broken = list.iter().find(|s| s.own).unwrap();
    assert_eq!(broken.path, "yours/half-done");
    assert!(broken.problem.as_deref().unwrap().contains("system"), "{:?}", broken.problem);
    assert!(api.new_game("yours/half-done".into(), None, None, None).await.is_err());
    assert!(!api.set_scenario_folder(None).await.unwrap().chosen);
}

#[tokio::test]
async fn every_systems_blank_reads_and_names_what_is_missing() {
    let (_dir, api) = open().await;
    for system in sandtable::rules::known_ids() {
        let draft = api.blank_scenario(system.into()).await.unwrap();
        assert!(draft.document.is_some(), "{system}");
        let info = api.scenario_editor_info(system.into()).await.unwrap();
        assert!(!info.kinds.is_empty(), "{system}");
        assert!(draft.problem.is_none(), "{system}'s blank does not load: {:?}", draft.problem);
    }
}

/// A tablet at one side learns nothing of the other's hidden units from the scenario list or a scenario's
/// text; the host's machine, where scenarios are written, reads them whole.
#[tokio::test]
async fn a_tablet_is_not_shown_a_scenarios_hidden_units() {
    use sandtable::api::{Device, as_device};
    use sandtable::rules::Seat;
    let (_dir, api) = open().await;
    let patrol = "heliograph/jungle-patrol.toml";
    let tablet = Device { seat: Seat::Side("us".into()), may_referee: false, club: None };
    let (listed, text) = as_device(tablet, async {
        let list = api.list_scenarios().await.unwrap();
        (list.into_iter().find(|s| s.path == patrol).unwrap(), api.scenario_text(patrol.into()).await)
    })
    .await;
    assert!(listed.units.iter().all(|u| u.side == "us"), "{:?}", listed.units);
    assert!(text.unwrap_err().to_string().contains("hides units"));
    let host = api.list_scenarios().await.unwrap().into_iter().find(|s| s.path == patrol).unwrap();
    assert!(host.units.iter().any(|u| u.side == "moros"));
    assert!(api.scenario_text(patrol.into()).await.unwrap().contains("moros"));
}
