//! The Boxers' movement (6.2), as the app plays it for them. Each pile moves together along the arrows:
//! red first, green when the red leads into ruins; 4 MP with the entry costs, stopping on entering a zone
//! held by soldiers or civilians, or an abandoned legation (to burn it, FAQ); a pile that has not split
//! splits at the first zone with two arrows, dealt alternately in stack order (regulars, Boxers, leaders,
//! fanatics), the first half taking the red arrow. A pile in a burning zone must leave it, and passes
//! through burning zones to the first that is not (FAQ 6.1). Off the map, the counters go back to the cup.

use super::super::map::{Arrow, Zones, bit, each};
use super::super::roster::{Cup, Kind};
use super::{At, Census, Io, Piece, Rules, Siege};
use crate::rules::plural;

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
        let walk =
            Walk { pile, from: zone, at: zone, mp: rules.tables.boxer_points, split, forced: burning, route: Vec::new() };
        march(siege, rules, io, &census, walk, &mut split_after);
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

/// A pile on its way: where its move began, where it stands, its points left, whether it has split,
/// whether it is forced on through the flames, and its route as told.
struct Walk {
    pile: Cup,
    from: u8,
    at: u8,
    mp: u8,
    split: bool,
    forced: bool,
    route: Vec<String>,
}

/// Why a pile that has just entered `zone` stops there (6.2, FAQ): contact, or an abandoned legation to burn.
fn stops_in(siege: &Siege, rules: &Rules, census: &Census, zone: u8) -> Option<&'static str> {
    let b = bit(zone);
    if census.holds() & b != 0 {
        Some("contact: they stop")
    } else if rules.map.legations & b != 0 && siege.marks.ruins & b == 0 {
        Some("an abandoned legation: they stop to burn it")
    } else {
        None
    }
}

fn march(siege: &mut Siege, rules: &Rules, io: &mut impl Io, census: &Census, mut w: Walk, split_after: &mut Zones) {
    let mut visited: Zones = bit(w.from) | bit(w.at);
    let words = if io.tells() { pile_words(siege, rules, w.pile) } else { String::new() };
    loop {
        let (red, green) = rules.map.arrows(w.at);
        if !w.split && red.is_some() && green.is_some() && w.pile.count_ones() > 1 {
            let (first, second) = halves(rules, w.pile);
            tell!(
                io,
                "{words} reach {} with its two arrows and split: {} on the red, {} on the green{}",
                rules.map.name(w.at),
                pile_words(siege, rules, first),
                pile_words(siege, rules, second),
                if w.route.is_empty() { String::new() } else { format!(" (on the way: {})", w.route.join(", ")) }
            );
            siege.marks.split |= bit(w.at);
            march_on(siege, rules, io, census, first, w.at, w.mp, red, "red", w.forced, split_after);
            march_on(siege, rules, io, census, second, w.at, w.mp, green, "green", w.forced, split_after);
            return;
        }
        let Some((next, colour)) = arrow(siege, rules, w.at) else { break };
        let to = match next {
            Arrow::Off => {
                if io.tells() {
                    w.route.push(format!("the {colour} arrow off the map"));
                }
                tell!(
                    io,
                    "{words} from {} follow {}: they leave the map (back to the cup)",
                    rules.map.name(w.from),
                    w.route.join(", ")
                );
                leave_the_map(siege, rules, io, w.pile);
                return;
            }
            Arrow::To(z) => z,
        };
        if siege.marks.fires & bit(to) != 0 {
            // Through the burning zone to the first one that is not (FAQ 6.1).
            if (w.mp == 0 && !w.forced) || visited & bit(to) != 0 {
                break;
            }
            visited |= bit(to);
            if io.tells() {
                w.route.push(format!("through the fire in {}", rules.map.name(to)));
            }
            w.at = to;
            w.forced = true;
            continue;
        }
        let price = cost(siege, rules, census, w.at, to);
        if price > w.mp && !w.forced {
            if io.tells() {
                w.route.push(format!("{} costs {price} MP, {} left: they stop", rules.map.name(to), w.mp));
            }
            break;
        }
        w.mp = w.mp.saturating_sub(price);
        if io.tells() {
            w.route.push(format!("the {colour} arrow to {} ({price} MP, {} left)", rules.map.name(to), w.mp));
        }
        w.at = to;
        if let Some(why) = stops_in(siege, rules, census, to) {
            if io.tells() {
                w.route.push(why.into());
            }
            break;
        }
        // Out of the flames, the pile goes on along the arrows with the points it has left (6.2).
        w.forced = false;
        if w.mp == 0 {
            break;
        }
    }
    halt(siege, rules, io, w, &words, split_after);
}

