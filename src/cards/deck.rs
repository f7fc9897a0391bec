use rand::Rng;
use rand::seq::SliceRandom;
use serde::{Deserialize, Serialize};

use super::{Card, CardError, Rank, Suit};

/// A draw pile and a discard pile holding the 54 cards between them. A drawn card goes straight to the
/// discards: every rule that uses this deck reads a card and is done with it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Deck {
    /// In the order the cards will be drawn: the first is the top card.
    draw_pile: Vec<Card>,
    /// In the order they were drawn.
    discard_pile: Vec<Card>,
}

impl Default for Deck {
    fn default() -> Deck {
        Deck::new()
    }
}

impl Deck {
    /// All 54 cards, unshuffled, in a fixed order (clubs, diamonds, hearts, spades, each two to ace,
    /// then the two jokers), so a shuffle from a given seed always gives the same deck.
    pub fn new() -> Deck {
        let mut cards: Vec<Card> =
            Suit::ALL.into_iter().flat_map(|suit| Rank::ALL.map(|rank| Card::new(rank, suit))).collect();
        cards.extend([Card::Joker(1), Card::Joker(2)]);
        Deck { draw_pile: cards, discard_pile: Vec::new() }
    }

    /// Shuffles the cards still to be drawn; the discards stay where they are.
    pub fn shuffle<R: Rng + ?Sized>(&mut self, rng: &mut R) {
        self.draw_pile.shuffle(rng);
    }

    /// Puts the discards back and shuffles the whole deck (a joker in The Natives are Restless Tonight).
    pub fn reshuffle<R: Rng + ?Sized>(&mut self, rng: &mut R) {
        self.draw_pile.append(&mut self.discard_pile);
        self.shuffle(rng);
    }

    /// Draws the top card. When the draw pile is empty the discards are reshuffled in first, as players
    /// do at the table: no rule text ends a game because the deck ran out, so a draw always succeeds.
    pub fn draw<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Card {
        if self.draw_pile.is_empty() {
            self.reshuffle(rng);
        }
        let card = self.draw_pile.remove(0);
        self.discard_pile.push(card);
        card
    }

    /// Records a card a player drew from a physical deck, wherever it sat in the draw pile.
    ///
    /// A joker stands for either joker: the two are the same card at the table, so a player typing
    /// "joker" gets the lowest-numbered joker still in the draw pile, and the returned card is the one to
    /// record. That keeps "joker" typed twice in one pass through the deck valid, and a third refused.
    pub fn draw_typed(&mut self, card: Card) -> Result<Card, CardError> {
        let position = match card {
            Card::Joker(_) => self.lowest_joker_position().ok_or(CardError::NoJokerLeft)?,
            Card::Standard { .. } => self.position(card).ok_or(CardError::AlreadyDrawn { card })?,
        };
        let drawn = self.draw_pile.remove(position);
        self.discard_pile.push(drawn);
        Ok(drawn)
    }

    fn position(&self, card: Card) -> Option<usize> {
        self.draw_pile.iter().position(|&c| c == card)
    }

    fn lowest_joker_position(&self) -> Option<usize> {
        let lowest = self.draw_pile.iter().filter(|c| c.is_joker()).min_by_key(|c| match c {
            Card::Joker(number) => *number,
            Card::Standard { .. } => u8::MAX,
        })?;
        self.position(*lowest)
    }

    /// How many cards are left to draw.
    pub fn remaining(&self) -> usize {
        self.draw_pile.len()
    }

    /// How many cards have been drawn since the last reshuffle.
    pub fn discarded(&self) -> usize {
        self.discard_pile.len()
    }

    /// The cards left to draw, top card first.
    pub fn draw_pile(&self) -> &[Card] {
        &self.draw_pile
    }

    /// The cards drawn since the last reshuffle, oldest first.
    pub fn discard_pile(&self) -> &[Card] {
        &self.discard_pile
    }

    /// Replays a recorded shuffle: the draw pile becomes `order` and the discards are emptied. The log
    /// stores the order a shuffle produced, so replay never needs the RNG.
    pub fn set_draw_pile(&mut self, order: Vec<Card>) {
        self.draw_pile = order;
        self.discard_pile.clear();
    }

