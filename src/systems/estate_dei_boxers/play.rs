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
use super::siege::{
    Command, DayCard, FireOrder, GunUse, Io, LossesOnce, Move, OwedBy, Phase, Rules, Siege, Stage, Waits,
};
use super::strategy::{Adviser, FastRng, Strategy};
use super::tables::Tables;
use super::turn::{Change, diff};
use crate::cards::Card;
use crate::dice::{DiceError, DiceExpr, DiceFeed, FeedError, GameRng, NamedRoll};
use crate::game::{Effect, GameError, Outcome, Refusal};
use crate::rules::{Ctx, RuleSystem};

pub const DAY_TABLE: &str = "L'Estate dei Boxers, 5.1 (the day table)";
pub const FIRE: &str = "L'Estate dei Boxers, 6.3 (soldiers fire)";
pub const MOVEMENT: &str = "L'Estate dei Boxers, 6.5 (soldier movement)";
pub const SETUP: &str = "L'Estate dei Boxers, 8 (set-up)";
pub const SOLDIER_MELEE: &str = "L'Estate dei Boxers, 6.6 (soldier melee)";
pub const LOSSES: &str = "L'Estate dei Boxers, 6.4 (losses: the player chooses)";
pub const WOUNDED: &str = "L'Estate dei Boxers, 5.1.6 (wounded return)";
pub const BETSY: &str = "L'Estate dei Boxers, 3.4 (Betsy, the International Gun)";

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
        Rules { map: &self.map, roster: &self.roster, tables, options: super::siege::Options::read(options) }
    }
}

pub type Ctx_<'a> = Ctx<'a, EstateDeiBoxers>;

pub fn compiled(ctx: &Ctx_) -> Compiled {
    Compiled::of(&ctx.setup.scenario)
}

/// The app's dice and log: typed faces first, in order, then the game's RNG; every roll kept with its label.
/// Following an entry again, its recorded faces are the typed ones, its cup draws are given back, and each
/// throw's count is kept. Checking typed dice (`game dice`), each roll is noted as it is asked for, and the
/// procedure stops reading dice at the first the faces do not cover.
struct AppIo<'r> {
    typed: Vec<i64>,
    used: usize,
    dice: Dice<'r>,
    rolls: Vec<NamedRoll>,
    lines: Vec<String>,
    follow: Option<&'r mut Follow>,
    /// A typed face the die lacks: the action is refused, naming it.
    bad_face: Option<DiceError>,
    /// Checking: the faces ran out, so the roll asked for last is the next to type.
    short: bool,
}

