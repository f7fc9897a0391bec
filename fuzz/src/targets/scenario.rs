//! The scenario loader, as `sandtable scenario check`, `game new` and a stored game's reopening reach it
//! (`scenario::parse` and `parse_stored`). Inputs are the shipped and stored scenarios mutated token by
//! token (numbers at and past every bound, strings empty, long or exotic, arrays with a number too many
//! or too few, lines dropped, repeated or moved into another table) and now and then byte by byte. A
//! scenario that loads is then set up as a game, moved a little and played a few offers on: a value the
//! loader lets through is one the rest of the engine must cope with.

use std::fmt;
use std::sync::Arc;

use sandtable::game::{Action, Game};
use sandtable::measure::Pt;
use sandtable::scenario::{Scenario, bounds, parse, parse_stored};

use crate::corpus::scenario_texts;
use crate::mutate::{EDGE_NUMBERS, damage_bytes, edge_string, toml_quoted};
use crate::offers::offered_actions;
use crate::rng::Rng;
use crate::toml_tokens::{Kind, Token, closing, join, lex, value_brackets};

pub struct Input {
    /// The scenario it was grown from.
    pub origin: String,
    pub text: String,
    /// Read as a game stored long ago reads it, instead of as a new file.
    pub stored: bool,
    pub seed: u64,
}

impl fmt::Display for Input {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let reading = if self.stored { "parse_stored" } else { "parse" };
        writeln!(f, "{reading} of a mutant of {} (game seed {}):", self.origin, self.seed)?;
        f.write_str(&self.text)
    }
}

/// Lines a scenario might hold, with values at the edges of what each key takes. The corpus's own lines
/// join them at run time, so each key also turns up in tables that do not take it.
const LINES: &[&str] = &[
    "figures = 500",
    "figures = 0",
    "leader = false",
    "crew = 500",
    "crew = 4294967295",
    "spacing = 24",
    "spacing = 0",
    "facing = 1e308",
    "facing = -0.0",
    "edge = \"up\"",
    "hidden = true",
    "morale = 0",
    "morale = 4294967295",
    "morale = -1",
    "western = true",
    "aboard = \"nowhere\"",
    "positions = [[1, 1], [2, 2]]",
    "positions = []",
    "at = [0, 0]",
    "at = [1e308, 1e308]",
    "at = [-0.0, 1000]",
    "flow = [1e-308, 0]",
    "flow = [1e308, 1e308]",
    "polygon = [[0, 0], [1e308, 0], [0, 1e308]]",
    "polygon = [[0, 0], [0, 0], [0, 0]]",
    "[options]",
    "removal_by_strength = 1",
    "[[terrain]]\nname = \"t\"\ncover = \"river\"\npolygon = [[0, 0], [1000, 0], [1000, 1000]]\nflow = [0, 1]",
    "[[terrain]]\nname = \"t\"\ncover = \"jungle\"\npolygon = [[-1e308, -1e308], [1e308, -1e308], [0, 1e308]]",
    "[[units]]",
    "[[sides]]",
    "[scenario]",
    "system = \"heliograph\"",
    "system = \"sand-pebbles\"",
    "system = 7",
    "table = { width = 1000, depth = 1000 }",
    "table = { width = 5e-324, depth = 5e-324 }",
    "table = { width = 1, depth = 1 }",
    "id = \"\"",
    "kind = \"\"",
];

pub fn generate(rng: &mut Rng) -> Input {
    let texts = scenario_texts();
    let origin = rng.pick(texts);
    let text = mutated(rng, &origin.source);
    Input { origin: origin.name.clone(), text, stored: rng.one_in(3), seed: rng.next_u64() }
}

