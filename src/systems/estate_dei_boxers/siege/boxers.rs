//! The Boxers' movement (6.2), as the app plays it for them. Each pile moves together along the arrows:
//! red first, green when the red leads into ruins; 4 MP with the entry costs, stopping on entering a zone
//! held by soldiers or civilians, or an abandoned legation (to burn it, FAQ); a pile that has not split
//! splits at the first zone with two arrows, dealt alternately in stack order (regulars, Boxers, leaders,
//! fanatics), the first half taking the red arrow. A pile in a burning zone must leave it, and passes
//! through burning zones to the first that is not (FAQ 6.1). Off the map, the counters go back to the cup.

use super::super::map::{Arrow, Zones, bit, each};
use super::super::roster::{Cup, Kind};
use super::{At, Census, Io, Piece, Rules, Siege};

/// Moves every pile on the map once.
pub fn movement(siege: &mut Siege, rules: &Rules, io: &mut impl Io) {
    // The defenders stand still while the Boxers move: the census of the phase's start holds for it.
    let census = siege.census(rules).into_owned();
    let start = census.with_chinese;
    let mut split_after: Zones = 0;
    // Every pile as it stands at the start of the phase: a pile that ends its move where another stood
    // does not move again with it.
    let mut piles = [0; 64];
    for zone in each(start) {
        piles[zone as usize] = siege.cup_in(rules, zone, Kind::CHINESE);
    }
    for zone in each(start) {
        let pile = piles[zone as usize];
        let burning = siege.marks.fires & bit(zone) != 0;
        if !burning && census.holds() & bit(zone) != 0 {
            split_after |= siege.marks.split & bit(zone);
            tell!(io, "{} stay in {} to fight", pile_words(siege, rules, pile), rules.map.name(zone));
            continue;
        }
        let split = siege.marks.split & bit(zone) != 0;
        march(siege, rules, io, &census, pile, zone, rules.tables.boxer_points, split, burning, &mut split_after);
    }
    siege.marks.split = split_after;
    // A leader dealt into a half without a unit of its own goes back to the cup (FAQ 1.5.1).
    for zone in each(siege.census(rules).with_chinese) {
        super::losses::leaders_follow(siege, rules, io, zone);
    }
}

/// The arrow a pile takes out of `zone`: red, or green when the red leads into ruins and the green does not.
pub fn arrow(siege: &Siege, rules: &Rules, zone: u8) -> Option<(Arrow, &'static str)> {
    let (red, green) = rules.map.arrows(zone);
    let ruined = |a: Arrow| matches!(a, Arrow::To(z) if siege.marks.ruins & bit(z) != 0);
    match (red, green) {
        (Some(r), Some(g)) if ruined(r) && !ruined(g) => Some((g, "green")),
        (Some(r), _) => Some((r, "red")),
        (None, _) => None,
    }
}

/// What entering `to` from `from` costs a pile (6.2): the dearest cost that applies.
fn cost(siege: &Siege, rules: &Rules, census: &Census, from: u8, to: u8) -> u8 {
    let b = bit(to);
    let mut c = 1;
    if super::moves::rough_step(siege, rules, from, to) {
        c = 2;
    }
    if rules.map.legations & b != 0 && census.with_soldiers & b == 0 {
        c = 2;
    }
    if census.with_civilians & b != 0 {
        c = c.max(2);
    }
    if (census.with_soldiers | census.with_guns) & b != 0 {
        c = 3;
    }
    c
}

#[allow(clippy::too_many_arguments)]
fn march(
    siege: &mut Siege,
    rules: &Rules,
    io: &mut impl Io,
    census: &Census,
    pile: Cup,
    from: u8,
    mut mp: u8,
    mut split: bool,
    mut forced: bool,
    split_after: &mut Zones,
) {
    let mut at = from;
    let mut visited: Zones = bit(from);
    let mut route: Vec<String> = Vec::new();
    let words = if io.tells() { pile_words(siege, rules, pile) } else { String::new() };
    loop {
        let (red, green) = rules.map.arrows(at);
        if !split && red.is_some() && green.is_some() && pile.count_ones() > 1 {
            let (first, second) = halves(rules, pile);
            tell!(
                io,
                "{words} reach {} with its two arrows and split: {} on the red, {} on the green{}",
                rules.map.name(at),
                pile_words(siege, rules, first),
                pile_words(siege, rules, second),
                if route.is_empty() { String::new() } else { format!(" (on the way: {})", route.join(", ")) }
            );
            siege.marks.split |= bit(at);
            march_on(siege, rules, io, census, first, at, mp, red, "red", forced, split_after);
            march_on(siege, rules, io, census, second, at, mp, green, "green", forced, split_after);
            return;
        }
        let Some((next, colour)) = arrow(siege, rules, at) else { break };
        let to = match next {
            Arrow::Off => {
                if io.tells() {
                    route.push(format!("the {colour} arrow off the map"));
                }
                tell!(
                    io,
                    "{words} from {} follow {}: they leave the map (back to the cup)",
                    rules.map.name(from),
                    route.join(", ")
                );
                leave_the_map(siege, rules, io, pile);
                return;
            }
            Arrow::To(z) => z,
        };
        if siege.marks.fires & bit(to) != 0 {
            // Through the burning zone to the first one that is not (FAQ 6.1).
            if mp == 0 && !forced {
                break;
            }
            if visited & bit(to) != 0 {
                break;
            }
            visited |= bit(to);
            if io.tells() {
                route.push(format!("through the fire in {}", rules.map.name(to)));
            }
            at = to;
            forced = true;
            continue;
        }
        let price = cost(siege, rules, census, at, to);
        if price > mp && !forced {
            if io.tells() {
                route.push(format!("{} costs {price} MP, {mp} left: they stop", rules.map.name(to)));
            }
            break;
        }
        mp = mp.saturating_sub(price);
        if io.tells() {
            route.push(format!("the {colour} arrow to {} ({price} MP, {mp} left)", rules.map.name(to)));
        }
        at = to;
        let b = bit(to);
        if census.holds() & b != 0 {
            if io.tells() {
                route.push("contact: they stop".into());
            }
            break;
        }
        if rules.map.legations & b != 0 && siege.marks.ruins & b == 0 {
            if io.tells() {
                route.push("an abandoned legation: they stop to burn it".into());
            }
            break;
        }
        // Out of the flames, the pile goes on along the arrows with the points it has left (6.2).
        forced = false;
        if mp == 0 {
            break;
        }
    }
    for p in rules.roster.cup_pieces(pile) {
        siege.put(rules, p, At::Zone(at));
    }
    if split {
        *split_after |= bit(at);
    }
    split = split || siege.marks.split & bit(at) != 0;
    if split {
        *split_after |= bit(at);
    }
    if at == from {
        tell!(
            io,
            "{words} in {} do not move{}",
            rules.map.name(from),
            if route.is_empty() { String::new() } else { format!(": {}", route.join(", ")) }
        );
    } else {
        tell!(io, "{words} from {} follow {}", rules.map.name(from), route.join(", "));
    }
}

