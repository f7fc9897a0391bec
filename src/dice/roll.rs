use serde::{Deserialize, Serialize};

/// One roll as it happened: the expression, every face in order, the total, and whether a player typed
/// the faces in from physical dice. Events carry these so the log shows and replays exactly what fell.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Roll {
    pub expr: String,
    pub faces: Vec<i64>,
    pub total: i64,
    pub typed: bool,
}

impl std::fmt::Display for Roll {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let faces: Vec<String> = self.faces.iter().map(i64::to_string).collect();
        write!(f, "{} = {} [{}]", self.expr, self.total, faces.join(", "))?;
        if self.typed {
            write!(f, " (typed)")?;
        }
        Ok(())
    }
}