/// A scenario's text changed token by token, line by line or byte by byte, once or a few times: what the
/// other targets that take a scenario's text (the editor's) grow their inputs from too.
pub fn mutated(rng: &mut Rng, source: &str) -> String {
    let mut text = source.to_string();
    // One change most of the time: each more is another chance to be refused before the deeper checks.
    // Past the loader's size bound, more changes only make a mutant slower to build and to refuse.
    for _ in 0..*rng.pick(&[1, 1, 1, 2, 2, 3]) {
        if text.len() > bounds::MAX_FILE_BYTES {
            break;
        }
        text = match rng.weighted(&[5, 4, 3, 4, 2, 2]) {
            0 => with_token(rng, &text, Kind::Number, |rng| rng.pick(EDGE_NUMBERS).to_string()),
            1 => with_token(rng, &text, Kind::Str, |rng| match rng.below(3) {
                0 => toml_quoted(&edge_string(rng)),
                _ => a_string_from_the_corpus(rng),
            }),
            2 => with_array_changed(rng, &text),
            3 => with_lines_changed(rng, &text),
            4 => with_token(rng, &text, Kind::Bare, |rng| match rng.below(2) {
                0 => rng.pick(&["true", "false", "nan", "inf", "system", "figures", "at", "units", "id"]).to_string(),
                _ => a_key_from_the_corpus(rng),
            }),
            _ => damage_bytes(rng, &text),
        };
    }
    text
}

/// Replaces one token of `kind`, if the text has one.
fn with_token(rng: &mut Rng, text: &str, kind: Kind, new: impl Fn(&mut Rng) -> String) -> String {
    let mut tokens = lex(text);
    let places: Vec<usize> = (0..tokens.len()).filter(|&i| tokens[i].kind == kind).collect();
    if places.is_empty() {
        return text.to_string();
    }
    let at = *rng.pick(&places);
    tokens[at].text = new(rng);
    join(&tokens)
}

fn with_array_changed(rng: &mut Rng, text: &str) -> String {
    let mut tokens = lex(text);
    let value_brackets = value_brackets(&tokens);
    let opens: Vec<usize> = (0..tokens.len()).filter(|&i| value_brackets[i]).collect();
    if opens.is_empty() {
        return text.to_string();
    }
    let open = *rng.pick(&opens);
    let Some(close) = closing(&tokens, open) else { return text.to_string() };
    let inside = join(&tokens[open + 1..close]);
    let replacement = match rng.below(7) {
        // A third coordinate, or a corner more.
        0 => format!("[{inside}, {}]", rng.pick(EDGE_NUMBERS)),
        1 => "[]".to_string(),
        2 => format!("[{}]", inside.rsplit_once(',').map_or("", |(kept, _)| kept)),
        3 => format!("[[{inside}]]"),
        4 => rng.pick(EDGE_NUMBERS).to_string(),
        // Nesting deep enough to find a parser that recurses without a limit.
        5 => {
            let depth = *rng.pick(&[64, 1000, 200_000]);
            let (open, close) = if rng.one_in(2) { ("[", "]") } else { ("{ a = ", " }") };
            format!("{}{inside}{}", open.repeat(depth), close.repeat(depth))
        }
        // The same corners or points many times over: up to a thousand corners, since each costs every
        // look at the polygon (cover, sight, reach) and a debug build a millisecond or so for a few turns.
        _ => {
            let copies = rng.between(2, 250).min(bounds::MAX_FILE_BYTES / inside.len().max(1) + 2);
            format!("[{}]", vec![inside.as_str(); copies].join(", "))
        }
    };
    tokens.splice(open..=close, [Token { kind: Kind::Str, text: replacement }]);
    join(&tokens)
}

fn with_lines_changed(rng: &mut Rng, text: &str) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    if lines.is_empty() {
        return LINES[0].to_string();
    }
    let at = rng.below(lines.len());
    match rng.below(6) {
        0 => {
            lines.remove(at);
        }
        1 => {
            let line = lines[at].clone();
            lines.insert(at, line);
        }
        2 => {
            // A key moved into another table, or another file's key brought in.
            let line = if rng.one_in(2) { lines.remove(rng.below(lines.len())) } else { a_line_from_the_corpus(rng) };
            let to = rng.below(lines.len() + 1);
            lines.insert(to, line);
        }
        3 => lines.insert(at, rng.pick(LINES).to_string()),
        _ => {
            // A whole [[units]] (or other) table repeated.
            let Some(start) = lines[..=at].iter().rposition(|l| l.starts_with('[')) else { return lines.join("\n") };
            let end = lines[start + 1..].iter().position(|l| l.starts_with('[')).map_or(lines.len(), |n| start + 1 + n);
            let block = &lines[start..end];
            // Up to a thousand copies now and then, fifty times what a table holds. Not up to the file size
            // bound (other changes reach that): 2000 terrain areas or 5000 units take a debug build near or
            // past a second to load and play, and the bounded run in CI is a debug build.
            let copies = if rng.one_in(40) { *rng.pick(&[300, 1000]) } else { *rng.pick(&[1, 2, 10, 100]) };
            let block_bytes: usize = block.iter().map(|l| l.len() + 1).sum();
            // A table grown huge by an earlier change is repeated just past the size bound, not far beyond.
            let copies = copies.min(bounds::MAX_FILE_BYTES / block_bytes.max(1) + 2);
            // Fresh ids, most of the time, so that the copies pass the duplicate check and load.
            let fresh = !rng.one_in(4);
            let repeated: Vec<String> = (0..copies)
                .flat_map(|copy| {
                    block.iter().map(move |line| match line.starts_with("id =") && fresh {
                        true => format!("id = \"fuzz-{copy}\""),
                        false => line.clone(),
                    })
                })
                .collect();
            lines.splice(end..end, repeated);
        }
    }
    lines.join("\n")
}

