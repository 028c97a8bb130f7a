//! Personal access tokens: long-lived credentials an account makes for its integrations, each
//! limited to the scopes it was given. Only a token's SHA-256 is stored; the token itself is
//! shown once, when it is made. Scopes are stored as the space-separated names the api crate
//! gives them: this crate does not interpret them.

use diesel::prelude::*;
use uuid::Uuid;

use crate::error::OrDb;
use crate::models::parse_uuid;
use crate::schema::{personal_tokens, stream_tickets};
use crate::{Database, Error};

/// A stored token, without its secret.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PersonalTokenRecord {
    pub id: Uuid,
    pub account: Uuid,
    pub name: String,
    /// Space-separated scope names.
    pub scopes: String,
    pub created_at: i64,
    pub expires_at: i64,
    pub last_used_at: Option<i64>,
}

/// A token to store: its record and the SHA-256 (hex) of its secret.
#[derive(Clone, Debug)]
pub struct NewPersonalToken {
    pub record: PersonalTokenRecord,
    pub hash: String,
}

#[derive(Insertable, Queryable)]
#[diesel(table_name = personal_tokens)]
struct TokenRow {
    id: String,
    account_id: String,
    name: String,
    token_hash: String,
    scopes: String,
    created_at: i64,
    expires_at: i64,
    last_used_at: Option<i64>,
}

impl TokenRow {
    fn into_record(self) -> Result<PersonalTokenRecord, Error> {
        Ok(PersonalTokenRecord {
            id: parse_uuid(&self.id, "personal token id")?,
            account: parse_uuid(&self.account_id, "personal token account id")?,
            name: self.name,
            scopes: self.scopes,
            created_at: self.created_at,
            expires_at: self.expires_at,
            last_used_at: self.last_used_at,
        })
    }
}

impl Database {
    /// Stores a token unless its account already holds `most` tokens that have not expired at
    /// `now` (`Conflict("too_many_tokens")`). Expired tokens of the account are deleted first:
    /// they can never be used again.
    #[tracing::instrument(skip(self, token), fields(token_id = %token.record.id))]
    pub fn create_personal_token(
        &self,
        token: &NewPersonalToken,
        most: usize,
        now: i64,
    ) -> Result<(), Error> {
        let record = &token.record;
        let account = record.account.to_string();
        let row = TokenRow {
            id: record.id.to_string(),
            account_id: account.clone(),
            name: record.name.clone(),
            token_hash: token.hash.clone(),
            scopes: record.scopes.clone(),
            created_at: record.created_at,
            expires_at: record.expires_at,
            last_used_at: record.last_used_at,
        };
        self.write(|conn| {
            let of_account = personal_tokens::account_id.eq(&account);
            diesel::delete(
                personal_tokens::table.filter(of_account.and(personal_tokens::expires_at.lt(now))),
            )
            .execute(conn)
            .db()?;
            let held: i64 = personal_tokens::table
                .filter(personal_tokens::account_id.eq(&account))
                .count()
                .get_result(conn)
                .db()?;
            if usize::try_from(held).unwrap_or(usize::MAX) >= most {
                return Err(Error::Conflict("too_many_tokens"));
            }
            diesel::insert_into(personal_tokens::table)
                .values(&row)
                .execute(conn)
                .unique_as("token_exists")
                .map(drop)
        })
    }

    /// The tokens of `account`, oldest first, expired ones included until they are swept.
    #[tracing::instrument(skip(self))]
    pub fn personal_tokens_of(&self, account: Uuid) -> Result<Vec<PersonalTokenRecord>, Error> {
        personal_tokens::table
            .filter(personal_tokens::account_id.eq(account.to_string()))
            .order((personal_tokens::created_at.asc(), personal_tokens::id.asc()))
            .select(personal_tokens::all_columns)
            .load::<TokenRow>(&mut self.conn()?)
            .db()?
            .into_iter()
            .map(TokenRow::into_record)
            .collect()
    }

    /// The token whose secret has this SHA-256 (hex), if one is stored. Whether it has expired
    /// is the caller's to judge.
    #[tracing::instrument(skip(self, hash))]
    pub fn personal_token_by_hash(&self, hash: &str) -> Result<Option<PersonalTokenRecord>, Error> {
        personal_tokens::table
            .filter(personal_tokens::token_hash.eq(hash))
            .select(personal_tokens::all_columns)
            .first::<TokenRow>(&mut self.conn()?)
            .optional()
            .db()?
            .map(TokenRow::into_record)
            .transpose()
    }

    /// Notes that a token was used at `now`, unless a use within `precision` seconds before
    /// is already noted: a token used with every request costs a write a while, not each time.
    #[tracing::instrument(skip(self))]
    pub fn note_personal_token_use(&self, id: Uuid, now: i64, precision: i64) -> Result<(), Error> {
        self.write(|conn| {
            diesel::update(
                personal_tokens::table
                    .filter(personal_tokens::id.eq(id.to_string()))
                    .filter(
                        personal_tokens::last_used_at
                            .is_null()
                            .or(personal_tokens::last_used_at.le(now - precision)),
                    ),
            )
            .set(personal_tokens::last_used_at.eq(now))
            .execute(conn)
            .db()
            .map(drop)
        })
    }

    /// Deletes the token `id` of `account`, and the stream tickets it asked for; `NotFound`
    /// when `account` has no such token.
    #[tracing::instrument(skip(self))]
    pub fn delete_personal_token(&self, account: Uuid, id: Uuid) -> Result<(), Error> {
        self.write(|conn| {
            let deleted = diesel::delete(
                personal_tokens::table
                    .filter(personal_tokens::id.eq(id.to_string()))
                    .filter(personal_tokens::account_id.eq(account.to_string())),
            )
            .execute(conn)
            .db()?;
            if deleted == 0 {
                return Err(Error::NotFound);
            }
            diesel::delete(
                stream_tickets::table
                    .filter(stream_tickets::personal_token_id.eq(Some(id.to_string()))),
            )
            .execute(conn)
            .db()
            .map(drop)
        })
    }

    /// Deletes every token of `account` and the stream tickets they asked for (for deleting
    /// the account); returns how many tokens.
    #[tracing::instrument(skip(self))]
    pub fn delete_personal_tokens_of(&self, account: Uuid) -> Result<usize, Error> {
        self.write(|conn| {
            let account = account.to_string();
            let ids: Vec<String> = personal_tokens::table
                .filter(personal_tokens::account_id.eq(&account))
                .select(personal_tokens::id)
                .load(conn)
                .db()?;
            for id in &ids {
                diesel::delete(
                    stream_tickets::table.filter(stream_tickets::personal_token_id.eq(Some(id))),
                )
                .execute(conn)
                .db()?;
            }
            diesel::delete(personal_tokens::table.filter(personal_tokens::account_id.eq(&account)))
                .execute(conn)
                .db()
        })
    }
}
