use crate::odds::Dist;

/// What the engine counts by itself: the inches a unit's movement dice gave.
pub const MOVEMENT: &str = "movement inches";
/// What the engine counts by itself: the totals of rolls made for no rule the app runs, no side's own.
pub const FREE_ROLLS: &str = "free roll totals";

/// One count a thrown roll made, against its chances before the throw.
#[derive(Debug, Clone, PartialEq)]
pub struct Throw {
    /// The log entry (`seq`) that threw it.
    pub seq: usize,
    pub turn: u32,
    /// The entry's action `type`, so a seat not shown an action's dice is not shown their luck either.
    pub kind: String,
    /// The side's name as its scenario writes it; None for a free roll, which no side owns.
    pub side: Option<String>,
    pub measure: String,
    pub expected: Dist,
    pub actual: i64,
}
