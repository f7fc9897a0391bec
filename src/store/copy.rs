//! A whole Sandtable database copied into another, SQLite or PostgreSQL either way (`sandtable store copy`):
//! a club moving a home table's file onto its server, or taking the server's records home. Rows are copied
//! as they are, ids and all, so every reference between them still holds; the target is written in one
//! transaction and every row read back before it commits, so a copy that fails leaves it as it was.

use std::hash::{BuildHasher, Hash};
use std::path::Path;

use futures_util::TryStreamExt;
use sqlx::{AnyConnection, AssertSqlSafe, Connection, Row};

use super::open::shown_address;
use super::{Backend, Store, StoreError, is_postgres, sqlite_path};
use Kind::{Integer, Text};

/// How a column's values are read and written: the schema has integers and text only (a test holds it so).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    Integer,
    Text,
}

/// A table the copy knows, with every column the migrations give it.
pub(super) struct Table {
    pub(super) name: &'static str,
    /// Its rows are written in this order, so a SQLite target's pages fill as they would have.
    key: &'static str,
    pub(super) columns: &'static [(&'static str, Kind)],
    /// One row and several, as a refusal names what a target holds.
    one: &'static str,
    many: &'static str,
}

/// Every table of the schema but sqlx's `_sqlx_migrations` (the target's own are made by opening it), each
/// after the tables its rows refer to. A table a migration adds and this list lacks is refused at run time
/// and fails `store::tests::copy`, rather than being left behind.
pub(super) const TABLES: &[Table] = &[
    Table {
        name: "campaigns",
        key: "id",
        columns: &[("id", Integer), ("name", Text), ("notes", Text), ("created_at", Text), ("archived_at", Text)],
        one: "campaign",
        many: "campaigns",
    },
    Table {
        name: "games",
        key: "id",
        columns: &[
            ("id", Integer),
            ("campaign_id", Integer),
            ("name", Text),
            ("system", Text),
            ("scenario_path", Text),
            ("scenario_toml", Text),
            ("options_json", Text),
            ("seed", Text),
            ("created_at", Text),
            ("archived_at", Text),
        ],
        one: "game",
        many: "games",
    },
    Table {
        name: "events",
        key: "id",
        columns: &[("id", Integer), ("game_id", Integer), ("seq", Integer), ("json", Text), ("recorded_at", Text)],
        one: "log entry",
        many: "log entries",
    },
    Table {
        name: "campaign_players",
        key: "campaign_id, position",
        columns: &[("campaign_id", Integer), ("position", Integer), ("name", Text)],
        one: "campaign player",
        many: "campaign players",
    },
    Table {
        name: "battle_records",
        key: "game_id",
        columns: &[("game_id", Integer), ("played_on", Text), ("result", Text), ("winner", Text), ("notes", Text)],
        one: "battle record",
        many: "battle records",
    },
    Table {
        name: "roster_units",
        key: "id",
        columns: &[
            ("id", Integer),
            ("campaign_id", Integer),
            ("name", Text),
            ("side_id", Text),
            ("side", Text),
            ("kind", Text),
            ("system", Text),
            ("raised", Integer),
            ("created_at", Text),
        ],
        one: "roster unit",
        many: "roster units",
    },
    Table {
        name: "roster_battles",
        key: "roster_unit_id, game_id",
        columns: &[
            ("roster_unit_id", Integer),
            ("game_id", Integer),
            ("scenario_unit", Text),
            ("started", Integer),
            ("lost", Integer),
            ("ended", Integer),
            ("next_start", Integer),
            ("rule", Text),
            ("note", Text),
        ],
        one: "roster unit's battle",
        many: "roster units' battles",
    },
    Table {
        name: "annotations",
        key: "id",
        columns: &[("id", Integer), ("game_id", Integer), ("seq", Integer), ("text", Text), ("created_at", Text)],
        one: "note on a log entry",
        many: "notes on log entries",
    },
    Table {
        name: "table_access",
        key: "id",
        columns: &[("id", Integer), ("join_code", Text), ("issued_at", Text)],
        one: "join code",
        many: "join codes",
    },
    Table {
        name: "settings",
        key: "name",
        columns: &[("name", Text), ("value", Text)],
        one: "setting",
        many: "settings",
    },
    Table {
        name: "club_members",
        key: "id",
        columns: &[
            ("id", Integer),
            ("name", Text),
            ("name_key", Text),
            ("password_hash", Text),
            ("role", Text),
            ("failed_sign_ins", Integer),
            ("locked_until", Integer),
            ("created_at", Text),
        ],
        one: "club member",
        many: "club members",
    },
    Table {
        name: "club_sessions",
        key: "token_hash",
        columns: &[("token_hash", Text), ("member_id", Integer), ("created_at", Text), ("expires_at", Integer)],
        one: "member's sign-in",
        many: "members' sign-ins",
    },
    Table {
        name: "club_seats",
        key: "game_id, member_id",
        columns: &[("game_id", Integer), ("member_id", Integer), ("seat", Text)],
        one: "member's seat",
        many: "members' seats",
    },
];

