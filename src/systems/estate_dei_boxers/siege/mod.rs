//! The siege itself, played on compact state: every piece's points and place, the tracks, the fire and
//! ruin marks as zone masks, and the stage the day stands at. The same procedure serves the app (a
//! player's decisions, dice typed or rolled, every step told in the log) and the simulator (a strategy's
//! decisions, a fast RNG, nothing told), through two traits: `Io` (dice and the log's sentences) and
//! `Command` (the defenders' decisions; `None` stops the procedure there until the player decides).

/// Tells a sentence only when the `Io` keeps them, so the simulator never formats one.
macro_rules! tell {
    ($io:expr, $($arg:tt)*) => {
        if $io.tells() { $io.say(format!($($arg)*)) }
    };
}

mod boxers;
mod census;
mod combat;
mod day;
mod events;
mod losses;
mod moves;
pub mod throws;
pub mod victory;

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

pub use census::{Census, Tally};
/// The modifiers of each roll, for the odds the screen shows before it.
pub mod combat_mods {
    pub use super::combat::{Mods, boxer_mods, modified_row, soldier_mods, tep_mods};
}
pub use combat::{
    FireOrder, GunUse, boxer_melee, fire_targets, firepower, firing_zones, gun_reaches, modified_row, morale_test,
    soldier_melee, working_guns_in,
};
pub use losses::{capacity as loss_capacity, check_losses, choice_owed, settle_owed};
pub use boxers::arrow as boxer_arrow;
pub use moves::{Move, free_move_check, move_check, must_leave, step_cost};
pub use victory::{Band, Score, score};

use super::map::{Map, Zones};
use super::roster::{Cup, Garrison, Kind, Roster};
use super::tables::Tables;

/// Where a piece is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum At {
    Zone(u8),
    /// A defender's counter eliminated: in the wounded pool, to come back on a red card.
    Wounded,
    /// Gone for good: an officer with no subaltern left, a gun's crew, civilians.
    Lost,
    /// Betsy before she is built.
    Waiting,
    /// A Chinese counter in the cup.
    Cup,
    /// The regulars and their general after the truce (event 12).
    Withdrawn,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Piece {
    /// Points left: the front's value, or the back's once flipped; 0 once eliminated.
    pub points: u8,
    pub at: At,
    /// Movement points spent in this movement phase (a civilian or gun that has moved its one zone: 255).
    pub spent: u8,
}

impl Piece {
    pub fn zone(&self) -> Option<u8> {
        match self.at {
            At::Zone(z) => Some(z),
            _ => None,
        }
    }
}

/// The tracks and what the deck has brought so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Tracks {
    /// Cards drawn: the day.
    pub day: u8,
    /// 0-10.
    pub morale: u8,
    /// 1-35; 35 is exhausted.
    pub supply: u8,
    /// Event 3: the morale marker's back, -2 on every soldiers' roll.
    pub ammunition_out: bool,
    /// Event 8: +3 on the Boxers' combat dice in the next attack.
    pub cha_cha: bool,
    /// Once-only events that have happened, one bit per event number.
    pub events_used: u16,
    /// Red pictures drawn (Betsy is built after the third).
    pub red_pictures: u8,
}

impl Tracks {
    pub fn used(&self, event: u8) -> bool {
        self.events_used & (1 << event) != 0
    }
    pub fn truce(&self) -> bool {
        self.used(12)
    }
}

/// Fires, ruins and barricades, one bit per zone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Marks {
    pub fires: Zones,
    pub ruins: Zones,
    /// Fires caught by spreading: they do not spread in the next spreading (6.1).
    pub spread: Zones,
    /// Fires the soldiers failed to put out: they can no longer be fought (6.1).
    pub fought: Zones,
    pub barricades: Zones,
    /// Zones whose Boxer pile has already split once (6.2).
    pub split: Zones,
    /// Zones whose Boxers lost points in this sequence: they test morale (6.7).
    pub hit: Zones,
    /// Zones whose soldiers and guns have fired in this fire phase.
    pub fired: Zones,
}

/// A card as the day table reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum DayCard {
    Pip { red: bool, value: u8 },
    Ace { red: bool },
    Picture { red: bool },
    Joker { red: bool },
}

impl DayCard {
    pub fn red(self) -> bool {
        match self {
            DayCard::Pip { red, .. } | DayCard::Ace { red } | DayCard::Picture { red } | DayCard::Joker { red } => red,
        }
    }
    /// An ace, a picture or a joker: an event test, and on black an attack.
    pub fn high(self) -> bool {
        !matches!(self, DayCard::Pip { .. })
    }
}

