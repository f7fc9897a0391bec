//! 5.3: the events table, 2D6. A once-only event already used gives the next one up (12 wraps to 2).

use super::super::map::bit;
use super::super::nation::Nation;
use super::super::roster::Kind;
use super::throws::{FAMINE, FAVOURABLE_EVENTS, SUPPLY_BACK, Throw, Whose, famine_points, favourable};
use super::{At, DayCard, Io, Rules, Siege, Stage, day, losses};

/// The events that happen once only.
const ONCE: [u8; 6] = [2, 3, 6, 9, 11, 12];

pub fn once_only(event: u8) -> bool {
    ONCE.contains(&event)
}

/// The event a 2D6 total gives, once-only events already used moving on to the next.
pub fn resolve(siege: &Siege, total: u8) -> u8 {
    let mut event = total;
    for _ in 0..11 {
        if !(once_only(event) && siege.tracks.used(event)) {
            return event;
        }
        event = if event == 12 { 2 } else { event + 1 };
    }
    event
}

pub fn event_test(siege: &mut Siege, rules: &Rules, io: &mut impl Io) {
    let a = io.d6(|| "event test (2D6), first die".into());
    let b = io.d6(|| "event test (2D6), second die".into());
    io.counted(Throw::two(Whose::Defenders, FAVOURABLE_EVENTS, a + b), |t| i64::from(favourable(resolve(siege, t))));
    let event = resolve(siege, a + b);
    io.table_says(i64::from(event), || format!("event {event}: {}", title(event)));
    siege.today.event = Some(event);
    if once_only(event) {
        siege.tracks.events_used |= 1 << event;
    }
    if event != a + b {
        tell!(io, "Event test: {a} + {b} = {}, already used: event {event}", a + b);
    } else {
        tell!(io, "Event test: {a} + {b} = {event}");
    }
    happen(siege, rules, io, event);
    siege.stage = super::day_next(siege, rules, Stage::Event);
}

pub fn title(event: u8) -> &'static str {
    match event {
        2 => "Two mines explode",
        3 => "Short of ammunition",
        4 => "Heavy rain",
        5 => "Famine and disease",
        6 => "A mine is found",
        7 => "News of the Peitang Cathedral",
        8 => "Cha, Cha, Cho, Cho",
        9 => "News of the relief",
        10 => "Light rain",
        11 => "Supplies",
        _ => "Truce with the Imperial troops",
    }
}

fn happen(siege: &mut Siege, rules: &Rules, io: &mut impl Io, event: u8) {
    tell!(io, "Event {event}: {}", title(event));
    match event {
        2 => mines(siege, rules, io),
        3 => {
            siege.tracks.ammunition_out = true;
            tell!(io, "the morale marker turns to its ammunition side: -2 on every soldiers' roll to the end");
        }
        4 => {
            siege.today.heavy_rain = true;
            let card = siege.today.card;
            if card.is_some_and(|c| !c.red()) {
                // Red for every purpose: a black picture made red counts toward Betsy (3.4).
                if matches!(card, Some(DayCard::Picture { .. })) {
                    siege.tracks.red_pictures += 1;
                }
                tell!(io, "no combat and no bombardment today: the card counts as red");
            } else {
                tell!(io, "no combat and no bombardment today");
            }
        }
        5 => {
            let die = io.d6(|| "famine and disease".into());
            io.counted(Throw::one(Whose::Defenders, FAMINE, die), famine_points);
            let (civilians, soldiers) = match die {
                1..=4 => (1, 0),
                5 => (2, 0),
                _ => (2, 1),
            };
            tell!(
                io,
                "famine and disease ({die}): {} civilian points{}",
                civilians * 5,
                if soldiers > 0 { " and a soldier point" } else { "" }
            );
            for _ in 0..civilians {
                if let Some(zone) = most(siege, rules, |k| k == Kind::Civilians) {
                    losses::civilians_lose_five(siege, rules, io, zone);
                }
            }
            if soldiers > 0
                && let Some(zone) = most(siege, rules, Kind::is_soldiers)
            {
                losses::defenders_lose(siege, rules, io, zone, 1);
                super::moves::empty_legations(siege, rules, io);
            }
        }
        6 => {
            siege.today.mine = true;
            tell!(io, "the mine by the British legation is defused, but the Boxers attack from zone 3");
        }
        7 | 9 => {
            siege.tracks.morale = 10;
            tell!(io, "morale back to 10");
        }
        8 => {
            siege.tracks.cha_cha = true;
            tell!(io, "+3 on the Boxers' combat dice in their next attack (not cumulative)");
        }
        10 => {
            siege.today.light_rain = true;
            tell!(io, "no bombardment today");
        }
        11 => {
            let die = io.d6(|| "supplies (1D6+6)".into());
            io.counted(Throw::one(Whose::Defenders, SUPPLY_BACK, die), |d| i64::from(d) + 6);
            siege.tracks.supply = siege.tracks.supply.saturating_sub(die + 6).max(1);
            siege.tracks.morale = 10;
            tell!(io, "supply back {} days to box {}; morale back to 10", die + 6, siege.tracks.supply);
        }
        _ => {
            for p in rules.roster.chinese() {
                if matches!(rules.roster.pieces[p].kind, Kind::Regulars | Kind::RegularLeader) {
                    siege.put(rules, p, At::Withdrawn);
                }
            }
            siege.tracks.morale = 10;
            tell!(io, "the regulars and their general withdraw from the cup; morale back to 10");
        }
    }
}

