//! Fire and close combat by the active stand: who may fight whom (range, front arc, line of sight,
//! adjacency, the front stand of a square), every addition the text lists (struck or added to by the
//! table where it judges otherwise), both throws, the result, and the recoil or destruction it brings.

use super::additions::{self, Addition, Field};
use super::board::{Aspect, Recoil, Recoiler, in_front_arc, line_of_sight, recoil};
use super::combat::{self, CombatResult};
use super::context::{CLOSE, COMBAT, Ctx, FIRE, Stand};
use super::markers::{FOUGHT, IN_SQUARE, MOVED, RECOILED, TOWED};
use super::movement::{active, around, join, needs, place};
use super::notation;
use super::sequence::{refuse, withdrawn_entirely};
use super::tables::{Grade, StandClass};
use super::turn::Change;
use crate::dice::{DiceFeed, GameRng};
use crate::game::{Effect, GameError, Outcome};
use crate::measure::chebyshev;
use crate::odds::{Dist, OddsView};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Fire,
    Close,
}

impl Kind {
    fn rule(self) -> &'static str {
        match self {
            Kind::Fire => FIRE,
            Kind::Close => CLOSE,
        }
    }

    pub fn words(self) -> &'static str {
        match self {
            Kind::Fire => "fire combat",
            Kind::Close => "close combat",
        }
    }
}

/// What the table asks to change in the app's additions.
#[derive(Debug, Clone, Default)]
pub struct Judgement<'a> {
    pub strike: &'a [String],
    pub extra: Option<[i64; 2]>,
}

/// A combat as it would be fought now: both stands and each side's lines.
pub struct Prepared<'a> {
    pub initiator: Stand<'a>,
    pub target: Stand<'a>,
    pub lines: [Vec<Addition>; 2],
}

impl Prepared<'_> {
    pub fn sides(&self, ctx: &Ctx) -> [combat::Side; 2] {
        let total = |lines: &[Addition]| lines.iter().map(|(_, v)| v).sum::<i64>();
        [
            combat::Side { dice: Some(ctx.dice_of(self.initiator.side())), added: total(&self.lines[0]) },
            combat::Side {
                dice: (!takes_no_part(&self.target)).then(|| ctx.dice_of(self.target.side())),
                added: total(&self.lines[1]),
            },
        ]
    }
}

/// "Artillery stands that are being towed by Transport stands may not take part in Fire Combat or Close
/// Combat for the duration of a turn during which they are being towed": engaged that turn (its Transport
/// destroyed, or it unlimbered), a gun towed this turn throws no dice and adds nothing, so its score is 0.
pub fn takes_no_part(stand: &Stand) -> bool {
    stand.unit.flags.contains(&TOWED)
}

/// Whether `initiator` may initiate this kind of combat now, whatever its target, ignoring whose activation
/// it is.
pub fn may_initiate(initiator: &Stand, kind: Kind) -> Result<(), GameError> {
    let rule = kind.rule();
    if initiator.unit.flags.contains(&FOUGHT) {
        return Err(refuse(format!("{} has initiated its combat this turn: once a turn", initiator.name()), COMBAT));
    }
    if initiator.unit.flags.contains(&TOWED) || initiator.towed_by.is_some() {
        return Err(refuse(
            format!("{} is towed this turn: it takes no part in combat", initiator.name()),
            super::context::TRANSPORT,
        ));
    }
    if initiator.rear {
        return Err(refuse(
            format!(
                "{} is the rear stand of {}: only the front stand initiates combat",
                initiator.name(),
                initiator.at()
            ),
            COMBAT,
        ));
    }
    if initiator.must_dismount && !initiator.dismounted {
        return Err(refuse(
            format!(
                "{} must dismount to fight: mounted, it neither fires nor initiates close combat",
                initiator.name()
            ),
            rule,
        ));
    }
    if kind == Kind::Fire {
        if initiator.class == StandClass::Cavalry && initiator.kind.grade == Some(Grade::Regular) {
            return Err(refuse(format!("{} is mounted Regular Cavalry: it may not fire", initiator.name()), rule));
        }
        if initiator.weapon.is_none() {
            return Err(refuse(format!("{} has no weapon to fire", initiator.name()), rule));
        }
    }
    Ok(())
}

