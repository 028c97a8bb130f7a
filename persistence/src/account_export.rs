//! What is stored about one account, for its export: the rows that name it, never a secret.

use diesel::prelude::*;
use domain::Seat;
use uuid::Uuid;

use crate::error::{OrDb, corrupt};
use crate::models::parse_uuid;
use crate::schema::{seats, stream_tickets};
use crate::{Database, Error};

/// A stream ticket as its owner may see it: which stream, until when (its hash stays inside).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExportedTicket {
    pub scope: String,
    pub expires_at: i64,
}

/// A game the account holds a seat in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExportedGame {
    pub game: Uuid,
    pub seat: Seat,
    pub joined_at: i64,
}

impl Database {
    /// The account's unexpired stream tickets, soonest to expire first.
    #[tracing::instrument(skip(self))]
    pub fn tickets_of(&self, account: Uuid, now: i64) -> Result<Vec<ExportedTicket>, Error> {
        stream_tickets::table
            .filter(stream_tickets::account_id.eq(account.to_string()))
            .filter(stream_tickets::expires_at.gt(now))
            .order((
                stream_tickets::expires_at.asc(),
                stream_tickets::scope.asc(),
            ))
            .select((stream_tickets::scope, stream_tickets::expires_at))
            .load::<(String, i64)>(&mut self.conn()?)
            .db()
            .map(|rows| {
                rows.into_iter()
                    .map(|(scope, expires_at)| ExportedTicket { scope, expires_at })
                    .collect()
            })
    }

    /// Every seat the account holds, oldest first.
    #[tracing::instrument(skip(self))]
    pub fn seats_of_account(&self, account: Uuid) -> Result<Vec<ExportedGame>, Error> {
        seats::table
            .filter(seats::account_id.eq(account.to_string()))
            .order((seats::joined_at.asc(), seats::game_id.asc()))
            .select((seats::game_id, seats::seat, seats::joined_at))
            .load::<(String, i32, i64)>(&mut self.conn()?)
            .db()?
            .into_iter()
            .map(|(game, seat, joined_at)| {
                Ok(ExportedGame {
                    game: parse_uuid(&game, "game id")?,
                    seat: Seat(u8::try_from(seat).map_err(|_| corrupt("seat"))?),
                    joined_at,
                })
            })
            .collect()
    }
}
