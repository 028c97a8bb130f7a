//! Work that several server processes share out through the database: which process plays a
//! bot seat (a lease that its holder renews and a dead holder loses), and which process expires
//! a due game (a claim taken with `FOR UPDATE SKIP LOCKED`, so concurrent ticks never wait on
//! each other nor take the same game).
//!
//! Lease and claim times are milliseconds since the Unix epoch by the caller's system clock,
//! not the game clock: they measure how long a process may have died, which the game clock
//! (that tests move at will) does not.

use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text};
use domain::Seat;
use uuid::Uuid;

use crate::connection::AnyConnection;
use crate::error::{OrDb, corrupt};
use crate::games::SET_ASIDE_RETRY_SECS;
use crate::models::parse_uuid;
use crate::schema::{bot_seats, due_claims, games, webhook_deliveries};
use crate::{Database, Error, GameStatus};

/// A bot seat of an active game that no live process plays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnplayedBotSeat {
    pub game: Uuid,
    pub seat: Seat,
    pub level: String,
}

impl Database {
    /// Takes or renews the lease on a bot seat for `holder` until `until`: it succeeds when the
    /// seat is free, already `holder`'s, or its lease ran out before `now`. `false` when another
    /// process holds it (or the seat is gone).
    #[tracing::instrument(skip(self))]
    pub fn lease_bot_seat(
        &self,
        game: Uuid,
        seat: Seat,
        holder: &str,
        now: i64,
        until: i64,
    ) -> Result<bool, Error> {
        self.write(|conn| {
            let updated = diesel::update(
                bot_seats::table
                    .filter(bot_seats::game_id.eq(game.to_string()))
                    .filter(bot_seats::seat.eq(i32::from(seat.0)))
                    .filter(
                        bot_seats::lease_holder
                            .is_null()
                            .or(bot_seats::lease_holder.eq(holder))
                            .or(bot_seats::lease_until.lt(now)),
                    ),
            )
            .set((
                bot_seats::lease_holder.eq(Some(holder)),
                bot_seats::lease_until.eq(Some(until)),
            ))
            .execute(conn)
            .db()?;
            Ok(updated == 1)
        })
    }

    /// Gives up `holder`'s lease on a bot seat (a game over, a process stopping).
    #[tracing::instrument(skip(self))]
    pub fn release_bot_seat(&self, game: Uuid, seat: Seat, holder: &str) -> Result<(), Error> {
        self.write(|conn| {
            diesel::update(
                bot_seats::table
                    .filter(bot_seats::game_id.eq(game.to_string()))
                    .filter(bot_seats::seat.eq(i32::from(seat.0)))
                    .filter(bot_seats::lease_holder.eq(holder)),
            )
            .set((
                bot_seats::lease_holder.eq(None::<String>),
                bot_seats::lease_until.eq(None::<i64>),
            ))
            .execute(conn)
            .db()
            .map(drop)
        })
    }

    /// Takes back what earlier lives of this process held: every bot seat and webhook delivery
    /// leased by a holder whose name starts with `lineage` but is not `holder`. The caller
    /// vouches that no other live process bears that lineage (it listens on the address the
    /// lineage names), so these leases are a dead process's and need not run out first: a
    /// restarted server plays its bots and sends its claimed deliveries again at once. Returns
    /// how many seats and deliveries were freed.
    #[tracing::instrument(skip(self))]
    pub fn take_back_leases(&self, lineage: &str, holder: &str) -> Result<(usize, usize), Error> {
        let pattern = format!("{}%", like_literal(lineage));
        self.write(|conn| {
            let seats = diesel::update(
                bot_seats::table
                    .filter(bot_seats::lease_holder.like(&pattern).escape('\\'))
                    .filter(bot_seats::lease_holder.ne(holder)),
            )
            .set((
                bot_seats::lease_holder.eq(None::<String>),
                bot_seats::lease_until.eq(None::<i64>),
            ))
            .execute(conn)
            .db()?;
            let deliveries = diesel::update(
                webhook_deliveries::table
                    .filter(webhook_deliveries::status.eq(crate::outbox::PENDING))
                    .filter(webhook_deliveries::lease_holder.like(&pattern).escape('\\'))
                    .filter(webhook_deliveries::lease_holder.ne(holder)),
            )
            .set((
                webhook_deliveries::lease_holder.eq(None::<String>),
                webhook_deliveries::lease_until.eq(None::<i64>),
            ))
            .execute(conn)
            .db()?;
            Ok((seats, deliveries))
        })
    }

    /// Who holds each bot seat's lease of a game, in seat order (for tests and operators).
    #[tracing::instrument(skip(self))]
    pub fn bot_seat_holders(&self, game: Uuid) -> Result<Vec<(Seat, Option<String>)>, Error> {
        bot_seats::table
            .filter(bot_seats::game_id.eq(game.to_string()))
            .order(bot_seats::seat.asc())
            .select((bot_seats::seat, bot_seats::lease_holder))
            .load::<(i32, Option<String>)>(&mut self.conn()?)
            .db()?
            .into_iter()
            .map(|(seat, holder)| Ok((seat_of(seat)?, holder)))
            .collect()
    }

