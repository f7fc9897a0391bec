//! A one-off battle from two army lists and the set-up throws: the terrain pieces placed in turn, the
//! baselines, each army deployed within its depth, written out as a scenario file that loads and checks
//! like any other. Where the text leaves a choice to the players (which piece, where, which edge, where each
//! stand goes), the generator makes it from the seed; at the table the players make it in the app.

use std::collections::BTreeSet;
use std::fmt::Write;

use rand::seq::IndexedRandom;
use rand::{Rng, RngExt};
use serde::{Deserialize, Serialize};

use super::super::army::{ArmyList, Dismount, Line};
use super::super::board::{Facing, Space};
use super::super::notation;
use super::super::tables::{Piece, StandClass, Tables};
use super::super::toml_text::quoted;
use super::throws::Throws;
use crate::measure::{Square, chebyshev};

/// Each side's colour on the table: a red coat and a dark earth, told apart at a glance.
const COLOURS: [&str; 2] = ["#b23a3a", "#2c4a7a"];

/// The recommended battlefield: eighteen squares wide, twelve deep.
pub const BOARD: (i32, i32) = (18, 12);

/// One army as it comes to the battle: its list's name (for the record) and the list.
pub struct Army<'a> {
    pub name: &'a str,
    pub list: &'a ArmyList,
}

/// What the players chose at the table: each terrain piece and where it goes, in the order they place
/// them (the sides in turn, as `turns` gives), and the edge the baseline's winner chose. What they leave
/// out, the app chooses.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Plan {
    pub pieces: Vec<PlacedPiece>,
    pub baseline: Option<Facing>,
}

/// A piece of the ruleset's set, by name, with its top-left square.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct PlacedPiece {
    pub piece: String,
    pub at: String,
}

/// Whose turn it is to place each piece: the sides in turn from the one that threw higher, each placing
/// its own count; the one with more places the rest.
pub fn turns(throws: &Throws) -> Vec<usize> {
    let order = [throws.places_first, 1 - throws.places_first];
    let most = throws.pieces[0].max(throws.pieces[1]);
    (0..most).flat_map(|round| order.into_iter().filter(move |&side| round < throws.pieces[side])).collect()
}