/// The pile stops where its walk has brought it, its route told.
fn halt(siege: &mut Siege, rules: &Rules, io: &mut impl Io, w: Walk, words: &str, split_after: &mut Zones) {
    for p in rules.roster.cup_pieces(w.pile) {
        siege.put(rules, p, At::Zone(w.at));
    }
    if w.split || siege.marks.split & bit(w.at) != 0 {
        *split_after |= bit(w.at);
    }
    if w.at == w.from {
        tell!(
            io,
            "{words} in {} do not move{}",
            rules.map.name(w.from),
            if w.route.is_empty() { String::new() } else { format!(": {}", w.route.join(", ")) }
        );
    } else {
        tell!(io, "{words} from {} follow {}", rules.map.name(w.from), w.route.join(", "));
    }
}

/// One half of a split pile steps onto its own arrow with the points left, then follows the arrows from
/// there: at the split each half takes its own arrow (6.2: "eseguire due movimenti diversi"; FAQ: "ciascuno
/// seguirà una freccia diversa"), the red half the red arrow even where it leads into ruins.
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
    colour: &str,
    forced: bool,
    split_after: &mut Zones,
) {
    if pile == 0 {
        return;
    }
    let words = if io.tells() { pile_words(siege, rules, pile) } else { String::new() };
    let walk = |to: u8, mp: u8, forced: bool, step: String| Walk {
        pile,
        from: at,
        at: to,
        mp,
        split: true,
        forced,
        route: if io.tells() { vec![step] } else { Vec::new() },
    };
    match arrow {
        Some(Arrow::To(next)) if siege.marks.fires & bit(next) != 0 => {
            let step = format!("the {colour} arrow through the fire in {}", rules.map.name(next));
            march(siege, rules, io, census, walk(next, mp, true, step), split_after);
        }
        Some(Arrow::To(next)) => {
            let price = cost(siege, rules, census, at, next);
            if price > mp && !forced {
                let step = format!("{} costs {price} MP, {mp} left: they stop", rules.map.name(next));
                return halt(siege, rules, io, walk(at, mp, false, step), &words, split_after);
            }
            let left = mp.saturating_sub(price);
            let mut w = walk(next, left, false, format!("the {colour} arrow to {} ({price} MP, {left} left)", rules.map.name(next)));
            match stops_in(siege, rules, census, next) {
                Some(why) => {
                    if io.tells() {
                        w.route.push(why.into());
                    }
                    halt(siege, rules, io, w, &words, split_after);
                }
                None if left == 0 => halt(siege, rules, io, w, &words, split_after),
                None => march(siege, rules, io, census, w, split_after),
            }
        }
        Some(Arrow::Off) => {
            tell!(io, "{words} from {} follow the {colour} arrow off the map: they leave the map (back to the cup)", rules.map.name(at));
            leave_the_map(siege, rules, io, pile);
        }
        None => {}
    }
}

/// A pile split once, at the first zone with two arrows (6.2): dealt alternately in stack order
/// (regulars, Boxers, leaders of both kinds, fanatics on top), the first half for the red arrow.
fn halves(rules: &Rules, pile: Cup) -> (Cup, Cup) {
    let layers: [&[Kind]; 4] =
        [&[Kind::Regulars], &[Kind::Boxers], &[Kind::BoxerLeader, Kind::RegularLeader], &[Kind::Fanatics]];
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
    format!("{} ({})", plural(points as usize, "Boxer point", "Boxer points"), plural(n as usize, "counter", "counters"))
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
        tell!(io, "fanatics eliminated off the map: morale +{fanatics} (sections 4, 8): {}", siege.tracks.morale);
    }
}
