//! The combat sequence (6.1-6.9), phase by phase, repeated until no Boxer counter is on the map.

use super::super::map::{Terrain, Zones, bit, each};
use super::super::nation::Nation;
use super::super::roster::{Kind, Roster};
use super::super::tables::{Rush, Volley, column, row};
use super::throws::{
    FIRES_OUT, FIRES_SPREAD, FLED, ROUTED, Throw, Whose, rush_kills, volley_kills, wavering, wavering_words,
};
use super::{At, Census, Command, Io, Owed, OwedBy, Phase, Rules, Siege, Stage, boxers, losses, moves};
use crate::rules::measure_words::KILLS;
use crate::rules::plural;

/// A day's combat that has not ended after this many sequences ends with the Boxers left drawing off
/// (a safeguard the text does not need; the arrows always lead off the map in the end).
const MOST_SEQUENCES: u16 = 60;

/// How a zone's guns fire (3.1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GunUse {
    /// Their value joins the soldiers' (+4 into their own zone, +2 next door).
    Join,
    /// Psychological tests: each gun at its target, one test per target (3.1 notes).
    Tep(Vec<(usize, u8)>),
    /// The guns do not fire (there is nothing they may fire at).
    Hold,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FireOrder {
    /// The zone the soldiers (and joined guns) fire at; None when only psychological tests are fired.
    pub target: Option<u8>,
    pub guns: GunUse,
}

/// Runs one phase; false when it waits for the player (fire orders, soldier moves).
pub fn phase<I: Io, C: Command>(siege: &mut Siege, rules: &Rules, io: &mut I, command: &mut C, phase: Phase) -> bool {
    let next = |p: Phase| Stage::Combat { phase: p };
    match phase {
        Phase::Fires => {
            siege.today.sequences += 1;
            tell!(io, "Sequence {}: {}", siege.today.sequences, Phase::Fires.title());
            fires(siege, rules, io);
            siege.stage = next(Phase::BoxerMove);
        }
        Phase::BoxerMove => {
            tell!(io, "{}", Phase::BoxerMove.title());
            boxers::movement(siege, rules, io);
            losses::lone_officers(siege, rules, io);
            siege.marks.fired = 0;
            siege.stage = after(siege, rules, Phase::SoldierFire);
        }
        Phase::SoldierFire => {
            loop {
                if !losses::settle_owed(siege, rules, io, command) {
                    return false;
                }
                let census = siege.census(rules);
                let Some(from) = next_to_fire(siege, rules, &census) else { break };
                let Some(order) = command.fire(rules, siege, &census, from) else { return false };
                fire(siege, rules, io, command, from, &order);
            }
            if siege.marks.fired == 0 {
                tell!(io, "{}: no zone has a target", Phase::SoldierFire.title());
            }
            siege.stage = after(siege, rules, Phase::BoxerMelee);
        }
        Phase::BoxerMelee => {
            if !boxer_melees(siege, rules, io, command) {
                return false;
            }
            moves::start_phase(siege);
            siege.stage = after(siege, rules, Phase::SoldierMove);
        }
        Phase::SoldierMove => {
            let Some(list) = command.moves(rules, siege) else { return false };
            for mv in &list {
                if let Ok(cost) = moves::move_check(siege, rules, mv) {
                    moves::apply(siege, rules, io, mv, cost);
                }
            }
            tell!(io, "{}: the moves are done", Phase::SoldierMove.title());
            moves::end_phase(siege, rules, io);
            siege.stage = next(Phase::SoldierMelee);
        }
        Phase::SoldierMelee => {
            if !soldier_melees(siege, rules, io, command) {
                return false;
            }
            siege.stage = after(siege, rules, Phase::Morale);
        }
        Phase::Morale => {
            tell!(io, "{}", Phase::Morale.title());
            for zone in each(siege.marks.hit & siege.census(rules).with_chinese) {
                morale_test(siege, rules, io, zone);
            }
            siege.marks.hit = 0;
            siege.stage = after(siege, rules, Phase::Ignite);
        }
        Phase::Ignite => {
            let census = siege.census(rules);
            let burnable = !rules.map.unburnable & !siege.marks.ruins & !siege.marks.fires & !stone(rules);
            let lit = census.with_chinese & burnable;
            siege.marks.fires |= lit;
            if io.tells() {
                let names: Vec<&str> = each(lit).map(|z| rules.map.name(z)).collect();
                io.say(if names.is_empty() {
                    format!("{}: no new fire", Phase::Ignite.title())
                } else {
                    format!("{}: the Boxers set fire to {}", Phase::Ignite.title(), names.join(", "))
                });
            }
            siege.stage = next(Phase::End);
        }
        Phase::End => {
            let census = siege.census(rules);
            if census.with_chinese == 0 || siege.today.sequences >= MOST_SEQUENCES {
                if census.with_chinese != 0 {
                    for p in rules.roster.chinese() {
                        if siege.pieces[p].zone().is_some() {
                            let home = super::Piece { points: rules.roster.pieces[p].full, at: At::Cup, spent: 0 };
                            siege.set(rules, p, home);
                        }
                    }
                    tell!(io, "after {MOST_SEQUENCES} sequences the last Boxers draw off");
                }
                let ruined = fighting_ends(siege);
                if io.tells() {
                    let names: Vec<&str> = each(ruined).map(|z| rules.map.name(z)).collect();
                    io.say(if names.is_empty() {
                        "No Boxer is left on the map: the day's fighting is over".to_string()
                    } else {
                        format!("No Boxer is left on the map: the fires burn out and leave ruins in {}", names.join(", "))
                    });
                }
                siege.stage = Stage::EndDay;
            } else {
                tell!(io, "{}: Boxers are still on the map, a new sequence begins (6.9)", Phase::End.title());
                siege.stage = next(Phase::Fires);
            }
        }
    }
    true
}

