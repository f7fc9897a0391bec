//! Moving the active stand: to a square the board's `reachable` allows (and a refusal naming the rule
//! that bars any other), turning before the move, mounting and dismounting, limbering and unlimbering a
//! gun, and a withdrawing army's stands leaving by their baseline.

use super::board::{
    Board, Facing, InTheWay, Mover, Obstacle, Route, Space, in_rear_arc, in_the_way, next_to, reachable, route,
};
use super::context::{BATTLEFIELD, Ctx, MOVEMENT, Stand, TRANSPORT, VICTORY, footprint, nearest_facing};
use super::markers::{DISMOUNTED, FOUGHT, MOUNTING, MOVED, RECOILED, TOWED, WITHDRAWN};
use super::notation;
use super::sequence::{not_instead_of_withdrawing, not_over, refuse, withdrawn_entirely};
use super::tables::StandClass;
use super::turn::Change;
use crate::game::{Effect, GameError, Outcome};
use crate::measure::{Pt, Square, chebyshev};
use crate::roster::Placed;
use crate::rules::{and_list, plural};

/// The active stand, refused when `unit` is not it.
pub fn active<'a>(ctx: &Ctx<'a>, unit: &str) -> Result<Stand<'a>, GameError> {
    not_over(ctx)?;
    let stand = ctx.stand(unit)?;
    if ctx.turn.active.as_deref() != Some(unit) {
        let now = match &ctx.turn.active {
            Some(other) => format!("{} is being activated", ctx.name_of(other)),
            None => "no stand is being activated".to_string(),
        };
        return Err(refuse(format!("{} is not the active stand: {now}", stand.name()), super::context::ACTIVATION));
    }
    Ok(stand)
}

/// What the stand's friends take of their squares (the gun it tows rides with it) and its enemies' squares.
pub fn around(ctx: &Ctx, stand: &Stand) -> (Space, Vec<Square>) {
    let mut friends_of_its_own = vec![stand.id()];
    friends_of_its_own.extend(ctx.turn.towing.get(stand.id()).map(String::as_str));
    let enemies =
        ctx.stands().into_iter().filter(|o| o.side() != stand.side()).flat_map(|o| o.covers.clone()).collect();
    (ctx.space_of(stand.side(), &friends_of_its_own), enemies)
}

/// Each square the stand would stand in with its front square at `front`, facing `facing`, and the depth it
/// needs there: a Transport towing its gun fills its square.
pub fn needs(ctx: &Ctx, stand: &Stand, front: Square, facing: Facing) -> Vec<(Square, u32)> {
    let square_mm = ctx.charts.grid.square_mm;
    let mut needs = footprint(front, facing, stand.size, stand.depth_mm, square_mm);
    if ctx.turn.towing.contains_key(stand.id()) {
        needs[0].1 = square_mm;
    }
    needs
}

/// Where the stand may end a move now, with the squares each costs; empty when it may not move.
pub fn legal_squares(ctx: &Ctx, stand: &Stand) -> std::collections::BTreeMap<Square, u32> {
    if may_move(ctx, stand).is_err() {
        return Default::default();
    }
    let (friends, enemies) = around(ctx, stand);
    let mover = mover(ctx, stand, &friends, &enemies);
    let board = ctx.board();
    let mut squares = reachable(&board, &mover);
    if stand.large() {
        // The rest of a large stand comes after its front square: each of its squares must take it.
        squares.retain(|&end, _| {
            needs(ctx, stand, end, stand.facing).into_iter().skip(1).all(|(s, mm)| {
                board.grid.contains(s)
                    && !enemies.contains(&s)
                    && board.enterable(s, stand.infantry())
                    && friends.fits(s, mm)
            })
        });
    }
    squares.retain(|&s, _| withdrawal_allows(ctx, stand, s));
    squares
}

/// A stand of an army that must withdraw moves only toward its baseline; any other moves where it may.
fn withdrawal_allows(ctx: &Ctx, stand: &Stand, to: Square) -> bool {
    !ctx.withdrawing().contains(&stand.side()) || ctx.toward_baseline(stand.side()).offsets(stand.square, to).0 >= 1
}

