use diesel::prelude::*;
use uuid::Uuid;

use crate::connection::AnyConnection;
use crate::error::OrDb;
use crate::models::{AccountRow, parse_uuid};
use crate::schema::accounts;
use crate::{AccountRecord, Database, Error, NewAccount, UsernameForms};

/// An account whose username has no stored canonical form yet (stored before there was one, or
/// left without it because an older account holds the same form).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnfilledUsername {
    pub id: Uuid,
    pub username: String,
    pub created_at: i64,
}

impl Database {
    /// Fails with `Conflict("username_unavailable")` when the username, its canonical form or
    /// its skeleton is in use.
    #[tracing::instrument(skip(self, account), fields(account_id = %account.id))]
    pub fn create_account(&self, account: &NewAccount) -> Result<(), Error> {
        self.write(|conn| insert(conn, account))
    }

    /// The account that logs in as `typed`: an old account left without a canonical form (a
    /// clash, see [`Database::fill_username_forms`]) whose name is exactly `typed`, else the
    /// one holding the canonical form. So both sides of a clash keep logging in: the younger by
    /// its exact name, the older by every form. Stand-ins of deleted accounts never match.
    #[tracing::instrument(skip(self))]
    pub fn account_for_login(
        &self,
        canonical: &str,
        typed: &str,
    ) -> Result<Option<AccountRecord>, Error> {
        let mut conn = self.conn()?;
        let clashed = accounts::table
            .filter(accounts::canonical_username.is_null())
            .filter(accounts::username.eq(typed))
            .filter(accounts::deleted.eq(false))
            .select(accounts::all_columns)
            .first::<AccountRow>(&mut conn)
            .optional()
            .db()?;
        let found = match clashed {
            Some(row) => Some(row),
            None => accounts::table
                .filter(accounts::canonical_username.eq(canonical))
                .filter(accounts::deleted.eq(false))
                .select(accounts::all_columns)
                .first::<AccountRow>(&mut conn)
                .optional()
                .db()?,
        };
        found.map(AccountRow::into_record).transpose()
    }

    /// A live account (never a deleted account's stand-in).
    #[tracing::instrument(skip(self))]
    pub fn account(&self, id: Uuid) -> Result<Option<AccountRecord>, Error> {
        accounts::table
            .find(id.to_string())
            .filter(accounts::deleted.eq(false))
            .select(accounts::all_columns)
            .first::<AccountRow>(&mut self.conn()?)
            .optional()
            .db()?
            .map(AccountRow::into_record)
            .transpose()
    }

    /// Live accounts without a canonical form or skeleton, oldest first (the older account of
    /// a clash keeps the claim).
    #[tracing::instrument(skip(self))]
    pub fn unfilled_usernames(&self) -> Result<Vec<UnfilledUsername>, Error> {
        accounts::table
            .filter(
                accounts::canonical_username
                    .is_null()
                    .or(accounts::username_skeleton.is_null()),
            )
            .filter(accounts::deleted.eq(false))
            .order((accounts::created_at.asc(), accounts::id.asc()))
            .select((accounts::id, accounts::username, accounts::created_at))
            .load::<(String, String, i64)>(&mut self.conn()?)
            .db()?
            .into_iter()
            .map(|(id, username, created_at)| {
                Ok(UnfilledUsername {
                    id: parse_uuid(&id, "account id")?,
                    username,
                    created_at,
                })
            })
            .collect()
    }

    /// Stores each form of `id`'s username that no other account holds; returns whether the
    /// canonical form and the skeleton were stored (`false`: another account holds it).
    #[tracing::instrument(skip(self))]
    pub fn fill_username_forms(
        &self,
        id: Uuid,
        forms: &UsernameForms,
    ) -> Result<(bool, bool), Error> {
        let id = id.to_string();
        // One statement each, outside a transaction: a unique violation aborts a PostgreSQL
        // transaction, and here it is an answer, not a failure.
        let _turn = self.writer_turn();
        let mut conn = self.conn()?;
        let canonical = diesel::update(accounts::table.find(&id))
            .set(accounts::canonical_username.eq(Some(&forms.canonical)))
            .execute(&mut *conn);
        let skeleton = diesel::update(accounts::table.find(&id))
            .set(accounts::username_skeleton.eq(Some(&forms.skeleton)))
            .execute(&mut *conn);
        let stored = |result: QueryResult<usize>| match result.unique_as("clash") {
            Ok(_) => Ok(true),
            Err(Error::Conflict(_)) => Ok(false),
            Err(error) => Err(error),
        };
        Ok((stored(canonical)?, stored(skeleton)?))
    }
}

/// Inside a write transaction: stores a new account.
pub(crate) fn insert(conn: &mut AnyConnection, account: &NewAccount) -> Result<(), Error> {
    let row = AccountRow {
        id: account.id.to_string(),
        username: account.username.clone(),
        password_hash: account.password_hash.clone(),
        created_at: account.created_at,
        canonical_username: Some(account.forms.canonical.clone()),
        username_skeleton: Some(account.forms.skeleton.clone()),
        deleted: false,
    };
    diesel::insert_into(accounts::table)
        .values(&row)
        .execute(conn)
        .unique_as("username_unavailable")
        .map(drop)
}
