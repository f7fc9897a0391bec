//! The app's side of the siege: each action runs the procedure on a copy of the siege with the player's
//! dice (typed first, then rolled) and records what changed. The Boxers' side runs by itself; it stops at
//! each of the player's decisions, or after each phase when the player follows phase by phase.

use std::collections::BTreeMap;

use super::EstateDeiBoxers;
use super::actions::{EstateAction, WoundedReturn};
use super::luck::Follow;
use super::map::{Map, bit, each};
use super::roster::{Cup, Roster};
use super::siege::throws::Throw;
use super::siege::{Command, DayCard, FireOrder, GunUse, Io, Move, OwedBy, Phase, Rules, Siege, Stage, Waits};
use super::strategy::{Adviser, FastRng, Strategy};
use super::tables::Tables;
use super::turn::{Change, diff};
use crate::cards::Card;
use crate::dice::{DiceExpr, GameRng, NamedRoll};
use crate::game::{Effect, GameError, Outcome, Refusal};
use crate::rules::{Ctx, RuleSystem};

pub const DAY_TABLE: &str = "L'Estate dei Boxers, 5.1 (the day table)";
pub const SEQUENCE: &str = "L'Estate dei Boxers, 6 (the combat sequence)";
pub const FIRE: &str = "L'Estate dei Boxers, 6.3 (soldiers fire)";
pub const MOVEMENT: &str = "L'Estate dei Boxers, 6.5 (soldier movement)";
pub const SETUP: &str = "L'Estate dei Boxers, 8 (set-up)";
pub const SOLDIER_MELEE: &str = "L'Estate dei Boxers, 6.6 (soldier melee)";
pub const LOSSES: &str = "L'Estate dei Boxers, 6.4 (losses: the player chooses)";
pub const WOUNDED: &str = "L'Estate dei Boxers, 5.1.6 (wounded return)";

/// The scenario's map and counters, compiled for play.
pub struct Compiled {
    pub map: Map,
    pub roster: Roster,
}

impl Compiled {
    pub fn of(fields: &super::fields::ScenarioFields) -> Compiled {
        let map = Map::compile(&fields.map).expect("the scenario's map was checked when it loaded");
        let roster = Roster::read(&fields.siege, &map).expect("the scenario's counters were checked when it loaded");
        Compiled { map, roster }
    }

    pub fn rules<'a>(&'a self, tables: &'a Tables, options: &dyn Fn(&str) -> bool) -> Rules<'a> {
        Rules {
            map: &self.map,
            roster: &self.roster,
            tables,
            wounded_twelve: options("wounded_twelve"),
            stone_walls: options("stone_walls_do_not_burn"),
        }
    }
}

pub type Ctx_<'a> = Ctx<'a, EstateDeiBoxers>;

pub fn compiled(ctx: &Ctx_) -> Compiled {
    Compiled::of(&ctx.setup.scenario)
}

/// The app's dice and log: typed faces first, in order, then the game's RNG; every roll kept with its label.
/// Following an entry again, its recorded faces are the typed ones, its cup draws are given back, and each
/// throw's count is kept.
struct AppIo<'r> {
    typed: Vec<i64>,
    used: usize,
    rng: &'r mut GameRng,
    rolls: Vec<NamedRoll>,
    lines: Vec<String>,
    follow: Option<&'r mut Follow>,
}

