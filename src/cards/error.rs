use super::Card;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CardError {
    #[error("cannot read {text:?} as a card (try QH, 10h, A♠ or joker)")]
    Unreadable { text: String },
    #[error("the {card} has already been drawn")]
    AlreadyDrawn { card: Card },
    #[error("both jokers have already been drawn")]
    NoJokerLeft,
}
