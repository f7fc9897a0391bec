//! Setting up a one-off battle by dice: the throws in the text's order (terrain pieces, baselines, depth,
//! commanders, and 8D6 values when thrown), typed or the app's, ties for who goes first thrown again; and
//! the battle written from two lists, which loads, deploys each army within its depth from its baseline
//! with a Command stand, and digs a list's entrenchments.

use sandtable::dice::GameRng;
use sandtable::scenario::parse;
use sandtable::systems::when_empires_clash::{charts, library, one_off};

fn lists(a: &str, b: &str) -> [(String, sandtable::systems::when_empires_clash::army::ArmyList); 2] {
    [library::read(a).unwrap(), library::read(b).unwrap()]
}

#[test]
fn the_one_off_throws_are_read_in_the_texts_order_and_a_commander_of_six_is_exceptional() {
    let tables = &charts().1;
    let mut rng = GameRng::for_event(1, 0);
    // Terrain 4 and 2, baselines 3 and 5, depth 2 and 6, commanders 6 and 1.
    let typed = [4, 2, 3, 5, 2, 6, 6, 1];
    let (throws, rolls) = one_off::throw(tables, ["British", "Zulus"], false, Some(&typed), &mut rng).unwrap();
    assert_eq!(throws.pieces, [4, 2]);
    assert_eq!(throws.places_first, 0);
    assert_eq!(throws.chooses_baseline, 1);
    assert_eq!(throws.depth, [2, 6]);
    assert_eq!(throws.commanders, [3, 1]);
    assert_eq!(throws.values, None);
    assert_eq!(rolls[0].label, "British: terrain pieces");
    assert_eq!(rolls.len(), 8);
}

#[test]
fn a_tie_for_who_places_first_is_thrown_again_and_the_counts_stand() {
    let tables = &charts().1;
    let mut rng = GameRng::for_event(1, 0);
    let short = one_off::throw(tables, ["British", "Zulus"], false, Some(&[3, 3]), &mut rng);
    let error = short.unwrap_err();
    assert!(error.contains("who places first (a tie, thrown again)"), "{error}");
    // The tie is thrown again, 2 against 5: the Zulus place first, with three pieces each.
    let typed = [3, 3, 2, 5, 1, 2, 2, 2, 3, 3];
    let (throws, _) = one_off::throw(tables, ["British", "Zulus"], false, Some(&typed), &mut rng).unwrap();
    assert_eq!((throws.pieces, throws.places_first), ([3, 3], 1));
}

#[test]
fn an_army_of_thrown_value_throws_8d6_each_and_its_cap_is_a_third_of_it() {
    let tables = &charts().1;
    let mut rng = GameRng::for_event(1, 0);
    let mut typed = vec![1, 2, 1, 2, 1, 1, 3, 3];
    typed.extend([6; 8]);
    typed.extend([1; 8]);
    let (throws, _) = one_off::throw(tables, ["A", "B"], true, Some(&typed), &mut rng).unwrap();
    assert_eq!(throws.values, Some([48, 8]));
    assert_eq!(one_off::cap(&tables.armies, 48, true), 15);
}

#[test]
fn a_one_off_battle_from_two_lists_loads_with_each_army_inside_its_depth_and_a_command_stand() {
    let tables = &charts().1;
    let [a, b] = lists("second-boer-war--boer", "second-boer-war--british");
    for seed in 0..20 {
        let mut rng = GameRng::for_event(seed, 0);
        let (throws, _) = one_off::throw(tables, ["Boers", "British"], false, None, &mut rng).unwrap();
        let text =
            one_off::scenario(tables, armies_of(&a, &b), &throws, &one_off::Plan::default(), rng.inner()).unwrap();
        let scenario = parse("one-off.toml", &text).unwrap_or_else(|e| panic!("seed {seed}: {e}\n{text}"));
        for (i, side) in ["first", "second"].iter().enumerate() {
            let stands: Vec<_> = scenario.units.iter().filter(|u| u.side == *side).collect();
            let listed: u32 = [&a.1, &b.1][i].stands.iter().map(|l| l.count).sum();
            assert_eq!(stands.len() as u32, listed + 1, "seed {seed}: every stand of the list and its Command stand");
            assert!(stands.iter().any(|u| u.kind.starts_with("command_")));
            let edge = scenario.sides[i].edge;
            let depth = f64::from(throws.depth[i].max(1)) * 50.0 / 25.4;
            for u in stands {
                let y = u.figures[0].pos.y;
                let from_baseline = if edge == sandtable::measure::Edge::North { y } else { scenario.table.depth - y };
                assert!(from_baseline < depth, "seed {seed}: {} is {from_baseline:.1}\" in, depth {depth:.1}\"", u.id);
            }
        }
        // The Boer list digs its sixteen lengths of entrenchment along its front.
        assert_eq!(text.matches("\"entrenchment\"").count(), 1, "seed {seed}");
    }
}

