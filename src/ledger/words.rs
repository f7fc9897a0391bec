//! A tally in plain words: whether it is about as expected, and if not, how rarely a table does as well
//! or as badly ("lucky: 1 game in 23 does this well").

use super::Tally;

/// What the rarity is counted in: games, for one game's ledger, or campaigns, for a campaign's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Per {
    Game,
    Campaign,
}

impl Per {
    fn noun(self) -> &'static str {
        match self {
            Per::Game => "game",
            Per::Campaign => "campaign",
        }
    }
}

/// A difference at least this likely (1 in 4) is what dice do all evening, and is not remarked on.
const AS_EXPECTED: f64 = 0.25;

impl Tally {
    /// More of every measure is better for the side that threw: more hits, more kills, more morale passes,
    /// more inches. Free rolls belong to no side, so they are only high or low.
    pub fn words(&self, per: Per) -> String {
        if self.tail >= AS_EXPECTED {
            return "about as expected".to_string();
        }
        let rarity = one_in(self.tail, per);
        match (&self.side, self.above()) {
            (Some(_), true) => format!("lucky: {rarity} does this well"),
            (Some(_), false) => format!("unlucky: {rarity} does this badly"),
            (None, true) => format!("high: {rarity} rolls this high"),
            (None, false) => format!("low: {rarity} rolls this low"),
        }
    }
}

/// "1 game in 23", "1 game in 4.2 million", "fewer than 1 game in a trillion".
fn one_in(chance: f64, per: Per) -> String {
    let noun = per.noun();
    let n = 1.0 / chance;
    if !n.is_finite() || n >= 1e12 {
        format!("fewer than 1 {noun} in a trillion")
    } else if n >= 1e9 {
        format!("1 {noun} in {:.1} billion", n / 1e9)
    } else if n >= 1e6 {
        format!("1 {noun} in {:.1} million", n / 1e6)
    } else {
        format!("1 {noun} in {}", thousands(n.round() as u64))
    }
}

/// 12345 as "12,345".
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(side: Option<&str>, actual: i64, tail: f64) -> Tally {
        Tally {
            side: side.map(str::to_string),
            measure: "hits".into(),
            throws: 3,
            expected: 10.0,
            actual,
            sd: 2.0,
            tail,
        }
    }

    #[test]
    fn the_words_say_which_way_and_how_rarely() {
        let guard = Some("Guard");
        assert_eq!(tally(guard, 11, 0.4).words(Per::Game), "about as expected");
        assert_eq!(tally(guard, 16, 1.0 / 23.0).words(Per::Game), "lucky: 1 game in 23 does this well");
        assert_eq!(
            tally(guard, 4, 1.0 / 12_345.0).words(Per::Campaign),
            "unlucky: 1 campaign in 12,345 does this badly"
        );
        assert_eq!(tally(guard, 30, 1.0 / 4.2e6).words(Per::Game), "lucky: 1 game in 4.2 million does this well");
        assert_eq!(tally(guard, 90, 0.0).words(Per::Game), "lucky: fewer than 1 game in a trillion does this well");
        assert_eq!(tally(None, 2, 0.01).words(Per::Game), "low: 1 game in 100 rolls this low");
    }
}
