//! The battlefield as the procedures read it: each stand on it (square, facing, front or rear of its
//! square, what it fights as, its value, move and weapon), the board with its occupied squares, each side's
//! dice, commander and losses, and the rule names refusals cite.

use std::collections::BTreeMap;

use super::WhenEmpiresClash;
use super::additions::Combatant;
use super::board::{Board, Facing, Space, depth_in_row};
use super::fields::square_at;
use super::markers::{DISMOUNTED, MOVED, RECOILED, WITHDRAWN};
use super::notation;
use super::tables::{StandClass, StandType, WeaponRow};
use crate::dice::DiceExpr;
use crate::game::{GameError, Refusal};
use crate::measure::{Edge, Square};
use crate::roster::Unit;

pub type Ctx<'a> = crate::rules::Ctx<'a, WhenEmpiresClash>;

pub const SEQUENCE: &str = "When Empires Clash!, Turn Sequence";
pub const ACTIVATION: &str = "When Empires Clash!, Activation";
pub const MOVEMENT: &str = "When Empires Clash!, Movement";
pub const TRANSPORT: &str = "When Empires Clash!, Transport Stands";
pub const COMBAT: &str = "When Empires Clash!, Combat";
pub const FIRE: &str = "When Empires Clash!, Fire Combat";
pub const CLOSE: &str = "When Empires Clash!, Close Combat";
pub const VICTORY: &str = "When Empires Clash!, Victory";
pub const BATTLEFIELD: &str = "When Empires Clash!, The Battlefield";

/// A stand on the battlefield.
#[derive(Debug, Clone)]
pub struct Stand<'a> {
    pub unit: &'a Unit,
    pub square: Square,
    pub facing: Facing,
    /// The second of two stands in its square, behind the other.
    pub rear: bool,
    pub kind: &'a StandType,
    /// The stand type it fights as: its own, or what it dismounts as while on foot.
    pub fights_as: &'a str,
    pub class: StandClass,
    pub value: i64,
    pub squares: u32,
    pub weapon: Option<&'a WeaponRow>,
    pub dismounted: bool,
    /// Cavalry whose list says it "must dismount to fight": mounted, it does not fight.
    pub must_dismount: bool,
    /// Being towed by this Transport stand.
    pub towed_by: Option<&'a str>,
    /// Every square it stands in, its front square first: more than one for a large stand.
    pub covers: Vec<Square>,
    /// Squares across and deep it straddles.
    pub size: (i32, i32),
    /// Its depth on the table: its type's, or its own when deeper.
    pub depth_mm: u32,
}

impl Stand<'_> {
    pub fn id(&self) -> &str {
        &self.unit.id
    }

    pub fn name(&self) -> &str {
        &self.unit.name
    }

    pub fn side(&self) -> &str {
        &self.unit.side
    }

    pub fn at(&self) -> String {
        notation::name(self.square)
    }

    pub fn combatant(&self, moved_first: bool) -> Combatant<'_> {
        Combatant {
            side: &self.unit.side,
            fights_as: self.fights_as,
            class: self.class,
            value: self.value,
            square: self.square,
            facing: self.facing,
            moved_first,
        }
    }

    /// "Once it has been activated and moved a stand may not change the direction it is facing until it is
    /// activated again during the next turn or it is forced to recoil as a result of combat."
    pub fn facing_free(&self) -> bool {
        !self.unit.flags.contains(&MOVED) || self.unit.flags.contains(&RECOILED)
    }

    /// "Only Infantry may move off-road through woods or can cross vertical obstacles": infantry, cavalry on
    /// foot (it fights as infantry) and a Command stand on foot move so.
    pub fn infantry(&self) -> bool {
        self.kind.moves_as.unwrap_or(self.class) == StandClass::Infantry
    }

    pub fn large(&self) -> bool {
        self.covers.len() > 1
    }

    /// Each square it stands in with the depth it takes there, its front square first.
    pub fn footprint(&self, square_mm: u32) -> Vec<(Square, u32)> {
        footprint(self.square, self.facing, self.size, self.depth_mm, square_mm)
    }

    /// The square of this stand nearest `from`: "the ranges of all weapons fired at a large stand are
    /// measured to the edge of the stand nearest to the firing stand".
    pub fn nearest_to(&self, from: Square) -> Square {
        *self.covers.iter().min_by_key(|&&s| crate::measure::chebyshev(from, s)).expect("a stand covers its square")
    }
}

