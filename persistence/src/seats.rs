use diesel::prelude::*;
use uuid::Uuid;

use crate::connection::AnyConnection;
use crate::error::OrDb;
use crate::games::{game_exists, load_game};
use crate::idempotency::{NewIdempotencyKey, store_key};
use crate::models::SeatRow;
use crate::play::start_in;
use crate::schema::{games, seats};
use crate::{Database, Error, GameRecord, GameStart, GameStatus};

impl Database {
    /// Seats `account` at the seat reserved for it by an invitation, else at the lowest free
    /// seat nobody's invitation reserves. Fails with `NotFound`, or `Conflict` with
    /// `not_open`, `already_seated`, `seat_reserved` (the free seats are reserved for others)
    /// or `game_full`. When the join takes the last seat and
    /// `start` is given, the game starts in the same transaction; with `key`, the response is
    /// kept under the idempotency key in it too. Returns the game after the join.
    #[tracing::instrument(skip(self, start, key))]
    pub fn join_game(
        &self,
        id: Uuid,
        account: Uuid,
        now: i64,
        start: Option<&GameStart>,
        key: Option<&NewIdempotencyKey>,
    ) -> Result<GameRecord, Error> {
        self.write(|conn| {
            claim_open_game(conn, id, now)?;
            let game_id = id.to_string();
            let account_id = account.to_string();
            let players: i32 = games::table
                .find(&game_id)
                .select(games::players)
                .first(conn)
                .db()?;
            let taken: Vec<(i32, String)> = seats::table
                .filter(seats::game_id.eq(&game_id))
                .order(seats::seat.asc())
                .select((seats::seat, seats::account_id))
                .load(conn)
                .db()?;
            if taken.iter().any(|(_, seated)| *seated == account_id) {
                return Err(Error::Conflict("already_seated"));
            }
            let occupied = crate::bots::taken_seats(conn, &game_id)?;
            let seat =
                crate::invites::seat_for(conn, &game_id, &account_id, players, &occupied, now)?;
            let row = SeatRow {
                game_id,
                seat,
                account_id,
                joined_at: now,
                to_act: false,
                inbox_key: Some(crate::inbox::OPEN_SEAT_KEY),
            };
            // The row lock taken above already serializes joins; the constraints are the backstop.
            diesel::insert_into(seats::table)
                .values(&row)
                .execute(conn)
                .unique_as("seat_taken")?;
            // Bot seats count: the last seat taken beside them fills the game.
            let full =
                i64::try_from(occupied.len()).is_ok_and(|taken| taken + 1 == i64::from(players));
            if let (Some(start), true) = (start, full) {
                start_in(conn, id, start)?;
            }
            if let Some(key) = key {
                store_key(conn, id, key)?;
            }
            load_game(conn, id)
        })
    }
}

/// Touches the game row while it is open, which takes its row lock on PostgreSQL (SQLite holds
/// the database write lock already): concurrent joins of one game then run one after another,
/// and each sees the seats the previous one took.
pub(crate) fn claim_open_game(conn: &mut AnyConnection, id: Uuid, now: i64) -> Result<(), Error> {
    let game_id = id.to_string();
    let updated = diesel::update(
        games::table
            .filter(games::id.eq(&game_id))
            .filter(games::status.eq(GameStatus::Open.as_str())),
    )
    .set(games::updated_at.eq(now))
    .execute(conn)
    .db()?;
    if updated == 1 {
        Ok(())
    } else if game_exists(conn, &game_id)? {
        Err(Error::Conflict("not_open"))
    } else {
        Err(Error::NotFound)
    }
}