/// What today brings and has brought.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Today {
    pub card: Option<DayCard>,
    /// Event 4: no combat and no bombardment today.
    pub heavy_rain: bool,
    /// Event 10: no bombardment today.
    pub light_rain: bool,
    /// Event 6: an attack from zone 3 (the last counters of the cup on a black card).
    pub mine: bool,
    /// Combat (a bombardment counts) happened today: no morale +1 (FAQ).
    pub fought: bool,
    /// Major legations already charged -1 morale today for standing empty, one bit per zone index of the
    /// legation's first zone.
    pub empty_charged: Zones,
    /// Officers eliminated for good today (MacDonald apart): -4 morale each at the day's end.
    pub officers_lost: u8,
    /// MacDonald fell today and his -6 waits for the day's end (option `macdonald_loss_at_days_end`;
    /// otherwise it comes at once, 1.5.3).
    pub macdonald_lost: bool,
    /// Combat sequences fought today.
    pub sequences: u16,
    /// The event rolled today, once it has been.
    pub event: Option<u8>,
    /// The quarter shelled today.
    pub quarter: Option<u8>,
    /// The attack's entry zone (1-6).
    pub entry: Option<u8>,
    /// The Boxers fought a melee with event 8's +3: it is spent at the day's end.
    pub cha_cha_used: bool,
    /// Losses the defenders owe, waiting for the player to say which counters take them. Left out of
    /// stored changes while None, so logs from before it read and write back unchanged.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub owed: Option<Owed>,
    /// The zones whose melee is still to be fought in this melee phase; None before the phase begins.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub melees: Option<Zones>,
    /// The cup's counters today's attack drew, and the mine's attack (event 6): the only choice the
    /// procedure makes at random without a die, kept so an entry can be followed again throw by throw.
    /// Left out of stored changes while empty, as logs from before it were written.
    #[serde(default, skip_serializing_if = "none_drawn")]
    pub drawn: Cup,
    #[serde(default, skip_serializing_if = "none_drawn")]
    pub mine_drawn: Cup,
}

impl Today {
    /// The day is red: a red card, or a black one that heavy rain made red (5.3, event 4: "la carta è
    /// considerata come rossa", for every purpose).
    pub fn red(&self) -> bool {
        self.card.is_some_and(DayCard::red) || self.heavy_rain
    }
}

fn none_drawn(set: &Cup) -> bool {
    *set == 0
}

/// Losses the defenders owe in a zone (6.3 S and 2S, 6.4, 6.6): "the player chooses the counters that
/// take them", soldiers first, then guns, then civilians.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Owed {
    pub zone: u8,
    pub points: u8,
    pub by: OwedBy,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum OwedBy {
    /// An S or 2S result of the soldiers' fire into their own zone.
    Fire,
    /// The Boxers' melee: what the soldiers and guns cannot take falls on the civilians, and officers risk
    /// death where soldiers fell.
    BoxerMelee,
    SoldierMelee,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type), serde(rename = "EstatePhase"))]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    Fires,
    BoxerMove,
    SoldierFire,
    BoxerMelee,
    SoldierMove,
    SoldierMelee,
    Morale,
    Ignite,
    End,
}

impl Phase {
    pub fn title(self) -> &'static str {
        match self {
            Phase::Fires => "1 Fires out or spreading",
            Phase::BoxerMove => "2 Boxer movement",
            Phase::SoldierFire => "3 Soldiers fire",
            Phase::BoxerMelee => "4 Boxer melee",
            Phase::SoldierMove => "5 Soldier movement",
            Phase::SoldierMelee => "6 Soldier melee",
            Phase::Morale => "7 Boxer morale",
            Phase::Ignite => "8 Boxers set fires",
            Phase::End => "9 End of the sequence",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type), serde(rename = "EstateStage"))]
#[serde(rename_all = "snake_case", tag = "stage")]
pub enum Stage {
    /// Before the first card: barricades and the soldiers' deployment.
    Setup,
    /// Waiting for the day's card.
    Draw,
    Supply,
    /// The player picks who comes back from the wounded pool.
    Wounded {
        points: u8,
    },
    /// The player places Betsy.
    Betsy,
    Event,
    Bombard,
    /// The player may reposition the defenders freely.
    Redeploy,
    Attack,
    Combat {
        phase: Phase,
    },
    EndDay,
    Over,
}

