//! What the defenders' screen shows: the map with who is in each zone, fires, ruins and barricades, the
//! arrows; the day bar; the tracks; the wounded pool; the fire owed and each melee's exact odds before the
//! roll; the victory points standing now.

use serde::Serialize;

use super::map::{Arrow, Terrain, bit, each};
use super::nation::Nation;
use super::play::{Compiled, Ctx_, stage_words};
use super::roster::{Kind, Roster};
use super::siege::{At, Census, GunUse, OwedBy, Phase, Rules, Score, Siege, Stage, event_title, score};
use super::tables::{Rush, column};
use crate::rules::{Offer, Report, Seat};

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
    pub target: String,
    /// "join" (guns add their value), "hold" (soldiers alone), "tep" (the guns' psychological test alone).
    pub guns: String,
    pub points: u32,
    pub modifiers: Vec<(String, i32)>,
    pub odds: Vec<Chance>,
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

/// What each face of one D6 gives: the result in the table's words, and the quantity it counts (Boxer
/// points eliminated or routed, defender points eliminated), for the odds' lines and their values.
pub type Faces = [(String, i64); 6];

fn faces<T: Copy>(read: impl Fn(u8) -> T, words: impl Fn(T) -> String, count: impl Fn(T) -> i64) -> Faces {
    std::array::from_fn(|i| {
        let cell = read(i as u8 + 1);
        (words(cell), count(cell))
    })
}

/// Chances of each result, faces giving the same words being one result, in the order they first come.
pub fn chances(faces: &Faces) -> Vec<Chance> {
    let mut out: Vec<(&str, u32)> = Vec::new();
    for (words, _) in faces {
        match out.iter_mut().find(|(x, _)| *x == words) {
            Some((_, n)) => *n += 1,
            None => out.push((words, 1)),
        }
    }
    out.into_iter().map(|(result, n)| Chance { result: result.to_string(), p: n as f64 / 6.0 }).collect()
}

fn labelled(m: &super::siege::combat_mods::Mods) -> Vec<(String, i32)> {
    m.list().iter().map(|(l, v)| (l.to_string(), *v as i32)).collect()
}

/// The choices of one firing zone, with their odds.
pub fn fire_choices(rules: &Rules, siege: &Siege, census: &Census, from: u8) -> Vec<FireChoice> {
    fire_aims(rules, siege, census, from).into_iter().map(|(choice, _)| choice).collect()
}

/// The choices of one firing zone, each with what every face of its die gives.
pub fn fire_aims(rules: &Rules, siege: &Siege, census: &Census, from: u8) -> Vec<(FireChoice, Faces)> {
    use super::siege::combat_mods::{modified_row, soldier_mods};
    use super::siege::throws::{volley_kills, wavering};
    let (soldier_targets, gun_targets) = super::siege::fire_targets(siege, rules, census, from);
    let (soldiers, guns) = super::siege::firepower(siege, rules, census, from);
    let close = bit(from) | rules.map.near[from as usize];
    let mut out = Vec::new();
    for target in each(soldier_targets | (gun_targets & close)) {
        let mut modes = Vec::new();
        if guns > 0 && close & bit(target) != 0 {
            modes.push(GunUse::Join);
        }
        // Guns with a target must fire (6.3): the soldiers fire alone only where there is no gun.
        if soldiers > 0 && soldier_targets & bit(target) != 0 && (guns == 0 || gun_targets == 0) {
            modes.push(GunUse::Hold);
        }
        for mode in modes {
            let joined = mode == GunUse::Join;
            let points = soldiers + if joined { guns } else { 0 };
            let mods = soldier_mods(siege, rules, census, from, target, joined, false);
            let own = target == from;
            let faces = faces(
                |d| rules.tables.soldiers[modified_row(d, &mods)][column(points)],
                |v| v.words(own),
                volley_kills,
            );
            let choice = FireChoice {
                target: rules.map.zones[target as usize].id.clone(),
                guns: if joined { "join" } else { "hold" }.into(),
                points,
                modifiers: labelled(&mods),
                odds: chances(&faces),
            };
            out.push((choice, faces));
        }
    }
    if guns > 0 {
        for target in each(gun_targets) {
            let mods = super::siege::combat_mods::tep_mods(siege, rules, from, target);
            let fanatics = census.with_fanatics & bit(target) != 0;
            let faces = faces(
                |d| d as i32 + mods.total(),
                |r| match (r.clamp(0, 6), fanatics) {
                    (6, true) => "a unit of fanatics disperses".to_string(),
                    (6, false) => "3 Boxer points flee".to_string(),
                    (_, true) => "the fanatics hold the pile".to_string(),
                    (5, false) => "2 Boxer points flee".to_string(),
                    _ => "1 Boxer point flees".to_string(),
                },
                |r| wavering(siege, rules, target, r),
            );
            let choice = FireChoice {
                target: rules.map.zones[target as usize].id.clone(),
                guns: "tep".into(),
                points: 0,
                modifiers: labelled(&mods),
                odds: chances(&faces),
            };
            out.push((choice, faces));
        }
    }
    out
}

