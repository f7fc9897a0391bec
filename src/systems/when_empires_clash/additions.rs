//! What each side adds to its throw in a fire or close combat, every line named as the text names it, so
//! the combat panel can list them and a table can strike one it judges otherwise.
//!
//! Readings (docs/rules/when-empires-clash.md, Combat): "adjacent" is a king's step (a distance of 1);
//! "the same type" is the same stand type, a dismounted cavalry stand counting as what it fights as (the same
//! class with `same_type_by_class`); Pom-Pom guns count as machine guns; "flat, open country" is open ground
//! on no contour, not behind a wall or in its own side's entrenchments facing the attacker; a stand is
//! "isolated" with no friend within one square of it; a Command stand on foot is infantry for the cavalry's
//! +3, a mounted one cavalry.

use super::board::{Aspect, Board, Facing, Ground, aspect};
use super::tables::{StandClass, Tables};
use crate::measure::{Square, chebyshev};

/// A stand as combat sees it.
#[derive(Debug, Clone)]
pub struct Combatant<'a> {
    pub side: &'a str,
    /// The stand type it fights as (a dismounted cavalry stand's `dismounted_as`).
    pub fights_as: &'a str,
    pub class: StandClass,
    pub value: i64,
    pub square: Square,
    pub facing: Facing,
    /// Moved this turn before it fired (cavalry fire at -1).
    pub moved_first: bool,
}

/// One line of a side's score: why, and how much.
pub type Addition = (String, i64);

pub struct Field<'a> {
    pub board: &'a Board,
    pub stands: &'a [Combatant<'a>],
    pub tables: &'a Tables,
    /// "The same type" read as the same class of stand, not the same stand type (`same_type_by_class`).
    pub same_type_by_class: bool,
}

impl Field<'_> {
    fn friends_of<'s>(&'s self, stand: &'s Combatant) -> impl Iterator<Item = &'s Combatant<'s>> + 's {
        self.stands.iter().filter(move |s| s.side == stand.side && !std::ptr::eq(*s, stand))
    }

    /// Both sides add their own value and that of a friendly Command stand next to them.
    fn own(&self, stand: &Combatant) -> Vec<Addition> {
        let mut lines = vec![("stand's value".to_string(), stand.value)];
        let command: i64 = self
            .friends_of(stand)
            .filter(|f| f.class == StandClass::Command && chebyshev(f.square, stand.square) == 1)
            .map(|f| f.value)
            .sum();
        if command != 0 {
            lines.push(("Command stand adjacent".to_string(), command));
        }
        lines
    }

    fn enemy_shares_square(&self, target: &Combatant) -> bool {
        self.friends_of(target).any(|f| f.square == target.square)
    }

    /// "A friendly stand of the same type": one that fights as the same stand type, or with
    /// `same_type_by_class` one of the same class, pom-poms counting with the machine guns.
    fn same_type(&self, a: &Combatant, b: &Combatant) -> bool {
        let class = |c: StandClass| if c == StandClass::PomPom { StandClass::MachineGun } else { c };
        if self.same_type_by_class { class(a.class) == class(b.class) } else { a.fights_as == b.fights_as }
    }
}

fn side_on(attacker: &Combatant, target: &Combatant) -> bool {
    aspect(target.square, target.facing, attacker.square) != Aspect::Front
}

/// Fire combat: the firer's lines and the target's.
pub fn fire(field: &Field, firer: &Combatant, target: &Combatant) -> [Vec<Addition>; 2] {
    let rules = &field.tables.fire;
    let mut mine = field.own(firer);
    if side_on(firer, target) {
        mine.push(("on the enemy's flank or rear".into(), rules.flank_or_rear));
    }
    if firer.class.is_gun() && field.enemy_shares_square(target) {
        mine.push(("gun firing at a shared square".into(), rules.gun_at_shared_square));
    }
    if firer.class == StandClass::Cavalry && firer.moved_first {
        mine.push(("cavalry moved before firing".into(), rules.cavalry_moved_first));
    }
    if let Some(why) = cover(field.board, target, firer, true) {
        mine.push((why, rules.target_behind_wall_entrenched_or_in_wood));
    }
    [mine, field.own(target)]
}

/// Close combat: the initiator's lines and the target's.
pub fn close_combat(field: &Field, initiator: &Combatant, target: &Combatant) -> [Vec<Addition>; 2] {
    let rules = &field.tables.close_combat;
    let mut mine = field.own(initiator);
    mine.extend(support(field, initiator));
    if initiator.class.is_gun() {
        mine.push(("gun initiating".into(), rules.gun_initiating));
    }
    if side_on(initiator, target) {
        mine.push(("on the enemy's flank or rear".into(), rules.flank_or_rear));
    }
    // A Command stand counts as what it moves as: on foot, infantry.
    let target_class = field.tables.stand(target.fights_as).and_then(|k| k.moves_as).unwrap_or(target.class);
    if initiator.class == StandClass::Cavalry
        && matches!(
            target_class,
            StandClass::Infantry | StandClass::Artillery | StandClass::MachineGun | StandClass::PomPom
        )
        && isolated_in_open(field, target, initiator)
    {
        mine.push(("cavalry against an isolated stand in open country".into(), rules.cavalry_against_isolated_in_open));
    }
    if field.board.level(initiator.square) < field.board.level(target.square) {
        mine.push(("initiator downhill of the enemy".into(), rules.downhill));
    }
    if let Some(why) = cover(field.board, target, initiator, false) {
        mine.push((why, rules.target_behind_wall_or_entrenched));
    }
    let mut theirs = field.own(target);
    theirs.extend(support(field, target));
    [mine, theirs]
}

/// +1 for each friend of the same type next to it, +2 for one of the same type in its square.
fn support(field: &Field, stand: &Combatant) -> Vec<Addition> {
    let rules = &field.tables.close_combat;
    let same: Vec<&Combatant> = field.friends_of(stand).filter(|f| field.same_type(f, stand)).collect();
    let beside = same.iter().filter(|f| chebyshev(f.square, stand.square) == 1).count() as i64;
    let mut lines = Vec::new();
    if beside > 0 {
        let friends = crate::rules::plural(beside as usize, "friend", "friends");
        lines.push((format!("same type adjacent ({friends})"), beside * rules.same_type_adjacent));
    }
    if same.iter().any(|f| f.square == stand.square) {
        lines.push(("same type in the same square".into(), rules.same_type_same_square));
    }
    lines
}

/// "Separated from friendly stands by at least one empty square", in "flat, open country": a stand behind a
/// wall or in its own side's entrenchments on its side facing the attacker is not in open country against it.
fn isolated_in_open(field: &Field, target: &Combatant, attacker: &Combatant) -> bool {
    let board = field.board;
    let alone = field.friends_of(target).all(|f| chebyshev(f.square, target.square) >= 2);
    let open = board.ground(target.square) == Ground::Open && board.level(target.square) == 0;
    alone && open && board.cover_against(target.square, attacker.square, target.side).is_none()
}

/// The target's cover against this attacker: a wall or its own side's entrenchment on its side, or (fire
/// only) a wood.
fn cover(board: &Board, target: &Combatant, attacker: &Combatant, wood_counts: bool) -> Option<String> {
    if let Some(obstacle) = board.cover_against(target.square, attacker.square, target.side) {
        let words = if obstacle == super::board::Obstacle::Wall { "behind a wall" } else { "in entrenchments" };
        return Some(format!("target {words}"));
    }
    (wood_counts && board.ground(target.square) == Ground::Woods).then(|| "target inside a wood".to_string())
}