/// Bound values per statement: rows go in many to a statement (one round trip each), well under SQLite's
/// 32,766 and PostgreSQL's 65,535.
const VALUES_PER_STATEMENT: usize = 4_000;

/// Each row is hashed and the hashes added, so two tables' rows compare without being sorted alike (SQLite
/// and PostgreSQL order text differently).
const ROW_HASH: foldhash::quality::FixedState = foldhash::quality::FixedState::with_seed(0x0053_616e_6463_6f70);

/// One table's rows as the copy wrote them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CopiedTable {
    pub table: &'static str,
    pub rows: i64,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Value {
    Integer(Option<i64>),
    Text(Option<String>),
}

/// A table's rows as a count and a sum of their hashes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
struct Tally {
    rows: i64,
    sum: u64,
}

impl Tally {
    fn add(&mut self, row: &[Value]) {
        self.rows += 1;
        self.sum = self.sum.wrapping_add(ROW_HASH.hash_one(row));
    }
}

impl Store {
    /// Opens a database that must already be there, as the source of a copy: a missing file is not created
    /// (and an empty PostgreSQL database not given tables), since copying nothing would look like success.
    /// One there is opened as usual, so an older one is migrated and a newer one refused.
    pub async fn open_existing(address: &str) -> Result<Store, StoreError> {
        if !is_postgres(address) {
            let path = Path::new(sqlite_path(address));
            if !path.exists() {
                return Err(StoreError::Missing { path: path.to_path_buf(), reason: "there is no such file".into() });
            }
            return Store::open(path).await;
        }
        let shown = shown_address(address);
        let open_err = |e: sqlx::Error| StoreError::Open { path: shown.clone().into(), reason: e.to_string() };
        sqlx::any::install_default_drivers();
        let mut conn = AnyConnection::connect(address).await.map_err(open_err)?;
        let tables: i64 =
            sqlx::query_scalar("SELECT count(*) FROM information_schema.tables WHERE table_schema = current_schema()")
                .fetch_one(&mut conn)
                .await
                .map_err(open_err)?;
        conn.close().await.map_err(open_err)?;
        if tables == 0 {
            return Err(StoreError::Missing {
                path: shown.into(),
                reason: "that database has no tables at all".into(),
            });
        }
        Store::open_address(address).await
    }