/// What each face of the Boxers' melee die gives in `zone` (6.4): defender points eliminated, B none.
pub fn boxer_melee_faces(rules: &Rules, siege: &Siege, census: &Census, zone: u8) -> Faces {
    use super::siege::combat_mods::{boxer_mods, modified_row};
    let points = census.boxers[zone as usize] as u32;
    let mods = boxer_mods(siege, rules, census, zone);
    faces(|d| rules.tables.boxers[modified_row(d, &mods)][column(points)], Rush::words, super::siege::throws::rush_kills)
}

pub fn melee_odds(rules: &Rules, siege: &Siege, census: &Census, zone: u8) -> MeleeView {
    use super::siege::combat_mods::{boxer_mods, modified_row, soldier_mods};
    let i = zone as usize;
    let boxer_points = census.boxers[i] as u32;
    let defender_points = census.soldiers[i] as u32 + census.guns[i] as u32;
    let bm = boxer_mods(siege, rules, census, zone);
    let sm = soldier_mods(siege, rules, census, zone, zone, false, true);
    MeleeView {
        zone: rules.map.zones[i].id.clone(),
        boxer_points,
        defender_points,
        boxers: chances(&boxer_melee_faces(rules, siege, census, zone)),
        boxer_modifiers: labelled(&bm),
        soldiers: if defender_points > 0 {
            let read = |d| rules.tables.soldiers[modified_row(d, &sm)][column(defender_points)];
            chances(&faces(read, |v| v.words(true), super::siege::throws::volley_kills))
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
    let brings = brings(siege);
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
        Some(l) => format!(
            "choose who takes {} point{} of loss in {}",
            l.points,
            if l.points == 1 { "" } else { "s" },
            l.zone_name
        ),
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
            "{} zone(s) must fire, {} first",
            fires.len(),
            map.zones[map.zone(&f.from).unwrap_or(0) as usize].name
        ));
    }
    let status = vec![
        format!(
            "Morale {}{}",
            siege.tracks.morale,
            if siege.tracks.ammunition_out { " (ammunition short)" } else { "" }
        ),
        format!("Supply box {} of 35", siege.tracks.supply),
        format!("Great Powers {} VP ({})", score.powers, score.powers_band.name()),
    ];
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
        prompts: Vec::new(),
        offers,
        units: Default::default(),
        drawing: Default::default(),
        own,
    }
}

fn brings(siege: &Siege) -> Vec<String> {
    let Some(card) = siege.today.card else { return Vec::new() };
    let mut out = vec!["1 day less of supply".to_string()];
    if card.red() {
        out.push("no Boxer activity".into());
        out.push("wounded return".into());
        if card.high() {
            out.push("event test".into());
        }
        out.push("morale +1 if no combat".into());
    } else {
        if card.high() {
            out.push("event test".into());
        }
        out.push("bombardment".into());
        if card.high() {
            out.push("combat: 20 Boxer counters".into());
        } else {
            out.push("no Boxer activity".into());
        }
    }
    out
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