impl Io for AppIo<'_> {
    const TELLS: bool = true;
    fn d6(&mut self, label: impl FnOnce() -> String) -> u8 {
        let expr = DiceExpr::parse("D6").expect("D6 parses");
        let roll = if let Some(&face) = self.typed.get(self.used) {
            self.used += 1;
            expr.typed(&[face]).expect("typed faces were checked to be 1-6")
        } else {
            expr.roll(self.rng)
        };
        let face = roll.total as u8;
        self.rolls.push(NamedRoll { label: label(), roll });
        face
    }
    fn pick(&mut self, n: usize) -> usize {
        self.rng.side(n)
    }
    fn say(&mut self, line: String) {
        self.lines.push(line);
    }
    fn counted(&mut self, throw: Throw, count: impl Fn(u8) -> i64) {
        if let Some(follow) = self.follow.as_deref_mut() {
            follow.count(throw, count);
        }
    }
    /// An attack always draws from a cup that has counters, so an empty draw recorded is one not recorded
    /// (an entry stored before the draws were kept): it is drawn at random, and the entry then does not
    /// come out the same.
    fn redraw(&mut self, mine: bool) -> Option<Cup> {
        self.follow.as_deref().map(|f| f.draws[usize::from(mine)]).filter(|&set| set != 0)
    }
}

/// Runs `f` on a copy of the siege and records what it changed, the dice it rolled and what it told.
fn resolve(
    ctx: &Ctx_,
    dice: Option<&[i64]>,
    throws: Throws,
    extra: Vec<Change>,
    f: impl FnOnce(&Rules, &mut Siege, &mut AppIo) -> Result<(), GameError>,
) -> Result<Outcome, GameError> {
    let Throws { rng, follow } = throws;
    let typed = match follow.as_deref() {
        Some(follow) => follow.faces.clone(),
        None => dice.unwrap_or(&[]).to_vec(),
    };
    if let Some(bad) = typed.iter().find(|f| !(1..=6).contains(*f)) {
        return Err(GameError::BadInput(format!("{bad} is not a face of a D6 (1-6)")));
    }
    let c = compiled(ctx);
    let tables = ctx.charts;
    let rules = c.rules(tables, &|name| ctx.option(name));
    let before = ctx.turn.siege();
    let mut after = before.clone();
    let mut io = AppIo { typed, used: 0, rng, rolls: Vec::new(), lines: Vec::new(), follow };
    f(&rules, &mut after, &mut io)?;
    if io.used < io.typed.len() {
        return Err(Refusal::by_rule(
            format!("{} dice were typed in, but only {} were needed", io.typed.len(), io.used),
            SEQUENCE,
        )
        .into());
    }
    let mut effects = Vec::new();
    if after.tracks.day > before.tracks.day && before.tracks.day > 0 {
        effects.push(Effect::TurnBegins { turn: ctx.state.turn.saturating_add(1) });
    }
    for change in extra.into_iter().chain(diff(before, &after)) {
        effects.push(EstateDeiBoxers::effect(change));
    }
    let summary = if io.lines.is_empty() { "Nothing happens".to_string() } else { io.lines.join("\n") };
    Ok(Outcome::Resolved { summary, rolls: io.rolls, effects })
}

/// Where an action's dice come from: the game's RNG after any typed faces, and, when an entry is followed
/// again for the luck ledger, what it recorded.
pub struct Throws<'r> {
    pub rng: &'r mut GameRng,
    pub follow: Option<&'r mut Follow>,
}