    /// The bot seats of active games that nobody plays: no lease, or a lease run out before
    /// `now` (a seat whose task ended without giving its lease up comes back this way too).
    /// Seats a live process holds, the caller's own included, are left out, so that however
    /// many seats are played, the `limit` finds the unplayed ones.
    #[tracing::instrument(skip(self))]
    pub fn unplayed_bot_seats(&self, now: i64, limit: i64) -> Result<Vec<UnplayedBotSeat>, Error> {
        bot_seats::table
            .inner_join(games::table)
            .filter(games::status.eq(GameStatus::Active.as_str()))
            .filter(
                bot_seats::lease_holder
                    .is_null()
                    .or(bot_seats::lease_until.lt(now)),
            )
            .order((bot_seats::game_id.asc(), bot_seats::seat.asc()))
            .limit(limit.max(0))
            .select((bot_seats::game_id, bot_seats::seat, bot_seats::level))
            .load::<(String, i32, String)>(&mut self.conn()?)
            .db()?
            .into_iter()
            .map(|(game, seat, level)| {
                Ok(UnplayedBotSeat {
                    game: parse_uuid(&game, "game id")?,
                    seat: seat_of(seat)?,
                    level,
                })
            })
            .collect()
    }

    /// Claims up to `limit` games whose deadline has passed at `now` (game clock, seconds) for
    /// the caller until `until` (milliseconds): games another process claimed and whose claim
    /// has not run out before `now_ms` are passed over, and on PostgreSQL so are games another
    /// claim is taking at this moment (`SKIP LOCKED`). A game set aside within the last hour is
    /// left out. Earliest deadline first. Claims that ran out are dropped on the way.
    #[tracing::instrument(skip(self))]
    pub fn claim_due_games(
        &self,
        now: i64,
        now_ms: i64,
        until: i64,
        limit: i64,
    ) -> Result<Vec<Uuid>, Error> {
        let rows = self.write(|conn| {
            diesel::delete(due_claims::table.filter(due_claims::claimed_until.lt(now_ms)))
                .execute(conn)
                .db()?;
            let query = match conn {
                AnyConnection::Postgresql(_) => CLAIM_POSTGRES,
                AnyConnection::Sqlite(_) => CLAIM_SQLITE,
            };
            diesel::sql_query(query)
                .bind::<BigInt, _>(now)
                .bind::<BigInt, _>(now - SET_ASIDE_RETRY_SECS)
                .bind::<BigInt, _>(now_ms)
                .bind::<BigInt, _>(limit.max(0))
                .bind::<BigInt, _>(until)
                .load::<ClaimedRow>(conn)
                .db()
        })?;
        let mut claimed = rows
            .into_iter()
            .map(|row| Ok((row.deadline_at, parse_uuid(&row.game_id, "game id")?)))
            .collect::<Result<Vec<_>, Error>>()?;
        claimed.sort_unstable();
        Ok(claimed.into_iter().map(|(_, id)| id).collect())
    }
}

impl Database {
    /// Gives up the claims on `ids` once their pass is done with them: a game whose next
    /// deadline passes soon must not wait for its claim to run out.
    #[tracing::instrument(skip_all, fields(games = ids.len()))]
    pub fn release_due_games(&self, ids: &[Uuid]) -> Result<(), Error> {
        if ids.is_empty() {
            return Ok(());
        }
        let keys: Vec<String> = ids.iter().map(Uuid::to_string).collect();
        self.write(|conn| {
            diesel::delete(due_claims::table.filter(due_claims::game_id.eq_any(&keys)))
                .execute(conn)
                .db()
                .map(drop)
        })
    }
}

/// The due games not claimed by another live tick, locked as they are read (skipping those a
/// concurrent claim holds), and the claims written for them, in one statement.
const CLAIM_POSTGRES: &str = "\
WITH due AS (
    SELECT g.id, g.deadline_at FROM games g
    LEFT JOIN due_claims c ON c.game_id = g.id
    WHERE g.status = 'active' AND g.deadline_at <= $1
      AND (g.set_aside_at IS NULL OR g.set_aside_at <= $2)
      AND (c.claimed_until IS NULL OR c.claimed_until < $3)
    ORDER BY g.deadline_at, g.id
    LIMIT $4
    FOR UPDATE OF g SKIP LOCKED
), claimed AS (
    INSERT INTO due_claims (game_id, claimed_until)
    SELECT id, $5 FROM due
    ON CONFLICT (game_id) DO UPDATE SET claimed_until = EXCLUDED.claimed_until
    RETURNING game_id
)
SELECT claimed.game_id, due.deadline_at FROM claimed JOIN due ON due.id = claimed.game_id";

/// SQLite serves one process, and its write transaction already excludes every other writer.
const CLAIM_SQLITE: &str = "\
INSERT INTO due_claims (game_id, claimed_until)
SELECT g.id, ?5 FROM games g
LEFT JOIN due_claims c ON c.game_id = g.id
WHERE g.status = 'active' AND g.deadline_at <= ?1
  AND (g.set_aside_at IS NULL OR g.set_aside_at <= ?2)
  AND (c.claimed_until IS NULL OR c.claimed_until < ?3)
ORDER BY g.deadline_at, g.id
LIMIT ?4
ON CONFLICT (game_id) DO UPDATE SET claimed_until = excluded.claimed_until
RETURNING game_id, (SELECT deadline_at FROM games WHERE games.id = due_claims.game_id) AS deadline_at";

#[derive(QueryableByName)]
struct ClaimedRow {
    #[diesel(sql_type = Text)]
    game_id: String,
    #[diesel(sql_type = BigInt)]
    deadline_at: i64,
}

fn seat_of(seat: i32) -> Result<Seat, Error> {
    u8::try_from(seat)
        .map(Seat)
        .map_err(|_| corrupt("bot seat"))
}

/// `text` as a `LIKE` pattern that matches only itself (escape character: backslash).
fn like_literal(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for character in text.chars() {
        if matches!(character, '\\' | '%' | '_') {
            escaped.push('\\');
        }
        escaped.push(character);
    }
    escaped
}
