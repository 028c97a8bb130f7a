//! Invitations: a game's invite code (anyone holding it may take a free seat) and seats
//! reserved for named accounts (nobody else may take them until the invitation is accepted,
//! declined or expires).

use diesel::prelude::*;
use domain::{GameKind, Seat};
use uuid::Uuid;

use crate::connection::AnyConnection;
use crate::error::{OrDb, corrupt};
use crate::games::game_exists;
use crate::models::{parse_kind, parse_uuid};
use crate::schema::{accounts, games, invitations};
use crate::{Database, Error, NewGame, NewInvitation};

#[derive(Insertable)]
#[diesel(table_name = invitations)]
struct InvitationRow {
    game_id: String,
    seat: i32,
    account_id: String,
    invited_by: String,
    created_at: i64,
    expires_at: i64,
}

/// An invitation as its invitee is told of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invitation {
    pub game_id: Uuid,
    pub kind: GameKind,
    pub seat: Seat,
    pub invited_by: Uuid,
    pub invited_by_username: String,
    pub expires_at: i64,
}

/// Inside the transaction that creates `game`: reserves its invitees' seats.
pub(crate) fn reserve(conn: &mut AnyConnection, game: &NewGame) -> Result<(), Error> {
    for invitation in &game.invitations {
        diesel::insert_into(invitations::table)
            .values(&InvitationRow {
                game_id: game.id.to_string(),
                seat: i32::from(invitation.seat.0),
                account_id: invitation.account_id.to_string(),
                invited_by: game.created_by.to_string(),
                created_at: game.created_at,
                expires_at: invitation.expires_at,
            })
            .execute(conn)
            .unique_as("seat_taken")?;
    }
    Ok(())
}

/// The seats of `game_id` reserved at `now` (invitations not yet expired), with their invitees.
pub(crate) fn reserved_seats(
    conn: &mut AnyConnection,
    game_id: &str,
    now: i64,
) -> Result<Vec<(i32, String)>, Error> {
    invitations::table
        .filter(invitations::game_id.eq(game_id))
        .filter(invitations::expires_at.gt(now))
        .select((invitations::seat, invitations::account_id))
        .load(conn)
        .db()
}

/// Inside a join, under the game's row lock: the seat `account_id` takes, the one its
/// invitation reserves or else the lowest free one nobody else's reserves. A used invitation is
/// deleted.
pub(crate) fn seat_for(
    conn: &mut AnyConnection,
    game_id: &str,
    account_id: &str,
    players: i32,
    occupied: &[i32],
    now: i64,
) -> Result<i32, Error> {
    let reserved = reserved_seats(conn, game_id, now)?;
    let own = reserved
        .iter()
        .find(|(seat, invitee)| invitee == account_id && !occupied.contains(seat))
        .map(|(seat, _)| *seat);
    forget(conn, game_id, account_id)?;
    if let Some(seat) = own {
        return Ok(seat);
    }
    let free: Vec<i32> = (0..players)
        .filter(|seat| !occupied.contains(seat))
        .collect();
    free.iter()
        .copied()
        .find(|seat| !reserved.iter().any(|(held, _)| held == seat))
        .ok_or(if free.is_empty() {
            Error::Conflict("game_full")
        } else {
            Error::Conflict("seat_reserved")
        })
}

/// The invitations of an open game, in seat order.
pub(crate) fn reservations(
    conn: &mut AnyConnection,
    game_id: &str,
) -> Result<Vec<NewInvitation>, Error> {
    invitations::table
        .filter(invitations::game_id.eq(game_id))
        .order(invitations::seat.asc())
        .select((
            invitations::seat,
            invitations::account_id,
            invitations::expires_at,
        ))
        .load::<(i32, String, i64)>(conn)
        .db()?
        .into_iter()
        .map(|(seat, account, expires_at)| {
            Ok(NewInvitation {
                seat: Seat(u8::try_from(seat).map_err(|_| corrupt("seat"))?),
                account_id: parse_uuid(&account, "invitee id")?,
                expires_at,
            })
        })
        .collect()
}

/// Inside a join: the invitation of `account_id` is used up (or was not there).
pub(crate) fn forget(
    conn: &mut AnyConnection,
    game_id: &str,
    account_id: &str,
) -> Result<(), Error> {
    diesel::delete(
        invitations::table
            .filter(invitations::game_id.eq(game_id))
            .filter(invitations::account_id.eq(account_id)),
    )
    .execute(conn)
    .db()
    .map(drop)
}