/// The phase that follows, or the sequence's end once no Boxer is left on the map: each phase goes on to
/// the next only "se rimangono unità superstiti" (6.3, 6.4, 6.6, 6.7), and without Boxers the fighting
/// stops (6.9). (No soldier and no civilian left ends the siege itself, at once: `Siege::run`.)
fn after(siege: &Siege, rules: &Rules, next: Phase) -> Stage {
    let fighting = siege.census(rules).with_chinese != 0;
    Stage::Combat { phase: if fighting { next } else { Phase::End } }
}

/// The day's fighting stops (6.9): its fires become ruins, and the sequence's marks are cleared; event 8's
/// +3 is spent once the Boxers have fought a melee with it (5.3). The zones ruined.
pub fn fighting_ends(siege: &mut Siege) -> Zones {
    let ruined = siege.marks.fires;
    siege.marks.ruins |= ruined;
    siege.marks.fires = 0;
    siege.marks.spread = 0;
    siege.marks.fought = 0;
    siege.marks.split = 0;
    siege.marks.hit = 0;
    if siege.today.cha_cha_used {
        siege.tracks.cha_cha = false;
    }
    ruined
}

fn stone(rules: &Rules) -> Zones {
    if rules.options.stone_walls {
        rules.map.walls
            | rules
                .map
                .zones
                .iter()
                .enumerate()
                .filter(|(_, z)| z.terrain == Terrain::Ramp)
                .fold(0, |m, (i, _)| m | bit(i as u8))
    } else {
        0
    }
}

