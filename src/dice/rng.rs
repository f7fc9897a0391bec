use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::DiceAsk;

/// The one RNG of a game. Each log entry draws from its own ChaCha stream (`for_event`), so the dice of
/// entry n depend only on the seed and n: undoing a roll and rolling again gives fresh dice, and replaying
/// the log can re-derive any roll without replaying the RNG's whole history.
pub struct GameRng {
    rng: ChaCha8Rng,
    /// Where typed dice note each roll that asks for faces, when a caller wants to know (`asking`).
    /// Kept here because every procedure already takes the game's RNG beside its typed dice.
    asked: Option<Vec<DiceAsk>>,
}

impl GameRng {
    pub fn for_event(seed: u64, event_index: u64) -> GameRng {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(event_index);
        GameRng { rng, asked: None }
    }

    /// Has typed dice note the rolls they are asked for, for `take_asked`.
    pub fn asking(mut self) -> GameRng {
        self.asked = Some(Vec::new());
        self
    }

    /// The rolls typed dice were asked for, in order, since `asking`.
    pub fn take_asked(&mut self) -> Vec<DiceAsk> {
        self.asked.as_mut().map(std::mem::take).unwrap_or_default()
    }

    pub(super) fn asked_mut(&mut self) -> Option<&mut Vec<DiceAsk>> {
        self.asked.as_mut()
    }

    /// A uniform side index in `0..sides`.
    pub fn side(&mut self, sides: usize) -> usize {
        use rand::RngExt;
        self.rng.random_range(0..sides)
    }

    pub fn inner(&mut self) -> &mut ChaCha8Rng {
        &mut self.rng
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_and_event_give_same_draws() {
        let mut a = GameRng::for_event(42, 3);
        let mut b = GameRng::for_event(42, 3);
        let da: Vec<usize> = (0..20).map(|_| a.side(6)).collect();
        let db: Vec<usize> = (0..20).map(|_| b.side(6)).collect();
        assert_eq!(da, db);
    }

    #[test]
    fn other_events_draw_other_dice() {
        let mut a = GameRng::for_event(42, 3);
        let mut b = GameRng::for_event(42, 4);
        let da: Vec<usize> = (0..20).map(|_| a.side(20)).collect();
        let db: Vec<usize> = (0..20).map(|_| b.side(20)).collect();
        assert_ne!(da, db);
    }
}
