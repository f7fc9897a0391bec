//! Who is looking at a game, and what that seat may not be shown. A side's rules hide things from the
//! other side (a hidden counter's contents, the ammunition an umpire keeps, the cup the Boxers are drawn
//! from); the engine builds each seat's view without them, so a device is never sent what its player may
//! not read, whatever its screen does with the answer.

use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::game::LogEntry;

/// Where a device sits at the table.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(tag = "seat", content = "side", rename_all = "snake_case")]
pub enum Seat {
    /// One screen every player looks at: what any side's rules keep from the others stays hidden.
    #[default]
    Table,
    /// One side's device: it sees what its own side knows.
    Side(String),
    /// The referee (or umpire), who sees everything.
    Referee,
}

impl Seat {
    /// Whether this seat knows what `side` knows.
    pub fn knows_side(&self, side: &str) -> bool {
        match self {
            Seat::Referee => true,
            Seat::Side(own) => own == side,
            Seat::Table => false,
        }
    }

    pub fn is_referee(&self) -> bool {
        matches!(self, Seat::Referee)
    }
}

/// The seat as a cookie or a link carries it: `table`, `referee` or `side:<side id>`.
impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Seat::Table => f.write_str("table"),
            Seat::Referee => f.write_str("referee"),
            Seat::Side(side) => write!(f, "side:{side}"),
        }
    }
}

impl FromStr for Seat {
    type Err = String;

    fn from_str(text: &str) -> Result<Seat, String> {
        match text.trim() {
            "" | "table" => Ok(Seat::Table),
            "referee" => Ok(Seat::Referee),
            other => match other.strip_prefix("side:") {
                Some(side) if !side.is_empty() && side.len() <= 64 => Ok(Seat::Side(side.to_string())),
                _ => Err(format!("{other:?} is not a seat: say table, referee or side:<side id>")),
            },
        }
    }
}

/// What one seat may not be shown of a game as it stands now.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Secrets {
    /// Units this seat sees only as counters, by their real id.
    pub counters: BTreeMap<String, Counter>,
    /// Words this seat may not read (a hidden counter's name), each with the words shown in its place.
    pub words: Vec<(String, String)>,
    /// Actions, by their `type`, whose dice this seat is not shown (the umpire's secret removal).
    pub dice_of: Vec<String>,
}

/// A unit as a seat that may not know it sees it: what it is called, and the id it goes by, so not even
/// the scenario's id for it ("riflemen") tells what is under the chit.
#[derive(Debug, Clone, PartialEq)]
pub struct Counter {
    pub label: String,
    pub alias: String,
}

impl Secrets {
    pub fn is_empty(&self) -> bool {
        self.counters.is_empty() && self.words.is_empty() && self.dice_of.is_empty()
    }

    /// A unit shown only as a counter, by its real id.
    pub fn counter(&self, unit: &str) -> Option<&Counter> {
        self.counters.get(unit)
    }

    /// The id this seat knows a unit by.
    pub fn shown_id(&self, unit: &str) -> String {
        self.counter(unit).map_or_else(|| unit.to_string(), |c| c.alias.clone())
    }

    /// The real id of a counter this seat knows by `alias`.
    pub fn real_id(&self, alias: &str) -> Option<&str> {
        self.counters.iter().find(|(_, c)| c.alias == alias).map(|(id, _)| id.as_str())
    }

    /// `text` with every secret word, and every hidden counter's real id, replaced where it stands as a
    /// whole word in any case (a player's note may write "south band" or "JURAMENTADO BAND"), a name of
    /// two words or more also in the plural; the longest first, so a name containing another is taken
    /// whole.
    pub fn text(&self, text: &str) -> String {
        let mut out = text.to_string();
        let ids = self.counters.iter().map(|(id, c)| (id.clone(), c.alias.clone()));
        let mut words: Vec<(String, String)> =
            self.words.iter().cloned().chain(ids).filter(|(w, _)| !w.is_empty()).collect();
        words.sort_by_key(|(w, _)| std::cmp::Reverse(w.len()));
        for (word, shown) in &words {
            out = replace_whole(&out, word, shown);
        }
        out
    }

