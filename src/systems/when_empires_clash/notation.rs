//! Squares named as players name them at a gridded table: a column letter (A at the left, then B, ...,
//! Z, AA, AB) and a row number (1 at the top, the north edge), so "C4" is the third column, fourth row.

use crate::measure::Square;

pub fn name(square: Square) -> String {
    // Written straight into one string: a view names every square in every armed stand's arc.
    let mut name = String::with_capacity(5);
    push_column(&mut name, square.col);
    let _ = std::fmt::Write::write_fmt(&mut name, format_args!("{}", square.row + 1));
    name
}

/// A column's letters, counted from 0 at the west edge: "A", ..., "Z", "AA".
pub fn column(col: i32) -> String {
    let mut letters = String::new();
    push_column(&mut letters, col);
    letters
}

fn push_column(out: &mut String, col: i32) {
    let start = out.len();
    let mut col = col + 1;
    while col > 0 {
        let rest = (col - 1) % 26;
        out.insert(start, char::from(b'A' + rest as u8));
        col = (col - 1) / 26;
    }
}

/// Reads "C4" (case does not matter); refuses anything else with a sentence saying what a square is.
pub fn parse(text: &str) -> Result<Square, String> {
    let text = text.trim();
    let split = text.find(|c: char| c.is_ascii_digit()).unwrap_or(text.len());
    let (letters, digits) = text.split_at(split);
    let bad = || format!("{text:?} is not a square: a column letter and a row number, like \"C4\"");
    if letters.is_empty() || letters.len() > 2 || !letters.chars().all(|c| c.is_ascii_alphabetic()) {
        return Err(bad());
    }
    let row: i32 = digits.parse().map_err(|_| bad())?;
    if row < 1 {
        return Err(bad());
    }
    let col = letters.to_ascii_uppercase().bytes().fold(0i32, |col, b| col * 26 + i32::from(b - b'A') + 1);
    Ok(Square::new(col - 1, row - 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_read_and_print_as_a_column_letter_and_a_row_number() {
        for (text, col, row) in [("A1", 0, 0), ("C4", 2, 3), ("R12", 17, 11), ("Z1", 25, 0), ("AA3", 26, 2), ("AZ7", 51, 6), ("BA1", 52, 0)] {
            assert_eq!(parse(text), Ok(Square::new(col, row)), "{text}");
            assert_eq!(name(Square::new(col, row)), text);
        }
        assert_eq!(parse("c4"), Ok(Square::new(2, 3)));
        for bad in ["", "4C", "C", "C0", "ABC1", "C-1", "C4x"] {
            assert!(parse(bad).is_err(), "{bad:?}");
        }
    }
}
