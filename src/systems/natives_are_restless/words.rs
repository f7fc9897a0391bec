//! How the siege's log speaks of its units: a verb that agrees with a unit's name.

/// `one` after a name that reads as one body ("Boxer field gun 1", "Horse", "45th Sikhs, first section"),
/// `many` after one that reads as many men ("U.S. Marines", "Boxers (swords and pole arms) 3", "Tiger
/// Men 2"). The name is read without the group's number and any words in brackets.
pub use crate::rules::agrees;

#[cfg(test)]
mod tests {
    use super::agrees;

    #[test]
    fn a_verb_agrees_with_a_units_name() {
        for one in ["Boxer field gun 1", "Horse", "45th Sikhs, first section", "German Seebattalion", "Squad B"] {
            assert_eq!(agrees(one, "arrives", "arrive"), "arrives", "{one}");
        }
        for many in ["U.S. Marines", "Boxers (swords and pole arms) 3", "Tiger Men 2", "Native warriors 10", "Sikhs"] {
            assert_eq!(agrees(many, "arrives", "arrive"), "arrive", "{many}");
        }
    }
}