fn a_line_from_the_corpus(rng: &mut Rng) -> String {
    let source = &rng.pick(scenario_texts()).source;
    let lines: Vec<&str> = source.lines().filter(|l| l.contains('=')).collect();
    if lines.is_empty() { String::new() } else { rng.pick(&lines).to_string() }
}

fn a_string_from_the_corpus(rng: &mut Rng) -> String {
    let tokens = lex(&rng.pick(scenario_texts()).source);
    let strings: Vec<&Token> = tokens.iter().filter(|t| t.kind == Kind::Str).collect();
    strings.get(rng.below(strings.len().max(1))).map_or_else(|| "\"\"".into(), |t| t.text.clone())
}

fn a_key_from_the_corpus(rng: &mut Rng) -> String {
    let tokens = lex(&rng.pick(scenario_texts()).source);
    let keys: Vec<&Token> = tokens.iter().filter(|t| t.kind == Kind::Bare).collect();
    keys.get(rng.below(keys.len().max(1))).map_or_else(|| "id".into(), |t| t.text.clone())
}

pub fn exercise(input: &Input) {
    let read = if input.stored { parse_stored } else { parse };
    match read("fuzz.toml", &input.text) {
        Ok(scenario) => play_a_little(scenario, input.seed),
        // Where it points and what it says are shown to the player: building them must not fail.
        Err(refused) => drop(refused.to_string()),
    }
}

/// Everything the loader accepted must stand on the table, and a game of it must open, move and play a
/// few of the actions it offers (the turn's rolls, fire, charges), each shown and priced first: odd
/// terrain and placements reach the geometry behind cover, reach and charges there.
fn play_a_little(scenario: Scenario, seed: u64) {
    for unit in &scenario.units {
        for figure in &unit.figures {
            assert!(scenario.table.contains(figure.pos), "{} stands off the table at {:?}", unit.id, figure.pos);
        }
    }
    let mut game = Game::new(Arc::new(scenario), seed);
    let units: Vec<(String, Pt)> =
        game.scenario().units.iter().take(3).filter_map(|u| u.figures.first().map(|f| (u.id.clone(), f.pos))).collect();
    for (unit, at) in units {
        let roll = Action::RollMove { unit: unit.clone(), expr: None, dice: None };
        let _ = game.odds(&roll);
        let _ = game.apply(&roll);
        let path = vec![Pt { x: at.x + 1.0, y: at.y + 1.0 }];
        let _ = game.apply(&Action::Move { unit, path, facing: Some(45.0) });
    }
    let _ = game.apply(&Action::NextTurn {});
    // Offers on a scenario a table could hold: each round shows the whole game, which for a thousand
    // repeated units or areas takes a debug build most of a second, and their size is tried above.
    let pieces = game.scenario().units.len() + game.scenario().terrain.len();
    let rounds = if pieces <= 100 { OFFERS_PLAYED } else { 0 };
    // The choice among the offers follows from the game's seed, so the case stays one input.
    let mut choice = seed;
    for _ in 0..rounds {
        let offered = offered_actions(&game);
        if offered.is_empty() {
            break;
        }
        choice = choice.rotate_left(17) ^ 0x9e37_79b9_7f4a_7c15;
        let Ok(action) = serde_json::from_value::<Action>(offered[choice as usize % offered.len()].clone()) else {
            continue;
        };
        let _ = game.odds(&action);
        let _ = game.apply(&action);
    }
}

/// Rounds of offers a loaded scenario's game plays: each builds the game's view, the dearest step.
const OFFERS_PLAYED: usize = 3;
