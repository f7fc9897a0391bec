//! When Empires Clash!'s army desk: an army being built (`draft::Draft`, as `check_army` and `save_army`
//! take it) checked for a battle (`draft::check`, agreed or thrown value), written in the lists' format
//! (`Draft::to_toml`, what `save_army` writes) and read back as a saved list is (`army::read`, then
//! `army::check`). Armies start from the text's own lists or from nothing, with lines added, counted at
//! and past every bound (`MAX_STANDS_IN_A_LINE`, 2^31, `u32::MAX`), kinds and weapons unknown, names odd.
//!
//! The promise: what `to_toml` writes reads back as the same army; the totals are the sums the lines make,
//! saturated rather than wrapped; and a line of more stands than `MAX_STANDS_IN_A_LINE` is always a break,
//! in the desk's check and in the list checker's.

use std::fmt;

use sandtable::systems::when_empires_clash::army::{self, MAX_STANDS_IN_A_LINE};
use sandtable::systems::when_empires_clash::charts;
use sandtable::systems::when_empires_clash::draft::{self, Draft, DraftLine, Target};
use sandtable::systems::when_empires_clash::library::LISTS;
use sandtable::systems::when_empires_clash::tables::{StandClass, Tables};

use crate::mutate::edge_string;
use crate::rng::Rng;

pub struct Input {
    pub draft: Draft,
    pub target: Target,
}

impl fmt::Display for Input {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let draft = serde_json::to_string(&self.draft).map_err(|_| fmt::Error)?;
        write!(f, "check_army {draft} for {:?}", self.target)
    }
}

const COUNTS: &[u32] = &[
    0,
    1,
    2,
    3,
    6,
    12,
    MAX_STANDS_IN_A_LINE - 1,
    MAX_STANDS_IN_A_LINE,
    MAX_STANDS_IN_A_LINE + 1,
    65_536,
    1 << 31,
    (1 << 31) + 1,
    u32::MAX / 2,
    u32::MAX / 3 + 1,
    u32::MAX - 1,
    u32::MAX,
];

fn tables() -> &'static Tables {
    &charts().1
}

pub fn generate(rng: &mut Rng) -> Input {
    let tables = tables();
    let kinds: Vec<&String> = tables.stands.keys().collect();
    let weapons: Vec<&String> = tables.weapons.keys().collect();
    let mut draft = if rng.one_in(3) {
        Draft { name: String::new(), conflict: String::new(), dice: "2D6".into(), lines: Vec::new(), entrenchments: 0 }
    } else {
        let (name, source) = rng.pick(LISTS);
        let list = army::read(name, source).unwrap_or_else(|e| panic!("a shipped army list does not read: {e}"));
        Draft::of(&list)
    };
    for _ in 0..rng.between(0, 4) {
        match rng.weighted(&[4, 4, 2, 2, 1, 1, 2]) {
            // A line added, as the desk adds one: a kind, a weapon, a count.
            0 => draft.lines.push(DraftLine {
                name: a_name(rng),
                kind: if rng.one_in(8) { edge_string(rng) } else { rng.pick(&kinds).to_string() },
                count: a_count(rng),
                weapon: match rng.below(6) {
                    0 => None,
                    1 => Some(edge_string(rng)),
                    _ => Some(rng.pick(&weapons).to_string()),
                },
                dismounted_as: rng.one_in(4).then(|| rng.pick(&kinds).to_string()),
                dismount: [
                    None,
                    Some(army::Dismount::May),
                    Some(army::Dismount::Must),
                    Some(army::Dismount::Dismounted),
                ][rng.below(4)],
            }),
            // A count changed, at or past a bound.
            1 if !draft.lines.is_empty() => {
                let at = rng.below(draft.lines.len());
                draft.lines[at].count = a_count(rng);
            }
            2 if !draft.lines.is_empty() => {
                let at = rng.below(draft.lines.len());
                draft.lines.remove(at);
            }
            3 => draft.name = a_name(rng),
            4 => draft.dice = rng.pick(&["2D6", "D12", "1D12", "2d6", "D6", "", "12D12", "2D6 "]).to_string(),
            5 => draft.entrenchments = *rng.pick(&[0, 1, 4, 1000, u32::MAX / 2, u32::MAX]),
            // Many lines of the same stands: sums near the top of a u32.
            _ => {
                let line = DraftLine {
                    name: a_name(rng),
                    kind: rng.pick(&kinds).to_string(),
                    count: a_count(rng),
                    weapon: None,
                    dismounted_as: None,
                    dismount: None,
                };
                draft.lines.extend(std::iter::repeat_n(line, rng.between(2, 40)));
            }
        }
    }
    if rng.one_in(10) {
        draft.conflict = edge_string(rng);
    }
    let target = match rng.below(3) {
        0 => Target::Agreed,
        1 => Target::Thrown(rng.between(8, 48) as u32),
        _ => Target::Thrown(*rng.pick(&[0, 1, 7, 49, 1000, u32::MAX - 1, u32::MAX])),
    };
    Input { draft, target }
}

fn a_count(rng: &mut Rng) -> u32 {
    match rng.below(4) {
        0 => rng.next_u64() as u32,
        _ => *rng.pick(COUNTS),
    }
}