/// The scenario file's text, or why the plan cannot be laid out.
pub fn scenario(
    tables: &Tables,
    armies: [Army; 2],
    throws: &Throws,
    plan: &Plan,
    rng: &mut impl Rng,
) -> Result<String, String> {
    let fit = super::fit(tables, &armies, throws);
    if let (false, Some([first, second])) = (fit.refused.is_empty(), throws.values) {
        let name = |i: usize| armies[i].list.army.name.replace(|c: char| c.is_control(), " ");
        return Err(format!(
            "the armies' values were thrown on 8D6, {} {first} and {} {second}: {}; build each army to its thrown value (Armies)",
            name(0),
            name(1),
            fit.refused.join("; ")
        ));
    }
    let mut terrain = Terrain::default();
    let mut placed = Vec::new();
    let turns = turns(throws);
    if plan.pieces.len() > turns.len() {
        return Err(format!("{} pieces placed, but the dice gave {} in all", plan.pieces.len(), turns.len()));
    }
    for (i, &side) in turns.iter().enumerate() {
        let name = match plan.pieces.get(i) {
            Some(chosen) => terrain.put(&tables.one_off.pieces, chosen)?,
            None => match terrain.place(&tables.one_off.pieces, rng) {
                Some(name) => name,
                None => continue,
            },
        };
        placed.push(format!("{} places {name}", armies[side].list.army.name.replace(|c: char| c.is_control(), " ")));
    }
    // The winner of the baseline throw takes the edge it chose, or a long edge; the other the one opposite.
    let chooser = throws.chooses_baseline;
    let chosen = plan.baseline.unwrap_or_else(|| if rng.random_bool(0.5) { Facing::South } else { Facing::North });
    let edges = if chooser == 0 { [chosen, chosen.about()] } else { [chosen.about(), chosen] };
    let ids = ["first", "second"];
    let mut text = String::new();
    // Names in the file's opening comments: a control character there would end the comment's line.
    let names: Vec<String> = armies.iter().map(|a| a.list.army.name.replace(|c: char| c.is_control(), " ")).collect();
    let _ =
        writeln!(text, "# A one-off When Empires Clash! battle, set up by dice (docs/rules/when-empires-clash.md).");
    let _ = writeln!(
        text,
        "# Terrain pieces: {} {}, {} {}; {} placed first.",
        names[0], throws.pieces[0], names[1], throws.pieces[1], names[throws.places_first]
    );
    for line in &placed {
        let _ = writeln!(text, "#   {line}");
    }
    let _ = writeln!(
        text,
        "# Baselines: {} chose the {} edge.",
        names[chooser],
        super::super::movement::words(edges[chooser])
    );
    let _ = writeln!(
        text,
        "# Deployment depth: {} {} squares, {} {}.",
        names[0], throws.depth[0], names[1], throws.depth[1]
    );
    let _ = writeln!(
        text,
        "# Commanders: {} {}, {} {}.",
        names[0],
        rated(throws.commanders[0]),
        names[1],
        rated(throws.commanders[1])
    );
    if let Some(values) = throws.values {
        let _ = writeln!(text, "# Army values thrown on 8D6: {} {}, {} {}.", names[0], values[0], names[1], values[1]);
        for (i, (army, value)) in armies.iter().zip(values).enumerate() {
            let totals = super::super::army::totals(tables, &army.list.stands, army.list.entrenchments.as_ref());
            let cap = super::cap(&tables.armies, value, true);
            let _ = writeln!(
                text,
                "#   {} as listed: {} points against {value} thrown, {} in stands worth 4 or more (at most {cap}).",
                names[i], totals.points, totals.capped_points
            );
        }
    }
    for note in &fit.notes {
        let _ = writeln!(text, "#   {note}.");
    }
    for warning in &fit.beyond {
        let _ = writeln!(text, "# Beyond the text's recommendation: {warning}.");
    }
    let _ = writeln!(text, "\n[scenario]\nsystem = \"when-empires-clash\"");
    let _ = writeln!(text, "title = {}", quoted(&format!("One-off: {} against {}", names[0], names[1])));
    let conflicts = [&armies[0].list.army.conflict, &armies[1].list.army.conflict];
    let from = if conflicts[0] == conflicts[1] {
        conflicts[0].clone()
    } else {
        format!("{} and {}", conflicts[0], conflicts[1])
    };
    let _ = writeln!(text, "description = {}", quoted(&format!("{from}, set up by dice.")));
    let mut stands = String::new();
    let zones = [zone(edges[0], throws.depth[0].max(1)), zone(edges[1], throws.depth[1].max(1))];
    for (i, army) in armies.iter().enumerate() {
        let enemy: Vec<Square> = zones[1 - i].iter().flatten().copied().collect();
        let deployment = Deployment { side: ids[i], list: army.list, edge: edges[i], zone: &zones[i], enemy: &enemy };
        deploy(&mut stands, tables, &deployment, &mut terrain)?;
    }
    let _ = writeln!(text, "\n[board]\nsquares = [{}, {}]", BOARD.0, BOARD.1);
    terrain.write(&mut text);
    for (i, army) in armies.iter().enumerate() {
        let _ = writeln!(
            text,
            "\n[[sides]]\nid = \"{}\"\nname = {}\ncolour = \"{}\"\nedge = \"{}\"\ndice = {}\ncommander = {}\narmy = {}",
            ids[i],
            quoted(&army.list.army.name),
            COLOURS[i],
            super::super::movement::words(edges[i]),
            quoted(army.list.army.dice.get_ref()),
            throws.commanders[i],
            quoted(army.name)
        );
        if let Some(dug) = &army.list.entrenchments {
            let _ = writeln!(text, "entrenchments = {}", dug.lengths);
        }
    }
    text.push_str(&stands);
    Ok(text)
}

/// "Exceptional (3)": a commander's rating as the text names it.
fn rated(value: u32) -> String {
    let tables = &super::super::charts().1;
    let name = tables.commanders.values().find(|c| c.value == value).map_or("", |c| c.name.as_str());
    format!("{name} ({value})")
}

#[derive(Default)]
struct Terrain {
    taken: BTreeSet<Square>,
    woods: Vec<Square>,
    buildings: Vec<Square>,
    hills: Vec<(Vec<Square>, u32)>,
    obstacles: Vec<Laid>,
}

