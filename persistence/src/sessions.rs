//! Login sessions and their refresh tokens. A session is a row; its refresh tokens are kept by
//! SHA-256 only, the current one unspent and every spent one with the time it was spent, so a
//! spent token presented again is recognised. Ending a session sets `revoked_at` once and voids
//! the stream tickets it asked for.

use diesel::prelude::*;
use uuid::Uuid;

use crate::connection::AnyConnection;
use crate::error::OrDb;
use crate::models::parse_uuid;
use crate::schema::{accounts, refresh_tokens, sessions, stream_tickets};
use crate::{Database, Error};

/// A stored session.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SessionRecord {
    pub id: Uuid,
    pub account: Uuid,
    pub created_at: i64,
    pub last_used_at: i64,
    pub user_agent: Option<String>,
    /// After this its refresh token is refused (disuse, or the login's longest life).
    pub expires_at: i64,
    pub revoked_at: Option<i64>,
}

/// A session to start, with the hash of its first refresh token.
#[derive(Clone, Debug)]
pub struct NewSession {
    pub id: Uuid,
    pub account: Uuid,
    pub user_agent: Option<String>,
    pub created_at: i64,
    pub expires_at: i64,
    pub refresh_hash: String,
}

/// A refresh token as stored: its session, and when it was spent (never, for the current one).
#[derive(Clone, Debug)]
pub struct StoredRefreshToken {
    pub session: SessionRecord,
    pub issued_at: i64,
    pub spent_at: Option<i64>,
}

/// A rotation to commit: `spent` is spent at `now` and `child` issued in its place.
#[derive(Clone, Debug)]
pub struct Rotation<'a> {
    pub session: Uuid,
    pub spent: &'a str,
    pub child: &'a str,
    pub now: i64,
    pub expires_at: i64,
}

#[derive(Insertable, Queryable)]
#[diesel(table_name = sessions)]
struct SessionRow {
    id: String,
    account_id: String,
    created_at: i64,
    last_used_at: i64,
    user_agent: Option<String>,
    expires_at: i64,
    revoked_at: Option<i64>,
}

impl SessionRow {
    fn into_record(self) -> Result<SessionRecord, Error> {
        Ok(SessionRecord {
            id: parse_uuid(&self.id, "session id")?,
            account: parse_uuid(&self.account_id, "session account id")?,
            created_at: self.created_at,
            last_used_at: self.last_used_at,
            user_agent: self.user_agent,
            expires_at: self.expires_at,
            revoked_at: self.revoked_at,
        })
    }
}

#[derive(Insertable)]
#[diesel(table_name = refresh_tokens)]
struct TokenRow<'a> {
    hash: &'a str,
    session_id: String,
    issued_at: i64,
    spent_at: Option<i64>,
}

impl Database {
    /// Stores a new session and its first refresh token.
    #[tracing::instrument(skip(self, session), fields(session_id = %session.id))]
    pub fn create_session(&self, session: &NewSession) -> Result<(), Error> {
        let row = SessionRow {
            id: session.id.to_string(),
            account_id: session.account.to_string(),
            created_at: session.created_at,
            last_used_at: session.created_at,
            user_agent: session.user_agent.clone(),
            expires_at: session.expires_at,
            revoked_at: None,
        };
        let token = TokenRow {
            hash: &session.refresh_hash,
            session_id: row.id.clone(),
            issued_at: session.created_at,
            spent_at: None,
        };
        self.write(|conn| {
            diesel::insert_into(sessions::table)
                .values(&row)
                .execute(conn)
                .db()?;
            diesel::insert_into(refresh_tokens::table)
                .values(&token)
                .execute(conn)
                .unique_as("refresh_token_exists")
                .map(drop)
        })
    }

    /// The session with this id, ended or not.
    #[tracing::instrument(skip(self))]
    pub fn session(&self, id: Uuid) -> Result<Option<SessionRecord>, Error> {
        sessions::table
            .find(id.to_string())
            .first::<SessionRow>(&mut *self.conn()?)
            .optional()
            .db()?
            .map(SessionRow::into_record)
            .transpose()
    }

    /// The refresh token with this hash and its session, if it was ever issued.
    #[tracing::instrument(skip_all)]
    pub fn refresh_token(&self, hash: &str) -> Result<Option<StoredRefreshToken>, Error> {
        let mut conn = self.conn()?;
        let Some((session_id, issued_at, spent_at)) = refresh_tokens::table
            .find(hash)
            .select((
                refresh_tokens::session_id,
                refresh_tokens::issued_at,
                refresh_tokens::spent_at,
            ))
            .first::<(String, i64, Option<i64>)>(&mut *conn)
            .optional()
            .db()?
        else {
            return Ok(None);
        };
        let session = sessions::table
            .find(session_id)
            .first::<SessionRow>(&mut *conn)
            .db()?
            .into_record()?;
        Ok(Some(StoredRefreshToken {
            session,
            issued_at,
            spent_at,
        }))
    }

