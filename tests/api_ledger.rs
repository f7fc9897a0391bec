//! The luck ledger through a real store: a short Sand Pebbles game with movement typed from real dice, a
//! free roll and the system's own rolls, its figures set against chances counted here die by die; undone
//! throws left out, each side apart, and a campaign adding up its games by side name.

use sandtable::api::{Api, LedgerRow, LedgerView};
use sandtable::game::Action;
use serde_json::{Value, json};

async fn api() -> (tempfile::TempDir, Api) {
    let dir = tempfile::tempdir().unwrap();
    let api = Api::open(&dir.path().join("table.db")).await.unwrap();
    (dir, api)
}

async fn act(api: &Api, id: i64, v: Value) {
    let action: Action = serde_json::from_value(v.clone()).unwrap();
    if let Err(e) = api.act(id, action).await {
        panic!("{v}: {}", e.message);
    }
}

/// The chance of each total of `n` D6 by counting all 6^n ways they fall.
fn ways_of_d6(n: u32) -> Vec<f64> {
    let all = 6u64.pow(n);
    let mut ways = vec![0u64; 6 * n as usize + 1];
    for mut k in 0..all {
        let mut sum = 0;
        for _ in 0..n {
            sum += k % 6 + 1;
            k /= 6;
        }
        ways[sum as usize] += 1;
    }
    ways.into_iter().map(|w| w as f64 / all as f64).collect()
}

fn at_least(chances: &[f64], value: i64) -> f64 {
    chances.iter().skip(value.max(0) as usize).sum()
}

fn at_most(chances: &[f64], value: i64) -> f64 {
    chances.iter().take(value.max(-1) as usize + 1).sum()
}

fn row<'a>(view: &'a LedgerView, side: Option<&str>, measure: &str) -> &'a LedgerRow {
    view.rows
        .iter()
        .find(|r| r.side.as_deref() == side && r.measure == measure)
        .unwrap_or_else(|| panic!("no {side:?} {measure} row in {:#?}", view.rows))
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-12 * b.abs().max(1.0)
}

/// Initiative to the Legation Guard, who move first; their marines and sailors roll movement, one roll taken
/// back and thrown again; a free roll; the Boxers' movement; then initiative again and the Colt fires.
async fn short_game(api: &Api, campaign: Option<i64>) -> i64 {
    let id = api.new_game("legation-wall".into(), Some("11".into()), campaign, None).await.unwrap().id;
    act(api, id, json!({"type": "initiative", "dice": [6, 1]})).await;
    act(api, id, json!({"type": "choose_order", "first": "allies"})).await;
    act(api, id, json!({"type": "roll_move", "unit": "us-marines", "dice": [6, 6]})).await; // 18
    act(api, id, json!({"type": "roll_move", "unit": "rn-sailors", "dice": [1, 1]})).await; // 8, taken back
    act(api, id, json!({"type": "undo"})).await;
    act(api, id, json!({"type": "roll_move", "unit": "rn-sailors", "dice": [6, 5]})).await; // 17
    act(api, id, json!({"type": "roll", "expr": "2D6", "dice": [6, 6], "label": "the gun boat's boiler"})).await;
    act(api, id, json!({"type": "end_phase"})).await;
    act(api, id, json!({"type": "roll_move", "unit": "boxers-west", "dice": [1, 2, 1]})).await; // 3D6+6 = 10
    act(api, id, json!({"type": "end_phase"})).await;
    act(api, id, json!({"type": "initiative", "dice": [5, 2]})).await;
    act(api, id, json!({"type": "choose_order", "first": "allies"})).await;
    act(api, id, json!({"type": "fire", "unit": "colt-gun", "target": "boxers-west"})).await;
    id
}

