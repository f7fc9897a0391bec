//! Each army against the value the battle gives it (Armies). Thrown on 8D6, the throw "determine[s] the
//! value of their army, with no more than 33% of this total value being spent on stands worth 4 points or
//! more": an army worth more, or over that share, is not an army of its throw, and the set-up is refused.
//! Agreed, "a total of 36 points per army is recommended, with no more than 12 points in total being spent
//! on stands worth 4 points or more": an army beyond that is set up with a warning, and refused only by a
//! checked set-up (`armies one-off --checked`). An army may spend less than its value, as the text's own
//! 35-point lists do; the set-up says so.

use super::super::army::totals;
use super::super::tables::Tables;
use super::{Army, Throws, cap};

/// What the set-up makes of the two armies' values.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Fit {
    /// Why an army is not one of its thrown value: the battle is not set up.
    pub refused: Vec<String>,
    /// Where an army goes beyond the text's recommendation for agreed armies.
    pub beyond: Vec<String>,
    /// Points an army of thrown value leaves unspent.
    pub notes: Vec<String>,
}

pub fn fit(tables: &Tables, armies: &[Army; 2], throws: &Throws) -> Fit {
    let rules = &tables.armies;
    let from = rules.cap_from_value;
    let mut fit = Fit::default();
    for (i, army) in armies.iter().enumerate() {
        let name = army.list.army.name.replace(|c: char| c.is_control(), " ");
        let sum = totals(tables, &army.list.stands, army.list.entrenchments.as_ref());
        match throws.values {
            Some(values) => {
                let value = values[i];
                let most = cap(rules, value, true);
                if sum.points > f64::from(value) {
                    fit.refused.push(format!("{name} is worth {} points, more than the {value} it threw on 8D6", sum.points));
                }
                if sum.capped_points > most {
                    fit.refused.push(format!(
                        "{name} has {} points in stands worth {from} or more: at most {most} ({}% of the {value} it threw)",
                        sum.capped_points, rules.dice_cap_percent
                    ));
                }
                if sum.points < f64::from(value) {
                    fit.notes.push(format!("{name} spends {} of the {value} points it threw", sum.points));
                }
            }
            None => {
                let (value, most) = (rules.equal_points, rules.equal_cap_points);
                if sum.points > f64::from(value) {
                    fit.beyond.push(format!(
                        "{name} is worth {} points: the text recommends {value} for armies of agreed, equal value",
                        sum.points
                    ));
                }
                if sum.capped_points > most {
                    fit.beyond.push(format!(
                        "{name} has {} points in stands worth {from} or more: the text recommends at most {most} in an army of the agreed {value}",
                        sum.capped_points
                    ));
                }
            }
        }
    }
    fit
}
