use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::{DiceError, Die, GameRng, Roll};
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

/// The most dice one expression may hold: far above any rule's need, low enough that a typo such as
/// `2000000D6` is an error rather than a frozen app.
const MAX_DICE: u32 = 1000;

impl DiceExpr {
    pub fn parse(text: &str) -> Result<DiceExpr, DiceError> {
        let bad = |reason: &str| DiceError::BadExpression { expr: text.to_string(), reason: reason.to_string() };
        let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect::<String>().to_ascii_uppercase();
        if compact.is_empty() {
            return Err(bad("it is empty"));
        }
        let mut terms = Vec::new();
        let mut total_dice: u32 = 0;
        for (negative, part) in split_signed(&compact).map_err(|r| bad(&r))? {
            let term = parse_term(&part, negative).map_err(|r| bad(&r))?;
            if let Term::Dice { count, .. } = term {
                total_dice = total_dice.saturating_add(count);
            }
            terms.push(term);
        }
        if total_dice > MAX_DICE {
            return Err(bad(&format!("more than {MAX_DICE} dice")));
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
        if dice.len() != faces.len() {
            return Err(DiceError::WrongCount { expr: self.to_string(), expected: dice.len(), given: faces.len() });
        }
        for (&die, &face) in dice.iter().zip(faces) {
            if !die.is_face(face) {
                return Err(DiceError::NotAFace { die, face });
            }
        }
        Ok(Roll { expr: self.to_string(), faces: faces.to_vec(), total: self.total_of(faces), typed: true })
    }

    /// Rolls with the RNG, or takes the typed faces when a player rolled real dice.
    pub fn roll_or_typed(&self, typed: Option<&[i64]>, rng: &mut GameRng) -> Result<Roll, DiceError> {
        match typed {
            Some(faces) => self.typed(faces),
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

    pub fn min(&self) -> i64 {
        self.distribution().min()
    }

    pub fn max(&self) -> i64 {
        self.distribution().max()
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
    if let Ok(value) = part.parse::<i64>() {
        return Ok(Term::Constant { value: if negative { -value } else { value } });
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
    } else {
        count_text.parse().map_err(|_| format!("{part:?}: {count_text:?} is not a dice count"))?
    };
    if count == 0 {
        return Err(format!("{part:?} rolls no dice"));
    }
    Ok(Term::Dice { count, die, negative })
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