/// Whether `initiator` may engage `target` in this kind of combat now, ignoring whose activation it is.
pub fn may_engage<'a>(ctx: &Ctx<'a>, initiator: &Stand<'a>, target: &Stand<'a>, kind: Kind) -> Result<(), GameError> {
    let rule = kind.rule();
    if target.side() == initiator.side() {
        return Err(refuse(format!("{} is a friend", target.name()), COMBAT));
    }
    may_initiate(initiator, kind)?;
    if target.towed_by.is_some() {
        return Err(refuse(
            format!("{} is limbered: fight the Transport stand that tows it", target.name()),
            super::context::TRANSPORT,
        ));
    }
    // Measured from the initiator's front square to the nearest square of the target.
    let aim = target.nearest_to(initiator.square);
    let distance = chebyshev(initiator.square, aim);
    if kind == Kind::Close
        && target.unit.flags.contains(&IN_SQUARE)
        && super::board::aspect(target.square, target.facing, initiator.square) != super::board::Aspect::Front
    {
        return Err(refuse(
            format!(
                "{} is part of a formed tactical square: it cannot be attacked in the flank or rear unless the square is broken (clear its marker) or it faces inward",
                target.name()
            ),
            rule,
        ));
    }
    match kind {
        Kind::Close if distance != 1 => {
            return Err(refuse(
                format!(
                    "{} is {} away: close combat is with a stand in an adjacent square",
                    target.name(),
                    crate::rules::plural(distance as usize, "square", "squares")
                ),
                rule,
            ));
        }
        Kind::Close => {}
        Kind::Fire => {
            if distance <= 1 {
                return Err(refuse(
                    format!("{} is in an adjacent square: combat there is close combat", target.name()),
                    rule,
                ));
            }
            let weapon = initiator.weapon.expect("a stand without a weapon does not fire");
            if distance > weapon.range {
                return Err(refuse(
                    format!("{} is {distance} squares away; {} reach {}", target.name(), weapon.name, weapon.range),
                    rule,
                ));
            }
            if !in_front_arc(initiator.square, initiator.facing, aim) {
                return Err(refuse(
                    format!("{} is outside {} 90-degree front arc", target.name(), crate::rules::possessive(initiator.name())),
                    rule,
                ));
            }
            line_of_sight(&ctx.board(), initiator.square, aim).map_err(|blocker| {
                refuse(format!("no clear line of sight: {} blocks it", notation::name(blocker)), rule)
            })?;
        }
    }
    met_first(ctx, initiator, target)
}

/// Of two stands sharing a square the attacker meets one first: from the pair's front arc or its flanks the
/// front stand, from its rear arc the rear one (docs, Two stands in a square); refused for the other, unless
/// the table reads the text as leaving either open (`either_stand_of_a_pair_may_be_engaged`).
fn met_first(ctx: &Ctx, initiator: &Stand, target: &Stand) -> Result<(), GameError> {
    if ctx.option("either_stand_of_a_pair_may_be_engaged") {
        return Ok(());
    }
    let Some(partner) = ctx.stands().into_iter().find(|o| {
        o.side() == target.side() && o.id() != target.id() && o.towed_by.is_none() && o.square == target.square
    }) else {
        return Ok(());
    };
    let from_behind = super::board::aspect(target.square, target.facing, initiator.square) == Aspect::Rear;
    match (target.rear, from_behind) {
        (true, false) => Err(refuse(
            format!(
                "{} is the rear stand of {}: from its front or flank, {} is engaged first",
                target.name(),
                target.at(),
                partner.name()
            ),
            COMBAT,
        )),
        (false, true) => Err(refuse(
            format!(
                "{} is the front stand of {}: from its rear, {} is engaged first",
                target.name(),
                target.at(),
                partner.name()
            ),
            COMBAT,
        )),
        _ => Ok(()),
    }
}