/// The squares a stand of `size` (across, deep) covers with its front square at `front`, facing `facing`:
/// deeper squares behind it, wider ones to its right.
pub fn covered(front: Square, facing: Facing, (wide, deep): (i32, i32)) -> Vec<Square> {
    let (ac, ar) = facing.ahead();
    let (rc, rr) = (-ar, ac);
    let mut squares = Vec::new();
    for d in 0..deep {
        for w in 0..wide {
            squares.push(Square::new(front.col - d * ac + w * rc, front.row - d * ar + w * rr));
        }
    }
    squares
}

/// Each square a stand of `size` and `depth_mm` covers with its front square at `front`, with the depth it
/// takes there: the whole square in each row it fills, the rest of its depth in its last.
pub fn footprint(front: Square, facing: Facing, size: (i32, i32), depth_mm: u32, square_mm: u32) -> Vec<(Square, u32)> {
    let wide = size.0.max(1) as usize;
    covered(front, facing, size)
        .into_iter()
        .enumerate()
        .map(|(i, square)| (square, depth_in_row(depth_mm, (i / wide) as u32, square_mm)))
        .collect()
}

/// A stand's facing: the shared facing in degrees, square to the grid (scenarios and moves keep it so; a
/// hand correction off the grid is read as the nearest edge).
pub fn facing_of(unit: &Unit) -> Facing {
    nearest_facing(unit.facing)
}

/// The edge nearest a facing in degrees.
pub fn nearest_facing(degrees: f64) -> Facing {
    let quarter = ((degrees.rem_euclid(360.0) / 90.0).round() as i32).rem_euclid(4);
    [Facing::North, Facing::East, Facing::South, Facing::West][quarter as usize]
}

/// How far forward a stand sits in its square along its facing: the front one of two is further.
fn forwardness(unit: &Unit) -> f64 {
    unit.anchor().map_or(0.0, |p| forwardness_at(p, facing_of(unit)))
}

/// How far forward a point on the table lies along a facing.
pub fn forwardness_at(p: crate::measure::Pt, facing: Facing) -> f64 {
    let (c, r) = facing.ahead();
    p.x * f64::from(c) + p.y * f64::from(r)
}

/// Whether `other` stands ahead of `unit` in their square: further forward, or on the same spot (two put
/// there by an older build, or by hand) and first in the scenario's order, so one of the two is always in
/// front.
fn stands_ahead(other: &Unit, unit: &Unit, live: &[&Unit]) -> bool {
    let order = |u: &Unit| live.iter().position(|l| l.id == u.id);
    match forwardness(other).total_cmp(&forwardness(unit)) {
        std::cmp::Ordering::Greater => true,
        std::cmp::Ordering::Less => false,
        std::cmp::Ordering::Equal => order(other) < order(unit),
    }
}

pub fn square_of(unit: &Unit) -> Option<Square> {
    unit.anchor().map(square_at)
}

pub fn on_the_field(unit: &Unit) -> bool {
    !unit.is_out() && !unit.flags.contains(&WITHDRAWN)
}

impl<'a> crate::rules::Ctx<'a, WhenEmpiresClash> {
    pub fn board(&self) -> Board {
        let mut board = self.setup.scenario.terrain().clone();
        board.set_occupied(self.stands().iter().flat_map(|s| s.covers.clone()));
        let sides = self.scenario.sides.iter().map(|s| (s.id.as_str(), self.side_fields(&s.id).entrenchments));
        board.set_digger(super::fields::sole_digger(sides).ok());
        board
    }

