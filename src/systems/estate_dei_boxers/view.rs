//! What the defenders' screen shows: the map with who is in each zone, fires, ruins and barricades, the
//! arrows; the day bar; the tracks; the wounded pool; the fire owed and each melee's exact odds before the
//! roll; the victory points standing now.

use std::collections::BTreeMap;

use serde::Serialize;

use super::map::{Arrow, Terrain, Zones, bit, each};
use super::nation::Nation;
use super::play::{Compiled, Ctx_, stage_words};
use super::roster::{Kind, Roster};
use super::siege::{At, Census, FireOrder, GunUse, OwedBy, Phase, Rules, Score, Siege, Stage, event_title, score};
use crate::rules::{Offer, Report, Seat, plural};

/// Where a counter waiting to be drawn is.
const CUP: &str = "cup";

/// The cup is drawn blind: which counters are in it is the referee's to see, how many is everyone's.
pub fn hide(own: &mut EstateView, seat: &Seat) {
    if !seat.is_referee() {
        own.counters.retain(|c| c.at != CUP);
    }
}

#[derive(Debug, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct EstateView {
    pub map: MapView,
    /// The stage in words, and as a key.
    pub step: String,
    pub stage: Stage,
    pub day: u8,
    pub morale: u8,
    pub supply: u8,
    pub ammunition_out: bool,
    pub cha_cha: bool,
    pub cards_left: usize,
    pub card: Option<String>,
    pub brings: Vec<String>,
    pub event: Option<String>,
    pub events_used: Vec<String>,
    pub quarter: Option<u8>,
    pub entry: Option<u8>,
    pub sequence: u16,
    pub following: bool,
    /// Every counter, those in the cup only for the referee's seat (`hide`): the cup is drawn blind.
    pub counters: Vec<CounterView>,
    /// How many counters are in the cup, for every seat.
    pub in_cup: u32,
    pub wounded_points: Option<u8>,
    pub betsy_zones: Vec<String>,
    pub score: Score,
    /// The fires owed now (phase 3): each firing zone's choices with their odds.
    pub fires: Vec<FireView>,
    /// Each zone where Boxers and defenders meet: the odds of both melees.
    pub melees: Vec<MeleeView>,
    /// Losses waiting for the player to say who takes them.
    pub losses: Option<Box<LossesView>>,
    pub over: Option<String>,
}

#[derive(Debug, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct MapView {
    pub size: [f64; 2],
    pub out_of_bounds: Vec<AreaView>,
    pub zones: Vec<ZoneView>,
    pub reconstruction: String,
}

#[derive(Debug, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct AreaView {
    pub name: String,
    pub rect: [f64; 4],
}

#[derive(Debug, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct ZoneView {
    pub id: String,
    pub name: String,
    pub terrain: Terrain,
    pub nation: Option<Nation>,
    pub major: bool,
    pub quarter: u8,
    pub entry: Option<u8>,
    pub rect: [f64; 4],
    /// Where the red and green arrows lead: a zone id, "off", or none.
    pub red: Option<String>,
    pub green: Option<String>,
    pub adjacent: Vec<String>,
    pub sight: Vec<String>,
    pub fire: bool,
    pub ruin: bool,
    pub barricade: bool,
    /// No defender may be placed here (an entry zone or beside one).
    pub forbidden: bool,
    pub soldiers: u32,
    pub boxers: u32,
    pub civilians: u32,
}

#[derive(Debug, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct CounterView {
    pub id: String,
    pub name: String,
    pub kind: Kind,
    pub nation: Option<Nation>,
    pub points: u8,
    pub full: u8,
    pub zone: Option<String>,
    /// zone, wounded, lost, waiting, cup, withdrawn.
    pub at: String,
    /// Movement points left in the soldiers' movement phase.
    pub mp_left: Option<u8>,
}

#[derive(Debug, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct FireView {
    pub from: String,
    pub choices: Vec<FireChoice>,
}