impl Database {
    /// The game whose invite code is `code`, or `NotFound`.
    #[tracing::instrument(skip_all)]
    pub fn game_by_invite_code(&self, code: &str) -> Result<Uuid, Error> {
        let id = games::table
            .filter(games::invite_code.eq(code))
            .select(games::id)
            .get_result::<String>(&mut *self.conn()?)
            .optional()
            .db()?
            .ok_or(Error::NotFound)?;
        parse_uuid(&id, "game id")
    }

    /// The game's invite code (`None` once revoked), or `NotFound`.
    #[tracing::instrument(skip(self))]
    pub fn invite_code(&self, id: Uuid) -> Result<Option<String>, Error> {
        games::table
            .find(id.to_string())
            .select(games::invite_code)
            .get_result::<Option<String>>(&mut *self.conn()?)
            .optional()
            .db()?
            .ok_or(Error::NotFound)
    }

    /// Replaces the game's invite code with `code` (`None` revokes it); the old one stops
    /// working at once. `NotFound` if there is no such game.
    #[tracing::instrument(skip(self, code))]
    pub fn set_invite_code(&self, id: Uuid, code: Option<&str>) -> Result<(), Error> {
        let game_id = id.to_string();
        self.write(|conn| {
            let updated = diesel::update(games::table.find(&game_id))
                .set(games::invite_code.eq(code))
                .execute(conn)
                .unique_as("invite_code_taken")?;
            if updated == 0 {
                return Err(Error::NotFound);
            }
            Ok(())
        })
    }

    /// `account`'s invitation to `id`, expired or not.
    #[tracing::instrument(skip(self))]
    pub fn invitation(&self, id: Uuid, account: Uuid) -> Result<Option<Invitation>, Error> {
        let rows = invitations_where(&mut *self.conn()?, Some(id), account)?;
        Ok(rows.into_iter().next())
    }

    /// `account`'s pending invitations (not expired at `now`) to games still open.
    #[tracing::instrument(skip(self))]
    pub fn invitations_of(&self, account: Uuid, now: i64) -> Result<Vec<Invitation>, Error> {
        let rows = invitations_where(&mut *self.conn()?, None, account)?;
        Ok(rows
            .into_iter()
            .filter(|invitation| invitation.expires_at > now)
            .collect())
    }

    /// Declines `account`'s invitation to `id`: its seat is free again.
    /// `Conflict("not_invited")` without one, `NotFound` without the game.
    #[tracing::instrument(skip(self))]
    pub fn decline_invitation(&self, id: Uuid, account: Uuid) -> Result<(), Error> {
        let game_id = id.to_string();
        self.write(|conn| {
            let deleted = diesel::delete(
                invitations::table
                    .filter(invitations::game_id.eq(&game_id))
                    .filter(invitations::account_id.eq(account.to_string())),
            )
            .execute(conn)
            .db()?;
            match (deleted, game_exists(conn, &game_id)?) {
                (_, false) => Err(Error::NotFound),
                (0, true) => Err(Error::Conflict("not_invited")),
                _ => Ok(()),
            }
        })
    }
}

type InvitationJoined = (String, i32, String, String, i64, String, String);

fn invitations_where(
    conn: &mut AnyConnection,
    game: Option<Uuid>,
    account: Uuid,
) -> Result<Vec<Invitation>, Error> {
    let mut query = invitations::table
        .inner_join(games::table)
        .inner_join(accounts::table.on(accounts::id.eq(invitations::invited_by)))
        .filter(invitations::account_id.eq(account.to_string()))
        .filter(games::status.eq(crate::GameStatus::Open.as_str()))
        .select((
            invitations::game_id,
            invitations::seat,
            invitations::invited_by,
            accounts::username,
            invitations::expires_at,
            games::kind,
            games::id,
        ))
        .order(invitations::created_at.asc())
        .into_boxed();
    if let Some(game) = game {
        query = query.filter(invitations::game_id.eq(game.to_string()));
    }
    query
        .load::<InvitationJoined>(conn)
        .db()?
        .into_iter()
        .map(
            |(game_id, seat, invited_by, username, expires_at, kind, _)| {
                Ok(Invitation {
                    game_id: parse_uuid(&game_id, "game id")?,
                    kind: parse_kind(&kind)?,
                    seat: Seat(u8::try_from(seat).map_err(|_| corrupt("seat"))?),
                    invited_by: parse_uuid(&invited_by, "inviter id")?,
                    invited_by_username: username,
                    expires_at,
                })
            },
        )
        .collect()
}