/// 6.1: soldiers fight each fire they stand in (1D6 + their points, 6+ puts it out, a 1 always fails);
/// then each fire still burning (not one that caught by spreading last time) spreads to each burnable
/// neighbour on a 1. Streets and the canal neither burn nor carry fire.
fn fires(siege: &mut Siege, rules: &Rules, io: &mut impl Io) {
    if siege.marks.fires == 0 {
        return;
    }
    let census = siege.census(rules);
    let (fought, soldiers) = (siege.marks.fires & census.with_soldiers & !siege.marks.fought, census.soldiers);
    for zone in each(fought) {
        let points = soldiers[zone as usize];
        let die = io.d6(|| format!("fighting the fire in {}", rules.map.name(zone)));
        io.counted(Throw::one(Whose::Defenders, FIRES_OUT, die), |d| i64::from(puts_out(d, points)));
        io.table_says(i64::from(puts_out(die, points)), || {
            let name = rules.map.name(zone);
            if puts_out(die, points) { format!("the fire in {name} is put out") } else { format!("the fire in {name} burns on") }
        });
        if puts_out(die, points) {
            siege.marks.fires &= !bit(zone);
            tell!(io, "the soldiers put out the fire in {} ({die} + {points})", rules.map.name(zone));
        } else {
            siege.marks.fought |= bit(zone);
            tell!(
                io,
                "the fire in {} beats the soldiers ({die} + {points}); it can no longer be fought",
                rules.map.name(zone)
            );
        }
    }
    let burnable = !rules.map.unburnable & !stone(rules);
    let mut caught = 0;
    for zone in each(siege.marks.fires & !siege.marks.spread) {
        for n in each(rules.map.walk[zone as usize] & burnable & !siege.marks.fires & !siege.marks.ruins & !caught) {
            let die = io.d6(|| format!("fire spreading from {} to {}", rules.map.name(zone), rules.map.name(n)));
            io.counted(Throw::one(Whose::Boxers, FIRES_SPREAD, die), |d| i64::from(d == 1));
            io.table_says(i64::from(die == 1), || {
                let to = rules.map.name(n);
                if die == 1 { format!("the fire spreads to {to}") } else { format!("the fire does not spread to {to}") }
            });
            if die == 1 {
                caught |= bit(n);
                tell!(io, "the fire spreads from {} to {} (1)", rules.map.name(zone), rules.map.name(n));
            } else {
                tell!(io, "the fire in {} does not spread to {} ({die})", rules.map.name(zone), rules.map.name(n));
            }
        }
    }
    siege.marks.fires |= caught;
    // Only a zone set alight by the Boxers spreads: one that caught by spreading never does (6.1).
    siege.marks.spread |= caught;
}

/// 6+ with the soldiers' points puts a fire out; a 1 always fails (6.1).
fn puts_out(die: u8, points: u16) -> bool {
    die != 1 && die as u32 + points as u32 >= 6
}

/// Zones whose soldiers or guns must fire now (6.3): not burning, with something to fire at.
pub fn firing_zones(siege: &Siege, rules: &Rules, census: &Census) -> Zones {
    let boxers = census.with_chinese;
    if boxers == 0 {
        return 0;
    }
    let beside = each(boxers).fold(boxers, |m, z| m | rules.map.near[z as usize]);
    // Soldiers fire only at or beside Boxers; guns may reach further.
    let shooters = ((census.with_soldiers & beside) | census.with_guns) & !siege.marks.fires;
    each(shooters)
        .filter(|&z| {
            let (soldiers, guns) = fire_targets(siege, rules, census, z);
            soldiers | guns != 0
        })
        .fold(0, |m, z| m | bit(z))
}

/// The first zone still owing its fire: `firing_zones` without the zones that have fired, asked only
/// until one is found.
fn next_to_fire(siege: &Siege, rules: &Rules, census: &Census) -> Option<u8> {
    let boxers = census.with_chinese;
    if boxers == 0 {
        return None;
    }
    let beside = each(boxers).fold(boxers, |m, z| m | rules.map.near[z as usize]);
    let shooters = ((census.with_soldiers & beside) | census.with_guns) & !siege.marks.fires & !siege.marks.fired;
    each(shooters).find(|&z| {
        let (soldiers, guns) = fire_targets(siege, rules, census, z);
        soldiers | guns != 0
    })
}

/// What `from`'s soldiers may fire at (their own zone with Boxers in it; a zone next door with Boxers and
/// no friendly unit), and what its guns may fire at (those, and any such zone in reach: a machine gun 4
/// zones, a cannon 6, from the wall anywhere in the city below).
pub fn fire_targets(siege: &Siege, rules: &Rules, census: &Census, from: u8) -> (Zones, Zones) {
    let boxers = census.with_chinese & !census.friendly();
    let own = census.with_chinese & bit(from);
    let (soldiers, working) = firepower(siege, rules, census, from);
    let near = own | (rules.map.near[from as usize] & boxers);
    let soldier_targets = if soldiers > 0 { near } else { 0 };
    if working == 0 {
        return (soldier_targets, 0);
    }
    (soldier_targets, near | within_reach(rules, from, gun_reach(siege, rules, from), boxers & !near))
}

/// Of `targets` (its zone's gun targets), what one gun of `kind` in `from` may fire at: its own zone and
/// next door, and further only within its own reach (3: a machine gun 4 zones, a cannon 6). A zone's guns
/// reach unequally: a gun with nothing in its reach holds while the others fire.
pub fn gun_reaches(rules: &Rules, from: u8, kind: Kind, targets: Zones) -> Zones {
    let close = bit(from) | rules.map.near[from as usize];
    (targets & close) | within_reach(rules, from, kind.reach(), targets & !close)
}

