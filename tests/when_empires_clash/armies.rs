//! Stand values and the example army lists: every shipped list checks against the stand values, the
//! printed totals, the 35- or 36-point rule and the cap on stands worth 4 or more; the printed Boxer list's
//! inconsistency is reported; the checker names the line of what a list breaks.

use std::path::{Path, PathBuf};

use sandtable::systems::when_empires_clash::army::{self, Finding};
use sandtable::systems::when_empires_clash::charts;

fn armies_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/when-empires-clash/armies")
}

fn check(source: &str) -> Vec<Finding> {
    let list = army::read("test.toml", source).unwrap_or_else(|e| panic!("{e}"));
    army::check(&charts().1, &list, source)
}

fn breaks(source: &str) -> Vec<String> {
    check(source).into_iter().filter(|f| f.breaks).map(|f| f.message).collect()
}

const ZULU: &str = r#"
[army]
conflict = "The Zulu War (1879)"
name = "Zulu Army"
dice = "D12"
printed_points = 36
printed_stands = 18

[[stands]]
count = 15
name = "Zulu Spearmen"
kind = "native_infantry"
weapon = "hand_held"
printed_points = 30

[[stands]]
count = 3
name = "Zulu Riflemen"
kind = "native_infantry"
weapon = "single_shot_rifle"
printed_points = 6
"#;

#[test]
fn the_twenty_army_lists_of_the_ten_conflicts_check_clean() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(armies_dir()).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    assert_eq!(files.len(), 20, "two armies for each of the ten conflicts");
    for file in files {
        let source = std::fs::read_to_string(&file).unwrap();
        let list = army::read(&file.display().to_string(), &source).unwrap_or_else(|e| panic!("{e}"));
        let broken: Vec<_> = army::check(&charts().1, &list, &source).into_iter().filter(|f| f.breaks).collect();
        assert!(broken.is_empty(), "{}: {broken:?}", file.display());
    }
}

/// RULINGS: the Boxer army prints "4 stands of Chinese Imperial Infantry ... 18 points" (4 x 3 = 12). The
/// checker reports the printed list; the shipped list corrects it to 6 stands and says so.
#[test]
fn the_printed_boxer_army_list_is_reported_and_the_shipped_list_says_it_corrects_it() {
    let source = std::fs::read_to_string(armies_dir().join("boxer-rebellion--boxer.toml")).unwrap();
    let list = army::read("boxer.toml", &source).unwrap();
    let printed = army::check(&charts().1, &army::as_printed(&list), &source);
    let messages: Vec<&str> = printed.iter().filter(|f| f.breaks).map(|f| f.message.as_str()).collect();
    assert!(
        messages.contains(&"Chinese Imperial Infantry: 4 stands x 3 = 12 points, not the printed 18"),
        "{messages:?}"
    );
    assert!(messages.contains(&"the stands are worth 30 points, not the printed 36"), "{messages:?}");
    let shipped = army::check(&charts().1, &list, &source);
    assert!(shipped.iter().all(|f| !f.breaks), "{shipped:?}");
    let note = shipped.iter().find(|f| !f.breaks).expect("the correction is reported");
    assert!(note.message.starts_with("As printed: \"4 stands of Chinese Imperial Infantry ... 18 points\""));
    assert!(note.message.contains("15 stands plus a Command stand, not the printed 13"));
    assert_eq!(
        note.line,
        Some(source[..source.find("name = \"Chinese Imperial Infantry\"").unwrap()].lines().count() + 1)
    );
}

#[test]
fn an_army_list_line_whose_stands_do_not_make_its_points_is_reported_at_its_line() {
    let source = ZULU
        .replace("printed_points = 30", "printed_points = 32")
        .replace("printed_points = 36", "printed_points = 38");
    let found = check(&source);
    let line = found.iter().find(|f| f.message.starts_with("Zulu Spearmen")).expect("the line is reported");
    assert_eq!(line.message, "Zulu Spearmen: 15 stands x 2 = 30 points, not the printed 32");
    assert_eq!(line.line, Some(11), "the line of its name");
}

#[test]
fn an_army_list_must_come_to_35_or_36_points() {
    let source = ZULU
        .replace("count = 3\n", "count = 2\n")
        .replace("printed_points = 6", "printed_points = 4")
        .replace("printed_points = 36", "printed_points = 34")
        .replace("printed_stands = 18", "printed_stands = 17");
    assert_eq!(breaks(&source), ["34 points: the text's lists are all 35 or 36 point armies"]);
}

#[test]
fn an_army_list_is_held_to_its_printed_stand_count() {
    let source = ZULU.replace("printed_stands = 18", "printed_stands = 19");
    assert_eq!(breaks(&source), ["18 stands, not the 19 the list gives (plus a Command stand)"]);
}

#[test]
fn an_army_list_with_more_than_12_points_in_stands_worth_4_or_more_is_reported() {
    let guns = "\n[[stands]]\ncount = 4\nname = \"Maxims\"\nkind = \"automatic_machine_gun\"\nweapon = \"automatic_machine_gun\"\nprinted_points = 16\n";
    let source = ZULU
        .replace("count = 15", "count = 5")
        .replace("printed_points = 30", "printed_points = 10")
        .replace("printed_points = 6\n", &format!("printed_points = 6\n{guns}"))
        .replace("printed_points = 36", "printed_points = 32")
        .replace("printed_stands = 18", "printed_stands = 12");
    let found = breaks(&source);
    assert!(
        found.contains(&"16 points in stands worth 4 or more: at most 12 in an army of equal value".to_string()),
        "{found:?}"
    );
}

