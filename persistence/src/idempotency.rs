//! Responses kept under `Idempotency-Key`s: written in the transaction of the effect they
//! answer, so a key is stored if and only if its request took effect.

use diesel::prelude::*;
use uuid::Uuid;

use crate::connection::AnyConnection;
use crate::error::OrDb;
use crate::games::load_game;
use crate::schema::idempotency_keys;
use crate::{Database, Error, GameRecord};

/// A response as it was sent: replayed byte for byte to a retry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredResponse {
    pub status: u16,
    pub body: String,
}

/// A key found in the store.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IdempotencyRecord {
    pub fingerprint: String,
    pub response: StoredResponse,
    pub created_at: i64,
}

/// What a write keeps under a key. `respond` renders the response from the game as the write
/// leaves it, inside the write's transaction.
pub struct NewIdempotencyKey<'a> {
    pub account: Uuid,
    pub key: &'a str,
    pub fingerprint: &'a str,
    pub now: i64,
    pub respond: &'a dyn Fn(&GameRecord) -> StoredResponse,
}

#[derive(Insertable)]
#[diesel(table_name = idempotency_keys)]
struct KeyRow<'a> {
    account_id: String,
    idempotency_key: &'a str,
    fingerprint: &'a str,
    status: i32,
    response: String,
    created_at: i64,
}

impl Database {
    /// The response kept under `account`'s `key`, if any.
    #[tracing::instrument(skip(self, key))]
    pub fn idempotency_record(
        &self,
        account: Uuid,
        key: &str,
    ) -> Result<Option<IdempotencyRecord>, Error> {
        idempotency_keys::table
            .find((account.to_string(), key))
            .select((
                idempotency_keys::fingerprint,
                idempotency_keys::status,
                idempotency_keys::response,
                idempotency_keys::created_at,
            ))
            .first::<(String, i32, String, i64)>(&mut self.conn()?)
            .optional()
            .db()?
            .map(|(fingerprint, status, body, created_at)| {
                Ok(IdempotencyRecord {
                    fingerprint,
                    response: StoredResponse {
                        status: u16::try_from(status)
                            .map_err(|_| crate::error::corrupt("response status"))?,
                        body,
                    },
                    created_at,
                })
            })
            .transpose()
    }

    /// Deletes the keys stored before `before`; returns how many.
    #[tracing::instrument(skip(self))]
    pub fn purge_idempotency_keys(&self, before: i64) -> Result<usize, Error> {
        self.write(|conn| {
            diesel::delete(idempotency_keys::table.filter(idempotency_keys::created_at.lt(before)))
                .execute(conn)
                .db()
        })
    }
}

/// Inside a write transaction: renders the response from the game `id` as written so far and
/// keeps it under the key. A key already used fails with `Conflict("idempotency_key_used")`,
/// which rolls the whole write back.
pub(crate) fn store_key(
    conn: &mut AnyConnection,
    id: Uuid,
    key: &NewIdempotencyKey,
) -> Result<(), Error> {
    let game = load_game(conn, id)?;
    let response = (key.respond)(&game);
    diesel::insert_into(idempotency_keys::table)
        .values(&KeyRow {
            account_id: key.account.to_string(),
            idempotency_key: key.key,
            fingerprint: key.fingerprint,
            status: i32::from(response.status),
            response: response.body,
            created_at: key.now,
        })
        .execute(conn)
        .unique_as("idempotency_key_used")
        .map(drop)
}
