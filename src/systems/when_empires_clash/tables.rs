//! The When Empires Clash! charts as typed data, read from `scenarios/when-empires-clash/ruleset.toml`:
//! stand types, weapon ranges, commanders, the combat additions, army limits and victory levels.

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::dice::DiceExpr;

#[derive(Debug, Clone, Deserialize)]
pub struct Tables {
    pub stands: BTreeMap<String, StandType>,
    pub weapons: BTreeMap<String, WeaponRow>,
    pub commanders: BTreeMap<String, Commander>,
    pub dice: ArmyDice,
    pub grid: GridRules,
    pub fire: FireAdditions,
    pub close_combat: CloseCombatAdditions,
    pub armies: ArmyRules,
    pub victory: VictoryRules,
    pub one_off: OneOffRules,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OneOffRules {
    pub pieces: Vec<Piece>,
}

/// A terrain piece by its squares, counted (columns, rows) from its top-left square.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Piece {
    pub name: String,
    #[serde(default)]
    pub woods: Vec<[i32; 2]>,
    #[serde(default)]
    pub buildings: Vec<[i32; 2]>,
    #[serde(default)]
    pub hills: Vec<PieceHill>,
    #[serde(default)]
    pub obstacles: Vec<PieceObstacle>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PieceHill {
    pub squares: Vec<[i32; 2]>,
    pub level: u32,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PieceObstacle {
    pub kind: super::board::Obstacle,
    pub between: Vec<[[i32; 2]; 2]>,
}

impl Piece {
    /// Every square the piece covers, its obstacles' squares included.
    pub fn squares(&self) -> Vec<[i32; 2]> {
        let mut all: Vec<[i32; 2]> = self.woods.iter().chain(&self.buildings).copied().collect();
        all.extend(self.hills.iter().flat_map(|h| h.squares.iter().copied()));
        all.extend(self.obstacles.iter().flat_map(|o| o.between.iter().flatten().copied()));
        all.sort_unstable();
        all.dedup();
        all
    }
}

/// What the combat rules call a stand: the text's additions name these classes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StandClass {
    Infantry,
    Cavalry,
    Artillery,
    MachineGun,
    PomPom,
    Transport,
    PackTransport,
    Command,
}

impl StandClass {
    /// Artillery, machine guns and pom-poms: the text's guns.
    pub fn is_gun(self) -> bool {
        matches!(self, StandClass::Artillery | StandClass::MachineGun | StandClass::PomPom)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Grade {
    Regular,
    Irregular,
    Native,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StandType {
    pub class: StandClass,
    #[serde(default)]
    pub grade: Option<Grade>,
    /// Points, and the stand's addition to its own combat score.
    pub value: u32,
    /// Squares a turn.
    #[serde(rename = "move")]
    pub squares: u32,
    pub depth_mm: u32,
    /// Cavalry fighting on foot moves this many squares.
    #[serde(default)]
    pub dismounted_move: Option<u32>,
    /// The class whose ground and obstacles it moves over, where it is not its own: a Command stand on foot
    /// (its Commander with infantry figures) moves as infantry, a mounted one as cavalry.
    #[serde(default)]
    pub moves_as: Option<StandClass>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WeaponRow {
    pub name: String,
    /// Squares, counted as a king moves, from the stand's front edge.
    pub range: u32,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Commander {
    pub name: String,
    pub value: u32,
    /// The faces of the one-off battle's D6 that give this rating.
    pub d6: Vec<i64>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArmyDice {
    pub european: DiceExpr,
    pub native: DiceExpr,
    pub one_off_army: DiceExpr,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GridRules {
    pub square_mm: u32,
    pub min_squares: u32,
    pub recommended: [u32; 2],
    pub stands_per_square: u32,
    pub turns: u32,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FireAdditions {
    /// Words only: the adjacent Command stand adds its commander's rating.
    pub adjacent_command: String,
    pub flank_or_rear: i64,
    pub gun_at_shared_square: i64,
    pub cavalry_moved_first: i64,
    pub target_behind_wall_entrenched_or_in_wood: i64,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CloseCombatAdditions {
    pub adjacent_command: String,
    pub same_type_adjacent: i64,
    pub same_type_same_square: i64,
    pub gun_initiating: i64,
    pub flank_or_rear: i64,
    pub cavalry_against_isolated_in_open: i64,
    pub downhill: i64,
    pub target_behind_wall_or_entrenched: i64,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArmyRules {
    /// The totals the text's example lists come to.
    pub list_points: [u32; 2],
    pub equal_points: u32,
    pub equal_cap_points: u32,
    pub dice_cap_percent: u32,
    /// Stands of at least this value count against the cap.
    pub cap_from_value: u32,
    pub entrenchment_points_per_length: f64,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VictoryRules {
    pub withdraw_at_percent: u32,
    pub marginal_up_to: u32,
    pub decisive_up_to: u32,
}

impl Tables {
    pub fn read(document: &toml::Table) -> Result<Tables, String> {
        let tables: Tables =
            toml::Value::Table(document.clone()).try_into().map_err(|e: toml::de::Error| e.to_string())?;
        tables.check()?;
        Ok(tables)
    }

    /// The one-off commander's D6 must give every face exactly one rating.
    fn check(&self) -> Result<(), String> {
        let mut faces: Vec<i64> = self.commanders.values().flat_map(|c| c.d6.iter().copied()).collect();
        faces.sort_unstable();
        if faces != [1, 2, 3, 4, 5, 6] {
            return Err(format!("[commanders] must give each face of the D6 one rating, not {faces:?}"));
        }
        Ok(())
    }

    pub fn stand(&self, kind: &str) -> Option<&StandType> {
        self.stands.get(kind)
    }

    /// Whether `text` is dice an army throws: a European army's or a Native one's, however written.
    pub fn army_dice(&self, text: &str) -> bool {
        DiceExpr::parse(text).is_ok_and(|given| {
            [&self.dice.european, &self.dice.native].iter().any(|d| d.to_string() == given.to_string())
        })
    }
}
