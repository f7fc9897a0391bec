//! A campaign's record through the real store: two battles of Assault on the Cotta fought with typed dice,
//! named units carried from the first into the second. The losses, each unit's history and the second
//! battle's starting figures are checked against numbers worked out here from the scenario's text and the
//! dice typed, not read back from the engine; refused carries store nothing.

use std::collections::BTreeMap;

use sandtable::api::{Api, BattleView, CampaignRecordView, Carry, ErrorKind, ResultFrom, UnitOverride};
use sandtable::rules::Seat;

mod common;
use common::cotta::{COTTA, act, fielded, figures_of, first_battle, hits, referee_table, volley_at_the_wall};

fn battle(record: &CampaignRecordView, game: i64) -> &BattleView {
    record.battles.iter().find(|b| b.game == game).unwrap()
}

fn losses(b: &BattleView) -> BTreeMap<String, (u32, u32)> {
    b.losses.iter().map(|s| (s.side.clone(), (s.lost, s.started))).collect()
}

#[tokio::test]
async fn units_carry_from_battle_to_battle_with_their_losses_and_history() {
    let (_dir, api) = referee_table().await;
    let campaign = api.create_campaign("Lake Lanao".into()).await.unwrap().id;
    let players = api.set_campaign_players(campaign, vec![" Ann ".into(), "".into(), "Bob".into()]).await.unwrap();
    assert_eq!(players.players, ["Ann", "Bob"]);

    // The first battle: the riflemen lose a figure for each 9; Company A loses three by hand.
    let first = first_battle(&api, campaign).await;
    let first_dice = [9, 1, 9, 1, 1, 9, 1, 1, 1, 1];
    volley_at_the_wall(&api, first, &first_dice).await;
    api.act(first, act(r#"{"type":"record_losses","unit":"company-a","count":3}"#)).await.unwrap();
    let (company_a, riflemen) = (figures_of(COTTA, "company-a"), figures_of(COTTA, "cotta-riflemen"));
    let riflemen_lost = hits(&first_dice);
    let us = fielded(COTTA, true)["us"];
    let moros = fielded(COTTA, true)["moros"];

    let record = api.campaign_record(campaign).await.unwrap();
    assert_eq!(record.systems.iter().map(|s| s.id.as_str()).collect::<Vec<_>>(), ["heliograph"]);
    let b1 = battle(&record, first);
    assert_eq!(b1.scenario_title, "Assault on the Cotta");
    assert_eq!(losses(b1)["us"], (3, us));
    assert_eq!(losses(b1)["moros"], (riflemen_lost, moros));
    assert!(!b1.closed, "nothing is carried over until the battle is closed");

    // At the table's shared screen the warriors hidden in the jungle are not counted: their strength
    // stays the Moros' secret.
    api.choose_seat(Seat::Table).await.unwrap();
    let shared = api.campaign_record(campaign).await.unwrap();
    assert_eq!(losses(battle(&shared, first))["moros"], (riflemen_lost, fielded(COTTA, false)["moros"]));
    assert!(battle(&shared, first).units.iter().all(|u| u.id != "warriors"));
    // They are said to be hidden, not counted as fielding nobody.
    let moros_seen = battle(&shared, first).losses.iter().find(|s| s.side == "moros").unwrap().clone();
    assert_eq!(moros_seen.hidden, 1, "the warriors in the jungle: {moros_seen:?}");
    assert!(moros_seen.words().ends_with(", 1 unit hidden"), "{}", moros_seen.words());
    assert!(b1.losses.iter().all(|s| s.hidden == 0), "the referee sees every unit: {:?}", b1.losses);
    api.choose_seat(Seat::Referee).await.unwrap();

    // The players' record: the system's own verdict wins only once its rules have ended the battle.
    let b1 = api
        .record_battle(
            first,
            Some("2026-11-20".into()),
            Some("The cotta held".into()),
            Some("Moros of the cotta".into()),
            Some("Rain all evening".into()),
        )
        .await
        .unwrap();
    let (_, game) = api.load(first).await.unwrap();
    let expected = match game.scenario().rules.result(game.scenario(), game.state()) {
        Some(v) if v.ended => (v.verdict, ResultFrom::System),
        _ => ("The cotta held".to_string(), ResultFrom::Recorded),
    };
    assert_eq!((b1.result.text.clone(), b1.result.from), expected);
    assert_eq!(
        (b1.played_on.as_str(), b1.recorded.winner.as_deref(), b1.notes.as_str()),
        ("2026-11-20", Some("moros"), "Rain all evening")
    );
    let kept = api.record_battle(first, None, None, None, None).await.unwrap();
    assert_eq!(
        (kept.played_on, kept.recorded.result, kept.notes),
        ("2026-11-20".into(), "The cotta held".into(), b1.notes)
    );

    // Closed by survivors, then closed again by half with the riflemen's own number: the second stands.
    api.close_battle(first, "survivors".into(), vec![]).await.unwrap();
    let override_note = "Recruits from the barrio";
    let closed = api
        .close_battle(
            first,
            "half".into(),
            vec![UnitOverride {
                unit: "Riflemen on the wall".into(),
                figures: Some(9),
                note: Some(override_note.into()),
            }],
        )
        .await
        .unwrap();
    assert!(battle(&closed, first).closed);
    let a_alive = company_a - 3;
    let a_next = a_alive + 3 / 2;
    let r_alive = riflemen - riflemen_lost;
    let unit = |r: &CampaignRecordView, name: &str| r.roster.iter().find(|u| u.name == name).unwrap().clone();
    let a = unit(&closed, "Company A");
    assert_eq!((a.raised, a.next, a.side.as_str()), (company_a, Some(a_next), "U.S. column"));
    let line = &a.history[0];
    assert_eq!(
        (line.started, line.lost, line.ended, line.next, line.rule.as_deref()),
        (company_a, Some(3), Some(a_alive), Some(a_next), Some("half"))
    );
    let r = unit(&closed, "Riflemen on the wall");
    let line = &r.history[0];
    assert_eq!(
        (line.lost, line.ended, line.next, line.rule.as_deref(), line.note.as_str()),
        (Some(riflemen_lost), Some(r_alive), Some(9), Some("set"), override_note)
    );

    // Refused carries store nothing.
    let games_before = api.list_games(Some(campaign)).await.unwrap().len();
    let record_before = api.campaign_record(campaign).await.unwrap();
    let carry = |roster_unit: i64, scenario_unit: &str| Carry { roster_unit, scenario_unit: scenario_unit.into() };
    let refusals = [
        ("cotta-assault", vec![carry(9999, "company-b")], ErrorKind::NotFound, "no unit 9999 on the roster"),
        (
            "cotta-assault",
            vec![carry(a.id, "cotta-riflemen")],
            ErrorKind::BadInput,
            "carry it into a unit of its own side",
        ),
        ("cotta-assault", vec![carry(a.id, "nobody")], ErrorKind::BadInput, "has no unit \"nobody\""),
        (
            "cotta-assault",
            vec![carry(a.id, "company-b"), carry(a.id, "company-a")],
            ErrorKind::BadInput,
            "carried in twice",
        ),
        ("zulu-war", vec![carry(a.id, "anything")], ErrorKind::BadInput, "so no unit can carry figures into"),
    ];
    for (scenario, carry, kind, says) in refusals {
        let e = api.new_campaign_game(scenario.into(), Some("3".into()), campaign, None, carry).await.unwrap_err();
        assert_eq!(e.kind, kind, "{}", e.message);
        assert!(e.message.contains(says), "{}", e.message);
    }
    assert_eq!(api.list_games(Some(campaign)).await.unwrap().len(), games_before);
    assert_eq!(api.campaign_record(campaign).await.unwrap(), record_before);

    // The second battle: Company A fights as Company B and the riflemen hold the wall again, each with what
    // the first battle left it.
    let second = api
        .new_campaign_game(
            "cotta-assault".into(),
            Some("8".into()),
            campaign,
            None,
            vec![carry(a.id, "company-b"), carry(r.id, "cotta-riflemen")],
        )
        .await
        .unwrap();
    let fielded_now = |id: &str| second.units.iter().find(|u| u.id == id).map(|u| (u.total, u.alive)).unwrap();
    assert_eq!(fielded_now("company-b"), (a_next, a_next));
    assert_eq!(fielded_now("cotta-riflemen"), (9, 9));
    assert_eq!(fielded_now("company-a"), (company_a, company_a), "a unit not carried in keeps the scenario's figures");
    let second = second.id;
    let e = api.enlist_units(second, vec!["company-a".into()]).await.unwrap_err();
    assert!(e.message.contains("already has a unit named \"Company A\""), "{}", e.message);
    let e = api.enlist_units(second, vec!["company-b".into()]).await.unwrap_err();
    assert!(e.message.contains("on the roster already"), "{}", e.message);
    let e = api.enlist_units(second, vec!["ghost".into()]).await.unwrap_err();
    assert!(e.message.contains("no unit \"ghost\""), "{}", e.message);

    let second_dice = [9, 9, 1, 1, 1, 1, 1, 1, 1, 1];
    volley_at_the_wall(&api, second, &second_dice).await;
    api.act(second, act(r#"{"type":"record_losses","unit":"company-b","count":1}"#)).await.unwrap();
    api.record_battle(second, Some("2026-11-27".into()), None, Some("".into()), None).await.unwrap();
    let e = api.close_battle(second, "some".into(), vec![]).await.unwrap_err();
    assert!(e.message.contains("survivors"), "{}", e.message);
    let e = api
        .close_battle(
            second,
            "survivors".into(),
            vec![UnitOverride { unit: "warriors".into(), figures: Some(3), note: None }],
        )
        .await
        .unwrap_err();
    assert!(e.message.contains("company-b (Company A)"), "{}", e.message);
    let record = api.close_battle(second, "survivors".into(), vec![]).await.unwrap();

    assert_eq!(record.battles.iter().map(|b| b.game).collect::<Vec<_>>(), [first, second], "oldest first");
    let b2 = battle(&record, second);
    assert_eq!(b2.result.from, unrecorded_source(&api, second).await);
    let us2 = us - figures_of(COTTA, "company-b") + a_next;
    let moros2 = moros - riflemen + 9;
    assert_eq!(losses(b2)["us"], (1, us2));
    assert_eq!(losses(b2)["moros"], (hits(&second_dice), moros2));

    let a = unit(&record, "Company A");
    assert_eq!(a.history.len(), 2);
    let line = &a.history[1];
    assert_eq!(
        (line.game, line.fought_as.as_str(), line.started, line.lost, line.ended, line.next, line.rule.as_deref()),
        (second, "company-b", a_next, Some(1), Some(a_next - 1), Some(a_next - 1), Some("survivors"))
    );
    assert_eq!(a.next, Some(a_next - 1));
    let r = unit(&record, "Riflemen on the wall");
    let line = &r.history[1];
    assert_eq!(
        (line.started, line.lost, line.ended, line.next),
        (9, Some(hits(&second_dice)), Some(9 - hits(&second_dice)), Some(9 - hits(&second_dice)))
    );
    assert_eq!(r.history[0].game, first, "the first battle's line is kept");
}

/// Where the result comes from when the players recorded nothing: the system's, if its rules give one.
async fn unrecorded_source(api: &Api, game: i64) -> ResultFrom {
    let (_, g) = api.load(game).await.unwrap();
    match g.scenario().rules.result(g.scenario(), g.state()) {
        Some(_) => ResultFrom::System,
        None => ResultFrom::NotRecorded,
    }
}

#[tokio::test]
async fn a_battle_outside_any_campaign_keeps_its_record_but_has_no_roster() {
    let dir = tempfile::tempdir().unwrap();
    let api = Api::open(&dir.path().join("table.db")).await.unwrap();
    let game = api.new_game("cotta-assault".into(), Some("1".into()), None, None).await.unwrap().id;
    let b = api.record_battle(game, Some("2026-02-29".into()), None, None, None).await.unwrap_err();
    assert!(b.message.contains("YYYY-MM-DD"), "{}", b.message);
    let e = api.record_battle(game, None, None, Some("zulus".into()), None).await.unwrap_err();
    assert!(e.message.contains("us (U.S. column)"), "{}", e.message);
    let b = api.record_battle(game, None, None, Some("us".into()), None).await.unwrap();
    assert_eq!((b.result.text.as_str(), b.played_on.len()), ("U.S. column won", 10));
    let e = api.enlist_units(game, vec!["company-a".into()]).await.unwrap_err();
    assert!(e.message.contains("in no campaign"), "{}", e.message);
    let e = api.close_battle(game, "full".into(), vec![]).await.unwrap_err();
    assert!(e.message.contains("enlist its units first"), "{}", e.message);
}

/// A unit enlisted from a band still hidden in play is on the campaign's roster (the campaign's players
/// raised it), but its history does not say which counter it is to a seat that does not see it: neither
/// the scenario's id for it nor its name in the battle.
#[tokio::test]
async fn a_hidden_bands_roster_history_does_not_name_its_counter() {
    let (_dir, api) = referee_table().await;
    let campaign = api.create_campaign("Lake Lanao".into()).await.unwrap().id;
    let first = first_battle(&api, campaign).await;
    api.enlist_units(first, vec!["warriors".into()]).await.unwrap();
    let whole = serde_json::to_string(&api.campaign_record(campaign).await.unwrap()).unwrap();
    assert!(whole.contains("\"fought_as\":\"warriors\""), "the referee sees it whole: {whole}");

    api.choose_seat(Seat::Side("us".into())).await.unwrap();
    let record = api.campaign_record(campaign).await.unwrap();
    let lines: Vec<_> = record.roster.iter().flat_map(|u| &u.history).collect();
    assert!(lines.iter().all(|h| h.fought_as != "warriors"), "{lines:?}");
    assert!(
        lines.iter().any(|h| h.fought_as.is_empty() && h.fought_as_name == "a unit this seat does not see"),
        "{lines:?}"
    );
    let report = api.campaign_report(campaign, "md".into()).await.unwrap();
    assert!(!report.contains("warriors"), "{report}");
}
