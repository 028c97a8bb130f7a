//! Seats played by the server's bots.

use std::collections::HashMap;

use diesel::prelude::*;
use domain::Seat;
use uuid::Uuid;

use crate::connection::AnyConnection;
use crate::error::{OrDb, corrupt};
use crate::games::load_game;
use crate::schema::{bot_seats, games, seats};
use crate::seats::claim_open_game;
use crate::{BotSeat, Database, Error, GameRecord};

#[derive(Insertable)]
#[diesel(table_name = bot_seats)]
pub(crate) struct BotSeatRow {
    pub game_id: String,
    pub seat: i32,
    pub level: String,
}

impl Database {
    /// Gives `seat` (or the lowest free seat) of an open game to a bot of `level`.
    /// `Conflict` with `not_open`, `seat_taken` or `game_full`; `NotFound` if gone.
    #[tracing::instrument(skip(self))]
    pub fn add_bot(
        &self,
        id: Uuid,
        seat: Option<Seat>,
        level: &str,
        now: i64,
    ) -> Result<GameRecord, Error> {
        self.write(|conn| {
            claim_open_game(conn, id, now)?;
            let game_id = id.to_string();
            let players: i32 = games::table
                .find(&game_id)
                .select(games::players)
                .first(conn)
                .db()?;
            let taken = taken_seats(conn, &game_id)?;
            let seat = match seat {
                Some(seat) if taken.contains(&i32::from(seat.0)) => {
                    return Err(Error::Conflict("seat_taken"));
                }
                Some(seat) if i32::from(seat.0) >= players => {
                    return Err(Error::Conflict("no_such_seat"));
                }
                Some(seat) => i32::from(seat.0),
                None => (0..players)
                    .find(|seat| !taken.contains(seat))
                    .ok_or(Error::Conflict("game_full"))?,
            };
            diesel::insert_into(bot_seats::table)
                .values(&BotSeatRow {
                    game_id,
                    seat,
                    level: level.to_owned(),
                })
                .execute(conn)
                .unique_as("seat_taken")?;
            load_game(conn, id)
        })
    }
}

/// Every seat number taken, by a person or a bot.
pub(crate) fn taken_seats(conn: &mut AnyConnection, game_id: &str) -> Result<Vec<i32>, Error> {
    let mut taken: Vec<i32> = seats::table
        .filter(seats::game_id.eq(game_id))
        .select(seats::seat)
        .load(conn)
        .db()?;
    taken.extend(
        bot_seats::table
            .filter(bot_seats::game_id.eq(game_id))
            .select(bot_seats::seat)
            .load::<i32>(conn)
            .db()?,
    );
    Ok(taken)
}

/// The bot seats of these games, each list in seat order.
pub(crate) fn bots_of(
    conn: &mut AnyConnection,
    game_ids: &[String],
) -> Result<HashMap<String, Vec<BotSeat>>, Error> {
    let rows = bot_seats::table
        .filter(bot_seats::game_id.eq_any(game_ids))
        .order((bot_seats::game_id.asc(), bot_seats::seat.asc()))
        .select((bot_seats::game_id, bot_seats::seat, bot_seats::level))
        .load::<(String, i32, String)>(conn)
        .db()?;
    let mut by_game: HashMap<String, Vec<BotSeat>> = HashMap::new();
    for (game_id, seat, level) in rows {
        let seat = Seat(u8::try_from(seat).map_err(|_| corrupt("bot seat"))?);
        by_game
            .entry(game_id)
            .or_default()
            .push(BotSeat { seat, level });
    }
    Ok(by_game)
}