fn armies_of<'a>(
    a: &'a (String, sandtable::systems::when_empires_clash::army::ArmyList),
    b: &'a (String, sandtable::systems::when_empires_clash::army::ArmyList),
) -> [one_off::Army<'a>; 2] {
    [one_off::Army { name: &a.0, list: &a.1 }, one_off::Army { name: &b.0, list: &b.1 }]
}

#[test]
fn the_same_seed_sets_up_the_same_one_off_battle() {
    let tables = &charts().1;
    let [a, b] = lists("zulu-war--british", "zulu-war--zulu");
    let set_up = |seed| {
        let mut rng = GameRng::for_event(seed, 0);
        let (throws, _) = one_off::throw(tables, ["British", "Zulus"], false, None, &mut rng).unwrap();
        one_off::scenario(tables, armies_of(&a, &b), &throws, &one_off::Plan::default(), rng.inner()).unwrap()
    };
    assert_eq!(set_up(9), set_up(9));
    assert_ne!(set_up(9), set_up(10));
}

#[test]
fn the_army_library_holds_every_list_of_the_armies_folder() {
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/when-empires-clash/armies");
    let mut files: Vec<String> = std::fs::read_dir(folder)
        .unwrap()
        .map(|f| f.unwrap().file_name().to_string_lossy().trim_end_matches(".toml").to_string())
        .collect();
    files.sort();
    let names: Vec<&str> = library::LISTS.iter().map(|(n, _)| *n).collect();
    assert_eq!(names, files);
    for (name, _) in library::LISTS {
        library::read(name).unwrap_or_else(|e| panic!("{e}"));
    }
}

