use serde::{Deserialize, Serialize};

use super::{DiceAsk, DiceError, DiceExpr, GameRng, Roll};

/// A roll with what it was for ("hit dice", "leader or private"), as a procedure records it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct NamedRoll {
    pub label: String,
    pub roll: Roll,
}

/// Where a rules procedure gets its dice: the game's RNG, or the faces a player typed in from physical
/// dice, taken in the order the procedure asks for them. A procedure that needs several rolls (fire: the
/// D20s, then a save per hit, then a D6 per natural 1) reads the same typed list either way, so the
/// CLI and the UI take one flat `dice` array.
pub enum DiceFeed<'a> {
    Rng(&'a mut GameRng),
    Typed { faces: Vec<i64>, used: usize, asked: Option<&'a mut Vec<DiceAsk>> },
}

/// Typed dice that ran out or were left over: which roll wanted more, or how many were not used.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum FeedError {
    #[error(transparent)]
    Dice(#[from] DiceError),
    #[error("{} typed in, but {label} needs {wanted} more ({expr})", crate::rules::dice_were(*given))]
    TooFew { given: usize, label: String, expr: String, wanted: usize },
    #[error("{} typed in, but only {used} {verb} needed", crate::rules::dice_were(*given), verb = if *used == 1 { "was" } else { "were" })]
    TooMany { given: usize, used: usize },
}

impl<'a> DiceFeed<'a> {
    pub fn new(typed: Option<&[i64]>, rng: &'a mut GameRng) -> DiceFeed<'a> {
        match typed {
            Some(faces) => DiceFeed::Typed { faces: faces.to_vec(), used: 0, asked: rng.asked_mut() },
            None => DiceFeed::Rng(rng),
        }
    }

    pub fn is_typed(&self) -> bool {
        matches!(self, DiceFeed::Typed { .. })
    }

    pub fn roll(&mut self, expr: &DiceExpr, label: &str) -> Result<NamedRoll, FeedError> {
        let roll = match self {
            DiceFeed::Rng(rng) => expr.roll(rng),
            DiceFeed::Typed { faces, used, asked } => {
                let wanted = expr.dice_count();
                // Noted before the faces are read, so a face the die lacks is put to the roll it was for.
                if let Some(asked) = asked {
                    asked.push(DiceAsk {
                        label: label.to_string(),
                        expr: expr.to_string(),
                        from: *used,
                        count: wanted,
                    });
                }
                let rest = &faces[*used..];
                if rest.len() < wanted {
                    // A face the die lacks is said before the count runs short: "31571" typed for ten D6
                    // without spaces is a misreading to name, not four more dice to wait for.
                    // `typed` checks every face against its die before it counts them.
                    if let Err(misread @ DiceError::NotAFace { .. }) = expr.typed(rest) {
                        return Err(misread.into());
                    }
                    return Err(FeedError::TooFew {
                        given: faces.len(),
                        label: label.to_string(),
                        expr: expr.to_string(),
                        wanted: wanted - rest.len(),
                    });
                }
                let roll = expr.typed(&rest[..wanted])?;
                *used += wanted;
                roll
            }
        };
        Ok(NamedRoll { label: label.to_string(), roll })
    }

    /// Refuses typed dice that the procedure never asked for: a player who typed four dice for a roll
    /// of three has misread something, and silently dropping one would hide it.
    pub fn finish(self) -> Result<(), FeedError> {
        match self {
            DiceFeed::Typed { faces, used, .. } if used < faces.len() => {
                Err(FeedError::TooMany { given: faces.len(), used })
            }
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d6() -> DiceExpr {
        DiceExpr::parse("D6").unwrap()
    }

    #[test]
    fn typed_faces_are_taken_in_order() {
        let mut rng = GameRng::for_event(1, 1);
        let mut feed = DiceFeed::new(Some(&[2, 5]), &mut rng);
        assert_eq!(feed.roll(&d6(), "first").unwrap().roll.total, 2);
        assert_eq!(feed.roll(&d6(), "second").unwrap().roll.total, 5);
        feed.finish().unwrap();
    }

    #[test]
    fn running_short_names_the_roll_that_wanted_more() {
        let mut rng = GameRng::for_event(1, 1);
        let mut feed = DiceFeed::new(Some(&[2]), &mut rng);
        feed.roll(&d6(), "hit").unwrap();
        let err = feed.roll(&d6(), "leader or private").unwrap_err();
        assert!(err.to_string().contains("leader or private needs 1 more"), "{err}");
    }

    #[test]
    fn a_face_the_die_lacks_is_named_before_the_roll_runs_short() {
        let mut rng = GameRng::for_event(1, 1);
        let mut feed = DiceFeed::new(Some(&[31571]), &mut rng);
        let err = feed.roll(&DiceExpr::parse("10D6").unwrap(), "hits").unwrap_err();
        assert!(matches!(err, FeedError::Dice(DiceError::NotAFace { face: 31571, .. })), "{err}");
    }

    #[test]
    fn leftover_dice_are_an_error() {
        let mut rng = GameRng::for_event(1, 1);
        let mut feed = DiceFeed::new(Some(&[2, 3]), &mut rng);
        feed.roll(&d6(), "hit").unwrap();
        assert!(matches!(feed.finish(), Err(FeedError::TooMany { given: 2, used: 1 })));
    }

    #[test]
    fn an_asking_rng_hears_each_roll_typed_dice_are_asked_for() {
        let mut rng = GameRng::for_event(1, 1).asking();
        let mut feed = DiceFeed::new(Some(&[2, 5]), &mut rng);
        feed.roll(&DiceExpr::parse("2D6").unwrap(), "hit").unwrap();
        assert!(feed.roll(&d6(), "leader or private").is_err());
        let asked = rng.take_asked();
        assert_eq!(asked.len(), 2);
        assert_eq!((asked[0].from, asked[0].count, asked[0].expr.as_str()), (0, 2, "2D6"));
        assert_eq!((asked[1].label.as_str(), asked[1].from, asked[1].count), ("leader or private", 2, 1));
    }

    #[test]
    fn a_face_the_die_lacks_is_refused() {
        let mut rng = GameRng::for_event(1, 1);
        let mut feed = DiceFeed::new(Some(&[7]), &mut rng);
        assert!(matches!(feed.roll(&d6(), "hit"), Err(FeedError::Dice(DiceError::NotAFace { .. }))));
    }
}
