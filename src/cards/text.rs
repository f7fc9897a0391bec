//! How cards are written: `Display` for people (`10♥`, `A♠`, `Joker`), a short ASCII code for logs
//! (`10H`, `AS`, `JK1`), and a forgiving parser for what a player types.

use std::fmt;
use std::str::FromStr;

use super::{Card, CardError, Rank, Suit};

impl Rank {
    /// "2" … "10", "J", "Q", "K", "A".
    pub fn symbol(self) -> &'static str {
        match self {
            Rank::Two => "2",
            Rank::Three => "3",
            Rank::Four => "4",
            Rank::Five => "5",
            Rank::Six => "6",
            Rank::Seven => "7",
            Rank::Eight => "8",
            Rank::Nine => "9",
            Rank::Ten => "10",
            Rank::Jack => "J",
            Rank::Queen => "Q",
            Rank::King => "K",
            Rank::Ace => "A",
        }
    }

    /// Reads an upper-cased rank; "T" is the ten as card players abbreviate it.
    fn from_symbol(text: &str) -> Option<Rank> {
        match text {
            "T" => Some(Rank::Ten),
            _ => Rank::ALL.into_iter().find(|rank| rank.symbol() == text),
        }
    }
}

impl Suit {
    pub fn symbol(self) -> char {
        match self {
            Suit::Clubs => '♣',
            Suit::Diamonds => '♦',
            Suit::Hearts => '♥',
            Suit::Spades => '♠',
        }
    }

    pub fn letter(self) -> char {
        match self {
            Suit::Clubs => 'C',
            Suit::Diamonds => 'D',
            Suit::Hearts => 'H',
            Suit::Spades => 'S',
        }
    }

    /// Reads a suit letter (upper-cased) or symbol, filled or outlined.
    fn from_char(c: char) -> Option<Suit> {
        match c {
            'C' | '♣' | '♧' => Some(Suit::Clubs),
            'D' | '♦' | '♢' => Some(Suit::Diamonds),
            'H' | '♥' | '♡' => Some(Suit::Hearts),
            'S' | '♠' | '♤' => Some(Suit::Spades),
            _ => None,
        }
    }
}

impl Card {
    /// The short ASCII code used in logs and serialization: "QH", "10S", "JK1".
    pub fn code(self) -> String {
        match self {
            Card::Standard { rank, suit } => format!("{}{}", rank.symbol(), suit.letter()),
            Card::Joker(number) => format!("JK{number}"),
        }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Card::Standard { rank, suit } => write!(f, "{}{}", rank.symbol(), suit.symbol()),
            // The two jokers are the same card to a player; the number is bookkeeping.
            Card::Joker(_) => f.write_str("Joker"),
        }
    }
}

impl FromStr for Card {
    type Err = CardError;

    /// Accepts rank then suit in any case, with or without spaces: "QH", "qh", "10h", "Th", "A♠", "2 c".
    /// "joker", "jk" (any case) read as the first joker; "JK2" or "joker 2" name the second. Which joker
    /// a typed one becomes is settled by `Deck::draw_typed`, since only the deck knows which is left.
    fn from_str(text: &str) -> Result<Card, CardError> {
        let unreadable = || CardError::Unreadable { text: text.to_string() };
        // U+FE0F is the emoji selector phones add after ♥ and ♦.
        let compact: String =
            text.chars().filter(|c| !c.is_whitespace() && *c != '\u{FE0F}').collect::<String>().to_uppercase();
        if let Some(number) = compact.strip_prefix("JOKER").or_else(|| compact.strip_prefix("JK")) {
            return match number {
                "" | "1" => Ok(Card::Joker(1)),
                "2" => Ok(Card::Joker(2)),
                _ => Err(unreadable()),
            };
        }
        let mut chars = compact.chars();
        let suit = chars.next_back().and_then(Suit::from_char).ok_or_else(unreadable)?;
        let rank = Rank::from_symbol(chars.as_str()).ok_or_else(unreadable)?;
        Ok(Card::Standard { rank, suit })
    }
}

impl From<Card> for String {
    fn from(card: Card) -> String {
        card.code()
    }
}

impl TryFrom<String> for Card {
    type Error = CardError;

