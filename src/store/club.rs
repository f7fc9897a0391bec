//! A club server's members, their sessions and their seats (`sandtable serve --club`). Everything a
//! sign-in depends on is kept here rather than in one server's memory, so servers sharing a PostgreSQL
//! database agree on who is signed in, who is locked out and who sits where.

use super::{Store, StoreError, clock::now};

/// A member as the server checks a sign-in against.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Member {
    pub id: i64,
    pub name: String,
    pub password_hash: String,
    pub role: String,
    pub failed_sign_ins: i64,
    /// Unix seconds; none when not locked out.
    pub locked_until: Option<i64>,
    pub created_at: String,
}

impl Member {
    pub fn is_admin(&self) -> bool {
        self.role == "admin"
    }
}

/// One member's seat in one game.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct SeatRow {
    pub game_id: i64,
    pub member_id: i64,
    pub member_name: String,
    /// As `Seat` writes itself: `side:<id>`, `referee`.
    pub seat: String,
}

/// A name as members are told apart: its case folded (every script's, not ASCII's alone) and its outer
/// spaces gone.
pub fn name_key(name: &str) -> String {
    name.trim().to_lowercase()
}

const MEMBER_COLUMNS: &str = "id, name, password_hash, role, failed_sign_ins, locked_until, created_at";

impl Store {
    /// Adds a member; a name taken (in any case) is refused by name.
    pub async fn add_member(&self, name: &str, password_hash: &str, admin: bool) -> Result<Member, StoreError> {
        let role = if admin { "admin" } else { "member" };
        let inserted = sqlx::query_scalar::<_, i64>(
            "INSERT INTO club_members (name, name_key, password_hash, role, failed_sign_ins, created_at) \
             VALUES ($1, $2, $3, $4, 0, $5) RETURNING id",
        )
        .bind(name)
        .bind(name_key(name))
        .bind(password_hash)
        .bind(role)
        .bind(now())
        .fetch_one(&self.pool)
        .await;
        match inserted {
            Ok(id) => self.member_by_id(id).await?.ok_or(StoreError::NotFound { what: "member", id }),
            Err(sqlx::Error::Database(db)) if db.is_unique_violation() => {
                Err(StoreError::Taken { what: "member", name: name.to_string() })
            }
            Err(e) => Err(e.into()),
        }
    }

    pub async fn member_by_name(&self, name: &str) -> Result<Option<Member>, StoreError> {
        let sql = format!("SELECT {MEMBER_COLUMNS} FROM club_members WHERE name_key = $1");
        Ok(sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(name_key(name)).fetch_optional(&self.pool).await?)
    }

    pub async fn member_by_id(&self, id: i64) -> Result<Option<Member>, StoreError> {
        let sql = format!("SELECT {MEMBER_COLUMNS} FROM club_members WHERE id = $1");
        Ok(sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(id).fetch_optional(&self.pool).await?)
    }

    /// Every member, by name.
    pub async fn members(&self) -> Result<Vec<Member>, StoreError> {
        let sql = format!("SELECT {MEMBER_COLUMNS} FROM club_members ORDER BY name_key");
        Ok(sqlx::query_as(sqlx::AssertSqlSafe(sql)).fetch_all(&self.pool).await?)
    }

    /// Whether the club has an administrator yet (`sandtable club admin` makes the first).
    pub async fn has_admin(&self) -> Result<bool, StoreError> {
        let n: i64 =
            sqlx::query_scalar("SELECT count(*) FROM club_members WHERE role = 'admin'").fetch_one(&self.pool).await?;
        Ok(n > 0)
    }

    /// A new password: the lockout lifted and every session of the member's ended, so whoever held the old
    /// one is signed out everywhere.
    pub async fn set_member_password(&self, id: i64, password_hash: &str) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        let changed = sqlx::query(
            "UPDATE club_members SET password_hash = $1, failed_sign_ins = 0, locked_until = NULL WHERE id = $2",
        )
        .bind(password_hash)
        .bind(id)
        .execute(&mut *tx)
        .await?;
        if changed.rows_affected() == 0 {
            return Err(StoreError::NotFound { what: "member", id });
        }
        sqlx::query("DELETE FROM club_sessions WHERE member_id = $1").bind(id).execute(&mut *tx).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Counts a try at a member's password before it is checked, in one statement, so tries at once (on
    /// this server or another) cannot all slip past the lockout: answers the tries in a row so far, or
    /// None while the member is locked out at `now` (unix seconds). From `lock_after` in a row the member is
    /// locked until `lock_until`; once a lockout is over the count starts again. A right password clears it
    /// (`clear_failed_sign_ins`).
    pub async fn reserve_sign_in(
        &self,
        id: i64,
        lock_after: i64,
        now: i64,
        lock_until: i64,
    ) -> Result<Option<i64>, StoreError> {
        Ok(sqlx::query_scalar(
            "UPDATE club_members SET \
             failed_sign_ins = CASE WHEN locked_until <= $1 THEN 1 ELSE failed_sign_ins + 1 END, \
             locked_until = CASE \
                 WHEN (CASE WHEN locked_until <= $1 THEN 1 ELSE failed_sign_ins + 1 END) >= $2 THEN $3 \
                 WHEN locked_until <= $1 THEN NULL \
                 ELSE locked_until END \
             WHERE id = $4 AND (locked_until IS NULL OR locked_until <= $1) RETURNING failed_sign_ins",
        )
        .bind(now)
        .bind(lock_after)
        .bind(lock_until)
        .bind(id)
        .fetch_optional(&self.pool)
        .await?)
    }

