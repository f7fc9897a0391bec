//! The rolls and losses as CSV (RFC 4180: a field holding a comma, a quote or a line break is quoted,
//! its quotes doubled; lines end in CRLF), for one game or a whole campaign with a column for the game.

use super::rows::{self, LossRow, RollRow};
use crate::api::{Api, ApiError};

const ROLL_COLUMNS: &[&str] =
    &["seq", "turn", "status", "side", "unit", "action", "label", "expression", "faces", "total", "dice"];
const LOSS_COLUMNS: &[&str] = &["seq", "turn", "side", "unit", "lost", "figures", "cause"];

/// Which rows: `rolls` or `losses`.
#[derive(Clone, Copy)]
enum What {
    Rolls,
    Losses,
}

impl What {
    fn read(what: &str) -> Result<What, ApiError> {
        match what {
            "rolls" => Ok(What::Rolls),
            "losses" => Ok(What::Losses),
            other => Err(ApiError::bad_input(format!("the CSV is of rolls or losses, not {other:?}"))),
        }
    }

    fn columns(self) -> &'static [&'static str] {
        match self {
            What::Rolls => ROLL_COLUMNS,
            What::Losses => LOSS_COLUMNS,
        }
    }
}

impl Api {
    pub async fn game_csv(&self, id: i64, what: String) -> Result<String, ApiError> {
        let what = What::read(&what)?;
        let mut out = line(what.columns().iter().map(|c| c.to_string()));
        for row in self.csv_rows(id, what).await? {
            out += &line(row);
        }
        Ok(out)
    }

    pub async fn campaign_csv(&self, id: i64, what: String) -> Result<String, ApiError> {
        let what = What::read(&what)?;
        self.store().campaign(id).await?;
        let mut out = line(std::iter::once("game".to_string()).chain(what.columns().iter().map(|c| c.to_string())));
        // Oldest first, as the campaign's report tells its battles.
        for game in self.store().list_games(Some(id)).await?.into_iter().rev() {
            self.still_awaited("the campaign's CSV")?;
            for row in self.csv_rows(game.id, what).await? {
                out += &line(std::iter::once(game.id.to_string()).chain(row));
            }
        }
        Ok(out)
    }

    async fn csv_rows(&self, id: i64, what: What) -> Result<Vec<Vec<String>>, ApiError> {
        let (_, game) = self.load(id).await?;
        let secrets = game.secrets(&self.seat_in(id));
        Ok(match what {
            What::Rolls => rows::rolls(&game, &secrets).into_iter().map(roll_fields).collect(),
            What::Losses => rows::losses(&game, &secrets).into_iter().map(loss_fields).collect(),
        })
    }
}

fn roll_fields(r: RollRow) -> Vec<String> {
    vec![
        r.seq.to_string(),
        r.turn.to_string(),
        if r.undone { "undone" } else { "in force" }.to_string(),
        r.side,
        r.unit,
        r.action,
        r.label,
        r.roll.expr,
        spaced(&r.roll.faces),
        r.roll.total.to_string(),
        if r.roll.typed { "typed" } else { "app" }.to_string(),
    ]
}

fn loss_fields(l: LossRow) -> Vec<String> {
    vec![l.seq.to_string(), l.turn.to_string(), l.side, l.unit, l.lost.to_string(), spaced(&l.figures), l.cause]
}

fn spaced<T: ToString>(items: &[T]) -> String {
    items.iter().map(ToString::to_string).collect::<Vec<_>>().join(" ")
}

fn line(fields: impl IntoIterator<Item = String>) -> String {
    let mut out = fields.into_iter().map(|f| field(&f)).collect::<Vec<_>>().join(",");
    out += "\r\n";
    out
}

/// One field, quoted when it holds a comma, a quote or a line break.
pub fn field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) { format!("\"{}\"", text.replace('"', "\"\"")) } else { text.to_string() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_with_commas_quotes_or_breaks_are_quoted_and_quotes_doubled() {
        assert_eq!(field("plain words"), "plain words");
        assert_eq!(field("a, \"b\""), "\"a, \"\"b\"\"\"");
        assert_eq!(field("two\nlines"), "\"two\nlines\"");
        assert_eq!(line(["1".to_string(), "x,y".to_string(), String::new()]), "1,\"x,y\",\r\n");
    }
}