/// The stand as a move sees it: needing the depth of its front square where it ends.
fn mover<'a>(ctx: &Ctx, stand: &Stand, friends: &'a Space, enemies: &'a [Square]) -> Mover<'a> {
    Mover {
        at: stand.square,
        squares: stand.squares,
        infantry: stand.infantry(),
        artillery: moves_a_gun(ctx, stand),
        depth_mm: needs(ctx, stand, stand.square, stand.facing)[0].1,
        friends,
        enemies,
    }
}

/// "Artillery stands may not be moved into a square that is adjacent to a square occupied by an enemy
/// stand": an artillery stand moving, or a Transport moving the gun it tows.
fn moves_a_gun(ctx: &Ctx, stand: &Stand) -> bool {
    stand.class == StandClass::Artillery || ctx.turn.towing.contains_key(stand.id())
}

pub fn may_move(ctx: &Ctx, stand: &Stand) -> Result<(), GameError> {
    if stand.unit.flags.contains(&MOVED) {
        return Err(refuse(format!("{} has moved in this activation", stand.name()), MOVEMENT));
    }
    if stand.unit.flags.contains(&MOUNTING) {
        return Err(refuse(
            format!("{} mounted or dismounted this turn: cavalry that does so does not move", stand.name()),
            MOVEMENT,
        ));
    }
    if let Some(transport) = stand.towed_by {
        return Err(refuse(format!("{} moves only with {}", stand.name(), ctx.name_of(transport)), TRANSPORT));
    }
    if stand.large() && stand.class == StandClass::Artillery {
        return Err(refuse(
            format!("{} is artillery on a large stand: it moves only limbered to a Transport stand", stand.name()),
            TRANSPORT,
        ));
    }
    Ok(())
}

pub fn move_to(ctx: &Ctx, unit: &str, to: &str, facing: Option<Facing>, in_front: bool) -> Result<Outcome, GameError> {
    let stand = active(ctx, unit)?;
    may_move(ctx, &stand)?;
    let target = ctx.square_named(to)?;
    let facing = facing.unwrap_or(stand.facing);
    let moved = Stand { facing, ..stand.clone() };
    let legal = legal_squares(ctx, &moved);
    let Some(&cost) = legal.get(&target) else {
        let (why, rule) = why_not(ctx, &moved, target);
        return Err(refuse(why, rule));
    };
    let partner = ctx
        .stands()
        .into_iter()
        .find(|o| o.covers.contains(&target) && o.side() == stand.side() && o.id() != stand.id());
    if let Some(partner) = &partner
        && partner.facing != facing
    {
        return Err(refuse(
            format!(
                "{} in {} faces {}: two stands in a square face the same way",
                partner.name(),
                notation::name(target),
                words(partner.facing)
            ),
            MOVEMENT,
        ));
    }
    let mut effects = join(stand.id(), target, facing, partner.as_ref(), in_front);
    if facing != stand.facing {
        effects.push(Effect::Face { unit: stand.id().to_string(), facing: facing.degrees() });
    }
    effects.push(Effect::Flag { unit: stand.id().to_string(), flag: MOVED, on: true });
    // A move fixes its facing again, whatever a recoil had freed.
    if stand.unit.flags.contains(&RECOILED) {
        effects.push(Effect::Flag { unit: stand.id().to_string(), flag: RECOILED, on: false });
    }
    let mut towing = String::new();
    if let Some(gun) = ctx.turn.towing.get(stand.id()) {
        effects.extend(place(gun, target, facing, true));
        effects.push(Effect::Face { unit: gun.clone(), facing: facing.degrees() });
        effects.push(Effect::Flag { unit: gun.clone(), flag: TOWED, on: true });
        towing = format!(", towing {}", ctx.name_of(gun));
    }
    let place_words = beside_words(partner.as_ref(), in_front);
    let summary = format!(
        "{} moves {} to {} ({}){place_words}{towing}, facing {}",
        stand.name(),
        stand.at(),
        notation::name(target),
        cost_words(ctx, &moved, target, cost),
        words(facing)
    );
    Ok(Outcome::Resolved { summary, rolls: vec![], effects })
}

