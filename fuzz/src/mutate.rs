//! What every target mutates with: the numbers and strings that have broken parsers before (type
//! limits and one past them, the engine's own bounds and one past them, IEEE oddities), and byte-level
//! damage to any text.

use crate::rng::Rng;

/// Numbers as written in TOML or JSON text. Bare `nan`/`inf` are TOML only; JSON refuses them, which
/// is worth trying too.
pub const EDGE_NUMBERS: &[&str] = &[
    "0",
    "-0",
    "-0.0",
    "1",
    "-1",
    "0.5",
    "24",
    "24.000001",
    "360",
    "-360",
    "500",
    "501",
    "1000",
    "1000.0001",
    "1000000",
    "1000001",
    "4294967295",
    "4294967296",
    "-4294967296",
    "9223372036854775807",
    "-9223372036854775808",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999999999",
    "1e15",
    "1e308",
    "-1e308",
    "1.7976931348623157e308",
    "1e-308",
    "5e-324",
    "1e999",
    "nan",
    "+nan",
    "-nan",
    "inf",
    "+inf",
    "-inf",
    "0x10",
    "0o7",
    "1_000",
    "1__0",
    "01",
    "1.",
    ".5",
    "1e",
];

/// Strings that are empty, long, or not the ASCII a scenario's author types.
pub fn edge_string(rng: &mut Rng) -> String {
    match rng.below(12) {
        0 => String::new(),
        1 => " ".into(),
        2 => "x".repeat(rng.between(100, 5000)),
        3 => "ü".repeat(rng.between(1, 3000)),
        4 => "👍🏽".repeat(rng.between(1, 500)),
        5 => "\u{202e}reversed\u{200b}zero-width\u{feff}".into(),
        6 => "e\u{301}\u{301}\u{301}".repeat(rng.between(1, 200)),
        7 => "\\u0000\\n\\t\\\"".into(),
        8 => "ß İ ǅ ﬃ".into(),
        9 => "line\nbreak".into(),
        10 => "\u{10ffff}\u{fffd}".into(),
        _ => "🙂".repeat(rng.between(1, 50)) + "D6",
    }
}

/// `text` as a TOML basic string: quoted, with its backslashes, quotes and control characters escaped
/// the way TOML spells them, everything else kept as it is.
pub fn toml_quoted(text: &str) -> String {
    let mut quoted = String::from("\"");
    for c in text.chars() {
        match c {
            '"' | '\\' => {
                quoted.push('\\');
                quoted.push(c);
            }
            c if c.is_control() => quoted.push_str(&format!("\\u{:04X}", c as u32)),
            c => quoted.push(c),
        }
    }
    quoted.push('"');
    quoted
}

/// Damages text the way a bad copy, a bad editor or a bad disk would: flipped bits, inserted and
/// deleted bytes, a cut, a repeated stretch. Damaged UTF-8 is mended lossily, since every front door
/// takes text.
pub fn damage_bytes(rng: &mut Rng, text: &str) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for _ in 0..rng.between(1, 4) {
        let at = if bytes.is_empty() { 0 } else { rng.below(bytes.len() + 1) };
        match rng.below(6) {
            0 if at < bytes.len() => bytes[at] ^= 1 << rng.below(8),
            1 => bytes.insert(at, rng.next_u64() as u8),
            2 if at < bytes.len() => {
                bytes.remove(at);
            }
            3 => bytes.truncate(at),
            4 if !bytes.is_empty() => {
                let from = rng.below(bytes.len());
                let len = rng.between(1, 64).min(bytes.len() - from);
                let stretch = bytes[from..from + len].to_vec();
                let at = at.min(bytes.len());
                bytes.splice(at..at, stretch.iter().copied().cycle().take(len * rng.between(1, 8)));
            }
            _ => bytes.insert(at, *rng.pick(b"[]{}=,\"'\\#\n.+-eE0")),
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Text of random characters drawn from `alphabet`, up to `max` long.
pub fn garbage(rng: &mut Rng, alphabet: &[char], max: usize) -> String {
    (0..rng.below(max + 1)).map(|_| *rng.pick(alphabet)).collect()
}

/// Shortens text for a report line: the whole input is always one `--case` away.
pub fn clipped(text: &str, max_chars: usize) -> String {
    match text.char_indices().nth(max_chars) {
        Some((cut, _)) => format!("{}... ({} characters in all)", &text[..cut], text.chars().count()),
        None => text.to_string(),
    }
}
