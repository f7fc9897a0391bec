use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::{DiceAsk, DiceError, Die, GameRng, Roll};
use crate::odds::Dist;

/// One signed part of an expression: `2D6`, `-1D6` or `+6`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Term {
    Dice { count: u32, die: Die, negative: bool },
    Constant { value: i64 },
}

/// A dice expression as the rule texts print them: `2D6+6`, `D20`, `4D6`, `8D6`, `2D10`, `D%`, `2AvD`,
/// and differences such as `3D6+6-1D6` (a junk going upstream).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiceExpr {
    terms: Vec<Term>,
}

/// Bounds on what one expression may ask for. Each sits far above any rule's need and low enough that a
/// typo (`2000000D6`, a pasted number) is refused at once instead of freezing the app while its exact
/// odds are worked out, or overflowing a total.
pub mod bounds {
    /// Dice in one expression.
    pub const MAX_DICE: u32 = 1000;
    /// Characters in one expression, spaces included.
    pub const MAX_CHARS: usize = 100;
    /// The size of a constant, and of all the constants of one expression together.
    pub const MAX_CONSTANT: i64 = 1_000_000;
    /// The distinct totals an expression may span (100D% spans 9,901; 1000D6 5,001). Its exact odds
    /// take one convolution per doubling of the dice, so this bounds their time (a few ms at most).
    pub const MAX_TOTALS: i64 = 10_001;
}
use bounds::{MAX_CHARS, MAX_CONSTANT, MAX_DICE, MAX_TOTALS};

impl DiceExpr {
    pub fn parse(text: &str) -> Result<DiceExpr, DiceError> {
        let bad = |reason: &str| DiceError::BadExpression { expr: shortened(text), reason: reason.to_string() };
        if text.chars().count() > MAX_CHARS {
            return Err(bad(&format!("it is longer than {MAX_CHARS} characters")));
        }
        let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect::<String>().to_ascii_uppercase();
        if compact.is_empty() {
            return Err(bad("it is empty"));
        }
        let mut terms = Vec::new();
        let (mut dice, mut constants, mut span) = (0u32, 0i64, 0i64);
        for (negative, part) in split_signed(&compact).map_err(|r| bad(&r))? {
            let term = parse_term(&part, negative).map_err(|r| bad(&r))?;
            match term {
                Term::Dice { count, die, .. } => {
                    dice = dice.saturating_add(count);
                    span = span.saturating_add(i64::from(count).saturating_mul(die.spread()));
                }
                Term::Constant { value } => constants = constants.saturating_add(value.abs()),
            }
            terms.push(term);
        }
        if dice == 0 {
            return Err(bad("it rolls no dice (a roll needs at least one, e.g. 1D6+6)"));
        }
        if dice > MAX_DICE {
            return Err(bad(&format!("it rolls {dice} dice; an expression may roll at most {MAX_DICE}")));
        }
        if constants > MAX_CONSTANT {
            return Err(bad(&format!("its numbers add up past {MAX_CONSTANT}, far beyond any rule's roll")));
        }
        if span + 1 > MAX_TOTALS {
            return Err(bad(&format!(
                "its totals span {} values; exact odds are worked out for at most {MAX_TOTALS}",
                span + 1
            )));
        }
        Ok(DiceExpr { terms })
    }

    pub fn terms(&self) -> &[Term] {
        &self.terms
    }

    /// The dice to be rolled, in the order their faces appear in a `Roll`.
    pub fn dice(&self) -> Vec<Die> {
        self.terms
            .iter()
            .flat_map(|t| match *t {
                Term::Dice { count, die, .. } => vec![die; count as usize],
                Term::Constant { .. } => Vec::new(),
            })
            .collect()
    }

    pub fn dice_count(&self) -> usize {
        self.terms.iter().map(|t| if let Term::Dice { count, .. } = t { *count as usize } else { 0 }).sum()
    }

    pub fn roll(&self, rng: &mut GameRng) -> Roll {
        let faces: Vec<i64> = self.dice().into_iter().map(|die| die.face_of_side(rng.side(die.side_count()))).collect();
        let total = self.total_of(&faces);
        Roll { expr: self.to_string(), faces, total, typed: false }
    }

    /// A roll read off physical dice: every face is checked against its die, so a 7 on a D6 is refused.
    pub fn typed(&self, faces: &[i64]) -> Result<Roll, DiceError> {
        let dice = self.dice();
        // A face the die lacks first: typed short, it is the misreading to name, not the count.
        for (&die, &face) in dice.iter().zip(faces) {
            if !die.is_face(face) {
                return Err(DiceError::NotAFace { die, face });
            }
        }
        if dice.len() != faces.len() {
            return Err(DiceError::WrongCount { expr: self.to_string(), expected: dice.len(), given: faces.len() });
        }
        Ok(Roll { expr: self.to_string(), faces: faces.to_vec(), total: self.total_of(faces), typed: true })
    }