/// The move in squares ("2 squares"), and where it cost more of the stand's move, how much and why: "2
/// squares, 4 of its move: round the woods", "1 square, 2 of its move with 1 contour".
fn cost_words(ctx: &Ctx, stand: &Stand, target: Square, cost: u32) -> String {
    let (friends, enemies) = around(ctx, stand);
    cost_explained(&ctx.board(), &mover(ctx, stand, &friends, &enemies), target, cost)
}

/// A way to `target` in squares, and what more of a move it costs, and why (`cost_words`).
fn cost_explained(board: &Board, mover: &Mover, target: Square, cost: u32) -> String {
    let distance = chebyshev(mover.at, target);
    let squares = plural(distance as usize, "square", "squares");
    if cost == distance {
        return squares;
    }
    let way = route(board, mover, target).unwrap_or(Route { cost, contours: 0 });
    let mut why = Vec::new();
    if way.squares() > distance {
        let round: Vec<&str> = in_the_way(board, mover, target).into_iter().map(in_the_way_words).collect();
        let round = if round.is_empty() { "what stands in the way".to_string() } else { and_list(&round) };
        why.push(format!(": round {round}"));
    }
    if way.contours > 0 {
        why.push(format!(" with {}", plural(way.contours as usize, "contour", "contours")));
    }
    format!("{squares}, {cost} of its move{}", why.join(","))
}

fn in_the_way_words(what: InTheWay) -> &'static str {
    match what {
        InTheWay::Woods => "the woods",
        InTheWay::Obstacle(Obstacle::Wall) => "the wall",
        InTheWay::Obstacle(Obstacle::Hedge) => "the hedge",
        InTheWay::Obstacle(Obstacle::Fence) => "the fence",
        InTheWay::Obstacle(_) => "the obstacle",
        InTheWay::Enemy => "the enemy",
        InTheWay::Hill => "the hill",
    }
}

/// The stand's piece put in a square, in front or behind.
pub fn place(unit: &str, square: Square, facing: Facing, rear: bool) -> Vec<Effect> {
    let at = super::fields::spot(square, facing, rear);
    vec![Effect::Place { unit: unit.to_string(), figures: vec![Placed { figure: 0, at }] }]
}

/// A stand put in `square` beside `partner`, a friend already there: behind it, or ahead of it `in_front`;
/// alone, it stands at the front. The partner is put on the square's other spot, wherever it had been left
/// (its front stand gone, it stands where a rear stand stands), so of the two one is the front stand.
pub fn join(unit: &str, square: Square, facing: Facing, partner: Option<&Stand>, in_front: bool) -> Vec<Effect> {
    let Some(partner) = partner else { return place(unit, square, facing, false) };
    let mut effects = place(unit, square, facing, !in_front);
    let its_spot = super::fields::spot(square, facing, in_front);
    if partner.square == square && partner.unit.anchor() != Some(its_spot) {
        effects.extend(place(partner.id(), square, facing, in_front));
    }
    effects
}

pub fn words(facing: Facing) -> &'static str {
    match facing {
        Facing::North => "north",
        Facing::East => "east",
        Facing::South => "south",
        Facing::West => "west",
    }
}