/// The combat `unit` would fight against `target` now, with the table's judgement applied.
pub fn prepare<'a>(
    ctx: &Ctx<'a>,
    unit: &str,
    target: &str,
    kind: Kind,
    judgement: &Judgement,
) -> Result<Prepared<'a>, GameError> {
    let initiator = active(ctx, unit)?;
    let target = ctx.stand(target)?;
    may_engage(ctx, &initiator, &target, kind)?;
    let lines = lines(ctx, &initiator, &target, kind, judgement)?;
    Ok(Prepared { initiator, target, lines })
}

pub fn lines(
    ctx: &Ctx,
    initiator: &Stand,
    target: &Stand,
    kind: Kind,
    judgement: &Judgement,
) -> Result<[Vec<Addition>; 2], GameError> {
    // A gun being towed is one piece with its Transport: no stand of its own in any line.
    let stands: Vec<Stand> = ctx.stands().into_iter().filter(|s| s.towed_by.is_none()).collect();
    let moved_first = |s: &Stand| s.unit.flags.contains(&MOVED);
    let mut combatants: Vec<_> = stands.iter().map(|s| s.combatant(moved_first(s))).collect();
    let find = |id: &str| stands.iter().position(|s| s.id() == id).expect("both stands are on the field");
    if target.must_dismount && !target.dismounted && ctx.option("must_dismount_defends_on_foot") {
        // Caught mounted, it is engaged as what it fights as on foot.
        let on_foot = ctx.unit_fields(target.id()).dismounts_as.as_ref().map(|k| k.get_ref().as_str());
        if let Some((kind, stand)) = on_foot.and_then(|k| ctx.charts.stand(k).map(|s| (k, s))) {
            let engaged = &mut combatants[find(target.id())];
            engaged.fights_as = kind;
            engaged.class = stand.class;
        }
    }
    let board = ctx.board();
    let same_type_by_class = ctx.option("same_type_by_class");
    let field = Field { board: &board, stands: &combatants, tables: ctx.charts, same_type_by_class };
    let (a, b) = (&combatants[find(initiator.id())], &combatants[find(target.id())]);
    let mut lines = match kind {
        Kind::Fire => additions::fire(&field, a, b),
        Kind::Close => additions::close_combat(&field, a, b),
    };
    if takes_no_part(target) {
        lines[1].clear();
    }
    // "initiator: <line>" or "target: <line>" strikes one side's line; a bare name strikes it on both.
    for name in judgement.strike {
        let (sides, line): (&[usize], &str) = match name.split_once(": ") {
            Some(("initiator", line)) => (&[0], line),
            Some(("target", line)) => (&[1], line),
            _ => (&[0, 1], name.as_str()),
        };
        let before: usize = lines.iter().map(Vec::len).sum();
        for &side in sides {
            lines[side].retain(|(why, _)| why != line);
        }
        if lines.iter().map(Vec::len).sum::<usize>() == before {
            let listed: Vec<String> = ["initiator", "target"]
                .iter()
                .zip(&lines)
                .flat_map(|(who, side)| side.iter().map(move |(why, _)| format!("{who}: {why}")))
                .collect();
            return Err(GameError::BadInput(format!(
                "no addition {name:?} in this combat; it has: {}",
                listed.join(", ")
            )));
        }
    }
    if let Some([mine, theirs]) = judgement.extra {
        for (side, value) in [(0, mine), (1, theirs)] {
            if value != 0 {
                lines[side].push(("the table's judgement".to_string(), value));
            }
        }
    }
    Ok(lines)
}

