//! Short-lived, single-use tickets that open one event stream. Browsers' `EventSource` cannot
//! send an `Authorization` header; a ticket in the URL exposes far less than the access token
//! would: it opens one stream once, within a minute. Only its hash is stored.

use diesel::prelude::*;
use uuid::Uuid;

use crate::error::OrDb;
use crate::models::parse_uuid;
use crate::schema::stream_tickets;
use crate::{Database, Error};

/// A stored ticket: whose it is, which stream it opens, until when.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StreamTicket {
    /// The SHA-256 (hex) of the ticket text the client holds.
    pub hash: String,
    pub account: Uuid,
    /// Which stream it opens, e.g. `game:<id>` or `me`.
    pub scope: String,
    pub expires_at: i64,
}

#[derive(Insertable, Queryable)]
#[diesel(table_name = stream_tickets)]
struct TicketRow {
    hash: String,
    account_id: String,
    scope: String,
    expires_at: i64,
}

impl Database {
    /// Stores a ticket, and forgets the expired ones.
    #[tracing::instrument(skip(self, ticket), fields(scope = %ticket.scope))]
    pub fn store_stream_ticket(&self, ticket: &StreamTicket, now: i64) -> Result<(), Error> {
        let row = TicketRow {
            hash: ticket.hash.clone(),
            account_id: ticket.account.to_string(),
            scope: ticket.scope.clone(),
            expires_at: ticket.expires_at,
        };
        self.write(|conn| {
            diesel::delete(stream_tickets::table.filter(stream_tickets::expires_at.le(now)))
                .execute(conn)
                .db()?;
            diesel::insert_into(stream_tickets::table)
                .values(&row)
                .execute(conn)
                .unique_as("ticket_exists")?;
            Ok(())
        })
    }

    /// Takes the ticket with this hash if it has not expired: it cannot be used again, from this
    /// process or any other sharing the database. `NotFound` otherwise.
    #[tracing::instrument(skip(self, hash))]
    pub fn redeem_stream_ticket(&self, hash: &str, now: i64) -> Result<StreamTicket, Error> {
        self.write(|conn| {
            let row = stream_tickets::table
                .find(hash)
                .select((
                    stream_tickets::hash,
                    stream_tickets::account_id,
                    stream_tickets::scope,
                    stream_tickets::expires_at,
                ))
                .first::<TicketRow>(conn)
                .db()?;
            let deleted = diesel::delete(stream_tickets::table.find(hash))
                .execute(conn)
                .db()?;
            if deleted == 0 || row.expires_at <= now {
                return Err(Error::NotFound);
            }
            Ok(StreamTicket {
                account: parse_uuid(&row.account_id, "ticket account id")?,
                hash: row.hash,
                scope: row.scope,
                expires_at: row.expires_at,
            })
        })
    }
}