#[derive(Debug, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct FireChoice {
    /// The zone it aims at: the soldiers' target, or the guns' test.
    pub target: String,
    /// "join" (guns add their value), "hold" (soldiers alone), "tep" (the guns' psychological tests, with
    /// the soldiers' volley at `order.target` where they have a target).
    pub guns: String,
    pub points: u32,
    pub modifiers: Vec<(String, i32)>,
    pub odds: Vec<Chance>,
    /// The fire action's fields that take this choice as offered: `{type: "fire", from, ...order, dice}`.
    pub order: FireFields,
}

/// A fire action's own fields (6.3, 3.1): the soldiers' target, the guns' use, and the guns' tests.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct FireFields {
    pub target: Option<String>,
    pub guns: String,
    pub tep_target: Option<String>,
    /// Guns testing a target of their own (3.1 notes): gun id to zone id.
    pub tep_targets: BTreeMap<String, String>,
}

#[derive(Debug, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Chance {
    pub result: String,
    pub p: f64,
}

#[derive(Debug, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct MeleeView {
    pub zone: String,
    pub boxer_points: u32,
    pub defender_points: u32,
    pub boxers: Vec<Chance>,
    pub boxer_modifiers: Vec<(String, i32)>,
    pub soldiers: Vec<Chance>,
    pub soldier_modifiers: Vec<(String, i32)>,
}

/// Losses the defenders owe, waiting for the player to say who takes them (6.4).
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct LossesView {
    pub zone: String,
    pub zone_name: String,
    /// Points to assign: those owed, or all the zone's soldiers and guns can take.
    pub points: u8,
    /// What caused them, in words.
    pub by: String,
    /// After the soldiers and guns, the rest falls on the civilians (a Boxer melee).
    pub civilians_next: bool,
    /// The counters that may take them: the soldiers, then the guns once no soldier point is left.
    pub counters: Vec<LossCandidate>,
}

#[derive(Debug, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct LossCandidate {
    pub id: String,
    pub name: String,
    pub points: u8,
    pub gun: bool,
}

fn losses_view(rules: &Rules, siege: &Siege) -> Option<Box<LossesView>> {
    let owed = siege.today.owed?;
    let (soldiers, guns) = super::siege::loss_capacity(siege, rules, owed.zone);
    let capacity = soldiers + guns;
    let can_take = [Kind::Soldiers, Kind::Volunteers, Kind::MachineGun, Kind::Cannon];
    let counters = Roster::garrison_pieces(siege.garrison_in(rules, owed.zone, &can_take))
        .map(|p| LossCandidate {
            id: rules.roster.pieces[p].id.clone(),
            name: rules.roster.pieces[p].name.clone(),
            points: siege.pieces[p].points,
            gun: rules.roster.kinds[p].is_gun(),
        })
        .collect::<Vec<_>>();
    let by = match owed.by {
        OwedBy::Fire => "their own fire into the zone (S results)",
        OwedBy::BoxerMelee => "the Boxers' melee",
        OwedBy::SoldierMelee => "the soldiers' melee (S results)",
    };
    Some(Box::new(LossesView {
        zone: rules.map.zones[owed.zone as usize].id.clone(),
        zone_name: rules.map.name(owed.zone).to_string(),
        points: owed.points.min(capacity),
        by: by.into(),
        civilians_next: owed.by == OwedBy::BoxerMelee && owed.points > capacity,
        counters: counters.into_iter().filter(|c| !c.gun || owed.points > soldiers).collect(),
    }))
}

fn arrow_id(rules: &Rules, a: Option<Arrow>) -> Option<String> {
    a.map(|a| match a {
        Arrow::Off => "off".to_string(),
        Arrow::To(z) => rules.map.zones[z as usize].id.clone(),
    })
}

fn ids(rules: &Rules, set: u64) -> Vec<String> {
    each(set).map(|z| rules.map.zones[z as usize].id.clone()).collect()
}

fn labelled(m: &super::siege::combat_mods::Mods) -> Vec<(String, i32)> {
    m.list().iter().map(|(l, v)| (l.to_string(), *v as i32)).collect()
}

