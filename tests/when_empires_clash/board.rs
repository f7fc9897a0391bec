//! The grid readings (docs/rules/when-empires-clash.md, The battlefield): arcs, flank and rear, line of
//! sight, the squares a stand may move to, and recoils.

use sandtable::measure::Square;
use sandtable::systems::when_empires_clash::board::{
    Aspect, Blocked, Board, Facing, Ground, Mover, Obstacle, Recoil, Recoiler, Space, aspect, depth_in_row,
    has_line_of_sight, in_front_arc, in_rear_arc, line_of_sight, reachable, recoil,
};

fn sq(col: i32, row: i32) -> Square {
    Square::new(col, row)
}

/// Squares of 50 mm, two stands at most, with a 20 mm infantry stand in each square listed (twice for two).
fn space(infantry: &[Square]) -> Space {
    let mut space = Space::new(50, 2);
    for &square in infantry {
        space.take(square, 20);
    }
    space
}

static NOBODY: std::sync::LazyLock<Space> = std::sync::LazyLock::new(|| space(&[]));

/// An infantry stand (20 mm) moving `squares`.
fn mover<'a>(at: Square, squares: u32, friends: &'a Space, enemies: &'a [Square]) -> Mover<'a> {
    Mover { at, squares, infantry: true, artillery: false, depth_mm: 20, friends, enemies }
}

#[test]
fn the_front_arc_is_every_square_between_the_forward_diagonals() {
    let at = sq(5, 5);
    assert!(in_front_arc(at, Facing::North, sq(5, 4)));
    assert!(in_front_arc(at, Facing::North, sq(7, 3)), "on the diagonal: in");
    assert!(!in_front_arc(at, Facing::North, sq(8, 3)), "beyond the diagonal: out");
    assert!(!in_front_arc(at, Facing::North, sq(6, 5)), "level with the stand: its flank");
    assert!(in_front_arc(at, Facing::East, sq(8, 7)));
    assert!(in_rear_arc(at, Facing::North, sq(4, 7)));
}

#[test]
fn an_attacker_beside_a_square_is_on_its_flank_and_behind_it_in_its_rear() {
    let target = sq(5, 5);
    assert_eq!(aspect(target, Facing::North, sq(5, 3)), Aspect::Front);
    assert_eq!(aspect(target, Facing::North, sq(6, 5)), Aspect::Flank);
    assert_eq!(aspect(target, Facing::North, sq(6, 6)), Aspect::Rear);
}

#[test]
fn line_of_sight_across_squares_is_blocked_by_woods_buildings_stands_and_higher_hills() {
    let mut board = Board::new(18, 12);
    assert_eq!(line_of_sight(&board, sq(0, 0), sq(6, 3)), Ok(()));
    board.set_ground(sq(3, 0), Ground::Woods);
    assert_eq!(line_of_sight(&board, sq(0, 0), sq(6, 0)), Err(sq(3, 0)));
    assert_eq!(line_of_sight(&board, sq(0, 0), sq(3, 0)), Ok(()), "a stand in the wood itself is seen");
    board.set_occupied([sq(2, 2)]);
    assert_eq!(line_of_sight(&board, sq(0, 0), sq(4, 4)), Err(sq(2, 2)));
    board.set_level(sq(1, 5), 1);
    assert_eq!(line_of_sight(&board, sq(0, 5), sq(4, 5)), Err(sq(1, 5)), "a hill above both ends");
    board.set_level(sq(0, 5), 1);
    assert_eq!(line_of_sight(&board, sq(0, 5), sq(4, 5)), Ok(()), "from the hill's own height");
}