    /// Replays a recorded draw: moves exactly `card` from the draw pile to the discards. A card not in
    /// the draw pile is left alone; the draw was validated when it was recorded.
    pub fn remove_for_draw(&mut self, card: Card) {
        if let Some(position) = self.position(card) {
            self.discard_pile.push(self.draw_pile.remove(position));
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;

    const QUEEN_OF_HEARTS: Card = Card::new(Rank::Queen, Suit::Hearts);

    fn rng(seed: u64) -> ChaCha8Rng {
        ChaCha8Rng::seed_from_u64(seed)
    }

    fn shuffled(seed: u64) -> Deck {
        let mut deck = Deck::new();
        deck.shuffle(&mut rng(seed));
        deck
    }

    #[test]
    fn a_new_deck_holds_54_different_cards_with_two_jokers() {
        let deck = Deck::new();
        assert_eq!((deck.remaining(), deck.discarded()), (54, 0));
        assert_eq!(deck.draw_pile().iter().collect::<HashSet<_>>().len(), 54);
        assert_eq!(deck.draw_pile().iter().filter(|c| c.is_joker()).count(), 2);
        assert_eq!(deck.draw_pile().iter().filter(|c| c.is_red()).count(), 26);
        assert_eq!(deck.draw_pile()[0], Card::new(Rank::Two, Suit::Clubs));
        assert_eq!(Deck::default(), deck);
    }

    #[test]
    fn the_same_seed_gives_the_same_sequence() {
        let (mut a, mut b) = (shuffled(7), shuffled(7));
        let (mut rng_a, mut rng_b) = (rng(99), rng(99));
        // 120 draws run through two automatic reshuffles.
        let drawn_a: Vec<Card> = (0..120).map(|_| a.draw(&mut rng_a)).collect();
        let drawn_b: Vec<Card> = (0..120).map(|_| b.draw(&mut rng_b)).collect();
        assert_eq!(drawn_a, drawn_b);
    }

    #[test]
    fn different_seeds_give_different_orders() {
        assert_ne!(shuffled(1).draw_pile(), shuffled(2).draw_pile());
        assert_ne!(shuffled(1).draw_pile(), Deck::new().draw_pile());
    }

    #[test]
    fn shuffling_keeps_every_card() {
        let deck = shuffled(3);
        let mut codes: Vec<String> = deck.draw_pile().iter().map(|c| c.code()).collect();
        let mut fresh: Vec<String> = Deck::new().draw_pile().iter().map(|c| c.code()).collect();
        codes.sort();
        fresh.sort();
        assert_eq!(codes, fresh);
    }

    #[test]
    fn drawing_takes_the_top_card_to_the_discards() {
        let mut deck = shuffled(5);
        let top = deck.draw_pile()[0];
        assert_eq!(deck.draw(&mut rng(0)), top);
        assert_eq!((deck.remaining(), deck.discarded()), (53, 1));
        assert_eq!(deck.discard_pile(), [top]);
    }

    #[test]
    fn an_empty_draw_pile_reshuffles_the_discards_in() {
        let mut deck = shuffled(5);
        let mut r = rng(0);
        let first_pass: HashSet<Card> = (0..54).map(|_| deck.draw(&mut r)).collect();
        assert_eq!(first_pass.len(), 54);
        assert_eq!((deck.remaining(), deck.discarded()), (0, 54));
        deck.draw(&mut r);
        assert_eq!((deck.remaining(), deck.discarded()), (53, 1));
    }

    #[test]
    fn reshuffle_brings_every_card_back() {
        let mut deck = shuffled(5);
        let mut r = rng(0);
        for _ in 0..10 {
            deck.draw(&mut r);
        }
        deck.reshuffle(&mut r);
        assert_eq!((deck.remaining(), deck.discarded()), (54, 0));
    }

    #[test]
    fn a_typed_card_is_taken_from_wherever_it_sits() {
        let mut deck = shuffled(11);
        assert_eq!(deck.draw_typed(QUEEN_OF_HEARTS), Ok(QUEEN_OF_HEARTS));
        assert!(!deck.draw_pile().contains(&QUEEN_OF_HEARTS));
        assert_eq!(deck.discard_pile(), [QUEEN_OF_HEARTS]);
    }

    #[test]
    fn a_card_already_drawn_cannot_be_typed_in() {
        let mut deck = shuffled(11);
        deck.draw_typed(QUEEN_OF_HEARTS).unwrap();
        let refused = deck.draw_typed(QUEEN_OF_HEARTS).unwrap_err();
        assert_eq!(refused, CardError::AlreadyDrawn { card: QUEEN_OF_HEARTS });
        assert_eq!(refused.to_string(), "the Q♥ has already been drawn");
        assert_eq!(deck.remaining(), 53);
    }

    #[test]
    fn a_typed_joker_is_whichever_joker_is_left() {
        let mut deck = shuffled(11);
        let typed: Card = "joker".parse().unwrap();
        assert_eq!(deck.draw_typed(typed), Ok(Card::Joker(1)));
        assert_eq!(deck.draw_typed(typed), Ok(Card::Joker(2)));
        let refused = deck.draw_typed(typed).unwrap_err();
        assert_eq!(refused.to_string(), "both jokers have already been drawn");
    }

    #[test]
    fn typing_the_second_joker_leaves_the_first_for_later() {
        let mut deck = shuffled(11);
        deck.remove_for_draw(Card::Joker(1));
        assert_eq!(deck.draw_typed(Card::Joker(1)), Ok(Card::Joker(2)));
    }

    #[test]
    fn replaying_a_recorded_shuffle_and_draw_rebuilds_the_deck() {
        let mut played = shuffled(21);
        let mut r = rng(4);
        played.reshuffle(&mut r);
        let order = played.draw_pile().to_vec();
        let card = played.draw(&mut r);

        let mut replayed = Deck::new();
        replayed.set_draw_pile(order);
        replayed.remove_for_draw(card);
        assert_eq!(replayed, played);
    }

    #[test]
    fn a_deck_serializes_its_piles_as_card_codes() {
        let mut deck = Deck::new();
        deck.draw_typed(QUEEN_OF_HEARTS).unwrap();
        let json = serde_json::to_string(&deck).unwrap();
        assert!(json.starts_with(r#"{"draw_pile":["2C","3C","#));
        assert!(json.ends_with(r#""JK1","JK2"],"discard_pile":["QH"]}"#));
        assert_eq!(serde_json::from_str::<Deck>(&json).unwrap(), deck);
    }
}