#[test]
fn entrenchments_count_half_a_point_a_length_in_an_army_list() {
    let source = std::fs::read_to_string(armies_dir().join("spanish-american-war--spanish.toml")).unwrap();
    let list = army::read("spanish.toml", &source).unwrap();
    let totals = army::totals(&charts().1, &list.stands, list.entrenchments.as_ref());
    assert_eq!((totals.points, totals.stands), (36.0, 10), "24 + 4 + 16 x 1/2");
}

/// "N.B. The British and Indian Regular Cavalry may be replaced with" a mountain gun and a Maxim: the
/// checker holds the swap to the same points.
#[test]
fn an_army_list_alternative_must_bring_the_points_it_replaces() {
    let source = std::fs::read_to_string(armies_dir().join("north-west-frontier-1890--british.toml")).unwrap();
    assert!(breaks(&source).is_empty());
    let dearer = source
        .replacen(
            "count = 1\nname = \"British Automatic Machine Guns\"",
            "count = 2\nname = \"British Automatic Machine Guns\"",
            1,
        )
        .replace(
            "printed_points = 4\nnotes = \"Maxim machine guns\"",
            "printed_points = 8\nnotes = \"Maxim machine guns\"",
        );
    assert!(
        breaks(&dearer).contains(&"the alternative brings 10 points for the 6 it replaces".to_string()),
        "{:?}",
        breaks(&dearer)
    );
}

#[test]
fn an_army_list_naming_an_unknown_stand_type_lists_the_known_ones() {
    let found = breaks(
        &ZULU.replace("kind = \"native_infantry\"\nweapon = \"hand_held\"", "kind = \"impi\"\nweapon = \"hand_held\""),
    );
    assert!(
        found[0].starts_with("Zulu Spearmen: no stand type \"impi\"; they are: automatic_machine_gun, command_mounted"),
        "{found:?}"
    );
}

#[test]
fn an_army_list_throws_2d6_or_a_d12() {
    assert_eq!(
        breaks(&ZULU.replace("dice = \"D12\"", "dice = \"D20\"")),
        ["dice \"D20\": an army throws 2D6 or a D12"]
    );
}

/// "6: Exceptional (3 points); 3, 4 or 5: Average (2); 1 or 2: Poor (1)."
#[test]
fn a_one_off_commander_is_rated_by_one_d6() {
    let commanders = &charts().1.commanders;
    let rating = |face: i64| commanders.values().find(|c| c.d6.contains(&face)).map(|c| (c.name.as_str(), c.value));
    assert_eq!(rating(6), Some(("Exceptional", 3)));
    assert_eq!((rating(3), rating(5)), (Some(("Average", 2)), Some(("Average", 2))));
    assert_eq!((rating(1), rating(2)), (Some(("Poor", 1)), Some(("Poor", 1))));
}

/// The Gordon Relief Expedition's "2 stands of British Transport (Pack camels)" are pack animals: read as
/// Pack Transport (1 point each, 30 mm deep), as the Reconquest of the Sudan's "British Pack Transport (Pack
/// camels)", and the list says so.
#[test]
fn the_gordon_relief_pack_camels_are_pack_transport_and_the_list_says_so() {
    let file = armies_dir().join("gordon-relief--anglo-egyptian.toml");
    let source = std::fs::read_to_string(&file).unwrap();
    let list = army::read("gordon-relief--anglo-egyptian.toml", &source).unwrap();
    let camels = list.stands.iter().find(|l| l.notes == "Pack camels").expect("the pack camels' line");
    assert_eq!((camels.kind.get_ref().as_str(), camels.count, camels.printed_points), ("pack_transport", 2, 2));
    let notes: Vec<String> = check(&source).into_iter().filter(|f| !f.breaks).map(|f| f.message).collect();
    assert!(notes.iter().any(|n| n.contains("read as Pack Transport")), "{notes:?}");
}

/// Armies: "Each side's army must have a Command stand ... The value of this stand is not included in the
/// cost of an army." A list that buys one is told it is not bought, and the stand is not counted among the
/// list's stands; one stand is "1 stand".
#[test]
fn a_command_stand_in_an_army_list_is_not_bought_and_not_counted_among_its_stands() {
    let source = ZULU.replace("printed_points = 6\n", "printed_points = 6\n\n[[stands]]\ncount = 1\nname = \"Induna\"\nkind = \"command_on_foot\"\nprinted_points = 2\n");
    let found = breaks(&source);
    assert!(
        found.contains(&"Induna: the Command stand is not bought; every army has one, added to the battle".to_string()),
        "{found:?}"
    );
    assert!(!found.iter().any(|f| f.contains("stands, not the 18")), "the Command stand is not counted: {found:?}");
    assert!(!found.iter().any(|f| f.contains("x 0 =")), "{found:?}");
    let one = ZULU.replace("count = 3\n", "count = 1\n");
    let found = breaks(&one);
    assert!(found.contains(&"Zulu Riflemen: 1 stand x 2 = 2 points, not the printed 6".to_string()), "{found:?}");
}
