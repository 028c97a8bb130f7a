//! Stream tickets: what lets a browser's `EventSource` open one event stream, since it cannot
//! send an `Authorization` header. A ticket is reusable until it expires, so the browser's own
//! reconnects (after a restart, a slow-reader cut, a proxy timeout) keep working; it opens only
//! the stream it names, and it never outlives the access token that asked for it.
//!
//! Only the ticket's SHA-256 is stored. Each row keeps its `account_id`: ending every session of
//! an account voids its tickets with [`Database::revoke_stream_tickets`].

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
    /// The session that asked for it (none for tickets stored before sessions): ending that
    /// session voids the ticket.
    pub session: Option<Uuid>,
    /// The personal access token that asked for it, if one did: revoking the token voids it.
    pub personal_token: Option<Uuid>,
}

#[derive(Insertable, Queryable)]
#[diesel(table_name = stream_tickets)]
struct TicketRow {
    hash: String,
    account_id: String,
    scope: String,
    expires_at: i64,
    session_id: Option<String>,
    personal_token_id: Option<String>,
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
            session_id: ticket.session.map(|id| id.to_string()),
            personal_token_id: ticket.personal_token.map(|id| id.to_string()),
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

    /// The ticket with this hash if it has not expired, from this process or any other sharing
    /// the database; `NotFound` otherwise. It stays valid: a ticket is used again by every
    /// reconnect of the stream it opens.
    #[tracing::instrument(skip(self, hash))]
    pub fn stream_ticket(&self, hash: &str, now: i64) -> Result<StreamTicket, Error> {
        let row = stream_tickets::table
            .find(hash)
            .filter(stream_tickets::expires_at.gt(now))
            .select((
                stream_tickets::hash,
                stream_tickets::account_id,
                stream_tickets::scope,
                stream_tickets::expires_at,
                stream_tickets::session_id,
                stream_tickets::personal_token_id,
            ))
            .first::<TicketRow>(&mut *self.conn()?)
            .db()?;
        Ok(StreamTicket {
            account: parse_uuid(&row.account_id, "ticket account id")?,
            hash: row.hash,
            scope: row.scope,
            expires_at: row.expires_at,
            session: row
                .session_id
                .as_deref()
                .map(|id| parse_uuid(id, "ticket session id"))
                .transpose()?,
            personal_token: row
                .personal_token_id
                .as_deref()
                .map(|id| parse_uuid(id, "ticket personal token id"))
                .transpose()?,
        })
    }

    /// Voids every ticket of `account` (for ending all of its sessions); returns how many.
    #[tracing::instrument(skip(self))]
    pub fn revoke_stream_tickets(&self, account: Uuid) -> Result<usize, Error> {
        self.write(|conn| {
            diesel::delete(
                stream_tickets::table.filter(stream_tickets::account_id.eq(account.to_string())),
            )
            .execute(conn)
            .db()
        })
    }
}
