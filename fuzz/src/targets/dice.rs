//! Dice expressions as a player types them into the dice tray or `sandtable roll`: parsed, rolled,
//! typed back in, and priced exactly. Inputs are built term by term (counts and constants at and past
//! every bound, every die, stray signs and spaces), grown from the expressions the rules print, or plain
//! garbage.

use std::fmt;

use sandtable::dice::{DiceExpr, GameRng};

use crate::mutate::{EDGE_NUMBERS, damage_bytes, edge_string, garbage};
use crate::rng::Rng;

pub struct Input {
    pub text: String,
    /// The roll's seed, so the roll is part of the case.
    pub seed: u64,
}

impl fmt::Display for Input {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Quoted, so that stray whitespace and invisible characters show.
        write!(f, "expr {:?} (roll seed {})", self.text, self.seed)
    }
}

/// Expressions as the rule texts print them.
const PRINTED: &[&str] = &[
    "2D6+6",
    "D20",
    "4D6",
    "1D6+6",
    "8D6",
    "2D10",
    "D%",
    "2AvD",
    "3D6+6-1D6",
    "1D12",
    "D4",
    "1000D6",
    "100D%",
    "1000D10",
];

const COUNTS: &[&str] = &[
    "",
    "0",
    "1",
    "2",
    "3",
    "10",
    "99",
    "100",
    "101",
    "999",
    "1000",
    "1001",
    "0001",
    "4294967295",
    "4294967296",
    "99999999999",
    "1_0",
    "1.5",
    "-1",
    "+1",
    "٣",
];

const DICE: &[&str] = &[
    "D4", "D6", "D10", "D12", "D20", "D%", "d6", "d%", "AvD", "avd", "AVG", "D7", "D0", "D", "D100", "D-6", "D 6",
    "D٦", "DD6", "D6D6", "D%%", "AvDD6", "D６",
];

const SPACES: &[&str] = &[" ", "  ", "\t", "\n", "\u{a0}", "\u{3000}", "\u{2003}", "\u{85}", "\u{200b}"];

pub fn generate(rng: &mut Rng) -> Input {
    let text = match rng.weighted(&[5, 4, 3, 1]) {
        0 => plausible(rng),
        1 => built(rng),
        2 => {
            let printed = rng.pick(PRINTED).to_string();
            if rng.one_in(3) { damage_bytes(rng, &printed) } else { spliced(rng, &printed) }
        }
        _ => match rng.below(3) {
            0 => garbage(rng, &['1', '2', '6', 'D', 'd', '%', '+', '-', ' ', 'A', 'v', '0', '9'], 120),
            1 => edge_string(rng),
            _ => garbage(rng, &['D', '6', '+', 'é', '∞', '\u{301}', '🎲', '\0', '-', '%'], 40),
        },
    };
    Input { text, seed: rng.next_u64() }
}

/// An expression a player could mean: a few terms of dice the rules use, in counts up to past the
/// bounds now and then, and small constants. Most are accepted, so rolling, typing and odds get their
/// share of the cases.
fn plausible(rng: &mut Rng) -> String {
    let mut text = String::new();
    for i in 0..rng.between(1, 4) {
        if i > 0 || rng.one_in(8) {
            text.push(if rng.one_in(3) { '-' } else { '+' });
        }
        if i > 0 && rng.one_in(3) {
            text.push_str(&rng.below(30).to_string());
            continue;
        }
        // Counts near the bounds are rare: the odds of 100D% take half a second in a debug build.
        let count = match rng.below(80) {
            0 => rng.pick(&["999", "1000", "1001", "100", "101", "400", "0"]).to_string(),
            1..=15 => String::new(),
            _ => rng.between(1, 12).to_string(),
        };
        let die = *rng.pick(&["D4", "D6", "D6", "D10", "D12", "D20", "D%", "AvD", "d6"]);
        text.push_str(&(count + die));
    }
    text
}

/// An expression term by term, with spaces, case and signs a player might get wrong.
fn built(rng: &mut Rng) -> String {
    let mut text = String::new();
    for i in 0..rng.between(1, 6) {
        let sign = match (i, rng.below(10)) {
            (0, 0..=7) => "",
            (0, _) => "-",
            (_, 0..=4) => "+",
            (_, 5..=7) => "-",
            (_, 8) => "+-",
            (_, _) => "",
        };
        text.push_str(sign);
        if rng.one_in(4) {
            text.push_str(rng.pick::<&str>(SPACES));
        }
        if rng.one_in(3) {
            let constant = match rng.below(3) {
                0 => rng.pick(EDGE_NUMBERS).to_string(),
                1 => rng.below(20).to_string(),
                _ => rng.next_u64().to_string(),
            };
            text.push_str(&constant);
        } else {
            text.push_str(rng.pick::<&str>(COUNTS));
            text.push_str(rng.pick::<&str>(DICE));
        }
        if rng.one_in(5) {
            text.push_str(rng.pick::<&str>(SPACES));
        }
    }
    text
}

/// A printed expression with one part swapped for a count, die, number or sign from the lists.
fn spliced(rng: &mut Rng, printed: &str) -> String {
    let chars: Vec<char> = printed.chars().collect();
    let at = rng.below(chars.len() + 1);
    let insert = match rng.below(4) {
        0 => rng.pick(COUNTS).to_string(),
        1 => rng.pick(DICE).to_string(),
        2 => format!("+{}", rng.pick(EDGE_NUMBERS)),
        _ => rng.pick(&["+", "-", "++", "--", "+-"]).to_string(),
    };
    let cut = (at + rng.below(3)).min(chars.len());
    chars[..at].iter().collect::<String>() + &insert + &chars[cut..].iter().collect::<String>()
}

pub fn exercise(input: &Input) {
    let expr = match DiceExpr::parse(&input.text) {
        Ok(expr) => expr,
        Err(refused) => {
            // The refusal is shown to the player: building its words must not fail either.
            let _ = refused.to_string();
            return;
        }
    };
    let roll = expr.roll(&mut GameRng::for_event(input.seed, 0));
    assert_eq!(roll.faces.len(), expr.dice_count(), "a face per die");
    assert!(
        expr.min() <= roll.total && roll.total <= expr.max(),
        "{} outside {}..={}",
        roll.total,
        expr.min(),
        expr.max()
    );
    let typed = expr.typed(&roll.faces).expect("the faces just rolled are faces of their dice");
    assert_eq!(typed.total, roll.total, "typed dice total as rolled ones");
    let mut off_by_one = roll.faces.clone();
    if let Some(face) = off_by_one.last_mut() {
        *face = face.saturating_add(1);
    }
    let _ = expr.typed(&off_by_one);
    let _ = expr.typed(&[i64::MAX, i64::MIN]);

    let odds = expr.distribution();
    let sum = odds.total_probability();
    assert!((sum - 1.0).abs() < 1e-6, "the odds of {expr} sum to {sum}");
    let mean = odds.mean();
    assert!(mean.is_finite() && expr.min() as f64 - 1e-6 <= mean && mean <= expr.max() as f64 + 1e-6, "mean {mean}");

    // What the engine writes into a roll's record reads back as the same expression, unless writing it
    // out in full ("D6" is written "1D6") took it past the length bound.
    let written = expr.to_string();
    match DiceExpr::parse(&written) {
        Ok(again) => assert_eq!(again, expr, "{written} reads back differently"),
        Err(refused) => assert!(refused.to_string().contains("longer than"), "{written} does not read back: {refused}"),
    }
}
