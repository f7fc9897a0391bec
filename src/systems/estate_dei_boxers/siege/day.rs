//! The day (4, 5): the card's steps in the order the day table gives them, the tests before the combat
//! (6: wounded, events, bombardment), the attack, and the day's end (morale, the relief on the last card).

use super::super::map::{Zones, bit, each};
use super::super::roster::{Cup, Kind};
use super::super::tables::{Shelling, column, row};
use super::throws::{CIVILIAN_POINTS, Throw, WOUNDED_BACK, Whose, ZONES_SHELLED};
use super::{At, Command, DayCard, End, Io, Phase, Rules, Siege, Stage, Today, losses, moves};
use crate::rules::measure_words::KILLS;
use crate::rules::plural;

/// The deck's cards: the last one brings the relief column (1.2).
pub const DAYS: u8 = 54;
/// Counters an attack draws from the cup (5.1.4), and the mine's attack (event 6).
const ATTACKERS: usize = 20;
const MINE_ATTACKERS: usize = 16;
/// Entry zone of the mine's attack (event 6).
const MINE_ENTRY: usize = 3;
pub const SUPPLY_EXHAUSTED: u8 = 35;

/// The card's first line is told at the day's supply, where the options (`wounded_twelve`) are at hand.
pub fn draw(siege: &mut Siege, _io: &mut impl Io, card: DayCard) {
    siege.tracks.day += 1;
    siege.today = Today { card: Some(card), ..Today::default() };
    if matches!(card, DayCard::Picture { red: true }) {
        siege.tracks.red_pictures += 1;
    }
    siege.stage = Stage::Supply;
}

/// What the day's card brings (the day table, 5.1), as the day bar and the day's first line say it.
pub fn brings(rules: &Rules, card: DayCard) -> Vec<&'static str> {
    let mut out = vec!["1 day less of supply"];
    if card.red() {
        out.push("no Boxer activity");
        if card.high() {
            out.push("event test");
        }
        out.push(match wounded_points(rules, card) {
            0 => "wounded return (1D6+6)",
            18 => "wounded return (18)",
            _ => "wounded return (12)",
        });
        out.push("morale +1 if no combat");
    } else {
        if card.high() {
            out.push("event test");
        }
        out.push("bombardment");
        out.push(if card.high() { "combat: 20 Boxer counters" } else { "no Boxer activity" });
    }
    out
}

/// The day table's steps in order (5.1, 6: the wounded, the events and the bombardment before the combat).
const DAY_ORDER: [Stage; 8] = [
    Stage::Supply,
    Stage::Wounded { points: 0 },
    Stage::Betsy,
    Stage::Event,
    Stage::Bombard,
    Stage::Redeploy,
    Stage::Attack,
    Stage::EndDay,
];

/// A black card's day once heavy rain has made it red: the red card's wounded return and Betsy after the
/// event test.
const RAINED_ON: [Stage; 8] = [
    Stage::Supply,
    Stage::Event,
    Stage::Wounded { points: 0 },
    Stage::Betsy,
    Stage::Bombard,
    Stage::Redeploy,
    Stage::Attack,
    Stage::EndDay,
];