/// Of `zones`, those within `reach` zones of `from`, or, from the wall, anywhere in the city below (2.3).
fn within_reach(rules: &Rules, from: u8, reach: u8, zones: Zones) -> Zones {
    let on_wall = rules.map.walls & bit(from) != 0;
    each(zones)
        .filter(|&z| {
            rules.map.distance[from as usize][z as usize] <= reach || (on_wall && rules.map.walls & bit(z) == 0)
        })
        .fold(0, |m, z| m | bit(z))
}

fn gun_reach(siege: &Siege, rules: &Rules, zone: u8) -> u8 {
    working_guns_in(siege, rules, zone).map(|g| rules.roster.pieces[g].kind.reach()).max().unwrap_or(0)
}

fn guns_in(siege: &Siege, rules: &Rules, zone: u8) -> impl Iterator<Item = usize> + use<> {
    Roster::garrison_pieces(siege.garrison_in(rules, zone, Kind::GUNS))
}

/// The working guns in a zone, lowest first: a crew whose gun is destroyed fights as soldiers do, with no
/// gun's bonus, reach or psychological test (3).
pub fn working_guns_in<'s>(siege: &'s Siege, rules: &Rules, zone: u8) -> impl Iterator<Item = usize> + use<'s> {
    guns_in(siege, rules, zone).filter(|&g| siege.pieces[g].points > 1)
}

/// The points of the working guns in a zone.
pub fn working_guns(siege: &Siege, rules: &Rules, zone: u8) -> u32 {
    working_guns_in(siege, rules, zone).map(|g| siege.pieces[g].points as u32).sum()
}

/// A zone's firepower: its soldiers with any crews, and its working guns.
pub fn firepower(siege: &Siege, rules: &Rules, census: &Census, zone: u8) -> (u32, u32) {
    let working = if census.with_guns & bit(zone) != 0 { working_guns(siege, rules, zone) } else { 0 };
    let crews = census.guns[zone as usize] as u32 - working;
    (census.soldiers[zone as usize] as u32 + crews, working)
}