/// An obstacle laid on the board: its kind, the side that dug it (an army's entrenchments), and its edges.
struct Laid {
    kind: super::super::board::Obstacle,
    side: Option<String>,
    edges: Vec<(Square, Square)>,
}

impl Terrain {
    /// The piece the players chose, where they put it: on the board and on no other piece.
    fn put(&mut self, pieces: &[Piece], chosen: &PlacedPiece) -> Result<String, String> {
        let piece = pieces.iter().find(|p| p.name.eq_ignore_ascii_case(&chosen.piece)).ok_or_else(|| {
            let names: Vec<&str> = pieces.iter().map(|p| p.name.as_str()).collect();
            format!("no terrain piece {:?}; the pieces are: {}", chosen.piece, names.join(", "))
        })?;
        let at = notation::parse(&chosen.at)?;
        let covered: Vec<Square> = piece.squares().iter().map(|[c, r]| Square::new(at.col + c, at.row + r)).collect();
        if let Some(off) = covered.iter().find(|s| s.col >= BOARD.0 || s.row >= BOARD.1 || s.col < 0 || s.row < 0) {
            return Err(format!(
                "the {} at {} would reach {}, off the board",
                piece.name,
                chosen.at,
                notation::name(*off)
            ));
        }
        if let Some(taken) = covered.iter().find(|s| self.taken.contains(s)) {
            return Err(format!(
                "the {} at {} would lie on another piece at {}",
                piece.name,
                chosen.at,
                notation::name(*taken)
            ));
        }
        self.lay(piece, at, covered);
        Ok(piece.name.to_lowercase())
    }

    fn lay(&mut self, piece: &Piece, at: Square, covered: Vec<Square>) {
        self.taken.extend(covered);
        let shift = |[c, r]: [i32; 2]| Square::new(at.col + c, at.row + r);
        self.woods.extend(piece.woods.iter().map(|&s| shift(s)));
        self.buildings.extend(piece.buildings.iter().map(|&s| shift(s)));
        for hill in &piece.hills {
            self.hills.push((hill.squares.iter().map(|&s| shift(s)).collect(), hill.level));
        }
        for o in &piece.obstacles {
            let edges = o.between.iter().map(|&[a, b]| (shift(a), shift(b))).collect();
            self.obstacles.push(Laid { kind: o.kind, side: None, edges });
        }
    }

    /// A piece at a free place clear of the baseline rows; its name, or None when it found no room.
    fn place(&mut self, pieces: &[Piece], rng: &mut impl Rng) -> Option<String> {
        let piece = pieces.choose(rng)?;
        let shape = piece.squares();
        for _ in 0..200 {
            let at = Square::new(rng.random_range(0..BOARD.0), rng.random_range(2..BOARD.1 - 2));
            let covered: Vec<Square> = shape.iter().map(|[c, r]| Square::new(at.col + c, at.row + r)).collect();
            let fits = covered.iter().all(|s| s.col < BOARD.0 && s.row < BOARD.1 - 2 && !self.taken.contains(s));
            if !fits {
                continue;
            }
            self.lay(piece, at, covered);
            return Some(piece.name.to_lowercase());
        }
        None
    }

    fn write(&self, text: &mut String) {
        let list = |squares: &[Square]| {
            squares.iter().map(|&s| format!("{:?}", notation::name(s))).collect::<Vec<_>>().join(", ")
        };
        if !self.woods.is_empty() {
            let _ = writeln!(text, "woods = [{}]", list(&self.woods));
        }
        if !self.buildings.is_empty() {
            let _ = writeln!(text, "buildings = [{}]", list(&self.buildings));
        }
        for (squares, level) in &self.hills {
            let _ = writeln!(text, "\n[[board.hills]]\nsquares = [{}]\nlevel = {level}", list(squares));
        }
        for Laid { kind, side, edges } in &self.obstacles {
            let pairs: Vec<String> =
                edges.iter().map(|&(a, b)| format!("[{:?}, {:?}]", notation::name(a), notation::name(b))).collect();
            let kind = kind.name();
            let side = side.as_ref().map(|s| format!("side = {}\n", quoted(s))).unwrap_or_default();
            let _ = writeln!(text, "\n[[board.obstacles]]\nkind = \"{kind}\"\n{side}between = [{}]", pairs.join(", "));
        }
    }
}