/// Why the stand may not end a move in `target`, in a player's words, and the rule that bars it.
fn why_not(ctx: &Ctx, stand: &Stand, target: Square) -> (String, &'static str) {
    let name = notation::name(target);
    let (friends, enemies) = around(ctx, stand);
    let board = ctx.board();
    let front_mm = needs(ctx, stand, target, stand.facing)[0].1;
    let why = if target == stand.square {
        format!("{} is already in {name}", stand.name())
    } else if enemies.contains(&target) {
        format!("an enemy stand holds {name}; stands cannot move through enemy stands")
    } else if !friends.fits(target, front_mm) {
        return (ctx.no_room(stand, target, front_mm), BATTLEFIELD);
    } else if moves_a_gun(ctx, stand) && next_to(&enemies, target) {
        match ctx.turn.towing.get(stand.id()) {
            Some(gun) => format!(
                "{name} is next to an enemy stand: {} tows {}, and artillery never moves next to one",
                stand.name(),
                ctx.name_of(gun)
            ),
            None => format!("{name} is next to an enemy stand: artillery never moves next to one"),
        }
    } else if !board.enterable(target, stand.infantry()) {
        format!("{name} is woods: only infantry moves off-road through woods")
    } else if !withdrawal_allows(ctx, stand, target) {
        format!("{} must withdraw: it moves only toward its baseline", ctx.side(stand.side()).name)
    } else {
        let nobody = Space::new(ctx.charts.grid.square_mm, ctx.charts.grid.stands_per_square);
        let free =
            Mover { enemies: &[], infantry: true, artillery: false, depth_mm: 0, ..mover(ctx, stand, &nobody, &enemies) };
        match reachable(&board, &Mover { squares: 99, ..free }).get(&target) {
            Some(&cost) if cost > stand.squares => format!(
                "reaching {name} is {}; {} moves {}{}",
                cost_explained(&board, &Mover { squares: 99, ..free }, target, cost),
                stand.name(),
                plural(stand.squares as usize, "square", "squares"),
                if board.is_road(stand.square) { ", one more for a move wholly along the road" } else { "" }
            ),
            _ => format!(
                "{} cannot reach {name} this move: enemies on the way (a stand stops next to one), woods or walls, hedges and fences only infantry crosses",
                stand.name()
            ),
        }
    };
    (why, MOVEMENT)
}

pub fn face(ctx: &Ctx, unit: &str, facing: Facing) -> Result<Outcome, GameError> {
    let stand = active(ctx, unit)?;
    if !stand.facing_free() {
        return Err(refuse(
            format!("{} has moved: its facing is fixed until its next activation or a recoil", stand.name()),
            MOVEMENT,
        ));
    }
    let sharing =
        |o: &Stand| o.covers.contains(&stand.square) && o.id() != stand.id() && o.towed_by != Some(stand.id());
    if let Some(partner) = ctx.stands().into_iter().find(sharing) {
        return Err(refuse(
            format!("{} shares {} with {}: the two face the same way", stand.name(), stand.at(), partner.name()),
            MOVEMENT,
        ));
    }
    // A large stand turned swings its other squares round: each must take it.
    room_for(ctx, &stand, stand.square, facing)?;
    let effects = vec![Effect::Face { unit: stand.id().to_string(), facing: facing.degrees() }];
    Ok(Outcome::Resolved {
        summary: format!("{} turns to face {}", stand.name(), words(facing)),
        rolls: vec![],
        effects,
    })
}

/// Refused unless every square the stand would stand in with its front square at `front`, facing `facing`,
/// is on the board, holds no enemy, and has room for it beside its friends (The Battlefield).
pub fn room_for(ctx: &Ctx, stand: &Stand, front: Square, facing: Facing) -> Result<(), GameError> {
    let (friends, enemies) = around(ctx, stand);
    let board = ctx.board();
    for (square, mm) in needs(ctx, stand, front, facing) {
        if !board.grid.contains(square) {
            return Err(refuse(
                format!("{} would reach {}, off the board", stand.name(), notation::name(square)),
                BATTLEFIELD,
            ));
        }
        if enemies.contains(&square) {
            return Err(refuse(
                format!("an enemy stand holds {}: a square holds stands of one side", notation::name(square)),
                BATTLEFIELD,
            ));
        }
        if !friends.fits(square, mm) {
            return Err(refuse(ctx.no_room(stand, square, mm), BATTLEFIELD));
        }
    }
    Ok(())
}

