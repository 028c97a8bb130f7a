use diesel::prelude::*;
use uuid::Uuid;

use crate::error::OrDb;
use crate::models::AccountRow;
use crate::schema::accounts;
use crate::{AccountRecord, Database, Error, NewAccount};

impl Database {
    /// Fails with `Conflict("username_taken")` when the username is in use.
    #[tracing::instrument(skip(self, account), fields(account_id = %account.id))]
    pub fn create_account(&self, account: &NewAccount) -> Result<(), Error> {
        let row = AccountRow {
            id: account.id.to_string(),
            username: account.username.clone(),
            password_hash: account.password_hash.clone(),
            created_at: account.created_at,
        };
        self.write(|conn| {
            diesel::insert_into(accounts::table)
                .values(&row)
                .execute(conn)
                .unique_as("username_taken")
                .map(drop)
        })
    }

    #[tracing::instrument(skip(self))]
    pub fn account_by_username(&self, username: &str) -> Result<Option<AccountRecord>, Error> {
        accounts::table
            .filter(accounts::username.eq(username))
            .select(accounts::all_columns)
            .first::<AccountRow>(&mut self.conn()?)
            .optional()
            .db()?
            .map(AccountRow::into_record)
            .transpose()
    }

    #[tracing::instrument(skip(self))]
    pub fn account(&self, id: Uuid) -> Result<Option<AccountRecord>, Error> {
        accounts::table
            .find(id.to_string())
            .select(accounts::all_columns)
            .first::<AccountRow>(&mut self.conn()?)
            .optional()
            .db()?
            .map(AccountRow::into_record)
            .transpose()
    }
}