/// A side's deployment zone: the lines of squares parallel to its baseline, `depth` of them, the front line
/// first, each from the middle out.
fn zone(edge: Facing, depth: u32) -> Vec<Vec<Square>> {
    let (cols, rows) = BOARD;
    let across = matches!(edge, Facing::North | Facing::South);
    let (length, span) = if across { (cols, rows) } else { (rows, cols) };
    let depth = (depth as i32).min(span / 2);
    let mut middle_out: Vec<i32> = (0..length).collect();
    middle_out.sort_by_key(|i| ((2 * i + 1 - length).abs(), *i));
    // Distance in from the baseline, the front line (deepest) first.
    (0..depth)
        .rev()
        .map(|inward| {
            let line = match edge {
                Facing::North | Facing::West => inward,
                Facing::South | Facing::East => span - 1 - inward,
            };
            middle_out.iter().map(|&i| if across { Square::new(i, line) } else { Square::new(line, i) }).collect()
        })
        .collect()
}

/// Where a side's stands go down, and in what order: the first of the pair is the rows they take (infantry in
/// the front row, cavalry behind it, guns and transport behind them), the second their order within.
fn rank(tables: &Tables, line: &Line) -> (u8, u8) {
    match tables.stand(line.kind.get_ref()).map(|s| s.class) {
        Some(StandClass::Infantry) => (0, 0),
        Some(StandClass::Cavalry) => (1, 0),
        Some(class) if class.is_gun() => (2, 0),
        Some(StandClass::Transport | StandClass::PackTransport) => (2, 1),
        _ => (3, 0),
    }
}

/// A side's deployment: its list, its edge, its zone's lines (the front line first) and the enemy's zone.
struct Deployment<'a> {
    side: &'a str,
    list: &'a ArmyList,
    edge: Facing,
    zone: &'a [Vec<Square>],
    enemy: &'a [Square],
}