/// A hand correction (`correct_position`) puts a stand where its piece stands on the table: in the square
/// the point given lies in (its own, when only its facing is given), turned to the nearest edge, at the
/// square's front, or beside a friend there in front of it or behind it as the point lies (on the friend's
/// very spot, behind). A Transport brings the gun it tows. The Battlefield's room in a square binds the table
/// too: a correction into a square without room for the stand is refused. What is no stand's place on the
/// board (an unknown stand, a point off the board or not a number, a figure the stand does not have) is left
/// to the shared correction, which refuses it in its own words.
pub fn correction(
    ctx: &Ctx,
    unit: &str,
    to: Option<Pt>,
    facing: Option<f64>,
    figures: &[Placed],
) -> Result<Option<Outcome>, GameError> {
    let Ok(stand) = ctx.stand(unit) else { return Ok(None) };
    let point = figures.iter().find(|p| p.figure == 0).map(|p| p.at).or(to);
    let told_nothing = point.is_none() && facing.is_none();
    let unreadable = point.is_some_and(|p| !p.x.is_finite() || !p.y.is_finite()) || facing.is_some_and(|f| !f.is_finite());
    if told_nothing || unreadable || figures.iter().any(|p| p.figure != 0) {
        return Ok(None);
    }
    let at = point.or_else(|| stand.unit.anchor()).expect("a stand on the field has its piece");
    let square = super::fields::square_at(at);
    let (cols, rows) = ctx.setup.scenario.board.size();
    if !(crate::measure::SquareGrid { cols, rows }).contains(square) {
        return Ok(None);
    }
    let facing = facing.map_or(stand.facing, nearest_facing);
    room_for(ctx, &stand, square, facing)?;
    let gun = ctx.turn.towing.get(stand.id());
    let partner = ctx.stands().into_iter().find(|o| {
        o.side() == stand.side() && o.id() != stand.id() && o.towed_by.is_none() && o.covers.contains(&square)
    });
    let in_front = partner.as_ref().is_some_and(|p| {
        let partner_at = p.unit.anchor().unwrap_or_default();
        super::context::forwardness_at(at, facing) > super::context::forwardness_at(partner_at, facing)
    });
    let mut effects = Vec::new();
    if facing.degrees() != stand.unit.facing {
        effects.push(Effect::Face { unit: stand.id().to_string(), facing: facing.degrees() });
    }
    effects.extend(join(stand.id(), square, facing, partner.as_ref(), in_front));
    if let Some(gun) = gun {
        effects.push(Effect::Face { unit: gun.clone(), facing: facing.degrees() });
        effects.extend(place(gun, square, facing, true));
    }
    let summary = format!(
        "Correction: {} is put in {}{}{}, facing {}",
        stand.name(),
        notation::name(square),
        beside_words(partner.as_ref(), in_front),
        gun.map(|g| format!(", towing {}", ctx.name_of(g))).unwrap_or_default(),
        words(facing)
    );
    Ok(Some(Outcome::Resolved { summary, rolls: vec![], effects }))
}

/// ", behind X" or ", in front of X" for a stand put beside a friend; nothing alone.
fn beside_words(partner: Option<&Stand>, in_front: bool) -> String {
    match partner {
        Some(p) if in_front => format!(", in front of {}", p.name()),
        Some(p) => format!(", behind {}", p.name()),
        None => String::new(),
    }
}

pub fn mount(ctx: &Ctx, unit: &str, mounting: bool) -> Result<Outcome, GameError> {
    let stand = active(ctx, unit)?;
    let Some(on_foot) = &ctx.unit_fields(unit).dismounts_as else {
        return Err(refuse(format!("{} does not fight on foot", stand.name()), MOVEMENT));
    };
    if stand.dismounted != mounting {
        let now = if mounting { "mounted" } else { "on foot" };
        return Err(refuse(format!("{} is already {now}", stand.name()), MOVEMENT));
    }
    if stand.unit.flags.contains(&MOUNTING) {
        // "Cavalry that are mounting or dismounting cannot move during the turn": one change a turn.
        let did = if stand.dismounted { "dismounted" } else { "mounted" };
        return Err(refuse(
            format!("{} has {did} this turn: cavalry mounts or dismounts once a turn", stand.name()),
            MOVEMENT,
        ));
    }
    if stand.unit.flags.contains(&MOVED) {
        return Err(refuse(
            format!("{} has moved: cavalry mounts or dismounts instead of moving", stand.name()),
            MOVEMENT,
        ));
    }
    not_instead_of_withdrawing(ctx, &stand, if mounting { "mount" } else { "dismount" })?;
    let id = stand.id().to_string();
    let effects = vec![
        Effect::Flag { unit: id.clone(), flag: DISMOUNTED, on: !mounting },
        Effect::Flag { unit: id, flag: MOUNTING, on: true },
    ];
    let summary = if mounting {
        format!("{} mounts; it does not move this turn", stand.name())
    } else {
        let as_kind =
            ctx.scenario.ruleset.kind(on_foot.get_ref()).map_or(on_foot.get_ref().as_str(), |k| k.name.as_str());
        format!("{} dismounts to fight as {as_kind}; it does not move this turn", stand.name())
    };
    Ok(Outcome::Resolved { summary, rolls: vec![], effects })
}