/// The step after `from` today, skipping those the card or the events rule out.
pub fn next_after(siege: &Siege, rules: &Rules, from: Stage) -> Stage {
    // No card in play comes only from a log the procedures did not write: the day begins at its draw.
    let Some(card) = siege.today.card else { return Stage::Draw };
    let rain = siege.today.heavy_rain;
    // Heavy rain makes a black card red once the event test has come (5.3, event 4): the wounded's return
    // and Betsy, which a red card brings before the test, follow it.
    let made_red = rain && !card.red();
    let order = if made_red { RAINED_ON } else { DAY_ORDER };
    let position =
        |s: Stage| order.iter().position(|o| std::mem::discriminant(o) == std::mem::discriminant(&s)).unwrap_or(0);
    let attack = (!card.red() && card.high() && !rain) || siege.today.mine;
    for &step in &order[position(from) + 1..] {
        let due = match step {
            Stage::Wounded { .. } => siege.today.red() && pool(siege, rules) > 0,
            Stage::Betsy => {
                siege.tracks.red_pictures >= 3
                    && rules.roster.betsy().is_some_and(|b| siege.pieces[b].at == At::Waiting)
            }
            Stage::Event => card.high(),
            Stage::Bombard => !card.red() && !rain && !siege.today.light_rain,
            Stage::Attack => attack,
            // Free repositioning on a day without attack, or after a bombardment (5.1.2, 5.1.3).
            Stage::Redeploy => !attack || siege.today.quarter.is_some(),
            _ => true,
        };
        if due {
            return match step {
                Stage::Wounded { .. } => Stage::Wounded { points: wounded_points(rules, card) },
                s => s,
            };
        }
    }
    Stage::EndDay
}

fn wounded_points(rules: &Rules, card: DayCard) -> u8 {
    match card {
        DayCard::Joker { .. } => 18,
        DayCard::Pip { .. } if !rules.options.wounded_twelve => 0,
        _ => 12,
    }
}

/// Counters in the wounded pool.
pub fn pool(siege: &Siege, rules: &Rules) -> usize {
    (0..rules.roster.defenders).filter(|&p| siege.pieces[p].at == At::Wounded).count()
}

/// 5.1.1: one day of supply less, or -2 morale once the reserves are exhausted.
pub fn supply(siege: &mut Siege, rules: &Rules, io: &mut impl Io) {
    if let (true, Some(card)) = (io.tells(), siege.today.card) {
        io.say(format!("Day {}: {}", siege.tracks.day, brings(rules, card).join(", ")));
    }
    one_day_less(siege, io);
    siege.stage = next_after(siege, rules, Stage::Supply);
}

fn one_day_less(siege: &mut Siege, io: &mut impl Io) {
    if siege.tracks.supply >= SUPPLY_EXHAUSTED {
        siege.shift_morale(-2);
        tell!(io, "the food is exhausted: morale -2 (5.1.1): {}", siege.tracks.morale);
    } else {
        siege.tracks.supply += 1;
        tell!(
            io,
            "supply: box {}{}",
            siege.tracks.supply,
            if siege.tracks.supply == SUPPLY_EXHAUSTED { " (exhausted)" } else { "" }
        );
    }
}

/// 5.1.6: the wounded come back. A red 2-10 rolls 1D6+6 (12 with the FAQ's option); the roll is made
/// when the player is asked, so the stage carries the points.
pub fn wounded(siege: &mut Siege, rules: &Rules, io: &mut impl Io, command: &mut impl Command, points: u8) -> bool {
    let points = if points == 0 {
        let die = io.d6(|| "wounded return (1D6+6)".into());
        io.counted(Throw::one(Whose::Defenders, WOUNDED_BACK, die), |d| i64::from(d) + 6);
        let p = die + 6;
        io.table_says(i64::from(p), || format!("{p} points back"));
        tell!(io, "wounded return: {die} + 6 = {p} points");
        siege.stage = Stage::Wounded { points: p };
        p
    } else {
        points
    };
    let Some(returns) = command.wounded(rules, siege, points) else { return false };
    if check_wounded(siege, rules, points, &returns).is_ok() {
        bring_back(siege, rules, io, &returns);
    }
    siege.stage = next_after(siege, rules, Stage::Wounded { points });
    true
}

