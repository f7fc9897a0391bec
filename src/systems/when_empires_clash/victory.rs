//! The end of a battle: the army that has lost half its value must withdraw, and the remaining values
//! decide the level of victory.

use super::tables::VictoryRules;

/// "Once an army has suffered a loss of 50% of its original value (not including the value of its
/// Command stand), it must begin to withdraw." Compared without rounding: 18 lost of 36 withdraws. An
/// army that has lost nothing has suffered no loss, so one worth nothing (its Command stand alone) stands.
pub fn must_withdraw(rules: &VictoryRules, starting_value: f64, destroyed_value: f64) -> bool {
    destroyed_value > 0.0 && destroyed_value * 100.0 >= starting_value * f64::from(rules.withdraw_at_percent)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    Draw,
    Marginal,
    Decisive,
    Overwhelming,
}

/// The level of victory from the two remaining values (Command stands included): a draw when equal,
/// Marginal up to 9 points apart, Decisive 10 to 19, Overwhelming 20 or more.
pub fn level(rules: &VictoryRules, remaining: [f64; 2]) -> Level {
    let difference = (remaining[0] - remaining[1]).abs();
    if difference == 0.0 {
        Level::Draw
    } else if difference <= f64::from(rules.marginal_up_to) {
        Level::Marginal
    } else if difference <= f64::from(rules.decisive_up_to) {
        Level::Decisive
    } else {
        Level::Overwhelming
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules() -> VictoryRules {
        crate::systems::when_empires_clash::charts().1.victory.clone()
    }

    #[test]
    fn half_the_value_lost_withdraws_and_nothing_lost_never_does() {
        let rules = rules();
        assert!(must_withdraw(&rules, 36.0, 18.0));
        assert!(!must_withdraw(&rules, 36.0, 17.0));
        assert!(must_withdraw(&rules, 35.0, 17.5));
        assert!(!must_withdraw(&rules, 0.0, 0.0), "an army of its Command stand alone has lost nothing");
    }
}