/// The players place each piece in turn, the side that threw higher first, and the baseline's winner
/// chooses any edge: the battle is laid out as they chose.
#[test]
fn terrain_placed_by_hand_and_a_chosen_edge_are_laid_out_as_the_players_chose() {
    let tables = &charts().1;
    let [a, b] = lists("zulu-war--british", "zulu-war--zulu");
    let mut rng = GameRng::for_event(1, 0);
    // Terrain 2 and 1 (the British first), the Zulus choose the baseline, depth 2 and 3, commanders 3, 4.
    let (throws, _) =
        one_off::throw(tables, ["British", "Zulus"], false, Some(&[2, 1, 1, 5, 2, 3, 3, 4]), &mut rng).unwrap();
    assert_eq!(one_off::turns(&throws), [0, 1, 0]);
    let piece = |name: &str, at: &str| one_off::PlacedPiece { piece: name.into(), at: at.into() };
    let plan = one_off::Plan {
        pieces: vec![piece("Wood", "C5"), piece("Low hill", "H5"), piece("Stone wall", "K8")],
        baseline: Some(sandtable::systems::when_empires_clash::board::Facing::West),
    };
    let text = one_off::scenario(tables, armies_of(&a, &b), &throws, &plan, rng.inner()).unwrap();
    let scenario = parse("one-off.toml", &text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert!(text.contains("woods = [\"C5\"]"), "{text}");
    assert!(text.contains("squares = [\"H5\", \"I5\", \"H6\", \"I6\"]"), "{text}");
    assert!(text.contains("between = [[\"K8\", \"K9\"], [\"L8\", \"L9\"], [\"M8\", \"M9\"]]"), "{text}");
    assert_eq!(scenario.sides[1].edge, sandtable::measure::Edge::West);
    assert_eq!(scenario.sides[0].edge, sandtable::measure::Edge::East);
    // The Zulus deploy within 3 squares of the west edge, facing east.
    for u in scenario.units.iter().filter(|u| u.side == "second") {
        assert!(u.figures[0].pos.x < 3.0 * 50.0 / 25.4, "{} at {:?}", u.id, u.figures[0].pos);
        assert_eq!(u.facing, 90.0);
    }
    let clash = one_off::Plan { pieces: vec![piece("Copse", "C5"), piece("Wood", "D5")], baseline: None };
    let error = one_off::scenario(tables, armies_of(&a, &b), &throws, &clash, rng.inner()).unwrap_err();
    assert_eq!(error, "the Wood at D5 would lie on another piece at D5");
    let off = one_off::Plan { pieces: vec![piece("Ridge", "Q3")], baseline: None };
    let error = one_off::scenario(tables, armies_of(&a, &b), &throws, &off, rng.inner()).unwrap_err();
    assert_eq!(error, "the Ridge at Q3 would reach S3, off the board");
}

/// A saved army's name is written as TOML quotes it: quotes and control characters read back as typed.
#[test]
fn an_army_named_with_quotes_or_control_characters_is_written_so_it_reads_back() {
    let tables = &charts().1;
    let (_, list) = library::read("zulu-war--british").unwrap();
    let mut draft = sandtable::systems::when_empires_clash::draft::Draft::of(&list);
    draft.name = "The \"Die-Hards\"\u{1b}".to_string();
    let text = draft.to_toml(tables);
    let read = sandtable::systems::when_empires_clash::army::read("saved.toml", &text).unwrap();
    assert_eq!(read.army.name, draft.name);
    let mut rng = GameRng::for_event(2, 0);
    let (throws, _) = one_off::throw(tables, ["A", "B"], false, None, &mut rng).unwrap();
    let armies = [one_off::Army { name: "x", list: &draft.list(tables) }, one_off::Army { name: "y", list: &list }];
    let battle = one_off::scenario(tables, armies, &throws, &one_off::Plan::default(), rng.inner()).unwrap();
    parse("one-off.toml", &battle).unwrap_or_else(|e| panic!("{e}\n{battle}"));
}

fn typed_throws(typed: &[i64], thrown: bool) -> one_off::Throws {
    let mut rng = GameRng::for_event(1, 0);
    one_off::throw(&charts().1, ["First", "Second"], thrown, Some(typed), &mut rng).unwrap().0
}

/// Terrain 1 and 2, baselines 3 and 5, depth 1 square each, average commanders.
const DEPTH_ONE: [i64; 8] = [1, 2, 3, 5, 1, 1, 3, 3];
/// The same with a depth of 3 squares each.
const DEPTH_THREE: [i64; 8] = [1, 2, 3, 5, 3, 3, 3, 3];
/// 8D6 of 8 and 48.
const EIGHT_AND_FORTY_EIGHT: [i64; 16] = [1, 1, 1, 1, 1, 1, 1, 1, 6, 6, 6, 6, 6, 6, 6, 6];

/// An army list of `lines` (name, stand type, count, weapon), as the army files write one.
fn army(name: &str, lines: &[(&str, &str, u32, &str)]) -> sandtable::systems::when_empires_clash::army::ArmyList {
    let tables = &charts().1;
    let mut text = format!(
        "[army]\nconflict = \"A one-off\"\nname = \"{name}\"\ndice = \"2D6\"\nprinted_points = 0\nprinted_stands = 0\n"
    );
    for (line, kind, count, weapon) in lines {
        let points = count * tables.stand(kind).unwrap().value;
        text.push_str(&format!(
            "\n[[stands]]\ncount = {count}\nname = \"{line}\"\nkind = \"{kind}\"\nweapon = \"{weapon}\"\nprinted_points = {points}\n"
        ));
    }
    sandtable::systems::when_empires_clash::army::read("army.toml", &text).unwrap()
}

/// Armies: for armies of unequal value "each side throw 8D6s to determine the value of their army, with no
/// more than 33% of this total value being spent on stands worth 4 points or more". Armies worth more than
/// their throw, or over its third in stands worth 4 or more, are refused, naming the throw and the army's
/// points; armies built to it are set up.
#[test]
fn a_battle_of_thrown_values_takes_only_armies_built_to_their_throws() {
    let tables = &charts().1;
    let [a, b] = lists("zulu-war--british", "zulu-war--zulu");
    let mut typed = DEPTH_THREE.to_vec();
    typed.extend(EIGHT_AND_FORTY_EIGHT);
    let throws = typed_throws(&typed, true);
    assert_eq!(throws.values, Some([8, 48]));
    let mut rng = GameRng::for_event(1, 0);
    let error =
        one_off::scenario(tables, armies_of(&a, &b), &throws, &one_off::Plan::default(), rng.inner()).unwrap_err();
    assert!(error.contains("values were thrown on 8D6, British Army 8 and Zulu Army 48"), "{error}");
    assert!(error.contains("British Army is worth 36 points, more than the 8 it threw on 8D6"), "{error}");
    assert!(!error.contains("Zulu Army is worth"), "the Zulus' 36 are within their 48: {error}");
    // Built to 8: two companies (6) and a field gun (2); the Zulus keep their 36 of 48.
    let list = army(
        "Flying Column",
        &[
            ("Regular Infantry", "regular_infantry", 2, "single_shot_rifle"),
            ("Field Artillery", "field_artillery", 1, "rifled_field"),
        ],
    );
    let armies = [one_off::Army { name: "column", list: &list }, one_off::Army { name: &b.0, list: &b.1 }];
    let text = one_off::scenario(tables, armies, &throws, &one_off::Plan::default(), rng.inner()).unwrap();
    parse("one-off.toml", &text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert!(text.contains("# Army values thrown on 8D6: Flying Column 8, Zulu Army 48."), "{text}");
    // A third of 8 is 2 points: a Maxim (4) is over it, though the army is within its 8.
    let list = army(
        "Maxim Column",
        &[
            ("Regular Infantry", "regular_infantry", 1, "single_shot_rifle"),
            ("Maxim", "automatic_machine_gun", 1, "automatic_machine_gun"),
        ],
    );
    let armies = [one_off::Army { name: "maxim", list: &list }, one_off::Army { name: &b.0, list: &b.1 }];
    let error = one_off::scenario(tables, armies, &throws, &one_off::Plan::default(), rng.inner()).unwrap_err();
    assert!(
        error.contains("Maxim Column has 4 points in stands worth 4 or more: at most 2 (33% of the 8 it threw)"),
        "{error}"
    );
}

/// Armies: for armies of equal value "a total of 36 points per army is recommended, with no more than 12
/// points in total being spent on stands worth 4 points or more". A recommendation: an army beyond it is
/// set up with a warning in the battle's file, and refused by a checked set-up (`armies one-off --checked`).
#[test]
fn an_army_beyond_the_recommended_36_and_12_is_warned_of_and_a_checked_set_up_refuses_it() {
    let tables = &charts().1;
    let [_, zulus] = lists("zulu-war--british", "zulu-war--zulu");
    let list = army(
        "Heavy Column",
        &[
            ("Regular Infantry", "regular_infantry", 6, "single_shot_rifle"),
            ("Maxim", "automatic_machine_gun", 4, "automatic_machine_gun"),
        ],
    );
    let armies = [one_off::Army { name: "heavy", list: &list }, one_off::Army { name: &zulus.0, list: &zulus.1 }];
    let throws = typed_throws(&DEPTH_THREE, false);
    let mut rng = GameRng::for_event(1, 0);
    let text = one_off::scenario(tables, armies, &throws, &one_off::Plan::default(), rng.inner()).unwrap();
    let warning = "Heavy Column has 16 points in stands worth 4 or more: the text recommends at most 12 in an army of the agreed 36";
    assert!(text.contains(&format!("# Beyond the text's recommendation: {warning}")), "{text}");
    let armies = [one_off::Army { name: "heavy", list: &list }, one_off::Army { name: &zulus.0, list: &zulus.1 }];
    let fit = one_off::fit(tables, &armies, &throws);
    assert_eq!((fit.refused, fit.beyond), (vec![], vec![warning.to_string()]));
}

/// The Gordon Relief Expedition's Camel Corps "Must dismount to fight", and the Spanish-American War's
/// "dismounted United States Regular Cavalry" fight on foot from the start: a one-off battle from the
/// lists, or from an army built from them, carries both to its stands.
#[test]
fn a_one_off_battle_carries_must_dismount_and_dismounted_cavalry_to_its_stands() {
    use sandtable::systems::when_empires_clash::draft::Draft;
    let tables = &charts().1;
    let throws = typed_throws(&DEPTH_THREE, false);
    for from_draft in [false, true] {
        let [gordon, spain] = lists("gordon-relief--anglo-egyptian", "spanish-american-war--united-states");
        let (gordon_list, spain_list) = if from_draft {
            (Draft::of(&gordon.1).list(tables), Draft::of(&spain.1).list(tables))
        } else {
            (gordon.1.clone(), spain.1.clone())
        };
        let armies = [
            one_off::Army { name: &gordon.0, list: &gordon_list },
            one_off::Army { name: &spain.0, list: &spain_list },
        ];
        let mut rng = GameRng::for_event(1, 0);
        let text = one_off::scenario(tables, armies, &throws, &one_off::Plan::default(), rng.inner()).unwrap();
        let mut play = crate::play::Play::from_source(&text, 1);
        let view = play.own_view();
        let stand = |id: &str| view["stands"].as_array().unwrap().iter().find(|s| s["id"] == id).unwrap().clone();
        let named = |name: &str| {
            play.game
                .state()
                .units
                .iter()
                .filter(|u| u.name.starts_with(name))
                .map(|u| u.id.clone())
                .collect::<Vec<_>>()
        };
        let (camels, troopers) = (named("British Camel Corps"), named("Dismounted United States Regular Cavalry"));
        assert_eq!((camels.len(), troopers.len()), (4, 4), "from a draft: {from_draft}");
        for trooper in &troopers {
            assert_eq!(stand(trooper)["fights_as"], "regular_infantry", "from a draft: {from_draft}");
        }
        assert!(text.contains("must_dismount = true"), "from a draft: {from_draft}\n{text}");
        let _ = &mut play;
    }
}

/// The Battlefield's 50 mm squares in a one-off battle's deployment: stands are placed one behind the other
/// only where their depths fit, so twenty cavalry stands (30 mm each) do not fit an 18-square front line.
/// A mounted Command stand with no square of its own goes on foot (20 mm) behind a cavalry stand.
#[test]
fn a_one_off_deployment_puts_two_stands_in_a_square_only_where_their_depths_fit() {
    let tables = &charts().1;
    let throws = typed_throws(&DEPTH_ONE, false);
    let [_, zulus] = lists("zulu-war--british", "zulu-war--zulu");
    let list = army("Horde", &[("Horse", "native_cavalry", 20, "hand_held")]);
    let armies = [one_off::Army { name: "horde", list: &list }, one_off::Army { name: &zulus.0, list: &zulus.1 }];
    let mut rng = GameRng::for_event(1, 0);
    let error = one_off::scenario(tables, armies, &throws, &one_off::Plan::default(), rng.inner()).unwrap_err();
    assert!(error.starts_with("Horde has no room for Horse 19 within 1 square of its edge"), "{error}");
    let [boers, british] = lists("first-boer-war--boer", "first-boer-war--british");
    let text = one_off::scenario(tables, armies_of(&boers, &british), &throws, &one_off::Plan::default(), rng.inner())
        .unwrap_or_else(|e| panic!("{e}"));
    let scenario = parse("one-off.toml", &text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let command = scenario.units.iter().find(|u| u.id == "first-command").expect("the Boers' Command stand");
    assert_eq!(command.kind, "command_on_foot");
}

/// Deployment, as the docs read the set-up: infantry in the front row of its zone, then cavalry behind it,
/// then guns and transport. Movement: "Artillery stands may not be moved into a square that is adjacent to a
/// square occupied by an enemy stand", so where two zones of six squares meet on a board twelve deep, no gun
/// (artillery, machine gun, pom-pom) is set next to an enemy stand. The throws are the referee's: terrain 3
/// and 2, baselines 4 and 1, depth 6 each, commanders 3 and 3.
#[test]
fn a_one_off_deployment_puts_infantry_in_front_then_cavalry_then_guns_and_no_gun_next_to_an_enemy() {
    use sandtable::systems::when_empires_clash::tables::StandClass;
    let tables = &charts().1;
    let throws = typed_throws(&[3, 2, 4, 1, 6, 6, 3, 3], false);
    let [british, zulus] = lists("zulu-war--british", "zulu-war--zulu");
    let side = 50.0 / 25.4;
    for seed in 0..12 {
        let mut rng = GameRng::for_event(seed, 0);
        let text =
            one_off::scenario(tables, armies_of(&british, &zulus), &throws, &one_off::Plan::default(), rng.inner())
                .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        let scenario = parse("one-off.toml", &text).unwrap_or_else(|e| panic!("seed {seed}: {e}\n{text}"));
        let square = |u: &sandtable::roster::Unit| {
            let p = u.figures[0].pos;
            ((p.x / side).floor() as i32, (p.y / side).floor() as i32)
        };
        let class = |u: &sandtable::roster::Unit| tables.stand(&u.kind).unwrap().class;
        for (i, army) in ["first", "second"].iter().enumerate() {
            let edge = scenario.sides[i].edge;
            // Rows in from the army's own edge: the front of its zone is the furthest in.
            let inward = |u: &sandtable::roster::Unit| {
                let row = square(u).1;
                if edge == sandtable::measure::Edge::North { row } else { 11 - row }
            };
            let stands: Vec<_> = scenario.units.iter().filter(|u| u.side == *army).collect();
            let tier = |u: &&sandtable::roster::Unit| match class(u) {
                StandClass::Infantry => Some(0),
                StandClass::Cavalry => Some(1),
                StandClass::Artillery | StandClass::MachineGun | StandClass::PomPom => Some(2),
                StandClass::Transport | StandClass::PackTransport => Some(2),
                StandClass::Command => None,
            };
            for (front, behind) in [(0, 1), (1, 2), (0, 2)] {
                let rows = |t| stands.iter().filter(|u| tier(u) == Some(t)).map(|u| inward(u)).collect::<Vec<_>>();
                let (ahead, back) = (rows(front), rows(behind));
                if let (Some(nearest), Some(furthest)) = (ahead.iter().min(), back.iter().max()) {
                    assert!(
                        nearest > furthest,
                        "seed {seed}, {army}: tier {front} {ahead:?} before tier {behind} {back:?}\n{text}"
                    );
                }
            }
        }
        for gun in scenario
            .units
            .iter()
            .filter(|u| matches!(class(u), StandClass::Artillery | StandClass::MachineGun | StandClass::PomPom))
        {
            let (gc, gr) = square(gun);
            for enemy in scenario.units.iter().filter(|u| u.side != gun.side) {
                let (ec, er) = square(enemy);
                assert!(
                    (gc - ec).abs().max((gr - er).abs()) > 1,
                    "seed {seed}: {} next to {}\n{text}",
                    gun.id,
                    enemy.id
                );
            }
        }
    }
}

/// Armies: a list's "lengths of 50mm Entrenchments" are its own: a one-off battle digs each list's
/// entrenchments for its own side (`side` on the obstacle), so two entrenched armies each shelter in their own.
#[test]
fn a_one_off_battle_digs_each_lists_entrenchments_for_its_own_side() {
    let tables = &charts().1;
    let [a, b] = lists("spanish-american-war--spanish", "second-boer-war--boer");
    let mut rng = GameRng::for_event(3, 0);
    let (throws, _) = one_off::throw(tables, ["Spanish", "Boers"], false, None, &mut rng).unwrap();
    let text = one_off::scenario(tables, armies_of(&a, &b), &throws, &one_off::Plan::default(), rng.inner()).unwrap();
    parse("one-off.toml", &text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    for side in ["first", "second"] {
        assert!(text.contains(&format!("kind = \"entrenchment\"\nside = \"{side}\"")), "{side}: {text}");
    }
}

/// A count near 2^32 once wrapped the sums round to "8 stands, 22 points", breaking nothing: it is now a
/// break of its own and the points it adds saturate far over any army's value.
#[test]
fn a_line_of_four_billion_stands_breaks_the_army_and_does_not_wrap_its_points() {
    use sandtable::systems::when_empires_clash::draft::{Draft, Target, check};
    let tables = &charts().1;
    let (_, list) = library::read("zulu-war--british").unwrap();
    let mut draft = Draft::of(&list);
    draft.lines[0].count = u32::MAX;
    let found = check(tables, &draft, Target::Agreed);
    assert!(found.points > 1_000_000.0 && found.stands > 1_000_000, "{found:?}");
    let said: Vec<&str> = found.findings.iter().filter(|f| f.breaks).map(|f| f.message.as_str()).collect();
    assert!(said.iter().any(|m| m.contains("4294967295 stands; a line holds at most")), "{said:?}");
    let text = draft.to_toml(tables);
    let read = sandtable::systems::when_empires_clash::army::read("saved.toml", &text).unwrap();
    let findings = sandtable::systems::when_empires_clash::army::check(tables, &read, &text);
    assert!(findings.iter().any(|f| f.breaks && f.message.contains("a line holds at most")), "{findings:?}");
}