/// A square "to the rear" of a stand: next to it, in its rear arc.
pub fn to_the_rear(stand: &Stand, square: Square) -> bool {
    chebyshev(stand.square, square) == 1 && in_rear_arc(stand.square, stand.facing, square)
}

pub fn limber(ctx: &Ctx, unit: &str, gun: &str) -> Result<Outcome, GameError> {
    let transport = active(ctx, unit)?;
    if transport.class != StandClass::Transport {
        return Err(refuse(format!("{} is not a Transport stand", transport.name()), TRANSPORT));
    }
    if let Some(towed) = ctx.turn.towing.get(unit) {
        return Err(refuse(format!("{} already tows {}", transport.name(), ctx.name_of(towed)), TRANSPORT));
    }
    if transport.unit.flags.contains(&MOVED) {
        return Err(refuse(format!("{} has moved: it limbers before it moves", transport.name()), TRANSPORT));
    }
    not_instead_of_withdrawing(ctx, &transport, "limber a gun")?;
    let piece = ctx.stand(gun)?;
    if piece.side() != transport.side() || piece.class != StandClass::Artillery {
        return Err(refuse(format!("{} is not an artillery stand of its side", piece.name()), TRANSPORT));
    }
    if piece.unit.flags.contains(&FOUGHT) {
        return Err(refuse(
            format!("{} has fought this turn: a gun towed in a turn takes no part in combat that turn", piece.name()),
            TRANSPORT,
        ));
    }
    // Its own move or a tow is its move of the turn, as its combat is: towed after moving it would go twice.
    if piece.unit.flags.contains(&MOVED) || piece.unit.flags.contains(&TOWED) {
        return Err(refuse(
            format!("{} has moved this turn: a gun moves once a turn, by itself or towed", piece.name()),
            TRANSPORT,
        ));
    }
    if !to_the_rear(&transport, piece.square) {
        return Err(refuse(
            format!(
                "{} is in {}, not in a square to the rear of {} in {}",
                piece.name(),
                piece.at(),
                transport.name(),
                transport.at()
            ),
            TRANSPORT,
        ));
    }
    if ctx.stands().iter().any(|o| o.square == transport.square && o.id() != transport.id()) {
        return Err(refuse(format!("{} shares its square: there is no room for the gun", transport.name()), TRANSPORT));
    }
    // Limbered, the gun stands in the Transport's square: moved there as surely as by a move.
    if next_to(&around(ctx, &transport).1, transport.square) {
        return Err(refuse(
            format!(
                "{} is next to an enemy stand: artillery never moves next to one, so {} is not limbered there",
                transport.at(),
                piece.name()
            ),
            MOVEMENT,
        ));
    }
    let mut effects = place(gun, transport.square, transport.facing, true);
    effects.push(Effect::Face { unit: gun.to_string(), facing: transport.facing.degrees() });
    effects.push(Effect::Flag { unit: gun.to_string(), flag: TOWED, on: true });
    effects.push(Change::Limbered { transport: unit.to_string(), gun: gun.to_string() }.effect());
    let summary = format!("{} limbers {} from {}", transport.name(), piece.name(), piece.at());
    Ok(Outcome::Resolved { summary, rolls: vec![], effects })
}