    /// Rolls with the RNG, or takes the typed faces when a player rolled real dice.
    pub fn roll_or_typed(&self, typed: Option<&[i64]>, rng: &mut GameRng) -> Result<Roll, DiceError> {
        match typed {
            Some(faces) => {
                if let Some(asked) = rng.asked_mut() {
                    let expr = self.to_string();
                    asked.push(DiceAsk { label: expr.clone(), expr, from: 0, count: self.dice_count() });
                }
                self.typed(faces)
            }
            None => Ok(self.roll(rng)),
        }
    }

    fn total_of(&self, faces: &[i64]) -> i64 {
        let mut faces = faces.iter();
        self.terms
            .iter()
            .map(|t| match *t {
                Term::Constant { value } => value,
                Term::Dice { count, negative, .. } => {
                    let sum: i64 = faces.by_ref().take(count as usize).sum();
                    if negative { -sum } else { sum }
                }
            })
            .sum()
    }

    /// The exact distribution of the total.
    pub fn distribution(&self) -> Dist {
        self.terms.iter().fold(Dist::constant(0), |acc, t| {
            let part = match *t {
                Term::Constant { value } => Dist::constant(value),
                Term::Dice { count, die, negative } => {
                    let sum = Dist::of_die(die).sum_of(count);
                    if negative { sum.negated() } else { sum }
                }
            };
            acc.add(&part)
        })
    }

    /// The lowest total, from the faces (a distribution's far tails can be too unlikely to hold in an f64).
    pub fn min(&self) -> i64 {
        self.extreme(false)
    }

    pub fn max(&self) -> i64 {
        self.extreme(true)
    }

    fn extreme(&self, highest: bool) -> i64 {
        self.terms
            .iter()
            .map(|t| match *t {
                Term::Constant { value } => value,
                Term::Dice { count, die, negative } => {
                    let face = if highest != negative { die.highest() } else { die.lowest() };
                    let sum = i64::from(count) * face;
                    if negative { -sum } else { sum }
                }
            })
            .sum()
    }
}

fn split_signed(compact: &str) -> Result<Vec<(bool, String)>, String> {
    let mut parts = Vec::new();
    let mut negative = false;
    let mut current = String::new();
    for c in compact.chars() {
        if c == '+' || c == '-' {
            if current.is_empty() {
                if !parts.is_empty() || c == '+' || negative {
                    return Err(format!("a sign {c:?} with nothing before it"));
                }
            } else {
                parts.push((negative, std::mem::take(&mut current)));
            }
            negative = c == '-';
        } else {
            current.push(c);
        }
    }
    if current.is_empty() {
        return Err("it ends with a sign".to_string());
    }
    parts.push((negative, current));
    Ok(parts)
}

fn parse_term(part: &str, negative: bool) -> Result<Term, String> {
    if part.bytes().all(|b| b.is_ascii_digit()) {
        return match part.parse::<i64>() {
            Ok(value) if value <= MAX_CONSTANT => Ok(Term::Constant { value: if negative { -value } else { value } }),
            _ => Err(format!("{:?} is more than {MAX_CONSTANT}", shortened(part))),
        };
    }
    let (count_text, die) = if let Some(count) = part.strip_suffix("AVD").or_else(|| part.strip_suffix("AVG")) {
        (count, Die::Avg)
    } else if let Some((count, sides)) = part.split_once('D') {
        let die = Die::from_name(sides)
            .ok_or_else(|| format!("{part:?}: no D{sides} (use D4, D6, D10, D12, D20, D% or AvD)"))?;
        (count, die)
    } else {
        return Err(format!("{part:?} is neither a number nor dice like 2D6"));
    };
    let count: u32 = if count_text.is_empty() {
        1
    } else if count_text.bytes().all(|b| b.is_ascii_digit()) {
        // Past MAX_DICE is refused with the bound once the whole expression is read.
        count_text.parse().unwrap_or(u32::MAX)
    } else {
        return Err(format!("{:?}: {:?} is not a dice count", shortened(part), shortened(count_text)));
    };
    if count == 0 {
        return Err(format!("{part:?} rolls no dice"));
    }
    Ok(Term::Dice { count, die, negative })
}

/// A piece of what was typed, short enough to quote in a message.
fn shortened(text: &str) -> String {
    const SHOWN: usize = 24;
    match text.char_indices().nth(SHOWN) {
        Some((cut, _)) => format!("{}...", &text[..cut]),
        None => text.to_string(),
    }
}

impl FromStr for DiceExpr {
    type Err = DiceError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        DiceExpr::parse(s)
    }
}

