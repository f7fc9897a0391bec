//! Set up: the shipped sieges put the defenders inside their compound ("The defending player should place
//! his forces inside his compound"), and a scenario does not list the natives (the dice raise them).

use sandtable::measure::Pt;
use sandtable::rules::systems;

use crate::support::{Siege, squad};

#[test]
fn the_shipped_sieges_place_every_defender_inside_the_compound_and_off_its_walls() {
    let sieges = systems().iter().find(|s| s.id() == "natives-are-restless").unwrap().scenarios();
    assert_eq!(sieges.len(), 2);
    for shipped in sieges {
        let scenario = shipped.load().unwrap();
        let walls: Vec<_> = scenario
            .terrain
            .iter()
            .filter(|a| ["wall", "high_wall", "barricade"].contains(&a.cover.as_str()))
            .collect();
        let corners: Vec<Pt> = walls.iter().flat_map(|a| a.polygon.vertices().to_vec()).collect();
        let (x0, x1) = corners.iter().fold((f64::MAX, f64::MIN), |(lo, hi), p| (lo.min(p.x), hi.max(p.x)));
        let (y0, y1) = corners.iter().fold((f64::MAX, f64::MIN), |(lo, hi), p| (lo.min(p.y), hi.max(p.y)));
        for unit in &scenario.units {
            for f in &unit.figures {
                let p = f.pos;
                assert!(
                    p.x > x0 && p.x < x1 && p.y > y0 && p.y < y1,
                    "{}: {} stands outside at {p:?}",
                    shipped.path,
                    unit.id
                );
                let on = walls.iter().find(|w| w.polygon.contains(p));
                assert!(on.is_none(), "{}: {} stands on {:?}", shipped.path, unit.id, on.map(|w| &w.name));
            }
        }
    }
}

#[test]
fn a_siege_that_lists_native_units_is_refused() {
    let natives = squad("band", (20.0, 40.0))
        .replace("side = \"defenders\"", "side = \"natives\"")
        .replace("colonial_foot", "native_warriors");
    let source = std::panic::catch_unwind(|| Siege::new(&natives));
    assert!(source.is_err(), "natives come by the dice, not as units");
}

#[test]
fn a_stored_log_raising_a_unit_of_an_unknown_kind_is_refused_as_corrupt() {
    let mut s = Siege::new(&squad("a", (20.0, 20.0)));
    s.muster_basic();
    let events: Vec<String> = s.game.events().iter().map(|e| serde_json::to_string(e).unwrap()).collect();
    let tampered: Vec<sandtable::game::Event> = events
        .iter()
        .map(|e| serde_json::from_str(&e.replace("\"kind\":\"native_warriors\"", "\"kind\":\"bogus\"")).unwrap())
        .collect();
    let replayed = sandtable::game::Game::replay(s.game.shared_scenario(), 11, tampered);
    let err = replayed.expect_err("a unit of no kind of the ruleset is refused");
    assert!(err.to_string().contains("bogus"), "{err}");
}

#[test]
fn a_raised_group_never_takes_the_name_of_a_scenario_unit() {
    let mut s = Siege::new(&squad("natives-1", (20.0, 20.0)));
    s.muster_basic();
    assert_eq!(s.unit("natives-1").kind, "colonial_foot", "the squad is still the squad");
    assert_eq!(s.unit("natives-1-1").kind, "native_warriors");
}