/// The view's quick yes or no is the fight's answer, on a board strewn with woods, buildings, hills and
/// stands, between every two squares.
#[test]
fn has_line_of_sight_says_what_line_of_sight_says_between_every_two_squares() {
    let mut board = Board::new(12, 9);
    let mut occupied = Vec::new();
    // A fixed scatter: every square's kind from its place, so the test is the same on every run.
    for col in 0..12 {
        for row in 0..9 {
            match (col * 7 + row * 13) % 11 {
                0 => board.set_ground(sq(col, row), Ground::Woods),
                1 => board.set_ground(sq(col, row), Ground::Building),
                2 => occupied.push(sq(col, row)),
                3 | 4 => board.set_level(sq(col, row), 1 + (col + row) as u32 % 2),
                _ => {}
            }
        }
    }
    board.set_occupied(occupied);
    let squares: Vec<Square> = (0..12).flat_map(|c| (0..9).map(move |r| sq(c, r))).collect();
    let (mut seen, mut blocked) = (0, 0);
    for &from in &squares {
        for &to in &squares {
            let answer = line_of_sight(&board, from, to).is_ok();
            assert_eq!(has_line_of_sight(&board, from, to), answer, "{from:?} to {to:?}");
            if answer { seen += 1 } else { blocked += 1 }
        }
    }
    assert!(seen > 1000 && blocked > 1000, "both answers are met often: {seen} seen, {blocked} blocked");
}

/// A line that only touches the corner of a square does not pass through it.
#[test]
fn a_line_of_sight_touching_a_squares_corner_is_not_blocked_by_it() {
    let mut board = Board::new(18, 12);
    board.set_ground(sq(1, 0), Ground::Building);
    board.set_ground(sq(0, 1), Ground::Building);
    assert_eq!(line_of_sight(&board, sq(0, 0), sq(2, 2)), Ok(()));
}

#[test]
fn a_stand_moves_its_move_in_squares_orthogonally_or_diagonally() {
    let board = Board::new(18, 12);
    let ends = reachable(&board, &mover(sq(5, 5), 2, &NOBODY, &[]));
    assert_eq!(ends.len(), 24, "every square within two king's steps but its own");
    assert_eq!(ends[&sq(7, 7)], 2);
}

#[test]
fn a_move_wholly_along_a_road_goes_one_square_further() {
    let mut board = Board::new(18, 12);
    for col in 0..10 {
        board.add_road(sq(col, 3));
    }
    let ends = reachable(&board, &mover(sq(2, 3), 2, &NOBODY, &[]));
    assert_eq!(ends.get(&sq(5, 3)), Some(&3), "three squares along the road");
    assert!(!ends.contains_key(&sq(5, 4)), "off the road, only two");
    let off_road = reachable(&board, &mover(sq(2, 4), 2, &NOBODY, &[]));
    assert!(!off_road.contains_key(&sq(5, 3)), "a move that starts off the road has no extra square");
}

#[test]
fn crossing_a_hill_contour_costs_a_square() {
    let mut board = Board::new(18, 12);
    board.set_level(sq(6, 5), 1);
    let ends = reachable(&board, &mover(sq(5, 5), 2, &NOBODY, &[]));
    assert_eq!(ends[&sq(6, 5)], 2, "one square and one contour");
    assert!(!ends.contains_key(&sq(7, 5)) || ends[&sq(7, 5)] == 2, "round the hill, not over it");
}

#[test]
fn only_infantry_moves_into_woods_off_the_road_or_over_a_wall_square() {
    let mut board = Board::new(18, 12);
    board.set_ground(sq(6, 5), Ground::Woods);
    board.add_obstacle(sq(5, 5), sq(5, 6), Obstacle::Wall).unwrap();
    let horse = Mover { infantry: false, ..mover(sq(5, 5), 4, &NOBODY, &[]) };
    let ends = reachable(&board, &horse);
    assert!(!ends.contains_key(&sq(6, 5)));
    assert_eq!(ends[&sq(5, 6)], 2, "cavalry goes round the wall's end");
    let foot = reachable(&board, &mover(sq(5, 5), 4, &NOBODY, &[]));
    assert_eq!((foot[&sq(6, 5)], foot[&sq(5, 6)]), (1, 1));
}

/// A diagonal step slips past the end of a wall, but not through the corner where two walls meet.
#[test]
fn a_diagonal_step_square_to_square_crosses_a_wall_only_when_both_ways_round_do() {
    let mut board = Board::new(18, 12);
    board.add_obstacle(sq(5, 5), sq(6, 5), Obstacle::Wall).unwrap();
    assert_eq!(board.crossed(sq(5, 5), sq(6, 6)), None);
    board.add_obstacle(sq(5, 5), sq(5, 6), Obstacle::Hedge).unwrap();
    assert!(board.crossed(sq(5, 5), sq(6, 6)).is_some());
    assert!(board.add_obstacle(sq(1, 1), sq(2, 2), Obstacle::Wall).is_err(), "only between squares side by side");
}