/// Refuses a return the rules do not allow: counters from the pool, each at 1 or 2 points, at most the
/// points rolled in all, into the Quarter where a defender may be placed.
pub fn check_wounded(siege: &Siege, rules: &Rules, points: u8, returns: &[(usize, u8, u8)]) -> Result<(), String> {
    let mut total = 0u32;
    for (i, &(p, value, zone)) in returns.iter().enumerate() {
        let info = rules.roster.pieces.get(p).ok_or("no such counter")?;
        if siege.pieces[p].at != At::Wounded || !info.kind.is_soldiers() {
            return Err(format!("{} is not in the wounded pool", info.name));
        }
        if returns[..i].iter().any(|r| r.0 == p) {
            return Err(format!("{} is named twice", info.name));
        }
        if value == 0 || value > info.full {
            return Err(format!("{} comes back with 1 or {} points", info.name, info.full));
        }
        if zone as usize >= rules.map.len()
            || rules.map.forbidden & bit(zone) != 0
            || siege.marks.fires & bit(zone) != 0
        {
            return Err(format!("{} may not be placed there (8)", info.name));
        }
        total += value as u32;
    }
    if total > points as u32 {
        return Err(format!("{} chosen; the return brings {points}", plural(total as usize, "point", "points")));
    }
    Ok(())
}

pub fn bring_back(siege: &mut Siege, rules: &Rules, io: &mut impl Io, returns: &[(usize, u8, u8)]) {
    for &(p, value, zone) in returns {
        siege.set(rules, p, super::Piece { points: value, at: At::Zone(zone), spent: 0 });
        tell!(
            io,
            "{} come back ({}) in {}",
            rules.roster.pieces[p].name,
            plural(value as usize, "point", "points"),
            rules.map.name(zone)
        );
    }
    if returns.is_empty() {
        tell!(io, "no one comes back from the wounded pool");
    }
}

pub fn check_merge(siege: &Siege, rules: &Rules, keep: usize, other: usize) -> Result<(), String> {
    let (a, b) = (
        rules.roster.pieces.get(keep).ok_or("no such counter")?,
        rules.roster.pieces.get(other).ok_or("no such counter")?,
    );
    if keep == other || !a.kind.is_soldiers() || !b.kind.is_soldiers() || a.nation != b.nation {
        return Err("two soldier counters of one nation merge (5.1.6)".into());
    }
    if siege.pieces[keep].points != 1 || siege.pieces[other].points != 1 {
        return Err("only two 1-point counters merge into one of 2 (5.1.6)".into());
    }
    if siege.pieces[keep].zone().is_none() || siege.pieces[keep].at != siege.pieces[other].at {
        return Err("the two counters merge where they stand together (5.1.6)".into());
    }
    Ok(())
}

pub fn merge(siege: &mut Siege, rules: &Rules, io: &mut impl Io, keep: usize, into_pool: usize) {
    siege.set_points(rules, keep, 2);
    siege.set(
        rules,
        into_pool,
        super::Piece { points: rules.roster.pieces[into_pool].full, at: At::Wounded, spent: 0 },
    );
    tell!(
        io,
        "{} and {} merge into one counter of 2 points; the other goes to the wounded pool",
        rules.roster.pieces[keep].name,
        rules.roster.pieces[into_pool].name
    );
}

/// Betsy's day with no zone to take her: she waits off the map for a day when one can (3.4).
pub const NO_ROOM_FOR_BETSY: &str =
    "Betsy is ready, but no legation can take her: the German and French are lost and no other intact legation zone holds soldiers (3.4)";

/// 3.4: where Betsy may go: a German or French legation zone still intact, else any legation with soldiers.
pub fn betsy_zones(siege: &Siege, rules: &Rules) -> Zones {
    use super::super::nation::Nation;
    let intact = !siege.marks.ruins & !siege.marks.fires;
    let first = (rules.map.legation_of(Nation::Germany) | rules.map.legation_of(Nation::France)) & intact;
    if first != 0 { first } else { rules.map.legations & intact & siege.census(rules).with_soldiers }
}

pub fn betsy(siege: &mut Siege, rules: &Rules, io: &mut impl Io, command: &mut impl Command) -> bool {
    let zones = betsy_zones(siege, rules);
    if zones == 0 {
        tell!(io, "{NO_ROOM_FOR_BETSY}");
        siege.stage = next_after(siege, rules, Stage::Betsy);
        return true;
    }
    let Some(zone) = command.betsy(rules, siege) else { return false };
    let zone = if zones & bit(zone) != 0 { zone } else { each(zones).next().expect("not empty") };
    place_betsy(siege, rules, io, zone);
    true
}

