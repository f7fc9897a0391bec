//! Fire and close combat additions and subtractions, each as the text lists it.

use sandtable::measure::Square;
use sandtable::systems::when_empires_clash::additions::{Combatant, Field, close_combat, fire};
use sandtable::systems::when_empires_clash::board::{Board, Facing, Ground, Obstacle};
use sandtable::systems::when_empires_clash::charts;
use sandtable::systems::when_empires_clash::tables::StandClass;

fn stand(
    side: &'static str,
    kind: &'static str,
    class: StandClass,
    value: i64,
    at: (i32, i32),
    facing: Facing,
) -> Combatant<'static> {
    Combatant { side, fights_as: kind, class, value, square: Square::new(at.0, at.1), facing, moved_first: false }
}

fn redcoats(at: (i32, i32)) -> Combatant<'static> {
    stand("british", "regular_infantry", StandClass::Infantry, 3, at, Facing::North)
}

fn impi(at: (i32, i32)) -> Combatant<'static> {
    stand("zulu", "native_infantry", StandClass::Infantry, 2, at, Facing::South)
}

fn total(lines: &[(String, i64)]) -> i64 {
    lines.iter().map(|(_, v)| v).sum()
}

fn names(lines: &[(String, i64)]) -> Vec<&str> {
    lines.iter().map(|(n, _)| n.as_str()).collect()
}

#[test]
fn fire_adds_the_stands_value_and_an_adjacent_command_stand_on_each_side() {
    let board = Board::new(18, 12);
    let mut general = stand("british", "command_mounted", StandClass::Command, 2, (6, 8), Facing::North);
    general.fights_as = "command_mounted";
    let stands = [redcoats((5, 8)), general, impi((5, 6))];
    let field = Field { board: &board, stands: &stands, tables: &charts().1, same_type_by_class: false };
    let [mine, theirs] = fire(&field, &stands[0], &stands[2]);
    assert_eq!(names(&mine), ["stand's value", "Command stand adjacent"]);
    assert_eq!((total(&mine), total(&theirs)), (5, 2));
}

#[test]
fn fire_from_a_flank_square_or_by_a_gun_at_a_shared_square_adds_and_a_wood_or_moved_cavalry_takes_off() {
    let mut board = Board::new(18, 12);
    board.set_ground(Square::new(5, 4), Ground::Woods);
    let gun = stand("british", "field_artillery", StandClass::Artillery, 2, (8, 4), Facing::West);
    let stands = [gun, impi((5, 4)), impi((5, 4))];
    let field = Field { board: &board, stands: &stands, tables: &charts().1, same_type_by_class: false };
    let [mine, _] = fire(&field, &stands[0], &stands[1]);
    assert_eq!(
        mine,
        [
            ("stand's value".to_string(), 2),
            ("on the enemy's flank or rear".to_string(), 1),
            ("gun firing at a shared square".to_string(), 2),
            ("target inside a wood".to_string(), -2),
        ]
    );
    let mut lancers = stand("british", "regular_cavalry", StandClass::Cavalry, 3, (5, 6), Facing::North);
    lancers.moved_first = true;
    let stands = [lancers, impi((5, 4))];
    let field = Field { board: &board, stands: &stands, tables: &charts().1, same_type_by_class: false };
    assert!(fire(&field, &stands[0], &stands[1])[0].contains(&("cavalry moved before firing".to_string(), -1)));
}

#[test]
fn close_combat_counts_same_type_support_beside_and_in_the_same_square() {
    let board = Board::new(18, 12);
    let stands = [impi((5, 5)), impi((5, 5)), impi((4, 5)), impi((6, 4)), redcoats((5, 6))];
    let field = Field { board: &board, stands: &stands, tables: &charts().1, same_type_by_class: false };
    let [mine, theirs] = close_combat(&field, &stands[0], &stands[4]);
    assert!(mine.contains(&("same type adjacent (2 friends)".to_string(), 2)), "{mine:?}");
    assert!(mine.contains(&("same type in the same square".to_string(), 2)), "{mine:?}");
    assert_eq!(total(&theirs), 3, "the redcoats alone: their value");
}

#[test]
fn close_combat_by_cavalry_on_an_isolated_stand_in_open_country_adds_3() {
    let mut board = Board::new(18, 12);
    let hussars = stand("british", "regular_cavalry", StandClass::Cavalry, 3, (5, 4), Facing::South);
    let stands = [hussars.clone(), impi((5, 5))];
    let field = Field { board: &board, stands: &stands, tables: &charts().1, same_type_by_class: false };
    let [mine, _] = close_combat(&field, &stands[0], &stands[1]);
    assert!(mine.contains(&("cavalry against an isolated stand in open country".to_string(), 3)), "{mine:?}");
    let stands = [hussars.clone(), impi((5, 5)), impi((6, 6))];
    let field = Field { board: &board, stands: &stands, tables: &charts().1, same_type_by_class: false };
    assert!(
        !names(&close_combat(&field, &stands[0], &stands[1])[0])
            .contains(&"cavalry against an isolated stand in open country"),
        "a friend beside it"
    );
    board.set_level(Square::new(5, 5), 1);
    let stands = [hussars, impi((5, 5))];
    let field = Field { board: &board, stands: &stands, tables: &charts().1, same_type_by_class: false };
    let [mine, _] = close_combat(&field, &stands[0], &stands[1]);
    assert!(!names(&mine).contains(&"cavalry against an isolated stand in open country"), "on a hill: not flat");
    assert!(mine.contains(&("initiator downhill of the enemy".to_string(), -2)));
}

#[test]
fn close_combat_against_a_stand_behind_a_wall_or_from_its_flank() {
    let mut board = Board::new(18, 12);
    board.add_obstacle(Square::new(5, 5), Square::new(5, 4), Obstacle::Wall).unwrap();
    let stands = [impi((5, 4)), redcoats((5, 5)), impi((4, 5))];
    let field = Field { board: &board, stands: &stands, tables: &charts().1, same_type_by_class: false };
    let [front, _] = close_combat(&field, &stands[0], &stands[1]);
    assert!(front.contains(&("target behind a wall".to_string(), -2)), "{front:?}");
    let [flank, _] = close_combat(&field, &stands[2], &stands[1]);
    assert!(flank.contains(&("on the enemy's flank or rear".to_string(), 2)), "{flank:?}");
    assert!(!names(&flank).contains(&"target behind a wall"), "the wall is on the other side");
}