    fn try_from(text: String) -> Result<Card, CardError> {
        text.parse()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(rank: Rank, suit: Suit) -> Card {
        Card::new(rank, suit)
    }

    #[test]
    fn displays_in_short_form_with_suit_symbols() {
        assert_eq!(card(Rank::Ten, Suit::Hearts).to_string(), "10♥");
        assert_eq!(card(Rank::Ace, Suit::Spades).to_string(), "A♠");
        assert_eq!(card(Rank::Two, Suit::Clubs).to_string(), "2♣");
        assert_eq!(card(Rank::Queen, Suit::Diamonds).to_string(), "Q♦");
        assert_eq!(Card::Joker(2).to_string(), "Joker");
    }

    #[test]
    fn reads_what_a_player_types() {
        let queen_of_hearts = card(Rank::Queen, Suit::Hearts);
        for typed in ["QH", "qh", "Qh", "Q♥", "q ♥", "Q♥\u{FE0F}", " QH "] {
            assert_eq!(typed.parse::<Card>(), Ok(queen_of_hearts), "{typed:?}");
        }
        assert_eq!("10h".parse::<Card>(), Ok(card(Rank::Ten, Suit::Hearts)));
        assert_eq!("Th".parse::<Card>(), Ok(card(Rank::Ten, Suit::Hearts)));
        assert_eq!("AS".parse::<Card>(), Ok(card(Rank::Ace, Suit::Spades)));
        assert_eq!("A♠".parse::<Card>(), Ok(card(Rank::Ace, Suit::Spades)));
        assert_eq!("2c".parse::<Card>(), Ok(card(Rank::Two, Suit::Clubs)));
        assert_eq!("J♧".parse::<Card>(), Ok(card(Rank::Jack, Suit::Clubs)));
        assert_eq!("kd".parse::<Card>(), Ok(card(Rank::King, Suit::Diamonds)));
    }

    #[test]
    fn reads_jokers_in_any_spelling() {
        for typed in ["joker", "JOKER", "Joker", "jk", "JK", "JK1", "joker 1"] {
            assert_eq!(typed.parse::<Card>(), Ok(Card::Joker(1)), "{typed:?}");
        }
        assert_eq!("jk2".parse::<Card>(), Ok(Card::Joker(2)));
        assert_eq!("Joker 2".parse::<Card>(), Ok(Card::Joker(2)));
    }

    #[test]
    fn refuses_what_is_not_a_card() {
        for typed in ["", "Q", "H", "1H", "11S", "QX", "joker3", "ZZ", "10", "QHH"] {
            let err = typed.parse::<Card>().unwrap_err();
            assert_eq!(err, CardError::Unreadable { text: typed.to_string() }, "{typed:?}");
        }
        assert_eq!(
            "QX".parse::<Card>().unwrap_err().to_string(),
            "cannot read \"QX\" as a card (try QH, 10h, A♠ or joker)"
        );
    }

    #[test]
    fn serializes_as_the_short_code() {
        let json = serde_json::to_string(&[card(Rank::Queen, Suit::Hearts), card(Rank::Ten, Suit::Spades)]).unwrap();
        assert_eq!(json, r#"["QH","10S"]"#);
        assert_eq!(serde_json::to_string(&Card::Joker(1)).unwrap(), r#""JK1""#);
    }

    #[test]
    fn every_card_survives_a_round_trip_through_its_code() {
        let mut every: Vec<Card> = Rank::ALL.into_iter().flat_map(|r| Suit::ALL.map(|s| card(r, s))).collect();
        every.extend([Card::Joker(1), Card::Joker(2)]);
        for c in every {
            let json = serde_json::to_string(&c).unwrap();
            assert_eq!(serde_json::from_str::<Card>(&json).unwrap(), c);
            assert_eq!(c.code().parse::<Card>(), Ok(c));
        }
    }

    #[test]
    fn deserializing_rejects_an_unreadable_code() {
        assert!(serde_json::from_str::<Card>(r#""XX""#).is_err());
    }
}

#[cfg(all(test, feature = "specta"))]
mod specta_tests {
    use specta::datatype::DataType;
    use specta::{Type, Types};

    use super::Card;

    #[test]
    fn the_ui_sees_a_card_as_the_string_it_is_serialized_to() {
        let mut types = Types::default();
        let DataType::Reference(specta::datatype::Reference::Named(card)) = Card::definition(&mut types) else {
            panic!("a card should be exported as a named type");
        };
        let exported = types.get(&card).and_then(|named| named.ty.clone());
        assert_eq!(exported, Some(String::definition(&mut types)));
    }
}