pub fn fight(
    ctx: &Ctx,
    unit: &str,
    target: &str,
    kind: Kind,
    dice: Option<&[i64]>,
    judgement: &Judgement,
    rng: &mut GameRng,
) -> Result<Outcome, GameError> {
    let prepared = prepare(ctx, unit, target, kind, judgement)?;
    let (initiator, target) = (&prepared.initiator, &prepared.target);
    let sides = prepared.sides(ctx);
    let mut feed = DiceFeed::new(dice, rng);
    let a = feed.roll(sides[0].dice.as_ref().expect("the initiator throws"), initiator.name())?;
    let b = sides[1].dice.as_ref().map(|dice| feed.roll(dice, target.name())).transpose()?;
    feed.finish()?;
    let (score_a, score_b) = (a.roll.total + sides[0].added, b.as_ref().map_or(0, |b| b.roll.total) + sides[1].added);
    let mut effects = vec![Effect::Flag { unit: initiator.id().to_string(), flag: FOUGHT, on: true }];
    let shown = |lines: &[Addition], throw: Option<i64>, score: i64| {
        let parts: Vec<String> = lines.iter().map(|(why, v)| format!(" {v:+} {why}")).collect();
        match throw {
            Some(throw) => format!("{throw}{} = {score}", parts.concat()),
            None => format!("nothing (towed this turn: it takes no part){} = {score}", parts.concat()),
        }
    };
    let mut summary = format!(
        "{} ({}) {} {} ({}): {} against {}",
        initiator.name(),
        initiator.at(),
        match kind {
            Kind::Fire => "fires at",
            Kind::Close => "engages",
        },
        target.name(),
        target.at(),
        shown(&prepared.lines[0], Some(a.roll.total), score_a),
        shown(&prepared.lines[1], b.as_ref().map(|b| b.roll.total), score_b),
    );
    let mut gone = Vec::new();
    let result = combat::result(score_a, score_b);
    match (result, kind) {
        (CombatResult::InitiatorHeld, Kind::Fire) => summary.push_str(": ineffective"),
        (CombatResult::InitiatorHeld, Kind::Close) => {
            let (words, effect) = fall_back(ctx, initiator);
            summary.push_str(&format!(": {} {words}", initiator.name()));
            gone.extend(effect.iter().filter(|e| matches!(e, Effect::Losses { .. })).map(|_| initiator.id()));
            effects.extend(effect);
        }
        (CombatResult::TargetRecoils, _) => {
            let (words, effect) = fall_back(ctx, target);
            summary.push_str(&format!(": {} {words}", target.name()));
            gone.extend(effect.iter().filter(|e| matches!(e, Effect::Losses { .. })).map(|_| target.id()));
            effects.extend(effect);
        }
        (CombatResult::TargetDestroyed, _) => {
            summary.push_str(&format!(": {} is destroyed (its score at most half)", target.name()));
            effects.extend(destroy(ctx, target));
            gone.push(target.id());
        }
    }
    aftermath(ctx, &gone, &mut effects, &mut summary);
    Ok(Outcome::Resolved { summary, rolls: [Some(a), b].into_iter().flatten().collect(), effects })
}

/// Losses the table records by hand (`record_losses`): a stand is one piece, so any loss destroys it as a
/// combat would, its value in the tally, its army told when it must withdraw, and the battle ended when its
/// side has no stand left.
pub fn by_hand(ctx: &Ctx, unit: &str, count: u32) -> Result<Option<Outcome>, GameError> {
    if count == 0 {
        // The engine refuses a record of no losses in its own words.
        return Ok(None);
    }
    super::sequence::not_over(ctx)?;
    let stand = ctx.stand(unit)?;
    let mut summary = format!("{} is destroyed (recorded by hand)", stand.name());
    let mut effects = destroy(ctx, &stand);
    aftermath(ctx, &[stand.id()], &mut effects, &mut summary);
    Ok(Some(Outcome::Resolved { summary, rolls: vec![], effects }))
}

/// What losing the `gone` stands brings, told after the entry's own words: the end of the battle when a side
/// has no stand left, else an army's news that it must now withdraw.
fn aftermath(ctx: &Ctx, gone: &[&str], effects: &mut Vec<Effect>, summary: &mut String) {
    match withdrawn_entirely(ctx, gone, &[]) {
        Some((ended, words)) => {
            effects.push(ended);
            summary.push_str(&words);
        }
        None => summary.push_str(&withdrawal_news(ctx, gone)),
    }
}

