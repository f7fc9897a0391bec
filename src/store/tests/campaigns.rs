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