/// One half of a split pile follows its arrow with the points left.
#[allow(clippy::too_many_arguments)]
fn march_on(
    siege: &mut Siege,
    rules: &Rules,
    io: &mut impl Io,
    census: &Census,
    pile: Cup,
    at: u8,
    mp: u8,
    arrow: Option<Arrow>,
    _colour: &str,
    forced: bool,
    split_after: &mut Zones,
) {
    if pile == 0 {
        return;
    }
    match arrow {
        Some(Arrow::To(next)) => {
            // The half steps onto its own arrow first, then follows the arrows from there.
            if siege.marks.fires & bit(next) == 0 {
                let price = cost(siege, rules, census, at, next);
                if price > mp && !forced {
                    for p in rules.roster.cup_pieces(pile) {
                        siege.put(rules, p, At::Zone(at));
                    }
                    *split_after |= bit(at);
                    tell!(
                        io,
                        "{} wait in {}: {} costs {price} MP",
                        pile_words(siege, rules, pile),
                        rules.map.name(at),
                        rules.map.name(next)
                    );
                    return;
                }
                let left = mp.saturating_sub(price);
                for p in rules.roster.cup_pieces(pile) {
                    siege.put(rules, p, At::Zone(next));
                }
                tell!(
                    io,
                    "{} take the arrow to {} ({price} MP, {left} left)",
                    pile_words(siege, rules, pile),
                    rules.map.name(next)
                );
                let b = bit(next);
                let stop = census.holds() & b != 0
                    || (rules.map.legations & b != 0 && siege.marks.ruins & b == 0)
                    || left == 0;
                if stop {
                    *split_after |= b;
                    return;
                }
                march(siege, rules, io, census, pile, next, left, true, false, split_after);
            } else {
                march(siege, rules, io, census, pile, next, mp, true, true, split_after);
            }
        }
        Some(Arrow::Off) => {
            tell!(io, "{} leave the map (back to the cup)", pile_words(siege, rules, pile));
            leave_the_map(siege, rules, io, pile);
        }
        None => {}
    }
}

/// A pile split once, at the first zone with two arrows (6.2): dealt alternately in stack order
/// (regulars, Boxers, leaders, fanatics on top), the first half for the red arrow.
fn halves(rules: &Rules, pile: Cup) -> (Cup, Cup) {
    let layers: [&[Kind]; 4] =
        [&[Kind::Regulars, Kind::RegularLeader], &[Kind::Boxers], &[Kind::BoxerLeader], &[Kind::Fanatics]];
    let (mut halves, mut dealt) = ([0; 2], 0);
    for layer in layers {
        for counter in each(pile & rules.roster.cup_of(layer)) {
            halves[dealt % 2] |= 1 << counter;
            dealt += 1;
        }
    }
    (halves[0], halves[1])
}

/// "12 Boxer points (5 counters)": a leader adds a counter, not points.
pub fn pile_words(siege: &Siege, rules: &Rules, pile: Cup) -> String {
    let units = pile & rules.roster.cup_of(Kind::UNITS);
    let points: u32 = rules.roster.cup_pieces(units).map(|p| siege.pieces[p].points as u32).sum();
    let n = pile.count_ones();
    format!("{points} Boxer points ({n} counter{})", if n == 1 { "" } else { "s" })
}

/// A pile off the map is eliminated (8), its counters back in the cup (FAQ); fanatics eliminated so lift
/// the defenders' morale as fanatics shot down do (4).
fn leave_the_map(siege: &mut Siege, rules: &Rules, io: &mut impl Io, pile: Cup) {
    let fanatics = (pile & rules.roster.cup_of(&[Kind::Fanatics])).count_ones() as i32;
    for p in rules.roster.cup_pieces(pile) {
        siege.set(rules, p, Piece { points: rules.roster.pieces[p].full, at: At::Cup, spent: 0 });
    }
    if fanatics > 0 {
        siege.shift_morale(fanatics);
        tell!(io, "fanatics eliminated off the map: morale +{fanatics} (4, 8): {}", siege.tracks.morale);
    }
}