    /// Copies every row of this database into `target`, in one transaction of the target's, which must hold
    /// none of Sandtable's data unless `replace` (then what it held is deleted in that same transaction).
    /// Each table is read back from the target before it commits: a row that did not arrive as it left
    /// fails the copy, leaving the target as it was. The source is read in one snapshot, so a server still
    /// writing to it cannot tear the copy.
    pub async fn copy_into(&self, target: &Store, replace: bool) -> Result<Vec<CopiedTable>, StoreError> {
        if self.identity().await? == target.identity().await? {
            return Err(StoreError::SameDatabase { path: target.path().to_path_buf() });
        }
        self.knows_every_table().await?;
        target.knows_every_table().await?;
        let failed = |at: &str, reason: String| StoreError::CopyFailed {
            path: target.path().to_path_buf(),
            at: at.to_string(),
            reason,
        };

        let mut source = match self.backend {
            Backend::Sqlite => self.pool.begin().await?,
            Backend::Postgres => self.pool.begin_with("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY").await?,
        };
        let mut tx = match target.backend {
            Backend::Sqlite => target.pool.begin_with("BEGIN IMMEDIATE").await?,
            // Turns already under way on a server of the target's finish before its tables are written.
            Backend::Postgres => {
                let mut tx = target.pool.begin().await?;
                sqlx::query("SELECT pg_advisory_xact_lock($1)")
                    .bind(super::events::WRITE_TURN_LOCK)
                    .execute(&mut *tx)
                    .await?;
                tx
            }
        };

        let held = counts(&mut tx).await?;
        if held.iter().any(|t| t.rows > 0) {
            if !replace {
                return Err(StoreError::Holds { path: target.path().to_path_buf(), holds: holdings(&held) });
            }
            // Each table before those its rows refer to.
            for table in TABLES.iter().rev() {
                let delete = format!("DELETE FROM {}", table.name);
                sqlx::query(AssertSqlSafe(delete))
                    .execute(&mut *tx)
                    .await
                    .map_err(|e| failed(&format!("emptying table {}", table.name), StoreError::from(e).to_string()))?;
            }
        }

        let mut copied = Vec::with_capacity(TABLES.len());
        for table in TABLES {
            let at = format!("table {}", table.name);
            let sent = copy_table(table, &mut source, &mut tx).await.map_err(|e| failed(&at, e.to_string()))?;
            let arrived = tally(table, &mut tx).await.map_err(|e| failed(&at, e.to_string()))?;
            if arrived != sent {
                let reason = format!(
                    "{} rows were sent and {} read back from the target, not all as they were sent",
                    sent.rows, arrived.rows
                );
                return Err(failed(&at, reason));
            }
            copied.push(CopiedTable { table: table.name, rows: sent.rows });
        }
        if target.backend == Backend::Postgres {
            identities_past_copied_ids(&mut tx).await.map_err(|e| failed("setting its id sequences", e.to_string()))?;
        }
        tx.commit().await.map_err(|e| failed("its commit", StoreError::from(e).to_string()))?;
        // The source's snapshot is let go (it only read); the copy is done whatever that answers.
        drop(source);
        Ok(copied)
    }

    /// Each table's number of rows, in the copy's order.
    pub async fn row_counts(&self) -> Result<Vec<CopiedTable>, StoreError> {
        counts(&mut *self.pool.acquire().await?).await
    }

    /// Every game's id and name, oldest first, those put away included.
    pub async fn every_game(&self) -> Result<Vec<(i64, String)>, StoreError> {
        Ok(sqlx::query_as("SELECT id, name FROM games ORDER BY id").fetch_all(&self.pool).await?)
    }

    /// The tables the schema has (sqlx's own left out) by name, each with its columns in order and the kind
    /// each is declared as: what the copy must know.
    pub(super) async fn schema_tables(&self) -> Result<Vec<TableColumns>, StoreError> {
        let sql = match self.backend {
            Backend::Sqlite => {
                "SELECT m.name, c.name, c.type FROM sqlite_master m, pragma_table_info(m.name) c \
                 WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite\\_%' ESCAPE '\\' \
                 AND m.name != '_sqlx_migrations' ORDER BY m.name, c.cid"
            }
            Backend::Postgres => {
                "SELECT table_name::text, column_name::text, data_type::text FROM information_schema.columns \
                 WHERE table_schema = current_schema() AND table_name != '_sqlx_migrations' \
                 ORDER BY table_name, ordinal_position"
            }
        };
        let rows: Vec<(String, String, String)> = sqlx::query_as(sql).fetch_all(&self.pool).await?;
        let mut tables: Vec<TableColumns> = Vec::new();
        for (table, column, declared) in rows {
            if tables.last().is_none_or(|t| t.name != table) {
                tables.push(TableColumns { name: table, columns: Vec::new() });
            }
            tables.last_mut().expect("just pushed").columns.push((column, kind_of(&declared)));
        }
        // By name in Rust's order, which is neither back end's collation.
        tables.sort_by(|a, b| a.name.cmp(&b.name));
        Ok(tables)
    }

