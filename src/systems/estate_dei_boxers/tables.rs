//! The charts of `scenarios/estate-dei-boxers/ruleset.toml`, read and checked when the ruleset loads:
//! the soldiers' fire and melee table, the Boxers' melee table, the bombardment table and its quarters.

use serde::Serialize;

use crate::rules::plural;

/// A cell of the soldiers' table (6.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case", tag = "result", content = "points")]
pub enum Volley {
    /// Boxer points eliminated.
    Kill(u8),
    /// S / 2S: soldier points lost, only where soldiers and Boxers share the zone.
    Lose(u8),
}

/// A cell of the Boxers' melee table (6.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case", tag = "result", content = "points")]
pub enum Rush {
    Nothing,
    /// Soldier points eliminated.
    Kill(u8),
    /// B / 2B: Boxer points lost.
    Lose(u8),
}

impl Volley {
    /// The result as the log and the odds name it. S costs soldiers only in their own zone.
    pub fn words(self, own_zone: bool) -> String {
        match self {
            Volley::Kill(n) => format!("{} eliminated", plural(n as usize, "Boxer point", "Boxer points")),
            Volley::Lose(n) if own_zone => {
                format!("{}S: the soldiers lose {}", if n == 2 { "2" } else { "" }, plural(n as usize, "point", "points"))
            }
            Volley::Lose(n) => format!("{}S: no effect from next door", if n == 2 { "2" } else { "" }),
        }
    }
}

impl Rush {
    /// The result as the log and the odds name it.
    pub fn words(self) -> String {
        match self {
            Rush::Nothing => "no effect".into(),
            Rush::Kill(n) => format!("{} eliminated", plural(n as usize, "defender point", "defender points")),
            Rush::Lose(n) => format!("{}B: the Boxers lose {n}", if n == 2 { "2" } else { "" }),
        }
    }
}

/// A cell of the bombardment table (5.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Shelling {
    pub soldiers: u8,
    /// 5C: five civilian points, if there are civilians in the zone.
    pub civilians: bool,
    /// 1D: a food depot destroyed, one day of supply less.
    pub food: bool,
}

#[derive(Debug, Clone)]
pub struct Tables {
    pub soldiers: [[Volley; 10]; 8],
    pub boxers: [[Rush; 10]; 8],
    pub bombardment: [[Shelling; 10]; 7],
    /// The quarter (1-4) a 2D6 total (2-12) shells, at index total - 2.
    pub quarters: [u8; 11],
    pub boxer_points: u8,
    pub soldier_points: u8,
}

/// The row a modified die reads: below 0 reads 0, past the last row reads the last (RULINGS).
pub fn row(modified: i32, rows: usize) -> usize {
    modified.clamp(0, rows as i32 - 1) as usize
}

/// The column of a total of points: 1 ... 10+ (a total of 0 reads the first column).
pub fn column(points: u32) -> usize {
    points.clamp(1, 10) as usize - 1
}

impl Tables {
    pub fn read(doc: &toml::Table) -> Result<Tables, String> {
        let tables = doc.get("tables").and_then(|t| t.as_table()).ok_or("ruleset has no [tables]")?;
        let grid = |name: &str, rows: usize| -> Result<Vec<Vec<String>>, String> {
            let t = tables.get(name).and_then(|t| t.get("rows")).and_then(|r| r.as_array());
            let t = t.ok_or_else(|| format!("[tables.{name}] has no rows"))?;
            if t.len() != rows {
                return Err(format!("[tables.{name}] has {} rows; it needs {rows}", t.len()));
            }
            t.iter()
                .enumerate()
                .map(|(i, r)| {
                    let cells = r.as_array().ok_or_else(|| format!("[tables.{name}] row {i} is not a list"))?;
                    if cells.len() != 10 {
                        return Err(format!("[tables.{name}] row {i} has {} columns; it needs 10", cells.len()));
                    }
                    cells
                        .iter()
                        .map(|c| {
                            c.as_str()
                                .map(str::to_string)
                                .ok_or_else(|| format!("[tables.{name}] row {i}: cells are text"))
                        })
                        .collect()
                })
                .collect()
        };
        let mut soldiers = [[Volley::Kill(0); 10]; 8];
        for (r, row) in grid("soldiers", 8)?.iter().enumerate() {
            for (c, cell) in row.iter().enumerate() {
                soldiers[r][c] = match cell.to_ascii_uppercase().as_str() {
                    "S" => Volley::Lose(1),
                    "2S" => Volley::Lose(2),
                    n => Volley::Kill(points(n, "soldiers", r, c)?),
                };
            }
        }
        let mut boxers = [[Rush::Nothing; 10]; 8];
        for (r, row) in grid("boxers", 8)?.iter().enumerate() {
            for (c, cell) in row.iter().enumerate() {
                boxers[r][c] = match cell.to_ascii_uppercase().as_str() {
                    "-" => Rush::Nothing,
                    "B" => Rush::Lose(1),
                    "2B" => Rush::Lose(2),
                    n => Rush::Kill(points(n, "boxers", r, c)?),
                };
            }
        }
        let mut bombardment = [[Shelling::default(); 10]; 7];
        for (r, row) in grid("bombardment", 7)?.iter().enumerate() {
            for (c, cell) in row.iter().enumerate() {
                let mut s = Shelling::default();
                if cell != "-" {
                    for part in cell.split('+') {
                        match part.to_ascii_uppercase().as_str() {
                            "5C" => s.civilians = true,
                            "1D" => s.food = true,
                            n => s.soldiers = points(n, "bombardment", r, c)?,
                        }
                    }
                }
                bombardment[r][c] = s;
            }
        }
        let mut quarters = [0u8; 11];
        let q = tables.get("quarters").and_then(|t| t.as_table()).ok_or("ruleset has no [tables.quarters]")?;
        for (name, totals) in q {
            let quarter: u8 = name
                .parse()
                .ok()
                .filter(|n| (1..=4).contains(n))
                .ok_or_else(|| format!("[tables.quarters]: \"{name}\" is not a quarter 1-4"))?;
            for t in totals.as_array().ok_or("[tables.quarters] lists 2D6 totals")? {
                let total =
                    t.as_integer().filter(|n| (2..=12).contains(n)).ok_or("[tables.quarters]: totals are 2-12")?;
                if quarters[total as usize - 2] != 0 {
                    return Err(format!("[tables.quarters]: {total} is in two quarters"));
                }
                quarters[total as usize - 2] = quarter;
            }
        }
        if let Some(missing) = quarters.iter().position(|&q| q == 0) {
            return Err(format!("[tables.quarters]: no quarter for a 2D6 total of {}", missing + 2));
        }
        let movement = doc.get("movement").and_then(|m| m.as_table()).ok_or("ruleset has no [movement]")?;
        let mp = |key: &str| -> Result<u8, String> {
            movement
                .get(key)
                .and_then(|v| v.as_integer())
                .filter(|n| (1..=20).contains(n))
                .map(|n| n as u8)
                .ok_or_else(|| format!("[movement] {key} is a number of movement points, 1-20"))
        };
        Ok(Tables {
            soldiers,
            boxers,
            bombardment,
            quarters,
            boxer_points: mp("boxer_points")?,
            soldier_points: mp("soldier_points")?,
        })
    }
}

fn points(cell: &str, table: &str, r: usize, c: usize) -> Result<u8, String> {
    cell.parse::<u8>()
        .ok()
        .filter(|n| (1..=10).contains(n))
        .ok_or_else(|| format!("[tables.{table}] row {r}, column {}: \"{cell}\" is not a result", c + 1))
}
