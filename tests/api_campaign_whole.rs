//! A campaign kept whole: two battles of Assault on the Cotta fought with typed dice, Company A and the
//! riflemen carried from the first into the second. The campaign's report, its CSV of rolls and losses,
//! and its luck ledger are checked against figures worked out here from the dice typed and the chart's
//! chance (a U.S. rifle at over 12" hits on 8+, the fort takes 1 and standing still gives it back; a D10
//! reads 0 to 9, so 8 and 9 hit: 2 faces in 10), not read back from the engine.

use sandtable::api::Carry;

mod common;
use common::cotta::{COTTA, fielded, first_battle, hits, referee_table, volley_at_the_wall};

const FIRST: [i64; 10] = [9, 1, 9, 1, 1, 9, 1, 1, 1, 1];
const SECOND: [i64; 10] = [9, 9, 9, 9, 9, 1, 1, 1, 1, 9];
/// The chance one die of the volley hits.
const HIT: f64 = 0.2;

/// The fields of one CSV line (RFC 4180: quoted fields may hold commas and doubled quotes).
fn fields(line: &str) -> Vec<String> {
    let (mut out, mut field, mut quoted, mut chars) = (Vec::new(), String::new(), false, line.chars().peekable());
    while let Some(c) = chars.next() {
        match (c, quoted) {
            ('"', true) if chars.peek() == Some(&'"') => {
                field.push('"');
                chars.next();
            }
            ('"', _) => quoted = !quoted,
            (',', false) => out.push(std::mem::take(&mut field)),
            _ => field.push(c),
        }
    }
    out.push(field);
    out
}

/// The CSV as rows of named fields.
fn table(csv: &str) -> Vec<std::collections::BTreeMap<String, String>> {
    let mut lines = csv.lines();
    let head = fields(lines.next().unwrap());
    lines.map(|l| head.iter().cloned().zip(fields(l)).collect()).collect()
}

/// The exact chance of at least `k` hits from `n` dice of chance `p` each, summed term by term.
fn at_least(n: u64, k: u64, p: f64) -> f64 {
    (k..=n).map(|i| choose(n, i) * p.powi(i as i32) * (1.0 - p).powi((n - i) as i32)).sum()
}

fn choose(n: u64, k: u64) -> f64 {
    (0..k).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64)
}

#[tokio::test]
async fn a_campaigns_report_csv_and_ledger_agree_with_the_dice_typed() {
    let (_dir, api) = referee_table().await;
    let campaign = api.create_campaign("Lake Lanao, 1902".into()).await.unwrap().id;
    api.set_campaign_players(campaign, vec!["Ann".into(), "Bob".into()]).await.unwrap();
    let (first_hits, second_hits) = (i64::from(hits(&FIRST)), i64::from(hits(&SECOND)));

    let first = first_battle(&api, campaign).await;
    volley_at_the_wall(&api, first, &FIRST).await;
    api.record_battle(
        first,
        Some("2026-11-20".into()),
        Some("The cotta held".into()),
        None,
        Some("Rain, all evening".into()),
    )
    .await
    .unwrap();
    let record = api.close_battle(first, "survivors".into(), vec![]).await.unwrap();
    let roster_id = |name: &str| record.roster.iter().find(|u| u.name == name).unwrap().id;
    let carry = vec![
        Carry { roster_unit: roster_id("Company A"), scenario_unit: "company-a".into() },
        Carry { roster_unit: roster_id("Riflemen on the wall"), scenario_unit: "cotta-riflemen".into() },
    ];
    let second = api.new_campaign_game("cotta-assault".into(), Some("8".into()), campaign, None, carry).await.unwrap();
    let riflemen_at_first = {
        let first_view = api.game_view_at(first, 0).await.unwrap();
        first_view.units.iter().find(|u| u.id == "cotta-riflemen").unwrap().total as i64
    };
    let riflemen_carried = second.units.iter().find(|u| u.id == "cotta-riflemen").unwrap().total as i64;
    assert_eq!(riflemen_carried, riflemen_at_first - first_hits, "the survivors carried in");
    let second = second.id;
    volley_at_the_wall(&api, second, &SECOND).await;
    api.record_battle(second, Some("2026-11-27".into()), Some("The wall fell".into()), None, None).await.unwrap();

    // The report: players, each battle on its day with its result, losses and notes.
    let report = api.campaign_report(campaign, "md".into()).await.unwrap();
    assert!(report.contains("Players: Ann, Bob"), "{report}");
    for needle in ["2026-11-20", "The cotta held", "Rain, all evening", "2026-11-27", "The wall fell", "## Roster"] {
        assert!(report.contains(needle), "the report lacks {needle:?}:\n{report}");
    }
    // Each side's losses of the figures it fielded: the Moros as the scenario sets them out, then less the
    // riflemen the first battle killed, carried in as survivors.
    let moros = i64::from(fielded(COTTA, true)["moros"]);
    let lost_first = format!("Moros of the cotta {first_hits}/{moros}");
    let lost_second = format!("Moros of the cotta {second_hits}/{}", moros - first_hits);
    assert!(report.contains(&lost_first) && report.contains(&lost_second), "{report}");

    // The CSV of rolls: each volley's ten dice as typed, in the game they were thrown in.
    let rolls = table(&api.campaign_csv(campaign, "rolls".into()).await.unwrap());
    for (game, dice) in [(first, FIRST), (second, SECOND)] {
        let typed: Vec<String> = dice.iter().map(i64::to_string).collect();
        let volley = rolls
            .iter()
            .find(|r| r["game"] == game.to_string() && r["action"] == "fire")
            .unwrap_or_else(|| panic!("no fire roll of game {game} in {rolls:?}"));
        assert_eq!(volley["faces"], typed.join(" "));
    }
    // The CSV of losses: the riflemen's figures, a row per loss, summing to the hits of both volleys.
    let losses = table(&api.campaign_csv(campaign, "losses".into()).await.unwrap());
    let riflemen_lost: i64 =
        losses.iter().filter(|r| r["unit"] == "Riflemen on the wall").map(|r| r["lost"].parse::<i64>().unwrap()).sum();
    assert_eq!(riflemen_lost, first_hits + second_hits);

    // The ledger: twenty dice at 2 in 10 promise 4 hits; the exact chance of doing at least as well is a
    // binomial tail summed here term by term.
    let ledger = api.campaign_ledger(campaign).await.unwrap();
    let row = ledger
        .rows
        .iter()
        .find(|r| r.side.as_deref() == Some("U.S. column") && r.measure == "hits")
        .unwrap_or_else(|| panic!("no U.S. hits row in {:?}", ledger.rows));
    let actual = first_hits + second_hits;
    assert_eq!((row.throws, row.actual), (2, actual));
    assert!((row.expected - 20.0 * HIT).abs() < 1e-9, "{}", row.expected);
    assert!((row.sd - (20.0 * HIT * (1.0 - HIT)).sqrt()).abs() < 1e-9, "{}", row.sd);
    let tail = at_least(20, actual as u64, HIT);
    assert!((row.tail - tail).abs() < 1e-9, "ledger {} against {tail}", row.tail);
    let game_row = |game: &sandtable::api::LedgerView| {
        game.rows.iter().find(|r| r.side.as_deref() == Some("U.S. column") && r.measure == "hits").unwrap().actual
    };
    assert_eq!(game_row(&api.luck_ledger(first).await.unwrap()), first_hits);
    assert_eq!(game_row(&api.luck_ledger(second).await.unwrap()), second_hits);
}
