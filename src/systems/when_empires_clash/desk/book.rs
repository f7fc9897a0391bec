//! The army builder's commands (When Empires Clash! is the system with points): the text's lists and the
//! armies saved from the app, the live checker, saving an army beside the database, and a one-off battle
//! set up by dice from two armies, previewed before it starts as a game.

use serde::Serialize;

use super::super::draft::{self, Draft, DraftCheck, Target};
use super::super::{army, charts, library, one_off};
use crate::api::{Api, ApiError, read_seed};
use crate::dice::{GameRng, NamedRoll};

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct ArmyBook {
    pub lists: Vec<BookEntry>,
    /// The stand types a line may be, with what each is worth.
    pub kinds: Vec<StandKindView>,
    pub weapons: Vec<WeaponChoice>,
    /// Saved armies that could not be read, each with why: left out of `lists`.
    pub unreadable: Vec<String>,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct BookEntry {
    /// The list's name (`zulu-war--british`), or `saved/<file>` for one saved from the app.
    pub id: String,
    pub saved: bool,
    pub army: Draft,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct StandKindView {
    pub id: String,
    pub name: String,
    pub value: u32,
    pub moves: u32,
    pub cavalry: bool,
    /// The weapon the text's lists most often give this type, for a new line to start with.
    pub usual_weapon: Option<String>,
    /// What cavalry of this type fights as on foot, as the lists give it.
    pub usual_on_foot: Option<String>,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct WeaponChoice {
    pub id: String,
    pub name: String,
    pub range: u32,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct OneOffPreview {
    pub throws: one_off::Throws,
    pub rolls: Vec<NamedRoll>,
    /// The seed the set-up was thrown with: asked for again with a plan, it throws the same dice.
    pub seed: String,
    /// Which side places each terrain piece, in turn (0 the first army, 1 the second).
    pub turns: Vec<u32>,
    /// The terrain pieces the sides may place, each by its squares from its top-left one.
    pub pieces: Vec<PieceView>,
    /// The battle's scenario file: what `new_game_from_text` starts.
    pub scenario: String,
    pub title: String,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct PieceView {
    pub name: String,
    /// Its squares, (columns, rows) from its top-left square.
    pub squares: Vec<[i32; 2]>,
}

impl Api {
    pub async fn army_book(&self) -> Result<ArmyBook, ApiError> {
        let (ruleset, tables) = charts();
        let mut lists = Vec::new();
        let mut unreadable = Vec::new();
        for (name, source) in library::LISTS {
            let list = army::read(name, source)?;
            lists.push(BookEntry { id: name.to_string(), saved: false, army: Draft::of(&list) });
        }
        if let Ok(dir) = std::fs::read_dir(self.armies_dir()) {
            let mut files: Vec<_> = dir.filter_map(Result::ok).map(|e| e.path()).collect();
            files.sort();
            for path in files.into_iter().filter(|p| p.extension().is_some_and(|e| e == "toml")) {
                // A saved file edited by hand into something unreadable is named, not allowed to close the book.
                let read = std::fs::read_to_string(&path)
                    .map_err(|e| format!("{}: cannot read the file: {e}", path.display()))
                    .and_then(|source| army::read(&path.display().to_string(), &source).map_err(|e| e.to_string()));
                match read {
                    Ok(list) => {
                        let file = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
                        lists.push(BookEntry { id: format!("saved/{file}"), saved: true, army: Draft::of(&list) });
                    }
                    Err(problem) => unreadable.push(problem),
                }
            }
        }
        let text_lists: Vec<&Draft> = lists.iter().filter(|l| !l.saved).map(|l| &l.army).collect();
        let most_often = |kind: &str, pick: &dyn Fn(&draft::DraftLine) -> Option<String>| {
            let mut counts: std::collections::BTreeMap<String, u32> = Default::default();
            for line in text_lists.iter().flat_map(|a| &a.lines).filter(|l| l.kind == kind) {
                if let Some(value) = pick(line) {
                    *counts.entry(value).or_default() += line.count;
                }
            }
            counts.into_iter().max_by_key(|(_, n)| *n).map(|(w, _)| w)
        };
        let kinds = tables
            .stands
            .iter()
            .map(|(id, s)| StandKindView {
                id: id.clone(),
                name: ruleset.kind(id).map_or(id.clone(), |k| k.name.clone()),
                value: s.value,
                moves: s.squares,
                cavalry: s.class == super::super::tables::StandClass::Cavalry,
                usual_weapon: most_often(id, &|l| l.weapon.clone()),
                usual_on_foot: most_often(id, &|l| l.dismounted_as.clone()),
            })
            .collect();
        let weapons = tables
            .weapons
            .iter()
            .map(|(id, w)| WeaponChoice { id: id.clone(), name: w.name.clone(), range: w.range })
            .collect();
        Ok(ArmyBook { lists, kinds, weapons, unreadable })
    }

    pub async fn check_army(&self, army: Draft, target: Target) -> Result<DraftCheck, ApiError> {
        Ok(draft::check(&charts().1, &army, target))
    }

    /// Saves the army as `armies/<its name>.toml` beside the database; an army of that name is replaced.
    pub async fn save_army(&self, army: Draft) -> Result<BookEntry, ApiError> {
        let slug: String = army
            .name
            .trim()
            .to_lowercase()
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
            .collect::<String>()
            .split('-')
            .filter(|p| !p.is_empty())
            .collect::<Vec<_>>()
            .join("-");
        if slug.is_empty() {
            return Err(ApiError::bad_input("an army needs a name to be saved under"));
        }
        if let Some(why) = army.lines.iter().find_map(|l| army::too_many_stands(&l.name, l.count)) {
            return Err(ApiError::bad_input(format!("the army is not saved: {why}")));
        }
        let tables = &charts().1;
        let text = army.to_toml(tables);
        let dir = self.armies_dir();
        std::fs::create_dir_all(dir)
            .and_then(|()| std::fs::write(dir.join(format!("{slug}.toml")), &text))
            .map_err(|e| ApiError::bad_input(format!("cannot save the army in {}: {e}", dir.display())))?;
        Ok(BookEntry { id: format!("saved/{slug}"), saved: true, army })
    }

    /// The set-up throws of a one-off battle between two armies (typed, or the app's from `seed`) and the
    /// battle they make, to look at before it starts.
    pub async fn one_off_preview(
        &self,
        first: Draft,
        second: Draft,
        seed: Option<String>,
        thrown: bool,
        dice: Option<Vec<i64>>,
        plan: Option<one_off::Plan>,
    ) -> Result<OneOffPreview, ApiError> {
        let tables = &charts().1;
        let lists = [first.list(tables), second.list(tables)];
        let names = [first.name.as_str(), second.name.as_str()];
        let seed = read_seed(seed)?;
        let mut rng = GameRng::for_event(seed, 0);
        let (throws, rolls) =
            one_off::throw(tables, names, thrown, dice.as_deref(), &mut rng).map_err(ApiError::bad_input)?;
        let armies = [
            one_off::Army { name: &first.name, list: &lists[0] },
            one_off::Army { name: &second.name, list: &lists[1] },
        ];
        let again = match dice {
            Some(_) => "type the same dice to throw the same set-up again".to_string(),
            None => format!("seed {seed} throws the same set-up again"),
        };
        let scenario = one_off::scenario(tables, armies, &throws, &plan.unwrap_or_default(), rng.inner())
            .map_err(|why| ApiError::bad_input(format!("{why}; {again}")))?;
        let title = crate::scenario::parse("one-off.toml", &scenario)?.title;
        let turns = one_off::turns(&throws).into_iter().map(|side| side as u32).collect();
        let pieces =
            tables.one_off.pieces.iter().map(|p| PieceView { name: p.name.clone(), squares: p.squares() }).collect();
        Ok(OneOffPreview { throws, rolls, seed: seed.to_string(), turns, pieces, scenario, title })
    }
}