    /// Refuses a database with a table or column `TABLES` lacks (or the other way round): a copy would leave
    /// it behind, or fail half way.
    pub(super) async fn knows_every_table(&self) -> Result<(), StoreError> {
        let (has, known) = (self.schema_tables().await?, listed_tables());
        if has == known {
            return Ok(());
        }
        let unknown: Vec<&str> = has
            .iter()
            .filter(|table| !known.contains(table))
            .chain(known.iter().filter(|t| !has.iter().any(|h| h.name == t.name)))
            .map(|t| t.name.as_str())
            .collect();
        Err(StoreError::Uncopyable { path: self.path().to_path_buf(), tables: unknown.join(", ") })
    }

    /// What tells two stores on one database apart from two databases: a SQLite file's own path, a
    /// PostgreSQL server's start and the database's number on it.
    async fn identity(&self) -> Result<String, StoreError> {
        match self.backend {
            Backend::Sqlite => Ok(std::fs::canonicalize(self.path())
                .map_err(|e| StoreError::Open { path: self.path().to_path_buf(), reason: e.to_string() })?
                .to_string_lossy()
                .into_owned()),
            Backend::Postgres => Ok(sqlx::query_scalar(
                "SELECT pg_postmaster_start_time()::text || ' ' || oid::text FROM pg_database \
                 WHERE datname = current_database()",
            )
            .fetch_one(&self.pool)
            .await?),
        }
    }
}

/// A table's columns in order, each with its kind (None: one the copy cannot read).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct TableColumns {
    pub(super) name: String,
    pub(super) columns: Vec<(String, Option<Kind>)>,
}

/// `TABLES` as `schema_tables` reads a database, sorted by name.
pub(super) fn listed_tables() -> Vec<TableColumns> {
    let mut tables: Vec<TableColumns> = TABLES
        .iter()
        .map(|t| TableColumns {
            name: t.name.to_string(),
            columns: t.columns.iter().map(|(c, k)| (c.to_string(), Some(*k))).collect(),
        })
        .collect();
    tables.sort_by(|a, b| a.name.cmp(&b.name));
    tables
}

/// The kind a column's declared type reads as; None for one the store never declares.
fn kind_of(declared: &str) -> Option<Kind> {
    match declared.to_ascii_lowercase().as_str() {
        "integer" | "bigint" => Some(Integer),
        "text" => Some(Text),
        _ => None,
    }
}

async fn counts(conn: &mut AnyConnection) -> Result<Vec<CopiedTable>, StoreError> {
    let mut counts = Vec::with_capacity(TABLES.len());
    for table in TABLES {
        let count = format!("SELECT count(*) FROM {}", table.name);
        let rows: i64 = sqlx::query_scalar(AssertSqlSafe(count)).fetch_one(&mut *conn).await?;
        counts.push(CopiedTable { table: table.name, rows });
    }
    Ok(counts)
}

/// What a target holds, in words: "2 campaigns, 14 games and 1 join code".
fn holdings(held: &[CopiedTable]) -> String {
    let words: Vec<String> = TABLES
        .iter()
        .zip(held)
        .filter(|(_, count)| count.rows > 0)
        .map(|(table, count)| format!("{} {}", count.rows, if count.rows == 1 { table.one } else { table.many }))
        .collect();
    match words.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        None => "nothing".into(),
    }
}