/// The stand's piece taken off; a gun it was towing is left where it stands, limbered to nothing, and a gun
/// lost while towed (recorded by hand: a towed gun is not fought) leaves its Transport towing nothing.
fn destroy(ctx: &Ctx, stand: &Stand) -> Vec<Effect> {
    let mut effects =
        vec![Effect::Losses { unit: stand.id().to_string(), figures: stand.unit.alive().map(|f| f.id).collect() }];
    let transport = if ctx.turn.towing.contains_key(stand.id()) { Some(stand.id()) } else { stand.towed_by };
    if let Some(transport) = transport {
        effects.push(Change::Unlimbered { transport: transport.to_string() }.effect());
    }
    effects
}

/// The stand recoils along the path the board finds, or is destroyed saying why.
pub fn fall_back(ctx: &Ctx, stand: &Stand) -> (String, Vec<Effect>) {
    match recoil_path(ctx, stand) {
        Recoil::Back(path) => {
            let end = *path.last().expect("a recoil moves at least one square");
            let partner = ctx
                .stands()
                .into_iter()
                .find(|o| o.covers.contains(&end) && o.id() != stand.id() && o.towed_by != Some(stand.id()));
            let route: Vec<String> = path.iter().map(|&s| notation::name(s)).collect();
            let mut words = format!("recoils {} -> {}", stand.at(), route.join(" -> "));
            // Behind a friend it faces the friend's way: a recoil frees its facing, and two stands of a
            // square face the same way.
            let facing = partner.as_ref().map_or(stand.facing, |p| p.facing);
            let mut effects = join(stand.id(), end, facing, partner.as_ref(), false);
            // "...until it is activated again ... or it is forced to recoil": a recoil frees its facing.
            effects.push(Effect::Flag { unit: stand.id().to_string(), flag: RECOILED, on: true });
            // A Transport takes the gun it tows back with it.
            if let Some(gun) = ctx.turn.towing.get(stand.id()) {
                effects.extend(place(gun, end, facing, true));
            }
            if let Some(p) = partner.as_ref().filter(|p| p.facing != stand.facing) {
                words.push_str(&format!(", behind {} and facing its way", p.name()));
                effects.push(Effect::Face { unit: stand.id().to_string(), facing: facing.degrees() });
            }
            (words, effects)
        }
        Recoil::Destroyed(blocked) => {
            use super::board::Blocked;
            let why = match blocked {
                Blocked::SharingASquare => "it shares its square with a friend".to_string(),
                Blocked::TooFar { needs, squares } if needs == squares => {
                    format!("it would need {needs} squares and moves {}", stand.squares)
                }
                Blocked::TooFar { needs, squares } => format!(
                    "it would need {needs} of its move ({} and {}), and it moves {}",
                    crate::rules::plural(squares as usize, "square", "squares"),
                    crate::rules::plural((needs - squares) as usize, "contour", "contours"),
                    stand.squares
                ),
                Blocked::NoWayBack => {
                    "no square clear of the enemy can be reached behind it (an obstacle, an enemy, ground it may not enter or the table's edge is in the way)".to_string()
                }
            };
            (format!("must recoil and is destroyed: {why}"), destroy(ctx, stand))
        }
    }
}

pub fn recoil_path(ctx: &Ctx, stand: &Stand) -> Recoil {
    let (friends, enemies) = around(ctx, stand);
    let recoiler = Recoiler {
        at: stand.square,
        squares: stand.squares,
        infantry: stand.infantry(),
        blocked_by_any_obstacle: ctx.option("recoil_blocked_by_any_obstacle"),
        toward_baseline: ctx.toward_baseline(stand.side()),
        depth_mm: needs(ctx, stand, stand.square, stand.facing)[0].1,
        friends: &friends,
        enemies: &enemies,
    };
    recoil(&ctx.board(), &recoiler)
}