    /// A right password: the count of wrong ones starts again.
    pub async fn clear_failed_sign_ins(&self, id: i64) -> Result<(), StoreError> {
        sqlx::query("UPDATE club_members SET failed_sign_ins = 0, locked_until = NULL WHERE id = $1")
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    pub async fn add_session(&self, token_hash: &str, member_id: i64, expires_at: i64) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO club_sessions (token_hash, member_id, created_at, expires_at) VALUES ($1, $2, $3, $4)",
        )
        .bind(token_hash)
        .bind(member_id)
        .bind(now())
        .bind(expires_at)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The member a session belongs to, while it has not expired (`now` in unix seconds) or been ended.
    pub async fn session_member(&self, token_hash: &str, now_secs: i64) -> Result<Option<Member>, StoreError> {
        let columns = MEMBER_COLUMNS.split(", ").map(|c| format!("m.{c}")).collect::<Vec<_>>().join(", ");
        let sql = format!(
            "SELECT {columns} FROM club_sessions s JOIN club_members m ON m.id = s.member_id \
             WHERE s.token_hash = $1 AND s.expires_at > $2"
        );
        Ok(sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(token_hash).bind(now_secs).fetch_optional(&self.pool).await?)
    }

    pub async fn end_session(&self, token_hash: &str) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM club_sessions WHERE token_hash = $1").bind(token_hash).execute(&self.pool).await?;
        Ok(())
    }

    /// Ends every session of the member's (and, while at it, every expired one of anyone's); answers how
    /// many of the member's were open.
    pub async fn end_member_sessions(&self, member_id: i64, now_secs: i64) -> Result<u64, StoreError> {
        sqlx::query("DELETE FROM club_sessions WHERE expires_at <= $1").bind(now_secs).execute(&self.pool).await?;
        let ended =
            sqlx::query("DELETE FROM club_sessions WHERE member_id = $1").bind(member_id).execute(&self.pool).await?;
        Ok(ended.rows_affected())
    }

    /// How many sessions each member holds open now, by member id.
    pub async fn open_sessions(&self, now_secs: i64) -> Result<Vec<(i64, i64)>, StoreError> {
        Ok(sqlx::query_as("SELECT member_id, count(*) FROM club_sessions WHERE expires_at > $1 GROUP BY member_id")
            .bind(now_secs)
            .fetch_all(&self.pool)
            .await?)
    }

    /// Gives a member a seat in a game (`side:<id>`, `referee`), or with None takes it away.
    pub async fn set_club_seat(&self, game_id: i64, member_id: i64, seat: Option<&str>) -> Result<(), StoreError> {
        match seat {
            Some(seat) => sqlx::query(
                "INSERT INTO club_seats (game_id, member_id, seat) VALUES ($1, $2, $3) \
                 ON CONFLICT (game_id, member_id) DO UPDATE SET seat = excluded.seat",
            )
            .bind(game_id)
            .bind(member_id)
            .bind(seat)
            .execute(&self.pool)
            .await
            .map_err(|e| super::games::missing_game(e, game_id))?,
            None => {
                sqlx::query("DELETE FROM club_seats WHERE game_id = $1 AND member_id = $2")
                    .bind(game_id)
                    .bind(member_id)
                    .execute(&self.pool)
                    .await?
            }
        };
        Ok(())
    }

    /// A member's seats, game by game.
    pub async fn member_seats(&self, member_id: i64) -> Result<Vec<(i64, String)>, StoreError> {
        Ok(sqlx::query_as("SELECT game_id, seat FROM club_seats WHERE member_id = $1 ORDER BY game_id")
            .bind(member_id)
            .fetch_all(&self.pool)
            .await?)
    }

    /// Every seat given in the club, by game then member's name.
    pub async fn club_seats(&self) -> Result<Vec<SeatRow>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT s.game_id, s.member_id, m.name AS member_name, s.seat FROM club_seats s \
             JOIN club_members m ON m.id = s.member_id ORDER BY s.game_id, m.name_key",
        )
        .fetch_all(&self.pool)
        .await?)
    }
}
