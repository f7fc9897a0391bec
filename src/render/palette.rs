//! The map's colours: fixed, so every report reads alike, and light, so it prints on white paper. Terrain
//! is coloured by its cover class, which is ruleset data: known words get a fitting colour (the table
//! view's tints, lightened for paper), any other class a neutral one.

/// A colour with its opacity, 0–255 each.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rgba(pub u8, pub u8, pub u8, pub u8);

impl Rgba {
    pub const fn rgb(r: u8, g: u8, b: u8) -> Rgba {
        Rgba(r, g, b, 255)
    }

    pub const fn alpha(self, a: u8) -> Rgba {
        Rgba(self.0, self.1, self.2, a)
    }

    /// The same colour darkened towards black by `by` (0–1), for outlines that stay the colour's own.
    pub fn darker(self, by: f32) -> Rgba {
        let f = |c: u8| (f32::from(c) * (1.0 - by)).round() as u8;
        Rgba(f(self.0), f(self.1), f(self.2), self.3)
    }
}

pub const PAPER: Rgba = Rgba::rgb(255, 255, 255);
/// The table itself: a pale sand cloth, so every terrain and side colour stands out on it.
pub const CLOTH: Rgba = Rgba::rgb(0xf1, 0xea, 0xd8);
pub const CLOTH_EDGE: Rgba = Rgba::rgb(0x6b, 0x60, 0x4c);
pub const GRID: Rgba = Rgba::rgb(0xe2, 0xd8, 0xc0);
pub const INK: Rgba = Rgba::rgb(0x1d, 0x1b, 0x18);
pub const MUTED: Rgba = Rgba::rgb(0x5e, 0x57, 0x4b);
/// The outline of a leader's dot, the one mark that tells him from his men.
pub const LEADER_RING: Rgba = Rgba::rgb(0x10, 0x10, 0x10);
pub const CHIT: Rgba = Rgba::rgb(0x3a, 0x34, 0x2a);
pub const CHIT_TEXT: Rgba = Rgba::rgb(0xf4, 0xef, 0xe2);

/// A terrain piece's fill and outline by its cover class.
pub fn terrain(cover: &str) -> (Rgba, Rgba) {
    let words = |list: &[&str]| list.iter().any(|w| cover.contains(w));
    let base = if words(&["river", "water", "stream", "lake", "marsh", "swamp"]) {
        Rgba::rgb(0x3f, 0x7f, 0xa6)
    } else if words(&["jungle", "wood", "tree", "forest", "bush", "hedge", "scrub"]) {
        Rgba::rgb(0x4f, 0x7a, 0x3a)
    } else if words(&["crop", "field", "orchard"]) {
        Rgba::rgb(0xa1, 0x9a, 0x3c)
    } else if words(&["building", "window", "door", "house", "fort", "redoubt", "ship"]) {
        Rgba::rgb(0xa0, 0x70, 0x3c)
    } else if words(&["wall", "barricade", "rampart", "palisade", "sangar"]) {
        Rgba::rgb(0x8a, 0x80, 0x70)
    } else if words(&["rock", "hill", "kopje", "boulder"]) {
        Rgba::rgb(0x7c, 0x73, 0x68)
    } else if words(&["trail", "road", "track", "path", "open"]) {
        Rgba::rgb(0xc4, 0xa8, 0x72)
    } else if words(&["zone"]) {
        Rgba::rgb(0x5a, 0x7f, 0xb0)
    } else {
        Rgba::rgb(0x8c, 0x85, 0x77)
    };
    (base.alpha(96), base.darker(0.15))
}

/// Stand-ins for a side whose colour is not written as `#rgb` or `#rrggbb`: one per side, in order.
const SIDES: [Rgba; 4] = [
    Rgba::rgb(0x2c, 0x4a, 0x7a),
    Rgba::rgb(0xc0, 0x39, 0x2b),
    Rgba::rgb(0x2e, 0x7d, 0x32),
    Rgba::rgb(0x8e, 0x44, 0xad),
];

/// A side's colour as its scenario gives it (`#5b9bd5`, `#c00`), or the `index`th stand-in.
pub fn side(colour: &str, index: usize) -> Rgba {
    parse_hex(colour).unwrap_or(SIDES[index % SIDES.len()])
}

fn parse_hex(text: &str) -> Option<Rgba> {
    let hex = text.trim().strip_prefix('#')?;
    let digit = |i: usize| u8::from_str_radix(hex.get(i..i + 1)?, 16).ok();
    let pair = |i: usize| u8::from_str_radix(hex.get(i..i + 2)?, 16).ok();
    match hex.len() {
        3 => Some(Rgba::rgb(digit(0)? * 17, digit(1)? * 17, digit(2)? * 17)),
        6 => Some(Rgba::rgb(pair(0)?, pair(2)?, pair(4)?)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn side_colours_read_both_hex_forms_and_fall_back_by_order() {
        assert_eq!(side("#5b9bd5", 0), Rgba::rgb(0x5b, 0x9b, 0xd5));
        assert_eq!(side(" #c00 ", 0), Rgba::rgb(0xcc, 0, 0));
        assert_eq!(side("red", 1), SIDES[1]);
        assert_eq!(side("#12345", 0), SIDES[0]);
        assert_eq!(side("#zzzzzz", 2), SIDES[2]);
    }

    #[test]
    fn cover_classes_get_their_family_colour() {
        assert_eq!(terrain("river").1, terrain("water").1);
        assert_eq!(terrain("high_wall").1, terrain("walls").1);
        assert_ne!(terrain("jungle").1, terrain("building").1);
        assert_ne!(terrain("zone").1, terrain("something new").1, "a map's zones stand out from unknown ground");
        assert_eq!(terrain("something new").1, Rgba::rgb(0x8c, 0x85, 0x77).darker(0.15));
    }
}