    /// Every stand on the battlefield, in the scenario's order.
    pub fn stands(&self) -> Vec<Stand<'a>> {
        let live: Vec<&'a Unit> = self.state.units.iter().filter(|u| on_the_field(u)).collect();
        live.iter().map(|u| self.read_stand(u, &live)).collect()
    }

    pub fn stand(&self, id: &str) -> Result<Stand<'a>, GameError> {
        let unit = self.live_unit(id)?;
        if unit.flags.contains(&WITHDRAWN) {
            return Err(Refusal::by_rule(format!("{} has left the battlefield", unit.name), VICTORY).into());
        }
        let live: Vec<&'a Unit> = self.state.units.iter().filter(|u| on_the_field(u)).collect();
        Ok(self.read_stand(unit, &live))
    }

    fn read_stand(&self, unit: &'a Unit, live: &[&'a Unit]) -> Stand<'a> {
        let tables = self.charts;
        let square = square_of(unit).expect("a stand on the field has its piece");
        let facing = facing_of(unit);
        let towed_by = self.towed_by(&unit.id);
        // A gun rides behind the Transport that tows it; of two other stands in a square the one further
        // forward is the front one, and one alone is its square's front stand, whatever spot it was left on.
        let rear = towed_by.is_some()
            || live.iter().any(|other| {
                other.id != unit.id
                    && self.towed_by(&other.id).is_none()
                    && square_of(other) == Some(square)
                    && stands_ahead(other, unit, live)
            });
        let own = self.unit_fields(&unit.id);
        let kind = tables.stand(&unit.kind).expect("kinds are checked on load");
        let dismounted = unit.flags.contains(&DISMOUNTED);
        let fights_as = match (&own.dismounts_as, dismounted) {
            (Some(as_kind), true) => as_kind.get_ref().as_str(),
            _ => unit.kind.as_str(),
        };
        let class = tables.stand(fights_as).map_or(kind.class, |k| k.class);
        let value = match kind.class {
            StandClass::Command => i64::from(self.rating(&unit.side)),
            _ => i64::from(kind.value),
        };
        let squares = match (dismounted, kind.dismounted_move) {
            (true, Some(on_foot)) => on_foot,
            _ => kind.squares,
        };
        let size = own.straddles();
        let covers = covered(square, facing, size);
        Stand {
            covers,
            size,
            depth_mm: own.depth(kind),
            must_dismount: own.must_dismount,
            unit,
            square,
            facing,
            rear,
            kind,
            fights_as,
            class,
            value,
            squares,
            weapon: own.weapon.as_ref().and_then(|w| tables.weapons.get(w.get_ref())),
            dismounted,
            towed_by,
        }
    }

    /// The Transport stand towing this gun, if one is.
    pub fn towed_by(&self, gun: &str) -> Option<&'a str> {
        self.turn.towing.iter().find(|(_, towed)| *towed == gun).map(|(transport, _)| transport.as_str())
    }

    /// What the stands of `side` on the field take of their squares, leaving out those named in `except`
    /// and guns being towed (their Transport fills its square).
    pub fn space_of(&self, side: &str, except: &[&str]) -> Space {
        let grid = &self.charts.grid;
        let mut space = Space::new(grid.square_mm, grid.stands_per_square);
        for stand in self.stands() {
            if stand.side() != side || except.contains(&stand.id()) || stand.towed_by.is_some() {
                continue;
            }
            for (square, mm) in stand.footprint(grid.square_mm) {
                space.take(square, mm);
            }
        }
        space
    }

    /// Why `stand` (needing `mm`) has no room in `square` beside its friends there, in a player's words.
    pub fn no_room(&self, stand: &Stand, square: Square, mm: u32) -> String {
        let there: Vec<Stand> = self
            .stands()
            .into_iter()
            .filter(|o| o.side() == stand.side() && o.id() != stand.id() && o.towed_by.is_none())
            .filter(|o| o.covers.contains(&square))
            .collect();
        let square_mm = self.charts.grid.square_mm;
        let taken: Vec<String> = there
            .iter()
            .map(|o| {
                let mm = o.footprint(square_mm).into_iter().find(|(s, _)| *s == square).map_or(0, |(_, mm)| mm);
                format!("{} takes {mm} mm", o.name())
            })
            .collect();
        if there.len() >= self.charts.grid.stands_per_square as usize {
            return format!("{} is full: at most two stands to a square", notation::name(square));
        }
        format!(
            "{} has no room for {} ({mm} mm deep): {} of its {square_mm}",
            notation::name(square),
            stand.name(),
            taken.join(" and ")
        )
    }

    pub fn dice_of(&self, side: &str) -> DiceExpr {
        let text = self.side_fields(side).dice.as_ref().map(|d| d.get_ref().clone());
        text.and_then(|t| DiceExpr::parse(&t).ok()).unwrap_or_else(|| self.charts.dice.european.clone())
    }

    /// "The Command stand's value is added": its rating (average when the scenario does not say) while the
    /// stand is on the battlefield, nothing once it has been destroyed or has left it with its withdrawing
    /// army. Every army has its Command stand (the loader refuses a side's stands without one), so only a side
    /// with no stands at all has none to add.
    pub fn commander(&self, side: &str) -> u32 {
        let command =
            |u: &&Unit| u.side == side && self.charts.stand(&u.kind).is_some_and(|k| k.class == StandClass::Command);
        if !self.state.units.iter().filter(command).any(on_the_field) {
            return 0;
        }
        self.rating(side)
    }

    /// The commander's rating as the scenario gives it, destroyed or not: the value of the Command stand.
    pub fn rating(&self, side: &str) -> u32 {
        self.side_fields(side).commander.as_ref().map_or(2, |c| *c.get_ref())
    }

    /// The points of entrenchment in a side's value: its lengths at half a point each, counted only when
    /// it alone is entrenched (footnote 4).
    pub fn entrenchment_points(&self, side: &str) -> f64 {
        let dug = |id: &str| self.side_fields(id).entrenchments;
        let others_dug = self.scenario.sides.iter().any(|s| s.id != side && dug(&s.id) > 0);
        if others_dug { 0.0 } else { f64::from(dug(side)) * self.charts.armies.entrenchment_points_per_length }
    }

    pub fn other_side(&self, side: &str) -> &'a str {
        let sides = &self.scenario.sides;
        sides.iter().find(|s| s.id != side).unwrap_or(&sides[0]).id.as_str()
    }

    /// The way to a side's baseline: the edge it deployed from.
    pub fn toward_baseline(&self, side: &str) -> Facing {
        match self.side(side).edge {
            Edge::North => Facing::North,
            Edge::East => Facing::East,
            Edge::South => Facing::South,
            Edge::West => Facing::West,
        }
    }

    /// What each stand is worth toward its army's value: its points; a Command stand is not counted.
    pub fn worth(&self, unit: &Unit) -> f64 {
        let kind = self.charts.stand(&unit.kind).expect("kinds are checked on load");
        if kind.class == StandClass::Command { 0.0 } else { f64::from(kind.value) }
    }

    /// Per side: the army's starting value (Command stand not counted) and the value destroyed so far.
    pub fn losses(&self) -> BTreeMap<&'a str, (f64, f64)> {
        let mut tally: BTreeMap<&'a str, (f64, f64)> =
            self.scenario.sides.iter().map(|s| (s.id.as_str(), (self.entrenchment_points(&s.id), 0.0))).collect();
        for unit in &self.state.units {
            let entry = tally.entry(self.side(&unit.side).id.as_str()).or_default();
            entry.0 += self.worth(unit);
            if unit.is_out() {
                entry.1 += self.worth(unit);
            }
        }
        tally
    }

    /// " with entrenchments" after a side's starting value when its entrenchments count in it, so the value is
    /// not taken for that of its stands; nothing otherwise.
    pub fn with_entrenchments(&self, side: &str) -> &'static str {
        if self.entrenchment_points(side) > 0.0 { " with entrenchments" } else { "" }
    }

    /// Sides that have lost half their value and must withdraw.
    pub fn withdrawing(&self) -> Vec<&'a str> {
        let rules = &self.charts.victory;
        self.losses()
            .into_iter()
            .filter(|(_, (start, lost))| super::victory::must_withdraw(rules, *start, *lost))
            .map(|(side, _)| side)
            .collect()
    }

    /// Per side: the value of its stands not destroyed, Command stand included (at its rating): "the value of
    /// all the stands in their armies ... that have not been destroyed". With
    /// `entrenchments_count_in_the_result` a side alone entrenched adds its entrenchments.
    pub fn remaining(&self) -> BTreeMap<&'a str, f64> {
        let dug = |side: &str| {
            if self.option("entrenchments_count_in_the_result") { self.entrenchment_points(side) } else { 0.0 }
        };
        let mut left: BTreeMap<&'a str, f64> =
            self.scenario.sides.iter().map(|s| (s.id.as_str(), dug(&s.id))).collect();
        for unit in self.state.units.iter().filter(|u| !u.is_out()) {
            let kind = self.charts.stand(&unit.kind).expect("kinds are checked on load");
            let value = match kind.class {
                StandClass::Command => f64::from(self.rating(&unit.side)),
                _ => f64::from(kind.value),
            };
            *left.entry(self.side(&unit.side).id.as_str()).or_default() += value;
        }
        left
    }

    pub fn square_named(&self, text: &str) -> Result<Square, GameError> {
        let square = notation::parse(text).map_err(GameError::BadInput)?;
        let (cols, rows) = self.setup.scenario.board.size();
        if !(crate::measure::SquareGrid { cols, rows }).contains(square) {
            return Err(GameError::BadInput(format!("{text} is off the {cols} x {rows} board")));
        }
        Ok(square)
    }
}