impl fmt::Display for DiceExpr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, term) in self.terms.iter().enumerate() {
            let (negative, body) = match *term {
                Term::Constant { value } => (value < 0, value.abs().to_string()),
                Term::Dice { count, die: Die::Avg, negative } => (negative, format!("{count}AvD")),
                Term::Dice { count, die, negative } => (negative, format!("{count}{}", die.name())),
            };
            match (i, negative) {
                (0, true) => write!(f, "-{body}")?,
                (0, false) => write!(f, "{body}")?,
                (_, true) => write!(f, "-{body}")?,
                (_, false) => write!(f, "+{body}")?,
            }
        }
        Ok(())
    }
}

impl Serialize for DiceExpr {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_string())
    }
}

impl<'de> Deserialize<'de> for DiceExpr {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        DiceExpr::parse(&text).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn expr(s: &str) -> DiceExpr {
        DiceExpr::parse(s).unwrap()
    }

    #[test]
    fn reads_the_expressions_the_rules_print() {
        for (text, shown) in [
            ("2D6+6", "2D6+6"),
            ("4D6", "4D6"),
            ("1D6+6", "1D6+6"),
            ("8D6", "8D6"),
            ("2D10", "2D10"),
            ("D20", "1D20"),
            ("d%", "1D%"),
            ("2avd + 1d6", "2AvD+1D6"),
            ("3D6+6-1D6", "3D6+6-1D6"),
        ] {
            assert_eq!(expr(text).to_string(), shown, "{text}");
        }
    }

    #[test]
    fn refuses_what_is_not_dice() {
        for text in ["", "2D7", "D", "2D6+", "+-3", "0D6", "xD6", "2000D6"] {
            assert!(DiceExpr::parse(text).is_err(), "{text} should be refused");
        }
    }

    /// Found by probing (issue 17): these overflowed a total, froze the odds for most of a minute, or
    /// were taken as a roll. Each is refused with the bound it passes.
    #[test]
    fn expressions_past_the_bounds_are_refused_with_the_bound() {
        for (text, says) in [
            ("9223372036854775807+1", "more than 1000000"),
            ("1D6+9223372036854775807", "more than 1000000"),
            ("1D6+99999999999999999999999999", "more than 1000000"),
            ("9223372036854775807", "more than 1000000"),
            ("6", "rolls no dice"),
            ("2+3", "rolls no dice"),
            ("1D6+1000000+1", "add up past 1000000"),
            ("1000D%", "span 99001 values"),
            ("400D%", "at most 10001"),
            ("1001D6", "at most 1000"),
            ("99999999999D6", "at most 1000"),
            ("4294967296D6", "at most 1000"),
        ] {
            let err = DiceExpr::parse(text).unwrap_err().to_string();
            assert!(err.contains(says), "{text}: {err}");
        }
        let long = "1D6+".repeat(30) + "1";
        assert!(DiceExpr::parse(&long).unwrap_err().to_string().contains("longer than 100 characters"));
    }

    #[test]
    fn the_largest_expressions_allowed_price_their_odds_exactly() {
        for text in ["1000D6", "100D%", "1000D10", "1D6+1000000", "-1000000+1D6"] {
            let dist = expr(text).distribution();
            assert!((dist.total_probability() - 1.0).abs() < 1e-9, "{text}");
        }
        assert_eq!(expr("1000D10").max(), 9000);
    }

    #[test]
    fn typed_faces_are_summed_with_the_constant() {
        let roll = expr("2D6+6").typed(&[3, 5]).unwrap();
        assert_eq!(roll.total, 14);
        assert!(roll.typed);
        assert_eq!(roll.faces, vec![3, 5]);
    }

    #[test]
    fn a_typed_seven_on_a_d6_is_an_error() {
        let err = expr("2D6").typed(&[3, 7]).unwrap_err();
        assert_eq!(err, DiceError::NotAFace { die: Die::D6, face: 7 });
        assert!(err.to_string().contains("7 is not a face of a D6"));
    }

    #[test]
    fn typed_dice_must_match_the_count() {
        assert!(matches!(expr("2D6").typed(&[3]), Err(DiceError::WrongCount { expected: 2, given: 1, .. })));
    }

    #[test]
    fn subtracted_dice_subtract() {
        assert_eq!(expr("3D6+6-1D6").typed(&[1, 2, 3, 6]).unwrap().total, 6);
    }

    #[test]
    fn seeded_rolls_repeat_and_stay_on_the_die() {
        let e = expr("200D10");
        let a = e.roll(&mut GameRng::for_event(1, 0));
        let b = e.roll(&mut GameRng::for_event(1, 0));
        assert_eq!(a, b);
        assert_eq!(*a.faces.iter().min().unwrap(), 0);
        assert_eq!(*a.faces.iter().max().unwrap(), 9);
    }

    #[test]
    fn distribution_of_2d6_plus_6_runs_8_to_18() {
        let d = expr("2D6+6").distribution();
        assert_eq!((d.min(), d.max()), (8, 18));
        assert!((d.p(13) - 6.0 / 36.0).abs() < 1e-12);
    }
}
