use super::super::StoreError;
use super::support::{fresh, is_rfc3339, new_game};

#[tokio::test]
async fn a_game_round_trips_every_field() {
    let (_dir, store) = fresh().await;
    let campaign = store.create_campaign("NW Frontier", "").await.unwrap();
    let new = new_game("Dargai", Some(campaign.id));
    let made = store.create_game(new.clone()).await.unwrap();
    assert_eq!(made, store.game(made.id).await.unwrap());
    assert_eq!(made.campaign_id, Some(campaign.id));
    assert_eq!(
        (&made.name, &made.system, &made.scenario_path, &made.scenario_toml, &made.options_json, made.seed),
        (&new.name, &new.system, &new.scenario_path, &new.scenario_toml, &new.options_json, new.seed)
    );
    assert_eq!(made.event_count, 0);
    assert!(is_rfc3339(&made.created_at), "{}", made.created_at);
}

#[tokio::test]
async fn seeds_round_trip_exactly_across_the_whole_u64_range() {
    let (_dir, store) = fresh().await;
    for seed in [0, 1, i64::MAX as u64, i64::MAX as u64 + 1, u64::MAX - 1, u64::MAX] {
        let made = store.create_game(super::super::NewGame { seed, ..new_game("seeded", None) }).await.unwrap();
        assert_eq!(store.game(made.id).await.unwrap().seed, seed);
        let stored: String = sqlx::query_scalar("SELECT seed FROM games WHERE id = $1")
            .bind(made.id)
            .fetch_one(&store.pool)
            .await
            .unwrap();
        assert_eq!(stored, seed.to_string());
    }
}

#[tokio::test]
async fn games_are_listed_newest_first_with_event_counts_and_by_campaign() {
    let (_dir, store) = fresh().await;
    let campaign = store.create_campaign("Sudan", "").await.unwrap();
    let a = store.create_game(new_game("a", Some(campaign.id))).await.unwrap();
    let b = store.create_game(new_game("b", None)).await.unwrap();
    let c = store.create_game(new_game("c", Some(campaign.id))).await.unwrap();
    for seq in 0..3 {
        store.append_event(a.id, seq, "{}").await.unwrap();
    }
    store.append_event(c.id, 0, "{}").await.unwrap();

    let all = store.list_games(None).await.unwrap();
    assert_eq!(all.iter().map(|g| (g.id, g.event_count)).collect::<Vec<_>>(), [(c.id, 1), (b.id, 0), (a.id, 3)]);
    let in_campaign = store.list_games(Some(campaign.id)).await.unwrap();
    assert_eq!(in_campaign.iter().map(|g| g.id).collect::<Vec<_>>(), [c.id, a.id]);
    assert!(store.list_games(Some(campaign.id + 100)).await.unwrap().is_empty());
}

#[tokio::test]
async fn a_missing_game_is_named_in_the_error() {
    let (_dir, store) = fresh().await;
    let err = store.game(42).await.unwrap_err();
    assert!(matches!(err, StoreError::NotFound { what: "game", id: 42 }), "{err:?}");
    assert_eq!(err.to_string(), "game 42 does not exist");
}

#[tokio::test]
async fn a_game_in_a_missing_campaign_is_refused() {
    let (_dir, store) = fresh().await;
    let err = store.create_game(new_game("orphan", Some(9))).await.unwrap_err();
    assert!(matches!(err, StoreError::NotFound { what: "campaign", id: 9 }), "{err:?}");
    assert!(store.list_games(None).await.unwrap().is_empty());
}

#[tokio::test]
async fn games_can_be_renamed() {
    let (_dir, store) = fresh().await;
    let game = store.create_game(new_game("draft", None)).await.unwrap();
    let renamed = store.rename_game(game.id, "Battle of Ulundi").await.unwrap();
    assert_eq!(renamed.name, "Battle of Ulundi");
    assert_eq!(store.game(game.id).await.unwrap().name, "Battle of Ulundi");
    assert!(matches!(store.rename_game(999, "x").await, Err(StoreError::NotFound { what: "game", id: 999 })));
}

#[tokio::test]
async fn games_move_into_and_out_of_campaigns() {
    let (_dir, store) = fresh().await;
    let campaign = store.create_campaign("Ashanti", "").await.unwrap();
    let game = store.create_game(new_game("Amoaful", None)).await.unwrap();
    assert_eq!(store.set_game_campaign(game.id, Some(campaign.id)).await.unwrap().campaign_id, Some(campaign.id));
    assert_eq!(store.campaign(campaign.id).await.unwrap().game_count, 1);
    assert_eq!(store.set_game_campaign(game.id, None).await.unwrap().campaign_id, None);
    let err = store.set_game_campaign(game.id, Some(77)).await.unwrap_err();
    assert!(matches!(err, StoreError::NotFound { what: "campaign", id: 77 }), "{err:?}");
    let err = store.set_game_campaign(555, None).await.unwrap_err();
    assert!(matches!(err, StoreError::NotFound { what: "game", id: 555 }), "{err:?}");
}