/// The labelled modifiers of a roll, without allocating.
#[derive(Debug, Clone, Copy)]
pub struct Mods {
    pub items: [(&'static str, i8); 10],
    pub n: usize,
}

impl Mods {
    fn new() -> Mods {
        Mods { items: [("", 0); 10], n: 0 }
    }
    fn add(&mut self, label: &'static str, value: i32) {
        if value != 0 && self.n < 10 {
            self.items[self.n] = (label, value as i8);
            self.n += 1;
        }
    }
    pub fn total(&self) -> i32 {
        self.items[..self.n].iter().map(|(_, v)| *v as i32).sum()
    }
    pub fn list(&self) -> &[(&'static str, i8)] {
        &self.items[..self.n]
    }
}

/// The officers' bonus in a zone: MacDonald alone +3, else the best two (+4 at most) (1.5.2, FAQ).
pub fn officers_bonus(siege: &Siege, rules: &Rules, zone: u8) -> i32 {
    let (mut best, mut second, mut macdonald) = (0, 0, false);
    for p in Roster::garrison_pieces(siege.garrison_in(rules, zone, Kind::OFFICERS)) {
        if rules.roster.pieces[p].kind == Kind::MacDonald {
            macdonald = true;
        }
        let v = siege.pieces[p].points as i32;
        if v > best {
            second = best;
            best = v;
        } else if v > second {
            second = v;
        }
    }
    if macdonald { 3 } else { best + second }
}

/// The soldiers' fire or melee modifiers (6.3, 6.6) at `target` from `from`.
pub fn soldier_mods(
    siege: &Siege,
    rules: &Rules,
    census: &Census,
    from: u8,
    target: u8,
    joined_guns: bool,
    melee: bool,
) -> Mods {
    let mut m = Mods::new();
    m.add("officers", officers_bonus(siege, rules, from));
    if melee {
        m.add("melee", 2);
        let b = bit(target);
        if (rules.map.legations | siege.marks.barricades) & b != 0 {
            m.add("legation or barricade", 1);
        }
        let zone = &rules.map.zones[target as usize];
        if zone.terrain == Terrain::Legation && matches!(zone.nation, Some(Nation::Britain | Nation::France)) {
            let own = Roster::garrison_pieces(siege.garrison_in(rules, target, Kind::SOLDIERS))
                .any(|p| rules.roster.pieces[p].nation == zone.nation);
            if own {
                m.add("their own legation", 2);
            }
        }
    } else if joined_guns {
        m.add(
            if target == from { "guns into their own zone" } else { "guns next door" },
            if target == from { 4 } else { 2 },
        );
    }
    m.add("Chinese leaders", -(census.leaders[target as usize] as i32));
    if census.with_regulars & bit(target) != 0 {
        m.add("Chinese regulars", -1);
    }
    if siege.marks.ruins & bit(target) != 0 {
        m.add("ruins", -1);
    }
    penalties(siege, &mut m);
    m
}

/// The defenders' own penalties on every roll of their soldiers and guns: -3 at morale 0 (FAQ: "ogni
/// volta che il morale è 0"), -2 short of ammunition (5.3, event 3: "in tutti i loro combattimenti").
fn penalties(siege: &Siege, m: &mut Mods) {
    if siege.tracks.morale == 0 {
        m.add("morale at zero", -3);
    }
    if siege.tracks.ammunition_out {
        m.add("ammunition short", -2);
    }
}

/// The guns' psychological test's modifiers (3.2, 3.3): -1 at a legation or ruins 2 zones away or more,
/// and the defenders' penalties, the test being the guns' own roll (unless `psychological_test_unpenalised`).
pub fn tep_mods(siege: &Siege, rules: &Rules, from: u8, target: u8) -> Mods {
    let mut m = Mods::new();
    let far = rules.map.distance[from as usize][target as usize] >= 2;
    if far && (rules.map.legations | siege.marks.ruins) & bit(target) != 0 {
        m.add("legation or ruins, 2+ zones away", -1);
    }
    if !rules.options.tep_unpenalised {
        penalties(siege, &mut m);
    }
    m
}

/// The Boxers' melee modifiers in `zone` (6.4).
pub fn boxer_mods(siege: &Siege, rules: &Rules, census: &Census, zone: u8) -> Mods {
    let mut m = Mods::new();
    let i = zone as usize;
    m.add("Chinese leaders", census.leaders[i].min(2) as i32);
    if census.with_regulars & bit(zone) != 0 {
        m.add("regulars", 1);
    }
    let defenders = census.soldiers[i] as u32 + census.guns[i] as u32;
    let boxers = census.boxers[i] as u32;
    let odds = if defenders == 0 || boxers >= 6 * defenders {
        3
    } else if boxers >= 4 * defenders {
        2
    } else if boxers >= 2 * defenders {
        1
    } else {
        0
    };
    m.add("numbers", odds);
    if siege.tracks.cha_cha {
        m.add("Cha, Cha, Cho, Cho", 3);
    }
    if siege.marks.ruins & bit(zone) != 0 {
        m.add("ruins", -1);
    }
    // A gun or its crew holds a legation as soldiers do (FAQ 6.5), in the Boxers' melee as everywhere.
    if (census.with_soldiers | census.with_guns) & bit(zone) != 0 {
        let z = &rules.map.zones[i];
        if z.terrain == Terrain::Legation && matches!(z.nation, Some(Nation::Britain | Nation::France)) {
            m.add("British or French legation", -2);
        } else if (rules.map.legations | siege.marks.barricades) & bit(zone) != 0 {
            m.add("legation or barricade", -1);
        }
    }
    m
}

/// The row of a soldiers' or Boxers' table a D6 reads with its modifiers.
pub fn modified_row(die: u8, mods: &Mods) -> usize {
    row(die as i32 + mods.total(), 8)
}

/// One zone's fire, as ordered.
pub fn fire(
    siege: &mut Siege,
    rules: &Rules,
    io: &mut impl Io,
    command: &mut impl Command,
    from: u8,
    order: &FireOrder,
) {
    siege.marks.fired |= bit(from);
    let joined = order.guns == GunUse::Join;
    // Who fires, and with what, as the table stands before the volley.
    let volley = order.target.and_then(|target| {
        let census = siege.census(rules);
        let (soldiers, working) = firepower(siege, rules, &census, from);
        let guns = if joined { working } else { 0 };
        let aimed = soldiers + guns > 0 && census.with_chinese & bit(target) != 0;
        aimed.then(|| {
            (target, soldiers, guns, soldier_mods(siege, rules, &census, from, target, joined && guns > 0, false))
        })
    });
    if let Some((target, soldiers, guns, mods)) = volley {
        let die = io.d6(|| format!("fire from {} at {}", rules.map.name(from), rules.map.name(target)));
        let cell = |d| rules.tables.soldiers[modified_row(d, &mods)][column(soldiers + guns)];
        io.counted(Throw::one(Whose::Defenders, KILLS, die), |d| volley_kills(cell(d)));
        let r = modified_row(die, &mods);
        let result = cell(die);
        io.table_says(volley_kills(result), || result.words(target == from));
        if io.tells() {
            io.say(format!(
                "{} fire{} at {}: {}, die {die}{} -> row {}: {}",
                rules.map.name(from),
                if guns > 0 { " with their guns" } else { "" },
                rules.map.name(target),
                plural((soldiers + guns) as usize, "point", "points"),
                mods_words(&mods),
                if r == 7 { "7+".to_string() } else { r.to_string() },
                result.words(target == from)
            ));
        }
        match result {
            Volley::Kill(n) => {
                losses::boxers_lose(siege, rules, io, target, n, false);
            }
            Volley::Lose(n) if target == from => {
                // Settled before the guns' tests where the command answers now; else once the player has.
                siege.today.owed = Some(Owed { zone: from, points: n, by: OwedBy::Fire });
                losses::settle_owed(siege, rules, io, command);
            }
            Volley::Lose(_) => {}
        }
    }
    if let GunUse::Tep(list) = &order.guns {
        let mut done: Zones = 0;
        for &(_, target) in list {
            if done & bit(target) != 0 {
                continue;
            }
            done |= bit(target);
            if siege.cup_in(rules, target, Kind::CHINESE) == 0 {
                continue;
            }
            let mods = tep_mods(siege, rules, from, target);
            let die = io.d6(|| format!("psychological test at {}", rules.map.name(target)));
            let roll_of = |d: u8| d as i32 + mods.total();
            io.counted(Throw::one(Whose::Defenders, ROUTED, die), |d| wavering(siege, rules, target, roll_of(d)));
            let roll = roll_of(die);
            io.table_says(wavering(siege, rules, target, roll), || wavering_words(siege, rules, target, roll));
            tell!(
                io,
                "the guns of {} fire on {}: psychological test {die}{}",
                rules.map.name(from),
                rules.map.name(target),
                mods_words(&mods)
            );
            losses::boxers_waver(siege, rules, io, target, roll);
        }
    }
}

pub fn mods_words(mods: &Mods) -> String {
    mods.list().iter().map(|(l, v)| format!(" {v:+} {l}")).collect()
}

/// 6.7: the Boxers of `zone`, having lost points this sequence, test their morale on 1D6.
pub fn morale_test(siege: &mut Siege, rules: &Rules, io: &mut impl Io, zone: u8) {
    let die = io.d6(|| format!("Boxer morale in {}", rules.map.name(zone)));
    io.counted(Throw::one(Whose::Boxers, FLED, die), |d| wavering(siege, rules, zone, d as i32));
    io.table_says(wavering(siege, rules, zone, die as i32), || wavering_words(siege, rules, zone, die as i32));
    tell!(io, "Boxers in {} test morale: {die}", rules.map.name(zone));
    losses::boxers_waver(siege, rules, io, zone, die as i32);
}

/// The zones a melee phase fights in, fixed as the phase begins (with its title told), then one zone at a
/// time, lowest first, each settling its losses (the player choosing who takes them) before the next. False
/// while the player has yet to choose; the phase resumes where it stood.
fn each_melee<I: Io, C: Command>(
    siege: &mut Siege,
    rules: &Rules,
    io: &mut I,
    command: &mut C,
    phase: Phase,
    zones: impl Fn(&Census) -> Zones,
    mut fight: impl FnMut(&mut Siege, &mut I, u8),
) -> bool {
    if !losses::settle_owed(siege, rules, io, command) {
        return false;
    }
    if siege.today.melees.is_none() {
        tell!(io, "{}", phase.title());
        siege.today.melees = Some(zones(&siege.census(rules)));
    }
    while let Some(zone) = siege.today.melees.and_then(|left| each(left).next()) {
        siege.today.melees = siege.today.melees.map(|left| left & !bit(zone));
        fight(siege, io, zone);
        if !losses::settle_owed(siege, rules, io, command) {
            return false;
        }
    }
    siege.today.melees = None;
    true
}

/// 6.4: a melee in every zone the Boxers share with soldiers, guns or civilians.
fn boxer_melees(siege: &mut Siege, rules: &Rules, io: &mut impl Io, command: &mut impl Command) -> bool {
    let holds = |c: &Census| c.with_chinese & c.holds();
    let fight = |siege: &mut Siege, io: &mut _, zone| boxer_melee(siege, rules, io, zone);
    if !each_melee(siege, rules, io, command, Phase::BoxerMelee, holds, fight) {
        return false;
    }
    losses::lone_officers(siege, rules, io);
    true
}

/// One zone's Boxer melee (6.4): the losses it costs the defenders are left owed.
pub fn boxer_melee(siege: &mut Siege, rules: &Rules, io: &mut impl Io, zone: u8) {
    let census = siege.census(rules);
    let i = zone as usize;
    let points = census.boxers[i] as u32;
    if points == 0 {
        return;
    }
    let mods = boxer_mods(siege, rules, &census, zone);
    let soldiers_there = (census.with_soldiers | census.with_guns) & bit(zone) != 0;
    siege.today.cha_cha_used |= siege.tracks.cha_cha;
    let die = io.d6(|| format!("Boxer melee in {}", rules.map.name(zone)));
    let cell = |d| rules.tables.boxers[modified_row(d, &mods)][column(points)];
    io.counted(Throw::one(Whose::Boxers, KILLS, die), |d| rush_kills(cell(d)));
    let r = modified_row(die, &mods);
    let result = cell(die);
    io.table_says(rush_kills(result), || result.words());
    tell!(
        io,
        "Boxers attack in {}: {}, die {die}{} -> row {}: {}",
        rules.map.name(zone),
        plural(points as usize, "point", "points"),
        mods_words(&mods),
        if r == 7 { "7+".to_string() } else { r.to_string() },
        result.words()
    );
    match result {
        Rush::Nothing => {}
        Rush::Kill(n) => siege.today.owed = Some(Owed { zone, points: n, by: OwedBy::BoxerMelee }),
        Rush::Lose(n) => {
            if soldiers_there {
                losses::boxers_lose(siege, rules, io, zone, n, true);
            } else {
                tell!(io, "against civilians alone, B results do not apply");
            }
        }
    }
}

/// 6.6: the soldiers fight in every zone they share with Boxers.
fn soldier_melees(siege: &mut Siege, rules: &Rules, io: &mut impl Io, command: &mut impl Command) -> bool {
    let shared = |c: &Census| c.with_chinese & (c.with_soldiers | c.with_guns);
    let fight = |siege: &mut Siege, io: &mut _, zone| soldier_melee(siege, rules, io, zone);
    each_melee(siege, rules, io, command, Phase::SoldierMelee, shared, fight)
}

/// One zone's soldier melee (6.6): an S result's losses are left owed.
pub fn soldier_melee(siege: &mut Siege, rules: &Rules, io: &mut impl Io, zone: u8) {
    let census = siege.census(rules);
    let i = zone as usize;
    let points = census.soldiers[i] as u32 + census.guns[i] as u32;
    if points == 0 || census.with_chinese & bit(zone) == 0 {
        return;
    }
    let mods = soldier_mods(siege, rules, &census, zone, zone, false, true);
    let die = io.d6(|| format!("soldiers' melee in {}", rules.map.name(zone)));
    let cell = |d| rules.tables.soldiers[modified_row(d, &mods)][column(points)];
    io.counted(Throw::one(Whose::Defenders, KILLS, die), |d| volley_kills(cell(d)));
    let r = modified_row(die, &mods);
    let result = cell(die);
    io.table_says(volley_kills(result), || result.words(true));
    tell!(
        io,
        "The soldiers charge in {}: {}, die {die}{} -> row {}: {}",
        rules.map.name(zone),
        plural(points as usize, "point", "points"),
        mods_words(&mods),
        if r == 7 { "7+".to_string() } else { r.to_string() },
        result.words(true)
    );
    match result {
        Volley::Kill(n) => {
            losses::boxers_lose(siege, rules, io, zone, n, false);
        }
        Volley::Lose(n) => siege.today.owed = Some(Owed { zone, points: n, by: OwedBy::SoldierMelee }),
    }
}
