//! Assault on the Cotta fought through the `Api` with typed dice: the set-up and the volley that the
//! campaign tests share, so each test's numbers stand on the same shots.

use std::collections::BTreeMap;

use sandtable::api::Api;
use sandtable::game::Action;
use sandtable::rules::Seat;

pub const COTTA: &str = include_str!("../../scenarios/heliograph/cotta-assault.toml");

/// Each side's figures as the scenario sets them out, by side id, counting hidden units or not.
pub fn fielded(source: &str, with_hidden: bool) -> BTreeMap<String, u32> {
    let doc: toml::Value = toml::from_str(source).unwrap();
    let mut sides = BTreeMap::new();
    for unit in doc["units"].as_array().unwrap() {
        if !with_hidden && unit.get("hidden").and_then(toml::Value::as_bool) == Some(true) {
            continue;
        }
        *sides.entry(unit["side"].as_str().unwrap().to_string()).or_default() +=
            unit["figures"].as_integer().unwrap() as u32;
    }
    sides
}

pub fn figures_of(source: &str, id: &str) -> u32 {
    let doc: toml::Value = toml::from_str(source).unwrap();
    let unit = doc["units"].as_array().unwrap().iter().find(|u| u["id"].as_str() == Some(id)).unwrap();
    unit["figures"].as_integer().unwrap() as u32
}

pub fn act(json: &str) -> Action {
    serde_json::from_str(json).unwrap()
}

/// A real store in a temporary folder, this device seated as referee. The folder lives as long as the
/// value returned.
pub async fn referee_table() -> (tempfile::TempDir, Api) {
    let dir = tempfile::tempdir().unwrap();
    let api = Api::open(&dir.path().join("table.db")).await.unwrap();
    api.choose_seat(Seat::Referee).await.unwrap();
    (dir, api)
}

/// The campaign's first battle (seed 7), Company A and the riflemen on the wall put on its roster.
pub async fn first_battle(api: &Api, campaign: i64) -> i64 {
    let game = api.new_game("cotta-assault".into(), Some("7".into()), Some(campaign), None).await.unwrap().id;
    api.enlist_units(game, vec!["company-a".into(), "cotta-riflemen".into()]).await.unwrap();
    game
}

/// Company A fires at the riflemen on the wall with these dice. At over 12" and up to 24" a U.S. rifle hits
/// on 8+, the fort takes 1 and standing still gives 1 back: each 9 hits and each 1 misses.
pub async fn volley_at_the_wall(api: &Api, game: i64, dice: &[i64]) {
    api.act(game, act(r#"{"type":"initiative","dice":[9,0]}"#)).await.unwrap();
    api.act(game, act(r#"{"type":"activate","unit":"company-a"}"#)).await.unwrap();
    let fire = format!(r#"{{"type":"fire","unit":"company-a","target":"cotta-riflemen","dice":{dice:?}}}"#);
    api.act(game, act(&fire)).await.unwrap();
}

/// The hits of a volley thrown only in 9s and 1s.
pub fn hits(dice: &[i64]) -> u32 {
    dice.iter().filter(|d| **d == 9).count() as u32
}
