use super::super::StoreError;
use super::support::{fresh, is_rfc3339, new_game};

#[tokio::test]
async fn campaigns_are_created_and_listed_newest_first_with_game_counts() {
    let (_dir, store) = fresh().await;
    let first = store.create_campaign("Zulu War", "1879").await.unwrap();
    let second = store.create_campaign("Sudan", "").await.unwrap();
    assert_eq!((first.name.as_str(), first.notes.as_str(), first.game_count), ("Zulu War", "1879", 0));
    assert!(is_rfc3339(&first.created_at), "{}", first.created_at);

    store.create_game(new_game("Isandlwana", Some(first.id))).await.unwrap();
    store.create_game(new_game("Rorke's Drift", Some(first.id))).await.unwrap();
    store.create_game(new_game("loose", None)).await.unwrap();

    let listed = store.list_campaigns().await.unwrap();
    assert_eq!(listed.iter().map(|c| c.id).collect::<Vec<_>>(), [second.id, first.id]);
    assert_eq!(listed[1].game_count, 2);
    assert_eq!(listed[0].game_count, 0);
    assert_eq!(store.campaign(first.id).await.unwrap(), listed[1]);
}

#[tokio::test]
async fn a_missing_campaign_is_named_in_the_error() {
    let (_dir, store) = fresh().await;
    let err = store.campaign(7).await.unwrap_err();
    assert!(matches!(err, StoreError::NotFound { what: "campaign", id: 7 }), "{err:?}");
    assert_eq!(err.to_string(), "campaign 7 does not exist");
}

#[tokio::test]
async fn no_two_campaigns_share_a_name_in_any_case_and_one_is_renamed_freely() {
    let (_dir, store) = fresh().await;
    let zulu = store.create_campaign("Zulu War", "").await.unwrap();
    let sudan = store.create_campaign("Sudan", "").await.unwrap();
    let err = store.create_campaign("zulu war", "").await.unwrap_err();
    assert!(matches!(&err, StoreError::Taken { what: "campaign", .. }), "{err:?}");
    assert!(err.to_string().contains("already a campaign named \"zulu war\""), "{err}");
    assert!(matches!(store.rename_campaign(sudan.id, "ZULU WAR").await, Err(StoreError::Taken { .. })));
    assert_eq!(store.rename_campaign(zulu.id, "Zulu War, 1879").await.unwrap().name, "Zulu War, 1879");
    assert_eq!(store.rename_campaign(sudan.id, "sudan").await.unwrap().name, "sudan", "its own name, recased");
    assert_eq!(store.list_campaigns().await.unwrap().len(), 2, "a refused name made nothing");
}

#[tokio::test]
async fn campaigns_and_games_put_away_leave_the_lists_whole_and_come_back() {
    let (_dir, store) = fresh().await;
    let zulu = store.create_campaign("Zulu War", "").await.unwrap();
    let game = store.create_game(new_game("Isandlwana", Some(zulu.id))).await.unwrap();
    store.append_event(game.id, 0, "{}").await.unwrap();

    let put_away = store.archive_game(game.id, true).await.unwrap();
    assert!(put_away.archived);
    assert!(store.list_games(None).await.unwrap().is_empty());
    assert_eq!(store.archived_games(None).await.unwrap()[0].event_count, 1, "kept whole");
    assert!(store.archive_game(game.id, true).await.unwrap().archived, "twice is still put away");
    assert!(!store.archive_game(game.id, false).await.unwrap().archived);
    assert_eq!(store.list_games(Some(zulu.id)).await.unwrap().len(), 1);

    assert!(store.archive_campaign(zulu.id, true).await.unwrap().archived);
    assert!(store.list_campaigns().await.unwrap().is_empty());
    assert_eq!(store.archived_campaigns().await.unwrap()[0].game_count, 1, "its games stay in it");
    assert_eq!(store.game(game.id).await.unwrap().campaign_id, Some(zulu.id));
    assert!(!store.archive_campaign(zulu.id, false).await.unwrap().archived);
    assert!(matches!(store.archive_game(99, true).await, Err(StoreError::NotFound { what: "game", id: 99 })));
}