/// The fire action's fields that take an order aimed at `aim` as offered (the dice apart): the guns'
/// tests at `aim`, any gun testing elsewhere named with its own target.
fn fire_fields(rules: &Rules, order: &FireOrder, aim: u8) -> FireFields {
    let id = |z: u8| rules.map.zones[z as usize].id.clone();
    match &order.guns {
        GunUse::Tep(list) => FireFields {
            target: order.target.map(id),
            guns: "tep".into(),
            tep_target: Some(id(aim)),
            tep_targets: list
                .iter()
                .filter(|&&(_, t)| t != aim)
                .map(|&(g, t)| (rules.roster.pieces[g].id.clone(), id(t)))
                .collect(),
        },
        guns => FireFields {
            target: order.target.map(id),
            guns: if *guns == GunUse::Join { "join" } else { "hold" }.into(),
            tep_target: None,
            tep_targets: BTreeMap::new(),
        },
    }
}

/// The psychological tests that take `target`: each working gun of `from` that reaches it tests it; one
/// that does not, but has a pile of its own in reach, tests the first of those, for every gun with a
/// target must fire (6.3); one with nothing in reach holds (3).
fn tests_at(rules: &Rules, siege: &Siege, from: u8, gun_targets: Zones, target: u8) -> Vec<(usize, u8)> {
    super::siege::working_guns_in(siege, rules, from)
        .filter_map(|g| {
            let reaches = super::siege::gun_reaches(rules, from, rules.roster.pieces[g].kind, gun_targets);
            let aim = if reaches & bit(target) != 0 { Some(target) } else { each(reaches).next() };
            aim.map(|t| (g, t))
        })
        .collect()
}

/// The choices of one firing zone, each an order the fire action takes as offered, with its exact odds.
pub fn fire_choices(rules: &Rules, siege: &Siege, census: &Census, from: u8) -> Vec<FireChoice> {
    use super::siege::combat_mods::{soldier_mods, tep_mods};
    let (soldier_targets, gun_targets) = super::siege::fire_targets(siege, rules, census, from);
    let (soldiers, guns) = super::siege::firepower(siege, rules, census, from);
    let close = bit(from) | rules.map.near[from as usize];
    let mut orders = Vec::new();
    for target in each(soldier_targets | (gun_targets & close)) {
        if guns > 0 && close & bit(target) != 0 {
            orders.push((target, FireOrder { target: Some(target), guns: GunUse::Join }));
        }
        // Guns with a target must fire (6.3): the soldiers fire alone only where there is no gun.
        if soldiers > 0 && soldier_targets & bit(target) != 0 && (guns == 0 || gun_targets == 0) {
            orders.push((target, FireOrder { target: Some(target), guns: GunUse::Hold }));
        }
    }
    if guns > 0 {
        // Soldiers with a target must fire too (6.3): beside the guns' test, at the test's zone where they
        // may, else at their first target.
        let volley = |aim: u8| {
            (soldier_targets != 0)
                .then(|| if soldier_targets & bit(aim) != 0 { aim } else { each(soldier_targets).next().expect("a target") })
        };
        for target in each(gun_targets) {
            let tests = tests_at(rules, siege, from, gun_targets, target);
            orders.push((target, FireOrder { target: volley(target), guns: GunUse::Tep(tests) }));
        }
    }
    orders
        .into_iter()
        .map(|(target, order)| {
            let (points, mods) = match (&order.guns, order.target) {
                (GunUse::Tep(_), None) => (0, tep_mods(siege, rules, from, target)),
                (GunUse::Tep(_), Some(volley)) => (soldiers, soldier_mods(siege, rules, census, from, volley, false, false)),
                (g, _) => {
                    let joined = *g == GunUse::Join;
                    (soldiers + if joined { guns } else { 0 }, soldier_mods(siege, rules, census, from, target, joined, false))
                }
            };
            let fanatics = census.with_fanatics & bit(target) != 0;
            let ways = super::exact::fire(rules, siege, from, &order);
            let fields = fire_fields(rules, &order, target);
            FireChoice {
                target: rules.map.zones[target as usize].id.clone(),
                guns: fields.guns.clone(),
                points,
                modifiers: labelled(&mods),
                odds: super::exact::chances(&ways, fanatics),
                order: fields,
            }
        })
        .collect()
}