#[test]
fn a_stand_stops_on_coming_next_to_an_enemy_square_and_artillery_never_does() {
    let board = Board::new(18, 12);
    let enemies = [sq(5, 2)];
    let ends = reachable(&board, &mover(sq(5, 5), 3, &NOBODY, &enemies));
    assert_eq!(ends[&sq(5, 3)], 2, "it may come up next to the enemy");
    // Beyond the enemy, only a way round that never comes next to it before the end will do.
    let far = reachable(&board, &mover(sq(5, 5), 8, &NOBODY, &enemies));
    assert!(far[&sq(5, 1)] > 4, "not straight on past it: {}", far[&sq(5, 1)]);
    let gun = Mover { artillery: true, infantry: false, ..mover(sq(5, 5), 3, &NOBODY, &enemies) };
    assert!(!reachable(&board, &gun).keys().any(|&s| (s.col - 5).abs() <= 1 && (s.row - 2).abs() <= 1));
}

#[test]
fn a_square_holds_two_stands_and_friends_are_passed_through() {
    let board = Board::new(18, 12);
    let friends = space(&[sq(5, 4), sq(5, 4), sq(5, 3)]);
    let ends = reachable(&board, &mover(sq(5, 5), 2, &friends, &[]));
    assert!(!ends.contains_key(&sq(5, 4)), "full");
    assert!(ends.contains_key(&sq(5, 3)), "room for one more, reached through the full square");
}

fn recoiler<'a>(at: Square, squares: u32, friends: &'a Space, enemies: &'a [Square]) -> Recoiler<'a> {
    Recoiler {
        at,
        squares,
        infantry: true,
        blocked_by_any_obstacle: false,
        toward_baseline: Facing::South,
        depth_mm: 20,
        friends,
        enemies,
    }
}

#[test]
fn a_recoil_goes_toward_the_baseline_until_two_squares_from_every_enemy() {
    let board = Board::new(18, 12);
    let result = recoil(&board, &recoiler(sq(5, 5), 2, &NOBODY, &[sq(5, 4)]));
    assert_eq!(result, Recoil::Back(vec![sq(5, 6)]), "one square back is two from the enemy");
    let result = recoil(&board, &recoiler(sq(5, 5), 3, &NOBODY, &[sq(5, 4), sq(4, 5)]));
    assert_eq!(result, Recoil::Back(vec![sq(6, 6)]));
}

/// "Because it is sharing a square with a friendly stand ... the recoiling stand is deemed to have been
/// destroyed."
#[test]
fn a_recoil_from_a_square_shared_with_a_friend_destroys_the_stand() {
    let board = Board::new(18, 12);
    let result = recoil(&board, &recoiler(sq(5, 5), 2, &space(&[sq(5, 5)]), &[sq(5, 4)]));
    assert_eq!(result, Recoil::Destroyed(Blocked::SharingASquare));
}

#[test]
fn a_recoil_longer_than_the_stands_move_destroys_it() {
    let board = Board::new(18, 12);
    let enemies = [sq(5, 4), sq(4, 6), sq(6, 6), sq(5, 7)];
    let result = recoil(&board, &recoiler(sq(5, 5), 2, &NOBODY, &enemies));
    assert!(
        matches!(result, Recoil::Destroyed(Blocked::TooFar { .. }) | Recoil::Destroyed(Blocked::NoWayBack)),
        "{result:?}"
    );
    let far = [sq(5, 4)];
    let mut board = Board::new(18, 12);
    board.set_level(sq(4, 6), 1);
    board.set_level(sq(5, 6), 1);
    board.set_level(sq(6, 6), 1);
    let result = recoil(&board, &recoiler(sq(5, 5), 1, &NOBODY, &far));
    assert_eq!(result, Recoil::Destroyed(Blocked::TooFar { needs: 2, squares: 1 }), "the contour costs a square");
}