/// How the siege ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum End {
    /// The last card: the relief column arrives.
    Relief,
    /// No soldiers and no civilians left: the Boxers' total victory.
    Overrun,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Siege {
    pub pieces: Vec<Piece>,
    pub tracks: Tracks,
    pub marks: Marks,
    pub today: Today,
    pub stage: Stage,
    pub end: Option<End>,
    /// The census kept up to date as pieces change, where the siege keeps one (the simulator's).
    #[serde(skip)]
    pub tally: Tally,
}

/// What the procedure reads and never changes: the map, the counters, the tables, the options.
pub struct Rules<'a> {
    pub map: &'a Map,
    pub roster: &'a Roster,
    pub tables: &'a Tables,
    pub options: Options,
}

impl<'a> Rules<'a> {
    /// The rules as the text plays them: every option off.
    pub fn plain(map: &'a Map, roster: &'a Roster, tables: &'a Tables) -> Rules<'a> {
        Rules { map, roster, tables, options: Options::default() }
    }
}

/// The ruleset's named options (`[options]` in `ruleset.toml`), each off by default as the text reads.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Options {
    /// `wounded_twelve`, the FAQ's option: a red 2-10 returns 12 wounded points.
    pub wounded_twelve: bool,
    /// `stone_walls_do_not_burn`: the Tartar Wall and its ramps never burn.
    pub stone_walls: bool,
    /// `civilians_keep_their_zone`: each civilian counter keeps to the zone it began in while it stands,
    /// not to any zone of its legation (8.2).
    pub civilians_keep_zone: bool,
    /// `macdonald_loss_at_days_end`: MacDonald's -6 morale waits for the day's end (4) instead of coming
    /// at once (1.5.3).
    pub macdonald_at_days_end: bool,
    /// `psychological_test_unpenalised`: the ammunition's -2 and morale 0's -3 leave the guns'
    /// psychological test alone.
    pub tep_unpenalised: bool,
}

impl Options {
    /// The options' names in the ruleset, in the order of `read`.
    pub const NAMES: [&'static str; 5] = [
        "wounded_twelve",
        "stone_walls_do_not_burn",
        "civilians_keep_their_zone",
        "macdonald_loss_at_days_end",
        "psychological_test_unpenalised",
    ];

    /// The options a game or a simulation plays with, by name.
    pub fn read(on: impl Fn(&str) -> bool) -> Options {
        let [wounded_twelve, stone_walls, civilians_keep_zone, macdonald_at_days_end, tep_unpenalised] =
            Options::NAMES.map(on);
        Options { wounded_twelve, stone_walls, civilians_keep_zone, macdonald_at_days_end, tep_unpenalised }
    }
}

/// Dice and words. The app types or rolls each die and keeps every sentence; the simulator rolls fast and
/// keeps none (`TELLS` false skips building the sentences at all).
pub trait Io {
    const TELLS: bool;
    fn d6(&mut self, label: impl FnOnce() -> String) -> u8;
    /// One of `n` at random (a counter drawn from the cup).
    fn pick(&mut self, n: usize) -> usize;
    fn say(&mut self, line: String);
    fn tells(&self) -> bool {
        Self::TELLS
    }
    /// A throw the procedure has just read, with the count each total of its dice gives as the table
    /// stood before it (`count`), for the luck ledger; the simulator keeps none.
    fn counted(&mut self, _throw: throws::Throw, _count: impl Fn(u8) -> i64) {}
    /// The result the die just read gives, as the table names it (`named`: the points it names) and in
    /// words, for the odds' lines; the app and the simulator keep none.
    fn table_says(&mut self, _named: i64, _words: impl FnOnce() -> String) {}
    /// The cup's counters an attack's draw gives (`mine`: the mine's attack) when they are already known,
    /// as when an entry is followed again; None draws them at random.
    fn redraw(&mut self, _mine: bool) -> Option<Cup> {
        None
    }
}