/// "X have lost 18 of 36: at least half their value; they must withdraw", when this combat brings a side to it.
fn withdrawal_news(ctx: &Ctx, gone: &[&str]) -> String {
    let before = ctx.withdrawing();
    let mut news = String::new();
    for (side, (start, lost)) in ctx.losses() {
        let extra: f64 =
            gone.iter().filter_map(|id| ctx.state.unit(id)).filter(|u| u.side == side).map(|u| ctx.worth(u)).sum();
        if extra > 0.0
            && !before.contains(&side)
            && super::victory::must_withdraw(&ctx.charts.victory, start, lost + extra)
        {
            news.push_str(&format!(
                ". {} have lost {} of {}{}: at least half their value; they must withdraw",
                ctx.side(side).name,
                lost + extra,
                start,
                ctx.with_entrenchments(side)
            ));
        }
    }
    news
}

/// The exact chance of each result, with both sides' lines.
pub fn odds(ctx: &Ctx, unit: &str, target: &str, kind: Kind, judgement: &Judgement) -> Result<OddsView, GameError> {
    let prepared = prepare(ctx, unit, target, kind, judgement)?;
    Ok(odds_view(ctx, &prepared, kind))
}

pub fn odds_view(ctx: &Ctx, prepared: &Prepared, kind: Kind) -> OddsView {
    let sides = prepared.sides(ctx);
    let chances = combat::odds(&sides[0], &sides[1]);
    let margin: Dist = sides[0].score().add(&sides[1].score().negated());
    let mut view = OddsView::new(
        format!("{}: {} against {}, score margin", kind.words(), prepared.initiator.name(), prepared.target.name()),
        &margin,
    )
    .with_dice(
        [(&sides[0], &prepared.initiator), (&sides[1], &prepared.target)]
            .into_iter()
            .filter(|(side, _)| side.dice.is_some())
            .map(|(side, stand)| format!("{side} for {}", stand.name())),
    );
    let [held, recoils, destroyed] = result_words(ctx, prepared, kind);
    view.add_line(held, chances.initiator_held);
    view.add_line(recoils, chances.target_recoils);
    view.add_line(destroyed, chances.target_destroyed);
    let [initiator_lost, target_lost] = losses(ctx, prepared, kind, &chances);
    if target_lost > chances.target_destroyed {
        view.add_line(format!("{} is lost in all", prepared.target.name()), target_lost);
    }
    if initiator_lost > 0.0 {
        view.add_line(format!("{} is lost", prepared.initiator.name()), initiator_lost);
    }
    view
}

/// Each result in words, a recoil that would destroy the stand said so.
pub fn result_words(ctx: &Ctx, prepared: &Prepared, kind: Kind) -> [String; 3] {
    let fate = |stand: &Stand| match recoil_path(ctx, stand) {
        Recoil::Back(_) => format!("{} recoils", stand.name()),
        Recoil::Destroyed(_) => {
            let (words, _) = fall_back(ctx, stand);
            format!("{} {words}", stand.name())
        }
    };
    let held = match kind {
        Kind::Fire => "ineffective".to_string(),
        Kind::Close => fate(&prepared.initiator),
    };
    [held, fate(&prepared.target), format!("{} is destroyed", prepared.target.name())]
}

/// The chance each stand is lost, a recoil that cannot be made counted as a loss: initiator, target.
pub fn losses(ctx: &Ctx, prepared: &Prepared, kind: Kind, chances: &combat::Odds) -> [f64; 2] {
    let doomed = |stand: &Stand| matches!(recoil_path(ctx, stand), Recoil::Destroyed(_));
    let target = chances.target_destroyed + if doomed(&prepared.target) { chances.target_recoils } else { 0.0 };
    let initiator = if kind == Kind::Close && doomed(&prepared.initiator) { chances.initiator_held } else { 0.0 };
    [initiator, target]
}
