use super::support::fresh;
use crate::store::StoreError;

#[tokio::test]
async fn members_are_told_apart_by_their_names_folded_in_any_script() {
    let (_dir, store) = fresh().await;
    store.add_member("Émile", "hash", false).await.unwrap();
    let taken = store.add_member(" émile ", "hash", false).await.unwrap_err();
    assert!(matches!(taken, StoreError::Taken { what: "member", .. }), "{taken:?}");
    assert_eq!(store.member_by_name("ÉMILE").await.unwrap().unwrap().name, "Émile");
    assert!(store.member_by_name("Emile").await.unwrap().is_none(), "an accent is a letter of its own");
}

#[tokio::test]
async fn a_members_tries_are_counted_before_they_are_checked_and_start_again_after_a_lockout() {
    let (_dir, store) = fresh().await;
    let ann = store.add_member("Ann", "hash", false).await.unwrap();
    let now = 1_000_000;
    for n in 1..=5 {
        assert_eq!(store.reserve_sign_in(ann.id, 5, now, now + 900).await.unwrap(), Some(n), "try {n}");
    }
    assert_eq!(store.reserve_sign_in(ann.id, 5, now + 1, now + 901).await.unwrap(), None, "locked out");
    assert_eq!(store.member_by_id(ann.id).await.unwrap().unwrap().locked_until, Some(now + 900));
    // The lockout over, the count starts again rather than lock her out at her next slip.
    assert_eq!(store.reserve_sign_in(ann.id, 5, now + 900, now + 1800).await.unwrap(), Some(1));
    assert_eq!(store.member_by_id(ann.id).await.unwrap().unwrap().locked_until, None);
    store.clear_failed_sign_ins(ann.id).await.unwrap();
    assert_eq!(store.reserve_sign_in(ann.id, 5, now + 901, now + 1801).await.unwrap(), Some(1));
}