/// Where the dice come from: typed faces then the RNG, or, checking, the typed faces alone, each roll noted.
enum Dice<'r> {
    Rolled(&'r mut GameRng),
    Checked(DiceFeed<'r>),
}

/// Whether the game's RNG notes the rolls typed dice are asked for: the dice check (`Game::check_dice`).
fn asking(rng: &mut GameRng) -> bool {
    matches!(DiceFeed::new(Some(&[]), rng), DiceFeed::Typed { asked: Some(_), .. })
}

impl Io for AppIo<'_> {
    const TELLS: bool = true;
    fn d6(&mut self, label: impl FnOnce() -> String) -> u8 {
        // Once a face is wrong or missing, nothing after it is read: the faces that follow would be
        // another roll's.
        if self.bad_face.is_some() || self.short {
            return 1;
        }
        let expr = DiceExpr::parse("D6").expect("D6 parses");
        let label = label();
        let roll = match &mut self.dice {
            Dice::Checked(feed) => match feed.roll(&expr, &label) {
                Ok(named) => {
                    self.used += 1;
                    named.roll
                }
                Err(FeedError::Dice(e)) => {
                    self.bad_face = Some(e);
                    return 1;
                }
                Err(_) => {
                    self.short = true;
                    return 1;
                }
            },
            Dice::Rolled(rng) => match self.typed.get(self.used) {
                Some(&face) => match expr.typed(&[face]) {
                    Ok(roll) => {
                        self.used += 1;
                        roll
                    }
                    Err(e) => {
                        self.bad_face = Some(e);
                        return 1;
                    }
                },
                None => expr.roll(rng),
            },
        };
        let face = roll.total as u8;
        self.rolls.push(NamedRoll { label, roll });
        face
    }
    fn pick(&mut self, n: usize) -> usize {
        match &mut self.dice {
            Dice::Rolled(rng) => rng.side(n),
            // Which counters come out of the cup names no roll to type.
            Dice::Checked(_) => 0,
        }
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
    // Dice given are checked roll by roll; none given, the app rolls them all and there is nothing to type.
    let dice = if dice.is_some() && follow.is_none() && asking(rng) {
        Dice::Checked(DiceFeed::new(Some(&typed), rng))
    } else {
        Dice::Rolled(rng)
    };
    let c = compiled(ctx);
    let tables = ctx.charts;
    let rules = c.rules(tables, &|name| ctx.option(name));
    let before = ctx.turn.siege();
    let mut after = before.clone();
    let mut io =
        AppIo { typed, used: 0, dice, rolls: Vec::new(), lines: Vec::new(), follow, bad_face: None, short: false };
    f(&rules, &mut after, &mut io)?;
    if let Some(e) = io.bad_face {
        return Err(e.into());
    }
    if io.short {
        return Err(GameError::BadInput("more dice to type".into()));
    }
    if let (None, Some(end)) = (before.end, after.end) {
        io.lines.push(super::verdict::ended(ctx, &super::siege::score(&rules, &after), end));
    }
    if io.used == 0 && !io.typed.is_empty() {
        let given = crate::rules::dice_were(io.typed.len());
        return Err(GameError::BadInput(format!("{given} typed in, but no die is thrown now")));
    }
    if io.used < io.typed.len() {
        return Err(FeedError::TooMany { given: io.typed.len(), used: io.used }.into());
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

pub fn counter(rules: &Rules, id: &str) -> Result<usize, GameError> {
    rules.roster.find(id).ok_or_else(|| GameError::BadInput(format!("no counter \"{id}\" in the siege")))
}

/// Zones named for a player: "Hanlin Academy, North Bridge".
fn names_of(rules: &Rules, zones: super::map::Zones) -> String {
    each(zones).map(|z| rules.map.name(z)).collect::<Vec<_>>().join(", ")
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
                // named is the one drawn, and one named without its colour is not guessed.
                Card::Joker(_) => {
                    let joker = typed_joker(text).ok_or_else(|| {
                        refuse(
                            format!(
                                "which joker is \"{text}\"? Type \"red joker\" or \"black joker\" (JK1 or JK2): the red brings 18 wounded back, the black an attack"
                            ),
                            DAY_TABLE,
                        )
                    })?;
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

/// The joker a player typed: "red joker", "JK1" or "joker 1" the red; "black joker", "JK2" or "joker 2"
/// the black; a joker without its colour or number, none.
fn typed_joker(text: &str) -> Option<Card> {
    let t = text.to_ascii_lowercase();
    let number = t.trim_end().chars().last();
    if t.contains("black") || number == Some('2') {
        Some(Card::Joker(2))
    } else if t.contains("red") || number == Some('1') {
        Some(Card::Joker(1))
    } else {
        None
    }
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

/// Answers the decisions standing when `advance` is asked with Sandtable's suggestion, the choices of the
/// guard-the-roads strategy as the simulator plays them, then waits: a decision the advance brings
/// about itself (the losses a melee it runs now owes) is the player's, following phase by phase or not.
struct Suggest {
    adviser: Adviser,
    stage: Stage,
    /// Losses were owed when the advance was asked: Sandtable's rule takes them, once.
    losses_owed: bool,
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
    fn redeploy(&mut self, rules: &Rules, siege: &Siege) -> Option<Vec<(usize, u8)>> {
        if self.here(siege) { self.adviser.redeploy(rules, siege) } else { None }
    }
    fn fire(&mut self, rules: &Rules, siege: &Siege, census: &super::siege::Census, from: u8) -> Option<FireOrder> {
        if self.here(siege) { self.adviser.fire(rules, siege, census, from) } else { None }
    }
    fn moves(&mut self, rules: &Rules, siege: &Siege) -> Option<Vec<Move>> {
        if self.here(siege) { self.adviser.moves(rules, siege) } else { None }
    }
    fn losses(&mut self, _: &Rules, _: &Siege) -> Option<Vec<usize>> {
        std::mem::take(&mut self.losses_owed).then(Vec::new)
    }
}

/// Records the first fire order Sandtable's suggestion gives, and waits after it.
struct FirstFire {
    suggest: Suggest,
    order: Option<(u8, FireOrder)>,
}

impl Command for FirstFire {
    fn fire(&mut self, rules: &Rules, siege: &Siege, census: &super::siege::Census, from: u8) -> Option<FireOrder> {
        if self.order.is_some() {
            return None;
        }
        let order = self.suggest.fire(rules, siege, census, from)?;
        self.order = Some((from, order.clone()));
        Some(order)
    }
}

/// The zone whose fire an `advance` gives first and the order it gives it, for its odds: only the first,
/// since the later zones' orders follow from how the first fell, and pricing every zone's every die
/// through the plan grows as six to the power of the dice.
pub fn suggested_fire(rules: &Rules, siege: &Siege) -> Option<(u8, FireOrder)> {
    if siege.stage != (Stage::Combat { phase: Phase::SoldierFire }) || siege.today.owed.is_some() {
        return None;
    }
    let mut first = FirstFire { suggest: suggestion(siege), order: None };
    siege.clone().run(rules, &mut super::exact::Script::ones(), &mut first, true);
    first.order
}

/// Sandtable's suggestion for the stage the siege stands at, as `advance` takes it.
fn suggestion(siege: &Siege) -> Suggest {
    Suggest {
        adviser: Adviser { strategy: Strategy::GuardTheRoads, rng: FastRng::new(siege.tracks.day as u64) },
        stage: siege.stage,
        losses_owed: siege.today.owed.is_some(),
    }
}

/// The player's moves stand: ending a free repositioning or the soldiers' movement moves no one more.
struct MovesDone(Stage);

impl Command for MovesDone {
    fn redeploy(&mut self, _: &Rules, siege: &Siege) -> Option<Vec<(usize, u8)>> {
        (siege.stage == self.0).then(Vec::new)
    }
    fn moves(&mut self, _: &Rules, siege: &Siege) -> Option<Vec<Move>> {
        (siege.stage == self.0).then(Vec::new)
    }
}

/// The decision an `advance` at `stage` leaves to the strategy, in a player's words.
pub fn suggested(stage: Stage) -> Option<&'static str> {
    match stage {
        Stage::Wounded { points } if points > 0 => Some("who comes back from the wounded pool"),
        Stage::Betsy => Some("Betsy's zone"),
        Stage::Redeploy => Some("the repositioning"),
        Stage::Combat { phase: Phase::SoldierFire } => Some("the fire still owed"),
        Stage::Combat { phase: Phase::SoldierMove } => Some("the soldiers' moves"),
        _ => None,
    }
}

/// The words for losses left to Sandtable's rule (6.4).
fn left_to_the_rule(rules: &Rules, zone: u8, by: &str) -> String {
    format!(
        "{by} the losses in {} to Sandtable's rule: a 2-point counter is flipped before a whole one is lost, the lowest-numbered first",
        rules.map.name(zone)
    )
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
        if let Some(owed) = siege.today.owed {
            io.say(left_to_the_rule(rules, owed.zone, "Advancing, the player leaves"));
        } else if let Some(what) = suggested(siege.stage)
            && (siege.stage != Stage::Betsy || super::siege::betsy_zones(siege, rules) != 0)
        {
            io.say(format!("Advancing, the player takes Sandtable's suggestion for {what} (the guard-the-roads strategy)"));
        }
        let mut suggest = suggestion(siege);
        siege.run(rules, io, &mut suggest, true);
        if !stepping {
            siege.run(rules, io, &mut Waits, false);
        }
        Ok(())
    })
}

pub fn follow(ctx: &Ctx_, on: bool) -> Result<Outcome, GameError> {
    if ctx.turn.stepping == on {
        let already = if on { "Already following the Boxers phase by phase" } else { "Already letting each day's combat run" };
        return Ok(Outcome::Resolved { summary: format!("{already}: nothing changes"), rolls: Vec::new(), effects: Vec::new() });
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
    let guns_here: Vec<usize> = super::siege::working_guns_in(siege, rules, from).collect();
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
                let kind = rules.roster.pieces[g].kind;
                let reaches = super::siege::gun_reaches(rules, from, kind, gun_targets);
                let named =
                    each_named.iter().find(|(id, _)| **id == rules.roster.pieces[g].id).map(|(_, z)| z.as_str());
                // A gun with no pile in its own reach holds while the others fire (3).
                if named.is_none() && reaches == 0 {
                    continue;
                }
                let t = match named.or(tep) {
                    Some(t) => zone(rules, t)?,
                    None => target.ok_or_else(|| {
                        GameError::BadInput("name the psychological test's target (tep_target)".into())
                    })?,
                };
                if gun_targets & bit(t) == 0
                    && let Some(why) = no_target(rules, &census, from, t)
                {
                    return Err(refuse(why, FIRE));
                }
                if reaches & bit(t) == 0 {
                    let others = if named.is_none() && reaches != 0 {
                        format!("; give it a target of its own (tep_targets) among {}", names_of(rules, reaches))
                    } else {
                        String::new()
                    };
                    return Err(refuse(
                        format!(
                            "the {} of {} cannot fire at {}: a {} reaches up to {} zones away (3){others}",
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
            if list.is_empty() {
                return Err(refuse(format!("no gun of {} has a pile in reach to test (3)", rules.map.name(from)), FIRE));
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
    if target.is_none() && soldier_targets != 0 {
        return Err(refuse(
            format!(
                "the soldiers must fire too (6.3 \"tutte le unità di soldati\"): name their target (target) beside the guns' test, among {}",
                names_of(rules, soldier_targets)
            ),
            FIRE,
        ));
    }
    if let Some(t) = target {
        let allowed = if soldier_targets != 0 { soldier_targets } else { gun_targets & close };
        let allowed = if use_guns == GunUse::Join { allowed | (gun_targets & close) } else { allowed };
        if allowed & bit(t) == 0 {
            let why = no_target(rules, &census, from, t).unwrap_or_else(|| {
                format!(
                    "{} cannot fire at {}: soldiers fire into their own zone or next door, guns further (3, 6.3)",
                    rules.map.name(from),
                    rules.map.name(t)
                )
            });
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

/// Why `target` is no target for anyone in `from`, when the reason is the zone itself: no Boxers there,
/// or friendly units beside them (6.3, FAQ).
fn no_target(rules: &Rules, census: &super::siege::Census, from: u8, target: u8) -> Option<String> {
    let name = rules.map.name(target);
    if census.with_chinese & bit(target) == 0 {
        Some(format!("there are no Boxers in {name} to fire at"))
    } else if census.friendly() & bit(target) != 0 && target != from {
        Some(format!("no fire into {name}: friendly units are there (6.3, FAQ)"))
    } else {
        None
    }
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

/// The moves are done, the player's own standing: the soldiers' movement phase ends, or a free repositioning.
pub fn end_moves(ctx: &Ctx_, dice: Option<&[i64]>, throws: Throws) -> Result<Outcome, GameError> {
    let stage = ctx.turn.siege().stage;
    if !matches!(stage, Stage::Redeploy | Stage::Combat { phase: Phase::SoldierMove }) {
        return Err(refuse("it is not the soldiers' movement phase, nor a free repositioning", MOVEMENT));
    }
    let stepping = ctx.turn.stepping;
    resolve(ctx, dice, throws, Vec::new(), |rules, siege, io| {
        siege.run(rules, io, &mut MovesDone(stage), true);
        if !stepping {
            siege.run(rules, io, &mut Waits, false);
        }
        Ok(())
    })
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
                return Err(refuse(format!("the four barricades stand in four zones (1.6, 8): {name} is named twice"), SETUP));
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
        io.say(format!("Barricades in {}", names_of(rules, set)));
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
            return Err(refuse("Betsy goes into action after the third red picture card (3.4)", BETSY));
        }
        let z = zone(rules, at)?;
        if super::siege::betsy_zones(siege, rules) & bit(z) == 0 {
            return Err(refuse(
                format!(
                    "Betsy goes to an intact German or French legation zone, or, when both are lost, a legation with soldiers (3.4): not {}",
                    rules.map.name(z)
                ),
                BETSY,
            ));
        }
        siege.place_betsy(rules, io, z);
        if !stepping {
            siege.run(rules, io, &mut Waits, false);
        }
        Ok(())
    })
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
            io.say(left_to_the_rule(rules, owed.zone, "The player leaves"));
        } else {
            super::siege::check_losses(siege, rules, &order).map_err(|why| refuse(why, rule))?;
            io.say(format!("The player chooses who takes the losses in {}", rules.map.name(owed.zone)));
        }
        siege.run(rules, io, &mut LossesOnce(Some(order)), stepping);
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
        Stage::Redeploy => "reposition the defenders, then end the moves".into(),
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
