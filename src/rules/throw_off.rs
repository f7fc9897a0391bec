use crate::dice::{DiceExpr, DiceFeed, FeedError, NamedRoll};
use crate::game::{GameError, Refusal};

/// How many ties the app's own dice may throw before it gives up (a loop guard, never met in play).
const MOST_TIES: usize = 64;

/// One side's part in a throw-off: its name, its dice and what it adds to them.
pub struct Thrower<'a> {
    pub name: &'a str,
    pub dice: &'a DiceExpr,
    pub bonus: i64,
}

/// Each side throws its dice and the higher total (with its bonus) wins; a tie is thrown again by both
/// until one side is higher (an initiative, an activation toss). Typed dice run on through the throws
/// again, so the whole throw is recorded, and a form asks for each throw again only once the tie calls for
/// it: the throw again is named for why. Answers the winner (0 or 1) and every roll, in order.
pub fn throw_off(feed: &mut DiceFeed, sides: [Thrower; 2], rule: &str) -> Result<(usize, Vec<NamedRoll>), GameError> {
    let mut rolls: Vec<NamedRoll> = Vec::new();
    loop {
        let tied = rolls.len() >= 2;
        let mut throw = |i: usize| {
            let side = &sides[i];
            let label = if tied { format!("{} again, after a tie", side.name) } else { side.name.to_string() };
            feed.roll(side.dice, &label).map_err(|e| match e {
                FeedError::TooFew { .. } if tied => {
                    let n = rolls.len();
                    let last = [rolls[n - 2].roll.total, rolls[n - 1].roll.total];
                    GameError::from(Refusal::by_rule(
                        format!("{}: type the dice both sides threw again too", tie_words(&sides, last)),
                        rule,
                    ))
                }
                e => GameError::from(e),
            })
        };
        let (a, b) = (throw(0)?, throw(1)?);
        let totals = [a.roll.total + sides[0].bonus, b.roll.total + sides[1].bonus];
        rolls.extend([a, b]);
        if totals[0] != totals[1] {
            return Ok((if totals[0] > totals[1] { 0 } else { 1 }, rolls));
        }
        if !feed.is_typed() && rolls.len() >= 2 * MOST_TIES {
            return Err(GameError::BadInput("the dice kept tying; throw again".into()));
        }
    }
}

/// "a tie (4 each)", or with a bonus, each side's sum: "a tie (U.S. column 5, Moros 4+1 = 5)".
fn tie_words(sides: &[Thrower; 2], faces: [i64; 2]) -> String {
    if sides.iter().all(|s| s.bonus == 0) {
        return format!("a tie ({} each)", faces[0]);
    }
    let each: Vec<String> = sides
        .iter()
        .zip(faces)
        .map(|(s, f)| {
            if s.bonus == 0 {
                format!("{} {f}", s.name)
            } else {
                format!("{} {f}+{} = {}", s.name, s.bonus, f + s.bonus)
            }
        })
        .collect();
    format!("a tie ({})", each.join(", "))
}