/// The defenders' decisions. A strategy always answers; the player answers through actions, so the app's
/// `Command` answers None and the procedure waits at that stage. Each decision waits unless answered, so a
/// `Command` that answers some (a test's, the app's one choice) names only those.
pub trait Command {
    /// Counters back from the wounded pool: (piece, points it comes back with, zone).
    fn wounded(&mut self, _rules: &Rules, _siege: &Siege, _points: u8) -> Option<Vec<(usize, u8, u8)>> {
        None
    }
    fn betsy(&mut self, _rules: &Rules, _siege: &Siege) -> Option<u8> {
        None
    }
    /// Free repositioning (5.1.2, 5.1.3): moves made now, applied as given.
    fn redeploy(&mut self, _rules: &Rules, _siege: &Siege) -> Option<Vec<(usize, u8)>> {
        None
    }
    /// The fire of one zone's soldiers and guns.
    fn fire(&mut self, _rules: &Rules, _siege: &Siege, _census: &Census, _from: u8) -> Option<FireOrder> {
        None
    }
    /// The soldier movement phase's moves, all at once.
    fn moves(&mut self, _rules: &Rules, _siege: &Siege) -> Option<Vec<Move>> {
        None
    }
    /// Which counters take the losses owed (`siege.today.owed`): one entry per point, in order, soldiers
    /// before guns; empty for Sandtable's rule (`losses::by_rule`).
    fn losses(&mut self, _rules: &Rules, _siege: &Siege) -> Option<Vec<usize>> {
        None
    }
}

/// The app's `Command`: every decision is the player's, so the procedure stops at each.
pub struct Waits;

impl Command for Waits {}

/// An answer to the losses owed, given once (empty: Sandtable's rule); every other decision waits.
pub struct LossesOnce(pub Option<Vec<usize>>);

impl Command for LossesOnce {
    fn losses(&mut self, _: &Rules, _: &Siege) -> Option<Vec<usize>> {
        self.0.take()
    }
}

impl Siege {
    /// The siege as the scenario sets it up: morale 10, supply at box 1, the pieces where they start.
    pub fn new(rules: &Rules) -> Siege {
        let pieces = rules
            .roster
            .pieces
            .iter()
            .map(|info| Piece {
                points: info.full,
                at: match (info.start, info.betsy, info.kind.is_chinese()) {
                    (Some(z), _, _) => At::Zone(z),
                    (None, true, _) => At::Waiting,
                    _ => At::Cup,
                },
                spent: 0,
            })
            .collect();
        Siege {
            pieces,
            tracks: Tracks { morale: 10, supply: 1, ..Tracks::default() },
            marks: Marks { barricades: rules.roster.barricades, ..Marks::default() },
            today: Today::default(),
            stage: Stage::Setup,
            end: None,
            tally: Tally::default(),
        }
        .counted(rules)
    }

    /// The same siege keeping its census up to date from now on.
    pub fn counted(mut self, rules: &Rules) -> Siege {
        self.tally = Tally(Some(Box::new(census::Kept::of(rules, &self))));
        self
    }

    /// Changes a piece, keeping the census. Every change to a piece's points or place goes through here.
    pub fn set(&mut self, rules: &Rules, piece: usize, new: Piece) {
        let old = self.pieces[piece];
        if let Some(census) = self.tally.0.as_deref_mut() {
            if let At::Zone(z) = old.at {
                census.remove(rules, piece, old.points, z);
            }
            if let At::Zone(z) = new.at {
                census.add(rules, piece, new.points, z);
            }
        }
        self.pieces[piece] = new;
    }

    /// A piece to a new place, its points kept.
    pub fn put(&mut self, rules: &Rules, piece: usize, at: At) {
        let p = self.pieces[piece];
        self.set(rules, piece, Piece { at, ..p });
    }

    /// A piece's points, its place kept.
    pub fn set_points(&mut self, rules: &Rules, piece: usize, points: u8) {
        let p = self.pieces[piece];
        self.set(rules, piece, Piece { points, ..p });
    }

    /// The defenders' pieces of these kinds in `zone`.
    pub fn garrison_in(&self, rules: &Rules, zone: u8, kinds: &[Kind]) -> Garrison {
        let here = match self.tally.0.as_deref() {
            Some(kept) => kept.garrison_at[zone as usize],
            None => (0..rules.roster.defenders)
                .filter(|&p| self.pieces[p].at == At::Zone(zone))
                .fold(0, |set, p| set | 1 << p),
        };
        here & rules.roster.garrison_of(kinds)
    }

    /// The cup's counters of these kinds in `zone`.
    pub fn cup_in(&self, rules: &Rules, zone: u8, kinds: &[Kind]) -> Cup {
        let here = match self.tally.0.as_deref() {
            Some(kept) => kept.cup_at[zone as usize],
            None => rules
                .roster
                .chinese()
                .filter(|&p| self.pieces[p].at == At::Zone(zone))
                .fold(0, |set, p| set | 1 << (p - rules.roster.defenders)),
        };
        here & rules.roster.cup_of(kinds)
    }

