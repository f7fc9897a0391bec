//! Army lists (`scenarios/when-empires-clash/armies/*.toml`) and the checker the text's lists are held
//! to: each line's stands x value against its printed points, the printed stand count, a 35- or 36-point
//! total, and the cap on stands worth 4 or more. A list may correct a printed line (the Boxer army's
//! Imperial infantry, as RULINGS says); the checker then reports the printed figure beside the correction.

use serde::{Deserialize, Serialize};
use toml::Spanned;

use super::tables::{StandClass, Tables};
use crate::scenario::ScenarioError;

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArmyList {
    pub army: Header,
    pub stands: Vec<Line>,
    #[serde(default)]
    pub entrenchments: Option<Entrenchments>,
    /// Lines the text lets a player swap for others ("may be replaced with").
    #[serde(default)]
    pub alternatives: Vec<Alternative>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Header {
    pub conflict: String,
    pub name: String,
    /// The army commander's dice: 2D6 for European and European-style armies, D12 for Native ones.
    pub dice: Spanned<String>,
    pub printed_points: Spanned<u32>,
    pub printed_stands: Spanned<u32>,
    /// The stand count once a printed line is corrected; the printed count when absent.
    #[serde(default)]
    pub stands: Option<u32>,
}

/// "6 stands of British Regular Infantry (Single-shot Rifles): 18 points".
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Line {
    pub count: u32,
    /// The count as printed, where the list corrects it.
    #[serde(default)]
    pub printed_count: Option<u32>,
    pub name: Spanned<String>,
    pub kind: Spanned<String>,
    /// None for transport, which carries no weapon.
    #[serde(default)]
    pub weapon: Option<Spanned<String>>,
    /// A second weapon the text allows ("Hand-held Weapons or Rifled Muskets").
    #[serde(default)]
    pub or_weapon: Option<Spanned<String>>,
    /// Cavalry that "may" dismount, "must" dismount to fight, or is already "dismounted".
    #[serde(default)]
    pub dismount: Option<Dismount>,
    /// What a dismounted stand fights as.
    #[serde(default)]
    pub dismounted_as: Option<String>,
    #[serde(default)]
    pub mounts: Option<String>,
    pub printed_points: u32,
    #[serde(default)]
    pub notes: String,
    /// Why the list departs from the printed line (its count or its stand type), quoting it.
    #[serde(default)]
    pub correction: Option<String>,
}

/// How a cavalry line of a list fights on foot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum Dismount {
    /// "May dismount and fight as Regular Infantry".
    May,
    /// "Must dismount to fight and fight as Regular Infantry" (the Camel Corps): mounted, it does not fight.
    Must,
    /// Cavalry that begins the battle on foot ("dismounted United States Regular Cavalry").
    Dismounted,
}