fn columns(table: &Table) -> String {
    table.columns.iter().map(|(name, _)| *name).collect::<Vec<_>>().join(", ")
}

fn read_row(table: &Table, row: &sqlx::any::AnyRow) -> Result<Vec<Value>, sqlx::Error> {
    table
        .columns
        .iter()
        .enumerate()
        .map(|(i, (_, kind))| match kind {
            Integer => row.try_get(i).map(Value::Integer),
            Text => row.try_get(i).map(Value::Text),
        })
        .collect()
}

/// Streams one table from the source into the target, many rows to a statement.
async fn copy_table(
    table: &Table,
    source: &mut AnyConnection,
    target: &mut AnyConnection,
) -> Result<Tally, StoreError> {
    let per_statement = (VALUES_PER_STATEMENT / table.columns.len()).max(1);
    let select = format!("SELECT {} FROM {} ORDER BY {}", columns(table), table.name, table.key);
    let mut rows = sqlx::query(AssertSqlSafe(select)).fetch(&mut *source);
    let mut sent = Tally::default();
    let mut batch = Vec::with_capacity(per_statement);
    while let Some(row) = rows.try_next().await? {
        let values = read_row(table, &row)?;
        sent.add(&values);
        batch.push(values);
        if batch.len() == per_statement {
            insert(table, &batch, target).await?;
            batch.clear();
        }
    }
    if !batch.is_empty() {
        insert(table, &batch, target).await?;
    }
    Ok(sent)
}

async fn insert(table: &Table, rows: &[Vec<Value>], target: &mut AnyConnection) -> Result<(), StoreError> {
    let width = table.columns.len();
    let mut sql = format!("INSERT INTO {} ({}) VALUES ", table.name, columns(table));
    for r in 0..rows.len() {
        sql.push_str(if r == 0 { "(" } else { ", (" });
        let places: Vec<String> = (1..=width).map(|c| format!("${}", r * width + c)).collect();
        sql.push_str(&places.join(", "));
        sql.push(')');
    }
    let mut query = sqlx::query(AssertSqlSafe(sql));
    for value in rows.iter().flatten() {
        query = match value {
            Value::Integer(n) => query.bind(*n),
            Value::Text(t) => query.bind(t.clone()),
        };
    }
    query.execute(&mut *target).await?;
    Ok(())
}

/// A table's rows as they now read on `conn`.
async fn tally(table: &Table, conn: &mut AnyConnection) -> Result<Tally, StoreError> {
    let select = format!("SELECT {} FROM {}", columns(table), table.name);
    let mut rows = sqlx::query(AssertSqlSafe(select)).fetch(&mut *conn);
    let mut tally = Tally::default();
    while let Some(row) = rows.try_next().await? {
        tally.add(&read_row(table, &row)?);
    }
    Ok(tally)
}

/// PostgreSQL hands out ids from each identity's own sequence, which explicit ids do not move: left where
/// they were, the next campaign or game made on the target would take an id the copy already holds.
async fn identities_past_copied_ids(conn: &mut AnyConnection) -> Result<(), StoreError> {
    let identities: Vec<(String, String)> = sqlx::query_as(
        "SELECT table_name::text, column_name::text FROM information_schema.columns \
         WHERE table_schema = current_schema() AND is_identity = 'YES' ORDER BY table_name",
    )
    .fetch_all(&mut *conn)
    .await?;
    for (table, column) in identities {
        // Names from the catalogue, quoted as identifiers; false: the next id handed out is this value.
        let set = format!(
            "SELECT setval(pg_get_serial_sequence($1, $2), greatest(coalesce(max(\"{column}\"), 0) + 1, 1), false) \
             FROM \"{table}\""
        );
        sqlx::query(AssertSqlSafe(set)).bind(format!("\"{table}\"")).bind(&column).execute(&mut *conn).await?;
    }
    Ok(())
}