/// The shipped sieges, played through: every figure they place stands on a base of its own (an inch across),
/// off every wall and barricade and off every building's outline.
#[test]
fn the_shipped_sieges_stand_no_figure_on_another_or_on_a_wall_or_a_buildings_outline() {
    for shipped in systems().iter().find(|s| s.id() == "natives-are-restless").unwrap().scenarios() {
        let scenario = shipped.load().unwrap();
        let figures: Vec<(String, Pt)> = scenario
            .units
            .iter()
            .flat_map(|u| u.figures.iter().map(move |f| (format!("{} figure {}", u.id, f.id), f.pos)))
            .collect();
        for (i, (a, p)) in figures.iter().enumerate() {
            for (b, q) in &figures[i + 1..] {
                assert!(sandtable::measure::distance(*p, *q) >= 1.0 - 1e-9, "{}: {a} and {b} overlap", shipped.path);
            }
            for area in scenario
                .terrain
                .iter()
                .filter(|a| ["wall", "high_wall", "barricade", "building"].contains(&a.cover.as_str()))
            {
                let inside_a_wall = area.cover != "building" && area.polygon.contains(*p);
                assert!(
                    !inside_a_wall && area.polygon.distance_to_outline(*p) >= 0.5 - 1e-9,
                    "{}: {a} at {p:?} stands on {}",
                    shipped.path,
                    area.name
                );
            }
        }
    }
}

/// Chakdara Fort, played: its Maxim faces open ground it can fire at (natives 12" in front of it are in its
/// sight), and the fort has "at least two entry/exit points": horse go out by the postern in the north
/// wall, paying their 6" for its gate, where the high wall beside it stops them.
#[test]
fn chakdara_s_maxim_can_fire_and_its_horse_go_out_by_the_postern() {
    let shipped = systems().iter().find(|s| s.id() == "natives-are-restless").unwrap().scenarios();
    let chakdara = shipped.iter().find(|s| s.path.ends_with("chakdara-fort.toml")).unwrap();
    let mut s = Siege { game: sandtable::game::Game::new(std::sync::Arc::new(chakdara.load().unwrap()), 1) };
    s.muster_basic();
    let maxim = s.unit("maxim");
    let (origin, facing) = (maxim.figures[0].pos, maxim.facing.to_radians());
    let ahead = (origin.x + 12.0 * facing.sin(), origin.y - 12.0 * facing.cos());
    s.put("natives-3", ahead);
    s.draw("KS");
    s.odds(r#"{"type":"fire","unit":"maxim","target":"natives-3"}"#);
    s.stand(
        "sikhs-2",
        &[(22.0, 27.5), (21.0, 27.5), (20.0, 27.5), (19.0, 27.5), (18.0, 27.5), (22.0, 26.5), (21.0, 26.5)],
    );
    s.stand(
        "guides",
        &[(26.0, 18.0), (25.0, 18.0), (27.0, 18.0), (24.0, 18.0), (28.0, 18.0), (25.0, 19.0), (27.0, 19.0)],
    );
    let line = s.ok(r#"{"type":"move","unit":"guides","path":[{"x":26,"y":12}]}"#);
    assert!(line.contains("over Postern gate (and 6\" to cross)"), "{line}");
}

/// Equipment: "Figures, based individually": a base is an inch across. The shipped sieges leave no slot
/// narrower than a base between two walls or barricades: where two meet (a gate's barricade and the wall
/// beside it) they touch, so the barricade closes the gate.
#[test]
fn the_shipped_sieges_leave_no_slot_narrower_than_a_base_between_walls() {
    for shipped in systems().iter().find(|s| s.id() == "natives-are-restless").unwrap().scenarios() {
        let scenario = shipped.load().unwrap();
        let walls: Vec<_> = scenario
            .terrain
            .iter()
            .filter(|a| ["wall", "high_wall", "barricade"].contains(&a.cover.as_str()))
            .collect();
        for (i, a) in walls.iter().enumerate() {
            for b in &walls[i + 1..] {
                let gap = |p: &sandtable::measure::Polygon, q: &sandtable::measure::Polygon| {
                    p.vertices().iter().map(|v| q.distance_to_outline(*v)).fold(f64::INFINITY, f64::min)
                };
                let gap = gap(&a.polygon, &b.polygon).min(gap(&b.polygon, &a.polygon));
                assert!(
                    !(1e-9..1.0).contains(&gap),
                    "{}: {} and {} leave a slot of {gap}\"",
                    shipped.path,
                    a.name,
                    b.name
                );
            }
        }
    }
}