impl Dismount {
    /// The word the army files write.
    pub fn word(self) -> &'static str {
        match self {
            Dismount::May => "may",
            Dismount::Must => "must",
            Dismount::Dismounted => "dismounted",
        }
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entrenchments {
    /// 50 mm lengths.
    pub lengths: u32,
    pub printed_points: u32,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Alternative {
    pub replaces: Vec<String>,
    pub stands: Vec<Line>,
}

/// What the checker found: a rule the list breaks, or a note (a corrected printed line).
#[derive(Debug, Clone, PartialEq)]
pub struct Finding {
    pub breaks: bool,
    pub line: Option<usize>,
    pub message: String,
}

pub fn read(file: &str, source: &str) -> Result<ArmyList, ScenarioError> {
    toml::from_str(source).map_err(|e| ScenarioError::from_toml(file, source, &e))
}

/// The list's points, its stand count and its points in stands worth 4 or more.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Totals {
    pub points: f64,
    pub stands: u32,
    pub capped_points: u32,
}

/// Stands in one line of an army. The largest army the rules allow is 48 points of 1-point stands; a
/// count far past that is a slip of the keyboard, and one near 2^32 would wrap the sums round to a
/// legal-looking army.
pub const MAX_STANDS_IN_A_LINE: u32 = 999;

/// A Command stand is neither bought nor counted among the list's stands ("13 stands plus a Command stand").
/// Sums saturate rather than wrap, so an absurd count reads as an army far over any value.
pub fn totals(tables: &Tables, lines: &[Line], entrenchments: Option<&Entrenchments>) -> Totals {
    let bought: Vec<&Line> = lines.iter().filter(|l| !is_command(tables, l)).collect();
    let value = |l: &Line| tables.stand(l.kind.get_ref()).map_or(0, |s| s.value);
    let sum = |worths: &mut dyn Iterator<Item = u32>| worths.fold(0u32, u32::saturating_add);
    let points = sum(&mut bought.iter().map(|l| l.count.saturating_mul(value(l))));
    let dug = entrenchments.map_or(0.0, |e| f64::from(e.lengths) * tables.armies.entrenchment_points_per_length);
    let capped_points = sum(&mut bought
        .iter()
        .filter(|l| value(l) >= tables.armies.cap_from_value)
        .map(|l| l.count.saturating_mul(value(l))));
    Totals { points: f64::from(points) + dug, stands: sum(&mut bought.iter().map(|l| l.count)), capped_points }
}

/// What the checker says of a line of more stands than any army holds.
pub fn too_many_stands(line: &str, count: u32) -> Option<String> {
    (count > MAX_STANDS_IN_A_LINE)
        .then(|| format!("{line}: {count} stands; a line holds at most {MAX_STANDS_IN_A_LINE}"))
}

fn is_command(tables: &Tables, line: &Line) -> bool {
    tables.stand(line.kind.get_ref()).is_some_and(|s| s.class == StandClass::Command)
}

/// What the checker says of a line that buys a Command stand: "Each side's army must have a Command stand ...
/// The value of this stand is not included in the cost of an army."
pub fn command_not_bought(line: &str) -> String {
    format!("{line}: the Command stand is not bought; every army has one, added to the battle")
}

/// Checks `list` (read from `source`, for line numbers) against the stand values and the army rules.
pub fn check(tables: &Tables, list: &ArmyList, source: &str) -> Vec<Finding> {
    let at = |offset: usize| Some(source[..offset.min(source.len())].matches('\n').count() + 1);
    let mut found = Vec::new();
    let mut breaks = |line: Option<usize>, message: String| found.push(Finding { breaks: true, line, message });
    let header = &list.army;
    if !["2D6", "D12"].contains(&header.dice.get_ref().as_str()) {
        breaks(at(header.dice.span().start), format!("dice {:?}: an army throws 2D6 or a D12", header.dice.get_ref()));
    }
    let every_line = list.stands.iter().chain(list.alternatives.iter().flat_map(|a| &a.stands));
    for line in every_line.clone() {
        breaks_of_line(tables, line, &at, &mut breaks);
    }
    let totals = totals(tables, &list.stands, list.entrenchments.as_ref());
    let printed = *header.printed_points.get_ref();
    let printed_sum = list
        .stands
        .iter()
        .map(|l| l.printed_points)
        .chain(list.entrenchments.as_ref().map(|e| e.printed_points))
        .fold(0u32, u32::saturating_add);
    if printed_sum != printed {
        breaks(
            at(header.printed_points.span().start),
            format!("the lines' printed points add to {printed_sum}, not the printed total {printed}"),
        );
    }
    if totals.points != f64::from(printed) {
        breaks(
            at(header.printed_points.span().start),
            format!("the stands are worth {} points, not the printed {printed}", totals.points),
        );
    }
    let [low, high] = tables.armies.list_points;
    if !(f64::from(low)..=f64::from(high)).contains(&totals.points) {
        breaks(
            at(header.printed_points.span().start),
            format!("{} points: the text's lists are all {low} or {high} point armies", totals.points),
        );
    }
    let expected = header.stands.unwrap_or(*header.printed_stands.get_ref());
    if totals.stands != expected {
        breaks(
            at(header.printed_stands.span().start),
            format!("{} stands, not the {expected} the list gives (plus a Command stand)", totals.stands),
        );
    }
    if totals.capped_points > tables.armies.equal_cap_points {
        breaks(
            None,
            format!(
                "{} points in stands worth {} or more: at most {} in an army of equal value",
                totals.capped_points, tables.armies.cap_from_value, tables.armies.equal_cap_points
            ),
        );
    }
    for alternative in &list.alternatives {
        let replaced: Vec<&Line> =
            list.stands.iter().filter(|l| alternative.replaces.contains(l.name.get_ref())).collect();
        if replaced.len() != alternative.replaces.len() {
            breaks(
                None,
                format!("the alternative replaces {:?}, which are not all lines of the list", alternative.replaces),
            );
        }
        let out: u32 = replaced.iter().map(|l| l.printed_points).sum();
        let incoming: u32 = alternative.stands.iter().map(|l| l.printed_points).sum();
        if out != incoming {
            breaks(None, format!("the alternative brings {incoming} points for the {out} it replaces"));
        }
    }
    for line in list.stands.iter().filter(|l| l.printed_count.is_some() || l.correction.is_some()) {
        found.push(Finding {
            breaks: false,
            line: at(line.name.span().start),
            message: line
                .correction
                .clone()
                .unwrap_or_else(|| format!("{}: printed count corrected", line.name.get_ref())),
        });
    }
    found
}

/// What one line breaks: an unknown stand type or weapon, or its stands not worth its printed points.
fn breaks_of_line(
    tables: &Tables,
    line: &Line,
    at: &dyn Fn(usize) -> Option<usize>,
    breaks: &mut dyn FnMut(Option<usize>, String),
) {
    let name = line.name.get_ref();
    let Some(stand) = tables.stand(line.kind.get_ref()) else {
        let known: Vec<&str> = tables.stands.keys().map(String::as_str).collect();
        breaks(
            at(line.kind.span().start),
            format!("{name}: no stand type {:?}; they are: {}", line.kind.get_ref(), known.join(", ")),
        );
        return;
    };
    for weapon in [&line.weapon, &line.or_weapon].into_iter().flatten() {
        if !tables.weapons.contains_key(weapon.get_ref()) {
            breaks(at(weapon.span().start), format!("{name}: no weapon {:?}", weapon.get_ref()));
        }
    }
    if line.dismount.is_some() && line.dismounted_as.is_none() {
        breaks(at(line.name.span().start), format!("{name}: it dismounts, but `dismounted_as` does not say as what"));
    }
    if (line.dismount.is_some() || line.dismounted_as.is_some()) && stand.class != StandClass::Cavalry {
        breaks(at(line.name.span().start), format!("{name}: only cavalry dismounts"));
    }
    if stand.class == StandClass::Command {
        breaks(at(line.name.span().start), command_not_bought(name));
        return;
    }
    if let Some(why) = too_many_stands(name, line.count) {
        breaks(at(line.name.span().start), why);
    }
    let worth = line.count.saturating_mul(stand.value);
    if worth != line.printed_points {
        breaks(
            at(line.name.span().start),
            format!(
                "{name}: {} x {} = {worth} points, not the printed {}",
                crate::rules::plural(line.count as usize, "stand", "stands"),
                stand.value,
                line.printed_points
            ),
        );
    }
}

/// The list as the text prints it, before any correction: what the checker reports the text's own
/// inconsistencies from.
pub fn as_printed(list: &ArmyList) -> ArmyList {
    let mut printed = list.clone();
    printed.army.stands = None;
    for line in &mut printed.stands {
        line.count = line.printed_count.take().unwrap_or(line.count);
        line.correction = None;
    }
    printed
}
