//! The games list as the app shows it: each game under its scenario's title and its rule system's name,
//! not the file it was read from.

use sandtable::api::Api;

#[tokio::test]
async fn a_listed_game_carries_its_scenario_title_and_system_name() {
    let dir = tempfile::tempdir().unwrap();
    let api = Api::open(&dir.path().join("table.db")).await.unwrap();
    let id = api.new_game("cotta-assault".into(), Some("3".into()), None, None).await.unwrap().id;
    // A renamed game still shows the scenario it was set up from.
    api.store().rename_game(id, "Tuesday's game").await.unwrap();

    let listed = api.list_games(None).await.unwrap();
    let game = listed.iter().find(|g| g.id == id).unwrap();
    assert_eq!(game.name, "Tuesday's game");
    assert_eq!(game.scenario_title, "Assault on the Cotta");
    assert_eq!(game.system_name, "Heliograph");
}
