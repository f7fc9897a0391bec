//! A campaign's report names the campaign and tells each battle in the order fought, with its whole log
//! (more than the game view's window) and dice; the printable page escapes what players typed.

use sandtable::api::Api;
use sandtable::game::Action;
use serde_json::json;

#[tokio::test]
async fn the_report_tells_every_battle_in_order_with_its_whole_log() {
    let dir = tempfile::tempdir().unwrap();
    let api = Api::open(&dir.path().join("table.db")).await.unwrap();
    let campaign = api.create_campaign("Pei Ho <1900>".into()).await.unwrap();
    let first = api.new_game("legation-wall".into(), Some("5".into()), Some(campaign.id), None).await.unwrap().id;
    let second = api.new_game("cotta-assault".into(), Some("3".into()), Some(campaign.id), None).await.unwrap().id;
    for n in 0..15 {
        let note: Action = serde_json::from_value(json!({"type": "note", "text": format!("note {n} & more")})).unwrap();
        api.act(first, note).await.unwrap();
    }
    api.act(second, serde_json::from_value(json!({"type": "roll", "expr": "2D6", "dice": [3, 4]})).unwrap())
        .await
        .unwrap();
    // A battle its rules have not ended: its system's verdict is where it stands, not how it ended.
    api.new_game("zulu-war".into(), Some("3".into()), Some(campaign.id), None).await.unwrap();

    let md = api.campaign_report(campaign.id, "md".into()).await.unwrap();
    assert!(md.starts_with("# Campaign: Pei Ho <1900>"), "{md}");
    let (legation, cotta) =
        (md.find("## 1. Holding the Legation Wall").unwrap(), md.find("## 2. Assault on the Cotta").unwrap());
    assert!(legation < cotta, "oldest first");
    assert!(md.contains("note 0 & more") && md.contains("note 14 & more"), "the whole log, not the view's newest 12");
    assert!(md.contains("[3, 4]"), "with the dice: {md}");
    let zulu = md.lines().find(|l| l.starts_with("| 3 |")).expect("the third battle's row");
    assert!(zulu.contains("| So far: A draw"), "an unfinished battle's verdict says it is so far: {zulu}");

    let html = api.campaign_report(campaign.id, "html".into()).await.unwrap();
    assert!(html.contains("<h1>Campaign: Pei Ho &lt;1900&gt;</h1>") && html.contains("note 3 &amp; more"));
    assert!(api.campaign_report(campaign.id, "pdf".into()).await.unwrap_err().message.contains("md or html"));
}