    /// Spends the current refresh token and issues its child, if the token is still unspent and
    /// the session alive (a compare-and-swap: of two concurrent rotations one wins). Whether
    /// this call rotated it.
    #[tracing::instrument(skip_all, fields(session_id = %rotation.session))]
    pub fn rotate_refresh_token(&self, rotation: &Rotation<'_>) -> Result<bool, Error> {
        let session = rotation.session.to_string();
        self.write(|conn| {
            let alive = sessions::table
                .find(&session)
                .filter(sessions::revoked_at.is_null())
                .count()
                .get_result::<i64>(conn)
                .db()?;
            if alive == 0 {
                return Ok(false);
            }
            let spent = diesel::update(
                refresh_tokens::table
                    .find(rotation.spent)
                    .filter(refresh_tokens::session_id.eq(&session))
                    .filter(refresh_tokens::spent_at.is_null()),
            )
            .set(refresh_tokens::spent_at.eq(rotation.now))
            .execute(conn)
            .db()?;
            if spent == 0 {
                return Ok(false);
            }
            diesel::insert_into(refresh_tokens::table)
                .values(&TokenRow {
                    hash: rotation.child,
                    session_id: session.clone(),
                    issued_at: rotation.now,
                    spent_at: None,
                })
                .execute(conn)
                .unique_as("refresh_token_exists")?;
            diesel::update(sessions::table.find(&session))
                .set((
                    sessions::last_used_at.eq(rotation.now),
                    sessions::expires_at.eq(rotation.expires_at),
                ))
                .execute(conn)
                .db()?;
            Ok(true)
        })
    }

    /// Ends one session and voids its stream tickets. Whether it was alive until now.
    #[tracing::instrument(skip(self))]
    pub fn revoke_session(&self, id: Uuid, now: i64) -> Result<bool, Error> {
        self.write(|conn| revoke(conn, &[id.to_string()], now).map(|ended| ended > 0))
    }

    /// Ends every live session of `account` and voids its stream tickets; the ids of the
    /// sessions ended. Account deletion calls this (or [`revoke_all_sessions_in`] inside its own
    /// transaction).
    #[tracing::instrument(skip(self))]
    pub fn revoke_all_sessions(&self, account: Uuid, now: i64) -> Result<Vec<Uuid>, Error> {
        self.write(|conn| revoke_all_sessions_in(conn, account, None, now))
    }

    /// Stores a new password hash and ends every other session of the account, in one
    /// transaction; the ids of the sessions ended.
    #[tracing::instrument(skip(self, password_hash))]
    pub fn change_password(
        &self,
        account: Uuid,
        password_hash: &str,
        keep: Option<Uuid>,
        now: i64,
    ) -> Result<Vec<Uuid>, Error> {
        self.write(|conn| {
            let changed = diesel::update(accounts::table.find(account.to_string()))
                .set(accounts::password_hash.eq(password_hash))
                .execute(conn)
                .db()?;
            if changed == 0 {
                return Err(Error::NotFound);
            }
            revoke_all_sessions_in(conn, account, keep, now)
        })
    }

    /// The sessions of `account` neither ended nor expired at `now`, newest first.
    #[tracing::instrument(skip(self))]
    pub fn live_sessions(&self, account: Uuid, now: i64) -> Result<Vec<SessionRecord>, Error> {
        sessions::table
            .filter(sessions::account_id.eq(account.to_string()))
            .filter(sessions::revoked_at.is_null())
            .filter(sessions::expires_at.ge(now))
            .order((sessions::created_at.desc(), sessions::id.desc()))
            .load::<SessionRow>(&mut *self.conn()?)
            .db()?
            .into_iter()
            .map(SessionRow::into_record)
            .collect()
    }

    /// Which of `ids` have ended (unknown ids count as ended).
    #[tracing::instrument(skip_all, fields(sessions = ids.len()))]
    pub fn ended_sessions(&self, ids: &[Uuid]) -> Result<Vec<Uuid>, Error> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let texts: Vec<String> = ids.iter().map(Uuid::to_string).collect();
        let alive: std::collections::HashSet<String> = sessions::table
            .filter(sessions::id.eq_any(&texts))
            .filter(sessions::revoked_at.is_null())
            .select(sessions::id)
            .load::<String>(&mut *self.conn()?)
            .db()?
            .into_iter()
            .collect();
        Ok(ids
            .iter()
            .filter(|id| !alive.contains(&id.to_string()))
            .copied()
            .collect())
    }
}

/// [`Database::revoke_all_sessions`] inside a transaction the caller holds; `keep` is spared.
pub(crate) fn revoke_all_sessions_in(
    conn: &mut AnyConnection,
    account: Uuid,
    keep: Option<Uuid>,
    now: i64,
) -> Result<Vec<Uuid>, Error> {
    let keep = keep.map(|id| id.to_string()).unwrap_or_default();
    let ids: Vec<String> = sessions::table
        .filter(sessions::account_id.eq(account.to_string()))
        .filter(sessions::revoked_at.is_null())
        .filter(sessions::id.ne(&keep))
        .select(sessions::id)
        .load::<String>(conn)
        .db()?;
    revoke(conn, &ids, now)?;
    ids.iter().map(|id| parse_uuid(id, "session id")).collect()
}

/// Marks the sessions ended and deletes their stream tickets; how many were alive.
fn revoke(conn: &mut AnyConnection, ids: &[String], now: i64) -> Result<usize, Error> {
    if ids.is_empty() {
        return Ok(0);
    }
    let ended = diesel::update(
        sessions::table
            .filter(sessions::id.eq_any(ids))
            .filter(sessions::revoked_at.is_null()),
    )
    .set(sessions::revoked_at.eq(now))
    .execute(conn)
    .db()?;
    diesel::delete(stream_tickets::table.filter(stream_tickets::session_id.eq_any(ids)))
        .execute(conn)
        .db()?;
    Ok(ended)
}
