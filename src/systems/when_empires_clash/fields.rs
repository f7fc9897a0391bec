//! What a When Empires Clash! scenario says beyond the shared keys: its `[board]` of squares (size,
//! terrain by square, obstacles on the edges between squares), each side's dice and commander, and each
//! stand's square, place in it, weapon and what it may dismount as.

use serde::Deserialize;
use toml::Spanned;

use super::WhenEmpiresClash;
use super::board::{Board, Facing, Ground, Obstacle};
use super::notation;
use super::tables::{StandClass, StandType, Tables};
use crate::measure::{Pt, SQUARE_MM, Square, Table};
use crate::rules::SetupCheck;

const MM_PER_INCH: f64 = 25.4;

/// The highest contour a hill is given: more than any table's hills have, few enough that costs stay small.
const MAX_CONTOURS: u32 = 9;

type Located = (std::ops::Range<usize>, String);

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioFields {
    pub board: BoardEntry,
    /// The board's terrain, read once: every view and move asks for it.
    #[serde(skip)]
    terrain: std::sync::OnceLock<Board>,
}

impl ScenarioFields {
    /// The board's terrain, without its stands.
    pub fn terrain(&self) -> &Board {
        self.terrain.get_or_init(|| self.board.board())
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardEntry {
    /// Columns across, rows down.
    pub squares: Spanned<[u32; 2]>,
    #[serde(default)]
    pub woods: Vec<Spanned<String>>,
    #[serde(default)]
    pub buildings: Vec<Spanned<String>>,
    #[serde(default)]
    pub roads: Vec<Spanned<String>>,
    #[serde(default)]
    pub hills: Vec<HillEntry>,
    #[serde(default)]
    pub obstacles: Vec<ObstacleEntry>,
}

/// A hill's squares at one contour level; a hill of two contours lists its top as a second entry.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HillEntry {
    pub squares: Vec<Spanned<String>>,
    pub level: Spanned<u32>,
}

/// An obstacle along the edges between pairs of squares side by side.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ObstacleEntry {
    pub kind: Spanned<Obstacle>,
    /// The side that dug an entrenchment: only its stands are in it. Left out, the one side that brings
    /// `entrenchments` (`sole_digger`).
    #[serde(default)]
    pub side: Option<Spanned<String>>,
    pub between: Vec<Spanned<[String; 2]>>,
}

