//! How the siege's log speaks of its units: a verb that agrees with a unit's name.

/// `one` after a name that reads as one body ("Boxer field gun 1", "Horse", "45th Sikhs, first section"),
/// `many` after one that reads as many men ("U.S. Marines", "Boxers (swords and pole arms) 3", "Tiger
/// Men 2"). The name is read without the group's number and any words in brackets.
pub fn agrees<'w>(name: &str, one: &'w str, many: &'w str) -> &'w str {
    let bare = name.trim_end_matches(|c: char| c.is_ascii_digit() || c == ' ' || c == '-');
    let bare = match bare.find(" (") {
        Some(i) if bare.ends_with(')') => &bare[..i],
        _ => bare,
    };
    let last = bare.rsplit([' ', ',']).next().unwrap_or(bare).to_lowercase();
    let plural = (last.ends_with('s') && !last.ends_with("ss")) || last.ends_with("men") || last == "people";
    if plural { many } else { one }
}

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