/// Writes a side's stands into its deployment zone: infantry from the front line back, cavalry from the line
/// behind the infantry, guns and transport from the line behind the cavalry, each line from the middle
/// outward, and a stand for which its lines have no room in the nearest line forward that has; a square of
/// woods only for infantry; a second pass puts stands behind others where both fit the square's 50 mm (The
/// Battlefield). No gun goes next to the enemy's zone where the two zones meet: "Artillery stands may not be
/// moved into a square that is adjacent to a square occupied by an enemy stand". A list with entrenchments
/// digs its lengths along the front of the zone, from the middle outward, for its own side.
fn deploy(text: &mut String, tables: &Tables, deployment: &Deployment, terrain: &mut Terrain) -> Result<(), String> {
    let Deployment { side, list, edge, zone: lines_of_zone, enemy } = *deployment;
    let line_of = |square: Square| lines_of_zone.iter().position(|line| line.contains(&square)).unwrap_or(0);
    let near_enemy = |s: &Square| enemy.iter().any(|&e| chebyshev(e, *s) == 1);
    if let Some(dug) = &list.entrenchments {
        let (dc, dr) = edge.about().ahead();
        let front = &lines_of_zone[0];
        let lengths = front.iter().take(dug.lengths as usize).map(|&s| (s, Square::new(s.col + dc, s.row + dr)));
        terrain.obstacles.push(Laid {
            kind: super::super::board::Obstacle::Entrenchment,
            side: Some(side.to_string()),
            edges: lengths.collect(),
        });
    }
    let mut lines: Vec<&Line> = list.stands.iter().collect();
    lines.sort_by_key(|l| rank(tables, l));
    let facing = edge.about();
    let mut space = Space::new(tables.grid.square_mm, tables.grid.stands_per_square);
    let mut n = 0;
    // The line each rank of stands starts from: the one behind the deepest taken by the ranks before it.
    let (mut rows_of, mut first_line, mut deepest) = (None, 0, None);
    for line in lines {
        let stand = tables.stand(line.kind.get_ref()).ok_or_else(|| format!("no stand type {:?}", line.kind.get_ref()))?;
        let rows = rank(tables, line).0;
        if rows_of != Some(rows) {
            rows_of = Some(rows);
            first_line = deepest.map_or(0, |d: usize| (d + 1).min(lines_of_zone.len() - 1));
        }
        let squares: Vec<Square> = lines_of_zone[first_line..]
            .iter()
            .chain(lines_of_zone[..first_line].iter().rev())
            .flatten()
            .copied()
            .collect();
        let infantry = stand.class == StandClass::Infantry;
        for k in 1..=line.count {
            n += 1;
            // Stands of one line told apart at the table and on the grid: "British Regular Infantry 3".
            let name =
                if line.count > 1 { format!("{} {k}", line.name.get_ref()) } else { line.name.get_ref().clone() };
            let open = |s: &Square| (infantry || !terrain.woods.contains(s)) && !(stand.class.is_gun() && near_enemy(s));
            let Some((square, rear)) = place(&squares, &space, stand.depth_mm, open) else {
                return Err(format!(
                    "{} has no room for {name} within {} of its edge; place the terrain elsewhere",
                    list.army.name,
                    crate::rules::plural(lines_of_zone.len(), "square", "squares")
                ));
            };
            space.take(square, stand.depth_mm);
            deepest = deepest.max(Some(line_of(square)));
            let _ = writeln!(
                text,
                "\n[[units]]\nid = \"{side}-{n}\"\nname = {}\nside = \"{side}\"\nkind = {}\nsquare = \"{}\"\nfacing = {}",
                quoted(&name),
                quoted(line.kind.get_ref()),
                notation::name(square),
                facing.degrees()
            );
            if let Some(weapon) = &line.weapon {
                let _ = writeln!(text, "weapon = {}", quoted(weapon.get_ref()));
            }
            if let Some(on_foot) = &line.dismounted_as {
                let _ = writeln!(text, "dismounts_as = {}", quoted(on_foot));
                match line.dismount {
                    Some(Dismount::Must) => {
                        let _ = writeln!(text, "must_dismount = true");
                    }
                    Some(Dismount::Dismounted) => {
                        let _ = writeln!(text, "dismounted = true");
                    }
                    Some(Dismount::May) | None => {}
                }
            }
            if rear {
                let _ = writeln!(text, "rear = true");
            }
        }
    }
    // "Each side's army must have a Command stand": not in its list's points, mounted where the army rides,
    // where a commander watches his line from: the back line's middle first, then forward; behind another
    // stand if no square is free, on foot if a mounted one does not fit there.
    let rides =
        list.stands.iter().any(|l| tables.stand(l.kind.get_ref()).is_some_and(|s| s.class == StandClass::Cavalry));
    let kinds = if rides { ["command_mounted", "command_on_foot"].as_slice() } else { ["command_on_foot"].as_slice() };
    let from_the_back: Vec<Square> = lines_of_zone.iter().rev().flatten().copied().collect();
    let open = |s: &Square| !terrain.woods.contains(s);
    let placed = kinds.iter().find_map(|&kind| {
        let depth = tables.stand(kind).map_or(tables.grid.square_mm, |s| s.depth_mm);
        place(&from_the_back, &space, depth, open).map(|at| (kind, at))
    });
    let Some((kind, (square, rear))) = placed else {
        return Err(format!("{} has no room for its Command stand within its deployment zone", list.army.name));
    };
    let _ = writeln!(
        text,
        "\n[[units]]\nid = \"{side}-command\"\nname = {}\nside = \"{side}\"\nkind = \"{kind}\"\nsquare = \"{}\"\nfacing = {}",
        quoted(&format!("{} Command", list.army.name)),
        notation::name(square),
        facing.degrees()
    );
    if rear {
        let _ = writeln!(text, "rear = true");
    }
    Ok(())
}

/// The first of `squares` (that `open` allows) a stand `depth_mm` deep can go in: an empty one first, then
/// behind a stand where both fit; whether it stands behind.
fn place(squares: &[Square], space: &Space, depth_mm: u32, open: impl Fn(&Square) -> bool) -> Option<(Square, bool)> {
    let free = |behind: bool| {
        squares
            .iter()
            .copied()
            .filter(&open)
            .find(|&s| (space.taken(s).stands > 0) == behind && space.fits(s, depth_mm))
    };
    free(false).map(|s| (s, false)).or_else(|| free(true).map(|s| (s, true)))
}