/// The side whose entrenchments are those a scenario gives no `side`: the one side that brings any (each
/// side's id with its lengths), or why there is none to tell.
pub fn sole_digger<'s>(sides: impl IntoIterator<Item = (&'s str, u32)>) -> Result<&'s str, &'static str> {
    let dug: Vec<&str> = sides.into_iter().filter(|&(_, lengths)| lengths > 0).map(|(id, _)| id).collect();
    match dug.as_slice() {
        [side] => Ok(side),
        [] => Err("neither side brings entrenchments"),
        _ => Err("both sides bring entrenchments"),
    }
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideFields {
    /// "2D6" for a European or European-style army, "D12" for a Native one.
    pub dice: Option<Spanned<String>>,
    /// The Command stand's rating: 3 exceptional, 2 average, 1 poor.
    pub commander: Option<Spanned<u32>>,
    /// The army list it was drawn from, for the record (`<conflict>--<side>`).
    #[serde(default)]
    pub army: Option<String>,
    /// The 50 mm lengths of entrenchment its army brings: part of its value when it alone is entrenched.
    #[serde(default)]
    pub entrenchments: u32,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitFields {
    pub square: Option<Spanned<String>>,
    /// Second of the two stands in its square, behind the first.
    #[serde(default)]
    pub rear: bool,
    /// Its weapon (a key of the ruleset's `[weapons]`); none for a stand that does not fire.
    pub weapon: Option<Spanned<String>>,
    /// Cavalry that may fight on foot: the stand type it fights as then.
    pub dismounts_as: Option<Spanned<String>>,
    /// Begins the battle dismounted.
    #[serde(default)]
    pub dismounted: bool,
    /// Cavalry that "must dismount to fight" (the Camel Corps): mounted, it neither fires nor initiates
    /// close combat.
    #[serde(default)]
    pub must_dismount: bool,
    /// A Transport stand that begins the battle towing this artillery stand.
    pub towing: Option<Spanned<String>>,
    /// The stand's size on the table when it is a large stand (wider or deeper than 50 mm): it straddles
    /// as many squares, behind its front square and to its right.
    pub width_mm: Option<Spanned<u32>>,
    pub depth_mm: Option<Spanned<u32>>,
}

impl UnitFields {
    /// The stand's depth on the table: its type's minimum, or its own when it gives a larger one.
    pub fn depth(&self, kind: &StandType) -> u32 {
        self.depth_mm.as_ref().map_or(kind.depth_mm, |d| *d.get_ref())
    }

    /// Squares across and squares deep that the stand straddles: 1 x 1 unless it is a large stand.
    pub fn straddles(&self) -> (i32, i32) {
        let squares = |mm: &Option<Spanned<u32>>| mm.as_ref().map_or(1, |m| m.get_ref().div_ceil(50).max(1) as i32);
        (squares(&self.width_mm), squares(&self.depth_mm))
    }
}

impl BoardEntry {
    pub fn size(&self) -> (u32, u32) {
        let [cols, rows] = *self.squares.get_ref();
        (cols, rows)
    }

    /// The board as the procedures read it. Only called on a board `check` has passed.
    pub fn board(&self) -> Board {
        let (cols, rows) = self.size();
        let mut board = Board::new(cols, rows);
        let square = |s: &Spanned<String>| notation::parse(s.get_ref()).expect("checked on load");
        for s in &self.woods {
            board.set_ground(square(s), Ground::Woods);
        }
        for s in &self.buildings {
            board.set_ground(square(s), Ground::Building);
        }
        for s in &self.roads {
            board.add_road(square(s));
        }
        for hill in &self.hills {
            for s in &hill.squares {
                board.set_level(square(s), *hill.level.get_ref());
            }
        }
        for entry in &self.obstacles {
            for pair in &entry.between {
                let [a, b] = pair.get_ref();
                let (a, b) = (notation::parse(a).expect("checked"), notation::parse(b).expect("checked"));
                board.add_obstacle(a, b, *entry.kind.get_ref()).expect("checked on load");
                if let Some(side) = &entry.side {
                    board.dig(a, b, side.get_ref());
                }
            }
        }
        board
    }

    /// Each obstacle's `side`: a side of the scenario, given only an entrenchment; an entrenchment given none
    /// is the one entrenched side's, so a scenario where no side or both bring entrenchments must say.
    fn check_diggers(&self, setup: &SetupCheck<'_, WhenEmpiresClash>) -> Result<(), Located> {
        let sides = || setup.sides.iter().map(|s| (s.id.as_str(), setup.setup.side(&s.id).entrenchments));
        for entry in &self.obstacles {
            let kind = *entry.kind.get_ref();
            match &entry.side {
                Some(side) if kind != Obstacle::Entrenchment => {
                    return Err((
                        side.span(),
                        format!("a {} is no side's: only an entrenchment is dug by a side", kind.name()),
                    ));
                }
                Some(side) if !setup.sides.iter().any(|s| s.id == *side.get_ref()) => {
                    let ids: Vec<&str> = setup.sides.iter().map(|s| s.id.as_str()).collect();
                    return Err((
                        side.span(),
                        format!("no side {:?}; the sides are {}", side.get_ref(), crate::rules::and_list(&ids)),
                    ));
                }
                None if kind == Obstacle::Entrenchment => {
                    if let Err(why) = sole_digger(sides()) {
                        return Err((
                            entry.kind.span(),
                            format!(
                                "an entrenchment belongs to the side that dug it: give it `side`: {why} (`entrenchments` on a side)"
                            ),
                        ));
                    }
                }
                _ => {}
            }
        }
        Ok(())
    }

    fn check(&self, tables: &Tables) -> Result<(), Located> {
        let (cols, rows) = self.size();
        let least = tables.grid.min_squares;
        if cols < least || rows < least || cols > 52 || rows > 99 {
            return Err((
                self.squares.span(),
                format!(
                    "a battlefield is at least {least} x {least} squares (18 x 12 recommended); this is {cols} x {rows}"
                ),
            ));
        }
        let grid = crate::measure::SquareGrid { cols, rows };
        let on_board = |s: &Spanned<String>| -> Result<Square, Located> {
            let square = notation::parse(s.get_ref()).map_err(|e| (s.span(), e))?;
            if !grid.contains(square) {
                return Err((s.span(), format!("{} is off the {cols} x {rows} board", s.get_ref())));
            }
            Ok(square)
        };
        let lists = [&self.woods, &self.buildings, &self.roads];
        for s in lists.into_iter().flatten().chain(self.hills.iter().flat_map(|h| &h.squares)) {
            on_board(s)?;
        }
        for hill in &self.hills {
            let level = *hill.level.get_ref();
            if !(1..=MAX_CONTOURS).contains(&level) {
                return Err((
                    hill.level.span(),
                    format!("contour level {level}: a hill stands at level 1 to {MAX_CONTOURS}"),
                ));
            }
        }
        for s in &self.woods {
            if let Some(both) = self.buildings.iter().find(|b| b.get_ref().eq_ignore_ascii_case(s.get_ref())) {
                return Err((both.span(), format!("{} is listed as both woods and a building", s.get_ref())));
            }
        }
        for entry in &self.obstacles {
            for pair in &entry.between {
                let [a, b] = pair.get_ref();
                let located = |e: String| (pair.span(), e);
                let a = notation::parse(a).map_err(located)?;
                let b = notation::parse(b).map_err(located)?;
                if !grid.contains(a) || !grid.contains(b) {
                    return Err((pair.span(), format!("an edge off the {cols} x {rows} board")));
                }
                Board::new(cols, rows).add_obstacle(a, b, *entry.kind.get_ref()).map_err(|_| {
                    let [x, y] = pair.get_ref();
                    (pair.span(), format!("an obstacle lies between two squares side by side; {x} and {y} are not"))
                })?;
            }
        }
        Ok(())
    }
}

/// The table in inches that the board's squares make.
pub fn table(fields: &ScenarioFields) -> Option<Table> {
    let (cols, rows) = fields.board.size();
    let inches = |count: u32| f64::from(count) * SQUARE_MM / MM_PER_INCH;
    Some(Table { width: inches(cols), depth: inches(rows) })
}

/// The side of a square in inches.
pub fn square_inches() -> f64 {
    SQUARE_MM / MM_PER_INCH
}

/// Where a stand sits in inches: its square's middle, moved a quarter square forward when it is the front
/// stand and back when it is the rear one, so two in one square stand one behind the other.
pub fn spot(square: Square, facing: Facing, rear: bool) -> Pt {
    let side = square_inches();
    let (ahead_c, ahead_r) = facing.ahead();
    let shift = if rear { -0.25 } else { 0.25 } * side;
    Pt {
        x: (f64::from(square.col) + 0.5) * side + f64::from(ahead_c) * shift,
        y: (f64::from(square.row) + 0.5) * side + f64::from(ahead_r) * shift,
    }
}

/// The square a point (inches) lies in.
pub fn square_at(point: Pt) -> Square {
    let side = square_inches();
    Square::new((point.x / side).floor() as i32, (point.y / side).floor() as i32)
}

pub fn stands_at(scenario: &ScenarioFields, unit: &UnitFields, facing: f64) -> Result<Option<Pt>, String> {
    let Some(square) = &unit.square else { return Err("a stand needs its `square`, like \"C4\"".into()) };
    let square = notation::parse(square.get_ref())?;
    let (cols, rows) = scenario.board.size();
    if !(crate::measure::SquareGrid { cols, rows }).contains(square) {
        return Err(format!("{} is off the {cols} x {rows} board", notation::name(square)));
    }
    let facing = Facing::from_degrees(facing)
        .ok_or_else(|| format!("a stand faces an edge of its square: facing 0, 90, 180 or 270, not {facing}"))?;
    Ok(Some(spot(square, facing, unit.rear)))
}

/// The army's dice, its commander, each stand's square, weapon and type, and at most two stands a square,
/// one in front of the other and facing the same way.
pub fn check(setup: &SetupCheck<'_, WhenEmpiresClash>, tables: &Tables) -> Result<(), Located> {
    setup.setup.scenario.board.check(tables)?;
    setup.setup.scenario.board.check_diggers(setup)?;
    for (side, span) in setup.sides.iter().zip(setup.side_spans) {
        let fields = setup.setup.side(&side.id);
        match &fields.dice {
            Some(dice) if tables.army_dice(dice.get_ref()) => {}
            Some(dice) => {
                return Err((
                    dice.span(),
                    format!(
                        "an army throws {} or {}, not {:?}",
                        tables.dice.european,
                        tables.dice.native,
                        dice.get_ref()
                    ),
                ));
            }
            None => {
                return Err((
                    span.clone(),
                    format!(
                        "side {:?} needs `dice`: \"{}\" or \"{}\"",
                        side.id, tables.dice.european, tables.dice.native
                    ),
                ));
            }
        }
        if let Some(rating) = &fields.commander
            && !tables.commanders.values().any(|c| c.value == *rating.get_ref())
        {
            return Err((
                rating.span(),
                format!("a commander is rated 1 (poor), 2 (average) or 3 (exceptional), not {}", rating.get_ref()),
            ));
        }
    }
    let towed: Vec<&str> = setup.units.iter().filter_map(|u| setup.setup.unit(&u.id).towing.as_ref()).map(|g| g.get_ref().as_str()).collect();
    let square_mm = tables.grid.square_mm;
    let mut by_square: std::collections::BTreeMap<Square, Vec<(&crate::roster::Unit, u32)>> = Default::default();
    for unit in setup.units {
        let fields = setup.setup.unit(&unit.id);
        let square = fields.square.as_ref().expect("`stands_at` refuses a stand without its square");
        let stand = tables.stand(&unit.kind).expect("kinds are checked against the ruleset first");
        if let Some(weapon) = &fields.weapon
            && !tables.weapons.contains_key(weapon.get_ref())
        {
            let known: Vec<&str> = tables.weapons.keys().map(String::as_str).collect();
            return Err((
                weapon.span(),
                format!("no weapon {:?}; weapons are: {}", weapon.get_ref(), known.join(", ")),
            ));
        }
        if let Some(as_kind) = &fields.dismounts_as {
            if stand.class != StandClass::Cavalry {
                return Err((as_kind.span(), "only cavalry dismounts".into()));
            }
            if tables.stand(as_kind.get_ref()).is_none() {
                return Err((as_kind.span(), format!("no stand type {:?} to fight as on foot", as_kind.get_ref())));
            }
        }
        for size in [&fields.width_mm, &fields.depth_mm].into_iter().flatten() {
            if !(20..=150).contains(size.get_ref()) {
                return Err((size.span(), format!("{} mm: a stand is 20 to 150 mm", size.get_ref())));
            }
        }
        if let Some(depth) = &fields.depth_mm
            && *depth.get_ref() < stand.depth_mm
        {
            let kind = super::charts().0.kind(&unit.kind).map_or(unit.kind.as_str(), |k| k.name.as_str());
            return Err((
                depth.span(),
                format!("{} mm: a {kind} stand is at least {} mm deep (Stands)", depth.get_ref(), stand.depth_mm),
            ));
        }
        if (fields.dismounted || fields.must_dismount) && fields.dismounts_as.is_none() {
            let what = if fields.dismounted { "begins dismounted" } else { "must dismount to fight" };
            return Err((square.span(), format!("{} {what} but has no `dismounts_as`", unit.id)));
        }
        if let Some(gun) = &fields.towing {
            if stand.class != StandClass::Transport {
                return Err((gun.span(), "only a Transport stand tows".into()));
            }
            let towed = setup.units.iter().find(|u| u.id == *gun.get_ref());
            match towed.and_then(|u| tables.stand(&u.kind)) {
                Some(t) if t.class == StandClass::Artillery => {}
                _ => {
                    return Err((gun.span(), format!("{:?} is not an artillery stand of the scenario", gun.get_ref())));
                }
            }
        }
        let at = notation::parse(square.get_ref()).map_err(|e| (square.span(), e))?;
        let facing = super::context::facing_of(unit);
        let (cols, rows) = setup.setup.scenario.board.size();
        // A gun being towed rides in its Transport's square, which the Transport fills.
        let depth = if towed.contains(&unit.id.as_str()) { 0 } else { fields.depth(stand) };
        let mut footprint = super::context::footprint(at, facing, fields.straddles(), depth, square_mm);
        if fields.towing.is_some() {
            footprint[0].1 = square_mm;
        }
        for (covered, mm) in footprint {
            if !(crate::measure::SquareGrid { cols, rows }).contains(covered) {
                return Err((
                    square.span(),
                    format!("{} straddles {}, off the board", unit.id, notation::name(covered)),
                ));
            }
            by_square.entry(covered).or_default().push((unit, mm));
        }
    }
    for (square, stands) in by_square {
        let span_of = |u: &crate::roster::Unit| setup.setup.unit(&u.id).square.as_ref().expect("read above").span();
        let span = span_of(stands[0].0);
        if stands.len() > tables.grid.stands_per_square as usize {
            return Err((
                span,
                format!(
                    "{} stands in {}; a square holds at most {}",
                    stands.len(),
                    notation::name(square),
                    tables.grid.stands_per_square
                ),
            ));
        }
        if let [(a, da), (b, db)] = stands.as_slice() {
            if a.side != b.side {
                return Err((span, format!("{} holds stands of both sides", notation::name(square))));
            }
            if a.facing != b.facing {
                return Err((
                    span,
                    format!(
                        "the two stands in {} face different ways; one stands behind the other, facing the same way",
                        notation::name(square)
                    ),
                ));
            }
            let rear = |u: &crate::roster::Unit| setup.setup.unit(&u.id).rear;
            if rear(a) == rear(b) {
                return Err((
                    span,
                    format!("two stands in {}: mark the one behind with `rear = true`", notation::name(square)),
                ));
            }
            if da + db > square_mm {
                let ((front, df), (back, dr)) = if rear(a) { ((b, db), (a, da)) } else { ((a, da), (b, db)) };
                return Err((
                    span_of(back),
                    format!(
                        "{} is {square_mm} mm deep: {} and {} take {df} + {dr} mm; they do not fit one behind the other (The Battlefield)",
                        notation::name(square),
                        front.id,
                        back.id
                    ),
                ));
            }
        }
    }
    let commands: Vec<&str> = tables.stands.iter().filter(|(_, s)| s.class == StandClass::Command).map(|(id, _)| id.as_str()).collect();
    for (side, span) in setup.sides.iter().zip(setup.side_spans) {
        let army: Vec<&crate::roster::Unit> = setup.units.iter().filter(|u| u.side == side.id).collect();
        // "The stand with the Commander on it": one Commander, so one Command stand.
        if let Some(second) = army.iter().filter(|u| commands.contains(&u.kind.as_str())).nth(1) {
            let square = setup.setup.unit(&second.id).square.as_ref().expect("read above");
            return Err((
                square.span(),
                format!(
                    "{} army has a second Command stand, {}: an army has one Command stand, the stand with the Commander on it",
                    crate::rules::possessive(&side.name),
                    second.id
                ),
            ));
        }
        // A side not yet given any stand (a scenario being written) has no army to lack a commander.
        if !army.is_empty() && !army.iter().any(|u| commands.contains(&u.kind.as_str())) {
            return Err((
                span.clone(),
                format!(
                    "{} army has no Command stand: each side's army must have one (kind {})",
                    crate::rules::possessive(&side.name),
                    commands.join(" or ")
                ),
            ));
        }
    }
    Ok(())
}
