//! What each throw of the procedure counts, for the luck ledger: whose dice they were, the words the
//! ledger groups them by, and the count each face gives as the table stands before the throw. The
//! procedure reports a throw through `Io::counted`, which the simulator leaves empty, so a fast game
//! never builds one.

use super::super::roster::Kind;
use super::super::tables::{Rush, Volley};
use super::{Rules, Siege};

/// The side a throw belongs to: the defenders' own rolls, or those the system throws for the Boxers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Whose {
    Defenders,
    Boxers,
}

/// One throw just read: `dice` D6 (one or two), their `total`, whose they were and what they counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Throw {
    pub whose: Whose,
    pub measure: &'static str,
    pub dice: u8,
    pub total: u8,
}

pub const ROUTED: &str = "Boxer points routed";
pub const FLED: &str = "Boxer points fled";
pub const FIRES_OUT: &str = "fires put out";
pub const FIRES_SPREAD: &str = "fires spread";
pub const WOUNDED_BACK: &str = "wounded points back";
pub const OFFICERS_SURVIVING: &str = "officers surviving";
pub const FAVOURABLE_EVENTS: &str = "events in the defenders' favour";
pub const FAMINE: &str = "points lost to famine and disease";
pub const SUPPLY_BACK: &str = "supply days recovered";
pub const ZONES_SHELLED: &str = "zones shelled";
pub const CIVILIAN_POINTS: &str = "civilian points shelled";

impl Throw {
    pub fn one(whose: Whose, measure: &'static str, die: u8) -> Throw {
        Throw { whose, measure, dice: 1, total: die }
    }

    pub fn two(whose: Whose, measure: &'static str, total: u8) -> Throw {
        Throw { whose, measure, dice: 2, total }
    }
}

/// Boxer points a cell of the soldiers' table eliminates; an S result eliminates none.
pub fn volley_kills(cell: Volley) -> i64 {
    match cell {
        Volley::Kill(n) => i64::from(n),
        Volley::Lose(_) => 0,
    }
}

/// Defender points a cell of the Boxers' melee table eliminates.
pub fn rush_kills(cell: Rush) -> i64 {
    match cell {
        Rush::Kill(n) => i64::from(n),
        Rush::Nothing | Rush::Lose(_) => 0,
    }
}

/// The Boxer points a morale or psychological test sends off in `zone` on `roll` (6.7, 3.2): 1-4 one, 5
/// two, 6 three, or on a 6 the weakest unit of fanatics whatever its value; on 1-5 the fanatics hold.
pub fn wavering(siege: &Siege, rules: &Rules, zone: u8, roll: i32) -> i64 {
    let fanatics = rules.roster.cup_pieces(siege.cup_in(rules, zone, &[Kind::Fanatics]));
    match (fanatics.map(|p| siege.pieces[p].points).min(), roll) {
        (Some(points), 6..) => i64::from(points),
        (Some(_), _) => 0,
        (None, 6..) => 3,
        (None, 5) => 2,
        (None, _) => 1,
    }
}

/// What a morale or psychological test's `roll` does in `zone`, in words (6.7, 3.2).
pub fn wavering_words(siege: &Siege, rules: &Rules, zone: u8, roll: i32) -> String {
    let fanatics = siege.cup_in(rules, zone, &[Kind::Fanatics]) != 0;
    match (roll >= 6, fanatics) {
        (true, true) => "a unit of fanatics disperses".into(),
        (false, true) => "the fanatics hold the pile".into(),
        (true, false) => "3 Boxer points flee".into(),
        _ if roll == 5 => "2 Boxer points flee".into(),
        _ => "1 Boxer point flees".into(),
    }
}

/// The events that favour the defenders (5.3): heavy and light rain spare them combat or shelling, news of
/// the Peitang and of the relief, supplies and the truce restore morale; the rest cost them.
pub fn favourable(event: u8) -> bool {
    matches!(event, 4 | 7 | 9 | 10 | 11 | 12)
}

/// The points famine and disease take on a die (5.3, event 5): 5 civilian points on 1-4, 10 on a 5, 10 and
/// a soldier point on a 6.
pub fn famine_points(die: u8) -> i64 {
    match die {
        1..=4 => 5,
        5 => 10,
        _ => 11,
    }
}