pub fn melee_odds(rules: &Rules, siege: &Siege, census: &Census, zone: u8) -> MeleeView {
    use super::siege::combat_mods::{boxer_mods, soldier_mods};
    let i = zone as usize;
    let boxer_points = census.boxers[i] as u32;
    let defender_points = census.soldiers[i] as u32 + census.guns[i] as u32;
    let bm = boxer_mods(siege, rules, census, zone);
    let sm = soldier_mods(siege, rules, census, zone, zone, false, true);
    let fanatics = census.with_fanatics & bit(zone) != 0;
    MeleeView {
        zone: rules.map.zones[i].id.clone(),
        boxer_points,
        defender_points,
        boxers: super::exact::chances(&super::exact::boxer_melee_in(rules, siege, zone), false),
        boxer_modifiers: labelled(&bm),
        soldiers: if defender_points > 0 {
            super::exact::chances(&super::exact::soldier_melee_in(rules, siege, zone), fanatics)
        } else {
            Vec::new()
        },
        soldier_modifiers: labelled(&sm),
    }
}

pub fn report(ctx: &Ctx_) -> Report<EstateView> {
    let c = Compiled::of(&ctx.setup.scenario);
    let rules = c.rules(ctx.charts, &|n| ctx.option(n));
    let siege = ctx.turn.siege();
    let census = siege.census(&rules);
    let map = &rules.map;
    let zones = map
        .zones
        .iter()
        .enumerate()
        .map(|(i, z)| {
            let b = bit(i as u8);
            ZoneView {
                id: z.id.clone(),
                name: z.name.clone(),
                terrain: z.terrain,
                nation: z.nation,
                major: z.major,
                quarter: z.quarter,
                entry: z.entry,
                rect: z.rect,
                red: arrow_id(&rules, map.red[i]),
                green: arrow_id(&rules, map.green[i]),
                adjacent: ids(&rules, map.walk[i]),
                sight: ids(&rules, map.near[i] & !map.walk[i]),
                fire: siege.marks.fires & b != 0,
                ruin: siege.marks.ruins & b != 0,
                barricade: siege.marks.barricades & b != 0,
                forbidden: map.forbidden & b != 0,
                soldiers: census.soldiers[i] as u32 + census.guns[i] as u32,
                boxers: census.boxers[i] as u32,
                civilians: census.civilians[i] as u32,
            }
        })
        .collect();
    let moving = siege.stage == (Stage::Combat { phase: Phase::SoldierMove });
    let counters: Vec<CounterView> = rules
        .roster
        .pieces
        .iter()
        .zip(&siege.pieces)
        .map(|(info, piece)| CounterView {
            id: info.id.clone(),
            name: info.name.clone(),
            kind: info.kind,
            nation: info.nation,
            points: piece.points,
            full: info.full,
            zone: piece.zone().map(|z| map.zones[z as usize].id.clone()),
            at: match piece.at {
                At::Zone(_) => "zone",
                At::Wounded => "wounded",
                At::Lost => "lost",
                At::Waiting => "waiting",
                At::Cup => CUP,
                At::Withdrawn => "withdrawn",
            }
            .into(),
            mp_left: (moving && piece.zone().is_some() && !info.kind.is_chinese()).then(|| {
                if matches!(info.kind, Kind::Civilians | Kind::MachineGun | Kind::Cannon) {
                    if piece.spent == 0 { 1 } else { 0 }
                } else {
                    rules.tables.soldier_points.saturating_sub(piece.spent)
                }
            }),
        })
        .collect();
    let fires = if siege.stage == (Stage::Combat { phase: Phase::SoldierFire }) {
        each(super::siege::firing_zones(siege, &rules, &census) & !siege.marks.fired)
            .map(|z| FireView {
                from: map.zones[z as usize].id.clone(),
                choices: fire_choices(&rules, siege, &census, z),
            })
            .collect()
    } else {
        Vec::new()
    };
    let melees = each(census.with_chinese & census.holds()).map(|z| melee_odds(&rules, siege, &census, z)).collect();
    let brings = siege.today.card.map_or_else(Vec::new, |card| {
        super::siege::brings(&rules, card).into_iter().map(str::to_string).collect()
    });
    let score = score(&rules, siege);
    let over = siege.end.map(|end| match end {
        super::siege::End::Relief => format!(
            "The relief column arrives: Great Powers {} VP ({}), Boxers {} VP ({})",
            score.powers,
            score.powers_band.name(),
            score.boxers,
            score.boxers_band.name()
        ),
        super::siege::End::Overrun => "The Boxers overran the Quarter: total victory for the Boxers".into(),
    });
    let losses = losses_view(&rules, siege);
    let step = match &losses {
        Some(l) => format!("choose who takes {} of loss in {}", plural(l.points as usize, "point", "points"), l.zone_name),
        None if siege.stage == Stage::Betsy && super::siege::betsy_zones(siege, &rules) == 0 => {
            format!("{}: advance goes on without her", super::siege::NO_ROOM_FOR_BETSY)
        }
        None => stage_words(siege.stage),
    };
    let headline =
        if siege.tracks.day == 0 { format!("Set-up: {step}") } else { format!("Day {}: {step}", siege.tracks.day) };
    let mut owed = Vec::new();
    if siege.stage == (Stage::Combat { phase: Phase::SoldierMove }) {
        for p in super::siege::must_leave(siege, &rules) {
            owed.push(format!(
                "{} must leave the flames (or is driven out when the moves end)",
                rules.roster.pieces[p].name
            ));
        }
    }
    if let Some(f) = fires.first() {
        owed.push(format!(
            "{} must fire, {} first",
            plural(fires.len(), "zone", "zones"),
            map.zones[map.zone(&f.from).unwrap_or(0) as usize].name
        ));
    }
    let mut status = vec![
        format!(
            "Morale {}{}",
            siege.tracks.morale,
            if siege.tracks.ammunition_out { " (ammunition short)" } else { "" }
        ),
        format!("Supply box {} of 35", siege.tracks.supply),
        format!("Great Powers {} VP ({})", score.powers, score.powers_band.name()),
    ];
    status.extend(table_lines(&rules, siege));
    let offers = offers(&rules, siege);
    let own = EstateView {
        map: MapView {
            size: map.size,
            out_of_bounds: map
                .out_of_bounds
                .iter()
                .map(|(name, rect)| AreaView { name: name.clone(), rect: *rect })
                .collect(),
            zones,
            reconstruction: "Sandtable's reconstruction of the Legation Quarter: the rules' text has no map".into(),
        },
        step,
        stage: siege.stage,
        day: siege.tracks.day,
        morale: siege.tracks.morale,
        supply: siege.tracks.supply,
        ammunition_out: siege.tracks.ammunition_out,
        cha_cha: siege.tracks.cha_cha,
        cards_left: if ctx.turn.dealt { ctx.turn.deck.remaining() } else { 54 },
        card: ctx.turn.deck.discard_pile().last().filter(|_| siege.tracks.day > 0).map(|c| c.to_string()),
        brings,
        event: siege.today.event.map(|e| format!("{e}: {}", event_title(e))),
        events_used: (2..=12u8).filter(|&e| siege.tracks.used(e)).map(|e| format!("{e}: {}", event_title(e))).collect(),
        quarter: siege.today.quarter,
        entry: siege.today.entry,
        sequence: siege.today.sequences,
        following: ctx.turn.stepping,
        in_cup: counters.iter().filter(|c: &&CounterView| c.at == CUP).count() as u32,
        counters,
        wounded_points: match siege.stage {
            Stage::Wounded { points } => Some(points),
            _ => None,
        },
        betsy_zones: if siege.stage == Stage::Betsy {
            ids(&rules, super::siege::betsy_zones(siege, &rules))
        } else {
            Vec::new()
        },
        score,
        fires,
        melees,
        over,
        losses,
    };
    Report {
        headline,
        owed,
        status,
        prompts: super::due::prompts(&rules, siege, ctx.turn.stepping),
        offers,
        units: Default::default(),
        drawing: Default::default(),
        own,
    }
}

