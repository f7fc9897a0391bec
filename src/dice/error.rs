use super::Die;

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum DiceError {
    #[error("cannot read dice expression {expr:?}: {reason}")]
    BadExpression { expr: String, reason: String },
    #[error("{expr} needs {expected} dice, but {} typed in", if *given == 1 { "1 was".to_string() } else { format!("{given} were") })]
    WrongCount { expr: String, expected: usize, given: usize },
    #[error("{face} is not a face of {die} (faces are {range})", die = die.spoken(), range = die.face_range_text())]
    NotAFace { die: Die, face: i64 },
}