    /// Every string in a JSON value as this seat may read it: a counter's id its alias, secret words
    /// replaced. For answers whose shape the engine does not know (a system's own part of the view).
    pub fn json(&self, value: &mut serde_json::Value) {
        use serde_json::Value;
        match value {
            Value::String(s) => *s = self.counter(s).map_or_else(|| self.text(s), |c| c.alias.clone()),
            Value::Array(items) => items.iter_mut().for_each(|v| self.json(v)),
            Value::Object(map) => map.values_mut().for_each(|v| self.json(v)),
            _ => {}
        }
    }

    /// A log entry as this seat may read it: secret words replaced, secret dice left out.
    pub fn entry(&self, mut entry: LogEntry) -> LogEntry {
        if self.is_empty() {
            return entry;
        }
        entry.text = self.text(&entry.text);
        if self.dice_of.contains(&entry.kind) {
            entry.rolls.clear();
        }
        entry
    }
}

/// `text` with `word` replaced by `shown` wherever it is not part of a longer word, in any case; a word
/// of two or more parts ("Juramentado band", "south-band") also with a plural's "s" or "es". Ids and
/// names are ASCII-cased in practice; a non-ASCII letter is matched as written.
fn replace_whole(text: &str, word: &str, shown: &str) -> String {
    let is_word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
    let several = word.contains([' ', '-']);
    let lower_text = text.to_ascii_lowercase();
    let lower_word = word.to_ascii_lowercase();
    let mut out = String::with_capacity(text.len());
    let mut from = 0;
    while let Some(found) = lower_text[from..].find(&lower_word) {
        let at = from + found;
        let mut end = at + word.len();
        if several {
            for plural in ["es", "s"] {
                if lower_text[end..].starts_with(plural) && !is_word(lower_text[end + plural.len()..].chars().next()) {
                    end += plural.len();
                    break;
                }
            }
        }
        let before = text[..at].chars().last();
        let after = text[end..].chars().next();
        out.push_str(&text[from..at]);
        out.push_str(if is_word(before) || is_word(after) { &text[at..end] } else { shown });
        from = end;
    }
    out.push_str(&text[from..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seat_reads_back_from_its_text() {
        for seat in [Seat::Table, Seat::Referee, Seat::Side("moros".into())] {
            assert_eq!(seat.to_string().parse::<Seat>().unwrap(), seat);
        }
        assert!("umpire".parse::<Seat>().unwrap_err().contains("side:<side id>"));
        assert!("side:".parse::<Seat>().is_err());
    }

    #[test]
    fn a_name_is_replaced_only_as_a_whole_word() {
        let secrets = Secrets { words: vec![("Moro".into(), "a counter".into())], ..Secrets::default() };
        assert_eq!(secrets.text("Moro fires; Moros 4; the Moro."), "a counter fires; Moros 4; the a counter.");
    }

    #[test]
    fn a_name_or_id_is_replaced_in_any_case_and_a_long_name_in_the_plural() {
        let mut secrets =
            Secrets { words: vec![("Juramentado band".into(), "Hidden counter 2".into())], ..Secrets::default() };
        secrets
            .counters
            .insert("south-band".into(), Counter { label: "Hidden counter 2".into(), alias: "hidden-2".into() });
        assert_eq!(
            secrets.text("two juramentado bands by SOUTH-BAND; units are: south-band, b"),
            "two Hidden counter 2 by hidden-2; units are: hidden-2, b"
        );
    }

    #[test]
    fn the_longest_secret_name_is_replaced_whole() {
        let secrets = Secrets {
            words: vec![("Moro".into(), "a counter".into()), ("Moro riflemen".into(), "Hidden counter 2".into())],
            ..Secrets::default()
        };
        assert_eq!(secrets.text("Moro riflemen fire"), "Hidden counter 2 fire");
    }
}