impl<'r> Throws<'r> {
    pub fn live(rng: &'r mut GameRng) -> Throws<'r> {
        Throws { rng, follow: None }
    }
}

fn zone(rules: &Rules, id: &str) -> Result<u8, GameError> {
    rules.map.zone(id).ok_or_else(|| GameError::BadInput(format!("no zone \"{id}\" on the map")))
}

fn counter(rules: &Rules, id: &str) -> Result<usize, GameError> {
    rules.roster.find(id).ok_or_else(|| GameError::BadInput(format!("no counter \"{id}\" in the siege")))
}

fn refuse(why: impl Into<String>, rule: &str) -> GameError {
    Refusal::by_rule(why, rule).into()
}

/// The day's card, from the app's deck or typed from a real one.
pub fn draw(ctx: &Ctx_, typed: Option<&str>, rng: &mut GameRng) -> Result<Outcome, GameError> {
    let siege = ctx.turn.siege();
    match siege.stage {
        Stage::Draw | Stage::Setup => {}
        Stage::Over => return Err(refuse("the siege is over", DAY_TABLE)),
        stage => return Err(refuse(format!("the day is not over: {}", stage_words(stage)), DAY_TABLE)),
    }
    let mut deck = ctx.turn.deck.clone();
    let order = if !ctx.turn.dealt {
        deck.reshuffle(rng.inner());
        Some(deck.draw_pile().to_vec())
    } else {
        None
    };
    let card = match typed {
        Some(text) => {
            let named_joker = text.to_ascii_lowercase().contains("joker");
            let card = if named_joker {
                Card::Joker(1)
            } else {
                text.parse::<Card>().map_err(|e| GameError::BadInput(e.to_string()))?
            };
            match card {
                // The jokers differ here (red gives 18 wounded back, black brings an attack): the one
                // named is the one drawn.
                Card::Joker(_) => {
                    let joker = typed_joker(text);
                    if !deck.draw_pile().contains(&joker) {
                        let colour = if joker == Card::Joker(1) { "red" } else { "black" };
                        return Err(refuse(format!("the {colour} joker has already been drawn"), DAY_TABLE));
                    }
                    deck.remove_for_draw(joker);
                    joker
                }
                _ => deck.draw_typed(card).map_err(|e| refuse(e.to_string(), DAY_TABLE))?,
            }
        }
        None => {
            if deck.remaining() == 0 {
                return Err(refuse("the deck is spent: the siege is over", DAY_TABLE));
            }
            deck.draw(rng.inner())
        }
    };
    play_card(ctx, Change::Drawn { card, typed: typed.is_some(), order }, Throws::live(rng))
}

/// The day the card drawn brings, run until the player has a decision to make.
pub fn play_card(ctx: &Ctx_, drawn: Change, throws: Throws) -> Result<Outcome, GameError> {
    let Change::Drawn { card, typed, .. } = drawn else {
        return Err(GameError::BadInput("a day begins with the card drawn".into()));
    };
    let day_card = day_card(card);
    let stepping = ctx.turn.stepping;
    resolve(ctx, None, throws, vec![drawn], |rules, siege, io| {
        if siege.stage == Stage::Setup {
            siege.begin();
        }
        let name = match card {
            Card::Joker(1) => "the red joker".to_string(),
            Card::Joker(_) => "the black joker".to_string(),
            other => other.to_string(),
        };
        io.say(format!("Card {}: {name}{}", siege.tracks.day + 1, if typed { " (typed)" } else { "" }));
        siege.draw(io, day_card);
        siege.run(rules, io, &mut Waits, stepping);
        Ok(())
    })
}

/// The joker a player typed: "black joker", "JK2" or "joker 2" is the black one; any other the red.
fn typed_joker(text: &str) -> Card {
    let t = text.to_ascii_lowercase();
    if t.contains("black") || t.trim_end().ends_with('2') { Card::Joker(2) } else { Card::Joker(1) }
}

/// The deck's card as the day table reads it: the first joker red, the second black.
pub fn day_card(card: Card) -> DayCard {
    use crate::cards::Rank;
    match card {
        Card::Joker(n) => DayCard::Joker { red: n == 1 },
        Card::Standard { rank, suit } => {
            let red = suit.is_red();
            match rank {
                Rank::Ace => DayCard::Ace { red },
                Rank::Jack | Rank::Queen | Rank::King => DayCard::Picture { red },
                other => DayCard::Pip { red, value: card_value(other) },
            }
        }
    }
}

fn card_value(rank: crate::cards::Rank) -> u8 {
    use crate::cards::Rank::*;
    match rank {
        Two => 2,
        Three => 3,
        Four => 4,
        Five => 5,
        Six => 6,
        Seven => 7,
        Eight => 8,
        Nine => 9,
        _ => 10,
    }
}

/// Answers the decisions of the stage the procedure stands at with Sandtable's suggestion, then waits.
struct Suggest {
    adviser: Adviser,
    stage: Stage,
}

impl Suggest {
    fn here(&self, siege: &Siege) -> bool {
        siege.stage == self.stage
    }
}

impl Command for Suggest {
    fn wounded(&mut self, rules: &Rules, siege: &Siege, points: u8) -> Option<Vec<(usize, u8, u8)>> {
        // Only once the return is rolled: advancing from an unrolled return rolls it and waits.
        if self.here(siege) { self.adviser.wounded(rules, siege, points) } else { None }
    }
    fn betsy(&mut self, rules: &Rules, siege: &Siege) -> Option<u8> {
        if self.here(siege) { self.adviser.betsy(rules, siege) } else { None }
    }
    fn redeploy(&mut self, _: &Rules, siege: &Siege) -> Option<Vec<(usize, u8)>> {
        // Ending a repositioning keeps the counters where the player left them.
        if self.here(siege) { Some(Vec::new()) } else { None }
    }
    fn fire(&mut self, rules: &Rules, siege: &Siege, census: &super::siege::Census, from: u8) -> Option<FireOrder> {
        if self.here(siege) { self.adviser.fire(rules, siege, census, from) } else { None }
    }
    fn moves(&mut self, _: &Rules, siege: &Siege) -> Option<Vec<Move>> {
        // Ending the movement phase keeps the moves the player made.
        if self.here(siege) { Some(Vec::new()) } else { None }
    }
    fn losses(&mut self, _: &Rules, siege: &Siege) -> Option<Vec<usize>> {
        // Losses owed before the advance: Sandtable's rule assigns them.
        if self.here(siege) { Some(Vec::new()) } else { None }
    }
}

pub fn advance(ctx: &Ctx_, dice: Option<&[i64]>, throws: Throws) -> Result<Outcome, GameError> {
    let siege = ctx.turn.siege();
    match siege.stage {
        Stage::Draw => return Err(refuse("draw the day's card", DAY_TABLE)),
        Stage::Over => return Err(refuse("the siege is over", DAY_TABLE)),
        _ => {}
    }
    let stepping = ctx.turn.stepping;
    resolve(ctx, dice, throws, Vec::new(), |rules, siege, io| {
        if siege.stage == Stage::Setup {
            siege.begin();
            io.say("The set-up is done: the siege begins. Draw the first card.".into());
            return Ok(());
        }
        let mut suggest = Suggest {
            adviser: Adviser { strategy: Strategy::GuardTheRoads, rng: FastRng::new(siege.tracks.day as u64) },
            stage: siege.stage,
        };
        siege.run(rules, io, &mut suggest, true);
        if !stepping {
            siege.run(rules, io, &mut Waits, false);
        }
        Ok(())
    })
}

pub fn follow(ctx: &Ctx_, on: bool) -> Result<Outcome, GameError> {
    if ctx.turn.stepping == on {
        return Err(GameError::BadInput(
            if on { "already following phase by phase" } else { "already letting the combat run" }.into(),
        ));
    }
    let summary = if on { "Following the Boxers phase by phase" } else { "Letting each day's combat run to its end" };
    Ok(Outcome::Resolved {
        summary: summary.into(),
        rolls: Vec::new(),
        effects: vec![EstateDeiBoxers::effect(Change::Stepping { on })],
    })
}

/// Reads a fire order, refusing one the rules do not allow (6.3, 3.1).
pub fn fire_order(
    rules: &Rules,
    siege: &Siege,
    from: &str,
    target: Option<&str>,
    guns: Option<&str>,
    tep: Option<&str>,
    tep_each: Option<&BTreeMap<String, String>>,
) -> Result<(u8, FireOrder), GameError> {
    if siege.stage != (Stage::Combat { phase: Phase::SoldierFire }) {
        return Err(refuse("the soldiers fire in phase 3 of a combat sequence", FIRE));
    }
    let from = zone(rules, from)?;
    let census = siege.census(rules);
    let owed = super::siege::firing_zones(siege, rules, &census) & !siege.marks.fired;
    if owed & bit(from) == 0 {
        return Err(refuse(format!("{} has no fire owed now", rules.map.name(from)), FIRE));
    }
    let (soldier_targets, gun_targets) = super::siege::fire_targets(siege, rules, &census, from);
    let target = target.map(|t| zone(rules, t)).transpose()?;
    let guns_here: Vec<usize> = (0..rules.roster.defenders)
        .filter(|&p| {
            siege.pieces[p].zone() == Some(from) && rules.roster.pieces[p].kind.is_gun() && siege.pieces[p].points > 1
        })
        .collect();
    let close = bit(from) | rules.map.near[from as usize];
    let use_guns = match guns.unwrap_or(if guns_here.is_empty() { "hold" } else { "join" }) {
        "hold" => GunUse::Hold,
        "join" => {
            if guns_here.is_empty() {
                return Err(refuse(format!("there is no gun in {}", rules.map.name(from)), FIRE));
            }
            GunUse::Join
        }
        "tep" => {
            if guns_here.is_empty() {
                return Err(refuse(format!("there is no gun in {}", rules.map.name(from)), FIRE));
            }
            let each_named = tep_each.map(|m| m.iter().collect::<Vec<_>>()).unwrap_or_default();
            for (gun, _) in &each_named {
                let g = counter(rules, gun)?;
                if !guns_here.contains(&g) {
                    return Err(refuse(
                        format!("{} is not a working gun in {}", rules.roster.pieces[g].name, rules.map.name(from)),
                        FIRE,
                    ));
                }
            }
            let mut list = Vec::new();
            for &g in &guns_here {
                let named =
                    each_named.iter().find(|(id, _)| **id == rules.roster.pieces[g].id).map(|(_, z)| z.as_str());
                let t = match named.or(tep) {
                    Some(t) => zone(rules, t)?,
                    None => target.ok_or_else(|| {
                        GameError::BadInput("name the psychological test's target (tep_target)".into())
                    })?,
                };
                let kind = rules.roster.pieces[g].kind;
                let off_the_wall = rules.map.walls & bit(from) != 0 && rules.map.walls & bit(t) == 0;
                let within = close & bit(t) != 0 || rules.map.distance[from as usize][t as usize] <= kind.reach();
                if gun_targets & bit(t) == 0 || !(within || off_the_wall) {
                    return Err(refuse(
                        format!(
                            "the {} of {} cannot fire at {} (a {} reaches {} zones, 3)",
                            kind.noun(),
                            rules.map.name(from),
                            rules.map.name(t),
                            kind.noun(),
                            kind.reach()
                        ),
                        FIRE,
                    ));
                }
                list.push((g, t));
            }
            GunUse::Tep(list)
        }
        other => return Err(GameError::BadInput(format!("guns \"{other}\": join, tep or hold"))),
    };
    if use_guns == GunUse::Hold && !guns_here.is_empty() && gun_targets != 0 {
        return Err(refuse(
            "the guns must fire too (6.3): join the soldiers' fire (join) or make a psychological test (tep)",
            FIRE,
        ));
    }
    if let Some(t) = target {
        let allowed = if soldier_targets != 0 { soldier_targets } else { gun_targets & close };
        let allowed = if use_guns == GunUse::Join { allowed | (gun_targets & close) } else { allowed };
        if allowed & bit(t) == 0 {
            let why = if census.friendly() & bit(t) != 0 && t != from {
                format!("no fire into {}: friendly units are there (6.3, FAQ)", rules.map.name(t))
            } else {
                format!(
                    "{} cannot fire at {} (own zone or next door; guns further, 3)",
                    rules.map.name(from),
                    rules.map.name(t)
                )
            };
            return Err(refuse(why, FIRE));
        }
        if use_guns == GunUse::Join && close & bit(t) == 0 {
            return Err(refuse("guns join the soldiers' fire only into their own zone or next door (3.1)", FIRE));
        }
    } else if !matches!(use_guns, GunUse::Tep(_)) {
        return Err(GameError::BadInput("name the zone to fire at (target)".into()));
    }
    Ok((from, FireOrder { target, guns: use_guns }))
}

pub fn fire(ctx: &Ctx_, action: &EstateAction, throws: Throws) -> Result<Outcome, GameError> {
    let EstateAction::Fire { from, target, guns, tep_target, tep_targets, dice } = action else { unreachable!() };
    let stepping = ctx.turn.stepping;
    resolve(ctx, dice.as_deref(), throws, Vec::new(), |rules, siege, io| {
        let (from, order) = fire_order(
            rules,
            siege,
            from,
            target.as_deref(),
            guns.as_deref(),
            tep_target.as_deref(),
            tep_targets.as_ref(),
        )?;
        siege.fire(rules, io, from, &order);
        siege.run(rules, io, &mut Waits, stepping);
        Ok(())
    })
}

pub fn move_counters(ctx: &Ctx_, counters: &[String], path: &[String], throws: Throws) -> Result<Outcome, GameError> {
    resolve(ctx, None, throws, Vec::new(), |rules, siege, io| {
        if siege.stage != (Stage::Combat { phase: Phase::SoldierMove }) {
            return Err(refuse(
                "soldiers move in phase 5 of a combat sequence; between attacks, reposition them",
                MOVEMENT,
            ));
        }
        let pieces = counters.iter().map(|c| counter(rules, c)).collect::<Result<Vec<_>, _>>()?;
        let path = path.iter().map(|z| zone(rules, z)).collect::<Result<Vec<_>, _>>()?;
        let mv = Move { pieces, path };
        let cost = super::siege::move_check(siege, rules, &mv).map_err(|why| refuse(why, MOVEMENT))?;
        siege.step_move(rules, io, &mv, cost);
        Ok(())
    })
}

pub fn end_moves(ctx: &Ctx_, dice: Option<&[i64]>, throws: Throws) -> Result<Outcome, GameError> {
    if ctx.turn.siege().stage != (Stage::Combat { phase: Phase::SoldierMove }) {
        return Err(refuse("it is not the soldiers' movement phase", MOVEMENT));
    }
    advance(ctx, dice, throws)
}

fn free_stage(siege: &Siege) -> Result<(), GameError> {
    match siege.stage {
        Stage::Setup | Stage::Redeploy => Ok(()),
        _ => Err(refuse(
            "the defenders reposition freely at set-up and on a day without attack, or after a bombardment (5.1.2, 5.1.3)",
            DAY_TABLE,
        )),
    }
}

pub fn reposition(ctx: &Ctx_, which: &str, to: &str, throws: Throws) -> Result<Outcome, GameError> {
    resolve(ctx, None, throws, Vec::new(), |rules, siege, io| {
        free_stage(siege)?;
        let (p, z) = (counter(rules, which)?, zone(rules, to)?);
        if siege.pieces[p].zone() == Some(z) {
            return Err(GameError::BadInput(format!(
                "{} is already in {}",
                rules.roster.pieces[p].name,
                rules.map.name(z)
            )));
        }
        super::siege::free_move_check(siege, rules, p, z).map_err(|why| refuse(why, SETUP))?;
        siege.place(rules, io, p, z);
        Ok(())
    })
}

pub fn barricades(ctx: &Ctx_, zones: &[String], throws: Throws) -> Result<Outcome, GameError> {
    resolve(ctx, None, throws, Vec::new(), |rules, siege, io| {
        if siege.stage != Stage::Setup {
            return Err(refuse("barricades are placed at set-up and stay to the end (1.6)", SETUP));
        }
        if zones.len() != 4 {
            return Err(refuse(format!("the defenders have four barricades; {} zones given", zones.len()), SETUP));
        }
        let census = siege.census(rules);
        let mut set = 0;
        for id in zones {
            let z = zone(rules, id)?;
            let name = rules.map.name(z);
            if set & bit(z) != 0 {
                return Err(GameError::BadInput(format!("{name} is named twice")));
            }
            if rules.map.legations & bit(z) != 0 {
                return Err(refuse(format!("no barricade in a legation (1.6): {name}"), SETUP));
            }
            if rules.map.forbidden & bit(z) != 0 {
                return Err(refuse(format!("no barricade in or beside a Boxer entry zone (FAQ, 8): {name}"), SETUP));
            }
            if rules.map.walls & bit(z) != 0 && census.with_soldiers & bit(z) == 0 {
                return Err(refuse(
                    format!("a barricade on the wall needs soldiers there at set-up (2.3): {name}"),
                    SETUP,
                ));
            }
            set |= bit(z);
        }
        siege.marks.barricades = set;
        let names: Vec<&str> = each(set).map(|z| rules.map.name(z)).collect();
        io.say(format!("Barricades in {}", names.join(", ")));
        Ok(())
    })
}

pub fn return_wounded(ctx: &Ctx_, returns: &[WoundedReturn], throws: Throws) -> Result<Outcome, GameError> {
    let stepping = ctx.turn.stepping;
    resolve(ctx, None, throws, Vec::new(), |rules, siege, io| {
        let Stage::Wounded { points } = siege.stage else {
            return Err(refuse("the wounded come back on a red card (5.1.6)", WOUNDED));
        };
        if points == 0 {
            return Err(refuse("advance first to roll the return (1D6+6; type the die to roll your own)", WOUNDED));
        }
        let list = returns
            .iter()
            .map(|r| Ok((counter(rules, &r.counter)?, r.points, zone(rules, &r.zone)?)))
            .collect::<Result<Vec<_>, GameError>>()?;
        super::siege::check_wounded(siege, rules, points, &list).map_err(|why| refuse(why, WOUNDED))?;
        siege.bring_back(rules, io, &list);
        siege.stage = super::siege::day_next(siege, rules, Stage::Wounded { points });
        // Following phase by phase, the next step waits for its own advance (and its typed dice).
        if !stepping {
            siege.run(rules, io, &mut Waits, false);
        }
        Ok(())
    })
}

pub fn merge(ctx: &Ctx_, keep: &str, other: &str, throws: Throws) -> Result<Outcome, GameError> {
    resolve(ctx, None, throws, Vec::new(), |rules, siege, io| {
        if !matches!(siege.stage, Stage::Setup | Stage::Redeploy | Stage::Wounded { .. }) {
            return Err(refuse(
                "counters merge when the defenders reorganise: at set-up, between attacks, with the wounded's return (5.1.6)",
                WOUNDED,
            ));
        }
        let (a, b) = (counter(rules, keep)?, counter(rules, other)?);
        super::siege::check_merge(siege, rules, a, b).map_err(|why| refuse(why, WOUNDED))?;
        siege.merge(rules, io, a, b);
        Ok(())
    })
}

pub fn place_betsy(ctx: &Ctx_, at: &str, throws: Throws) -> Result<Outcome, GameError> {
    let stepping = ctx.turn.stepping;
    resolve(ctx, None, throws, Vec::new(), |rules, siege, io| {
        if siege.stage != Stage::Betsy {
            return Err(refuse("Betsy goes into action after the third red picture card (3.4)", DAY_TABLE));
        }
        let z = zone(rules, at)?;
        if super::siege::betsy_zones(siege, rules) & bit(z) == 0 {
            return Err(refuse(
                format!(
                    "Betsy goes to an intact German or French legation zone, or, when both are lost, a legation with soldiers (3.4): not {}",
                    rules.map.name(z)
                ),
                DAY_TABLE,
            ));
        }
        siege.place_betsy(rules, io, z);
        if !stepping {
            siege.run(rules, io, &mut Waits, false);
        }
        Ok(())
    })
}

/// The player's answer to the losses owed, given once; every later decision waits for the player.
struct Losses(Option<Vec<usize>>);

impl Command for Losses {
    fn wounded(&mut self, _: &Rules, _: &Siege, _: u8) -> Option<Vec<(usize, u8, u8)>> {
        None
    }
    fn betsy(&mut self, _: &Rules, _: &Siege) -> Option<u8> {
        None
    }
    fn redeploy(&mut self, _: &Rules, _: &Siege) -> Option<Vec<(usize, u8)>> {
        None
    }
    fn fire(&mut self, _: &Rules, _: &Siege, _: &super::siege::Census, _: u8) -> Option<FireOrder> {
        None
    }
    fn moves(&mut self, _: &Rules, _: &Siege) -> Option<Vec<Move>> {
        None
    }
    fn losses(&mut self, _: &Rules, _: &Siege) -> Option<Vec<usize>> {
        self.0.take()
    }
}

pub fn take_losses(
    ctx: &Ctx_,
    counters: &[String],
    dice: Option<&[i64]>,
    throws: Throws,
) -> Result<Outcome, GameError> {
    let stepping = ctx.turn.stepping;
    resolve(ctx, dice, throws, Vec::new(), |rules, siege, io| {
        let Some(owed) = siege.today.owed else {
            return Err(refuse("no losses are owed now", LOSSES));
        };
        let rule = match owed.by {
            OwedBy::Fire => FIRE,
            OwedBy::BoxerMelee => LOSSES,
            OwedBy::SoldierMelee => SOLDIER_MELEE,
        };
        let order = counters.iter().map(|c| counter(rules, c)).collect::<Result<Vec<_>, _>>()?;
        if order.is_empty() {
            io.say("The player leaves the losses to Sandtable's rule".into());
        } else {
            super::siege::check_losses(siege, rules, &order).map_err(|why| refuse(why, rule))?;
            io.say(format!("The player chooses who takes the losses in {}", rules.map.name(owed.zone)));
        }
        siege.run(rules, io, &mut Losses(Some(order)), stepping);
        Ok(())
    })
}

/// What the stage waits for, in a player's words.
pub fn stage_words(stage: Stage) -> String {
    match stage {
        Stage::Setup => "place the barricades and the soldiers, then begin".into(),
        Stage::Draw => "draw the day's card".into(),
        Stage::Supply => "supply".into(),
        Stage::Wounded { points } => format!("choose who comes back from the wounded pool ({points} points)"),
        Stage::Betsy => "place Betsy in a German or French legation zone".into(),
        Stage::Event => "the event test".into(),
        Stage::Bombard => "the bombardment".into(),
        Stage::Redeploy => "reposition the defenders, then go on".into(),
        Stage::Attack => "the Boxers attack".into(),
        Stage::Combat { phase: Phase::SoldierFire } => "3 Soldiers fire: give each zone's fire".into(),
        Stage::Combat { phase: Phase::SoldierMove } => "5 Soldier movement: move, then end the moves".into(),
        Stage::Combat { phase } => phase.title().into(),
        Stage::EndDay => "the day's end".into(),
        Stage::Over => "the siege is over".into(),
    }
}

pub fn dispatch(ctx: &Ctx_, action: &EstateAction, throws: Throws) -> Result<Outcome, GameError> {
    use EstateAction as A;
    match action {
        A::Advance { dice } => advance(ctx, dice.as_deref(), throws),
        A::Follow { phase_by_phase } => follow(ctx, *phase_by_phase),
        A::Fire { .. } => fire(ctx, action, throws),
        A::MoveCounters { counters, path } => move_counters(ctx, counters, path, throws),
        A::EndMoves { dice } => end_moves(ctx, dice.as_deref(), throws),
        A::Reposition { counter, zone } => reposition(ctx, counter, zone, throws),
        A::Barricades { zones } => barricades(ctx, zones, throws),
        A::ReturnWounded { returns } => return_wounded(ctx, returns, throws),
        A::Merge { keep, other } => merge(ctx, keep, other, throws),
        A::PlaceBetsy { zone } => place_betsy(ctx, zone, throws),
        A::TakeLosses { counters, dice } => take_losses(ctx, counters, dice.as_deref(), throws),
    }
}