#[tokio::test]
async fn a_game_ledger_sets_each_side_against_the_chances_counted_die_by_die() {
    let (_d, api) = api().await;
    let id = short_game(&api, None).await;
    let view = api.luck_ledger(id).await.unwrap();
    assert_eq!((view.games, view.withheld), (1, 0));

    // The Guard: two throws of 2D6+6 in force (the sailors' 8 was taken back), 18 + 17 = 35 of an
    // expected 26; four D6 come to 23 or more 5 ways in 1296.
    let four = ways_of_d6(4);
    let guard = row(&view, Some("Legation Guard"), "movement inches");
    assert_eq!((guard.throws, guard.actual), (2, 35));
    assert!(close(guard.expected, 26.0), "{}", guard.expected);
    assert!(close(guard.sd, (4.0f64 * 35.0 / 12.0).sqrt()));
    assert!(close(guard.tail, at_least(&four, 35 - 12)), "{} against {}", guard.tail, at_least(&four, 23));
    assert!(close(guard.tail, 5.0 / 1296.0));
    assert_eq!(guard.words, "lucky: 1 game in 259 does this well");

    // The Boxers: one throw of 3D6+6 came 10, of an expected 16.5: 4 or less on three D6 is 4 ways in 216.
    let boxers = row(&view, Some("Boxers"), "movement inches");
    assert_eq!((boxers.throws, boxers.actual), (1, 10));
    assert!(close(boxers.tail, at_most(&ways_of_d6(3), 4)));
    assert_eq!(boxers.words, "unlucky: 1 game in 54 does this badly");

    // The free roll is no side's: two sixes on 2D6, 1 in 36.
    let free = row(&view, None, "free roll totals");
    assert_eq!((free.throws, free.actual), (1, 12));
    assert!(close(free.tail, 1.0 / 36.0));
    assert_eq!(free.words, "high: 1 game in 36 rolls this high");

    // The sides in the scenario's order, the free rolls last.
    let order: Vec<Option<&str>> = view.rows.iter().map(|r| r.side.as_deref()).collect();
    let first_boxers = order.iter().position(|s| *s == Some("Boxers")).unwrap();
    assert!(order[..first_boxers].iter().all(|s| *s == Some("Legation Guard")), "{order:?}");
    assert_eq!(order.last(), Some(&None));

    // Throw by throw: the taken-back roll (entry 3) is not there, nor the undo; the movement throws are
    // the entries that rolled them, with their means.
    let log = api.game_log(id, None, None).await.unwrap();
    assert!(log[3].undone);
    assert!(view.entries.iter().all(|e| e.seq != 3 && e.seq != 4), "{:?}", view.entries);
    let moves: Vec<(u32, &str, i64)> = view
        .entries
        .iter()
        .filter(|e| e.measure == "movement inches")
        .map(|e| (e.seq, e.side.as_deref().unwrap(), e.actual))
        .collect();
    assert_eq!(moves, [(2, "Legation Guard", 18), (5, "Legation Guard", 17), (8, "Boxers", 10)]);
    let boxers_move = view.entries.iter().find(|e| e.seq == 8).unwrap();
    assert!(close(boxers_move.expected, 16.5));
    assert_eq!(boxers_move.turn, 1);

    // Every row, the system's own counts of its fire and initiative included, is its entries added up.
    for r in &view.rows {
        let mine: Vec<_> = view.entries.iter().filter(|e| e.side == r.side && e.measure == r.measure).collect();
        assert_eq!(r.throws as usize, mine.len(), "{} {}", r.measure, r.throws);
        assert_eq!(r.actual, mine.iter().map(|e| e.actual).sum::<i64>());
        assert!(close(r.expected, mine.iter().map(|e| e.expected).sum::<f64>()), "{}", r.measure);
        assert!(r.tail > 0.0 && r.tail <= 1.0 && r.sd >= 0.0);
    }
}

#[tokio::test]
async fn a_redone_throw_counts_and_an_undone_one_does_not() {
    let (_d, api) = api().await;
    let id = api.new_game("legation-wall".into(), Some("2".into()), None, None).await.unwrap().id;
    act(&api, id, json!({"type": "initiative", "dice": [6, 1]})).await;
    act(&api, id, json!({"type": "choose_order", "first": "allies"})).await;
    act(&api, id, json!({"type": "roll_move", "unit": "us-marines", "dice": [2, 2]})).await;
    act(&api, id, json!({"type": "undo"})).await;
    let taken_back = api.luck_ledger(id).await.unwrap();
    assert!(taken_back.rows.iter().all(|r| r.measure != "movement inches"), "{:?}", taken_back.rows);
    act(&api, id, json!({"type": "redo"})).await;
    let view = api.luck_ledger(id).await.unwrap();
    let guard = row(&view, Some("Legation Guard"), "movement inches");
    assert_eq!((guard.throws, guard.actual), (1, 10));
    assert!(close(guard.tail, at_most(&ways_of_d6(2), 4)), "4 or less on 2D6: 6 ways in 36");
}

#[tokio::test]
async fn a_campaign_adds_up_its_games_by_side_name() {
    let (_d, api) = api().await;
    let campaign = api.create_campaign("Peking, summer 1900".into()).await.unwrap().id;
    let first = short_game(&api, Some(campaign)).await;
    let second = api.new_game("legation-wall".into(), Some("12".into()), Some(campaign), None).await.unwrap().id;
    act(&api, second, json!({"type": "initiative", "dice": [6, 1]})).await;
    act(&api, second, json!({"type": "choose_order", "first": "allies"})).await;
    act(&api, second, json!({"type": "roll_move", "unit": "us-marines", "dice": [1, 1]})).await; // 8
    // A game outside the campaign is not in its ledger.
    short_game(&api, None).await;

    let view = api.campaign_ledger(campaign).await.unwrap();
    assert_eq!((view.title.as_str(), view.games, view.entries.len()), ("Peking, summer 1900", 2, 0));
    // The Guard over both games: three throws of 2D6+6, 18 + 17 + 8 = 43 of an expected 39; six D6 make
    // 25 or more (43 less the three 6s added) this often, counted over all 46,656 ways.
    let guard = row(&view, Some("Legation Guard"), "movement inches");
    assert_eq!((guard.throws, guard.actual), (3, 43));
    assert!(close(guard.expected, 39.0));
    assert!(close(guard.tail, at_least(&ways_of_d6(6), 43 - 18)), "{}", guard.tail);
    assert!(guard.words.contains("campaign") || guard.words == "about as expected", "{}", guard.words);

    // Each game's own rows are in the campaign's sums, measure by measure.
    let (one, two) = (api.luck_ledger(first).await.unwrap(), api.luck_ledger(second).await.unwrap());
    for r in &view.rows {
        let of = |v: &LedgerView| {
            v.rows.iter().filter(|g| g.side == r.side && g.measure == r.measure).map(|g| (g.throws, g.actual)).next()
        };
        let (a, b) = (of(&one).unwrap_or((0, 0)), of(&two).unwrap_or((0, 0)));
        assert_eq!((r.throws, r.actual), (a.0 + b.0, a.1 + b.1), "{:?} {}", r.side, r.measure);
    }
    assert!(api.campaign_ledger(campaign + 100).await.unwrap_err().message.contains("campaign"));
}