    pub fn kind(&self, rules: &Rules, piece: usize) -> Kind {
        rules.roster.pieces[piece].kind
    }

    /// Morale up or down, kept within 0-10.
    pub fn shift_morale(&mut self, by: i32) {
        self.tracks.morale = (self.tracks.morale as i32 + by).clamp(0, 10) as u8;
    }

    /// Who is in each zone: the kept census lent, or one counted afresh. A caller that changes pieces while
    /// it still reads the census takes a copy (`into_owned`), a snapshot of the zones as they stood.
    pub fn census(&self, rules: &Rules) -> Cow<'_, Census> {
        match self.tally.0.as_deref() {
            Some(kept) => {
                debug_assert_eq!(kept.census, Census::of(rules, self), "the kept census drifted from the pieces");
                Cow::Borrowed(&kept.census)
            }
            None => Cow::Owned(Census::of(rules, self)),
        }
    }

    /// Runs the procedure from the stage it stands at until a decision `command` does not make, the
    /// next card is due, or the siege is over. With `one_step`, stops after one stage of the day or one
    /// phase of combat, so a player can follow the Boxers phase by phase.
    pub fn run<I: Io, C: Command>(&mut self, rules: &Rules, io: &mut I, command: &mut C, one_step: bool) {
        loop {
            if day::overrun_ends(self, rules, io) {
                return;
            }
            let before = self.stage;
            let waiting = match self.stage {
                Stage::Setup | Stage::Draw | Stage::Over => true,
                Stage::Supply => {
                    day::supply(self, rules, io);
                    false
                }
                Stage::Wounded { points } => !day::wounded(self, rules, io, command, points),
                Stage::Betsy => !day::betsy(self, rules, io, command),
                Stage::Event => {
                    events::event_test(self, rules, io);
                    false
                }
                Stage::Bombard => {
                    day::bombard(self, rules, io);
                    false
                }
                Stage::Redeploy => !day::redeploy(self, rules, io, command),
                Stage::Attack => {
                    day::attack(self, rules, io);
                    false
                }
                Stage::Combat { phase } => !combat::phase(self, rules, io, command, phase),
                Stage::EndDay => {
                    day::end_day(self, rules, io);
                    false
                }
            };
            if waiting || (one_step && self.stage != before) {
                day::overrun_ends(self, rules, io);
                return;
            }
        }
    }

    /// Plays the day's card: the day table's steps follow in order.
    pub fn draw(&mut self, io: &mut impl Io, card: DayCard) {
        day::draw(self, io, card)
    }

    /// The set-up is done: the first card is due.
    pub fn begin(&mut self) {
        self.stage = Stage::Draw;
    }

    /// Fires one zone's soldiers and guns as ordered (checked by `combat::check_order` first). Losses the
    /// player chooses who takes are left owed (`today.owed`).
    pub fn fire(&mut self, rules: &Rules, io: &mut impl Io, from: u8, order: &FireOrder) {
        combat::fire(self, rules, io, &mut Waits, from, order)
    }

    /// A soldier move, at the cost `moves::move_check` found for it.
    pub fn step_move(&mut self, rules: &Rules, io: &mut impl Io, mv: &Move, cost: u8) {
        moves::apply(self, rules, io, mv, cost)
    }

    /// Places a defender anywhere a free repositioning allows (checked by `free_move_check` first).
    pub fn place(&mut self, rules: &Rules, io: &mut impl Io, piece: usize, zone: u8) {
        moves::place(self, rules, io, piece, zone)
    }

    /// Counters back from the wounded pool (checked by `day::check_wounded` first).
    pub fn bring_back(&mut self, rules: &Rules, io: &mut impl Io, returns: &[(usize, u8, u8)]) {
        day::bring_back(self, rules, io, returns)
    }

    /// Two 1-point counters of one nation in one zone become one 2-point counter; the other goes to the
    /// wounded pool (5.1.6).
    pub fn merge(&mut self, rules: &Rules, io: &mut impl Io, keep: usize, into_pool: usize) {
        day::merge(self, rules, io, keep, into_pool)
    }

    pub fn place_betsy(&mut self, rules: &Rules, io: &mut impl Io, zone: u8) {
        day::place_betsy(self, rules, io, zone)
    }
}

pub(crate) use day::next_after as day_next;
pub use day::{DAYS, NO_ROOM_FOR_BETSY, SUPPLY_EXHAUSTED, betsy_zones, brings, check_merge, check_wounded, pool};
pub use events::{once_only, resolve as resolve_event, title as event_title};