pub fn place_betsy(siege: &mut Siege, rules: &Rules, io: &mut impl Io, zone: u8) {
    if let Some(b) = rules.roster.betsy() {
        siege.set(rules, b, super::Piece { points: rules.roster.pieces[b].full, at: At::Zone(zone), spent: 0 });
        tell!(io, "Betsy, the International Gun, goes into action in {} (3.4)", rules.map.name(zone));
    }
    siege.stage = next_after(siege, rules, Stage::Betsy);
}

/// 5.2: 2D6 for the quarter, then each zone of it with soldiers, guns or civilians rolls on the table.
pub fn bombard(siege: &mut Siege, rules: &Rules, io: &mut impl Io) {
    let a = io.d6(|| "bombardment quarter (2D6), first die".into());
    let b = io.d6(|| "bombardment quarter (2D6), second die".into());
    let quarter_of = |total: u8| rules.tables.quarters[(total - 2) as usize];
    let census = siege.census(rules);
    let shelled = |total| (rules.map.quarters[quarter_of(total) as usize - 1] & census.holds()).count_ones();
    io.counted(Throw::two(Whose::Boxers, ZONES_SHELLED, a + b), |t| i64::from(shelled(t)));
    let quarter = quarter_of(a + b);
    io.table_says(i64::from(quarter), || format!("quarter {quarter}"));
    siege.today.quarter = Some(quarter);
    siege.today.fought = true;
    tell!(io, "Bombardment: {a} + {b} = {}: quarter {quarter}", a + b);
    let census = siege.census(rules);
    let targets = rules.map.quarters[quarter as usize - 1] & census.holds();
    if targets == 0 {
        tell!(io, "no defender stands in quarter {quarter}");
    }
    for zone in each(targets) {
        shell(siege, rules, io, zone, 0, true);
    }
    moves::empty_legations(siege, rules, io);
    siege.stage = next_after(siege, rules, Stage::Bombard);
}

/// One zone shelled: on the bombardment table, with its modifiers or (the mines, event 2) at a fixed column.
/// A legation it leaves empty is charged by the caller, after every zone is shelled and survivors moved.
pub fn shell(siege: &mut Siege, rules: &Rules, io: &mut impl Io, zone: u8, fixed_column: u32, modified: bool) {
    let census = siege.census(rules);
    let i = zone as usize;
    let points = census.soldiers[i] as u32 + census.guns[i] as u32 + census.civilians[i] as u32;
    let col = if fixed_column > 0 { fixed_column } else { points };
    let die = io.d6(|| format!("bombardment of {}", rules.map.name(zone)));
    let mut modifier = 0;
    if modified {
        if (rules.map.legations | siege.marks.barricades | siege.marks.ruins) & bit(zone) != 0 {
            modifier -= 1;
        }
        if siege.tracks.truce() {
            modifier -= 1;
        }
    }
    let cell = |d: u8| -> Shelling { rules.tables.bombardment[row(d as i32 + modifier, 7)][column(col)] };
    io.counted(Throw::one(Whose::Boxers, KILLS, die), |d| i64::from(cell(d).soldiers));
    if census.civilians[i] > 0 {
        io.counted(Throw::one(Whose::Boxers, CIVILIAN_POINTS, die), |d| if cell(d).civilians { 5 } else { 0 });
    }
    let r = row(die as i32 + modifier, 7);
    let result = cell(die);
    tell!(
        io,
        "{}: {}, die {die}{} -> row {r}: {}",
        rules.map.name(zone),
        plural(col as usize, "point", "points"),
        if modifier != 0 { format!(" {modifier:+}") } else { String::new() },
        shelling_words(result)
    );
    if result.soldiers > 0 {
        losses::defenders_lose(siege, rules, io, zone, result.soldiers);
    }
    if result.civilians {
        losses::civilians_lose_five(siege, rules, io, zone);
    }
    if result.food {
        tell!(io, "a food depot burns");
        one_day_less(siege, io);
    }
    losses::officers_risk(siege, rules, io, zone);
}

