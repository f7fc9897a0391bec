use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum Rank {
    Two,
    Three,
    Four,
    Five,
    Six,
    Seven,
    Eight,
    Nine,
    Ten,
    Jack,
    Queen,
    King,
    Ace,
}

impl Rank {
    /// Low to high, the order of a new deck.
    pub const ALL: [Rank; 13] = [
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
        Rank::Ace,
    ];
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum Suit {
    Clubs,
    Diamonds,
    Hearts,
    Spades,
}

impl Suit {
    /// The order of a new deck.
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    pub fn is_red(self) -> bool {
        matches!(self, Suit::Diamonds | Suit::Hearts)
    }
}

/// One playing card. Serialized as its short code ("QH", "10S", "JK1") so a log reads like a scorecard.
///
/// The two jokers are numbered only to keep the deck's bookkeeping exact; at the table they are the same
/// card (see `Deck::draw_typed`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type), specta(type = String))]
#[serde(into = "String", try_from = "String")]
pub enum Card {
    Standard {
        rank: Rank,
        suit: Suit,
    },
    /// 1 or 2.
    Joker(u8),
}

impl Card {
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card::Standard { rank, suit }
    }

    pub fn rank(self) -> Option<Rank> {
        match self {
            Card::Standard { rank, .. } => Some(rank),
            Card::Joker(_) => None,
        }
    }

    pub fn suit(self) -> Option<Suit> {
        match self {
            Card::Standard { suit, .. } => Some(suit),
            Card::Joker(_) => None,
        }
    }

    pub fn is_joker(self) -> bool {
        matches!(self, Card::Joker(_))
    }

    /// Hearts and diamonds. A joker is neither red nor black.
    pub fn is_red(self) -> bool {
        self.suit().is_some_and(Suit::is_red)
    }

    /// Clubs and spades. A joker is neither red nor black.
    pub fn is_black(self) -> bool {
        self.suit().is_some_and(|suit| !suit.is_red())
    }

    /// Jack, queen or king; aces are not pictures.
    pub fn is_picture(self) -> bool {
        matches!(self.rank(), Some(Rank::Jack | Rank::Queen | Rank::King))
    }

    pub fn is_ace(self) -> bool {
        self.rank() == Some(Rank::Ace)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const QUEEN_OF_HEARTS: Card = Card::new(Rank::Queen, Suit::Hearts);
    const TWO_OF_CLUBS: Card = Card::new(Rank::Two, Suit::Clubs);
    const ACE_OF_SPADES: Card = Card::new(Rank::Ace, Suit::Spades);

    #[test]
    fn hearts_and_diamonds_are_red_clubs_and_spades_black() {
        assert!(QUEEN_OF_HEARTS.is_red() && !QUEEN_OF_HEARTS.is_black());
        assert!(Card::new(Rank::Five, Suit::Diamonds).is_red());
        assert!(TWO_OF_CLUBS.is_black() && !TWO_OF_CLUBS.is_red());
        assert!(ACE_OF_SPADES.is_black());
    }

    #[test]
    fn a_joker_is_neither_red_nor_black() {
        for joker in [Card::Joker(1), Card::Joker(2)] {
            assert!(!joker.is_red() && !joker.is_black());
            assert!(!joker.is_picture() && !joker.is_ace());
            assert!(joker.is_joker());
            assert_eq!((joker.rank(), joker.suit()), (None, None));
        }
    }

    #[test]
    fn pictures_are_jack_queen_and_king_only() {
        assert!(QUEEN_OF_HEARTS.is_picture());
        assert!(Card::new(Rank::Jack, Suit::Clubs).is_picture());
        assert!(Card::new(Rank::King, Suit::Spades).is_picture());
        assert!(!ACE_OF_SPADES.is_picture());
        assert!(!Card::new(Rank::Ten, Suit::Hearts).is_picture());
    }

    #[test]
    fn only_aces_are_aces() {
        assert!(ACE_OF_SPADES.is_ace());
        assert!(!Card::new(Rank::King, Suit::Spades).is_ace());
    }

    #[test]
    fn ranks_run_from_two_to_ace() {
        assert!(Rank::Two < Rank::Ten && Rank::Ten < Rank::Jack && Rank::King < Rank::Ace);
        assert_eq!(Rank::ALL.len() * Suit::ALL.len(), 52);
    }
}