/// The zone holding the most points of a kind of counter.
fn most(siege: &Siege, rules: &Rules, kind: impl Fn(Kind) -> bool) -> Option<u8> {
    let mut totals = [0u32; 64];
    for p in 0..rules.roster.defenders {
        if let (Some(z), true) = (siege.pieces[p].zone(), kind(rules.roster.pieces[p].kind)) {
            totals[z as usize] += siege.pieces[p].points as u32;
        }
    }
    (0..rules.map.len()).filter(|&z| totals[z] > 0).max_by_key(|&z| (totals[z], std::cmp::Reverse(z))).map(|z| z as u8)
}

/// Event 2: F1 in ruins, then F2 (even) or F3 (odd); everyone there attacked at 8 on the bombardment
/// table, unmodified; the survivors fall back to an intact zone of the French legation, or the nearest
/// intact legation.
fn mines(siege: &mut Siege, rules: &Rules, io: &mut impl Io) {
    let french: Vec<u8> = super::super::map::each(rules.map.legation_of(Nation::France)).collect();
    if french.is_empty() {
        tell!(io, "there is no French legation on this map");
        return;
    }
    let die = io.d6(|| "second mine: F2 even, F3 odd".into());
    let second = if die % 2 == 0 { french.get(1) } else { french.get(2) }.copied().unwrap_or(french[0]);
    let hit = bit(french[0]) | bit(second);
    siege.today.fought = true;
    for zone in super::super::map::each(hit) {
        siege.marks.ruins |= bit(zone);
        tell!(io, "{} is blown up: ruins", rules.map.name(zone));
        if siege.census(rules).holds() & bit(zone) != 0 {
            day::shell(siege, rules, io, zone, 8, false);
        }
    }
    let intact = rules.map.legations & !siege.marks.ruins;
    let french_left = rules.map.legation_of(Nation::France) & intact;
    for p in 0..rules.roster.defenders {
        let Some(z) = siege.pieces[p].zone() else { continue };
        if hit & bit(z) == 0 {
            continue;
        }
        let to = super::super::map::each(french_left).last().or_else(|| losses::nearest(rules, z, intact));
        if let Some(to) = to {
            siege.put(rules, p, At::Zone(to));
            tell!(io, "{} fall back to {}", rules.roster.pieces[p].name, rules.map.name(to));
        }
    }
    // Only now: the survivors hold the legation's last intact zone, so it is not left empty (6.5).
    super::moves::empty_legations(siege, rules, io);
}