pub fn unlimber(ctx: &Ctx, unit: &str, to: &str) -> Result<Outcome, GameError> {
    let transport = active(ctx, unit)?;
    let Some(gun) = ctx.turn.towing.get(unit) else {
        return Err(refuse(format!("{} tows no gun", transport.name()), TRANSPORT));
    };
    not_instead_of_withdrawing(ctx, &transport, "unlimber its gun")?;
    let square = ctx.square_named(to)?;
    if !to_the_rear(&transport, square) {
        return Err(refuse(
            format!("{to} is not a square to the rear of {} in {}", transport.name(), transport.at()),
            TRANSPORT,
        ));
    }
    if ctx.stands().iter().any(|o| o.covers.contains(&square)) {
        return Err(refuse(format!("{to} is not vacant: a gun is unlimbered into a vacant square"), TRANSPORT));
    }
    if next_to(&around(ctx, &transport).1, square) {
        return Err(refuse(
            format!(
                "{} is next to an enemy stand: artillery never moves next to one, so {} is not unlimbered there",
                notation::name(square),
                ctx.name_of(gun)
            ),
            MOVEMENT,
        ));
    }
    let mut effects = place(gun, square, transport.facing, false);
    effects.push(Change::Unlimbered { transport: unit.to_string() }.effect());
    let summary = format!("{} unlimbers {} into {}", transport.name(), ctx.name_of(gun), notation::name(square));
    Ok(Outcome::Resolved { summary, rolls: vec![], effects })
}

/// Whether the square is on the side's baseline: the row or column along its own edge.
pub fn on_baseline(ctx: &Ctx, side: &str, square: Square) -> bool {
    let (along, line) = baseline(ctx, side);
    if along { square.row == line } else { square.col == line }
}

/// The side's baseline as the grid names it: "row (row 12)", "column (column A)".
fn baseline_words(ctx: &Ctx, side: &str) -> String {
    match baseline(ctx, side) {
        (true, row) => format!("row (row {})", row + 1),
        (false, col) => format!("column (column {})", notation::column(col)),
    }
}

/// The line of squares along the side's own edge: whether it is a row (else a column), and which.
fn baseline(ctx: &Ctx, side: &str) -> (bool, i32) {
    let (cols, rows) = ctx.setup.scenario.board.size();
    match ctx.toward_baseline(side) {
        Facing::North => (true, 0),
        Facing::South => (true, rows as i32 - 1),
        Facing::West => (false, 0),
        Facing::East => (false, cols as i32 - 1),
    }
}

pub fn leave_table(ctx: &Ctx, unit: &str) -> Result<Outcome, GameError> {
    let stand = active(ctx, unit)?;
    if !ctx.withdrawing().contains(&stand.side()) {
        return Err(refuse(
            format!("{} are not withdrawing: their stands stay on the battlefield", ctx.side(stand.side()).name),
            VICTORY,
        ));
    }
    if !on_baseline(ctx, stand.side(), stand.square) {
        return Err(refuse(
            format!(
                "{} may leave only from its own baseline {}; it is in {}",
                stand.name(),
                baseline_words(ctx, stand.side()),
                stand.at()
            ),
            VICTORY,
        ));
    }
    let mut effects = vec![Effect::Flag { unit: unit.to_string(), flag: WITHDRAWN, on: true }];
    let mut gone = vec![unit];
    if let Some(gun) = ctx.turn.towing.get(unit) {
        effects.push(Effect::Flag { unit: gun.clone(), flag: WITHDRAWN, on: true });
        gone.push(gun);
    }
    effects.push(Change::ActivationEnded.effect());
    let mut summary = format!("{} leaves the battlefield from {}", stand.name(), stand.at());
    if let Some((ended, words)) = withdrawn_entirely(ctx, &[], &gone) {
        effects.push(ended);
        summary.push_str(&words);
    }
    Ok(Outcome::Resolved { summary, rolls: vec![], effects })
}