/// The table in words, for a screen that has no map (`game show`): a line for each zone holding counters
/// or marked, its counters with their points, the defenders first; then the wounded pool and the cup's count.
fn table_lines(rules: &Rules, siege: &Siege) -> Vec<String> {
    let counter = |p: usize| {
        let (info, points) = (&rules.roster.pieces[p], siege.pieces[p].points);
        match info.kind {
            k if k.is_leader() => info.name.clone(),
            k if k.is_officer() => format!("{} (+{points})", info.name),
            _ => format!("{} ({points})", info.name),
        }
    };
    let mut lines = Vec::new();
    for (i, zone) in rules.map.zones.iter().enumerate() {
        let b = bit(i as u8);
        let marks = [(siege.marks.fires, "burning"), (siege.marks.ruins, "ruins"), (siege.marks.barricades, "barricade")];
        let marked: String = marks.iter().filter(|(set, _)| set & b != 0).map(|(_, word)| format!(", {word}")).collect();
        let (boxers, defenders): (Vec<usize>, Vec<usize>) = (0..rules.roster.pieces.len())
            .filter(|&p| siege.pieces[p].zone() == Some(i as u8))
            .partition(|&p| rules.roster.pieces[p].kind.is_chinese());
        if boxers.is_empty() && defenders.is_empty() && marked.is_empty() {
            continue;
        }
        let side = |pieces: &[usize]| pieces.iter().map(|&p| counter(p)).collect::<Vec<_>>().join(", ");
        let held = [(!defenders.is_empty()).then(|| side(&defenders)), (!boxers.is_empty()).then(|| format!("Boxers: {}", side(&boxers)))];
        let held: Vec<String> = held.into_iter().flatten().collect();
        lines.push(format!("{} {}{marked}: {}", zone.id, zone.name, if held.is_empty() { "empty".into() } else { held.join("; ") }));
    }
    let pool: Vec<String> =
        (0..rules.roster.defenders).filter(|&p| siege.pieces[p].at == At::Wounded).map(|p| rules.roster.pieces[p].name.clone()).collect();
    if !pool.is_empty() {
        lines.push(format!("Wounded pool: {}", pool.join(", ")));
    }
    let cup = rules.roster.chinese().filter(|&p| siege.pieces[p].at == At::Cup).count();
    lines.push(format!("In the cup: {}", plural(cup, "counter", "counters")));
    lines
}

fn offers(rules: &Rules, siege: &Siege) -> Vec<Offer> {
    let mut out = Vec::new();
    let over = siege.stage == Stage::Over;
    out.push(match siege.stage {
        Stage::Draw | Stage::Setup => Offer::open("draw_card"),
        Stage::Over => Offer::barred("draw_card", "the siege is over"),
        s => Offer::barred("draw_card", format!("the day is not over: {}", stage_words(s))),
    });
    out.push(match siege.stage {
        Stage::Draw => Offer::barred("advance", "draw the day's card"),
        _ if over => Offer::barred("advance", "the siege is over"),
        _ => Offer::open("advance"),
    });
    if siege.today.owed.is_some() {
        out.push(Offer::open("take_losses"));
    }
    if matches!(siege.stage, Stage::Redeploy | Stage::Combat { phase: Phase::SoldierMove }) {
        out.push(Offer::open("end_moves"));
    }
    if siege.stage == Stage::Betsy {
        let zones = super::siege::betsy_zones(siege, rules);
        out.push(if zones == 0 {
            Offer::barred("place_betsy", super::siege::NO_ROOM_FOR_BETSY)
        } else {
            Offer::picking("place_betsy", "zone", ids(rules, zones))
        });
    }
    out
}
