//! An army being built at the desk: the lines of stands a player adds, counts and removes, checked live
//! against the rules for a battle (the agreed 36 points with at most 12 in stands worth 4 or more, or a
//! thrown 8D6 value with at most a third of it), and written out in the army lists' own format.

use serde::{Deserialize, Serialize};
use toml::Spanned;

use super::army::{ArmyList, Dismount, Entrenchments, Header, Line, command_not_bought, too_many_stands, totals};
use super::one_off::cap;
use super::tables::{StandClass, Tables};
use super::toml_text::quoted;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Draft {
    pub name: String,
    pub conflict: String,
    /// "2D6" or "D12".
    pub dice: String,
    pub lines: Vec<DraftLine>,
    /// 50 mm lengths of entrenchment.
    pub entrenchments: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct DraftLine {
    pub name: String,
    pub kind: String,
    pub count: u32,
    pub weapon: Option<String>,
    pub dismounted_as: Option<String>,
    /// Whether it may dismount (when it has `dismounted_as` and says nothing), must dismount to fight, or
    /// begins on foot, as its list says.
    #[serde(default)]
    pub dismount: Option<Dismount>,
}

/// What the battle asks of the army's value.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub enum Target {
    /// The agreed value of equal armies.
    Agreed,
    /// A value thrown on 8D6.
    Thrown(u32),
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct DraftCheck {
    pub points: f64,
    pub stands: u32,
    /// Points in stands worth 4 or more, and the most allowed.
    pub capped_points: u32,
    pub cap: u32,
    pub value: u32,
    /// Every rule the army breaks, and notes that break nothing.
    pub findings: Vec<DraftFinding>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct DraftFinding {
    pub breaks: bool,
    /// The line of the army it is about, counted from 0, where it is about one.
    pub line: Option<u32>,
    pub message: String,
}

fn spanned<T>(value: T) -> Spanned<T> {
    Spanned::new(0..0, value)
}

impl Draft {
    /// The army as the lists are read: what the checker and the one-off set-up take.
    pub fn list(&self, tables: &Tables) -> ArmyList {
        let value = |kind: &str| tables.stand(kind).map_or(0, |s| s.value);
        let stands: Vec<Line> = self
            .lines
            .iter()
            .map(|l| Line {
                count: l.count,
                printed_count: None,
                name: spanned(l.name.clone()),
                kind: spanned(l.kind.clone()),
                weapon: l.weapon.clone().map(spanned),
                or_weapon: None,
                dismount: l.dismounted_as.as_ref().map(|_| l.dismount.unwrap_or(Dismount::May)),
                dismounted_as: l.dismounted_as.clone(),
                mounts: None,
                printed_points: l.count.saturating_mul(value(&l.kind)),
                notes: String::new(),
                correction: None,
            })
            .collect();
        let dug = (self.entrenchments > 0).then(|| Entrenchments {
            lengths: self.entrenchments,
            printed_points: (f64::from(self.entrenchments) * tables.armies.entrenchment_points_per_length).round()
                as u32,
        });
        let sum = totals(tables, &stands, dug.as_ref());
        ArmyList {
            army: Header {
                conflict: self.conflict.clone(),
                name: self.name.clone(),
                dice: spanned(self.dice.clone()),
                printed_points: spanned(sum.points.round() as u32),
                printed_stands: spanned(sum.stands),
                stands: None,
            },
            stands,
            entrenchments: dug,
            alternatives: Vec::new(),
        }
    }

    /// A draft of one of the lists, to start from.
    pub fn of(list: &ArmyList) -> Draft {
        Draft {
            name: list.army.name.clone(),
            conflict: list.army.conflict.clone(),
            dice: list.army.dice.get_ref().clone(),
            lines: list
                .stands
                .iter()
                .map(|l| DraftLine {
                    name: l.name.get_ref().clone(),
                    kind: l.kind.get_ref().clone(),
                    count: l.count,
                    weapon: l.weapon.as_ref().map(|w| w.get_ref().clone()),
                    dismounted_as: l.dismounted_as.clone(),
                    dismount: l.dismount,
                })
                .collect(),
            entrenchments: list.entrenchments.as_ref().map_or(0, |e| e.lengths),
        }
    }

    /// The army in the lists' file format.
    pub fn to_toml(&self, tables: &Tables) -> String {
        let list = self.list(tables);
        // An army of no lines yet still says it has none: the lists' format asks for its stands.
        let none = if list.stands.is_empty() { "stands = []\n\n" } else { "" };
        let mut text = format!(
            "# An army built in Sandtable's army builder.\n\n{none}[army]\nconflict = {}\nname = {}\ndice = {}\nprinted_points = {}\nprinted_stands = {}\n",
            quoted(&list.army.conflict),
            quoted(&list.army.name),
            quoted(list.army.dice.get_ref()),
            list.army.printed_points.get_ref(),
            list.army.printed_stands.get_ref()
        );
        for line in &list.stands {
            text.push_str(&format!(
                "\n[[stands]]\ncount = {}\nname = {}\nkind = {}\n",
                line.count,
                quoted(line.name.get_ref()),
                quoted(line.kind.get_ref())
            ));
            if let Some(w) = &line.weapon {
                text.push_str(&format!("weapon = {}\n", quoted(w.get_ref())));
            }
            if let Some(on_foot) = &line.dismounted_as {
                let dismount = line.dismount.unwrap_or(Dismount::May).word();
                text.push_str(&format!("dismount = \"{dismount}\"\ndismounted_as = {}\n", quoted(on_foot)));
            }
            text.push_str(&format!("printed_points = {}\n", line.printed_points));
        }
        if let Some(dug) = &list.entrenchments {
            text.push_str(&format!(
                "\n[entrenchments]\nlengths = {}\nprinted_points = {}\n",
                dug.lengths, dug.printed_points
            ));
        }
        text
    }
}

/// Everything the army breaks for a battle of `target` value, line by line where it can say.
pub fn check(tables: &Tables, draft: &Draft, target: Target) -> DraftCheck {
    let list = draft.list(tables);
    let sum = totals(tables, &list.stands, list.entrenchments.as_ref());
    let (value, limit) = match target {
        Target::Agreed => (tables.armies.equal_points, cap(&tables.armies, tables.armies.equal_points, false)),
        Target::Thrown(v) => (v, cap(&tables.armies, v, true)),
    };
    let mut findings = Vec::new();
    let mut breaks = |line: Option<usize>, message: String| {
        findings.push(DraftFinding { breaks: true, line: line.map(|l| l as u32), message })
    };
    if !tables.army_dice(&draft.dice) {
        breaks(None, format!("dice {:?}: an army throws 2D6 or a D12", draft.dice));
    }
    if draft.lines.iter().all(|l| l.count == 0) {
        breaks(None, "the army has no stands".into());
    }
    for (i, line) in draft.lines.iter().enumerate() {
        if let Some(why) = too_many_stands(&line.name, line.count) {
            breaks(Some(i), why);
        }
        match tables.stand(&line.kind) {
            None => breaks(Some(i), format!("{}: no stand type {:?}", line.name, line.kind)),
            Some(stand) if stand.class == StandClass::Command => breaks(Some(i), command_not_bought(&line.name)),
            Some(stand) => {
                if let Some(w) = &line.weapon
                    && !tables.weapons.contains_key(w)
                {
                    breaks(Some(i), format!("{}: no weapon {w:?}", line.name));
                }
                if line.dismounted_as.is_some() && stand.class != StandClass::Cavalry {
                    breaks(Some(i), format!("{}: only cavalry dismounts", line.name));
                }
            }
        }
    }
    if sum.points > f64::from(value) {
        breaks(None, format!("{} points: more than the army's {value}", sum.points));
    }
    if sum.capped_points > limit {
        let from = tables.armies.cap_from_value;
        breaks(None, format!("{} points in stands worth {from} or more: at most {limit}", sum.capped_points));
    }
    if sum.points < f64::from(value) {
        findings.push(DraftFinding {
            breaks: false,
            line: None,
            message: format!("{} of {value} points spent: {} left", sum.points, f64::from(value) - sum.points),
        });
    }
    if draft.entrenchments > 0 {
        findings.push(DraftFinding {
            breaks: false,
            line: None,
            message: "entrenchments count in the value only when one side alone is entrenched".into(),
        });
    }
    DraftCheck { points: sum.points, stands: sum.stands, capped_points: sum.capped_points, cap: limit, value, findings }
}