/// Stands that are Forced to Recoil: destroyed when "prevented from doing so ... because of an obstacle".
/// Read: an obstacle the stand may not cross as it moves (a wall for any but infantry) prevents it; one it
/// may cross (a stream) does not, unless every obstacle is read as preventing it. The table's edge behind
/// a stand on its baseline row prevents it too.
#[test]
fn a_recoil_blocked_by_an_obstacle_or_the_table_edge_destroys_the_stand() {
    let across = |kind: Obstacle| {
        let mut board = Board::new(18, 12);
        for col in 4..=6 {
            board.add_obstacle(sq(col, 5), sq(col, 6), kind).unwrap();
        }
        board
    };
    let (stream, wall) = (across(Obstacle::Stream), across(Obstacle::Wall));
    let enemy = [sq(5, 4)];
    let result = recoil(&stream, &recoiler(sq(5, 5), 3, &NOBODY, &enemy));
    assert_eq!(result, Recoil::Back(vec![sq(5, 6)]), "infantry crosses a stream as it moves");
    let strict = Recoiler { blocked_by_any_obstacle: true, ..recoiler(sq(5, 5), 3, &NOBODY, &enemy) };
    assert_eq!(recoil(&stream, &strict), Recoil::Destroyed(Blocked::NoWayBack), "every obstacle stops a recoil");
    let horse = Recoiler { infantry: false, ..recoiler(sq(5, 5), 3, &NOBODY, &enemy) };
    assert_eq!(recoil(&wall, &horse), Recoil::Destroyed(Blocked::NoWayBack), "cavalry does not cross a wall");
    let edge = recoil(&Board::new(18, 12), &recoiler(sq(5, 11), 3, &NOBODY, &[sq(5, 10)]));
    assert_eq!(edge, Recoil::Destroyed(Blocked::NoWayBack), "off the baseline edge there is no way back");
}

#[test]
fn a_wall_square_edge_facing_the_attacker_gives_cover_and_one_behind_does_not() {
    let mut board = Board::new(18, 12);
    board.add_obstacle(sq(5, 5), sq(5, 4), Obstacle::Wall).unwrap();
    assert_eq!(board.cover_against(sq(5, 5), sq(5, 2), "red"), Some(Obstacle::Wall));
    assert_eq!(board.cover_against(sq(5, 5), sq(7, 3), "red"), Some(Obstacle::Wall), "diagonally, across that side");
    assert_eq!(board.cover_against(sq(5, 5), sq(5, 8), "red"), None, "from behind");
    assert_eq!(board.cover_against(sq(5, 4), sq(5, 8), "blue"), Some(Obstacle::Wall), "a wall covers either side");
}

/// "In entrenchments": an entrenchment covers only the side that dug it, not the enemy in front of it.
#[test]
fn an_entrenchment_covers_only_the_side_that_dug_it() {
    let mut board = Board::new(18, 12);
    board.add_obstacle(sq(5, 5), sq(5, 6), Obstacle::Entrenchment).unwrap();
    board.dig(sq(5, 5), sq(5, 6), "blue");
    assert_eq!(board.cover_against(sq(5, 5), sq(5, 8), "blue"), Some(Obstacle::Entrenchment));
    assert_eq!(board.cover_against(sq(5, 6), sq(5, 3), "red"), None, "red's stand in front of blue's trench");
}

/// The Battlefield: two stands share a 50 mm square only when their depths add to 50 mm or less, and never
/// three; a large stand takes 50 mm of each square it fills and the rest of its depth in its last.
#[test]
fn a_square_holds_stands_only_as_deep_as_its_50_mm() {
    let mut space = Space::new(50, 2);
    space.take(sq(5, 5), 30);
    assert!(!space.fits(sq(5, 5), 30), "two cavalry stands: 60 mm");
    assert!(space.fits(sq(5, 5), 20), "cavalry and infantry: 50 mm");
    let mut pair = Space::new(50, 2);
    pair.take(sq(1, 1), 20);
    pair.take(sq(1, 1), 20);
    assert!(!pair.fits(sq(1, 1), 0), "two stands fill a square whatever their depth");
    let rows: Vec<u32> = (0..3).map(|row| depth_in_row(90, row, 50)).collect();
    assert_eq!(rows, [50, 40, 0]);
}