fn shelling_words(s: Shelling) -> String {
    let mut parts = Vec::new();
    if s.soldiers > 0 {
        parts.push(plural(s.soldiers as usize, "soldier point", "soldier points"));
    }
    if s.civilians {
        parts.push("5 civilian points".into());
    }
    if s.food {
        parts.push("a day of food".into());
    }
    if parts.is_empty() { "no effect".into() } else { parts.join(" + ") }
}

pub fn redeploy(siege: &mut Siege, rules: &Rules, io: &mut impl Io, command: &mut impl Command) -> bool {
    let Some(list) = command.redeploy(rules, siege) else { return false };
    for (piece, zone) in list {
        if moves::free_move_check(siege, rules, piece, zone).is_ok() {
            moves::place(siege, rules, io, piece, zone);
        }
    }
    tell!(io, "The defenders' repositioning ends");
    moves::empty_legations(siege, rules, io);
    siege.stage = next_after(siege, rules, Stage::Redeploy);
    true
}

/// 5.1.4: 20 counters from the cup (18 once the regulars have gone) enter at the zone of 1D6; event 6 adds
/// the cup's last counters at zone 3 (on a red card, 16 drawn for it alone).
pub fn attack(siege: &mut Siege, rules: &Rules, io: &mut impl Io) {
    let Some(card) = siege.today.card else {
        // Only a log the procedures did not write (an imported file's) comes to the attack with no card in
        // play: who attacks, and how many, is the card's to say, so the day begins at its draw.
        tell!(io, "No card is in play: the day begins with its draw");
        siege.stage = Stage::Draw;
        return;
    };
    siege.today.fought = true;
    siege.marks.split = 0;
    siege.marks.hit = 0;
    let main = !card.red() && card.high() && !siege.today.heavy_rain;
    if main {
        let die = io.d6(|| "entry zone (1D6)".into());
        io.table_says(i64::from(die), || rules.map.name(rules.map.entries[die as usize - 1]).to_string());
        siege.today.entry = Some(die);
        let drawn = draw_from_cup(siege, rules, io, ATTACKERS, false);
        siege.today.drawn = as_cup(rules, &drawn);
        let zone = rules.map.entries[die as usize - 1];
        for &p in &drawn {
            siege.put(rules, p, At::Zone(zone));
        }
        tell!(
            io,
            "The Boxers attack: {} enter at {} (die {die})",
            super::boxers::pile_words(siege, rules, as_cup(rules, &drawn)),
            rules.map.name(zone)
        );
    }
    if siege.today.mine {
        let n = if main { usize::MAX } else { MINE_ATTACKERS };
        let drawn = draw_from_cup(siege, rules, io, n, true);
        siege.today.mine_drawn = as_cup(rules, &drawn);
        let zone = rules.map.entries[MINE_ENTRY - 1];
        for &p in &drawn {
            siege.put(rules, p, At::Zone(zone));
        }
        if drawn.is_empty() {
            tell!(io, "The mine's attack: the cup is empty, so no counter enters at {}", rules.map.name(zone));
        } else {
            tell!(
                io,
                "The mine's attack: {} enter at {}",
                super::boxers::pile_words(siege, rules, as_cup(rules, &drawn)),
                rules.map.name(zone)
            );
        }
    }
    siege.stage = Stage::Combat { phase: Phase::Fires };
}

fn as_cup(rules: &Rules, pieces: &[usize]) -> Cup {
    pieces.iter().fold(0, |set, &p| set | 1 << (p - rules.roster.defenders))
}

