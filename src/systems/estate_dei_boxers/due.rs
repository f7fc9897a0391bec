//! The rolls due now, for the view's prompts: where `advance` throws dice at the day's own steps (the
//! wounded's return, the event test, the bombardment, the Boxers' entry) and in the Boxers' phases, the
//! dice it throws, in order, so a player with physical dice knows what to throw and types them into
//! `advance`. Those listed are the ones due whatever the faces: the step is played on copies of the siege
//! with every die showing one face, each of the six, and only the rolls all six ask for alike are named.

use super::play::suggested;
use super::siege::{Io, Rules, Siege, Stage, Waits};
use crate::rules::Prompt;

/// Every die showing `face`, each roll's label kept.
struct Listen {
    face: u8,
    labels: Vec<String>,
}

impl Io for Listen {
    const TELLS: bool = false;
    fn d6(&mut self, label: impl FnOnce() -> String) -> u8 {
        self.labels.push(label());
        self.face
    }
    fn pick(&mut self, _n: usize) -> usize {
        0
    }
    fn say(&mut self, _line: String) {}
}

/// The labels of the rolls an `advance` now throws whatever the faces, and whether more may follow.
fn rolls_due(rules: &Rules, siege: &Siege, stepping: bool) -> (Vec<String>, bool) {
    let runs: Vec<Vec<String>> = (1..=6)
        .map(|face| {
            let mut s = siege.clone();
            let mut io = Listen { face, labels: Vec::new() };
            s.run(rules, &mut io, &mut Waits, true);
            if !stepping {
                s.run(rules, &mut io, &mut Waits, false);
            }
            io.labels
        })
        .collect();
    let first = &runs[0];
    let alike = (0..first.len()).take_while(|&i| runs.iter().all(|r| r.get(i) == Some(&first[i]))).count();
    let more = runs.iter().any(|r| r.len() > alike);
    (first[..alike].to_vec(), more)
}

/// The prompt for the dice `advance` throws next, where its next act is a throw rather than a decision of
/// the player's (Sandtable's suggestion) or losses owed.
pub fn prompts(rules: &Rules, siege: &Siege, stepping: bool) -> Vec<Prompt> {
    let decides = suggested(siege.stage).is_some() || siege.today.owed.is_some();
    if decides || matches!(siege.stage, Stage::Setup | Stage::Draw | Stage::Over) {
        return Vec::new();
    }
    let (labels, more) = rolls_due(rules, siege, stepping);
    if labels.is_empty() {
        return Vec::new();
    }
    let then = if more { "; then more, as the dice fall" } else { "" };
    vec![Prompt {
        action: "advance".into(),
        unit: String::new(),
        text: format!(
            "Throw {} D6 for the day's next steps and type their faces in this order, or let Sandtable roll: {}{then}",
            labels.len(),
            labels.join("; ")
        ),
        p: None,
        dice: labels.iter().map(|l| format!("1 D6: {l}")).collect(),
        against: None,
    }]
}
