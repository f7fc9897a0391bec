//! What the table shows of a When Empires Clash! battle: the board and its terrain, every stand (square,
//! facing, front or rear, value, move, weapon), the selected reach of each (front arc within range, what it
//! sees), the active stand's legal squares and every combat it may fight with both sides' additions and
//! exact odds, the turn's throws and their odds, each army's losses, withdrawal and the result.

use std::collections::BTreeMap;

use serde::Serialize;

use super::board::{Facing, has_line_of_sight, in_front_arc};
use super::context::{Ctx, Stand};
use super::fight::{self, Judgement, Kind};
use super::movement::{self, legal_squares, words};
use super::notation;
use super::sequence::{self, waiting};
use super::turn::TurnStep;
use super::turn_odds;
use crate::dice::GameRng;
use crate::measure::{Square, chebyshev};
use crate::roster::Unit;
use crate::rules::{Drawing, Note, Offer, Prompt, Report, Tone, UnitReport};

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct WecView {
    pub board: GridView,
    pub turns: u32,
    pub step: TurnStep,
    pub active: Option<String>,
    pub stands: Vec<StandView>,
    pub sides: Vec<ArmyView>,
    /// The chance the first side of the scenario wins the initiative throw (ties thrown again).
    pub initiative_p: f64,
    pub ended: Option<String>,
    /// "British win a Decisive victory (31 against 17)", once the battle has ended.
    pub result: Option<String>,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct GridView {
    pub cols: u32,
    pub rows: u32,
    pub square_inches: f64,
    pub woods: Vec<String>,
    pub buildings: Vec<String>,
    pub roads: Vec<String>,
    /// Each hill square with its contour level.
    pub hills: Vec<(String, u32)>,
    pub obstacles: Vec<ObstacleView>,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct ObstacleView {
    pub kind: super::board::Obstacle,
    pub between: [String; 2],
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct ArmyView {
    pub id: String,
    pub dice: String,
    pub commander: u32,
    /// The army's value at the start, Command stand not counted, its entrenchments included when it alone is
    /// entrenched.
    pub starting: f64,
    /// The part of `starting` that is entrenchments (footnote 4): 0 unless it alone is entrenched.
    pub entrenchments: f64,
    pub lost: f64,
    /// Stands not destroyed, Command stand included at its rating.
    pub remaining: f64,
    pub withdrawing: bool,
    /// The chance of each count of activations: its throw plus its commander.
    pub activations: Vec<(i64, f64)>,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct StandView {
    pub id: String,
    pub square: String,
    /// Every square it stands in, its front square first (more than one for a large stand).
    pub covers: Vec<String>,
    pub facing: Facing,
    pub rear: bool,
    /// The stand's depth on the table: its type's minimum, or its own when deeper.
    pub depth_mm: u32,
    pub value: i64,
    pub moves: u32,
    /// Its weapon's name and range in squares.
    pub weapon: Option<(String, u32)>,
    pub fights_as: String,
    pub towed_by: Option<String>,
    /// The squares of its front arc within its weapon's range, and which of them it sees.
    pub arc: Vec<String>,
    pub sees: Vec<String>,
    /// Where it may end a move now (the active stand only), with the squares each costs.
    pub reach: Vec<(String, u32)>,
    /// The combats it may fight now (the active stand only).
    pub combats: Vec<CombatView>,
    /// Where it would recoil to, or why it would be destroyed: for the active stand and the stands it may
    /// fight, empty for the rest.
    pub if_recoils: String,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct CombatView {
    pub target: String,
    /// `fire` or `close_combat`: the action that fights it.
    pub action: String,
    pub mine: Vec<(String, i64)>,
    pub theirs: Vec<(String, i64)>,
    /// Ineffective (fire) or the initiator recoils (close), the target recoils, the target is destroyed.
    pub p: [f64; 3],
    /// The chance the target is lost, a recoil it cannot make counted in.
    pub target_lost: f64,
    /// The chance the initiator is lost: in close combat, beaten back when it cannot recoil.
    pub initiator_lost: f64,
    /// Each result in words, a recoil that would destroy the stand said so.
    pub results: [String; 3],
    pub dice: [String; 2],
}

pub fn report(ctx: &Ctx) -> Report<WecView> {
    let stands = ctx.stands();
    let headline = headline(ctx);
    // The active stand's combats, found once: its offers, its view and its targets' recoils all read them.
    let active = stands.iter().find(|s| ctx.turn.active.as_deref() == Some(s.id()));
    let fights = active.map(|a| combats(ctx, a)).unwrap_or_default();
    let units: BTreeMap<String, UnitReport> =
        ctx.state.units.iter().map(|u| (u.id.clone(), unit_report(ctx, u, &stands, &fights))).collect();
    Report {
        headline,
        owed: owed(ctx),
        status: status(ctx),
        prompts: prompts(ctx),
        offers: bar_offers(ctx),
        units,
        drawing: Drawing::default(),
        own: WecView {
            board: board_view(ctx),
            turns: ctx.charts.grid.turns,
            step: ctx.turn.step.clone(),
            active: ctx.turn.active.clone(),
            stands: {
                // Where a stand would recoil matters for the active stand and the stands it may fight.
                let board = ctx.board();
                stands
                    .iter()
                    .map(|s| {
                        let matters =
                            active.is_some_and(|a| a.id() == s.id()) || fights.iter().any(|c| c.target == s.id());
                        stand_view(ctx, s, &board, matters, &fights)
                    })
                    .collect()
            },
            sides: side_views(ctx),
            initiative_p: initiative_p(ctx),
            ended: ctx.turn.ended.clone(),
            result: result(ctx),
        },
    }
}

fn headline(ctx: &Ctx) -> String {
    let turn = format!("Turn {} of {}", ctx.state.turn, ctx.charts.grid.turns);
    if let Some(why) = &ctx.turn.ended {
        let result = super::sequence::result_words(ctx).map(|r| format!(". {r}")).unwrap_or_default();
        return format!("The battle is over: {why}{result}");
    }
    let now = match &ctx.turn.step {
        TurnStep::Initiative => "both sides throw for the initiative".to_string(),
        TurnStep::Choose { winner } => format!("{} take the initiative or pass it", ctx.side(winner).name),
        TurnStep::Activating { side, left: None, .. } => format!("{} throw for their activations", ctx.side(side).name),
        TurnStep::Activating { side, left: Some(left), .. } => match &ctx.turn.active {
            Some(active) => format!("{} activating {} ({left} left)", ctx.side(side).name, ctx.name_of(active)),
            None if *left == 0 => format!("{} have no activations left: end their activations", ctx.side(side).name),
            None => format!("{} activate a stand ({left} left)", ctx.side(side).name),
        },
        TurnStep::TurnOver => "both sides have activated: end the turn".to_string(),
    };
    format!("{turn}: {now}")
}

fn owed(ctx: &Ctx) -> Vec<String> {
    match &ctx.turn.step {
        TurnStep::Activating { side, left: Some(_), .. } if ctx.turn.ended.is_none() => {
            if let Err(crate::game::GameError::Refused(refusal)) = sequence::owed_withdrawal(ctx) {
                return vec![refusal.message];
            }
            if ctx.withdrawing().contains(&side.as_str()) {
                vec![format!("{} must withdraw: their moves go toward their baseline", ctx.side(side).name)]
            } else {
                vec![]
            }
        }
        _ => vec![],
    }
}

fn status(ctx: &Ctx) -> Vec<String> {
    ctx.losses()
        .into_iter()
        .map(|(side, (start, lost))| {
            let withdrawing = if ctx.withdrawing().contains(&side) { " · must withdraw" } else { "" };
            let dug = match ctx.with_entrenchments(side) {
                "" => String::new(),
                with => format!(" ({start}{with})"),
            };
            format!("{}: {lost} of {start} lost{dug}{withdrawing}", ctx.side(side).name)
        })
        .collect()
}

/// The turn's throws are the bar's own (one box a side for the initiative); no card waits for them.
fn prompts(_ctx: &Ctx) -> Vec<Prompt> {
    vec![]
}

fn bar_offers(ctx: &Ctx) -> Vec<Offer> {
    let ok = |r: Result<crate::game::Outcome, crate::game::GameError>| r.map(|_| ());
    let mut rng = GameRng::for_event(0, 0);
    let mut offers = Vec::new();
    match &ctx.turn.step {
        TurnStep::Initiative => {
            offers.push(Offer::checked("initiative", ok(sequence::initiative(ctx, None, &mut rng))))
        }
        TurnStep::Choose { .. } => {
            let sides = ctx.scenario.sides.iter().map(|s| s.id.clone()).collect();
            offers.push(Offer::picking("take_initiative", "side", sides));
        }
        TurnStep::Activating { left: None, .. } => {
            offers.push(Offer::checked("throw_activations", ok(sequence::throw_activations(ctx, None, &mut rng))))
        }
        TurnStep::Activating { .. } => {
            if ctx.turn.active.is_some() {
                offers.push(Offer::checked("end_activation", ok(sequence::end_activation(ctx))));
            }
            offers.push(Offer::checked("end_activations", ok(sequence::end_activations(ctx))));
        }
        TurnStep::TurnOver => offers.push(Offer::checked("next_turn", ok(sequence::next_turn(ctx)))),
    }
    offers
}

fn unit_report(ctx: &Ctx, unit: &Unit, stands: &[Stand], fights: &[CombatView]) -> UnitReport {
    let mut report = UnitReport::default();
    if unit.flags.contains(&super::markers::WITHDRAWN) {
        report.place = Some("left the battlefield".to_string());
    }
    let Some(stand) = stands.iter().find(|s| s.id() == unit.id) else { return report };
    // Its ground, and on a hill its contour level: "open, hill level 2".
    let terrain = ctx.setup.scenario.terrain();
    let ground = format!("{:?}", terrain.ground(stand.square)).to_lowercase();
    report.cover = Some(match terrain.level(stand.square) {
        0 => ground,
        level => format!("{ground}, hill level {level}"),
    });
    let rear = if stand.rear { " (rear)" } else { "" };
    report.place = Some(format!("{}{rear} facing {}", stand.at(), super::movement::words(stand.facing)));
    report.move_note = Some(crate::rules::plural(stand.squares as usize, "square", "squares"));
    if ctx.turn.active.as_deref() == Some(unit.id.as_str()) {
        report.notes.push(Note::new("active", "Active", Tone::Active));
    }
    if let Some(t) = stand.towed_by {
        report.notes.push(Note::new("towed", format!("Towed by {}", ctx.name_of(t)), Tone::Plain));
    }
    if let Some((side, _)) = ctx.turn.activating()
        && side == unit.side
        && waiting(ctx, side).any(|u| u.id == unit.id)
    {
        report.offers.push(Offer::checked("activate", sequence::activate(ctx, &unit.id).map(|_| ())));
    }
    if ctx.turn.active.as_deref() == Some(unit.id.as_str()) && ctx.turn.ended.is_none() {
        report.offers.extend(active_offers(ctx, stand, fights));
    }
    report
}

/// What the active stand may do now, each naming what it may pick (a square, a target), or barred with
/// the rule.
fn active_offers(ctx: &Ctx, stand: &Stand, fights: &[CombatView]) -> Vec<Offer> {
    let mut offers = Vec::new();
    let squares: Vec<String> = legal_squares(ctx, stand).into_keys().map(notation::name).collect();
    offers.push(match movement::may_move(ctx, stand) {
        Err(why) => Offer::checked("move_to", Err(why)),
        Ok(()) if squares.is_empty() => Offer::barred("move_to", "it has no square it may move to"),
        Ok(()) => Offer::picking("move_to", "to", squares),
    });
    if stand.facing_free() {
        let facings = [Facing::North, Facing::East, Facing::South, Facing::West]
            .into_iter()
            .filter(|f| *f != stand.facing)
            .map(|f| words(f).to_string())
            .collect();
        offers.push(Offer::picking("face", "facing", facings));
    }
    for (kind, action) in [(Kind::Fire, "fire"), (Kind::Close, "close_combat")] {
        let targets: Vec<String> = fights.iter().filter(|c| c.action == action).map(|c| c.target.clone()).collect();
        offers.push(if targets.is_empty() {
            Offer::checked(action, Err(no_combat(ctx, stand, kind)))
        } else {
            Offer::picking(action, "target", targets)
        });
    }
    if ctx.unit_fields(stand.id()).dismounts_as.is_some() {
        let action = if stand.dismounted { "mount" } else { "dismount" };
        offers.push(Offer::checked(action, movement::mount(ctx, stand.id(), stand.dismounted).map(|_| ())));
    }
    if stand.class == super::tables::StandClass::Transport {
        match ctx.turn.towing.get(stand.id()) {
            Some(_) => {
                let (cols, rows) = ctx.setup.scenario.board.size();
                let beside: Vec<Square> = (0..rows as i32)
                    .flat_map(|r| (0..cols as i32).map(move |c| Square::new(c, r)))
                    .filter(|s| chebyshev(*s, stand.square) == 1)
                    .collect();
                let unlimbering = |s: &Square| movement::unlimber(ctx, stand.id(), &notation::name(*s)).map(|_| ());
                let spots: Vec<String> =
                    beside.iter().filter(|s| unlimbering(s).is_ok()).map(|&s| notation::name(s)).collect();
                // Barred, the reason is the one unlimbering into its first vacant square to the rear would meet.
                let vacant = beside.iter().find(|&&s| {
                    movement::to_the_rear(stand, s) && !ctx.stands().iter().any(|o| o.covers.contains(&s))
                });
                offers.push(match (spots.is_empty(), vacant) {
                    (false, _) => Offer::picking("unlimber", "to", spots),
                    (true, Some(square)) => Offer::checked("unlimber", unlimbering(square)),
                    (true, None) => Offer::barred("unlimber", "no vacant square to its rear"),
                });
            }
            None => {
                let guns: Vec<String> = ctx
                    .stands()
                    .iter()
                    .filter(|g| movement::limber(ctx, stand.id(), g.id()).is_ok())
                    .map(|g| g.id().to_string())
                    .collect();
                if !guns.is_empty() {
                    offers.push(Offer::picking("limber", "gun", guns));
                }
            }
        }
    }
    if ctx.withdrawing().contains(&stand.side()) {
        offers.push(Offer::checked("leave_table", movement::leave_table(ctx, stand.id()).map(|_| ())));
    }
    offers
}

/// Why the stand may initiate no combat of this kind now: what initiating refuses it for, or, when only its
/// targets are barred, what engaging the nearest enemy it could otherwise reach would be refused for.
fn no_combat(ctx: &Ctx, stand: &Stand, kind: Kind) -> crate::game::GameError {
    if let Err(why) = fight::may_initiate(stand, kind) {
        return why;
    }
    let reach = match kind {
        Kind::Close => 1..=1,
        Kind::Fire => 2..=stand.weapon.map_or(0, |w| w.range),
    };
    let in_reach = |t: &&Stand| {
        let aim = t.nearest_to(stand.square);
        reach.contains(&chebyshev(stand.square, aim))
            && (kind == Kind::Close || in_front_arc(stand.square, stand.facing, aim))
    };
    let mut enemies: Vec<Stand> = ctx.stands().into_iter().filter(|t| t.side() != stand.side()).collect();
    enemies.sort_by_key(|t| chebyshev(stand.square, t.nearest_to(stand.square)));
    let refused = enemies.iter().filter(in_reach).find_map(|t| fight::may_engage(ctx, stand, t, kind).err());
    refused.unwrap_or_else(|| {
        let none = match kind {
            Kind::Fire => "no enemy stand in range, in its front arc and in sight",
            Kind::Close => "no enemy stand in an adjacent square",
        };
        crate::game::Refusal::new(none).into()
    })
}

fn board_view(ctx: &Ctx) -> GridView {
    let entry = &ctx.setup.scenario.board;
    let (cols, rows) = entry.size();
    let names = |list: &[toml::Spanned<String>]| -> Vec<String> {
        list.iter().map(|s| notation::name(notation::parse(s.get_ref()).expect("checked"))).collect()
    };
    GridView {
        cols,
        rows,
        square_inches: super::fields::square_inches(),
        woods: names(&entry.woods),
        buildings: names(&entry.buildings),
        roads: names(&entry.roads),
        hills: entry
            .hills
            .iter()
            .flat_map(|h| names(&h.squares).into_iter().map(|s| (s, *h.level.get_ref())))
            .collect(),
        obstacles: entry
            .obstacles
            .iter()
            .flat_map(|o| {
                o.between.iter().map(|pair| {
                    let [a, b] = pair.get_ref();
                    let name = |t: &str| notation::name(notation::parse(t).expect("checked"));
                    ObstacleView { kind: *o.kind.get_ref(), between: [name(a), name(b)] }
                })
            })
            .collect(),
    }
}

fn stand_view(
    ctx: &Ctx,
    stand: &Stand,
    board: &super::board::Board,
    recoil_matters: bool,
    fights: &[CombatView],
) -> StandView {
    let (cols, rows) = ctx.setup.scenario.board.size();
    let mut arc = Vec::new();
    let mut sees = Vec::new();
    if let Some(weapon) = stand.weapon {
        // Only the squares within its range: a big board costs no more than a small one.
        let reach = weapon.range as i32;
        let (at, (cols, rows)) = (stand.square, (cols as i32, rows as i32));
        for row in (at.row - reach).max(0)..=(at.row + reach).min(rows - 1) {
            for col in (at.col - reach).max(0)..=(at.col + reach).min(cols - 1) {
                let square = Square::new(col, row);
                let distance = chebyshev(stand.square, square);
                if distance >= 1 && distance <= weapon.range && in_front_arc(stand.square, stand.facing, square) {
                    arc.push(notation::name(square));
                    if has_line_of_sight(board, stand.square, square) {
                        sees.push(notation::name(square));
                    }
                }
            }
        }
    }
    let is_active = ctx.turn.active.as_deref() == Some(stand.id());
    let reach = if is_active {
        legal_squares(ctx, stand).into_iter().map(|(s, c)| (notation::name(s), c)).collect()
    } else {
        vec![]
    };
    let combats = if is_active { fights.to_vec() } else { vec![] };
    let if_recoils = if recoil_matters { fight::fall_back(ctx, stand).0 } else { String::new() };
    StandView {
        id: stand.id().to_string(),
        square: stand.at(),
        covers: stand.covers.iter().map(|&s| notation::name(s)).collect(),
        facing: stand.facing,
        rear: stand.rear,
        depth_mm: stand.depth_mm,
        value: stand.value,
        moves: stand.squares,
        weapon: stand.weapon.map(|w| (w.name.clone(), w.range)),
        fights_as: stand.fights_as.to_string(),
        towed_by: stand.towed_by.map(str::to_string),
        arc,
        sees,
        reach,
        combats,
        if_recoils,
    }
}

/// Every combat the active stand may initiate now, with both sides' lines and the odds.
fn combats(ctx: &Ctx, stand: &Stand) -> Vec<CombatView> {
    let none = Judgement::default();
    let mut views = Vec::new();
    for target in ctx.stands().iter().filter(|t| t.side() != stand.side()) {
        for (kind, action) in [(Kind::Fire, "fire"), (Kind::Close, "close_combat")] {
            let Ok(prepared) = fight::prepare(ctx, stand.id(), target.id(), kind, &none) else { continue };
            let sides = prepared.sides(ctx);
            let chances = super::combat::odds(&sides[0], &sides[1]);
            let [initiator_lost, target_lost] = fight::losses(ctx, &prepared, kind, &chances);
            let results = fight::result_words(ctx, &prepared, kind);
            let [mine, theirs] = prepared.lines;
            views.push(CombatView {
                target: target.id().to_string(),
                action: action.to_string(),
                mine,
                theirs,
                p: [chances.initiator_held, chances.target_recoils, chances.target_destroyed],
                target_lost,
                initiator_lost,
                results,
                dice: sides.map(|s| s.dice.map_or_else(|| "no dice".to_string(), |d| d.to_string())),
            });
        }
    }
    views
}

fn side_views(ctx: &Ctx) -> Vec<ArmyView> {
    let losses = ctx.losses();
    let remaining = ctx.remaining();
    let withdrawing = ctx.withdrawing();
    ctx.scenario
        .sides
        .iter()
        .map(|s| {
            let (starting, lost) = losses.get(s.id.as_str()).copied().unwrap_or_default();
            let dice = ctx.dice_of(&s.id);
            ArmyView {
                id: s.id.clone(),
                dice: dice.to_string(),
                commander: ctx.commander(&s.id),
                starting,
                entrenchments: ctx.entrenchment_points(&s.id),
                lost,
                remaining: remaining.get(s.id.as_str()).copied().unwrap_or_default(),
                withdrawing: withdrawing.contains(&s.id.as_str()),
                activations: turn_odds::activations(&dice, ctx.commander(&s.id)).entries().collect(),
            }
        })
        .collect()
}

fn initiative_p(ctx: &Ctx) -> f64 {
    match ctx.scenario.sides.as_slice() {
        [a, b] => turn_odds::initiative(&ctx.dice_of(&a.id), &ctx.dice_of(&b.id)),
        _ => 0.0,
    }
}

fn result(ctx: &Ctx) -> Option<String> {
    ctx.turn.ended.as_ref()?;
    super::sequence::result_words(ctx)
}