/// Up to `n` counters drawn at random from the cup, or those the `io` already knows were drawn.
fn draw_from_cup(siege: &mut Siege, rules: &Rules, io: &mut impl Io, n: usize, mine: bool) -> Vec<usize> {
    if let Some(known) = io.redraw(mine) {
        return rules.roster.cup_pieces(known).collect();
    }
    let mut cup: Vec<usize> = rules.roster.chinese().filter(|&p| siege.pieces[p].at == At::Cup).collect();
    let take = n.min(cup.len());
    for i in 0..take {
        let j = i + io.pick(cup.len() - i);
        cup.swap(i, j);
    }
    cup.truncate(take);
    cup
}

/// No soldier and no civilian counter left on the map (7.1).
pub fn overrun(siege: &Siege, rules: &Rules) -> bool {
    let census = siege.census(rules);
    census.with_soldiers | census.with_civilians == 0
}

/// 7.1: the Quarter emptied ends the siege there and then, whatever step emptied it (an event, the
/// bombardment, a fire, a melee): the fighting stops, its fires are ruins, and no day's end follows. True
/// once the siege is over this way.
pub fn overrun_ends(siege: &mut Siege, rules: &Rules, io: &mut impl Io) -> bool {
    if siege.end == Some(End::Overrun) {
        return true;
    }
    if siege.end.is_some() || matches!(siege.stage, Stage::Setup | Stage::Draw | Stage::Over) || !overrun(siege, rules)
    {
        return false;
    }
    super::combat::fighting_ends(siege);
    siege.today.owed = None;
    siege.today.melees = None;
    siege.end = Some(End::Overrun);
    siege.stage = Stage::Over;
    tell!(io, "No soldier and no civilian is left: total victory for the Boxers (7.1)");
    true
}

/// The day's end (4): morale for a quiet red day (FAQ: only then), officers lost, the legations; the
/// civilians go back to their legations; the last card brings the relief.
pub fn end_day(siege: &mut Siege, rules: &Rules, io: &mut impl Io) {
    tell!(io, "The end of day {}", siege.tracks.day);
    // An empty legation costs its point when it is left (4: "ad effetto immediato"); one left empty since
    // yesterday and not yet charged today is charged first.
    moves::empty_legations(siege, rules, io);
    let quiet_red = siege.today.red() && !siege.today.fought;
    if quiet_red {
        siege.shift_morale(1);
        tell!(io, "a day without combat: morale +1: {}", siege.tracks.morale);
    }
    if siege.today.officers_lost > 0 {
        siege.shift_morale(-4 * siege.today.officers_lost as i32);
        tell!(
            io,
            "officers lost for good today: morale -{} (section 4): {}",
            4 * siege.today.officers_lost,
            siege.tracks.morale
        );
    }
    if siege.today.macdonald_lost {
        siege.shift_morale(-6);
        tell!(io, "MacDonald is dead: morale -6 at the day's end (section 4): {}", siege.tracks.morale);
    }
    civilians_home(siege, rules, io);
    if siege.tracks.day >= DAYS {
        siege.end = Some(End::Relief);
        siege.stage = Stage::Over;
        tell!(io, "The last card: the relief column reaches Peking and the Boxers give up (7.1)");
    } else {
        siege.stage = Stage::Draw;
    }
}

/// 8.2: civilians begin each day in their own legation: where they stand if it is one of its intact zones,
/// else their own zone, else the nearest zone of the legation they keep to (`civilian_quarters`).
fn civilians_home(siege: &mut Siege, rules: &Rules, io: &mut impl Io) {
    for p in 0..rules.roster.defenders {
        let info = &rules.roster.pieces[p];
        if info.kind != Kind::Civilians {
            continue;
        }
        let Some(at) = siege.pieces[p].zone() else { continue };
        let quarters = moves::civilian_quarters(siege, rules, p);
        let to = if quarters & bit(at) != 0 {
            Some(at)
        } else {
            info.start.filter(|&h| quarters & bit(h) != 0).or_else(|| losses::nearest(rules, at, quarters))
        };
        if let Some(to) = to.filter(|&t| t != at) {
            siege.put(rules, p, At::Zone(to));
            tell!(io, "{} go to {} for the night (8.2)", info.name, rules.map.name(to));
        }
    }
}