fn a_name(rng: &mut Rng) -> String {
    match rng.below(4) {
        0 => edge_string(rng),
        1 => rng
            .pick(&[
                "Wood's Column",
                "the \"Die-Hards\"",
                "tab\there",
                "esc\u{1b}ape",
                "back\\slash",
                "'''",
                "\"\"\"",
                "a\u{7f}b",
                "x\r\ny",
            ])
            .to_string(),
        _ => format!("Line {}", rng.below(20)),
    }
}

pub fn exercise(input: &Input) {
    let tables = tables();
    let draft = &input.draft;
    let checked = draft::check(tables, draft, input.target);
    let sums = Sums::of(tables, draft);
    assert_eq!(checked.points, sums.points, "the army's points");
    assert_eq!(checked.stands, sums.stands, "the army's stands");
    assert_eq!(
        checked.capped_points, sums.capped,
        "the army's points in stands worth {} or more",
        tables.armies.cap_from_value
    );
    for (i, line) in draft.lines.iter().enumerate() {
        if line.count > MAX_STANDS_IN_A_LINE {
            let said = checked.findings.iter().any(|f| f.breaks && f.line == Some(i as u32));
            assert!(said, "line {i} of {} stands breaks nothing: {:?}", line.count, checked.findings);
        }
    }
    let value = match input.target {
        Target::Agreed => tables.armies.equal_points,
        Target::Thrown(v) => v,
    };
    // Saturated sums still say an army is over its value: the total itself (at u32::MAX, over any value a
    // battle has but u32::MAX) or, past that, a line of more stands than any army holds.
    if sums.exact_points > f64::from(value) {
        let breaks = checked.findings.iter().any(|f| f.breaks);
        assert!(breaks, "{} points pass for {value}: {:?}", sums.exact_points, checked.findings);
    }

    let text = draft.to_toml(tables);
    let list =
        army::read("saved.toml", &text).unwrap_or_else(|e| panic!("what to_toml writes does not read ({e}):\n{text}"));
    let again = Draft::of(&list);
    assert_eq!(again, as_saved(draft), "the army written does not read back as the same army:\n{text}");

    let found = army::check(tables, &list, &text);
    // An army the desk passes, saved, passes the list checker but for the rules of the text's own lists
    // (35 or 36 points, the equal-value cap, which a thrown battle's army need not keep). Two known
    // differences are left out, reported on issue 34 rather than mended here: the desk takes dice however
    // spelt ("2d6"), the checker only as the lists spell them; and half-point entrenchments are written as
    // a rounded total the checker then finds wrong.
    let spelt = ["2D6", "D12"].contains(&draft.dice.as_str());
    let dug = f64::from(draft.entrenchments) * tables.armies.entrenchment_points_per_length;
    if !checked.findings.iter().any(|f| f.breaks) && spelt && dug.fract() == 0.0 {
        let lists_only = ["the text's lists are all", "in an army of equal value"];
        let other: Vec<&String> = found
            .iter()
            .filter(|f| f.breaks && !lists_only.iter().any(|rule| f.message.contains(rule)))
            .map(|f| &f.message)
            .collect();
        assert!(other.is_empty(), "the desk passes the army, but its saved list breaks {other:?}:\n{text}");
    }
    for line in &draft.lines {
        if line.count > MAX_STANDS_IN_A_LINE {
            assert!(found.iter().any(|f| f.breaks), "a line of {} stands passes the list checker:\n{text}", line.count);
        }
    }
}

/// The army as saved and read back: a line says how it dismounts only when it says as what, and says "may"
/// when it says nothing else.
fn as_saved(draft: &Draft) -> Draft {
    let mut saved = draft.clone();
    for line in &mut saved.lines {
        line.dismount = line.dismounted_as.as_ref().map(|_| line.dismount.unwrap_or(army::Dismount::May));
    }
    saved
}

/// The army's sums worked out wide, then saturated as the checker's are.
struct Sums {
    points: f64,
    exact_points: f64,
    stands: u32,
    capped: u32,
}

impl Sums {
    fn of(tables: &Tables, draft: &Draft) -> Sums {
        let bought = || {
            draft.lines.iter().filter_map(|l| match tables.stand(&l.kind) {
                Some(s) if s.class == StandClass::Command => None,
                Some(s) => Some((u128::from(l.count), u128::from(s.value))),
                None => Some((u128::from(l.count), 0)),
            })
        };
        let saturated = |n: u128| n.min(u128::from(u32::MAX)) as u32;
        let points: u128 = bought().map(|(n, v)| n * v).sum();
        let stands: u128 = bought().map(|(n, _)| n).sum();
        let capped: u128 =
            bought().filter(|(_, v)| *v >= u128::from(tables.armies.cap_from_value)).map(|(n, v)| n * v).sum();
        let dug = f64::from(draft.entrenchments) * tables.armies.entrenchment_points_per_length;
        Sums {
            points: f64::from(saturated(points)) + dug,
            exact_points: points as f64 + dug,
            stands: saturated(stands),
            capped: saturated(capped),
        }
    }
}
